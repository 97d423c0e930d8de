//! `dlx serve`: the web page and the JSON API behind it.
//!
//! The server is axum on tokio: axum because it is the most used and best kept of Rust's HTTP
//! servers, and because a request's future is dropped when its connection closes, which is how
//! a page that goes away cancels its search (see [`jobs`]). The page is one HTML file with its
//! styles and scripts inside, built into the binary ([`PAGE`]); it draws boards with the same
//! SVG as `--format svg`, which the API sends.
//!
//! Everything a request can cost is bounded: its body ([`MAX_BODY`]), the searches running at
//! once (`--jobs`, one per core by default) and waiting ([`MAX_WAITING`]), the time of each
//! (`--time-limit`), the memory of memoized counts ([`MEMO_LIMIT`]), the sizes of the
//! boards the page makes, the connections open ([`MAX_CONNECTIONS`], each closed when idle
//! for `--idle-timeout` and after a lifetime), and the answers' sizes and the memory of those
//! not yet sent (see `api::json_response`). Bad input is a 4xx answer with a JSON body `{"error": ...}` that the
//! page shows beside the input; the server goes on.

mod api;
mod catalog;
mod jobs;
mod peer;
mod puzzles;

use std::net::SocketAddr;
use std::sync::Arc;

use anyhow::{Context, Result};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde_json::json;

use crate::args::ServeArgs;
use crate::process::Found;
use jobs::Jobs;

/// The page: HTML, styles and scripts in one file.
pub const PAGE: &str = include_str!("page.html");

/// The largest request body: a DLX problem or a puzzle of up to 1 MiB.
pub const MAX_BODY: usize = 1 << 20;

/// The most requests waiting for a slot; later ones are answered 503 at once.
pub const MAX_WAITING: usize = 1024;

/// The memory that a memoized count (a tiling's count and random draw) may use.
pub const MEMO_LIMIT: usize = 256 << 20;

pub fn run(args: &ServeArgs) -> Result<Found> {
    let slots = args
        .jobs
        // One a core by default: the engine's rule for 0 threads.
        .map_or_else(|| dlx::Solver::workers_for(0), |n| n as usize)
        .clamp(1, 1024);
    let address = SocketAddr::new(args.bind, args.port.unwrap_or(0));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(slots + 2)
        .enable_all()
        .build()
        .context("cannot start the server's threads")?;
    let state = Arc::new(Jobs::new(slots, MAX_WAITING, args.time_limit));
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .with_context(|| {
                format!(
                    "cannot listen on {address} (another --port, or none for a free one, may do)"
                )
            })?;
        let bound = listener
            .local_addr()
            .context("cannot read the bound address")?;
        if !args.bind.is_loopback() {
            crate::process::note(format_args!(
                "dlx: warning: listening on {bound}: any machine that reaches this address may \
                 use the page and this machine's cores"
            ));
        }
        let shown = match bound {
            SocketAddr::V6(v6) => format!("[{}]:{}", v6.ip(), v6.port()),
            SocketAddr::V4(v4) => v4.to_string(),
        };
        {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            writeln!(out, "dlx serve: http://{shown}/ (Ctrl-C stops it)")
                .and_then(|()| out.flush())
                .context(crate::output::write_error())?;
        }
        serve(listener, router(state), args.time_limit, args.idle_timeout).await;
        Ok::<(), anyhow::Error>(())
    })?;
    Ok(Found::Some)
}

/// The most connections open at once; a connection past them is closed at once.
pub const MAX_CONNECTIONS: usize = 256;

/// How long a connection may stay open in all, beyond twice the time limit of its searches:
/// a client that never reads its answer holds it no longer than this.
pub const CONNECTION_SLACK: std::time::Duration = std::time::Duration::from_secs(60);

/// Answers connections until the process is stopped: each connection's request heads within
/// `idle` (`--idle-timeout`), at most [`MAX_CONNECTIONS`] open, none open longer than twice the time
/// limit and [`CONNECTION_SLACK`], and a client that half-closes its side after its request
/// still answered (while a job of a client that went away is cancelled: see [`peer`]). (`axum::serve` set no timer, so idle and half-sent connections stayed
/// forever.)
async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    time_limit: std::time::Duration,
    idle: std::time::Duration,
) {
    let open = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    let service = hyper_util::service::TowerToHyperService::new(router);
    let lifetime = time_limit
        .saturating_mul(2)
        .saturating_add(CONNECTION_SLACK);
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors, most often: a moment for connections to close.
            Err(_) => {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let service = service.clone();
        let counted = hyper::service::service_fn(move |request| {
            peer::Connection::request_came();
            hyper::service::Service::call(&service, request)
        });
        tokio::spawn(async move {
            let _open = permit;
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(idle)
                .half_close(true);
            let watched = peer::Connection::of(&stream);
            let connection = http.serve_connection(hyper_util::rt::TokioIo::new(stream), counted);
            peer::Connection::serve(watched, tokio::time::timeout(lifetime, connection)).await;
        });
    }
}

/// The routes: the page, and the API under `/api/` (docs/serve.md).
pub fn router(jobs: Arc<Jobs>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/api/calendar", get(api::calendar))
        .route("/api/calendar/year", get(api::calendar_year))
        .route("/api/puzzles", get(catalog::list))
        .route("/api/puzzles/{name}/solve", post(catalog::solve))
        .route("/api/{puzzle}/solve", post(puzzles::solve_puzzle))
        .route("/api/{puzzle}/generate", get(puzzles::generate_puzzle))
        .route("/api/{puzzle}/hint", post(puzzles::hint_puzzle))
        .route("/api/tromino", get(api::tromino))
        .route("/api/dlx", post(api::exact_cover))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such page or API") })
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .with_state(jobs)
}

async fn page() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        PAGE,
    )
        .into_response()
}

/// A refused request: its status, and a message for the page to show beside `field` (the
/// input it is about), as `{"error": message, "field": field}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    field: Option<&'static str>,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            field: None,
        }
    }

    /// Bad input (400), about the input `field`.
    pub fn input(field: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            field: Some(field),
            ..ApiError::new(StatusCode::BAD_REQUEST, message)
        }
    }

    /// Input that is well formed but too large or impossible to do here (422).
    pub fn unprocessable(field: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            field: Some(field),
            ..ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
        }
    }

    pub fn busy() -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy: try again in a moment",
        )
    }

    pub fn internal() -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error: this is a bug in dlx, please report it",
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = json!({"error": self.message, "field": self.field});
        (
            self.status,
            [(header::CONTENT_TYPE, "application/json")],
            body.to_string(),
        )
            .into_response()
    }
}
