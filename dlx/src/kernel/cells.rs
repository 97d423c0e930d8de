//! The kernel's layout by cells: a word per cell with a bit for each symbol it may still
//! take, and a word per primary house with a bit for each symbol it has ([the kernel's
//! docs](super)).
//!
//! The tables index by cell, house and option, each read from the problem once and checked
//! there; every index the search reads comes from them (a cell or house of an option, a
//! cell of a house, an option at a cell's symbol), so it is in bounds.

use std::collections::HashMap;
use std::ops::ControlFlow;

use super::{past_limits, KernelLimits, KernelOutcome, KernelRefusal, LOOK_EVERY};
use super::{MAX_SAVED_BYTES, MAX_SYMBOLS};
use crate::outcome::StopReason;
use crate::problem::{OptionId, Problem};
use crate::unchecked::{at_mut, put, span, value_at};

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

/// A problem laid out by cells.
#[derive(Clone, Debug)]
pub(super) struct Cells {
    primary: usize,
    symbols: usize,
    /// Each cell's word before any option is chosen.
    start: Vec<u64>,
    /// The houses with primary items (the first `primary_houses`), then the others: each
    /// house's cells, `house_cells[house_starts[h]..house_starts[h + 1]]`.
    primary_houses: usize,
    house_starts: Vec<u32>,
    house_cells: Vec<u32>,
    /// The symbols of each primary house's primary items.
    house_symbols: Vec<u64>,
    /// Each option's cell, symbol, primary items, and reach.
    option_cell: Vec<u32>,
    option_symbol: Vec<u32>,
    option_covers: Vec<u32>,
    option_reach: Vec<u32>,
    /// Each reach (a cell and the houses of an option there): the cells that share a house
    /// with it, and its primary houses.
    peer_starts: Vec<u32>,
    peers: Vec<u32>,
    reach_house_starts: Vec<u32>,
    reach_houses: Vec<u32>,
    /// The option at `cell * symbols + symbol`, or [`NO_OPTION`].
    option_at: Vec<u32>,
    /// The primary items, in order.
    items: Vec<Item>,
    /// The cells with one option before any is chosen.
    singles: Vec<u32>,
    empty_item: bool,
}

/// One search's state by cells, reused from search to search.
#[derive(Clone, Debug, Default)]
pub(super) struct CellsScratch {
    /// Each cell's word (the symbols it may take; none once filled), then each primary
    /// house's (the symbols it has): one block, saved and restored whole.
    state: Vec<u64>,
    /// The primary items not yet covered.
    open: usize,
    /// Cells whose word fell to one bit or none, to take before branching: the first
    /// `queued`. A cell is queued at most twice (at one bit, then at none) before the search
    /// fills it or goes back to a state saved before both, which empties the queue; so it
    /// has room for two entries a cell, and one to write past them.
    queue: Vec<u32>,
    queued: usize,
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

/// Why a problem is not laid out by cells.
fn not_cells(why: impl Into<String>) -> KernelRefusal {
    KernelRefusal::NotCells(why.into())
}

/// The root of `x`'s set, halving the paths on the way.
fn root(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        let up = parent[parent[x as usize] as usize];
        parent[x as usize] = up;
        x = up;
    }
    x
}

impl Cells {
    /// The layout of `problem` (without colors or bounds) by cells, or why its options do
    /// not fill cells with symbols ([the kernel's docs](super)).
    pub(super) fn new(problem: &Problem) -> Result<Cells, KernelRefusal> {
        let items = problem.item_count();
        let primary = problem.primary_count();
        let options = problem.option_count();
        // The cells: the first item of every option, in the order of the items.
        let mut cell_of = vec![u32::MAX; items];
        for option in problem.options() {
            let Some(first) = problem.option(option).first() else {
                return Err(not_cells("an option has no items"));
            };
            let item = first.item().index();
            if item >= primary {
                return Err(not_cells(format!(
                    "option {} starts with a secondary item",
                    option.index()
                )));
            }
            cell_of[item] = 0;
        }
        let mut cells = 0u32;
        for cell in cell_of.iter_mut().filter(|cell| **cell == 0) {
            *cell = cells;
            cells += 1;
        }
        // The symbols: options joined by a house share one.
        let mut parent: Vec<u32> = (0..options as u32).collect();
        let mut first_option = vec![u32::MAX; items];
        let mut item_options = vec![0u32; items];
        for option in problem.options() {
            let o = option.index() as u32;
            for entry in &problem.option(option)[1..] {
                let item = entry.item().index();
                if cell_of[item] != u32::MAX {
                    return Err(not_cells(format!(
                        "item '{}' starts an option and is in another past its start",
                        problem.item_name(entry.item())
                    )));
                }
                item_options[item] += 1;
                if first_option[item] == u32::MAX {
                    first_option[item] = o;
                } else {
                    let (a, b) = (root(&mut parent, first_option[item]), root(&mut parent, o));
                    parent[a as usize] = b;
                }
            }
        }
        let mut symbol_of_root = vec![u32::MAX; options];
        let mut option_symbol = Vec::with_capacity(options);
        let mut symbols = 0usize;
        for o in 0..options as u32 {
            let r = root(&mut parent, o) as usize;
            if symbol_of_root[r] == u32::MAX {
                if symbols == MAX_SYMBOLS {
                    return Err(not_cells(format!("more than {MAX_SYMBOLS} symbols")));
                }
                symbol_of_root[r] = symbols as u32;
                symbols += 1;
            }
            option_symbol.push(symbol_of_root[r]);
        }
        let symbols = symbols.max(1);
        let cells = cells as usize;
        let mut option_cell = Vec::with_capacity(options);
        let mut option_at = vec![NO_OPTION; cells * symbols];
        let mut start = vec![0u64; cells];
        for option in problem.options() {
            let o = option.index();
            let item = problem.option(option)[0].item();
            let cell = cell_of[item.index()];
            let at = cell as usize * symbols + option_symbol[o] as usize;
            if option_at[at] != NO_OPTION {
                return Err(not_cells(format!(
                    "cell '{}' takes one symbol in two options",
                    problem.item_name(item)
                )));
            }
            option_at[at] = o as u32;
            option_cell.push(cell);
            start[cell as usize] |= 1 << option_symbol[o];
        }
        // The houses: the items past the first, by their cells, primary ones first.
        let mut house_cells_of: Vec<Vec<u32>> = vec![Vec::new(); items];
        for option in problem.options() {
            let cell = option_cell[option.index()];
            for entry in &problem.option(option)[1..] {
                house_cells_of[entry.item().index()].push(cell);
            }
        }
        let mut house_of_item = vec![u32::MAX; items];
        let mut houses: HashMap<(bool, Vec<u32>), u32> = HashMap::new();
        let (mut house_starts, mut house_cells) = (vec![0u32], Vec::new());
        let mut house_symbols = Vec::new();
        for pass_primary in [true, false] {
            for item in 0..items {
                if (item < primary) != pass_primary || item_options[item] == 0 {
                    continue;
                }
                let mut cells_of = std::mem::take(&mut house_cells_of[item]);
                cells_of.sort_unstable();
                let next = houses.len() as u32;
                let house = *houses
                    .entry((pass_primary, cells_of))
                    .or_insert_with_key(|key| {
                        house_cells.extend_from_slice(&key.1);
                        house_starts.push(house_cells.len() as u32);
                        next
                    });
                house_of_item[item] = house;
                if pass_primary {
                    if house as usize == house_symbols.len() {
                        house_symbols.push(0);
                    }
                    let symbol = option_symbol[first_option[item] as usize];
                    house_symbols[house as usize] |= 1 << symbol;
                }
            }
        }
        let primary_houses = house_symbols.len();
        let words = cells + primary_houses;
        let saved = (words * 8).saturating_mul(primary + 1);
        if saved > MAX_SAVED_BYTES {
            return Err(KernelRefusal::TooLarge(saved));
        }
        // Each option's reach: its cell's peers through its houses, and its primary houses.
        let mut reaches: HashMap<(u32, Vec<u32>), u32> = HashMap::new();
        let (mut peer_starts, mut peers) = (vec![0u32], Vec::new());
        let (mut reach_house_starts, mut reach_houses) = (vec![0u32], Vec::new());
        let mut option_covers = Vec::with_capacity(options);
        let mut option_reach = Vec::with_capacity(options);
        let mut seen = vec![u32::MAX; cells];
        for option in problem.options() {
            let entries = &problem.option(option)[1..];
            let cell = option_cell[option.index()];
            let covered = entries
                .iter()
                .filter(|e| e.item().index() < primary)
                .count();
            option_covers.push(1 + covered as u32);
            let mut of: Vec<u32> = entries
                .iter()
                .map(|entry| house_of_item[entry.item().index()])
                .collect();
            of.sort_unstable();
            of.dedup();
            let next = reaches.len() as u32;
            let reach = *reaches.entry((cell, of)).or_insert_with_key(|(cell, of)| {
                let mut these = Vec::new();
                for &house in of {
                    let (from, to) = (
                        house_starts[house as usize],
                        house_starts[house as usize + 1],
                    );
                    for &peer in &house_cells[from as usize..to as usize] {
                        if peer != *cell && seen[peer as usize] != next {
                            seen[peer as usize] = next;
                            these.push(peer);
                        }
                    }
                }
                these.sort_unstable();
                peers.extend_from_slice(&these);
                peer_starts.push(peers.len() as u32);
                reach_houses.extend(of.iter().filter(|&&h| (h as usize) < primary_houses));
                reach_house_starts.push(reach_houses.len() as u32);
                next
            });
            option_reach.push(reach);
        }
        let items_in_order = (0..primary)
            .map(|item| {
                if cell_of[item] != u32::MAX {
                    Item::Cell(cell_of[item])
                } else if item_options[item] > 0 {
                    Item::House {
                        house: house_of_item[item],
                        symbol: option_symbol[first_option[item] as usize],
                    }
                } else {
                    Item::Empty
                }
            })
            .collect::<Vec<_>>();
        Ok(Cells {
            primary,
            symbols,
            singles: (0..cells as u32)
                .filter(|&cell| start[cell as usize].count_ones() == 1)
                .collect(),
            empty_item: items_in_order
                .iter()
                .any(|item| matches!(item, Item::Empty))
                || start.contains(&0),
            start,
            primary_houses,
            house_starts,
            house_cells,
            house_symbols,
            option_cell,
            option_symbol,
            option_covers,
            option_reach,
            peer_starts,
            peers,
            reach_house_starts,
            reach_houses,
            option_at,
            items: items_in_order,
        })
    }

    /// [`Kernel::search`](super::Kernel::search) on this layout; `None` when a given option
    /// does not exist or shares an item with an earlier one.
    pub(super) fn search(
        &self,
        scratch: &mut CellsScratch,
        given: &[OptionId],
        limits: &KernelLimits,
        mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Option<KernelOutcome> {
        let s = scratch;
        let cells = self.start.len();
        let words = cells + self.primary_houses;
        s.state.clear();
        s.state.extend_from_slice(&self.start);
        s.state.resize(words, 0);
        s.open = self.primary;
        if s.queue.len() < 2 * cells + 1 {
            s.queue.resize(2 * cells + 1, 0);
        }
        s.queue[..self.singles.len()].copy_from_slice(&self.singles);
        s.queued = self.singles.len();
        s.chosen.clear();
        s.frames.clear();
        s.branch.clear();
        s.saved.clear();
        let mut dead = self.empty_item;
        for &option in given {
            let index = option.index();
            if index >= self.option_cell.len() {
                return None;
            }
            let (cell, symbol) = (self.option_cell[index], self.option_symbol[index]);
            if s.state[cell as usize] >> symbol & 1 == 0 {
                return None;
            }
            s.chosen.push(option);
            dead |= !self.place(s, index as u32);
        }
        let mut outcome = KernelOutcome {
            solutions: 0,
            stopped: None,
            nodes: 0,
        };
        if dead {
            return Some(outcome);
        }
        // A search begun past its deadline finds nothing, as the other searches do.
        if let Some(stop) = past_limits(limits) {
            outcome.stopped = Some(stop);
            return Some(outcome);
        }
        let most_nodes = limits.nodes.unwrap_or(u64::MAX);
        let most_solutions = limits.solutions.unwrap_or(u128::MAX);
        let mut look_at = LOOK_EVERY;
        // Whether the state is a node to go on from (else the search backtracks), and
        // whether it is the state saved at the innermost level.
        let (mut live, mut as_saved) = (true, false);
        loop {
            if live && self.settle(s, &mut outcome.nodes) {
                if s.open == 0 {
                    outcome.solutions += 1;
                    outcome.nodes += 1;
                    if visit(&s.chosen).is_break() {
                        outcome.stopped = Some(StopReason::Visitor);
                        return Some(outcome);
                    }
                    if outcome.solutions >= most_solutions {
                        outcome.stopped = Some(StopReason::SolutionLimit);
                        return Some(outcome);
                    }
                } else {
                    let from = s.branch.len() as u32;
                    self.branch_options(s);
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
                        s.queued = 0;
                    }
                    as_saved = false;
                    break option;
                }
                s.branch.truncate(frame.from as usize);
                s.frames.pop();
                s.saved.truncate(level * words);
                as_saved = false;
            };
            outcome.nodes += 1;
            if outcome.nodes >= look_at {
                look_at += LOOK_EVERY;
                if let Some(stop) = past_limits(limits) {
                    outcome.stopped = Some(stop);
                    return Some(outcome);
                }
            }
            if outcome.nodes > most_nodes {
                outcome.stopped = Some(StopReason::NodeLimit);
                return Some(outcome);
            }
            s.chosen.push(OptionId(option));
            live = self.place(s, option);
        }
    }

    /// Takes `option` (its cell's symbol still possible): fills its cell, gives its symbol
    /// to its houses, clears the symbol from its peers and queues those left with one
    /// symbol; false at a peer left with none.
    #[inline]
    fn place(&self, s: &mut CellsScratch, option: u32) -> bool {
        let CellsScratch {
            state,
            open,
            queue,
            queued,
            ..
        } = s;
        let (state, queue): (&mut [u64], &mut [u32]) = (state, queue);
        let option = option as usize;
        let cells = self.start.len();
        let cell = value_at(&self.option_cell, option) as usize;
        let bit = 1u64 << value_at(&self.option_symbol, option);
        put(state, cell, 0);
        *open -= value_at(&self.option_covers, option) as usize;
        let reach = value_at(&self.option_reach, option) as usize;
        let from = value_at(&self.reach_house_starts, reach) as usize;
        let to = value_at(&self.reach_house_starts, reach + 1) as usize;
        for &house in span(&self.reach_houses, from, to - from) {
            *at_mut(state, cells + house as usize) |= bit;
        }
        let from = value_at(&self.peer_starts, reach) as usize;
        let to = value_at(&self.peer_starts, reach + 1) as usize;
        let mut fits = true;
        for &peer in span(&self.peers, from, to - from) {
            let word = at_mut(state, peer as usize);
            let was = *word;
            let left = was & !bit;
            *word = left;
            let changed = was != left;
            // Queued without a branch: which cells fall to one symbol follows no pattern the
            // processor could learn. The queue has room for two entries a cell.
            put(queue, *queued, peer);
            *queued += usize::from(changed & (left & left.wrapping_sub(1) == 0));
            fits &= !changed | (left != 0);
        }
        fits
    }

    /// Takes the options forced by cells with one symbol and houses with one place for a
    /// symbol, and those they force in turn, counting each a node; false at a dead end.
    #[inline]
    fn settle(&self, s: &mut CellsScratch, nodes: &mut u64) -> bool {
        let cells = self.start.len();
        loop {
            while s.queued > 0 {
                s.queued -= 1;
                let cell = value_at(&s.queue, s.queued) as usize;
                let word = value_at(&s.state, cell);
                // Filled since it was queued.
                if word == 0 {
                    continue;
                }
                let option = value_at(
                    &self.option_at,
                    cell * self.symbols + word.trailing_zeros() as usize,
                );
                *nodes += 1;
                s.chosen.push(OptionId(option));
                if !self.place(s, option) {
                    return false;
                }
            }
            let mut placed = false;
            for house in 0..self.primary_houses {
                let lacking =
                    value_at(&self.house_symbols, house) & !value_at(&s.state, cells + house);
                if lacking == 0 {
                    continue;
                }
                let from = value_at(&self.house_starts, house) as usize;
                let to = value_at(&self.house_starts, house + 1) as usize;
                let members = span(&self.house_cells, from, to - from);
                let (mut once, mut twice) = (0u64, 0u64);
                for &cell in members {
                    let word = value_at(&s.state, cell as usize);
                    twice |= once & word;
                    once |= word;
                }
                if lacking & !once != 0 {
                    return false;
                }
                let mut single = lacking & !twice;
                while single != 0 {
                    let symbol = single.trailing_zeros();
                    single &= single - 1;
                    let bit = 1u64 << symbol;
                    // Given to the house by an option taken since the sweep.
                    if value_at(&s.state, cells + house) & bit != 0 {
                        continue;
                    }
                    let Some(&cell) = members
                        .iter()
                        .find(|&&cell| value_at(&s.state, cell as usize) & bit != 0)
                    else {
                        return false;
                    };
                    let option = value_at(
                        &self.option_at,
                        cell as usize * self.symbols + symbol as usize,
                    );
                    *nodes += 1;
                    s.chosen.push(OptionId(option));
                    if !self.place(s, option) {
                        return false;
                    }
                    placed = true;
                }
            }
            if !placed {
                return true;
            }
        }
    }

    /// Appends to `s.branch` the options of the first open primary item with the fewest,
    /// ascending (every open primary item has two or more, as the state is settled).
    fn branch_options(&self, s: &mut CellsScratch) {
        let cells = self.start.len();
        let state = &s.state;
        let house_has = |house: u32, symbol: u32| {
            let from = value_at(&self.house_starts, house as usize) as usize;
            let to = value_at(&self.house_starts, house as usize + 1) as usize;
            span(&self.house_cells, from, to - from)
                .iter()
                .filter(move |&&cell| value_at(state, cell as usize) >> symbol & 1 == 1)
        };
        let mut best = (u32::MAX, Item::Empty);
        for &item in &self.items {
            let count = match item {
                Item::Cell(cell) => match value_at(state, cell as usize) {
                    0 => continue,
                    word => word.count_ones(),
                },
                Item::House { house, symbol } => {
                    if value_at(state, cells + house as usize) >> symbol & 1 == 1 {
                        continue;
                    }
                    house_has(house, symbol).count() as u32
                }
                Item::Empty => continue,
            };
            if count < best.0 {
                best = (count, item);
                if count <= 2 {
                    break;
                }
            }
        }
        let from = s.branch.len();
        match best.1 {
            Item::Cell(cell) => {
                let mut word = value_at(state, cell as usize);
                while word != 0 {
                    let symbol = word.trailing_zeros() as usize;
                    word &= word - 1;
                    s.branch.push(value_at(
                        &self.option_at,
                        cell as usize * self.symbols + symbol,
                    ));
                }
            }
            Item::House { house, symbol } => {
                for &cell in house_has(house, symbol) {
                    s.branch.push(value_at(
                        &self.option_at,
                        cell as usize * self.symbols + symbol as usize,
                    ));
                }
            }
            Item::Empty => unreachable!("a settled state with an open item"),
        }
        s.branch[from..].sort_unstable();
    }
}
