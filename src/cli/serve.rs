//! `mazegraph serve`: the playground, a single page (seed 000's interactive mazes, seed 003's
//! wolf game, solvers and attractors animated) served on a local port with a JSON API over the
//! library ([`api`]). The page's files are embedded in the binary ([`assets`]): no network.
//!
//! Requests are read by tiny_http's connection threads and answered by a fixed pool of
//! [`WORKERS`] threads; a request body is read up to [`api::MAX_BODY`] bytes and no further,
//! and everything the API reads goes through the format registry under the global limits
//! (`--max-cells`, `--max-memory`), as the CLI's commands do.

mod api;
mod assets;

use super::out::{note, outln};
use super::Global;
use anyhow::{anyhow, Result};
use std::io::Read;
use std::net::IpAddr;
use std::process::ExitCode;

/// Threads answering requests (the page makes one request at a time; two keep the page
/// answered while a large maze is generated).
pub const WORKERS: usize = 2;

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
    /// Open the page in the default browser (xdg-open, open or start).
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
    let server = tiny_http::Server::http((args.host, args.port))
        .map_err(|e| anyhow!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let addr = server
        .server_addr()
        .to_ip()
        .ok_or_else(|| anyhow!("the server has no IP address"))?;
    let url = format!("http://{addr}/");
    outln!("{url}")?;
    if !global.quiet {
        note!("mazegraph: note: serving the playground at {url} (Ctrl-C to stop)");
    }
    if args.open {
        open_browser(&url, global.quiet);
    }
    let api = api::Api::new(global.read_options());
    std::thread::scope(|s| {
        for _ in 0..WORKERS {
            s.spawn(|| {
                while let Ok(request) = server.recv() {
                    answer(&api, request);
                }
            });
        }
    });
    Ok(ExitCode::SUCCESS)
}

/// Answers one request: an embedded file or an API call. Errors are answered, never raised: a
/// bad request cannot stop the server.
fn answer(api: &api::Api, mut request: tiny_http::Request) {
    let method = request.method().as_str().to_ascii_uppercase();
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    let reply = if let Some(endpoint) = path.strip_prefix("/api/") {
        match read_body(&mut request) {
            Ok(body) => api.handle(&method, endpoint, query, &body),
            Err(reply) => reply,
        }
    } else if method != "GET" && method != "HEAD" {
        api::Reply::error(405, "the page's files are read with GET")
    } else {
        match assets::find(path) {
            Some((bytes, mime)) => api::Reply::bytes(200, mime, bytes.to_vec(), None),
            None => api::Reply::error(404, &format!("no page at {path}")),
        }
    };
    let mut response = tiny_http::Response::from_data(reply.body).with_status_code(reply.status);
    let mut headers = vec![
        ("Content-Type", reply.mime.to_string()),
        ("Cache-Control", "no-store".to_string()),
        ("X-Content-Type-Options", "nosniff".to_string()),
    ];
    if let Some(name) = reply.download {
        headers.push((
            "Content-Disposition",
            format!("attachment; filename=\"{name}\""),
        ));
    }
    for (k, v) in headers {
        if let Ok(h) = tiny_http::Header::from_bytes(k.as_bytes(), v.as_bytes()) {
            response.add_header(h);
        }
    }
    // The client may have gone away: nothing to do about it.
    let _ = request.respond(response);
}

/// The request's body, at most [`api::MAX_BODY`] bytes: a larger declared length is refused
/// before reading, a longer body after reading one byte past the cap.
fn read_body(request: &mut tiny_http::Request) -> Result<Vec<u8>, api::Reply> {
    let too_large = || {
        api::Reply::error(
            413,
            &format!(
                "the request is larger than {} (the playground's limit on a request)",
                mazegraph::error::human_bytes(api::MAX_BODY)
            ),
        )
    };
    if request
        .body_length()
        .is_some_and(|n| n as u64 > api::MAX_BODY)
    {
        return Err(too_large());
    }
    let mut body = Vec::new();
    match request
        .as_reader()
        .take(api::MAX_BODY + 1)
        .read_to_end(&mut body)
    {
        Ok(n) if n as u64 > api::MAX_BODY => Err(too_large()),
        Ok(_) => Ok(body),
        Err(e) => Err(api::Reply::error(
            400,
            &format!("cannot read the request: {e}"),
        )),
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
