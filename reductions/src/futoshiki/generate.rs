//! Making futoshiki: a random Latin square from the engine, every digit and every inequality
//! it implies, then clues taken away while the puzzle keeps its difficulty (see the
//! [module docs](super)).

use super::grade::{Difficulty, Grader};
use super::{Futoshiki, Grid, Relation};
use crate::generate::{first_reached, random_solution, solutions, strip, Rng, Solutions};

/// A puzzle made by [`generate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: the digits and inequalities left.
    pub puzzle: Grid,
    /// Its one solution, with every inequality of the puzzle.
    pub solution: Grid,
    /// Its difficulty: the one asked for, unless [`reached`](Self::reached) is false.
    pub difficulty: Difficulty,
    /// Whether the difficulty asked for was reached; when not, the puzzle came from the first
    /// grid drawn, and is easier.
    pub reached: bool,
    /// Latin squares drawn (all [`MAX_TRIES`] when the difficulty was not reached).
    pub tries: usize,
}

/// Latin squares drawn for one puzzle before settling for an easier one.
pub const MAX_TRIES: usize = 50;

/// The largest grid made: 12 x 12.
pub const MAX_GENERATED_SIZE: usize = 12;

/// A futoshiki of size `n` (from 2 to [`MAX_GENERATED_SIZE`]) with exactly one solution, of
/// the difficulty asked for, and minimal for it: taking away any digit or inequality leaves
/// a puzzle with several solutions or one the rules of that difficulty cannot finish. Like
/// Tatham's Unequal, digits go first, so puzzles keep few digits and many inequalities. The
/// same seed gives the same puzzle everywhere. `None` for a size out of range.
///
/// ```
/// use reductions::futoshiki::{generate, grade, Difficulty, Grade};
/// use reductions::generate::Rng;
///
/// let made = generate(5, Difficulty::Tricky, &mut Rng::new(4)).unwrap();
/// assert!(made.reached);
/// assert_eq!(
///     grade(&made.puzzle),
///     Grade::Unique { difficulty: Difficulty::Tricky, search_nodes: 0 }
/// );
/// ```
pub fn generate(n: usize, difficulty: Difficulty, rng: &mut Rng) -> Option<Generated> {
    if !(2..=MAX_GENERATED_SIZE).contains(&n) {
        return None;
    }
    let empty = Grid::new(n)?;
    let easier = Difficulty::ALL
        .iter()
        .copied()
        .take_while(|&d| d < difficulty)
        .last();
    let grader = Grader::new(n);
    let cells = n * n;
    let pairs = 2 * n * (n - 1);
    let ((puzzle, solution), reached, tries) = first_reached(MAX_TRIES, || {
        let mut solution = loop {
            if let Ok(Some(grid)) = random_solution(&Futoshiki, &empty, rng, 100_000, 1) {
                break grid;
            }
        };
        // Every inequality of the square: clue `cells + k` is pair `k`, across then down.
        for k in 0..pairs {
            let relation = relation_of(&solution, k);
            set_pair(&mut solution, k, relation);
        }
        let mut puzzle = solution.clone();
        let mut digits: Vec<usize> = (0..cells).collect();
        let mut signs: Vec<usize> = (cells..cells + pairs).collect();
        rng.shuffle(&mut digits);
        rng.shuffle(&mut signs);
        digits.extend(signs);
        strip(
            &mut puzzle,
            &digits,
            |grid, clue| take(grid, clue, cells),
            |grid, clue, old| put(grid, clue, cells, old),
            |grid| grader.solves(grid, difficulty),
        );
        // The rules and the search that stripped it are this crate's own; the engine has
        // the last word on uniqueness.
        assert_eq!(
            solutions(&Futoshiki, &puzzle),
            Ok(Solutions::One),
            "a puzzle made must have one solution:\n{puzzle}"
        );
        let too_easy = easier.is_some_and(|easier| grader.solves(&puzzle, easier));
        ((puzzle, solution), !too_easy)
    });
    let difficulty = match reached {
        true => difficulty,
        false => Difficulty::ALL
            .into_iter()
            .find(|&d| grader.solves(&puzzle, d))
            .unwrap_or(difficulty),
    };
    Some(Generated {
        puzzle,
        solution,
        difficulty,
        reached,
        tries,
    })
}

/// Pair `k` of a grid: `k < n(n-1)` across (row by row), then down.
fn pair_cells(n: usize, k: usize) -> (bool, usize, usize) {
    let across = n * (n - 1);
    if k < across {
        (true, k / (n - 1), k % (n - 1))
    } else {
        (false, (k - across) / n, (k - across) % n)
    }
}

/// The relation that a solved grid's digits put on pair `k`.
fn relation_of(grid: &Grid, k: usize) -> Relation {
    let (right, row, col) = pair_cells(grid.size(), k);
    let first = grid.digit(row, col);
    let second = if right {
        grid.digit(row, col + 1)
    } else {
        grid.digit(row + 1, col)
    };
    match first.cmp(&second) {
        std::cmp::Ordering::Less => Relation::Less,
        _ => Relation::Greater,
    }
}

fn set_pair(grid: &mut Grid, k: usize, relation: Relation) -> Relation {
    let (right, row, col) = pair_cells(grid.size(), k);
    let old = if right {
        grid.right(row, col)
    } else {
        grid.down(row, col)
    };
    if right {
        grid.set_right(row, col, relation);
    } else {
        grid.set_down(row, col, relation);
    }
    old
}

/// Takes clue `clue` away (a digit below `cells`, an inequality above): what it was.
fn take(grid: &mut Grid, clue: usize, cells: usize) -> (u8, Relation) {
    if clue < cells {
        (std::mem::take(&mut grid.cells[clue]), Relation::None)
    } else {
        (0, set_pair(grid, clue - cells, Relation::None))
    }
}

fn put(grid: &mut Grid, clue: usize, cells: usize, (digit, relation): (u8, Relation)) {
    if clue < cells {
        grid.cells[clue] = digit;
    } else {
        set_pair(grid, clue - cells, relation);
    }
}

/// Gives back `count` digits of the solution, in empty cells drawn at random (all of them,
/// when fewer are empty): an easier puzzle, no longer minimal.
pub fn add_clues(made: &mut Generated, count: usize, rng: &mut Rng) {
    let mut empty: Vec<usize> = (0..made.puzzle.cells.len())
        .filter(|&k| made.puzzle.cells[k] == 0)
        .collect();
    rng.shuffle(&mut empty);
    for &cell in empty.iter().take(count) {
        made.puzzle.cells[cell] = made.solution.cells[cell];
    }
}
