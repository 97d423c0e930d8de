//! Binairo against the public instances (both encodings) and the counts of PUZZLES.md, every
//! printed board checked by a checker written here from the rules.

use std::collections::HashSet;
use std::fs;
use std::ops::ControlFlow;
use std::path::PathBuf;

use dlx::Solver;
use reductions::binairo::{Binairo, Strategy};
use reductions::Reduction;

/// Panics unless `solved` (N lines of N digits) fills `puzzle` (the puzzle file) by the rules.
fn check_solution(puzzle: &str, solved: &str) {
    let mut lines = puzzle.lines().map(str::trim).filter(|l| !l.is_empty());
    let n: usize = lines.next().unwrap().parse().unwrap();
    let givens: Vec<Vec<char>> = lines
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect())
        .collect();
    let rows: Vec<Vec<u8>> = solved
        .lines()
        .map(|l| {
            l.chars()
                .map(|c| match c {
                    '0' => 0,
                    '1' => 1,
                    _ => panic!("{c:?} in\n{solved}"),
                })
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), n, "{solved}");
    let cols: Vec<Vec<u8>> = (0..n)
        .map(|c| rows.iter().map(|r| r[c]).collect())
        .collect();
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), n, "{solved}");
        for (c, &d) in row.iter().enumerate() {
            match givens[r][c] {
                '0' => assert_eq!(d, 0, "given ({r},{c}):\n{solved}"),
                '1' => assert_eq!(d, 1, "given ({r},{c}):\n{solved}"),
                _ => {}
            }
        }
    }
    for (what, lines) in [("row", &rows), ("column", &cols)] {
        let mut seen = HashSet::new();
        for (k, line) in lines.iter().enumerate() {
            let ones = line.iter().filter(|&&d| d == 1).count();
            assert_eq!(ones, n / 2, "{what} {k} unbalanced:\n{solved}");
            assert!(
                line.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])),
                "{what} {k} has three in a row:\n{solved}"
            );
            assert!(seen.insert(line.clone()), "{what} {k} repeats:\n{solved}");
        }
    }
}

/// Solves with a strategy up to `limit` solutions, checking every one; the count and boards.
fn solve(strategy: Strategy, text: &str, limit: u128) -> (u128, Vec<String>) {
    let binairo = Binairo { strategy };
    let grid = binairo.parse(text).unwrap();
    let encoding = binairo.encode(&grid).unwrap();
    let mut boards = Vec::new();
    let outcome = Solver::new(&encoding.problem)
        .limit(limit)
        .for_each(|options| {
            dlx::verify(&encoding.problem, options).unwrap();
            let board = binairo
                .decode(&grid, &encoding.choices_of(options))
                .to_string();
            check_solution(text, &board);
            boards.push(board);
            ControlFlow::Continue(())
        });
    let distinct: HashSet<&String> = boards.iter().collect();
    assert_eq!(distinct.len(), boards.len(), "a board twice");
    (outcome.solutions, boards)
}

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/binairo")
}

/// Every instance of at most `max` x `max` in expected.tsv; returns how many were run.
fn every_instance(strategy: Strategy, max: usize) -> usize {
    let expected = fs::read_to_string(fixtures().join("expected.tsv")).unwrap();
    let mut tested = 0;
    for line in expected.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let text = fs::read_to_string(fixtures().join(fields[0])).unwrap();
        let n: usize = text.split_whitespace().next().unwrap().parse().unwrap();
        if n > max {
            continue;
        }
        let (limit, want) = match fields[1] {
            ">1000" => (1001, 1001),
            count => (u128::MAX, count.parse().unwrap()),
        };
        let (count, boards) = solve(strategy, &text, limit);
        assert_eq!(count, want, "{} with {strategy:?}", fields[0]);
        if count == 1 {
            assert_eq!(boards[0].replace('\n', "/"), fields[2], "{}", fields[0]);
        }
        tested += 1;
    }
    tested
}

#[test]
fn every_public_instance_with_cells() {
    assert_eq!(every_instance(Strategy::Cells, 64), 26);
    // And the table lists every instance file.
    let files = fs::read_dir(fixtures())
        .unwrap()
        .filter(|e| {
            let name = e.as_ref().unwrap().file_name();
            name.to_string_lossy().ends_with(".txt")
        })
        .count();
    assert_eq!(files, 26);
}

#[test]
fn the_public_instances_up_to_12x12_with_patterns() {
    assert_eq!(every_instance(Strategy::Patterns, 12), 18);
}

#[test]
#[ignore = "the patterns take over twenty minutes on a 20 x 20 puzzle: cargo test --release -- --ignored"]
fn every_public_instance_with_patterns() {
    assert_eq!(every_instance(Strategy::Patterns, 64), 26);
}

#[test]
fn the_seeds_sample() {
    let text = "6\n_0____\n____01\n__1__1\n__1_0_\n______\n__1___\n";
    for strategy in [Strategy::Patterns, Strategy::Cells] {
        let (count, boards) = solve(strategy, text, u128::MAX);
        assert_eq!(count, 1);
        assert_eq!(boards[0], "100110\n010101\n001011\n101100\n110010\n011001");
    }
}

fn empty(n: usize) -> String {
    format!("{n}\n{}", format!("{}\n", "_".repeat(n)).repeat(n))
}

#[test]
fn empty_grids() {
    // OEIS A253316: 2, 72, 4140, 4111116 for N = 2, 4, 6, 8.
    for strategy in [Strategy::Patterns, Strategy::Cells] {
        assert_eq!(solve(strategy, &empty(2), u128::MAX).0, 2);
        assert_eq!(solve(strategy, &empty(4), u128::MAX).0, 72);
        assert_eq!(solve(strategy, &empty(6), u128::MAX).0, 4140);
    }
}

#[test]
#[ignore = "about 30 s in release mode: cargo test --release -- --ignored"]
fn empty_8x8() {
    let binairo = Binairo {
        strategy: Strategy::Patterns,
    };
    let grid = binairo.parse(&empty(8)).unwrap();
    let encoding = binairo.encode(&grid).unwrap();
    assert_eq!(Solver::new(&encoding.problem).count().solutions, 4_111_116);
}

#[test]
fn patterns_give_way_to_cells_on_big_empty_grids() {
    let binairo = Binairo {
        strategy: Strategy::Patterns,
    };
    // 20 x 20: 40 lines of 8,196 patterns fit the budget.
    let grid = binairo.parse(&empty(20)).unwrap();
    let encoding = binairo.encode(&grid).unwrap();
    assert_eq!(encoding.problem.option_count(), 40 * 8196);
    // 30 x 30: 60 lines of 860,142 patterns would not; the cells have 2 options each, each pair
    // of lines 4 per cell pair and 30 witnesses.
    let grid = binairo.parse(&empty(30)).unwrap();
    let encoding = binairo.encode(&grid).unwrap();
    let pairs = 2 * 30 * 29 / 2;
    assert_eq!(
        encoding.problem.option_count(),
        900 * 2 + pairs * 30 * 4 + pairs * 30
    );
    assert_eq!(
        encoding.problem,
        Binairo::default().encode(&grid).unwrap().problem
    );
}

#[test]
fn givens_that_break_a_rule_have_no_solution() {
    for (text, rule) in [
        (
            "4\n000_\n____\n____\n____\n",
            "three 0s in a row across from (0,0)",
        ),
        (
            "4\n0___\n0___\n____\n0___\n",
            "column 0 holds 3 0s, more than half",
        ),
        ("4\n0101\n____\n0101\n____\n", "row 0 and row 2 are equal"),
        (
            "4\n00__\n11__\n00__\n11__\n",
            "column 0 and column 1 are equal",
        ),
    ] {
        let grid = Binairo::default().parse(text).unwrap();
        assert_eq!(grid.violation().unwrap().to_string(), rule);
        for strategy in [Strategy::Patterns, Strategy::Cells] {
            assert_eq!(solve(strategy, text, u128::MAX).0, 0, "{text}");
        }
    }
}

#[test]
fn full_grids() {
    for strategy in [Strategy::Patterns, Strategy::Cells] {
        let (count, boards) = solve(strategy, "4\n1010\n0101\n1100\n0011\n", u128::MAX);
        assert_eq!((count, boards[0].as_str()), (1, "1010\n0101\n1100\n0011"));
        assert_eq!(
            solve(strategy, "4\n1010\n0101\n1010\n0101\n", u128::MAX).0,
            0
        );
    }
}

#[test]
fn four_by_four_encodings() {
    let text = fs::read_to_string(fixtures().join("b06_tyler_sample_4x4.txt")).unwrap();
    for (strategy, label) in [(Strategy::Patterns, "patterns"), (Strategy::Cells, "cells")] {
        let binairo = Binairo { strategy };
        let grid = binairo.parse(&text).unwrap();
        let encoding = binairo.encode(&grid).unwrap();
        insta::assert_snapshot!(label, encoding.problem.to_dlx());
    }
}
