//! The playground's HTTP/1.1 server: hyper on a tokio runtime, with every wait bounded.
//!
//! hyper parses and frames (a head of at most [`MAX_HEAD`] bytes and [`MAX_HEADERS`] headers,
//! 431 past them; a duplicate, signed or malformed `Content-Length` refused with 400) and keeps
//! connections alive. Around it, ours:
//!
//! - **Connections**: at most [`MAX_CONNECTIONS`] at once. Each has a phase (waiting for a
//!   request head, reading a body, working, sending a reply) watched by its own task: a
//!   connection that has not sent a whole request head [`IDLE_TIME`] after it opened or after
//!   its last reply is closed, a reply not taken by the client within [`WRITE_TIME`] is cut
//!   off, a body not received within [`BODY_TIME`] (in all, not per byte) is answered 408.
//!   When all the slots are taken, the connection that has waited longest on its client is
//!   closed for the new one: idle, slow and stalled clients can hold connections but never
//!   keep a new request out.
//! - **Checks** before anything is read or done: [`super::gate`] (Host, Origin, Content-Type,
//!   the body's length).
//! - **Memory**: a request that may start work (not a GET or HEAD) reserves
//!   [`REQUEST_BYTES`] for itself from the server's one budget ([`super::budget`]), then its
//!   body's bytes as they arrive ([`BODY_STEP`] at a time: an announced length holds nothing;
//!   a body larger than the whole budget is refused before it is read), and the API reserves
//!   its work's estimate before the work and its reply's size before making it; what the
//!   reply holds stays reserved until it is sent. Refused when it cannot be had within
//!   [`budget::WAIT`]: 503 with `Retry-After`.
//! - **Work**: requests other than GET and HEAD (the API's POSTs) run on tokio's blocking
//!   threads (as many as cores), off the two threads that serve sockets and timers, so small requests (the page's files, `GET
//!   /api/info`) are answered while mazes are generated. A request that waited
//!   [`QUEUE_TIME`] for a thread, or whose client went away, is not started.
//! - **Replies** are handed to hyper in frames of [`CHUNK`] bytes as the client takes them
//!   (hyper buffers at most [`BUFFER`] a connection): a slow reader holds its connection, for
//!   at most [`WRITE_TIME`], and never a thread.
//!
//! A connection whose request was refused before its body was read is closed by hyper; the
//! body still coming is read and dropped for up to [`LINGER`] so that the client sees the
//! answer rather than a reset.

use super::budget::{self, Budget, Held};
use super::gate::Gate;
use hyper::body::{Body, Bytes, Frame, Incoming, SizeHint};
use hyper::header::{self, HeaderValue};
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::pin::{pin, Pin};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::sync::{Notify, Semaphore};

/// The largest request head (request line and headers), in bytes.
pub const MAX_HEAD: usize = 16 << 10;
/// The most headers a request may have.
pub const MAX_HEADERS: usize = 48;
/// Time a connection has to send a whole request head, from its opening or its last reply.
pub const IDLE_TIME: Duration = Duration::from_secs(5);
/// Time allowed to send a whole body.
pub const BODY_TIME: Duration = Duration::from_secs(30);
/// Time a client has to take a whole reply.
pub const WRITE_TIME: Duration = Duration::from_secs(30);
/// Longest wait for a blocking thread before a request is answered 503.
pub const QUEUE_TIME: Duration = Duration::from_secs(10);
/// Connections open at once.
pub const MAX_CONNECTIONS: usize = 512;
/// Bytes of the budget a request takes besides its body (its head, its bookkeeping): also
/// what bounds the number of requests in flight. A sixteenth of the budget when that is less.
pub const REQUEST_BYTES: u64 = 64 << 10;
/// Body bytes taken from the budget at a time, as they arrive.
pub const BODY_STEP: u64 = 256 << 10;
/// Reply bytes handed to hyper at a time.
pub const CHUNK: usize = 64 << 10;
/// hyper's read and write buffer for a connection.
pub const BUFFER: usize = 64 << 10;
/// Time spent reading and dropping the rest of a refused body before closing.
pub const LINGER: Duration = Duration::from_millis(500);
/// Threads serving sockets and timers.
const IO_THREADS: usize = 2;
/// After a request that held this much of the budget, freed memory is given back to the
/// system ([`budget::trim`], on a blocking thread once the reply is sent).
const TRIM_ABOVE: u64 = 32 << 20;

/// An answer: status, content type, body, a file name when it is a download, and the part of
/// the memory budget the work held (kept, shrunk to the body's size, until it is sent).
pub struct Reply {
    pub status: u16,
    pub mime: &'static str,
    pub body: Bytes,
    pub download: Option<String>,
    pub held: Option<Held>,
    /// The work was large: once the reply is sent, freed memory goes back to the system.
    pub trim: bool,
}

impl Reply {
    /// Any answer.
    pub fn bytes(
        status: u16,
        mime: &'static str,
        body: impl Into<Bytes>,
        download: Option<String>,
    ) -> Reply {
        Reply {
            status,
            mime,
            body: body.into(),
            download,
            held: None,
            trim: false,
        }
    }

    /// `{"error": "…"}` on one line, with `status`.
    pub fn error(status: u16, message: &str) -> Reply {
        let body = serde_json::json!({ "error": mazegraph::error::one_line(message) })
            .to_string()
            .into_bytes();
        Reply::bytes(status, "application/json", body, None)
    }

    /// This reply with `held` (the budget its work took) kept until it is sent.
    pub fn holding(mut self, held: Held) -> Reply {
        self.held = Some(held);
        self
    }
}

/// Answers a request: method, target (path and query), body. Called on a blocking thread for
/// requests other than GET and HEAD, on an I/O thread (so it must be quick) for those.
pub type Handler = dyn Fn(&str, &str, &[u8]) -> Reply + Send + Sync;

/// Serves `listener` until it fails: requests checked by `gate`, bodies reserved from
/// `budget`, answered by `handle`.
pub fn serve(
    listener: std::net::TcpListener,
    gate: Gate,
    budget: Arc<Budget>,
    handle: Arc<Handler>,
) -> std::io::Result<()> {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(IO_THREADS)
        .max_blocking_threads(cores)
        .enable_io()
        .enable_time()
        .build()?;
    listener.set_nonblocking(true)?;
    budget::release_large_blocks();
    let shared = Arc::new(Shared {
        gate,
        budget,
        handle,
        epoch: Instant::now(),
        slots: Arc::new(Semaphore::new(MAX_CONNECTIONS)),
        open: Mutex::new(HashMap::new()),
        next_id: AtomicU64::new(0),
    });
    runtime.block_on(accept_loop(listener, shared))
}

/// What every connection's task shares.
struct Shared {
    gate: Gate,
    budget: Arc<Budget>,
    handle: Arc<Handler>,
    /// Phases' times are milliseconds since this.
    epoch: Instant,
    slots: Arc<Semaphore>,
    open: Mutex<HashMap<u64, Arc<Conn>>>,
    next_id: AtomicU64,
}

/// What a connection is doing, for its deadline.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
enum Phase {
    /// Waiting for a request head: [`IDLE_TIME`].
    Idle,
    /// Reading a body: [`BODY_TIME`], enforced by the request itself (408).
    Body,
    /// The request is being answered: no deadline (the work is bounded).
    Working,
    /// Sending a reply: [`WRITE_TIME`].
    Writing,
}

/// A connection's state, seen by its watchdog and by the accept loop (which may evict it).
struct Conn {
    phase: AtomicU8,
    /// Milliseconds from [`Shared::epoch`] to the start of the phase.
    since: AtomicU64,
    evicted: AtomicBool,
    /// Wakes the watchdog: the phase changed, or the connection is evicted.
    wake: Notify,
}

impl Conn {
    fn set(&self, phase: Phase, epoch: Instant) {
        self.since
            .store(epoch.elapsed().as_millis() as u64, Ordering::Relaxed);
        self.phase.store(phase as u8, Ordering::Release);
        self.wake.notify_one();
    }

    fn phase(&self) -> Phase {
        match self.phase.load(Ordering::Acquire) {
            0 => Phase::Idle,
            1 => Phase::Body,
            2 => Phase::Working,
            _ => Phase::Writing,
        }
    }

    /// When the connection is closed unless its phase changes.
    fn deadline(&self, epoch: Instant) -> Option<Instant> {
        let since = epoch + Duration::from_millis(self.since.load(Ordering::Relaxed));
        match self.phase() {
            Phase::Idle => Some(since + IDLE_TIME),
            Phase::Writing => Some(since + WRITE_TIME),
            Phase::Body | Phase::Working => None,
        }
    }
}

async fn accept_loop(listener: std::net::TcpListener, shared: Arc<Shared>) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::from_std(listener)?;
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // A connection reset before it was accepted, too many open files: go on.
            Err(e) if is_transient(&e) => {
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
            Err(e) => return Err(e),
        };
        let slot = match shared.slots.clone().try_acquire_owned() {
            Ok(slot) => slot,
            Err(_) if shared.evict_one() => {
                // The evicted connection's task ends at its next poll.
                let wait = shared.slots.clone().acquire_owned();
                match tokio::time::timeout(Duration::from_secs(1), wait).await {
                    Ok(Ok(slot)) => slot,
                    _ => continue,
                }
            }
            // Every connection is being answered: this one is closed unanswered.
            Err(_) => continue,
        };
        let shared = shared.clone();
        tokio::spawn(async move {
            connection(stream, &shared).await;
            drop(slot);
        });
    }
}

fn is_transient(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionAborted | ConnectionReset | Interrupted | WouldBlock | TimedOut
    ) || e.raw_os_error() == Some(24) // EMFILE
}

impl Shared {
    /// Marks for closing the connection that has waited longest on its client (for a head, a
    /// body, or to take a reply); false when every connection is being worked on.
    fn evict_one(&self) -> bool {
        let open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let victim = open
            .values()
            .filter(|c| c.phase() != Phase::Working && !c.evicted.load(Ordering::Relaxed))
            .min_by_key(|c| c.since.load(Ordering::Relaxed));
        match victim {
            Some(c) => {
                c.evicted.store(true, Ordering::Relaxed);
                c.wake.notify_one();
                true
            }
            None => false,
        }
    }
}

/// Serves one connection until it ends, its deadline passes or it is evicted.
async fn connection(stream: tokio::net::TcpStream, shared: &Arc<Shared>) {
    let _ = stream.set_nodelay(true);
    let id = shared.next_id.fetch_add(1, Ordering::Relaxed);
    let conn = Arc::new(Conn {
        phase: AtomicU8::new(Phase::Idle as u8),
        since: AtomicU64::new(0),
        evicted: AtomicBool::new(false),
        wake: Notify::new(),
    });
    conn.set(Phase::Idle, shared.epoch);
    let open = || shared.open.lock().unwrap_or_else(|e| e.into_inner());
    open().insert(id, conn.clone());
    let service = {
        let (shared, conn) = (shared.clone(), conn.clone());
        hyper::service::service_fn(move |request| {
            let (shared, conn) = (shared.clone(), conn.clone());
            async move { Ok::<_, Infallible>(respond(request, &shared, &conn).await) }
        })
    };
    let served = hyper::server::conn::http1::Builder::new()
        .max_headers(MAX_HEADERS)
        .max_header_size(MAX_HEAD)
        .max_buf_size(BUFFER)
        .serve_connection(TokioIo::new(stream), service)
        .without_shutdown();
    let ended = watch(pin!(served), &conn, shared.epoch).await;
    open().remove(&id);
    if let Some(Ok(parts)) = ended {
        linger(parts.io.into_inner()).await;
    }
}

/// Polls the connection until it ends (its output), or until its deadline passes or it is
/// evicted (`None`: dropping it closes the socket).
async fn watch<F: Future>(
    mut served: Pin<&mut F>,
    conn: &Conn,
    epoch: Instant,
) -> Option<F::Output> {
    loop {
        if conn.evicted.load(Ordering::Relaxed) {
            return None;
        }
        let deadline = conn.deadline(epoch);
        let now = Instant::now();
        if deadline.is_some_and(|d| d <= now) {
            return None;
        }
        let far = now + Duration::from_secs(3600);
        let mut sleep = pin!(tokio::time::sleep_until(deadline.unwrap_or(far).into()));
        let mut woken = pin!(conn.wake.notified());
        let ended = std::future::poll_fn(|cx: &mut Context<'_>| {
            if let Poll::Ready(out) = served.as_mut().poll(cx) {
                return Poll::Ready(Some(out));
            }
            if sleep.as_mut().poll(cx).is_ready() || woken.as_mut().poll(cx).is_ready() {
                return Poll::Ready(None);
            }
            Poll::Pending
        })
        .await;
        if ended.is_some() {
            return ended;
        }
    }
}

/// Closes our side and reads what the client still sends, for up to [`LINGER`], so that a
/// client still sending a refused body reads the answer instead of a reset.
async fn linger(mut stream: tokio::net::TcpStream) {
    use tokio::io::AsyncWrite;
    let _ = std::future::poll_fn(|cx| Pin::new(&mut stream).poll_shutdown(cx)).await;
    let drain = async {
        let mut sink = [0u8; 4096];
        loop {
            if stream.readable().await.is_err() {
                return;
            }
            match stream.try_read(&mut sink) {
                Ok(0) => return,
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(_) => return,
            }
        }
    };
    let _ = tokio::time::timeout(LINGER, drain).await;
}

/// Set when the request's future is dropped (its client went away): its work is not started.
struct Gone(Arc<AtomicBool>);

impl Drop for Gone {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Answers one request: the checks, the body, the work.
async fn respond(
    request: Request<Incoming>,
    shared: &Shared,
    conn: &Arc<Conn>,
) -> Response<ReplyBody> {
    conn.set(Phase::Body, shared.epoch);
    let (head, body) = request.into_parts();
    let method = head.method.as_str().to_string();
    let target = match head.uri.path_and_query() {
        Some(p) if head.uri.authority().is_none() => p.as_str().to_string(),
        _ => head.uri.to_string(),
    };
    let headers: Vec<(&str, &[u8])> = head
        .headers
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_bytes()))
        .collect();
    let pass = match shared.gate.check(&method, &target, &headers) {
        Ok(pass) => pass,
        Err(r) => return reply(Reply::error(r.status, &r.message), None, conn, shared),
    };
    let cors = pass.cors.clone();
    if pass.preflight {
        return reply(
            Reply::bytes(204, "text/plain", Bytes::new(), None),
            cors,
            conn,
            shared,
        );
    }
    // The share of the budget of a request that may start work: its body and itself. (A GET
    // or HEAD is answered at once from what is in memory.)
    let quick = method == "GET" || method == "HEAD";
    let what = format!(
        "a request of {}",
        mazegraph::error::human_bytes(pass.body_len)
    );
    let own = REQUEST_BYTES.min(shared.budget.bytes() / 16);
    // A body larger than the whole budget is refused before it is read; one that fits takes
    // its bytes from the budget as they arrive (an announced length holds nothing).
    if let Err(e) = shared.budget.fits(&what, pass.body_len.saturating_add(own)) {
        return reply(budget_refusal(e), cors, conn, shared);
    }
    let mut held = match quick && pass.body_len == 0 {
        true => None,
        // Itself and the body's first step (all of a small body) at once.
        false => match shared
            .budget
            .reserve(&what, own.saturating_add(pass.body_len.min(BODY_STEP)))
            .await
        {
            Ok(held) => Some(held),
            Err(e) => return reply(budget_refusal(e), cors, conn, shared),
        },
    };
    let reading = read_body(body, pass.body_len, &shared.budget, &mut held, &what);
    let bytes = match tokio::time::timeout(BODY_TIME, reading).await {
        Ok(Ok(Some(bytes))) => bytes,
        Ok(Err(e)) => return reply(budget_refusal(e), cors, conn, shared),
        Ok(Ok(None)) => {
            let r = Reply::error(400, "the request's body ended before its Content-Length");
            return reply(r, cors, conn, shared);
        }
        Err(_) => {
            let r = Reply::error(
                408,
                &format!(
                    "the request's body took more than {} s",
                    BODY_TIME.as_secs()
                ),
            );
            return reply(r, cors, conn, shared);
        }
    };
    conn.set(Phase::Working, shared.epoch);
    let answer = if !quick {
        let handle = shared.handle.clone();
        let gone = Gone(Arc::new(AtomicBool::new(false)));
        let client_gone = gone.0.clone();
        let queued = Instant::now();
        let work = tokio::task::spawn_blocking(move || {
            if client_gone.load(Ordering::Relaxed) {
                return Reply::error(499, "the client went away");
            }
            if queued.elapsed() > QUEUE_TIME {
                return Reply::error(
                    503,
                    "the server is busy: every work thread is taken; try again in a moment",
                );
            }
            let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                handle(&method, &target, &bytes)
            }));
            let mut answer = answer
                .unwrap_or_else(|_| Reply::error(500, "internal error (a bug: please report it)"));
            let big = [&held, &answer.held]
                .iter()
                .filter_map(|h| h.as_ref().map(Held::bytes))
                .sum::<u64>();
            drop((bytes, held));
            if let Some(h) = &mut answer.held {
                h.shrink_to(answer.body.len() as u64);
            }
            answer.trim = big >= TRIM_ABOVE;
            answer
        });
        let answer = work.await;
        drop(gone);
        answer.unwrap_or_else(|_| Reply::error(500, "internal error (a bug: please report it)"))
    } else {
        drop(held);
        handle_inline(shared, &method, &target, &bytes)
    };
    reply(answer, cors, conn, shared)
}

/// A quick request (GET, HEAD), answered on the I/O thread; a panic is a 500.
fn handle_inline(shared: &Shared, method: &str, target: &str, body: &[u8]) -> Reply {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        (shared.handle)(method, target, body)
    }))
    .unwrap_or_else(|_| Reply::error(500, "internal error (a bug: please report it)"))
}

fn budget_refusal(e: budget::Refusal) -> Reply {
    match e {
        budget::Refusal::TooLarge(e) => Reply::error(413, &e.to_string()),
        budget::Refusal::Busy(message) => Reply::error(503, &message),
    }
}

/// The body, `len` bytes as its Content-Length says (hyper stops it there), its memory taken
/// from `budget` into `held` as it arrives, [`BODY_STEP`] at a time (or what is left; the
/// first step with the request): a client that announces a large body and sends little holds
/// little. `Ok(None)` when the
/// client stopped sending; the budget's refusal when it cannot grow.
async fn read_body(
    mut body: Incoming,
    len: u64,
    budget: &Budget,
    held: &mut Option<Held>,
    what: &str,
) -> Result<Option<Vec<u8>>, budget::Refusal> {
    use http_body_util::BodyExt;
    // The first step was reserved with the request.
    let mut room = len.min(BODY_STEP);
    let mut bytes: Vec<u8> = Vec::with_capacity(room as usize);
    while let Some(frame) = body.frame().await {
        let Ok(frame) = frame else {
            return Ok(None);
        };
        if let Ok(data) = frame.into_data() {
            let need = (bytes.len() + data.len()) as u64;
            if need > len {
                return Ok(None);
            }
            if need > room {
                let step = (need - room).max(BODY_STEP).min(len - room);
                let more = budget.reserve(what, step).await?;
                *held = Some(match held.take() {
                    Some(h) => h.and(more),
                    None => more,
                });
                room += step;
                bytes.reserve_exact((room as usize).saturating_sub(bytes.len()));
            }
            bytes.extend_from_slice(&data);
        }
    }
    Ok((bytes.len() as u64 == len).then_some(bytes))
}

/// The response for `answer`; the connection is now sending it.
fn reply(
    answer: Reply,
    cors: Option<String>,
    conn: &Arc<Conn>,
    shared: &Shared,
) -> Response<ReplyBody> {
    let mut response = Response::new(ReplyBody {
        data: answer.body,
        sent: 0,
        held: answer.held,
        trim: answer.trim,
        conn: conn.clone(),
        epoch: shared.epoch,
    });
    *response.status_mut() = hyper::StatusCode::from_u16(answer.status)
        .unwrap_or(hyper::StatusCode::INTERNAL_SERVER_ERROR);
    let h = response.headers_mut();
    let mut set = |name, value: &str| {
        if let Ok(v) = HeaderValue::from_str(value) {
            h.insert(name, v);
        }
    };
    set(header::CONTENT_TYPE, answer.mime);
    set(header::CACHE_CONTROL, "no-store");
    set(header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    if let Some(name) = &answer.download {
        // The name is ours ("maze.dot"), never the client's.
        set(
            header::CONTENT_DISPOSITION,
            &format!("attachment; filename=\"{name}\""),
        );
    }
    if answer.status == 503 {
        set(header::RETRY_AFTER, &budget::WAIT.as_secs().to_string());
    }
    if let Some(origin) = &cors {
        set(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        set(header::VARY, "Origin");
        set(header::ACCESS_CONTROL_ALLOW_METHODS, "GET, HEAD, POST");
        set(header::ACCESS_CONTROL_ALLOW_HEADERS, "Content-Type");
        set(header::ACCESS_CONTROL_EXPOSE_HEADERS, "Content-Disposition");
        set(header::ACCESS_CONTROL_MAX_AGE, "600");
    }
    conn.set(Phase::Writing, shared.epoch);
    response
}

/// A reply's body, handed to hyper [`CHUNK`] bytes at a time, each a copy (so that the whole
/// reply is freed when this is dropped, not when hyper has let go of its last chunk); the
/// budget it holds is given back, and the connection is idle again, when it is dropped (sent,
/// or the client gone).
struct ReplyBody {
    data: Bytes,
    sent: usize,
    held: Option<Held>,
    trim: bool,
    conn: Arc<Conn>,
    epoch: Instant,
}

impl Body for ReplyBody {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let this = &mut *self;
        if this.sent >= this.data.len() {
            return Poll::Ready(None);
        }
        let end = (this.sent + CHUNK).min(this.data.len());
        let chunk = Bytes::copy_from_slice(&this.data[this.sent..end]);
        this.sent = end;
        Poll::Ready(Some(Ok(Frame::data(chunk))))
    }

    fn is_end_stream(&self) -> bool {
        self.sent >= self.data.len()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact((self.data.len() - self.sent) as u64)
    }
}

impl Drop for ReplyBody {
    fn drop(&mut self) {
        self.data = Bytes::new();
        self.held = None;
        if self.trim {
            if let Ok(rt) = tokio::runtime::Handle::try_current() {
                rt.spawn_blocking(budget::trim);
            }
        }
        self.conn.set(Phase::Idle, self.epoch);
    }
}
