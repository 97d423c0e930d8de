//! The tree of bounds' subtree of one item ([`bounded`](super::bounded)): a level whose item
//! is the only active one with live options roots a subtree that is all that item's, whose
//! nodes are the sets of the item's options that the level's choices leave compatible. A
//! count that needs no solution's options walks it by itself, on one word: the level's live
//! options numbered in order (or, under a compact root, in the root's numbering), and what
//! each of the item's options rules out as a word of that numbering.

use super::bounded::Bounds;
use super::{at, at_mut, span, Bits};

impl Bits {
    /// The most nodes, and solutions, below `level` when its item `item`, with `branches`
    /// branches, is the only active one with options: each node below is a set of the
    /// item's live options, chosen in increasing order, or such a set and the null move.
    /// `None` when the level has more live options than a word holds, which
    /// [`count_bounded_subtree`](Self::count_bounded_subtree) needs.
    pub(super) fn subtree_bound(&self, level: usize, item: u32, branches: u32) -> Option<u64> {
        let live = match self.compact.holds(level) {
            true => 0,
            false => at(&self.compact.options, level),
        };
        (live <= 64).then_some(subtree_bound_of(branches + self.needed(level, item) - 1))
    }

    /// Counts the subtree of `level`, whose item is the only active one with live options
    /// (see [`scan_bounded`](Self::scan_bounded)) and which has at most 64 live options
    /// ([`subtree_bound`](Self::subtree_bound)), as the loop would walk it: its nodes below
    /// the level, added to `profile` (from `level + 1`), its solutions, and the updates of
    /// every cover tried in it. Leaves the level done.
    ///
    /// The other active items have no options, and need none, and no live option has a
    /// primary item but this one (the options of an item that is not active are out), so
    /// a node below is the level's live set less what the options chosen since rule out,
    /// with the item's number of options taken, and which of its branches leads where
    /// follows from the cover ([`cover_bounded`](Self::cover_bounded)): an option that
    /// fills the item ends the item, a leaf; one that does not leaves a node when the item
    /// keeps as many live options as it needs, a leaf when none; the null move, where the
    /// item needs none, is a leaf. The level's live options are numbered in order, so that
    /// a node's live set is one word, and so is what each of the item's options rules out.
    #[inline(always)]
    pub(super) fn count_bounded_subtree(
        &mut self,
        level: usize,
        profile: &mut [u64],
    ) -> (u64, u64) {
        let (all, mine) = match self.compact.holds(level) {
            true => self.number_compact_subtree(level),
            false => self.number_subtree(level),
        };
        self.walk_bounded_subtree(level, (all, mine), profile)
    }

    /// Numbers the live options of `level` for
    /// [`count_bounded_subtree`](Self::count_bounded_subtree), writes what each of the
    /// item's options rules out in that numbering, and returns the live set and the item's
    /// options in it.
    #[inline(always)]
    fn number_subtree(&mut self, level: usize) -> (u64, u64) {
        let Bits {
            words,
            masks,
            kill_start,
            kills,
            live,
            nonzero,
            nonzero_len,
            item,
            bounds,
            ..
        } = self;
        let words = *words;
        let bounds = bounds.as_deref_mut().expect("bounds");
        let rows = bounds.has_rows(words);
        let item = at(item, level) as usize;
        let len = at(nonzero_len, level) as usize;
        let places = span(nonzero, level * words, len);
        let now = span(live, level * words, len);
        // The item's options, by their numbers among the level's live options, and what
        // each rules out besides the item's options: the option's masks of secondary items
        // and colors (the others of its primary items, if any, are not active, and their
        // options out).
        let Bounds {
            others, subtree, ..
        } = bounds;
        let (mut mine, mut first) = (0u64, 0);
        for (x, &word) in now.iter().enumerate() {
            let w = at(places, x) as usize;
            let mut bits = word & at(masks, item * words + w);
            while bits != 0 {
                let o = 64 * w as u32 + bits.trailing_zeros();
                let k = first + (word & ((1 << (o % 64)) - 1)).count_ones();
                bits &= bits - 1;
                mine |= 1 << k;
                let (from, to) = (
                    at(kill_start, o as usize) as usize,
                    at(kill_start, o as usize + 1) as usize,
                );
                let ruled_out = span(kills, from, to - from);
                let mut gone = 0u64;
                let mut before = 0;
                for (y, &other) in now.iter().enumerate() {
                    let v = at(places, y) as usize;
                    let row = match rows {
                        true => at(others, o as usize * words + v),
                        false => ruled_out
                            .iter()
                            .filter(|&&m| m as usize != item)
                            .fold(0, |gone, &m| gone | at(masks, m as usize * words + v)),
                    };
                    let mut hit = other & row;
                    while hit != 0 {
                        let bit = hit.trailing_zeros();
                        hit &= hit - 1;
                        gone |= 1 << (before + (other & ((1 << bit) - 1)).count_ones());
                    }
                    before += other.count_ones();
                }
                *at_mut(subtree, k as usize) = gone;
            }
            first += word.count_ones();
        }
        let all = match first {
            64 => !0,
            _ => (1u64 << first) - 1,
        };
        (all, mine)
    }

    /// Walks the subtree of `level` for [`count_bounded_subtree`](Self::count_bounded_subtree),
    /// from its live set `all` and its item's options `mine`, in a numbering where
    /// `Bounds::subtree` has what each of those rules out.
    #[inline(always)]
    fn walk_bounded_subtree(
        &mut self,
        level: usize,
        (all, mine): (u64, u64),
        profile: &mut [u64],
    ) -> (u64, u64) {
        let p = self.primaries;
        let item = at(&self.item, level) as usize;
        let bounds = self.bounds.as_deref_mut().expect("bounds");
        let taken = at(&bounds.state, (2 * level + 1) * p + item);
        let item_bounds = (taken, at(&bounds.lower, item), at(&bounds.upper, item));
        let (nodes, solutions, updates) = walk_subtree(
            &bounds.subtree,
            &mut bounds.cursor,
            item_bounds,
            (all, mine),
            profile,
        );
        self.updates += updates;
        (nodes, solutions)
    }
}

/// The most nodes, and solutions, below a level whose item, the only active one with
/// options, has `options` live options ([`Bits::subtree_bound`]).
#[inline(always)]
pub(super) fn subtree_bound_of(options: u32) -> u64 {
    match options < 63 {
        true => 2 << options,
        false => u64::MAX,
    }
}

/// Walks the subtree of one item ([`Bits::count_bounded_subtree`]): from its root's live set
/// `all` and the item's options `mine` in it, in a numbering where `rules[k]` is what the
/// item's option `k` rules out, with `cursor` a record for each level below, and the options
/// the item has taken and its bounds `(taken, lower, upper)`. Adds the nodes below the root
/// to `profile`, from its first level down; the nodes, the solutions and the updates.
#[inline(always)]
pub(super) fn walk_subtree(
    rules: &[u64],
    cursor: &mut [(u64, u64)],
    (taken, lower, upper): (u32, u32, u32),
    (all, mine): (u64, u64),
    profile: &mut [u64],
) -> (u64, u64, u64) {
    let (mut nodes, mut solutions, mut updates) = (0, 0, 0u64);
    *at_mut(cursor, 0) = (all, mine);
    let mut d = 0;
    loop {
        let (set, rest) = at(cursor, d);
        if rest == 0 {
            // The null move, when the item needs no more: it takes out the item's options
            // and ends the item.
            if lower <= taken + d as u32 {
                updates += u64::from((set & mine).count_ones());
                profile[d] += 1;
                nodes += 1;
                solutions += 1;
            }
            if d == 0 {
                break;
            }
            d -= 1;
            continue;
        }
        let k = rest.trailing_zeros();
        at_mut(cursor, d).1 = rest & (rest - 1);
        let chosen = taken + d as u32 + 1;
        let rules_out = at(rules, k as usize);
        if chosen == upper {
            // The option fills the item: the item's options go, and the node is a
            // solution.
            updates += u64::from((set & (mine | rules_out)).count_ones());
            profile[d] += 1;
            nodes += 1;
            solutions += 1;
            continue;
        }
        // The item's options up to the option's, and what the option rules out.
        let gone = mine & (2u64 << k).wrapping_sub(1) | rules_out;
        updates += u64::from((set & gone).count_ones());
        let kept = set & !gone;
        let left = (kept & mine).count_ones();
        if left < lower.saturating_sub(chosen) {
            // The cover fails: no node.
            continue;
        }
        profile[d] += 1;
        nodes += 1;
        if left == 0 {
            solutions += 1;
            continue;
        }
        d += 1;
        *at_mut(cursor, d) = (kept, kept & mine);
    }
    (nodes, solutions, updates)
}
