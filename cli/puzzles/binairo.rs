//! `dlx binairo`: the grid read, solved in the encoding asked for, and drawn.

use anyhow::Result;
use reductions::binairo::{Binairo, Strategy};
use reductions::Reduction;

use super::digits::DigitGrid;
use crate::args::{BinairoArgs, BinairoEncoding};
use crate::Found;

pub fn run(args: &BinairoArgs) -> Result<Found> {
    let reduction = Binairo {
        strategy: match args.encoding {
            BinairoEncoding::Cells => Strategy::Cells,
            BinairoEncoding::Patterns => Strategy::Patterns,
        },
    };
    let grid = crate::run::read_puzzle(args.file.as_deref(), |text| reduction.parse(text))?;
    if let Some(violation) = grid.violation() {
        crate::run::note(format_args!(
            "dlx: note: the givens already break a rule: {violation}"
        ));
    }
    let (rows, cols) = (grid.rows(), grid.cols());
    let given: Vec<bool> = (0..rows * cols)
        .map(|k| grid.digit(k / cols, k % cols).is_some())
        .collect();
    crate::run::solve_reduction(&reduction, &grid, &args.flags, |solved| {
        let digits: Vec<usize> = (0..rows * cols)
            .map(|k| solved.digit(k / cols, k % cols).map_or(0, usize::from))
            .collect();
        DigitGrid {
            rows,
            cols,
            digits,
            given: given.clone(),
            box_size: 1,
            plain: solved.to_string(),
            tatham: None,
        }
    })
}
