//! `dlx futoshiki`: the puzzle read, solved, and drawn with its inequality signs, givens set
//! apart.

use std::ops::ControlFlow;

use anyhow::{bail, Result};
use reductions::drawing::Draw;
use reductions::futoshiki::{self, Difficulty, Futoshiki};

use crate::args::FileArgs;
use crate::make::{self, Made};
use crate::process::Found;

pub fn run(args: &FileArgs) -> Result<Found> {
    if let Some(size) = args.make.generate() {
        return generate(args, size);
    }
    let file = args.file.as_deref();
    let grid = match crate::batch::one_or_lines(&Futoshiki, file, &args.make, &args.flags)? {
        ControlFlow::Continue(grid) => grid,
        ControlFlow::Break(found) => return Ok(found),
    };
    if let Some(violation) = grid.violation() {
        crate::process::note(format_args!(
            "dlx: note: the givens already break a rule: {violation}"
        ));
    }
    if args.make.grade() {
        return make::grade(&args.flags, || futoshiki::grade(&grid).into());
    }
    if args.make.hints() {
        return make::hints(&args.make, &args.flags, || futoshiki::explain(&grid));
    }
    crate::run::solve_reduction(&Futoshiki, &grid, &args.flags)
}

/// `--generate N`: futoshiki of n x n.
fn generate(args: &FileArgs, size: &str) -> Result<Found> {
    let (n, adjacent) =
        futoshiki::size_to_make(size).map_err(|err| anyhow::anyhow!("--generate: {err}"))?;
    let difficulty = make::difficulty(&args.make, Difficulty::Trivial)?;
    make::generate(&args.make, &args.flags, |rng, deadline| {
        let made = futoshiki::generate_mode_before(n, adjacent, difficulty, rng, deadline);
        let Ok(made) = made else {
            return Ok(None); // Out of time.
        };
        let Some(mut made) = made else {
            bail!("--generate {size}: no Latin square of this size was found to make a puzzle of");
        };
        if let Some(extra) = args.make.extra_clues() {
            futoshiki::add_clues(&mut made, extra, rng);
        }
        // The solution is shown with the puzzle's own signs, not every sign of the grid the
        // puzzle was made from.
        let mut solved = made.puzzle.clone();
        for row in 0..solved.size() {
            for col in 0..solved.size() {
                solved.set_digit(row, col, made.solution.digit(row, col));
            }
        }
        Ok(Some(Made {
            puzzle_view: Futoshiki.drawing(&made.puzzle, made.puzzle.clone()),
            solution_view: Futoshiki.drawing(&made.puzzle, solved.clone()),
            puzzle: format!("{}\n", made.puzzle),
            id: made.puzzle.game_id(),
            solution: format!("{solved}\n"),
            solution_id: solved.game_id(),
            difficulty: made.difficulty.to_string(),
            reached: made.reached,
            tries: made.tries,
        }))
    })
}
