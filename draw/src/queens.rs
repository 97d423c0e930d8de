//! Queens on a chessboard.

use std::fmt::Write as _;
use std::io::{self, Write};

use reductions::queens;
use serde::Serialize;

use crate::digits::CELL;
use crate::render::{Paint, Svg};
use crate::{write_json, Board, Head};

/// A board of n queens.
pub(crate) struct QueensView<'a> {
    pub board: &'a queens::Board,
}

impl Board for QueensView<'_> {
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

    fn json(&self, head: &Head, out: &mut dyn Write) -> io::Result<()> {
        #[derive(Serialize)]
        struct Queens {
            size: usize,
            queens: Vec<Option<usize>>,
            board: Vec<String>,
        }
        let size = self.board.size();
        let queens = (0..size).map(|row| self.board.queen_in_row(row)).collect();
        let board = self.board.to_string().lines().map(str::to_owned).collect();
        write_json(
            out,
            head,
            &Queens {
                size,
                queens,
                board,
            },
        )
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
