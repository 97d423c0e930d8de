//! The command line, as clap derive structs; doc comments are the help text.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Exact cover by Dancing Links (Knuth's Algorithms X, C and M).
///
/// Exit status: 0 when a solution was found, 1 when there is none, 2 on any error
/// (bad input, bad arguments), with the message on stderr.
#[derive(Debug, Parser)]
#[command(name = "dlx", version)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
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
    Solve(SolveArgs),

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
        dlx calendar                      today's date (UTC)\n  \
        dlx calendar $(date +%m-%d)       today in the local time zone\n  \
        dlx calendar aug-19 --count       how many solutions Aug 19 has (100)\n  \
        dlx calendar 2026-02-28 --all     every solution of a date\n  \
        dlx calendar --all-dates          every date of a leap year counted\n  \
        dlx calendar 8-19 --format svg > aug19.svg")]
    Calendar(CalendarArgs),

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
    Tromino(TrominoArgs),

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
    Tile(TileArgs),

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
    Pack(PackArgs),

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
    Futoshiki(FileArgs),

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
    Binairo(BinairoArgs),

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
    Sudoku(FileArgs),

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
    Arrows(ArrowsArgs),

    /// The n-queens problem: n queens on an n x n board, none attacking another.
    ///
    /// Plain text: n lines of `Q` and `.`. Rows and columns are primary items (listed
    /// centre-first, as Knuth does), diagonals secondary.
    #[command(after_help = "Examples:\n  \
        dlx queens 8                the first of the 92 solutions\n  \
        dlx queens 12 --count       14200")]
    Queens(QueensArgs),

    /// Add up the counts of the shards of one problem (`dlx ... --count --shard I/N`).
    ///
    /// Each file is the standard output of one shard: `shard I/N` on a line, then the count
    /// on the last line (or the JSON object of --format json). Refuses a set with a missing
    /// or repeated shard, or shards of different N. Prints the total.
    #[command(after_help = "Example, four shards with GNU parallel:\n  \
        parallel dlx solve p.dlx --count --threads 1 --shard {}/4 '>' shard{}.out ::: 0 1 2 3\n  \
        dlx merge shard*.out")]
    Merge(MergeArgs),
}

#[derive(Debug, Args)]
pub struct CalendarArgs {
    /// The date: 8-19, 08-19, aug-19, Aug-19, august-19 or 2026-08-19 [default: today, in
    /// UTC].
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

/// Pieces named on the command line (`--pieces trominoes`).
#[derive(Clone, Debug)]
pub struct PieceSet(pub Vec<reductions::polyomino::Piece>);

fn piece_set(text: &str) -> Result<PieceSet, String> {
    reductions::tile::piece_set(text).map(PieceSet)
}

/// A rectangle, `ROWSxCOLS` with both at least 1.
fn rectangle(text: &str) -> Result<(usize, usize), String> {
    const EXPECTED: &str = "expected ROWSxCOLS, two whole numbers from 1 up, like 9x12";
    let (rows, cols) = text
        .split_once(['x', 'X', '*'])
        .ok_or_else(|| EXPECTED.to_owned())?;
    let max = reductions::grid::MAX_CELLS;
    match (rows.trim().parse::<usize>(), cols.trim().parse::<usize>()) {
        (Ok(rows), Ok(cols)) if rows > 0 && cols > 0 => match rows.checked_mul(cols) {
            Some(cells) if cells <= max => Ok((rows, cols)),
            _ => Err(format!("too large: a board has at most {max} cells")),
        },
        _ => Err(EXPECTED.to_owned()),
    }
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
    /// An option per legal row and column that survives propagation from the givens (the
    /// default): every public puzzle up to 20 x 20 in about a millisecond; too many options on
    /// large, sparse grids (then the cell encoding is used).
    Patterns,
}

/// Making and grading puzzles (`sudoku`, `futoshiki`, `binairo`).
#[derive(Debug, Args)]
pub struct MakeFlags {
    /// Make new puzzles instead of reading one: grids of this side (9 for a 9 x 9 sudoku;
    /// binairo also takes ROWSxCOLS), with exactly one solution, minimal for their difficulty, written in the format the
    /// command reads (or as Tatham's game IDs with --format tatham). --seed makes them
    /// again.
    #[arg(long, value_name = "SIZE", conflicts_with = "file")]
    pub generate: Option<String>,

    /// The difficulty of the puzzles made, a rung of the puzzle's ladder (sudoku: trivial,
    /// basic, intermediate, advanced, extreme, unreasonable; futoshiki: trivial, easy,
    /// tricky, extreme, recursive; binairo: trivial, easy, normal, hard; see
    /// docs/puzzles.md). By default the easiest.
    #[arg(long, value_name = "LEVEL", requires = "generate")]
    pub difficulty: Option<String>,

    /// How many puzzles to make, a blank line between them.
    #[arg(long, value_name = "N", requires = "generate", value_parser = positive, default_value_t = 1)]
    pub puzzles: u64,

    /// Give back this many clues of the solution to each puzzle made: easier, no longer
    /// minimal.
    #[arg(long, value_name = "N", requires = "generate")]
    pub extra_clues: Option<usize>,

    /// With --generate: after each puzzle, its solution (with --format svg, a second
    /// picture).
    #[arg(long, requires = "generate")]
    pub solution: bool,

    /// Print the puzzle's difficulty instead of solving it: the easiest rung of the
    /// puzzle's ladder of deduction rules that solves it, or "needs search" with the size
    /// of the engine's search.
    #[arg(long, conflicts_with = "generate")]
    pub grade: bool,
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

    /// The exact-cover encoding.
    #[arg(long, value_enum, value_name = "ENCODING", default_value_t = BinairoEncoding::Patterns)]
    pub encoding: BinairoEncoding,

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
    /// The shards' outputs.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}

/// Flags shared by every solving command.
#[derive(Debug, Args)]
pub struct SolveFlags {
    /// Print every solution, a blank line between them.
    #[arg(long, conflicts_with = "count")]
    pub all: bool,

    /// Print only the number of solutions, one line (0 when there is none; exit status 1).
    #[arg(long)]
    pub count: bool,

    /// Stop after N solutions: print at most N (implies --all), or with --count count at
    /// most N (a note on stderr then says the count may be incomplete).
    #[arg(long, value_name = "N", value_parser = positive)]
    pub limit: Option<u64>,

    /// Stop after N nodes of the search tree; a note on stderr says when it did. Solutions
    /// and counts are then what was found so far, and exit status 1 means none was found
    /// in time.
    #[arg(long, value_name = "N", value_parser = positive)]
    pub node_limit: Option<u64>,

    /// Stop after this many seconds (a decimal number); a note on stderr says when it did,
    /// and a count is then a lower bound.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub timeout: Option<std::time::Duration>,

    /// Worker threads for --count and --all (0: one per core; 1: sequential, solutions in
    /// the search's deterministic order; at most 8 per core). The first solution is always
    /// found sequentially.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = threads)]
    pub threads: usize,

    /// Solve only shard I of N (I from 0 to N-1, as a Slurm array or a Kubernetes indexed
    /// Job numbers its tasks): every shard enumerates the same top of the search tree and
    /// takes every N-th subtree. With --count, stdout is `shard I/N` then the count; add
    /// the outputs of all N shards with `dlx merge` (see docs/scale-out.md). The exit status
    /// is 0 even when the shard has no solution.
    #[arg(long, value_name = "I/N", value_parser = shard)]
    pub shard: Option<(usize, usize)>,

    /// Instead of solving, print the top of the search tree cut at DEPTH levels, for users
    /// who schedule the subtrees their own way: a line `prefix ID ID ...` for each partial
    /// solution at that depth (the options chosen from the top, numbered from 0 as in
    /// --format json's option_ids), and a line `solution ID ...` for each solution above
    /// it. Solve one subtree with --within; the subtrees' counts and the solutions above
    /// add up to the whole count.
    #[arg(long, value_name = "DEPTH", value_parser = positive, conflicts_with_all = ["all", "count", "limit", "shard"])]
    pub split: Option<u64>,

    /// Search only the subtree below a prefix printed by --split: its option numbers,
    /// separated by blanks or commas (quote them).
    #[arg(long, value_name = "IDS", value_parser = option_ids)]
    pub within: Option<OptionIds>,

    /// With --count: count by memoization, each distinct subproblem (the items still open
    /// and the colors taken) once, exactly at any size. Far faster than enumeration where
    /// many partial solutions leave the same rest, as in tilings of boards (a 16 x 16 board
    /// has 2 * 10^30 domino tilings, counted in a fraction of a second); slower where
    /// they rarely do. Uses --threads (--random and --format zdd run on one); no --shard,
    /// --within or --limit. See docs/memo.md.
    #[arg(long, requires = "count", conflicts_with_all = ["shard", "within", "limit", "split"])]
    pub memo: bool,

    /// With --count on `tromino` and `tile`, which memoize by default: enumerate instead.
    #[arg(long, requires = "count", conflicts_with = "memo")]
    pub no_memo: bool,

    /// The most memory --memo, --random and --format zdd may use for their subproblems:
    /// bytes, or with a suffix K, M, G or T (powers of 1024); 4G by default. Past it they
    /// stop with an error saying so.
    #[arg(long, value_name = "SIZE", value_parser = size)]
    pub memo_limit: Option<usize>,

    /// The item --memo (and --random, --format zdd) branches on: the first open item in the problem's order
    /// (first-item: a board filled in reading order, best for tilings), or the one with
    /// the fewest options left (fewest-options, Knuth's choice: best where pieces are few
    /// and constrained). By default each puzzle's best, measured (docs/memo.md); for
    /// `solve`, first-item.
    #[arg(long, value_enum, value_name = "ORDER")]
    pub order: Option<Order>,

    /// Print N solutions drawn uniformly at random: every solution equally likely, each draw
    /// independent (a solution may come twice). Built from the graph of all solutions, by
    /// memoization as --memo counts (see --order and --memo-limit).
    #[arg(long, value_name = "N", value_parser = positive, conflicts_with_all = ["all", "count", "limit", "shard", "within", "split"])]
    pub random: Option<u64>,

    /// Instead of solving, estimate the number of solutions and of search-tree nodes from N
    /// random paths down the tree (Knuth's Monte Carlo estimate), each with its standard
    /// error: how long a count would take, before it runs.
    #[arg(long, value_name = "N", value_parser = positive, conflicts_with_all = ["all", "count", "limit", "shard", "within", "split", "random"])]
    pub estimate: Option<u64>,

    /// The seed of --random, --estimate and --generate: the same seed gives the same results
    /// on every machine. By default a seed from the clock, which --stats prints.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Print search statistics on stderr, one `name: value` per line: nodes, updates,
    /// solutions, max level (plain integers), time; with --memo, the subproblems stored,
    /// expanded and reached again, the edges between them and the peak memory.
    #[arg(long)]
    pub stats: bool,

    /// Output format.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    pub format: Format,

    /// Boards in plain text even on a terminal: the format that scripts read (see each
    /// command's help), never colored.
    #[arg(long, conflicts_with = "pretty")]
    pub plain: bool,

    /// Boards drawn for people (box-drawing lines, labels) even when stdout is not a
    /// terminal.
    #[arg(long)]
    pub pretty: bool,

    /// Colors in the drawing of boards.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The problem file; standard input if absent or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    #[command(flatten)]
    pub flags: SolveFlags,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The board (or, for `solve`, one line per chosen option); a blank line between
    /// solutions. Plain text when stdout is not a terminal or with --plain.
    Text,
    /// JSON Lines, one object per solution: `{"solution":1,...}` with the board as data (for
    /// `solve`: `"options":["A D",...],"option_ids":[3,...]`, ids numbering the options from
    /// 0 in input order, skipped options not counted); with --count, `{"count":N,"complete":true}`.
    Json,
    /// The exact-cover problem in Knuth's text format, not solved (pipe it into `dlx solve`
    /// or into Knuth's programs); for `solve`, the problem written back canonically.
    Dlx,
    /// A picture of each board, one standalone SVG document per solution, a blank line
    /// between documents (puzzle commands only).
    Svg,
    /// The board as a game ID of Simon Tatham's puzzles (`sudoku`: Solo, `futoshiki`:
    /// Unequal, `binairo`: Unruly), which his programs read in "Game > Specific"; with
    /// --generate, the puzzle made.
    Tatham,
    /// The ZDD of all solutions in the text format of Knuth's ZDDREAD programs (his DLX6's
    /// output), by memoization: a node a line, `NODE: (~VAR?LO:HI)` in hexadecimal, VAR the
    /// option's number from 1; the last line is the root (see docs/memo.md).
    Zdd,
}

/// The item a memoized count branches on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Order {
    /// The first open item in the problem's item order.
    FirstItem,
    /// The open item with the fewest options left.
    FewestOptions,
}

impl From<Order> for dlx::Branching {
    fn from(order: Order) -> dlx::Branching {
        match order {
            Order::FirstItem => dlx::Branching::FirstItem,
            Order::FewestOptions => dlx::Branching::FewestOptions,
        }
    }
}

/// When to color the drawing of a board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// When stdout is a terminal and the environment variable NO_COLOR is unset or empty.
    Auto,
    /// Always (for `less -R`); implies the drawing for people unless --plain is given.
    Always,
    /// Never.
    Never,
}

/// Option numbers, as `--split` prints them.
#[derive(Clone, Debug)]
pub struct OptionIds(pub Vec<usize>);

/// Option numbers, separated by blanks or commas.
fn option_ids(text: &str) -> Result<OptionIds, String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|id| !id.is_empty())
        .map(|id| {
            id.parse::<usize>().map_err(|_| {
                format!("expected option numbers (as --split prints them), found `{id}`")
            })
        })
        .collect::<Result<_, _>>()
        .map(OptionIds)
}

/// A time limit in seconds: a positive decimal number.
fn seconds(text: &str) -> Result<std::time::Duration, String> {
    /// About 31,700 years: longer is no limit at all, and says so.
    const LONGEST: f64 = 1e12;
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s < LONGEST => Ok(std::time::Duration::from_secs_f64(s)),
        Ok(s) if s >= LONGEST => Err(format!(
            "too large: expected fewer than {LONGEST:e} seconds (leave --timeout out for no \
             limit)"
        )),
        _ => Err("expected a number of seconds greater than 0, like 10 or 0.5".to_owned()),
    }
}

/// A size in bytes: a whole number, or one followed by K, M, G or T (powers of 1024).
fn size(text: &str) -> Result<usize, String> {
    const EXPECTED: &str = "expected a size in bytes, like 512M or 8G (K, M, G, T: powers of 1024)";
    let (digits, shift) = match text.trim().char_indices().last() {
        Some((at, unit)) if unit.is_ascii_alphabetic() => {
            let shift = match unit.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                _ => return Err(EXPECTED.to_owned()),
            };
            (&text.trim()[..at], shift)
        }
        _ => (text.trim(), 0),
    };
    let value: u64 = digits.parse().map_err(|_| EXPECTED.to_owned())?;
    match value
        .checked_mul(1 << shift)
        .and_then(|bytes| usize::try_from(bytes).ok())
    {
        Some(0) => Err("expected a size greater than 0".to_owned()),
        Some(bytes) => Ok(bytes),
        None => Err(format!("too large: expected at most {} bytes", usize::MAX)),
    }
}

/// A shard, `I/N` with `0 <= I < N`.
fn shard(text: &str) -> Result<(usize, usize), String> {
    let parsed = text.split_once('/').and_then(|(i, n)| {
        Some((
            i.trim().parse::<usize>().ok()?,
            n.trim().parse::<usize>().ok()?,
        ))
    });
    match parsed {
        Some((i, n)) if i < n => Ok((i, n)),
        Some((i, n)) => Err(format!(
            "shard {i}/{n} does not exist: I must be less than N (shards are numbered from 0)"
        )),
        None => Err("expected I/N, like 0/8 (shard I of N, from 0)".to_owned()),
    }
}

/// A count for a limit: a whole number from 1 up (0 would stop every search before it starts).
fn positive(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("expected a whole number from 1 up".to_owned()),
        Ok(n) => Ok(n),
        Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => Err(format!(
            "too large: expected a whole number from 1 to {}",
            u64::MAX
        )),
        Err(err) => Err(format!("expected a whole number from 1 up ({err})")),
    }
}

/// A number of threads: 0 (one per core) up to [`dlx::Solver::max_threads`], 8 per core;
/// more only slow the search down and, by the thousand, exhaust the system.
fn threads(text: &str) -> Result<usize, String> {
    let max = dlx::Solver::max_threads();
    match text.parse::<usize>() {
        Ok(n) if n <= max => Ok(n),
        Ok(_) => Err(format!(
            "expected at most {max} threads (8 per core on this machine's {} cores)",
            max / 8
        )),
        Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => Err(format!(
            "too large: expected at most {max} threads (8 per core)"
        )),
        Err(err) => Err(format!(
            "expected a whole number, 0 for one per core ({err})"
        )),
    }
}

/// A cell, `R,C` from 0.
fn cell(text: &str) -> Result<reductions::grid::Cell, String> {
    text.parse()
        .map_err(|err: reductions::grid::CellError| err.to_string())
}
