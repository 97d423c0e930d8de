//! `dlx tile`: tilings with unlimited copies of the pieces, drawn as `dlx tromino` draws its
//! tilings.

use std::path::PathBuf;

use anyhow::{anyhow, bail, Result};
use clap::Args;
use reductions::grid::Mask;
use reductions::text::ParseErrorKind;
use reductions::tile::Tile;
use reductions::Reduction;

use crate::args::{piece_set, rectangle, PieceSet, SolveFlags};
use crate::process::Found;

/// The pieces are turned and flipped unless --fixed.
///
/// The board: a board file (lines of `.`, a cell, and `#`, no cell, optionally after
/// `H W`) or --size ROWSxCOLS for a full rectangle. The pieces: a pieces file in `dlx
/// pack`'s format or --pieces with named sets: domino, l-tromino, i-tromino, trominoes (I
/// and L), tetrominoes (I O T S L), pentominoes (F I L N P T U V W X Y Z), several
/// separated by commas. Give the files that the flags leave out, the board first.
///
/// --count counts by memoization (--memo) unless --no-memo, --limit, --shard, --within or
/// --split asks for enumeration: a tiling's rest depends only on its frontier, so even
/// counts past 10^20 take a fraction of a second.
///
/// Plain text: `dlx tromino`'s format, one line per row, the cells' tile numbers (from
/// 1, in the reading order of the tiles' first cells) separated by single blanks, `0`
/// off the board.
#[derive(Debug, Args)]
#[command(override_usage = "dlx tile [OPTIONS] [BOARD] [PIECES]")]
#[command(after_help = "Examples:\n  \
    dlx tile --size 9x12 --pieces trominoes --count     Project Euler 161\n  \
    dlx tile --size 8x8 --pieces domino --count         12988816\n  \
    dlx tile board.txt --pieces l-tromino --all --limit 3\n  \
    dlx tile --size 6x10 pieces.txt --fixed --count")]
pub struct TileArgs {
    /// The board file (unless --size), then the pieces file (unless --pieces); `-` for
    /// standard input.
    #[arg(value_name = "FILE", num_args = 0..=2)]
    pub files: Vec<PathBuf>,

    /// A full board of ROWS x COLS cells instead of a board file, like 9x12.
    #[arg(long, value_name = "ROWSxCOLS", value_parser = rectangle)]
    pub size: Option<(usize, usize)>,

    /// Named sets of pieces instead of a pieces file: domino, l-tromino, i-tromino,
    /// trominoes, tetrominoes, pentominoes; several separated by commas.
    #[arg(long, value_name = "NAMES", value_parser = piece_set)]
    pub pieces: Option<PieceSet>,

    /// Place the pieces only as drawn, never turned or flipped.
    #[arg(long)]
    pub fixed: bool,

    #[command(flatten)]
    pub flags: SolveFlags,
}

impl super::PuzzleArgs for TileArgs {
    fn flags(&self) -> &SolveFlags {
        &self.flags
    }

    fn run(&self) -> Result<Found> {
        run(self)
    }
}

/// `dlx tile`.
pub const VIEW: super::View = super::View::new::<TileArgs>("tile");

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
