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
//! The crate root and the [`prelude`](crate::prelude) re-export every name here.

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
/// let args: Args = mcp_coerce::from_str(r#"{"ids": "1, 2", "headings": " Smith, John "}"#)?;
/// assert_eq!((args.ids, args.headings), (vec![1, 2], vec!["Smith, John".to_owned()]));
/// let refused = mcp_coerce::from_str::<Args>(r#"{"ids": [], "headings": []}"#);
/// assert_eq!(refused.unwrap_err().issues()[0].code(), Code::TooShort);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// `MIN` above `MAX` does not compile once used:
///
/// ```compile_fail
/// let _ = mcp_coerce::IntArray::<i64, mcp_coerce::Items<3, 1>>::new(vec![1, 2]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Items<const MIN: usize = 0, const MAX: usize = { usize::MAX }>;

/// The bounds on an array's number of items: [`Items`], or a [`SeparatorPolicy`] standing
/// alone (any count, that separator), so that `StringArrayLike<NoSplit>` stays short. Sealed.
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
    /// The separator of a string array whose second parameter is `S`: `S` for [`Items`]; a
    /// separator standing in the bounds' place decides, whatever `S` says.
    type Separator<S: SeparatorPolicy>: SeparatorPolicy;
}

// A compile-time error where `MIN > MAX`, which no array meets.
impl<const MIN: usize, const MAX: usize> ItemBounds for Items<MIN, MAX> {
    const MIN: usize = {
        assert!(MIN <= MAX, "item bounds: MIN must not exceed MAX");
        MIN
    };
    const MAX: usize = {
        assert!(MIN <= MAX, "item bounds: MIN must not exceed MAX");
        MAX
    };
    type Separator<S: SeparatorPolicy> = S;
}

impl<P: SeparatorPolicy> ItemBounds for P {
    const MIN: usize = 0;
    const MAX: usize = usize::MAX;
    type Separator<S: SeparatorPolicy> = P;
}

// Numbers.

/// Inclusive bounds for [`NumberLike`](crate::NumberLike), as associated consts (stable
/// Rust has no `f64` const generics). Declare one with [`number_range!`](crate::number_range),
/// which checks at compile time that the bounds are finite and in order.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{AnyFinite, NumberBounds};
///
/// mcp_coerce::number_range!(pub Price = 0.0..=1000.0);
/// assert_eq!((Price::MIN, Price::MAX), (0.0, 1000.0));
/// assert_eq!((AnyFinite::MIN, AnyFinite::MAX), (f64::MIN, f64::MAX));
/// ```
pub trait NumberBounds {
    /// The smallest accepted value.
    const MIN: f64;
    /// The largest accepted value.
    const MAX: f64;
}

/// Any finite `f64`: the default [`NumberBounds`] of [`NumberLike`](crate::NumberLike) and
/// [`Number`](crate::Number).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AnyFinite;

impl NumberBounds for AnyFinite {
    const MIN: f64 = f64::MIN;
    const MAX: f64 = f64::MAX;
}

// Integers.

/// What an integer adapter does with an integer outside its bounds: [`Reject`] it (the
/// default) or [`Clamp`] it to the nearest bound. Sealed. Either way, a value that is not an
/// integer of the target type (`int_overflow`, `int_parsing`, ...) is refused.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Clamp, Code, IntLike, OutOfRangePolicy, Reject};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntLike<1, 100, Reject>")] // the same as IntLike<1, 100>
///     limit: u32,
///     #[serde_as(as = "IntLike<1, 50, Clamp>")]
///     page: i64,
/// }
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"limit": 5, "page": 99999}"#)?.page, 50);
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"limit": 5, "page": "-5"}"#)?.page, 1);
/// let refused = mcp_coerce::from_str::<Args>(r#"{"limit": 0, "page": 1}"#).unwrap_err();
/// assert_eq!(refused.issues()[0].code(), Code::TooSmall);
/// assert!(Clamp::CLAMP && !Reject::CLAMP);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait OutOfRangePolicy: sealed::OutOfRange {
    /// Whether an integer outside the bounds becomes the nearest bound.
    const CLAMP: bool;
}

/// Refuse an integer outside the bounds: `too_small` or `too_big`, the bound in the issue's
/// context. The default [`OutOfRangePolicy`] of [`IntLike`](crate::IntLike) and
/// [`Int`](crate::Int); example under [`OutOfRangePolicy`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Reject;

impl OutOfRangePolicy for Reject {
    const CLAMP: bool = false;
}

/// Clamp an integer outside the bounds to the nearest bound; past the target type's own
/// range is still `int_overflow` (`-5` becomes `1` in an `i64` field, is refused in a `u32`
/// one). Example under [`OutOfRangePolicy`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clamp;

impl OutOfRangePolicy for Clamp {
    const CLAMP: bool = true;
}

/// A default value carried by an integer adapter's type: [`NoDefault`] (the default) or
/// [`DefaultTo`].
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Clamp, DefaultPolicy, DefaultTo, IntLike, NoDefault};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "IntLike")] // IntLike<{ i128::MIN }, { i128::MAX }, Reject, NoDefault>
///     page: u64,
///     #[serde_as(as = "IntLike<1, 100, Clamp, DefaultTo<20>>")]
///     #[serde(default = "DefaultTo::<20>::value")]
///     limit: u32,
/// }
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"page": 1}"#)?.limit, 20);
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"page": 1, "limit": null}"#)?.limit, 20);
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"page": 1, "limit": "500"}"#)?.limit, 100);
/// assert!(mcp_coerce::from_str::<Args>(r#"{"page": null}"#).is_err());
/// assert_eq!((DefaultTo::<20>::VALUE, NoDefault::VALUE), (Some(20), None));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait DefaultPolicy {
    /// The default, if there is one.
    const VALUE: Option<i128>;
}

/// No default: `null` is `invalid_type` and `""` is `int_parsing` (in a required field).
/// The default [`DefaultPolicy`] of [`IntLike`](crate::IntLike) and [`Int`](crate::Int).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NoDefault;

impl DefaultPolicy for NoDefault {
    const VALUE: Option<i128> = None;
}

/// The default `V`: `null`, `""` and `"null"` give `V`. An absent field gets `V` only through
/// serde: `#[serde(default)]` on the wrapper [`Int`](crate::Int),
/// `#[serde(default = "DefaultTo::<V>::value")]` on a plain integer field (docs/contract.md,
/// Scalars). Example under [`DefaultPolicy`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DefaultTo<const V: i128>;

impl<const V: i128> DefaultPolicy for DefaultTo<V> {
    const VALUE: Option<i128> = Some(V);
}

// Strings.

/// What a text adapter does with leading and trailing whitespace before it counts the
/// chars: [`Keep`] it (the default) or [`Trim`] it. Sealed.
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Code, Keep, TextLike, Trim, WhitespacePolicy};
/// use serde::Deserialize;
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "TextLike<3, 300, Keep>")] // the same as TextLike<3, 300>
///     query: String,
///     #[serde_as(as = "TextLike<1, { usize::MAX }, Trim>")] // non-empty after trimming
///     name: String,
/// }
/// let args: Args = mcp_coerce::from_str(r#"{"query": " rust ", "name": " Ada "}"#)?;
/// assert_eq!((args.query.as_str(), args.name.as_str()), (" rust ", "Ada"));
/// let refused = mcp_coerce::from_str::<Args>(r#"{"query": "rust", "name": "   "}"#).unwrap_err();
/// assert_eq!(refused.issues()[0].code(), Code::TooShort);
/// assert!(Trim::TRIM && !Keep::TRIM);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait WhitespacePolicy: sealed::Whitespace {
    /// Whether Unicode White_Space and U+FEFF are trimmed from both ends.
    const TRIM: bool;
}

/// Keep the string verbatim: whitespace counts toward the length and stays in the value.
/// The default [`WhitespacePolicy`] of [`TextLike`](crate::TextLike) and [`Text`](crate::Text).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Keep;

impl WhitespacePolicy for Keep {
    const TRIM: bool = false;
}

/// Trim Unicode White_Space and U+FEFF from both ends, then count the chars; the schema adds
/// a `pattern` refusing edge whitespace. Example under [`WhitespacePolicy`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Trim;

impl WhitespacePolicy for Trim {
    const TRIM: bool = true;
}

// String arrays.

/// How a string array adapter splits a plain string (not JSON array text) into elements:
/// [`Comma`] (the default), [`NoSplit`], or your own. A separator stands alone in the bounds'
/// place (`StringArrayLike<NoSplit>`) or after them (`StringArrayLike<Items<1, 10>, NoSplit>`).
///
/// # Examples
///
/// ```
/// use mcp_coerce::{Comma, Items, SeparatorPolicy, StringArrayLike};
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
///     #[serde_as(as = "StringArrayLike<Comma>")] // the same as StringArrayLike
///     tags: Vec<String>,
/// }
/// let args: Args = mcp_coerce::from_str(
///     r#"{"names": "Smith, John; Doe, Jane", "cities": "Paris, TX; Rome", "tags": "a, b"}"#,
/// )?;
/// assert_eq!(args.names, ["Smith, John", "Doe, Jane"]);
/// assert_eq!(args.cities, ["Paris, TX", "Rome"]);
/// assert_eq!(args.tags, ["a", "b"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait SeparatorPolicy {
    /// The char that separates elements, or `None` to keep the string whole.
    const SEPARATOR: Option<char>;
}

/// Split plain strings at commas: for identifiers and keywords. The default
/// [`SeparatorPolicy`] of [`StringArrayLike`](crate::StringArrayLike) and
/// [`StringArray`](crate::StringArray).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Comma;

impl SeparatorPolicy for Comma {
    const SEPARATOR: Option<char> = Some(',');
}

/// Never split: a plain string becomes a one-element array (trimmed), for free text that may
/// contain commas (`"Smith, John"`). JSON array text is still parsed. Example under [`Items`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NoSplit;

impl SeparatorPolicy for NoSplit {
    const SEPARATOR: Option<char> = None;
}

// Presence.

/// Whether an adapter generic over any type reads a field of the value itself
/// ([`Required`], the default) or an `Option` of it ([`Optional`]): one generic over any `T`
/// cannot serve both (E0119: `Option<T>` is itself a `T`); see [`optional`](crate::optional).
///
/// # Examples
///
/// ```
/// use mcp_coerce::{JsonObjectLike, Optional, PresencePolicy, Required};
/// use serde::Deserialize;
/// use serde_json::{Map, Value};
/// use serde_with::serde_as;
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Args {
///     #[serde_as(as = "JsonObjectLike<Required>")] // the same as JsonObjectLike
///     filter: Map<String, Value>,
///     #[serde_as(as = "JsonObjectLike<Optional>")]
///     #[serde(default, skip_serializing_if = "Option::is_none")]
///     extra: Option<Map<String, Value>>,
/// }
/// assert!(mcp_coerce::from_str::<Args>(r#"{"filter": null}"#).is_err());
/// assert_eq!(mcp_coerce::from_str::<Args>(r#"{"filter": {}, "extra": "null"}"#)?.extra, None);
/// assert!(Optional::OPTIONAL && !Required::OPTIONAL);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait PresencePolicy: sealed::Presence {
    /// Whether the field is an `Option`, read with the crate's optional rules.
    const OPTIONAL: bool;
}

/// The flag for a field of the value itself (`EnumLike` on a `Category` field): the default
/// [`PresencePolicy`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Required;

impl PresencePolicy for Required {
    const OPTIONAL: bool = false;
}

/// The flag for an `Option` field, with the rules of [`optional`](crate::optional):
/// `EnumLike<Optional>` on an `Option<Category>` field.
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
    /// Whatever the policy says, [`check_url`](crate::url::check_url) refuses userinfo,
    /// host-less URLs and internal hosts (listed there); the allowlist only narrows.
    ///
    /// The entries are checked at monomorphization (`cargo build`/`test`, not `cargo check`):
    /// at least one scheme, lowercase (`[a-z][a-z0-9+.-]*`); hosts lowercase ASCII (`xn--`
    /// for IDNs), non-empty, no trailing dot, an exact host as the parser serializes it
    /// (`api.example.com`, `1.2.3.4`, `[2606:4700::1111]`) or `*.` and a domain.
    ///
    /// # Examples
    ///
    /// ```
    /// use mcp_coerce::url::check_url;
    /// use mcp_coerce::{HttpsOnly, UrlPolicy};
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
    ///
    /// // The default policy: https to any public host.
    /// assert!(check_url::<HttpsOnly>("https://example.org/a.png").is_ok());
    /// assert!(check_url::<HttpsOnly>("http://example.org/a.png").is_err());
    /// assert!(check_url::<HttpsOnly>("https://10.0.0.7/").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// A policy that breaks the entry rules does not compile once used:
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
        /// Allowed hosts: exact, or `*.domain` (any subdomain, never the apex); empty: any
        /// public.
        const HOSTS: &'static [&'static str] = &[];
        /// The most chars a URL may have, before parsing and after normalization.
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
    /// [`UrlPolicy`] of [`UrlLike`](crate::UrlLike) and [`Url`](crate::Url); example under
    /// [`UrlPolicy`].
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

/// What a [`DateTimeLike`](crate::DateTimeLike) field assumes where RFC 3339 leaves nothing
/// to assume. Nothing is assumed by default ([`OffsetRequired`]): a wrong guess moves an event
/// by hours. Offsets are fixed (no named zones); epoch units are named, never guessed.
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
/// use mcp_coerce::{AssumeOffset, AssumeUtc, Code, DateTimeLike, DateTimePolicy};
/// use mcp_coerce::{EpochMillis, EpochSeconds, EpochUnit};
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
///     #[serde_as(as = "DateTimeLike<AssumeUtc>")]
///     utc: String,
///     #[serde_as(as = "DateTimeLike<AssumeOffset<-300>>")] // UTC-05:00
///     west: String,
///     #[serde_as(as = "DateTimeLike<EpochSeconds>")]
///     secs: String,
///     #[serde_as(as = "DateTimeLike<EpochMillis>")]
///     millis: String,
/// }
/// let args: Args = mcp_coerce::from_str(
///     r#"{"at": ["2026-01-15 10:00", "2026-01-15", 1768471200], "utc": "2026-01-15 10:00",
///         "west": "2026-01-15T10:00", "secs": 1768471200, "millis": "1768471200250"}"#,
/// )?;
/// assert_eq!(args.at, ["2026-01-15T10:00:00+01:00", "2026-01-15T00:00:00+01:00", "2026-01-15T10:00:00Z"]);
/// assert_eq!(args.utc, "2026-01-15T10:00:00Z");
/// assert_eq!(args.west, "2026-01-15T10:00:00-05:00");
/// assert_eq!(args.secs, "2026-01-15T10:00:00Z");
/// assert_eq!(args.millis, "2026-01-15T10:00:00.25Z");
///
/// #[serde_as]
/// #[derive(Deserialize, Debug)]
/// struct Strict {
///     #[serde_as(as = "DateTimeLike")] // OffsetRequired
///     start: String,
/// }
/// let refused = mcp_coerce::from_str::<Strict>(r#"{"start": "2026-01-15T10:00:00"}"#).unwrap_err();
/// assert_eq!(refused.issues()[0].code(), Code::FormatInvalid);
/// assert_eq!(refused.issues()[0].hint(), "add the UTC offset, e.g. 2026-01-15T10:00:00Z");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait DateTimePolicy {
    /// Minutes east of UTC (±1439) assumed for a date-time without offset; `None` refuses.
    const ASSUME_OFFSET_MINUTES: Option<i32> = None;
    /// Whether a bare date reads as the start of that day; `false` refuses it.
    const DATE_AS_START_OF_DAY: bool = false;
    /// Whether numbers and numeric text read as epoch time, in which unit; `None` refuses.
    const EPOCH: Option<EpochUnit> = None;
}

/// Every date-time has its offset; bare dates and numbers are refused. The default
/// [`DateTimePolicy`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OffsetRequired;

impl DateTimePolicy for OffsetRequired {}

/// A date-time without an offset is at UTC. Example under [`DateTimePolicy`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AssumeUtc;

impl DateTimePolicy for AssumeUtc {
    const ASSUME_OFFSET_MINUTES: Option<i32> = Some(0);
}

/// A date-time without an offset is `MINUTES` east of UTC (negative: west). An offset
/// beyond ±1439 minutes does not compile once used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AssumeOffset<const MINUTES: i32>;

impl<const MINUTES: i32> DateTimePolicy for AssumeOffset<MINUTES> {
    const ASSUME_OFFSET_MINUTES: Option<i32> = Some(MINUTES);
}

/// Numbers (and numeric text) are seconds since the Unix epoch; text needs its offset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EpochSeconds;

impl DateTimePolicy for EpochSeconds {
    const EPOCH: Option<EpochUnit> = Some(EpochUnit::Seconds);
}

/// Numbers (and numeric text) are milliseconds since the Unix epoch; text needs its offset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EpochMillis;

impl DateTimePolicy for EpochMillis {
    const EPOCH: Option<EpochUnit> = Some(EpochUnit::Milliseconds);
}
