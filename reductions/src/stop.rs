//! The stop of a generator's searches: a deadline and a cancel flag set for the thread that
//! makes a puzzle ([`stopping`]), which every search it starts reads, the engine's
//! ([`bounded`]) and the graders' own ([`stopped`]), so that none outlasts the time the
//! generator was given. A search stopped so gives an answer that may be wrong; the generator
//! then looks at the clock and gives up rather than use it.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crate::Reduction;

/// When the searches of a generator must stop: a deadline, and a flag another thread may set.
#[derive(Clone, Default)]
struct Stop {
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

thread_local! {
    /// The stop of the generator running on this thread ([`stopping`]): every search a
    /// generator starts, the engine's ([`bounded`]) and the graders' own ([`stopped`]), reads
    /// it, so that none outlasts the generator's time limit by more than the clock's period.
    static STOP: RefCell<Stop> = RefCell::new(Stop::default());
}

/// Runs `f` with every search of this crate that it starts on this thread stopped at
/// `deadline` (the earlier of it and an enclosing one) or once `cancel` is set: the engine's
/// searches ([`bounded`]) and the graders' ([`stopped`]). A search stopped so gives an answer
/// that may be wrong; its caller, a generator, then looks at the clock and gives up
/// (the generators' `OutOfTime`) rather than use it.
pub(crate) fn stopping<T>(
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    f: impl FnOnce() -> T,
) -> T {
    let outer = STOP.with(|stop| stop.borrow().clone());
    let inner = Stop {
        deadline: match (outer.deadline, deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        },
        cancel: cancel.or_else(|| outer.cancel.clone()),
    };
    STOP.with(|stop| *stop.borrow_mut() = inner);
    // Restored on the way out, a panic's too.
    struct Restore(Stop);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = std::mem::take(&mut self.0);
            STOP.with(|stop| *stop.borrow_mut() = outer);
        }
    }
    let _restore = Restore(outer);
    f()
}

/// Whether the stop of this thread's generator has come: its deadline passed, or its flag
/// set. Read by the graders' own searches at every node.
pub(crate) fn stopped() -> bool {
    STOP.with(|stop| {
        let stop = stop.borrow();
        stop.deadline.is_some_and(|at| Instant::now() >= at)
            || stop
                .cancel
                .as_ref()
                .is_some_and(|flag| flag.load(Ordering::Relaxed))
    })
}

/// `solver`, stopped at this thread's generator's stop ([`stopping`]).
pub(crate) fn bounded(mut solver: dlx::Solver<'_>) -> dlx::Solver<'_> {
    let stop = STOP.with(|stop| stop.borrow().clone());
    if let Some(at) = stop.deadline {
        solver = solver.deadline(at);
    }
    if let Some(flag) = stop.cancel {
        solver = solver.cancel_on(flag);
    }
    solver
}

/// Whether a puzzle has a solution, by the engine's search to its first (with the puzzle's
/// own reasoning), within `node_limit` nodes and `time`: `None` when the search stopped first
/// or the puzzle cannot be built.
pub(crate) fn solvable<R: Reduction>(
    reduction: &R,
    puzzle: &R::Puzzle,
    node_limit: u64,
    time: std::time::Duration,
) -> Option<bool> {
    let encoding = reduction.encode(puzzle).ok()?;
    let mut solver = bounded(dlx::Solver::new(&encoding.problem))
        .propagation(reduction.propagation_for(puzzle))
        .limit(1)
        .node_limit(node_limit)
        .timeout(time);
    if let Some(propagator) = reduction.propagator(puzzle, &encoding) {
        solver = solver.propagator(propagator);
    }
    let outcome = solver.count();
    match (outcome.solutions, outcome.stopped) {
        (0, None) => Some(false),
        (0, Some(_)) => None,
        _ => Some(true),
    }
}
