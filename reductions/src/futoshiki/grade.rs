//! Grading a futoshiki by the deduction rules it needs (see the [module docs](super)).

use super::{encode, propagate, Futoshiki, Grid, Relation};
use crate::generate::{grade_by, solutions, Ladder, Solutions};
use crate::logic::{self, Deduction, Houses, Pair, Rules};
use crate::Reduction;

/// How hard a futoshiki is: the easiest set of rules that solves it without search. The
/// names are Tatham's Unequal's; the rules are this crate's (see the [module docs](super)).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// Singles: a cell with one digit left, a digit with one place left in a row or column.
    Trivial,
    /// Inequalities: the larger cell of a pair keeps only digits above the smaller cell's
    /// least, the smaller only digits below the larger's greatest.
    Easy,
    /// Subsets: naked and hidden pairs, triples and quads in rows and columns.
    Tricky,
    /// Fish (X-wing, swordfish, jellyfish) and forcing chains from cells with two
    /// candidates.
    Extreme,
    /// None of the rules finish it: it needs search.
    Recursive,
}

impl Ladder for Difficulty {
    /// Every difficulty, easiest first.
    const ALL: &'static [Difficulty] = &[
        Difficulty::Trivial,
        Difficulty::Easy,
        Difficulty::Tricky,
        Difficulty::Extreme,
        Difficulty::Recursive,
    ];

    /// Its name in lower case, as the command line writes it.
    fn name(self) -> &'static str {
        match self {
            Difficulty::Trivial => "trivial",
            Difficulty::Easy => "easy",
            Difficulty::Tricky => "tricky",
            Difficulty::Extreme => "extreme",
            Difficulty::Recursive => "recursive",
        }
    }
}

impl Difficulty {
    fn rules(self) -> Option<Rules> {
        let trivial = Rules {
            naked_singles: true,
            ..Rules::default()
        };
        let easy = Rules {
            own_rule: true,
            ..trivial
        };
        let tricky = Rules {
            subsets: true,
            ..easy
        };
        Some(match self {
            Difficulty::Trivial => trivial,
            Difficulty::Easy => easy,
            Difficulty::Tricky => tricky,
            Difficulty::Extreme => Rules {
                fish: true,
                forcing: true,
                ..tricky
            },
            Difficulty::Recursive => return None,
        })
    }
}

crate::generate::ladder_text!(Difficulty);

/// A futoshiki's grade on its ladder.
pub type Grade = crate::generate::Grade<Difficulty>;

/// The rules applied to futoshiki grids of one size.
pub(crate) struct Grader(logic::Grader);

impl Grader {
    pub fn new(n: usize) -> Grader {
        Grader(logic::Grader::new(Houses::square(n, Vec::new())))
    }

    /// The givens, and the inequalities and bars as the grader's pairs.
    fn clues(grid: &Grid) -> (Vec<usize>, Vec<Pair>) {
        let n = grid.size();
        let givens = grid.cells.iter().map(|&d| d as usize).collect();
        let pairs = grid
            .relations()
            .iter()
            .map(|pair| {
                let first = pair.first.0 * n + pair.first.1;
                let second = pair.second.0 * n + pair.second.1;
                match pair.relation {
                    Relation::Greater => Pair::Greater {
                        greater: first,
                        smaller: second,
                    },
                    Relation::Less => Pair::Greater {
                        greater: second,
                        smaller: first,
                    },
                    relation => Pair::Bar {
                        first,
                        second,
                        consecutive: relation == Relation::Consecutive,
                    },
                }
            })
            .collect();
        (givens, pairs)
    }

    /// What the rules of one difficulty make of a grid.
    pub fn deduce(&self, grid: &Grid, difficulty: Difficulty) -> Deduction {
        let (givens, pairs) = Grader::clues(grid);
        self.0
            .deduce(&givens, &pairs, difficulty.rules().unwrap_or_default())
    }

    /// Whether the rules of a difficulty solve a grid (at [`Difficulty::Recursive`], whether
    /// it has exactly one solution).
    pub fn solves(&self, grid: &Grid, difficulty: Difficulty) -> bool {
        let (givens, pairs) = Grader::clues(grid);
        match difficulty.rules() {
            Some(rules) => self.0.deduce(&givens, &pairs, rules) == Deduction::Solved,
            // The strongest rules decide most grids outright (they are sound); a search
            // the rest: the engine's, with the filter at every node, from ENGINE_FROM on,
            // else one with the tricky rules at every node.
            None => match self.0.deduce(
                &givens,
                &pairs,
                Difficulty::Extreme.rules().unwrap_or_default(),
            ) {
                Deduction::Solved => true,
                Deduction::Contradiction => false,
                Deduction::Stuck if grid.size() >= ENGINE_FROM => {
                    solutions(&Futoshiki, grid) == Ok(Solutions::One)
                }
                Deduction::Stuck => self.0.unique(
                    &givens,
                    &pairs,
                    Difficulty::Extreme.rules().unwrap_or_default(),
                    Difficulty::Tricky.rules().unwrap_or_default(),
                ),
            },
        }
    }
}

impl Grader {
    /// Whether a grid that had one solution keeps it with a clue taken away (`grid` is
    /// without it): the extreme rules decide most grids; from [`ENGINE_FROM`] on, the engine
    /// looks for a solution of `breaking` (`grid` with the clue turned round: the pair the
    /// other way, or, through `excluded`, any other digit in the cell), the only kind of
    /// second solution there can be, and stops at the first; below, the rules' search counts
    /// the solutions of `grid`.
    pub fn keeps_one_solution(
        &self,
        grid: &Grid,
        breaking: &Grid,
        excluded: Option<(usize, usize)>,
    ) -> bool {
        if grid.size() < ENGINE_FROM {
            return self.solves(grid, Difficulty::Recursive);
        }
        let (givens, pairs) = Grader::clues(grid);
        match self.0.deduce(
            &givens,
            &pairs,
            Difficulty::Extreme.rules().unwrap_or_default(),
        ) {
            Deduction::Solved => true,
            Deduction::Contradiction => false,
            Deduction::Stuck => !has_solution(breaking, excluded),
        }
    }
}

/// Whether `grid` has a solution whose cell `excluded.0`, if any, does not hold digit
/// `excluded.1`: the engine's search with the filter at every node, to the first solution.
/// True when the problem cannot be built (the caller then keeps its clue).
pub(super) fn has_solution(grid: &Grid, excluded: Option<(usize, usize)>) -> bool {
    let Ok(encoding) = encode::encode_excluding(grid, excluded, BREAKING_PROBE_BUDGET) else {
        return true;
    };
    let filter = propagate::SearchFilter::new(grid, &encoding);
    let found = crate::generate::bounded(dlx::Solver::new(&encoding.problem))
        .propagation(Futoshiki.propagation())
        .propagator(std::sync::Arc::new(filter))
        .limit(1)
        .count();
    found.solutions > 0
}

/// The work singleton consistency may spend before the search for a solution that breaks a
/// clue ([`has_solution`]), in the units of the filter's budgets: most searches that find
/// none end at encode time, and most that find one would spend the rest of a larger budget
/// in vain. Making 10 x 10 recursive puzzles, seeds 1 to 10, medians: 1.14 s at 2,000,000
/// (the budget of a puzzle solved), 0.91 at 1,000,000, 0.85 at 500,000, 0.85 at 250,000,
/// 0.91 at 100,000; the same puzzles at each.
const BREAKING_PROBE_BUDGET: u64 = 500_000;

/// The smallest grid whose uniqueness checks (at [`Difficulty::Recursive`]) go to the engine.
/// Making recursive puzzles, five seeds each, rules' search against the engine: 8 x 8 0.61
/// against 1.35 s, 9 x 9 11.95 against 4.16 s; on 10 x 10, the 280 checks of seed 2 took 7.2
/// against 2.3 s.
const ENGINE_FROM: usize = 9;

/// Every step of deduction from `grid` as given (a player's entries count as givens), each
/// the cheapest of the graders' rules that makes progress (the inequalities among them),
/// until the grid is solved or no rule applies ([`crate::hint`]); where no rule applies, the
/// engine's search tells whether the grid has a solution at all
/// ([`End::NoSolution`](crate::hint::End::NoSolution)).
pub fn explain(grid: &Grid) -> crate::hint::Explanation {
    let grader = Grader::new(grid.size());
    let (givens, pairs) = Grader::clues(grid);
    let rules = Difficulty::Extreme.rules().unwrap_or_default();
    let explanation = crate::hint::explain_graded(&grader.0, &givens, &pairs, rules);
    crate::hint::settled(explanation, &Futoshiki, grid)
}

/// The next value a player can place, with the steps of [`explain`] that lead to it (the
/// last one places it; those before rule candidates out), or where the path ends without
/// one: a player who enters each hint's value and asks again reaches the solution.
pub fn hint(grid: &Grid) -> Result<Vec<crate::hint::Hint>, crate::hint::End> {
    explain(grid).to_next_placement()
}

/// The grade of a futoshiki: the easiest difficulty whose rules solve it, or the engine's
/// verdict when none does.
///
/// ```
/// use reductions::futoshiki::{grade, Difficulty, Futoshiki, Grade};
/// use reductions::Reduction;
///
/// let grid = Futoshiki.parse("4:0,0,0,0,0,0,0,0,0R,0,0,0,0,0,0,1,")?;
/// assert_eq!(grade(&grid), Grade::Several);
/// let grid = Futoshiki.parse("3:1,0,0,0,2,0,0,0,3,")?;
/// assert_eq!(grade(&grid), Grade::Unique { difficulty: Difficulty::Trivial, search_nodes: 0 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn grade(grid: &Grid) -> Grade {
    let grader = Grader::new(grid.size());
    grade_by(&Futoshiki, grid, |difficulty: Difficulty| {
        grader.deduce(grid, difficulty)
    })
}
