//! Many puzzles in one run (one per line): the answers against Tatham's own solutions and
//! against the generator's, in the order of the input, the same on one thread and on several,
//! and the errors of a bad line naming that line.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn fixture(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// Runs `dlx ARGS` with `input` on standard input.
fn dlx(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dlx runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_owned();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    // A run refused on its flags exits before it reads its input: the pipe closes under us.
    match writer.join().unwrap() {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => panic!("{error}"),
        _ => {}
    }
    output
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// Tatham's puzzles of one kind: their game IDs and his solutions' digits.
fn tatham(file: &str) -> Vec<(String, Vec<u64>)> {
    let text =
        std::fs::read_to_string(fixture(&format!("reductions/tests/fixtures/tatham/{file}")))
            .unwrap();
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let digits = fields[2]
                .split(',')
                .flat_map(|cell| {
                    if fields[2].contains(',') {
                        vec![cell.parse::<u64>().unwrap()]
                    } else {
                        // Unequal writes a digit a character: from order 10 on, one less
                        // (1 is '0', 10 is '9').
                        let shift = u64::from(file == "unequal.tsv" && cell.len() >= 100);
                        cell.chars()
                            .map(|c| u64::from(c.to_digit(10).unwrap()) + shift)
                            .collect()
                    }
                })
                .collect();
            (fields[1].to_owned(), digits)
        })
        .collect()
}

#[test]
fn a_file_of_game_ids_is_answered_a_line_each_as_tatham_solves_them() {
    for (command, file) in [
        ("sudoku", "solo.tsv"),
        ("futoshiki", "unequal.tsv"),
        ("binairo", "unruly.tsv"),
    ] {
        let puzzles = tatham(file);
        assert!(puzzles.len() >= 10, "{file}");
        let input: String = puzzles.iter().map(|(id, _)| format!("{id}\n\n")).collect();
        let one = dlx(&[command, "--format", "json", "--threads", "1"], &input);
        assert_eq!(
            one.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&one.stderr)
        );
        let answers: Vec<Value> = stdout(&one)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(answers.len(), puzzles.len());
        for (k, ((_, solution), answer)) in puzzles.iter().zip(&answers).enumerate() {
            assert_eq!(answer["puzzle"], k + 1);
            // Blank lines between the IDs: the puzzles are on lines 1, 3, 5, ...
            assert_eq!(answer["line"], 2 * k + 1);
            let digits: Vec<u64> = answer["grid"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|row| row.as_array().unwrap().iter().map(|d| d.as_u64().unwrap()))
                .collect();
            assert_eq!(&digits, solution, "{command} puzzle {}", k + 1);
        }
        // The same answers, in the same order, from several threads; IDs answered with IDs.
        let several = dlx(&[command, "--format", "json", "--threads", "3"], &input);
        assert_eq!(stdout(&several), stdout(&one), "{command}");
        let ids = dlx(&[command], &input);
        let ids = stdout(&ids);
        assert_eq!(ids.lines().count(), puzzles.len());
        assert!(ids.lines().all(|id| id.contains(':')), "{ids}");
        // Each of them unique: a count of 1 a line, to --limit 2.
        let counts = dlx(&[command, "--count", "--limit", "2"], &input);
        assert_eq!(stdout(&counts), "1\n".repeat(puzzles.len()), "{command}");
    }
}

/// A sudoku's digits satisfy the rules (side 9).
fn check_sudoku(line: &str) {
    let digits: Vec<u32> = line.chars().map(|c| c.to_digit(10).unwrap()).collect();
    assert_eq!(digits.len(), 81, "{line}");
    for unit in 0..9 {
        let row: Vec<usize> = (0..9).map(|k| unit * 9 + k).collect();
        let col: Vec<usize> = (0..9).map(|k| k * 9 + unit).collect();
        let bx: Vec<usize> = (0..9)
            .map(|k| (unit / 3 * 3 + k / 3) * 9 + unit % 3 * 3 + k % 3)
            .collect();
        for cells in [row, col, bx] {
            let mut seen: Vec<u32> = cells.iter().map(|&k| digits[k]).collect();
            seen.sort_unstable();
            assert_eq!(seen, (1..=9).collect::<Vec<_>>(), "{line}");
        }
    }
}

#[test]
fn one_line_sudokus_are_answered_on_one_line() {
    // Puzzles made here with their solutions, each grid then written on one line.
    let made = dlx(
        &[
            "sudoku",
            "--generate",
            "9",
            "--puzzles",
            "40",
            "--seed",
            "11",
            "--solution",
            "--format",
            "json",
        ],
        "",
    );
    let made: Vec<Value> = stdout(&made)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let one_line = |grid: &Value| grid.as_str().unwrap().replace('\n', "");
    let input: String = made
        .iter()
        .map(|m| format!("{}\n", one_line(&m["grid"])))
        .collect();
    for threads in ["1", "2"] {
        let solved = dlx(&["sudoku", "--threads", threads], &input);
        assert_eq!(solved.status.code(), Some(0));
        let lines: Vec<String> = stdout(&solved).lines().map(str::to_owned).collect();
        assert_eq!(lines.len(), made.len());
        for (line, m) in lines.iter().zip(&made) {
            check_sudoku(line);
            assert_eq!(line, &one_line(&m["solution"]));
        }
    }
    // The same as each puzzle solved alone.
    for m in made.iter().take(5) {
        let alone = dlx(
            &["sudoku", "--plain"],
            &format!("{}\n", one_line(&m["grid"])),
        );
        assert_eq!(stdout(&alone).replace('\n', ""), one_line(&m["solution"]));
    }
}

/// The nodes `--stats` reports (on standard error).
fn nodes(output: &Output) -> u64 {
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    let line = stderr
        .lines()
        .find_map(|line| line.strip_prefix("nodes: "))
        .unwrap_or_else(|| panic!("no nodes in {stderr}"));
    line.replace(',', "").parse().unwrap()
}

/// The tree `--stats` names (on standard error).
fn tree(output: &Output) -> String {
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    let line = stderr.lines().find_map(|line| line.strip_prefix("tree: "));
    line.unwrap_or_else(|| panic!("no tree in {stderr}"))
        .to_owned()
}

/// With `--tree auto` a 9 x 9 grid walks the bit sets and a 25 x 25 one the links (forcing
/// runs at every node there): the batch's `--stats` names both, in the order met. (The 25 x 25
/// grid was made by `dlx sudoku --generate 25 --seed 1`.)
#[test]
fn a_batch_names_every_tree_it_walked() {
    let large =
        std::fs::read_to_string(fixture("tests/fixtures/puzzles/sudoku-25x25.txt")).unwrap();
    let large: String = large.lines().collect();
    let small = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let args = ["sudoku", "--count", "--stats", "--tree", "auto"];
    for (line, tree) in [(small, "bitsets"), (large.as_str(), "links")] {
        assert_eq!(self::tree(&dlx(&args, &format!("{line}\n"))), tree);
    }
    let batch = dlx(&args, &format!("{small}\n{large}\n"));
    assert_eq!(stdout(&batch), "1\n1\n");
    assert_eq!(self::tree(&batch), "bitsets, links");
    let batch = dlx(&args, &format!("{large}\n{small}\n{small}\n"));
    assert_eq!(self::tree(&batch), "links, bitsets");
}

/// Sudokus of several shapes in one file, searched from their givens on the blank grid of
/// their shape (built once), answer as each grid searched alone on its own encoding: the
/// same counts and boards, and the same nodes in all (Knuth's tree of each grid), on one
/// thread and two, on the links, with forcing and probing at every node, and with `--tree
/// sparse-sets` (which searches each grid's own problem); grids whose givens clash and full
/// grids among them.
#[test]
fn sudokus_searched_from_their_givens_walk_their_own_trees() {
    let lines = [
        "3x3:a3c6_8_7a4c8a6d9e5c1c3a1b9a2b6a7c3c8e9d4a1c2a1_2_7c6a",
        "1.....2.....3.....4.....5.....6.....",
        "12..34..........",
        "1234341221434321",
        "11..............",
        "1..........................................9.............3.......................",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "2x3:1a2e3e4e5e6i",
    ];
    let searches: [&[&str]; 4] = [
        &["--tree", "links"],
        &["--tree", "sparse-sets"],
        &["--propagate", "forcing"],
        &["--propagate", "probing"],
    ];
    for tree in searches {
        let mut counts = String::new();
        let mut boards = String::new();
        let mut total = 0;
        let mut trees: Vec<String> = Vec::new();
        for line in &lines {
            let args = [&["sudoku", "--count", "--limit", "30", "--stats"][..], tree].concat();
            let alone = dlx(&args, &format!("{line}\n"));
            counts += &stdout(&alone);
            total += nodes(&alone);
            if !trees.contains(&self::tree(&alone)) {
                trees.push(self::tree(&alone));
            }
            let first = dlx(
                &[&["sudoku", "--plain"][..], tree].concat(),
                &format!("{line}\n"),
            );
            let plain = stdout(&first);
            boards += &match plain.trim() {
                "" => "no solution\n".to_owned(),
                _ if line.contains(':') => "a game ID\n".to_owned(),
                grid => grid.replace(['\n', ' '], "") + "\n",
            };
        }
        let input: String = lines.iter().map(|line| format!("{line}\n")).collect();
        for threads in ["1", "2"] {
            let args = [
                &[
                    "sudoku",
                    "--count",
                    "--limit",
                    "30",
                    "--stats",
                    "--threads",
                    threads,
                ][..],
                tree,
            ]
            .concat();
            let batch = dlx(&args, &input);
            assert_eq!(stdout(&batch), counts, "{tree:?}, {threads} threads");
            assert_eq!(nodes(&batch), total, "{tree:?}, {threads} threads");
            assert_eq!(self::tree(&batch), trees.join(", "), "{tree:?}");
            let first = dlx(
                &[&["sudoku", "--threads", threads][..], tree].concat(),
                &input,
            );
            assert_eq!(stdout(&first).lines().count(), lines.len());
            for (answer, alone) in stdout(&first).lines().zip(boards.lines()) {
                if alone != "a game ID" {
                    assert_eq!(answer, alone, "{tree:?}, {threads} threads");
                }
            }
        }
    }
}

/// A file of small puzzles is searched on the engine's kernel for many small problems, which
/// answers as the links do: the same counts, the same first boards (of puzzles with several
/// solutions too), in text and JSON, on one thread and two; Tatham's sudokus and sudoku-Xs of
/// every shape, grids whose givens clash, and a 25 x 25 grid, which reasons at every node
/// and so walks the links.
#[test]
fn small_puzzles_take_the_kernel_and_answer_as_the_links() {
    let mut lines: Vec<String> = ["solo.tsv", "solo-x.tsv"]
        .iter()
        .flat_map(|file| tatham(file))
        .map(|(id, _)| id)
        .collect();
    lines.extend(
        [
            "1.....2.....3.....4.....5.....6.....",
            "12..34..........",
            "................",
            "11..............",
            "1..........................................9.............3.......................",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ]
        .map(str::to_owned),
    );
    let large =
        std::fs::read_to_string(fixture("tests/fixtures/puzzles/sudoku-25x25.txt")).unwrap();
    lines.push(large.lines().collect());
    let input: String = lines.iter().map(|line| format!("{line}\n")).collect();
    for asked in [
        &["--count", "--limit", "30"][..],
        &[],
        &["--format", "json"],
    ] {
        let links = dlx(
            &[&["sudoku", "--tree", "links"][..], asked].concat(),
            &input,
        );
        assert!(links.status.success() || links.status.code() == Some(1));
        for threads in ["1", "2"] {
            let args = [&["sudoku", "--stats", "--threads", threads][..], asked].concat();
            let kernel = dlx(&args, &input);
            assert_eq!(
                stdout(&kernel),
                stdout(&links),
                "{asked:?}, {threads} threads"
            );
            assert_eq!(kernel.status.code(), links.status.code());
            let stats = String::from_utf8(kernel.stderr.clone()).unwrap();
            let named = stats.contains("tree: kernel, links\n")
                || stats.contains(r#""tree":"kernel, links""#);
            assert!(named, "{asked:?}: {stats}");
        }
    }
    // Reasoning asked for walks the links.
    let forcing = dlx(&["sudoku", "--stats", "--propagate", "forcing"], &input);
    assert_eq!(self::tree(&forcing), "links");
}

/// A line that is not a puzzle is named on stderr with its place and answered `not a
/// puzzle` in its place; the other lines are solved (or graded) all the same, and the exit
/// status, 2, says that one was bad.
#[test]
fn a_bad_line_is_named_and_a_puzzle_without_solution_says_so() {
    let good = "3x3:a3c6_8_7a4c8a6d9e5c1c3a1b9a2b6a7c3c8e9d4a1c2a1_2_7c6a";
    let bad = dlx(&["sudoku"], &format!("{good}\n3x3:zzz\n{good}\n"));
    assert_eq!(bad.status.code(), Some(2));
    let message = String::from_utf8_lossy(&bad.stderr);
    assert!(message.starts_with("dlx: error: <stdin>:2:"), "{message}");
    assert!(
        message.contains("1 of 3 lines of <stdin> are not puzzles"),
        "{message}"
    );
    let lines: Vec<String> = stdout(&bad).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[1], "not a puzzle");
    assert_eq!(lines[0], lines[2]);
    assert!(lines[0].starts_with("3x3:"), "{}", lines[0]);
    let json = dlx(
        &["sudoku", "--count", "--format", "json"],
        &format!("{good}\n3x3:zzz\n"),
    );
    assert_eq!(json.status.code(), Some(2));
    let second = stdout(&json).lines().nth(1).unwrap_or_default().to_owned();
    assert!(
        second.starts_with(r#"{"puzzle":2,"line":2,"error":"<stdin>:2:"#),
        "{second}"
    );

    // Two 1s in the first row: no solution, said on its line; the exit status says it too.
    let clash = format!("11{}\n", ".".repeat(79));
    let mixed = dlx(&["sudoku"], &format!("{good}\n{clash}{good}\n"));
    assert_eq!(mixed.status.code(), Some(1));
    let lines: Vec<String> = stdout(&mixed).lines().map(str::to_owned).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1], "no solution");
    assert_eq!(lines[0], lines[2]);
    assert!(String::from_utf8_lossy(&mixed.stderr).contains("1 of 3 puzzles have no solution"));

    let refused = dlx(&["sudoku", "--all"], &format!("{good}\n{good}\n"));
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--all works on one puzzle"));
    let hinted = dlx(&["sudoku", "--hint"], &format!("{good}\n{good}\n"));
    assert_eq!(hinted.status.code(), Some(2));
}

/// A long file (past 300 KiB: many chunks, each line read as a puzzle by the thread that
/// solves it) is answered as one thread reads and answers it: bad lines named at their place,
/// blank lines skipped, the same lines out and the same exit status.
#[test]
fn a_long_file_is_read_on_the_workers_as_one_thread_reads_it() {
    let ids: Vec<String> = tatham("solo.tsv").into_iter().map(|(id, _)| id).collect();
    let mut lines = Vec::new();
    let mut length = 0;
    for k in 0.. {
        let line = match k {
            7 => "3x3:zzz".to_owned(),
            11 => String::new(),
            13 => format!("11{}", ".".repeat(79)),
            _ => ids[k % ids.len()].clone(),
        };
        length += line.len() + 1;
        lines.push(line);
        if length > 300 << 10 {
            break;
        }
    }
    let input: String = lines.iter().map(|line| format!("{line}\n")).collect();
    for asked in [&[][..], &["--count", "--limit", "2"], &["--format", "json"]] {
        let one = dlx(&[&["sudoku", "--threads", "1"][..], asked].concat(), &input);
        let two = dlx(&[&["sudoku", "--threads", "2"][..], asked].concat(), &input);
        assert_eq!(two.status.code(), Some(2), "{asked:?}");
        assert_eq!(one.status.code(), two.status.code(), "{asked:?}");
        assert_eq!(stdout(&one), stdout(&two), "{asked:?}");
        assert_eq!(one.stderr, two.stderr, "{asked:?}");
        assert_eq!(stdout(&two).lines().count(), lines.len() - 1, "{asked:?}");
        let stderr = String::from_utf8_lossy(&two.stderr);
        assert!(stderr.starts_with("dlx: error: <stdin>:8:"), "{stderr}");
    }
}

/// `--grade` of a file of puzzles, a line each (a generator's output): a grade per line,
/// each the grade of the puzzle alone, `not a puzzle` where a line is not one.
#[test]
fn a_file_of_puzzles_is_graded_line_by_line() {
    let made = dlx(
        &[
            "towers",
            "--generate",
            "5",
            "--puzzles",
            "4",
            "--difficulty",
            "hard",
            "--format",
            "tatham",
            "--seed",
            "2",
        ],
        "",
    );
    assert_eq!(made.status.code(), Some(0));
    let ids: Vec<String> = stdout(&made).lines().map(str::to_owned).collect();
    assert_eq!(ids.len(), 4);
    let input = format!("{}\n5:9\n{}\n", ids[..2].join("\n"), ids[2..].join("\n"));
    let graded = dlx(&["towers", "--grade"], &input);
    assert_eq!(graded.status.code(), Some(2));
    let grades: Vec<String> = stdout(&graded).lines().map(str::to_owned).collect();
    let mut expected: Vec<String> = ids
        .iter()
        .map(|id| {
            stdout(&dlx(&["towers", id.as_str(), "--grade"], ""))
                .trim()
                .to_owned()
        })
        .collect();
    expected.insert(2, "not a puzzle".to_owned());
    assert_eq!(grades, expected);
    assert!(
        grades.iter().filter(|grade| *grade == "hard").count() >= 1,
        "{grades:?}"
    );
    let json = dlx(&["towers", "--grade", "--format", "json"], &ids.join("\n"));
    assert_eq!(json.status.code(), Some(0));
    assert!(
        stdout(&json).starts_with(r#"{"puzzle":1,"line":1,"difficulty":"#),
        "{}",
        stdout(&json)
    );
}

#[test]
fn a_grid_of_sixteen_lines_of_sixteen_is_one_puzzle() {
    let text =
        std::fs::read_to_string(fixture("reductions/tests/fixtures/sudoku/16x16.txt")).unwrap();
    let solved = dlx(&["sudoku", "--plain"], &text);
    assert_eq!(
        solved.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&solved.stderr)
    );
    assert_eq!(stdout(&solved).lines().count(), 16);
}

#[test]
fn dlx_solve_reads_several_problems_between_separator_lines() {
    let corpus =
        |name: &str| std::fs::read_to_string(fixture(&format!("tests/corpus/{name}"))).unwrap();
    // Known counts (tests/corpus/expected_counts.txt): 92, 352, 724.
    let names = ["queens8.dlx", "queens9.dlx", "queens10.dlx"];
    let input = names.map(corpus).join("---\n");
    let counts = dlx(&["solve", "--count", "--threads", "1"], &input);
    assert_eq!(counts.status.code(), Some(0));
    assert_eq!(stdout(&counts), "92\n352\n724\n");
    // The first solution of each, between separators, as each alone prints it.
    let firsts = stdout(&dlx(&["solve"], &input));
    let blocks: Vec<&str> = firsts.split("---\n").collect();
    assert_eq!(blocks.len(), 3);
    for (block, name) in blocks.iter().zip(names) {
        assert_eq!(*block, stdout(&dlx(&["solve"], &corpus(name))), "{name}");
    }
    let json = stdout(&dlx(&["solve", "--format", "json", "--limit", "2"], &input));
    let problems: Vec<u64> = json
        .lines()
        .map(|line| {
            serde_json::from_str::<Value>(line).unwrap()["problem"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(problems, [1, 1, 2, 2, 3, 3]);

    // A problem that names an item `---` keeps that line as an option.
    assert_eq!(
        stdout(&dlx(&["solve", "--count"], "a ---\na\n---\n---\n")),
        "2\n"
    );
    // An error names the line of the whole input; nothing is solved before.
    let bad = dlx(
        &["solve", "--count"],
        &format!("{}---\nb\nc\n", corpus("queens8.dlx")),
    );
    assert_eq!(bad.status.code(), Some(2));
    let lines = corpus("queens8.dlx").lines().count();
    let message = String::from_utf8_lossy(&bad.stderr).into_owned();
    assert!(
        message.contains(&format!("<stdin>:{}:1: unknown item 'c'", lines + 3)),
        "{message}"
    );
    assert!(bad.stdout.is_empty());
    // One problem without a solution: exit status 1, the others still solved.
    let mixed = dlx(&["solve", "--count"], "a\na\n---\na b\na\n---\nx\nx\n");
    assert_eq!(
        (mixed.status.code(), stdout(&mixed)),
        (Some(1), "1\n0\n1\n".to_owned())
    );
    let refused = dlx(&["solve", "--shard", "0/2", "--count"], "a\na\n---\nb\nb\n");
    assert_eq!(refused.status.code(), Some(2));
}

/// Runs `dlx solve ARGS --threads T` on `input` for one thread and for two and three, and
/// checks that the runs that share problems among threads print what one thread prints, on
/// stdout and on stderr (the statistics' times aside), with the same exit status.
fn check_solve_threads(args: &[&str], input: &str) {
    let run = |threads: &str| {
        let mut all = vec!["solve"];
        all.extend_from_slice(args);
        all.extend(["--threads", threads]);
        let output = dlx(&all, input);
        let stderr: String = String::from_utf8_lossy(&output.stderr)
            .lines()
            .filter(|line| !line.starts_with("time:"))
            .map(|line| format!("{line}\n"))
            .collect();
        (output.status.code(), stdout(&output), stderr)
    };
    // Both streams into one file, to see them in the order they were written.
    let interleaved = |threads: &str| {
        let path = std::env::temp_dir().join(format!(
            "dlx-solve-threads-{}-{threads}.txt",
            std::process::id()
        ));
        let file = std::fs::File::create(&path).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
            .arg("solve")
            .args(args)
            .args(["--threads", threads])
            .stdin(Stdio::piped())
            .stdout(file.try_clone().unwrap())
            .stderr(file)
            .spawn()
            .expect("dlx runs");
        let mut stdin = child.stdin.take().unwrap();
        let input = input.to_owned();
        let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
        child.wait().unwrap();
        writer.join().unwrap().unwrap();
        let both = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        both.lines()
            .filter(|line| !line.starts_with("time:"))
            .map(|line| format!("{line}\n"))
            .collect::<String>()
    };
    let one = run("1");
    assert!(!one.1.is_empty() || !one.2.is_empty(), "{args:?}: {one:?}");
    let one_interleaved = interleaved("1");
    for threads in ["2", "3"] {
        assert_eq!(run(threads), one, "{args:?} on {threads} threads");
        assert_eq!(
            interleaved(threads),
            one_interleaved,
            "{args:?} on {threads} threads, stdout and stderr together"
        );
    }
}

#[test]
fn dlx_solve_shares_problems_among_threads_and_prints_what_one_thread_prints() {
    let corpus =
        |name: &str| std::fs::read_to_string(fixture(&format!("tests/corpus/{name}"))).unwrap();
    // Counts, colors and multiplicities, a warning (an option without a primary item), a
    // problem without solutions, and a count cut short by the node limit.
    let problems = [
        corpus("queens8.dlx"),
        corpus("random/xcc-s1.dlx"),
        "a b | s\na\nb\ns\n".to_owned(),
        corpus("random/mcc-s2.dlx"),
        "a b\na\n".to_owned(),
        corpus("langford11.dlx"),
        corpus("queens9.dlx"),
    ];
    let input = problems.join("---\n");
    for args in [
        &["--count"][..],
        &[],
        &["--format", "json"],
        &["--count", "--format", "json"],
        &["--count", "--stats"],
        &["--stats"],
        &["--count", "--node-limit", "40"],
        &["--count", "--limit", "3"],
        &["--tree", "sparse-sets"],
    ] {
        check_solve_threads(args, &input);
    }
    // More problems than are solved at once, some without solutions.
    let many: Vec<&str> = (0..1500)
        .map(|k| {
            if k % 7 == 3 {
                "a b\na\n"
            } else {
                "a b\na\nb\na b\n"
            }
        })
        .collect();
    let many = many.join("---\n");
    check_solve_threads(&["--count"], &many);
    check_solve_threads(&[], &many);
    // An error names the line of the input, and nothing is solved before it.
    let bad = format!(
        "{}---\nb\nc\n---\n{}",
        corpus("queens8.dlx"),
        corpus("queens9.dlx")
    );
    check_solve_threads(&["--count"], &bad);
    let failed = dlx(&["solve", "--count", "--threads", "2"], &bad);
    assert!(failed.stdout.is_empty() && failed.status.code() == Some(2));
}

/// `--id` writes the puzzle as given as Tatham's game ID (a line each for a file of many),
/// which reads back as the same puzzle: the same solution, and the same ID again.
#[test]
fn id_writes_the_puzzle_as_given_as_a_game_id() {
    let text = "1.3.\n.4..\n..4.\n.3.1\n";
    let id = dlx(&["sudoku", "--id"], text);
    assert_eq!(id.status.code(), Some(0));
    let id = stdout(&id).trim().to_owned();
    assert_eq!(id, "2x2:1a3b4d4b3a1");
    let solved = |input: &str| stdout(&dlx(&["sudoku", "--plain"], input));
    assert_eq!(solved(&id), solved(text));
    assert_eq!(stdout(&dlx(&["sudoku", "--id"], &id)).trim(), id);
    let towers = ".23152.\n2.....2\n1.....4\n2.....3\n4.....1\n3.....2\n.42412.\n";
    let json = dlx(&["towers", "--id", "--format", "json"], towers);
    assert_eq!(
        stdout(&json).trim(),
        r#"{"id":"5:2/3/1/5/2/4/2/4/1/2/2/1/2/4/3/2/4/3/1/2"}"#
    );
    let many = dlx(&["sudoku", "--id"], &format!("{id}\n{id}\n"));
    assert_eq!(stdout(&many), format!("{id}\n{id}\n"));
    let refused = dlx(&["sudoku", "--id", "--count"], text);
    assert_eq!(refused.status.code(), Some(2));
}

/// `--random` on an empty 9 x 9 sudoku draws exactly uniform grids by bands, not from the
/// graph of all grids (which cannot be built): at once, each a sudoku, the same for a seed,
/// and `--stats` names the method. With a given, or on a sudoku-X, the graph's refusal
/// stands.
#[test]
fn random_nine_by_nine_grids_are_drawn_by_bands() {
    let empty = ".........\n".repeat(9);
    let drawn = dlx(
        &[
            "sudoku", "--random", "20", "--seed", "3", "--plain", "--stats",
        ],
        &empty,
    );
    assert_eq!(drawn.status.code(), Some(0));
    let grids: Vec<String> = stdout(&drawn)
        .split("\n\n")
        .map(|grid| grid.lines().collect::<String>())
        .collect();
    assert_eq!(grids.len(), 20);
    for grid in &grids {
        check_sudoku(grid);
    }
    let distinct: std::collections::HashSet<&String> = grids.iter().collect();
    assert_eq!(distinct.len(), 20);
    assert!(String::from_utf8_lossy(&drawn.stderr).contains("sampler: bands"));
    let again = dlx(
        &["sudoku", "--random", "20", "--seed", "3", "--plain"],
        &empty,
    );
    assert_eq!(stdout(&again), stdout(&drawn));
    let given = format!("1........\n{}", ".........\n".repeat(8));
    let refused = dlx(
        &["sudoku", "--random", "1", "--memo-limit", "256M", "--stats"],
        &given,
    );
    assert_eq!(refused.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&refused.stderr).contains("sampler: bands"));
}
