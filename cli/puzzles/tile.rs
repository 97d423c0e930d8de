//! `dlx tile`: tilings with unlimited copies of the pieces, drawn as `dlx tromino` draws its
//! tilings.

use std::path::PathBuf;

use anyhow::{anyhow, bail, Result};
use reductions::grid::Mask;
use reductions::text::ParseErrorKind;
use reductions::tile::Tile;
use reductions::Reduction;

use crate::args::TileArgs;
use crate::process::Found;

pub fn run(args: &TileArgs) -> Result<Found> {
    let mut files = args.files.iter();
    let board_file = match args.size {
        Some(_) => None,
        None => Some(files.next().ok_or_else(|| {
            anyhow!("give the board: a board file, or --size ROWSxCOLS for a full rectangle")
        })?),
    };
    let pieces_file: Option<&PathBuf> = match args.pieces {
        Some(_) => None,
        None => Some(files.next().ok_or_else(|| {
            anyhow!("give the pieces: a pieces file after the board, or --pieces NAMES (like trominoes)")
        })?),
    };
    if let Some(extra) = files.next() {
        bail!(
            "one file too many: {} (the board comes from {} and the pieces from {})",
            extra.display(),
            if args.size.is_some() {
                "--size"
            } else {
                "the first file"
            },
            if args.pieces.is_some() {
                "--pieces"
            } else {
                "the second file"
            },
        );
    }
    if board_file.is_some_and(|path| path.as_os_str() == "-")
        && pieces_file.is_some_and(|path| path.as_os_str() == "-")
    {
        bail!("only one of BOARD and PIECES can be standard input (-)");
    }
    let tile = match (board_file, args.size) {
        (Some(path), _) => {
            let (name, text) = crate::input::read_input(Some(path))?;
            Tile::from_board_text(&text, args.fixed).map_err(|err| anyhow!("{name}:{err}"))?
        }
        (None, Some((rows, cols))) => Tile::new(Mask::full(rows, cols), args.fixed),
        (None, None) => unreachable!("the board comes from a file or --size"),
    };
    let puzzle = match (pieces_file, &args.pieces) {
        (Some(path), _) => {
            let (name, text) = crate::input::read_input(Some(path))?;
            tile.parse(&text).map_err(|err| {
                if err.position().is_some() {
                    anyhow!("{name}:{err}")
                } else {
                    anyhow!("{name}: {err}")
                }
            })?
        }
        (None, Some(set)) => tile.puzzle(set.0.clone()).map_err(|err| {
            if let ParseErrorKind::DuplicateName { .. } = err.kind() {
                anyhow!("--pieces: {err}")
            } else {
                anyhow!("{err}")
            }
        })?,
        (None, None) => unreachable!("the pieces come from a file or --pieces"),
    };
    crate::run::solve_reduction(&tile, &puzzle, &args.flags)
}
