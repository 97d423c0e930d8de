//! Tilings counted by enumeration and by memoization, against each other and against
//! published figures.

use dlx::Solver;

use super::*;
use crate::grid::Mask;

fn problem(board: Mask, pieces: &str, fixed: bool) -> dlx::Problem {
    let tile = Tile::new(board, fixed);
    let puzzle = tile.puzzle(piece_set(pieces).unwrap()).unwrap();
    tile.encode(&puzzle).unwrap().problem
}

fn memo(board: Mask, pieces: &str) -> dlx::Count {
    let problem = problem(board, pieces, false);
    let outcome = Solver::new(&problem).memo_count().unwrap();
    outcome.count
}

fn count(board: Mask, pieces: &str, fixed: bool) -> (u128, dlx::Count) {
    let problem = problem(board, pieces, fixed);
    let enumerated = Solver::new(&problem).count().solutions;
    let memo = Solver::new(&problem).memo_count().unwrap().count;
    (enumerated, memo)
}

/// Small boards: enumeration and memoization agree, on tall and wide boards alike (the
/// cells are listed along the longer side).
#[test]
fn memo_counts_equal_enumeration() {
    for (rows, cols, pieces) in [
        (2, 6, "domino"),
        (6, 2, "domino"),
        (4, 5, "domino"),
        (6, 6, "l-tromino"),
        (3, 9, "trominoes"),
        (6, 4, "trominoes"),
        (4, 8, "tetrominoes"),
        (5, 6, "pentominoes"),
    ] {
        let (enumerated, memo) = count(Mask::full(rows, cols), pieces, false);
        assert_eq!(memo, enumerated, "{pieces} on {rows} x {cols}");
        assert!(enumerated > 0, "{pieces} on {rows} x {cols}");
    }
}

/// Transposing the board does not change the number of tilings by free pieces.
#[test]
fn tall_and_wide_boards_have_as_many_tilings() {
    let tall = memo(Mask::full(12, 5), "trominoes");
    assert_eq!(tall, memo(Mask::full(5, 12), "trominoes"));
    assert!(tall.to_u128().is_some_and(|count| count > 1_000_000));
}

/// Fixed pieces: a horizontal domino alone tiles a 2 x 4 board one way; both orientations
/// drawn as two fixed pieces give the free domino's count.
#[test]
fn fixed_pieces_keep_their_orientation() {
    assert_eq!(count(Mask::full(2, 4), "domino", true).0, 1);
    let tile = Tile::new(Mask::full(4, 5), true);
    let both = tile.parse("HH\n\nV\nV\n").unwrap();
    let encoding = tile.encode(&both).unwrap();
    let fixed = Solver::new(&encoding.problem).count().solutions;
    assert_eq!(fixed, count(Mask::full(4, 5), "domino", false).0);
}

/// L-tromino tilings of rectangles, OEIS A351322: 3 x 6: 8, 6 x 6: 162, 6 x 9: 4312,
/// 9 x 9: 1193600, 8 x 12: 29986082; 3 x 5 has none.
#[test]
fn l_tromino_rectangles() {
    for (rows, cols, tilings) in [
        (3, 6, 8u128),
        (6, 6, 162),
        (6, 9, 4312),
        (9, 9, 1_193_600),
        (8, 12, 29_986_082),
        (12, 8, 29_986_082),
        (3, 5, 0),
    ] {
        assert_eq!(
            memo(Mask::full(rows, cols), "l-tromino"),
            tilings,
            "{rows} x {cols}"
        );
    }
    assert_eq!(count(Mask::full(6, 9), "l-tromino", false).0, 4312);
}

/// The Aztec diamond of order 12 has 2^78 domino tilings; its cells go diagonal by diagonal,
/// the narrowest order (row by row, order 10 alone passed 4 GiB).
#[test]
fn aztec_diamonds_are_filled_diagonal_by_diagonal() {
    let n = 12usize;
    let mut board = Mask::empty(2 * n, 2 * n);
    for r in 0..2 * n {
        for c in 0..2 * n {
            let (dr, dc) = ((2 * r + 1).abs_diff(2 * n), (2 * c + 1).abs_diff(2 * n));
            if dr + dc <= 2 * n {
                board.insert(crate::grid::Cell::new(r, c));
            }
        }
    }
    assert_eq!(CellOrder::narrowest(&board), CellOrder::Diagonals);
    assert_eq!(CellOrder::narrowest(&Mask::full(9, 12)), CellOrder::Columns);
    assert_eq!(CellOrder::narrowest(&Mask::full(12, 9)), CellOrder::Rows);
    assert_eq!(memo(board, "domino"), 1u128 << 78);
}

/// Project Euler 161: the trominoes tile a 9 x 12 board in 20574308184277971 ways.
#[test]
fn project_euler_161() {
    for (rows, cols) in [(9, 12), (12, 9)] {
        let count = memo(Mask::full(rows, cols), "trominoes");
        assert_eq!(count, 20_574_308_184_277_971, "{rows} x {cols}");
    }
}

#[test]
fn bad_pieces_are_refused() {
    assert!(piece_set("hexominoes")
        .unwrap_err()
        .contains("unknown piece set 'hexominoes'"));
    let tile = Tile::new(Mask::full(2, 2), false);
    assert_eq!(
        tile.puzzle(Vec::new()).unwrap_err().kind(),
        &ParseErrorKind::NoPieces
    );
    let twice = [piece_set("domino").unwrap(), piece_set("domino").unwrap()].concat();
    assert!(tile.puzzle(twice).is_err());
}
