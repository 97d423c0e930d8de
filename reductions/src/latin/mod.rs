//! Latin squares: fill an n x n grid with the digits 1..n so that every row and every column
//! holds each digit once, keeping the digits given (quasigroup completion).
//!
//! # Format
//!
//! One line per row, one character per cell: `1`-`9`, then `A`-`Z` (or `a`-`z`) for 10 to 35,
//! and `.`, `_` or `0` for an empty cell; blanks between cells are skipped. The side n is the
//! number of rows, from 1 to [`MAX_SIZE`], and every row has n cells. Blank lines before and
//! after the square are skipped.
//!
//! ```text
//! 1..
//! .3.
//! ...
//! ```
//!
//! # Encoding
//!
//! Sudoku's without the boxes: an option per cell and digit, `p<r><c> r<r><d> c<c><d>`, all
//! items primary (a cell holds one digit; a row, and a column, holds each digit once). A given
//! cell has its one option; a digit given in a row or a column is left out of the other
//! cells' options there. The search forces cells and lines with one option left, and counts
//! loose squares by memoization: the 812,851,200 Latin squares of side 6 (OEIS A002860).
//!
//! ```
//! use reductions::{latin::Latin, Reduction};
//!
//! let square = Latin.parse("1..\n.3.\n...\n")?;
//! let encoding = Latin.encode(&square)?;
//! let solution = dlx::Solver::new(&encoding.problem).first().unwrap();
//! let solved = Latin.decode(&square, &encoding.choices_of(solution.options()));
//! assert_eq!(solved.to_string(), "123\n231\n312");
//! assert_eq!(dlx::Solver::new(&encoding.problem).count().solutions, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(test)]
mod tests;

use std::fmt;

use crate::text::{self, name, ParseError, ParseErrorKind};
use crate::{Encoding, Reduction};

/// The largest side: 35, the last digit one character writes (`Z`).
pub const MAX_SIZE: usize = 35;

/// The Latin-square reduction; the format and the encoding are in the [module docs](self).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Latin;

/// A square, its cells empty or holding a digit from 1 to its side. `Display` writes the
/// format read, `.` on empty cells, without a final newline.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Square {
    n: usize,
    /// Row-major; 0 for an empty cell.
    cells: Vec<usize>,
}

impl Square {
    /// An empty square of side `n`, from 1 to [`MAX_SIZE`].
    pub fn empty(n: usize) -> Option<Square> {
        (1..=MAX_SIZE).contains(&n).then(|| Square {
            n,
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
        (digit > 0).then_some(digit)
    }

    /// Whether every row and column holds each digit at most once, and every cell is filled
    /// when `complete`.
    pub fn is_latin(&self, complete: bool) -> bool {
        let n = self.n;
        let mut seen_in_rows = vec![false; n * (n + 1)];
        let mut seen_in_cols = vec![false; n * (n + 1)];
        for row in 0..n {
            for col in 0..n {
                let digit = self.cells[row * n + col];
                if digit == 0 {
                    if complete {
                        return false;
                    }
                    continue;
                }
                let in_row = &mut seen_in_rows[row * (n + 1) + digit];
                let in_col = &mut seen_in_cols[col * (n + 1) + digit];
                if *in_row || *in_col {
                    return false;
                }
                (*in_row, *in_col) = (true, true);
            }
        }
        true
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.n {
            if row > 0 {
                f.write_str("\n")?;
            }
            for col in 0..self.n {
                let cell = match self.digit(row, col) {
                    Some(digit) => {
                        char::from_digit(digit as u32, 36).map_or('?', |c| c.to_ascii_uppercase())
                    }
                    None => '.',
                };
                write!(f, "{cell}")?;
            }
        }
        Ok(())
    }
}

/// One option: `digit` in the cell at `row`, `col` (from 0; digits from 1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fill {
    /// The cell's row.
    pub row: usize,
    /// The cell's column.
    pub col: usize,
    /// The digit.
    pub digit: usize,
}

/// Reads a square (see the [module docs](self)).
/// The digits each cell of a Latin square of side `n` may hold, given its `cells` (row-major,
/// 0 where empty), as bit `d` for digit `d`: its own digit, or those given in none of its row
/// and column.
pub(crate) fn open_digits(n: usize, cells: &[u8]) -> Vec<u32> {
    let all: u32 = ((1u32 << n) - 1) << 1;
    (0..n * n)
        .map(|cell| {
            let given = cells[cell];
            if given > 0 {
                return 1 << given;
            }
            let (row, col) = (cell / n, cell % n);
            let taken = (0..n)
                .flat_map(|k| [cells[row * n + k], cells[k * n + col]])
                .fold(0u32, |taken, d| taken | (1 << d));
            all & !taken
        })
        .collect()
}

fn parse(input: &str) -> Result<Square, ParseError> {
    let lines = text::block_lines(input);
    let lines = &lines[..];
    if lines.is_empty() {
        return Err(ParseError::whole(ParseErrorKind::Empty {
            expected: "a row of the square",
        }));
    }
    let n = lines.len();
    if n > MAX_SIZE {
        return Err(ParseError::new(
            lines[MAX_SIZE].0,
            1,
            ParseErrorKind::OutOfRange {
                what: "a side",
                min: 1,
                max: MAX_SIZE as u64,
                found: n.to_string(),
            },
        ));
    }
    let mut cells = Vec::with_capacity(n * n);
    for &(number, line) in lines {
        let mut in_row = 0;
        for (column, c) in line.chars().enumerate().map(|(k, c)| (k + 1, c)) {
            if c == ' ' || c == '\t' {
                continue;
            }
            let digit = match c {
                '.' | '_' | '0' => 0,
                _ => match c.to_digit(36) {
                    Some(digit) if digit as usize <= n => digit as usize,
                    Some(digit) => {
                        return Err(ParseError::new(
                            number,
                            column,
                            ParseErrorKind::OutOfRange {
                                what: "a digit",
                                min: 1,
                                max: n as u64,
                                found: if c.is_ascii_digit() {
                                    c.to_string()
                                } else {
                                    format!("{c} ({digit})")
                                },
                            },
                        ))
                    }
                    None => {
                        return Err(ParseError::new(
                            number,
                            column,
                            ParseErrorKind::UnexpectedChar {
                                expected: "a digit, or `.` for an empty cell",
                                found: c,
                            },
                        ))
                    }
                },
            };
            in_row += 1;
            if in_row > n {
                return Err(ParseError::new(
                    number,
                    column,
                    ParseErrorKind::Count {
                        what: "cells (as many as the rows)",
                        expected: n,
                        found: in_row,
                    },
                ));
            }
            cells.push(digit);
        }
        if in_row < n {
            return Err(ParseError::new(
                number,
                line.chars().count() + 1,
                ParseErrorKind::Count {
                    what: "cells (as many as the rows)",
                    expected: n,
                    found: in_row,
                },
            ));
        }
    }
    Ok(Square { n, cells })
}

fn encode(square: &Square) -> Result<Encoding<Fill>, dlx::BuildError> {
    let n = square.n;
    let cw = text::base36_width(n - 1);
    let dw = text::base36_width(n);
    // The digits given in each row and column, which no other cell there may take.
    let mut given_in_row = vec![false; n * (n + 1)];
    let mut given_in_col = vec![false; n * (n + 1)];
    for row in 0..n {
        for col in 0..n {
            if let Some(digit) = square.digit(row, col) {
                given_in_row[row * (n + 1) + digit] = true;
                given_in_col[col * (n + 1) + digit] = true;
            }
        }
    }
    let mut builder = dlx::ProblemBuilder::new();
    let cells: Vec<_> = (0..n * n)
        .map(|k| builder.primary(name("p", &[(k / n, cw), (k % n, cw)])))
        .collect();
    let rows: Vec<_> = (0..n * n)
        .map(|k| builder.primary(name("r", &[(k / n, cw), (k % n + 1, dw)])))
        .collect();
    let cols: Vec<_> = (0..n * n)
        .map(|k| builder.primary(name("c", &[(k / n, cw), (k % n + 1, dw)])))
        .collect();
    let mut choices = Vec::new();
    for row in 0..n {
        for col in 0..n {
            let given = square.digit(row, col);
            for digit in 1..=n {
                let allowed = match given {
                    Some(given) => digit == given,
                    None => {
                        !given_in_row[row * (n + 1) + digit] && !given_in_col[col * (n + 1) + digit]
                    }
                };
                if allowed {
                    builder.option([
                        cells[row * n + col],
                        rows[row * n + digit - 1],
                        cols[col * n + digit - 1],
                    ]);
                    choices.push(Fill { row, col, digit });
                }
            }
        }
    }
    Ok(Encoding::new(builder.build()?, choices))
}

impl Reduction for Latin {
    type Puzzle = Square;
    type Choice = Fill;
    type Board = Square;

    fn parse(&self, input: &str) -> Result<Square, ParseError> {
        parse(input)
    }

    fn encode(&self, square: &Square) -> Result<Encoding<Fill>, dlx::BuildError> {
        encode(square)
    }

    fn decode(&self, square: &Square, choices: &[&Fill]) -> Square {
        let mut solved = square.clone();
        for fill in choices {
            if fill.row < square.n && fill.col < square.n && fill.digit <= square.n {
                solved.cells[fill.row * square.n + fill.col] = fill.digit;
            }
        }
        solved
    }

    /// A cell, or a line's digit, with one option left is placed.
    fn propagation(&self) -> dlx::Propagation {
        dlx::Propagation::Forcing
    }

    /// Loose squares count by memoization (the 812,851,200 of side 6).
    fn memo_after(&self) -> Option<u64> {
        Some(crate::plan::MEMO_AFTER_NODES)
    }
}
