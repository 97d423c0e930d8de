//! `dlx`: exact cover from the command line. See `dlx --help` and CLI.md.

mod args;
mod calendar;
mod grids;
mod merge;
mod pack;
mod progress;
mod puzzle;
mod render;
mod solve;
mod tromino;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

/// What a command found, mapped to the exit status (grep's convention).
pub enum Found {
    /// At least one solution: exit 0.
    Some,
    /// No solution: exit 1.
    None,
}

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    match run(cli) {
        Ok(Found::Some) => ExitCode::SUCCESS,
        Ok(Found::None) => ExitCode::from(1),
        Err(err) => {
            if is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            let _ = writeln!(io::stderr().lock(), "dlx: error: {err:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: args::Cli) -> anyhow::Result<Found> {
    match cli.command {
        args::Command::Solve(args) => solve::run(&args),
        args::Command::Calendar(args) => calendar::run(&args),
        args::Command::Tromino(args) => tromino::run(&args),
        args::Command::Pack(args) => pack::run(&args),
        args::Command::Futoshiki(args) => grids::futoshiki(&args),
        args::Command::Queens(args) => grids::queens(&args),
        args::Command::Sudoku(args) => grids::sudoku(&args),
        args::Command::Arrows(args) => grids::arrows(&args),
        args::Command::Binairo(args) => grids::binairo(&args),
        args::Command::Merge(args) => merge::run(&args),
    }
}

/// A closed stdout (`dlx ... | head -1`) ends the program quietly and successfully.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
