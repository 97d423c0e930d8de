//! Hints against the solution: on puzzles made at every level of sudoku's, futoshiki's and
//! binairo's ladders, every value a hint places is the solution's, every candidate it rules out is not,
//! and a player who enters each hint's value and asks again reaches the solution.

use reductions::generate::Rng;
use reductions::hint::{End, Hint, House, Rule};
use reductions::{binairo, futoshiki, sudoku};

/// Checks each step against `solution(row, column)` (rows and columns from 1).
/// The solution's value at a row and column from 1 (`None` off the grid).
type Solution<'a> = &'a dyn Fn(usize, usize) -> Option<usize>;

fn check(steps: &[Hint], solution: Solution, what: &str) {
    for step in steps {
        for mark in &step.placed {
            assert_eq!(
                Some(mark.value),
                solution(mark.row, mark.column),
                "{what}: {step} places a value that is not the solution's"
            );
        }
        for mark in &step.removed {
            assert_ne!(
                Some(mark.value),
                solution(mark.row, mark.column),
                "{what}: {step} rules out the solution's value"
            );
        }
        assert!(
            !step.placed.is_empty() || !step.removed.is_empty(),
            "{what}: {step} does nothing"
        );
        pattern_holds(step, solution, what);
    }
}

/// Where a step says it looked holds in the solution: a subset's cells hold its values, one
/// each, in its house; a fish's value stands in its cover lines in each base line; one end of
/// a chain holds its value.
fn pattern_holds(step: &Hint, solution: Solution, what: &str) {
    match step.rule {
        Rule::Subset => {
            let house = step
                .house
                .unwrap_or_else(|| panic!("{what}: {step} names no house"));
            let mut held: Vec<usize> = step
                .cells
                .iter()
                .map(|&(r, c)| solution(r, c).unwrap())
                .collect();
            held.sort_unstable();
            assert_eq!(held, step.values, "{what}: {step}");
            assert!(step.cells.len() >= 2, "{what}: {step}");
            for &(r, c) in &step.cells {
                match house {
                    House::Row(n) => assert_eq!(r, n, "{what}: {step}"),
                    House::Column(n) => assert_eq!(c, n, "{what}: {step}"),
                    _ => {}
                }
            }
            assert!(
                step.to_string().contains(&house.to_string()),
                "{what}: {step}"
            );
        }
        Rule::Fish => {
            let k = step.houses.len() / 2;
            assert!(k >= 2 && step.values.len() == 1, "{what}: {step}");
            let value = step.values[0];
            let (base, cover) = step.houses.split_at(k);
            for line in base {
                // The cell of the line that holds the value, counted along the line.
                let at = |n: usize, across: bool| {
                    (1..)
                        .map(|k| if across { (n, k) } else { (k, n) })
                        .map(|(r, c)| solution(r, c))
                        .take_while(Option::is_some)
                        .position(|held| held == Some(value))
                        .map(|k| k + 1)
                };
                let place = match *line {
                    House::Row(n) => at(n, true).map(House::Column),
                    House::Column(n) => at(n, false).map(House::Row),
                    _ => None,
                };
                let place = place.unwrap_or_else(|| panic!("{what}: {step}"));
                assert!(cover.contains(&place), "{what}: {step}");
            }
        }
        Rule::Chain => {
            let (&first, &last) = (step.cells.first().unwrap(), step.cells.last().unwrap());
            let value = step.values[0];
            assert!(
                solution(first.0, first.1) == Some(value)
                    || solution(last.0, last.1) == Some(value),
                "{what}: {step}"
            );
        }
        _ => {}
    }
}

#[test]
fn sudoku_hints_lead_to_the_solution() {
    use sudoku::Difficulty::*;
    for difficulty in [Trivial, Basic, Intermediate, Advanced, Extreme] {
        for seed in 1..=3 {
            let made = sudoku::generate(3, difficulty, &mut Rng::new(seed)).unwrap();
            let what = format!("{difficulty:?} seed {seed}");
            let solution = |r: usize, c: usize| made.solution.digit(r - 1, c - 1);
            let explanation = sudoku::explain(&made.puzzle);
            assert_eq!(explanation.end, End::Solved, "{what}");
            check(&explanation.steps, &solution, &what);
            // A player: each hint's value entered, then the next hint asked for.
            let mut grid = made.puzzle.clone();
            let mut hints = 0;
            loop {
                match sudoku::hint(&grid) {
                    Ok(steps) => {
                        check(&steps, &solution, &what);
                        let placed = steps.last().unwrap().placed[0];
                        assert_eq!(grid.digit(placed.row - 1, placed.column - 1), None);
                        grid.set_digit(placed.row - 1, placed.column - 1, Some(placed.value));
                        hints += 1;
                    }
                    Err(End::Solved) => break,
                    Err(end) => panic!("{what}: the hints ended {end:?}"),
                }
            }
            assert_eq!(grid, made.solution, "{what}");
            let open = (0..81)
                .filter(|&k| made.puzzle.digit(k / 9, k % 9).is_none())
                .count();
            assert_eq!(hints, open, "{what}: one hint per open cell");
        }
    }
}

/// Killer sudoku (9 x 9 and 6 x 6, with the diagonals and as a jigsaw), every level below
/// search: each step's values are the solution's and its ruled-out candidates are not, and the
/// steps reach the solution.
#[test]
fn killer_sudoku_hints_lead_to_the_solution() {
    use sudoku::Difficulty::*;
    for size in ["9k", "6k", "9xk", "9jk"] {
        let (side, variant) = sudoku::variant_of_size(size);
        let shape = variant.shape(side).unwrap();
        for difficulty in [Trivial, Basic, Intermediate, Advanced] {
            let made = sudoku::generate_like_before(&shape, difficulty, &mut Rng::new(3), None)
                .unwrap()
                .unwrap();
            let what = format!("{size} {difficulty:?}");
            let solution = |r: usize, c: usize| made.solution.digit(r - 1, c - 1);
            let explanation = sudoku::explain(&made.puzzle);
            assert_eq!(explanation.end, End::Solved, "{what}");
            check(&explanation.steps, &solution, &what);
        }
    }
}

/// Unequal's adjacent mode, trivial to extreme, sides 5 to 7: the steps (bars among them)
/// place the solution's digits, rule none of them out, and reach the solution.
#[test]
fn adjacent_futoshiki_hints_lead_to_the_solution() {
    use futoshiki::Difficulty::*;
    for n in 5..=7 {
        for difficulty in [Trivial, Easy, Tricky, Extreme] {
            let made = futoshiki::generate_mode_before(n, true, difficulty, &mut Rng::new(4), None)
                .unwrap()
                .unwrap();
            let what = format!("{n}a {difficulty:?}");
            let solution = |r: usize, c: usize| made.solution.digit(r - 1, c - 1);
            let explanation = futoshiki::explain(&made.puzzle);
            assert_eq!(explanation.end, End::Solved, "{what}");
            check(&explanation.steps, &solution, &what);
        }
    }
}

/// Binairo, every level below search, sides 6 to 12 and 8 x 12: one digit a step, each the
/// solution's, the steps reach the solution; entered one hint at a time, the hints do too.
#[test]
fn binairo_hints_lead_to_the_solution() {
    use binairo::Difficulty::*;
    for difficulty in [Trivial, Easy, Normal, Tricky] {
        for (rows, cols) in [(6, 6), (8, 8), (10, 10), (12, 12), (8, 12)] {
            let seed = (rows * cols) as u64;
            let made =
                binairo::generate(rows, cols, true, difficulty, &mut Rng::new(seed)).unwrap();
            let what = format!("{difficulty:?} {rows}x{cols}");
            let solution = |r: usize, c: usize| made.solution.digit(r - 1, c - 1).map(usize::from);
            let explanation = binairo::explain(&made.puzzle);
            assert_eq!(explanation.end, End::Solved, "{what}");
            check(&explanation.steps, &solution, &what);
            let open = (0..rows * cols)
                .filter(|&k| made.puzzle.digit(k / cols, k % cols).is_none())
                .count();
            assert_eq!(
                explanation.steps.len(),
                open,
                "{what}: one step per open cell"
            );
            let mut grid = made.puzzle.clone();
            while let Some(step) = explain_next(&grid) {
                let placed = step.placed[0];
                assert_eq!(
                    Some(placed.value),
                    solution(placed.row, placed.column),
                    "{what}"
                );
                assert_eq!(grid.digit(placed.row - 1, placed.column - 1), None);
                grid.set_digit(placed.row - 1, placed.column - 1, Some(placed.value as u8));
            }
            assert_eq!(grid, made.solution, "{what}");
        }
    }
    // The next hint of a grid: the first step of its explanation.
    fn explain_next(grid: &binairo::Grid) -> Option<Hint> {
        binairo::explain(grid).steps.into_iter().next()
    }
}

/// Subsets, fish and chains each name where they looked, and it holds in the solution: on
/// Tatham's extreme sudoku and futoshiki of the corpus, which need them.
#[test]
fn patterns_name_their_cells_and_houses() {
    use reductions::Reduction;
    let corpus = |name: &str| {
        std::fs::read_to_string(
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("tests/fixtures/tatham")
                .join(name),
        )
        .unwrap()
    };
    // Solo writes its solutions with commas between the digits, Unequal without.
    let digits_of = |text: &str| -> Vec<usize> {
        if text.contains(',') {
            text.split(',').filter_map(|d| d.parse().ok()).collect()
        } else {
            text.bytes().map(|b| usize::from(b - b'0')).collect()
        }
    };
    let mut seen = std::collections::BTreeSet::new();
    for line in corpus("solo.tsv")
        .lines()
        .filter(|l| l.starts_with("3x3de\t"))
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let grid = sudoku::Sudoku::default().parse(fields[1]).unwrap();
        let digits = digits_of(fields[2]);
        let solution = |r: usize, c: usize| (r <= 9 && c <= 9).then(|| digits[(r - 1) * 9 + c - 1]);
        let steps = sudoku::explain(&grid).steps;
        check(&steps, &solution, fields[1]);
        seen.extend(steps.iter().map(|step| step.rule));
    }
    for line in corpus("unequal.tsv")
        .lines()
        .filter(|l| l.starts_with("7dx\t"))
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let grid = futoshiki::Futoshiki.parse(fields[1]).unwrap();
        let digits = digits_of(fields[2]);
        let solution = |r: usize, c: usize| (r <= 7 && c <= 7).then(|| digits[(r - 1) * 7 + c - 1]);
        let steps = futoshiki::explain(&grid).steps;
        check(&steps, &solution, fields[1]);
        seen.extend(steps.iter().map(|step| step.rule));
    }
    for rule in [Rule::Subset, Rule::Fish, Rule::Chain] {
        assert!(seen.contains(&rule), "{rule:?} not seen");
    }
}

#[test]
fn futoshiki_hints_lead_to_the_solution() {
    use futoshiki::Difficulty::*;
    for difficulty in [Trivial, Easy, Tricky, Extreme] {
        for (n, seed) in [(5, 1), (6, 2), (7, 3)] {
            let made = futoshiki::generate(n, difficulty, &mut Rng::new(seed)).unwrap();
            let what = format!("{difficulty:?} {n}x{n} seed {seed}");
            let solution = |r: usize, c: usize| made.solution.digit(r - 1, c - 1);
            let explanation = futoshiki::explain(&made.puzzle);
            assert_eq!(explanation.end, End::Solved, "{what}");
            check(&explanation.steps, &solution, &what);
            let mut grid = made.puzzle.clone();
            loop {
                match futoshiki::hint(&grid) {
                    Ok(steps) => {
                        check(&steps, &solution, &what);
                        let placed = steps.last().unwrap().placed[0];
                        grid.set_digit(placed.row - 1, placed.column - 1, Some(placed.value));
                    }
                    Err(End::Solved) => break,
                    Err(end) => panic!("{what}: the hints ended {end:?}"),
                }
            }
            for r in 0..n {
                for c in 0..n {
                    assert_eq!(grid.digit(r, c), made.solution.digit(r, c), "{what}");
                }
            }
        }
    }
}

/// A grid that the rules cannot finish says so: an empty 9 x 9 (many solutions) is stuck
/// at once, and clashing givens are a contradiction.
#[test]
fn stuck_and_contradictory_grids_say_so() {
    use reductions::Reduction;
    let empty = sudoku::Sudoku::default().parse(&".".repeat(81)).unwrap();
    assert_eq!(sudoku::hint(&empty), Err(End::Stuck));
    let clash = sudoku::Sudoku::default()
        .parse(&format!("11{}", ".".repeat(79)))
        .unwrap();
    assert_eq!(sudoku::hint(&clash), Err(End::Contradiction));
}

/// Keen's cage steps name their cage: on Tatham's hard 6 x 6 puzzles, every cage-arithmetic
/// step gives the cells of one cage of the grid, and rules out digits either inside it (no
/// filling puts them there) or outside it (every filling puts them in a row or column of
/// it), never a digit of the solution.
#[test]
fn keen_cage_steps_name_their_cage() {
    use reductions::keen::{explain, Keen};
    use reductions::Reduction;
    let corpus = std::fs::read_to_string(
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tatham/keen.tsv"),
    )
    .unwrap();
    let mut named = 0;
    for line in corpus.lines().filter(|l| l.starts_with("6dh\t")) {
        let fields: Vec<&str> = line.split('\t').collect();
        let grid = Keen.parse(fields[1]).unwrap();
        let digits: Vec<usize> = fields[2].bytes().map(|b| usize::from(b - b'0')).collect();
        for step in explain(&grid).steps {
            if step.rule != Rule::Arithmetic {
                continue;
            }
            let cage = grid
                .cage_at(step.cells[0].0 - 1, step.cells[0].1 - 1)
                .unwrap();
            let mut cells: Vec<(usize, usize)> = grid.cages()[cage]
                .cells()
                .iter()
                .map(|&k| (k / 6 + 1, k % 6 + 1))
                .collect();
            cells.sort_unstable();
            let mut said = step.cells.clone();
            said.sort_unstable();
            assert_eq!(said, cells, "{step}");
            let inside = step
                .removed
                .iter()
                .all(|m| cells.contains(&(m.row, m.column)));
            let outside = step
                .removed
                .iter()
                .all(|m| !cells.contains(&(m.row, m.column)));
            assert!(inside || outside, "{step}");
            for m in &step.removed {
                assert_ne!(digits[(m.row - 1) * 6 + m.column - 1], m.value, "{step}");
            }
            assert!(step.to_string().contains("of the cage r"), "{step}");
            named += 1;
        }
    }
    assert!(named > 10, "{named} cage steps");
}
