//! Reasoning inside the search: at every node, before the item to branch on is chosen,
//! options that belong to no solution below the node are taken out, and put back when the
//! search leaves the node.
//!
//! Two rules are built in ([`Propagation`]), and a reduction can add its own reasoning as a
//! [`Propagator`]. Both only ever remove options that no solution below the node uses, so
//! counts and solution sets stay exactly those of the plain search; what changes is the
//! search tree, which gets smaller (fewer nodes, each costing more).
//!
//! Without propagation (the default) the search is Knuth's, step for step: the propagating
//! search is a separate instance of the search loop, so the plain one pays nothing for it.
//! Algorithm M (multiplicities) runs a [`Propagator`] but not the built-in rules, which
//! assume that every primary item takes exactly one option.
//!
//! How the removals are undone: each removal is recorded on a trail, and each level of the
//! search remembers the trail's length when it was entered; leaving the level puts back
//! everything removed since, last first, before the level's own option is uncovered. So the
//! lists dance in exactly the opposite order of the changes, as `cover` and `uncover` do.

use std::fmt;
use std::sync::Arc;

use crate::problem::Problem;
use crate::search::links::{Links, Marks, Probed, WipeOut};

mod node;
pub use node::Node;

/// Which built-in rules run at every node of the search ([`Solver::propagation`]).
///
/// [`Solver::propagation`]: crate::Solver::propagation
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Propagation {
    /// None: Knuth's search, with its tree and its node and update counts.
    #[default]
    None,
    /// *Forcing*, to a fixpoint: when every option left for an active primary item gives an
    /// item `j` the same color (or all have `j` uncolored), the options that give `j` another
    /// color (for an uncolored `j`, the other options with `j`) go. With colored secondary
    /// items this forces colors; with primary items it is DLX-PRE's "every option of `i`
    /// has `j`". A node where a primary item has no option left fails at once.
    Forcing,
    /// Forcing, and *failed-value probing*: for each active secondary item and each value
    /// its options still give it (a color, or none), the options giving it other values are
    /// taken out for a moment and forcing runs; when that leaves a primary item with no
    /// option, the value is in no solution, and the options giving it go. When no value of
    /// an item fails, the options that forcing removed under every value go too (common
    /// consequences). To a fixpoint, or until the probes at the node have visited 64 nodes
    /// of options per entry of the problem (5 million at most: a few tens of milliseconds);
    /// along a path where probing keeps finding nothing, it runs at fewer and fewer levels.
    Probing,
}

/// How much [`Propagation::Probing`] may do at one node of the search: forcing visits at
/// most this many nodes of options per entry of the problem (an item of an option), and at
/// most [`PROBE_CAP`] in all.
pub(crate) const PROBE_EFFORT: u64 = 64;

/// The most nodes of options that forcing visits while [`Propagation::Probing`] probes at
/// one node of the search, however large the problem (a few tens of milliseconds): on large
/// grids with many solutions, where probes find little, the budget would otherwise grow
/// with the problem.
pub(crate) const PROBE_CAP: u64 = 5_000_000;

impl Propagation {
    /// Every level, weakest first.
    pub const ALL: [Propagation; 3] = [
        Propagation::None,
        Propagation::Forcing,
        Propagation::Probing,
    ];

    /// The level's name, as the command line takes it: `none`, `forcing`, `probing`.
    pub fn name(self) -> &'static str {
        match self {
            Propagation::None => "none",
            Propagation::Forcing => "forcing",
            Propagation::Probing => "probing",
        }
    }
}

impl fmt::Display for Propagation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level by its [name](Propagation::name):
///
/// ```
/// assert_eq!("forcing".parse(), Ok(dlx::Propagation::Forcing));
/// assert_eq!(
///     "more".parse::<dlx::Propagation>().unwrap_err(),
///     "propagation 'more': expected none, forcing or probing"
/// );
/// ```
impl std::str::FromStr for Propagation {
    type Err = String;

    fn from_str(name: &str) -> Result<Propagation, String> {
        Propagation::ALL
            .into_iter()
            .find(|level| level.name() == name)
            .ok_or_else(|| {
                format!(
                    "propagation '{}': expected none, forcing or probing",
                    crate::error::shown(name)
                )
            })
    }
}

/// A node has no solution below it: what a [`Propagator`] returns when it proves so.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Contradiction;

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("no solution below this node")
    }
}

impl std::error::Error for Contradiction {}

/// Reasoning that only a reduction knows, run at every node of the search
/// ([`Solver::propagator`](crate::Solver::propagator)).
///
/// At each node (after the built-in [`Propagation`], and again after them while both it and
/// they remove something) the propagator sees the node's state through [`Node`] and removes the options
/// it proves are in no solution below the node, or returns [`Contradiction`]. It must never
/// remove an option that some solution below the node uses: the engine cannot check that,
/// and a wrong removal is a wrong count. The engine puts removals back when the search leaves
/// the node. One propagator serves every thread of a parallel search, so it takes `&self`.
///
/// # Example
///
/// A propagator that knows option 0 is in no solution (here, since item `c` has no option,
/// the problem has none either; the propagator only makes the search fail sooner).
///
/// ```
/// use dlx::propagate::{Contradiction, Node, Propagator};
/// use dlx::{OptionId, Problem, Solver};
/// use std::sync::Arc;
///
/// struct NotFirst;
/// impl Propagator for NotFirst {
///     fn propagate(&self, node: &mut Node<'_>) -> Result<(), Contradiction> {
///         node.remove(OptionId::new(0));
///         Ok(())
///     }
/// }
///
/// let problem = Problem::from_dlx("a b\na\nb\na b\n")?;
/// let plain = Solver::new(&problem).count();
/// let pruned = Solver::new(&problem).propagator(Arc::new(NotFirst)).count();
/// assert_eq!((plain.solutions, pruned.solutions), (2, 1));
/// assert_eq!(pruned.stats.removed, 1);
/// # Ok::<(), dlx::ParseError>(())
/// ```
///
/// (Removing option 0 there is wrong on purpose, to show that the engine trusts the
/// propagator: the count drops from 2 to 1.)
pub trait Propagator: Send + Sync {
    /// Removes options that are in no solution below `node`, or says there is none.
    fn propagate(&self, node: &mut Node<'_>) -> Result<(), Contradiction>;

    /// How many bytes the propagator keeps along the path ([`Node::path_bytes`]); one
    /// unless it says more.
    fn path_state_len(&self) -> usize {
        1
    }
}

/// What propagation did in a search, added into [`Stats`](crate::Stats).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    pub rounds: u64,
    pub removed: u64,
    pub probes: u64,
}

/// The propagation state of one search: the rules, the trail of removals and where each
/// level's removals start on it.
#[derive(Clone)]
pub(crate) struct Propagate {
    level: Propagation,
    custom: Option<Arc<dyn Propagator>>,
    /// The first node of each option (for the propagator's option numbers).
    first_nodes: Arc<[u32]>,
    /// The nodes of the options taken before level 0 (`Search::give`), for
    /// [`Node::chosen`].
    pub given: Vec<u32>,
    /// The options removed, each by a node of it, in the order removed.
    trail: Vec<u32>,
    /// The trail's length when each level was entered.
    marks: Vec<u32>,
    /// The propagator's bytes ([`Node::path_bytes`]): those of level k at
    /// `(k + 1) * path_width` (`path_width` of them), after a level of zeros above the root.
    path_state: Vec<u8>,
    path_width: usize,
    /// For each level, how many times in a row probing found nothing on the path to it
    /// (see [`run`](Self::run)).
    streaks: Vec<u8>,
    /// For each level, whether its node is at a fixpoint of every rule that runs: forcing
    /// and the propagator, and (the second) probing too.
    settled: Vec<bool>,
    probed: Vec<bool>,
    /// For each level, whether its node is at a fixpoint of forcing (its [`run`](Self::run)
    /// passed, with forcing or probing): a child's forcing then starts from what the child's
    /// choice changed.
    forced: Vec<bool>,
    /// For each level, the trail's length when the propagator last returned there, if it
    /// ran there ([`Node::changed`]).
    custom_end: Vec<Option<u32>>,
    scratch: Marks,
    /// The nodes forcing may visit while probing at one node of the search.
    probe_budget: u64,
    /// Algorithm M's search, where a level may be a null move (its item's header), an
    /// active item may have no option left and still be satisfied, and a level's number of
    /// branches is its branching degree, not its item's length.
    bounded: bool,
    pub counters: Counters,
}

impl fmt::Debug for Propagate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Propagate")
            .field("level", &self.level)
            .field("custom", &self.custom.is_some())
            .field("trail", &self.trail.len())
            .field("counters", &self.counters)
            .finish()
    }
}

impl Propagate {
    /// The state for a search of `problem` on `links`, with `depth` levels.
    pub fn new(
        problem: &Problem,
        links: &Links,
        depth: usize,
        level: Propagation,
        custom: Option<Arc<dyn Propagator>>,
        bounded: bool,
    ) -> Propagate {
        let first_nodes = if custom.is_some() {
            problem
                .options()
                .map(|option| {
                    links.node_of_entry(option.index(), problem.entries_before(option), 0) as u32
                })
                .collect()
        } else {
            Arc::from([])
        };
        let path_width = custom
            .as_ref()
            .map_or(1, |custom| custom.path_state_len().max(1));
        Propagate {
            level,
            custom,
            first_nodes,
            given: Vec::new(),
            trail: Vec::new(),
            marks: vec![0; depth + 1],
            path_state: vec![0; (depth + 2) * path_width],
            path_width,
            streaks: vec![0; depth + 1],
            settled: vec![false; depth + 1],
            probed: vec![false; depth + 1],
            forced: vec![false; depth + 1],
            custom_end: vec![None; depth + 1],
            scratch: Marks::new(links),
            probe_budget: PROBE_EFFORT
                .saturating_mul(problem.entry_count() as u64 + 1)
                .min(PROBE_CAP),
            bounded,
            counters: Counters::default(),
        }
    }

    /// Notes where `level`'s removals start.
    #[inline]
    pub fn enter(&mut self, level: usize) {
        self.marks[level] = self.trail.len() as u32;
        self.forced[level] = false;
        self.custom_end[level] = None;
    }

    /// Whether a node that [`run`](Self::run) passed has no active primary item with an
    /// empty list: forcing fails on one, and a forced move at a fixpoint of forcing takes no
    /// option out. A propagator alone promises nothing at a forced move, which it skips.
    pub fn leaves_no_empty_list(&self) -> bool {
        self.level != Propagation::None
    }

    /// Puts back everything removed since `level` was entered.
    #[inline]
    pub fn leave(&mut self, links: &mut Links, level: usize) {
        links.restore_to(&mut self.trail, self.marks[level] as usize);
    }

    /// What the levels from `level` on removed, in order, for
    /// [`remove_again`](Self::remove_again) once they are undone and entered again.
    pub fn removed_from(&self, level: usize) -> Vec<u32> {
        self.trail[self.marks[level] as usize..].to_vec()
    }

    /// Removes again what `level` removed, when the levels from `from` on were undone (with
    /// `saved`, their [`removed_from`](Self::removed_from)) and are entered again in the same
    /// state: the same options, in the same order, on the same trail, without running any
    /// rule (so nothing is counted twice). `deepest` is the last level entered.
    pub fn remove_again(
        &mut self,
        links: &mut Links,
        level: usize,
        deepest: usize,
        from: usize,
        saved: &[u32],
    ) {
        debug_assert_eq!(self.trail.len(), self.marks[level] as usize);
        let offset = |k: usize| (self.marks[k] - self.marks[from]) as usize;
        let end = if level == deepest {
            saved.len()
        } else {
            offset(level + 1)
        };
        for &x in &saved[offset(level)..end] {
            links.remove_option(x as usize);
            self.trail.push(x);
        }
    }

    /// Runs the rules at a node whose chosen options are the nodes `chosen` (with Algorithm
    /// M, whose levels' branching degrees are `degrees`; empty otherwise); false when the
    /// node has no solution below it.
    pub fn run(&mut self, links: &mut Links, chosen: &[u32], degrees: &[u32]) -> bool {
        self.counters.rounds += 1;
        let level = chosen.len();
        let streak = if level == 0 {
            0
        } else {
            self.streaks[level - 1]
        };
        // Probing that keeps failing no value along a path is tried again only at every
        // 2^k-th level below, k the number of such tries in a row: its cost stays a bounded
        // share where it does not pay, and the rule depends on the path alone, so the tree is
        // the same on any number of threads. (Counting common consequences as success too
        // probed more and paid less: minimal 24x24 seed 5 took 242 nodes and 0.49 s instead
        // of 144 and 0.39 s, circ40_50 0.72 s instead of 0.38 s.)
        let probe = self.level == Propagation::Probing
            && (streak == 0 || level % (1 << streak.min(16)) == 0);
        self.streaks[level] = streak;
        let passed = self.run_rules(links, chosen, degrees, probe, streak);
        self.forced[level] = passed && self.level != Propagation::None;
        passed
    }

    /// Gives `level` the propagator's bytes of the level above (zeros at the root).
    fn inherit_path_state(&mut self, level: usize) {
        let width = self.path_width;
        self.path_state
            .copy_within(level * width..(level + 1) * width, (level + 1) * width);
    }

    /// [`run`](Self::run)'s rules at the node at `chosen.len()`, `probe` whether probing
    /// runs there, `streak` the parent's streak of fruitless probes.
    fn run_rules(
        &mut self,
        links: &mut Links,
        chosen: &[u32],
        degrees: &[u32],
        probe: bool,
        streak: u8,
    ) -> bool {
        let level = chosen.len();
        if level > 0 && self.forced_move(links, chosen, degrees, probe) {
            // The node's options are its parent's, at the parent's fixpoint: every rule
            // would find nothing here, so none runs. The streak moves on as a fruitless
            // probe would move it, and the tree stays the same.
            if probe {
                self.streaks[level] = streak.saturating_add(1);
            }
            self.settled[level] = true;
            self.probed[level] = self.probed[level - 1] || probe;
            self.inherit_path_state(level);
            return true;
        }
        self.settled[level] = false;
        self.probed[level] = self.level != Propagation::Probing;
        let mut custom_ran = false;
        self.inherit_path_state(level);
        // Forcing starts from what changed since a fixpoint of forcing: the option chosen
        // at a parent that was at one; then what the propagator took out.
        let mut after = match level {
            0 => None,
            _ if !self.bounded && self.forced[level - 1] => Some(chosen[level - 1] as usize),
            _ => None,
        };
        let mut custom_from = None;
        loop {
            let built_in = match self.level {
                Propagation::None => Ok(0),
                // (Probing's forcing looks at every item first, as its budget counts that
                // work: starting from what changed would change which probes it makes.)
                Propagation::Probing if probe => links
                    .probe(&mut self.scratch, &mut self.trail, self.probe_budget)
                    .map(|probed: Probed| {
                        self.counters.probes += probed.probes;
                        self.streaks[level] = if probed.failed_values > 0 {
                            0
                        } else {
                            streak.saturating_add(1)
                        };
                        self.probed[level] = probed.fixpoint;
                        probed.removed
                    }),
                Propagation::Forcing | Propagation::Probing => {
                    match (after.take(), custom_from.take()) {
                        (_, Some(from)) => {
                            links.queue_removed(&self.trail[from..], &mut self.scratch);
                            links.force_queued(&mut self.scratch, &mut self.trail)
                        }
                        (Some(x), None) => links.force_after(x, &mut self.scratch, &mut self.trail),
                        (None, None) => links.force(&mut self.scratch, &mut self.trail),
                    }
                }
            };
            let built_in_removed = match built_in {
                Ok(removed) => removed,
                Err(WipeOut) => return false,
            };
            self.counters.removed += built_in_removed;
            // The propagator is not shown the state it left again: a second look at the same
            // options is at best a check (and measured, on futoshiki's budgeted filter, a
            // fifth of the time for a few more nodes: 277 nodes in 0.13 s became 326 in
            // 0.105 s).
            if custom_ran && built_in_removed == 0 {
                return true;
            }
            let Some(custom) = &self.custom else {
                self.settled[level] = true;
                return true;
            };
            let called_at = self.trail.len();
            custom_from = Some(called_at);
            let since = match self.bounded {
                true => None,
                false => (0..=level)
                    .rev()
                    .find_map(|above| Some((above, self.custom_end[above]? as usize))),
            };
            let mut node = Node {
                links,
                trail: &mut self.trail,
                given: &self.given,
                chosen,
                first_nodes: &self.first_nodes,
                removed: 0,
                path_state: &mut self.path_state[..(level + 2) * self.path_width],
                width: self.path_width,
                since,
                called_at,
            };
            let verdict = custom.propagate(&mut node);
            custom_ran = true;
            let removed = node.removed;
            self.custom_end[level] = Some(self.trail.len() as u32);
            self.counters.removed += removed;
            // (Algorithm M's choice of item finds an item short of its lower bound.)
            if verdict.is_err() || (!self.bounded && links.has_empty_item()) {
                return false;
            }
            if removed == 0 || self.level == Propagation::None {
                self.settled[level] = removed == 0;
                return true;
            }
        }
    }

    /// Whether the option chosen at the parent of a node at `chosen.len()` was the only one
    /// of its item, at a parent settled as this node's rules need (`probe`: probing too).
    /// Such a choice takes out only options that forcing had already taken out (every
    /// option that shares an item with it, or gives one of its colored items another
    /// color), so the node's available options are exactly its parent's. With Algorithm M,
    /// whether the parent's level had one branch (its branching degree): an option its
    /// propagator had found forced, or a null move that takes nothing out; the propagator
    /// is trusted to have seen that branch coming, as it is with an item's only option.
    fn forced_move(&self, links: &Links, chosen: &[u32], degrees: &[u32], probe: bool) -> bool {
        let parent = chosen.len() - 1;
        let single = if self.bounded {
            degrees[parent] == 1
        } else {
            links.len(links.item_of(chosen[parent] as usize)) == 1
        };
        self.settled[parent] && (self.probed[parent] || !probe) && single
    }
}
