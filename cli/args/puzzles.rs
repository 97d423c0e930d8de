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
/// line `H W`; or --size ROWSxCOLS for a full rectangle.
///
/// PIECES: pictures of the pieces in blocks separated by blank lines. A letter or digit
/// (A-Z, a-z, 0-9) is a cell of the piece of that name, so one block may draw several
/// pieces side by side; `.` and blanks are empty; the `#`s of a block form one piece
/// named by the first free letter. A piece's cells must touch through their sides, and
/// a name belongs to one piece. The pieces must have as many cells as the board. Or
/// --pieces with named sets, each piece once: domino, l-tromino, i-tromino, trominoes (I and
/// L), tetrominoes (I O T S L), pentominoes (F I L N P T U V W X Y Z), several separated by
/// commas. Give the files that the flags leave out, the board first.
///
/// Plain text: one line per board row, the letter of the piece on each cell, `#` where
/// the board has no cell; a blank line between boards.
#[derive(Debug, Args)]
#[command(override_usage = "dlx pack [OPTIONS] [BOARD] [PIECES]")]
#[command(after_help = "Examples:\n  \
    dlx pack --size 6x10 --pieces pentominoes --count    9356\n  \
    dlx pack --size 3x20 --pieces pentominoes --all      the 8 packings\n  \
    printf '...\\n...\\n' > board.txt\n  \
    printf 'A\\nAA\\n\\nBB\\n B\\n' > pieces.txt\n  \
    dlx pack board.txt pieces.txt --all                  two L-trominoes on a 2x3 board")]
pub struct PackArgs {
    /// The board file (unless --size), then the pieces file (unless --pieces); `-` for
    /// standard input.
    #[arg(value_name = "FILE", num_args = 0..=2)]
    pub files: Vec<PathBuf>,

    /// A full board of ROWS x COLS cells instead of a board file, like 6x10.
    #[arg(long, value_name = "ROWSxCOLS", value_parser = rectangle)]
    pub size: Option<(usize, usize)>,

    /// Named sets of pieces instead of a pieces file, each piece used once: domino,
    /// l-tromino, i-tromino, trominoes, tetrominoes, pentominoes; several separated by commas.
    #[arg(long, value_name = "NAMES", value_parser = piece_set)]
    pub pieces: Option<PieceSet>,

    #[command(flatten)]
    pub flags: SolveFlags,
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

/// Binairo's own flags beside the shared ones; its help is the library's ([`reductions::game::Game::HELP`]).
#[derive(Debug, Args)]
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
    Binairo(BinairoArgs),
    Latin(LatinArgs),
    /// A game of the registry with only the shared arguments, known by its name.
    Game(GameArgs),
    Arrows(ArrowsArgs),
    Queens(QueensArgs),
}

impl PuzzleCommand {
    /// The solving flags (`--count`, `--threads`, `--format`, ...).
    pub fn flags(&self) -> &SolveFlags {
        match self {
            PuzzleCommand::Game(args) => &args.puzzle.flags,
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
            PuzzleCommand::Game(args) => Some(&args.puzzle.make),
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

/// A game of the registry that has no arguments of its own: its name and the shared ones.
#[derive(Debug)]
pub struct GameArgs {
    /// Its name in [`reductions::registry::PUZZLES`].
    pub name: &'static str,
    pub puzzle: FileArgs,
}

/// A puzzle's command: its name in the registry, and how its arguments are declared and read.
#[derive(Clone, Copy)]
pub struct PuzzleCommandArgs {
    /// The name of its entry in [`reductions::registry::PUZZLES`], and of the command.
    pub name: &'static str,
    augment: fn(clap::Command) -> clap::Command,
    read: fn(&'static str, &mut clap::ArgMatches) -> Result<PuzzleCommand, clap::Error>,
}

/// Each puzzle's own arguments, as a variant of [`PuzzleCommand`], and its entry of
/// [`COMMANDS`].
macro_rules! puzzle_commands {
    ($($name:literal: $variant:ident($args:ident)),* $(,)?) => {
        $(
            impl From<$args> for PuzzleCommand {
                fn from(args: $args) -> PuzzleCommand {
                    PuzzleCommand::$variant(args)
                }
            }
        )*

        /// The commands of the puzzles with arguments of their own; every other game of the
        /// registry takes the shared ones ([`GameArgs`]).
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
    "binairo": Binairo(BinairoArgs),
    "latin": Latin(LatinArgs),
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
            read: |_, matches| read::<A>(matches),
        }
    }

    /// The command of the game `name`, with the shared arguments.
    const fn game(name: &'static str) -> PuzzleCommandArgs {
        PuzzleCommandArgs {
            name,
            augment: augment::<FileArgs>,
            read: |name, matches| {
                let puzzle = <FileArgs as clap::FromArgMatches>::from_arg_matches_mut(matches)?;
                Ok(PuzzleCommand::Game(GameArgs { name, puzzle }))
            },
        }
    }

    /// The arguments of this command, read from its matches.
    pub fn read(&self, matches: &mut clap::ArgMatches) -> Result<PuzzleCommand, clap::Error> {
        (self.read)(self.name, matches)
    }

    /// The subcommand: named and described in one line by the registry's `info`, its
    /// arguments and long help (`info`'s line, then its help) built only when it runs or its
    /// help is shown.
    fn command(&self, info: &reductions::registry::PuzzleInfo) -> clap::Command {
        clap::Command::new(self.name)
            .about(info.summary)
            .defer(self.augment)
    }
}

/// The arguments `A`, with `-o` and `--max-input` (which also come after the subcommand).
/// The long help is the registry's line, then the library's help of the puzzle where it has
/// one ([`reductions::registry::PuzzleInfo::help`]), else the doc comment of `A`.
fn augment<A: clap::Args>(cmd: clap::Command) -> clap::Command {
    let summary = cmd.get_about().map(ToString::to_string).unwrap_or_default();
    let info = reductions::registry::info_of(cmd.get_name());
    let cmd = offers(A::augment_args(Output::augment_args(cmd)));
    let cmd = match info.filter(|info| !info.help.is_empty()) {
        Some(info) => {
            let examples: String = info
                .examples
                .iter()
                .map(|example| format!("\n  {example}"))
                .collect();
            return cmd
                .about(summary.clone())
                .long_about(format!("{summary}.\n\n{}", info.help))
                .after_help(format!("Examples:{examples}"));
        }
        None => cmd,
    };
    let details = match (cmd.get_long_about(), cmd.get_about()) {
        (Some(long), _) => long.to_string(),
        // One paragraph, whose full stop clap took off.
        (None, Some(about)) => format!("{about}."),
        (None, None) => String::new(),
    };
    cmd.about(summary.clone())
        .long_about(format!("{summary}.\n\n{details}"))
}

/// What a game offers a player, as the library's game says it: its levels, easiest first,
/// the sizes offered, and what a size is.
pub struct Offered {
    pub levels: Vec<&'static str>,
    pub sizes: &'static [&'static str],
    pub size_name: &'static str,
}

/// What the game `name` offers, if it is a game's name.
pub fn offered(name: &str) -> Option<Offered> {
    use reductions::game::{Game, GameVisitor};
    use reductions::generate::Ladder;
    struct Offers;
    impl GameVisitor for Offers {
        type Output = Offered;
        fn visit<G: Game>(self, _game: G) -> Offered {
            Offered {
                levels: <G::Difficulty as Ladder>::ALL
                    .iter()
                    .map(|l| l.name())
                    .collect(),
                sizes: G::SIZES,
                size_name: G::SIZE_NAME,
            }
        }
    }
    reductions::registry::visit_game(name, Offers)
}

/// A game's command names its own sizes and levels in the help of `--generate` and
/// `--difficulty`, as the library's game offers them.
fn offers(cmd: clap::Command) -> clap::Command {
    let has = |id: &str| cmd.get_arguments().any(|arg| arg.get_id() == id);
    let Some(offered) = offered(cmd.get_name()) else {
        return cmd;
    };
    if !has("difficulty") || !has("generate") {
        return cmd;
    }
    let levels = offered.levels.join(", ");
    let sizes = offered.sizes.join(", ");
    let size_name = offered.size_name.to_lowercase();
    cmd.mut_arg("difficulty", |arg| {
        arg.help(format!(
            "The difficulty of the puzzles made: {levels} (the first by default)"
        ))
        .long_help(format!(
            "The difficulty of the puzzles made, easiest first: {levels} (the first by \
                 default; docs/puzzles.md says what each level's rules are)."
        ))
    })
    .mut_arg("generate", |arg| {
        arg.long_help(format!(
            "Make new puzzles of this size instead of reading one.\n\nSIZE, the {size_name}: \
             {sizes}, and others (docs/cli.md). Each puzzle has exactly one solution, at the \
             difficulty asked where one is made, and is written in the format the command \
             reads (or as Tatham's game IDs with --format tatham). --seed makes them again."
        ))
    })
}

fn read<A>(matches: &mut clap::ArgMatches) -> Result<PuzzleCommand, clap::Error>
where
    A: clap::FromArgMatches + Into<PuzzleCommand>,
{
    A::from_arg_matches_mut(matches).map(Into::into)
}

/// The command `name`, if it is a puzzle's: its own arguments, or a game's shared ones.
pub fn command(name: &str) -> Option<PuzzleCommandArgs> {
    if let Some(command) = COMMANDS.iter().find(|command| command.name == name) {
        return Some(*command);
    }
    let info = reductions::registry::info_of(name).filter(|info| info.generates)?;
    Some(PuzzleCommandArgs::game(info.name))
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
        let commands: Vec<String> = commands()
            .map(|command| command.get_name().to_owned())
            .collect();
        assert_eq!(commands, registry);
        for command in &COMMANDS {
            assert!(registry.contains(&command.name), "{}", command.name);
        }
    }
}
