//! `dlx pack BOARD PIECES`, and the drawing of boards covered by pieces that it shares with
//! `dlx calendar`.

use std::path::Path;

use anyhow::{anyhow, bail, Result};
use reductions::pack::Pack;
use reductions::text::ParseErrorKind;
use reductions::Reduction;

use crate::args::PackArgs;
use crate::process::Found;

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
