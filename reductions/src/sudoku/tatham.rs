//! Sudoku as Tatham's Solo writes it: `3x3:a5_4a8c9...` (see the [module docs](super)).

use super::{Grid, MAX_BOX};
use crate::tatham::{self, push_blanks};
use crate::text::{ParseError, ParseErrorKind};

/// Reads a Solo game ID with square boxes.
pub(crate) fn parse(text: &str) -> Result<Grid, ParseError> {
    let id = tatham::split(text)?;
    let mut cursor = id.params_cursor();
    // Solo's `CxR`: boxes C rows tall and R columns wide (`2x3`: 2 rows of 3).
    let box_rows = tatham::number(&mut cursor, "the box size", 1, MAX_BOX as u64)? as usize;
    let mut box_cols = box_rows;
    if cursor.peek() == Some('x') {
        cursor.bump();
        box_cols = tatham::number(&mut cursor, "the box size", 1, MAX_BOX as u64)? as usize;
    }
    // What may follow: symmetry and difficulty, which do not change the puzzle; X sudoku
    // (`x`: the long diagonals hold every digit once too); jigsaw and killer sudoku, which
    // are not read.
    let mut diagonals = false;
    while let Some(c) = cursor.peek() {
        let found = match c {
            'j' => "a jigsaw sudoku ('j')",
            'k' => "a killer sudoku ('k')",
            'x' => {
                diagonals = true;
                cursor.bump();
                continue;
            }
            _ => {
                cursor.bump();
                continue;
            }
        };
        return Err(cursor.error(ParseErrorKind::Unsupported {
            expected: "Solo's plain sudoku or sudoku-X",
            found: found.to_owned(),
        }));
    }
    let mut grid = Grid::with_boxes(box_rows, box_cols).expect("the box sizes were checked");
    grid.set_diagonals(diagonals);
    let side = grid.side();
    let area = side * side;
    let mut cursor = id.desc_cursor();
    let mut cell = 0;
    while let Some(c) = cursor.peek() {
        match c {
            'a'..='z' => {
                let run = c as usize - 'a' as usize + 1;
                if cell + run > area {
                    return Err(too_many(&cursor, area));
                }
                cursor.bump();
                cell += run;
            }
            '_' => {
                cursor.bump();
            }
            '1'..='9' => {
                if cell >= area {
                    return Err(too_many(&cursor, area));
                }
                let digit = tatham::number(&mut cursor, "a digit", 1, side as u64)?;
                grid.cells[cell] = digit as u8;
                cell += 1;
            }
            _ => {
                return Err(cursor.unexpected(
                    "a digit 1-9 (starting a number), a letter a-z (a run of empty cells) or '_'",
                ))
            }
        }
    }
    if cell < area {
        return Err(cursor.error(ParseErrorKind::EndOfLine {
            expected: format!("{} more cells (the grid has {area})", area - cell),
        }));
    }
    Ok(grid)
}

fn too_many(cursor: &crate::text::Cursor, area: usize) -> ParseError {
    cursor.error(ParseErrorKind::Count {
        what: "cells in the description",
        expected: area,
        found: area + 1,
    })
}

/// The Solo game ID of a grid.
pub(crate) fn write(grid: &Grid) -> String {
    let (rows, cols) = grid.box_shape();
    let x = if grid.has_diagonals() { "x" } else { "" };
    let mut out = format!("{rows}x{cols}{x}:");
    let start = out.len();
    let mut run = 0;
    for &digit in &grid.cells {
        if digit == 0 {
            run += 1;
            continue;
        }
        if run > 0 {
            push_blanks(&mut out, run);
            run = 0;
        } else if out.len() > start {
            out.push('_');
        }
        out.push_str(&digit.to_string());
    }
    push_blanks(&mut out, run);
    out
}
