//! The engine's three search trees side by side: dancing links ([`Tree::Links`], Knuth's
//! DLX1 tree), sparse sets ([`Tree::SparseSets`], the dancing cells of Solnon and Knuth's
//! SSXCC) and bit sets ([`Tree::Bitsets`], the sparse sets' tree on bit sets of options),
//! counting every solution on one thread, the table built inside each sample. All must agree
//! on every count; the links' node counts differ from the other two (the sparse sets' covers
//! that empty an item are not nodes), which must agree.
//!
//! Then the problems with bounds, on the links and the bit sets.
//!
//! `cargo bench -p dlx-engine --bench trees` runs every instance (`-- bits` the bit sets alone); the
//! figures and what they mean are in docs/engine.md.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dlx::{Problem, Solver, Tree};

fn corpus(name: &str) -> Problem {
    let path = format!("{}/../tests/corpus/{name}.dlx", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Problem::from_dlx(&text).unwrap_or_else(|e| panic!("{path}:{e}"))
}

fn count(c: &mut Criterion) {
    for name in [
        "pento6x10-sym",
        "langford12",
        "langford12-sym",
        "queens13",
        "queens12",
        "sudoku-inkala2012",
    ] {
        let problem = corpus(name);
        let links = Solver::new(&problem).count();
        let sparse = Solver::new(&problem).tree(Tree::SparseSets).count();
        let bits = Solver::new(&problem).tree(Tree::Bitsets).count();
        assert_eq!(
            (sparse.solutions, bits.solutions),
            (links.solutions, links.solutions),
            "{name}: the trees count otherwise"
        );
        assert_eq!(bits.stats.nodes, sparse.stats.nodes, "{name}: another tree");
        eprintln!(
            "{name}: {} solutions; nodes: links {}, sparse sets and bit sets {}",
            links.solutions, links.stats.nodes, sparse.stats.nodes
        );
        let mut group = c.benchmark_group(name);
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(10));
        let trees = [
            ("links", Tree::Links),
            ("sparse", Tree::SparseSets),
            ("bits", Tree::Bitsets),
        ];
        for (label, tree) in trees {
            group.bench_with_input(BenchmarkId::new(label, name), &problem, |b, problem| {
                b.iter(|| black_box(Solver::new(problem).tree(tree).count().solutions))
            });
        }
        group.finish();
    }
}

/// The problems with bounds (Algorithm M): the links walk Knuth's tree, the bit sets their own
/// (bounds of 0:1 as secondary items where they can, the others with null moves); the sparse
/// sets take none.
fn count_bounded(c: &mut Criterion) {
    for name in ["random/mcc-s1", "random/mcc-s4", "queens11-pd"] {
        let problem = corpus(name);
        let links = Solver::new(&problem).count();
        let bits = Solver::new(&problem).tree(Tree::Bitsets).count();
        assert_eq!(
            bits.solutions, links.solutions,
            "{name}: the trees count otherwise"
        );
        eprintln!(
            "{name}: {} solutions; nodes: links {}, bit sets {}",
            links.solutions, links.stats.nodes, bits.stats.nodes
        );
        let mut group = c.benchmark_group(name.replace('/', "-"));
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(10));
        for (label, tree) in [("links", Tree::Links), ("bits", Tree::Bitsets)] {
            group.bench_with_input(BenchmarkId::new(label, name), &problem, |b, problem| {
                b.iter(|| black_box(Solver::new(problem).tree(tree).count().solutions))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, count, count_bounded);
criterion_main!(benches);
