//! The binairo file format, read and written (see the [module docs](super)).

use std::fmt;

use super::{Grid, BLANK, MAX_SIZE};
use crate::text::{self, content_lines, Cursor, ParseError, ParseErrorKind};

/// The word after the size that allows equal lines.
const REPEATS: &str = "repeats";

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self
            .cells
            .chunks(self.cols)
            .map(|row| {
                row.iter()
                    .map(|&d| match d {
                        0 => '0',
                        1 => '1',
                        _ => '.',
                    })
                    .collect()
            })
            .collect();
        text::write_lines(f, &lines)
    }
}

impl Grid {
    /// The grid in the file format, size line first (`N`, or `ROWS COLS` for a grid that is
    /// not square, then `repeats` when equal lines are allowed), ended by a newline:
    /// what [`Binairo::parse`](crate::Reduction::parse) reads back.
    pub fn puzzle_text(&self) -> String {
        let mut size = if self.rows == self.cols {
            self.rows.to_string()
        } else {
            format!("{} {}", self.rows, self.cols)
        };
        if !self.distinct {
            size.push(' ');
            size.push_str(REPEATS);
        }
        format!("{size}\n{self}\n")
    }
}

/// The size line: `N`, or `ROWS COLS`, then optionally `repeats`.
fn size_line(lines: &[(usize, &str)], input: &str) -> Result<(usize, usize, bool), ParseError> {
    let Some(&(line, first)) = lines.first() else {
        return Err(ParseError::new(
            text::end_line(input),
            1,
            ParseErrorKind::Empty {
                expected: "a grid size",
            },
        ));
    };
    let mut cursor = Cursor::new(line, first);
    let mut sizes = Vec::new();
    let mut distinct = true;
    loop {
        cursor.skip_blanks();
        let column = cursor.column;
        match cursor.peek() {
            None => break,
            Some(c) if c.is_ascii_digit() && sizes.len() < 2 && distinct => {
                let (value, found) = cursor.number().expect("a digit");
                if value < 2 || value > MAX_SIZE as u64 {
                    return Err(ParseError::new(
                        line,
                        column,
                        ParseErrorKind::OutOfRange {
                            what: "a grid size",
                            min: 2,
                            max: MAX_SIZE as u64,
                            found,
                        },
                    ));
                }
                if value % 2 == 1 {
                    return Err(ParseError::new(
                        line,
                        column,
                        ParseErrorKind::BadSize {
                            expected: "an even grid size (every line holds as many 0s as 1s)",
                            found,
                        },
                    ));
                }
                sizes.push(value as usize);
            }
            Some(_) if !sizes.is_empty() && distinct => {
                let word = cursor.rest().split_whitespace().next().unwrap_or("");
                if word != REPEATS {
                    return Err(cursor.unexpected(
                        "a second size (ROWS COLS) or 'repeats' (equal lines allowed)",
                    ));
                }
                for _ in 0..REPEATS.len() {
                    cursor.bump();
                }
                distinct = false;
            }
            Some(found) if sizes.is_empty() => {
                return Err(cursor.error(ParseErrorKind::UnexpectedChar {
                    expected: "a grid size",
                    found,
                }))
            }
            Some(found) => {
                return Err(cursor.error(ParseErrorKind::Trailing {
                    after: "the size".to_owned(),
                    found,
                }))
            }
        }
    }
    let rows = sizes[0];
    let cols = sizes.get(1).copied().unwrap_or(rows);
    Ok((rows, cols, distinct))
}

pub(super) fn parse_grid(input: &str) -> Result<Grid, ParseError> {
    let lines = content_lines(input);
    let (rows, cols, distinct) = size_line(&lines, input)?;
    let mut grid = Grid::with_size(rows, cols).expect("the size was checked");
    grid.distinct = distinct;
    for r in 0..rows {
        let Some(&(line, text)) = lines.get(r + 1) else {
            return Err(ParseError::new(
                text::end_line(input),
                1,
                ParseErrorKind::EndOfInput {
                    expected: format!("row {} of {rows}", r + 1),
                },
            ));
        };
        let mut cursor = Cursor::new(line, text);
        for c in 0..cols {
            cursor.skip_blanks();
            grid.cells[r * cols + c] = match cursor.peek() {
                Some('0') => 0,
                Some('1') => 1,
                Some('_' | '.') => BLANK,
                Some(_) => return Err(cursor.unexpected("'0', '1', '_' or '.'")),
                None => {
                    return Err(cursor.error(ParseErrorKind::Count {
                        what: "cells in a row",
                        expected: cols,
                        found: c,
                    }))
                }
            };
            cursor.bump();
        }
        cursor.skip_blanks();
        if let Some(found) = cursor.peek() {
            return Err(cursor.error(ParseErrorKind::Trailing {
                after: format!("the {cols} cells of the row"),
                found,
            }));
        }
    }
    if let Some(&(line, text)) = lines.get(rows + 1) {
        let mut cursor = Cursor::new(line, text);
        cursor.skip_blanks();
        return Err(cursor.error(ParseErrorKind::Trailing {
            after: format!("the last row of the grid ({rows} rows after the size)"),
            found: cursor.peek().unwrap_or(' '),
        }));
    }
    Ok(grid)
}
