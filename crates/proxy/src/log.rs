//! The proxy's log: one line per event on stderr, `mcp-coerce-proxy: LEVEL message
//! key=value ...`, for the events of the proxy and of the crate (the output check's
//! mismatches), at a level given on the command line. Never a value of a call or a result.

use std::fmt::{self, Write as _};
use std::io::Write as _;

use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Level, Metadata, Subscriber};

/// A subscriber writing each event at `max` or more severe to stderr.
#[derive(Debug)]
pub struct StderrLog {
    max: Level,
}

impl StderrLog {
    /// The log at `max` (`error`, `warn`, `info`, `debug`, `trace`).
    pub fn new(max: Level) -> StderrLog {
        StderrLog { max }
    }
}

/// The event's message, then its other fields as `key=value`.
#[derive(Default)]
struct Line {
    message: String,
    fields: String,
}

impl Visit for Line {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        if field.name() == "message" {
            let _ = write!(self.message, "{value:?}");
        } else {
            let _ = write!(self.fields, " {}={value:?}", field.name());
        }
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.message.push_str(value);
        } else {
            let _ = write!(self.fields, " {}={value}", field.name());
        }
    }
}

impl Subscriber for StderrLog {
    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        *metadata.level() <= self.max
    }

    fn max_level_hint(&self) -> Option<tracing::level_filters::LevelFilter> {
        Some(tracing::level_filters::LevelFilter::from_level(self.max))
    }

    fn new_span(&self, _: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }

    fn record(&self, _: &Id, _: &Record<'_>) {}

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, event: &Event<'_>) {
        let mut line = Line::default();
        event.record(&mut line);
        let level = event.metadata().level().as_str().to_ascii_lowercase();
        let text = format!(
            "mcp-coerce-proxy: {level} {}{}\n",
            line.message, line.fields
        );
        let _ = std::io::stderr().lock().write_all(text.as_bytes());
    }

    fn enter(&self, _: &Id) {}

    fn exit(&self, _: &Id) {}
}
