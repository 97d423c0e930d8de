//! Making Towers puzzles as Tatham's Towers makes them: a random Latin square with every
//! clue it shows, then its digits taken away one by one, and (above the easy level) its
//! clues, for as long as the rules of the level asked still solve it.

use std::time::Instant;

use super::grade::{proved, Grader};
use super::{Difficulty, Grid, Towers};
use crate::generate::{make, random_solution, Maker, OutOfTime, Rng};

/// A Towers grid made, with its solution and difficulty.
pub type Generated = crate::generate::Generated<Grid, Difficulty>;

/// The most solved grids drawn to make one puzzle at the level asked.
const MAX_TRIES: usize = 50;

/// The largest side made: 9, as Tatham's Towers.
pub const MAX_GENERATED_SIZE: usize = 9;

/// A new Towers puzzle of side `n` (3 to [`MAX_GENERATED_SIZE`]) with exactly one solution,
/// at `difficulty` where one comes out (else [`Generated::reached`] is false); `None` for a
/// side out of range. Side 3 has no puzzle above the hard level (Tatham's exception), and
/// is made at hard. [`OutOfTime`] once `deadline` has passed.
///
/// ```
/// use reductions::generate::Rng;
/// use reductions::towers::{generate_before, grade, Difficulty, Grade};
///
/// let made = generate_before(5, Difficulty::Hard, &mut Rng::new(3), None).unwrap().unwrap();
/// assert!(made.reached);
/// assert_eq!(grade(&made.puzzle), Grade::Unique { difficulty: Difficulty::Hard, search_nodes: 0 });
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
    let difficulty = if n <= 3 {
        difficulty.min(Difficulty::Hard)
    } else {
        difficulty
    };
    let maker = TowersMaker {
        grader: Grader::new(n),
        empty: Grid::new(n).expect("the side was checked"),
        clues_too: difficulty > Difficulty::Easy,
    };
    make(&maker, difficulty, MAX_TRIES, rng, deadline)
}

/// Gives back `count` digits of the solution, in blank cells drawn at random.
pub fn add_clues(made: &mut Generated, count: usize, rng: &mut Rng) {
    crate::generate::give_back(made, count, rng, 0, |grid| &mut grid.cells);
}

struct TowersMaker {
    grader: Grader,
    empty: Grid,
    /// Whether clues are taken away too, after the digits (not at the easy level, which
    /// keeps them all, as Tatham's does).
    clues_too: bool,
}

/// Clue `k` is the digit of cell `k` below n², and then clue `k - n²` in Tatham's order.
impl Maker for TowersMaker {
    type Grid = Grid;
    type Difficulty = Difficulty;
    type Taken = u8;

    fn solves(&self, grid: &Grid, difficulty: Difficulty) -> bool {
        self.grader.solves(grid, difficulty)
    }

    fn solved(&self, rng: &mut Rng) -> Option<Grid> {
        let mut solution = loop {
            if let Ok(Some(grid)) = random_solution(&Towers, &self.empty, rng, 100_000, 1) {
                break grid;
            }
            if crate::generate::stopped() {
                return None;
            }
        };
        solution.clues = solution.counts();
        Some(solution)
    }

    fn clue_order(&self, rng: &mut Rng) -> Vec<usize> {
        let cells = self.empty.cells.len();
        let mut digits: Vec<usize> = (0..cells).collect();
        rng.shuffle(&mut digits);
        if self.clues_too {
            let mut clues: Vec<usize> = (cells..cells + self.empty.clues.len()).collect();
            rng.shuffle(&mut clues);
            digits.extend(clues);
        }
        digits
    }

    fn take(&self, grid: &mut Grid, clue: usize) -> u8 {
        let cells = grid.cells.len();
        match clue.checked_sub(cells) {
            None => std::mem::take(&mut grid.cells[clue]),
            Some(k) => std::mem::take(&mut grid.clues[k]),
        }
    }

    fn put(&self, grid: &mut Grid, clue: usize, taken: u8) {
        let cells = grid.cells.len();
        match clue.checked_sub(cells) {
            None => grid.cells[clue] = taken,
            Some(k) => grid.clues[k] = taken,
        }
    }

    fn proved(&self, grid: &Grid) -> bool {
        proved(grid)
    }
}
