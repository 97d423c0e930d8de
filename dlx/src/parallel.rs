//! Parallel search: the tree is split into subtrees, each given by a *prefix* (the node chosen
//! at each of its top levels), and rayon's workers solve them, each on its own copy of the
//! links.
//!
//! Splitting is adaptive. A worker that finds its own queue empty at a checkpoint (so that
//! nothing of its work can be stolen) gives away the untried options at the shallowest open
//! level of its subtree, each as a new prefix, and keeps only its current option there. Big
//! subtrees are thus split again and again while small ones are solved whole, whatever the
//! differences in size (10x and more between subtrees is common).
//!
//! A whole tree starts on the calling thread, as a sequential search, and moves to the pool
//! (made on first use, then kept) only if it is still unfinished after [`SOLO`]: small
//! problems, where waking the workers would cost more than the search, never touch it.
//!
//! The same prefixes, enumerated to a fixed depth, are what a shard of a distributed count
//! takes its share of ([`Solver::shard`](crate::Solver::shard)).
//!
//! Every subtree is explored as the sequential search would explore it, and replaying a prefix
//! counts no updates, so nodes and updates add up to the sequential figures.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::outcome::StopReason;
use crate::problem::OptionId;
use crate::run::Pacer;
use crate::search::{Event, Search};
use crate::stats::{Progress, Stats};

/// The most nodes between two checkpoints of a worker, where it looks at the stop flag, the
/// clock and its queue (fewer when nodes are slow: see [`Pacer`]).
const INTERVAL: u64 = Pacer::MOST;

/// A worker gives work away only after exploring this many nodes per level of its current
/// depth since it last did (see [`solve`]).
const SPLIT_COST_FACTOR: u64 = 16;

/// A caller's solution visitor.
pub(crate) type Visit<'v> = dyn FnMut(&[OptionId]) -> ControlFlow<()> + Send + 'v;

/// A solution visitor shared by the workers (calls are serialized).
pub(crate) type Visitor<'v> = Mutex<&'v mut Visit<'v>>;

/// A progress callback shared by the workers.
pub(crate) type Report<'v> = &'v (dyn Fn(&Progress) + Send + Sync + 'v);

/// What the workers share.
pub(crate) struct Shared<'v> {
    threads: usize,
    /// Nodes between checkpoints: [`INTERVAL`], or less under a small node limit, so that
    /// the workers together go past it by half of it at most.
    interval: u64,
    template: Search,
    idle: Mutex<Vec<Search>>,
    stop: AtomicBool,
    stopped: Mutex<Option<StopReason>>,
    solution_limit: Option<u128>,
    found: Mutex<u128>,
    node_limit: u64,
    nodes: AtomicU64,
    deadline: Option<Instant>,
    cancel: Option<&'v AtomicBool>,
    visitor: Option<Visitor<'v>>,
    progress: Option<(Duration, Report<'v>)>,
    started: Instant,
    next_report: Mutex<Instant>,
    /// The share of the tree finished, and each worker's share in progress, for Knuth's
    /// estimate of the whole (fractions of the tree as f64 bits).
    done: Mutex<f64>,
    partial: Vec<AtomicU64>,
    last_estimate: Mutex<f64>,
}

/// The limits and callbacks of a parallel run.
pub(crate) struct Settings<'v> {
    pub threads: usize,
    pub solution_limit: Option<u128>,
    pub node_limit: u64,
    pub deadline: Option<Instant>,
    pub cancel: Option<&'v AtomicBool>,
    pub visitor: Option<Visitor<'v>>,
    pub progress: Option<(Duration, Report<'v>)>,
    pub started: Instant,
}

/// A subtree to solve: a prefix of the search (see [`Search::enter_prefix`]), with its
/// levels' degrees (Algorithm M's; empty otherwise), and the share of the whole tree it stands
/// for (Knuth's estimate).
#[derive(Clone)]
pub(crate) struct Root {
    pub prefix: Vec<u32>,
    pub degrees: Vec<u32>,
    pub start: f64,
    pub width: f64,
}

/// A prefix to solve and the share of the whole tree it stands for (Knuth's estimate).
struct Task {
    prefix: Vec<u32>,
    degrees: Vec<u32>,
    /// Whether the updates of trying the prefix's last option are this task's to count (they
    /// are when the prefix was given away, untried, by [`Search::split`]).
    count_last: bool,
    start: f64,
    width: f64,
    /// For a run of options of the prefix's last level (see [`Siblings`]), where it ends.
    siblings: Option<Siblings>,
}

/// A task that stands for a run of options of one level, from the prefix's last one on, as
/// [`Search::step_sibling`] takes a search from one to the next: one task for many options,
/// where a task each would cost each one the replay of the prefix (a cover of the level's
/// item, as long as its list: quadratic for an item of many options).
#[derive(Clone, Copy)]
struct Siblings {
    /// The first option of the next run (not this task's), or `None`: to the end of the list.
    until: Option<u32>,
    /// The share of the tree of each option of the run.
    share: f64,
}

/// A worker gives away the options of a level as runs, rather than one task each, when it
/// would give more than this many tasks per worker thread.
const RUNS_PER_THREAD: usize = 4;

/// What a parallel run found.
pub(crate) struct Finished {
    pub solutions: u128,
    pub stopped: Option<StopReason>,
    pub stats: Stats,
}

/// Solves the subtrees of `roots` (prefixes of `template`'s search, with the share of the tree
/// each stands for) on `threads` workers.
pub(crate) fn run(template: Search, mut roots: Vec<Root>, settings: Settings<'_>) -> Finished {
    // A whole tree starts on the calling thread, alone, so the number of workers (0: one per
    // core, which takes a look at the system) is needed only when the pool is.
    let solo = roots.len() == 1;
    let threads = if solo {
        1
    } else {
        crate::threads::workers(settings.threads)
    };
    let mut shared = Shared {
        threads,
        interval: interval(settings.node_limit, threads),
        template,
        idle: Mutex::new(Vec::new()),
        stop: AtomicBool::new(false),
        stopped: Mutex::new(None),
        solution_limit: settings.solution_limit,
        found: Mutex::new(0),
        node_limit: settings.node_limit,
        nodes: AtomicU64::new(0),
        deadline: settings.deadline,
        cancel: settings.cancel,
        visitor: settings.visitor,
        next_report: Mutex::new(
            settings.started + settings.progress.as_ref().map_or(Duration::ZERO, |p| p.0),
        ),
        progress: settings.progress,
        started: settings.started,
        done: Mutex::new(0.0),
        partial: (0..threads).map(|_| AtomicU64::new(0)).collect(),
        last_estimate: Mutex::new(0.0),
    };
    // A limit of no solutions stops before the search (no task gets a search), as a
    // sequential run does.
    if shared.solution_limit == Some(0) {
        shared.stop_with(StopReason::SolutionLimit);
    }
    // A whole tree starts on the calling thread, and the pool is made (or woken) only for a
    // tree that is still unfinished after SOLO: most small problems never need it.
    let mut paused = None;
    if solo {
        let root = roots.pop().expect("one root");
        let task = Task {
            prefix: root.prefix,
            degrees: root.degrees,
            count_last: false,
            start: root.start,
            width: root.width,
            siblings: None,
        };
        if let Some(search) = shared.search_for(&task) {
            paused = explore(None, &shared, search, task.start, task.width, None);
        }
    }
    if paused.is_some() || !roots.is_empty() {
        if solo {
            let threads = crate::threads::workers(settings.threads).max(1);
            shared.threads = threads;
            shared.interval = interval(settings.node_limit, threads);
            // The solo run's share in progress went back to 0 when it paused.
            shared.partial = (0..threads).map(|_| AtomicU64::new(0)).collect();
        }
        let threads = shared.threads;
        let pool = crate::threads::pool(threads);
        pool.scope(|scope| {
            let shared = &shared;
            let pool = &pool;
            if let Some((search, start, width)) = paused {
                scope.spawn(move |scope| {
                    let unfinished =
                        explore(Some((scope, pool)), shared, search, start, width, None);
                    debug_assert!(unfinished.is_none(), "a run on the pool never pauses");
                });
            }
            for root in roots {
                scope.spawn(move |scope| {
                    solve(
                        scope,
                        pool,
                        shared,
                        Task {
                            prefix: root.prefix,
                            degrees: root.degrees,
                            count_last: false,
                            start: root.start,
                            width: root.width,
                            siblings: None,
                        },
                    )
                });
            }
        });
    }
    let searches = shared.idle.into_inner().expect("no worker panicked");
    let mut stats = Stats::default();
    for search in &searches {
        stats.add(&search.counts());
    }
    stats.max_level = stats.profile.iter().rposition(|&n| n > 0).unwrap_or(0);
    stats.profile.truncate(stats.max_level + 1);
    let solutions = shared.found.into_inner().expect("no worker panicked");
    stats.solutions = solutions;
    Finished {
        solutions,
        stopped: shared.stopped.into_inner().expect("no worker panicked"),
        stats,
    }
}

/// Nodes between checkpoints for `threads` workers: [`INTERVAL`], or less under a small node
/// limit, so that the workers together go past it by half of it at most.
fn interval(node_limit: u64, threads: usize) -> u64 {
    INTERVAL.min((node_limit / threads as u64 / 2).max(1))
}

impl Shared<'_> {
    /// A search standing at `task`'s prefix: an idle worker's, or a copy of the template. A
    /// copy the allocator refuses stops the run (a lower bound, said so) instead of aborting
    /// the process. None when the run has stopped.
    fn search_for(&self, task: &Task) -> Option<Search> {
        if self.stop.load(Ordering::Relaxed) {
            return None;
        }
        // Tasks too small to reach a checkpoint would otherwise never look at the limits.
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            self.stop_with(StopReason::Timeout);
            return None;
        }
        if self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            self.stop_with(StopReason::Cancelled);
            return None;
        }
        if self.nodes.load(Ordering::Relaxed) >= self.node_limit {
            self.stop_with(StopReason::NodeLimit);
            return None;
        }
        let idle = self.idle.lock().expect("no worker panicked").pop();
        let Some(mut search) = idle.or_else(|| self.template.try_clone()) else {
            self.stop_with(StopReason::OutOfMemory);
            return None;
        };
        search.enter_prefix(&task.prefix, &task.degrees, task.count_last);
        Some(search)
    }

    fn stop_with(&self, reason: StopReason) {
        let mut stopped = self.stopped.lock().expect("no worker panicked");
        stopped.get_or_insert(reason);
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Counts a solution; false if it is past the solution limit (and so not counted).
    fn count_solution(&self) -> bool {
        let mut found = self.found.lock().expect("no worker panicked");
        if self.solution_limit.is_some_and(|limit| *found >= limit) {
            drop(found);
            self.stop_with(StopReason::SolutionLimit);
            return false;
        }
        *found += 1;
        if self.solution_limit == Some(*found) {
            drop(found);
            self.stop_with(StopReason::SolutionLimit);
        }
        true
    }

    fn report(&self, worker: usize, partial: f64) {
        if let Some(slot) = self.partial.get(worker) {
            slot.store(partial.to_bits(), Ordering::Relaxed);
        }
        let Some((every, report)) = &self.progress else {
            return;
        };
        let now = Instant::now();
        {
            let Ok(mut next) = self.next_report.try_lock() else {
                return;
            };
            if now < *next {
                return;
            }
            *next = now + *every;
        }
        let running: f64 = self
            .partial
            .iter()
            .map(|slot| f64::from_bits(slot.load(Ordering::Relaxed)))
            .sum();
        let done = *self.done.lock().expect("no worker panicked");
        // The parts are read at slightly different moments; keep the estimate from going back.
        // The report is made under the same lock, so that two workers' reports reach the
        // callback in the order of their estimates.
        let mut last = self.last_estimate.lock().expect("no worker panicked");
        *last = last.max((done + running).min(1.0));
        report(&Progress {
            nodes: self.nodes.load(Ordering::Relaxed),
            solutions: *self.found.lock().expect("no worker panicked"),
            level: 0,
            estimate: *last,
            elapsed: now - self.started,
            memo: None,
        });
    }
}

/// Solves one task, giving work away when this worker's queue runs dry.
fn solve<'s, 'v: 's>(
    scope: &rayon::Scope<'s>,
    pool: &'s rayon::ThreadPool,
    shared: &'s Shared<'v>,
    task: Task,
) {
    if let Some(search) = shared.search_for(&task) {
        let siblings = task
            .siblings
            .map(|siblings| (task.prefix.len() - 1, siblings));
        explore(
            Some((scope, pool)),
            shared,
            search,
            task.start,
            task.width,
            siblings,
        );
    }
}

/// How long the first run of a whole tree stays on the calling thread before it moves to the
/// pool. Waking two workers costs 0.3-0.5 ms of CPU time, as much as a small search; a tree
/// that outlasts this loses at most this much of its parallel time (docs/engine.md).
const SOLO: Duration = Duration::from_millis(1);

/// Explores the subtree `search` stands at (its share of the tree from `start`, `width` wide)
/// to its end or a stop, and with `siblings` the next options of that level in its run, in
/// turn. On a pool (`pool` given) it gives work away when its queue runs dry. Without one, it
/// runs on the calling thread and pauses at its first checkpoint after [`SOLO`], returning the
/// search and its share to be taken up by the pool.
fn explore<'s, 'v: 's>(
    pool: Option<(&rayon::Scope<'s>, &'s rayon::ThreadPool)>,
    shared: &'s Shared<'v>,
    mut search: Search,
    mut start: f64,
    mut width: f64,
    siblings: Option<(usize, Siblings)>,
) -> Option<(Search, f64, f64)> {
    let mut next_start = start + width;
    let worker = pool.map_or(0, |(_, pool)| pool.current_thread_index().unwrap_or(0));
    let solo_until = pool.is_none().then(|| Instant::now() + SOLO);
    let mut published = search.nodes;
    let mut since_split = 0;
    let mut updates_at_split = search.updates();
    let mut next_estimate = Instant::now();
    let mut options = Vec::new();
    let mut pacer = Pacer::new(shared.interval, Instant::now());
    search.checkpoint_at = search.nodes + pacer.first();
    // Without a limit or a visitor, the search's loop counts the solutions itself, and they
    // are added to the total when it returns.
    let quiet = if shared.solution_limit.is_none() && shared.visitor.is_none() {
        u64::MAX
    } else {
        0
    };
    loop {
        search.quiet_solutions = quiet;
        let event = search.run();
        let counted = quiet - search.quiet_solutions;
        if counted > 0 {
            *shared.found.lock().expect("no worker panicked") += u128::from(counted);
        }
        match event {
            Event::Solution => {
                if !shared.count_solution() {
                    break;
                }
                if let Some(visitor) = &shared.visitor {
                    options.clear();
                    options.extend(search.solution().map(OptionId));
                    let mut visit = visitor.lock().expect("no worker panicked");
                    if (*visit)(&options).is_break() {
                        drop(visit);
                        shared.stop_with(StopReason::Visitor);
                    }
                }
                if shared.stop.load(Ordering::Relaxed) {
                    break;
                }
            }
            Event::Checkpoint => {
                let explored = search.nodes - published;
                let nodes = shared.nodes.fetch_add(explored, Ordering::Relaxed) + explored;
                published = search.nodes;
                let now = Instant::now();
                if shared.stop.load(Ordering::Relaxed) {
                    break;
                }
                if nodes >= shared.node_limit {
                    shared.stop_with(StopReason::NodeLimit);
                    break;
                }
                if shared.deadline.is_some_and(|deadline| now >= deadline) {
                    shared.stop_with(StopReason::Timeout);
                    break;
                }
                if shared
                    .cancel
                    .is_some_and(|flag| flag.load(Ordering::Relaxed))
                {
                    shared.stop_with(StopReason::Cancelled);
                    break;
                }
                since_split += explored;
                // Knuth's estimate walks each level's list to the choice there (a list of
                // 10 million options took more than the search): made only for reports, at
                // most twice a reporting period per worker.
                if let Some((every, _)) = &shared.progress {
                    if now >= next_estimate {
                        next_estimate = now + *every / 2;
                        shared.report(worker, width * search.estimate());
                    }
                }
                let Some((scope, pool)) = pool else {
                    if solo_until.is_some_and(|until| now >= until) {
                        if let Some(slot) = shared.partial.get(worker) {
                            slot.store(0f64.to_bits(), Ordering::Relaxed);
                        }
                        return Some((search, start, width));
                    }
                    search.checkpoint_at = search.nodes + pacer.next(now);
                    continue;
                };
                // Giving work away costs the recipients a replay of the prefix and, with
                // Algorithm M, this search an undo and redo of its levels below the split: in
                // a deep and narrow tree (the arrow board's is thousands of levels deep) that
                // costs more than the small subtrees it hands out. So a search splits only
                // when it has explored many more nodes since its last split than it is deep.
                // The same where an item's list is long: each task given away covers it
                // again (an item of 80,000 options, each a solution: a split per checkpoint
                // cost more than the whole search), so the work since the last split must
                // also outweigh the replays of the tasks a split makes.
                let work = since_split + (search.updates() - updates_at_split);
                let tasks = (RUNS_PER_THREAD * shared.threads) as u64;
                if shared.threads > 1
                    && since_split >= SPLIT_COST_FACTOR * search.level() as u64
                    && pool.current_thread_has_pending_tasks() == Some(false)
                    && work >= tasks * search.replay_cost()
                {
                    give_away(scope, pool, shared, &mut search, &mut start, &mut width);
                    since_split = 0;
                    updates_at_split = search.updates();
                }
                search.checkpoint_at = search.nodes + pacer.next(now);
            }
            Event::Done => {
                *shared.done.lock().expect("no worker panicked") += width;
                if let Some((level, run)) = siblings {
                    if !shared.stop.load(Ordering::Relaxed) && search.step_sibling(level, run.until)
                    {
                        (start, width) = (next_start, run.share);
                        next_start += run.share;
                        continue;
                    }
                }
                break;
            }
            Event::Prefix => unreachable!("parallel searches have no cutoff"),
        }
    }
    shared
        .nodes
        .fetch_add(search.nodes - published, Ordering::Relaxed);
    if let Some(slot) = shared.partial.get(worker) {
        slot.store(0f64.to_bits(), Ordering::Relaxed);
    }
    search.unwind();
    shared.idle.lock().expect("no worker panicked").push(search);
    None
}

/// Splits off the untried options at the shallowest open level of `search`'s subtree as new
/// tasks, and narrows this task's share of the tree to what it keeps.
fn give_away<'s, 'v: 's>(
    scope: &rayon::Scope<'s>,
    pool: &'s rayon::ThreadPool,
    shared: &'s Shared<'v>,
    search: &mut Search,
    start: &mut f64,
    width: &mut f64,
) {
    let from = search.base();
    // The share of the tree of each level's node, down to the level that is split.
    let positions: Vec<(u32, u32)> = (from..search.level()).map(|l| search.position(l)).collect();
    let prefixes = search.split();
    let Some(first) = prefixes.first() else {
        return;
    };
    let split_level = first.len() - 1;
    // Algorithm M's degrees of the prefixes' levels (none for X and C).
    let degrees = search.degrees().get(..=split_level).unwrap_or(&[]);
    for &(k, d) in &positions[..split_level - from] {
        *width /= d as f64;
        *start += (k - 1) as f64 * *width;
    }
    let (k, d) = positions[split_level - from];
    let share = *width / d as f64;
    let level_start = *start;
    *start = level_start + (k - 1) as f64 * share;
    *width = share;
    // Many options at the level go as runs, a few per worker, each run one task.
    let runs = RUNS_PER_THREAD * shared.threads;
    let run = if search.steps_siblings() && prefixes.len() > runs {
        prefixes.len().div_ceil(runs)
    } else {
        1
    };
    let firsts: Vec<u32> = prefixes.iter().map(|prefix| prefix[split_level]).collect();
    for (n, prefix) in prefixes.into_iter().enumerate().step_by(run) {
        let task = Task {
            prefix,
            degrees: degrees.to_vec(),
            count_last: true,
            start: level_start + (k as usize + n) as f64 * share,
            width: share,
            siblings: (run > 1).then(|| Siblings {
                until: firsts.get(n + run).copied(),
                share,
            }),
        };
        scope.spawn(move |scope| solve(scope, pool, shared, task));
    }
}
