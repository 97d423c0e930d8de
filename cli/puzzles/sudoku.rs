//! `dlx sudoku`: the grid read (or made, or graded), solved, and drawn with lines between its
//! boxes.

use std::ops::ControlFlow;

use anyhow::{bail, Result};
use reductions::drawing::Draw;
use reductions::sudoku::{self, Difficulty, Grid, Sudoku};

use crate::args::FileArgs;
use crate::make::{self, Made};
use crate::process::Found;

pub fn run(args: &FileArgs) -> Result<Found> {
    if let Some(size) = args.make.generate() {
        return generate(args, size);
    }
    let reduction = Sudoku::default();
    let file = args.file.as_deref();
    let grid = match crate::batch::one_or_lines(&reduction, file, &args.make, &args.flags)? {
        ControlFlow::Continue(grid) => grid,
        ControlFlow::Break(found) => return Ok(found),
    };
    if let Some(conflict) = grid.conflicts().first() {
        crate::process::note(format_args!(
            "dlx: note: the givens already break a rule: {conflict}"
        ));
    }
    if args.make.grade() {
        return make::grade(&args.flags, || sudoku::grade(&grid).into());
    }
    if args.make.hints() {
        return make::hints(&args.make, &args.flags, || sudoku::explain(&grid));
    }
    crate::run::solve_reduction(&reduction, &grid, &args.flags)
}

/// `--generate SIDE`: sudoku of that side (4, 9, 16 or 25); `SIDEx` a sudoku-X, `SIDEj` a
/// jigsaw (sides 4 to 23), `SIDEk` a killer (up to 9), in any mix.
fn generate(args: &FileArgs, size: &str) -> Result<Found> {
    let shape = sudoku::shape_to_make(size).map_err(|err| anyhow::anyhow!("--generate: {err}"))?;
    let difficulty = make::difficulty(&args.make, Difficulty::Trivial)?;
    make::generate(&args.make, &args.flags, |rng, deadline| {
        let made = sudoku::generate_like_before(&shape, difficulty, rng, deadline);
        let Ok(made) = made else {
            return Ok(None); // Out of time.
        };
        let Some(mut made) = made else {
            bail!("--generate {size}: no solved grid of this shape was found to make a puzzle of");
        };
        if let Some(extra) = args.make.extra_clues() {
            sudoku::add_clues(&mut made, extra, rng);
        }
        let text = |grid: &Grid| format!("{grid}\n");
        Ok(Some(Made {
            puzzle_view: Sudoku::default().drawing(&made.puzzle, made.puzzle.clone()),
            solution_view: Sudoku::default().drawing(&made.puzzle, made.solution.clone()),
            puzzle: text(&made.puzzle),
            id: made.puzzle.game_id(),
            solution: text(&made.solution),
            solution_id: made.solution.game_id(),
            difficulty: made.difficulty.to_string(),
            reached: made.reached,
            tries: made.tries,
        }))
    })
}
