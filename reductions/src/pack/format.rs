//! The pieces file format (see the [module docs](super)).

use std::collections::HashMap;

use super::{NAMES, READ_AT_LEAST};
use crate::grid::{numbered_lines, quote};
use crate::polyomino::{Piece, Shape};

/// A malformed pieces file, with the line and column (from 1, columns in characters).
///
/// `Display` gives `line:column: message`; prefix the file name for a complete location.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {kind}")]
pub struct PiecesError {
    line: usize,
    column: usize,
    kind: PiecesErrorKind,
}

impl PiecesError {
    fn new(line: usize, column: usize, kind: PiecesErrorKind) -> PiecesError {
        PiecesError { line, column, kind }
    }

    /// The line of the input, from 1.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column within the line, from 1, in characters.
    pub fn column(&self) -> usize {
        self.column
    }

    /// What was wrong.
    pub fn kind(&self) -> &PiecesErrorKind {
        &self.kind
    }
}

/// The kinds of [`PiecesError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PiecesErrorKind {
    /// A character that is not a letter, a digit, `#`, `.` or a blank.
    #[error("expected a piece's letter or digit, '#', '.' or a blank, found {}", quote(*found))]
    UnexpectedChar {
        /// The character.
        found: char,
    },
    /// A name drawn in a second block.
    #[error("piece '{name}' is already drawn in the block at line {first_line}: a name belongs to one piece")]
    NameReused {
        /// The name.
        name: char,
        /// The first line of the block where it was first drawn.
        first_line: usize,
    },
    /// A piece whose cells are not connected through their sides.
    #[error("piece '{name}' is not connected: this cell does not touch its cell at {first_line}:{first_column}")]
    Disconnected {
        /// The piece's name (for an unnamed piece, `#`).
        name: char,
        /// Its first cell's line.
        first_line: usize,
        /// Its first cell's column.
        first_column: usize,
    },
    /// More cells drawn than the board has, and than [`Pack::parse`](crate::Reduction::parse) reads: it stops at the
    /// first cell beyond the board's number of cells, or beyond a million on smaller boards
    /// (the pieces could never pack, and each cell read takes memory).
    #[error("the pieces have more than {read} cells and the board has {board}: expected as many (every cell is covered by exactly one piece)")]
    TooManyCells {
        /// The number of cells read.
        read: usize,
        /// The number of cells of the board.
        board: usize,
    },
    /// More unnamed pieces than free names.
    #[error("too many pieces: all {} names (A-Z, a-z, 0-9) are taken", NAMES.len())]
    OutOfNames,
}

/// Reads a pieces file (format in the [module docs](super)); never panics. The pieces come in
/// the order of their first cell in the text.
///
/// Linear in the text (n log n in a piece's cells): a cell finds its piece through a table of
/// names, or as the unnamed piece of its block, never by a search of the pieces drawn so far
/// (a file of 80,000 `#` blocks took 2.2 s that way), and the connectivity check finds a
/// cell's neighbours by binary search instead of comparing every cell with every other (a
/// 400 x 400 piece took 19.6 s). Both now take 0.01 s and 0.2 s, `dlx pack` end to end in
/// release.
pub fn parse_pieces(text: &str) -> Result<Vec<Piece>, PiecesError> {
    parse_pieces_within(text, usize::MAX)
}

/// [`parse_pieces`] for a board of `board` cells, stopping with
/// [`PiecesErrorKind::TooManyCells`] at the first cell beyond `board`, or beyond
/// [`READ_AT_LEAST`] if that is more. Reading takes some 250 bytes a cell (its position, its
/// shape and the shape's 8 turns and flips: a 2000 x 2000 piece peaks at 0.97 GB), so a pieces
/// file is read no further than its board allows.
pub(super) fn parse_pieces_within(text: &str, board: usize) -> Result<Vec<Piece>, PiecesError> {
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
                    return Err(PiecesError::new(
                        line_no,
                        col + 1,
                        PiecesErrorKind::UnexpectedChar { found },
                    ))
                }
            };
            cells += 1;
            if cells > read {
                let kind = PiecesErrorKind::TooManyCells { read, board };
                return Err(PiecesError::new(line_no, col + 1, kind));
            }
            match found {
                Ok(k) if drawn[k].block == block => drawn[k].cells.push(position),
                Ok(k) => {
                    return Err(PiecesError::new(
                        line_no,
                        col + 1,
                        PiecesErrorKind::NameReused {
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
                PiecesError::new(line, column, PiecesErrorKind::OutOfNames)
            })?,
        };
        let shape = Shape::new(piece.cells.iter().copied()).expect("a drawn piece has cells");
        pieces.push(Piece::new(name, shape));
    }
    Ok(pieces)
}

/// Checks that cells given as (line, column) in reading order (so sorted) are connected
/// through their sides: a depth-first search whose neighbours are found by binary search.
fn check_connected(name: char, cells: &[(usize, usize)]) -> Result<(), PiecesError> {
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
            Err(PiecesError::new(
                cells[k].0,
                cells[k].1,
                PiecesErrorKind::Disconnected {
                    name,
                    first_line,
                    first_column,
                },
            ))
        }
    }
}
