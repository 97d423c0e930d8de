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

mod count;
mod overrides;

pub use count::{CountError, Counted, Counting, TRIAL_MEMO_LIMIT};
pub use overrides::{OverrideError, Overrides};

/// The size of an enumeration, in nodes of Knuth's estimate ([`dlx::Solver::estimate`], 1,000
/// probes), from which a count of a loose grid (sudoku, futoshiki) memoizes instead
/// ([`Reduction::memo_after`]): some five seconds of enumeration. Measured (one thread): an
/// empty 6 x 6 sudoku, estimated 2.6e8 nodes, counts in 1.3 s memoized and 5.7 s enumerated;
/// a 9 x 9 of 1,736,373 solutions, estimated 1.9e7 (21.6 million), in 1.0 s enumerated and
/// 1.2 s memoized.
pub const MEMO_AFTER_NODES: u64 = 100_000_000;

/// The probes of the estimate that [`MEMO_AFTER_NODES`] is compared with (a few
/// milliseconds), and its seed.
pub const MEMO_ESTIMATE: (u64, u64) = (1_000, 1);

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

impl Task {
    /// Every task, by the name [`Task::from_str`](std::str::FromStr::from_str) reads.
    pub const NAMES: [(&'static str, Task); 5] = [
        ("first", Task::First),
        ("unique", Task::Unique),
        ("all", Task::All),
        ("count", Task::Count),
        ("random", Task::Random),
    ];
}

/// A task by its name, as every front end that takes one by name reads it (the web page's
/// `task=`, Python's `task`):
///
/// ```
/// use reductions::plan::Task;
///
/// assert_eq!("unique".parse::<Task>(), Ok(Task::Unique));
/// assert_eq!(
///     "some".parse::<Task>().unwrap_err(),
///     "task 'some': expected first, unique, all, count or random"
/// );
/// ```
impl std::str::FromStr for Task {
    type Err = String;

    fn from_str(name: &str) -> Result<Task, String> {
        Task::NAMES
            .iter()
            .find(|(known, _)| *known == name)
            .map(|&(_, task)| task)
            .ok_or_else(|| {
                format!(
                    "task '{}': expected first, unique, all, count or random",
                    crate::text::shown(name)
                )
            })
    }
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
    /// A count whose enumeration is estimated above this many nodes memoizes
    /// ([`Reduction::memo_after`]).
    pub memo_after: Option<u64>,
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
            .field("memo_after", &self.memo_after)
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

impl Plan {
    /// The plan of a problem that no puzzle describes (`dlx solve`, a program's own matrix):
    /// Knuth's search (no reasoning at the nodes, memoized runs in first-item order) on the
    /// bit sets where they fit, else his links, counted by enumeration.
    pub fn plain(task: Task) -> Plan {
        Plan {
            task,
            tree: dlx::Tree::Auto,
            propagation: dlx::Propagation::None,
            propagator: None,
            memoize: false,
            memo_after: None,
            memo_order: dlx::memo::Branching::FirstItem,
            counter: None,
            sampler: None,
        }
    }

    /// How a count of this plan is made, given what the caller asks of it beyond its number:
    /// the one choice of method that the library's counts ([`Prepared::count_with`]) and the
    /// `dlx` command make.
    ///
    /// ```
    /// use reductions::plan::{CountAsk, CountMethod, Plan, Task};
    ///
    /// let plain = Plan::plain(Task::Count);
    /// assert_eq!(plain.count_method(&CountAsk::default()), CountMethod::Enumerate);
    /// let memo = CountAsk { memo: true, ..CountAsk::default() };
    /// assert_eq!(plain.count_method(&memo), CountMethod::Memo);
    /// ```
    pub fn count_method(&self, ask: &CountAsk) -> CountMethod {
        if ask.memo {
            return CountMethod::Memo;
        }
        if ask.no_memo || ask.enumeration_parts {
            return CountMethod::Enumerate;
        }
        if self.counter.is_some() && !ask.memo_settings {
            return CountMethod::Counter;
        }
        if self.memoize {
            return CountMethod::Memo;
        }
        match self.memo_after {
            Some(nodes) if !ask.partial => CountMethod::MemoIfLoose(nodes),
            _ => CountMethod::Enumerate,
        }
    }

    /// Whether a count up to symmetry memoizes (Burnside's lemma over every symmetry, each
    /// one's fixed solutions memoized: [`dlx::Solver::memo_count_up_to_symmetry`]) rather
    /// than enumerate ([`dlx::Solver::count_up_to_symmetry`]): where the count would memoize,
    /// or the puzzle count by itself (its own counter knows nothing of symmetry); the library's
    /// counts and the `dlx` command both ask here.
    ///
    /// ```
    /// use reductions::plan::{CountAsk, Plan, Task};
    ///
    /// let plain = Plan::plain(Task::Count);
    /// assert!(!plain.memoizes_up_to_symmetry(&CountAsk::default()));
    /// assert!(plain.memoizes_up_to_symmetry(&CountAsk { memo: true, ..CountAsk::default() }));
    /// ```
    pub fn memoizes_up_to_symmetry(&self, ask: &CountAsk) -> bool {
        matches!(
            self.count_method(ask),
            CountMethod::Memo | CountMethod::Counter
        )
    }
}

/// How a count is made ([`Plan::count_method`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CountMethod {
    /// The puzzle's own exact count ([`Plan::counter`]).
    Counter,
    /// A memoized count ([`dlx::Solver::memo_count`]).
    Memo,
    /// A memoized count if the enumeration is a loose grid's ([`is_loose`] above this many
    /// nodes), else enumeration.
    MemoIfLoose(u64),
    /// Enumeration ([`dlx::Solver::count`]).
    Enumerate,
}

/// What a caller asks of a count beyond its number, which rules out some methods
/// ([`Plan::count_method`]). The default asks nothing more.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CountAsk {
    /// Memoize, whatever the plan says (`--memo`); not the puzzle's own count either.
    pub memo: bool,
    /// Never memoize (`--no-memo`).
    pub no_memo: bool,
    /// The memo's own settings are given (its item order, its memory): a count memoized by
    /// default is then the memo's, not the puzzle's own.
    pub memo_settings: bool,
    /// Parts of the enumeration are asked for (a limit on solutions, a shard, a prefix,
    /// givens, a split), which only enumeration has.
    pub enumeration_parts: bool,
    /// Part of the count is wanted where a time or node limit stops it: an enumeration tells
    /// one and a memo does not, so a count that memoizes only when loose enumerates.
    pub partial: bool,
    /// The most memory a memoized count may take, in bytes, where the caller gives it
    /// ([`Plan::count_on`]).
    pub memo_limit: Option<usize>,
}

/// Whether the enumeration of `solver` is a loose grid's, to count by memoization
/// ([`Plan::memo_after`]): Knuth's estimate puts it above `nodes`, once a short enumeration
/// (ten nodes a probe) has not ended: a puzzle's count ends within that, in a millisecond,
/// where the estimate costs some 20 on a sudoku.
pub fn is_loose(solver: &dlx::Solver<'_>, nodes: u64) -> bool {
    let (probes, seed) = MEMO_ESTIMATE;
    let short = solver.clone().threads(1).node_limit(probes * 10).count();
    short.stopped == Some(dlx::StopReason::NodeLimit)
        && solver
            .clone()
            .threads(1)
            .estimate(probes, seed)
            .is_ok_and(|estimate| estimate.nodes > nodes as f64)
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
        memo_after: match task {
            Task::Count => reduction.memo_after(),
            _ => None,
        },
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

    /// The number of solutions, as the `dlx` command counts it ([`Plan::count_on`]): by the
    /// puzzle's own counter where it has one, by memoization where the plan memoizes (or the
    /// grid is loose, see [`is_loose`]; back to the enumeration past [`TRIAL_MEMO_LIMIT`]),
    /// else by enumeration on the plan's solver.
    ///
    /// ```
    /// use reductions::plan::{prepare, Task};
    /// use reductions::sudoku::Sudoku;
    /// use reductions::Reduction;
    ///
    /// // An empty 4 x 4 sudoku: 288 grids.
    /// let grid = Sudoku::default().parse("....\n....\n....\n....\n")?;
    /// let prepared = prepare(&Sudoku::default(), &grid, Task::Count)?;
    /// assert_eq!(prepared.count()?.to_string(), "288");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self) -> Result<dlx::Count, CountError> {
        let (count, _) = self.count_with(|solver| solver, &CountAsk::default(), None)?;
        Ok(count)
    }

    /// [`count`](Self::count) on the solver that `limit` makes of the plan's (a deadline, a
    /// cancel flag, threads), as `ask` asks, and once per class of solutions of `group` (the
    /// encoding's symmetries) if one is given; with why the count stopped, if it did. A
    /// memoized count that a limit stopped is 0: it has no part to tell.
    pub fn count_with<'s>(
        &'s self,
        limit: impl FnOnce(dlx::Solver<'s>) -> dlx::Solver<'s>,
        ask: &CountAsk,
        group: Option<&dlx::symmetry::Group>,
    ) -> Result<(dlx::Count, Option<dlx::StopReason>), CountError> {
        let counting = match self.plan.count_on(limit(self.solver()), ask, group) {
            Ok(counting) => counting,
            Err(CountError::Memo(dlx::memo::MemoError::Stopped { reason, .. })) => {
                return Ok((dlx::Count::from(0u128), Some(reason)));
            }
            Err(err) => return Err(err),
        };
        let outcome = match counting {
            Counting::Counted(Counted::Counter { count, .. }) => return Ok((count, None)),
            Counting::Counted(Counted::Memo(outcome)) => return Ok((outcome.count, None)),
            Counting::Enumerate { solver, .. } => match group {
                Some(group) => solver.count_up_to_symmetry(group)?,
                None => solver.count(),
            },
        };
        Ok((dlx::Count::from(outcome.solutions), outcome.stopped))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every way a count can be asked, on the plans of the three kinds of puzzle: the
    /// plain problem's, a loose grid's (memoized past an estimate), and a tiling's
    /// (memoized by default, with its own counter).
    #[test]
    fn the_count_method_follows_the_plan_and_what_is_asked() {
        let counter: Counter = Arc::new(|| dlx::Count::from(1u128));
        let plain = Plan::plain(Task::Count);
        let loose = Plan {
            memo_after: Some(MEMO_AFTER_NODES),
            ..Plan::plain(Task::Count)
        };
        let tiling = Plan {
            memoize: true,
            counter: Some(counter),
            ..Plan::plain(Task::Count)
        };
        let asks = [
            ("nothing", CountAsk::default()),
            (
                "memo",
                CountAsk {
                    memo: true,
                    ..CountAsk::default()
                },
            ),
            (
                "no memo",
                CountAsk {
                    no_memo: true,
                    ..CountAsk::default()
                },
            ),
            (
                "memo settings",
                CountAsk {
                    memo_settings: true,
                    ..CountAsk::default()
                },
            ),
            (
                "parts",
                CountAsk {
                    enumeration_parts: true,
                    ..CountAsk::default()
                },
            ),
            (
                "partial",
                CountAsk {
                    partial: true,
                    ..CountAsk::default()
                },
            ),
        ];
        let expected = [
            // plain, loose, tiling
            [
                CountMethod::Enumerate,
                CountMethod::MemoIfLoose(MEMO_AFTER_NODES),
                CountMethod::Counter,
            ],
            [CountMethod::Memo, CountMethod::Memo, CountMethod::Memo],
            [
                CountMethod::Enumerate,
                CountMethod::Enumerate,
                CountMethod::Enumerate,
            ],
            [
                CountMethod::Enumerate,
                CountMethod::MemoIfLoose(MEMO_AFTER_NODES),
                CountMethod::Memo,
            ],
            [
                CountMethod::Enumerate,
                CountMethod::Enumerate,
                CountMethod::Enumerate,
            ],
            [
                CountMethod::Enumerate,
                CountMethod::Enumerate,
                CountMethod::Counter,
            ],
        ];
        for ((name, ask), expected) in asks.iter().zip(expected) {
            let got = [&plain, &loose, &tiling].map(|plan| plan.count_method(ask));
            assert_eq!(got, expected, "{name}");
        }
    }
}
