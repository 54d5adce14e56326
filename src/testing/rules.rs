//! What the lint and the compatibility check share: their stable-id enums (the levels
//! [`Severity`](super::Severity) and [`Impact`](super::Impact), the rule tables
//! [`Rule`](super::Rule) and [`ChangeRule`](super::ChangeRule)) and their text report.

use std::fmt;

/// An enum whose every variant has a stable id: `fn $id_fn` returns it and `Display`
/// writes it. The second form is a rule table: each rule (documented as its id) also has
/// a level (a first-form enum) returned by `fn $level_fn`, `ALL` lists the rules, and
/// `Serialize` writes the id.
macro_rules! stable_ids {
    (
        $(#[$meta:meta])*
        pub enum $name:ident { $($(#[$doc:meta])* $variant:ident = $id:literal,)* }
        $(#[$id_doc:meta])*
        fn $id_fn:ident;
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($(#[$doc])* $variant,)*
        }

        impl $name {
            $(#[$id_doc])*
            pub fn $id_fn(self) -> &'static str {
                match self {
                    $($name::$variant => $id,)*
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.$id_fn())
            }
        }
    };
    (
        $(#[$meta:meta])*
        pub enum $name:ident { $($variant:ident = $id:literal, $level:ident;)* }
        $(#[$id_doc:meta])*
        fn id;
        $(#[$level_doc:meta])*
        fn $level_fn:ident -> $level_ty:ident;
    ) => {
        $crate::testing::rules::stable_ids! {
            $(#[$meta])*
            #[non_exhaustive]
            pub enum $name { $(#[doc = concat!("`", $id, "`.")] $variant = $id,)* }
            $(#[$id_doc])*
            fn id;
        }

        impl $name {
            /// Every rule, in the order of the table.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            $(#[$level_doc])*
            pub fn $level_fn(self) -> $level_ty {
                match self {
                    $($name::$variant => $level_ty::$level,)*
                }
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.id())
            }
        }
    };
}

pub(crate) use stable_ids;

/// A finding or a change as one line: its level padded to `width`, the tool (`-` for
/// none), the pointer (`""` for the root), the rule in brackets, the message.
pub(super) fn write_line(
    f: &mut fmt::Formatter<'_>,
    width: usize,
    [level, tool, pointer, rule, message]: [&str; 5],
) -> fmt::Result {
    let tool = if tool.is_empty() { "-" } else { tool };
    let pointer = if pointer.is_empty() { "\"\"" } else { pointer };
    write!(f, "{level:width$} {tool} {pointer} [{rule}] {message}")
}

/// Every finding or change, one a line, then `counts`.
pub(super) fn report<T: fmt::Display>(rows: &[T], counts: &str) -> String {
    let mut out = String::new();
    for row in rows {
        out.push_str(&row.to_string());
        out.push('\n');
    }
    out.push_str(counts);
    out.push('\n');
    out
}
