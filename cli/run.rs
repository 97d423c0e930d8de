//! What every solving command shares: setting up the solver from the flags, running the
//! search (first solution, all, a count, a split), printing each solution through the
//! command's own writer, the encoding instead of solutions (`--format dlx`), statistics and
//! notes on stderr. A puzzle command is its parser (`input.rs` reads the text), its
//! [`Reduction`] and its [`Board`]: [`solve_reduction`] does the rest. The runs that are
//! not an enumeration (memoized counts, ZDDs, uniform draws, estimates) are in `memo.rs`.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;

use anyhow::{bail, Context, Result};
use dlx::{OptionId, Outcome, Problem, Solver, StopReason};
use draw::Board;
use reductions::drawing::Draw;

use crate::args::{Action, Format, Mode, SolveFlags};
use crate::board::View;
use crate::memo::{estimate, print_counted, random_solutions, sampled_solutions, write_zdd};
use crate::process::{note, Found};
use reductions::plan::{CountMethod, Counting, Plan};

/// `--format dlx`: the problem in Knuth's text format, instead of solving it.
pub fn print_encoding(problem: &Problem) -> Result<Found> {
    let mut out = BufWriter::new(crate::output::stdout());
    out.write_all(problem.to_dlx().as_bytes())
        .and_then(|()| out.flush())
        .context(crate::output::write_error())?;
    Ok(Found::Some)
}

/// From how many primary items a choice that looks at every live item at each node is worth
/// a note: a search as deep as its items then takes some 10^9 looks, a second or more.
const SLOW_CHOICE_FROM: usize = 32_768;

/// Notes that `solver`'s search chooses each node's item by looking at every live primary
/// item, on a problem with so many that a deep search becomes quadratic in them: Algorithm M
/// (as Knuth's programs do), and the sparse sets, whose live items are in no order. The links
/// stop at the first item with one option (and the bit sets do not take such a table).
fn note_slow_choice(problem: &Problem, solver: &Solver<'_>, asked_bits: bool) {
    let primary = problem.primary_count();
    if primary < SLOW_CHOICE_FROM {
        return;
    }
    if solver.engine_used() == dlx::Engine::M && solver.tree_used() == dlx::Tree::Links {
        note(format_args!(
            "dlx: note: Algorithm M (items with bounds) looks at every one of the {primary} \
             primary items at each node to choose one, as Knuth's programs do: a deep search \
             takes time quadratic in them (--timeout bounds it)"
        ));
    } else if solver.tree_used() == dlx::Tree::SparseSets {
        let instead = if asked_bits {
            "this table is too large for the bit sets, and "
        } else {
            ""
        };
        note(format_args!(
            "dlx: note: {instead}the sparse sets look at every one of the {primary} primary \
             items at each node to choose one: a deep search takes time quadratic in them, \
             where the links (--tree links, the default) stop at the first item with one option"
        ));
    }
}

/// A solver set up as the flags say (limits, threads, shard) for `mode`, and the progress
/// bar that its reports feed, if stderr is a terminal.
pub fn configure<'p>(
    problem: &'p Problem,
    flags: &SolveFlags,
    mode: Mode,
    plan: &Plan,
) -> Result<(Solver<'p>, Option<crate::progress::Bar>)> {
    let mut solver = flags.reasoning(problem, plan)?;
    if !flags.memo() {
        note_slow_choice(problem, &solver, flags.asks_bitsets());
    }
    solver = flags.scoped(solver)?;
    solver = flags.limited(solver, mode);
    // One problem: its time limit counts from the start of the process, as the whole run's.
    if let Some(at) = flags.run_deadline() {
        solver = solver.deadline(at);
    }
    if mode != Mode::First {
        solver = solver.threads(flags.threads());
    }
    solver = flags.sharded(solver);
    if let Some(flag) = crate::signals::cancel_flag() {
        solver = solver.cancel_on(flag);
    }
    if let Some(every) = flags.progress_every() {
        let label = match flags.shard_path() {
            path if path.is_empty() => String::new(),
            path => format!("shard {}: ", crate::shard::unit_name(&path)),
        };
        solver = solver.on_progress(every, move |progress| {
            note(format_args!("{}", crate::progress::line(&label, progress)));
        });
        return Ok((solver, None));
    }
    let bar = crate::progress::Bar::for_stderr(mode != Mode::First);
    if let Some(bar) = &bar {
        let bar = bar.clone();
        solver = solver.on_progress(crate::progress::EVERY, move |progress| bar.update(progress));
    }
    Ok((solver, bar))
}

/// `--split DEPTH`: the prefixes of the search tree at that depth, and the solutions above.
fn print_split(solver: &Solver<'_>, depth: usize) -> Result<Found> {
    let split = solver.split(depth);
    let mut out = BufWriter::new(crate::output::stdout());
    let line = |out: &mut dyn Write, kind: &str, options: &[dlx::OptionId]| -> io::Result<()> {
        write!(out, "{kind}")?;
        for option in options {
            write!(out, " {}", option.index())?;
        }
        writeln!(out)
    };
    for prefix in &split.prefixes {
        line(&mut out, "prefix", prefix).context(crate::output::write_error())?;
    }
    for solution in &split.solutions {
        line(&mut out, "solution", solution).context(crate::output::write_error())?;
    }
    out.flush().context(crate::output::write_error())?;
    Ok(if split.prefixes.is_empty() && split.solutions.is_empty() {
        Found::None
    } else {
        Found::Some
    })
}

/// The search every solving command runs: the first solution, all of them or their number,
/// as the flags say. `write` prints one solution (its options in the order chosen, and its
/// number from 1) in the command's own format; counts are printed here, in the format that
/// `dlx merge` reads. Then statistics and notes on stderr, and what was found.
pub fn search<W>(problem: &Problem, flags: &SolveFlags, plan: Plan, mut write: W) -> Result<Found>
where
    W: FnMut(&mut dyn Write, &[dlx::OptionId], u128) -> io::Result<()> + Send,
{
    let mode = flags.mode();
    let (solver, bar) = configure(problem, flags, mode, &plan)?;
    match flags.action() {
        Action::Split(depth) => return print_split(&solver, depth as usize),
        Action::Estimate(probes) => return estimate(&solver, bar, flags, probes),
        Action::Zdd => return write_zdd(solver, bar, flags, plan.memo_order),
        Action::Random(draws) => {
            if let Some(sampler) = plan.sampler.clone() {
                return sampled_solutions(sampler, bar, flags, draws, write);
            }
            return random_solutions(solver, bar, flags, plan.memo_order, draws, write);
        }
        Action::Symmetry => return crate::symmetry::print(problem, flags),
        Action::Search => {}
    }
    let group = if flags.up_to_symmetry() {
        match crate::symmetry::group(problem, flags)? {
            Some(group) => Some(group),
            None => return out_of_time(flags),
        }
    } else {
        None
    };
    let ask = flags.count_ask();
    let memoizes = mode == Mode::Count
        && match &group {
            Some(_) => plan.memoizes_up_to_symmetry(&ask),
            None => plan.count_method(&ask) == CountMethod::Memo,
        };
    if ask.memo_settings && !memoizes {
        bail!(
            "--memo-limit and --order shape memoized runs: --count --memo (the default count \
             of tromino and tile), --random and --format zdd"
        );
    }
    let solver = if mode == Mode::Count {
        // The library picks the method and makes every count but the enumeration, which
        // prints here as it goes (a shard's record, the bar).
        let solver = solver.branching(flags.memo_order(plan.memo_order));
        let finish_bar = || {
            if let Some(bar) = &bar {
                bar.finish();
            }
        };
        match plan.count_on(solver, &ask, group.as_ref()) {
            Ok(Counting::Enumerate {
                solver,
                memo_gave_up,
            }) => {
                if let Some(limit) = memo_gave_up {
                    note(format_args!(
                        "dlx: note: memoization needs more than {} MiB here: counting by \
                         enumeration",
                        limit >> 20
                    ));
                }
                solver
            }
            Ok(Counting::Counted(counted)) => {
                finish_bar();
                let order = flags.memo_order(plan.memo_order);
                return print_counted(counted, problem, flags, order, group.as_ref());
            }
            Err(err) => {
                finish_bar();
                return Err(crate::memo::count_error(err, problem));
            }
        }
    } else {
        solver
    };
    crate::memory::check_memory(&solver, flags)?;
    // Not locked: solutions may come from worker threads (`for_each` needs a `Send` visitor).
    let mut out = BufWriter::new(crate::output::stdout());
    let outcome = if mode == Mode::Count {
        let settings = flags
            .shard()
            .map(|_| search_settings(problem, &solver, flags, &plan));
        let outcome = match &group {
            Some(group) => solver.count_up_to_symmetry(group)?,
            None => solver.count(),
        };
        crate::memory::refuse_out_of_memory(&outcome)?;
        match settings {
            Some(settings) => write_record(&mut out, &outcome, flags, settings),
            None => write_count(&mut out, &outcome, flags),
        }
        .context(crate::output::write_error())?;
        outcome
    } else {
        let mut index: u128 = 0;
        let mut write_error = None;
        // Pictures are gathered and written at the end as one document.
        let svg = flags.format() == Format::Svg;
        let mut sheet = draw::render::Sheet::default();
        // With the bar on the terminal that shows the solutions, each goes out at once with
        // the bar off the screen.
        let shared_terminal = bar.as_ref().filter(|_| crate::output::is_terminal());
        let visit = |options: &[OptionId]| {
            index += 1;
            let written = if svg {
                write(&mut sheet, options, index)
            } else {
                match shared_terminal {
                    Some(bar) => {
                        bar.suspend(|| write(&mut out, options, index).and_then(|()| out.flush()))
                    }
                    None => write(&mut out, options, index),
                }
            };
            match written {
                Ok(()) => ControlFlow::Continue(()),
                Err(err) => {
                    write_error = Some(err);
                    ControlFlow::Break(())
                }
            }
        };
        let outcome = match &group {
            Some(group) => solver.for_each_up_to_symmetry(group, visit)?,
            None => solver.for_each(visit),
        };
        if let Some(err) = write_error {
            return Err(anyhow::Error::new(err).context(crate::output::write_error()));
        }
        crate::memory::refuse_out_of_memory(&outcome)?;
        if svg {
            sheet
                .write_to(&mut out)
                .context(crate::output::write_error())?;
        }
        outcome
    };
    if let Some(bar) = &bar {
        bar.finish();
    }
    out.flush().context(crate::output::write_error())?;
    drop(out);
    let figures = group.as_ref().map(crate::symmetry::figures);
    Ok(finish_with(
        &outcome,
        mode,
        flags,
        figures.unwrap_or_default(),
    ))
}

/// What a run prints when `--timeout` ran out before the search began (while the problem
/// was read, which the caller has said): with `--count`, the count 0 as a lower bound.
/// Nothing was found, so the exit status is 1.
pub fn out_of_time(flags: &SolveFlags) -> Result<Found> {
    let mode = flags.mode();
    let outcome = Outcome {
        solutions: 0,
        stopped: Some(StopReason::Timeout),
        stats: dlx::Stats::default(),
    };
    if mode == Mode::Count {
        let mut out = crate::output::stdout();
        let written = if flags.shard().is_some() {
            // Nothing was read that could name the problem; the record is incomplete anyway.
            let settings = crate::shard::Settings {
                problem: "unknown (the time ran out while reading it)".to_owned(),
                tree: None,
                propagation: None,
                method: "search".to_owned(),
                given: None,
                within: None,
            };
            write_record(&mut out, &outcome, flags, settings)
        } else {
            write_count(&mut out, &outcome, flags)
        };
        written
            .and_then(|()| out.flush())
            .context(crate::output::write_error())?;
    }
    Ok(Found::None)
}

/// A count as `--count` prints it: the number alone, or with `--format json` an object that
/// says whether it is complete and, if not, why. A shard's count is its record instead
/// ([`write_record`]).
pub fn write_count(out: &mut dyn Write, outcome: &Outcome, flags: &SolveFlags) -> io::Result<()> {
    let solutions = outcome.solutions;
    if flags.format() == Format::Json {
        let line = crate::json::CountLine {
            count: crate::json::Whole(solutions.to_string()),
            complete: outcome.stopped.is_none(),
            stopped: outcome.stopped.map(crate::signals::stop_reason),
        };
        return crate::json::write_line(out, &line);
    }
    writeln!(out, "{solutions}")
}

/// A shard's record of its count (see `shard.rs`): in the format of `--format`, complete or,
/// when the search stopped early, incomplete with the reason, so that `dlx merge` refuses to
/// add a lower bound into a total.
pub fn write_record(
    out: &mut dyn Write,
    outcome: &Outcome,
    flags: &SolveFlags,
    settings: crate::shard::Settings,
) -> io::Result<()> {
    let path = flags.shard_path();
    // A level whose tree ends before it has a prefix for each of its parts: every part walks
    // the whole of its parent's subtree to find that out, so splitting bought nothing.
    for (level, (&(_, parts), cut)) in path.iter().zip(&outcome.stats.cuts).enumerate() {
        if level > 0 && cut.prefixes < parts as u64 {
            let advice = if cut.prefixes > 1 {
                format!("split it into at most {} subshards", cut.prefixes)
            } else {
                "run it whole".to_owned()
            };
            crate::process::note(format_args!(
                "dlx: note: --subshard: the tree under this shard ends at depth {} with {} \
                 prefixes, fewer than the {parts} subshards: each walks the whole shard's \
                 subtree ({advice})",
                cut.depth, cut.prefixes
            ));
        }
    }
    let record = crate::shard::Record::new(
        path,
        settings,
        &outcome.stats.cuts,
        outcome.stopped.map(crate::signals::stop_reason),
        outcome.solutions.into(),
        outcome.stats.nodes,
        outcome.stats.elapsed.as_secs_f64(),
    );
    if flags.format() == Format::Json {
        record.write_json(out)
    } else {
        record.write_text(out)
    }
}

/// What a shard's record says of the search that `solver` runs.
pub fn search_settings(
    problem: &Problem,
    solver: &Solver<'_>,
    flags: &SolveFlags,
    plan: &Plan,
) -> crate::shard::Settings {
    let ids = |ids: &[usize]| {
        let ids: Vec<String> = ids.iter().map(ToString::to_string).collect();
        ids.join(" ")
    };
    crate::shard::Settings {
        problem: crate::shard::digest(problem),
        tree: Some(solver.tree_used().name()),
        propagation: Some(flags.propagation_name(plan)),
        method: "search".to_owned(),
        given: flags.given_ids().map(ids),
        within: flags.within_ids().map(ids),
    }
}

/// After a search: statistics and notes on stderr (see [`report_stop`]), and whether it
/// counts as found.
pub fn finish(outcome: &Outcome, mode: Mode, flags: &SolveFlags) -> Found {
    finish_with(outcome, mode, flags, Vec::new())
}

/// [`finish`], with more figures for `--stats` after the search's.
fn finish_with(
    outcome: &Outcome,
    mode: Mode,
    flags: &SolveFlags,
    more: Vec<(&'static str, crate::stats::Figure)>,
) -> Found {
    if flags.stats() {
        print_stats(outcome, flags, more);
    }
    report_stop(outcome, mode, flags);
    // A shard's count stopped by a limit is a record marked incomplete: batch systems should
    // see it as failed (and run it again), where a shard, or a subtree of --within, without
    // solutions is normal.
    if flags.shard().is_some() && mode == Mode::Count && outcome.stopped.is_some() {
        return Found::None;
    }
    if outcome.solutions > 0 || flags.searches_part() {
        Found::Some
    } else {
        Found::None
    }
}

/// Knuth's statistics, `name: value` per line, the counts as plain integers.
fn print_stats(
    outcome: &Outcome,
    flags: &SolveFlags,
    more: Vec<(&'static str, crate::stats::Figure)>,
) {
    use crate::stats::Figure::{Count, Seconds, Text};
    let stats = &outcome.stats;
    let mut figures = vec![
        ("nodes", Count(stats.nodes.into())),
        ("updates", Count(stats.updates.into())),
        ("solutions", Count(stats.solutions)),
        ("max level", Count(stats.max_level as u128)),
        ("time", Seconds(stats.elapsed.as_secs_f64())),
    ];
    // Each tree counts its own nodes and updates: say whose they are.
    figures.insert(0, ("tree", Text(stats.tree.name().into())));
    if stats.rounds > 0 {
        figures.extend([
            ("propagation rounds", Count(stats.rounds.into())),
            ("options removed", Count(stats.removed.into())),
            ("probes", Count(stats.probes.into())),
        ]);
    }
    figures.extend(more);
    crate::stats::print(flags, &figures);
}

/// Says on stderr when a limit cut the search short in a way the user may not expect (a
/// count that hit --limit, or any search that hit --node-limit), or that there is no
/// solution at all where stdout would otherwise stay empty (--count says 0 itself). The
/// first solution, and --all with --limit, stop by design and say nothing.
fn report_stop(outcome: &Outcome, mode: Mode, flags: &SolveFlags) {
    let found = outcome.solutions;
    let plural = if found == 1 { "" } else { "s" };
    // What a search stopped early means for what it printed.
    let consequence = match (mode, found) {
        (Mode::Count, _) => "the count is a lower bound",
        (_, 0) => "there may be a solution",
        _ => "there may be more",
    };
    match outcome.stopped {
        Some(StopReason::NodeLimit) => {
            let nodes = outcome.stats.nodes;
            note(format_args!(
                "dlx: note: the search stopped at the node limit ({nodes} nodes) after \
                 {found} solution{plural}: {consequence}"
            ));
        }
        Some(StopReason::Timeout) => note(format_args!(
            "dlx: note: the search stopped at the time limit after {found} solution{plural}: \
             {consequence}"
        )),
        Some(StopReason::Cancelled) => note(format_args!(
            "dlx: note: the search stopped ({}) after {found} solution{plural}: {consequence}",
            crate::signals::stop_reason(StopReason::Cancelled)
        )),
        Some(StopReason::SolutionLimit) if mode == Mode::Count => {
            let limit = flags.limit().unwrap_or_default();
            note(format_args!(
                "dlx: note: the count stopped at --limit {limit}: there may be more solutions"
            ));
        }
        _ if found == 0 && mode != Mode::Count => note(format_args!("dlx: no solution")),
        _ => {}
    }
}

/// Solves `problem` as the flags say and prints each solution's board, `decode`d from its
/// options; with `--format dlx`, prints the problem instead.
pub fn solve_boards<B, D>(
    problem: &Problem,
    flags: &SolveFlags,
    plan: Plan,
    decode: D,
) -> Result<Found>
where
    B: Board,
    D: Fn(&[OptionId]) -> B + Sync,
{
    if flags.format() == Format::Dlx {
        return print_encoding(problem);
    }
    let view = View::new(flags);
    search(problem, flags, plan, |out, options, index| {
        view.write(&decode(options), index, out)
    })
}

/// [`solve_boards`] for a [`Reduction`]: encodes `puzzle`, and shows each decoded board by its
/// drawing ([`Draw`]).
pub fn solve_reduction<R>(reduction: &R, puzzle: &R::Puzzle, flags: &SolveFlags) -> Result<Found>
where
    R: Draw + Clone + Sync,
    R::Puzzle: Sync,
    R::Choice: Sync,
{
    let prepared = reductions::plan::prepare(reduction, puzzle, flags.task())
        .context("cannot build the exact-cover problem")?;
    solve_boards(
        &prepared.encoding.problem,
        flags,
        prepared.plan.clone(),
        |options| reduction.drawing(puzzle, prepared.decode(puzzle, options)),
    )
}
