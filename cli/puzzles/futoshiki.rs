//! `dlx futoshiki`: the puzzle read, solved, and drawn with its inequality signs, givens set
//! apart.

use std::ops::ControlFlow;

use anyhow::{bail, Result};
use clap::Args;
use reductions::drawing::Draw;
use reductions::futoshiki::{self, Difficulty, Futoshiki};

use crate::args::{FileArgs, MakeFlags, SolveFlags};
use crate::make::{self, Made};
use crate::process::Found;

/// Every row and every column holds 1..n once each; the given digits stay; the
/// inequalities between neighbouring cells hold.
///
/// The file (docs/puzzles.md): a line with n, then 2n-1 lines. Rows of digits: n numbers
/// (0 = empty) separated by `|` (no relation), `<` (left smaller) or `>` (left larger).
/// Between two digit rows, 2n-1 marks: at even positions `-` (none), `^` (upper
/// smaller) or `v` (upper larger), `-` at odd positions. Blanks between tokens are
/// optional. Standard input if FILE is absent or `-`.
///
/// Unequal's adjacent mode: a first line `N adjacent`, then `=` between two cells for a bar
/// (consecutive digits) and `|` or `-` for none (digits not consecutive); or an Unequal ID
/// `5a:...`; `--generate 5a` makes them.
///
/// Plain text: the same format, every cell filled, the relations kept. On a terminal the
/// signs stand between the cells and the givens are set apart.
///
/// Is my puzzle unique? `dlx futoshiki puzzle.txt --limit 2 --count` prints 1 for a
/// puzzle with exactly one solution (2 means several, 0 none, exit status 1).
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dlx futoshiki puzzle.txt                   the first solution\n  \
    dlx futoshiki puzzle.txt --limit 2 --count 1 if the solution is unique\n  \
    dlx futoshiki puzzle.txt --count           every solution counted\n  \
    dlx futoshiki puzzle.txt --grade           its difficulty\n  \
    dlx futoshiki --generate 7 --difficulty extreme | dlx futoshiki\n  \
    dlx futoshiki --generate 5 --format tatham  a game ID for Tatham's Unequal")]
pub struct FutoshikiArgs {
    #[command(flatten)]
    pub puzzle: FileArgs,
}

impl super::PuzzleArgs for FutoshikiArgs {
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

/// `dlx futoshiki`.
pub const VIEW: super::View = super::View::new::<FutoshikiArgs>("futoshiki");

pub fn run(args: &FileArgs) -> Result<Found> {
    if let Some(size) = &args.make.generate {
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
    if args.make.grade {
        return make::grade(&args.flags, || futoshiki::grade(&grid).into());
    }
    if args.make.hint || args.make.explain {
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
        if let Some(extra) = args.make.extra_clues {
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
