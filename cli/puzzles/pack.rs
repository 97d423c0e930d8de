//! `dlx pack BOARD PIECES`, and the drawing of boards covered by pieces that it shares with
//! `dlx calendar`.

use std::path::Path;
use std::path::PathBuf;

use anyhow::{anyhow, bail, Result};
use clap::Args;
use reductions::pack::Pack;
use reductions::text::ParseErrorKind;
use reductions::Reduction;

use crate::args::SolveFlags;
use crate::process::Found;

/// BOARD: one line per row, `.` a cell to cover, `#` no cell, optionally after a first
/// line `H W`.
///
/// PIECES: pictures of the pieces in blocks separated by blank lines. A letter or digit
/// (A-Z, a-z, 0-9) is a cell of the piece of that name, so one block may draw several
/// pieces side by side; `.` and blanks are empty; the `#`s of a block form one piece
/// named by the first free letter. A piece's cells must touch through their sides, and
/// a name belongs to one piece. The pieces must have as many cells as the board.
///
/// Plain text: one line per board row, the letter of the piece on each cell, `#` where
/// the board has no cell; a blank line between boards.
#[derive(Debug, Args)]
#[command(after_help = "Example: two L-trominoes on a 2x3 board\n  \
    printf '...\\n...\\n' > board.txt\n  \
    printf 'A\\nAA\\n\\nBB\\n B\\n' > pieces.txt\n  \
    dlx pack board.txt pieces.txt --all")]
pub struct PackArgs {
    /// The board file (`-`: standard input).
    #[arg(value_name = "BOARD")]
    pub board: PathBuf,

    /// The pieces file (`-`: standard input).
    #[arg(value_name = "PIECES")]
    pub pieces: PathBuf,

    #[command(flatten)]
    pub flags: SolveFlags,
}

impl super::PuzzleArgs for PackArgs {
    fn flags(&self) -> &SolveFlags {
        &self.flags
    }

    fn run(&self) -> Result<Found> {
        run(self)
    }
}

/// `dlx pack`.
pub const VIEW: super::View = super::View::new::<PackArgs>("pack");

pub fn run(args: &PackArgs) -> Result<Found> {
    if args.board == Path::new("-") && args.pieces == Path::new("-") {
        bail!("only one of BOARD and PIECES can be standard input (-)");
    }
    let (board_name, board_text) = crate::input::read_input(Some(&args.board))?;
    let (pieces_name, pieces_text) = crate::input::read_input(Some(&args.pieces))?;
    let pack = Pack::from_board_text(&board_text).map_err(|err| anyhow!("{board_name}:{err}"))?;
    // Errors with a place are in the pieces file (the board's were read above); the others
    // are about the pieces as a whole, or, for their area, about both files.
    let puzzle = pack.parse(&pieces_text).map_err(|err| {
        if err.position().is_some() {
            anyhow!("{pieces_name}:{err}")
        } else if let ParseErrorKind::Area { .. } = err.kind() {
            anyhow!("{pieces_name} on {board_name}: {err}")
        } else {
            anyhow!("{pieces_name}: {err}")
        }
    })?;
    crate::run::solve_reduction(&pack, &puzzle, &args.flags)
}
