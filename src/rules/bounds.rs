//! Numeric bounds a schema states: `minimum`, `maximum` and their exclusive forms.
#![cfg_attr(not(feature = "coercer"), allow(dead_code, unused_imports))]

use serde_json::{Number, Value};

use crate::issue::{Code, Issue};

/// `too_small`: below `min` (or at it, when `exclusive`).
#[cold]
pub(crate) fn too_small(min: &Number, exclusive: bool) -> Issue {
    let (message, hint, key) = if exclusive {
        (
            format!("must be greater than {min}"),
            format!("send a number greater than {min}"),
            "exclusiveMinimum",
        )
    } else {
        (
            format!("must be at least {min}"),
            format!("send a number of at least {min}"),
            "minimum",
        )
    };
    Issue::new(Code::TooSmall, message)
        .with_hint(hint)
        .with_context(key, Value::Number(min.clone()))
}

/// `too_big`: above `max` (or at it, when `exclusive`).
#[cold]
pub(crate) fn too_big(max: &Number, exclusive: bool) -> Issue {
    let (message, hint, key) = if exclusive {
        (
            format!("must be less than {max}"),
            format!("send a number less than {max}"),
            "exclusiveMaximum",
        )
    } else {
        (
            format!("must be at most {max}"),
            format!("send a number of at most {max}"),
            "maximum",
        )
    };
    Issue::new(Code::TooBig, message)
        .with_hint(hint)
        .with_context(key, Value::Number(max.clone()))
}
