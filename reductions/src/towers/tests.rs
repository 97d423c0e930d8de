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

/// The squares among `squares` that keep the grid's clues and givens.
fn brute_force(grid: &Grid, squares: &[Vec<u8>]) -> usize {
    squares
        .iter()
        .filter(|square| {
            let full = Grid {
                n: grid.n,
                clues: grid.clues.clone(),
                cells: (*square).clone(),
            };
            grid.cells
                .iter()
                .zip(square.iter())
                .all(|(&given, &d)| given == 0 || given == d)
                && full
                    .counts()
                    .iter()
                    .zip(&grid.clues)
                    .all(|(&seen, &clue)| clue == 0 || seen == clue)
        })
        .count()
}

fn count(grid: &Grid) -> u128 {
    let encoding = Towers.encode(grid).unwrap();
    let outcome = dlx::Solver::new(&encoding.problem).count();
    outcome.solutions
}

/// Random clues (some of a Latin square's, some at random, so that many grids have no
/// solution) and givens on sides 3 to 5: the engine's count equals the squares that keep
/// them, searched plainly and with forcing, and every solution it lists keeps them.
#[test]
fn counts_equal_brute_force() {
    let mut rng = Rng::new(11);
    for n in 3..=5 {
        let squares = latin_squares(n);
        let trials = if n == 5 { 40 } else { 150 };
        for _ in 0..trials {
            let source = &squares[rng.below(squares.len())];
            let mut grid = Grid::new(n).unwrap();
            let truth = Grid {
                n,
                clues: vec![0; 4 * n],
                cells: source.clone(),
            }
            .counts();
            for (clue, &seen) in grid.clues.iter_mut().zip(&truth) {
                match rng.below(4) {
                    0 => *clue = seen,
                    1 => *clue = 1 + rng.below(n) as u8,
                    _ => {}
                }
            }
            for (cell, &digit) in grid.cells.iter_mut().zip(source) {
                if rng.below(6) == 0 {
                    *cell = digit;
                }
            }
            let expected = brute_force(&grid, &squares) as u128;
            assert_eq!(count(&grid), expected, "{grid}");
            let encoding = Towers.encode(&grid).unwrap();
            let forced = dlx::Solver::new(&encoding.problem)
                .propagation(dlx::Propagation::Forcing)
                .count()
                .solutions;
            assert_eq!(forced, expected, "{grid}");
            let mut listed = 0;
            let _ = dlx::Solver::new(&encoding.problem).for_each(|options| {
                let choices = encoding.choices_of(options);
                let solved = Towers.decode(&grid, &choices);
                assert!(solved.cells.iter().all(|&d| d > 0), "{solved}");
                assert!(solved.violations().is_empty(), "{solved}");
                listed += 1;
                std::ops::ControlFlow::Continue(())
            });
            assert_eq!(listed, expected);
        }
    }
}

/// The framed text and the game ID read back what they write, and a solved grid keeps its
/// clues.
#[test]
fn formats_read_back() {
    let id = "5:2/3/1/5/2/4/2/4/1/2/2/1/2/4/3/2/4/3/1/2";
    let grid = Towers.parse(id).unwrap();
    assert_eq!(grid.game_id(), id);
    assert_eq!(Towers.parse(&grid.to_string()).unwrap(), grid);
    let sparse = "6:/4//2//3/5//2/2///2////5////3///3,u2n";
    let grid = Towers.parse(sparse).unwrap();
    assert_eq!(grid.game_id(), sparse);
    assert_eq!(grid.digit(3, 3), Some(2));
    assert_eq!(Towers.parse(&grid.to_string()).unwrap(), grid);
    assert_eq!(
        Towers.parse("3d e:1//////").unwrap_err().column(),
        Some(3),
        "a blank in the parameters"
    );
    for bad in [
        "3:1/////",
        "3:1///////",
        "3:4//////",
        "3:///////,j",
        "3:///////,i1",
        "3:1//////x",
        ".2.\n...\n...\n",
        ".....\n.....\n....\n.....\n.....\n",
        "1....\n.....\n.....\n.....\n.....\n",
        ".....\n.4...\n.....\n.....\n.....\n",
    ] {
        assert!(Towers.parse(bad).is_err(), "{bad:?}");
    }
}

/// The grader's rules are sound: on puzzles made from random squares with random clues
/// and givens, whatever a level's rules solve is the engine's one solution, and a grid they
/// refute has none.
#[test]
fn the_rules_never_deduce_wrong() {
    let mut rng = Rng::new(5);
    let squares = latin_squares(4);
    for _ in 0..400 {
        let source = &squares[rng.below(squares.len())];
        let truth = Grid {
            n: 4,
            clues: vec![0; 16],
            cells: source.clone(),
        }
        .counts();
        let mut grid = Grid::new(4).unwrap();
        for (clue, &seen) in grid.clues.iter_mut().zip(&truth) {
            if rng.below(3) > 0 {
                *clue = seen;
            }
        }
        if rng.below(5) == 0 {
            grid.clues[rng.below(16)] = 1 + rng.below(4) as u8;
        }
        let solutions = brute_force(&grid, &squares);
        let grader = grade::Grader::new(4);
        for &difficulty in &Difficulty::ALL[..3] {
            match grader.deduce(&grid, difficulty) {
                logic::Deduction::Solved => assert_eq!(solutions, 1, "{grid}"),
                logic::Deduction::Contradiction => assert_eq!(solutions, 0, "{grid}"),
                logic::Deduction::Stuck => {}
            }
        }
        let expected = match solutions {
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

/// Puzzles made at every level, sides 4 to 6: one solution, graded at the level asked (or
/// an easier one, reported), and made again by the same seed.
#[test]
fn generated_puzzles_are_unique_and_graded() {
    for n in 4..=6 {
        for &difficulty in Difficulty::ALL {
            let made = generate_before(n, difficulty, &mut Rng::new(n as u64), None)
                .unwrap()
                .unwrap();
            assert_eq!(count(&made.puzzle), 1, "{}", made.puzzle);
            match grade(&made.puzzle) {
                Grade::Unique {
                    difficulty: graded, ..
                } => assert_eq!(graded, made.difficulty, "{}", made.puzzle),
                other => panic!("{}: {other:?}", made.puzzle),
            }
            assert_eq!(made.reached, made.difficulty == difficulty);
            let again = generate_before(n, difficulty, &mut Rng::new(n as u64), None)
                .unwrap()
                .unwrap();
            assert_eq!(again.puzzle, made.puzzle);
        }
    }
}
