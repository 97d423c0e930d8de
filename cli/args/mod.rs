//! The command line, as clap derive structs; doc comments are the help text.
//!
//! This file holds the commands and what each takes; `flags.rs` the flags that many
//! commands share (solving, output, making puzzles); `values.rs` the readers of flag values
//! that clap does not know (sizes, shards, durations, option numbers, pieces).

mod flags;
mod puzzles;
mod quick;
pub mod refusals;
mod resolved;
mod values;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

pub use flags::{
    ColorChoice, Deferred, Format, MakeFlags, Mode, Output, OutputFlags, Propagate, SolveFlags,
    TreeChoice,
};
pub use puzzles::{
    offered, ArrowsArgs, BinairoArgs, BinairoEncoding, CalendarArgs, GameArgs, LatinArgs, Method,
    PackArgs, PuzzleCommand, QueensArgs, TileArgs, TrominoArgs,
};
use refusals::Prints;
pub use resolved::Action;
use values::{positive, seconds};
pub use values::{PieceSet, MAX_SHARDS};

/// The command line `args` (the program's name first), read as clap reads it.
pub fn parse(args: Vec<std::ffi::OsString>) -> Result<Cli, clap::Error> {
    match quick::read(&args) {
        Some(cli) => Ok(cli),
        None => parse_with_clap(args),
    }
}

/// `Cli::try_parse_from`, without freeing the parser: its tables live until the process
/// ends, and freeing them item by item took a tenth of a small run's instructions. `-o` after
/// the subcommand wins over `-o` before it.
fn parse_with_clap(args: Vec<std::ffi::OsString>) -> Result<Cli, clap::Error> {
    use clap::{CommandFactory, FromArgMatches};
    let mut command = std::mem::ManuallyDrop::new(Cli::command());
    let mut matches = std::mem::ManuallyDrop::new(command.try_get_matches_from_mut(args)?);
    let sub = matches.subcommand().map(|(_, sub)| sub);
    // Not every command takes them (`OutputFlags`).
    let after = sub.and_then(|sub| sub.try_get_one::<PathBuf>("output").ok().flatten().cloned());
    let max_after = sub.and_then(|sub| {
        sub.try_get_one::<usize>("max_input")
            .ok()
            .flatten()
            .copied()
    });
    let mut cli =
        Cli::from_arg_matches_mut(&mut matches).map_err(|err| err.format(&mut command))?;
    if after.is_some() {
        cli.output.output = after;
    }
    if max_after.is_some() {
        cli.output.max_input = max_after;
    }
    Ok(cli)
}

/// Exact cover by Dancing Links (Knuth's Algorithms X, C and M).
///
/// Exit status: 0 when a solution was found, 1 when there is none, 2 on any error
/// (bad input, bad arguments), with the message on stderr.
#[derive(Debug, Parser)]
#[command(name = "dlx", version = env!("DLX_VERSION"))]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    #[command(flatten)]
    pub output: Output,
}

/// What the command line asks: a puzzle's command (one per entry of the registry of
/// puzzles, with its arguments in `puzzles.rs`), or one of the others.
// One value per process: its size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Command {
    /// `solve`, `merge`, `serve`, `completions` or `man`.
    Tool(Tool),
    /// A puzzle's command: `sudoku`, `calendar`, ...
    Puzzle {
        /// Its name, the registry's.
        name: &'static str,
        args: PuzzleCommand,
    },
}

/// Where the puzzles come in the list of subcommands: after `solve`, before `merge`.
const PUZZLES_ORDER: usize = 1;

/// The commands that are not puzzles'.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Tool {
    /// Solve an exact-cover problem written in Knuth's DLX text format.
    ///
    /// The first line names the items: the primary items, then a lone `|`, then the
    /// secondary items. Each later line is an option: the names of its items; a secondary
    /// item may carry a color, `item:color`. Lines whose first non-blank character is `|`
    /// are comments. An option without a primary item is skipped with a warning, as Knuth's
    /// programs do.
    ///
    /// Prints the first solution (or every one, or their number): one line per chosen
    /// option, written as in the input, a blank line between solutions.
    ///
    /// Exit status: 0 when a solution was found, 1 when there is none (also with --count,
    /// which then prints 0), 2 on any error.
    #[command(override_usage = "dlx solve [OPTIONS] [FILE]")]
    #[command(after_help = "Examples:\n  \
        dlx solve problem.dlx                   the first solution\n  \
        dlx solve problem.dlx --all             every solution\n  \
        dlx solve problem.dlx --count --stats   the number of solutions, statistics on stderr\n  \
        generate | dlx solve --limit 10         at most 10 solutions of a problem on stdin")]
    #[command(display_order = 0)]
    Solve(Deferred<SolveArgs>),

    /// Add up the records of the shards of one count (`dlx ... --count --shard I/N`).
    ///
    /// Each file is the record one shard printed (text or --format json): which shard, the
    /// digest of the problem, the settings that cut the search tree, its count, and `end`.
    /// Prints the exact total when the records are of one count and cover every shard once,
    /// each by its own record or by those of all its subshards; refuses, naming the files, a
    /// shard missing, done twice or incomplete, a record of another count (problem, settings,
    /// N or version), cut short, or of a dlx before records. An incomplete record of a shard
    /// that another record completes is passed over with a note. --status says all this
    /// without adding.
    #[command(after_help = "Examples:\n  \
        dlx merge results/*.out            the total\n  \
        dlx merge --status results/*.out   what is done, missing, incomplete or foreign\n\n\
        Four shards with GNU parallel:\n  \
        parallel --results 'shard-{}.out' dlx solve p.dlx --count --threads 1 --shard {}/4 ::: 0 1 2 3\n  \
        dlx merge shard-*.out")]
    #[command(display_order = 100)]
    Merge(Deferred<MergeArgs>),

    /// The puzzles on a web page, served from this machine.
    ///
    /// The calendar (any date, every solution, a year of counts), the games (futoshiki,
    /// binairo, sudoku, towers, keen, dominosa) to paste or make and then play, L-tromino
    /// tilings, the other puzzles of the library by name, and exact-cover problems in the DLX
    /// format (docs/serve.md).
    ///
    /// Prints the page's address, then answers until stopped (Ctrl-C). The page is built
    /// into the binary and needs nothing from the network. Each request runs at most
    /// --time-limit, no more than --jobs at once; a request whose page went away is
    /// cancelled.
    #[command(after_help = "Examples:\n  \
        dlx serve                  a free port on 127.0.0.1, printed\n  \
        dlx serve --port 8000      http://127.0.0.1:8000/\n  \
        dlx serve --bind 0.0.0.0 --port 8000   the whole network may use it")]
    #[command(display_order = 101)]
    Serve(Deferred<ServeArgs>),

    /// Shell completions for dlx, on stdout.
    #[command(after_help = "Examples:\n  \
        dlx completions bash > ~/.local/share/bash-completion/completions/dlx\n  \
        dlx completions zsh > ~/.zfunc/_dlx         (with fpath+=~/.zfunc in .zshrc)\n  \
        dlx completions fish > ~/.config/fish/completions/dlx.fish")]
    #[command(display_order = 102)]
    Completions(Deferred<CompletionsArgs>),

    /// The manual page of dlx (roff), on stdout.
    #[command(after_help = "Example:\n  \
        dlx man > ~/.local/share/man/man1/dlx.1 && man dlx")]
    #[command(display_order = 103)]
    Man(Deferred<ManArgs>),
}

impl Command {
    /// The flags of a solving command.
    pub fn solve_flags(&self) -> Option<&SolveFlags> {
        match self {
            Command::Tool(Tool::Solve(args)) => Some(&args.flags),
            Command::Puzzle { args, .. } => Some(args.flags()),
            Command::Tool(
                Tool::Merge(_) | Tool::Serve(_) | Tool::Completions(_) | Tool::Man(_),
            ) => None,
        }
    }

    /// The command's name, as typed.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Puzzle { name, .. } => name,
            Command::Tool(Tool::Solve(_)) => "solve",
            Command::Tool(Tool::Merge(_)) => "merge",
            Command::Tool(Tool::Serve(_)) => "serve",
            Command::Tool(Tool::Completions(_)) => "completions",
            Command::Tool(Tool::Man(_)) => "man",
        }
    }
}

impl clap::FromArgMatches for Command {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        Self::from_arg_matches_mut(&mut matches.clone())
    }

    fn from_arg_matches_mut(matches: &mut clap::ArgMatches) -> Result<Self, clap::Error> {
        if let Some(view) = matches.subcommand_name().and_then(puzzles::command) {
            let (_, mut sub) = matches.remove_subcommand().expect("a subcommand");
            let args = view.read(&mut sub)?;
            return Ok(Command::Puzzle {
                name: view.name,
                args,
            });
        }
        Tool::from_arg_matches_mut(matches).map(Command::Tool)
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Subcommand for Command {
    /// The tools' subcommands and the puzzles', listed `solve` first, then the puzzles in the
    /// registry's order, then the other tools (each tool's `display_order`).
    fn augment_subcommands(cmd: clap::Command) -> clap::Command {
        let puzzles = puzzles::commands()
            .enumerate()
            .map(|(order, puzzle)| puzzle.display_order(PUZZLES_ORDER + order));
        Tool::augment_subcommands(cmd).subcommands(puzzles)
    }

    fn augment_subcommands_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        Tool::has_subcommand(name) || puzzles::command(name).is_some()
    }
}

/// `dlx man` takes no arguments but `-o`.
#[derive(Debug, Args)]
pub struct ManArgs {}

impl OutputFlags for ManArgs {
    const READS: bool = false;
}

impl OutputFlags for CompletionsArgs {
    const READS: bool = false;
}

impl OutputFlags for ServeArgs {
    const WRITES: bool = false;
    const READS: bool = false;
}

impl OutputFlags for MergeArgs {}

impl OutputFlags for SolveArgs {}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

/// A puzzle read from a file or standard input.
#[derive(Debug, Args)]
pub struct FileArgs {
    /// The puzzle file, or a game ID of Tatham's puzzles; standard input if absent or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    #[command(flatten)]
    pub make: MakeFlags,

    #[command(flatten)]
    pub flags: SolveFlags,
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shards' records (their standard output).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,

    /// Say what is done, missing, incomplete or foreign instead of adding up.
    ///
    /// Instead of the total, say which count the records are of, how many shards are done,
    /// which are missing or incomplete (with the reason and the count so far), which files
    /// are records of another count, cut short, or no records, and how evenly the work was
    /// shared (nodes and seconds per record: least, median, most, most/mean). Exit status 0
    /// when the records make one whole count, else 1.
    #[arg(long)]
    pub status: bool,

    /// Add up only records of this problem: a DLX file, or its digest (`sha256:...`).
    ///
    /// The records name their problem by the digest of its canonical text; with --expect
    /// the count merged is the one of this problem, and records of any other are refused as
    /// of another count, so that a folder reused for another problem cannot give its total.
    #[arg(long, value_name = "FILE|DIGEST")]
    pub expect: Option<String>,

    /// Add up only records of a count split into N shards.
    #[arg(long, value_name = "N")]
    pub shards: Option<usize>,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on [default: a free one, printed].
    #[arg(long, value_name = "PORT")]
    pub port: Option<u16>,

    /// The address to listen on. Anything but a loopback address lets other machines use
    /// the page and this machine's cores (a warning says so).
    #[arg(long, value_name = "ADDRESS", default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,

    /// The most requests solved at once [default: one per core]; more wait their turn.
    #[arg(long, value_name = "N", value_parser = positive)]
    pub jobs: Option<u64>,

    /// The longest a request may search: seconds (10, 0.5) or a duration (90s, 5m); a count
    /// cut short says so.
    #[arg(long, value_name = "TIME", value_parser = seconds, default_value = "10")]
    pub time_limit: std::time::Duration,

    /// How long a connection may take to send a request's head, or stay idle between
    /// requests, before it is closed.
    #[arg(long, value_name = "TIME", value_parser = seconds, default_value = "10")]
    pub idle_timeout: std::time::Duration,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The problem file; standard input if absent or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    #[command(flatten)]
    pub flags: SolveFlags,
}
