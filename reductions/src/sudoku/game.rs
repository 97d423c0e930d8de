//! Sudoku as a [`Game`]: made like a shape, graded on Solo's ladder, explained.

use std::time::Instant;

use super::{Difficulty, Generated, Grid, Sudoku};
use crate::game::{digit_entry, Game};
use crate::generate::{Grade, OutOfTime, Rng};
use crate::hint::Explanation;

impl Game for Sudoku {
    type Difficulty = Difficulty;
    /// An empty grid of the shape: its side, boxes or regions, diagonals, cages.
    type Shape = Grid;

    fn size_to_make(&self, size: &str) -> Result<Grid, String> {
        super::shape_to_make(size)
    }

    fn generate_before(
        &self,
        shape: &Grid,
        difficulty: Difficulty,
        rng: &mut Rng,
        deadline: Option<Instant>,
    ) -> Result<Option<Generated>, OutOfTime> {
        super::generate_like_before(shape, difficulty, rng, deadline)
    }

    fn cannot_make(&self, _shape: &Grid) -> String {
        "no solved grid of this shape was found to make a puzzle of".to_owned()
    }

    fn add_clues(&self, made: &mut Generated, count: usize, rng: &mut Rng) {
        super::add_clues(made, count, rng);
    }

    fn grade(&self, grid: &Grid) -> Grade<Difficulty> {
        super::grade(grid)
    }

    fn explain(&self, grid: &Grid) -> Explanation {
        super::explain(grid)
    }

    fn violation(&self, grid: &Grid) -> Option<String> {
        grid.conflicts().first().map(ToString::to_string)
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
        digit_entry(grid.side(), row, column, value)?;
        grid.set_digit(row, column, Some(value));
        Ok(())
    }
}
