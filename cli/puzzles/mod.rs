//! The puzzle commands: one file per puzzle, its view. A view holds the command's arguments
//! (a clap `Args` struct, whose doc comment is the command's help after the registry's one
//! line), reads the puzzle through its reduction's parser, hands the reduction to the shared
//! runner ([`run`](crate::run)), which draws each solved board by the reduction's
//! [`Draw`](reductions::drawing::Draw) through the library's renderers ([`draw`]).
//!
//! What the puzzles are, in which order, in one line each, and which read Tatham's game IDs,
//! is the registry's to say ([`reductions::registry::PUZZLES`]): `dlx --help`, the
//! subcommands, their completions and the manual page are built from it, with the view of each
//! entry ([`VIEWS`]). Adding a puzzle takes a folder in `reductions` with its line in the
//! registry, and a view here with its line in [`VIEWS`] (docs/adding-a-puzzle.md).

pub mod arrows;
pub mod binairo;
pub mod calendar;
pub mod futoshiki;
pub mod latin;
pub mod pack;
pub mod queens;
pub mod sudoku;
pub mod tile;
pub mod tromino;

use std::fmt;

use anyhow::Result;
use clap::Args as _;

use crate::args::{MakeFlags, Output, Prints, SolveFlags};
use crate::process::Found;

/// The views of the puzzles, one per entry of the registry.
pub const VIEWS: [View; 10] = [
    calendar::VIEW,
    tromino::VIEW,
    tile::VIEW,
    pack::VIEW,
    futoshiki::VIEW,
    binairo::VIEW,
    latin::VIEW,
    sudoku::VIEW,
    arrows::VIEW,
    queens::VIEW,
];

/// The arguments of a puzzle command, read: what the runner needs of them, and the run.
pub trait PuzzleArgs: fmt::Debug {
    /// The solving flags (`--count`, `--threads`, `--format`, ...).
    fn flags(&self) -> &SolveFlags;

    /// Solves (or makes, or grades) the puzzle and prints what the flags ask.
    fn run(&self) -> Result<Found>;

    /// The flags of making, grading and hints, for the puzzles that take them.
    fn make(&self) -> Option<&MakeFlags> {
        None
    }

    /// What a run of the command's own prints, where it is asked for (`--all-dates`), for
    /// [`refusals`](crate::args::refusals) to check its format.
    fn prints(&self) -> Option<Prints> {
        None
    }
}

/// A puzzle's command: its name in the registry, and its arguments.
pub struct View {
    /// The name of its entry in [`reductions::registry::PUZZLES`], and of the command.
    pub name: &'static str,
    augment: fn(clap::Command) -> clap::Command,
    read: fn(&mut clap::ArgMatches) -> Result<Box<dyn PuzzleArgs>, clap::Error>,
}

impl View {
    /// The view of the puzzle `name`, whose command takes the arguments `A`.
    pub const fn new<A>(name: &'static str) -> View
    where
        A: clap::Args + clap::FromArgMatches + PuzzleArgs + 'static,
    {
        View {
            name,
            augment: augment::<A>,
            read: read::<A>,
        }
    }

    /// The subcommand: named and described in one line by the registry's `info`, its
    /// arguments and long help (`info`'s line, then the doc comment of `A`) built only when
    /// it runs or its help is shown.
    /// The arguments of this command, read from its matches.
    pub fn read(&self, matches: &mut clap::ArgMatches) -> Result<Box<dyn PuzzleArgs>, clap::Error> {
        (self.read)(matches)
    }

    fn command(&self, info: &reductions::registry::PuzzleInfo) -> clap::Command {
        clap::Command::new(self.name)
            .about(info.summary)
            .defer(self.augment)
    }
}

/// The arguments `A`, with `-o` and `--max-input` (which also come after the subcommand).
/// The doc comment of `A` follows the registry's line in `--help`.
fn augment<A: clap::Args>(cmd: clap::Command) -> clap::Command {
    let summary = cmd.get_about().map(ToString::to_string).unwrap_or_default();
    let cmd = A::augment_args(Output::augment_args(cmd));
    let details = match (cmd.get_long_about(), cmd.get_about()) {
        (Some(long), _) => long.to_string(),
        // One paragraph, whose full stop clap took off.
        (None, Some(about)) => format!("{about}."),
        (None, None) => String::new(),
    };
    crate::args::said_once(cmd)
        .about(summary.clone())
        .long_about(format!("{summary}.\n\n{details}"))
}

fn read<A>(matches: &mut clap::ArgMatches) -> Result<Box<dyn PuzzleArgs>, clap::Error>
where
    A: clap::FromArgMatches + PuzzleArgs + 'static,
{
    A::from_arg_matches_mut(matches).map(|args| Box::new(args) as Box<dyn PuzzleArgs>)
}

/// The view of the command `name`, if it is a puzzle's.
pub fn view(name: &str) -> Option<&'static View> {
    VIEWS.iter().find(|view| view.name == name)
}

/// The puzzle commands, in the registry's order, each a registry entry's with its view.
pub fn commands() -> impl Iterator<Item = clap::Command> {
    reductions::registry::PUZZLES
        .iter()
        .filter_map(|info| Some(view(info.name)?.command(info)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_puzzle_of_the_registry_has_one_view_and_every_view_an_entry() {
        let registry: Vec<&str> = reductions::registry::PUZZLES
            .iter()
            .map(|info| info.name)
            .collect();
        let mut views: Vec<&str> = VIEWS.iter().map(|view| view.name).collect();
        let mut sorted = registry.clone();
        sorted.sort_unstable();
        views.sort_unstable();
        assert_eq!(views, sorted);
    }
}
