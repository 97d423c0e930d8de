//! The flags that do not go together, refused in one place before any input is read.
//!
//! clap refuses the pairs that never go together (`--all` with `--count`, `--generate` with a
//! file); what is left depends on what a run does, and is decided here, in this order:
//!
//! 1. what the puzzle can do, as the registry says: Tatham's game IDs, making, grading, hints;
//! 2. the runs that make, grade or explain puzzles do not search: they take none of the flags
//!    that shape a search ([`SEARCH_FLAGS`]), and `--grade` no `--timeout`;
//! 3. `--format dlx` prints the problem instead of solving it: it takes none of the flags that
//!    pick solutions;
//! 4. what each run prints, and the formats it prints in ([`PRINTS`]);
//! 5. `--seed` seeds only `--random`, `--estimate` and `--generate`, and `--format zdd`
//!    (every solution at once) takes no flag that picks some.
//!
//! What depends on the input (several problems in one file, a board too large to draw) is
//! refused where the input is read.

use anyhow::{bail, Result};

use super::{Command, Format, MakeFlags, SolveFlags};

/// A kind of run that prints something other than solutions, and the formats it prints in.
#[derive(Clone, Copy, Debug)]
pub struct Prints {
    /// The flag that asks for it.
    pub flag: &'static str,
    /// What it prints, in a word or two.
    pub what: &'static str,
    /// The formats it prints in, in the order the message names them.
    pub formats: &'static [Format],
}

const TEXT_OR_JSON: &[Format] = &[Format::Text, Format::Json];

/// The runs of every command that print something other than boards.
pub const PRINTS: [Prints; 7] = [
    Prints {
        flag: "--generate",
        what: "puzzles",
        formats: &[Format::Text, Format::Json, Format::Tatham, Format::Svg],
    },
    Prints {
        flag: "--grade",
        what: "a grade",
        formats: TEXT_OR_JSON,
    },
    Prints {
        flag: "--hint",
        what: "deductions",
        formats: TEXT_OR_JSON,
    },
    Prints {
        flag: "--explain",
        what: "deductions",
        formats: TEXT_OR_JSON,
    },
    Prints {
        flag: "--count",
        what: "a number",
        formats: TEXT_OR_JSON,
    },
    Prints {
        flag: "--id",
        what: "game IDs",
        formats: TEXT_OR_JSON,
    },
    Prints {
        flag: "--estimate",
        what: "figures",
        formats: TEXT_OR_JSON,
    },
];

/// The row of [`PRINTS`] of `flag`.
fn prints(flag: &str) -> Prints {
    *PRINTS
        .iter()
        .find(|row| row.flag == flag)
        .expect("a row of the table")
}

/// The flags that shape a search, given or not: the runs that do not search refuse them.
fn search_flags(flags: &SolveFlags) -> impl Iterator<Item = (bool, &'static str)> {
    [
        (flags.all, "--all"),
        (flags.count, "--count"),
        (flags.limit.is_some(), "--limit"),
        (flags.node_limit.is_some(), "--node-limit"),
    ]
    .into_iter()
    .chain(one_problem_only(flags))
    .chain([
        (flags.memo_limit.is_some(), "--memo-limit"),
        (flags.order.is_some(), "--order"),
        (flags.propagate.is_some(), "--propagate"),
        (flags.tree.is_some(), "--tree"),
        (flags.threads > 1, "--threads"),
    ])
}

/// `-o` and `--max-input` given before a command that they do not act on (after its name
/// clap refuses them: see `OutputFlags`).
pub fn refuse_output(output: &super::Output, command: &Command) -> Result<()> {
    use super::{CompletionsArgs, ManArgs, OutputFlags, ServeArgs, Tool};
    let (writes, reads) = match command {
        Command::Tool(Tool::Serve(_)) => (ServeArgs::WRITES, ServeArgs::READS),
        Command::Tool(Tool::Man(_)) => (ManArgs::WRITES, ManArgs::READS),
        Command::Tool(Tool::Completions(_)) => (CompletionsArgs::WRITES, CompletionsArgs::READS),
        _ => (true, true),
    };
    let name = command.name();
    if output.output.is_some() && !writes {
        bail!("-o: dlx {name} writes no results to a file: drop -o");
    }
    if output.max_input.is_some() && !reads {
        bail!("--max-input: dlx {name} reads no input: drop --max-input");
    }
    Ok(())
}

/// Refuses `command` when its flags do not go together (see the module's documentation).
pub fn refuse(command: &Command) -> Result<()> {
    let Some(flags) = command.solve_flags() else {
        return Ok(());
    };
    let name = command.name();
    refuse_what_the_puzzle_cannot_do(command, name, flags)?;
    if let Some(run) = making(command) {
        for (given, flag) in search_flags(flags) {
            if given {
                bail!(
                    "{flag} shapes a search; {} does not search for solutions: drop {flag}",
                    run.flag
                );
            }
        }
        if flags.pretty {
            bail!(
                "--pretty draws a solved board; {} prints in the command's own format: drop \
                 --pretty",
                run.flag
            );
        }
        if run.flag == "--grade" && flags.timeout.is_some() {
            bail!("--grade runs until it has the grade: drop --timeout");
        }
        return refuse_format(run, flags.format);
    }
    if flags.format == Format::Dlx {
        if flags.count
            || flags.all
            || flags.limit.is_some()
            || flags.shard.is_some()
            || flags.split.is_some()
            || flags.within.is_some()
            || flags.given.is_some()
        {
            bail!(
                "--format dlx prints the exact-cover problem instead of solving it: it takes no \
                 --count, --all, --limit, --shard, --split, --within or --given (pipe it into \
                 `dlx solve` with those)"
            );
        }
        return Ok(());
    }
    if name == "solve" && flags.format == Format::Svg {
        bail!(
            "--format svg draws the boards of puzzle commands; `dlx solve` prints options (use \
             --format text or json)"
        );
    }
    if let Command::Puzzle { args, .. } = command {
        if let Some(run) = args.prints() {
            return refuse_format(run, flags.format);
        }
    }
    if flags.count {
        refuse_format(prints("--count"), flags.format)?;
    }
    if flags.seed.is_some() && flags.random.is_none() && flags.estimate.is_none() {
        bail!("--seed seeds --random and --estimate: give one of them");
    }
    if flags.estimate.is_some() {
        refuse_format(prints("--estimate"), flags.format)?;
    }
    if flags.format == Format::Zdd
        && (flags.all || flags.limit.is_some() || flags.random.is_some() || flags.split.is_some())
    {
        bail!(
            "--format zdd writes the diagram of all solutions: it takes no --all, --limit, \
             --random or --split"
        );
    }
    Ok(())
}

/// The run of a command that makes, grades or explains puzzles, if it is one.
fn making(command: &Command) -> Option<Prints> {
    let Command::Puzzle { args, .. } = command else {
        return None;
    };
    let make = args.make()?;
    let flag = if make.generate.is_some() {
        "--generate"
    } else if make.grade {
        "--grade"
    } else if make.hint {
        "--hint"
    } else if make.explain {
        "--explain"
    } else if make.id {
        "--id"
    } else {
        return None;
    };
    Some(prints(flag))
}

/// `--format`, unless `run` prints in it.
fn refuse_format(run: Prints, format: Format) -> Result<()> {
    if run.formats.contains(&format) {
        return Ok(());
    }
    let names: Vec<String> = run
        .formats
        .iter()
        .map(|format| {
            clap::ValueEnum::to_possible_value(format)
                .map_or_else(String::new, |value| value.get_name().to_owned())
        })
        .collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    bail!(
        "{} prints {}: use --format {} with it",
        run.flag,
        run.what,
        crate::words::or_list(&names)
    )
}

/// Game IDs, making, grading and hints, where the registry says the puzzle has none.
fn refuse_what_the_puzzle_cannot_do(
    command: &Command,
    name: &str,
    flags: &SolveFlags,
) -> Result<()> {
    use reductions::registry::{info_of, PuzzleInfo, PUZZLES};
    let info = info_of(name);
    let having = |has: fn(&PuzzleInfo) -> bool| -> String {
        let names: Vec<&str> = PUZZLES
            .iter()
            .filter(|info| has(info))
            .map(|info| info.name)
            .collect();
        crate::words::and_list(&names)
    };
    if flags.format == Format::Tatham && info.is_none_or(|info| info.tatham.is_none()) {
        bail!(
            "--format tatham: only {} have Tatham game IDs",
            having(|info| info.tatham.is_some())
        );
    }
    let Command::Puzzle { args, .. } = command else {
        return Ok(());
    };
    let (Some(make), Some(info)) = (args.make(), info) else {
        return Ok(());
    };
    if (make.hint || make.explain) && !info.hints {
        bail!(
            "--hint and --explain: {name}'s hints are not written yet ({} have them)",
            having(|info| info.hints)
        );
    }
    if make.generate.is_some() && !info.generates {
        bail!(
            "--generate: {name} makes no puzzles ({} do)",
            having(|info| info.generates)
        );
    }
    if make.id && info.tatham.is_none() {
        bail!(
            "--id: {name} has no Tatham game IDs ({} do)",
            having(|info| info.tatham.is_some())
        );
    }
    if make.grade && !info.grades {
        bail!(
            "--grade: {name} has no grades ({} do)",
            having(|info| info.grades)
        );
    }
    Ok(())
}

/// Refuses what a run over many puzzles cannot do.
pub fn refuse_for_lines(flags: &SolveFlags) -> Result<()> {
    let single = [
        (flags.all, "--all"),
        (
            flags.limit.is_some() && !flags.count,
            "--limit without --count",
        ),
        (flags.memo, "--memo"),
    ]
    .into_iter()
    .chain(one_problem_only(flags));
    if let Some((_, flag)) = single.into_iter().find(|(given, _)| *given) {
        bail!(
            "{flag} works on one puzzle, and this input has one puzzle per line: give one \
             puzzle, or use the first solution or --count of each"
        );
    }
    if !matches!(flags.format, Format::Text | Format::Json | Format::Tatham) {
        bail!("an input of one puzzle per line is answered a line per puzzle: use --format text, json or tatham");
    }
    Ok(())
}

/// Refuses what an input of several problems (`separator` between them) cannot do.
pub fn refuse_for_problems(flags: &SolveFlags, separator: &str) -> Result<()> {
    if let Some((_, flag)) = one_problem_only(flags)
        .into_iter()
        .find(|(given, _)| *given)
    {
        bail!("{flag} works on one problem, and this input has several (separated by `{separator}` lines)");
    }
    if !matches!(flags.format, Format::Text | Format::Json) {
        bail!("an input of several problems is solved in --format text or json");
    }
    Ok(())
}

/// The flags that work on one problem only, whether given: a shard, a split or a subtree of the
/// tree, givens, random draws, an estimate.
fn one_problem_only(flags: &SolveFlags) -> [(bool, &'static str); 6] {
    [
        (flags.shard.is_some(), "--shard"),
        (flags.split.is_some(), "--split"),
        (flags.within.is_some(), "--within"),
        (flags.given.is_some(), "--given"),
        (flags.random.is_some(), "--random"),
        (flags.estimate.is_some(), "--estimate"),
    ]
}

/// `--hint` and `--explain` take one puzzle (a game's `--grade` grades each line of a file
/// of many, before this is asked).
pub fn refuse_grade_of_lines(make: &MakeFlags) -> Result<()> {
    for (asked, flag, does) in [
        (make.grade, "--grade", "grades"),
        (make.hint, "--hint", "hints at"),
        (make.explain, "--explain", "explains"),
    ] {
        if asked {
            bail!(
                "{flag} {does} one puzzle, and this input has one puzzle per line: give one puzzle"
            );
        }
    }
    Ok(())
}
