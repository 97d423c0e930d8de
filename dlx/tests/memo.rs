//! Memoized counting against enumeration (the corpus, random problems with brute force) and
//! against published figures far past what enumeration reaches.

use dlx::memo::{Branching, MemoError};
use dlx::{Count, Problem, ProblemBuilder, Solver};

use crate::util;

const BRANCHINGS: [Branching; 2] = [Branching::FirstItem, Branching::FewestOptions];

/// Dominoes on the cells of a `rows` x `cols` grid where `inside` holds, the cells listed in
/// the order of `rank` (row by row where it is the row).
fn dominoes_in_order(
    rows: usize,
    cols: usize,
    inside: impl Fn(usize, usize) -> bool,
    rank: impl Fn(usize, usize) -> usize,
) -> Problem {
    let mut builder = ProblemBuilder::new();
    let mut cell = vec![None; rows * cols];
    let mut order: Vec<(usize, usize)> = (0..rows * cols)
        .map(|k| (k / cols, k % cols))
        .filter(|&(r, c)| inside(r, c))
        .collect();
    order.sort_by_key(|&(r, c)| (rank(r, c), r, c));
    for (r, c) in order {
        cell[r * cols + c] = Some(builder.primary(format!("{r},{c}")));
    }
    for r in 0..rows {
        for c in 0..cols {
            let Some(here) = cell[r * cols + c] else {
                continue;
            };
            if c + 1 < cols {
                if let Some(right) = cell[r * cols + c + 1] {
                    builder.option([here, right]);
                }
            }
            if r + 1 < rows {
                if let Some(below) = cell[(r + 1) * cols + c] {
                    builder.option([here, below]);
                }
            }
        }
    }
    builder.build().expect("a valid problem")
}

/// Dominoes on the cells of a `rows` x `cols` grid where `inside` holds, row by row.
fn dominoes(rows: usize, cols: usize, inside: impl Fn(usize, usize) -> bool) -> Problem {
    dominoes_in_order(rows, cols, inside, |r, _| r)
}

/// The Aztec diamond of order `n`: the cells `(r, c)` of a `2n` x `2n` grid with
/// `|r - n + 1/2| + |c - n + 1/2| <= n`.
/// The cells are listed diagonal by diagonal, so that the frontier runs along one side of the
/// diamond.
fn aztec_diamond(n: usize) -> Problem {
    let inside = move |r: usize, c: usize| {
        let (r, c, n) = (2 * r as i64 + 1, 2 * c as i64 + 1, 2 * n as i64);
        (r - n).abs() + (c - n).abs() <= n
    };
    dominoes_in_order(2 * n, 2 * n, inside, |r, c| r + c)
}

fn memo_count(problem: &Problem, branching: Branching) -> Count {
    match Solver::new(problem).branching(branching).memo_count() {
        Ok(outcome) => outcome.count,
        Err(error) => panic!("{branching:?}: {error}"),
    }
}

/// Instances left out of the corpus check with each order, for time or memory (on one core:
/// pento6x10 8 s and 60 MB with the fewest-options order, past 1 GiB with the first-item
/// order, as are three of the full sudokus; queens13 0.4-0.8 s, queens13-pd 5.9 s with
/// fewest options).
const SLOW: &[(Branching, &[&str])] = &[
    (
        Branching::FirstItem,
        &[
            "pento6x10.dlx",
            "pento6x10-sym.dlx",
            "langford12.dlx",
            "queens13.dlx",
            "queens13-pd.dlx",
            "sudoku-escargot-full.dlx",
            "sudoku-golden_nugget-full.dlx",
            "sudoku-inkala2012-full.dlx",
            "sudoku-platinum_blonde-full.dlx",
        ],
    ),
    (
        Branching::FewestOptions,
        &[
            "pento6x10.dlx",
            "pento6x10-sym.dlx",
            "queens13.dlx",
            "queens13-pd.dlx",
        ],
    ),
];

/// Every corpus instance, memoized under both item orders, gives its known count (the same
/// as enumeration's: `corpus` checks those).
#[test]
fn memo_counts_every_corpus_instance() {
    for (name, expected) in util::expected_counts() {
        let problem = util::read_corpus(&name);
        for (branching, slow) in SLOW {
            if !slow.contains(&name.as_str()) {
                assert_eq!(
                    memo_count(&problem, *branching),
                    expected,
                    "{name} with {branching:?}"
                );
            }
        }
    }
}

/// Domino tilings of `2n x 2n` boards, OEIS A004003: 8 x 8 has 12988816, 16 x 16 has
/// 2444888770250892795802079170816; small ones also by enumeration.
#[test]
fn domino_tilings_of_squares() {
    for (side, expected) in [(2, 2u128), (4, 36), (6, 6728)] {
        let problem = dominoes(side, side, |_, _| true);
        assert_eq!(Solver::new(&problem).count().solutions, expected);
        for branching in BRANCHINGS {
            assert_eq!(memo_count(&problem, branching), expected, "{side}");
        }
    }
    let eight = dominoes(8, 8, |_, _| true);
    assert_eq!(memo_count(&eight, Branching::FirstItem), 12_988_816);
    let sixteen = dominoes(16, 16, |_, _| true);
    assert_eq!(
        memo_count(&sixteen, Branching::FirstItem).to_string(),
        "2444888770250892795802079170816"
    );
    // On several threads: the same count, the same signatures.
    let one = Solver::new(&sixteen).memo_count().unwrap();
    for threads in [2, 3, 8] {
        let many = Solver::new(&sixteen).threads(threads).memo_count().unwrap();
        assert_eq!(many.count, one.count, "{threads} threads");
        assert_eq!(
            many.stats.signatures, one.stats.signatures,
            "{threads} threads"
        );
        assert_eq!(many.stats.edges, one.stats.edges, "{threads} threads");
    }
    // Past 2^128; Kasteleyn's product formula gives the same value.
    let eighteen = dominoes(18, 18, |_, _| true);
    let count = memo_count(&eighteen, Branching::FirstItem);
    assert_eq!(count.to_u128(), None);
    assert_eq!(count.to_string(), "548943583215388338077567813208427340288");
}

/// 20 x 20, A004003(10), which Kasteleyn's product formula also gives: 4.5 s on one core.
#[test]
#[ignore = "4.5 s in an optimized build: cargo test --release -- --ignored memo"]
fn domino_tilings_of_the_20_x_20_square() {
    let problem = dominoes(20, 20, |_, _| true);
    assert_eq!(
        memo_count(&problem, Branching::FirstItem).to_string(),
        "1269984011256235834242602753102293934298576249856"
    );
}

/// The Aztec diamond of order n has 2^(n(n+1)/2) domino tilings (Elkies, Kuperberg, Larsen
/// and Propp, 1992): order 16 has 2^136, past 128 bits.
#[test]
fn aztec_diamonds_have_two_to_the_n_n_plus_1_over_2_tilings() {
    for n in 1..=4 {
        let problem = aztec_diamond(n);
        let expected = 1u128 << (n * (n + 1) / 2);
        assert_eq!(
            Solver::new(&problem).count().solutions,
            expected,
            "order {n}"
        );
        for branching in BRANCHINGS {
            assert_eq!(memo_count(&problem, branching), expected, "order {n}");
        }
    }
    for n in [10, 15, 16] {
        let bits = n * (n + 1) / 2;
        let mut limbs = vec![0u64; bits / 64 + 1];
        limbs[bits / 64] = 1 << (bits % 64);
        let count = memo_count(&aztec_diamond(n), Branching::FirstItem);
        assert_eq!(count, Count::from_limbs(&limbs), "order {n}");
    }
}

/// Adds counts of any size.
fn sum(counts: impl IntoIterator<Item = Count>) -> Count {
    let mut total: Vec<u64> = Vec::new();
    for count in counts {
        total.resize(total.len().max(count.limbs().len()) + 1, 0);
        let mut carry = 0u128;
        for (k, limb) in total.iter_mut().enumerate() {
            let digit =
                u128::from(*limb) + u128::from(count.limbs().get(k).copied().unwrap_or(0)) + carry;
            *limb = digit as u64;
            carry = digit >> 64;
        }
    }
    Count::from_limbs(&total)
}

/// The memoized counts of the shards of a problem, on `threads`.
fn shard_counts(
    problem: &Problem,
    branching: Branching,
    shards: usize,
    threads: usize,
) -> Vec<Count> {
    (0..shards)
        .map(|index| {
            let solver = Solver::new(problem).branching(branching).threads(threads);
            match solver.shard(index, shards).memo_count() {
                Ok(outcome) => outcome.count,
                Err(error) => panic!("shard {index}/{shards}: {error}"),
            }
        })
        .collect()
}

/// Memoized counts on shards add up to the whole, exactly: on the corpus (both orders, 1 and
/// 2 threads, with the same shares on both), on tilings whose counts pass 128 bits, and on
/// problems too small for the cut (the shares are then taken of the last level).
#[test]
fn memo_shards_add_up_to_the_whole() {
    let (mut cut_above_the_last_level, mut ran) = (0, 0);
    // Algorithms X, C and M, a sudoku, and a tiny example of each.
    let quick = [
        "queens10.dlx",
        "langford11-sym.dlx",
        "sudoku-escargot.dlx",
        "random/xcc-s1.dlx",
        "random/xcc-s4.dlx",
        "queens8-pd.dlx",
        "queens10-pd.dlx",
        "random/mcc-s1.dlx",
        "random/mcc-s2.dlx",
        "tiny/x-knuth-example.dlx",
        "tiny/c-knuth-example.dlx",
        "tiny/m-knuth-example.dlx",
    ];
    for (name, expected) in util::expected_counts() {
        if !quick.contains(&name.as_str()) {
            continue;
        }
        ran += 1;
        let problem = util::read_corpus(&name);
        for branching in BRANCHINGS {
            for shards in [2, 7] {
                let one = shard_counts(&problem, branching, shards, 1);
                assert_eq!(
                    sum(one.clone()),
                    expected,
                    "{name}, {branching:?}, {shards} shards"
                );
                let two = shard_counts(&problem, branching, shards, 2);
                assert_eq!(
                    two, one,
                    "{name}, {branching:?}, {shards} shards on 2 threads"
                );
                if shards > 1 && one.iter().filter(|count| !count.is_zero()).count() > 1 {
                    cut_above_the_last_level += 1;
                }
            }
        }
    }
    assert_eq!(ran, quick.len(), "every listed instance is in the corpus");
    assert!(cut_above_the_last_level > 20, "{cut_above_the_last_level}");
    let eighteen = dominoes(18, 18, |_, _| true);
    let whole = memo_count(&eighteen, Branching::FirstItem);
    for shards in [2, 5] {
        let parts = shard_counts(&eighteen, Branching::FirstItem, shards, 2);
        assert!(parts.iter().all(|part| !part.is_zero() && *part < whole));
        assert_eq!(sum(parts), whole, "{shards} shards");
    }
    // A problem of three signatures in all: seven shards, the last level shared.
    let strip = dominoes(2, 2, |_, _| true);
    let parts = shard_counts(&strip, Branching::FirstItem, 7, 1);
    assert_eq!(sum(parts), 2);
}

/// A limit too small for the signatures is an error that names it, never an abort.
#[test]
fn a_memo_limit_too_small_is_an_error() {
    let problem = dominoes(16, 16, |_, _| true);
    match Solver::new(&problem).memo_limit(100_000).memo_count() {
        Err(MemoError::MemoryLimit { limit, needed }) => {
            assert_eq!(limit, 100_000);
            assert!(needed > limit);
        }
        other => panic!("expected the memory limit, got {other:?}"),
    }
    let sharded = Solver::new(&problem).shard(0, 2).memo_graph();
    assert!(matches!(sharded, Err(MemoError::Restricted)));
    let within = Solver::new(&problem)
        .within(&[dlx::OptionId::new(0)])
        .unwrap()
        .memo_count();
    assert_eq!(within, Err(MemoError::Restricted));
    let threads = Solver::new(&problem)
        .threads(2)
        .memo_limit(100_000)
        .memo_count();
    assert!(
        matches!(threads, Err(MemoError::MemoryLimit { .. })),
        "{threads:?}"
    );
}

/// The solutions found by enumeration, in the form of [`zdd_solutions`].
fn enumerated(problem: &Problem) -> Vec<Vec<usize>> {
    let mut all: Vec<Vec<usize>> = Solver::new(problem)
        .solutions()
        .map(|s| s.canonical().into_iter().map(|o| o.index()).collect())
        .collect();
    all.sort();
    all
}

/// The ZDD written from the graph holds exactly the enumerated solutions, under both orders,
/// on instances with colors and multiplicities; random solutions are solutions.
#[test]
fn zdd_paths_are_the_solutions() {
    let mut problems: Vec<(String, Problem)> = [
        "queens8.dlx",
        "tiny/x-knuth-example.dlx",
        "tiny/c-knuth-example.dlx",
        "tiny/m-knuth-example.dlx",
        "random/xcc-s1.dlx",
        "random/mcc-s2.dlx",
    ]
    .iter()
    .map(|name| (name.to_string(), util::read_corpus(name)))
    .collect();
    problems.push(("dominoes 4 x 5".into(), dominoes(4, 5, |_, _| true)));
    problems.push(("aztec 3".into(), aztec_diamond(3)));
    problems.push(("no solution".into(), dominoes(3, 3, |_, _| true)));
    for (name, problem) in &problems {
        let expected = enumerated(problem);
        for branching in BRANCHINGS {
            let graph = Solver::new(problem)
                .branching(branching)
                .memo_graph()
                .unwrap();
            assert_eq!(
                graph.count(),
                &(expected.len() as u128),
                "{name} {branching:?}"
            );
            let mut text = Vec::new();
            let nodes = graph.write_zdd(&mut text).unwrap();
            let text = String::from_utf8(text).unwrap();
            assert_eq!(text.lines().count() as u64, nodes + 1, "{name}");
            assert_eq!(graph.zdd_nodes(), nodes);
            assert_eq!(
                util::zdd_solutions(&text),
                expected,
                "{name} {branching:?}\n{text}"
            );
            for solution in graph.random_solutions(1).take(20) {
                dlx::verify(problem, solution.options()).unwrap();
            }
        }
    }
}

/// Random solutions are uniform: 36 domino tilings of a 4 x 4 board, 7200 draws, Pearson's
/// chi-square with 35 degrees of freedom under 66.6 (its 0.1% tail): one tiling drawn twice
/// as often as it should be adds 200 on its own. The same seed gives the same draws.
#[test]
fn random_solutions_are_uniform() {
    let problem = dominoes(4, 4, |_, _| true);
    let graph = Solver::new(&problem).memo_graph().unwrap();
    let draws = 7200;
    let mut seen = std::collections::HashMap::new();
    for solution in graph.random_solutions(2026).take(draws) {
        dlx::verify(&problem, solution.options()).unwrap();
        *seen.entry(solution.canonical()).or_insert(0u32) += 1;
    }
    assert_eq!(seen.len(), 36);
    let expected = draws as f64 / 36.0;
    let chi_square: f64 = seen
        .values()
        .map(|&n| (f64::from(n) - expected).powi(2) / expected)
        .sum();
    assert!(chi_square < 66.6, "chi-square {chi_square}");
    let again: Vec<_> = graph.random_solutions(2026).take(50).collect();
    let first: Vec<_> = graph.random_solutions(2026).take(50).collect();
    assert_eq!(again, first);
    assert_ne!(
        first,
        graph.random_solutions(2027).take(50).collect::<Vec<_>>()
    );
}

/// Uniform over an instance past 128 bits: every draw is a tiling of the 18 x 18 board.
#[test]
fn random_solutions_of_a_large_count() {
    let problem = aztec_diamond(16);
    let graph = Solver::new(&problem).memo_graph().unwrap();
    assert!(graph.count().to_u128().is_none());
    for solution in graph.random_solutions(5).take(3) {
        dlx::verify(&problem, solution.options()).unwrap();
    }
}

/// Knuth's estimates converge to the exact figures: with 20,000 paths (a fixed seed) the
/// estimated solutions and nodes lie within 4 standard errors of the counts on corpus
/// instances (nodes as `count` counts them, for problems without multiplicities, whose tree
/// the estimate follows).
#[test]
fn estimates_converge_to_the_exact_counts() {
    for name in [
        "queens8.dlx",
        "queens10.dlx",
        "langford11.dlx",
        "random/xcc-s1.dlx",
        "random/mcc-s1.dlx",
    ] {
        let problem = util::read_corpus(name);
        let estimate = Solver::new(&problem).estimate(20_000, 7).unwrap();
        let exact = Solver::new(&problem).count();
        let close =
            |estimated: f64, error: f64, exact: f64| (estimated - exact).abs() <= 4.0 * error;
        assert!(
            close(
                estimate.solutions,
                estimate.solutions_error,
                exact.solutions as f64
            ),
            "{name}: {estimate:?} against {} solutions",
            exact.solutions
        );
        if !problem.has_multiplicities() {
            assert!(
                close(
                    estimate.nodes,
                    estimate.nodes_error,
                    exact.stats.nodes as f64
                ),
                "{name}: {estimate:?} against {} nodes",
                exact.stats.nodes
            );
        }
        assert_eq!(Solver::new(&problem).estimate(20_000, 7).unwrap(), estimate);
    }
}

/// An item with multiplicity that can be covered in astronomically many ways at once is an
/// error, not a hang: 25 to 50 of 60 options, each alone with the item.
#[test]
fn too_many_ways_to_cover_an_item_is_an_error() {
    let mut text = String::from("25:50|a\n");
    for _ in 0..60 {
        text.push_str("a\n");
    }
    let problem = Problem::from_dlx(&text).unwrap();
    let start = std::time::Instant::now();
    let error = Solver::new(&problem).memo_count().unwrap_err();
    assert_eq!(error, MemoError::TooManyBranches { item: 0 });
    assert!(Solver::new(&problem).estimate(5, 1).is_err());
    assert!(start.elapsed().as_secs() < 60);
}

/// Progress reports of a memoized count carry its tables: signatures that only grow, within
/// the final number, and the fraction of levels done.
#[test]
fn memo_progress_reports_the_tables() {
    let problem = dominoes(12, 12, |_, _| true);
    for threads in [1, 2] {
        let reports = std::sync::Mutex::new(Vec::new());
        let outcome = Solver::new(&problem)
            .threads(threads)
            .on_progress(std::time::Duration::ZERO, |progress| {
                reports.lock().unwrap().push(progress.clone());
            })
            .memo_count()
            .unwrap();
        let reports = reports.into_inner().unwrap();
        assert!(reports.len() > 1, "{threads} threads");
        let signatures: Vec<u64> = reports
            .iter()
            .map(|report| report.memo.as_ref().expect("a memo report").signatures)
            .collect();
        assert!(signatures.windows(2).all(|pair| pair[0] <= pair[1]));
        assert!(*signatures.last().unwrap() <= outcome.stats.signatures);
        assert!(reports
            .iter()
            .all(|report| (0.0..1.0).contains(&report.estimate)));
    }
}

/// A graph of all solutions that cannot fit stops as soon as its growth shows it, before its
/// limit (the empty 9 x 9 sudoku once filled 4 GiB in about 40 s before it failed), and says
/// what it would need; a graph that fits is never stopped by that
/// projection, even at a limit of exactly the bytes it takes (Latin squares of order 5, the
/// empty 4 x 4 sudoku, dominoes on 8 x 8).
#[test]
fn graphs_that_cannot_fit_stop_early_and_those_that_fit_do_not() {
    use crate::symmetry::{latin, sudoku};
    let limit = 256 << 20;
    for (name, problem) in [("sudoku 9x9", sudoku(3)), ("latin 8", latin(8))] {
        match Solver::new(&problem).memo_limit(limit).memo_graph() {
            Err(MemoError::WouldPassLimit {
                used, projected, ..
            }) => {
                assert!(used < limit, "{name}: {used} bytes held");
                assert!(projected > 4 * limit as u128, "{name}: {projected}");
            }
            other => panic!("{name}: {:?}", other.map(|graph| graph.count().clone())),
        }
    }
    let fitting = [
        ("latin 5", latin(5), "161280"),
        ("sudoku 4x4", sudoku(2), "288"),
        ("dominoes 8x8", dominoes(8, 8, |_, _| true), "12988816"),
    ];
    for (name, problem, expected) in fitting {
        for branching in BRANCHINGS {
            let solver = || Solver::new(&problem).branching(branching);
            let peak = solver().memo_graph().unwrap().stats().peak_bytes;
            let tight = solver().memo_limit(peak).memo_graph();
            let count = tight.map(|graph| graph.count().to_string());
            assert_eq!(count, Ok(expected.to_owned()), "{name}, {branching:?}");
        }
    }
}
