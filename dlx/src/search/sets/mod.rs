//! The loop of the tree that the sparse sets and the bit sets both walk: at each node the
//! table names a solution, a dead end or the first option to try; an option's cover may fail
//! without a node; leaving an option gives the next one. The tables differ in how they do
//! each step (see [`sparse`] and [`bits`]), and each gets its own
//! copy of the loop, compiled for it. So do the replay of a prefix, the nodes of a prefix
//! given as options, the split of the work left and the unwinding, which
//! [`on_set_table`] runs on whichever table a search holds. A table may take the loop's
//! steps below a node by itself, where its levels are all of one kind
//! ([`SetTable::walk`]): the bit sets do under a compact root of their tree of bounds.

pub(crate) mod bits;
pub(crate) mod sparse;

use super::{Event, Resume, Search};
use crate::error::PrefixError;
use crate::problem::{OptionId, Problem};

/// `Some(search.method::<Table, COLORS>(&mut table, args))` on the set table `search` holds
/// (taken out of it meanwhile, with the search's colors), or `None` when it walks the links.
macro_rules! on_set_table {
    ($search:expr, $method:ident($($arg:expr),* $(,)?)) => {{
        let search: &mut Search = $search;
        let mut table = search.table.take();
        let result = match &mut table {
            $crate::search::TreeTable::Links => None,
            $crate::search::TreeTable::Sparse(table) if search.colors => Some(
                search.$method::<$crate::search::sets::sparse::Sparse, true>(table, $($arg),*),
            ),
            $crate::search::TreeTable::Sparse(table) => Some(
                search.$method::<$crate::search::sets::sparse::Sparse, false>(table, $($arg),*),
            ),
            // The bit sets' colors are in their masks.
            $crate::search::TreeTable::Bits(table) => Some(
                search.$method::<$crate::search::sets::bits::Bits, false>(table, $($arg),*),
            ),
        };
        search.table = table;
        result
    }};
}
pub(in crate::search) use on_set_table;

/// What a node of the tree does.
pub(in crate::search) enum Branch {
    /// No primary item is left to cover.
    Solution,
    /// An item has no option: the node has no branch.
    DeadEnd,
    /// The level is applied, and this is its first option.
    First(u32),
    /// As [`First`](Branch::First), and the level's subtree is simple enough for the table
    /// to count by itself, with at most `bound` nodes and solutions below the level (on
    /// the bit sets, its item is the last to cover, so that each of its `bound` branches is
    /// a solution; in their tree of bounds, the last with options): a count that needs no
    /// solution's options may take it all at once ([`SetTable::count_leaves`]), without a
    /// round of the loop for each node.
    Leaves { bound: u64, first: u32 },
}

/// The loop's records and limits, for a table that takes its steps by itself
/// ([`SetTable::walk`]).
pub(in crate::search) struct Walk<'a> {
    /// The node tried at each level.
    pub(in crate::search) choice: &'a mut [u32],
    pub(in crate::search) nodes: &'a mut u64,
    /// The nodes at each level.
    pub(in crate::search) profile: &'a mut [u64],
    /// The solutions to count without returning them.
    pub(in crate::search) quiet_solutions: &'a mut u64,
    /// The nodes at which the loop returns a checkpoint.
    pub(in crate::search) checkpoint_at: u64,
    /// The options above a level at which the loop returns a prefix.
    pub(in crate::search) cutoff: usize,
    /// The level that the search's subtree starts at.
    pub(in crate::search) base: usize,
}

/// Where a table's own steps ([`SetTable::walk`]) leave the loop.
pub(in crate::search) enum Walked {
    /// At `level`, which a cover has just reached: the loop enters it.
    Enter(usize),
    /// At `level`, all of whose options are tried: the loop leaves it.
    Leave(usize),
}

/// A table that walks the sets' tree.
pub(in crate::search) trait SetTable {
    /// Whether no primary item is left to cover at the level about to be entered.
    fn solved(&self) -> bool;

    /// Enters `level`: what its node does.
    fn branch(&mut self, level: usize) -> Branch;

    /// After [`Branch::Leaves`] at `level`: counts the updates of the covers of its
    /// subtree, as if each node were entered in turn, adds the subtree's nodes below the
    /// level to `profile` (the profile's levels from `level + 1`), and leaves the level
    /// done; the nodes and solutions counted. A table that never branches so has nothing
    /// to count.
    #[inline(always)]
    fn count_leaves(&mut self, _level: usize, _profile: &mut [u64]) -> (u64, u64) {
        (0, 0)
    }

    /// Takes the loop's steps from `level`, a node just entered whose option `node` is to
    /// be tried, by itself, as the loop would take them, where the table has a walk of its
    /// own for the level; `None` where it has not, and the loop takes them. It stops before
    /// a node that the loop must see (a checkpoint, a solution to return, a level at the
    /// cutoff), or when it has tried every option of the shallowest level it walks.
    #[inline(always)]
    fn walk(&mut self, _level: usize, _node: u32, _walk: Walk<'_>) -> Option<Walked> {
        None
    }

    /// Leaves option `node` at `level` (tried, or given up after its cover failed): the
    /// level's next option, or `None` when the level is done.
    fn next_option(&mut self, level: usize, node: u32) -> Option<u32>;

    /// Takes option `node` at `level`; false when the cover fails (no node below).
    fn cover<const COLORS: bool>(&mut self, level: usize, node: u32) -> bool;

    /// Applies `level` as the search would take `node` there, saving nothing (for a replay):
    /// `None` when `node` is not an option the level would try, else whether its cover
    /// succeeds and that cover's updates (the level's own, which a search counts once for
    /// all its options, left out).
    fn apply<const COLORS: bool>(&mut self, level: usize, node: u32) -> Option<(bool, u64)>;

    /// The node of `option` at `level`, the levels above applied, and whether it is the
    /// option's (not a null move, which names none and leaves the option to the levels
    /// below): an error naming the level's item when the level would not try it, or when no
    /// level is left.
    fn node_of(
        &self,
        problem: &Problem,
        level: usize,
        option: OptionId,
    ) -> Result<(u32, bool), PrefixError>;

    /// How many of the nodes `nodes` are options (not null moves).
    fn options_among(&self, nodes: &[u32]) -> usize {
        nodes.len()
    }

    /// The options of `level` that the search tries after `node`.
    fn untried(&self, level: usize, node: u32) -> Vec<u32>;

    /// Puts the table back as it started, with no level applied (its updates unchanged).
    fn reset(&mut self);

    /// The updates so far, as this tree counts them.
    fn updates(&self) -> u64;

    fn set_updates(&mut self, updates: u64);
}

/// Marks the path that calls it as the less likely, so that the loop is laid out for the
/// others.
#[cold]
#[inline(never)]
fn rarer() {}

impl Search {
    /// Runs the search on `table` until the next solution, checkpoint, prefix, or the end.
    #[inline(always)]
    pub(in crate::search) fn run_sets<T: SetTable, const COLORS: bool>(
        &mut self,
        table: &mut T,
    ) -> Event {
        let null_moves = self.has_null_moves();
        let Search {
            level: saved_level,
            choice,
            resume,
            base,
            cutoff,
            nodes,
            profile,
            checkpoint_at,
            quiet_solutions,
            ..
        } = self;
        let base = *base;
        let mut level = *saved_level;
        let mut enter = match *resume {
            Resume::EnterLevel => true,
            Resume::LeaveLevel => false,
            Resume::Finished => return Event::Done,
        };
        loop {
            // The option to try at `level`, if any.
            let mut next = None;
            if enter {
                if *nodes >= *checkpoint_at {
                    *saved_level = level;
                    *resume = Resume::EnterLevel;
                    return Event::Checkpoint;
                }
                // A level below a lowered cutoff is a prefix too (Algorithms X and C only:
                // with Algorithm M a solution may go on deeper, and a level past the cutoff
                // below one is still explored).
                if level >= *cutoff && !table.solved() && {
                    let among = table.options_among(&choice[..level]);
                    among == *cutoff || (among > *cutoff && !null_moves)
                } {
                    *saved_level = level;
                    *resume = Resume::LeaveLevel;
                    return Event::Prefix;
                }
                *nodes += 1;
                profile[level] += 1;
                match table.branch(level) {
                    Branch::Solution if *quiet_solutions > 0 => {
                        *quiet_solutions -= 1;
                    }
                    Branch::Solution => {
                        *saved_level = level;
                        *resume = Resume::LeaveLevel;
                        return Event::Solution;
                    }
                    Branch::DeadEnd => {}
                    Branch::First(node) => next = Some(node),
                    Branch::Leaves { bound, first } => {
                        rarer();
                        if bound <= (*quiet_solutions).min(*checkpoint_at - *nodes) {
                            let (below, solutions) =
                                table.count_leaves(level, &mut profile[level + 1..]);
                            *nodes += below;
                            *quiet_solutions -= solutions;
                        } else {
                            next = Some(first);
                        }
                    }
                }
                if let Some(node) = next {
                    let walk = Walk {
                        choice,
                        nodes,
                        profile,
                        quiet_solutions,
                        checkpoint_at: *checkpoint_at,
                        cutoff: *cutoff,
                        base,
                    };
                    match table.walk(level, node, walk) {
                        None => {}
                        Some(Walked::Enter(deeper)) => {
                            level = deeper;
                            continue;
                        }
                        Some(Walked::Leave(done)) => {
                            level = done;
                            next = None;
                        }
                    }
                }
            }
            // Try options until one covers, leaving the levels that have none left.
            loop {
                while next.is_none() {
                    if level == base {
                        *resume = Resume::Finished;
                        *saved_level = base;
                        return Event::Done;
                    }
                    level -= 1;
                    next = table.next_option(level, choice[level]);
                }
                let node = next.expect("an option to try");
                choice[level] = node;
                if table.cover::<COLORS>(level, node) {
                    break;
                }
                next = table.next_option(level, node);
            }
            level += 1;
            enter = true;
        }
    }

    /// [`enter_prefix`](Search::enter_prefix) on a set table.
    pub(in crate::search) fn enter_sets_prefix<T: SetTable, const COLORS: bool>(
        &mut self,
        table: &mut T,
        prefix: &[u32],
        count_last: bool,
    ) {
        let updates = table.updates();
        let mut counted = 0;
        for (level, &node) in prefix.iter().enumerate() {
            self.choice[level] = node;
            let applied = table.apply::<COLORS>(level, node);
            debug_assert!(
                applied.is_some(),
                "{prefix:?} is not a branch at level {level}"
            );
            let (covered, option_updates) = applied.unwrap_or((false, 0));
            if count_last && level + 1 == prefix.len() {
                counted = option_updates;
            }
            if !covered {
                // The branch fails at its cover, as it did in the search that gave it: its
                // subtree has no node.
                table.set_updates(updates + counted);
                self.level = level;
                self.base = level;
                self.resume = Resume::Finished;
                return;
            }
        }
        table.set_updates(updates + counted);
        self.level = prefix.len();
        self.base = prefix.len();
        self.resume = Resume::EnterLevel;
    }

    /// [`nodes_of`](Search::nodes_of) on a set table.
    pub(in crate::search) fn sets_nodes_of<T: SetTable, const COLORS: bool>(
        &mut self,
        table: &mut T,
        problem: &Problem,
        options: &[OptionId],
    ) -> Result<Vec<u32>, PrefixError> {
        let updates = table.updates();
        let mut result = Ok(());
        let mut level = 0;
        let mut given = 0;
        while let Some(&option) = options.get(given) {
            if option.index() >= problem.option_count() {
                result = Err(PrefixError::NoSuchOption(option.index()));
                break;
            }
            match table.node_of(problem, level, option) {
                Ok((node, is_option)) => {
                    self.choice[level] = node;
                    // A cover that fails leaves an item without options, which the next
                    // level branches on and no option can be the choice at.
                    table.apply::<COLORS>(level, node);
                    level += 1;
                    given += usize::from(is_option);
                }
                Err(mut error) => {
                    // The level an error names is the option's place in `options`, as for
                    // Algorithm M's links (null moves take levels of their own).
                    if let PrefixError::NotAChoice { level, .. } | PrefixError::TooLong { level } =
                        &mut error
                    {
                        *level = given;
                    }
                    result = Err(error);
                    break;
                }
            }
        }
        let nodes = self.choice[..level].to_vec();
        self.unwind_sets::<T, COLORS>(table);
        table.set_updates(updates);
        result.map(|()| nodes)
    }

    /// [`split`](Search::split) on a set table: the untried options of the shallowest
    /// level of this search's own subtree that has some.
    pub(in crate::search) fn split_sets<T: SetTable, const COLORS: bool>(
        &mut self,
        table: &mut T,
    ) -> Vec<Vec<u32>> {
        for level in self.base..self.level {
            let untried = table.untried(level, self.choice[level]);
            if untried.is_empty() {
                continue;
            }
            self.base = level + 1;
            return untried
                .into_iter()
                .map(|node| [&self.choice[..level], &[node]].concat())
                .collect();
        }
        Vec::new()
    }

    /// [`unwind`](Search::unwind) on a set table.
    pub(in crate::search) fn unwind_sets<T: SetTable, const COLORS: bool>(
        &mut self,
        table: &mut T,
    ) {
        table.reset();
        self.level = 0;
        self.base = 0;
        self.resume = Resume::EnterLevel;
    }
}
