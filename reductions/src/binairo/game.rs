//! Binairo as a [`Game`]: made at Unruly's levels, graded, explained.

use std::time::Instant;

use super::{Binairo, Difficulty, Generated, Grid};
use crate::game::Game;
use crate::generate::{Grade, OutOfTime, Rng};
use crate::hint::Explanation;

/// The shape of a binairo to make: rows, columns, and whether they must all differ.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Its rows.
    pub rows: usize,
    /// Its columns.
    pub cols: usize,
    /// No two rows and no two columns equal (else they may repeat, Unruly's default).
    pub distinct: bool,
}

impl Game for Binairo {
    const HELP: &'static str = "\
        No three equal digits next to each other in a row or a column; every row and every \
        column holds as many 0s as 1s; no two rows and no two columns are equal. The file: a \
        size line, N (an N x N grid) or ROWS COLS, each even, then `repeats` when equal \
        lines are allowed; then one line per row: `0`, `1`, and `_` or `.` for a blank. Or a \
        game ID of Tatham's Unruly. Standard input if FILE is absent or `-`.\n\n\
        Plain text: one line of digits per row. On a terminal the givens are set apart.\n\n\
        Is my puzzle unique? `dlx binairo puzzle.txt --limit 2 --count` prints 1 for a \
        puzzle with exactly one solution (2 means several, 0 none, exit status 1).";
    const EXAMPLES: &'static [&'static str] = &[
        "dlx binairo puzzle.txt                   the first solution",
        "dlx binairo puzzle.txt --limit 2 --count 1 if the solution is unique",
        "printf '4\\n____\\n____\\n____\\n____\\n' | dlx binairo --count      72",
        "dlx binairo --generate 8x10 --difficulty normal --seed 3",
        "dlx binairo 8x8u:ADfBgcBbjEdbEeaEa        a game ID of Tatham's Unruly",
    ];
    const RULES: &'static str = "Fill with 0 and 1: never three alike in a line; as many 0s as 1s in every row and column; no two rows or columns equal.";
    const SIZES: &'static [&'static str] = &["4", "6", "8", "10", "12", "14", "16"];
    const DEFAULT_SIZE: &'static str = "8";
    const EXAMPLE: &'static str = "6\n00....\n..1.1.\n1....1\n01..1.\n.....0\n......\n";

    type Difficulty = Difficulty;
    type Shape = Shape;

    /// `N` or `ROWSxCOLS`, each even; a final `r` lets rows and columns repeat (`8x10r`).
    fn size_to_make(&self, size: &str) -> Result<Shape, String> {
        let trimmed = size.trim();
        let (sides, distinct) = match trimmed.strip_suffix(['r', 'R']) {
            Some(sides) => (sides, false),
            None => (trimmed, true),
        };
        let (rows, cols) = super::size_to_make(sides).map_err(|_| {
            format!(
                "size '{size}': expected N or ROWSxCOLS, each even, from 2 to {}, and `r` after \
                 it if rows and columns may repeat",
                super::MAX_GENERATED_SIDE
            )
        })?;
        Ok(Shape {
            rows,
            cols,
            distinct,
        })
    }

    fn generate_before(
        &self,
        shape: &Shape,
        difficulty: Difficulty,
        rng: &mut Rng,
        deadline: Option<Instant>,
    ) -> Result<Option<Generated>, OutOfTime> {
        super::generate_before(
            shape.rows,
            shape.cols,
            shape.distinct,
            difficulty,
            rng,
            deadline,
        )
    }

    fn cannot_make(&self, shape: &Shape) -> String {
        format!(
            "no {} x {} grid has distinct rows and columns (`{}x{}r` allows equal ones)",
            shape.rows, shape.cols, shape.rows, shape.cols
        )
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
        grid.violation().map(|violation| violation.to_string())
    }

    fn puzzle_text(&self, grid: &Grid) -> String {
        grid.puzzle_text()
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
        if row >= grid.rows() || column >= grid.cols() || value > 1 {
            return Err(format!(
                "entry [{row}, {column}, {value}]: expected a cell of the grid and a digit 0 or 1"
            ));
        }
        grid.set_digit(row, column, Some(value as u8));
        Ok(())
    }
}
