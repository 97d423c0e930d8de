//! The sweep's bookkeeping (which houses it looks at again) against its meaning: at every
//! node the search settles, no open cell has one symbol and no house lacks a symbol with
//! one place or none, whatever the sweep skipped; and the solutions are the links'.

use super::*;
use crate::problem::Problem;

impl Cells {
    /// Panics unless the state is settled: every open cell has two symbols or more, and
    /// every primary house has two places or more for each symbol of its items it lacks.
    pub(super) fn assert_settled<const W: usize>(&self, s: &CellsScratch) {
        let open_at = self.symbols * W;
        let (hw, placed_at) = (self.house_words, open_at + W);
        let open = span(&s.state, open_at, W);
        for cell in 0..self.option_at.len() / self.symbols.max(1) {
            if has(open, 0, cell as u32) {
                let symbols = (0..self.symbols)
                    .filter(|&t| has(&s.state, t * W, cell as u32))
                    .count();
                assert!(symbols >= 2, "open cell {cell} has {symbols} symbols");
            }
        }
        for house in 0..self.houses.len() / W {
            for symbol in 0..self.symbols {
                let at = symbol * hw + house / 64;
                let of = value_at(&self.symbol_houses, at) >> (house % 64) & 1 == 1;
                let done = value_at(&s.state, placed_at + at) >> (house % 64) & 1 == 1;
                if of && !done {
                    let places: u32 = (0..W)
                        .map(|k| {
                            (s.state[symbol * W + k] & self.houses[house * W + k] & open[k])
                                .count_ones()
                        })
                        .sum();
                    assert!(
                        places >= 2,
                        "house {house} has {places} places for {symbol}"
                    );
                }
            }
        }
    }
}

/// A random number below `below`, from `state` (xorshift).
fn below(state: &mut u64, below: usize) -> usize {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state % below as u64) as usize
}

/// The exact-cover problem of a blank sudoku with boxes of `size` x `size` cells: an item a
/// cell, then one a row's, a column's and a box's symbol; an option a cell's symbol.
fn sudoku(size: usize) -> Problem {
    let side = size * size;
    let mut text = String::new();
    for cell in 0..side * side {
        text += &format!(" p{cell}");
    }
    for house in ["r", "c", "b"] {
        for h in 0..side {
            for v in 0..side {
                text += &format!(" {house}{h}_{v}");
            }
        }
    }
    text += "\n";
    for r in 0..side {
        for c in 0..side {
            let b = r / size * size + c / size;
            for v in 0..side {
                text += &format!("p{} r{r}_{v} c{c}_{v} b{b}_{v}\n", r * side + c);
            }
        }
    }
    Problem::from_dlx(&text).expect("a sudoku")
}

#[test]
fn every_node_is_settled_with_houses_in_one_word_or_two() {
    // Boxes of 3 (27 houses, one word of houses, two of cells), 4 (48 houses, four words
    // of cells) and 5 (75 houses: two words of houses; sixteen of cells).
    let mut state = 0x853c_49e6_748f_ea9bu64;
    for size in [3, 4, 5] {
        let side = size * size;
        let problem = sudoku(size);
        let cells = Cells::new(&problem).expect("laid out by cells");
        assert_eq!(cells.house_words, (3 * side).div_ceil(64));
        let mut scratch = CellsScratch::default();
        let limits = KernelLimits {
            solutions: Some(30),
            nodes: Some(20_000),
            ..KernelLimits::default()
        };
        let (mut branched, mut compared) = (0, 0);
        for round in 0..12 {
            // A grid of the pattern that shifts each row of a band by a box and each band
            // by one; some of its cells given (more of the largest, whose searches are long).
            let share = if size == 5 { 45 } else { 40 } + 2 * round;
            let given: Vec<OptionId> = (0..side * side)
                .filter(|_| below(&mut state, 100) < share)
                .map(|cell| {
                    let (r, c) = (cell / side, cell % side);
                    OptionId::new(cell * side + (size * (r % size) + r / size + c) % side)
                })
                .collect();
            let mut found: Vec<Vec<OptionId>> = Vec::new();
            let outcome = cells
                .search(&mut scratch, &given, &limits, |options| {
                    let mut options = options.to_vec();
                    options.sort_unstable();
                    found.push(options);
                    ControlFlow::Continue(())
                })
                .expect("given options that fit");
            // Every search of the grid's givens finds it, unless cut at the limit of nodes;
            // one not cut finds the links' first solutions, in their order.
            if outcome.stopped == Some(crate::StopReason::NodeLimit) {
                continue;
            }
            assert!(outcome.solutions >= 1, "boxes of {size}, round {round}");
            let links: Vec<Vec<OptionId>> = crate::Solver::new(&problem)
                .tree(crate::Tree::Links)
                .propagation(crate::Propagation::None)
                .given(&given)
                .expect("given options that fit")
                .solutions()
                .take(30)
                .map(|solution| solution.canonical())
                .collect();
            assert_eq!(found, links, "boxes of {size}, round {round}");
            compared += 1;
            branched += usize::from(outcome.nodes > (side * side - given.len()) as u64 + 1);
        }
        assert!(
            branched >= 3 && compared >= 6,
            "boxes of {size}: {compared} searches compared, {branched} branched"
        );
    }
}
