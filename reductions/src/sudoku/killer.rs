//! Killer sudoku: cages of cells whose digits differ and add up to the cage's sum, on top of
//! the rows, columns and boxes (Tatham's Solo calls it Killer: `k` in its game IDs).
//!
//! In exact cover a cage is one primary item `k<g>` and a secondary item `q<g><d>` per digit:
//! every option that puts `d` in a cell of cage `g` takes `q<g><d>`, so no digit repeats in
//! a cage; and cage `g` has an option per set `D` of as many distinct digits as it has cells
//! with the cage's sum, which takes `k<g>` and the `q<g><d>` of every digit outside `D`. The
//! cells then hold exactly the digits of `D`, and add up to the sum. A cage without a sum
//! only keeps its digits apart.
//!
//! The text: after the rows (and a jigsaw's regions) a line `cages`, then a row of cage names
//! per row (a cage is a group of side-by-side cells of one name, so names may come back for
//! cages apart), then a line `sums` and a row per row of the sums, each written in its cage's
//! first cell in reading order, `.` elsewhere.

use std::fmt::Write as _;

use super::{Fill, Grid};
use crate::text::{self, ParseError, ParseErrorKind};

/// The cages of a killer sudoku.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cages {
    /// The cage of each cell, row-major, numbered in the reading order of their first cells.
    of: Vec<u16>,
    /// Each cage's sum; 0 for a cage without one.
    sums: Vec<u32>,
}

impl Cages {
    /// The cages of a square of side `side`: `names` gives each cell's cage name (any
    /// value), row-major, a cage being a group of side-by-side cells of one name; `sum_of`
    /// the sum written in a cell (0 for none), of which a cage has one at most. An error says
    /// what is wrong.
    pub fn new<T: PartialEq>(side: usize, names: &[T], sum_of: &[u32]) -> Result<Cages, String> {
        let area = side * side;
        if names.len() != area || sum_of.len() != area {
            return Err(format!("expected {area} cells of cages and of sums"));
        }
        let mut of = vec![u16::MAX; area];
        let mut cages = 0u16;
        for start in 0..area {
            if of[start] != u16::MAX {
                continue;
            }
            // The group of `start`, by a walk through its side-by-side cells of its name.
            of[start] = cages;
            let mut todo = vec![start];
            while let Some(k) = todo.pop() {
                for n in neighbours(k, side) {
                    if of[n] == u16::MAX && names[n] == names[start] {
                        of[n] = cages;
                        todo.push(n);
                    }
                }
            }
            cages += 1;
        }
        let mut sums = vec![0; usize::from(cages)];
        let mut size = vec![0usize; usize::from(cages)];
        for (k, &sum) in sum_of.iter().enumerate() {
            let g = usize::from(of[k]);
            size[g] += 1;
            if sum > 0 {
                if sums[g] > 0 {
                    return Err(format!(
                        "the cage at ({},{}) has two sums, {} and {sum}",
                        k / side,
                        k % side,
                        sums[g]
                    ));
                }
                sums[g] = sum;
            }
        }
        if let Some(g) = size.iter().position(|&n| n > side) {
            let first = of.iter().position(|&o| usize::from(o) == g).unwrap_or(0);
            return Err(format!(
                "the cage at ({},{}) has {} cells: a cage holds distinct digits, {side} at most",
                first / side,
                first % side,
                size[g]
            ));
        }
        Ok(Cages { of, sums })
    }

    /// The number of cages.
    pub fn count(&self) -> usize {
        self.sums.len()
    }

    /// The cage of cell `k` (row-major).
    pub fn cage_of(&self, k: usize) -> usize {
        usize::from(self.of[k])
    }

    /// The cells (row-major) of cage `g`, in reading order.
    pub fn cells(&self, g: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.of.len()).filter(move |&k| usize::from(self.of[k]) == g)
    }

    /// The sum of cage `g`, `None` where it has none.
    pub fn sum(&self, g: usize) -> Option<u32> {
        Some(self.sums[g]).filter(|&s| s > 0)
    }

    /// The sum written in each cell: a cage's in its first cell, 0 elsewhere (Solo's clue
    /// grid).
    pub fn sums_by_cell(&self) -> Vec<u32> {
        let mut by_cell = vec![0; self.of.len()];
        for g in 0..self.count() {
            if let Some(first) = self.cells(g).next() {
                by_cell[first] = self.sums[g];
            }
        }
        by_cell
    }

    /// A letter per cell, different for cages side by side: each cage takes the first
    /// letter (`a`-`z`, `A`-`Z`) that no cage beside it took before it.
    pub fn letters(&self, side: usize) -> Vec<char> {
        const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
        let mut letter: Vec<Option<u8>> = vec![None; self.count()];
        for g in 0..self.count() {
            let mut taken = Vec::new();
            for k in self.cells(g) {
                for n in neighbours(k, side) {
                    taken.extend(letter[self.cage_of(n)]);
                }
            }
            letter[g] = LETTERS.iter().copied().find(|l| !taken.contains(l));
        }
        self.of
            .iter()
            .map(|&g| letter[usize::from(g)].map_or('#', char::from))
            .collect()
    }

    /// The cages of the text format: `cages` and `sums` with their rows, for `Display`.
    pub(super) fn lines(&self, side: usize) -> Vec<String> {
        let mut lines = vec!["cages".to_owned()];
        let letters = self.letters(side);
        lines.extend(letters.chunks(side).map(|row| row.iter().collect()));
        lines.push("sums".to_owned());
        let sums = self.sums_by_cell();
        let width = sums.iter().map(|s| s.to_string().len()).max().unwrap_or(1);
        for row in sums.chunks(side) {
            let mut line = String::new();
            for (c, &sum) in row.iter().enumerate() {
                if c > 0 {
                    line.push(' ');
                }
                let cell = if sum == 0 {
                    ".".to_owned()
                } else {
                    sum.to_string()
                };
                let _ = write!(line, "{cell:>width$}");
            }
            lines.push(line.trim_end().to_owned());
        }
        lines
    }
}

/// The cells side by side with cell `k` of a square of side `side`.
pub(super) fn neighbours(k: usize, side: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (k / side, k % side);
    [
        (r > 0).then(|| k - side),
        (r + 1 < side).then(|| k + side),
        (c > 0).then(|| k - 1),
        (c + 1 < side).then(|| k + 1),
    ]
    .into_iter()
    .flatten()
}

/// Reads the lines after `cages` (at line `marker`): side rows of names, a line `sums`, side
/// rows of sums (numbers, `.` for none).
pub(super) fn read_text(
    side: usize,
    marker: usize,
    lines: &[(usize, &str)],
) -> Result<Cages, ParseError> {
    let at_marker = |kind| ParseError::new(marker, 1, kind);
    let sums_at = lines
        .iter()
        .position(|(_, text)| text.trim().eq_ignore_ascii_case("sums"))
        .ok_or_else(|| {
            at_marker(ParseErrorKind::Refused {
                reason: "the cages: expected a line `sums` after the rows of cage names, then \
                         a row of sums per row"
                    .to_owned(),
            })
        })?;
    let (names, sums) = (&lines[..sums_at], &lines[sums_at + 1..]);
    let cells = crate::text::read_names(
        side,
        marker,
        names,
        "lines of cage names after `cages` (one per row)",
        "cage names in a row",
    )?;
    if sums.len() != side {
        return Err(ParseError::new(
            lines[sums_at].0,
            1,
            ParseErrorKind::Count {
                what: "lines of sums after `sums` (one per row)",
                expected: side,
                found: sums.len(),
            },
        ));
    }
    // As Solo reads them: a sum beyond what the cage's digits reach is a puzzle without
    // solution, not a misreading.
    let most = (side * side * side) as u64;
    let mut sum_of = Vec::with_capacity(side * side);
    for &(line, text) in sums {
        let mut cursor = text::Cursor::new(line, text);
        let mut row = 0;
        loop {
            cursor.skip_blanks();
            let column = cursor.column;
            match cursor.peek() {
                None => break,
                Some('.') => {
                    cursor.bump();
                    sum_of.push(0);
                }
                Some(_) => {
                    let Some((value, found)) = cursor.number() else {
                        return Err(cursor.unexpected("a cage's sum, or '.' for none"));
                    };
                    // 0 is no sum a cage of digits from 1 can make, and `.` says "none".
                    if value == 0 || value > most {
                        return Err(ParseError::new(
                            line,
                            column,
                            ParseErrorKind::OutOfRange {
                                what: "a cage's sum ('.' for none)",
                                min: 1,
                                max: most,
                                found,
                            },
                        ));
                    }
                    sum_of.push(value as u32);
                }
            }
            row += 1;
        }
        if row != side {
            return Err(ParseError::new(
                line,
                1,
                ParseErrorKind::Count {
                    what: "sums in a row (`.` for a cell without one)",
                    expected: side,
                    found: row,
                },
            ));
        }
    }
    Cages::new(side, &cells, &sum_of).map_err(|reason| {
        at_marker(ParseErrorKind::Refused {
            reason: format!("the cages: {reason}"),
        })
    })
}

/// The cages' part of an encoding: the items, declared before any option.
pub(super) struct CageItems {
    side: usize,
    /// `k<g>` of each cage with a sum.
    cage: Vec<Option<dlx::Primary>>,
    /// `q<g><d>` at `g * side + d - 1`.
    digit: Vec<dlx::Secondary>,
}

impl CageItems {
    /// Declares the cages' items of `grid`, if it has cages.
    pub fn declare(grid: &Grid, builder: &mut dlx::ProblemBuilder) -> Option<CageItems> {
        let cages = grid.cages()?;
        let side = grid.side();
        let gw = text::base36_width(cages.count().saturating_sub(1));
        let dw = text::base36_width(side);
        let cage = (0..cages.count())
            .map(|g| {
                cages
                    .sum(g)
                    .map(|_| builder.primary(text::name("k", &[(g, gw)])))
            })
            .collect();
        let mut digit = Vec::with_capacity(cages.count() * side);
        for g in 0..cages.count() {
            for d in 1..=side {
                digit.push(builder.secondary(text::name("q", &[(g, gw), (d, dw)])));
            }
        }
        Some(CageItems { side, cage, digit })
    }

    /// The item that digit `d` in cell `k` takes.
    pub fn item(&self, grid: &Grid, k: usize, d: usize) -> dlx::Secondary {
        let g = grid.cages().map_or(0, |cages| cages.cage_of(k));
        self.digit[g * self.side + d - 1]
    }

    /// An option per cage with a sum and per set of digits that fills it, each choosing a
    /// [`Fill`] of digit 0 at the cage's first cell; with `reduced`, only the sets that hold
    /// the cage's givens (their cells have no options).
    pub fn add_sets(
        &self,
        grid: &Grid,
        reduced: bool,
        builder: &mut dlx::ProblemBuilder,
        choices: &mut Vec<Fill>,
    ) {
        let Some(cages) = grid.cages() else { return };
        let side = self.side;
        for g in 0..cages.count() {
            let (Some(sum), Some(item)) = (cages.sum(g), self.cage[g]) else {
                continue;
            };
            let cells: Vec<usize> = cages.cells(g).collect();
            let given: u64 = cells
                .iter()
                .map(|&k| grid.cells[k])
                .filter(|&d| d > 0)
                .fold(0, |mask, d| mask | 1 << (d - 1));
            for set in digit_sets(side, cells.len(), sum) {
                if reduced && set & given != given {
                    continue;
                }
                let mut items: Vec<dlx::OptionItem> = vec![item.into()];
                items.extend(
                    (1..=side)
                        .filter(|d| set >> (d - 1) & 1 == 0)
                        .map(|d| dlx::OptionItem::from(self.digit[g * side + d - 1])),
                );
                builder.option(items);
                choices.push(Fill {
                    row: cells[0] / side,
                    col: cells[0] % side,
                    digit: 0,
                });
            }
        }
    }
}

/// The sets of `count` distinct digits from 1 to `side` that add up to `sum`, as masks (bit
/// `d - 1` for digit `d`), in increasing order.
pub fn digit_sets(side: usize, count: usize, sum: u32) -> Vec<u64> {
    fn extend(from: usize, side: usize, left: usize, sum: u32, set: u64, out: &mut Vec<u64>) {
        if left == 0 {
            if sum == 0 {
                out.push(set);
            }
            return;
        }
        for d in from..=side {
            if d as u32 > sum {
                break;
            }
            extend(
                d + 1,
                side,
                left - 1,
                sum - d as u32,
                set | 1 << (d - 1),
                out,
            );
        }
    }
    let mut out = Vec::new();
    extend(1, side, count, sum, 0, &mut out);
    out.sort_unstable();
    out
}
