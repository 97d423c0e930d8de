//! The command line, as clap derive structs; doc comments are the help text.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Exact cover by Dancing Links (Knuth's Algorithms X and C).
///
/// Exit status: 0 when a solution was found, 1 when there is none, 2 on any error.
#[derive(Debug, Parser)]
#[command(name = "dlx", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve an exact-cover problem written in Knuth's DLX text format.
    ///
    /// The first line names the items (primary, then `|`, then secondary); each later line is
    /// an option; `item:color` colors a secondary item; lines starting with `|` are comments.
    Solve(SolveArgs),
}

/// Flags shared by every solving command.
#[derive(Debug, Args)]
pub struct SolveFlags {
    /// Print every solution (at most --limit), a blank line between them.
    #[arg(long, conflicts_with = "count")]
    pub all: bool,

    /// Print only the number of solutions (at most --limit).
    #[arg(long)]
    pub count: bool,

    /// Stop after this many solutions (with --all or --count).
    #[arg(long, value_name = "N")]
    pub limit: Option<u128>,

    /// Stop after this many search-tree nodes; the count is then a lower bound.
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,

    /// Print search statistics on stderr: nodes, updates, solutions, time.
    #[arg(long)]
    pub stats: bool,

    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The problem file; standard input if absent or `-`.
    pub file: Option<PathBuf>,

    #[command(flatten)]
    pub flags: SolveFlags,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Plain text: one line per chosen option, as in the input.
    Text,
    /// JSON Lines: one object per solution (or one with the count).
    Json,
}
