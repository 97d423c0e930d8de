//! Futoshiki as Tatham's Unequal writes it: `4:0,0D,2R,0,...`, a cell a field (see the
//! [module docs](super)).

use super::{Grid, Relation, MAX_SIZE};
use crate::tatham;
use crate::text::{ParseError, ParseErrorKind};

/// Unequal's marks: the cell is greater than its neighbour up, right, down or left.
const MARKS: [char; 4] = ['U', 'R', 'D', 'L'];

/// Reads an Unequal game ID: `5:` its inequality mode, where a mark says the cell is greater
/// than its neighbour that way; `5a:` its adjacent mode, where a mark (on both cells) is a
/// bar between consecutive digits.
pub(crate) fn parse(text: &str) -> Result<Grid, ParseError> {
    let id = tatham::split(text)?;
    let mut cursor = id.params_cursor();
    let n = tatham::number(&mut cursor, "the grid size", 1, MAX_SIZE as u64)? as usize;
    let adjacent = cursor.peek() == Some('a');
    let mut grid = match adjacent {
        true => Grid::adjacent(n),
        false => Grid::new(n),
    }
    .expect("the size was checked");
    let mut marks = vec![[false; 4]; n * n];
    let mut cursor = id.desc_cursor();
    let mut cell = 0;
    while cursor.peek().is_some() {
        while let Some(c @ 'a'..='z') = cursor.peek() {
            cell += c as usize - 'a' as usize + 1;
            cursor.bump();
        }
        if cell >= n * n {
            return Err(cursor.error(ParseErrorKind::Count {
                what: "cells in the description",
                expected: n * n,
                found: cell + 1,
            }));
        }
        let digit = tatham::number(&mut cursor, "a digit (0 for an empty cell)", 0, n as u64)?;
        grid.cells[cell] = digit as u8;
        while let Some(mark) = cursor.peek().filter(|c| MARKS.contains(c)) {
            let side = MARKS.iter().position(|&m| m == mark).unwrap_or(0);
            let (row, col) = (cell / n, cell % n);
            let off = match side {
                0 => row == 0,
                1 => col + 1 == n,
                2 => row + 1 == n,
                _ => col == 0,
            };
            if off {
                return Err(cursor.error(ParseErrorKind::Unsupported {
                    expected: "a mark towards a neighbour",
                    found: format!("'{mark}' at the edge of the grid"),
                }));
            }
            marks[cell][side] = true;
            cursor.bump();
        }
        cell += 1;
        match cursor.peek() {
            Some(',') => {
                cursor.bump();
            }
            None if cell == n * n => {}
            _ => return Err(cursor.unexpected("',' after a cell")),
        }
    }
    if cell < n * n {
        return Err(cursor.error(ParseErrorKind::EndOfLine {
            expected: format!("{} more cells (the grid has {})", n * n - cell, n * n),
        }));
    }
    // A pair marked from both sides contradicts itself, but for a bar, which Unequal marks
    // on both cells (as it requires: one side alone is an error there too).
    for row in 0..n {
        for col in 0..n {
            let here = marks[row * n + col];
            if col + 1 < n {
                let there = marks[row * n + col + 1];
                let relation = match adjacent {
                    true => bar(here[1], there[3], &cursor)?,
                    false => pair(here[1], there[3], &cursor)?,
                };
                grid.set_right(row, col, relation);
            }
            if row + 1 < n {
                let there = marks[(row + 1) * n + col];
                let relation = match adjacent {
                    true => bar(here[2], there[0], &cursor)?,
                    false => pair(here[2], there[0], &cursor)?,
                };
                grid.set_down(row, col, relation);
            }
        }
    }
    Ok(grid)
}

/// The adjacent mode's relation of a pair from its marks, which both cells carry for a bar.
fn bar(first: bool, second: bool, cursor: &crate::text::Cursor) -> Result<Relation, ParseError> {
    match (first, second) {
        (true, true) => Ok(Relation::Consecutive),
        (false, false) => Ok(Relation::Apart),
        _ => Err(cursor.error(ParseErrorKind::Unsupported {
            expected: "a bar marked on both of its cells",
            found: "a bar marked on one cell only".to_owned(),
        })),
    }
}

/// The relation of a pair from its marks: the first cell greater, the second greater, or
/// neither (an error, at the end of the ID, when both are).
fn pair(first: bool, second: bool, cursor: &crate::text::Cursor) -> Result<Relation, ParseError> {
    match (first, second) {
        (true, true) => Err(cursor.error(ParseErrorKind::Unsupported {
            expected: "one mark per pair of cells",
            found: "two neighbours each marked greater than the other".to_owned(),
        })),
        (true, false) => Ok(Relation::Greater),
        (false, true) => Ok(Relation::Less),
        (false, false) => Ok(Relation::None),
    }
}

/// The Unequal game ID of a grid.
pub(crate) fn write(grid: &Grid) -> String {
    let n = grid.size();
    let a = if grid.is_adjacent() { "a" } else { "" };
    let mut out = format!("{n}{a}:");
    for row in 0..n {
        for col in 0..n {
            out.push_str(&grid.cells[row * n + col].to_string());
            // The cell is greater than its neighbour up, right, down, left; or, in the
            // adjacent mode, a bar joins them.
            let marked = |relation: Relation, greater: Relation| match grid.is_adjacent() {
                true => relation == Relation::Consecutive,
                false => relation == greater,
            };
            let greater = [
                row > 0 && marked(grid.down(row - 1, col), Relation::Less),
                col + 1 < n && marked(grid.right(row, col), Relation::Greater),
                row + 1 < n && marked(grid.down(row, col), Relation::Greater),
                col > 0 && marked(grid.right(row, col - 1), Relation::Less),
            ];
            for (mark, set) in MARKS.iter().zip(greater) {
                if set {
                    out.push(*mark);
                }
            }
            out.push(',');
        }
    }
    out
}
