//! The grid puzzles: `dlx futoshiki`, `dlx queens` (and, as their reductions land, binairo,
//! arrows and sudoku). Each reads its puzzle, runs the generic runner, and draws its boards:
//! givens set apart from the digits found (bold and colored, or in brackets without color).

use std::fmt::Write as _;
use std::io::{self, Write};

use anyhow::Result;
use reductions::futoshiki::{Futoshiki, Grid, Relation};
use reductions::queens::{self, Queens, Size};
use serde_json::{json, Value};

use crate::args::{FileArgs, QueensArgs};
use crate::puzzle::{self, Board};
use crate::render::{self, Paint, Svg};
use crate::Found;

/// The color of given digits on a terminal (xterm-256), and in pictures.
const GIVEN: u8 = 25;
/// The color of found digits in pictures.
const FOUND: &str = "#1f5fbf";

/// Side of a cell in pictures, in pixels.
const CELL: usize = 40;

pub fn futoshiki(args: &FileArgs) -> Result<Found> {
    let grid = puzzle::read_puzzle(args.file.as_deref(), |text| {
        reductions::Reduction::parse(&Futoshiki, text)
    })?;
    if let Some(violation) = grid.violation() {
        crate::solve::note(format_args!(
            "dlx: note: the givens already break a rule: {violation}"
        ));
    }
    puzzle::solve_reduction(&Futoshiki, &grid, &args.flags, |solved| FutoshikiView {
        puzzle: &grid,
        solved,
    })
}

/// A digit for people: given digits set apart.
fn digit(text: &str, given: bool, width: usize, paint: &Paint, out: &mut String) {
    if given && paint.color {
        paint.fg(&render::center(text, width), GIVEN, true, out);
    } else if given {
        out.push_str(&render::center(&format!("[{text}]"), width));
    } else {
        out.push_str(&render::center(text, width));
    }
}

/// A solved Futoshiki and its puzzle (for the givens).
pub struct FutoshikiView<'a> {
    puzzle: &'a Grid,
    solved: Grid,
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
    /// point towards the smaller digit).
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
                        Relation::None => " ",
                        Relation::Less => "∧",
                        Relation::Greater => "∨",
                    };
                    line.push_str(&render::center(sign, width));
                }
                writeln!(out, "{}", line.trim_end())?;
            }
            line.clear();
            for col in 0..n {
                if col > 0 {
                    line.push(match self.solved.right(row, col - 1) {
                        Relation::None => ' ',
                        Relation::Less => '<',
                        Relation::Greater => '>',
                    });
                }
                let text = self.value(row, col).to_string();
                digit(&text, self.given(row, col), width, &paint, &mut line);
            }
            writeln!(out, "{}", line.trim_end())?;
        }
        Ok(())
    }

    fn json(&self) -> Vec<(&'static str, Value)> {
        let n = self.solved.size();
        let grid: Vec<Vec<usize>> = (0..n)
            .map(|r| (0..n).map(|c| self.value(r, c)).collect())
            .collect();
        let given: Vec<Vec<bool>> = (0..n)
            .map(|r| (0..n).map(|c| self.given(r, c)).collect())
            .collect();
        vec![
            ("size", json!(n)),
            ("grid", json!(grid)),
            ("given", json!(given)),
        ]
    }

    fn svg(&self, out: &mut dyn Write) -> io::Result<()> {
        let n = self.solved.size();
        let gap = CELL / 2;
        let step = CELL + gap;
        let side = n * step - gap;
        let mut svg = Svg::new(side, side);
        for row in 0..n {
            for col in 0..n {
                let (x, y) = (col * step, row * step);
                svg.rect(x, y, CELL, CELL, "#ffffff", "#222222");
                let (given, text) = (self.given(row, col), self.value(row, col).to_string());
                let fill = if given { "#000000" } else { FOUND };
                svg.text(x + CELL / 2, y + CELL / 2, &text, 20, given, fill);
                if col + 1 < n {
                    let sign = match self.solved.right(row, col) {
                        Relation::None => "",
                        Relation::Less => "<",
                        Relation::Greater => ">",
                    };
                    svg.text(x + CELL + gap / 2, y + CELL / 2, sign, 18, true, "#000000");
                }
                if row + 1 < n {
                    let sign = match self.solved.down(row, col) {
                        Relation::None => "",
                        Relation::Less => "∧",
                        Relation::Greater => "∨",
                    };
                    svg.text(x + CELL / 2, y + CELL + gap / 2, sign, 18, true, "#000000");
                }
            }
        }
        svg.finish(out)
    }
}

pub fn queens(args: &QueensArgs) -> Result<Found> {
    let size = Size::new(args.n).ok_or_else(|| {
        anyhow::anyhow!(
            "expected a board size from 1 to {}, found {}",
            queens::MAX_SIZE,
            args.n
        )
    })?;
    puzzle::solve_reduction(&Queens, &size, &args.flags, |board| QueensView { board })
}

/// A board of n queens.
pub struct QueensView {
    board: queens::Board,
}

impl Board for QueensView {
    fn plain(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.board)
    }

    /// A checkerboard (colored squares, or `·` on the dark ones without color) with `♛`.
    fn pretty(&self, color: bool, out: &mut dyn Write) -> io::Result<()> {
        let paint = Paint { color };
        let n = self.board.size();
        let mut line = String::new();
        for row in 0..n {
            line.clear();
            for col in 0..n {
                let queen = self.board.queen_in_row(row) == Some(col);
                let dark = (row + col) % 2 == 1;
                let text = match (queen, dark, color) {
                    (true, _, _) => " ♛ ",
                    (false, true, false) => " · ",
                    _ => "   ",
                };
                let background = if dark { 180 } else { 223 };
                paint.cell(text, Some(background), false, &mut line);
            }
            writeln!(out, "{}", line.trim_end())?;
        }
        Ok(())
    }

    fn json(&self) -> Vec<(&'static str, Value)> {
        let n = self.board.size();
        let queens: Vec<Option<usize>> = (0..n).map(|row| self.board.queen_in_row(row)).collect();
        let rows: Vec<String> = self.board.to_string().lines().map(str::to_owned).collect();
        vec![
            ("size", json!(n)),
            ("queens", json!(queens)),
            ("board", json!(rows)),
        ]
    }

    fn svg(&self, out: &mut dyn Write) -> io::Result<()> {
        let n = self.board.size();
        let mut svg = Svg::new(n * CELL, n * CELL);
        for row in 0..n {
            for col in 0..n {
                let fill = if (row + col) % 2 == 1 {
                    "#d7af87"
                } else {
                    "#ffd7af"
                };
                svg.rect(col * CELL, row * CELL, CELL, CELL, fill, fill);
            }
            if let Some(col) = self.board.queen_in_row(row) {
                let (x, y) = (col * CELL + CELL / 2, row * CELL + CELL / 2);
                svg.text(x, y, "♛", 28, false, "#000000");
            }
        }
        let mut frame = String::new();
        let side = n * CELL;
        let _ = write!(frame, "M0 0h{side}v{side}h-{side}z");
        svg.path(&frame, "#222222", 2);
        svg.finish(out)
    }
}
