//! `dlx sudoku`: the grid read, solved, and drawn with lines between its boxes.

use anyhow::Result;
use reductions::sudoku::Sudoku;
use reductions::Reduction;

use super::digits::DigitGrid;
use crate::args::FileArgs;
use crate::Found;

pub fn run(args: &FileArgs) -> Result<Found> {
    let reduction = Sudoku::default();
    let grid = crate::run::read_puzzle(args.file.as_deref(), |text| reduction.parse(text))?;
    if let Some(conflict) = grid.conflicts().first() {
        crate::run::note(format_args!(
            "dlx: note: the givens already break a rule: {conflict}"
        ));
    }
    let side = grid.side();
    let given: Vec<bool> = (0..side * side)
        .map(|k| grid.digit(k / side, k % side).is_some())
        .collect();
    crate::run::solve_reduction(&reduction, &grid, &args.flags, |solved| {
        let digits: Vec<usize> = (0..side * side)
            .map(|k| solved.digit(k / side, k % side).unwrap_or(0))
            .collect();
        DigitGrid {
            side,
            digits,
            given: given.clone(),
            box_size: grid.box_size(),
            plain: solved.to_string(),
        }
    })
}
