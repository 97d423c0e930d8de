//! The API's handlers for the calendar, tilings and exact cover, and what every handler
//! shares (the grid puzzles are in `puzzles.rs`): each reads its query or body, refuses bad
//! input with a 4xx, and runs its search as a [`Job`](super::jobs::Job). Boards come back as
//! the SVG of `--format svg`.

use std::convert::Infallible;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::extract::rejection::{QueryRejection, StringRejection};
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use dlx::{Problem, StopReason};
use reductions::calendar::{AllDates, Calendar, Date};
use reductions::grid::Cell;
use reductions::tromino::{self, Tromino};
use reductions::Reduction;
use serde::Deserialize;
use serde_json::{json, Value};

use super::jobs::{Job, Jobs};
use super::{ApiError, MEMO_LIMIT};
use reductions::drawing::Draw;

pub(super) type Answer = Result<Response, ApiError>;

/// The most solutions `/api/dlx` lists.
const MAX_LISTED: u64 = 100;

/// The most bytes of solutions `/api/dlx` lists (a problem of 1 MiB could ask for 100 MiB).
const MAX_LISTING: usize = 4 << 20;

/// The largest side of a tromino board tiled by divide and conquer (its SVG is about 6 MB).
const MAX_DIVIDE: usize = 64;

/// The largest side of a tromino board counted and drawn at random (by memoization).
const MAX_COUNTED: usize = 16;

pub(super) fn json_response(value: Value) -> Response {
    let text = value.to_string();
    if text.len() > MAX_ANSWER {
        return ApiError::new(
            StatusCode::INSUFFICIENT_STORAGE,
            format!("the answer would be over {} MiB", MAX_ANSWER >> 20),
        )
        .into_response();
    }
    // Small answers are not counted: at most MAX_CONNECTIONS of them are held, and a page's
    // ordinary requests are answered when large ones are held up.
    let lease = if text.len() <= SMALL_ANSWER {
        Lease(0)
    } else {
        match Lease::take(text.len()) {
            Some(lease) => lease,
            None => return ApiError::busy().into_response(),
        }
    };
    (
        [(header::CONTENT_TYPE, "application/json")],
        leased_body(text.into(), lease),
    )
        .into_response()
}

/// The largest answer: the SVG of the largest tiling drawn is about 6 MB.
pub(super) const MAX_ANSWER: usize = 8 << 20;

/// Answers up to this size are not counted in [`MAX_HELD`].
const SMALL_ANSWER: usize = 64 << 10;

/// The most bytes of answers held at once, not yet sent: clients that do not read their
/// answers hold no more than this together, and further answers are 503 until they are gone.
pub(super) const MAX_HELD: usize = 64 << 20;

/// Bytes of answers held (see [`MAX_HELD`]).
static HELD: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// A share of [`MAX_HELD`], given back when dropped.
pub(super) struct Lease(usize);

impl Lease {
    pub(super) fn take(bytes: usize) -> Option<Lease> {
        use std::sync::atomic::Ordering;
        let mut held = HELD.load(Ordering::Relaxed);
        loop {
            if held.saturating_add(bytes) > MAX_HELD {
                return None;
            }
            match HELD.compare_exchange_weak(
                held,
                held + bytes,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Some(Lease(bytes)),
                Err(now) => held = now,
            }
        }
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        HELD.fetch_sub(self.0, std::sync::atomic::Ordering::Relaxed);
    }
}

/// A body sent in pieces of 64 KiB, each asked for only when the connection took the one
/// before, holding `lease` until the last is taken.
fn leased_body(bytes: axum::body::Bytes, lease: Lease) -> Body {
    const PIECE: usize = 64 << 10;
    let mut at = 0;
    let stream = futures_util::stream::poll_fn(move |_| {
        let _held = &lease;
        if at >= bytes.len() {
            return std::task::Poll::Ready(None);
        }
        let end = (at + PIECE).min(bytes.len());
        let piece = bytes.slice(at..end);
        at = end;
        std::task::Poll::Ready(Some(Ok::<_, Infallible>(piece)))
    });
    Body::from_stream(stream)
}

pub(super) fn query<T>(query: Result<Query<T>, QueryRejection>) -> Result<T, ApiError> {
    query
        .map(|Query(value)| value)
        .map_err(|err| ApiError::input("query", err.body_text()))
}

pub(super) fn body(body: Result<String, StringRejection>) -> Result<String, ApiError> {
    body.map_err(|err| {
        let status = err.status();
        let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
            format!(
                "the input is larger than {} KiB, the most this server takes",
                super::MAX_BODY >> 10
            )
        } else {
            format!("the input must be UTF-8 text: {}", err.body_text())
        };
        ApiError {
            status,
            ..ApiError::input("input", message)
        }
    })
}

/// Whether the search saw its whole tree, and if not why, as JSON fields.
pub(super) fn completeness(stopped: Option<StopReason>) -> Vec<(&'static str, Value)> {
    match stopped {
        None | Some(StopReason::SolutionLimit) => vec![("complete", json!(true))],
        Some(reason) => vec![
            ("complete", json!(false)),
            ("stopped", json!(reason.to_string())),
        ],
    }
}

pub(super) fn with_fields(mut value: Value, fields: Vec<(&'static str, Value)>) -> Value {
    if let Value::Object(map) = &mut value {
        for (name, field) in fields {
            map.insert(name.to_owned(), field);
        }
    }
    value
}

#[derive(Deserialize)]
pub struct CalendarQuery {
    date: String,
    solution: Option<u64>,
}

/// `GET /api/calendar?date=D&solution=K`: the date's number of solutions, and its `K`-th
/// solution (from 1; the first by default) drawn.
pub async fn calendar(
    State(jobs): State<Arc<Jobs>>,
    request: Result<Query<CalendarQuery>, QueryRejection>,
) -> Answer {
    let request = query(request)?;
    let date: Date = crate::puzzles::calendar::date_of(&request.date)
        .map_err(|err| ApiError::input("date", format!("{err:#}")))?;
    if request.solution == Some(0) {
        return Err(ApiError::input(
            "solution",
            "solution 0: solutions are numbered from 1",
        ));
    }
    let wanted = request.solution.unwrap_or(1);
    jobs.run(move |job| {
        let encoding = Calendar
            .encode(&date)
            .map_err(|err| ApiError::unprocessable("date", err.to_string()))?;
        let mut index = 0;
        let mut chosen = None;
        // The tree the command line walks, so that solution N is the same in both.
        let solver = job.solver(&encoding.problem).tree(Calendar.tree());
        let outcome = solver.for_each(|options| {
            index += 1;
            if index == wanted {
                chosen = Some(options.to_vec());
            }
            ControlFlow::Continue(())
        });
        let svg = chosen.map(|options| {
            draw::svg(&Calendar.drawing(
                &date,
                Calendar.decode(&date, &encoding.choices_of(&options)),
            ))
        });
        let answer = json!({
            "date": date.to_string(),
            "month": date.month(),
            "day": date.day(),
            "count": outcome.solutions as u64,
            "solution": svg.as_ref().map(|_| wanted),
            "svg": svg,
        });
        Ok(json_response(with_fields(
            answer,
            completeness(outcome.stopped),
        )))
    })
    .await
}

/// `GET /api/calendar/year`: the number of solutions of every date of a leap year, from one
/// search, with the fewest, the most and the total.
pub async fn calendar_year(State(jobs): State<Arc<Jobs>>) -> Answer {
    jobs.run(|job| {
        let all = AllDates::new().map_err(|_| ApiError::internal())?;
        let mut counts = [[0u64; 31]; 12];
        let solver = job.solver(&all.problem).tree(Calendar.tree());
        let outcome = solver.for_each(|options| {
            if let Some(date) = all.date_of(options) {
                counts[date.month() as usize - 1][date.day() as usize - 1] += 1;
            }
            ControlFlow::Continue(())
        });
        let dates: Vec<Value> = Date::all()
            .map(|date| {
                let count = counts[date.month() as usize - 1][date.day() as usize - 1];
                json!({"month": date.month(), "day": date.day(), "count": count})
            })
            .collect();
        let all_counts: Vec<u64> = Date::all()
            .map(|d| counts[d.month() as usize - 1][d.day() as usize - 1])
            .collect();
        let answer = json!({
            "dates": dates,
            "min": all_counts.iter().min(),
            "max": all_counts.iter().max(),
            "total": all_counts.iter().sum::<u64>(),
        });
        Ok(json_response(with_fields(
            answer,
            completeness(outcome.stopped),
        )))
    })
    .await
}

#[derive(Deserialize)]
pub struct TrominoQuery {
    size: usize,
    row: usize,
    col: usize,
    /// `divide` (the default): the divide-and-conquer tiling; `random`: the number of tilings
    /// and one drawn uniformly at random.
    method: Option<String>,
    seed: Option<u64>,
}

/// `GET /api/tromino?size=N&row=R&col=C&method=M`: an N x N board without cell (R, C), tiled
/// by divide and conquer, or counted and tiled at random.
pub async fn tromino(
    State(jobs): State<Arc<Jobs>>,
    request: Result<Query<TrominoQuery>, QueryRejection>,
) -> Answer {
    let request = query(request)?;
    let missing = Cell::new(request.row, request.col);
    let (size, seed) = (request.size, request.seed.unwrap_or(0));
    let outside = |field| {
        ApiError::input(
            field,
            format!(
                "the missing cell ({}, {}) is off the {size} x {size} board",
                request.row, request.col
            ),
        )
    };
    if request.row >= size {
        return Err(outside("row"));
    }
    if request.col >= size {
        return Err(outside("col"));
    }
    match request.method.as_deref().unwrap_or("divide") {
        "divide" => {
            if !size.is_power_of_two() || size > MAX_DIVIDE {
                return Err(ApiError::input("size", format!("size {size}: divide and conquer tiles a side of 2, 4, 8, ..., {MAX_DIVIDE}")));
            }
            jobs.run(move |_| {
                let tiling = tromino::divide(size, missing)
                    .map_err(|err| ApiError::input("size", err.to_string()))?;
                let tiles = tiling.tile_count();
                let board = tromino::square(size, missing)
                    .map_err(|err| ApiError::input("size", err.to_string()))?;
                let svg = draw::svg(&Tromino.drawing(&board, tiling));
                Ok(json_response(
                    json!({"size": size, "tiles": tiles, "svg": svg}),
                ))
            })
            .await
        }
        "random" => {
            if !(1..=MAX_COUNTED).contains(&size) {
                return Err(ApiError::input(
                    "size",
                    format!(
                        "size {size}: tilings are counted here on sides from 1 to {MAX_COUNTED}"
                    ),
                ));
            }
            jobs.run(move |job| {
                let board = tromino::square(size, missing)
                    .map_err(|err| ApiError::input("size", err.to_string()))?;
                let encoding = Tromino
                    .encode(&board)
                    .map_err(|err| ApiError::unprocessable("size", err.to_string()))?;
                let graph = job
                    .solver(&encoding.problem)
                    .branching(Tromino.memo_order())
                    .memo_limit(MEMO_LIMIT)
                    .memo_graph()
                    .map_err(|err| ApiError::unprocessable("size", err.to_string()))?;
                let drawn = graph.random_solutions(seed).next();
                let svg = drawn.map(|solution| {
                    draw::svg(&Tromino.drawing(
                        &board,
                        Tromino.decode(&board, &encoding.choices_of(solution.options())),
                    ))
                });
                Ok(json_response(json!({
                    "size": size,
                    "count": graph.count().to_string(),
                    "svg": svg,
                    "seed": seed.to_string(),
                })))
            })
            .await
        }
        other => Err(ApiError::input(
            "method",
            format!("method '{other}': expected divide or random"),
        )),
    }
}

#[derive(Deserialize)]
pub struct ExactCoverQuery {
    /// `count` (the default) or `solutions`.
    mode: Option<String>,
    /// With `solutions`: how many to list, at most [`MAX_LISTED`].
    limit: Option<u64>,
    /// Count or list once per class of solutions that the problem's symmetries map onto
    /// each other (`dlx solve --up-to-symmetry`).
    symmetry: Option<bool>,
}

/// How often `/api/dlx` reports a count's progress.
const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// `POST /api/dlx?mode=count|solutions&limit=N&symmetry=true` with a problem in the DLX text
/// format as the body. The answer is JSON lines (`application/x-ndjson`): `{"progress": ...}`
/// lines while the search runs, then `{"result": ...}`, the count (a decimal string) or the
/// solutions (each the lines of its options), with `symmetries` (the group's order, a decimal
/// string) when counted or listed up to symmetry, or `{"error": ...}`. The search stops when
/// the connection closes.
pub async fn exact_cover(
    State(jobs): State<Arc<Jobs>>,
    request: Result<Query<ExactCoverQuery>, QueryRejection>,
    text: Result<String, StringRejection>,
) -> Answer {
    // One time limit for the whole request, the reading of its problem included.
    let started = std::time::Instant::now();
    let request = query(request)?;
    let text = body(text)?;
    let listing = match request.mode.as_deref().unwrap_or("count") {
        "count" => None,
        "solutions" => Some(request.limit.unwrap_or(10).clamp(1, MAX_LISTED)),
        other => {
            return Err(ApiError::input(
                "mode",
                format!("mode '{other}': expected count or solutions"),
            ))
        }
    };
    let problem = jobs
        .run(move |_| {
            dlx::text::parse(&text)
                .map(|parsed| parsed.problem)
                .map_err(|err| {
                    ApiError::input(
                        "problem",
                        format!(
                            "line {}, column {}: {}",
                            err.line(),
                            err.column(),
                            err.kind()
                        ),
                    )
                })
        })
        .await?;
    let (lines, mut receive) = tokio::sync::mpsc::unbounded_channel::<String>();
    let task = tokio::spawn(async move {
        let progress = lines.clone();
        let result = jobs
            .run(move |job| {
                search_lines(
                    &problem,
                    job,
                    started,
                    listing,
                    request.symmetry.unwrap_or(false),
                    &progress,
                )
            })
            .await;
        let last = match result {
            Ok(value) => json!({"result": value}),
            Err(err) => json!({"error": err.message}),
        };
        let _ = lines.send(format!("{last}\n"));
    });
    // Dropped with the response body when the connection closes: the job's future goes too,
    // which cancels its search.
    struct AbortOnDrop(tokio::task::JoinHandle<()>);
    impl Drop for AbortOnDrop {
        fn drop(&mut self) {
            self.0.abort();
        }
    }
    let guard = AbortOnDrop(task);
    // Each line holds its share of the answers' memory until the next is asked for.
    let mut held: Option<Lease> = None;
    let stream = futures_util::stream::poll_fn(move |context| {
        let _keep = &guard;
        drop(held.take());
        receive.poll_recv(context).map(|line| {
            line.map(|line| {
                if line.len() > SMALL_ANSWER {
                    held = Lease::take(line.len());
                }
                Ok::<_, Infallible>(line)
            })
        })
    });
    Ok((
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(stream),
    )
        .into_response())
}

/// The search of `/api/dlx`, reporting progress as JSON lines into `progress`.
fn search_lines(
    problem: &Problem,
    job: &Job,
    started: std::time::Instant,
    listing: Option<u64>,
    up_to_symmetry: bool,
    progress: &tokio::sync::mpsc::UnboundedSender<String>,
) -> Result<Value, ApiError> {
    let group = if up_to_symmetry {
        let limits = dlx::symmetry::GroupLimits {
            deadline: Some(started + job.time_limit),
            cancel: Some(job.cancel.clone()),
            ..dlx::symmetry::GroupLimits::default()
        };
        let group = dlx::symmetry::Group::within(problem, &limits)
            .map_err(|err| ApiError::unprocessable("problem", err.to_string()))?;
        Some(group)
    } else {
        None
    };
    let symmetries = group.as_ref().map(|group| group.order().to_string());
    let refused =
        |err: dlx::symmetry::SymmetryError| ApiError::unprocessable("problem", err.to_string());
    let progress = progress.clone();
    let solver = job
        .solver(problem)
        .deadline(started + job.time_limit)
        .on_progress(PROGRESS_EVERY, move |report| {
            let line = json!({"progress": {
                "nodes": report.nodes,
                "solutions": report.solutions.to_string(),
                "seconds": report.elapsed.as_secs_f64(),
            }});
            let _ = progress.send(format!("{line}\n"));
        });
    match listing {
        None => {
            let outcome = match &group {
                Some(group) => solver.count_up_to_symmetry(group).map_err(refused)?,
                None => solver.count(),
            };
            let mut fields = completeness(outcome.stopped);
            if let Some(order) = symmetries {
                fields.push(("symmetries", json!(order)));
            }
            Ok(with_fields(
                json!({"count": outcome.solutions.to_string(), "nodes": outcome.stats.nodes}),
                fields,
            ))
        }
        Some(limit) => {
            let mut solutions = Vec::new();
            // The answer stops growing at its size limit, with the solutions listed so far.
            let mut bytes = 0;
            let solver = solver.limit(limit.into());
            let visit = |options: &[dlx::OptionId]| {
                let texts: Vec<String> = options.iter().map(|&o| problem.option_text(o)).collect();
                bytes += texts.iter().map(|text| text.len() + 3).sum::<usize>() + 2;
                if bytes > MAX_LISTING {
                    return ControlFlow::Break(());
                }
                solutions.push(texts);
                ControlFlow::Continue(())
            };
            let outcome = match &group {
                Some(group) => solver
                    .for_each_up_to_symmetry(group, visit)
                    .map_err(refused)?,
                None => solver.for_each(visit),
            };
            let mut fields = if outcome.stopped == Some(StopReason::Visitor) {
                vec![
                    ("complete", json!(false)),
                    (
                        "stopped",
                        json!(format!(
                            "the answer reached its size limit of {} MiB",
                            MAX_LISTING >> 20
                        )),
                    ),
                ]
            } else {
                completeness(outcome.stopped)
            };
            if let Some(order) = symmetries {
                fields.push(("symmetries", json!(order)));
            }
            Ok(with_fields(
                json!({"solutions": solutions, "nodes": outcome.stats.nodes}),
                fields,
            ))
        }
    }
}
