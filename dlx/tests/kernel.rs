//! The kernel for many small problems against Algorithm X on the links, propagation off: the
//! same solutions in the same order, the same refusals of given options, the same counts
//! under limits; on random problems (against the brute force too) and on the corpus.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use dlx::kernel::{Kernel, KernelLimits, KernelRefusal, KernelScratch};
use dlx::{OptionId, Problem, Propagation, Solver, StopReason, Tree};
use proptest::prelude::*;

use crate::brute::{config, spec, Spec};

/// The solutions of the links' search from `given`, in order, each as its sorted options.
fn links_solutions(problem: &Problem, given: &[OptionId]) -> Vec<Vec<usize>> {
    let solver = Solver::new(problem)
        .tree(Tree::Links)
        .propagation(Propagation::None)
        .given(given)
        .expect("given options that fit");
    solver
        .solutions()
        .map(|solution| {
            solution
                .canonical()
                .into_iter()
                .map(OptionId::index)
                .collect()
        })
        .collect()
}

/// The kernel's solutions from `given`, in order, each checked by `dlx::verify` and to
/// start with `given`, then sorted; and its outcome.
fn kernel_solutions(
    problem: &Problem,
    kernel: &Kernel,
    scratch: &mut KernelScratch,
    given: &[OptionId],
    limits: &KernelLimits,
) -> (Vec<Vec<usize>>, dlx::kernel::KernelOutcome) {
    let mut found = Vec::new();
    let outcome = kernel
        .search(scratch, given, limits, |options| {
            dlx::verify(problem, options).expect("an exact cover");
            assert!(options.starts_with(given), "{options:?} after {given:?}");
            let mut sorted: Vec<usize> = options.iter().map(|o| o.index()).collect();
            sorted.sort_unstable();
            found.push(sorted);
            ControlFlow::Continue(())
        })
        .expect("given options that fit");
    assert_eq!(outcome.solutions, found.len() as u128);
    (found, outcome)
}

/// `spec` without colors and bounds.
fn plain(mut spec: Spec) -> Spec {
    spec.bounds = vec![(1, 1); spec.primary];
    for option in &mut spec.options {
        for (_, color) in option.iter_mut() {
            *color = None;
        }
    }
    spec
}

proptest! {
    #![proptest_config(proptest::test_runner::Config { cases: 1000, ..config() })]

    #[test]
    fn the_kernel_finds_the_links_solutions_in_their_order(
        spec in spec(),
        picks in proptest::collection::vec(0..16usize, 0..4),
        most in 1..4u128,
    ) {
        let spec = plain(spec);
        let problem = spec.build();
        let kernel = Kernel::new(&problem).expect("a plain problem has a kernel");
        let mut scratch = KernelScratch::default();
        let given: Vec<OptionId> =
            picks.iter().map(|&k| OptionId::new(k % (spec.options.len() + 1))).collect();
        let refused = Solver::new(&problem).given(&given).err();
        let kernel_refused = kernel
            .search(&mut scratch, &given, &KernelLimits::default(), |_| ControlFlow::Continue(()))
            .err();
        prop_assert_eq!(&kernel_refused, &refused);
        if refused.is_some() {
            return Ok(());
        }
        let expected = links_solutions(&problem, &given);
        let (found, outcome) =
            kernel_solutions(&problem, &kernel, &mut scratch, &given, &KernelLimits::default());
        prop_assert_eq!(&found, &expected);
        prop_assert_eq!(outcome.stopped, None);
        let mut sorted = found.clone();
        sorted.sort();
        let brute: Vec<Vec<usize>> = spec
            .brute_force()
            .into_iter()
            .filter(|solution| given.iter().all(|g| solution.contains(&g.index())))
            .collect();
        prop_assert_eq!(sorted, brute);

        // A solution limit keeps the first solutions, and says so where it cut.
        let limits = KernelLimits { solutions: Some(most), ..KernelLimits::default() };
        let (first, outcome) = kernel_solutions(&problem, &kernel, &mut scratch, &given, &limits);
        prop_assert_eq!(&first[..], &expected[..expected.len().min(most as usize)]);
        let cut = expected.len() as u128 >= most;
        prop_assert_eq!(outcome.stopped, cut.then_some(StopReason::SolutionLimit));

        // A node limit keeps a prefix of them.
        let limits = KernelLimits { nodes: Some(2), ..KernelLimits::default() };
        let (first, outcome) = kernel_solutions(&problem, &kernel, &mut scratch, &given, &limits);
        prop_assert!(expected.starts_with(&first));
        if outcome.stopped.is_none() {
            prop_assert_eq!(first, expected);
        } else {
            prop_assert_eq!(outcome.stopped, Some(StopReason::NodeLimit));
        }
    }

    #[test]
    fn problems_with_colors_or_bounds_have_no_kernel(spec in spec()) {
        let problem = spec.build();
        let refusal = Kernel::new(&problem).err();
        let expected = if problem.has_colors() {
            Some(KernelRefusal::Colors)
        } else if problem.has_multiplicities() {
            Some(KernelRefusal::Multiplicities)
        } else {
            None
        };
        prop_assert_eq!(refusal, expected);
    }
}

#[test]
fn the_kernel_lists_the_corpus_as_the_links_do() {
    let mut scratch = KernelScratch::default();
    let mut tried = 0;
    for (name, count) in crate::util::expected_counts() {
        let problem = crate::util::read_corpus(&name);
        let Ok(kernel) = Kernel::new(&problem) else {
            continue;
        };
        // The larger ones take long in a debug build: they are the benches' and the CLI's.
        if count > 3_000 {
            continue;
        }
        let (found, outcome) = kernel_solutions(
            &problem,
            &kernel,
            &mut scratch,
            &[],
            &KernelLimits::default(),
        );
        assert_eq!(found.len() as u128, count, "{name}");
        assert_eq!(outcome.stopped, None, "{name}");
        assert_eq!(found, links_solutions(&problem, &[]), "{name}");
        tried += 1;
    }
    assert!(tried >= 10, "only {tried} corpus problems have a kernel");
}

#[test]
fn the_kernel_stops_at_its_clock_and_flag() {
    let problem = crate::util::read_corpus("queens10.dlx");
    let kernel = Kernel::new(&problem).expect("queens have a kernel");
    let mut scratch = KernelScratch::default();
    let search = |limits: &KernelLimits, scratch: &mut KernelScratch| {
        kernel
            .search(scratch, &[], limits, |_| ControlFlow::Continue(()))
            .expect("no given options")
    };
    let whole = search(&KernelLimits::default(), &mut scratch);
    assert!(whole.nodes > 4 * 1024, "{whole:?}");
    let past = KernelLimits {
        deadline: Some(std::time::Instant::now()),
        ..KernelLimits::default()
    };
    let outcome = search(&past, &mut scratch);
    assert_eq!(outcome.stopped, Some(StopReason::Timeout));
    assert_eq!((outcome.nodes, outcome.solutions), (0, 0), "{outcome:?}");
    let cancelled = KernelLimits {
        cancel: Some(Arc::new(AtomicBool::new(true))),
        ..KernelLimits::default()
    };
    assert_eq!(
        search(&cancelled, &mut scratch).stopped,
        Some(StopReason::Cancelled)
    );
    // The scratch serves the next search as a new one would.
    assert_eq!(search(&KernelLimits::default(), &mut scratch), whole);
}

#[test]
fn items_in_too_many_options_have_no_kernel() {
    // 62 options on one item fit its word; 63 do not.
    for (options, fits) in [(62, true), (63, false)] {
        let mut text = String::from("a b\n");
        for _ in 0..options {
            text += "a\n";
        }
        text += "b\n";
        let problem = Problem::from_dlx(&text).expect("a problem");
        match Kernel::new(&problem) {
            Ok(kernel) => {
                assert!(fits);
                let outcome = kernel
                    .search(
                        &mut KernelScratch::default(),
                        &[],
                        &KernelLimits::default(),
                        |_| ControlFlow::Continue(()),
                    )
                    .expect("no given options");
                assert_eq!(outcome.solutions, options as u128);
            }
            Err(refusal) => {
                assert!(!fits);
                assert_eq!(refusal, KernelRefusal::LongItem("a".to_owned()));
            }
        }
    }
}
