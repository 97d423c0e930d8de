//! The kernel's layout by cells: for each symbol, a bit set of the cells that may still take
//! it, and a word per primary house with a bit for each symbol it has ([the kernel's
//! docs](super)).
//!
//! The tables index by cell, symbol, house and option, each read from the problem once and
//! checked there; every index the search reads comes from them (a cell, symbol or reach of
//! an option, a cell of a bit set below the cells, an option at a cell's symbol), so it is
//! in bounds.

mod build;

use std::ops::ControlFlow;

use super::{Budget, KernelLimits, KernelOutcome};
use crate::problem::OptionId;
use crate::unchecked::{at_mut, span, value_at};

/// No option at a cell's symbol.
const NO_OPTION: u32 = u32::MAX;

/// A primary item, for choosing where to branch.
#[derive(Clone, Copy, Debug)]
enum Item {
    Cell(u32),
    House {
        house: u32,
        symbol: u32,
    },
    /// An item in no option, so that there is no solution.
    Empty,
}

/// A problem laid out by cells. Bit sets of cells are `words` words each, one after the
/// other in their tables.
#[derive(Clone, Debug)]
pub(super) struct Cells {
    primary: usize,
    symbols: usize,
    /// The words of a bit set of cells: 2, 4 or 16, for which the search is compiled.
    words: usize,
    /// Whether the CPU has the popcnt, BMI1 and BMI2 instructions.
    bit_instructions: bool,
    /// The state before any option is chosen ([`CellsScratch`]'s `state`).
    start: Vec<u64>,
    /// The words of a bit set of primary houses (at least one).
    house_words: usize,
    /// Each primary house's cells; each symbol's primary houses (those with an item of the
    /// symbol), and each cell's (bit sets of houses).
    houses: Vec<u64>,
    symbol_houses: Vec<u64>,
    cell_houses: Vec<u64>,
    /// Each option's cell, symbol, primary items, and reach.
    option_cell: Vec<u32>,
    option_symbol: Vec<u32>,
    option_covers: Vec<u32>,
    option_reach: Vec<u32>,
    /// Each reach (a cell and the houses of an option there): the cells that share a house
    /// with it (a bit set of cells), its primary houses, and the primary houses that hold
    /// one of those cells (bit sets of houses): where its symbol may have lost a place.
    peers: Vec<u64>,
    reach_houses: Vec<u64>,
    reach_touched: Vec<u64>,
    /// The option at `cell * symbols + symbol`, or [`NO_OPTION`].
    option_at: Vec<u32>,
    /// The primary items, in order.
    items: Vec<Item>,
    empty_item: bool,
}

/// One search's state by cells, reused from search to search.
#[derive(Clone, Debug, Default)]
pub(super) struct CellsScratch {
    /// Each symbol's cells, then the open cells (bit sets of cells), then the primary
    /// houses that have each symbol (bit sets of houses): one block, saved and restored
    /// whole. A symbol's set is read among the open cells only: a cell filled keeps the bits
    /// it had.
    state: Vec<u64>,
    /// For each symbol, the primary houses where an option may have taken a place from it
    /// since the last sweep for houses with one place; and the houses where every symbol
    /// may have lost one (a cell of theirs filled). A saved state is settled, so none are
    /// when the search goes back to it.
    dirty: Vec<u64>,
    dirty_all: Vec<u64>,
    /// The primary items not yet covered.
    open: usize,
    /// The options chosen, given first.
    chosen: Vec<OptionId>,
    /// The levels of branching, innermost last.
    frames: Vec<Frame>,
    /// The options of each level's branch, ascending, one level after the other.
    branch: Vec<u32>,
    /// The state at each level of branching, one level after the other.
    saved: Vec<u64>,
}

/// A level of branching: its options `branch[from..end]`, the next at `next`, and the open
/// items and options chosen above it.
#[derive(Clone, Copy, Debug)]
struct Frame {
    from: u32,
    next: u32,
    end: u32,
    open: usize,
    chosen: usize,
}

impl Cells {
    /// [`Kernel::search`](super::Kernel::search) on this layout; `None` when a given option
    /// does not exist or shares an item with an earlier one.
    pub(super) fn search(
        &self,
        scratch: &mut CellsScratch,
        given: &[OptionId],
        limits: &KernelLimits,
        visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Option<KernelOutcome> {
        // Counting and finding bits is much of the work, and the default x86-64 target has
        // no instructions for it: the search is built a second time with them, for the CPUs
        // that have them.
        #[cfg(target_arch = "x86_64")]
        if self.bit_instructions {
            // SAFETY: this CPU has the popcnt, BMI1 and BMI2 instructions (checked in `new`).
            #[allow(unsafe_code)]
            return unsafe { self.search_bmi(scratch, given, limits, visit) };
        }
        self.search_words(scratch, given, limits, visit)
    }

    /// [`search`](Self::search) with the popcnt, BMI1 and BMI2 instructions.
    ///
    /// # Safety
    ///
    /// The CPU must have the popcnt, BMI1 and BMI2 instructions.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    #[inline(never)]
    #[allow(unsafe_code)]
    unsafe fn search_bmi(
        &self,
        scratch: &mut CellsScratch,
        given: &[OptionId],
        limits: &KernelLimits,
        visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Option<KernelOutcome> {
        self.search_words(scratch, given, limits, visit)
    }

    /// [`search`](Self::search) for the words of this problem's bit sets.
    #[inline(always)]
    fn search_words(
        &self,
        scratch: &mut CellsScratch,
        given: &[OptionId],
        limits: &KernelLimits,
        visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Option<KernelOutcome> {
        match self.words {
            2 => self.search_in::<2>(scratch, given, limits, visit),
            4 => self.search_in::<4>(scratch, given, limits, visit),
            _ => self.search_in::<16>(scratch, given, limits, visit),
        }
    }

    /// [`search`](Self::search) with bit sets of `W` words.
    fn search_in<const W: usize>(
        &self,
        scratch: &mut CellsScratch,
        given: &[OptionId],
        limits: &KernelLimits,
        mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Option<KernelOutcome> {
        let s = scratch;
        let words = self.start.len();
        s.state.clear();
        s.state.extend_from_slice(&self.start);
        s.dirty.clear();
        s.dirty.resize(self.symbols * self.house_words, 0);
        s.dirty_all.clear();
        s.dirty_all.resize(self.house_words, u64::MAX);
        s.open = self.primary;
        s.chosen.clear();
        s.frames.clear();
        s.branch.clear();
        s.saved.clear();
        for &option in given {
            let index = option.index();
            if index >= self.option_cell.len() {
                return None;
            }
            let (cell, symbol) = (self.option_cell[index], self.option_symbol[index]);
            if !has(&s.state, symbol as usize * W, cell) || !has(&s.state, self.symbols * W, cell) {
                return None;
            }
            s.chosen.push(option);
            self.place::<W>(s, index as u32);
        }
        let mut outcome = KernelOutcome {
            solutions: 0,
            stopped: None,
            nodes: 0,
        };
        if self.empty_item {
            return Some(outcome);
        }
        let mut budget = match Budget::start(limits) {
            Ok(budget) => budget,
            Err(stop) => {
                outcome.stopped = Some(stop);
                return Some(outcome);
            }
        };
        // Whether the state is the one saved at the innermost level.
        let mut as_saved = false;
        loop {
            // Each state here is a node to go on from: settled, it branches or is a solution,
            // unless it is a dead end.
            if self.settle::<W>(s, &mut outcome.nodes) {
                #[cfg(test)]
                self.assert_settled::<W>(s);
                if s.open == 0 {
                    if let Some(stop) = budget.solution(&mut outcome, &s.chosen, &mut visit) {
                        outcome.stopped = Some(stop);
                        return Some(outcome);
                    }
                } else {
                    let from = s.branch.len() as u32;
                    self.branch_options::<W>(s);
                    s.frames.push(Frame {
                        from,
                        next: from,
                        end: s.branch.len() as u32,
                        open: s.open,
                        chosen: s.chosen.len(),
                    });
                    s.saved.extend_from_slice(&s.state);
                    as_saved = true;
                }
            }
            // The next option of the innermost level that has one.
            let option = loop {
                let level = s.frames.len().wrapping_sub(1);
                let Some(frame) = s.frames.last_mut() else {
                    return Some(outcome);
                };
                if frame.next < frame.end {
                    let option = value_at(&s.branch, frame.next as usize);
                    frame.next += 1;
                    if !as_saved {
                        s.state.copy_from_slice(&s.saved[level * words..][..words]);
                        s.open = frame.open;
                        s.chosen.truncate(frame.chosen);
                        s.dirty.fill(0);
                        s.dirty_all.fill(0);
                    }
                    as_saved = false;
                    break option;
                }
                s.branch.truncate(frame.from as usize);
                s.frames.pop();
                s.saved.truncate(level * words);
                as_saved = false;
            };
            if let Some(stop) = budget.branch_node(&mut outcome) {
                outcome.stopped = Some(stop);
                return Some(outcome);
            }
            s.chosen.push(OptionId(option));
            self.place::<W>(s, option);
        }
    }

    /// Takes `option` (its cell's symbol still possible): fills its cell (no symbol may go
    /// there now), gives its symbol to its houses and clears it from the cells that share
    /// one. What that leaves without a place, or with one, [`settle`](Self::settle) finds.
    #[inline(always)]
    fn place<const W: usize>(&self, s: &mut CellsScratch, option: u32) {
        let state = &mut s.state[..];
        let option = option as usize;
        let cell = value_at(&self.option_cell, option) as usize;
        let symbol = value_at(&self.option_symbol, option) as usize;
        let open_at = self.symbols * W;
        // The cell's bits in the symbols' sets stay: every reader takes the open cells.
        *at_mut(state, open_at + cell / 64) &= !(1u64 << (cell % 64));
        s.open -= value_at(&self.option_covers, option) as usize;
        let reach = value_at(&self.option_reach, option) as usize;
        let peers = span(&self.peers, reach * W, W);
        for (k, &peers) in peers.iter().enumerate() {
            *at_mut(state, symbol * W + k) &= !peers;
        }
        // The symbol's houses now have it; what the next sweep for houses with one place
        // must look at again: the symbol in the houses of its cleared cells, and every
        // symbol in the houses of the cell.
        let hw = self.house_words;
        let placed_at = open_at + W + symbol * hw;
        for k in 0..hw {
            *at_mut(state, placed_at + k) |= value_at(&self.reach_houses, reach * hw + k);
            *at_mut(&mut s.dirty, symbol * hw + k) |= value_at(&self.reach_touched, reach * hw + k);
            *at_mut(&mut s.dirty_all, k) |= value_at(&self.cell_houses, cell * hw + k);
        }
    }

    /// Takes the options forced by open cells with one symbol and houses with one place for
    /// a symbol, and those they force in turn, counting each a node; false at a dead end (an
    /// open cell with no symbol, or a house with no place for one it lacks).
    #[inline]
    fn settle<const W: usize>(&self, s: &mut CellsScratch, nodes: &mut u64) -> bool {
        let open_at = self.symbols * W;
        let hw = self.house_words;
        let placed_at = open_at + W;
        loop {
            // Cells with one symbol, all at once: the cells in one symbol's set and in two.
            loop {
                let state = &s.state[..];
                let (mut once, mut twice) = ([0u64; W], [0u64; W]);
                for t in 0..self.symbols {
                    let set = span(state, t * W, W);
                    for k in 0..W {
                        twice[k] |= once[k] & set[k];
                        once[k] |= set[k];
                    }
                }
                let mut any = 0;
                let open = span(state, open_at, W);
                for k in 0..W {
                    if open[k] & !once[k] != 0 {
                        return false;
                    }
                    once[k] &= !twice[k] & open[k];
                    any |= once[k];
                }
                if any == 0 {
                    break;
                }
                // Each cell with one symbol, with that symbol: none when a peer filled before
                // it has taken it away, a dead end.
                for (k, &singles) in once.iter().enumerate() {
                    let mut singles = singles;
                    while singles != 0 {
                        let cell = k * 64 + singles.trailing_zeros() as usize;
                        singles &= singles - 1;
                        let Some(symbol) = (0..self.symbols)
                            .find(|&t| value_at(&s.state, t * W + k) >> (cell % 64) & 1 == 1)
                        else {
                            return false;
                        };
                        let option = value_at(&self.option_at, cell * self.symbols + symbol);
                        *nodes += 1;
                        s.chosen.push(OptionId(option));
                        self.place::<W>(s, option);
                    }
                }
            }
            // Houses with one place for a symbol they lack, among the houses where an option
            // has taken places from the symbol since they were last looked at.
            let mut placed = false;
            for k in 0..hw {
                let all = std::mem::take(at_mut(&mut s.dirty_all, k));
                for symbol in 0..self.symbols {
                    let mut lacking = (std::mem::take(at_mut(&mut s.dirty, symbol * hw + k)) | all)
                        & value_at(&self.symbol_houses, symbol * hw + k)
                        & !value_at(&s.state, placed_at + symbol * hw + k);
                    while lacking != 0 {
                        let house = k * 64 + lacking.trailing_zeros() as usize;
                        lacking &= lacking - 1;
                        let set = span(&s.state, symbol * W, W);
                        let open = span(&s.state, open_at, W);
                        let cells = span(&self.houses, house * W, W);
                        if let Some(cell) = one_place::<W>(set, cells, open) {
                            if cell == NO_PLACE {
                                return false;
                            }
                            let option = value_at(&self.option_at, cell * self.symbols + symbol);
                            *nodes += 1;
                            s.chosen.push(OptionId(option));
                            self.place::<W>(s, option);
                            placed = true;
                            // The symbol's other houses through that cell have it now.
                            lacking &= !value_at(&s.state, placed_at + symbol * hw + k);
                        }
                    }
                }
            }
            if !placed {
                return true;
            }
        }
    }

    /// Appends to `s.branch` the options of the first open primary item with the fewest,
    /// ascending (every open primary item has two or more, as the state is settled).
    fn branch_options<const W: usize>(&self, s: &mut CellsScratch) {
        let state = &s.state[..];
        let open_at = self.symbols * W;
        let (hw, placed_at) = (self.house_words, open_at + W);
        // The cells with two symbols: those in two symbols' sets and not in three.
        let (mut once, mut twice, mut thrice) = ([0u64; W], [0u64; W], [0u64; W]);
        for t in 0..self.symbols {
            let set = span(state, t * W, W);
            for k in 0..W {
                thrice[k] |= twice[k] & set[k];
                twice[k] |= once[k] & set[k];
                once[k] |= set[k];
            }
        }
        let open = span(state, open_at, W);
        for k in 0..W {
            twice[k] &= !thrice[k] & open[k];
        }
        let places = |house: u32, symbol: u32| {
            let set = span(state, symbol as usize * W, W);
            let cells = span(&self.houses, house as usize * W, W);
            (0..W)
                .map(|k| (set[k] & cells[k] & open[k]).count_ones())
                .sum::<u32>()
        };
        let done = |house: u32, symbol: u32| {
            let house = house as usize;
            value_at(state, placed_at + symbol as usize * hw + house / 64) >> (house % 64) & 1 == 1
        };
        // The first item with two options, as a settled state has none with fewer; else the
        // first with the fewest.
        let two = self.items.iter().copied().find(|&item| match item {
            Item::Cell(cell) => has(&twice, 0, cell),
            Item::House { house, symbol } => !done(house, symbol) && places(house, symbol) == 2,
            Item::Empty => false,
        });
        let best = two.unwrap_or_else(|| {
            let mut best = (u32::MAX, Item::Empty);
            for &item in &self.items {
                let count = match item {
                    Item::Cell(cell) if has(state, open_at, cell) => (0..self.symbols)
                        .filter(|&t| has(state, t * W, cell))
                        .count()
                        as u32,
                    Item::House { house, symbol } if !done(house, symbol) => places(house, symbol),
                    _ => continue,
                };
                if count < best.0 {
                    best = (count, item);
                }
            }
            best.1
        });
        let from = s.branch.len();
        match best {
            Item::Cell(cell) => {
                for t in (0..self.symbols).filter(|&t| has(state, t * W, cell)) {
                    s.branch
                        .push(value_at(&self.option_at, cell as usize * self.symbols + t));
                }
            }
            Item::House { house, symbol } => {
                let set = span(state, symbol as usize * W, W);
                let cells = span(&self.houses, house as usize * W, W);
                for k in 0..W {
                    let mut here = set[k] & cells[k] & open[k];
                    while here != 0 {
                        let cell = k * 64 + here.trailing_zeros() as usize;
                        here &= here - 1;
                        s.branch.push(value_at(
                            &self.option_at,
                            cell * self.symbols + symbol as usize,
                        ));
                    }
                }
            }
            Item::Empty => unreachable!("a settled state with an open item"),
        }
        s.branch[from..].sort_unstable();
    }
}

#[cfg(test)]
mod tests;

/// [`one_place`]'s word for none.
const NO_PLACE: usize = usize::MAX;

/// The place of the bit set `set` within `cells` and `open` when it has one (its cell), or
/// [`NO_PLACE`] when it has none; `None` when it has two or more. Two words are one number,
/// for which the test is one subtraction.
#[inline(always)]
fn one_place<const W: usize>(set: &[u64], cells: &[u64], open: &[u64]) -> Option<usize> {
    if W == 2 {
        let here =
            u128::from(set[0] & cells[0] & open[0]) | u128::from(set[1] & cells[1] & open[1]) << 64;
        if here & here.wrapping_sub(1) != 0 {
            return None;
        }
        return Some(if here == 0 {
            NO_PLACE
        } else {
            here.trailing_zeros() as usize
        });
    }
    let (mut seen, mut many) = (0u64, 0u64);
    for k in 0..W {
        let here = set[k] & cells[k] & open[k];
        many |= here & here.wrapping_sub(1) | u64::from((seen != 0) & (here != 0));
        seen |= here;
    }
    if many != 0 {
        return None;
    }
    Some(match (0..W).find(|&k| set[k] & cells[k] & open[k] != 0) {
        Some(k) => k * 64 + (set[k] & cells[k] & open[k]).trailing_zeros() as usize,
        None => NO_PLACE,
    })
}

/// Whether the bit set at `state[at..]` holds `cell`.
#[inline(always)]
fn has(state: &[u64], at: usize, cell: u32) -> bool {
    value_at(state, at + cell as usize / 64) >> (cell % 64) & 1 == 1
}
