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
//! A level whose item is the only active one with live options roots a subtree that is all
//! that item's: its nodes are the sets of the item's options that the level's choices
//! leave compatible, and a count that needs no solution's options walks it by itself
//! ([`Bits::count_bounded_subtree`]), on the level's live words alone, with each option's
//! masks of secondary items and colors taken together (a row for each option, which the
//! covers use too). Under a compact root ([`compact`](super::compact)) the numbering is the
//! root's, and an active item without live options that needs none leaves the active items
//! of the levels below, where it can take nothing more.
//!
//! The tree is the bit sets' own, not Knuth's; a null move is the node [`NULL_MOVE`], which
//! names no option, and a prefix given as options takes a level whose item the next option
//! does not cover as the item's null move, as Algorithm M's links do.

use super::moves::TakeOut;
use super::{at, at_mut, span, span_mut, Bits, Next, MAX_CONFLICTS, NONE};
use crate::problem::{ItemId, Problem};

/// The chosen options' counts a compact cover copies at once when there are at most as
/// many primary items; the records have as many entries more at their end.
const TAKEN_COPY: usize = 32;

/// The node of a null move.
pub(crate) const NULL_MOVE: u32 = u32::MAX;

/// The bounds of the primary items and what each level has taken.
#[derive(Clone, Debug)]
pub(super) struct Bounds {
    /// The bounds `u:v` of primary item `i`, `v` at most its number of options.
    pub(super) lower: Vec<u32>,
    pub(super) upper: Vec<u32>,
    /// Level `l`'s records at `state[2 * primaries * l..]`: for each primary item its
    /// number of live options, then for each its number of chosen options; copied whole by
    /// a cover to the next level, with one call. The cover lowers the first for each option
    /// it takes out, so that the scan reads it instead of counting the item's mask in the
    /// live set.
    pub(super) state: Vec<u32>,
    /// The primary items of option `o`: `primary_items[primary_start[o]..primary_start[o +
    /// 1]]`.
    pub(super) primary_start: Vec<u32>,
    pub(super) primary_items: Vec<u32>,
    /// Option `o`'s masks of secondary items and colors together at `others[o * words..]`,
    /// when all of them take at most [`MAX_CONFLICTS`] words, then a row of none, for the
    /// null move; else the row of none alone, and a cover takes the masks one by one.
    pub(super) others: Vec<u64>,
    /// The masks a cover takes out besides its item's options and the row of `others`,
    /// written by each cover: the primary items it fills, and without the rows, its
    /// secondary items and colors.
    applied: Vec<u32>,
    /// Where [`Bits::count_bounded_subtree`] is in each level of a subtree: the level's
    /// live options and the item's options not yet tried, as words of the subtree's own
    /// numbering of its options.
    pub(super) cursor: Vec<(u64, u64)>,
    /// What each of the subtree's item's options rules out, in that numbering.
    pub(super) subtree: Vec<u64>,
    /// The root's, from the given options (`Bits::give`); empty for none.
    pub(super) given: Vec<u32>,
}

impl Bounds {
    /// A copy, or `None` when the allocator refuses the memory for its arrays.
    pub(super) fn try_clone(&self) -> Option<Bounds> {
        use crate::fallible::try_copy;
        Some(Bounds {
            lower: try_copy(&self.lower)?,
            upper: try_copy(&self.upper)?,
            state: try_copy(&self.state)?,
            primary_start: try_copy(&self.primary_start)?,
            primary_items: try_copy(&self.primary_items)?,
            others: try_copy(&self.others)?,
            applied: try_copy(&self.applied)?,
            cursor: try_copy(&self.cursor)?,
            subtree: try_copy(&self.subtree)?,
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
            state: vec![0; depth.max(1) * 2 * primaries + TAKEN_COPY],
            primary_start,
            primary_items,
            others: Vec::new(),
            applied: Vec::with_capacity(longest),
            cursor: vec![(0, 0); depth.max(1)],
            subtree: vec![0; 64],
            given: Vec::new(),
        })
    }

    /// Writes [`others`](Self::others) from the table's masks, of `words` words each: option
    /// `o`'s are `kills[kill_start[o]..kill_start[o + 1]]`, those below `primaries` its
    /// primary items'.
    pub(super) fn set_others(
        &mut self,
        (masks, words): (&[u64], usize),
        (kill_start, kills): (&[u32], &[u32]),
        primaries: usize,
    ) {
        let options = kill_start.len() - 1;
        if options * words > MAX_CONFLICTS {
            self.others = vec![0; words];
            return;
        }
        self.others = vec![0; (options + 1) * words];
        for o in 0..options {
            let row = &mut self.others[o * words..(o + 1) * words];
            for &m in &kills[kill_start[o] as usize..kill_start[o + 1] as usize] {
                if (m as usize) >= primaries {
                    let mask = &masks[m as usize * words..(m as usize + 1) * words];
                    row.iter_mut()
                        .zip(mask)
                        .for_each(|(gone, &word)| *gone |= word);
                }
            }
        }
    }

    /// Drops the rows of [`others`](Self::others), as for a problem too large for them.
    #[cfg(test)]
    pub(super) fn drop_rows(&mut self, words: usize) {
        self.others = vec![0; words];
    }

    /// Whether [`others`](Self::others) has a row for each option.
    pub(super) fn has_rows(&self, words: usize) -> bool {
        self.others.len() > words
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

/// What a level of the tree of bounds branches on ([`Bits::scan_bounded`]), from its active
/// primary items `uncovered`, the options each has taken (`taken`, by item), the items'
/// bounds and `live(i)`, item `i`'s number of live options; `root` for the search's first
/// level. And the items of the first word of `uncovered` that have no live option and need
/// none.
#[inline(always)]
pub(super) fn scan_items(
    uncovered: &[u64],
    taken: &[u32],
    (lower, upper): (&[u32], &[u32]),
    root: bool,
    live: impl Fn(usize) -> u32,
) -> (Result<Next, u32>, bool, u64) {
    let mut best = (u32::MAX, NONE);
    // Among equals, Knuth's: the least `s`, then the most `b` (see the module's docs).
    let mut best_key = (u32::MAX, 0);
    let mut with_options = 0;
    let mut inert = 0;
    for (w, &word) in uncovered.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let item = 64 * w + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (count, taken) = (live(item), at(taken, item));
            let needed = at(lower, item).saturating_sub(taken);
            if count < needed {
                // At the root, a dead end: a node with no branch.
                let short = match root {
                    true => Ok(Next::Item(item as u32, 0)),
                    false => Err(item as u32),
                };
                return (short, false, 0);
            }
            let branches = count + 1 - needed;
            with_options += u32::from(count > 0);
            if count == 0 {
                // It needs none, since it has as many as it needs.
                inert |= u64::from(w == 0) << (item % 64);
                continue;
            }
            if branches > best.0 {
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
    (Ok(Next::found(None, best)), with_options == 1, inert)
}

/// Copies the `N` records of `state` from `from` to `to`, past `from`: a copy of a length
/// the compiler knows, a few vector moves.
#[inline(always)]
fn copy_block<const N: usize>(state: &mut [u32], from: usize, to: usize) {
    let records: [u32; N] = span(state, from, N).try_into().expect("a block");
    span_mut(state, to, N).copy_from_slice(&records);
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
        needed_at(
            (&bounds.state, &bounds.lower),
            self.primaries,
            level,
            i as usize,
        )
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
        self.compact.options[0] = self.live[..kept].iter().map(|w| w.count_ones()).sum();
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
        if self.compact.roots_at(self.compact.options[0]) {
            self.enter_compact(0, 0);
        }
        let (scanned, last) = self.scan_bounded(0);
        self.next = match scanned {
            Ok(next) => next,
            Err(item) => Next::Item(item, 0),
        };
        self.last_item = last;
    }

    /// What `level` branches on; `Err` with an active item left fewer options than it needs
    /// below the root (the cover that led here fails). And whether the item is the only
    /// active one with options, whose subtree [`count_bounded_subtree`](Self::count_bounded_subtree)
    /// counts at once ([`Branch::Leaves`](super::super::Branch::Leaves)).
    #[inline(always)]
    pub(super) fn scan_bounded(&self, level: usize) -> (Result<Next, u32>, bool) {
        if self.compact.holds(level) {
            let (scanned, last, _) = self.scan_bounded_compact(level);
            return (scanned, last);
        }
        let bounds = self.bounds();
        let p = self.primaries;
        let live = span(&bounds.state, 2 * level * p, p);
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
        let (scanned, last, _) = self.scan_bounded_by(level, |item| at(live, item));
        (scanned, last)
    }

    /// [`scan_bounded`](Self::scan_bounded) under a compact root, and the items of the
    /// first word of active items that have no live option and need none: none of the
    /// levels below can give them one, so they may leave the active items there.
    #[inline(always)]
    fn scan_bounded_compact(&self, level: usize) -> (Result<Next, u32>, bool, u64) {
        let live = self.compact_live(level);
        self.scan_bounded_by(level, |item| {
            (live & self.compact_mask(item as u32)).count_ones()
        })
    }

    /// [`scan_bounded`](Self::scan_bounded) with `live(i)` primary item `i`'s number of live
    /// options, and the items of the first word of active items that have none and need
    /// none.
    #[inline(always)]
    fn scan_bounded_by(
        &self,
        level: usize,
        live: impl Fn(usize) -> u32,
    ) -> (Result<Next, u32>, bool, u64) {
        let (p, iw) = (self.primaries, self.item_words);
        let bounds = self.bounds();
        scan_items(
            span(&self.uncovered, level * iw, iw),
            span(&bounds.state, (2 * level + 1) * p, p),
            (&bounds.lower, &bounds.upper),
            level == 0,
            live,
        )
    }

    /// Chooses option `o` (or the null move) at `level`, whose item is `self.item[level]`:
    /// writes the next level's sets and counts and finds what it branches on. False when the
    /// cover fails.
    #[inline(always)]
    pub(super) fn cover_bounded(&mut self, level: usize, o: u32) -> bool {
        if self.compact.holds(level) {
            return self.cover_bounded_compact(level, o);
        }
        // A level above the compact root, if any: the levels below are no longer under it.
        self.compact.from = usize::MAX;
        let (words, p) = (self.words, self.primaries);
        let item = at(&self.item, level) as usize;
        let bounds = self.bounds.as_deref_mut().expect("bounds");
        let rows = bounds.has_rows(words);
        let Bounds {
            upper,
            state,
            primary_start,
            primary_items,
            others,
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
        // The masks this choice takes out: those of the secondary items and colors of `o`
        // (its row of `others`, or one by one), and of its primary items that it fills (the
        // null move: none, and the row of none); and the item's options up to `through`
        // (all of them for the null move).
        applied.clear();
        let mut row = others.len() - words;
        let through = if o == NULL_MOVE {
            *at_mut(uncovered, item / 64) &= !(1 << (item % 64));
            u32::MAX
        } else {
            if rows {
                row = o as usize * words;
            }
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
                } else if rows {
                    continue;
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
            let first = at(masks, item_mask + w) & upto | at(others, row + w);
            applied
                .iter()
                .fold(first, |gone, &m| gone | at(masks, m as usize * words + w))
        });
        *at_mut(&mut self.nonzero_len, level + 1) = kept as u32;
        self.updates += u64::from(removed);
        let options = at(&self.compact.options, level) - removed;
        *at_mut(&mut self.compact.options, level + 1) = options;
        if self.compact.roots_at(options) {
            self.enter_compact(level + 1, level + 1);
        }
        let (scanned, last) = self.scan_bounded(level + 1);
        self.last_item = last;
        self.reached(scanned)
    }

    /// [`cover_bounded`](Self::cover_bounded) under a compact root
    /// ([`compact`](super::compact)).
    #[inline(always)]
    fn cover_bounded_compact(&mut self, level: usize, o: u32) -> bool {
        let item = at(&self.item, level) as usize;
        let (k, rule) = match o {
            NULL_MOVE => (0, 0),
            _ => self.compact_number_and_rule(o),
        };
        self.compact.count_node();
        let (scanned, last, removed) =
            self.compact_records()
                .0
                .cover::<false>(level, item, (o, k, rule));
        self.updates += u64::from(removed);
        self.last_item = last;
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

/// The records of the levels under a compact root in the tree of bounds that a cover reads
/// and writes, borrowed apart from the rest of the table ([`Bits::compact_records`]), so that
/// a walk of those levels ([`walk`](super::walk)) holds them through its loop.
pub(super) struct CompactCover<'a> {
    pub(super) primaries: usize,
    pub(super) item_words: usize,
    /// Each level's live set, in the numbering.
    pub(super) live: &'a mut [u64],
    /// Each level's active primary items.
    pub(super) uncovered: &'a mut [u64],
    /// [`Bounds::state`].
    pub(super) state: &'a mut [u32],
    /// Each primary item's options, in the numbering.
    pub(super) masks: &'a [u64],
    pub(super) lower: &'a [u32],
    pub(super) upper: &'a [u32],
    pub(super) primary_start: &'a [u32],
    pub(super) primary_items: &'a [u32],
}

impl CompactCover<'_> {
    /// Chooses option `o`, numbered `k`, which rules out `rule` besides its primary items
    /// (or the null move, `o` [`NULL_MOVE`]), at `level`, whose item is `item`: writes the
    /// next level's records and finds what it branches on, as
    /// [`Bits::scan_bounded`]; and the number of options the cover took out. With
    /// `ONE_WORD`, for a table whose primary items take one word.
    #[inline(always)]
    pub(super) fn cover<const ONE_WORD: bool>(
        &mut self,
        level: usize,
        item: usize,
        (o, k, rule): (u32, u32, u64),
    ) -> (Result<Next, u32>, bool, u32) {
        let p = self.primaries;
        let iw = if ONE_WORD { 1 } else { self.item_words };
        if iw == 1 {
            // A call to copy one word costs more than the word.
            *at_mut(self.uncovered, level + 1) = at(self.uncovered, level);
        } else {
            let from = level * iw;
            self.uncovered.copy_within(from..from + iw, from + iw);
        }
        let (taken_now, taken_next) = ((2 * level + 1) * p, (2 * level + 3) * p);
        // A copy of a length the compiler knows is a few vector moves, not a call; it writes
        // past the next level's counts into records that a cover writes before any read.
        if p <= TAKEN_COPY / 2 {
            copy_block::<{ TAKEN_COPY / 2 }>(self.state, taken_now, taken_next);
        } else if p <= TAKEN_COPY {
            copy_block::<TAKEN_COPY>(self.state, taken_now, taken_next);
        } else {
            self.state.copy_within(taken_now..taken_now + p, taken_next);
        }
        let uncovered = span_mut(self.uncovered, (level + 1) * iw, iw);
        let masks = self.masks;
        // As `cover_bounded`: the item's options up to `o` (all of them for the null move),
        // what `o` rules out, and the options of the primary items it fills.
        let mine = at(masks, item);
        let gone = if o == NULL_MOVE {
            *at_mut(uncovered, item / 64) &= !(1 << (item % 64));
            mine
        } else {
            let mut gone = mine & (2u64 << k).wrapping_sub(1) | rule;
            let (first, last) = (
                at(self.primary_start, o as usize) as usize,
                at(self.primary_start, o as usize + 1) as usize,
            );
            for &m in span(self.primary_items, first, last - first) {
                let taken = at_mut(self.state, taken_next + m as usize);
                *taken += 1;
                if *taken >= at(self.upper, m as usize) {
                    *at_mut(uncovered, m as usize / 64) &= !(1 << (m % 64));
                    gone |= at(masks, m as usize);
                }
            }
            gone
        };
        let live = at(self.live, level);
        let out = live & gone;
        *at_mut(self.live, level + 1) = live & !out;
        let (scanned, last, inert) = self.scan::<ONE_WORD>(level + 1);
        *at_mut(self.uncovered, (level + 1) * iw) &= !inert;
        (scanned, last, out.count_ones())
    }

    /// [`Bits::scan_bounded`] of `level`, with the items that may leave its active items
    /// (see [`scan_items`]); `ONE_WORD` as for [`cover`](Self::cover).
    #[inline(always)]
    pub(super) fn scan<const ONE_WORD: bool>(
        &self,
        level: usize,
    ) -> (Result<Next, u32>, bool, u64) {
        let p = self.primaries;
        let iw = if ONE_WORD { 1 } else { self.item_words };
        let live = at(self.live, level);
        scan_items(
            span(self.uncovered, level * iw, iw),
            span(self.state, (2 * level + 1) * p, p),
            (self.lower, self.upper),
            level == 0,
            |item| (live & at(self.masks, item)).count_ones(),
        )
    }

    /// How many more options primary item `item` needs at `level`.
    #[inline(always)]
    pub(super) fn needed(&self, level: usize, item: usize) -> u32 {
        needed_at((self.state, self.lower), self.primaries, level, item)
    }
}

/// How many more options primary item `item` needs at `level`, from the levels' records
/// ([`Bounds::state`], of `primaries` items) and the items' lower bounds.
#[inline(always)]
fn needed_at((state, lower): (&[u32], &[u32]), primaries: usize, level: usize, item: usize) -> u32 {
    let taken = at(state, (2 * level + 1) * primaries + item);
    at(lower, item).saturating_sub(taken)
}
