//! Sudoku as Tatham's Solo writes it: `3x3:a5_4a8c9...` (see the [module docs](super)).

use super::{Grid, MAX_BOX};
use crate::tatham::{self, push_blanks};
use crate::text::{ParseError, ParseErrorKind};

/// Reads a Solo game ID: boxes (`3x3:`), a sudoku-X (`3x3x:`), or a jigsaw (`9j:`, its
/// regions after the digits and a comma).
pub(crate) fn parse(text: &str) -> Result<Grid, ParseError> {
    let id = tatham::split(text)?;
    if id.params.contains('j') {
        return parse_jigsaw(&id);
    }
    let mut cursor = id.params_cursor();
    // Solo's `CxR`: boxes C rows tall and R columns wide (`2x3`: 2 rows of 3).
    let box_rows = tatham::number(&mut cursor, "the box size", 1, MAX_BOX as u64)? as usize;
    let mut box_cols = box_rows;
    if cursor.peek() == Some('x') {
        cursor.bump();
        box_cols = tatham::number(&mut cursor, "the box size", 1, MAX_BOX as u64)? as usize;
    }
    // What may follow: symmetry and difficulty, which do not change the puzzle; X sudoku
    // (`x`: the long diagonals hold every digit once too), killer sudoku (`k`: cages).
    let (diagonals, killer) = variants(&mut cursor);
    let mut grid = Grid::with_boxes(box_rows, box_cols).expect("the box sizes were checked");
    grid.set_diagonals(diagonals);
    let mut cursor = id.desc_cursor();
    read_digits(&mut grid, &mut cursor)?;
    if killer {
        read_cages(&mut grid, &mut cursor)?;
    }
    if cursor.peek().is_some() {
        return Err(cursor.unexpected(if killer {
            "the end of the ID after the cages' sums"
        } else {
            "a digit 1-9 (starting a number), a letter a-z (a run of empty cells) or '_'"
        }));
    }
    Ok(grid)
}

/// The letters after the size: `x` (a sudoku-X) and `k` (a killer sudoku); the symmetry and
/// difficulty, which do not change the puzzle, are skipped.
fn variants(cursor: &mut crate::text::Cursor) -> (bool, bool) {
    let (mut diagonals, mut killer) = (false, false);
    while let Some(c) = cursor.peek() {
        match c {
            'x' => diagonals = true,
            'k' => killer = true,
            _ => {}
        }
        cursor.bump();
    }
    (diagonals, killer)
}

/// A killer sudoku's part of a Solo description, after the digits (and a jigsaw's regions):
/// a comma, the cages as the walls between them (as a jigsaw's regions), a comma, and the
/// sums as a grid of numbers, each in a cell of its cage.
fn read_cages(grid: &mut Grid, cursor: &mut crate::text::Cursor) -> Result<(), ParseError> {
    let side = grid.side();
    if cursor.peek() != Some(',') {
        return Err(cursor.unexpected("a comma, then the killer sudoku's cages"));
    }
    cursor.bump();
    let cages = read_regions(side, cursor, "the cages")?;
    if cursor.peek() != Some(',') {
        return Err(cursor.unexpected("a comma, then the cages' sums"));
    }
    cursor.bump();
    let column = cursor.column;
    let most = (side * side * side) as u64;
    let sums = read_numbers(cursor, side * side, most, "a cage's sum")?;
    let sums: Vec<u32> = sums.into_iter().map(|s| s as u32).collect();
    let cages = super::Cages::new(side, &cages, &sums).map_err(|reason| {
        ParseError::new(
            cursor.line,
            column,
            ParseErrorKind::Refused {
                reason: format!("the cages: {reason}"),
            },
        )
    })?;
    grid.set_cages(Some(cages));
    Ok(())
}

/// A jigsaw of Solo: `9j` (or `3x3j`, the side 9 too), then `x` for a sudoku-X; the
/// description is the digits, a comma, and the regions as the lines between them.
fn parse_jigsaw(id: &tatham::GameId) -> Result<Grid, ParseError> {
    let max = (MAX_BOX * MAX_BOX) as u64;
    let mut cursor = id.params_cursor();
    let mut side = tatham::number(&mut cursor, "the side", 1, max)? as usize;
    if cursor.peek() == Some('x')
        && cursor
            .rest()
            .chars()
            .nth(1)
            .is_some_and(|c| c.is_ascii_digit())
    {
        cursor.bump();
        let column = cursor.column;
        let rows = tatham::number(&mut cursor, "the box size", 1, max)? as usize;
        side *= rows;
        if side as u64 > max {
            return Err(ParseError::new(
                cursor.line,
                column,
                ParseErrorKind::OutOfRange {
                    what: "the side",
                    min: 1,
                    max,
                    found: side.to_string(),
                },
            ));
        }
    }
    let (diagonals, killer) = variants(&mut cursor);
    // The digits first, on a plain grid of that side; the regions decide the boxes after.
    let mut digits = Grid::with_boxes(1, side).expect("the side was checked");
    let mut cursor = id.desc_cursor();
    read_digits(&mut digits, &mut cursor)?;
    if cursor.peek() != Some(',') {
        return Err(cursor.unexpected("a comma, then the jigsaw's regions"));
    }
    cursor.bump();
    let regions = read_regions(side, &mut cursor, "the jigsaw's regions")?;
    let mut grid = Grid::jigsaw(side, &regions).map_err(|reason| {
        cursor.error(ParseErrorKind::Refused {
            reason: format!("the jigsaw's regions: {reason}"),
        })
    })?;
    grid.cells = digits.cells;
    grid.set_diagonals(diagonals);
    if killer {
        read_cages(&mut grid, &mut cursor)?;
    }
    if cursor.peek().is_some() {
        return Err(cursor.unexpected("the end of the ID"));
    }
    Ok(grid)
}

/// Solo's regions (or cages, `what`): the runs of cell sides that are not walls between the
/// walls (`_` none, `a` one, ... `y` 25, `z` 25 and no wall), over the inner vertical sides
/// in reading order, then the inner horizontal ones column by column, then one wall past the
/// end. The region of each cell, as the first cell of each joined group.
fn read_regions(
    side: usize,
    cursor: &mut crate::text::Cursor,
    what: &'static str,
) -> Result<Vec<usize>, ParseError> {
    let area = side * side;
    let sides = 2 * side * (side - 1);
    let mut parent: Vec<usize> = (0..area).collect();
    fn root(parent: &mut [usize], mut k: usize) -> usize {
        while parent[k] != k {
            parent[k] = parent[parent[k]];
            k = parent[k];
        }
        k
    }
    let mut pos = 0;
    while let Some(c) = cursor.peek() {
        let run = match c {
            '_' => 0,
            'a'..='z' => c as usize - 'a' as usize + 1,
            ',' => break,
            _ => return Err(cursor.unexpected("a letter a-z or '_' (walls between cells)")),
        };
        cursor.bump();
        for _ in 0..run {
            if pos >= sides {
                return Err(cursor.error(ParseErrorKind::Count {
                    what: sides_in(what),
                    expected: sides,
                    found: pos + 1,
                }));
            }
            let (p0, p1) = if pos < side * (side - 1) {
                let (y, x) = (pos / (side - 1), pos % (side - 1));
                (y * side + x, y * side + x + 1)
            } else {
                let (x, y) = (pos / (side - 1) - side, pos % (side - 1));
                (y * side + x, (y + 1) * side + x)
            };
            let (a, b) = (root(&mut parent, p0), root(&mut parent, p1));
            parent[a.max(b)] = a.min(b);
            pos += 1;
        }
        if run != 26 {
            pos += 1;
        }
    }
    if pos != sides + 1 {
        return Err(cursor.error(ParseErrorKind::Count {
            what: sides_in(what),
            expected: sides + 1,
            found: pos,
        }));
    }
    Ok((0..area).map(|k| root(&mut parent, k)).collect())
}

/// What the count of cell sides in `what` is called in errors.
fn sides_in(what: &'static str) -> &'static str {
    match what {
        "the cages" => "cell sides in the cages",
        _ => "cell sides in the jigsaw's regions",
    }
}

/// The digits of a Solo description into `grid`, up to a comma or the end.
fn read_digits(grid: &mut Grid, cursor: &mut crate::text::Cursor) -> Result<(), ParseError> {
    let side = grid.side();
    let numbers = read_numbers(cursor, side * side, side as u64, "a digit")?;
    for (cell, number) in grid.cells.iter_mut().zip(numbers) {
        *cell = number as u8;
    }
    Ok(())
}

/// A grid of `area` numbers from 1 to `max` (`what`) as Solo writes them, up to a comma or
/// the end: letters for runs of blanks (0), `_` between two numbers.
fn read_numbers(
    cursor: &mut crate::text::Cursor,
    area: usize,
    max: u64,
    what: &'static str,
) -> Result<Vec<u64>, ParseError> {
    let mut numbers = vec![0; area];
    let mut cell = 0;
    while let Some(c) = cursor.peek() {
        match c {
            'a'..='z' => {
                let run = c as usize - 'a' as usize + 1;
                if cell + run > area {
                    return Err(too_many(cursor, area));
                }
                cursor.bump();
                cell += run;
            }
            '_' => {
                cursor.bump();
            }
            '1'..='9' => {
                if cell >= area {
                    return Err(too_many(cursor, area));
                }
                numbers[cell] = tatham::number(cursor, what, 1, max)?;
                cell += 1;
            }
            ',' => break,
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
    Ok(numbers)
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
    let k = if grid.cages().is_some() { "k" } else { "" };
    let mut out = match grid.regions() {
        Some(_) => format!("{}j{x}{k}:", grid.side()),
        None => format!("{rows}x{cols}{x}{k}:"),
    };
    write_numbers(&mut out, grid.cells.iter().map(|&d| u32::from(d)));
    if let Some(regions) = grid.regions() {
        out.push(',');
        write_regions(&mut out, grid.side(), regions);
    }
    if let Some(cages) = grid.cages() {
        out.push(',');
        let of: Vec<usize> = (0..grid.cells.len()).map(|k| cages.cage_of(k)).collect();
        write_regions(&mut out, grid.side(), &of);
        out.push(',');
        write_numbers(&mut out, cages.sums_by_cell());
    }
    out
}

/// A grid of numbers as Solo writes it (see [`read_numbers`]).
fn write_numbers(out: &mut String, numbers: impl IntoIterator<Item = u32>) {
    let start = out.len();
    let mut run = 0;
    for number in numbers {
        if number == 0 {
            run += 1;
            continue;
        }
        if run > 0 {
            push_blanks(out, run);
            run = 0;
        } else if out.len() > start {
            out.push('_');
        }
        out.push_str(&number.to_string());
    }
    push_blanks(out, run);
}

/// The regions (or cages) as Solo writes them (see [`read_regions`]).
fn write_regions<T: PartialEq>(out: &mut String, side: usize, regions: &[T]) {
    let inner = side * (side - 1);
    let mut run = 0;
    for i in 0..=2 * inner {
        let wall = if i == 2 * inner {
            true // the wall past the end
        } else {
            let (p0, p1) = if i < inner {
                let (y, x) = (i / (side - 1), i % (side - 1));
                (y * side + x, y * side + x + 1)
            } else {
                let (x, y) = (i / (side - 1) - side, i % (side - 1));
                (y * side + x, (y + 1) * side + x)
            };
            regions[p0] != regions[p1]
        };
        if !wall {
            run += 1;
            continue;
        }
        while run > 25 {
            out.push('z');
            run -= 25;
        }
        out.push(if run == 0 {
            '_'
        } else {
            char::from(b'a' + run as u8 - 1)
        });
        run = 0;
    }
}
