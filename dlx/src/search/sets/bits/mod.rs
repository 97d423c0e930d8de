//! The bit-set search ([`Tree::Bitsets`](crate::Tree::Bitsets)): Algorithms X and C on
//! bit sets of options, walking the sparse sets' tree, and Algorithm M's bounds.
//!
//! The table: a mask for every primary item (the options that have it), every secondary item
//! (the same) and every color a secondary item takes (its options of another color or of
//! none), each a bit set over the options; and each option's list of masks, the options its
//! choice rules out. Each level keeps its own set of live options and of uncovered primary
//! items, so choosing an option writes the next level's sets (the live set less the option's
//! masks, word by word) and backtracking writes nothing. A level whose item has a single
//! live option (a forced move) is never come back to for another, so its choice writes over
//! the level's own sets and the next level keeps them where they are: a slot of sets is
//! copied only at a level of more than one option. A level with one item left to cover has
//! only solutions as branches (each live option of the item covers all that is left), which
//! a count takes at once ([`Branch::Leaves`]), with the updates their covers would count.
//! An item's number of options is counted when it is needed, by the popcount of the live set
//! and its mask, over the words where the live set is not zero (each level lists them).
//!
//! That scan reads a word per uncovered primary item per word of the live set, at every
//! node: cheap for a few items of many options (pentominoes: 72 items), dear for many items
//! of few options each (a sudoku: 240 to 324 items of at most 9 options, 4 to 12 words). On
//! such problems each level keeps every primary item's count instead, written as the cover
//! takes options out (a step for each primary item of each option taken out), and the scan
//! is the least count, a pass over an array that runs on vectors (the loop is built a third
//! time for CPUs with AVX2), each count carrying its item so that the least is the first
//! item of the fewest options. [`Bits::new`] takes the way whose steps per cover,
//! estimated from the options each option rules out at the root, are fewer; the tree is
//! the same.
//!
//! Problems with bounds that are not read as Algorithm C's walk a tree of their own
//! ([`bounded`]); what follows is about the others.
//!
//! The tree is the sparse sets' ([`sparse`](super::sparse)), node for node: at each node, the
//! uncovered primary item with the fewest live options, the first in item order among
//! equals; and a cover fails, without a node, when it leaves an uncovered primary item without
//! options (only at the root is such an item a node, a dead end). Since each level's live set
//! is exactly the options alive there, each level's scan for the next item runs inside the
//! cover, and a cover that fails is known before its level is counted. An update here is an
//! option taken out of the live set by a cover, of every option tried.
//!
//! The sets cost a word per 64 options per mask, and a node's scan a word per 64 options per
//! uncovered primary item: [`Bits::fits`] keeps the table to problems whose masks and levels
//! take at most [`MAX_WORDS`] words and whose scans read at most [`MAX_SCAN`]; the others walk
//! the same tree on the sparse sets.
//!
//! Below a level of at most 64 live options, each level's live set is one word in that
//! level's numbering of its options ([`compact`]): an item's count is one popcount, a cover
//! one word; in both trees, and where the levels keep counts only with at most 64 primary
//! items (else the counts' pass on vectors is cheaper than a popcount per item).
//!
//! The rooms: `table.rs` builds the table and its root (where options given in advance are
//! taken), `moves.rs` holds the scan and the cover, `bounded.rs` the tree of bounds,
//! `subtree.rs` its subtrees of one item, `compact.rs` the levels on one word, `walk.rs` the
//! loop's steps under a compact root of the tree of bounds, taken by the table itself, and
//! this file the table's place in the sets' loop.

mod bounded;
mod compact;
mod moves;
mod subtree;
mod table;
mod walk;

use bounded::Bounds;
pub(crate) use bounded::NULL_MOVE;
use compact::Compact;

use super::{Branch, SetTable, Walk, Walked};
use crate::error::PrefixError;
use crate::problem::{ItemId, OptionId, Problem};
use crate::search::{Event, Search};
use crate::unchecked::{at_mut, span, span_mut, value_at as at};

/// The most 64-bit words the masks and the levels' sets may take together (64 MiB).
pub(crate) const MAX_WORDS: u64 = 1 << 23;

/// The most words of masks a node's scan may read: primary items times words per set. Past
/// it a node of the sparse sets, whose work follows what a cover changes and not the
/// problem's size, is the better bet.
pub(crate) const MAX_SCAN: u64 = 1 << 15;

/// The most words the options' masks, each option's together, may take: a cover then reads
/// one word of them per word of the live set instead of one per item of the option.
const MAX_CONFLICTS: usize = 1 << 14;

/// The item of a level with nothing chosen yet.
const NONE: u32 = u32::MAX;

/// The count of a primary item that is covered, or that is not to be covered.
const NOT_OPEN: Count = Count::MAX;

/// A level's count of an item's live options, where the table keeps them, with the item:
/// `number << 16 | item`. So the least count of a level is its first item of the fewest
/// options, which one pass over the counts finds on vectors, eight at a time (without the
/// item, a second pass had to find where the fewest was). A problem with an item of
/// [`MAX_COUNTED`] options or more, or with more primary items than 16 bits number, counts
/// when needed.
type Count = u32;

/// What one option less takes from an item's [`Count`].
const ONE: Count = 1 << 16;

/// A level's counts are a whole number of chunks of this many (the last padded with
/// [`NOT_OPEN`]), which the scan takes four vectors at a time, with no remainder to loop on.
const COUNT_CHUNK: usize = 32;

/// The options an item may have where the levels keep counts: fewer than this.
const MAX_COUNTED: u64 = u16::MAX as u64;

/// What the next level branches on, found by the cover that leads there.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Next {
    /// The item and its number of live options (0 is a dead end).
    Item(u32, u32),
    Solution,
}

impl Next {
    /// What a scan found: the first item left without options at the root (`dead`), else
    /// the best item with its number (`best`, [`NONE`] for none: a solution).
    fn found(dead: Option<u32>, (number, item): (u32, u32)) -> Next {
        match (dead, item) {
            (Some(item), _) => Next::Item(item, 0),
            (None, NONE) => Next::Solution,
            (None, item) => Next::Item(item, number),
        }
    }
}

/// The bit-set table and the levels' sets.
#[derive(Clone, Debug)]
pub(crate) struct Bits {
    /// Words per bit set of options.
    words: usize,
    /// Words per set of primary items.
    item_words: usize,
    primaries: usize,
    /// Mask `m` at `masks[m * words..]`: for `m` below `primaries`, the options of primary
    /// item `m`.
    masks: Vec<u64>,
    /// The masks of option `o`: `kills[kill_start[o]..kill_start[o + 1]]`.
    kill_start: Vec<u32>,
    kills: Vec<u32>,
    /// Option `o`'s masks together at `conflicts[o * words..]`, when all of them take at
    /// most [`MAX_CONFLICTS`] words (else empty, and in the tree of bounds, which keeps
    /// rows of its own).
    conflicts: Vec<u64>,
    /// Level `l`'s live options: the words of the set that are not zero, `nonzero_len[l]`
    /// of them from `live[l * words..]`, and their places in the set, in increasing order,
    /// from `nonzero[l * words..]`.
    live: Vec<u64>,
    nonzero: Vec<u32>,
    nonzero_len: Vec<u32>,
    /// Level `l`'s uncovered primary items at `uncovered[l * item_words..]`, of those that
    /// are to be covered (bounds 1:1; the others are secondary items here).
    uncovered: Vec<u64>,
    /// The primary items to be covered, uncovered at the root.
    to_cover: Vec<u64>,
    /// The root's live options, when options were given ([`give`](Self::give)); empty when
    /// every option is live there.
    root: Vec<u64>,
    /// When the table counts as it covers ([`Bits::counts_as_it_covers`]): level `l`'s
    /// number of live options of each primary item, with the item ([`Count`]), at
    /// `counts[slot[l] * count_len..]`, [`NOT_OPEN`] for an item covered or not to be
    /// covered; else empty. A level's counts take `count_len` places: the primary items,
    /// then [`NOT_OPEN`] up to a whole number of [`COUNT_CHUNK`]s.
    counts: Vec<Count>,
    count_len: usize,
    /// The primary items to be covered of option `o`:
    /// `open_items[open_start[o]..open_start[o + 1]]`.
    open_start: Vec<u32>,
    open_items: Vec<u32>,
    /// The item each applied level branches on.
    item: Vec<u32>,
    /// Whether that item has one live option at its level (a forced move).
    alone: Vec<bool>,
    /// Where level `l`'s sets and counts are: at slot `slot[l]` of the arrays above, which
    /// hold a level's sets at `l` in the tree of bounds. Elsewhere a level of one option
    /// ([`Bits::cover`]) hands its slot on to the next level, so a slot is a level of more
    /// than one option, or the root.
    slot: Vec<u32>,
    /// The primary items to be covered that a slot's level leaves uncovered, how many.
    open_left: Vec<u32>,
    /// What the deepest level reached branches on.
    next: Next,
    /// Whether that level's subtree may be counted at once ([`Branch::Leaves`]): it has one
    /// item left to cover, so that each of the item's live options covers all that is left
    /// and each branch is a solution; in the tree of bounds, its item is the only one with
    /// options (see [`Bits::scan_bounded`]).
    last_item: bool,
    updates: u64,
    /// Algorithm M's bounds, for a problem whose bounds are not read as Algorithm C's
    /// ([`bounded`]).
    bounds: Option<Box<Bounds>>,
    /// The levels on one word, below a level of at most 64 live options ([`compact`]).
    compact: Compact,
}

/// Whether option `o` is in `set`.
fn has(set: &[u64], o: u32) -> bool {
    set[o as usize / 64] >> (o % 64) & 1 != 0
}

/// Whether option `o` is in the set whose nonzero words are `words`, at places `places`.
fn has_live((words, places): (&[u64], &[u32]), o: u32) -> bool {
    let k = places.partition_point(|&w| w < o / 64);
    k < places.len() && places[k] == o / 64 && words[k] >> (o % 64) & 1 != 0
}

impl Bits {
    /// Whether the table keeps bounds of its own (Algorithm M's problems), so that a level
    /// may be a [`NULL_MOVE`].
    pub(crate) fn has_bounds(&self) -> bool {
        self.bounds.is_some()
    }

    /// Copies slot `from`'s uncovered items to slot `to`.
    #[inline(always)]
    fn copy_uncovered(&mut self, from: usize, to: usize) {
        let iw = self.item_words;
        if iw == 1 {
            // A call to copy one word costs more than the word.
            *at_mut(&mut self.uncovered, to) = at(&self.uncovered, from);
        } else {
            self.uncovered
                .copy_within(from * iw..(from + 1) * iw, to * iw);
        }
    }

    /// Whether the bit sets search `problem`'s bounds (Algorithm M) as Algorithm C would: when
    /// every primary item is to be covered once (bounds 1:1) or at most once (0:1), and every
    /// option has an item of bounds 1:1. An item of bounds 0:1 is then a secondary item, and
    /// the solutions are the same: an option without a 1:1 item is the only kind Algorithm C
    /// would never choose, where Algorithm M would.
    pub fn takes_bounds(problem: &Problem) -> bool {
        let must = |item: ItemId| problem.bounds(item) == Some((1, 1));
        (0..problem.primary_count())
            .all(|i| matches!(problem.bounds(ItemId::new(i)), Some((0 | 1, 1))))
            && problem
                .options()
                .all(|option| problem.option(option).iter().any(|e| must(e.item())))
    }

    /// The levels a search of `problem` may take, its solution's included.
    pub fn depth(problem: &Problem) -> usize {
        if problem.engine() == crate::Engine::M && !Bits::takes_bounds(problem) {
            Bounds::depth(problem)
        } else {
            problem.primary_count() + 1
        }
    }

    /// Whether the table of `problem` (searched to `depth` levels) takes at most
    /// [`MAX_WORDS`] words, and a node's scan at most [`MAX_SCAN`].
    pub fn fits(problem: &Problem, depth: usize) -> bool {
        let words = problem.option_count().div_ceil(64) as u64;
        // At most one color mask per entry of a secondary item.
        let masks = problem.item_count() as u64 + problem.entry_count() as u64;
        // With bounds, each level's counts of each primary item's live options and of the
        // options it took, two to a word.
        let taken = match problem.engine() == crate::Engine::M && !Bits::takes_bounds(problem) {
            true => depth as u64 * problem.primary_count() as u64,
            false => 0,
        };
        // Each level's primary items left to cover, a bit each.
        let uncovered =
            (depth.max(1) as u64).saturating_mul(problem.primary_count().div_ceil(64) as u64);
        (masks + 2 * depth as u64)
            .saturating_mul(words)
            .saturating_add(taken)
            .saturating_add(uncovered)
            <= MAX_WORDS
            && (problem.primary_count() as u64).saturating_mul(words) <= MAX_SCAN
    }

    /// Records what the level a cover reached branches on, from its scan: true, or false
    /// when the cover fails (then `next` is the item left short, which a prefix given as
    /// options meets next: see `node_of`).
    #[inline(always)]
    fn reached(&mut self, scanned: Result<Next, u32>) -> bool {
        match scanned {
            Ok(next) => {
                self.next = next;
                true
            }
            Err(item) => {
                self.next = Next::Item(item, 0);
                false
            }
        }
    }

    fn mask(&self, m: u32) -> &[u64] {
        span(&self.masks, m as usize * self.words, self.words)
    }

    /// Level `level`'s live set: its nonzero words and their places.
    #[inline(always)]
    fn live_at(&self, level: usize) -> (&[u64], &[u32]) {
        let slot = at(&self.slot, level) as usize;
        let len = at(&self.nonzero_len, slot) as usize;
        let from = slot * self.words;
        (span(&self.live, from, len), span(&self.nonzero, from, len))
    }
}

impl SetTable for Bits {
    #[inline(always)]
    fn solved(&self) -> bool {
        self.next == Next::Solution
    }

    #[inline(always)]
    fn branch(&mut self, level: usize) -> Branch {
        match self.next {
            Next::Solution => Branch::Solution,
            Next::Item(_, 0) => Branch::DeadEnd,
            Next::Item(item, number) => {
                *at_mut(&mut self.item, level) = item;
                *at_mut(&mut self.alone, level) = number == 1;
                let first = self.option_after(level, item, None);
                let first = first.expect("an item with options");
                let bound = match (self.last_item, self.bounds.is_some()) {
                    (false, _) => None,
                    (true, false) => Some(u64::from(number)),
                    (true, true) => self.subtree_bound(level, item, number),
                };
                match bound {
                    Some(bound) => Branch::Leaves { bound, first },
                    None => Branch::First(first),
                }
            }
        }
    }

    #[inline(always)]
    fn count_leaves(&mut self, level: usize, profile: &mut [u64]) -> (u64, u64) {
        if self.bounds.is_some() {
            return self.count_bounded_subtree(level, profile);
        }
        // Each leaf a node one level down, and a solution.
        let leaves = Bits::count_leaves(self, level);
        profile[0] += leaves;
        (leaves, leaves)
    }

    #[inline(always)]
    fn walk(&mut self, level: usize, node: u32, walk: Walk<'_>) -> Option<Walked> {
        (self.bounds.is_some() && self.compact.holds(level) && self.item_words == 1)
            .then(|| self.walk_bounded_compact(level, node, walk))
    }

    #[inline(always)]
    fn next_option(&mut self, level: usize, o: u32) -> Option<u32> {
        if self.bounds.is_some() {
            return self.next_bounded(level, o);
        }
        if at(&self.alone, level) {
            // A forced move has no other option, and its sets may be written over.
            return None;
        }
        self.option_after(level, at(&self.item, level), Some(o))
    }

    #[inline(always)]
    fn cover<const COLORS: bool>(&mut self, level: usize, o: u32) -> bool {
        if self.bounds.is_some() {
            return self.cover_bounded(level, o);
        }
        Bits::cover(self, level, o)
    }

    fn apply<const COLORS: bool>(&mut self, level: usize, o: u32) -> Option<(bool, u64)> {
        let before = self.updates;
        let covered = if self.bounds.is_some() {
            self.item[level] = self.branch_item_bounded(level, o)?;
            self.cover_bounded(level, o)
        } else {
            self.item[level] = self.branch_item(level, o)?;
            self.alone[level] = matches!(self.next, Next::Item(_, 1));
            Bits::cover(self, level, o)
        };
        Some((covered, self.updates - before))
    }

    /// A node is its option's number, or with bounds [`NULL_MOVE`] where the option is not
    /// one of the level's item's and the item may take no more.
    fn node_of(
        &self,
        problem: &Problem,
        level: usize,
        option: OptionId,
    ) -> Result<(u32, bool), PrefixError> {
        // After a cover that fails, `next` is the item it left without options.
        let Next::Item(item, _) = self.next else {
            return Err(PrefixError::TooLong { level });
        };
        let o = option.index() as u32;
        let node = if self.bounds.is_some() {
            self.branch_item_bounded(level, o)
                .map(|_| (o, true))
                .or_else(|| {
                    self.branch_item_bounded(level, NULL_MOVE)
                        .map(|_| (NULL_MOVE, false))
                })
        } else {
            self.branch_item(level, o).map(|_| (o, true))
        };
        node.ok_or_else(|| PrefixError::NotAChoice {
            level,
            option: option.index(),
            item: problem.item_name(ItemId::new(item as usize)).to_owned(),
        })
    }

    fn options_among(&self, nodes: &[u32]) -> usize {
        nodes.iter().filter(|&&node| node != NULL_MOVE).count()
    }

    fn untried(&self, level: usize, o: u32) -> Vec<u32> {
        if self.bounds.is_some() {
            return std::iter::successors(self.next_bounded(level, o), |&next| {
                self.next_bounded(level, next)
            })
            .collect();
        }
        let item = self.item[level];
        std::iter::successors(self.option_after(level, item, Some(o)), |&next| {
            self.option_after(level, item, Some(next))
        })
        .collect()
    }

    fn reset(&mut self) {
        self.start();
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn set_updates(&mut self, updates: u64) {
        self.updates = updates;
    }
}

impl Search {
    fn bits(&self) -> &Bits {
        match &self.table {
            crate::search::TreeTable::Bits(table) => table,
            _ => unreachable!("a bit-set search"),
        }
    }

    /// Runs the bit-set search until the next solution, checkpoint, prefix, or the end.
    pub(in crate::search) fn run_bits(&mut self) -> Event {
        // A popcount is most of a node's work, and the default x86-64 target has no
        // instruction for it: the loop is built a second time with one, for the CPUs that
        // have it. Where the levels keep counts, most of it is the pass over them, which
        // AVX2 takes sixteen counts at a time (the default target has no minimum of unsigned
        // 16-bit words at all): a third time, which the tree of bounds takes too (a level's
        // numbers copied in one call, on vectors).
        #[cfg(target_arch = "x86_64")]
        if (self.bits().counts_as_it_covers() || self.bits().bounds.is_some())
            && std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("popcnt")
        {
            // SAFETY: this CPU has the AVX2 and popcnt instructions, as just checked.
            #[allow(unsafe_code)]
            return unsafe { self.run_bits_avx2() };
        }
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: this CPU has the popcnt instruction, as just checked.
            #[allow(unsafe_code)]
            return unsafe { self.run_bits_popcnt() };
        }
        self.run_bits_loop()
    }

    /// [`run_bits`](Self::run_bits) with the popcnt instruction.
    ///
    /// # Safety
    ///
    /// The CPU must have the popcnt instruction.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    #[inline(never)]
    #[allow(unsafe_code)]
    unsafe fn run_bits_popcnt(&mut self) -> Event {
        self.run_bits_loop()
    }

    /// [`run_bits`](Self::run_bits) with the AVX2 and popcnt instructions.
    ///
    /// # Safety
    ///
    /// The CPU must have the AVX2 and popcnt instructions.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt")]
    #[inline(never)]
    #[allow(unsafe_code)]
    unsafe fn run_bits_avx2(&mut self) -> Event {
        self.run_bits_loop()
    }

    #[inline(always)]
    fn run_bits_loop(&mut self) -> Event {
        let mut taken = self.table.take();
        let crate::search::TreeTable::Bits(table) = &mut taken else {
            unreachable!("a bit-set search")
        };
        // The colors are in the masks: one loop for Algorithms X and C.
        let event = self.run_sets::<Bits, false>(table);
        self.table = taken;
        event
    }

    /// The bit sets' "`k` of `d`" at `level`.
    pub(in crate::search) fn bits_position(&self, level: usize) -> (u32, u32) {
        self.bits().position(level, self.choice[level])
    }
}
