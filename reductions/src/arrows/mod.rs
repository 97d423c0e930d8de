//! The arrow board (seed 000): every cell of an n x n board, n even, gets one of the diagonal
//! arrows `↖ ↗ ↘ ↙`, so that no two arrows point at the same side or the same corner, every
//! row has n/2 arrows pointing up, and every column n/2 pointing left.
//!
//! An arrow points at the corner of its cell in its direction and at the two sides of its cell
//! that meet there (`↖`: the top-left corner, the top side, the left side). A side between two
//! cells counts once, and a corner is a grid point shared by up to four cells.
//!
//! # What the sides imply
//!
//! Two cells of a column cannot both point at the side between them, so an arrow pointing up
//! never sits right below one pointing down: column `c` reads `k_c` arrows up, then `n - k_c`
//! down. Row `r` then has `#{c : k_c > r}` arrows up, and the rules want n/2 for every row; for
//! `r = 0` and `r = n - 1` this says that `{c : k_c >= 1}` and `{c : k_c = n}` both have n/2
//! columns, and as the second lies inside the first they are the same set: **every column is
//! all up or all down**, n/2 of each. Likewise (sides between the cells of a row, n/2 arrows
//! left in every column) **every row is all left or all right**, n/2 of each.
//!
//! A board is then two words, `P` (column `c` up or down) and `Q` (row `r` left or right), and
//! the arrow of cell `(r, c)` is `P[c]` with `Q[r]`. No side is pointed at twice (two cells of
//! a line never point at each other), and neither is a grid point on the edge of the board.
//! A grid point inside is shared by the cells `(i-1, j-1)`, `(i-1, j)`, `(i, j-1)` and
//! `(i, j)`; two of them point at it exactly when `↘` meets `↖` (columns `j-1, j` down, up and
//! rows `i-1, i` right, left) or `↙` meets `↗` (up, down and left, right). `P` has both letters,
//! so it changes somewhere; if it changed both ways, `Q` could change nowhere and would not
//! have n/2 of each. So `P` is n/2 up then n/2 down and `Q` n/2 right then n/2 left, or `P` is
//! down then up and `Q` left then right: the two quarter pinwheels, which keep every rule.
//!
//! # Encoding
//!
//! One option per cell and arrow, four per cell, in reading order and `↖ ↗ ↘ ↙` (what the
//! decoder reads back):
//!
//! - the cell, `x<r><c>`, a primary item (every cell gets exactly one arrow);
//! - `u<r>` if the arrow points up, `l<c>` if it points left: primary items with multiplicity
//!   n/2 (Knuth's `n/2:n/2|u<r>`, which needs Algorithm M), so that exactly n/2 arrows of each
//!   row point up and n/2 of each column point left;
//! - the grid point it points at, `k<r><c>` (above and left of cell `(r, c)`), a secondary
//!   item, if it lies inside the board;
//! - its column's direction, `c<c>:U` or `c<c>:D`, and its row's, `r<r>:L` or `r<r>:R`:
//!   secondary items with colors. The first arrow placed in a column colors the column, and
//!   purification takes the other direction out of every cell of it at once.
//!
//! **The solutions of this problem are exactly the boards that keep the rules.** A board that
//! keeps them has an arrow per cell, n/2 up per row and n/2 left per column, no grid point
//! twice, and (by the first section) one direction per column and per row, which are the
//! colors its options agree on. Conversely, a solution has an arrow per cell, n/2 up (so n/2
//! down) in every row and n/2 left (so n/2 right) in every column, and no grid point inside
//! the board twice; the colors keep the two cells at a side, or at a grid point on the edge,
//! from pointing at each other (they lie in one line and would point there in opposite
//! directions), and a corner of the board belongs to one cell. So the items for sides, for
//! the edge's grid points and for the down and right counts, which earlier versions had, say
//! nothing more and are gone; so are the `m`/`n` items for cells two or more apart in a line,
//! which the colors subsume.
//!
//! The order of the items steers the search, which branches on the item with the fewest
//! options left, the leftmost on a tie: the cells' items are listed from the two middle
//! columns outwards (`x01 x02 x11 x12 ... x00 x03 ...` for n = 4), where the pinwheels turn.
//! This order was found by measuring, not derived (`docs/reductions.md`).
//!
//! The tree is two paths n² levels deep with short dead ends, so threads do not help; the
//! sizes and times measured for n = 8 to 100 are in `docs/reductions.md`.
//!
//! ```
//! use reductions::{arrows::Arrows, Reduction};
//!
//! let size = Arrows.parse("4")?;
//! let encoding = Arrows.encode(&size)?;
//! let boards: Vec<String> = dlx::Solver::new(&encoding.problem)
//!     .solutions()
//!     .map(|s| Arrows.decode(&size, &encoding.choices_of(s.options())).to_string())
//!     .collect();
//! assert_eq!(boards.len(), 2);
//! assert!(boards.contains(&"↗↗↘↘\n↗↗↘↘\n↖↖↙↙\n↖↖↙↙".to_owned()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The rooms: `format.rs` reads the size and writes boards, `encode.rs` writes the problem.

mod encode;
mod format;
#[cfg(test)]
mod tests;

use crate::text::ParseError;
use crate::{Encoding, Reduction};

/// The largest board [`Arrows`] accepts: 100 x 100. The encoding is small (about 2n^2 items,
/// 4n^2 options), but counting takes about 11 seconds for n = 100 and grows about as n^4.7.
pub const MAX_SIZE: usize = 100;

/// The arrow-board reduction. `parse` reads the size n, an even decimal number from 2 to
/// [`MAX_SIZE`] (as `dlx arrows --size N` gives it).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Arrows;

/// A board size n: even, from 2 to [`MAX_SIZE`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size(usize);

impl Size {
    /// The size n, if it is even and lies from 2 to [`MAX_SIZE`].
    pub fn new(n: usize) -> Option<Size> {
        (n % 2 == 0 && (2..=MAX_SIZE).contains(&n)).then_some(Size(n))
    }

    /// The number of rows (and of columns).
    pub fn get(self) -> usize {
        self.0
    }
}

/// One of the four diagonal arrows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Arrow {
    /// `↖`: up and left.
    UpLeft,
    /// `↗`: up and right.
    UpRight,
    /// `↘`: down and right.
    DownRight,
    /// `↙`: down and left.
    DownLeft,
}

impl Arrow {
    /// The four arrows, in the order of their options: `↖ ↗ ↘ ↙`.
    pub const ALL: [Arrow; 4] = [
        Arrow::UpLeft,
        Arrow::UpRight,
        Arrow::DownRight,
        Arrow::DownLeft,
    ];

    /// The arrow as a character.
    pub fn as_char(self) -> char {
        match self {
            Arrow::UpLeft => '↖',
            Arrow::UpRight => '↗',
            Arrow::DownRight => '↘',
            Arrow::DownLeft => '↙',
        }
    }

    /// Whether it points up (`↖ ↗`).
    pub fn is_up(self) -> bool {
        matches!(self, Arrow::UpLeft | Arrow::UpRight)
    }

    /// Whether it points left (`↖ ↙`).
    pub fn is_left(self) -> bool {
        matches!(self, Arrow::UpLeft | Arrow::DownLeft)
    }
}

/// An arrow in a cell: what one option of the encoding means.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// The row, from 0 at the top.
    pub row: usize,
    /// The column, from 0 at the left.
    pub col: usize,
    /// The arrow.
    pub arrow: Arrow,
}

/// A board of arrows. `Display` writes n lines of n arrows, lines separated by `\n` with no
/// final newline (a cell without an arrow, which no solution has, as `·`).
///
/// ```
/// use reductions::arrows::{Arrow, Arrows};
/// use reductions::Reduction;
/// let size = Arrows.parse("2")?;
/// let encoding = Arrows.encode(&size)?;
/// let first = dlx::Solver::new(&encoding.problem).first().unwrap();
/// let board = Arrows.decode(&size, &encoding.choices_of(first.options()));
/// assert_eq!(board.size(), 2);
/// assert_eq!(board.arrow(0, 0), Some(Arrow::UpRight));
/// assert_eq!(board.arrow(1, 1), Some(Arrow::DownLeft));
/// assert_eq!(board.to_string(), "↗↘\n↖↙");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    n: usize,
    cells: Vec<Option<Arrow>>,
}

impl Board {
    /// The size n.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The arrow of a cell, if it has one (or if the cell lies on the board).
    pub fn arrow(&self, row: usize, col: usize) -> Option<Arrow> {
        if row < self.n && col < self.n {
            self.cells[row * self.n + col]
        } else {
            None
        }
    }
}

impl Reduction for Arrows {
    type Puzzle = Size;
    type Choice = Placement;
    type Board = Board;

    fn parse(&self, input: &str) -> Result<Size, ParseError> {
        format::parse_size(input)
    }

    fn encode(&self, size: &Size) -> Result<Encoding<Placement>, dlx::BuildError> {
        encode::encode(size)
    }

    fn decode(&self, size: &Size, choices: &[&Placement]) -> Board {
        let n = size.0;
        let mut cells = vec![None; n * n];
        for placement in choices {
            if placement.row < n && placement.col < n {
                cells[placement.row * n + placement.col] = Some(placement.arrow);
            }
        }
        Board { n, cells }
    }
}
