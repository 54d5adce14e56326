//! Every bound and policy a marker takes as a type parameter, and the traits they
//! implement.
//!
//! A marker's parameters come in one order: the element adapter (if any), then bounds, then
//! policies, each with a default, so the common case stays short: `IntLike<1, 50, Clamp>`,
//! `StringArrayLike<Items<1, 10>, NoSplit>`, `ArrayLike<EnumLike, Items<1, 5>>`. Bounds on
//! a value (an integer's range, a string's length) are const parameters of the marker
//! itself; bounds on an item count are an [`Items`] type, so that
//! `IntArrayLike<Items<0, 1000>>` does not read like `IntLike<0, 1000>`'s value range.
//!
//! | trait | implemented by | parameter of |
//! |---|---|---|
//! | [`ItemBounds`] | [`Items`] (the default: any count); any [`SeparatorPolicy`] (any count) | [`IntArrayLike`](crate::IntArrayLike), [`StringArrayLike`](crate::StringArrayLike), [`ArrayLike`](crate::ArrayLike) and their wrappers |
//! | [`NumberBounds`] | [`AnyFinite`] (the default), types declared with [`number_range!`](crate::number_range) | [`NumberLike`](crate::NumberLike), [`Number`](crate::Number) |
//! | [`OutOfRangePolicy`] | [`Reject`] (the default), [`Clamp`] | [`IntLike`](crate::IntLike), [`Int`](crate::Int) |
//! | [`DefaultPolicy`] | [`NoDefault`] (the default), [`DefaultTo`] | [`IntLike`](crate::IntLike), [`Int`](crate::Int) |
//! | [`WhitespacePolicy`] | [`Keep`] (the default), [`Trim`] | [`TextLike`](crate::TextLike), [`Text`](crate::Text) |
//! | [`SeparatorPolicy`] | [`Comma`] (the default), [`NoSplit`], your own | [`StringArrayLike`](crate::StringArrayLike), [`StringArray`](crate::StringArray) |
//! | [`PresencePolicy`] | [`Required`] (the default), [`Optional`] | [`EnumLike`](crate::EnumLike), [`JsonObjectLike`](crate::JsonObjectLike) |
//! | `UrlPolicy` (feature `url`) | `HttpsOnly` (the default), your own | `UrlLike`, `Url` |
//! | [`DateTimePolicy`] | [`OffsetRequired`] (the default), [`AssumeUtc`], [`AssumeOffset`], [`EpochSeconds`], [`EpochMillis`], your own | [`DateTimeLike`](crate::DateTimeLike) |
//!
//! The crate root and the [`prelude`](crate::prelude) re-export every name here. The
//! module is at the bottom of the crate's layers: the adapters, the engine and the rules
//! import it, and it imports none of them.

#[cfg(feature = "url")]
#[cfg_attr(docsrs, doc(cfg(feature = "url")))]
pub use self::urls::{HttpsOnly, UrlPolicy};

mod sealed {
    pub trait OutOfRange {}
    impl OutOfRange for super::Reject {}
    impl OutOfRange for super::Clamp {}

    pub trait Whitespace {}
    impl Whitespace for super::Keep {}
    impl Whitespace for super::Trim {}

    pub trait Presence {}
    impl Presence for super::Required {}
    impl Presence for super::Optional {}

    pub trait ItemBounds {}
    impl<const MIN: usize, const MAX: usize> ItemBounds for super::Items<MIN, MAX> {}
    impl<S: super::SeparatorPolicy> ItemBounds for S {}
}

// Item counts.

/// Inclusive bounds on the number of items of an array: `MIN..=MAX`, published as
/// `minItems` and `maxItems`. The default, `Items`, is any count.
///
/// More than `MAX` items is `too_long`, fewer than `MIN` `too_short`, at the array's path.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, IntArrayLike, Items, NoSplit, StringArrayLike};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntArrayLike<Items<1, 3>>")] // 1 to 3 ids
///     ids: Vec<i64>,
///     #[serde_as(as = "StringArrayLike<Items<0, 5>, NoSplit>")]
///     headings: Vec<String>,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"ids": "1, 2", "headings": "Smith, John"}"#)?;
/// assert_eq!((args.ids, args.headings), (vec![1, 2], vec!["Smith, John".to_owned()]));
/// let refused = mcp_coerce::from_str::<Args>(r#"{"ids": [], "headings": []}"#);
/// assert_eq!(refused.unwrap_err().issues()[0].code(), Code::TooShort);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Items<const MIN: usize = 0, const MAX: usize = { usize::MAX }>;

/// The bounds on an array's number of items: [`Items`], or a [`SeparatorPolicy`] standing
/// alone (any count, that separator), so that `StringArrayLike<NoSplit>` keeps its short
/// spelling.
///
/// Sealed: `Items<MIN, MAX>` covers every bound, and any separator, the crate's or your
/// own, implements it through [`SeparatorPolicy`].
///
/// # Examples
///
/// ```
/// use mcp_coerce::{ItemBounds, Items, NoSplit};
///
/// assert_eq!((<Items<1, 10>>::MIN, <Items<1, 10>>::MAX), (1, 10));
/// assert_eq!((<Items>::MIN, <Items>::MAX), (0, usize::MAX));
/// assert_eq!((NoSplit::MIN, NoSplit::MAX), (0, usize::MAX));
/// ```
pub trait ItemBounds: sealed::ItemBounds {
    /// The fewest items accepted.
    const MIN: usize;
    /// The most items accepted.
    const MAX: usize;
    /// The separator of a string array whose second parameter is `S`: `S` for [`Items`],
    /// the separator itself for a separator standing in the bounds' place (which then
    /// decides, whatever `S` says).
    type Separator<S: SeparatorPolicy>: SeparatorPolicy;
}

impl<const MIN: usize, const MAX: usize> ItemBounds for Items<MIN, MAX> {
    const MIN: usize = MIN;
    const MAX: usize = MAX;
    type Separator<S: SeparatorPolicy> = S;
}

impl<P: SeparatorPolicy> ItemBounds for P {
    const MIN: usize = 0;
    const MAX: usize = usize::MAX;
    type Separator<S: SeparatorPolicy> = P;
}

// Numbers.

/// Inclusive bounds for [`NumberLike`](crate::NumberLike), as associated consts (stable
/// Rust has no `f64` const generics).
///
/// Declare one with [`number_range!`](crate::number_range), which also checks at compile
/// time that the bounds are finite and in order.
///
/// # Examples
///
/// ```
/// use mcp_coerce::NumberBounds;
///
/// mcp_coerce::number_range!(pub Price = 0.0..=1000.0);
/// assert_eq!((Price::MIN, Price::MAX), (0.0, 1000.0));
/// ```
pub trait NumberBounds {
    /// The smallest accepted value.
    const MIN: f64;
    /// The largest accepted value.
    const MAX: f64;
}

/// Any finite `f64`: the default [`NumberBounds`] of [`NumberLike`](crate::NumberLike) and
/// [`Number`](crate::Number).
///
/// # Examples
///
/// ```
/// use mcp_coerce::{AnyFinite, NumberBounds};
///
/// assert_eq!((AnyFinite::MIN, AnyFinite::MAX), (f64::MIN, f64::MAX));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AnyFinite;

impl NumberBounds for AnyFinite {
    const MIN: f64 = f64::MIN;
    const MAX: f64 = f64::MAX;
}

// Integers.

/// What an integer adapter does with an integer outside its bounds: [`Reject`] it (the
/// default) or [`Clamp`] it to the nearest bound.
///
/// Sealed: these two are the policies there are. Either way, a value that is not an
/// integer of the target type (`int_overflow`, `int_parsing`, ...) is refused.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Clamp, OutOfRangePolicy, Reject};
///
/// assert!(Clamp::CLAMP && !Reject::CLAMP);
/// ```
pub trait OutOfRangePolicy: sealed::OutOfRange {
    /// Whether an integer outside the bounds becomes the nearest bound.
    const CLAMP: bool;
}

/// Refuse an integer outside the bounds: `too_small` or `too_big`, with the bound in the
/// issue's context as `minimum`/`maximum`. The default [`OutOfRangePolicy`] of
/// [`IntLike`](crate::IntLike) and [`Int`](crate::Int).
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, IntLike, Reject};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntLike<1, 100, Reject>")] // the same as IntLike<1, 100>
///     limit: u32,
/// }
/// let refused = mcp_coerce::from_str::<Args>(r#"{"limit": 0}"#).unwrap_err();
/// assert_eq!(refused.issues()[0].code(), Code::TooSmall);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Reject;

impl OutOfRangePolicy for Reject {
    const CLAMP: bool = false;
}

/// Clamp an integer outside the bounds to the nearest bound. Values that are not integers
/// of the target type are still refused: `int_overflow` past the type's own range is never
/// clamped (so `-5` is clamped to `1` in an `i64` field but refused in a `u32` one), and its
/// hint and context give the adapter's bounds.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Clamp, IntLike};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntLike<1, 50, Clamp>")]
///     limit: i64,
/// }
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"limit": 99999}"#)?.limit, 50);
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"limit": "-5"}"#)?.limit, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clamp;

impl OutOfRangePolicy for Clamp {
    const CLAMP: bool = true;
}

/// A default value carried by an integer adapter's type; see [`DefaultTo`] and
/// [`NoDefault`].
///
/// # Examples
///
/// ```
/// use mcp_coerce::{DefaultPolicy, DefaultTo, NoDefault};
///
/// assert_eq!(DefaultTo::<20>::VALUE, Some(20));
/// assert_eq!(NoDefault::VALUE, None);
/// ```
pub trait DefaultPolicy {
    /// The default, if there is one.
    const VALUE: Option<i128>;
}

/// No default: `null` is `invalid_type` and `""` is `int_parsing` (in a required field).
/// The default [`DefaultPolicy`] of [`IntLike`](crate::IntLike) and [`Int`](crate::Int).
///
/// # Examples
///
/// ```
/// use mcp_coerce::IntLike;
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntLike")] // IntLike<{ i128::MIN }, { i128::MAX }, Reject, NoDefault>
///     page: u64,
/// }
/// assert!(mcp_coerce::from_str::<Args>(r#"{"page": null}"#).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NoDefault;

impl DefaultPolicy for NoDefault {
    const VALUE: Option<i128> = None;
}

/// The default `V`: `null`, `""` and `"null"` give `V`.
///
/// An *absent* field is serde's business, not the adapter's: serde never calls an adapter
/// for a field that is not there. So that an absent field gets `V` too:
///
/// - on a wrapper field ([`Int`](crate::Int)), write `#[serde(default)]`: the wrapper's
///   `Default` is `V`, and the value is written once;
/// - on a plain integer field with the adapter ([`IntLike`](crate::IntLike)), write
///   `#[serde(default = "DefaultTo::<V>::value")]` (a bare `#[serde(default)]` would give
///   the integer's own default, `0`, which may even lie outside the bounds; without any
///   `default` the field is required and an absent one is `missing`). schemars reads the
///   same function, so the published `default` is `V` and the field is not `required`.
///   Nothing ties that `V` to the adapter's (write the same number twice, or prefer the
///   wrapper, where the value is written once).
///
/// On an `Option` field, the type's default answers `null`, `""` and `"null"` with
/// `Some(V)`, while an absent field under `#[serde(default)]` is `None`: a field that
/// always has a value is better declared as a plain integer, as above.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Clamp, DefaultTo, IntLike};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntLike<1, 100, Clamp, DefaultTo<20>>")]
///     #[serde(default = "DefaultTo::<20>::value")]
///     limit: u32,
/// }
/// assert_eq!(mcp_coerce::from_str::<Args>("{}")?.limit, 20);
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"limit": null}"#)?.limit, 20);
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"limit": "500"}"#)?.limit, 100);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DefaultTo<const V: i128>;

impl<const V: i128> DefaultPolicy for DefaultTo<V> {
    const VALUE: Option<i128> = Some(V);
}

// Strings.

/// What a text adapter does with leading and trailing whitespace before it counts the
/// chars: [`Keep`] it (the default) or [`Trim`] it.
///
/// Sealed: these two are the policies there are.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Keep, Trim, WhitespacePolicy};
///
/// assert!(Trim::TRIM && !Keep::TRIM);
/// ```
pub trait WhitespacePolicy: sealed::Whitespace {
    /// Whether Unicode White_Space and U+FEFF are trimmed from both ends.
    const TRIM: bool;
}

/// Keep the string verbatim: whitespace counts toward the length and stays in the value.
/// The default [`WhitespacePolicy`] of [`TextLike`](crate::TextLike) and
/// [`Text`](crate::Text).
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Keep, TextLike};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "TextLike<3, 300, Keep>")] // the same as TextLike<3, 300>
///     query: String,
/// }
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"query": " rust "}"#)?.query, " rust ");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Keep;

impl WhitespacePolicy for Keep {
    const TRIM: bool = false;
}

/// Trim Unicode White_Space and U+FEFF from both ends, then count the chars. The schema
/// adds a `pattern` that refuses leading and trailing whitespace (the trimmed value's
/// canonical form).
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, TextLike, Trim};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "TextLike<1, { usize::MAX }, Trim>")] // non-empty after trimming
///     name: String,
/// }
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"name": " Ada "}"#)?.name, "Ada");
/// let refused = mcp_coerce::from_str::<Args>(r#"{"name": "   "}"#).unwrap_err();
/// assert_eq!(refused.issues()[0].code(), Code::TooShort);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Trim;

impl WhitespacePolicy for Trim {
    const TRIM: bool = true;
}

// String arrays.

/// How a string array adapter splits a plain string (not JSON array text) into elements.
///
/// The crate provides [`Comma`] (the default) and [`NoSplit`]; implement it for another
/// separator. A separator may stand alone in the bounds' place (`StringArrayLike<NoSplit>`,
/// any count), or after them (`StringArrayLike<Items<1, 10>, NoSplit>`).
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Items, SeparatorPolicy, StringArrayLike};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// struct Semicolon;
/// impl SeparatorPolicy for Semicolon {
///     const SEPARATOR: Option<char> = Some(';');
/// }
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "StringArrayLike<Semicolon>")]
///     names: Vec<String>,
///     #[serde_as(as = "StringArrayLike<Items<1, 2>, Semicolon>")]
///     cities: Vec<String>,
/// }
/// let args: Args = mcp_coerce::from_str(
///     r#"{"names": "Smith, John; Doe, Jane", "cities": "Paris, TX; Rome"}"#,
/// )?;
/// assert_eq!(args.names, ["Smith, John", "Doe, Jane"]);
/// assert_eq!(args.cities, ["Paris, TX", "Rome"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait SeparatorPolicy {
    /// The char that separates elements, or `None` to keep the string whole.
    const SEPARATOR: Option<char>;
}

/// Split plain strings at commas: for identifiers and keywords. The default
/// [`SeparatorPolicy`] of [`StringArrayLike`](crate::StringArrayLike) and
/// [`StringArray`](crate::StringArray).
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Comma, StringArrayLike};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "StringArrayLike<Comma>")] // the same as StringArrayLike
///     tags: Vec<String>,
/// }
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"tags": "a, b"}"#)?.tags, ["a", "b"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Comma;

impl SeparatorPolicy for Comma {
    const SEPARATOR: Option<char> = Some(',');
}

/// Never split: a plain string becomes a one-element array (trimmed). For free-text
/// elements that may contain commas (`"Smith, John"`, headings). JSON array text is still
/// parsed.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{NoSplit, StringArrayLike};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "StringArrayLike<NoSplit>")]
///     headings: Vec<String>,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"headings": " Smith, John "}"#)?;
/// assert_eq!(args.headings, ["Smith, John"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NoSplit;

impl SeparatorPolicy for NoSplit {
    const SEPARATOR: Option<char> = None;
}

// Presence.

/// Whether an adapter generic over any type reads a field of the value itself
/// ([`Required`], the default) or an `Option` of it ([`Optional`]).
///
/// Every other adapter serves both fields with one marker; one generic over any `T` cannot
/// (E0119: `Option<T>` is itself a `T`), so it takes this flag; see
/// [`optional`](crate::optional). Sealed: these two are the flags there are.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Optional, PresencePolicy, Required};
///
/// assert!(Optional::OPTIONAL && !Required::OPTIONAL);
/// ```
pub trait PresencePolicy: sealed::Presence {
    /// Whether the field is an `Option`, read with the crate's optional rules.
    const OPTIONAL: bool;
}

/// The flag of an adapter generic over any type for a field of the value itself:
/// `EnumLike` (that is, `EnumLike<Required>`) on a `Category` field, `JsonObjectLike` on a
/// `Filter` field. The default [`PresencePolicy`]; see [`optional`](crate::optional).
///
/// # Examples
///
/// ```
/// use mcp_coerce::{JsonObjectLike, Required};
/// use serde::Deserialize;
/// use serde_json::{Map, Value};
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "JsonObjectLike<Required>")] // the same as JsonObjectLike
///     filter: Map<String, Value>,
/// }
/// assert!(mcp_coerce::from_str::<Args>(r#"{"filter": null}"#).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Required;

impl PresencePolicy for Required {
    const OPTIONAL: bool = false;
}

/// The flag of an adapter generic over any type for an `Option` field, with the rules of
/// [`optional`](crate::optional): `EnumLike<Optional>` on an `Option<Category>` field,
/// `JsonObjectLike<Optional>` on an `Option<Filter>` field.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{JsonObjectLike, Optional};
/// use serde::Deserialize;
/// use serde_json::{Map, Value};
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "JsonObjectLike<Optional>")]
///     #[serde(default, skip_serializing_if = "Option::is_none")]
///     filter: Option<Map<String, Value>>,
/// }
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"filter": "null"}"#)?.filter, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Optional;

impl PresencePolicy for Optional {
    const OPTIONAL: bool = true;
}

// URLs.

#[cfg(feature = "url")]
mod urls {
    /// What URLs a field accepts: the schemes, the hosts, the maximum length, and an
    /// example for hints. Implement it on a unit struct and name it in
    /// [`UrlLike`](crate::UrlLike) or [`Url`](crate::Url).
    ///
    /// Whatever the policy says, [`check_url`](crate::url::check_url) refuses a URL with
    /// userinfo (`user:pw@`), without a host, or whose host is internal (`localhost`,
    /// `*.localhost`, loopback, private, link-local, documentation and the other
    /// special-purpose addresses that are not globally reachable, in any spelling; the list
    /// is under [`check_url`](crate::url::check_url)); the allowlist only narrows further
    /// and cannot let those back in (an entry naming an internal address never matches).
    ///
    /// The entries are checked when code using the policy is built (a compile-time
    /// assertion evaluated at monomorphization, so `cargo build` and `cargo test` see it
    /// and `cargo check` does not): at least one scheme; schemes lowercase
    /// (`[a-z][a-z0-9+.-]*`); hosts lowercase ASCII (an internationalized name in its
    /// `xn--` form), non-empty, without a trailing dot, either an exact host
    /// (`api.example.com`, an IPv4 address such as `1.2.3.4`, an IPv6 address in brackets
    /// such as `[2606:4700::1111]`, as the parser serializes them) or `*.` followed by a
    /// domain.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::UrlPolicy;
    /// use mcp_coerce::url::check_url;
    ///
    /// /// Images from our CDN only.
    /// struct Cdn;
    /// impl UrlPolicy for Cdn {
    ///     const SCHEMES: &'static [&'static str] = &["https"];
    ///     const HOSTS: &'static [&'static str] = &["*.cdn.example.com"];
    ///     const EXAMPLE: &'static str = "https://img.cdn.example.com/cat.jpg";
    /// }
    ///
    /// assert_eq!(check_url::<Cdn>("https://IMG.cdn.example.com/cat.jpg")?.as_str(),
    ///            "https://img.cdn.example.com/cat.jpg");
    /// assert!(check_url::<Cdn>("https://cdn.example.com/cat.jpg").is_err()); // the bare apex
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// A policy that breaks the entry rules does not compile once it is used:
    ///
    /// ```compile_fail
    /// use mcp_coerce::UrlPolicy;
    /// use mcp_coerce::url::check_url;
    ///
    /// struct Shouting;
    /// impl UrlPolicy for Shouting {
    ///     const SCHEMES: &'static [&'static str] = &["HTTPS"];
    ///     const EXAMPLE: &'static str = "https://example.com/";
    /// }
    /// let _ = check_url::<Shouting>("https://example.com/");
    /// ```
    pub trait UrlPolicy {
        /// The schemes allowed, lowercase, without the colon: `&["https"]`.
        const SCHEMES: &'static [&'static str];
        /// The hosts allowed: exact hosts and `*.domain` patterns (any depth of subdomain
        /// of `domain`, never `domain` itself). Empty (the default) means any public host.
        const HOSTS: &'static [&'static str] = &[];
        /// The most chars a URL may have, counted on the trimmed input before parsing and
        /// on the normalized serialization after it.
        const MAX_LEN: usize = 2048;
        /// An acceptable URL, shown in hints: `"https://img.cdn.example.com/cat.jpg"`.
        const EXAMPLE: &'static str;

        /// One line saying what the policy accepts, for a field's schema `description`
        /// (JSON Schema cannot express a host policy).
        ///
        /// # Examples
        ///
        /// ```
        /// use mcp_coerce::{HttpsOnly, UrlPolicy};
        ///
        /// assert_eq!(
        ///     HttpsOnly::description(),
        ///     "absolute URL (scheme https; any public host; no user name or password; \
        ///      no localhost or private, loopback or link-local IP addresses; at most 2048 chars)"
        /// );
        /// ```
        fn description() -> String {
            let hosts = if Self::HOSTS.is_empty() {
                "any public host".to_owned()
            } else {
                format!("host {}", Self::HOSTS.join(", "))
            };
            format!(
                "absolute URL (scheme {}; {hosts}; no user name or password; no localhost or \
                 private, loopback or link-local IP addresses; at most {} chars)",
                Self::SCHEMES.join(", "),
                Self::MAX_LEN
            )
        }
    }

    /// The common policy: `https` to any public host, at most 2048 chars. The default
    /// [`UrlPolicy`] of [`UrlLike`](crate::UrlLike) and [`Url`](crate::Url).
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::HttpsOnly;
    /// use mcp_coerce::url::check_url;
    ///
    /// assert!(check_url::<HttpsOnly>("https://example.org/a.png").is_ok());
    /// assert!(check_url::<HttpsOnly>("http://example.org/a.png").is_err());
    /// assert!(check_url::<HttpsOnly>("https://10.0.0.7/").is_err());
    /// ```
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub struct HttpsOnly;

    impl UrlPolicy for HttpsOnly {
        const SCHEMES: &'static [&'static str] = &["https"];
        const EXAMPLE: &'static str = "https://example.com/image.png";
    }
}

// Date-times.

/// The unit of epoch numbers a [`DateTimePolicy`] reads as date-times.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EpochUnit {
    /// Seconds since 1970-01-01T00:00:00Z (a fraction of up to 9 digits is kept).
    Seconds,
    /// Milliseconds since 1970-01-01T00:00:00Z (whole numbers only).
    Milliseconds,
}

/// What a [`DateTimeLike`](crate::DateTimeLike) field assumes where RFC 3339 leaves
/// nothing to assume: the offset of a date-time sent without one, whether a bare date is
/// its day's start, whether numbers are epoch time. Each assumption is explicit, and none
/// is made by default ([`OffsetRequired`]): a wrong guess moves an event by hours.
///
/// Offsets are fixed (no named time zones: their rules change, and a zone database is a
/// dependency). A bare date's start of day is at the assumed offset, or UTC when none is
/// assumed. Epoch numbers are never guessed from their size: the policy names the unit.
///
/// | policy | no offset | bare date | numbers |
/// |---|---|---|---|
/// | [`OffsetRequired`] (the default) | refused | refused | refused |
/// | [`AssumeUtc`] | UTC | refused | refused |
/// | [`AssumeOffset<MINUTES>`](AssumeOffset) | that offset | refused | refused |
/// | [`EpochSeconds`], [`EpochMillis`] | refused | refused | epoch time, written at UTC |
/// | your own | your choice of the three | | |
///
/// # Examples
///
/// ```
/// use mcp_coerce::{DateTimeLike, DateTimePolicy, EpochUnit};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// /// Local times of the office in Berlin in winter, dates as midnight, epoch seconds.
/// struct Office;
/// impl DateTimePolicy for Office {
///     const ASSUME_OFFSET_MINUTES: Option<i32> = Some(60);
///     const DATE_AS_START_OF_DAY: bool = true;
///     const EPOCH: Option<EpochUnit> = Some(EpochUnit::Seconds);
/// }
///
/// #[serde_as]
/// #[derive(Deserialize)]
/// struct Args {
///     #[serde_as(as = "[DateTimeLike<Office>; 3]")]
///     at: [String; 3],
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"at": ["2026-01-15 10:00", "2026-01-15", 1768471200]}"#)?;
/// assert_eq!(args.at, ["2026-01-15T10:00:00+01:00", "2026-01-15T00:00:00+01:00", "2026-01-15T10:00:00Z"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait DateTimePolicy {
    /// The offset, in minutes east of UTC (west negative, at most 1439 either way), of a
    /// date-time sent without one; `None` (the default) refuses it.
    const ASSUME_OFFSET_MINUTES: Option<i32> = None;
    /// Whether a bare date (`2026-01-15`) reads as the start of that day; `false` (the
    /// default) refuses it.
    const DATE_AS_START_OF_DAY: bool = false;
    /// Whether JSON numbers and numeric text read as epoch time, and in which unit; `None`
    /// (the default) refuses them.
    const EPOCH: Option<EpochUnit> = None;
}

/// Every date-time has its offset; bare dates and numbers are refused. The default
/// [`DateTimePolicy`].
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, DateTimeLike};
/// # use serde::Deserialize;
/// # use serde_with::serde_as;
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "DateTimeLike")]
///     start: String,
/// }
/// let refused = mcp_coerce::from_str::<Args>(r#"{"start": "2026-01-15T10:00:00"}"#).unwrap_err();
/// assert_eq!(refused.issues()[0].code(), Code::FormatInvalid);
/// assert_eq!(refused.issues()[0].hint(), "add the UTC offset, e.g. 2026-01-15T10:00:00Z");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OffsetRequired;

impl DateTimePolicy for OffsetRequired {}

/// A date-time without an offset is at UTC.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{AssumeUtc, DateTimeLike};
/// # use serde::Deserialize;
/// # use serde_with::serde_as;
/// #[serde_as]
/// #[derive(Deserialize)]
/// struct Args {
///     #[serde_as(as = "DateTimeLike<AssumeUtc>")]
///     start: String,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"start": "2026-01-15 10:00"}"#)?;
/// assert_eq!(args.start, "2026-01-15T10:00:00Z");
/// # Ok::<(), mcp_coerce::Rejection>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AssumeUtc;

impl DateTimePolicy for AssumeUtc {
    const ASSUME_OFFSET_MINUTES: Option<i32> = Some(0);
}

/// A date-time without an offset is `MINUTES` east of UTC (negative: west). An offset
/// beyond ±1439 minutes does not compile once used.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{AssumeOffset, DateTimeLike};
/// # use serde::Deserialize;
/// # use serde_with::serde_as;
/// #[serde_as]
/// #[derive(Deserialize)]
/// struct Args {
///     #[serde_as(as = "DateTimeLike<AssumeOffset<-300>>")] // UTC-05:00
///     start: String,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"start": "2026-01-15T10:00"}"#)?;
/// assert_eq!(args.start, "2026-01-15T10:00:00-05:00");
/// # Ok::<(), mcp_coerce::Rejection>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AssumeOffset<const MINUTES: i32>;

impl<const MINUTES: i32> DateTimePolicy for AssumeOffset<MINUTES> {
    const ASSUME_OFFSET_MINUTES: Option<i32> = Some(MINUTES);
}

/// Numbers (and numeric text) are seconds since the Unix epoch; text needs its offset.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{DateTimeLike, EpochSeconds};
/// # use serde::Deserialize;
/// # use serde_with::serde_as;
/// #[serde_as]
/// #[derive(Deserialize)]
/// struct Args {
///     #[serde_as(as = "DateTimeLike<EpochSeconds>")]
///     at: String,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"at": 1768471200}"#)?;
/// assert_eq!(args.at, "2026-01-15T10:00:00Z");
/// # Ok::<(), mcp_coerce::Rejection>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EpochSeconds;

impl DateTimePolicy for EpochSeconds {
    const EPOCH: Option<EpochUnit> = Some(EpochUnit::Seconds);
}

/// Numbers (and numeric text) are milliseconds since the Unix epoch; text needs its
/// offset.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{DateTimeLike, EpochMillis};
/// # use serde::Deserialize;
/// # use serde_with::serde_as;
/// #[serde_as]
/// #[derive(Deserialize)]
/// struct Args {
///     #[serde_as(as = "DateTimeLike<EpochMillis>")]
///     at: String,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"at": "1768471200250"}"#)?;
/// assert_eq!(args.at, "2026-01-15T10:00:00.25Z");
/// # Ok::<(), mcp_coerce::Rejection>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EpochMillis;

impl DateTimePolicy for EpochMillis {
    const EPOCH: Option<EpochUnit> = Some(EpochUnit::Milliseconds);
}
