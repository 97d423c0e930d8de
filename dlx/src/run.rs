//! One sequential search in progress ([`Run`]): the search with its limits, its progress
//! reports and its outcome; and [`Solutions`], the lazy iterator over it.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::outcome::{Outcome, Solution, StopReason};
use crate::problem::OptionId;
use crate::search::{Event, Search};
use crate::stats::{Progress, ProgressFn, Stats};

/// The nodes between two looks at the clock (for the time limit, cancellation and progress),
/// adapted to what they cost: nodes can take 50 ns (n queens) or 250 µs (the first descent
/// through a table of millions of options, where each cover walks thousands of them and
/// misses the cache), so a fixed count would check too often or only every second. Starts
/// at [`FIRST`](Self::FIRST) nodes; an interval that took more than [`SLOW`](Self::SLOW)
/// halves the next, one under [`FAST`](Self::FAST) doubles it, up to `most`.
pub(crate) struct Pacer {
    interval: u64,
    most: u64,
    last: Instant,
}

impl Pacer {
    const FIRST: u64 = 64;
    /// The usual bound: a look at the clock costs about as much as a node of the fastest
    /// searches, so every 4096 nodes it is noise.
    pub(crate) const MOST: u64 = 1 << 12;
    const SLOW: Duration = Duration::from_millis(8);
    const FAST: Duration = Duration::from_millis(1);

    /// Intervals of at most `most` nodes, from `now`.
    pub(crate) fn new(most: u64, now: Instant) -> Pacer {
        let most = most.max(1);
        Pacer {
            interval: Self::FIRST.min(most),
            most,
            last: now,
        }
    }

    /// The nodes to the next checkpoint, after one at `now`.
    pub(crate) fn next(&mut self, now: Instant) -> u64 {
        let took = now.saturating_duration_since(self.last);
        self.last = now;
        if took > Self::SLOW {
            self.interval = (self.interval / 2).max(1);
        } else if took < Self::FAST {
            self.interval = (self.interval * 2).min(self.most);
        }
        self.interval
    }

    /// The nodes to the first checkpoint.
    pub(crate) fn first(&self) -> u64 {
        self.interval
    }
}

/// One search in progress, with its limits.
pub(crate) struct Run<'p> {
    pub(crate) search: Search,
    pub(crate) solution_limit: u128,
    pub(crate) node_limit: u64,
    pub(crate) deadline: Option<Instant>,
    pub(crate) cancel: Option<Arc<AtomicBool>>,
    pub(crate) progress: Option<(Duration, Arc<ProgressFn<'p>>)>,
    pub(crate) started: Instant,
    pub(crate) next_report: Instant,
    pub(crate) solutions: u128,
    pub(crate) stopped: Option<StopReason>,
    pub(crate) pacer: Pacer,
}

impl Run<'_> {
    /// Advances to the next solution; false when the search is over or stopped.
    pub(crate) fn next_solution(&mut self) -> bool {
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
                Event::Prefix => unreachable!("sequential searches have no cutoff"),
                Event::Checkpoint => {
                    if !self.checkpoint() {
                        return false;
                    }
                }
            }
        }
    }

    /// Counts the solutions to the end of the search or a stop: what [`next_solution`]
    /// until false does, with the solutions before the limit counted inside the search's
    /// loop (see [`Search::quiet_solutions`]), the last one allowed returned as a solution.
    ///
    /// [`next_solution`]: Self::next_solution
    pub(crate) fn count_rest(&mut self) {
        loop {
            if self.stopped.is_some() {
                return;
            }
            let Some(left) = self.solution_limit.checked_sub(self.solutions + 1) else {
                self.stopped = Some(StopReason::SolutionLimit);
                return;
            };
            let quiet = u64::try_from(left).unwrap_or(u64::MAX);
            self.search.quiet_solutions = quiet;
            let event = self.search.run();
            self.solutions += u128::from(quiet - self.search.quiet_solutions);
            self.search.quiet_solutions = 0;
            match event {
                Event::Solution => self.solutions += 1,
                Event::Done => return,
                Event::Prefix => unreachable!("sequential searches have no cutoff"),
                Event::Checkpoint => {
                    if !self.checkpoint() {
                        return;
                    }
                }
            }
        }
    }

    /// At a checkpoint: stops the run at its node limit, deadline or cancellation (false),
    /// or reports progress when due and sets the next checkpoint (true).
    fn checkpoint(&mut self) -> bool {
        if self.search.nodes >= self.node_limit {
            self.stopped = Some(StopReason::NodeLimit);
            return false;
        }
        let now = Instant::now();
        if self.deadline.is_some_and(|deadline| now >= deadline) {
            self.stopped = Some(StopReason::Timeout);
            return false;
        }
        if self
            .cancel
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            self.stopped = Some(StopReason::Cancelled);
            return false;
        }
        self.report_if_due();
        let interval = self.pacer.next(now);
        self.search.checkpoint_at = self.next_checkpoint(interval);
        true
    }

    /// The node count of the next checkpoint, `interval` nodes on (when anything needs the
    /// clock) or at the node limit.
    pub(crate) fn next_checkpoint(&self, interval: u64) -> u64 {
        let interval =
            if self.progress.is_some() || self.deadline.is_some() || self.cancel.is_some() {
                interval
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
                    memo: None,
                });
            }
        }
    }

    pub(crate) fn outcome(&self) -> Outcome {
        Outcome {
            solutions: self.solutions,
            stopped: self.stopped,
            stats: self.stats(),
        }
    }

    pub(crate) fn stats(&self) -> Stats {
        let max_level = self.search.max_level();
        let propagation = self.search.propagation_counters();
        Stats {
            nodes: self.search.nodes,
            updates: self.search.updates(),
            solutions: self.solutions,
            max_level,
            profile: self.search.profile[..=max_level].to_vec(),
            elapsed: self.started.elapsed(),
            rounds: propagation.rounds,
            removed: propagation.removed,
            probes: propagation.probes,
            tree: self.search.tree(),
            cuts: Vec::new(),
        }
    }
}

/// The lazy iterator of [`Solver::solutions`](crate::Solver::solutions).
pub struct Solutions<'p> {
    pub(crate) run: Run<'p>,
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
                options: self.run.search.solution().map(OptionId).collect(),
            })
        } else {
            None
        }
    }
}
