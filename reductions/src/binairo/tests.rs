//! Unit tests of the reader, the propagation and both encodings.

use super::propagate::*;
use super::*;

fn err(text: &str) -> String {
    Binairo::default().parse(text).unwrap_err().to_string()
}

#[test]
fn pattern_counts() {
    let blank = |n| vec![BLANK; n];
    let counts: Vec<u128> = [2, 4, 6, 8, 10, 12, 14, 16, 20, 30, 40]
        .iter()
        .map(|&n| count_line(&blank(n)))
        .collect();
    assert_eq!(
        counts,
        [2, 6, 14, 34, 84, 208, 518, 1296, 8196, 860_142, 93_770_358]
    );
    for n in [2, 4, 6, 8, 10, 12, 14] {
        assert_eq!(
            list_patterns(&blank(n)).len() as u128,
            count_line(&blank(n))
        );
    }
    // Givens: 0 _ _ _ agrees with 0011, 0101, 0110.
    assert_eq!(
        list_patterns(&[0, BLANK, BLANK, BLANK]),
        [0b1100, 0b1010, 0b0110]
    );
    assert_eq!(count_line(&[0, BLANK, BLANK, BLANK]), 3);
    assert_eq!(count_line(&[0, 0, 0, BLANK]), 0);
    assert_eq!(count_line(&[BLANK; 3]), 0);
    assert_eq!(count_line(&[]), 1);
    // Lists and counts agree with givens too.
    let line = [BLANK, 1, BLANK, BLANK, 0, BLANK, BLANK, BLANK, 1, BLANK];
    assert_eq!(list_patterns(&line).len() as u128, count_line(&line));
    assert!(count_line(&line) > 0);
}

#[test]
fn supports_are_the_digits_of_the_listed_patterns() {
    // Every line of length 2..=12 over 0, 1 and blank whose cells are chosen by the base-3
    // digits of a counter (a sample for the longer ones).
    for n in (2..=12).step_by(2) {
        let total = 3u64.pow(n);
        let stride = (total / 20_000).max(1);
        for code in (0..total).step_by(stride as usize) {
            let cells: Vec<u8> = (0..n).map(|k| (code / 3u64.pow(k) % 3) as u8).collect();
            let patterns = list_patterns(&cells);
            let ones = patterns.iter().fold(0, |m, &p| m | p);
            let zeros = patterns.iter().fold(0, |m, &p| m | (!p & ((1 << n) - 1)));
            assert_eq!(supports(&cells), (zeros, ones), "{cells:?}");
        }
    }
}

#[test]
fn reads_the_format() {
    let grid = Binairo::default()
        .parse("\n4\n1_0.\r\n0 1 _ _\n\n____\n1111\n")
        .unwrap();
    assert_eq!(grid.digit(0, 0), Some(1));
    assert_eq!(grid.digit(0, 1), None);
    assert_eq!(grid.digit(1, 1), Some(1));
    assert_eq!(grid.to_string(), "1.0.\n01..\n....\n1111");
    assert_eq!(
        grid.violation().map(|v| v.to_string()),
        Some("three 1s in a row across from r4c1".to_owned())
    );
}

#[test]
fn errors_say_where() {
    assert_eq!(err(""), "1:1: expected a grid size, found an empty input");
    assert_eq!(
        err("5\n"),
        "1:1: expected an even grid size (every line holds as many 0s as 1s), found 5"
    );
    assert_eq!(
        err("66\n"),
        "1:1: expected a grid size from 2 to 64, found 66"
    );
    assert_eq!(
        err("2\n01\n"),
        "3:1: expected row 2 of 2, found the end of the input"
    );
    assert_eq!(err("2\n01\n1\n"), "3:2: expected 2 cells in a row, found 1");
    assert_eq!(
        err("2\n01\n102\n"),
        "3:3: expected nothing more after the 2 cells of the row, found '2'"
    );
    assert_eq!(
        err("2\n01\n1x\n"),
        "3:2: expected '0', '1', '_' or '.', found 'x'"
    );
    assert_eq!(
        err("2\n01\n10\n11"),
        "4:1: expected nothing more after the last row of the grid (2 rows after the size), \
         found '1'"
    );
}

#[test]
fn violations() {
    let grid = Binairo::default()
        .parse("4\n0110\n0..0\n0110\n1...\n")
        .unwrap();
    let found: Vec<String> = grid.violations().iter().map(ToString::to_string).collect();
    assert_eq!(
        found,
        [
            "three 0s in a row down from r1c1",
            "three 0s in a row down from r1c4",
            "column 1 holds 3 0s, more than half",
            "column 4 holds 3 0s, more than half",
            "row 1 and row 3 are equal",
        ]
    );
}

/// Full grids drawn by the engine (the cell encoding with its line reasoning, restarts, and
/// redraws where lines must differ) keep every rule, square and not, with and without
/// distinct lines, up to 30 x 30; the same seed draws the same grid and other seeds others;
/// and a shape with no grid of distinct lines (4 x 10: only six lines of four are legal)
/// draws none, from the end of a search.
#[test]
fn random_full_grids_come_from_the_engine_and_keep_the_rules() {
    use crate::generate::Rng;
    let shapes = [
        (2, 2),
        (4, 4),
        (6, 8),
        (10, 4),
        (12, 12),
        (16, 10),
        (30, 30),
    ];
    for (rows, cols) in shapes {
        for distinct in [true, false] {
            let mut empty = Grid::with_size(rows, cols).unwrap();
            empty.set_distinct(distinct);
            if distinct && (rows, cols) == (10, 4) {
                assert_eq!(generate::random_full(&empty, &mut Rng::new(1)), None);
                continue;
            }
            let mut drawn = Vec::new();
            for seed in 0..3 {
                let full = generate::random_full(&empty, &mut Rng::new(seed)).unwrap();
                assert!(full.is_complete(), "{rows} x {cols}, seed {seed}");
                assert_eq!(
                    full.violation(),
                    None,
                    "{rows} x {cols}, seed {seed}\n{full}"
                );
                assert_eq!(full.distinct, distinct);
                let again = generate::random_full(&empty, &mut Rng::new(seed)).unwrap();
                assert_eq!(again, full);
                drawn.push(full);
            }
            if rows * cols >= 16 {
                assert!(drawn[1..].iter().any(|g| *g != drawn[0]), "{rows} x {cols}");
            }
        }
    }
}
