//! Levels on one word: below a level with at most 64 live options, every level's live set is
//! a subset of that level's, so the levels under it number those options in order (the
//! compact root's numbering) and keep their live sets as one word each.
//!
//! The compact root is entered by the cover that writes a level of at most 64 live options
//! below a level of more (or by the root itself): it numbers the level's live options, and
//! writes each primary item's mask in that numbering (a word per item). A level below then
//! counts an item's options by one popcount, and a cover takes out what its option rules
//! out with one word: the option's masks in the numbering, written the first time the
//! option is chosen under this compact root. The tree is the same, node for node: the
//! numbering keeps the options' order, so each level tries its options in the same order,
//! finds the same item and counts the same updates. A cover above the compact root leaves
//! it; the next level of at most 64 options is a root of its own.
//!
//! The sets of the levels above stay as they were, and the compact root's own live words,
//! from which the masks in the numbering are written, are kept with it. A root costs a pass
//! over its options' items and a first cover of each option a pass over its words, which a
//! subtree of a few nodes does not pay back: where the roots so far averaged few covers,
//! only some levels that could be roots are ([`Compact::roots_at`]).

use super::bounded::NULL_MOVE;
use super::{at, at_mut, span, Bits, Next};

/// The most live options of a compact level: one word's.
const MOST: u32 = 64;

/// Under this many covers under each compact root on average, only every [`PROBE`]th
/// level that could be a root is one.
const FEW_NODES: u64 = 16;

/// See [`FEW_NODES`]; also the roots entered before the average counts.
const PROBE: u64 = 32;

/// The compact root and the levels below it (see the module's docs).
#[derive(Clone, Debug)]
pub(super) struct Compact {
    /// The compact root's level, `usize::MAX` when the deepest level is not under one.
    pub(super) from: usize,
    /// A level may be a compact root when it has fewer live options than this: `MOST + 1`,
    /// or 0 where the levels keep counts of more than 64 primary items (a pass over the
    /// counts on vectors is then cheaper than a popcount per open item) and in tests that
    /// walk without compact levels.
    below: u32,
    /// Each slot's number of live options, for the levels above a compact root.
    pub(super) options: Vec<u32>,
    /// Each slot's live set in the numbering, for the levels under a compact root.
    pub(super) live: Vec<u64>,
    /// The root's live options in order: `option_of[k]` is option number `k`.
    pub(super) option_of: Vec<u32>,
    /// `rank[o]` is option `o`'s number, where `option_of` has it.
    pub(super) rank: Vec<u8>,
    /// The root's live words and their places.
    root: Vec<(u32, u64)>,
    /// Each primary item's options in the numbering.
    pub(super) masks: Vec<u64>,
    /// `rules[k]`: what option `k` rules out, in the numbering (its masks, or in the tree of
    /// bounds those of its secondary items and colors), where `ready` has bit `k`.
    pub(super) rules: Vec<u64>,
    pub(super) ready: u64,
    /// The compact roots entered, the covers under them, and the levels that could have
    /// been roots and were not ([`roots_at`](Self::roots_at)).
    entered: u64,
    pub(super) under: u64,
    passed: u64,
    /// The compact roots entered, for tests.
    #[cfg(test)]
    roots: u64,
}

impl Compact {
    /// No compact level yet, for a table of `options` options, `primaries` primary items and
    /// `depth` levels.
    pub(super) fn new(options: usize, primaries: usize, depth: usize) -> Compact {
        Compact {
            from: usize::MAX,
            below: MOST + 1,
            options: vec![0; depth.max(1)],
            live: vec![0; depth.max(1)],
            option_of: vec![0; MOST as usize],
            rank: vec![0; options],
            root: Vec::new(),
            masks: vec![0; primaries],
            rules: vec![0; MOST as usize],
            ready: 0,
            entered: 0,
            under: 0,
            passed: 0,
            #[cfg(test)]
            roots: 0,
        }
    }

    /// A copy, or `None` when the allocator refuses the memory for its arrays.
    pub(super) fn try_clone(&self) -> Option<Compact> {
        use crate::fallible::try_copy;
        Some(Compact {
            options: try_copy(&self.options)?,
            live: try_copy(&self.live)?,
            option_of: try_copy(&self.option_of)?,
            rank: try_copy(&self.rank)?,
            root: try_copy(&self.root)?,
            masks: try_copy(&self.masks)?,
            rules: try_copy(&self.rules)?,
            ..*self
        })
    }

    /// Takes no level as a compact root (`false`), or those of at most 64 live options;
    /// the table is to be put back at its root.
    pub(super) fn allow(&mut self, allowed: bool) {
        self.below = if allowed { MOST + 1 } else { 0 };
        self.from = usize::MAX;
        #[cfg(test)]
        {
            self.roots = 0;
        }
    }

    /// Whether a level of `options` live options is taken as a compact root: where it may
    /// be, unless the roots so far had few nodes under them on average (fewer than
    /// [`FEW_NODES`]), when only every [`PROBE`]th such level is, to keep that average up
    /// to date. A root costs a pass over its options and their items, and a first
    /// cover of each option a pass over the root's words: paid back by a subtree of more
    /// than a few nodes, not by the level or two that a dense problem's levels of 64
    /// options have below them (the pentominoes').
    #[inline(always)]
    pub(super) fn roots_at(&mut self, options: u32) -> bool {
        if options >= self.below {
            return false;
        }
        if self.entered >= PROBE && self.under < FEW_NODES * self.entered {
            self.passed += 1;
            return self.passed % PROBE == 0;
        }
        true
    }

    /// Counts a node under a compact root.
    #[inline(always)]
    pub(super) fn count_node(&mut self) {
        self.under += 1;
    }

    /// Whether `level` is a compact root or under one.
    #[inline(always)]
    pub(super) fn holds(&self, level: usize) -> bool {
        level >= self.from
    }

    /// Option `o`'s number, if it has one.
    fn number(&self, o: u32) -> Option<u32> {
        let k = *self.rank.get(o as usize)?;
        (at(&self.option_of, k as usize) == o && self.root_has(k)).then_some(u32::from(k))
    }

    /// Whether the root has an option numbered `k`.
    fn root_has(&self, k: u8) -> bool {
        let options: u32 = self.root.iter().map(|&(_, word)| word.count_ones()).sum();
        u32::from(k) < options
    }
}

impl Bits {
    /// The compact roots entered so far.
    #[cfg(test)]
    pub(crate) fn compact_roots(&self) -> u64 {
        self.compact.roots
    }

    /// Makes `level`, whose sets a cover has just written (in slot `slot`) with `options` live
    /// options, a compact root.
    #[inline(never)]
    pub(super) fn enter_compact(&mut self, level: usize, slot: usize) {
        let words = self.words;
        let len = at(&self.nonzero_len, slot) as usize;
        let live = span(&self.live, slot * words, len);
        let places = span(&self.nonzero, slot * words, len);
        let bounded = self.bounds.is_some();
        let compact = &mut self.compact;
        compact.root.clear();
        compact.masks.fill(0);
        let mut k = 0u32;
        for (&word, &w) in live.iter().zip(places) {
            compact.root.push((w, word));
            let mut bits = word;
            while bits != 0 {
                let o = 64 * w + bits.trailing_zeros();
                bits &= bits - 1;
                *at_mut(&mut compact.option_of, k as usize) = o;
                *at_mut(&mut compact.rank, o as usize) = k as u8;
                let (start, items) = match bounded {
                    true => {
                        let bounds = self.bounds.as_deref().expect("bounds");
                        (&bounds.primary_start[..], &bounds.primary_items[..])
                    }
                    false => (&self.open_start[..], &self.open_items[..]),
                };
                let (first, last) = (
                    at(start, o as usize) as usize,
                    at(start, o as usize + 1) as usize,
                );
                for &i in span(items, first, last - first) {
                    *at_mut(&mut compact.masks, i as usize) |= 1 << k;
                }
                k += 1;
            }
        }
        debug_assert!(k <= MOST, "a compact root of {k} options");
        *at_mut(&mut compact.live, slot) = match k {
            MOST => !0,
            _ => (1 << k) - 1,
        };
        compact.ready = 0;
        compact.from = level;
        compact.entered += 1;
        #[cfg(test)]
        {
            compact.roots += 1;
        }
    }

    /// What option number `k` rules out, in the numbering: written the first time it is
    /// asked for under this compact root.
    #[inline(always)]
    fn compact_rule(&mut self, k: u32) -> u64 {
        if self.compact.ready >> k & 1 == 0 {
            self.write_compact_rule(k);
        }
        at(&self.compact.rules, k as usize)
    }

    #[inline(never)]
    pub(super) fn write_compact_rule(&mut self, k: u32) {
        let (words, p) = (self.words, self.primaries);
        let compact = &self.compact;
        let o = at(&compact.option_of, k as usize) as usize;
        let (first, last) = (
            at(&self.kill_start, o) as usize,
            at(&self.kill_start, o + 1) as usize,
        );
        let kills = span(&self.kills, first, last - first);
        let masks = &self.masks[..];
        // Word `w` of what `o` rules out: its masks together where the table has them, else
        // one by one (in the tree of bounds, without its primary items, which a cover
        // applies when it fills them).
        let row = |w: usize| match &self.bounds {
            Some(bounds) if bounds.has_rows(words) => at(&bounds.others, o * words + w),
            Some(_) => kills
                .iter()
                .filter(|&&m| m as usize >= p)
                .fold(0, |gone, &m| gone | at(masks, m as usize * words + w)),
            None if !self.conflicts.is_empty() => at(&self.conflicts, o * words + w),
            None => kills
                .iter()
                .fold(0, |gone, &m| gone | at(masks, m as usize * words + w)),
        };
        let mut rule = 0u64;
        for &(w, word) in &compact.root {
            let mut bits = row(w as usize) & word;
            while bits != 0 {
                let o = 64 * w + bits.trailing_zeros();
                bits &= bits - 1;
                rule |= 1 << at(&compact.rank, o as usize);
            }
        }
        *at_mut(&mut self.compact.rules, k as usize) = rule;
        self.compact.ready |= 1 << k;
    }

    /// The live set of slot `slot`, under a compact root.
    #[inline(always)]
    pub(super) fn compact_live(&self, slot: usize) -> u64 {
        at(&self.compact.live, slot)
    }

    /// Primary item `item`'s options in the numbering.
    #[inline(always)]
    pub(super) fn compact_mask(&self, item: u32) -> u64 {
        at(&self.compact.masks, item as usize)
    }

    /// [`scan`](Self::scan) under a compact root.
    #[inline(always)]
    pub(super) fn scan_compact(&self, level: usize) -> Result<Next, u32> {
        let live = self.compact_live(at(&self.slot, level) as usize);
        self.scan_by(level, |item, _| {
            (live & self.compact_mask(item)).count_ones()
        })
    }

    /// [`cover`](Self::cover) under a compact root.
    #[inline(always)]
    pub(super) fn cover_compact(&mut self, level: usize, o: u32) -> bool {
        let from = at(&self.slot, level) as usize;
        let (first, last) = (
            at(&self.open_start, o as usize) as usize,
            at(&self.open_start, o as usize + 1) as usize,
        );
        if last - first == at(&self.open_left, from) as usize {
            // As in `cover`: a leaf, whose updates alone are counted.
            let k = at(&self.compact.rank, o as usize) as u32;
            let updates = (self.compact_live(from) & self.compact_rule(k)).count_ones();
            #[cfg(debug_assertions)]
            self.check_leaf(level, o, updates);
            *at_mut(&mut self.slot, level + 1) = from as u32;
            self.updates += u64::from(updates);
            self.next = Next::Solution;
            return true;
        }
        self.cover_compact_written(level, o, from, (first, last))
    }

    /// [`cover_compact`](Self::cover_compact) written out, as
    /// [`cover_written`](Self::cover_written).
    #[inline(always)]
    pub(super) fn cover_compact_written(
        &mut self,
        level: usize,
        o: u32,
        from: usize,
        (first, last): (usize, usize),
    ) -> bool {
        let iw = self.item_words;
        let to = from + usize::from(!at(&self.alone, level));
        *at_mut(&mut self.slot, level + 1) = to as u32;
        let left = at(&self.open_left, from) - (last - first) as u32;
        *at_mut(&mut self.open_left, to) = left;
        self.last_item = left == 1;
        if to != from {
            self.copy_uncovered(from, to);
        }
        let k = at(&self.compact.rank, o as usize) as u32;
        self.compact.count_node();
        let live = self.compact_live(from);
        let gone = live & self.compact_rule(k);
        *at_mut(&mut self.compact.live, to) = live & !gone;
        self.updates += u64::from(gone.count_ones());
        let uncovered = &mut self.uncovered[to * iw..(to + 1) * iw];
        for &item in span(&self.open_items, first, last - first) {
            *at_mut(uncovered, item as usize / 64) &= !(1 << (item % 64));
        }
        let scanned = self.scan_compact(level + 1);
        self.reached(scanned)
    }

    /// [`count_leaves`](Self::count_leaves) under a compact root.
    #[inline(always)]
    pub(super) fn count_compact_leaves(&mut self, level: usize) -> u64 {
        let item = at(&self.item, level);
        let slot = at(&self.slot, level) as usize;
        let live = self.compact_live(slot);
        let mut bits = live & self.compact_mask(item);
        let (mut updates, mut leaves) = (0, 0);
        while bits != 0 {
            let k = bits.trailing_zeros();
            bits &= bits - 1;
            let taken = (live & self.compact_rule(k)).count_ones();
            #[cfg(debug_assertions)]
            self.check_leaf(level, at(&self.compact.option_of, k as usize), taken);
            updates += u64::from(taken);
            leaves += 1;
        }
        self.updates += updates;
        leaves
    }

    /// [`option_after`](Self::option_after) under a compact root.
    #[inline(always)]
    pub(super) fn compact_option_after(
        &self,
        level: usize,
        item: u32,
        after: Option<u32>,
    ) -> Option<u32> {
        let slot = at(&self.slot, level) as usize;
        let mut bits = self.compact_live(slot) & self.compact_mask(item);
        if let Some(o) = after {
            let k = at(&self.compact.rank, o as usize) as u32;
            bits &= !(2u64 << k).wrapping_sub(1);
        }
        (bits != 0).then(|| at(&self.compact.option_of, bits.trailing_zeros() as usize))
    }

    /// [`position`](Self::position) among the options, under a compact root.
    pub(super) fn compact_position(&self, level: usize, o: u32) -> (u32, u32) {
        let slot = self.slot[level] as usize;
        let bits = self.compact_live(slot) & self.compact_mask(self.item[level]);
        let below = match o {
            NULL_MOVE => bits.count_ones(),
            _ => {
                let k = u32::from(self.compact.rank[o as usize]);
                (bits & ((1u64 << k) - 1)).count_ones()
            }
        };
        (below + 1, bits.count_ones().max(below + 1))
    }

    /// Whether option `o` is live at `level`, under a compact root, and one of `item`'s.
    pub(super) fn compact_has(&self, level: usize, item: u32, o: u32) -> bool {
        let slot = self.slot[level] as usize;
        self.compact
            .number(o)
            .is_some_and(|k| (self.compact_live(slot) & self.compact_mask(item)) >> k & 1 != 0)
    }

    /// [`number_subtree`](Self::number_subtree) under a compact root: the numbering is the
    /// root's.
    #[inline(always)]
    pub(super) fn number_compact_subtree(&mut self, level: usize) -> (u64, u64) {
        let all = self.compact_live(level);
        let mine = all & self.compact_mask(at(&self.item, level));
        let mut bits = mine;
        while bits != 0 {
            let k = bits.trailing_zeros();
            bits &= bits - 1;
            let rule = self.compact_rule(k);
            let bounds = self.bounds.as_deref_mut().expect("bounds");
            *at_mut(&mut bounds.subtree, k as usize) = rule;
        }
        (all, mine)
    }

    /// In the tree of bounds under a compact root: option `o`'s number and what it rules
    /// out besides its primary items (its secondary items and colors).
    #[inline(always)]
    pub(super) fn compact_number_and_rule(&mut self, o: u32) -> (u32, u64) {
        let k = at(&self.compact.rank, o as usize) as u32;
        (k, self.compact_rule(k))
    }
}
