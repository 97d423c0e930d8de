//! Killer sudoku's rule for the grader: the digits of a cage differ and add up to its sum.
//!
//! A cage keeps in each cell only the values that some filling of the whole cage gives it: a
//! value per cell from its candidates, all different, adding up to the sum. The fillings are
//! walked cell by cell as the sets of values used so far (a cage of k cells has at most
//! `C(values, k)` of them at each step), forward to the sets that reach the sum and back to
//! the values that lead there. The same holds for a part of a house whose sum is known
//! because the rest of the house is whole cages (the "45 rule"), which the puzzle adds as
//! cages of its own.

use super::Step;

/// Cells whose values differ and add up to `sum` (each value counted as its index plus one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cage {
    pub cells: Vec<usize>,
    pub sum: u32,
}

/// The sum of the values of a set (bit `v` for value `v + 1`).
fn total(set: u64) -> u32 {
    let mut rest = set;
    let mut sum = 0;
    while rest != 0 {
        sum += rest.trailing_zeros() + 1;
        rest &= rest - 1;
    }
    sum
}

/// Keeps in each cell of each cage the values that some filling of the cage gives it.
pub(crate) fn filter(cages: &[Cage], candidates: &mut [u64]) -> Step {
    let mut step = Step::Nothing;
    for cage in cages {
        let cells = &cage.cells;
        // The sets of values that fill the first i cells, for i = 0..=k.
        let mut levels: Vec<Vec<u64>> = vec![vec![0]];
        for &cell in cells {
            let mut next = Vec::new();
            for &set in levels.last().expect("level 0 is there") {
                let mut open = candidates[cell] & !set;
                while open != 0 {
                    let bit = open & open.wrapping_neg();
                    open &= open - 1;
                    if total(set | bit) <= cage.sum {
                        next.push(set | bit);
                    }
                }
            }
            next.sort_unstable();
            next.dedup();
            levels.push(next);
        }
        // Back from the full sets that reach the sum: the sets at each level that lead there,
        // and the values each cell takes on the way.
        let mut good: Vec<u64> = levels[cells.len()]
            .iter()
            .copied()
            .filter(|&set| total(set) == cage.sum)
            .collect();
        let mut keep = vec![0u64; cells.len()];
        for i in (0..cells.len()).rev() {
            let mut before = Vec::new();
            for &set in &levels[i] {
                let mut open = candidates[cells[i]] & !set;
                let mut leads = false;
                while open != 0 {
                    let bit = open & open.wrapping_neg();
                    open &= open - 1;
                    if good.binary_search(&(set | bit)).is_ok() {
                        keep[i] |= bit;
                        leads = true;
                    }
                }
                if leads {
                    before.push(set);
                }
            }
            good = before;
        }
        for (i, &cell) in cells.iter().enumerate() {
            if candidates[cell] & !keep[i] != 0 {
                candidates[cell] &= keep[i];
                if candidates[cell] == 0 {
                    return Step::Contradiction;
                }
                step = Step::Changed;
            }
        }
    }
    step
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cage_keeps_the_values_of_its_fillings() {
        // Two cells of 1..4 adding to 3: only 1 and 2. Three cells to 6 with one cell 3: the
        // others 1 and 2.
        let mut candidates = vec![0b1111, 0b1111, 0b0100, 0b1111, 0b1111];
        let cages = [
            Cage {
                cells: vec![0, 1],
                sum: 3,
            },
            Cage {
                cells: vec![2, 3, 4],
                sum: 6,
            },
        ];
        assert_eq!(filter(&cages, &mut candidates), Step::Changed);
        assert_eq!(candidates, vec![0b0011, 0b0011, 0b0100, 0b0011, 0b0011]);
        assert_eq!(filter(&cages, &mut candidates), Step::Nothing);
        // No filling: a contradiction.
        let mut candidates = vec![0b0001, 0b0001];
        let cage = [Cage {
            cells: vec![0, 1],
            sum: 2,
        }];
        assert_eq!(filter(&cage, &mut candidates), Step::Contradiction);
    }
}
