//! `dlx solve`: a problem in Knuth's text format, solved.

use std::fmt;
use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::ops::ControlFlow;
use std::path::Path;

use anyhow::{anyhow, Context, Result};
use dlx::{Outcome, Problem, Solver, StopReason};

use crate::args::{Format, SolveArgs, SolveFlags};
use crate::Found;

/// The name that messages use for standard input (ripgrep's).
const STDIN_NAME: &str = "<stdin>";

/// The context of an error writing the output (a full disk; a closed pipe ends quietly).
const WRITE_ERROR: &str = "<stdout>: cannot write the output";

pub fn run(args: &SolveArgs) -> Result<Found> {
    let (name, text) = read_input(args.file.as_deref())?;
    let parsed = dlx::text::parse(&text)
        .map_err(|err| anyhow!("{name}:{}:{}: {}", err.line(), err.column(), err.kind()))?;
    for warning in &parsed.warnings {
        note(format_args!("dlx: warning: {name}:{warning}"));
    }
    solve(&parsed.problem, &args.flags)
}

/// Writes one line on stderr. A closed stderr is no reason to fail (or to panic, as
/// `eprintln!` would).
pub fn note(line: fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}

/// Reads the whole input as text: its name for messages, and its contents. `-` or no path
/// means standard input.
fn read_input(path: Option<&Path>) -> Result<(String, String)> {
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
                    "dlx: reading the problem from standard input (end it with Ctrl-D)"
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
#[derive(Copy, Clone, PartialEq, Eq)]
enum Mode {
    First,
    All,
    Count,
}

fn solve(problem: &Problem, flags: &SolveFlags) -> Result<Found> {
    let mode = if flags.count {
        Mode::Count
    } else if flags.all || flags.limit.is_some() {
        Mode::All
    } else {
        Mode::First
    };
    let mut solver = Solver::new(problem);
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

    // Not locked: solutions may come from worker threads (`for_each` needs a `Send` visitor).
    let mut out = BufWriter::new(io::stdout());
    let outcome = if mode == Mode::Count {
        let outcome = solver.count();
        match (flags.format, flags.shard) {
            (Format::Text, None) => writeln!(out, "{}", outcome.solutions),
            (Format::Text, Some((index, count))) => {
                writeln!(out, "shard {index}/{count}\n{}", outcome.solutions)
            }
            (Format::Json, None) => writeln!(
                out,
                "{{\"count\":{},\"complete\":{}}}",
                outcome.solutions,
                outcome.is_complete()
            ),
            (Format::Json, Some((index, count))) => writeln!(
                out,
                "{{\"count\":{},\"complete\":{},\"shard\":[{index},{count}]}}",
                outcome.solutions,
                outcome.is_complete()
            ),
        }
        .context(WRITE_ERROR)?;
        outcome
    } else {
        let mut index: u128 = 0;
        let mut write_error = None;
        let outcome = solver.for_each(|options| {
            index += 1;
            match write_solution(&mut out, problem, options, index, flags.format) {
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

    if flags.stats {
        print_stats(&outcome);
    }
    report_stop(&outcome, mode, flags);
    // A shard without solutions is normal: batch systems should not see it as failed.
    Ok(if outcome.solutions > 0 || flags.shard.is_some() {
        Found::Some
    } else {
        Found::None
    })
}

fn write_solution(
    out: &mut impl Write,
    problem: &Problem,
    options: &[dlx::OptionId],
    index: u128,
    format: Format,
) -> io::Result<()> {
    match format {
        Format::Text => {
            if index > 1 {
                writeln!(out)?;
            }
            for &option in options {
                writeln!(out, "{}", problem.option_text(option))?;
            }
        }
        Format::Json => {
            let texts: Vec<String> = options.iter().map(|&o| problem.option_text(o)).collect();
            write!(out, "{{\"solution\":{index},\"options\":")?;
            serde_json::to_writer(&mut *out, &texts).map_err(io::Error::from)?;
            write!(out, ",\"option_ids\":[")?;
            for (k, option) in options.iter().enumerate() {
                if k > 0 {
                    write!(out, ",")?;
                }
                write!(out, "{}", option.index())?;
            }
            writeln!(out, "]}}")?;
        }
    }
    Ok(())
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
