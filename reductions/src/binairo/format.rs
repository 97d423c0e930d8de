//! The binairo file format, read and written (see the [module docs](super)).

use std::fmt;

use super::{Grid, BLANK, MAX_SIZE};
use crate::text::{self, content_lines, Cursor, ParseError, ParseErrorKind};

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self
            .cells
            .chunks(self.n)
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

pub(super) fn parse_grid(input: &str) -> Result<Grid, ParseError> {
    let lines = content_lines(input);
    let n = text::size_line(&lines, input, "a grid size", 2, MAX_SIZE)?;
    text::even_size(
        &lines,
        n,
        "an even grid size (every line holds as many 0s as 1s)",
    )?;
    let mut grid = Grid::new(n).expect("the size was checked");
    for r in 0..n {
        let Some(&(line, text)) = lines.get(r + 1) else {
            return Err(ParseError::new(
                text::end_line(input),
                1,
                ParseErrorKind::EndOfInput {
                    expected: format!("row {} of {n}", r + 1),
                },
            ));
        };
        let mut cursor = Cursor::new(line, text);
        for c in 0..n {
            cursor.skip_blanks();
            grid.cells[r * n + c] = match cursor.peek() {
                Some('0') => 0,
                Some('1') => 1,
                Some('_' | '.') => BLANK,
                Some(_) => return Err(cursor.unexpected("'0', '1', '_' or '.'")),
                None => {
                    return Err(cursor.error(ParseErrorKind::Count {
                        what: "cells in a row",
                        expected: n,
                        found: c,
                    }))
                }
            };
            cursor.bump();
        }
        cursor.skip_blanks();
        if let Some(found) = cursor.peek() {
            return Err(cursor.error(ParseErrorKind::Trailing {
                after: format!("the {n} cells of the row"),
                found,
            }));
        }
    }
    if let Some(&(line, text)) = lines.get(n + 1) {
        let mut cursor = Cursor::new(line, text);
        cursor.skip_blanks();
        return Err(cursor.error(ParseErrorKind::Trailing {
            after: format!("the last row of the grid ({n} rows after the size)"),
            found: cursor.peek().unwrap_or(' '),
        }));
    }
    Ok(grid)
}
