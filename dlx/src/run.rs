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

/// How often the search looks at the clock when a progress callback is set, in nodes.
const CHECK_INTERVAL: u64 = 1 << 12;

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
                    if self.search.nodes >= self.node_limit {
                        self.stopped = Some(StopReason::NodeLimit);
                        return false;
                    }
                    if self
                        .deadline
                        .is_some_and(|deadline| Instant::now() >= deadline)
                    {
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
                    self.search.checkpoint_at = self.next_checkpoint();
                }
            }
        }
    }

    pub(crate) fn next_checkpoint(&self) -> u64 {
        let interval =
            if self.progress.is_some() || self.deadline.is_some() || self.cancel.is_some() {
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
                options: self.run.search.options().map(OptionId).collect(),
            })
        } else {
            None
        }
    }
}
