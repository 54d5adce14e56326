//! JSON numbers compared by value (`5` and `5.0` are one number), as JSON Schema compares
//! them: integers exactly, past the `f64` range of exact integers too.

use std::cmp::Ordering;

use serde_json::{Number, Value};

/// The integer `n` holds exactly, if it holds one.
fn exact_int(n: &Number) -> Option<i128> {
    n.as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from))
}

/// 2^127, past every `i128`.
const I128_LIMIT: f64 = 1.7014118346046923e38;

/// `int` compared with the float `f`.
fn int_to_float(int: i128, f: f64) -> Ordering {
    if f.is_nan() {
        return Ordering::Less;
    }
    if f >= I128_LIMIT {
        return Ordering::Less;
    }
    if f < -I128_LIMIT {
        return Ordering::Greater;
    }
    let floor = f.floor();
    #[allow(
        clippy::cast_possible_truncation,
        reason = "within the i128 range, checked above"
    )]
    let whole = floor as i128;
    match int.cmp(&whole) {
        Ordering::Equal if f > floor => Ordering::Less,
        other => other,
    }
}

/// `a` compared with `b` by value.
pub(crate) fn compare(a: &Number, b: &Number) -> Ordering {
    // The common case (an integer sent, an integer bound) without the i128 widening.
    if let (Some(x), Some(y)) = (a.as_i64(), b.as_i64()) {
        return x.cmp(&y);
    }
    match (exact_int(a), exact_int(b)) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(x), None) => int_to_float(x, b.as_f64().unwrap_or(f64::NAN)),
        (None, Some(y)) => int_to_float(y, a.as_f64().unwrap_or(f64::NAN)).reverse(),
        (None, None) => {
            let (x, y) = (
                a.as_f64().unwrap_or(f64::NAN),
                b.as_f64().unwrap_or(f64::NAN),
            );
            x.partial_cmp(&y).unwrap_or(Ordering::Equal)
        }
    }
}

/// Whether `value` is a multiple of `multiple` (fractions within a relative 1e-9).
pub(crate) fn is_multiple(value: &Number, multiple: &Number) -> bool {
    if let (Some(v), Some(m)) = (exact_int(value), exact_int(multiple)) {
        return m != 0 && v % m == 0;
    }
    let (v, m) = (
        value.as_f64().unwrap_or(f64::NAN),
        multiple.as_f64().unwrap_or(f64::NAN),
    );
    let q = v / m;
    if !q.is_finite() {
        return false;
    }
    (q - q.round()).abs() <= 1e-9 * q.abs().max(1.0)
}

/// Whether two JSON values are equal, numbers by value (for `enum`, `const`, `uniqueItems`).
pub(crate) fn equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => compare(x, y) == Ordering::Equal,
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| equal(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| equal(v, w)))
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn n(v: Value) -> Number {
        match v {
            Value::Number(n) => n,
            _ => Number::from(0),
        }
    }

    #[test]
    fn by_value() {
        assert_eq!(compare(&n(json!(5)), &n(json!(5.0))), Ordering::Equal);
        assert_eq!(compare(&n(json!(5)), &n(json!(5.5))), Ordering::Less);
        assert_eq!(compare(&n(json!(-5)), &n(json!(-5.5))), Ordering::Greater);
        assert_eq!(
            compare(
                &n(json!(9007199254740993_u64)),
                &n(json!(9007199254740992.0))
            ),
            Ordering::Greater
        );
        assert_eq!(
            compare(&n(json!(u64::MAX)), &n(json!(1e300))),
            Ordering::Less
        );
        assert!(equal(&json!([1, {"a": 2.0}]), &json!([1.0, {"a": 2}])));
        assert!(!equal(&json!(true), &json!(1)));
    }

    #[test]
    fn multiples() {
        assert!(is_multiple(&n(json!(10)), &n(json!(2))));
        assert!(!is_multiple(&n(json!(7)), &n(json!(2))));
        assert!(is_multiple(&n(json!(4.5)), &n(json!(1.5))));
        assert!(is_multiple(&n(json!(0.0075)), &n(json!(0.0001))));
        assert!(!is_multiple(&n(json!(0.00751)), &n(json!(0.0001))));
        assert!(!is_multiple(&n(json!(1e308)), &n(json!(0.123456789))));
    }
}
