//! The puzzles end to end: parse and encode, then the search, one group per puzzle.
//!
//! `cargo bench --bench puzzles` runs them all; `cargo bench --bench puzzles -- futoshiki` one
//! puzzle. Each puzzle has its own function registered below, so that groups can be added
//! without touching the others.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dlx::Solver;
use reductions::arrows::{self, Arrows};
use reductions::binairo::Binairo;
use reductions::futoshiki::Futoshiki;
use reductions::queens::Queens;
use reductions::sudoku::Sudoku;
use reductions::Reduction;

fn fixture(path: &str) -> String {
    let path = format!(
        "{}/reductions/tests/fixtures/{path}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Futoshiki (issue 5: a 9 x 9 in well under a millisecond of search): `encode` is parse and
/// encode, the domain filtering included; `unique` is the search to the uniqueness check
/// (`--limit 2 --count`) on the encoding built once. f18 is the hardest public instance
/// (Tatham's "recursive" grade), f17 the hardest "extreme" one, f10 a 9 x 9 from elsewhere.
fn futoshiki(c: &mut Criterion) {
    let mut group = c.benchmark_group("futoshiki");
    for name in ["f10_josephw_9x9", "f17_tatham_9dx", "f18_tatham_9dr"] {
        let text = fixture(&format!("futoshiki/{name}.txt"));
        group.bench_with_input(BenchmarkId::new("encode", name), &text, |b, text| {
            b.iter(|| {
                let grid = Futoshiki.parse(black_box(text)).unwrap();
                black_box(Futoshiki.encode(&grid).unwrap())
            })
        });
        let grid = Futoshiki.parse(&text).unwrap();
        let encoding = Futoshiki.encode(&grid).unwrap();
        group.bench_with_input(
            BenchmarkId::new("unique", name),
            &encoding.problem,
            |b, problem| {
                b.iter(|| {
                    let solutions = Solver::new(problem).limit(2).count().solutions;
                    assert_eq!(solutions, 1);
                    solutions
                })
            },
        );
    }
    group.finish();
}

/// The arrow board (issue 5: n = 12 took 140 s and 86 million nodes before the lines were
/// colored): `encode` builds the problem, `count` counts both solutions on one thread on the
/// encoding built once; n = 40 is the largest size that counts in well under a second.
fn arrows(c: &mut Criterion) {
    let mut group = c.benchmark_group("arrows");
    group.sample_size(20);
    for n in [12, 40] {
        let size = arrows::Size::new(n).unwrap();
        group.bench_with_input(BenchmarkId::new("encode", n), &size, |b, size| {
            b.iter(|| black_box(Arrows.encode(black_box(size)).unwrap()))
        });
        let encoding = Arrows.encode(&size).unwrap();
        group.bench_with_input(
            BenchmarkId::new("count", n),
            &encoding.problem,
            |b, problem| {
                b.iter(|| {
                    let solutions = Solver::new(problem).count().solutions;
                    assert_eq!(solutions, 2);
                    solutions
                })
            },
        );
    }
    group.finish();
}

/// Binairo (issue 5: every public 20 x 20 in milliseconds; b26 took 0.48 s with the cell
/// encoding, the patterns over 20 s on b17): `encode` is parse and encode, the propagation
/// included; `unique` is the search to the uniqueness check (`--limit 2 --count`) on the
/// encoding built once. b17 and b26 are the largest public instances (20 x 20), b16 (14 x 14,
/// over 1000 solutions) the one whose search does the most work. One thread: these searches
/// are too small to split.
fn binairo(c: &mut Criterion) {
    let mut group = c.benchmark_group("binairo");
    let binairo = Binairo::default();
    for (name, solutions) in [
        ("b16_tyler_eval_14x14", 2),
        ("b17_tyler_eval_20x20", 1),
        ("b26_tatham_unruly_20x20udn", 1),
    ] {
        let text = fixture(&format!("binairo/{name}.txt"));
        group.bench_with_input(BenchmarkId::new("encode", name), &text, |b, text| {
            b.iter(|| {
                let grid = binairo.parse(black_box(text)).unwrap();
                black_box(binairo.encode(&grid).unwrap())
            })
        });
        let grid = binairo.parse(&text).unwrap();
        let encoding = binairo.encode(&grid).unwrap();
        group.bench_with_input(
            BenchmarkId::new("unique", name),
            &encoding.problem,
            |b, problem| {
                b.iter(|| {
                    let found = Solver::new(problem).threads(1).limit(2).count().solutions;
                    assert_eq!(found, solutions);
                    found
                })
            },
        );
    }
    group.finish();
}

/// Sudoku: the four hard 9 x 9 puzzles of the engine corpus (compare `sudoku/unique` with
/// the `sudoku` group of `cargo bench -p dlx-engine --bench engine`, which solves Knuth's encoding of the
/// same grids, read from DLX files), and a 25 x 25. `encode` is parse and encode, `unique`
/// the search to the uniqueness check on the encoding built once.
fn sudoku(c: &mut Criterion) {
    let mut group = c.benchmark_group("sudoku");
    for name in [
        "escargot",
        "golden_nugget",
        "inkala2012",
        "platinum_blonde",
        "25x25",
    ] {
        let text = fixture(&format!("sudoku/{name}.txt"));
        let sudoku = Sudoku::default();
        group.bench_with_input(BenchmarkId::new("encode", name), &text, |b, text| {
            b.iter(|| {
                let grid = sudoku.parse(black_box(text)).unwrap();
                black_box(sudoku.encode(&grid).unwrap())
            })
        });
        let grid = sudoku.parse(&text).unwrap();
        let encoding = sudoku.encode(&grid).unwrap();
        group.bench_with_input(
            BenchmarkId::new("unique", name),
            &encoding.problem,
            |b, problem| b.iter(|| Solver::new(problem).limit(2).count().solutions),
        );
    }
    group.finish();
}

/// n-queens: encode, and count all solutions of n = 10 and 12 on one thread (Knuth's
/// encoding, the same tree as `queens` in `cargo bench -p dlx-engine --bench engine`).
fn queens(c: &mut Criterion) {
    let mut group = c.benchmark_group("queens");
    group.sample_size(10);
    for n in [10, 12] {
        let text = n.to_string();
        group.bench_with_input(BenchmarkId::new("encode", n), &text, |b, text| {
            b.iter(|| {
                let size = Queens.parse(black_box(text)).unwrap();
                black_box(Queens.encode(&size).unwrap())
            })
        });
        let size = Queens.parse(&text).unwrap();
        let encoding = Queens.encode(&size).unwrap();
        group.bench_with_input(
            BenchmarkId::new("count", n),
            &encoding.problem,
            |b, problem| b.iter(|| Solver::new(problem).count().solutions),
        );
    }
    group.finish();
}

/// Counting the 1,193,600 tilings of a 9 x 9 board by L-trominoes (the encoding of
/// `reductions::tromino`), on 1 thread and on 2.
fn tromino(c: &mut Criterion) {
    use reductions::grid::Mask;
    use reductions::tromino::Tromino;
    use reductions::Reduction;
    let encoding = Tromino.encode(&Mask::full(9, 9)).expect("a 9 x 9 board");
    let mut group = c.benchmark_group("tromino");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(15));
    for threads in [1, 2] {
        group.bench_function(
            BenchmarkId::new(format!("count/threads{threads}"), "9x9"),
            |b| {
                b.iter(|| {
                    black_box(
                        Solver::new(&encoding.problem)
                            .threads(threads)
                            .count()
                            .solutions,
                    )
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, futoshiki, arrows, binairo, sudoku, queens, tromino);
criterion_main!(benches);
