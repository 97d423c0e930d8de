//! The puzzle commands' arguments: one clap `Args` struct per entry of the registry, whose
//! doc comment is the command's help after the registry's one line, gathered in
//! [`PuzzleCommand`]. What the puzzles are, in which order, in one line each, is the
//! registry's to say ([`reductions::registry::PUZZLES`]); `dlx --help`, the subcommands, their
//! completions and the manual page are built from it with the arguments of each ([`COMMANDS`]).
//! Running a command is `crate::puzzles`' work, above this room.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::flags::{MakeFlags, Output, SolveFlags};
use super::values::{cell, piece_set, rectangle, PieceSet};
use super::Prints;
use super::{FileArgs, Format};

/// The board (docs/puzzles.md): Jan-Jun and Jul-Dec on two rows of six, then the days 1-31 on
/// rows of seven. The eight pieces R V Y U P N Z L, each used once, may be turned and
/// flipped; they cover every cell but the date's month and day.
///
/// Plain text (when stdout is not a terminal, or --plain): one line per board row, one
/// character per cell: the piece's letter, `.` on the two open cells (the month and the
/// day), `#` where the board has no cell; a blank line between boards. On a terminal,
/// the pieces are drawn in color with the month and day named in the open cells.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dlx calendar                      today's date (in the local time zone)\n  \
    dlx calendar tomorrow             tomorrow's\n  \
    dlx calendar aug-19 --count       how many solutions Aug 19 has (100)\n  \
    dlx calendar 2026-02-28 --all     every solution of a date\n  \
    dlx calendar --all-dates          every date of a leap year counted\n  \
    dlx calendar 8-19 --format svg > aug19.svg")]
pub struct CalendarArgs {
    /// The date: 8-19, 8/19, 08-19, aug-19, "Aug 19", august-19, 2026-08-19, today, tomorrow
    /// or yesterday [default: today, in the local time zone].
    #[arg(value_name = "DATE")]
    pub date: Option<String>,

    /// Count the solutions of every date of a leap year, in one search: a line `Jan 1: 64`
    /// per date, then `min: N (dates)`, `max: N (dates)` and `total: N` (a table on a
    /// terminal; with --format json an object per date, then the summary).
    #[arg(long, conflicts_with_all = ["date", "count", "all", "limit", "shard"])]
    pub all_dates: bool,

    #[command(flatten)]
    pub flags: SolveFlags,
}

/// How `dlx tromino` tiles.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Exact cover: any board; every tiling can be listed or counted.
    Cover,
    /// The divide-and-conquer construction: one tiling of a 2^k x 2^k board without one cell.
    Divide,
}

/// By exact cover (--method cover, the default) any board can be tiled, and all its
/// tilings listed or counted. The classic divide-and-conquer construction (--method
/// divide) builds one tiling of a 2^k x 2^k board with one missing cell at once, even
/// at 4096 x 4096, numbering the tiles in the order it places them.
///
/// Plain text: the seed's format, one line per row, the tile numbers of the cells
/// separated by single blanks (tiles numbered from 1; by exact cover in the reading
/// order of their first cells), `0` on the missing cell and on any position off the
/// board; a blank line between tilings.
///
/// A board file is lines of `.` (a cell to cover) and `#` (no cell), optionally after
/// a first line `H W`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dlx tromino --size 4 --missing 2,2 --method divide\n  \
    dlx tromino --size 8 --missing 0,0 --count       30355 tilings\n  \
    dlx tromino --size 4096 --missing 5,7 --method divide > big.txt\n  \
    dlx tromino --board board.txt --all --limit 10")]
pub struct TrominoArgs {
    /// An N x N board.
    #[arg(long, value_name = "N", conflicts_with = "board")]
    pub size: Option<usize>,

    /// The cell left out of the N x N board, as ROW,COL from 0 (like 2,2).
    #[arg(long, value_name = "R,C", requires = "size", value_parser = cell)]
    pub missing: Option<reductions::grid::Cell>,

    /// A board file: lines of `.` (a cell) and `#` (no cell), optionally after `H W`.
    #[arg(long, value_name = "FILE")]
    pub board: Option<PathBuf>,

    /// How to tile.
    #[arg(long, value_enum, value_name = "METHOD", default_value_t = Method::Cover)]
    pub method: Method,

    #[command(flatten)]
    pub flags: SolveFlags,
}

/// The pieces are turned and flipped unless --fixed.
///
/// The board: a board file (lines of `.`, a cell, and `#`, no cell, optionally after
/// `H W`) or --size ROWSxCOLS for a full rectangle. The pieces: a pieces file in `dlx
/// pack`'s format or --pieces with named sets: domino, l-tromino, i-tromino, trominoes (I
/// and L), tetrominoes (I O T S L), pentominoes (F I L N P T U V W X Y Z), several
/// separated by commas. Give the files that the flags leave out, the board first.
///
/// --count counts by memoization (--memo) unless --no-memo, --limit, --shard, --within or
/// --split asks for enumeration: a tiling's rest depends only on its frontier, so even
/// counts past 10^20 take a fraction of a second.
///
/// Plain text: `dlx tromino`'s format, one line per row, the cells' tile numbers (from
/// 1, in the reading order of the tiles' first cells) separated by single blanks, `0`
/// off the board.
#[derive(Debug, Args)]
#[command(override_usage = "dlx tile [OPTIONS] [BOARD] [PIECES]")]
#[command(after_help = "Examples:\n  \
    dlx tile --size 9x12 --pieces trominoes --count     Project Euler 161\n  \
    dlx tile --size 8x8 --pieces domino --count         12988816\n  \
    dlx tile board.txt --pieces l-tromino --all --limit 3\n  \
    dlx tile --size 6x10 pieces.txt --fixed --count")]
pub struct TileArgs {
    /// The board file (unless --size), then the pieces file (unless --pieces); `-` for
    /// standard input.
    #[arg(value_name = "FILE", num_args = 0..=2)]
    pub files: Vec<PathBuf>,

    /// A full board of ROWS x COLS cells instead of a board file, like 9x12.
    #[arg(long, value_name = "ROWSxCOLS", value_parser = rectangle)]
    pub size: Option<(usize, usize)>,

    /// Named sets of pieces instead of a pieces file: domino, l-tromino, i-tromino,
    /// trominoes, tetrominoes, pentominoes; several separated by commas.
    #[arg(long, value_name = "NAMES", value_parser = piece_set)]
    pub pieces: Option<PieceSet>,

    /// Place the pieces only as drawn, never turned or flipped.
    #[arg(long)]
    pub fixed: bool,

    #[command(flatten)]
    pub flags: SolveFlags,
}

/// BOARD: one line per row, `.` a cell to cover, `#` no cell, optionally after a first
/// line `H W`.
///
/// PIECES: pictures of the pieces in blocks separated by blank lines. A letter or digit
/// (A-Z, a-z, 0-9) is a cell of the piece of that name, so one block may draw several
/// pieces side by side; `.` and blanks are empty; the `#`s of a block form one piece
/// named by the first free letter. A piece's cells must touch through their sides, and
/// a name belongs to one piece. The pieces must have as many cells as the board.
///
/// Plain text: one line per board row, the letter of the piece on each cell, `#` where
/// the board has no cell; a blank line between boards.
#[derive(Debug, Args)]
#[command(after_help = "Example: two L-trominoes on a 2x3 board\n  \
    printf '...\\n...\\n' > board.txt\n  \
    printf 'A\\nAA\\n\\nBB\\n B\\n' > pieces.txt\n  \
    dlx pack board.txt pieces.txt --all")]
pub struct PackArgs {
    /// The board file (`-`: standard input).
    #[arg(value_name = "BOARD")]
    pub board: PathBuf,

    /// The pieces file (`-`: standard input).
    #[arg(value_name = "PIECES")]
    pub pieces: PathBuf,

    #[command(flatten)]
    pub flags: SolveFlags,
}

/// Every row and every column holds 1..n once each; the given digits stay; the
/// inequalities between neighbouring cells hold.
///
/// The file (docs/puzzles.md): a line with n, then 2n-1 lines. Rows of digits: n numbers
/// (0 = empty) separated by `|` (no relation), `<` (left smaller) or `>` (left larger).
/// Between two digit rows, 2n-1 marks: at even positions `-` (none), `^` (upper
/// smaller) or `v` (upper larger), `-` at odd positions. Blanks between tokens are
/// optional. Standard input if FILE is absent or `-`.
///
/// Unequal's adjacent mode: a first line `N adjacent`, then `=` between two cells for a bar
/// (consecutive digits) and `|` or `-` for none (digits not consecutive); or an Unequal ID
/// `5a:...`; `--generate 5a` makes them.
///
/// Plain text: the same format, every cell filled, the relations kept. On a terminal the
/// signs stand between the cells and the givens are set apart.
///
/// Is my puzzle unique? `dlx futoshiki puzzle.txt --limit 2 --count` prints 1 for a
/// puzzle with exactly one solution (2 means several, 0 none, exit status 1).
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dlx futoshiki puzzle.txt                   the first solution\n  \
    dlx futoshiki puzzle.txt --limit 2 --count 1 if the solution is unique\n  \
    dlx futoshiki puzzle.txt --count           every solution counted\n  \
    dlx futoshiki puzzle.txt --grade           its difficulty\n  \
    dlx futoshiki --generate 7 --difficulty extreme | dlx futoshiki\n  \
    dlx futoshiki --generate 5 --format tatham  a game ID for Tatham's Unequal")]
pub struct FutoshikiArgs {
    #[command(flatten)]
    pub puzzle: FileArgs,
}

/// The exact-cover encodings of Binairo.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum BinairoEncoding {
    /// An option per cell and digit; counts with multiplicities (Algorithm M): any size.
    Cells,
    /// An option per legal row and column that survives propagation from the givens, a row
    /// and a column agreeing on a cell through two items (Algorithm X, Knuth's search by
    /// default): the fastest to count loose grids; too many options on large, sparse grids
    /// (then the cell encoding is used).
    Patterns,
    /// The same options, a row and a column agreeing through a colored item per open cell
    /// (Algorithm C), searched with probing at every node: minimal 30 x 30 puzzles proved
    /// unique in a fraction of a second.
    Colors,
}

/// No three equal digits next to each other in a row or a column; every row and every
/// column holds as many 0s as 1s; no two rows and no two columns are equal. The file: a
/// size line, N (an N x N grid) or ROWS COLS, each even, then `repeats` when equal lines
/// are allowed; then one line per row: `0`, `1`, and `_` or `.` for a blank. Or a game ID
/// of Tatham's Unruly. Standard input if FILE is absent or `-`.
///
/// Plain text: one line of digits per row. On a terminal the givens are set apart.
///
/// Is my puzzle unique? `dlx binairo puzzle.txt --limit 2 --count` prints 1 for a
/// puzzle with exactly one solution (2 means several, 0 none, exit status 1).
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dlx binairo puzzle.txt                   the first solution\n  \
    dlx binairo puzzle.txt --limit 2 --count 1 if the solution is unique\n  \
    printf '4\\n____\\n____\\n____\\n____\\n' | dlx binairo --count      72\n  \
    dlx binairo --generate 8x10 --difficulty normal --seed 3\n  \
    dlx binairo 8x8u:ADfBgcBbjEdbEeaEa        a game ID of Tatham's Unruly")]
pub struct BinairoArgs {
    /// The puzzle file; standard input if absent or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    #[command(flatten)]
    pub make: MakeFlags,

    /// With --generate: puzzles whose rows (and columns) may repeat, as Tatham's Unruly
    /// makes them by default (the size line then says `repeats`).
    #[arg(long, requires = "generate")]
    pub repeats: bool,

    /// The exact-cover encoding. By default `colors`, except for a count (or every solution)
    /// of a loose grid, which a short search of the patterns finds and counts on them.
    #[arg(long, value_enum, value_name = "ENCODING")]
    pub encoding: Option<BinairoEncoding>,

    #[command(flatten)]
    pub flags: SolveFlags,
}

/// The file: one line per row, one character per cell, `1`-`9` then `A`-`Z`, and `.`, `_`
/// or `0` for an empty cell; the side is the number of rows (up to 35). Standard input if
/// FILE is absent or `-`.
///
/// Plain text: the same format, every cell filled. On a terminal the givens are set apart.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dlx latin square.txt                  the first completion\n  \
    dlx latin square.txt --limit 2 --count  1 if the completion is unique\n  \
    printf '......\\n%.0s' 1 2 3 4 5 6 | dlx latin --count   812851200")]
pub struct LatinArgs {
    /// The square's file; standard input if absent or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    #[command(flatten)]
    pub flags: SolveFlags,
}

/// Every row, column and box holds each digit from 1 to the side once; boxes are n x n
/// on a side n², else 2 x 3 on 6, 2 x 4 on 8, 3 x 4 on 12 (the most nearly square). The
/// file: one line of side² cells or side lines of side cells; a cell is `1`-`9`, then
/// `A`-`Z` for 10 and up, `0`, `.` or `_` when empty; or numbers separated by blanks
/// (any size); or a game ID of Tatham's Solo. `|` and
/// lines of `-` `+` `=` drawn between boxes are skipped. Standard input if FILE is absent
/// or `-`.
///
/// Sudoku-X: a first line `X` (or a Solo ID with `x`, like `3x3x:...`) adds the rule that
/// both long diagonals hold every digit once too; grades and hints use it, and
/// `--generate 9x` makes them. Jigsaw sudoku: the grid's rows, a line `regions`, then a row
/// of region names (a letter per cell) per row; or a Solo ID `9j:...`; `--generate 9j`
/// makes them. Killer sudoku: after the rows, a line `cages` and a row of cage names per
/// row (side-by-side cells of one name make a cage), then a line `sums` and a row per row
/// with each cage's sum in its first cell (`.` elsewhere); or a Solo ID `3x3k:...`;
/// `--generate 9k` makes them.
///
/// Plain text: one line per row of digits (letters beyond 9), after the line `X` of a
/// sudoku-X. On a terminal, lines between the boxes, the givens set apart and the
/// diagonals tinted.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dlx sudoku puzzle.txt\n  \
    echo 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... | dlx sudoku\n  \
    dlx sudoku puzzle.txt --limit 2 --count     1 if the solution is unique\n  \
    dlx sudoku puzzle.txt --grade               its difficulty\n  \
    dlx sudoku --generate 9 --difficulty advanced --seed 7\n  \
    dlx sudoku 3x3:a3c6_8_7a4c8a6d9e5c1c3a1b9a2b6a7c3c8e9d4a1c2a1_2_7c6a   Tatham's Solo ID")]
pub struct SudokuArgs {
    #[command(flatten)]
    pub puzzle: FileArgs,
}

/// Each arrow (↖ ↗ ↘ ↙) points at a corner of its cell and at the two sides that meet
/// there; no two arrows point at the same side or the same corner; every row has n/2
/// arrows pointing up, every column n/2 pointing left. Every even n has exactly two
/// solutions. The row and column counts are items with multiplicities (Algorithm M).
///
/// Plain text: n lines of n arrows.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dlx arrows --size 4 --all\n  \
    dlx arrows --size 8 --format svg > arrows.svg")]
pub struct ArrowsArgs {
    /// The size of the board: an even number from 2 to 100.
    #[arg(long, value_name = "N")]
    pub size: usize,

    #[command(flatten)]
    pub flags: SolveFlags,
}

/// Plain text: n lines of `Q` and `.`. Rows and columns are primary items (listed
/// centre-first, as Knuth does), diagonals secondary.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dlx queens 8                the first of the 92 solutions\n  \
    dlx queens 12 --count       14200")]
pub struct QueensArgs {
    /// The size of the board, from 1 to 1000.
    #[arg(value_name = "N")]
    pub n: usize,

    #[command(flatten)]
    pub flags: SolveFlags,
}

/// A puzzle command's arguments.
// One value per process: its size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum PuzzleCommand {
    Calendar(CalendarArgs),
    Tromino(TrominoArgs),
    Tile(TileArgs),
    Pack(PackArgs),
    Futoshiki(FutoshikiArgs),
    Binairo(BinairoArgs),
    Latin(LatinArgs),
    Sudoku(SudokuArgs),
    Arrows(ArrowsArgs),
    Queens(QueensArgs),
}

impl PuzzleCommand {
    /// The solving flags (`--count`, `--threads`, `--format`, ...).
    pub fn flags(&self) -> &SolveFlags {
        match self {
            PuzzleCommand::Futoshiki(args) => &args.puzzle.flags,
            PuzzleCommand::Sudoku(args) => &args.puzzle.flags,
            PuzzleCommand::Calendar(args) => &args.flags,
            PuzzleCommand::Tromino(args) => &args.flags,
            PuzzleCommand::Tile(args) => &args.flags,
            PuzzleCommand::Pack(args) => &args.flags,
            PuzzleCommand::Binairo(args) => &args.flags,
            PuzzleCommand::Latin(args) => &args.flags,
            PuzzleCommand::Arrows(args) => &args.flags,
            PuzzleCommand::Queens(args) => &args.flags,
        }
    }

    /// The flags of making, grading and hints, for the puzzles that take them.
    pub fn make(&self) -> Option<&MakeFlags> {
        match self {
            PuzzleCommand::Futoshiki(args) => Some(&args.puzzle.make),
            PuzzleCommand::Sudoku(args) => Some(&args.puzzle.make),
            PuzzleCommand::Binairo(args) => Some(&args.make),
            _ => None,
        }
    }

    /// What a run of the command's own prints, where it is asked for (`--all-dates`), for
    /// [`refusals`](super::refusals) to check its format.
    pub fn prints(&self) -> Option<Prints> {
        match self {
            PuzzleCommand::Calendar(args) => args.all_dates.then_some(Prints {
                flag: "--all-dates",
                what: "counts",
                formats: &[Format::Text, Format::Json, Format::Dlx],
            }),
            _ => None,
        }
    }
}

/// A puzzle's command: its name in the registry, and how its arguments are declared and read.
pub struct PuzzleCommandArgs {
    /// The name of its entry in [`reductions::registry::PUZZLES`], and of the command.
    pub name: &'static str,
    augment: fn(clap::Command) -> clap::Command,
    read: fn(&mut clap::ArgMatches) -> Result<PuzzleCommand, clap::Error>,
}

/// Each puzzle's arguments, as a variant of [`PuzzleCommand`], and its entry of [`COMMANDS`].
macro_rules! puzzle_commands {
    ($($name:literal: $variant:ident($args:ident)),* $(,)?) => {
        $(
            impl From<$args> for PuzzleCommand {
                fn from(args: $args) -> PuzzleCommand {
                    PuzzleCommand::$variant(args)
                }
            }
        )*

        /// The puzzles' commands, one per entry of the registry.
        pub const COMMANDS: [PuzzleCommandArgs; [$($name),*].len()] = [
            $(PuzzleCommandArgs::new::<$args>($name)),*
        ];
    };
}

puzzle_commands! {
    "calendar": Calendar(CalendarArgs),
    "tromino": Tromino(TrominoArgs),
    "tile": Tile(TileArgs),
    "pack": Pack(PackArgs),
    "futoshiki": Futoshiki(FutoshikiArgs),
    "binairo": Binairo(BinairoArgs),
    "latin": Latin(LatinArgs),
    "sudoku": Sudoku(SudokuArgs),
    "arrows": Arrows(ArrowsArgs),
    "queens": Queens(QueensArgs),
}

impl PuzzleCommandArgs {
    /// The command `name`, whose arguments are `A`.
    const fn new<A>(name: &'static str) -> PuzzleCommandArgs
    where
        A: clap::Args + clap::FromArgMatches + Into<PuzzleCommand> + 'static,
    {
        PuzzleCommandArgs {
            name,
            augment: augment::<A>,
            read: read::<A>,
        }
    }

    /// The arguments of this command, read from its matches.
    pub fn read(&self, matches: &mut clap::ArgMatches) -> Result<PuzzleCommand, clap::Error> {
        (self.read)(matches)
    }

    /// The subcommand: named and described in one line by the registry's `info`, its
    /// arguments and long help (`info`'s line, then the doc comment of its arguments) built
    /// only when it runs or its help is shown.
    fn command(&self, info: &reductions::registry::PuzzleInfo) -> clap::Command {
        clap::Command::new(self.name)
            .about(info.summary)
            .defer(self.augment)
    }
}

/// The arguments `A`, with `-o` and `--max-input` (which also come after the subcommand).
/// The doc comment of `A` follows the registry's line in `--help`.
fn augment<A: clap::Args>(cmd: clap::Command) -> clap::Command {
    let summary = cmd.get_about().map(ToString::to_string).unwrap_or_default();
    let cmd = A::augment_args(Output::augment_args(cmd));
    let details = match (cmd.get_long_about(), cmd.get_about()) {
        (Some(long), _) => long.to_string(),
        // One paragraph, whose full stop clap took off.
        (None, Some(about)) => format!("{about}."),
        (None, None) => String::new(),
    };
    cmd.about(summary.clone())
        .long_about(format!("{summary}.\n\n{details}"))
}

fn read<A>(matches: &mut clap::ArgMatches) -> Result<PuzzleCommand, clap::Error>
where
    A: clap::FromArgMatches + Into<PuzzleCommand>,
{
    A::from_arg_matches_mut(matches).map(Into::into)
}

/// The command `name`, if it is a puzzle's.
pub fn command(name: &str) -> Option<&'static PuzzleCommandArgs> {
    COMMANDS.iter().find(|command| command.name == name)
}

/// The puzzle commands, in the registry's order.
pub fn commands() -> impl Iterator<Item = clap::Command> {
    reductions::registry::PUZZLES
        .iter()
        .filter_map(|info| Some(command(info.name)?.command(info)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_puzzle_of_the_registry_has_one_command_and_every_command_an_entry() {
        let registry: Vec<&str> = reductions::registry::PUZZLES
            .iter()
            .map(|info| info.name)
            .collect();
        let mut commands: Vec<&str> = COMMANDS.iter().map(|command| command.name).collect();
        let mut sorted = registry.clone();
        sorted.sort_unstable();
        commands.sort_unstable();
        assert_eq!(commands, sorted);
    }
}
