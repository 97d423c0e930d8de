//! Making killer sudoku as Tatham's Solo makes them: cages of two cells (a few of three)
//! drawn first, a solved grid whose cages hold distinct digits, no givens at all; then
//! cages side by side are merged, at random, while the rules of the difficulty asked for
//! still solve the puzzle, and the last puzzle graded at that difficulty is kept.

use super::grade::{grade, Grader};
use super::regions::random_regions;
use super::{Cages, Difficulty, Grid, Sudoku};
use crate::generate::{random_solution, Grade, Ladder, OutOfTime, Rng};
use crate::Reduction;

/// A killer sudoku made here.
type Generated = crate::generate::Generated<Grid, Difficulty>;

/// Solved grids drawn for one killer sudoku before settling for an easier one: each is
/// merged cage by cage, some hundred grades.
const MAX_KILLER_TRIES: usize = 20;

/// The largest side of a killer sudoku made here, Solo's: 9.
pub const MAX_KILLER_SIDE: usize = 9;

/// The nodes the engine may take to tell that a puzzle has one solution, past which it
/// counts as too hard: Solo's unreasonable killers take at most 892 with forcing, and cages
/// merged further some minutes. (Making unreasonable 9 x 9 killers took 0.8-1.3 s for seeds
/// 1-5 at this limit, 5-24 s at 100,000.)
const MAX_UNIQUE_NODES: u64 = 5_000;

/// Failed merges in a row before a grid is given up, Solo's number.
const MAX_FAILED_MERGES: usize = 50;

/// A killer sudoku shaped as `shape` (its boxes, diagonals, or a jigsaw with regions drawn
/// anew) of the difficulty asked for, or the easiest found when none reached it; `None` for
/// a side beyond [`MAX_KILLER_SIDE`]. Within a generator's stop
/// ([`crate::generate::stopping`]): [`OutOfTime`] once it comes, never a puzzle that a search
/// it cut short has judged.
pub(super) fn generate(
    shape: &Grid,
    difficulty: Difficulty,
    rng: &mut Rng,
) -> Result<Option<Generated>, OutOfTime> {
    let in_time = || {
        if crate::generate::stopped() {
            Err(OutOfTime)
        } else {
            Ok(())
        }
    };
    let side = shape.side();
    if !(4..=MAX_KILLER_SIDE).contains(&side) {
        return Ok(None);
    }
    let mut easier: Option<Generated> = None;
    for tries in 1..=MAX_KILLER_TRIES {
        in_time()?;
        let mut base = match shape.regions() {
            Some(_) => Grid::jigsaw(side, &random_regions(side, rng)).expect("side cells each"),
            None => shape.clone(),
        };
        base.set_diagonals(shape.has_diagonals());
        base.cells.fill(0);
        let mut cage_of = pairs(side, rng);
        // A solved grid whose cages hold distinct digits: the cages without sums.
        let mut apart = base.clone();
        apart.set_cages(Cages::new(side, &cage_of, &vec![0; side * side]).ok());
        let drawn = random_solution(&Sudoku::default(), &apart, rng, 100_000, 1);
        in_time()?;
        let Ok(Some(solved)) = drawn else {
            continue;
        };
        let with_cages = |cage_of: &[usize], grid: &Grid| {
            let mut sums = vec![0; side * side];
            for (k, &g) in cage_of.iter().enumerate() {
                if let Some(first) = cage_of.iter().position(|&h| h == g) {
                    sums[first] += u32::from(solved.cells[k]);
                }
            }
            let mut made = grid.clone();
            made.set_cages(Cages::new(side, cage_of, &sums).ok());
            made
        };
        let (mut good, mut last) = (None, None);
        let mut failed = 0;
        loop {
            in_time()?;
            let puzzle = with_cages(&cage_of, &base);
            let grade_found = graded(&puzzle, difficulty);
            in_time()?;
            match grade_found {
                Some(found) if found == difficulty => {
                    good = Some(cage_of.clone());
                    failed = 0;
                    if !merge(side, &mut cage_of, &solved, rng) {
                        break;
                    }
                }
                Some(_) => {
                    // The first puzzle of all, graded, in case no grid reaches the level.
                    if easier.is_none() {
                        let whole = grade(&puzzle);
                        in_time()?;
                        if let Grade::Unique {
                            difficulty: found, ..
                        } = whole
                        {
                            easier = Some(Generated {
                                solution: with_cages(&cage_of, &solved),
                                puzzle,
                                difficulty: found,
                                reached: false,
                                tries: 0,
                            });
                        }
                    }
                    last = Some(cage_of.clone());
                    if !merge(side, &mut cage_of, &solved, rng) {
                        break;
                    }
                }
                _ => {
                    failed += 1;
                    if failed > MAX_FAILED_MERGES {
                        break;
                    }
                    match (&good, last.take()) {
                        (Some(good), _) => {
                            cage_of.clone_from(good);
                            if !merge(side, &mut cage_of, &solved, rng) {
                                break;
                            }
                        }
                        (None, Some(last)) => cage_of = last,
                        (None, None) => break,
                    }
                }
            }
        }
        if let Some(cage_of) = good {
            return Ok(Some(Generated {
                puzzle: with_cages(&cage_of, &base),
                solution: with_cages(&cage_of, &solved),
                difficulty,
                reached: true,
                tries,
            }));
        }
    }
    Ok(easier.map(|made| Generated {
        tries: MAX_KILLER_TRIES,
        ..made
    }))
}

/// The grade of `puzzle` if it is `difficulty` or easier (the next easier, when it is: as far
/// as the making needs to know), `None` when harder or without one solution.
fn graded(puzzle: &Grid, difficulty: Difficulty) -> Option<Difficulty> {
    let grader = Grader::new(puzzle);
    // One solution: the engine says so at the top, where the rules leave off (its search
    // with the cages as items is far faster than the grader's own).
    let solved = match difficulty {
        Difficulty::Unreasonable => unique_within(puzzle, MAX_UNIQUE_NODES),
        _ => grader.solves(puzzle, difficulty),
    };
    if !solved {
        return None;
    }
    let at = Difficulty::ALL.iter().position(|&d| d == difficulty)?;
    match at.checked_sub(1).map(|below| Difficulty::ALL[below]) {
        Some(easier) if grader.solves(puzzle, easier) => Some(easier),
        _ => Some(difficulty),
    }
}

/// Whether the engine finds exactly one solution within `nodes` nodes.
fn unique_within(puzzle: &Grid, nodes: u64) -> bool {
    let sudoku = Sudoku::default();
    let Ok(encoding) = sudoku.encode(puzzle) else {
        return false;
    };
    let outcome = crate::generate::bounded(dlx::Solver::new(&encoding.problem))
        .propagation(sudoku.propagation_for(puzzle))
        .limit(2)
        .node_limit(nodes)
        .count();
    outcome.solutions == 1 && outcome.is_complete()
}

/// Cages of two cells, side by side, drawn in reading order (to the right or below, at
/// random); a cell left alone joins a cage beside it.
fn pairs(side: usize, rng: &mut Rng) -> Vec<usize> {
    let area = side * side;
    let mut cage_of = vec![usize::MAX; area];
    let mut cages = 0;
    for k in 0..area {
        if cage_of[k] != usize::MAX {
            continue;
        }
        cage_of[k] = cages;
        let right = (k % side + 1 < side && cage_of[k + 1] == usize::MAX).then_some(k + 1);
        let below = (k + side < area).then_some(k + side);
        let partner = match (right, below) {
            (Some(r), Some(b)) => Some(if rng.below(2) == 0 { r } else { b }),
            (r, b) => r.or(b),
        };
        if let Some(p) = partner {
            cage_of[p] = cages;
        }
        cages += 1;
    }
    // The last cell may be alone: it joins the cage to its left.
    let alone =
        |cage_of: &[usize], k: usize| cage_of.iter().filter(|&&g| g == cage_of[k]).count() == 1;
    for k in 0..area {
        if alone(&cage_of, k) {
            let near = if k % side > 0 { k - 1 } else { k - side };
            cage_of[k] = cage_of[near];
        }
    }
    cage_of
}

/// Merges two cages side by side whose digits in `solved` differ, drawn at random among
/// those pairs, up to `side` cells; whether there was one.
fn merge(side: usize, cage_of: &mut [usize], solved: &Grid, rng: &mut Rng) -> bool {
    let area = side * side;
    let digits = |g: usize| -> (u64, usize) {
        (0..area)
            .filter(|&k| cage_of[k] == g)
            .fold((0, 0), |(mask, n), k| (mask | 1 << solved.cells[k], n + 1))
    };
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for k in 0..area {
        for n in [k + 1, k + side] {
            let beside = if n == k + 1 {
                k % side + 1 < side
            } else {
                n < area
            };
            if !beside || cage_of[k] == cage_of[n] {
                continue;
            }
            let pair = (cage_of[k].min(cage_of[n]), cage_of[k].max(cage_of[n]));
            if !pairs.contains(&pair) {
                pairs.push(pair);
            }
        }
    }
    while !pairs.is_empty() {
        let (a, b) = pairs.swap_remove(rng.below(pairs.len()));
        let ((da, na), (db, nb)) = (digits(a), digits(b));
        if da & db == 0 && na + nb <= side {
            for g in cage_of.iter_mut() {
                if *g == b {
                    *g = a;
                }
            }
            return true;
        }
    }
    false
}
