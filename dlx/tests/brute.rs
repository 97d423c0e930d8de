//! Random small problems (primary items with and without multiplicities, secondary items,
//! colors) solved by the engines and by brute force over every subset of the options, with a
//! validity check written here from the definition of exact cover with colors and bounds (not
//! `dlx::verify`); and the text format's round trip on the same random problems.

use std::sync::Arc;

use dlx::memo::Branching;
use dlx::propagate::{Contradiction, Node, Propagator};
use dlx::{
    Engine, OptionId, OptionItem, Problem, ProblemBuilder, Propagation, Solver, StopReason, Tree,
};
use proptest::prelude::*;
use proptest::test_runner::Config;

/// A fixed number of cases a run, and no failure files written into the tree (a failure
/// prints its shrunk problem instead).
pub(crate) fn config() -> Config {
    Config {
        cases: 300,
        failure_persistence: None,
        ..Config::default()
    }
}

/// A random problem, as plain numbers: the brute force reads this, the engine reads the
/// [`Problem`] built from it.
#[derive(Clone, Debug)]
pub(crate) struct Spec {
    pub primary: usize,
    /// `(u, v)` for each primary item: covered at least `u`, at most `v` times.
    pub bounds: Vec<(u32, u32)>,
    pub secondary: usize,
    colors: usize,
    /// Prefix of every item and color name, to vary the names (non-ASCII ones included).
    prefix: &'static str,
    /// Each option's items: `0..primary` are the primary items, `primary..` the secondary
    /// ones; a secondary item may have a color, `0..colors`.
    pub options: Vec<Vec<(usize, Option<usize>)>>,
}

const PREFIXES: &[&str] = &["", "é", "項目", "#", "x.y", "Ω_"];

/// One option: a nonempty set of primary items, any set of secondary items, each secondary
/// item colored or not, in a random order.
fn option(
    primary: usize,
    secondary: usize,
    colors: usize,
) -> impl Strategy<Value = Vec<(usize, Option<usize>)>> {
    (
        1u32..1 << primary,
        0u32..1 << secondary,
        // `colors` stands for no color.
        proptest::collection::vec(0..=colors, secondary),
    )
        .prop_map(move |(primaries, secondaries, color_of)| {
            let mut items = Vec::new();
            for k in (0..primary).filter(|k| primaries >> k & 1 == 1) {
                items.push((k, None));
            }
            for k in (0..secondary).filter(|k| secondaries >> k & 1 == 1) {
                let color = Some(color_of[k]).filter(|&c| c < colors);
                items.push((primary + k, color));
            }
            items
        })
        .prop_shuffle()
}

/// Bounds of a primary item: half the time plain (`1:1`), else `u:v` with `0 <= u <= v <= 3`,
/// `v >= 1`.
fn bounds() -> impl Strategy<Value = (u32, u32)> {
    prop_oneof![
        Just((1, 1)),
        (0..=3u32, 1..=3u32).prop_map(|(u, v)| (u.min(v), v)),
    ]
}

/// 1-6 primary items (with multiplicities in half the problems), 0-4 secondary items, 0-3
/// colors, 0-14 options.
pub(crate) fn spec() -> impl Strategy<Value = Spec> {
    (
        1..=6usize,
        0..=4usize,
        0..=3usize,
        proptest::sample::select(PREFIXES),
        any::<bool>(),
    )
        .prop_flat_map(|(primary, secondary, colors, prefix, multiplicities)| {
            let all_bounds = if multiplicities {
                proptest::collection::vec(bounds(), primary).boxed()
            } else {
                Just(vec![(1, 1); primary]).boxed()
            };
            (
                all_bounds,
                proptest::collection::vec(option(primary, secondary, colors), 0..=14),
            )
                .prop_map(move |(bounds, options)| Spec {
                    primary,
                    bounds,
                    secondary,
                    colors,
                    prefix,
                    options,
                })
        })
}

impl Spec {
    pub fn build(&self) -> Problem {
        let mut builder = ProblemBuilder::new();
        let p = self.prefix;
        let primaries: Vec<_> = self
            .bounds
            .iter()
            .enumerate()
            .map(|(k, &(u, v))| builder.primary_bounded(format!("{p}p{k}"), u, v))
            .collect();
        let secondaries: Vec<_> = (0..self.secondary)
            .map(|k| builder.secondary(format!("{p}s{k}")))
            .collect();
        let colors: Vec<_> = (0..self.colors)
            .map(|k| builder.color(format!("{p}c{k}")))
            .collect();
        for option in &self.options {
            let items = option.iter().map(|&(item, color)| -> OptionItem {
                match (item.checked_sub(self.primary), color) {
                    (None, _) => primaries[item].into(),
                    (Some(k), None) => secondaries[k].into(),
                    (Some(k), Some(c)) => secondaries[k].with_color(colors[c]),
                }
            });
            builder.option(items);
        }
        let problem = builder.build().expect("a valid problem");
        assert_eq!(problem.option_count(), self.options.len());
        problem
    }

    /// Whether the options `chosen` (distinct) cover every primary item within its bounds
    /// (exactly once, when they are `1:1`) and use every secondary item at most once or always
    /// with one and the same color.
    fn is_solution(&self, chosen: &[usize]) -> bool {
        self.fits(chosen, true)
    }

    /// Whether the options `chosen` (distinct) keep every rule, and with `complete` cover
    /// every primary item at least as often as its lower bound asks.
    pub fn fits(&self, chosen: &[usize], complete: bool) -> bool {
        let mut times = vec![0; self.primary];
        let mut uses: Vec<Vec<Option<usize>>> = vec![Vec::new(); self.secondary];
        for &option in chosen {
            for &(item, color) in &self.options[option] {
                match item.checked_sub(self.primary) {
                    None => times[item] += 1,
                    Some(k) => uses[k].push(color),
                }
            }
        }
        times
            .iter()
            .zip(&self.bounds)
            .all(|(&n, &(u, v))| (!complete || u <= n) && n <= v)
            && uses.iter().all(|colors| match colors[..] {
                [] | [_] => true,
                [first, ..] => first.is_some() && colors.iter().all(|&c| c == first),
            })
    }

    /// Every solution, found by trying every subset of the options; each as its option
    /// numbers in increasing order, the list sorted.
    pub fn brute_force(&self) -> Vec<Vec<usize>> {
        let n = self.options.len();
        let mut solutions = Vec::new();
        for subset in 0u32..1 << n {
            let chosen: Vec<usize> = (0..n).filter(|k| subset >> k & 1 == 1).collect();
            if self.is_solution(&chosen) {
                solutions.push(chosen);
            }
        }
        solutions.sort();
        solutions
    }
}

/// The solutions an engine finds, each checked by `dlx::verify`, in the form of
/// [`Spec::brute_force`] (duplicates kept, so that a solution found twice shows).
fn solve(problem: &Problem, engine: Engine) -> Result<Vec<Vec<usize>>, TestCaseError> {
    solve_on(problem, engine, Tree::Links)
}

/// [`solve`] on `tree`.
fn solve_on(
    problem: &Problem,
    engine: Engine,
    tree: Tree,
) -> Result<Vec<Vec<usize>>, TestCaseError> {
    let solver = Solver::new(problem).engine(engine).tree(tree);
    prop_assert_eq!(solver.engine_used(), engine);
    let mut solutions = Vec::new();
    for solution in solver.solutions() {
        if let Err(error) = dlx::verify(problem, solution.options()) {
            return Err(TestCaseError::fail(format!(
                "engine {engine:?} returned {:?}: {error}",
                solution.options()
            )));
        }
        solutions.push(
            solution
                .canonical()
                .into_iter()
                .map(OptionId::index)
                .collect(),
        );
    }
    let outcome = solver.count();
    prop_assert_eq!(outcome.solutions, solutions.len() as u128);
    prop_assert!(outcome.is_complete());
    solutions.sort();
    Ok(solutions)
}

/// A propagator that knows every solution (from the brute force): it removes each available
/// option that no solution extending the node's chosen options has, and fails the nodes that
/// no solution extends. Sound by construction, so the engine must find every solution with it.
/// It rests at every third node of a path, counted with its path state, so that threads and
/// shards that did not keep that state along the path would walk another tree.
pub(crate) struct Oracle {
    pub solutions: Vec<Vec<usize>>,
    pub options: usize,
}

impl Oracle {
    /// The solutions below `node`: those with every option chosen on the way to it.
    fn below(&self, node: &Node<'_>) -> Vec<&Vec<usize>> {
        let chosen: Vec<usize> = node.chosen().map(OptionId::index).collect();
        self.solutions
            .iter()
            .filter(|solution| chosen.iter().all(|o| solution.contains(o)))
            .collect()
    }
}

impl Propagator for Oracle {
    fn propagate(&self, node: &mut Node<'_>) -> Result<(), Contradiction> {
        let state = node.path_state();
        node.set_path_state(state.wrapping_add(1));
        if state % 3 == 2 {
            return Ok(());
        }
        let below = self.below(node);
        if below.is_empty() {
            return Err(Contradiction);
        }
        for option in 0..self.options {
            if node.is_available(OptionId::new(option))
                && !below.iter().any(|solution| solution.contains(&option))
            {
                node.remove(OptionId::new(option));
            }
        }
        Ok(())
    }
}

/// A propagator that removes one option at a time of those in no solution below (the
/// oracle's solutions), checking at every node what [`Node::changed`] says: the options
/// available when the propagator last returned on the path, less those it names, are those
/// available now (and it names only options that were available then); `None` only where
/// the propagator has not run above (or at) the node, and always in Algorithm M's search.
struct Watch {
    oracle: Oracle,
    bounded: bool,
    /// The options available when the propagator returned at each node, by its path.
    seen: std::sync::Mutex<std::collections::HashMap<Vec<usize>, Vec<usize>>>,
}

impl Propagator for Watch {
    fn propagate(&self, node: &mut Node<'_>) -> Result<(), Contradiction> {
        let available = |node: &Node<'_>| -> Vec<usize> {
            (0..self.oracle.options)
                .filter(|&option| node.is_available(OptionId::new(option)))
                .collect()
        };
        let path: Vec<usize> = node.chosen().map(OptionId::index).collect();
        let now = available(node);
        let seen = self.seen.lock().unwrap();
        let above = (0..=path.len()).rev().find_map(|k| seen.get(&path[..k]));
        match (node.changed(), above) {
            (None, above) => assert!(
                self.bounded || above.is_none(),
                "no changes named below a node where the propagator ran: {path:?}"
            ),
            (Some(_), _) if self.bounded => panic!("changes named in Algorithm M's search"),
            (Some(changed), above) => {
                let above = above.expect("changes named with no propagator above");
                let mut changed: Vec<usize> = changed.into_iter().map(OptionId::index).collect();
                changed.sort_unstable();
                changed.dedup();
                let left: Vec<usize> = above
                    .iter()
                    .copied()
                    .filter(|option| changed.binary_search(option).is_err())
                    .collect();
                assert_eq!(left, now, "at {path:?}: {above:?} less {changed:?}");
                assert!(changed.iter().all(|option| above.contains(option)));
            }
        }
        drop(seen);
        // One option at a time, of those in no solution below: so that forcing, then the
        // propagator again, often has more to do at the same node.
        let below = self.oracle.below(node);
        let verdict = if below.is_empty() {
            Err(Contradiction)
        } else {
            if let Some(&option) = now
                .iter()
                .find(|option| !below.iter().any(|solution| solution.contains(option)))
            {
                node.remove(OptionId::new(option));
            }
            Ok(())
        };
        let after = available(node);
        self.seen.lock().unwrap().insert(path, after);
        verdict
    }
}

/// The solutions an engine finds with propagation `level` (and the oracle, if given), each
/// checked by `dlx::verify`, sequentially, on 2 threads, and over 3 shards, plus through
/// `split` and `within`; all must agree, and are returned in the form of
/// [`Spec::brute_force`].
fn solve_propagating(
    problem: &Problem,
    engine: Engine,
    level: Propagation,
    oracle: Option<&Arc<Oracle>>,
) -> Result<Vec<Vec<usize>>, TestCaseError> {
    let solver = |solver: Solver<'static>| -> Solver<'static> {
        let solver = solver.engine(engine).propagation(level);
        match oracle {
            Some(oracle) => solver.propagator(oracle.clone()),
            None => solver,
        }
    };
    // 'static: the problem is leaked for the closure above (tests only, small problems).
    let problem: &'static Problem = Box::leak(Box::new(problem.clone()));
    let mut found = Vec::new();
    for solution in solver(Solver::new(problem)).solutions() {
        if let Err(error) = dlx::verify(problem, solution.options()) {
            return Err(TestCaseError::fail(format!(
                "{engine:?} with {level}: {:?}: {error}",
                solution.options()
            )));
        }
        found.push(
            solution
                .canonical()
                .into_iter()
                .map(OptionId::index)
                .collect::<Vec<_>>(),
        );
    }
    found.sort();
    let sequential = solver(Solver::new(problem)).count();
    prop_assert!(sequential.is_complete());
    prop_assert_eq!(sequential.solutions, found.len() as u128);
    let parallel = solver(Solver::new(problem)).threads(2).count();
    prop_assert_eq!(parallel.solutions, sequential.solutions);
    prop_assert_eq!(
        (
            parallel.stats.nodes,
            parallel.stats.rounds,
            parallel.stats.removed
        ),
        (
            sequential.stats.nodes,
            sequential.stats.rounds,
            sequential.stats.removed
        )
    );
    let sharded: u128 = (0..3)
        .map(|index| {
            solver(Solver::new(problem))
                .shard(index, 3)
                .count()
                .solutions
        })
        .sum();
    prop_assert_eq!(sharded, sequential.solutions);
    // Each shard run again as subshards, nested twice.
    let nested: u128 = (0..3)
        .flat_map(|index| {
            (0..2).flat_map(move |sub| (0..2).map(move |deeper| (index, sub, deeper)))
        })
        .map(|(index, sub, deeper)| {
            solver(Solver::new(problem))
                .shard(index, 3)
                .subshard(sub, 2)
                .subshard(deeper, 2)
                .count()
                .solutions
        })
        .sum();
    prop_assert_eq!(nested, sequential.solutions);
    let top = solver(Solver::new(problem)).split(1);
    let mut within = top.solutions.len() as u128;
    for prefix in &top.prefixes {
        let below = solver(Solver::new(problem))
            .within(prefix)
            .map_err(|error| TestCaseError::fail(format!("{prefix:?}: {error}")))?;
        within += below.count().solutions;
    }
    prop_assert_eq!(within, sequential.solutions);
    Ok(found)
}

/// The solutions `for_each` visits on `threads` workers, or (with `shards`) on each of that
/// many shards in turn, in the form of [`Spec::brute_force`]: duplicates kept, each checked by
/// `dlx::verify`, and the counts checked against the visits.
fn solve_split(
    problem: &Problem,
    engine: Engine,
    tree: Tree,
    threads: usize,
    shards: Option<usize>,
) -> Result<Vec<Vec<usize>>, TestCaseError> {
    let mut solutions = Vec::new();
    let mut invalid = None;
    let runs: Vec<Solver<'_>> = match shards {
        None => vec![Solver::new(problem)
            .engine(engine)
            .tree(tree)
            .threads(threads)],
        Some(count) => (0..count)
            .map(|index| {
                Solver::new(problem)
                    .engine(engine)
                    .tree(tree)
                    .threads(threads)
                    .shard(index, count)
            })
            .collect(),
    };
    for solver in runs {
        let before = solutions.len();
        let outcome = solver.for_each(|options| {
            if let Err(error) = dlx::verify(problem, options) {
                invalid.get_or_insert(format!("{options:?}: {error}"));
            }
            let mut canonical: Vec<usize> = options.iter().map(|o| o.index()).collect();
            canonical.sort_unstable();
            solutions.push(canonical);
            std::ops::ControlFlow::Continue(())
        });
        prop_assert!(outcome.is_complete());
        prop_assert_eq!(outcome.solutions, (solutions.len() - before) as u128);
        prop_assert_eq!(solver.count().solutions, outcome.solutions);
    }
    if let Some(invalid) = invalid {
        return Err(TestCaseError::fail(format!(
            "engine {engine:?} on {threads} threads, shards {shards:?}, returned {invalid}"
        )));
    }
    solutions.sort();
    Ok(solutions)
}

/// The engines that can express the problem: X without colors or bounds, C without bounds,
/// and M always.
pub(crate) fn engines(problem: &Problem) -> &'static [Engine] {
    match problem.engine() {
        Engine::X => &[Engine::X, Engine::C, Engine::M],
        Engine::C => &[Engine::C, Engine::M],
        Engine::M => &[Engine::M],
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn engines_find_exactly_the_brute_force_solutions(spec in spec()) {
        let problem = spec.build();
        let expected = spec.brute_force();
        for &engine in engines(&problem) {
            for tree in [Tree::Links, Tree::SparseSets, Tree::Bitsets] {
                let found = solve_on(&problem, engine, tree)?;
                prop_assert_eq!(&found, &expected, "engine {:?}, {:?}", engine, tree);
            }
        }
    }

    /// Bounds of 0:1 and 1:1 only: the bit sets search them as Algorithm C (an item of
    /// bounds 0:1 as a secondary item) when every option has an item of bounds 1:1, else
    /// with their bounds as any others, and find Algorithm M's solutions either way.
    #[test]
    fn bit_sets_take_bounds_of_at_most_one(mut spec in spec()) {
        for bounds in &mut spec.bounds {
            *bounds = (bounds.0.min(1), 1);
        }
        let problem = spec.build();
        let expected = spec.brute_force();
        let solver = Solver::new(&problem).tree(Tree::Bitsets);
        prop_assert_eq!(solver.tree_used(), Tree::Bitsets);
        prop_assert_eq!(&solve_on(&problem, problem.engine(), Tree::Bitsets)?, &expected);
        prop_assert_eq!(&solve_split(&problem, problem.engine(), Tree::Bitsets, 2, Some(3))?, &expected);
    }

    /// The bit sets walk the sparse sets' tree: the same nodes at every level, dead ends
    /// (an item whose every option has the item just chosen) and failing covers alike.
    #[test]
    fn bit_sets_walk_the_sparse_sets_tree(spec in spec()) {
        let problem = spec.build();
        if problem.engine() != Engine::M {
            let sparse = Solver::new(&problem).tree(Tree::SparseSets).count();
            let bits = Solver::new(&problem).tree(Tree::Bitsets).count();
            prop_assert_eq!(bits.solutions, sparse.solutions);
            prop_assert_eq!(
                (bits.stats.nodes, &bits.stats.profile),
                (sparse.stats.nodes, &sparse.stats.profile)
            );
        }
    }

    /// A count under a solution limit or a node limit (whose solutions the search's loop
    /// counts without returning them, all but the last one allowed) stops where iterating
    /// over the solutions stops: the same solutions, nodes and reason; on two threads, the
    /// same under a solution limit.
    #[test]
    fn counts_stop_where_the_solutions_stop(spec in spec()) {
        let problem = spec.build();
        let all = spec.brute_force().len() as u128;
        for &engine in engines(&problem) {
            for tree in [Tree::Links, Tree::SparseSets, Tree::Bitsets] {
                let solver = Solver::new(&problem).engine(engine).tree(tree);
                for limit in 0..=all + 1 {
                    let reason = (limit <= all).then_some(StopReason::SolutionLimit);
                    for threads in [1, 2] {
                        let count = solver.clone().limit(limit).threads(threads).count();
                        prop_assert_eq!(
                            (count.solutions, count.stopped), (limit.min(all), reason),
                            "{:?}, {:?}, limit {}, {} threads", engine, tree, limit, threads
                        );
                    }
                }
                let nodes = solver.count().stats.nodes;
                for node_limit in [1, 2, 3, nodes / 2, nodes.saturating_sub(1), nodes] {
                    let solver = solver.clone().node_limit(node_limit);
                    let count = solver.count();
                    let mut solutions = solver.solutions();
                    let found = solutions.by_ref().count() as u128;
                    let outcome = solutions.outcome();
                    prop_assert_eq!(
                        (count.solutions, count.stopped, count.stats.nodes),
                        (found, outcome.stopped, outcome.stats.nodes),
                        "{:?}, {:?}, node limit {}", engine, tree, node_limit
                    );
                }
            }
        }
    }

    /// The same on several threads and in shards (which split the tree, null moves of
    /// Algorithm M included): every solution found once, none lost.
    #[test]
    fn split_searches_find_exactly_the_brute_force_solutions(spec in spec()) {
        let problem = spec.build();
        let expected = spec.brute_force();
        for &engine in engines(&problem) {
            for (threads, shards) in [(2, None), (3, None), (1, Some(2)), (2, Some(3))] {
                for tree in [Tree::Links, Tree::SparseSets, Tree::Bitsets] {
                    let found = solve_split(&problem, engine, tree, threads, shards)?;
                    prop_assert_eq!(
                        &found, &expected,
                        "engine {:?}, {:?}, on {} threads, shards {:?}",
                        engine, tree, threads, shards
                    );
                }
            }
        }
    }

    /// Propagation (both built-in levels, and a propagator) finds exactly the same solutions,
    /// sequentially, in parallel, in shards and in subtrees.
    #[test]
    fn propagating_searches_find_exactly_the_brute_force_solutions(spec in spec()) {
        let problem = spec.build();
        let expected = spec.brute_force();
        let oracle = Arc::new(Oracle { solutions: expected.clone(), options: problem.option_count() });
        for &engine in engines(&problem) {
            for level in Propagation::ALL {
                let found = solve_propagating(&problem, engine, level, None)?;
                prop_assert_eq!(&found, &expected, "engine {:?} with {}", engine, level);
                let found = solve_propagating(&problem, engine, level, Some(&oracle))?;
                prop_assert_eq!(&found, &expected, "engine {:?} with {} and the oracle", engine, level);
            }
        }
    }

    /// What a propagator sees change at each node is exactly what left since it last ran
    /// on the path ([`Watch`]), at every level of propagation, and the solutions stay.
    #[test]
    fn propagators_see_exactly_what_changed(spec in spec()) {
        let problem = spec.build();
        let expected = spec.brute_force();
        for &engine in engines(&problem) {
            for level in Propagation::ALL {
                let watch = Arc::new(Watch {
                    oracle: Oracle { solutions: expected.clone(), options: problem.option_count() },
                    bounded: engine == Engine::M,
                    seen: Default::default(),
                });
                let outcome = Solver::new(&problem)
                    .engine(engine)
                    .propagation(level)
                    .propagator(watch.clone())
                    .count();
                prop_assert_eq!(outcome.solutions, expected.len() as u128);
            }
        }
    }

    /// Memoized counts, under both item orders, on one thread and on three, equal the
    /// brute-force count.
    #[test]
    fn memo_counts_equal_the_brute_force_count(spec in spec()) {
        let problem = spec.build();
        let expected = spec.brute_force().len() as u128;
        for branching in [Branching::FirstItem, Branching::FewestOptions] {
            for threads in [1, 3] {
                let outcome = Solver::new(&problem)
                    .branching(branching)
                    .threads(threads)
                    .memo_count()
                    .map_err(|error| TestCaseError::fail(error.to_string()))?;
                prop_assert_eq!(
                    outcome.count.to_u128(), Some(expected), "{:?} on {} threads", branching, threads
                );
            }
        }
    }

    /// The graph of all solutions: its count, its ZDD's paths and its random draws, against
    /// the brute force; built on three threads, the same ZDD text and the same draws.
    #[test]
    fn memo_graph_holds_exactly_the_brute_force_solutions(spec in spec()) {
        let problem = spec.build();
        let expected = spec.brute_force();
        for branching in [Branching::FirstItem, Branching::FewestOptions] {
            let mut texts = Vec::new();
            let mut draws = Vec::new();
            for threads in [1, 3] {
                let graph = Solver::new(&problem)
                    .branching(branching)
                    .threads(threads)
                    .memo_graph()
                    .map_err(|error| TestCaseError::fail(error.to_string()))?;
                prop_assert_eq!(graph.count().to_u128(), Some(expected.len() as u128));
                let mut text = Vec::new();
                graph.write_zdd(&mut text).unwrap();
                let text = String::from_utf8(text).unwrap();
                let paths = crate::util::zdd_solutions(&text);
                prop_assert_eq!(&paths, &expected, "{:?} on {} threads", branching, threads);
                texts.push(text);
                let drawn: Vec<Vec<usize>> = graph
                    .random_solutions(3)
                    .take(5)
                    .map(|solution| solution.canonical().into_iter().map(OptionId::index).collect())
                    .collect();
                for options in &drawn {
                    prop_assert!(expected.contains(options));
                }
                draws.push(drawn);
            }
            prop_assert_eq!(&texts[0], &texts[1]);
            prop_assert_eq!(&draws[0], &draws[1]);
        }
    }

    #[test]
    fn text_round_trip_keeps_the_problem_and_its_solutions(spec in spec()) {
        let problem = spec.build();
        let text = problem.to_dlx();
        let parsed = dlx::text::parse(&text)
            .map_err(|error| TestCaseError::fail(format!("{error} in\n{text}")))?;
        prop_assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
        let again = parsed.problem;
        prop_assert_eq!(&again, &problem, "{}", text);
        prop_assert_eq!(again.to_dlx(), text);
        prop_assert_eq!(
            (again.primary_count(), again.secondary_count(), again.option_count()),
            (problem.primary_count(), problem.secondary_count(), problem.option_count())
        );
        // Option numbers are kept, so the solutions are the same sets of numbers.
        prop_assert_eq!(solve(&again, Engine::M)?, solve(&problem, Engine::M)?);
    }
}
