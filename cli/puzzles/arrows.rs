//! `dlx arrows --size N`: the arrow board, drawn with its arrows.

use anyhow::Result;
use clap::Args;
use reductions::arrows::{self, Arrows};

use crate::args::SolveFlags;
use crate::process::Found;

/// Each arrow (↖ ↗ ↘ ↙) points at a corner of its cell and at the two sides that meet
/// there; no two arrows point at the same side or the same corner; every row has n/2
/// arrows pointing up, every column n/2 pointing left. Every even n has exactly two
/// solutions. The row and column counts are items with multiplicities (Algorithm M).
///
/// Plain text: n lines of n arrows.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dlx arrows --size 4 --all\n  \
    dlx arrows --size 8 --format svg > arrows.svg")]
pub struct ArrowsArgs {
    /// The size of the board: an even number from 2 to 100.
    #[arg(long, value_name = "N")]
    pub size: usize,

    #[command(flatten)]
    pub flags: SolveFlags,
}

impl super::PuzzleArgs for ArrowsArgs {
    fn flags(&self) -> &SolveFlags {
        &self.flags
    }

    fn run(&self) -> Result<Found> {
        run(self)
    }
}

/// `dlx arrows`.
pub const VIEW: super::View = super::View::new::<ArrowsArgs>("arrows");

pub fn run(args: &ArrowsArgs) -> Result<Found> {
    let size = arrows::Size::new(args.size).ok_or_else(|| {
        anyhow::anyhow!(
            "expected an even board size from 2 to {}, found {}",
            arrows::MAX_SIZE,
            args.size
        )
    })?;
    crate::run::solve_reduction(&Arrows, &size, &args.flags)
}
