//! `dlx solve`: a problem in Knuth's text format, solved; each solution printed as its
//! options' lines.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;

use anyhow::{anyhow, Context, Result};
use dlx::Problem;

use crate::args::Mode;
use crate::args::{Format, SolveArgs, SolveFlags};
use crate::input::read_input;
use crate::process::note;
use crate::process::Found;
use crate::run::{print_encoding, search};
use reductions::plan::Plan;

/// The line between problems of one input: three hyphens alone on a line, unless the problem
/// above names an item `---` (then the line is an option).
pub const SEPARATOR: &str = "---";

pub fn run(args: &SolveArgs) -> Result<Found> {
    let (name, text) = match read_input(args.file.as_deref()) {
        Ok(read) => read,
        // As when the time runs out while the problem is parsed: nothing searched.
        Err(err) if err.is::<crate::input::TimeRanOut>() => {
            note(format_args!("dlx: note: {err}: nothing was searched"));
            return crate::run::out_of_time(&args.flags);
        }
        Err(err) => return Err(err),
    };
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
    crate::args::refusals::refuse_for_problems(&args.flags, SEPARATOR)?;
    let threads = threads_over_problems(&args.flags, problems.len());
    // Every problem is read first: a bad one is reported before anything is solved.
    let mut parsed = Vec::with_capacity(problems.len());
    let mut out_of_time = false;
    crate::workers::in_order(
        threads,
        &problems,
        |_, &(_, chunk), _| Ok(read_problem(chunk, &args.flags)),
        |read, _| {
            if !out_of_time {
                let first_line = problems[parsed.len()].0;
                match reported(&name, read, first_line)? {
                    Some(problem) => parsed.push((first_line, problem)),
                    None => out_of_time = true,
                }
            }
            Ok(())
        },
    )?;
    if out_of_time {
        return crate::run::out_of_time(&args.flags);
    }
    drop(problems);
    drop(text);
    if threads > 1 && tables_fit(&parsed, threads) {
        return solve_shared(&name, &parsed, args, threads);
    }
    let mut found = Found::Some;
    for (k, (first_line, problem)) in parsed.into_iter().enumerate() {
        if k > 0 && args.flags.format() == Format::Text && args.flags.mode() != Mode::Count {
            let mut out = crate::output::stdout();
            writeln!(out, "{SEPARATOR}")
                .and_then(|()| out.flush())
                .context(crate::output::write_error())?;
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
    loop {
        let rest = &text[start..];
        let Some((begin, end)) = next_separator(rest) else {
            problems.push((start_line, rest));
            return problems;
        };
        problems.push((start_line, &rest[..begin]));
        start_line += newlines(&rest.as_bytes()[..end]);
        start += end;
    }
}

/// The number of `\n` in `bytes`, counted a block at a time so that the compiler can count
/// many bytes at once.
fn newlines(bytes: &[u8]) -> usize {
    let blocks = bytes.chunks_exact(64);
    let tail = blocks.remainder();
    let in_blocks: usize = blocks
        .map(|block| usize::from(block.iter().map(|&b| u8::from(b == b'\n')).sum::<u8>()))
        .sum();
    in_blocks + tail.iter().filter(|&&b| b == b'\n').count()
}

/// Where the separator line after the problem at the start of `text` begins and ends (after
/// its `\n`); none when that problem names an item `---` or is the last.
fn next_separator(text: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let line_end =
        |from: usize| memchr::memchr(b'\n', &bytes[from..]).map_or(text.len(), |k| from + k + 1);
    // The item line: the first line neither blank nor a comment.
    let mut from = 0;
    loop {
        let end = line_end(from);
        let content = text[from..end].trim();
        if !content.is_empty() && !content.starts_with('|') {
            let names_separator = content.contains(SEPARATOR)
                && content
                    .split_whitespace()
                    .any(|name| name.rsplit('|').next() == Some(SEPARATOR));
            if names_separator {
                return None;
            }
            from = end;
            break;
        }
        if end == text.len() {
            return None;
        }
        from = end;
    }
    // Then the first line that is the separator alone: the lines holding a `-` are few, and
    // a search for that byte (quicker than one for `---`) skips the others without walking
    // them line by line.
    while let Some(k) = memchr::memchr(b'-', &bytes[from..]) {
        let at = from + k;
        let begin = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |k| k + 1);
        let end = line_end(at);
        if is_separator(&text[begin..end]) {
            return Some((begin, end));
        }
        from = end;
    }
    None
}

/// Whether `line` is [`SEPARATOR`] alone, blanks around it allowed.
fn is_separator(line: &str) -> bool {
    // Most lines start with a name; only those starting with `-` or a blank need trimming.
    let may_be = |first: &u8| *first == b'-' || !first.is_ascii_graphic();
    line.as_bytes().first().is_some_and(may_be) && line.trim() == SEPARATOR
}

/// The threads that share the problems of an input of several (1: each is solved in turn,
/// `--threads` splitting its search). A first solution is never split, so its problems are
/// shared whenever more than one thread is asked for; a count's are when there are at least
/// as many problems as threads, and otherwise each count is split. Runs that print all
/// solutions, or that go to the memo, are solved in turn, as are runs with flags that only
/// those take (whose errors the search gives); so are, after reading, problems whose tables
/// for that many searches at once would be large ([`tables_fit`]).
fn threads_over_problems(flags: &SolveFlags, problems: usize) -> usize {
    let mode = flags.mode();
    let in_turn = mode == Mode::All
        || flags.sequential()
        || flags.memo()
        || flags.seed().is_some()
        || flags.count_ask().memo_settings;
    if in_turn {
        return 1;
    }
    let threads = flags.workers();
    match mode {
        Mode::Count if problems < threads => 1,
        _ => threads.min(problems),
    }
}

/// Whether `threads` searches of the largest of `parsed` at once take less than
/// [`crate::memory::SMALL_TABLES`]: larger ones are solved in turn, each table checked against
/// the machine's memory before it is built.
fn tables_fit(parsed: &[(usize, dlx::text::Parsed)], threads: usize) -> bool {
    let largest = parsed
        .iter()
        .map(|(_, parsed)| dlx::Solver::new(&parsed.problem).table_bytes())
        .max()
        .unwrap_or(0);
    largest.saturating_mul(threads as u64) < crate::memory::SMALL_TABLES
}

/// Solves the problems of an input of several on the pool's threads, each search on one, and
/// prints what each found in the order of the input, as [`solve_parsed`] one after another
/// would: its warnings, its first solution or its count, then its statistics and notes.
fn solve_shared(
    name: &str,
    parsed: &[(usize, dlx::text::Parsed)],
    args: &SolveArgs,
    threads: usize,
) -> Result<Found> {
    let flags = &args.flags;
    let mode = flags.mode();
    let mut out = BufWriter::new(crate::output::stdout());
    let mut found = Found::Some;
    let mut index = 0;
    crate::workers::in_order(
        threads,
        parsed,
        // A problem's error is reported in its turn, after what comes before it.
        |k, (_, parsed), text| Ok(solve_alone(&parsed.problem, k + 1, flags, mode, text)),
        |answer, text| {
            let (first_line, parsed) = &parsed[index];
            index += 1;
            if index > 1 && flags.format() == Format::Text && mode != Mode::Count {
                writeln!(out, "{SEPARATOR}").context(crate::output::write_error())?;
            }
            // Warnings, notes and statistics on stderr come after the output before them.
            out.flush().context(crate::output::write_error())?;
            print_warnings(name, parsed, *first_line);
            let outcome = answer?;
            out.write_all(text).context(crate::output::write_error())?;
            out.flush().context(crate::output::write_error())?;
            if let Found::None = crate::run::finish(&outcome, mode, flags) {
                found = Found::None;
            }
            Ok(())
        },
    )?;
    Ok(found)
}

/// One problem of several, searched on this thread as [`search`] would with `--threads 1`
/// and no progress bar: what it found, and what it prints appended to `text`.
fn solve_alone(
    problem: &Problem,
    number: usize,
    flags: &SolveFlags,
    mode: Mode,
    text: &mut Vec<u8>,
) -> Result<dlx::Outcome> {
    let solver = flags.reasoning(problem, &Plan::plain(flags.task()))?;
    let mut solver = flags.limited(solver, mode);
    if let Some(limit) = flags.timeout() {
        solver = solver.deadline(crate::process::started() + limit);
    }
    crate::memory::check_memory(&solver, flags)?;
    let outcome = if mode == Mode::Count {
        let outcome = solver.count();
        crate::memory::refuse_out_of_memory(&outcome)?;
        crate::run::write_count(text, &outcome, flags)?;
        outcome
    } else {
        let mut first = None;
        let outcome = solver.for_each(|options| {
            first = Some(options.to_vec());
            ControlFlow::Break(())
        });
        crate::memory::refuse_out_of_memory(&outcome)?;
        if let Some(options) = first {
            write_solution(text, problem, &options, 1, flags.format(), Some(number))?;
        }
        outcome
    };
    Ok(outcome)
}

/// Parses a problem that starts after line `first_line` of the input, naming its lines as
/// lines of the input; `None` when `--timeout` ran out first (a note says where).
fn parse(
    name: &str,
    text: &str,
    first_line: usize,
    flags: &SolveFlags,
) -> Result<Option<dlx::text::Parsed>> {
    reported(name, read_problem(text, flags), first_line)
}

/// Reads a problem, within `--timeout` if there is one.
fn read_problem(text: &str, flags: &SolveFlags) -> Result<dlx::text::Parsed, dlx::ParseError> {
    match flags.timeout() {
        Some(limit) => dlx::text::parse_until(text, crate::process::started() + limit),
        None => dlx::text::parse(text),
    }
}

/// What [`read_problem`] gave for the text after line `first_line` of the input: the problem,
/// or `None` when the time ran out (a note says where), or the error naming the line of
/// the input.
fn reported(
    name: &str,
    read: Result<dlx::text::Parsed, dlx::ParseError>,
    first_line: usize,
) -> Result<Option<dlx::text::Parsed>> {
    match read {
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
    print_warnings(name, &parsed, first_line);
    let problem_text = &parsed.problem;
    match args.flags.format() {
        Format::Svg => unreachable!("refused before the run"),
        Format::Dlx => return print_encoding(problem_text),
        Format::Text | Format::Json | Format::Zdd | Format::Tatham => {}
    }
    let format = args.flags.format();
    search(
        problem_text,
        &args.flags,
        Plan::plain(args.flags.task()),
        |out, options, index| write_solution(out, problem_text, options, index, format, problem),
    )
}

/// The warnings of a problem read from lines after `first_line` of the input, on stderr.
fn print_warnings(name: &str, parsed: &dlx::text::Parsed, first_line: usize) {
    for warning in &parsed.warnings {
        let shifted = dlx::ParseWarning {
            line: first_line + warning.line,
            ..warning.clone()
        };
        note(format_args!("dlx: warning: {name}:{shifted}"));
    }
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

#[cfg(test)]
mod tests {
    use super::{is_separator, split_problems, tables_fit, threads_over_problems, SEPARATOR};
    use crate::args::{Cli, Command, Tool};
    use clap::Parser;

    /// The threads that share `problems` problems under `dlx solve ARGS`.
    fn threads(args: &[&str], problems: usize) -> usize {
        let cli = Cli::try_parse_from(["dlx", "solve"].iter().chain(args)).unwrap();
        let Command::Tool(Tool::Solve(solve)) = cli.command else {
            unreachable!("dlx solve")
        };
        threads_over_problems(&solve.flags, problems)
    }

    /// Problems are shared only while that many of their tables at once are small.
    #[test]
    fn problems_are_shared_while_their_tables_are_small() {
        let parsed = [(0, dlx::text::parse("a b\na\nb\na b\n").unwrap())];
        let table = dlx::Solver::new(&parsed[0].1.problem).table_bytes();
        let most = (crate::memory::SMALL_TABLES / table) as usize;
        assert!(most > 1000, "{table}");
        assert!(tables_fit(&parsed, 2));
        assert!(!tables_fit(&parsed, most + 1));
    }

    #[test]
    fn problems_are_shared_for_counts_and_first_solutions_only() {
        assert_eq!(threads(&["--count", "-j", "3"], 3), 3);
        assert_eq!(threads(&["-j", "3"], 2), 2);
        assert_eq!(threads(&["--format", "json", "-j", "4"], 100), 4);
        // Fewer problems than threads: each count is split.
        assert_eq!(threads(&["--count", "-j", "3"], 2), 1);
        for in_turn in [
            &["--count", "-j", "1"][..],
            &["--all", "-j", "2"],
            &["--limit", "2", "-j", "2"],
            &["--count", "--memo", "-j", "2"],
            &["--count", "--seed", "1", "-j", "2"],
            &["--count", "--order", "first-item", "-j", "2"],
            &["--count", "--memo-limit", "1G", "-j", "2"],
        ] {
            assert_eq!(threads(in_turn, 10), 1, "{in_turn:?}");
        }
    }

    /// [`split_problems`] as a walk over every line: the reference.
    fn split_problems_by_lines(text: &str) -> Vec<(usize, &str)> {
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
                start_line = number + usize::from(line.ends_with('\n'));
                declares_separator = None;
            }
            offset += line.len();
        }
        problems.push((start_line, &text[start..]));
        problems
    }

    /// Random inputs of separators, near-separators, names, `|`, comments, blanks and line
    /// ends split as the walk over every line splits them.
    #[test]
    fn problems_split_as_a_walk_over_every_line_splits_them() {
        const PIECES: [&str; 18] = [
            "---", "\n---\n", "\n---\n", "-", "--", " ", "\t", "\n", "\n", "\r\n", "a", "b", "|",
            "| ---", "x|---", "----", "\u{a0}", "a b\n",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut split = 0;
        for _ in 0..100_000 {
            let text: String = (0..next() % 24)
                .map(|_| PIECES[(next() % PIECES.len() as u64) as usize])
                .collect();
            let problems = split_problems(&text);
            assert_eq!(problems, split_problems_by_lines(&text), "{text:?}");
            split += usize::from(problems.len() > 1);
        }
        assert!(split > 10_000, "{split}");
    }
}
