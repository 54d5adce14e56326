//! Properties of the coercion report over generated calls (the demo tool set's
//! `demo_search_skills` and `demo_get_observations`):
//! - reading with a report never changes the outcome: the same value, or the same issues,
//!   as the plain entry points, on the text route and the `Value` route;
//! - the two report routes record the same coercions;
//! - a call sent in its canonical shape (integers as numbers, arrays native, enum values
//!   as their names, no surrounding whitespace) records nothing but the type defaults of
//!   the fields it leaves out;
//! - arbitrary JSON as arguments never panics with a report, and the report stays within
//!   its cap.

use crate::demo_tools;

use demo_tools::{GetObservations, SearchSkills};
use mcp_coerce::MAX_COERCIONS;
use proptest::prelude::*;
use serde_json::{Value, json};

/// A value of `ids` in one of the shapes clients send.
fn ids_shape() -> impl Strategy<Value = Value> {
    let ids = prop::collection::vec(-1000i64..1000, 0..8);
    (ids, 0..5u8).prop_map(|(ids, shape)| {
        let text: Vec<String> = ids.iter().map(i64::to_string).collect();
        match shape {
            0 => json!(ids),
            1 => json!(format!("[{}]", text.join(","))),
            2 => json!(text.join(", ")),
            3 => Value::Array(ids.iter().map(|i| json!(i.to_string())).collect()),
            _ => Value::Array(ids.iter().map(|&i| json!(i as f64)).collect()),
        }
    })
}

/// A scalar in a lax or junk spelling.
fn loose_scalar() -> impl Strategy<Value = Value> {
    prop_oneof![
        (-5i64..200).prop_map(|i| json!(i)),
        (-5i64..200).prop_map(|i| json!(format!(" {i} "))),
        (-5i64..200).prop_map(|i| json!(format!("{i}.0"))),
        Just(json!("")),
        Just(json!("null")),
        Just(Value::Null),
        Just(json!("yes")),
        Just(json!("ai-ml")),
        Just(json!("date-desc")),
        "[a-z ]{0,6}".prop_map(Value::String),
    ]
}

fn search_call() -> impl Strategy<Value = Value> {
    (
        "[a-z ]{0,12}",
        prop::option::of(loose_scalar()),
        prop::option::of(loose_scalar()),
        prop::option::of(loose_scalar()),
        prop::option::of(loose_scalar()),
    )
        .prop_map(|(query, category, price, limit, free)| {
            let mut call = serde_json::Map::new();
            call.insert("query".into(), json!(query));
            for (key, value) in [
                ("category", category),
                ("max_price", price),
                ("limit", limit),
                ("free_only", free),
            ] {
                if let Some(value) = value {
                    call.insert(key.into(), value);
                }
            }
            Value::Object(call)
        })
}

fn observations_call() -> impl Strategy<Value = Value> {
    (
        ids_shape(),
        prop::option::of(loose_scalar()),
        prop::option::of(loose_scalar()),
    )
        .prop_map(|(ids, order, limit)| {
            let mut call = serde_json::Map::new();
            call.insert("ids".into(), ids);
            if let Some(order) = order {
                call.insert("order_by".into(), order);
            }
            if let Some(limit) = limit {
                call.insert("limit".into(), limit);
            }
            Value::Object(call)
        })
}

/// The outcome and coercions of `call` for `T` on every route, checked to agree.
fn check<T>(call: &Value) -> Result<(), TestCaseError>
where
    T: serde::de::DeserializeOwned + serde::Serialize,
{
    let text = call.to_string();
    let plain = mcp_coerce::from_str::<T>(&text).map(|v| serde_json::to_value(v).ok());
    let plain_value =
        mcp_coerce::from_value::<T>(call.clone()).map(|v| serde_json::to_value(v).ok());
    let reported = mcp_coerce::from_str_with_report::<T>(&text);
    let reported_value = mcp_coerce::from_value_with_report::<T>(call.clone());
    let outcome = |r: &Result<mcp_coerce::Coerced<T>, mcp_coerce::Rejection>| match r {
        Ok(c) => Ok(serde_json::to_value(c.value()).ok()),
        Err(e) => Err(e.issues().to_vec()),
    };
    let coercions = |r: &Result<mcp_coerce::Coerced<T>, mcp_coerce::Rejection>| match r {
        Ok(c) => c.coercions().to_vec(),
        Err(e) => e.coercions().to_vec(),
    };
    prop_assert_eq!(outcome(&reported), plain.map_err(|e| e.issues().to_vec()));
    prop_assert_eq!(
        outcome(&reported_value),
        plain_value.map_err(|e| e.issues().to_vec())
    );
    prop_assert_eq!(coercions(&reported), coercions(&reported_value));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn a_report_changes_no_outcome_and_the_routes_agree(call in search_call()) {
        check::<SearchSkills>(&call)?;
    }

    #[test]
    fn a_report_changes_no_outcome_for_arrays(call in observations_call()) {
        check::<GetObservations>(&call)?;
    }

    #[test]
    fn a_canonical_call_records_only_the_defaults_it_leaves_out(
        ids in prop::collection::vec(0i64..1000, 0..8),
        limit in prop::option::of(1i64..=100),
    ) {
        let mut call = json!({"ids": ids});
        if let Some(limit) = limit {
            call["limit"] = json!(limit);
        }
        let reported = mcp_coerce::from_value_with_report::<GetObservations>(call).unwrap();
        prop_assert!(reported.report().is_empty());
        let search = mcp_coerce::from_value_with_report::<SearchSkills>(
            json!({"query": "deploy", "free_only": true}),
        )
        .unwrap();
        let steps: Vec<String> =
            search.coercions().iter().map(|c| format!("{}@{}", c.rule(), c.path())).collect();
        prop_assert_eq!(steps, ["default_applied@/limit"]);
    }

    #[test]
    fn any_json_as_arguments_never_panics_with_a_report(call in any_json()) {
        let read = mcp_coerce::from_value_with_report::<GetObservations>(call.clone());
        let kept = match &read {
            Ok(c) => c.coercions().len(),
            Err(e) => e.coercions().len(),
        };
        prop_assert!(kept <= MAX_COERCIONS);
        let _ = mcp_coerce::from_str_with_report::<SearchSkills>(&call.to_string());
    }
}

/// Arbitrary JSON, a few levels deep.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|i| json!(i)),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        ".{0,12}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::btree_map("[a-z_]{0,8}", inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}
