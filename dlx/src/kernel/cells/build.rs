//! Building the layout by cells from a problem: its cells, symbols, houses and reaches,
//! read from the options ([the layout's docs](super)).

use std::collections::HashMap;

use super::{Cells, Item, NO_OPTION};
use crate::kernel::{KernelRefusal, MAX_CELLS, MAX_HOUSES, MAX_SAVED_BYTES, MAX_SYMBOLS};
use crate::problem::Problem;

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

/// Sets bit `cell` of the bit set at `words[at..]`.
fn set(words: &mut [u64], at: usize, cell: u32) {
    words[at + cell as usize / 64] |= 1 << (cell % 64);
}

impl Cells {
    /// The layout of `problem` (without colors or bounds) by cells, or why its options do
    /// not fill cells with symbols ([the kernel's docs](crate::kernel)).
    pub(in crate::kernel) fn new(problem: &Problem) -> Result<Cells, KernelRefusal> {
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
        let cells = cells as usize;
        if cells > MAX_CELLS {
            return Err(not_cells(format!("more than {MAX_CELLS} cells")));
        }
        let words = match cells.div_ceil(64) {
            0..=2 => 2,
            3..=4 => 4,
            _ => 16,
        };
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
        let mut option_cell = Vec::with_capacity(options);
        let mut option_at = vec![NO_OPTION; cells * symbols];
        let mut start = vec![0u64; symbols * words];
        for option in problem.options() {
            let o = option.index();
            let item = problem.option(option)[0].item();
            let cell = cell_of[item.index()];
            let symbol = option_symbol[o] as usize;
            let at = cell as usize * symbols + symbol;
            if option_at[at] != NO_OPTION {
                return Err(not_cells(format!(
                    "cell '{}' takes one symbol in two options",
                    problem.item_name(item)
                )));
            }
            option_at[at] = o as u32;
            option_cell.push(cell);
            set(&mut start, symbol * words, cell);
        }
        let primary_houses_of = Self::houses(problem, &option_cell, words, |item| {
            item_options[item] > 0 && cell_of[item] == u32::MAX
        });
        let (house_of_item, houses, primary_houses) = primary_houses_of;
        if primary_houses > MAX_HOUSES {
            return Err(not_cells(format!("more than {MAX_HOUSES} primary houses")));
        }
        let house_words = primary_houses.div_ceil(64).max(1);
        let mut symbol_houses = vec![0u64; symbols * house_words];
        for item in 0..primary {
            if cell_of[item] == u32::MAX && item_options[item] > 0 {
                let symbol = option_symbol[first_option[item] as usize];
                set(
                    &mut symbol_houses,
                    symbol as usize * house_words,
                    house_of_item[item],
                );
            }
        }
        let mut cell_houses = vec![0u64; cells * house_words];
        for house in 0..primary_houses as u32 {
            for cell in 0..cells as u32 {
                if houses[house as usize * words + cell as usize / 64] >> (cell % 64) & 1 == 1 {
                    set(&mut cell_houses, cell as usize * house_words, house);
                }
            }
        }
        let state = symbols * words + words + symbols * house_words;
        let saved = (state * 8).saturating_mul(primary + 1);
        if saved > MAX_SAVED_BYTES {
            return Err(KernelRefusal::TooLarge(saved));
        }
        start.resize(state, 0);
        for cell in 0..cells as u32 {
            set(&mut start, symbols * words, cell);
        }
        // Each option's reach: its cell's peers through its houses, its primary houses, and
        // the primary houses of its peers.
        let mut reaches: HashMap<(u32, Vec<u32>), u32> = HashMap::new();
        let mut peers = Vec::new();
        let (mut reach_houses, mut reach_touched) = (Vec::new(), Vec::new());
        let mut option_covers = Vec::with_capacity(options);
        let mut option_reach = Vec::with_capacity(options);
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
                let at = peers.len();
                peers.resize(at + words, 0);
                for &house in of {
                    for k in 0..words {
                        peers[at + k] |= houses[house as usize * words + k];
                    }
                }
                peers[at + *cell as usize / 64] &= !(1 << (cell % 64));
                let at = reach_houses.len();
                reach_houses.resize(at + house_words, 0);
                for &house in of.iter().filter(|&&h| (h as usize) < primary_houses) {
                    set(&mut reach_houses, at, house);
                }
                reach_touched.resize(at + house_words, 0);
                for w in 0..words {
                    let mut bits = peers[next as usize * words + w];
                    while bits != 0 {
                        let peer = w * 64 + bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        for k in 0..house_words {
                            reach_touched[at + k] |= cell_houses[peer * house_words + k];
                        }
                    }
                }
                next
            });
            option_reach.push(reach);
        }
        let items_in_order: Vec<Item> = (0..primary)
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
            .collect();
        let mut houses = houses;
        houses.truncate(primary_houses * words);

        Ok(Cells {
            primary,
            symbols,
            words,
            bit_instructions: bit_instructions(),
            start,
            house_words,
            houses,
            symbol_houses,
            cell_houses,
            option_cell,
            option_symbol,
            option_covers,
            option_reach,
            peers,
            reach_houses,
            reach_touched,
            option_at,
            empty_item: items_in_order
                .iter()
                .any(|item| matches!(item, Item::Empty)),
            items: items_in_order,
        })
    }

    /// The houses of the items `is_house` says are houses: each item's house, the houses'
    /// cells (bit sets of `words` words), and how many are primary (they come first). Items
    /// with the same cells share a house, unless one is primary and the other not.
    fn houses(
        problem: &Problem,
        option_cell: &[u32],
        words: usize,
        is_house: impl Fn(usize) -> bool,
    ) -> (Vec<u32>, Vec<u64>, usize) {
        let items = problem.item_count();
        let mut cells_of: Vec<Vec<u32>> = vec![Vec::new(); items];
        for option in problem.options() {
            for entry in &problem.option(option)[1..] {
                cells_of[entry.item().index()].push(option_cell[option.index()]);
            }
        }
        let mut house_of_item = vec![u32::MAX; items];
        let mut by_cells: HashMap<(bool, Vec<u32>), u32> = HashMap::new();
        let mut houses = Vec::new();
        let mut primary_houses = 0;
        for primary in [true, false] {
            for item in (0..items).filter(|&item| is_house(item)) {
                if (item < problem.primary_count()) != primary {
                    continue;
                }
                let mut members = std::mem::take(&mut cells_of[item]);
                members.sort_unstable();
                let next = by_cells.len() as u32;
                let house =
                    *by_cells
                        .entry((primary, members))
                        .or_insert_with_key(|(_, members)| {
                            let at = houses.len();
                            houses.resize(at + words, 0);
                            for &cell in members {
                                set(&mut houses, at, cell);
                            }
                            next
                        });
                house_of_item[item] = house;
            }
            if primary {
                primary_houses = by_cells.len();
            }
        }
        (house_of_item, houses, primary_houses)
    }
}

/// Whether this CPU has the popcnt, BMI1 and BMI2 instructions.
fn bit_instructions() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}
