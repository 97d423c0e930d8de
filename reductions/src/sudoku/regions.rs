//! Random jigsaw regions: connected regions of equal size, drawn from the boxes by swaps, for
//! the jigsaw sudokus and the killer sudokus that are made.

use super::Grid;
use crate::generate::Rng;

/// Regions for a jigsaw of side `side`: side regions of side cells, each connected, drawn by
/// swapping cells across the walls of the boxes (or of the rows, for a side without boxes)
/// many times at random, each swap kept only if both regions stay connected.
pub(super) fn random_regions(side: usize, rng: &mut Rng) -> Vec<u8> {
    let mut regions: Vec<u8> = match super::shape_of_side(side) {
        Some((rows, cols)) => {
            let boxes = Grid::with_boxes(rows, cols).expect("a shape");
            (0..side * side)
                .map(|k| boxes.box_of(k / side, k % side) as u8)
                .collect()
        }
        None => (0..side * side).map(|k| (k / side) as u8).collect(),
    };
    let neighbours = |k: usize| super::killer::neighbours(k, side);
    let connected = |regions: &[u8], region: u8| {
        let cells: Vec<usize> = (0..side * side).filter(|&k| regions[k] == region).collect();
        let mut seen = vec![false; side * side];
        let mut stack = vec![cells[0]];
        seen[cells[0]] = true;
        let mut reached = 1;
        while let Some(k) = stack.pop() {
            for n in neighbours(k) {
                if !seen[n] && regions[n] == region {
                    seen[n] = true;
                    reached += 1;
                    stack.push(n);
                }
            }
        }
        reached == cells.len()
    };
    if side < 3 {
        return regions;
    }
    for _ in 0..side * side * 30 {
        // A cell p of region a beside region b, and a cell q of b beside a: they change
        // regions, and both stay as large as they were.
        let p = rng.below(side * side);
        let a = regions[p];
        let beside: Vec<usize> = neighbours(p).filter(|&n| regions[n] != a).collect();
        if beside.is_empty() {
            continue;
        }
        let b = regions[beside[rng.below(beside.len())]];
        let candidates: Vec<usize> = (0..side * side)
            .filter(|&q| {
                regions[q] == b && q != p && neighbours(q).any(|n| regions[n] == a && n != p)
            })
            .collect();
        if candidates.is_empty() {
            continue;
        }
        let q = candidates[rng.below(candidates.len())];
        regions[p] = b;
        regions[q] = a;
        if !(connected(&regions, a) && connected(&regions, b)) {
            regions[p] = a;
            regions[q] = b;
        }
    }
    regions
}
