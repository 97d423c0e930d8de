//! Counting beyond enumeration from the command line: `--memo` against enumeration, `tile`'s
//! tilings, the ZDD of all solutions, uniform random solutions and Knuth's estimate.

use std::collections::{BTreeSet, HashMap, HashSet};

use dlx::OptionId;

use crate::binary::*;
use crate::puzzles::*;

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
pub(crate) fn tiles_of(board: &str) -> Vec<BTreeSet<(i32, i32)>> {
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
