//! What a puzzle of the registry is asked and what it answers: the bounds of a run
//! ([`Limits`]), the boards and count found ([`Answer`]), and why there are none
//! ([`SolveError`]).

use std::fmt;

use crate::drawing::Drawing;

/// What a caller asks of a run beyond its task ([`Puzzle::solve_within`](super::Puzzle::solve_within),
/// [`solve`](super::solve)): its bounds (a server's time limit, a cancelled request, a page
/// that shows a hundred boards at most, nodes, threads, memory) and what it changes of the
/// library's plan ([`Limits::overrides`]). None by default.
///
/// ```
/// use reductions::plan::Task;
/// use reductions::registry::{self, Limits};
///
/// let queens = registry::find("queens").unwrap();
/// let limits = Limits { max_boards: Some(3), ..Limits::default() };
/// let answer = queens.solve_within("8", Task::All, &limits)?;
/// assert_eq!((answer.boards.len(), answer.complete), (3, false));
/// // The 92 solutions are 12 up to the board's rotations and reflections.
/// let classes = Limits { up_to_symmetry: true, ..Limits::default() };
/// assert_eq!(queens.solve_within("8", Task::Count, &classes)?.solutions, 12);
/// # Ok::<(), reductions::registry::SolveError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// When to stop.
    pub deadline: Option<std::time::Instant>,
    /// A flag that stops the search once set, from any thread.
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The most boards [`Task::All`](crate::plan::Task::All) lists, and the boards
    /// [`Task::Random`](crate::plan::Task::Random) draws (one when `None`).
    pub max_boards: Option<u64>,
    /// The threads the search may use ([`dlx::Solver::threads`]); the solver's default when
    /// `None`.
    pub threads: Option<usize>,
    /// The most memory a memoized count may take ([`dlx::Solver::memo_limit`]), in bytes;
    /// past it the count enumerates instead.
    pub memo_memory: Option<usize>,
    /// Count or list once per class of solutions that the symmetries of the puzzle's
    /// encoding map onto each other ([`dlx::symmetry`]; the board's rotations and
    /// reflections, for a packing or the queens): the least solution of each class is
    /// listed.
    pub up_to_symmetry: bool,
    /// The most nodes a search may visit ([`dlx::Solver::node_limit`]); past them it stops,
    /// incomplete.
    pub node_limit: Option<u64>,
    /// What the caller changes of the library's plan: the search tree, the reasoning at
    /// every node, whether a count memoizes ([`crate::plan::Plan::overridden`]).
    pub overrides: crate::plan::Overrides,
    /// The seed of [`Task::Random`](crate::plan::Task::Random)'s draws (0 when `None`): the
    /// same seed, the same solutions, on every machine.
    pub seed: Option<u64>,
}

impl Limits {
    /// `solver` within these limits.
    pub(super) fn apply<'p>(&self, mut solver: dlx::Solver<'p>) -> dlx::Solver<'p> {
        if let Some(deadline) = self.deadline {
            solver = solver.deadline(deadline);
        }
        if let Some(cancel) = &self.cancel {
            solver = solver.cancel_on(cancel.clone());
        }
        if let Some(threads) = self.threads {
            solver = solver.threads(threads);
        }
        if let Some(bytes) = self.memo_memory {
            solver = solver.memo_limit(bytes);
        }
        if let Some(nodes) = self.node_limit {
            solver = solver.node_limit(nodes);
        }
        solver
    }
}

/// What [`Puzzle::solve`](super::Puzzle::solve) found: the boards (as their plain text) and the number of
/// solutions, complete or, when the task stopped early by its nature (the first solution,
/// or two for uniqueness), what it found until then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The solved boards' text, in the search's order (none for a count).
    pub boards: Vec<String>,
    /// The same boards as data, for the renderers of every front end to draw.
    pub drawings: Vec<Drawing>,
    /// The solutions found or counted.
    pub solutions: dlx::Count,
    /// Whether the task is done: every solution counted or listed, or as many as the task
    /// asks (one, or two for uniqueness).
    pub complete: bool,
}

/// Why [`Puzzle::solve`](super::Puzzle::solve) has no answer.
#[derive(Debug)]
pub enum SolveError {
    /// The text is not a puzzle of this kind.
    Parse(crate::text::ParseError),
    /// The puzzle's exact-cover problem could not be built.
    Build(dlx::BuildError),
    /// The task is not one this way of solving does (random solutions, a puzzle that needs
    /// a board besides its text).
    Unsupported(&'static str),
    /// The time limit (or the cancel flag) of [`Limits`] stopped the making of a puzzle.
    OutOfTime,
    /// No puzzle of the size asked for can be made, for the reason given.
    CannotMake(String),
    /// A player's entry that is not a value of its cell ([`Puzzle::explain_entered`](super::Puzzle::explain_entered)).
    Entry(String),
    /// The symmetries could not be found, or a count up to them made
    /// ([`Limits::up_to_symmetry`]).
    Symmetry(dlx::symmetry::SymmetryError),
    /// A memoized count failed: past its memory, or unable on this problem
    /// ([`crate::plan::Plan::count_on`]).
    Memo(dlx::memo::MemoError),
    /// The plan cannot be changed as [`Limits::overrides`] asks.
    Override(crate::plan::OverrideError),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Parse(err) => err.fmt(f),
            SolveError::Build(err) => write!(f, "cannot build the exact-cover problem: {err}"),
            SolveError::Unsupported(why) => f.write_str(why),
            SolveError::OutOfTime => crate::generate::OutOfTime.fmt(f),
            SolveError::CannotMake(why) | SolveError::Entry(why) => f.write_str(why),
            SolveError::Symmetry(err) => err.fmt(f),
            SolveError::Memo(err) => err.fmt(f),
            SolveError::Override(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for SolveError {}

impl From<crate::plan::CountError> for SolveError {
    fn from(err: crate::plan::CountError) -> SolveError {
        match err {
            crate::plan::CountError::Memo(err) => SolveError::Memo(err),
            crate::plan::CountError::Symmetry(err) => SolveError::Symmetry(err),
        }
    }
}
