//! Grading a futoshiki by the deduction rules it needs (see the [module docs](super)).

use std::fmt;
use std::str::FromStr;

use super::{Futoshiki, Grid, Relation};
use crate::generate::{grade_by, Ladder};
use crate::logic::{self, Deduction, Houses, Rules, Step};

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

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Difficulty {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        Difficulty::from_name(s)
    }
}

/// A futoshiki's grade on its ladder.
pub type Grade = crate::generate::Grade<Difficulty>;

/// The rules applied to grids of one size: the houses are worked out once.
pub(crate) struct Grader {
    houses: Houses,
}

impl Grader {
    pub fn new(n: usize) -> Grader {
        Grader {
            houses: Houses::square(n, Vec::new()),
        }
    }

    /// What the rules make of a grid.
    pub fn deduce(&self, grid: &Grid, rules: Rules) -> Deduction {
        self.run(grid, |houses, candidates, own| {
            logic::deduce(houses, candidates, rules, own)
        })
    }

    fn search(&self, grid: &Grid, rules: Rules) -> usize {
        self.run(grid, |houses, candidates, own| {
            logic::count_solutions(houses, candidates, rules, own, 2)
        })
    }

    /// Runs `f` on the grid's candidates and its inequalities as the puzzle's own rule.
    fn run<T>(
        &self,
        grid: &Grid,
        f: impl FnOnce(&Houses, &mut logic::Grid, logic::OwnRule) -> T,
    ) -> T {
        let n = grid.size();
        // Each inequality as (greater cell, smaller cell).
        let pairs: Vec<(usize, usize)> = grid
            .inequalities()
            .iter()
            .map(|pair| {
                let first = pair.first.0 * n + pair.first.1;
                let second = pair.second.0 * n + pair.second.1;
                match pair.relation {
                    Relation::Greater => (first, second),
                    _ => (second, first),
                }
            })
            .collect();
        let inequalities = |candidates: &mut [u64]| {
            let mut step = Step::Nothing;
            for &(greater, smaller) in &pairs {
                // Digits of the greater cell above the smaller's least, and the other way.
                let least = candidates[smaller].trailing_zeros();
                let above = u64::MAX.checked_shl(least + 1).unwrap_or(0);
                let most = 63 - candidates[greater].leading_zeros().min(63);
                let below = (1u64 << most) - 1;
                for (cell, keep) in [(greater, above), (smaller, below)] {
                    if candidates[cell] & !keep != 0 {
                        candidates[cell] &= keep;
                        step = Step::Changed;
                        if candidates[cell] == 0 {
                            return Step::Contradiction;
                        }
                    }
                }
            }
            step
        };
        let givens: Vec<usize> = grid.cells.iter().map(|&d| d as usize).collect();
        let mut candidates = logic::Grid::new(&self.houses, &givens);
        f(&self.houses, &mut candidates, &inequalities)
    }

    /// The solutions of a grid up to two, by search with the tricky rules at every node.
    pub fn count(&self, grid: &Grid) -> usize {
        let rules = Difficulty::Tricky.rules().unwrap_or_default();
        self.search(grid, rules)
    }

    /// Whether the rules of a difficulty solve a grid (at [`Difficulty::Recursive`], whether
    /// the engine finds exactly one solution).
    pub fn solves(&self, grid: &Grid, difficulty: Difficulty) -> bool {
        match difficulty.rules() {
            Some(rules) => self.deduce(grid, rules) == Deduction::Solved,
            // The rules decide most grids far faster than a search; they are sound, so a
            // grid they solve has one solution and one they refute has none.
            None => match self.deduce(grid, Difficulty::Extreme.rules().unwrap_or_default()) {
                Deduction::Solved => true,
                Deduction::Contradiction => false,
                Deduction::Stuck => self.count(grid) == 1,
            },
        }
    }
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
        grader.deduce(grid, difficulty.rules().unwrap_or_default())
    })
}
