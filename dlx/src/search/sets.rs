//! The loop of the tree that the sparse sets and the bit sets both walk: at each node the
//! table names a solution, a dead end or the first option to try; an option's cover may fail
//! without a node; leaving an option gives the next one. The tables differ in how they do
//! each step (see [`sparse`](super::sparse) and [`bits`](super::bits)), and each gets its own
//! copy of the loop, compiled for it.

use super::{Event, Resume, Search};

/// What a node of the tree does.
pub(super) enum Branch {
    /// No primary item is left to cover.
    Solution,
    /// An item has no option: the node has no branch.
    DeadEnd,
    /// The level is applied, and this is its first option.
    First(u32),
}

/// A table that walks the sets' tree.
pub(super) trait SetTable {
    /// Whether no primary item is left to cover at the level about to be entered.
    fn solved(&self) -> bool;

    /// Enters `level`: what its node does.
    fn branch(&mut self, level: usize) -> Branch;

    /// Leaves option `node` at `level` (tried, or given up after its cover failed): the
    /// level's next option, or `None` when the level is done.
    fn next_option(&mut self, level: usize, node: u32) -> Option<u32>;

    /// Takes option `node` at `level`; false when the cover fails (no node below).
    fn cover<const COLORS: bool>(&mut self, level: usize, node: u32) -> bool;
}

impl Search {
    /// Runs the search on `table` until the next solution, checkpoint, prefix, or the end.
    #[inline(always)]
    pub(super) fn run_sets<T: SetTable, const COLORS: bool>(&mut self, table: &mut T) -> Event {
        let Search {
            level: saved_level,
            choice,
            resume,
            base,
            cutoff,
            nodes,
            profile,
            checkpoint_at,
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
                if level == *cutoff && !table.solved() {
                    *saved_level = level;
                    *resume = Resume::LeaveLevel;
                    return Event::Prefix;
                }
                *nodes += 1;
                profile[level] += 1;
                match table.branch(level) {
                    Branch::Solution => {
                        *saved_level = level;
                        *resume = Resume::LeaveLevel;
                        return Event::Solution;
                    }
                    Branch::DeadEnd => {}
                    Branch::First(node) => next = Some(node),
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
}
