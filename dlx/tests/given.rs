//! `Solver::given` on the random problems of `brute`: refused exactly when the options cannot
//! be in one solution (decided here from the definition), otherwise exactly the brute-force
//! solutions that hold them, each listing them first, under every engine, tree, thread count,
//! shard and propagation, and through `split` and `within`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use dlx::propagate::{Contradiction, Node, Propagator};
use dlx::{GivenError, OptionId, Problem, Propagation, Solver, Tree};
use proptest::prelude::*;

use crate::brute::{config, engines, spec, Oracle, Spec};

/// The refusal `given` must give for `picks`, if any: the first pick that is not an option,
/// repeats an earlier one, or cannot be with the picks before it.
fn expected_refusal(spec: &Spec, picks: &[usize]) -> Option<(usize, &'static str)> {
    (0..picks.len()).find_map(|k| {
        if picks[k] >= spec.options.len() {
            Some((picks[k], "no such option"))
        } else if picks[..k].contains(&picks[k]) {
            Some((picks[k], "repeated"))
        } else if !spec.fits(&picks[..=k], false) {
            Some((picks[k], "clash"))
        } else {
            None
        }
    })
}

/// A propagator that notes whether every node's chosen options start with the given ones.
struct SeesGiven {
    given: Vec<usize>,
    missed: AtomicBool,
}

impl Propagator for SeesGiven {
    fn propagate(&self, node: &mut Node<'_>) -> Result<(), Contradiction> {
        let chosen: Vec<usize> = node.chosen().map(OptionId::index).collect();
        // Algorithm M's null moves are levels without an option.
        if !chosen.starts_with(&self.given) || chosen.len() > self.given.len() + node.depth() {
            self.missed.store(true, Ordering::Relaxed);
        }
        Ok(())
    }
}

/// The solutions of `solver` in the form of `Spec::brute_force`, each checked by
/// `dlx::verify` and to start with `given`.
fn solutions_of(
    problem: &Problem,
    solver: &Solver<'_>,
    given: &[OptionId],
) -> Result<Vec<Vec<usize>>, TestCaseError> {
    let mut found = Vec::new();
    for solution in solver.solutions() {
        prop_assert!(
            dlx::verify(problem, solution.options()).is_ok(),
            "{:?}",
            solution.options()
        );
        prop_assert!(
            solution.options().starts_with(given),
            "{:?}",
            solution.options()
        );
        found.push(
            solution
                .canonical()
                .into_iter()
                .map(OptionId::index)
                .collect(),
        );
    }
    found.sort();
    Ok(found)
}

proptest! {
    // More cases than the others: a third of them give options that cannot be together.
    #![proptest_config(proptest::test_runner::Config { cases: 1000, ..config() })]

    #[test]
    fn given_options_keep_the_brute_force_solutions_that_hold_them(
        spec in spec(),
        picks in proptest::collection::vec(0..16usize, 0..4),
        from_solution in any::<Option<(proptest::sample::Index, u8)>>(),
    ) {
        // Half the time part of a solution (some of its options, in some order), else
        // mostly options of the problem and sometimes the first number past them.
        let solutions = spec.brute_force();
        let picks: Vec<usize> = match from_solution {
            Some((index, mask)) if !solutions.is_empty() => {
                let solution = index.get(&solutions);
                let mut picks: Vec<usize> = solution
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| mask >> (k % 7) & 1 == 1)
                    .map(|(_, &option)| option)
                    .collect();
                if mask >> 7 == 1 {
                    picks.reverse();
                }
                picks
            }
            _ => picks.iter().map(|k| k % (spec.options.len() + 1)).collect(),
        };
        let problem = spec.build();
        let given: Vec<OptionId> = picks.iter().map(|&k| OptionId::new(k)).collect();
        if let Some((option, why)) = expected_refusal(&spec, &picks) {
            let error = Solver::new(&problem).given(&given).err();
            let matches = match (&error, why) {
                (Some(GivenError::NoSuchOption(k)), "no such option") => *k == option,
                (Some(GivenError::Repeated(k)), "repeated") => *k == option,
                (Some(GivenError::Clash { earlier, option: k, .. }), "clash") => {
                    *k == option && picks.contains(earlier) && *earlier != option
                }
                _ => false,
            };
            prop_assert!(matches, "{:?} for {} of option {}", error, why, option);
            return Ok(());
        }
        let expected: Vec<Vec<usize>> = solutions
            .into_iter()
            .filter(|solution| picks.iter().all(|k| solution.contains(k)))
            .collect();
        let oracle = Arc::new(Oracle { solutions: expected.clone(), options: problem.option_count() });
        for &engine in engines(&problem) {
            let base = Solver::new(&problem).engine(engine);
            for tree in [Tree::Links, Tree::SparseSets, Tree::Bitsets] {
                let solver = base.clone().tree(tree).given(&given).expect("compatible");
                // Given options walk the links or, for either set tree, the bit sets.
                if !given.is_empty() {
                    let bits = if tree == Tree::Links { Tree::Links } else { Tree::Bitsets };
                    prop_assert_eq!(solver.tree_used(), bits);
                }
                prop_assert_eq!(&solutions_of(&problem, &solver, &given)?, &expected, "{:?}, {:?}", engine, tree);
                if tree == Tree::SparseSets {
                    continue;
                }
                let sequential = solver.count();
                prop_assert_eq!(sequential.solutions, expected.len() as u128);
                let parallel = solver.clone().threads(2).count();
                prop_assert_eq!(
                    (parallel.solutions, parallel.stats.nodes, parallel.stats.updates),
                    (sequential.solutions, sequential.stats.nodes, sequential.stats.updates),
                    "{:?}, {:?}", engine, tree
                );
                let sharded: u128 = (0..3)
                    .map(|index| solver.clone().shard(index, 3).count().solutions)
                    .sum();
                prop_assert_eq!(sharded, sequential.solutions);
                let top = solver.split(1);
                let mut within = top.solutions.len() as u128;
                for solution in &top.solutions {
                    prop_assert!(solution.starts_with(&given));
                }
                for prefix in &top.prefixes {
                    let below = base.clone().tree(tree).given(&given).expect("compatible").within(prefix)
                        .map_err(|error| TestCaseError::fail(format!("{prefix:?}: {error}")))?;
                    within += below.count().solutions;
                }
                prop_assert_eq!(within, sequential.solutions, "{:?}, {:?}", engine, tree);
            }
            let sequential = base.clone().given(&given).expect("compatible").count();
            for level in Propagation::ALL {
                let solver = base.clone().propagation(level).given(&given).expect("compatible");
                prop_assert_eq!(&solutions_of(&problem, &solver, &given)?, &expected, "{:?} with {}", engine, level);
                let solver = solver.propagator(oracle.clone());
                prop_assert_eq!(&solutions_of(&problem, &solver, &given)?, &expected, "{:?} with {} and the oracle", engine, level);
            }
            let sees = Arc::new(SeesGiven { given: picks.clone(), missed: AtomicBool::new(false) });
            let watched = base.clone().propagator(sees.clone()).given(&given).expect("compatible").count();
            prop_assert_eq!(watched.solutions, sequential.solutions);
            prop_assert!(!sees.missed.load(Ordering::Relaxed), "a propagator did not see the given options");
            prop_assert!(base.clone().given(&given).expect("compatible").memo_count().is_err() || given.is_empty());
        }
    }
}
