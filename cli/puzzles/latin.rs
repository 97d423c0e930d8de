//! `dlx latin`: a Latin square read, completed, and drawn with its givens set apart.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use reductions::latin::Latin;
use reductions::Reduction;

use crate::args::SolveFlags;
use crate::process::Found;

/// The file: one line per row, one character per cell, `1`-`9` then `A`-`Z`, and `.`, `_`
/// or `0` for an empty cell; the side is the number of rows (up to 35). Standard input if
/// FILE is absent or `-`.
///
/// Plain text: the same format, every cell filled. On a terminal the givens are set apart.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dlx latin square.txt                  the first completion\n  \
    dlx latin square.txt --limit 2 --count  1 if the completion is unique\n  \
    printf '......\\n%.0s' 1 2 3 4 5 6 | dlx latin --count   812851200")]
pub struct LatinArgs {
    /// The square's file; standard input if absent or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    #[command(flatten)]
    pub flags: SolveFlags,
}

impl super::PuzzleArgs for LatinArgs {
    fn flags(&self) -> &SolveFlags {
        &self.flags
    }

    fn run(&self) -> Result<Found> {
        let square = crate::input::read_puzzle(self.file.as_deref(), |text| Latin.parse(text))?;
        crate::run::solve_reduction(&Latin, &square, &self.flags)
    }
}

/// `dlx latin`.
pub const VIEW: super::View = super::View::new::<LatinArgs>("latin");
