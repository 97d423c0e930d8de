//! The command line, as clap derive structs; doc comments are the help text.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Exact cover by Dancing Links (Knuth's Algorithms X, C and M).
///
/// Exit status: 0 when a solution was found, 1 when there is none, 2 on any error
/// (bad input, bad arguments), with the message on stderr.
#[derive(Debug, Parser)]
#[command(name = "dlx", version)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
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
    Solve(SolveArgs),
}

/// Flags shared by every solving command.
#[derive(Debug, Args)]
pub struct SolveFlags {
    /// Print every solution, a blank line between them.
    #[arg(long, conflicts_with = "count")]
    pub all: bool,

    /// Print only the number of solutions, one line (0 when there is none; exit status 1).
    #[arg(long)]
    pub count: bool,

    /// Stop after N solutions: print at most N (implies --all), or with --count count at
    /// most N (a note on stderr then says the count may be incomplete).
    #[arg(long, value_name = "N", value_parser = positive)]
    pub limit: Option<u64>,

    /// Stop after N nodes of the search tree; a note on stderr says when it did. Solutions
    /// and counts are then what was found so far, and exit status 1 means none was found
    /// in time.
    #[arg(long, value_name = "N", value_parser = positive)]
    pub node_limit: Option<u64>,

    /// Print search statistics on stderr, one `name: value` per line: nodes, updates,
    /// solutions, max level (plain integers), time.
    #[arg(long)]
    pub stats: bool,

    /// Output format.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The problem file; standard input if absent or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    #[command(flatten)]
    pub flags: SolveFlags,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line per chosen option, as in the input; a blank line between solutions.
    Text,
    /// JSON Lines: per solution `{"solution":1,"options":["A D",...],"option_ids":[3,...]}`
    /// (ids number the options from 0 in input order, skipped options not counted); with
    /// --count, `{"count":N,"complete":true}`.
    Json,
}

/// A count for a limit: a whole number from 1 up (0 would stop every search before it starts).
fn positive(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("expected a whole number from 1 up".to_owned()),
        Ok(n) => Ok(n),
        Err(err) => Err(format!("expected a whole number from 1 up ({err})")),
    }
}
