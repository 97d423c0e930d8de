//! The command line's integration tests, one binary with a module per topic (ripgrep's
//! layout); the engine's own are in `dlx/tests/`.

/// Reading the corpus of instances (the engine's helpers, shared by path).
#[path = "../dlx/tests/util.rs"]
mod util;

/// Running the `dlx` binary, and reading its solutions back: what every module below shares.
mod binary;

/// The console examples of README.md and docs/, run and compared.
mod docs;

/// `dlx solve` end to end: outputs, formats, trees, limits, threads, errors.
mod cli;

/// The puzzle commands: calendar, tromino, pack, futoshiki, queens.
mod puzzles;

/// Sudoku, binairo and the arrow board.
mod grids;

/// `--split`, `--within` and `--given`: parts of the search tree.
mod subtrees;

/// `--symmetry` and `--up-to-symmetry`: the group found, counts once per class.
mod symmetry;

/// Memoized counts, tilings, ZDDs, random solutions and estimates.
mod counting;

/// Making and grading puzzles.
mod making;

/// The library's plan for a puzzle and a task, against the command's answers and nodes.
mod plans;

/// Shards' records and `dlx merge`: counts split up, refused when they do not add up.
mod shards;

/// The scripts of docs/scale-out.md, run: GNU parallel, a real Slurm cluster, Kubernetes'
/// indexed Job.
mod scale_out;

/// Limits off the well-trodden path: outputs that are inputs, wide problems on threads.
mod limits;

/// Dominoes by their own methods: domino shuffling and Kasteleyn's determinant.
mod tiling;

/// Every error path of the `dlx` binary (those `cli` leaves out), size limits, panics and
/// closed pipes.
mod cli_errors;

/// The fuzz targets' checks (fuzz/src/lib.rs) on every input of tests/fuzz-regressions.
mod fuzz;

/// `dlx serve` over loopback: the API's answers, its errors, its bounds.
mod serve;

/// The page of `dlx serve` in headless Chromium.
mod browser;

/// Files of many puzzles, one per line.
mod batch;

/// Short flags, durations, completions and the manual page.
mod conventions;
