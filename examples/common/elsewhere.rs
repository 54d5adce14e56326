//! Running an example that lives in the `mcp-coerce-examples` package (`crates/examples`)
//! from the repository root, as `cargo run --example NAME`.
//!
//! Some examples need an HTTP stack or the test kit, which the root package does not
//! depend on, so that `cargo run --example demo` builds quickly. Cargo cannot run an
//! example of another package under a feature without `-p` and `--features` (and every
//! default member's features are unified into every build at the root, so a default
//! member that turned them on would make the demo build them too). The root's example of
//! the same purpose therefore runs `cargo run -p mcp-coerce-examples --features F
//! --example NAME_` with its own arguments, through the cargo that runs it.

use std::process::{Command, ExitCode};

/// Run the example `example` of the `mcp-coerce-examples` package under `features`, with
/// this program's arguments; on Unix this program becomes it (stdin, stdout, signals and
/// the exit status are its own), elsewhere it waits for it and exits as it did.
pub fn run(example: &str, features: &str) -> ExitCode {
    // The cargo that runs this example sets `CARGO`; a plain `cargo` otherwise.
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/crates/examples/Cargo.toml");
    let mut command = Command::new(cargo);
    command
        // Not `--quiet`: the first run builds the examples package, and its progress shows.
        .args(["run", "--manifest-path", manifest])
        .args(["--features", features, "--example", example, "--"])
        .args(std::env::args_os().skip(1));
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let error = command.exec();
        eprintln!("could not run cargo for the example {example}: {error}");
        ExitCode::from(2)
    }
    #[cfg(not(unix))]
    {
        match command.status() {
            Ok(status) => ExitCode::from(status.code().map_or(1, |c| c.clamp(0, 255) as u8)),
            Err(error) => {
                eprintln!("could not run cargo for the example {example}: {error}");
                ExitCode::from(2)
            }
        }
    }
}
