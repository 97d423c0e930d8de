//! Making and grading puzzles: `--generate` and `--grade` for sudoku, futoshiki and binairo,
//! their time limit, the flags they refuse, and the puzzles they draw.

use std::process::Stdio;

use crate::binary::*;

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

    // `--solution` draws the puzzle's own signs with the digits (it drew a sign between
    // every two neighbours, those of the grid the puzzle was made from), and its digits
    // solve the puzzle.
    let with = dlx(&[&args[..], &["--solution"]].concat());
    with.assert_status(0);
    let (puzzle, solution) = with
        .stdout
        .split_once("\n\n")
        .expect("the puzzle, a blank line, its solution");
    let signs = |text: &str| -> String {
        text.chars()
            .map(|c| if c.is_ascii_digit() { '#' } else { c })
            .collect()
    };
    assert_eq!(signs(puzzle), signs(solution.trim_end()), "{}", with.stdout);
    let solved = dlx_from_bytes(&["futoshiki"], made.stdout.as_bytes());
    assert_eq!(solved.stdout.trim_end(), solution.trim_end());
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
    // A hundred thousand puzzles take minutes: some are made in half a second.
    for puzzle in ["futoshiki", "sudoku", "binairo"] {
        let some = dlx(&[
            puzzle,
            "--generate",
            if puzzle == "binairo" { "14" } else { "9" },
            "--puzzles",
            "100000",
            "--seed",
            "2",
            "--format",
            "tatham",
            "--timeout",
            "0.5",
        ]);
        let made = some.stdout.lines().count();
        assert!(made < 100_000, "{puzzle}: {made}");
        let note = format!("; {made} made");
        assert!(some.stderr.contains(&note), "{puzzle}: {}", some.stderr);
        some.assert_status(if made > 0 { 0 } else { 1 });
        for id in some.stdout.lines().take(20) {
            let count = dlx_from_bytes(&[puzzle, "--count", "--limit", "2"], id.as_bytes());
            assert_eq!(count.assert_status(0).stdout, "1\n", "{puzzle}: {id}");
        }
    }
}

/// `--timeout` holds while a puzzle is being made, whatever the generator is doing (a grader's
/// search, a uniqueness check, a draw of regions or cages): at the hardest level of every
/// kind and the largest sizes, seeds whose first puzzle takes far longer than the limit stop
/// within it and half a second more (the 12a and 9a recursive futoshiki of the report once
/// ran 40 s and more past a limit of 1 to 4 s). Jigsaws past 23 x 23, which once ended in
/// "internal error", are refused with the sizes made.
#[test]
fn generating_stops_within_its_time_limit_at_every_level() {
    for size in ["24j", "25j", "25jx"] {
        let run = dlx(&["sudoku", "--generate", size, "--timeout", "1"]);
        run.assert_status(2);
        assert!(
            run.stderr.contains("j for a jigsaw (sides 4 to 23"),
            "{}",
            run.report()
        );
    }
    for (kind, size, level, seed) in [
        ("futoshiki", "12a", "recursive", "5"),
        ("futoshiki", "9a", "recursive", "7"),
        ("futoshiki", "12", "recursive", "1"),
        ("sudoku", "25", "extreme", "1"),
        ("sudoku", "22j", "extreme", "1"),
        ("sudoku", "9k", "unreasonable", "1"),
        ("sudoku", "9jk", "unreasonable", "2"),
        ("binairo", "30", "hard", "1"),
    ] {
        let started = std::time::Instant::now();
        let run = dlx(&[
            kind,
            "--generate",
            size,
            "--difficulty",
            level,
            "--seed",
            seed,
            "--timeout",
            "1",
        ]);
        let took = started.elapsed();
        assert!(
            took < std::time::Duration::from_millis(1500),
            "{kind} {size} {level}: {took:?}\n{}",
            run.report()
        );
        // Made in time, or not made: never an internal error.
        assert!(
            run.status == Some(0) || run.status == Some(1),
            "{}",
            run.report()
        );
        if run.status == Some(1) {
            assert!(run.stderr.contains("the time ran out"), "{}", run.report());
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
    // A random seed names no puzzle (it said: cannot read the file).
    let seed = dlx(&["sudoku", "3x3dt#12345"]);
    seed.assert_status(2);
    insta::assert_snapshot!("random_seed_argument", seed.report());
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

/// `--hint` and `--explain`: the deductions a person can follow, as text and JSON. A player
/// who enters each hint's value and asks again reaches the sudoku's solution (the engine's);
/// a grid no rule can finish, a binairo and one puzzle per line say why; the solving flags
/// are refused.
#[test]
fn hints_and_explanations() {
    let file = "tests/fixtures/puzzles/sudoku-golden-nugget.txt";
    let run = dlx(&[
        "sudoku",
        "tests/fixtures/puzzles/sudoku-4x4.txt",
        "--explain",
    ]);
    run.assert_status(0);
    insta::assert_snapshot!("sudoku_explain_4x4", run.report());
    let run = dlx(&[
        "futoshiki",
        "tests/fixtures/puzzles/futoshiki-4x4.txt",
        "--explain",
    ]);
    run.assert_status(0);
    insta::assert_snapshot!("futoshiki_explain_4x4", run.report());
    // Golden Nugget needs search: the hints stop where the rules do, with exit status 1.
    let run = dlx(&["sudoku", file, "--explain"]);
    run.assert_status(1);
    assert!(run
        .stdout
        .ends_with("only search does (or the puzzle has several solutions)\n"));

    // A player on a made sudoku: each hint's value entered, the next hint asked for.
    let made = dlx(&[
        "sudoku",
        "--generate",
        "9",
        "--difficulty",
        "advanced",
        "--seed",
        "5",
    ]);
    made.assert_status(0);
    let solved = dlx_from_bytes(&["sudoku", "--plain"], made.stdout.as_bytes());
    let solution: Vec<char> = solved
        .stdout
        .chars()
        .filter(|c| c.is_ascii_digit())
        .collect();
    let mut grid: Vec<char> = made.stdout.chars().filter(|c| !c.is_whitespace()).collect();
    assert_eq!((grid.len(), solution.len()), (81, 81));
    loop {
        let line: String = grid.iter().collect();
        let run = dlx_from_bytes(&["sudoku", "--hint", "--format", "json"], line.as_bytes());
        let hint: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        if hint["end"] == "solved" {
            run.assert_status(0);
            break;
        }
        run.assert_status(0);
        let steps = hint["steps"].as_array().unwrap();
        let placed = &steps.last().unwrap()["placed"][0];
        let (row, column) = (
            placed["row"].as_u64().unwrap(),
            placed["column"].as_u64().unwrap(),
        );
        let cell = ((row - 1) * 9 + column - 1) as usize;
        let value = placed["value"].as_u64().unwrap().to_string();
        assert_eq!(grid[cell], '.', "a hint for a filled cell: {hint}");
        assert_eq!(value, solution[cell].to_string(), "{hint}");
        grid[cell] = solution[cell];
    }
    assert_eq!(grid, solution);

    let run = dlx_from_bytes(&["sudoku", "--hint"], ".".repeat(81).as_bytes());
    run.assert_status(1);
    let run = dlx(&["sudoku", file, "--hint", "--count"]);
    run.assert_status(2);
    assert!(run.stderr.contains("--hint"), "{}", run.stderr);
    // A binairo's hints: one digit a step, each the solution's, until it is solved.
    let binairo = "tests/fixtures/puzzles/binairo-seed.txt";
    let solved = dlx(&["binairo", binairo, "--plain"]);
    let solved: Vec<char> = solved
        .assert_status(0)
        .stdout
        .lines()
        .flat_map(str::chars)
        .collect();
    let run = dlx(&["binairo", binairo, "--explain", "--format", "json"]);
    let explained: serde_json::Value =
        serde_json::from_str(run.assert_status(0).stdout.trim()).unwrap();
    assert_eq!(explained["end"], "solved", "{explained}");
    for step in explained["steps"].as_array().unwrap() {
        let placed = &step["placed"][0];
        let cell =
            (placed["row"].as_u64().unwrap() - 1) * 6 + placed["column"].as_u64().unwrap() - 1;
        let value = placed["value"].as_u64().unwrap().to_string();
        assert_eq!(value, solved[cell as usize].to_string(), "{step}");
    }
    let run = dlx(&["binairo", binairo, "--hint"]);
    assert!(
        run.assert_status(0).stdout.starts_with('r'),
        "{}",
        run.stdout
    );
    let lines = format!("{}\n{}\n", ".".repeat(81), ".".repeat(81));
    let run = dlx_from_bytes(&["sudoku", "--explain"], lines.as_bytes());
    run.assert_status(2);
    assert!(
        run.stderr.contains("--explain explains one puzzle"),
        "{}",
        run.stderr
    );
}

/// Killer sudoku (`--generate 9k`): the puzzle reads back, in our text and as Solo's ID, with
/// one solution that keeps its cages; the grade is the level asked; the picture draws a
/// dashed outline for the cages and each cage's sum once; JSON gives the cages and sums.
#[test]
fn killer_sudoku_made_solved_graded_and_drawn() {
    let args = [
        "sudoku",
        "--generate",
        "9k",
        "--difficulty",
        "intermediate",
        "--seed",
        "4",
    ];
    let made = dlx(&args);
    made.assert_status(0);
    let text = made.stdout.clone();
    assert!(
        text.contains("\ncages\n") && text.contains("\nsums\n"),
        "{text}"
    );
    let count = dlx_from_bytes(&["sudoku", "--count"], text.as_bytes());
    assert_eq!(count.assert_status(0).stdout, "1\n");
    let grade = dlx_from_bytes(&["sudoku", "--grade"], text.as_bytes());
    assert_eq!(grade.assert_status(0).stdout, "intermediate\n");
    let id = dlx(&[&args[..], &["--format", "tatham"]].concat());
    assert!(id.stdout.starts_with("3x3k:"), "{}", id.stdout);
    let from_id = dlx_from_bytes(&["sudoku"], id.stdout.as_bytes());
    let solved = dlx_from_bytes(&["sudoku"], text.as_bytes());
    assert_eq!(from_id.assert_status(0).stdout, solved.stdout);
    // The solution by the rules: rows of digits, then the cages and their sums as written.
    let lines: Vec<&str> = solved.stdout.lines().collect();
    let digits: Vec<Vec<u32>> = lines[..9]
        .iter()
        .map(|row| row.chars().map(|c| c.to_digit(10).unwrap()).collect())
        .collect();
    let names: Vec<Vec<char>> = lines[10..19]
        .iter()
        .map(|row| row.chars().collect())
        .collect();
    let sums: Vec<Vec<u32>> = lines[20..29]
        .iter()
        .map(|row| {
            row.split_whitespace()
                .map(|s| s.parse().unwrap_or(0))
                .collect()
        })
        .collect();
    // Each cage: the cells of one name reached side by side from a cell with a sum.
    let mut seen = [[false; 9]; 9];
    let mut cages = 0;
    for r in 0..9 {
        for c in 0..9 {
            if sums[r][c] == 0 {
                continue;
            }
            cages += 1;
            let (mut todo, mut total, mut used) = (vec![(r, c)], 0, 0u32);
            seen[r][c] = true;
            while let Some((y, x)) = todo.pop() {
                assert_eq!(
                    used >> digits[y][x] & 1,
                    0,
                    "a digit twice in the cage at {r},{c}"
                );
                used |= 1 << digits[y][x];
                total += digits[y][x];
                let near = [
                    (y.wrapping_sub(1), x),
                    (y + 1, x),
                    (y, x.wrapping_sub(1)),
                    (y, x + 1),
                ];
                for (ny, nx) in near {
                    if ny < 9 && nx < 9 && !seen[ny][nx] && names[ny][nx] == names[y][x] {
                        seen[ny][nx] = true;
                        todo.push((ny, nx));
                    }
                }
            }
            assert_eq!(total, sums[r][c], "the cage at {r},{c}");
        }
    }
    assert!(
        seen.iter().flatten().all(|&s| s),
        "every cell in a cage with a sum"
    );
    let svg = dlx_from_bytes(&["sudoku", "--format", "svg"], text.as_bytes());
    let svg = svg.assert_status(0).stdout.clone();
    assert_eq!(svg.matches("stroke-dasharray").count(), 1);
    let labels = svg.matches("<text").count() - 81;
    assert_eq!(labels, cages);
    let json = dlx_from_bytes(&["sudoku", "--format", "json"], text.as_bytes());
    let json: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(json["sums"][0].as_array().unwrap().len(), 9);
    assert_eq!(json["cages"].as_array().unwrap().len(), 9);
}

/// `--hint` and `--explain` on grids that have no solution: never a step that leads on. The
/// three grids of the reports (a 4 x 4 jigsaw killer and a killer whose cage holds two cells
/// that share no house, both of which the grader once called solved, and a sudoku-X whose
/// first hint was a hidden single), then puzzles made here of every kind with hints (sudoku,
/// X, jigsaw, killer; futoshiki and its adjacent mode; binairo), each with a wrong digit
/// entered in open cells drawn in turn: `--count` says 0, `--hint` exits 1 and says the grid
/// has no solution, in text and in JSON, and `--explain` never ends "solved".
#[test]
fn hints_on_grids_without_solution_say_so() {
    let reported = [
        "....\n....\n....\n...3\nregions\naaaa\nbbbb\ncccd\ncddd\ncages\nccaa\nbbaa\nbacc\nbabb\n\
         sums\n 5  .  8  .\n12  .  .  .\n .  3  7  .\n .  .  5  .\n",
        "1.34\n3421\n2143\n4312\ncages\naxbc\ndxxe\nfghi\njklm\nsums\n. 8 . .\n. . . .\n. . . .\n\
         . . . .\n",
        "X\n4.1.\n2...\n1...\n...1\n",
    ];
    let mut grids: Vec<(&str, String)> =
        reported.iter().map(|g| ("sudoku", g.to_string())).collect();
    for (kind, size, seed) in [
        ("sudoku", "9", "3"),
        ("sudoku", "9x", "3"),
        ("sudoku", "9j", "3"),
        ("sudoku", "6k", "3"),
        ("sudoku", "9k", "4"),
        ("futoshiki", "5", "3"),
        ("futoshiki", "5a", "3"),
        ("binairo", "8", "3"),
    ] {
        let made = dlx(&[kind, "--generate", size, "--seed", seed]);
        let text = made.assert_status(0).stdout.clone();
        let solved = dlx_from_bytes(&[kind, "--format", "json"], text.as_bytes());
        let solved: serde_json::Value =
            serde_json::from_str(&solved.assert_status(0).stdout).unwrap();
        let rows = solved["grid"].as_array().unwrap();
        let (height, width) = (rows.len(), rows[0].as_array().unwrap().len());
        let given = &solved["given"];
        let mut wrong = 0;
        for cell in (0..height * width).step_by(3) {
            let (r, c) = (cell / width, cell % width);
            if given[r][c] == true {
                continue;
            }
            let right = rows[r][c].as_u64().unwrap();
            let digit = match kind {
                "binairo" => 1 - right,
                _ => right % (width as u64) + 1,
            };
            grids.push((kind, set_cell(kind, &text, r, c, digit)));
            wrong += 1;
            if wrong == 4 {
                break;
            }
        }
        assert_eq!(wrong, 4, "{kind} {size}");
    }
    for (kind, grid) in &grids {
        let count = dlx_from_bytes(&[kind, "--count"], grid.as_bytes());
        assert_eq!(count.stdout, "0\n", "{kind}:\n{grid}");
        let hint = dlx_from_bytes(&[kind, "--hint"], grid.as_bytes());
        hint.assert_status(1);
        assert!(
            hint.stdout.starts_with("the grid has no solution"),
            "{kind}:\n{grid}\n{}",
            hint.stdout
        );
        let json = dlx_from_bytes(&[kind, "--hint", "--format", "json"], grid.as_bytes());
        let json: serde_json::Value = serde_json::from_str(&json.assert_status(1).stdout).unwrap();
        assert!(
            json["end"] == "contradiction" || json["end"] == "no solution",
            "{kind}:\n{grid}\n{json}"
        );
        assert_eq!(json["steps"].as_array().map(Vec::len), Some(0), "{json}");
        let explained = dlx_from_bytes(&[kind, "--explain"], grid.as_bytes());
        explained.assert_status(1);
        assert!(
            explained
                .stdout
                .lines()
                .last()
                .is_some_and(|l| l.starts_with("the grid has no solution")),
            "{kind}:\n{grid}\n{}",
            explained.stdout
        );
    }
}

/// `text`, a puzzle in the command's format, with `digit` in cell (`r`, `c`) (from 0).
fn set_cell(kind: &str, text: &str, r: usize, c: usize, digit: u64) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    match kind {
        "futoshiki" => {
            // A size line, then the rows of cells and signs between rows of signs.
            let line = &mut lines[1 + 2 * r];
            let mut cells: Vec<String> = line.split(' ').map(str::to_owned).collect();
            cells[2 * c] = digit.to_string();
            *line = cells.join(" ");
        }
        _ => {
            // A size line for binairo, a line `X` for a sudoku-X; the rows then.
            let first = usize::from(kind == "binairo" || lines[0] == "X");
            let line = &mut lines[first + r];
            let mut chars: Vec<char> = line.chars().collect();
            chars[c] = char::from_digit(digit as u32, 36).unwrap();
            *line = chars.into_iter().collect();
        }
    }
    lines.join("\n") + "\n"
}
