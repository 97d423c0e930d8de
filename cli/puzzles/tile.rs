//! `dlx tile`: tilings with unlimited copies of the pieces, drawn as `dlx tromino` draws its
//! tilings.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Result};
use reductions::grid::Mask;
use reductions::text::ParseErrorKind;
use reductions::tile::Tile;
use reductions::Reduction;

use crate::args::{PieceSet, TileArgs};
use crate::process::Found;

pub fn run(args: &TileArgs) -> Result<Found> {
    let (board_file, pieces_file) = board_and_pieces(&args.files, args.size, args.pieces.as_ref())?;
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

/// The board file and the pieces file among `files`, for the flags that do not give them
/// (`--size`, `--pieces`): `dlx tile`'s and `dlx pack`'s arguments, read alike.
pub(super) fn board_and_pieces<'a>(
    files: &'a [PathBuf],
    size: Option<(usize, usize)>,
    pieces: Option<&PieceSet>,
) -> Result<(Option<&'a Path>, Option<&'a Path>)> {
    let mut files = files.iter();
    let board_file = match size {
        Some(_) => None,
        None => Some(files.next().ok_or_else(|| {
            anyhow!("give the board: a board file, or --size ROWSxCOLS for a full rectangle")
        })?),
    };
    let pieces_file = match pieces {
        Some(_) => None,
        None => Some(files.next().ok_or_else(|| {
            anyhow!(
                "give the pieces: a pieces file after the board, or --pieces NAMES (like \
                 trominoes)"
            )
        })?),
    };
    if let Some(extra) = files.next() {
        bail!(
            "one file too many: {} (the board comes from {} and the pieces from {})",
            extra.display(),
            if size.is_some() {
                "--size"
            } else {
                "the first file"
            },
            if pieces.is_some() {
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
    Ok((
        board_file.map(PathBuf::as_path),
        pieces_file.map(PathBuf::as_path),
    ))
}
