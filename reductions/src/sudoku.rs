//! Sudoku on n² x n² grids (9 x 9, 16 x 16, 25 x 25, ...): every row, column and n x n box
//! holds each digit from 1 to n² once.
//!
//! # The format
//!
//! A grid is either one line of n⁴ cells or n² lines of n² cells. Cells are written in one of
//! two ways, chosen line by line:
//!
//! - one character per cell: `1`-`9`, then `A`-`Z` (or `a`-`z`) for 10 to 35 (`A`-`G` on a
//!   16 x 16 grid), and `0`, `.` or `_` for an empty cell; blanks between cells are allowed;
//! - numbers separated by blanks, in decimal (`0`, `.` or `_` for an empty cell), which any size
//!   can use.
//!
//! A line is read one character per cell when that gives the right number of cells (n², or n⁴
//! for a grid on one line), and as numbers otherwise, so `1.. 4.7 ...` is a row of nine cells
//! and `10 0 3 16 ...` a row of a 16 x 16 grid. The box lines that people draw are skipped: `|`
//! anywhere, and lines made only of `-`, `+`, `=` and `|`. Blank lines, trailing blanks and `\r`
//! are ignored. Boxes go from 1 x 1 to [`MAX_BOX`] x [`MAX_BOX`].
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

use std::fmt;

use crate::parse::{self, content_lines, name, ParseError, ParseErrorKind};
use crate::{Encoding, Reduction};

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

/// A sudoku grid: its box size n and its n⁴ cells, each empty or holding a digit from 1 to n².
/// Both puzzles and solved boards are grids.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    box_size: usize,
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
    /// The digit, from 1 to n².
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
            House::Row(r) => format!("row {r}"),
            House::Column(c) => format!("column {c}"),
            House::Box(b) => format!("box {b}"),
        };
        let [(r1, c1), (r2, c2)] = self.cells;
        write!(
            f,
            "{house} holds {} twice, at ({r1},{c1}) and ({r2},{c2})",
            self.digit
        )
    }
}

impl Grid {
    /// An empty grid with boxes of `box_size` x `box_size`, if that lies from 1 to
    /// [`MAX_BOX`].
    pub fn new(box_size: usize) -> Option<Grid> {
        (1..=MAX_BOX).contains(&box_size).then(|| Grid {
            box_size,
            cells: vec![0; box_size.pow(4)],
        })
    }

    /// The box size n.
    pub fn box_size(&self) -> usize {
        self.box_size
    }

    /// The side n² of the grid, which is also the largest digit.
    pub fn side(&self) -> usize {
        self.box_size * self.box_size
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

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        !self.cells.contains(&0)
    }

    /// The box of a cell, numbered from 0 in reading order.
    pub fn box_of(&self, row: usize, col: usize) -> usize {
        row / self.box_size * self.box_size + col / self.box_size
    }

    /// Every pair of cells of one row, column or box that hold the same digit: rows first,
    /// then columns, then boxes, each pair as the first repeat of a digit finds it.
    pub fn conflicts(&self) -> Vec<Conflict> {
        let side = self.side();
        let mut found = Vec::new();
        let houses = [
            |h: usize, k: usize, _: usize| (h, k),
            |h: usize, k: usize, _: usize| (k, h),
            |h: usize, k: usize, n: usize| (h / n * n + k / n, h % n * n + k % n),
        ];
        for (kind, cell) in houses.iter().enumerate() {
            for h in 0..side {
                let mut seen = vec![None; side + 1];
                for k in 0..side {
                    let (r, c) = cell(h, k, self.box_size);
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
        found
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.side();
        let lines: Vec<String> = self
            .cells
            .chunks(side)
            .map(|row| {
                if side <= 35 {
                    row.iter()
                        .map(|&d| match d {
                            0 => '.',
                            d => char::from_digit(d.into(), 36)
                                .map_or('?', |c| c.to_ascii_uppercase()),
                        })
                        .collect()
                } else {
                    let words: Vec<String> = row.iter().map(|d| d.to_string()).collect();
                    words.join(" ")
                }
            })
            .collect();
        parse::write_lines(f, &lines)
    }
}

impl Reduction for Sudoku {
    type Puzzle = Grid;
    type Choice = Fill;
    type Board = Grid;
    type Error = ParseError;

    fn parse(&self, input: &str) -> Result<Grid, ParseError> {
        parse_grid(input)
    }

    fn encode(&self, grid: &Grid) -> Result<Encoding<Fill>, dlx::BuildError> {
        match self.mode {
            Mode::Reduce if !grid.is_complete() && grid.conflicts().is_empty() => {
                encode_reduced(grid)
            }
            _ => encode_forced(grid),
        }
    }

    fn decode(&self, grid: &Grid, choices: &[&Fill]) -> Grid {
        let side = grid.side();
        let mut solved = grid.clone();
        for fill in choices {
            if fill.row < side && fill.col < side && fill.digit <= side {
                solved.cells[fill.row * side + fill.col] = fill.digit as u8;
            }
        }
        solved
    }
}

/// What reading a cell needs to know: where it was written.
struct Cell {
    line: usize,
    column: usize,
    /// The digit (0 for empty), or `u64::MAX` when it does not fit.
    value: u64,
    text: String,
}

const CELL_CHARS: &str = "a digit 1-9, a letter A-Z, or '0', '.' or '_' for an empty cell";
const CELL_WORDS: &str = "a number, or '0', '.' or '_' for an empty cell";

/// A row line as cells, one per character (blanks and `|` skipped).
fn char_cells(line: usize, text: &str) -> Result<Vec<Cell>, ParseError> {
    let mut cells = Vec::new();
    for (k, ch) in text.chars().enumerate() {
        if ch.is_whitespace() || ch == '|' {
            continue;
        }
        let value = match ch {
            '0' | '.' | '_' => 0,
            _ => match ch.to_digit(36) {
                Some(d) if ch.is_ascii() => u64::from(d),
                _ => {
                    return Err(ParseError::new(
                        line,
                        k + 1,
                        ParseErrorKind::UnexpectedChar {
                            expected: CELL_CHARS,
                            found: ch,
                        },
                    ))
                }
            },
        };
        cells.push(Cell {
            line,
            column: k + 1,
            value,
            text: ch.to_string(),
        });
    }
    Ok(cells)
}

/// A row line as cells, one per blank-separated word (`|` skipped).
fn word_cells(line: usize, text: &str) -> Result<Vec<Cell>, ParseError> {
    let mut cells = Vec::new();
    let mut cursor = parse::Cursor::new(line, text);
    loop {
        while matches!(cursor.peek(), Some(c) if c.is_whitespace() || c == '|') {
            cursor.bump();
        }
        let column = cursor.column;
        match cursor.peek() {
            None => return Ok(cells),
            Some('.' | '_') => {
                let text = cursor.bump().unwrap_or('.').to_string();
                cells.push(Cell {
                    line,
                    column,
                    value: 0,
                    text,
                });
            }
            Some(_) => {
                let Some((value, text)) = cursor.number() else {
                    return Err(cursor.unexpected(CELL_WORDS));
                };
                cells.push(Cell {
                    line,
                    column,
                    value,
                    text,
                });
            }
        }
        if !matches!(cursor.peek(), None | Some('|')) && !cursor.skip_blanks() {
            return Err(cursor.unexpected("a blank between two numbers"));
        }
    }
}

/// A row of `side` cells, read one character per cell if that gives `side` cells, else as
/// numbers; when neither does, the error of the more plausible reading.
fn read_row(line: usize, text: &str, side: usize) -> Result<Vec<Cell>, ParseError> {
    let chars = char_cells(line, text);
    if matches!(&chars, Ok(row) if row.len() == side) {
        return chars;
    }
    let words = word_cells(line, text);
    if matches!(&words, Ok(row) if row.len() == side) {
        return words;
    }
    let count = |found| {
        ParseError::new(
            line,
            text.chars().count() + 1,
            ParseErrorKind::Count {
                what: "cells in a row",
                expected: side,
                found,
            },
        )
    };
    match (chars, words) {
        // Characters that are all digits of this grid: the count is what is wrong.
        (Ok(row), _) if row.iter().all(|cell| cell.value <= side as u64) => Err(count(row.len())),
        // Without blanks, characters were meant.
        (Err(err), _) if !text.trim().contains(char::is_whitespace) => Err(err),
        (_, Err(err)) => Err(err),
        (_, Ok(row)) => Err(count(row.len())),
    }
}

/// Lines that only draw boxes: `-`, `+`, `=`, `|` and blanks.
fn is_drawing(text: &str) -> bool {
    text.chars()
        .all(|c| c.is_whitespace() || matches!(c, '-' | '+' | '=' | '|'))
}

fn box_of_side(side: usize) -> Option<usize> {
    (1..=MAX_BOX).find(|&n| n * n == side)
}

fn parse_grid(input: &str) -> Result<Grid, ParseError> {
    let lines: Vec<(usize, &str)> = content_lines(input)
        .into_iter()
        .filter(|(_, text)| !is_drawing(text))
        .collect();
    let Some(&(first_line, first_text)) = lines.first() else {
        return Err(ParseError::new(
            parse::end_line(input),
            1,
            ParseErrorKind::Empty {
                expected: "a sudoku grid",
            },
        ));
    };
    let (box_size, cells) = if lines.len() == 1 {
        // One line of n^4 cells.
        let chars = char_cells(first_line, first_text);
        let fourth = |count: usize| (1..=MAX_BOX).find(|&n| n.pow(4) == count);
        match chars {
            Ok(cells) if fourth(cells.len()).is_some() => (fourth(cells.len()), cells),
            chars => {
                let words = word_cells(first_line, first_text);
                match words {
                    Ok(cells) if fourth(cells.len()).is_some() => (fourth(cells.len()), cells),
                    _ => {
                        // Report the character error if there was one, else the count.
                        chars?;
                        let count = first_text
                            .chars()
                            .filter(|c| !c.is_whitespace() && *c != '|')
                            .count();
                        return Err(ParseError::new(
                            first_line,
                            1,
                            ParseErrorKind::BadSize {
                                expected: "one line of n^4 cells (16, 81, 256, 625, ... up to \
                                           8^4) or n^2 lines of n^2 cells",
                                found: format!("one line of {count} cells"),
                            },
                        ));
                    }
                }
            }
        }
    } else {
        let Some(box_size) = box_of_side(lines.len()) else {
            return Err(ParseError::new(
                first_line,
                1,
                ParseErrorKind::BadSize {
                    expected: "n^2 lines of n^2 cells (4, 9, 16, 25, ... up to 64 lines) or one \
                               line of n^4 cells",
                    found: format!("{} lines", lines.len()),
                },
            ));
        };
        let side = lines.len();
        let mut cells = Vec::with_capacity(side * side);
        for &(line, text) in &lines {
            cells.extend(read_row(line, text, side)?);
        }
        (Some(box_size), cells)
    };
    let box_size = box_size.unwrap_or(1);
    let side = box_size * box_size;
    let mut grid = Grid::new(box_size).unwrap_or(Grid {
        box_size: 1,
        cells: vec![0],
    });
    for (k, cell) in cells.iter().enumerate() {
        if cell.value > side as u64 {
            return Err(ParseError::new(
                cell.line,
                cell.column,
                ParseErrorKind::OutOfRange {
                    what: "a digit (0 for an empty cell)",
                    min: 0,
                    max: side as u64,
                    found: cell.text.clone(),
                },
            ));
        }
        grid.cells[k] = cell.value as u8;
    }
    Ok(grid)
}

/// Names at fixed widths: coordinates up to side - 1, digits up to side.
struct Names {
    cw: usize,
    dw: usize,
}

impl Names {
    fn new(side: usize) -> Names {
        Names {
            cw: parse::base36_width(side - 1),
            dw: parse::base36_width(side),
        }
    }

    fn cell(&self, r: usize, c: usize) -> String {
        name("p", &[(r, self.cw), (c, self.cw)])
    }

    fn house(&self, prefix: &str, h: usize, d: usize) -> String {
        name(prefix, &[(h, self.cw), (d, self.dw)])
    }
}

fn encode_reduced(grid: &Grid) -> Result<Encoding<Fill>, dlx::BuildError> {
    let side = grid.side();
    let names = Names::new(side);
    // present[kind][house][digit]
    let mut present = vec![vec![vec![false; side + 1]; side]; 3];
    for r in 0..side {
        for c in 0..side {
            let d = grid.cells[r * side + c] as usize;
            present[0][r][d] = true;
            present[1][c][d] = true;
            present[2][grid.box_of(r, c)][d] = true;
        }
    }
    let mut builder = dlx::ProblemBuilder::new();
    let mut cells = vec![None; side * side];
    for r in 0..side {
        for c in 0..side {
            if grid.cells[r * side + c] == 0 {
                cells[r * side + c] = Some(builder.primary(names.cell(r, c)));
            }
        }
    }
    let mut houses = vec![vec![vec![None; side + 1]; side]; 3];
    for (kind, prefix) in ["r", "c", "b"].into_iter().enumerate() {
        for h in 0..side {
            for d in 1..=side {
                if !present[kind][h][d] {
                    houses[kind][h][d] = Some(builder.primary(names.house(prefix, h, d)));
                }
            }
        }
    }
    let mut choices = Vec::new();
    for r in 0..side {
        for c in 0..side {
            let Some(cell) = cells[r * side + c] else {
                continue;
            };
            let b = grid.box_of(r, c);
            let digits = houses[0][r].iter().zip(&houses[1][c]).zip(&houses[2][b]);
            for (d, ((row, col), bx)) in digits.enumerate() {
                if let (Some(row), Some(col), Some(bx)) = (*row, *col, *bx) {
                    builder.option([cell, row, col, bx]);
                    choices.push(Fill {
                        row: r,
                        col: c,
                        digit: d,
                    });
                }
            }
        }
    }
    Ok(Encoding::new(builder.build()?, choices))
}

fn encode_forced(grid: &Grid) -> Result<Encoding<Fill>, dlx::BuildError> {
    let side = grid.side();
    let names = Names::new(side);
    let mut builder = dlx::ProblemBuilder::new();
    let mut cells = Vec::with_capacity(side * side);
    for r in 0..side {
        for c in 0..side {
            cells.push(builder.primary(names.cell(r, c)));
        }
    }
    let mut houses: Vec<Vec<dlx::Primary>> =
        (0..3).map(|_| Vec::with_capacity(side * side)).collect();
    for (kind, prefix) in ["r", "c", "b"].into_iter().enumerate() {
        for h in 0..side {
            for d in 1..=side {
                houses[kind].push(builder.primary(names.house(prefix, h, d)));
            }
        }
    }
    let mut choices = Vec::new();
    for r in 0..side {
        for c in 0..side {
            let b = grid.box_of(r, c);
            let digits = match grid.cells[r * side + c] as usize {
                0 => 1..=side,
                d => d..=d,
            };
            for d in digits {
                builder.option([
                    cells[r * side + c],
                    houses[0][r * side + d - 1],
                    houses[1][c * side + d - 1],
                    houses[2][b * side + d - 1],
                ]);
                choices.push(Fill {
                    row: r,
                    col: c,
                    digit: d,
                });
            }
        }
    }
    Ok(Encoding::new(builder.build()?, choices))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        Sudoku::default().parse(text).unwrap_err().to_string()
    }

    #[test]
    fn formats_agree() {
        let sudoku = Sudoku::default();
        let line = sudoku.parse("1.3..4....1..2.4").unwrap();
        let rows = sudoku.parse("1.3.\n.4..\n..1.\n.2.4\n").unwrap();
        let spaced = sudoku.parse("1 0 3 0\n0 4 0 0\n0 0 1 0\n0 2 0 4").unwrap();
        let drawn = sudoku
            .parse("1 . | 3 .\n. 4 | . .\n----+----\n. . | 1 .\n. 2 | . 4\n")
            .unwrap();
        let words = sudoku.parse("1 0 3 0 0 4 0 0 0 0 1 0 0 2 0 4").unwrap();
        assert_eq!(line, rows);
        assert_eq!(line, spaced);
        assert_eq!(line, drawn);
        assert_eq!(line, words);
        assert_eq!(line.to_string(), "1.3.\n.4..\n..1.\n.2.4");
        assert_eq!(line.digit(0, 2), Some(3));
        assert_eq!(line.digit(0, 1), None);
    }

    #[test]
    fn sixteen_by_sixteen() {
        let sudoku = Sudoku::default();
        let mut letters = String::new();
        let mut numbers = String::new();
        for r in 0..16 {
            for c in 0..16 {
                let d = (r * 4 + r / 4 + c) % 16 + 1;
                let shown = (r + c) % 3 != 0;
                letters.push(if shown {
                    char::from_digit(d as u32, 36).unwrap().to_ascii_uppercase()
                } else {
                    '.'
                });
                numbers += &format!("{} ", if shown { d } else { 0 });
            }
            letters.push('\n');
            numbers.push('\n');
        }
        let a = sudoku.parse(&letters).unwrap();
        let b = sudoku.parse(&numbers).unwrap();
        let c = sudoku.parse(&letters.to_lowercase()).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(a.side(), 16);
        assert!(a.conflicts().is_empty());
        assert_eq!(a.to_string() + "\n", letters);
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(
            err("\n\n"),
            "3:1: expected a sudoku grid, found an empty input"
        );
        assert_eq!(
            err("1.3..4....1..2.!"),
            "1:16: expected a digit 1-9, a letter A-Z, or '0', '.' or '_' for an empty cell, \
             found '!'"
        );
        assert_eq!(
            err("1.3..4....1..2.x"),
            "1:16: expected a digit (0 for an empty cell) from 0 to 4, found x"
        );
        assert_eq!(
            err("1.3..4....1..2."),
            "1:1: expected one line of n^4 cells (16, 81, 256, 625, ... up to 8^4) or n^2 \
             lines of n^2 cells, found one line of 15 cells"
        );
        assert_eq!(
            err("1.3.\n.4..\n..1.\n"),
            "1:1: expected n^2 lines of n^2 cells (4, 9, 16, 25, ... up to 64 lines) or one \
             line of n^4 cells, found 3 lines"
        );
        assert_eq!(
            err("1.3.\n.4..\n..1\n.2.4"),
            "3:4: expected 4 cells in a row, found 3"
        );
        assert_eq!(
            err("1 0 3 0\n0 4 0 0\n0 0 1 0 0\n0 2 0 4"),
            "3:10: expected 4 cells in a row, found 5"
        );
        assert_eq!(
            err("1.3.\n.4..\n..5.\n.2.4"),
            "3:3: expected a digit (0 for an empty cell) from 0 to 4, found 5"
        );
        assert_eq!(
            err("1 0 3 0\n0 4 0 0\n0 0 1 0\n0 2 0 12"),
            "4:7: expected a digit (0 for an empty cell) from 0 to 4, found 12"
        );
        assert_eq!(
            err("1 0 3 0\n0 4 0 0\n0 0 1 0\n0 2 0 x4"),
            "4:7: expected a number, or '0', '.' or '_' for an empty cell, found 'x'"
        );
        assert_eq!(
            err("1 0 3 0\n0 4 0 0\n0 0 1 0\n0 2 0 4x"),
            "4:8: expected a blank between two numbers, found 'x'"
        );
        assert_eq!(
            err("1 0 3 0\n0 4 0 0\n0 0 1 0\n0 2 0 4!"),
            "4:8: expected a blank between two numbers, found '!'"
        );
        // Grouped characters: the count is what is wrong.
        let grouped = format!("1.. 4.7 ..\n{}", "1.. 4.7 ...\n".repeat(8));
        assert_eq!(err(&grouped), "1:11: expected 9 cells in a row, found 8");
        // Without blanks, a bad character is reported as such.
        assert_eq!(
            err("1.3!\n.4..\n..1.\n.2.4"),
            "1:4: expected a digit 1-9, a letter A-Z, or '0', '.' or '_' for an empty cell, \
             found '!'"
        );
        // 65 lines: refused before anything is allocated for them.
        assert!(err(&"1\n".repeat(65)).contains("found 65 lines"));
        assert!(err(&".".repeat(9usize.pow(4))).contains("found one line of 6561 cells"));
    }

    #[test]
    fn conflicts_name_the_house() {
        let grid = Sudoku::default().parse("1..1\n.1..\n....\n...2\n").unwrap();
        let found: Vec<String> = grid.conflicts().iter().map(ToString::to_string).collect();
        assert_eq!(
            found,
            [
                "row 0 holds 1 twice, at (0,0) and (0,3)",
                "box 0 holds 1 twice, at (0,0) and (1,1)",
            ]
        );
    }
}
