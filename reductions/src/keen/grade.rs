//! Grading a Keen grid by the deduction rules it needs: Tatham's levels, each the rules of a
//! Latin square (the shared grader, [`crate::logic`]) and the cages' own, as Keen's solver
//! applies them.

use super::{Grid, Keen};
use crate::generate::{grade_by, solutions, Ladder, Solutions};
use crate::logic::{self, Deduction, Houses, Rules, Step, Why};

/// How hard a Keen grid is: the easiest set of rules that solves it without search. The
/// names and levels are Tatham's Keen's.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// Singles, and each cage's fillings read loosely: its cells keep only the digits that
    /// some filling uses somewhere in the cage.
    Easy,
    /// Each cell of a cage keeps the digits that some filling puts in that cell.
    Normal,
    /// Subsets in rows and columns, and a digit that every filling of a cage puts in one
    /// row (or column) leaves the rest of that row.
    Hard,
    /// Fish (X-wing, swordfish, jellyfish) and forcing chains from cells with two
    /// candidates.
    Extreme,
    /// None of the rules finish it: it needs search.
    Unreasonable,
}

impl Ladder for Difficulty {
    const ALL: &'static [Difficulty] = &[
        Difficulty::Easy,
        Difficulty::Normal,
        Difficulty::Hard,
        Difficulty::Extreme,
        Difficulty::Unreasonable,
    ];

    fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
            Difficulty::Extreme => "extreme",
            Difficulty::Unreasonable => "unreasonable",
        }
    }
}

crate::generate::ladder_text!(Difficulty);

impl Difficulty {
    fn rules(self) -> Option<Rules> {
        let easy = Rules {
            naked_singles: true,
            own_rule: true,
            ..Rules::default()
        };
        let hard = Rules {
            subsets: true,
            ..easy
        };
        Some(match self {
            Difficulty::Easy | Difficulty::Normal => easy,
            Difficulty::Hard => hard,
            Difficulty::Extreme => Rules {
                fish: true,
                forcing: true,
                ..hard
            },
            Difficulty::Unreasonable => return None,
        })
    }
}

/// A Keen grid's grade on its ladder.
pub type Grade = crate::generate::Grade<Difficulty>;

/// The rules applied to Keen grids of one size.
pub(crate) struct Grader {
    houses: Houses,
}

impl Grader {
    pub fn new(n: usize) -> Grader {
        Grader {
            houses: Houses::square(n, Vec::new()),
        }
    }

    /// Runs `f` on the candidates of `grid`'s digits, with its cages as the own rule, read
    /// at the level of `difficulty`.
    pub(super) fn run<T>(
        &self,
        grid: &Grid,
        difficulty: Difficulty,
        f: impl FnOnce(&Houses, &mut logic::Grid, logic::OwnRule) -> T,
    ) -> T {
        let givens: Vec<usize> = grid.cells.iter().map(|&d| usize::from(d)).collect();
        let own = |_: &Houses, cells: &mut logic::Grid, rules: Rules| {
            cages(grid, cells, difficulty, rules.one_pattern)
        };
        let mut cells = logic::Grid::new(&self.houses, &givens);
        f(&self.houses, &mut cells, &own)
    }

    /// What the rules of one difficulty make of a grid.
    pub fn deduce(&self, grid: &Grid, difficulty: Difficulty) -> Deduction {
        let rules = difficulty.rules().unwrap_or_default();
        self.run(grid, difficulty, |houses, cells, own| {
            logic::deduce(houses, cells, rules, own)
        })
    }

    /// Whether the rules of a difficulty solve a grid (at [`Difficulty::Unreasonable`],
    /// whether it has exactly one solution: the extreme rules decide most grids, a search
    /// with the hard rules at every node the rest).
    pub fn solves(&self, grid: &Grid, difficulty: Difficulty) -> bool {
        match difficulty.rules() {
            Some(_) => self.deduce(grid, difficulty) == Deduction::Solved,
            None => match self.deduce(grid, Difficulty::Extreme) {
                Deduction::Solved => true,
                Deduction::Contradiction => false,
                Deduction::Stuck => {
                    let hard = Difficulty::Hard.rules().unwrap_or_default();
                    self.run(grid, Difficulty::Hard, |houses, cells, own| {
                        logic::count_solutions(houses, cells, hard, own, 2) == 1
                    })
                }
            },
        }
    }
}

/// The cages' rules at the level of `difficulty` (Keen's): every filling of each cage that
/// its cells' candidates allow is listed; at the easy level a cage's cells keep the digits
/// that some filling uses anywhere in the cage, above it each cell those some filling puts
/// in it; from the hard level on, when that rules nothing out, a digit that every filling
/// puts in one row or column of the cage leaves that row's or column's cells outside it
/// (one cage at a time, as Keen's solver goes back to the easier rules after each). With
/// `one_cage` (hints), the first rule too stops at the first cage it changes, and the cage
/// is kept as the step's pattern ([`Why::Cage`]).
fn cages(grid: &Grid, cells: &mut logic::Grid, difficulty: Difficulty, one_cage: bool) -> Step {
    let n = grid.n;
    // Candidate bit d - 1 is digit d; fillings take bit d.
    let allowed = |cells: &logic::Grid, cell: usize| (cells.candidates[cell] as u32) << 1;
    let mut step = Step::Nothing;
    for k in 0..grid.cages.len() {
        let size = grid.cages[k].cells.len();
        let mut each = vec![0u32; size];
        let mut any = false;
        grid.fillings(k, |cell| allowed(cells, cell), &mut |digits| {
            any = true;
            for (bits, &digit) in each.iter_mut().zip(digits) {
                *bits |= 1 << digit;
            }
            true
        });
        if !any {
            return Step::Contradiction;
        }
        if difficulty == Difficulty::Easy {
            let used = each.iter().fold(0, |used, &bits| used | bits);
            each.iter_mut().for_each(|bits| *bits = used);
        }
        for (&cell, &bits) in grid.cages[k].cells.iter().zip(&each) {
            let keep = u64::from(bits >> 1);
            if cells.candidates[cell] & !keep != 0 {
                cells.candidates[cell] &= keep;
                step = Step::Changed;
            }
        }
        // One cage a step, which the hints name.
        if one_cage && step != Step::Nothing {
            cells.why = Some(Why::Cage {
                cells: grid.cages[k].cells.clone(),
            });
            return step;
        }
    }
    if step != Step::Nothing || difficulty < Difficulty::Hard {
        return step;
    }
    for (k, cage) in grid.cages.iter().enumerate() {
        // For each row and column (rows 0..n, columns n..2n), the digits that every filling
        // puts in its part of the cage.
        let mut always = vec![u32::MAX; 2 * n];
        let mut touched = vec![false; 2 * n];
        for &cell in &cage.cells {
            touched[cell / n] = true;
            touched[n + cell % n] = true;
        }
        grid.fillings(k, |cell| allowed(cells, cell), &mut |digits| {
            let mut here = vec![0u32; 2 * n];
            for (&cell, &digit) in cage.cells.iter().zip(digits) {
                here[cell / n] |= 1 << digit;
                here[n + cell % n] |= 1 << digit;
            }
            for (always, here) in always.iter_mut().zip(here) {
                *always &= here;
            }
            true
        });
        for line in (0..2 * n).filter(|&line| touched[line]) {
            let keep_out = u64::from(always[line] >> 1);
            if keep_out == 0 {
                continue;
            }
            for i in 0..n {
                let cell = if line < n {
                    line * n + i
                } else {
                    i * n + line - n
                };
                if grid.cage_of[cell] != k && cells.candidates[cell] & keep_out != 0 {
                    cells.candidates[cell] &= !keep_out;
                    if cells.candidates[cell] == 0 {
                        return Step::Contradiction;
                    }
                    step = Step::Changed;
                }
            }
        }
        if step != Step::Nothing {
            cells.why = Some(Why::Cage {
                cells: cage.cells.clone(),
            });
            return step;
        }
    }
    step
}

/// Every step of deduction from `grid` as given (a player's entries count as givens), each
/// the cheapest rule that makes progress (the cages among them), until the grid is solved or
/// no rule applies ([`crate::hint`]); where no rule applies, the engine's search tells
/// whether the grid has a solution at all.
pub fn explain(grid: &Grid) -> crate::hint::Explanation {
    let grader = Grader::new(grid.size());
    let rules = Rules {
        one_pattern: true,
        ..Difficulty::Extreme.rules().unwrap_or_default()
    };
    let explanation = grader.run(grid, Difficulty::Extreme, |houses, cells, own| {
        crate::hint::walk(houses, cells, rules, own, crate::hint::Rule::Arithmetic)
    });
    crate::hint::settled(explanation, &Keen, grid)
}

/// The next value a player can place, with the steps of [`explain`] that lead to it.
pub fn hint(grid: &Grid) -> Result<Vec<crate::hint::Hint>, crate::hint::End> {
    explain(grid).to_next_placement()
}

/// The grade of a Keen grid: the easiest difficulty whose rules solve it, or the engine's
/// verdict when none does.
///
/// ```
/// use reductions::keen::{grade, Difficulty, Grade, Keen};
/// use reductions::Reduction;
///
/// let grid = Keen.parse("4:_a_5a6_aa,s1a9d2d2s1m36m4")?;
/// assert!(matches!(grade(&grid), Grade::Unique { search_nodes: 0, .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn grade(grid: &Grid) -> Grade {
    let grader = Grader::new(grid.size());
    grade_by(&Keen, grid, |difficulty: Difficulty| {
        grader.deduce(grid, difficulty)
    })
}

/// Whether the engine finds exactly one solution of `grid`.
pub(super) fn proved(grid: &Grid) -> bool {
    solutions(&Keen, grid) == Ok(Solutions::One)
}
