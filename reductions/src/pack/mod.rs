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
//! # Ok::<(), reductions::text::ParseError>(())
//! ```
//!
//! The rooms: `format.rs` reads the pieces file (the board file is [`grid`](crate::grid)'s).

mod format;
#[cfg(test)]
mod tests;

pub use format::parse_pieces;
pub(crate) use format::parse_pieces_within;

use std::collections::HashSet;

use crate::grid::{parse_mask, Mask};
use crate::polyomino::{self, EncodingSize, Piece, PieceBoard, Placement, Usage};
use crate::text::{ParseError, ParseErrorKind};
use crate::{Encoding, Reduction};

/// The names a piece may have, in the order unnamed pieces receive them.
const NAMES: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// [`Pack::parse`] reads a pieces file up to the board's number of cells, or this many if
/// the board has fewer (the pieces then cannot pack, but the errors found by reading them
/// whole, such as a piece that fits nowhere, say more): at some 250 bytes a cell, 250 MB.
const READ_AT_LEAST: usize = 1 << 20;

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
    pub fn new(board: Mask, pieces: Vec<Piece>) -> Result<PackPuzzle, ParseError> {
        if pieces.is_empty() {
            return Err(ParseErrorKind::NoPieces.into());
        }
        let mut names = HashSet::new();
        if let Some(twin) = pieces.iter().find(|piece| !names.insert(piece.name())) {
            return Err(ParseErrorKind::DuplicateName { name: twin.name() }.into());
        }
        EncodingSize::of(&board, &pieces, Usage::Once)
            .check()
            .map_err(ParseError::refused)?;
        for piece in &pieces {
            let fits = piece
                .orientations()
                .iter()
                .any(|shape| shape.fits(&board).next().is_some());
            if !fits {
                return Err(ParseErrorKind::FitsNowhere { name: piece.name() }.into());
            }
        }
        let area: usize = pieces.iter().map(|piece| piece.shape().len()).sum();
        if area != board.len() {
            return Err(ParseErrorKind::Area {
                pieces: area,
                board: board.len(),
            }
            .into());
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
    /// positioned in the board file.
    pub fn from_board_text(text: &str) -> Result<Pack, ParseError> {
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

    fn parse(&self, pieces: &str) -> Result<PackPuzzle, ParseError> {
        let pieces = parse_pieces_within(pieces, self.board.len())?;
        PackPuzzle::new(self.board.clone(), pieces)
    }

    fn encode(&self, puzzle: &PackPuzzle) -> Result<Encoding<Placement>, dlx::BuildError> {
        polyomino::encode(&puzzle.board, &puzzle.pieces, Usage::Once)
    }

    /// Bit sets: a few thousand placements at most, and the sparse sets' tree, where each
    /// piece's item hides all its other placements at once (the pentominoes on 6 x 10:
    /// 0.99 s, against 3.31 s on the sparse sets and 4.28 s on the links; on 5 x 12: 0.71 s,
    /// 2.35 s and 3.07 s).
    fn tree(&self) -> dlx::Tree {
        dlx::Tree::Bitsets
    }

    fn decode(&self, puzzle: &PackPuzzle, choices: &[&Placement]) -> PieceBoard {
        PieceBoard::new(&puzzle.board, &puzzle.pieces, choices)
    }
}
