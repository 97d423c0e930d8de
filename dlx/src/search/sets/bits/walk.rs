//! The levels under a compact root in the tree of bounds, walked by the table itself
//! ([`SetTable::walk`](super::super::SetTable::walk)): the loop's steps, node for node,
//! with the same nodes, updates, profile and solutions, on the records of those levels held
//! apart from the rest of the table ([`CompactCover`]) and with each option by its number
//! in the compact root. The loop enters a level through the table, which names each option
//! and answers for every kind of level and table; under a compact root of the tree of
//! bounds every level is of one kind, and a node costs what its cover and scan cost.
//!
//! The walk starts at a node that the loop has entered, with the option to try there, and
//! stops where the loop must take over: before a node at a checkpoint, before a solution
//! that the loop returns, before a level at the cutoff (which the loop checks), and after
//! the last branch of the shallowest level it walks (the compact root, or the search's
//! base below it). What each option of that level rules out is written before the walk, so
//! that it reads what it needs. It walks tables whose primary items take one word, so that a
//! level's active items are one word too; the others take the loop's steps.

use super::bounded::{Bounds, CompactCover, NULL_MOVE};
use super::compact::Compact;
use super::subtree::{subtree_bound_of, walk_subtree};
use super::{at, at_mut, Bits, Next};
use crate::search::sets::{Walk, Walked};

/// What the walk reads and writes besides the records of a cover.
pub(super) struct WalkRecords<'a> {
    /// The item each level branches on.
    items: &'a mut [u32],
    /// What each option rules out, by number ([`Compact::rules`]).
    rules: &'a [u64],
    option_of: &'a [u32],
    rank: &'a [u8],
    /// [`Bounds::cursor`].
    cursor: &'a mut [(u64, u64)],
}

impl Bits {
    /// The records of the levels under a compact root, apart: a cover's, and the rest of
    /// what a walk reads and writes.
    #[inline(always)]
    pub(super) fn compact_records(&mut self) -> (CompactCover<'_>, WalkRecords<'_>) {
        let bounds = self.bounds.as_deref_mut().expect("bounds");
        let Bounds {
            lower,
            upper,
            state,
            primary_start,
            primary_items,
            cursor,
            ..
        } = bounds;
        let Compact {
            live,
            masks,
            option_of,
            rank,
            rules,
            ..
        } = &mut self.compact;
        let cover = CompactCover {
            primaries: self.primaries,
            item_words: self.item_words,
            live,
            uncovered: &mut self.uncovered,
            state,
            masks,
            lower,
            upper,
            primary_start,
            primary_items,
        };
        let rest = WalkRecords {
            items: &mut self.item,
            rules,
            option_of,
            rank,
            cursor,
        };
        (cover, rest)
    }

    /// The loop's steps from `level`, under a compact root of the tree of bounds, where
    /// the loop has entered a node whose option `node` is to be tried (see the module's
    /// docs). Inlined into the loop, which is built for the CPU's popcount.
    #[inline(always)]
    pub(super) fn walk_bounded_compact(
        &mut self,
        mut level: usize,
        node: u32,
        walk: Walk<'_>,
    ) -> Walked {
        let Walk {
            choice,
            nodes: loop_nodes,
            profile,
            quiet_solutions: loop_quiet,
            checkpoint_at,
            cutoff,
            base,
        } = walk;
        let (top, p) = (self.compact.from.max(base), self.primaries);
        let mut unwritten = self.compact_live(top) & !self.compact.ready;
        while unwritten != 0 {
            let k = unwritten.trailing_zeros();
            unwritten &= unwritten - 1;
            self.write_compact_rule(k);
        }
        let (mut scanned, mut last);
        // The loop's counters in registers meanwhile.
        let (mut nodes, mut quiet) = (*loop_nodes, *loop_quiet);
        let (mut updates, mut covers) = (0u64, 0u64);
        let (mut cover, walk) = self.compact_records();
        let number = |o: u32| match o {
            NULL_MOVE => NULL_MOVE,
            _ => u32::from(at(walk.rank, o as usize)),
        };
        // The branch of `level` after the one numbered `k`: its item's next live option,
        // then the null move when the item needs no more.
        let after = |cover: &CompactCover, items: &[u32], level: usize, k: u32| {
            if k == NULL_MOVE {
                return None;
            }
            let item = at(items, level) as usize;
            let options = at(cover.live, level) & at(cover.masks, item);
            let rest = options & !(2u64 << k).wrapping_sub(1);
            match rest {
                0 => (cover.needed(level, item) == 0).then_some(NULL_MOVE),
                _ => Some(rest.trailing_zeros()),
            }
        };
        let mut k = number(node);
        let walked = 'walk: loop {
            // Tries `k` at `level`, then the level's next branches, until a cover succeeds;
            // leaves the levels with none left, up to the top.
            loop {
                let o = match k {
                    NULL_MOVE => NULL_MOVE,
                    _ => at(walk.option_of, k as usize),
                };
                *at_mut(choice, level) = o;
                let rule = match k {
                    NULL_MOVE => 0,
                    _ => at(walk.rules, k as usize),
                };
                covers += 1;
                let item = at(walk.items, level) as usize;
                let (found, found_last, removed) = cover.cover::<true>(level, item, (o, k, rule));
                updates += u64::from(removed);
                last = found_last;
                match found {
                    Ok(next) => {
                        scanned = next;
                        break;
                    }
                    Err(item) => scanned = Next::Item(item, 0),
                }
                loop {
                    if let Some(next) = after(&cover, walk.items, level, k) {
                        k = next;
                        break;
                    }
                    if level == top {
                        break 'walk Walked::Leave(level);
                    }
                    level -= 1;
                    k = number(at(choice, level));
                }
            }
            level += 1;
            if nodes >= checkpoint_at
                || level >= cutoff
                || (scanned == Next::Solution && quiet == 0)
            {
                break Walked::Enter(level);
            }
            nodes += 1;
            profile[level] += 1;
            match scanned {
                Next::Solution => quiet -= 1,
                Next::Item(_, 0) => {}
                Next::Item(item, branches) => {
                    *at_mut(walk.items, level) = item;
                    let live = at(cover.live, level);
                    let mine = live & at(cover.masks, item as usize);
                    let first = mine.trailing_zeros();
                    let options = branches + cover.needed(level, item as usize) - 1;
                    let bound = subtree_bound_of(options);
                    if !last || bound > quiet.min(checkpoint_at - nodes) {
                        k = first;
                        continue;
                    }
                    let i = item as usize;
                    let taken = at(cover.state, (2 * level + 1) * p + i);
                    let item_bounds = (taken, at(cover.lower, i), at(cover.upper, i));
                    let (below, solutions, subtree_updates) = walk_subtree(
                        walk.rules,
                        walk.cursor,
                        item_bounds,
                        (live, mine),
                        &mut profile[level + 1..],
                    );
                    nodes += below;
                    quiet -= solutions;
                    updates += subtree_updates;
                }
            }
            // The level is done: the next branch of the deepest level that has one.
            loop {
                if level == top {
                    break 'walk Walked::Leave(level);
                }
                level -= 1;
                if let Some(next) = after(&cover, walk.items, level, number(at(choice, level))) {
                    k = next;
                    continue 'walk;
                }
            }
        };
        (*loop_nodes, *loop_quiet) = (nodes, quiet);
        self.next = scanned;
        self.last_item = last;
        self.updates += updates;
        self.compact.under += covers;
        walked
    }
}
