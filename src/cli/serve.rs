//! `mazegraph serve`: the playground, a single page (seed 000's interactive mazes, seed 003's
//! wolf game, solvers and attractors animated) served on a local port with a JSON API over the
//! library ([`api`]). The page's files are embedded in the binary ([`assets`]): no network.
//!
//! The server ([`http`]) is hyper on a small tokio runtime: two threads serve every socket
//! (idle and slow clients cost a connection slot, never a thread, and are timed out), the
//! API's work runs on blocking threads (as many as cores). Before anything is done a request
//! passes [`gate`]: addressed to this server (no DNS rebinding), from its own page or an
//! `--allow-origin`, and not a "simple" cross-site request. Everything the API reads goes
//! through the format registry under the global limits (`--max-cells`, `--max-memory`), as the
//! CLI's commands do, and the requests running at once share one memory budget of
//! `--max-memory` ([`budget`]): over it a request waits a moment, then gets 503.

mod api;
mod assets;
mod budget;
mod gate;
mod http;

use super::out::{note, outln};
use super::Global;
use anyhow::{anyhow, Result};
use http::Reply;
use std::net::IpAddr;
use std::process::ExitCode;
use std::sync::Arc;

/// Serve the playground in the browser.
#[derive(clap::Args)]
#[command(
    after_help = "The playground: generate a maze (any generator, size, shape, n-D as slices), see it plain,
shaded by distance from the start or in 3-D, move the start and goal with a click, watch
dead-end filling, breadth-first search and the attractor work step by step, download it in
any format, upload a maze file or picture; and the wolf game (run from the wolf in a maze).

The server listens on the loopback interface only (127.0.0.1) unless --host says otherwise.
It prints its address on standard output and runs until interrupted (Ctrl-C).

Only the playground's own page may use it: requests must be addressed to it (Host: 127.0.0.1,
localhost or [::1] with its port, or the address it listens on), requests from pages on other
sites (their Origin) are refused, and API requests without an Origin must send JSON with
Content-Type: application/json (curl -H 'Content-Type: application/json' -d '{...}') or, for
/api/upload, the file as application/octet-stream (or its own type, e.g. image/png).
--allow-origin lets a page elsewhere use the API on purpose (answered with CORS headers).

Requests running at once share one memory budget (--max-memory): a request that does not fit
waits up to 2 s, then is answered 503 with Retry-After.

Examples:
  mazegraph serve                 # http://127.0.0.1:8000/
  mazegraph serve --port 0 --open # a free port, opened in the browser
  mazegraph serve --allow-origin https://notebook.example.org"
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
    /// Let pages from ORIGIN (scheme://host or scheme://host:port, e.g. https://example.org)
    /// use the API, and accept requests addressed to its host and port (repeatable).
    #[arg(long, value_name = "ORIGIN", value_parser = parse_origin)]
    allow_origin: Vec<String>,
    /// The global --force (let an output replace an input) means nothing here: serve writes
    /// no files. Named here, hidden, so that serve's help does not list it (clap gives a
    /// subcommand's own argument precedence over a global one of the same name); refused.
    #[arg(long, hide = true)]
    force: bool,
}

fn parse_origin(s: &str) -> Result<String, String> {
    gate::normal_origin(s).ok_or_else(|| {
        format!("{s:?} is not an origin: give scheme://host[:port], e.g. https://example.org")
    })
}

pub fn run(args: Args, global: &Global) -> Result<ExitCode> {
    if args.force || global.force {
        anyhow::bail!("serve writes no files: --force means nothing here");
    }
    if !args.host.is_loopback() {
        note!(
            "mazegraph: warning: listening on {}: any machine that can reach it may use this \
             server (no authentication); use the default 127.0.0.1 to keep it local",
            args.host
        );
    }
    let listener = std::net::TcpListener::bind((args.host, args.port))
        .map_err(|e| anyhow!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let bound = listener.local_addr()?;
    let url = format!("http://{bound}/");
    outln!("{url}")?;
    if !global.quiet {
        note!("mazegraph: note: serving the playground at {url} (Ctrl-C to stop)");
    }
    if args.open {
        open_browser(&url, global.quiet);
    }
    let opts = global.read_options();
    let budget = Arc::new(budget::Budget::new(opts.limits.max_bytes));
    let api = api::Api::new(opts, budget.clone());
    let gate = gate::Gate {
        ip: bound.ip(),
        port: bound.port(),
        allowed: args.allow_origin,
        max_body: api::MAX_BODY,
    };
    http::serve(
        listener,
        gate,
        budget,
        Arc::new(move |method: &str, target: &str, body: &[u8]| answer(&api, method, target, body)),
    )
    .map_err(|e| anyhow!("the server stopped: {e}"))?;
    Ok(ExitCode::SUCCESS)
}

/// Answers one request that passed the gate: an embedded file or an API call. Errors are
/// answered, never raised: a bad request cannot stop the server. HEAD is answered as GET
/// (hyper sends the head only).
fn answer(api: &api::Api, method: &str, target: &str, body: &[u8]) -> Reply {
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let method = if method == "HEAD" { "GET" } else { method };
    if let Some(endpoint) = path.strip_prefix("/api/") {
        return api.handle(method, endpoint, query, body);
    }
    if method != "GET" {
        return Reply::error(405, "the page's files are read with GET");
    }
    match assets::find(path) {
        Some((bytes, mime)) => Reply::bytes(200, mime, bytes, None),
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
