//! Binairo (the "01 game" of seed 003, also Takuzu or Unruly): fill an N x N grid, N even,
//! with 0s and 1s so that no three equal digits are adjacent in a row or a column, every row
//! and every column holds N/2 of each, and no two rows (and no two columns) are equal.
//!
//! # The format
//!
//! A line with N (even, from 2 to [`MAX_SIZE`]), then N lines of N characters: `0`, `1`, and `_`
//! or `.` for a blank. Blanks between the characters of a row, blank lines, trailing blanks and
//! `\r` are ignored. [`Grid`]'s `Display` writes the N rows alone, blanks as `.`, which is the
//! plain output of a solved board: N lines of N digits.
//!
//! # Encodings
//!
//! Two, both exact, both written after the same propagation at encode time (below);
//! [`Strategy::Patterns`] is the default.
//!
//! [`Strategy::Patterns`]: a row (or column) is a *pattern*, a string of N digits with N/2 of
//! each and no three equal in a row, and the options are "row i reads p" for every pattern p
//! left to row i, `r<i> x<i><j> y<i><j'> ... h<k>`, and likewise "column j reads p",
//! `c<j> ... v<k>`. Rows `r<i>` and columns `c<j>` are primary. A row and a column that cross
//! agree through two primary items per cell: `x<i><j>` is taken by a row with a 1 there or a
//! column with a 0, `y<i><j>` by a row with a 0 or a column with a 1; each is covered once
//! exactly when both lines put the same digit there. Only cells that the lines still disagree
//! on get them. `h<k>` and `v<k>`, one per pattern that at least two rows (columns) may read,
//! are secondary and keep those rows (columns) apart: the distinct-lines rule stays exact.
//! The balance and the rule of three live inside the patterns; no colors, no multiplicities:
//! Algorithm X. The primary cell items (rather than one secondary item colored `0` or `1`,
//! the first version) let the search see how many patterns still fit a digit in a cell: the
//! uniqueness check of b16 (14 x 14, over 1000 solutions) took 9,945 nodes with colors, 802
//! with them. Items are listed lines first, then cells: the other order (which decides the
//! search's ties) was mixed, b16 1,155 nodes against 802 and an empty 20 x 20 172,634
//! against 26,657 to two boards, but a 30 x 30 half given 8,117 against 34,266.
//!
//! The legal lines number about 2.6^N: 34 for N = 8, 8,196 for N = 20, 860,142 for N = 30,
//! 93,770,358 for N = 40 ([`count_patterns`]). When the lines of a grid would hold more than
//! [`PATTERN_BUDGET`] entries after the cells are filled (an empty 30 x 30: 60 x 860,142
//! options of 32 items), the cell encoding is written instead.
//!
//! [`Strategy::Cells`] is polynomial, and reasons cell by cell. One primary item per empty cell,
//! `x<i><j>`, with an option per digit. The balance is counted by items with multiplicities
//! (Algorithm M): `a<i>` and `b<i>` take the 0s and the 1s of row i (as many as it still lacks
//! of each), `A<j>` and `B<j>` those of column j. The rule of three: for three consecutive
//! cells and a digit that none of them has as a given, at most two may get it: a primary item
//! with bounds `0:2` over the three cells' options for that digit (`t<i><j><d>` across,
//! `u<i><j><d>` down, named after the first cell), an ordinary secondary item when one of the
//! three is given that digit (then at most one of the other two may get it), and no option at
//! all for the digit when two are. Distinct rows are the hard part, since no single option sees
//! two whole rows. For each pair of rows i < k that their givens do not already tell apart, and
//! each column j, a primary item `p<i><k><j>` takes one of up to four options, "the two cells
//! read (a, b)": it colors the cells (through secondary items `y<i><j>`, which the cells' own
//! options color too) and colors a secondary item `e<i><k><j>` with `s` (same) or `d`
//! (different). Then one primary item `w<i><k>` per pair picks the first column where the rows
//! differ: its option for column j colors `e<i><k><j'>` with `s` for every j' < j and
//! `e<i><k><j>` with `d`. Exactly one such option fits two different rows, and none fits two
//! equal ones. Columns get the same items (`P`, `E`, `W` and `Y`, with rows and columns
//! swapped). An empty 30 x 30 grid takes about 130,000 options this way. Cells that
//! propagation fixed are treated as givens, and each row with such cells gets a primary item
//! `f<i>` with one option, [`Choice::Fixed`], that writes them into the board. A grid that
//! propagation leaves complete gets the pattern encoding (one option per line).
//!
//! # Propagation
//!
//! Two steps, each to a fixpoint, and each removing only what no solution uses, so that every
//! option keeps its meaning and every count stays the same:
//!
//! 1. Cells: for each line, a forward and a backward pass over the states (ones so far, last
//!    digit, length of its run) find which digits each cell takes in some legal completion of
//!    the line, O(N^2) a line however many patterns it has; a cell with one such digit is
//!    filled, and the lines through it are looked at again. This runs on any grid, before the
//!    budget is checked, so givens that fix many cells bring big grids within it.
//! 2. Patterns (within the budget): every pattern that agrees with the cells is listed; then a
//!    pattern that puts a digit in a cell where no pattern left for the crossing line has it is
//!    dropped (arc consistency between rows and columns), and a line with one pattern left
//!    takes it from every other line of its kind (lines are distinct).
//!
//! Givens that break a rule (see [`Grid::violations`]), and grids in which propagation leaves
//! a cell or a line with nothing, get a problem with one primary item, `broken`, and no option.
//!
//! Why the patterns once ran for minutes: without propagation, the search learns about a cell
//! only when a whole line is chosen. b17 (20 x 20) had 25,039 pattern options, about 600 per
//! line, none of them ruled out until a crossing line was chosen; the search went through
//! 630,000 nodes in 20 s without an answer. Propagation leaves its 40 lines one pattern each:
//! every unique public instance is solved at encode time, and the search only reads the
//! answer (2N + 1 nodes).
//!
//! # Measurements
//!
//! Release build, one thread, the shared 2-core machine (noisy: medians of 5), with
//! `cargo run --release -p reductions --example binairo_times -- cells|patterns FILE...`:
//! parse+encode, then the search to the uniqueness check (`--limit 2 --count`), in ms;
//! "before" is commit 9fa575e (no propagation, colored cell items).
//!
//! | instance | before: cells | before: patterns | now: patterns | now: cells |
//! |---|---|---|---|---|
//! | b26 Unruly 20 x 20 | 13.8 + 1,853 (222,013 nodes) | 19.3 + >20,000 | 0.95 + 0.003 (41) | 0.93 + 0.003 (41) |
//! | b17 20 x 20 | 13.6 + 149 (11,690) | 26.3 + >20,000 | 0.91 + 0.003 (41) | 0.89 + 0.003 (41) |
//! | b25 Unruly 16 x 16 | 4.3 + 40 (5,741) | 1.3 + 3,795 (817,843) | 0.41 + 0.002 (33) | 0.40 + 0.002 (33) |
//! | b16 14 x 14, >1000 | 6.2 + 42 (8,280) | 1.0 + 3,326 (943,396) | 0.57 + 1.3 (802) | 0.90 + 3.0 (3,679) |
//! | b15 12 x 12, >1000 | 1.3 + 7.7 (1,820) | 0.4 + 24.5 (8,184) | 0.28 + 0.06 (54) | 0.56 + 1.6 (2,164) |
//! | b12 14 x 14 | 10.6 + 85 (15,349) | 0.9 + 239 (106,623) | 0.27 + 0.002 (29) | 0.26 + 0.002 (29) |
//! | b10 12 x 12 | 1.2 + 88 (20,561) | 0.3 + 20.8 (11,759) | 0.18 + 0.001 (25) | 0.18 + 0.001 (25) |
//!
//! Every other public instance takes under 0.4 ms in all, either way (b05 and b13, with
//! several solutions, search 0.02 and 0.01 ms with the patterns). Counting to 1001
//! solutions: b16 17,510 nodes, 0.04 s (patterns; 126,911 nodes before the cell items); the
//! empty 8 x 8 (4,111,116 solutions) 30.9 million nodes, 20 s. Beyond the public instances
//! (first 2 solutions, or 20 s), grids made from circulant boards (row i is a base line
//! rotated by i), partly given (`reductions/tests/fixtures/binairo-large`), and empty grids;
//! parse+encode + search:
//!
//! | grid | patterns | cells |
//! |---|---|---|
//! | 30 x 30, half given | 3.2 + 47 ms (34,266 nodes) | 1.8 + 0.25 ms (366) |
//! | 30 x 30, 40% given | 15 + 4.2 ms (116) | 2.5 + 1.5 ms (1,728) |
//! | 30 x 30, 30% given | 0.28 s + >20 s (328,003 options) | 13 ms + >20 s |
//! | 40 x 40, half given | 26 + 45 ms (503) | 6 ms + >20 s |
//! | 40 x 40, 40% given | 0.25 + 0.34 s (22,636) | 17 ms + >20 s |
//! | empty 16 x 16 | 12 + 30 ms (768) | 5 ms + >20 s |
//! | empty 20 x 20 | 0.24 + 1.5 s (26,657; 327,840 options) | 18 ms + >20 s |
//! | empty 30 x 30 | over the budget: the cells | 65 ms + >20 s |
//!
//! So the patterns are the default: they answer every public instance in about a millisecond
//! and reach further on large grids. The cells stay: they are what grids beyond the budget
//! get, they do better on some large grids with many givens (the 30 x 30 half given above),
//! and the two encodings check each other (tests, fuzzing). Neither answers a sparse 30 x 30
//! or larger grid: an exact-cover search looks ahead one item at a time.
//!
//! ```
//! use reductions::binairo::Binairo;
//! use reductions::Reduction;
//!
//! let binairo = Binairo::default();
//! let grid = binairo.parse("6\n_0____\n____01\n__1__1\n__1_0_\n______\n__1___\n")?;
//! let encoding = binairo.encode(&grid)?;
//! let solution = dlx::Solver::new(&encoding.problem).first().unwrap();
//! let solved = binairo.decode(&grid, &encoding.choices_of(solution.options()));
//! assert_eq!(solved.to_string(), "100110\n010101\n001011\n101100\n110010\n011001");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::fmt;

use crate::parse::{self, content_lines, name, Cursor, ParseError, ParseErrorKind};
use crate::{Encoding, Reduction};

/// The largest grid [`Binairo`] reads: 64 x 64.
pub const MAX_SIZE: usize = 64;

/// The most entries (item uses) [`Strategy::Patterns`] lets its matrix have before it writes
/// the cell encoding instead: 20 million, some hundreds of megabytes of links.
pub const PATTERN_BUDGET: u128 = 20_000_000;

/// The Binairo reduction; the format and the encodings are in the [module docs](self).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Binairo {
    /// Which encoding to use. By default, [`Strategy::Patterns`].
    pub strategy: Strategy,
}

/// Which encoding [`Binairo`] writes; see the [module docs](self).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// One option per cell and digit, with counts, windows of three, and pairwise witnesses
    /// of distinct lines.
    Cells,
    /// Every legal row and column that survives propagation is an option (while they fit in
    /// [`PATTERN_BUDGET`] entries; the cell encoding otherwise).
    #[default]
    Patterns,
}

/// A Binairo grid: its size and its cells, each blank or holding 0 or 1. Both puzzles and
/// solved boards are grids.
///
/// `Display` writes N lines of N characters, `0`, `1` and `.` for a blank, lines separated by
/// `\n` with no final newline.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    n: usize,
    /// Row-major: 0, 1, or [`BLANK`].
    cells: Vec<u8>,
}

const BLANK: u8 = 2;

/// What one option of an encoding means.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Row `row` reads `bits` (bit j is the digit of column j).
    Row {
        /// The row.
        row: usize,
        /// The digits, column j in bit j.
        bits: u64,
    },
    /// Column `col` reads `bits` (bit i is the digit of row i).
    Column {
        /// The column.
        col: usize,
        /// The digits, row i in bit i.
        bits: u64,
    },
    /// A digit in a cell.
    Cell {
        /// The row.
        row: usize,
        /// The column.
        col: usize,
        /// 0 or 1.
        digit: u8,
    },
    /// An option of the cell encoding that only keeps two lines apart.
    Apart,
    /// The cells of row `row` that propagation fixed before the cell encoding (its only
    /// option for them).
    Fixed {
        /// The row.
        row: usize,
        /// The cells fixed, column j in bit j.
        mask: u64,
        /// Their digits, column j in bit j.
        bits: u64,
    },
}

/// A rule that a grid's digits already break.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Violation {
    /// Three equal digits next to each other.
    Three {
        /// The first of the three cells, `(row, column)`.
        first: (usize, usize),
        /// Whether they run down a column (else across a row).
        down: bool,
        /// The digit.
        digit: u8,
    },
    /// More than N/2 of one digit in a line.
    TooMany {
        /// The line.
        line: Line,
        /// The digit.
        digit: u8,
        /// How many the line holds.
        count: usize,
    },
    /// Two complete lines that are equal.
    Equal {
        /// The first line.
        first: Line,
        /// The second line (of the same kind).
        second: Line,
    },
}

/// A row or a column.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// A row, from 0 at the top.
    Row(usize),
    /// A column, from 0 at the left.
    Column(usize),
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Row(r) => write!(f, "row {r}"),
            Line::Column(c) => write!(f, "column {c}"),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Violation::Three { first, down, digit } => write!(
                f,
                "three {digit}s in a row {} from ({},{})",
                if down { "down" } else { "across" },
                first.0,
                first.1
            ),
            Violation::TooMany { line, digit, count } => {
                write!(f, "{line} holds {count} {digit}s, more than half")
            }
            Violation::Equal { first, second } => write!(f, "{first} and {second} are equal"),
        }
    }
}

impl Grid {
    /// An empty `n x n` grid, if `n` is even and lies from 2 to [`MAX_SIZE`].
    pub fn new(n: usize) -> Option<Grid> {
        (n % 2 == 0 && (2..=MAX_SIZE).contains(&n)).then(|| Grid {
            n,
            cells: vec![BLANK; n * n],
        })
    }

    /// The size N.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The digit in a cell, `None` when it is blank.
    ///
    /// # Panics
    /// If the cell lies outside the grid.
    pub fn digit(&self, row: usize, col: usize) -> Option<u8> {
        assert!(
            row < self.n && col < self.n,
            "({row},{col}) is off the grid"
        );
        Some(self.cells[row * self.n + col]).filter(|&d| d != BLANK)
    }

    /// Puts a digit (0 or 1) in a cell, or blanks it with `None`.
    ///
    /// # Panics
    /// If the cell lies outside the grid or the digit is not 0 or 1.
    pub fn set_digit(&mut self, row: usize, col: usize, digit: Option<u8>) {
        assert!(
            row < self.n && col < self.n,
            "({row},{col}) is off the grid"
        );
        assert!(digit.unwrap_or(0) <= 1, "a Binairo digit is 0 or 1");
        self.cells[row * self.n + col] = digit.unwrap_or(BLANK);
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        !self.cells.contains(&BLANK)
    }

    /// The cells of a line, in order.
    fn line(&self, line: Line) -> Vec<u8> {
        match line {
            Line::Row(r) => self.cells[r * self.n..(r + 1) * self.n].to_vec(),
            Line::Column(c) => (0..self.n).map(|r| self.cells[r * self.n + c]).collect(),
        }
    }

    /// Every rule the filled cells already break: three in a row (across, then down, in
    /// reading order), lines with more than N/2 of a digit (rows, then columns), equal complete
    /// lines. Empty when the filled cells break no rule (which is no promise of a solution).
    pub fn violations(&self) -> Vec<Violation> {
        let n = self.n;
        let mut found = Vec::new();
        for down in [false, true] {
            for a in 0..n {
                let line = self.line(if down { Line::Column(a) } else { Line::Row(a) });
                for b in 0..n.saturating_sub(2) {
                    let digit = line[b];
                    if digit != BLANK && line[b + 1] == digit && line[b + 2] == digit {
                        let first = if down { (b, a) } else { (a, b) };
                        found.push(Violation::Three { first, down, digit });
                    }
                }
            }
        }
        let lines: Vec<Line> = (0..n)
            .map(Line::Row)
            .chain((0..n).map(Line::Column))
            .collect();
        for &line in &lines {
            let cells = self.line(line);
            for digit in [0, 1] {
                let count = cells.iter().filter(|&&d| d == digit).count();
                if count > n / 2 {
                    found.push(Violation::TooMany { line, digit, count });
                }
            }
        }
        for (k, &first) in lines.iter().enumerate() {
            for &second in &lines[k + 1..] {
                let same_kind = matches!(
                    (first, second),
                    (Line::Row(_), Line::Row(_)) | (Line::Column(_), Line::Column(_))
                );
                let cells = self.line(first);
                if same_kind && !cells.contains(&BLANK) && cells == self.line(second) {
                    found.push(Violation::Equal { first, second });
                }
            }
        }
        found
    }

    /// The first of [`violations`](Grid::violations), if any.
    pub fn violation(&self) -> Option<Violation> {
        self.violations().into_iter().next()
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self
            .cells
            .chunks(self.n)
            .map(|row| {
                row.iter()
                    .map(|&d| match d {
                        0 => '0',
                        1 => '1',
                        _ => '.',
                    })
                    .collect()
            })
            .collect();
        parse::write_lines(f, &lines)
    }
}

impl Reduction for Binairo {
    type Puzzle = Grid;
    type Choice = Choice;
    type Board = Grid;
    type Error = ParseError;

    fn parse(&self, input: &str) -> Result<Grid, ParseError> {
        parse_grid(input)
    }

    fn encode(&self, grid: &Grid) -> Result<Encoding<Choice>, dlx::BuildError> {
        let Some(filled) = fill_cells(grid) else {
            return Ok(broken());
        };
        let Some(mut lines) = candidates(&filled) else {
            return encode_cells(grid, &filled);
        };
        propagate(grid.n, &mut lines);
        if lines.iter().flatten().any(Vec::is_empty) {
            return Ok(broken());
        }
        match self.strategy {
            Strategy::Patterns => encode_patterns(grid, &lines),
            Strategy::Cells => {
                let implied = implied(&filled, &lines);
                if implied.is_complete() {
                    // Nothing left to fill, so no cell item: one option per line says it.
                    encode_patterns(grid, &lines)
                } else {
                    encode_cells(grid, &implied)
                }
            }
        }
    }

    fn decode(&self, grid: &Grid, choices: &[&Choice]) -> Grid {
        let n = grid.n;
        let mut solved = grid.clone();
        for choice in choices {
            match **choice {
                Choice::Row { row, bits } if row < n => {
                    for c in 0..n {
                        solved.cells[row * n + c] = (bits >> c & 1) as u8;
                    }
                }
                Choice::Column { col, bits } if col < n => {
                    for r in 0..n {
                        solved.cells[r * n + col] = (bits >> r & 1) as u8;
                    }
                }
                Choice::Cell { row, col, digit } if row < n && col < n && digit <= 1 => {
                    solved.cells[row * n + col] = digit;
                }
                Choice::Fixed { row, mask, bits } if row < n => {
                    for c in (0..n).filter(|&c| mask >> c & 1 == 1) {
                        solved.cells[row * n + c] = (bits >> c & 1) as u8;
                    }
                }
                _ => {}
            }
        }
        solved
    }
}

fn parse_grid(input: &str) -> Result<Grid, ParseError> {
    let lines = content_lines(input);
    let n = parse::size_line(&lines, input, "a grid size", 2, MAX_SIZE)?;
    if n % 2 == 1 {
        let (line, text) = lines[0];
        return Err(ParseError::new(
            line,
            parse::first_column(text),
            ParseErrorKind::BadSize {
                expected: "an even grid size (every line holds as many 0s as 1s)",
                found: n.to_string(),
            },
        ));
    }
    let mut grid = Grid::new(n).expect("the size was checked");
    for r in 0..n {
        let Some(&(line, text)) = lines.get(r + 1) else {
            return Err(ParseError::new(
                parse::end_line(input),
                1,
                ParseErrorKind::EndOfInput {
                    expected: format!("row {} of {n}", r + 1),
                },
            ));
        };
        let mut cursor = Cursor::new(line, text);
        for c in 0..n {
            cursor.skip_blanks();
            grid.cells[r * n + c] = match cursor.peek() {
                Some('0') => 0,
                Some('1') => 1,
                Some('_' | '.') => BLANK,
                Some(_) => return Err(cursor.unexpected("'0', '1', '_' or '.'")),
                None => {
                    return Err(cursor.error(ParseErrorKind::Count {
                        what: "cells in a row",
                        expected: n,
                        found: c,
                    }))
                }
            };
            cursor.bump();
        }
        cursor.skip_blanks();
        if let Some(found) = cursor.peek() {
            return Err(cursor.error(ParseErrorKind::Trailing {
                after: format!("the {n} cells of the row"),
                found,
            }));
        }
    }
    if let Some(&(line, text)) = lines.get(n + 1) {
        let mut cursor = Cursor::new(line, text);
        cursor.skip_blanks();
        return Err(cursor.error(ParseErrorKind::Trailing {
            after: format!("the last row of the grid ({n} rows after the size)"),
            found: cursor.peek().unwrap_or(' '),
        }));
    }
    Ok(grid)
}

/// The number of legal lines (N/2 of each digit, no three equal in a row) that agree with
/// `line`, a line of N cells, `None` for a blank: a dynamic program over (ones so far, last
/// digit, length of its run), so it never lists them. Odd lengths have none.
///
/// ```
/// use reductions::binairo::count_patterns;
/// assert_eq!(count_patterns(&[None; 8]), 34);
/// assert_eq!(count_patterns(&[None; 30]), 860_142);
/// assert_eq!(count_patterns(&[Some(0), None, None, None]), 3); // 0011 0101 0110
/// ```
pub fn count_patterns(line: &[Option<u8>]) -> u128 {
    let cells: Vec<u8> = line.iter().map(|d| d.unwrap_or(BLANK)).collect();
    count_line(&cells)
}

/// [`count_patterns`] of a line of 0, 1 and [`BLANK`].
fn count_line(cells: &[u8]) -> u128 {
    let n = cells.len();
    if n % 2 == 1 {
        return 0;
    }
    // ways[ones][last digit][run length - 1], after the first k cells; the empty line has one
    // way, which no digit continues yet.
    let mut ways = vec![[[0u128; 2]; 2]; n / 2 + 1];
    let mut empty = 1u128;
    for &cell in cells {
        let mut next = vec![[[0u128; 2]; 2]; n / 2 + 1];
        for digit in [0u8, 1] {
            if cell != BLANK && cell != digit {
                continue;
            }
            let d = usize::from(digit);
            next[d][d][0] += empty;
            for (ones, by_last) in ways.iter().enumerate() {
                let ones = ones + d;
                if ones > n / 2 {
                    break;
                }
                for (last, runs) in by_last.iter().enumerate() {
                    if last == d {
                        // A run of one grows to two; a run of two cannot grow.
                        next[ones][d][1] += runs[0];
                    } else {
                        next[ones][d][0] += runs[0] + runs[1];
                    }
                }
            }
        }
        empty = 0;
        ways = next;
    }
    empty + ways[n / 2].iter().flatten().sum::<u128>()
}

/// Every pattern that agrees with `cells`, bit j for cell j, in lexicographic order of the
/// cells (cell 0 first, 0 before 1).
fn list_patterns(cells: &[u8]) -> Vec<u64> {
    fn go(cells: &[u8], k: usize, bits: u64, ones: usize, out: &mut Vec<u64>) {
        let n = cells.len();
        if k == n {
            out.push(bits);
            return;
        }
        let zeros = k - ones;
        for digit in [0u8, 1] {
            if cells[k] != BLANK && cells[k] != digit {
                continue;
            }
            let (ones, zeros) = (ones + usize::from(digit), zeros + usize::from(digit == 0));
            if ones > n / 2 || zeros > n / 2 {
                continue;
            }
            let bit = |j: usize| (bits >> j & 1) as u8;
            if k >= 2 && bit(k - 1) == digit && bit(k - 2) == digit {
                continue;
            }
            go(cells, k + 1, bits | u64::from(digit) << k, ones, out);
        }
    }
    let mut out = Vec::new();
    go(cells, 0, 0, 0, &mut out);
    out
}

/// Which digits each cell of `cells` (0, 1 or [`BLANK`]) takes in at least one legal line
/// that agrees with it: bit k of `.0` (`.1`) when cell k can hold a 0 (a 1). Reachable
/// states forward and co-reachable states backward over (ones so far, last digit, length of
/// its run), so the patterns are never listed: O(N^2) however many there are.
fn supports(cells: &[u8]) -> (u64, u64) {
    let n = cells.len();
    let half = n / 2;
    // State (ones, last, run - 1) at index (ones * 2 + last) * 2 + run - 1, and the empty
    // prefix at `start`.
    let start = (half + 1) * 4;
    let width = start + 1;
    // The state after cell k (from 0) takes `digit` in `state`, if the line stays legal.
    let step = |k: usize, state: usize, digit: usize| -> Option<usize> {
        let (ones, run) = if state == start {
            (digit, 0)
        } else {
            let (ones, last, run) = (state / 4, state / 2 % 2, state % 2);
            match (last == digit, run) {
                (true, 1) => return None,
                (true, _) => (ones + digit, 1),
                (false, _) => (ones + digit, 0),
            }
        };
        (ones <= half && k + 1 - ones <= half).then_some((ones * 2 + digit) * 2 + run)
    };
    let digits =
        |k: usize| (0..2).filter(move |&d| cells[k] == BLANK || usize::from(cells[k]) == d);
    // reach[k * width + s]: state s after the first k cells.
    let mut reach = vec![false; (n + 1) * width];
    reach[start] = true;
    for k in 0..n {
        for s in 0..width {
            if !reach[k * width + s] {
                continue;
            }
            for digit in digits(k) {
                if let Some(t) = step(k, s, digit) {
                    reach[(k + 1) * width + t] = true;
                }
            }
        }
    }
    // Then backward, keeping only the states that also complete a legal line.
    let mut alive = vec![false; (n + 1) * width];
    for t in (0..start).filter(|&t| t / 4 == half && reach[n * width + t]) {
        alive[n * width + t] = true;
    }
    let (mut zeros, mut ones) = (0u64, 0u64);
    for k in (0..n).rev() {
        for s in (0..width).filter(|&s| reach[k * width + s]) {
            for digit in digits(k) {
                if step(k, s, digit).is_some_and(|t| alive[(k + 1) * width + t]) {
                    alive[k * width + s] = true;
                    *[&mut zeros, &mut ones][digit] |= 1 << k;
                }
            }
        }
    }
    (zeros, ones)
}

/// `grid` with every cell filled that the line rules alone (balance, no three, not the
/// distinct lines) fix, to a fixpoint over rows and columns; `None` when some cell can take
/// neither digit. The same cells as the pattern propagation without its distinct-lines rule,
/// found without listing the patterns, so that it runs on any grid, before the budget is
/// looked at.
fn fill_cells(grid: &Grid) -> Option<Grid> {
    let n = grid.n;
    let mut grid = grid.clone();
    // Lines to look at: every one at first, then those that a newly filled cell crosses.
    let mut dirty: Vec<Line> = (0..n)
        .map(Line::Row)
        .chain((0..n).map(Line::Column))
        .collect();
    let mut queued = vec![true; 2 * n];
    let index = |line: Line| match line {
        Line::Row(r) => r,
        Line::Column(c) => n + c,
    };
    while let Some(line) = dirty.pop() {
        queued[index(line)] = false;
        let cells = grid.line(line);
        if !cells.contains(&BLANK) {
            continue;
        }
        let (zeros, ones) = supports(&cells);
        for (k, &cell) in cells.iter().enumerate() {
            let digit = match (zeros >> k & 1, ones >> k & 1) {
                (0, 0) => return None,
                (1, 0) => 0,
                (0, 1) => 1,
                _ => continue,
            };
            if cell == BLANK {
                let ((r, c), crossing) = match line {
                    Line::Row(r) => ((r, k), Line::Column(k)),
                    Line::Column(c) => ((k, c), Line::Row(k)),
                };
                grid.cells[r * n + c] = digit;
                if !queued[index(crossing)] {
                    queued[index(crossing)] = true;
                    dirty.push(crossing);
                }
            }
        }
    }
    Some(grid)
}

/// The patterns each line may still read: `lines[0][i]` for row i (bit j for column j),
/// `lines[1][j]` for column j (bit i for row i).
type Candidates = [Vec<Vec<u64>>; 2];

/// Every pattern that agrees with the givens, for every row and every column, if they fit in
/// [`PATTERN_BUDGET`] entries.
fn candidates(grid: &Grid) -> Option<Candidates> {
    if pattern_entries(grid) > PATTERN_BUDGET {
        return None;
    }
    let n = grid.n;
    let list = |line: fn(usize) -> Line| -> Vec<Vec<u64>> {
        (0..n).map(|k| list_patterns(&grid.line(line(k)))).collect()
    };
    Some([list(Line::Row), list(Line::Column)])
}

/// Drops, to a fixpoint, patterns that no solution uses, by two rules: a pattern that puts a
/// digit in a cell where no pattern left for the crossing line has it (arc consistency between
/// rows and columns); and the pattern of a line that has only one left, from every other line
/// of its kind (lines are distinct). Both only remove what no solution reads, so every
/// solution survives, and the options that remain mean what they meant.
fn propagate(n: usize, lines: &mut Candidates) {
    let full = if n == 64 { !0 } else { (1u64 << n) - 1 };
    // Where each line's patterns have a 0 (a 1), kept up to date as patterns go.
    let digits = |patterns: &[u64]| {
        patterns
            .iter()
            .fold((0, 0), |(zeros, ones), &p| (zeros | (!p & full), ones | p))
    };
    let mut masks: [Vec<(u64, u64)>; 2] = [0, 1].map(|kind| {
        lines[kind]
            .iter()
            .map(|patterns| digits(patterns))
            .collect()
    });
    // The masks each line was last filtered with: a line whose masks did not change since is
    // not looked at again. And the lines whose last pattern was already taken from the others.
    let mut seen = [vec![(full, full); n], vec![(full, full); n]];
    let mut settled = [vec![false; n], vec![false; n]];
    loop {
        let mut changed = false;
        for kind in 0..2 {
            // Where the crossing lines can still have a 0 (a 1): cell b of line a of the
            // other kind is bit a of `can[b]`.
            let mut can = vec![(0u64, 0u64); n];
            for (a, &(zeros, ones)) in masks[1 - kind].iter().enumerate() {
                for (b, can) in can.iter_mut().enumerate() {
                    can.0 |= (zeros >> b & 1) << a;
                    can.1 |= (ones >> b & 1) << a;
                }
            }
            for (b, patterns) in lines[kind].iter_mut().enumerate() {
                if seen[kind][b] == can[b] {
                    continue;
                }
                seen[kind][b] = can[b];
                let (can0, can1) = can[b];
                let before = patterns.len();
                patterns.retain(|&p| p & !can1 == 0 && !p & full & !can0 == 0);
                if patterns.len() != before {
                    masks[kind][b] = digits(patterns);
                    changed = true;
                }
            }
            for b in 0..n {
                if settled[kind][b] || lines[kind][b].len() != 1 {
                    continue;
                }
                settled[kind][b] = true;
                let taken = lines[kind][b][0];
                for a in (0..n).filter(|&a| a != b) {
                    let patterns = &mut lines[kind][a];
                    if let Some(k) = patterns.iter().position(|&p| p == taken) {
                        patterns.remove(k);
                        masks[kind][a] = digits(patterns);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return;
        }
    }
}

/// The entries the pattern encoding of `grid` would have, from the counts alone.
fn pattern_entries(grid: &Grid) -> u128 {
    let n = grid.n;
    (0..n)
        .map(Line::Row)
        .chain((0..n).map(Line::Column))
        .map(|line| {
            let cells = grid.line(line);
            let open = cells.iter().filter(|&&d| d == BLANK).count() as u128;
            count_line(&cells) * (open + 2)
        })
        .sum()
}

fn encode_patterns(grid: &Grid, lines: &Candidates) -> Result<Encoding<Choice>, dlx::BuildError> {
    let n = grid.n;
    let w = parse::base36_width(n - 1);
    let mut builder = dlx::ProblemBuilder::new();
    let rows: Vec<dlx::Primary> = (0..n)
        .map(|r| builder.primary(name("r", &[(r, w)])))
        .collect();
    let cols: Vec<dlx::Primary> = (0..n)
        .map(|c| builder.primary(name("c", &[(c, w)])))
        .collect();
    // Two items for each cell where the patterns left for its row disagree (then so do its
    // column's: propagation leaves both lines the same digits there), none elsewhere.
    let mut cells = vec![None; n * n];
    for (r, patterns) in lines[0].iter().enumerate() {
        let ones = patterns.iter().fold(0, |m, &p| m | p);
        let zeros = patterns.iter().fold(0, |m, &p| m | !p);
        for c in (0..n).filter(|&c| (ones & zeros) >> c & 1 == 1) {
            let x = builder.primary(name("x", &[(r, w), (c, w)]));
            let y = builder.primary(name("y", &[(r, w), (c, w)]));
            cells[r * n + c] = Some([x, y]);
        }
    }
    let row_items = shared_patterns(&mut builder, "h", &lines[0]);
    let col_items = shared_patterns(&mut builder, "v", &lines[1]);
    let mut choices = Vec::new();
    for (columns, patterns_of, shared) in [
        (false, &lines[0], &row_items),
        (true, &lines[1], &col_items),
    ] {
        for (a, patterns) in patterns_of.iter().enumerate() {
            for &bits in patterns {
                let mut entries: Vec<dlx::OptionItem> =
                    vec![if columns { cols[a] } else { rows[a] }.into()];
                for b in 0..n {
                    let (r, c) = if columns { (b, a) } else { (a, b) };
                    if let Some([x, y]) = cells[r * n + c] {
                        // A row's 1 and a column's 0 take x; a row's 0 and a column's 1, y.
                        let takes_x = (bits >> b & 1 == 1) != columns;
                        entries.push(if takes_x { x } else { y }.into());
                    }
                }
                entries.extend(shared.get(&bits).map(|&item| dlx::OptionItem::from(item)));
                builder.option(entries);
                choices.push(if columns {
                    Choice::Column { col: a, bits }
                } else {
                    Choice::Row { row: a, bits }
                });
            }
        }
    }
    Ok(Encoding::new(builder.build()?, choices))
}

/// A secondary item for each pattern that two or more lines may read, numbered in the order
/// of the patterns' values.
fn shared_patterns(
    builder: &mut dlx::ProblemBuilder,
    prefix: &str,
    lists: &[Vec<u64>],
) -> HashMap<u64, dlx::Secondary> {
    let mut readers: HashMap<u64, usize> = HashMap::new();
    for list in lists {
        for &bits in list {
            *readers.entry(bits).or_default() += 1;
        }
    }
    let mut shared: Vec<u64> = readers
        .into_iter()
        .filter(|&(_, count)| count >= 2)
        .map(|(bits, _)| bits)
        .collect();
    shared.sort_unstable();
    let width = parse::base36_width(shared.len().saturating_sub(1));
    shared
        .iter()
        .enumerate()
        .map(|(k, &bits)| (bits, builder.secondary(name(prefix, &[(k, width)]))))
        .collect()
}

/// A problem without solutions, said plainly: one primary item, `broken`, and no option.
fn broken() -> Encoding<Choice> {
    let mut builder = dlx::ProblemBuilder::new();
    builder.primary("broken");
    Encoding::new(builder.build().expect("one item"), Vec::new())
}

/// `grid` with the cells filled where every pattern left for the row agrees.
fn implied(grid: &Grid, lines: &Candidates) -> Grid {
    let n = grid.n;
    let mut implied = grid.clone();
    for (r, patterns) in lines[0].iter().enumerate() {
        let ones = patterns.iter().fold(0, |m, &p| m | p);
        let zeros = patterns.iter().fold(0, |m, &p| m | !p);
        for c in 0..n {
            match ((zeros >> c & 1), (ones >> c & 1)) {
                (1, 0) => implied.cells[r * n + c] = 0,
                (0, 1) => implied.cells[r * n + c] = 1,
                _ => {}
            }
        }
    }
    implied
}

/// The cell encoding of `implied`, which is `grid` with more cells filled, implied by the
/// rules (or `grid` itself); the cells it fills get one option per row, [`Choice::Fixed`].
fn encode_cells(grid: &Grid, implied: &Grid) -> Result<Encoding<Choice>, dlx::BuildError> {
    let n = grid.n;
    let w = parse::base36_width(n - 1);
    if implied.violation().is_some() {
        return Ok(broken());
    }
    let grid_given = grid;
    let grid = implied;
    let at = |r: usize, c: usize| grid.cells[r * n + c];
    let mut builder = dlx::ProblemBuilder::new();
    let mut choices = Vec::new();
    let mut cells = vec![None; n * n];
    for r in 0..n {
        for c in 0..n {
            if at(r, c) == BLANK {
                cells[r * n + c] = Some(builder.primary(name("x", &[(r, w), (c, w)])));
            }
        }
    }
    // Counts: how many of each digit each line still lacks; no item when it lacks none (then
    // its cells get no option for that digit).
    let mut counts: Vec<[Option<dlx::Primary>; 2]> = Vec::with_capacity(2 * n);
    for (kind, prefixes) in [["a", "b"], ["A", "B"]].into_iter().enumerate() {
        for k in 0..n {
            let line = grid.line(if kind == 0 {
                Line::Row(k)
            } else {
                Line::Column(k)
            });
            counts.push([0u8, 1].map(|digit| {
                let lacking = n / 2 - line.iter().filter(|&&d| d == digit).count();
                (lacking > 0).then(|| {
                    let item = name(prefixes[usize::from(digit)], &[(k, w)]);
                    builder.primary_bounded(item, lacking as u32, lacking as u32)
                })
            }));
        }
    }
    // Windows of three: for each cell and digit, the window items its option takes; and the
    // cell-digits that a window forbids outright.
    let mut forbidden = vec![[false; 2]; n * n];
    let mut windows: Vec<[Vec<dlx::OptionItem>; 2]> = vec![[Vec::new(), Vec::new()]; n * n];
    for (down, prefix) in [(false, "t"), (true, "u")] {
        for a in 0..n {
            for b in 0..n.saturating_sub(2) {
                let cell = |k: usize| if down { (b + k, a) } else { (a, b + k) };
                let three: Vec<(usize, usize)> = (0..3).map(cell).collect();
                for digit in [0u8, 1] {
                    let given = three.iter().filter(|&&(r, c)| at(r, c) == digit).count();
                    let other = three
                        .iter()
                        .filter(|&&(r, c)| at(r, c) != digit && at(r, c) != BLANK)
                        .count();
                    if other > 0 {
                        continue;
                    }
                    let open = three.iter().filter(|&&(r, c)| at(r, c) == BLANK);
                    let (r0, c0) = three[0];
                    let item_name = name(prefix, &[(r0, w), (c0, w), (usize::from(digit), 1)]);
                    match given {
                        2 => {
                            open.for_each(|&(r, c)| forbidden[r * n + c][usize::from(digit)] = true)
                        }
                        1 => {
                            let item = builder.secondary(item_name);
                            open.for_each(|&(r, c)| {
                                windows[r * n + c][usize::from(digit)].push(item.into());
                            });
                        }
                        _ => {
                            let item = builder.primary_bounded(item_name, 0, 2);
                            open.for_each(|&(r, c)| {
                                windows[r * n + c][usize::from(digit)].push(item.into());
                            });
                        }
                    }
                }
            }
        }
    }
    let colors = [builder.color("0"), builder.color("1")];
    // The colored cells the distinctness options look at: y for rows, Y for columns.
    let mut looks = [vec![None; n * n], vec![None; n * n]];
    let mut pairs: Vec<(bool, usize, usize)> = Vec::new();
    for (kind, prefix) in [(0, "y"), (1, "Y")] {
        for i in 0..n {
            for k in i + 1..n {
                let (a, b) = if kind == 0 {
                    (grid.line(Line::Row(i)), grid.line(Line::Row(k)))
                } else {
                    (grid.line(Line::Column(i)), grid.line(Line::Column(k)))
                };
                let apart = a
                    .iter()
                    .zip(&b)
                    .any(|(&x, &y)| x != BLANK && y != BLANK && x != y);
                if apart {
                    continue;
                }
                pairs.push((kind == 1, i, k));
                for j in 0..n {
                    for line in [i, k] {
                        let (r, c) = if kind == 0 { (line, j) } else { (j, line) };
                        if at(r, c) == BLANK && looks[kind][r * n + c].is_none() {
                            looks[kind][r * n + c] =
                                Some(builder.secondary(name(prefix, &[(r, w), (c, w)])));
                        }
                    }
                }
            }
        }
    }
    for r in 0..n {
        for c in 0..n {
            let Some(cell) = cells[r * n + c] else {
                continue;
            };
            for digit in [0u8, 1] {
                let d = usize::from(digit);
                let [row_count, col_count] = [counts[r][d], counts[n + c][d]];
                if forbidden[r * n + c][d] || row_count.is_none() || col_count.is_none() {
                    continue;
                }
                let mut entries: Vec<dlx::OptionItem> = vec![cell.into()];
                entries.extend(
                    [row_count, col_count]
                        .into_iter()
                        .flatten()
                        .map(dlx::OptionItem::from),
                );
                entries.extend(windows[r * n + c][d].iter().copied());
                for look in &looks {
                    if let Some(item) = look[r * n + c] {
                        entries.push(item.with_color(colors[d]));
                    }
                }
                builder.option(entries);
                choices.push(Choice::Cell {
                    row: r,
                    col: c,
                    digit,
                });
            }
        }
    }
    let [same, different] = [builder.color("s"), builder.color("d")];
    for (columns, i, k) in pairs {
        let kind = usize::from(columns);
        let (p, e, wname) = if columns {
            ("P", "E", "W")
        } else {
            ("p", "e", "w")
        };
        let witness = builder.primary(name(wname, &[(i, w), (k, w)]));
        // e[j]: None where both cells are given (then they are equal: the pair is not apart).
        let mut agree: Vec<Option<dlx::Secondary>> = Vec::with_capacity(n);
        for j in 0..n {
            let (ri, ci, rk, ck) = if columns { (j, i, j, k) } else { (i, j, k, j) };
            let (x, y) = (at(ri, ci), at(rk, ck));
            if x != BLANK && y != BLANK {
                agree.push(None);
                continue;
            }
            let item = builder.secondary(name(e, &[(i, w), (k, w), (j, w)]));
            let pair = builder.primary(name(p, &[(i, w), (k, w), (j, w)]));
            for a in [0u8, 1] {
                for b in [0u8, 1] {
                    if (x != BLANK && x != a) || (y != BLANK && y != b) {
                        continue;
                    }
                    let mut entries: Vec<dlx::OptionItem> = vec![pair.into()];
                    for (cell, digit) in [((ri, ci), a), ((rk, ck), b)] {
                        if let Some(look) = looks[kind][cell.0 * n + cell.1] {
                            entries.push(look.with_color(colors[usize::from(digit)]));
                        }
                    }
                    entries.push(item.with_color(if a == b { same } else { different }));
                    builder.option(entries);
                    choices.push(Choice::Apart);
                }
            }
            agree.push(Some(item));
        }
        for j in 0..n {
            let Some(here) = agree[j] else {
                continue;
            };
            let mut entries: Vec<dlx::OptionItem> = vec![witness.into()];
            entries.extend(
                agree[..j]
                    .iter()
                    .flatten()
                    .map(|item| item.with_color(same)),
            );
            entries.push(here.with_color(different));
            builder.option(entries);
            choices.push(Choice::Apart);
        }
    }
    for r in 0..n {
        let (mut mask, mut bits) = (0u64, 0u64);
        for c in 0..n {
            if grid_given.cells[r * n + c] == BLANK && at(r, c) != BLANK {
                mask |= 1 << c;
                bits |= u64::from(at(r, c)) << c;
            }
        }
        if mask != 0 {
            let item = builder.primary(name("f", &[(r, w)]));
            builder.option([dlx::OptionItem::from(item)]);
            choices.push(Choice::Fixed { row: r, mask, bits });
        }
    }
    Ok(Encoding::new(builder.build()?, choices))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        Binairo::default().parse(text).unwrap_err().to_string()
    }

    #[test]
    fn pattern_counts() {
        let blank = |n| vec![BLANK; n];
        let counts: Vec<u128> = [2, 4, 6, 8, 10, 12, 14, 16, 20, 30, 40]
            .iter()
            .map(|&n| count_line(&blank(n)))
            .collect();
        assert_eq!(
            counts,
            [2, 6, 14, 34, 84, 208, 518, 1296, 8196, 860_142, 93_770_358]
        );
        for n in [2, 4, 6, 8, 10, 12, 14] {
            assert_eq!(
                list_patterns(&blank(n)).len() as u128,
                count_line(&blank(n))
            );
        }
        // Givens: 0 _ _ _ agrees with 0011, 0101, 0110.
        assert_eq!(
            list_patterns(&[0, BLANK, BLANK, BLANK]),
            [0b1100, 0b1010, 0b0110]
        );
        assert_eq!(count_line(&[0, BLANK, BLANK, BLANK]), 3);
        assert_eq!(count_line(&[0, 0, 0, BLANK]), 0);
        assert_eq!(count_line(&[BLANK; 3]), 0);
        assert_eq!(count_line(&[]), 1);
        // Lists and counts agree with givens too.
        let line = [BLANK, 1, BLANK, BLANK, 0, BLANK, BLANK, BLANK, 1, BLANK];
        assert_eq!(list_patterns(&line).len() as u128, count_line(&line));
        assert!(count_line(&line) > 0);
    }

    #[test]
    fn supports_are_the_digits_of_the_listed_patterns() {
        // Every line of length 2..=12 over 0, 1 and blank whose cells are chosen by the base-3
        // digits of a counter (a sample for the longer ones).
        for n in (2..=12).step_by(2) {
            let total = 3u64.pow(n);
            let stride = (total / 20_000).max(1);
            for code in (0..total).step_by(stride as usize) {
                let cells: Vec<u8> = (0..n).map(|k| (code / 3u64.pow(k) % 3) as u8).collect();
                let patterns = list_patterns(&cells);
                let ones = patterns.iter().fold(0, |m, &p| m | p);
                let zeros = patterns.iter().fold(0, |m, &p| m | (!p & ((1 << n) - 1)));
                assert_eq!(supports(&cells), (zeros, ones), "{cells:?}");
            }
        }
    }

    #[test]
    fn reads_the_format() {
        let grid = Binairo::default()
            .parse("\n4\n1_0.\r\n0 1 _ _\n\n____\n1111\n")
            .unwrap();
        assert_eq!(grid.digit(0, 0), Some(1));
        assert_eq!(grid.digit(0, 1), None);
        assert_eq!(grid.digit(1, 1), Some(1));
        assert_eq!(grid.to_string(), "1.0.\n01..\n....\n1111");
        assert_eq!(
            grid.violation().map(|v| v.to_string()),
            Some("three 1s in a row across from (3,0)".to_owned())
        );
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(err(""), "1:1: expected a grid size, found an empty input");
        assert_eq!(
            err("5\n"),
            "1:1: expected an even grid size (every line holds as many 0s as 1s), found 5"
        );
        assert_eq!(
            err("66\n"),
            "1:1: expected a grid size from 2 to 64, found 66"
        );
        assert_eq!(
            err("2\n01\n"),
            "3:1: expected row 2 of 2, found the end of the input"
        );
        assert_eq!(err("2\n01\n1\n"), "3:2: expected 2 cells in a row, found 1");
        assert_eq!(
            err("2\n01\n102\n"),
            "3:3: expected nothing more after the 2 cells of the row, found '2'"
        );
        assert_eq!(
            err("2\n01\n1x\n"),
            "3:2: expected '0', '1', '_' or '.', found 'x'"
        );
        assert_eq!(
            err("2\n01\n10\n11"),
            "4:1: expected nothing more after the last row of the grid (2 rows after the size), \
             found '1'"
        );
    }

    #[test]
    fn violations() {
        let grid = Binairo::default()
            .parse("4\n0110\n0..0\n0110\n1...\n")
            .unwrap();
        let found: Vec<String> = grid.violations().iter().map(ToString::to_string).collect();
        assert_eq!(
            found,
            [
                "three 0s in a row down from (0,0)",
                "three 0s in a row down from (0,3)",
                "column 0 holds 3 0s, more than half",
                "column 3 holds 3 0s, more than half",
                "row 0 and row 2 are equal",
            ]
        );
    }
}
