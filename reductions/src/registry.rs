//! The puzzles the library knows, in one list: each with its name, what it is, whether it
//! reads and writes Tatham's game IDs, makes and grades puzzles and gives hints, and a way to
//! solve it from its text for any [`Task`] by the library's plan ([`crate::plan`]), the same
//! answers as the `dlx` command's. The command line takes from here which commands read game
//! IDs, and a program that knows a puzzle only by its name (a script, another language)
//! solves it through [`find`].
//!
//! ```
//! use reductions::plan::Task;
//! use reductions::registry;
//!
//! let queens = registry::find("queens").unwrap();
//! let answer = queens.solve("8", Task::Count)?;
//! assert_eq!(answer.solutions.to_string(), "92");
//! let sudoku = registry::find("sudoku").unwrap();
//! let answer = sudoku.solve("1.3.\n.4..\n..4.\n.3.1\n", Task::Unique)?;
//! assert_eq!(answer.boards, ["1234\n3412\n2143\n4321"]);
//! assert!(answer.complete);
//! # Ok::<(), reductions::registry::SolveError>(())
//! ```

use std::fmt;
use std::ops::ControlFlow;

use crate::plan::{prepare, Task};
use crate::Reduction;

/// What a puzzle is and what the library does with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleInfo {
    /// The name, as the `dlx` command names it.
    pub name: &'static str,
    /// What it is, in one line.
    pub summary: &'static str,
    /// The game of Simon Tatham's collection whose IDs it reads and writes, if any.
    pub tatham: Option<&'static str>,
    /// Whether it makes new puzzles with exactly one solution, at a difficulty.
    pub generates: bool,
    /// Whether it grades puzzles on a ladder of deduction rules.
    pub grades: bool,
    /// Whether it gives hints that explain ([`crate::hint`]).
    pub hints: bool,
    /// Whether its text alone is a puzzle ([`Puzzle::solve`]); tilings and packings also
    /// need a board, given when their reduction is made.
    pub from_text: bool,
}

/// Every puzzle of the library, in the order of the `dlx` command's help.
pub const PUZZLES: [PuzzleInfo; 9] = [
    info(
        "calendar",
        "the calendar puzzle: eight pieces cover a board of months and days, all but a date",
        None,
        false,
        false,
        false,
        true,
    ),
    info(
        "tromino",
        "L-tromino tilings of a board",
        None,
        false,
        false,
        false,
        true,
    ),
    info(
        "tile",
        "tilings of a board with unlimited copies of pieces",
        None,
        false,
        false,
        false,
        false,
    ),
    info(
        "pack",
        "polyominoes on a board, each used once",
        None,
        false,
        false,
        false,
        false,
    ),
    info(
        "futoshiki",
        "a Latin square with givens and inequalities between neighbours",
        Some("Unequal"),
        true,
        true,
        true,
        true,
    ),
    info(
        "binairo",
        "a grid of 0s and 1s: no three alike in a line, lines balanced and distinct",
        Some("Unruly"),
        true,
        true,
        false,
        true,
    ),
    info(
        "sudoku",
        "n^2 x n^2 sudoku (and boxes of any shape)",
        Some("Solo"),
        true,
        true,
        true,
        true,
    ),
    info(
        "arrows",
        "one diagonal arrow in every cell of an n x n board (Algorithm M)",
        None,
        false,
        false,
        false,
        true,
    ),
    info(
        "queens",
        "n queens on an n x n board, none attacking another",
        None,
        false,
        false,
        false,
        true,
    ),
];

#[allow(clippy::too_many_arguments)]
const fn info(
    name: &'static str,
    summary: &'static str,
    tatham: Option<&'static str>,
    generates: bool,
    grades: bool,
    hints: bool,
    from_text: bool,
) -> PuzzleInfo {
    PuzzleInfo {
        name,
        summary,
        tatham,
        generates,
        grades,
        hints,
        from_text,
    }
}

/// The entry of puzzle `name`, if the library has one.
pub fn info_of(name: &str) -> Option<&'static PuzzleInfo> {
    PUZZLES.iter().find(|info| info.name == name)
}

/// What [`Puzzle::solve`] found: the boards (as their plain text) and the number of
/// solutions, complete or, when the task stopped early by its nature (the first solution,
/// or two for uniqueness), what it found until then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The solved boards, in the search's order (none for a count).
    pub boards: Vec<String>,
    /// The solutions found or counted.
    pub solutions: dlx::Count,
    /// Whether the task is done: every solution counted or listed, or as many as the task
    /// asks (one, or two for uniqueness).
    pub complete: bool,
}

/// Why [`Puzzle::solve`] has no answer.
#[derive(Debug)]
pub enum SolveError {
    /// The text is not a puzzle of this kind.
    Parse(crate::text::ParseError),
    /// The puzzle's exact-cover problem could not be built.
    Build(dlx::BuildError),
    /// The task is not one this way of solving does (random solutions, a puzzle that needs
    /// a board besides its text).
    Unsupported(&'static str),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Parse(err) => err.fmt(f),
            SolveError::Build(err) => write!(f, "cannot build the exact-cover problem: {err}"),
            SolveError::Unsupported(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for SolveError {}

/// A puzzle known by name: its entry, and the library's way to solve it from its text.
pub trait Puzzle: Send + Sync {
    /// Its entry in [`PUZZLES`].
    fn info(&self) -> &'static PuzzleInfo;

    /// Solves the puzzle written in `text` (its own format, or a Tatham game ID where it has
    /// one) for `task` by the library's plan: [`Task::First`] one board, [`Task::Unique`] up
    /// to two, [`Task::All`] every one, [`Task::Count`] the number only (memoized where the
    /// plan says so). [`Task::Random`] is not done here.
    fn solve(&self, text: &str, task: Task) -> Result<Answer, SolveError>;
}

struct Entry<R> {
    info: &'static PuzzleInfo,
    reduction: R,
}

impl<R> Puzzle for Entry<R>
where
    R: Reduction + Clone + Send + Sync,
{
    fn info(&self) -> &'static PuzzleInfo {
        self.info
    }

    fn solve(&self, text: &str, task: Task) -> Result<Answer, SolveError> {
        if task == Task::Random {
            return Err(SolveError::Unsupported(
                "random solutions are drawn by the dlx command (--random) or the solver's memo_graph",
            ));
        }
        let puzzle = self.reduction.parse(text).map_err(SolveError::Parse)?;
        let prepared = prepare(&self.reduction, &puzzle, task).map_err(SolveError::Build)?;
        if task == Task::Count {
            return Ok(Answer {
                boards: Vec::new(),
                solutions: prepared.count(),
                complete: true,
            });
        }
        let mut found = Vec::new();
        let outcome = prepared.solver().for_each(|options| {
            found.push(options.to_vec());
            ControlFlow::Continue(())
        });
        let boards = found
            .iter()
            .map(|options| prepared.decode(&puzzle, options).to_string())
            .collect();
        Ok(Answer {
            boards,
            solutions: dlx::Count::from(outcome.solutions),
            complete: matches!(outcome.stopped, None | Some(dlx::StopReason::SolutionLimit)),
        })
    }
}

/// The puzzle named `name`, to solve from its text; `None` for a name the library does not
/// know, or a puzzle that needs a board besides its text (`tile`, `pack`).
pub fn find(name: &str) -> Option<Box<dyn Puzzle>> {
    let info = info_of(name)?;
    let entry = |reduction| -> Option<Box<dyn Puzzle>> { Some(reduction) };
    match name {
        "calendar" => entry(Box::new(Entry {
            info,
            reduction: crate::calendar::Calendar,
        })),
        "tromino" => entry(Box::new(Entry {
            info,
            reduction: crate::tromino::Tromino,
        })),
        "futoshiki" => entry(Box::new(Entry {
            info,
            reduction: crate::futoshiki::Futoshiki,
        })),
        "binairo" => entry(Box::new(Entry {
            info,
            reduction: crate::binairo::Binairo::default(),
        })),
        "sudoku" => entry(Box::new(Entry {
            info,
            reduction: crate::sudoku::Sudoku::default(),
        })),
        "arrows" => entry(Box::new(Entry {
            info,
            reduction: crate::arrows::Arrows,
        })),
        "queens" => entry(Box::new(Entry {
            info,
            reduction: crate::queens::Queens,
        })),
        _ => None,
    }
}
