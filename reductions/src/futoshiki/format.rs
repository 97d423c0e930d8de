//! The futoshiki file format, read and written (see the [module docs](super)).

use std::fmt;

use super::{Grid, Relation, MAX_SIZE};
use crate::text::{self, content_lines, Cursor, ParseError, ParseErrorKind};

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.n;
        let width = decimal_width(n);
        let mut lines = Vec::with_capacity(2 * n);
        lines.push(match self.adjacent {
            true => format!("{n} adjacent"),
            false => n.to_string(),
        });
        for r in 0..n {
            if r > 0 {
                // Marks under the last digit of each cell, fillers under the separators.
                let mut line = vec![' '; n * (width + 3) - 3];
                for c in 0..n {
                    line[c * (width + 3) + width - 1] = self.down(r - 1, c).column_char();
                    if c + 1 < n {
                        line[c * (width + 3) + width + 1] = '-';
                    }
                }
                lines.push(line.into_iter().collect::<String>().trim_end().to_owned());
            }
            let mut line = String::new();
            for c in 0..n {
                if c > 0 {
                    line.push(' ');
                    line.push(self.right(r, c - 1).row_char());
                    line.push(' ');
                }
                line.push_str(&format!("{:>width$}", self.cells[r * n + c]));
            }
            lines.push(line);
        }
        text::write_lines(f, &lines)
    }
}

pub(super) fn decimal_width(n: usize) -> usize {
    n.to_string().len()
}

pub(super) fn parse_grid(input: &str) -> Result<Grid, ParseError> {
    let mut lines = content_lines(input);
    // `N adjacent`: Unequal's adjacent mode, `=` a bar between consecutive digits.
    let adjacent = lines.first().and_then(|(line, text)| {
        let size = text.trim().strip_suffix("adjacent")?.trim_end();
        Some((*line, size))
    });
    if let Some((line, size)) = adjacent {
        lines[0] = (line, size);
    }
    let n = text::size_line(&lines, input, "a grid size", 1, MAX_SIZE)?;
    let mut grid = match adjacent {
        Some(_) => Grid::adjacent(n),
        None => Grid::new(n),
    }
    .expect("the size was checked");
    let rows = &lines[1..];
    for k in 0..2 * n - 1 {
        let Some(&(line, text)) = rows.get(k) else {
            let expected = if k % 2 == 0 {
                format!(
                    "row {} of {n} (numbers separated by '|', '<' or '>')",
                    k / 2 + 1
                )
            } else {
                format!("the relations between rows {} and {}", k / 2 + 1, k / 2 + 2)
            };
            return Err(ParseError::new(
                text::end_line(input),
                1,
                ParseErrorKind::EndOfInput { expected },
            ));
        };
        let mut cursor = Cursor::new(line, text);
        if k % 2 == 0 {
            parse_digit_row(&mut cursor, &mut grid, k / 2)?;
        } else {
            parse_relation_row(&mut cursor, &mut grid, k / 2)?;
        }
    }
    if let Some(&(line, text)) = rows.get(2 * n - 1) {
        let mut cursor = Cursor::new(line, text);
        cursor.skip_blanks();
        return Err(cursor.error(ParseErrorKind::Trailing {
            after: format!(
                "the last row of the grid ({} lines after the size)",
                2 * n - 1
            ),
            found: cursor.peek().unwrap_or(' '),
        }));
    }
    Ok(grid)
}

fn parse_digit_row(cursor: &mut Cursor<'_>, grid: &mut Grid, r: usize) -> Result<(), ParseError> {
    let n = grid.n;
    for c in 0..n {
        cursor.skip_blanks();
        if c > 0 {
            let relation =
                match (cursor.peek(), grid.adjacent) {
                    (Some('|'), false) => Relation::None,
                    (Some('<'), false) => Relation::Less,
                    (Some('>'), false) => Relation::Greater,
                    (Some('|'), true) => Relation::Apart,
                    (Some('='), true) => Relation::Consecutive,
                    (Some(_), false) => {
                        return Err(cursor.unexpected("'|', '<' or '>' between two numbers"))
                    }
                    (Some(_), true) => return Err(cursor.unexpected(
                        "'=' (consecutive) or '|' (not) between two numbers of the adjacent mode",
                    )),
                    (None, _) => {
                        return Err(cursor.error(ParseErrorKind::Count {
                            what: "numbers in a row",
                            expected: n,
                            found: c,
                        }))
                    }
                };
            cursor.bump();
            grid.right[r * (n - 1) + c - 1] = relation;
            cursor.skip_blanks();
        }
        let column = cursor.column;
        let Some((value, found)) = cursor.number() else {
            return Err(cursor.unexpected("a number (0 for an empty cell)"));
        };
        if value > n as u64 {
            return Err(ParseError::new(
                cursor.line,
                column,
                ParseErrorKind::OutOfRange {
                    what: "a digit (0 for an empty cell)",
                    min: 0,
                    max: n as u64,
                    found,
                },
            ));
        }
        grid.cells[r * n + c] = value as u8;
    }
    cursor.skip_blanks();
    match cursor.peek() {
        None => Ok(()),
        Some(found) => Err(cursor.error(ParseErrorKind::Trailing {
            after: format!("the {n} numbers of the row"),
            found,
        })),
    }
}

fn parse_relation_row(
    cursor: &mut Cursor<'_>,
    grid: &mut Grid,
    r: usize,
) -> Result<(), ParseError> {
    let n = grid.n;
    for k in 0..2 * n - 1 {
        cursor.skip_blanks();
        let Some(mark) = cursor.peek() else {
            return Err(cursor.error(ParseErrorKind::Count {
                what: "marks in a row of relations",
                expected: 2 * n - 1,
                found: k,
            }));
        };
        if k % 2 == 1 {
            if mark != '-' {
                return Err(cursor.unexpected("'-' (the filler between two relations)"));
            }
        } else {
            grid.down[r * n + k / 2] = match (mark, grid.adjacent) {
                ('-', false) => Relation::None,
                ('^', false) => Relation::Less,
                ('v', false) => Relation::Greater,
                ('-', true) => Relation::Apart,
                ('=', true) => Relation::Consecutive,
                (_, false) => {
                    return Err(cursor.unexpected("'-', '^' or 'v' (a relation of two rows)"))
                }
                (_, true) => {
                    return Err(cursor.unexpected(
                        "'=' (consecutive) or '-' (not) between two rows of the adjacent mode",
                    ))
                }
            };
        }
        cursor.bump();
    }
    cursor.skip_blanks();
    match cursor.peek() {
        None => Ok(()),
        Some(found) => Err(cursor.error(ParseErrorKind::Trailing {
            after: format!("the {} marks of a row of relations", 2 * n - 1),
            found,
        })),
    }
}
