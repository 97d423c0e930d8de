//! Dominosa as a [`Game`]: made at Tatham's levels, graded, explained.

use std::time::Instant;

use super::{Difficulty, Dominosa, Generated, Grid, MAX_GENERATED_SIZE};
use crate::game::Game;
use crate::generate::{OutOfTime, Rng};
use crate::hint::Explanation;

impl Game for Dominosa {
    const HELP: &'static str = "\
        The grid has n + 1 rows and n + 2 columns of numbers from 0 to n, and the full set \
        of dominoes from 0-0 to n-n lies on it, each domino once, covering two neighbouring \
        cells that show its numbers: find where each lies.\n\n\
        The file (docs/puzzles.md): the rows of numbers, parted by blanks (or run together \
        where all are single digits); a '-' between two numbers joins them into a domino, \
        and a line of '|' under numbers joins each to the number below. Or a game ID of \
        Tatham's Dominosa, like `2:001100212221`. Standard input if FILE is absent or `-`.\n\n\
        Plain text: the same format, every domino joined. On a terminal the dominoes are \
        drawn as boxes around their two numbers.\n\n\
        A hint's placement is written at its top or left cell, valued 1 for a domino across \
        and 2 for one down (JSON too); a player's entry [row, column, 1 or 2] places one.\n\n\
        Is my puzzle unique? `dlx dominosa puzzle.txt --limit 2 --count` prints 1 for a \
        puzzle with exactly one solution (2 means several, 0 none, exit status 1).";
    const EXAMPLES: &'static [&'static str] = &[
        "dlx dominosa puzzle.txt                   the first solution",
        "dlx dominosa puzzle.txt --limit 2 --count 1 if the solution is unique",
        "dlx dominosa puzzle.txt --grade           its difficulty",
        "dlx dominosa 2:001100212221                 a game ID of Tatham's Dominosa",
        "dlx dominosa --generate 6 --difficulty hard --format tatham",
    ];
    const RULES: &'static str = "Every domino from 0-0 up to the double of the largest number lies on the grid once, covering two neighbouring cells that show its two numbers: find where each lies.";
    const SIZES: &'static [&'static str] = &["1", "2", "3", "4", "5", "6", "7", "8", "9"];
    const DEFAULT_SIZE: &'static str = "6";
    const SIZE_NAME: &'static str = "Largest number";
    const EXAMPLE: &'static str = "2:001100212221\n";

    type Difficulty = Difficulty;
    /// The largest number on the dominoes.
    type Shape = usize;

    fn size_to_make(&self, size: &str) -> Result<usize, String> {
        size.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_GENERATED_SIZE).contains(n))
            .ok_or_else(|| {
                format!(
                    "size '{size}': expected N, the largest number on the dominoes, from 1 to \
                     {MAX_GENERATED_SIZE} (a grid of N + 1 rows and N + 2 columns)"
                )
            })
    }

    fn generate_before(
        &self,
        &n: &usize,
        difficulty: Difficulty,
        rng: &mut Rng,
        deadline: Option<Instant>,
    ) -> Result<Option<Generated>, OutOfTime> {
        super::generate_before(n, difficulty, rng, deadline)
    }

    fn cannot_make(&self, _n: &usize) -> String {
        "no dealing of the dominoes onto a tiling made a puzzle".to_owned()
    }

    /// Places `count` dominoes of the solution, drawn at random among those not yet placed.
    fn add_clues(&self, made: &mut Generated, count: usize, rng: &mut Rng) {
        let mut missing: Vec<[(usize, usize); 2]> = made
            .solution
            .dominoes()
            .into_iter()
            .filter(|&[a, _]| made.puzzle.partner(a.0, a.1).is_none())
            .collect();
        rng.shuffle(&mut missing);
        for &[a, b] in missing.iter().take(count) {
            made.puzzle.place(a, b);
        }
    }

    fn grade(&self, grid: &Grid) -> super::Grade {
        super::grade(grid)
    }

    fn explain(&self, grid: &Grid) -> Explanation {
        super::explain(grid)
    }

    fn violation(&self, grid: &Grid) -> Option<String> {
        grid.violation()
    }

    fn game_id(&self, grid: &Grid) -> String {
        grid.game_id()
    }

    /// `value` 1 places a domino from the cell across to the one on its right, 2 down to
    /// the one below (taking away the dominoes already there).
    fn enter(
        &self,
        grid: &mut Grid,
        row: usize,
        column: usize,
        value: usize,
    ) -> Result<(), String> {
        let other = match value {
            1 => (row, column + 1),
            2 => (row + 1, column),
            _ => (usize::MAX, usize::MAX),
        };
        if grid.place((row, column), other) {
            Ok(())
        } else {
            Err(format!(
                "entry [{row}, {column}, {value}]: expected a cell of the grid and 1 (a domino \
                 to the cell on its right) or 2 (to the cell below), inside the grid"
            ))
        }
    }
}
