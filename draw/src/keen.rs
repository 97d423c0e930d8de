//! Keen: the grid of digits with walls between its cages, each cage's clue in its first
//! cell, givens set apart.

use std::fmt::Write as _;
use std::io::{self, Write};

use reductions::keen::Grid;
use serde::Serialize;

use crate::digits::{digit, CELL, FOUND};
use crate::render::{wall_line, Paint, Svg};
use crate::{write_json, Board, Head, Rows};

/// The color of clues on a terminal (xterm-256, a grey), and in pictures.
const CLUE: (u8, &str) = (244, "#333333");

pub(crate) struct KeenView<'a> {
    pub puzzle: &'a Grid,
    pub board: &'a Grid,
}

impl KeenView<'_> {
    fn cage(&self, row: usize, col: usize) -> usize {
        self.puzzle.cage_at(row, col).unwrap_or(usize::MAX)
    }

    /// The clue written in a cell: its cage's, in the cage's first cell.
    fn clue_in(&self, row: usize, col: usize) -> Option<String> {
        let n = self.puzzle.size();
        let cage = &self.puzzle.cages()[self.puzzle.cage_at(row, col)?];
        (cage.cells()[0] == row * n + col).then(|| cage.clue())
    }

    /// Whether a wall stands right of the cell (`down` false) or below it: between two cages,
    /// or at the grid's edge.
    fn wall(&self, row: usize, col: usize, down: bool) -> bool {
        let n = self.puzzle.size();
        let (r, c) = if down { (row + 1, col) } else { (row, col + 1) };
        r >= n || c >= n || self.cage(row, col) != self.cage(r, c)
    }
}

impl Board for KeenView<'_> {
    fn tatham(&self) -> Option<String> {
        Some(self.board.game_id())
    }

    fn plain(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.board)
    }

    /// Two lines per row: the clue in the first cell of its cage, then the digits; walls
    /// between the cages.
    fn pretty(&self, color: bool, out: &mut dyn Write) -> io::Result<()> {
        let paint = Paint { color };
        let n = self.board.size();
        let width = self
            .puzzle
            .cages()
            .iter()
            .map(|cage| cage.clue().len())
            .max()
            .unwrap_or(0)
            .max(3);
        // Walls on the left of column `col` (0..=n) in `row`, and above row `row` in `col`.
        let vertical = |row: usize, col: usize| col == 0 || self.wall(row, col - 1, false);
        let horizontal = |row: usize, col: usize| row == 0 || self.wall(row - 1, col, true);
        for row in 0..=n {
            let line = wall_line(row, (n, n), width, vertical, horizontal);
            writeln!(out, "{line}")?;
            if row == n {
                break;
            }
            let mut clues = String::new();
            let mut digits = String::new();
            for col in 0..=n {
                let wall = if vertical(row, col) { '│' } else { ' ' };
                clues.push(wall);
                digits.push(wall);
                if col == n {
                    break;
                }
                let clue = self.clue_in(row, col).unwrap_or_default();
                let text = format!("{clue:<width$}");
                if color && !clue.is_empty() {
                    paint.fg(&text, CLUE.0, false, &mut clues);
                } else {
                    clues.push_str(&text);
                }
                let given = self.puzzle.digit(row, col).is_some();
                let value = self
                    .board
                    .digit(row, col)
                    .map_or(String::new(), |d| d.to_string());
                digit(&value, given, width, &paint, &mut digits);
            }
            writeln!(out, "{clues}")?;
            writeln!(out, "{digits}")?;
        }
        Ok(())
    }

    fn json(&self, head: &Head, out: &mut dyn Write) -> io::Result<()> {
        #[derive(Serialize)]
        struct Cage {
            cells: Vec<[usize; 2]>,
            operation: char,
            target: u64,
        }
        #[derive(Serialize)]
        struct Keen<'a, G, V> {
            size: usize,
            grid: G,
            given: V,
            cages: Vec<Cage>,
            board: Vec<&'a str>,
        }
        let n = self.board.size();
        let plain = self.board.to_string();
        let cages = self
            .puzzle
            .cages()
            .iter()
            .map(|cage| Cage {
                cells: cage.cells().iter().map(|&k| [k / n, k % n]).collect(),
                operation: cage.operation().symbol(),
                target: cage.target(),
            })
            .collect();
        write_json(
            out,
            head,
            &Keen {
                size: n,
                grid: Rows {
                    rows: n,
                    cols: n,
                    cell: |row, col| self.board.digit(row, col),
                },
                given: Rows {
                    rows: n,
                    cols: n,
                    cell: |row, col| self.puzzle.digit(row, col).is_some(),
                },
                cages,
                board: plain.lines().collect(),
            },
        )
    }

    /// The cells with their digits (givens bold and black, found ones blue), thick walls
    /// between the cages, each clue small in the corner of its cage's first cell.
    fn svg(&self, out: &mut dyn Write) -> io::Result<()> {
        let n = self.board.size();
        let mut svg = Svg::new(n * CELL, n * CELL);
        let mut walls = String::new();
        for row in 0..n {
            for col in 0..n {
                let (x, y) = (col * CELL, row * CELL);
                svg.rect(x, y, CELL, CELL, "#ffffff", "#999999");
                let given = self.puzzle.digit(row, col).is_some();
                let fill = if given { "#000000" } else { FOUND };
                let text = self
                    .board
                    .digit(row, col)
                    .map_or(String::new(), |d| d.to_string());
                svg.text(x + CELL / 2, y + CELL / 2 + 4, &text, 20, given, fill);
                if let Some(clue) = self.clue_in(row, col) {
                    svg.label(x + 3, y + 11, &clue, 11, CLUE.1);
                }
                if col + 1 < n && self.wall(row, col, false) {
                    let _ = write!(walls, "M{} {y}v{CELL}", x + CELL);
                }
                if row + 1 < n && self.wall(row, col, true) {
                    let _ = write!(walls, "M{x} {}h{CELL}", y + CELL);
                }
            }
        }
        let side = n * CELL;
        let _ = write!(walls, "M0 0h{side}v{side}h-{side}z");
        svg.path(&walls, "#222222", 3);
        svg.finish(out)
    }
}
