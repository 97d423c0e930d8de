//! Puzzles as exact-cover problems: each puzzle is parsed, encoded for the [`dlx`] engine, and
//! its solutions decoded back to boards.
//!
//! A [`Reduction`] ties the three steps together; an [`Encoding`] is the exact-cover
//! [`Problem`](dlx::Problem) plus what each of its options means on the board.
//!
//! | module | puzzle | instance | board |
//! |---|---|---|---|
//! | [`calendar`] | the calendar puzzle ([`Calendar`](calendar::Calendar)) | a [`Date`](calendar::Date) | [`PieceBoard`](polyomino::PieceBoard) |
//! | [`pack`] | any pieces on any board ([`Pack`](pack::Pack)) | a [`PackPuzzle`](pack::PackPuzzle) | [`PieceBoard`](polyomino::PieceBoard) |
//! | [`tromino`] | L-tromino tiling ([`Tromino`](tromino::Tromino), and [`divide`](tromino::divide)) | a [`Mask`](grid::Mask) | [`TileBoard`](tromino::TileBoard) |
//! | [`futoshiki`] | Futoshiki ([`Futoshiki`](futoshiki::Futoshiki), and [`judge`](futoshiki::judge)) | a [`Grid`](futoshiki::Grid) | a solved [`Grid`](futoshiki::Grid) |
//! | [`binairo`] | Binairo, the "01 game" ([`Binairo`](binairo::Binairo), two encodings) | a [`Grid`](binairo::Grid) | a solved [`Grid`](binairo::Grid) |
//! | [`arrows`] | the arrow board ([`Arrows`](arrows::Arrows), Algorithm M) | a [`Size`](arrows::Size) | [`Board`](arrows::Board) |
//! | [`sudoku`] | n^2 x n^2 sudoku ([`Sudoku`](sudoku::Sudoku)) | a [`Grid`](sudoku::Grid) | a solved [`Grid`](sudoku::Grid) |
//! | [`towers`] | Towers, skyscrapers ([`Towers`](towers::Towers)) | a [`Grid`](towers::Grid) | a solved [`Grid`](towers::Grid) |
//! | [`keen`] | Keen, KenKen ([`Keen`](keen::Keen)) | a [`Grid`](keen::Grid) | a solved [`Grid`](keen::Grid) |
//! | [`queens`] | n queens, Knuth's encoding ([`Queens`](queens::Queens)) | a [`Size`](queens::Size) | [`Board`](queens::Board) |
//!
//! Shared parts: [`grid`] (cells, boards as cell masks, the board file format, item names),
//! [`polyomino`] (shapes, their orientations and placements, packing as exact cover) and
//! [`text`] (the one error type of every reader, with line and column, and the helpers the
//! readers share).
//!
//! ```
//! use reductions::Encoding;
//!
//! // Two dominoes on a 1 x 2 board... or one, laid flat: the options mean "cells covered".
//! let mut builder = dlx::ProblemBuilder::new();
//! let [left, right] = [builder.primary("c0"), builder.primary("c1")];
//! let mut choices = Vec::new();
//! builder.option([left, right]);
//! choices.push((0, 1));
//! let encoding = Encoding::new(builder.build()?, choices);
//! let solution = dlx::Solver::new(&encoding.problem).first().unwrap();
//! assert_eq!(encoding.choices_of(solution.options()), [&(0, 1)]);
//! # Ok::<(), dlx::BuildError>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::fmt;

pub mod arrows;
pub mod binairo;
pub mod calendar;
pub mod dominosa;
pub mod drawing;
pub mod futoshiki;
pub mod game;
pub mod generate;
pub mod grid;
pub mod hint;
pub mod keen;
pub mod latin;
mod logic;
pub mod pack;
pub mod plan;
pub mod polyomino;
pub mod queens;
pub mod registry;
mod stop;
pub mod sudoku;
mod tatham;
pub mod text;
pub mod tile;
pub mod towers;

pub mod tromino;

/// A puzzle encoded as exact cover: parse, encode, and (after the engine has solved it)
/// decode.
pub trait Reduction {
    /// A parsed, validated instance (a grid, a date, a board size).
    type Puzzle;
    /// What one option means on the board: a piece placement, a digit in a cell.
    type Choice: fmt::Debug;
    /// A solved board; `Display` is its plain-text form.
    type Board: fmt::Display;

    /// Reads an instance from text; never panics, whatever the input. Errors say where the
    /// input is wrong and what was expected ([`text::ParseError`]).
    fn parse(&self, input: &str) -> Result<Self::Puzzle, text::ParseError>;
    /// The exact-cover problem of an instance, in a deterministic item and option order.
    fn encode(&self, puzzle: &Self::Puzzle) -> Result<Encoding<Self::Choice>, dlx::BuildError>;
    /// The board of a solution, given the meanings of its options.
    fn decode(&self, puzzle: &Self::Puzzle, choices: &[&Self::Choice]) -> Self::Board;

    /// The reduction as it best serves `task`, where that differs from `self`: a reduction
    /// with several encodings that was left to choose one picks the one measured best for
    /// the task (Binairo counts loose grids on its pattern encoding). By default, `None`:
    /// `self` serves
    /// every task. [`plan::prepare`] asks this first.
    fn for_task(&self, puzzle: &Self::Puzzle, task: plan::Task) -> Option<Self>
    where
        Self: Sized,
    {
        let _ = (puzzle, task);
        None
    }

    /// The item order in which a memoized count of this puzzle's solutions
    /// ([`dlx::Solver::memo_count`]) stores the fewest subproblems, as measured on its
    /// instances (`docs/memo.md`). By default, the item with the fewest options left: the
    /// best for puzzles whose rules constrain each cell (queens 14: 2.6 s against 5.8 s,
    /// the calendar's Aug 19: 0.02 s against 1.0 s); tilings override it with the first
    /// open item, which fills a board in the order of its cells.
    fn memo_order(&self) -> dlx::memo::Branching {
        dlx::memo::Branching::FewestOptions
    }

    /// Whether a count of this puzzle's solutions should be memoized unless asked otherwise:
    /// where partial solutions repeat their rest so often that memoization is the faster
    /// way on every instance measured (`docs/memo.md`). By default, no.
    fn memo_by_default(&self) -> bool {
        false
    }

    /// For a count whose enumeration Knuth's estimate puts above this many nodes, a memoized
    /// count instead (within a trial budget of memory, and back to the enumeration if that
    /// runs out): where loose grids have more solutions than an enumeration reaches soon,
    /// and their partial solutions repeat their rest ([`plan::MEMO_AFTER_NODES`]). By
    /// default none: counts enumerate (unless [`memo_by_default`](Self::memo_by_default)).
    fn memo_after(&self) -> Option<u64> {
        None
    }

    /// The reasoning that a search of this puzzle runs at every node
    /// ([`dlx::Solver::propagation`]), as measured on its instances (`docs/engine.md`). By
    /// default none: Knuth's search, the fastest wherever propagation at encode time
    /// already leaves the search little to do.
    fn propagation(&self) -> dlx::Propagation {
        dlx::Propagation::None
    }

    /// The search tree that enumerates this puzzle's solutions fastest, measured
    /// (`docs/engine.md`): the bit sets for problems of up to a few thousand options (the
    /// pieces used once, the queens), or [`dlx::Tree::Auto`] where the links beat the sparse
    /// sets on problems too large for the bit sets (the tilings); by default the links,
    /// Knuth's tree, which searches from given options reuse (`sudoku`'s one table per
    /// shape). (The sparse sets and bit sets take no reasoning at every node: a search with
    /// some walks the links whatever this says.)
    fn tree(&self) -> dlx::Tree {
        dlx::Tree::Links
    }

    /// [`propagation`](Self::propagation) for one puzzle, where the best reasoning depends
    /// on the puzzle (its size, say). By default the same for every puzzle.
    fn propagation_for(&self, puzzle: &Self::Puzzle) -> dlx::Propagation {
        let _ = puzzle;
        self.propagation()
    }

    /// The puzzle's own reasoning at every node of a search of `encoding`
    /// ([`dlx::Solver::propagator`]), if it has some that the engine's rules lack. By
    /// default none.
    fn propagator(
        &self,
        _puzzle: &Self::Puzzle,
        _encoding: &Encoding<Self::Choice>,
    ) -> Option<std::sync::Arc<dyn dlx::propagate::Propagator>> {
        None
    }

    /// A direct way to draw uniformly random solutions of `encoding` (each solution's
    /// options), for puzzles where one is known and the graph of all solutions is out of
    /// reach; by default none (`--random` then draws from that graph).
    fn sampler(
        &self,
        _puzzle: &Self::Puzzle,
        _encoding: &Encoding<Self::Choice>,
    ) -> Option<Sampler> {
        None
    }

    /// A direct way to count the solutions exactly, for puzzles where one is known that does
    /// not enumerate or memoize (it runs only when asked); by default none.
    fn counter(&self, _puzzle: &Self::Puzzle) -> Option<Counter> {
        None
    }

    /// The puzzle as a blank puzzle and the options of the blank's encoding that make up its
    /// givens, where the search of the blank's encoding from those options
    /// ([`dlx::Solver::given`]) walks the tree of [`encode`](Self::encode)'s, with the same
    /// nodes and updates (the same items and options, in the same order, once the givens are
    /// taken), and its solutions decode to the same boards. Puzzles of one
    /// [`shape`](Givens::shape) have the same blank, so a run over many puzzles builds that
    /// problem once (and its table, which the problem keeps) instead of once a puzzle. The
    /// blank's encoding is what [`propagator`](Self::propagator) is then given. None where
    /// the puzzle has no such form, or this one would walk another tree; by default none.
    ///
    /// Givens that clash (two that share an item) come as they are, unchecked, since a run over
    /// many puzzles searches most of them once: [`dlx::Solver::given`] (or the kernel's search)
    /// refuses them, and the puzzle is then [encoded](Self::encode) on its own, which may
    /// encode such a puzzle another way.
    fn givens(&self, _puzzle: &Self::Puzzle) -> Option<Givens<Self::Puzzle>> {
        None
    }
}

/// A puzzle split into a blank puzzle and its givens ([`Reduction::givens`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Givens<P> {
    /// Names the blank among the reduction's: equal shapes, equal blanks.
    pub shape: u64,
    /// The puzzle with nothing given.
    pub blank: P,
    /// The givens, as options of the blank's encoding.
    pub options: Vec<dlx::OptionId>,
}

/// Counts the solutions exactly by a method of the puzzle's own ([`Reduction::counter`]).
pub type Counter = std::sync::Arc<dyn Fn() -> dlx::Count + Send + Sync>;

/// Draws one uniformly random solution, as its options ([`Reduction::sampler`]), by a method
/// of the puzzle's own that has a name (`--stats` says it).
#[derive(Clone)]
pub struct Sampler {
    /// The method's name: `domino shuffling`, `bands`.
    pub name: &'static str,
    draw: std::sync::Arc<Draw>,
}

/// A [`Sampler`]'s draw.
type Draw = dyn Fn(&mut generate::Rng) -> Vec<dlx::OptionId> + Send + Sync;

impl Sampler {
    /// The sampler `name` that draws with `draw`.
    pub fn new(
        name: &'static str,
        draw: impl Fn(&mut generate::Rng) -> Vec<dlx::OptionId> + Send + Sync + 'static,
    ) -> Sampler {
        Sampler {
            name,
            draw: std::sync::Arc::new(draw),
        }
    }

    /// One solution drawn with `rng`.
    pub fn draw(&self, rng: &mut generate::Rng) -> Vec<dlx::OptionId> {
        (self.draw)(rng)
    }
}

/// An exact-cover problem and the meaning of each of its options: `choices[k]` belongs to
/// option `k`.
#[derive(Clone, Debug)]
pub struct Encoding<C> {
    /// The exact-cover problem.
    pub problem: dlx::Problem,
    choices: Vec<C>,
}

impl<C> Encoding<C> {
    /// Pairs a problem with the meanings of its options, one per option, in order.
    ///
    /// # Panics
    /// If there is not exactly one choice per option.
    pub fn new(problem: dlx::Problem, choices: Vec<C>) -> Self {
        assert_eq!(
            problem.option_count(),
            choices.len(),
            "an encoding needs one choice per option"
        );
        Encoding { problem, choices }
    }

    /// What an option means.
    pub fn choice(&self, option: dlx::OptionId) -> &C {
        &self.choices[option.index()]
    }

    /// What the options of a solution mean, in the solution's order.
    pub fn choices_of(&self, options: &[dlx::OptionId]) -> Vec<&C> {
        options.iter().map(|&option| self.choice(option)).collect()
    }
}

/// The crate's README, whose examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExamples;
