//! How the library solves a puzzle for a task: one [`Plan`] per puzzle and [`Task`], taken from
//! the puzzle's [`Reduction`], so that a program that embeds the crates, the `dlx` command
//! and its web page search the same tree with the same reasoning and get the same answers in
//! the same time.
//!
//! A plan is built from the reduction's measured choices: the encoding the task wants
//! ([`Reduction::for_task`]), the search tree ([`Reduction::tree`]), the engine's reasoning at
//! every node ([`Reduction::propagation_for`]) and the puzzle's own
//! ([`Reduction::propagator`]), whether a count memoizes and in which item order
//! ([`Reduction::memo_by_default`], [`Reduction::memo_order`]), and the puzzle's own exact
//! counter and uniform sampler where it has them. Each part is a public field: a caller may
//! override any of them before it builds the solver.
//!
//! ```
//! use reductions::binairo::Binairo;
//! use reductions::plan::{prepare, Task};
//! use reductions::Reduction;
//!
//! let binairo = Binairo::default();
//! let grid = binairo.parse("6\n_0____\n____01\n__1__1\n__1_0_\n______\n__1___\n")?;
//! let prepared = prepare(&binairo, &grid, Task::Unique)?;
//! let outcome = prepared.solver().count();
//! assert_eq!(outcome.solutions, 1);
//! let solution = prepared.solver().first().unwrap();
//! let solved = prepared.decode(&grid, solution.options());
//! assert_eq!(solved.to_string(), "100110\n010101\n001011\n101100\n110010\n011001");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::sync::Arc;

use crate::{Counter, Encoding, Reduction, Sampler};

/// What a search of a puzzle is for: each may want another encoding, tree or method.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Task {
    /// One solution.
    First,
    /// Whether the puzzle has exactly one solution: up to two.
    Unique,
    /// Every solution, one by one.
    All,
    /// The number of solutions.
    Count,
    /// Uniformly random solutions.
    Random,
}

/// How to search one puzzle for one [`Task`]: the tree, the reasoning, and for counts and
/// random draws the method. Built by [`plan`] or [`prepare`]; every field may be changed.
#[derive(Clone)]
pub struct Plan {
    /// The task this plan is for.
    pub task: Task,
    /// The search tree ([`dlx::Solver::tree`]).
    pub tree: dlx::Tree,
    /// The engine's reasoning at every node ([`dlx::Solver::propagation`]).
    pub propagation: dlx::Propagation,
    /// The puzzle's own reasoning at every node ([`dlx::Solver::propagator`]).
    pub propagator: Option<Arc<dyn dlx::propagate::Propagator>>,
    /// Whether a count memoizes ([`dlx::Solver::memo_count`]) rather than enumerates.
    pub memoize: bool,
    /// The item order of a memoized count or graph ([`dlx::Solver::branching`]).
    pub memo_order: dlx::memo::Branching,
    /// The puzzle's own exact count, where it has one ([`Reduction::counter`]).
    pub counter: Option<Counter>,
    /// The puzzle's own uniform draw, where it has one ([`Reduction::sampler`]).
    pub sampler: Option<Sampler>,
}

impl fmt::Debug for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Plan")
            .field("task", &self.task)
            .field("tree", &self.tree)
            .field("propagation", &self.propagation)
            .field("propagator", &self.propagator.is_some())
            .field("memoize", &self.memoize)
            .field("memo_order", &self.memo_order)
            .field("counter", &self.counter.is_some())
            .field("sampler", &self.sampler.is_some())
            .finish()
    }
}

impl Plan {
    /// A solver of `problem` set up as this plan says: its tree, its reasoning, its memo
    /// order, and for [`Task::First`] and [`Task::Unique`] a limit of one or two solutions.
    /// Threads and time limits are the caller's to add.
    ///
    /// ```
    /// use reductions::plan::{plan, Task};
    /// use reductions::sudoku::Sudoku;
    /// use reductions::Reduction;
    ///
    /// let sudoku = Sudoku::default();
    /// let grid = sudoku.parse(&"1234341221434321".replace('4', "."))?;
    /// let encoding = sudoku.encode(&grid)?;
    /// let plan = plan(&sudoku, &grid, &encoding, Task::Count);
    /// assert_eq!(plan.solver(&encoding.problem).count().solutions, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solver<'p>(&self, problem: &'p dlx::Problem) -> dlx::Solver<'p> {
        self.configure(dlx::Solver::new(problem))
    }

    /// `solver` (with the caller's limits, threads, progress already set) set up as this
    /// plan says, as [`solver`](Self::solver) sets up a new one.
    pub fn configure<'p>(&self, solver: dlx::Solver<'p>) -> dlx::Solver<'p> {
        let mut solver = solver
            .tree(self.tree)
            .propagation(self.propagation)
            .branching(self.memo_order);
        if let Some(propagator) = &self.propagator {
            solver = solver.propagator(propagator.clone());
        }
        match self.task {
            Task::First => solver.limit(1),
            Task::Unique => solver.limit(2),
            Task::All | Task::Count | Task::Random => solver,
        }
    }
}

/// The plan for `task` on `puzzle`, whose encoding by `reduction` is `encoding` (the
/// propagator and the sampler read it). `reduction` should be the one the task wants
/// ([`Reduction::for_task`]); [`prepare`] takes care of that.
pub fn plan<R: Reduction>(
    reduction: &R,
    puzzle: &R::Puzzle,
    encoding: &Encoding<R::Choice>,
    task: Task,
) -> Plan {
    Plan {
        task,
        tree: reduction.tree(),
        propagation: reduction.propagation_for(puzzle),
        propagator: reduction.propagator(puzzle, encoding),
        memoize: reduction.memo_by_default(),
        memo_order: reduction.memo_order(),
        counter: match task {
            Task::Count => reduction.counter(puzzle),
            _ => None,
        },
        sampler: match task {
            Task::Random => reduction.sampler(puzzle, encoding),
            _ => None,
        },
    }
}

/// A puzzle made ready for a task: the reduction as the task wants it, the puzzle's encoding
/// by that reduction, and the plan. What [`prepare`] returns.
pub struct Prepared<R: Reduction> {
    /// The reduction that wrote [`encoding`](Self::encoding) (for a count of a puzzle with
    /// several encodings, perhaps not the one asked for: see [`Reduction::for_task`]).
    pub reduction: R,
    /// The exact-cover problem and what its options mean.
    pub encoding: Encoding<R::Choice>,
    /// How to search it.
    pub plan: Plan,
}

impl<R: Reduction> Prepared<R> {
    /// A solver of the encoding, set up as the plan says ([`Plan::solver`]).
    pub fn solver(&self) -> dlx::Solver<'_> {
        self.plan.solver(&self.encoding.problem)
    }

    /// The board of a solution, given its options.
    pub fn decode(&self, puzzle: &R::Puzzle, options: &[dlx::OptionId]) -> R::Board {
        self.reduction
            .decode(puzzle, &self.encoding.choices_of(options))
    }
}

/// Makes `puzzle` ready for `task` as the `dlx` command would: the reduction the task wants,
/// its encoding of the puzzle, and the [`plan`] to search it. The `dlx` command and its web
/// page solve every puzzle this way.
///
/// ```
/// use reductions::plan::{prepare, Task};
/// use reductions::queens::Queens;
/// use reductions::Reduction;
///
/// let board = Queens.parse("8")?;
/// let prepared = prepare(&Queens, &board, Task::Count)?;
/// assert_eq!(prepared.solver().count().solutions, 92);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn prepare<R: Reduction + Clone>(
    reduction: &R,
    puzzle: &R::Puzzle,
    task: Task,
) -> Result<Prepared<R>, dlx::BuildError> {
    let reduction = reduction
        .for_task(puzzle, task)
        .unwrap_or_else(|| reduction.clone());
    let encoding = reduction.encode(puzzle)?;
    let plan = plan(&reduction, puzzle, &encoding, task);
    Ok(Prepared {
        reduction,
        encoding,
        plan,
    })
}
