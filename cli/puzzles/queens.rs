//! `dlx queens N`: n queens, drawn on a chessboard.

use std::fmt::Write as _;
use std::io::{self, Write};

use anyhow::Result;
use clap::Args;
use reductions::queens::{self, Queens, Size};
use serde::Serialize;

use super::digits::CELL;
use crate::args::SolveFlags;
use crate::board::{write_json, Board, Head};
use crate::render::{Paint, Svg};
use crate::Found;

/// Plain text: n lines of `Q` and `.`. Rows and columns are primary items (listed
/// centre-first, as Knuth does), diagonals secondary.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dlx queens 8                the first of the 92 solutions\n  \
    dlx queens 12 --count       14200")]
pub struct QueensArgs {
    /// The size of the board, from 1 to 1000.
    #[arg(value_name = "N")]
    pub n: usize,

    #[command(flatten)]
    pub flags: SolveFlags,
}

impl super::PuzzleArgs for QueensArgs {
    fn flags(&self) -> &SolveFlags {
        &self.flags
    }

    fn run(&self) -> Result<Found> {
        run(self)
    }
}

/// `dlx queens`.
pub const VIEW: super::View = super::View::new::<QueensArgs>("queens");

pub fn run(args: &QueensArgs) -> Result<Found> {
    let size = Size::new(args.n).ok_or_else(|| {
        anyhow::anyhow!(
            "expected a board size from 1 to {}, found {}",
            queens::MAX_SIZE,
            args.n
        )
    })?;
    crate::run::solve_reduction(&Queens, &size, &args.flags, |board| QueensView { board })
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
