//! Towers as Tatham's Towers writes it: `5:2/3//1/...` (4n clues, `/` between them, an
//! empty field where there is none), then, where some cells are given, `,` and the cells in
//! his run-length letters (see the [module docs](super)).

use super::{Grid, MAX_SIZE};
use crate::tatham;
use crate::text::{ParseError, ParseErrorKind};

/// The letters of Towers' difficulties in its parameters (`5de`, `6du`).
const LEVELS: [char; 4] = ['e', 'h', 'x', 'u'];

/// Reads a Towers game ID.
pub(super) fn parse(text: &str) -> Result<Grid, ParseError> {
    let id = tatham::split(text)?;
    let mut cursor = id.params_cursor();
    let n = tatham::number(&mut cursor, "the grid size", 1, MAX_SIZE as u64)? as usize;
    if cursor.peek() == Some('d') {
        cursor.bump();
        match cursor.peek() {
            Some(level) if LEVELS.contains(&level) => {
                cursor.bump();
            }
            _ => return Err(cursor.unexpected("a difficulty letter: e, h, x or u")),
        }
    }
    if !cursor.at_end() {
        return Err(cursor.unexpected("':' after the grid size"));
    }
    let mut grid = Grid::new(n).expect("the size was checked");
    let mut cursor = id.desc_cursor();
    for c in 0..4 * n {
        if c > 0 {
            match cursor.peek() {
                Some('/') => {
                    cursor.bump();
                }
                Some(_) => return Err(cursor.unexpected("'/' between two clues")),
                None => {
                    return Err(cursor.error(ParseErrorKind::EndOfLine {
                        expected: format!(
                            "{} more clues (a grid of side {n} has {})",
                            4 * n - c,
                            4 * n
                        ),
                    }))
                }
            }
        }
        if cursor.peek().is_some_and(|c| c.is_ascii_digit()) {
            grid.clues[c] = tatham::number(&mut cursor, "a clue", 1, n as u64)? as u8;
        }
    }
    match cursor.peek() {
        None => return Ok(grid),
        Some(',') => {
            cursor.bump();
        }
        Some(_) => return Err(cursor.unexpected("',' before the givens, or the end of the ID")),
    }
    let mut cell = 0;
    let too_many = |cursor: &crate::text::Cursor, found| {
        cursor.error(ParseErrorKind::Count {
            what: "cells in the givens",
            expected: n * n,
            found,
        })
    };
    while let Some(c) = cursor.peek() {
        match c {
            'a'..='z' => {
                cell += c as usize - 'a' as usize + 1;
                if cell > n * n {
                    return Err(too_many(&cursor, cell));
                }
                cursor.bump();
            }
            '_' => {
                cursor.bump();
            }
            '1'..='9' => {
                if cell == n * n {
                    return Err(too_many(&cursor, cell + 1));
                }
                grid.cells[cell] = tatham::number(&mut cursor, "a digit", 1, n as u64)? as u8;
                cell += 1;
            }
            _ => return Err(cursor.unexpected("a letter (empty cells), '_' or a digit")),
        }
    }
    if cell != n * n {
        return Err(cursor.error(ParseErrorKind::Count {
            what: "cells in the givens",
            expected: n * n,
            found: cell,
        }));
    }
    Ok(grid)
}

/// The game ID of a grid, as Towers writes it.
pub(super) fn write(grid: &Grid) -> String {
    let n = grid.n;
    let clues: Vec<String> = grid
        .clues
        .iter()
        .map(|&clue| match clue {
            0 => String::new(),
            clue => clue.to_string(),
        })
        .collect();
    let mut id = format!("{n}:{}", clues.join("/"));
    if grid.cells.iter().all(|&d| d == 0) {
        return id;
    }
    id.push(',');
    let mut run = 0;
    for (k, &digit) in grid.cells.iter().enumerate() {
        if digit == 0 {
            run += 1;
            continue;
        }
        if run > 0 {
            tatham::push_blanks(&mut id, run);
            run = 0;
        } else if k > 0 {
            id.push('_');
        }
        id.push_str(&digit.to_string());
    }
    tatham::push_blanks(&mut id, run);
    id
}
