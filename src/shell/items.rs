//! Collecting the elements of an array: kept up to its `maxItems`, each refused element's
//! issue at its index, the length bounds checked at the end.

use serde::de::{DeserializeSeed, Deserializer, Visitor};

use super::{Element, MAX_PREALLOCATION, MapVisitor, Outcome};
use crate::issue::Issue;
use crate::issue::IssueBuf;
use crate::issue::Path;

/// Elements as they are collected: kept up to `max` (further ones are only checked and
/// counted, so a hostile array costs no memory), with the issues of the bad ones at their
/// index.
pub(crate) struct Items<T> {
    items: Vec<T>,
    count: usize,
    min: usize,
    max: usize,
    pub(crate) issues: IssueBuf,
}

impl<T> Items<T> {
    pub(crate) fn new(min: usize, max: usize, size_hint: Option<usize>) -> Self {
        let capacity = size_hint.unwrap_or(0).min(MAX_PREALLOCATION).min(max);
        Items {
            items: Vec::with_capacity(capacity),
            count: 0,
            min,
            max,
            issues: IssueBuf::default(),
        }
    }

    /// The next element's outcome; an issue is placed at the element's index.
    #[inline(always)]
    pub(crate) fn push(&mut self, element: Element<T>) {
        match element {
            Ok(value) => {
                if self.items.len() < self.max {
                    self.items.push(value);
                }
                self.count += 1;
            }
            Err(issue) => self.refuse_with(move || issue),
        }
    }

    /// The next element is refused with the issue `make` builds, built only while the issues
    /// are kept (past [`MAX_ISSUES`](crate::MAX_ISSUES) it is only counted).
    #[cold]
    #[inline(never)]
    pub(crate) fn refuse_with(&mut self, make: impl FnOnce() -> Box<Issue>) {
        let index = self.count;
        self.issues
            .push_with(|| (*make()).at(Path::root().join(index)));
        self.count += 1;
    }

    /// Count an element that was refused where its issues were recorded already (by the
    /// engine): it counts toward the length bounds, and nothing is kept.
    #[cold]
    pub(crate) fn count_only(&mut self) {
        self.count += 1;
    }

    /// The elements, or every issue: the length bounds first, then each bad element.
    #[inline]
    pub(crate) fn finish(self) -> Outcome<Vec<T>> {
        if self.count <= self.max && self.count >= self.min && self.issues.is_empty() {
            Ok(self.items)
        } else {
            self.refused()
        }
    }

    #[cold]
    #[inline(never)]
    fn refused(self) -> Outcome<Vec<T>> {
        let length = crate::rules::items::check(self.count, self.min, self.max).err();
        match length {
            None => Err(self.issues),
            Some(issue) => {
                let mut all = IssueBuf::one(issue);
                all.append(self.issues);
                Err(all)
            }
        }
    }
}

/// An element seed that pushes the element's outcome straight into `items`, so that the
/// sequence hands back only whether there was an element.
pub(crate) struct PushTo<'a, V, T> {
    pub(crate) element: V,
    pub(crate) items: &'a mut Items<T>,
}

impl<'de, V, T> DeserializeSeed<'de> for PushTo<'_, V, T>
where
    V: Visitor<'de, Value = Element<T>>,
{
    type Value = ();

    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let items = self.items;
        d.deserialize_any(MapVisitor {
            inner: self.element,
            map: move |element| {
                items.push(element);
            },
        })
    }
}
