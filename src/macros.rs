//! Crate-internal macros for the schema impls (feature `schemars`), so each adapter module
//! states only its name and schema.

/// `JsonSchemaAs<Target>` for an adapter, for each listed target: always inline.
macro_rules! json_schema_as {
    (impl $g:tt $adapter:ty => [$($target:ty),+], name = $name:expr, schema = $schema:expr $(,)?) => {
        $(json_schema_as!(@one $g, $adapter, $target, $name, $schema);)+
    };
    (@one [$($g:tt)*], $adapter:ty, $target:ty, $name:expr, $schema:expr) => {
        #[cfg(feature = "schemars")]
        impl<$($g)*> serde_with::schemars_1::JsonSchemaAs<$target> for $adapter {
                fn inline_schema() -> bool {
                    true
                }
                fn schema_name() -> std::borrow::Cow<'static, str> {
                    std::borrow::Cow::Owned($name)
                }
                fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                    $schema
                }
        }
    };
}

/// `JsonSchema` for a wrapper type: always inline.
macro_rules! json_schema_for {
    (impl [$($g:tt)*] $ty:ty, name = $name:expr, schema = $schema:expr $(,)?) => {
        #[cfg(feature = "schemars")]
        impl<$($g)*> schemars::JsonSchema for $ty {
            fn inline_schema() -> bool {
                true
            }
            fn schema_name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Owned($name)
            }
            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                $schema
            }
        }
    };
}
