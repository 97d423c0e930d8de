//! Binairo (the "01 game" of seed 003, also Takuzu or Unruly): fill a grid of an even number of
//! rows and columns with 0s and 1s so that no three equal digits are adjacent in a row or a
//! column, every line holds as many 0s as 1s, and (by default) no two rows and no two columns
//! are equal. Tatham's Unruly allows equal lines unless asked (its `u`); so does a grid whose
//! size line says `repeats` ([`Grid::set_distinct`]).
//!
//! The rooms: `format.rs` reads and writes the grid, `propagate.rs` fills cells and filters the
//! line patterns before the search, `encode.rs` writes the three encodings, `reasoning.rs`
//! reasons at every node of a search of the pattern encodings and `cell_reasoning.rs` at
//! every node of a search of the cell encoding, `generate.rs` makes puzzles and `grade.rs`
//! grades them.
//!
//! # The format
//!
//! A size line, then the rows. The size is N (an N x N grid) or `ROWS COLS`, each even, from
//! 2 to [`MAX_SIZE`], optionally followed by the word `repeats` (equal lines allowed). Each
//! row is COLS characters: `0`, `1`, and `_` or `.` for a blank. Blanks between the
//! characters of a row, blank lines, trailing blanks and `\r` are ignored. [`Grid`]'s
//! `Display` writes the rows alone, blanks as `.`, which is the plain output of a solved
//! board; [`Grid::puzzle_text`] writes the whole file.
//!
//! # Encodings
//!
//! Three, all exact, all written after the same propagation at encode time (below);
//! [`Strategy::Colors`] is the default.
//!
//! [`Strategy::Patterns`]: a row (or column) is a *pattern*, a string of N digits with N/2 of
//! each and no three equal in a row, and the options are "row i reads p" for every pattern p
//! left to row i, `r<i> x<i><j> y<i><j'> ... h<k>`, and likewise "column j reads p",
//! `c<j> ... v<k>`. Rows `r<i>` and columns `c<j>` are primary. A row and a column that cross
//! agree through two primary items per cell: `x<i><j>` is taken by a row with a 1 there or a
//! column with a 0, `y<i><j>` by a row with a 0 or a column with a 1; each is covered once
//! exactly when both lines put the same digit there. Only cells that the lines still disagree
//! on get them. `h<k>` and `v<k>`, one per pattern that at least two rows (columns) may read,
//! are secondary and keep those rows (columns) apart: the distinct-lines rule stays exact
//! (grids with `repeats` get none).
//! The balance and the rule of three live inside the patterns; no colors, no multiplicities:
//! Algorithm X. Items are listed lines first, then cells.
//!
//! [`Strategy::Colors`]: the same options, but a row and a column agree on an open cell
//! through one secondary item `x<i><j>` that each colors with its digit there (Algorithm C).
//! This encoding is searched with reasoning at every node, without which it is the slowest of
//! the three: by default the puzzle's own ([`Reduction::propagator`], in `reasoning.rs`),
//! which reads each line's patterns left as bit masks, fills the cells they agree on, keeps
//! complete lines apart, and tries both digits of each open cell (failed-digit probing), to a
//! fixpoint. The engine's probing ([`dlx::Propagation::Probing`], `--propagate probing`) does
//! the same on the table's lists, at several times the cost a node; either proves minimal
//! 30 x 30 puzzles unique in tens of nodes.
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
//! equal ones (grids with `repeats` get none of these items). Columns get the same items (`P`, `E`, `W` and `Y`, with rows and columns
//! swapped). An empty 30 x 30 grid takes about 130,000 options this way. The search runs
//! each line's legal completions at every node (`cell_reasoning.rs`, the propagation step 1
//! below, on the digits whose options are left), which Algorithm M takes from a propagator
//! as X and C do. An empty grid gets this encoding without the patterns' step (it implies
//! no cell). Cells that
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
//! Propagation settles every unique public instance at encode time; the search only reads
//! the answer (2N + 1 nodes). Minimal puzzles that need search are where the encodings
//! differ: the colored one with its reasoning proves them unique fastest, and is the default. The
//! plain patterns under Knuth's search count loose grids with many solutions fastest. The
//! cells are what grids beyond the budget get, and the three encodings check each other
//! (tests, fuzzing). The figures behind these choices are in `docs/reductions.md` and
//! `docs/engine.md`.
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

mod cell_reasoning;
mod encode;
mod format;
mod game;
mod generate;
mod grade;
mod hints;
mod propagate;
mod reasoning;
mod tatham;
#[cfg(test)]
mod tests;

pub use game::Shape;
pub use generate::{
    add_clues, generate, generate_before, Generated, MAX_GENERATED_SIDE, MAX_TRIES,
};
pub use grade::{grade, Difficulty, Grade};
pub use hints::{explain, hint};
pub use propagate::count_patterns;

/// The rows and columns a size to make asks for: `N` an N x N grid, `ROWSxCOLS` (or
/// `ROWSXCOLS`) another, each even and from 2 to [`MAX_GENERATED_SIDE`]. The one reading of a
/// size to make that every front end shares; the error says what is expected.
///
/// ```
/// use reductions::binairo::size_to_make;
///
/// assert_eq!(size_to_make("12X12"), Ok((12, 12)));
/// assert_eq!(size_to_make("8x10"), Ok((8, 10)));
/// assert!(size_to_make("7").is_err());
/// assert!(size_to_make("32").is_err());
/// ```
pub fn size_to_make(size: &str) -> Result<(usize, usize), String> {
    let side = |text: &str| {
        text.trim()
            .parse::<usize>()
            .ok()
            .filter(|&k| k % 2 == 0 && (2..=MAX_GENERATED_SIDE).contains(&k))
    };
    let sides = match size.trim().split_once(['x', 'X']) {
        Some((rows, cols)) => side(rows).zip(side(cols)),
        None => side(size).map(|n| (n, n)),
    };
    sides.ok_or_else(|| {
        format!("size '{size}': expected N or ROWSxCOLS, each even, from 2 to {MAX_GENERATED_SIDE}")
    })
}

use std::fmt;

use crate::text::ParseError;
use crate::{Encoding, Reduction};

/// The largest grid [`Binairo`] reads: 64 x 64.
pub const MAX_SIZE: usize = 64;

/// The most entries (item uses) [`Strategy::Patterns`] lets its matrix have before it writes
/// the cell encoding instead: 20 million, some hundreds of megabytes of links.
pub const PATTERN_BUDGET: u128 = 20_000_000;

/// The Binairo reduction; the format and the encodings are in the [module docs](self).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Binairo {
    /// Which encoding to use. By default, [`Strategy::Auto`]: the colored one, except for
    /// counts of loose grids.
    pub strategy: Strategy,
}

/// The nodes of the pattern encoding's search that [`Strategy::Auto`] looks at before a count.
pub const COUNT_PROBE_NODES: u64 = 20_000;

/// The solutions per node, in that look, from which the pattern encoding counts.
const DENSE_SOLUTIONS: u64 = 50;

/// Which encoding [`Binairo`] writes; see the [module docs](self).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// One option per cell and digit, with counts, windows of three, and pairwise witnesses
    /// of distinct lines.
    Cells,
    /// Every legal row and column that survives propagation is an option (while they fit in
    /// [`PATTERN_BUDGET`] entries; the cell encoding otherwise), a row and a column agreeing
    /// on a cell through two primary items (Algorithm X).
    Patterns,
    /// The options of [`Strategy::Patterns`], a row and a column agreeing through a colored
    /// secondary item per open cell (Algorithm C), searched with the line rules and probing at
    /// every node.
    Colors,
    /// [`Strategy::Colors`], except for a count or every solution
    /// ([`Reduction::for_task`]), where the plain [`Strategy::Patterns`] run first for
    /// [`COUNT_PROBE_NODES`] nodes: when that ends the search, or finds at least one
    /// solution per 50 nodes, the grid is loose and the patterns count it (an empty 8 x 8,
    /// 4,111,116 solutions: 6.1 s on one thread, where the colors with their reasoning at
    /// every node take 148 s); otherwise the colors do (a minimal 24 x 24 puzzle: 50 nodes
    /// and 8 ms, where the patterns take 22 million nodes and more than 30 s). The default.
    #[default]
    Auto,
}

impl Strategy {
    /// Every encoding.
    pub const ALL: [Strategy; 3] = [Strategy::Patterns, Strategy::Cells, Strategy::Colors];

    /// The encoding written: [`Strategy::Auto`] writes the colored one.
    fn written(self) -> Strategy {
        match self {
            Strategy::Auto => Strategy::Colors,
            strategy => strategy,
        }
    }
}

/// A Binairo grid: its rows and columns (both even), its cells, each blank or holding 0 or 1,
/// and whether two rows (or two columns) may be equal. Both puzzles and solved boards are
/// grids.
///
/// `Display` writes the rows alone, `0`, `1` and `.` for a blank, lines separated by `\n`
/// with no final newline; [`Grid::puzzle_text`] writes the whole file, size line included.
///
/// ```
/// use reductions::binairo::Grid;
/// let mut grid = Grid::with_size(2, 4).unwrap();
/// for col in 0..3 {
///     grid.set_digit(0, col, Some(1)); // three 1s in a row
/// }
/// assert_eq!(grid.to_string(), "111.\n....");
/// assert!(grid.violation().is_some());
/// assert_eq!((grid.rows(), grid.cols(), grid.distinct()), (2, 4, true));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    rows: usize,
    cols: usize,
    /// Row-major: 0, 1, or [`BLANK`].
    cells: Vec<u8>,
    /// Whether lines must be distinct (the classic rule, and Unruly's `u`).
    distinct: bool,
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
    /// More than half of one digit in a line.
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
            Line::Row(r) => write!(f, "row {}", r + 1),
            Line::Column(c) => write!(f, "column {}", c + 1),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Violation::Three { first, down, digit } => write!(
                f,
                "three {digit}s in a row {} from r{}c{}",
                if down { "down" } else { "across" },
                first.0 + 1,
                first.1 + 1
            ),
            Violation::TooMany { line, digit, count } => {
                write!(f, "{line} holds {count} {digit}s, more than half")
            }
            Violation::Equal { first, second } => write!(f, "{first} and {second} are equal"),
        }
    }
}

impl Grid {
    /// An empty `n x n` grid whose lines must be distinct, if `n` is even and lies from 2 to
    /// [`MAX_SIZE`].
    pub fn new(n: usize) -> Option<Grid> {
        Grid::with_size(n, n)
    }

    /// An empty grid of `rows` x `cols` whose lines must be distinct, if both are even and
    /// lie from 2 to [`MAX_SIZE`].
    pub fn with_size(rows: usize, cols: usize) -> Option<Grid> {
        let fits = |k: usize| k % 2 == 0 && (2..=MAX_SIZE).contains(&k);
        (fits(rows) && fits(cols)).then(|| Grid {
            rows,
            cols,
            cells: vec![BLANK; rows * cols],
            distinct: true,
        })
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether two rows (two columns) must differ: the classic rule, on by default. Without
    /// it (Tatham's Unruly by default), equal lines are allowed.
    pub fn distinct(&self) -> bool {
        self.distinct
    }

    /// Sets whether two rows (two columns) must differ.
    pub fn set_distinct(&mut self, distinct: bool) {
        self.distinct = distinct;
    }

    /// The grid as a game ID of Tatham's Unruly (`8x6u:abaJEC...`: width x height, `u` when
    /// lines must be distinct), which his program reads in "Game > Specific" and
    /// [`Binairo::parse`](crate::Reduction::parse) reads back.
    pub fn game_id(&self) -> String {
        tatham::write(self)
    }

    /// The digit in a cell, `None` when it is blank.
    ///
    /// # Panics
    /// If the cell lies outside the grid.
    pub fn digit(&self, row: usize, col: usize) -> Option<u8> {
        assert!(
            row < self.rows && col < self.cols,
            "({row},{col}) is off the grid"
        );
        Some(self.cells[row * self.cols + col]).filter(|&d| d != BLANK)
    }

    /// Puts a digit (0 or 1) in a cell, or blanks it with `None`.
    ///
    /// # Panics
    /// If the cell lies outside the grid or the digit is not 0 or 1.
    pub fn set_digit(&mut self, row: usize, col: usize, digit: Option<u8>) {
        assert!(
            row < self.rows && col < self.cols,
            "({row},{col}) is off the grid"
        );
        assert!(digit.unwrap_or(0) <= 1, "a Binairo digit is 0 or 1");
        self.cells[row * self.cols + col] = digit.unwrap_or(BLANK);
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        !self.cells.contains(&BLANK)
    }

    /// The cells of a line, in order.
    fn line(&self, line: Line) -> Vec<u8> {
        let cols = self.cols;
        match line {
            Line::Row(r) => self.cells[r * cols..(r + 1) * cols].to_vec(),
            Line::Column(c) => (0..self.rows).map(|r| self.cells[r * cols + c]).collect(),
        }
    }

    /// Every line: the rows, then the columns.
    fn lines(&self) -> impl Iterator<Item = Line> {
        (0..self.rows)
            .map(Line::Row)
            .chain((0..self.cols).map(Line::Column))
    }

    /// Every rule the filled cells already break: three in a row (across, then down, in
    /// reading order), lines with more than half of one digit (rows, then columns), and
    /// (when lines must be distinct) equal complete lines. Empty when the filled cells break
    /// no rule (which is no promise of a solution).
    pub fn violations(&self) -> Vec<Violation> {
        let mut found = Vec::new();
        for down in [false, true] {
            let count = if down { self.cols } else { self.rows };
            for a in 0..count {
                let line = self.line(if down { Line::Column(a) } else { Line::Row(a) });
                for b in 0..line.len().saturating_sub(2) {
                    let digit = line[b];
                    if digit != BLANK && line[b + 1] == digit && line[b + 2] == digit {
                        let first = if down { (b, a) } else { (a, b) };
                        found.push(Violation::Three { first, down, digit });
                    }
                }
            }
        }
        let lines: Vec<Line> = self.lines().collect();
        for &line in &lines {
            let cells = self.line(line);
            for digit in [0, 1] {
                let count = cells.iter().filter(|&&d| d == digit).count();
                if count > cells.len() / 2 {
                    found.push(Violation::TooMany { line, digit, count });
                }
            }
        }
        if self.distinct {
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
        }
        found
    }

    /// The first of [`violations`](Grid::violations), if any.
    pub fn violation(&self) -> Option<Violation> {
        self.violations().into_iter().next()
    }
}

impl Reduction for Binairo {
    type Puzzle = Grid;
    type Choice = Choice;
    type Board = Grid;

    fn parse(&self, input: &str) -> Result<Grid, ParseError> {
        if crate::tatham::is_game_id(input) {
            return tatham::parse(input);
        }
        format::parse_grid(input)
    }

    fn encode(&self, grid: &Grid) -> Result<Encoding<Choice>, dlx::BuildError> {
        encode::encode(grid, self.strategy.written())
    }

    /// With [`Strategy::Auto`], for a count or every solution: the patterns or the colors,
    /// as a short search of the patterns finds the grid loose or not (see [`Strategy::Auto`]).
    fn for_task(&self, grid: &Grid, task: crate::plan::Task) -> Option<Binairo> {
        use crate::plan::Task;
        if self.strategy != Strategy::Auto || !matches!(task, Task::Count | Task::All) {
            return None;
        }
        let patterns = Binairo {
            strategy: Strategy::Patterns,
        };
        let loose = patterns.encode(grid).ok().is_some_and(|encoding| {
            let probe = dlx::Solver::new(&encoding.problem)
                .node_limit(COUNT_PROBE_NODES)
                .count();
            probe.stopped.is_none()
                || probe.solutions * DENSE_SOLUTIONS as u128 >= probe.stats.nodes as u128
        });
        Some(if loose {
            patterns
        } else {
            Binairo {
                strategy: Strategy::Colors,
            }
        })
    }

    /// None of the engine's rules: [`Strategy::Colors`] has the puzzle's own reasoning
    /// ([`propagator`](Reduction::propagator)), and the others' propagation at encode time
    /// leaves the search little to do.
    fn propagation(&self) -> dlx::Propagation {
        dlx::Propagation::None
    }

    /// With [`Strategy::Colors`]: the line rules (agreement, distinct lines) and failed-digit
    /// probing of the open cells on bit masks, at every node. Measured on the minimal 24 x 24
    /// puzzles of the tests' fixtures: 49-104 nodes in 9-51 ms, where the engine's probing
    /// took 49-165 nodes in 43-300 ms. With [`Strategy::Cells`] (when the grid gets the cell
    /// encoding): each line's legal completions, cell by cell. [`Strategy::Patterns`]
    /// searches as Knuth does.
    fn propagator(
        &self,
        grid: &Grid,
        encoding: &Encoding<Choice>,
    ) -> Option<std::sync::Arc<dyn dlx::propagate::Propagator>> {
        match self.strategy.written() {
            Strategy::Colors | Strategy::Auto => {
                let reasoning =
                    reasoning::LineReasoning::new(grid.rows, grid.cols, grid.distinct, encoding)?;
                Some(std::sync::Arc::new(reasoning))
            }
            Strategy::Cells => {
                let reasoning = cell_reasoning::CellReasoning::new(grid, encoding)?;
                Some(std::sync::Arc::new(reasoning))
            }
            Strategy::Patterns => None,
        }
    }

    fn decode(&self, grid: &Grid, choices: &[&Choice]) -> Grid {
        let (rows, cols) = (grid.rows, grid.cols);
        let mut solved = grid.clone();
        for choice in choices {
            match **choice {
                Choice::Row { row, bits } if row < rows => {
                    for c in 0..cols {
                        solved.cells[row * cols + c] = (bits >> c & 1) as u8;
                    }
                }
                Choice::Column { col, bits } if col < cols => {
                    for r in 0..rows {
                        solved.cells[r * cols + col] = (bits >> r & 1) as u8;
                    }
                }
                Choice::Cell { row, col, digit } if row < rows && col < cols && digit <= 1 => {
                    solved.cells[row * cols + col] = digit;
                }
                Choice::Fixed { row, mask, bits } if row < rows => {
                    for c in (0..cols).filter(|&c| mask >> c & 1 == 1) {
                        solved.cells[row * cols + c] = (bits >> c & 1) as u8;
                    }
                }
                _ => {}
            }
        }
        solved
    }
}
