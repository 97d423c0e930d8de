//! The runs that go beyond enumeration: memoized counts (`--count --memo`), the ZDD of all
//! solutions (`--format zdd`), uniform random draws (`--random`) and Knuth's estimate
//! (`--estimate`), each with its statistics; and the seed they share with `--generate`.

use std::io::{self, BufWriter, Write};

use anyhow::{anyhow, Context, Result};
use dlx::memo::Branching;
use dlx::Solver;
use reductions::plan::{CountError, Counted};

use crate::args::{Format, SolveFlags};
use crate::process::note;
use crate::process::Found;

/// The solver with the item order (`order` unless `--order` says otherwise) and the memory
/// limit of a memoized run.
fn memoizing<'p>(solver: Solver<'p>, flags: &SolveFlags, order: Branching) -> Solver<'p> {
    solver
        .branching(flags.memo_order(order))
        .memo_limit(flags.memo_limit())
}

/// The graph of all solutions, for `--format zdd` and `--random`; its errors as a memo
/// count's.
fn memo_graph(
    solver: Solver<'_>,
    bar: Option<crate::progress::Bar>,
    flags: &SolveFlags,
    order: Branching,
) -> Result<dlx::memo::MemoGraph> {
    // `--random` alone runs as a first-solution search would, on one thread; the graph
    // uses --threads whatever the mode.
    let problem = solver.problem();
    let graph = memoizing(solver, flags, order)
        .threads(flags.threads())
        .memo_graph();
    if let Some(bar) = &bar {
        bar.finish();
    }
    graph.map_err(|err| memo_error(err, problem, false))
}

/// A memoized run's error, with what to try next when it ran out of room (`counting`: a
/// count, which enumeration can do instead), and an item by its name.
fn memo_error(err: dlx::memo::MemoError, problem: &dlx::Problem, counting: bool) -> anyhow::Error {
    match err {
        dlx::memo::MemoError::MemoryLimit { .. } if counting => {
            anyhow!("{err}: raise --memo-limit, try the other --order, or count without --memo")
        }
        dlx::memo::MemoError::MemoryLimit { .. } => {
            anyhow!("{err}: raise --memo-limit or try the other --order")
        }
        dlx::memo::MemoError::WouldPassLimit { .. } => {
            anyhow!("{err}: raise --memo-limit past it or try the other --order")
        }
        dlx::memo::MemoError::TooManyBranches { item } => anyhow!(
            "item `{}` can be covered in too many ways at once for memoization (more than 16 \
             million steps to list them): count without --memo",
            reductions::text::shown(problem.item_name(dlx::ItemId::new(item))),
        ),
        _ => anyhow!("{err}"),
    }
}

/// The statistics of a memoized count or graph (`extra` before the time).
fn print_memo_stats(
    flags: &SolveFlags,
    stats: &dlx::memo::MemoStats,
    count: &dlx::Count,
    extra: Vec<(&str, crate::stats::Figure)>,
) {
    use crate::stats::Figure::{Count, Digits, Seconds, Text};
    let order = match stats.branching {
        Branching::FewestOptions => "fewest-options",
        _ => "first-item",
    };
    let mut figures = vec![
        ("signatures", Count(stats.signatures.into())),
        ("expanded", Count(stats.expanded.into())),
        ("edges", Count(stats.edges.into())),
        ("hits", Count(stats.hits.into())),
        ("peak signatures", Count(stats.peak_signatures as u128)),
        ("peak memo bytes", Count(stats.peak_bytes as u128)),
        ("order", Text(order.to_owned())),
        ("solutions", Digits(count.to_string())),
    ];
    figures.extend(extra);
    figures.push(("time", Seconds(stats.elapsed.as_secs_f64())));
    crate::stats::print(flags, &figures);
}

/// `--format zdd`: the ZDD of all solutions on stdout.
pub(crate) fn write_zdd(
    solver: Solver<'_>,
    bar: Option<crate::progress::Bar>,
    flags: &SolveFlags,
    order: Branching,
) -> Result<Found> {
    let graph = memo_graph(solver, bar, flags, order)?;
    let mut out = BufWriter::new(crate::output::stdout());
    let nodes = graph
        .write_zdd(&mut out)
        .context(crate::output::write_error())?;
    out.flush().context(crate::output::write_error())?;
    drop(out);
    if flags.stats() {
        print_memo_stats(
            flags,
            graph.stats(),
            graph.count(),
            vec![("zdd nodes", crate::stats::Figure::Count(nodes.into()))],
        );
    }
    Ok(if graph.count().is_zero() {
        Found::None
    } else {
        Found::Some
    })
}

/// The seed of `--random`, `--estimate` and `--generate`: `--seed`, or one from the clock.
pub fn seed(flags: &SolveFlags) -> u64 {
    flags.seed().unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos() as u64)
    })
}

/// A figure of an estimate: plain up to a million, else in scientific notation.
fn figure(value: f64) -> String {
    if value.abs() < 1e6 {
        format!("{value:.1}")
    } else {
        format!("{value:.3e}")
    }
}

/// `--estimate N`: Knuth's estimate of the numbers of solutions and nodes.
pub(crate) fn estimate(
    solver: &Solver<'_>,
    bar: Option<crate::progress::Bar>,
    flags: &SolveFlags,
    probes: u64,
) -> Result<Found> {
    let seed = seed(flags);
    let start = std::time::Instant::now();
    let estimate = solver
        .estimate(probes, seed)
        .map_err(|err| memo_error(err, solver.problem(), false))?;
    if let Some(bar) = &bar {
        bar.finish();
    }
    let mut out = crate::output::stdout();
    if flags.format() == Format::Json {
        let value = serde_json::json!({
            "estimate": {
                "solutions": estimate.solutions,
                "solutions_error": estimate.solutions_error,
                "nodes": estimate.nodes,
                "nodes_error": estimate.nodes_error,
                "probes": estimate.probes,
            }
        });
        writeln!(out, "{value}")
    } else {
        writeln!(
            out,
            "solutions: {} (standard error {})\nnodes: {} (standard error {})\nprobes: {}",
            figure(estimate.solutions),
            figure(estimate.solutions_error),
            figure(estimate.nodes),
            figure(estimate.nodes_error),
            estimate.probes,
        )
    }
    .and_then(|()| out.flush())
    .context(crate::output::write_error())?;
    if let Some(reason) = estimate.stopped {
        note(format_args!(
            "dlx: note: the estimate stopped ({}) after {} of {probes} paths: its figures are \
             those of the paths drawn",
            crate::signals::stop_reason(reason),
            estimate.probes
        ));
    }
    if flags.stats() {
        use crate::stats::Figure::{Seconds, Text};
        crate::stats::print(
            flags,
            &[
                ("seed", Text(seed.to_string())),
                ("time", Seconds(start.elapsed().as_secs_f64())),
            ],
        );
    }
    Ok(if estimate.probes == 0 {
        Found::None
    } else {
        Found::Some
    })
}

/// Draws stop when `--timeout` runs out (it counts from the start of the command) or the
/// search is interrupted, with a note that says after how many: whether to stop before the
/// next.
fn draws_stopped(flags: &SolveFlags, drawn: u64, draws: u64) -> bool {
    let late = flags
        .run_deadline()
        .is_some_and(|at| std::time::Instant::now() >= at);
    let interrupted = crate::signals::received().is_some();
    if late || interrupted {
        let reason = if late {
            "the time limit ran out".to_owned()
        } else {
            crate::signals::stop_reason(dlx::StopReason::Cancelled)
        };
        note(format_args!(
            "dlx: note: the draws stopped ({reason}) after {drawn} of {draws}"
        ));
    }
    late || interrupted
}

/// `--random N`: N solutions drawn uniformly at random, printed as the command prints
/// solutions.
pub(crate) fn random_solutions<W>(
    solver: Solver<'_>,
    bar: Option<crate::progress::Bar>,
    flags: &SolveFlags,
    order: Branching,
    draws: u64,
    mut write: W,
) -> Result<Found>
where
    W: FnMut(&mut dyn Write, &[dlx::OptionId], u128) -> io::Result<()>,
{
    let graph = memo_graph(solver, bar, flags, order)?;
    let seed = seed(flags);
    let mut out = BufWriter::new(crate::output::stdout());
    // Pictures are gathered and written at the end as one document.
    let mut sheet = draw::render::Sheet::default();
    let svg = flags.format() == Format::Svg;
    let mut index = 0u128;
    let _ = crate::signals::cancel_flag();
    for solution in graph.random_solutions(seed).take(draws as usize) {
        if draws_stopped(flags, index as u64, draws) {
            break;
        }
        index += 1;
        let target: &mut dyn Write = if svg { &mut sheet } else { &mut out };
        write(target, solution.options(), index).context(crate::output::write_error())?;
    }
    if svg {
        sheet
            .write_to(&mut out)
            .context(crate::output::write_error())?;
    }
    out.flush().context(crate::output::write_error())?;
    drop(out);
    if flags.stats() {
        let seed = crate::stats::Figure::Text(seed.to_string());
        print_memo_stats(flags, graph.stats(), graph.count(), vec![("seed", seed)]);
    }
    if graph.count().is_zero() {
        note(format_args!("dlx: no solution"));
        return Ok(Found::None);
    }
    Ok(Found::Some)
}

/// `--random N` where the command draws uniform solutions directly (dominoes on an Aztec
/// diamond): as [`random_solutions`] prints them, without the graph.
pub(crate) fn sampled_solutions<W>(
    sampler: reductions::Sampler,
    bar: Option<crate::progress::Bar>,
    flags: &SolveFlags,
    draws: u64,
    mut write: W,
) -> Result<Found>
where
    W: FnMut(&mut dyn Write, &[dlx::OptionId], u128) -> io::Result<()>,
{
    let start = std::time::Instant::now();
    if let Some(bar) = &bar {
        bar.finish();
    }
    let seed = seed(flags);
    let mut rng = reductions::generate::Rng::new(seed);
    let mut out = BufWriter::new(crate::output::stdout());
    let mut sheet = draw::render::Sheet::default();
    let svg = flags.format() == Format::Svg;
    let _ = crate::signals::cancel_flag();
    for index in 1..=u128::from(draws) {
        if draws_stopped(flags, index as u64 - 1, draws) {
            break;
        }
        let options = sampler.draw(&mut rng);
        let target: &mut dyn Write = if svg { &mut sheet } else { &mut out };
        write(target, &options, index).context(crate::output::write_error())?;
    }
    if svg {
        sheet
            .write_to(&mut out)
            .context(crate::output::write_error())?;
    }
    out.flush().context(crate::output::write_error())?;
    drop(out);
    if flags.stats() {
        crate::stats::print(
            flags,
            &[
                ("sampler", crate::stats::Figure::Text(sampler.name.into())),
                ("seed", crate::stats::Figure::Text(seed.to_string())),
                (
                    "time",
                    crate::stats::Figure::Seconds(start.elapsed().as_secs_f64()),
                ),
            ],
        );
    }
    Ok(Found::Some)
}

/// A count made by the plan's method other than enumeration ([`Plan::count_on`]): the
/// puzzle's own counter or memoization (`--count --memo`, a tiling's default, a loose grid,
/// or up to symmetry, Burnside's lemma over every symmetry), printed as `--count` prints
/// counts: always complete, since a memoized count that stops has no partial result, and
/// fails. `group` is the symmetries counted up to, if any; `order` the plan's memo order.
///
/// [`Plan::count_on`]: reductions::plan::Plan::count_on
pub(crate) fn print_counted(
    counted: Counted,
    problem: &dlx::Problem,
    flags: &SolveFlags,
    order: Branching,
    group: Option<&dlx::symmetry::Group>,
) -> Result<Found> {
    let count = match counted {
        Counted::Counter { count, elapsed } => {
            print_exact_count(flags, &count, None)?;
            if flags.stats() {
                use crate::stats::Figure::{Seconds, Text};
                crate::stats::print(
                    flags,
                    &[
                        ("method", Text("Kasteleyn's determinant".into())),
                        ("time", Seconds(elapsed.as_secs_f64())),
                    ],
                );
            }
            count
        }
        Counted::Memo(outcome) => {
            let shard = flags.shard().map(|_| {
                let seconds = outcome.stats.elapsed.as_secs_f64();
                let settings = memo_settings(problem, flags, order);
                (settings, outcome.stats.expanded, seconds)
            });
            print_exact_count(flags, &outcome.count, shard)?;
            if flags.stats() {
                let extra = group.map(crate::symmetry::figures).unwrap_or_default();
                print_memo_stats(flags, &outcome.stats, &outcome.count, extra);
            }
            outcome.count
        }
    };
    // A shard without solutions is normal, as for an enumerated shard.
    Ok(if count.is_zero() && flags.shard().is_none() {
        Found::None
    } else {
        Found::Some
    })
}

/// A count that could not be made, in the words of a memoized run's errors.
pub(crate) fn count_error(err: CountError, problem: &dlx::Problem) -> anyhow::Error {
    match err {
        CountError::Memo(err) => memo_error(err, problem, true),
        CountError::Symmetry(err) => err.into(),
    }
}

/// An exact count, complete, as `--count` prints counts (a shard's as its record: see
/// [`memo_settings`]).
fn print_exact_count(
    flags: &SolveFlags,
    count: &dlx::Count,
    shard: Option<(crate::shard::Settings, u64, f64)>,
) -> Result<()> {
    let mut out = crate::output::stdout();
    if let Some((settings, nodes, seconds)) = shard {
        let record = crate::shard::Record::new(
            flags.shard_path(),
            settings,
            &[],
            None,
            count.to_string().parse().expect("a count's digits"),
            nodes,
            seconds,
        );
        if flags.format() == Format::Json {
            record.write_json(&mut out)
        } else {
            record.write_text(&mut out)
        }
    } else if flags.format() == Format::Json {
        let line = crate::json::CountLine {
            count: crate::json::Whole(count.to_string()),
            complete: true,
            stopped: None,
        };
        crate::json::write_line(&mut out, &line)
    } else {
        writeln!(out, "{count}")
    }
    .and_then(|()| out.flush())
    .context(crate::output::write_error())
}

/// What a memoized shard's record says: its share is of one level's signatures, not of the
/// search's prefixes, so it adds up with memoized shards of the same item order only.
fn memo_settings(
    problem: &dlx::Problem,
    flags: &SolveFlags,
    order: Branching,
) -> crate::shard::Settings {
    let order = match flags.memo_order(order) {
        Branching::FewestOptions => "fewest-options",
        _ => "first-item",
    };
    crate::shard::Settings {
        problem: crate::shard::digest(problem),
        tree: None,
        propagation: None,
        method: format!("memo, order {order}"),
        given: None,
        within: None,
    }
}
