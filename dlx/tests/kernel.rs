//! The kernel for many small problems against Algorithm X on the links, propagation off: the
//! same solutions in the same order, the same refusals of given options, the same counts
//! under limits; on random problems (against the brute force too) and on the corpus.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use dlx::kernel::{Kernel, KernelLayout, KernelLimits, KernelRefusal, KernelScratch};
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

/// The kernel refuses `given` as the links do, or else finds the links' solutions in their
/// order, the whole tree searched: those solutions, or none where `given` is refused.
fn lists_as_the_links(
    problem: &Problem,
    kernel: &Kernel,
    scratch: &mut KernelScratch,
    given: &[OptionId],
) -> Result<Option<Vec<Vec<usize>>>, TestCaseError> {
    let refused = Solver::new(problem).given(given).err();
    let kernel_refused = kernel
        .search(scratch, given, &KernelLimits::default(), |_| {
            ControlFlow::Continue(())
        })
        .err();
    prop_assert_eq!(&kernel_refused, &refused);
    if refused.is_some() {
        return Ok(None);
    }
    let expected = links_solutions(problem, given);
    let (found, outcome) =
        kernel_solutions(problem, kernel, scratch, given, &KernelLimits::default());
    prop_assert_eq!(&found, &expected);
    prop_assert_eq!(outcome.stopped, None);
    Ok(Some(expected))
}

/// A solution limit keeps the first of the `expected` solutions, and says so where it cut;
/// a node limit keeps a prefix of them.
fn limits_cut_as_the_links(
    problem: &Problem,
    kernel: &Kernel,
    scratch: &mut KernelScratch,
    given: &[OptionId],
    expected: &[Vec<usize>],
    most: u128,
) -> Result<(), TestCaseError> {
    let limits = KernelLimits {
        solutions: Some(most),
        ..KernelLimits::default()
    };
    let (first, outcome) = kernel_solutions(problem, kernel, scratch, given, &limits);
    prop_assert_eq!(&first[..], &expected[..expected.len().min(most as usize)]);
    let cut = expected.len() as u128 >= most;
    prop_assert_eq!(outcome.stopped, cut.then_some(StopReason::SolutionLimit));

    let limits = KernelLimits {
        nodes: Some(2),
        ..KernelLimits::default()
    };
    let (first, outcome) = kernel_solutions(problem, kernel, scratch, given, &limits);
    prop_assert!(expected.starts_with(&first));
    if outcome.stopped.is_none() {
        prop_assert_eq!(first, expected);
    } else {
        prop_assert_eq!(outcome.stopped, Some(StopReason::NodeLimit));
    }
    Ok(())
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
        let Some(expected) = lists_as_the_links(&problem, &kernel, &mut scratch, &given)? else {
            return Ok(());
        };
        let mut sorted = expected.clone();
        sorted.sort();
        let brute: Vec<Vec<usize>> = spec
            .brute_force()
            .into_iter()
            .filter(|solution| given.iter().all(|g| solution.contains(&g.index())))
            .collect();
        prop_assert_eq!(sorted, brute);

        limits_cut_as_the_links(&problem, &kernel, &mut scratch, &given, &expected, most)?;
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
    // 62 options on one item fit its word; 63 do not. (Laid out by cells, the options are
    // the cell a's symbols: 62 or 63 of them fit its word.)
    for (options, fits) in [(62, true), (63, false)] {
        let mut text = String::from("a b\n");
        for _ in 0..options {
            text += "a\n";
        }
        text += "b\n";
        let problem = Problem::from_dlx(&text).expect("a problem");
        let count = |kernel: &Kernel| {
            kernel
                .search(
                    &mut KernelScratch::default(),
                    &[],
                    &KernelLimits::default(),
                    |_| ControlFlow::Continue(()),
                )
                .expect("no given options")
                .solutions
        };
        let by_cells = Kernel::new(&problem).expect("a kernel by cells");
        assert_eq!(by_cells.layout(), KernelLayout::Cells);
        assert_eq!(count(&by_cells), options as u128);
        match Kernel::with_layout(&problem, KernelLayout::Items) {
            Ok(kernel) => {
                assert!(fits);
                assert_eq!(count(&kernel), options as u128);
            }
            Err(refusal) => {
                assert!(!fits);
                assert_eq!(refusal, KernelRefusal::LongItem("a".to_owned()));
            }
        }
    }
}

/// A random problem whose options fill cells with symbols: each option puts a symbol in a
/// cell (its first item), and its other items are houses, each a set of cells that takes
/// one of its symbols at most once (secondary) or exactly once (primary). The items are
/// declared, and the options listed, in a random order, so that the kernel's choice of item
/// (the first with the fewest options) and the order of a branch's options (ascending) are
/// tested where they differ from the cells' and symbols' own orders. Some options are
/// missing, some houses repeat, some house items have no option.
fn cells_problem(seed: u64) -> (Problem, usize, Vec<Vec<usize>>) {
    let mut state = seed | 1;
    let mut next = |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below as u64) as usize
    };
    let cells = 1 + next(6);
    let symbols = 1 + next(4);
    let present: Vec<bool> = (0..cells * symbols).map(|_| next(5) > 0).collect();
    let houses: Vec<(Vec<usize>, Vec<usize>, bool)> = (0..next(7))
        .map(|_| {
            let members = (0..cells).filter(|_| next(2) == 0).collect();
            let of = (0..symbols).filter(|_| next(4) > 0).collect();
            (members, of, next(4) > 0)
        })
        .collect();
    // Items: (name, primary); the cells' first.
    let mut items: Vec<(String, bool)> = (0..cells).map(|c| (format!("c{c}"), true)).collect();
    for (h, (_, of, primary)) in houses.iter().enumerate() {
        items.extend(of.iter().map(|s| (format!("h{h}s{s}"), *primary)));
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    for k in (1..order.len()).rev() {
        order.swap(k, next(k + 1));
    }
    let mut text = String::new();
    for primary in [true, false] {
        if !primary {
            text += " |";
        }
        for &k in &order {
            if items[k].1 == primary {
                text += &format!(" {}", items[k].0);
            }
        }
    }
    text += "\n";
    let mut options: Vec<String> = Vec::new();
    let mut option_items: Vec<Vec<usize>> = Vec::new();
    for c in 0..cells {
        for s in (0..symbols).filter(|&s| present[c * symbols + s]) {
            let mut names = vec![format!("c{c}")];
            for (h, (members, of, _)) in houses.iter().enumerate() {
                if members.contains(&c) && of.contains(&s) {
                    names.push(format!("h{h}s{s}"));
                }
            }
            let k = names.len();
            for j in (2..k).rev() {
                names.swap(j, 1 + next(j));
            }
            options.push(names.join(" "));
            option_items.push(
                names
                    .iter()
                    .map(|name| items.iter().position(|(n, _)| n == name).unwrap())
                    .collect(),
            );
        }
    }
    let mut listed: Vec<usize> = (0..options.len()).collect();
    for k in (1..listed.len()).rev() {
        listed.swap(k, next(k + 1));
    }
    for &o in &listed {
        text += &options[o];
        text += "\n";
    }
    let option_items = listed.iter().map(|&o| option_items[o].clone()).collect();
    let primary: Vec<bool> = items.iter().map(|(_, p)| *p).collect();
    let problem = Problem::from_dlx(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let primary_items = primary.iter().filter(|&&p| p).count();
    let _ = primary;
    (problem, primary_items, option_items)
}

/// The number of exact covers of `cells_problem`'s options (by the items of the generator),
/// among the assignments of an option or none to each cell: every primary item once, every
/// secondary item at most once.
fn cells_brute_count(problem: &Problem, options: &[Vec<usize>], given: &[OptionId]) -> usize {
    let items = problem.item_count();
    let primary = problem.primary_count();
    // Options by their first item (a cell, by the generator's numbering).
    let mut by_cell: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for (o, its) in options.iter().enumerate() {
        by_cell.entry(its[0]).or_default().push(o);
    }
    let choices: Vec<&Vec<usize>> = by_cell.values().collect();
    let mut count = 0;
    let mut pick = vec![0usize; choices.len()];
    loop {
        let mut covered = vec![0u32; items];
        let chosen: Vec<usize> = pick.iter().zip(&choices).map(|(&k, os)| os[k]).collect();
        // The generator's item numbers are not the problem's: read them by name.
        for &o in &chosen {
            for entry in problem.option(OptionId::new(o)) {
                covered[entry.item().index()] += 1;
            }
        }
        let exact = (0..items).all(|i| {
            if i < primary {
                covered[i] == 1
            } else {
                covered[i] <= 1
            }
        });
        if exact && given.iter().all(|g| chosen.contains(&g.index())) {
            count += 1;
        }
        // The next assignment.
        let mut k = 0;
        loop {
            if k == pick.len() {
                return count;
            }
            pick[k] += 1;
            if pick[k] < choices[k].len() {
                break;
            }
            pick[k] = 0;
            k += 1;
        }
    }
}

proptest! {
    #![proptest_config(proptest::test_runner::Config { cases: 2000, ..config() })]

    /// Problems that fill cells with symbols are laid out by cells, and find the links'
    /// solutions in their order (and the layout by items' too), as many as a brute force
    /// over the cells' options counts; with the same refusals of given options, and the
    /// same cuts at limits.
    #[test]
    fn the_layout_by_cells_finds_the_links_solutions_in_their_order(
        seed in any::<u64>(),
        picks in proptest::collection::vec(0..24usize, 0..3),
        most in 1..4u128,
    ) {
        let (problem, _, option_items) = cells_problem(seed);
        let kernel = Kernel::new(&problem).expect("a plain problem has a kernel");
        prop_assert_eq!(kernel.layout(), KernelLayout::Cells);
        let by_items = Kernel::with_layout(&problem, KernelLayout::Items).expect("small items");
        let mut scratch = KernelScratch::default();
        let given: Vec<OptionId> = picks
            .iter()
            .map(|&k| OptionId::new(k % (problem.option_count() + 1)))
            .collect();
        let Some(expected) = lists_as_the_links(&problem, &kernel, &mut scratch, &given)? else {
            return Ok(());
        };
        let (by_items_found, _) =
            kernel_solutions(&problem, &by_items, &mut scratch, &given, &KernelLimits::default());
        prop_assert_eq!(&by_items_found, &expected);
        prop_assert_eq!(expected.len(), cells_brute_count(&problem, &option_items, &given));

        limits_cut_as_the_links(&problem, &kernel, &mut scratch, &given, &expected, most)?;
    }
}

/// Latin squares of sides 9, 12 and 17 (81, 144 and 289 cells: the layout by cells's bit sets
/// of 2, 4 and 16 words), from a random part of a square: the kernel lists the links' first
/// solutions in their order. A side of 33 (1,089 cells) is not laid out by cells.
#[test]
fn latin_squares_of_every_width_list_as_the_links_do() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |below: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % below as u64) as usize
    };
    for side in [9, 12, 17, 33] {
        let mut text = String::new();
        for r in 0..side {
            for c in 0..side {
                text += &format!(" p{r}_{c}");
            }
        }
        for house in ["r", "c"] {
            for h in 0..side {
                for v in 0..side {
                    text += &format!(" {house}{h}_{v}");
                }
            }
        }
        text += "\n";
        for r in 0..side {
            for c in 0..side {
                for v in 0..side {
                    text += &format!("p{r}_{c} r{r}_{v} c{c}_{v}\n");
                }
            }
        }
        let problem = Problem::from_dlx(&text).expect("a Latin square");
        if side == 33 {
            assert_eq!(
                Kernel::with_layout(&problem, KernelLayout::Cells).unwrap_err(),
                KernelRefusal::NotCells("more than 1024 cells".to_owned())
            );
            continue;
        }
        let kernel = Kernel::new(&problem).expect("a kernel");
        assert_eq!(kernel.layout(), KernelLayout::Cells, "side {side}");
        // A cyclic square with its rows, columns and symbols shuffled, of which some cells
        // are given.
        let shuffle = |next: &mut dyn FnMut(usize) -> usize| {
            let mut order: Vec<usize> = (0..side).collect();
            for k in (1..side).rev() {
                order.swap(k, next(k + 1));
            }
            order
        };
        let (rows, cols, symbols) = (shuffle(&mut next), shuffle(&mut next), shuffle(&mut next));
        let given: Vec<OptionId> = (0..side * side)
            .filter(|_| next(10) < 3)
            .map(|cell| {
                let (r, c) = (cell / side, cell % side);
                let v = symbols[(rows[r] + cols[c]) % side];
                OptionId::new(cell * side + v)
            })
            .collect();
        let limits = KernelLimits {
            solutions: Some(40),
            ..KernelLimits::default()
        };
        let mut scratch = KernelScratch::default();
        let (found, outcome) = kernel_solutions(&problem, &kernel, &mut scratch, &given, &limits);
        let solver = Solver::new(&problem)
            .tree(Tree::Links)
            .propagation(Propagation::None)
            .given(&given)
            .expect("given options that fit");
        let expected: Vec<Vec<usize>> = solver
            .solutions()
            .take(40)
            .map(|solution| {
                solution
                    .canonical()
                    .into_iter()
                    .map(OptionId::index)
                    .collect()
            })
            .collect();
        assert!(found.len() > 1, "side {side}: {} solutions", found.len());
        assert_eq!(found, expected, "side {side}");
        assert_eq!(
            outcome.stopped,
            (found.len() == 40).then_some(StopReason::SolutionLimit)
        );
    }
}

/// A problem of more primary houses than the layout by cells keeps (1,025 pairs of 51
/// cells, each pair a house of the one symbol) is not laid out by cells; the layout by items
/// still takes it, and both find the links' count (none: the cells' one symbol cannot be
/// placed once in every pair).
#[test]
fn more_houses_than_the_layout_by_cells_keeps_go_by_items() {
    let cells = 51;
    let pairs: Vec<(usize, usize)> = (0..cells)
        .flat_map(|a| (a + 1..cells).map(move |b| (a, b)))
        .take(dlx::kernel::MAX_HOUSES + 1)
        .collect();
    let mut text: String = (0..cells).map(|c| format!(" c{c}")).collect();
    for k in 0..pairs.len() {
        text += &format!(" h{k}");
    }
    text += "\n";
    for c in 0..cells {
        text += &format!("c{c}");
        for (k, &(a, b)) in pairs.iter().enumerate() {
            if a == c || b == c {
                text += &format!(" h{k}");
            }
        }
        text += "\n";
    }
    let problem = Problem::from_dlx(&text).expect("a problem of cells and pairs");
    assert_eq!(
        Kernel::with_layout(&problem, KernelLayout::Cells).unwrap_err(),
        KernelRefusal::NotCells(format!(
            "more than {} primary houses",
            dlx::kernel::MAX_HOUSES
        ))
    );
    let kernel = Kernel::new(&problem).expect("laid out by items");
    assert_eq!(kernel.layout(), KernelLayout::Items);
    let mut scratch = KernelScratch::default();
    let (found, outcome) = kernel_solutions(
        &problem,
        &kernel,
        &mut scratch,
        &[],
        &KernelLimits::default(),
    );
    assert_eq!(found, links_solutions(&problem, &[]));
    assert_eq!(outcome.stopped, None);
}
