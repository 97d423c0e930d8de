//! Grading a Dominosa grid by the deduction rules it needs (Tatham's levels, his rules:
//! [`super::solver`]), and the steps of those rules as hints.

use super::solver::{Outcome, Solver};
use super::{Dominosa, Grid};
use crate::generate::{grade_by, Ladder};
use crate::hint::{End, Explanation, Hint, Mark};
use crate::logic::Deduction;

/// How hard a Dominosa grid is: the easiest set of rules that solves it without search.
/// The names and levels are Tatham's Dominosa's, and a last one for grids that need search.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// A domino with one place left lies there; a cell with one placement left takes it.
    Trivial,
    /// A cell that only one domino can cover, a placement that every place of a domino
    /// overlaps, a placement that would force a second copy of a domino or cut off an area
    /// of odd size.
    Basic,
    /// Sets: k cells of one number that can hold only k dominoes between them.
    Hard,
    /// Sets where a double can cover two of the cells, and forcing chains.
    Extreme,
    /// None of the rules finish it: it needs search.
    Unreasonable,
}

impl Ladder for Difficulty {
    const ALL: &'static [Difficulty] = &[
        Difficulty::Trivial,
        Difficulty::Basic,
        Difficulty::Hard,
        Difficulty::Extreme,
        Difficulty::Unreasonable,
    ];

    fn name(self) -> &'static str {
        match self {
            Difficulty::Trivial => "trivial",
            Difficulty::Basic => "basic",
            Difficulty::Hard => "hard",
            Difficulty::Extreme => "extreme",
            Difficulty::Unreasonable => "unreasonable",
        }
    }
}

crate::generate::ladder_text!(Difficulty);

/// A Dominosa grid's grade on its ladder.
pub type Grade = crate::generate::Grade<Difficulty>;

/// What the rules of `difficulty` make of a grid, and the hardest level they used.
pub(super) fn deduce(grid: &Grid, difficulty: Difficulty) -> (Deduction, Difficulty) {
    let (outcome, used) = Solver::new(grid).run(difficulty);
    let deduction = match outcome {
        Outcome::Solved => Deduction::Solved,
        Outcome::Stuck => Deduction::Stuck,
        Outcome::Contradiction => Deduction::Contradiction,
    };
    (deduction, used)
}

/// The grade of a Dominosa grid: the easiest difficulty whose rules solve it, or the
/// engine's verdict when none does.
///
/// ```
/// use reductions::dominosa::{grade, Difficulty, Dominosa, Grade};
/// use reductions::Reduction;
///
/// let grid = Dominosa.parse("2:001100212221")?;
/// assert_eq!(grade(&grid), Grade::Unique { difficulty: Difficulty::Trivial, search_nodes: 0 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn grade(grid: &Grid) -> Grade {
    grade_by(&Dominosa, grid, |difficulty: Difficulty| {
        deduce(grid, difficulty).0
    })
}

/// A placement as a hint's mark: its top or left cell, valued 1 across and 2 down.
fn mark(grid: &Grid, [a, _b]: [usize; 2], across: bool) -> Mark {
    let w = grid.cols();
    Mark {
        row: a / w + 1,
        column: a % w + 1,
        value: if across { 1 } else { 2 },
    }
}

/// Every step of deduction from `grid` as given (the dominoes placed count as given), each
/// the cheapest rule that makes progress, until every domino lies or no rule applies
/// ([`crate::hint`]); where no rule applies, the engine's search tells whether the grid has
/// a solution at all. A step's marks are placements, at their top or left cell, valued 1
/// for a domino across and 2 for one down.
pub fn explain(grid: &Grid) -> Explanation {
    let w = grid.cols();
    let mut solver = Solver::new(grid);
    let at = |cell: usize| (cell / w + 1, cell % w + 1);
    let mut steps = Vec::new();
    let end = loop {
        match solver.outcome() {
            Outcome::Solved => break End::Solved,
            Outcome::Contradiction => break End::Contradiction,
            Outcome::Stuck => {}
        }
        let before: Vec<bool> = (0..solver.cells.len()).map(|p| solver.settled(p)).collect();
        let Some(found) = solver.step(Difficulty::Extreme) else {
            break End::Stuck;
        };
        let placed: Vec<usize> = (0..solver.cells.len())
            .filter(|&p| !before[p] && solver.settled(p))
            .collect();
        // What a domino that now lies rules out goes without saying.
        let implied = |q: usize| {
            placed.iter().any(|&p| {
                solver.domino[p] == solver.domino[q]
                    || solver.cells[p].iter().any(|c| solver.cells[q].contains(c))
            })
        };
        let as_mark = |p: usize| {
            let [a, b] = solver.cells[p];
            mark(grid, [a, b], b == a + 1)
        };
        let numbers = |d: usize| {
            let hi = (0..).find(|&k| (k + 1) * (k + 2) / 2 > d).unwrap_or(0);
            [d - hi * (hi + 1) / 2, hi]
        };
        let mut cells: Vec<(usize, usize)> = found.cells.iter().map(|&c| at(c)).collect();
        let pattern: &[usize] = if found.rule == crate::hint::Rule::DominoPlace {
            &[]
        } else {
            &found.placements
        };
        for &p in pattern {
            cells.extend(solver.cells[p].iter().map(|&c| at(c)));
        }
        let values = if found.rule == crate::hint::Rule::DominoSet {
            found.dominoes.iter().flat_map(|&d| numbers(d)).collect()
        } else {
            found
                .dominoes
                .first()
                .map_or(Vec::new(), |&d| numbers(d).to_vec())
        };
        let values = if found.rule == crate::hint::Rule::DominoSet {
            // The shared number first: each domino as that number and its other.
            let shared = found
                .cells
                .first()
                .map_or(0, |&c| usize::from(grid.numbers[c]));
            values
                .chunks(2)
                .flat_map(|pair| {
                    let other = if pair[0] == shared { pair[1] } else { pair[0] };
                    [shared, other]
                })
                .collect()
        } else {
            values
        };
        steps.push(Hint {
            rule: found.rule,
            house: None,
            houses: Vec::new(),
            cells,
            values,
            placed: placed.iter().map(|&p| as_mark(p)).collect(),
            removed: found
                .removed
                .iter()
                .copied()
                .filter(|&q| !implied(q))
                .map(as_mark)
                .collect(),
        });
    };
    crate::hint::settled(Explanation { steps, end }, &Dominosa, grid)
}

/// The next domino a player can place, with the steps of [`explain`] that lead to it.
pub fn hint(grid: &Grid) -> Result<Vec<Hint>, End> {
    explain(grid).to_next_placement()
}
