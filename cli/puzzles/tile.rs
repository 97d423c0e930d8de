//! `dlx tile`: tilings with unlimited copies of the pieces, drawn as `dlx tromino` draws its
//! tilings.

use std::path::PathBuf;

use anyhow::{anyhow, bail, Result};
use reductions::grid::{Cell, Mask};
use reductions::text::ParseErrorKind;
use reductions::tile::Tile;
use reductions::tromino::TileBoard;
use reductions::Reduction;

use crate::args::TileArgs;
use crate::puzzles::tromino::TileView;
use crate::Found;

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
    crate::run::solve_reduction(&tile, &puzzle, &args.flags, |board| {
        let classes = Some(classes(&board));
        TileView { board, classes }
    })
}

/// A color class for each tile: its shape as placed and the parity of its first cell, so
/// that tiles lying alike share a color (for dominoes the four classes that show the frozen
/// regions of a random tiling, like the arctic circle of the Aztec diamond).
fn classes(board: &TileBoard) -> Vec<usize> {
    let count = board.tile_count() as usize;
    let mut cells: Vec<Vec<(usize, usize)>> = vec![Vec::new(); count];
    for row in 0..board.rows() {
        for col in 0..board.cols() {
            if let Some(tile) = board.get(Cell::new(row, col)).filter(|&tile| tile > 0) {
                cells[tile as usize - 1].push((row, col));
            }
        }
    }
    let keys: Vec<(Vec<(usize, usize)>, usize)> = cells
        .iter()
        .map(|cells| {
            let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
            let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
            let shape = cells.iter().map(|&(r, c)| (r - top, c - left)).collect();
            let parity = cells.first().map_or(0, |&(r, c)| (r + c) % 2);
            (shape, parity)
        })
        .collect();
    let mut distinct = keys.clone();
    distinct.sort();
    distinct.dedup();
    keys.iter()
        .map(|key| distinct.binary_search(key).unwrap_or(0))
        .collect()
}
