//! The table built from a problem (its masks, each option's masks, the items to cover,
//! whether its levels keep counts) and its root, which every reset comes back to: every
//! option live, or what the given options leave.

use std::collections::HashMap;

use super::bounded::Bounds;
use super::compact::Compact;
use super::{has, Bits, Count, Next, COUNT_CHUNK, MAX_CONFLICTS, MAX_COUNTED, NONE, NOT_OPEN, ONE};
use crate::fallible::try_copy;
use crate::problem::{ItemId, OptionId, Problem};

impl Bits {
    /// The table of `problem`, with its colors when `colors` is set, for `depth` levels.
    pub fn new(problem: &Problem, colors: bool, depth: usize) -> Bits {
        let options = problem.option_count();
        let words = options.div_ceil(64);
        let primaries = problem.primary_count();
        let item_words = primaries.div_ceil(64);
        let items = problem.item_count();
        let mut masks = vec![0u64; items * words];
        let mut color_mask: HashMap<(usize, u32), u32> = HashMap::new();
        let mut colored = Vec::new();
        for option in problem.options() {
            let o = option.index();
            for entry in problem.option(option) {
                let item = entry.item().index();
                masks[item * words + o / 64] |= 1 << (o % 64);
                if let (true, Some(color)) = (colors, entry.color()) {
                    colored.push((item, color.index() as u32, o));
                }
            }
        }
        // The mask of secondary item `s` with color `c`: its options less those with color c.
        for &(item, color, _) in &colored {
            color_mask.entry((item, color)).or_insert_with(|| {
                let m = masks.len() / words;
                masks.extend_from_within(item * words..(item + 1) * words);
                m as u32
            });
        }
        for &(item, color, o) in &colored {
            let m = color_mask[&(item, color)] as usize;
            masks[m * words + o / 64] &= !(1 << (o % 64));
        }
        let mut kill_start = Vec::with_capacity(options + 1);
        let mut kills = Vec::with_capacity(problem.entry_count());
        kill_start.push(0);
        for option in problem.options() {
            for entry in problem.option(option) {
                let item = entry.item().index();
                kills.push(match (colors, entry.color()) {
                    (true, Some(color)) => color_mask[&(item, color.index() as u32)],
                    _ => item as u32,
                });
            }
            kill_start.push(kills.len() as u32);
        }
        // The tree of bounds takes its own rows (`Bounds::others`), without the primary items.
        let bounds = Bounds::of(problem, depth).map(Box::new);
        let mut conflicts = Vec::new();
        if bounds.is_none() && options * words <= MAX_CONFLICTS {
            conflicts = vec![0; options * words];
            // Each mask's words from its first nonzero one to its last: a mask of an item
            // of a few options (a sudoku's) takes a word or two of the set.
            // (A problem of no options has masks of no words.)
            let spans: Vec<(usize, usize)> = masks
                .chunks_exact(words.max(1))
                .map(|mask| {
                    let first = mask.iter().position(|&word| word != 0).unwrap_or(0);
                    let last = mask
                        .iter()
                        .rposition(|&word| word != 0)
                        .map_or(0, |w| w + 1);
                    (first, last.max(first))
                })
                .collect();
            for o in 0..options {
                let row = &mut conflicts[o * words..(o + 1) * words];
                for &m in &kills[kill_start[o] as usize..kill_start[o + 1] as usize] {
                    let (first, last) = spans[m as usize];
                    let mask = &masks[m as usize * words..(m as usize + 1) * words];
                    row[first..last]
                        .iter_mut()
                        .zip(&mask[first..last])
                        .for_each(|(gone, &word)| *gone |= word);
                }
            }
        }
        let mut to_cover = vec![0u64; item_words];
        for i in 0..primaries {
            if problem.bounds(ItemId::new(i)) == Some((1, 1)) {
                to_cover[i / 64] |= 1 << (i % 64);
            }
        }
        let mut open_start = Vec::with_capacity(options + 1);
        let mut open_items = Vec::new();
        open_start.push(0);
        for option in problem.options() {
            for entry in problem.option(option) {
                let item = entry.item().index();
                if item < primaries && has(&to_cover, item as u32) {
                    open_items.push(item as u32);
                }
            }
            open_start.push(open_items.len() as u32);
        }
        let mut bits = Bits {
            words,
            item_words,
            primaries,
            masks,
            kill_start,
            kills,
            conflicts,
            live: vec![0; depth * words],
            nonzero: vec![0; depth * words],
            nonzero_len: vec![0; depth],
            uncovered: vec![0; depth.max(1) * item_words],
            to_cover,
            root: Vec::new(),
            counts: Vec::new(),
            count_len: primaries.div_ceil(COUNT_CHUNK) * COUNT_CHUNK,
            open_start,
            open_items,
            item: vec![NONE; depth],
            alone: vec![false; depth],
            slot: (0..depth as u32).collect(),
            open_left: vec![0; depth],
            next: Next::Solution,
            last_item: false,
            updates: 0,
            bounds,
            compact: Compact::new(options, primaries, depth),
        };
        if let Some(bounds) = bits.bounds.as_deref_mut() {
            bounds.set_others(
                (&bits.masks, words),
                (&bits.kill_start, &bits.kills),
                primaries,
            );
        }
        let counting = bits.bounds.is_none() && bits.counting_pays();
        bits.count_as_it_covers(counting);
        bits
    }

    /// Whether counting as it covers should take fewer steps than counting when needed: a
    /// cover then takes a step for each primary item of each option it takes out, where a
    /// node's scan takes one for each word of each uncovered primary item. The options a
    /// cover takes out are estimated by those of the chosen option's items at the root.
    fn counting_pays(&self) -> bool {
        let options = self.kill_start.len() - 1;
        if options == 0 {
            return false;
        }
        let mask_len: Vec<u64> = (0..self.masks.len() / self.words)
            .map(|m| {
                self.mask(m as u32)
                    .iter()
                    .map(|w| u64::from(w.count_ones()))
                    .sum()
            })
            .collect();
        let taken_out: u64 = self.kills.iter().map(|&m| mask_len[m as usize]).sum();
        let open_entries = self.open_items.len() as u64;
        let open = self
            .to_cover
            .iter()
            .map(|w| u64::from(w.count_ones()))
            .sum::<u64>();
        if !self.counts_fit(&mask_len) {
            return false;
        }
        // Per cover, times the options: steps of the counts, and of the scan.
        let counting = taken_out * open_entries / options as u64 + self.primaries as u64;
        let scanning = open * self.words as u64 * options as u64;
        counting < scanning
    }

    /// Whether a [`Count`] holds every primary item, with its number of options (`mask_len`,
    /// the options of each mask).
    fn counts_fit(&self, mask_len: &[u64]) -> bool {
        self.primaries <= 1 << 16
            && mask_len[..self.primaries]
                .iter()
                .all(|&len| len < MAX_COUNTED)
    }

    /// Counts each primary item's live options as each cover takes them out, or (`false`)
    /// when a node's scan needs them; the tree is the same. Puts the table back at the root.
    pub(crate) fn count_as_it_covers(&mut self, counting: bool) {
        debug_assert!(
            !counting
                || self.counts_fit(
                    &(0..self.primaries)
                        .map(|i| {
                            self.mask(i as u32)
                                .iter()
                                .map(|w| u64::from(w.count_ones()))
                                .sum()
                        })
                        .collect::<Vec<_>>()
                ),
            "an item of more options than a count holds, or too many items"
        );
        let levels = self.nonzero_len.len();
        // Zeros, which the allocator gives as pages the system maps when they are first
        // written: a level's counts are written whole before they are read.
        self.counts = if counting {
            vec![0; levels.max(1) * self.count_len]
        } else {
            Vec::new()
        };
        // Where the levels keep counts, a compact level's scan (a popcount for each item
        // left) pays only with few items: the counts' pass over many takes them on vectors.
        self.compact.allow(!counting || self.item_words == 1);
        self.start();
    }

    /// Takes each option's masks of secondary items and colors one by one in the tree of
    /// bounds, as for a problem too large to keep them together.
    #[cfg(test)]
    pub(crate) fn take_masks_one_by_one(&mut self) {
        let words = self.words;
        if let Some(bounds) = self.bounds.as_deref_mut() {
            bounds.drop_rows(words);
        }
    }

    /// Takes no level on one word ([`compact`](super::compact)): the tree is the same.
    #[cfg(test)]
    pub(crate) fn without_compact_levels(&mut self) {
        self.compact.allow(false);
        self.start();
    }

    /// Whether the table counts as it covers.
    pub(crate) fn counts_as_it_covers(&self) -> bool {
        !self.counts.is_empty()
    }

    /// A copy, or `None` when the allocator refuses the memory for its arrays.
    pub fn try_clone(&self) -> Option<Bits> {
        Some(Bits {
            masks: try_copy(&self.masks)?,
            kill_start: try_copy(&self.kill_start)?,
            kills: try_copy(&self.kills)?,
            conflicts: try_copy(&self.conflicts)?,
            live: try_copy(&self.live)?,
            nonzero: try_copy(&self.nonzero)?,
            nonzero_len: try_copy(&self.nonzero_len)?,
            uncovered: try_copy(&self.uncovered)?,
            to_cover: try_copy(&self.to_cover)?,
            root: try_copy(&self.root)?,
            counts: try_copy(&self.counts)?,
            open_start: try_copy(&self.open_start)?,
            open_items: try_copy(&self.open_items)?,
            item: try_copy(&self.item)?,
            alone: try_copy(&self.alone)?,
            slot: try_copy(&self.slot)?,
            open_left: try_copy(&self.open_left)?,
            bounds: match &self.bounds {
                Some(bounds) => Some(Box::new(bounds.try_clone()?)),
                None => None,
            },
            compact: self.compact.try_clone()?,
            ..*self
        })
    }

    /// Word `w` of the set of all options (every word has a bit: the last one at least its
    /// first).
    fn all_options(&self, w: usize) -> u64 {
        let bits = (self.kill_start.len() - 1 - 64 * w).min(64);
        if bits == 64 {
            !0
        } else {
            (1 << bits) - 1
        }
    }

    /// Takes the options `options`, which can be in one solution, before the root (see
    /// `Solver::given`): the root's live set loses them and what they rule out, and their
    /// items to be covered are covered. In the tree of bounds, a primary item counts them as
    /// taken at the root, which closes it (and takes out its options) when they fill it.
    pub fn give(&mut self, options: &[OptionId]) {
        let p = self.primaries;
        let bounded = self.bounds.is_some();
        let mut root: Vec<u64> = (0..self.words).map(|w| self.all_options(w)).collect();
        let mut taken = vec![0; if bounded { p } else { 0 }];
        for &option in options {
            let o = option.index();
            root[o / 64] &= !(1 << (o % 64));
            for &m in &self.kills[self.kill_start[o] as usize..self.kill_start[o + 1] as usize] {
                if bounded && (m as usize) < p {
                    taken[m as usize] += 1;
                    continue;
                }
                for (word, mask) in root.iter_mut().zip(self.mask(m)) {
                    *word &= !mask;
                }
            }
            for k in self.open_start[o]..self.open_start[o + 1] {
                let i = self.open_items[k as usize];
                self.to_cover[i as usize / 64] &= !(1 << (i % 64));
            }
        }
        // The root of the bounds' tree closes the items the given options fill.
        if let Some(bounds) = self.bounds.as_deref_mut() {
            bounds.given = taken;
        }
        self.root = root;
        self.start();
    }

    /// Puts the table back at the root: every option live (or those the given options
    /// leave), every primary item to be covered uncovered.
    pub(super) fn start(&mut self) {
        let words = self.words;
        if self.nonzero_len.is_empty() {
            return;
        }
        let mut len = 0;
        for w in 0..words {
            let word = match self.root.get(w) {
                Some(&word) => word,
                None => self.all_options(w),
            };
            if word != 0 {
                self.live[len] = word;
                self.nonzero[len] = w as u32;
                len += 1;
            }
        }
        self.nonzero_len[0] = len as u32;
        self.last_item = false;
        self.compact.from = usize::MAX;
        self.compact.options[0] = self.live[..len].iter().map(|w| w.count_ones()).sum();
        if self.bounds.is_some() {
            self.start_bounded();
            return;
        }
        self.uncovered[..self.item_words].copy_from_slice(&self.to_cover);
        self.open_left[0] = self.to_cover.iter().map(|w| w.count_ones()).sum();
        self.last_item = self.open_left[0] == 1;
        if self.counts_as_it_covers() {
            for i in 0..self.primaries {
                self.counts[i] = if has(&self.to_cover, i as u32) {
                    let (live, places) = self.live_at(0);
                    let mask = self.mask(i as u32);
                    let number: u32 = live
                        .iter()
                        .zip(places)
                        .map(|(&word, &w)| (word & mask[w as usize]).count_ones())
                        .sum();
                    number * ONE + i as Count
                } else {
                    NOT_OPEN
                };
            }
            self.counts[self.primaries..self.count_len].fill(NOT_OPEN);
        }
        if self.compact.roots_at(self.compact.options[0]) {
            self.enter_compact(0, 0);
        }
        self.next = match self.scan(0) {
            Ok(next) => next,
            Err(item) => Next::Item(item, 0),
        };
    }
}
