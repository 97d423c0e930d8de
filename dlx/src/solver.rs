//! [`Solver`]: the knobs of a search and the ways to run it.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::problem::{OptionId, Problem};
use crate::search::{Event, Search};
use crate::stats::{Progress, Stats};

/// Knuth's algorithms for exact cover, each handling more than the one before.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Engine {
    /// Algorithm X: primary and secondary items, no colors.
    X,
    /// Algorithm C: secondary items may have colors.
    C,
    /// Algorithm M: primary items may have multiplicities (bounds `u..=v`), and colors.
    M,
}

/// A solution: the chosen options, in the order the search chose them (level by level).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    options: Vec<OptionId>,
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
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::SolutionLimit => "the solution limit was reached",
            StopReason::NodeLimit => "the node limit was reached",
            StopReason::Visitor => "the caller stopped the search",
        })
    }
}

/// What a finished (or stopped) search found.
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

impl Outcome {
    /// Whether the whole tree was explored, so that `solutions` is exact.
    pub fn is_complete(&self) -> bool {
        self.stopped.is_none()
    }
}

type ProgressFn<'p> = dyn Fn(&Progress) + Send + Sync + 'p;

/// How often the search looks at the clock when a progress callback is set, in nodes.
const CHECK_INTERVAL: u64 = 1 << 12;

/// Runs the search for a [`Problem`], with limits and a progress callback.
///
/// Every knob has a default that means "no limit", so `Solver::new(&problem).count()` counts
/// all solutions. The engine is the simplest one that can solve the problem
/// ([`Problem::engine`]) unless a more general one is asked for with [`engine`](Solver::engine).
///
/// # Example
///
/// Knuth's first example from TAOCP 7.2.2.1: seven items, six options, one exact cover.
///
/// ```
/// use dlx::{Problem, Solver};
/// let problem = Problem::from_dlx("a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n")?;
/// let solution = Solver::new(&problem).first().expect("one solution");
/// let chosen: Vec<String> = solution.options().iter().map(|&o| problem.option_text(o)).collect();
/// assert_eq!(chosen, ["a d f", "b g", "c e"]);
/// assert_eq!(Solver::new(&problem).count().solutions, 1);
/// # Ok::<(), dlx::ParseError>(())
/// ```
#[derive(Clone)]
pub struct Solver<'p> {
    problem: &'p Problem,
    engine: Engine,
    solution_limit: Option<u128>,
    node_limit: Option<u64>,
    progress: Option<(Duration, Arc<ProgressFn<'p>>)>,
}

impl fmt::Debug for Solver<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("problem", self.problem)
            .field("engine", &self.engine)
            .field("solution_limit", &self.solution_limit)
            .field("node_limit", &self.node_limit)
            .field("progress", &self.progress.as_ref().map(|(every, _)| every))
            .finish()
    }
}

impl<'p> Solver<'p> {
    /// A solver for `problem` with no limits and no progress callback.
    pub fn new(problem: &'p Problem) -> Self {
        Solver {
            problem,
            engine: problem.engine(),
            solution_limit: None,
            node_limit: None,
            progress: None,
        }
    }

    /// Runs at least this engine: the more general of `engine` and [`Problem::engine`].
    /// Mainly for tests, which run every problem under every engine that can express it.
    /// By default, the problem's own engine.
    pub fn engine(mut self, engine: Engine) -> Self {
        self.engine = self.engine.max(engine);
        self
    }

    /// The engine that will run.
    pub fn engine_used(&self) -> Engine {
        self.engine
    }

    /// Stops after this many solutions (Knuth's `t`). By default, no limit.
    pub fn limit(mut self, max_solutions: u128) -> Self {
        self.solution_limit = Some(max_solutions);
        self
    }

    /// Stops before the search tree would have more than this many nodes (close to Knuth's
    /// `T`, which counts mems instead). By default, no limit.
    pub fn node_limit(mut self, max_nodes: u64) -> Self {
        self.node_limit = Some(max_nodes);
        self
    }

    /// Calls `report` about every `every` with the search's [`Progress`]; the clock is read
    /// every few thousand nodes, so reports can be late on a slow tree. By default, none.
    pub fn on_progress(
        mut self,
        every: Duration,
        report: impl Fn(&Progress) + Send + Sync + 'p,
    ) -> Self {
        self.progress = Some((every, Arc::new(report)));
        self
    }

    /// The solutions, one at a time, in the search's deterministic order. Nothing is searched
    /// until the iterator is advanced, and the search pauses between calls to `next`.
    pub fn solutions(&self) -> Solutions<'p> {
        Solutions { run: self.start() }
    }

    /// The first solution, if there is one.
    pub fn first(&self) -> Option<Solution> {
        self.solutions().next()
    }

    /// Counts the solutions without storing any of them.
    pub fn count(&self) -> Outcome {
        let mut run = self.start();
        while run.next_solution() {}
        run.outcome()
    }

    /// Calls `visit` with each solution's options in the order they were chosen (the slice is
    /// reused, so nothing is allocated per solution); `visit` returns
    /// [`ControlFlow::Break`] to stop the search.
    pub fn for_each(&self, mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>) -> Outcome {
        let mut run = self.start();
        let mut options = Vec::new();
        while run.next_solution() {
            options.clear();
            options.extend(run.search.options().map(OptionId));
            if visit(&options).is_break() {
                run.stopped = Some(StopReason::Visitor);
                break;
            }
        }
        run.outcome()
    }

    fn start(&self) -> Run<'p> {
        let search = Search::new(self.problem, self.engine);
        let mut run = Run {
            search,
            solution_limit: self.solution_limit.unwrap_or(u128::MAX),
            node_limit: self.node_limit.unwrap_or(u64::MAX),
            progress: self.progress.clone(),
            started: Instant::now(),
            next_report: Instant::now(),
            solutions: 0,
            stopped: None,
        };
        if let Some((every, _)) = &run.progress {
            run.next_report = run.started + *every;
        }
        run.search.checkpoint_at = run.next_checkpoint();
        run
    }
}

/// One search in progress, with its limits.
struct Run<'p> {
    search: Search,
    solution_limit: u128,
    node_limit: u64,
    progress: Option<(Duration, Arc<ProgressFn<'p>>)>,
    started: Instant,
    next_report: Instant,
    solutions: u128,
    stopped: Option<StopReason>,
}

impl Run<'_> {
    /// Advances to the next solution; false when the search is over or stopped.
    fn next_solution(&mut self) -> bool {
        if self.stopped.is_some() {
            return false;
        }
        if self.solutions >= self.solution_limit {
            self.stopped = Some(StopReason::SolutionLimit);
            return false;
        }
        loop {
            match self.search.run() {
                Event::Solution => {
                    self.solutions += 1;
                    return true;
                }
                Event::Done => return false,
                Event::Checkpoint => {
                    if self.search.nodes >= self.node_limit {
                        self.stopped = Some(StopReason::NodeLimit);
                        return false;
                    }
                    self.report_if_due();
                    self.search.checkpoint_at = self.next_checkpoint();
                }
            }
        }
    }

    fn next_checkpoint(&self) -> u64 {
        let interval = if self.progress.is_some() {
            CHECK_INTERVAL
        } else {
            u64::MAX
        };
        self.node_limit
            .min(self.search.nodes.saturating_add(interval))
    }

    fn report_if_due(&mut self) {
        if let Some((every, report)) = &self.progress {
            let now = Instant::now();
            if now >= self.next_report {
                self.next_report = now + *every;
                report(&Progress {
                    nodes: self.search.nodes,
                    solutions: self.solutions,
                    level: self.search.level(),
                    estimate: self.search.estimate(),
                    elapsed: now - self.started,
                });
            }
        }
    }

    fn outcome(&self) -> Outcome {
        Outcome {
            solutions: self.solutions,
            stopped: self.stopped,
            stats: self.stats(),
        }
    }

    fn stats(&self) -> Stats {
        let max_level = self.search.max_level();
        Stats {
            nodes: self.search.nodes,
            updates: self.search.updates(),
            solutions: self.solutions,
            max_level,
            profile: self.search.profile[..=max_level].to_vec(),
            elapsed: self.started.elapsed(),
        }
    }
}

/// The lazy iterator of [`Solver::solutions`].
pub struct Solutions<'p> {
    run: Run<'p>,
}

impl fmt::Debug for Solutions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solutions")
            .field("solutions", &self.run.solutions)
            .field("nodes", &self.run.search.nodes)
            .finish_non_exhaustive()
    }
}

impl Solutions<'_> {
    /// Statistics of the search so far.
    pub fn stats(&self) -> Stats {
        self.run.stats()
    }

    /// What the search has found so far, and whether (and why) it stopped.
    pub fn outcome(&self) -> Outcome {
        self.run.outcome()
    }

    /// Knuth's estimate of the fraction of the search tree explored so far.
    pub fn estimate(&self) -> f64 {
        self.run.search.estimate()
    }
}

impl Iterator for Solutions<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        if self.run.next_solution() {
            Some(Solution {
                options: self.run.search.options().map(OptionId).collect(),
            })
        } else {
            None
        }
    }
}
