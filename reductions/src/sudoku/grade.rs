//! Grading a sudoku by the deduction rules it needs (see the [module docs](super)).

use super::{Grid, Sudoku};
use crate::generate::{grade_by, Ladder};
use crate::logic::{self, Cage, Deduction, Houses, Rules};

/// How hard a sudoku is: the easiest set of rules that solves it without search. The names
/// are Tatham's Solo's; the rules are this crate's (see the [module docs](super)).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// Hidden singles in boxes: a digit with one place left in a box goes there.
    Trivial,
    /// Every single: hidden singles in rows and columns too, and a cell with one digit left.
    Basic,
    /// Intersections: a digit that a box can only place in one row (or column) leaves the
    /// rest of that row, and the other way round.
    Intermediate,
    /// Subsets: naked and hidden pairs, triples and quads.
    Advanced,
    /// Fish (X-wing, swordfish, jellyfish) and forcing chains from cells with two
    /// candidates.
    Extreme,
    /// None of the rules finish it: it needs search.
    Unreasonable,
}

impl Ladder for Difficulty {
    /// Every difficulty, easiest first.
    const ALL: &'static [Difficulty] = &[
        Difficulty::Trivial,
        Difficulty::Basic,
        Difficulty::Intermediate,
        Difficulty::Advanced,
        Difficulty::Extreme,
        Difficulty::Unreasonable,
    ];

    /// Its name in lower case, as the command line writes it.
    fn name(self) -> &'static str {
        match self {
            Difficulty::Trivial => "trivial",
            Difficulty::Basic => "basic",
            Difficulty::Intermediate => "intermediate",
            Difficulty::Advanced => "advanced",
            Difficulty::Extreme => "extreme",
            Difficulty::Unreasonable => "unreasonable",
        }
    }
}

impl Difficulty {
    /// The rules it allows; `None` for the grade that needs search.
    pub(crate) fn rules(self) -> Option<Rules> {
        // A killer sudoku's cages at every grade, as Solo has them (none elsewhere).
        let trivial = Rules {
            singles_in_boxes_only: true,
            own_rule: true,
            ..Rules::default()
        };
        let basic = Rules {
            singles_in_boxes_only: false,
            naked_singles: true,
            ..trivial
        };
        let intermediate = Rules {
            intersections: true,
            ..basic
        };
        let advanced = Rules {
            subsets: true,
            ..intermediate
        };
        Some(match self {
            Difficulty::Trivial => trivial,
            Difficulty::Basic => basic,
            Difficulty::Intermediate => intermediate,
            Difficulty::Advanced => advanced,
            Difficulty::Extreme => Rules {
                fish: true,
                forcing: true,
                ..advanced
            },
            Difficulty::Unreasonable => return None,
        })
    }
}

crate::generate::ladder_text!(Difficulty);

/// A sudoku's grade on its ladder.
pub type Grade = crate::generate::Grade<Difficulty>;

fn houses(shape: &Grid) -> Houses {
    let side = shape.side();
    let boxes = (0..side)
        .map(|b| {
            shape
                .box_cells(b)
                .into_iter()
                .map(|(r, c)| r * side + c)
                .collect()
        })
        .collect();
    let diagonals = if shape.has_diagonals() {
        vec![
            (0..side).map(|k| k * side + k).collect(),
            (0..side).map(|k| k * side + side - 1 - k).collect(),
        ]
    } else {
        Vec::new()
    };
    Houses::square_with(side, boxes, diagonals)
}

/// A killer sudoku's cages ([`logic::Cage`]).
fn cages(shape: &Grid) -> Vec<Cage> {
    let Some(cages) = shape.cages() else {
        return Vec::new();
    };
    (0..cages.count())
        .map(|g| Cage {
            cells: cages.cells(g).collect(),
            sum: cages.sum(g),
        })
        .collect()
}

/// The rules applied to sudoku grids of one size.
pub(crate) struct Grader(logic::Grader);

impl Grader {
    /// The rules for grids shaped as `shape`: its boxes (or jigsaw regions), its long
    /// diagonals for a sudoku-X, and its cages for a killer sudoku; its cells are not looked
    /// at.
    pub fn new(shape: &Grid) -> Grader {
        Grader(logic::Grader::new(houses(shape)).with_cages(cages(shape)))
    }

    /// What the rules of one difficulty make of a grid.
    pub fn deduce(&self, grid: &Grid, difficulty: Difficulty) -> Deduction {
        let givens: Vec<usize> = grid.cells.iter().map(|&d| d as usize).collect();
        self.0
            .deduce(&givens, &[], difficulty.rules().unwrap_or_default())
    }

    /// Whether the rules of a difficulty solve a grid (at [`Difficulty::Unreasonable`],
    /// whether it has exactly one solution).
    pub fn solves(&self, grid: &Grid, difficulty: Difficulty) -> bool {
        let givens: Vec<usize> = grid.cells.iter().map(|&d| d as usize).collect();
        match difficulty.rules() {
            Some(rules) => self.0.deduce(&givens, &[], rules) == Deduction::Solved,
            None => self.0.unique(
                &givens,
                &[],
                Difficulty::Extreme.rules().unwrap_or_default(),
                Difficulty::Advanced.rules().unwrap_or_default(),
            ),
        }
    }
}

/// Every step of deduction from `grid` as given (a player's entries count as givens), each
/// the cheapest of the graders' rules that makes progress, until the grid is solved or no
/// rule applies ([`crate::hint`]); where no rule applies, the engine's search tells whether
/// the grid has a solution at all ([`End::NoSolution`](crate::hint::End::NoSolution)).
pub fn explain(grid: &Grid) -> crate::hint::Explanation {
    let grader = Grader::new(grid);
    let givens: Vec<usize> = grid.cells.iter().map(|&d| d as usize).collect();
    let rules = Difficulty::Extreme.rules().unwrap_or_default();
    crate::hint::settled(
        crate::hint::explain_graded(&grader.0, &givens, &[], rules),
        &Sudoku::default(),
        grid,
    )
}

/// The next value a player can place, with the steps of [`explain`] that lead to it (the
/// last one places it; those before rule candidates out), or where the path ends without
/// one: a player who enters each hint's value and asks again reaches the solution.
///
/// ```
/// use reductions::hint::Rule;
/// use reductions::sudoku::{hint, Sudoku};
/// use reductions::Reduction;
///
/// let grid = Sudoku::default().parse("1.3.\n.4..\n..4.\n.3.1\n")?;
/// let steps = hint(&grid).unwrap();
/// assert_eq!(steps.len(), 1);
/// assert_eq!(steps[0].rule, Rule::HiddenSingle);
/// assert_eq!(steps[0].to_string(), "r1c4 is 4: the only place for 4 in row 1 (hidden single)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hint(grid: &Grid) -> Result<Vec<crate::hint::Hint>, crate::hint::End> {
    explain(grid).to_next_placement()
}

/// The grade of a sudoku: the easiest difficulty whose rules solve it, or the engine's
/// verdict when none does.
///
/// ```
/// use reductions::sudoku::{grade, Difficulty, Grade, Sudoku};
/// use reductions::Reduction;
///
/// let grid = Sudoku::default().parse("1.3.\n.4..\n..4.\n.3.1\n")?;
/// assert_eq!(grade(&grid), Grade::Unique { difficulty: Difficulty::Trivial, search_nodes: 0 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn grade(grid: &Grid) -> Grade {
    let grader = Grader::new(grid);
    grade_by(&Sudoku::default(), grid, |difficulty: Difficulty| {
        grader.deduce(grid, difficulty)
    })
}
