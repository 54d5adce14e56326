//! Doc examples' assertions that the docs trim (cb73508..) removed and no other doctest or
//! integration test kept: each with the example's setup, its exact input and its exact
//! expected value, adapted to the current wrapper API (`into_inner`, `Deref`, checking `new`).
//! One module per adapter family, one test per documented item.

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

/// `(code, path)` of every issue of a refusal, in order.
fn found(refused: &mcp_coerce::Rejection) -> Vec<(mcp_coerce::Code, String)> {
    refused
        .issues()
        .iter()
        .map(|i| (i.code(), i.path().to_string()))
        .collect()
}

mod array {
    use super::{Result, found};
    use mcp_coerce::{Array, ArrayLike, Code, EnumLike, IntLike, Items};
    use serde::{Deserialize, Serialize};
    use serde_with::{Same, serde_as};

    #[derive(Deserialize, Serialize, Debug, PartialEq)]
    #[serde(rename_all = "snake_case")]
    enum Status {
        Open,
        Closed,
    }

    #[serde_as]
    #[derive(Deserialize, Debug, PartialEq)]
    struct Update {
        #[serde_as(as = "IntLike")]
        id: i64,
        #[serde_as(as = "EnumLike")]
        status: Status,
    }

    #[test]
    fn array_like() -> Result {
        #[serde_as]
        #[derive(Deserialize, Debug)]
        struct Args {
            #[serde_as(as = "ArrayLike<Same, Items<1, 50>>")]
            updates: Vec<Update>,
        }
        let args: Args =
            mcp_coerce::from_str(r#"{"updates": "[{\"id\": \"1\", \"status\": \"OPEN\"}]"}"#)?;
        assert_eq!(
            args.updates,
            [Update {
                id: 1,
                status: Status::Open
            }]
        );
        // One lone object is a one-element array.
        let args: Args = mcp_coerce::from_str(r#"{"updates": {"id": 2, "status": "closed"}}"#)?;
        assert_eq!(
            args.updates,
            [Update {
                id: 2,
                status: Status::Closed
            }]
        );
        let refused = mcp_coerce::from_str::<Args>(
            r#"{"updates": [{"id": "x", "status": "open"}, {"id": 3}]}"#,
        )
        .unwrap_err();
        assert_eq!(
            found(&refused),
            [
                (Code::IntParsing, "/updates/0/id".to_string()),
                (Code::Missing, "/updates/1/status".to_string()),
            ]
        );
        Ok(())
    }

    #[derive(Deserialize, Serialize, Debug, PartialEq)]
    enum Tag {
        Red,
        Blue,
    }

    #[test]
    fn array_like_optional() -> Result {
        #[serde_as]
        #[derive(Deserialize, Debug)]
        struct Args {
            #[serde_as(as = "ArrayLike<EnumLike>")]
            #[serde(default, skip_serializing_if = "Option::is_none")]
            tags: Option<Vec<Tag>>,
        }
        assert_eq!(
            mcp_coerce::from_str::<Args>(r#"{"tags": "[\"red\", \"BLUE\"]"}"#)?.tags,
            Some(vec![Tag::Red, Tag::Blue])
        );
        assert_eq!(
            mcp_coerce::from_str::<Args>(r#"{"tags": "red"}"#)?.tags,
            Some(vec![Tag::Red])
        );
        assert_eq!(mcp_coerce::from_str::<Args>(r#"{"tags": ""}"#)?.tags, None);
        Ok(())
    }

    #[test]
    fn array_wrapper() -> Result {
        #[derive(Deserialize, Debug, PartialEq)]
        struct Point {
            x: i32,
            y: i32,
        }
        #[derive(Deserialize, Debug)]
        struct Args {
            points: Array<Point>,
        }
        let args: Args = mcp_coerce::from_str(r#"{"points": "[{\"x\": 1, \"y\": 2}]"}"#)?;
        assert_eq!(*args.points, [Point { x: 1, y: 2 }]);
        Ok(())
    }
}

mod date_time_like {
    use super::{Result, found};
    use mcp_coerce::{Code, DateTimeLike};
    use serde::Deserialize;
    use serde_with::serde_as;

    #[test]
    fn date_time_like() -> Result {
        #[serde_as]
        #[derive(Deserialize, Debug)]
        struct Args {
            #[serde_as(as = "DateTimeLike")]
            start: String,
        }
        let args: Args = mcp_coerce::from_str(r#"{"start": "2026-01-15 10:00+0200"}"#)?;
        assert_eq!(args.start, "2026-01-15T10:00:00+02:00");
        let refused =
            mcp_coerce::from_str::<Args>(r#"{"start": "01/02/2026 10:00Z"}"#).unwrap_err();
        assert_eq!(
            found(&refused),
            [(Code::FormatInvalid, "/start".to_string())]
        );
        Ok(())
    }

    #[cfg(feature = "uuid")]
    #[test]
    fn uuid_like() -> Result {
        use mcp_coerce::UuidLike;
        #[serde_as]
        #[derive(Deserialize)]
        struct Args {
            #[serde_as(as = "UuidLike")]
            id: uuid::Uuid,
        }
        let args: Args =
            mcp_coerce::from_str(r#"{"id": "urn:uuid:6F9619FF8B86D011B42D00C04FC964FF"}"#)?;
        assert_eq!(args.id.to_string(), "6f9619ff-8b86-d011-b42d-00c04fc964ff");
        Ok(())
    }
}

mod enums {
    use super::Result;
    use mcp_coerce::{EnumLike, Optional};
    use serde::{Deserialize, Serialize};
    use serde_with::serde_as;

    #[derive(Deserialize, Serialize, Debug, PartialEq)]
    enum Priority {
        Low,
        High,
    }

    #[test]
    fn enum_like_optional() -> Result {
        #[serde_as]
        #[derive(Deserialize, Debug)]
        struct Args {
            #[serde_as(as = "EnumLike<Optional>")]
            #[serde(default, skip_serializing_if = "Option::is_none")]
            priority: Option<Priority>,
        }
        assert_eq!(
            mcp_coerce::from_str::<Args>(r#"{"priority": "HIGH"}"#)?.priority,
            Some(Priority::High)
        );
        assert_eq!(
            mcp_coerce::from_str::<Args>(r#"{"priority": ""}"#)?.priority,
            None
        );
        assert_eq!(mcp_coerce::from_str::<Args>("{}")?.priority, None);
        Ok(())
    }
}

mod int {
    use super::Result;
    use mcp_coerce::{Clamp, Code, DefaultTo, Int, IntLike, Reject};
    use serde::Deserialize;
    use serde_with::serde_as;

    #[test]
    fn int_like() -> Result {
        #[serde_as]
        #[derive(Deserialize, Debug)]
        struct Args {
            #[serde_as(as = "IntLike")]
            page: u64,
            #[serde_as(as = "IntLike<1, 100>")]
            #[serde(default, skip_serializing_if = "Option::is_none")]
            limit: Option<u32>,
        }
        for sent in ["7", "\"7\"", "\" +7 \"", "7.0", "\"7.0\""] {
            let args: Args = mcp_coerce::from_str(&format!(r#"{{"page": {sent}}}"#))?;
            assert_eq!(args.page, 7, "{sent}");
        }
        let args: Args = mcp_coerce::from_str(r#"{"page": 1, "limit": "10"}"#)?;
        assert_eq!(args.limit, Some(10));
        assert_eq!(
            mcp_coerce::from_str::<Args>(r#"{"page": 1, "limit": ""}"#)?.limit,
            None
        );
        let refused = mcp_coerce::from_str::<Args>(r#"{"page": 1, "limit": 101}"#).unwrap_err();
        assert_eq!(refused.issues()[0].code(), Code::TooBig);
        Ok(())
    }

    #[test]
    fn int_like_clamp_default() -> Result {
        #[serde_as]
        #[derive(Deserialize, Debug)]
        struct Args {
            #[serde_as(as = "IntLike<1, 50, Clamp, DefaultTo<10>>")]
            #[serde(default = "DefaultTo::<10>::value")]
            limit: u32,
        }
        assert_eq!(mcp_coerce::from_str::<Args>("{}")?.limit, 10);
        assert_eq!(
            mcp_coerce::from_str::<Args>(r#"{"limit": 99999}"#)?.limit,
            50
        );
        assert_eq!(mcp_coerce::from_str::<Args>(r#"{"limit": "0"}"#)?.limit, 1);
        assert_eq!(
            mcp_coerce::from_str::<Args>(r#"{"limit": null}"#)?.limit,
            10
        );
        Ok(())
    }

    #[test]
    fn int_wrapper() -> Result {
        #[derive(Deserialize, Debug)]
        struct Args {
            #[serde(default)]
            page_size: Int<u32, 1, 100, Reject, DefaultTo<20>>,
            #[serde(default)]
            limit: Int<i64, 1, 50, Clamp, DefaultTo<10>>,
        }
        let args: Args = mcp_coerce::from_str("{}")?;
        assert_eq!((*args.page_size, *args.limit), (20, 10));
        let args: Args = mcp_coerce::from_str(r#"{"page_size": "30", "limit": 500}"#)?;
        assert_eq!(
            (args.page_size.into_inner(), args.limit.into_inner()),
            (30, 50)
        );
        assert!(mcp_coerce::from_str::<Args>(r#"{"page_size": 0}"#).is_err());
        Ok(())
    }

    #[test]
    fn int_wrapper_reader() -> Result {
        let page: Int<u8> = serde_json::from_str(r#""7""#)?;
        assert_eq!(page.into_inner(), 7);
        Ok(())
    }
}

mod int_array {
    use super::Result;
    use mcp_coerce::{IntArray, IntArrayLike, Items};
    use serde::{Deserialize, Serialize};
    use serde_with::serde_as;

    #[test]
    fn int_array_like() -> Result {
        #[serde_as]
        #[derive(Deserialize, Debug)]
        struct Args {
            #[serde_as(as = "IntArrayLike<Items<0, 1000>>")]
            ids: Vec<i64>,
            #[serde_as(as = "IntArrayLike")]
            #[serde(default, skip_serializing_if = "Option::is_none")]
            tags: Option<Vec<u32>>,
        }
        for ids in [r#"[1,2,3]"#, r#""[1,2,3]""#, r#""1, 2, 3""#] {
            let args: Args = mcp_coerce::from_str(&format!(r#"{{"ids": {ids}, "tags": ""}}"#))?;
            assert_eq!(args.ids, [1, 2, 3], "{ids}");
            assert_eq!(args.tags, None, "{ids}");
        }
        Ok(())
    }

    #[test]
    fn deserialize() -> Result {
        #[derive(Deserialize, Debug)]
        struct Args {
            #[serde(deserialize_with = "mcp_coerce::int_array::deserialize")]
            ids: Vec<u64>,
        }
        let args: Args = mcp_coerce::from_str(r#"{"ids": "4, 5"}"#)?;
        assert_eq!(args.ids, [4, 5]);
        Ok(())
    }

    #[test]
    fn serialize() -> Result {
        #[derive(Serialize)]
        struct Out {
            #[serde(serialize_with = "mcp_coerce::int_array::serialize")]
            ids: Vec<i64>,
        }
        assert_eq!(
            serde_json::to_string(&Out { ids: vec![1, 2] })?,
            r#"{"ids":[1,2]}"#
        );
        Ok(())
    }

    #[test]
    fn int_array_wrapper() -> Result {
        #[derive(Deserialize, Debug)]
        struct Args {
            ids: IntArray<i64, Items<1, 10>>,
        }
        let args: Args = mcp_coerce::from_str(r#"{"ids": "[7, 8]"}"#)?;
        assert_eq!(*args.ids, [7, 8]);
        assert!(mcp_coerce::from_str::<Args>(r#"{"ids": []}"#).is_err()); // minItems 1
        Ok(())
    }
}

mod json_object {
    use super::Result;
    use mcp_coerce::{JsonObjectLike, Optional};
    use serde::Deserialize;
    use serde_json::{Map, Value};
    use serde_with::serde_as;

    #[test]
    fn json_object_like_optional() -> Result {
        #[serde_as]
        #[derive(Deserialize, Debug)]
        struct Args {
            #[serde_as(as = "JsonObjectLike<Optional>")]
            #[serde(default, skip_serializing_if = "Option::is_none")]
            options: Option<Map<String, Value>>,
        }
        assert_eq!(
            mcp_coerce::from_str::<Args>(r#"{"options": ""}"#)?.options,
            None
        );
        let args: Args = mcp_coerce::from_str(r#"{"options": "{\"mode\":\"fast\"}"}"#)?;
        assert_eq!(args.options.unwrap()["mode"], "fast");
        Ok(())
    }
}

mod optional {
    use super::Result;
    use mcp_coerce::{EnumLike, IntLike, Optional};
    use serde::{Deserialize, Serialize};
    use serde_with::serde_as;

    #[derive(Deserialize, Serialize, Debug, PartialEq)]
    #[serde(rename_all = "snake_case")]
    enum OrderBy {
        DateDesc,
        DateAsc,
    }

    #[serde_as]
    #[derive(Deserialize, Debug)]
    struct Args {
        #[serde_as(as = "IntLike<1, 100>")]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        limit: Option<u32>,
        #[serde_as(as = "EnumLike<Optional>")]
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order_by: Option<OrderBy>,
    }

    #[test]
    fn optional_module() -> Result {
        for sent in [
            "{}",
            r#"{"limit": null, "order_by": null}"#,
            r#"{"limit": "", "order_by": " "}"#,
        ] {
            let args: Args = mcp_coerce::from_str(sent)?;
            assert_eq!((args.limit, args.order_by), (None, None), "{sent}");
        }
        assert_eq!(
            mcp_coerce::from_str::<Args>(r#"{"limit": "null"}"#)?.limit,
            None
        );
        assert!(mcp_coerce::from_str::<Args>(r#"{"order_by": "null"}"#).is_err()); // not a value
        Ok(())
    }
}

#[cfg(feature = "regex")]
mod pattern {
    use super::Result;
    use mcp_coerce::{Code, PatternLike};
    use serde::Deserialize;
    use serde_with::serde_as;

    #[test]
    fn check_portable() {
        assert!(mcp_coerce::pattern::check_portable(r"^\d+$").is_err()); // `\d` differs between the engines
    }

    mcp_coerce::pattern! {
        pub CardId { name: "card_id", source: r"^ATC-[0-9]{4}-[0-9]{6,}$", example: "ATC-2026-7777670", max_length: 64 }
    }

    #[test]
    fn pattern_like() -> Result {
        #[serde_as]
        #[derive(Deserialize, Debug)]
        struct Args {
            #[serde_as(as = "PatternLike<CardId>")]
            card_id: String,
        }
        let args: Args = mcp_coerce::from_str(r#"{"card_id": " ATC-2026-7777670 "}"#)?;
        assert_eq!(args.card_id, "ATC-2026-7777670");
        let refused =
            mcp_coerce::from_str::<Args>(r#"{"card_id": "../../etc/passwd"}"#).unwrap_err();
        assert_eq!(refused.issues()[0].code(), Code::PatternMismatch);
        Ok(())
    }
}

mod safe_object {
    use super::Result;
    use mcp_coerce::{SafeObject, SafeObjectLike};
    use serde::Deserialize;
    use serde_json::{Map, Value, json};
    use serde_with::serde_as;

    #[test]
    fn safe_object_like() -> Result {
        #[serde_as]
        #[derive(Debug, Deserialize)]
        struct SegmentImage {
            #[serde_as(as = "SafeObjectLike<8>")]
            #[serde(default, skip_serializing_if = "Option::is_none")]
            options: Option<Map<String, Value>>,
        }
        let args: SegmentImage = mcp_coerce::from_str(r#"{"options": "{\"mode\": \"fast\"}"}"#)?;
        assert_eq!(args.options.unwrap()["mode"], "fast");
        let refused = mcp_coerce::from_str::<SegmentImage>(
            r#"{"options": {"a": [{"__proto__": {"admin": true}}]}}"#,
        )
        .unwrap_err();
        assert_eq!(
            refused.issues()[0].path().to_string(),
            "/options/a/0/__proto__"
        );
        assert_eq!(refused.issues()[0].code().as_str(), "forbidden_key");
        Ok(())
    }

    #[test]
    fn deserialize() -> Result {
        #[derive(Deserialize)]
        struct Args {
            #[serde(deserialize_with = "mcp_coerce::safe_object::deserialize")]
            options: Map<String, Value>,
        }
        let args: Args = mcp_coerce::from_str(r#"{"options": {"mode": "fast"}}"#)?;
        assert_eq!(args.options["mode"], "fast");
        assert!(mcp_coerce::from_str::<Args>(r#"{"options": {"prototype": 1}}"#).is_err());
        Ok(())
    }

    #[test]
    fn safe_object_new() {
        let object = json!({"a": {"b": {}}}).as_object().cloned().unwrap();
        assert!(SafeObject::<3>::new(object.clone()).is_ok());
        assert!(SafeObject::<2>::new(object).is_err());
    }
}

mod secret {
    use super::found;
    use mcp_coerce::{Code, Secret, TextLike, Trim};
    use serde::Deserialize;
    use serde_with::serde_as;

    #[test]
    fn secret() {
        #[serde_as]
        #[derive(Deserialize, Debug)]
        #[allow(dead_code)]
        struct Login {
            #[serde_as(as = "Secret<TextLike<8, 64, Trim>>")]
            token: String,
            #[serde_as(as = "Secret")] // a plain `u32`, read by serde
            pin: u32,
        }
        let refused =
            mcp_coerce::from_str::<Login>(r#"{"token": "sk-1", "pin": "12x4"}"#).unwrap_err();
        assert_eq!(
            found(&refused),
            [
                (Code::InvalidType, "/pin".to_string()),
                (Code::TooShort, "/token".to_string())
            ]
        );
    }
}

mod string_array {
    use super::Result;
    use serde::Serialize;

    #[test]
    fn serialize() -> Result {
        #[derive(Serialize)]
        struct Out {
            #[serde(serialize_with = "mcp_coerce::string_array::serialize")]
            tags: Vec<String>,
        }
        let out = Out {
            tags: vec!["a".into()],
        };
        assert_eq!(serde_json::to_string(&out)?, r#"{"tags":["a"]}"#);
        Ok(())
    }
}

mod text {
    use super::Result;
    use mcp_coerce::{Text, TextLike, Trim};
    use serde::Deserialize;
    use serde_with::serde_as;

    #[test]
    fn text_like() -> Result {
        #[serde_as]
        #[derive(Deserialize, Debug)]
        #[allow(dead_code)]
        struct Args {
            #[serde_as(as = "TextLike<3, 300>")]
            query: String,
            #[serde_as(as = "TextLike<1, 100, Trim>")]
            #[serde(default, skip_serializing_if = "Option::is_none")]
            project: Option<String>,
        }
        let args = mcp_coerce::from_str::<Args>(r#"{"query": "abc", "project": ""}"#)?;
        assert_eq!(args.project, None);
        Ok(())
    }

    #[test]
    fn text_wrapper() -> Result {
        #[derive(Deserialize, Debug)]
        struct Args {
            query: Text<3, 300>,
            project: Text<1, 100, Trim>,
        }
        let args: Args = mcp_coerce::from_str(r#"{"query": "deploy", "project": " a "}"#)?;
        assert_eq!(&*args.query, "deploy");
        assert_eq!(args.project.into_inner(), "a");
        Ok(())
    }

    #[test]
    fn text_into_inner() -> Result {
        let text: Text<1, 10> = serde_json::from_str(r#""hi""#)?;
        assert_eq!(text.as_ref(), "hi");
        let text: Text<1, 10, Trim> = serde_json::from_str(r#"" hi ""#)?;
        assert_eq!(text.into_inner(), "hi");
        Ok(())
    }
}

#[cfg(feature = "url")]
mod url {
    use super::Result;
    use mcp_coerce::url::{Url, UrlLike, WhatwgUrl};
    use mcp_coerce::{HttpsOnly, UrlPolicy};
    use serde::Deserialize;
    use serde_with::serde_as;

    #[test]
    fn whatwg_url() -> Result {
        let parsed = WhatwgUrl::parse("https://example.com/a")?;
        assert_eq!(parsed.host_str(), Some("example.com"));
        Ok(())
    }

    struct Cdn;
    impl UrlPolicy for Cdn {
        const SCHEMES: &'static [&'static str] = &["https"];
        const HOSTS: &'static [&'static str] = &["*.cdn.example.com"];
        const EXAMPLE: &'static str = "https://img.cdn.example.com/cat.jpg";
    }

    #[test]
    fn url_like() -> Result {
        #[serde_as]
        #[derive(Debug, Deserialize)]
        struct SegmentImage {
            #[serde_as(as = "UrlLike<Cdn>")]
            image_url: WhatwgUrl,
            #[serde_as(as = "UrlLike")] // HttpsOnly
            #[serde(default, skip_serializing_if = "Option::is_none")]
            callback: Option<String>,
        }
        let args: SegmentImage = mcp_coerce::from_str(
            r#"{"image_url": "HTTPS://Img.CDN.example.com/cat.jpg", "callback": ""}"#,
        )?;
        assert_eq!(
            args.image_url.as_str(),
            "https://img.cdn.example.com/cat.jpg"
        );
        assert_eq!(args.callback, None);
        let refused = mcp_coerce::from_str::<SegmentImage>(
            r#"{"image_url": "https://169.254.169.254/latest/meta-data/"}"#,
        )
        .unwrap_err();
        assert_eq!(refused.issues()[0].path().to_string(), "/image_url");
        assert_eq!(refused.issues()[0].code().as_str(), "url_forbidden");
        Ok(())
    }

    #[test]
    fn deserialize() -> Result {
        #[derive(Deserialize)]
        struct Args {
            #[serde(deserialize_with = "mcp_coerce::url::deserialize::<HttpsOnly, _>")]
            url: WhatwgUrl,
        }
        let args: Args = mcp_coerce::from_str(r#"{"url": "https://Example.com"}"#)?;
        assert_eq!(args.url.as_str(), "https://example.com/");
        Ok(())
    }

    #[test]
    fn url_parse() {
        assert!(Url::<HttpsOnly>::parse("https://[::1]/").is_err());
    }
}
