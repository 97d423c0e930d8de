//! Making sudoku: a random solved grid from the engine, then clues taken away while the
//! puzzle keeps its difficulty (see the [module docs](super) and [`crate::generate`]).

use super::grade::{Difficulty, Grader};
use super::{encode, Grid, Sudoku, MAX_BOX};
use crate::generate::{
    give_back, make, random_solution, solutions, Maker, OutOfTime, Rng, Solutions,
};
use crate::Reduction;
use std::time::Instant;

/// A sudoku made by [`generate`].
pub type Generated = crate::generate::Generated<Grid, Difficulty>;

/// Grids drawn for one puzzle before settling for an easier one, on 9 x 9 and larger grids.
pub const MAX_TRIES: usize = 100;

/// Grids drawn for one puzzle on grids of side 6 to 8, where a try takes a fraction of a
/// millisecond and the harder levels are rare: with 100 tries, 5 of 20 seeds reached
/// intermediate on 6 x 6, and none advanced; with these, 10 of 10 reach both, advanced in
/// 0.33 s on average (release). Solo tries until it reaches the level.
pub const MAX_SMALL_TRIES: usize = 20_000;

/// The largest box a puzzle is made for: 5 x 5, a 25 x 25 grid.
pub const MAX_GENERATED_BOX: usize = 5;

/// A sudoku with `box_size` x `box_size` boxes (from 1 to [`MAX_GENERATED_BOX`]) and exactly
/// one solution, of the difficulty asked for, and minimal for it: taking away any clue
/// leaves a puzzle with several solutions or one the rules of that difficulty cannot
/// finish (for [`Difficulty::Unreasonable`], several solutions: minimal in the strict
/// sense). The same seed gives the same puzzle everywhere. `None` for a box size out of
/// range.
///
/// ```
/// use reductions::generate::Rng;
/// use reductions::sudoku::{generate, grade, Difficulty, Grade};
///
/// let made = generate(3, Difficulty::Intermediate, &mut Rng::new(1)).unwrap();
/// assert!(made.reached);
/// assert_eq!(
///     grade(&made.puzzle),
///     Grade::Unique { difficulty: Difficulty::Intermediate, search_nodes: 0 }
/// );
/// ```
pub fn generate(box_size: usize, difficulty: Difficulty, rng: &mut Rng) -> Option<Generated> {
    generate_with_boxes(box_size, box_size, difficulty, rng)
}

/// [`generate`] for boxes of `box_rows` rows and `box_cols` columns (Tatham's Solo makes
/// 2 x 3 and 3 x 4 boxes, among others): the grid's side is their product, at most
/// [`MAX_GENERATED_BOX`]².
///
/// ```
/// use reductions::generate::Rng;
/// use reductions::sudoku::{generate_with_boxes, Difficulty};
///
/// let made = generate_with_boxes(2, 3, Difficulty::Basic, &mut Rng::new(1)).unwrap();
/// assert_eq!(made.puzzle.side(), 6);
/// ```
pub fn generate_with_boxes(
    box_rows: usize,
    box_cols: usize,
    difficulty: Difficulty,
    rng: &mut Rng,
) -> Option<Generated> {
    generate_with_boxes_before(box_rows, box_cols, difficulty, rng, None)
        .ok()
        .flatten()
}

/// [`generate_with_boxes`], given up when `deadline` (if any) passes: [`OutOfTime`] then
/// (the generator stops within one test of a clue of it).
///
/// ```
/// use reductions::generate::{OutOfTime, Rng};
/// use reductions::sudoku::{generate_with_boxes_before, Difficulty};
/// use std::time::Instant;
///
/// let past = Some(Instant::now());
/// let made = generate_with_boxes_before(3, 3, Difficulty::Basic, &mut Rng::new(1), past);
/// assert_eq!(made, Err(OutOfTime));
/// ```
pub fn generate_with_boxes_before(
    box_rows: usize,
    box_cols: usize,
    difficulty: Difficulty,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<Generated>, OutOfTime> {
    match Grid::with_boxes(box_rows, box_cols) {
        Some(shape) => generate_like_before(&shape, difficulty, rng, deadline),
        None => Ok(None),
    }
}

/// [`generate_with_boxes_before`] for grids shaped as `shape`: its boxes, and its long
/// diagonals when it is a sudoku-X ([`Grid::set_diagonals`]); its cells are not looked at.
/// For a jigsaw shape (any [`Grid::jigsaw`] of its side), each try draws new regions at
/// random, connected, from the boxes (or rows) by swapping cells across their walls. For a
/// killer shape (any cages, [`Grid::set_cages`]) the cages are drawn anew and the puzzle has
/// no givens, as Solo makes them, on sides 4 to 9.
///
/// ```
/// use reductions::generate::Rng;
/// use reductions::sudoku::{generate_like_before, grade, Difficulty, Grade, Grid};
///
/// let mut shape = Grid::new(3).unwrap();
/// shape.set_diagonals(true);
/// let made = generate_like_before(&shape, Difficulty::Basic, &mut Rng::new(2), None)
///     .unwrap()
///     .unwrap();
/// assert!(made.puzzle.has_diagonals() && made.reached);
/// assert!(made.puzzle.game_id().starts_with("3x3x:"));
/// assert_eq!(grade(&made.puzzle), Grade::Unique { difficulty: Difficulty::Basic, search_nodes: 0 });
/// ```
pub fn generate_like_before(
    shape: &Grid,
    difficulty: Difficulty,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<Generated>, OutOfTime> {
    if shape.cages().is_some() {
        return crate::generate::stopping(deadline, None, || {
            super::killer_make::generate(shape, difficulty, rng)
        });
    }
    let (box_rows, box_cols) = shape.box_shape();
    let side = shape.side();
    if side > MAX_GENERATED_BOX * MAX_GENERATED_BOX || side > MAX_BOX * MAX_BOX {
        return Ok(None);
    }
    let Some(mut empty) = Grid::with_boxes(box_rows, box_cols) else {
        return Ok(None);
    };
    empty.set_diagonals(shape.has_diagonals());
    let maker = SudokuMaker {
        grader: Grader::new(&empty),
        jigsaw: shape.regions().is_some(),
        empty,
    };
    // Every 4 x 4 puzzle is trivial (Solo makes them all so): more tries reach nothing there.
    let tries = if (6..9).contains(&side) {
        MAX_SMALL_TRIES
    } else {
        MAX_TRIES
    };
    make(&maker, difficulty, tries, rng, deadline)
}

struct SudokuMaker {
    /// The rules of `empty`'s boxes (a jigsaw's grids each have their own).
    grader: Grader,
    /// Whether each try draws its own regions.
    jigsaw: bool,
    empty: Grid,
}

impl Maker for SudokuMaker {
    type Grid = Grid;
    type Difficulty = Difficulty;
    type Taken = u8;

    fn solves(&self, grid: &Grid, difficulty: Difficulty) -> bool {
        if self.jigsaw {
            return Grader::new(grid).solves(grid, difficulty);
        }
        self.grader.solves(grid, difficulty)
    }

    fn solved(&self, rng: &mut Rng) -> Option<Grid> {
        // Regions drawn at random may leave no solution: a few hundred draws at most.
        for _ in 0..if self.jigsaw { 500 } else { usize::MAX } {
            if crate::generate::stopped() {
                return None;
            }
            let empty = if self.jigsaw {
                let side = self.empty.side();
                let mut empty = Grid::jigsaw(side, &super::regions::random_regions(side, rng))
                    .expect("regions of side cells each");
                empty.set_diagonals(self.empty.has_diagonals());
                empty
            } else {
                self.empty.clone()
            };
            let drawn = random_solution(&Sudoku::default(), &empty, rng, 100_000, 1);
            if let Ok(Some(grid)) = drawn {
                return Some(grid);
            }
        }
        None
    }

    fn clue_order(&self, rng: &mut Rng) -> Vec<usize> {
        let mut cells: Vec<usize> = (0..self.empty.cells.len()).collect();
        rng.shuffle(&mut cells);
        cells
    }

    fn take(&self, grid: &mut Grid, cell: usize) -> u8 {
        std::mem::take(&mut grid.cells[cell])
    }

    fn put(&self, grid: &mut Grid, cell: usize, digit: u8) {
        grid.cells[cell] = digit;
    }

    fn proved(&self, grid: &Grid) -> bool {
        solutions(&Sudoku::default(), grid) == Ok(Solutions::One)
    }

    /// Whether no solution of `grid` (the puzzle less the clue in cell `clue`) breaks the
    /// clue: the puzzle had one solution, `solution`, so any other solution of `grid` puts
    /// another digit in that cell. The engine searches `grid` with the clue's digit kept out
    /// of its cell (no option for it), with the sudoku's own propagation, each cell's digit
    /// of `solution` first in its list (a second solution differs from the first in few
    /// cells), and stops at the first solution. The clue stays when the generator's stop cuts
    /// the search short (the puzzle is given up then anyway).
    fn keeps_one_solution(&self, grid: &Grid, clue: usize, solution: &Grid) -> bool {
        let excluded = (clue, usize::from(solution.cells[clue]));
        let Ok(encoding) = encode::encode_reduced(grid, Some(excluded)) else {
            return false;
        };
        let side = grid.side();
        let mut order: Vec<dlx::OptionId> = encoding.problem.options().collect();
        order.sort_by_key(|&option| {
            let fill = encoding.choice(option);
            usize::from(solution.cells[fill.row * side + fill.col]) != fill.digit
        });
        let problem = encoding.problem.with_option_order(&order);
        let found = crate::generate::bounded(dlx::Solver::new(&problem))
            .propagation(Sudoku::default().propagation_for(grid))
            .threads(1)
            .limit(1)
            .count();
        found.solutions == 0 && found.is_complete()
    }
}

/// Gives back `count` clues of the solution, in empty cells drawn at random (all of them,
/// when fewer are empty): an easier puzzle, no longer minimal.
pub fn add_clues(made: &mut Generated, count: usize, rng: &mut Rng) {
    give_back(made, count, rng, 0, |grid| &mut grid.cells[..]);
}
