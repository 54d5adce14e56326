//! `#[serde(deserialize_with)]` beside `#[serde_as]`, family by family: a field read with
//! `As::<M>::deserialize` and published with `#[schemars(with = "SchemaAs<T, M>")]` (the
//! same marker `M` in both) reads the same lax input to the same value, refuses the same
//! junk with the same issues, and publishes the same schema, byte for byte, as the field
//! written `#[serde_as(as = "M")]`. Each family has a plain field, an `Option` field with
//! the crate's optional rules (the marker itself on the `Option`) and one through
//! serde_with's generic `Option<M>`; the families with a named function
//! (`int_array::deserialize`, `string_array::deserialize`, `url::deserialize`,
//! `safe_object::deserialize`) have a field read through it too.

use mcp_coerce::prelude::*;
use mcp_coerce::schema::input_schema;
use mcp_coerce::url::WhatwgUrl;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use serde_with::serde_as;

mcp_coerce::number_range!(Unit = 0.0..=1.0);

mcp_coerce::pattern! {
    Sku { name: "sku", source: r"^[A-Z]{3}-[0-9]{3}$", example: "ABC-123", max_length: 7 }
}

#[derive(Deserialize, Serialize, JsonSchema, Debug, PartialEq, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum Color {
    DarkBlue,
    Red,
}

#[serde_as]
#[derive(Deserialize, Serialize, JsonSchema, Debug, PartialEq)]
struct Nested {
    name: String,
    #[serde_as(as = "IntLike<0, 9>")]
    count: u8,
}

/// The values of a pair's struct, as one `Debug` tuple.
trait Values {
    fn values(&self) -> String;
}

/// Two structs with the same fields: `$sa` with the `#[serde_as]` attributes, `$dw` with
/// the `deserialize_with` ones.
macro_rules! pair {
    ($sa:ident / $dw:ident { $( $field:ident: $ty:ty, [$(#[$a:meta])*], [$(#[$w:meta])*]; )* }) => {
        #[serde_as]
        #[derive(Deserialize, JsonSchema, Debug)]
        struct $sa {
            $( $(#[$a])* $field: $ty, )*
        }

        #[derive(Deserialize, JsonSchema, Debug)]
        struct $dw {
            $( $(#[$w])* $field: $ty, )*
        }

        impl Values for $sa {
            fn values(&self) -> String {
                format!("{:?}", ($(&self.$field,)*))
            }
        }

        impl Values for $dw {
            fn values(&self) -> String {
                format!("{:?}", ($(&self.$field,)*))
            }
        }
    };
}

/// `(code, path)` of every issue of a refusal.
fn issues(refused: &Rejection) -> Vec<(Code, String)> {
    refused
        .issues()
        .iter()
        .map(|i| (i.code(), i.path().to_string()))
        .collect()
}

/// Both structs read `call` to `want` (the fields' values, as a `Debug` tuple) and refuse
/// `junk` with the same issues, `refusal`; their published schemas are the same text. The
/// schema, for the family's own assertions.
#[track_caller]
fn agree<SA, DW>(call: &str, want: &str, junk: &str, refusal: &[(Code, &str)]) -> Value
where
    SA: DeserializeOwned + JsonSchema + Values,
    DW: DeserializeOwned + JsonSchema + Values,
{
    let read = |values: Result<String, Rejection>| values.unwrap_or_else(|r| panic!("{r:?}"));
    let sa = read(mcp_coerce::schema::from_str::<SA>(call).map(|v| v.values()));
    let dw = read(mcp_coerce::schema::from_str::<DW>(call).map(|v| v.values()));
    assert_eq!((sa.as_str(), dw.as_str()), (want, want), "{call}");
    let refusal: Vec<(Code, String)> = refusal.iter().map(|(c, p)| (*c, (*p).to_owned())).collect();
    for refused in [
        mcp_coerce::schema::from_str::<SA>(junk).map(|v| v.values()),
        mcp_coerce::schema::from_str::<DW>(junk).map(|v| v.values()),
    ] {
        match refused {
            Ok(values) => panic!("{junk} accepted: {values}"),
            Err(r) => assert_eq!(issues(&r), refusal, "{junk}"),
        }
    }
    let (sa, dw) = (input_schema::<SA>(), input_schema::<DW>());
    assert_eq!(sa.to_string(), dw.to_string());
    sa
}

pair!(IntAs / IntWith {
    limit: u32,
        [#[serde_as(as = "IntLike<1, 100>")]],
        [#[serde(deserialize_with = "As::<IntLike<1, 100>>::deserialize")]
         #[schemars(with = "SchemaAs<u32, IntLike<1, 100>>")]];
    page: Option<u32>,
        [#[serde_as(as = "IntLike<1, 100>")] #[serde(default)]],
        [#[serde(default, deserialize_with = "As::<IntLike<1, 100>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<u32>, IntLike<1, 100>>")]];
    level: Option<u8>,
        [#[serde_as(as = "Option<IntLike<1, 9>>")]],
        [#[serde(default, deserialize_with = "As::<Option<IntLike<1, 9>>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<u8>, Option<IntLike<1, 9>>>")]];
    size: i64,
        [#[serde_as(as = "IntLike<1, 50, Clamp, DefaultTo<10>>")]
         #[serde(default = "DefaultTo::<10>::value")]],
        [#[serde(default = "DefaultTo::<10>::value::<i64>",
                 deserialize_with = "As::<IntLike<1, 50, Clamp, DefaultTo<10>>>::deserialize")]
         #[schemars(with = "SchemaAs<i64, IntLike<1, 50, Clamp, DefaultTo<10>>>")]];
});

#[test]
fn int() {
    let schema = agree::<IntAs, IntWith>(
        r#"{"limit": " +10 ", "page": "", "level": null, "size": 99}"#,
        "(10, None, None, 50)",
        r#"{"limit": 0, "page": "x", "level": 10}"#,
        &[
            (Code::TooBig, "/level"),
            (Code::TooSmall, "/limit"),
            (Code::IntParsing, "/page"),
        ],
    );
    assert_eq!(
        schema,
        json!({
            "type": "object",
            "properties": {
                "limit": {"type": "integer", "minimum": 1, "maximum": 100},
                "page": {"type": "integer", "minimum": 1, "maximum": 100},
                "level": {"type": "integer", "minimum": 1, "maximum": 9},
                "size": {"type": "integer", "minimum": 1, "maximum": 50, "default": 10}
            },
            "required": ["limit"]
        })
    );
}

pair!(NumberAs / NumberWith {
    ratio: f64,
        [#[serde_as(as = "NumberLike<Unit>")]],
        [#[serde(deserialize_with = "As::<NumberLike<Unit>>::deserialize")]
         #[schemars(with = "SchemaAs<f64, NumberLike<Unit>>")]];
    weight: Option<f64>,
        [#[serde_as(as = "NumberLike")] #[serde(default)]],
        [#[serde(default, deserialize_with = "As::<NumberLike>::deserialize")]
         #[schemars(with = "SchemaAs<Option<f64>, NumberLike>")]];
    share: Option<f64>,
        [#[serde_as(as = "Option<NumberLike<Unit>>")]],
        [#[serde(default, deserialize_with = "As::<Option<NumberLike<Unit>>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<f64>, Option<NumberLike<Unit>>>")]];
});

#[test]
fn number() {
    let schema = agree::<NumberAs, NumberWith>(
        r#"{"ratio": "0.5", "weight": "1e3"}"#,
        "(0.5, Some(1000.0), None)",
        r#"{"ratio": 1.5, "weight": "heavy"}"#,
        &[(Code::TooBig, "/ratio"), (Code::FloatParsing, "/weight")],
    );
    assert_eq!(
        schema["properties"]["ratio"],
        json!({"type": "number", "minimum": 0.0, "maximum": 1.0})
    );
    assert_eq!(schema["required"], json!(["ratio"]));
}

pair!(BoolAs / BoolWith {
    dry_run: bool,
        [#[serde_as(as = "BoolLike")]],
        [#[serde(deserialize_with = "As::<BoolLike>::deserialize")]
         #[schemars(with = "SchemaAs<bool, BoolLike>")]];
    force: Option<bool>,
        [#[serde_as(as = "BoolLike")] #[serde(default)]],
        [#[serde(default, deserialize_with = "As::<BoolLike>::deserialize")]
         #[schemars(with = "SchemaAs<Option<bool>, BoolLike>")]];
    quiet: Option<bool>,
        [#[serde_as(as = "Option<BoolLike>")]],
        [#[serde(default, deserialize_with = "As::<Option<BoolLike>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<bool>, Option<BoolLike>>")]];
});

#[test]
fn boolean() {
    let schema = agree::<BoolAs, BoolWith>(
        r#"{"dry_run": "yes", "force": "", "quiet": 0}"#,
        "(true, None, Some(false))",
        r#"{"dry_run": "maybe"}"#,
        &[(Code::BoolParsing, "/dry_run")],
    );
    assert_eq!(schema["properties"]["dry_run"], json!({"type": "boolean"}));
    assert_eq!(schema["properties"]["quiet"], json!({"type": "boolean"}));
}

pair!(TextAs / TextWith {
    query: String,
        [#[serde_as(as = "TextLike<1, 20, Trim>")]],
        [#[serde(deserialize_with = "As::<TextLike<1, 20, Trim>>::deserialize")]
         #[schemars(with = "SchemaAs<String, TextLike<1, 20, Trim>>")]];
    note: Option<String>,
        [#[serde_as(as = "TextLike<0, 5>")] #[serde(default)]],
        [#[serde(default, deserialize_with = "As::<TextLike<0, 5>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<String>, TextLike<0, 5>>")]];
    title: Option<String>,
        [#[serde_as(as = "Option<TextLike<2, 9>>")]],
        [#[serde(default, deserialize_with = "As::<Option<TextLike<2, 9>>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<String>, Option<TextLike<2, 9>>>")]];
});

#[test]
fn text() {
    let schema = agree::<TextAs, TextWith>(
        r#"{"query": "  rust  ", "note": "", "title": "ab"}"#,
        r#"("rust", Some(""), Some("ab"))"#,
        r#"{"query": " ", "note": "too long"}"#,
        &[(Code::TooLong, "/note"), (Code::TooShort, "/query")],
    );
    assert_eq!(schema["properties"]["query"]["minLength"], json!(1));
    assert_eq!(schema["properties"]["query"]["maxLength"], json!(20));
    assert_eq!(
        schema["properties"]["note"],
        json!({"type": "string", "maxLength": 5})
    );
}

pair!(PatternAs / PatternWith {
    sku: String,
        [#[serde_as(as = "PatternLike<Sku>")]],
        [#[serde(deserialize_with = "As::<PatternLike<Sku>>::deserialize")]
         #[schemars(with = "SchemaAs<String, PatternLike<Sku>>")]];
    parent: Option<String>,
        [#[serde_as(as = "PatternLike<Sku>")] #[serde(default)]],
        [#[serde(default, deserialize_with = "As::<PatternLike<Sku>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<String>, PatternLike<Sku>>")]];
    child: Option<String>,
        [#[serde_as(as = "Option<PatternLike<Sku>>")]],
        [#[serde(default, deserialize_with = "As::<Option<PatternLike<Sku>>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<String>, Option<PatternLike<Sku>>>")]];
});

#[test]
fn pattern() {
    let schema = agree::<PatternAs, PatternWith>(
        r#"{"sku": " ABC-123 ", "parent": " "}"#,
        r#"("ABC-123", None, None)"#,
        r#"{"sku": "abc-123"}"#,
        &[(Code::PatternMismatch, "/sku")],
    );
    let sku = json!({"type": "string", "pattern": "^[A-Z]{3}-[0-9]{3}$", "maxLength": 7});
    assert_eq!(schema["properties"]["sku"], sku);
    assert_eq!(schema["properties"]["parent"], sku);
    assert_eq!(schema["properties"]["child"], sku);
}

pair!(EnumAs / EnumWith {
    color: Color,
        [#[serde_as(as = "EnumLike")]],
        [#[serde(deserialize_with = "As::<EnumLike>::deserialize")]
         #[schemars(with = "SchemaAs<Color, EnumLike>")]];
    accent: Option<Color>,
        [#[serde_as(as = "EnumLike<Optional>")] #[serde(default)]],
        [#[serde(default, deserialize_with = "As::<EnumLike<Optional>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<Color>, EnumLike<Optional>>")]];
    border: Option<Color>,
        [#[serde_as(as = "Option<EnumLike>")]],
        [#[serde(default, deserialize_with = "As::<Option<EnumLike>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<Color>, Option<EnumLike>>")]];
});

#[test]
fn enums() {
    let schema = agree::<EnumAs, EnumWith>(
        r#"{"color": "Dark-Blue", "accent": " ", "border": "RED"}"#,
        "(DarkBlue, None, Some(Red))",
        r#"{"color": "green"}"#,
        &[(Code::EnumUnknown, "/color")],
    );
    let colors = json!({"type": "string", "enum": ["dark_blue", "red"]});
    assert_eq!(schema["properties"]["color"], colors);
    assert_eq!(schema["properties"]["accent"], colors);
    assert_eq!(schema["properties"]["border"], colors);
}

pair!(ObjectAs / ObjectWith {
    filter: Nested,
        [#[serde_as(as = "JsonObjectLike")]],
        [#[serde(deserialize_with = "As::<JsonObjectLike>::deserialize")]
         #[schemars(with = "SchemaAs<Nested, JsonObjectLike>")]];
    extra: Option<Nested>,
        [#[serde_as(as = "JsonObjectLike<Optional>")] #[serde(default)]],
        [#[serde(default, deserialize_with = "As::<JsonObjectLike<Optional>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<Nested>, JsonObjectLike<Optional>>")]];
    other: Option<Nested>,
        [#[serde_as(as = "Option<JsonObjectLike>")]],
        [#[serde(default, deserialize_with = "As::<Option<JsonObjectLike>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<Nested>, Option<JsonObjectLike>>")]];
});

#[test]
fn json_object() {
    let schema = agree::<ObjectAs, ObjectWith>(
        r#"{"filter": "{\"name\": \"a\", \"count\": \"3\"}", "extra": ""}"#,
        r#"(Nested { name: "a", count: 3 }, None, None)"#,
        r#"{"filter": {"name": "a", "count": 10}}"#,
        &[(Code::TooBig, "/filter/count")],
    );
    let nested = json!({
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "count": {"type": "integer", "minimum": 0, "maximum": 9}
        },
        "required": ["name", "count"]
    });
    assert_eq!(schema["properties"]["filter"], nested);
    assert_eq!(schema["properties"]["extra"], nested);
}

pair!(SafeAs / SafeWith {
    options: Map<String, Value>,
        [#[serde_as(as = "SafeObjectLike<4>")]],
        [#[serde(deserialize_with = "As::<SafeObjectLike<4>>::deserialize")]
         #[schemars(with = "SchemaAs<Map<String, Value>, SafeObjectLike<4>>")]];
    meta: Option<Value>,
        [#[serde_as(as = "SafeObjectLike")] #[serde(default)]],
        [#[serde(default, deserialize_with = "As::<SafeObjectLike>::deserialize")]
         #[schemars(with = "SchemaAs<Option<Value>, SafeObjectLike>")]];
    hints: Option<Map<String, Value>>,
        [#[serde_as(as = "Option<SafeObjectLike>")]],
        [#[serde(default, deserialize_with = "As::<Option<SafeObjectLike>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<Map<String, Value>>, Option<SafeObjectLike>>")]];
    headers: Map<String, Value>,
        [#[serde_as(as = "SafeObjectLike")]],
        [#[serde(deserialize_with = "mcp_coerce::safe_object::deserialize")]
         #[schemars(with = "SchemaAs<Map<String, Value>, SafeObjectLike>")]];
});

#[test]
fn safe_object() {
    let schema = agree::<SafeAs, SafeWith>(
        r#"{"options": "{\"mode\": \"fast\"}", "meta": "", "headers": {}}"#,
        r#"({"mode": String("fast")}, None, None, {})"#,
        r#"{"options": {"__proto__": {}}, "headers": {}}"#,
        &[(Code::ForbiddenKey, "/options/__proto__")],
    );
    assert_eq!(
        schema["properties"]["options"],
        json!({
            "type": "object",
            "description": "JSON object forwarded as it is; the keys __proto__, constructor, \
                            prototype are refused at any depth; nesting depth at most 4 (the \
                            object itself is depth 1)"
        })
    );
    assert_eq!(schema["required"], json!(["options", "headers"]));
}

pair!(UrlAs / UrlWith {
    image: WhatwgUrl,
        [#[serde_as(as = "UrlLike")]],
        [#[serde(deserialize_with = "As::<UrlLike>::deserialize")]
         #[schemars(with = "SchemaAs<WhatwgUrl, UrlLike>")]];
    homepage: Option<String>,
        [#[serde_as(as = "UrlLike")] #[serde(default)]],
        [#[serde(default, deserialize_with = "As::<UrlLike>::deserialize")]
         #[schemars(with = "SchemaAs<Option<String>, UrlLike>")]];
    mirror: Option<WhatwgUrl>,
        [#[serde_as(as = "Option<UrlLike>")]],
        [#[serde(default, deserialize_with = "As::<Option<UrlLike>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<WhatwgUrl>, Option<UrlLike>>")]];
    source: WhatwgUrl,
        [#[serde_as(as = "UrlLike<HttpsOnly>")]],
        [#[serde(deserialize_with = "mcp_coerce::url::deserialize::<HttpsOnly, _>")]
         #[schemars(with = "SchemaAs<WhatwgUrl, UrlLike<HttpsOnly>>")]];
});

#[test]
fn url() {
    let schema = agree::<UrlAs, UrlWith>(
        r#"{"image": " HTTPS://Example.com/a ", "homepage": "", "source": "https://example.org"}"#,
        r#"(Url { scheme: "https", cannot_be_a_base: false, username: "", password: None, host: Some(Domain("example.com")), port: None, path: "/a", query: None, fragment: None }, None, None, Url { scheme: "https", cannot_be_a_base: false, username: "", password: None, host: Some(Domain("example.org")), port: None, path: "/", query: None, fragment: None })"#,
        r#"{"image": "http://example.com", "source": "https://127.0.0.1/"}"#,
        &[
            (Code::UrlForbidden, "/image"),
            (Code::UrlForbidden, "/source"),
        ],
    );
    assert_eq!(
        schema["properties"]["image"],
        json!({
            "type": "string",
            "format": "uri",
            "maxLength": 2048,
            "description": "absolute URL (scheme https; any public host; no user name or \
                            password; no localhost or private, loopback or link-local IP \
                            addresses; at most 2048 chars)"
        })
    );
    assert_eq!(schema["required"], json!(["image", "source"]));
    assert_eq!(
        schema["properties"]["image"],
        schema["properties"]["source"]
    );
}

pair!(IntArrayAs / IntArrayWith {
    ids: Vec<i64>,
        [#[serde_as(as = "IntArrayLike<Items<1, 10>>")]],
        [#[serde(deserialize_with = "As::<IntArrayLike<Items<1, 10>>>::deserialize")]
         #[schemars(with = "SchemaAs<Vec<i64>, IntArrayLike<Items<1, 10>>>")]];
    tags: Option<Vec<u32>>,
        [#[serde_as(as = "IntArrayLike<Items<0, 3>>")] #[serde(default)]],
        [#[serde(default, deserialize_with = "As::<IntArrayLike<Items<0, 3>>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<Vec<u32>>, IntArrayLike<Items<0, 3>>>")]];
    pages: Option<Vec<u8>>,
        [#[serde_as(as = "Option<IntArrayLike>")]],
        [#[serde(default, deserialize_with = "As::<Option<IntArrayLike>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<Vec<u8>>, Option<IntArrayLike>>")]];
    all: Vec<u64>,
        [#[serde_as(as = "IntArrayLike")]],
        [#[serde(deserialize_with = "mcp_coerce::int_array::deserialize")]
         #[schemars(with = "SchemaAs<Vec<u64>, IntArrayLike>")]];
});

#[test]
fn int_array() {
    let schema = agree::<IntArrayAs, IntArrayWith>(
        r#"{"ids": "1, 2, 3", "tags": "null", "pages": "[4]", "all": 7}"#,
        "([1, 2, 3], None, Some([4]), [7])",
        r#"{"ids": "1,x", "tags": [1, 2, 3, 4], "all": []}"#,
        &[(Code::IntParsing, "/ids/1"), (Code::TooLong, "/tags")],
    );
    assert_eq!(schema["properties"]["ids"]["minItems"], json!(1));
    assert_eq!(schema["properties"]["ids"]["maxItems"], json!(10));
    assert_eq!(
        schema["properties"]["tags"],
        json!({"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 4294967295u32}, "maxItems": 3})
    );
    assert_eq!(schema["required"], json!(["ids", "all"]));
}

pair!(StringArrayAs / StringArrayWith {
    tags: Vec<String>,
        [#[serde_as(as = "StringArrayLike<Items<1, 5>>")]],
        [#[serde(deserialize_with = "As::<StringArrayLike<Items<1, 5>>>::deserialize")]
         #[schemars(with = "SchemaAs<Vec<String>, StringArrayLike<Items<1, 5>>>")]];
    names: Option<Vec<String>>,
        [#[serde_as(as = "StringArrayLike<NoSplit>")] #[serde(default)]],
        [#[serde(default, deserialize_with = "As::<StringArrayLike<NoSplit>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<Vec<String>>, StringArrayLike<NoSplit>>")]];
    labels: Option<Vec<String>>,
        [#[serde_as(as = "Option<StringArrayLike<Items<0, 2>>>")]],
        [#[serde(default, deserialize_with = "As::<Option<StringArrayLike<Items<0, 2>>>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<Vec<String>>, Option<StringArrayLike<Items<0, 2>>>>")]];
    words: Vec<String>,
        [#[serde_as(as = "StringArrayLike")]],
        [#[serde(deserialize_with = "mcp_coerce::string_array::deserialize")]
         #[schemars(with = "SchemaAs<Vec<String>, StringArrayLike>")]];
});

#[test]
fn string_array() {
    let schema = agree::<StringArrayAs, StringArrayWith>(
        r#"{"tags": "a, b", "names": "Smith, John", "labels": "[\"x\"]", "words": "w"}"#,
        r#"(["a", "b"], Some(["Smith, John"]), Some(["x"]), ["w"])"#,
        r#"{"tags": [], "labels": "a, b, c", "words": 5}"#,
        &[
            (Code::TooLong, "/labels"),
            (Code::TooShort, "/tags"),
            (Code::InvalidType, "/words"),
        ],
    );
    assert_eq!(
        schema["properties"]["tags"],
        json!({"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 5})
    );
    assert_eq!(schema["properties"]["labels"]["maxItems"], json!(2));
}

pair!(ArrayAs / ArrayWith {
    colors: Vec<Color>,
        [#[serde_as(as = "ArrayLike<EnumLike, Items<1, 3>>")]],
        [#[serde(deserialize_with = "As::<ArrayLike<EnumLike, Items<1, 3>>>::deserialize")]
         #[schemars(with = "SchemaAs<Vec<Color>, ArrayLike<EnumLike, Items<1, 3>>>")]];
    filters: Option<Vec<Nested>>,
        [#[serde_as(as = "ArrayLike")] #[serde(default)]],
        [#[serde(default, deserialize_with = "As::<ArrayLike>::deserialize")]
         #[schemars(with = "SchemaAs<Option<Vec<Nested>>, ArrayLike>")]];
    levels: Option<Vec<u8>>,
        [#[serde_as(as = "Option<ArrayLike<IntLike<1, 9>>>")]],
        [#[serde(default, deserialize_with = "As::<Option<ArrayLike<IntLike<1, 9>>>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<Vec<u8>>, Option<ArrayLike<IntLike<1, 9>>>>")]];
});

#[test]
fn array() {
    let schema = agree::<ArrayAs, ArrayWith>(
        r#"{"colors": "red", "filters": "", "levels": "[\"3\"]"}"#,
        "([Red], None, Some([3]))",
        r#"{"colors": ["red", "red", "red", "red"], "levels": [0]}"#,
        &[(Code::TooLong, "/colors"), (Code::TooSmall, "/levels/0")],
    );
    assert_eq!(
        schema["properties"]["colors"],
        json!({"type": "array", "items": {"type": "string", "enum": ["dark_blue", "red"]}, "minItems": 1, "maxItems": 3})
    );
    assert_eq!(
        schema["properties"]["levels"]["items"],
        json!({"type": "integer", "minimum": 1, "maximum": 9})
    );
}

pair!(SecretAs / SecretWith {
    token: String,
        [#[serde_as(as = "Secret<TextLike<8, 64>>")]],
        [#[serde(deserialize_with = "As::<Secret<TextLike<8, 64>>>::deserialize")]
         #[schemars(with = "SchemaAs<String, Secret<TextLike<8, 64>>>")]];
    pin: Option<u32>,
        [#[serde_as(as = "Secret<IntLike<0, 9999>>")] #[serde(default)]],
        [#[serde(default, deserialize_with = "As::<Secret<IntLike<0, 9999>>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<u32>, Secret<IntLike<0, 9999>>>")]];
    otp: Option<u32>,
        [#[serde_as(as = "Option<Secret<IntLike<0, 999999>>>")]],
        [#[serde(default, deserialize_with = "As::<Option<Secret<IntLike<0, 999999>>>>::deserialize")]
         #[schemars(with = "SchemaAs<Option<u32>, Option<Secret<IntLike<0, 999999>>>>")]];
});

#[test]
fn secret() {
    let schema = agree::<SecretAs, SecretWith>(
        r#"{"token": "sk-12345678", "pin": "0042"}"#,
        r#"("sk-12345678", Some(42), None)"#,
        r#"{"token": "sk-1", "pin": "12x4"}"#,
        &[(Code::IntParsing, "/pin"), (Code::TooShort, "/token")],
    );
    assert_eq!(
        schema["properties"]["token"],
        json!({"type": "string", "minLength": 8, "maxLength": 64})
    );
    for junk in [
        r#"{"token": "sk-1"}"#,
        r#"{"token": "sk-12345678", "pin": "12x4"}"#,
    ] {
        let refused = mcp_coerce::from_str::<SecretWith>(junk).unwrap_err();
        let text = serde_json::to_string(&refused.to_envelope("login")).unwrap();
        assert!(!text.contains("sk-1") && !text.contains("12x4"), "{text}");
    }
}

/// The trap the shape matrix names: serde fills an absent field only where it is told to.
/// `#[serde_as]` adds `#[serde(default)]` by itself where both the field and the marker are
/// spelled `Option<..>` (`page`); the marker itself on an `Option` field (`limit`, the
/// crate's optional rules) and any `deserialize_with` (`size`) make the field required:
/// published in `required`, refused as `missing`.
#[serde_as]
#[derive(Deserialize, JsonSchema, Debug)]
struct Forgotten {
    #[serde_as(as = "IntLike<1, 100>")]
    limit: Option<u32>,
    #[serde_as(as = "Option<IntLike<1, 100>>")]
    page: Option<u32>,
    #[serde(deserialize_with = "As::<IntLike<1, 100>>::deserialize")]
    #[schemars(with = "SchemaAs<Option<u32>, IntLike<1, 100>>")]
    size: Option<u32>,
}

#[test]
fn an_option_field_without_default_is_required() {
    let refused = mcp_coerce::schema::from_str::<Forgotten>("{}").unwrap_err();
    assert_eq!(
        issues(&refused),
        [
            (Code::Missing, "/limit".to_owned()),
            (Code::Missing, "/size".to_owned())
        ]
    );
    let refused = mcp_coerce::from_str::<Forgotten>(r#"{"limit": null}"#).unwrap_err();
    assert_eq!(issues(&refused), [(Code::Missing, "/size".to_owned())]);
    let args: Forgotten = mcp_coerce::from_str(r#"{"limit": "", "size": "5"}"#).unwrap();
    assert_eq!((args.limit, args.page, args.size), (None, None, Some(5)));
    assert_eq!(
        input_schema::<Forgotten>()["required"],
        json!(["limit", "size"])
    );
}
