//! Futoshiki as a [`Game`]: made at Unequal's levels (in its adjacent mode too), graded,
//! explained.

use std::time::Instant;

use super::{Difficulty, Futoshiki, Generated, Grid};
use crate::game::{digit_entry, Game};
use crate::generate::{Grade, OutOfTime, Rng};
use crate::hint::Explanation;

impl Game for Futoshiki {
    type Difficulty = Difficulty;
    /// The side, and whether in Unequal's adjacent mode.
    type Shape = (usize, bool);

    fn size_to_make(&self, size: &str) -> Result<(usize, bool), String> {
        super::size_to_make(size)
    }

    fn generate_before(
        &self,
        &(n, adjacent): &(usize, bool),
        difficulty: Difficulty,
        rng: &mut Rng,
        deadline: Option<Instant>,
    ) -> Result<Option<Generated>, OutOfTime> {
        super::generate_mode_before(n, adjacent, difficulty, rng, deadline)
    }

    fn cannot_make(&self, _shape: &(usize, bool)) -> String {
        "no Latin square of this size was found to make a puzzle of".to_owned()
    }

    fn add_clues(&self, made: &mut Generated, count: usize, rng: &mut Rng) {
        super::add_clues(made, count, rng);
    }

    /// The solution with the puzzle's own signs, not every sign of the grid the puzzle was
    /// made from.
    fn solved(&self, made: &Generated) -> Grid {
        let mut solved = made.puzzle.clone();
        for row in 0..solved.size() {
            for col in 0..solved.size() {
                solved.set_digit(row, col, made.solution.digit(row, col));
            }
        }
        solved
    }

    fn grade(&self, grid: &Grid) -> Grade<Difficulty> {
        super::grade(grid)
    }

    fn explain(&self, grid: &Grid) -> Explanation {
        super::explain(grid)
    }

    fn violation(&self, grid: &Grid) -> Option<String> {
        grid.violation().map(|violation| violation.to_string())
    }

    fn game_id(&self, grid: &Grid) -> String {
        grid.game_id()
    }

    fn enter(
        &self,
        grid: &mut Grid,
        row: usize,
        column: usize,
        value: usize,
    ) -> Result<(), String> {
        digit_entry(grid.size(), row, column, value)?;
        grid.set_digit(row, column, Some(value));
        Ok(())
    }
}
