//! Boards with pieces on them, and their plain format.

use std::fmt;

use super::{Piece, Placement};
use crate::grid::{Cell, Mask};

/// A board with pieces on it: a letter per position, the piece's name on the cells it covers,
/// [`OPEN`](PieceBoard::OPEN) on cells no piece covers, and [`NO_CELL`](PieceBoard::NO_CELL)
/// where the board has no cell.
///
/// `Display` is the plain board format of the `calendar` and `pack` commands: one line per
/// row, one character per position, lines separated by `\n` with no final newline.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceBoard {
    rows: usize,
    cols: usize,
    letters: Vec<char>,
}

impl PieceBoard {
    /// The mark of a cell that no piece covers.
    pub const OPEN: char = '.';
    /// The mark of a position where the board has no cell.
    pub const NO_CELL: char = '#';

    /// The board with these placements on it; a placement's piece is looked up in `pieces` by
    /// its index. Positions outside the board or pieces out of range are ignored, so that a
    /// wrong list draws a wrong board instead of panicking.
    pub fn new(board: &Mask, pieces: &[Piece], placements: &[&Placement]) -> PieceBoard {
        let (rows, cols) = (board.rows(), board.cols());
        let mut letters = vec![PieceBoard::NO_CELL; rows * cols];
        for cell in board.cells() {
            letters[cell.row * cols + cell.col] = PieceBoard::OPEN;
        }
        for placement in placements {
            let Some(piece) = pieces.get(placement.piece) else {
                continue;
            };
            for &cell in &placement.cells {
                if let Some(index) = board.index(cell) {
                    letters[index] = piece.name;
                }
            }
        }
        PieceBoard {
            rows,
            cols,
            letters,
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

    /// The letter at a position, `None` outside the rectangle.
    pub fn get(&self, cell: Cell) -> Option<char> {
        (cell.row < self.rows && cell.col < self.cols)
            .then(|| self.letters[cell.row * self.cols + cell.col])
    }

    /// The rows as strings, top to bottom.
    pub fn lines(&self) -> impl Iterator<Item = String> + '_ {
        (0..self.rows).map(|row| {
            self.letters[row * self.cols..(row + 1) * self.cols]
                .iter()
                .collect()
        })
    }
}

impl fmt::Display for PieceBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (row, line) in self.lines().enumerate() {
            if row > 0 {
                f.write_str("\n")?;
            }
            f.write_str(&line)?;
        }
        Ok(())
    }
}
