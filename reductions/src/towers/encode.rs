//! The exact-cover problem of a Towers grid (see the [module docs](super)).

use super::{line, Choice, Grid};
use crate::text::{self, name};
use crate::Encoding;

/// What is seen after a cell of a line: the tallest tower so far and how many were seen.
type State = (usize, usize);

pub(super) fn encode(grid: &Grid) -> Result<Encoding<Choice>, dlx::BuildError> {
    let n = grid.n;
    let domains = crate::latin::open_digits(n, &grid.cells);
    let cw = text::base36_width(n.saturating_sub(1));
    let dw = text::base36_width(n);
    let cluew = text::base36_width(4 * n - 1);
    let mut builder = dlx::ProblemBuilder::new();
    let cells: Vec<dlx::Primary> = (0..n * n)
        .map(|k| builder.primary(name("p", &[(k / n, cw), (k % n, cw)])))
        .collect();
    let rows: Vec<dlx::Primary> = (0..n * n)
        .map(|k| builder.primary(name("r", &[(k / n, cw), (k % n + 1, dw)])))
        .collect();
    let cols: Vec<dlx::Primary> = (0..n * n)
        .map(|k| builder.primary(name("c", &[(k / n, cw), (k % n + 1, dw)])))
        .collect();
    let clued: Vec<usize> = (0..4 * n).filter(|&c| grid.clues[c] > 0).collect();
    let steps: Vec<Vec<dlx::Primary>> = clued
        .iter()
        .map(|&c| {
            (0..n)
                .map(|k| builder.primary(name("s", &[(c, cluew), (k, cw)])))
                .collect()
        })
        .collect();
    // The cells that a clue sees, each with the item its digit colors.
    let mut seen: Vec<Option<dlx::Secondary>> = vec![None; n * n];
    for &c in &clued {
        for cell in line(n, c) {
            if seen[cell].is_none() {
                seen[cell] = Some(builder.secondary(name("x", &[(cell / n, cw), (cell % n, cw)])));
            }
        }
    }
    let digit_colors: Vec<dlx::Color> = (0..=n)
        .map(|d| builder.color(name("d", &[(d, dw)])))
        .collect();
    let mut choices = Vec::new();
    for cell in 0..n * n {
        let (row, col) = (cell / n, cell % n);
        for digit in (1..=n).filter(|&d| domains[cell] >> d & 1 == 1) {
            let mut option: Vec<dlx::OptionItem> = vec![
                cells[cell].into(),
                rows[row * n + digit - 1].into(),
                cols[col * n + digit - 1].into(),
            ];
            if let Some(x) = seen[cell] {
                option.push(x.with_color(digit_colors[digit]));
            }
            builder.option(option);
            choices.push(Choice::Fill { row, col, digit });
        }
    }
    let mut state_colors: Vec<Option<dlx::Color>> = vec![None; (n + 1) * (n + 1)];
    for (&c, steps) in clued.iter().zip(&steps) {
        let clue = usize::from(grid.clues[c]);
        let cells: Vec<usize> = line(n, c).collect();
        let between: Vec<dlx::Secondary> = (0..n.saturating_sub(1))
            .map(|k| builder.secondary(name("t", &[(c, cluew), (k, cw)])))
            .collect();
        let alive = walks(n, clue, &cells, &domains);
        for (k, &cell) in cells.iter().enumerate() {
            let before: Vec<State> = if k == 0 {
                vec![(0, 0)]
            } else {
                alive[k - 1].clone()
            };
            for &(tallest, count) in &before {
                for digit in (1..=n).filter(|&d| domains[cell] >> d & 1 == 1) {
                    let Some(after) = step((tallest, count), digit) else {
                        continue;
                    };
                    if !alive[k].contains(&after) {
                        continue;
                    }
                    let mut color = |(m, r): State| {
                        *state_colors[m * (n + 1) + r]
                            .get_or_insert_with(|| builder.color(format!("m{m}s{r}")))
                    };
                    let mut option: Vec<dlx::OptionItem> = vec![steps[k].into()];
                    if k > 0 {
                        option.push(between[k - 1].with_color(color((tallest, count))));
                    }
                    if k + 1 < n {
                        option.push(between[k].with_color(color(after)));
                    }
                    if let Some(x) = seen[cell] {
                        option.push(x.with_color(digit_colors[digit]));
                    }
                    builder.option(option);
                    choices.push(Choice::Walk {
                        row: cell / n,
                        col: cell % n,
                        digit,
                    });
                }
            }
        }
    }
    Ok(Encoding::new(builder.build()?, choices))
}

/// What is seen after a cell of `digit`, when `before` was seen before it: a taller tower
/// is seen; a lower one hides behind the tallest (an equal one cannot be in the line).
fn step((tallest, count): State, digit: usize) -> Option<State> {
    match digit.cmp(&tallest) {
        std::cmp::Ordering::Greater => Some((digit, count + 1)),
        std::cmp::Ordering::Less => Some((tallest, count)),
        std::cmp::Ordering::Equal => None,
    }
}

/// The states after each cell of a line (`cells`, from the clue) that lie on a walk from the
/// clue to the far end seeing `clue` towers, each cell holding a digit of its domain: forward
/// from nothing seen, then back from n seen as tallest and `clue` seen.
fn walks(n: usize, clue: usize, cells: &[usize], domains: &[u32]) -> Vec<Vec<State>> {
    // After k + 1 cells: the tallest is at least k + 1 (the digits differ), and the towers
    // still to be seen fit the digits above the tallest and the cells left.
    let possible = |k: usize, (tallest, count): State| {
        let left = n - 1 - k;
        tallest > k
            && count <= clue
            && (tallest == n) == (count == clue)
            && clue - count <= (n - tallest).min(left)
    };
    let mut reached: Vec<Vec<State>> = Vec::with_capacity(n);
    for (k, &cell) in cells.iter().enumerate() {
        let before = if k == 0 {
            vec![(0, 0)]
        } else {
            reached[k - 1].clone()
        };
        let mut after: Vec<State> = Vec::new();
        for &state in &before {
            for digit in (1..=n).filter(|&d| domains[cell] >> d & 1 == 1) {
                if let Some(next) = step(state, digit).filter(|&next| possible(k, next)) {
                    if !after.contains(&next) {
                        after.push(next);
                    }
                }
            }
        }
        reached.push(after);
    }
    let mut alive = reached;
    if let Some(last) = alive.last_mut() {
        last.retain(|&state| state == (n, clue));
    }
    for k in (0..n.saturating_sub(1)).rev() {
        let (here, next) = alive.split_at_mut(k + 1);
        let cell = cells[k + 1];
        here[k].retain(|&state| {
            (1..=n).any(|digit| {
                domains[cell] >> digit & 1 == 1
                    && step(state, digit).is_some_and(|after| next[0].contains(&after))
            })
        });
    }
    alive
}
