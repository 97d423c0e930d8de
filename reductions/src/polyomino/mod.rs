//! Polyominoes: shapes, their symmetries, their placements on a board, and packing them as
//! exact cover.
//!
//! A [`Shape`] is a finite set of cells, normalized so that its topmost row and leftmost column
//! are 0. It has 8 [`symmetries`](Shape::symmetries) (4 rotations, each with or without a
//! mirror image); the distinct ones are its [`orientations`](Shape::orientations): 2 for a
//! 2 x 3 rectangle, 4 for the L-tromino, 8 for the L-pentomino. A [`Piece`] is a shape with a
//! one-letter name. [`encode`] turns pieces and a board ([`Mask`]) into an exact-cover problem
//! whose options are the pieces' [`Placement`]s.
//!
//! # The encoding
//!
//! Items, all primary, in this order:
//! - with [`Usage::Once`], one item per piece, named by its letter, in the order of the pieces;
//! - one item per cell of the board, in row-major order, named by [`cell_name`](crate::grid::cell_name) (`r3c7`).
//!
//! Options, in this order (which, with the item order, fixes the search tree): piece by piece;
//! within a piece, orientation by orientation in the order of [`Shape::orientations`]; within
//! an orientation, by the position of its bounding box's top-left corner (the placement's
//! [`origin`](Placement::origin)) in row-major order. An option lists the piece's item (with
//! [`Usage::Once`]) and then its cells in row-major order.
//!
//! # Example
//!
//! A 2 x 3 board packed with an L-tromino and its mirror image, each used once:
//!
//! ```
//! use reductions::grid::Mask;
//! use reductions::polyomino::{encode, Piece, PieceBoard, Shape, Usage};
//!
//! let l = Shape::new([(0, 0), (1, 0), (1, 1)]).unwrap();
//! assert_eq!(l.orientations().len(), 4);
//! let pieces = [Piece::new('A', l.clone()), Piece::new('B', l.flip())];
//! let board = Mask::full(2, 3);
//! let encoding = encode(&board, &pieces, Usage::Once)?;
//! assert_eq!(encoding.problem.primary_count(), 2 + 6);
//!
//! let solutions: Vec<String> = dlx::Solver::new(&encoding.problem)
//!     .solutions()
//!     .map(|solution| {
//!         let placements = encoding.choices_of(solution.options());
//!         PieceBoard::new(&board, &pieces, &placements).to_string()
//!     })
//!     .collect();
//! assert_eq!(solutions.len(), 4);
//! assert!(solutions.contains(&"AAB\nABB".to_string()));
//! # Ok::<(), dlx::BuildError>(())
//! ```
//!
//! The rooms: `encode.rs` writes the exact-cover problem of a packing (and counts its size
//! first), `board.rs` draws a solution.

mod board;
mod encode;
#[cfg(test)]
mod tests;

pub use board::PieceBoard;
pub use encode::{encode, encode_along, CellOrder, EncodingSize, TooLarge, MAX_ENCODING_BYTES};

use std::fmt;

use crate::grid::{Cell, Mask};

/// A finite, nonempty set of cells, normalized: its topmost cell is in row 0 and its leftmost
/// in column 0, and its cells are kept in row-major order.
///
/// Two shapes are equal when they have the same cells, so a shape and a translated copy of it
/// are equal, and a rotated copy in general is not.
///
/// `Display` draws it: one line per row of its bounding box, `#` on its cells and `.` elsewhere.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    cells: Vec<Cell>,
    height: usize,
    width: usize,
}

impl Shape {
    /// The shape of these cells, translated so that its minimum row and column are 0; repeated
    /// cells count once. `None` if there is no cell.
    ///
    /// ```
    /// use reductions::polyomino::Shape;
    /// let v = Shape::new([(5, 5), (5, 6), (5, 7), (6, 7), (7, 7)]).unwrap();
    /// assert_eq!(v.to_string(), "###\n..#\n..#");
    /// assert_eq!((v.height(), v.width(), v.len()), (3, 3, 5));
    /// assert!(Shape::new(Vec::<(usize, usize)>::new()).is_none());
    /// ```
    pub fn new<C: Into<Cell>>(cells: impl IntoIterator<Item = C>) -> Option<Shape> {
        let mut cells: Vec<Cell> = cells.into_iter().map(Into::into).collect();
        let top = cells.iter().map(|cell| cell.row).min()?;
        let left = cells.iter().map(|cell| cell.col).min()?;
        for cell in &mut cells {
            cell.row -= top;
            cell.col -= left;
        }
        cells.sort_unstable();
        cells.dedup();
        let height = cells.iter().map(|cell| cell.row).max()? + 1;
        let width = cells.iter().map(|cell| cell.col).max()? + 1;
        Some(Shape {
            cells,
            height,
            width,
        })
    }

    /// The cells, in row-major order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The number of cells (never 0).
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a shape has at least one cell. (For clippy's `len` rule.)
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The number of rows of its bounding box.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The number of columns of its bounding box.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Whether the shape has a cell at this position (relative to its bounding box).
    pub fn contains(&self, cell: Cell) -> bool {
        self.cells.binary_search(&cell).is_ok()
    }

    fn mapped(&self, f: impl Fn(Cell) -> Cell) -> Shape {
        Shape::new(self.cells.iter().map(|&cell| f(cell))).expect("a shape has cells")
    }

    /// The shape turned a quarter clockwise.
    ///
    /// ```
    /// use reductions::polyomino::Shape;
    /// let l = Shape::new([(0, 0), (1, 0), (2, 0), (2, 1)]).unwrap();
    /// assert_eq!(l.to_string(), "#.\n#.\n##");
    /// assert_eq!(l.rotate().to_string(), "###\n#..");
    /// ```
    pub fn rotate(&self) -> Shape {
        let height = self.height;
        self.mapped(|cell| Cell::new(cell.col, height - 1 - cell.row))
    }

    /// The mirror image, left and right exchanged.
    ///
    /// ```
    /// use reductions::polyomino::Shape;
    /// let l = Shape::new([(0, 0), (1, 0), (2, 0), (2, 1)]).unwrap();
    /// assert_eq!(l.flip().to_string(), ".#\n.#\n##");
    /// ```
    pub fn flip(&self) -> Shape {
        let width = self.width;
        self.mapped(|cell| Cell::new(cell.row, width - 1 - cell.col))
    }

    /// The 8 symmetries, in this order: the shape itself, turned clockwise by one, two and three
    /// quarters, then its mirror image ([`flip`](Shape::flip)) turned by zero to three quarters.
    /// Symmetric shapes repeat some.
    pub fn symmetries(&self) -> [Shape; 8] {
        let mirror = self.flip();
        let [a1, m1] = [self.rotate(), mirror.rotate()];
        let [a2, m2] = [a1.rotate(), m1.rotate()];
        let [a3, m3] = [a2.rotate(), m2.rotate()];
        [self.clone(), a1, a2, a3, mirror, m1, m2, m3]
    }

    /// The distinct [`symmetries`](Shape::symmetries), each kept where it first appears in
    /// that order: 1, 2, 4 or 8 of them.
    ///
    /// ```
    /// use reductions::polyomino::Shape;
    /// let count = |cells: &[(usize, usize)]| Shape::new(cells.iter().copied()).unwrap().orientations().len();
    /// assert_eq!(count(&[(0, 0), (0, 1), (1, 0), (1, 1)]), 1); // the square
    /// assert_eq!(count(&[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]), 2); // 2 x 3
    /// assert_eq!(count(&[(0, 0), (1, 0), (1, 1)]), 4); // L-tromino
    /// assert_eq!(count(&[(0, 1), (1, 0), (1, 1), (1, 2)]), 4); // T-tetromino
    /// assert_eq!(count(&[(0, 3), (1, 0), (1, 1), (1, 2), (1, 3)]), 8); // L-pentomino
    /// ```
    pub fn orientations(&self) -> Vec<Shape> {
        let mut distinct: Vec<Shape> = Vec::with_capacity(8);
        for shape in self.symmetries() {
            if !distinct.contains(&shape) {
                distinct.push(shape);
            }
        }
        distinct
    }

    /// The positions where this shape, as it is (not turned), fits on the board: each the
    /// top-left corner of its bounding box, in row-major order, with the board cells covered,
    /// in row-major order.
    ///
    /// ```
    /// use reductions::grid::{Cell, Mask};
    /// use reductions::polyomino::Shape;
    /// let domino = Shape::new([(0, 0), (0, 1)]).unwrap();
    /// let mut board = Mask::full(2, 3);
    /// board.remove(Cell::new(0, 1));
    /// let origins: Vec<Cell> = domino.fits(&board).map(|(origin, _)| origin).collect();
    /// assert_eq!(origins, [Cell::new(1, 0), Cell::new(1, 1)]);
    /// ```
    pub fn fits<'a>(&'a self, board: &'a Mask) -> impl Iterator<Item = (Cell, Vec<Cell>)> + 'a {
        let rows = (board.rows() + 1).saturating_sub(self.height);
        let cols = (board.cols() + 1).saturating_sub(self.width);
        let at =
            |origin: Cell, cell: &Cell| Cell::new(origin.row + cell.row, origin.col + cell.col);
        // Checked before anything is allocated: most origins fail at their first cells.
        (0..rows)
            .flat_map(move |row| (0..cols).map(move |col| Cell::new(row, col)))
            .filter(move |&origin| {
                self.cells
                    .iter()
                    .all(|cell| board.contains(at(origin, cell)))
            })
            .map(move |origin| {
                (
                    origin,
                    self.cells.iter().map(|cell| at(origin, cell)).collect(),
                )
            })
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.height {
            if row > 0 {
                f.write_str("\n")?;
            }
            for col in 0..self.width {
                let filled = self.contains(Cell::new(row, col));
                f.write_str(if filled { "#" } else { "." })?;
            }
        }
        Ok(())
    }
}

/// A named shape: the name is the letter drawn on its cells and, when each piece is used once,
/// the name of its item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    name: char,
    shape: Shape,
    orientations: Vec<Shape>,
}

impl Piece {
    /// A piece named `name` (a letter or digit, so that it is a valid item name and drawn
    /// plainly; [`encode`] refuses names the engine cannot take).
    pub fn new(name: char, shape: Shape) -> Piece {
        let orientations = shape.orientations();
        Piece {
            name,
            shape,
            orientations,
        }
    }

    /// A piece that keeps the orientation of `shape`: it is neither turned nor flipped.
    pub fn fixed(name: char, shape: Shape) -> Piece {
        Piece {
            name,
            orientations: vec![shape.clone()],
            shape,
        }
    }

    /// Its name.
    pub fn name(&self) -> char {
        self.name
    }

    /// Its shape as given (normalized).
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Its distinct orientations, as [`Shape::orientations`].
    pub fn orientations(&self) -> &[Shape] {
        &self.orientations
    }

    /// Its placements on a board: orientation by orientation, then by origin in row-major
    /// order (the order of [`encode`]'s options). `index` is the piece's number in its list,
    /// recorded in each placement.
    pub fn placements(&self, index: usize, board: &Mask) -> Vec<Placement> {
        let mut placements = Vec::new();
        for (orientation, shape) in self.orientations.iter().enumerate() {
            placements.extend(shape.fits(board).map(|(origin, cells)| Placement {
                piece: index,
                orientation,
                origin,
                cells,
            }));
        }
        placements
    }
}

/// How often each piece is used in a packing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Usage {
    /// Every piece exactly once (the calendar puzzle, pentominoes): one item per piece.
    Once,
    /// Each piece any number of times, zero included (tilings by trominoes): no piece items.
    Unlimited,
}

/// A piece on the board: what one option of [`encode`] means.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    piece: usize,
    orientation: usize,
    origin: Cell,
    cells: Vec<Cell>,
}

impl Placement {
    /// The piece's index in the list given to [`encode`].
    pub fn piece(&self) -> usize {
        self.piece
    }

    /// The orientation's index in the piece's [`orientations`](Piece::orientations).
    pub fn orientation(&self) -> usize {
        self.orientation
    }

    /// The board position of the top-left corner of the orientation's bounding box.
    pub fn origin(&self) -> Cell {
        self.origin
    }

    /// The board cells covered, in row-major order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
}
