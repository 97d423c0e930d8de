//! `dlx solve`: a problem in Knuth's text format, solved.

use std::io::{self, BufWriter, Read, Write};
use std::ops::ControlFlow;
use std::path::Path;

use anyhow::{Context, Result};
use dlx::{Outcome, Problem, Solver};

use crate::args::{Format, SolveArgs, SolveFlags};
use crate::Found;

pub fn run(args: &SolveArgs) -> Result<Found> {
    let (name, text) = read_input(args.file.as_deref())?;
    let parsed = dlx::text::parse(&text)
        .map_err(|err| anyhow::anyhow!("{name}:{}:{}: {}", err.line(), err.column(), err.kind()))?;
    for warning in &parsed.warnings {
        eprintln!("dlx: warning: {name}:{warning}");
    }
    solve(&parsed.problem, &args.flags)
}

/// Reads the whole input; `-` or no path means standard input.
fn read_input(path: Option<&Path>) -> Result<(String, String)> {
    match path {
        None => read_stdin(),
        Some(path) if path == Path::new("-") => read_stdin(),
        Some(path) => {
            let name = path.display().to_string();
            let bytes = std::fs::read(path).with_context(|| format!("cannot read {name}"))?;
            let text = String::from_utf8(bytes).map_err(|e| {
                anyhow::anyhow!(
                    "{name}: not UTF-8 text (invalid byte at offset {})",
                    e.utf8_error().valid_up_to()
                )
            })?;
            Ok((name, text))
        }
    }
}

fn read_stdin() -> Result<(String, String)> {
    let mut bytes = Vec::new();
    io::stdin()
        .read_to_end(&mut bytes)
        .context("cannot read standard input")?;
    let text = String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "<stdin>: not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })?;
    Ok(("<stdin>".to_owned(), text))
}

fn solve(problem: &Problem, flags: &SolveFlags) -> Result<Found> {
    let mut solver = Solver::new(problem);
    if let Some(limit) = flags.limit {
        solver = solver.limit(limit);
    }
    if let Some(nodes) = flags.node_limit {
        solver = solver.node_limit(nodes);
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let outcome = if flags.count {
        let outcome = solver.count();
        match flags.format {
            Format::Text => writeln!(out, "{}", outcome.solutions)?,
            Format::Json => writeln!(
                out,
                "{}",
                serde_json::json!({
                    "count": outcome.solutions.to_string(),
                    "complete": outcome.is_complete(),
                })
            )?,
        }
        outcome
    } else {
        if !flags.all {
            solver = solver.limit(1);
        }
        let mut index: u128 = 0;
        let mut write_error = None;
        let outcome = solver.for_each(|options| {
            index += 1;
            let written = write_solution(&mut out, problem, options, index, flags.format);
            match written {
                Ok(()) => ControlFlow::Continue(()),
                Err(err) => {
                    write_error = Some(err);
                    ControlFlow::Break(())
                }
            }
        });
        if let Some(err) = write_error {
            return Err(err.into());
        }
        outcome
    };
    out.flush()?;
    if flags.stats {
        print_stats(&outcome);
    }
    if let Some(reason) = outcome.stopped {
        if flags.count {
            eprintln!("dlx: the search stopped early ({reason}): the count is a lower bound");
        }
    }
    Ok(if outcome.solutions > 0 {
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
            let ids: Vec<usize> = options.iter().map(|o| o.index()).collect();
            writeln!(
                out,
                "{}",
                serde_json::json!({
                    "solution": index.to_string(),
                    "options": texts,
                    "option_ids": ids,
                })
            )?;
        }
    }
    Ok(())
}

fn print_stats(outcome: &Outcome) {
    let stats = &outcome.stats;
    eprintln!(
        "nodes: {}\nupdates: {}\nsolutions: {}\nmax level: {}\ntime: {:.3} s{}",
        stats.nodes,
        stats.updates,
        stats.solutions,
        stats.max_level,
        stats.elapsed.as_secs_f64(),
        match outcome.stopped {
            Some(reason) => format!("\nstopped: {reason}"),
            None => String::new(),
        }
    );
}
