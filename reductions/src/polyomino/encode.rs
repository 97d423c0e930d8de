//! Packing as exact cover, with its size counted before anything is built (see the
//! [module docs](super)).

use super::{Piece, Placement, Usage};
use crate::grid::{cell_name, Cell, Mask};
use crate::Encoding;

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
/// order given in the [module docs](super).
///
/// Errors come from the engine's builder: a piece name that is not a valid item name (a
/// blank, `:` or `|`), two pieces with one name, or a problem too large. A board without
/// cells has one packing, the empty one.
pub fn encode(
    board: &Mask,
    pieces: &[Piece],
    usage: Usage,
) -> Result<Encoding<Placement>, dlx::BuildError> {
    encode_along(board, pieces, usage, CellOrder::Rows)
}

/// The order of the cell items of an encoding.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CellOrder {
    /// Row by row (the order of the [module docs](super)).
    Rows,
    /// Column by column: a memoized count that fills the board in this order keeps a frontier
    /// as long as a column, so this is the order for boards wider than they are tall.
    Columns,
    /// Diagonal by diagonal (`row + col`, then by row): the order for boards whose
    /// diagonals are shorter than their rows and columns, as the Aztec diamond's are.
    Diagonals,
    /// Antidiagonal by antidiagonal (`row - col`, then by row).
    Antidiagonals,
}

impl CellOrder {
    /// The cells of `board` in this order.
    pub fn cells(self, board: &Mask) -> Vec<Cell> {
        let mut cells: Vec<Cell> = board.cells().collect();
        let cols = board.cols();
        match self {
            CellOrder::Rows => {}
            CellOrder::Columns => cells.sort_by_key(|cell| (cell.col, cell.row)),
            CellOrder::Diagonals => cells.sort_by_key(|cell| (cell.row + cell.col, cell.row)),
            CellOrder::Antidiagonals => {
                cells.sort_by_key(|cell| (cell.row + cols - cell.col, cell.row))
            }
        }
        cells
    }

    /// The order in which neighbouring cells of `board` lie closest in the list (the least
    /// bandwidth; rows, then columns, then diagonals on ties): a memoized count that fills
    /// the board in item order keeps about that many cells on its frontier.
    pub fn narrowest(board: &Mask) -> CellOrder {
        let orders = [
            CellOrder::Rows,
            CellOrder::Columns,
            CellOrder::Diagonals,
            CellOrder::Antidiagonals,
        ];
        let mut best = (usize::MAX, CellOrder::Rows);
        for order in orders {
            let mut position = vec![0usize; board.rows() * board.cols()];
            for (k, cell) in order.cells(board).into_iter().enumerate() {
                position[board.index(cell).expect("a cell of the board")] = k;
            }
            let mut width = 0;
            for cell in board.cells() {
                let here = position[board.index(cell).expect("a cell of the board")];
                for next in [
                    Cell::new(cell.row + 1, cell.col),
                    Cell::new(cell.row, cell.col + 1),
                ] {
                    if let Some(there) = board.index(next).filter(|_| board.contains(next)) {
                        width = width.max(here.abs_diff(position[there]));
                    }
                }
            }
            if width < best.0 {
                best = (width, order);
            }
        }
        best.1
    }
}

/// [`encode`], the cell items listed in `order`.
pub fn encode_along(
    board: &Mask,
    pieces: &[Piece],
    usage: Usage,
    order: CellOrder,
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
    for cell in order.cells(board) {
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
