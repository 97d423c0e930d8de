//! `dlx queens N`: n queens, drawn on a chessboard.

use anyhow::Result;
use reductions::queens::{self, Queens, Size};

use crate::args::QueensArgs;
use crate::process::Found;

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
