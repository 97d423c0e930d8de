//! The `dlx` binary end to end: what users see on stdout and stderr, and the exit status.
//!
//! Every run is snapshotted (insta, in `tests/snapshots/integration__cli__*.snap`) as the
//! command line, the exit status, stdout and stderr, so that a change in any message shows up
//! in review. Every solution the binary prints is read back and checked to be an exact cover
//! with `dlx::verify`, independently of the snapshot. Bad inputs live in `tests/fixtures/cli/`.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};

use dlx::{OptionId, Problem};

// ---------------------------------------------------------------------------------------------
// Helpers

/// The repository root: the binary runs there, so file names in messages are relative.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A command to run the real binary, from the repository root, without colors.
fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dlx"));
    command
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        // Help wraps at the terminal's width, else COLUMNS, else 100: the snapshots' 100.
        .env_remove("COLUMNS")
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE");
    command
}

/// One finished run of the binary (also the form of `cli_errors`' runs and snapshots).
pub(crate) struct Run {
    /// The command line as a user would type it (for the snapshot).
    pub(crate) shown: String,
    pub(crate) status: Option<i32>,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

/// Runs `dlx ARGS` with an empty standard input.
pub(crate) fn dlx(args: &[&str]) -> Run {
    run(
        args,
        None,
        format!("dlx {}", args.join(" ")).trim_end().to_owned(),
    )
}

/// Runs `dlx ARGS` with the contents of a file (relative to the root) on standard input.
fn dlx_from_file(args: &[&str], file: &str) -> Run {
    let input = std::fs::read(root().join(file)).expect("the input file");
    run(
        args,
        Some(&input),
        format!("dlx {} < {file}", args.join(" ")),
    )
}

/// Runs `dlx ARGS` with these bytes on standard input.
fn dlx_from_bytes(args: &[&str], input: &[u8]) -> Run {
    let shown = format!("printf '{}' | dlx {}", input.escape_ascii(), args.join(" "));
    run(args, Some(input), shown)
}

fn run(args: &[&str], input: Option<&[u8]>, shown: String) -> Run {
    let mut child = command(args)
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dlx binary runs");
    if let Some(input) = input {
        // The binary reads all of its input before it writes anything, so this cannot block.
        let mut stdin = child.stdin.take().expect("a piped stdin");
        stdin.write_all(input).expect("writing stdin");
    }
    let output = child.wait_with_output().expect("the dlx binary finishes");
    let run = Run {
        shown,
        status: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    };
    assert!(
        !run.stderr.contains("panicked") && !run.stderr.contains("RUST_BACKTRACE"),
        "`{}` panicked:\n{}",
        run.shown,
        run.stderr
    );
    run
}

impl Run {
    /// What the snapshot holds: command, exit status, stdout, stderr.
    pub(crate) fn report(&self) -> String {
        fn section(text: &str) -> String {
            match text {
                "" => "(empty)\n".to_owned(),
                text if text.ends_with('\n') => text.to_owned(),
                text => format!("{text}\n(no newline at the end)\n"),
            }
        }
        let status = match self.status {
            Some(code) => code.to_string(),
            None => "killed by a signal".to_owned(),
        };
        format!(
            "$ {}\nexit status: {status}\n--- stdout\n{}--- stderr\n{}",
            self.shown,
            section(&self.stdout),
            section(&self.stderr)
        )
    }

    /// The report with the time of `--stats` (which varies) redacted: the `time:` line, or
    /// the `"time"` field of the JSON object.
    fn report_without_time(&self) -> String {
        let redacted: Vec<String> = self
            .report()
            .lines()
            .map(|line| match line.strip_prefix("time: ") {
                Some(_) => "time: [redacted]".to_owned(),
                None => match line.find("\"time\":") {
                    Some(at) => {
                        let rest = &line[at + 7..];
                        let end = rest.find([',', '}']).unwrap_or(rest.len());
                        format!("{}\"time\":\"[redacted]\"{}", &line[..at], &rest[end..])
                    }
                    None => line.to_owned(),
                },
            })
            .collect();
        redacted.join("\n") + "\n"
    }

    fn assert_status_in(&self, expected: &[i32]) -> &Self {
        assert!(
            self.status.is_some_and(|status| expected.contains(&status)),
            "exit status of `{}` not in {expected:?}\n{}",
            self.shown,
            self.report()
        );
        self
    }

    pub(crate) fn assert_status(&self, expected: i32) -> &Self {
        assert_eq!(
            self.status,
            Some(expected),
            "exit status of `{}`\n{}",
            self.shown,
            self.report()
        );
        self
    }
}

/// A problem file (relative to the root), parsed by the library.
fn problem(file: &str) -> Problem {
    let text = std::fs::read_to_string(root().join(file)).expect("the problem file");
    Problem::from_dlx(&text).unwrap_or_else(|err| panic!("{file}:{err}"))
}

/// Checks that `stdout` (text format: option lines, a blank line between solutions) holds
/// distinct exact covers of `problem`; returns how many.
fn check_text_solutions(problem: &Problem, stdout: &str) -> usize {
    if stdout.is_empty() {
        return 0;
    }
    let mut by_text: HashMap<String, Vec<OptionId>> = HashMap::new();
    for option in problem.options() {
        by_text
            .entry(problem.option_text(option))
            .or_default()
            .push(option);
    }
    let body = stdout
        .strip_suffix('\n')
        .expect("stdout ends with a newline");
    let mut seen = HashSet::new();
    let mut count = 0;
    for block in body.split("\n\n") {
        assert!(!block.is_empty(), "an empty solution in:\n{stdout}");
        let mut chosen: Vec<OptionId> = Vec::new();
        for line in block.lines() {
            let candidates = by_text
                .get(line)
                .unwrap_or_else(|| panic!("'{line}' is not an option of the problem"));
            // Two options may have the same text; take one not chosen yet.
            let option = candidates
                .iter()
                .copied()
                .find(|option| !chosen.contains(option))
                .unwrap_or_else(|| panic!("'{line}' printed more often than the problem has it"));
            chosen.push(option);
        }
        dlx::verify(problem, &chosen)
            .unwrap_or_else(|err| panic!("not an exact cover ({err}):\n{block}"));
        chosen.sort_unstable();
        assert!(seen.insert(chosen), "a solution printed twice:\n{block}");
        count += 1;
    }
    count
}

/// Checks that `stdout` (JSON Lines) holds distinct exact covers of `problem`, numbered from
/// 1, their option texts matching their option ids; returns how many.
fn check_json_solutions(problem: &Problem, stdout: &str) -> usize {
    let mut seen = HashSet::new();
    let mut count = 0;
    for (k, line) in stdout.lines().enumerate() {
        let value: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|err| panic!("not JSON ({err}): {line}"));
        assert_eq!(value["solution"], k + 1, "numbering in {line}");
        let ids: Vec<OptionId> = value["option_ids"]
            .as_array()
            .expect("option_ids is an array")
            .iter()
            .map(|id| OptionId::new(id.as_u64().expect("an option id") as usize))
            .collect();
        let texts = value["options"].as_array().expect("options is an array");
        assert_eq!(texts.len(), ids.len(), "{line}");
        for (&id, text) in ids.iter().zip(texts) {
            assert!(id.index() < problem.option_count(), "{line}");
            assert_eq!(text.as_str(), Some(problem.option_text(id).as_str()));
        }
        dlx::verify(problem, &ids)
            .unwrap_or_else(|err| panic!("not an exact cover ({err}): {line}"));
        let mut canonical = ids.clone();
        canonical.sort_unstable();
        assert!(seen.insert(canonical), "a solution printed twice: {line}");
        count += 1;
    }
    count
}

const X_EXAMPLE: &str = "tests/corpus/tiny/x-knuth-example.dlx";
const C_EXAMPLE: &str = "tests/corpus/tiny/c-knuth-example.dlx";
const QUEENS8: &str = "tests/corpus/queens8.dlx";
const NO_SOLUTION: &str = "tests/fixtures/cli/no-solution.dlx";

// ---------------------------------------------------------------------------------------------
// Solving

#[test]
fn first_solution() {
    let run = dlx(&["solve", X_EXAMPLE]);
    run.assert_status(0);
    assert_eq!(check_text_solutions(&problem(X_EXAMPLE), &run.stdout), 1);
    insta::assert_snapshot!("x_first", run.report());
}

#[test]
fn all_solutions() {
    let run = dlx(&["solve", X_EXAMPLE, "--all"]);
    run.assert_status(0);
    assert_eq!(check_text_solutions(&problem(X_EXAMPLE), &run.stdout), 1);
    insta::assert_snapshot!("x_all", run.report());
}

#[test]
fn count() {
    let run = dlx(&["solve", X_EXAMPLE, "--count"]);
    run.assert_status(0);
    assert_eq!(run.stdout, "1\n");
    insta::assert_snapshot!("x_count", run.report());
}

#[test]
fn stats_on_stderr() {
    let run = dlx(&["solve", X_EXAMPLE, "--stats"]);
    run.assert_status(0);
    assert_eq!(check_text_solutions(&problem(X_EXAMPLE), &run.stdout), 1);
    // Node and update counts are plain integers, one `name: value` per line.
    for name in ["nodes", "updates", "solutions", "max level"] {
        let value = run
            .stderr
            .lines()
            .find_map(|line| line.strip_prefix(&format!("{name}: ")))
            .unwrap_or_else(|| panic!("no '{name}:' line in:\n{}", run.stderr));
        assert!(value.parse::<u64>().is_ok(), "{name}: {value}");
    }
    insta::assert_snapshot!("x_stats", run.report_without_time());
}

#[test]
fn count_with_stats() {
    // By default the bit sets, which fit; `--tree links` counts Knuth's nodes and updates.
    let run = dlx(&["solve", QUEENS8, "--count", "--stats"]);
    run.assert_status(0);
    assert_eq!(run.stdout, "92\n");
    insta::assert_snapshot!("queens8_count_stats", run.report_without_time());
    let links = dlx(&["solve", QUEENS8, "--count", "--stats", "--tree", "links"]);
    links.assert_status(0);
    assert_eq!(links.stdout, "92\n");
    insta::assert_snapshot!("queens8_count_stats_links", links.report_without_time());
}

/// The calendar and pack walk the bit sets by default, and say so under `--stats`; `--tree
/// sparse-sets` walks the same tree (the same nodes), `--tree links` Knuth's, with the same
/// counts.
#[test]
fn tilings_of_pieces_used_once_walk_the_bit_sets() {
    for args in [
        &["calendar", "8-19", "--count", "--stats"][..],
        &[
            "pack",
            "tests/fixtures/puzzles/pack-board.txt",
            "tests/fixtures/puzzles/pack-pieces.txt",
            "--count",
            "--stats",
        ],
    ] {
        let bits = dlx(args);
        bits.assert_status(0);
        assert!(
            bits.stderr.starts_with("tree: bitsets\n"),
            "{}",
            bits.stderr
        );
        let sparse = dlx(&[args, &["--tree", "sparse-sets"]].concat());
        sparse.assert_status(0);
        let nodes = |stderr: &str| {
            let line = stderr.lines().find(|line| line.starts_with("nodes: "));
            line.expect("a node count").to_owned()
        };
        assert_eq!(nodes(&bits.stderr), nodes(&sparse.stderr), "{args:?}");
        let links = dlx(&[args, &["--tree", "links"]].concat());
        links.assert_status(0);
        assert!(
            links.stderr.starts_with("tree: links\n"),
            "{}",
            links.stderr
        );
        assert_eq!(bits.stdout, links.stdout, "{args:?}");
        assert_eq!(sparse.stdout, links.stdout, "{args:?}");
    }
}

/// `dlx solve` walks the bit sets where they fit and the links elsewhere (`--tree auto`),
/// and `--stats` names the tree it walked: bounds included, a problem too large for the bit
/// sets, and reasoning at every node, which only the links do.
#[test]
fn solve_chooses_its_tree() {
    let stats_tree = |run: &Run| {
        run.assert_status(0);
        let line = run.stderr.lines().next().unwrap_or_default().to_owned();
        line.strip_prefix("tree: ").unwrap_or(&line).to_owned()
    };
    for (file, count) in [
        (QUEENS8, "92\n"),
        ("tests/corpus/random/mcc-s1.dlx", "10811\n"),
    ] {
        let default = dlx(&["solve", file, "--count", "--stats"]);
        assert_eq!(
            (default.stdout.as_str(), &*stats_tree(&default)),
            (count, "bitsets")
        );
        let auto = dlx(&["solve", file, "--count", "--stats", "--tree", "auto"]);
        // The same output and statistics, below the command line each report starts with.
        let below_command = |run: &Run| {
            let report = run.report_without_time();
            report.split_once('\n').map(|(_, rest)| rest.to_owned())
        };
        assert_eq!(below_command(&auto), below_command(&default));
        let forcing = dlx(&[
            "solve",
            file,
            "--count",
            "--stats",
            "--propagate",
            "forcing",
        ]);
        assert_eq!(
            (forcing.stdout.as_str(), &*stats_tree(&forcing)),
            (count, "links")
        );
    }
    // 200 primary items of 64 options each: 200 items times 200 words of options a scan
    // is more than the bit sets read at a node.
    let mut large = (0..200).map(|item| format!("p{item} ")).collect::<String>();
    large.push('\n');
    for option in 0..200 * 64 {
        large.push_str(&format!("p{}\n", option % 200));
    }
    let first = dlx_from_bytes(&["solve", "--stats"], large.as_bytes());
    assert_eq!(stats_tree(&first), "links");
    assert_eq!(first.stdout.lines().count(), 200);
    let bits = dlx_from_bytes(&["solve", "--stats", "--tree", "bitsets"], large.as_bytes());
    assert_eq!(stats_tree(&bits), "sparse-sets");
    assert_eq!(bits.stdout.lines().count(), 200);
}

/// Tilings with unlimited pieces enumerate on the bit sets where they fit (`auto`), with the
/// links' count.
#[test]
fn tilings_enumerate_on_the_bit_sets() {
    let args = [
        "tromino",
        "--size",
        "8",
        "--missing",
        "0,0",
        "--count",
        "--no-memo",
        "--stats",
    ];
    let auto = dlx(&args);
    auto.assert_status(0);
    assert!(
        auto.stderr.starts_with("tree: bitsets\n"),
        "{}",
        auto.stderr
    );
    let links = dlx(&[&args[..], &["--tree", "links"]].concat());
    links.assert_status(0);
    assert!(
        links.stderr.starts_with("tree: links\n"),
        "{}",
        links.stderr
    );
    assert_eq!(
        (auto.stdout.as_str(), links.stdout.as_str()),
        ("30355\n", "30355\n")
    );
}

/// `--tree bitsets`: the same solutions (each checked) and count, its own update count named
/// on stderr, bounds of any kind (Algorithm M's problems), and the sparse sets' refusal of
/// reasoning at every node.
#[test]
fn bit_set_tree() {
    let mcc = "tests/corpus/random/mcc-s1.dlx";
    let counted = dlx(&["solve", mcc, "--count", "--stats", "--tree", "bitsets"]);
    counted.assert_status(0);
    assert_eq!(counted.stdout, "10811\n");
    assert!(
        counted.stderr.starts_with("tree: bitsets\n"),
        "{}",
        counted.stderr
    );
    let all = dlx(&["solve", mcc, "--all", "--tree", "bitsets"]);
    all.assert_status(0);
    assert_eq!(check_text_solutions(&problem(mcc), &all.stdout), 10811);
    for file in [QUEENS8, "tests/corpus/queens8-pd.dlx"] {
        let all = dlx(&["solve", file, "--all", "--tree", "bitsets"]);
        all.assert_status(0);
        assert_eq!(
            check_text_solutions(&problem(file), &all.stdout),
            92,
            "{file}"
        );
    }
    let counted = dlx(&[
        "solve",
        QUEENS8,
        "--count",
        "--stats",
        "--tree",
        "bitsets",
        "--threads",
        "2",
    ]);
    counted.assert_status(0);
    insta::assert_snapshot!("queens8_bit_sets_stats", counted.report_without_time());
    let refused = dlx(&[
        "sudoku",
        "tests/fixtures/puzzles/sudoku-4x4.txt",
        "--propagate",
        "forcing",
        "--tree",
        "bitsets",
    ]);
    refused.assert_status(2);
    assert!(
        refused.stderr.contains("--tree bitsets reasons at no node"),
        "{}",
        refused.stderr
    );
}

/// `--tree sparse-sets`: the same solutions (each checked) and count, its own node count
/// named on stderr, and a clear refusal where the sparse sets cannot search.
#[test]
fn sparse_set_tree() {
    let all = dlx(&["solve", QUEENS8, "--all", "--tree", "sparse-sets"]);
    all.assert_status(0);
    assert_eq!(check_text_solutions(&problem(QUEENS8), &all.stdout), 92);
    let counted = dlx(&[
        "solve",
        QUEENS8,
        "--count",
        "--stats",
        "--tree",
        "sparse-sets",
        "--threads",
        "2",
    ]);
    counted.assert_status(0);
    assert_eq!(counted.stdout, "92\n");
    insta::assert_snapshot!("queens8_sparse_sets_stats", counted.report_without_time());
    let bounded = dlx(&[
        "solve",
        "tests/corpus/queens8-pd.dlx",
        "--count",
        "--tree",
        "sparse-sets",
    ]);
    bounded.assert_status(2);
    assert!(
        bounded.stderr.contains("only the links search"),
        "{}",
        bounded.stderr
    );
    let reasoning = dlx(&[
        "sudoku",
        "tests/fixtures/puzzles/sudoku-4x4.txt",
        "--tree",
        "sparse-sets",
        "--propagate",
        "forcing",
    ]);
    reasoning.assert_status(2);
    assert!(
        reasoning.stderr.contains("reasons at no node"),
        "{}",
        reasoning.stderr
    );
}

#[test]
fn json_lines() {
    let run = dlx(&["solve", X_EXAMPLE, "--format", "json"]);
    run.assert_status(0);
    assert_eq!(check_json_solutions(&problem(X_EXAMPLE), &run.stdout), 1);
    insta::assert_snapshot!("x_json", run.report());
}

/// `-o FILE` writes what stdout would show into FILE (emptied first), for solving, counting,
/// making puzzles and completions alike; notes stay on stderr; a file that cannot be created
/// is an error with exit status 2.
#[test]
fn output_goes_to_the_file_of_dash_o() {
    let dir = std::env::temp_dir().join(format!("dlx-cli-output-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("out.txt");
    let path = file.to_str().unwrap();
    for args in [
        vec!["queens", "6", "--all"],
        vec![
            "solve",
            "tests/corpus/queens8.dlx",
            "--count",
            "--format",
            "json",
        ],
        vec!["sudoku", "--generate", "9", "--seed", "3"],
        vec!["queens", "8", "--all", "--threads", "2", "--limit", "5"],
        vec!["completions", "bash"],
    ] {
        std::fs::write(&file, "old text, to be replaced").unwrap();
        let plain = dlx(&args);
        let mut with_o = args.clone();
        with_o.extend(["-o", path]);
        let written = dlx(&with_o);
        assert_eq!(written.status, plain.status, "{args:?}");
        assert_eq!(written.stdout, "", "{args:?}");
        let in_file = std::fs::read_to_string(&file).unwrap();
        if args.contains(&"--threads") {
            // Several threads print in the order found: compare the solutions as a set.
            let mut a: Vec<&str> = in_file.split("\n\n").collect();
            let mut b: Vec<&str> = plain.stdout.split("\n\n").collect();
            a.sort();
            b.sort();
            assert_eq!(a.len(), 5);
            assert_eq!(a.len(), b.len(), "{args:?}");
        } else {
            assert_eq!(in_file, plain.stdout, "{args:?}");
        }
    }
    let dash = dlx(&["queens", "8", "--count", "-o", "-"]);
    assert_eq!(dash.stdout, "92\n");
    // Before the subcommand too (`dlx man` included); after it wins.
    let before = dir.join("before.txt");
    let after = dir.join("after.txt");
    let (before_path, after_path) = (before.to_str().unwrap(), after.to_str().unwrap());
    dlx(&["-o", before_path, "queens", "8", "--count"]).assert_status(0);
    assert_eq!(std::fs::read_to_string(&before).unwrap(), "92\n");
    std::fs::remove_file(&before).unwrap();
    let both = dlx(&[
        "-o",
        before_path,
        "queens",
        "6",
        "--count",
        "-o",
        after_path,
    ]);
    both.assert_status(0);
    assert_eq!(both.stdout, "");
    assert_eq!(std::fs::read_to_string(&after).unwrap(), "4\n");
    assert!(!before.exists());
    let man = dlx(&["man", "-o", after_path]);
    man.assert_status(0);
    assert_eq!(man.stdout, "");
    assert!(std::fs::read_to_string(&after).unwrap().starts_with(".ie"));
    let missing = dir.join("no/such/dir/out.txt");
    let refused = dlx(&["queens", "8", "-o", missing.to_str().unwrap()]);
    refused.assert_status_in(&[2]);
    assert!(
        refused.stderr.contains("cannot create"),
        "{}",
        refused.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A search whose tables the process cannot have is refused before any is built, with exit
/// status 2 and the size, instead of the allocator's abort (exit 134) halfway: 2 million
/// options on 16 threads need 17 tables of 64 MB (9 on a one-core machine, which allows 8
/// threads), under a 200 MB address-space limit. The same problem on one thread fits.
#[test]
fn tables_too_large_for_the_process_are_refused() {
    let dir = std::env::temp_dir().join(format!("dlx-cli-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wide.dlx");
    let mut text: String = (0..1000).map(|k| format!("i{k} ")).collect();
    text.push('\n');
    for k in 0..2_000_000 {
        text.push_str(&format!("i{}\n", k % 1000));
    }
    std::fs::write(&file, text).unwrap();
    let binary = env!("CARGO_BIN_EXE_dlx");
    let bounded = |threads: &str| {
        let script = format!(
            "ulimit -v 200000 && exec {binary} solve {} --count --node-limit 1000 -j {threads}",
            file.display()
        );
        std::process::Command::new("sh")
            .args(["-c", &script])
            .output()
            .unwrap()
    };
    let wide = bounded("16");
    let stderr = String::from_utf8_lossy(&wide.stderr);
    assert_eq!(wide.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("not enough memory: the search's tables need ")
            && stderr.contains("try --threads 1"),
        "{stderr}"
    );
    let narrow = bounded("1");
    assert_eq!(
        narrow.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&narrow.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--format json` streams a board as it writes it: a tiling of 2048 x 2048 (4 million cells,
/// 30 MB of JSON) fits in 120 MB of data segment, as its plain text does. Building it as JSON
/// values first took ten times that and aborted there.
#[test]
fn json_boards_are_streamed() {
    let binary = env!("CARGO_BIN_EXE_dlx");
    let args = "tromino --size 2048 --missing 0,0 --method divide";
    let bounded = |format: &str| {
        let script = format!("ulimit -d 120000 && exec {binary} {args} --format {format}");
        let out = std::process::Command::new("sh")
            .args(["-c", &script])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{format}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    let json: serde_json::Value = serde_json::from_slice(&bounded("json")).unwrap();
    let text = String::from_utf8(bounded("text")).unwrap();
    let tiles = json["tiles"].as_array().unwrap();
    assert_eq!(tiles.len(), 2048);
    for (row, line) in tiles.iter().zip(text.lines()) {
        let numbers: Vec<u64> = line.split(' ').map(|n| n.parse().unwrap()).collect();
        let from_json: Vec<u64> = row
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .collect();
        assert_eq!(from_json, numbers);
    }
    assert_eq!(json["tile_count"], (2048 * 2048 - 1) / 3);
}

#[test]
fn json_count() {
    let run = dlx(&["solve", X_EXAMPLE, "--count", "--format", "json"]);
    run.assert_status(0);
    let value: serde_json::Value = serde_json::from_str(run.stdout.trim_end()).unwrap();
    assert_eq!(value, serde_json::json!({"count": 1, "complete": true}));
    insta::assert_snapshot!("x_count_json", run.report());
}

#[test]
fn colors_with_a_warning() {
    let run = dlx(&["solve", C_EXAMPLE]);
    run.assert_status(0);
    assert_eq!(check_text_solutions(&problem(C_EXAMPLE), &run.stdout), 1);
    assert!(run.stderr.contains(&format!("{C_EXAMPLE}:5:")));
    insta::assert_snapshot!("c_first", run.report());
}

#[test]
fn colors_all_as_json() {
    // The option skipped with a warning is not numbered: ids still match `verify`'s.
    let run = dlx(&["solve", C_EXAMPLE, "--all", "--format", "json"]);
    run.assert_status(0);
    assert_eq!(check_json_solutions(&problem(C_EXAMPLE), &run.stdout), 1);
    insta::assert_snapshot!("c_all_json", run.report());
}

#[test]
fn every_queens_solution_is_an_exact_cover() {
    let queens = problem(QUEENS8);
    let run = dlx(&["solve", QUEENS8, "--all"]);
    run.assert_status(0);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    assert_eq!(check_text_solutions(&queens, &run.stdout), 92);

    let run = dlx(&["solve", QUEENS8, "--all", "--format", "json"]);
    run.assert_status(0);
    assert_eq!(check_json_solutions(&queens, &run.stdout), 92);

    let run = dlx(&["solve", QUEENS8, "--count"]);
    run.assert_status(0);
    assert_eq!(run.stdout, "92\n");
}

#[test]
fn stdin_dash_and_no_file() {
    let from_file = dlx(&["solve", X_EXAMPLE, "--all"]);
    let dash = dlx_from_file(&["solve", "-", "--all"], X_EXAMPLE);
    let none = dlx_from_file(&["solve", "--all"], X_EXAMPLE);
    for run in [&dash, &none] {
        run.assert_status(0);
        assert_eq!(run.stdout, from_file.stdout);
        assert_eq!(check_text_solutions(&problem(X_EXAMPLE), &run.stdout), 1);
    }
    insta::assert_snapshot!("stdin_dash", dash.report());
    insta::assert_snapshot!("stdin_none", none.report());
}

#[test]
fn stdin_warnings_and_errors_name_stdin() {
    let run = dlx_from_file(&["solve"], C_EXAMPLE);
    run.assert_status(0);
    assert_eq!(check_text_solutions(&problem(C_EXAMPLE), &run.stdout), 1);
    insta::assert_snapshot!("stdin_warning", run.report());

    let run = dlx_from_file(&["solve", "-"], "tests/fixtures/cli/unknown-item.dlx");
    run.assert_status(2);
    assert!(run.stderr.contains("<stdin>:4:3: unknown item 'Y'"));
    insta::assert_snapshot!("stdin_error", run.report());

    let run = dlx_from_bytes(&["solve"], b"A B\nA\n\xff\n");
    run.assert_status(2);
    insta::assert_snapshot!("stdin_not_utf8", run.report());
}

#[test]
fn windows_line_ends_and_byte_order_mark() {
    let run = dlx_from_bytes(
        &["solve", "--all"],
        b"\xEF\xBB\xBFA B | C\r\nA C\r\nB C\r\nA B\r\n",
    );
    run.assert_status(0);
    assert_eq!(run.stdout, "A B\n");
    // Columns count from after the (invisible) byte-order mark.
    let run = dlx_from_bytes(&["solve"], b"\xEF\xBB\xBFA B A\r\nA B\r\n");
    run.assert_status(2);
    assert!(
        run.stderr.contains("<stdin>:1:5: item name 'A'"),
        "{}",
        run.stderr
    );
}

#[test]
fn no_solution() {
    let run = dlx(&["solve", NO_SOLUTION]);
    run.assert_status(1);
    assert!(run.stdout.is_empty());
    insta::assert_snapshot!("no_solution", run.report());

    let run = dlx(&["solve", NO_SOLUTION, "--all"]);
    run.assert_status(1);
    assert!(run.stdout.is_empty());
    insta::assert_snapshot!("no_solution_all", run.report());

    let run = dlx(&["solve", NO_SOLUTION, "--count"]);
    run.assert_status(1);
    assert_eq!(run.stdout, "0\n");
    insta::assert_snapshot!("no_solution_count", run.report());

    let run = dlx(&["solve", NO_SOLUTION, "--count", "--format", "json"]);
    run.assert_status(1);
    insta::assert_snapshot!("no_solution_count_json", run.report());
}

#[test]
fn limit() {
    let queens = problem(QUEENS8);
    // --limit alone prints at most N solutions, as --all --limit does.
    let alone = dlx(&["solve", QUEENS8, "--limit", "2"]);
    alone.assert_status(0);
    assert_eq!(check_text_solutions(&queens, &alone.stdout), 2);
    insta::assert_snapshot!("limit", alone.report());

    let with_all = dlx(&["solve", QUEENS8, "--all", "--limit", "2"]);
    with_all.assert_status(0);
    assert_eq!(with_all.stdout, alone.stdout);
    assert!(with_all.stderr.is_empty());

    // The first solution printed by --limit is the default's.
    let first = dlx(&["solve", QUEENS8]);
    assert!(alone.stdout.starts_with(&first.stdout));

    // A limit above the number of solutions is no limit.
    let run = dlx(&["solve", QUEENS8, "--limit", "1000"]);
    run.assert_status(0);
    assert_eq!(check_text_solutions(&queens, &run.stdout), 92);
    assert!(run.stderr.is_empty());

    let run = dlx(&["solve", QUEENS8, "--count", "--limit", "10"]);
    run.assert_status(0);
    assert_eq!(run.stdout, "10\n");
    insta::assert_snapshot!("limit_count", run.report());

    let run = dlx(&[
        "solve", QUEENS8, "--count", "--limit", "10", "--format", "json",
    ]);
    run.assert_status(0);
    assert_eq!(
        run.stdout,
        "{\"count\":10,\"complete\":false,\"stopped\":\"the solution limit was reached\"}\n"
    );
}

#[test]
fn node_limit() {
    let run = dlx(&["solve", QUEENS8, "--node-limit", "5"]);
    run.assert_status(1);
    assert!(run.stdout.is_empty());
    insta::assert_snapshot!("node_limit_first", run.report());

    let run = dlx(&[
        "solve",
        QUEENS8,
        "--count",
        "--node-limit",
        "100",
        "--threads",
        "1",
    ]);
    run.assert_status(0);
    insta::assert_snapshot!("node_limit_count", run.report());
}

#[test]
fn broken_pipe_ends_quietly() {
    // Like `dlx solve queens12.dlx --all --stats | head -1`: megabytes of solutions, the
    // reader gone after one line. With --stats, a search that ran to the end would write
    // statistics on stderr; an empty stderr shows the write failed and the binary stopped.
    for format in ["text", "json"] {
        let args = [
            "solve",
            "tests/corpus/queens12.dlx",
            "--all",
            "--stats",
            "--format",
            format,
        ];
        let mut child = command(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the dlx binary runs");
        let mut stdout = BufReader::new(child.stdout.take().expect("a piped stdout"));
        let mut line = String::new();
        stdout.read_line(&mut line).expect("one line");
        assert!(!line.is_empty());
        drop(stdout);
        let output = child.wait_with_output().expect("the dlx binary finishes");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "--format {format}: {stderr}");
        assert!(stderr.is_empty(), "--format {format}: {stderr}");
    }
}

/// A write error other than a closed pipe (here a full disk) is an error like any other.
#[cfg(target_os = "linux")]
#[test]
fn full_disk_is_an_error() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // no /dev/full in this sandbox: nothing to check
    };
    let output = command(&["solve", QUEENS8, "--all"])
        .stdin(Stdio::null())
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .expect("the dlx binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("dlx: error: <stdout>: cannot write the output: "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

// ---------------------------------------------------------------------------------------------
// Bad input: exit status 2, one message naming file:line:column, what was expected and found

/// Runs `dlx solve FILE`; expects exit status 2, nothing on stdout, one `dlx: error:` line.
fn bad_input(name: &str, file: &str, location: &str) {
    let run = dlx(&["solve", file]);
    run.assert_status(2);
    assert!(run.stdout.is_empty(), "{}", run.report());
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.report());
    assert!(
        run.stderr
            .starts_with(&format!("dlx: error: {file}{location}")),
        "{}",
        run.report()
    );
    insta::assert_snapshot!(name, run.report());
}

#[test]
fn missing_file() {
    bad_input(
        "error_missing_file",
        "tests/fixtures/cli/no-such-file.dlx",
        "",
    );
}

#[test]
fn empty_file() {
    bad_input("error_empty", "tests/fixtures/cli/empty.dlx", ":1:1: ");
    bad_input(
        "error_only_comments",
        "tests/fixtures/cli/only-comments.dlx",
        ":5:1: ",
    );
}

#[test]
fn unknown_item() {
    bad_input(
        "error_unknown_item",
        "tests/fixtures/cli/unknown-item.dlx",
        ":4:3: ",
    );
}

#[test]
fn color_on_primary() {
    bad_input(
        "error_color_on_primary",
        "tests/fixtures/cli/color-on-primary.dlx",
        ":4:1: ",
    );
}

#[test]
fn item_twice_in_an_option() {
    bad_input(
        "error_repeated_item",
        "tests/fixtures/cli/repeated-item.dlx",
        ":4:6: ",
    );
}

#[test]
fn duplicate_item_name() {
    bad_input(
        "error_duplicate_name",
        "tests/fixtures/cli/duplicate-name.dlx",
        ":2:7: ",
    );
}

#[test]
fn separator_twice() {
    bad_input(
        "error_two_bars",
        "tests/fixtures/cli/two-bars.dlx",
        ":2:9: ",
    );
}

#[test]
fn not_utf8() {
    bad_input(
        "error_not_utf8",
        "tests/fixtures/cli/not-utf8.dlx",
        ":4:4: ",
    );
}

#[test]
fn bad_bounds() {
    // Bounds with u > v.
    bad_input(
        "error_bad_bounds",
        "tests/fixtures/cli/bad-bounds.dlx",
        ":2:1: ",
    );
}

// ---------------------------------------------------------------------------------------------
// Bad arguments: clap's usage errors, exit status 2

#[test]
fn bad_arguments() {
    let cases: [(&str, &[&str]); 10] = [
        ("args_none", &[]),
        ("args_unknown_command", &["frobnicate"]),
        ("args_unknown_flag", &["solve", X_EXAMPLE, "--bogus"]),
        (
            "args_all_and_count",
            &["solve", X_EXAMPLE, "--all", "--count"],
        ),
        ("args_limit_zero", &["solve", X_EXAMPLE, "--limit", "0"]),
        (
            "args_limit_not_a_number",
            &["solve", X_EXAMPLE, "--limit", "many"],
        ),
        ("args_limit_missing", &["solve", X_EXAMPLE, "--limit"]),
        (
            "args_node_limit_zero",
            &["solve", X_EXAMPLE, "--node-limit", "0"],
        ),
        ("args_bad_format", &["solve", X_EXAMPLE, "--format", "xml"]),
        ("args_two_files", &["solve", X_EXAMPLE, C_EXAMPLE]),
    ];
    for (name, args) in cases {
        let run = dlx(args);
        run.assert_status(2);
        assert!(run.stdout.is_empty(), "{}", run.report());
        assert!(!run.stderr.is_empty(), "{}", run.report());
        insta::assert_snapshot!(name, run.report());
    }
}

#[test]
fn help_and_version() {
    let run = dlx(&["solve", "--help"]);
    run.assert_status(0);
    assert!(run.stderr.is_empty());
    insta::assert_snapshot!("help_solve", run.report());

    let run = dlx(&["--help"]);
    run.assert_status(0);
    insta::assert_snapshot!("help", run.report());

    let run = dlx(&["--version"]);
    run.assert_status(0);
    assert_eq!(run.stdout, format!("dlx {}\n", env!("CARGO_PKG_VERSION")));
}

// ---------------------------------------------------------------------------------------------
// The README's library example, compiled and run here so that it cannot rot

mod readme_example {
    include!("fixtures/cli/readme_example.rs");

    #[test]
    fn runs() {
        main().expect("the README example runs");
    }
}

#[test]
fn readme_shows_the_tested_example() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let example = std::fs::read_to_string(root().join("tests/fixtures/cli/readme_example.rs"))
        .expect("the example");
    assert!(
        readme.contains(&format!("```rust\n{example}```\n")),
        "README.md must show tests/fixtures/cli/readme_example.rs verbatim in a ```rust block"
    );
}

// ---------------------------------------------------------------------------------------------
// Threads, shards and `dlx merge`

/// `--threads 1` prints the solutions in the search's order, every time; more threads print
/// the same set.
#[test]
fn threads_print_the_same_solutions() {
    let queens = problem(QUEENS8);
    let one = dlx(&["solve", QUEENS8, "--all", "--threads", "1"]);
    assert_eq!(
        one.stdout,
        dlx(&["solve", QUEENS8, "--all", "--threads", "1"]).stdout
    );
    let mut sequential: Vec<&str> = one.stdout.split("\n\n").collect();
    for threads in ["2", "3", "8"] {
        let run = dlx(&["solve", QUEENS8, "--all", "--threads", threads]);
        run.assert_status(0);
        assert_eq!(check_text_solutions(&queens, &run.stdout), 92);
        let mut parallel: Vec<&str> = run.stdout.split("\n\n").map(str::trim_end).collect();
        parallel.sort_unstable();
        sequential = sequential.into_iter().map(str::trim_end).collect();
        sequential.sort_unstable();
        assert_eq!(parallel, sequential, "--threads {threads}");
    }
}

/// `--threads` past 8 per core is refused with the limit (100,000 threads hung the machine).
#[test]
fn thread_counts_are_bounded() {
    for threads in ["100000", "99999999999999999999999"] {
        let run = dlx(&["solve", QUEENS8, "--count", "--threads", threads]);
        run.assert_status(2);
        assert_eq!(run.stdout, "");
        assert!(run.stderr.contains("expected at most"), "{}", run.stderr);
    }
}

/// Input never reaches the terminal raw through a message: control characters and the
/// byte-order mark are escaped, and a long name is cut short.
#[test]
fn messages_escape_and_bound_what_they_echo() {
    let run = dlx_from_bytes(&["solve"], b"A B\nA \x1b[31mX\n");
    run.assert_status(2);
    assert!(
        run.stderr.contains("unknown item '\\u{1b}[31mX'"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains('\x1b'), "{}", run.stderr);
    let long = format!("A B\nA {}\n", "x".repeat(100_000));
    let run = dlx_from_bytes(&["solve"], long.as_bytes());
    run.assert_status(2);
    assert!(
        run.stderr.len() < 300,
        "{} bytes of message",
        run.stderr.len()
    );
    assert!(run.stderr.contains("…"), "{}", run.stderr);
    let run = dlx(&["calendar", "\u{1b}[2J1-1"]);
    run.assert_status(2);
    assert!(!run.stderr.contains('\x1b'), "{}", run.stderr);
}

/// Old Mac line ends (a bare `\r`) are named as such, not read as one long line.
#[test]
fn bare_carriage_returns_are_named() {
    let run = dlx_from_bytes(&["solve"], b"A B\rA\rB\r");
    run.assert_status(2);
    assert!(
        run.stderr.contains("<stdin>:1:4: expected a line end")
            && run.stderr.contains("carriage return"),
        "{}",
        run.stderr
    );
    let run = dlx_from_bytes(&["solve", "--count"], b"A B\r\nA\r\nB\r\n");
    run.assert_status(0);
    assert_eq!(run.stdout, "1\n");
}

/// Numbers too large to hold are said to be too large, not saturated and misreported.
#[test]
fn numbers_too_large_are_said_so() {
    let run = dlx(&["calendar", "99999999999-1"]);
    run.assert_status(2);
    assert!(
        run.stderr.contains("month 99999999999 is too large"),
        "{}",
        run.stderr
    );
    for (flag, value) in [
        ("--timeout", "1e300"),
        ("--node-limit", "99999999999999999999999"),
    ] {
        let run = dlx(&["solve", QUEENS8, flag, value]);
        run.assert_status(2);
        assert!(run.stderr.contains("too large"), "{flag}: {}", run.stderr);
    }
}

/// Help and version written to a full disk are an error (exit status 2), not a success.
#[test]
fn help_to_a_full_disk_is_an_error() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("no /dev/full here: not tested");
        return;
    };
    for args in [&["--help"][..], &["--version"], &["solve", "--help"]] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_dlx"))
            .args(args)
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("cannot write"),
            "{args:?}"
        );
    }
}

/// `--all-dates` stopped by a limit says that its counts are lower bounds, and gives no
/// fewest and most (a min of 0 was reported before).
#[test]
fn all_dates_stopped_early_say_so() {
    let run = dlx(&["calendar", "--all-dates", "--node-limit", "50"]);
    run.assert_status_in(&[0, 1]);
    let last = run.stdout.lines().last().unwrap_or_default().to_owned();
    assert!(
        last.starts_with("total: at least ") && last.contains("incomplete: the node limit"),
        "{last}"
    );
    assert!(!run.stdout.contains("min: "), "{}", run.stdout);
    let run = dlx(&[
        "calendar",
        "--all-dates",
        "--node-limit",
        "50",
        "--format",
        "json",
    ]);
    let summary: serde_json::Value =
        serde_json::from_str(run.stdout.lines().last().unwrap()).unwrap();
    assert_eq!(summary["complete"], false, "{summary}");
    assert_eq!(summary["min"], serde_json::Value::Null);
    assert_eq!(summary["stopped"], "the node limit was reached");
}

/// A time limit stops the search with a note that the count is a lower bound.
#[test]
fn a_timeout_stops_the_count() {
    let run = dlx(&[
        "solve",
        "tests/corpus/pento6x10.dlx",
        "--count",
        "--timeout",
        "0.2",
    ]);
    run.assert_status_in(&[0, 1]);
    let count: u128 = run.stdout.trim().parse().expect("a count");
    assert!(count < 9356);
    assert!(
        run.stderr.contains("stopped at the time limit") && run.stderr.contains("lower bound"),
        "{}",
        run.stderr
    );
}

/// `--timeout` bounds the whole run, reading the problem included: a limit that has run out
/// before the reading begins stops it at the first option, with the count 0 as a lower
/// bound; a puzzle's encoding counts too.
#[test]
fn a_timeout_covers_reading_the_problem() {
    let run = dlx(&[
        "solve",
        "tests/corpus/pento6x10.dlx",
        "--count",
        "--timeout",
        "1ns",
    ]);
    run.assert_status_in(&[1]);
    assert_eq!(run.stdout, "0\n");
    assert!(
        run.stderr
            .contains("the time limit ran out while tests/corpus/pento6x10.dlx was read")
            && run.stderr.contains("nothing was searched"),
        "{}",
        run.stderr
    );
    let json = dlx(&[
        "solve",
        "tests/corpus/pento6x10.dlx",
        "--count",
        "--timeout",
        "1ns",
        "--format",
        "json",
    ]);
    let count: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(count["count"], 0);
    assert_eq!(count["complete"], false);
    let queens = dlx(&["queens", "8", "--count", "--timeout", "1ns"]);
    queens.assert_status_in(&[1]);
    assert_eq!(queens.stdout, "0\n");
    assert!(
        queens.stderr.contains("stopped at the time limit"),
        "{}",
        queens.stderr
    );
}

// ---------------------------------------------------------------------------------------------
// Puzzle commands: calendar, tromino, pack, futoshiki, queens
//
// Every board printed is read back and checked against the puzzle's rules by the checkers
// below, which share no code with the reductions: shapes as docs/puzzles.md gives them, turned and
// flipped here.

/// Cells translated to touch row 0 and column 0, as a sorted set.
fn normalized(cells: impl IntoIterator<Item = (i32, i32)>) -> BTreeSet<(i32, i32)> {
    let cells: Vec<(i32, i32)> = cells.into_iter().collect();
    let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
    cells.iter().map(|&(r, c)| (r - top, c - left)).collect()
}

/// A shape's images under the 8 maps (r, c) -> (±r, ±c) and (±c, ±r).
fn images(cells: &[(i32, i32)]) -> HashSet<BTreeSet<(i32, i32)>> {
    let mut images = HashSet::new();
    for swap in [false, true] {
        for sr in [1, -1] {
            for sc in [1, -1] {
                images.insert(normalized(cells.iter().map(|&(r, c)| {
                    let (r, c) = if swap { (c, r) } else { (r, c) };
                    (sr * r, sc * c)
                })));
            }
        }
    }
    images
}

/// The calendar pieces of docs/puzzles.md, written out again here.
const CALENDAR_PIECES: [(char, &[(i32, i32)]); 8] = [
    ('R', &[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('V', &[(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]),
    ('Y', &[(0, 0), (1, 0), (2, 0), (3, 0), (1, 1)]),
    ('U', &[(0, 0), (0, 1), (1, 1), (2, 0), (2, 1)]),
    ('P', &[(0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('N', &[(0, 1), (1, 0), (1, 1), (2, 0), (3, 0)]),
    ('Z', &[(0, 2), (1, 0), (1, 1), (1, 2), (2, 0)]),
    ('L', &[(0, 3), (1, 0), (1, 1), (1, 2), (1, 3)]),
];

/// Checks a board of pieces: its rows, `#` exactly where `no_cell` says, `.` exactly on the
/// `open` cells, and every piece's letter on a turned or flipped copy of its shape (so each
/// piece used once, and no other letter).
fn check_pieces(
    text: &str,
    pieces: &[(char, Vec<(i32, i32)>)],
    no_cell: &dyn Fn(usize, usize) -> bool,
    open: &[(usize, usize)],
) {
    let rows: Vec<Vec<char>> = text.lines().map(|line| line.chars().collect()).collect();
    let mut cells_of: HashMap<char, Vec<(i32, i32)>> = HashMap::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, &letter) in row.iter().enumerate() {
            assert_eq!(letter == '#', no_cell(r, c), "({r},{c}) in\n{text}");
            assert_eq!(
                letter == '.',
                open.contains(&(r, c)),
                "({r},{c}) in\n{text}"
            );
            if letter != '#' && letter != '.' {
                cells_of
                    .entry(letter)
                    .or_default()
                    .push((r as i32, c as i32));
            }
        }
    }
    assert_eq!(cells_of.len(), pieces.len(), "pieces in\n{text}");
    for (name, shape) in pieces {
        let drawn = cells_of
            .get(name)
            .unwrap_or_else(|| panic!("no {name} in\n{text}"));
        assert!(
            images(shape).contains(&normalized(drawn.iter().copied())),
            "{name} is not its shape in\n{text}"
        );
    }
}

/// Checks a calendar board for the date (month, day).
fn check_calendar(text: &str, (month, day): (usize, usize)) {
    let pieces: Vec<(char, Vec<(i32, i32)>)> = CALENDAR_PIECES
        .iter()
        .map(|(name, cells)| (*name, cells.to_vec()))
        .collect();
    let month_cell = ((month - 1) / 6, (month - 1) % 6);
    let day_cell = (2 + (day - 1) / 7, (day - 1) % 7);
    let off = [(0, 6), (1, 6), (6, 3), (6, 4), (6, 5), (6, 6)];
    assert_eq!(text.lines().count(), 7, "{text}");
    assert!(text.lines().all(|line| line.chars().count() == 7), "{text}");
    check_pieces(
        text,
        &pieces,
        &|r, c| off.contains(&(r, c)),
        &[month_cell, day_cell],
    );
}

/// The boards of a plain-text output: blocks separated by blank lines; checks that the output
/// ends with a newline and that no board is printed twice.
fn boards(stdout: &str) -> Vec<&str> {
    if stdout.is_empty() {
        return Vec::new();
    }
    let body = stdout
        .strip_suffix('\n')
        .expect("stdout ends with a newline");
    let boards: Vec<&str> = body.split("\n\n").collect();
    let distinct: HashSet<&&str> = boards.iter().collect();
    assert_eq!(distinct.len(), boards.len(), "a board printed twice");
    boards
}

/// Checks a tiling in the seed's format: numbers separated by single blanks, `0` exactly on
/// the positions without a cell (`hole`), every tile number from 1 on exactly three cells that
/// form an L (three cells of a 2x2 square).
fn check_tiling(text: &str, hole: &dyn Fn(usize, usize) -> bool) -> usize {
    let rows: Vec<Vec<u32>> = text
        .lines()
        .map(|line| {
            line.split(' ')
                .map(|n| n.parse().unwrap_or_else(|_| panic!("'{n}' in {line}")))
                .collect()
        })
        .collect();
    let mut tiles: HashMap<u32, Vec<(i32, i32)>> = HashMap::new();
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), rows[0].len(), "row {r}");
        for (c, &tile) in row.iter().enumerate() {
            assert_eq!(tile == 0, hole(r, c), "({r},{c})");
            if tile > 0 {
                tiles.entry(tile).or_default().push((r as i32, c as i32));
            }
        }
    }
    let l = images(&[(0, 0), (1, 0), (1, 1)]);
    for (number, cells) in &tiles {
        assert!(
            l.contains(&normalized(cells.iter().copied())),
            "tile {number} is not an L: {cells:?}"
        );
    }
    let count = tiles.len();
    assert!(
        (1..=count as u32).all(|n| tiles.contains_key(&n)),
        "tiles not numbered 1..{count}"
    );
    count
}

/// A Futoshiki puzzle read by the test: size, digits (0 empty), row relations and column
/// relations as written.
struct Futoshiki {
    n: usize,
    digits: Vec<Vec<usize>>,
    right: Vec<Vec<char>>,
    down: Vec<Vec<char>>,
}

fn read_futoshiki(text: &str) -> Futoshiki {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let n: usize = lines[0].trim().parse().unwrap();
    let mut puzzle = Futoshiki {
        n,
        digits: Vec::new(),
        right: Vec::new(),
        down: Vec::new(),
    };
    for (k, line) in lines[1..].iter().enumerate() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if k % 2 == 0 {
            puzzle.digits.push(
                tokens
                    .iter()
                    .step_by(2)
                    .map(|t| t.parse().unwrap())
                    .collect(),
            );
            puzzle.right.push(
                tokens
                    .iter()
                    .skip(1)
                    .step_by(2)
                    .map(|t| t.chars().next().unwrap())
                    .collect(),
            );
        } else {
            puzzle.down.push(
                tokens
                    .iter()
                    .step_by(2)
                    .map(|t| t.chars().next().unwrap())
                    .collect(),
            );
        }
    }
    assert_eq!(puzzle.digits.len(), n);
    puzzle
}

/// Checks a solved Futoshiki against its puzzle: a Latin square, the givens kept, every
/// inequality holding, the relations written back as they were.
fn check_futoshiki(puzzle: &Futoshiki, text: &str) {
    let solved = read_futoshiki(text);
    let n = puzzle.n;
    assert_eq!(solved.n, n);
    assert_eq!((&solved.right, &solved.down), (&puzzle.right, &puzzle.down));
    for i in 0..n {
        let row: BTreeSet<usize> = solved.digits[i].iter().copied().collect();
        let col: BTreeSet<usize> = (0..n).map(|r| solved.digits[r][i]).collect();
        let all: BTreeSet<usize> = (1..=n).collect();
        assert_eq!((&row, &col), (&all, &all), "{text}");
    }
    for r in 0..n {
        for c in 0..n {
            let d = solved.digits[r][c];
            if puzzle.digits[r][c] != 0 {
                assert_eq!(d, puzzle.digits[r][c], "given at ({r},{c})");
            }
            if c + 1 < n {
                let e = solved.digits[r][c + 1];
                match puzzle.right[r][c] {
                    '<' => assert!(d < e, "{text}"),
                    '>' => assert!(d > e, "{text}"),
                    _ => {}
                }
            }
            if r + 1 < n {
                let e = solved.digits[r + 1][c];
                match puzzle.down[r][c] {
                    '^' => assert!(d < e, "{text}"),
                    'v' => assert!(d > e, "{text}"),
                    _ => {}
                }
            }
        }
    }
}

/// Checks an n-queens board: n lines of n, one `Q` per row and column, none on a diagonal
/// with another.
fn check_queens(text: &str, n: usize) {
    let queens: Vec<(i64, i64)> = text
        .lines()
        .enumerate()
        .flat_map(|(r, line)| {
            assert_eq!(line.chars().count(), n, "{text}");
            assert!(line.chars().all(|c| c == 'Q' || c == '.'), "{text}");
            line.chars()
                .enumerate()
                .filter(|&(_, c)| c == 'Q')
                .map(move |(c, _)| (r as i64, c as i64))
        })
        .collect();
    assert_eq!(text.lines().count(), n);
    assert_eq!(queens.len(), n, "{text}");
    for (k, a) in queens.iter().enumerate() {
        for b in &queens[..k] {
            assert!(
                a.0 != b.0 && a.1 != b.1 && (a.0 - b.0).abs() != (a.1 - b.1).abs(),
                "{a:?} attacks {b:?} in\n{text}"
            );
        }
    }
}

/// The report with ANSI escapes made visible.
fn visible(report: &str) -> String {
    report.replace('\x1b', "␛")
}

const PUZZLES: &str = "tests/fixtures/puzzles";

#[test]
fn calendar_first_solution() {
    let run = dlx(&["calendar", "8-19"]);
    run.assert_status(0);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    let boards = boards(&run.stdout);
    assert_eq!(boards.len(), 1);
    check_calendar(boards[0], (8, 19));
    insta::assert_snapshot!("calendar_first", run.report());
    // Every form of the date reads the same.
    for date in ["08-19", "aug-19", "Aug-19", "August-19", "2026-08-19"] {
        assert_eq!(dlx(&["calendar", date]).stdout, run.stdout, "{date}");
    }
}

#[test]
fn calendar_today() {
    // No date: today's. Whatever day the test runs, the board is a solved calendar.
    let run = dlx(&["calendar"]);
    run.assert_status(0);
    let boards = boards(&run.stdout);
    assert_eq!(boards.len(), 1);
    let rows: Vec<Vec<char>> = boards[0].lines().map(|l| l.chars().collect()).collect();
    let open: Vec<(usize, usize)> = (0..7)
        .flat_map(|r| (0..7).map(move |c| (r, c)))
        .filter(|&(r, c)| rows[r][c] == '.')
        .collect();
    let [month, day] = open[..] else {
        panic!("two open cells expected:\n{}", boards[0]);
    };
    assert!(month.0 < 2 && day.0 >= 2, "{}", boards[0]);
    check_calendar(
        boards[0],
        (month.0 * 6 + month.1 + 1, (day.0 - 2) * 7 + day.1 + 1),
    );
}

#[test]
fn calendar_counts() {
    for (date, month_day, count) in [
        ("8-19", (8, 19), 100),
        ("1-1", (1, 1), 64),
        ("5-1", (5, 1), 57),
        ("10-6", (10, 6), 7),
        ("1-25", (1, 25), 216),
    ] {
        let run = dlx(&["calendar", date, "--count"]);
        run.assert_status(0);
        assert_eq!(run.stdout, format!("{count}\n"), "{date}");
        // --all prints as many boards, each one checked, none twice.
        let all = dlx(&["calendar", date, "--all"]);
        let boards = boards(&all.stdout);
        assert_eq!(boards.len(), count, "{date}");
        for board in boards {
            check_calendar(board, month_day);
        }
    }
    let run = dlx(&["calendar", "8-19", "--count"]);
    insta::assert_snapshot!("calendar_count", run.report());
}

#[test]
fn calendar_all_dates() {
    let run = dlx(&["calendar", "--all-dates"]);
    run.assert_status(0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 366 + 3);
    assert_eq!(
        lines[366..],
        ["min: 7 (Oct 6)", "max: 216 (Jan 25)", "total: 24405"]
    );
    let counts: Vec<(&str, u64)> = lines[..366]
        .iter()
        .map(|line| {
            let (date, count) = line.split_once(": ").expect("DATE: COUNT");
            (date, count.parse().expect("a count"))
        })
        .collect();
    assert_eq!(counts.iter().map(|&(_, n)| n).sum::<u64>(), 24405);
    assert_eq!(counts[0], ("Jan 1", 64));
    assert_eq!(counts[59], ("Feb 29", counts[59].1));
    // The one search over all dates agrees with the search of each date alone (a sample).
    for k in (0..366).step_by(23) {
        let (date, count) = counts[k];
        let (month, day) = date.split_once(' ').unwrap();
        let single = dlx(&["calendar", &format!("{month}-{day}"), "--count"]);
        assert_eq!(single.stdout, format!("{count}\n"), "{date}");
    }
    insta::assert_snapshot!("calendar_all_dates", run.report());

    // One thread, the same counts; JSON, the same counts again.
    let one = dlx(&["calendar", "--all-dates", "--threads", "1"]);
    assert_eq!(one.stdout, run.stdout);
    let json = dlx(&["calendar", "--all-dates", "--format", "json"]);
    json.assert_status(0);
    let values: Vec<serde_json::Value> = json
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(values.len(), 367);
    assert_eq!(
        values[0],
        serde_json::json!({"date": "Jan 1", "month": 1, "day": 1, "count": 64})
    );
    assert_eq!(
        values[366],
        serde_json::json!({"total": 24405, "min": {"count": 7, "dates": ["Oct 6"]},
            "max": {"count": 216, "dates": ["Jan 25"]}, "complete": true})
    );
}

/// `dlx PUZZLE ... --format dlx | dlx solve --count` counts what `dlx PUZZLE ... --count` does.
fn same_count_through_dlx(args: &[&str], expected: &str) {
    let encoding = dlx(&[args, &["--format", "dlx"]].concat());
    encoding.assert_status(0);
    let piped = dlx_from_bytes(&["solve", "--count"], encoding.stdout.as_bytes());
    piped.assert_status(0);
    let direct = dlx(&[args, &["--count"]].concat());
    direct.assert_status(0);
    assert_eq!(piped.stdout, direct.stdout, "{args:?}");
    assert_eq!(direct.stdout, expected, "{args:?}");
}

#[test]
fn encodings_solve_to_the_same_counts() {
    same_count_through_dlx(&["calendar", "8-19"], "100\n");
    same_count_through_dlx(&["tromino", "--size", "4", "--missing", "2,2"], "1\n");
    same_count_through_dlx(
        &["tromino", "--board", &format!("{PUZZLES}/tromino-3x6.txt")],
        "8\n",
    );
    same_count_through_dlx(
        &[
            "pack",
            &format!("{PUZZLES}/pack-board.txt"),
            &format!("{PUZZLES}/pack-pieces.txt"),
        ],
        "12\n",
    );
    same_count_through_dlx(
        &["futoshiki", &format!("{PUZZLES}/futoshiki-4x4-many.txt")],
        "4\n",
    );
    same_count_through_dlx(&["queens", "6"], "4\n");

    // The all-dates problem: every date's solutions at once.
    let encoding = dlx(&["calendar", "--all-dates", "--format", "dlx"]);
    let piped = dlx_from_bytes(&["solve", "--count"], encoding.stdout.as_bytes());
    assert_eq!(piped.stdout, "24405\n");

    let run = dlx(&["calendar", "8-19", "--format", "dlx"]);
    assert!(
        run.stdout.starts_with("R V Y U P N Z L r0c0 r0c1 "),
        "{}",
        run.stdout
    );
    let run = dlx(&["calendar", "8-19", "--format", "dlx", "--count"]);
    run.assert_status(2);
    assert!(run.stderr.contains("--format dlx"), "{}", run.stderr);
}

#[test]
fn calendar_json() {
    let run = dlx(&[
        "calendar",
        "8-19",
        "--format",
        "json",
        "--limit",
        "3",
        "--threads",
        "1",
    ]);
    run.assert_status(0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    for (k, line) in lines.iter().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["solution"], k + 1);
        assert_eq!(
            (&value["date"], &value["month"], &value["day"]),
            (
                &serde_json::json!("Aug 19"),
                &serde_json::json!(8),
                &serde_json::json!(19)
            )
        );
        let rows: Vec<&str> = value["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        let board = rows.join("\n");
        check_calendar(&board, (8, 19));
        // The cells of each piece, as data, are those of its letter on the board.
        for piece in value["pieces"].as_array().unwrap() {
            let name = piece["piece"].as_str().unwrap().chars().next().unwrap();
            for cell in piece["cells"].as_array().unwrap() {
                let (r, c) = (cell[0].as_u64().unwrap(), cell[1].as_u64().unwrap());
                assert_eq!(rows[r as usize].chars().nth(c as usize), Some(name));
            }
            assert_eq!(
                piece["cells"].as_array().unwrap().len(),
                board.matches(name).count()
            );
        }
    }
    insta::assert_snapshot!("calendar_json", run.report());
}

#[test]
fn calendar_drawn_for_people() {
    // --pretty without color: box-drawing lines, the open cells named.
    let run = dlx(&["calendar", "8-19", "--pretty"]);
    run.assert_status(0);
    assert!(
        run.stdout.contains("│ Aug │") && run.stdout.contains(" 19 "),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains('\x1b'));
    insta::assert_snapshot!("calendar_pretty", run.report());
    // --color always: the same drawing, pieces filled with colors.
    let run = dlx(&["calendar", "8-19", "--color", "always"]);
    run.assert_status(0);
    assert!(run.stdout.contains("\x1b[48;5;"), "{}", run.stdout);
    insta::assert_snapshot!("calendar_color", visible(&run.report()));
    // NO_COLOR (set by the helpers) and no terminal: plain, whatever --color auto says.
    let run = dlx(&["calendar", "8-19", "--color", "auto"]);
    check_calendar(boards(&run.stdout)[0], (8, 19));
    // --plain wins over --color always.
    let run = dlx(&["calendar", "8-19", "--plain", "--color", "always"]);
    check_calendar(boards(&run.stdout)[0], (8, 19));
}

#[test]
fn calendar_svg() {
    let run = dlx(&["calendar", "8-19", "--format", "svg"]);
    run.assert_status(0);
    let svg = &run.stdout;
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(svg.ends_with("</svg>\n"));
    assert_eq!(svg.matches("<svg").count(), 1);
    // 43 cells, 41 filled in eight piece colors, the two open ones white and labelled.
    assert_eq!(svg.matches("<rect").count(), 43);
    let fills: HashSet<&str> = svg
        .match_indices("fill=\"#")
        .map(|(k, _)| &svg[k + 6..k + 13])
        .collect();
    assert!(fills.len() >= 9, "{fills:?}");
    assert!(svg.contains(">Aug</text>") && svg.contains(">19</text>"));
    insta::assert_snapshot!("calendar_svg", run.report());

    // Several solutions: one document, each picture nested in it, one below the other.
    let run = dlx(&["calendar", "10-6", "--format", "svg", "--all"]);
    assert!(run.stdout.starts_with("<svg xmlns=") && run.stdout.ends_with("</svg>\n</svg>\n"));
    let pictures: Vec<&str> = run.stdout.split("<svg x=\"0\" ").skip(1).collect();
    assert_eq!(pictures.len(), 7);
    assert!(pictures.iter().all(|p| p.trim_end().ends_with("</svg>")));
}

#[test]
fn tromino_divide_prints_the_seed_tiling() {
    let run = dlx(&[
        "tromino",
        "--size",
        "4",
        "--missing",
        "2,2",
        "--method",
        "divide",
    ]);
    run.assert_status(0);
    assert_eq!(run.stdout, "2 2 3 3\n2 1 1 3\n4 1 0 5\n4 4 5 5\n");
    assert_eq!(check_tiling(&run.stdout, &|r, c| (r, c) == (2, 2)), 5);
    insta::assert_snapshot!("tromino_divide", run.report());
    // Larger boards, any missing cell: an L-tiling every time.
    for (size, missing) in [(1, (0, 0)), (2, (1, 0)), (32, (5, 31)), (64, (63, 0))] {
        let run = dlx(&[
            "tromino",
            "--size",
            &size.to_string(),
            "--missing",
            &format!("{},{}", missing.0, missing.1),
            "--method",
            "divide",
        ]);
        run.assert_status(0);
        let tiles = check_tiling(&run.stdout, &|r, c| (r, c) == missing);
        assert_eq!(tiles, (size * size - 1) / 3);
    }
}

#[test]
fn tromino_by_exact_cover() {
    let run = dlx(&["tromino", "--size", "4", "--missing", "2,2", "--all"]);
    run.assert_status(0);
    assert_eq!(boards(&run.stdout).len(), 1);
    check_tiling(&run.stdout, &|r, c| (r, c) == (2, 2));
    insta::assert_snapshot!("tromino_cover", run.report());

    let run = dlx(&["tromino", "--size", "8", "--missing", "0,0", "--count"]);
    run.assert_status(0);
    assert_eq!(run.stdout, "30355\n");

    // A board file: 3 x 6 has 8 tilings, all printed and checked.
    let board = format!("{PUZZLES}/tromino-3x6.txt");
    let run = dlx(&["tromino", "--board", &board, "--all"]);
    run.assert_status(0);
    let tilings = boards(&run.stdout);
    assert_eq!(tilings.len(), 8);
    for tiling in tilings {
        assert_eq!(check_tiling(tiling, &|_, _| false), 6);
    }
    // 3 x 3 has none.
    let run = dlx(&["tromino", "--size", "3", "--count"]);
    run.assert_status(1);
    assert_eq!(run.stdout, "0\n");
    // 4 x 4 has none either, and it is said why.
    let run = dlx(&["tromino", "--size", "4"]);
    run.assert_status(1);
    assert!(
        run.stderr
            .contains("the board has 16 cells, not a multiple of 3, so no tiling exists"),
        "{}",
        run.stderr
    );
    // A board without cells has one tiling, the empty one, by either method.
    let run = dlx(&["tromino", "--size", "1", "--missing", "0,0", "--count"]);
    run.assert_status(0);
    assert_eq!(run.stdout, "1\n");
    for method in ["cover", "divide"] {
        let run = dlx(&[
            "tromino",
            "--size",
            "1",
            "--missing",
            "0,0",
            "--method",
            method,
        ]);
        run.assert_status(0);
        assert_eq!(run.stdout, "0\n", "--method {method}");
    }

    let run = dlx(&[
        "tromino",
        "--size",
        "4",
        "--missing",
        "2,2",
        "--format",
        "json",
    ]);
    run.assert_status(0);
    let value: serde_json::Value = serde_json::from_str(run.stdout.trim_end()).unwrap();
    assert_eq!(
        value,
        serde_json::json!({"solution": 1, "tile_count": 5,
            "tiles": [[1, 1, 2, 2], [1, 3, 3, 2], [4, 3, 0, 5], [4, 4, 5, 5]]})
    );
    check_tiling("1 1 2 2\n1 3 3 2\n4 3 0 5\n4 4 5 5", &|r, c| {
        (r, c) == (2, 2)
    });

    let run = dlx(&[
        "tromino",
        "--size",
        "4",
        "--missing",
        "2,2",
        "--method",
        "divide",
        "--pretty",
    ]);
    run.assert_status(0);
    insta::assert_snapshot!("tromino_pretty", run.report());
    let run = dlx(&[
        "tromino",
        "--size",
        "4",
        "--missing",
        "2,2",
        "--method",
        "divide",
        "--format",
        "svg",
    ]);
    run.assert_status(0);
    assert_eq!(run.stdout.matches("<rect").count(), 15);
    insta::assert_snapshot!("tromino_svg", run.report());
}

#[test]
fn pack_small_example() {
    let (board, pieces) = (
        format!("{PUZZLES}/pack-board.txt"),
        format!("{PUZZLES}/pack-pieces.txt"),
    );
    let shapes: Vec<(char, Vec<(i32, i32)>)> = vec![
        ('A', vec![(0, 0), (0, 1), (1, 0)]),
        ('B', vec![(0, 0), (0, 1), (0, 2), (1, 0)]),
        ('C', vec![(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ];
    let run = dlx(&["pack", &board, &pieces, "--all", "--threads", "1"]);
    run.assert_status(0);
    let packed = boards(&run.stdout);
    assert_eq!(packed.len(), 12);
    for board in &packed {
        assert_eq!(board.lines().count(), 3);
        check_pieces(board, &shapes, &|_, _| false, &[]);
    }
    insta::assert_snapshot!("pack_all", run.report());
    let run = dlx(&["pack", &board, &pieces, "--count"]);
    assert_eq!(run.stdout, "12\n");
    let run = dlx(&["pack", &board, &pieces, "--pretty"]);
    run.assert_status(0);
    insta::assert_snapshot!("pack_pretty", run.report());
    let run = dlx(&["pack", &board, &pieces, "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(run.stdout.trim_end()).unwrap();
    let rows: Vec<&str> = value["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    check_pieces(&rows.join("\n"), &shapes, &|_, _| false, &[]);
    assert_eq!(
        rows.join("\n") + "\n",
        dlx(&["pack", &board, &pieces]).stdout
    );
}

#[test]
fn futoshiki_puzzles() {
    let file = format!("{PUZZLES}/futoshiki-4x4.txt");
    let puzzle = read_futoshiki(&std::fs::read_to_string(root().join(&file)).unwrap());
    let run = dlx(&["futoshiki", &file]);
    run.assert_status(0);
    check_futoshiki(&puzzle, &run.stdout);
    assert_eq!(
        run.stdout,
        "4\n2 | 1 < 3 | 4\n- - ^ - - - -\n1 | 2 | 4 > 3\n- - - - v - -\n\
         4 | 3 | 1 | 2\n- - - - - - -\n3 | 4 | 2 | 1\n"
    );
    insta::assert_snapshot!("futoshiki_first", run.report());
    // Standard input, and the uniqueness check that --help documents.
    let stdin = dlx_from_file(&["futoshiki"], &file);
    assert_eq!(stdin.stdout, run.stdout);
    let unique = dlx(&["futoshiki", &file, "--limit", "2", "--count"]);
    unique.assert_status(0);
    assert_eq!(unique.stdout, "1\n");
    assert!(unique.stderr.is_empty(), "{}", unique.stderr);

    // Without the given 2: four solutions, each checked.
    let many = format!("{PUZZLES}/futoshiki-4x4-many.txt");
    let puzzle = read_futoshiki(&std::fs::read_to_string(root().join(&many)).unwrap());
    let run = dlx(&["futoshiki", &many, "--all"]);
    let solutions = boards(&run.stdout);
    assert_eq!(solutions.len(), 4);
    for solution in solutions {
        check_futoshiki(&puzzle, solution);
    }
    let run = dlx(&["futoshiki", &many, "--limit", "2", "--count"]);
    assert_eq!(run.stdout, "2\n");
    assert!(run.stderr.contains("there may be more"), "{}", run.stderr);

    let run = dlx(&["futoshiki", &file, "--pretty"]);
    insta::assert_snapshot!("futoshiki_pretty", run.report());
    let run = dlx(&["futoshiki", &file, "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(run.stdout.trim_end()).unwrap();
    assert_eq!(
        value,
        serde_json::json!({"solution": 1, "size": 4,
            "grid": [[2, 1, 3, 4], [1, 2, 4, 3], [4, 3, 1, 2], [3, 4, 2, 1]],
            "given": [[true, false, false, false], [false, false, false, false],
                      [false, true, false, false], [false, false, false, true]]})
    );
    let run = dlx(&["futoshiki", &file, "--format", "svg"]);
    insta::assert_snapshot!("futoshiki_svg", run.report());

    // Givens that break a rule: no solution, and why.
    let run = dlx(&["futoshiki", &format!("{PUZZLES}/futoshiki-broken.txt")]);
    run.assert_status(1);
    insta::assert_snapshot!("futoshiki_broken", run.report());
}

#[test]
fn queens_boards() {
    let run = dlx(&["queens", "6", "--all", "--threads", "1"]);
    run.assert_status(0);
    let solutions = boards(&run.stdout);
    assert_eq!(solutions.len(), 4);
    for board in solutions {
        check_queens(board, 6);
    }
    insta::assert_snapshot!("queens6_all", run.report());
    let run = dlx(&["queens", "8", "--all"]);
    let solutions = boards(&run.stdout);
    assert_eq!(solutions.len(), 92);
    for board in solutions {
        check_queens(board, 8);
    }
    assert_eq!(dlx(&["queens", "8", "--count"]).stdout, "92\n");
    let run = dlx(&["queens", "2", "--count"]);
    run.assert_status(1);
    assert_eq!(run.stdout, "0\n");
    let run = dlx(&["queens", "6", "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(run.stdout.trim_end()).unwrap();
    let rows: Vec<&str> = value["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    check_queens(&rows.join("\n"), 6);
    for (row, col) in value["queens"].as_array().unwrap().iter().enumerate() {
        assert_eq!(rows[row].find('Q'), col.as_u64().map(|c| c as usize));
    }
    let run = dlx(&["queens", "6", "--pretty"]);
    insta::assert_snapshot!("queens6_pretty", run.report());
}

/// A puzzle command that must fail: exit status 2, nothing on stdout, one `dlx: error:` line
/// that starts with `start`.
fn bad_puzzle(name: &str, args: &[&str], start: &str) {
    let run = dlx(args);
    run.assert_status(2);
    assert!(run.stdout.is_empty(), "{}", run.report());
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.report());
    assert!(
        run.stderr.starts_with(&format!("dlx: error: {start}")),
        "{}",
        run.report()
    );
    insta::assert_snapshot!(name, run.report());
}

#[test]
fn puzzle_bad_inputs() {
    let f = |name: &str| format!("{PUZZLES}/{name}");
    bad_puzzle("calendar_no_feb_30", &["calendar", "2-30"], "date '2-30': ");
    bad_puzzle(
        "calendar_no_month_13",
        &["calendar", "13-1"],
        "date '13-1': ",
    );
    bad_puzzle(
        "calendar_not_a_date",
        &["calendar", "8.19"],
        "date '8.19': ",
    );
    bad_puzzle(
        "calendar_not_leap",
        &["calendar", "2023-02-29"],
        "date '2023-02-29': ",
    );
    bad_puzzle(
        "calendar_all_dates_svg",
        &["calendar", "--all-dates", "--format", "svg"],
        "--all-dates",
    );
    let board = f("pack-board.txt");
    let pieces = f("pack-pieces.txt");
    bad_puzzle(
        "pack_bad_board",
        &["pack", &f("pack-board-bad.txt"), &pieces],
        &format!("{}:2:3: ", f("pack-board-bad.txt")),
    );
    bad_puzzle(
        "pack_bad_pieces",
        &["pack", &board, &f("pack-pieces-bad.txt")],
        &format!("{}:8:2: ", f("pack-pieces-bad.txt")),
    );
    bad_puzzle(
        "pack_fits_nowhere",
        &["pack", &board, &f("pack-pieces-nowhere.txt")],
        &format!("{}: piece 'A' fits nowhere", f("pack-pieces-nowhere.txt")),
    );
    bad_puzzle(
        "pack_area",
        &["pack", &f("tromino-3x6.txt"), &pieces],
        &f("pack-pieces.txt"),
    );
    bad_puzzle(
        "pack_missing_file",
        &["pack", &f("no-such-board.txt"), &pieces],
        &format!("{}: cannot read the file", f("no-such-board.txt")),
    );
    bad_puzzle(
        "tromino_not_power_of_two",
        &[
            "tromino",
            "--size",
            "6",
            "--missing",
            "0,0",
            "--method",
            "divide",
        ],
        "expected a power of two",
    );
    bad_puzzle(
        "tromino_missing_off_board",
        &["tromino", "--size", "4", "--missing", "4,0"],
        "the missing cell (4,0) is not on the 4 x 4 board",
    );
    bad_puzzle(
        "tromino_bad_board",
        &["tromino", "--board", &f("tromino-bad.txt")],
        &format!("{}:2:4: ", f("tromino-bad.txt")),
    );
    bad_puzzle(
        "tromino_divide_count",
        &[
            "tromino",
            "--size",
            "4",
            "--missing",
            "0,0",
            "--method",
            "divide",
            "--count",
        ],
        "--method divide builds one tiling",
    );
    bad_puzzle(
        "tromino_svg_too_large",
        &[
            "tromino",
            "--size",
            "1024",
            "--missing",
            "0,0",
            "--method",
            "divide",
            "--format",
            "svg",
        ],
        "a 1024 x 1024 board is too large to draw as SVG",
    );
    bad_puzzle(
        "futoshiki_bad_relation",
        &["futoshiki", &f("futoshiki-bad.txt")],
        &format!("{}:5:9: ", f("futoshiki-bad.txt")),
    );
    bad_puzzle("queens_zero", &["queens", "0"], "expected a board size");
    bad_puzzle(
        "count_as_svg",
        &["queens", "8", "--count", "--format", "svg"],
        "--count prints a number",
    );
    bad_puzzle(
        "solve_as_svg",
        &["solve", X_EXAMPLE, "--format", "svg"],
        "--format svg draws",
    );

    // Usage errors from clap: exit status 2 too.
    for args in [
        &["tromino", "--missing", "1,1"][..],
        &["tromino", "--size", "4", "--missing", "1;1"],
        &["calendar", "8-19", "--all-dates"],
        &["calendar", "--all-dates", "--count"],
        &["queens", "many"],
    ] {
        let run = dlx(args);
        run.assert_status(2);
        assert!(
            run.stdout.is_empty() && !run.stderr.is_empty(),
            "{}",
            run.report()
        );
    }
    let run = dlx(&["tromino", "--size", "4", "--missing", "1;1"]);
    insta::assert_snapshot!("tromino_bad_cell", run.report());
}

#[test]
fn solve_prints_its_problem_back() {
    // `dlx solve --format dlx` writes the problem canonically, and it solves the same.
    let run = dlx(&["solve", X_EXAMPLE, "--format", "dlx"]);
    run.assert_status(0);
    let again = dlx_from_bytes(&["solve", "--all"], run.stdout.as_bytes());
    assert_eq!(again.stdout, dlx(&["solve", X_EXAMPLE, "--all"]).stdout);
}

/// Reads a sudoku grid as the test understands the format: rows of characters, `.` empty.
fn read_sudoku(text: &str) -> Vec<Vec<u32>> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            line.chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| if c == '.' { 0 } else { c.to_digit(36).unwrap() })
                .collect()
        })
        .collect()
}

/// Checks a solved sudoku against its puzzle: every row, column and box holds 1..n² once, the
/// givens kept.
fn check_sudoku(puzzle: &[Vec<u32>], text: &str) {
    let grid = read_sudoku(text);
    let side = puzzle.len();
    let n = (1..=side).find(|n| n * n == side).expect("a square side");
    assert_eq!(grid.len(), side, "{text}");
    let all: BTreeSet<u32> = (1..=side as u32).collect();
    for h in 0..side {
        let row: BTreeSet<u32> = grid[h].iter().copied().collect();
        let col: BTreeSet<u32> = (0..side).map(|r| grid[r][h]).collect();
        let boxed: BTreeSet<u32> = (0..side)
            .map(|k| grid[h / n * n + k / n][h % n * n + k % n])
            .collect();
        assert_eq!(
            (&row, &col, &boxed),
            (&all, &all, &all),
            "house {h} in\n{text}"
        );
        for c in 0..side {
            if puzzle[h][c] != 0 {
                assert_eq!(grid[h][c], puzzle[h][c], "given ({h},{c}) in\n{text}");
            }
        }
    }
}

#[test]
fn sudoku_grids() {
    let hard = format!("{PUZZLES}/sudoku-golden-nugget.txt");
    let puzzle = read_sudoku(&std::fs::read_to_string(root().join(&hard)).unwrap());
    let run = dlx(&["sudoku", &hard]);
    run.assert_status(0);
    check_sudoku(&puzzle, &run.stdout);
    insta::assert_snapshot!("sudoku_first", run.report());
    let unique = dlx(&["sudoku", &hard, "--limit", "2", "--count"]);
    assert_eq!(unique.stdout, "1\n");
    // On one line, from standard input: the same.
    let line: String = std::fs::read_to_string(root().join(&hard))
        .unwrap()
        .split_whitespace()
        .collect();
    let stdin = dlx_from_bytes(&["sudoku"], line.as_bytes());
    assert_eq!(stdin.stdout, run.stdout);

    let small = format!("{PUZZLES}/sudoku-4x4.txt");
    let run = dlx(&["sudoku", &small, "--pretty"]);
    run.assert_status(0);
    insta::assert_snapshot!("sudoku_pretty", run.report());
    let run = dlx(&["sudoku", &small, "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(run.stdout.trim_end()).unwrap();
    assert_eq!(
        value,
        serde_json::json!({"solution": 1, "size": 4,
            "grid": [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]],
            "given": [[true, false, true, false], [false, true, false, false],
                      [false, false, true, false], [false, true, false, true]],
            "board": ["1234", "3412", "2143", "4321"]})
    );
    check_sudoku(
        &read_sudoku("1.3.\n.4..\n..4.\n.3.1"),
        "1234\n3412\n2143\n4321",
    );
    let run = dlx(&["sudoku", &small, "--format", "svg"]);
    insta::assert_snapshot!("sudoku_svg", run.report());

    // The empty 4x4 grid: 288 solutions, all printed and checked.
    let empty = format!("{PUZZLES}/sudoku-4x4-empty.txt");
    let run = dlx(&["sudoku", &empty, "--all"]);
    let solutions = boards(&run.stdout);
    assert_eq!(solutions.len(), 288);
    for solution in solutions {
        check_sudoku(&vec![vec![0; 4]; 4], solution);
    }
    same_count_through_dlx(&["sudoku", &empty], "288\n");

    bad_puzzle(
        "sudoku_bad_char",
        &["sudoku", &format!("{PUZZLES}/sudoku-bad.txt")],
        &format!("{PUZZLES}/sudoku-bad.txt:4:4: "),
    );
    let run = dlx_from_bytes(&["sudoku"], b"11..\n....\n....\n....\n");
    run.assert_status(1);
    insta::assert_snapshot!("sudoku_clash", run.report());
}

/// The README shows the calendar of Aug 19 drawn and pictured as the binary draws it.
#[test]
fn readme_shows_the_calendar_as_drawn() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    assert!(
        readme.starts_with("```sh\ncargo run --release -- calendar "),
        "README.md starts with the command that solves today's calendar"
    );
    let drawn = dlx(&["calendar", "8-19", "--pretty"]);
    assert!(
        readme.contains(&format!("```\n{}```\n", drawn.stdout)),
        "README.md shows `dlx calendar 8-19 --pretty` as it prints:\n{}",
        drawn.stdout
    );
    let picture = dlx(&["calendar", "8-19", "--format", "svg"]);
    let committed = std::fs::read_to_string(root().join("docs/calendar-aug-19.svg")).unwrap();
    assert_eq!(
        committed, picture.stdout,
        "docs/calendar-aug-19.svg is out of date"
    );
}

/// A puzzle command and `dlx solve` run one search: `dlx queens 8` encodes Knuth's
/// queens8.dlx, so the statistics are the same, on the queens' default tree (the bit sets)
/// and on Knuth's.
#[test]
fn puzzle_stats_are_the_solvers() {
    for tree in ["bitsets", "links"] {
        let puzzle = dlx(&[
            "queens",
            "8",
            "--count",
            "--stats",
            "--threads",
            "1",
            "--tree",
            tree,
        ]);
        let solve = dlx(&[
            "solve",
            QUEENS8,
            "--count",
            "--stats",
            "--threads",
            "1",
            "--tree",
            tree,
        ]);
        puzzle_stats_are(&puzzle, &solve);
    }
    let default = dlx(&["queens", "8", "--count", "--stats", "--threads", "1"]);
    assert!(
        default.stderr.starts_with("tree: bitsets\n"),
        "{}",
        default.stderr
    );
}

fn puzzle_stats_are(puzzle: &Run, solve: &Run) {
    puzzle.assert_status(0);
    let redact = |run: &Run| -> Vec<String> {
        run.stderr
            .lines()
            .filter(|line| !line.starts_with("time: "))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(puzzle.stdout, "92\n");
    assert_eq!(redact(puzzle), redact(solve));
    assert!(puzzle.stderr.contains("nodes: "), "{}", puzzle.stderr);
}

/// Checks an arrow board: n lines of n arrows from ↖ ↗ ↘ ↙, no side and no corner pointed at
/// twice, n/2 arrows up in every row and n/2 left in every column.
fn check_arrows(text: &str, n: usize) {
    let rows: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    assert_eq!(rows.len(), n, "{text}");
    let (mut corners, mut across, mut down) = (HashSet::new(), HashSet::new(), HashSet::new());
    let mut left_in_col = vec![0; n];
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), n, "{text}");
        let mut up = 0;
        for (c, &arrow) in row.iter().enumerate() {
            let (is_up, is_left) = match arrow {
                '↖' => (true, true),
                '↗' => (true, false),
                '↘' => (false, false),
                '↙' => (false, true),
                other => panic!("'{other}' is not an arrow:\n{text}"),
            };
            up += usize::from(is_up);
            left_in_col[c] += usize::from(is_left);
            // Grid points and sides, by the lines they lie on.
            let line_row = if is_up { r } else { r + 1 };
            let line_col = if is_left { c } else { c + 1 };
            assert!(
                corners.insert((line_row, line_col)),
                "corner twice:\n{text}"
            );
            assert!(across.insert((line_row, c)), "side twice:\n{text}");
            assert!(down.insert((r, line_col)), "side twice:\n{text}");
        }
        assert_eq!(up, n / 2, "row {r} in\n{text}");
    }
    assert!(left_in_col.iter().all(|&k| k == n / 2), "{text}");
}

#[test]
fn arrow_boards() {
    for n in [2, 4, 6, 12, 20] {
        let run = dlx(&["arrows", "--size", &n.to_string(), "--all"]);
        run.assert_status(0);
        let solutions = boards(&run.stdout);
        assert_eq!(solutions.len(), 2, "n = {n}");
        for board in solutions {
            check_arrows(board, n);
        }
    }
    let run = dlx(&["arrows", "--size", "4", "--all", "--threads", "1"]);
    insta::assert_snapshot!("arrows4_all", run.report());
    let run = dlx(&["arrows", "--size", "4", "--pretty"]);
    insta::assert_snapshot!("arrows4_pretty", run.report());
    let run = dlx(&["arrows", "--size", "2", "--format", "svg"]);
    insta::assert_snapshot!("arrows2_svg", run.report());
    let run = dlx(&["arrows", "--size", "4", "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(run.stdout.trim_end()).unwrap();
    let rows: Vec<&str> = value["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    check_arrows(&rows.join("\n"), 4);
    same_count_through_dlx(&["arrows", "--size", "6"], "2\n");
    bad_puzzle(
        "arrows_odd",
        &["arrows", "--size", "3"],
        "expected an even board size",
    );
}

/// Checks a solved Binairo against its puzzle (rows of `0`, `1`, `_` or `.`): N lines of N
/// digits, the givens kept, no three equal neighbours in a row or column, N/2 of each digit
/// per line, no two equal rows and no two equal columns.
fn check_binairo(puzzle: &[&str], text: &str) {
    let grid: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
    let n = puzzle.len();
    assert_eq!(grid.len(), n, "{text}");
    let cols: Vec<Vec<char>> = (0..n)
        .map(|c| grid.iter().map(|row| row[c]).collect())
        .collect();
    for lines in [&grid, &cols] {
        for line in lines.iter() {
            assert_eq!(line.len(), n, "{text}");
            assert!(line.iter().all(|&d| d == '0' || d == '1'), "{text}");
            assert_eq!(line.iter().filter(|&&d| d == '0').count(), n / 2, "{text}");
            assert!(
                line.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])),
                "{text}"
            );
        }
        let distinct: HashSet<&Vec<char>> = lines.iter().collect();
        assert_eq!(distinct.len(), n, "equal lines in\n{text}");
    }
    for (r, row) in puzzle.iter().enumerate() {
        for (c, given) in row.chars().enumerate() {
            if given == '0' || given == '1' {
                assert_eq!(grid[r][c], given, "given ({r},{c}) in\n{text}");
            }
        }
    }
}

#[test]
fn binairo_grids() {
    let seed = format!("{PUZZLES}/binairo-seed.txt");
    let puzzle = ["_0____", "____01", "__1__1", "__1_0_", "______", "__1___"];
    for encoding in ["cells", "patterns"] {
        let run = dlx(&["binairo", &seed, "--encoding", encoding]);
        run.assert_status(0);
        check_binairo(&puzzle, &run.stdout);
        // docs/puzzles.md gives its unique solution.
        assert_eq!(
            run.stdout,
            "100110\n010101\n001011\n101100\n110010\n011001\n"
        );
        let unique = dlx(&[
            "binairo",
            &seed,
            "--encoding",
            encoding,
            "--limit",
            "2",
            "--count",
        ]);
        assert_eq!(unique.stdout, "1\n", "{encoding}");
    }
    let run = dlx(&["binairo", &seed]);
    insta::assert_snapshot!("binairo_first", run.report());
    let run = dlx(&["binairo", &seed, "--pretty"]);
    insta::assert_snapshot!("binairo_pretty", run.report());
    let run = dlx(&["binairo", &seed, "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(run.stdout.trim_end()).unwrap();
    assert_eq!(value["size"], 6);
    assert_eq!(value["grid"][0], serde_json::json!([1, 0, 0, 1, 1, 0]));
    assert_eq!(
        value["given"][0],
        serde_json::json!([false, true, false, false, false, false])
    );
    let rows: Vec<&str> = value["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    check_binairo(&puzzle, &rows.join("\n"));

    // The empty 4x4 grid: 72 solutions, every one printed and checked.
    let empty = b"4\n____\n____\n____\n____\n";
    let run = dlx_from_bytes(&["binairo", "--all"], empty);
    let solutions = boards(&run.stdout);
    assert_eq!(solutions.len(), 72);
    for solution in solutions {
        check_binairo(&["____"; 4], solution);
    }
    let run = dlx_from_bytes(&["binairo", "--count", "--encoding", "patterns"], empty);
    assert_eq!(run.stdout, "72\n");
    same_count_through_dlx(&["binairo", &seed], "1\n");

    bad_puzzle(
        "binairo_odd",
        &["binairo", &format!("{PUZZLES}/binairo-odd.txt")],
        &format!("{PUZZLES}/binairo-odd.txt:1:1: "),
    );
    bad_puzzle(
        "binairo_bad_char",
        &["binairo", &format!("{PUZZLES}/binairo-bad.txt")],
        &format!("{PUZZLES}/binairo-bad.txt:3:3: "),
    );
    let run = dlx_from_bytes(&["binairo"], b"4\n111_\n____\n____\n____\n");
    run.assert_status(1);
    insta::assert_snapshot!("binairo_broken", run.report());
}

/// `--split` prints the top of the tree; the counts below each prefix (`--within`), with the
/// solutions above the cut, add up to the whole count. A prefix that is not a path of the tree
/// is refused.
#[test]
fn split_prefixes_count_to_the_whole() {
    let run = dlx(&["solve", QUEENS8, "--split", "2"]);
    run.assert_status(0);
    let mut total: u128 = 0;
    let mut prefixes = 0;
    for line in run.stdout.lines() {
        let (kind, ids) = line.split_once(' ').expect("a kind and ids");
        match kind {
            "prefix" => {
                prefixes += 1;
                let below = dlx(&["solve", QUEENS8, "--count", "--within", ids]);
                below.assert_status(0);
                total += below.stdout.trim().parse::<u128>().unwrap();
            }
            "solution" => total += 1,
            other => panic!("unexpected line kind {other}"),
        }
    }
    assert!(prefixes > 8, "{}", run.stdout);
    assert_eq!(total, 92);

    let run = dlx(&["solve", QUEENS8, "--count", "--within", "1,1"]);
    run.assert_status(2);
    insta::assert_snapshot!("within_not_a_path", run.report());
    let run = dlx(&["solve", QUEENS8, "--count", "--within", "3 x"]);
    run.assert_status(2);
    assert!(
        run.stderr.contains("expected option numbers"),
        "{}",
        run.stderr
    );
}

/// The option numbers of each solution of a `--format json` run, in the order printed.
fn option_ids(stdout: &str) -> Vec<Vec<u64>> {
    stdout
        .lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            let ids = value["option_ids"].as_array().expect("option_ids");
            ids.iter().map(|id| id.as_u64().unwrap()).collect()
        })
        .collect()
}

/// `--given` keeps the solutions that hold its options, each listing them first: against
/// every solution filtered, on one thread and two, on the bit sets (for either set tree
/// asked, and in their tree of bounds), and through `--split` and `--within` below them.
/// Options that cannot be together, and memoization, are refused with exit status 2.
#[test]
fn given_options_keep_the_solutions_that_hold_them() {
    let all = dlx(&["solve", QUEENS8, "--all", "--format", "json"]);
    let all = option_ids(&all.stdout);
    assert_eq!(all.len(), 92);
    for given in [
        vec![0],
        vec![33],
        all[40][..2].to_vec(),
        all[7][1..4].to_vec(),
    ] {
        let ids = given
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let mut expected: Vec<BTreeSet<u64>> = all
            .iter()
            .filter(|solution| given.iter().all(|id| solution.contains(id)))
            .map(|solution| solution.iter().copied().collect())
            .collect();
        expected.sort();
        assert!(!expected.is_empty());
        let run = dlx(&[
            "solve", QUEENS8, "--all", "--format", "json", "--given", &ids,
        ]);
        run.assert_status(0);
        let found = option_ids(&run.stdout);
        assert!(
            found.iter().all(|solution| solution.starts_with(&given)),
            "{ids}"
        );
        let mut found: Vec<BTreeSet<u64>> =
            found.iter().map(|s| s.iter().copied().collect()).collect();
        found.sort();
        assert_eq!(found, expected, "{ids}");
        for threads in ["1", "2"] {
            let count = dlx(&[
                "solve",
                QUEENS8,
                "--count",
                "--given",
                &ids,
                "--threads",
                threads,
            ]);
            assert_eq!(count.stdout.trim(), expected.len().to_string(), "{ids}");
        }
        // Either set tree walks the bit sets from the given options.
        for tree in ["sparse-sets", "bitsets"] {
            let args = [
                "solve", QUEENS8, "--count", "--stats", "--given", &ids, "--tree", tree,
            ];
            let count = dlx(&args);
            assert_eq!(count.stdout.trim(), expected.len().to_string(), "{ids}");
            assert!(count.stderr.contains("tree: bitsets"), "{}", count.stderr);
        }
        let split = dlx(&["solve", QUEENS8, "--split", "1", "--given", &ids]);
        let mut total = 0;
        for line in split.stdout.lines() {
            match line.split_once(' ') {
                Some(("prefix", prefix)) => {
                    let below = dlx(&[
                        "solve", QUEENS8, "--count", "--given", &ids, "--within", prefix,
                    ]);
                    below.assert_status(0);
                    total += below.stdout.trim().parse::<usize>().unwrap();
                }
                _ => total += 1,
            }
        }
        assert_eq!(total, expected.len(), "{ids}");
    }
    // A count that memoizes by default (tile) enumerates from given options: the tilings
    // of its problem, written out and enumerated whole, that hold them.
    let board = ["tile", "--size", "4x4", "--pieces", "domino"];
    let encoding = dlx(&[&board[..], &["--format", "dlx"]].concat());
    let tilings = dlx_from_bytes(
        &["solve", "--all", "--format", "json"],
        encoding.stdout.as_bytes(),
    );
    let tilings = option_ids(&tilings.stdout);
    assert_eq!(tilings.len(), 36);
    for given in ["0", "5", "0 9"] {
        let ids: Vec<u64> = given.split(' ').map(|id| id.parse().unwrap()).collect();
        let holding = tilings
            .iter()
            .filter(|t| ids.iter().all(|id| t.contains(id)))
            .count();
        let count = dlx(&[&board[..], &["--count", "--given", given]].concat());
        count.assert_status(if holding > 0 { 0 } else { 1 });
        assert_eq!(count.stdout.trim(), holding.to_string(), "--given {given}");
    }
    for (args, says) in [
        (
            &["--given", "0,1"][..],
            "--given: options 0 and 1 cannot be in one solution: they both use item 'r0'",
        ),
        (&["--given", "99"], "--given: option 99 does not exist"),
        (&["--given", "5 5"], "--given: option 5 is given twice"),
        (
            &["--given", "5", "--count", "--memo"],
            "'--given <IDS>' cannot be used with '--memo'",
        ),
        (
            &["--given", "5", "--format", "zdd"],
            "cannot run on a subtree or from given options",
        ),
    ] {
        let run = dlx(&[&["solve", QUEENS8][..], args].concat());
        run.assert_status(2);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
    }
    // Bounds, in the bit sets' own tree and on the links.
    let mcc = "tests/corpus/random/mcc-s1.dlx";
    let counts: Vec<String> = ["bitsets", "links"]
        .map(|tree| {
            let run = dlx(&["solve", mcc, "--count", "--given", "0 3", "--tree", tree]);
            run.assert_status(0);
            run.stdout
        })
        .to_vec();
    assert_eq!(counts[0], counts[1]);
    assert_ne!(counts[0].trim(), "0");
}

// ---------------------------------------------------------------------------------------------
// --memo

/// `--count --memo` prints what `--count` prints, under both orders, on `solve` and on every
/// puzzle command.
#[test]
fn memo_counts_equal_enumerated_counts() {
    let cases: &[&[&str]] = &[
        &["solve", QUEENS8],
        &["solve", C_EXAMPLE],
        &["solve", NO_SOLUTION],
        &["tromino", "--size", "8", "--missing", "0,0"],
        &[
            "tromino",
            "--board",
            "tests/fixtures/puzzles/tromino-3x6.txt",
        ],
        &["queens", "8"],
        &["calendar", "aug-19"],
        &["sudoku", "tests/fixtures/puzzles/sudoku-4x4-empty.txt"],
        &["futoshiki", "tests/fixtures/puzzles/futoshiki-4x4-many.txt"],
        &["binairo", "tests/fixtures/puzzles/binairo-seed.txt"],
        &[
            "pack",
            "tests/fixtures/puzzles/pack-board.txt",
            "tests/fixtures/puzzles/pack-pieces.txt",
        ],
        &["arrows", "4"],
    ];
    for case in cases {
        let counted = dlx(&[case, &["--count"][..]].concat());
        for order in [
            &[][..],
            &["--order", "first-item"],
            &["--order", "fewest-options"],
        ] {
            let memo = dlx(&[case, &["--count", "--memo"][..], order].concat());
            assert_eq!(memo.stdout, counted.stdout, "{}", memo.report());
            assert_eq!(memo.status, counted.status, "{}", memo.report());
            assert_eq!(memo.stderr, counted.stderr, "{}", memo.report());
        }
    }
}

/// A count past 2^64 printed whole, as text and as a JSON number, with the statistics.
#[test]
fn memo_count_past_64_bits() {
    let args = [
        "tromino",
        "--size",
        "16",
        "--missing",
        "0,0",
        "--count",
        "--memo",
    ];
    let text = dlx(&args);
    text.assert_status(0);
    let count = text.stdout.trim_end();
    assert!(count.len() > 20, "{count}");
    let json = dlx(&[
        &args[..],
        &["--format", "json", "--stats", "--threads", "1"],
    ]
    .concat());
    json.assert_status(0);
    assert_eq!(
        json.stdout,
        format!("{{\"count\":{count},\"complete\":true}}\n")
    );
    insta::assert_snapshot!("memo_tromino16_json_stats", json.report_without_time());
}

// ---------------------------------------------------------------------------------------------
// tile

/// The tiles of a plain-text tiling (tile numbers per cell, `0` off the board), each as
/// [`normalized`] cells.
fn tiles_of(board: &str) -> Vec<BTreeSet<(i32, i32)>> {
    let mut tiles: HashMap<u64, Vec<(i32, i32)>> = HashMap::new();
    for (row, line) in board.lines().enumerate() {
        for (col, number) in line.split(' ').enumerate() {
            let number: u64 = number.parse().expect("a tile number");
            if number > 0 {
                tiles
                    .entry(number)
                    .or_default()
                    .push((row as i32, col as i32));
            }
        }
    }
    tiles.into_values().map(normalized).collect()
}

/// Every tiling printed covers the board with L-trominoes (checked here from the plain
/// text, not by the engine), each tiling once.
#[test]
fn tile_prints_tilings_by_the_pieces() {
    let run = dlx(&["tile", "--size", "3x6", "--pieces", "l-tromino", "--all"]);
    run.assert_status(0);
    let shapes = images(&[(0, 0), (1, 0), (1, 1)]);
    let boards: Vec<&str> = run.stdout.trim_end().split("\n\n").collect();
    for board in &boards {
        assert_eq!(board.lines().count(), 3);
        let tiles = tiles_of(board);
        assert_eq!(tiles.len(), 6, "{board}");
        assert!(tiles.iter().all(|tile| shapes.contains(tile)), "{board}");
    }
    let distinct: HashSet<&&str> = boards.iter().collect();
    assert_eq!(distinct.len(), boards.len());
    let count = dlx(&["tile", "--size", "3x6", "--pieces", "l-tromino", "--count"]);
    assert_eq!(count.stdout, format!("{}\n", boards.len()));
    insta::assert_snapshot!("tile_3x6_l_tromino_all", run.report());
}

/// Project Euler 161: the two trominoes tile a 9 x 12 board in 20574308184277971 ways
/// (memoized by default); small boards count the same by enumeration (--no-memo); a board
/// file and a pieces file work as the named forms do.
#[test]
fn tile_counts() {
    let euler = dlx(&["tile", "--size", "9x12", "--pieces", "trominoes", "--count"]);
    euler.assert_status(0);
    assert_eq!(euler.stdout, "20574308184277971\n");
    for size in ["2x9", "6x4", "5x3"] {
        let memo = dlx(&["tile", "--size", size, "--pieces", "trominoes", "--count"]);
        let enumerated = dlx(&[
            "tile",
            "--size",
            size,
            "--pieces",
            "trominoes",
            "--count",
            "--no-memo",
        ]);
        assert_eq!(memo.stdout, enumerated.stdout, "{size}");
    }
    let from_files = dlx(&[
        "tile",
        "tests/fixtures/puzzles/tromino-3x6.txt",
        "tests/fixtures/puzzles/pack-pieces.txt",
        "--count",
    ]);
    insta::assert_snapshot!("tile_files_count", from_files.report());
    let fixed = dlx(&[
        "tile", "--size", "2x4", "--pieces", "domino", "--fixed", "--count",
    ]);
    assert_eq!(fixed.stdout, "1\n");
}

// ---------------------------------------------------------------------------------------------
// --format zdd and --random

/// The ZDD on stdout holds exactly the solutions that enumeration finds (read back by the
/// memo tests' reader), for `solve` and a puzzle command.
#[test]
fn zdd_holds_the_solutions() {
    let run = dlx(&["solve", QUEENS8, "--format", "zdd"]);
    run.assert_status(0);
    let mut expected: Vec<Vec<usize>> = dlx::Solver::new(&problem(QUEENS8))
        .solutions()
        .map(|s| s.canonical().into_iter().map(OptionId::index).collect())
        .collect();
    expected.sort();
    assert_eq!(crate::util::zdd_solutions(&run.stdout), expected);
    let tiny = dlx(&[
        "solve",
        X_EXAMPLE,
        "--format",
        "zdd",
        "--stats",
        "--threads",
        "1",
    ]);
    insta::assert_snapshot!("x_zdd_stats", tiny.report_without_time());
    let queens = dlx(&["queens", "6", "--format", "zdd"]);
    queens.assert_status(0);
    assert_eq!(crate::util::zdd_solutions(&queens.stdout).len(), 4);
}

/// `--random N` prints N solutions, each an exact cover, the same for a seed whatever the
/// threads.
#[test]
fn random_solutions_are_solutions_and_repeat_with_their_seed() {
    let args = [
        "solve", QUEENS8, "--random", "25", "--seed", "11", "--format", "json",
    ];
    let run = dlx(&args);
    run.assert_status(0);
    // Draws may repeat, so each line is checked on its own.
    let queens = problem(QUEENS8);
    assert_eq!(run.stdout.lines().count(), 25);
    for line in run.stdout.lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        let ids: Vec<OptionId> = value["option_ids"]
            .as_array()
            .unwrap()
            .iter()
            .map(|id| OptionId::new(id.as_u64().unwrap() as usize))
            .collect();
        dlx::verify(&queens, &ids).unwrap();
    }
    let threads = dlx(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(threads.stdout, run.stdout);
    let other = dlx(&[
        "solve", QUEENS8, "--random", "25", "--seed", "12", "--format", "json",
    ]);
    assert_ne!(other.stdout, run.stdout);
    let board = dlx(&[
        "tile",
        "--size",
        "4x6",
        "--pieces",
        "l-tromino",
        "--random",
        "2",
        "--seed",
        "3",
    ]);
    insta::assert_snapshot!("tile_random", board.report());
    let none = dlx(&["solve", NO_SOLUTION, "--random", "3"]);
    none.assert_status(1);
    assert!(none.stdout.is_empty());
}

/// `--estimate N`: Knuth's estimate, the same for a seed, near the exact count.
#[test]
fn estimate_with_a_seed() {
    let run = dlx(&["solve", QUEENS8, "--estimate", "4000", "--seed", "5"]);
    run.assert_status(0);
    assert_eq!(
        dlx(&["solve", QUEENS8, "--estimate", "4000", "--seed", "5"]).stdout,
        run.stdout
    );
    let json = dlx(&[
        "queens",
        "8",
        "--estimate",
        "4000",
        "--seed",
        "5",
        "--format",
        "json",
    ]);
    let value: serde_json::Value = serde_json::from_str(json.stdout.trim_end()).unwrap();
    let (solutions, error) = (
        value["estimate"]["solutions"].as_f64().unwrap(),
        value["estimate"]["solutions_error"].as_f64().unwrap(),
    );
    assert!(
        (solutions - 92.0).abs() < 4.0 * error,
        "{solutions} ± {error}"
    );
    insta::assert_snapshot!("queens8_estimate", run.report());
}

/// `--generate`: a puzzle made from a seed reads back in the command's own format and in
/// Tatham's, has exactly one solution (`--count` without a limit), grades as asked, and is
/// the same puzzle for the same seed.
#[test]
fn sudoku_generate_solve_and_grade() {
    let made = dlx(&[
        "sudoku",
        "--generate",
        "9",
        "--difficulty",
        "advanced",
        "--seed",
        "11",
    ]);
    made.assert_status(0);
    insta::assert_snapshot!("sudoku_generate", made.report());
    let count = dlx_from_bytes(&["sudoku", "--count"], made.stdout.as_bytes());
    assert_eq!(count.assert_status(0).stdout, "1\n");
    let grade = dlx_from_bytes(&["sudoku", "--grade"], made.stdout.as_bytes());
    assert_eq!(grade.assert_status(0).stdout, "advanced\n");
    let id = dlx(&[
        "sudoku",
        "--generate",
        "9",
        "--difficulty",
        "advanced",
        "--seed",
        "11",
        "--format",
        "tatham",
    ]);
    let back = dlx_from_bytes(&["sudoku"], id.stdout.as_bytes());
    let solved = dlx_from_bytes(&["sudoku"], made.stdout.as_bytes());
    assert_eq!(back.assert_status(0).stdout, solved.stdout);
    // Tatham's form of the solution is the solved grid's ID.
    let solved_id = dlx_from_bytes(&["sudoku", "--format", "tatham"], made.stdout.as_bytes());
    let again = dlx_from_bytes(
        &["sudoku", "--format", "tatham"],
        solved_id.stdout.as_bytes(),
    );
    assert_eq!(again.stdout, solved_id.stdout);
    let several = dlx(&[
        "sudoku",
        "--generate",
        "4",
        "--puzzles",
        "3",
        "--seed",
        "2",
        "--format",
        "json",
        "--solution",
    ]);
    insta::assert_snapshot!("sudoku_generate_json", several.report());
}

#[test]
fn sudoku_grades_tathams_unreasonable_puzzle_with_its_search() {
    let run = dlx_from_bytes(
        &["sudoku", "--grade"],
        b"3x3du:3c4b1d5b8c5_6a1_8b9h2b3_2a6_4b7h9b8_7a3_2c8b1d4b9c8\n",
    );
    insta::assert_snapshot!("sudoku_grade_unreasonable", run.report());
    let several = dlx_from_bytes(&["sudoku", "--grade"], b"3x3:1z2z3z\n");
    several.assert_status(0);
    assert_eq!(several.stdout, "several solutions (not a puzzle)\n");
}

/// Futoshiki made from a seed: the puzzle reads back (also as an Unequal ID) with one
/// solution and the grade asked for.
#[test]
fn futoshiki_generate_solve_and_grade() {
    let args = [
        "futoshiki",
        "--generate",
        "5",
        "--difficulty",
        "extreme",
        "--seed",
        "4",
    ];
    let made = dlx(&args);
    made.assert_status(0);
    insta::assert_snapshot!("futoshiki_generate", made.report());
    let count = dlx_from_bytes(&["futoshiki", "--count"], made.stdout.as_bytes());
    assert_eq!(count.assert_status(0).stdout, "1\n");
    let grade = dlx_from_bytes(&["futoshiki", "--grade"], made.stdout.as_bytes());
    assert_eq!(grade.assert_status(0).stdout, "extreme\n");
    let id = dlx(&[&args[..], &["--format", "tatham"]].concat());
    let from_id = dlx_from_bytes(&["futoshiki"], id.stdout.as_bytes());
    let from_text = dlx_from_bytes(&["futoshiki"], made.stdout.as_bytes());
    assert_eq!(from_id.assert_status(0).stdout, from_text.stdout);
    let bad = dlx(&["futoshiki", "--generate", "5", "--difficulty", "hard"]);
    bad.assert_status(2);
    insta::assert_snapshot!("futoshiki_generate_bad_difficulty", bad.report());
}

/// `--timeout` bounds `--generate`: the puzzles made in time are printed, a note says how
/// many, and the status is 1 when there is none. Every puzzle printed is whole and unique.
#[test]
fn generating_stops_at_the_timeout() {
    // A 12 x 12 recursive futoshiki takes seconds (minutes in a debug build); it cannot be
    // made in a millisecond. Killed after a minute, should the bound not hold.
    let mut child = command(&[
        "futoshiki",
        "--generate",
        "12",
        "--difficulty",
        "recursive",
        "--seed",
        "1",
        "--timeout",
        "0.001",
    ])
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .expect("the dlx binary runs");
    let start = std::time::Instant::now();
    while child.try_wait().expect("waiting").is_none() {
        if start.elapsed().as_secs() > 60 {
            child.kill().expect("killing");
            panic!("--generate ran a minute past --timeout 0.001");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let none = child.wait_with_output().expect("the output");
    assert_eq!(none.status.code(), Some(1));
    assert!(none.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&none.stderr);
    assert!(
        stderr.contains("--timeout: the time ran out while making puzzle 1; 0 made"),
        "{stderr}"
    );
    // A thousand 9 x 9 extreme futoshiki take seconds: some are made in half a second.
    for puzzle in ["futoshiki", "sudoku", "binairo"] {
        let some = dlx(&[
            puzzle,
            "--generate",
            if puzzle == "binairo" { "14" } else { "9" },
            "--puzzles",
            "1000",
            "--seed",
            "2",
            "--format",
            "tatham",
            "--timeout",
            "0.5",
        ]);
        let made = some.stdout.lines().count();
        assert!(made < 1000, "{puzzle}: {made}");
        let note = format!("; {made} made");
        assert!(some.stderr.contains(&note), "{puzzle}: {}", some.stderr);
        some.assert_status(if made > 0 { 0 } else { 1 });
        for id in some.stdout.lines() {
            let count = dlx_from_bytes(&[puzzle, "--count", "--limit", "2"], id.as_bytes());
            assert_eq!(count.assert_status(0).stdout, "1\n", "{puzzle}: {id}");
        }
    }
}

/// The flags that shape a search or a drawing of a solved board mean nothing to `--generate`
/// and `--grade`: refused (exit status 2, naming the flag), never silently ignored.
#[test]
fn generate_and_grade_refuse_what_they_would_ignore() {
    // The puzzle as a game ID in place of the file: flags refused before it is read must
    // not race a writer of standard input.
    let puzzle = "4:1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,";
    for flags in [
        &["--threads", "2"][..],
        &["--propagate", "probing"],
        &["--tree", "sparse-sets"],
        &["--pretty"],
        &["--count"],
    ] {
        let made = dlx(&[&["futoshiki", "--generate", "4"][..], flags].concat());
        made.assert_status(2);
        let flag = flags[0];
        assert!(made.stderr.contains(flag), "{}", made.report());
        let graded = dlx(&[&["futoshiki", "--grade"][..], flags, &[puzzle]].concat());
        graded.assert_status(2);
        assert!(graded.stderr.contains(flag), "{}", graded.report());
    }
    // The flags of making a puzzle mean nothing to grading one, which runs to the end.
    for flags in [
        &["--timeout", "5"][..],
        &["--difficulty", "easy"],
        &["--puzzles", "2"],
        &["--extra-clues", "2"],
        &["--solution"],
    ] {
        let graded = dlx(&[&["futoshiki", "--grade"][..], flags, &[puzzle]].concat());
        graded.assert_status(2);
        assert!(graded.stderr.contains(flags[0]), "{}", graded.report());
    }
    // One thread is what they run on: allowed.
    dlx(&["futoshiki", "--generate", "4", "--threads", "1"]).assert_status(0);
}

/// `--extra-clues N` gives back N digits of the solution: the same puzzle with N more
/// givens, still with one solution.
#[test]
fn sudoku_extra_clues() {
    let base = [
        "sudoku",
        "--generate",
        "9",
        "--seed",
        "5",
        "--difficulty",
        "basic",
    ];
    let givens = |text: &str| text.chars().filter(char::is_ascii_digit).count();
    let minimal = dlx(&base);
    let more = dlx(&[&base[..], &["--extra-clues", "7"]].concat());
    assert_eq!(givens(&more.stdout), givens(&minimal.stdout) + 7);
    let kept = minimal
        .stdout
        .chars()
        .zip(more.stdout.chars())
        .all(|(a, b)| a == '.' || a == b);
    assert!(kept, "{}\n{}", minimal.stdout, more.stdout);
    let count = dlx_from_bytes(&["sudoku", "--count"], more.stdout.as_bytes());
    assert_eq!(count.assert_status(0).stdout, "1\n");
}

/// Binairo made from a seed, square with distinct lines and rectangular with repeats: the
/// puzzle reads back (also as an Unruly ID) with one solution and the grade asked for.
#[test]
fn binairo_generate_solve_and_grade() {
    let square = [
        "binairo",
        "--generate",
        "8",
        "--difficulty",
        "easy",
        "--seed",
        "2",
    ];
    let rect = [
        "binairo",
        "--generate",
        "6x10",
        "--repeats",
        "--difficulty",
        "normal",
        "--seed",
        "5",
    ];
    for (args, grade) in [(&square[..], "easy\n"), (&rect[..], "normal\n")] {
        let made = dlx(args);
        made.assert_status(0);
        let count = dlx_from_bytes(&["binairo", "--count"], made.stdout.as_bytes());
        assert_eq!(count.assert_status(0).stdout, "1\n", "{}", made.stdout);
        let graded = dlx_from_bytes(&["binairo", "--grade"], made.stdout.as_bytes());
        assert_eq!(graded.assert_status(0).stdout, grade);
        let id = dlx(&[args, &["--format", "tatham"]].concat());
        let from_id = dlx_from_bytes(&["binairo"], id.stdout.as_bytes());
        let from_text = dlx_from_bytes(&["binairo"], made.stdout.as_bytes());
        assert_eq!(from_id.assert_status(0).stdout, from_text.stdout);
    }
    insta::assert_snapshot!("binairo_generate_rect", dlx(&rect).report());
    let none = dlx(&["binairo", "--generate", "2x4"]);
    none.assert_status(2);
    insta::assert_snapshot!("binairo_generate_impossible", none.report());
}

/// A game ID given as the FILE argument is the puzzle itself, errors named `<game ID>`.
#[test]
fn game_ids_as_arguments() {
    let id = dlx(&["binairo", "8x8u:ADfBgcBbjEdbEeaEa", "--count"]);
    assert_eq!(id.assert_status(0).stdout, "1\n");
    let bad = dlx(&["futoshiki", "4:0,0,"]);
    bad.assert_status(2);
    insta::assert_snapshot!("game_id_argument_error", bad.report());
}

/// `--generate --format svg`: the puzzle drawn with its blanks empty, then (with --solution)
/// the solution, givens set apart; both in one document.
#[test]
fn generated_puzzles_drawn() {
    let run = dlx(&[
        "sudoku",
        "--generate",
        "4",
        "--seed",
        "1",
        "--format",
        "svg",
        "--solution",
    ]);
    run.assert_status(0);
    let documents: Vec<&str> = run.stdout.split("<svg x=\"0\" ").skip(1).collect();
    assert_eq!(documents.len(), 2);
    let texts = |doc: &str| doc.matches("<text").count();
    // The puzzle shows only its givens, the solution all 16 digits.
    let givens = dlx(&["sudoku", "--generate", "4", "--seed", "1"]).stdout;
    let given_count = givens.chars().filter(char::is_ascii_digit).count();
    assert_eq!(
        (texts(documents[0]), texts(documents[1])),
        (given_count, 16)
    );
    insta::assert_snapshot!("sudoku_generate_svg", run.report());
}
