//! The classic divide-and-conquer tiling of a 2^k x 2^k board without one cell: a tromino
//! at the centre covers one cell of each quarter that lacks the missing one, and each quarter
//! is tiled the same way.

use super::{check_square, TileBoard, TrominoError};
use crate::grid::Cell;

/// The classic divide-and-conquer tiling of a `size x size` board without the cell `missing`,
/// `size` a power of two: split the board into four quarters, put one tromino at the centre
/// covering a corner of each quarter that lacks the missing cell, and tile each quarter, now
/// with one cell missing, the same way.
///
/// Tiles are numbered in the order this places them: the centre tromino of a board first,
/// then the tiles of its quarters, top-left, top-right, bottom-left, bottom-right; the missing
/// cell is `0`. The recursion is only log2(size) deep, and a 4096 x 4096 board takes a few
/// tens of milliseconds.
///
/// Errors: a size that is not a power of two or above [`MAX_SIZE`](super::MAX_SIZE), a missing cell off the
/// board.
pub fn divide(size: usize, missing: Cell) -> Result<TileBoard, TrominoError> {
    check_square(size, missing)?;
    if !size.is_power_of_two() {
        return Err(TrominoError::NotPowerOfTwo { size });
    }
    let mut board = TileBoard {
        rows: size,
        cols: size,
        tiles: vec![0; size * size],
    };
    let mut next = 1;
    board.divide(Cell::new(0, 0), size, missing, &mut next);
    Ok(board)
}

impl TileBoard {
    /// The seed's recursion on the square at `corner` of side `size`, whose cell `hole` is
    /// already covered (or missing). Tiles of side-2 squares are placed directly.
    fn divide(&mut self, corner: Cell, size: usize, hole: Cell, next: &mut u32) {
        if size < 2 {
            return;
        }
        let tile = *next;
        *next += 1;
        if size == 2 {
            for row in corner.row..corner.row + 2 {
                for col in corner.col..corner.col + 2 {
                    if (Cell { row, col }) != hole {
                        self.tiles[row * self.cols + col] = tile;
                    }
                }
            }
            return;
        }
        let half = size / 2;
        // Top-left, top-right, bottom-left, bottom-right; each with its cell at the centre.
        for (down, right) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            let quarter = Cell::new(corner.row + down * half, corner.col + right * half);
            let inside = (quarter.row..quarter.row + half).contains(&hole.row)
                && (quarter.col..quarter.col + half).contains(&hole.col);
            let hole = if inside {
                hole
            } else {
                let centre = Cell::new(corner.row + half - 1 + down, corner.col + half - 1 + right);
                self.tiles[centre.row * self.cols + centre.col] = tile;
                centre
            };
            self.divide(quarter, half, hole, next);
        }
    }
}
