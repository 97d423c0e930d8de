//! Keen as a [`Game`]: made at Tatham's levels, graded, explained.

use std::time::Instant;

use super::{Difficulty, Generated, Grid, Keen, MAX_GENERATED_SIZE};
use crate::game::{digit_entry, Game};
use crate::generate::{Grade, OutOfTime, Rng};
use crate::hint::Explanation;

impl Game for Keen {
    const HELP: &'static str = "\
        Every row and every column holds the digits 1..n once each; the grid is cut into \
        cages, and the digits of each cage make its target with its operation: add up to it \
        (+), multiply to it (*), or, in a cage of two cells, differ by it (-) or divide to \
        it (/). A cage's digits may repeat where they share no row or column.\n\n\
        The file (docs/puzzles.md): the cage map, a line of labels per row (a cage's cells \
        hold its letter), each row optionally followed by its digits ('.' where empty); \
        then each cage's clue, its label, target and operation: `a 6+  b 2/  c 3`. Or a \
        game ID of Tatham's Keen, like `4:_a_5a6_aa,s1a9d2d2s1m36m4`. Standard input if \
        FILE is absent or `-`.\n\n\
        Plain text: the same format, every row followed by its digits. On a terminal the \
        cages are drawn with their clues.\n\n\
        Is my puzzle unique? `dlx keen puzzle.txt --limit 2 --count` prints 1 for a puzzle \
        with exactly one solution (2 means several, 0 none, exit status 1).";
    const EXAMPLES: &'static [&'static str] = &[
        "dlx keen puzzle.txt                   the first solution",
        "dlx keen puzzle.txt --limit 2 --count 1 if the solution is unique",
        "dlx keen puzzle.txt --grade           its difficulty",
        "dlx keen 4:_a_5a6_aa,s1a9d2d2s1m36m4  a game ID of Tatham's Keen",
        "dlx keen --generate 6 --difficulty hard --format tatham",
    ];
    const RULES: &'static str = "Every row and column holds 1 to n once; the digits of each walled cage make its clue: add up to it (+), multiply to it (\u{d7}), or in a cage of two, differ by it (\u{2212}) or divide to it (\u{f7}).";
    const SIZES: &'static [&'static str] = &["3", "4", "5", "6", "7", "8", "9"];
    const DEFAULT_SIZE: &'static str = "6";
    const EXAMPLE: &'static str = "4:_a_5a6_aa,s1a9d2d2s1m36m4\n";

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
        "no cutting of a Latin square of this size into cages made a puzzle".to_owned()
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
