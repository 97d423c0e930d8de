//! Dominosa (Tatham's Dominosa): a grid of n + 1 rows and n + 2 columns of numbers from 0 to
//! n, on which the full set of dominoes from 0-0 to n-n lies, each domino once, each
//! covering two neighbouring cells that show its two numbers. The puzzle is to find where
//! the dominoes lie.
//!
//! # Format
//!
//! The grid, a line per row: its numbers parted by blanks, or, where every number is a
//! single digit, run together (`31155166`). A `-` in place of a blank joins two numbers side
//! by side into a domino, and a line between two rows that holds `|` under a number joins it
//! to the number below: a player's dominoes, or the solution. Every number from 0 to n
//! appears n + 2 times. Or a game ID of Tatham's Dominosa, `2:001100212221`: the largest number
//! n, then the numbers row by row (those past 9 as `[10]`).
//!
//! ```text
//! 0 0-1 1
//! |     |
//! 0 0-2 1
//! 2-2 2-1
//! ```
//!
//! # Encoding
//!
//! An option per pair of neighbouring cells, none of them in a domino placed elsewhere: it
//! covers its two cells (`p<r><c>`) and its domino (`d<lo><hi>`), all primary. Every cell
//! lies in exactly one domino, and every domino lies once, so the solutions are exactly the
//! puzzle's (Algorithm X). The grid has twice as many cells as there are dominoes, so no
//! domino can be left out.
//!
//! ```
//! use reductions::dominosa::Dominosa;
//! use reductions::Reduction;
//!
//! let grid = Dominosa.parse("2:001100212221")?;
//! let encoding = Dominosa.encode(&grid)?;
//! let solutions = dlx::Solver::new(&encoding.problem).count().solutions;
//! assert_eq!(solutions, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod game;
mod generate;
mod grade;
mod solver;
mod tatham;
#[cfg(test)]
mod tests;

use std::fmt;

pub use generate::{generate_before, Generated, MAX_GENERATED_SIZE};
pub use grade::{explain, grade, hint, Difficulty, Grade};

use crate::text::{self, ParseError, ParseErrorKind};
use crate::{Encoding, Reduction};

/// The largest number read: 30 (a grid of 31 x 32 cells, 496 dominoes).
pub const MAX_SIZE: usize = 30;

/// The Dominosa reduction; the format and the encoding are in the [module docs](self).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Dominosa;

/// The number of dominoes whose numbers run from 0 to `n`.
pub(crate) fn domino_count(n: usize) -> usize {
    (n + 1) * (n + 2) / 2
}

/// The index of the domino `a`-`b` (either way round) among the [`domino_count`]: Tatham's
/// order, 0-0, 1-0, 1-1, 2-0, ...
pub(crate) fn domino_index(a: usize, b: usize) -> usize {
    let (lo, hi) = (a.min(b), a.max(b));
    hi * (hi + 1) / 2 + lo
}

/// A Dominosa grid: its numbers, and the dominoes placed on it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    /// The largest number.
    n: usize,
    /// The number of each cell, row by row.
    numbers: Vec<u8>,
    /// The other cell of each cell's domino, where one is placed.
    partner: Vec<Option<usize>>,
}

impl Grid {
    /// A grid of the largest number `n` (1 to [`MAX_SIZE`]) and these numbers, row by row
    /// (n + 1 rows of n + 2), no domino placed; `None` unless each number from 0 to n appears
    /// n + 2 times.
    ///
    /// ```
    /// use reductions::dominosa::Grid;
    ///
    /// let grid = Grid::new(1, &[0, 0, 1, 1, 0, 1]).unwrap();
    /// assert_eq!(grid.to_string(), "0 0 1\n1 0 1");
    /// assert!(Grid::new(1, &[0, 0, 0, 0, 1, 1]).is_none());
    /// ```
    pub fn new(n: usize, numbers: &[u8]) -> Option<Grid> {
        let grid = Grid {
            n,
            numbers: numbers.to_vec(),
            partner: vec![None; numbers.len()],
        };
        ((1..=MAX_SIZE).contains(&n)
            && numbers.len() == (n + 1) * (n + 2)
            && grid.balance().is_none())
        .then_some(grid)
    }

    /// The first number that does not appear n + 2 times, with how often it does.
    fn balance(&self) -> Option<(usize, usize)> {
        let mut seen = vec![0; self.n + 1];
        for &number in &self.numbers {
            if let Some(count) = seen.get_mut(usize::from(number)) {
                *count += 1;
            }
        }
        seen.iter()
            .position(|&count| count != self.n + 2)
            .map(|number| (number, seen[number]))
    }

    /// The largest number, n: the dominoes run from 0-0 to n-n.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The rows: n + 1.
    pub fn rows(&self) -> usize {
        self.n + 1
    }

    /// The columns: n + 2.
    pub fn cols(&self) -> usize {
        self.n + 2
    }

    /// The number in a cell.
    pub fn number(&self, row: usize, col: usize) -> Option<usize> {
        (row < self.rows() && col < self.cols())
            .then(|| usize::from(self.numbers[row * self.cols() + col]))
    }

    /// The other cell of the domino placed on a cell, as (row, column).
    pub fn partner(&self, row: usize, col: usize) -> Option<(usize, usize)> {
        if row >= self.rows() || col >= self.cols() {
            return None;
        }
        let w = self.cols();
        self.partner[row * w + col].map(|other| (other / w, other % w))
    }

    /// The dominoes placed, each as its two cells (row, column), the top or left one first,
    /// in the order of their first cells.
    pub fn dominoes(&self) -> Vec<[(usize, usize); 2]> {
        let w = self.cols();
        (0..self.numbers.len())
            .filter_map(|cell| {
                let other = self.partner[cell]?;
                (other > cell).then_some([(cell / w, cell % w), (other / w, other % w)])
            })
            .collect()
    }

    /// Places a domino on two neighbouring cells (row, column), taking away the dominoes
    /// already on either; `false` (and nothing changed) when the cells are not neighbours of
    /// the grid.
    pub fn place(&mut self, a: (usize, usize), b: (usize, usize)) -> bool {
        let (w, h) = (self.cols(), self.rows());
        let inside = |(r, c): (usize, usize)| r < h && c < w;
        if !inside(a) || !inside(b) || a.0.abs_diff(b.0) + a.1.abs_diff(b.1) != 1 {
            return false;
        }
        let (a, b) = (a.0 * w + a.1, b.0 * w + b.1);
        for cell in [a, b] {
            if let Some(other) = self.partner[cell].take() {
                self.partner[other] = None;
            }
        }
        self.partner[a] = Some(b);
        self.partner[b] = Some(a);
        true
    }

    /// Takes away the domino on a cell, if any.
    pub fn remove(&mut self, row: usize, col: usize) {
        if row < self.rows() && col < self.cols() {
            let cell = row * self.cols() + col;
            if let Some(other) = self.partner[cell].take() {
                self.partner[other] = None;
            }
        }
    }

    /// Whether every cell is covered by a domino.
    pub fn is_full(&self) -> bool {
        self.partner.iter().all(Option::is_some)
    }

    /// Each rule the dominoes placed break, in words: a domino placed twice.
    pub fn violations(&self) -> Vec<String> {
        let mut first: Vec<Option<[(usize, usize); 2]>> = vec![None; domino_count(self.n)];
        let mut found = Vec::new();
        for domino in self.dominoes() {
            let [a, b] = domino;
            let (x, y) = (
                self.number(a.0, a.1).unwrap_or(0),
                self.number(b.0, b.1).unwrap_or(0),
            );
            let slot = &mut first[domino_index(x, y)];
            match slot {
                Some(earlier) => found.push(format!(
                    "the {}-{} lies twice, at {} and {}",
                    x.min(y),
                    x.max(y),
                    place_name(*earlier),
                    place_name(domino)
                )),
                None => *slot = Some(domino),
            }
        }
        found
    }

    /// The first of [`violations`](Self::violations), if any.
    pub fn violation(&self) -> Option<String> {
        self.violations().into_iter().next()
    }

    /// The grid as a game ID of Tatham's Dominosa (its numbers; Dominosa's IDs hold no
    /// dominoes).
    pub fn game_id(&self) -> String {
        tatham::write(self)
    }
}

/// Two cells as players read them: `r1c2-r1c3`.
pub(crate) fn place_name([a, b]: [(usize, usize); 2]) -> String {
    format!("r{}c{}-r{}c{}", a.0 + 1, a.1 + 1, b.0 + 1, b.1 + 1)
}

/// The rows of numbers, each right-aligned to the width of n; `-` joins a domino placed
/// across, and a line of `|` under the last digits joins those placed down (left out where
/// none is).
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (w, h) = (self.cols(), self.rows());
        let width = self.n.to_string().len();
        let mut lines = Vec::new();
        for row in 0..h {
            let mut line = String::new();
            let mut links = String::new();
            for col in 0..w {
                let cell = row * w + col;
                if col > 0 {
                    let joined = self.partner[cell] == Some(cell - 1);
                    line.push(if joined { '-' } else { ' ' });
                    links.push(' ');
                }
                line.push_str(&format!("{:>width$}", self.numbers[cell]));
                links.push_str(&" ".repeat(width - 1));
                links.push(if self.partner[cell] == Some(cell + w) {
                    '|'
                } else {
                    ' '
                });
            }
            lines.push(line);
            let links = links.trim_end().to_owned();
            if !links.is_empty() {
                lines.push(links);
            }
        }
        text::write_lines(f, &lines)
    }
}

/// A number of a row as read: its value and its first and last columns (from 1).
struct Token {
    value: u64,
    found: String,
    first: usize,
    last: usize,
}

/// A row of numbers read: its tokens, and for each blank between two of them, whether a `-`
/// joined them (with its column).
struct Row {
    line: usize,
    tokens: Vec<Token>,
    joins: Vec<Option<usize>>,
}

fn read_row(line: usize, raw: &str) -> Result<Row, ParseError> {
    let mut tokens: Vec<Token> = Vec::new();
    let mut joins = Vec::new();
    let mut pending_join: Option<usize> = None;
    let mut chars = raw.chars().enumerate().peekable();
    while let Some((k, c)) = chars.next() {
        let column = k + 1;
        match c {
            ' ' | '\t' => {}
            '-' => {
                if tokens.is_empty() || pending_join.is_some() || joins.len() == tokens.len() {
                    return Err(ParseError::new(
                        line,
                        column,
                        ParseErrorKind::UnexpectedChar {
                            expected: "a number ('-' joins two numbers side by side)",
                            found: '-',
                        },
                    ));
                }
                pending_join = Some(column);
            }
            '0'..='9' => {
                let mut found = c.to_string();
                let mut last = column;
                while let Some(&(k, d @ '0'..='9')) = chars.peek() {
                    found.push(d);
                    last = k + 1;
                    chars.next();
                }
                if !tokens.is_empty() {
                    joins.push(pending_join.take());
                }
                tokens.push(Token {
                    value: found.parse().unwrap_or(u64::MAX),
                    found,
                    first: column,
                    last,
                });
            }
            other => {
                return Err(ParseError::new(
                    line,
                    column,
                    ParseErrorKind::UnexpectedChar {
                        expected: "a number, a blank or '-' between two numbers",
                        found: other,
                    },
                ))
            }
        }
    }
    if let Some(column) = pending_join {
        return Err(ParseError::new(
            line,
            column,
            ParseErrorKind::UnexpectedChar {
                expected: "a number after it ('-' joins two numbers side by side)",
                found: '-',
            },
        ));
    }
    // A row without blanks or joins, of several digits: a digit a number.
    if let [token] = &tokens[..] {
        if token.found.len() > 1 {
            let first = token.first;
            tokens = token
                .found
                .chars()
                .enumerate()
                .map(|(k, d)| Token {
                    value: u64::from(d.to_digit(10).unwrap_or(0)),
                    found: d.to_string(),
                    first: first + k,
                    last: first + k,
                })
                .collect();
            joins = vec![None; tokens.len() - 1];
        }
    }
    Ok(Row {
        line,
        tokens,
        joins,
    })
}

fn parse_text(input: &str) -> Result<Grid, ParseError> {
    let lines = text::block_lines(input);
    let mut rows: Vec<Row> = Vec::new();
    // The `|` lines, each after the row it follows: (row, line, columns).
    let mut links: Vec<(usize, usize, Vec<usize>)> = Vec::new();
    for &(line, raw) in &lines {
        if raw.trim().is_empty() {
            continue;
        }
        if raw.chars().all(|c| c == '|' || c == ' ' || c == '\t') {
            let columns: Vec<usize> = raw
                .chars()
                .enumerate()
                .filter(|&(_, c)| c == '|')
                .map(|(k, _)| k + 1)
                .collect();
            if rows.is_empty() {
                return Err(ParseError::new(
                    line,
                    columns[0],
                    ParseErrorKind::UnexpectedChar {
                        expected: "a row of numbers ('|' joins a number to the one below)",
                        found: '|',
                    },
                ));
            }
            links.push((rows.len() - 1, line, columns));
            continue;
        }
        rows.push(read_row(line, raw)?);
    }
    if rows.is_empty() {
        return Err(ParseError::whole(ParseErrorKind::Empty {
            expected: "the rows of a Dominosa grid, or a game ID",
        }));
    }
    let h = rows.len();
    if !(2..=MAX_SIZE + 1).contains(&h) {
        return Err(ParseError::new(
            rows[0].line,
            1,
            ParseErrorKind::OutOfRange {
                what: "the number of rows (the largest number plus one)",
                min: 2,
                max: MAX_SIZE as u64 + 1,
                found: h.to_string(),
            },
        ));
    }
    let (n, w) = (h - 1, h + 1);
    let mut numbers = Vec::with_capacity(w * h);
    let mut partner = vec![None; w * h];
    let mut join = |a: usize, b: usize, line: usize, column: usize, mark: char| {
        if partner[a].is_some() || partner[b].is_some() {
            return Err(ParseError::new(
                line,
                column,
                ParseErrorKind::UnexpectedChar {
                    expected: "a join of two cells outside any other domino",
                    found: mark,
                },
            ));
        }
        partner[a] = Some(b);
        partner[b] = Some(a);
        Ok(())
    };
    for (r, row) in rows.iter().enumerate() {
        if row.tokens.len() != w {
            return Err(ParseError::new(
                row.line,
                row.tokens.get(w).map_or(1, |token| token.first),
                ParseErrorKind::Count {
                    what: "numbers in this row (one more than the grid has rows)",
                    expected: w,
                    found: row.tokens.len(),
                },
            ));
        }
        for token in &row.tokens {
            if token.value > n as u64 {
                return Err(ParseError::new(
                    row.line,
                    token.first,
                    ParseErrorKind::OutOfRange {
                        what: "a number (from 0 to the number of rows less one)",
                        min: 0,
                        max: n as u64,
                        found: token.found.clone(),
                    },
                ));
            }
            numbers.push(token.value as u8);
        }
        for (c, joined) in row.joins.iter().enumerate() {
            if let Some(column) = joined {
                join(r * w + c, r * w + c + 1, row.line, *column, '-')?;
            }
        }
    }
    for (r, line, columns) in links {
        for column in columns {
            let Some(c) = rows[r]
                .tokens
                .iter()
                .position(|token| (token.first..=token.last).contains(&column))
            else {
                return Err(ParseError::new(
                    line,
                    column,
                    ParseErrorKind::UnexpectedChar {
                        expected:
                            "a blank ('|' stands under a number, to join it to the one below)",
                        found: '|',
                    },
                ));
            };
            if r + 1 >= h {
                return Err(ParseError::new(
                    line,
                    column,
                    ParseErrorKind::UnexpectedChar {
                        expected: "a row of numbers below ('|' joins a number to the one below)",
                        found: '|',
                    },
                ));
            }
            join(r * w + c, (r + 1) * w + c, line, column, '|')?;
        }
    }
    let grid = Grid {
        n,
        numbers,
        partner,
    };
    balanced(grid)
}

/// The grid, or why its numbers cannot hold the full set of dominoes.
fn balanced(grid: Grid) -> Result<Grid, ParseError> {
    match grid.balance() {
        None => Ok(grid),
        Some((number, count)) => Err(ParseError::whole(ParseErrorKind::Refused {
            reason: format!(
                "the number {number} appears {count} times: expected each number from 0 to {} \
                 {} times, as the full set of dominoes holds it",
                grid.n,
                grid.n + 2
            ),
        })),
    }
}

/// One option of the encoding: a domino on two neighbouring cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Choice {
    /// The two cells, numbered row by row from 0, the top or left one first.
    pub cells: [usize; 2],
}

impl Reduction for Dominosa {
    type Puzzle = Grid;
    type Choice = Choice;
    type Board = Grid;

    fn parse(&self, input: &str) -> Result<Grid, ParseError> {
        if crate::tatham::is_game_id(input) {
            return tatham::parse(input);
        }
        parse_text(input)
    }

    fn encode(&self, grid: &Grid) -> Result<Encoding<Choice>, dlx::BuildError> {
        let (w, h) = (grid.cols(), grid.rows());
        let cw = text::base36_width(w.max(h) - 1);
        let nw = text::base36_width(grid.n);
        let mut builder = dlx::ProblemBuilder::new();
        let cells: Vec<dlx::Primary> = (0..w * h)
            .map(|k| builder.primary(text::name("p", &[(k / w, cw), (k % w, cw)])))
            .collect();
        let mut dominoes = Vec::with_capacity(domino_count(grid.n));
        for hi in 0..=grid.n {
            for lo in 0..=hi {
                dominoes.push(builder.primary(text::name("d", &[(lo, nw), (hi, nw)])));
            }
        }
        let mut choices = Vec::new();
        for (a, b) in neighbours(w, h) {
            let free = |x: usize, y: usize| grid.partner[x].map_or(true, |other| other == y);
            if !free(a, b) || !free(b, a) {
                continue;
            }
            let domino = domino_index(grid.numbers[a].into(), grid.numbers[b].into());
            let option: [dlx::OptionItem; 3] =
                [cells[a].into(), cells[b].into(), dominoes[domino].into()];
            builder.option(option);
            choices.push(Choice { cells: [a, b] });
        }
        Ok(Encoding::new(builder.build()?, choices))
    }

    fn decode(&self, grid: &Grid, choices: &[&Choice]) -> Grid {
        let mut solved = grid.clone();
        for choice in choices {
            let [a, b] = choice.cells;
            solved.partner[a] = Some(b);
            solved.partner[b] = Some(a);
        }
        solved
    }
}

/// The pairs of neighbouring cells of a grid `w` wide and `h` high, as Tatham's Dominosa
/// numbers its placements: those one above the other first, row by row, then those side by
/// side.
pub(crate) fn neighbours(w: usize, h: usize) -> impl Iterator<Item = (usize, usize)> {
    let down = (0..h.saturating_sub(1) * w).map(move |a| (a, a + w));
    let across = (0..h * w)
        .filter(move |a| a % w + 1 < w)
        .map(|a| (a, a + 1));
    down.chain(across)
}
