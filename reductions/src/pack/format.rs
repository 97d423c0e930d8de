//! The pieces file format (see the [module docs](super)).

use std::collections::HashMap;

use super::{NAMES, READ_AT_LEAST};
use crate::polyomino::{Piece, Shape};
use crate::text::{numbered_lines, ParseError, ParseErrorKind};

/// What a pieces file may hold at a position.
const PIECE_CHARS: &str = "a piece's letter or digit, '#', '.' or a blank";

/// Reads a pieces file (format in the [module docs](super)); never panics. The pieces come in
/// the order of their first cell in the text.
///
/// Linear in the text (n log n in a piece's cells): a cell finds its piece through a table of
/// names, or as the unnamed piece of its block, never by a search of the pieces drawn so far
/// (a file of 80,000 `#` blocks took 2.2 s that way), and the connectivity check finds a
/// cell's neighbours by binary search instead of comparing every cell with every other (a
/// 400 x 400 piece took 19.6 s). Both now take 0.01 s and 0.2 s, `dlx pack` end to end in
/// release.
pub fn parse_pieces(text: &str) -> Result<Vec<Piece>, ParseError> {
    parse_pieces_within(text, usize::MAX)
}

/// [`parse_pieces`] for a board of `board` cells, stopping with
/// [`ParseErrorKind::TooManyCells`] at the first cell beyond `board`, or beyond
/// [`READ_AT_LEAST`] if that is more. Reading takes some 250 bytes a cell (its position, its
/// shape and the shape's 8 turns and flips: a 2000 x 2000 piece peaks at 0.97 GB), so a pieces
/// file is read no further than its board allows.
pub(crate) fn parse_pieces_within(text: &str, board: usize) -> Result<Vec<Piece>, ParseError> {
    let read = board.max(READ_AT_LEAST);
    // For each piece, in order of appearance: its name (None: unnamed, '#'), the first line
    // of its block, and its cells as (line, column) positions, both from 1, in reading order.
    struct Drawn {
        name: Option<char>,
        block: usize,
        cells: Vec<(usize, usize)>,
    }
    let mut drawn: Vec<Drawn> = Vec::new();
    // The piece of each name drawn so far, and the unnamed piece of the current block.
    let mut named: HashMap<char, usize> = HashMap::new();
    let mut unnamed: Option<usize> = None;
    let mut block_start: Option<usize> = None;
    let mut cells = 0;
    for (line_no, line) in numbered_lines(text) {
        if line.is_empty() {
            block_start = None;
            unnamed = None;
            continue;
        }
        let block = *block_start.get_or_insert(line_no);
        for (col, c) in line.chars().enumerate() {
            let position = (line_no, col + 1);
            let found = match c {
                '.' | ' ' => continue,
                '#' => unnamed.ok_or(None),
                c if c.is_ascii_alphanumeric() => named.get(&c).copied().ok_or(Some(c)),
                found => {
                    return Err(ParseError::new(
                        line_no,
                        col + 1,
                        ParseErrorKind::UnexpectedChar {
                            expected: PIECE_CHARS,
                            found,
                        },
                    ))
                }
            };
            cells += 1;
            if cells > read {
                let kind = ParseErrorKind::TooManyCells { read, board };
                return Err(ParseError::new(line_no, col + 1, kind));
            }
            match found {
                Ok(k) if drawn[k].block == block => drawn[k].cells.push(position),
                Ok(k) => {
                    return Err(ParseError::new(
                        line_no,
                        col + 1,
                        ParseErrorKind::NameReused {
                            name: c,
                            first_line: drawn[k].block,
                        },
                    ))
                }
                Err(name) => {
                    match name {
                        Some(name) => named.insert(name, drawn.len()),
                        None => unnamed.replace(drawn.len()),
                    };
                    drawn.push(Drawn {
                        name,
                        block,
                        cells: vec![position],
                    });
                }
            }
        }
    }
    let mut free = NAMES.chars().filter(|c| !named.contains_key(c));
    let mut pieces = Vec::with_capacity(drawn.len());
    for piece in &drawn {
        check_connected(piece.name.unwrap_or('#'), &piece.cells)?;
        let name = match piece.name {
            Some(name) => name,
            None => free.next().ok_or_else(|| {
                let (line, column) = piece.cells[0];
                ParseError::new(
                    line,
                    column,
                    ParseErrorKind::OutOfNames { names: NAMES.len() },
                )
            })?,
        };
        let shape = Shape::new(piece.cells.iter().copied()).expect("a drawn piece has cells");
        pieces.push(Piece::new(name, shape));
    }
    Ok(pieces)
}

/// Checks that cells given as (line, column) in reading order (so sorted) are connected
/// through their sides: a depth-first search whose neighbours are found by binary search.
fn check_connected(name: char, cells: &[(usize, usize)]) -> Result<(), ParseError> {
    debug_assert!(cells.windows(2).all(|pair| pair[0] < pair[1]));
    let mut reached = vec![false; cells.len()];
    let mut stack = vec![0];
    reached[0] = true;
    while let Some(k) = stack.pop() {
        let (line, col) = cells[k];
        let neighbours = [
            line.checked_sub(1).map(|up| (up, col)),
            col.checked_sub(1).map(|left| (line, left)),
            Some((line, col + 1)),
            Some((line + 1, col)),
        ];
        for neighbour in neighbours.into_iter().flatten() {
            if let Ok(j) = cells.binary_search(&neighbour) {
                if !reached[j] {
                    reached[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    match reached.iter().position(|&r| !r) {
        None => Ok(()),
        Some(k) => {
            let (first_line, first_column) = cells[0];
            Err(ParseError::new(
                cells[k].0,
                cells[k].1,
                ParseErrorKind::Disconnected {
                    name,
                    first_line,
                    first_column,
                },
            ))
        }
    }
}
