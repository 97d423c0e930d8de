//! Towers (skyscrapers, Tatham's Towers): a Latin square of tower heights, 1 to n in every
//! row and column, with clues around the grid; a clue is how many towers are seen from it,
//! looking along its row or column, where a tower hides every lower one behind it.
//!
//! # Format
//!
//! The grid framed by its clues: n + 2 lines of n + 2 characters. The first and last lines
//! hold the clues above and below the columns, the first and last characters of the other
//! lines the clues left and right of the rows; the n x n characters inside are the cells.
//! A clue or a digit is `1`-`9`, then `A`-`Z` for 10 and up; `.`, `_` or `0` is an empty cell,
//! a missing clue, or one of the four corners (which hold nothing). Blanks between
//! characters are skipped, and blank lines before and after the grid. Or a game ID of
//! Tatham's Towers, `5:2/3/1/5/2/4/2/4/1/2/2/1/2/4/3/2/4/3/1/2` (the clues above the
//! columns, below them, left of the rows and right of them, an empty field for none), with
//! the givens after a comma as his run-length letters (`,u2n`).
//!
//! ```text
//! .2.3...
//! .......
//! 3.....2
//! .......
//! ....4..
//! .......
//! ...1...
//! ```
//!
//! # Encoding
//!
//! A Latin square's options, an option per cell and digit (`p<r><c> r<r><d> c<c><d>`, all
//! primary), and for each clue a chain that walks its line from the clue, one primary item
//! per cell of the line (`s<clue><k>`). A chain's options say which digit the cell holds and
//! what is seen after it: the tallest tower so far and how many were seen, written as the
//! color of a secondary item between two cells (`t<clue><k>`); a cell taller than the tallest
//! so far is seen. The last cell's options end with n seen as tallest and the clue's count.
//! Both kinds of option color a secondary item per cell (`x<r><c>`) with its digit, so the
//! chains read the digits the square holds: every solution is one square and one walk per
//! clue, and the count is exact (Algorithm C). Options that no walk from the first cell to
//! the last uses, given the digits each cell may still hold, are left out.
//!
//! ```
//! use reductions::towers::Towers;
//! use reductions::Reduction;
//!
//! let grid = Towers.parse("3:3///////////")?;
//! let encoding = Towers.encode(&grid)?;
//! let solutions = dlx::Solver::new(&encoding.problem).count().solutions;
//! // 3 seen from the top of column 1: 1, 2, 3 down it; 2 of the 12 squares of side 3 do.
//! assert_eq!(solutions, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod encode;
mod game;
mod generate;
mod grade;
mod propagate;
mod tatham;
#[cfg(test)]
mod tests;

use std::fmt;

pub use generate::{add_clues, generate_before, Generated, MAX_GENERATED_SIZE};
pub use grade::{explain, grade, hint, Difficulty, Grade};

use crate::text::{self, ParseError, ParseErrorKind};
use crate::{Encoding, Reduction};

/// The largest side read: 16 (`G`).
pub const MAX_SIZE: usize = 16;

/// The Towers reduction; the format and the encoding are in the [module docs](self).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Towers;

/// The four sides of the grid, in the order of Tatham's clues.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Above the columns, looking down.
    Top,
    /// Below the columns, looking up.
    Bottom,
    /// Left of the rows, looking right.
    Left,
    /// Right of the rows, looking left.
    Right,
}

impl Side {
    /// Every side, in the order of Tatham's clues.
    pub const ALL: [Side; 4] = [Side::Top, Side::Bottom, Side::Left, Side::Right];
}

/// A Towers grid: its clues (0 where none) and its cells (0 where empty). `Display` writes
/// the format read, without a final newline.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    n: usize,
    /// 4n clues in Tatham's order: above columns 0..n, below them, left of rows 0..n, right
    /// of them.
    clues: Vec<u8>,
    /// Row-major.
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid of side `n`, from 1 to [`MAX_SIZE`], without clues.
    pub fn new(n: usize) -> Option<Grid> {
        (1..=MAX_SIZE).contains(&n).then(|| Grid {
            n,
            clues: vec![0; 4 * n],
            cells: vec![0; n * n],
        })
    }

    /// The side n.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The digit in a cell, if it holds one.
    pub fn digit(&self, row: usize, col: usize) -> Option<usize> {
        let digit = *self.cells.get(row * self.n + col)?;
        (digit > 0).then_some(usize::from(digit))
    }

    /// Writes `digit` (or clears the cell with `None`); digits past n are ignored.
    pub fn set_digit(&mut self, row: usize, col: usize, digit: Option<usize>) {
        let n = self.n;
        if row < n && col < n && digit.map_or(true, |d| (1..=n).contains(&d)) {
            self.cells[row * n + col] = digit.unwrap_or(0) as u8;
        }
    }

    /// The clue on `side` at `index` (a column for the top and bottom, a row for the
    /// sides), if there is one.
    pub fn clue(&self, side: Side, index: usize) -> Option<usize> {
        let clue = *self.clues.get(side as usize * self.n + index)?;
        (index < self.n && clue > 0).then_some(usize::from(clue))
    }

    /// Sets the clue on `side` at `index` (or clears it with `None`); clues past n are
    /// ignored.
    pub fn set_clue(&mut self, side: Side, index: usize, clue: Option<usize>) {
        let n = self.n;
        if index < n && clue.map_or(true, |c| (1..=n).contains(&c)) {
            self.clues[side as usize * n + index] = clue.unwrap_or(0) as u8;
        }
    }

    /// The cells seen from clue `c` (Tatham's numbering, 0 to 4n), nearest first.
    fn line(&self, c: usize) -> impl Iterator<Item = usize> {
        line(self.n, c)
    }

    /// Every clue's count, as the digits of a full grid give them.
    fn counts(&self) -> Vec<u8> {
        (0..4 * self.n)
            .map(|c| visible(self.line(c).map(|cell| self.cells[cell])) as u8)
            .collect()
    }

    /// Each rule the givens break, in words: a digit twice in a line, a full line whose
    /// towers seen differ from its clue, or a clue no line can meet.
    pub fn violations(&self) -> Vec<String> {
        let n = self.n;
        let mut found = Vec::new();
        for (what, cells) in (0..n)
            .map(|r| {
                (
                    format!("row {}", r + 1),
                    (0..n).map(|c| r * n + c).collect::<Vec<_>>(),
                )
            })
            .chain((0..n).map(|c| {
                (
                    format!("column {}", c + 1),
                    (0..n).map(|r| r * n + c).collect(),
                )
            }))
        {
            let mut seen = vec![false; n + 1];
            for &cell in &cells {
                let digit = usize::from(self.cells[cell]);
                if digit > 0 && std::mem::replace(&mut seen[digit], true) {
                    found.push(format!("{what} holds {digit} twice"));
                    break;
                }
            }
        }
        for c in 0..4 * n {
            let clue = self.clues[c];
            let cells: Vec<u8> = self.line(c).map(|cell| self.cells[cell]).collect();
            if clue > 0 && !cells.contains(&0) {
                let seen = visible(cells.iter().copied());
                if seen != usize::from(clue) {
                    found.push(format!(
                        "{} sees {seen} towers, not {clue}",
                        clue_name(n, c)
                    ));
                }
            }
        }
        found
    }

    /// The first of [`violations`](Self::violations), if any.
    pub fn violation(&self) -> Option<String> {
        self.violations().into_iter().next()
    }

    /// The grid as a game ID of Tatham's Towers.
    pub fn game_id(&self) -> String {
        tatham::write(self)
    }
}

/// The cells seen from clue `c` of a grid of side `n`, nearest first.
fn line(n: usize, c: usize) -> impl Iterator<Item = usize> {
    let (side, index) = (c / n, c % n);
    (0..n).map(move |k| match side {
        0 => k * n + index,
        1 => (n - 1 - k) * n + index,
        2 => index * n + k,
        _ => index * n + (n - 1 - k),
    })
}

/// How many towers of a line are seen from its start: those taller than all before them.
fn visible(heights: impl Iterator<Item = u8>) -> usize {
    let mut tallest = 0;
    let mut seen = 0;
    for height in heights {
        if height > tallest {
            tallest = height;
            seen += 1;
        }
    }
    seen
}

/// Clue `c` in words, numbered from 1 as players number rows and columns.
fn clue_name(n: usize, c: usize) -> String {
    let (side, index) = (c / n, c % n + 1);
    match side {
        0 => format!("the clue above column {index}"),
        1 => format!("the clue below column {index}"),
        2 => format!("the clue left of row {index}"),
        _ => format!("the clue right of row {index}"),
    }
}

/// A digit or clue as the format writes it.
fn symbol(value: u8) -> char {
    match value {
        0 => '.',
        v => char::from_digit(u32::from(v), 36).map_or('?', |c| c.to_ascii_uppercase()),
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.n;
        let clue = |side: Side, k: usize| symbol(self.clues[side as usize * n + k]);
        let edge = |f: &mut fmt::Formatter<'_>, side: Side| {
            f.write_str(".")?;
            for k in 0..n {
                write!(f, "{}", clue(side, k))?;
            }
            f.write_str(".")
        };
        edge(f, Side::Top)?;
        for row in 0..n {
            write!(f, "\n{}", clue(Side::Left, row))?;
            for col in 0..n {
                write!(f, "{}", symbol(self.cells[row * n + col]))?;
            }
            write!(f, "{}", clue(Side::Right, row))?;
        }
        f.write_str("\n")?;
        edge(f, Side::Bottom)
    }
}

/// Reads a grid in the framed format (see the [module docs](self)).
fn parse_framed(input: &str) -> Result<Grid, ParseError> {
    let lines = text::block_lines(input);
    let lines = &lines[..];
    if lines.is_empty() {
        return Err(ParseError::whole(ParseErrorKind::Empty {
            expected: "the line of clues above the grid",
        }));
    }
    let frame = lines.len();
    if !(3..=MAX_SIZE + 2).contains(&frame) {
        let (line, _) = lines[frame.min(MAX_SIZE + 2) - 1];
        return Err(ParseError::new(
            line,
            1,
            ParseErrorKind::OutOfRange {
                what: "a side (the lines of the grid, its two lines of clues left out)",
                min: 1,
                max: MAX_SIZE as u64,
                found: (frame as i64 - 2).to_string(),
            },
        ));
    }
    let n = frame - 2;
    let mut grid = Grid::new(n).expect("the side was checked");
    for (r, &(number, line)) in lines.iter().enumerate() {
        let mut k = 0;
        for (column, c) in line.chars().enumerate().map(|(k, c)| (k + 1, c)) {
            if c == ' ' || c == '\t' {
                continue;
            }
            if k == n + 2 {
                return Err(ParseError::new(
                    number,
                    column,
                    ParseErrorKind::Trailing {
                        after: format!("the {} characters of a line", n + 2),
                        found: c,
                    },
                ));
            }
            let corner = (r == 0 || r == n + 1) && (k == 0 || k == n + 1);
            let value = match c {
                '.' | '_' | '0' => 0,
                _ if corner => {
                    return Err(ParseError::new(
                        number,
                        column,
                        ParseErrorKind::UnexpectedChar {
                            expected: "`.` in a corner, which holds no clue",
                            found: c,
                        },
                    ))
                }
                _ => match c.to_digit(36) {
                    Some(value) if (1..=n as u32).contains(&value) => value as u8,
                    Some(value) => {
                        return Err(ParseError::new(
                            number,
                            column,
                            ParseErrorKind::OutOfRange {
                                what: if r == 0 || r == n + 1 || k == 0 || k == n + 1 {
                                    "a clue"
                                } else {
                                    "a digit"
                                },
                                min: 1,
                                max: n as u64,
                                found: if c.is_ascii_digit() {
                                    c.to_string()
                                } else {
                                    format!("{c} ({value})")
                                },
                            },
                        ))
                    }
                    None => {
                        return Err(ParseError::new(
                            number,
                            column,
                            ParseErrorKind::UnexpectedChar {
                                expected: "a digit or clue, or `.` for none",
                                found: c,
                            },
                        ))
                    }
                },
            };
            match (r, k) {
                _ if corner => {}
                (0, _) => grid.clues[k - 1] = value,
                (r, _) if r == n + 1 => grid.clues[n + k - 1] = value,
                (r, 0) => grid.clues[2 * n + r - 1] = value,
                (r, k) if k == n + 1 => grid.clues[3 * n + r - 1] = value,
                (r, k) => grid.cells[(r - 1) * n + k - 1] = value,
            }
            k += 1;
        }
        if k < n + 2 {
            return Err(ParseError::new(
                number,
                line.chars().count() + 1,
                ParseErrorKind::EndOfLine {
                    expected: format!(
                        "{} more characters (a line of a grid of side {n} has {})",
                        n + 2 - k,
                        n + 2
                    ),
                },
            ));
        }
    }
    Ok(grid)
}

/// One option of the encoding: a digit in a cell, or a step of a clue's walk (which says
/// nothing the cells do not).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// `digit` in the cell at `row`, `col` (from 0; digits from 1).
    Fill {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        col: usize,
        /// The digit.
        digit: usize,
    },
    /// A step of the walk of a clue along its line, through the cell at `row`, `col`
    /// holding `digit`.
    Walk {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        col: usize,
        /// The digit.
        digit: usize,
    },
}

impl Reduction for Towers {
    type Puzzle = Grid;
    type Choice = Choice;
    type Board = Grid;

    fn parse(&self, input: &str) -> Result<Grid, ParseError> {
        if crate::tatham::is_game_id(input) {
            return tatham::parse(input);
        }
        parse_framed(input)
    }

    fn encode(&self, grid: &Grid) -> Result<Encoding<Choice>, dlx::BuildError> {
        encode::encode(grid)
    }

    /// Forcing: a cell, a line's digit or a step of a walk with one option left is taken.
    fn propagation(&self) -> dlx::Propagation {
        dlx::Propagation::Forcing
    }

    /// Every filling of each clue's line at every node: a digit that no filling of the line
    /// from its cells' digits left shows the clue's count with is ruled out of its cell (the
    /// hard level's rule, to a fixpoint), which the walks alone see only one step at a time.
    fn propagator(
        &self,
        grid: &Grid,
        encoding: &Encoding<Choice>,
    ) -> Option<std::sync::Arc<dyn dlx::propagate::Propagator>> {
        Some(std::sync::Arc::new(propagate::LineFilter::new(
            grid, encoding,
        )))
    }

    fn decode(&self, grid: &Grid, choices: &[&Choice]) -> Grid {
        let mut solved = grid.clone();
        for choice in choices {
            if let Choice::Fill { row, col, digit } = **choice {
                solved.set_digit(row, col, Some(digit));
            }
        }
        solved
    }
}
