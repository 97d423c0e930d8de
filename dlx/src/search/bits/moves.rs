//! The moves of the bit-set search on its table: a cover, which writes the next level's
//! sets (and counts, where the table keeps them), and the scan for the item it branches on.

use super::{at, has, has_live, Bits, Next, NONE, NOT_OPEN};

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
        if self.counts_as_it_covers() {
            return self.scan_counts(level);
        }
        let mut best = (u32::MAX, NONE);
        let mut dead = None;
        let uncovered = &self.uncovered[level * self.item_words..][..self.item_words];
        let live = self.live_at(level);
        for (w, &word) in uncovered.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let item = (64 * w) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                let count = Self::count(live, &self.masks, item as usize * self.words, best.0);
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
        let counts = &self.counts[level * self.primaries..][..self.primaries];
        // Without an early exit, so that it runs on vectors.
        let fewest = counts
            .iter()
            .fold(NOT_OPEN, |fewest, &count| fewest.min(count));
        if fewest == NOT_OPEN {
            return Ok(Next::Solution);
        }
        // A chunk at a time, each without an early exit, so that it too runs on vectors.
        let chunk = counts
            .chunks(32)
            .position(|chunk| {
                chunk
                    .iter()
                    .fold(false, |has, &count| has | (count == fewest))
            })
            .expect("the fewest is a count");
        let item = (32 * chunk
            + counts[32 * chunk..]
                .iter()
                .position(|&count| count == fewest)
                .expect("the fewest is a count")) as u32;
        match fewest {
            0 if level > 0 => Err(item),
            _ => Ok(Next::Item(item, u32::from(fewest))),
        }
    }

    /// Chooses option `o` at `level`, whose item is `self.item[level]`: writes the next
    /// level's sets and finds what it branches on. False when the cover fails.
    #[inline(always)]
    pub(super) fn cover(&mut self, level: usize, o: u32) -> bool {
        let words = self.words;
        let (kills, masks) = (
            &self.kills
                [self.kill_start[o as usize] as usize..self.kill_start[o as usize + 1] as usize],
            &self.masks[..],
        );
        let len = self.nonzero_len[level] as usize;
        let (live, next) = self.live.split_at_mut((level + 1) * words);
        let (live, next) = (&live[level * words..][..len], &mut next[..len]);
        let (places, next_places) = self.nonzero.split_at_mut((level + 1) * words);
        let (places, next_places) = (&places[level * words..][..len], &mut next_places[..len]);
        let mut kept = 0;
        let mut removed = 0;
        let mut keep = |word: u64, w: u32, gone: u64| {
            removed += (word & gone).count_ones();
            let left = word & !gone;
            // Written whether kept or not; `kept` moves on only past a word that is kept.
            next[kept] = left;
            next_places[kept] = w;
            kept += (left != 0) as usize;
        };
        if self.conflicts.is_empty() {
            for (&word, &w) in live.iter().zip(places) {
                let mut gone = 0;
                for &m in kills {
                    gone |= at(masks, m as usize * words + w as usize);
                }
                keep(word, w, gone);
            }
        } else {
            let conflicts = &self.conflicts[o as usize * words..][..words];
            for (&word, &w) in live.iter().zip(places) {
                keep(word, w, at(conflicts, w as usize));
            }
        }
        self.nonzero_len[level + 1] = kept as u32;
        self.updates += removed as u64;
        let iw = self.item_words;
        if iw == 1 {
            // A call to copy one word costs more than the word.
            self.uncovered[level + 1] = self.uncovered[level];
        } else {
            self.uncovered
                .copy_within(level * iw..(level + 1) * iw, (level + 1) * iw);
        }
        for &m in kills {
            if (m as usize) < self.primaries {
                self.uncovered[(level + 1) * iw + m as usize / 64] &= !(1 << (m % 64));
            }
        }
        if self.counts_as_it_covers() {
            self.count_cover(level, o);
        }
        let scanned = self.scan(level + 1);
        self.reached(scanned)
    }

    /// The next level's counts: `level`'s, less the options that choosing `o` takes out
    /// (those live at `level` and not at the next), and the items of `o` covered.
    #[inline(always)]
    fn count_cover(&mut self, level: usize, o: u32) {
        let (p, words) = (self.primaries, self.words);
        let (counts, next) = self.counts.split_at_mut((level + 1) * p);
        let next = &mut next[..p];
        next.copy_from_slice(&counts[level * p..]);
        let len = self.nonzero_len[level] as usize;
        let (before, places) = (
            &self.live[level * words..][..len],
            &self.nonzero[level * words..][..len],
        );
        let after = &self.live[(level + 1) * words..];
        let after_places = &self.nonzero[(level + 1) * words..];
        let kept = self.nonzero_len[level + 1] as usize;
        // The next level's nonzero words are the level's in order, less those emptied.
        let mut k = 0;
        for (&word, &w) in before.iter().zip(places) {
            let mut gone = word;
            if k < kept && at(after_places, k) == w {
                gone &= !at(after, k);
                k += 1;
            }
            while gone != 0 {
                let taken = 64 * w + gone.trailing_zeros();
                gone &= gone - 1;
                let from = at(&self.open_start, taken as usize) as usize;
                let to = at(&self.open_start, taken as usize + 1) as usize;
                for &item in &self.open_items[from..to] {
                    next[item as usize] -= 1;
                }
            }
        }
        let from = self.open_start[o as usize] as usize;
        let to = self.open_start[o as usize + 1] as usize;
        for &item in &self.open_items[from..to] {
            next[item as usize] = NOT_OPEN;
        }
    }

    /// The first live option of `item` at `level` after option `after` (from the first, for
    /// `None`).
    #[inline(always)]
    pub(super) fn option_after(&self, level: usize, item: u32, after: Option<u32>) -> Option<u32> {
        let ((words, places), mask) = (self.live_at(level), self.mask(item));
        let start = after.map_or(0, |o| o + 1);
        let first = places.partition_point(|&w| w < start / 64);
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
            // The null move is the last branch: its node is above every option.
            let (k, d) = self.position_among_options(level, o);
            return (k, d + 1);
        }
        self.position_among_options(level, o)
    }

    /// [`position`](Self::position) among the options only.
    fn position_among_options(&self, level: usize, o: u32) -> (u32, u32) {
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
        let is_option = (o as usize) < self.kill_start.len() - 1;
        (is_option && has_live(self.live_at(level), o) && has(self.mask(item), o)).then_some(item)
    }
}
