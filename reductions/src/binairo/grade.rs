//! Grading a binairo by the deduction rules it needs (see the [module docs](super)).

use std::cell::RefCell;
use std::collections::HashMap;

use super::propagate::supports;
use super::{Binairo, Grid, BLANK};
use crate::generate::{grade_by, Ladder};
use crate::logic::Deduction;

/// How hard a binairo is: the easiest set of rules that solves it without search. The first
/// three names and rules are those of Tatham's Unruly, which has no more (see the
/// [module docs](super)); the two beyond have names of their own.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// Threes and single gaps: two equal digits side by side (or with a gap between them)
    /// keep the third cell of the three the other digit; a line with one blank left is
    /// filled.
    Trivial,
    /// Full lines: a line with all of one digit takes the other in its blanks; and, where
    /// lines must be distinct, a line one digit short of a full line's pattern takes the
    /// other digit where that would complete it.
    Easy,
    /// Nearly full lines: a line one digit short of its half, with two or more of the
    /// other digit to place, whose last one must go in some three cells side by side (else
    /// three of the other digit would meet there), takes the other digit everywhere else.
    Normal,
    /// Whole lines (beyond Unruly's levels): a cell takes the digit that every legal
    /// completion of its line gives it.
    Tricky,
    /// None of the rules finish it: it needs search.
    Hard,
}

impl Ladder for Difficulty {
    const ALL: &'static [Difficulty] = &[
        Difficulty::Trivial,
        Difficulty::Easy,
        Difficulty::Normal,
        Difficulty::Tricky,
        Difficulty::Hard,
    ];

    fn name(self) -> &'static str {
        match self {
            Difficulty::Trivial => "trivial",
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Tricky => "tricky",
            Difficulty::Hard => "hard",
        }
    }
}

crate::generate::ladder_text!(Difficulty);

/// A binairo's grade on its ladder.
pub type Grade = crate::generate::Grade<Difficulty>;

/// What a pass of a rule did.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum Step {
    Nothing,
    Changed,
    Contradiction,
}

/// How many digits a pass of a rule places: all it finds (grading), or the first only, with
/// the line it was found in (a hint, which must follow from the grid as it stands).
pub(super) enum Placing {
    All,
    First(Option<(usize, usize)>),
}

impl Placing {
    /// Puts `digit` in `cell` (found in line `line`); whether the pass should stop there.
    fn put(&mut self, grid: &mut Grid, cell: usize, digit: u8, line: usize) -> bool {
        grid.cells[cell] = digit;
        match self {
            Placing::All => false,
            Placing::First(found) => {
                *found = Some((cell, line));
                true
            }
        }
    }
}

/// A rule: one pass over the lines (the last looked-at state of each line, for
/// `whole_lines`).
pub(super) type Rule = fn(&mut Grid, &Lines, &mut [(u64, u64)], &mut Placing) -> Step;

/// The rules, cheapest first, each with the difficulty that allows it.
pub(super) const RULES: [(Rule, Difficulty); 6] = [
    (threes, Difficulty::Trivial),
    (single_gaps, Difficulty::Trivial),
    (full_lines, Difficulty::Easy),
    (near_equal, Difficulty::Easy),
    (near_complete, Difficulty::Normal),
    (whole_lines, Difficulty::Tricky),
];

/// The cells of every line of a grid's shape, rows first: worked out once per shape.
pub(crate) struct Lines {
    pub(super) lines: Vec<Vec<usize>>,
    pub(super) rows: usize,
    /// What `supports` said of each line state seen, by (length, 0s, 1s): a generator asks
    /// about the same lines thousands of times, one cell apart.
    supports: RefCell<HashMap<LineState, (u64, u64)>>,
}

/// A line's length, and where it has 0s and 1s.
type LineState = (usize, u64, u64);

/// The most line states [`Lines`] remembers before it forgets them all.
const MAX_REMEMBERED: usize = 1 << 20;

impl Lines {
    pub fn new(grid: &Grid) -> Lines {
        let (rows, cols) = (grid.rows, grid.cols);
        let lines = (0..rows)
            .map(|r| (0..cols).map(|c| r * cols + c).collect())
            .chain((0..cols).map(|c| (0..rows).map(|r| r * cols + c).collect()))
            .collect();
        Lines {
            lines,
            rows,
            supports: RefCell::new(HashMap::new()),
        }
    }
}

/// Applies the rules of `difficulty` (below the top) to a fixpoint: each rule makes a pass
/// over every line, and after a pass that changed something the cheapest rule goes again.
pub(crate) fn deduce(grid: &mut Grid, lines: &Lines, difficulty: Difficulty) -> Deduction {
    // Each line's digits when `whole_lines` last looked at it: a line unchanged since gives
    // nothing new.
    let mut looked = vec![(u64::MAX, u64::MAX); lines.lines.len()];
    loop {
        let mut step = Step::Nothing;
        for (rule, needs) in RULES {
            if step == Step::Nothing && difficulty >= needs {
                step = rule(grid, lines, &mut looked, &mut Placing::All);
            }
        }
        match step {
            Step::Contradiction => return Deduction::Contradiction,
            Step::Changed => continue,
            Step::Nothing if !grid.is_complete() => return Deduction::Stuck,
            Step::Nothing if !keeps_rules(grid, lines) => return Deduction::Contradiction,
            Step::Nothing => return Deduction::Solved,
        }
    }
}

/// Whether a complete grid keeps every rule: no three in a row, balanced lines, and distinct
/// lines where they must be.
pub(super) fn keeps_rules(grid: &Grid, lines: &Lines) -> bool {
    let bits: Vec<u64> = lines
        .lines
        .iter()
        .map(|cells| {
            cells
                .iter()
                .enumerate()
                .fold(0, |acc, (j, &k)| acc | u64::from(grid.cells[k]) << j)
        })
        .collect();
    let legal = lines.lines.iter().zip(&bits).all(|(cells, &line)| {
        let len = cells.len();
        let full = if len == 64 { !0 } else { (1u64 << len) - 1 };
        let threes = (0..len.saturating_sub(2)).any(|j| matches!(line >> j & 7, 0 | 7));
        line.count_ones() as usize == len / 2 && !threes && line & !full == 0
    });
    let distinct = |kind: &[u64]| {
        let mut sorted = kind.to_vec();
        sorted.sort_unstable();
        sorted.windows(2).all(|w| w[0] != w[1])
    };
    legal && (!grid.distinct || (distinct(&bits[..lines.rows]) && distinct(&bits[lines.rows..])))
}

/// Two equal digits of three cells in a row: the third takes the other digit.
fn threes(grid: &mut Grid, lines: &Lines, _: &mut [(u64, u64)], placing: &mut Placing) -> Step {
    let mut step = Step::Nothing;
    for (line, cells) in lines.lines.iter().enumerate() {
        for w in cells.windows(3) {
            let d = [w[0], w[1], w[2]].map(|k| grid.cells[k]);
            let blanks = d.iter().filter(|&&x| x == BLANK).count();
            match blanks {
                0 if d[0] == d[1] && d[1] == d[2] => return Step::Contradiction,
                1 => {
                    let k = d.iter().position(|&x| x == BLANK).unwrap_or(0);
                    let (a, b) = match k {
                        0 => (d[1], d[2]),
                        1 => (d[0], d[2]),
                        _ => (d[0], d[1]),
                    };
                    if a == b {
                        step = Step::Changed;
                        if placing.put(grid, w[k], 1 - a, line) {
                            return step;
                        }
                    }
                }
                _ => {}
            }
        }
    }
    step
}

/// The digits of a line: how many 0s and 1s, and its blanks.
fn tally(grid: &Grid, cells: &[usize]) -> ([usize; 2], usize) {
    let mut count = [0, 0];
    let mut blanks = 0;
    for &k in cells {
        match grid.cells[k] {
            BLANK => blanks += 1,
            d => count[usize::from(d)] += 1,
        }
    }
    (count, blanks)
}

/// A line with one blank left takes the digit it lacks.
fn single_gaps(
    grid: &mut Grid,
    lines: &Lines,
    _: &mut [(u64, u64)],
    placing: &mut Placing,
) -> Step {
    let mut step = Step::Nothing;
    for (line, cells) in lines.lines.iter().enumerate() {
        let (count, blanks) = tally(grid, cells);
        let half = cells.len() / 2;
        if count[0] > half || count[1] > half {
            return Step::Contradiction;
        }
        if blanks == 1 {
            let cell = cells.iter().copied().find(|&k| grid.cells[k] == BLANK);
            if let Some(cell) = cell {
                step = Step::Changed;
                if placing.put(grid, cell, u8::from(count[1] < half), line) {
                    return step;
                }
            }
        }
    }
    step
}

/// A line with all of one digit takes the other in its blanks.
fn full_lines(grid: &mut Grid, lines: &Lines, _: &mut [(u64, u64)], placing: &mut Placing) -> Step {
    let mut step = Step::Nothing;
    for (line, cells) in lines.lines.iter().enumerate() {
        let (count, blanks) = tally(grid, cells);
        let half = cells.len() / 2;
        for digit in [0u8, 1] {
            if blanks > 0 && count[usize::from(digit)] == half {
                step = Step::Changed;
                for &k in cells {
                    if grid.cells[k] == BLANK && placing.put(grid, k, 1 - digit, line) {
                        return step;
                    }
                }
                break;
            }
        }
    }
    step
}

/// Unruly's uniqueness rule: a line with all its `digit`s placed, and another of its kind
/// with all but one of them placed at the same positions: the other's last such position
/// would make the two lines equal, so it takes the other digit.
fn near_equal(grid: &mut Grid, lines: &Lines, _: &mut [(u64, u64)], placing: &mut Placing) -> Step {
    if !grid.distinct {
        return Step::Nothing;
    }
    let mut step = Step::Nothing;
    for (from, to) in [(0, lines.rows), (lines.rows, lines.lines.len())] {
        let kind = &lines.lines[from..to];
        for digit in [0u8, 1] {
            let places = |cells: &[usize]| -> u64 {
                (0..cells.len())
                    .filter(|&j| grid.cells[cells[j]] == digit)
                    .fold(0, |acc, j| acc | 1 << j)
            };
            let all: Vec<u64> = kind.iter().map(|cells| places(cells)).collect();
            let half = kind.first().map_or(0, |cells| cells.len() / 2) as u32;
            for (a, &full) in all.iter().enumerate() {
                if full.count_ones() != half {
                    continue;
                }
                for (b, &theirs) in all.iter().enumerate() {
                    if a == b || theirs.count_ones() + 1 != half || theirs & !full != 0 {
                        continue;
                    }
                    let j = (full & !theirs).trailing_zeros() as usize;
                    let cell = kind[b][j];
                    if grid.cells[cell] == BLANK {
                        step = Step::Changed;
                        if placing.put(grid, cell, 1 - digit, from + b) {
                            return step;
                        }
                    }
                }
            }
            if step == Step::Changed {
                return step;
            }
        }
    }
    step
}

/// Unruly's nearly full lines: a line with one `other` digit left to place and two or more
/// of `fill`, where some three cells side by side hold only blanks and `fill` (so that the
/// last `other` must go among their blanks), takes `fill` in all its other blanks. Rows then
/// columns, for 0 then 1, as Unruly goes.
fn near_complete(
    grid: &mut Grid,
    lines: &Lines,
    _: &mut [(u64, u64)],
    placing: &mut Placing,
) -> Step {
    let mut step = Step::Nothing;
    for fill in [0u8, 1] {
        let other = usize::from(1 - fill);
        for (line, cells) in lines.lines.iter().enumerate() {
            let half = cells.len() / 2;
            let (count, _) = tally(grid, cells);
            if count[other] + 1 != half || count[usize::from(fill)] + 2 > half {
                continue;
            }
            for w in cells.windows(3) {
                let d = [w[0], w[1], w[2]].map(|k| grid.cells[k]);
                let open = d.iter().filter(|&&x| x == BLANK).count();
                if open < 2 || d.iter().any(|&x| x != BLANK && x != fill) {
                    continue;
                }
                for &k in cells {
                    if grid.cells[k] == BLANK && !w.contains(&k) {
                        step = Step::Changed;
                        if placing.put(grid, k, fill, line) {
                            return step;
                        }
                    }
                }
            }
        }
    }
    step
}

/// A cell takes the digit that every legal completion of its line gives it.
fn whole_lines(
    grid: &mut Grid,
    lines: &Lines,
    looked: &mut [(u64, u64)],
    placing: &mut Placing,
) -> Step {
    let mut step = Step::Nothing;
    for (line, (cells, looked)) in lines.lines.iter().zip(looked).enumerate() {
        let digits: Vec<u8> = cells.iter().map(|&k| grid.cells[k]).collect();
        let state = digits
            .iter()
            .enumerate()
            .fold((0u64, 0u64), |(z, o), (j, &d)| match d {
                0 => (z | 1 << j, o),
                1 => (z, o | 1 << j),
                _ => (z, o),
            });
        if !digits.contains(&BLANK) || *looked == state {
            continue;
        }
        let key = (digits.len(), state.0, state.1);
        let cached = lines.supports.borrow().get(&key).copied();
        let (zeros, ones) = cached.unwrap_or_else(|| {
            let found = supports(&digits);
            let mut cache = lines.supports.borrow_mut();
            if cache.len() >= MAX_REMEMBERED {
                cache.clear();
            }
            cache.insert(key, found);
            found
        });
        let mut after = state;
        for (j, &cell) in cells.iter().enumerate() {
            let digit = match (zeros >> j & 1, ones >> j & 1, digits[j]) {
                (0, 0, _) => return Step::Contradiction,
                (1, 0, BLANK) => 0,
                (0, 1, BLANK) => 1,
                _ => continue,
            };
            step = Step::Changed;
            if placing.put(grid, cell, digit, line) {
                // Looked at again next time: the rest of the line is still to place.
                return step;
            }
            if digit == 0 {
                after.0 |= 1 << j;
            } else {
                after.1 |= 1 << j;
            }
        }
        *looked = after;
    }
    step
}

/// Whether the rules of a difficulty solve a grid (at [`Difficulty::Hard`], whether it has
/// exactly one solution, which the engine settles with probing at every node: exactly, so
/// that the hard puzzles made are minimal).
pub(crate) fn solves(grid: &Grid, lines: &Lines, difficulty: Difficulty) -> bool {
    let rules = difficulty.min(Difficulty::Tricky);
    match deduce(&mut grid.clone(), lines, rules) {
        Deduction::Solved => true,
        Deduction::Contradiction => false,
        Deduction::Stuck => {
            difficulty == Difficulty::Hard
                && crate::generate::solutions(&Binairo::default(), grid)
                    == Ok(crate::generate::Solutions::One)
        }
    }
}

/// The grade of a binairo: the easiest difficulty whose rules solve it, or the engine's
/// verdict when none does.
///
/// ```
/// use reductions::binairo::{grade, Binairo, Difficulty, Grade};
/// use reductions::Reduction;
///
/// let grid = Binairo::default().parse("6x6dt:bcbcEgCeACAb")?;
/// assert_eq!(grade(&grid), Grade::Unique { difficulty: Difficulty::Trivial, search_nodes: 0 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn grade(grid: &Grid) -> Grade {
    let lines = Lines::new(grid);
    grade_by(&Binairo::default(), grid, |difficulty: Difficulty| {
        deduce(&mut grid.clone(), &lines, difficulty)
    })
}
