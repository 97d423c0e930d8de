//! The arrow board (seed 000): every cell of an n x n board, n even, gets one of the diagonal
//! arrows `↖ ↗ ↘ ↙`, so that no two arrows point at the same side or the same corner, every
//! row has n/2 arrows pointing up, and every column n/2 pointing left.
//!
//! An arrow points at the corner of its cell in its direction and at the two sides of its cell
//! that meet there (`↖`: the top-left corner, the top side, the left side). A side between two
//! cells counts once, and a corner is a grid point shared by up to four cells.
//!
//! # Encoding
//!
//! One option per cell and arrow, four per cell, in the order `↖ ↗ ↘ ↙`:
//!
//! - the cell, `x<r><c>`, a primary item (every cell gets exactly one arrow);
//! - the counts of its row and its column: `u<r>` for `↖ ↗` and `d<r>` for `↘ ↙` in row `r`,
//!   `l<c>` for `↖ ↙` and `g<c>` for `↗ ↘` in column `c`, primary items with multiplicity n/2
//!   (Knuth's `n/2:n/2|u<r>`), so that exactly n/2 arrows of each row point up and n/2 of each
//!   column point left. The `d` and `g` items are redundant (every cell has one arrow, so n/2
//!   up leaves n/2 down), but with them the search sees a row that can no longer get its n/2
//!   down arrows as early as one that cannot get its ups, which makes the tree 2 to 3 times
//!   smaller. These items need Algorithm M;
//! - the side and the corner it points at, secondary items: `h<r><c>`, the side above cell
//!   `(r, c)`, `v<r><c>` the side to its left, `k<r><c>` the grid point above and to the left of
//!   it (so `h<n><c>`, `v<r><n>` and `k<n><n>` close the board). Only sides and corners that two
//!   cells can point at are items: the outer sides and the four corners of the board belong to
//!   one cell each and can never be pointed at twice;
//! - and what the sides imply further away. Two cells of a column cannot point at the side
//!   between them, so below an arrow that points down every arrow points down (the first one
//!   pointing up would meet the one above it at their side); likewise, right of an arrow that
//!   points right, every arrow of its row points right. The sides say so only one cell at a
//!   time. A secondary item `m<r><r'><c>` for every two cells `(r, c)` and `(r', c)` with
//!   r' >= r + 2, taken by the downward arrows of the upper one and the upward arrows of the
//!   lower one, and `n<r><c><c'>` likewise for two cells of a row, say it at once. They
//!   forbid nothing that the sides allow, but they make the search tree 4 to 16 times
//!   smaller (n = 8: 96,182 nodes instead of 423,861; n = 10: 2.7 million instead of 22
//!   million; n = 12: 86 million instead of 1.37 billion).
//!
//! Every even n has exactly two solutions, the quarter pinwheels and their mirror image. The
//! search needs Algorithm M and grows fast with n: in release mode, n = 8 takes 0.1 s, n = 10
//! about 4 s (2.7 million nodes), n = 12 about two and a half minutes (86 million).
//!
//! ```
//! use reductions::{arrows::Arrows, Reduction};
//!
//! let size = Arrows.parse("4")?;
//! let encoding = Arrows.encode(&size)?;
//! let boards: Vec<String> = dlx::Solver::new(&encoding.problem)
//!     .solutions()
//!     .map(|s| Arrows.decode(&size, &encoding.choices_of(s.options())).to_string())
//!     .collect();
//! assert_eq!(boards.len(), 2);
//! assert!(boards.contains(&"↗↗↘↘\n↗↗↘↘\n↖↖↙↙\n↖↖↙↙".to_owned()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::fmt;

use crate::parse::{self, content_lines, name, ParseError, ParseErrorKind};
use crate::{Encoding, Reduction};

/// The largest board [`Arrows`] accepts: 100 x 100. The encoding has about 2n^3 secondary
/// items (then 2 million), and searches beyond n = 12 take hours anyway.
pub const MAX_SIZE: usize = 100;

/// The arrow-board reduction. `parse` reads the size n, an even decimal number from 2 to
/// [`MAX_SIZE`] (as `dlx arrows --size N` gives it).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Arrows;

/// A board size n: even, from 2 to [`MAX_SIZE`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size(usize);

impl Size {
    /// The size n, if it is even and lies from 2 to [`MAX_SIZE`].
    pub fn new(n: usize) -> Option<Size> {
        (n % 2 == 0 && (2..=MAX_SIZE).contains(&n)).then_some(Size(n))
    }

    /// The number of rows (and of columns).
    pub fn get(self) -> usize {
        self.0
    }
}

/// One of the four diagonal arrows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Arrow {
    /// `↖`: up and left.
    UpLeft,
    /// `↗`: up and right.
    UpRight,
    /// `↘`: down and right.
    DownRight,
    /// `↙`: down and left.
    DownLeft,
}

impl Arrow {
    /// The four arrows, in the order of their options: `↖ ↗ ↘ ↙`.
    pub const ALL: [Arrow; 4] = [
        Arrow::UpLeft,
        Arrow::UpRight,
        Arrow::DownRight,
        Arrow::DownLeft,
    ];

    /// The arrow as a character.
    pub fn as_char(self) -> char {
        match self {
            Arrow::UpLeft => '↖',
            Arrow::UpRight => '↗',
            Arrow::DownRight => '↘',
            Arrow::DownLeft => '↙',
        }
    }

    /// Whether it points up (`↖ ↗`).
    pub fn is_up(self) -> bool {
        matches!(self, Arrow::UpLeft | Arrow::UpRight)
    }

    /// Whether it points left (`↖ ↙`).
    pub fn is_left(self) -> bool {
        matches!(self, Arrow::UpLeft | Arrow::DownLeft)
    }
}

/// An arrow in a cell: what one option of the encoding means.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// The row, from 0 at the top.
    pub row: usize,
    /// The column, from 0 at the left.
    pub col: usize,
    /// The arrow.
    pub arrow: Arrow,
}

/// A board of arrows. `Display` writes n lines of n arrows, lines separated by `\n` with no
/// final newline (a cell without an arrow, which no solution has, as `·`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    n: usize,
    cells: Vec<Option<Arrow>>,
}

impl Board {
    /// The size n.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The arrow of a cell, if it has one (or if the cell lies on the board).
    pub fn arrow(&self, row: usize, col: usize) -> Option<Arrow> {
        if row < self.n && col < self.n {
            self.cells[row * self.n + col]
        } else {
            None
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self
            .cells
            .chunks(self.n.max(1))
            .map(|row| row.iter().map(|a| a.map_or('·', Arrow::as_char)).collect())
            .collect();
        parse::write_lines(f, &lines)
    }
}

impl Reduction for Arrows {
    type Puzzle = Size;
    type Choice = Placement;
    type Board = Board;
    type Error = ParseError;

    fn parse(&self, input: &str) -> Result<Size, ParseError> {
        let lines = content_lines(input);
        let n = parse::size_line(&lines, input, "a board size", 2, MAX_SIZE)?;
        if n % 2 == 1 {
            let (line, text) = lines[0];
            return Err(ParseError::new(
                line,
                parse::first_column(text),
                ParseErrorKind::BadSize {
                    expected: "an even board size",
                    found: n.to_string(),
                },
            ));
        }
        if let Some(&(line, text)) = lines.get(1) {
            return Err(ParseError::new(
                line,
                parse::first_column(text),
                ParseErrorKind::Trailing {
                    after: "the board size".to_owned(),
                    found: text.trim_start().chars().next().unwrap_or(' '),
                },
            ));
        }
        Ok(Size(n))
    }

    fn encode(&self, size: &Size) -> Result<Encoding<Placement>, dlx::BuildError> {
        let n = size.0;
        let w = parse::base36_width(n);
        let half = (n / 2) as u32;
        let mut builder = dlx::ProblemBuilder::new();
        let mut cells = Vec::with_capacity(n * n);
        for r in 0..n {
            for c in 0..n {
                cells.push(builder.primary(name("x", &[(r, w), (c, w)])));
            }
        }
        let ups: Vec<dlx::Primary> = (0..n)
            .map(|r| builder.primary_bounded(name("u", &[(r, w)]), half, half))
            .collect();
        let downs: Vec<dlx::Primary> = (0..n)
            .map(|r| builder.primary_bounded(name("d", &[(r, w)]), half, half))
            .collect();
        let lefts: Vec<dlx::Primary> = (0..n)
            .map(|c| builder.primary_bounded(name("l", &[(c, w)]), half, half))
            .collect();
        let rights: Vec<dlx::Primary> = (0..n)
            .map(|c| builder.primary_bounded(name("g", &[(c, w)]), half, half))
            .collect();
        // h[r][c]: the side above cell (r, c), r = 0..=n; only 0 < r < n are shared.
        let mut above = vec![None; (n + 1) * n];
        for r in 1..n {
            for c in 0..n {
                above[r * n + c] = Some(builder.secondary(name("h", &[(r, w), (c, w)])));
            }
        }
        // v[r][c]: the side left of cell (r, c), c = 0..=n; only 0 < c < n are shared.
        let mut left_of = vec![None; n * (n + 1)];
        for r in 0..n {
            for c in 1..n {
                left_of[r * (n + 1) + c] = Some(builder.secondary(name("v", &[(r, w), (c, w)])));
            }
        }
        // k[r][c]: grid points, all but the four corners of the board.
        let mut points = vec![None; (n + 1) * (n + 1)];
        for r in 0..=n {
            for c in 0..=n {
                if (r == 0 || r == n) && (c == 0 || c == n) {
                    continue;
                }
                points[r * (n + 1) + c] = Some(builder.secondary(name("k", &[(r, w), (c, w)])));
            }
        }
        // far[(c, r, r2)], r2 >= r + 2: (r, c) points down and (r2, c) up; wide[(r, c, c2)],
        // c2 >= c + 2: (r, c) points right and (r, c2) left.
        let mut far = HashMap::new();
        for c in 0..n {
            for r in 0..n {
                for r2 in r + 2..n {
                    let item = builder.secondary(name("m", &[(r, w), (r2, w), (c, w)]));
                    far.insert((c, r, r2), item);
                }
            }
        }
        let mut wide = HashMap::new();
        for r in 0..n {
            for c in 0..n {
                for c2 in c + 2..n {
                    let item = builder.secondary(name("n", &[(r, w), (c, w), (c2, w)]));
                    wide.insert((r, c, c2), item);
                }
            }
        }
        let mut choices = Vec::with_capacity(4 * n * n);
        for r in 0..n {
            for c in 0..n {
                for arrow in Arrow::ALL {
                    let mut entries: Vec<dlx::OptionItem> = vec![cells[r * n + c].into()];
                    entries.push(if arrow.is_up() { ups[r] } else { downs[r] }.into());
                    entries.push(if arrow.is_left() { lefts[c] } else { rights[c] }.into());
                    let row = if arrow.is_up() { r } else { r + 1 };
                    let col = if arrow.is_left() { c } else { c + 1 };
                    let sides = [above[row * n + c], left_of[r * (n + 1) + col]];
                    let corner = points[row * (n + 1) + col];
                    entries.extend(
                        sides
                            .into_iter()
                            .chain([corner])
                            .flatten()
                            .map(dlx::OptionItem::from),
                    );
                    let chain: Vec<dlx::Secondary> = if arrow.is_up() {
                        (0..r.saturating_sub(1))
                            .map(|r0| far[&(c, r0, r)])
                            .collect()
                    } else {
                        (r + 2..n).map(|r2| far[&(c, r, r2)]).collect()
                    };
                    entries.extend(chain.into_iter().map(dlx::OptionItem::from));
                    let chain: Vec<dlx::Secondary> = if arrow.is_left() {
                        (0..c.saturating_sub(1))
                            .map(|c0| wide[&(r, c0, c)])
                            .collect()
                    } else {
                        (c + 2..n).map(|c2| wide[&(r, c, c2)]).collect()
                    };
                    entries.extend(chain.into_iter().map(dlx::OptionItem::from));
                    builder.option(entries);
                    choices.push(Placement {
                        row: r,
                        col: c,
                        arrow,
                    });
                }
            }
        }
        Ok(Encoding::new(builder.build()?, choices))
    }

    fn decode(&self, size: &Size, choices: &[&Placement]) -> Board {
        let n = size.0;
        let mut cells = vec![None; n * n];
        for placement in choices {
            if placement.row < n && placement.col < n {
                cells[placement.row * n + placement.col] = Some(placement.arrow);
            }
        }
        Board { n, cells }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(Arrows.parse("12\n"), Ok(Size(12)));
        assert_eq!(Size::new(3), None);
        assert_eq!(Size::new(0), None);
        assert_eq!(Size::new(MAX_SIZE).map(Size::get), Some(MAX_SIZE));
        let err = |text| Arrows.parse(text).unwrap_err().to_string();
        assert_eq!(err(" 5"), "1:2: expected an even board size, found 5");
        assert_eq!(
            err("0"),
            "1:1: expected a board size from 2 to 100, found 0"
        );
        assert_eq!(
            err("102"),
            "1:1: expected a board size from 2 to 100, found 102"
        );
        assert_eq!(
            err("4\n4"),
            "2:1: expected nothing more after the board size, found '4'"
        );
    }

    #[test]
    fn item_counts() {
        let encoding = Arrows.encode(&Size(4)).unwrap();
        let problem = &encoding.problem;
        // 16 cells, 4 + 4 row and 4 + 4 column counts; 12 + 12 inner sides, 25 - 4 grid points,
        // and 4 x 3 pairs of cells two or more apart in a column, as many in a row.
        assert_eq!(problem.primary_count(), 16 + 8 + 8);
        assert_eq!(problem.secondary_count(), 12 + 12 + 21 + 12 + 12);
        assert_eq!(problem.option_count(), 64);
        assert_eq!(problem.engine(), dlx::Engine::M);
    }
}
