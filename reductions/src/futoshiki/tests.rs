//! Unit tests of the reader, the filter and the encoding.

use super::encode::encode;
use super::propagate::{candidates, PROBE_BUDGET};
use super::*;

const EXAMPLE: &str = "4\n2 | 0 < 0 | 0\n- - ^ - - - -\n0 | 0 | 0 > 0\n- - - - v - -\n\
                       0 | 3 | 0 | 0\n- - - - - - -\n0 | 0 | 0 | 1\n";

fn err(text: &str) -> String {
    Futoshiki.parse(text).unwrap_err().to_string()
}

#[test]
fn reads_with_and_without_blanks() {
    let spaced = Futoshiki.parse(EXAMPLE).unwrap();
    let packed = Futoshiki
        .parse("4\n2|0<0|0\n--^----\n0|0|0>0\n----v--\n0|3|0|0\n-------\n0|0|0|1")
        .unwrap();
    assert_eq!(spaced, packed);
    assert_eq!(spaced.digit(0, 0), Some(2));
    assert_eq!(spaced.digit(0, 1), None);
    assert_eq!(spaced.right(0, 1), Relation::Less);
    assert_eq!(spaced.right(1, 2), Relation::Greater);
    assert_eq!(spaced.down(0, 1), Relation::Less);
    assert_eq!(spaced.down(1, 2), Relation::Greater);
    assert_eq!(spaced.to_string() + "\n", EXAMPLE);
    assert_eq!(spaced.inequalities().len(), 4);
}

#[test]
fn wide_grids_round_trip() {
    let mut grid = Grid::new(12).unwrap();
    grid.set_digit(0, 0, Some(12));
    grid.set_digit(0, 1, Some(3));
    grid.set_right(0, 0, Relation::Greater);
    grid.set_down(0, 1, Relation::Less);
    grid.set_down(10, 11, Relation::Greater);
    let text = grid.to_string();
    assert!(text.starts_with("12\n12 >  3 |  0"), "{text}");
    assert!(text.contains("\n - -  ^ -  - "), "{text}");
    assert_eq!(Futoshiki.parse(&text).unwrap(), grid);
    // Multi-digit numbers with no blanks at all.
    let packed = text.replace(' ', "");
    assert_eq!(Futoshiki.parse(&packed).unwrap(), grid);
}

#[test]
fn errors_say_where() {
    assert_eq!(err(""), "1:1: expected a grid size, found an empty input");
    assert_eq!(
        err("37\n"),
        "1:1: expected a grid size from 1 to 36, found 37"
    );
    assert_eq!(err("0"), "1:1: expected a grid size from 1 to 36, found 0");
    assert_eq!(
        err("2\n1 | 2\n- -\n2 | 1"),
        "3:4: expected 3 marks in a row of relations, found 2"
    );
    assert_eq!(
        err("2\n1 | 2\n- - - -\n2 | 1"),
        "3:7: expected nothing more after the 3 marks of a row of relations, found '-'"
    );
    assert_eq!(
        err("2\n1 | 3\n- -\n2 | 1"),
        "2:5: expected a digit (0 for an empty cell) from 0 to 2, found 3"
    );
    assert_eq!(
        err("2\n1 + 2\n- -\n2 | 1"),
        "2:3: expected '|', '<' or '>' between two numbers, found '+'"
    );
    assert_eq!(
        err("2\n1 |\n- -\n2 | 1"),
        "2:4: expected a number (0 for an empty cell), found the end of the line"
    );
    assert_eq!(
        err("2\n1\n- -\n2 | 1"),
        "2:2: expected 2 numbers in a row, found 1"
    );
    assert_eq!(
        err("2\n1 | 2 | 0\n"),
        "2:7: expected nothing more after the 2 numbers of the row, found '|'"
    );
    assert_eq!(
        err("2\n1 | 2\n-\n"),
        "3:2: expected 3 marks in a row of relations, found 1"
    );
    assert_eq!(
        err("2\n1 | 2\n- ^ -\n"),
        "3:3: expected '-' (the filler between two relations), found '^'"
    );
    assert_eq!(
        err("2\n1 | 2\nx - -\n"),
        "3:1: expected '-', '^' or 'v' (a relation of two rows), found 'x'"
    );
    assert_eq!(
        err("2\n1 | 2\n- - -\n"),
        "4:1: expected row 2 of 2 (numbers separated by '|', '<' or '>'), found the end of \
         the input"
    );
    assert_eq!(
        err("2\n1 | 2\n"),
        "3:1: expected the relations between rows 1 and 2, found the end of the input"
    );
    assert_eq!(
        err("2\n1 | 2\n- - -\n2|1\n\n  7"),
        "6:3: expected nothing more after the last row of the grid (3 lines after the \
         size), found '7'"
    );
    assert_eq!(
        err("2\n1 | 99999999999999999999999999\n"),
        "2:5: expected a digit (0 for an empty cell) from 0 to 2, found \
         99999999999999999999…"
    );
    // A number split by a blank is two numbers without a separator.
    assert_eq!(
        err("12\n1 0"),
        "2:3: expected '|', '<' or '>' between two numbers, found '0'"
    );
}

#[test]
fn violations_say_which_rule() {
    let grid = Futoshiki
        .parse("3\n1 < 1 | 0\n- - - - v\n0 | 0 | 2\n^ - - - -\n0 | 0 | 3")
        .unwrap();
    let found: Vec<String> = grid.violations().iter().map(ToString::to_string).collect();
    assert_eq!(
        found,
        [
            "row 1 holds 1 twice, at r1c1 and r1c2",
            "r1c1 holds 1 and r1c2 holds 1, against the '<' between them (the left one \
             must be smaller)",
        ]
    );
    let grid = Futoshiki
        .parse("3\n0 | 0 | 1\n- - - - v\n0 | 0 | 2\n^ - - - -\n0 | 0 | 2")
        .unwrap();
    let found: Vec<String> = grid.violations().iter().map(ToString::to_string).collect();
    assert_eq!(
        found,
        [
            "column 3 holds 2 twice, at r2c3 and r3c3",
            "r1c3 holds 1 and r2c3 holds 2, against the 'v' between them (the upper one \
             must be larger)",
        ]
    );
}

#[test]
fn candidates_follow_chains() {
    // 0 < 0 < 0 < 0 in one row: the cells are forced to 1, 2, 3, 4.
    let grid = Futoshiki
        .parse("4\n0<0<0<0\n-------\n0|0|0|0\n-------\n0|0|0|0\n-------\n0|0|0|0")
        .unwrap();
    let domains = candidates(&grid, None, PROBE_BUDGET);
    assert_eq!(domains[..4], [1 << 1, 1 << 2, 1 << 3, 1 << 4]);
    // The 1 above it leaves (1, 0); every other digit is in some Latin square.
    assert_eq!(domains[4], 0b11100);
    // Their inequalities can no longer be broken, so they cost no item.
    let encoding = encode(&grid).unwrap();
    assert_eq!(encoding.problem.secondary_count(), 0);
}

fn grid(text: &str) -> Grid {
    Futoshiki.parse(text).unwrap()
}

#[test]
fn lines_remove_what_pairs_and_chains_exclude() {
    // Row 0: a < b in columns 0 and 1 of a 4 x 4, and the digits 3 and 4 given in row 1
    // under them: no row rule alone places them, but a < b <= 4 with column 1 not 4 (the
    // given) leaves b = 3, a in {1, 2}.
    let domains = candidates(
        &grid("4\n0<0|0|0\n-------\n0|4|0|0\n-------\n0|0|0|0\n-------\n0|0|0|0"),
        None,
        PROBE_BUDGET,
    );
    assert_eq!(domains[1], 1 << 2 | 1 << 3);
    assert_eq!(domains[0], 1 << 1 | 1 << 2);
    // A hidden pair: in row 0 of a 4 x 4, the digits 1 and 2 are given in rows 1 to 3 of
    // columns 2 and 3, so they go to columns 0 and 1, which lose 3 and 4.
    let domains = candidates(
        &grid("4\n0|0|0|0\n-------\n0|0|1|2\n-------\n0|0|2|0\n-------\n0|0|0|1"),
        None,
        PROBE_BUDGET,
    );
    assert_eq!(domains[0], 1 << 1 | 1 << 2);
    assert_eq!(domains[1], 1 << 1 | 1 << 2);
}

#[test]
fn no_solution_leaves_no_digit() {
    // A cycle of inequalities around four cells, (0,0) < (0,1) < (1,1) < (1,0) < (0,0):
    // no digits can keep it.
    let cycle = grid("3\n0<0|0\nv-^--\n0>0|0\n-----\n0|0|0");
    assert!(candidates(&cycle, None, PROBE_BUDGET)
        .iter()
        .all(|&d| d == 0));
    let encoding = encode(&cycle).unwrap();
    assert_eq!(encoding.problem.option_count(), 0);
    assert_eq!(dlx::Solver::new(&encoding.problem).count().solutions, 0);
    // Two equal givens in a row.
    let broken = grid("3\n2|0|2\n-----\n0|0|0\n-----\n0|0|0");
    assert!(candidates(&broken, None, PROBE_BUDGET)
        .iter()
        .all(|&d| d == 0));
    // An empty grid keeps every digit: each is in some Latin square.
    let empty = grid("4\n0|0|0|0\n-------\n0|0|0|0\n-------\n0|0|0|0\n-------\n0|0|0|0");
    assert!(candidates(&empty, None, PROBE_BUDGET)
        .iter()
        .all(|&d| d == 0b11110));
}

#[test]
fn the_filter_settles_every_public_instance() {
    // Not a promise for every puzzle, but what the issue asked for: the search then takes
    // n² + 1 nodes. Counts and boards are checked in tests/futoshiki.rs.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/futoshiki");
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let grid = grid(&std::fs::read_to_string(&path).unwrap());
            let domains = candidates(&grid, None, PROBE_BUDGET);
            let open = domains.iter().filter(|d| !d.is_power_of_two()).count();
            assert_eq!(open, 0, "{}", path.display());
            seen += 1;
        }
    }
    assert_eq!(seen, 17);
}

#[test]
fn the_threshold_items_clash_exactly_when_the_inequality_breaks() {
    // A 5 x 5 grid with one relation: for every pair of digits (x, y) of the two cells that
    // survived the trimming, the options "first = x" and "second = y" share a secondary
    // item exactly when the relation fails for (x, y).
    let (mut checked, mut clashes) = (0, 0);
    for relation in [Relation::Less, Relation::Greater] {
        for vertical in [false, true] {
            let mut grid = Grid::new(5).unwrap();
            let (first, second) = if vertical {
                grid.set_down(1, 2, relation);
                ((1, 2), (2, 2))
            } else {
                grid.set_right(1, 2, relation);
                ((1, 2), (1, 3))
            };
            let encoding = encode(&grid).unwrap();
            let problem = &encoding.problem;
            let option = |(row, col), digit| {
                problem
                    .options()
                    .find(|&o| *encoding.choice(o) == Fill { row, col, digit })
            };
            let secondary = |o| {
                problem
                    .option(o)
                    .iter()
                    .map(|e| e.item())
                    .filter(|&i| !problem.is_primary(i))
                    .collect::<Vec<_>>()
            };
            for x in 1..=5 {
                for y in 1..=5 {
                    let (Some(p), Some(q)) = (option(first, x), option(second, y)) else {
                        continue;
                    };
                    let clash = secondary(p).iter().any(|i| secondary(q).contains(i));
                    assert_eq!(clash, !relation.holds(x, y), "{relation:?} {x} {y}");
                    checked += 1;
                    clashes += usize::from(clash);
                }
            }
        }
    }
    // 4 x 4 surviving pairs per case, 6 of them breaking the relation (x >= y for '<').
    assert_eq!((checked, clashes), (64, 24));
}

/// The generator's test that a clue can go (no solution of the puzzle without it breaks it)
/// agrees with counting that puzzle's solutions, for every clue of 7 x 7 grids stripped the
/// generator's way (a clue goes when one solution is left), both kinds of clue, both
/// answers; and the generator's whole check (rules, then that test) agrees too.
#[test]
fn a_clue_can_go_when_no_solution_breaks_it() {
    use super::generate::{breaking, FutoshikiMaker};
    use super::grade::has_solution;
    use crate::generate::{solutions, Maker, Rng, Solutions};
    let cells = 49;
    let maker = FutoshikiMaker::new(7).unwrap();
    // (digit, inequality) clues that went, and that stayed.
    let (mut went, mut stayed) = ([0; 2], [0; 2]);
    for seed in 0..4 {
        let mut rng = Rng::new(seed);
        let solution = maker.solved(&mut rng).unwrap();
        let mut puzzle = solution.clone();
        for clue in maker.clue_order(&mut rng) {
            let taken = maker.take(&mut puzzle, clue);
            let counted = solutions(&Futoshiki, &puzzle) == Ok(Solutions::One);
            let (broken, excluded) = breaking(&puzzle, clue, &solution);
            assert_eq!(!has_solution(&broken, excluded), counted, "{puzzle}");
            assert_eq!(maker.keeps_one_solution(&puzzle, clue, &solution), counted);
            let kind = usize::from(clue >= cells);
            if counted {
                went[kind] += 1;
            } else {
                stayed[kind] += 1;
                maker.put(&mut puzzle, clue, taken);
            }
        }
    }
    assert!(
        went.iter().chain(&stayed).all(|&n| n > 3),
        "{went:?} {stayed:?}"
    );
}

/// A 9 x 9 made at the top rung, where the generator's checks go to the engine: one
/// solution, and none when any one clue is taken away (counted).
#[test]
fn a_recursive_nine_by_nine_is_unique_and_minimal() {
    use super::generate::{generate, FutoshikiMaker};
    use crate::generate::{solutions, Maker, Rng, Solutions};
    let made = generate(9, grade::Difficulty::Recursive, &mut Rng::new(1)).unwrap();
    assert_eq!(solutions(&Futoshiki, &made.puzzle), Ok(Solutions::One));
    let maker = FutoshikiMaker::new(9).unwrap();
    for clue in 0..81 + 2 * 9 * 8 {
        let mut fewer = made.puzzle.clone();
        maker.take(&mut fewer, clue);
        if fewer != made.puzzle {
            assert_eq!(solutions(&Futoshiki, &fewer), Ok(Solutions::Several));
        }
    }
}
