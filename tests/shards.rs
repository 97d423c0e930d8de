//! Counts split into shards, end to end: the records `dlx ... --count --shard I/N` writes,
//! and `dlx merge`, which adds them up only when they are the records of one count, every
//! shard once and whole. Each way a total went wrong before (stale files of another run,
//! shards of other settings, of another problem, a file cut short) is refused here by name;
//! a slow shard split again into subshards, and a shard stopped and run again, add up to the
//! exact count. The scripts of docs/scale-out.md run in `scale_out`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::binary::{dlx, Run};
use crate::util;

/// A fresh folder for one test's files.
pub(crate) fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dlx-shards-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn corpus(name: &str) -> String {
    util::corpus_path(name).to_str().unwrap().to_owned()
}

/// The known count of a corpus file.
fn expected(name: &str) -> u128 {
    util::expected_counts()
        .into_iter()
        .find(|(file, _)| file == name)
        .map(|(_, count)| count)
        .unwrap()
}

/// The `count:` of a shard's record.
fn count_of(record: &str) -> u64 {
    record
        .lines()
        .find_map(|line| line.strip_prefix("count: "))
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("no count in the record:\n{record}"))
}

/// Runs a shard and writes its record to `dir/file`; returns the path.
fn shard_to(dir: &Path, file: &str, args: &[&str]) -> String {
    let run = dlx(args);
    run.assert_status(0);
    let path = dir.join(file);
    std::fs::write(&path, &run.stdout).unwrap();
    path.to_str().unwrap().to_owned()
}

/// `dlx merge FILES` (with `--status` first when asked).
fn merge(files: &[String]) -> Run {
    let args: Vec<&str> = ["merge"]
        .into_iter()
        .chain(files.iter().map(String::as_str))
        .collect();
    dlx(&args)
}

/// The records of all `shards` shards of `problem`, run with `flags`, in `dir`.
fn all_shards(dir: &Path, problem: &str, shards: usize, flags: &[&str]) -> Vec<String> {
    (0..shards)
        .map(|index| {
            let shard = format!("{index}/{shards}");
            let mut args = vec!["solve", problem, "--count", "--shard", &shard];
            args.extend_from_slice(flags);
            shard_to(dir, &format!("shard-{index}.out"), &args)
        })
        .collect()
}

/// The shards of a count, in text and JSON, add up; one missing, or one given twice, is
/// refused by name.
#[test]
fn shards_merge_to_the_whole_count() {
    let dir = scratch("whole");
    let queens = corpus("queens10.dlx");
    let mut files = Vec::new();
    for (index, format) in [(0, "text"), (1, "json"), (2, "text")] {
        let shard = format!("{index}/3");
        files.push(shard_to(
            &dir,
            &format!("shard{index}.out"),
            &["solve", &queens, "--count", "--shard", &shard, "-f", format],
        ));
    }
    let record = std::fs::read_to_string(&files[0]).unwrap();
    assert!(
        record.starts_with("dlx shard record 1\nshard: 0/3\nproblem: sha256:")
            && record.ends_with("\nend\n"),
        "{record}"
    );
    let run = merge(&files);
    run.assert_status(0);
    assert_eq!(run.stdout, format!("{}\n", expected("queens10.dlx")));

    let run = merge(&[files[0].clone(), files[2].clone()]);
    run.assert_status(2);
    assert!(run.stderr.contains("missing: 1/3"), "{}", run.stderr);
    let twice = [&files[..], &files[1..2]].concat();
    let run = merge(&twice);
    run.assert_status(2);
    assert!(run.stderr.contains("done twice: 1/3"), "{}", run.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The four wrong totals `dlx merge` printed with exit status 0 before records had an
/// identity, each now refused with the file that does not belong and why.
#[test]
fn records_of_another_count_are_refused() {
    let dir = scratch("foreign");
    let pento = corpus("pento6x10-sym.dlx");
    let total = expected("pento6x10-sym.dlx").to_string();

    // Stale files: a folder still holding the records of another run, of the same N.
    let stale = scratch("foreign-stale");
    let old = all_shards(&stale, &corpus("queens11.dlx"), 4, &[]);
    let mut fresh = all_shards(&dir, &pento, 4, &[]);
    let run = merge(&fresh);
    run.assert_status(0);
    assert_eq!(run.stdout.trim(), total);
    let mixed = [&fresh[..3], &old[3..]].concat();
    let run = merge(&mixed);
    run.assert_status(2);
    assert!(
        run.stderr
            .contains(&format!("of another count: {} (problem sha256:", old[3]))
            && run.stderr.contains("missing: 3/4"),
        "{}",
        run.stderr
    );

    // Mixed settings: each tree, and each propagation, cuts the tree at other nodes.
    for (flags, differs) in [
        (
            ["--tree", "links"],
            "tree links, where the others have bitsets",
        ),
        (["--propagate", "forcing"], "propagation forcing"),
    ] {
        let mut args = vec!["solve", &pento, "--count", "--shard", "2/4"];
        args.extend(flags);
        let other = shard_to(&dir, "other.out", &args);
        let mut set = fresh.clone();
        set[2] = other;
        let run = merge(&set);
        run.assert_status(2);
        assert!(run.stderr.contains(differs), "{flags:?}: {}", run.stderr);
    }

    // Another problem: one queens shard among pentomino shards.
    let mut set = fresh.clone();
    set[1] = old[1].clone();
    let run = merge(&set);
    run.assert_status(2);
    assert!(run.stderr.contains("problem sha256:"), "{}", run.stderr);

    // A record cut short.
    let record = std::fs::read_to_string(&fresh[3]).unwrap();
    let cut: String = record
        .lines()
        .take(5)
        .map(|line| format!("{line}\n"))
        .collect();
    std::fs::write(&fresh[3], cut).unwrap();
    let run = merge(&fresh);
    run.assert_status(2);
    assert!(
        run.stderr
            .contains(&format!("cut short: {} (it stops at line 5", fresh[3])),
        "{}",
        run.stderr
    );
    // The output of a dlx from before records.
    std::fs::write(&fresh[3], "shard 3/4\n12\n").unwrap();
    let run = merge(&fresh);
    run.assert_status(2);
    assert!(
        run.stderr.contains("written by an older dlx"),
        "{}",
        run.stderr
    );
    fresh.truncate(3);
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&stale).unwrap();
}

/// The problem's digest is of the problem as searched: two spellings of one problem (blanks,
/// comments, empty lines) agree, and their shards add up together.
#[test]
fn two_spellings_of_one_problem_are_one_count() {
    let dir = scratch("spellings");
    let text = util::read_corpus_text("queens8.dlx");
    let respelled: String = std::iter::once("| the same problem, spelled otherwise\n".to_owned())
        .chain(
            text.lines()
                .map(|line| format!("  {}  \n\n", line.replace(' ', "   "))),
        )
        .collect();
    let respelled_path = dir.join("respelled.dlx");
    std::fs::write(&respelled_path, respelled).unwrap();
    let files = vec![
        shard_to(
            &dir,
            "a.out",
            &["solve", &corpus("queens8.dlx"), "--count", "--shard", "0/2"],
        ),
        shard_to(
            &dir,
            "b.out",
            &[
                "solve",
                respelled_path.to_str().unwrap(),
                "--count",
                "--shard",
                "1/2",
            ],
        ),
    ];
    let run = merge(&files);
    run.assert_status(0);
    assert_eq!(run.stdout, "92\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A slow shard run again as subshards (nested twice for one of them) stands for it: the
/// total is exact, and the shard with its subshards both is refused as done twice.
#[test]
fn a_straggler_split_into_subshards_adds_up() {
    let dir = scratch("subshards");
    let queens = corpus("queens11.dlx");
    let mut files = all_shards(&dir, &queens, 4, &["--threads", "1"]);
    let whole = files.remove(2);
    for sub in 0..3 {
        let subshard = format!("{sub}/3");
        if sub == 1 {
            for deeper in 0..2 {
                let deeper = format!("{deeper}/2");
                files.push(shard_to(
                    &dir,
                    &format!("sub-1-{}.out", &deeper[..1]),
                    &[
                        "solve",
                        &queens,
                        "--count",
                        "--shard",
                        "2/4",
                        "--subshard",
                        &subshard,
                        "--subshard",
                        &deeper,
                        "-f",
                        "json",
                    ],
                ));
            }
            continue;
        }
        files.push(shard_to(
            &dir,
            &format!("sub-{sub}.out"),
            &[
                "solve",
                &queens,
                "--count",
                "--shard",
                "2/4",
                "--subshard",
                &subshard,
            ],
        ));
    }
    let run = merge(&files);
    run.assert_status(0);
    assert_eq!(run.stdout, format!("{}\n", expected("queens11.dlx")));
    files.push(whole);
    let run = merge(&files);
    run.assert_status(2);
    assert!(run.stderr.contains("done twice: 2/4"), "{}", run.stderr);
    // A subshard alone is refused where no shard is set.
    let run = dlx(&["solve", &queens, "--count", "--subshard", "0/2"]);
    run.assert_status(2);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A shard stopped by a limit writes an incomplete record and exits with status 1; merge
/// refuses it, then takes the shard run again (into another file, as a batch system's
/// second run names it) and passes over the incomplete record.
#[test]
fn a_shard_stopped_early_is_run_again() {
    let dir = scratch("stopped");
    let queens = corpus("queens10.dlx");
    let mut files = all_shards(&dir, &queens, 3, &[]);
    for format in ["text", "json"] {
        let run = dlx(&[
            "solve",
            &queens,
            "--count",
            "--shard",
            "1/3",
            "--node-limit",
            "20",
            "-f",
            format,
        ]);
        run.assert_status(1);
        if format == "text" {
            assert!(
                run.stdout
                    .contains("\nstatus: incomplete: the node limit was reached\n"),
                "{}",
                run.stdout
            );
        } else {
            let value: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
            assert_eq!(value["complete"], false, "{}", run.stdout);
            assert_eq!(value["stopped"], "the node limit was reached");
            assert_eq!(value["end"], true);
        }
        std::fs::write(&files[1], &run.stdout).unwrap();
        let run = merge(&files);
        run.assert_status(2);
        assert!(
            run.stderr.contains("incomplete: 1/3") && run.stderr.contains("lower bound"),
            "{}",
            run.stderr
        );
    }
    files.push(shard_to(
        &dir,
        "again.out",
        &["solve", &queens, "--count", "--shard", "1/3"],
    ));
    let run = merge(&files);
    run.assert_status(0);
    assert_eq!(run.stdout, format!("{}\n", expected("queens10.dlx")));
    assert!(
        run.stderr
            .contains("1 incomplete record of shards done by other records"),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `dlx merge --status`: the count, the shards done, what is missing or incomplete, what is
/// foreign, and the spread of the work; status 0 only for one whole count.
#[test]
fn merge_status_says_what_is_done_and_what_is_not() {
    let dir = scratch("status");
    let queens = corpus("queens10.dlx");
    let mut files = all_shards(&dir, &queens, 4, &[]);
    let status = |files: &[String]| {
        let args: Vec<&str> = ["merge", "--status"]
            .into_iter()
            .chain(files.iter().map(String::as_str))
            .collect();
        dlx(&args)
    };
    let run = status(&files);
    run.assert_status(0);
    assert!(
        run.stdout.contains("done: 4 of 4 shards (4 records)")
            && run
                .stdout
                .contains(&format!("total: {}", expected("queens10.dlx")))
            && run.stdout.contains("nodes visited per record: least ")
            && run.stdout.contains("most/mean "),
        "{}",
        run.stdout
    );
    // Every shard enumerates the top of the tree: its nodes count in shard 0's `nodes` only
    // (so that the records add up to the whole search), and in every shard's `visited`.
    let field = |file: &String, name: &str| -> u64 {
        let text = std::fs::read_to_string(file).unwrap();
        text.lines()
            .find_map(|line| line.strip_prefix(&format!("{name}: ")))
            .unwrap_or_else(|| panic!("no {name} in {text}"))
            .parse()
            .unwrap()
    };
    let top: Vec<u64> = files
        .iter()
        .map(|file| field(file, "visited") - field(file, "nodes"))
        .collect();
    assert_eq!(top[0], 0, "{top:?}");
    assert!(
        top[1] > 0 && top[1..].iter().all(|&t| t == top[1]),
        "{top:?}"
    );
    let whole = dlx(&["solve", &queens, "--count", "--stats", "--threads", "1"]);
    let whole_nodes: u64 = whole
        .stderr
        .lines()
        .find_map(|line| line.strip_prefix("nodes: "))
        .expect("--stats prints nodes")
        .parse()
        .unwrap();
    let nodes: u64 = files.iter().map(|file| field(file, "nodes")).sum();
    assert_eq!(nodes, whole_nodes);
    let foreign = shard_to(
        &dir,
        "foreign.out",
        &["solve", &corpus("queens9.dlx"), "--count", "--shard", "0/4"],
    );
    files.remove(1);
    files.push(foreign.clone());
    let run = status(&files);
    run.assert_status(1);
    assert!(
        run.stdout.contains("done: 3 of 4 shards")
            && run.stdout.contains("missing: 1/4")
            && run.stdout.contains(&format!("of another count: {foreign}")),
        "{}",
        run.stdout
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs a shard of 16 queens (14,772,512 solutions, OEIS A000170) in the background with
/// progress lines every 20 ms, and sends it `signal` once a line shows the search running.
fn interrupted_shard(signal: &str) -> (Option<i32>, String, String) {
    let dir = scratch(&format!("signal-{signal}"));
    let problem = dir.join("queens16.dlx");
    let made = dlx(&["queens", "16", "--format", "dlx"]);
    std::fs::write(&problem, &made.stdout).unwrap();
    let err = dir.join("err");
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args([
            "solve",
            problem.to_str().unwrap(),
            "--count",
            "--threads",
            "2",
        ])
        .args(["--shard", "0/2", "--progress-every", "0.02"])
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !std::fs::read_to_string(&err)
        .unwrap()
        .contains("dlx: progress: shard 0/2: ")
    {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no progress line"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    let killed = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut stdout = String::new();
    std::io::Read::read_to_string(child.stdout.as_mut().unwrap(), &mut stdout).unwrap();
    let status = child.wait().unwrap();
    let stderr = std::fs::read_to_string(&err).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    (status.code(), stdout, stderr)
}

/// SIGTERM (a batch system cancelling the task) and SIGINT (Ctrl-C) stop a shard with an
/// incomplete record of what it finished, and the status 128 + the signal's number, where
/// the shard died with an empty output before.
#[test]
fn an_interrupted_shard_writes_an_incomplete_record() {
    for (signal, status) in [("TERM", 143), ("INT", 130)] {
        let (code, stdout, stderr) = interrupted_shard(signal);
        assert_eq!(code, Some(status), "{stdout}{stderr}");
        assert!(
            stdout.contains(&format!(
                "\nstatus: incomplete: interrupted by SIG{signal}\n"
            )) && stdout.ends_with("\nend\n"),
            "{stdout}"
        );
        assert!(
            stderr.contains(&format!("(interrupted by SIG{signal})")),
            "{stderr}"
        );
    }
}

/// `--progress-every` prints lines on stderr when it is no terminal: where the shard is.
#[test]
fn progress_lines_go_to_logs() {
    let run = dlx(&[
        "solve",
        &corpus("pento6x10.dlx"),
        "--count",
        "--shard",
        "0/2",
        "--tree",
        "links",
        "--threads",
        "1",
        "--progress-every",
        "0.01",
    ]);
    run.assert_status(0);
    let lines: Vec<&str> = run
        .stderr
        .lines()
        .filter(|line| line.starts_with("dlx: progress: shard 0/2: "))
        .collect();
    assert!(lines.len() >= 2, "{}", run.stderr);
    assert!(
        lines
            .iter()
            .all(|line| line.contains("% (Knuth's estimate), ")),
        "{}",
        run.stderr
    );
}

/// A folder reused for another problem gives no total with `--expect`: the records of
/// queens8 merged with `--expect queens9.dlx` are refused as of another count (problem and
/// digest named), and with `--expect queens8.dlx`, its digest, or `--shards 4` they add up;
/// `--shards 3` refuses them. `-` reads one record from standard input.
#[test]
fn merge_expects_the_problem_and_the_shards_asked_for() {
    let dir = scratch("expect");
    let q8 = corpus("queens8.dlx");
    let files = all_shards(&dir, &q8, 4, &[]);
    let with = |extra: &[&str]| {
        let mut args = vec!["merge"];
        args.extend_from_slice(extra);
        args.extend(files.iter().map(String::as_str));
        dlx(&args)
    };
    with(&[]).assert_status(0);
    let other = with(&["--expect", &corpus("queens9.dlx")]);
    other.assert_status(2);
    assert!(
        other.stderr.contains("of another count") && other.stderr.contains("where --expect gives"),
        "{}",
        other.report()
    );
    let right = with(&["--expect", &q8]);
    assert_eq!(right.assert_status(0).stdout, "92\n");
    let record = std::fs::read_to_string(&files[0]).unwrap();
    let digest = record
        .lines()
        .find_map(|line| line.strip_prefix("problem: "))
        .unwrap()
        .to_owned();
    assert_eq!(with(&["--expect", &digest]).assert_status(0).stdout, "92\n");
    assert_eq!(with(&["--shards", "4"]).assert_status(0).stdout, "92\n");
    let three = with(&["--shards", "3"]);
    three.assert_status(2);
    assert!(
        three.stderr.contains("4 shards, where --shards gives 3"),
        "{}",
        three.report()
    );
    with(&["--expect", "sha256:12"]).assert_status(2);
    // Standard input as one of the files.
    let stdin = crate::binary::dlx_from_bytes(
        &["merge", "-", &files[1], &files[2], &files[3]],
        record.as_bytes(),
    );
    assert_eq!(stdin.assert_status(0).stdout, "92\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Records edited into lies are refused, not merged: a second `count` or `status` line
/// (the last once won: `incomplete` then `complete` merged as complete), JSON that says
/// complete beside a reason it stopped, a field with a terminal escape or a line break
/// (which `--status` once printed raw, forging a `total:` line); and a complete subshard
/// beside the complete record of its shard is done twice, as docs/scale-out.md says.
#[test]
fn forged_records_are_refused() {
    let dir = scratch("forged");
    let q8 = corpus("queens8.dlx");
    let files = all_shards(&dir, &q8, 2, &[]);
    let record = std::fs::read_to_string(&files[0]).unwrap();
    let forged = |name: &str, text: String| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let run = merge(&[path.to_str().unwrap().to_owned(), files[1].clone()]);
        run.assert_status(2);
        assert!(
            run.stderr.contains("not shard records"),
            "{name}: {}",
            run.report()
        );
        let status = dlx(&["merge", "--status", path.to_str().unwrap(), &files[1]]);
        assert!(!status.stdout.contains('\u{1b}'), "{}", status.report());
        assert!(!status.stdout.contains("total:"), "{}", status.report());
    };
    forged("two-counts", record.replace("count: ", "count: 1\ncount: "));
    forged(
        "two-statuses",
        record.replace(
            "status: complete",
            "status: incomplete: timeout\nstatus: complete",
        ),
    );
    forged(
        "escape",
        record.replace("command: solve", "command: solve\u{1b}[2J"),
    );
    let json = dlx(&["solve", &q8, "--count", "--shard", "0/2", "-f", "json"]);
    let lie = json.stdout.replace(
        "\"complete\":true",
        "\"complete\":true,\"stopped\":\"the node limit\"",
    );
    assert_ne!(lie, json.stdout);
    forged("complete-and-stopped.json", lie);
    let newline = json
        .stdout
        .replace("\"command\":\"solve\"", "\"command\":\"solve\\ntotal: 1\"");
    assert_ne!(newline, json.stdout);
    forged("newline.json", newline);

    // Shard 0 whole, and subshard 0/4 of it beside: done twice.
    let sub = shard_to(
        &dir,
        "sub.out",
        &[
            "solve",
            &q8,
            "--count",
            "--shard",
            "0/2",
            "--subshard",
            "0/4",
        ],
    );
    let run = merge(&[files[0].clone(), files[1].clone(), sub]);
    run.assert_status(2);
    assert!(run.stderr.contains("done twice: 0/2"), "{}", run.report());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// 65,536 records merge in near-linear time (they took 14 s when each shard looked through
/// every record): the records of queens8 in 65,536 shards, the first 100 run (the 92
/// solutions above the cut go to shards 0 to 91), the rest written from shard 100's. The
/// test compares the merge of all of them with the merge of their first eighth on the same
/// machine (a slow or busy machine slows both): linear work takes about 8 times as long,
/// quadratic 64 times; it fails above 24.
#[test]
fn many_records_merge_in_near_linear_time() {
    let dir = scratch("many");
    let q8 = corpus("queens8.dlx");
    let shards = 65_536;
    let template = dlx(&["solve", &q8, "--count", "--shard", &format!("100/{shards}")]);
    let template = template.assert_status(0).stdout.clone();
    assert!(template.contains("count: 0\n"), "{template}");
    let mut names = Vec::new();
    for index in 0..shards {
        let text = if index < 100 {
            dlx(&[
                "solve",
                &q8,
                "--count",
                "--shard",
                &format!("{index}/{shards}"),
            ])
            .stdout
        } else {
            template.replace(
                &format!("shard: 100/{shards}"),
                &format!("shard: {index}/{shards}"),
            )
        };
        let name = format!("s{index}");
        std::fs::write(dir.join(&name), text).unwrap();
        names.push(name);
    }
    // The records of a merge of the first eighth: 92 solutions, but incomplete (a note says
    // which shards are missing), so the exit status is not checked.
    let merge = |names: &[String]| {
        let started = Instant::now();
        let run = Command::new(env!("CARGO_BIN_EXE_dlx"))
            .arg("merge")
            .args(names)
            .current_dir(&dir)
            .output()
            .unwrap();
        (started.elapsed(), run)
    };
    let (eighth, _) = merge(&names[..shards / 8]);
    let (took, run) = merge(&names);
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        "92\n",
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let ratio = took.as_secs_f64() / eighth.as_secs_f64().max(1e-3);
    assert!(ratio < 24.0, "all: {took:?}, an eighth: {eighth:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The top of the tree, which every shard enumerates before its own share, obeys the
/// limits and signals as the rest of the search does: pento6x10 in 65,536 shards, whose top
/// is the whole tree (1.2 million nodes, walked twice), `--node-limit 10` writes an
/// incomplete record (a chain of 10,000 items once said complete after 5,001 nodes),
/// `--timeout 1` stops it (a chain of 10,000 once ran 19 s at a limit of 2 s), and SIGTERM
/// ends it within seconds with its incomplete record (once 16.9 s, past the grace periods of
/// Slurm and Kubernetes).
#[test]
fn the_top_of_the_tree_obeys_limits_and_signals() {
    let pento = corpus("pento6x10.dlx");
    let shard = [
        "solve",
        &pento,
        "--count",
        "--shard",
        "5/65536",
        "--threads",
        "1",
    ];
    let limited = dlx(&[&shard[..], &["--node-limit", "10"]].concat());
    limited.assert_status(1);
    assert!(
        limited
            .stdout
            .contains("status: incomplete: the node limit was reached"),
        "{}",
        limited.report()
    );
    let started = Instant::now();
    let timed = dlx(&[&shard[..], &["--timeout", "1"]].concat());
    timed.assert_status(1);
    assert!(
        timed.stdout.contains("status: incomplete"),
        "{}",
        timed.report()
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    let child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(shard)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let sent = Instant::now();
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let out = child.wait_with_output().unwrap();
    assert!(
        sent.elapsed() < Duration::from_secs(5),
        "{:?}",
        sent.elapsed()
    );
    assert_eq!(out.status.code(), Some(143));
    let record = String::from_utf8_lossy(&out.stdout);
    assert!(
        record.contains("status: incomplete: interrupted by SIGTERM"),
        "{record}"
    );
}

/// A deep and narrow top is cut in time near its number of nodes: a chain of 100,000 items
/// of one option each (whose top is the whole chain) is counted in shards within a limit
/// of 60 s, where cutting it depth by depth took 4.6 s for 20,000 items and 47 s for
/// 60,000 in a release build. Each shard's record is complete and they add up to the one
/// solution.
#[test]
fn a_deep_and_narrow_top_is_cut_in_near_linear_time() {
    let dir = scratch("deep-top");
    let n = 100_000;
    let mut text = (0..n)
        .map(|k| format!("i{k}"))
        .collect::<Vec<_>>()
        .join(" ");
    text.push('\n');
    for k in 0..n {
        text.push_str(&format!("i{k}\n"));
    }
    let chain = dir.join("chain.dlx");
    std::fs::write(&chain, text).unwrap();
    let chain = chain.to_str().unwrap();
    let mut total = 0;
    for shard in ["0/2", "1/2"] {
        let run = dlx(&[
            "solve",
            chain,
            "--count",
            "--shard",
            shard,
            "--timeout",
            "60",
        ]);
        run.assert_status(0);
        assert!(run.stdout.contains("status: complete"), "{}", run.report());
        assert!(
            run.stdout.contains(&format!("cut: depth {n}, prefixes 0")),
            "{}",
            run.report()
        );
        total += count_of(&run.stdout);
    }
    assert_eq!(total, 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A subshard of a shard whose tree ends before it has a prefix for each subshard walks the
/// whole shard: it says so (it once repeated the shard 32 times without a word), and the
/// subshards still add up to the shard.
#[test]
fn a_subshard_that_cannot_split_says_so() {
    let dir = scratch("unsplittable");
    let pento = corpus("pento6x10.dlx");
    let whole = dlx(&["solve", &pento, "--count", "--shard", "3/256"]);
    whole.assert_status(0);
    let mut files = Vec::new();
    let mut total = 0u64;
    for j in 0..32 {
        let sub = format!("{j}/32");
        let run = dlx(&[
            "solve",
            &pento,
            "--count",
            "--shard",
            "3/256",
            "--subshard",
            &sub,
        ]);
        assert!(
            run.stderr.contains("each walks the whole shard's subtree"),
            "{}",
            run.report()
        );
        total += count_of(&run.stdout);
        let path = dir.join(format!("sub{j}"));
        std::fs::write(&path, &run.stdout).unwrap();
        files.push(path);
    }
    assert_eq!(total, count_of(&whole.stdout));
    let fine = dlx(&[
        "solve",
        &pento,
        "--count",
        "--shard",
        "3/32",
        "--subshard",
        "1/8",
    ]);
    assert!(!fine.stderr.contains("whole shard"), "{}", fine.report());
    std::fs::remove_dir_all(&dir).unwrap();
}
