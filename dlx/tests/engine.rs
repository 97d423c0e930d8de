//! The engine's own tests, one binary with a module per topic (ripgrep's layout): they use
//! the `dlx` crate alone, so `cargo test -p dlx-engine` runs them without building the command line.

/// Reading the corpus of instances with known counts, and other helpers the command line's
/// tests share (by path).
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

/// The text parser's resource bounds on huge inputs (ignored: 2 GB each).
mod text_limits;

/// Symmetries found automatically, and counts up to them, against published figures and brute force.
mod symmetry;

/// The kernel for many small problems against the links' search, solution by solution.
mod kernel;
