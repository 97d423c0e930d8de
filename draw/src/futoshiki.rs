//! Futoshiki: digits with the signs between cells.

use std::fmt::Write as _;
use std::io::{self, Write};

use reductions::futoshiki::{Grid, Relation};
use serde::Serialize;

use crate::digits::{digit, CELL, FOUND};
use crate::render::{self, Paint, Svg};
use crate::{write_json, Board, Head, Rows};

/// A solved Futoshiki (or a puzzle, drawn with its blanks) and its puzzle (for the givens).
pub(crate) struct FutoshikiView<'a> {
    pub puzzle: &'a Grid,
    pub solved: &'a Grid,
}

impl FutoshikiView<'_> {
    fn value(&self, row: usize, col: usize) -> usize {
        self.solved.digit(row, col).unwrap_or(0)
    }

    fn given(&self, row: usize, col: usize) -> bool {
        self.puzzle.digit(row, col).is_some()
    }
}

impl Board for FutoshikiView<'_> {
    fn plain(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.solved)
    }

    /// The digits with the signs between them: `<` `>` in rows, `∧` `∨` between rows (the
    /// point towards the smaller digit); in the adjacent mode, `=` and `‖` for the bars
    /// between consecutive digits.
    fn pretty(&self, color: bool, out: &mut dyn Write) -> io::Result<()> {
        let paint = Paint { color };
        let n = self.solved.size();
        let width = n.to_string().len() + 2;
        let mut line = String::new();
        for row in 0..n {
            if row > 0 {
                line.clear();
                for col in 0..n {
                    if col > 0 {
                        line.push(' ');
                    }
                    let sign = match self.solved.down(row - 1, col) {
                        Relation::None | Relation::Apart => " ",
                        Relation::Less => "∧",
                        Relation::Greater => "∨",
                        Relation::Consecutive => "‖",
                    };
                    line.push_str(&render::center(sign, width));
                }
                writeln!(out, "{}", line.trim_end())?;
            }
            line.clear();
            for col in 0..n {
                if col > 0 {
                    line.push(match self.solved.right(row, col - 1) {
                        Relation::None | Relation::Apart => ' ',
                        Relation::Less => '<',
                        Relation::Greater => '>',
                        Relation::Consecutive => '=',
                    });
                }
                let text = self.value(row, col).to_string();
                digit(&text, self.given(row, col), width, &paint, &mut line);
            }
            writeln!(out, "{}", line.trim_end())?;
        }
        Ok(())
    }

    fn tatham(&self) -> Option<String> {
        Some(self.solved.game_id())
    }

    fn json(&self, head: &Head, out: &mut dyn Write) -> io::Result<()> {
        #[derive(Serialize)]
        struct Grid<G, V> {
            size: usize,
            grid: G,
            given: V,
        }
        let size = self.solved.size();
        let grid = Rows {
            rows: size,
            cols: size,
            cell: |row, col| self.value(row, col),
        };
        let given = Rows {
            rows: size,
            cols: size,
            cell: |row, col| self.given(row, col),
        };
        write_json(out, head, &Grid { size, grid, given })
    }

    /// Framed cells with gaps between them, where the signs stand; the adjacent mode's bars
    /// drawn across the gap between consecutive digits, as Unequal draws them.
    fn svg(&self, out: &mut dyn Write) -> io::Result<()> {
        const BAR_INSET: usize = 8;
        let n = self.solved.size();
        let gap = CELL / 2;
        let step = CELL + gap;
        let side = n * step - gap;
        let mut svg = Svg::new(side, side);
        let mut bars = String::new();
        for row in 0..n {
            for col in 0..n {
                let (x, y) = (col * step, row * step);
                svg.rect(x, y, CELL, CELL, "#ffffff", "#222222");
                let text = match self.value(row, col) {
                    0 => String::new(),
                    value => value.to_string(),
                };
                let given = self.given(row, col);
                let fill = if given { "#000000" } else { FOUND };
                svg.text(x + CELL / 2, y + CELL / 2, &text, 20, given, fill);
                if col + 1 < n {
                    let sign = match self.solved.right(row, col) {
                        Relation::None | Relation::Apart => "",
                        Relation::Less => "<",
                        Relation::Greater => ">",
                        Relation::Consecutive => {
                            let middle = x + CELL + gap / 2;
                            let (top, bottom) = (y + BAR_INSET, y + CELL - BAR_INSET);
                            let _ = write!(bars, "M{middle} {top}V{bottom}");
                            ""
                        }
                    };
                    svg.text(x + CELL + gap / 2, y + CELL / 2, sign, 18, true, "#000000");
                }
                if row + 1 < n {
                    let sign = match self.solved.down(row, col) {
                        Relation::None | Relation::Apart => "",
                        Relation::Less => "∧",
                        Relation::Greater => "∨",
                        Relation::Consecutive => {
                            let middle = y + CELL + gap / 2;
                            let (left, right) = (x + BAR_INSET, x + CELL - BAR_INSET);
                            let _ = write!(bars, "M{left} {middle}H{right}");
                            ""
                        }
                    };
                    svg.text(x + CELL / 2, y + CELL + gap / 2, sign, 18, true, "#000000");
                }
            }
        }
        svg.path(&bars, "#000000", 4);
        svg.finish(out)
    }
}
