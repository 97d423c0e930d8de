//! Cells, boards as cell masks, the plain-text board format, and short item names.
//!
//! Coordinates are (row, column), zero-based, row 0 at the top. A [`Mask`] is a rectangle of
//! `rows x cols` positions, some of which are cells of the board (any shape, holes allowed).
//!
//! # The board file format
//!
//! [`parse_mask`] reads the board files of `dlx tromino --board` and `dlx pack`:
//!
//! - one line per row, one character per position: `.` a cell of the board, `#` no cell;
//! - optionally, before the rows, a line `H W` (two decimal numbers): then there must be
//!   exactly `H` rows of exactly `W` characters;
//! - without that line, every row must have as many characters as the first;
//! - blank lines before and after the rows are ignored, trailing blanks and `\r` on a line too;
//!   a blank line between rows is an error (draw an empty row as `#`s).
//!
//! Every error says where (line and column, from 1) and what was expected.
//!
//! ```
//! use reductions::grid::{parse_mask, Cell};
//!
//! let mask = parse_mask("2 3\n.#.\n...\n")?;
//! assert_eq!((mask.rows(), mask.cols(), mask.len()), (2, 3, 5));
//! assert!(!mask.contains(Cell::new(0, 1)));
//! assert_eq!(mask.to_string(), ".#.\n...");
//!
//! let err = parse_mask("..\n.x\n").unwrap_err();
//! assert_eq!(err.to_string(), "2:2: expected '.' (a cell) or '#' (no cell), found 'x'");
//! # Ok::<(), reductions::text::ParseError>(())
//! ```
//!
//! # Item names
//!
//! [`cell_name`] names the item of a cell `r<row>c<col>` with the row and column in base 36
//! (digits `0-9a-z`): `r3c7`, `rac0` (row 10), except that the row writes its digit twelve as
//! `C`, so that the first `c` of a name always separates row and column: with `c` in both,
//! row 48 (`1c`) column 0 and row 1 column 432 (`c0`) were both `r1cc0`, and every board of
//! at least 49 rows and 433 columns (`dlx tromino --size 512`) failed to encode with "item
//! name used twice". Boards of up to 36 x 36 cells get names of at
//! most 4 characters, up to 1296 x 1296 at most 6, and up to 46656 x 46656 (so 4096 x 4096
//! included) at most 8, the limit of Knuth's own programs. Larger boards get longer names,
//! which this workspace's engine reads but Knuth's programs do not.

use std::fmt;

use crate::text::{numbered_lines, push_base36, ParseError, ParseErrorKind};

/// What a board file may hold at a position.
const NOT_A_CELL: &str = "'.' (a cell) or '#' (no cell)";

/// A position on a board: row and column, zero-based, row 0 at the top.
///
/// Cells order row-major (by row, then column), the reading order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Cell {
    /// The row, from 0 at the top.
    pub row: usize,
    /// The column, from 0 at the left.
    pub col: usize,
}

impl Cell {
    /// The cell at `row`, `col`.
    pub const fn new(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }
}

impl From<(usize, usize)> for Cell {
    fn from((row, col): (usize, usize)) -> Cell {
        Cell { row, col }
    }
}

/// `(row,col)`, as on the command line (`--missing R,C`).
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// Reads `R,C` (the form of `dlx tromino --missing R,C`): two decimal numbers, zero-based,
/// separated by a comma, blanks allowed around each.
///
/// ```
/// use reductions::grid::Cell;
/// assert_eq!("2,2".parse(), Ok(Cell::new(2, 2)));
/// assert_eq!(" 10 , 0 ".parse(), Ok(Cell::new(10, 0)));
/// assert!("2;2".parse::<Cell>().is_err());
/// assert_eq!(
///     "2,-1".parse::<Cell>().unwrap_err().to_string(),
///     "expected a cell as ROW,COL (two numbers from 0, such as 2,3), found '2,-1'"
/// );
/// ```
impl std::str::FromStr for Cell {
    type Err = CellError;

    fn from_str(text: &str) -> Result<Cell, CellError> {
        let number = |part: &str| {
            let part = part.trim();
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            part.parse::<usize>().ok()
        };
        let (row, col) = text.split_once(',').ok_or_else(|| CellError::new(text))?;
        match (number(row), number(col)) {
            (Some(row), Some(col)) => Ok(Cell::new(row, col)),
            _ => Err(CellError::new(text)),
        }
    }
}

/// A text that is not a cell `R,C`; see [`Cell`]'s `FromStr`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("expected a cell as ROW,COL (two numbers from 0, such as 2,3), found '{found}'")]
pub struct CellError {
    found: String,
}

impl CellError {
    fn new(found: &str) -> CellError {
        CellError {
            found: found.to_owned(),
        }
    }

    /// The text given.
    pub fn found(&self) -> &str {
        &self.found
    }
}

/// The most positions (`rows * cols`) a [`Mask`] may have: 2^28, a 16384 x 16384 square.
pub const MAX_CELLS: usize = 1 << 28;

/// A board of any shape: which positions of a `rows x cols` rectangle are cells.
///
/// `Display` writes the board file format: one line per row, `.` for a cell and `#` for no
/// cell, lines separated by `\n` with no final newline; [`parse_mask`] reads it back.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Mask {
    rows: usize,
    cols: usize,
    cells: Vec<bool>,
}

impl fmt::Debug for Mask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Mask")
            .field("rows", &self.rows)
            .field("cols", &self.cols)
            .field("cells", &self.len())
            .finish()
    }
}

impl Mask {
    /// A `rows x cols` rectangle in which every position is a cell.
    ///
    /// # Panics
    /// If `rows * cols` is more than [`MAX_CELLS`]; callers taking sizes from users check first.
    pub fn full(rows: usize, cols: usize) -> Mask {
        Mask::filled(rows, cols, true)
    }

    /// A `rows x cols` rectangle with no cell yet (add them with [`insert`](Mask::insert)).
    ///
    /// # Panics
    /// If `rows * cols` is more than [`MAX_CELLS`].
    pub fn empty(rows: usize, cols: usize) -> Mask {
        Mask::filled(rows, cols, false)
    }

    fn filled(rows: usize, cols: usize, value: bool) -> Mask {
        let area = rows
            .checked_mul(cols)
            .filter(|&area| area <= MAX_CELLS)
            .unwrap_or_else(|| panic!("a {rows} x {cols} board is larger than MAX_CELLS"));
        Mask {
            rows,
            cols,
            cells: vec![value; area],
        }
    }

    /// The number of rows of the rectangle.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns of the rectangle.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.cells.iter().filter(|&&cell| cell).count()
    }

    /// Whether the board has no cell at all.
    pub fn is_empty(&self) -> bool {
        !self.cells.contains(&true)
    }

    /// The position's index in row-major order, if it lies inside the rectangle.
    pub fn index(&self, cell: Cell) -> Option<usize> {
        (cell.row < self.rows && cell.col < self.cols).then(|| cell.row * self.cols + cell.col)
    }

    /// Whether `cell` is a cell of the board (false outside the rectangle).
    pub fn contains(&self, cell: Cell) -> bool {
        self.index(cell).is_some_and(|k| self.cells[k])
    }

    /// Makes `cell` a cell of the board; returns false (and does nothing) if it lies outside
    /// the rectangle.
    pub fn insert(&mut self, cell: Cell) -> bool {
        self.set(cell, true)
    }

    /// Makes `cell` no cell of the board; returns false (and does nothing) if it lies outside
    /// the rectangle.
    pub fn remove(&mut self, cell: Cell) -> bool {
        self.set(cell, false)
    }

    fn set(&mut self, cell: Cell, value: bool) -> bool {
        match self.index(cell) {
            Some(k) => {
                self.cells[k] = value;
                true
            }
            None => false,
        }
    }

    /// The cells of the board in row-major order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let cols = self.cols.max(1);
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, &cell)| cell)
            .map(move |(k, _)| Cell::new(k / cols, k % cols))
    }
}

impl fmt::Display for Mask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.rows {
            if row > 0 {
                f.write_str("\n")?;
            }
            for &cell in &self.cells[row * self.cols..(row + 1) * self.cols] {
                f.write_str(if cell { "." } else { "#" })?;
            }
        }
        Ok(())
    }
}

/// The item name of a cell: `r<row>c<col>`, both in base 36, the row's digit twelve written
/// `C` so that distinct cells have distinct names (see the [module docs](self)).
///
/// ```
/// use reductions::grid::{cell_name, Cell};
/// assert_eq!(cell_name(Cell::new(3, 7)), "r3c7");
/// assert_eq!(cell_name(Cell::new(10, 35)), "racz");
/// assert_eq!(cell_name(Cell::new(12, 12)), "rCcc");
/// assert_eq!(cell_name(Cell::new(4095, 4095)), "r35rc35r"); // 8 characters
/// ```
pub fn cell_name(cell: Cell) -> String {
    let mut name = String::with_capacity(8);
    name.push('r');
    push_base36(&mut name, cell.row, 1);
    // Only the row's digits need to avoid the separator: the column runs to the end.
    if name.contains('c') {
        name = name.replace('c', "C");
    }
    name.push('c');
    push_base36(&mut name, cell.col, 1);
    name
}

/// Reads a board file (format in the [module docs](self)); never panics.
///
/// Errors: a character other than `.` and `#`, rows of different lengths, a blank line inside
/// the board, a row count or length that disagrees with the `H W` line, no row or no cell at
/// all, or more than [`MAX_CELLS`] positions.
pub fn parse_mask(text: &str) -> Result<Mask, ParseError> {
    let lines: Vec<(usize, &str)> = numbered_lines(text).collect();
    let first = lines.iter().position(|(_, line)| !line.is_empty());
    let last = lines.iter().rposition(|(_, line)| !line.is_empty());
    let (Some(first), Some(last)) = (first, last) else {
        return Err(ParseError::new(lines.len(), 1, ParseErrorKind::NoRows));
    };
    let mut rows = &lines[first..=last];
    let header = parse_header(rows[0].1);
    if header.is_some() {
        rows = &rows[1..];
        // Blank lines between the header and the first row are allowed too.
        let skip = rows.iter().take_while(|(_, line)| line.is_empty()).count();
        rows = &rows[skip..];
    }
    let end_line = lines[last].0;
    if let Some((height, _)) = header {
        if rows.len() != height {
            let line = rows.get(height).map_or(end_line, |(line, _)| *line);
            return Err(ParseError::new(
                line,
                1,
                ParseErrorKind::RowCount {
                    expected: height,
                    found: rows.len(),
                },
            ));
        }
    }
    let Some(&(first_line, first_row)) = rows.first() else {
        return Err(ParseError::new(end_line, 1, ParseErrorKind::NoRows));
    };
    let (width, why) = match header {
        Some((_, width)) => (width, "the first line says so"),
        None => (first_row.chars().count(), "as long as the first row"),
    };
    if !matches!(rows.len().checked_mul(width), Some(area) if area <= MAX_CELLS) {
        return Err(ParseError::new(
            first_line,
            1,
            ParseErrorKind::BoardTooLarge {
                rows: rows.len(),
                cols: width,
                max: MAX_CELLS,
            },
        ));
    }
    let mut mask = Mask::empty(rows.len(), width);
    for (row, &(line_no, line)) in rows.iter().enumerate() {
        if line.is_empty() {
            return Err(ParseError::new(line_no, 1, ParseErrorKind::BlankLine));
        }
        let mut length = 0;
        for (col, c) in line.chars().enumerate() {
            match c {
                '.' => {
                    mask.insert(Cell::new(row, col));
                }
                '#' => {}
                found => {
                    return Err(ParseError::new(
                        line_no,
                        col + 1,
                        ParseErrorKind::UnexpectedChar {
                            expected: NOT_A_CELL,
                            found,
                        },
                    ))
                }
            }
            length += 1;
            if length > width {
                break;
            }
        }
        if length != width {
            return Err(ParseError::new(
                line_no,
                length.min(width) + 1,
                ParseErrorKind::RowLength {
                    expected: width,
                    found: line.chars().count(),
                    why,
                },
            ));
        }
    }
    if mask.is_empty() {
        return Err(ParseError::new(first_line, 1, ParseErrorKind::NoCells));
    }
    Ok(mask)
}

/// `H W`: two decimal numbers separated by blanks.
fn parse_header(line: &str) -> Option<(usize, usize)> {
    let mut words = line.split_whitespace();
    let (height, width) = (words.next()?, words.next()?);
    if words.next().is_some() {
        return None;
    }
    let number = |word: &str| {
        if word.bytes().all(|b| b.is_ascii_digit()) {
            // Too many digits saturates, and the size check then refuses the board.
            Some(word.parse::<usize>().unwrap_or(usize::MAX))
        } else {
            None
        }
    };
    Some((number(height)?, number(width)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> (usize, usize, ParseErrorKind) {
        let err = parse_mask(text).unwrap_err();
        let at = err.position().expect("a board error has a place");
        (at.line, at.column, err.kind().clone())
    }

    #[test]
    fn reads_boards_with_and_without_header() {
        let plain = parse_mask("\n\n..#\n#..\r\n\n").unwrap();
        let headed = parse_mask("2 3\n..#\n#..").unwrap();
        assert_eq!(plain, headed);
        assert_eq!(plain.len(), 4);
        assert_eq!(
            plain.cells().collect::<Vec<_>>(),
            [(0, 0), (0, 1), (1, 1), (1, 2)].map(Cell::from)
        );
        assert_eq!(parse_mask(&plain.to_string()).unwrap(), plain);
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(
            kind("..\n.x"),
            (
                2,
                2,
                ParseErrorKind::UnexpectedChar {
                    expected: NOT_A_CELL,
                    found: 'x'
                }
            )
        );
        assert!(matches!(
            kind("...\n..\n"),
            (
                2,
                3,
                ParseErrorKind::RowLength {
                    expected: 3,
                    found: 2,
                    ..
                }
            )
        ));
        assert!(matches!(
            kind("...\n....\n"),
            (
                2,
                4,
                ParseErrorKind::RowLength {
                    expected: 3,
                    found: 4,
                    ..
                }
            )
        ));
        assert_eq!(kind("..\n\n..\n"), (2, 1, ParseErrorKind::BlankLine));
        assert_eq!(
            kind("3 2\n..\n..\n"),
            (
                3,
                1,
                ParseErrorKind::RowCount {
                    expected: 3,
                    found: 2
                }
            )
        );
        assert_eq!(
            kind("1 2\n..\n..\n"),
            (
                3,
                1,
                ParseErrorKind::RowCount {
                    expected: 1,
                    found: 2
                }
            )
        );
        assert_eq!(kind(""), (1, 1, ParseErrorKind::NoRows));
        assert_eq!(kind("\n \n"), (3, 1, ParseErrorKind::NoRows));
        assert_eq!(kind("##\n##"), (1, 1, ParseErrorKind::NoCells));
        assert_eq!(kind("0 0\n"), (1, 1, ParseErrorKind::NoRows));
        assert!(matches!(
            kind("99999999999999999999999 2\n"),
            (1, 1, ParseErrorKind::RowCount { .. })
        ));
        assert_eq!(
            kind("1 99999999999999999999999\n.."),
            (
                2,
                1,
                ParseErrorKind::BoardTooLarge {
                    rows: 1,
                    cols: usize::MAX,
                    max: MAX_CELLS
                }
            )
        );
        assert_eq!(
            parse_mask("a\u{7}").unwrap_err().to_string(),
            "1:1: expected '.' (a cell) or '#' (no cell), found 'a'"
        );
        assert_eq!(
            parse_mask(".\u{7}").unwrap_err().to_string(),
            "1:2: expected '.' (a cell) or '#' (no cell), found '\\u{7}'"
        );
    }

    #[test]
    fn base36_names() {
        assert_eq!(cell_name(Cell::new(0, 0)), "r0c0");
        assert_eq!(cell_name(Cell::new(36, 1295)), "r10czz");
        assert_eq!(cell_name(Cell::new(46655, 46655)), "rzzzczzz");
        assert_eq!(cell_name(Cell::new(46656, 0)), "r1000c0");
        assert_eq!(cell_name(Cell::new(48, 0)), "r1Cc0");
        assert_eq!(cell_name(Cell::new(1, 432)), "r1cc0");
    }

    #[test]
    fn names_are_distinct() {
        // Rows and columns with a digit twelve ('c') in every place, up to four digits.
        let mut lines: Vec<usize> = (0..100).collect();
        lines.extend([
            432,
            467,
            480,
            12 * 36 * 36,
            12 * 36 * 36 + 12 * 36 + 12,
            46655,
        ]);
        let cols: std::collections::BTreeSet<usize> = (0..600).chain(lines.clone()).collect();
        let mut seen = std::collections::HashSet::new();
        for &row in &lines {
            for &col in &cols {
                let name = cell_name(Cell::new(row, col));
                assert!(seen.insert(name.clone()), "{name} twice, at ({row},{col})");
            }
        }
    }

    #[test]
    fn mask_edits() {
        let mut mask = Mask::full(2, 2);
        assert!(mask.remove(Cell::new(1, 1)));
        assert!(!mask.remove(Cell::new(2, 0)));
        assert!(!mask.insert(Cell::new(0, 2)));
        assert!(!mask.contains(Cell::new(1, 1)));
        assert!(!mask.contains(Cell::new(5, 5)));
        assert_eq!(mask.len(), 3);
        assert_eq!(mask.to_string(), "..\n.#");
        assert!(Mask::empty(3, 0).is_empty());
        assert_eq!(Mask::empty(0, 3).cells().count(), 0);
    }
}
