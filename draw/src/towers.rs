//! Towers: the grid of digits with its clues around it, givens set apart.

use std::io::{self, Write};

use reductions::towers::{Grid, Side};
use serde::Serialize;

use crate::digits::{digit, CELL, FOUND};
use crate::render::{self, Paint, Svg};
use crate::{write_json, Board, Head, Rows};

/// The color of clues on a terminal (xterm-256, a grey), and in pictures.
const CLUE: (u8, &str) = (244, "#555555");

pub(crate) struct TowersView<'a> {
    pub puzzle: &'a Grid,
    pub board: &'a Grid,
}

impl TowersView<'_> {
    /// A digit or clue as the plain text writes it.
    fn symbol(value: Option<usize>) -> String {
        value
            .and_then(|v| char::from_digit(v as u32, 36))
            .map_or(String::new(), |c| c.to_ascii_uppercase().to_string())
    }

    fn clues(&self, side: Side) -> Vec<Option<usize>> {
        (0..self.board.size())
            .map(|k| self.puzzle.clue(side, k))
            .collect()
    }
}

impl Board for TowersView<'_> {
    fn tatham(&self) -> Option<String> {
        Some(self.board.game_id())
    }

    fn plain(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.board)
    }

    /// The digits in a grid, the clues in grey around it; givens set apart.
    fn pretty(&self, color: bool, out: &mut dyn Write) -> io::Result<()> {
        let paint = Paint { color };
        let n = self.board.size();
        let width = 3;
        let clue = |value: Option<usize>, line: &mut String| {
            let text = render::center(&Self::symbol(value), width);
            if color && value.is_some() {
                paint.fg(&text, CLUE.0, false, line);
            } else {
                line.push_str(&text);
            }
        };
        let edge = |side: Side| {
            let mut line = " ".repeat(width + 1);
            for value in self.clues(side) {
                clue(value, &mut line);
            }
            line
        };
        writeln!(out, "{}", edge(Side::Top).trim_end())?;
        let rule = format!("{}+{}+", " ".repeat(width), "-".repeat(width * n));
        writeln!(out, "{rule}")?;
        for row in 0..n {
            let mut line = String::new();
            clue(self.puzzle.clue(Side::Left, row), &mut line);
            line.push('|');
            for col in 0..n {
                let given = self.puzzle.digit(row, col).is_some();
                let text = Self::symbol(self.board.digit(row, col));
                digit(&text, given, width, &paint, &mut line);
            }
            line.push('|');
            clue(self.puzzle.clue(Side::Right, row), &mut line);
            writeln!(out, "{}", line.trim_end())?;
        }
        writeln!(out, "{rule}")?;
        writeln!(out, "{}", edge(Side::Bottom).trim_end())
    }

    fn json(&self, head: &Head, out: &mut dyn Write) -> io::Result<()> {
        #[derive(Serialize)]
        struct Clues {
            top: Vec<Option<usize>>,
            bottom: Vec<Option<usize>>,
            left: Vec<Option<usize>>,
            right: Vec<Option<usize>>,
        }
        #[derive(Serialize)]
        struct Towers<'a, G, V> {
            size: usize,
            grid: G,
            given: V,
            clues: Clues,
            board: Vec<&'a str>,
        }
        let n = self.board.size();
        let plain = self.board.to_string();
        write_json(
            out,
            head,
            &Towers {
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
                clues: Clues {
                    top: self.clues(Side::Top),
                    bottom: self.clues(Side::Bottom),
                    left: self.clues(Side::Left),
                    right: self.clues(Side::Right),
                },
                board: plain.lines().collect(),
            },
        )
    }

    /// The cells with their digits (givens bold and black, found ones blue) inside a frame,
    /// the clues in grey around it.
    fn svg(&self, out: &mut dyn Write) -> io::Result<()> {
        let n = self.board.size();
        let mut svg = Svg::new((n + 2) * CELL, (n + 2) * CELL);
        for row in 0..n {
            for col in 0..n {
                let (x, y) = ((col + 1) * CELL, (row + 1) * CELL);
                svg.rect(x, y, CELL, CELL, "#ffffff", "#999999");
                let given = self.puzzle.digit(row, col).is_some();
                let fill = if given { "#000000" } else { FOUND };
                let text = Self::symbol(self.board.digit(row, col));
                svg.text(x + CELL / 2, y + CELL / 2, &text, 20, given, fill);
            }
        }
        let side = n * CELL;
        svg.path(
            &format!("M{CELL} {CELL}h{side}v{side}h-{side}z"),
            "#222222",
            3,
        );
        let middle = |k: usize| (k + 1) * CELL + CELL / 2;
        let far = (n + 1) * CELL + CELL / 2;
        for k in 0..n {
            let places = [
                (Side::Top, middle(k), CELL / 2),
                (Side::Bottom, middle(k), far),
                (Side::Left, CELL / 2, middle(k)),
                (Side::Right, far, middle(k)),
            ];
            for (side, x, y) in places {
                let text = Self::symbol(self.puzzle.clue(side, k));
                if !text.is_empty() {
                    svg.text(x, y, &text, 18, false, CLUE.1);
                }
            }
        }
        svg.finish(out)
    }
}
