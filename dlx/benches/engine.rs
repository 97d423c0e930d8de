//! The engine on the corpus instances: `Solver::count()`, parsing excluded.
//!
//! `cargo bench -p dlx-engine --bench engine` runs them all; `cargo bench -p dlx-engine --bench engine -- queens` one family.
//! Each instance is counted on 1 thread and on 2 (`count/threads1`, `count/threads2`), for the
//! parallel speed-up (the 9 x 9 L-tromino board is in the binary's `puzzles`). Knuth's
//! DLX1 on a 2-core machine of the kind this project develops on (CPU seconds, whole process):
//! queens13 0.18, langford12-sym 0.30, pento6x10-sym 1.9, pento6x10 7.7, each sudoku under
//! 0.01; his DLX3: queens13-pd 1.9, queens12-pd 0.34. `-- forcing` runs the propagating search
//! with forcing on a problem of many items and on one of few.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dlx::{Problem, Solver};

fn corpus(name: &str) -> Problem {
    let path = format!("{}/../tests/corpus/{name}.dlx", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Problem::from_dlx(&text).unwrap_or_else(|e| panic!("{path}:{e}"))
}

/// The instance families, and the number of samples for each.
const FAMILIES: &[(&str, &[&str], usize)] = &[
    ("queens", &["queens12", "queens13"], 10),
    ("langford", &["langford12-sym"], 10),
    ("pentominoes", &["pento6x10-sym", "pento6x10"], 10),
    (
        "sudoku",
        &[
            "sudoku-escargot",
            "sudoku-golden_nugget",
            "sudoku-inkala2012",
            "sudoku-platinum_blonde",
            "sudoku-escargot-full",
            "sudoku-golden_nugget-full",
            "sudoku-inkala2012-full",
            "sudoku-platinum_blonde-full",
        ],
        50,
    ),
    ("colors", &["random/xcc-s1", "random/xcc-s2"], 50),
    (
        "multiplicities",
        &["queens12-pd", "queens13-pd", "random/mcc-s1"],
        10,
    ),
];

/// One benchmark group per instance family, counting all solutions on 1 thread and on 2.
fn count(c: &mut Criterion) {
    for &(family, instances, samples) in FAMILIES {
        let mut group = c.benchmark_group(family);
        group.sample_size(samples);
        if samples <= 10 {
            group.measurement_time(Duration::from_secs(15));
        }
        for &name in instances {
            let problem = corpus(name);
            for threads in [1, 2] {
                group.bench_with_input(
                    BenchmarkId::new(format!("count/threads{threads}"), name),
                    &problem,
                    |b, problem| {
                        b.iter(|| {
                            black_box(Solver::new(problem).threads(threads).count().solutions)
                        })
                    },
                );
            }
        }
        group.finish();
    }
}

/// An empty n x n Latin square: a cell, a row's digit and a column's digit per option.
fn latin(n: usize) -> Problem {
    let mut builder = dlx::ProblemBuilder::new();
    let cells: Vec<_> = (0..n * n)
        .map(|k| builder.primary(format!("c{k}")))
        .collect();
    let rows: Vec<_> = (0..n * n)
        .map(|k| builder.primary(format!("r{k}")))
        .collect();
    let cols: Vec<_> = (0..n * n)
        .map(|k| builder.primary(format!("k{k}")))
        .collect();
    for r in 0..n {
        for c in 0..n {
            for d in 0..n {
                builder.option([cells[r * n + c], rows[r * n + d], cols[c * n + d]]);
            }
        }
    }
    builder.build().unwrap()
}

/// Forcing at every node, on one thread: on problems of many items, where it looks again
/// only at the items that the node's choice changed (the first 20,000 15 x 15 Latin
/// squares), and on few, where it looks at every item (Langford pairs).
fn forcing(c: &mut Criterion) {
    let mut group = c.benchmark_group("forcing");
    group.sample_size(10);
    let latin = latin(15);
    group.bench_function("latin15/first20000", |b| {
        b.iter(|| {
            black_box(
                Solver::new(&latin)
                    .propagation(dlx::Propagation::Forcing)
                    .limit(20_000)
                    .threads(1)
                    .count()
                    .stats
                    .nodes,
            )
        })
    });
    let langford = corpus("langford12-sym");
    group.bench_function("langford12-sym", |b| {
        b.iter(|| {
            black_box(
                Solver::new(&langford)
                    .propagation(dlx::Propagation::Forcing)
                    .threads(1)
                    .count()
                    .solutions,
            )
        })
    });
    group.finish();
}

/// Reading Knuth's text format: the largest corpus file.
fn parse(c: &mut Criterion) {
    let path = format!(
        "{}/../tests/corpus/pento6x10.dlx",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    c.bench_function("parse/pento6x10", |b| {
        b.iter(|| black_box(Problem::from_dlx(black_box(&text)).unwrap()))
    });
}

criterion_group!(benches, count, forcing, parse);
criterion_main!(benches);
