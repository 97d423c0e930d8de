//! Tilings with unlimited pieces (`dlx tile`): cover every cell of a board with copies of the
//! given pieces, each used any number of times (zero included), turned and flipped unless
//! they are fixed.
//!
//! The board is [`grid::parse_mask`](crate::grid::parse_mask)'s file or a full rectangle; the
//! pieces are [`pack`](crate::pack)'s pieces file or named sets ([`piece_set`]: domino,
//! trominoes, tetrominoes, pentominoes). The encoding is [`polyomino::encode_along`] with
//! [`Usage::Unlimited`]: one item per cell, one option per placement. Cells are listed in the
//! order that keeps neighbours closest ([`CellOrder::narrowest`]: rows, columns or diagonals),
//! so that a memoized count, which fills the board in item order, keeps a short frontier: a
//! rectangle is filled along its longer side (Project Euler 161, trominoes on 9 x 12: 223,256
//! signatures and 0.03 s with frontiers of 9 cells, 5,058,116 and 1.08 s with frontiers of
//! 12), the Aztec diamond diagonal by diagonal.
//!
//! ```
//! use reductions::grid::Mask;
//! use reductions::tile::{piece_set, Tile};
//! use reductions::Reduction;
//!
//! let tile = Tile::new(Mask::full(2, 4), false);
//! let puzzle = tile.puzzle(piece_set("domino").unwrap())?;
//! let encoding = tile.encode(&puzzle).unwrap();
//! assert_eq!(dlx::Solver::new(&encoding.problem).count().solutions, 5);
//! # Ok::<(), reductions::text::ParseError>(())
//! ```
//!
//! The rooms: `sets.rs` holds the named piece sets.

mod aztec;
mod kasteleyn;
mod sets;
#[cfg(test)]
mod tests;

pub use aztec::{aztec_order, random_aztec_tiling};
pub use kasteleyn::{domino_tilings, MAX_KASTELEYN_CELLS};
pub use sets::{piece_set, SET_NAMES};

use std::collections::HashSet;

use crate::grid::{parse_mask, Mask};
use crate::pack::parse_pieces_within;
use crate::polyomino::{self, CellOrder, EncodingSize, Piece, Placement, Usage};
use crate::text::{ParseError, ParseErrorKind};
use crate::tromino::TileBoard;
use crate::{Encoding, Reduction};

/// A board and the pieces that tile it, checked: at least one piece, names distinct, and an
/// exact-cover problem small enough to build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TilePuzzle {
    board: Mask,
    pieces: Vec<Piece>,
}

impl TilePuzzle {
    /// The board.
    pub fn board(&self) -> &Mask {
        &self.board
    }

    /// The pieces, in order.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }
}

/// Tiling as a [`Reduction`]: the board and whether pieces keep their orientation are given
/// first ([`Tile::new`], [`Tile::from_board_text`]); [`parse`](Reduction::parse) reads a
/// pieces file, [`puzzle`](Tile::puzzle) takes pieces already made. Solutions are drawn as
/// [`TileBoard`]s: tiles numbered from 1 in the reading order of their first cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tile {
    board: Mask,
    fixed: bool,
}

impl Tile {
    /// Tilings of `board`; with `fixed`, pieces are placed only as drawn, never turned or
    /// flipped.
    pub fn new(board: Mask, fixed: bool) -> Tile {
        Tile { board, fixed }
    }

    /// Tilings of the board of a board file ([`parse_mask`]'s format).
    pub fn from_board_text(text: &str, fixed: bool) -> Result<Tile, ParseError> {
        Ok(Tile::new(parse_mask(text)?, fixed))
    }

    /// The board.
    pub fn board(&self) -> &Mask {
        &self.board
    }

    /// The puzzle of tiling the board with `pieces` (fixed in their orientation if the tiling
    /// is). Errors: no piece, two pieces with one name, a problem too large to build.
    pub fn puzzle(&self, pieces: Vec<Piece>) -> Result<TilePuzzle, ParseError> {
        if pieces.is_empty() {
            return Err(ParseErrorKind::NoPieces.into());
        }
        let mut names = HashSet::new();
        if let Some(twin) = pieces.iter().find(|piece| !names.insert(piece.name())) {
            return Err(ParseErrorKind::DuplicateName { name: twin.name() }.into());
        }
        let pieces: Vec<Piece> = if self.fixed {
            pieces
                .into_iter()
                .map(|piece| Piece::fixed(piece.name(), piece.shape().clone()))
                .collect()
        } else {
            pieces
        };
        EncodingSize::of(&self.board, &pieces, Usage::Unlimited)
            .check()
            .map_err(ParseError::refused)?;
        Ok(TilePuzzle {
            board: self.board.clone(),
            pieces,
        })
    }

    /// The order of the cell items: the narrowest frontier ([`CellOrder::narrowest`]).
    fn cell_order(&self) -> CellOrder {
        CellOrder::narrowest(&self.board)
    }
}

impl Reduction for Tile {
    /// Dominoes that may turn, on a board without holes: Kasteleyn's determinant
    /// ([`domino_tilings`]), polynomial in the board's size (the Aztec diamond of order 30,
    /// 2^465 tilings, in milliseconds; a memoized count would hold 6 * 10^8 signatures).
    fn counter(&self, puzzle: &TilePuzzle) -> Option<crate::Counter> {
        let domino = puzzle.pieces.len() == 1 && puzzle.pieces[0].shape().cells().len() == 2;
        let small = puzzle.board.len() <= kasteleyn::MAX_KASTELEYN_CELLS;
        if !domino || self.fixed || !small || kasteleyn::has_holes(&puzzle.board) {
            return None;
        }
        let board = puzzle.board.clone();
        Some(std::sync::Arc::new(move || {
            let digits = domino_tilings(&board).expect("a board without holes");
            dlx::Count::from_limbs(&digits)
        }))
    }

    /// Dominoes on an Aztec diamond: domino shuffling ([`random_aztec_tiling`]), exactly
    /// uniform at any order (the graph of all tilings passes a gigabyte at order 18).
    fn sampler(
        &self,
        puzzle: &TilePuzzle,
        encoding: &Encoding<Placement>,
    ) -> Option<crate::Sampler> {
        let order = aztec_order(&puzzle.board)?;
        if puzzle.pieces.len() != 1 || puzzle.pieces[0].shape().cells().len() != 2 {
            return None;
        }
        let mut options = std::collections::HashMap::new();
        for option in encoding.problem.options() {
            let mut cells = encoding.choice(option).cells().to_vec();
            cells.sort();
            options.insert(cells, option);
        }
        // Shuffling lays dominoes both ways: every place of two cells side by side or one
        // above the other needs its option (not so with `--fixed`).
        let board = &puzzle.board;
        let places = board
            .cells()
            .map(|cell| {
                [(0, 1), (1, 0)]
                    .iter()
                    .filter(|&&(dr, dc)| {
                        board.contains(crate::grid::Cell::new(cell.row + dr, cell.col + dc))
                    })
                    .count()
            })
            .sum::<usize>();
        if options.len() != places {
            return None;
        }
        Some(crate::Sampler::new(
            "domino shuffling",
            move |rng: &mut crate::generate::Rng| {
                random_aztec_tiling(order, rng)
                    .into_iter()
                    .map(|mut cells| {
                        cells.sort();
                        options[&cells[..]]
                    })
                    .collect()
            },
        ))
    }

    /// Tilings: the rest of a board depends only on the frontier, which many partial tilings
    /// share, so memoization counts even small boards at least as fast as enumeration.
    fn memo_by_default(&self) -> bool {
        true
    }

    /// Enumeration (`--no-memo`, `--all`) on the bit sets where they fit, else the links: the
    /// tetrominoes on 6 x 8 counted one by one in 6.98 s against 29.09 s on the links, the
    /// trominoes on 5 x 9 in 0.19-0.22 s against 0.42-0.53 s (one thread); where the bit sets
    /// do not fit, the sparse sets are slower than the links on tilings.
    fn tree(&self) -> dlx::Tree {
        dlx::Tree::Auto
    }

    /// The first open item: the board is filled in the order of its cells, and the
    /// signatures are the profiles of a frontier (12 x 12 L-trominoes: 0.02 s, against over
    /// 60 s with the fewest options first).
    fn memo_order(&self) -> dlx::memo::Branching {
        dlx::memo::Branching::FirstItem
    }

    type Puzzle = TilePuzzle;
    type Choice = Placement;
    type Board = TileBoard;

    fn parse(&self, pieces: &str) -> Result<TilePuzzle, ParseError> {
        // A pieces file holds at most the board's cells worth of pieces to be useful, but
        // several small pieces may be given for a small board: read up to pack's bound.
        self.puzzle(parse_pieces_within(pieces, self.board.len())?)
    }

    fn encode(&self, puzzle: &TilePuzzle) -> Result<Encoding<Placement>, dlx::BuildError> {
        polyomino::encode_along(
            &puzzle.board,
            &puzzle.pieces,
            Usage::Unlimited,
            self.cell_order(),
        )
    }

    fn decode(&self, puzzle: &TilePuzzle, choices: &[&Placement]) -> TileBoard {
        TileBoard::new(&puzzle.board, choices)
    }
}
