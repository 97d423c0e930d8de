//! Binairo as Tatham's Unruly writes it: `8x6u:abaJECAeof` (see the [module docs](super)).

use super::{Grid, BLANK, MAX_SIZE};
use crate::tatham;
use crate::text::{ParseError, ParseErrorKind};

/// Reads an Unruly game ID: `WIDTHxHEIGHT` (or one size for a square), `u` when lines must be
/// distinct, then the cells.
pub(crate) fn parse(text: &str) -> Result<Grid, ParseError> {
    let id = tatham::split(text)?;
    let mut cursor = id.params_cursor();
    let size = |cursor: &mut crate::text::Cursor| -> Result<usize, ParseError> {
        let column = cursor.column;
        let value = tatham::number(cursor, "a grid size", 2, MAX_SIZE as u64)? as usize;
        if value % 2 == 1 {
            return Err(ParseError::new(
                id.line,
                column,
                ParseErrorKind::BadSize {
                    expected: "an even grid size (every line holds as many 0s as 1s)",
                    found: value.to_string(),
                },
            ));
        }
        Ok(value)
    };
    let cols = size(&mut cursor)?;
    let mut rows = cols;
    if cursor.peek() == Some('x') {
        cursor.bump();
        rows = size(&mut cursor)?;
    }
    let distinct = cursor.peek() == Some('u');
    // The difficulty that may follow does not change the puzzle.
    let mut grid = Grid::with_size(rows, cols).expect("the sizes were checked");
    grid.distinct = distinct;
    let area = rows * cols;
    let mut cursor = id.desc_cursor();
    let mut at = 0;
    while let Some(c) = cursor.peek() {
        let (run, digit) = match c {
            'z' | 'Z' => (25, None),
            'a'..='y' => (c as usize - 'a' as usize, Some(0)),
            'A'..='Y' => (c as usize - 'A' as usize, Some(1)),
            _ => return Err(cursor.unexpected("a letter a-z or A-Z (blanks, then a 0 or a 1)")),
        };
        at += run;
        if let Some(digit) = digit {
            if at < area {
                grid.cells[at] = digit;
            } else if at > area {
                break;
            }
            at += 1;
        }
        if at > area + 1 {
            break;
        }
        cursor.bump();
    }
    if at != area + 1 || cursor.peek().is_some() {
        return Err(cursor.error(ParseErrorKind::Count {
            what: "cells described (Unruly ends with one letter past the last)",
            expected: area,
            found: at.saturating_sub(1),
        }));
    }
    Ok(grid)
}

/// The Unruly game ID of a grid.
pub(crate) fn write(grid: &Grid) -> String {
    let mut out = format!("{}x{}", grid.cols, grid.rows);
    if grid.distinct {
        out.push('u');
    }
    out.push(':');
    let mut run = 0;
    for k in 0..=grid.cells.len() {
        let cell = grid.cells.get(k).copied().unwrap_or(0);
        if cell == BLANK {
            run += 1;
            continue;
        }
        let (base, long) = if cell == 0 { (b'a', 'z') } else { (b'A', 'Z') };
        while run > 24 {
            out.push(long);
            run -= 25;
        }
        out.push(char::from(base + run as u8));
        run = 0;
    }
    out
}
