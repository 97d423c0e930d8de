//! Futoshiki as a [`Game`]: made at Unequal's levels (in its adjacent mode too), graded,
//! explained.

use std::time::Instant;

use super::{Difficulty, Futoshiki, Generated, Grid};
use crate::game::{digit_entry, Game};
use crate::generate::{Grade, OutOfTime, Rng};
use crate::hint::Explanation;

impl Game for Futoshiki {
    const HELP: &'static str = "\
        Every row and every column holds 1..n once each; the given digits stay; the \
        inequalities between neighbouring cells hold.\n\n\
        The file (docs/puzzles.md): a line with n, then 2n-1 lines. Rows of digits: n \
        numbers (0 = empty) separated by `|` (no relation), `<` (left smaller) or `>` (left \
        larger). Between two digit rows, 2n-1 marks: at even positions `-` (none), `^` \
        (upper smaller) or `v` (upper larger), `-` at odd positions. Blanks between tokens \
        are optional. Standard input if FILE is absent or `-`.\n\n\
        Unequal's adjacent mode: a first line `N adjacent`, then `=` between two cells for a \
        bar (consecutive digits) and `|` or `-` for none (digits not consecutive); or an \
        Unequal ID `5a:...`; `--generate 5a` makes them.\n\n\
        Plain text: the same format, every cell filled, the relations kept. On a terminal \
        the signs stand between the cells and the givens are set apart.\n\n\
        Is my puzzle unique? `dlx futoshiki puzzle.txt --limit 2 --count` prints 1 for a \
        puzzle with exactly one solution (2 means several, 0 none, exit status 1).";
    const EXAMPLES: &'static [&'static str] = &[
        "dlx futoshiki puzzle.txt                   the first solution",
        "dlx futoshiki puzzle.txt --limit 2 --count 1 if the solution is unique",
        "dlx futoshiki puzzle.txt --count           every solution counted",
        "dlx futoshiki puzzle.txt --grade           its difficulty",
        "dlx futoshiki --generate 7 --difficulty extreme | dlx futoshiki",
        "dlx futoshiki --generate 5 --format tatham  a game ID for Tatham's Unequal",
    ];
    const RULES: &'static str = "Every row and column holds 1 to n once; the signs between cells hold. Adjacent: a bar joins two consecutive digits, and digits without a bar between them are not consecutive.";
    const SIZES: &'static [&'static str] = &["4", "5", "6", "7", "8", "9", "5a", "6a", "7a"];
    const DEFAULT_SIZE: &'static str = "5";
    const EXAMPLE: &'static str = "4\n0 | 0 < 0 < 0\n^ - - - - - -\n0 | 0 | 0 | 3\n- - v - - - -\n0 | 0 | 0 | 0\n- - - - - - ^\n0 | 0 | 0 | 0\n";

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
