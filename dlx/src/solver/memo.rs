//! [`Solver`]'s memoized runs: counts by memoization, the graph of all solutions (its ZDD
//! and uniform random solutions), and Knuth's estimate, with their knobs.

use std::time::Instant;

use super::Solver;
use crate::memo::{self, Branching, Estimate, MemoConfig, MemoError, MemoGraph, MemoOutcome};
use crate::stats::Progress;

impl Solver<'_> {
    /// Counts the solutions by memoization ([`memo_count`](Self::memo_count)) branching on the
    /// items in this order. By default, [`Branching::FirstItem`].
    pub fn branching(mut self, branching: Branching) -> Self {
        self.branching = branching;
        self
    }

    /// Bounds the memory of [`memo_count`](Self::memo_count)'s signature tables, in bytes.
    /// By default, [`DEFAULT_MEMO_LIMIT`](crate::memo::DEFAULT_MEMO_LIMIT).
    pub fn memo_limit(mut self, bytes: usize) -> Self {
        self.memo_limit = bytes;
        self
    }

    /// Counts the solutions exactly by memoization: each distinct subproblem (its
    /// *signature*) is counted once, so counts far past what enumeration can reach, like the
    /// 2 * 10^30 domino tilings of a 16 x 16 board, take a fraction of a second. The count
    /// honors the [`timeout`](Self::timeout), the [`node_limit`](Self::node_limit) (as a
    /// bound on signatures expanded), the [`memo_limit`](Self::memo_limit) and the progress
    /// callback, and runs on the [`threads`](Self::threads) (each level of signatures split
    /// among them, the same count as on one thread). On a [`shard`](Self::shard) it counts the
    /// shard's share: the shards take their shares of the signatures of one level (the
    /// first with at least 64 per shard, by a fixed hash, so the same on every machine) and
    /// count on from them alone, and their counts add up to the whole exactly; each repeats
    /// the levels above that one. It fails on a subtree ([`within`](Self::within)). See
    /// [`Branching`] for the order of the items, which decides the number of signatures.
    ///
    /// ```
    /// use dlx::{ProblemBuilder, Solver};
    /// // Domino tilings of a 2 x 12 strip: the 13th Fibonacci number.
    /// let mut builder = ProblemBuilder::new();
    /// let cells: Vec<_> = (0..24).map(|k| builder.primary(format!("{}{}", k / 12, k % 12))).collect();
    /// for k in 0..24 {
    ///     if k % 12 < 11 {
    ///         builder.option([cells[k], cells[k + 1]]);
    ///     }
    ///     if k < 12 {
    ///         builder.option([cells[k], cells[k + 12]]);
    ///     }
    /// }
    /// let problem = builder.build()?;
    /// let outcome = Solver::new(&problem).memo_count()?;
    /// assert_eq!(outcome.count, 233);
    /// assert_eq!(outcome.count.to_u128(), Some(Solver::new(&problem).count().solutions));
    /// // Three shards, as three machines would count them.
    /// let shares: u128 = (0..3)
    ///     .map(|i| Solver::new(&problem).shard(i, 3).memo_count().unwrap().count.to_u128().unwrap())
    ///     .sum();
    /// assert_eq!(shares, 233);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn memo_count(&self) -> Result<MemoOutcome, MemoError> {
        memo::count(self.problem, &self.memo_config(true)?)
    }

    /// The graph of all solutions ([`MemoGraph`]): the signatures of
    /// [`memo_count`](Self::memo_count), all kept (so more memory than a count, which frees
    /// each level once expanded), each with its number of completions. From it, the ZDD of
    /// all solutions and uniformly random solutions. The same limits apply as to
    /// `memo_count`; it fails on a shard or a subtree.
    pub fn memo_graph(&self) -> Result<MemoGraph, MemoError> {
        MemoGraph::build(self.problem, &self.memo_config(false)?)
    }

    /// Knuth's Monte Carlo estimate of the number of solutions and of search-tree nodes, from
    /// `probes` random paths from the root (each branch equally likely; the same `seed`, the
    /// same paths on every machine): how long a count would take, before running it. The
    /// paths branch as [`Branching::FewestOptions`] does, Knuth's choice, so for problems
    /// without multiplicities the tree is the one [`count`](Self::count) explores (an item
    /// with multiplicity branches on the whole set of options that cover it, where Algorithm
    /// M takes them one at a time).
    ///
    /// ```
    /// let problem = dlx::Problem::from_dlx("a b c\na\nb\nc\na b\nb c\n")?;
    /// let estimate = dlx::Solver::new(&problem).estimate(2000, 1)?;
    /// let exact = dlx::Solver::new(&problem).count().solutions as f64;
    /// assert!((estimate.solutions - exact).abs() < 4.0 * estimate.solutions_error + 1e-9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// The [`timeout`](Self::timeout), [`deadline`](Self::deadline),
    /// [`node_limit`](Self::node_limit) (as the steps of all paths together) and
    /// [`cancel_on`](Self::cancel_on) flag stop the drawing before a path: the estimate is
    /// then that of the paths drawn, and says why ([`Estimate::stopped`]).
    ///
    /// Fails where an item with multiplicity has too many ways to be covered at once
    /// ([`MemoError::TooManyBranches`]), and with [`given`](Self::given) options
    /// ([`MemoError::Restricted`]).
    pub fn estimate(&self, probes: u64, seed: u64) -> Result<Estimate, MemoError> {
        if !self.given.is_empty() {
            return Err(MemoError::Restricted);
        }
        let bounds = memo::estimate::Bounds {
            deadline: self.time_left().map(|left| Instant::now() + left),
            node_limit: self.node_limit,
            cancel: self.cancel.as_deref(),
        };
        memo::estimate(self.problem, probes, seed, &bounds)
    }

    /// The knobs of a memoized run; a shard only where `sharded` (a count).
    fn memo_config(&self, sharded: bool) -> Result<MemoConfig<'_>, MemoError> {
        let restricted = (!self.shards.is_empty() && !sharded) || self.shards.len() > 1;
        if restricted || !self.prefix.is_empty() || !self.given.is_empty() {
            return Err(MemoError::Restricted);
        }
        Ok(MemoConfig {
            branching: self.branching,
            threads: self.workers(),
            memory_limit: self.memo_limit,
            node_limit: self.node_limit,
            timeout: self.time_left(),
            cancel: self.cancel.as_deref(),
            progress: self
                .progress
                .as_ref()
                .map(|(every, report)| (*every, &**report as &(dyn Fn(&Progress) + Send + Sync))),
            shard: self.shards.first().copied(),
        })
    }
}
