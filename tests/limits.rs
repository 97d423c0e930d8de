//! Limits that hold off the well-trodden path: no command destroys its input through `-o`,
//! a failed command leaves the output file as it was, and wide problems on several threads
//! run near their sequential time with every limit honoured. Time bounds here are generous
//! (a run that took 3 s before its fix is held to 20 s; it takes milliseconds now).

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::binary::{dlx, dlx_in, Run};
use crate::shards::scratch;
use crate::util;

/// `-o` naming an input, by its name, a symbolic link, a hard link or stdin, is refused, and
/// the input is left whole (`dlx solve x.dlx -o x.dlx` emptied it, then read it as empty).
#[test]
fn an_output_that_is_an_input_is_refused() {
    let dir = scratch("output-is-input");
    let queens = util::read_corpus_text("queens8.dlx");
    std::fs::write(dir.join("x.dlx"), &queens).unwrap();
    std::os::unix::fs::symlink("x.dlx", dir.join("link.dlx")).unwrap();
    std::fs::hard_link(dir.join("x.dlx"), dir.join("hard.dlx")).unwrap();
    let puzzle =
        std::fs::read_to_string(util::repo_root().join("tests/fixtures/puzzles/futoshiki-4x4.txt"))
            .unwrap();
    std::fs::write(dir.join("f.txt"), &puzzle).unwrap();
    let record = dlx(&[
        "solve",
        util::corpus_path("queens8.dlx").to_str().unwrap(),
        "--count",
        "--shard",
        "0/1",
    ]);
    std::fs::write(dir.join("m.txt"), &record.stdout).unwrap();
    for args in [
        &["solve", "x.dlx", "-o", "x.dlx"][..],
        &["solve", "link.dlx", "-o", "x.dlx"],
        &["solve", "x.dlx", "-o", "link.dlx"],
        &["solve", "hard.dlx", "--count", "-o", "x.dlx"],
        &["futoshiki", "f.txt", "-o", "f.txt"],
        &["merge", "m.txt", "-o", "m.txt"],
    ] {
        let run = dlx_in(&dir, args);
        run.assert_status(2);
        assert!(
            run.stderr.contains("is also the output"),
            "{args:?}: {}",
            run.stderr
        );
    }
    let stdin = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(["solve", "-o", "x.dlx"])
        .stdin(std::fs::File::open(dir.join("x.dlx")).unwrap())
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(stdin.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&stdin.stderr).contains("<stdin>: is also the output"));
    assert_eq!(std::fs::read_to_string(dir.join("x.dlx")).unwrap(), queens);
    assert_eq!(std::fs::read_to_string(dir.join("f.txt")).unwrap(), puzzle);
    assert_eq!(
        std::fs::read_to_string(dir.join("m.txt")).unwrap(),
        record.stdout
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `-o FILE` takes its place only when the command ends without an error: a failed command
/// leaves FILE as it was, and no temporary file behind.
#[test]
fn a_failed_command_leaves_the_output_file_as_it_was() {
    let dir = scratch("output-kept");
    std::fs::write(dir.join("out.txt"), "what was there\n").unwrap();
    let run = dlx_in(&dir, &["solve", "no-such-file.dlx", "-o", "out.txt"]);
    run.assert_status(2);
    let run = dlx_in(
        &dir,
        &["queens", "8", "--count", "--format", "svg", "-o", "out.txt"],
    );
    run.assert_status(2);
    assert_eq!(
        std::fs::read_to_string(dir.join("out.txt")).unwrap(),
        "what was there\n"
    );
    let run = dlx_in(&dir, &["queens", "8", "--count", "-o", "out.txt"]);
    run.assert_status(0);
    assert_eq!(
        std::fs::read_to_string(dir.join("out.txt")).unwrap(),
        "92\n"
    );
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(left, ["out.txt"]);
    // A device is written in place: `-o /dev/null`, and the error of a full one names it.
    dlx_in(&dir, &["queens", "8", "--count", "-o", "/dev/null"]).assert_status(0);
    let full = dlx_in(&dir, &["queens", "8", "--count", "-o", "/dev/full"]);
    full.assert_status(2);
    assert!(
        full.stderr.contains("/dev/full: cannot write the output"),
        "{}",
        full.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `-o` keeps what it should: written to `/dev/stdout` (or `/dev/stderr`) it appends to the
/// file the shell opened, as `>>` asked, where it once replaced the file (a new inode, the
/// appended log gone); the file it replaces keeps its mode (600 stayed 600, not 644); a run
/// that SIGINT stops leaves the file as it was, where it once left partial results; and a
/// shard stopped by a limit never replaces a complete record with an incomplete one.
#[test]
fn the_output_file_keeps_logs_modes_and_finished_records() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("output-keeps");
    let dlx = env!("CARGO_BIN_EXE_dlx");
    for device in ["/dev/stdout", "/dev/stderr", "/dev/fd/1"] {
        std::fs::write(dir.join("log"), "a\n").unwrap();
        let redirect = if device == "/dev/stderr" { "2>>" } else { ">>" };
        let status = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "'{dlx}' queens 6 --count -o {device} {redirect} log"
            ))
            .current_dir(&dir)
            .status()
            .unwrap();
        assert!(status.success());
        assert_eq!(
            std::fs::read_to_string(dir.join("log")).unwrap(),
            "a\n4\n",
            "{device}"
        );
    }
    std::fs::write(dir.join("private"), "x\n").unwrap();
    std::fs::set_permissions(dir.join("private"), std::fs::Permissions::from_mode(0o600)).unwrap();
    dlx_in(&dir, &["queens", "6", "--count", "-o", "private"]).assert_status(0);
    let mode = std::fs::metadata(dir.join("private"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    assert_eq!(std::fs::read_to_string(dir.join("private")).unwrap(), "4\n");

    // SIGINT half a second into a long count (18 queens take minutes on one thread).
    let q18 = dlx_in(&dir, &["queens", "18", "--format", "dlx", "-o", "q18.dlx"]);
    q18.assert_status(0);
    std::fs::write(dir.join("count"), "old\n").unwrap();
    let mut child = Command::new(dlx)
        .args([
            "solve",
            "q18.dlx",
            "--count",
            "--threads",
            "1",
            "-o",
            "count",
        ])
        .current_dir(&dir)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    assert_eq!(std::fs::read_to_string(dir.join("count")).unwrap(), "old\n");

    let q8 = crate::util::corpus_path("queens8.dlx");
    let q8 = q8.to_str().unwrap();
    let shard = ["solve", q8, "--count", "--shard", "0/2", "-o", "record"];
    dlx_in(&dir, &shard).assert_status(0);
    let complete = std::fs::read_to_string(dir.join("record")).unwrap();
    assert!(complete.contains("status: complete"), "{complete}");
    let stopped = dlx_in(&dir, &[&shard[..], &["--node-limit", "3"]].concat());
    assert_eq!(stopped.status, Some(1), "{}", stopped.report());
    assert!(
        stopped.stderr.contains("left as it was"),
        "{}",
        stopped.report()
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("record")).unwrap(),
        complete
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A memoized run on two threads stops at its time limit within a wide level (it ran to the
/// level's end: pento6x10 `--memo --timeout 0.5` took 9.3 s and 3 GB), and `--total-timeout`
/// bounds `--random` and `--generate` as `--timeout` does (both ran past it).
#[test]
fn memoized_runs_and_makers_stop_at_their_limits() {
    let pento = util::corpus_path("pento6x10.dlx");
    let pento = pento.to_str().unwrap();
    for args in [
        &[
            "solve",
            pento,
            "--count",
            "--memo",
            "--timeout",
            "0.5",
            "--threads",
            "2",
        ][..],
        &[
            "solve",
            pento,
            "--random",
            "10",
            "--total-timeout",
            "0.5",
            "--threads",
            "2",
        ],
        &[
            "futoshiki",
            "--generate",
            "12",
            "--difficulty",
            "recursive",
            "--total-timeout",
            "0.5",
        ],
    ] {
        let started = Instant::now();
        let run = dlx(args);
        let took = started.elapsed();
        assert!(took < Duration::from_secs(3), "{took:?}\n{}", run.report());
        assert!(
            run.status == Some(1) || run.status == Some(2),
            "{}",
            run.report()
        );
        assert!(
            run.stderr.contains("time limit ran out") || run.stderr.contains("the time ran out"),
            "{}",
            run.report()
        );
    }
}

/// One item of 300,000 options, each a solution: on two threads each option given away was
/// a task that covered the item again (80,000 options took 2.9 s here, 70 s elsewhere;
/// 300,000 would take about 40 s). Now the count takes milliseconds on any thread count, and
/// the node limit stops it.
#[test]
fn a_wide_problem_on_two_threads_runs_near_its_sequential_time() {
    let dir = scratch("wide");
    let mut text = String::from("A\n");
    for _ in 0..300_000 {
        text.push_str("A\n");
    }
    let file = dir.join("wide.dlx");
    std::fs::write(&file, text).unwrap();
    let file = file.to_str().unwrap();
    // On every tree and with propagation too: the sets' trees and probing gave the item
    // away at every checkpoint (56-73 s on two threads where one took 0.02 s).
    for (threads, flags) in [
        ("1", &[][..]),
        ("2", &[]),
        ("8", &[]),
        ("2", &["--tree", "sparse-sets"]),
        ("2", &["--tree", "bitsets"]),
        ("2", &["--propagate", "probing"]),
    ] {
        let started = Instant::now();
        let run = dlx(&[&["solve", file, "--count", "--threads", threads][..], flags].concat());
        run.assert_status(0);
        assert_eq!(run.stdout, "300000\n");
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{threads} threads {flags:?}: {:?}",
            started.elapsed()
        );
    }
    let run = dlx(&[
        "solve",
        file,
        "--count",
        "--threads",
        "2",
        "--node-limit",
        "1000",
    ]);
    run.assert_status(0);
    let count: u64 = run.stdout.trim().parse().unwrap();
    assert!(count < 300_000, "{}", run.stdout);
    assert!(run.stderr.contains("node limit"), "{}", run.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Many items and no options: the bit sets' table of each level's uncovered items (a million
/// items: 125 GB) was left out of whether a problem fits them, and its allocation aborted the
/// process (exit 134). Now the count is 0 with exit status 1, quickly.
#[test]
fn many_items_without_options_count_none_quickly() {
    let dir = scratch("many-items");
    let names: Vec<String> = (0..1_000_000).map(|k| format!("i{k}")).collect();
    std::fs::write(dir.join("items.dlx"), names.join(" ") + "\n").unwrap();
    let started = Instant::now();
    let run = dlx_in(&dir, &["solve", "items.dlx", "--count"]);
    run.assert_status(1);
    assert_eq!(run.stdout, "0\n", "{}", run.stderr);
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A deep problem: 200,000 items of one option each. Its search is as deep as its items, and
/// a choice that looked at every live item at each node made it quadratic: forcing at every
/// node took 24 s and the memo count by fewest options more than 60 s, where the links
/// take 0.06 s. Now each stops at the first item with one option; the trees and the
/// algorithm that cannot (the sparse sets, Algorithm M) say so in a note.
#[test]
fn deep_problems_take_linear_time_or_say_why_not() {
    let dir = scratch("deep");
    let deep = |items: usize, bounds: &str, copies: usize| {
        let names: Vec<String> = (0..items).map(|k| format!("{bounds}i{k}")).collect();
        let mut text = names.join(" ") + "\n";
        for k in 0..items {
            for _ in 0..copies {
                text.push_str(&format!("i{k}\n"));
            }
        }
        text
    };
    std::fs::write(dir.join("deep.dlx"), deep(200_000, "", 1)).unwrap();
    for flags in [
        &["--propagate", "forcing"][..],
        &["--propagate", "probing"],
        &["--memo", "--order", "fewest-options"],
        &["--threads", "1", "--memo", "--order", "fewest-options"],
    ] {
        let started = Instant::now();
        let run = dlx_in(&dir, &[&["solve", "deep.dlx", "--count"], flags].concat());
        run.assert_status(0);
        assert_eq!(run.stdout, "1\n", "{flags:?}: {}", run.stderr);
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{flags:?}: {:?}",
            started.elapsed()
        );
    }
    std::fs::write(dir.join("wide.dlx"), deep(40_000, "", 1)).unwrap();
    for tree in ["sparse-sets", "bitsets"] {
        let run = dlx_in(&dir, &["solve", "wide.dlx", "--count", "--tree", tree]);
        run.assert_status(0);
        assert!(
            run.stderr
                .contains("the sparse sets look at every one of the 40000 primary items"),
            "{tree}: {}",
            run.stderr
        );
    }
    std::fs::write(dir.join("bounded.dlx"), deep(100_000, "2:2|", 2)).unwrap();
    let started = Instant::now();
    let run = dlx_in(&dir, &["solve", "bounded.dlx", "--count", "--timeout", "1"]);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    assert!(
        run.stderr
            .contains("Algorithm M (items with bounds) looks at every one of the 100000"),
        "{}",
        run.stderr
    );
    // Below the threshold no note: a narrow problem on the sparse sets says nothing.
    std::fs::write(dir.join("narrow.dlx"), deep(1_000, "", 1)).unwrap();
    let run = dlx_in(
        &dir,
        &["solve", "narrow.dlx", "--count", "--tree", "sparse-sets"],
    );
    run.assert_status(0);
    assert_eq!(run.stderr, "");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `dlx ARGS` with a standard input that sends `first` and then neither sends nor
/// closes, for at most `bound`; returns the run and how long it took.
fn with_open_stdin(args: &[&str], first: &[u8], bound: Duration) -> (Run, Duration) {
    use std::io::Write;
    let started = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(first).unwrap();
    stdin.flush().unwrap();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > bound {
            let _ = child.kill();
            panic!("{args:?} still runs after {bound:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let took = started.elapsed();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    let run = Run {
        shown: format!("dlx {}", args.join(" ")),
        status: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    };
    (run, took)
}

/// Endless inputs are bounded: by size (`/dev/zero` grew to 24 GB), by `--timeout`, which
/// covers reading (a pipe that never ends ran on past it), and by the first byte that is not
/// UTF-8, refused where it is rather than at the end of an input that has none.
#[test]
fn endless_inputs_stop_at_their_limits() {
    let run = dlx(&["solve", "/dev/zero", "--count", "--max-input", "1M"]);
    run.assert_status(2);
    assert!(
        run.stderr
            .contains("/dev/zero: larger than the limit of 1 MiB on inputs (--max-input"),
        "{}",
        run.stderr
    );
    let run = dlx(&["sudoku", "/dev/zero", "--max-input", "64K"]);
    run.assert_status(2);
    assert!(run.stderr.contains("64 KiB"), "{}", run.stderr);

    let (run, took) = with_open_stdin(
        &["solve", "--count", "--timeout", "0.5"],
        b"a b\na\n",
        Duration::from_secs(20),
    );
    run.assert_status(1);
    assert_eq!(run.stdout, "0\n");
    assert!(
        run.stderr
            .contains("the time limit ran out while <stdin> was read"),
        "{}",
        run.stderr
    );
    assert!(took < Duration::from_secs(10), "{took:?}");

    let (run, _) = with_open_stdin(&["solve", "--count"], b"a b\n\xff", Duration::from_secs(20));
    run.assert_status(2);
    assert!(
        run.stderr
            .contains("<stdin>:2:1: expected UTF-8 text, found the byte 0xFF"),
        "{}",
        run.stderr
    );
}

/// `--estimate` and `--random` stop at `--timeout` and (the estimate) at `--node-limit`,
/// with a note that says after how many paths or draws: they ran on past them (2,000,000
/// paths with `--timeout 1`: 12.7 s, exit 0, no note).
#[test]
fn estimates_and_draws_stop_at_their_limits() {
    let pento = util::corpus_path("pento6x10.dlx");
    let pento = pento.to_str().unwrap();
    let started = Instant::now();
    let run = dlx(&["solve", pento, "--estimate", "5000000", "--timeout", "0.5"]);
    run.assert_status(0);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    let probes: u64 = run
        .stdout
        .lines()
        .find_map(|line| line.strip_prefix("probes: "))
        .unwrap()
        .parse()
        .unwrap();
    assert!(probes < 5_000_000, "{}", run.stdout);
    assert!(
        run.stderr.contains(&format!(
            "the estimate stopped (the time limit ran out) after {probes} of 5000000 paths"
        )),
        "{}",
        run.stderr
    );
    let run = dlx(&[
        "solve",
        pento,
        "--estimate",
        "5000000",
        "--node-limit",
        "100",
    ]);
    run.assert_status(0);
    assert!(
        run.stderr.contains("(the node limit was reached)"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.contains("\nprobes: "), "{}", run.stdout);

    let started = Instant::now();
    let run = dlx(&["queens", "8", "--random", "100000000", "--timeout", "0.5"]);
    run.assert_status(0);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    assert!(
        run.stderr
            .contains("the draws stopped (the time limit ran out) after "),
        "{}",
        run.stderr
    );
}

/// `--memo-limit` bounds a memoized count's memory on any number of threads: on two, a
/// level's successors were all made before the limit was looked at (`--memo-limit 256M`
/// peaked at 3.26 GB on pento6x10 before its error). The peak is read from the kernel's
/// accounting of the child (its largest resident set), against a generous bound.
#[test]
fn the_memo_limit_holds_on_threads() {
    let pento = util::corpus_path("pento6x10.dlx");
    for threads in ["1", "2", "4"] {
        let output = Command::new("/usr/bin/time")
            .args(["-f", "peak %M"])
            .arg(env!("CARGO_BIN_EXE_dlx"))
            .args(["solve", pento.to_str().unwrap(), "--count", "--memo"])
            .args(["--memo-limit", "256M", "--threads", threads])
            .output();
        let Ok(output) = output else {
            assert!(
                std::env::var("DLX_SCALE_OUT_TESTS").as_deref() != Ok("required"),
                "no /usr/bin/time"
            );
            eprintln!("no /usr/bin/time: the peak is not measured");
            return;
        };
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("its memory limit of 256.0 MiB"), "{stderr}");
        let peak_kib: u64 = stderr
            .lines()
            .find_map(|line| line.strip_prefix("peak "))
            .and_then(|kib| kib.trim().parse().ok())
            .unwrap_or_else(|| panic!("{stderr}"));
        // 1.5 times the limit, and the process's own memory.
        assert!(
            peak_kib < 384 * 1024 + 64 * 1024,
            "{threads} threads: {peak_kib} KiB"
        );
    }
}

/// `--total-timeout` bounds a whole run of many puzzles, where `--timeout` bounds each one
/// (20,000 puzzles could run for hours under a per-puzzle limit).
#[test]
fn a_total_timeout_bounds_a_run_of_many_puzzles() {
    let dir = scratch("total-timeout");
    // Sudokus of one given: each count runs for ages.
    let one_given = format!("1{}\n", ".".repeat(80));
    std::fs::write(dir.join("many.txt"), one_given.repeat(40)).unwrap();
    let started = Instant::now();
    let run = dlx_in(
        &dir,
        &[
            "sudoku",
            "many.txt",
            "--count",
            "--total-timeout",
            "0.5",
            "--timeout",
            "1h",
        ],
    );
    run.assert_status(1);
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(run.stdout.lines().count(), 40, "{}", run.stdout);
    assert!(
        run.stderr.contains("40 of 40 searches stopped at a limit"),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Under any limit on the address space (`ulimit -v`), a count ends with its answer or a
/// clean error (exit status 2), never an abort: the tables are built with fallible
/// allocations (a count of 10 million options aborted in the links' construction where the
/// memory check had passed), and so is the input's buffer.
#[test]
fn every_memory_limit_gives_an_answer_or_an_error() {
    let dir = scratch("ulimit");
    let mut text = String::from("A | s\n");
    for k in 0..1_000_000 {
        text.push_str(["A s:0\n", "A s:1\n", "A s:2\n"][k % 3]);
    }
    std::fs::write(dir.join("wide.dlx"), text).unwrap();
    let binary = env!("CARGO_BIN_EXE_dlx");
    let run = |mib: u64, args: &str| {
        Command::new("bash")
            .arg("-c")
            .arg(format!("ulimit -v {}; exec '{binary}' {args}", mib * 1024))
            .current_dir(&dir)
            .output()
            .unwrap()
    };
    // The least address space in which the program starts at all (`--version`): below it the
    // runtime cannot allocate its first bytes, whatever the program does. The binary's own
    // size sets it: some 20 MiB for a debug build.
    let starts = (4..=200)
        .step_by(4)
        .find(|&mib| run(mib, "--version").status.success())
        .expect("the program starts within 200 MiB");
    let mut answered = 0;
    for flags in [
        "--threads 1",
        "--threads 2",
        "--tree sparse-sets --threads 1",
    ] {
        for mib in (starts..=starts + 220).step_by(20) {
            let output = run(mib, &format!("solve wide.dlx --count {flags}"));
            let stderr = String::from_utf8_lossy(&output.stderr);
            match output.status.code() {
                Some(0) => {
                    assert_eq!(String::from_utf8_lossy(&output.stdout), "1000000\n");
                    answered += 1;
                }
                Some(2) => assert!(stderr.contains(" memory"), "{mib} MiB: {stderr}"),
                other => panic!("{flags} under {mib} MiB: status {other:?}: {stderr}"),
            }
        }
    }
    assert!(answered > 0, "no limit was wide enough");
    std::fs::remove_dir_all(&dir).unwrap();
}
