//! Parallel search and shards: the same counts, solutions and statistics as the sequential
//! search, for every corpus instance; limits that stop every worker.

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use dlx::{Engine, OptionId, Solver, StopReason, Tree};

use crate::util;

/// The corpus instances that run in a few seconds (pento6x10 raw is left to the slow tests).
fn instances() -> Vec<(String, u128)> {
    util::expected_counts()
        .into_iter()
        .filter(|(name, _)| name != "pento6x10.dlx")
        .collect()
}

#[test]
fn threads_count_what_one_thread_counts() {
    threads_count_what_one_thread_counts_on(Tree::Links);
}

/// The sparse-set tree depends only on the options alive at a node, so that threads walk
/// the same tree too (Algorithm M walks the links).
#[test]
fn threads_walk_the_same_sparse_set_tree() {
    threads_count_what_one_thread_counts_on(Tree::SparseSets);
}

/// The bit sets' tree too (the sparse sets' tree, with their own updates).
#[test]
fn threads_walk_the_same_bit_set_tree() {
    threads_count_what_one_thread_counts_on(Tree::Bitsets);
}

fn threads_count_what_one_thread_counts_on(tree: Tree) {
    let mut ran = 0;
    for (name, expected) in instances() {
        let problem = util::read_corpus(&name);
        let sequential = Solver::new(&problem).tree(tree).count();
        assert_eq!(sequential.solutions, expected, "{name}");
        // Two threads (the command line's default on two cores) run in its every count.
        for threads in [3, 8] {
            let parallel = Solver::new(&problem).tree(tree).threads(threads).count();
            assert!(parallel.is_complete(), "{name} on {threads} threads");
            assert_eq!(parallel.solutions, expected, "{name} on {threads} threads");
            // The same tree, split up: the same nodes, updates and profile (with Algorithm M
            // too, null moves and all).
            assert_eq!(
                (
                    parallel.stats.nodes,
                    parallel.stats.updates,
                    &parallel.stats.profile
                ),
                (
                    sequential.stats.nodes,
                    sequential.stats.updates,
                    &sequential.stats.profile
                ),
                "{name} on {threads} threads"
            );
            ran += 1;
        }
    }
    assert!(ran > 0);
}

#[test]
fn shards_add_up_to_the_whole() {
    shards_add_up_to_the_whole_on(Tree::Links);
}

#[test]
fn sparse_set_shards_add_up_to_the_whole() {
    shards_add_up_to_the_whole_on(Tree::SparseSets);
}

#[test]
fn bit_set_shards_add_up_to_the_whole() {
    shards_add_up_to_the_whole_on(Tree::Bitsets);
}

fn shards_add_up_to_the_whole_on(tree: Tree) {
    let mut ran = 0;
    for (name, expected) in instances() {
        let problem = util::read_corpus(&name);
        let sequential = Solver::new(&problem).tree(tree).count();
        for shards in [2, 7] {
            let mut total = 0;
            let (mut nodes, mut updates) = (0, 0);
            for index in 0..shards {
                let outcome = Solver::new(&problem)
                    .tree(tree)
                    .shard(index, shards)
                    .count();
                assert!(outcome.is_complete(), "{name}: shard {index}/{shards}");
                total += outcome.solutions;
                nodes += outcome.stats.nodes;
                updates += outcome.stats.updates;
            }
            assert_eq!(total, expected, "{name} in {shards} shards");
            assert_eq!(
                (nodes, updates),
                (sequential.stats.nodes, sequential.stats.updates),
                "{name} in {shards} shards: nodes and updates"
            );
            ran += 1;
        }
    }
    assert!(ran > 0);
}

/// Levels of thousands of options, which workers give away as runs of options rather than a
/// task each (a task each replayed the cover of the item each time: quadratic): the same
/// count, nodes, updates and profile on any number of threads, with colors too.
#[test]
fn wide_levels_given_away_as_runs_walk_the_same_tree() {
    let wide = |colors: bool| {
        let mut text = String::from("a b | s\n");
        for k in 0..2500 {
            text.push_str(&format!("a s:{}\n", if colors { k % 3 } else { 0 }));
        }
        for k in 0..2500 {
            text.push_str(&format!("b s:{}\n", if colors { k % 3 } else { 0 }));
        }
        dlx::Problem::from_dlx(&text).unwrap()
    };
    for colors in [false, true] {
        let problem = wide(colors);
        let solver = || Solver::new(&problem).tree(Tree::Links);
        let sequential = solver().count();
        // Pairs of options of `a` and `b` that agree on the color of `s` (834, 833 and 833
        // options of each color), or every pair.
        let expected: u128 = if colors {
            834 * 834 + 2 * 833 * 833
        } else {
            2500 * 2500
        };
        assert_eq!(sequential.solutions, expected);
        for threads in [2, 3, 8] {
            let parallel = solver().threads(threads).count();
            assert_eq!(
                (
                    parallel.solutions,
                    parallel.stats.nodes,
                    parallel.stats.updates,
                    &parallel.stats.profile
                ),
                (
                    sequential.solutions,
                    sequential.stats.nodes,
                    sequential.stats.updates,
                    &sequential.stats.profile
                ),
                "colors {colors}, {threads} threads"
            );
        }
    }
}

/// A shard run again as subshards (a straggler split up), two levels deep: the subshards of
/// each shard add up to it, counts, nodes, updates and profile, on every tree and with
/// Algorithm M, and every unit cuts its share where its siblings do.
#[test]
fn subshards_add_up_to_their_shard() {
    let tree_of = |outcome: &dlx::Outcome| {
        (
            outcome.solutions,
            outcome.stats.nodes,
            outcome.stats.updates,
            outcome.stats.profile.clone(),
        )
    };
    let add = |total: &mut (u128, u64, u64, Vec<u64>), outcome: &dlx::Outcome| {
        total.0 += outcome.solutions;
        total.1 += outcome.stats.nodes;
        total.2 += outcome.stats.updates;
        if total.3.len() < outcome.stats.profile.len() {
            total.3.resize(outcome.stats.profile.len(), 0);
        }
        for (sum, n) in total.3.iter_mut().zip(&outcome.stats.profile) {
            *sum += n;
        }
    };
    let mut ran = 0;
    for (name, engine, tree) in [
        ("queens10.dlx", Engine::X, Tree::Links),
        ("queens10.dlx", Engine::X, Tree::SparseSets),
        ("langford11-sym.dlx", Engine::X, Tree::Bitsets),
        ("random/xcc-s3.dlx", Engine::C, Tree::Links),
        ("random/mcc-s2.dlx", Engine::M, Tree::Links),
        ("random/mcc-s2.dlx", Engine::M, Tree::Bitsets),
    ] {
        let problem = util::read_corpus(name);
        let solver = || Solver::new(&problem).engine(engine).tree(tree);
        let whole = solver().count();
        let mut all = (0, 0, 0, Vec::new());
        for index in 0..3 {
            let shard = solver().shard(index, 3);
            let expected = shard.count();
            add(&mut all, &expected);
            assert_eq!(expected.stats.cuts[0].counted, index == 0, "{name}");
            let mut parts = (0, 0, 0, Vec::new());
            for sub in 0..5 {
                let part = shard.clone().subshard(sub, 5);
                let outcome = part.count();
                assert!(outcome.is_complete());
                assert_eq!(outcome.stats.cuts.len(), 2, "{name}: a cut per level");
                assert_eq!(
                    shared(&outcome.stats.cuts[..1]),
                    shared(&expected.stats.cuts[..1]),
                    "{name}"
                );
                // The subshards' cut is counted by the shard's first subshard only.
                assert_eq!(outcome.stats.cuts[1].counted, sub == 0, "{name}");
                let mut deeper = (0, 0, 0, Vec::new());
                for subsub in 0..2 {
                    let outcome = part.clone().subshard(subsub, 2).threads(2).count();
                    assert_eq!(
                        shared(&outcome.stats.cuts[..2]),
                        shared(&expected_cuts(&part)),
                        "{name}"
                    );
                    add(&mut deeper, &outcome);
                }
                let mut outcome_trimmed = outcome.clone();
                trim(&mut outcome_trimmed.stats.profile);
                trim(&mut deeper.3);
                assert_eq!(
                    deeper,
                    tree_of(&outcome_trimmed),
                    "{name}: {index}/3, {sub}/5"
                );
                add(&mut parts, &outcome);
                ran += 1;
            }
            let mut expected = expected.clone();
            trim(&mut expected.stats.profile);
            trim(&mut parts.3);
            assert_eq!(
                parts,
                tree_of(&expected),
                "{name}: shard {index}/3 in 5 subshards"
            );
        }
        trim(&mut all.3);
        assert_eq!(all, tree_of(&whole), "{name}: 3 shards");
    }
    assert!(ran > 0);
}

/// The cuts of a unit, as each of its subshards records them above its own.
fn expected_cuts(solver: &Solver<'_>) -> Vec<dlx::Cut> {
    solver.count().stats.cuts
}

/// What the shards that share cuts agree on: every field but whose statistics count the cut.
fn shared(cuts: &[dlx::Cut]) -> Vec<dlx::Cut> {
    cuts.iter()
        .map(|cut| dlx::Cut {
            counted: false,
            ..*cut
        })
        .collect()
}

/// A profile without the levels no node reached.
fn trim(profile: &mut Vec<u64>) {
    let len = profile.iter().rposition(|&n| n > 0).map_or(0, |k| k + 1);
    profile.truncate(len);
}

/// Algorithm M forced on problems without bounds or with colors (where it takes the same
/// tree as X or C, with its own steps): threads and shards split it into the same tree.
#[test]
fn algorithm_m_splits_into_the_same_tree() {
    for name in [
        "queens10.dlx",
        "langford11-sym.dlx",
        "random/xcc-s3.dlx",
        "random/mcc-s2.dlx",
        "sudoku-golden_nugget.dlx",
    ] {
        let problem = util::read_corpus(name);
        let solver = || Solver::new(&problem).engine(Engine::M);
        let sequential = solver().count();
        let tree = |outcome: &dlx::Outcome| {
            (
                outcome.solutions,
                outcome.stats.nodes,
                outcome.stats.updates,
                outcome.stats.profile.clone(),
            )
        };
        for threads in [2, 5] {
            let parallel = solver().threads(threads).count();
            assert_eq!(
                tree(&parallel),
                tree(&sequential),
                "{name}, {threads} threads"
            );
        }
        for shards in [2, 5] {
            let (mut solutions, mut nodes, mut updates) = (0, 0, 0);
            for index in 0..shards {
                let outcome = solver().shard(index, shards).count();
                solutions += outcome.solutions;
                nodes += outcome.stats.nodes;
                updates += outcome.stats.updates;
            }
            assert_eq!(
                (solutions, nodes, updates),
                (
                    sequential.solutions,
                    sequential.stats.nodes,
                    sequential.stats.updates
                ),
                "{name}, {shards} shards"
            );
        }
    }
}

/// Shards that also run on several threads each.
#[test]
fn shards_on_threads_add_up_to_the_whole() {
    let problem = util::read_corpus("langford11-sym.dlx");
    let total: u128 = (0..4)
        .map(|index| {
            Solver::new(&problem)
                .shard(index, 4)
                .threads(3)
                .count()
                .solutions
        })
        .sum();
    assert_eq!(total, 17_792);
}

/// `for_each` on several threads visits exactly the solutions of the sequential search, each
/// once, each an exact cover.
#[test]
fn parallel_for_each_visits_every_solution_once() {
    for name in ["queens10.dlx", "random/xcc-s3.dlx", "langford11-sym.dlx"] {
        let problem = util::read_corpus(name);
        let expected: HashSet<Vec<OptionId>> = Solver::new(&problem)
            .solutions()
            .map(|s| s.canonical())
            .collect();
        let mut seen = HashSet::new();
        let outcome = Solver::new(&problem).threads(4).for_each(|options| {
            dlx::verify(&problem, options).unwrap();
            let mut canonical = options.to_vec();
            canonical.sort_unstable();
            assert!(seen.insert(canonical), "{name}: a solution twice");
            ControlFlow::Continue(())
        });
        assert_eq!(outcome.solutions, expected.len() as u128, "{name}");
        assert_eq!(seen, expected, "{name}");
    }
}

/// The names of the threads on which a count on `threads` visits the solutions.
fn visiting_threads(problem: &dlx::Problem, threads: usize) -> HashSet<Option<String>> {
    let names = std::sync::Mutex::new(HashSet::new());
    Solver::new(problem).threads(threads).for_each(|_| {
        let name = std::thread::current().name().map(str::to_owned);
        names.lock().unwrap().insert(name);
        ControlFlow::Continue(())
    });
    names.into_inner().unwrap()
}

/// A parallel run starts on the calling thread and wakes the pool only for a tree still
/// unfinished after a while: a tree smaller than the first checkpoint (64 nodes) is solved
/// where it was asked for, and a big one reaches the workers.
#[test]
fn only_big_trees_reach_the_pool() {
    let caller = std::thread::current().name().map(str::to_owned);
    let tiny = dlx::Problem::from_dlx("a b c\na\nb c\na b\nc\n").unwrap();
    assert_eq!(visiting_threads(&tiny, 4), HashSet::from([caller.clone()]));
    let big = util::read_corpus("langford11-sym.dlx");
    let names = visiting_threads(&big, 2);
    assert!(
        names.iter().flatten().any(|name| name.starts_with("dlx-")),
        "no solution found on a worker: {names:?}"
    );
}

/// One worker per core (`threads(0)`): the number of cores is asked only when a tree outlasts
/// the calling thread's first millisecond. A tiny tree ends where it was asked for; a big one
/// counts what one thread counts on at most one worker per core, and a node limit stops it
/// within a checkpoint interval (4096 nodes) per worker; its tables are those of that many
/// threads.
#[test]
fn one_thread_per_core_counts_what_one_thread_counts() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let caller = std::thread::current().name().map(str::to_owned);
    let tiny = dlx::Problem::from_dlx("a b c\na\nb c\na b\nc\n").unwrap();
    assert_eq!(visiting_threads(&tiny, 0), HashSet::from([caller]));

    let big = util::read_corpus("langford11-sym.dlx");
    let one = Solver::new(&big).count();
    let all = Solver::new(&big).threads(0).count();
    assert_eq!(
        (all.solutions, all.stats.nodes, all.stats.updates),
        (one.solutions, one.stats.nodes, one.stats.updates)
    );
    // The pool the solutions are found on has one worker per core.
    let pools = std::sync::Mutex::new(HashSet::new());
    Solver::new(&big).threads(0).for_each(|_| {
        if std::thread::current()
            .name()
            .is_some_and(|name| name.starts_with("dlx-"))
        {
            pools.lock().unwrap().insert(rayon::current_num_threads());
        }
        ControlFlow::Continue(())
    });
    assert_eq!(pools.into_inner().unwrap(), HashSet::from([cores]));

    let pentominoes = util::read_corpus("pento6x10.dlx");
    let limited = Solver::new(&pentominoes)
        .threads(0)
        .node_limit(100_000)
        .count();
    assert_eq!(limited.stopped, Some(StopReason::NodeLimit));
    assert!(
        limited.stats.nodes < 100_000 + (cores as u64 + 1) * 4096,
        "{} nodes on {cores} cores",
        limited.stats.nodes
    );
    if cores > 1 {
        assert_eq!(
            Solver::new(&big).threads(0).table_bytes(),
            Solver::new(&big).threads(cores).table_bytes()
        );
    }
}

/// A propagating search that outlasts the calling thread's first millisecond moves to the
/// pool with its propagation state, and counts what one thread counts on the same tree.
#[test]
fn a_propagating_search_moves_to_the_pool_whole() {
    let problem = util::read_corpus("queens12.dlx");
    for level in [dlx::Propagation::Forcing, dlx::Propagation::Probing] {
        let one = Solver::new(&problem).propagation(level).count();
        assert_eq!(one.solutions, 14_200, "{level:?}");
        assert!(
            one.stats.elapsed > Duration::from_millis(5),
            "{level:?}: too quick to pause"
        );
        let two = Solver::new(&problem).propagation(level).threads(2).count();
        assert_eq!(
            (two.solutions, two.stats.nodes, two.stats.removed),
            (one.solutions, one.stats.nodes, one.stats.removed),
            "{level:?} on 2 threads"
        );
    }
}

/// Eight threads on a two-core machine, stopped by a solution limit: no deadlock, and exactly
/// the limit is reported, however the workers race for the last solutions.
#[test]
fn a_solution_limit_stops_every_worker_exactly() {
    let problem = util::read_corpus("queens12.dlx");
    for limit in [1, 7, 1000, 14_199, 14_200] {
        let visited = AtomicU64::new(0);
        let outcome = Solver::new(&problem).threads(8).limit(limit).for_each(|_| {
            visited.fetch_add(1, Ordering::Relaxed);
            ControlFlow::Continue(())
        });
        assert_eq!(outcome.solutions, limit, "limit {limit}");
        assert_eq!(
            visited.load(Ordering::Relaxed) as u128,
            limit,
            "limit {limit}"
        );
        assert_eq!(outcome.stopped, Some(StopReason::SolutionLimit));
        let counted = Solver::new(&problem).threads(8).limit(limit).count();
        assert_eq!(counted.solutions, limit, "limit {limit}");
    }
}

#[test]
fn a_visitor_stops_every_worker() {
    let problem = util::read_corpus("queens11.dlx");
    let mut visits = 0;
    let outcome = Solver::new(&problem).threads(4).for_each(|_| {
        visits += 1;
        if visits == 10 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(visits, 10);
    assert_eq!(outcome.stopped, Some(StopReason::Visitor));
}

#[test]
fn node_limits_and_timeouts_stop_every_worker() {
    let problem = util::read_corpus("pento6x10.dlx");
    for tree in [Tree::Links, Tree::SparseSets, Tree::Bitsets] {
        let solver = || Solver::new(&problem).tree(tree);
        let outcome = solver().threads(4).node_limit(100_000).count();
        assert_eq!(outcome.stopped, Some(StopReason::NodeLimit), "{tree:?}");
        assert!(outcome.solutions < 9356);
        // Each worker may go past the limit by one checkpoint interval (4096 nodes).
        assert!(
            outcome.stats.nodes < 100_000 + 4 * 4096 + 4096,
            "{tree:?}: {}",
            outcome.stats.nodes
        );
        let sequential = solver().node_limit(100_000).count();
        assert_eq!(sequential.stopped, Some(StopReason::NodeLimit), "{tree:?}");
        assert!(sequential.stats.nodes <= 100_000, "{tree:?}");

        let outcome = solver()
            .threads(4)
            .timeout(Duration::from_millis(50))
            .count();
        assert_eq!(outcome.stopped, Some(StopReason::Timeout), "{tree:?}");
        let outcome = solver().timeout(Duration::from_millis(50)).count();
        assert_eq!(outcome.stopped, Some(StopReason::Timeout), "{tree:?}");
    }
}

/// A flag set from another thread stops every kind of run soon after, and the outcome says
/// why: sequential and parallel searches, and memoized counts.
#[test]
fn a_cancel_flag_stops_any_search() {
    let problem = util::read_corpus("queens13.dlx");
    let run = |solver: Solver<'_>, threads: usize| {
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let setter = flag.clone();
        std::thread::scope(|scope| {
            scope.spawn(move || {
                std::thread::sleep(Duration::from_millis(20));
                setter.store(true, Ordering::Relaxed);
            });
            solver.threads(threads).cancel_on(flag).count()
        })
    };
    for threads in [1, 3] {
        let outcome = run(Solver::new(&problem), threads);
        assert_eq!(
            outcome.stopped,
            Some(StopReason::Cancelled),
            "{threads} threads"
        );
        assert!(outcome.solutions < 73712);
    }
    // Never set: the whole count.
    let never = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let queens8 = util::read_corpus("queens8.dlx");
    let outcome = Solver::new(&queens8).cancel_on(never).count();
    assert_eq!((outcome.solutions, outcome.stopped), (92, None));
    // A memoized count fails with the reason (it has no partial count).
    let set = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let tiling = dlx::Problem::from_dlx(&util::read_corpus_text("pento6x10.dlx")).unwrap();
    let memo = Solver::new(&tiling).cancel_on(set).memo_count();
    match memo {
        Err(dlx::memo::MemoError::Stopped { reason, .. }) => {
            assert_eq!(reason, StopReason::Cancelled)
        }
        other => panic!("a cancelled memoized count: {other:?}"),
    }
}

#[test]
fn parallel_progress_estimates_grow_to_the_end() {
    let problem = util::read_corpus("queens11.dlx");
    for tree in [Tree::Links, Tree::SparseSets, Tree::Bitsets] {
        // Many workers report at once: each report reaches the callback in order.
        for threads in [1, 3, 16] {
            let estimates = std::sync::Mutex::new(Vec::new());
            let outcome = Solver::new(&problem)
                .tree(tree)
                .threads(threads)
                .on_progress(Duration::ZERO, |progress| {
                    estimates.lock().unwrap().push(progress.estimate)
                })
                .count();
            assert!(outcome.is_complete());
            let estimates = estimates.into_inner().unwrap();
            assert!(!estimates.is_empty(), "{tree:?} on {threads}");
            assert!(
                estimates.windows(2).all(|w| w[0] <= w[1]),
                "{tree:?} on {threads}: {estimates:?}"
            );
            assert!(estimates.iter().all(|&e| (0.0..=1.0).contains(&e)));
        }
    }
}

/// The prefixes of `split` are independent subtrees: their counts (by `within`), with the
/// solutions above the cut, add up to the whole count, and their statistics, with the top's,
/// to the whole search's; also on several threads and in shards below a prefix.
#[test]
fn split_prefixes_add_up_to_the_whole() {
    split_prefixes_add_up_to_the_whole_on(Tree::Links);
}

#[test]
fn sparse_set_split_prefixes_add_up_to_the_whole() {
    split_prefixes_add_up_to_the_whole_on(Tree::SparseSets);
}

#[test]
fn bit_set_split_prefixes_add_up_to_the_whole() {
    split_prefixes_add_up_to_the_whole_on(Tree::Bitsets);
}

fn split_prefixes_add_up_to_the_whole_on(tree: Tree) {
    for (name, expected) in [
        ("queens10.dlx", 724),
        ("langford11-sym.dlx", 17_792),
        ("random/xcc-s1.dlx", 801),
        ("sudoku-golden_nugget.dlx", 1),
        // Algorithm M, whose prefixes name null moves by leaving them out.
        ("queens8-pd.dlx", 92),
        ("random/mcc-s2.dlx", 2498),
        ("tiny/m-knuth-example.dlx", 1),
    ] {
        let problem = util::read_corpus(name);
        let whole = Solver::new(&problem).tree(tree).count();
        for depth in [1, 2, 4] {
            let top = Solver::new(&problem).tree(tree).split(depth);
            let mut total = top.solutions.len() as u128;
            let (mut nodes, mut updates) = (top.stats.nodes, top.stats.updates);
            for prefix in &top.prefixes {
                assert_eq!(prefix.len(), depth);
                let solver = Solver::new(&problem)
                    .tree(tree)
                    .within(prefix)
                    .expect("a path of the tree");
                let outcome = solver.count();
                total += outcome.solutions;
                nodes += outcome.stats.nodes;
                updates += outcome.stats.updates;
                // The same subtree on threads, and in shards.
                assert_eq!(
                    solver.clone().threads(3).count().solutions,
                    outcome.solutions
                );
                let sharded: u128 = (0..2)
                    .map(|i| solver.clone().shard(i, 2).count().solutions)
                    .sum();
                assert_eq!(
                    sharded, outcome.solutions,
                    "{name}: shards below {prefix:?}"
                );
            }
            assert_eq!(total, expected, "{name} split at depth {depth}");
            assert_eq!(
                (nodes, updates),
                (whole.stats.nodes, whole.stats.updates),
                "{name}"
            );
        }
    }
}

#[test]
fn within_refuses_what_is_not_a_path_of_the_tree() {
    let problem = util::read_corpus("queens8.dlx");
    let top = Solver::new(&problem).split(1);
    let first = top.prefixes[0][0];
    // An option that does not cover the item the search branches on at the top.
    let other = problem
        .options()
        .find(|&o| top.prefixes.iter().all(|p| p[0] != o))
        .unwrap();
    assert!(matches!(
        Solver::new(&problem).within(&[other]),
        Err(dlx::PrefixError::NotAChoice { level: 0, .. })
    ));
    // The same option twice: ruled out by the first.
    assert!(Solver::new(&problem).within(&[first, first]).is_err());
    assert!(matches!(
        Solver::new(&problem).within(&[OptionId::new(10_000)]),
        Err(dlx::PrefixError::NoSuchOption(10_000))
    ));
}

/// With Algorithm M, a prefix given as options reads a level whose item the next option does
/// not cover as a null move; an option that is no choice is named at its place in the prefix,
/// not at the level of the tree it was tried at, on the links and on the bit sets alike.
#[test]
fn within_names_the_place_of_a_bad_option_past_null_moves() {
    // Many items of lower bound 0, whose levels may be null moves.
    let problem = util::read_corpus("random/mcc-s1.dlx");
    for tree in [Tree::Links, Tree::Bitsets] {
        let top = Solver::new(&problem).tree(tree).split(2);
        let mut refused = 0;
        for prefix in &top.prefixes {
            for other in problem.options() {
                let prefix = [prefix[0], other];
                match Solver::new(&problem).tree(tree).within(&prefix) {
                    Ok(_) => {}
                    Err(dlx::PrefixError::NotAChoice { level, .. }) => {
                        assert_eq!(level, 1, "{tree:?}, {prefix:?}");
                        refused += 1;
                    }
                    Err(error) => panic!("{tree:?}, {prefix:?}: {error}"),
                }
            }
        }
        assert!(refused > 100, "{tree:?}: {refused} refused");
    }
}

/// A problem without primary items has exactly one solution, the empty one, under every
/// engine, sequentially, on threads and in shards (the builder refused it before, so that the
/// empty tromino board had no tiling instead of one).
#[test]
fn the_empty_problem_has_one_solution() {
    let mut builder = dlx::ProblemBuilder::new();
    builder.secondary("s");
    let with_secondary = builder.build().unwrap();
    let empty = dlx::ProblemBuilder::new().build().unwrap();
    for problem in [&empty, &with_secondary] {
        for tree in [Tree::SparseSets, Tree::Bitsets] {
            let solver = Solver::new(problem).tree(tree);
            assert_eq!(solver.count().solutions, 1, "{tree:?}");
            assert_eq!(solver.count().stats.nodes, 1, "{tree:?}");
            assert_eq!(solver.threads(2).count().solutions, 1, "{tree:?}");
        }
        for engine in [Engine::X, Engine::C, Engine::M] {
            let solver = Solver::new(problem).engine(engine);
            let first = solver.first().expect("the empty solution");
            assert!(first.options().is_empty());
            assert_eq!(solver.count().solutions, 1, "{engine:?}");
            assert_eq!(solver.count().stats.nodes, 1, "{engine:?}");
            for threads in [2, 3] {
                let parallel = Solver::new(problem).engine(engine).threads(threads);
                assert_eq!(parallel.count().solutions, 1, "{engine:?} on {threads}");
            }
            for shards in [1, 2, 3] {
                let total: u128 = (0..shards)
                    .map(|i| {
                        Solver::new(problem)
                            .engine(engine)
                            .shard(i, shards)
                            .count()
                            .solutions
                    })
                    .sum();
                assert_eq!(total, 1, "{engine:?} in {shards} shards");
            }
        }
    }
}

/// Thread counts are bounded: a request for thousands of threads gets
/// `Solver::max_threads()` (8 per core), and counts as many solutions, quickly.
#[test]
fn thread_counts_are_capped() {
    let problem = util::read_corpus("queens8.dlx");
    assert!(dlx::Solver::max_threads() >= 8);
    let started = std::time::Instant::now();
    let outcome = Solver::new(&problem).threads(100_000).count();
    assert_eq!(outcome.solutions, 92);
    assert!(started.elapsed() < Duration::from_secs(60));
}

/// A shard cuts the tree at the first depth with at least 64 prefixes per shard, or none:
/// the cut that `split` gives depth by depth, its prefixes, solutions above it and nodes,
/// on every tree and with Algorithm M, for few shards and for many (where the search that
/// finds the depth goes past it and comes back up).
#[test]
fn shards_cut_where_splitting_depth_by_depth_finds_enough() {
    let mut ran = 0;
    let small = [
        "queens8",
        "queens9-pd",
        "langford11-sym",
        "pento6x10-sym",
        "random/",
    ];
    for (name, _) in instances() {
        if !small.iter().any(|start| name.starts_with(start)) {
            continue;
        }
        let problem = util::read_corpus(&name);
        for tree in [Tree::Links, Tree::SparseSets, Tree::Bitsets] {
            for shards in [2, 16, 256] {
                let solver = || Solver::new(&problem).tree(tree);
                let enough = 64 * shards;
                let (depth, split) = (1..)
                    .map(|depth| (depth, solver().split(depth)))
                    .find(|(depth, split)| {
                        split.prefixes.len() >= enough || split.prefixes.is_empty() || *depth > 500
                    })
                    .unwrap();
                // The cut is made whole before the first solution of the shard's share.
                let outcome = solver().shard(shards - 1, shards).limit(1).count();
                let cut = &outcome.stats.cuts[0];
                assert_eq!(
                    (cut.prefixes, cut.solutions, cut.nodes, cut.depth),
                    (
                        split.prefixes.len() as u64,
                        split.solutions.len() as u64,
                        split.stats.nodes,
                        depth
                    ),
                    "{name} on {tree:?} in {shards} shards"
                );
                ran += 1;
            }
        }
    }
    assert!(ran > 0);
}

/// A propagator's bytes along the path ([`dlx::propagate::Node::path_bytes`]) reach each
/// node as the sequential search leaves them there, however the threads split the tree: a
/// worker handed a subtree sees what the nodes above it left, not what it filtered before.
#[test]
fn a_propagators_path_bytes_follow_the_path_on_any_number_of_threads() {
    use dlx::propagate::{Contradiction, Node, Propagator};
    use std::sync::{Arc, Mutex};

    /// Leaves a count of the nodes filtered on the path and a mix of their options, and
    /// notes what each node saw.
    #[derive(Default)]
    struct Mixer(Mutex<HashSet<(Vec<usize>, Vec<u8>)>>);
    impl Propagator for Mixer {
        fn propagate(&self, node: &mut Node<'_>) -> Result<(), Contradiction> {
            let chosen: Vec<usize> = node.chosen().map(OptionId::index).collect();
            let seen = node.path_bytes().to_vec();
            let above = u32::from_le_bytes([seen[1], seen[2], seen[3], seen[4]]);
            let last = chosen.last().map_or(0, |&option| option as u32 + 1);
            let mix = (above.rotate_left(5) ^ last).wrapping_mul(0x9e37_79b9);
            let left = node.path_bytes_mut();
            left[0] = seen[0].wrapping_add(1);
            left[1..].copy_from_slice(&mix.to_le_bytes());
            self.0.lock().unwrap().insert((chosen, seen));
            Ok(())
        }
        fn path_state_len(&self) -> usize {
            5
        }
    }

    let problem = util::read_corpus("queens12.dlx");
    let seen = |threads| {
        let mixer = Arc::new(Mixer::default());
        let outcome = Solver::new(&problem)
            .propagation(dlx::Propagation::Forcing)
            .propagator(mixer.clone())
            .threads(threads)
            .count();
        assert_eq!(outcome.solutions, 14_200, "{threads} threads");
        let seen = std::mem::take(&mut *mixer.0.lock().unwrap());
        (outcome.stats.nodes, seen)
    };
    let (nodes, one) = seen(1);
    // Most nodes see bytes left above them (forced moves leave their parent's).
    let deep = one.iter().filter(|(_, bytes)| bytes[0] >= 3).count();
    assert!(deep > one.len() / 2, "{deep} of {}", one.len());
    for threads in [2, 4] {
        assert_eq!(seen(threads), (nodes, one.clone()), "{threads} threads");
    }
}
