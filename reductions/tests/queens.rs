//! n-queens: the counts of docs/puzzles.md, Knuth's own encoding (the files of the engine corpus),
//! and every printed board checked against the rules by a checker written here.

use std::collections::HashSet;
use std::path::PathBuf;

use dlx::{Problem, Solver};
use reductions::queens::{Queens, Size};
use reductions::Reduction;

/// Solutions for n = 1..14, from docs/puzzles.md (OEIS A000170).
const COUNTS: [u128; 14] = [
    1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
];

/// Panics unless `board` is n lines of n `Q`/`.` with n queens, none attacking another.
fn check_board(n: usize, board: &str) {
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines.len(), n, "{board}");
    let mut queens = Vec::new();
    for (r, line) in lines.iter().enumerate() {
        assert_eq!(line.chars().count(), n, "{board}");
        for (c, ch) in line.chars().enumerate() {
            match ch {
                'Q' => queens.push((r as i64, c as i64)),
                '.' => {}
                _ => panic!("{ch:?} in\n{board}"),
            }
        }
    }
    assert_eq!(queens.len(), n, "{board}");
    for (k, &(r1, c1)) in queens.iter().enumerate() {
        for &(r2, c2) in &queens[k + 1..] {
            assert!(
                r1 != r2 && c1 != c2 && (r1 - r2).abs() != (c1 - c2).abs(),
                "({r1},{c1}) attacks ({r2},{c2}):\n{board}"
            );
        }
    }
}

/// Counts by solving, checking every board (and that they differ) up to n = 10.
fn count(n: usize) -> u128 {
    let size = Queens.parse(&n.to_string()).unwrap();
    let encoding = Queens.encode(&size).unwrap();
    if n > 10 {
        return Solver::new(&encoding.problem).count().solutions;
    }
    let mut boards = HashSet::new();
    for solution in Solver::new(&encoding.problem).solutions() {
        dlx::verify(&encoding.problem, solution.options()).unwrap();
        let board = Queens
            .decode(&size, &encoding.choices_of(solution.options()))
            .to_string();
        check_board(n, &board);
        assert!(boards.insert(board));
    }
    boards.len() as u128
}

#[test]
fn counts_up_to_12() {
    for n in 1..=12 {
        assert_eq!(count(n), COUNTS[n - 1], "{n} queens");
    }
}

#[test]
#[ignore = "a few seconds in release mode: cargo test --release -- --ignored"]
fn counts_13_and_14() {
    for n in 13..=14 {
        assert_eq!(count(n), COUNTS[n - 1], "{n} queens");
    }
}

fn corpus(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/corpus")
        .join(name)
}

#[test]
fn the_encoding_is_knuths() {
    // The corpus files are Knuth's encodings (rows and columns centre-first, diagonals
    // secondary): ours must be the same problem, item for item and option for option, so the
    // search trees are the same too.
    for n in 8..=13 {
        let text = std::fs::read_to_string(corpus(&format!("queens{n}.dlx"))).unwrap();
        let knuth = Problem::from_dlx(&text).unwrap();
        let ours = Queens.encode(&Size::new(n).unwrap()).unwrap().problem;
        assert_eq!(ours, knuth, "{n} queens");
        // The same text too, but for Knuth's comment line.
        let without_comments: String = text
            .lines()
            .filter(|line| !line.starts_with('|'))
            .map(|line| format!("{line}\n"))
            .collect();
        assert_eq!(ours.to_dlx(), without_comments, "{n} queens");
        if n <= 10 {
            let (a, b) = (
                Solver::new(&ours).count().stats,
                Solver::new(&knuth).count().stats,
            );
            assert_eq!((a.nodes, a.updates), (b.nodes, b.updates), "{n} queens");
        }
    }
}

#[test]
fn five_queens_encoding() {
    let encoding = Queens.encode(&Size::new(5).unwrap()).unwrap();
    insta::assert_snapshot!(encoding.problem.to_dlx());
}
