//! The commands of the games (sudoku, futoshiki, binairo, and any game of the registry): the
//! grid read (or made, graded or explained) through the library's [`Game`], and solved and
//! drawn by the shared runner. No puzzle is named here: the registry's [`visit_game`] gives
//! the command its game, typed.
//!
//! [`visit_game`]: reductions::registry::visit_game

use std::ops::ControlFlow;
use std::path::Path;

use anyhow::{bail, Result};
use reductions::game::{Game, GameVisitor};

use crate::args::{FileArgs, MakeFlags, SolveFlags};
use crate::make::{self, Made};
use crate::process::Found;

/// The run of a game's command, for [`reductions::registry::visit_game`].
pub struct Run<'a> {
    pub file: Option<&'a Path>,
    pub make: &'a MakeFlags,
    pub flags: &'a SolveFlags,
    /// Written after `--generate`'s size: a command's own flag for a variant (binairo's
    /// `--repeats` is `r`).
    pub size_suffix: &'static str,
}

impl<'a> Run<'a> {
    /// The run of a command whose arguments are the shared ones.
    pub fn of(args: &'a FileArgs) -> Run<'a> {
        Run {
            file: args.file.as_deref(),
            make: &args.make,
            flags: &args.flags,
            size_suffix: "",
        }
    }
}

impl GameVisitor for Run<'_> {
    type Output = Result<Found>;

    fn visit<G: Game>(self, game: G) -> Result<Found> {
        run(&game, &self)
    }
}

/// Solves, grades, explains or makes as the flags ask.
pub fn run<G: Game>(game: &G, args: &Run<'_>) -> Result<Found> {
    if let Some(size) = args.make.generate() {
        return generate(game, args, &format!("{size}{}", args.size_suffix));
    }
    let grade = |grid: &G::Puzzle, head: &[(&'static str, u128)]| {
        let graded: make::Graded = game.grade(grid).into();
        let none = matches!(graded, make::Graded::NoSolution);
        Ok((make::grade_line(&graded, args.flags, head)?, none))
    };
    let id = |grid: &G::Puzzle, head: &[(&'static str, u128)]| {
        Ok((make::id_line(&game.game_id(grid), args.flags, head)?, false))
    };
    let per_line: Option<&crate::batch::PerLine<'_, G::Puzzle>> = if args.make.grade() {
        Some(&grade)
    } else if args.make.id() {
        Some(&id)
    } else {
        None
    };
    let file = args.file;
    let grid = match crate::batch::one_or_lines(game, file, args.make, args.flags, per_line)? {
        ControlFlow::Continue(grid) => grid,
        ControlFlow::Break(found) => return Ok(found),
    };
    if args.make.id() {
        let line = make::id_line(&game.game_id(&grid), args.flags, &[])?;
        std::io::Write::write_all(&mut crate::output::stdout(), line.as_bytes())?;
        return Ok(Found::Some);
    }
    if let Some(violation) = game.violation(&grid) {
        crate::process::note(format_args!(
            "dlx: note: the givens already break a rule: {violation}"
        ));
    }
    if args.make.grade() {
        return make::grade(args.flags, || game.grade(&grid).into());
    }
    if args.make.hints() {
        return make::hints(args.make, args.flags, || game.explain(&grid));
    }
    crate::run::solve_reduction(game, &grid, args.flags)
}

/// `--generate SIZE`: puzzles of the shape the game reads from `size`.
fn generate<G: Game>(game: &G, args: &Run<'_>, size: &str) -> Result<Found> {
    let shape = game
        .size_to_make(size)
        .map_err(|err| anyhow::anyhow!("--generate: {err}"))?;
    let difficulty = game
        .difficulty(args.make.difficulty())
        .map_err(|err| anyhow::anyhow!("--difficulty: {err}"))?;
    make::generate(args.make, args.flags, |rng, deadline| {
        let Ok(made) = game.generate_before(&shape, difficulty, rng, deadline) else {
            return Ok(None); // Out of time.
        };
        let Some(mut made) = made else {
            bail!("--generate {size}: {}", game.cannot_make(&shape));
        };
        if let Some(extra) = args.make.extra_clues() {
            game.add_clues(&mut made, extra, rng);
        }
        let solved = game.solved(&made);
        Ok(Some(Made {
            puzzle_view: game.drawing(&made.puzzle, made.puzzle.clone()),
            solution_view: game.drawing(&made.puzzle, solved.clone()),
            puzzle: format!("{}\n", game.puzzle_text(&made.puzzle).trim_end()),
            id: game.game_id(&made.puzzle),
            solution: format!("{}\n", game.puzzle_text(&solved).trim_end()),
            solution_id: game.game_id(&solved),
            difficulty: made.difficulty.to_string(),
            reached: made.reached,
            tries: made.tries,
        }))
    })
}
