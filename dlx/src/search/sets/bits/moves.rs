//! The moves of the bit-set search on its table: a cover, which writes the next level's
//! sets (and counts, where the table keeps them), and the scan for the item it branches on.

use super::{
    at, at_mut, has, has_live, span, span_mut, Bits, Count, Next, COUNT_CHUNK, NONE, NOT_OPEN, ONE,
};

impl Bits {
    /// The number of options of the item whose mask starts at `masks[mask]` in the live set
    /// with nonzero words `words` at `places`; counting may stop, four words at a time, once
    /// it reaches `enough`.
    #[inline(always)]
    pub(super) fn count(
        (words, places): (&[u64], &[u32]),
        masks: &[u64],
        mask: usize,
        enough: u32,
    ) -> u32 {
        let word =
            |k: usize| (at(words, k) & at(masks, mask + at(places, k) as usize)).count_ones();
        let mut count = 0;
        let mut k = 0;
        while k + 4 <= words.len() {
            count += word(k) + word(k + 1) + word(k + 2) + word(k + 3);
            if count >= enough {
                return count;
            }
            k += 4;
        }
        while k < words.len() {
            count += word(k);
            k += 1;
        }
        count
    }

    /// What `level` branches on; `Err` with an uncovered primary item left without options
    /// below the root (the cover that led here fails). An item without options below the
    /// root always lost them in that cover: had the options of the level above's item been
    /// all of its own, it would have had no more options than that item, and been chosen
    /// there itself (or been the same item's, covered with it).
    #[inline(always)]
    pub(super) fn scan(&self, level: usize) -> Result<Next, u32> {
        match self.compact.holds(level) {
            true => self.scan_compact(level),
            false => self.scan_sets(level),
        }
    }

    /// [`scan`](Self::scan) above any compact root.
    #[inline(always)]
    fn scan_sets(&self, level: usize) -> Result<Next, u32> {
        if self.counts_as_it_covers() {
            return self.scan_counts(level);
        }
        let live = self.live_at(level);
        self.scan_by(level, |item, enough| {
            Self::count(live, &self.masks, item as usize * self.words, enough)
        })
    }

    /// [`scan`](Self::scan) with `count(i, enough)` the number of live options of primary
    /// item `i`, which may stop once it reaches `enough`.
    #[inline(always)]
    pub(super) fn scan_by(
        &self,
        level: usize,
        count: impl Fn(u32, u32) -> u32,
    ) -> Result<Next, u32> {
        let mut best = (u32::MAX, NONE);
        let mut dead = None;
        let slot = at(&self.slot, level) as usize;
        let uncovered = span(&self.uncovered, slot * self.item_words, self.item_words);
        for (w, &word) in uncovered.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let item = (64 * w) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                let count = count(item, best.0);
                if count >= best.0 {
                    continue;
                }
                if count == 0 {
                    if level > 0 {
                        return Err(item);
                    }
                    dead.get_or_insert(item);
                    best.0 = 1;
                } else {
                    best = (count, item);
                }
            }
        }
        Ok(Next::found(dead, best))
    }

    /// [`scan`](Self::scan) by the counts: the first item of the fewest options.
    #[inline(always)]
    fn scan_counts(&self, level: usize) -> Result<Next, u32> {
        let slot = at(&self.slot, level) as usize;
        let counts = span(&self.counts, slot * self.count_len, self.count_len);
        // Without an early exit, so that it runs on vectors.
        let mut least = [NOT_OPEN; COUNT_CHUNK];
        for chunk in counts.chunks_exact(COUNT_CHUNK) {
            for (least, &count) in least.iter_mut().zip(chunk) {
                *least = (*least).min(count);
            }
        }
        let fewest = least.into_iter().fold(NOT_OPEN, Count::min);
        if fewest == NOT_OPEN {
            return Ok(Next::Solution);
        }
        let (number, item) = (fewest / ONE, fewest % ONE);
        match number {
            0 if level > 0 => Err(item),
            _ => Ok(Next::Item(item, number)),
        }
    }

    /// Chooses option `o` at `level`, whose item is `self.item[level]`: writes the next
    /// level's sets (and counts) and finds what it branches on. False when the cover fails.
    ///
    /// A level whose item has one live option is never come back to for another, so its
    /// cover writes over the level's own sets instead of a copy of them: the next level
    /// takes the same slot ([`Bits::slot`]). Most levels of a sudoku are such forced moves.
    #[inline(always)]
    pub(super) fn cover(&mut self, level: usize, o: u32) -> bool {
        if self.compact.holds(level) {
            return self.cover_compact(level, o);
        }
        // A level above the compact root, if any: the levels below are no longer under it.
        self.compact.from = usize::MAX;
        let from = at(&self.slot, level) as usize;
        let (first, last) = (
            at(&self.open_start, o as usize) as usize,
            at(&self.open_start, o as usize + 1) as usize,
        );
        if last - first == at(&self.open_left, from) as usize {
            // `o` covers every item left (a live option has no covered item): the next
            // level is a solution, whose sets nothing reads. Only its updates are counted.
            let updates = self.ruled_out(from, o);
            #[cfg(debug_assertions)]
            self.check_leaf(level, o, updates);
            *at_mut(&mut self.slot, level + 1) = from as u32;
            self.updates += u64::from(updates);
            self.next = Next::Solution;
            return true;
        }
        self.cover_written(level, o, from, (first, last))
    }

    /// Counts the updates of the covers of every live option of the item of `level`, the
    /// last to cover: each is a leaf, as in [`cover`](Self::cover). The leaves' number.
    #[inline(always)]
    pub(super) fn count_leaves(&mut self, level: usize) -> u64 {
        if self.compact.holds(level) {
            return self.count_compact_leaves(level);
        }
        let item = at(&self.item, level);
        let slot = at(&self.slot, level) as usize;
        let (len, words) = (at(&self.nonzero_len, slot) as usize, self.words);
        let (mut updates, mut leaves) = (0, 0);
        for k in 0..len {
            let w = at(&self.nonzero, slot * words + k);
            let mut bits = at(&self.live, slot * words + k)
                & at(&self.masks, item as usize * words + w as usize);
            while bits != 0 {
                let o = 64 * w + bits.trailing_zeros();
                bits &= bits - 1;
                let taken = self.ruled_out(slot, o);
                #[cfg(debug_assertions)]
                self.check_leaf(level, o, taken);
                updates += u64::from(taken);
                leaves += 1;
            }
        }
        self.updates += updates;
        leaves
    }

    /// Checks a cover that wrote nothing (`o` covers every item left, at `level`, taking out
    /// `updates` options) against the cover written out, in the slot above the level's,
    /// which no level uses at that time: the same updates, and a solution.
    #[cfg(debug_assertions)]
    pub(super) fn check_leaf(&mut self, level: usize, o: u32, updates: u32) {
        let (before, alone, compact) = (self.updates, self.alone[level], self.compact.from);
        let from = self.slot[level] as usize;
        let open = (
            self.open_start[o as usize] as usize,
            self.open_start[o as usize + 1] as usize,
        );
        self.alone[level] = false;
        let covered = match self.compact.holds(level) {
            true => self.cover_compact_written(level, o, from, open),
            false => self.cover_written(level, o, from, open),
        };
        assert!(covered, "a leaf's cover failed");
        // The cover written out may have taken the next level as a compact root.
        self.compact.from = compact;
        assert_eq!(self.next, Next::Solution, "a leaf is not a solution");
        assert_eq!(
            self.updates - before,
            u64::from(updates),
            "a leaf's updates differ from its cover's"
        );
        self.alone[level] = alone;
        self.updates = before;
    }

    /// [`cover`](Self::cover) written out: `o` at `level`, whose slot is `from`, with its
    /// items to cover at `open_items[first..last]`.
    #[inline(always)]
    pub(super) fn cover_written(
        &mut self,
        level: usize,
        o: u32,
        from: usize,
        (first, last): (usize, usize),
    ) -> bool {
        let (words, iw, p) = (self.words, self.item_words, self.count_len);
        let to = from + usize::from(!at(&self.alone, level));
        *at_mut(&mut self.slot, level + 1) = to as u32;
        let left = at(&self.open_left, from) - (last - first) as u32;
        *at_mut(&mut self.open_left, to) = left;
        self.last_item = left == 1;
        let len = at(&self.nonzero_len, from) as usize;
        if to != from {
            self.copy_uncovered(from, to);
            if self.counts_as_it_covers() {
                // The next slot's (`to` is `from + 1`), in blocks whose length the compiler
                // knows: vector moves in a loop instead of a call.
                let (now, next) = self.counts[from * p..(to + 1) * p].split_at_mut(p);
                for (next_block, block) in next
                    .chunks_exact_mut(COUNT_CHUNK)
                    .zip(now.chunks_exact(COUNT_CHUNK))
                {
                    next_block.copy_from_slice(block);
                }
            }
        }
        let (kills, masks) = (
            &self.kills
                [self.kill_start[o as usize] as usize..self.kill_start[o as usize + 1] as usize],
            &self.masks[..],
        );
        let counting = self.counts_as_it_covers();
        let take = TakeOut {
            live: &mut self.live[..],
            places: &mut self.nonzero[..],
            read: from * words,
            write: to * words,
            len,
            counts: match counting {
                true => span_mut(&mut self.counts, to * p, p),
                false => &mut [][..],
            },
            open_start: &self.open_start[..],
            open_items: &self.open_items[..],
        };
        // A loop of its own for each way to find the options ruled out, and to count.
        let (kept, removed) = match (self.conflicts.is_empty(), counting) {
            (false, counting) => {
                // Option `o`'s masks together.
                let conflicts = span(&self.conflicts, o as usize * words, words);
                let gone = |w: u32| at(conflicts, w as usize);
                match counting {
                    true => take.run::<ONE>(gone),
                    false => take.run::<0>(gone),
                }
            }
            (true, counting) => {
                let gone = |w: u32| {
                    kills.iter().fold(0, |gone, &m| {
                        gone | at(masks, m as usize * words + w as usize)
                    })
                };
                match counting {
                    true => take.run::<ONE>(gone),
                    false => take.run::<0>(gone),
                }
            }
        };
        *at_mut(&mut self.nonzero_len, to) = kept as u32;
        self.updates += removed as u64;
        let options = at(&self.compact.options, from) - removed;
        *at_mut(&mut self.compact.options, to) = options;
        // The items to cover of `o` are covered (the others' bits are clear already).
        let uncovered = span_mut(&mut self.uncovered, to * iw, iw);
        let counts = match counting {
            true => span_mut(&mut self.counts, to * p, p),
            false => &mut [][..],
        };
        for &item in span(&self.open_items, first, last - first) {
            *at_mut(uncovered, item as usize / 64) &= !(1 << (item % 64));
            if counting {
                *at_mut(counts, item as usize) = NOT_OPEN;
            }
        }
        let scanned = match self.compact.roots_at(options) {
            true => {
                self.enter_compact(level + 1, to);
                self.scan_compact(level + 1)
            }
            false => self.scan_sets(level + 1),
        };
        self.reached(scanned)
    }

    /// How many live options of the slot `slot` option `o` rules out (itself included): the
    /// updates of its cover. Inlined into the loop, which is built with the popcount
    /// instruction where the CPU has it.
    #[inline(always)]
    pub(super) fn ruled_out(&self, slot: usize, o: u32) -> u32 {
        let words = self.words;
        let len = at(&self.nonzero_len, slot) as usize;
        let live = span(&self.live, slot * words, len);
        let places = span(&self.nonzero, slot * words, len);
        if self.conflicts.is_empty() {
            let (first, last) = (
                at(&self.kill_start, o as usize) as usize,
                at(&self.kill_start, o as usize + 1) as usize,
            );
            let kills = span(&self.kills, first, last - first);
            live.iter()
                .zip(places)
                .map(|(&word, &w)| {
                    let gone = kills.iter().fold(0, |gone, &m| {
                        gone | at(&self.masks, m as usize * words + w as usize)
                    });
                    (word & gone).count_ones()
                })
                .sum()
        } else {
            let conflicts = span(&self.conflicts, o as usize * words, words);
            live.iter()
                .zip(places)
                .map(|(&word, &w)| (word & at(conflicts, w as usize)).count_ones())
                .sum()
        }
    }

    /// The first live option of `item` at `level` after option `after` (from the first, for
    /// `None`).
    #[inline(always)]
    pub(super) fn option_after(&self, level: usize, item: u32, after: Option<u32>) -> Option<u32> {
        if self.compact.holds(level) {
            return self.compact_option_after(level, item, after);
        }
        let ((words, places), mask) = (self.live_at(level), self.mask(item));
        let start = after.map_or(0, |o| o + 1);
        let first = match after {
            None => 0,
            Some(_) => places.partition_point(|&w| w < start / 64),
        };
        for (&word, &w) in words[first..].iter().zip(&places[first..]) {
            let mut bits = word & at(mask, w as usize);
            if w == start / 64 {
                bits &= !0u64 << (start % 64);
            }
            if bits != 0 {
                return Some(64 * w + bits.trailing_zeros());
            }
        }
        None
    }

    /// A branch as "`k` of `d`": the place of option `o` among its level's item's live
    /// options, from 1, and their number; with bounds, the null move after them, when the
    /// item needs no more.
    pub(super) fn position(&self, level: usize, o: u32) -> (u32, u32) {
        if self.bounds.is_some() && self.needed(level, self.item[level]) == 0 {
            // The null move is the last branch: its node is above every option, so among
            // the options it is already one past the last.
            let (k, d) = self.position_among_options(level, o);
            return (k, d + u32::from(o != super::NULL_MOVE));
        }
        self.position_among_options(level, o)
    }

    /// [`position`](Self::position) among the options only.
    fn position_among_options(&self, level: usize, o: u32) -> (u32, u32) {
        if self.compact.holds(level) {
            return self.compact_position(level, o);
        }
        let ((words, places), mask) = (self.live_at(level), self.mask(self.item[level]));
        let (mut below, mut d) = (0, 0);
        for (&word, &w) in words.iter().zip(places) {
            let bits = word & mask[w as usize];
            d += bits.count_ones();
            if w < o / 64 {
                below += bits.count_ones();
            } else if w == o / 64 {
                below += (bits & ((1u64 << (o % 64)) - 1)).count_ones();
            }
        }
        (below + 1, d.max(below + 1))
    }

    /// The item `level` branches on, if `o` is one of its live options.
    pub(super) fn branch_item(&self, level: usize, o: u32) -> Option<u32> {
        let Next::Item(item, _) = self.next else {
            return None;
        };
        if self.compact.holds(level) {
            return self.compact_has(level, item, o).then_some(item);
        }
        let is_option = (o as usize) < self.kill_start.len() - 1;
        (is_option && has_live(self.live_at(level), o) && has(self.mask(item), o)).then_some(item)
    }
}

/// A cover's pass over the live words: each word of the level's slot (from `read`) less the
/// options ruled out is written to the next level's (from `write`), the words left empty
/// dropped; the slots may be the same, since a word is read before any is written at its
/// place or above. Where the table counts, each option taken out lowers the counts of its
/// items listed in `open_items`.
pub(super) struct TakeOut<'a> {
    pub(super) live: &'a mut [u64],
    pub(super) places: &'a mut [u32],
    pub(super) read: usize,
    pub(super) write: usize,
    pub(super) len: usize,
    pub(super) counts: &'a mut [Count],
    pub(super) open_start: &'a [u32],
    pub(super) open_items: &'a [u32],
}

impl TakeOut<'_> {
    /// The pass, with `gone(w)` the options of word `w` ruled out: the words kept, and the
    /// options taken out. An option taken out lowers each of its items' counts by `STEP`
    /// ([`ONE`] for a count that carries its item, 1 for the tree of bounds' plain numbers;
    /// 0 counts nothing).
    #[inline(always)]
    pub(super) fn run<const STEP: Count>(self, gone: impl Fn(u32) -> u64) -> (usize, u32) {
        let TakeOut {
            live,
            places,
            read,
            write,
            len,
            counts,
            open_start,
            open_items,
        } = self;
        debug_assert!(read.max(write) + len <= live.len().min(places.len()));
        let mut kept = 0;
        let mut removed = 0;
        for k in 0..len {
            let w = at(places, read + k);
            let word = at(live, read + k);
            let taken = word & gone(w);
            removed += taken.count_ones();
            if STEP != 0 {
                let mut bits = taken;
                while bits != 0 {
                    let option = (64 * w + bits.trailing_zeros()) as usize;
                    bits &= bits - 1;
                    let (first, last) = (
                        at(open_start, option) as usize,
                        at(open_start, option + 1) as usize,
                    );
                    for &item in span(open_items, first, last - first) {
                        *at_mut(counts, item as usize) -= STEP;
                    }
                }
            }
            let left = word & !taken;
            // Written whether kept or not; `kept` moves on only past a word that is kept.
            *at_mut(live, write + kept) = left;
            *at_mut(places, write + kept) = w;
            kept += (left != 0) as usize;
        }
        (kept, removed)
    }
}
