//! `dlx latin`: a Latin square read, completed, and drawn with its givens set apart.

use anyhow::Result;
use reductions::latin::Latin;
use reductions::Reduction;

use crate::args::LatinArgs;
use crate::process::Found;

pub fn run(args: &LatinArgs) -> Result<Found> {
    let square = crate::input::read_puzzle(args.file.as_deref(), |text| Latin.parse(text))?;
    crate::run::solve_reduction(&Latin, &square, &args.flags)
}
