//! The one way a count is made, for every front end: [`Plan::count_on`] takes the method
//! ([`Plan::count_method`]) and runs what is not an enumeration: the puzzle's own counter,
//! a memoized count, and the memoized trial of a loose grid, which gives way to the
//! enumeration past [`TRIAL_MEMO_LIMIT`]. The enumeration itself is handed back to the
//! caller ([`Counting::Enumerate`]), which runs it with its own output: the `dlx` command
//! prints a shard's record, a library call only needs the number.

use std::fmt;
use std::time::{Duration, Instant};

use dlx::memo::{MemoError, MemoOutcome, DEFAULT_MEMO_LIMIT};
use dlx::symmetry::{Group, SymmetryError};

use super::{is_loose, CountAsk, CountMethod, Plan};

/// The memory a count that turned from enumeration to memoization may take before it turns
/// back ([`CountMethod::MemoIfLoose`]): the enumeration then carries on.
pub const TRIAL_MEMO_LIMIT: usize = 1 << 30;

/// What [`Plan::count_on`] did: the count, or the enumeration it leaves to the caller.
pub enum Counting<'p> {
    /// Counted, exactly, by a method other than enumeration.
    Counted(Counted),
    /// To be counted by enumeration on `solver` ([`dlx::Solver::count`], or
    /// [`dlx::Solver::count_up_to_symmetry`] with a group): the caller's search.
    Enumerate {
        /// The solver to enumerate on, as given to [`Plan::count_on`].
        solver: dlx::Solver<'p>,
        /// The memory, in bytes, that a memoized trial of a loose grid passed before it gave
        /// way to the enumeration; `None` when no memo was tried.
        memo_gave_up: Option<usize>,
    },
}

/// A count made by [`Plan::count_on`] without enumeration, exact.
#[derive(Debug)]
pub enum Counted {
    /// By the puzzle's own exact method ([`Plan::counter`]).
    Counter {
        /// The number of solutions.
        count: dlx::Count,
        /// The time the counter took.
        elapsed: Duration,
    },
    /// By memoization (up to symmetry when a group was given).
    Memo(MemoOutcome),
}

impl Counted {
    /// The number of solutions.
    pub fn count(&self) -> &dlx::Count {
        match self {
            Counted::Counter { count, .. } => count,
            Counted::Memo(outcome) => &outcome.count,
        }
    }
}

/// Why a count could not be made.
#[derive(Debug)]
pub enum CountError {
    /// The memoized count failed: past its memory, stopped by a limit (a memoized count has
    /// no part to tell), or unable on this problem.
    Memo(MemoError),
    /// The count up to symmetry could not be made with this group.
    Symmetry(SymmetryError),
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Memo(err) => err.fmt(f),
            CountError::Symmetry(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for CountError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CountError::Memo(err) => Some(err),
            CountError::Symmetry(err) => Some(err),
        }
    }
}

impl From<SymmetryError> for CountError {
    fn from(err: SymmetryError) -> CountError {
        match err {
            SymmetryError::Memo(err) => CountError::Memo(err),
            err => CountError::Symmetry(err),
        }
    }
}

impl Plan {
    /// Counts the solutions of `solver` (built from this plan, with the caller's limits,
    /// threads, shard and memo order) as this plan and `ask` say ([`Plan::count_method`]),
    /// once per class of solutions of `group` if one is given. A memoized count takes
    /// `ask.memo_limit` bytes at most ([`DEFAULT_MEMO_LIMIT`] by default), and fails past
    /// it; the trial of a loose grid takes [`TRIAL_MEMO_LIMIT`] at most (or less, where
    /// `ask.memo_limit` is less), and gives way to the enumeration past it. Up to symmetry,
    /// a count memoizes where it would without the group ([`Plan::memoizes_up_to_symmetry`]),
    /// else it enumerates.
    ///
    /// ```
    /// use reductions::plan::{prepare, CountAsk, Counted, Counting, Task};
    /// use reductions::tromino::Tromino;
    /// use reductions::Reduction;
    ///
    /// // A tromino tiling's count memoizes by default: a 5 x 5 board without its centre.
    /// let board = Tromino.parse(".....\n.....\n..#..\n.....\n.....\n")?;
    /// let prepared = prepare(&Tromino, &board, Task::Count)?;
    /// let counted = prepared.plan.count_on(prepared.solver(), &CountAsk::default(), None)?;
    /// let Counting::Counted(counted) = counted else { unreachable!() };
    /// assert!(matches!(counted, Counted::Memo(_)));
    /// // Asked not to memoize, it hands the enumeration back.
    /// let no_memo = CountAsk { no_memo: true, ..CountAsk::default() };
    /// match prepared.plan.count_on(prepared.solver(), &no_memo, None)? {
    ///     Counting::Enumerate { solver, memo_gave_up: None } => {
    ///         assert_eq!(Some(solver.count().solutions), counted.count().to_u128());
    ///     }
    ///     _ => unreachable!(),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_on<'p>(
        &self,
        solver: dlx::Solver<'p>,
        ask: &CountAsk,
        group: Option<&Group>,
    ) -> Result<Counting<'p>, CountError> {
        let memo_limit = ask.memo_limit.unwrap_or(DEFAULT_MEMO_LIMIT);
        if let Some(group) = group {
            if self.memoizes_up_to_symmetry(ask) {
                let outcome = solver
                    .memo_limit(memo_limit)
                    .memo_count_up_to_symmetry(group)?;
                return Ok(Counting::Counted(Counted::Memo(outcome)));
            }
            return Ok(Counting::Enumerate {
                solver,
                memo_gave_up: None,
            });
        }
        match self.count_method(ask) {
            CountMethod::Counter => {
                let counter = self
                    .counter
                    .as_ref()
                    .expect("the method is the counter only where the plan has one");
                let start = Instant::now();
                let count = counter();
                Ok(Counting::Counted(Counted::Counter {
                    count,
                    elapsed: start.elapsed(),
                }))
            }
            CountMethod::Memo => {
                let outcome = solver
                    .memo_limit(memo_limit)
                    .memo_count()
                    .map_err(CountError::Memo)?;
                Ok(Counting::Counted(Counted::Memo(outcome)))
            }
            CountMethod::MemoIfLoose(nodes) if is_loose(&solver, nodes) => {
                let trial = ask
                    .memo_limit
                    .map_or(TRIAL_MEMO_LIMIT, |limit| limit.min(TRIAL_MEMO_LIMIT));
                match solver.clone().memo_limit(trial).memo_count() {
                    Ok(outcome) => Ok(Counting::Counted(Counted::Memo(outcome))),
                    Err(MemoError::MemoryLimit { .. } | MemoError::WouldPassLimit { .. }) => {
                        Ok(Counting::Enumerate {
                            solver,
                            memo_gave_up: Some(trial),
                        })
                    }
                    Err(err) => Err(CountError::Memo(err)),
                }
            }
            CountMethod::MemoIfLoose(_) | CountMethod::Enumerate => Ok(Counting::Enumerate {
                solver,
                memo_gave_up: None,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{prepare, Task};
    use crate::queens::Queens;
    use crate::Reduction;

    fn counted(counting: Counting<'_>) -> (&'static str, u128) {
        match counting {
            Counting::Counted(Counted::Counter { count, .. }) => {
                ("counter", count.to_u128().unwrap())
            }
            Counting::Counted(Counted::Memo(outcome)) => ("memo", outcome.count.to_u128().unwrap()),
            Counting::Enumerate {
                solver,
                memo_gave_up,
            } => {
                let name = if memo_gave_up.is_some() {
                    "enumerate after a memo"
                } else {
                    "enumerate"
                };
                (name, solver.count().solutions)
            }
        }
    }

    /// A loose grid's count memoizes; past the memory asked it gives way to the
    /// enumeration, which counts the same; asked to memoize, it fails there instead; up to
    /// symmetry it enumerates unless it memoizes.
    #[test]
    fn each_method_counts_the_same_and_the_trial_gives_way_past_its_memory() {
        let board = Queens.parse("11").unwrap();
        let prepared = prepare(&Queens, &board, Task::Count).unwrap();
        // Queens of 11 take more nodes than the short enumeration of `is_loose`.
        let loose = Plan {
            memo_after: Some(0),
            ..prepared.plan.clone()
        };
        let small = CountAsk {
            memo_limit: Some(1 << 10),
            ..CountAsk::default()
        };
        let run = |plan: &Plan, ask: &CountAsk| {
            counted(plan.count_on(prepared.solver(), ask, None).unwrap())
        };
        assert_eq!(
            run(&prepared.plan, &CountAsk::default()),
            ("enumerate", 2680)
        );
        assert_eq!(run(&loose, &CountAsk::default()), ("memo", 2680));
        assert_eq!(run(&loose, &small), ("enumerate after a memo", 2680));
        let memo = CountAsk {
            memo: true,
            ..CountAsk::default()
        };
        assert_eq!(run(&prepared.plan, &memo), ("memo", 2680));
        let refused = prepared.plan.count_on(
            prepared.solver(),
            &CountAsk {
                memo: true,
                ..small
            },
            None,
        );
        assert!(matches!(
            refused,
            Err(CountError::Memo(MemoError::MemoryLimit { .. }))
        ));
        let tiny = prepared.solver().node_limit(5).memo_count();
        assert!(matches!(tiny, Err(MemoError::Stopped { .. })));
        let group = Group::of(&prepared.encoding.problem).unwrap();
        let classes = |ask: &CountAsk| {
            counted(
                prepared
                    .plan
                    .count_on(prepared.solver(), ask, Some(&group))
                    .unwrap(),
            )
        };
        assert_eq!(classes(&memo), ("memo", 341));
        assert_eq!(classes(&CountAsk::default()).0, "enumerate");
    }

    /// A memoized count stopped by a limit counts 0, incomplete, where the library counts
    /// ([`crate::plan::Prepared::count_with`]).
    #[test]
    fn a_stopped_memo_count_is_zero_and_says_why() {
        let board = Queens.parse("9").unwrap();
        let prepared = prepare(&Queens, &board, Task::Count).unwrap();
        let memo = CountAsk {
            memo: true,
            ..CountAsk::default()
        };
        let (count, stopped) = prepared
            .count_with(|solver| solver.node_limit(5), &memo, None)
            .unwrap();
        assert_eq!(
            (count.to_u128(), stopped),
            (Some(0), Some(dlx::StopReason::NodeLimit))
        );
        let (count, stopped) = prepared
            .count_with(|solver| solver.node_limit(5), &CountAsk::default(), None)
            .unwrap();
        assert!(count.to_u128().unwrap() < 352);
        assert_eq!(stopped, Some(dlx::StopReason::NodeLimit));
    }
}
