//! Making binairo: a random solved grid from the engine, then digits taken away while the
//! puzzle keeps its difficulty (see the [module docs](super) and [`crate::generate`]).

use super::grade::{solves, Difficulty, Lines};
use super::{Binairo, Grid, Strategy, BLANK};
use crate::generate::{
    give_back, make, random_solution_reasoning, solutions, Maker, OutOfTime, Rng, Solutions,
};
use std::time::Instant;

/// A binairo made by [`generate`].
pub type Generated = crate::generate::Generated<Grid, Difficulty>;

/// Grids drawn for one puzzle before settling for an easier one.
pub const MAX_TRIES: usize = 20;

/// How many nodes a cell the engine's search for a random full grid may take before it
/// starts again in another order: a search that meets no dead end takes about three (the
/// cells, and the counts and windows of three that Algorithm M branches on), and 30 x 30
/// draws over seeds 1-20 took at most 0.18 s with six, against 0.41 s with a hundred.
const NODES_PER_CELL: u64 = 6;

/// Full grids drawn with equal lines allowed before a grid whose lines must be distinct
/// is drawn from the encoding that keeps them apart, whose search can take seconds from
/// 16 x 16 up. Of 300 draws with equal lines allowed, two lines were equal in 56-75% from
/// 6 x 6 to 16 x 16 (43% at 18 x 18, 23% at 20 x 20), so 64 redraws reach the fallback once
/// in 10^8 grids at worst, and cost a few milliseconds where they all happen.
const REDRAWS: usize = 64;

/// The largest side of a grid made: 30.
pub const MAX_GENERATED_SIDE: usize = 30;

/// A binairo of `rows` x `cols` (each even, from 2 to [`MAX_GENERATED_SIDE`]), with distinct
/// lines or not, and exactly one solution, of the difficulty asked for and minimal for it:
/// taking away any digit leaves a puzzle with several solutions or one the rules of that
/// difficulty cannot finish. The same seed gives the same puzzle everywhere. `None` for a
/// size out of range, or one without any solution (distinct lines need enough of them:
/// 2 x 4 has none).
///
/// ```
/// use reductions::binairo::{generate, grade, Difficulty, Grade};
/// use reductions::generate::Rng;
///
/// let made = generate(8, 10, true, Difficulty::Easy, &mut Rng::new(3)).unwrap();
/// assert!(made.reached);
/// assert_eq!(
///     grade(&made.puzzle),
///     Grade::Unique { difficulty: Difficulty::Easy, search_nodes: 0 }
/// );
/// ```
pub fn generate(
    rows: usize,
    cols: usize,
    distinct: bool,
    difficulty: Difficulty,
    rng: &mut Rng,
) -> Option<Generated> {
    generate_before(rows, cols, distinct, difficulty, rng, None)
        .ok()
        .flatten()
}

/// [`generate`], given up when `deadline` (if any) passes: [`OutOfTime`] then (the
/// generator stops within one test of a digit of it).
///
/// ```
/// use reductions::binairo::{generate_before, Difficulty};
/// use reductions::generate::{OutOfTime, Rng};
/// use std::time::Instant;
///
/// let past = Some(Instant::now());
/// let made = generate_before(8, 8, true, Difficulty::Easy, &mut Rng::new(3), past);
/// assert_eq!(made, Err(OutOfTime));
/// ```
pub fn generate_before(
    rows: usize,
    cols: usize,
    distinct: bool,
    difficulty: Difficulty,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<Generated>, OutOfTime> {
    if rows.max(cols) > MAX_GENERATED_SIDE {
        return Ok(None);
    }
    let Some(mut empty) = Grid::with_size(rows, cols) else {
        return Ok(None);
    };
    empty.distinct = distinct;
    let lines = Lines::new(&empty);
    make(
        &BinairoMaker { empty, lines },
        difficulty,
        MAX_TRIES,
        rng,
        deadline,
    )
}

/// A random full grid of `empty`'s shape and rules, drawn by the engine: the cell encoding
/// of the empty grid with equal lines allowed (whose witnesses of distinct lines would make
/// most of its items), its options shuffled, searched with each line's legal completions at
/// every node ([`Strategy::Cells`]'s propagator) and started again in another order after
/// [`NODES_PER_CELL`] nodes a cell. A grid whose lines must differ and do not is drawn again
/// ([`REDRAWS`] times; most draws up to 16 x 16 have two equal lines, few from 20 x 20 up),
/// and then from the encoding with distinct lines, to the end of its search, which tells a
/// shape without solutions (4 x 10). `None` when there is none.
pub(super) fn random_full(empty: &Grid, rng: &mut Rng) -> Option<Grid> {
    let cells = Binairo {
        strategy: Strategy::Cells,
    };
    let node_limit = NODES_PER_CELL * empty.cells.len() as u64;
    let mut repeats = empty.clone();
    repeats.set_distinct(false);
    for _ in 0..REDRAWS {
        let drawn = match random_solution_reasoning(&cells, &repeats, rng, node_limit, 100) {
            Ok(Some(grid)) => Some(grid),
            Ok(None) => random_solution_reasoning(&cells, &repeats, rng, u64::MAX, 1).ok()?,
            Err(_) => None,
        };
        let mut drawn = drawn?;
        drawn.set_distinct(empty.distinct);
        if drawn.violation().is_none() {
            return Some(drawn);
        }
    }
    random_solution_reasoning(&cells, empty, rng, u64::MAX, 1).ok()?
}

struct BinairoMaker {
    empty: Grid,
    lines: Lines,
}

impl Maker for BinairoMaker {
    type Grid = Grid;
    type Difficulty = Difficulty;
    type Taken = u8;

    fn solves(&self, grid: &Grid, difficulty: Difficulty) -> bool {
        solves(grid, &self.lines, difficulty)
    }

    fn solved(&self, rng: &mut Rng) -> Option<Grid> {
        random_full(&self.empty, rng)
    }

    fn clue_order(&self, rng: &mut Rng) -> Vec<usize> {
        let mut cells: Vec<usize> = (0..self.empty.cells.len()).collect();
        rng.shuffle(&mut cells);
        cells
    }

    fn take(&self, grid: &mut Grid, cell: usize) -> u8 {
        std::mem::replace(&mut grid.cells[cell], BLANK)
    }

    fn put(&self, grid: &mut Grid, cell: usize, digit: u8) {
        grid.cells[cell] = digit;
    }

    fn proved(&self, grid: &Grid) -> bool {
        solutions(&Binairo::default(), grid) == Ok(Solutions::One)
    }
}

/// Gives back `count` digits of the solution, in blank cells drawn at random (all of them,
/// when fewer are blank): an easier puzzle, no longer minimal.
pub fn add_clues(made: &mut Generated, count: usize, rng: &mut Rng) {
    give_back(made, count, rng, BLANK, |grid| &mut grid.cells[..]);
}
