//! Making futoshiki: a random Latin square from the engine, every digit and every inequality
//! it implies, then clues taken away while the puzzle keeps its difficulty (see the
//! [module docs](super)).

use super::grade::{Difficulty, Grader};
use super::{Futoshiki, Grid, Relation};
use crate::generate::{
    give_back, make, random_solution, solutions, Maker, OutOfTime, Rng, Solutions,
};
use std::time::Instant;

/// A futoshiki made by [`generate`].
pub type Generated = crate::generate::Generated<Grid, Difficulty>;

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
    generate_before(n, difficulty, rng, None).ok().flatten()
}

/// [`generate`], given up when `deadline` (if any) passes: [`OutOfTime`] then (the
/// generator stops within one test of a clue of it).
///
/// ```
/// use reductions::futoshiki::{generate_before, Difficulty};
/// use reductions::generate::{OutOfTime, Rng};
/// use std::time::{Duration, Instant};
///
/// let soon = Instant::now() + Duration::from_secs(60);
/// assert!(generate_before(5, Difficulty::Easy, &mut Rng::new(2), Some(soon))?.is_some());
/// let past = Some(Instant::now());
/// assert_eq!(generate_before(5, Difficulty::Easy, &mut Rng::new(2), past), Err(OutOfTime));
/// # Ok::<(), OutOfTime>(())
/// ```
pub fn generate_before(
    n: usize,
    difficulty: Difficulty,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<Generated>, OutOfTime> {
    generate_mode_before(n, false, difficulty, rng, deadline)
}

/// [`generate_before`] in Unequal's adjacent mode (`adjacent`): every bar of the solution
/// stays, as Unequal keeps them, and only digits are taken away.
///
/// ```
/// use reductions::futoshiki::{generate_mode_before, grade, Difficulty, Grade};
/// use reductions::generate::Rng;
///
/// let made = generate_mode_before(5, true, Difficulty::Easy, &mut Rng::new(2), None)
///     .unwrap()
///     .unwrap();
/// assert!(made.puzzle.is_adjacent() && made.reached);
/// assert!(made.puzzle.game_id().starts_with("5a:"));
/// assert_eq!(grade(&made.puzzle), Grade::Unique { difficulty: Difficulty::Easy, search_nodes: 0 });
/// ```
pub fn generate_mode_before(
    n: usize,
    adjacent: bool,
    difficulty: Difficulty,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<Generated>, OutOfTime> {
    if !(2..=MAX_GENERATED_SIZE).contains(&n) {
        return Ok(None);
    }
    let Some(mut maker) = FutoshikiMaker::new(n) else {
        return Ok(None);
    };
    maker.adjacent = adjacent;
    make(&maker, difficulty, MAX_TRIES, rng, deadline)
}

pub(super) struct FutoshikiMaker {
    grader: Grader,
    empty: Grid,
    /// Unequal's adjacent mode: bars, all kept; only digits are clues to take away.
    adjacent: bool,
}

impl FutoshikiMaker {
    pub(super) fn new(n: usize) -> Option<FutoshikiMaker> {
        Some(FutoshikiMaker {
            grader: Grader::new(n),
            empty: Grid::new(n)?,
            adjacent: false,
        })
    }

    fn cells(&self) -> usize {
        self.empty.cells.len()
    }
}

/// Clue `k` is the digit of cell `k` below n², and then inequality `k - n²` (across, then
/// down).
impl Maker for FutoshikiMaker {
    type Grid = Grid;
    type Difficulty = Difficulty;
    type Taken = (u8, Relation);

    fn solves(&self, grid: &Grid, difficulty: Difficulty) -> bool {
        self.grader.solves(grid, difficulty)
    }

    fn solved(&self, rng: &mut Rng) -> Option<Grid> {
        let mut solution = loop {
            if let Ok(Some(grid)) = random_solution(&Futoshiki, &self.empty, rng, 100_000, 1) {
                break grid;
            }
            // Past the generator's stop every draw comes back empty.
            if crate::generate::stopped() {
                return None;
            }
        };
        let n = solution.size();
        if self.adjacent {
            // The bars the solution makes, between every two consecutive neighbours.
            let mut adjacent = Grid::adjacent(n)?;
            adjacent.cells.clone_from(&solution.cells);
            for k in 0..2 * n * (n - 1) {
                let (right, row, col) = pair_cells(n, k);
                let next = if right {
                    (row, col + 1)
                } else {
                    (row + 1, col)
                };
                let apart = match (solution.digit(row, col), solution.digit(next.0, next.1)) {
                    (Some(a), Some(b)) => a.abs_diff(b) != 1,
                    _ => true,
                };
                let bar = if apart {
                    Relation::Apart
                } else {
                    Relation::Consecutive
                };
                set_pair(&mut adjacent, k, bar);
            }
            return Some(adjacent);
        }
        for k in 0..2 * n * (n - 1) {
            let relation = relation_of(&solution, k);
            set_pair(&mut solution, k, relation);
        }
        Some(solution)
    }

    /// Digits first, then inequalities, as Tatham's Unequal takes them.
    fn clue_order(&self, rng: &mut Rng) -> Vec<usize> {
        let (cells, n) = (self.cells(), self.empty.size());
        let mut digits: Vec<usize> = (0..cells).collect();
        let signs_end = if self.adjacent {
            cells
        } else {
            cells + 2 * n * (n - 1)
        };
        let mut signs: Vec<usize> = (cells..signs_end).collect();
        rng.shuffle(&mut digits);
        rng.shuffle(&mut signs);
        digits.extend(signs);
        digits
    }

    fn take(&self, grid: &mut Grid, clue: usize) -> (u8, Relation) {
        let cells = self.cells();
        if clue < cells {
            (std::mem::take(&mut grid.cells[clue]), Relation::None)
        } else {
            (0, set_pair(grid, clue - cells, Relation::None))
        }
    }

    fn put(&self, grid: &mut Grid, clue: usize, (digit, relation): (u8, Relation)) {
        let cells = self.cells();
        if clue < cells {
            grid.cells[clue] = digit;
        } else {
            set_pair(grid, clue - cells, relation);
        }
    }

    fn proved(&self, grid: &Grid) -> bool {
        solutions(&Futoshiki, grid) == Ok(Solutions::One)
    }

    fn keeps_one_solution(&self, grid: &Grid, clue: usize, solution: &Grid) -> bool {
        let (breaking, excluded) = breaking(grid, clue, solution);
        self.grader.keeps_one_solution(grid, &breaking, excluded)
    }
}

/// The puzzle whose solutions are those of `grid` (a puzzle with the solution `solution`,
/// less clue `clue`) that break the clue, the only other solutions it can have: the grid
/// with the pair the other way round, or the grid and the cell and digit to exclude.
pub(super) fn breaking(
    grid: &Grid,
    clue: usize,
    solution: &Grid,
) -> (Grid, Option<(usize, usize)>) {
    let cells = grid.cells.len();
    let mut breaking = grid.clone();
    if clue < cells {
        return (breaking, Some((clue, solution.cells[clue] as usize)));
    }
    let turned = match relation_of(solution, clue - cells) {
        Relation::Less => Relation::Greater,
        _ => Relation::Less,
    };
    set_pair(&mut breaking, clue - cells, turned);
    (breaking, None)
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

/// Gives back `count` digits of the solution, in empty cells drawn at random (all of them,
/// when fewer are empty): an easier puzzle, no longer minimal.
pub fn add_clues(made: &mut Generated, count: usize, rng: &mut Rng) {
    give_back(made, count, rng, 0, |grid| &mut grid.cells[..]);
}
