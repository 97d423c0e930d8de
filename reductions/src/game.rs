//! The puzzles people play: grids with one solution that are made at a difficulty, graded on
//! a ladder of deduction rules and explained step by step. One trait, [`Game`], says what
//! every front end needs of such a puzzle, so the command line, the page and Python make,
//! grade, hint and solve them all by the same code, and a new one is its folder and its line
//! in the registry ([`crate::registry::visit_game`]).
//!
//! ```
//! use reductions::game::Game;
//! use reductions::generate::Rng;
//! use reductions::sudoku::Sudoku;
//!
//! let sudoku = Sudoku::default();
//! let shape = sudoku.size_to_make("4")?;
//! let made = sudoku
//!     .generate_before(&shape, sudoku.difficulty(None)?, &mut Rng::new(1), None)
//!     .unwrap()
//!     .unwrap();
//! assert_eq!(sudoku.grade(&made.puzzle).search(), None);
//! assert_eq!(sudoku.game_id(&made.puzzle).split(':').next(), Some("2x2"));
//! # Ok::<(), String>(())
//! ```

use std::fmt;
use std::time::Instant;

use crate::drawing::Draw;
use crate::generate::{Generated, Grade, Ladder, OutOfTime, Rng};
use crate::hint::Explanation;

/// A puzzle that is made, graded and explained: its boards are grids like the puzzle itself,
/// filled in.
pub trait Game:
    Draw<
        Puzzle: Clone + Send + Sync + fmt::Display,
        Board = <Self as crate::Reduction>::Puzzle,
        Choice: Send + Sync,
    > + Default
    + Clone
    + Send
    + Sync
    + 'static
{
    /// How it is played and written, as `dlx NAME --help` gives it after the registry's
    /// summary: the rules, the text format (and the game IDs read), what a solved board
    /// prints; paragraphs separated by blank lines.
    const HELP: &'static str;
    /// Example command lines, each with what it does after some blanks.
    const EXAMPLES: &'static [&'static str];
    /// The rules in a few sentences, as a player reads them above the grid (the page).
    const RULES: &'static str;
    /// The sizes a player is offered (the page's list), as
    /// [`size_to_make`](Self::size_to_make) reads them; others may be made too.
    const SIZES: &'static [&'static str];
    /// The size offered first, one of [`SIZES`](Self::SIZES).
    const DEFAULT_SIZE: &'static str;
    /// What a size is, to a player: the side, or Dominosa's largest number.
    const SIZE_NAME: &'static str = "Side";
    /// A puzzle that shows the format, in the text the game reads (a game ID of Tatham's, or
    /// its own format): what the page offers to paste.
    const EXAMPLE: &'static str;

    /// Its difficulties, easiest first.
    type Difficulty: Ladder + Send + Sync;
    /// What is made: a size, and the variant's rules (a sudoku-X, a jigsaw, Unequal's
    /// adjacent mode...).
    type Shape: Clone + Send + Sync + 'static;

    /// The shape written `size` (as `--generate` takes it), or why it cannot be made.
    fn size_to_make(&self, size: &str) -> Result<Self::Shape, String>;

    /// The rung called `name`, or the easiest when `None`.
    fn difficulty(&self, name: Option<&str>) -> Result<Self::Difficulty, String> {
        match name {
            None => Ok(Self::Difficulty::ALL[0]),
            Some(name) => Self::Difficulty::from_name(name),
        }
    }

    /// A new puzzle of `shape` with exactly one solution, at `difficulty` where it can be
    /// made (else the hardest one found, [`Generated::reached`] false); `None` when no puzzle
    /// of this shape can be made ([`cannot_make`](Self::cannot_make) says why).
    fn generate_before(
        &self,
        shape: &Self::Shape,
        difficulty: Self::Difficulty,
        rng: &mut Rng,
        deadline: Option<Instant>,
    ) -> Result<Option<Made<Self>>, OutOfTime>;

    /// Why no puzzle of `shape` was made.
    fn cannot_make(&self, shape: &Self::Shape) -> String;

    /// Gives back `count` clues of the solution, in blank cells drawn at random.
    fn add_clues(&self, made: &mut Made<Self>, count: usize, rng: &mut Rng);

    /// The solved board of a puzzle made, as it is shown: the solution with only the puzzle's
    /// own marks (a futoshiki's signs), where they differ.
    fn solved(&self, made: &Made<Self>) -> Self::Puzzle {
        made.solution.clone()
    }

    /// The easiest rung whose rules solve `puzzle`, or the engine's verdict.
    fn grade(&self, puzzle: &Self::Puzzle) -> Grade<Self::Difficulty>;

    /// Every step of deduction from `puzzle` as given.
    fn explain(&self, puzzle: &Self::Puzzle) -> Explanation;

    /// A rule the givens already break, in words.
    fn violation(&self, puzzle: &Self::Puzzle) -> Option<String>;

    /// The puzzle in its own text format, as it is read back.
    fn puzzle_text(&self, puzzle: &Self::Puzzle) -> String {
        puzzle.to_string()
    }

    /// The puzzle's game ID in Tatham's collection.
    fn game_id(&self, puzzle: &Self::Puzzle) -> String;

    /// A player's entry: `value` written in the cell at `row`, `column` (from 0), or why it
    /// is not a value of that cell.
    fn enter(
        &self,
        puzzle: &mut Self::Puzzle,
        row: usize,
        column: usize,
        value: usize,
    ) -> Result<(), String>;
}

/// A puzzle made by the game `G`, with its solution and difficulty.
pub type Made<G> = Generated<<G as crate::Reduction>::Puzzle, <G as Game>::Difficulty>;

/// What a front end does with a [`Game`] whose type it learns only from its name: the
/// visitor of [`crate::registry::visit_game`].
pub trait GameVisitor {
    /// What the visit gives.
    type Output;

    /// Does its work with `game`.
    fn visit<G: Game>(self, game: G) -> Self::Output;
}

/// The entry `row`, `column`, `value` checked against a square grid of `side` holding 1..=side.
pub(crate) fn digit_entry(
    side: usize,
    row: usize,
    column: usize,
    value: usize,
) -> Result<(), String> {
    if row < side && column < side && (1..=side).contains(&value) {
        Ok(())
    } else {
        Err(format!(
            "entry [{row}, {column}, {value}]: expected a cell of the grid and a value from 1 to \
             {side}"
        ))
    }
}
