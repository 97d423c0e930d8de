//! The command line, as clap derive structs; doc comments are the help text.
//!
//! This file holds the commands and what each takes; `flags.rs` the flags that many
//! commands share (solving, output, making puzzles); `values.rs` the readers of flag values
//! that clap does not know (sizes, shards, durations, option numbers, pieces).

mod flags;
mod quick;
mod values;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

pub use flags::{
    ColorChoice, Deferred, Format, MakeFlags, Output, Propagate, SolveFlags, TreeChoice,
};
use values::{cell, piece_set, positive, rectangle, seconds};
pub use values::{PieceSet, MAX_SHARDS};

/// The command line `args` (the program's name first), read as clap reads it.
pub fn parse(args: Vec<std::ffi::OsString>) -> Result<Cli, clap::Error> {
    match quick::read(&args) {
        Some(cli) => Ok(cli),
        None => parse_with_clap(args),
    }
}

/// `Cli::try_parse_from`, without freeing the parser: its tables live until the process
/// ends, and freeing them item by item took a tenth of a small run's instructions. `-o` after
/// the subcommand wins over `-o` before it.
fn parse_with_clap(args: Vec<std::ffi::OsString>) -> Result<Cli, clap::Error> {
    use clap::{CommandFactory, FromArgMatches};
    let mut command = std::mem::ManuallyDrop::new(Cli::command());
    let mut matches = std::mem::ManuallyDrop::new(command.try_get_matches_from_mut(args)?);
    let sub = matches.subcommand().map(|(_, sub)| sub);
    let after = sub.and_then(|sub| sub.get_one::<PathBuf>("output").cloned());
    let max_after = sub.and_then(|sub| sub.get_one::<usize>("max_input").copied());
    let mut cli =
        Cli::from_arg_matches_mut(&mut matches).map_err(|err| err.format(&mut command))?;
    if after.is_some() {
        cli.output.output = after;
    }
    if max_after.is_some() {
        cli.output.max_input = max_after;
    }
    Ok(cli)
}

/// Exact cover by Dancing Links (Knuth's Algorithms X, C and M).
///
/// Exit status: 0 when a solution was found, 1 when there is none, 2 on any error
/// (bad input, bad arguments), with the message on stderr.
#[derive(Debug, Parser)]
#[command(name = "dlx", version)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    #[command(flatten)]
    pub output: Output,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve an exact-cover problem written in Knuth's DLX text format.
    ///
    /// The first line names the items: the primary items, then a lone `|`, then the
    /// secondary items. Each later line is an option: the names of its items; a secondary
    /// item may carry a color, `item:color`. Lines whose first non-blank character is `|`
    /// are comments. An option without a primary item is skipped with a warning, as Knuth's
    /// programs do.
    ///
    /// Prints the first solution (or every one, or their number): one line per chosen
    /// option, written as in the input, a blank line between solutions.
    ///
    /// Exit status: 0 when a solution was found, 1 when there is none (also with --count,
    /// which then prints 0), 2 on any error.
    #[command(override_usage = "dlx solve [OPTIONS] [FILE]")]
    #[command(after_help = "Examples:\n  \
        dlx solve problem.dlx                   the first solution\n  \
        dlx solve problem.dlx --all             every solution\n  \
        dlx solve problem.dlx --count --stats   the number of solutions, statistics on stderr\n  \
        generate | dlx solve --limit 10         at most 10 solutions of a problem on stdin")]
    Solve(Deferred<SolveArgs>),

    /// The calendar puzzle: eight pieces cover a board of months and days, all but a date.
    ///
    /// The board (docs/puzzles.md): Jan-Jun and Jul-Dec on two rows of six, then the days 1-31 on
    /// rows of seven. The eight pieces R V Y U P N Z L, each used once, may be turned and
    /// flipped; they cover every cell but the date's month and day.
    ///
    /// Plain text (when stdout is not a terminal, or --plain): one line per board row, one
    /// character per cell: the piece's letter, `.` on the two open cells (the month and the
    /// day), `#` where the board has no cell; a blank line between boards. On a terminal,
    /// the pieces are drawn in color with the month and day named in the open cells.
    #[command(after_help = "Examples:\n  \
        dlx calendar                      today's date (in the local time zone)\n  \
        dlx calendar tomorrow             tomorrow's\n  \
        dlx calendar aug-19 --count       how many solutions Aug 19 has (100)\n  \
        dlx calendar 2026-02-28 --all     every solution of a date\n  \
        dlx calendar --all-dates          every date of a leap year counted\n  \
        dlx calendar 8-19 --format svg > aug19.svg")]
    Calendar(Deferred<CalendarArgs>),

    /// L-tromino tilings of a square without one cell, or of any board.
    ///
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
    #[command(after_help = "Examples:\n  \
        dlx tromino --size 4 --missing 2,2 --method divide\n  \
        dlx tromino --size 8 --missing 0,0 --count       30355 tilings\n  \
        dlx tromino --size 4096 --missing 5,7 --method divide > big.txt\n  \
        dlx tromino --board board.txt --all --limit 10")]
    Tromino(Deferred<TrominoArgs>),

    /// Tilings with unlimited pieces: copies of the pieces cover every cell of the board,
    /// each piece used any number of times, turned and flipped unless --fixed.
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
    #[command(override_usage = "dlx tile [OPTIONS] [BOARD] [PIECES]")]
    #[command(after_help = "Examples:\n  \
        dlx tile --size 9x12 --pieces trominoes --count     Project Euler 161\n  \
        dlx tile --size 8x8 --pieces domino --count         12988816\n  \
        dlx tile board.txt --pieces l-tromino --all --limit 3\n  \
        dlx tile --size 6x10 pieces.txt --fixed --count")]
    Tile(Deferred<TileArgs>),

    /// Any polyominoes on any board, each piece used once, turned and flipped at will.
    ///
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
    #[command(after_help = "Example: two L-trominoes on a 2x3 board\n  \
        printf '...\\n...\\n' > board.txt\n  \
        printf 'A\\nAA\\n\\nBB\\n B\\n' > pieces.txt\n  \
        dlx pack board.txt pieces.txt --all")]
    Pack(Deferred<PackArgs>),

    /// Futoshiki: a Latin square with givens and inequalities between neighbours.
    ///
    /// Every row and every column holds 1..n once each; the given digits stay; the
    /// inequalities between neighbouring cells hold.
    ///
    /// The file (docs/puzzles.md): a line with n, then 2n-1 lines. Rows of digits: n numbers
    /// (0 = empty) separated by `|` (no relation), `<` (left smaller) or `>` (left larger).
    /// Between two digit rows, 2n-1 marks: at even positions `-` (none), `^` (upper
    /// smaller) or `v` (upper larger), `-` at odd positions. Blanks between tokens are
    /// optional. Standard input if FILE is absent or `-`.
    ///
    /// Plain text: the same format, every cell filled, the relations kept. On a terminal the
    /// signs stand between the cells and the givens are set apart.
    ///
    /// Is my puzzle unique? `dlx futoshiki puzzle.txt --limit 2 --count` prints 1 for a
    /// puzzle with exactly one solution (2 means several, 0 none, exit status 1).
    #[command(after_help = "Examples:\n  \
        dlx futoshiki puzzle.txt                   the first solution\n  \
        dlx futoshiki puzzle.txt --limit 2 --count 1 if the solution is unique\n  \
        dlx futoshiki puzzle.txt --count           every solution counted\n  \
        dlx futoshiki puzzle.txt --grade           its difficulty\n  \
        dlx futoshiki --generate 7 --difficulty extreme | dlx futoshiki\n  \
        dlx futoshiki --generate 5 --format tatham  a game ID for Tatham's Unequal")]
    Futoshiki(Deferred<FileArgs>),

    /// Binairo (the "01 game", Takuzu, Tatham's Unruly): fill a grid with 0s and 1s.
    ///
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
    #[command(after_help = "Examples:\n  \
        dlx binairo puzzle.txt                   the first solution\n  \
        dlx binairo puzzle.txt --limit 2 --count 1 if the solution is unique\n  \
        printf '4\\n____\\n____\\n____\\n____\\n' | dlx binairo --count      72\n  \
        dlx binairo --generate 8x10 --difficulty normal --seed 3\n  \
        dlx binairo 8x8u:ADfBgcBbjEdbEeaEa        a game ID of Tatham's Unruly")]
    Binairo(Deferred<BinairoArgs>),

    /// Sudoku (4x4, 6x6, 9x9, 12x12, 16x16, 25x25, ...).
    ///
    /// Every row, column and box holds each digit from 1 to the side once; boxes are n x n
    /// on a side n², else 2 x 3 on 6, 2 x 4 on 8, 3 x 4 on 12 (the most nearly square). The
    /// file: one line of side² cells or side lines of side cells; a cell is `1`-`9`, then
    /// `A`-`Z` for 10 and up, `0`, `.` or `_` when empty; or numbers separated by blanks
    /// (any size); or a game ID of Tatham's Solo. `|` and
    /// lines of `-` `+` `=` drawn between boxes are skipped. Standard input if FILE is absent
    /// or `-`.
    ///
    /// Plain text: one line per row of digits (letters beyond 9). On a terminal, lines
    /// between the boxes and the givens set apart.
    #[command(after_help = "Examples:\n  \
        dlx sudoku puzzle.txt\n  \
        echo 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... | dlx sudoku\n  \
        dlx sudoku puzzle.txt --limit 2 --count     1 if the solution is unique\n  \
        dlx sudoku puzzle.txt --grade               its difficulty\n  \
        dlx sudoku --generate 9 --difficulty advanced --seed 7\n  \
        dlx sudoku 3x3:a3c6_8_7a4c8a6d9e5c1c3a1b9a2b6a7c3c8e9d4a1c2a1_2_7c6a   Tatham's Solo ID")]
    Sudoku(Deferred<FileArgs>),

    /// The arrow board: one diagonal arrow in every cell of an n x n board (n even).
    ///
    /// Each arrow (↖ ↗ ↘ ↙) points at a corner of its cell and at the two sides that meet
    /// there; no two arrows point at the same side or the same corner; every row has n/2
    /// arrows pointing up, every column n/2 pointing left. Every even n has exactly two
    /// solutions. The row and column counts are items with multiplicities (Algorithm M).
    ///
    /// Plain text: n lines of n arrows.
    #[command(after_help = "Examples:\n  \
        dlx arrows --size 4 --all\n  \
        dlx arrows --size 8 --format svg > arrows.svg")]
    Arrows(Deferred<ArrowsArgs>),

    /// The n-queens problem: n queens on an n x n board, none attacking another.
    ///
    /// Plain text: n lines of `Q` and `.`. Rows and columns are primary items (listed
    /// centre-first, as Knuth does), diagonals secondary.
    #[command(after_help = "Examples:\n  \
        dlx queens 8                the first of the 92 solutions\n  \
        dlx queens 12 --count       14200")]
    Queens(Deferred<QueensArgs>),

    /// Add up the records of the shards of one count (`dlx ... --count --shard I/N`).
    ///
    /// Each file is the record one shard printed (text or --format json): which shard, the
    /// digest of the problem, the settings that cut the search tree, its count, and `end`.
    /// Prints the exact total when the records are of one count and cover every shard once,
    /// each by its own record or by those of all its subshards; refuses, naming the files, a
    /// shard missing, done twice or incomplete, a record of another count (problem, settings,
    /// N or version), cut short, or of a dlx before records. An incomplete record of a shard
    /// that another record completes is passed over with a note. --status says all this
    /// without adding.
    #[command(after_help = "Examples:\n  \
        dlx merge results/*.out            the total\n  \
        dlx merge --status results/*.out   what is done, missing, incomplete or foreign\n\n\
        Four shards with GNU parallel:\n  \
        parallel --results 'shard-{}.out' dlx solve p.dlx --count --threads 1 --shard {}/4 ::: 0 1 2 3\n  \
        dlx merge shard-*.out")]
    Merge(Deferred<MergeArgs>),

    /// The puzzles on a web page, served from this machine.
    ///
    /// The calendar (any date, every solution, a year of counts), futoshiki, binairo and
    /// sudoku to paste or make and then play, L-tromino tilings, and exact-cover problems in
    /// the DLX format (docs/serve.md).
    ///
    /// Prints the page's address, then answers until stopped (Ctrl-C). The page is built
    /// into the binary and needs nothing from the network. Each request runs at most
    /// --time-limit, no more than --jobs at once; a request whose page went away is
    /// cancelled.
    #[command(after_help = "Examples:\n  \
        dlx serve                  a free port on 127.0.0.1, printed\n  \
        dlx serve --port 8000      http://127.0.0.1:8000/\n  \
        dlx serve --bind 0.0.0.0 --port 8000   the whole network may use it")]
    Serve(Deferred<ServeArgs>),

    /// Shell completions for dlx, on stdout.
    #[command(after_help = "Examples:\n  \
        dlx completions bash > ~/.local/share/bash-completion/completions/dlx\n  \
        dlx completions zsh > ~/.zfunc/_dlx         (with fpath+=~/.zfunc in .zshrc)\n  \
        dlx completions fish > ~/.config/fish/completions/dlx.fish")]
    Completions(Deferred<CompletionsArgs>),

    /// The manual page of dlx (roff), on stdout.
    #[command(after_help = "Example:\n  \
        dlx man > ~/.local/share/man/man1/dlx.1 && man dlx")]
    Man(Deferred<ManArgs>),
}

impl Command {
    /// The flags of a solving command.
    pub fn solve_flags(&self) -> Option<&SolveFlags> {
        match self {
            Command::Solve(args) => Some(&args.flags),
            Command::Calendar(args) => Some(&args.flags),
            Command::Tromino(args) => Some(&args.flags),
            Command::Pack(args) => Some(&args.flags),
            Command::Tile(args) => Some(&args.flags),
            Command::Futoshiki(args) => Some(&args.flags),
            Command::Binairo(args) => Some(&args.flags),
            Command::Sudoku(args) => Some(&args.flags),
            Command::Arrows(args) => Some(&args.flags),
            Command::Queens(args) => Some(&args.flags),
            Command::Merge(_) | Command::Serve(_) | Command::Completions(_) | Command::Man(_) => {
                None
            }
        }
    }

    /// The command's name, as typed.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Solve(_) => "solve",
            Command::Calendar(_) => "calendar",
            Command::Tromino(_) => "tromino",
            Command::Pack(_) => "pack",
            Command::Tile(_) => "tile",
            Command::Futoshiki(_) => "futoshiki",
            Command::Binairo(_) => "binairo",
            Command::Sudoku(_) => "sudoku",
            Command::Arrows(_) => "arrows",
            Command::Queens(_) => "queens",
            Command::Merge(_) => "merge",
            Command::Serve(_) => "serve",
            Command::Completions(_) => "completions",
            Command::Man(_) => "man",
        }
    }
}

/// `dlx man` takes no arguments but `-o`.
#[derive(Debug, Args)]
pub struct ManArgs {}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
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

#[derive(Debug, Args)]
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

#[derive(Debug, Args)]
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

#[derive(Debug, Args)]
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

/// A puzzle read from a file or standard input.
#[derive(Debug, Args)]
pub struct FileArgs {
    /// The puzzle file, or a game ID of Tatham's puzzles; standard input if absent or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    #[command(flatten)]
    pub make: MakeFlags,

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

#[derive(Debug, Args)]
pub struct ArrowsArgs {
    /// The size of the board: an even number from 2 to 100.
    #[arg(long, value_name = "N")]
    pub size: usize,

    #[command(flatten)]
    pub flags: SolveFlags,
}

#[derive(Debug, Args)]
pub struct QueensArgs {
    /// The size of the board, from 1 to 1000.
    #[arg(value_name = "N")]
    pub n: usize,

    #[command(flatten)]
    pub flags: SolveFlags,
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shards' records (their standard output).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,

    /// Say what is done, missing, incomplete or foreign instead of adding up.
    ///
    /// Instead of the total, say which count the records are of, how many shards are done,
    /// which are missing or incomplete (with the reason and the count so far), which files
    /// are records of another count, cut short, or no records, and how evenly the work was
    /// shared (nodes and seconds per record: least, median, most, most/mean). Exit status 0
    /// when the records make one whole count, else 1.
    #[arg(long)]
    pub status: bool,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on [default: a free one, printed].
    #[arg(long, value_name = "PORT")]
    pub port: Option<u16>,

    /// The address to listen on. Anything but a loopback address lets other machines use
    /// the page and this machine's cores (a warning says so).
    #[arg(long, value_name = "ADDRESS", default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,

    /// The most requests solved at once [default: one per core]; more wait their turn.
    #[arg(long, value_name = "N", value_parser = positive)]
    pub jobs: Option<u64>,

    /// The longest a request may search: seconds (10, 0.5) or a duration (90s, 5m); a count
    /// cut short says so.
    #[arg(long, value_name = "TIME", value_parser = seconds, default_value = "10")]
    pub time_limit: std::time::Duration,

    /// How long a connection may take to send a request's head, or stay idle between
    /// requests, before it is closed.
    #[arg(long, value_name = "TIME", value_parser = seconds, default_value = "10")]
    pub idle_timeout: std::time::Duration,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The problem file; standard input if absent or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    #[command(flatten)]
    pub flags: SolveFlags,
}
