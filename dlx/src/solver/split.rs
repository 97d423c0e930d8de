//! Searches split into subtrees: the prefixes at the top of the tree that threads share out
//! and shards divide among themselves ([`Solver::shard`], [`Solver::split`]), and the run that
//! solves them on the workers.

use std::time::{Duration, Instant};

use super::Solver;
use crate::outcome::{Outcome, StopReason};
use crate::parallel;
use crate::problem::OptionId;
use crate::search::{Event, Search};
use crate::stats::{Cut, Stats};

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
            cuts: Vec::new(),
        };
        split
    }

    /// `count` and `for_each` over split subtrees: this shard's prefixes (or the whole tree),
    /// on `threads` workers.
    pub(super) fn run_split<'a>(&'a self, visit: Option<&'a mut parallel::Visit<'a>>) -> Outcome {
        let started = Instant::now();
        let time_left = self.time_left();
        let Some(template) = self.try_new_search() else {
            return Outcome {
                solutions: 0,
                stopped: Some(StopReason::OutOfMemory),
                stats: Stats {
                    tree: self.tree_used(),
                    ..Stats::default()
                },
            };
        };
        let mut visit = visit;
        let mut top = Top::default();
        let roots = if self.shards.is_empty() {
            vec![parallel::Root {
                prefix: self.prefix.clone(),
                degrees: Vec::new(),
                start: 0.0,
                width: 1.0,
            }]
        } else {
            // The top is work like any other: the limits and the cancel flag hold in it.
            let deadline = time_left.map(|limit| started + limit);
            let node_limit = self.node_limit.unwrap_or(u64::MAX);
            let stop = |nodes: u64| {
                if self.is_cancelled() {
                    Some(StopReason::Cancelled)
                } else if deadline.is_some_and(|at| Instant::now() >= at) {
                    Some(StopReason::Timeout)
                } else if nodes >= node_limit {
                    Some(StopReason::NodeLimit)
                } else {
                    None
                }
            };
            top = shard_top(&template, &self.prefix, &self.shards, &stop);
            if let Some(reason) = top.stopped {
                let mut stats = top.stats;
                // Cut short, the top is this shard's own work, whichever shard it is.
                stats.nodes = stats.nodes.max(top.enumerated);
                stats.tree = self.tree_used();
                stats.cuts = top.cuts;
                stats.elapsed = started.elapsed();
                return Outcome {
                    solutions: 0,
                    stopped: Some(reason),
                    stats,
                };
            }
            std::mem::take(&mut top.prefixes)
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
        stats.cuts = top.cuts;
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
                    // The top's nodes, which this process enumerated, count too.
                    node_limit: self
                        .node_limit
                        .unwrap_or(u64::MAX)
                        .saturating_sub(top.enumerated),
                    deadline: time_left.map(|limit| started + limit),
                    cancel: self.cancel.as_deref(),
                    visitor: visit.map(std::sync::Mutex::new),
                    progress,
                    started,
                },
            );
            solutions += finished.solutions;
            stopped = finished.stopped;
            stats.add(&finished.stats);
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
    /// The statistics of the top of the tree that are this shard's to count: the enumeration
    /// of each cut counts in one of the shards that share it (index 0 at that level of
    /// nesting and below), so that the shards' statistics add up to the whole search's.
    stats: Stats,
    /// Where the tree was cut, one per level of nesting.
    cuts: Vec<Cut>,
    /// The nodes this process visited to enumerate the top (every shard's own work, though
    /// only one shard's statistics count them).
    enumerated: u64,
    /// Why the enumeration stopped before the cut was made, if it did.
    stopped: Option<StopReason>,
}

/// Whether the work must stop, given the nodes visited so far: a limit, the clock, or the
/// cancel flag.
type StopCheck<'a> = &'a dyn Fn(u64) -> Option<StopReason>;

/// Nodes between two looks at [`StopCheck`] while the top is enumerated.
const TOP_CHECKPOINT: u64 = 1024;

/// At least this many prefixes per shard, if the tree has them, so that shards get even
/// shares of work.
const PREFIXES_PER_SHARD: usize = 64;

/// The prefixes and top solutions of the shard at `path`: a shard `(index, count)`, then the
/// subshards within it, below the prefix of `within`. At each level of nesting, every shard
/// of that level enumerates the same partial solutions below its parent's prefixes, to the
/// first depth with at least [`PREFIXES_PER_SHARD`] per shard (or the bottom of the tree),
/// and takes every `count`-th of them, starting with the `index`-th. Solutions found above
/// that depth go by the same rule; a parent's own, found above its cut, go to its subshard 0.
fn shard_top(
    template: &Search,
    within: &[u32],
    path: &[(usize, usize)],
    stop: StopCheck<'_>,
) -> Top {
    let mut roots = vec![parallel::Root {
        prefix: within.to_vec(),
        degrees: Vec::new(),
        start: 0.0,
        width: 1.0,
    }];
    let mut top = Top::default();
    // Depths count options (see `Search::cutoff`).
    let mut depth = {
        let mut search = template.clone();
        search.enter_prefix(within, &[], false);
        search.options().count()
    };
    for (level, &(index, count)) in path.iter().enumerate() {
        let cut = match cut_below(template, &roots, depth, count, top.enumerated, stop) {
            Ok(cut) => cut,
            Err((reason, nodes)) => {
                top.enumerated += nodes;
                top.stopped = Some(reason);
                return top;
            }
        };
        top.enumerated += cut.stats.nodes;
        depth = cut.depth;
        if index != 0 {
            top.solutions.clear();
        }
        roots.clear();
        let mut solutions = 0;
        for (ordinal, item) in cut.items.into_iter().enumerate() {
            solutions += u64::from(item.is_err());
            if ordinal % count != index {
                continue;
            }
            match item {
                Ok(root) => roots.push(root),
                Err(solution) => top.solutions.push(solution),
            }
        }
        let counted = path[level..].iter().all(|&(index, _)| index == 0);
        if counted {
            top.stats.add(&cut.stats);
        }
        top.cuts.push(Cut {
            depth,
            prefixes: cut.prefixes,
            solutions,
            taken: roots.len() as u64,
            nodes: cut.stats.nodes,
            counted,
        });
    }
    top.prefixes = roots;
    top
}

/// The partial solutions below some roots, in order, at the first depth below theirs with
/// at least [`PREFIXES_PER_SHARD`] per shard (or the bottom of the tree): each a prefix
/// (`Ok`) or a solution found above that depth (`Err`).
struct Below {
    items: Vec<Item>,
    prefixes: u64,
    depth: usize,
    stats: Stats,
}

/// [`Below`] `roots`, which are at depth `above`, for `count` shards; or why `stop` (asked
/// every [`TOP_CHECKPOINT`] nodes, with `before` and the nodes visited here) stopped it first,
/// and those nodes.
///
/// With Algorithms X and C, whose levels are depths, one search below the roots finds the
/// depth ([`first_depth`]) and a second enumerates it: the cost is that of the levels above
/// the cut, so a deep and narrow top (a chain of thousands of levels with a prefix or two
/// each) is cut in time near its number of nodes. With Algorithm M, whose null moves keep a
/// level's depth from its number, the depths are tried one at a time, each from the
/// prefixes of the last (and the solutions found above it, which keep their places): a
/// replay of each prefix per depth. Either way the items are those of a search from the
/// roots to that depth, in its order.
fn cut_below(
    template: &Search,
    roots: &[parallel::Root],
    above: usize,
    count: usize,
    before: u64,
    stop: StopCheck<'_>,
) -> Result<Below, (StopReason, u64)> {
    let enough = (PREFIXES_PER_SHARD * count) as u64;
    let mut visited = 0u64;
    let roots: Vec<Item> = roots.iter().cloned().map(Ok).collect();
    if !template.has_null_moves() {
        let depth = first_depth(template, &roots, above, enough, before, stop, &mut visited)?;
        let below = enumerate(template, roots, depth, before, stop, &mut visited)?;
        return Ok(below);
    }
    let mut depth = above + 1;
    let mut stats = Stats::default();
    let mut items = roots;
    loop {
        let mut below = enumerate(template, items, depth, before, stop, &mut visited)?;
        stats.add(&below.stats);
        if below.prefixes >= enough || below.prefixes == 0 || depth >= search_depth(template) {
            below.stats = stats;
            return Ok(below);
        }
        items = std::mem::take(&mut below.items);
        depth += 1;
    }
}

/// A partial solution at the cut (`Ok`) or a solution found above it (`Err`).
type Item = Result<parallel::Root, Vec<OptionId>>;

/// The items at `depth` below `items` (whose solutions keep their places), by a search from
/// each root to that depth; `visited` grows by its nodes.
fn enumerate(
    template: &Search,
    items: Vec<Item>,
    depth: usize,
    before: u64,
    stop: StopCheck<'_>,
    visited: &mut u64,
) -> Result<Below, (StopReason, u64)> {
    let mut below = Below {
        items: Vec::with_capacity(items.len()),
        prefixes: 0,
        depth,
        stats: Stats::default(),
    };
    for item in items {
        let root = match item {
            Ok(root) => root,
            Err(solution) => {
                below.items.push(Err(solution));
                continue;
            }
        };
        let mut search = template.clone();
        search.enter_prefix(&root.prefix, &root.degrees, false);
        let base = search.level();
        search.cutoff = depth;
        let start = search.nodes;
        search.checkpoint_at = start + TOP_CHECKPOINT;
        loop {
            match search.run() {
                Event::Prefix => {
                    let (mut start, mut width) = (root.start, root.width);
                    for level in base..search.level() {
                        let (k, d) = search.position(level);
                        width /= d as f64;
                        start += (k - 1) as f64 * width;
                    }
                    below.items.push(Ok(parallel::Root {
                        prefix: search.prefix().to_vec(),
                        degrees: search.degrees().to_vec(),
                        start,
                        width,
                    }));
                    below.prefixes += 1;
                }
                Event::Solution => below
                    .items
                    .push(Err(search.solution().map(OptionId).collect())),
                Event::Done => break,
                Event::Checkpoint => {
                    let nodes = *visited + search.nodes - start;
                    if let Some(reason) = stop(before + nodes) {
                        return Err((reason, nodes));
                    }
                    search.checkpoint_at = search.nodes + TOP_CHECKPOINT;
                }
            }
        }
        *visited += search.nodes - start;
        below.stats.add(&search.counts());
        // A root of few nodes each, many roots: look between them too.
        if let Some(reason) = stop(before + *visited) {
            return Err((reason, *visited));
        }
    }
    Ok(below)
}

/// The first depth below `above` (Algorithms X and C, whose levels are depths) with at least
/// `enough` prefixes below `roots`, or none, or the bottom of the tree: searches from the
/// roots ([`Probe`]) to depths further and further down, until one finds it.
fn first_depth(
    template: &Search,
    roots: &[Item],
    above: usize,
    enough: u64,
    before: u64,
    stop: StopCheck<'_>,
    visited: &mut u64,
) -> Result<usize, (StopReason, u64)> {
    let bottom = search_depth(template);
    let probe = Probe {
        template,
        roots,
        above,
        enough,
        before,
        stop,
    };
    let mut limit = above + 1;
    let mut reach = 1;
    loop {
        let widths = match probe.run(limit.min(bottom), visited)? {
            Ok(depth) => return Ok(depth),
            Err(widths) => widths,
        };
        // Every level down to the limit has fewer than `enough` prefixes. Go down as far as
        // the last two levels' growth would take them to `enough`, at least one level and at
        // most twice as far as the last time: walking levels past the answer is what costs.
        let [.., upper, lower] = widths[..] else {
            unreachable!("a probe that does not find the depth counts two levels or more")
        };
        let growth = lower as f64 / upper.max(1) as f64;
        let steps = if growth > 1.0 {
            ((enough as f64 / lower as f64).ln() / growth.ln()).ceil() as usize
        } else {
            usize::MAX
        };
        reach = steps.clamp(1, 2 * reach);
        limit += reach;
    }
}

/// One search from each of `roots` (at depth `above`) to some depth, looking for the first
/// depth with `enough` prefixes: see [`Probe::run`].
struct Probe<'a> {
    template: &'a Search,
    roots: &'a [Item],
    above: usize,
    enough: u64,
    before: u64,
    stop: StopCheck<'a>,
}

impl Probe<'_> {
    /// The first depth down to `limit` with at least `enough` prefixes, or none, or the
    /// bottom of the tree, if there is one (`Ok`); else the prefixes at each depth from
    /// `above` (the roots) to `limit` (`Err`). The cutoff starts at `limit` and falls to the
    /// shallowest level seen with `enough` so far, so that no level below the answer is
    /// walked further than `enough` nodes (and the overshoot between two looks,
    /// [`TOP_CHECKPOINT`]); the levels down to the final cutoff are walked whole, and so
    /// counted exactly.
    fn run(
        &self,
        limit: usize,
        visited: &mut u64,
    ) -> Result<Result<usize, Vec<u64>>, (StopReason, u64)> {
        let (above, enough) = (self.above, self.enough);
        let bottom = search_depth(self.template);
        let mut cutoff = limit;
        // Per level: nodes entered, solutions among them, and prefixes met at the cutoff.
        let mut entered = vec![0u64; bottom + 1];
        let mut solutions = vec![0u64; bottom + 1];
        let mut reached = vec![0u64; bottom + 1];
        let prefixes = |level: usize, entered: u64, solutions: &[u64], reached: &[u64]| {
            entered - solutions[level] + reached[level]
        };
        for root in self.roots {
            let Ok(root) = root else { continue };
            let mut search = self.template.clone();
            search.enter_prefix(&root.prefix, &root.degrees, false);
            let profile = search.profile.clone();
            search.cutoff = cutoff;
            let start = search.nodes;
            search.checkpoint_at = start + TOP_CHECKPOINT;
            loop {
                match search.run() {
                    // Deeper prefixes (below a cutoff lowered on the way) are passed over.
                    Event::Prefix if search.level() == cutoff => reached[cutoff] += 1,
                    Event::Prefix => {}
                    Event::Solution => {
                        if search.level() <= cutoff {
                            solutions[search.level()] += 1;
                        }
                    }
                    Event::Done => break,
                    Event::Checkpoint => {
                        let nodes = *visited + search.nodes - start;
                        if let Some(reason) = (self.stop)(self.before + nodes) {
                            return Err((reason, nodes));
                        }
                        let full = (above + 1..cutoff).find(|&level| {
                            let here = entered[level] + search.profile[level] - profile[level];
                            prefixes(level, here, &solutions, &reached) >= enough
                        });
                        if let Some(level) = full {
                            cutoff = level;
                            search.cutoff = level;
                        }
                        search.checkpoint_at = search.nodes + TOP_CHECKPOINT;
                    }
                }
            }
            for level in above + 1..search.profile.len() {
                entered[level] += search.profile[level] - profile[level];
            }
            *visited += search.nodes - start;
            if let Some(reason) = (self.stop)(self.before + *visited) {
                return Err((reason, *visited));
            }
        }
        let widths: Vec<u64> = (above..=cutoff)
            .map(|level| match level == above {
                true => self.roots.iter().filter(|root| root.is_ok()).count() as u64,
                false => prefixes(level, entered[level], &solutions, &reached),
            })
            .collect();
        match widths
            .iter()
            .skip(1)
            .position(|&found| found >= enough || found == 0)
        {
            Some(place) => Ok(Ok(above + 1 + place)),
            None if cutoff >= bottom => Ok(Ok(bottom)),
            None => Ok(Err(widths)),
        }
    }
}

/// The number of levels a search can have.
fn search_depth(search: &Search) -> usize {
    search.profile.len()
}
