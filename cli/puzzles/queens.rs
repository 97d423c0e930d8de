//! `dlx queens N`: n queens, drawn on a chessboard.

use anyhow::Result;
use clap::Args;
use reductions::queens::{self, Queens, Size};

use crate::args::SolveFlags;
use crate::process::Found;

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
    crate::run::solve_reduction(&Queens, &size, &args.flags)
}
