//! `mcp-coerce-proxy [OPTIONS] -- COMMAND [ARGS...]`: the I/O around
//! [`mcp_coerce_proxy::Session`] (see the crate docs and README.md).

#![deny(unsafe_code)]

use std::process::{ExitStatus, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use mcp_coerce::dialect::Dialect;
use mcp_coerce_proxy::lines::{LineReader, Piece};
use mcp_coerce_proxy::{Action, Config, Session};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::process::Command;
use tokio::sync::mpsc;

const USAGE: &str = "\
usage: mcp-coerce-proxy [OPTIONS] -- COMMAND [ARGS...]

Starts COMMAND (an MCP server speaking the stdio transport) and speaks MCP on this
process's stdin and stdout: tool arguments coerced against each tool's inputSchema,
refused calls answered with the mcp-coerce envelope, results checked against the
outputSchema; everything else passes through unchanged.

options:
  --dialect NAME      canonical (default), gemini, openai-strict or conservative: the
                      inputSchemas the client sees, and how its arguments are read
  --report            attach the coercion notes to the results of coerced calls
  --no-output-check   do not check results against their tool's outputSchema
  --max-bytes N       lines longer than N bytes pass unparsed (default 4194304)
  --log LEVEL         off, error, warn (default), info, debug or trace, to stderr
  -h, --help          this text
  -V, --version       the version
";

/// Lines in flight to one side, at most.
const QUEUE: usize = 64;

/// How long the server has to exit once the client's input has ended (its stdin closed),
/// and after SIGTERM, before the next step.
const GRACE: Duration = Duration::from_secs(2);

/// How long the server's output is read after it exited (what it wrote before).
const DRAIN: Duration = Duration::from_millis(500);

#[derive(Debug)]
struct Options {
    config: Config,
    max_bytes: usize,
    log: Option<tracing::Level>,
    command: Vec<String>,
}

/// The command line, or the message and exit status to stop with.
fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Options, (String, i32)> {
    let mut options = Options {
        config: Config::default(),
        max_bytes: 4 << 20,
        log: Some(tracing::Level::WARN),
        command: Vec::new(),
    };
    let mut args = args.into_iter();
    let bad = |m: String| Err((format!("mcp-coerce-proxy: {m}\n\n{USAGE}"), 2));
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n.to_owned(), Some(v.to_owned())),
            _ => (arg.clone(), None),
        };
        let mut value = |name: &str| {
            inline
                .clone()
                .or_else(|| args.next())
                .ok_or(name.to_owned())
        };
        match name.as_str() {
            "--" => {
                options.command = args.by_ref().collect();
                break;
            }
            "-h" | "--help" => return Err((USAGE.to_owned(), 0)),
            "-V" | "--version" => {
                return Err((
                    format!("mcp-coerce-proxy {}\n", env!("CARGO_PKG_VERSION")),
                    0,
                ));
            }
            "--report" => options.config.report = true,
            "--no-output-check" => options.config.output_check = false,
            "--dialect" => match value("--dialect").map(|v| v.parse::<Dialect>()) {
                Ok(Ok(dialect)) => options.config.dialect = dialect,
                Ok(Err(e)) => return bad(e.to_string()),
                Err(n) => return bad(format!("{n} needs a value")),
            },
            "--max-bytes" => match value("--max-bytes").map(|v| v.parse::<usize>()) {
                Ok(Ok(n)) if n > 0 => options.max_bytes = n,
                Ok(_) => return bad("--max-bytes needs a positive number of bytes".to_owned()),
                Err(n) => return bad(format!("{n} needs a value")),
            },
            "--log" => match value("--log").as_deref() {
                Ok("off") => options.log = None,
                Ok(level) => match level.parse::<tracing::Level>() {
                    Ok(level) => options.log = Some(level),
                    Err(_) => return bad(format!("unknown log level: {level:?}")),
                },
                Err(n) => return bad(format!("{n} needs a value")),
            },
            other => {
                return bad(format!(
                    "unknown option: {other:?} (the server's command goes after --)"
                ));
            }
        }
    }
    if options.command.is_empty() {
        return bad("no server command (after --)".to_owned());
    }
    Ok(options)
}

/// What goes to one side's writer.
enum Out {
    /// A line, without its `\n`.
    Line(Vec<u8>),
    /// A line past the limit, in chunks, until the sender is dropped.
    Stream(mpsc::Receiver<Vec<u8>>),
    /// Close the output (the server's stdin, once the client's input ended).
    Close,
}

/// Writes what arrives, each line with its `\n`, flushing when nothing more is waiting.
async fn write_lines(mut output: impl AsyncWrite + Unpin, mut rx: mpsc::Receiver<Out>) {
    async fn one(output: &mut (impl AsyncWrite + Unpin), out: Out) -> std::io::Result<bool> {
        match out {
            Out::Line(mut line) => {
                line.push(b'\n');
                output.write_all(&line).await?;
            }
            Out::Stream(mut chunks) => {
                while let Some(chunk) = chunks.recv().await {
                    output.write_all(&chunk).await?;
                }
                output.write_all(b"\n").await?;
            }
            Out::Close => {
                output.shutdown().await?;
                return Ok(false);
            }
        }
        Ok(true)
    }
    while let Some(out) = rx.recv().await {
        let mut open = one(&mut output, out).await;
        while let Ok(true) = open {
            match rx.try_recv() {
                Ok(out) => open = one(&mut output, out).await,
                Err(_) => break,
            }
        }
        match open {
            Ok(true) => {
                if output.flush().await.is_err() {
                    return;
                }
            }
            Ok(false) => return,
            Err(error) => {
                tracing::debug!(%error, "an output closed");
                return;
            }
        }
    }
}

/// Reads one side's lines into the session until the end of its input: the session's
/// lines go to `to_server` and `to_client`, a line past the limit to the other side as
/// it came, in chunks.
async fn read_lines(
    input: impl AsyncRead + Unpin,
    max_bytes: usize,
    session: Arc<Mutex<Session>>,
    from_client: bool,
    to_server: mpsc::Sender<Out>,
    to_client: mpsc::Sender<Out>,
) {
    let mut lines = LineReader::new(BufReader::with_capacity(64 << 10, input), max_bytes);
    let other = if from_client { &to_server } else { &to_client };
    let mut stream: Option<mpsc::Sender<Vec<u8>>> = None;
    loop {
        match lines.next().await {
            Ok(Piece::Line(line)) => {
                let actions = {
                    let mut session = session.lock().unwrap_or_else(PoisonError::into_inner);
                    if from_client {
                        session.from_client(&line)
                    } else {
                        session.from_server(&line)
                    }
                };
                for action in actions {
                    let _ = match action {
                        Action::ToServer(line) => to_server.send(Out::Line(line)).await,
                        Action::ToClient(line) => to_client.send(Out::Line(line)).await,
                    };
                }
            }
            Ok(Piece::Oversized { chunk, first, last }) => {
                if first {
                    tracing::warn!(
                        from = if from_client { "client" } else { "server" },
                        max_bytes,
                        "a line past --max-bytes is passed on unparsed and unchecked"
                    );
                    let (tx, rx) = mpsc::channel(4);
                    let _ = other.send(Out::Stream(rx)).await;
                    stream = Some(tx);
                }
                if let Some(tx) = &stream {
                    let _ = tx.send(chunk).await;
                }
                if last {
                    stream = None;
                }
            }
            Ok(Piece::Eof) => return,
            Err(error) => {
                tracing::warn!(%error, "reading failed");
                return;
            }
        }
    }
}

/// Send `signal` to the child's process group (the child and everything it started that
/// stayed in its group, an `npx` grandchild included).
#[allow(unsafe_code)]
fn signal_group(pgid: u32, signal: libc::c_int) {
    let Ok(pgid) = libc::pid_t::try_from(pgid) else {
        return;
    };
    if pgid > 1 {
        // SAFETY: kill(2) with a negative pid signals a process group; it touches no
        // memory of this process.
        unsafe {
            libc::kill(-pgid, signal);
        }
    }
}

/// The proxy's exit status for the child's: its code, or 128 + the signal that ended it.
fn exit_code(status: &ExitStatus) -> i32 {
    use std::os::unix::process::ExitStatusExt;
    status
        .code()
        .or_else(|| status.signal().map(|s| 128 + s))
        .unwrap_or(1)
}

fn main() {
    let options = match parse_args(std::env::args().skip(1)) {
        Ok(options) => options,
        Err((message, code)) => {
            if code == 0 {
                print!("{message}");
            } else {
                eprint!("{message}");
            }
            std::process::exit(code);
        }
    };
    if let Some(level) = options.log {
        let _ =
            tracing::subscriber::set_global_default(mcp_coerce_proxy::log::StderrLog::new(level));
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build();
    let code = match runtime {
        Ok(runtime) => {
            let code = runtime.block_on(run(options));
            // The read of stdin in progress runs on a blocking thread that would keep a
            // runtime being dropped waiting until the client writes again.
            runtime.shutdown_background();
            code
        }
        Err(error) => {
            eprintln!("mcp-coerce-proxy: {error}");
            1
        }
    };
    std::process::exit(code);
}

enum End {
    Exited(std::io::Result<ExitStatus>),
    ClientDone,
    Signal(libc::c_int),
}

async fn run(options: Options) -> i32 {
    let (program, args) = match options.command.split_first() {
        Some(split) => split,
        None => return 2,
    };
    let spawned = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .process_group(0)
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(error) => {
            eprintln!("mcp-coerce-proxy: cannot start {program:?}: {error}");
            return if error.kind() == std::io::ErrorKind::NotFound {
                127
            } else {
                126
            };
        }
    };
    let pgid = child.id().unwrap_or(0);
    let (Some(child_in), Some(child_out)) = (child.stdin.take(), child.stdout.take()) else {
        signal_group(pgid, libc::SIGKILL);
        return 1;
    };
    let session = Arc::new(Mutex::new(Session::new(options.config.clone())));
    let (to_server, server_rx) = mpsc::channel(QUEUE);
    let (to_client, client_rx) = mpsc::channel(QUEUE);
    let server_writer = tokio::spawn(write_lines(child_in, server_rx));
    let client_writer = tokio::spawn(write_lines(tokio::io::stdout(), client_rx));
    let mut client_reader = tokio::spawn(read_lines(
        tokio::io::stdin(),
        options.max_bytes,
        session.clone(),
        true,
        to_server.clone(),
        to_client.clone(),
    ));
    let mut server_reader = tokio::spawn(read_lines(
        child_out,
        options.max_bytes,
        session,
        false,
        to_server.clone(),
        to_client.clone(),
    ));
    drop(to_client);

    let signals = (
        tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()),
        tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt()),
    );
    let (Ok(mut term), Ok(mut int)) = signals else {
        signal_group(pgid, libc::SIGKILL);
        return 1;
    };
    let wait = child.wait();
    tokio::pin!(wait);
    let end = tokio::select! {
        status = &mut wait => End::Exited(status),
        _ = &mut client_reader => End::ClientDone,
        _ = term.recv() => End::Signal(libc::SIGTERM),
        _ = int.recv() => End::Signal(libc::SIGINT),
    };
    let status = match end {
        End::Exited(status) => status,
        End::ClientDone => {
            tracing::debug!("the client's input ended: the server's stdin is closed");
            let _ = to_server.send(Out::Close).await;
            match tokio::time::timeout(GRACE, &mut wait).await {
                Ok(status) => status,
                Err(_) => {
                    tracing::info!("the server did not exit once its input ended: SIGTERM");
                    signal_group(pgid, libc::SIGTERM);
                    stop(pgid, &mut wait).await
                }
            }
        }
        End::Signal(signal) => {
            tracing::debug!(signal, "signalled: the server is stopped");
            signal_group(pgid, signal);
            stop(pgid, &mut wait).await
        }
    };
    drop(to_server);
    // What the server wrote before it exited goes to the client; then no process of its
    // group outlives the proxy.
    let mut drained = tokio::time::timeout(DRAIN, &mut server_reader)
        .await
        .is_ok();
    signal_group(pgid, libc::SIGKILL);
    if !drained {
        drained = tokio::time::timeout(DRAIN, &mut server_reader)
            .await
            .is_ok();
    }
    if !drained {
        server_reader.abort();
    }
    client_reader.abort();
    let _ = tokio::time::timeout(DRAIN, client_writer).await;
    server_writer.abort();
    match status {
        Ok(status) => exit_code(&status),
        Err(error) => {
            eprintln!("mcp-coerce-proxy: {error}");
            1
        }
    }
}

/// Wait up to [`GRACE`] for the child, then kill its group.
async fn stop(
    pgid: u32,
    wait: &mut std::pin::Pin<&mut impl std::future::Future<Output = std::io::Result<ExitStatus>>>,
) -> std::io::Result<ExitStatus> {
    match tokio::time::timeout(GRACE, wait.as_mut()).await {
        Ok(status) => status,
        Err(_) => {
            signal_group(pgid, libc::SIGKILL);
            wait.as_mut().await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Result<Options, (String, i32)> {
        parse_args(line.split_whitespace().map(str::to_owned))
    }

    #[test]
    fn command_lines() {
        let Ok(o) =
            args("--dialect openai-strict --report --max-bytes=10 --log debug -- srv -x --y")
        else {
            panic!("refused")
        };
        assert_eq!(o.config.dialect, Dialect::OpenAiStrict);
        assert!(o.config.report && o.config.output_check);
        assert_eq!((o.max_bytes, o.log), (10, Some(tracing::Level::DEBUG)));
        assert_eq!(o.command, ["srv", "-x", "--y"]);
        let Ok(o) = args("--no-output-check --log off -- srv") else {
            panic!("refused")
        };
        assert!(!o.config.output_check);
        assert_eq!(o.log, None);
        for (line, code) in [
            ("", 2),
            ("--", 2),
            ("--dialect x -- s", 2),
            ("--max-bytes 0 -- s", 2),
            ("--max-bytes", 2),
            ("srv", 2),
            ("--help", 0),
            ("-V", 0),
        ] {
            assert_eq!(args(line).map(|_| ()).map_err(|e| e.1), Err(code), "{line}");
        }
    }
}
