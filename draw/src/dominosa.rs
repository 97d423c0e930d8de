//! Dominosa: the grid of numbers, each domino placed drawn around its two numbers, those
//! the puzzle placed set apart.

use std::fmt::Write as _;
use std::io::{self, Write};

use reductions::dominosa::Grid;
use serde::Serialize;

use crate::digits::{CELL, FOUND, GIVEN};
use crate::render::{self, wall_line, Paint, Svg};
use crate::{write_json, Board, Head, Rows};

pub(crate) struct DominosaView<'a> {
    pub puzzle: &'a Grid,
    pub board: &'a Grid,
}

impl DominosaView<'_> {
    /// Whether a wall stands right of the cell (`down` false) or below it: unless a domino
    /// joins the two cells; always at the grid's edge.
    fn wall(&self, row: usize, col: usize, down: bool) -> bool {
        let next = if down { (row + 1, col) } else { (row, col + 1) };
        self.board.partner(row, col) != Some(next)
    }

    /// Whether the puzzle itself placed the domino on a cell.
    fn given(&self, row: usize, col: usize) -> bool {
        self.puzzle.partner(row, col).is_some()
    }
}

impl Board for DominosaView<'_> {
    fn tatham(&self) -> Option<String> {
        Some(self.board.game_id())
    }

    fn plain(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.board)
    }

    /// Walls around each domino placed (and around each cell not yet in one); the puzzle's
    /// own dominoes bold.
    fn pretty(&self, color: bool, out: &mut dyn Write) -> io::Result<()> {
        let paint = Paint { color };
        let (h, w) = (self.board.rows(), self.board.cols());
        let width = self.board.size().to_string().len() + 2;
        let vertical =
            |row: usize, col: usize| col == 0 || col == w || self.wall(row, col - 1, false);
        let horizontal =
            |row: usize, col: usize| row == 0 || row == h || self.wall(row - 1, col, true);
        for row in 0..=h {
            let line = wall_line(row, (h, w), width, vertical, horizontal);
            writeln!(out, "{line}")?;
            if row == h {
                break;
            }
            let mut numbers = String::new();
            for col in 0..=w {
                numbers.push(if vertical(row, col) { '│' } else { ' ' });
                if col == w {
                    break;
                }
                let text =
                    render::center(&self.board.number(row, col).unwrap_or(0).to_string(), width);
                if color && self.given(row, col) {
                    paint.fg(&text, GIVEN, true, &mut numbers);
                } else {
                    numbers.push_str(&text);
                }
            }
            writeln!(out, "{numbers}")?;
        }
        Ok(())
    }

    fn json(&self, head: &Head, out: &mut dyn Write) -> io::Result<()> {
        #[derive(Serialize)]
        struct Dominosa<'a, G> {
            size: usize,
            grid: G,
            dominoes: Vec<[[usize; 2]; 2]>,
            given_dominoes: Vec<[[usize; 2]; 2]>,
            board: Vec<&'a str>,
        }
        let pairs = |grid: &Grid| -> Vec<[[usize; 2]; 2]> {
            grid.dominoes()
                .into_iter()
                .map(|[a, b]| [[a.0, a.1], [b.0, b.1]])
                .collect()
        };
        let plain = self.board.to_string();
        write_json(
            out,
            head,
            &Dominosa {
                size: self.board.size(),
                grid: Rows {
                    rows: self.board.rows(),
                    cols: self.board.cols(),
                    cell: |row, col| self.board.number(row, col),
                },
                dominoes: pairs(self.board),
                given_dominoes: pairs(self.puzzle),
                board: plain.lines().collect(),
            },
        )
    }

    /// The numbers on white cells, each domino placed a rounded tile around its two cells
    /// (the puzzle's own darker, found ones in blue).
    fn svg(&self, out: &mut dyn Write) -> io::Result<()> {
        let (h, w) = (self.board.rows(), self.board.cols());
        let mut svg = Svg::new(w * CELL, h * CELL);
        for row in 0..h {
            for col in 0..w {
                svg.rect(col * CELL, row * CELL, CELL, CELL, "#ffffff", "#dddddd");
            }
        }
        for [a, b] in self.board.dominoes() {
            let (x, y) = (a.1 * CELL + 3, a.0 * CELL + 3);
            let (dw, dh) = ((b.1 - a.1 + 1) * CELL - 6, (b.0 - a.0 + 1) * CELL - 6);
            let stroke = if self.given(a.0, a.1) {
                "#222222"
            } else {
                FOUND
            };
            let mut d = String::new();
            let r = 6;
            let _ = write!(
                d,
                "M{} {y}h{}a{r} {r} 0 0 1 {r} {r}v{}a{r} {r} 0 0 1 -{r} {r}h-{}a{r} {r} 0 0 1 -{r} -{r}v-{}a{r} {r} 0 0 1 {r} -{r}z",
                x + r,
                dw - 2 * r,
                dh - 2 * r,
                dw - 2 * r,
                dh - 2 * r
            );
            svg.path(&d, stroke, 2);
        }
        for row in 0..h {
            for col in 0..w {
                let text = self.board.number(row, col).unwrap_or(0).to_string();
                let fill = if self.given(row, col) {
                    "#000000"
                } else {
                    "#333333"
                };
                svg.text(
                    col * CELL + CELL / 2,
                    row * CELL + CELL / 2,
                    &text,
                    18,
                    self.given(row, col),
                    fill,
                );
            }
        }
        svg.finish(out)
    }
}
