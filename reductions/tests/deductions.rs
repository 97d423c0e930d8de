//! Every deduction holds in every solution: on thousands of random small grids of every variant
//! that has a grader (sudoku with boxes, X, jigsaw regions and killer cages, and their
//! mixtures; futoshiki with inequalities and in Unequal's adjacent mode; binairo), solvable
//! and not, the solutions are listed by a backtracking search written here from the rules,
//! and then:
//!
//! - every value a step of `explain` or `hint` places is in every solution, and no candidate
//!   it rules out is in any;
//! - `explain` ends "solved" only on a grid with one solution, and on a grid with none it
//!   ends with a contradiction or "no solution"; `hint` on a grid with none says so;
//! - `grade` says "no solution", "several" or a difficulty exactly as the listing counts.

use reductions::generate::{Grade, Rng};
use reductions::hint::{End, Explanation, Hint};
use reductions::{binairo, futoshiki, sudoku};

/// At most this many solutions are listed: each step is checked against all of them.
const CAP: usize = 40;

/// A puzzle for the backtracking search: the values of each cell (from 1), `groups` of cells
/// whose values differ, `sums` of cells that also add up to a total (`None`: only differ),
/// and `pairs` of cells whose values must satisfy a relation.
struct Rules {
    givens: Vec<usize>,
    groups: Vec<Vec<usize>>,
    cages: Vec<(Vec<usize>, Option<usize>)>,
    pairs: Vec<(usize, usize, futoshiki::Relation)>,
}

impl Rules {
    /// Up to `cap` solutions, each a value per cell; values tried in `order`.
    fn solutions(&self, cap: usize, order: &[usize]) -> Vec<Vec<usize>> {
        let cells = self.givens.len();
        let mut peers = vec![Vec::new(); cells];
        for group in self.groups.iter().chain(self.cages.iter().map(|(c, _)| c)) {
            for &a in group {
                for &b in group {
                    if a != b && !peers[a].contains(&b) {
                        peers[a].push(b);
                    }
                }
            }
        }
        let mut cage_of = vec![Vec::new(); cells];
        for (g, (cage, _)) in self.cages.iter().enumerate() {
            for &c in cage {
                cage_of[c].push(g);
            }
        }
        let mut pairs_of = vec![Vec::new(); cells];
        for (i, &(a, b, _)) in self.pairs.iter().enumerate() {
            pairs_of[a].push(i);
            pairs_of[b].push(i);
        }
        let mut grid = vec![0usize; cells];
        let mut out = Vec::new();
        self.fill(
            0, &mut grid, &peers, &cage_of, &pairs_of, cap, order, &mut out,
        );
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn fill(
        &self,
        k: usize,
        grid: &mut Vec<usize>,
        peers: &[Vec<usize>],
        cage_of: &[Vec<usize>],
        pairs_of: &[Vec<usize>],
        cap: usize,
        order: &[usize],
        out: &mut Vec<Vec<usize>>,
    ) {
        if out.len() >= cap {
            return;
        }
        if k == grid.len() {
            out.push(grid.clone());
            return;
        }
        let values: Vec<usize> = if self.givens[k] > 0 {
            vec![self.givens[k]]
        } else {
            order.to_vec()
        };
        for v in values {
            if peers[k].iter().any(|&p| grid[p] == v) {
                continue;
            }
            grid[k] = v;
            let sums_hold = cage_of[k].iter().all(|&g| {
                let (cells, sum) = &self.cages[g];
                let Some(sum) = *sum else { return true };
                let placed: usize = cells.iter().map(|&c| grid[c]).sum();
                let full = cells.iter().all(|&c| grid[c] > 0);
                if full {
                    placed == sum
                } else {
                    placed < sum
                }
            });
            let pairs_hold = pairs_of[k].iter().all(|&i| {
                let (a, b, relation) = self.pairs[i];
                grid[a] == 0 || grid[b] == 0 || relation.holds(grid[a], grid[b])
            });
            if sums_hold && pairs_hold {
                self.fill(k + 1, grid, peers, cage_of, pairs_of, cap, order, out);
            }
            grid[k] = 0;
        }
    }
}

/// A random order of the values 1 to `side`.
fn shuffled(side: usize, rng: &mut Rng) -> Vec<usize> {
    let mut order: Vec<usize> = (1..=side).collect();
    for i in (1..side).rev() {
        order.swap(i, rng.below(i + 1));
    }
    order
}

/// Checks the steps against the solutions (values from 1 as the marks write them; binairo's
/// digits are its values minus one).
fn check_steps(steps: &[Hint], solutions: &[Vec<usize>], cols: usize, offset: usize, what: &str) {
    for step in steps {
        for solution in solutions {
            let at = |r: usize, c: usize| solution[(r - 1) * cols + c - 1] - offset;
            for mark in &step.placed {
                assert_eq!(
                    mark.value,
                    at(mark.row, mark.column),
                    "{what}: '{step}' places a value that a solution does not have"
                );
            }
            for mark in &step.removed {
                assert_ne!(
                    mark.value,
                    at(mark.row, mark.column),
                    "{what}: '{step}' rules out a value that a solution has"
                );
            }
        }
    }
}

/// What `explain`, `hint` and `grade` say of a grid against its solutions (`cap` at most).
fn check<D: std::fmt::Debug>(
    explanation: &Explanation,
    hint: Result<Vec<Hint>, End>,
    grade: Grade<D>,
    solutions: &[Vec<usize>],
    cols: usize,
    offset: usize,
    what: &str,
) -> End {
    check_steps(&explanation.steps, solutions, cols, offset, what);
    match solutions.len() {
        0 => {
            assert!(
                matches!(explanation.end, End::Contradiction | End::NoSolution),
                "{what}: no solution, but explain ends {:?}",
                explanation.end
            );
            assert!(
                matches!(hint, Err(End::Contradiction | End::NoSolution)),
                "{what}: no solution, but hint gives {hint:?}"
            );
            assert!(
                matches!(grade, Grade::NoSolution),
                "{what}: no solution, graded {grade:?}"
            );
        }
        n => {
            assert!(
                explanation.end == End::Stuck || (n == 1 && explanation.end == End::Solved),
                "{what}: {n} solutions, explain ends {:?}",
                explanation.end
            );
            match &hint {
                Ok(steps) => check_steps(steps, solutions, cols, offset, what),
                Err(end) => assert!(
                    *end == End::Stuck || (n == 1 && *end == End::Solved),
                    "{what}: {n} solutions, hint ends {end:?}"
                ),
            }
            match grade {
                Grade::Unique { .. } => assert_eq!(n, 1, "{what}: graded unique"),
                Grade::Several => assert!(n > 1, "{what}: graded several"),
                Grade::NoSolution => panic!("{what}: {n} solutions, graded no solution"),
            }
        }
    }
    explanation.end
}

/// How the ends came out, to check that the random grids reach every case.
#[derive(Default, Debug)]
struct Tally {
    none: usize,
    one: usize,
    several: usize,
    solved: usize,
    contradiction: usize,
}

impl Tally {
    fn add(&mut self, solutions: usize, end: End) {
        match solutions {
            0 => self.none += 1,
            1 => self.one += 1,
            _ => self.several += 1,
        }
        match end {
            End::Solved => self.solved += 1,
            End::Contradiction | End::NoSolution => self.contradiction += 1,
            End::Stuck => {}
        }
    }
}

/// A random partition of a `side` x `side` grid into `side` regions of `side` cells, grown
/// from random seeds (connected whenever the growth finishes; otherwise rows).
fn random_regions(side: usize, rng: &mut Rng) -> Vec<usize> {
    'again: for _ in 0..50 {
        let area = side * side;
        let mut region = vec![usize::MAX; area];
        let mut size = vec![0; side];
        for (r, size) in size.iter_mut().enumerate() {
            let mut cell = rng.below(area);
            while region[cell] != usize::MAX {
                cell = rng.below(area);
            }
            region[cell] = r;
            *size = 1;
        }
        let mut left = area - side;
        let mut stalls = 0;
        while left > 0 {
            let cell = rng.below(area);
            if region[cell] != usize::MAX {
                continue;
            }
            let (r, c) = (cell / side, cell % side);
            let mut near = Vec::new();
            if r > 0 {
                near.push(cell - side);
            }
            if r + 1 < side {
                near.push(cell + side);
            }
            if c > 0 {
                near.push(cell - 1);
            }
            if c + 1 < side {
                near.push(cell + 1);
            }
            let open: Vec<usize> = near
                .iter()
                .map(|&n| region[n])
                .filter(|&g| g != usize::MAX && size[g] < side)
                .collect();
            if open.is_empty() {
                stalls += 1;
                if stalls > 10 * area {
                    continue 'again;
                }
                continue;
            }
            let g = open[rng.below(open.len())];
            region[cell] = g;
            size[g] += 1;
            left -= 1;
        }
        return region;
    }
    (0..side * side).map(|k| k / side).collect()
}

/// The houses of a sudoku shape: rows, columns, boxes or regions, and the diagonals.
fn houses(grid: &sudoku::Grid) -> Vec<Vec<usize>> {
    let side = grid.side();
    let mut houses = Vec::new();
    for i in 0..side {
        houses.push((0..side).map(|c| i * side + c).collect());
        houses.push((0..side).map(|r| r * side + i).collect());
    }
    let mut boxes = vec![Vec::new(); side];
    for k in 0..side * side {
        boxes[grid.box_of(k / side, k % side)].push(k);
    }
    houses.extend(boxes);
    if grid.has_diagonals() {
        houses.push((0..side).map(|i| i * side + i).collect());
        houses.push((0..side).map(|i| i * side + side - 1 - i).collect());
    }
    houses
}

/// Random small sudoku of every variant: a random solution of the shape (with its cages, if
/// any, drawn on it: random names, sums of the solution, some changed or left out), some of
/// its digits given, some givens then changed, so that many grids have no solution.
#[test]
#[allow(clippy::needless_range_loop)]
fn sudoku_deductions_hold_in_every_solution() {
    let mut tally = Tally::default();
    let mut rng = Rng::new(63);
    let variants = [
        (4, false, false, false),
        (4, true, false, false),
        (4, false, true, false),
        (4, false, false, true),
        (4, true, false, true),
        (4, false, true, true),
        (4, true, true, true),
        (6, false, false, false),
        (6, true, false, false),
        (6, false, true, false),
        (6, false, false, true),
        (6, false, true, true),
    ];
    for round in 0..1800 {
        let (side, x, jigsaw, killer) = variants[round % variants.len()];
        let mut shape = if jigsaw {
            sudoku::Grid::jigsaw(side, &random_regions(side, &mut rng)).unwrap()
        } else if side == 4 {
            sudoku::Grid::new(2).unwrap()
        } else {
            sudoku::Grid::with_boxes(2, 3).unwrap()
        };
        shape.set_diagonals(x);
        let area = side * side;
        let mut rules = Rules {
            givens: vec![0; area],
            groups: houses(&shape),
            cages: Vec::new(),
            pairs: Vec::new(),
        };
        let Some(truth) = rules
            .solutions(1, &shuffled(side, &mut rng))
            .into_iter()
            .next()
        else {
            continue; // an X jigsaw whose regions admit no grid
        };
        let mut grid = shape.clone();
        if killer {
            // Each cell its own cage, then random joins of side-by-side cages of at most
            // `side` cells in all (whether the solution keeps their digits apart or not).
            let mut names: Vec<usize> = (0..area).collect();
            for _ in 0..rng.below(3 * area) {
                let k = rng.below(area);
                let n = if rng.below(2) == 0 && k % side + 1 < side {
                    k + 1
                } else if k + side < area {
                    k + side
                } else {
                    continue;
                };
                let (a, b) = (names[k], names[n]);
                let size = names.iter().filter(|&&x| x == a || x == b).count();
                if a != b && size <= side {
                    for x in names.iter_mut().filter(|x| **x == b) {
                        *x = a;
                    }
                }
            }
            let mut sums = vec![0u32; area];
            let cages = sudoku::Cages::new(side, &names, &sums).unwrap();
            for g in 0..cages.count() {
                let cells: Vec<usize> = cages.cells(g).collect();
                let mut total: usize = cells.iter().map(|&c| truth[c]).sum();
                match rng.below(8) {
                    0 => continue,
                    1 if round % 4 == 1 => total += 1,
                    2 if round % 4 == 1 => total = total.saturating_sub(1).max(1),
                    _ => {}
                }
                sums[cells[0]] = total as u32;
            }
            let cages = sudoku::Cages::new(side, &names, &sums).unwrap();
            for g in 0..cages.count() {
                let cells: Vec<usize> = cages.cells(g).collect();
                rules.cages.push((cells, cages.sum(g).map(|s| s as usize)));
            }
            grid.set_cages(Some(cages));
        }
        // A third of the grids get wrong givens; the others a share of the solution's digits
        // that leaves some with several solutions.
        let share = [3, 4, 6, 10][rng.below(4)] + usize::from(killer) * 4;
        for k in 0..area {
            if rng.below(share) < 3 {
                let digit = if round % 3 == 1 && rng.below(5) == 0 {
                    1 + rng.below(side)
                } else {
                    truth[k]
                };
                grid.set_digit(k / side, k % side, Some(digit));
                rules.givens[k] = digit;
            }
        }
        let solutions = rules.solutions(CAP, &(1..=side).collect::<Vec<_>>());
        let what = format!("round {round}:\n{grid}");
        let end = check(
            &sudoku::explain(&grid),
            sudoku::hint(&grid),
            sudoku::grade(&grid),
            &solutions,
            side,
            0,
            &what,
        );
        tally.add(solutions.len(), end);
    }
    eprintln!("{tally:?}");
    assert!(
        tally.none > 200 && tally.one > 200 && tally.several > 100,
        "{tally:?}"
    );
    assert!(tally.solved > 100 && tally.contradiction > 100, "{tally:?}");
}

/// Random futoshiki of sides 4 and 5, with inequalities and in Unequal's adjacent mode: the
/// relations of a random Latin square, some flipped, some digits given, some changed.
#[test]
#[allow(clippy::needless_range_loop)]
fn futoshiki_deductions_hold_in_every_solution() {
    use futoshiki::Relation;
    let mut tally = Tally::default();
    let mut rng = Rng::new(64);
    for round in 0..1200 {
        let n = 4 + round % 2;
        let adjacent = round % 4 >= 2;
        let area = n * n;
        let mut groups = Vec::new();
        for i in 0..n {
            groups.push((0..n).map(|c| i * n + c).collect());
            groups.push((0..n).map(|r| r * n + i).collect());
        }
        let mut rules = Rules {
            givens: vec![0; area],
            groups,
            cages: Vec::new(),
            pairs: Vec::new(),
        };
        let truth = rules.solutions(1, &shuffled(n, &mut rng)).remove(0);
        let mut grid = if adjacent {
            futoshiki::Grid::adjacent(n).unwrap()
        } else {
            futoshiki::Grid::new(n).unwrap()
        };
        let flips = round % 3 == 0;
        let relation = |a: usize, b: usize, rng: &mut Rng| {
            let flip = flips && rng.below(12) == 0;
            if adjacent {
                if (a.abs_diff(b) == 1) != flip {
                    Relation::Consecutive
                } else {
                    Relation::Apart
                }
            } else if rng.below(3) != 0 && !flip {
                Relation::None
            } else if (a < b) != flip {
                Relation::Less
            } else {
                Relation::Greater
            }
        };
        for r in 0..n {
            for c in 0..n {
                let k = r * n + c;
                if c + 1 < n {
                    let rel = relation(truth[k], truth[k + 1], &mut rng);
                    grid.set_right(r, c, rel);
                    rules.pairs.push((k, k + 1, rel));
                }
                if r + 1 < n {
                    let rel = relation(truth[k], truth[k + n], &mut rng);
                    grid.set_down(r, c, rel);
                    rules.pairs.push((k, k + n, rel));
                }
            }
        }
        for k in 0..area {
            if rng.below(4) == 0 {
                let digit = if round % 3 == 1 && rng.below(6) == 0 {
                    1 + rng.below(n)
                } else {
                    truth[k]
                };
                grid.set_digit(k / n, k % n, Some(digit));
                rules.givens[k] = digit;
            }
        }
        let solutions = rules.solutions(CAP, &(1..=n).collect::<Vec<_>>());
        let what = format!("round {round}:\n{grid}");
        let end = check(
            &futoshiki::explain(&grid),
            futoshiki::hint(&grid),
            futoshiki::grade(&grid),
            &solutions,
            n,
            0,
            &what,
        );
        tally.add(solutions.len(), end);
    }
    eprintln!("{tally:?}");
    assert!(
        tally.none > 100 && tally.one > 100 && tally.several > 100,
        "{tally:?}"
    );
    assert!(tally.solved > 50 && tally.contradiction > 50, "{tally:?}");
}

/// Every binairo grid of `rows` x `cols` (digits 1 and 2 for 0 and 1) that keeps the givens
/// (0 for blank), up to `cap`.
fn binairo_solutions(
    rows: usize,
    cols: usize,
    distinct: bool,
    givens: &[usize],
    cap: usize,
    order: &[usize],
) -> Vec<Vec<usize>> {
    fn line_ok(line: &[usize], len: usize) -> bool {
        let ones = line.iter().filter(|&&d| d == 1).count();
        let twos = line.iter().filter(|&&d| d == 2).count();
        let three = line
            .windows(3)
            .any(|w| w[0] != 0 && w[0] == w[1] && w[1] == w[2]);
        ones <= len / 2 && twos <= len / 2 && !three
    }
    #[allow(clippy::too_many_arguments)]
    fn fill(
        k: usize,
        grid: &mut Vec<usize>,
        rows: usize,
        cols: usize,
        distinct: bool,
        givens: &[usize],
        cap: usize,
        order: &[usize],
        out: &mut Vec<Vec<usize>>,
    ) {
        if out.len() >= cap {
            return;
        }
        if k == grid.len() {
            out.push(grid.clone());
            return;
        }
        let (r, c) = (k / cols, k % cols);
        let values = if givens[k] > 0 {
            vec![givens[k]]
        } else {
            order.to_vec()
        };
        for v in values {
            grid[k] = v;
            let row: Vec<usize> = grid[r * cols..(r + 1) * cols].to_vec();
            let col: Vec<usize> = (0..rows).map(|i| grid[i * cols + c]).collect();
            let mut ok = line_ok(&row, cols) && line_ok(&col, rows);
            if ok && distinct && c == cols - 1 {
                ok = (0..r).all(|i| grid[i * cols..(i + 1) * cols] != row[..]);
            }
            if ok && distinct && r == rows - 1 {
                ok = (0..c).all(|j| (0..rows).any(|i| grid[i * cols + j] != col[i]));
            }
            if ok {
                fill(k + 1, grid, rows, cols, distinct, givens, cap, order, out);
            }
            grid[k] = 0;
        }
    }
    let mut out = Vec::new();
    fill(
        0,
        &mut vec![0; rows * cols],
        rows,
        cols,
        distinct,
        givens,
        cap,
        order,
        &mut out,
    );
    out
}

/// Random binairo of 4 x 4, 6 x 6 and 4 x 6, with and without distinct lines: a random
/// solution's digits, some given, some changed.
#[test]
fn binairo_deductions_hold_in_every_solution() {
    let mut tally = Tally::default();
    let mut rng = Rng::new(65);
    let sizes = [(4, 4), (6, 6), (4, 6), (6, 4), (6, 6)];
    for round in 0..1500 {
        let (rows, cols) = sizes[round % sizes.len()];
        let distinct = round % 2 == 0;
        let area = rows * cols;
        let order = if rng.below(2) == 0 { [1, 2] } else { [2, 1] };
        let truth = binairo_solutions(rows, cols, distinct, &vec![0; area], 1, &order).remove(0);
        let mut grid = binairo::Grid::with_size(rows, cols).unwrap();
        grid.set_distinct(distinct);
        let mut givens = vec![0; area];
        for k in 0..area {
            if rng.below(3) == 0 {
                let digit = if rng.below(10) == 0 {
                    3 - truth[k]
                } else {
                    truth[k]
                };
                grid.set_digit(k / cols, k % cols, Some(digit as u8 - 1));
                givens[k] = digit;
            }
        }
        let solutions = binairo_solutions(rows, cols, distinct, &givens, CAP, &[1, 2]);
        let what = format!("round {round} ({rows}x{cols}, distinct {distinct}):\n{grid}");
        let end = check(
            &binairo::explain(&grid),
            binairo::hint(&grid),
            binairo::grade(&grid),
            &solutions,
            cols,
            1,
            &what,
        );
        tally.add(solutions.len(), end);
    }
    eprintln!("{tally:?}");
    assert!(
        tally.none > 100 && tally.one > 100 && tally.several > 100,
        "{tally:?}"
    );
    assert!(tally.solved > 50 && tally.contradiction > 50, "{tally:?}");
}
