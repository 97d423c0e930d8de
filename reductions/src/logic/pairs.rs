//! Futoshiki's rules for the grader, on pairs of neighbouring cells: Unequal's inequalities,
//! and the bars of its adjacent mode.

use super::{Grid, Rules, Step};

/// A clue between two cells.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Pair {
    /// The first cell's value is the greater.
    Greater { greater: usize, smaller: usize },
    /// The adjacent mode: the two values are consecutive (a bar), or not (no bar).
    Bar {
        first: usize,
        second: usize,
        consecutive: bool,
    },
}

/// One pass of the pairs' rules, as Unequal has them:
///
/// - an inequality: the greater cell keeps the values above the smaller's least, the smaller
///   those below the greater's most (Unequal's links, at easy);
/// - a bar or its absence beside a placed value: the neighbour keeps the values consecutive
///   to it (or not) (at easy);
/// - with the rules of subsets (tricky), a bar or its absence beside any cell: the neighbour
///   keeps the values consecutive to one of the cell's candidates (or different from it and
///   not consecutive to it).
pub(crate) fn apply(pairs: &[Pair], grid: &mut Grid, rules: Rules) -> Step {
    let mut step = Step::Nothing;
    let mut keep = |grid: &mut Grid, cell: usize, keep: u64| {
        if grid.candidates[cell] & !keep != 0 {
            grid.candidates[cell] &= keep;
            step = Step::Changed;
        }
        grid.candidates[cell] != 0
    };
    for &pair in pairs {
        match pair {
            Pair::Greater { greater, smaller } => {
                let least = grid.candidates[smaller].trailing_zeros();
                let above = u64::MAX.checked_shl(least + 1).unwrap_or(0);
                let most = 63 - grid.candidates[greater].leading_zeros().min(63);
                let below = (1u64 << most) - 1;
                if !keep(grid, greater, above) || !keep(grid, smaller, below) {
                    return Step::Contradiction;
                }
            }
            Pair::Bar {
                first,
                second,
                consecutive,
            } => {
                for (from, to) in [(first, second), (second, first)] {
                    let known = grid.placed[from];
                    if !known && !rules.subsets {
                        continue;
                    }
                    // The values `to` may hold beside each candidate of `from`.
                    let mut allowed = 0u64;
                    let mut rest = grid.candidates[from];
                    while rest != 0 {
                        let bit = rest & rest.wrapping_neg();
                        rest &= rest - 1;
                        let next = bit << 1 | bit >> 1;
                        allowed |= if consecutive { next } else { !next & !bit };
                    }
                    if known {
                        // Unequal's easy rule leaves the placed value itself to the lines.
                        allowed |= grid.candidates[from];
                    }
                    if !keep(grid, to, allowed) {
                        return Step::Contradiction;
                    }
                }
            }
        }
    }
    step
}
