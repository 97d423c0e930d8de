//! The one executor of a puzzle's search for every front end that asks by name (the
//! registry's [`Puzzle::solve_within`](super::Puzzle::solve_within), Python, the web page's
//! games): a puzzle, already read, prepared for its task ([`prepare`]), searched within
//! [`Limits`], and its boards given back as data, typed, for the caller to draw.

use std::ops::ControlFlow;

use crate::plan::{prepare, CountAsk, Task};
use crate::Reduction;

use super::{Limits, SolveError};

/// What [`solve`] found: the boards, the number of solutions, and whether the task is done.
#[derive(Clone, Debug)]
pub struct Solved<B> {
    /// The solved boards, in the search's order (none for a count).
    pub boards: Vec<B>,
    /// The solutions found or counted.
    pub solutions: dlx::Count,
    /// Whether the task is done: every solution counted or listed, or as many as the task
    /// asks (one, or two for uniqueness).
    pub complete: bool,
    /// What stopped the search before its end, if anything did: a limit of [`Limits`], or
    /// the solutions the task asks for ([`dlx::StopReason::SolutionLimit`], which leaves
    /// [`complete`](Self::complete) true but for a list cut at
    /// [`Limits::max_boards`]).
    pub stopped: Option<dlx::StopReason>,
}

/// Solves `puzzle` for `task` as the library's plan says, within `limits`: [`Task::First`]
/// one board, [`Task::Unique`] up to two, [`Task::All`] every one (or
/// [`Limits::max_boards`]), [`Task::Count`] the number only, by the method the plan picks
/// ([`crate::plan::Plan::count_on`]), [`Task::Random`] [`Limits::max_boards`] boards drawn
/// uniformly at random (one by default; see [`Limits::seed`]).
///
/// ```
/// use reductions::plan::Task;
/// use reductions::registry::{solve, Limits};
/// use reductions::sudoku::Sudoku;
/// use reductions::Reduction;
///
/// let grid = Sudoku::default().parse("1.3.\n.4..\n..4.\n.3.1\n")?;
/// let solved = solve(&Sudoku::default(), &grid, Task::Unique, &Limits::default())?;
/// assert_eq!(solved.boards[0].to_string(), "1234\n3412\n2143\n4321");
/// assert!(solved.complete && solved.solutions == 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve<R>(
    reduction: &R,
    puzzle: &R::Puzzle,
    task: Task,
    limits: &Limits,
) -> Result<Solved<R::Board>, SolveError>
where
    R: Reduction + Clone,
{
    let mut prepared = prepare(reduction, puzzle, task).map_err(SolveError::Build)?;
    prepared.plan = prepared
        .plan
        .overridden(&prepared.encoding.problem, &limits.overrides)
        .map_err(SolveError::Override)?;
    if task == Task::Random {
        if limits.up_to_symmetry {
            return Err(SolveError::Unsupported(
                "random solutions are drawn among all solutions, not up to symmetry",
            ));
        }
        return draw(&prepared, puzzle, limits);
    }
    let group = if limits.up_to_symmetry {
        let within = dlx::symmetry::GroupLimits {
            deadline: limits.deadline,
            cancel: limits.cancel.clone(),
            ..dlx::symmetry::GroupLimits::default()
        };
        let group = dlx::symmetry::Group::within(&prepared.encoding.problem, &within)
            .map_err(SolveError::Symmetry)?;
        Some(group)
    } else {
        None
    };
    if task == Task::Count {
        let ask = limits.overrides.count_ask(CountAsk {
            memo_limit: limits.memo_memory,
            ..CountAsk::default()
        });
        let (solutions, stopped) =
            prepared.count_with(|solver| limits.apply(solver), &ask, group.as_ref())?;
        return Ok(Solved {
            boards: Vec::new(),
            solutions,
            complete: stopped.is_none(),
            stopped,
        });
    }
    let mut solver = limits.apply(prepared.solver());
    if let (Task::All, Some(most)) = (task, limits.max_boards) {
        solver = solver.limit(u128::from(most));
    }
    let mut found = Vec::new();
    let visit = |options: &[dlx::OptionId]| {
        found.push(options.to_vec());
        ControlFlow::Continue(())
    };
    let outcome = match &group {
        Some(group) => solver
            .for_each_up_to_symmetry(group, visit)
            .map_err(SolveError::Symmetry)?,
        None => solver.for_each(visit),
    };
    let boards = found
        .iter()
        .map(|options| prepared.decode(puzzle, options))
        .collect();
    // The first solution, and two for uniqueness, are all these tasks ask for; a list cut
    // at `max_boards` is not.
    let asked_for_all = task == Task::All;
    Ok(Solved {
        boards,
        solutions: dlx::Count::from(outcome.solutions),
        complete: match outcome.stopped {
            None => true,
            Some(dlx::StopReason::SolutionLimit) => !asked_for_all,
            Some(_) => false,
        },
        stopped: outcome.stopped,
    })
}

/// [`Task::Random`]: [`Limits::max_boards`] solutions (one by default) drawn uniformly, each
/// draw independent, by the puzzle's own sampler where it has one
/// ([`crate::Reduction::sampler`]), else from the graph of all solutions
/// ([`dlx::Solver::memo_graph`]); [`Limits::seed`] repeats them.
fn draw<R>(
    prepared: &crate::plan::Prepared<R>,
    puzzle: &R::Puzzle,
    limits: &Limits,
) -> Result<Solved<R::Board>, SolveError>
where
    R: Reduction,
{
    let draws = limits.max_boards.unwrap_or(1);
    let seed = limits.seed.unwrap_or(0);
    let stopped = || {
        if limits
            .deadline
            .is_some_and(|at| std::time::Instant::now() >= at)
        {
            Some(dlx::StopReason::Timeout)
        } else if limits
            .cancel
            .as_ref()
            .is_some_and(|flag| flag.load(std::sync::atomic::Ordering::Relaxed))
        {
            Some(dlx::StopReason::Cancelled)
        } else {
            None
        }
    };
    let mut found: Vec<Vec<dlx::OptionId>> = Vec::new();
    let mut stop = None;
    match &prepared.plan.sampler {
        Some(sampler) => {
            let mut rng = crate::generate::Rng::new(seed);
            while (found.len() as u64) < draws {
                if let Some(reason) = stopped() {
                    stop = Some(reason);
                    break;
                }
                found.push(sampler.draw(&mut rng));
            }
        }
        None => {
            let graph = match limits.apply(prepared.solver()).memo_graph() {
                Ok(graph) => graph,
                Err(dlx::memo::MemoError::Stopped { reason, .. }) => {
                    return Ok(Solved {
                        boards: Vec::new(),
                        solutions: dlx::Count::from(0u128),
                        complete: false,
                        stopped: Some(reason),
                    });
                }
                Err(err) => return Err(SolveError::Memo(err)),
            };
            for solution in graph.random_solutions(seed) {
                if found.len() as u64 >= draws {
                    break;
                }
                if let Some(reason) = stopped() {
                    stop = Some(reason);
                    break;
                }
                found.push(solution.options().to_vec());
            }
        }
    }
    let boards = found
        .iter()
        .map(|options| prepared.decode(puzzle, options))
        .collect::<Vec<_>>();
    Ok(Solved {
        solutions: dlx::Count::from(boards.len() as u128),
        boards,
        complete: stop.is_none(),
        stopped: stop,
    })
}
