//! Algorithm M's problems on the bit sets: primary items with bounds `u:v` other than those
//! that [`Bits::takes_bounds`] reads as Algorithm C's.
//!
//! Each level keeps, besides its live options and its active primary items, how many chosen
//! options cover each primary item. A node branches on an active item `i`, which still needs
//! `u - taken` options (at least 0) and has `live` options left: on each of its live options
//! in turn, and last, when it needs none, on the null move, which takes no more options of
//! `i`. Choosing option `o` takes out `o` and the item's options before it (those its earlier
//! branches chose, so that each set of options is found once, in the order of its options
//! for each item), the options of the secondary items and colors `o` rules out, as Algorithm
//! C's cover does, and the options of every primary item of `o` that `o` fills to its bound
//! `v`, which then leaves the active items; the null move takes out the item's options and
//! the item. A cover fails, without a node, when it leaves an active item fewer live options
//! than it needs. An active item that needs none and has no option left takes no branch, and
//! a level is a solution when every active item is such. The item branched on is the one of
//! fewest branches, `live + 1 - needed` (Knuth's branching degree in DLX3, `l + s - b + 1`,
//! where `b` is what the item may still take and `s` the least of `b` and its slack `v -
//! u`); among equals, as his, the one of least `s`, then of most `b`, then the first in
//! item order.
//!
//! The tree is the bit sets' own, not Knuth's; a null move is the node [`NULL_MOVE`], which
//! names no option, and a prefix given as options takes a level whose item the next option
//! does not cover as the item's null move, as Algorithm M's links do.

use super::{at, Bits, Next, NONE};
use crate::problem::{ItemId, Problem};

/// The node of a null move.
pub(crate) const NULL_MOVE: u32 = u32::MAX;

/// The bounds of the primary items and what each level has taken.
#[derive(Clone, Debug)]
pub(super) struct Bounds {
    /// The bounds `u:v` of primary item `i`, `v` at most its number of options.
    lower: Vec<u32>,
    upper: Vec<u32>,
    /// Level `l`'s number of chosen options covering primary item `i`, at
    /// `taken[l * primaries + i]`.
    taken: Vec<u32>,
    /// The root's, from the given options (`Bits::give`); empty for none.
    pub(super) given: Vec<u32>,
}

impl Bounds {
    /// A copy, or `None` when the allocator refuses the memory for its arrays.
    pub(super) fn try_clone(&self) -> Option<Bounds> {
        Some(Bounds {
            lower: crate::links::try_copy(&self.lower)?,
            upper: crate::links::try_copy(&self.upper)?,
            taken: crate::links::try_copy(&self.taken)?,
            given: crate::links::try_copy(&self.given)?,
        })
    }

    /// The bounds of `problem`, when it has some that the bit sets do not read as Algorithm
    /// C's, for `depth` levels.
    pub(super) fn of(problem: &Problem, depth: usize) -> Option<Bounds> {
        if problem.engine() != crate::Engine::M || Bits::takes_bounds(problem) {
            return None;
        }
        let primaries = problem.primary_count();
        let (lower, upper) = options_per_item(problem)
            .into_iter()
            .enumerate()
            .map(|(i, options)| {
                let (u, v) = problem.bounds(ItemId::new(i)).unwrap_or((1, 1));
                (u, v.min(options as u32))
            })
            .unzip();
        Some(Bounds {
            lower,
            upper,
            taken: vec![0; depth.max(1) * primaries],
            given: Vec::new(),
        })
    }

    /// The levels a search may take: each chooses an option, which covers the item it
    /// branches on once more (at most `v` times, and at most once per option), or makes a
    /// null move, which ends an item; and the solution's level.
    pub(super) fn depth(problem: &Problem) -> usize {
        let options: usize = options_per_item(problem)
            .into_iter()
            .enumerate()
            .map(|(i, options)| {
                let (_, v) = problem.bounds(ItemId::new(i)).unwrap_or((1, 1));
                (v as usize).min(options)
            })
            .sum();
        options + problem.primary_count() + 1
    }
}

/// The number of options of each primary item.
fn options_per_item(problem: &Problem) -> Vec<usize> {
    let mut options = vec![0; problem.primary_count()];
    for option in problem.options() {
        for entry in problem.option(option) {
            if let Some(count) = options.get_mut(entry.item().index()) {
                *count += 1;
            }
        }
    }
    options
}

impl Bits {
    fn bounds(&self) -> &Bounds {
        self.bounds.as_deref().expect("bounds")
    }

    /// How many more options primary item `i` needs at `level`.
    #[inline(always)]
    pub(super) fn needed(&self, level: usize, i: u32) -> u32 {
        let bounds = self.bounds();
        let taken = bounds.taken[level * self.primaries + i as usize];
        bounds.lower[i as usize].saturating_sub(taken)
    }

    /// The root of a bounded search, below the given options if any: the primary items
    /// that may take another option active, and the options of those that may take none
    /// out.
    pub(super) fn start_bounded(&mut self) {
        let p = self.primaries;
        self.uncovered[..self.item_words].fill(0);
        let mut closed = vec![0u64; self.words];
        for i in 0..p {
            let bounds = self.bounds();
            let taken = bounds.given.get(i).copied().unwrap_or(0);
            // An item that needs options it cannot take stays, a dead end at the root.
            if bounds.upper[i] > taken || bounds.lower[i] > taken {
                self.uncovered[i / 64] |= 1 << (i % 64);
            } else {
                for (gone, &word) in closed.iter_mut().zip(self.mask(i as u32)) {
                    *gone |= word;
                }
            }
        }
        let mut kept = 0;
        for k in 0..self.nonzero_len[0] as usize {
            let w = self.nonzero[k];
            let left = self.live[k] & !closed[w as usize];
            self.live[kept] = left;
            self.nonzero[kept] = w;
            kept += usize::from(left != 0);
        }
        self.nonzero_len[0] = kept as u32;
        let bounds = self.bounds.as_mut().expect("bounds");
        match bounds.given.len() {
            0 => bounds.taken[..p].fill(0),
            _ => bounds.taken[..p].copy_from_slice(&bounds.given),
        }
        self.next = match self.scan_bounded(0) {
            Ok(next) => next,
            Err(item) => Next::Item(item, 0),
        };
    }

    /// What `level` branches on; `Err` with an active item left fewer options than it needs
    /// below the root (the cover that led here fails).
    #[inline(always)]
    pub(super) fn scan_bounded(&self, level: usize) -> Result<Next, u32> {
        let mut best = (u32::MAX, NONE);
        // Among equals, Knuth's: the least `s`, then the most `b` (see the module's docs).
        let mut best_key = (u32::MAX, 0);
        let mut dead = None;
        let uncovered = &self.uncovered[level * self.item_words..][..self.item_words];
        let live = self.live_at(level);
        let bounds = self.bounds();
        let taken = &bounds.taken[level * self.primaries..][..self.primaries];
        for (w, &word) in uncovered.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let item = (64 * w) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                let needed =
                    at(&bounds.lower, item as usize).saturating_sub(at(taken, item as usize));
                // Past `best + needed` options the item has more branches than the best.
                let enough = best.0.saturating_add(needed);
                let count = Self::count(live, &self.masks, item as usize * self.words, enough);
                if count < needed {
                    if level > 0 {
                        return Err(item);
                    }
                    dead.get_or_insert(item);
                    continue;
                }
                if count == 0 {
                    continue;
                }
                let branches = count + 1 - needed;
                let left = at(&bounds.upper, item as usize) - at(taken, item as usize);
                let slack = at(&bounds.upper, item as usize) - at(&bounds.lower, item as usize);
                let key = (slack.min(left), u32::MAX - left);
                if branches < best.0 || branches == best.0 && key < best_key {
                    best = (branches, item);
                    best_key = key;
                }
            }
        }
        Ok(Next::found(dead, best))
    }

    /// Chooses option `o` (or the null move) at `level`, whose item is `self.item[level]`:
    /// writes the next level's sets and counts and finds what it branches on. False when the
    /// cover fails.
    #[inline(always)]
    pub(super) fn cover_bounded(&mut self, level: usize, o: u32) -> bool {
        let (words, p, iw) = (self.words, self.primaries, self.item_words);
        let item = self.item[level] as usize;
        let bounds = self.bounds.as_deref_mut().expect("bounds");
        let (taken, next_taken) = bounds.taken.split_at_mut((level + 1) * p);
        let (taken, next_taken) = (&taken[level * p..][..p], &mut next_taken[..p]);
        for (next, &now) in next_taken.iter_mut().zip(taken) {
            *next = now;
        }
        for k in 0..iw {
            self.uncovered[(level + 1) * iw + k] = self.uncovered[level * iw + k];
        }
        let uncovered = &mut self.uncovered[(level + 1) * iw..][..iw];
        // The masks this choice takes out: those of the secondary items and colors of `o`,
        // and of its primary items that it fills (the null move: none); and the item's
        // options up to `o` (all of them for the null move).
        let (kills, through): (&[u32], u32) = if o == NULL_MOVE {
            uncovered[item / 64] &= !(1 << (item % 64));
            (&[], u32::MAX)
        } else {
            let kills = &self.kills
                [self.kill_start[o as usize] as usize..self.kill_start[o as usize + 1] as usize];
            for &m in kills {
                let m = m as usize;
                if m < p {
                    next_taken[m] += 1;
                    if next_taken[m] == bounds.upper[m] {
                        uncovered[m / 64] &= !(1 << (m % 64));
                    }
                }
            }
            (kills, o)
        };
        let upper = &bounds.upper;
        let filled = |m: u32| m as usize >= p || next_taken[m as usize] == upper[m as usize];
        let len = self.nonzero_len[level] as usize;
        let (live, next) = self.live.split_at_mut((level + 1) * words);
        let (live, next) = (&live[level * words..][..len], &mut next[..len]);
        let (places, next_places) = self.nonzero.split_at_mut((level + 1) * words);
        let (places, next_places) = (&places[level * words..][..len], &mut next_places[..len]);
        let (masks, item_mask) = (&self.masks[..], item * words);
        let mut kept = 0;
        let mut removed = 0;
        for (&word, &w) in live.iter().zip(places) {
            let w = w as usize;
            let mut gone = 0;
            for &m in kills {
                if filled(m) {
                    gone |= at(masks, m as usize * words + w);
                }
            }
            // The item's options up to `through`, itself included.
            let upto = match w.cmp(&(through as usize / 64)) {
                std::cmp::Ordering::Less => !0,
                std::cmp::Ordering::Equal => (2u64 << (through % 64)).wrapping_sub(1),
                std::cmp::Ordering::Greater => 0,
            };
            gone |= at(masks, item_mask + w) & upto;
            removed += (word & gone).count_ones();
            let left = word & !gone;
            next[kept] = left;
            next_places[kept] = w as u32;
            kept += usize::from(left != 0);
        }
        self.nonzero_len[level + 1] = kept as u32;
        self.updates += u64::from(removed);
        let scanned = self.scan_bounded(level + 1);
        self.reached(scanned)
    }

    /// The branch of `level` after `o`: its item's next live option, then the null move
    /// when the item needs no more.
    #[inline(always)]
    pub(super) fn next_bounded(&self, level: usize, o: u32) -> Option<u32> {
        if o == NULL_MOVE {
            return None;
        }
        let item = self.item[level];
        self.option_after(level, item, Some(o))
            .or_else(|| (self.needed(level, item) == 0).then_some(NULL_MOVE))
    }

    /// The item `level` branches on, if `node` is one of its branches.
    pub(super) fn branch_item_bounded(&self, level: usize, node: u32) -> Option<u32> {
        let Next::Item(item, branches) = self.next else {
            return None;
        };
        if branches == 0 {
            return None;
        }
        if node == NULL_MOVE {
            return (self.needed(level, item) == 0).then_some(item);
        }
        self.branch_item(level, node)
    }
}
