//! Killer sudoku's rules for the grader: the digits of a cage differ and add up to its sum.
//!
//! The deductions are those of Tatham's Solo, in his order, so that a killer sudoku gets his
//! grade. Each pass first takes the placed cells out of their cages (their digits out of
//! the rest of the cage, their values out of its sum), then tries, until one makes progress:
//!
//! - a cage with one open cell left: that cell holds what is left of the sum;
//! - the rule of 45: in a row, column or box, the open cells outside the cages it holds
//!   whole add up to what those cages leave of the house's total. One such cell holds that
//!   sum; cells that all lie in one cage split it into two cages of known sums; the others
//!   make a cage of their own for the next two rules;
//! - least and most: a value is ruled out of a cell when even the largest (or smallest)
//!   candidates of the cage's other cells cannot bring the sum;
//! - sums: in a cage of 2 to 4 open cells, a value that belongs to no set of distinct digits
//!   1-9 with the cage's sum, whose every member the cells leave room for, is ruled out.
//!
//! The cages are recomputed from the placed cells at every pass (Solo keeps the cages it has
//! split, which the placed cells found since then make again, or make unneeded). Every pass
//! checks that the placed digits of each of the puzzle's own cages differ, whatever the
//! splits: two cells of a cage may share no row, column or box (a jigsaw's region, or a bent
//! cage), and nothing else then keeps a full grid from breaking the cage.

use super::{Grid, Houses, Step};

/// Cells whose values differ, and add up to `sum` where it is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cage {
    pub cells: Vec<usize>,
    pub sum: Option<u32>,
}

/// The value of a candidate bit (index plus one).
fn value(bit: u64) -> u32 {
    bit.trailing_zeros() + 1
}

/// One pass of killer sudoku's rules over the grid (see the [module docs](self)), from the
/// puzzle's `cages` or the cages the grid's earlier passes left.
pub(crate) fn deduce(cages: &[Cage], houses: &Houses, grid: &mut Grid) -> Step {
    if cages.is_empty() {
        return Step::Nothing;
    }
    // The digits of a cage differ: two placed cells of one of the puzzle's cages with one
    // digit are a contradiction, whatever the passes split (two cells of a cage may share no
    // house). Ruling a placed digit out of the cage's other cells stays with the split cages
    // below, as Solo does it: doing it across the parts of a split makes some grades easier
    // than his.
    for cage in cages {
        let mut used = 0u64;
        for &cell in cage.cells.iter().filter(|&&cell| grid.placed[cell]) {
            if used & grid.candidates[cell] != 0 {
                return Step::Contradiction;
            }
            used |= grid.candidates[cell];
        }
    }
    let mut open = grid.cages.take().unwrap_or_else(|| cages.to_vec());
    let step = pass(&mut open, houses, grid);
    grid.cages = Some(open);
    step
}

fn pass(open: &mut Vec<Cage>, houses: &Houses, grid: &mut Grid) -> Step {
    let side = houses.side;
    // The placed cells out of their cages: their values out of the sums, and out of the
    // cages' other cells (Solo does that without counting it as a step).
    for cage in open.iter_mut() {
        let mut used = 0u64;
        let mut contradiction = false;
        cage.cells.retain(|&cell| {
            if !grid.placed[cell] {
                return true;
            }
            let bit = grid.candidates[cell];
            used |= bit;
            if let Some(sum) = &mut cage.sum {
                contradiction |= value(bit) > *sum;
                *sum = sum.saturating_sub(value(bit));
            }
            false
        });
        // A full cage must make its sum, an open one have some left.
        if contradiction
            || cage
                .sum
                .is_some_and(|sum| cage.cells.is_empty() != (sum == 0))
        {
            return Step::Contradiction;
        }
        for &cell in &cage.cells {
            grid.candidates[cell] &= !used;
            if grid.candidates[cell] == 0 {
                return Step::Contradiction;
            }
        }
    }
    // One open cell left.
    let mut changed = false;
    for cage in open.iter() {
        if let ([cell], Some(sum)) = (&cage.cells[..], cage.sum) {
            if place(houses, grid, *cell, sum) == Step::Contradiction {
                return Step::Contradiction;
            }
            changed = true;
        }
    }
    if changed {
        return Step::Changed;
    }
    // The rule of 45, over rows, columns, then boxes.
    let rows = houses.houses.iter().step_by(2).take(side);
    let cols = houses.houses.iter().skip(1).step_by(2).take(side);
    let boxes = houses
        .houses
        .iter()
        .zip(&houses.is_box)
        .filter(|(_, &is_box)| is_box)
        .map(|(house, _)| house);
    let total = (side * (side + 1) / 2) as i64;
    let mut extra: Vec<Cage> = Vec::new();
    for house in rows.chain(cols).chain(boxes) {
        let mut sum = total;
        let mut rest: Vec<usize> = Vec::new();
        for &cell in house {
            if grid.placed[cell] {
                sum -= i64::from(value(grid.candidates[cell]));
            } else {
                rest.push(cell);
            }
        }
        for cage in open.iter() {
            if let Some(cage_sum) = cage.sum {
                if !cage.cells.is_empty() && cage.cells.iter().all(|c| rest.contains(c)) {
                    rest.retain(|c| !cage.cells.contains(c));
                    sum -= i64::from(cage_sum);
                }
            }
        }
        if rest.is_empty() || rest.len() == side {
            continue;
        }
        if sum <= 0 {
            return Step::Contradiction;
        }
        let sum = sum as u32;
        if let [cell] = rest[..] {
            if sum > side as u32 || place(houses, grid, cell, sum) == Step::Contradiction {
                return Step::Contradiction;
            }
            changed = true;
        }
        // All in one cage: the cage splits in two, for good.
        let holder = open
            .iter()
            .position(|cage| cage.sum.is_some() && cage.cells.contains(&rest[0]));
        match holder {
            Some(g) if rest.iter().all(|c| open[g].cells.contains(c)) => {
                open[g].cells.retain(|c| !rest.contains(c));
                open[g].sum = open[g].sum.map(|s| s.saturating_sub(sum));
                open.push(Cage {
                    cells: rest,
                    sum: Some(sum),
                });
            }
            _ => extra.push(Cage {
                cells: rest,
                sum: Some(sum),
            }),
        }
    }
    if changed {
        return Step::Changed;
    }
    // Least and most.
    for cage in open.iter().chain(&extra) {
        match least_and_most(cage, grid) {
            Step::Contradiction => return Step::Contradiction,
            Step::Changed => changed = true,
            Step::Nothing => {}
        }
    }
    if changed {
        return Step::Changed;
    }
    // Sums.
    for cage in open.iter().chain(&extra) {
        match sums(cage, side, grid) {
            Step::Contradiction => return Step::Contradiction,
            Step::Changed => changed = true,
            Step::Nothing => {}
        }
    }
    if changed {
        Step::Changed
    } else {
        Step::Nothing
    }
}

/// Places `sum` in `cell`, if it is one of its candidates.
fn place(houses: &Houses, grid: &mut Grid, cell: usize, sum: u32) -> Step {
    if sum == 0 || sum > 64 {
        return Step::Contradiction;
    }
    grid.place(houses, cell, 1 << (sum - 1))
}

/// A value is ruled out of a cell when the other cells' largest candidates together cannot
/// reach the sum with it, or their smallest already pass it.
fn least_and_most(cage: &Cage, grid: &mut Grid) -> Step {
    let mut step = Step::Nothing;
    let Some(sum) = cage.sum.filter(|&s| s > 0) else {
        return step;
    };
    for (i, &cell) in cage.cells.iter().enumerate() {
        let mut rest = grid.candidates[cell];
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let (mut least, mut most) = (0, 0);
            for (j, &other) in cage.cells.iter().enumerate() {
                let candidates = grid.candidates[other];
                if i == j || candidates == 0 {
                    continue;
                }
                least += value(candidates & candidates.wrapping_neg());
                most += 64 - candidates.leading_zeros();
            }
            let v = value(bit);
            if most + v < sum || least + v > sum {
                grid.candidates[cell] &= !bit;
                step = Step::Changed;
            }
        }
        if grid.candidates[cell] == 0 {
            return Step::Contradiction;
        }
    }
    step
}

/// In a cage of 2 to 4 open cells, the values that belong to some set of distinct digits
/// with the cage's sum whose every cell has a candidate in the set. The sets are of the
/// digits 1 to 9 (at least) whatever the side, as Solo's tables are.
fn sums(cage: &Cage, side: usize, grid: &mut Grid) -> Step {
    let n = cage.cells.len();
    let Some(sum) = cage.sum.filter(|&s| s > 0) else {
        return Step::Nothing;
    };
    if !(2..=4).contains(&n) {
        return Step::Nothing;
    }
    let within = if side >= 64 {
        u64::MAX
    } else {
        (1u64 << side) - 1
    };
    let mut possible = 0u64;
    for set in crate::sudoku::digit_sets(side.max(9), n, sum) {
        // Digits beyond the side never leave a cell without room, as in Solo's tables.
        if cage
            .cells
            .iter()
            .all(|&cell| set & (grid.candidates[cell] | !within) != 0)
        {
            possible |= set;
        }
    }
    if possible == 0 {
        return Step::Contradiction;
    }
    let mut step = Step::Nothing;
    for &cell in &cage.cells {
        if grid.candidates[cell] & !possible != 0 {
            grid.candidates[cell] &= possible;
            if grid.candidates[cell] == 0 {
                return Step::Contradiction;
            }
            step = Step::Changed;
        }
    }
    step
}
