//! The commonest lines of the commands that solve a file, read without building clap's
//! parser.
//!
//! Building the parser is most of a small run's start-up: `dlx solve` of a one-option problem
//! spent 0.12 of its 0.68 ms, and 22 of its 108 page faults, making `solve`'s forty flags with
//! their help texts before reading any (docs/engine.md, "Start-up"). So a line of `solve`,
//! of a game with the shared arguments (`sudoku`, `futoshiki`, `towers`, ...), `binairo`,
//! `calendar`, `queens` or `latin`, made only of the flags people put on a quick solve (a
//! file, a date or N, `--count`, `--all`, `--limit`, `--threads`, `--tree`, `--format`,
//! `--stats`, `--timeout`, `-o`, ...) is read here, into the very [`Cli`] clap would make;
//! anything else — another command or flag, a flag twice, a value that does not read, flags
//! that exclude each other, `--help` — gives `None`, and clap reads the line, with its
//! messages. The tests check, over many random lines, that every line read here reads the
//! same with clap.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::ValueEnum;

use super::puzzles::{LatinArgs, QueensArgs, COMMANDS};
use super::values::{positive, seconds, threads};
use super::{BinairoArgs, CalendarArgs, GameArgs, PuzzleCommand};
use super::{Cli, Command, Deferred, FileArgs, MakeFlags, Output, SolveArgs, SolveFlags, Tool};

/// The flags read here: the long name, the short one, and whether a value follows.
const FLAGS: [(&str, Option<char>, bool); 14] = [
    ("all", Some('a'), false),
    ("count", Some('c'), false),
    ("limit", Some('n'), true),
    ("node-limit", None, true),
    ("timeout", None, true),
    ("threads", Some('j'), true),
    ("propagate", None, true),
    ("tree", None, true),
    ("stats", None, false),
    ("format", Some('f'), true),
    ("plain", None, false),
    ("pretty", None, false),
    ("color", None, true),
    ("output", Some('o'), true),
];

/// The [`Cli`] of the command line `args` (the program's name first), or `None` when the
/// line is not one of those read here.
pub fn read(args: &[OsString]) -> Option<Cli> {
    let mut words = args.get(1..)?.iter();
    let command = words.next()?.to_str()?;
    // A game of the registry with only the shared arguments (sudoku, futoshiki, towers...),
    // looked up only for a command not named here.
    let named_here = matches!(
        command,
        "solve" | "binairo" | "calendar" | "queens" | "latin"
    );
    let game = (!named_here)
        .then(|| reductions::registry::info_of(command))
        .flatten()
        .filter(|info| info.generates && !COMMANDS.iter().any(|own| own.name == info.name));
    if game.is_none() && !named_here {
        return None;
    }
    // The file, the calendar's date, or the queens' N.
    let mut file: Option<&str> = None;
    let mut output = None;
    let mut flags = SolveFlags::defaults();
    let mut seen = [false; FLAGS.len()];
    while let Some(word) = words.next() {
        let word = word.to_str()?;
        if word.is_empty() {
            return None;
        }
        if word == "-" || !word.starts_with('-') {
            if file.replace(word).is_some() {
                return None;
            }
            continue;
        }
        let (flag, attached) = match word.strip_prefix("--") {
            Some(long) => {
                let (name, value) = match long.split_once('=') {
                    Some((name, value)) => (name, Some(value)),
                    None => (long, None),
                };
                (FLAGS.iter().position(|&(long, _, _)| long == name)?, value)
            }
            None => {
                let mut chars = word[1..].chars();
                let (letter, None) = (chars.next()?, chars.next()) else {
                    return None;
                };
                let flag = FLAGS
                    .iter()
                    .position(|&(_, short, _)| short == Some(letter))?;
                (flag, None)
            }
        };
        if std::mem::replace(&mut seen[flag], true) {
            return None;
        }
        let (name, _, takes_value) = FLAGS[flag];
        let value = match (takes_value, attached) {
            (false, None) => "",
            (false, Some(_)) => return None,
            (true, Some(value)) => value,
            (true, None) => match words.next()?.to_str()? {
                value if value.starts_with('-') && value != "-" => return None,
                value => value,
            },
        };
        if takes_value && value.is_empty() {
            return None;
        }
        match name {
            "all" => flags.all = true,
            "count" => flags.count = true,
            "limit" => flags.limit = Some(positive(value).ok()?),
            "node-limit" => flags.node_limit = Some(positive(value).ok()?),
            "timeout" => flags.timeout = Some(seconds(value).ok()?),
            "threads" => flags.threads = threads(value).ok()?,
            "propagate" => flags.propagate = Some(ValueEnum::from_str(value, false).ok()?),
            "tree" => flags.tree = Some(ValueEnum::from_str(value, false).ok()?),
            "stats" => flags.stats = true,
            "format" => flags.format = ValueEnum::from_str(value, false).ok()?,
            "plain" => flags.plain = true,
            "pretty" => flags.pretty = true,
            "color" => flags.color = ValueEnum::from_str(value, false).ok()?,
            _ => output = Some(PathBuf::from(value)),
        }
    }
    // The pairs clap refuses together, among the flags above.
    if flags.all && flags.count || flags.plain && flags.pretty {
        return None;
    }
    let puzzle = |file, flags| FileArgs {
        file,
        make: MakeFlags::defaults(),
        flags,
    };
    let positional = file;
    let file = file.map(PathBuf::from);
    let (name, args): (&'static str, PuzzleCommand) = match command {
        "solve" => {
            return Some(Cli {
                command: Command::Tool(Tool::Solve(Deferred(SolveArgs { file, flags }))),
                output: Output {
                    output,
                    max_input: None,
                },
            })
        }
        "calendar" => (
            "calendar",
            PuzzleCommand::Calendar(CalendarArgs {
                date: file.map(|date| date.to_string_lossy().into_owned()),
                all_dates: false,
                flags,
            }),
        ),
        "queens" => {
            let n = positional?;
            if !n.bytes().all(|byte| byte.is_ascii_digit()) {
                return None;
            }
            let n = n.parse().ok()?;
            ("queens", PuzzleCommand::Queens(QueensArgs { n, flags }))
        }
        "latin" => ("latin", PuzzleCommand::Latin(LatinArgs { file, flags })),
        "binairo" => (
            "binairo",
            PuzzleCommand::Binairo(BinairoArgs {
                file,
                make: MakeFlags::defaults(),
                repeats: false,
                encoding: None,
                flags,
            }),
        ),
        _ => {
            let name = game?.name;
            (
                name,
                PuzzleCommand::Game(GameArgs {
                    name,
                    puzzle: puzzle(file, flags),
                }),
            )
        }
    };
    let command = Command::Puzzle { name, args };
    Some(Cli {
        command,
        output: Output {
            output,
            max_input: None,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What clap makes of `line`, as text, or `None` for an error.
    fn by_clap(line: &[&str]) -> Option<String> {
        let args = line.iter().map(OsString::from).collect();
        super::super::parse_with_clap(args)
            .ok()
            .map(|cli| format!("{cli:?}"))
    }

    fn here(line: &[&str]) -> Option<String> {
        let args: Vec<OsString> = line.iter().map(OsString::from).collect();
        read(&args).map(|cli| format!("{cli:?}"))
    }

    #[test]
    fn the_commonest_lines_are_read_here_as_clap_reads_them() {
        for line in [
            &["dlx", "solve"][..],
            &["dlx", "solve", "p.dlx"],
            &["dlx", "solve", "-"],
            &["dlx", "solve", "p.dlx", "--count", "--threads", "1"],
            &["dlx", "solve", "--count", "p.dlx", "-j", "3", "--stats"],
            &[
                "dlx",
                "solve",
                "p.dlx",
                "--all",
                "--limit=10",
                "--tree",
                "sparse-sets",
            ],
            &[
                "dlx", "solve", "p.dlx", "-n", "2", "-f", "json", "-o", "out.txt",
            ],
            &[
                "dlx",
                "solve",
                "p.dlx",
                "--timeout",
                "1h30m",
                "--node-limit",
                "7",
            ],
            &[
                "dlx",
                "solve",
                "-o",
                "-",
                "--propagate=probing",
                "--color",
                "never",
            ],
            &["dlx", "solve", "p.dlx", "--pretty", "--format=dlx", "-c"],
            &["dlx", "sudoku", "p.txt", "--count"],
            &["dlx", "futoshiki", "-", "--tree", "bitsets", "-j", "1"],
            &["dlx", "binairo", "p.txt", "--plain", "--format", "tatham"],
            &["dlx", "calendar"],
            &["dlx", "calendar", "Aug 19", "--count"],
            &["dlx", "calendar", "--pretty", "tomorrow", "-f", "svg"],
            &["dlx", "queens", "8"],
            &["dlx", "queens", "--count", "12", "-j", "1"],
            &["dlx", "latin", "l.txt", "--all"],
            &["dlx", "towers", "t.txt", "--count"],
            &["dlx", "keen", "-", "--stats"],
            &["dlx", "dominosa", "d.txt"],
        ] {
            let ours = here(line);
            assert!(ours.is_some(), "{line:?} not read here");
            assert_eq!(ours, by_clap(line), "{line:?}");
        }
    }

    #[test]
    fn other_lines_are_left_to_clap() {
        for line in [
            &["dlx"][..],
            &["dlx", "queens"],
            &["dlx", "queens", "-8"],
            &["dlx", "queens", "+8"],
            &["dlx", "queens", "eight"],
            &["dlx", "queens", "8", "9"],
            &["dlx", "arrows", "--size", "4"],
            &["dlx", "pack", "p.txt"],
            &["dlx", "sudoku", "--generate", "9"],
            &["dlx", "sudoku", "p.txt", "--grade"],
            &["dlx", "binairo", "p.txt", "--encoding", "cells"],
            &["dlx", "calendar", "--all-dates"],
            &["dlx", "-o", "f", "solve"],
            &["dlx", "solve", "--help"],
            &["dlx", "solve", "-h"],
            &["dlx", "solve", "a", "b"],
            &["dlx", "solve", ""],
            &["dlx", "solve", "--count", "--count"],
            &["dlx", "solve", "--count", "--all"],
            &["dlx", "solve", "--plain", "--pretty"],
            &["dlx", "solve", "--count=yes"],
            &["dlx", "solve", "--threads"],
            &["dlx", "solve", "--threads", "-1"],
            &["dlx", "solve", "--threads="],
            &["dlx", "solve", "-j2"],
            &["dlx", "solve", "-cj", "2"],
            &["dlx", "solve", "--limit", "0"],
            &["dlx", "solve", "--tree", "Links"],
            &["dlx", "solve", "--memo", "--count"],
            &["dlx", "solve", "--", "p.dlx"],
            &["dlx", "solve", "--coun"],
        ] {
            assert_eq!(here(line), None, "{line:?}");
        }
    }

    #[test]
    fn every_line_of_two_words_read_here_reads_the_same_with_clap() {
        for command in COMMAND_NAMES {
            let mut read_here = 0;
            for first in WORDS {
                for second in WORDS {
                    let line = ["dlx", command, first, second];
                    if let Some(ours) = here(&line) {
                        assert_eq!(Some(ours), by_clap(&line), "{line:?}");
                        read_here += 1;
                    }
                }
            }
            // A reader that read nothing would pass the comparisons above. The queens' lines
            // need their N among the two words.
            let least = if *command == "queens" { 150 } else { 800 };
            assert!(
                read_here > least,
                "{command}: only {read_here} lines read here"
            );
        }
    }

    /// The commands read here: `solve`, every game with the shared arguments, and the
    /// puzzles whose own arguments are read here too.
    const COMMAND_NAMES: &[&str] = &[
        "solve",
        "sudoku",
        "futoshiki",
        "towers",
        "keen",
        "dominosa",
        "binairo",
        "calendar",
        "queens",
        "latin",
    ];

    /// The words of the random lines: every flag read here in each of its spellings, values
    /// good and bad for each, and words clap reads but this reader does not.
    const WORDS: &[&str] = &[
        "p.dlx",
        "q.dlx",
        "-",
        "--",
        "-a",
        "--all",
        "-c",
        "--count",
        "-n",
        "--limit",
        "--limit=3",
        "--node-limit",
        "--node-limit=0",
        "--timeout",
        "--timeout=0.5",
        "-j",
        "--threads",
        "--threads=2",
        "--propagate",
        "--propagate=forcing",
        "--tree",
        "--tree=bitsets",
        "--stats",
        "--stats=1",
        "-f",
        "--format",
        "--format=json",
        "--plain",
        "--pretty",
        "--color",
        "--color=always",
        "-o",
        "--output",
        "--output=-",
        "0",
        "1",
        "2",
        "9",
        "08",
        "1000",
        "99999999999999999999999",
        "-1",
        "x",
        "",
        "90s",
        "links",
        "sparse-sets",
        "bitsets",
        "none",
        "probing",
        "text",
        "json",
        "svg",
        "tatham",
        "auto",
        "never",
        "--memo",
        "--shard",
        "0/2",
        "-h",
        "--help",
        "-V",
        "-cj",
        "--counts",
        "-x",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        #[test]
        fn every_line_read_here_reads_the_same_with_clap(
            command in proptest::sample::select(COMMAND_NAMES),
            picks in proptest::collection::vec(0..WORDS.len(), 0..7)
        ) {
            let mut line = vec!["dlx", command];
            line.extend(picks.iter().map(|&k| WORDS[k]));
            if let Some(ours) = here(&line) {
                prop_assert_eq!(Some(ours), by_clap(&line), "{:?}", line);
            }
        }
    }
}
