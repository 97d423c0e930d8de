//! Memoized counting: the subproblem below a search node depends only on its *signature*
//! (which primary items are settled, how often each item with multiplicity is covered, and
//! which color each secondary item has taken), so each signature is counted once, however
//! many partial solutions lead to it. The search tree folds into a directed acyclic graph
//! whose size follows the problem's frontier, not its number of solutions (Knuth's DLX6,
//! after Nishino, Yasuda, Minato and Nagata, "Dancing with decision diagrams", 2017).
//!
//! The count runs forward, level by level: a level holds the signatures with the same number
//! of settled primary items, each with the number of partial solutions that reach it. Every
//! branch settles its item, so a signature's successors lie in later levels; a level is
//! expanded once all its predecessors are done, then freed. Only the levels ahead of the
//! current one are in memory at once, which for a board filled cell by cell is a few rows.
//!
//! A branch on a primary item chooses *every* option that will cover it from then on (one
//! for a plain item, between `min` and `max` of them, in increasing order, for an item with
//! multiplicity) and settles the item. An option whose primary items are all unsettled has
//! then never been chosen, so the signature decides which options remain, and each solution
//! is counted on exactly one path.
//!
//! Signatures are compared in full (a hash only finds their slot) and counts are exact at any
//! size ([`Count`]), so a memoized count equals the enumerated one or fails with a
//! [`MemoError`]; it never wraps and is never silently short.

mod count;
pub(crate) mod estimate;
mod graph;
mod growth;
mod parallel;
mod signature;
mod table;

use std::fmt;
use std::time::{Duration, Instant};

pub use count::Count;
pub(crate) use estimate::estimate;
pub use estimate::Estimate;
pub use graph::{MemoGraph, RandomSolutions, ZddNode};
use growth::{approximate_bytes, Growth};
use signature::Layout;
use table::{Budget, Table};

use crate::outcome::StopReason;
use crate::problem::Problem;
use crate::stats::{MemoProgress, Progress};

/// Which primary item a memoized count branches on.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Branching {
    /// The first unsettled primary item in the problem's item order. For a board whose cells
    /// are listed row by row this fills the board in reading order, so the signatures are
    /// the profiles of a frontier a row wide: the best order for tilings.
    #[default]
    FirstItem,
    /// The unsettled primary item with the fewest options that still fit (the leftmost of
    /// equals), Knuth's choice: fewer signatures where pieces are few and constrained, as
    /// in pentomino packings, but far more on large boards.
    FewestOptions,
}

/// The default bound on a memoized count's memory: 4 GiB.
pub const DEFAULT_MEMO_LIMIT: usize = 4 << 30;

/// Why a memoized count failed. It has no partial result: the counts of the levels it
/// reached are counts of partial solutions, not a bound on the total.
///
/// ```
/// use dlx::memo::MemoError;
/// use dlx::{Problem, Solver};
/// // Dominoes on a 4 x 4 board, with a memory limit too small for the count.
/// let mut text = String::from("c00 c01 c02 c03 c10 c11 c12 c13 c20 c21 c22 c23 c30 c31 c32 c33\n");
/// for r in 0..4 {
///     for c in 0..4 {
///         if c < 3 { text += &format!("c{r}{c} c{r}{}\n", c + 1); }
///         if r < 3 { text += &format!("c{r}{c} c{}{c}\n", r + 1); }
///     }
/// }
/// let problem = Problem::from_dlx(&text)?;
/// assert_eq!(Solver::new(&problem).memo_count()?.count.to_string(), "36");
/// let small = Solver::new(&problem).memo_limit(64).memo_count();
/// assert!(matches!(small, Err(MemoError::MemoryLimit { limit: 64, .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum MemoError {
    /// The signatures needed more memory than the limit
    /// ([`Solver::memo_limit`](crate::Solver::memo_limit)).
    MemoryLimit {
        /// The limit, in bytes.
        limit: usize,
        /// The bytes the count needed when it stopped, at least.
        needed: usize,
    },
    /// The graph of all solutions ([`Solver::memo_graph`](crate::Solver::memo_graph)), which
    /// keeps every level, would pass the memory limit by far: its levels were still growing
    /// (each made `growth` times the new signatures of the one before, on average over the
    /// last three), and the next three levels at that rate would take it to about `projected`
    /// bytes, four times the limit or more. Stopped early, so that a problem
    /// whose graph cannot be built (every 9 x 9 sudoku grid) is refused at once rather than
    /// after filling the memory.
    WouldPassLimit {
        /// The limit, in bytes.
        limit: usize,
        /// The bytes held when it stopped.
        used: usize,
        /// The projection of the bytes the graph needs three levels on (at most
        /// `u128::MAX`).
        projected: u128,
        /// The signatures made by the level three levels before the last, and by the last:
        /// the growth from a level to the next is the cube root of their ratio.
        growth: (u64, u64),
        /// The settled primary items of the last level done, and of the solutions.
        level: usize,
        /// The primary items: the level of the solutions.
        levels: usize,
    },
    /// The count stopped at the solver's time or node limit (the node limit bounds the
    /// signatures expanded).
    Stopped {
        /// Which limit.
        reason: StopReason,
        /// Statistics up to the stop.
        stats: MemoStats,
    },
    /// An item with multiplicity has more ways to be covered in one branch than any table
    /// could hold (more than 16 million steps to list them).
    TooManyBranches {
        /// The item, numbered as in [`Problem::items`](crate::Problem::items).
        item: usize,
    },
    /// The solver was restricted to part of the search tree ([`Solver::within`],
    /// [`Solver::given`]), which a memoized run cannot honor, to a [`Solver::shard`] for
    /// the graph of all solutions (a count can run on a shard), or to a
    /// [`Solver::subshard`].
    ///
    /// [`Solver::shard`]: crate::Solver::shard
    /// [`Solver::subshard`]: crate::Solver::subshard
    /// [`Solver::within`]: crate::Solver::within
    /// [`Solver::given`]: crate::Solver::given
    Restricted,
}

impl MemoError {
    fn out_of_memory(budget: &Budget) -> MemoError {
        MemoError::MemoryLimit {
            limit: budget.limit,
            needed: budget.used(),
        }
    }
}

impl fmt::Display for MemoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MemoError::MemoryLimit { limit, needed } => write!(
                f,
                "memoization needs more than its memory limit of {} (at least {} so far)",
                bytes(*limit),
                bytes(*needed)
            ),
            MemoError::WouldPassLimit {
                limit,
                used,
                projected,
                growth,
                level,
                levels,
            } => write!(
                f,
                "memoization would need more than {} for the graph of all solutions, past its \
                 memory limit of {} (it held {} at level {level} of {levels}, each level \
                 making {:.1} times the signatures of the last, over the last three)",
                approximate_bytes(*projected as f64),
                bytes(*limit),
                bytes(*used),
                (growth.1 as f64 / growth.0 as f64).powf(1.0 / 3.0)
            ),
            MemoError::Stopped { reason, stats } => write!(
                f,
                "the memoized count stopped ({reason}) after {} signatures; it has no partial count",
                stats.signatures
            ),
            MemoError::TooManyBranches { item } => write!(
                f,
                "item number {item} (from 0) can be covered in too many ways at once for \
                 memoization (more than {MAX_BRANCH_STEPS} steps to list them)"
            ),
            MemoError::Restricted => {
                f.write_str("memoization covers the whole problem: it cannot run on a subtree or from given options, nor on a subshard, nor build the graph of all solutions on a shard")
            }
        }
    }
}

impl std::error::Error for MemoError {}

/// Bytes in binary units, as people read them: `512 MiB`, `4.0 GiB`.
fn bytes(count: usize) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut value = count as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{count} B")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// What a memoized count measured.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoStats {
    /// Distinct signatures stored: the nodes of the search's directed acyclic graph.
    pub signatures: u64,
    /// Signatures expanded (those of the levels done).
    pub expanded: u64,
    /// Branches taken: edges of the graph.
    pub edges: u64,
    /// Branches that reached a signature already stored (the search tree's nodes saved).
    pub hits: u64,
    /// The most signatures held at once.
    pub peak_signatures: u64,
    /// The most bytes the signature tables held at once.
    pub peak_bytes: usize,
    /// The item order used.
    pub branching: Branching,
    /// Time from the start of the count.
    pub elapsed: Duration,
}

/// The result of a memoized count: the exact number of solutions and how it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoOutcome {
    /// The number of solutions, exactly.
    pub count: Count,
    /// What the count measured.
    pub stats: MemoStats,
}

/// The count, exactly.
impl fmt::Display for MemoOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.count.fmt(f)
    }
}

/// A progress callback, as the [`Solver`](crate::Solver) holds it.
pub(crate) type Report<'a> = &'a (dyn Fn(&Progress) + Send + Sync + 'a);

/// The knobs of a memoized count, from the [`Solver`](crate::Solver).
pub(crate) struct MemoConfig<'a> {
    pub(crate) branching: Branching,
    pub(crate) threads: usize,
    pub(crate) memory_limit: usize,
    pub(crate) node_limit: Option<u64>,
    pub(crate) timeout: Option<Duration>,
    pub(crate) cancel: Option<&'a std::sync::atomic::AtomicBool>,
    pub(crate) progress: Option<(Duration, Report<'a>)>,
    /// Count only this share (`index` of `count`) of the signatures at the cut level (see
    /// [`SHARE_CUT`]).
    pub(crate) shard: Option<(usize, usize)>,
}

impl MemoConfig<'_> {
    pub(crate) fn is_cancelled(&self) -> bool {
        self.cancel
            .is_some_and(|flag| flag.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// Why a run started at `start` must stop now, by the clock or the cancel flag.
    pub(crate) fn due(&self, start: Instant) -> Option<StopReason> {
        if self.timeout.is_some_and(|limit| start.elapsed() >= limit) {
            Some(StopReason::Timeout)
        } else if self.is_cancelled() {
            Some(StopReason::Cancelled)
        } else {
            None
        }
    }
}

/// A shard's count takes its share of the signatures of the first level holding at least
/// this many per shard (or of the last level, if none does), and of the later levels already
/// reached from earlier ones, and goes on from them alone. Every path to a solution passes
/// through exactly one of those signatures and the count is linear in their counts, so the
/// shards' counts add up to the whole, exactly, however the levels below reconverge; every
/// shard repeats the levels above the cut.
const SHARE_CUT: usize = 64;

/// Whether signature `key` belongs to share `index` of `count`: a fixed hash, so every shard
/// of a count, on any machine and thread count, agrees on the shares.
fn in_share(key: &[u64], (index, count): (usize, usize)) -> bool {
    (table::hash(key) % count as u64) as usize == index
}

/// The entries of `table` in the share, as a table of their own (the rest freed).
fn share(table: Table, shard: (usize, usize), budget: &Budget) -> Result<Table, MemoError> {
    let mut kept = Table::new(table.stride(), 1);
    kept.hits = table.hits;
    for entry in 0..table.len() {
        if in_share(table.key(entry), shard) {
            kept.add(table.key(entry), table.count(entry), budget)?;
        }
    }
    budget.release(table.bytes());
    Ok(kept)
}

/// [`share`] of every table of `levels`, with `live` (the signatures held) kept up to date.
fn share_all(
    levels: &mut [Option<Table>],
    shard: (usize, usize),
    budget: &Budget,
    live: &mut u64,
) -> Result<(), MemoError> {
    for slot in levels {
        if let Some(table) = slot.take() {
            *live -= table.len() as u64;
            let kept = share(table, shard, budget)?;
            *live += kept.len() as u64;
            *slot = Some(kept);
        }
    }
    Ok(())
}

/// How often the count looks at the clock, in signatures expanded.
const CHECK_INTERVAL: u64 = 1 << 10;

pub(crate) fn count(problem: &Problem, config: &MemoConfig<'_>) -> Result<MemoOutcome, MemoError> {
    let start = Instant::now();
    let layout = Layout::new(problem);
    let mut forward = forward(&layout, config, false, start)?;
    let count = forward.total()?;
    forward.stats.elapsed = start.elapsed();
    forward.stats.peak_bytes = forward.budget.peak();
    Ok(MemoOutcome {
        count,
        stats: forward.stats,
    })
}

/// The levels of a forward pass (only the last one, unless they were kept), with what it
/// measured and the memory it holds.
struct Forward {
    levels: Vec<Option<Table>>,
    stats: MemoStats,
    budget: Budget,
    /// A shard whose cut no level reached: its share is taken of the last level.
    uncut: Option<(usize, usize)>,
}

impl Forward {
    /// The sum of the counts of the last level: the number of solutions.
    fn total(&mut self) -> Result<Count, MemoError> {
        let mut total = Table::new(1, 1);
        if let Some(done) = self.levels.last().and_then(Option::as_ref) {
            // Sum in a one-entry table, which widens as needed.
            for entry in 0..done.len() {
                if self
                    .uncut
                    .map_or(true, |shard| in_share(done.key(entry), shard))
                {
                    total.add(&[0], done.count(entry), &self.budget)?;
                }
            }
        }
        Ok(if total.len() == 0 {
            Count::default()
        } else {
            Count::from_limbs(total.count(0))
        })
    }
}

/// Runs the levels forward, each signature with the number of partial solutions that reach
/// it; `keep` keeps the levels once expanded (for the graph of all solutions) instead of
/// freeing them.
fn forward(
    layout: &Layout,
    config: &MemoConfig<'_>,
    keep: bool,
    start: Instant,
) -> Result<Forward, MemoError> {
    if config.threads > 1 {
        return parallel::forward(layout, config, keep, start);
    }
    let words = layout.words;
    let primary = layout.primary;
    let budget = Budget::new(config.memory_limit);
    let mut stats = MemoStats {
        branching: config.branching,
        ..MemoStats::default()
    };
    let mut levels: Vec<Option<Table>> = (0..=primary).map(|_| None).collect();
    let mut root = Table::new(words, 1);
    root.add(&vec![0; words], &[1], &budget)?;
    levels[0] = Some(root);
    let mut live: u64 = 1;
    stats.signatures = 1;
    stats.peak_signatures = 1;
    let mut successors: Vec<u64> = Vec::new();
    let mut scratch: Vec<u64> = Vec::new();
    let mut next_report = config.progress.map(|(every, _)| every);
    let mut uncut = config.shard;
    let mut growth = Growth::default();
    for level in 0..primary {
        let Some(mut table) = levels[level].take() else {
            continue;
        };
        if let Some(shard) = uncut.filter(|&(_, count)| table.len() >= SHARE_CUT * count) {
            // Every path to a solution passes through this level or through a later one
            // already reached from an earlier level: those tables are the cut.
            live -= table.len() as u64;
            table = share(table, shard, &budget)?;
            live += table.len() as u64;
            share_all(&mut levels[level + 1..], shard, &budget, &mut live)?;
            uncut = None;
        }
        for entry in 0..table.len() {
            if stats.expanded % CHECK_INTERVAL == 0 {
                checkpoint(
                    config,
                    &mut stats,
                    &budget,
                    (start, &mut next_report),
                    level,
                    primary,
                )?;
            }
            stats.expanded += 1;
            let state = table.key(entry);
            successors.clear();
            let Some(item) = choose(layout, config.branching, state) else {
                continue;
            };
            branch(layout, item, state, &mut scratch, &mut successors)?;
            for successor in successors.chunks_exact(words) {
                stats.edges += 1;
                let target =
                    levels[layout.settled(successor)].get_or_insert_with(|| Table::new(words, 1));
                let before = target.len();
                target.add(successor, table.count(entry), &budget)?;
                if target.len() > before {
                    stats.signatures += 1;
                    live += 1;
                }
            }
            stats.peak_signatures = stats.peak_signatures.max(live);
        }
        stats.hits += table.hits;
        if keep {
            growth.done((level, primary), live, &budget)?;
            levels[level] = Some(table);
        } else {
            live -= table.len() as u64;
            budget.release(table.bytes());
        }
    }
    if let Some(done) = &levels[primary] {
        stats.hits += done.hits;
    }
    stats.elapsed = start.elapsed();
    stats.peak_bytes = budget.peak();
    Ok(Forward {
        levels,
        stats,
        budget,
        uncut,
    })
}

/// Stops the count at the time or node limit, and reports progress when it is due.
fn checkpoint(
    config: &MemoConfig<'_>,
    stats: &mut MemoStats,
    budget: &Budget,
    (start, next_report): (Instant, &mut Option<Duration>),
    level: usize,
    primary: usize,
) -> Result<(), MemoError> {
    let elapsed = start.elapsed();
    let stop = config.due(start).or_else(|| {
        config
            .node_limit
            .is_some_and(|limit| stats.expanded >= limit)
            .then_some(StopReason::NodeLimit)
    });
    if let Some(reason) = stop {
        stats.elapsed = elapsed;
        stats.peak_bytes = budget.peak();
        return Err(MemoError::Stopped {
            reason,
            stats: stats.clone(),
        });
    }
    if let (Some((every, report)), Some(due)) = (config.progress, *next_report) {
        if elapsed >= due {
            report(&Progress {
                nodes: stats.expanded,
                solutions: 0,
                level,
                estimate: level as f64 / primary as f64,
                elapsed,
                memo: Some(MemoProgress {
                    signatures: stats.signatures,
                    hits: stats.hits,
                    bytes: budget.used(),
                }),
            });
            *next_report = Some(elapsed + every);
        }
    }
    Ok(())
}

/// The item to branch on in `state`, or `None` where no solution lies below: every item is
/// settled only in the last level, which is never expanded.
fn choose(layout: &Layout, branching: Branching, state: &[u64]) -> Option<usize> {
    choose_item(layout, branching, state, true)
}

/// [`choose`] as Knuth's search chooses: an item with fewest options is not taken before
/// every item was looked at for one that cannot be covered (then `None`), so that a walk of
/// the states (the estimate) meets the nodes that the search counts.
fn knuth_choice(layout: &Layout, state: &[u64]) -> Option<usize> {
    choose_item(layout, Branching::FewestOptions, state, false)
}

fn choose_item(
    layout: &Layout,
    branching: Branching,
    state: &[u64],
    forced_first: bool,
) -> Option<usize> {
    match branching {
        Branching::FirstItem => layout.first_open(state),
        Branching::FewestOptions => BLOCKED.with(|blocked| {
            let mut blocked = blocked.borrow_mut();
            if layout.blocked(state, &mut blocked) {
                fewest_options(layout, state, forced_first, |item, _, _| {
                    layout.unblocked_options(item, &blocked)
                })
            } else {
                fewest_options(layout, state, forced_first, |item, min, bound| {
                    // Counting stops once the item can be neither chosen nor impossible.
                    let mut degree = 0;
                    for &option in layout.options_of(item) {
                        if degree >= bound && degree >= min {
                            break;
                        }
                        if layout.fits(option, state) {
                            degree += 1;
                        }
                    }
                    degree
                })
            }
        }),
    }
}

thread_local! {
    /// [`choose`]'s set of the options a signature rules out, kept between calls.
    static BLOCKED: std::cell::RefCell<Vec<u64>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The open item of `state` with the fewest options that fit (the first such), or `None`
/// when some item cannot be covered as often as it must. `options(item, min, bound)` counts
/// an item's options that fit, and may stop counting at `min` and `bound` both.
///
/// With `forced_first`, the first item with one way is taken at once, without a look at the
/// items after it for one with none: a forced item leads to the same count, and a deep
/// search of many items whose ways shrink to one each would otherwise look at every item in
/// every state.
fn fewest_options(
    layout: &Layout,
    state: &[u64],
    forced_first: bool,
    options: impl Fn(usize, usize, usize) -> usize,
) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for item in layout.open_items(state) {
        let (min, _) = layout.need(item, state);
        let bound = best.map_or(usize::MAX, |(_, degree)| degree);
        // An item that may stay uncovered has one more way: none of its options.
        let slack = usize::from(min == 0);
        let degree = slack + options(item, min as usize, bound.saturating_sub(slack));
        if degree < min as usize {
            return None;
        }
        if degree < bound {
            best = Some((item, degree));
            if degree == 0 {
                return None;
            }
            if degree == 1 && forced_first {
                break;
            }
        }
    }
    best.map(|(item, _)| item)
}

/// Appends to `out` the signature after each way of settling `item` in `state`.
/// The most steps one branch may take choosing the options of an item with multiplicity:
/// an item that may be covered 25 times among 50 options has some 10^14 ways, which no
/// signature table could hold.
const MAX_BRANCH_STEPS: u64 = 1 << 24;

fn branch(
    layout: &Layout,
    item: usize,
    state: &[u64],
    scratch: &mut Vec<u64>,
    out: &mut Vec<u64>,
) -> Result<(), MemoError> {
    let (min, max) = layout.need(item, state);
    if (min, max) == (1, 1) {
        for &option in layout.options_of(item) {
            if layout.fits(option, state) {
                let start = out.len();
                out.extend_from_slice(state);
                layout.apply(option, &mut out[start..]);
                layout.settle(item, &mut out[start..]);
            }
        }
        return Ok(());
    }
    scratch.clear();
    scratch.extend_from_slice(state);
    let mut steps = 0;
    subsets(layout, item, (0, 0), (min, max), scratch, out, &mut steps);
    if steps > MAX_BRANCH_STEPS {
        return Err(MemoError::TooManyBranches { item });
    }
    Ok(())
}

/// The ways to cover `item` `min..=max` more times with options after the `from`-th of its
/// list, `chosen` already chosen; `stack` ends with the current signature.
fn subsets(
    layout: &Layout,
    item: usize,
    (from, chosen): (usize, u32),
    (min, max): (u32, u32),
    stack: &mut Vec<u64>,
    out: &mut Vec<u64>,
    steps: &mut u64,
) {
    *steps += 1;
    if *steps > MAX_BRANCH_STEPS {
        return;
    }
    let words = layout.words;
    let top = stack.len() - words;
    if chosen >= min {
        let start = out.len();
        out.extend_from_slice(&stack[top..]);
        layout.settle(item, &mut out[start..]);
    }
    if chosen == max {
        return;
    }
    let options = layout.options_of(item);
    for (k, &option) in options.iter().enumerate().skip(from) {
        if layout.fits(option, &stack[top..]) {
            stack.extend_from_within(top..);
            layout.apply(option, &mut stack[top + words..]);
            subsets(
                layout,
                item,
                (k + 1, chosen + 1),
                (min, max),
                stack,
                out,
                steps,
            );
            stack.truncate(top + words);
        }
    }
}
