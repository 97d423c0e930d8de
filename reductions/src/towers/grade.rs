//! Grading a Towers grid by the deduction rules it needs: Tatham's levels, each the rules of
//! a Latin square (the shared grader, [`crate::logic`]) and the clues' own.

use super::{line, Grid, Towers};
use crate::generate::{grade_by, solutions, Ladder, Solutions};
use crate::logic::{self, Deduction, Houses, Rules, Step};

/// How hard a Towers grid is: the easiest set of rules that solves it without search. The
/// names and levels are Tatham's Towers'.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// Singles, and the clues read simply: facing clues that add up to n + 1 place n
    /// between them; the k-th tallest tower that counts stands at least clue - k cells from
    /// its clue; a clue one more than the run of tallest towers already placed asks the cell
    /// next to it for a tower taller than the rest.
    Easy,
    /// Subsets in rows and columns, and every way a clue's line can be filled: a digit that
    /// no filling of the line that shows its count puts in a cell is ruled out there.
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
        Difficulty::Hard,
        Difficulty::Extreme,
        Difficulty::Unreasonable,
    ];

    fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
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
            Difficulty::Easy => easy,
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

/// A Towers grid's grade on its ladder.
pub type Grade = crate::generate::Grade<Difficulty>;

/// The rules applied to Towers grids of one size.
pub(crate) struct Grader {
    houses: Houses,
}

impl Grader {
    pub fn new(n: usize) -> Grader {
        Grader {
            houses: Houses::square(n, Vec::new()),
        }
    }

    /// Runs `f` on the candidates of `grid`'s givens, with its clues as the own rule.
    fn run<T>(
        &self,
        grid: &Grid,
        f: impl FnOnce(&Houses, &mut logic::Grid, logic::OwnRule) -> T,
    ) -> T {
        let givens: Vec<usize> = grid.cells.iter().map(|&d| usize::from(d)).collect();
        let clues = Clues::of(grid);
        let own = |_: &Houses, cells: &mut logic::Grid, rules: Rules| clues.apply(cells, rules);
        let mut cells = logic::Grid::new(&self.houses, &givens);
        f(&self.houses, &mut cells, &own)
    }

    /// What the rules of one difficulty make of a grid.
    pub fn deduce(&self, grid: &Grid, difficulty: Difficulty) -> Deduction {
        let rules = difficulty.rules().unwrap_or_default();
        self.run(grid, |houses, cells, own| {
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
                    self.run(grid, |houses, cells, own| {
                        logic::count_solutions(houses, cells, hard, own, 2) == 1
                    })
                }
            },
        }
    }
}

/// The clues of a grid, each with the cells of its line from the clue.
struct Clues {
    n: usize,
    lines: Vec<(usize, Vec<usize>)>,
    /// Facing clues that add up to n + 1: the cell between them where n stands.
    tallest: Vec<usize>,
}

impl Clues {
    fn of(grid: &Grid) -> Clues {
        let n = grid.n;
        let lines = (0..4 * n)
            .filter(|&c| grid.clues[c] > 0)
            .map(|c| (usize::from(grid.clues[c]), line(n, c).collect()))
            .collect();
        let tallest = (0..n)
            .chain(2 * n..3 * n)
            .filter_map(|c| {
                let (near, far) = (usize::from(grid.clues[c]), usize::from(grid.clues[c + n]));
                (near > 0 && far > 0 && near + far == n + 1)
                    .then(|| line(n, c).nth(near - 1))
                    .flatten()
            })
            .collect();
        Clues { n, lines, tallest }
    }

    /// The clues' rules of the grade's level: a full line must show its count; the easy
    /// rules; from the hard level on, every filling of a line.
    fn apply(&self, cells: &mut logic::Grid, rules: Rules) -> Step {
        let n = self.n;
        let bit = |digit: usize| 1u64 << (digit - 1);
        for (clue, line) in &self.lines {
            if line.iter().all(|&cell| cells.placed[cell]) {
                let heights = line
                    .iter()
                    .map(|&cell| cells.candidates[cell].trailing_zeros() as u8 + 1);
                if super::visible(heights) != *clue {
                    return Step::Contradiction;
                }
            }
        }
        for &cell in &self.tallest {
            if cells.candidates[cell] != bit(n) {
                if cells.candidates[cell] & bit(n) == 0 {
                    return Step::Contradiction;
                }
                cells.candidates[cell] = bit(n);
                return Step::Changed;
            }
        }
        let mut changed = false;
        for (clue, line) in &self.lines {
            match easy(n, *clue, line, cells) {
                Step::Contradiction => return Step::Contradiction,
                Step::Changed => changed = true,
                Step::Nothing => {}
            }
            if changed {
                return Step::Changed;
            }
        }
        if !rules.subsets {
            return Step::Nothing;
        }
        for (clue, line) in &self.lines {
            match every_filling(n, *clue, line, cells) {
                Step::Nothing => {}
                step => return step,
            }
        }
        Step::Nothing
    }
}

/// Rules `digit` out of `cell`: whether it was there, or a contradiction if it was the last.
fn rule_out(cells: &mut logic::Grid, cell: usize, digit: usize) -> Step {
    let bit = 1u64 << (digit - 1);
    if cells.candidates[cell] & bit == 0 {
        return Step::Nothing;
    }
    cells.candidates[cell] &= !bit;
    if cells.candidates[cell] == 0 {
        Step::Contradiction
    } else {
        Step::Changed
    }
}

/// The easy rules of one clue (Tatham's): with the towers placed in its line, a clue one
/// more than the run of tallest towers seen leaves the cell next to it only digits taller
/// than the rest; and the k-th tallest tower that counts cannot stand in the first
/// clue - k cells.
fn easy(n: usize, clue: usize, line: &[usize], cells: &mut logic::Grid) -> Step {
    // Where each digit stands along the line, n where it is not placed.
    let mut at = vec![n; n + 1];
    for (k, &cell) in line.iter().enumerate() {
        if cells.placed[cell] {
            at[cells.candidates[cell].trailing_zeros() as usize + 1] = k;
        }
    }
    let mut step = Step::Nothing;
    let mut seen = 0;
    let mut furthest = n;
    for digit in (1..=n).rev() {
        if at[digit] == n {
            break;
        }
        if at[digit] < furthest {
            furthest = at[digit];
            seen += 1;
        }
    }
    if clue == seen + 1 && furthest > 1 {
        let mut lower = furthest - 1;
        for (digit, &place) in at.iter().enumerate().skip(1) {
            if lower == 0 {
                break;
            }
            if place < n && place >= furthest {
                continue;
            }
            lower -= 1;
            match rule_out(cells, line[0], digit) {
                Step::Contradiction => return Step::Contradiction,
                Step::Changed => step = Step::Changed,
                Step::Nothing => {}
            }
        }
    }
    if step == Step::Changed {
        return step;
    }
    let mut counted = 0;
    for digit in (1..=n).rev() {
        // A digit placed behind a taller one (two taller or more, as Tatham reads it)
        // does not count.
        if at[digit] < n && (digit + 2..=n).any(|taller| at[taller] < at[digit]) {
            continue;
        }
        for &cell in line.iter().take((clue).saturating_sub(counted + 1)) {
            match rule_out(cells, cell, digit) {
                Step::Contradiction => return Step::Contradiction,
                Step::Changed => step = Step::Changed,
                Step::Nothing => {}
            }
        }
        counted += 1;
    }
    step
}

/// Every filling of one clue's line from its cells' candidates that shows the clue's count:
/// a digit that none puts in a cell is ruled out there.
fn every_filling(n: usize, clue: usize, line: &[usize], cells: &mut logic::Grid) -> Step {
    struct Walk<'a> {
        n: usize,
        clue: usize,
        candidates: Vec<u64>,
        digits: Vec<usize>,
        supported: &'a mut [u64],
    }
    impl Walk<'_> {
        fn go(&mut self, k: usize, used: u64, tallest: usize, seen: usize) {
            if k == self.n {
                if seen == self.clue {
                    for (support, &digit) in self.supported.iter_mut().zip(&self.digits) {
                        *support |= 1 << (digit - 1);
                    }
                }
                return;
            }
            // Once the count is reached, nothing taller may come.
            let limit = if seen == self.clue { tallest } else { self.n };
            for digit in 1..=limit {
                let bit = 1u64 << (digit - 1);
                if used & bit != 0 || self.candidates[k] & bit == 0 {
                    continue;
                }
                self.digits[k] = digit;
                let (tallest, seen) = if digit > tallest {
                    (digit, seen + 1)
                } else {
                    (tallest, seen)
                };
                self.go(k + 1, used | bit, tallest, seen);
            }
        }
    }
    let mut supported = vec![0u64; n];
    Walk {
        n,
        clue,
        candidates: line.iter().map(|&cell| cells.candidates[cell]).collect(),
        digits: vec![0; n],
        supported: &mut supported,
    }
    .go(0, 0, 0, 0);
    let mut step = Step::Nothing;
    for (&cell, &support) in line.iter().zip(&supported) {
        let gone = cells.candidates[cell] & !support;
        if gone != 0 {
            cells.candidates[cell] &= support;
            if cells.candidates[cell] == 0 {
                return Step::Contradiction;
            }
            step = Step::Changed;
        }
    }
    step
}

/// Every step of deduction from `grid` as given (a player's entries count as givens), each
/// the cheapest rule that makes progress (the clues among them), until the grid is solved or
/// no rule applies ([`crate::hint`]); where no rule applies, the engine's search tells
/// whether the grid has a solution at all.
pub fn explain(grid: &Grid) -> crate::hint::Explanation {
    let grader = Grader::new(grid.size());
    let rules = Difficulty::Extreme.rules().unwrap_or_default();
    let explanation = grader.run(grid, |houses, cells, own| {
        crate::hint::walk(houses, cells, rules, own, crate::hint::Rule::Clues)
    });
    crate::hint::settled(explanation, &Towers, grid)
}

/// The next value a player can place, with the steps of [`explain`] that lead to it.
pub fn hint(grid: &Grid) -> Result<Vec<crate::hint::Hint>, crate::hint::End> {
    explain(grid).to_next_placement()
}

/// The grade of a Towers grid: the easiest difficulty whose rules solve it, or the engine's
/// verdict when none does.
///
/// ```
/// use reductions::towers::{grade, Difficulty, Grade, Towers};
/// use reductions::Reduction;
///
/// let grid = Towers.parse("3:3///////////")?;
/// assert_eq!(grade(&grid), Grade::Several);
/// let grid = Towers.parse("3:2/3/1/2/1/2/2/1/2/1/3/2")?;
/// assert_eq!(grade(&grid), Grade::Unique { difficulty: Difficulty::Easy, search_nodes: 0 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn grade(grid: &Grid) -> Grade {
    let grader = Grader::new(grid.size());
    grade_by(&Towers, grid, |difficulty: Difficulty| {
        grader.deduce(grid, difficulty)
    })
}

/// Whether the engine finds exactly one solution of `grid`.
pub(super) fn proved(grid: &Grid) -> bool {
    solutions(&Towers, grid) == Ok(Solutions::One)
}
