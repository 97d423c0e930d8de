//! Searches split into subtrees: the prefixes at the top of the tree that threads share out
//! and shards divide among themselves ([`Solver::shard`], [`Solver::split`]), and the run that
//! solves them on the workers.

use std::time::{Duration, Instant};

use super::Solver;
use crate::outcome::{Outcome, StopReason};
use crate::parallel;
use crate::problem::OptionId;
use crate::search::{Event, Search};
use crate::stats::Stats;

impl Solver<'_> {
    /// The top of the search tree cut at `depth` levels (below the prefix of
    /// [`within`](Self::within), if any): every partial solution at that depth, in the
    /// search's order, each as the options chosen from the top, and the solutions found above
    /// that depth. Each prefix is an independent subtree for [`within`](Self::within) (of a
    /// solver with the same [`given`](Self::given) options, if any: the tree cut is the one
    /// below them, and the solutions above the cut list them first).
    pub fn split(&self, depth: usize) -> Split {
        let mut search = self.new_search();
        let mut split = Split::default();
        search.enter_prefix(&self.prefix, &[], false);
        search.cutoff = search.options().count() + depth;
        loop {
            match search.run() {
                Event::Prefix => split
                    .prefixes
                    .push(search.options().map(OptionId).collect()),
                Event::Solution => split
                    .solutions
                    .push(search.solution().map(OptionId).collect()),
                Event::Done => break,
                Event::Checkpoint => unreachable!("no checkpoint is set"),
            }
        }
        split.stats = Stats {
            nodes: search.nodes,
            updates: search.updates(),
            solutions: split.solutions.len() as u128,
            max_level: search.max_level(),
            profile: search.profile[..=search.max_level()].to_vec(),
            elapsed: Duration::ZERO,
            rounds: search.propagation_counters().rounds,
            removed: search.propagation_counters().removed,
            probes: search.propagation_counters().probes,
            tree: search.tree(),
        };
        split
    }

    /// `count` and `for_each` over split subtrees: this shard's prefixes (or the whole tree),
    /// on `threads` workers.
    pub(super) fn run_split<'a>(&'a self, visit: Option<&'a mut parallel::Visit<'a>>) -> Outcome {
        let started = Instant::now();
        let time_left = self.time_left();
        let template = self.new_search();
        let mut visit = visit;
        let mut top = Top::default();
        let roots = match self.shard {
            None => vec![parallel::Root {
                prefix: self.prefix.clone(),
                degrees: Vec::new(),
                start: 0.0,
                width: 1.0,
            }],
            Some((index, count)) => {
                let mut top_search = template.clone();
                top_search.enter_prefix(&self.prefix, &[], false);
                top = shard_prefixes(&top_search, index, count);
                std::mem::take(&mut top.prefixes)
            }
        };
        // The solutions above the prefixes' depth that are this shard's.
        let mut solutions: u128 = 0;
        let mut stopped = None;
        for options in &top.solutions {
            if self.solution_limit.is_some_and(|limit| solutions >= limit) {
                stopped = Some(StopReason::SolutionLimit);
                break;
            }
            solutions += 1;
            if let Some(visit) = visit.as_mut() {
                if visit(options).is_break() {
                    stopped = Some(StopReason::Visitor);
                    break;
                }
            }
        }
        let mut stats = top.stats;
        stats.tree = self.tree_used();
        if stopped.is_none() && self.is_cancelled() {
            stopped = Some(StopReason::Cancelled);
        }
        // Building the table may have used up the time.
        if stopped.is_none() && time_left.is_some_and(|limit| started.elapsed() >= limit) {
            stopped = Some(StopReason::Timeout);
        }
        if stopped.is_none() && !roots.is_empty() {
            let progress = self.progress.as_ref().map(|(every, report)| {
                let report: parallel::Report<'a> = &**report;
                (*every, report)
            });
            let finished = parallel::run(
                template,
                roots,
                parallel::Settings {
                    threads: self.threads,
                    solution_limit: self.solution_limit.map(|limit| limit - solutions),
                    node_limit: self.node_limit.unwrap_or(u64::MAX),
                    deadline: time_left.map(|limit| started + limit),
                    cancel: self.cancel.as_deref(),
                    visitor: visit.map(std::sync::Mutex::new),
                    progress,
                    started,
                },
            );
            solutions += finished.solutions;
            stopped = finished.stopped;
            stats.nodes += finished.stats.nodes;
            stats.updates += finished.stats.updates;
            stats.rounds += finished.stats.rounds;
            stats.removed += finished.stats.removed;
            stats.probes += finished.stats.probes;
            if stats.profile.len() < finished.stats.profile.len() {
                stats.profile.resize(finished.stats.profile.len(), 0);
            }
            for (total, n) in stats.profile.iter_mut().zip(&finished.stats.profile) {
                *total += n;
            }
        }
        stats.max_level = stats.profile.iter().rposition(|&n| n > 0).unwrap_or(0);
        stats.profile.truncate(stats.max_level + 1);
        stats.solutions = solutions;
        stats.elapsed = started.elapsed();
        Outcome {
            solutions,
            stopped,
            stats,
        }
    }
}

/// The top of a search tree, cut at some depth: see [`Solver::split`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Split {
    /// The partial solutions at the cut, each the options chosen from the top, in order.
    pub prefixes: Vec<Vec<OptionId>>,
    /// The solutions above the cut.
    pub solutions: Vec<Vec<OptionId>>,
    /// The statistics of the search above the cut.
    pub stats: Stats,
}

/// A shard's share of the top of the search tree.
#[derive(Default)]
struct Top {
    /// Its prefixes, each with the share of the tree it stands for.
    prefixes: Vec<parallel::Root>,
    /// Its solutions found above the prefixes' depth.
    solutions: Vec<Vec<OptionId>>,
    /// The statistics of the top of the tree: shard 0's only, so that the shards' statistics
    /// add up to the whole search's.
    stats: Stats,
}

/// At least this many prefixes per shard, if the tree has them, so that shards get even
/// shares of work.
const PREFIXES_PER_SHARD: usize = 64;

/// The prefixes and top solutions of shard `index` of `count`: every shard enumerates the
/// same partial solutions, to the first depth with at least [`PREFIXES_PER_SHARD`] per shard
/// (or the bottom of the tree), and takes every `count`-th.
fn shard_prefixes(template: &Search, index: usize, count: usize) -> Top {
    // Depths count options (see `Search::cutoff`).
    let mut depth = template.options().count() + 1;
    loop {
        let mut search = template.clone();
        search.cutoff = depth;
        let mut all = Vec::new();
        let mut prefixes = 0;
        loop {
            match search.run() {
                Event::Prefix => {
                    let (mut start, mut width) = (0.0, 1.0);
                    for level in template.level()..search.level() {
                        let (k, d) = search.position(level);
                        width /= d as f64;
                        start += (k - 1) as f64 * width;
                    }
                    all.push(Ok(parallel::Root {
                        prefix: search.prefix().to_vec(),
                        degrees: search.degrees().to_vec(),
                        start,
                        width,
                    }));
                    prefixes += 1;
                }
                Event::Solution => all.push(Err(search.solution().map(OptionId).collect())),
                Event::Done => break,
                Event::Checkpoint => unreachable!("no checkpoint is set"),
            }
        }
        if prefixes >= PREFIXES_PER_SHARD * count
            || prefixes == 0
            || depth >= search_depth(template)
        {
            let mut top = Top::default();
            for (ordinal, item) in all.into_iter().enumerate() {
                if ordinal % count != index {
                    continue;
                }
                match item {
                    Ok(prefix) => top.prefixes.push(prefix),
                    Err(solution) => top.solutions.push(solution),
                }
            }
            if index == 0 {
                let propagation = search.propagation_counters();
                top.stats = Stats {
                    nodes: search.nodes,
                    updates: search.updates(),
                    profile: search.profile.clone(),
                    rounds: propagation.rounds,
                    removed: propagation.removed,
                    probes: propagation.probes,
                    ..Stats::default()
                };
            }
            return top;
        }
        depth += 1;
    }
}

/// The number of levels a search can have.
fn search_depth(search: &Search) -> usize {
    search.profile.len()
}
