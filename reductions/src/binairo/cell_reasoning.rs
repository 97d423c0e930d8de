//! The reasoning at every node of a search of the cell encoding ([`CellReasoning`]): each
//! line's legal completions, read cell by cell.
//!
//! The state at a node is the grid: the digits given or fixed before the search, the digits
//! of the options chosen above the node, and for every open cell the digits whose options
//! are left (a cell with one left is known to hold it). Then each line that has an open
//! cell, or a digit not chosen yet, goes through [`supports`]: the digits its cells take in
//! at least one legal completion (N/2 of each digit, no three equal in a row), found in
//! O(N^2) however many completions there are. A cell left with one digit holds it, and its
//! crossing line is looked at again; a cell left with none, or a known digit without
//! support, proves that no solution lies below the node. At the fixpoint, each option of a
//! digit that its cell cannot take goes.
//!
//! This is what the rules search of Unruly's normal level does, and it is exact for each
//! line on its own: the counts and the rule of three are the encoding's items too, so the
//! reasoning removes nothing that a solution uses. Distinct lines are left to the encoding.

use std::cell::RefCell;
use std::collections::HashMap;

use super::propagate::supports;
use super::{Choice, Grid, BLANK};
use crate::Encoding;

/// The most line states each thread remembers the [`supports`] of before it forgets them
/// all (a few megabytes).
const MAX_REMEMBERED: usize = 1 << 16;

/// A line's length, and where it has 0s and 1s.
type LineState = (usize, u64, u64);

thread_local! {
    /// [`supports`] of the line states seen on this thread, by (length, 0s, 1s): from one
    /// node to the next most lines are unchanged, and the propagator, shared by the
    /// threads of a search, keeps no state of its own.
    static REMEMBERED: RefCell<HashMap<LineState, (u64, u64)>> =
        RefCell::new(HashMap::new());
}

/// [`supports`] of `cells`, remembered.
fn remembered_supports(cells: &[u8]) -> (u64, u64) {
    let mask = |digit: u8| {
        cells
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d == digit)
            .fold(0u64, |m, (k, _)| m | 1 << k)
    };
    let key = (cells.len(), mask(0), mask(1));
    REMEMBERED.with(|remembered| {
        let mut remembered = remembered.borrow_mut();
        if let Some(&found) = remembered.get(&key) {
            return found;
        }
        if remembered.len() >= MAX_REMEMBERED {
            remembered.clear();
        }
        *remembered.entry(key).or_insert_with(|| supports(cells))
    })
}

/// The line rules at every node of a search of the cell encoding (see the
/// [module docs](self)).
pub(super) struct CellReasoning {
    rows: usize,
    cols: usize,
    /// The digits known before the search: the grid's, and those the encoding fixed
    /// ([`Choice::Fixed`]); [`BLANK`] elsewhere.
    known: Vec<u8>,
    /// Each open cell's item and its options for 0 and 1, cells in row order.
    open: Vec<(u32, dlx::ItemId, [Option<dlx::OptionId>; 2])>,
    /// The cell and digit of each option that writes one ([`Choice::Cell`]).
    writes: Vec<Option<(u32, u8)>>,
}

impl CellReasoning {
    /// The reasoning for `encoding`, if it is the cell encoding of `grid`: each
    /// [`Choice::Cell`] option's first item is its cell's.
    pub(super) fn new(grid: &Grid, encoding: &Encoding<Choice>) -> Option<CellReasoning> {
        let (rows, cols) = (grid.rows, grid.cols);
        let problem = &encoding.problem;
        let mut known = grid.cells.clone();
        let mut cells: Vec<Option<(dlx::ItemId, [Option<dlx::OptionId>; 2])>> =
            vec![None; rows * cols];
        let mut writes = vec![None; problem.option_count()];
        for option in problem.options() {
            match *encoding.choice(option) {
                Choice::Cell { row, col, digit } if row < rows && col < cols && digit <= 1 => {
                    let cell = row * cols + col;
                    let item = problem.option(option).first()?.item();
                    let (cell_item, digits) = cells[cell].get_or_insert((item, [None; 2]));
                    if *cell_item != item || digits[usize::from(digit)].is_some() {
                        return None;
                    }
                    digits[usize::from(digit)] = Some(option);
                    writes[option.index()] = Some((cell as u32, digit));
                }
                Choice::Fixed { row, mask, bits } if row < rows => {
                    for c in (0..cols).filter(|&c| mask >> c & 1 == 1) {
                        known[row * cols + c] = (bits >> c & 1) as u8;
                    }
                }
                Choice::Apart | Choice::Fixed { .. } => {}
                _ => return None,
            }
        }
        let open = cells
            .into_iter()
            .enumerate()
            .filter_map(|(cell, open)| open.map(|(item, digits)| (cell as u32, item, digits)))
            .collect();
        Some(CellReasoning {
            rows,
            cols,
            known,
            open,
            writes,
        })
    }

    /// The cells of line `line` (the rows, then the columns).
    fn cells(&self, line: usize) -> impl Iterator<Item = usize> {
        let (rows, cols) = (self.rows, self.cols);
        let (start, step, len) = if line < rows {
            (line * cols, 1, cols)
        } else {
            (line - rows, cols, rows)
        };
        (0..len).map(move |k| start + k * step)
    }
}

impl dlx::propagate::Propagator for CellReasoning {
    fn propagate(
        &self,
        node: &mut dlx::propagate::Node<'_>,
    ) -> Result<(), dlx::propagate::Contradiction> {
        let (rows, cols) = (self.rows, self.cols);
        // The grid at the node, and which of its digits are settled (given, fixed or
        // chosen): a line of settled digits obeys the rules already.
        let mut grid = self.known.clone();
        let mut settled: Vec<bool> = grid.iter().map(|&d| d != BLANK).collect();
        for option in node.chosen() {
            if let Some((cell, digit)) = self.writes[option.index()] {
                grid[cell as usize] = digit;
                settled[cell as usize] = true;
            }
        }
        let mut left = Vec::with_capacity(self.open.len());
        for &(cell, item, options) in &self.open {
            if settled[cell as usize] {
                continue;
            }
            let mut digits = [false; 2];
            for option in node.available(item) {
                if let Some((_, digit)) = self.writes[option.index()] {
                    digits[usize::from(digit)] = true;
                }
            }
            match digits {
                [false, false] => return Err(dlx::propagate::Contradiction),
                [true, false] => grid[cell as usize] = 0,
                [false, true] => grid[cell as usize] = 1,
                [true, true] => {}
            }
            left.push((cell, digits, options));
        }
        // Every line with a cell not settled, to a fixpoint.
        let lines = rows + cols;
        let mut queued = vec![false; lines];
        for &(cell, _, _) in &left {
            let cell = cell as usize;
            queued[cell / cols] = true;
            queued[rows + cell % cols] = true;
        }
        let mut queue: Vec<usize> = (0..lines).filter(|&line| queued[line]).collect();
        let mut line_cells = Vec::with_capacity(rows.max(cols));
        while let Some(line) = queue.pop() {
            queued[line] = false;
            line_cells.clear();
            line_cells.extend(self.cells(line).map(|cell| grid[cell]));
            let (zeros, ones) = remembered_supports(&line_cells);
            for (k, cell) in self.cells(line).enumerate() {
                let can = [zeros >> k & 1 == 1, ones >> k & 1 == 1];
                let digit = match (grid[cell], can) {
                    (_, [false, false]) => return Err(dlx::propagate::Contradiction),
                    (BLANK, [true, false]) => 0,
                    (BLANK, [false, true]) => 1,
                    (BLANK, _) => continue,
                    (d, can) if can[usize::from(d)] => continue,
                    _ => return Err(dlx::propagate::Contradiction),
                };
                grid[cell] = digit;
                let crossing = if line < rows {
                    rows + cell % cols
                } else {
                    cell / cols
                };
                if !queued[crossing] {
                    queued[crossing] = true;
                    queue.push(crossing);
                }
            }
        }
        for &(cell, digits, options) in &left {
            let digit = grid[cell as usize];
            if digit == BLANK {
                continue;
            }
            let other = usize::from(1 - digit);
            if digits[other] {
                if let Some(option) = options[other] {
                    node.remove(option);
                }
            }
        }
        Ok(())
    }
}
