//! Crate-internal macros for the schema impls (feature `schemars`), so each adapter module
//! states only its name and schema.

/// A schema, with the test kit's annotation while the kit asks for it (feature `testing`).
#[cfg(feature = "testing")]
macro_rules! kit_annotation {
    (adapter $adapter:ty, $target:ty, $schema:expr) => {
        crate::testing::annotate::adapter::<$adapter, $target>($schema)
    };
    (wrapper $ty:ty, $schema:expr) => {
        crate::testing::annotate::wrapper::<$ty>($schema)
    };
    (object $schema:expr, $optional:expr) => {
        crate::testing::annotate::object($schema, $optional)
    };
    (array $schema:expr, $optional:expr) => {
        crate::testing::annotate::array($schema, $optional)
    };
}

#[cfg(all(feature = "schemars", not(feature = "testing")))]
macro_rules! kit_annotation {
    (adapter $adapter:ty, $target:ty, $schema:expr) => {
        $schema
    };
    (wrapper $ty:ty, $schema:expr) => {
        $schema
    };
    (object $schema:expr, $optional:expr) => {
        $schema
    };
    (array $schema:expr, $optional:expr) => {
        $schema
    };
}

/// `JsonSchemaAs<Target>` for an adapter, for each listed target, always inline; `schema =
/// |generator| EXPR` when the schema depends on the generator.
macro_rules! json_schema_as {
    (impl $g:tt $adapter:ty => [$($target:ty),+], name = $name:expr, schema = |$gen:ident| $schema:expr $(,)?) => {
        $(json_schema_as!(@one $g, $adapter, $target, $name, $gen, $schema);)+
    };
    (impl $g:tt $adapter:ty => [$($target:ty),+], name = $name:expr, schema = $schema:expr $(,)?) => {
        $(json_schema_as!(@one $g, $adapter, $target, $name, _generator, $schema);)+
    };
    (@one [$($g:tt)*], $adapter:ty, $target:ty, $name:expr, $gen:ident, $schema:expr) => {
        #[cfg(feature = "schemars")]
        impl<$($g)*> serde_with::schemars_1::JsonSchemaAs<$target> for $adapter {
                fn inline_schema() -> bool {
                    true
                }
                fn schema_name() -> std::borrow::Cow<'static, str> {
                    std::borrow::Cow::Owned($name)
                }
                fn json_schema($gen: &mut schemars::SchemaGenerator) -> schemars::Schema {
                    kit_annotation!(adapter $adapter, $target, $schema)
                }
        }
    };
}

/// `JsonSchema` for a wrapper type: always inline (`schema` as for [`json_schema_as`]).
macro_rules! json_schema_for {
    (impl [$($g:tt)*] $ty:ty, name = $name:expr, schema = |$gen:ident| $schema:expr $(,)?) => {
        json_schema_for!(@one [$($g)*] $ty, $name, $gen, $schema);
    };
    (impl [$($g:tt)*] $ty:ty, name = $name:expr, schema = $schema:expr $(,)?) => {
        json_schema_for!(@one [$($g)*] $ty, $name, _generator, $schema);
    };
    (@one [$($g:tt)*] $ty:ty, $name:expr, $gen:ident, $schema:expr) => {
        #[cfg(feature = "schemars")]
        impl<$($g)*> schemars::JsonSchema for $ty {
            fn inline_schema() -> bool {
                true
            }
            fn schema_name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Owned($name)
            }
            fn json_schema($gen: &mut schemars::SchemaGenerator) -> schemars::Schema {
                kit_annotation!(wrapper $ty, $schema)
            }
        }
    };
}
