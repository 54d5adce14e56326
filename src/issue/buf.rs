//! The issues of one adapter call, before they reach the engine or an error: capped like a
//! [`Rejection`], counted past the cap. Below the engine (which records them) and the
//! adapter shell (whose adapters collect them).

use std::fmt;

use super::{Code, Issue, MAX_ISSUES, Rejection};

/// Issues of one adapter call, relative to its value; capped like a [`Rejection`].
#[derive(Debug, Default)]
pub(crate) struct IssueBuf {
    issues: Vec<Issue>,
    dropped: usize,
}

impl IssueBuf {
    pub(crate) fn one(issue: Issue) -> Self {
        IssueBuf {
            issues: vec![issue],
            dropped: 0,
        }
    }

    /// Add the issue `make` builds, unless the cap is reached (then only count it).
    #[inline]
    pub(crate) fn push_with(&mut self, make: impl FnOnce() -> Issue) {
        if self.issues.len() < MAX_ISSUES {
            self.issues.push(make());
        } else {
            self.dropped += 1;
        }
    }

    pub(crate) fn push(&mut self, issue: Issue) {
        self.push_with(|| issue);
    }

    /// These issues as one, located where the error will be: the first's code and path.
    pub(crate) fn into_located_here(self) -> Issue {
        let more = self.issues.len().saturating_sub(1) + self.dropped;
        let mut issues = self.issues.into_iter();
        let Some(first) = issues.next() else {
            return Issue::new(Code::Custom, "invalid value");
        };
        first.relocated_here(more)
    }

    pub(crate) fn append(&mut self, other: IssueBuf) {
        for issue in other.issues {
            self.push(issue);
        }
        self.dropped += other.dropped;
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.issues.is_empty() && self.dropped == 0
    }

    /// The issues kept, to amend in place.
    pub(crate) fn iter_mut(&mut self) -> impl Iterator<Item = &mut Issue> {
        self.issues.iter_mut()
    }

    /// The issues kept, and how many more were counted.
    pub(crate) fn into_parts(self) -> (Vec<Issue>, usize) {
        (self.issues, self.dropped)
    }

    /// These issues as a [`Rejection`], for checks used without a deserializer.
    pub(crate) fn into_rejection(self) -> Rejection {
        Rejection::from_parts(self.issues, self.dropped)
    }
}

/// Every issue kept (up to `MAX_ISSUES`), then how many more were found.
impl fmt::Display for IssueBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, issue) in self.issues.iter().enumerate() {
            if n > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{issue}")?;
        }
        if self.dropped > 0 {
            write!(f, "; and {} more", self.dropped)?;
        }
        Ok(())
    }
}
