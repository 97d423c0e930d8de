//! Making sudoku: a random solved grid from the engine, then clues taken away while the
//! puzzle keeps its difficulty (see the [module docs](super)).

use super::grade::{Difficulty, Grader};
use super::{Grid, Sudoku, MAX_BOX};
use crate::generate::{first_reached, random_solution, solutions, strip, Rng, Solutions};

/// A puzzle made by [`generate`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: the clues left.
    pub puzzle: Grid,
    /// Its one solution.
    pub solution: Grid,
    /// Its difficulty: the one asked for, unless [`reached`](Self::reached) is false.
    pub difficulty: Difficulty,
    /// Whether the difficulty asked for was reached; when not, the puzzle is the hardest
    /// of the grids tried (each came out easier).
    pub reached: bool,
    /// Solved grids drawn: the one of this puzzle is the last (or, when the difficulty was
    /// not reached, all [`MAX_TRIES`] were drawn and this puzzle came from the first).
    pub tries: usize,
}

/// Grids drawn for one puzzle before settling for an easier one.
pub const MAX_TRIES: usize = 100;

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
    if !(1..=MAX_GENERATED_BOX.min(MAX_BOX)).contains(&box_size) {
        return None;
    }
    let empty = Grid::new(box_size)?;
    let easier = Difficulty::ALL
        .iter()
        .copied()
        .take_while(|&d| d < difficulty)
        .last();
    let grader = Grader::new(box_size);
    let ((puzzle, solution), reached, tries) = first_reached(MAX_TRIES, || {
        let solution = loop {
            if let Ok(Some(grid)) = random_solution(&Sudoku::default(), &empty, rng, 100_000, 1) {
                break grid;
            }
        };
        let mut puzzle = solution.clone();
        let mut cells: Vec<usize> = (0..puzzle.cells.len()).collect();
        rng.shuffle(&mut cells);
        strip(
            &mut puzzle,
            &cells,
            |grid, cell| std::mem::take(&mut grid.cells[cell]),
            |grid, cell, digit| grid.cells[cell] = digit,
            |grid| grader.solves(grid, difficulty),
        );
        // The rules and the search that stripped it are this crate's own; the engine has
        // the last word on uniqueness.
        assert_eq!(
            solutions(&Sudoku::default(), &puzzle),
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

/// Gives back `count` clues of the solution, in empty cells drawn at random (all of them,
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
