//! Making Keen puzzles as Tatham's Keen makes them: a random Latin square cut into cages
//! (dominoes laid at random first, then the cells left over joined to a neighbouring cage of
//! fewer than six cells), an operation for each cage that keeps the kinds of clue even and
//! shuns the ones that give too much away, and the whole kept if the rules of the level asked
//! solve it and those of the level below do not.

use std::time::Instant;

use super::grade::{proved, Grader};
use super::{Difficulty, Grid, Operation};
use crate::generate::{random_solution, stopping, Ladder, OutOfTime, Rng};

/// A Keen grid made, with its solution and difficulty.
pub type Generated = crate::generate::Generated<Grid, Difficulty>;

/// The largest side made: 9, as Tatham's Keen.
pub const MAX_GENERATED_SIZE: usize = 9;

/// The most cells in a cage made (Keen's).
const MAX_CAGE: usize = 6;

/// The most Latin squares drawn to make one puzzle at the level asked.
const MAX_TRIES: usize = 20_000;

/// A new Keen puzzle of side `n` (3 to [`MAX_GENERATED_SIZE`]) with exactly one solution,
/// at `difficulty`; `None` for a side out of range. Side 3 has no puzzle above the normal
/// level (Tatham's exception), and is made at normal. Should no square of
/// 20,000 make one at the level asked, the first puzzle with one solution is
/// given, [`Generated::reached`] false. [`OutOfTime`] once `deadline` has passed.
///
/// ```
/// use reductions::generate::Rng;
/// use reductions::keen::{generate_before, grade, Difficulty, Grade};
///
/// let made = generate_before(5, Difficulty::Normal, &mut Rng::new(3), None).unwrap().unwrap();
/// assert!(made.reached);
/// assert_eq!(grade(&made.puzzle), Grade::Unique { difficulty: Difficulty::Normal, search_nodes: 0 });
/// ```
pub fn generate_before(
    n: usize,
    difficulty: Difficulty,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<Generated>, OutOfTime> {
    if !(3..=MAX_GENERATED_SIZE).contains(&n) {
        return Ok(None);
    }
    let difficulty = if n == 3 {
        difficulty.min(Difficulty::Normal)
    } else {
        difficulty
    };
    stopping(deadline, None, || make(n, difficulty, rng))
}

fn make(n: usize, difficulty: Difficulty, rng: &mut Rng) -> Result<Option<Generated>, OutOfTime> {
    let in_time = || {
        if crate::generate::stopped() {
            Err(OutOfTime)
        } else {
            Ok(())
        }
    };
    let grader = Grader::new(n);
    let empty = crate::latin::Square::empty(n).expect("the side was checked");
    let mut first: Option<(Grid, Grid, Difficulty)> = None;
    for tries in 1..=MAX_TRIES {
        in_time()?;
        let Ok(Some(square)) = random_solution(&crate::latin::Latin, &empty, rng, 100_000, 1)
        else {
            continue;
        };
        let digits: Vec<u8> = (0..n * n)
            .map(|cell| square.digit(cell / n, cell % n).unwrap_or(0) as u8)
            .collect();
        let Some(map) = cut(n, rng) else {
            continue;
        };
        let puzzle = clues(n, &map, &digits, difficulty, rng);
        let solves = grader.solves(&puzzle, difficulty);
        let easier = difficulty
            .easier()
            .is_some_and(|below| grader.solves(&puzzle, below));
        in_time()?;
        let mut solution = puzzle.clone();
        solution.cells = digits;
        if solves && !easier && proved(&puzzle) {
            in_time()?;
            return Ok(Some(Generated {
                puzzle,
                solution,
                difficulty,
                reached: true,
                tries,
            }));
        }
        if first.is_none() && grader.solves(&puzzle, Difficulty::Unreasonable) {
            let graded = match super::grade(&puzzle) {
                crate::generate::Grade::Unique { difficulty, .. } => difficulty,
                _ => continue,
            };
            first = Some((puzzle, solution, graded));
        }
    }
    in_time()?;
    Ok(first.map(|(puzzle, solution, difficulty)| Generated {
        puzzle,
        solution,
        difficulty,
        reached: false,
        tries: MAX_TRIES,
    }))
}

/// Cuts the grid into cages as Keen does: each cell in turn, if still alone, joins its
/// neighbour that is alone and earliest in a random order, with probability 3/4; then each
/// cell left alone joins its earliest neighbour whose cage has fewer than six cells. `None`
/// when a cell is left alone (Keen draws again).
pub(super) fn cut(n: usize, rng: &mut Rng) -> Option<Vec<usize>> {
    let a = n * n;
    let mut order: Vec<usize> = (0..a).collect();
    rng.shuffle(&mut order);
    let mut rank = vec![0; a];
    for (k, &cell) in order.iter().enumerate() {
        rank[cell] = k;
    }
    let mut parent: Vec<usize> = (0..a).collect();
    let mut size = vec![1usize; a];
    fn root(parent: &mut [usize], mut cell: usize) -> usize {
        while parent[cell] != cell {
            parent[cell] = parent[parent[cell]];
            cell = parent[cell];
        }
        cell
    }
    let neighbours = |cell: usize| {
        let (row, col) = (cell / n, cell % n);
        [
            (col > 0).then(|| cell - 1),
            (col + 1 < n).then(|| cell + 1),
            (row > 0).then(|| cell - n),
            (row + 1 < n).then(|| cell + n),
        ]
        .into_iter()
        .flatten()
    };
    let mut alone = vec![true; a];
    for cell in 0..a {
        if !alone[cell] {
            continue;
        }
        let best = neighbours(cell)
            .filter(|&other| alone[other])
            .min_by_key(|&other| rank[other]);
        if let Some(best) = best {
            if rng.below(4) != 0 {
                alone[cell] = false;
                alone[best] = false;
                parent[best] = cell;
                size[cell] = 2;
            }
        }
    }
    for cell in 0..a {
        if !alone[cell] {
            continue;
        }
        let best = neighbours(cell)
            .filter(|&other| {
                let r = root(&mut parent, other);
                size[r] < MAX_CAGE
            })
            .min_by_key(|&other| rank[other]);
        if let Some(best) = best {
            let (x, y) = (root(&mut parent, cell), root(&mut parent, best));
            if x != y {
                parent[x] = y;
                size[y] += size[x];
            }
            alone[cell] = false;
            alone[best] = false;
        }
    }
    if alone.contains(&true) {
        return None;
    }
    Some((0..a).map(|cell| root(&mut parent, cell)).collect())
}

/// The operations and targets of the cages of `map` over the square `digits`, as Keen picks
/// them: cages of three cells or more add or multiply; a pair may also subtract (unless its
/// digits differ by n - 1) or divide (when the quotient is whole and at most n / 2); sums of
/// 3, 4, 2n - 2 and 2n - 1 are shunned, and above the normal level products that leave two
/// pairs or fewer. The kinds are given in turns (divide, subtract, multiply, add), each to
/// the earliest cage in a random order that takes it well, else to one that takes it badly.
pub(super) fn clues(
    n: usize,
    map: &[usize],
    digits: &[u8],
    difficulty: Difficulty,
    rng: &mut Rng,
) -> Grid {
    const ADD: u8 = 1;
    const SUB: u8 = 2;
    const MUL: u8 = 4;
    const DIV: u8 = 8;
    const BAD: u32 = 4;
    let a = n * n;
    let mut grid = Grid::from_cage_map(n, map, |_| (Operation::Add, 0));
    let mut fits = vec![0u8; grid.cages.len()];
    for (k, cage) in grid.cages.iter().enumerate() {
        if cage.cells.len() == 1 {
            fits[k] = ADD;
            continue;
        }
        if cage.cells.len() > 2 {
            fits[k] = ADD | MUL;
            continue;
        }
        let (p, q) = (
            digits[cage.cells[0]].max(digits[cage.cells[1]]) as usize,
            digits[cage.cells[0]].min(digits[cage.cells[1]]) as usize,
        );
        let sum = p + q;
        fits[k] |= if sum > 4 && sum + 2 < 2 * n {
            ADD
        } else {
            ADD << BAD
        };
        let product = p * q;
        let pairs = (1..=n)
            .filter(|&f| product % f == 0 && product / f <= n && product / f != f)
            .count();
        fits[k] |= if pairs <= 2 && difficulty > Difficulty::Normal {
            MUL << BAD
        } else {
            MUL
        };
        if p - q + 1 < n {
            fits[k] |= SUB;
        }
        if p % q == 0 && 2 * (p / q) <= n {
            fits[k] |= DIV;
        }
    }
    // Keen walks a shuffled order of all cells and stops at the first cell of a cage.
    let mut order: Vec<usize> = (0..a).collect();
    rng.shuffle(&mut order);
    let firsts: Vec<usize> = grid.cages.iter().map(|cage| cage.cells[0]).collect();
    let cage_order: Vec<usize> = order
        .iter()
        .filter_map(|cell| firsts.iter().position(|first| first == cell))
        .collect();
    let mut operation: Vec<Option<Operation>> = vec![None; grid.cages.len()];
    loop {
        let mut done = false;
        for (kind, op) in [
            (DIV, Operation::Divide),
            (SUB, Operation::Subtract),
            (MUL, Operation::Multiply),
            (ADD, Operation::Add),
        ] {
            let pick = cage_order
                .iter()
                .find(|&&k| fits[k] & kind != 0)
                .or_else(|| cage_order.iter().find(|&&k| fits[k] & (kind << BAD) != 0));
            if let Some(&k) = pick {
                operation[k] = Some(op);
                fits[k] = 0;
                done = true;
            }
        }
        if !done {
            break;
        }
    }
    for (k, cage) in grid.cages.iter_mut().enumerate() {
        let values: Vec<u64> = cage.cells.iter().map(|&c| u64::from(digits[c])).collect();
        cage.operation = operation[k].unwrap_or(Operation::Add);
        cage.target = match cage.operation {
            Operation::Add => values.iter().sum(),
            Operation::Multiply => values.iter().product(),
            Operation::Subtract => values[0].abs_diff(values[1]),
            Operation::Divide => values[0].max(values[1]) / values[0].min(values[1]),
        };
    }
    grid
}

/// Gives back `count` digits of the solution, in blank cells drawn at random.
pub fn add_clues(made: &mut Generated, count: usize, rng: &mut Rng) {
    crate::generate::give_back(made, count, rng, 0, |grid| &mut grid.cells);
}
