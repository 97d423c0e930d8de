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

use crate::drawing::{Draw, Drawing};
use crate::game::{Game, GameVisitor};
use crate::plan::Task;

mod answer;
mod solve;

pub use answer::{Answer, Limits, SolveError};
pub use solve::{solve, Solved};

/// What a puzzle is and what the library does with it: one line of [`PUZZLES`].
#[derive(Clone, Copy)]
pub struct PuzzleInfo {
    /// The name, as the `dlx` command names it.
    pub name: &'static str,
    /// What it is, in one line: a sentence without its full stop, as `dlx --help` lists it.
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
    /// How it is played and written, after the summary in `dlx NAME --help`, where the
    /// library says it ([`Game::HELP`]); empty otherwise.
    pub help: &'static str,
    /// Example command lines, each with what it does ([`Game::EXAMPLES`]).
    pub examples: &'static [&'static str],
    /// The puzzle solved from its text, where `from_text`.
    open: Option<Open>,
    /// Making, grading and hints, where it has them.
    extras: Option<Extras>,
}

impl PuzzleInfo {
    /// A puzzle called `name`, described by `summary`, that the library knows only by name
    /// until the methods below say more.
    const fn new(name: &'static str, summary: &'static str) -> PuzzleInfo {
        PuzzleInfo {
            name,
            summary,
            tatham: None,
            generates: false,
            grades: false,
            hints: false,
            from_text: false,
            help: "",
            examples: &[],
            open: None,
            extras: None,
        }
    }

    /// Solved from its text by the reduction `R` and the library's plan ([`Puzzle::solve`]).
    const fn solved_by<R>(mut self) -> PuzzleInfo
    where
        R: Draw + Default + Clone + Send + Sync + 'static,
    {
        self.open = Some(open::<R>);
        self.from_text = true;
        self
    }

    /// Reads and writes the game IDs of Tatham's `game`.
    const fn tatham(mut self, game: &'static str) -> PuzzleInfo {
        self.tatham = Some(game);
        self
    }

    /// Made, graded and explained as the [`Game`] `G`, and solved by it.
    const fn game<G: Game>(self) -> PuzzleInfo {
        let mut info = self.solved_by::<G>();
        info.generates = true;
        info.grades = true;
        info.hints = true;
        info.help = G::HELP;
        info.examples = G::EXAMPLES;
        info.extras = Some(Extras {
            generate: generate::<G>,
            grade: grade::<G>,
            explain: explain::<G>,
        });
        info
    }
}

impl fmt::Debug for PuzzleInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PuzzleInfo")
            .field("name", &self.name)
            .field("summary", &self.summary)
            .field("tatham", &self.tatham)
            .field("generates", &self.generates)
            .field("grades", &self.grades)
            .field("hints", &self.hints)
            .field("from_text", &self.from_text)
            .finish_non_exhaustive()
    }
}

/// How a puzzle of [`PUZZLES`] is opened to be solved.
type Open = fn(&'static PuzzleInfo) -> Box<dyn Puzzle>;

/// [`PuzzleInfo::solved_by`]'s way to open a puzzle.
fn open<R>(info: &'static PuzzleInfo) -> Box<dyn Puzzle>
where
    R: Draw + Default + Clone + Send + Sync + 'static,
{
    Box::new(Entry {
        info,
        reduction: R::default(),
    })
}

/// Every puzzle of the library ([`PUZZLES`], in the order of the `dlx` command's help), and
/// the typed way to its [`Game`] ([`visit_game`]), from one line per puzzle: adding a puzzle
/// is a folder in this crate and its line here (docs/adding-a-puzzle.md).
macro_rules! puzzles {
    ($($info:expr $(, game $game:ty)?;)*) => {
        /// Every puzzle of the library, in the order of the `dlx` command's help.
        pub const PUZZLES: [PuzzleInfo; [$(stringify!($info)),*].len()] = [
            $($info $(.game::<$game>())?),*
        ];

        /// Does `visitor`'s work with the [`Game`] called `name`, typed; `None` for a name
        /// that is not a game's. This is how a front end that knows a game only by name
        /// (a subcommand, a request's path) runs code that is generic over it.
        ///
        /// ```
        /// use reductions::game::{Game, GameVisitor};
        ///
        /// struct Levels;
        /// impl GameVisitor for Levels {
        ///     type Output = usize;
        ///     fn visit<G: Game>(self, _game: G) -> usize {
        ///         <G::Difficulty as reductions::generate::Ladder>::ALL.len()
        ///     }
        /// }
        /// assert_eq!(reductions::registry::visit_game("futoshiki", Levels), Some(5));
        /// assert_eq!(reductions::registry::visit_game("queens", Levels), None);
        /// ```
        pub fn visit_game<V: GameVisitor>(name: &str, visitor: V) -> Option<V::Output> {
            $($(
                if name == ($info).name {
                    return Some(visitor.visit(<$game>::default()));
                }
            )?)*
            None
        }
    };
}

puzzles! {
    PuzzleInfo::new(
        "calendar",
        "The calendar puzzle: eight pieces cover a board of months and days, all but a date",
    )
    .solved_by::<crate::calendar::Calendar>();
    PuzzleInfo::new(
        "tromino",
        "L-tromino tilings of a square without one cell, or of any board",
    )
    .solved_by::<crate::tromino::Tromino>();
    PuzzleInfo::new(
        "tile",
        "Tilings with unlimited pieces: copies of the pieces cover every cell of a board, each \
         piece used any number of times",
    );
    PuzzleInfo::new(
        "pack",
        "Any polyominoes on any board, each piece used once, turned and flipped at will",
    );
    PuzzleInfo::new(
        "futoshiki",
        "Futoshiki: a Latin square with givens and inequalities between neighbours",
    )
    .tatham("Unequal"), game crate::futoshiki::Futoshiki;
    PuzzleInfo::new(
        "binairo",
        "Binairo (the \"01 game\", Takuzu, Tatham's Unruly): fill a grid with 0s and 1s",
    )
    .tatham("Unruly"), game crate::binairo::Binairo;
    PuzzleInfo::new(
        "latin",
        "Latin squares: every row and column holds 1..n once, the digits given kept",
    )
    .solved_by::<crate::latin::Latin>();
    PuzzleInfo::new("sudoku", "Sudoku (4x4, 6x6, 9x9, 12x12, 16x16, 25x25, ...)")
        .tatham("Solo"), game crate::sudoku::Sudoku;
    PuzzleInfo::new(
        "towers",
        "Towers (skyscrapers): a Latin square of heights with counts of the towers seen",
    )
    .tatham("Towers"), game crate::towers::Towers;
    PuzzleInfo::new(
        "keen",
        "Keen (KenKen): a Latin square cut into cages whose digits make their targets",
    )
    .tatham("Keen"), game crate::keen::Keen;
    PuzzleInfo::new(
        "dominosa",
        "Dominosa: find where the full set of dominoes lies on a grid of numbers",
    )
    .tatham("Dominosa"), game crate::dominosa::Dominosa;
    PuzzleInfo::new(
        "arrows",
        "The arrow board: one diagonal arrow in every cell of an n x n board (n even)",
    )
    .solved_by::<crate::arrows::Arrows>();
    PuzzleInfo::new(
        "queens",
        "The n-queens problem: n queens on an n x n board, none attacking another",
    )
    .solved_by::<crate::queens::Queens>();
}

/// The entry of puzzle `name`, if the library has one.
pub fn info_of(name: &str) -> Option<&'static PuzzleInfo> {
    PUZZLES.iter().find(|info| info.name == name)
}

/// A puzzle known by name: its entry, and the library's way to solve it from its text.
pub trait Puzzle: Send + Sync {
    /// Its entry in [`PUZZLES`].
    fn info(&self) -> &'static PuzzleInfo;

    /// Solves the puzzle written in `text` (its own format, or a Tatham game ID where it has
    /// one) for `task` by the library's plan: [`Task::First`] one board, [`Task::Unique`] up
    /// to two, [`Task::All`] every one, [`Task::Count`] the number only (memoized where the
    /// plan says so), [`Task::Random`] one board drawn uniformly at random (more, and their
    /// seed, in [`Limits`]).
    ///
    /// ```
    /// use reductions::plan::Task;
    /// use reductions::registry::{self, Limits};
    ///
    /// // An empty 9 x 9 sudoku: grids drawn exactly uniformly, by bands.
    /// let sudoku = registry::find("sudoku").unwrap();
    /// let limits = Limits { max_boards: Some(2), seed: Some(7), ..Limits::default() };
    /// let drawn = sudoku.solve_within(&".........\n".repeat(9), Task::Random, &limits)?;
    /// assert_eq!((drawn.boards.len(), drawn.complete), (2, true));
    /// assert_ne!(drawn.boards[0], drawn.boards[1]);
    /// # Ok::<(), reductions::registry::SolveError>(())
    /// ```
    fn solve(&self, text: &str, task: Task) -> Result<Answer, SolveError> {
        self.solve_within(text, task, &Limits::default())
    }

    /// [`solve`](Self::solve) within `limits`: a search stopped by them answers what it
    /// found, with [`Answer::complete`] false.
    fn solve_within(&self, text: &str, task: Task, limits: &Limits) -> Result<Answer, SolveError>;

    /// A new puzzle with exactly one solution, of `size` (`9` for a 9 x 9 sudoku, `9x` for a
    /// sudoku-X, `9j` for a jigsaw; binairo also `ROWSxCOLS`) and `difficulty` (a rung's name; the easiest when `None`), made
    /// again by the same `seed`, where the puzzle makes them ([`PuzzleInfo::generates`]).
    fn generate(
        &self,
        size: &str,
        difficulty: Option<&str>,
        seed: u64,
    ) -> Result<Made, SolveError> {
        self.generate_within(size, difficulty, seed, &Limits::default())
    }

    /// [`generate`](Self::generate) within the deadline and cancel flag of `limits`: every
    /// search of the making stops there, and [`SolveError::OutOfTime`] says so.
    ///
    /// ```
    /// use reductions::registry::{self, Limits, SolveError};
    /// use std::time::Instant;
    ///
    /// let futoshiki = registry::find("futoshiki").unwrap();
    /// let now = Limits { deadline: Some(Instant::now()), ..Limits::default() };
    /// let made = futoshiki.generate_within("12a", Some("recursive"), 5, &now);
    /// assert!(matches!(made, Err(SolveError::OutOfTime)));
    /// ```
    fn generate_within(
        &self,
        size: &str,
        difficulty: Option<&str>,
        seed: u64,
        limits: &Limits,
    ) -> Result<Made, SolveError> {
        let _ = (size, difficulty, seed, limits);
        Err(SolveError::Unsupported("this puzzle makes no puzzles"))
    }

    /// The grade of the puzzle in `text`: the easiest rung of its ladder that solves it,
    /// `NAME (needs search: N nodes)` at the top, `several solutions` or `no solution`.
    fn grade(&self, text: &str) -> Result<String, SolveError> {
        let _ = text;
        Err(SolveError::Unsupported("this puzzle has no grades"))
    }

    /// Every step of deduction from the puzzle in `text` ([`crate::hint`]).
    fn explain(&self, text: &str) -> Result<crate::hint::Explanation, SolveError> {
        self.explain_entered(text, &[])
    }

    /// [`explain`](Self::explain) of the puzzle in `text` with a player's `entries` taken as
    /// givens, each `(row, column, value)` from 0: the steps a hint shows next.
    ///
    /// ```
    /// let sudoku = reductions::registry::find("sudoku").unwrap();
    /// let steps = sudoku.explain_entered("1.3.\n.4..\n..4.\n.3.1\n", &[(0, 1, 2)])?;
    /// assert_eq!(steps.end, reductions::hint::End::Solved);
    /// assert!(sudoku.explain_entered("1.3.\n.4..\n..4.\n.3.1\n", &[(0, 1, 5)]).is_err());
    /// # Ok::<(), reductions::registry::SolveError>(())
    /// ```
    fn explain_entered(
        &self,
        text: &str,
        entries: &[(usize, usize, usize)],
    ) -> Result<crate::hint::Explanation, SolveError> {
        let _ = (text, entries);
        Err(SolveError::Unsupported("this puzzle has no hints yet"))
    }

    /// The puzzle in `text` as a board before any solving, in a solved board's text: its
    /// givens in place and the rest blank (a grid puzzle), or the bare board (a tiling). A
    /// Tatham game ID comes back in the puzzle's own format.
    ///
    /// ```
    /// let sudoku = reductions::registry::find("sudoku").unwrap();
    /// assert_eq!(sudoku.given("2x2:2d1_3h4")?, "2...\n.13.\n....\n...4");
    /// # Ok::<(), reductions::registry::SolveError>(())
    /// ```
    fn given(&self, text: &str) -> Result<String, SolveError>;

    /// The drawing of the puzzle in `text` before any solving (as [`given`](Self::given)).
    fn given_drawing(&self, text: &str) -> Result<Drawing, SolveError>;
}

/// A puzzle made by [`Puzzle::generate`]: its text (what the puzzle reads), its solution's,
/// and its difficulty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    /// The puzzle, in its own text format.
    pub puzzle: String,
    /// Its one solution, as a solved board's text.
    pub solution: String,
    /// The puzzle's drawing, its blanks empty.
    pub puzzle_drawing: Drawing,
    /// The solution's drawing, the puzzle's givens set apart.
    pub solution_drawing: Drawing,
    /// Its difficulty: the one asked for, unless `reached` is false.
    pub difficulty: String,
    /// Whether the difficulty asked for was reached (else the puzzle is easier).
    pub reached: bool,
}

/// What a game does beside solving, by function ([`PuzzleInfo::game`]).
#[derive(Clone, Copy)]
struct Extras {
    generate: fn(&str, Option<&str>, u64) -> Result<Made, SolveError>,
    grade: fn(&str) -> Result<String, SolveError>,
    explain: Explain,
}

/// [`Puzzle::explain_entered`] of one game.
type Explain = fn(&str, &[(usize, usize, usize)]) -> Result<crate::hint::Explanation, SolveError>;

struct Entry<R> {
    info: &'static PuzzleInfo,
    reduction: R,
}

impl<R> Puzzle for Entry<R>
where
    R: Draw + Clone + Send + Sync,
{
    fn info(&self) -> &'static PuzzleInfo {
        self.info
    }

    fn solve_within(&self, text: &str, task: Task, limits: &Limits) -> Result<Answer, SolveError> {
        let puzzle = self.reduction.parse(text).map_err(SolveError::Parse)?;
        let solved = solve(&self.reduction, &puzzle, task, limits)?;
        let boards = solved.boards.iter().map(ToString::to_string).collect();
        let drawings = solved
            .boards
            .into_iter()
            .map(|board| self.reduction.drawing(&puzzle, board))
            .collect();
        Ok(Answer {
            boards,
            drawings,
            solutions: solved.solutions,
            complete: solved.complete,
        })
    }

    fn given(&self, text: &str) -> Result<String, SolveError> {
        let puzzle = self.reduction.parse(text).map_err(SolveError::Parse)?;
        Ok(self.reduction.decode(&puzzle, &[]).to_string())
    }

    fn given_drawing(&self, text: &str) -> Result<Drawing, SolveError> {
        let puzzle = self.reduction.parse(text).map_err(SolveError::Parse)?;
        let board = self.reduction.decode(&puzzle, &[]);
        Ok(self.reduction.drawing(&puzzle, board))
    }

    fn generate_within(
        &self,
        size: &str,
        difficulty: Option<&str>,
        seed: u64,
        limits: &Limits,
    ) -> Result<Made, SolveError> {
        match self.info.extras {
            Some(extras) => {
                crate::generate::stopping(limits.deadline, limits.cancel.clone(), || {
                    (extras.generate)(size, difficulty, seed)
                })
            }
            None => Err(SolveError::Unsupported("this puzzle makes no puzzles")),
        }
    }

    fn grade(&self, text: &str) -> Result<String, SolveError> {
        match self.info.extras {
            Some(extras) => (extras.grade)(text),
            None => Err(SolveError::Unsupported("this puzzle has no grades")),
        }
    }

    fn explain_entered(
        &self,
        text: &str,
        entries: &[(usize, usize, usize)],
    ) -> Result<crate::hint::Explanation, SolveError> {
        match self.info.extras {
            Some(extras) => (extras.explain)(text, entries),
            None => Err(SolveError::Unsupported("this puzzle has no hints yet")),
        }
    }
}

/// A refusal of the text given for a game: its size, difficulty or entries.
fn refused(message: String) -> SolveError {
    SolveError::Parse(crate::text::ParseError::refused(message))
}

/// A grade in words.
fn graded<D: std::fmt::Display>(grade: crate::generate::Grade<D>) -> String {
    match grade {
        crate::generate::Grade::Unique {
            difficulty,
            search_nodes: 0,
        } => difficulty.to_string(),
        crate::generate::Grade::Unique {
            difficulty,
            search_nodes,
        } => {
            format!("{difficulty} (needs search: {search_nodes} nodes)")
        }
        crate::generate::Grade::NoSolution => "no solution".to_owned(),
        crate::generate::Grade::Several => "several solutions".to_owned(),
    }
}

/// [`Puzzle::generate`] of the game `G`.
fn generate<G: Game>(size: &str, difficulty: Option<&str>, seed: u64) -> Result<Made, SolveError> {
    let game = G::default();
    let shape = game.size_to_make(size).map_err(refused)?;
    let difficulty = game
        .difficulty(difficulty)
        .map_err(|message| refused(format!("difficulty: {message}")))?;
    let mut rng = crate::generate::Rng::new(seed);
    let generated = game
        .generate_before(&shape, difficulty, &mut rng, None)
        .map_err(|_| SolveError::OutOfTime)?
        .ok_or_else(|| SolveError::CannotMake(game.cannot_make(&shape)))?;
    let solved = game.solved(&generated);
    Ok(Made {
        puzzle: game.puzzle_text(&generated.puzzle),
        solution: solved.to_string(),
        puzzle_drawing: game.drawing(&generated.puzzle, generated.puzzle.clone()),
        solution_drawing: game.drawing(&generated.puzzle, solved),
        difficulty: generated.difficulty.to_string(),
        reached: generated.reached,
    })
}

/// [`Puzzle::grade`] of the game `G`.
fn grade<G: Game>(text: &str) -> Result<String, SolveError> {
    let game = G::default();
    let puzzle = game.parse(text).map_err(SolveError::Parse)?;
    Ok(graded(game.grade(&puzzle)))
}

/// [`Puzzle::explain_entered`] of the game `G`.
fn explain<G: Game>(
    text: &str,
    entries: &[(usize, usize, usize)],
) -> Result<crate::hint::Explanation, SolveError> {
    let game = G::default();
    let mut puzzle = game.parse(text).map_err(SolveError::Parse)?;
    for &(row, column, value) in entries {
        game.enter(&mut puzzle, row, column, value)
            .map_err(SolveError::Entry)?;
    }
    Ok(game.explain(&puzzle))
}

/// The puzzle named `name`, to solve from its text; `None` for a name the library does not
/// know, or a puzzle that needs a board besides its text (`tile`, `pack`: [`on_board`]).
pub fn find(name: &str) -> Option<Box<dyn Puzzle>> {
    let info = info_of(name)?;
    info.open.map(|open| open(info))
}

/// The puzzle named `name` that needs a board besides its text (`pack`, each piece once;
/// `tile`, each piece any number of times, turned and flipped), on the board of a board file
/// (`board`: lines of `.` and `#`, optionally after `H W`), to solve from a pieces file's
/// text; `None` for any other name.
///
/// ```
/// use reductions::plan::Task;
///
/// let dominoes = reductions::registry::on_board("tile", "...\n...\n").unwrap()?;
/// let answer = dominoes.solve("AA\n", Task::Count)?;
/// assert_eq!(answer.solutions.to_string(), "3");
/// # Ok::<(), reductions::registry::SolveError>(())
/// ```
pub fn on_board(name: &str, board: &str) -> Option<Result<Box<dyn Puzzle>, SolveError>> {
    let info = info_of(name)?;
    let puzzle: Result<Box<dyn Puzzle>, _> = match name {
        "pack" => crate::pack::Pack::from_board_text(board)
            .map(|reduction| Box::new(Entry { info, reduction }) as Box<dyn Puzzle>),
        "tile" => crate::tile::Tile::from_board_text(board, false)
            .map(|reduction| Box::new(Entry { info, reduction }) as Box<dyn Puzzle>),
        _ => return None,
    };
    Some(puzzle.map_err(SolveError::Parse))
}
