//! Towers as a [`Game`]: made at Tatham's levels, graded, explained.

use std::time::Instant;

use super::{Difficulty, Generated, Grid, Towers, MAX_GENERATED_SIZE};
use crate::game::{digit_entry, Game};
use crate::generate::{Grade, OutOfTime, Rng};
use crate::hint::Explanation;

impl Game for Towers {
    const HELP: &'static str = "\
        Every row and every column holds the towers 1..n once each; a clue outside the grid \
        says how many towers are seen from there, looking along its row or column, where a \
        tower hides every lower one behind it. The given digits stay.\n\n\
        The file (docs/puzzles.md): the grid framed by its clues, n + 2 lines of n + 2 \
        characters: the first and last lines hold the clues above and below the columns, the \
        first and last characters of the other lines the clues left and right of the rows. A \
        clue or digit is `1`-`9`, then `A`-`G`; `.`, `_` or `0` is none (and each corner). Or \
        a game ID of Tatham's Towers, like `5:2/3/1/5/2/4/2/4/1/2/2/1/2/4/3/2/4/3/1/2`. \
        Standard input if FILE is absent or `-`.\n\n\
        Plain text: the same format, every cell filled. On a terminal the clues stand around \
        the grid and the givens are set apart.\n\n\
        Is my puzzle unique? `dlx towers puzzle.txt --limit 2 --count` prints 1 for a puzzle \
        with exactly one solution (2 means several, 0 none, exit status 1).";
    const EXAMPLES: &'static [&'static str] = &[
        "dlx towers puzzle.txt                   the first solution",
        "dlx towers puzzle.txt --limit 2 --count 1 if the solution is unique",
        "dlx towers puzzle.txt --grade           its difficulty",
        "dlx towers 5:2/3/1/5/2/4/2/4/1/2/2/1/2/4/3/2/4/3/1/2   a game ID of Tatham's Towers",
        "dlx towers --generate 6 --difficulty extreme --format tatham",
    ];
    const RULES: &'static str = "Every row and column holds the heights 1 to n once; a clue counts the towers seen from it along its row or column, a tower hiding every lower one behind it.";
    const SIZES: &'static [&'static str] = &["3", "4", "5", "6", "7", "8", "9"];
    const DEFAULT_SIZE: &'static str = "5";
    const EXAMPLE: &'static str = "5:2/3/1/5/2/4/2/4/1/2/2/1/2/4/3/2/4/3/1/2\n";

    type Difficulty = Difficulty;
    /// The side.
    type Shape = usize;

    fn size_to_make(&self, size: &str) -> Result<usize, String> {
        size.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (3..=MAX_GENERATED_SIZE).contains(n))
            .ok_or_else(|| format!("size '{size}': expected N, from 3 to {MAX_GENERATED_SIZE}"))
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
        "no Latin square of this size was found to make a puzzle of".to_owned()
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
        grid.violation()
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
