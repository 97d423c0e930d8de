//! The kernel's layout by items: a word for each item, with a bit for each of its options
//! still possible ([the kernel's docs](super)).

use std::ops::ControlFlow;

use super::{Budget, KernelLimits, KernelOutcome, KernelRefusal};
use super::{MAX_OPTIONS_PER_ITEM, MAX_SAVED_BYTES};
use crate::problem::{OptionId, Problem};
use crate::unchecked::{at_mut, put, span, value_at};

/// The two high bits of a covered or secondary item's word: with them, no word of a closed
/// item has one bit or none, however many of its options are ruled out.
const CLOSED: u64 = 0b11 << 62;

/// A problem laid out by items.
#[derive(Clone, Debug)]
pub(super) struct Items {
    primary: usize,
    /// Each item's options, ascending: `item_options[item_starts[i]..item_starts[i + 1]]`.
    item_starts: Vec<u32>,
    item_options: Vec<u32>,
    /// Each option's items, each with the option's place among the item's options (its bit
    /// in the item's word): `item << 6 | place`, in
    /// `option_entries[option_starts[o]..option_starts[o + 1]]`.
    option_starts: Vec<u32>,
    option_entries: Vec<u32>,
    /// For the option at each place of each item's list (`item_starts[i] + place`), its
    /// entries but the item's: `others[other_starts[k]..other_starts[k + 1]]`. Ruling out
    /// an option through an item leaves the item's word alone, as the item is covered.
    other_starts: Vec<u32>,
    others: Vec<u32>,
    /// The words before any option is chosen: every option possible, [`CLOSED`] on the
    /// secondary items.
    words: Vec<u64>,
    /// The primary items with one option, before any is chosen.
    singles: Vec<u32>,
    /// Whether a primary item has no option, so that there is no solution.
    empty_item: bool,
}

/// One search's state by items, reused from search to search.
#[derive(Clone, Debug, Default)]
pub(super) struct ItemsScratch {
    /// Each item's word (the kernel's docs).
    words: Vec<u64>,
    /// The primary items not yet covered.
    open: usize,
    /// Items whose word fell to one bit or none, to take before branching: the first
    /// `queued`. An item is queued at most twice (at one bit, then at none) before the
    /// search takes an option of its or goes back to a state saved before both, which
    /// empties the queue; so it has room for two entries an item, and one to write past
    /// them.
    singles: Vec<u32>,
    queued: usize,
    /// The options chosen, given first.
    chosen: Vec<OptionId>,
    /// The levels of branching, innermost last.
    frames: Vec<Frame>,
    /// The words at each level of branching, one level after the other.
    saved: Vec<u64>,
}

/// A level of branching: the item branched on, its options not yet tried (bits of its
/// word), and the options chosen above it.
#[derive(Clone, Copy, Debug)]
struct Frame {
    item: u32,
    untried: u64,
    /// The primary items open at the level ([`ItemsScratch`]'s `open`).
    open: usize,
    chosen: usize,
}

impl Items {
    /// The layout of `problem` (without colors or bounds), or why it has none.
    pub(super) fn new(problem: &Problem) -> Result<Items, KernelRefusal> {
        let items = problem.item_count();
        let saved = (items * 8).saturating_mul(problem.primary_count() + 1);
        if saved > MAX_SAVED_BYTES {
            return Err(KernelRefusal::TooLarge(saved));
        }
        let mut per_item = vec![0u32; items];
        let mut option_starts = Vec::with_capacity(problem.option_count() + 1);
        let mut option_entries = Vec::with_capacity(problem.entry_count());
        option_starts.push(0);
        for option in problem.options() {
            for entry in problem.option(option) {
                let item = entry.item();
                let place = per_item[item.index()];
                if place as usize >= MAX_OPTIONS_PER_ITEM {
                    return Err(KernelRefusal::LongItem(problem.item_name(item).to_owned()));
                }
                per_item[item.index()] += 1;
                option_entries.push((item.index() as u32) << 6 | place);
            }
            option_starts.push(option_entries.len() as u32);
        }
        let mut item_starts = Vec::with_capacity(items + 1);
        item_starts.push(0u32);
        for &n in &per_item {
            item_starts.push(item_starts.last().expect("a start") + n);
        }
        let mut item_options = vec![0u32; option_entries.len()];
        for option in 0..problem.option_count() {
            let entries = &option_entries[option_starts[option] as usize..]
                [..(option_starts[option + 1] - option_starts[option]) as usize];
            for &entry in entries {
                let (item, place) = ((entry >> 6) as usize, entry & 63);
                item_options[(item_starts[item] + place) as usize] = option as u32;
            }
        }
        let mut other_starts = Vec::with_capacity(item_options.len() + 1);
        let mut others = Vec::new();
        other_starts.push(0u32);
        for item in 0..items {
            for &option in &item_options[item_starts[item] as usize..item_starts[item + 1] as usize]
            {
                let option = option as usize;
                let entries = &option_entries
                    [option_starts[option] as usize..option_starts[option + 1] as usize];
                others.extend(
                    entries
                        .iter()
                        .filter(|&&entry| (entry >> 6) as usize != item),
                );
                other_starts.push(others.len() as u32);
            }
        }
        let primary = problem.primary_count();
        let words: Vec<u64> = per_item
            .iter()
            .enumerate()
            .map(|(item, &n)| ((1u64 << n) - 1) | if item < primary { 0 } else { CLOSED })
            .collect();
        let singles = (0..primary as u32)
            .filter(|&item| per_item[item as usize] == 1)
            .collect();
        Ok(Items {
            primary,
            empty_item: per_item[..primary].contains(&0),
            item_starts,
            item_options,
            option_starts,
            option_entries,
            other_starts,
            others,
            words,
            singles,
        })
    }

    /// [`Kernel::search`](super::Kernel::search) on this layout; `None` when a given option
    /// does not exist or shares an item with an earlier one.
    pub(super) fn search(
        &self,
        scratch: &mut ItemsScratch,
        given: &[OptionId],
        limits: &KernelLimits,
        mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Option<KernelOutcome> {
        let s = scratch;
        s.words.clear();
        s.words.extend_from_slice(&self.words);
        s.open = self.primary;
        if s.singles.len() < 2 * self.words.len() + 1 {
            s.singles.resize(2 * self.words.len() + 1, 0);
        }
        s.singles[..self.singles.len()].copy_from_slice(&self.singles);
        s.queued = self.singles.len();
        s.chosen.clear();
        s.frames.clear();
        s.saved.clear();
        let mut dead = self.empty_item;
        for &option in given {
            let index = option.index();
            if index + 1 >= self.option_starts.len() || !self.is_possible(&s.words, index) {
                return None;
            }
            s.chosen.push(option);
            dead |= !self.cover(s, index);
        }
        let mut outcome = KernelOutcome {
            solutions: 0,
            stopped: None,
            nodes: 0,
        };
        if dead {
            return Some(outcome);
        }
        let mut budget = match Budget::start(limits) {
            Ok(budget) => budget,
            Err(stop) => {
                outcome.stopped = Some(stop);
                return Some(outcome);
            }
        };
        let items = self.words.len();
        // Whether the state is a node to go on from (else the search backtracks), and
        // whether it is the state saved at the innermost level.
        let (mut live, mut as_saved) = (true, false);
        loop {
            if live && self.take_forced(s, &mut outcome.nodes) {
                if s.open == 0 {
                    if let Some(stop) = budget.solution(&mut outcome, &s.chosen, &mut visit) {
                        outcome.stopped = Some(stop);
                        return Some(outcome);
                    }
                } else {
                    let item = self.choose(&s.words);
                    s.frames.push(Frame {
                        item,
                        untried: value_at(&s.words, item as usize) & !CLOSED,
                        open: s.open,
                        chosen: s.chosen.len(),
                    });
                    s.saved.extend_from_slice(&s.words);
                    as_saved = true;
                }
            }
            // The next option of the innermost level that has one.
            let option = loop {
                let level = s.frames.len().wrapping_sub(1);
                let Some(frame) = s.frames.last_mut() else {
                    return Some(outcome);
                };
                if frame.untried != 0 {
                    let place = frame.untried.trailing_zeros();
                    frame.untried &= frame.untried - 1;
                    if !as_saved {
                        s.words.copy_from_slice(&s.saved[level * items..][..items]);
                        s.open = frame.open;
                        s.chosen.truncate(frame.chosen);
                        s.queued = 0;
                    }
                    as_saved = false;
                    break value_at(
                        &self.item_options,
                        (value_at(&self.item_starts, frame.item as usize) + place) as usize,
                    );
                }
                s.frames.pop();
                s.saved.truncate(level * items);
                as_saved = false;
            };
            if let Some(stop) = budget.branch_node(&mut outcome) {
                outcome.stopped = Some(stop);
                return Some(outcome);
            }
            s.chosen.push(OptionId(option));
            live = self.cover(s, option as usize);
        }
    }

    /// The entries of `option`: `item << 6 | place`.
    #[inline(always)]
    fn entries(&self, option: usize) -> &[u32] {
        let from = value_at(&self.option_starts, option) as usize;
        let to = value_at(&self.option_starts, option + 1) as usize;
        &self.option_entries[from..to]
    }

    /// Whether `option` is still possible in `words` (its first item's bit: an option is
    /// ruled out in all its items' words at once).
    fn is_possible(&self, words: &[u64], option: usize) -> bool {
        self.entries(option)
            .first()
            .is_some_and(|&entry| words[(entry >> 6) as usize] >> (entry & 63) & 1 == 1)
    }

    /// Takes `option`: covers its items and rules out every option that shares one,
    /// queueing the primary items left with one option; false at a primary item left with
    /// none.
    #[inline]
    fn cover(&self, s: &mut ItemsScratch, option: usize) -> bool {
        // Borrowed apart, so that the words stay in registers across the pushes.
        let ItemsScratch {
            words,
            open,
            singles,
            queued,
            ..
        } = s;
        let (words, singles): (&mut [u64], &mut [u32]) = (words, singles);
        let (starts, other_starts, others) = (
            &self.item_starts[..],
            &self.other_starts[..],
            &self.others[..],
        );
        let entries = self.entries(option);
        // Closed first, so that no word of these items looks forced as the others clear.
        for &entry in entries {
            let item = (entry >> 6) as usize;
            *at_mut(words, item) |= CLOSED;
            *open -= usize::from(item < self.primary);
        }
        let mut fits = true;
        for &entry in entries {
            let item = (entry >> 6) as usize;
            let word = at_mut(words, item);
            let mut ruled_out = *word & !CLOSED;
            *word = CLOSED;
            let base = value_at(starts, item) as usize;
            while ruled_out != 0 {
                let place = ruled_out.trailing_zeros() as usize;
                ruled_out &= ruled_out - 1;
                let from = value_at(other_starts, base + place) as usize;
                let to = value_at(other_starts, base + place + 1) as usize;
                for &entry in span(others, from, to - from) {
                    let word = at_mut(words, (entry >> 6) as usize);
                    *word &= !(1 << (entry & 63));
                    let left = *word;
                    // Queued without a branch: which words fall to one bit follows no
                    // pattern the processor could learn. The queue has room for two
                    // entries an item ([`ItemsScratch::singles`]).
                    put(singles, *queued, entry >> 6);
                    *queued += usize::from(left & left.wrapping_sub(1) == 0);
                    fits &= left != 0;
                }
            }
        }
        fits
    }

    /// Takes the options of the primary items queued with one option, and those that they
    /// force in turn; false at a dead end.
    #[inline]
    fn take_forced(&self, s: &mut ItemsScratch, nodes: &mut u64) -> bool {
        while s.queued > 0 {
            s.queued -= 1;
            let item = value_at(&s.singles, s.queued);
            let word = value_at(&s.words, item as usize);
            // Taken since it was queued, by an option of its own.
            if word & CLOSED != 0 {
                continue;
            }
            let place = word.trailing_zeros();
            let option = value_at(
                &self.item_options,
                (value_at(&self.item_starts, item as usize) + place) as usize,
            );
            *nodes += 1;
            s.chosen.push(OptionId(option));
            if !self.cover(s, option as usize) {
                return false;
            }
        }
        true
    }

    /// The first open primary item with the fewest options (some primary item is open).
    #[inline]
    fn choose(&self, words: &[u64]) -> u32 {
        let mut best = (u32::MAX, 0);
        for (item, &word) in words[..self.primary].iter().enumerate() {
            // A closed word counts past any open one's 62 bits.
            let count = word.count_ones() + (word >> 62) as u32 * 64;
            if count < best.0 {
                best = (count, item as u32);
            }
        }
        best.1
    }
}
