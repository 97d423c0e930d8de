//! `dlx pack BOARD PIECES` (or `--size`, `--pieces`), and the drawing of boards covered by
//! pieces that it shares with `dlx calendar`.

use anyhow::{anyhow, Result};
use reductions::grid::Mask;
use reductions::pack::{Pack, PackPuzzle};
use reductions::text::ParseErrorKind;
use reductions::Reduction;

use crate::args::PackArgs;
use crate::process::Found;

pub fn run(args: &PackArgs) -> Result<Found> {
    let (board_file, pieces_file) =
        super::tile::board_and_pieces(&args.files, args.size, args.pieces.as_ref())?;
    let (board_name, pack) = match (board_file, args.size) {
        (Some(path), _) => {
            let (name, text) = crate::input::read_input(Some(path))?;
            let pack = Pack::from_board_text(&text).map_err(|err| anyhow!("{name}:{err}"))?;
            (name, pack)
        }
        (None, Some((rows, cols))) => (
            format!("the {rows}x{cols} board"),
            Pack::new(Mask::full(rows, cols)),
        ),
        (None, None) => unreachable!("the board comes from a file or --size"),
    };
    let puzzle = match (pieces_file, &args.pieces) {
        (Some(path), _) => {
            let (pieces_name, pieces_text) = crate::input::read_input(Some(path))?;
            // Errors with a place are in the pieces file (the board's were read above); the
            // others are about the pieces as a whole, or, for their area, about both.
            pack.parse(&pieces_text).map_err(|err| {
                if err.position().is_some() {
                    anyhow!("{pieces_name}:{err}")
                } else if let ParseErrorKind::Area { .. } = err.kind() {
                    anyhow!("{pieces_name} on {board_name}: {err}")
                } else {
                    anyhow!("{pieces_name}: {err}")
                }
            })?
        }
        (None, Some(set)) => PackPuzzle::new(pack.board().clone(), set.0.clone())
            .map_err(|err| anyhow!("--pieces on {board_name}: {err}"))?,
        (None, None) => unreachable!("the pieces come from a file or --pieces"),
    };
    crate::run::solve_reduction(&pack, &puzzle, &args.flags)
}
