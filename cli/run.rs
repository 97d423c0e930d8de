//! What every solving command shares: reading its input, setting up the solver from the
//! flags, running the search (first solution, all, a count, a split), printing each
//! solution through the command's own writer, the encoding instead of solutions
//! (`--format dlx`), statistics and notes on stderr. A puzzle command is its parser, its
//! [`Reduction`] and its [`Board`]: [`solve_reduction`] does the rest.

use std::fmt;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::ops::ControlFlow;
use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use dlx::{Branching, OptionId, Outcome, Problem, Solver, StopReason};
use reductions::Reduction;

use crate::args::{Format, SolveFlags};
use crate::board::{Board, View};
use crate::Found;

/// The name that messages use for standard input (ripgrep's).
const STDIN_NAME: &str = "<stdin>";

/// The marker that a shard's text output puts after `shard I/N` when it stopped early (read
/// back by `dlx merge`).
pub const INCOMPLETE: &str = "incomplete";

/// The context of an error writing the output (a full disk; a closed pipe ends quietly).
pub const WRITE_ERROR: &str = "<stdout>: cannot write the output";

/// Writes one line on stderr. A closed stderr is no reason to fail (or to panic, as
/// `eprintln!` would).
pub fn note(line: fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}

/// Reads the whole input as text: its name for messages, and its contents. `-` or no path
/// means standard input.
pub fn read_input(path: Option<&Path>) -> Result<(String, String)> {
    let (name, bytes) = match path {
        Some(path) if path != Path::new("-") => {
            let name = path.display().to_string();
            let bytes =
                std::fs::read(path).with_context(|| format!("{name}: cannot read the file"))?;
            (name, bytes)
        }
        _ => {
            let stdin = io::stdin();
            if stdin.is_terminal() {
                note(format_args!(
                    "dlx: reading standard input (end it with Ctrl-D)"
                ));
            }
            let mut bytes = Vec::new();
            stdin
                .lock()
                .read_to_end(&mut bytes)
                .context("<stdin>: cannot read standard input")?;
            (STDIN_NAME.to_owned(), bytes)
        }
    };
    let text = decode(&name, bytes)?;
    Ok((name, text))
}

/// A FILE argument that is not a file but a game ID: it starts with a digit, holds a colon
/// before any slash, and names nothing on disk.
fn game_id_argument(path: &Path) -> Option<&str> {
    let text = path.to_str()?;
    let colon = text.find(':')?;
    let looks_like_id = text.starts_with(|c: char| c.is_ascii_digit())
        && !text[..colon].contains(['/', '\\'])
        && !text.contains(char::is_whitespace);
    (looks_like_id && !path.exists()).then_some(text)
}

/// UTF-8 text, or an error naming the line and column of the first byte that is not; a
/// leading byte-order mark is dropped (editors do not show it, so columns stay right).
fn decode(name: &str, bytes: Vec<u8>) -> Result<String> {
    let mut text = String::from_utf8(bytes).map_err(|err| {
        let at = err.utf8_error().valid_up_to();
        let bytes = err.as_bytes();
        let valid = String::from_utf8_lossy(&bytes[..at]);
        let valid = valid.strip_prefix('\u{feff}').unwrap_or(&valid);
        let line = valid.matches('\n').count() + 1;
        let column = valid.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        anyhow!(
            "{name}:{line}:{column}: expected UTF-8 text, found the byte 0x{:02X}, which is \
             not UTF-8 here (convert the file to UTF-8, e.g. with iconv)",
            bytes[at]
        )
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// What the user asked to see.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The first solution (the default).
    First,
    /// Every solution, or at most `--limit`.
    All,
    /// Only their number.
    Count,
}

impl Mode {
    pub fn of(flags: &SolveFlags) -> Mode {
        if flags.count {
            Mode::Count
        } else if flags.all || flags.limit.is_some() {
            Mode::All
        } else {
            Mode::First
        }
    }
}

/// `--format dlx`: the problem in Knuth's text format, instead of solving it.
pub fn print_encoding(problem: &Problem, flags: &SolveFlags) -> Result<Found> {
    if flags.count
        || flags.all
        || flags.limit.is_some()
        || flags.shard.is_some()
        || flags.split.is_some()
        || flags.within.is_some()
    {
        bail!(
            "--format dlx prints the exact-cover problem instead of solving it: it takes no \
             --count, --all, --limit, --shard, --split or --within (pipe it into `dlx solve` \
             with those)"
        );
    }
    let mut out = BufWriter::new(io::stdout().lock());
    out.write_all(problem.to_dlx().as_bytes())
        .and_then(|()| out.flush())
        .context(WRITE_ERROR)?;
    Ok(Found::Some)
}

/// A solver set up as the flags say (limits, threads, shard) for `mode`, and the progress
/// bar that its reports feed, if stderr is a terminal.
pub fn configure<'p>(
    problem: &'p Problem,
    flags: &SolveFlags,
    mode: Mode,
) -> Result<(Solver<'p>, Option<crate::progress::Bar>)> {
    let mut solver = Solver::new(problem);
    if let Some(ids) = &flags.within {
        let prefix: Vec<dlx::OptionId> = ids.0.iter().map(|&id| dlx::OptionId::new(id)).collect();
        solver = solver
            .within(&prefix)
            .map_err(|err| anyhow!("--within: {err}"))?;
    }
    if mode == Mode::First {
        solver = solver.limit(1);
    } else if let Some(limit) = flags.limit {
        solver = solver.limit(limit.into());
    }
    if let Some(nodes) = flags.node_limit {
        solver = solver.node_limit(nodes);
    }
    if let Some(limit) = flags.timeout {
        solver = solver.timeout(limit);
    }
    if mode != Mode::First {
        solver = solver.threads(flags.threads);
    }
    if let Some((index, count)) = flags.shard {
        solver = solver.shard(index, count);
    }
    let bar = crate::progress::Bar::for_stderr(mode != Mode::First);
    if let Some(bar) = &bar {
        let bar = bar.clone();
        solver = solver.on_progress(crate::progress::EVERY, move |progress| bar.update(progress));
    }
    Ok((solver, bar))
}

/// `--split DEPTH`: the prefixes of the search tree at that depth, and the solutions above.
fn print_split(solver: &Solver<'_>, depth: usize) -> Result<Found> {
    let split = solver.split(depth);
    let mut out = BufWriter::new(io::stdout().lock());
    let line = |out: &mut dyn Write, kind: &str, options: &[dlx::OptionId]| -> io::Result<()> {
        write!(out, "{kind}")?;
        for option in options {
            write!(out, " {}", option.index())?;
        }
        writeln!(out)
    };
    for prefix in &split.prefixes {
        line(&mut out, "prefix", prefix).context(WRITE_ERROR)?;
    }
    for solution in &split.solutions {
        line(&mut out, "solution", solution).context(WRITE_ERROR)?;
    }
    out.flush().context(WRITE_ERROR)?;
    Ok(if split.prefixes.is_empty() && split.solutions.is_empty() {
        Found::None
    } else {
        Found::Some
    })
}

/// The search every solving command runs: the first solution, all of them or their number,
/// as the flags say. `write` prints one solution (its options in the order chosen, and its
/// number from 1) in the command's own format; counts are printed here, in the format that
/// `dlx merge` reads. Then statistics and notes on stderr, and what was found.
pub fn search<W>(
    problem: &Problem,
    flags: &SolveFlags,
    memo: MemoDefaults,
    mut write: W,
) -> Result<Found>
where
    W: FnMut(&mut dyn Write, &[dlx::OptionId], u128) -> io::Result<()> + Send,
{
    let mode = Mode::of(flags);
    if mode == Mode::Count && !matches!(flags.format, Format::Text | Format::Json) {
        bail!("--count prints a number: use --format text or json with it");
    }
    let (solver, bar) = configure(problem, flags, mode)?;
    if let Some(depth) = flags.split {
        return print_split(&solver, depth as usize);
    }
    if flags.seed.is_some() && flags.random.is_none() && flags.estimate.is_none() {
        bail!("--seed seeds --random and --estimate: give one of them");
    }
    if let Some(probes) = flags.estimate {
        return estimate(&solver, bar, flags, probes);
    }
    if flags.format == Format::Zdd {
        return write_zdd(solver, bar, flags, memo.order);
    }
    if let Some(draws) = flags.random {
        return random_solutions(solver, bar, flags, memo.order, draws, write);
    }
    if memo.applies(flags) {
        return memo_count(solver, bar, flags, memo.order);
    }
    if flags.memo_limit.is_some() || flags.order.is_some() {
        bail!(
            "--memo-limit and --order shape memoized runs: --count --memo (the default count \
             of tromino and tile), --random and --format zdd"
        );
    }

    // Not locked: solutions may come from worker threads (`for_each` needs a `Send` visitor).
    let mut out = BufWriter::new(io::stdout());
    let outcome = if mode == Mode::Count {
        let outcome = solver.count();
        write_count(&mut out, &outcome, flags).context(WRITE_ERROR)?;
        outcome
    } else {
        let mut index: u128 = 0;
        let mut write_error = None;
        let outcome = solver.for_each(|options| {
            index += 1;
            match write(&mut out, options, index) {
                Ok(()) => ControlFlow::Continue(()),
                Err(err) => {
                    write_error = Some(err);
                    ControlFlow::Break(())
                }
            }
        });
        if let Some(err) = write_error {
            return Err(anyhow::Error::new(err).context(WRITE_ERROR));
        }
        outcome
    };
    if let Some(bar) = &bar {
        bar.finish();
    }
    out.flush().context(WRITE_ERROR)?;
    drop(out);
    Ok(finish(&outcome, mode, flags))
}

/// How a command's counts use memoization unless the flags say otherwise: the item order,
/// and whether `--count` memoizes without `--memo` (see [`Reduction::memo_by_default`]).
#[derive(Copy, Clone, Debug)]
pub struct MemoDefaults {
    pub order: Branching,
    pub by_default: bool,
}

impl MemoDefaults {
    /// `dlx solve`: first-item order, memoized only with `--memo`.
    pub const SOLVE: MemoDefaults = MemoDefaults {
        order: Branching::FirstItem,
        by_default: false,
    };

    fn of<R: Reduction>(reduction: &R) -> MemoDefaults {
        MemoDefaults {
            order: reduction.memo_order(),
            by_default: reduction.memo_by_default(),
        }
    }

    /// Whether this run counts by memoization: `--memo`, or a count the command memoizes by
    /// default that asks for nothing a memoized count cannot do.
    fn applies(self, flags: &SolveFlags) -> bool {
        flags.memo
            || (self.by_default
                && flags.count
                && !flags.no_memo
                && flags.limit.is_none()
                && flags.shard.is_none()
                && flags.within.is_none()
                && flags.split.is_none())
    }
}

/// The graph of all solutions, for `--format zdd` and `--random`; its errors as a memo
/// count's.
fn memo_graph(
    solver: Solver<'_>,
    bar: Option<crate::progress::Bar>,
    flags: &SolveFlags,
    order: Branching,
) -> Result<dlx::MemoGraph> {
    let graph = solver
        .branching(flags.order.map_or(order, Branching::from))
        .memo_limit(flags.memo_limit.unwrap_or(dlx::DEFAULT_MEMO_LIMIT))
        .memo_graph();
    if let Some(bar) = &bar {
        bar.finish();
    }
    graph.map_err(|err| memo_error(err, false))
}

/// A memoized run's error, with what to try next when it ran out of room (`counting`: a
/// count, which enumeration can do instead).
fn memo_error(err: dlx::MemoError, counting: bool) -> anyhow::Error {
    match err {
        dlx::MemoError::MemoryLimit { .. } if counting => {
            anyhow!("{err}: raise --memo-limit, try the other --order, or count without --memo")
        }
        dlx::MemoError::MemoryLimit { .. } => {
            anyhow!("{err}: raise --memo-limit or try the other --order")
        }
        _ => anyhow!("{err}"),
    }
}

/// The statistics of a memoized count or graph, `name: value` per line.
fn print_memo_stats(stats: &dlx::MemoStats, count: &dlx::Count, extra: &str) {
    let order = match stats.branching {
        Branching::FewestOptions => "fewest-options",
        _ => "first-item",
    };
    note(format_args!(
        "signatures: {}\nexpanded: {}\nedges: {}\nhits: {}\npeak signatures: {}\n\
         peak memo bytes: {}\norder: {order}\nsolutions: {count}\n{extra}time: {:.3} s",
        stats.signatures,
        stats.expanded,
        stats.edges,
        stats.hits,
        stats.peak_signatures,
        stats.peak_bytes,
        stats.elapsed.as_secs_f64(),
    ));
}

/// `--format zdd`: the ZDD of all solutions on stdout.
fn write_zdd(
    solver: Solver<'_>,
    bar: Option<crate::progress::Bar>,
    flags: &SolveFlags,
    order: Branching,
) -> Result<Found> {
    if flags.all || flags.limit.is_some() || flags.random.is_some() || flags.split.is_some() {
        bail!(
            "--format zdd writes the diagram of all solutions: it takes no --all, --limit, \
             --random or --split"
        );
    }
    let graph = memo_graph(solver, bar, flags, order)?;
    let mut out = BufWriter::new(io::stdout().lock());
    let nodes = graph.write_zdd(&mut out).context(WRITE_ERROR)?;
    out.flush().context(WRITE_ERROR)?;
    drop(out);
    if flags.stats {
        print_memo_stats(
            graph.stats(),
            graph.count(),
            &format!("zdd nodes: {nodes}\n"),
        );
    }
    Ok(if graph.count().is_zero() {
        Found::None
    } else {
        Found::Some
    })
}

/// The seed of `--random`, `--estimate` and `--generate`: `--seed`, or one from the clock.
pub fn seed(flags: &SolveFlags) -> u64 {
    flags.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos() as u64)
    })
}

/// A figure of an estimate: plain up to a million, else in scientific notation.
fn figure(value: f64) -> String {
    if value.abs() < 1e6 {
        format!("{value:.1}")
    } else {
        format!("{value:.3e}")
    }
}

/// `--estimate N`: Knuth's estimate of the numbers of solutions and nodes.
fn estimate(
    solver: &Solver<'_>,
    bar: Option<crate::progress::Bar>,
    flags: &SolveFlags,
    probes: u64,
) -> Result<Found> {
    if !matches!(flags.format, Format::Text | Format::Json) {
        bail!("--estimate prints figures: use --format text or json with it");
    }
    let seed = seed(flags);
    let start = std::time::Instant::now();
    let estimate = solver
        .estimate(probes, seed)
        .map_err(|err| memo_error(err, false))?;
    if let Some(bar) = &bar {
        bar.finish();
    }
    let mut out = io::stdout().lock();
    if flags.format == Format::Json {
        let value = serde_json::json!({
            "estimate": {
                "solutions": estimate.solutions,
                "solutions_error": estimate.solutions_error,
                "nodes": estimate.nodes,
                "nodes_error": estimate.nodes_error,
                "probes": estimate.probes,
            }
        });
        writeln!(out, "{value}")
    } else {
        writeln!(
            out,
            "solutions: {} (standard error {})\nnodes: {} (standard error {})\nprobes: {probes}",
            figure(estimate.solutions),
            figure(estimate.solutions_error),
            figure(estimate.nodes),
            figure(estimate.nodes_error),
        )
    }
    .and_then(|()| out.flush())
    .context(WRITE_ERROR)?;
    if flags.stats {
        note(format_args!(
            "seed: {seed}\ntime: {:.3} s",
            start.elapsed().as_secs_f64()
        ));
    }
    Ok(Found::Some)
}

/// `--random N`: N solutions drawn uniformly at random, printed as the command prints
/// solutions.
fn random_solutions<W>(
    solver: Solver<'_>,
    bar: Option<crate::progress::Bar>,
    flags: &SolveFlags,
    order: Branching,
    draws: u64,
    mut write: W,
) -> Result<Found>
where
    W: FnMut(&mut dyn Write, &[dlx::OptionId], u128) -> io::Result<()>,
{
    let graph = memo_graph(solver, bar, flags, order)?;
    let seed = seed(flags);
    let mut out = BufWriter::new(io::stdout().lock());
    let mut index = 0u128;
    for solution in graph.random_solutions(seed).take(draws as usize) {
        index += 1;
        write(&mut out, solution.options(), index).context(WRITE_ERROR)?;
    }
    out.flush().context(WRITE_ERROR)?;
    drop(out);
    if flags.stats {
        print_memo_stats(graph.stats(), graph.count(), &format!("seed: {seed}\n"));
    }
    if graph.count().is_zero() {
        note(format_args!("dlx: no solution"));
        return Ok(Found::None);
    }
    Ok(Found::Some)
}

/// `--count --memo`: the exact count by memoization, printed as `--count` prints counts
/// (always complete: a memoized count that stops has no partial result, and fails).
fn memo_count(
    solver: Solver<'_>,
    bar: Option<crate::progress::Bar>,
    flags: &SolveFlags,
    order: Branching,
) -> Result<Found> {
    let outcome = solver
        .branching(flags.order.map_or(order, Branching::from))
        .memo_limit(flags.memo_limit.unwrap_or(dlx::DEFAULT_MEMO_LIMIT))
        .memo_count();
    if let Some(bar) = &bar {
        bar.finish();
    }
    let outcome = outcome.map_err(|err| match err {
        dlx::MemoError::MemoryLimit { .. } => {
            anyhow!("{err}: raise --memo-limit, try the other --order, or count without --memo")
        }
        _ => anyhow!("{err}"),
    })?;
    let count = &outcome.count;
    let mut out = io::stdout().lock();
    if flags.format == Format::Json {
        writeln!(out, "{{\"count\":{count},\"complete\":true}}")
    } else {
        writeln!(out, "{count}")
    }
    .and_then(|()| out.flush())
    .context(WRITE_ERROR)?;
    if flags.stats {
        print_memo_stats(&outcome.stats, count, "");
    }
    Ok(if count.is_zero() {
        Found::None
    } else {
        Found::Some
    })
}

/// A count as `--count` prints it: the number alone, or after `shard I/N` for a shard (with
/// `incomplete: REASON` when the search stopped early, so that `dlx merge` refuses to add a
/// lower bound into a total); with `--format json`, an object that says whether it is
/// complete and, if not, why.
fn write_count(out: &mut dyn Write, outcome: &Outcome, flags: &SolveFlags) -> io::Result<()> {
    let solutions = outcome.solutions;
    let stopped = outcome.stopped.map(|reason| reason.to_string());
    if flags.format == Format::Json {
        let mut fields = format!("\"count\":{solutions},\"complete\":{}", stopped.is_none());
        if let Some(reason) = &stopped {
            fields.push_str(&format!(
                ",\"stopped\":{}",
                serde_json::Value::from(reason.as_str())
            ));
        }
        if let Some((index, count)) = flags.shard {
            fields.push_str(&format!(",\"shard\":[{index},{count}]"));
        }
        return writeln!(out, "{{{fields}}}");
    }
    match (flags.shard, stopped) {
        (None, _) => writeln!(out, "{solutions}"),
        (Some((index, count)), None) => writeln!(out, "shard {index}/{count}\n{solutions}"),
        (Some((index, count)), Some(reason)) => writeln!(
            out,
            "shard {index}/{count} {}: {reason}\n{solutions}",
            INCOMPLETE
        ),
    }
}

/// After a search: statistics and notes on stderr (see [`report_stop`]), and whether it
/// counts as found.
pub fn finish(outcome: &Outcome, mode: Mode, flags: &SolveFlags) -> Found {
    if flags.stats {
        print_stats(outcome);
    }
    report_stop(outcome, mode, flags);
    // A shard, or a subtree of --within, without solutions is normal: batch systems should
    // not see it as failed.
    if outcome.solutions > 0 || flags.shard.is_some() || flags.within.is_some() {
        Found::Some
    } else {
        Found::None
    }
}

/// Knuth's statistics, `name: value` per line, the counts as plain integers.
fn print_stats(outcome: &Outcome) {
    let stats = &outcome.stats;
    note(format_args!(
        "nodes: {}\nupdates: {}\nsolutions: {}\nmax level: {}\ntime: {:.3} s",
        stats.nodes,
        stats.updates,
        stats.solutions,
        stats.max_level,
        stats.elapsed.as_secs_f64(),
    ));
}

/// Says on stderr when a limit cut the search short in a way the user may not expect (a
/// count that hit --limit, or any search that hit --node-limit), or that there is no
/// solution at all where stdout would otherwise stay empty (--count says 0 itself). The
/// first solution, and --all with --limit, stop by design and say nothing.
fn report_stop(outcome: &Outcome, mode: Mode, flags: &SolveFlags) {
    let found = outcome.solutions;
    let plural = if found == 1 { "" } else { "s" };
    match outcome.stopped {
        Some(StopReason::NodeLimit) => {
            let nodes = outcome.stats.nodes;
            let consequence = match (mode, found) {
                (Mode::Count, _) => "the count is a lower bound",
                (_, 0) => "there may be a solution",
                _ => "there may be more",
            };
            note(format_args!(
                "dlx: note: the search stopped at the node limit ({nodes} nodes) after \
                 {found} solution{plural}: {consequence}"
            ));
        }
        Some(StopReason::Timeout) => {
            let consequence = match (mode, found) {
                (Mode::Count, _) => "the count is a lower bound",
                (_, 0) => "there may be a solution",
                _ => "there may be more",
            };
            note(format_args!(
                "dlx: note: the search stopped at the time limit after {found} solution{plural}: \
                 {consequence}"
            ));
        }
        Some(StopReason::SolutionLimit) if mode == Mode::Count => {
            let limit = flags.limit.unwrap_or_default();
            note(format_args!(
                "dlx: note: the count stopped at --limit {limit}: there may be more solutions"
            ));
        }
        _ if found == 0 && mode != Mode::Count => note(format_args!("dlx: no solution")),
        _ => {}
    }
}

/// Solves `problem` as the flags say and prints each solution's board, `decode`d from its
/// options; with `--format dlx`, prints the problem instead.
pub fn solve_boards<B, D>(
    problem: &Problem,
    flags: &SolveFlags,
    memo: MemoDefaults,
    decode: D,
) -> Result<Found>
where
    B: Board,
    D: Fn(&[OptionId]) -> B + Sync,
{
    if flags.format == Format::Dlx {
        return print_encoding(problem, flags);
    }
    let view = View::new(flags);
    search(problem, flags, memo, |out, options, index| {
        view.write(&decode(options), index, out)
    })
}

/// [`solve_boards`] for a [`Reduction`]: encodes `puzzle`, and shows each decoded board through
/// `show` (which pairs it with what the drawing needs, such as the givens).
pub fn solve_reduction<R, B, S>(
    reduction: &R,
    puzzle: &R::Puzzle,
    flags: &SolveFlags,
    show: S,
) -> Result<Found>
where
    R: Reduction + Sync,
    R::Puzzle: Sync,
    R::Choice: Sync,
    B: Board,
    S: Fn(R::Board) -> B + Sync,
{
    let encoding = reduction
        .encode(puzzle)
        .context("cannot build the exact-cover problem")?;
    solve_boards(
        &encoding.problem,
        flags,
        MemoDefaults::of(reduction),
        |options| show(reduction.decode(puzzle, &encoding.choices_of(options))),
    )
}

/// Reads a puzzle file (or stdin for `None` or `-`) and parses it, an error naming
/// `file:line:column` (the parser's `Display` starts with `line:column: `). An argument that
/// is no file but reads as a Tatham game ID (`3x3:a1d9...`: a size, then a colon) is the
/// puzzle itself, named `<game ID>` in errors.
pub fn read_puzzle<T, E: std::fmt::Display>(
    path: Option<&std::path::Path>,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Result<T> {
    if let Some(id) = path.and_then(game_id_argument) {
        return parse(id).map_err(|err| anyhow::anyhow!("<game ID>:{err}"));
    }
    let (name, text) = read_input(path)?;
    parse(&text).map_err(|err| anyhow::anyhow!("{name}:{err}"))
}
