//! The grid puzzles: `dlx futoshiki`, `dlx queens` (and, as their reductions land, binairo,
//! arrows and sudoku). Each reads its puzzle, runs the generic runner, and draws its boards:
//! givens set apart from the digits found (bold and colored, or in brackets without color).

use std::fmt::Write as _;
use std::io::{self, Write};

use anyhow::Result;
use reductions::arrows::{self, Arrow, Arrows};
use reductions::binairo::{Binairo, Strategy};
use reductions::futoshiki::{Futoshiki, Grid, Relation};
use reductions::queens::{self, Queens, Size};
use reductions::sudoku::Sudoku;
use reductions::Reduction;
use serde_json::{json, Value};

use crate::args::{ArrowsArgs, BinairoArgs, BinairoEncoding, FileArgs, QueensArgs};
use crate::puzzle::{self, Board};
use crate::render::{self, Paint, Regions, Svg};
use crate::Found;

/// The color of given digits on a terminal (xterm-256), and in pictures.
const GIVEN: u8 = 25;
/// The color of found digits in pictures.
const FOUND: &str = "#1f5fbf";

/// Side of a cell in pictures, in pixels.
const CELL: usize = 40;

pub fn futoshiki(args: &FileArgs) -> Result<Found> {
    let grid = puzzle::read_puzzle(args.file.as_deref(), |text| Futoshiki.parse(text))?;
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

pub fn sudoku(args: &FileArgs) -> Result<Found> {
    let reduction = Sudoku::default();
    let grid = puzzle::read_puzzle(args.file.as_deref(), |text| reduction.parse(text))?;
    if let Some(conflict) = grid.conflicts().first() {
        crate::solve::note(format_args!(
            "dlx: note: the givens already break a rule: {conflict}"
        ));
    }
    let side = grid.side();
    let given: Vec<bool> = (0..side * side)
        .map(|k| grid.digit(k / side, k % side).is_some())
        .collect();
    puzzle::solve_reduction(&reduction, &grid, &args.flags, |solved| {
        let digits: Vec<usize> = (0..side * side)
            .map(|k| solved.digit(k / side, k % side).unwrap_or(0))
            .collect();
        DigitGrid {
            side,
            digits,
            given: given.clone(),
            box_size: grid.box_size(),
            plain: solved.to_string(),
        }
    })
}

pub fn binairo(args: &BinairoArgs) -> Result<Found> {
    let reduction = Binairo {
        strategy: match args.encoding {
            BinairoEncoding::Cells => Strategy::Cells,
            BinairoEncoding::Patterns => Strategy::Patterns,
        },
    };
    let grid = puzzle::read_puzzle(args.file.as_deref(), |text| reduction.parse(text))?;
    if let Some(violation) = grid.violation() {
        crate::solve::note(format_args!(
            "dlx: note: the givens already break a rule: {violation}"
        ));
    }
    let n = grid.size();
    let given: Vec<bool> = (0..n * n)
        .map(|k| grid.digit(k / n, k % n).is_some())
        .collect();
    puzzle::solve_reduction(&reduction, &grid, &args.flags, |solved| {
        let digits: Vec<usize> = (0..n * n)
            .map(|k| solved.digit(k / n, k % n).map_or(0, usize::from))
            .collect();
        DigitGrid {
            side: n,
            digits,
            given: given.clone(),
            box_size: 1,
            plain: solved.to_string(),
        }
    })
}

/// A square grid of digits with givens (sudoku, binairo), lines between its boxes.
pub struct DigitGrid {
    pub side: usize,
    /// Row-major; 0 for an empty cell.
    pub digits: Vec<usize>,
    pub given: Vec<bool>,
    /// Lines after every `box_size` rows and columns (1: none).
    pub box_size: usize,
    /// The plain text (the reduction's `Display`).
    pub plain: String,
}

impl DigitGrid {
    /// A digit as the plain text writes it: `0`-`9`, then `A`-`Z` on grids up to 35 x 35,
    /// numbers beyond.
    fn text(&self, k: usize) -> String {
        let digit = self.digits[k];
        match char::from_digit(digit as u32, 36) {
            Some(c) if self.side <= 35 => c.to_ascii_uppercase().to_string(),
            _ => digit.to_string(),
        }
    }

    fn width(&self) -> usize {
        (0..self.digits.len())
            .map(|k| self.text(k).chars().count())
            .max()
            .unwrap_or(1)
            + 2
    }
}

impl Board for DigitGrid {
    fn plain(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.plain)
    }

    /// The digits with lines between the boxes; givens set apart.
    fn pretty(&self, color: bool, out: &mut dyn Write) -> io::Result<()> {
        let paint = Paint { color };
        let (side, n) = (self.side, self.box_size.max(1));
        let boxes = n > 1;
        let width = self.width();
        let mut line = String::new();
        for row in 0..side {
            if boxes && row > 0 && row % n == 0 {
                line.clear();
                for col in 0..side {
                    if col > 0 && col % n == 0 {
                        line.push('┼');
                    }
                    line.push_str(&"─".repeat(width));
                }
                writeln!(out, "{line}")?;
            }
            line.clear();
            for col in 0..side {
                if boxes && col > 0 && col % n == 0 {
                    line.push('│');
                }
                let k = row * side + col;
                digit(&self.text(k), self.given[k], width, &paint, &mut line);
            }
            writeln!(out, "{}", line.trim_end())?;
        }
        Ok(())
    }

    fn json(&self) -> Vec<(&'static str, Value)> {
        let side = self.side;
        let rows = |f: &dyn Fn(usize) -> Value| -> Value {
            Value::Array(
                (0..side)
                    .map(|r| Value::Array((0..side).map(|c| f(r * side + c)).collect()))
                    .collect(),
            )
        };
        let lines: Vec<&str> = self.plain.lines().collect();
        vec![
            ("size", json!(side)),
            ("grid", rows(&|k| json!(self.digits[k]))),
            ("given", rows(&|k| json!(self.given[k]))),
            ("board", json!(lines)),
        ]
    }

    /// Cells with the digits (givens bold and black, found ones blue), thick lines between
    /// the boxes.
    fn svg(&self, out: &mut dyn Write) -> io::Result<()> {
        let (side, n) = (self.side, self.box_size.max(1));
        let mut svg = Svg::new(side * CELL, side * CELL);
        for row in 0..side {
            for col in 0..side {
                let k = row * side + col;
                let (x, y) = (col * CELL, row * CELL);
                svg.rect(x, y, CELL, CELL, "#ffffff", "#999999");
                let fill = if self.given[k] { "#000000" } else { FOUND };
                svg.text(
                    x + CELL / 2,
                    y + CELL / 2,
                    &self.text(k),
                    20,
                    self.given[k],
                    fill,
                );
            }
        }
        let mut path = String::new();
        let total = side * CELL;
        // Box lines, or only the frame when there are no boxes.
        for k in (0..=side).filter(|&k| k % n == 0 && (n > 1 || k == 0 || k == side)) {
            let at = k * CELL;
            let _ = write!(path, "M{at} 0v{total}M0 {at}h{total}");
        }
        svg.path(&path, "#222222", 3);
        svg.finish(out)
    }
}

pub fn arrows(args: &ArrowsArgs) -> Result<Found> {
    let size = arrows::Size::new(args.size).ok_or_else(|| {
        anyhow::anyhow!(
            "expected an even board size from 2 to {}, found {}",
            arrows::MAX_SIZE,
            args.size
        )
    })?;
    puzzle::solve_reduction(&Arrows, &size, &args.flags, |board| ArrowsView { board })
}

/// A board of arrows.
pub struct ArrowsView {
    board: arrows::Board,
}

impl ArrowsView {
    /// The arrows as one region per cell, colored by direction.
    fn regions(&self) -> Regions {
        let n = self.board.size();
        let mut labels = Vec::with_capacity(n * n);
        let mut fill = Vec::with_capacity(n * n);
        for row in 0..n {
            for col in 0..n {
                let arrow = self.board.arrow(row, col);
                labels.push(arrow.map_or('·', Arrow::as_char).to_string());
                let kind = Arrow::ALL.iter().position(|&a| Some(a) == arrow);
                fill.push(kind.map(|k| render::PALETTE[k]));
            }
        }
        Regions {
            rows: n,
            cols: n,
            region: (0..n * n).map(Some).collect(),
            fill,
            labels,
            faint: false,
        }
    }
}

impl Board for ArrowsView {
    fn plain(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.board)
    }

    /// A grid of cells, each with its arrow, colored by direction.
    fn pretty(&self, color: bool, out: &mut dyn Write) -> io::Result<()> {
        self.regions().draw(&Paint { color }, out)
    }

    fn json(&self) -> Vec<(&'static str, Value)> {
        let rows: Vec<String> = self.board.to_string().lines().map(str::to_owned).collect();
        vec![("size", json!(self.board.size())), ("board", json!(rows))]
    }

    /// Each arrow drawn from its cell's centre towards the corner it points at.
    fn svg(&self, out: &mut dyn Write) -> io::Result<()> {
        let n = self.board.size();
        let mut svg = Svg::new(n * CELL, n * CELL);
        let mut lines = String::new();
        let mut heads = String::new();
        let s = CELL as f64;
        for row in 0..n {
            for col in 0..n {
                svg.rect(col * CELL, row * CELL, CELL, CELL, "#ffffff", "#999999");
                let Some(arrow) = self.board.arrow(row, col) else {
                    continue;
                };
                let dy = if arrow.is_up() { -1.0 } else { 1.0 };
                let dx = if arrow.is_left() { -1.0 } else { 1.0 };
                let (cx, cy) = ((col as f64 + 0.5) * s, (row as f64 + 0.5) * s);
                // Along the diagonal, in units of the cell: tail, tip, and the head's base.
                let at = |t: f64, side: f64| {
                    let (ux, uy) = (dx * t - dy * side, dy * t + dx * side);
                    (cx + ux * s / 2.0, cy + uy * s / 2.0)
                };
                let (tail, tip) = (at(-0.55, 0.0), at(0.7, 0.0));
                let _ = write!(
                    lines,
                    "M{:.1} {:.1}L{:.1} {:.1}",
                    tail.0, tail.1, tip.0, tip.1
                );
                let (left, right) = (at(0.35, 0.22), at(0.35, -0.22));
                let _ = write!(
                    heads,
                    "M{:.1} {:.1}L{:.1} {:.1}L{:.1} {:.1}Z",
                    tip.0, tip.1, left.0, left.1, right.0, right.1
                );
            }
        }
        svg.path(&lines, "#1f5fbf", 3);
        svg.shape(&heads, "#1f5fbf");
        let side = n * CELL;
        svg.path(&format!("M0 0h{side}v{side}h-{side}z"), "#222222", 2);
        svg.finish(out)
    }
}
