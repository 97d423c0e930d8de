//! `dlx binairo`: the grid read (or made, or graded), solved in the encoding asked for, and
//! drawn.

use std::ops::ControlFlow;

use anyhow::{bail, Result};
use reductions::binairo::{self, Binairo, Difficulty, Strategy};
use reductions::drawing::Draw;

use crate::args::{BinairoArgs, BinairoEncoding};
use crate::make::{self, Made};
use crate::process::Found;

pub fn run(args: &BinairoArgs) -> Result<Found> {
    if let Some(size) = args.make.generate() {
        return generate(args, size);
    }
    let reduction = Binairo {
        strategy: match args.encoding {
            Some(BinairoEncoding::Cells) => Strategy::Cells,
            Some(BinairoEncoding::Patterns) => Strategy::Patterns,
            Some(BinairoEncoding::Colors) => Strategy::Colors,
            None => Strategy::Auto,
        },
    };
    let file = args.file.as_deref();
    let grid = match crate::batch::one_or_lines(&reduction, file, &args.make, &args.flags)? {
        ControlFlow::Continue(grid) => grid,
        ControlFlow::Break(found) => return Ok(found),
    };
    if let Some(violation) = grid.violation() {
        crate::process::note(format_args!(
            "dlx: note: the givens already break a rule: {violation}"
        ));
    }
    if args.make.grade() {
        return make::grade(&args.flags, || binairo::grade(&grid).into());
    }
    if args.make.hints() {
        return make::hints(&args.make, &args.flags, || binairo::explain(&grid));
    }
    crate::run::solve_reduction(&reduction, &grid, &args.flags)
}

/// `--generate N` or `ROWSxCOLS`.
fn generate(args: &BinairoArgs, size: &str) -> Result<Found> {
    let (rows, cols) =
        binairo::size_to_make(size).map_err(|err| anyhow::anyhow!("--generate: {err}"))?;
    let difficulty = make::difficulty(&args.make, Difficulty::Trivial)?;
    let distinct = !args.repeats;
    make::generate(&args.make, &args.flags, |rng, deadline| {
        let made = binairo::generate_before(rows, cols, distinct, difficulty, rng, deadline);
        let Ok(made) = made else {
            return Ok(None); // Out of time.
        };
        let Some(mut made) = made else {
            bail!(
                "--generate {size}: no {rows} x {cols} grid has distinct rows and columns \
                 (--repeats allows equal ones)"
            );
        };
        if let Some(extra) = args.make.extra_clues() {
            binairo::add_clues(&mut made, extra, rng);
        }
        Ok(Some(Made {
            puzzle_view: Binairo::default().drawing(&made.puzzle, made.puzzle.clone()),
            solution_view: Binairo::default().drawing(&made.puzzle, made.solution.clone()),
            puzzle: made.puzzle.puzzle_text(),
            id: made.puzzle.game_id(),
            solution: made.solution.puzzle_text(),
            solution_id: made.solution.game_id(),
            difficulty: made.difficulty.to_string(),
            reached: made.reached,
            tries: made.tries,
        }))
    })
}
