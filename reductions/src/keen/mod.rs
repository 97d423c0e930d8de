//! Keen (KenKen, Tatham's Keen): a Latin square, 1 to n in every row and column, cut into
//! cages; each cage has a target and an operation, and its digits must make the target:
//! add up to it (`+`), multiply to it (`*`), or, in a cage of two cells, differ by it (`-`)
//! or divide to it (`/`, the larger by the smaller). A cage's digits may repeat, where they
//! share no row or column.
//!
//! # Format
//!
//! The cage map, a line per row of the grid: a cage's cells hold its label, which is a
//! letter, or after the 52 letters any other visible character but a digit or `.`, and the
//! cells of a cage must touch through their sides. A row may go on, after its labels, with
//! its n digits (`.` where empty): a player's entries, or the solution. Then each cage's
//! clue, as its label, its target and its operation: `a 6+`, `b 2/`; a cage of one cell may
//! leave out its operation (`c 3`, its digit). Blanks between characters are skipped, as are
//! blank lines, and clues go several to a line as long as blanks part them. Or a game ID of
//! Tatham's Keen, `4:_a_5a6_aa,s1a9d2d2s1m36m4`: the walls between the cells, then each
//! cage's operation letter (`a`, `s`, `m`, `d`) and target, in the order of its first cell.
//!
//! ```text
//! abbc
//! adbc
//! edff
//! eggf
//!
//! a 1-  b 9+  c 2/  d 2/  e 1-  f 36*  g 4*
//! ```
//!
//! # Encoding
//!
//! An option per cage and filling of it: the digits its cells take, distinct in each row
//! and column and making the cage's target, and none of them against a digit given in the
//! cell, its row or its column. The option covers the cage's cells (`p<r><c>`) and, for each
//! cell, its digit in its row (`r<r><d>`) and in its column (`c<c><d>`), all primary: every
//! cell is filled by exactly one filling of its cage, and every row and column holds each
//! digit once, so the solutions are exactly the puzzle's (Algorithm X).
//!
//! ```
//! use reductions::keen::Keen;
//! use reductions::Reduction;
//!
//! let grid = Keen.parse("4:_a_5a6_aa,s1a9d2d2s1m36m4")?;
//! let encoding = Keen.encode(&grid)?;
//! let solutions = dlx::Solver::new(&encoding.problem).count().solutions;
//! assert_eq!(solutions, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod encode;
mod game;
mod generate;
mod grade;
mod tatham;
#[cfg(test)]
mod tests;

use std::fmt;

pub use generate::{add_clues, generate_before, Generated, MAX_GENERATED_SIZE};
pub use grade::{explain, grade, hint, Difficulty, Grade};

use crate::text::{self, ParseError, ParseErrorKind};
use crate::{Encoding, Reduction};

/// The largest side read: 9, as Tatham's Keen.
pub const MAX_SIZE: usize = 9;

/// The most fillings a puzzle's cages may have together, counted before any digit is placed
/// (a cage of many cells whose target many fillings make is refused rather than listed).
pub const MAX_FILLINGS: usize = 2_000_000;

/// The most steps (a digit tried in a cell) that listing a puzzle's fillings may take, before
/// any digit is placed: a cage whose search for fillings is too long is refused.
pub const MAX_FILLING_STEPS: u64 = 50_000_000;

/// The labels written for the cages, in the order of their first cells.
const LABELS: &str =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!\"#$%&'()*+,-/:;<=>?@[\\]^_`{|}~";

/// The Keen reduction; the format and the encoding are in the [module docs](self).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Keen;

/// What a cage's digits do to make its target.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Operation {
    /// They add up to it.
    Add,
    /// Two digits differ by it.
    Subtract,
    /// They multiply to it.
    Multiply,
    /// The larger of two digits divided by the smaller gives it.
    Divide,
}

impl Operation {
    /// The symbol the format writes: `+`, `-`, `*`, `/`.
    pub fn symbol(self) -> char {
        match self {
            Operation::Add => '+',
            Operation::Subtract => '-',
            Operation::Multiply => '*',
            Operation::Divide => '/',
        }
    }

    /// The operation of a symbol (`×` and `÷` too).
    fn of_symbol(c: char) -> Option<Operation> {
        Some(match c {
            '+' => Operation::Add,
            '-' | '−' => Operation::Subtract,
            '*' | '×' => Operation::Multiply,
            '/' | '÷' => Operation::Divide,
            _ => return None,
        })
    }

    /// Whether `digits` make `target`.
    pub fn makes(self, target: u64, digits: &[usize]) -> bool {
        let mut digits = digits.iter().map(|&d| d as u64);
        match self {
            Operation::Add => digits.sum::<u64>() == target,
            Operation::Multiply => digits
                .try_fold(1u64, |product, d| product.checked_mul(d))
                .is_some_and(|product| product == target),
            Operation::Subtract | Operation::Divide => {
                let digits: Vec<u64> = digits.collect();
                let [a, b] = digits[..] else {
                    return false;
                };
                let (big, small) = (a.max(b), a.min(b));
                match self {
                    Operation::Subtract => big - small == target,
                    _ => small > 0 && big == small * target,
                }
            }
        }
    }

    /// Whether the operation needs a cage of exactly two cells.
    fn pairs_only(self) -> bool {
        matches!(self, Operation::Subtract | Operation::Divide)
    }
}

/// A cage: its cells (row-major indices, in reading order), its target and its operation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    cells: Vec<usize>,
    operation: Operation,
    target: u64,
}

impl Cage {
    /// Its cells, as row-major indices (`row * n + column`), in reading order.
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    /// Its operation.
    pub fn operation(&self) -> Operation {
        self.operation
    }

    /// Its target.
    pub fn target(&self) -> u64 {
        self.target
    }

    /// The clue as players write it: `6+`, `2/`.
    pub fn clue(&self) -> String {
        format!("{}{}", self.target, self.operation.symbol())
    }
}

/// A Keen grid: its cages and its cells (0 where empty). `Display` writes the format read,
/// without a final newline.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    n: usize,
    /// In the order of their first cells.
    cages: Vec<Cage>,
    /// The cage of each cell.
    cage_of: Vec<usize>,
    /// Row-major.
    cells: Vec<u8>,
}

impl Grid {
    /// A grid of side `n` (1 to [`MAX_SIZE`]) cut into cages as `map` says (each cell's
    /// cage number, row by row), cage number `k` with the operation and target `clues[k]`;
    /// `None` unless every cell has a cage with a clue and each cage is connected, with two
    /// cells for `-` and `/`. The cages are numbered again in the order of their first cells.
    ///
    /// ```
    /// use reductions::keen::{Grid, Operation};
    ///
    /// let map = [0, 0, 1, 2];
    /// let clues = [(Operation::Subtract, 1), (Operation::Add, 2), (Operation::Add, 1)];
    /// let grid = Grid::new(2, &map, &clues).unwrap();
    /// assert_eq!(grid.cages().len(), 3);
    /// assert_eq!(grid.to_string(), "aa\nbc\n\na 1-  b 2+  c 1+");
    /// ```
    pub fn new(n: usize, map: &[usize], clues: &[(Operation, u64)]) -> Option<Grid> {
        if !(1..=MAX_SIZE).contains(&n)
            || map.len() != n * n
            || map.iter().any(|&k| k >= clues.len())
        {
            return None;
        }
        let grid = Grid::from_cage_map(n, map, |k| clues[k]);
        let fits = grid.cages.iter().enumerate().all(|(k, cage)| {
            (!cage.operation.pairs_only() || cage.cells.len() == 2) && grid.connected(k)
        });
        fits.then_some(grid)
    }

    /// A grid from each cell's cage number (any numbering) and each cage's clue: the cages
    /// renumbered in the order of their first cells.
    fn from_cage_map(n: usize, map: &[usize], clue: impl Fn(usize) -> (Operation, u64)) -> Grid {
        let mut renumber: Vec<Option<usize>> = vec![None; map.iter().max().map_or(0, |&m| m + 1)];
        let mut cages: Vec<Cage> = Vec::new();
        let mut cage_of = vec![0; n * n];
        for (cell, &label) in map.iter().enumerate() {
            let k = *renumber[label].get_or_insert_with(|| {
                let (operation, target) = clue(label);
                cages.push(Cage {
                    cells: Vec::new(),
                    operation,
                    target,
                });
                cages.len() - 1
            });
            cages[k].cells.push(cell);
            cage_of[cell] = k;
        }
        Grid {
            n,
            cages,
            cage_of,
            cells: vec![0; n * n],
        }
    }

    /// Whether the cells of cage `k` touch one another through their sides.
    fn connected(&self, k: usize) -> bool {
        let n = self.n;
        let cells = &self.cages[k].cells;
        let mut reached = vec![cells[0]];
        let mut next = 0;
        while let Some(&cell) = reached.get(next) {
            next += 1;
            let (row, col) = (cell / n, cell % n);
            let neighbours = [
                (row > 0).then(|| cell - n),
                (row + 1 < n).then(|| cell + n),
                (col > 0).then(|| cell - 1),
                (col + 1 < n).then(|| cell + 1),
            ];
            for neighbour in neighbours.into_iter().flatten() {
                if self.cage_of[neighbour] == k && !reached.contains(&neighbour) {
                    reached.push(neighbour);
                }
            }
        }
        reached.len() == cells.len()
    }

    /// The side n.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The cages, in the order of their first cells.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The number of the cage (in [`cages`](Self::cages)) that holds a cell.
    pub fn cage_at(&self, row: usize, col: usize) -> Option<usize> {
        (row < self.n && col < self.n).then(|| self.cage_of[row * self.n + col])
    }

    /// The digit in a cell, if it holds one.
    pub fn digit(&self, row: usize, col: usize) -> Option<usize> {
        if row >= self.n || col >= self.n {
            return None;
        }
        let digit = self.cells[row * self.n + col];
        (digit > 0).then_some(usize::from(digit))
    }

    /// Writes `digit` (or clears the cell with `None`); digits past n are ignored.
    pub fn set_digit(&mut self, row: usize, col: usize, digit: Option<usize>) {
        let n = self.n;
        if row < n && col < n && digit.map_or(true, |d| (1..=n).contains(&d)) {
            self.cells[row * n + col] = digit.unwrap_or(0) as u8;
        }
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        !self.cells.contains(&0)
    }

    /// Each rule the digits break, in words: a digit twice in a row or column, or a full
    /// cage whose digits miss its target.
    pub fn violations(&self) -> Vec<String> {
        let n = self.n;
        let mut found = Vec::new();
        for (line, what) in [(true, "row"), (false, "column")] {
            for a in 0..n {
                let mut seen = vec![false; n + 1];
                for b in 0..n {
                    let cell = if line { a * n + b } else { b * n + a };
                    let digit = usize::from(self.cells[cell]);
                    if digit > 0 && std::mem::replace(&mut seen[digit], true) {
                        found.push(format!("{what} {} holds {digit} twice", a + 1));
                        break;
                    }
                }
            }
        }
        for cage in &self.cages {
            let digits: Vec<usize> = cage.cells.iter().map(|&c| self.cells[c].into()).collect();
            if !digits.contains(&0) && !cage.operation.makes(cage.target, &digits) {
                let first = cage.cells[0];
                found.push(format!(
                    "the cage at r{}c{} ({}) holds {}",
                    first / n + 1,
                    first % n + 1,
                    cage.clue(),
                    digits
                        .iter()
                        .map(usize::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
        found
    }

    /// The first of [`violations`](Self::violations), if any.
    pub fn violation(&self) -> Option<String> {
        self.violations().into_iter().next()
    }

    /// The grid as a game ID of Tatham's Keen (its cages; Keen's IDs hold no digits).
    pub fn game_id(&self) -> String {
        tatham::write(self)
    }

    /// The fillings of cage `k`: the digits of its cells, in the order of its cells, that
    /// make its target and differ in each row and column, each cell's digit one of its
    /// `allowed` (bit `d` for digit `d`); `visit` is called with each and returns whether to
    /// go on.
    pub(crate) fn fillings(
        &self,
        k: usize,
        allowed: impl Fn(usize) -> u32,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) {
        let mut steps = u64::MAX;
        self.fillings_within(k, allowed, &mut steps, visit);
    }

    /// [`fillings`](Self::fillings), in at most `steps` steps of the search (each a digit
    /// tried in a cell), which it counts down; false if they ran out first.
    fn fillings_within(
        &self,
        k: usize,
        allowed: impl Fn(usize) -> u32,
        steps: &mut u64,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        let cage = &self.cages[k];
        let mut search = Fill {
            n: self.n,
            cage,
            allowed: cage.cells.iter().map(|&c| allowed(c)).collect(),
            digits: vec![0; cage.cells.len()],
            steps,
            visit,
        };
        search.fill(0, cage.target) != Filled::OutOfSteps
    }
}

#[derive(PartialEq, Eq)]
enum Filled {
    GoOn,
    Stopped,
    OutOfSteps,
}

/// The search for the fillings of one cage.
struct Fill<'a, 'v> {
    n: usize,
    cage: &'a Cage,
    allowed: Vec<u32>,
    digits: Vec<usize>,
    steps: &'a mut u64,
    visit: &'a mut (dyn FnMut(&[usize]) -> bool + 'v),
}

impl Fill<'_, '_> {
    /// Fills the cells from `i` on: `left` is what the rest must make (the sum or product
    /// left; for `-` and `/`, the target).
    fn fill(&mut self, i: usize, left: u64) -> Filled {
        let (n, cage) = (self.n, self.cage);
        let cells = &cage.cells;
        if i == cells.len() {
            let made = match cage.operation {
                Operation::Add => left == 0,
                Operation::Multiply => left == 1,
                _ => cage.operation.makes(cage.target, &self.digits),
            };
            return if !made || (self.visit)(&self.digits) {
                Filled::GoOn
            } else {
                Filled::Stopped
            };
        }
        let rest = (cells.len() - i - 1) as u64;
        for digit in 1..=n {
            if self.allowed[i] >> digit & 1 == 0 {
                continue;
            }
            if *self.steps == 0 {
                return Filled::OutOfSteps;
            }
            *self.steps -= 1;
            let d = digit as u64;
            let next = match cage.operation {
                // The cells after this one add at least 1 and at most n each.
                Operation::Add => match left.checked_sub(d) {
                    Some(next) if next >= rest && next <= rest * n as u64 => next,
                    _ => continue,
                },
                Operation::Multiply => {
                    if left % d != 0 {
                        continue;
                    }
                    left / d
                }
                _ => left,
            };
            let cell = cells[i];
            let clash = (0..i).any(|j| {
                self.digits[j] == digit && (cells[j] / n == cell / n || cells[j] % n == cell % n)
            });
            if clash {
                continue;
            }
            self.digits[i] = digit;
            match self.fill(i + 1, next) {
                Filled::GoOn => {}
                stop => return stop,
            }
        }
        self.digits[i] = 0;
        Filled::GoOn
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.n;
        let labels: Vec<char> = LABELS.chars().collect();
        let label = |k: usize| labels.get(k).copied().unwrap_or('?');
        let digits = self.cells.iter().any(|&d| d > 0);
        for row in 0..n {
            for col in 0..n {
                write!(f, "{}", label(self.cage_of[row * n + col]))?;
            }
            if digits {
                f.write_str(" ")?;
                for col in 0..n {
                    match self.cells[row * n + col] {
                        0 => f.write_str(".")?,
                        d => write!(f, "{d}")?,
                    }
                }
            }
            f.write_str("\n")?;
        }
        for (k, cage) in self.cages.iter().enumerate() {
            let sep = match k {
                0 => "\n",
                k if k % 8 == 0 => "\n",
                _ => "  ",
            };
            write!(f, "{sep}{} {}", label(k), cage.clue())?;
        }
        Ok(())
    }
}

/// Reads a grid in the format of the [module docs](self).
fn parse_text(input: &str) -> Result<Grid, ParseError> {
    let lines = text::content_lines(input);
    let Some(&(first_line, first)) = lines.first() else {
        return Err(ParseError::whole(ParseErrorKind::Empty {
            expected: "the cage map: a line of labels per row",
        }));
    };
    let is_label = |c: char| !c.is_whitespace() && !c.is_ascii_digit() && c != '.';
    let n = first
        .chars()
        .take_while(|&c| !c.is_ascii_digit() && c != '.')
        .filter(|&c| is_label(c))
        .count();
    if !(1..=MAX_SIZE).contains(&n) {
        return Err(ParseError::new(
            first_line,
            text::first_column(first),
            ParseErrorKind::OutOfRange {
                what: "a side (the labels of the first row)",
                min: 1,
                max: MAX_SIZE as u64,
                found: n.to_string(),
            },
        ));
    }
    if lines.len() < n {
        return Err(ParseError::new(
            text::end_line(input),
            1,
            ParseErrorKind::EndOfInput {
                expected: format!(
                    "{} more rows of the cage map (the first row has {n} labels)",
                    n - lines.len()
                ),
            },
        ));
    }
    // Each label's cells, and where it was first seen.
    let mut label_cells: Vec<(char, Vec<usize>, (usize, usize))> = Vec::new();
    let mut cells = vec![0u8; n * n];
    for (row, &(number, line)) in lines[..n].iter().enumerate() {
        let mut k = 0;
        let mut end = 1;
        for (column, c) in line.chars().enumerate().map(|(k, c)| (k + 1, c)) {
            end = column + 1;
            if c.is_whitespace() {
                continue;
            }
            let at = |kind| ParseError::new(number, column, kind);
            match k {
                k if k < n => {
                    if !is_label(c) {
                        return Err(at(ParseErrorKind::UnexpectedChar {
                            expected: "a cage's label (a letter, or a visible character but a digit or '.')",
                            found: c,
                        }));
                    }
                    let cell = row * n + k;
                    match label_cells.iter_mut().find(|(l, _, _)| *l == c) {
                        Some((_, cells, _)) => cells.push(cell),
                        None => label_cells.push((c, vec![cell], (number, column))),
                    }
                }
                k if k < 2 * n => {
                    cells[row * n + k - n] = match c {
                        '.' => 0,
                        _ => match c.to_digit(10) {
                            Some(d) if (1..=n as u32).contains(&d) => d as u8,
                            Some(_) => {
                                return Err(at(ParseErrorKind::OutOfRange {
                                    what: "a digit",
                                    min: 1,
                                    max: n as u64,
                                    found: c.to_string(),
                                }))
                            }
                            None => {
                                return Err(at(ParseErrorKind::UnexpectedChar {
                                    expected: "a digit, or '.' for an empty cell",
                                    found: c,
                                }))
                            }
                        },
                    }
                }
                _ => {
                    return Err(at(ParseErrorKind::Trailing {
                        after: format!("the {n} labels and {n} digits of a row"),
                        found: c,
                    }))
                }
            }
            k += 1;
        }
        if k != n && k != 2 * n {
            let expected = if k < n {
                format!("{} more labels (the first row has {n})", n - k)
            } else {
                format!(
                    "{} more digits ({n} after the labels, '.' where empty)",
                    2 * n - k
                )
            };
            return Err(ParseError::new(
                number,
                end,
                ParseErrorKind::EndOfLine { expected },
            ));
        }
    }
    // The clues: a label, its target, and its operation right after the target.
    let mut clues: Vec<Option<(Operation, Option<u64>)>> = vec![None; label_cells.len()];
    for &(number, line) in &lines[n..] {
        let mut cursor = text::Cursor::new(number, line);
        loop {
            cursor.skip_blanks();
            let Some(c) = cursor.peek() else { break };
            let (label_line, label_column) = (cursor.line, cursor.column);
            let Some(k) = label_cells.iter().position(|(l, _, _)| *l == c) else {
                return Err(cursor.unexpected(if is_label(c) {
                    "the label of a cage of the map (this one labels no cell)"
                } else {
                    "a cage's label, then its target and operation, like `a 6+`"
                }));
            };
            cursor.bump();
            cursor.skip_blanks();
            let target = crate::tatham::number(&mut cursor, "a cage's target", 0, 999_999_999_999)?;
            let operation = match cursor.peek().and_then(Operation::of_symbol) {
                Some(operation) => {
                    cursor.bump();
                    Some(operation)
                }
                None => None,
            };
            if cursor.peek().is_some_and(|c| !c.is_whitespace()) {
                return Err(cursor.unexpected("an operation (+ - * /) or a blank after the target"));
            }
            if clues[k].is_some() {
                return Err(ParseError::new(
                    label_line,
                    label_column,
                    ParseErrorKind::Refused {
                        reason: format!("cage '{c}' has a second clue"),
                    },
                ));
            }
            let size = label_cells[k].1.len();
            let operation = match operation {
                Some(op) if op.pairs_only() && size != 2 => {
                    return Err(ParseError::new(
                        label_line,
                        label_column,
                        ParseErrorKind::Refused {
                            reason: format!(
                                "cage '{c}' has {size} cells; `{}` needs a cage of two",
                                op.symbol()
                            ),
                        },
                    ))
                }
                Some(op) => op,
                None if size == 1 => Operation::Add,
                None => {
                    return Err(ParseError::new(
                        label_line,
                        label_column,
                        ParseErrorKind::Refused {
                            reason: format!(
                                "cage '{c}' has {size} cells and no operation (+ - * / after its target); only a cage of one cell may leave it out"
                            ),
                        },
                    ))
                }
            };
            clues[k] = Some((operation, Some(target)));
        }
    }
    if let Some(k) = clues.iter().position(Option::is_none) {
        let (label, _, (line, column)) = &label_cells[k];
        return Err(ParseError::new(
            *line,
            *column,
            ParseErrorKind::Refused {
                reason: format!("cage '{label}' has no clue (like `{label} 6+` after the map)"),
            },
        ));
    }
    let mut map = vec![0; n * n];
    for (k, (_, cells, _)) in label_cells.iter().enumerate() {
        for &cell in cells {
            map[cell] = k;
        }
    }
    let mut grid = Grid::from_cage_map(n, &map, |k| {
        let (operation, target) = clues[k].expect("every cage has a clue");
        (operation, target.unwrap_or(0))
    });
    grid.cells = cells;
    for k in 0..grid.cages.len() {
        if !grid.connected(k) {
            let first = grid.cages[k].cells[0];
            let label = label_cells[map[first]].0;
            let (line, column) = label_cells[map[first]].2;
            return Err(ParseError::new(
                line,
                column,
                ParseErrorKind::Refused {
                    reason: format!(
                        "cage '{label}' is in parts: a cage's cells touch through their sides (give each part its own label)"
                    ),
                },
            ));
        }
    }
    within_fillings(&grid)?;
    Ok(grid)
}

/// Refuses a grid whose cages have more than [`MAX_FILLINGS`] fillings together, or take
/// more than [`MAX_FILLING_STEPS`] steps to list.
fn within_fillings(grid: &Grid) -> Result<(), ParseError> {
    let all = ((1u32 << grid.n) - 1) << 1;
    let mut total = 0usize;
    let mut steps = MAX_FILLING_STEPS;
    for k in 0..grid.cages.len() {
        let listed = grid.fillings_within(k, |_| all, &mut steps, &mut |_| {
            total += 1;
            total <= MAX_FILLINGS
        });
        if !listed || total > MAX_FILLINGS {
            let first = grid.cages[k].cells[0];
            return Err(ParseError::refused(format!(
                "the cages have too many ways to be filled to list them (more than {MAX_FILLINGS}, or more than {MAX_FILLING_STEPS} steps to find them; the cage at r{}c{}, of {} cells, {}, has too many)",
                first / grid.n + 1,
                first % grid.n + 1,
                grid.cages[k].cells.len(),
                grid.cages[k].clue()
            )));
        }
    }
    Ok(())
}

/// One option of the encoding: the digits of a cage's cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Choice {
    /// The cage's number, in [`Grid::cages`].
    pub cage: usize,
    /// The digit of each of its cells, in the order of [`Cage::cells`].
    pub digits: Vec<u8>,
}

impl Reduction for Keen {
    type Puzzle = Grid;
    type Choice = Choice;
    type Board = Grid;

    fn parse(&self, input: &str) -> Result<Grid, ParseError> {
        if crate::tatham::is_game_id(input) {
            let grid = tatham::parse(input)?;
            within_fillings(&grid)?;
            return Ok(grid);
        }
        parse_text(input)
    }

    fn encode(&self, grid: &Grid) -> Result<Encoding<Choice>, dlx::BuildError> {
        encode::encode(grid)
    }

    /// None: Knuth's choice of the item with fewest options already takes a cell or a
    /// row's or column's digit with one filling left first, and forcing's passes cost more
    /// than the nodes they save (`scripts/bench-plans`: 1.2 to 1.9 times the time of
    /// `--propagate none` on every level of Tatham's corpus).
    fn propagation(&self) -> dlx::Propagation {
        dlx::Propagation::None
    }

    fn decode(&self, grid: &Grid, choices: &[&Choice]) -> Grid {
        let mut solved = grid.clone();
        for choice in choices {
            for (&cell, &digit) in grid.cages[choice.cage].cells.iter().zip(&choice.digits) {
                solved.cells[cell] = digit;
            }
        }
        solved
    }
}
