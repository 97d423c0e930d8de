//! The work of the requests, bounded: at most `slots` jobs run at once, each on a blocking
//! thread of its own, at most `max_waiting` wait for a slot (later ones are told the server is
//! busy), and a job whose client went away (the page was closed or navigated away: the
//! connection closed, which [`peer`](super::peer) sees while the job runs, or the server
//! dropped the request's future) is cancelled through the engine's cancel flag.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;

use tokio::sync::Semaphore;

use super::ApiError;

/// What a job is given: its time limit (from its start) and the flag that cancels it.
#[derive(Clone)]
pub struct Job {
    pub time_limit: Duration,
    pub cancel: Arc<AtomicBool>,
    pub started: Instant,
}

impl Job {
    /// When the job's time runs out.
    pub fn deadline(&self) -> Instant {
        self.started + self.time_limit
    }

    /// The answer of a job whose time ran out before it had one (503).
    pub fn out_of_time(&self) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server's time limit ({} s) ran out first: try a smaller size or an easier \
                 difficulty",
                self.time_limit.as_secs_f64()
            ),
        )
    }

    /// The library's bounds of the job's search: its time, its cancel flag, one thread, the
    /// server's memo memory.
    pub fn limits(&self) -> reductions::registry::Limits {
        reductions::registry::Limits {
            deadline: Some(self.deadline()),
            cancel: Some(self.cancel.clone()),
            threads: Some(1),
            memo_memory: Some(super::MEMO_LIMIT),
            ..reductions::registry::Limits::default()
        }
    }

    /// A solver with the job's limits: its time, its cancel flag, one thread.
    pub fn solver<'p>(&self, problem: &'p dlx::Problem) -> dlx::Solver<'p> {
        dlx::Solver::new(problem)
            .timeout(self.time_limit)
            .cancel_on(self.cancel.clone())
    }
}

pub struct Jobs {
    slots: Arc<Semaphore>,
    waiting: AtomicUsize,
    max_waiting: usize,
    time_limit: Duration,
}

/// Sets the cancel flag when dropped before [`disarm`](Self::disarm): the request's future was
/// dropped while its job ran.
struct CancelOnDrop(Option<Arc<AtomicBool>>);

impl CancelOnDrop {
    fn disarm(mut self) {
        self.0 = None;
    }
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(flag) = &self.0 {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

/// Counts a request among the waiting while it lives.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Jobs {
    pub fn new(slots: usize, max_waiting: usize, time_limit: Duration) -> Jobs {
        Jobs {
            slots: Arc::new(Semaphore::new(slots)),
            waiting: AtomicUsize::new(0),
            max_waiting,
            time_limit,
        }
    }

    /// Runs `work` when a slot is free, on a blocking thread; busy (503) when too many wait
    /// or none frees within the time limit.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Job) -> Result<T, ApiError> + Send + 'static,
    {
        let permit = {
            if self.waiting.fetch_add(1, Ordering::Relaxed) >= self.max_waiting {
                self.waiting.fetch_sub(1, Ordering::Relaxed);
                return Err(ApiError::busy());
            }
            let _waiting = Waiting(&self.waiting);
            let acquire = self.slots.clone().acquire_owned();
            match tokio::time::timeout(self.time_limit, acquire).await {
                Ok(Ok(permit)) => permit,
                _ => return Err(ApiError::busy()),
            }
        };
        let job = Job {
            time_limit: self.time_limit,
            cancel: Arc::new(AtomicBool::new(false)),
            started: Instant::now(),
        };
        let guard = CancelOnDrop(Some(job.cancel.clone()));
        // The slot is the blocking thread's until its work is done, cancelled or not, so the
        // number of searches running never exceeds the slots.
        let cancel = job.cancel.clone();
        let mut handle = tokio::task::spawn_blocking(move || {
            let _slot = permit;
            work(&job)
        });
        let result = match super::peer::Connection::current() {
            Some(connection) => tokio::select! {
                result = &mut handle => result,
                () = connection.gone() => {
                    cancel.store(true, Ordering::Relaxed);
                    handle.await
                }
            },
            None => handle.await,
        };
        guard.disarm();
        result.unwrap_or_else(|_| Err(ApiError::internal()))
    }
}
