//! `dlx arrows --size N`: the arrow board, drawn with its arrows.

use anyhow::Result;
use reductions::arrows::{self, Arrows};

use crate::args::ArrowsArgs;
use crate::process::Found;

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
