//! The `dlx` binary end to end: what users see on stdout and stderr, and the exit status.
//!
//! Every run is snapshotted (insta, in `tests/snapshots/integration__cli__*.snap`) as the
//! command line, the exit status, stdout and stderr, so that a change in any message shows up
//! in review. Every solution the binary prints is read back and checked to be an exact cover
//! with `dlx::verify`, independently of the snapshot. Bad inputs live in `tests/fixtures/cli/`.

use std::collections::{HashMap, HashSet};
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
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE");
    command
}

/// One finished run of the binary.
struct Run {
    /// The command line as a user would type it (for the snapshot).
    shown: String,
    status: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `dlx ARGS` with an empty standard input.
fn dlx(args: &[&str]) -> Run {
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
    fn report(&self) -> String {
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

    /// The report with the `time:` line of `--stats` (which varies) redacted.
    fn report_without_time(&self) -> String {
        let redacted: Vec<String> = self
            .report()
            .lines()
            .map(|line| match line.strip_prefix("time: ") {
                Some(_) => "time: [redacted]".to_owned(),
                None => line.to_owned(),
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

    fn assert_status(&self, expected: i32) -> &Self {
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
    let run = dlx(&["solve", QUEENS8, "--count", "--stats"]);
    run.assert_status(0);
    assert_eq!(run.stdout, "92\n");
    insta::assert_snapshot!("queens8_count_stats", run.report_without_time());
}

#[test]
fn json_lines() {
    let run = dlx(&["solve", X_EXAMPLE, "--format", "json"]);
    run.assert_status(0);
    assert_eq!(check_json_solutions(&problem(X_EXAMPLE), &run.stdout), 1);
    insta::assert_snapshot!("x_json", run.report());
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
    assert_eq!(run.stdout, "{\"count\":10,\"complete\":false}\n");
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

/// The shards of a count, written to files as a batch system would, add up with `dlx merge`;
/// a missing or repeated shard is refused.
#[test]
fn shards_merge_to_the_whole_count() {
    let dir = std::env::temp_dir().join(format!("dlx-cli-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for (index, format) in [(0, "text"), (1, "json"), (2, "text")] {
        let shard = format!("{index}/3");
        let run = dlx(&[
            "solve", QUEENS8, "--count", "--shard", &shard, "--format", format,
        ]);
        run.assert_status_in(&[0, 1]);
        let file = dir.join(format!("shard{index}.out"));
        std::fs::write(&file, &run.stdout).unwrap();
        files.push(file.to_str().unwrap().to_owned());
    }
    let shard0 = std::fs::read_to_string(&files[0]).unwrap();
    assert!(shard0.starts_with("shard 0/3\n"), "{shard0}");

    let all: Vec<&str> = ["merge"]
        .into_iter()
        .chain(files.iter().map(String::as_str))
        .collect();
    let run = dlx(&all);
    run.assert_status(0);
    assert_eq!(run.stdout, "92\n");

    let run = dlx(&["merge", &files[0], &files[2]]);
    run.assert_status(2);
    assert!(run.stderr.contains("missing shard: 1/3"), "{}", run.stderr);
    let run = dlx(&["merge", &files[0], &files[1], &files[1], &files[2]]);
    run.assert_status(2);
    assert!(
        run.stderr.contains("shard 1/3 is given twice"),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();

    let run = dlx(&["solve", QUEENS8, "--count", "--shard", "3/3"]);
    run.assert_status(2);
    assert!(
        run.stderr.contains("I must be less than N"),
        "{}",
        run.stderr
    );
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

/// The scale-out examples of docs/scale-out.md, run: the GNU parallel script (when GNU
/// parallel is installed; `.ci/run` installs it, and under CI its absence fails the test), and
/// the Slurm script run as a job array would run it, task by task.
#[test]
fn scale_out_scripts_count_in_shards() {
    let doc = std::fs::read_to_string(root().join("docs/scale-out.md")).unwrap();
    let script = std::fs::read_to_string(root().join("scripts/shards-gnu-parallel.sh")).unwrap();
    let parallel_lines: Vec<&str> = script
        .lines()
        .skip_while(|line| !line.starts_with("parallel "))
        .collect();
    assert!(
        doc.contains(&parallel_lines.join("\n")),
        "docs/scale-out.md shows the script's commands as they are"
    );
    let binary = env!("CARGO_BIN_EXE_dlx");
    let has_parallel = std::process::Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success());
    if has_parallel {
        let out = std::process::Command::new("bash")
            .args(["scripts/shards-gnu-parallel.sh", QUEENS8, "5", "2"])
            .current_dir(root())
            .env("DLX", binary)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(String::from_utf8_lossy(&out.stdout), "92\n");
    } else {
        assert!(
            std::env::var_os("CI").is_none(),
            "GNU parallel is not installed, so its example is not tested"
        );
        eprintln!("GNU parallel is not installed: its example is not tested here");
    }

    let dir = std::env::temp_dir().join(format!("dlx-cli-slurm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for task in 0..64 {
        let out = std::process::Command::new("bash")
            .arg("scripts/shards.sbatch")
            .current_dir(root())
            .env("DLX", binary)
            .env("PROBLEM", "tests/corpus/langford11-sym.dlx")
            .env("SLURM_ARRAY_TASK_ID", task.to_string())
            .env("SLURM_CPUS_PER_TASK", "1")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "task {task}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let file = dir.join(format!("shard-{task}.out"));
        std::fs::write(&file, out.stdout).unwrap();
        files.push(file.to_str().unwrap().to_owned());
    }
    let args: Vec<&str> = ["merge"]
        .into_iter()
        .chain(files.iter().map(String::as_str))
        .collect();
    let run = dlx(&args);
    run.assert_status(0);
    assert_eq!(run.stdout, "17792\n");
    std::fs::remove_dir_all(&dir).unwrap();
}
