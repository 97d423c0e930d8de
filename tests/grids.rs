//! Sudoku, binairo and the arrow board end to end, each board checked against its rules;
//! the calendar as the README draws it, and the statistics of the puzzles' searches.

use std::collections::{BTreeSet, HashSet};

use crate::binary::*;
use crate::puzzles::*;

/// Reads a sudoku grid as the test understands the format: rows of characters, `.` empty.
pub(crate) fn read_sudoku(text: &str) -> Vec<Vec<u32>> {
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
pub(crate) fn check_sudoku(puzzle: &[Vec<u32>], text: &str) {
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

pub(crate) fn puzzle_stats_are(puzzle: &Run, solve: &Run) {
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
pub(crate) fn check_arrows(text: &str, n: usize) {
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
pub(crate) fn check_binairo(puzzle: &[&str], text: &str) {
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

/// Sudoku-X (Tatham's Solo with `x`): its game IDs read, solve to Tatham's solution, write
/// back with `x`, and the board says and draws its diagonals; a text grid after a line `X`
/// counts with the diagonals' rule.
#[test]
fn sudoku_x_from_tathams_ids_and_text() {
    let corpus =
        std::fs::read_to_string(root().join("reductions/tests/fixtures/tatham/solo-x.tsv"))
            .expect("the sudoku-X corpus");
    let line = corpus
        .lines()
        .find(|line| line.starts_with("3x3xda\t"))
        .expect("an advanced 9 x 9 sudoku-X");
    let [_, id, solution] = line.split('\t').collect::<Vec<_>>()[..] else {
        panic!("{line}")
    };
    let run = dlx(&["sudoku", id, "--plain"]);
    run.assert_status(0);
    let digits: Vec<&str> = solution.split(',').collect();
    let rows: Vec<String> = digits.chunks(9).map(|row| row.concat()).collect();
    assert_eq!(run.stdout, format!("X\n{}\n", rows.join("\n")));
    // The diagonals hold every digit once in the board printed.
    for diagonal in [0, 1] {
        let cells: BTreeSet<char> = (0..9)
            .map(|k| rows[k].as_bytes()[if diagonal == 0 { k } else { 8 - k }] as char)
            .collect();
        assert_eq!(cells.len(), 9);
    }
    let written = dlx(&["sudoku", id, "--format", "tatham"]);
    assert!(written.stdout.starts_with("3x3x:"), "{}", written.stdout);
    let json = dlx(&["sudoku", id, "--format", "json"]);
    assert!(
        json.stdout.contains("\"diagonals\":true"),
        "{}",
        json.stdout
    );
    let svg = dlx(&["sudoku", id, "--format", "svg"]);
    assert!(svg.stdout.contains("#f4ecd2"), "the diagonals are tinted");
    let explained = dlx(&["sudoku", id, "--explain"]);
    explained.assert_status(0);
    assert!(explained.stdout.contains("solved"), "{}", explained.stdout);
    // A file of game IDs, sudoku-X and plain ones of the same boxes mixed (a batch shares
    // one table per shape, and the diagonals are part of the shape): each answered as alone.
    let plain_ids =
        std::fs::read_to_string(root().join("reductions/tests/fixtures/tatham/solo.tsv"))
            .expect("the Solo corpus");
    let mut ids: Vec<&str> = corpus
        .lines()
        .chain(plain_ids.lines())
        .filter_map(|line| line.split('\t').nth(1))
        .filter(|id| id.starts_with("3x3x:") || id.starts_with("3x3:"))
        .collect();
    ids.sort_by_key(|id| id.len());
    ids.truncate(8);
    assert!(
        ids.iter().any(|id| id.starts_with("3x3x:")) && ids.iter().any(|id| id.starts_with("3x3:"))
    );
    let batch = dlx_from_bytes(&["sudoku", "--format", "tatham"], ids.join("\n").as_bytes());
    let alone: Vec<String> = ids
        .iter()
        .map(|id| dlx(&["sudoku", id, "--format", "tatham"]).stdout)
        .collect();
    assert_eq!(batch.stdout, alone.concat());

    // Empty 4 x 4 grids: 288 sudoku, 48 of them sudoku-X.
    let empty = "....\n".repeat(4);
    let plain = dlx_from_bytes(&["sudoku", "--count"], empty.as_bytes());
    let x = dlx_from_bytes(&["sudoku", "--count"], format!("X\n{empty}").as_bytes());
    assert_eq!((plain.stdout.trim(), x.stdout.trim()), ("288", "48"));
}

/// The sudoku variants' examples in docs/puzzles.md (the text blocks with `regions` or
/// `cages`) are puzzles: each has exactly one solution (the jigsaw's once had none).
#[test]
fn the_documented_variant_examples_have_one_solution() {
    let doc = std::fs::read_to_string(crate::util::repo_root().join("docs/puzzles.md")).unwrap();
    let mut examples = 0;
    for block in doc.split("```text\n").skip(1) {
        let block = block.split("```").next().unwrap();
        if !block.contains("regions\n") && !block.contains("cages\n") {
            continue;
        }
        let count = dlx_from_bytes(&["sudoku", "--count"], block.as_bytes());
        assert_eq!(count.stdout, "1\n", "{block}{}", count.report());
        examples += 1;
    }
    assert!(examples >= 2, "{examples}");
}
