//! Hints for binairo ([`crate::hint`]): the grader's rules one placement at a time, each the
//! cheapest rule that places a digit where the grid stands, with the line it looked at.

use super::grade::{keeps_rules, Lines, Placing, Step, RULES};
use super::Grid;
use crate::hint::{End, Explanation, Hint, House, Mark, Rule};

/// The hint rules, in the order of the grader's.
const NAMES: [Rule; 6] = [
    Rule::Trio,
    Rule::LastBlank,
    Rule::FullLine,
    Rule::DistinctLines,
    Rule::NearlyFullLine,
    Rule::WholeLine,
];

/// Every step of deduction from `grid` as given (a player's entries count as givens), each
/// the cheapest of the grader's rules that places a digit, one digit a step, until the grid
/// is solved or no rule applies; where none applies, the engine's search tells whether the
/// grid has a solution at all ([`End::NoSolution`]).
///
/// ```
/// use reductions::binairo::{explain, Binairo};
/// use reductions::hint::End;
/// use reductions::Reduction;
///
/// let grid = Binairo::default().parse("6x6dt:bcbcEgCeACAb")?;
/// let explanation = explain(&grid);
/// assert_eq!(explanation.end, End::Solved);
/// println!("{}", explanation.steps[0]); // r1c1 is 1: else three 0s side by side in ...
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn explain(grid: &Grid) -> Explanation {
    crate::hint::settled(walk(grid), &super::Binairo::default(), grid)
}

/// The next digit a player can place, with the step that places it, or where the path ends
/// without one: a player who enters each hint's digit and asks again reaches the solution.
///
/// ```
/// use reductions::binairo::{hint, Binairo};
/// use reductions::Reduction;
///
/// let grid = Binairo::default().parse("6x6dt:bcbcEgCeACAb")?;
/// let steps = hint(&grid).unwrap();
/// assert_eq!(steps.len(), 1);
/// assert_eq!(steps[0].placed.len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hint(grid: &Grid) -> Result<Vec<Hint>, End> {
    explain(grid).to_next_placement()
}

/// The rules' steps from `grid`, to where they end.
fn walk(grid: &Grid) -> Explanation {
    let lines = Lines::new(grid);
    let mut grid = grid.clone();
    let mut looked = vec![(u64::MAX, u64::MAX); lines.lines.len()];
    let mut steps = Vec::new();
    'steps: loop {
        if grid.is_complete() {
            let end = if keeps_rules(&grid, &lines) {
                End::Solved
            } else {
                End::Contradiction
            };
            return Explanation { steps, end };
        }
        for ((rule, _), name) in RULES.into_iter().zip(NAMES) {
            let mut placing = Placing::First(None);
            match rule(&mut grid, &lines, &mut looked, &mut placing) {
                Step::Nothing => continue,
                Step::Contradiction => {
                    return Explanation {
                        steps,
                        end: End::Contradiction,
                    }
                }
                Step::Changed => {}
            }
            let Placing::First(Some((cell, line))) = placing else {
                continue;
            };
            let house = match line.checked_sub(lines.rows) {
                None => House::Row(line + 1),
                Some(col) => House::Column(col + 1),
            };
            steps.push(Hint {
                rule: name,
                house: Some(house),
                houses: Vec::new(),
                cells: Vec::new(),
                values: Vec::new(),
                placed: vec![Mark {
                    row: cell / grid.cols + 1,
                    column: cell % grid.cols + 1,
                    value: usize::from(grid.cells[cell]),
                }],
                removed: Vec::new(),
            });
            continue 'steps;
        }
        return Explanation {
            steps,
            end: End::Stuck,
        };
    }
}
