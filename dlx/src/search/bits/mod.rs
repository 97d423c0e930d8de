//! The bit-set search ([`Tree::Bitsets`](crate::Tree::Bitsets)): Algorithms X and C on
//! bit sets of options, walking the sparse sets' tree, and Algorithm M's bounds.
//!
//! The table: a mask for every primary item (the options that have it), every secondary item
//! (the same) and every color a secondary item takes (its options of another color or of
//! none), each a bit set over the options; and each option's list of masks, the options its
//! choice rules out. Each level keeps its own set of live options and of uncovered primary
//! items, so choosing an option writes the next level's sets (the live set less the option's
//! masks, word by word) and backtracking writes nothing. An item's number of options is
//! counted when it is needed, by the popcount of the live set and its mask, over the words
//! where the live set is not zero (each level lists them).
//!
//! That scan reads a word per uncovered primary item per word of the live set, at every
//! node: cheap for a few items of many options (pentominoes: 72 items), dear for many items
//! of few options each (a sudoku: 240 to 324 items of at most 9 options, 4 to 12 words). On
//! such problems each level keeps every primary item's count instead, written as the cover
//! takes options out (a step for each primary item of each option taken out), and the scan
//! is the first of the fewest counts, a pass over an array that runs on vectors (the loop is
//! built a third time for CPUs with AVX2). [`Bits::new`] takes the way whose steps per cover,
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

mod bounded;
mod moves;

use bounded::Bounds;
pub(crate) use bounded::NULL_MOVE;

use super::sets::{Branch, SetTable};
use super::{Event, Search};
use crate::error::PrefixError;
use crate::links::try_copy;
use crate::problem::{ItemId, OptionId, Problem};
use std::collections::HashMap;

/// Record `i` of a table array, without a bounds check in release builds.
///
/// The search reads a mask's word at a place from a level's list of nonzero words (below the
/// words per set, as `cover` and `reset` write them) and a level's word or place below its
/// length; debug builds check each.
#[inline(always)]
#[allow(unsafe_code)]
fn at<T: Copy>(words: &[T], i: usize) -> T {
    debug_assert!(i < words.len(), "record {i} out of {}", words.len());
    // SAFETY: `i` is in bounds by the table's invariant, above.
    unsafe { *words.get_unchecked(i) }
}

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

/// A level's count of an item's live options, where the table keeps them: 16 bits, so that a
/// vector takes sixteen and a level's copy is small; a problem with an item of more options
/// counts when needed.
type Count = u16;

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
    /// most [`MAX_CONFLICTS`] words (else empty).
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
    /// number of live options of each primary item at `counts[l * primaries..]`,
    /// [`NOT_OPEN`] for an item covered or not to be covered; else empty.
    counts: Vec<Count>,
    /// The primary items to be covered of option `o`:
    /// `open_items[open_start[o]..open_start[o + 1]]`.
    open_start: Vec<u32>,
    open_items: Vec<u32>,
    /// The item each applied level branches on.
    item: Vec<u32>,
    /// What the deepest level reached branches on.
    next: Next,
    updates: u64,
    /// Algorithm M's bounds, for a problem whose bounds are not read as Algorithm C's
    /// ([`bounded`]).
    bounds: Option<Box<Bounds>>,
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
        // With bounds, each level's counts of the options taken, two to a word.
        let taken = match problem.engine() == crate::Engine::M && !Bits::takes_bounds(problem) {
            true => (depth as u64 * problem.primary_count() as u64).div_ceil(2),
            false => 0,
        };
        (masks + 2 * depth as u64)
            .saturating_mul(words)
            .saturating_add(taken)
            <= MAX_WORDS
            && (problem.primary_count() as u64).saturating_mul(words) <= MAX_SCAN
    }

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
        let mut conflicts = Vec::new();
        if options * words <= MAX_CONFLICTS {
            conflicts = vec![0; options * words];
            for o in 0..options {
                for &m in &kills[kill_start[o] as usize..kill_start[o + 1] as usize] {
                    for w in 0..words {
                        conflicts[o * words + w] |= masks[m as usize * words + w];
                    }
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
            open_start,
            open_items,
            item: vec![NONE; depth],
            next: Next::Solution,
            updates: 0,
            bounds: Bounds::of(problem, depth).map(Box::new),
        };
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
        if mask_len[..self.primaries]
            .iter()
            .any(|&len| len >= u64::from(NOT_OPEN))
        {
            return false;
        }
        // Per cover, times the options: steps of the counts, and of the scan.
        let counting = taken_out * open_entries / options as u64 + self.primaries as u64;
        let scanning = open * self.words as u64 * options as u64;
        counting < scanning
    }

    /// Counts each primary item's live options as each cover takes them out, or (`false`)
    /// when a node's scan needs them; the tree is the same. Puts the table back at the root.
    pub(crate) fn count_as_it_covers(&mut self, counting: bool) {
        debug_assert!(
            !counting
                || (0..self.primaries).all(|i| self
                    .mask(i as u32)
                    .iter()
                    .map(|w| w.count_ones())
                    .sum::<u32>()
                    < u32::from(NOT_OPEN)),
            "an item of more options than a count holds"
        );
        let levels = self.nonzero_len.len();
        // Zeros, which the allocator gives as pages the system maps when they are first
        // written: a level's counts are written whole before they are read.
        self.counts = if counting {
            vec![0; levels.max(1) * self.primaries]
        } else {
            Vec::new()
        };
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
            bounds: match &self.bounds {
                Some(bounds) => Some(Box::new(bounds.try_clone()?)),
                None => None,
            },
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
    fn start(&mut self) {
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
        if self.bounds.is_some() {
            self.start_bounded();
            return;
        }
        self.uncovered[..self.item_words].copy_from_slice(&self.to_cover);
        if self.counts_as_it_covers() {
            for i in 0..self.primaries {
                self.counts[i] = if has(&self.to_cover, i as u32) {
                    let (live, places) = self.live_at(0);
                    let mask = self.mask(i as u32);
                    live.iter()
                        .zip(places)
                        .map(|(&word, &w)| (word & mask[w as usize]).count_ones())
                        .sum::<u32>() as Count
                } else {
                    NOT_OPEN
                };
            }
        }
        self.next = match self.scan(0) {
            Ok(next) => next,
            Err(item) => Next::Item(item, 0),
        };
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
        &self.masks[m as usize * self.words..][..self.words]
    }

    /// Level `level`'s live set: its nonzero words and their places.
    #[inline(always)]
    fn live_at(&self, level: usize) -> (&[u64], &[u32]) {
        let len = self.nonzero_len[level] as usize;
        let from = level * self.words;
        (&self.live[from..][..len], &self.nonzero[from..][..len])
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
            Next::Item(item, _) => {
                self.item[level] = item;
                let first = self.option_after(level, item, None);
                Branch::First(first.expect("an item with options"))
            }
        }
    }

    #[inline(always)]
    fn next_option(&mut self, level: usize, o: u32) -> Option<u32> {
        if self.bounds.is_some() {
            return self.next_bounded(level, o);
        }
        self.option_after(level, self.item[level], Some(o))
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
        self.bits.as_deref().expect("a bit-set search")
    }

    /// Runs the bit-set search until the next solution, checkpoint, prefix, or the end.
    pub(super) fn run_bits(&mut self) -> Event {
        // A popcount is most of a node's work, and the default x86-64 target has no
        // instruction for it: the loop is built a second time with one, for the CPUs that
        // have it. Where the levels keep counts, most of it is the pass over them, which
        // AVX2 takes sixteen counts at a time (the default target has no minimum of unsigned
        // 16-bit words at all): a third time.
        #[cfg(target_arch = "x86_64")]
        if self.bits().counts_as_it_covers()
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
        let mut table = self.bits.take().expect("a bit-set search");
        // The colors are in the masks: one loop for Algorithms X and C.
        let event = self.run_sets::<Bits, false>(&mut table);
        self.bits = Some(table);
        event
    }

    /// The bit sets' "`k` of `d`" at `level`.
    pub(super) fn bits_position(&self, level: usize) -> (u32, u32) {
        self.bits().position(level, self.choice[level])
    }
}
