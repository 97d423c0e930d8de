//! Memoized counting of tilings against a direct profile dynamic program for the same board,
//! written here as the reference for what is possible: the board's cells in row order, a bit
//! mask of the cells ahead already covered, one hash map per cell. Both run on one thread and
//! must agree.
//!
//! `cargo bench --bench memo` runs every instance; `cargo bench --bench memo -- pe161` one.
//! The ratio memo / profile is the figure that counts (docs/memo.md).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dlx::{Problem, Solver};
use reductions::grid::{Cell, Mask};
use reductions::tile::{piece_set, Tile};
use reductions::Reduction;

/// A multiplicative hasher for the masks: the reference should not pay for SipHash.
#[derive(Default)]
struct MaskHasher(u64);

impl Hasher for MaskHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("only u64 keys")
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = (key ^ (key >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

type Profiles = HashMap<u64, u128, BuildHasherDefault<MaskHasher>>;

/// Every orientation of every piece as offsets from its first cell in reading order.
fn anchored(pieces: &str) -> Vec<Vec<(isize, isize)>> {
    let mut shapes = Vec::new();
    for piece in piece_set(pieces).unwrap() {
        for shape in piece.orientations() {
            let cells = shape.cells();
            let (r0, c0) = (cells[0].row as isize, cells[0].col as isize);
            shapes.push(
                cells
                    .iter()
                    .map(|cell| (cell.row as isize - r0, cell.col as isize - c0))
                    .collect(),
            );
        }
    }
    shapes
}

/// The number of tilings of `board` by the shapes (each anchored at its first cell), cell
/// by cell in row order; a mask bit `k` says the cell `k` places ahead is covered.
fn profile_count(board: &Mask, shapes: &[Vec<(isize, isize)>]) -> u128 {
    let (rows, cols) = (board.rows() as isize, board.cols() as isize);
    let mut current = Profiles::default();
    current.insert(0, 1);
    for index in 0..rows * cols {
        let (row, col) = (index / cols, index % cols);
        let open = board.contains(Cell::new(row as usize, col as usize));
        let mut next = Profiles::default();
        for (&mask, &count) in &current {
            if mask & 1 == 1 || !open {
                *next.entry(mask >> 1).or_default() += count;
                continue;
            }
            'shapes: for shape in shapes {
                let mut covered = mask;
                for &(dr, dc) in shape {
                    let (r, c) = (row + dr, col + dc);
                    let bit = dr * cols + dc;
                    if r >= rows
                        || c < 0
                        || c >= cols
                        || !board.contains(Cell::new(r as usize, c as usize))
                        || covered >> bit & 1 == 1
                    {
                        continue 'shapes;
                    }
                    covered |= 1 << bit;
                }
                *next.entry(covered >> 1).or_default() += count;
            }
        }
        current = next;
    }
    current.get(&0).copied().unwrap_or(0)
}

fn problem(board: &Mask, pieces: &str) -> Problem {
    let tile = Tile::new(board.clone(), false);
    let puzzle = tile.puzzle(piece_set(pieces).unwrap()).unwrap();
    tile.encode(&puzzle).unwrap().problem
}

fn without(mut board: Mask, cell: Cell) -> Mask {
    board.remove(cell);
    board
}

/// Domino tilings of 16 x 16, L-tromino tilings of 12 x 12 and of 16 x 16 without a corner,
/// and Project Euler 161 (both trominoes on 12 x 9, so that both fill rows of 9).
fn tilings(c: &mut Criterion) {
    let mut group = c.benchmark_group("tilings");
    group.sample_size(10);
    let instances = [
        ("domino16", Mask::full(16, 16), "domino"),
        ("ltromino12", Mask::full(12, 12), "l-tromino"),
        (
            "ltromino16-1",
            without(Mask::full(16, 16), Cell::new(0, 0)),
            "l-tromino",
        ),
        ("pe161", Mask::full(12, 9), "trominoes"),
    ];
    for (name, board, pieces) in instances {
        let problem = problem(&board, pieces);
        let shapes = anchored(pieces);
        let reference = profile_count(&board, &shapes);
        let memo = Solver::new(&problem).memo_count().unwrap().count;
        assert_eq!(memo.to_u128(), Some(reference), "{name}");
        group.bench_with_input(BenchmarkId::new("memo", name), &problem, |b, problem| {
            b.iter(|| black_box(Solver::new(problem).memo_count().unwrap().count))
        });
        group.bench_with_input(BenchmarkId::new("profile", name), &board, |b, board| {
            b.iter(|| black_box(profile_count(board, &shapes)))
        });
    }
    group.finish();
}

criterion_group!(benches, tilings);
criterion_main!(benches);
