//! Making Dominosa puzzles as Tatham's Dominosa makes them: a random domino tiling of the
//! grid, the dominoes of the full set dealt onto it at random, and the whole kept if the
//! rules of the level asked solve it and those of the level below do not. Below the hard
//! level, no domino is dealt diagonally opposite a neighbour with the same numbers (two such
//! dominoes could turn together, a second solution); from the hard level on, the doubles
//! are dealt first and each other domino where it makes a wrong pair of numbers appear
//! somewhere, so that no domino starts with one place, and a grid that the basic rules
//! start on is thrown away.

use std::time::Instant;

use super::grade::deduce;
use super::solver::{Outcome, Solver};
use super::{domino_count, domino_index, Difficulty, Grid};
use crate::generate::{solutions, stopping, OutOfTime, Rng, Solutions};
use crate::logic::Deduction;

/// A Dominosa grid made, with its solution and difficulty.
pub type Generated = crate::generate::Generated<Grid, Difficulty>;

/// The largest number made: 12 (Tatham's presets go to 9).
pub const MAX_GENERATED_SIZE: usize = 12;

/// The most tilings drawn to make one puzzle at the level asked.
const MAX_TRIES: usize = 100_000;

/// A new Dominosa puzzle whose dominoes run to `n` (1 to [`MAX_GENERATED_SIZE`]), with
/// exactly one solution, at `difficulty`; `None` for `n` out of range. As in Tatham's
/// Dominosa, n = 1 is made at the trivial level and n = 2 at most at the basic one, where no
/// harder puzzle exists. Should no tiling of 100,000 make one at the level asked, the first
/// puzzle with one solution is given, [`Generated::reached`] false. [`OutOfTime`] once
/// `deadline` has passed.
///
/// ```
/// use reductions::dominosa::{generate_before, grade, Difficulty, Grade};
/// use reductions::generate::Rng;
///
/// let made = generate_before(5, Difficulty::Basic, &mut Rng::new(3), None).unwrap().unwrap();
/// assert!(made.reached);
/// assert_eq!(grade(&made.puzzle), Grade::Unique { difficulty: Difficulty::Basic, search_nodes: 0 });
/// ```
pub fn generate_before(
    n: usize,
    difficulty: Difficulty,
    rng: &mut Rng,
    deadline: Option<Instant>,
) -> Result<Option<Generated>, OutOfTime> {
    if !(1..=MAX_GENERATED_SIZE).contains(&n) {
        return Ok(None);
    }
    let difficulty = match n {
        1 => Difficulty::Trivial,
        2 => difficulty.min(Difficulty::Basic),
        _ => difficulty,
    };
    stopping(deadline, None, || make(n, difficulty, rng))
}

fn make(n: usize, difficulty: Difficulty, rng: &mut Rng) -> Result<Option<Generated>, OutOfTime> {
    let in_time = || {
        if crate::generate::stopped() {
            Err(OutOfTime)
        } else {
            Ok(())
        }
    };
    let (w, h) = (n + 2, n + 1);
    let mut first: Option<Generated> = None;
    for tries in 1..=MAX_TRIES {
        in_time()?;
        let layout = layout(w, h, rng);
        let numbers = if difficulty < Difficulty::Hard {
            deal_unique(n, &layout, rng)
        } else {
            deal_hard(n, &layout, rng)
        };
        let Some(numbers) = numbers else {
            continue;
        };
        let puzzle = Grid {
            n,
            numbers,
            partner: vec![None; w * h],
        };
        if difficulty >= Difficulty::Hard {
            let mut basic = Solver::new(&puzzle);
            if basic.run(Difficulty::Basic).0 != Outcome::Stuck || basic.some_domino_has_one_place()
            {
                continue;
            }
        }
        let mut solution = puzzle.clone();
        solution.partner = layout.iter().map(|&other| Some(other)).collect();
        let reached = if difficulty == Difficulty::Unreasonable {
            deduce(&puzzle, Difficulty::Extreme).0 == Deduction::Stuck && proved(&puzzle)
        } else {
            let (deduction, used) = deduce(&puzzle, difficulty);
            deduction == Deduction::Solved && used >= difficulty
        };
        // The rules stop at the deadline, with an answer that may be wrong.
        in_time()?;
        if reached {
            return Ok(Some(Generated {
                puzzle,
                solution,
                difficulty,
                reached: true,
                tries,
            }));
        }
        if first.is_none() {
            if let crate::generate::Grade::Unique { difficulty, .. } = super::grade(&puzzle) {
                first = Some(Generated {
                    puzzle,
                    solution,
                    difficulty,
                    reached: false,
                    tries: MAX_TRIES,
                });
            }
        }
    }
    in_time()?;
    Ok(first)
}

/// Whether the engine finds exactly one solution of `grid`.
fn proved(grid: &Grid) -> bool {
    solutions(&super::Dominosa, grid) == Ok(Solutions::One)
}

/// A random domino tiling of a grid `w` wide and `h` high (an even area), as Tatham's
/// `domino_layout` makes it: dominoes laid in a random order of places wherever both cells
/// are free, then each pair of cells left free joined by a path that shifts the dominoes
/// along it. The other cell of each cell's domino.
pub(super) fn layout(w: usize, h: usize, rng: &mut Rng) -> Vec<usize> {
    let wh = w * h;
    let mut grid: Vec<usize> = (0..wh).collect();
    let mut places: Vec<usize> = (0..h.saturating_sub(1) * w).map(|a| 2 * a).collect();
    places.extend((0..wh).filter(|a| a % w + 1 < w).map(|a| 2 * a + 1));
    rng.shuffle(&mut places);
    for place in places {
        let a = place / 2;
        let b = if place % 2 == 1 { a + 1 } else { a + w };
        if grid[a] == a && grid[b] == b {
            grid[a] = b;
            grid[b] = a;
        }
    }
    loop {
        let alone: Vec<usize> = (0..wh).filter(|&k| grid[k] == k).collect();
        if alone.len() <= wh % 2 {
            return grid;
        }
        let start = alone[alone.len() - 1];
        // Breadth first from `start`, through dominoes: `mark` holds a distance at the far
        // cell of a domino crossed and, at its near cell, the cell it was entered from.
        let mut mark: Vec<i64> = vec![-1; wh];
        mark[start] = 0;
        let mut queue = vec![start];
        let mut done = 0;
        let mut target = None;
        while done < queue.len() && target.is_none() {
            let i = queue[done];
            done += 1;
            let (x, y) = (i % w, i / w);
            let mut next: Vec<usize> = Vec::with_capacity(4);
            if x > 0 {
                next.push(i - 1);
            }
            if x + 1 < w {
                next.push(i + 1);
            }
            if y > 0 {
                next.push(i - w);
            }
            if y + 1 < h {
                next.push(i + w);
            }
            rng.shuffle(&mut next);
            for k in next {
                if grid[k] == k {
                    mark[k] = i as i64;
                    target = Some(k);
                    break;
                }
                let m = grid[k];
                if mark[m] < 0 || mark[m] > mark[i] + 1 {
                    mark[m] = mark[i] + 1;
                    mark[k] = i as i64;
                    queue.push(m);
                }
            }
        }
        let Some(mut i) = target else {
            // Cannot happen on a grid of even area; stop rather than loop.
            return grid;
        };
        loop {
            let j = mark[i] as usize;
            let k = grid[j];
            grid[i] = j;
            grid[j] = i;
            if j == k {
                break;
            }
            i = k;
        }
    }
}

/// The dominoes of a layout, each as its two cells, in the order of their first cells.
fn places(layout: &[usize]) -> Vec<[usize; 2]> {
    (0..layout.len())
        .filter(|&a| layout[a] > a)
        .map(|a| [a, layout[a]])
        .collect()
}

/// The domino beside the one on cells `p0`, `p1` (on the side turned from p0 to p1), if the
/// layout has one there, as its cell beside p0 and its cell beside p1.
fn beside(w: usize, h: usize, layout: &[usize], p0: usize, p1: usize) -> Option<(usize, usize)> {
    let (x0, y0) = ((p0 % w) as i64, (p0 / w) as i64);
    let (x1, y1) = ((p1 % w) as i64, (p1 / w) as i64);
    let (dx, dy) = (x1 - x0, y1 - y0);
    let (nx0, ny0, nx1, ny1) = (x0 + dy, y0 - dx, x1 + dy, y1 - dx);
    let inside = |x: i64, y: i64| x >= 0 && y >= 0 && x < w as i64 && y < h as i64;
    if !inside(nx0, ny0) || !inside(nx1, ny1) {
        return None;
    }
    let (np0, np1) = (
        (ny0 * w as i64 + nx0) as usize,
        (ny1 * w as i64 + nx1) as usize,
    );
    (layout[np0] == np1).then_some((np0, np1))
}

/// The numbers of each domino, `lo` <= `hi`, by [`domino_index`].
fn pairs(n: usize) -> Vec<(u8, u8)> {
    let mut pairs = vec![(0, 0); domino_count(n)];
    for hi in 0..=n {
        for lo in 0..=hi {
            pairs[domino_index(lo, hi)] = (lo as u8, hi as u8);
        }
    }
    pairs
}

/// Whether `lo` may go on cell `a` and `hi` on `b`: no domino beside them shows `hi`
/// diagonally opposite `lo`'s cell, or `lo` opposite `hi`'s (which would let the two turn
/// together).
fn no_turn(
    w: usize,
    h: usize,
    layout: &[usize],
    numbers: &[Option<u8>],
    [a, b]: [usize; 2],
    (lo, hi): (u8, u8),
) -> bool {
    !beside(w, h, layout, a, b)
        .is_some_and(|(n0, n1)| numbers[n0] == Some(hi) || numbers[n1] == Some(lo))
}

/// The dominoes dealt in a random order onto the places in a random order, each turned at
/// random where both ways keep clear of an obvious second solution
/// (Dominosa's `alloc_try_unique`); `None` when a domino has no such way.
fn deal_unique(n: usize, layout: &[usize], rng: &mut Rng) -> Option<Vec<u8>> {
    let (w, h) = (n + 2, n + 1);
    let pairs = pairs(n);
    let places = places(layout);
    let mut values: Vec<usize> = (0..pairs.len()).collect();
    rng.shuffle(&mut values);
    let mut at: Vec<usize> = (0..places.len()).collect();
    rng.shuffle(&mut at);
    let mut numbers: Vec<Option<u8>> = vec![None; w * h];
    for (&value, &place) in values.iter().zip(&at) {
        let (lo, hi) = pairs[value];
        let [a, b] = places[place];
        let lo_first = no_turn(w, h, layout, &numbers, [a, b], (lo, hi));
        let lo_second = no_turn(w, h, layout, &numbers, [b, a], (lo, hi));
        let lo_at = match (lo_first, lo_second) {
            (false, false) => return None,
            (true, true) => rng.below(2),
            (true, false) => 0,
            (false, true) => 1,
        };
        let cells = [a, b];
        numbers[cells[lo_at]] = Some(lo);
        numbers[cells[1 - lo_at]] = Some(hi);
    }
    numbers.into_iter().collect()
}

/// The doubles dealt first, at random, then each other domino where it also makes a pair of
/// numbers side by side that no domino shows yet (a "confounder": a wrong place for that
/// domino), until every domino has one (Dominosa's `alloc_try_hard`); `None` when the deal
/// leaves a domino without a wrong place, or a place empty.
fn deal_hard(n: usize, layout: &[usize], rng: &mut Rng) -> Option<Vec<u8>> {
    let (w, h) = (n + 2, n + 1);
    let pairs = pairs(n);
    let places = places(layout);
    let mut at: Vec<usize> = (0..places.len()).collect();
    rng.shuffle(&mut at);
    let mut numbers: Vec<Option<u8>> = vec![None; w * h];
    let mut doubles: Vec<usize> = (0..=n).collect();
    rng.shuffle(&mut doubles);
    for (k, &double) in doubles.iter().enumerate() {
        let [a, b] = places[at[k]];
        numbers[a] = Some(double as u8);
        numbers[b] = Some(double as u8);
    }
    let neighbours = |cell: usize| {
        let (x, y) = (cell % w, cell / w);
        [
            (x + 1 < w).then(|| cell + 1),
            (y + 1 < h).then(|| cell + w),
            (x > 0).then(|| cell - 1),
            (y > 0).then(|| cell - w),
        ]
        .into_iter()
        .flatten()
    };
    let mut confounder = vec![false; pairs.len()];
    for cell in 0..w * h {
        let Some(here) = numbers[cell] else {
            continue;
        };
        for next in [
            (cell % w + 1 < w).then(|| cell + 1),
            (cell / w + 1 < h).then(|| cell + w),
        ]
        .into_iter()
        .flatten()
        {
            if layout[cell] != next {
                if let Some(there) = numbers[next] {
                    confounder[domino_index(here.into(), there.into())] = true;
                }
            }
        }
    }
    let mut needed = confounder.iter().filter(|&&c| !c).count();
    let mut values: Vec<usize> = (0..=n)
        .flat_map(|hi| (0..hi).map(move |lo| domino_index(lo, hi)))
        .collect();
    rng.shuffle(&mut values);
    while !values.is_empty() {
        let before = values.len();
        let mut left = Vec::new();
        for &value in &values {
            let (lo, hi) = pairs[value];
            let mut chosen = None;
            'places: for &place in &at {
                let cells = places[place];
                if numbers[cells[0]].is_some() {
                    continue;
                }
                let flip = rng.below(2);
                for turn in 0..2 {
                    let lo_at = turn ^ flip;
                    if !no_turn(
                        w,
                        h,
                        layout,
                        &numbers,
                        [cells[lo_at], cells[1 - lo_at]],
                        (lo, hi),
                    ) {
                        break;
                    }
                    if needed == 0 {
                        chosen = Some((cells, lo_at));
                        break 'places;
                    }
                    for (side, &cell) in cells.iter().enumerate() {
                        let number = if side == lo_at { lo } else { hi };
                        let new = neighbours(cell).any(|next| {
                            numbers[next].is_some_and(|there| {
                                !confounder[domino_index(number.into(), there.into())]
                            })
                        });
                        if new {
                            chosen = Some((cells, lo_at));
                            break 'places;
                        }
                    }
                }
            }
            let Some((cells, lo_at)) = chosen else {
                left.push(value);
                continue;
            };
            numbers[cells[lo_at]] = Some(lo);
            numbers[cells[1 - lo_at]] = Some(hi);
            for (side, &cell) in cells.iter().enumerate() {
                let number = if side == lo_at { lo } else { hi };
                for next in neighbours(cell).filter(|&next| next != cells[1 - side]) {
                    if let Some(there) = numbers[next] {
                        let d = domino_index(number.into(), there.into());
                        if !confounder[d] {
                            needed -= 1;
                            confounder[d] = true;
                        }
                    }
                }
            }
        }
        values = left;
        if values.len() == before {
            break;
        }
    }
    if confounder.contains(&false) {
        return None;
    }
    numbers.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_tile_the_grid() {
        let mut rng = Rng::new(7);
        for (w, h) in [(3, 2), (4, 3), (8, 7), (11, 10), (5, 5)] {
            for _ in 0..50 {
                let grid = layout(w, h, &mut rng);
                let alone = (0..w * h).filter(|&k| grid[k] == k).count();
                assert_eq!(alone, (w * h) % 2);
                for (k, &other) in grid.iter().enumerate() {
                    assert_eq!(grid[other], k);
                    let d = k.abs_diff(other);
                    assert!(d == 0 || (d == 1 && k / w == other / w) || d == w);
                }
            }
        }
    }
}
