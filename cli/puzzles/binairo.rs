//! `dlx binairo`: the grid read (or made, or graded), solved in the encoding asked for, and
//! drawn.

use std::ops::ControlFlow;

use anyhow::{bail, Result};
use reductions::binairo::{self, Binairo, Difficulty, Grid, Strategy};

use super::digits::DigitGrid;
use crate::args::{BinairoArgs, BinairoEncoding};
use crate::make::{self, Made};
use crate::Found;

pub fn run(args: &BinairoArgs) -> Result<Found> {
    if let Some(size) = &args.make.generate {
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
    let grid = match crate::batch::one_or_lines(
        &reduction,
        file,
        &args.make,
        &args.flags,
        |puzzle, solved| view(puzzle, &solved),
    )? {
        ControlFlow::Continue(grid) => grid,
        ControlFlow::Break(found) => return Ok(found),
    };
    if let Some(violation) = grid.violation() {
        crate::note(format_args!(
            "dlx: note: the givens already break a rule: {violation}"
        ));
    }
    if args.make.grade {
        return make::grade(&args.flags, || binairo::grade(&grid).into());
    }
    if args.make.hint || args.make.explain {
        let with: Vec<&str> = reductions::registry::PUZZLES
            .iter()
            .filter(|info| info.hints)
            .map(|info| info.name)
            .collect();
        bail!(
            "--hint and --explain: binairo's hints are not written yet ({} have them)",
            crate::render::and_list(&with)
        );
    }
    crate::run::solve_reduction(&reduction, &grid, &args.flags, |solved| {
        view(&grid, &solved)
    })
}

/// The view of a board (solved, or the puzzle itself) with the givens of `puzzle`.
fn view(puzzle: &Grid, board: &Grid) -> DigitGrid {
    let (rows, cols) = (puzzle.rows(), puzzle.cols());
    let cells = 0..rows * cols;
    DigitGrid {
        rows,
        cols,
        digits: cells
            .clone()
            .map(|k| board.digit(k / cols, k % cols).map(usize::from))
            .collect(),
        given: cells
            .map(|k| puzzle.digit(k / cols, k % cols).is_some())
            .collect(),
        boxes: (1, 1),
        plain: board.to_string(),
        tatham: Some(Box::new({
            let board = board.clone();
            move || board.game_id()
        })),
    }
}

/// `--generate N` or `ROWSxCOLS`.
fn generate(args: &BinairoArgs, size: &str) -> Result<Found> {
    let side = |text: &str| text.parse::<usize>().ok();
    let (rows, cols) = match size.split_once('x') {
        Some((rows, cols)) => (side(rows), side(cols)),
        None => (side(size), side(size)),
    };
    let max = binairo::MAX_GENERATED_SIDE;
    let fits = |k: Option<usize>| k.filter(|&k| k % 2 == 0 && (2..=max).contains(&k));
    let (Some(rows), Some(cols)) = (fits(rows), fits(cols)) else {
        bail!("--generate {size}: expected N or ROWSxCOLS, each even, from 2 to {max}");
    };
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
        if let Some(extra) = args.make.extra_clues {
            binairo::add_clues(&mut made, extra, rng);
        }
        Ok(Some(Made {
            puzzle_view: Box::new(view(&made.puzzle, &made.puzzle)),
            solution_view: Box::new(view(&made.puzzle, &made.solution)),
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
