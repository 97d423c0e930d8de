//! L-tromino tilings: any board as exact cover, and the classic divide-and-conquer
//! construction for a 2^k x 2^k board with one missing cell.
//!
//! An L-tromino is three cells in an L, in any of its four orientations, used as often as
//! needed. [`Tromino`] tiles any board ([`grid::parse_mask`](crate::grid::parse_mask)'s
//! format, or [`square`] for an N x N board without one cell) by exact cover: one primary item
//! per cell (`r3c7`, see [`cell_name`](crate::grid::cell_name)), one option per placement of
//! the L (orientation by orientation in the order of
//! [`Shape::orientations`](crate::polyomino::Shape::orientations), then by position in
//! row-major order). `divide.rs` builds one tiling directly, numbered as the classic
//! program numbers it.
//!
//! Both draw a [`TileBoard`]: the seed's format, tile numbers from 1, `0` on the missing cell
//! and on every position that is not a cell.
//!
//! ```
//! use reductions::grid::Cell;
//! use reductions::tromino::{divide, square, Tromino};
//! use reductions::Reduction;
//!
//! let board = divide(4, Cell::new(2, 2))?;
//! assert_eq!(board.to_string(), "2 2 3 3\n2 1 1 3\n4 1 0 5\n4 4 5 5");
//!
//! // The same board has exactly one tiling, which exact cover finds too; its tiles are
//! // numbered in the reading order of their first cells.
//! let mask = square(4, Cell::new(2, 2))?;
//! let encoding = Tromino.encode(&mask).unwrap();
//! let solver = dlx::Solver::new(&encoding.problem);
//! assert_eq!(solver.count().solutions, 1);
//! let solution = solver.first().unwrap();
//! let tiled = Tromino.decode(&mask, &encoding.choices_of(solution.options()));
//! assert_eq!(tiled.to_string(), "1 1 2 2\n1 3 3 2\n4 3 0 5\n4 4 5 5");
//! # Ok::<(), reductions::tromino::TrominoError>(())
//! ```
//!
//! The rooms: `format.rs` writes tilings in the seed's format, `divide.rs` is the classic
//! construction; the exact-cover encoding is [`polyomino::encode`]'s.

mod divide;
mod format;
#[cfg(test)]
mod tests;

pub use divide::divide;

use std::fmt;

use crate::grid::{parse_mask, Cell, Mask};
use crate::polyomino::{self, EncodingSize, Piece, Placement, Shape, Usage};
use crate::text::ParseError;
use crate::{Encoding, Reduction};

/// The L-tromino: `#.` over `##`.
pub fn l_tromino() -> Shape {
    Shape::new([(0, 0), (1, 0), (1, 1)]).expect("three cells")
}

/// The largest side of a board that [`square`] and [`divide`] accept: 16384, so that the board
/// has at most [`MAX_CELLS`](crate::grid::MAX_CELLS) positions.
pub const MAX_SIZE: usize = 1 << 14;

/// Why a board cannot be made or tiled.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TrominoError {
    /// A board of size 0.
    #[error("expected a board size of at least 1, found 0")]
    ZeroSize,
    /// A size that the divide-and-conquer construction cannot take.
    #[error("expected a power of two (1, 2, 4, 8, ...) for the divide-and-conquer construction, found {size}")]
    NotPowerOfTwo {
        /// The size given.
        size: usize,
    },
    /// A board larger than [`MAX_SIZE`].
    #[error("the board is too large: {size} x {size}, at most {max} x {max} allowed", max = MAX_SIZE)]
    TooLarge {
        /// The size given.
        size: usize,
    },
    /// A board whose exact-cover problem is too large to build (see [`check_cover`]).
    #[error(transparent)]
    Encoding(#[from] polyomino::TooLarge),
    /// A missing cell outside the board.
    #[error("the missing cell {missing} is not on the {size} x {size} board: expected row and column from 0 to {last}", last = size.saturating_sub(1))]
    MissingOffBoard {
        /// The cell given.
        missing: Cell,
        /// The board's size.
        size: usize,
    },
}

fn check_square(size: usize, missing: Cell) -> Result<(), TrominoError> {
    if size == 0 {
        return Err(TrominoError::ZeroSize);
    }
    if size > MAX_SIZE {
        return Err(TrominoError::TooLarge { size });
    }
    if missing.row >= size || missing.col >= size {
        return Err(TrominoError::MissingOffBoard { missing, size });
    }
    Ok(())
}

/// The `size x size` board without the cell `missing` (`dlx tromino --size N --missing R,C`).
///
/// Errors: size 0 or above [`MAX_SIZE`], a missing cell off the board.
pub fn square(size: usize, missing: Cell) -> Result<Mask, TrominoError> {
    check_square(size, missing)?;
    let mut mask = Mask::full(size, size);
    mask.remove(missing);
    Ok(mask)
}

/// The size of [`Tromino`]'s exact-cover problem for `board`, if it can be built within
/// [`MAX_ENCODING_BYTES`](polyomino::MAX_ENCODING_BYTES) and [`dlx::MAX_NODES`]; counted,
/// not built, so a huge board is refused at once.
///
/// A board of n x n cells takes about 4 n² options and 12 n² entries, 1 KB a cell: 2048 x
/// 2048 is 4.2 GB (measured; about 30 s to build, release) and is refused, 4096 x 4096 would
/// be about 18 GB, and [`MAX_SIZE`] (16384) 4.6 billion nodes, more than the engine can
/// address, and some 290 GB. [`divide`] needs none of this and takes any size up to
/// [`MAX_SIZE`].
///
/// ```
/// use reductions::grid::Cell;
/// use reductions::tromino::{check_cover, square, TrominoError};
///
/// let size = check_cover(&square(1024, Cell::new(0, 0))?)?;
/// assert_eq!(size.options, 4 * 1023 * 1023);
/// let huge = square(16384, Cell::new(0, 0))?;
/// assert!(matches!(check_cover(&huge), Err(TrominoError::Encoding(_))));
/// # Ok::<(), TrominoError>(())
/// ```
pub fn check_cover(board: &Mask) -> Result<EncodingSize, TrominoError> {
    let l = [Piece::new('L', l_tromino())];
    Ok(EncodingSize::of(board, &l, Usage::Unlimited).check()?)
}

/// A tiling: the tile number of every position, `0` where there is no tile.
///
/// `Display` (and [`write_to`](TileBoard::write_to), much faster for large boards) give the
/// seed's format: one line per row, the numbers separated by single blanks; `Display` separates
/// lines with `\n` and adds no final newline.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct TileBoard {
    rows: usize,
    cols: usize,
    tiles: Vec<u32>,
}

impl fmt::Debug for TileBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TileBoard")
            .field("rows", &self.rows)
            .field("cols", &self.cols)
            .field("tiles", &self.tile_count())
            .finish()
    }
}

impl TileBoard {
    /// The tiling of `board` by these placements, numbered from 1 in the reading order of each
    /// tile's first cell (its topmost cell, the leftmost of those), so that a tiling is drawn
    /// the same however the search found it. Positions off the board stay `0`.
    pub fn new(board: &Mask, placements: &[&Placement]) -> TileBoard {
        let mut sorted: Vec<&Placement> = placements.to_vec();
        sorted.sort_by_key(|placement| placement.cells().first().copied());
        let mut tiles = vec![0; board.rows() * board.cols()];
        for (number, placement) in (1u32..).zip(sorted) {
            for &cell in placement.cells() {
                if let Some(index) = board.index(cell) {
                    tiles[index] = number;
                }
            }
        }
        TileBoard {
            rows: board.rows(),
            cols: board.cols(),
            tiles,
        }
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The tile number at a position (`0`: no tile), `None` outside the rectangle.
    pub fn get(&self, cell: Cell) -> Option<u32> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| self.tiles[cell.row * self.cols + cell.col])
    }

    /// The number of tiles (the largest tile number).
    pub fn tile_count(&self) -> u32 {
        self.tiles.iter().copied().max().unwrap_or(0)
    }
}

/// L-tromino tiling as a [`Reduction`]: [`parse`](Reduction::parse) reads a board file, the
/// puzzle is the board ([`square`] makes one too), [`encode`](Reduction::encode) has one item
/// per cell and one option per placement of the L, and [`decode`](Reduction::decode) numbers
/// the tiles as [`TileBoard::new`] does.
///
/// `encode` builds whatever it is given, as large as it is: call [`check_cover`] first on
/// boards from users (its error cannot come out of `encode`, whose error type is the
/// engine's).
#[derive(Copy, Clone, Debug, Default)]
pub struct Tromino;

impl Reduction for Tromino {
    /// Tilings: the rest of a board depends only on the frontier, which many partial tilings
    /// share, so memoization counts even small boards at least as fast as enumeration.
    fn memo_by_default(&self) -> bool {
        true
    }

    /// Enumeration (`--no-memo`, `--all`) on the bit sets where they fit, else the links: the
    /// 30,355 tilings of 8 x 8 less a corner counted one by one in 0.02-0.03 s against
    /// 0.03-0.08 s on the links, 8 x 9 in 0.136 s against 0.285 s (one thread); where the
    /// bit sets do not fit, the sparse sets are slower than the links on tilings.
    fn tree(&self) -> dlx::Tree {
        dlx::Tree::Auto
    }

    /// The first open item: the board is filled in the order of its cells, and the
    /// signatures are the profiles of a frontier (12 x 12 L-trominoes: 0.02 s, against over
    /// 60 s with the fewest options first).
    fn memo_order(&self) -> dlx::memo::Branching {
        dlx::memo::Branching::FirstItem
    }

    type Puzzle = Mask;
    type Choice = Placement;
    type Board = TileBoard;

    fn parse(&self, input: &str) -> Result<Mask, ParseError> {
        parse_mask(input)
    }

    fn encode(&self, board: &Mask) -> Result<Encoding<Placement>, dlx::BuildError> {
        polyomino::encode(board, &[Piece::new('L', l_tromino())], Usage::Unlimited)
    }

    fn decode(&self, board: &Mask, choices: &[&Placement]) -> TileBoard {
        TileBoard::new(board, choices)
    }
}
