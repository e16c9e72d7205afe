//! `mazegraph serve`: the playground, a single page (seed 000's interactive mazes, seed 003's
//! wolf game, solvers and attractors animated) served on a local port with a JSON API over the
//! library ([`api`]). The page's files are embedded in the binary ([`assets`]): no network.
//!
//! Requests are read and answered by a fixed pool of [`WORKERS`] threads ([`http`]: heads and
//! bodies bounded, slow clients timed out); a request body may not exceed [`api::MAX_BODY`],
//! and everything the API reads goes through the format registry under the global limits
//! (`--max-cells`, `--max-memory`), as the CLI's commands do.

mod api;
mod assets;
mod http;

use super::out::{note, outln};
use super::Global;
use anyhow::{anyhow, Result};
use http::Reply;
use std::net::IpAddr;
use std::process::ExitCode;

/// Threads answering requests, one connection each at a time: the page makes few requests at
/// once; four keep it answered while a large maze is generated or a client is slow.
pub const WORKERS: usize = 4;

/// Serve the playground in the browser.
#[derive(clap::Args)]
#[command(
    after_help = "The playground: generate a maze (any generator, size, shape, n-D as slices), see it plain,
shaded by distance from the start or in 3-D, move the start and goal with a click, watch
dead-end filling, breadth-first search and the attractor work step by step, download it in
any format, upload a maze file or picture; and the wolf game of seed 003.

The server listens on the loopback interface only (127.0.0.1) unless --host says otherwise.
It prints its address on standard output and runs until interrupted (Ctrl-C).

Examples:
  mazegraph serve                 # http://127.0.0.1:8000/
  mazegraph serve --port 0 --open # a free port, opened in the browser"
)]
pub struct Args {
    /// Port to listen on (0: any free port, printed).
    #[arg(long, default_value_t = 8000)]
    port: u16,
    /// Address to listen on. Anything but a loopback address lets other machines use the
    /// server (no authentication, no TLS): a warning is printed.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Open the page in the default browser (xdg-open, open or explorer).
    #[arg(long)]
    open: bool,
}

pub fn run(args: Args, global: &Global) -> Result<ExitCode> {
    if !args.host.is_loopback() {
        note!(
            "mazegraph: warning: listening on {}: any machine that can reach it may use this \
             server (no authentication); use the default 127.0.0.1 to keep it local",
            args.host
        );
    }
    let listener = std::net::TcpListener::bind((args.host, args.port))
        .map_err(|e| anyhow!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let url = format!("http://{}/", listener.local_addr()?);
    outln!("{url}")?;
    if !global.quiet {
        note!("mazegraph: note: serving the playground at {url} (Ctrl-C to stop)");
    }
    if args.open {
        open_browser(&url, global.quiet);
    }
    let api = api::Api::new(global.read_options());
    http::serve(&listener, WORKERS, api::MAX_BODY, &|request| {
        answer(&api, request)
    });
    Ok(ExitCode::SUCCESS)
}

/// Answers one request: an embedded file or an API call. Errors are answered, never raised: a
/// bad request cannot stop the server.
fn answer(api: &api::Api, request: &http::Request) -> Reply {
    let url = request.target.as_str();
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let method = request.method.as_str();
    if let Some(endpoint) = path.strip_prefix("/api/") {
        return api.handle(method, endpoint, query, &request.body);
    }
    if method != "GET" && method != "HEAD" {
        return Reply::error(405, "the page's files are read with GET");
    }
    match assets::find(path) {
        Some((bytes, mime)) => Reply::bytes(200, mime, bytes.to_vec(), None),
        None => Reply::error(404, &format!("no page at {path}")),
    }
}

/// Asks the system to open `url` in the default browser; says so when it cannot.
fn open_browser(url: &str, quiet: bool) {
    let program = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let spawned = std::process::Command::new(program)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = spawned {
        if !quiet {
            note!("mazegraph: note: cannot open a browser ({program}: {e}); open {url} yourself");
        }
    }
}
