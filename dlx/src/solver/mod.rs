//! [`Solver`]: the knobs of a search and the ways to run it.

mod given;
pub(crate) use given::check_given;
mod memo;
mod split;

pub use split::Split;

use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::engine::{Engine, Tree};
use crate::error::PrefixError;
use crate::memo::{Branching, DEFAULT_MEMO_LIMIT};
use crate::outcome::{Outcome, Solution, StopReason};
use crate::problem::{OptionId, Problem};
use crate::propagate::{Propagation, Propagator};
pub use crate::run::Solutions;
use crate::run::{Pacer, Run};
use crate::search::{tree_for, Search};
use crate::stats::{Progress, ProgressFn};

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
    tree: Tree,
    solution_limit: Option<u128>,
    node_limit: Option<u64>,
    timeout: Option<Duration>,
    deadline: Option<Instant>,
    /// Workers of a split run; 0: one per core, asked only when the workers start.
    threads: usize,
    /// The shard, then the subshards within it (see [`Solver::shard`]); empty for the whole
    /// tree.
    shards: Vec<(usize, usize)>,
    /// The options every solution holds (see [`Solver::given`]).
    given: Vec<OptionId>,
    /// The subtree to search (see [`Solver::within`]), as the node chosen at each level.
    prefix: Vec<u32>,
    progress: Option<(Duration, Arc<ProgressFn<'p>>)>,
    branching: Branching,
    memo_limit: usize,
    propagation: Propagation,
    propagator: Option<Arc<dyn Propagator>>,
    cancel: Option<Arc<AtomicBool>>,
}

impl fmt::Debug for Solver<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("problem", self.problem)
            .field("engine", &self.engine)
            .field("tree", &self.tree)
            .field("solution_limit", &self.solution_limit)
            .field("node_limit", &self.node_limit)
            .field("timeout", &self.timeout)
            .field("deadline", &self.deadline)
            .field("threads", &self.threads)
            .field("shards", &self.shards)
            .field("given", &self.given)
            .field("prefix", &self.prefix)
            .field("progress", &self.progress.as_ref().map(|(every, _)| every))
            .field("branching", &self.branching)
            .field("memo_limit", &self.memo_limit)
            .field("propagation", &self.propagation)
            .field("propagator", &self.propagator.is_some())
            .field("cancel", &self.cancel)
            .finish()
    }
}

impl<'p> Solver<'p> {
    /// A solver for `problem` with no limits and no progress callback.
    pub fn new(problem: &'p Problem) -> Self {
        Solver {
            problem,
            engine: problem.engine(),
            tree: Tree::Links,
            solution_limit: None,
            node_limit: None,
            timeout: None,
            deadline: None,
            threads: 1,
            shards: Vec::new(),
            given: Vec::new(),
            prefix: Vec::new(),
            progress: None,
            branching: Branching::default(),
            memo_limit: DEFAULT_MEMO_LIMIT,
            propagation: Propagation::None,
            propagator: None,
            cancel: None,
        }
    }

    /// The problem this solver searches.
    ///
    /// ```
    /// let problem = dlx::Problem::from_dlx("a b\na\nb\n")?;
    /// let solver = dlx::Solver::new(&problem).threads(2);
    /// assert_eq!(solver.problem().option_count(), 2);
    /// # Ok::<(), dlx::ParseError>(())
    /// ```
    pub fn problem(&self) -> &'p Problem {
        self.problem
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

    /// Walks this search tree when nothing propagates; propagation at every node, Algorithm M
    /// on the sparse sets (the bit sets take it, see [`Tree::Bitsets`]) and problems of more
    /// than two billion entries walk [`Tree::Links`] whatever is asked, and a problem too
    /// large for the bit sets walks their tree on the sparse sets, or with bounds on the
    /// links ([`tree_used`](Self::tree_used) says which runs). With [`given`](Self::given)
    /// options either set tree walks the bit sets, or the links where those do not fit.
    /// [`Tree::Auto`] walks the bit sets where they fit, else the links. By default,
    /// [`Tree::Links`]: Knuth's tree, with his node and update counts and his order of
    /// solutions.
    ///
    /// ```
    /// let problem = dlx::Problem::from_dlx(&std::fs::read_to_string(
    ///     concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/queens10.dlx"))?)?;
    /// let solver = dlx::Solver::new(&problem).tree(dlx::Tree::SparseSets);
    /// assert_eq!(solver.tree_used(), dlx::Tree::SparseSets);
    /// let outcome = solver.clone().count();
    /// // 724 solutions in 9,239 nodes (11,578 on the links), and the same tree on 2 threads.
    /// assert_eq!((outcome.solutions, outcome.stats.nodes), (724, 9239));
    /// let parallel = solver.threads(2).count().stats;
    /// assert_eq!((parallel.nodes, parallel.updates), (9239, outcome.stats.updates));
    /// assert_eq!(parallel.tree, dlx::Tree::SparseSets);
    /// // The bit sets walk the same tree; they also take the bounds of 0:1 of queens10-pd.
    /// let bits = dlx::Solver::new(&problem).tree(dlx::Tree::Bitsets).count();
    /// assert_eq!((bits.solutions, bits.stats.nodes), (724, 9239));
    /// let bounded = dlx::Problem::from_dlx(&std::fs::read_to_string(
    ///     concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/queens10-pd.dlx"))?)?;
    /// let bits = dlx::Solver::new(&bounded).tree(dlx::Tree::Bitsets);
    /// assert_eq!(bits.tree_used(), dlx::Tree::Bitsets);
    /// assert_eq!(bits.count().stats.nodes, 9239);
    /// // And any other bounds, in a tree of their own (Knuth's links take 19,767 nodes).
    /// let mcc = dlx::Problem::from_dlx(&std::fs::read_to_string(
    ///     concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/random/mcc-s1.dlx"))?)?;
    /// let bits = dlx::Solver::new(&mcc).tree(dlx::Tree::Bitsets).count();
    /// assert_eq!((bits.solutions, bits.stats.nodes), (10811, 17335));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// After [`within`](Self::within), whose prefix is given in the tree's own terms.
    pub fn tree(mut self, tree: Tree) -> Self {
        assert!(self.prefix.is_empty(), "the tree is set before within");
        self.tree = tree;
        self
    }

    /// The search tree that will be walked (see [`tree`](Self::tree)).
    pub fn tree_used(&self) -> Tree {
        let propagates = self.propagation != Propagation::None || self.propagator.is_some();
        let given = !self.given.is_empty();
        tree_for(self.problem, self.engine, self.tree, propagates, given)
    }

    /// Stops after this many solutions (Knuth's `t`). By default, no limit.
    pub fn limit(mut self, max_solutions: u128) -> Self {
        self.solution_limit = Some(max_solutions);
        self
    }

    /// Stops before the search tree would have more than this many nodes (close to Knuth's
    /// `T`, which counts mems instead). With several threads the workers add up their nodes
    /// every few thousand (fewer under a small limit), so together they may go over by up to
    /// half the limit. By default, no limit.
    pub fn node_limit(mut self, max_nodes: u64) -> Self {
        self.node_limit = Some(max_nodes);
        self
    }

    /// Stops the search after this much time (the clock is read every 64 to 4096 nodes, more
    /// often where nodes are slow, so that it is read about every few milliseconds); the outcome
    /// says [`StopReason::Timeout`] and its count is a lower bound. By default, no limit.
    pub fn timeout(mut self, limit: Duration) -> Self {
        self.timeout = Some(limit);
        self
    }

    /// Stops the search at this instant, as [`timeout`](Self::timeout) does after its
    /// duration (the earlier of the two wins). For a caller whose time limit covers more than
    /// the search (reading and building the problem, say): the table the search works on is
    /// built within the limit too, and a search that starts past the deadline stops at once.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use dlx::{Problem, Solver, StopReason};
    /// let problem = Problem::from_dlx("a b\na\nb\na b\n")?;
    /// let late = Instant::now() - Duration::from_millis(1);
    /// let outcome = Solver::new(&problem).deadline(late).count();
    /// assert_eq!((outcome.solutions, outcome.stopped), (0, Some(StopReason::Timeout)));
    /// # Ok::<(), dlx::ParseError>(())
    /// ```
    pub fn deadline(mut self, at: Instant) -> Self {
        self.deadline = Some(at);
        self
    }

    /// The time the search may take from now: the shorter of the timeout and the time to the
    /// deadline (zero once it has passed).
    fn time_left(&self) -> Option<Duration> {
        let to_deadline = self
            .deadline
            .map(|at| at.saturating_duration_since(Instant::now()));
        match (self.timeout, to_deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Stops the search soon after `flag` is set, from any thread (it is read when the clock
    /// is for [`timeout`](Self::timeout), every few milliseconds); the outcome says
    /// [`StopReason::Cancelled`] and its count is a lower bound. For servers and interfaces
    /// whose user may leave before the answer. By default, none.
    ///
    /// ```
    /// use std::sync::{atomic::AtomicBool, Arc};
    /// let problem = dlx::Problem::from_dlx("a b\na\nb\na b\n")?;
    /// let cancelled = Arc::new(AtomicBool::new(true)); // set before the search even starts
    /// let outcome = dlx::Solver::new(&problem).cancel_on(cancelled).count();
    /// assert_eq!(outcome.stopped, Some(dlx::StopReason::Cancelled));
    /// # Ok::<(), dlx::ParseError>(())
    /// ```
    pub fn cancel_on(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Runs [`count`](Self::count) and [`for_each`](Self::for_each) on this many worker
    /// threads; 0 means one per core (the system is asked how many only when the workers
    /// start: a search of the whole tree starts on the calling thread, and moves to the workers
    /// if it outlasts its first millisecond). [`solutions`](Self::solutions) and
    /// [`first`](Self::first) stay sequential and deterministic. At most
    /// [`max_threads`](Self::max_threads). By default, 1.
    ///
    /// ```
    /// let problem = dlx::Problem::from_dlx("a b c\na\nb\nc\na b\nb c\n")?;
    /// let sequential = dlx::Solver::new(&problem).count();
    /// let parallel = dlx::Solver::new(&problem).threads(4).count();
    /// assert_eq!(parallel.solutions, sequential.solutions);
    /// assert_eq!(parallel.stats.nodes, sequential.stats.nodes); // the same tree, split up
    /// # Ok::<(), dlx::ParseError>(())
    /// ```
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = crate::threads::asked(threads);
        self
    }

    /// The number of workers a split run has: the threads asked for, or one per core.
    fn workers(&self) -> usize {
        crate::threads::workers(self.threads)
    }

    /// The memory the search's tables take at most, in bytes: a table of 16 bytes a node
    /// (item headers, one spacer per option, and the entries: Knuth's links, as `u32`s) plus
    /// 4 a node and 8 an option while the first is built, and 16 a header more for the items' lists and
    /// bounds; one table for a sequential search, and with several threads or a shard one
    /// for the split and one per worker. For callers that would rather refuse a problem too
    /// large for the machine than have the allocation fail, which aborts the process. (The
    /// problem itself, [`memo_count`](Self::memo_count)'s tables, and propagation's trail
    /// come on top.)
    ///
    /// ```
    /// let problem = dlx::Problem::from_dlx("a b\na\nb\na b\n")?;
    /// // 2 items, 3 options of 4 entries: 2 + 2 + 3 + 4 = 11 nodes (with the root and the
    /// // first spacer), 4 headers.
    /// assert_eq!(dlx::Solver::new(&problem).table_bytes(), 11 * 20 + 3 * 8 + 4 * 16);
    /// assert_eq!(
    ///     dlx::Solver::new(&problem).threads(3).table_bytes(),
    ///     11 * (20 + 3 * 16) + 3 * 8 + 4 * 16 * 4
    /// );
    /// # Ok::<(), dlx::ParseError>(())
    /// ```
    pub fn table_bytes(&self) -> u64 {
        let problem = self.problem;
        let headers = problem.item_count() as u64 + 2;
        let nodes = headers + problem.option_count() as u64 + problem.entry_count() as u64;
        let copies = if self.is_split() {
            self.workers() as u64 + 1
        } else {
            1
        };
        let building = nodes * 4 + problem.option_count() as u64 * 8;
        building + copies * (nodes * 16 + headers * 16)
    }

    /// The workers that [`threads`](Self::threads)`(threads)` splits a search among: one per
    /// core for 0, else `threads` up to [`max_threads`](Self::max_threads). The one rule for
    /// callers that share their own work among as many threads as a search would use.
    ///
    /// ```
    /// assert_eq!(dlx::Solver::workers_for(3), 3);
    /// assert!(dlx::Solver::workers_for(0) >= 1);
    /// assert_eq!(dlx::Solver::workers_for(usize::MAX), dlx::Solver::max_threads());
    /// ```
    pub fn workers_for(threads: usize) -> usize {
        crate::threads::workers(crate::threads::asked(threads))
    }

    /// The most worker threads [`threads`](Self::threads) starts: 8 per core (larger requests
    /// get this many). More would only slow the search down, and thousands of threads exhaust
    /// the system.
    pub fn max_threads() -> usize {
        crate::threads::max_threads()
    }

    /// Solves only shard `index` of `count` (`0 <= index < count`): every shard enumerates
    /// the same prefixes of the search tree (partial solutions to a depth where there are at
    /// least 64 per shard, when the tree is that big) and takes every `count`-th of them,
    /// starting with the `index`-th. The counts of all shards add up to the whole count, and
    /// their statistics to the whole search's, with no coordination between them, so shards
    /// can run as the tasks of a batch system (a Slurm array, a Kubernetes indexed Job).
    ///
    /// ```
    /// let problem = dlx::Problem::from_dlx(&std::fs::read_to_string(
    ///     concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/queens8.dlx"))?)?;
    /// let total: u128 = (0..3).map(|i| dlx::Solver::new(&problem).shard(i, 3).count().solutions).sum();
    /// assert_eq!(total, 92);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// If `index >= count`.
    pub fn shard(mut self, index: usize, count: usize) -> Self {
        assert!(index < count, "shard {index} of {count} does not exist");
        self.shards = vec![(index, count)];
        self
    }

    /// Solves only subshard `index` of `count` of the shard (or subshard) set before: the
    /// shard's prefixes are cut again, deeper, to at least 64 per subshard, and shared out as
    /// [`shard`](Self::shard) shares the whole tree's; the solutions the shard finds above its
    /// own cut go to its subshard 0. The `count` subshards of a shard add up to it, counts and
    /// statistics alike, so a shard that takes longer than the others (a straggler) can be
    /// run again as many smaller ones. Subshards nest in turn. A [`memo_count`](Self::memo_count)
    /// takes no subshards.
    ///
    /// ```
    /// let problem = dlx::Problem::from_dlx(&std::fs::read_to_string(
    ///     concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/queens8.dlx"))?)?;
    /// let shard = dlx::Solver::new(&problem).shard(1, 3);
    /// let parts: u128 = (0..4).map(|i| shard.clone().subshard(i, 4).count().solutions).sum();
    /// assert_eq!(parts, shard.count().solutions);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// If `index >= count`, or if no shard was set before.
    pub fn subshard(mut self, index: usize, count: usize) -> Self {
        assert!(index < count, "subshard {index} of {count} does not exist");
        assert!(!self.shards.is_empty(), "a subshard is set after a shard");
        self.shards.push((index, count));
        self
    }

    /// Runs the built-in reasoning `level` at every node of the search (see [`Propagation`]):
    /// the same solutions and counts, in a smaller tree. Algorithms X and C only: the rules
    /// assume that every primary item takes exactly one option, so Algorithm M runs only a
    /// [`propagator`](Self::propagator). By default, [`Propagation::None`], Knuth's search.
    ///
    /// ```
    /// use dlx::{Problem, Propagation, Solver};
    /// // Item `a`'s only option has `b`, so `b:y` goes and `c` is left with no option.
    /// let problem = Problem::from_dlx("a c | b\na b:x\nc b:y\n")?;
    /// let plain = Solver::new(&problem).count();
    /// let forced = Solver::new(&problem).propagation(Propagation::Forcing).count();
    /// assert_eq!((plain.solutions, forced.solutions), (0, 0));
    /// assert_eq!((plain.stats.nodes, forced.stats.nodes), (2, 1));
    /// # Ok::<(), dlx::ParseError>(())
    /// ```
    ///
    /// # Panics
    /// After [`within`](Self::within), whose prefix depends on the propagation.
    pub fn propagation(mut self, level: Propagation) -> Self {
        assert!(self.prefix.is_empty(), "propagation is set before within");
        self.propagation = level;
        self
    }

    /// Runs `propagator` at every node of the search, after the built-in rules of
    /// [`propagation`](Self::propagation) (and those again while it removes options), with
    /// every algorithm. With Algorithm M, a level may be a null move (see
    /// [`Node::depth`](crate::propagate::Node::depth)), and an active item may be left without options
    /// when its lower bound is met.
    ///
    /// # Panics
    /// After [`within`](Self::within), whose prefix depends on the propagation.
    pub fn propagator(mut self, propagator: Arc<dyn Propagator>) -> Self {
        assert!(self.prefix.is_empty(), "a propagator is set before within");
        self.propagator = Some(propagator);
        self
    }

    /// Calls `report` about every `every` with the search's [`Progress`]; the clock is read
    /// every 64 to 4096 nodes, about every few milliseconds. By default, none.
    pub fn on_progress(
        mut self,
        every: Duration,
        report: impl Fn(&Progress) + Send + Sync + 'p,
    ) -> Self {
        self.progress = Some((every, Arc::new(report)));
        self
    }

    /// Searches only the subtree below `prefix`, a partial solution given as the option chosen
    /// at each of the top levels of the search tree, as [`split`](Self::split) lists them: for
    /// users who schedule the subtrees of a big count themselves. The subtrees' counts add up
    /// to the whole count, and their statistics, with those of `split`, to the whole search's.
    ///
    /// Refused when the prefix is not a path of the search tree (an option at a level where
    /// the search branches on an item the option does not cover, or that the options above
    /// have ruled out). With Algorithm M, a level of the tree may be a null move (its item
    /// takes no more options), which no option names: a level whose item the next option
    /// does not cover is taken to be its item's null move, and refused if the search would
    /// not make one there.
    ///
    /// ```
    /// let problem = dlx::Problem::from_dlx(&std::fs::read_to_string(
    ///     concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/queens8.dlx"))?)?;
    /// let top = dlx::Solver::new(&problem).split(2);
    /// let mut total = top.solutions.len() as u128;
    /// for prefix in &top.prefixes {
    ///     total += dlx::Solver::new(&problem).within(prefix)?.count().solutions;
    /// }
    /// assert_eq!(total, 92);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn within(mut self, prefix: &[OptionId]) -> Result<Self, PrefixError> {
        let mut search = self.new_search();
        self.prefix = search.nodes_of(self.problem, prefix)?;
        Ok(self)
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

    /// Counts the solutions without storing any of them (in parallel with
    /// [`threads`](Self::threads), only this shard's with [`shard`](Self::shard)).
    pub fn count(&self) -> Outcome {
        if self.is_split() {
            return self.run_split(None);
        }
        let mut run = self.start();
        run.count_rest();
        run.outcome()
    }

    /// Calls `visit` with each solution's options in the order they were chosen (the slice is
    /// reused, so nothing is allocated per solution); `visit` returns
    /// [`ControlFlow::Break`] to stop the search. With several [`threads`](Self::threads) the
    /// calls come from the workers, one at a time, in no particular order.
    pub fn for_each(
        &self,
        mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()> + Send,
    ) -> Outcome {
        if self.is_split() {
            return self.run_split(Some(&mut visit));
        }
        let mut run = self.start();
        let mut options = Vec::new();
        while run.next_solution() {
            options.clear();
            options.extend(run.search.solution().map(OptionId));
            if visit(&options).is_break() {
                run.stopped = Some(StopReason::Visitor);
                break;
            }
        }
        run.outcome()
    }

    /// This solver's engine, tree, threads, propagation, memoization's order and memory,
    /// time limits and cancel flag, for
    /// another problem (of the same items: a problem's own propagator goes only where
    /// `same_options`), with no solution limit, no node limit, no givens, shard, subtree or
    /// progress: for the searches that a count up to symmetry is made of.
    pub(crate) fn settings_for<'q>(
        &self,
        problem: &'q Problem,
        same_options: bool,
        node_limit: Option<u64>,
    ) -> Solver<'q> {
        let mut solver = Solver::new(problem);
        solver.engine = self.engine;
        solver.tree = self.tree;
        solver.node_limit = node_limit;
        solver.deadline = self.time_left().map(|left| Instant::now() + left);
        solver.threads = self.threads;
        solver.propagation = self.propagation;
        solver.propagator = self.propagator.clone().filter(|_| same_options);
        solver.cancel = self.cancel.clone();
        solver.branching = self.branching;
        solver.memo_limit = self.memo_limit;
        solver
    }

    /// What of this solver's settings a count up to symmetry cannot honour, in words.
    pub(crate) fn refused_by_symmetry(&self) -> Option<&'static str> {
        if !self.shards.is_empty() {
            Some("a shard")
        } else if !self.given.is_empty() {
            Some("given options")
        } else if !self.prefix.is_empty() {
            Some("a subtree (within)")
        } else {
            None
        }
    }

    /// The solution limit and the node limit.
    pub(crate) fn limits(&self) -> (Option<u128>, Option<u64>) {
        (self.solution_limit, self.node_limit)
    }

    /// Whether `count` and `for_each` split the tree (for threads or shards).
    fn is_split(&self) -> bool {
        self.threads != 1 || !self.shards.is_empty()
    }

    fn is_cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// A fresh search with this solver's engine and propagation.
    fn new_search(&self) -> Search {
        self.try_new_search()
            .expect("memory for the search's tables")
    }

    /// [`new_search`](Self::new_search), or `None` when the allocator refuses the memory of
    /// its tables: a search that cannot start then stops with [`StopReason::OutOfMemory`]
    /// instead of aborting the process.
    pub(super) fn try_new_search(&self) -> Option<Search> {
        let mut search = Search::try_new(self.problem, self.engine, self.tree_used())?;
        search.propagate(self.problem, self.propagation, self.propagator.clone());
        search.give(self.problem, &self.given);
        Some(search)
    }

    fn start(&self) -> Run<'p> {
        // The clock starts before the table is built: building a large one takes seconds.
        let started = Instant::now();
        let deadline = self.time_left().map(|limit| started + limit);
        let (mut search, out_of_memory) = match self.try_new_search() {
            Some(search) => (search, false),
            // A search of nothing, stopped before it starts.
            None => {
                let nothing = Problem::builder().build().expect("the empty problem");
                (Search::new(&nothing, Engine::X, Tree::Links), true)
            }
        };
        if !out_of_memory {
            search.enter_prefix(&self.prefix, &[], false);
        }
        let mut run = Run {
            search,
            solution_limit: self.solution_limit.unwrap_or(u128::MAX),
            node_limit: self.node_limit.unwrap_or(u64::MAX),
            deadline,
            cancel: self.cancel.clone(),
            progress: self.progress.clone(),
            started,
            next_report: started,
            solutions: 0,
            stopped: None,
            pacer: Pacer::new(Pacer::MOST, started),
        };
        if out_of_memory {
            run.stopped = Some(StopReason::OutOfMemory);
        } else if self.is_cancelled() {
            run.stopped = Some(StopReason::Cancelled);
        } else if deadline.is_some_and(|at| Instant::now() >= at) {
            run.stopped = Some(StopReason::Timeout);
        }
        if let Some((every, _)) = &run.progress {
            run.next_report = run.started + *every;
        }
        run.search.checkpoint_at = run.next_checkpoint(run.pacer.first());
        run
    }
}
