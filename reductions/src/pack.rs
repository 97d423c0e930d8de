//! Packing any polyominoes on any board (`dlx pack BOARD PIECES`): every cell of the board
//! covered by exactly one piece, every piece used exactly once, turned and flipped at will.
//!
//! # The board file
//!
//! The format of [`grid::parse_mask`](crate::grid::parse_mask): one line per row, `.` a cell
//! to cover, `#` no cell, optionally after a line `H W`.
//!
//! # The pieces file
//!
//! Pictures of the pieces, in blocks separated by blank lines:
//!
//! - in a picture, a letter or digit (`A-Z`, `a-z`, `0-9`) is a cell of the piece of that
//!   name; `.` and blanks are empty positions; so one block may draw several pieces side by
//!   side, each with its own letter;
//! - `#` is a cell of a piece without a name: all the `#`s of one block form one piece, named
//!   by the first of `A-Z`, `a-z`, `0-9` that no piece of the file uses (unnamed pieces take
//!   names in the order they appear);
//! - a name belongs to one piece: drawing it again in another block is an error; a piece's
//!   cells must be connected through their sides (this catches one letter used for two
//!   pieces).
//!
//! Pieces are listed in the order of their first cell in the file (reading order), which is
//! the order of their items and options (see [`polyomino`](crate::polyomino#the-encoding)).
//! Errors say where (line and column, from 1) and what was expected; reading stops at the
//! first cell beyond the board's number of cells (or a million, on smaller boards). Then the puzzle is checked as a whole: the
//! exact-cover problem must not be huge (see [`EncodingSize`]), every piece must fit
//! somewhere on the board, and the pieces must have as many cells together as the board.
//!
//! ```
//! use reductions::pack::Pack;
//! use reductions::Reduction;
//!
//! let pack = Pack::from_board_text("3 3\n...\n...\n...\n")?;
//! let puzzle = pack.parse("AAB\nA.B\n\nCC\nC\n\n#")?; // A B C, and D (the '#')
//! assert_eq!(puzzle.pieces().iter().map(|p| p.name()).collect::<String>(), "ABCD");
//! let encoding = pack.encode(&puzzle).unwrap();
//! let solution = dlx::Solver::new(&encoding.problem).first().unwrap();
//! let board = pack.decode(&puzzle, &encoding.choices_of(solution.options()));
//! assert_eq!(board.to_string().len(), 11);
//! # Ok::<(), reductions::pack::PackError>(())
//! ```

use std::collections::{HashMap, HashSet};

use crate::grid::{numbered_lines, parse_mask, quote, GridError, Mask};
use crate::polyomino::{self, EncodingSize, Piece, PieceBoard, Placement, Shape, Usage};
use crate::{Encoding, Reduction};

/// The names a piece may have, in the order unnamed pieces receive them.
const NAMES: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// [`Pack::parse`] reads a pieces file up to the board's number of cells, or this many if
/// the board has fewer (the pieces then cannot pack, but the errors found by reading them
/// whole, such as a piece that fits nowhere, say more): at some 250 bytes a cell, 250 MB.
const READ_AT_LEAST: usize = 1 << 20;

/// Why a board or pieces file cannot be packed.
///
/// [`Board`](PackError::Board) errors are about the board file,
/// [`Pieces`](PackError::Pieces) errors about the pieces file (both with line and column);
/// the others are about the puzzle as a whole.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PackError {
    /// The board file is malformed.
    #[error(transparent)]
    Board(#[from] GridError),
    /// The pieces file is malformed.
    #[error(transparent)]
    Pieces(#[from] PiecesError),
    /// No piece at all.
    #[error("expected at least one piece, found none")]
    NoPieces,
    /// Two pieces with one name.
    #[error("two pieces are named '{name}'")]
    DuplicateName {
        /// The name.
        name: char,
    },
    /// A piece that fits nowhere on the board, in any orientation.
    #[error("piece '{name}' fits nowhere on the board, in any orientation")]
    FitsNowhere {
        /// The piece's name.
        name: char,
    },
    /// An exact-cover problem too large to build (see [`EncodingSize`]): refused before it
    /// is built.
    #[error(transparent)]
    TooLarge(#[from] polyomino::TooLarge),
    /// The pieces' cells and the board's do not match in number.
    #[error("the pieces have {pieces} cells in all and the board has {board}: expected as many (every cell is covered by exactly one piece)")]
    Area {
        /// The number of cells of all pieces together.
        pieces: usize,
        /// The number of cells of the board.
        board: usize,
    },
}

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
    /// More cells drawn than the board has, and than [`Pack::parse`] reads: it stops at the
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

/// A board and the pieces to pack on it, checked: names distinct, every piece fits somewhere,
/// as many cells in the pieces as on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackPuzzle {
    board: Mask,
    pieces: Vec<Piece>,
}

impl PackPuzzle {
    /// Checks the puzzle (errors, in this order: no piece, two pieces with one name, an
    /// exact-cover problem too large to build, a piece that fits nowhere, pieces and board
    /// of different sizes). The size is checked by counting ([`EncodingSize`]), before any
    /// placement is tried, so that a huge request is refused at once.
    pub fn new(board: Mask, pieces: Vec<Piece>) -> Result<PackPuzzle, PackError> {
        if pieces.is_empty() {
            return Err(PackError::NoPieces);
        }
        let mut names = HashSet::new();
        if let Some(twin) = pieces.iter().find(|piece| !names.insert(piece.name())) {
            return Err(PackError::DuplicateName { name: twin.name() });
        }
        EncodingSize::of(&board, &pieces, Usage::Once).check()?;
        for piece in &pieces {
            let fits = piece
                .orientations()
                .iter()
                .any(|shape| shape.fits(&board).next().is_some());
            if !fits {
                return Err(PackError::FitsNowhere { name: piece.name() });
            }
        }
        let area: usize = pieces.iter().map(|piece| piece.shape().len()).sum();
        if area != board.len() {
            return Err(PackError::Area {
                pieces: area,
                board: board.len(),
            });
        }
        Ok(PackPuzzle { board, pieces })
    }

    /// The board.
    pub fn board(&self) -> &Mask {
        &self.board
    }

    /// The pieces, in order.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }
}

/// Reads a pieces file (format in the [module docs](self)); never panics. The pieces come in
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
fn parse_pieces_within(text: &str, board: usize) -> Result<Vec<Piece>, PiecesError> {
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

/// Packing as a [`Reduction`]: the board is given first ([`Pack::new`],
/// [`Pack::from_board_text`]), then [`parse`](Reduction::parse) reads a pieces file and
/// checks the puzzle. The encoding is [`polyomino::encode`] with [`Usage::Once`]; boards are
/// drawn as [`PieceBoard`]s (each piece's letter on its cells, `#` off the board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pack {
    board: Mask,
}

impl Pack {
    /// Packing on this board.
    pub fn new(board: Mask) -> Pack {
        Pack { board }
    }

    /// Packing on the board of a board file ([`parse_mask`]'s format); its errors are
    /// [`PackError::Board`].
    pub fn from_board_text(text: &str) -> Result<Pack, PackError> {
        Ok(Pack::new(parse_mask(text)?))
    }

    /// The board.
    pub fn board(&self) -> &Mask {
        &self.board
    }
}

impl Reduction for Pack {
    type Puzzle = PackPuzzle;
    type Choice = Placement;
    type Board = PieceBoard;
    type Error = PackError;

    fn parse(&self, pieces: &str) -> Result<PackPuzzle, PackError> {
        let pieces = parse_pieces_within(pieces, self.board.len())?;
        PackPuzzle::new(self.board.clone(), pieces)
    }

    fn encode(&self, puzzle: &PackPuzzle) -> Result<Encoding<Placement>, dlx::BuildError> {
        polyomino::encode(&puzzle.board, &puzzle.pieces, Usage::Once)
    }

    fn decode(&self, puzzle: &PackPuzzle, choices: &[&Placement]) -> PieceBoard {
        PieceBoard::new(&puzzle.board, &puzzle.pieces, choices)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;

    fn error(text: &str) -> (usize, usize, PiecesErrorKind) {
        let err = parse_pieces(text).unwrap_err();
        (err.line(), err.column(), err.kind().clone())
    }

    #[test]
    fn pictures_become_pieces() {
        let pieces = parse_pieces("\n  FF. I\n FF   I\n  F\n\n##\r\n#\n\n\nA\n").unwrap();
        let names: String = pieces.iter().map(|p| p.name()).collect();
        assert_eq!(names, "FIBA");
        assert_eq!(pieces[0].shape().to_string(), ".##\n##.\n.#.");
        assert_eq!(pieces[1].shape().to_string(), "#\n#");
        assert_eq!(pieces[2].shape().to_string(), "##\n#.");
        assert_eq!(pieces[3].shape().cells(), [Cell::new(0, 0)]);
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(
            error("AA\nA*"),
            (2, 2, PiecesErrorKind::UnexpectedChar { found: '*' })
        );
        assert_eq!(
            error("AA\n\nBA"),
            (
                3,
                2,
                PiecesErrorKind::NameReused {
                    name: 'A',
                    first_line: 1
                }
            )
        );
        assert_eq!(
            error("A.A"),
            (
                1,
                3,
                PiecesErrorKind::Disconnected {
                    name: 'A',
                    first_line: 1,
                    first_column: 1
                }
            )
        );
        assert_eq!(
            error("#\n\n#.#"),
            (
                3,
                3,
                PiecesErrorKind::Disconnected {
                    name: '#',
                    first_line: 3,
                    first_column: 1
                }
            )
        );
        let many: Vec<String> = (0..63).map(|_| "#".to_string()).collect();
        assert_eq!(
            error(&many.join("\n\n")),
            (125, 1, PiecesErrorKind::OutOfNames)
        );
        assert_eq!(
            parse_pieces("A\u{0}").unwrap_err().to_string(),
            "1:2: expected a piece's letter or digit, '#', '.' or a blank, found '\\u{0}'"
        );
    }

    #[test]
    fn puzzles_are_checked_whole() {
        let pack = Pack::from_board_text("..\n..").unwrap();
        assert_eq!(pack.parse(""), Err(PackError::NoPieces));
        assert_eq!(pack.parse("AAA"), Err(PackError::FitsNowhere { name: 'A' }));
        assert_eq!(
            pack.parse("AA\n\nB"),
            Err(PackError::Area {
                pieces: 3,
                board: 4
            })
        );
        let square = Shape::new([(0, 0)]).unwrap();
        let twins = vec![Piece::new('A', square.clone()), Piece::new('A', square)];
        assert_eq!(
            PackPuzzle::new(Mask::full(1, 2), twins),
            Err(PackError::DuplicateName { name: 'A' })
        );
        assert!(matches!(
            Pack::from_board_text("..\nx."),
            Err(PackError::Board(_))
        ));
    }

    #[test]
    fn pieces_are_read_no_further_than_the_board_allows() {
        // On a board of READ_AT_LEAST cells, the cell after them is where reading stops,
        // after an earlier error if there is one.
        let row = "A".repeat(1024) + "\n";
        let text = row.repeat(1024) + "\n*B";
        let error = parse_pieces_within(&text, READ_AT_LEAST).unwrap_err();
        let kind = PiecesErrorKind::UnexpectedChar { found: '*' };
        assert_eq!(
            (error.line(), error.column(), error.kind()),
            (1026, 1, &kind)
        );
        let text = row.repeat(1024) + "\nB*";
        let error = parse_pieces_within(&text, READ_AT_LEAST).unwrap_err();
        let kind = PiecesErrorKind::TooManyCells {
            read: READ_AT_LEAST,
            board: READ_AT_LEAST,
        };
        assert_eq!(
            (error.line(), error.column(), error.kind()),
            (1026, 1, &kind)
        );
        // Small boards read a million cells: a piece that fits nowhere is said so.
        let pack = Pack::from_board_text("...\n...").unwrap();
        assert_eq!(
            pack.parse("AAAA\n\nBBB"),
            Err(PackError::FitsNowhere { name: 'A' })
        );
        let error = Pack::new(Mask::full(1, 1))
            .parse(&row.repeat(1025))
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "1025:1: the pieces have more than 1048576 cells and the board has 1: expected as \
             many (every cell is covered by exactly one piece)"
        );
    }

    #[test]
    fn huge_puzzles_are_refused_before_they_are_built() {
        // 62 L-decominoes (8 orientations each) on a 160 x 160 board, about 7 GiB: refused
        // before a placement is tried, whatever else is wrong (the areas differ here).
        let names = NAMES.chars();
        let l = Shape::new((0..9).map(|row| (row, 0)).chain([(8, 1)])).unwrap();
        let pieces: Vec<Piece> = names.map(|name| Piece::new(name, l.clone())).collect();
        let error = PackPuzzle::new(Mask::full(160, 160), pieces.clone()).unwrap_err();
        let PackError::TooLarge(too_large) = &error else {
            panic!("{error}");
        };
        assert!(too_large.size().bytes() > polyomino::MAX_ENCODING_BYTES);
        assert!(
            error.to_string().contains("up to 11987328 options"),
            "{error}"
        );
        // On a board a quarter that size the same pieces are checked for area.
        assert_eq!(
            PackPuzzle::new(Mask::full(80, 80), pieces),
            Err(PackError::Area {
                pieces: 620,
                board: 6400
            })
        );
    }

    #[test]
    fn dominoes_on_a_square() {
        let pack = Pack::new(Mask::full(2, 2));
        let puzzle = pack.parse("AA\n\nBB").unwrap();
        let encoding = pack.encode(&puzzle).unwrap();
        let boards: Vec<String> = dlx::Solver::new(&encoding.problem)
            .solutions()
            .map(|s| {
                pack.decode(&puzzle, &encoding.choices_of(s.options()))
                    .to_string()
            })
            .collect();
        let mut sorted = boards.clone();
        sorted.sort();
        assert_eq!(sorted, ["AA\nBB", "AB\nAB", "BA\nBA", "BB\nAA"]);
    }
}
