//! L-tromino tilings against the known counts of docs/puzzles.md (OEIS A351322 for rectangles),
//! every drawn tiling checked by a checker that shares no code with the encoder.

use std::collections::{BTreeMap, HashSet};

use dlx::Solver;
use reductions::grid::{parse_mask, Cell, Mask};
use reductions::tromino::{divide, square, Tromino};
use reductions::Reduction;

/// Checks a drawn tiling of `board`: one line per row, one number per position, `0` exactly
/// off the board, every tile number from 1 up covering three cells in an L (three cells of a
/// 2 x 2 square), tiles numbered in the reading order of their first cells when `reading_order`.
fn check_tiling(board: &Mask, text: &str, reading_order: bool) {
    let rows: Vec<Vec<u32>> = text
        .lines()
        .map(|line| line.split(' ').map(|n| n.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), board.rows(), "{text}");
    let mut tiles: BTreeMap<u32, Vec<(usize, usize)>> = BTreeMap::new();
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), board.cols(), "{text}");
        for (c, &tile) in row.iter().enumerate() {
            assert_eq!(
                tile == 0,
                !board.contains(Cell::new(r, c)),
                "({r},{c}) in\n{text}"
            );
            if tile > 0 {
                tiles.entry(tile).or_default().push((r, c));
            }
        }
    }
    assert_eq!(tiles.len() * 3, board.len(), "{text}");
    for (k, (&tile, cells)) in tiles.iter().enumerate() {
        assert_eq!(
            tile as usize,
            k + 1,
            "tile numbers from 1 without gaps in\n{text}"
        );
        assert_eq!(cells.len(), 3, "tile {tile} in\n{text}");
        let top = cells.iter().map(|c| c.0).min().unwrap();
        let left = cells.iter().map(|c| c.1).min().unwrap();
        assert!(
            cells.iter().all(|&(r, c)| r - top < 2 && c - left < 2),
            "tile {tile} is not an L in\n{text}"
        );
    }
    if reading_order {
        let firsts: Vec<(usize, usize)> = tiles.values().map(|cells| cells[0]).collect();
        assert!(firsts.windows(2).all(|w| w[0] < w[1]), "{text}");
    }
}

/// Counts the tilings of a board, checking every one (verified, drawn, checked, distinct).
fn tilings(board: &Mask) -> usize {
    let encoding = Tromino.encode(board).unwrap();
    let mut seen = HashSet::new();
    for solution in Solver::new(&encoding.problem).solutions() {
        dlx::verify(&encoding.problem, solution.options()).unwrap();
        let text = Tromino
            .decode(board, &encoding.choices_of(solution.options()))
            .to_string();
        check_tiling(board, &text, true);
        assert!(seen.insert(text), "a tiling found twice");
    }
    let count = Solver::new(&encoding.problem).count().solutions;
    assert_eq!(count, seen.len() as u128);
    seen.len()
}

#[test]
fn small_squares_minus_any_cell_have_one_tiling() {
    for size in [2, 4] {
        for row in 0..size {
            for col in 0..size {
                let board = square(size, Cell::new(row, col)).unwrap();
                assert_eq!(tilings(&board), 1, "{size} x {size} without ({row},{col})");
            }
        }
    }
}

#[test]
fn rectangles() {
    for (rows, cols, count) in [
        (2, 3, 2),
        (3, 2, 2),
        (3, 6, 8),
        (6, 6, 162),
        (6, 9, 4_312),
        (9, 6, 4_312),
        (3, 3, 0),
        (3, 5, 0),
    ] {
        assert_eq!(tilings(&Mask::full(rows, cols)), count, "{rows} x {cols}");
    }
}

#[test]
fn eight_by_eight_minus_a_corner() {
    let board = parse_mask(&format!("8 8\n#.......\n{}", "........\n".repeat(7))).unwrap();
    assert_eq!(board, square(8, Cell::new(0, 0)).unwrap());
    assert_eq!(tilings(&board), 30_355);
}

#[test]
#[ignore = "about a second in release, longer in debug"]
fn nine_by_nine() {
    let encoding = Tromino.encode(&Mask::full(9, 9)).unwrap();
    assert_eq!(Solver::new(&encoding.problem).count().solutions, 1_193_600);
}

#[test]
#[ignore = "about half a minute in release"]
fn eight_by_twelve() {
    let encoding = Tromino.encode(&Mask::full(8, 12)).unwrap();
    assert_eq!(Solver::new(&encoding.problem).count().solutions, 29_986_082);
}

#[test]
fn divide_tiles_every_missing_cell() {
    for size in [1, 2, 4, 8, 16] {
        for row in 0..size {
            for col in 0..size {
                let missing = Cell::new(row, col);
                let text = divide(size, missing).unwrap().to_string();
                check_tiling(&square(size, missing).unwrap(), &text, false);
            }
        }
    }
    for (size, missing) in [(64, (63, 0)), (128, (77, 5)), (256, (0, 255))] {
        let missing = Cell::from(missing);
        let board = divide(size, missing).unwrap();
        check_tiling(&square(size, missing).unwrap(), &board.to_string(), false);
        // The centre tromino is placed first, around the centre of the board.
        let centre = [
            (size / 2 - 1, size / 2 - 1),
            (size / 2 - 1, size / 2),
            (size / 2, size / 2 - 1),
            (size / 2, size / 2),
        ];
        let ones = centre
            .iter()
            .filter(|&&c| board.get(Cell::from(c)) == Some(1))
            .count();
        assert_eq!(ones, 3);
    }
}

#[test]
fn divide_is_numbered_as_the_seed() {
    let board = divide(4, Cell::new(2, 2)).unwrap();
    assert_eq!(board.to_string(), "2 2 3 3\n2 1 1 3\n4 1 0 5\n4 4 5 5");
    // One level deeper, by hand from the seed's recursion: the centre tile 1, then the
    // top-left quarter (its centre 2, its quarters 3 to 6), the top-right (7 to 11), ...
    let board = divide(8, Cell::new(0, 0)).unwrap();
    let expected = "\
0 3 4 4 8 8 9 9
3 3 2 4 8 7 7 9
5 2 2 6 10 10 7 11
5 5 6 6 1 10 11 11
13 13 14 1 1 18 19 19
13 12 14 14 18 18 17 19
15 12 12 16 20 17 17 21
15 15 16 16 20 20 21 21";
    assert_eq!(board.to_string(), expected);
}

#[test]
fn divide_writes_large_boards() {
    let board = divide(1024, Cell::new(1000, 3)).unwrap();
    assert_eq!(board.tile_count(), (1024 * 1024 - 1) / 3);
    let mut bytes = Vec::new();
    board.write_to(&mut bytes).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    assert_eq!(text.lines().count(), 1024);
    assert!(text.ends_with('\n'));
    assert_eq!(text.trim_end(), board.to_string());
    check_tiling(
        &square(1024, Cell::new(1000, 3)).unwrap(),
        text.trim_end(),
        false,
    );
}

#[test]
fn boards_of_any_shape() {
    // 20 cells, not a multiple of 3: no tiling.
    let plus = "##..##\n##..##\n......\n......\n##..##\n##..##";
    let board = parse_mask(plus).unwrap();
    assert_eq!(board.len(), 20);
    assert_eq!(tilings(&board), 0);
    // A 2 x 3 rectangle inside a frame of non-cells, and an L alone.
    assert_eq!(
        tilings(&parse_mask("#####\n#...#\n#...#\n#####").unwrap()),
        2
    );
    assert_eq!(tilings(&parse_mask(".#\n..").unwrap()), 1);
    assert_eq!(tilings(&parse_mask("#.\n..").unwrap()), 1);
    assert_eq!(tilings(&parse_mask("...").unwrap()), 0);
}
