//! Sudoku on grids of side 4, 6, 8, 9, ..., 64: every row, column and box holds each digit from
//! 1 to the side once. Boxes are n x n on a side n² (9 x 9, 16 x 16, 25 x 25, ...), and
//! otherwise h rows of w columns, the most nearly square with h < w (6: 2 x 3, 8: 2 x 4,
//! 12: 3 x 4), as Tatham's Solo draws them; a game ID of Solo can give any other shape
//! (`3x2`: boxes of 3 rows and 2 columns).
//!
//! # The format
//!
//! A grid is either one line of side² cells or side lines of side cells. Cells are written in
//! one of two ways, chosen line by line:
//!
//! - one character per cell: `1`-`9`, then `A`-`Z` (or `a`-`z`) for 10 to 35 (`A`-`G` on a
//!   16 x 16 grid), and `0`, `.` or `_` for an empty cell; blanks between cells are allowed;
//! - numbers separated by blanks, in decimal (`0`, `.` or `_` for an empty cell), which any size
//!   can use.
//!
//! A line is read one character per cell when that gives the right number of cells (the side,
//! or side² for a grid on one line), and as numbers otherwise, so `1.. 4.7 ...` is a row of
//! nine cells and `10 0 3 16 ...` a row of a 16 x 16 grid. The box lines that people draw are
//! skipped: `|` anywhere, and lines made only of `-`, `+`, `=` and `|`. Blank lines, trailing
//! blanks and `\r` are ignored. A first line `X` alone makes the grid a sudoku-X, whose two
//! long diagonals hold every digit once too (items `x<0|1><d>` in the encoding). A line
//! `regions` after the rows, then a row of region names per row, makes it a jigsaw sudoku,
//! whose regions are its boxes ([`Grid::jigsaw`]); Solo's `9j:` IDs are read too. Sides go up to [`MAX_BOX`]²; a prime side above 1 has no boxes
//! and is refused. A game ID of Solo (`3x3:a5_4a8...`) is read too.
//!
//! [`Grid`]'s `Display` writes n² lines of n² characters (`.` for an empty cell), or of numbers
//! separated by blanks beyond 35 x 35.
//!
//! # Encoding
//!
//! Knuth's, as in his `sudoku` examples and the corpus files `sudoku-*.dlx`: with the givens
//! applied, the items are the empty cells `p<r><c>`, and for each row, column and box the
//! digits it still lacks, `r<r><d>`, `c<c><d>`, `b<b><d>`; the option "cell (r, c) holds d",
//! `p<r><c> r<r><d> c<c><d> b<b><d>`, exists when d is missing from the cell's row, column and
//! box. This works only when the givens do not already clash: a digit given twice in one row
//! would leave one item `r<r><d>` for two givens and solutions that break the rule. So givens
//! that clash (see [`Grid::conflicts`]) get the plain encoding instead, [`Mode::Force`]: every
//! cell, row, column and box item, one option per given cell, every digit for the empty ones;
//! there two givens of one row take the same item, and the problem has no solution, as it
//! should. A full grid gets it too (the reduced matrix would have no item at all): one
//! solution if its digits keep the rules, none otherwise. For n <= 5 names have 4 characters, in base 36 (`pa3`: row 10, column 3).
//!
//! ```
//! use reductions::{sudoku::Sudoku, Reduction};
//!
//! let sudoku = Sudoku::default();
//! let grid = sudoku.parse("1.3.\n.4..\n..4.\n.3.1\n")?;
//! let encoding = sudoku.encode(&grid)?;
//! let solution = dlx::Solver::new(&encoding.problem).first().unwrap();
//! let solved = sudoku.decode(&grid, &encoding.choices_of(solution.options()));
//! assert_eq!(solved.to_string(), "1234\n3412\n2143\n4321");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The rooms: `format.rs` reads and writes grids, `encode.rs` writes the exact-cover problem.

mod encode;
mod format;
mod game;
mod generate;
mod grade;
mod killer;
mod killer_make;
mod regions;
mod tatham;
#[cfg(test)]
mod tests;
mod uniform;

pub use format::shape_of_side;
pub use generate::{
    add_clues, generate, generate_like_before, generate_with_boxes, generate_with_boxes_before,
    Generated, MAX_GENERATED_BOX, MAX_TRIES,
};
pub use grade::{explain, grade, hint, Difficulty, Grade};
pub use killer::{digit_sets, Cages};
pub use killer_make::MAX_KILLER_SIDE;
pub use uniform::random_grid;

/// The largest side of a jigsaw made here: 23. Regions drawn at random on 24 x 24 and
/// 25 x 25 grids left no solved grid found within a minute (20 x 20 took 7 s, 22 x 22 12 s,
/// 23 x 23 0.3 s: a prime side's regions start from the rows).
pub const MAX_JIGSAW_SIDE: usize = 23;

/// The empty grid whose like a size to make asks for (`9`, `9x`, `9j`, `9k` and their mixes,
/// in either case: [`variant_of_size`]), if puzzles of it are made here: sides with boxes from
/// 4 to [`MAX_GENERATED_BOX`]², jigsaws from 4 to [`MAX_JIGSAW_SIDE`], killers from 4 to
/// [`MAX_KILLER_SIDE`]. The one reading of a size to make that every front end shares; the
/// error says what is expected.
///
/// ```
/// use reductions::sudoku::shape_to_make;
///
/// assert_eq!(shape_to_make("9X")?.side(), 9);
/// assert!(shape_to_make("7j")?.regions().is_some());
/// assert!(shape_to_make("7").unwrap_err().contains("not prime"));
/// assert!(shape_to_make("12k").is_err());
/// # Ok::<(), String>(())
/// ```
pub fn shape_to_make(size: &str) -> Result<Grid, String> {
    let (side, variant) = variant_of_size(size.trim());
    let max = if variant.killer {
        MAX_KILLER_SIDE
    } else if variant.jigsaw {
        MAX_JIGSAW_SIDE
    } else {
        MAX_GENERATED_BOX * MAX_GENERATED_BOX
    };
    variant
        .shape(side)
        .filter(|_| (4..=max).contains(&side))
        .ok_or_else(|| {
            format!(
                "size '{size}': expected the side of a sudoku made here, from 4 to {} and not \
                 prime (4, 6, 8, 9, 10, 12, ..., 25), then x for a sudoku-X, j for a jigsaw \
                 (sides 4 to {MAX_JIGSAW_SIDE}, prime ones too), k for a killer (sides 4 to \
                 {MAX_KILLER_SIDE})",
                MAX_GENERATED_BOX * MAX_GENERATED_BOX
            )
        })
}

use std::fmt;

use crate::text::ParseError;
use crate::{Encoding, Givens, Reduction};

/// The largest box: 8 x 8, so grids up to 64 x 64.
///
/// That bounds the memory: an empty 64 x 64 grid has 262,144 options and 1,048,576 entries,
/// built in 0.12 s with a peak of 46 MB (`dlx sudoku FILE --node-limit 1`, release). Not the
/// search: the first solution of that empty grid did not come in 20 minutes (an empty
/// 16 x 16 grid's comes after 257 nodes), so give such grids `--timeout`.
pub const MAX_BOX: usize = 8;

/// The sudoku reduction; the format and the encoding are in the [module docs](self).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Sudoku {
    /// How the givens enter the matrix. By default, [`Mode::Reduce`].
    pub mode: Mode,
}

/// How the givens enter the matrix.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Knuth's way: the givens are applied before encoding, so only empty cells and missing
    /// digits are items, which is smaller and faster. Givens that clash fall back to
    /// [`Mode::Force`], and so does a full grid (which would leave no item at all).
    #[default]
    Reduce,
    /// Every cell and every digit is an item; a given cell has one option, its digit, and the
    /// search makes the forced moves (Knuth's `-full` files).
    Force,
}

/// A sudoku grid: the shape of its boxes (n x n, or h rows x w columns, as Tatham's Solo
/// allows), and its cells, side² of them (side = n², or h x w), each empty or holding a digit
/// from 1 to side. Both puzzles and solved boards are grids.
///
/// ```
/// use reductions::sudoku::Grid;
/// let mut grid = Grid::new(2).unwrap(); // 4 x 4, boxes of 2 x 2
/// grid.set_digit(0, 0, Some(1));
/// grid.set_digit(0, 3, Some(1)); // the same digit twice in row 0
/// assert_eq!((grid.side(), grid.digit(0, 0), grid.digit(1, 1)), (4, Some(1), None));
/// assert!(!grid.is_complete());
/// assert_eq!(grid.conflicts().len(), 1);
/// assert_eq!(grid.game_id(), "2x2:1b1l"); // Tatham's Solo
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    /// The rows of a box.
    box_rows: usize,
    /// The columns of a box.
    box_cols: usize,
    /// Whether the two long diagonals hold every digit once too (sudoku-X).
    diagonals: bool,
    /// The region of each cell of a jigsaw sudoku, row-major, numbered from 0 in the reading
    /// order of their first cells; `None` for boxes.
    regions: Option<Vec<u8>>,
    /// The cages of a killer sudoku.
    cages: Option<Cages>,
    /// Row-major, 0 for an empty cell.
    cells: Vec<u8>,
}

/// A digit in a cell: what one option of the encoding means.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fill {
    /// The row, from 0 at the top.
    pub row: usize,
    /// The column, from 0 at the left.
    pub col: usize,
    /// The digit, from 1 to n²; 0 for the option that picks the digits of a killer sudoku's
    /// cage (at the cage's first cell), which puts no digit anywhere.
    pub digit: usize,
}

/// Where a digit repeats: in a row, a column or a box.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum House {
    /// A row, from 0 at the top.
    Row(usize),
    /// A column, from 0 at the left.
    Column(usize),
    /// A box, numbered from 0 in reading order.
    Box(usize),
    /// A long diagonal of sudoku-X: 0 from the top left corner, 1 from the top right.
    Diagonal(usize),
    /// A cage of killer sudoku, numbered in the reading order of their first cells.
    Cage(usize),
}

/// Two cells of one row, column or box that hold the same digit.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Conflict {
    /// The row, column or box.
    pub house: House,
    /// The digit.
    pub digit: usize,
    /// The two cells, `(row, column)`, in reading order.
    pub cells: [(usize, usize); 2],
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let house = match self.house {
            House::Row(r) => format!("row {}", r + 1),
            House::Column(c) => format!("column {}", c + 1),
            House::Box(b) => format!("box {}", b + 1),
            House::Diagonal(0) => "the diagonal from the top left".to_owned(),
            House::Diagonal(_) => "the diagonal from the top right".to_owned(),
            House::Cage(g) => format!("cage {}", g + 1),
        };
        // Rows, columns, boxes and cages numbered from 1, as players (and the hints) number
        // them.
        let [(r1, c1), (r2, c2)] = self.cells;
        write!(
            f,
            "{house} holds {} twice, at r{}c{} and r{}c{}",
            self.digit,
            r1 + 1,
            c1 + 1,
            r2 + 1,
            c2 + 1
        )
    }
}

impl Grid {
    /// An empty grid with boxes of `box_size` x `box_size`, if that lies from 1 to
    /// [`MAX_BOX`].
    pub fn new(box_size: usize) -> Option<Grid> {
        Grid::with_boxes(box_size, box_size)
    }

    /// An empty grid with boxes of `box_rows` rows and `box_cols` columns (its side their
    /// product), if both are at least 1 and the side at most [`MAX_BOX`]².
    pub fn with_boxes(box_rows: usize, box_cols: usize) -> Option<Grid> {
        let side = box_rows.checked_mul(box_cols)?;
        (box_rows >= 1 && box_cols >= 1 && side <= MAX_BOX * MAX_BOX).then(|| Grid {
            box_rows,
            box_cols,
            diagonals: false,
            regions: None,
            cages: None,
            cells: vec![0; side * side],
        })
    }

    /// An empty jigsaw sudoku: its boxes are the regions that `regions` names, one name (any
    /// value) per cell in reading order, a side's worth of regions of a side's worth of cells
    /// each (as Tatham's Solo has them: `9j`). An error says what is wrong with the regions.
    ///
    /// ```
    /// use reductions::sudoku::Grid;
    ///
    /// // Rows of regions: aabb, cabb, cadd, ccdd.
    /// let regions = b"aabbcabbcaddccdd";
    /// let grid = Grid::jigsaw(4, regions).unwrap();
    /// assert_eq!((grid.box_of(1, 1), grid.box_of(3, 0)), (0, 2));
    /// assert_eq!(grid.game_id(), "4j:p,aa_a_badaba"); // Tatham's Solo
    /// assert!(Grid::jigsaw(4, &[0; 16]).is_err());
    /// ```
    pub fn jigsaw<T: PartialEq>(side: usize, regions: &[T]) -> Result<Grid, String> {
        if side == 0 || side > MAX_BOX * MAX_BOX {
            return Err(format!(
                "a side of {side}: expected 1 to {}",
                MAX_BOX * MAX_BOX
            ));
        }
        if regions.len() != side * side {
            return Err(format!(
                "expected {} cells of regions, found {}",
                side * side,
                regions.len()
            ));
        }
        // Numbered in the reading order of their first cells.
        let mut names: Vec<&T> = Vec::new();
        let mut numbers = Vec::with_capacity(regions.len());
        for name in regions {
            let number = match names.iter().position(|&seen| seen == name) {
                Some(number) => number,
                None => {
                    names.push(name);
                    names.len() - 1
                }
            };
            numbers.push(number);
        }
        if names.len() != side {
            return Err(format!("expected {side} regions, found {}", names.len()));
        }
        for region in 0..side {
            let cells = numbers.iter().filter(|&&n| n == region).count();
            if cells != side {
                return Err(format!(
                    "expected every region to have {side} cells, found one of {cells}"
                ));
            }
        }
        let mut grid = Grid::with_boxes(1, side).expect("the side was checked");
        grid.regions = Some(numbers.into_iter().map(|n| n as u8).collect());
        Ok(grid)
    }

    /// The regions of a jigsaw sudoku (each cell's, row-major, numbered in the reading order
    /// of their first cells); `None` for boxes.
    pub fn regions(&self) -> Option<&[u8]> {
        self.regions.as_deref()
    }

    /// The cages of a killer sudoku; `None` for a sudoku without.
    pub fn cages(&self) -> Option<&Cages> {
        self.cages.as_ref()
    }

    /// Makes the grid a killer sudoku with these cages (made for its side), or a sudoku
    /// without cages.
    ///
    /// ```
    /// use reductions::sudoku::{Cages, Grid, Sudoku};
    /// use reductions::Reduction;
    ///
    /// let mut grid = Grid::new(2).unwrap();
    /// // Rows of cages aabb, aabb, ccdd, ccdd (the boxes), 10 each in their first cell:
    /// // every grid keeps them.
    /// let names = b"aabbaabbccddccdd";
    /// let mut sums = [0; 16];
    /// for k in [0, 2, 8, 10] { sums[k] = 10; }
    /// grid.set_cages(Some(Cages::new(4, names, &sums).unwrap()));
    /// assert_eq!(grid.game_id(), "2x2k:p,abbbbbbba,10a10e10a10e");
    /// let encoding = Sudoku::default().encode(&grid).unwrap();
    /// assert_eq!(dlx::Solver::new(&encoding.problem).count().solutions, 288);
    /// ```
    pub fn set_cages(&mut self, cages: Option<Cages>) {
        self.cages = cages;
    }

    /// The cells `(row, column)` of box (or region) `b`, in reading order.
    pub fn box_cells(&self, b: usize) -> Vec<(usize, usize)> {
        let side = self.side();
        (0..side * side)
            .map(|k| (k / side, k % side))
            .filter(|&(r, c)| self.box_of(r, c) == b)
            .collect()
    }

    /// Makes the grid a sudoku-X, whose two long diagonals also hold every digit once
    /// (Tatham's Solo calls it X; its game IDs say `x` after the box size), or a plain one.
    ///
    /// ```
    /// use reductions::sudoku::{Grid, Sudoku};
    /// use reductions::Reduction;
    ///
    /// let mut grid = Grid::new(2).unwrap();
    /// grid.set_diagonals(true);
    /// assert_eq!(grid.game_id(), "2x2x:p");
    /// let count = |grid: &Grid| {
    ///     let encoding = Sudoku::default().encode(grid).unwrap();
    ///     let solutions = dlx::Solver::new(&encoding.problem).count().solutions;
    ///     solutions
    /// };
    /// assert_eq!(count(&grid), 48); // of the 288 grids of side 4
    /// ```
    pub fn set_diagonals(&mut self, diagonals: bool) {
        self.diagonals = diagonals;
    }

    /// Whether the two long diagonals hold every digit once too (sudoku-X).
    pub fn has_diagonals(&self) -> bool {
        self.diagonals
    }

    /// The long diagonals that a cell lies on, when the grid has them: 0 from the top left
    /// corner, 1 from the top right (the middle cell of an odd side is on both).
    pub fn diagonals_of(&self, row: usize, col: usize) -> impl Iterator<Item = usize> {
        let side = self.side();
        let on = [
            self.diagonals && row == col,
            self.diagonals && row + col + 1 == side,
        ];
        (0..2).filter(move |&d| on[d])
    }

    /// The box size n of square n x n boxes; for boxes that are not square, their rows.
    pub fn box_size(&self) -> usize {
        self.box_rows
    }

    /// The shape of a box: its rows and its columns.
    pub fn box_shape(&self) -> (usize, usize) {
        (self.box_rows, self.box_cols)
    }

    /// The side n² of the grid, which is also the largest digit.
    pub fn side(&self) -> usize {
        self.box_rows * self.box_cols
    }

    /// The digit in a cell, `None` when it is empty.
    ///
    /// # Panics
    /// If the cell lies outside the grid.
    pub fn digit(&self, row: usize, col: usize) -> Option<usize> {
        let side = self.side();
        assert!(row < side && col < side, "({row},{col}) is off the grid");
        Some(self.cells[row * side + col] as usize).filter(|&d| d > 0)
    }

    /// Puts a digit in a cell, or empties it with `None`.
    ///
    /// # Panics
    /// If the cell lies outside the grid or the digit is not from 1 to n².
    pub fn set_digit(&mut self, row: usize, col: usize, digit: Option<usize>) {
        let side = self.side();
        assert!(row < side && col < side, "({row},{col}) is off the grid");
        let digit = digit.unwrap_or(0);
        assert!(
            digit <= side,
            "{digit} is not a digit of a {side} x {side} grid"
        );
        self.cells[row * side + col] = digit as u8;
    }

    /// The grid as a game ID of Tatham's Solo (`3x3:a5_4a8c9...`), which his program reads
    /// in "Game > Specific" and [`Sudoku::parse`](crate::Reduction::parse) reads back.
    pub fn game_id(&self) -> String {
        tatham::write(self)
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        !self.cells.contains(&0)
    }

    /// The box of a cell (its region in a jigsaw sudoku), numbered from 0 in reading order.
    pub fn box_of(&self, row: usize, col: usize) -> usize {
        match &self.regions {
            Some(regions) => usize::from(regions[row * self.side() + col]),
            None => row / self.box_rows * self.box_rows + col / self.box_cols,
        }
    }

    /// Whether some row, column or box holds a digit twice (whether [`conflicts`] has any),
    /// by a mask of digits per house: a run over many grids asks it of every one.
    ///
    /// [`conflicts`]: Self::conflicts
    pub fn has_conflicts(&self) -> bool {
        let side = self.side();
        // On the stack: a side is at most MAX_BOX^2 = 64.
        let mut rows = [0u64; MAX_BOX * MAX_BOX];
        let mut cols = [0u64; MAX_BOX * MAX_BOX];
        let mut boxes = [0u64; MAX_BOX * MAX_BOX];
        // Each column's box within a band of rows, and each row's first box (no division in
        // the loop over the cells).
        let mut box_of_col = [0usize; MAX_BOX * MAX_BOX];
        for (c, at) in box_of_col.iter_mut().enumerate().take(side) {
            *at = c / self.box_cols;
        }
        let mut clash = 0u64;
        for (r, row) in self.cells.chunks_exact(side).enumerate() {
            let band = r / self.box_rows * self.box_rows;
            for (c, &digit) in row.iter().enumerate() {
                // No bit for a blank, without a branch: which cells are blank follows no
                // pattern the processor could learn.
                let bit =
                    (1u64 << (digit.wrapping_sub(1) & 63)) & u64::from(digit != 0).wrapping_neg();
                let b = match &self.regions {
                    Some(regions) => usize::from(regions[r * side + c]),
                    None => band + box_of_col[c],
                };
                clash |= (rows[r] | cols[c] | boxes[b]) & bit;
                rows[r] |= bit;
                cols[c] |= bit;
                boxes[b] |= bit;
            }
        }
        if clash != 0 {
            return true;
        }
        if self.diagonals {
            let mut diagonals = [0u64; 2];
            for k in 0..side {
                for (d, cell) in [(0, k * side + k), (1, k * side + side - 1 - k)] {
                    let digit = self.cells[cell];
                    if digit == 0 {
                        continue;
                    }
                    let bit = 1u64 << (digit - 1);
                    clash |= diagonals[d] & bit;
                    diagonals[d] |= bit;
                }
            }
            if clash != 0 {
                return true;
            }
        }
        self.cages.is_some()
            && self
                .conflicts()
                .iter()
                .any(|c| matches!(c.house, House::Cage(_)))
    }

    /// Every pair of cells of one row, column, box (or long diagonal of sudoku-X) that hold
    /// the same digit: rows first, then columns, boxes and diagonals, each pair as the first
    /// repeat of a digit finds it.
    pub fn conflicts(&self) -> Vec<Conflict> {
        let side = self.side();
        let mut found = Vec::new();
        let boxes: Vec<Vec<(usize, usize)>> = (0..side).map(|b| self.box_cells(b)).collect();
        let cell = |kind: usize, h: usize, k: usize| match kind {
            0 => (h, k),
            1 => (k, h),
            _ => boxes[h][k],
        };
        let mut seen = vec![None; side + 1];
        for kind in 0..3 {
            for h in 0..side {
                seen.fill(None);
                for k in 0..side {
                    let (r, c) = cell(kind, h, k);
                    let digit = self.cells[r * side + c] as usize;
                    if digit == 0 {
                        continue;
                    }
                    match seen[digit] {
                        Some(first) => found.push(Conflict {
                            house: [House::Row(h), House::Column(h), House::Box(h)][kind],
                            digit,
                            cells: [first, (r, c)],
                        }),
                        None => seen[digit] = Some((r, c)),
                    }
                }
            }
        }
        if self.diagonals {
            for d in 0..2 {
                seen.fill(None);
                for k in 0..side {
                    let (r, c) = if d == 0 { (k, k) } else { (k, side - 1 - k) };
                    let digit = self.cells[r * side + c] as usize;
                    if digit == 0 {
                        continue;
                    }
                    match seen[digit] {
                        Some(first) => found.push(Conflict {
                            house: House::Diagonal(d),
                            digit,
                            cells: [first, (r, c)],
                        }),
                        None => seen[digit] = Some((r, c)),
                    }
                }
            }
        }
        if let Some(cages) = &self.cages {
            for g in 0..cages.count() {
                seen.fill(None);
                for k in cages.cells(g) {
                    let (r, c) = (k / side, k % side);
                    let digit = self.cells[k] as usize;
                    if digit == 0 {
                        continue;
                    }
                    match seen[digit] {
                        Some(first) => found.push(Conflict {
                            house: House::Cage(g),
                            digit,
                            cells: [first, (r, c)],
                        }),
                        None => seen[digit] = Some((r, c)),
                    }
                }
            }
        }
        found
    }
}

/// The variants of sudoku that a size to make may ask for, after the side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Variant {
    /// `x`: a sudoku-X.
    pub diagonals: bool,
    /// `j`: a jigsaw.
    pub jigsaw: bool,
    /// `k`: a killer sudoku.
    pub killer: bool,
}

/// The side and the variant that a size to make asks for, as Solo writes them: `9` plain,
/// `9x` a sudoku-X, `9j` a jigsaw, `9k` a killer, in any mix (`9jx`, `9xk`); a side of 0
/// when there is no number.
///
/// ```
/// use reductions::sudoku::{variant_of_size, Variant};
/// assert_eq!(variant_of_size("9"), (9, Variant::default()));
/// let both = Variant { diagonals: true, jigsaw: true, killer: false };
/// assert_eq!(variant_of_size("9jx"), (9, both));
/// assert!(variant_of_size("9xk").1.killer);
/// assert_eq!(variant_of_size("nine").0, 0);
/// ```
pub fn variant_of_size(size: &str) -> (usize, Variant) {
    let mut side = size;
    let mut variant = Variant::default();
    loop {
        if let Some(rest) = side.strip_suffix(['x', 'X']) {
            (side, variant.diagonals) = (rest, true);
        } else if let Some(rest) = side.strip_suffix(['j', 'J']) {
            (side, variant.jigsaw) = (rest, true);
        } else if let Some(rest) = side.strip_suffix(['k', 'K']) {
            (side, variant.killer) = (rest, true);
        } else {
            break;
        }
    }
    (side.parse().unwrap_or(0), variant)
}

impl Variant {
    /// An empty grid of `side` with this variant's rules, to make puzzles like
    /// ([`generate_like_before`]): boxes (Solo's for the side) or the rows as a jigsaw's
    /// regions, the diagonals, cages of one cell as a killer's mark. `None` for a side
    /// without boxes when no jigsaw is asked.
    pub fn shape(self, side: usize) -> Option<Grid> {
        let mut shape = if self.jigsaw {
            let rows: Vec<usize> = (0..side * side).map(|k| k / side).collect();
            Grid::jigsaw(side, &rows).ok()?
        } else {
            let (rows, cols) = shape_of_side(side)?;
            Grid::with_boxes(rows, cols)?
        };
        shape.set_diagonals(self.diagonals);
        if self.killer {
            let cells: Vec<usize> = (0..side * side).collect();
            shape.set_cages(Cages::new(side, &cells, &vec![0; side * side]).ok());
        }
        Some(shape)
    }
}

/// The largest side that a search of a sudoku walks without reasoning at every node. On this
/// encoding forcing places every single and takes every intersection (a box's digit confined
/// to one row leaves the rest of the row): minimal 25 x 25 puzzles of the intermediate grade
/// took 37,119,780 nodes and 12.5 s to count to two without it (seed 1; seed 3 did not finish
/// in 60 s), 360 nodes and 1 ms with it. Up to 16 x 16 Knuth's search is the faster: 10,000
/// of Solo's basic 9 x 9 puzzles took 0.50 s without and 0.73 s with, the hard 9 x 9 ones
/// 1-3 ms with and under 1 ms without, 16 x 16 unreasonable ones a few ms either way.
pub const FORCING_ABOVE: usize = 16;

impl Reduction for Sudoku {
    type Puzzle = Grid;
    type Choice = Fill;
    type Board = Grid;

    /// Loose grids count by memoization: the 28,200,960 grids of an empty 6 x 6 in 1.4 s,
    /// where the enumeration took 5.7 s (docs/reductions.md).
    fn memo_after(&self) -> Option<u64> {
        Some(crate::plan::MEMO_AFTER_NODES)
    }

    fn parse(&self, input: &str) -> Result<Grid, ParseError> {
        // A one-line grid first: a batch reads many, and its characters are never a game
        // ID's (no `:` and no `#`).
        if let Some(grid) = format::one_line_grid(input) {
            return Ok(grid);
        }
        if crate::tatham::is_game_id(input) {
            return tatham::parse(input);
        }
        format::parse_grid(input)
    }

    /// Knuth's search up to 16 x 16, forcing beyond (see [`FORCING_ABOVE`]), and for killer
    /// sudoku: Solo's unreasonable killers took 196, 121 and 892 nodes with it, 6,095, 27,858
    /// and 41,282 without, and cages merged further some minutes.
    fn propagation_for(&self, grid: &Grid) -> dlx::Propagation {
        if grid.side() > FORCING_ABOVE || grid.cages.is_some() {
            dlx::Propagation::Forcing
        } else {
            dlx::Propagation::None
        }
    }

    fn encode(&self, grid: &Grid) -> Result<Encoding<Fill>, dlx::BuildError> {
        match self.mode {
            Mode::Reduce if !grid.is_complete() && !grid.has_conflicts() => {
                encode::encode_reduced(grid, None)
            }
            _ => encode::encode_forced(grid),
        }
    }

    /// An empty 9 x 9 grid (no givens, no diagonals, regions or cages): exactly uniform grids
    /// drawn by bands ([`random_grid`]), some 25 ms each, where the graph of all 6.67 x 10^21
    /// grids cannot be built.
    fn sampler(&self, grid: &Grid, encoding: &Encoding<Fill>) -> Option<crate::Sampler> {
        let empty = grid.side() == 9
            && grid.box_shape() == (3, 3)
            && grid.cells.iter().all(|&digit| digit == 0)
            && !grid.has_diagonals()
            && grid.regions.is_none()
            && grid.cages.is_none();
        if !empty {
            return None;
        }
        let mut options = vec![None; 729];
        for option in encoding.problem.options() {
            let fill = encoding.choice(option);
            if fill.row < 9 && fill.col < 9 && (1..=9).contains(&fill.digit) {
                options[(fill.row * 9 + fill.col) * 9 + fill.digit - 1] = Some(option);
            }
        }
        let options: Vec<dlx::OptionId> = options.into_iter().collect::<Option<_>>()?;
        if options.len() != encoding.problem.option_count() {
            return None;
        }
        Some(crate::Sampler::new("bands", move |rng| {
            random_grid(rng)
                .iter()
                .enumerate()
                .map(|(cell, &digit)| options[cell * 9 + usize::from(digit) - 1])
                .collect()
        }))
    }

    /// Knuth's encoding of the empty grid of the same boxes has an option for every digit of
    /// every cell, `side * cell + digit - 1`; once a grid's givens are taken from it, its
    /// table is the grid's own encoding's. Not for the grids that [`Mode::Force`] encodes;
    /// givens that clash come as they are (the plain encoding is then the grid's own).
    fn givens(&self, grid: &Grid) -> Option<Givens<Grid>> {
        // Jigsaw grids have no shape to share a table with others by.
        if self.mode != Mode::Reduce || grid.regions.is_some() || grid.cages.is_some() {
            return None;
        }
        let (box_rows, box_cols) = grid.box_shape();
        // At most 64 x 64 cells of 64 digits: every option's index fits in 32 bits.
        let side = grid.side() as u32;
        // Each cell's option written, and kept where the cell is given: without a branch a
        // cell, as which cells are blank follows no pattern the processor could learn.
        let mut options = vec![dlx::OptionId::new(0); grid.cells.len()];
        let mut given = 0;
        let mut first_of_cell = 0u32;
        for &digit in &grid.cells {
            let option = (first_of_cell + u32::from(digit)).wrapping_sub(1);
            if let Some(slot) = options.get_mut(given) {
                *slot = dlx::OptionId::new(option as usize);
            }
            given += usize::from(digit > 0);
            first_of_cell += side;
        }
        if given == grid.cells.len() {
            return None;
        }
        options.truncate(given);
        let mut blank = Grid::with_boxes(box_rows, box_cols)?;
        blank.set_diagonals(grid.diagonals);
        Some(Givens {
            shape: u64::from(grid.diagonals) << 63 | (box_rows as u64) << 32 | box_cols as u64,
            blank,
            options,
        })
    }

    fn decode(&self, grid: &Grid, choices: &[&Fill]) -> Grid {
        let side = grid.side();
        let mut solved = grid.clone();
        for fill in choices {
            if fill.row < side && fill.col < side && (1..=side).contains(&fill.digit) {
                solved.cells[fill.row * side + fill.col] = fill.digit as u8;
            }
        }
        solved
    }
}
