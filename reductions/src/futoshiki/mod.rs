//! Futoshiki: fill an n x n grid so that every row and every column holds 1 to n once each (a
//! Latin square), keeping the given digits and the inequalities between neighbours.
//!
//! The rooms: `format.rs` reads and writes the grid, `propagate/` filters the digits before
//! the search and at its nodes, `encode.rs` writes the exact-cover problem.
//!
//! # The format
//!
//! The seed's (docs/puzzles.md section 3): a line with n, then 2n - 1 lines, alternately a row of
//! digits and a row of vertical relations.
//!
//! ```text
//! 4
//! 2 | 0 < 0 | 0
//! - - ^ - - - -
//! 0 | 0 | 0 > 0
//! - - - - v - -
//! 0 | 3 | 0 | 0
//! - - - - - - -
//! 0 | 0 | 0 | 1
//! ```
//!
//! - A row of digits is n numbers in decimal, `0` for an empty cell, with one separator between
//!   neighbours: `|` no relation, `<` the left one is smaller, `>` the left one is larger.
//!   Numbers above 9 are written in decimal too (`10 < 12`): the separators are what keeps two
//!   numbers apart, so a number may never be split by a blank, and blanks around separators are
//!   optional (`2|0<0|0` reads the same).
//! - A row of relations is 2n - 1 marks, with or without blanks between them: at even
//!   positions (0, 2, ...) the relation of the cell above and the cell below (`-` none, `^` the
//!   upper one is smaller, `v` the upper one is larger), at odd positions the filler `-`.
//! - Blank lines, trailing blanks and `\r` are ignored. Sizes go from 1 to [`MAX_SIZE`].
//!
//! [`Grid`]'s `Display` writes the same format back, numbers padded to a common width and the
//! marks of a relation row aligned under the last digit of their cells, so that grids of 10
//! and more line up too (for n <= 9 it is exactly the layout above).
//!
//! # Encoding
//!
//! The Latin square is exact cover with three kinds of primary items: `p<r><c>` (cell `(r, c)`
//! holds a digit), `r<r><d>` (row `r` holds the digit `d`) and `c<c><d>` (column `c` holds `d`);
//! the option "cell (r, c) holds d" is `p<r><c> r<r><d> c<c><d>`. An inequality `a < b` between
//! two neighbours becomes secondary items `t_k` of that pair (`h<r><c><k>` between `(r, c)` and
//! `(r, c + 1)`, `v<r><c><k>` between `(r, c)` and `(r + 1, c)`): the option "a = x" takes `t_1`
//! to `t_x`, the option "b = y" takes `t_y` to `t_n`. Two such options share an item exactly when
//! `y <= x`, which is exactly when they break `a < b`.
//!
//! # Filtering the digits first (`propagate/`)
//!
//! The search only looks one item ahead: it sees a cell, a row's or a column's digit run out,
//! but not a chain of inequalities, nor a pair of cells that share the last two digits of a
//! row. Tatham's hardest 9 x 9 ("recursive" grade, f18) took 333,107 nodes that way. So
//! before the options are written, every cell gets the digits it may still hold (its given
//! digit, or 1 to n) and a filter removes digits that are in no solution, to a fixpoint:
//!
//! - each inequality `a < b` keeps only the `a` below the largest `b` and the `b` above the
//!   smallest `a` (arc consistency; along a chain `a < b < c` this gives `a <= n - 2`);
//! - each row and column keeps a digit in a cell only if some assignment of all its digits to
//!   its cells puts it there: a digit alone in its cell leaves the other cells, a digit with
//!   one place left goes there, and, when these change nothing, Régin's matching test removes
//!   what every naked or hidden pair, triple and so on excludes;
//! - then singleton consistency: each digit of each open cell is tried in turn, the rules above
//!   propagate it, and a digit whose trial fails (a cell, or a digit of a line, runs out) is
//!   removed for good; a digit of another cell that no trial of this cell's digits kept goes
//!   too (whatever digit the cell takes, it is gone); until nothing changes (or a work
//!   budget, a few milliseconds, is spent, which only large open grids reach).
//!
//! Only the digits left get options, and of the `t_k` only those from the smallest `b` to the
//! largest `a` are needed (outside that range no option of the other side takes the item), so
//! an inequality that can no longer be broken costs no item at all. The filter removes no
//! solution, so counts do not change; when it proves that there is none (givens that break a
//! rule included), no cell keeps a digit and the matrix has items but no options.
//!
//! The figures that chose this (nodes and times on the public instances, with and without
//! each rule) are in `docs/reductions.md`.
//!
//! Numbers in names are in base 36 at a fixed width (one character up to n = 35), so names have
//! at most 4 characters on such grids.
//!
//! # Before and after the search
//!
//! The seed tells apart a complete grid (valid or not), givens that already break a rule, no
//! solution, one and many; [`judge`] does all of it, and [`Grid::violations`] says which rule
//! the givens break and where.
//!
//! ```
//! use reductions::futoshiki::{judge, Futoshiki, Verdict};
//! use reductions::Reduction;
//!
//! let text = "4\n2 | 0 < 0 | 0\n- - ^ - - - -\n0 | 0 | 0 > 0\n- - - - v - -\n\
//!             0 | 3 | 0 | 0\n- - - - - - -\n0 | 0 | 0 | 1\n";
//! let grid = Futoshiki.parse(text)?;
//! let encoding = Futoshiki.encode(&grid)?;
//! let solution = dlx::Solver::new(&encoding.problem).first().unwrap();
//! let solved = Futoshiki.decode(&grid, &encoding.choices_of(solution.options()));
//! assert_eq!(
//!     solved.to_string(),
//!     "4\n2 | 1 < 3 | 4\n- - ^ - - - -\n1 | 2 | 4 > 3\n- - - - v - -\n\
//!      4 | 3 | 1 | 2\n- - - - - - -\n3 | 4 | 2 | 1"
//! );
//! assert_eq!(judge(&grid, None)?, Verdict::Unique(solved));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod encode;
mod format;
mod game;
mod generate;
mod grade;
mod propagate;
mod tatham;
#[cfg(test)]
mod tests;

use std::fmt;

use crate::text::ParseError;
use crate::{Encoding, Reduction};

/// The largest grid [`Futoshiki`] reads: 36 x 36.
pub const MAX_SIZE: usize = 36;

pub use generate::{
    add_clues, generate, generate_before, generate_mode_before, Generated, MAX_GENERATED_SIZE,
    MAX_TRIES,
};
pub use grade::{explain, grade, hint, Difficulty, Grade};

/// The size and mode a size to make asks for: `5` a 5 x 5 futoshiki, `5a` (or `5A`) one of
/// Unequal's adjacent mode; sides from 2 to [`MAX_GENERATED_SIZE`]. The one reading of a size
/// to make that every front end shares; the error says what is expected.
///
/// ```
/// use reductions::futoshiki::size_to_make;
///
/// assert_eq!(size_to_make("5A"), Ok((5, true)));
/// assert_eq!(size_to_make(" 7 "), Ok((7, false)));
/// assert!(size_to_make("13").is_err());
/// ```
pub fn size_to_make(size: &str) -> Result<(usize, bool), String> {
    let trimmed = size.trim();
    let (number, adjacent) = match trimmed.strip_suffix(['a', 'A']) {
        Some(number) => (number, true),
        None => (trimmed, false),
    };
    number
        .parse::<usize>()
        .ok()
        .filter(|n| (2..=MAX_GENERATED_SIZE).contains(n))
        .map(|n| (n, adjacent))
        .ok_or_else(|| {
            format!(
                "size '{size}': expected the side of a futoshiki made here, from 2 to \
                 {MAX_GENERATED_SIZE}, then a for Unequal's adjacent mode"
            )
        })
}

/// The Futoshiki reduction; the format and the encoding are in the [module docs](self).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Futoshiki;

/// The relation between two neighbouring cells, the first being the left (or upper) one.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Relation {
    /// No inequality (`|` between cells of a row, `-` between cells of a column).
    #[default]
    None,
    /// The first cell holds the smaller digit (`<` in a row, `^` in a column).
    Less,
    /// The first cell holds the larger digit (`>` in a row, `v` in a column).
    Greater,
    /// Unequal's adjacent mode: a bar, the two digits are consecutive (`=` in a row and in a
    /// column).
    Consecutive,
    /// Unequal's adjacent mode: no bar, the two digits are not consecutive (`|` in a row,
    /// `-` in a column).
    Apart,
}

impl Relation {
    /// Whether digits `first` and `second` keep the relation.
    pub fn holds(self, first: usize, second: usize) -> bool {
        match self {
            Relation::None => true,
            Relation::Less => first < second,
            Relation::Greater => first > second,
            Relation::Consecutive => first.abs_diff(second) == 1,
            Relation::Apart => first.abs_diff(second) != 1,
        }
    }

    /// The relation read from the other cell: `Less` and `Greater` trade places, a bar, its
    /// absence and no relation stay.
    pub(crate) fn turned(self) -> Relation {
        match self {
            Relation::Less => Relation::Greater,
            Relation::Greater => Relation::Less,
            symmetric => symmetric,
        }
    }

    /// Whether it is a relation of the adjacent mode (a bar or none).
    pub fn is_adjacency(self) -> bool {
        matches!(self, Relation::Consecutive | Relation::Apart)
    }

    /// The relation's mark between two cells of a row in the text format: `|` (none), `<`,
    /// `>` or `=` (a bar).
    pub fn row_char(self) -> char {
        match self {
            Relation::None | Relation::Apart => '|',
            Relation::Less => '<',
            Relation::Greater => '>',
            Relation::Consecutive => '=',
        }
    }

    /// The relation's mark between two rows in the text format: `-` (none), `^`, `v` or `=`
    /// (a bar).
    pub fn column_char(self) -> char {
        match self {
            Relation::None | Relation::Apart => '-',
            Relation::Less => '^',
            Relation::Greater => 'v',
            Relation::Consecutive => '=',
        }
    }
}

/// A Futoshiki grid: its size, its digits (given or filled in), and the relations between
/// neighbours. Both puzzles and solved boards are grids.
///
/// `Display` writes the file format of the [module docs](self), empty cells as `0`, lines
/// separated by `\n` with no final newline.
///
/// ```
/// use reductions::futoshiki::{Grid, Relation};
/// let mut grid = Grid::new(3).unwrap();
/// grid.set_digit(0, 0, Some(2));
/// grid.set_right(0, 0, Relation::Less); // cell (0, 0) < cell (0, 1)
/// assert_eq!(grid.to_string(), "3\n2 < 0 | 0\n- - - - -\n0 | 0 | 0\n- - - - -\n0 | 0 | 0");
/// grid.set_digit(0, 1, Some(1));
/// assert_eq!(grid.violations().len(), 1); // 2 < 1 is false
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    n: usize,
    /// Row-major, 0 for an empty cell.
    cells: Vec<u8>,
    /// `right[r * (n - 1) + c]`: between `(r, c)` and `(r, c + 1)`.
    right: Vec<Relation>,
    /// `down[r * n + c]`: between `(r, c)` and `(r + 1, c)`.
    down: Vec<Relation>,
    /// Unequal's adjacent mode: every pair of neighbours is [`Relation::Consecutive`] (a
    /// bar) or [`Relation::Apart`], and there are no inequalities.
    adjacent: bool,
}

/// A digit in a cell: what one option of the encoding means.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fill {
    /// The row, from 0 at the top.
    pub row: usize,
    /// The column, from 0 at the left.
    pub col: usize,
    /// The digit, from 1 to n.
    pub digit: usize,
}

/// An inequality between two neighbouring cells, as [`Grid::inequalities`] lists them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Inequality {
    /// The first (left or upper) cell, `(row, column)`.
    pub first: (usize, usize),
    /// The second (right or lower) cell.
    pub second: (usize, usize),
    /// The relation, as the first cell sees it (never [`Relation::None`]).
    pub relation: Relation,
}

/// A rule that a grid's digits already break.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Violation {
    /// One digit twice in a row.
    RowRepeat {
        /// The row.
        row: usize,
        /// The digit.
        digit: usize,
        /// The two columns holding it.
        cols: (usize, usize),
    },
    /// One digit twice in a column.
    ColumnRepeat {
        /// The column.
        col: usize,
        /// The digit.
        digit: usize,
        /// The two rows holding it.
        rows: (usize, usize),
    },
    /// Two filled neighbours that break the inequality between them.
    Inequality {
        /// The first (left or upper) cell, `(row, column)`.
        first: (usize, usize),
        /// The second (right or lower) cell.
        second: (usize, usize),
        /// The inequality as the first cell sees it.
        relation: Relation,
        /// The digits of the two cells.
        digits: (usize, usize),
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Violation::RowRepeat { row, digit, cols } => write!(
                f,
                "row {} holds {digit} twice, at r{0}c{} and r{0}c{}",
                row + 1,
                cols.0 + 1,
                cols.1 + 1
            ),
            Violation::ColumnRepeat { col, digit, rows } => write!(
                f,
                "column {} holds {digit} twice, at r{}c{0} and r{}c{0}",
                col + 1,
                rows.0 + 1,
                rows.1 + 1
            ),
            Violation::Inequality {
                first,
                second,
                relation,
                digits,
            } => {
                let across = first.0 == second.0;
                let (mark, which) = match (across, relation) {
                    (_, Relation::Consecutive) => ('=', "two must be consecutive"),
                    (true, Relation::Apart) => ('|', "two must not be consecutive"),
                    (false, Relation::Apart) => ('-', "two must not be consecutive"),
                    (true, Relation::Less) => ('<', "left one must be smaller"),
                    (true, _) => ('>', "left one must be larger"),
                    (false, Relation::Less) => ('^', "upper one must be smaller"),
                    (false, _) => ('v', "upper one must be larger"),
                };
                write!(
                    f,
                    "r{}c{} holds {} and r{}c{} holds {}, against the '{mark}' between them \
                     (the {which})",
                    first.0 + 1,
                    first.1 + 1,
                    digits.0,
                    second.0 + 1,
                    second.1 + 1,
                    digits.1
                )
            }
        }
    }
}

impl Grid {
    /// An empty `n x n` grid without relations, if `n` lies from 1 to [`MAX_SIZE`].
    pub fn new(n: usize) -> Option<Grid> {
        (1..=MAX_SIZE).contains(&n).then(|| Grid {
            n,
            cells: vec![0; n * n],
            right: vec![Relation::None; n * (n - 1)],
            down: vec![Relation::None; n * (n - 1)],
            adjacent: false,
        })
    }

    /// An empty `n x n` grid of Unequal's adjacent mode, every pair of neighbours
    /// [`Relation::Apart`] until a bar is set ([`Relation::Consecutive`]).
    ///
    /// ```
    /// use reductions::futoshiki::{Grid, Relation};
    /// let mut grid = Grid::adjacent(3).unwrap();
    /// grid.set_right(0, 0, Relation::Consecutive);
    /// assert_eq!(grid.to_string(), "3 adjacent\n0 = 0 | 0\n- - - - -\n0 | 0 | 0\n- - - - -\n0 | 0 | 0");
    /// assert_eq!(grid.game_id(), "3a:0R,0L,0,0,0,0,0,0,0,");
    /// ```
    pub fn adjacent(n: usize) -> Option<Grid> {
        let mut grid = Grid::new(n)?;
        grid.adjacent = true;
        grid.right.fill(Relation::Apart);
        grid.down.fill(Relation::Apart);
        Some(grid)
    }

    /// Whether the grid is of Unequal's adjacent mode (bars between consecutive digits).
    pub fn is_adjacent(&self) -> bool {
        self.adjacent
    }

    /// The size n.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The digit in a cell, `None` when it is empty.
    ///
    /// # Panics
    /// If the cell lies outside the grid.
    pub fn digit(&self, row: usize, col: usize) -> Option<usize> {
        assert!(
            row < self.n && col < self.n,
            "({row},{col}) is off the grid"
        );
        Some(self.cells[row * self.n + col] as usize).filter(|&d| d > 0)
    }

    /// Puts a digit in a cell, or empties it with `None`.
    ///
    /// # Panics
    /// If the cell lies outside the grid or the digit is not from 1 to n.
    pub fn set_digit(&mut self, row: usize, col: usize, digit: Option<usize>) {
        assert!(
            row < self.n && col < self.n,
            "({row},{col}) is off the grid"
        );
        let digit = digit.unwrap_or(0);
        assert!(
            digit <= self.n,
            "{digit} is not a digit of a {0} x {0} grid",
            self.n
        );
        self.cells[row * self.n + col] = digit as u8;
    }

    /// The relation between `(row, col)` and its right neighbour; `None` in the last column.
    pub fn right(&self, row: usize, col: usize) -> Relation {
        if row < self.n && col + 1 < self.n {
            self.right[row * (self.n - 1) + col]
        } else {
            Relation::None
        }
    }

    /// The relation between `(row, col)` and the cell below it; `None` in the last row.
    pub fn down(&self, row: usize, col: usize) -> Relation {
        if row + 1 < self.n && col < self.n {
            self.down[row * self.n + col]
        } else {
            Relation::None
        }
    }

    /// Sets the relation between `(row, col)` and its right neighbour.
    ///
    /// # Panics
    /// If there is no such pair of cells.
    pub fn set_right(&mut self, row: usize, col: usize, relation: Relation) {
        assert!(
            row < self.n && col + 1 < self.n,
            "({row},{col}) has no right neighbour"
        );
        self.right[row * (self.n - 1) + col] = relation;
    }

    /// Sets the relation between `(row, col)` and the cell below it.
    ///
    /// # Panics
    /// If there is no such pair of cells.
    pub fn set_down(&mut self, row: usize, col: usize, relation: Relation) {
        assert!(
            row + 1 < self.n && col < self.n,
            "({row},{col}) has no lower neighbour"
        );
        self.down[row * self.n + col] = relation;
    }

    /// The grid as a game ID of Tatham's Unequal (`4:0,0D,2R,...`), which his program reads
    /// in "Game > Specific" and [`Futoshiki::parse`](crate::Reduction::parse) reads back.
    pub fn game_id(&self) -> String {
        tatham::write(self)
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        !self.cells.contains(&0)
    }

    /// The relations: all pairs of a row, row by row, then all pairs of a column, row by
    /// row; pairs without a relation left out.
    pub fn relations(&self) -> Vec<Inequality> {
        let n = self.n;
        let mut pairs = Vec::new();
        for r in 0..n {
            for c in 0..n.saturating_sub(1) {
                pairs.push(Inequality {
                    first: (r, c),
                    second: (r, c + 1),
                    relation: self.right(r, c),
                });
            }
        }
        for r in 0..n.saturating_sub(1) {
            for c in 0..n {
                pairs.push(Inequality {
                    first: (r, c),
                    second: (r + 1, c),
                    relation: self.down(r, c),
                });
            }
        }
        pairs.retain(|pair| pair.relation != Relation::None);
        pairs
    }

    /// The inequalities proper (`<` and `>`): [`relations`](Grid::relations) without the
    /// adjacent mode's.
    pub fn inequalities(&self) -> Vec<Inequality> {
        let mut pairs = self.relations();
        pairs.retain(|pair| !pair.relation.is_adjacency());
        pairs
    }

    /// The adjacent mode's relations: every pair of neighbours, with a bar or without.
    pub fn adjacencies(&self) -> Vec<Inequality> {
        let mut pairs = self.relations();
        pairs.retain(|pair| pair.relation.is_adjacency());
        pairs
    }

    /// Every rule the filled cells already break: a digit twice in a row (row by row), twice
    /// in a column, then the broken inequalities. Empty for a grid that can still be solved as
    /// far as its filled cells go (which is no promise of a solution).
    pub fn violations(&self) -> Vec<Violation> {
        let n = self.n;
        let mut found = Vec::new();
        for r in 0..n {
            let mut seen = vec![None; n + 1];
            for c in 0..n {
                if let Some(digit) = self.digit(r, c) {
                    match seen[digit] {
                        Some(first) => found.push(Violation::RowRepeat {
                            row: r,
                            digit,
                            cols: (first, c),
                        }),
                        None => seen[digit] = Some(c),
                    }
                }
            }
        }
        for c in 0..n {
            let mut seen = vec![None; n + 1];
            for r in 0..n {
                if let Some(digit) = self.digit(r, c) {
                    match seen[digit] {
                        Some(first) => found.push(Violation::ColumnRepeat {
                            col: c,
                            digit,
                            rows: (first, r),
                        }),
                        None => seen[digit] = Some(r),
                    }
                }
            }
        }
        for Inequality {
            first,
            second,
            relation,
        } in self.relations()
        {
            if let (Some(x), Some(y)) =
                (self.digit(first.0, first.1), self.digit(second.0, second.1))
            {
                if !relation.holds(x, y) {
                    found.push(Violation::Inequality {
                        first,
                        second,
                        relation,
                        digits: (x, y),
                    });
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

/// What the seed tells apart about a grid, before and after searching: see [`judge`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The grid is complete and breaks no rule: it is its own (only) solution.
    Solved,
    /// The digits already break a rule, so there is no solution.
    Broken {
        /// Whether every cell was filled.
        complete: bool,
        /// The first rule broken (as [`Grid::violation`] gives it).
        violation: Violation,
    },
    /// The givens break no rule, but no solution exists.
    NoSolution,
    /// Exactly one solution.
    Unique(Grid),
    /// Several solutions.
    Many {
        /// The first solution found.
        first: Grid,
        /// The number of solutions found.
        count: u128,
        /// Whether `count` is exact; false when the search stopped at the limit.
        exact: bool,
    },
}

/// Tells apart what the seed does: a complete grid, valid or not; givens that already break a
/// rule; no solution, one, or many (counted up to `limit`, all of them with `None`).
///
/// Errors: only if the problem cannot be built (it always can for a parsed grid).
///
/// ```
/// use reductions::futoshiki::{judge, Futoshiki, Verdict, Violation};
/// use reductions::Reduction;
///
/// let empty = Futoshiki.parse("3\n0|0|0\n-----\n0|0|0\n-----\n0|0|0")?;
/// assert!(matches!(judge(&empty, None)?, Verdict::Many { count: 12, exact: true, .. }));
/// let broken = Futoshiki.parse("3\n2|0|2\n-----\n0|0|0\n-----\n0|0|0")?;
/// let Verdict::Broken { complete: false, violation } = judge(&broken, None)? else { panic!() };
/// assert_eq!(violation.to_string(), "row 1 holds 2 twice, at r1c1 and r1c3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn judge(grid: &Grid, limit: Option<u128>) -> Result<Verdict, dlx::BuildError> {
    let complete = grid.is_complete();
    if let Some(violation) = grid.violation() {
        return Ok(Verdict::Broken {
            complete,
            violation,
        });
    }
    if complete {
        return Ok(Verdict::Solved);
    }
    let encoding = Futoshiki.encode(grid)?;
    let mut solver = dlx::Solver::new(&encoding.problem);
    if let Some(limit) = limit {
        solver = solver.limit(limit.max(2));
    }
    let mut solutions = solver.solutions();
    let Some(first) = solutions.next() else {
        return Ok(Verdict::NoSolution);
    };
    let first = Futoshiki.decode(grid, &encoding.choices_of(first.options()));
    if solutions.next().is_none() {
        return Ok(Verdict::Unique(first));
    }
    let rest = solutions.by_ref().count() as u128;
    let outcome = solutions.outcome();
    Ok(Verdict::Many {
        first,
        count: 2 + rest,
        exact: outcome.is_complete(),
    })
}

impl Reduction for Futoshiki {
    type Puzzle = Grid;
    type Choice = Fill;
    type Board = Grid;

    /// Loose grids count by memoization: the 812,851,200 Latin squares of an empty 6 x 6
    /// in 4.5 s, which the enumeration did not finish in 30 (docs/reductions.md).
    fn memo_after(&self) -> Option<u64> {
        Some(crate::plan::MEMO_AFTER_NODES)
    }

    fn parse(&self, input: &str) -> Result<Grid, ParseError> {
        if crate::tatham::is_game_id(input) {
            return tatham::parse(input);
        }
        format::parse_grid(input)
    }

    fn encode(&self, grid: &Grid) -> Result<Encoding<Fill>, dlx::BuildError> {
        encode::encode(grid)
    }

    /// Forcing: on this encoding it is arc consistency of the inequalities (an option of a
    /// cell takes the thresholds below or above its digit), and a cell, or a line's digit,
    /// with one option left is placed.
    fn propagation(&self) -> dlx::Propagation {
        dlx::Propagation::Forcing
    }

    /// [`propagation`](Self::propagation), but none beside the filter ([`propagator`](
    /// Self::propagator)) in the adjacent mode: there the filter's rules at a node (the
    /// relations, a cell's or a line's last place, the matching, the fillings) leave forcing
    /// nothing to take out, and forcing's walks of the links cost 7% of the time of the kept
    /// 9adr puzzles (their nodes the same within 0.4%, docs/engine.md). `--propagate
    /// forcing` runs both.
    fn propagation_for(&self, grid: &Grid) -> dlx::Propagation {
        match grid.is_adjacent() {
            true => dlx::Propagation::None,
            false => self.propagation(),
        }
    }

    /// The filter of encode time, at every node: the lines' all-different rule by Régin's
    /// matching (every naked and hidden subset), which forcing does not see, and singleton
    /// consistency within a budget a node; a node's trials start at the cell where its
    /// parent's budget ran out, so that a path tries every cell in turn.
    fn propagator(
        &self,
        grid: &Grid,
        encoding: &Encoding<Fill>,
    ) -> Option<std::sync::Arc<dyn dlx::propagate::Propagator>> {
        Some(std::sync::Arc::new(propagate::SearchFilter::new(
            grid, encoding,
        )))
    }

    fn decode(&self, grid: &Grid, choices: &[&Fill]) -> Grid {
        let mut solved = grid.clone();
        for fill in choices {
            if fill.row < grid.n && fill.col < grid.n && fill.digit <= grid.n {
                solved.cells[fill.row * grid.n + fill.col] = fill.digit as u8;
            }
        }
        solved
    }
}
