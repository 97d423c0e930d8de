//! Algorithms X, C and M of TAOCP 7.2.2.1 as an iterative, resumable state machine.
//!
//! The search keeps its own stack (`choice`, Knuth's `x_0 x_1 ...`), so its depth is bounded
//! by memory, not by the call stack, and it can stop anywhere and carry on later: after each
//! solution, and at checkpoints the caller asks for (to look at the clock, report progress,
//! or stop at a node limit). A count lets it count solutions without stopping at them
//! ([`Search::quiet_solutions`]). The rooms:
//!
//! Each search tree has a room of its own, with its table and its loops; this module holds
//! the state they share (`level`, `choice`, `profile`, checkpoints, the prefix a search
//! started from) and the dispatch to the tree a search walks:
//!
//! - [`links`]: Knuth's tree, [`Tree::Links`]: the dancing-links table (`links/mod.rs`, with
//!   its invariant; `dance.rs` X and C's operations, `bounded.rs` M's, `prune.rs` the
//!   propagation's), `xc.rs` the loop of Algorithms X and C, one source for both (with
//!   `COLORS = true` step C5 commits items instead of covering them), and `m.rs` Algorithm M's
//!   loop (multiplicities: primary items covered between `u` and `v` times).
//! - [`sets`]: the set tree, one loop (`sets/mod.rs`) on two tables: `sets/sparse.rs`,
//!   [`Tree::SparseSets`], Algorithms X and C on sparse sets instead of links (`choice` holds
//!   its nodes), and `sets/bits/`, [`Tree::Bitsets`], the same tree on bit sets of options
//!   (`choice` holds option numbers).
//! - [`replay`]: what parallel search and shards need besides the loops, for every tree:
//!   replaying a prefix (a partial solution given as the node chosen at each level),
//!   unwinding, and splitting off the untried branches as prefixes for other searches.
//!
//! The steps are labelled as in the book so they can be checked line by line.
//!
//! Knuth's counts: a *node* is each entry to step X2 (a solution being a node of its own, as
//! in his DLX1), and an *update* is each item taken out of the active list plus each node taken
//! out of a list while an option is hidden. With the same item and option order, these equal
//! the counts his programs report, which shows the search tree is the same.

pub(crate) mod links;
mod replay;
mod sets;
#[cfg(test)]
mod tests;

use crate::engine::{Engine, Tree};
use crate::fallible::try_vec;
use crate::problem::Problem;
use crate::propagate::{Counters, Propagate, Propagation, Propagator};
use links::Links;
use sets::bits::{self, Bits};
use sets::sparse::Sparse;
use sets::SetTable;
use std::sync::Arc;

/// Calls `search.method::<COLORS>(args)` with `COLORS` the search's own (whether its links
/// hold Algorithm C's colors), a constant in each of the two calls.
macro_rules! with_colors {
    ($search:expr, $method:ident($($arg:expr),* $(,)?)) => {
        if $search.colors {
            $search.$method::<true>($($arg),*)
        } else {
            $search.$method::<false>($($arg),*)
        }
    };
}
use with_colors;

/// The tree a search walks, with a set tree's own table.
#[derive(Clone, Debug)]
enum TreeTable {
    /// Knuth's links, in [`Search`]'s `links`.
    Links,
    /// The sparse sets ([`Tree::SparseSets`]).
    Sparse(Box<Sparse>),
    /// The bit sets ([`Tree::Bitsets`]).
    Bits(Box<Bits>),
}

#[cfg(test)]
impl Search {
    /// The bit sets' table, where the search walks them.
    fn bits_mut(&mut self) -> Option<&mut Bits> {
        match &mut self.table {
            TreeTable::Bits(table) => Some(table),
            _ => None,
        }
    }

    /// [`bits_mut`](Self::bits_mut) to read.
    fn bits_ref(&self) -> Option<&Bits> {
        match &self.table {
            TreeTable::Bits(table) => Some(table),
            _ => None,
        }
    }
}

impl TreeTable {
    /// The set tree's table, taken out of the search while its loop runs (the loop borrows the
    /// search too), [`TreeTable::Links`] left meanwhile; the loop puts it back.
    fn take(&mut self) -> TreeTable {
        std::mem::replace(self, TreeTable::Links)
    }
}

/// Why [`Search::run`] returned.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// `choice[..level]` is a solution; the next run backtracks from it.
    Solution,
    /// The node count reached the checkpoint; the next run carries on where this one stopped.
    Checkpoint,
    /// The search reached its cutoff level: `choice[..level]` is a prefix (a partial solution
    /// at that depth, not a solution); the next run backtracks from it without exploring it.
    Prefix,
    /// The whole tree has been explored (for a search started from a prefix, the prefix's
    /// subtree).
    Done,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Resume {
    /// At step X2, about to enter `level`.
    EnterLevel,
    /// Just after visiting a solution: continue at step X8.
    LeaveLevel,
    /// Nothing left to explore.
    Finished,
}

/// One depth-first search over one copy of the links.
#[derive(Clone, Debug)]
pub(crate) struct Search {
    links: Links,
    engine: Engine,
    /// Whether the links are Algorithm C's (colors in `aux`): with Algorithm C, and with
    /// Algorithm M when the problem has colors. Otherwise every walk is Algorithm X's.
    colors: bool,
    /// Knuth's `l`.
    level: usize,
    /// Knuth's `x_0 ... x_{l-1}`: the node chosen at each level.
    choice: Vec<u32>,
    /// Algorithm M: `FT_l`, the first node of the item's list when level `l` began (what
    /// `untweak` restores from), and the level's branching degree, for the progress estimate.
    first_tweak: Vec<u32>,
    degree: Vec<u32>,
    resume: Resume,
    /// Levels below `base` belong to the prefix this search started from (see
    /// [`enter_prefix`](Self::enter_prefix)); the search ends when it would leave `base`.
    base: usize,
    /// Levels with `cutoff` options above them are not explored: reaching one is
    /// [`Event::Prefix`]. (With Algorithms X and C every level above has an option; with
    /// Algorithm M some are null moves, and a prefix always ends with an option, so that
    /// options alone name it: see [`nodes_of`](Self::nodes_of).) With Algorithms X and C it
    /// may be lowered between two runs: a level below it is then a prefix too, deeper than
    /// the cutoff, which the caller passes over.
    pub cutoff: usize,
    /// Search-tree nodes so far.
    pub nodes: u64,
    /// Nodes per level (Knuth's `profile`).
    pub profile: Vec<u64>,
    /// [`run`](Self::run) returns [`Event::Checkpoint`] before the node count passes this.
    pub checkpoint_at: u64,
    /// Solutions the loop may count by itself instead of returning [`Event::Solution`]: a
    /// count needs no solution's options, and leaving and re-entering the loop cost as much
    /// as a node where half the nodes are solutions (Algorithm M on small random problems).
    /// Each such solution lowers this by one (the caller counts what it went down by); 0,
    /// the default, returns every solution.
    pub quiet_solutions: u64,
    /// Propagation at every node, if any (Algorithms X and C only).
    propagate: Option<Box<Propagate>>,
    /// The tree this search walks, with a set tree's own table (then `links` is an empty
    /// table): every choice among the trees is a `match` on it.
    table: TreeTable,
    /// The options taken before level 0 (see [`give`](Self::give)), which every solution
    /// of this search holds.
    given: Vec<u32>,
}

impl Search {
    /// A copy, or `None` when the memory for the table's copy is refused (see
    /// [`Links::try_clone`]).
    pub fn try_clone(&self) -> Option<Search> {
        Some(Search {
            links: self.links.try_clone()?,
            engine: self.engine,
            colors: self.colors,
            level: self.level,
            choice: self.choice.clone(),
            first_tweak: self.first_tweak.clone(),
            degree: self.degree.clone(),
            resume: self.resume,
            base: self.base,
            cutoff: self.cutoff,
            nodes: self.nodes,
            profile: self.profile.clone(),
            checkpoint_at: self.checkpoint_at,
            quiet_solutions: self.quiet_solutions,
            propagate: self.propagate.clone(),
            table: match &self.table {
                TreeTable::Links => TreeTable::Links,
                TreeTable::Sparse(table) => TreeTable::Sparse(Box::new(table.try_clone()?)),
                TreeTable::Bits(table) => TreeTable::Bits(Box::new(table.try_clone()?)),
            },
            given: self.given.clone(),
        })
    }

    /// Step X1 [Initialize], for the given engine (at least `problem.engine()`) and tree, as
    /// [`tree_for`] gives it (sparse sets only for Algorithms X and C; bit sets also for
    /// Algorithm M's bounds of 0:1, which they search as Algorithm C would).
    pub fn new(problem: &Problem, engine: Engine, tree: Tree) -> Search {
        Search::try_new(problem, engine, tree).expect("memory for the search's tables")
    }

    /// [`new`](Self::new), or `None` when the allocator refuses the memory of the links or
    /// the sparse sets, or of the arrays of each level (the bit sets' tables are small by
    /// [`Bits::fits`]).
    pub fn try_new(problem: &Problem, engine: Engine, tree: Tree) -> Option<Search> {
        let engine = engine.max(problem.engine());
        let colors = engine == Engine::C || (engine == Engine::M && problem.has_colors());
        let sparse = tree == Tree::SparseSets && engine != Engine::M;
        let bits = tree == Tree::Bitsets;
        // The bit sets' loop is Algorithm X's or C's: an item of bounds 0:1 is a secondary
        // item to them, and other bounds their table keeps itself.
        let engine = match engine {
            Engine::M if bits && colors => Engine::C,
            Engine::M if bits => Engine::X,
            engine => engine,
        };
        let links = if sparse || bits {
            Links::new(
                &Problem::builder().build().expect("an empty problem"),
                false,
            )
        } else {
            Links::try_of(problem, colors)?
        };
        let depth = if bits {
            Bits::depth(problem)
        } else if engine == Engine::M {
            // A level either chooses an option, which lowers the BOUND of a primary item
            // (at most min(v, options) times each), or makes a null move, which deactivates
            // one; plus the solution's level.
            let n1 = links.primary_count();
            let options: usize = (1..=n1)
                .map(|i| (links.bound(i) as usize).min(links.len(i)))
                .sum();
            options + n1 + 1
        } else {
            // Each level covers at least one primary item, so there are at most N1 + 1 levels
            // (the last one being the solution's).
            problem.primary_count() + 1
        };
        let m_depth = if engine == Engine::M { depth } else { 0 };
        let table = if sparse {
            TreeTable::Sparse(Box::new(Sparse::try_new(problem, colors, depth)?))
        } else if bits {
            TreeTable::Bits(Box::new(Bits::new(problem, colors, depth)))
        } else {
            TreeTable::Links
        };
        Some(Search {
            links,
            engine,
            colors,
            level: 0,
            choice: try_vec(depth, 0)?,
            first_tweak: try_vec(m_depth, 0)?,
            degree: try_vec(m_depth, 0)?,
            resume: Resume::EnterLevel,
            base: 0,
            cutoff: usize::MAX,
            nodes: 0,
            profile: try_vec(depth, 0)?,
            checkpoint_at: u64::MAX,
            quiet_solutions: 0,
            propagate: None,
            table,
            given: Vec::new(),
        })
    }

    /// Propagates at every node with the built-in rules `level` and the `custom`
    /// propagator, for a fresh search of `problem`. Algorithm M runs the propagator alone:
    /// the built-in rules read "every option of a primary item" as "one of them is in the
    /// solution", which an item with a lower bound of 0 or a multiplicity does not promise.
    /// Nothing changes when no rule is left to run.
    pub fn propagate(
        &mut self,
        problem: &Problem,
        level: Propagation,
        custom: Option<Arc<dyn Propagator>>,
    ) {
        debug_assert_eq!(self.level, 0);
        debug_assert!(
            matches!(self.table, TreeTable::Links)
                || (level == Propagation::None && custom.is_none()),
            "the sparse sets and bit sets do not propagate"
        );
        let bounded = self.engine == Engine::M;
        let level = if bounded { Propagation::None } else { level };
        if level == Propagation::None && custom.is_none() {
            return;
        }
        let depth = self.choice.len();
        self.propagate = Some(Box::new(Propagate::new(
            problem,
            &self.links,
            depth,
            level,
            custom,
            bounded,
        )));
    }

    /// What propagation did so far.
    pub fn propagation_counters(&self) -> Counters {
        self.propagate
            .as_ref()
            .map_or_else(Counters::default, |propagate| propagate.counters)
    }

    /// Sets what propagation did back (a replay counts none of its own).
    pub fn set_propagation_counters(&mut self, counters: Counters) {
        if let Some(propagate) = self.propagate.as_mut() {
            propagate.counters = counters;
        }
    }

    /// Propagation when `level` is entered in a replay (its node is not counted), as the
    /// search did there; false if it proves the level has no solution.
    fn propagate_entering(&mut self, level: usize) -> bool {
        let Some(propagate) = self.propagate.as_mut() else {
            return true;
        };
        propagate.enter(level);
        let degrees = if self.engine == Engine::M {
            &self.degree[..level]
        } else {
            &[]
        };
        self.links.all_covered() || propagate.run(&mut self.links, &self.choice[..level], degrees)
    }

    /// Notes that `level` starts with nothing removed by its own propagation yet (so that
    /// leaving it puts back nothing of the levels above).
    fn propagate_mark(&mut self, level: usize) {
        if let Some(propagate) = self.propagate.as_mut() {
            propagate.enter(level);
        }
    }

    /// Puts back what propagation removed since `level` was entered.
    fn propagate_leaving(&mut self, level: usize) {
        if let Some(propagate) = self.propagate.as_mut() {
            propagate.leave(&mut self.links, level);
        }
    }

    /// The tree this search walks.
    pub fn tree(&self) -> Tree {
        match self.table {
            TreeTable::Links => Tree::Links,
            TreeTable::Sparse(_) => Tree::SparseSets,
            TreeTable::Bits(_) => Tree::Bitsets,
        }
    }

    /// Knuth's updates so far.
    pub fn updates(&self) -> u64 {
        match &self.table {
            TreeTable::Links => self.links.updates(),
            TreeTable::Sparse(table) => table.updates(),
            TreeTable::Bits(table) => table.updates(),
        }
    }

    /// Whether a level may take no option (Algorithm M's null moves), so that levels and
    /// options do not go one to one.
    pub fn has_null_moves(&self) -> bool {
        self.engine == Engine::M
            || matches!(&self.table, TreeTable::Bits(bits) if bits.has_bounds())
    }

    /// The current level: at a solution, the number of options in it.
    pub fn level(&self) -> usize {
        self.level
    }

    /// The options of the current partial solution, in level order (at a solution, the
    /// solution); Algorithm M's null moves are left out.
    pub fn options(&self) -> impl Iterator<Item = u32> + '_ {
        self.choice[..self.level]
            .iter()
            .filter_map(|&x| match &self.table {
                TreeTable::Sparse(table) => Some(table.option_of(x)),
                TreeTable::Bits(_) => (x != bits::NULL_MOVE).then_some(x),
                TreeTable::Links if self.links.is_header(x as usize) => None,
                TreeTable::Links => Some(self.links.option_of(x as usize)),
            })
    }

    /// The options of the current solution: the [`given`](Self::give) ones, then
    /// [`options`](Self::options).
    pub fn solution(&self) -> impl Iterator<Item = u32> + '_ {
        self.given.iter().copied().chain(self.options())
    }

    /// The deepest level with a node.
    pub fn max_level(&self) -> usize {
        self.profile.iter().rposition(|&n| n > 0).unwrap_or(0)
    }

    /// Knuth's estimate of the fraction of the tree explored, assuming a uniform branching
    /// structure: if the first choice is `k` of `d`, the estimate is `(k - 1) / d` plus `1 / d`
    /// times the estimate for the `k`-th subtree, and `1/2` for a single node. It only grows.
    pub fn estimate(&self) -> f64 {
        self.estimate_from(self.base)
    }

    /// The estimate for the subtree below level `from` (the whole tree for 0).
    pub fn estimate_from(&self, from: usize) -> f64 {
        if self.resume == Resume::Finished {
            return 1.0;
        }
        let mut done = 0.0;
        let mut scale = 1.0;
        for level in from..self.level {
            let (k, d) = self.position(level);
            scale *= d as f64;
            done += (k - 1) as f64 / scale;
        }
        (done + 0.5 / scale).min(1.0)
    }

    /// The choice at `level` as Knuth's "`k` of `d`": its place among the level's branches,
    /// from 1, and their number.
    pub fn position(&self, level: usize) -> (u32, u32) {
        match &self.table {
            TreeTable::Sparse(table) => return table.position(self.choice[level]),
            TreeTable::Bits(_) => return self.bits_position(level),
            TreeTable::Links => {}
        }
        let x = self.choice[level] as usize;
        let (start, d) = if self.engine == Engine::M {
            (self.first_tweak[level] as usize, self.degree[level])
        } else {
            let item = self.links.item_of(x);
            (self.links.down(item), self.links.len(item) as u32)
        };
        // Count the nodes from the level's first one to x (a tweaked node still points to its
        // successor, and the list ends at the header).
        let mut k = 1;
        let mut p = start;
        while p != x && !self.links.is_header(p) {
            k += 1;
            p = self.links.down(p);
        }
        (k, d.max(k))
    }

    /// What this search has counted so far, as [`Stats`](crate::Stats) to add up: nodes,
    /// updates, profile, and propagation's counters.
    pub fn counts(&self) -> crate::Stats {
        let propagation = self.propagation_counters();
        crate::Stats {
            nodes: self.nodes,
            updates: self.updates(),
            profile: self.profile.clone(),
            rounds: propagation.rounds,
            removed: propagation.removed,
            probes: propagation.probes,
            ..crate::Stats::default()
        }
    }

    /// The first level of this search's own subtree (0 unless it started from a prefix or
    /// gave work away).
    pub fn base(&self) -> usize {
        self.base
    }

    /// The current partial solution as nodes, one per level.
    pub fn prefix(&self) -> &[u32] {
        &self.choice[..self.level]
    }

    /// Algorithm M's branching degree at each level of [`prefix`](Self::prefix), for
    /// [`enter_prefix`](Self::enter_prefix) (empty for Algorithms X and C, whose degrees are
    /// their items' lengths, read from the links).
    pub fn degrees(&self) -> &[u32] {
        if self.engine == Engine::M {
            &self.degree[..self.level]
        } else {
            &[]
        }
    }

    /// Runs until the next solution, checkpoint, or the end of the search.
    pub fn run(&mut self) -> Event {
        match self.table {
            TreeTable::Sparse(_) => return with_colors!(self, run_sparse()),
            TreeTable::Bits(_) => return self.run_bits(),
            TreeTable::Links => {}
        }
        if self.propagate.is_some() {
            return match self.engine {
                Engine::M if self.colors => self.run_bounded::<true, true>(),
                Engine::M => self.run_bounded::<false, true>(),
                Engine::X | Engine::C => with_colors!(self, run_propagating()),
            };
        }
        if self.engine == Engine::M {
            return if self.colors {
                self.run_m_colored()
            } else {
                self.run_m()
            };
        }
        match self.engine {
            Engine::X | Engine::C if self.links.watches_empty() => {
                with_colors!(self, run_watched())
            }
            Engine::X => self.run_x(),
            _ => self.run_c(),
        }
    }
}

/// The tree a search of `problem` with `engine`, propagation (or not) and given options (or
/// not) walks when `tree` is asked for: the sparse sets and bit sets only without
/// propagation; the sparse sets for Algorithms X and C, on a table whose item bases fit their
/// nodes' `i32` (more than two billion entries do not); the bit sets for every algorithm, on
/// a table that [`Bits::fits`] (or else the sparse sets, whose tree is the same, where they
/// can, and the links with bounds). Given options take the bit sets for either set tree (the
/// same tree), where they fit; else the links. [`Tree::Auto`] takes the bit sets where they
/// fit, else the links.
pub(crate) fn tree_for(
    problem: &Problem,
    engine: Engine,
    tree: Tree,
    propagates: bool,
    given: bool,
) -> Tree {
    let set_len = problem.entry_count() as u64 + 2 * problem.item_count() as u64;
    let bounded = engine.max(problem.engine()) == Engine::M;
    let sparse = if bounded || set_len > i32::MAX as u64 {
        Tree::Links
    } else {
        Tree::SparseSets
    };
    let bits_fit = || Bits::fits(problem, Bits::depth(problem));
    match tree {
        _ if propagates => Tree::Links,
        Tree::Links => Tree::Links,
        _ if given && !bits_fit() => Tree::Links,
        _ if given => Tree::Bitsets,
        Tree::SparseSets => sparse,
        Tree::Bitsets if !bits_fit() => sparse,
        Tree::Bitsets => Tree::Bitsets,
        Tree::Auto if !bits_fit() => Tree::Links,
        Tree::Auto => Tree::Bitsets,
    }
}
