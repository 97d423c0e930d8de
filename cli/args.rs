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

    /// Add up the counts of the shards of one problem (`dlx ... --count --shard I/N`).
    ///
    /// Each file is the standard output of one shard: `shard I/N` on a line, then the count
    /// on the last line (or the JSON object of --format json). Refuses a set with a missing
    /// or repeated shard, or shards of different N. Prints the total.
    #[command(after_help = "Example, four shards with GNU parallel:\n  \
        parallel dlx solve p.dlx --count --threads 1 --shard {}/4 '>' shard{}.out ::: 0 1 2 3\n  \
        dlx merge shard*.out")]
    Merge(MergeArgs),
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shards' outputs.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
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

    /// Stop after this many seconds (a decimal number); a note on stderr says when it did,
    /// and a count is then a lower bound.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub timeout: Option<std::time::Duration>,

    /// Worker threads for --count and --all (0: one per core; 1: sequential, solutions in
    /// the search's deterministic order). The first solution is always found sequentially.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,

    /// Solve only shard I of N (I from 0 to N-1, as a Slurm array or a Kubernetes indexed
    /// Job numbers its tasks): every shard enumerates the same top of the search tree and
    /// takes every N-th subtree. With --count, stdout is `shard I/N` then the count; add
    /// the outputs of all N shards with `dlx merge` (see docs/scale-out.md). The exit status
    /// is 0 even when the shard has no solution.
    #[arg(long, value_name = "I/N", value_parser = shard)]
    pub shard: Option<(usize, usize)>,

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

/// A time limit in seconds: a positive decimal number.
fn seconds(text: &str) -> Result<std::time::Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s.is_finite() && s < 1e12 => Ok(std::time::Duration::from_secs_f64(s)),
        _ => Err("expected a number of seconds greater than 0, like 10 or 0.5".to_owned()),
    }
}

/// A shard, `I/N` with `0 <= I < N`.
fn shard(text: &str) -> Result<(usize, usize), String> {
    let parsed = text.split_once('/').and_then(|(i, n)| {
        Some((
            i.trim().parse::<usize>().ok()?,
            n.trim().parse::<usize>().ok()?,
        ))
    });
    match parsed {
        Some((i, n)) if i < n => Ok((i, n)),
        Some((i, n)) => Err(format!(
            "shard {i}/{n} does not exist: I must be less than N (shards are numbered from 0)"
        )),
        None => Err("expected I/N, like 0/8 (shard I of N, from 0)".to_owned()),
    }
}

/// A count for a limit: a whole number from 1 up (0 would stop every search before it starts).
fn positive(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("expected a whole number from 1 up".to_owned()),
        Ok(n) => Ok(n),
        Err(err) => Err(format!("expected a whole number from 1 up ({err})")),
    }
}
