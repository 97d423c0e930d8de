//! The single integration-test binary (ripgrep's layout): one module per topic.

/// Shared helpers: reading corpus files, running the `dlx` binary.
mod util;

/// Every instance of tests/corpus with its known count, under every engine, each solution verified.
mod corpus;

/// Parallel search and shards against the sequential search.
mod parallel;

/// Random small problems (secondary items, colors) against brute-force enumeration.
mod brute;

/// Options given in advance (`Solver::given`) against the brute force.
mod given;

/// Memoized counting against enumeration, brute force and published figures.
mod memo;

/// Knuth's text format: round trips, and a snapshot of every parse error message.
mod format;

/// The `dlx` binary end to end: outputs, exit statuses, error messages.
mod cli;

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

/// The text parser's resource bounds on huge inputs (ignored: 2 GB each).
mod text_limits;

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
