//! Exact cover by Dancing Links, after Knuth (TAOCP Volume 4B, Section 7.2.2.1).
//!
//! An exact-cover problem has *items* and *options*; each option is a set of items. A
//! solution is a set of options that covers every *primary* item exactly once and every
//! *secondary* item at most once. A secondary item may also be given a *color* by an option:
//! then any number of chosen options may share the item, as long as they all give it the
//! same color. Sudoku, n-queens, polyomino packing and many puzzles are exact-cover problems.
//!
//! # Brief overview
//!
//! - [`ProblemBuilder`] collects items (as typed handles: [`Primary`], [`Secondary`],
//!   [`Color`]) and options, and checks them once in [`build`](ProblemBuilder::build).
//! - [`Problem`] is the immutable result; [`Problem::from_dlx`] and [`Problem::to_dlx`] read
//!   and write it in Knuth's text format (module [`text`]).
//! - [`Solver`] searches: [`solutions`](Solver::solutions) is a lazy iterator,
//!   [`first`](Solver::first), [`count`](Solver::count) and [`for_each`](Solver::for_each)
//!   run to the end or to a limit (solutions, nodes, time), and [`Stats`] and [`Progress`]
//!   report on the search. `count` and `for_each` run on several threads with
//!   [`threads`](Solver::threads), and a count can be split over machines with
//!   [`shard`](Solver::shard) or [`split`](Solver::split) and [`within`](Solver::within).
//!   [`given`](Solver::given) keeps the solutions that hold some options, searched from
//!   where they are chosen; a problem keeps its table for the searches after its second, so
//!   one problem serves every instance that differs only in its givens.
//! - [`Solver::propagation`] adds reasoning at every node of the search (forcing and
//!   failed-value probing, see [`Propagation`]), and [`Solver::propagator`] a problem's own
//!   ([`Propagator`](propagate::Propagator), which sees and prunes the node through
//!   [`Node`](propagate::Node); module [`propagate`]): the same solutions
//!   in a smaller tree. Removals are undone when the search leaves the node; without
//!   propagation the search is Knuth's, step for step.
//! - [`Solver::memo_count`] counts by memoization, exactly at any size ([`Count`]), where
//!   an enumeration would visit every solution; [`Solver::memo_graph`] keeps the graph of all
//!   solutions, to write as a ZDD or to draw solutions uniformly at random, and
//!   [`Solver::estimate`] is Knuth's estimate of a search's size (module [`memo`]).
//! - [`symmetry::Group::of`] finds a problem's symmetries from its items and options alone
//!   (the rotations and reflections of a board, a sudoku's relabelings), with the group's
//!   exact order; [`Solver::count_up_to_symmetry`] counts the classes of solutions that they
//!   map onto each other, exactly and in a fraction of a plain count's time, and
//!   [`Solver::for_each_up_to_symmetry`] lists one of each (module [`symmetry`]).
//! - [`verify`] checks a claimed solution against the problem, independently of the search.
//!
//! | engine | Knuth | handles |
//! |---|---|---|
//! | [`Engine::X`] | Algorithm X, his DLX1 | primary and secondary items |
//! | [`Engine::C`] | Algorithm C, his DLX2 | colors on secondary items |
//! | [`Engine::M`] | Algorithm M, his DLX3 | multiplicities: primary items covered `u..=v` times |
//!
//! The search is Knuth's, step for step: the same choice of item (fewest options, leftmost
//! among equals), so the same search tree and the same node and update counts as his
//! programs on the same input. It is iterative, so deep trees cannot overflow the stack.
//! Solution counts are `u128`; node and update counts are `u64`, which a search at a billion
//! nodes a second would take centuries to exhaust.
//!
//! # Example
//!
//! Knuth's example of color controls: items `A B C` primary, `X Y` secondary.
//!
//! ```
//! use dlx::{ProblemBuilder, Solver};
//!
//! let mut builder = ProblemBuilder::new();
//! let [a, b, c] = ["A", "B", "C"].map(|name| builder.primary(name));
//! let [x, y] = ["X", "Y"].map(|name| builder.secondary(name));
//! let [zero, one] = ["0", "1"].map(|name| builder.color(name));
//! builder.option([a.into(), b.into(), x.with_color(zero), y.with_color(zero)]);
//! builder.option([a.into(), c.into(), x.with_color(one), y.with_color(one)]);
//! builder.option([b.into(), x.with_color(one)]);
//! builder.option([c.into(), y.with_color(one)]);
//! let problem = builder.build()?;
//!
//! let solutions: Vec<_> = Solver::new(&problem).solutions().collect();
//! assert_eq!(solutions.len(), 1);
//! assert_eq!(problem.option_text(solutions[0].options()[0]), "A C X:1 Y:1");
//! dlx::verify(&problem, solutions[0].options()).expect("an exact cover");
//! # Ok::<(), dlx::BuildError>(())
//! ```

#![deny(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]

mod engine;
mod error;
mod fallible;
pub mod kernel;
mod limits;
pub mod memo;
mod outcome;
mod parallel;
mod problem;
pub mod propagate;
mod run;
mod search;
mod solver;
mod stats;
pub mod symmetry;
pub mod text;
mod threads;
mod unchecked;
mod verify;

pub use engine::{Engine, Tree};
pub use error::{
    BuildError, BuildErrorKind, CoverError, GivenError, ParseError, ParseErrorKind, ParseWarning,
    ParseWarningKind, PrefixError,
};
pub use limits::MAX_NODES;
pub use memo::Count;
pub use outcome::{Outcome, Solution, StopReason};
pub use problem::{
    Color, Entry, ItemId, OptionId, OptionItem, Primary, Problem, ProblemBuilder, Secondary,
};
pub use propagate::Propagation;
pub use solver::{Solutions, Solver, Split};
pub use stats::{Cut, MemoProgress, Progress, Stats};
pub use verify::verify;

/// The version of the order in which the search walks a problem's tree: which item a node
/// branches on, the order of its options, and where [`Solver::shard`] cuts the top. Shards
/// of one count are the same prefixes of the tree only when every one was searched in the
/// same order, so a shard's record names this number (the crate's version does not change
/// with each build); it goes up with any change that moves a prefix to another shard.
///
/// ```
/// assert!(dlx::SEARCH_ORDER >= 1);
/// ```
pub const SEARCH_ORDER: u32 = 1;

/// The crate's README, whose examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExamples;
