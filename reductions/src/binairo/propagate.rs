//! What is settled before the search: cells that the line rules fix, and the line patterns
//! that agree with the cells and with the crossing lines, each to a fixpoint (see the
//! [module docs](super)).

use super::{Grid, Line, BLANK, PATTERN_BUDGET};

/// The number of legal lines (N/2 of each digit, no three equal in a row) that agree with
/// `line`, a line of N cells, `None` for a blank: a dynamic program over (ones so far, last
/// digit, length of its run), so it never lists them. Odd lengths have none.
///
/// ```
/// use reductions::binairo::count_patterns;
/// assert_eq!(count_patterns(&[None; 8]), 34);
/// assert_eq!(count_patterns(&[None; 30]), 860_142);
/// assert_eq!(count_patterns(&[Some(0), None, None, None]), 3); // 0011 0101 0110
/// ```
pub fn count_patterns(line: &[Option<u8>]) -> u128 {
    let cells: Vec<u8> = line.iter().map(|d| d.unwrap_or(BLANK)).collect();
    count_line(&cells)
}

/// [`count_patterns`] of a line of 0, 1 and [`BLANK`].
pub(super) fn count_line(cells: &[u8]) -> u128 {
    let n = cells.len();
    if n % 2 == 1 {
        return 0;
    }
    // ways[ones][last digit][run length - 1], after the first k cells; the empty line has one
    // way, which no digit continues yet.
    let mut ways = vec![[[0u128; 2]; 2]; n / 2 + 1];
    let mut empty = 1u128;
    for &cell in cells {
        let mut next = vec![[[0u128; 2]; 2]; n / 2 + 1];
        for digit in [0u8, 1] {
            if cell != BLANK && cell != digit {
                continue;
            }
            let d = usize::from(digit);
            next[d][d][0] += empty;
            for (ones, by_last) in ways.iter().enumerate() {
                let ones = ones + d;
                if ones > n / 2 {
                    break;
                }
                for (last, runs) in by_last.iter().enumerate() {
                    if last == d {
                        // A run of one grows to two; a run of two cannot grow.
                        next[ones][d][1] += runs[0];
                    } else {
                        next[ones][d][0] += runs[0] + runs[1];
                    }
                }
            }
        }
        empty = 0;
        ways = next;
    }
    empty + ways[n / 2].iter().flatten().sum::<u128>()
}

/// Every pattern that agrees with `cells`, bit j for cell j, in lexicographic order of the
/// cells (cell 0 first, 0 before 1).
pub(super) fn list_patterns(cells: &[u8]) -> Vec<u64> {
    fn go(cells: &[u8], k: usize, bits: u64, ones: usize, out: &mut Vec<u64>) {
        let n = cells.len();
        if k == n {
            out.push(bits);
            return;
        }
        let zeros = k - ones;
        for digit in [0u8, 1] {
            if cells[k] != BLANK && cells[k] != digit {
                continue;
            }
            let (ones, zeros) = (ones + usize::from(digit), zeros + usize::from(digit == 0));
            if ones > n / 2 || zeros > n / 2 {
                continue;
            }
            let bit = |j: usize| (bits >> j & 1) as u8;
            if k >= 2 && bit(k - 1) == digit && bit(k - 2) == digit {
                continue;
            }
            go(cells, k + 1, bits | u64::from(digit) << k, ones, out);
        }
    }
    let mut out = Vec::new();
    go(cells, 0, 0, 0, &mut out);
    out
}

/// Which digits each cell of `cells` (0, 1 or [`BLANK`]) takes in at least one legal line
/// that agrees with it: bit k of `.0` (`.1`) when cell k can hold a 0 (a 1). Reachable
/// states forward and co-reachable states backward over (ones so far, last digit, length of
/// its run), so the patterns are never listed: O(N^2) however many there are.
pub(super) fn supports(cells: &[u8]) -> (u64, u64) {
    let n = cells.len();
    let half = n / 2;
    // State (ones, last, run - 1) at index (ones * 2 + last) * 2 + run - 1, and the empty
    // prefix at `start`.
    let start = (half + 1) * 4;
    let width = start + 1;
    // The state after cell k (from 0) takes `digit` in `state`, if the line stays legal.
    let step = |k: usize, state: usize, digit: usize| -> Option<usize> {
        let (ones, run) = if state == start {
            (digit, 0)
        } else {
            let (ones, last, run) = (state / 4, state / 2 % 2, state % 2);
            match (last == digit, run) {
                (true, 1) => return None,
                (true, _) => (ones + digit, 1),
                (false, _) => (ones + digit, 0),
            }
        };
        (ones <= half && k + 1 - ones <= half).then_some((ones * 2 + digit) * 2 + run)
    };
    let digits =
        |k: usize| (0..2).filter(move |&d| cells[k] == BLANK || usize::from(cells[k]) == d);
    // reach[k * width + s]: state s after the first k cells.
    let mut reach = vec![false; (n + 1) * width];
    reach[start] = true;
    for k in 0..n {
        for s in 0..width {
            if !reach[k * width + s] {
                continue;
            }
            for digit in digits(k) {
                if let Some(t) = step(k, s, digit) {
                    reach[(k + 1) * width + t] = true;
                }
            }
        }
    }
    // Then backward, keeping only the states that also complete a legal line.
    let mut alive = vec![false; (n + 1) * width];
    for t in (0..start).filter(|&t| t / 4 == half && reach[n * width + t]) {
        alive[n * width + t] = true;
    }
    let (mut zeros, mut ones) = (0u64, 0u64);
    for k in (0..n).rev() {
        for s in (0..width).filter(|&s| reach[k * width + s]) {
            for digit in digits(k) {
                if step(k, s, digit).is_some_and(|t| alive[(k + 1) * width + t]) {
                    alive[k * width + s] = true;
                    *[&mut zeros, &mut ones][digit] |= 1 << k;
                }
            }
        }
    }
    (zeros, ones)
}

/// `grid` with every cell filled that the line rules alone (balance, no three, not the
/// distinct lines) fix, to a fixpoint over rows and columns; `None` when some cell can take
/// neither digit. The same cells as the pattern propagation without its distinct-lines rule,
/// found without listing the patterns, so that it runs on any grid, before the budget is
/// looked at.
pub(super) fn fill_cells(grid: &Grid) -> Option<Grid> {
    let (rows, cols) = (grid.rows, grid.cols);
    let mut grid = grid.clone();
    // Lines to look at: every one at first, then those that a newly filled cell crosses.
    let mut dirty: Vec<Line> = grid.lines().collect();
    let mut queued = vec![true; rows + cols];
    let index = |line: Line| match line {
        Line::Row(r) => r,
        Line::Column(c) => rows + c,
    };
    while let Some(line) = dirty.pop() {
        queued[index(line)] = false;
        let cells = grid.line(line);
        if !cells.contains(&BLANK) {
            continue;
        }
        let (zeros, ones) = supports(&cells);
        for (k, &cell) in cells.iter().enumerate() {
            let digit = match (zeros >> k & 1, ones >> k & 1) {
                (0, 0) => return None,
                (1, 0) => 0,
                (0, 1) => 1,
                _ => continue,
            };
            if cell == BLANK {
                let ((r, c), crossing) = match line {
                    Line::Row(r) => ((r, k), Line::Column(k)),
                    Line::Column(c) => ((k, c), Line::Row(k)),
                };
                grid.cells[r * cols + c] = digit;
                if !queued[index(crossing)] {
                    queued[index(crossing)] = true;
                    dirty.push(crossing);
                }
            }
        }
    }
    Some(grid)
}

/// The patterns each line may still read: `lines[0][i]` for row i (bit j for column j),
/// `lines[1][j]` for column j (bit i for row i).
pub(super) type Candidates = [Vec<Vec<u64>>; 2];

/// Every pattern that agrees with the givens, for every row and every column, if they fit in
/// [`PATTERN_BUDGET`] entries.
pub(super) fn candidates(grid: &Grid) -> Option<Candidates> {
    if pattern_entries(grid) > PATTERN_BUDGET {
        return None;
    }
    let list = |count: usize, line: fn(usize) -> Line| -> Vec<Vec<u64>> {
        (0..count)
            .map(|k| list_patterns(&grid.line(line(k))))
            .collect()
    };
    Some([list(grid.rows, Line::Row), list(grid.cols, Line::Column)])
}

/// Drops, to a fixpoint, patterns that no solution uses, by two rules: a pattern that puts a
/// digit in a cell where no pattern left for the crossing line has it (arc consistency between
/// rows and columns); and, when lines must be `distinct`, the pattern of a line that has only
/// one left, from every other line of its kind. Both only remove what no solution reads, so
/// every solution survives, and the options that remain mean what they meant.
pub(super) fn propagate(rows: usize, cols: usize, distinct: bool, lines: &mut Candidates) {
    // Kind 0 (rows) has `rows` lines of `cols` cells, kind 1 the other way round.
    let count = [rows, cols];
    let full = [cols, rows].map(|len| if len == 64 { !0 } else { (1u64 << len) - 1 });
    // Where each line's patterns have a 0 (a 1), kept up to date as patterns go.
    let digits = |patterns: &[u64], full: u64| {
        patterns
            .iter()
            .fold((0, 0), |(zeros, ones), &p| (zeros | (!p & full), ones | p))
    };
    let mut masks: [Vec<(u64, u64)>; 2] = [0, 1].map(|kind| {
        lines[kind]
            .iter()
            .map(|patterns| digits(patterns, full[kind]))
            .collect()
    });
    // The masks each line was last filtered with: a line whose masks did not change since is
    // not looked at again. And the lines whose last pattern was already taken from the others.
    let mut seen = [0, 1].map(|kind| vec![(full[kind], full[kind]); count[kind]]);
    let mut settled = [vec![false; rows], vec![false; cols]];
    loop {
        let mut changed = false;
        for kind in 0..2 {
            // Where the crossing lines can still have a 0 (a 1): cell b of line a of the
            // other kind is bit a of `can[b]`.
            let mut can = vec![(0u64, 0u64); count[kind]];
            for (a, &(zeros, ones)) in masks[1 - kind].iter().enumerate() {
                for (b, can) in can.iter_mut().enumerate() {
                    can.0 |= (zeros >> b & 1) << a;
                    can.1 |= (ones >> b & 1) << a;
                }
            }
            for (b, patterns) in lines[kind].iter_mut().enumerate() {
                if seen[kind][b] == can[b] {
                    continue;
                }
                seen[kind][b] = can[b];
                let (can0, can1) = can[b];
                let before = patterns.len();
                patterns.retain(|&p| p & !can1 == 0 && !p & full[kind] & !can0 == 0);
                if patterns.len() != before {
                    masks[kind][b] = digits(patterns, full[kind]);
                    changed = true;
                }
            }
            if !distinct {
                continue;
            }
            for b in 0..count[kind] {
                if settled[kind][b] || lines[kind][b].len() != 1 {
                    continue;
                }
                settled[kind][b] = true;
                let taken = lines[kind][b][0];
                for a in (0..count[kind]).filter(|&a| a != b) {
                    let patterns = &mut lines[kind][a];
                    if let Some(k) = patterns.iter().position(|&p| p == taken) {
                        patterns.remove(k);
                        masks[kind][a] = digits(patterns, full[kind]);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return;
        }
    }
}

/// The entries the pattern encoding of `grid` would have, from the counts alone.
pub(super) fn pattern_entries(grid: &Grid) -> u128 {
    grid.lines()
        .map(|line| {
            let cells = grid.line(line);
            let open = cells.iter().filter(|&&d| d == BLANK).count() as u128;
            count_line(&cells) * (open + 2)
        })
        .sum()
}
