//! What a search reports: [`Stats`] when it ends, [`Progress`] while it runs.

use std::time::Duration;

/// Knuth's statistics of a search, comparable with his programs' on the same input.
///
/// ```
/// let problem = dlx::Problem::from_dlx(&std::fs::read_to_string(
///     concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/queens8.dlx"))?)?;
/// let stats = dlx::Solver::new(&problem).count().stats;
/// // 92 solutions, in a tree of 1049 nodes and 17160 updates (Knuth's measures).
/// assert_eq!((stats.solutions, stats.nodes, stats.updates), (92, 1049, 17160));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes of the search tree: each entry to a new level, a solution counting as a node of
    /// its own (as in Knuth's DLX1, after TAOCP 7.2.2-(4)).
    pub nodes: u64,
    /// Updates: each item taken out of the list of active items, plus each node taken out of
    /// its item's list while an option is hidden.
    pub updates: u64,
    /// Solutions found.
    pub solutions: u128,
    /// The deepest level reached (a solution with `k` options is at level `k`).
    pub max_level: usize,
    /// Nodes at each level, `0..=max_level` (Knuth's `profile`).
    pub profile: Vec<u64>,
    /// Time from the start of the search.
    pub elapsed: Duration,
    /// Nodes where propagation ran ([`Solver::propagation`](crate::Solver::propagation));
    /// 0 without it.
    pub rounds: u64,
    /// Options that propagation removed, added over the nodes.
    pub removed: u64,
    /// Values that [`Propagation::Probing`](crate::Propagation::Probing) tried.
    pub probes: u64,
    /// The tree these counts are of ([`Solver::tree`](crate::Solver::tree)): nodes and
    /// updates are Knuth's on [`Tree::Links`](crate::Tree::Links); the sparse sets and the
    /// bit sets count the same nodes, and updates of their own.
    pub tree: crate::engine::Tree,
    /// Where a [`shard`](crate::Solver::shard)'s share of the tree was cut: one [`Cut`] for
    /// the shard, then one for each [`subshard`](crate::Solver::subshard) within it; empty
    /// for a search that is no shard.
    pub cuts: Vec<Cut>,
}

impl Stats {
    /// Adds the counts of `more` into these: nodes, updates, the profile level by level, and
    /// propagation's counters (not the time, the solutions or the tree).
    pub(crate) fn add(&mut self, more: &Stats) {
        self.nodes += more.nodes;
        self.updates += more.updates;
        self.rounds += more.rounds;
        self.removed += more.removed;
        self.probes += more.probes;
        if self.profile.len() < more.profile.len() {
            self.profile.resize(more.profile.len(), 0);
        }
        for (sum, n) in self.profile.iter_mut().zip(&more.profile) {
            *sum += n;
        }
    }
}

/// Where the top of a search tree was cut into the prefixes that shards share out (see
/// [`Solver::shard`](crate::Solver::shard)). Every shard of one count cuts at the same place,
/// so these figures are part of what makes the shards of one count add up.
///
/// ```
/// let problem = dlx::Problem::from_dlx(&std::fs::read_to_string(
///     concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/queens8.dlx"))?)?;
/// let cut = dlx::Solver::new(&problem).shard(1, 3).count().stats.cuts;
/// // At least 64 prefixes a shard: 3 levels down, 3 * 64 = 192 are not reached yet.
/// assert_eq!(cut.len(), 1);
/// assert!(cut[0].prefixes >= 192 || cut[0].depth == 8);
/// assert!(cut[0].taken * 3 <= cut[0].prefixes + 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cut {
    /// The depth of the cut: the options chosen from the top of the tree, those of
    /// [`within`](crate::Solver::within) included.
    pub depth: usize,
    /// The prefixes at the cut, of all the shards together.
    pub prefixes: u64,
    /// The solutions found above the cut, of all the shards together.
    pub solutions: u64,
    /// The prefixes this shard took (every `count`-th of them).
    pub taken: u64,
    /// The nodes of the search that found the cut's prefixes, which every shard sharing the
    /// cut visits.
    pub nodes: u64,
    /// Whether this shard's statistics count those [`nodes`](Self::nodes): one shard of those
    /// that share the cut does (index 0 at its level of nesting and below), so that the
    /// shards' statistics add up to the whole search's. What a shard itself visited is its
    /// statistics' nodes and the nodes of every cut that it does not count.
    pub counted: bool,
}

/// The tables of a memoized count in progress, in a [`Progress`] report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoProgress {
    /// Signatures stored so far.
    pub signatures: u64,
    /// Branches that reached a signature already stored, in the levels done.
    pub hits: u64,
    /// Bytes the signature tables hold now.
    pub bytes: usize,
}

/// A progress callback, as a solver holds it.
pub(crate) type ProgressFn<'p> = dyn Fn(&Progress) + Send + Sync + 'p;

/// A report on a search in progress, given to the callback of
/// [`Solver::on_progress`](crate::Solver::on_progress).
///
/// ```
/// use std::sync::Mutex;
/// use std::time::Duration;
/// let problem = dlx::Problem::from_dlx(&std::fs::read_to_string(
///     concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/queens10.dlx"))?)?;
/// let reports = Mutex::new(Vec::new());
/// let outcome = dlx::Solver::new(&problem)
///     .on_progress(Duration::ZERO, |progress| reports.lock().unwrap().push(progress.nodes))
///     .count();
/// let reports = reports.into_inner().unwrap();
/// assert!(!reports.is_empty()); // the clock is read every few milliseconds
/// assert!(reports.iter().all(|&nodes| nodes <= outcome.stats.nodes));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Nodes so far.
    pub nodes: u64,
    /// Solutions so far.
    pub solutions: u128,
    /// The current depth of the search.
    pub level: usize,
    /// Knuth's estimate of the fraction of the tree explored, in `[0, 1]`, from "choice `k` of
    /// `d`" at each level, assuming a uniform tree. It only grows, but not evenly.
    pub estimate: f64,
    /// Time from the start of the search.
    pub elapsed: Duration,
    /// For a memoized count, its tables; then `nodes` counts the signatures expanded and
    /// `estimate` is the fraction of the levels done.
    pub memo: Option<MemoProgress>,
}
