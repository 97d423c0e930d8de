use super::solver::Solver;
use super::*;
use crate::generate::{Grade, Ladder, Rng};
use crate::hint::End;

/// Every solution of a grid by backtracking: the first free cell takes the cell on its
/// right or below it, each domino once, the dominoes placed kept. Each as the other cell of
/// every cell.
fn brute_force(grid: &Grid) -> Vec<Vec<usize>> {
    fn fill(
        grid: &Grid,
        partner: &mut Vec<Option<usize>>,
        used: &mut Vec<bool>,
        out: &mut Vec<Vec<usize>>,
    ) {
        let Some(a) = partner.iter().position(Option::is_none) else {
            out.push(partner.iter().map(|p| p.unwrap_or(0)).collect());
            return;
        };
        let w = grid.cols();
        for b in [a + 1, a + w] {
            if b >= partner.len() || (b == a + 1 && b % w == 0) || partner[b].is_some() {
                continue;
            }
            if grid.partner[a].is_some_and(|p| p != b) || grid.partner[b].is_some_and(|p| p != a) {
                continue;
            }
            let d = domino_index(grid.numbers[a].into(), grid.numbers[b].into());
            if used[d] {
                continue;
            }
            used[d] = true;
            partner[a] = Some(b);
            partner[b] = Some(a);
            fill(grid, partner, used, out);
            partner[a] = None;
            partner[b] = None;
            used[d] = false;
        }
    }
    let mut out = Vec::new();
    fill(
        grid,
        &mut vec![None; grid.numbers.len()],
        &mut vec![false; domino_count(grid.n)],
        &mut out,
    );
    out
}

/// A random grid of largest number `n`: the numbers of the full set shuffled over the
/// cells (one time in two), or dealt onto a random tiling, with a few of that tiling's
/// dominoes placed one time in four.
fn random_grid(n: usize, rng: &mut Rng) -> Grid {
    let (w, h) = (n + 2, n + 1);
    let mut grid = Grid {
        n,
        numbers: Vec::new(),
        partner: vec![None; w * h],
    };
    if rng.below(2) == 0 {
        let mut numbers: Vec<u8> = (0..=n as u8)
            .flat_map(|k| std::iter::repeat(k).take(n + 2))
            .collect();
        rng.shuffle(&mut numbers);
        grid.numbers = numbers;
        return grid;
    }
    let layout = generate::layout(w, h, rng);
    let mut dominoes: Vec<(u8, u8)> = (0..=n as u8)
        .flat_map(|hi| (0..=hi).map(move |lo| (lo, hi)))
        .collect();
    rng.shuffle(&mut dominoes);
    grid.numbers = vec![0; w * h];
    let places: Vec<usize> = (0..w * h).filter(|&a| layout[a] > a).collect();
    let give = rng.below(4) == 0;
    for (&a, &(lo, hi)) in places.iter().zip(&dominoes) {
        let b = layout[a];
        let (x, y) = if rng.below(2) == 0 {
            (lo, hi)
        } else {
            (hi, lo)
        };
        grid.numbers[a] = x;
        grid.numbers[b] = y;
        if give && rng.below(5) == 0 {
            grid.partner[a] = Some(b);
            grid.partner[b] = Some(a);
        }
    }
    grid
}

/// Random grids of largest numbers 1 to 4: the engine's count equals brute force's, with
/// Knuth's search and with forcing, and every solution it lists is one of brute force's.
#[test]
fn counts_equal_brute_force() {
    let mut rng = Rng::new(5);
    let mut several = 0;
    for n in 1..=4 {
        for _ in 0..80 {
            let grid = random_grid(n, &mut rng);
            let expected = brute_force(&grid);
            several += usize::from(expected.len() > 1);
            let encoding = Dominosa.encode(&grid).unwrap();
            for propagation in [dlx::Propagation::None, dlx::Propagation::Forcing] {
                let count = dlx::Solver::new(&encoding.problem)
                    .propagation(propagation)
                    .count()
                    .solutions;
                assert_eq!(count, expected.len() as u128, "{grid}");
            }
            let _ = dlx::Solver::new(&encoding.problem).for_each(|options| {
                let board = Dominosa.decode(&grid, &encoding.choices_of(options));
                assert!(board.is_full() && board.violations().is_empty(), "{board}");
                let partners: Vec<usize> = board.partner.iter().map(|p| p.unwrap()).collect();
                assert!(expected.contains(&partners), "{board}");
                assert_eq!(Dominosa.parse(&board.to_string()).unwrap(), board);
                std::ops::ControlFlow::Continue(())
            });
        }
    }
    assert!(several > 20, "{several} grids with several solutions");
}

/// On 400 random grids with a solution, Tatham's rules at every level never rule out a
/// placement that some solution uses, and every hint's step keeps them too.
#[test]
fn the_rules_never_rule_out_a_solution() {
    let mut rng = Rng::new(9);
    let mut checked = 0;
    while checked < 400 {
        let n = 2 + rng.below(3);
        let grid = random_grid(n, &mut rng);
        let solutions = brute_force(&grid);
        if solutions.is_empty() {
            continue;
        }
        checked += 1;
        let used = |solver: &Solver| {
            solutions.iter().all(|partners| {
                (0..solver.cells.len()).all(|p| {
                    let [a, b] = solver.cells[p];
                    partners[a] != b || solver.active[p]
                })
            })
        };
        for &level in &Difficulty::ALL[..4] {
            let mut solver = Solver::new(&grid);
            solver.run(level);
            assert!(used(&solver), "{level}: {grid}");
        }
        let mut solver = Solver::new(&grid);
        while solver.step(Difficulty::Extreme).is_some() {
            assert!(used(&solver), "{grid}");
        }
        let explanation = explain(&grid);
        assert!(!explanation.end.unsolvable(), "{grid}");
        if solutions.len() == 1 {
            assert!(
                matches!(explanation.end, End::Solved | End::Stuck),
                "{grid}"
            );
        }
    }
}

/// Puzzles made at every level are unique, graded at the level asked, and made again from
/// their seed.
#[test]
fn made_puzzles_are_unique_graded_as_asked_and_reproducible() {
    for (n, level) in [
        (1, Difficulty::Trivial),
        (2, Difficulty::Basic),
        (4, Difficulty::Trivial),
        (5, Difficulty::Basic),
        (5, Difficulty::Hard),
        (6, Difficulty::Extreme),
    ] {
        let made = generate_before(n, level, &mut Rng::new(1), None)
            .unwrap()
            .unwrap();
        assert!(made.reached, "{n} {level}");
        assert_eq!(
            grade(&made.puzzle),
            Grade::Unique {
                difficulty: level,
                search_nodes: 0
            }
        );
        assert_eq!(brute_force(&made.puzzle).len(), 1);
        let partners: Vec<usize> = made.solution.partner.iter().map(|p| p.unwrap()).collect();
        assert_eq!(brute_force(&made.puzzle)[0], partners);
        let again = generate_before(n, level, &mut Rng::new(1), None)
            .unwrap()
            .unwrap();
        assert_eq!(again.puzzle, made.puzzle);
        let explanation = explain(&made.puzzle);
        assert_eq!(explanation.end, End::Solved);
    }
}

/// A hint on a grid with a domino placed where the solution has none says the grid has no
/// solution; with the solution's dominoes placed, the rules finish it.
#[test]
fn hints_follow_the_dominoes_placed() {
    let made = generate_before(5, Difficulty::Basic, &mut Rng::new(4), None)
        .unwrap()
        .unwrap();
    let mut wrong = made.puzzle.clone();
    let [a, b] = made.solution.dominoes()[0];
    // The cell beside `a` that is not its partner.
    let other = if b == (a.0, a.1 + 1) {
        (a.0 + 1, a.1)
    } else {
        (a.0, a.1 + 1)
    };
    assert!(wrong.place(a, other));
    assert!(explain(&wrong).end.unsolvable());
    let mut right = made.puzzle.clone();
    for [a, b] in made.solution.dominoes().into_iter().take(5) {
        right.place(a, b);
    }
    assert_eq!(explain(&right).end, End::Solved);
    let steps = hint(&made.puzzle).unwrap();
    assert!(!steps.last().unwrap().placed.is_empty());
}

/// Text and game IDs read back what they write, numbers past 9 too.
#[test]
fn formats_read_back() {
    let mut rng = Rng::new(3);
    for n in [1, 3, 9, 10, 12] {
        let made = generate_before(
            n.min(MAX_GENERATED_SIZE),
            Difficulty::Trivial,
            &mut rng,
            None,
        )
        .unwrap()
        .unwrap();
        for grid in [&made.puzzle, &made.solution] {
            assert_eq!(&Dominosa.parse(&grid.to_string()).unwrap(), grid);
        }
        let id = made.puzzle.game_id();
        assert_eq!(Dominosa.parse(&id).unwrap(), made.puzzle);
        assert_eq!(id.contains('['), n >= 10);
    }
    let compact = Dominosa.parse("001\n101\n").unwrap();
    assert_eq!(compact, Dominosa.parse("0 0 1\n1 0 1").unwrap());
    let joined = Dominosa.parse("0-0 1\n    |\n1-0 1\n").unwrap();
    assert_eq!(joined.dominoes().len(), 3);
    assert!(joined.is_full());
    assert_eq!(
        Dominosa.parse("1dt:001101").unwrap(),
        Dominosa.parse("001\n101").unwrap()
    );
}

/// Bad input is refused at its line and column, with what was expected.
#[test]
fn bad_input_is_refused_where_it_is() {
    for (input, place, words) in [
        ("0 0 1\n1 0 x\n", Some((2, 5)), "expected a number"),
        ("0 0 1\n1 0\n", Some((2, 1)), "expected 3 numbers"),
        ("0 0 1 1\n1 0 1 0\n", Some((1, 7)), "expected 3 numbers"),
        ("0 0 2\n1 0 1\n", Some((1, 5)), "from 0 to 1"),
        ("0 0 0\n0 1 1\n", None, "the number 0 appears 4 times"),
        ("-0 0 1\n1 0 1\n", Some((1, 1)), "a number"),
        ("0--0 1\n1 0 1\n", Some((1, 3)), "a number"),
        ("0 0 1-\n1 0 1\n", Some((1, 6)), "a number after it"),
        ("0-0-1\n1 0 1\n", Some((1, 4)), "outside any other domino"),
        (
            "0 0 1\n  |  |\n1 0 1\n",
            Some((2, 6)),
            "stands under a number",
        ),
        ("0 0 1\n1 0 1\n|\n", Some((3, 1)), "a row of numbers below"),
        ("|\n0 0 1\n1 0 1\n", Some((1, 1)), "a row of numbers"),
        ("1:00110", Some((1, 8)), "1 more numbers"),
        ("1:0011011", Some((1, 9)), "nothing more"),
        ("1:00[1101", Some((1, 10)), "']'"),
        ("1:0021..", Some((1, 5)), "from 0 to 1"),
        ("1x:001101", Some((1, 2)), "':'"),
        ("0:", Some((1, 1)), "from 1 to 30"),
    ] {
        let err = Dominosa.parse(input).unwrap_err();
        let at = err.position().map(|p| (p.line, p.column));
        assert_eq!(at, place, "{input:?}: {err}");
        assert!(err.to_string().contains(words), "{input:?}: {err}");
    }
}
