//! What a search gives back: [`Solution`]s, and the [`Outcome`] of a count, with the
//! [`StopReason`] of one that stopped early.

use std::fmt;

use crate::problem::OptionId;
use crate::stats::Stats;

/// A solution: the chosen options, in the order the search chose them (level by level).
///
/// ```
/// let problem = dlx::Problem::from_dlx("a b c\na b\nc\nb c\n")?;
/// let solution = dlx::Solver::new(&problem).first().expect("a solution");
/// let chosen: Vec<String> =
///     solution.options().iter().map(|&option| problem.option_text(option)).collect();
/// assert_eq!(chosen, ["a b", "c"]);
/// # Ok::<(), dlx::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    pub(crate) options: Vec<OptionId>,
}

impl Solution {
    /// The chosen options, in the order they were chosen.
    pub fn options(&self) -> &[OptionId] {
        &self.options
    }

    /// The chosen options in increasing order: the same set whatever order a search found
    /// them in, for comparing solutions.
    pub fn canonical(&self) -> Vec<OptionId> {
        let mut options = self.options.clone();
        options.sort_unstable();
        options
    }

    /// The chosen options, by value.
    pub fn into_options(self) -> Vec<OptionId> {
        self.options
    }
}

/// Why a search stopped before exploring the whole tree.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StopReason {
    /// The solution limit was reached; there may be more solutions.
    SolutionLimit,
    /// The node limit was reached.
    NodeLimit,
    /// The caller's visitor asked to stop.
    Visitor,
    /// The time limit ran out.
    Timeout,
    /// The caller set the flag of [`Solver::cancel_on`](crate::Solver::cancel_on).
    Cancelled,
    /// A worker thread could not get the memory for its copy of the search's table (see
    /// [`Solver::table_bytes`](crate::Solver::table_bytes)); the others stopped too.
    OutOfMemory,
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::SolutionLimit => "the solution limit was reached",
            StopReason::NodeLimit => "the node limit was reached",
            StopReason::Visitor => "the caller stopped the search",
            StopReason::Timeout => "the time limit ran out",
            StopReason::Cancelled => "the search was cancelled",
            StopReason::OutOfMemory => "a worker thread ran out of memory for its table",
        })
    }
}

/// What a finished (or stopped) search found.
///
/// ```
/// use dlx::{Problem, Solver, StopReason};
/// let problem = Problem::from_dlx("a b\na\nb\na b\n")?;
/// let all = Solver::new(&problem).count();
/// assert_eq!((all.solutions, all.stopped), (2, None)); // exact: the whole tree was seen
/// let some = Solver::new(&problem).limit(1).count();
/// assert_eq!((some.solutions, some.stopped), (1, Some(StopReason::SolutionLimit)));
/// # Ok::<(), dlx::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Solutions found. When [`stopped`](Outcome::stopped) is set this is a lower bound.
    pub solutions: u128,
    /// Why the search stopped early, or `None` when it explored the whole tree (then
    /// `solutions` is the exact count).
    pub stopped: Option<StopReason>,
    /// Knuth's statistics of the search.
    pub stats: Stats,
}

/// The number of solutions, and for a search stopped early, that it is a lower bound and why:
/// `724`, or `at least 3 (the node limit was reached)`.
///
/// ```
/// use dlx::{Problem, Solver};
/// let problem = Problem::from_dlx("a b\na\nb\na b\n")?;
/// assert_eq!(Solver::new(&problem).count().to_string(), "2");
/// assert_eq!(
///     Solver::new(&problem).node_limit(2).count().to_string(),
///     "at least 0 (the node limit was reached)"
/// );
/// # Ok::<(), dlx::ParseError>(())
/// ```
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.stopped {
            None => write!(f, "{}", self.solutions),
            Some(reason) => write!(f, "at least {} ({reason})", self.solutions),
        }
    }
}

impl Outcome {
    /// Whether the whole tree was explored, so that `solutions` is exact.
    pub fn is_complete(&self) -> bool {
        self.stopped.is_none()
    }
}
