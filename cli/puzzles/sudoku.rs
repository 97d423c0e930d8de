//! `dlx sudoku`: the grid read (or made, or graded), solved, and drawn with lines between its
//! boxes.

use std::ops::ControlFlow;

use anyhow::{bail, Result};
use clap::Args;
use reductions::drawing::Draw;
use reductions::sudoku::{self, Difficulty, Grid, Sudoku};

use crate::args::{FileArgs, MakeFlags, SolveFlags};
use crate::make::{self, Made};
use crate::process::Found;

/// Every row, column and box holds each digit from 1 to the side once; boxes are n x n
/// on a side n², else 2 x 3 on 6, 2 x 4 on 8, 3 x 4 on 12 (the most nearly square). The
/// file: one line of side² cells or side lines of side cells; a cell is `1`-`9`, then
/// `A`-`Z` for 10 and up, `0`, `.` or `_` when empty; or numbers separated by blanks
/// (any size); or a game ID of Tatham's Solo. `|` and
/// lines of `-` `+` `=` drawn between boxes are skipped. Standard input if FILE is absent
/// or `-`.
///
/// Sudoku-X: a first line `X` (or a Solo ID with `x`, like `3x3x:...`) adds the rule that
/// both long diagonals hold every digit once too; grades and hints use it, and
/// `--generate 9x` makes them. Jigsaw sudoku: the grid's rows, a line `regions`, then a row
/// of region names (a letter per cell) per row; or a Solo ID `9j:...`; `--generate 9j`
/// makes them. Killer sudoku: after the rows, a line `cages` and a row of cage names per
/// row (side-by-side cells of one name make a cage), then a line `sums` and a row per row
/// with each cage's sum in its first cell (`.` elsewhere); or a Solo ID `3x3k:...`;
/// `--generate 9k` makes them.
///
/// Plain text: one line per row of digits (letters beyond 9), after the line `X` of a
/// sudoku-X. On a terminal, lines between the boxes, the givens set apart and the
/// diagonals tinted.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dlx sudoku puzzle.txt\n  \
    echo 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... | dlx sudoku\n  \
    dlx sudoku puzzle.txt --limit 2 --count     1 if the solution is unique\n  \
    dlx sudoku puzzle.txt --grade               its difficulty\n  \
    dlx sudoku --generate 9 --difficulty advanced --seed 7\n  \
    dlx sudoku 3x3:a3c6_8_7a4c8a6d9e5c1c3a1b9a2b6a7c3c8e9d4a1c2a1_2_7c6a   Tatham's Solo ID")]
pub struct SudokuArgs {
    #[command(flatten)]
    pub puzzle: FileArgs,
}

impl super::PuzzleArgs for SudokuArgs {
    fn flags(&self) -> &SolveFlags {
        &self.puzzle.flags
    }

    fn run(&self) -> Result<Found> {
        run(&self.puzzle)
    }

    fn make(&self) -> Option<&MakeFlags> {
        Some(&self.puzzle.make)
    }
}

/// `dlx sudoku`.
pub const VIEW: super::View = super::View::new::<SudokuArgs>("sudoku");

pub fn run(args: &FileArgs) -> Result<Found> {
    if let Some(size) = &args.make.generate {
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
    if args.make.grade {
        return make::grade(&args.flags, || sudoku::grade(&grid).into());
    }
    if args.make.hint || args.make.explain {
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
        if let Some(extra) = args.make.extra_clues {
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
