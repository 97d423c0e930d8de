//! Every instance of `tests/corpus` with its known count (`expected_counts.txt`), under every
//! engine that can express it, each solution checked by `dlx::verify`; Knuth's node and update
//! counts on some of them; and the `Solver`'s ways of running a search (lazy iterator, limits,
//! progress).
//!
//! The counts come from outside this crate: Knuth's own programs and the literature (see
//! `tests/corpus/README.md`), as do the node and update counts below.

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::time::Duration;

use dlx::{Engine, OptionId, Problem, Solver, StopReason, Tree};

use crate::util;

/// Instances whose item line gives primary items multiplicity bounds (`u:v|name`): only
/// Algorithm M can solve them. `multiplicity_instances_need_algorithm_m` checks this list
/// against the files.
const NEEDS_ALGORITHM_M: &[&str] = &[
    "queens8-pd.dlx",
    "queens9-pd.dlx",
    "queens10-pd.dlx",
    "queens11-pd.dlx",
    "queens12-pd.dlx",
    "queens13-pd.dlx",
    "random/mcc-s1.dlx",
    "random/mcc-s2.dlx",
    "random/mcc-s3.dlx",
    "random/mcc-s4.dlx",
    "tiny/m-knuth-example.dlx",
];

/// Instances that take well over 3 seconds per engine in the (debug) test profile, each with
/// the smaller instance of its family that always runs in its place. They run in the
/// `#[ignore]`d tests `engine_*_slow_instances` (`cargo test -- --ignored`, best with
/// `--release`).
const SLOW: &[(&str, &str)] = &[
    // About 10 s per engine (3.6 million nodes, 1.2 billion updates).
    ("pento6x10.dlx", "pento6x10-sym.dlx"),
];

/// One instance of the corpus and its number of solutions.
#[derive(Clone, Debug)]
struct Case {
    name: String,
    expected: u128,
}

/// The instances of `expected_counts.txt`, either the slow ones or all the others.
fn cases(slow: bool) -> Vec<Case> {
    util::expected_counts()
        .into_iter()
        .filter(|(name, _)| SLOW.iter().any(|&(slow, _)| slow == name) == slow)
        .map(|(name, expected)| Case { name, expected })
        .collect()
}

/// Solves `case` with `engine`, streaming the solutions (through `for_each` or the lazy
/// iterator), and checks them: each passes `verify`, no two are the same, there are as many as
/// expected, and `count()` agrees with the stream, in solutions and in the search's nodes and
/// updates. Returns what was wrong, if anything.
fn check_case(
    problem: &Problem,
    case: &Case,
    engine: Engine,
    tree: Tree,
    stream: Stream,
) -> Option<String> {
    let solver = Solver::new(problem).engine(engine).tree(tree);
    assert_eq!(solver.engine_used(), engine, "{}", case.name);
    assert_eq!(solver.tree_used(), tree, "{}", case.name);
    let mut seen: HashSet<Vec<OptionId>> = HashSet::new();
    let mut wrong: Option<String> = None;
    let mut check = |options: &[OptionId]| {
        if wrong.is_some() {
            return;
        }
        if let Err(error) = dlx::verify(problem, options) {
            wrong = Some(format!("{options:?} is not a solution: {error}"));
            return;
        }
        let mut canonical = options.to_vec();
        canonical.sort_unstable();
        if !seen.insert(canonical) {
            wrong = Some(format!("{options:?} was found twice"));
        }
    };
    let streamed = match stream {
        Stream::ForEach => solver.for_each(|options| {
            check(options);
            ControlFlow::Continue(())
        }),
        Stream::Iterator => {
            let mut solutions = solver.solutions();
            for solution in solutions.by_ref() {
                check(solution.options());
            }
            solutions.outcome()
        }
    };
    if let Some(wrong) = wrong {
        return Some(wrong);
    }
    if streamed.solutions != case.expected || streamed.stopped.is_some() {
        return Some(format!(
            "expected {} solutions, the stream found {} (stopped: {:?})",
            case.expected, streamed.solutions, streamed.stopped
        ));
    }
    let counted = solver.count();
    let figures = |o: &dlx::Outcome| (o.solutions, o.stopped, o.stats.nodes, o.stats.updates);
    if figures(&counted) != figures(&streamed) {
        return Some(format!(
            "count() gives (solutions, stopped, nodes, updates) {:?}, the stream {:?}",
            figures(&counted),
            figures(&streamed)
        ));
    }
    None
}

#[derive(Copy, Clone, Debug)]
enum Stream {
    ForEach,
    Iterator,
}

/// Runs every case that `engine` can express, on `tree`, and panics with every failure, or if
/// there was no case to run.
fn run_cases(cases: &[Case], engine: Engine, tree: Tree, stream: Stream) {
    let mut ran = 0;
    let mut failures = Vec::new();
    for case in cases {
        let problem = util::read_corpus(&case.name);
        if engine < problem.engine() {
            continue;
        }
        ran += 1;
        if let Some(failure) = check_case(&problem, case, engine, tree, stream) {
            failures.push(format!(
                "{} under engine {engine:?}, {tree:?}: {failure}",
                case.name
            ));
        }
    }
    assert!(ran > 0, "no instance ran under engine {engine:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn engine_x_counts_every_instance_without_colors() {
    run_cases(&cases(false), Engine::X, Tree::Links, Stream::ForEach);
}

#[test]
fn engine_c_counts_every_instance() {
    run_cases(&cases(false), Engine::C, Tree::Links, Stream::Iterator);
}

/// Algorithm M on every instance: with bounds, and (as bounds 1:1) without them.
#[test]
fn engine_m_counts_every_instance() {
    run_cases(&cases(false), Engine::M, Tree::Links, Stream::ForEach);
}

/// The sparse-set tree on every instance without bounds, with Algorithms X and C: the same
/// counts, each solution checked, as on the links.
#[test]
fn sparse_sets_count_every_instance_without_bounds() {
    run_cases(&cases(false), Engine::X, Tree::SparseSets, Stream::Iterator);
    run_cases(&cases(false), Engine::C, Tree::SparseSets, Stream::ForEach);
}

/// The bit-set tree on every instance without bounds, with Algorithms X and C: the same
/// counts, each solution checked, as on the links.
#[test]
fn bit_sets_count_every_instance_without_bounds() {
    run_cases(&cases(false), Engine::X, Tree::Bitsets, Stream::ForEach);
    run_cases(&cases(false), Engine::C, Tree::Bitsets, Stream::Iterator);
}

/// The bit sets on the instances with bounds: those of 0:1 (the queens with their diagonals
/// as primary items of bounds 0:1) they search as Algorithm C, the others (bounds of 2) with
/// their bounds; the same counts either way, and each solution checked.
#[test]
fn bit_sets_count_every_instance_with_bounds() {
    let mut ran = 0;
    let mut other_bounds = 0;
    for case in cases(false) {
        let problem = util::read_corpus(&case.name);
        if problem.engine() != Engine::M {
            continue;
        }
        let solver = Solver::new(&problem).tree(Tree::Bitsets);
        assert_eq!(solver.tree_used(), Tree::Bitsets, "{}", case.name);
        let at_most_one = (0..problem.primary_count())
            .all(|i| matches!(problem.bounds(dlx::ItemId::new(i)), Some((0 | 1, 1))));
        other_bounds += usize::from(!at_most_one);
        ran += 1;
        if let Some(failure) =
            check_case(&problem, &case, Engine::M, Tree::Bitsets, Stream::ForEach)
        {
            panic!("{}: {failure}", case.name);
        }
    }
    assert!(
        other_bounds >= 4,
        "{other_bounds} instances with bounds of 2"
    );
    assert!(ran >= 5, "{ran} instances");
}

/// A problem whose scan would read too many words (600 primary items of 4,200 options: 600 x
/// 66 words) walks the bit sets' tree on the sparse sets, and says so; one just under the
/// bound walks the bit sets.
#[test]
fn bit_sets_too_large_for_a_scan_walk_the_sparse_sets() {
    for (primaries, tree) in [(600, Tree::SparseSets), (400, Tree::Bitsets)] {
        let mut builder = dlx::ProblemBuilder::new();
        let items: Vec<_> = (0..primaries)
            .map(|i| builder.primary(format!("p{i}")))
            .collect();
        for k in 0..4200 {
            builder.option([items[k % primaries]]);
        }
        let problem = builder.build().expect("a problem");
        let solver = Solver::new(&problem).tree(Tree::Bitsets);
        assert_eq!(solver.tree_used(), tree, "{primaries} items");
        let first = solver.first().expect("a solution");
        dlx::verify(&problem, first.options()).expect("a solution");
        let counted = solver.limit(1000).count();
        assert_eq!((counted.solutions, counted.stats.tree), (1000, tree));
    }
}

/// The bit sets walk the sparse sets' tree: on every instance without bounds, the same nodes
/// at every level, and the same solutions as a set.
#[test]
fn bit_sets_walk_the_sparse_sets_tree() {
    let mut ran = 0;
    for case in cases(false) {
        let problem = util::read_corpus(&case.name);
        if problem.engine() == Engine::M {
            continue;
        }
        ran += 1;
        let sparse = Solver::new(&problem).tree(Tree::SparseSets).count();
        let bits = Solver::new(&problem).tree(Tree::Bitsets).count();
        assert_eq!(bits.stats.tree, Tree::Bitsets, "{}", case.name);
        assert_eq!(bits.stats.solutions, case.expected, "{}", case.name);
        assert_eq!(
            (bits.stats.nodes, &bits.stats.profile),
            (sparse.stats.nodes, &sparse.stats.profile),
            "{}",
            case.name
        );
        if case.expected <= 20_000 {
            let solutions = |tree| {
                let mut all: Vec<Vec<OptionId>> = Solver::new(&problem)
                    .tree(tree)
                    .solutions()
                    .map(|solution| solution.canonical())
                    .collect();
                all.sort();
                all
            };
            assert_eq!(
                solutions(Tree::Bitsets),
                solutions(Tree::SparseSets),
                "{}",
                case.name
            );
        }
    }
    assert!(ran >= 20, "{ran} instances");
}

#[test]
#[ignore = "slow in the debug test profile (pento6x10: ~10 s per run); run with --ignored"]
fn engine_x_counts_slow_instances() {
    run_cases(&cases(true), Engine::X, Tree::Links, Stream::ForEach);
}

#[test]
#[ignore = "slow in the debug test profile (pento6x10: ~10 s per run); run with --ignored"]
fn engine_c_counts_slow_instances() {
    run_cases(&cases(true), Engine::C, Tree::Links, Stream::Iterator);
}

#[test]
#[ignore = "slow in the debug test profile (pento6x10: ~10 s per run); run with --ignored"]
fn engine_m_counts_slow_instances() {
    run_cases(&cases(true), Engine::M, Tree::Links, Stream::Iterator);
}

/// The lists above name real instances, and every instance of the corpus is in the table, so
/// that no file goes untested because of a typo or a forgotten line.
#[test]
fn corpus_table_and_skip_lists_agree_with_the_files() {
    let table: Vec<String> = util::expected_counts()
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    let files = util::corpus_files();
    for file in &files {
        assert!(table.contains(file), "{file} is not in expected_counts.txt");
    }
    for name in &table {
        assert!(
            files.contains(name),
            "expected_counts.txt lists {name}, which does not exist"
        );
    }
    for name in NEEDS_ALGORITHM_M {
        assert!(
            table.iter().any(|n| n == name),
            "{name} is not in the table"
        );
    }
    for &(slow, smaller) in SLOW {
        assert!(
            table.iter().any(|n| n == slow),
            "{slow} is not in the table"
        );
        assert!(
            cases(false).iter().any(|case| case.name == smaller),
            "{slow} is slow, but {smaller}, the instance of its family meant to run always, does not"
        );
    }
}

/// Exactly the instances of [`NEEDS_ALGORITHM_M`] have bounds, so the engine tests above run
/// them under engine M only, and every other instance under every engine.
#[test]
fn multiplicity_instances_need_algorithm_m() {
    for name in util::corpus_files() {
        let problem = util::read_corpus(&name);
        assert_eq!(
            problem.engine() == Engine::M,
            NEEDS_ALGORITHM_M.contains(&name.as_str()),
            "{name}: engine {:?}",
            problem.engine()
        );
    }
}

/// Knuth's node and update counts, from his programs DLX1 (X) and DLX2 (C) on the same files.
/// They show the search tree is his, choice for choice.
///
/// Algorithm C on a problem without colors performs exactly Algorithm X's steps (every commit
/// is a cover, nothing is purified), so the colorless instances are checked under both engines.
fn check_knuth_figures(figures: &[(&str, u64, u64)]) {
    for &(name, nodes, updates) in figures {
        let problem = util::read_corpus(name);
        let engines: &[Engine] = if problem.has_colors() {
            &[Engine::C]
        } else {
            &[Engine::X, Engine::C]
        };
        for &engine in engines {
            let outcome = Solver::new(&problem).engine(engine).count();
            assert!(outcome.is_complete(), "{name}");
            assert_eq!(
                (outcome.stats.nodes, outcome.stats.updates),
                (nodes, updates),
                "{name} under engine {engine:?}: (nodes, updates)"
            );
            assert_eq!(
                outcome.stats.profile.iter().sum::<u64>(),
                nodes,
                "{name}: the profile adds up to the nodes"
            );
        }
    }
}

#[test]
fn knuth_node_and_update_counts() {
    check_knuth_figures(&[
        ("sudoku-golden_nugget.dlx", 2_645, 46_978),
        ("random/xcc-s1.dlx", 1_988, 9_659),
        ("random/xcc-s2.dlx", 1_345, 7_137),
        ("queens13.dlx", 1_046_319, 17_669_617),
        ("langford12-sym.dlx", 1_564_533, 21_839_525),
        ("pento6x10-sym.dlx", 909_153, 310_816_489),
    ]);
}

/// A problem with no solution: `a` needs option `a b` and `c` needs option `b c`, which
/// both cover `b`.
fn no_solution() -> Problem {
    Problem::from_dlx("a b c\na b\nb c\n").expect("parses")
}

#[test]
fn first_is_the_first_solution_of_the_iterator() {
    for name in [
        "queens8.dlx",
        "tiny/c-knuth-example.dlx",
        "random/xcc-s3.dlx",
    ] {
        let problem = util::read_corpus(name);
        let solver = Solver::new(&problem);
        let first = solver
            .first()
            .unwrap_or_else(|| panic!("{name} has a solution"));
        assert_eq!(Some(&first), solver.solutions().next().as_ref(), "{name}");
        dlx::verify(&problem, first.options()).expect("a solution");
    }
    let problem = no_solution();
    assert_eq!(Solver::new(&problem).first(), None);
    assert_eq!(Solver::new(&problem).count().solutions, 0);
}

/// The iterator does no more work than asked: after three solutions it has stopped (fewer
/// nodes than the whole tree), and carrying on gives the rest of one uninterrupted run.
#[test]
fn the_lazy_iterator_pauses_and_resumes() {
    let problem = util::read_corpus("queens8.dlx");
    let solver = Solver::new(&problem);
    let whole: Vec<_> = solver.solutions().collect();
    assert_eq!(whole.len(), 92);
    let total_nodes = solver.count().stats.nodes;

    let mut solutions = solver.solutions();
    let head: Vec<_> = solutions.by_ref().take(3).collect();
    let paused = solutions.outcome();
    assert_eq!(paused.solutions, 3);
    assert_eq!(paused.stopped, None);
    assert!(
        paused.stats.nodes < total_nodes,
        "the iterator searched {} of {total_nodes} nodes for 3 solutions",
        paused.stats.nodes
    );
    assert!(solutions.estimate() < 1.0);
    let tail: Vec<_> = solutions.by_ref().collect();
    assert_eq!(head.len() + tail.len(), whole.len());
    assert_eq!([head, tail].concat(), whole);
    assert_eq!(solutions.outcome().stats.nodes, total_nodes);
    assert_eq!(solutions.estimate(), 1.0);
    assert_eq!(
        solutions.next(),
        None,
        "an exhausted iterator stays exhausted"
    );

    // for_each visits the same solutions in the same order.
    let mut visited = Vec::new();
    solver.for_each(|options| {
        visited.push(options.to_vec());
        ControlFlow::Continue(())
    });
    let whole: Vec<_> = whole.into_iter().map(|s| s.into_options()).collect();
    assert_eq!(visited, whole);
}

#[test]
fn a_solution_limit_stops_after_exactly_that_many() {
    let problem = util::read_corpus("queens8.dlx");
    let whole: Vec<_> = Solver::new(&problem).solutions().collect();
    for n in [0, 1, 5, 91] {
        let solver = Solver::new(&problem).limit(n);
        let limited: Vec<_> = solver.solutions().collect();
        assert_eq!(limited, whole[..n as usize], "limit({n})");

        let outcome = solver.count();
        assert_eq!(outcome.solutions, n, "limit({n})");
        assert_eq!(
            outcome.stopped,
            Some(StopReason::SolutionLimit),
            "limit({n})"
        );

        let mut visited = 0;
        let outcome = solver.for_each(|_| {
            visited += 1;
            ControlFlow::Continue(())
        });
        assert_eq!((visited, outcome.solutions), (n, n), "limit({n})");
        assert_eq!(
            outcome.stopped,
            Some(StopReason::SolutionLimit),
            "limit({n})"
        );
    }
    // A limit above the count does not stop the search.
    let outcome = Solver::new(&problem).limit(93).count();
    assert_eq!((outcome.solutions, outcome.stopped), (92, None));
}

#[test]
fn a_node_limit_stops_the_search() {
    let problem = util::read_corpus("queens8.dlx");
    let whole: Vec<_> = Solver::new(&problem).solutions().collect();
    let total = Solver::new(&problem).count().stats.nodes;
    for limit in [1, 100, total / 2, total - 1] {
        let solver = Solver::new(&problem).node_limit(limit);
        let outcome = solver.count();
        assert_eq!(
            outcome.stopped,
            Some(StopReason::NodeLimit),
            "node_limit({limit})"
        );
        assert!(
            outcome.stats.nodes <= limit,
            "node_limit({limit}) searched {} nodes",
            outcome.stats.nodes
        );
        // The solutions found before the limit are the first ones of the whole search.
        let found: Vec<_> = solver.solutions().collect();
        assert_eq!(
            found.len() as u128,
            outcome.solutions,
            "node_limit({limit})"
        );
        assert!(whole.starts_with(&found), "node_limit({limit})");
    }
    let early = Solver::new(&problem).node_limit(100).count();
    assert!(early.solutions < 92, "{early:?}");
    // "Stops before the tree would have more than this many nodes": a tree of exactly that
    // many nodes is searched to the end.
    let outcome = Solver::new(&problem).node_limit(total).count();
    assert_eq!((outcome.solutions, outcome.stopped), (92, None));
}

#[test]
fn a_visitor_can_stop_the_search() {
    let problem = util::read_corpus("queens8.dlx");
    let mut visited = 0;
    let outcome = Solver::new(&problem).for_each(|_| {
        visited += 1;
        if visited == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(visited, 3);
    assert_eq!(outcome.solutions, 3);
    assert_eq!(outcome.stopped, Some(StopReason::Visitor));
}

/// With `Duration::ZERO` every look at the clock reports; the reports' estimates are fractions
/// that never go down, and their node and solution counts only grow.
#[test]
fn progress_reports_estimates_that_never_decrease() {
    let problem = util::read_corpus("queens11.dlx");
    let reports = Mutex::new(Vec::new());
    let outcome = Solver::new(&problem)
        .on_progress(Duration::ZERO, |progress| {
            reports.lock().unwrap().push(progress.clone());
        })
        .count();
    assert_eq!(outcome.solutions, 2680);
    let reports = reports.into_inner().unwrap();
    assert!(
        reports.len() >= 2,
        "{} progress reports over {} nodes",
        reports.len(),
        outcome.stats.nodes
    );
    for report in &reports {
        assert!(
            (0.0..=1.0).contains(&report.estimate),
            "estimate {} out of [0, 1]",
            report.estimate
        );
        assert!(report.nodes <= outcome.stats.nodes);
        assert!(report.solutions <= outcome.solutions);
    }
    for pair in reports.windows(2) {
        assert!(
            pair[0].estimate <= pair[1].estimate,
            "the estimate went down from {} to {}",
            pair[0].estimate,
            pair[1].estimate
        );
        assert!(pair[0].nodes < pair[1].nodes);
        assert!(pair[0].solutions <= pair[1].solutions);
    }
}
