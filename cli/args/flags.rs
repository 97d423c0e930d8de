//! The flags that many commands share: how to solve and what to print (every solving
//! command), and how to make and grade puzzles (`sudoku`, `futoshiki`, `binairo`).

use clap::{Args, ValueEnum};

use super::values::{option_ids, positive, seconds, shard, size, threads, OptionIds};

/// Making and grading puzzles (`sudoku`, `futoshiki`, `binairo`).
#[derive(Debug, Args)]
pub struct MakeFlags {
    /// Make new puzzles of this side instead of reading one.
    ///
    /// SIZE is the side: 9 for a 9 x 9 sudoku, 9x for a sudoku-X, 9j for a jigsaw (binairo also
    /// takes ROWSxCOLS). Each puzzle has exactly one solution, is minimal for its difficulty, and
    /// is written in the format the command reads (or as Tatham's game IDs with --format tatham).
    /// --seed makes them again.
    #[arg(
        help_heading = "Making puzzles",
        long,
        value_name = "SIZE",
        conflicts_with = "file"
    )]
    pub(in crate::args) generate: Option<String>,

    /// The difficulty of the puzzles made (the easiest by default).
    ///
    /// A rung of the game's ladder, which `dlx GAME --help` lists (docs/puzzles.md).
    #[arg(
        help_heading = "Making puzzles",
        long,
        value_name = "LEVEL",
        requires = "generate",
        conflicts_with = "grade"
    )]
    pub(in crate::args) difficulty: Option<String>,

    /// How many puzzles to make, a blank line between them.
    #[arg(help_heading = "Making puzzles", long, value_name = "N", requires = "generate", conflicts_with = "grade", value_parser = positive, default_value_t = 1)]
    pub(in crate::args) puzzles: u64,

    /// Give back this many clues to each puzzle made.
    ///
    /// They are clues of the solution: the puzzles are easier, and no longer minimal.
    #[arg(
        help_heading = "Making puzzles",
        long,
        value_name = "N",
        requires = "generate",
        conflicts_with = "grade"
    )]
    pub(in crate::args) extra_clues: Option<usize>,

    /// With --generate: print each puzzle's solution too.
    ///
    /// With --generate: after each puzzle, its solution (with --format svg, a second
    /// picture).
    #[arg(
        help_heading = "Making puzzles",
        long,
        requires = "generate",
        conflicts_with = "grade"
    )]
    pub(in crate::args) solution: bool,

    /// Print the puzzle's difficulty instead of solving it.
    ///
    /// The difficulty is the easiest rung of the puzzle's ladder of deduction rules that solves it,
    /// or "needs search" with the size of the engine's search.
    #[arg(help_heading = "Making puzzles", long, conflicts_with = "generate")]
    pub(in crate::args) grade: bool,

    /// Print the next value to place, and the deductions that lead to it.
    ///
    /// One deduction a line, each by the simplest rule of the puzzle's grader that makes progress
    /// (for sudoku hidden and naked singles, intersections, subsets, fish and forcing chains;
    /// futoshiki adds its inequalities and bars; for binairo three in a row, full, nearly full and
    /// distinct lines; for dominosa Tatham's rules on the places left for each domino), with
    /// where it looked and what it ruled out. The puzzle as given counts the player's entries as
    /// givens: enter the value and ask again. Exit status 1 when no rule makes progress (then
    /// only search does) or the grid has no solution. The games: sudoku, futoshiki, binairo,
    /// towers, keen and dominosa.
    #[arg(help_heading = "Solving by hand", long, conflicts_with_all = ["generate", "grade", "explain"])]
    pub(in crate::args) hint: bool,

    /// Print every deduction from the puzzle as given until it is solved.
    ///
    /// Print every step of deduction from the puzzle as given, one a line, each the simplest
    /// rule that makes progress, until the grid is solved or no rule applies (then a last
    /// line says so, and the exit status is 1). The games: sudoku, futoshiki, binairo, towers,
    /// keen and dominosa.
    #[arg(help_heading = "Solving by hand", long, conflicts_with_all = ["generate", "grade"])]
    pub(in crate::args) explain: bool,

    /// Print the puzzle's Tatham game ID, as given, instead of solving it.
    ///
    /// The ID of the puzzle read (its givens and clues; `--format tatham` gives the solved
    /// board's), to open it in Tatham's program; a line each for a file of many puzzles. JSON:
    /// `{"id":"..."}`.
    #[arg(
        help_heading = "Making puzzles",
        long,
        conflicts_with_all = ["generate", "grade", "hint", "explain"]
    )]
    pub(in crate::args) id: bool,
}

/// Flags shared by every solving command.
#[derive(Debug, Args)]
pub struct SolveFlags {
    /// Print every solution, a blank line between them.
    #[arg(help_heading = "Solutions", short, long, conflicts_with = "count")]
    pub(in crate::args) all: bool,

    /// Print only the number of solutions, one line (0 when there is none; exit status 1).
    #[arg(help_heading = "Solutions", short, long)]
    pub(in crate::args) count: bool,

    /// Stop after N solutions (with --count: count at most N).
    ///
    /// Without --count at most N are printed (it implies --all); a count stopped at N says on
    /// stderr that it may be incomplete.
    #[arg(help_heading = "Solutions", short = 'n', long, value_name = "N", value_parser = positive)]
    pub(in crate::args) limit: Option<u64>,

    /// Stop after N nodes of the search tree.
    ///
    /// A note on stderr says when it did. Solutions and counts are then what was found so far, and
    /// exit status 1 means none was found in time.
    #[arg(help_heading = "Limits", long, value_name = "N", value_parser = positive)]
    pub(in crate::args) node_limit: Option<u64>,

    /// Stop after this long (10, 0.5, 90s, 5m, 1h30m).
    ///
    /// Seconds, or a duration with its unit. A note on stderr says when it did, and a count is then
    /// a lower bound. The time counts from the start of the command: reading and building the
    /// problem use it up too (a problem still being read when it runs out is not searched, and a
    /// count says 0). With --generate, the puzzles made by then are printed (exit status 1 when
    /// none was).
    #[arg(help_heading = "Limits", long, value_name = "TIME", value_parser = seconds)]
    pub(in crate::args) timeout: Option<std::time::Duration>,

    /// Stop the whole run after this long, every puzzle of a file together.
    ///
    /// The time (10, 90s, 5m, 1h30m) counts from the start of the command. With a file of many
    /// puzzles, where --timeout bounds each puzzle, the puzzles not done by then stop at once (a
    /// note counts them); with one puzzle it is --timeout.
    #[arg(help_heading = "Limits", long, value_name = "TIME", value_parser = seconds)]
    pub(in crate::args) total_timeout: Option<std::time::Duration>,

    /// Worker threads for --count and --all (0: one per core).
    ///
    /// 1 is sequential, with the solutions in the search's deterministic order; at most 8 per core.
    /// With several, --all prints the solutions as the workers find them, in an order that changes
    /// from run to run (the set is the same): give -j 1 for the order of the search. The first
    /// solution is always found sequentially. An input of several problems, or of puzzles one a
    /// line, shares them among the threads instead, each search on one (docs/cli.md).
    #[arg(help_heading = "Search", short = 'j', long, value_name = "N", default_value_t = 0, value_parser = threads)]
    pub(in crate::args) threads: usize,

    /// Solve only shard I of N (then `dlx merge` the shards' outputs).
    ///
    /// I runs from 0 to N-1, as a Slurm array or a Kubernetes indexed Job numbers its tasks, and N
    /// is at most 65536: every shard enumerates the same top of the search tree and takes every
    /// N-th subtree. With --count, stdout is the shard's record: which shard, the digest of the
    /// problem, the settings that cut the tree, the count, and `end`; add the records of all N
    /// shards with `dlx merge`, which refuses records of different counts (see docs/scale-out.md).
    /// The exit status is 0 even when the shard has no solution, and 1 when its record is
    /// incomplete (stopped by --timeout or --node-limit); interrupted (SIGINT, SIGTERM), a count
    /// prints an incomplete record and exits with 128 plus the signal's number.
    #[arg(help_heading = "Scale-out", long, value_name = "I/N", value_parser = shard)]
    pub(in crate::args) shard: Option<(usize, usize)>,

    /// Solve only subshard J of M of the shard: a slow shard split again (repeat to nest).
    ///
    /// A shard that takes longer than the others runs again as M smaller ones: its subtrees are cut
    /// deeper and every M-th is taken. The records of all M subshards stand for their shard in `dlx
    /// merge`. Repeat the flag to split a subshard again. Not with --memo.
    #[arg(help_heading = "Scale-out", long, value_name = "J/M", value_parser = shard, requires = "shard")]
    pub(in crate::args) subshard: Vec<(usize, usize)>,

    /// A line of progress on stderr every TIME (30s, 5m), for logs of batch jobs.
    ///
    /// It replaces the progress bar, whether or not stderr is a terminal: the estimate of the
    /// fraction of the tree done (Knuth's), solutions and nodes so far, the time taken and the time
    /// left if the estimate is right. TIME is seconds, or a duration with its unit. In the logs of
    /// a batch job (a Slurm array's `.err` files) it shows where each shard is.
    #[arg(help_heading = "Scale-out", long, value_name = "TIME", value_parser = seconds)]
    pub(in crate::args) progress_every: Option<std::time::Duration>,

    /// Print the top of the search tree cut at DEPTH levels instead of solving.
    ///
    /// For users who schedule the subtrees their own way: a line `prefix ID ID ...` for each
    /// partial solution at that depth (the options chosen from the top, numbered from 0 as in
    /// --format json's option_ids), and a line `solution ID ...` for each solution above it. Solve
    /// one subtree with --within; the subtrees' counts and the solutions above add up to the whole
    /// count.
    #[arg(help_heading = "Scale-out", long, value_name = "DEPTH", value_parser = positive, conflicts_with_all = ["all", "count", "limit", "shard"])]
    pub(in crate::args) split: Option<u64>,

    /// Only the solutions that hold these options: their numbers.
    ///
    /// The options are a partial solution to complete (pieces placed, digits given), numbered from
    /// 0 in the order of the input (as --format json's option_ids) and separated by blanks or
    /// commas (quote them). The search starts where they are chosen, on the links, and each
    /// solution lists them first. Refused when they cannot be in one solution. With --split and
    /// --within, the tree below them.
    #[arg(help_heading = "Solutions", long, value_name = "IDS", value_parser = option_ids)]
    pub(in crate::args) given: Option<OptionIds>,

    /// Search only the subtree below a prefix printed by --split.
    ///
    /// The prefix is its option numbers, separated by blanks or commas (quote them).
    #[arg(help_heading = "Scale-out", long, value_name = "IDS", value_parser = option_ids)]
    pub(in crate::args) within: Option<OptionIds>,

    /// With --count: count by memoization, exactly at any size.
    ///
    /// Each distinct subproblem (the items still open and the colors taken) is counted once. Far
    /// faster than enumeration where many partial solutions leave the same rest, as in tilings of
    /// boards (a 16 x 16 board has 2 * 10^30 domino tilings, counted in a fraction of a second);
    /// slower where they rarely do. Uses --threads; with --shard I/N, counts shard I's share of the
    /// signatures (`dlx merge` adds memoized shards, never mixed with enumerated ones); no --within
    /// or --limit. See docs/memo.md.
    #[arg(help_heading = "Memoization", long, requires = "count", conflicts_with_all = ["within", "given", "limit", "split"])]
    pub(in crate::args) memo: bool,

    /// With --count on `tromino` and `tile`, which memoize by default: enumerate instead.
    #[arg(
        help_heading = "Memoization",
        long,
        requires = "count",
        conflicts_with = "memo"
    )]
    pub(in crate::args) no_memo: bool,

    /// The most memory memoized runs may use (4G by default).
    ///
    /// The memoized runs are --memo, --random and --format zdd, and the memory that of their
    /// subproblems: bytes, or with a suffix K, M, G or T (powers of 1024). Past it they stop with
    /// an error saying so.
    #[arg(help_heading = "Memoization", long, value_name = "SIZE", value_parser = size)]
    pub(in crate::args) memo_limit: Option<usize>,

    /// The item memoized runs branch on.
    ///
    /// For --memo, --random and --format zdd: the first open item in the problem's order
    /// (first-item: a board filled in reading order, best for tilings), or the one with the fewest
    /// options left (fewest-options, Knuth's choice: best where pieces are few and constrained). By
    /// default each puzzle's best, measured (docs/memo.md); for `solve`, first-item.
    #[arg(help_heading = "Memoization", long, value_enum, value_name = "ORDER")]
    pub(in crate::args) order: Option<Order>,

    /// Print N solutions drawn uniformly at random.
    ///
    /// Every solution is equally likely and each draw independent (a solution may come twice).
    /// Built from the graph of all solutions, by memoization as --memo counts (see --order and
    /// --memo-limit); a graph whose growth shows it cannot fit stops early, saying what it
    /// would need. Dominoes on an Aztec diamond and the empty 9 x 9 sudoku are drawn by
    /// methods of their own, exactly uniform too. A puzzle's --generate with --solution makes
    /// a random full grid fast, though not uniformly drawn.
    #[arg(help_heading = "Solutions", long, value_name = "N", value_parser = positive, conflicts_with_all = ["all", "count", "limit", "shard", "within", "given", "split"])]
    pub(in crate::args) random: Option<u64>,

    /// Estimate the numbers of solutions and nodes from N random paths.
    ///
    /// It is Knuth's Monte Carlo estimate, from N random paths down the tree, each figure with its
    /// standard error: how long a count would take, before it runs.
    #[arg(help_heading = "Solutions", long, value_name = "N", value_parser = positive, conflicts_with_all = ["all", "count", "limit", "shard", "within", "given", "split", "random"])]
    pub(in crate::args) estimate: Option<u64>,

    /// The seed of --random, --estimate and --generate.
    ///
    /// The same seed gives the same results on every machine. By default a seed from the clock,
    /// which --stats prints.
    #[arg(help_heading = "Solutions", long, value_name = "S")]
    pub(in crate::args) seed: Option<u64>,

    /// Print the problem's symmetries instead of solving it.
    ///
    /// The symmetries are found from the matrix alone: the permutations of items and options
    /// (colors renamed item by item, bounds kept) that map every option onto an option, and so
    /// every solution onto a solution. Prints the group's order, then one generator a line as
    /// cycles of item names. See docs/symmetry.md.
    #[arg(help_heading = "Symmetry", long, conflicts_with_all = ["all", "count", "limit", "random", "estimate", "split", "shard", "within", "given", "up_to_symmetry"])]
    pub(in crate::args) symmetry: bool,

    /// Count or list the solutions once per class of symmetric solutions.
    ///
    /// Two solutions are in one class when a symmetry of the problem (see --symmetry) maps one
    /// onto the other, as the rotations and reflections of a board do: 92 eight-queens
    /// solutions are 12 up to symmetry. With --count, the number of classes, exact (Burnside's
    /// lemma along the stabilizer of an item; a fraction of the plain count's time where an
    /// item is fixed by every symmetry; with --memo, or where the count memoizes by default,
    /// over every symmetry, each one's fixed solutions memoized); otherwise the least solution
    /// of each class. Uses --threads; not with --shard, --within or --given.
    #[arg(help_heading = "Symmetry", long, conflicts_with_all = ["random", "estimate", "split", "shard", "within", "given"])]
    pub(in crate::args) up_to_symmetry: bool,

    /// Reasoning at every node of the search: none, forcing or probing.
    ///
    /// Each adds to Knuth's search: none adds nothing; forcing drops the options that disagree when
    /// every option left for an item agrees on another item, or on its color; probing forces, and
    /// tries each value a secondary item can still take, dropping it when forcing then leaves an
    /// item with no option. The same solutions and counts in a smaller tree. By default each
    /// puzzle's best, measured (docs/engine.md); for `solve`, none (with --tree links, Knuth's
    /// search, node for node).
    #[arg(help_heading = "Search", long, value_enum, value_name = "LEVEL", conflicts_with_all = ["memo", "random", "estimate"])]
    pub(in crate::args) propagate: Option<Propagate>,

    /// The search tree: links (Knuth's), sparse-sets, bitsets or auto.
    ///
    /// links is Knuth's DLX1/DLX2/DLX3 tree on dancing links, whose node and update counts and
    /// order of solutions equal his programs'; sparse-sets, the dancing cells of Solnon and Knuth's
    /// SSXCC, where a cover that leaves an item without options fails without a node; bitsets, the
    /// same tree as sparse-sets walked on bit sets of options, the fastest on problems of up to a
    /// few thousand options (larger ones walk the sparse sets); auto, the bit sets where they fit
    /// and the links elsewhere. The same solutions in another order (docs/engine.md); --stats names
    /// the tree that ran and counts its nodes. Sparse sets and bit sets take no reasoning at every
    /// node (a puzzle's own is off; auto walks the links then); sparse sets take no multiplicities
    /// (Algorithm M), which bit sets search in a tree of their own. By default auto for `solve`
    /// (--tree links for Knuth's counts), and each puzzle's best, measured: bitsets for calendar,
    /// pack and queens, auto for tile and tromino, links elsewhere.
    #[arg(help_heading = "Search", long, value_enum, value_name = "TREE", conflicts_with_all = ["memo", "random", "estimate"])]
    pub(in crate::args) tree: Option<TreeChoice>,

    /// Print search statistics on stderr.
    ///
    /// One `name: value` per line: nodes, updates, solutions, max level (plain integers), time;
    /// with --memo, the subproblems stored, expanded and reached again, the edges between them and
    /// the peak memory.
    #[arg(help_heading = "Output", long)]
    pub(in crate::args) stats: bool,

    /// Output format.
    #[arg(help_heading = "Output", short, long, value_enum, value_name = "FORMAT", default_value_t = Format::Text)]
    pub(in crate::args) format: Format,

    /// Boards in plain text even on a terminal.
    ///
    /// The format that scripts read (see each command's help), never colored.
    #[arg(help_heading = "Output", long, conflicts_with = "pretty")]
    pub(in crate::args) plain: bool,

    /// Boards drawn for people even when stdout is not a terminal.
    ///
    /// With box-drawing lines and labels.
    #[arg(help_heading = "Output", long)]
    pub(in crate::args) pretty: bool,

    /// Colors in the drawing of boards.
    #[arg(help_heading = "Output", long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    pub(in crate::args) color: ColorChoice,
}

impl MakeFlags {
    /// The flags of a command line that gives none (what clap's defaults make, as the tests
    /// of the quick reader check).
    pub fn defaults() -> MakeFlags {
        MakeFlags {
            generate: None,
            difficulty: None,
            puzzles: 1,
            extra_clues: None,
            solution: false,
            grade: false,
            hint: false,
            explain: false,
            id: false,
        }
    }
}

impl SolveFlags {
    /// What the run shows: the first solution, all of them (or `--limit`), or their number.
    pub fn mode(&self) -> Mode {
        if self.count {
            Mode::Count
        } else if self.all || self.limit.is_some() {
            Mode::All
        } else {
            Mode::First
        }
    }

    /// The task the run asks of a puzzle, for the library's plan.
    pub fn task(&self) -> reductions::plan::Task {
        use reductions::plan::Task;
        match self.mode() {
            _ if self.random.is_some() => Task::Random,
            Mode::Count => Task::Count,
            Mode::All => Task::All,
            Mode::First => Task::First,
        }
    }

    /// The threads the run's work is shared among: the engine's rule
    /// ([`dlx::Solver::workers_for`]: one per core for 0).
    pub fn workers(&self) -> usize {
        dlx::Solver::workers_for(self.threads)
    }

    /// What a count asks beyond its number, by which the plan picks its method
    /// ([`Plan::count_method`](reductions::plan::Plan::count_method)).
    pub fn count_ask(&self) -> reductions::plan::CountAsk {
        // `--memo` and `--no-memo` as the library reads them, from the flags' overrides.
        self.overrides().count_ask(reductions::plan::CountAsk {
            memo: false,
            no_memo: false,
            memo_settings: self.order.is_some() || self.memo_limit.is_some(),
            enumeration_parts: self.limit.is_some()
                || self.shard.is_some()
                || self.within.is_some()
                || self.given.is_some()
                || self.split.is_some(),
            memo_limit: self.memo_limit,
            partial: self.node_limit.is_some()
                || self.timeout.is_some()
                || self.total_timeout.is_some(),
        })
    }

    /// When a run of one task must stop: the earlier of `--timeout` and `--total-timeout`,
    /// counted from the start of the command (reading the input, making puzzles and drawing
    /// random solutions included).
    pub fn run_deadline(&self) -> Option<std::time::Instant> {
        let limit = match (self.timeout, self.total_timeout) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        limit.map(|limit| crate::process::started() + limit)
    }

    /// The flags of a command line that gives none (what clap's defaults make, as the tests
    /// of the quick reader check).
    pub fn defaults() -> SolveFlags {
        SolveFlags {
            all: false,
            count: false,
            limit: None,
            node_limit: None,
            timeout: None,
            total_timeout: None,
            threads: 0,
            shard: None,
            subshard: Vec::new(),
            progress_every: None,
            split: None,
            given: None,
            within: None,
            memo: false,
            no_memo: false,
            symmetry: false,
            up_to_symmetry: false,
            memo_limit: None,
            order: None,
            random: None,
            estimate: None,
            seed: None,
            propagate: None,
            tree: None,
            stats: false,
            format: Format::Text,
            plain: false,
            pretty: false,
            color: ColorChoice::Auto,
        }
    }
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
    /// A picture of each board (puzzle commands only): one SVG document, the boards one
    /// below the other when there are several.
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

impl From<Order> for dlx::memo::Branching {
    fn from(order: Order) -> dlx::memo::Branching {
        match order {
            Order::FirstItem => dlx::memo::Branching::FirstItem,
            Order::FewestOptions => dlx::memo::Branching::FewestOptions,
        }
    }
}

/// The search tree of `--tree`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum TreeChoice {
    /// Dancing links: Knuth's tree and counts.
    Links,
    /// Sparse sets: dancing cells.
    SparseSets,
    /// Bit sets: the sparse sets' tree on bit sets of options.
    Bitsets,
    /// The bit sets where they fit, else the links.
    Auto,
}

impl From<TreeChoice> for dlx::Tree {
    fn from(tree: TreeChoice) -> dlx::Tree {
        match tree {
            TreeChoice::Links => dlx::Tree::Links,
            TreeChoice::SparseSets => dlx::Tree::SparseSets,
            TreeChoice::Bitsets => dlx::Tree::Bitsets,
            TreeChoice::Auto => dlx::Tree::Auto,
        }
    }
}

/// The reasoning at every node of a search.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Propagate {
    /// None: Knuth's search.
    None,
    /// Forcing, to a fixpoint.
    Forcing,
    /// Forcing, and failed-value probing of secondary items.
    Probing,
}

impl From<Propagate> for dlx::Propagation {
    fn from(level: Propagate) -> dlx::Propagation {
        match level {
            Propagate::None => dlx::Propagation::None,
            Propagate::Forcing => dlx::Propagation::Forcing,
            Propagate::Probing => dlx::Propagation::Probing,
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

// Where the results go, a flag of `dlx` and of each subcommand (`dlx -o F solve` and `dlx
// solve -o F`). Not one global flag: clap copies a global flag into every subcommand's
// parser, built or not, for each run (4% of a small run's instructions and 8% of its page
// faults). No doc comment: it would become the description of the commands it is
// flattened into.
#[derive(Debug, Args)]
pub struct Output {
    /// Write the results to FILE instead of stdout (- for stdout).
    ///
    /// FILE is written under a temporary name beside it and renamed onto it when the command ends
    /// without an error, so it keeps what it held until then (a device or a pipe is written
    /// directly). An input that is FILE itself is refused. Notes, errors, statistics and the
    /// progress bar stay on stderr; a file is not a terminal, so boards are plain text unless
    /// --pretty.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub(in crate::args) output: Option<std::path::PathBuf>,

    /// Refuse an input larger than SIZE [default: 1G] (K, M, G, T: powers of 1024).
    ///
    /// The input (a file, or stdin) is refused with an error as soon as it passes SIZE, rather than
    /// read all into memory: an endless input (`/dev/zero`, `yes`) stops there. A problem larger
    /// than 1G needs --max-input.
    #[arg(long, value_name = "SIZE", value_parser = super::values::size)]
    pub(in crate::args) max_input: Option<usize>,
}

/// What a run shows ([`SolveFlags::mode`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The first solution (the default).
    First,
    /// Every solution, or at most `--limit`.
    All,
    /// Only their number.
    Count,
}

/// A subcommand's arguments, whose definitions clap builds only for the subcommand that runs
/// (`Command::defer`): building every subcommand's parser, for each run, took about a quarter
/// of a millisecond and 60 page faults of a small run's start-up (`dlx solve` of one option:
/// 1.0-1.16 ms and 184 faults to parse, against 0.76-0.81 ms and 121 faults to exit at once).
/// A command has one deferred part (one set inside it would be lost), so the whole of each
/// subcommand's arguments is.
#[derive(Debug)]
pub struct Deferred<T>(pub T);

impl<T> std::ops::Deref for Deferred<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: clap::FromArgMatches> clap::FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Deferred)
    }

    // The derive's own `from_arg_matches` copies all the matches first.
    fn from_arg_matches_mut(matches: &mut clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Deferred)
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(
        &mut self,
        matches: &mut clap::ArgMatches,
    ) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

/// Which of the flags of [`Output`] a command takes after its name: only those that act on
/// it (`serve` writes no results and reads no input; `man` and `completions` read none).
pub trait OutputFlags {
    /// `-o`: the command writes results.
    const WRITES: bool = true;
    /// `--max-input`: the command reads an input.
    const READS: bool = true;
}

/// `cmd` with the flags of [`Output`] that `T` takes.
fn with_output<T: OutputFlags>(cmd: clap::Command) -> clap::Command {
    if T::WRITES && T::READS {
        return Output::augment_args(cmd);
    }
    let flags = Output::augment_args(clap::Command::new("dlx"));
    flags
        .get_arguments()
        .filter(|arg| match arg.get_id().as_str() {
            "output" => T::WRITES,
            _ => T::READS,
        })
        .fold(cmd, |cmd, arg| cmd.arg(arg.clone()))
}

impl<T: Args + OutputFlags> Args for Deferred<T> {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.defer(|cmd| keeping_about(cmd, |cmd| T::augment_args(with_output::<T>(cmd))))
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        cmd.defer(|cmd| keeping_about(cmd, |cmd| T::augment_args_for_update(with_output::<T>(cmd))))
    }
}

/// `augment(cmd)` with the subcommand's own description kept: the flags' doc comment would
/// become the description, as clap's derive sets it before the subcommand's when not
/// deferred.
fn keeping_about(cmd: clap::Command, augment: fn(clap::Command) -> clap::Command) -> clap::Command {
    let about = cmd.get_about().cloned();
    let long_about = cmd.get_long_about().cloned();
    let cmd = augment(cmd);
    let cmd = match about {
        Some(about) => cmd.about(about),
        None => cmd.about(None::<&'static str>),
    };
    match long_about {
        Some(long_about) => cmd.long_about(long_about),
        None => cmd.long_about(None::<&'static str>),
    }
}
