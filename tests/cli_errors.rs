//! Every error path of the `dlx` binary: its message and exit status, snapshotted (insta,
//! `tests/snapshots/integration__cli_errors__*.snap`), for the paths that `cli.rs` does not
//! already snapshot (the table at the end of this comment says which file covers what); then
//! the refusals of huge requests, the panic hook, and output to a closed pipe.
//!
//! Every run has `RUST_BACKTRACE=1` in its environment, and no run may print Rust's panic
//! message or a backtrace: a user sees one `dlx: ...` line (clap's argument errors excepted,
//! which add a usage line and a hint).
//!
//! | where (cli/) | error | snapshot |
//! |---|---|---|
//! | args.rs (clap) | conflicting flags, a missing value, bad numbers, unknown flags and commands | cli: `args_*`; here: `args_*` for the other value parsers and rules |
//! | solve.rs | file unreadable, not UTF-8, stdin unreadable, DLX text errors, `--format svg`, `--format dlx` with `--count`, `--within`, a full disk | cli: `error_*`, `stdin_*`, `solve_as_svg`, `within_not_a_path`; here: the rest |
//! | calendar.rs | a bad date, `--all-dates --format svg` | cli: `calendar_*`; here: `calendar_unknown_month` |
//! | merge.rs | every one | here: `merge_*` |
//! | pack.rs | board, pieces, puzzle errors | cli: `pack_*`; here: `pack_*` for the rest and the size limit |
//! | tromino.rs | no board, sizes, divide's conditions | cli: `tromino_*`; here: `tromino_*` for the rest |
//! | grids.rs | sizes out of range, puzzle files | cli: per puzzle; here: the upper size limits |
//! | main.rs | a panic | none: no honest way to reach one is known (`merge_huge_shard_count` was one) |

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::binary::Run;

/// The repository root: the binary runs there, so file names in messages are relative.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A folder for the files that tests write (in `target/`), made on first use.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cli_errors")
        .join(test);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// A command to run the real binary in `dir`, without colors, with backtraces asked for.
fn command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dlx"));
    command
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("RUST_BACKTRACE", "1")
        .env_remove("RUST_LIB_BACKTRACE");
    command
}

/// Runs `dlx ARGS` in `dir` with `stdin` (empty if `None`), and checks what every run must
/// satisfy: no panic message, no backtrace.
fn run_in(dir: &Path, args: &[&str], stdin: Option<Stdio>, shown: String) -> Run {
    let output = command(dir, args)
        .stdin(stdin.unwrap_or_else(Stdio::null))
        .output()
        .expect("the dlx binary runs");
    let run = Run {
        shown,
        status: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    };
    for sign in ["panicked", "stack backtrace", "RUST_BACKTRACE"] {
        assert!(
            !run.stderr.contains(sign),
            "`{}` printed '{sign}':\n{}",
            run.shown,
            run.stderr
        );
    }
    run
}

/// Runs `dlx ARGS` from the repository root.
fn dlx(args: &[&str]) -> Run {
    run_in(root(), args, None, format!("dlx {}", args.join(" ")))
}

/// Runs `dlx ARGS` in a scratch folder where `files` (name, contents) were written first.
fn dlx_with_files(test: &str, files: &[(&str, &str)], args: &[&str]) -> Run {
    let dir = scratch(test);
    for (name, contents) in files {
        std::fs::write(dir.join(name), contents).expect("a scratch file");
    }
    run_in(&dir, args, None, format!("dlx {}", args.join(" ")))
}

/// An error as docs/cli.md promises it: exit status 2, nothing on stdout, the message on stderr
/// (one line of ours; clap's own messages have a usage line and a hint); then the snapshot.
fn assert_error(name: &str, run: &Run) {
    assert_eq!(run.status, Some(2), "{}", run.report());
    assert!(run.stdout.is_empty(), "{}", run.report());
    let first = run.stderr.lines().next().unwrap_or_default();
    if first.starts_with("dlx: ") {
        assert!(
            first.starts_with("dlx: error: ") || first.starts_with("dlx: internal error: "),
            "{}",
            run.report()
        );
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.report());
    } else {
        assert!(first.starts_with("error: "), "{}", run.report());
    }
    insta::assert_snapshot!(name, run.report());
}

/// Runs `dlx ARGS` from the root and checks it as [`assert_error`] does.
fn error(name: &str, args: &[&str]) {
    assert_error(name, &dlx(args));
}

const TINY: &str = "tests/corpus/tiny/x-knuth-example.dlx";
const QUEENS8: &str = "tests/corpus/queens8.dlx";

// ---------------------------------------------------------------------------------------------
// Arguments: the value parsers and rules of args.rs that cli.rs leaves out

#[test]
fn argument_errors() {
    error(
        "args_timeout_not_seconds",
        &["queens", "4", "--timeout", "soon"],
    );
    error("args_timeout_zero", &["queens", "4", "--timeout", "0"]);
    error(
        "args_shard_malformed",
        &["queens", "6", "--count", "--shard", "3"],
    );
    error(
        "args_shard_out_of_range",
        &["queens", "6", "--count", "--shard", "4/4"],
    );
    error("args_within_not_ids", &["queens", "6", "--within", "1,x"]);
    error("args_missing_argument", &["queens"]);
    error("args_size_not_a_number", &["queens", "eight"]);
    error(
        "args_threads_not_a_number",
        &["queens", "6", "--threads", "all"],
    );
    error(
        "args_missing_requires_size",
        &["tromino", "--missing", "1,1"],
    );
    error(
        "args_size_and_board",
        &["tromino", "--size", "4", "--board", "board.txt"],
    );
    error(
        "args_all_dates_and_date",
        &["calendar", "8-19", "--all-dates"],
    );
    error(
        "args_plain_and_pretty",
        &["queens", "6", "--plain", "--pretty"],
    );
    error(
        "args_split_and_count",
        &["queens", "6", "--split", "2", "--count"],
    );
    error(
        "args_bad_method",
        &[
            "tromino",
            "--size",
            "4",
            "--missing",
            "0,0",
            "--method",
            "magic",
        ],
    );
    error("args_bad_encoding", &["binairo", "--encoding", "bits"]);
    error("args_bad_color", &["queens", "6", "--color", "sometimes"]);
    error("args_merge_no_files", &["merge"]);
    error("args_pack_no_pieces_file", &["pack", "board.txt"]);
}

// ---------------------------------------------------------------------------------------------
// solve.rs and the shared runner

#[test]
fn solve_errors() {
    error(
        "format_dlx_with_count",
        &["solve", TINY, "--format", "dlx", "--count"],
    );
    error(
        "format_dlx_with_all",
        &["queens", "6", "--format", "dlx", "--all"],
    );
    error(
        "within_no_such_option",
        &["solve", QUEENS8, "--count", "--within", "9999"],
    );
    error(
        "within_too_long",
        &["queens", "1", "--count", "--within", "0,0"],
    );
    // Algorithm M (the arrow board's row counts): the search branches on the first cell, and
    // option 0 (an arrow of another cell) is neither its branch nor a null move.
    error(
        "within_not_a_choice_with_multiplicities",
        &["arrows", "--size", "4", "--within", "0"],
    );
}

/// Standard input that cannot be read (here a folder: `dlx solve < .`).
#[cfg(unix)]
#[test]
fn stdin_unreadable() {
    let folder = std::fs::File::open(root()).expect("the root folder opens");
    let run = run_in(
        root(),
        &["solve"],
        Some(Stdio::from(folder)),
        "dlx solve < .".into(),
    );
    assert_error("stdin_unreadable", &run);
}

/// A write error other than a closed pipe (a full disk) has its message and status 2.
#[cfg(target_os = "linux")]
#[test]
fn full_disk() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // no /dev/full here: nothing to check
    };
    let output = command(root(), &["queens", "6", "--all"])
        .stdin(Stdio::null())
        .stdout(full)
        .output()
        .expect("the dlx binary runs");
    let run = Run {
        shown: "dlx queens 6 --all > /dev/full".into(),
        status: output.status.code(),
        stdout: String::new(),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    };
    assert_error("full_disk", &run);
}

// ---------------------------------------------------------------------------------------------
// calendar.rs

#[test]
fn calendar_errors() {
    error("calendar_unknown_month", &["calendar", "smarch-3"]);
}

// ---------------------------------------------------------------------------------------------
// merge.rs: every message

/// A shard's record as `dlx ... --count --shard` writes it (docs/scale-out.md), of one
/// made-up count.
fn record(shard: &str, count: &str) -> String {
    format!(
        "dlx shard record 1\nshard: {shard}\nproblem: sha256:{}\ndlx: 0.1.0\ncommand: solve\n\
         tree: links\npropagation: none\nmethod: search\n\
         cut: depth 2, prefixes 200, solutions above 0, taken 100\nstatus: complete\n\
         count: {count}\nend\n",
        "ab".repeat(32)
    )
}

#[test]
fn merge_errors() {
    let test = "merge";
    let zero = record("0/2", "17");
    let one = record("1/2", "25");
    let one_of_three = record("1/3", "4");
    let cut_short: String = zero
        .lines()
        .take(6)
        .map(|line| format!("{line}\n"))
        .collect();
    let bad_count = zero.replace("count: 17", "count: many");
    let huge = zero.replace("shard: 0/2", "shard: 0/18446744073709551615");
    let files: &[(&str, &str)] = &[
        ("zero.txt", &zero),
        ("one.txt", &one),
        ("one-of-three.txt", &one_of_three),
        ("cut-short.txt", &cut_short),
        ("bad-count.txt", &bad_count),
        ("huge.txt", &huge),
        ("old.txt", "shard 0/2\n17\n"),
        ("no-record.txt", "17\n"),
        ("bad.json", "{\"count\":17,\n"),
        ("unknown.json", "{\"count\":17,\"complete\":true}\n"),
    ];
    let cases: &[(&str, &[&str])] = &[
        ("merge_missing_file", &["merge", "zero.txt", "two.txt"]),
        ("merge_a_folder", &["merge", "."]),
        ("merge_not_a_record", &["merge", "no-record.txt", "one.txt"]),
        ("merge_old_output", &["merge", "old.txt", "one.txt"]),
        ("merge_cut_short", &["merge", "cut-short.txt", "one.txt"]),
        ("merge_bad_field", &["merge", "bad-count.txt", "one.txt"]),
        ("merge_json_cut_short", &["merge", "bad.json", "one.txt"]),
        ("merge_json_unknown", &["merge", "unknown.json", "one.txt"]),
        (
            "merge_different_splits",
            &["merge", "zero.txt", "one.txt", "one-of-three.txt"],
        ),
        (
            "merge_shard_twice",
            &["merge", "zero.txt", "zero.txt", "one.txt"],
        ),
        ("merge_missing_shard", &["merge", "one.txt"]),
        ("merge_huge_shard_count", &["merge", "huge.txt"]),
    ];
    for (name, args) in cases {
        assert_error(name, &dlx_with_files(test, files, args));
    }
    // And what they are errors about: the two shards add up.
    let total = dlx_with_files(test, files, &["merge", "one.txt", "zero.txt"]);
    assert_eq!((total.status, total.stdout.as_str()), (Some(0), "42\n"));
}

// ---------------------------------------------------------------------------------------------
// pack.rs

/// `size` x `size` open cells.
fn square_board(size: usize) -> String {
    let row = ".".repeat(size);
    (0..size).map(|_| format!("{row}\n")).collect()
}

#[test]
fn pack_errors() {
    error("pack_both_stdin", &["pack", "-", "-"]);
    let files = [
        ("board.txt", "...\n...\n"),
        ("empty.txt", ""),
        ("disconnected.txt", "A.A\n\nBBBB\n"),
        ("reused.txt", "AA\n\nAB\n"),
    ];
    let cases: &[(&str, &[&str])] = &[
        ("pack_no_pieces", &["pack", "board.txt", "empty.txt"]),
        (
            "pack_disconnected",
            &["pack", "board.txt", "disconnected.txt"],
        ),
        ("pack_name_reused", &["pack", "board.txt", "reused.txt"]),
    ];
    for (name, args) in cases {
        assert_error(name, &dlx_with_files("pack", &files, args));
    }
}

/// 62 L-shaped pieces of 10 cells (8 orientations each) on a 160 x 160 board: some 12
/// million options and 7 GiB, refused before a placement is tried (the areas differ too,
/// which comes second). On 80 x 80 the same pieces get to the area check.
#[test]
fn pack_too_large() {
    let names = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let pieces: Vec<String> = names
        .chars()
        .map(|name| format!("{}{name}{name}\n", format!("{name}\n").repeat(8)))
        .collect();
    let pieces = pieces.join("\n");
    let (large, small) = (square_board(160), square_board(80));
    let files = [
        ("board160.txt", large.as_str()),
        ("board80.txt", small.as_str()),
        ("pieces.txt", pieces.as_str()),
    ];
    let run = dlx_with_files(
        "pack_too_large",
        &files,
        &["pack", "board160.txt", "pieces.txt"],
    );
    assert_error("pack_too_large", &run);
    let run = dlx_with_files(
        "pack_too_large",
        &files,
        &["pack", "board80.txt", "pieces.txt"],
    );
    assert_eq!(run.status, Some(2), "{}", run.report());
    assert!(
        run.stderr.contains("the pieces have 620 cells"),
        "{}",
        run.report()
    );
    // A pieces file is read no further than a million cells on a small board.
    let pieces = ("A".repeat(1024) + "\n").repeat(1025);
    let files = [("board.txt", ".\n"), ("pieces.txt", pieces.as_str())];
    let run = dlx_with_files(
        "pack_too_large",
        &files,
        &["pack", "board.txt", "pieces.txt"],
    );
    assert_error("pack_too_many_cells", &run);
}

// ---------------------------------------------------------------------------------------------
// tromino.rs

#[test]
fn tromino_errors() {
    error("tromino_no_board", &["tromino"]);
    error(
        "tromino_size_zero",
        &["tromino", "--size", "0", "--missing", "0,0"],
    );
    error("tromino_size_zero_full", &["tromino", "--size", "0"]);
    error(
        "tromino_size_too_large",
        &["tromino", "--size", "20000", "--missing", "0,0"],
    );
    error(
        "tromino_size_too_large_full",
        &["tromino", "--size", "20000"],
    );
    // Within the size limit, but the exact-cover matrix would not fit in memory: refused
    // before it is built, by exact cover and for `--format dlx`.
    error(
        "tromino_cover_too_large",
        &["tromino", "--size", "4096", "--missing", "0,0", "--count"],
    );
    error(
        "tromino_dlx_too_large",
        &[
            "tromino",
            "--size",
            "4096",
            "--missing",
            "0,0",
            "--method",
            "divide",
            "--format",
            "dlx",
        ],
    );
    error(
        "tromino_divide_no_missing_cell",
        &["tromino", "--size", "4", "--method", "divide"],
    );
    let files = [("board.txt", "....\n...#\n")];
    let args = ["tromino", "--board", "board.txt", "--method", "divide"];
    assert_error(
        "tromino_divide_not_square",
        &dlx_with_files("tromino", &files, &args),
    );
}

// ---------------------------------------------------------------------------------------------
// grids.rs: the upper limits of sizes (the lower ones are in cli.rs)

#[test]
fn size_limits() {
    error("queens_too_large", &["queens", "1001"]);
    error("arrows_too_large", &["arrows", "--size", "102"]);
    // An 81 x 81 sudoku (boxes of 9): the largest is 64 x 64.
    let grid = square_board(81);
    let run = dlx_with_files("sudoku", &[("81.txt", &grid)], &["sudoku", "81.txt"]);
    assert_error("sudoku_too_large", &run);
}

// ---------------------------------------------------------------------------------------------
// Closed pipes: `dlx ... | head -1` ends quietly with status 0

/// Runs `dlx ARGS`, reads `lines` lines of its output (none: closes it at once), closes it,
/// and checks that the binary then ends with status 0 and an empty stderr. With `--stats`
/// in ARGS, the empty stderr shows that the binary stopped at the closed pipe (a search that
/// ran on would print its statistics).
fn closed_pipe(args: &[&str], lines: usize) {
    use std::io::BufRead;
    let mut child = command(root(), args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dlx binary runs");
    let mut stdout = std::io::BufReader::new(child.stdout.take().expect("a piped stdout"));
    for _ in 0..lines {
        let mut line = String::new();
        stdout.read_line(&mut line).expect("a line");
        assert!(!line.is_empty(), "dlx {}: no output", args.join(" "));
    }
    drop(stdout);
    let output = child.wait_with_output().expect("the dlx binary finishes");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(0),
        "dlx {}: {stderr}",
        args.join(" ")
    );
    assert!(stderr.is_empty(), "dlx {}: {stderr}", args.join(" "));
}

#[test]
fn closed_pipes_end_quietly() {
    // Outputs larger than a pipe's buffer (64 KB), so writing must fail: 724 boards of
    // 10 x 10, a 1024 x 1024 tiling (5 MB), the pieces of a solution as JSON.
    closed_pipe(&["queens", "10", "--all", "--stats"], 1);
    closed_pipe(&["queens", "10", "--all", "--format", "json", "--stats"], 1);
    let divide = [
        "tromino",
        "--size",
        "1024",
        "--missing",
        "0,0",
        "--method",
        "divide",
    ];
    closed_pipe(&[&divide[..], &["--stats"]].concat(), 1);
    closed_pipe(&["queens", "300", "--format", "dlx"], 1);
    // Small outputs: the pipe is closed before the binary writes anything.
    closed_pipe(&["calendar", "8-19", "--all"], 0);
    closed_pipe(&["calendar", "--all-dates"], 0);
    closed_pipe(&["solve", QUEENS8, "--split", "3"], 0);
    closed_pipe(&["solve", QUEENS8, "--count"], 0);
}

/// `dlx merge` prints with `println!`, which panics on a closed pipe; the panic hook ends
/// that quietly too.
#[test]
fn merge_to_a_closed_pipe() {
    let dir = scratch("merge_pipe");
    std::fs::write(dir.join("zero.txt"), record("0/2", "17")).expect("a scratch file");
    std::fs::write(dir.join("one.txt"), record("1/2", "25")).expect("a scratch file");
    let mut child = command(&dir, &["merge", "zero.txt", "one.txt"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dlx binary runs");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("the dlx binary finishes");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

/// The helpers above can fail: a run that is no error, and one whose stderr has two lines.
#[test]
fn the_checks_can_fail() {
    let ok = dlx(&["queens", "4"]);
    assert!(std::panic::catch_unwind(|| assert_error("never_written", &ok)).is_err());
    let two_lines = Run {
        shown: "dlx".into(),
        status: Some(2),
        stdout: String::new(),
        stderr: "dlx: error: one\ndlx: error: two\n".into(),
    };
    assert!(std::panic::catch_unwind(|| assert_error("never_written", &two_lines)).is_err());
}

// ---------------------------------------------------------------------------------------------
// --memo

#[test]
fn memo_errors() {
    error("memo_without_count", &["queens", "6", "--memo"]);
    error(
        "memo_with_within",
        &["queens", "6", "--count", "--memo", "--within", "0"],
    );
    error(
        "memo_with_limit",
        &["queens", "6", "--count", "--memo", "--limit", "3"],
    );
    error(
        "memo_limit_without_count",
        &["queens", "6", "--memo-limit", "1G"],
    );
    error(
        "memo_limit_bad_unit",
        &["queens", "6", "--count", "--memo", "--memo-limit", "5Q"],
    );
    error(
        "memo_limit_too_large",
        &[
            "queens",
            "6",
            "--count",
            "--memo",
            "--memo-limit",
            "99999999T",
        ],
    );
    error(
        "memo_limit_reached",
        &[
            "tromino",
            "--size",
            "16",
            "--missing",
            "0,0",
            "--count",
            "--memo",
            "--memo-limit",
            "64K",
            "--threads",
            "1",
        ],
    );
    error(
        "no_memo_with_memo",
        &[
            "tromino",
            "--size",
            "4",
            "--missing",
            "0,0",
            "--count",
            "--memo",
            "--no-memo",
        ],
    );
    error(
        "memo_bad_order",
        &["queens", "6", "--count", "--memo", "--order", "random"],
    );
    // An item of 60 options taken up to 20 times: named, not numbered.
    let many = format!("0:20|bigitem\n{}", "bigitem\n".repeat(60));
    assert_error(
        "memo_too_many_branches",
        &dlx_with_files(
            "memo_branches",
            &[("many.dlx", &many)],
            &["solve", "many.dlx", "--count", "--memo"],
        ),
    );
}

// ---------------------------------------------------------------------------------------------
// tile

#[test]
fn tile_errors() {
    error("tile_no_board", &["tile", "--pieces", "domino"]);
    error("tile_no_pieces", &["tile", "--size", "4x4"]);
    error(
        "tile_too_many_files",
        &["tile", "--size", "4x4", "--pieces", "domino", "board.txt"],
    );
    error(
        "tile_bad_size",
        &["tile", "--size", "4by4", "--pieces", "domino"],
    );
    error(
        "tile_zero_size",
        &["tile", "--size", "0x4", "--pieces", "domino"],
    );
    error(
        "tile_bad_set",
        &["tile", "--size", "4x4", "--pieces", "hexominoes"],
    );
    error(
        "tile_huge_board",
        &["tile", "--size", "100000x100000", "--pieces", "pentominoes"],
    );
    error(
        "tile_large_board",
        &["tile", "--size", "10000x10000", "--pieces", "pentominoes"],
    );
}

// ---------------------------------------------------------------------------------------------
// --random and --format zdd

#[test]
fn random_and_zdd_errors() {
    error("seed_without_random", &["queens", "6", "--seed", "3"]);
    error("estimate_zero", &["queens", "6", "--estimate", "0"]);
    error(
        "estimate_with_count",
        &["queens", "6", "--estimate", "9", "--count"],
    );
    error(
        "estimate_as_svg",
        &["queens", "6", "--estimate", "9", "--format", "svg"],
    );
    error("random_zero", &["queens", "6", "--random", "0"]);
    error(
        "random_with_count",
        &["queens", "6", "--random", "3", "--count"],
    );
    error(
        "random_with_all",
        &["queens", "6", "--random", "3", "--all"],
    );
    error("zdd_with_all", &["queens", "6", "--format", "zdd", "--all"]);
    error(
        "zdd_with_count",
        &["queens", "6", "--format", "zdd", "--count"],
    );
    error(
        "zdd_memo_limit",
        &[
            "tromino",
            "--size",
            "16",
            "--missing",
            "0,0",
            "--format",
            "zdd",
            "--memo-limit",
            "64K",
        ],
    );
}

/// The flags that do not go together are refused from one table, before the input is read:
/// a file that does not exist is never opened.
#[test]
fn flags_that_do_not_go_together_are_refused_before_the_input_is_read() {
    let missing = "no-such-dir/puzzle.txt";
    for (args, refusal) in [
        (
            &["sudoku", missing, "--grade", "--count"][..],
            "--count shapes a search; --grade does not search for solutions: drop --count",
        ),
        (
            &["sudoku", missing, "--grade", "--timeout", "5"],
            "--grade runs until it has the grade: drop --timeout",
        ),
        (
            &["futoshiki", missing, "--hint", "--format", "svg"],
            "--hint prints deductions: use --format text or json with it",
        ),
        (
            &["sudoku", missing, "--explain", "--pretty"],
            "--pretty draws a solved board; --explain prints in the command's own format",
        ),
        (
            &["futoshiki", "--generate", "5", "--format", "dlx"],
            "--generate prints puzzles: use --format text, json, tatham or svg with it",
        ),
        (
            &["solve", missing, "--format", "svg"],
            "--format svg draws the boards of puzzle commands",
        ),
        (
            &["solve", missing, "--format", "dlx", "--count"],
            "--format dlx prints the exact-cover problem instead of solving it",
        ),
        (
            &["latin", missing, "--count", "--format", "svg"],
            "--count prints a number: use --format text or json with it",
        ),
        (
            &["solve", missing, "--seed", "3"],
            "--seed seeds --random and --estimate: give one of them",
        ),
        (
            &["solve", missing, "--estimate", "5", "--format", "zdd"],
            "--estimate prints figures: use --format text or json with it",
        ),
        (
            &["solve", missing, "--format", "zdd", "--limit", "3"],
            "--format zdd writes the diagram of all solutions",
        ),
        (
            &["latin", missing, "--format", "tatham"],
            "--format tatham: only futoshiki, binairo, sudoku, towers, keen and dominosa have Tatham game IDs",
        ),
        (
            &["calendar", "--all-dates", "--format", "svg"],
            "--all-dates prints counts: use --format text, json or dlx with it",
        ),
    ] {
        let run = dlx(args);
        assert_eq!(run.status, Some(2), "{}", run.report());
        assert!(run.stdout.is_empty(), "{}", run.report());
        assert!(
            run.stderr.starts_with("dlx: error: ") && run.stderr.contains(refusal),
            "{}",
            run.report()
        );
    }
}
