//! Algorithm M's problems on the bit sets: primary items with bounds `u:v` other than those
//! that [`Bits::takes_bounds`] reads as Algorithm C's.
//!
//! Each level keeps, besides its live options and its active primary items, how many chosen
//! options cover each primary item and how many live options each has: the cover lowers
//! that number for each option it takes out, so that a node's scan reads a number for each
//! active item instead of counting the item's mask in the live set. A node branches on an active item `i`, which still needs
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

use super::moves::TakeOut;
use super::{at, at_mut, span, span_mut, Bits, Next, NONE};
use crate::problem::{ItemId, Problem};

/// The node of a null move.
pub(crate) const NULL_MOVE: u32 = u32::MAX;

/// The bounds of the primary items and what each level has taken.
#[derive(Clone, Debug)]
pub(super) struct Bounds {
    /// The bounds `u:v` of primary item `i`, `v` at most its number of options.
    lower: Vec<u32>,
    upper: Vec<u32>,
    /// Level `l`'s records at `state[2 * primaries * l..]`: for each primary item its
    /// number of live options, then for each its number of chosen options; copied whole by
    /// a cover to the next level, with one call. The cover lowers the first for each option
    /// it takes out, so that the scan reads it instead of counting the item's mask in the
    /// live set.
    state: Vec<u32>,
    /// The primary items of option `o`: `primary_items[primary_start[o]..primary_start[o +
    /// 1]]`.
    primary_start: Vec<u32>,
    primary_items: Vec<u32>,
    /// The masks a cover takes out besides its item's options, written by each cover.
    applied: Vec<u32>,
    /// The root's, from the given options (`Bits::give`); empty for none.
    pub(super) given: Vec<u32>,
}

impl Bounds {
    /// A copy, or `None` when the allocator refuses the memory for its arrays.
    pub(super) fn try_clone(&self) -> Option<Bounds> {
        use crate::links::try_copy;
        Some(Bounds {
            lower: try_copy(&self.lower)?,
            upper: try_copy(&self.upper)?,
            state: try_copy(&self.state)?,
            primary_start: try_copy(&self.primary_start)?,
            primary_items: try_copy(&self.primary_items)?,
            applied: try_copy(&self.applied)?,
            given: try_copy(&self.given)?,
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
        let mut primary_start = vec![0];
        let mut primary_items = Vec::new();
        let mut longest = 0;
        for option in problem.options() {
            let entries = problem.option(option);
            primary_items.extend(
                entries
                    .iter()
                    .map(|entry| entry.item().index())
                    .filter(|&i| i < primaries)
                    .map(|i| i as u32),
            );
            primary_start.push(primary_items.len() as u32);
            longest = longest.max(entries.len());
        }
        Some(Bounds {
            lower,
            upper,
            state: vec![0; depth.max(1) * 2 * primaries],
            primary_start,
            primary_items,
            applied: Vec::with_capacity(longest),
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
        let taken = at(&bounds.state, (2 * level + 1) * self.primaries + i as usize);
        at(&bounds.lower, i as usize).saturating_sub(taken)
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
        let live: Vec<u32> = (0..p as u32)
            .map(|i| {
                Self::count(
                    self.live_at(0),
                    &self.masks,
                    i as usize * self.words,
                    u32::MAX,
                )
            })
            .collect();
        let bounds = self.bounds.as_mut().expect("bounds");
        let (counts, taken) = bounds.state[..2 * p].split_at_mut(p);
        counts.copy_from_slice(&live);
        taken.fill(0);
        taken[..bounds.given.len()].copy_from_slice(&bounds.given);
        let (scanned, last) = self.scan_bounded(0);
        self.next = match scanned {
            Ok(next) => next,
            Err(item) => Next::Item(item, 0),
        };
        self.last_item = last;
    }

    /// What `level` branches on; `Err` with an active item left fewer options than it needs
    /// below the root (the cover that led here fails). And whether each of its branches is
    /// a solution: when no other item has options (nor so needs any), and the item may take
    /// one more option at most, so that each of its options fills it and its null move, if
    /// any, ends it ([`Branch::Leaves`](super::super::sets::Branch::Leaves)).
    #[inline(always)]
    pub(super) fn scan_bounded(&self, level: usize) -> (Result<Next, u32>, bool) {
        let bounds = self.bounds();
        let p = self.primaries;
        let state = span(&bounds.state, 2 * level * p, 2 * p);
        let (live, taken) = state.split_at(p);
        debug_assert!((0..p).all(|i| live[i]
            == Self::count(
                (
                    span(
                        &self.live,
                        level * self.words,
                        self.nonzero_len[level] as usize
                    ),
                    span(
                        &self.nonzero,
                        level * self.words,
                        self.nonzero_len[level] as usize
                    ),
                ),
                &self.masks,
                i * self.words,
                u32::MAX
            )));
        let (lower, upper) = (&bounds.lower[..], &bounds.upper[..]);
        let mut best = (u32::MAX, NONE);
        // Among equals, Knuth's: the least `s`, then the most `b` (see the module's docs).
        let mut best_key = (u32::MAX, 0);
        let mut with_options = 0;
        let uncovered = span(&self.uncovered, level * self.item_words, self.item_words);
        for (w, &word) in uncovered.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let item = 64 * w + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (count, taken) = (at(live, item), at(taken, item));
                let needed = at(lower, item).saturating_sub(taken);
                if count < needed {
                    // At the root, a dead end: a node with no branch.
                    let short = match level {
                        0 => Ok(Next::Item(item as u32, 0)),
                        _ => Err(item as u32),
                    };
                    return (short, false);
                }
                let branches = count + 1 - needed;
                with_options += u32::from(count > 0);
                if count == 0 || branches > best.0 {
                    continue;
                }
                let left = at(upper, item) - taken;
                let slack = at(upper, item) - at(lower, item);
                let key = (slack.min(left), u32::MAX - left);
                if branches < best.0 || key < best_key {
                    best = (branches, item as u32);
                    best_key = key;
                }
            }
        }
        let last = with_options == 1 && {
            let item = best.1 as usize;
            at(upper, item) - at(taken, item) == 1
        };
        (Ok(Next::found(None, best)), last)
    }

    /// Chooses option `o` (or the null move) at `level`, whose item is `self.item[level]`:
    /// writes the next level's sets and counts and finds what it branches on. False when the
    /// cover fails.
    #[inline(always)]
    pub(super) fn cover_bounded(&mut self, level: usize, o: u32) -> bool {
        let (words, p) = (self.words, self.primaries);
        let item = at(&self.item, level) as usize;
        let bounds = self.bounds.as_deref_mut().expect("bounds");
        let Bounds {
            upper,
            state,
            primary_start,
            primary_items,
            applied,
            ..
        } = bounds;
        let (now, next) = span_mut(state, 2 * level * p, 4 * p).split_at_mut(2 * p);
        next.copy_from_slice(now);
        let (counts, next_taken) = next.split_at_mut(p);
        let iw = self.item_words;
        if iw == 1 {
            // A call to copy one word costs more than the word.
            *at_mut(&mut self.uncovered, level + 1) = at(&self.uncovered, level);
        } else {
            let from = level * iw;
            self.uncovered.copy_within(from..from + iw, from + iw);
        }
        let uncovered = span_mut(&mut self.uncovered, (level + 1) * iw, iw);
        // The masks this choice takes out: those of the secondary items and colors of `o`,
        // and of its primary items that it fills (the null move: none); and the item's
        // options up to `through` (all of them for the null move).
        applied.clear();
        let through = if o == NULL_MOVE {
            *at_mut(uncovered, item / 64) &= !(1 << (item % 64));
            u32::MAX
        } else {
            let (first, last) = (
                at(&self.kill_start, o as usize) as usize,
                at(&self.kill_start, o as usize + 1) as usize,
            );
            for &m in span(&self.kills, first, last - first) {
                if (m as usize) < p {
                    let taken = at_mut(next_taken, m as usize);
                    *taken += 1;
                    if *taken < at(upper, m as usize) {
                        continue;
                    }
                    *at_mut(uncovered, m as usize / 64) &= !(1 << (m % 64));
                }
                applied.push(m);
            }
            o
        };
        let (masks, item_mask) = (&self.masks[..], item * words);
        let take = TakeOut {
            live: &mut self.live[..],
            places: &mut self.nonzero[..],
            read: level * words,
            write: (level + 1) * words,
            len: at(&self.nonzero_len, level) as usize,
            counts,
            open_start: primary_start,
            open_items: primary_items,
        };
        let (kept, removed) = take.run::<1>(|w| {
            let w = w as usize;
            // The item's options up to `through`, itself included.
            let upto = match w.cmp(&(through as usize / 64)) {
                std::cmp::Ordering::Less => !0,
                std::cmp::Ordering::Equal => (2u64 << (through % 64)).wrapping_sub(1),
                std::cmp::Ordering::Greater => 0,
            };
            applied
                .iter()
                .fold(at(masks, item_mask + w) & upto, |gone, &m| {
                    gone | at(masks, m as usize * words + w)
                })
        });
        *at_mut(&mut self.nonzero_len, level + 1) = kept as u32;
        self.updates += u64::from(removed);
        let (scanned, last) = self.scan_bounded(level + 1);
        self.last_item = last;
        self.reached(scanned)
    }

    /// Counts the updates of every branch of `level`, each a solution (see
    /// [`scan_bounded`](Self::scan_bounded)): an option takes out its item's options, since
    /// it fills the item, and what its other masks rule out, which is all its masks rule out
    /// (the item is its only active one: the other items have no options); the null move
    /// takes out the item's options.
    #[inline(always)]
    pub(super) fn count_bounded_leaves(&mut self, level: usize) {
        let item = at(&self.item, level);
        let (mut updates, mut options) = (0, 0u32);
        let mut o = self.option_after(level, item, None);
        while let Some(option) = o {
            let taken = self.ruled_out(at(&self.slot, level) as usize, option);
            #[cfg(debug_assertions)]
            self.check_bounded_leaf(level, option, taken);
            updates += u64::from(taken);
            options += 1;
            o = self.option_after(level, item, Some(option));
        }
        if self.needed(level, item) == 0 {
            #[cfg(debug_assertions)]
            self.check_bounded_leaf(level, NULL_MOVE, options);
            updates += u64::from(options);
        }
        self.updates += updates;
    }

    /// Checks a branch that [`count_bounded_leaves`](Self::count_bounded_leaves) did not
    /// take (`node` at `level`, taking out `updates` options) against its cover, written
    /// in the level above, which no level uses at that time: a solution, with the same
    /// updates.
    #[cfg(debug_assertions)]
    fn check_bounded_leaf(&mut self, level: usize, node: u32, updates: u32) {
        let (before, next, last) = (self.updates, self.next, self.last_item);
        assert!(self.cover_bounded(level, node), "a leaf's cover failed");
        assert_eq!(self.next, Next::Solution, "a leaf is not a solution");
        assert_eq!(
            self.updates - before,
            u64::from(updates),
            "a leaf's updates"
        );
        (self.updates, self.next, self.last_item) = (before, next, last);
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
