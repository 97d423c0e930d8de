//! The puzzle commands: one file per puzzle. Each reads its puzzle through its reduction's
//! parser (or makes, grades or hints it) and hands the reduction to the shared runner
//! ([`run`](crate::run)), which draws each solved board by the reduction's
//! [`Draw`](reductions::drawing::Draw) through the library's renderers ([`draw`]). The
//! commands' arguments are `crate::args`' (`args/puzzles.rs`), below this room.
//!
//! Adding a puzzle takes a folder in `reductions` with its line in the registry, its
//! arguments in `args/puzzles.rs`, and a file here with its arm in [`run`]
//! (docs/adding-a-puzzle.md).

pub mod arrows;
pub mod binairo;
pub mod calendar;
pub mod game;
pub mod latin;
pub mod pack;
pub mod queens;
pub mod tile;
pub mod tromino;

use anyhow::Result;

use crate::args::PuzzleCommand;
use crate::process::Found;

/// Solves (or makes, or grades) the puzzle and prints what its flags ask.
pub fn run(command: &PuzzleCommand) -> Result<Found> {
    match command {
        PuzzleCommand::Calendar(args) => calendar::run(args),
        PuzzleCommand::Tromino(args) => tromino::run(args),
        PuzzleCommand::Tile(args) => tile::run(args),
        PuzzleCommand::Pack(args) => pack::run(args),
        PuzzleCommand::Binairo(args) => binairo::run(args),
        PuzzleCommand::Latin(args) => latin::run(args),
        PuzzleCommand::Game(args) => visit(args.name, &args.puzzle),
        PuzzleCommand::Arrows(args) => arrows::run(args),
        PuzzleCommand::Queens(args) => queens::run(args),
    }
}

/// The game `name` of the registry, run with the shared arguments.
fn visit(name: &str, args: &crate::args::FileArgs) -> Result<Found> {
    reductions::registry::visit_game(name, game::Run::of(args))
        .unwrap_or_else(|| unreachable!("{name} is a game of the registry"))
}
