//! What the matrix sends for one field: the lax spellings the crate promises for the
//! field's adapter (from the contract's tables, `docs/contract.md`), each with the value it
//! must give, and junk, each with the codes it must be refused with.

use serde_json::{Map, Number, Value, json};

use super::fields::{Family, Field};
use super::generate::{int_value, integer_range};
use crate::issue::Code;
use crate::testing::json;

/// The value a spelling must give.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Expect {
    /// The canonical value's.
    Canonical,
    /// This one's (a clamped bound, a default).
    Value(Value),
    /// The absent field's: `None`.
    Absent,
}

/// One lax spelling of a canonical value.
#[derive(Clone, Debug)]
pub(crate) struct Spelling {
    pub(crate) label: &'static str,
    pub(crate) value: Value,
    pub(crate) expect: Expect,
}

/// One value the field must refuse, and the codes a refusal may carry (any code but
/// `custom` for an adapter's field, when empty; any code at all for a plain field).
#[derive(Clone, Debug)]
pub(crate) struct Junk {
    pub(crate) label: &'static str,
    pub(crate) value: Value,
    pub(crate) codes: &'static [Code],
}

fn spell(label: &'static str, value: Value) -> Spelling {
    Spelling {
        label,
        value,
        expect: Expect::Canonical,
    }
}

/// An array's or an object's JSON text: as it is, padded, and encoded twice.
fn json_text(canonical: &Value) -> [Spelling; 3] {
    let text = canonical.to_string();
    [
        spell("JSON text", Value::String(text.clone())),
        spell("JSON text, padded", Value::String(format!(" {text} "))),
        spell(
            "JSON text encoded twice",
            Value::String(Value::String(text).to_string()),
        ),
    ]
}

fn junk(label: &'static str, value: Value, codes: &'static [Code]) -> Junk {
    Junk {
        label,
        value,
        codes,
    }
}

/// Magnitudes below this are exact in an `f64`.
const EXACT_FLOAT: i128 = 1 << 53;

/// Whether a published integer bound is the clip of a wider integer type to what a JSON
/// number keeps exact ([`JS_SAFE_INTEGER`](crate::schema::JS_SAFE_INTEGER)) rather than
/// the runtime's own bound: past a clip the runtime accepts, so it has no junk. A bound an
/// author declares at exactly ±(2^53 − 1) is taken for a clip too (one junk value fewer).
fn is_clip(bound: i128) -> bool {
    bound.unsigned_abs() == crate::schema::JS_SAFE_INTEGER.unsigned_abs().into()
}
/// Lengths and counts the junk goes past, at most: longer ones are not built.
const MAX_BUILT: usize = 100_000;

/// The lax spellings of `canonical` for `field`'s adapter (none for a plain field).
pub(crate) fn spellings(field: &Field, canonical: &Value) -> Vec<Spelling> {
    let Some(adapter) = &field.adapter else {
        return Vec::new();
    };
    let optional = adapter.optional == Some(true);
    let mut out = Vec::new();
    match (&adapter.family, canonical) {
        (Family::IntArray, Value::Array(items)) => {
            let ints: Vec<i128> = items.iter().filter_map(as_int).collect();
            if ints.len() != items.len() {
                return out;
            }
            out.push(spell("JSON text", Value::String(canonical.to_string())));
            let spaced: Vec<String> = ints.iter().map(i128::to_string).collect();
            out.push(spell(
                "JSON text with spaces",
                Value::String(format!(" [ {} ] ", spaced.join(" , "))),
            ));
            if ints.is_empty() {
                if !optional {
                    out.push(spell("empty string", Value::String(String::new())));
                }
            } else {
                out.push(spell("comma string", Value::String(spaced.join(","))));
                out.push(spell(
                    "comma string with spaces",
                    Value::String(format!(" {} ", spaced.join(" , "))),
                ));
                out.push(spell(
                    "elements as strings",
                    Value::Array(spaced.iter().cloned().map(Value::String).collect()),
                ));
                if ints.iter().all(|n| n.abs() < EXACT_FLOAT) {
                    out.push(spell(
                        "elements as integral floats",
                        Value::Array(ints.iter().filter_map(|n| float(*n as f64)).collect()),
                    ));
                }
            }
            if let [one] = ints.as_slice() {
                out.push(spell("a lone integer", items[0].clone()));
                out.push(spell(
                    "a lone integer as a string",
                    Value::String(one.to_string()),
                ));
            }
        }
        (Family::StringArray { separator }, Value::Array(items)) => {
            let strings: Vec<&str> = items.iter().filter_map(Value::as_str).collect();
            if strings.len() != items.len() {
                return out;
            }
            out.push(spell("JSON text", Value::String(canonical.to_string())));
            if strings.is_empty() && !optional {
                out.push(spell("empty string", Value::String(String::new())));
            }
            if let Some(sep) = separator
                && !strings.is_empty()
                && strings.iter().all(|s| plain_piece(s, Some(*sep)))
            {
                out.push(spell(
                    "separated string",
                    Value::String(strings.join(&format!("{sep} "))),
                ));
            }
            if let [one] = strings.as_slice()
                && plain_piece(one, *separator)
            {
                out.push(spell("a lone string", Value::String((*one).to_owned())));
            }
        }
        (Family::Int { clamp, .. }, Value::Number(_)) => {
            let Some(n) = as_int(canonical) else {
                return out;
            };
            out.push(spell("string", Value::String(n.to_string())));
            out.push(spell("padded string", Value::String(format!(" {n} "))));
            if n >= 0 {
                out.push(spell(
                    "string with a plus sign",
                    Value::String(format!("+{n}")),
                ));
            }
            out.push(spell(
                "integral float string",
                Value::String(format!("{n}.0")),
            ));
            if n.abs() < EXACT_FLOAT
                && let Some(f) = float(n as f64)
            {
                out.push(spell("integral float", f));
            }
            if *clamp {
                out.extend(clamped(&field.schema, &adapter.family));
            }
        }
        (Family::Number, Value::Number(n)) => {
            let Some(f) = n.as_f64() else {
                return out;
            };
            out.push(spell("string", Value::String(format!("{f}"))));
            out.push(spell("padded string", Value::String(format!(" {f} "))));
            out.push(spell("exponent string", Value::String(format!("{f:e}"))));
            if f.fract() == 0.0 && f.abs() < EXACT_FLOAT as f64 {
                out.push(spell("integer", Value::from(f as i64)));
            }
        }
        (Family::Bool, Value::Bool(b)) => {
            let (word, yes, on, digit) = if *b {
                ("true", "yes", "on", 1)
            } else {
                ("false", "no", "off", 0)
            };
            out.push(spell("string", Value::String(word.into())));
            out.push(spell(
                "upper-case string",
                Value::String(word.to_uppercase()),
            ));
            out.push(spell("padded string", Value::String(format!(" {word} "))));
            out.push(spell("yes/no", Value::String(yes.into())));
            out.push(spell("on/off", Value::String(on.into())));
            out.push(spell("number", Value::from(digit)));
            out.push(spell("digit string", Value::String(digit.to_string())));
        }
        (Family::Text { trim: true }, Value::String(s)) => {
            out.push(spell("padded", Value::String(format!(" \t{s} \n"))));
            out.push(spell(
                "padded with U+3000",
                Value::String(format!("\u{3000}{s}\u{3000}")),
            ));
        }
        (Family::Pattern, Value::String(s)) if !s.is_empty() => {
            out.push(spell("padded", Value::String(format!(" {s} "))));
        }
        (Family::Enum, Value::String(s)) => {
            let values: Vec<&str> = field
                .schema
                .get("enum")
                .and_then(Value::as_array)
                .map(|v| v.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let folded = fold(s);
            let unique = values.iter().filter(|v| fold(v) == folded).count() == 1;
            if unique {
                let swapped: String = s
                    .chars()
                    .map(|c| if is_separator(c) { '-' } else { c })
                    .collect();
                for (label, spelling) in [
                    ("lower case", s.to_lowercase()),
                    ("upper case", s.to_uppercase()),
                    ("other separators", swapped),
                    ("folded", folded.clone()),
                ] {
                    if spelling != *s && !values.contains(&spelling.as_str()) {
                        out.push(spell(label, Value::String(spelling)));
                    }
                }
            }
        }
        (Family::Array, Value::Array(items)) => {
            out.extend(json_text(canonical));
            if items.is_empty() && !optional {
                out.push(spell("empty string", Value::String(String::new())));
            }
            // A lone element is one that is not an array; a string one must not read as
            // JSON text of an array, nor be the empty string (which is `[]`).
            if let [one] = items.as_slice()
                && !one.is_array()
                && !one.is_null()
                && one
                    .as_str()
                    .is_none_or(|s| !s.trim().is_empty() && !s.trim_start().starts_with('['))
            {
                out.push(spell("a lone element", one.clone()));
            }
        }
        (Family::JsonObject | Family::SafeObject { .. }, Value::Object(_)) => {
            out.extend(json_text(canonical));
        }
        (Family::Url { .. }, Value::String(url)) => {
            out.push(spell("padded", Value::String(format!(" {url} "))));
            if let Some((scheme, rest)) = url.split_once("://") {
                out.push(spell(
                    "upper-case scheme",
                    Value::String(format!("{}://{rest}", scheme.to_uppercase())),
                ));
                let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
                let (host, tail) = rest.split_at(end);
                if !host.contains(['@', '[', ':']) {
                    out.push(spell(
                        "upper-case host",
                        Value::String(format!("{scheme}://{}{tail}", host.to_uppercase())),
                    ));
                }
            }
        }
        _ => {}
    }
    out
}

/// The spellings of an absent value (`null`, `""`, `"null"`) that the field's adapter
/// promises, each with what it must give: `None`, or the default its type carries.
pub(crate) fn absent_spellings(field: &Field, optional: bool) -> Vec<Spelling> {
    let Some(adapter) = &field.adapter else {
        return Vec::new();
    };
    let default = match &adapter.family {
        Family::Int {
            default: Some(d), ..
        } => Some(*d),
        _ => None,
    };
    if !optional && default.is_none() {
        return Vec::new();
    }
    let expect = default.map_or(Expect::Absent, |d| Expect::Value(Value::from(d)));
    let mut out = vec![Spelling {
        label: "null",
        value: Value::Null,
        expect: expect.clone(),
    }];
    // The contract's table (`optional` module): `""` is `None` unless the inner value is
    // a free string; `"null"` only when the inner value's JSON type is not string.
    let free_string = matches!(adapter.family, Family::Text { .. })
        && field
            .schema
            .get("minLength")
            .and_then(Value::as_u64)
            .unwrap_or(0)
            == 0;
    let string_typed = matches!(
        adapter.family,
        Family::Text { .. } | Family::Pattern | Family::Enum | Family::Url { .. }
    );
    if default.is_some() || !free_string {
        out.push(Spelling {
            label: "empty string",
            value: Value::String(String::new()),
            expect: expect.clone(),
        });
        out.push(Spelling {
            label: "blank string",
            value: Value::String("   ".into()),
            expect: expect.clone(),
        });
    }
    if default.is_some() || !string_typed {
        out.push(Spelling {
            label: "the text \"null\"",
            value: Value::String("null".into()),
            expect,
        });
    }
    out
}

/// Values `field` must refuse: from its published schema (wrong type, past a bound, a
/// pattern miss, not among the values), and for an adapter's field the junk of its own
/// family. `sample` is a value of the field from an accepted instance (for the items of
/// an array past `maxItems`).
pub(crate) fn junk_for(field: &Field, sample: &Value) -> Vec<Junk> {
    let schema = &field.schema;
    let Some(map) = schema.as_object() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let types = json::types(schema).unwrap_or_default();
    match &field.adapter {
        None => {
            if let Some(value) = wrong_type(&types) {
                out.push(junk("wrong type", value, &[]));
            }
            out.extend(bounds(map, &types, sample, None));
            if let Some(Value::Array(values)) = map.get("enum")
                && values.iter().all(Value::is_string)
            {
                out.push(junk(
                    "not one of the values",
                    json!("mcp_coerce_not_a_value"),
                    &[],
                ));
            }
            if let Some(miss) = pattern_miss(map) {
                out.push(junk("pattern miss", miss, &[]));
            }
        }
        Some(adapter) => {
            let optional = adapter.optional == Some(true);
            out.extend(family_junk(&adapter.family, map));
            out.extend(bounds(
                map,
                &types,
                sample,
                Some((&adapter.family, optional)),
            ));
            if !matches!(adapter.family, Family::Text { .. })
                && let Some(miss) = pattern_miss(map)
            {
                out.push(junk("pattern miss", miss, &[Code::PatternMismatch]));
            }
            if matches!(adapter.family, Family::Text { .. })
                && map.get("pattern").and_then(Value::as_str)
                    != Some(crate::schema::trimmed_pattern())
                && let Some(miss) = pattern_miss(map)
            {
                out.push(junk("pattern miss", miss, &[Code::PatternMismatch]));
            }
        }
    }
    out
}

/// A value of a JSON type `types` does not list.
fn wrong_type(types: &[&str]) -> Option<Value> {
    if types.is_empty() {
        return None;
    }
    let allows = |t: &str| types.contains(&t) || (t == "integer" && types.contains(&"number"));
    [
        json!({"mcp_coerce_junk": [1]}),
        json!([[1]]),
        json!("mcp-coerce junk"),
        json!(true),
        json!(0.5),
    ]
    .into_iter()
    .find(|v| !allows(json::json_type(v)))
}

fn family_junk(family: &Family, map: &Map<String, Value>) -> Vec<Junk> {
    use Code::*;
    let not_an_object = json!({"mcp_coerce_junk": [1]});
    match family {
        Family::IntArray => {
            let mut out = vec![
                junk("an object", not_an_object, &[InvalidType]),
                junk("a nested array", json!([[1]]), &[InvalidType]),
                junk("a boolean element", json!([true]), &[InvalidType]),
                junk("a word for an element", json!(["x"]), &[IntParsing]),
                junk("a comma string of words", json!("foo,bar"), &[IntParsing]),
                junk("a fractional element", json!([1.5]), &[IntFromFloat]),
                junk("unclosed JSON text", json!("[1,2"), &[InvalidJson]),
            ];
            // The items' bounds are the integer type's: past them is an overflow.
            if let Some((lo, hi)) = map
                .get("items")
                .and_then(Value::as_object)
                .and_then(integer_range)
            {
                if !is_clip(hi)
                    && let Some(v) = hi.checked_add(1).and_then(int_value)
                {
                    out.push(junk(
                        "an element above the maximum",
                        json!([v]),
                        &[IntOverflow, TooBig],
                    ));
                }
                if !is_clip(lo)
                    && let Some(v) = lo.checked_sub(1).and_then(int_value)
                {
                    out.push(junk(
                        "an element below the minimum",
                        json!([v]),
                        &[IntOverflow, TooSmall],
                    ));
                }
            }
            out
        }
        Family::StringArray { .. } => vec![
            junk("an object", not_an_object, &[InvalidType]),
            junk("a number", json!(42), &[InvalidType]),
            junk("a number element", json!(["a", 1]), &[InvalidType]),
        ],
        Family::Int {
            clamp,
            type_min,
            type_max,
            ..
        } => {
            let mut out = vec![
                junk("an object", not_an_object, &[InvalidType]),
                junk("a boolean", json!(true), &[InvalidType]),
                junk("a word", json!("abc"), &[IntParsing]),
                junk("exponent notation", json!("1e3"), &[IntParsing]),
                junk("a fraction", json!(1.5), &[IntFromFloat]),
            ];
            if *clamp {
                // Past the integer type itself, never clamped.
                if let Some(v) = type_max.checked_add(1).and_then(int_value) {
                    out.push(junk("past the integer type", v, &[IntOverflow]));
                }
                if let Some(v) = type_min.checked_sub(1).and_then(int_value) {
                    out.push(junk("below the integer type", v, &[IntOverflow]));
                }
            }
            out
        }
        Family::Number => vec![
            junk("an object", not_an_object, &[InvalidType]),
            junk("a boolean", json!(true), &[InvalidType]),
            junk("a word", json!("abc"), &[FloatParsing]),
            junk("NaN", json!("NaN"), &[NotFinite]),
        ],
        Family::Bool => vec![
            junk("an object", not_an_object, &[InvalidType]),
            junk("a word", json!("maybe"), &[BoolParsing]),
            junk("two", json!(2), &[BoolParsing]),
        ],
        Family::Text { .. } => vec![
            junk("a number", json!(42), &[InvalidType]),
            junk("an array", json!(["a"]), &[InvalidType]),
        ],
        Family::Pattern => vec![junk("a number", json!(42), &[InvalidType])],
        Family::Enum => vec![
            junk("a number", json!(42), &[InvalidType]),
            junk(
                "not one of the values",
                json!("mcp_coerce_not_a_value"),
                &[EnumUnknown],
            ),
        ],
        // A native object or a scalar may be a lone element: only text that cannot be
        // an array is junk whatever the elements are.
        Family::Array => vec![
            junk("unclosed JSON text", json!("[1,2"), &[InvalidJson]),
            junk(
                "JSON text that is not an array",
                json!("[}"),
                &[InvalidJson],
            ),
        ],
        Family::JsonObject => vec![
            junk("a number", json!(42), &[InvalidType]),
            junk("an array", json!([1]), &[InvalidType]),
            junk("JSON text of an array", json!("[1]"), &[InvalidType]),
            junk("unclosed JSON text", json!("{\"a\":"), &[InvalidJson]),
        ],
        Family::Url {
            example,
            schemes,
            max_length,
            ..
        } => {
            let host = example
                .split_once("://")
                .map(|(_, rest)| rest.split(['/', '?', '#']).next().unwrap_or(""))
                .unwrap_or("example.com");
            let scheme = schemes.first().map_or("https", String::as_str);
            let mut out = vec![
                junk("a number", json!(42), &[InvalidType]),
                junk("not a URL", json!("not a url"), &[UrlInvalid]),
                junk("a relative path", json!("/cat.jpg"), &[UrlInvalid]),
                junk(
                    "a loopback address",
                    json!(format!("{scheme}://127.0.0.1/")),
                    &[UrlForbidden],
                ),
                junk(
                    "a user name and password",
                    json!(format!("{scheme}://user:pw@{host}/")),
                    &[UrlForbidden],
                ),
            ];
            if !schemes.iter().any(|s| s == "file") {
                out.push(junk(
                    "a file URL",
                    json!("file:///etc/passwd"),
                    &[UrlForbidden],
                ));
            }
            if *max_length < MAX_BUILT {
                let long = format!("{scheme}://{host}/{}", "a".repeat(*max_length));
                out.push(junk("too long", Value::String(long), &[TooLong]));
            }
            out
        }
        Family::SafeObject { max_depth } => {
            // The object itself is level 1: `max_depth + 1` objects, one inside another.
            let mut deep = json!(1);
            for _ in 0..max_depth.saturating_add(1).min(127) {
                deep = json!({ "a": deep });
            }
            vec![
                junk("a number", json!(42), &[InvalidType]),
                junk("a prototype key", json!({"__proto__": {}}), &[ForbiddenKey]),
                junk("nested too deep", deep, &[TooDeep]),
                junk("not JSON text", json!("{mode: fast}"), &[InvalidJson]),
            ]
        }
    }
}

/// Junk past the bounds the schema states: `minimum`/`maximum` (and exclusive ones) for
/// numbers, `minLength`/`maxLength` for strings, `minItems`/`maxItems` for arrays. A
/// clamping integer takes out-of-range values, so it gets none of the numeric ones.
fn bounds(
    map: &Map<String, Value>,
    types: &[&str],
    sample: &Value,
    adapter: Option<(&Family, bool)>,
) -> Vec<Junk> {
    let family = adapter.map(|(f, _)| f);
    use Code::*;
    let mut out = Vec::new();
    let has = |t: &str| types.contains(&t);
    let type_range = match family {
        Some(Family::Int {
            type_min, type_max, ..
        }) => Some((*type_min, *type_max)),
        _ => None,
    };
    let clamp = matches!(family, Some(Family::Int { clamp: true, .. }));
    if has("integer") && !clamp {
        if let Some((lo, hi)) = integer_range(map) {
            let stated_min = map.contains_key("minimum") || map.contains_key("exclusiveMinimum");
            let stated_max = map.contains_key("maximum") || map.contains_key("exclusiveMaximum");
            let below = |n: i128| match type_range {
                Some((tmin, _)) if n < tmin => &[IntOverflow][..],
                _ => &[TooSmall][..],
            };
            let above = |n: i128| match type_range {
                Some((_, tmax)) if n > tmax => &[IntOverflow][..],
                _ => &[TooBig][..],
            };
            if stated_min
                && !is_clip(lo)
                && let Some(v) = lo.checked_sub(1).and_then(int_value)
            {
                out.push(junk("below the minimum", v, below(lo - 1)));
            }
            if stated_max
                && !is_clip(hi)
                && let Some(v) = hi.checked_add(1).and_then(int_value)
            {
                out.push(junk("above the maximum", v, above(hi + 1)));
            }
        }
    } else if has("number") {
        let just = |f: f64, up: bool| {
            let step = f.abs().max(1.0) * 1e-9;
            float(if up { f + step } else { f - step })
        };
        for (key, up, code, label) in [
            ("maximum", true, TooBig, "above the maximum"),
            ("minimum", false, TooSmall, "below the minimum"),
        ] {
            if let Some(f) = map.get(key).and_then(Value::as_f64)
                && f.abs() < 1e300
                && let Some(v) = just(f, up)
            {
                out.push(junk(label, v, codes(code)));
            }
        }
        for (key, code, label) in [
            ("exclusiveMaximum", TooBig, "at the exclusive maximum"),
            ("exclusiveMinimum", TooSmall, "at the exclusive minimum"),
        ] {
            if let Some(v) = map.get(key).filter(|v| v.is_number()) {
                out.push(junk(label, v.clone(), codes(code)));
            }
        }
    }
    if has("string") {
        let filler = |n: usize| Value::String("x".repeat(n));
        if let Some(max) = count(map, "maxLength")
            && max < MAX_BUILT
        {
            out.push(junk("longer than maxLength", filler(max + 1), &[TooLong]));
        }
        // `""` is an absent value to an optional adapter field: only shorter, non-empty
        // strings are junk there.
        let optional_adapter = adapter.is_some_and(|(_, optional)| optional);
        if let Some(min) = count(map, "minLength")
            && min >= 1
            && !(optional_adapter && min == 1)
        {
            out.push(junk("shorter than minLength", filler(min - 1), &[TooShort]));
        }
    }
    if has("array") {
        let element = sample
            .as_array()
            .and_then(|a| a.first().cloned())
            .or_else(|| item_sample(map));
        if let Some(element) = element {
            if let Some(max) = count(map, "maxItems")
                && max < MAX_BUILT
            {
                out.push(junk(
                    "more items than maxItems",
                    Value::Array(vec![element.clone(); max + 1]),
                    &[TooLong],
                ));
            }
            if let Some(min) = count(map, "minItems")
                && min >= 1
            {
                out.push(junk(
                    "fewer items than minItems",
                    Value::Array(vec![element; min - 1]),
                    &[TooShort],
                ));
            }
        }
    }
    out
}

fn codes(code: Code) -> &'static [Code] {
    match code {
        Code::TooBig => &[Code::TooBig],
        _ => &[Code::TooSmall],
    }
}

/// An element for an array with no sample of its own: the item schema's `const`, first
/// `enum` value or `minimum`.
fn item_sample(map: &Map<String, Value>) -> Option<Value> {
    let items = map.get("items")?;
    if let Some(c) = items.get("const") {
        return Some(c.clone());
    }
    if let Some(first) = items
        .get("enum")
        .and_then(Value::as_array)
        .and_then(|e| e.first())
    {
        return Some(first.clone());
    }
    if let Some(min) = items.get("minimum") {
        return Some(min.clone());
    }
    match json::types(items).unwrap_or_default().first().copied() {
        Some("integer") | Some("number") => Some(json!(0)),
        Some("string") => Some(json!("a")),
        Some("boolean") => Some(json!(true)),
        _ => None,
    }
}

/// A string that misses the schema's `pattern` (read by Rust's `regex`, as the crate's
/// patterns are portable), within its length bounds.
fn pattern_miss(map: &Map<String, Value>) -> Option<Value> {
    let pattern = map.get("pattern")?.as_str()?;
    let regex = regex::Regex::new(pattern).ok()?;
    let min = count(map, "minLength").unwrap_or(0);
    let max = count(map, "maxLength").unwrap_or(usize::MAX);
    ["mcp-coerce junk!", "!", "0", "a", "~~~~~~~~~~~~", "A-1"]
        .into_iter()
        .map(|s| {
            let mut s = s.to_owned();
            while s.chars().count() < min {
                s.push('!');
            }
            s
        })
        .find(|s| s.chars().count() <= max && !regex.is_match(s.trim()) && !regex.is_match(s))
        .map(Value::String)
}

fn count(map: &Map<String, Value>, key: &str) -> Option<usize> {
    map.get(key)?.as_u64().and_then(|n| usize::try_from(n).ok())
}

/// Integers past a clamping field's bounds (within its integer type), with the bound each
/// must become.
fn clamped(schema: &Value, family: &Family) -> Vec<Spelling> {
    let Family::Int {
        type_min, type_max, ..
    } = family
    else {
        return Vec::new();
    };
    let Some(map) = schema.as_object() else {
        return Vec::new();
    };
    let Some((lo, hi)) = integer_range(map) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (label, sent, bound) in [
        ("just below the minimum", lo.checked_sub(1), lo),
        ("far below the minimum", lo.checked_sub(1000), lo),
        ("just above the maximum", hi.checked_add(1), hi),
        ("far above the maximum", hi.checked_add(1000), hi),
    ] {
        if let Some(sent) = sent
            && !is_clip(bound)
            && (*type_min..=*type_max).contains(&sent)
            && let (Some(value), Some(bound)) = (int_value(sent), int_value(bound))
        {
            out.push(Spelling {
                label,
                value,
                expect: Expect::Value(bound),
            });
        }
    }
    out
}

/// A string array element that a plain (not JSON) string gives back as it is: non-empty,
/// already trimmed, without the separator, and not starting like JSON text.
fn plain_piece(s: &str, separator: Option<char>) -> bool {
    !s.is_empty()
        && s.trim() == s
        && !s.starts_with(['[', '"'])
        && separator.is_none_or(|c| !s.contains(c))
}

fn as_int(value: &Value) -> Option<i128> {
    value
        .as_i64()
        .map(i128::from)
        .or_else(|| value.as_u64().map(i128::from))
}

fn float(f: f64) -> Option<Value> {
    Number::from_f64(f).map(Value::Number)
}

use crate::rules::fold::fold;

fn is_separator(c: char) -> bool {
    matches!(c, '-' | '_' | ' ' | '/' | '.')
}
