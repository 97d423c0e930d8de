//! The `dlx` binary end to end: what users see on stdout and stderr, and the exit status of
//! `dlx solve` (outputs, formats, trees, limits, threads), bad input and bad arguments.
//!
//! Every run is snapshotted (insta, in `tests/snapshots/integration__cli__*.snap`) as the
//! command line, the exit status, stdout and stderr, so that a change in any message shows up
//! in review. Every solution the binary prints is read back and checked to be an exact cover
//! with `dlx::verify`, independently of the snapshot. Bad inputs live in `tests/fixtures/cli/`.

use std::io::{BufRead, BufReader};
use std::process::Stdio;

use crate::binary::*;

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
    // Only where they act: serve writes no results, and serve, man and completions read no
    // input; refused before the command or after it, and not offered by its --help.
    for (args, flag) in [
        (&["serve", "-o", after_path][..], "-o"),
        (&["-o", after_path, "serve"], "-o"),
        (&["serve", "--max-input", "1K"], "--max-input"),
        (&["man", "--max-input", "1K"], "--max-input"),
        (&["--max-input", "1K", "man"], "--max-input"),
        (&["completions", "bash", "--max-input", "1K"], "--max-input"),
        (&["--max-input", "1K", "completions", "bash"], "--max-input"),
    ] {
        let run = dlx(args);
        run.assert_status(2);
        assert!(run.stdout.is_empty(), "{args:?}");
        assert!(run.stderr.contains(flag), "{args:?}: {}", run.stderr);
    }
    for (command, offers_output) in [("serve", false), ("man", true), ("completions", true)] {
        let help = dlx(&[command, "--help"]).stdout;
        assert!(!help.contains("--max-input"), "{command}");
        assert_eq!(help.contains("--output"), offers_output, "{command}");
    }
    assert!(dlx(&["merge", "--help"]).stdout.contains("--max-input"));
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
pub(crate) fn bad_input(name: &str, file: &str, location: &str) {
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

    // The version, and the commit of a build from a git checkout.
    let run = dlx(&["--version"]);
    run.assert_status(0);
    let commit = std::process::Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(crate::binary::root())
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map(|output| String::from_utf8(output.stdout).unwrap().trim().to_owned());
    let expected = match commit {
        Some(hash) => format!("dlx {} (commit {hash})\n", env!("CARGO_PKG_VERSION")),
        None => format!("dlx {}\n", env!("CARGO_PKG_VERSION")),
    };
    assert_eq!(run.stdout, expected);
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

#[test]
fn solve_prints_its_problem_back() {
    // `dlx solve --format dlx` writes the problem canonically, and it solves the same.
    let run = dlx(&["solve", X_EXAMPLE, "--format", "dlx"]);
    run.assert_status(0);
    let again = dlx_from_bytes(&["solve", "--all"], run.stdout.as_bytes());
    assert_eq!(again.stdout, dlx(&["solve", X_EXAMPLE, "--all"]).stdout);
}
