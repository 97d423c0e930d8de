//! The arrow board: exactly two solutions for every even n (docs/puzzles.md), the pinwheels of its
//! example, and every printed board checked by a checker written here from the rules; small
//! boards also counted by a plain backtracking search that shares nothing with the encoder.

use std::collections::HashSet;

use dlx::Solver;
use reductions::arrows::{Arrows, Size};
use reductions::Reduction;

/// What an arrow points at, as grid geometry: (up?, left?).
fn direction(arrow: char) -> (bool, bool) {
    match arrow {
        '↖' => (true, true),
        '↗' => (true, false),
        '↘' => (false, false),
        '↙' => (false, true),
        _ => panic!("not an arrow: {arrow:?}"),
    }
}

/// The side and corner features an arrow at (r, c) points at, in doubled coordinates: a side's
/// midpoint and a corner's grid point, so that features shared by neighbours coincide.
fn features(r: i64, c: i64, arrow: char) -> [(i64, i64); 3] {
    let (up, left) = direction(arrow);
    let (dr, dc) = (if up { -1 } else { 1 }, if left { -1 } else { 1 });
    let (cr, cc) = (2 * r + 1, 2 * c + 1); // the cell's centre
    [(cr + dr, cc), (cr, cc + dc), (cr + dr, cc + dc)]
}

/// Panics unless `board` is an n x n board of arrows that keeps every rule.
fn check_board(n: usize, board: &str) {
    let cells: Vec<Vec<char>> = board.lines().map(|l| l.chars().collect()).collect();
    assert_eq!(cells.len(), n, "{board}");
    let mut pointed = HashSet::new();
    for (r, row) in cells.iter().enumerate() {
        assert_eq!(row.len(), n, "{board}");
        let ups = row.iter().filter(|&&a| direction(a).0).count();
        assert_eq!(ups, n / 2, "row {r} has {ups} arrows up:\n{board}");
        for (c, &arrow) in row.iter().enumerate() {
            for feature in features(r as i64, c as i64, arrow) {
                assert!(
                    pointed.insert(feature),
                    "({r},{c}) points at {feature:?} again:\n{board}"
                );
            }
        }
    }
    for c in 0..n {
        let lefts = cells.iter().filter(|row| direction(row[c]).1).count();
        assert_eq!(lefts, n / 2, "column {c} has {lefts} arrows left:\n{board}");
    }
}

/// All boards by exact cover, each checked; sorted.
fn boards(n: usize) -> Vec<String> {
    let size = Arrows.parse(&n.to_string()).unwrap();
    let encoding = Arrows.encode(&size).unwrap();
    let mut boards: Vec<String> = Solver::new(&encoding.problem)
        .solutions()
        .map(|solution| {
            dlx::verify(&encoding.problem, solution.options()).unwrap();
            let board = Arrows
                .decode(&size, &encoding.choices_of(solution.options()))
                .to_string();
            check_board(n, &board);
            board
        })
        .collect();
    boards.sort();
    boards
}

/// The two pinwheels: quadrants ↗ ↘ / ↖ ↙ and the mirror image ↙ ↖ / ↘ ↗.
fn pinwheels(n: usize) -> Vec<String> {
    let draw = |quadrants: [[char; 2]; 2]| {
        (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| quadrants[2 * r / n][2 * c / n])
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let mut both = vec![
        draw([['↗', '↘'], ['↖', '↙']]),
        draw([['↙', '↖'], ['↘', '↗']]),
    ];
    both.sort();
    both
}

/// Counts by plain backtracking over the cells in reading order, checking the rules as it goes.
fn backtrack(n: usize) -> usize {
    fn go(n: usize, k: usize, board: &mut Vec<char>, pointed: &mut HashSet<(i64, i64)>) -> usize {
        if k == n * n {
            return 1;
        }
        let (r, c) = (k / n, k % n);
        let mut count = 0;
        for arrow in ['↖', '↗', '↘', '↙'] {
            let feats = features(r as i64, c as i64, arrow);
            if feats.iter().any(|f| pointed.contains(f)) {
                continue;
            }
            board.push(arrow);
            let row = &board[r * n..];
            let ups = row.iter().filter(|&&a| direction(a).0).count();
            let downs = row.len() - ups;
            let col: Vec<char> = (0..=r).map(|i| board[i * n + c]).collect();
            let lefts = col.iter().filter(|&&a| direction(a).1).count();
            let rights = col.len() - lefts;
            if ups <= n / 2 && downs <= n / 2 && lefts <= n / 2 && rights <= n / 2 {
                pointed.extend(feats);
                count += go(n, k + 1, board, pointed);
                for f in feats {
                    pointed.remove(&f);
                }
            }
            board.pop();
        }
        count
    }
    go(n, 0, &mut Vec::new(), &mut HashSet::new())
}

#[test]
fn two_solutions_up_to_30() {
    for n in (2..=30).step_by(2) {
        assert_eq!(boards(n), pinwheels(n), "n = {n}");
    }
}

#[test]
fn the_puzzles_md_boards() {
    assert_eq!(
        boards(4),
        ["↗↗↘↘\n↗↗↘↘\n↖↖↙↙\n↖↖↙↙", "↙↙↖↖\n↙↙↖↖\n↘↘↗↗\n↘↘↗↗"]
    );
}

#[test]
fn backtracking_agrees() {
    for n in [2, 4, 6] {
        assert_eq!(backtrack(n), 2, "n = {n}");
    }
}

#[test]
#[ignore = "n = 60 and 100 take about 15 s in release mode: cargo test --release -- --ignored"]
fn two_solutions_for_60_and_100() {
    for n in [60, 100] {
        assert_eq!(boards(n), pinwheels(n), "n = {n}");
    }
}

#[test]
fn four_by_four_encoding() {
    let encoding = Arrows.encode(&Size::new(4).unwrap()).unwrap();
    insta::assert_snapshot!(encoding.problem.to_dlx());
}
