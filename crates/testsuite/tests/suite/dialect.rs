//! The dialect crate with this one (feature `dialect`): the demo server's published
//! schemas (the golden `tools/list`) rewritten in every profile, and a strict client's
//! call through `normalize_arguments` into the runtime check. The profiles themselves are
//! tested in `crates/dialect`.

use std::fs;
use std::path::Path;

use mcp_coerce::dialect::{self, Dialect};
use serde_json::{Value, json};

/// Every demo tool's `inputSchema` in every profile: every property is kept, every limit is
/// said somewhere, and rewriting the result again changes nothing.
#[test]
fn every_demo_tool_schema_in_every_profile() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/tools_list.json");
    let text = fs::read_to_string(&path).expect("the golden tools/list");
    let listed: Value = serde_json::from_str(&text).expect("JSON");
    let tools = listed.as_array().expect("a list of tools");
    assert_eq!(tools.len(), 7);
    for tool in tools {
        let schema = &tool["inputSchema"];
        for dialect in Dialect::ALL {
            let out = dialect::rewrite(schema, dialect).schema;
            assert_eq!(
                dialect::rewrite(&out, dialect).schema,
                out,
                "{dialect}: settles"
            );
            let text = out.to_string();
            for (name, property) in schema["properties"].as_object().expect("properties") {
                assert!(
                    out["properties"].get(name).is_some(),
                    "{dialect}: {name} lost"
                );
                for keyword in ["maxLength", "maxItems", "maximum", "minimum", "minLength"] {
                    if let Some(limit) = property.get(keyword) {
                        assert!(
                            text.contains(&limit.to_string()),
                            "{dialect}: {name}.{keyword} lost"
                        );
                    }
                }
            }
        }
    }
}

/// The strict round trip: a strict client fills every optional property with `null`;
/// after `null_as_absent` the crate's entry point sees them absent and applies defaults.
#[test]
fn a_strict_client_call_passes_the_runtime_check() {
    use mcp_coerce::{IntArrayLike, IntLike, Items};
    use serde::Deserialize;
    use serde_with::serde_as;

    #[serde_as]
    #[derive(Deserialize, Debug, PartialEq)]
    struct Args {
        #[serde_as(as = "IntArrayLike<Items<0, 1000>>")]
        ids: Vec<i64>,
        #[serde_as(as = "IntLike<1, 100>")]
        #[serde(default)]
        limit: Option<u32>,
        #[serde(default)]
        project: String,
        #[serde(default)]
        free_only: bool,
    }

    let canonical = json!({
        "type": "object",
        "properties": {
            "ids": {"type": "array", "items": {"type": "integer"}, "maxItems": 1000},
            "limit": {"type": "integer", "minimum": 1, "maximum": 100},
            "project": {"type": "string"},
            "free_only": {"type": "boolean"}
        },
        "required": ["ids"]
    });
    let strict = dialect::rewrite(&canonical, Dialect::OpenAiStrict).schema;
    assert_eq!(
        strict["required"],
        json!(["free_only", "ids", "limit", "project"])
    );

    let sent = json!({"ids": [1, 2], "limit": null, "project": null, "free_only": null});
    let refused = mcp_coerce::from_value::<Args>(sent.clone()).unwrap_err();
    assert!(
        !refused.issues().is_empty(),
        "null is not a string or a boolean"
    );

    let mut arguments = sent;
    Dialect::OpenAiStrict.normalize_arguments(&mut arguments, &canonical);
    let args: Args =
        mcp_coerce::from_value(arguments.clone()).expect("accepted once the nulls are gone");
    assert_eq!(
        args,
        Args {
            ids: vec![1, 2],
            limit: None,
            project: String::new(),
            free_only: false
        }
    );

    // A required property sent as null is still refused.
    let mut arguments = json!({"ids": null});
    Dialect::OpenAiStrict.normalize_arguments(&mut arguments, &canonical);
    assert_eq!(arguments, json!({"ids": null}));
    assert!(mcp_coerce::from_value::<Args>(arguments.clone()).is_err());
}
