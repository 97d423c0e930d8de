//! The sudoku formats, read and written (see the [module docs](super)).

use std::borrow::Cow;
use std::fmt;

use super::{Grid, MAX_BOX};
use crate::text::{self, content_lines, ParseError, ParseErrorKind};

impl Grid {
    /// The grid's plain text on one line, its rows joined and ended by `\n`, for a plain grid
    /// of a side up to 35 (no diagonals, regions or cages); else none.
    ///
    /// ```
    /// use reductions::Reduction;
    ///
    /// let grid = reductions::sudoku::Sudoku::default().parse("1.3.\n.4..\n..4.\n.3.1\n")?;
    /// assert_eq!(grid.one_line().as_deref(), Some("1.3..4....4..3.1\n"));
    /// # Ok::<(), reductions::text::ParseError>(())
    /// ```
    pub fn one_line(&self) -> Option<String> {
        if self.side() > 35 || self.diagonals || self.regions.is_some() || self.cages.is_some() {
            return None;
        }
        let mut line = Vec::with_capacity(self.cells.len() + 1);
        line.extend(
            self.cells
                .iter()
                .map(|&digit| CELL_BYTES[usize::from(digit)]),
        );
        line.push(b'\n');
        String::from_utf8(line).ok()
    }
}

/// A cell of a grid of a side up to 35 in its plain text: `.` for a blank, else its digit in
/// base 36, upper case.
fn cell_char(digit: u8) -> char {
    char::from(CELL_BYTES[usize::from(digit)])
}

/// [`cell_char`] of each digit, as a byte (`?` past 35).
const CELL_BYTES: [u8; 256] = {
    let mut table = [b'?'; 256];
    table[0] = b'.';
    let digits = b"123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut k = 0;
    while k < digits.len() {
        table[k + 1] = digits[k];
        k += 1;
    }
    table
};

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.diagonals {
            f.write_str("X\n")?;
        }
        let side = self.side();
        if side <= 35 && self.regions.is_none() && self.cages.is_none() {
            // The common grid, a row at a time without allocating: one written in a batch
            // of many costs about as much as its search otherwise.
            let mut row = [0u8; 35];
            for (k, cells) in self.cells.chunks(side).enumerate() {
                if k > 0 {
                    f.write_str("\n")?;
                }
                for (place, &digit) in row.iter_mut().zip(cells) {
                    *place = cell_char(digit) as u8;
                }
                f.write_str(std::str::from_utf8(&row[..side]).map_err(|_| fmt::Error)?)?;
            }
            return Ok(());
        }
        let regions = self.regions.as_ref().map(|regions| {
            let mut lines = vec!["regions".to_owned()];
            lines.extend(regions.chunks(side).map(|row| {
                row.iter()
                    .map(|&region| region_name(usize::from(region)))
                    .collect::<String>()
            }));
            lines
        });
        let lines: Vec<String> = self
            .cells
            .chunks(side)
            .map(|row| {
                if side <= 35 {
                    row.iter()
                        .map(|&d| match d {
                            0 => '.',
                            d => char::from_digit(d.into(), 36)
                                .map_or('?', |c| c.to_ascii_uppercase()),
                        })
                        .collect()
                } else {
                    let words: Vec<String> = row.iter().map(|d| d.to_string()).collect();
                    words.join(" ")
                }
            })
            .collect();
        let cages = self.cages.as_ref().map(|cages| cages.lines(side));
        let all = [
            lines,
            regions.unwrap_or_default(),
            cages.unwrap_or_default(),
        ]
        .concat();
        text::write_lines(f, &all)
    }
}

/// The name of region `k` in the text format: `a` to `z`, `A` to `Z`, then `0` to `9`, and
/// `#` past them (a side of at most 62 names every region apart).
fn region_name(k: usize) -> char {
    const NAMES: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    NAMES.get(k).map_or('#', |&c| char::from(c))
}

/// What reading a cell needs to know: where it was written.
struct Cell<'a> {
    line: usize,
    column: usize,
    /// The digit (0 for empty), or `u64::MAX` when it does not fit.
    value: u64,
    /// As written, for an error: a slice of the line, or a number shortened.
    text: Cow<'a, str>,
}

const CELL_CHARS: &str = "a digit 1-9, a letter A-Z, or '0', '.' or '_' for an empty cell";
const CELL_WORDS: &str = "a number, or '0', '.' or '_' for an empty cell";

/// The grid of a text that is one line of side^2 cells, each a character of
/// [`CELL_CHARS`] within the side, nothing else but the line's end: read as [`parse_grid`]
/// reads it, without its lists of cells, since a batch reads one such line a puzzle. `None`
/// for any other text, which [`parse_grid`] reads (or refuses) the long way.
pub(super) fn one_line_grid(input: &str) -> Option<Grid> {
    let text = input.strip_suffix('\n').unwrap_or(input);
    let text = text.strip_suffix('\r').unwrap_or(text);
    let side = (1..=MAX_BOX * MAX_BOX).find(|&side| side * side >= text.len())?;
    if side * side != text.len() {
        return None;
    }
    let (box_rows, box_cols) = shape_of_side(side)?;
    let mut grid = Grid::with_boxes(box_rows, box_cols)?;
    // Any byte that is no cell reads past every side.
    let mut largest = 0;
    for (cell, byte) in grid.cells.iter_mut().zip(text.bytes()) {
        *cell = CELL_OF_BYTE[usize::from(byte)];
        largest = largest.max(*cell);
    }
    (usize::from(largest) <= side).then_some(grid)
}

/// The digit of each byte of a one-line grid (0 for a blank: `0`, `.`, `_`; base 36 either
/// case), and `u8::MAX` for a byte that is no cell.
const CELL_OF_BYTE: [u8; 256] = {
    let mut table = [u8::MAX; 256];
    table[b'0' as usize] = 0;
    table[b'.' as usize] = 0;
    table[b'_' as usize] = 0;
    let mut k = 0;
    while k < 36 {
        if k < 10 {
            table[b'0' as usize + k] = k as u8;
        } else {
            table[b'a' as usize + k - 10] = k as u8;
            table[b'A' as usize + k - 10] = k as u8;
        }
        k += 1;
    }
    table
};

/// A row line as cells, one per character (blanks and `|` skipped).
fn char_cells(line: usize, text: &str) -> Result<Vec<Cell<'_>>, ParseError> {
    let mut cells = Vec::new();
    for (k, (at, ch)) in text.char_indices().enumerate() {
        if ch.is_whitespace() || ch == '|' {
            continue;
        }
        let value = match ch {
            '0' | '.' | '_' => 0,
            _ => match ch.to_digit(36) {
                Some(d) if ch.is_ascii() => u64::from(d),
                _ => {
                    return Err(ParseError::new(
                        line,
                        k + 1,
                        ParseErrorKind::UnexpectedChar {
                            expected: CELL_CHARS,
                            found: ch,
                        },
                    ))
                }
            },
        };
        cells.push(Cell {
            line,
            column: k + 1,
            value,
            text: Cow::Borrowed(&text[at..at + ch.len_utf8()]),
        });
    }
    Ok(cells)
}

/// A row line as cells, one per blank-separated word (`|` skipped).
fn word_cells(line: usize, text: &str) -> Result<Vec<Cell<'_>>, ParseError> {
    let mut cells = Vec::new();
    let mut cursor = text::Cursor::new(line, text);
    loop {
        while matches!(cursor.peek(), Some(c) if c.is_whitespace() || c == '|') {
            cursor.bump();
        }
        let column = cursor.column;
        match cursor.peek() {
            None => return Ok(cells),
            Some('.' | '_') => {
                let text = cursor.bump().unwrap_or('.').to_string();
                cells.push(Cell {
                    line,
                    column,
                    value: 0,
                    text: Cow::Owned(text),
                });
            }
            Some(_) => {
                let Some((value, text)) = cursor.number() else {
                    return Err(cursor.unexpected(CELL_WORDS));
                };
                cells.push(Cell {
                    line,
                    column,
                    value,
                    text: Cow::Owned(text),
                });
            }
        }
        if !matches!(cursor.peek(), None | Some('|')) && !cursor.skip_blanks() {
            return Err(cursor.unexpected("a blank between two numbers"));
        }
    }
}

/// A row of `side` cells, read one character per cell if that gives `side` cells, else as
/// numbers; when neither does, the error of the more plausible reading.
fn read_row(line: usize, text: &str, side: usize) -> Result<Vec<Cell<'_>>, ParseError> {
    let chars = char_cells(line, text);
    if matches!(&chars, Ok(row) if row.len() == side) {
        return chars;
    }
    let words = word_cells(line, text);
    if matches!(&words, Ok(row) if row.len() == side) {
        return words;
    }
    let count = |found| {
        ParseError::new(
            line,
            text.chars().count() + 1,
            ParseErrorKind::Count {
                what: "cells in a row",
                expected: side,
                found,
            },
        )
    };
    match (chars, words) {
        // Characters that are all digits of this grid: the count is what is wrong.
        (Ok(row), _) if row.iter().all(|cell| cell.value <= side as u64) => Err(count(row.len())),
        // Without blanks, characters were meant.
        (Err(err), _) if !text.trim().contains(char::is_whitespace) => Err(err),
        (_, Err(err)) => Err(err),
        (_, Ok(row)) => Err(count(row.len())),
    }
}

/// Lines that only draw boxes: `-`, `+`, `=`, `|` and blanks.
fn is_drawing(text: &str) -> bool {
    text.chars()
        .all(|c| c.is_whitespace() || matches!(c, '-' | '+' | '=' | '|'))
}

/// The boxes of a grid of this side: n x n when the side is a square n², else the most
/// nearly square h rows x w columns with 2 <= h < w (6: 2 x 3, 8: 2 x 4, 12: 3 x 4); `None`
/// for a prime side above 1, or a side above [`MAX_BOX`]².
pub fn shape_of_side(side: usize) -> Option<(usize, usize)> {
    if side == 0 || side > MAX_BOX * MAX_BOX {
        return None;
    }
    if let Some(n) = (1..=MAX_BOX).find(|&n| n * n == side) {
        return Some((n, n));
    }
    (2..side)
        .take_while(|&h| h * h < side)
        .filter(|&h| side % h == 0)
        .last()
        .map(|h| (h, side / h))
}

/// The regions of a jigsaw sudoku of side `side`, written on `lines` after the line
/// `regions` (`marker`): side lines of side names, blanks and `|` skipped.
fn read_regions(side: usize, marker: usize, lines: &[(usize, &str)]) -> Result<Grid, ParseError> {
    let names = text::read_names(
        side,
        marker,
        lines,
        "lines of regions after `regions` (one per row)",
        "region names in a row",
    )?;
    Grid::jigsaw(side, &names).map_err(|reason| {
        ParseError::new(
            marker,
            1,
            ParseErrorKind::Refused {
                reason: format!("the regions: {reason}"),
            },
        )
    })
}

pub(super) fn parse_grid(input: &str) -> Result<Grid, ParseError> {
    match one_line_grid(input) {
        Some(grid) => Ok(grid),
        None => parse_grid_text(input),
    }
}

/// [`parse_grid`] of any text, line by line and cell by cell.
pub(super) fn parse_grid_text(input: &str) -> Result<Grid, ParseError> {
    let mut lines: Vec<(usize, &str)> = content_lines(input)
        .into_iter()
        .filter(|(_, text)| !is_drawing(text))
        .collect();
    // A first line `X` alone: a sudoku-X, whose long diagonals hold every digit once too.
    let diagonals = lines
        .first()
        .is_some_and(|(_, text)| text::trim(text).eq_ignore_ascii_case("x"));
    if diagonals {
        lines.remove(0);
    }
    // A line `cages`, then a killer sudoku's cages and sums (last).
    let cages = lines
        .iter()
        .position(|(_, text)| text::trim(text).eq_ignore_ascii_case("cages"))
        .map(|at| {
            let cage_lines = lines.split_off(at);
            (cage_lines[0].0, cage_lines[1..].to_vec())
        });
    // A line `regions`, then the regions of a jigsaw sudoku: a name (a letter or digit) per
    // cell.
    let marker = lines
        .iter()
        .position(|(_, text)| text::trim(text).eq_ignore_ascii_case("regions"));
    let regions = marker.map(|at| {
        let region_lines = lines.split_off(at);
        (region_lines[0].0, region_lines[1..].to_vec())
    });
    let Some(&(first_line, first_text)) = lines.first() else {
        return Err(ParseError::new(
            text::end_line(input),
            1,
            ParseErrorKind::Empty {
                expected: "a sudoku grid",
            },
        ));
    };
    let (shape, cells) = if lines.len() == 1 {
        // One line of side^2 cells.
        let chars = char_cells(first_line, first_text);
        let shape = |count: usize| {
            let side = (1..=MAX_BOX * MAX_BOX).find(|&side| side * side == count)?;
            shape_of_side(side)
        };
        match chars {
            Ok(cells) if shape(cells.len()).is_some() => (shape(cells.len()), cells),
            chars => {
                let words = word_cells(first_line, first_text);
                match words {
                    // Cells as words need blanks between them: one word alone (a line of
                    // digits of the wrong length) is not a 1 x 1 grid.
                    Ok(cells) if cells.len() > 1 && shape(cells.len()).is_some() => {
                        (shape(cells.len()), cells)
                    }
                    _ => {
                        // Report the character error if there was one, else the count.
                        chars?;
                        let count = first_text
                            .chars()
                            .filter(|c| !c.is_whitespace() && *c != '|')
                            .count();
                        return Err(ParseError::new(
                            first_line,
                            1,
                            ParseErrorKind::BadSize {
                                expected: "one line of side^2 cells (16, 36, 64, 81, ... up to \
                                           64^2; a side that is not prime) or side lines of side \
                                           cells",
                                found: format!("one line of {count} cells"),
                            },
                        ));
                    }
                }
            }
        }
    } else if regions.is_some() {
        // Any side, even a prime one: the regions are the boxes.
        let side = lines.len();
        if side > MAX_BOX * MAX_BOX {
            return Err(ParseError::new(
                first_line,
                1,
                ParseErrorKind::BadSize {
                    expected: "a jigsaw sudoku of up to 64 lines",
                    found: format!("{side} lines"),
                },
            ));
        }
        let mut cells = Vec::with_capacity(side * side);
        for &(line, text) in &lines {
            cells.extend(read_row(line, text, side)?);
        }
        (Some((1, side)), cells)
    } else {
        let Some(shape) = shape_of_side(lines.len()) else {
            return Err(ParseError::new(
                first_line,
                1,
                ParseErrorKind::BadSize {
                    expected: "side lines of side cells (4, 6, 8, 9, ... up to 64 lines; a \
                               side that is not prime) or one line of side^2 cells",
                    found: format!("{} lines", lines.len()),
                },
            ));
        };
        let side = lines.len();
        let mut cells = Vec::with_capacity(side * side);
        for &(line, text) in &lines {
            cells.extend(read_row(line, text, side)?);
        }
        (Some(shape), cells)
    };
    let (box_rows, box_cols) = shape.unwrap_or((1, 1));
    let side = box_rows * box_cols;
    let mut grid = Grid::with_boxes(box_rows, box_cols).unwrap_or(Grid {
        box_rows: 1,
        box_cols: 1,
        diagonals: false,
        regions: None,
        cages: None,
        cells: vec![0],
    });
    if let Some((marker_line, region_lines)) = &regions {
        grid = read_regions(side, *marker_line, region_lines)?;
    }
    if let Some((marker_line, cage_lines)) = &cages {
        grid.cages = Some(super::killer::read_text(side, *marker_line, cage_lines)?);
    }
    grid.diagonals = diagonals;
    for (k, cell) in cells.iter().enumerate() {
        if cell.value > side as u64 {
            return Err(ParseError::new(
                cell.line,
                cell.column,
                ParseErrorKind::OutOfRange {
                    what: "a digit (0 for an empty cell)",
                    min: 0,
                    max: side as u64,
                    found: cell.text.clone().into_owned(),
                },
            ));
        }
        grid.cells[k] = cell.value as u8;
    }
    Ok(grid)
}
