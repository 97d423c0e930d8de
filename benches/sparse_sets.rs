//! The engine's two search trees side by side: dancing links ([`Tree::Links`], Knuth's
//! DLX1 tree) and sparse sets ([`Tree::SparseSets`], the dancing cells of Solnon and Knuth's
//! SSXCC), counting every solution on one thread, the table built inside each sample. Both
//! must agree on every count; their node counts differ (the sparse sets' covers that empty
//! an item are not nodes).
//!
//! `cargo bench --bench sparse_sets` runs every instance; the figures and what they mean are
//! in docs/engine.md.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dlx::{Problem, Solver, Tree};

fn corpus(name: &str) -> Problem {
    let path = format!("{}/tests/corpus/{name}.dlx", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Problem::from_dlx(&text).unwrap_or_else(|e| panic!("{path}:{e}"))
}

fn count(c: &mut Criterion) {
    for name in [
        "pento6x10-sym",
        "langford12-sym",
        "queens13",
        "queens12",
        "sudoku-inkala2012",
    ] {
        let problem = corpus(name);
        let links = Solver::new(&problem).count();
        let sparse = Solver::new(&problem).tree(Tree::SparseSets).count();
        assert_eq!(
            sparse.solutions, links.solutions,
            "{name}: the trees count otherwise"
        );
        eprintln!(
            "{name}: {} solutions; nodes: links {}, sparse sets {}",
            links.solutions, links.stats.nodes, sparse.stats.nodes
        );
        let mut group = c.benchmark_group(name);
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(10));
        for (label, tree) in [("links", Tree::Links), ("sparse", Tree::SparseSets)] {
            group.bench_with_input(BenchmarkId::new(label, name), &problem, |b, problem| {
                b.iter(|| black_box(Solver::new(problem).tree(tree).count().solutions))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, count);
criterion_main!(benches);
