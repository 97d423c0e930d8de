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
//! - one item per cell of the board, in row-major order, named by [`cell_name`] (`r3c7`).
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

use std::fmt;

use crate::grid::{cell_name, Cell, Mask};
use crate::Encoding;

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

/// The most memory that [`encode`] and the engine may take for one problem, as
/// [`EncodingSize::bytes`] estimates it: 4 GiB. Larger requests are refused before anything
/// is allocated (`dlx pack`; see [`EncodingSize::check`]).
pub const MAX_ENCODING_BYTES: u64 = 4 << 30;

/// The size of the problem that [`encode`] would build, counted before building it, and the
/// memory that it and the engine's links would take.
///
/// The counts are upper bounds: an orientation of a piece is counted at every position of
/// its bounding box on the board's rectangle, but never more often than the board has
/// cells (each placement puts the orientation's first cell on a different cell). On full
/// rectangles they are nearly exact. Counting is a few multiplications per orientation:
/// nothing is allocated and no placement is tried.
///
/// ```
/// use reductions::grid::Mask;
/// use reductions::polyomino::{EncodingSize, Piece, Shape, Usage};
///
/// let l = Piece::new('L', Shape::new([(0, 0), (1, 0), (1, 1)]).unwrap());
/// let size = EncodingSize::of(&Mask::full(4, 4), &[l.clone()], Usage::Unlimited);
/// assert_eq!((size.options, size.entries), (36, 108)); // 4 orientations at 3 x 3 positions
/// assert!(size.check().is_ok());
///
/// let huge = EncodingSize::of(&Mask::full(16384, 16384), &[l], Usage::Unlimited);
/// let error = huge.check().unwrap_err();
/// assert!(error.to_string().starts_with("the exact-cover problem would be too large"));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct EncodingSize {
    /// The items: one per cell, and one per piece with [`Usage::Once`].
    pub items: u64,
    /// The options, at most: one per placement.
    pub options: u64,
    /// The entries, at most: the items of all options together.
    pub entries: u64,
    /// The positions of the board's rectangle, cells or not (the encoder indexes them).
    pub positions: u64,
}

impl EncodingSize {
    /// Bytes per option: the [`Placement`] (56 bytes, and its cells' allocation), the
    /// builder's, problem's and links' spacers.
    const BYTES_PER_OPTION: u64 = 120;
    /// Bytes per entry: the placement's cell, the builder's and the problem's entry, the
    /// node of the links, and the builder's growth.
    const BYTES_PER_ENTRY: u64 = 44;
    /// Bytes per item: its name, header and list head.
    const BYTES_PER_ITEM: u64 = 64;
    /// Bytes per position of the board's rectangle: the index of the cells' items.
    const BYTES_PER_POSITION: u64 = 8;

    /// The size of `encode(board, pieces, usage)`, counted without building it.
    pub fn of(board: &Mask, pieces: &[Piece], usage: Usage) -> EncodingSize {
        let wide = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
        let cells = wide(board.len());
        let mut size = EncodingSize {
            items: cells,
            options: 0,
            entries: 0,
            positions: wide(board.rows()).saturating_mul(wide(board.cols())),
        };
        let piece_item = match usage {
            Usage::Once => 1,
            Usage::Unlimited => 0,
        };
        size.items = size.items.saturating_add(piece_item * wide(pieces.len()));
        for piece in pieces {
            let per_option = wide(piece.shape.len()).saturating_add(piece_item);
            for shape in &piece.orientations {
                let rows = (board.rows() + 1).saturating_sub(shape.height);
                let cols = (board.cols() + 1).saturating_sub(shape.width);
                let options = wide(rows).saturating_mul(wide(cols)).min(cells);
                size.options = size.options.saturating_add(options);
                size.entries = size
                    .entries
                    .saturating_add(options.saturating_mul(per_option));
            }
        }
        size
    }

    /// The nodes of the engine's table, as it counts them: item headers, entries, and a
    /// spacer per option plus two.
    pub fn nodes(&self) -> u64 {
        self.items
            .saturating_add(self.options)
            .saturating_add(self.entries)
            .saturating_add(2)
    }

    /// The memory that encoding and solving take, estimated from the counts: 120 bytes per
    /// option, 44 per entry, 64 per item and 8 per position, fitted to the peak resident
    /// memory of `dlx tromino --size N --missing 0,0 --node-limit 1` and of `dlx pack` of 62
    /// rectangles with `--node-limit 1` (release; the estimate in brackets): L-trominoes on
    /// 2048 x 2048, 16.8 M options and 50.3 M entries, 4.23 GB (4.53 GB); 4 x 20 rectangles
    /// on 62 x 80, 0.43 M options and 34.7 M entries, 1.57 GB (1.58 GB); 2 x 10 on 31 x 40,
    /// 0.11 M and 2.3 M, 115 MB (116 MB). Building them took 5 to 7 s a GB.
    pub fn bytes(&self) -> u64 {
        self.options
            .saturating_mul(Self::BYTES_PER_OPTION)
            .saturating_add(self.entries.saturating_mul(Self::BYTES_PER_ENTRY))
            .saturating_add(self.items.saturating_mul(Self::BYTES_PER_ITEM))
            .saturating_add(self.positions.saturating_mul(Self::BYTES_PER_POSITION))
    }

    /// This size, if the engine can hold it ([`dlx::MAX_NODES`]) within
    /// [`MAX_ENCODING_BYTES`]; otherwise an error that names the size and the limits.
    pub fn check(self) -> Result<EncodingSize, TooLarge> {
        let max_nodes = u64::try_from(dlx::MAX_NODES).unwrap_or(u64::MAX);
        if self.nodes() > max_nodes || self.bytes() > MAX_ENCODING_BYTES {
            return Err(TooLarge { size: self });
        }
        Ok(self)
    }
}

/// Bytes as GiB with one decimal, rounded up so that a size just over a limit never reads
/// as the limit.
fn gib(bytes: u64) -> String {
    let tenths = (u128::from(bytes) * 10).div_ceil(1 << 30);
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// An exact-cover problem too large to build: its [`EncodingSize`] is over
/// [`dlx::MAX_NODES`] nodes or [`MAX_ENCODING_BYTES`] of memory.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the exact-cover problem would be too large: up to {options} options and {nodes} nodes, \
     about {memory} GiB of memory; at most {max_memory} GiB and {max_nodes} nodes are allowed",
    options = size.options,
    nodes = size.nodes(),
    memory = gib(size.bytes()),
    max_memory = MAX_ENCODING_BYTES >> 30,
    max_nodes = dlx::MAX_NODES
)]
pub struct TooLarge {
    size: EncodingSize,
}

impl TooLarge {
    /// The size refused.
    pub fn size(&self) -> EncodingSize {
        self.size
    }
}

/// The exact-cover problem of packing `pieces` on `board`: every cell covered exactly once,
/// every piece used once or any number of times as `usage` says. Items and options in the
/// order given in the [module docs](self).
///
/// Errors come from the engine's builder: a piece name that is not a valid item name (a
/// blank, `:` or `|`), two pieces with one name, no cell on the board, or a problem too large.
pub fn encode(
    board: &Mask,
    pieces: &[Piece],
    usage: Usage,
) -> Result<Encoding<Placement>, dlx::BuildError> {
    let mut builder = dlx::ProblemBuilder::new();
    let piece_items: Vec<dlx::Primary> = match usage {
        Usage::Once => pieces
            .iter()
            .map(|piece| builder.primary(piece.name.to_string()))
            .collect(),
        Usage::Unlimited => Vec::new(),
    };
    let mut cell_items = vec![None; board.rows() * board.cols()];
    for cell in board.cells() {
        let index = board.index(cell).expect("a cell of the board");
        cell_items[index] = Some(builder.primary(cell_name(cell)));
    }
    let mut choices = Vec::new();
    let mut items = Vec::new();
    for (index, piece) in pieces.iter().enumerate() {
        for placement in piece.placements(index, board) {
            items.clear();
            items.extend(piece_items.get(index).copied());
            items.extend(placement.cells.iter().map(|&cell| {
                let index = board.index(cell).expect("a placement lies on the board");
                cell_items[index].expect("a placement covers cells of the board")
            }));
            builder.option(items.iter().copied());
            choices.push(placement);
        }
    }
    Ok(Encoding::new(builder.build()?, choices))
}

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

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(cells: &[(usize, usize)]) -> Shape {
        Shape::new(cells.iter().copied()).unwrap()
    }

    #[test]
    fn symmetries_of_an_asymmetric_piece_are_all_distinct() {
        let f = shape(&[(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]);
        let all = f.symmetries();
        assert_eq!(f.orientations(), all.to_vec());
        // Four quarter turns and two flips give the shape back.
        assert_eq!(all[3].rotate(), f);
        assert_eq!(f.flip().flip(), f);
        for s in &all {
            assert_eq!(s.len(), 5);
            assert_eq!((s.height(), s.width()), (3, 3));
        }
    }

    #[test]
    fn orientation_counts() {
        let counts = [
            (shape(&[(0, 0)]), 1),
            (shape(&[(0, 0), (0, 1)]), 2),
            (shape(&[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]), 2),
            (shape(&[(0, 0), (1, 0), (1, 1)]), 4),
            (shape(&[(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]), 1), // X pentomino
            (shape(&[(0, 0), (0, 1), (1, 1), (1, 2)]), 4),         // S tetromino
            (shape(&[(0, 3), (1, 0), (1, 1), (1, 2), (1, 3)]), 8),
        ];
        for (s, n) in counts {
            assert_eq!(s.orientations().len(), n, "{s}");
        }
    }

    #[test]
    fn normalization() {
        assert_eq!(shape(&[(3, 4), (3, 4), (2, 5)]), shape(&[(1, 0), (0, 1)]));
        assert_eq!(
            shape(&[(1, 0), (0, 1)]).cells(),
            [Cell::new(0, 1), Cell::new(1, 0)]
        );
    }

    #[test]
    fn encoding_order_and_names() {
        let board = Mask::full(1, 3);
        let domino = Piece::new('D', shape(&[(0, 0), (0, 1)]));
        let monomino = Piece::new('M', shape(&[(0, 0)]));
        let once = encode(&board, &[domino.clone(), monomino.clone()], Usage::Once).unwrap();
        let texts: Vec<String> = once
            .problem
            .options()
            .map(|o| once.problem.option_text(o))
            .collect();
        assert_eq!(
            texts,
            ["D r0c0 r0c1", "D r0c1 r0c2", "M r0c0", "M r0c1", "M r0c2"]
        );
        assert_eq!(dlx::Solver::new(&once.problem).count().solutions, 2);
        let unlimited = encode(&board, &[domino, monomino], Usage::Unlimited).unwrap();
        assert_eq!(unlimited.problem.primary_count(), 3);
        // 1+1+1, 2+1, 1+2.
        assert_eq!(dlx::Solver::new(&unlimited.problem).count().solutions, 3);
    }

    #[test]
    fn bad_names_and_empty_boards_are_build_errors() {
        let board = Mask::full(1, 1);
        let mono = shape(&[(0, 0)]);
        assert!(encode(&board, &[Piece::new(':', mono.clone())], Usage::Once).is_err());
        let twins = [Piece::new('A', mono.clone()), Piece::new('A', mono.clone())];
        assert!(encode(&board, &twins, Usage::Once).is_err());
        let none = Mask::empty(2, 2);
        assert!(encode(&none, &[Piece::new('A', mono)], Usage::Unlimited).is_err());
    }

    /// The counts bound what `encode` builds, and equal it on full rectangles.
    #[test]
    fn encoding_sizes_bound_the_encodings() {
        let l = Piece::new('L', shape(&[(0, 0), (1, 0), (1, 1)]));
        let bar = Piece::new('I', shape(&[(0, 0), (0, 1), (0, 2)]));
        let mut holed = Mask::full(5, 7);
        holed.remove(Cell::new(2, 3));
        holed.remove(Cell::new(0, 0));
        let cases = [
            (
                Mask::full(4, 6),
                vec![l.clone(), bar.clone()],
                Usage::Once,
                true,
            ),
            (Mask::full(3, 3), vec![l.clone()], Usage::Unlimited, true),
            (holed, vec![l.clone(), bar.clone()], Usage::Once, false),
            (Mask::full(1, 2), vec![l.clone()], Usage::Once, true),
        ];
        for (board, pieces, usage, exact) in cases {
            let size = EncodingSize::of(&board, &pieces, usage);
            let built = encode(&board, &pieces, usage).unwrap().problem;
            let actual = (built.option_count() as u64, built.entry_count() as u64);
            assert_eq!(size.items, built.item_count() as u64, "{board}");
            if exact {
                assert_eq!((size.options, size.entries), actual, "{board}");
            } else {
                assert!(
                    size.options > actual.0 && size.entries > actual.1,
                    "{board}"
                );
            }
        }
        // Never more placements of an orientation than the board has cells.
        let mut sparse = Mask::empty(100, 100);
        sparse.insert(Cell::new(50, 50));
        let one = Piece::new('A', shape(&[(0, 0)]));
        assert_eq!(EncodingSize::of(&sparse, &[one], Usage::Once).options, 1);
    }

    #[test]
    fn huge_encodings_are_refused_with_their_size() {
        let l = Piece::new('L', shape(&[(0, 0), (1, 0), (1, 1)]));
        let small = EncodingSize::of(
            &Mask::full(1024, 1024),
            std::slice::from_ref(&l),
            Usage::Unlimited,
        );
        assert_eq!(small.check(), Ok(small));
        // 2048 x 2048: 4.5 GB by the estimate, 4.2 GB measured.
        let large = EncodingSize::of(
            &Mask::full(2048, 2048),
            std::slice::from_ref(&l),
            Usage::Unlimited,
        );
        assert_eq!(
            large.check().unwrap_err().to_string(),
            "the exact-cover problem would be too large: up to 16760836 options and 71237650 \
             nodes, about 4.3 GiB of memory; at most 4 GiB and 2147483645 nodes are allowed"
        );
        // Over the engine's limit too, and no overflow in the counts.
        let huge = EncodingSize::of(&Mask::full(1 << 14, 1 << 14), &[l], Usage::Unlimited);
        assert!(huge.nodes() > dlx::MAX_NODES as u64);
        assert_eq!(huge.check().unwrap_err().size(), huge);
    }

    #[test]
    fn shapes_larger_than_the_board_fit_nowhere() {
        let long = shape(&[(0, 0), (0, 1), (0, 2)]);
        assert_eq!(long.fits(&Mask::full(2, 2)).count(), 0);
        assert_eq!(long.fits(&Mask::empty(0, 0)).count(), 0);
        assert_eq!(long.fits(&Mask::full(1, 3)).count(), 1);
    }
}
