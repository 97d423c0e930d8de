use super::*;
use crate::generate::{Ladder, Rng};
use crate::logic;

/// Every Latin square of side `n`, row-major, by backtracking.
fn latin_squares(n: usize) -> Vec<Vec<u8>> {
    fn fill(n: usize, k: usize, square: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if k == n * n {
            out.push(square.clone());
            return;
        }
        let (row, col) = (k / n, k % n);
        for d in 1..=n as u8 {
            if (0..col).all(|c| square[row * n + c] != d)
                && (0..row).all(|r| square[r * n + col] != d)
            {
                square[k] = d;
                fill(n, k + 1, square, out);
            }
        }
        square[k] = 0;
    }
    let mut out = Vec::new();
    fill(n, 0, &mut vec![0; n * n], &mut out);
    out
}

/// The squares among `squares` that keep the grid's cages and digits, checked by the
/// grid's own rule checker.
fn brute_force<'a>(grid: &Grid, squares: &'a [Vec<u8>]) -> Vec<&'a Vec<u8>> {
    squares
        .iter()
        .filter(|square| {
            let mut full = grid.clone();
            full.cells = (*square).clone();
            grid.cells
                .iter()
                .zip(square.iter())
                .all(|(&given, &d)| given == 0 || given == d)
                && full.violations().is_empty()
        })
        .collect()
}

/// A random grid of side `n`: cages cut as Keen cuts them (or, one time in four, cells left
/// alone and pairs only), clues of a random square (one time in three a target changed
/// at random), and a few of the square's digits given.
fn random_grid(n: usize, squares: &[Vec<u8>], rng: &mut Rng) -> Grid {
    let source = &squares[rng.below(squares.len())];
    let map = loop {
        if rng.below(4) == 0 {
            // Single cells and dominoes across each row.
            break (0..n * n).map(|cell| cell - cell % n % 2).collect();
        }
        if let Some(map) = generate::cut(n, rng) {
            break map;
        }
    };
    let level = Difficulty::ALL[rng.below(Difficulty::ALL.len())];
    let mut grid = generate::clues(n, &map, source, level, rng);
    if rng.below(3) == 0 {
        let k = rng.below(grid.cages.len());
        grid.cages[k].target = 1 + rng.below(3 * n) as u64;
    }
    for (cell, &digit) in grid.cells.iter_mut().zip(source) {
        if rng.below(8) == 0 {
            *cell = digit;
        }
    }
    grid
}

/// Random grids of sides 3 to 5: the engine's count equals the squares that keep them,
/// searched plainly and with forcing, and every solution it lists keeps them.
#[test]
fn counts_equal_brute_force() {
    let mut rng = Rng::new(11);
    for n in 3..=5 {
        let squares = latin_squares(n);
        let trials = if n == 5 { 30 } else { 150 };
        for _ in 0..trials {
            let grid = random_grid(n, &squares, &mut rng);
            let expected = brute_force(&grid, &squares).len() as u128;
            let encoding = Keen.encode(&grid).unwrap();
            let plain = dlx::Solver::new(&encoding.problem).count().solutions;
            assert_eq!(plain, expected, "{grid}");
            let forced = dlx::Solver::new(&encoding.problem)
                .propagation(dlx::Propagation::Forcing)
                .count()
                .solutions;
            assert_eq!(forced, expected, "{grid}");
            let mut listed = 0;
            let _ = dlx::Solver::new(&encoding.problem).for_each(|options| {
                let choices = encoding.choices_of(options);
                let solved = Keen.decode(&grid, &choices);
                assert!(solved.is_full(), "{solved}");
                assert!(solved.violations().is_empty(), "{solved}");
                listed += 1;
                std::ops::ControlFlow::Continue(())
            });
            assert_eq!(listed, expected);
        }
    }
}

/// The rules of every level are sound: on random 4x4 grids, no candidate that a solution
/// puts in a cell is ruled out of it, whatever a level's rules solve is the one solution,
/// and a grid they refute has none; the grade agrees with the count.
#[test]
fn the_rules_never_deduce_wrong() {
    let mut rng = Rng::new(5);
    let squares = latin_squares(4);
    for _ in 0..400 {
        let grid = random_grid(4, &squares, &mut rng);
        let solutions = brute_force(&grid, &squares);
        let grader = grade::Grader::new(4);
        for &difficulty in &Difficulty::ALL[..4] {
            let rules = match difficulty {
                Difficulty::Easy | Difficulty::Normal => logic::Rules {
                    naked_singles: true,
                    own_rule: true,
                    ..logic::Rules::default()
                },
                Difficulty::Hard => logic::Rules {
                    naked_singles: true,
                    own_rule: true,
                    subsets: true,
                    ..logic::Rules::default()
                },
                _ => logic::Rules {
                    naked_singles: true,
                    own_rule: true,
                    subsets: true,
                    fish: true,
                    forcing: true,
                    ..logic::Rules::default()
                },
            };
            grader.run(&grid, difficulty, |houses, cells, own| {
                let deduced = logic::deduce(houses, cells, rules, own);
                match deduced {
                    logic::Deduction::Solved => assert_eq!(solutions.len(), 1, "{grid}"),
                    logic::Deduction::Contradiction => assert!(solutions.is_empty(), "{grid}"),
                    logic::Deduction::Stuck => {}
                }
                if deduced != logic::Deduction::Contradiction {
                    for solution in &solutions {
                        for (cell, &digit) in solution.iter().enumerate() {
                            let bit = 1u64 << (digit - 1);
                            assert!(cells.candidates[cell] & bit != 0, "{grid}\n{solution:?}");
                        }
                    }
                }
            });
        }
        let expected = match solutions.len() {
            0 => Grade::NoSolution,
            1 => match grade(&grid) {
                grade @ Grade::Unique { .. } => grade,
                other => panic!("{grid}: {other:?}"),
            },
            _ => Grade::Several,
        };
        assert_eq!(grade(&grid), expected, "{grid}");
    }
}

/// Puzzles made at every level, sides 3 to 6: one solution (the engine's count), graded at
/// the level asked (side 3 at normal at most), cut into cages of two to six cells, and made
/// again by the same seed.
#[test]
fn generated_puzzles_are_unique_and_graded() {
    for n in 3..=6 {
        for &difficulty in Difficulty::ALL {
            let made = generate_before(n, difficulty, &mut Rng::new(n as u64), None)
                .unwrap()
                .unwrap();
            let encoding = Keen.encode(&made.puzzle).unwrap();
            let count = dlx::Solver::new(&encoding.problem).count().solutions;
            assert_eq!(count, 1, "{}", made.puzzle);
            assert!(made.reached);
            let expected = if n == 3 {
                difficulty.min(Difficulty::Normal)
            } else {
                difficulty
            };
            match grade(&made.puzzle) {
                Grade::Unique {
                    difficulty: graded, ..
                } => assert_eq!(graded, expected, "{}", made.puzzle),
                other => panic!("{}: {other:?}", made.puzzle),
            }
            assert!(made
                .puzzle
                .cages()
                .iter()
                .all(|cage| (2..=6).contains(&cage.cells().len())));
            let mut solution = made.puzzle.clone();
            solution.cells = made.solution.cells.clone();
            assert!(solution.is_full() && solution.violations().is_empty());
            let again = generate_before(n, difficulty, &mut Rng::new(n as u64), None)
                .unwrap()
                .unwrap();
            assert_eq!(again.puzzle, made.puzzle);
        }
    }
}

/// The text and the game ID read back what they write; a run of 25 places or more without a
/// wall is written as Keen reads it (`y`, 25 places and no wall).
#[test]
fn formats_read_back() {
    let id = "4:_a_5a6_aa,s1a9d2d2s1m36m4";
    let grid = Keen.parse(id).unwrap();
    assert_eq!(grid.game_id(), id);
    assert_eq!(Keen.parse(&grid.to_string()).unwrap(), grid);
    assert_eq!(grid.cages().len(), 7);
    assert_eq!(grid.cages()[5].clue(), "36*");
    // Each row of a 6x6 grid one cage: the 30 places within rows hold no wall.
    let rows = "6:ye_30,a21a21a21a21a21a21";
    let grid = Keen.parse(rows).unwrap();
    assert_eq!(grid.cages().len(), 6);
    assert!(grid.cages().iter().all(|cage| cage.cells().len() == 6));
    assert_eq!(grid.game_id(), rows);
    let text = "aab 1..\nacb ...\nddd\n\na 6*  b 3+\nc 3 d 6+\n";
    let grid = Keen.parse(text).unwrap();
    assert_eq!(grid.digit(0, 0), Some(1));
    assert_eq!(grid.cages()[2].operation(), Operation::Add);
    assert_eq!(Keen.parse(&grid.to_string()).unwrap(), grid);
    assert_eq!(Keen.parse(&grid.game_id()).unwrap().cages(), grid.cages());
}

/// Bad input is refused at the line and column where it goes wrong.
#[test]
fn bad_input_is_refused_where_it_is() {
    for (bad, line, column) in [
        ("ab\nab\n\na 3+\n", 1, 2),            // no clue for b, where it is first
        ("ab\nab\n\na 3+ b 3\n", 4, 6),        // a cage of two without an operation
        ("ab\nab\n\na 3+ b 3+ a 4+\n", 4, 11), // a second clue
        ("ab\nba\n\na 3+ b 3+\n", 1, 1),       // cage a in two parts
        ("ab\na\n\na 3+ b 3+\n", 2, 2),        // a short row
        ("ab 13\nab ..\n\na 3+ b 3+\n", 1, 5), // a digit past n
        ("ab\nab\n\na 3+ c 3+\n", 4, 6),       // a label of no cage
        ("ab\nab\n\na 3+ b 3x\n", 4, 9),       // no such operation
        ("abc\nabc\nddd\n\na 3+ b 3+ c 3+ d 6-\n", 5, 16), // subtraction in three cells
        ("4:_a_5a6_aa,s1a9d2d2s1m36\n", 1, 26), // a clue short
        ("4:_a_5a6_a,s1a9d2d2s1m36m4\n", 1, 11), // the walls short
        ("4:_a_5a6_aa,s1a9s2d2s1m36m4x\n", 1, 28), // trailing
    ] {
        let error = Keen.parse(bad).unwrap_err();
        assert_eq!(
            (error.line(), error.column()),
            (Some(line), Some(column)),
            "{bad:?}: {error}"
        );
    }
    // A cage of 20 cells adding to 50 has far too many fillings to list.
    let mut map = String::new();
    for row in 0..9 {
        for col in 0..9 {
            map.push(if row * 9 + col < 20 { 'a' } else { 'b' });
        }
        map.push('\n');
    }
    map.push_str("a 70+ b 335+\n");
    let error = Keen.parse(&map).unwrap_err();
    assert!(error.to_string().contains("too many ways"), "{error}");
}
