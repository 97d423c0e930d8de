//! Sudoku as a [`Game`]: made like a shape, graded on Solo's ladder, explained.

use std::time::Instant;

use super::{Difficulty, Generated, Grid, Sudoku};
use crate::game::{digit_entry, Game};
use crate::generate::{Grade, OutOfTime, Rng};
use crate::hint::Explanation;

impl Game for Sudoku {
    const HELP: &'static str = "\
        Every row, column and box holds each digit from 1 to the side once; boxes are n x n \
        on a side n², else 2 x 3 on 6, 2 x 4 on 8, 3 x 4 on 12 (the most nearly square). The \
        file: one line of side² cells or side lines of side cells; a cell is `1`-`9`, then \
        `A`-`Z` for 10 and up, `0`, `.` or `_` when empty; or numbers separated by blanks \
        (any size); or a game ID of Tatham's Solo. `|` and lines of `-` `+` `=` drawn \
        between boxes are skipped. Standard input if FILE is absent or `-`.\n\n\
        Sudoku-X: a first line `X` (or a Solo ID with `x`, like `3x3x:...`) adds the rule \
        that both long diagonals hold every digit once too; grades and hints use it, and \
        `--generate 9x` makes them. Jigsaw sudoku: the grid's rows, a line `regions`, then a \
        row of region names (a letter per cell) per row; or a Solo ID `9j:...`; `--generate \
        9j` makes them. Killer sudoku: after the rows, a line `cages` and a row of cage \
        names per row (side-by-side cells of one name make a cage), then a line `sums` and a \
        row per row with each cage's sum in its first cell (`.` elsewhere); or a Solo ID \
        `3x3k:...`; `--generate 9k` makes them.\n\n\
        Plain text: one line per row of digits (letters beyond 9), after the line `X` of a \
        sudoku-X. On a terminal, lines between the boxes, the givens set apart and the \
        diagonals tinted.";
    const EXAMPLES: &'static [&'static str] = &[
        "dlx sudoku puzzle.txt",
        "echo 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... | dlx sudoku",
        "dlx sudoku puzzle.txt --limit 2 --count     1 if the solution is unique",
        "dlx sudoku puzzle.txt --grade               its difficulty",
        "dlx sudoku --generate 9 --difficulty advanced --seed 7",
        "dlx sudoku 3x3:a3c6_8_7a4c8a6d9e5c1c3a1b9a2b6a7c3c8e9d4a1c2a1_2_7c6a   Tatham's Solo ID",
    ];
    const RULES: &'static str = "Every row, column and box holds every digit once. X: the two long diagonals too; jigsaw: regions in place of boxes; killer: the digits of each dashed cage differ and add up to its sum.";
    const SIZES: &'static [&'static str] = &[
        "4", "6", "8", "9", "10", "12", "16", "6x", "9x", "9j", "6j", "6k", "9k", "9xk", "9jk",
    ];
    const DEFAULT_SIZE: &'static str = "9";
    const EXAMPLE: &'static str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";

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
