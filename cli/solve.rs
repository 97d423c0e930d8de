//! `dlx solve`: a problem in Knuth's text format, solved; each solution printed as its
//! options' lines.

use std::io::{self, Write};

use anyhow::{anyhow, bail, Context, Result};
use dlx::Problem;

use crate::args::{Format, SolveArgs, SolveFlags};
use crate::input::read_input;
use crate::note;
use crate::run::{print_encoding, search};
use crate::{Found, WRITE_ERROR};

/// The line between problems of one input: three hyphens alone on a line, unless the problem
/// above names an item `---` (then the line is an option).
pub const SEPARATOR: &str = "---";

pub fn run(args: &SolveArgs) -> Result<Found> {
    let (name, text) = read_input(args.file.as_deref())?;
    let problems = split_problems(&text);
    if problems.len() == 1 {
        let Some(parsed) = parse(&name, &text, 0, &args.flags)? else {
            return crate::run::out_of_time(&args.flags);
        };
        // The text is not needed once read, and may be a good part of the memory.
        drop(problems);
        drop(text);
        return solve_parsed(&name, parsed, 0, None, args);
    }
    refuse_for_many(args)?;
    // Every problem is read first: a bad one is reported before anything is solved.
    let mut parsed = Vec::with_capacity(problems.len());
    for &(first_line, chunk) in &problems {
        match parse(&name, chunk, first_line, &args.flags)? {
            Some(problem) => parsed.push((first_line, problem)),
            None => return crate::run::out_of_time(&args.flags),
        }
    }
    drop(problems);
    drop(text);
    let mut found = Found::Some;
    for (k, (first_line, problem)) in parsed.into_iter().enumerate() {
        if k > 0 && args.flags.format == Format::Text && !args.flags.count {
            let mut out = crate::output::stdout();
            writeln!(out, "{SEPARATOR}")
                .and_then(|()| out.flush())
                .context(WRITE_ERROR)?;
        }
        if let Found::None = solve_parsed(&name, problem, first_line, Some(k + 1), args)? {
            found = Found::None;
        }
    }
    Ok(found)
}

/// The problems of one input, each with the number of lines before it: split at the lines
/// that are [`SEPARATOR`] alone, except where the problem above names an item `---`.
fn split_problems(text: &str) -> Vec<(usize, &str)> {
    let mut problems = Vec::new();
    let (mut start, mut start_line) = (0, 0);
    let mut declares_separator = None;
    let mut offset = 0;
    for (number, line) in text.split_inclusive('\n').enumerate() {
        if declares_separator.is_none() {
            let content = line.trim();
            if !content.is_empty() && !content.starts_with('|') {
                // The item line of the problem that starts at `start`.
                declares_separator = Some(
                    content.contains(SEPARATOR)
                        && content
                            .split_whitespace()
                            .any(|name| name.rsplit('|').next() == Some(SEPARATOR)),
                );
            }
        } else if declares_separator == Some(false) && is_separator(line) {
            problems.push((start_line, &text[start..offset]));
            start = offset + line.len();
            start_line = number + 1;
            declares_separator = None;
        }
        offset += line.len();
    }
    problems.push((start_line, &text[start..]));
    problems
}

/// Whether `line` is [`SEPARATOR`] alone, blanks around it allowed.
fn is_separator(line: &str) -> bool {
    // Most lines start with a name; only those starting with `-` or a blank need trimming.
    let may_be = |first: &u8| *first == b'-' || !first.is_ascii_graphic();
    line.as_bytes().first().is_some_and(may_be) && line.trim() == SEPARATOR
}

/// Refuses what an input of several problems cannot do.
fn refuse_for_many(args: &SolveArgs) -> Result<()> {
    let flags = &args.flags;
    let single = [
        (flags.shard.is_some(), "--shard"),
        (flags.split.is_some(), "--split"),
        (flags.within.is_some(), "--within"),
        (flags.random.is_some(), "--random"),
        (flags.estimate.is_some(), "--estimate"),
    ];
    if let Some((_, flag)) = single.iter().find(|(given, _)| *given) {
        bail!("{flag} works on one problem, and this input has several (separated by `{SEPARATOR}` lines)");
    }
    if !matches!(flags.format, Format::Text | Format::Json) {
        bail!("an input of several problems is solved in --format text or json");
    }
    Ok(())
}

/// Parses a problem that starts after line `first_line` of the input, naming its lines as
/// lines of the input; `None` when `--timeout` ran out first (a note says where).
fn parse(
    name: &str,
    text: &str,
    first_line: usize,
    flags: &SolveFlags,
) -> Result<Option<dlx::text::Parsed>> {
    let parsed = match flags.timeout {
        Some(limit) => dlx::text::parse_until(text, crate::started() + limit),
        None => dlx::text::parse(text),
    };
    match parsed {
        Ok(parsed) => Ok(Some(parsed)),
        Err(err) if *err.kind() == dlx::ParseErrorKind::TimeLimit => {
            note(format_args!(
                "dlx: note: the time limit ran out while {name} was read (at line {}): \
                 nothing was searched",
                first_line + err.line()
            ));
            Ok(None)
        }
        Err(err) => Err(anyhow!(
            "{name}:{}:{}: {}",
            first_line + err.line(),
            err.column(),
            err.kind()
        )),
    }
}

/// Solves a problem read from lines after `first_line` of the input; `problem` is its number
/// among several.
fn solve_parsed(
    name: &str,
    parsed: dlx::text::Parsed,
    first_line: usize,
    problem: Option<usize>,
    args: &SolveArgs,
) -> Result<Found> {
    for warning in &parsed.warnings {
        let shifted = dlx::ParseWarning {
            line: first_line + warning.line,
            ..warning.clone()
        };
        note(format_args!("dlx: warning: {name}:{shifted}"));
    }
    let problem_text = &parsed.problem;
    match args.flags.format {
        Format::Svg => bail!(
            "--format svg draws the boards of puzzle commands; `dlx solve` prints options \
             (use --format text or json)"
        ),
        Format::Dlx => return print_encoding(problem_text, &args.flags),
        Format::Text | Format::Json | Format::Zdd | Format::Tatham => {}
    }
    let format = args.flags.format;
    search(
        problem_text,
        &args.flags,
        crate::memo::Defaults::SOLVE,
        |out, options, index| write_solution(out, problem_text, options, index, format, problem),
    )
}

fn write_solution(
    out: &mut dyn Write,
    problem: &Problem,
    options: &[dlx::OptionId],
    index: u128,
    format: Format,
    number: Option<usize>,
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
            #[derive(serde::Serialize)]
            struct SolutionLine {
                #[serde(skip_serializing_if = "Option::is_none")]
                problem: Option<usize>,
                solution: u128,
                options: Vec<String>,
                option_ids: Vec<usize>,
            }
            let line = SolutionLine {
                problem: number,
                solution: index,
                options: options.iter().map(|&o| problem.option_text(o)).collect(),
                option_ids: options.iter().map(|o| o.index()).collect(),
            };
            crate::json::write_line(out, &line)?;
        }
        Format::Dlx | Format::Svg | Format::Zdd | Format::Tatham => {
            unreachable!("refused before the search")
        }
    }
    Ok(())
}
