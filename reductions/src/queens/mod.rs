//! The n-queens problem: n queens on an n x n board, no two in one row, column or diagonal.
//!
//! # Encoding
//!
//! As Knuth encodes it in TAOCP 7.2.2.1: one option per square, `r<i> c<j> a<i+j> b<n-1-i+j>`.
//! The rows `r` and the columns `c` are primary items (each holds exactly one queen), the
//! diagonals `a` and the antidiagonals `b` secondary (each holds at most one). The primary items
//! are listed centre-first, `r4 c4 r3 c3 r5 c5 r2 c2 ...` for n = 8, because the search
//! branches on the leftmost of the items with fewest options and a queen in the middle rules
//! out the most squares: Knuth measured 1.7 times fewer memory accesses than with rows and
//! columns in plain order. For n <= 18 the encoding is, line for line, the file `queens<n>.dlx`
//! of Knuth's programs, so the search trees are the same too.
//!
//! Numbers in item names are in base 36 (`aa` is the diagonal `i + j = 10`), padded to the
//! width of the largest one, so names stay within 8 characters up to the largest size
//! allowed, [`MAX_SIZE`].
//!
//! ```
//! use reductions::{queens::Queens, Reduction};
//!
//! let queens = Queens;
//! let size = queens.parse("8")?;
//! let encoding = queens.encode(&size)?;
//! assert_eq!(dlx::Solver::new(&encoding.problem).count().solutions, 92);
//! let solution = dlx::Solver::new(&encoding.problem).first().unwrap();
//! let board = queens.decode(&size, &encoding.choices_of(solution.options()));
//! assert_eq!(board.to_string().lines().count(), 8);
//! assert_eq!(board.to_string().matches('Q').count(), 8);
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

/// The largest board [`Queens`] accepts: 1000 x 1000 (a million options).
///
/// That bounds the memory: n = 1000 has 1,000,000 options, 4,000,000 entries and 5,006,000
/// nodes, built in 0.3 s with a peak of 150 MB (`dlx queens 1000 --node-limit 1`, release).
/// Not the search: with the engine's choice of the item with fewest options, the first
/// solution of n = 50 comes after 10,483 nodes, but n = 100 had none after a minute, so
/// give large boards `--timeout` or `--node-limit`.
pub const MAX_SIZE: usize = 1000;

/// The n-queens reduction. `parse` reads the size n, a decimal number from 1 to [`MAX_SIZE`]
/// (as `dlx queens N` gives it).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Queens;

/// A board size n, from 1 to [`MAX_SIZE`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size(usize);

impl Size {
    /// The size n, if it lies from 1 to [`MAX_SIZE`].
    pub fn new(n: usize) -> Option<Size> {
        (1..=MAX_SIZE).contains(&n).then_some(Size(n))
    }

    /// The number of rows (and of columns, and of queens).
    pub fn get(self) -> usize {
        self.0
    }
}

/// A square of the board: `(row, column)`, zero-based, as one option of the encoding places
/// a queen there.
pub type Square = (usize, usize);

/// A board with its queens. `Display` writes n lines of n characters, `Q` for a queen and `.`
/// for an empty square, lines separated by `\n` with no final newline.
///
/// ```
/// use reductions::{queens::Queens, Reduction};
/// let size = Queens.parse("4")?;
/// let encoding = Queens.encode(&size)?;
/// let first = dlx::Solver::new(&encoding.problem).first().unwrap();
/// let board = Queens.decode(&size, &encoding.choices_of(first.options()));
/// let columns: Vec<_> = (0..4).map(|row| board.queen_in_row(row)).collect();
/// assert_eq!(columns, [Some(1), Some(3), Some(0), Some(2)]);
/// assert_eq!(board.to_string(), ".Q..\n...Q\nQ...\n..Q.");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    n: usize,
    /// The column of the queen in each row, `None` where a row has none.
    queens: Vec<Option<usize>>,
}

impl Board {
    /// The size n.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The column of the queen in `row`, if that row has one.
    pub fn queen_in_row(&self, row: usize) -> Option<usize> {
        self.queens.get(row).copied().flatten()
    }
}

/// `0, 1, 2, ...` in Knuth's centre-first order: the middle, then alternately one below and one
/// above it, moving out (`4 3 5 2 6 1 7 0` for 8).
pub fn centre_first(n: usize) -> Vec<usize> {
    let mid = n / 2;
    let mut order = Vec::with_capacity(n);
    if n > 0 {
        order.push(mid);
    }
    for d in 1..=n {
        if let Some(below) = mid.checked_sub(d) {
            order.push(below);
        }
        if mid + d < n {
            order.push(mid + d);
        }
    }
    order
}

impl Reduction for Queens {
    type Puzzle = Size;
    type Choice = Square;
    type Board = Board;

    fn parse(&self, input: &str) -> Result<Size, ParseError> {
        format::parse_size(input)
    }

    fn encode(&self, size: &Size) -> Result<Encoding<Square>, dlx::BuildError> {
        encode::encode(size)
    }

    /// Bit sets: n^2 options, at most a few thousand on the boards counted (13 x 13: 0.09 s,
    /// against 0.11 s on the links; 15 x 15: 2.16 s against 3.39 s, one thread).
    fn tree(&self) -> dlx::Tree {
        dlx::Tree::Bitsets
    }

    fn decode(&self, size: &Size, choices: &[&Square]) -> Board {
        let mut queens = vec![None; size.0];
        for &&(row, col) in choices {
            if let Some(slot) = queens.get_mut(row) {
                *slot = Some(col);
            }
        }
        Board { n: size.0, queens }
    }
}
