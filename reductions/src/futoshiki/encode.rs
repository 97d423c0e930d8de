//! The exact-cover problem of a futoshiki grid (see the [module docs](super)).

use super::propagate::{candidates, PROBE_BUDGET};
use super::propagate::{highest, lowest};
use super::{Fill, Grid, Inequality, Relation};
use crate::text::{self, name};
use crate::Encoding;

pub(super) fn encode(grid: &Grid) -> Result<Encoding<Fill>, dlx::BuildError> {
    encode_excluding(grid, None, PROBE_BUDGET)
}

/// The problem of `grid` whose cell `excluded.0`, if any, may not hold digit `excluded.1`,
/// with the options that the filter of encode time leaves, singleton consistency within
/// `probe_budget`.
pub(super) fn encode_excluding(
    grid: &Grid,
    excluded: Option<(usize, usize)>,
    probe_budget: u64,
) -> Result<Encoding<Fill>, dlx::BuildError> {
    let n = grid.n;
    let domains = candidates(grid, excluded, probe_budget);
    let cw = text::base36_width(n - 1);
    let dw = text::base36_width(n);
    let mut builder = dlx::ProblemBuilder::new();
    let mut cell_items = Vec::with_capacity(n * n);
    for r in 0..n {
        for c in 0..n {
            cell_items.push(builder.primary(name("p", &[(r, cw), (c, cw)])));
        }
    }
    let mut row_items = Vec::with_capacity(n * n);
    for r in 0..n {
        for d in 1..=n {
            row_items.push(builder.primary(name("r", &[(r, cw), (d, dw)])));
        }
    }
    let mut col_items = Vec::with_capacity(n * n);
    for c in 0..n {
        for d in 1..=n {
            col_items.push(builder.primary(name("c", &[(c, cw), (d, dw)])));
        }
    }
    // For each cell, the inequalities it takes part in: (is the smaller side, first threshold,
    // the threshold items).
    let mut sides: Vec<Vec<(bool, usize, Vec<dlx::Secondary>)>> = vec![Vec::new(); n * n];
    for Inequality {
        first,
        second,
        relation,
    } in grid.inequalities()
    {
        let (p, q) = (first.0 * n + first.1, second.0 * n + second.1);
        let (a, b) = if relation == Relation::Less {
            (p, q)
        } else {
            (q, p)
        };
        if domains[a] == 0 || domains[b] == 0 {
            continue; // A cell without candidates already leaves no solution.
        }
        let (lo, hi) = (lowest(domains[b]), highest(domains[a]));
        if lo > hi {
            continue; // Every candidate of a is below every candidate of b.
        }
        let prefix = if first.0 == second.0 { "h" } else { "v" };
        let items: Vec<dlx::Secondary> = (lo..=hi)
            .map(|k| builder.secondary(name(prefix, &[(first.0, cw), (first.1, cw), (k, dw)])))
            .collect();
        sides[a].push((true, lo, items.clone()));
        sides[b].push((false, lo, items));
    }
    // The adjacent mode: for each pair of neighbours and each pair of digits the relation
    // forbids there (consecutive under a bar, not without one), a secondary item that both
    // options of the pair take, so that at most one of them is chosen.
    let places = if grid.is_adjacent() {
        n * n * (n + 1)
    } else {
        0
    };
    let mut forbidden: Vec<Vec<dlx::Secondary>> = vec![Vec::new(); places];
    for (e, pair) in grid.adjacencies().into_iter().enumerate() {
        let (p, q) = (
            pair.first.0 * n + pair.first.1,
            pair.second.0 * n + pair.second.1,
        );
        for a in 1..=n {
            for b in 1..=n {
                let open = domains[p] & (1 << a) != 0 && domains[q] & (1 << b) != 0;
                if a == b || !open || pair.relation.holds(a, b) {
                    continue;
                }
                let item = builder.secondary(name("a", &[(e, 3), (a, dw), (b, dw)]));
                forbidden[p * (n + 1) + a].push(item);
                forbidden[q * (n + 1) + b].push(item);
            }
        }
    }
    let mut choices = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let cell = r * n + c;
            for d in 1..=n {
                if domains[cell] & (1 << d) == 0 {
                    continue;
                }
                let mut entries: Vec<dlx::OptionItem> = vec![
                    cell_items[cell].into(),
                    row_items[r * n + d - 1].into(),
                    col_items[c * n + d - 1].into(),
                ];
                for (smaller, lo, items) in &sides[cell] {
                    // Item k of `items` is t_{lo + k}: the smaller side takes t_k for k <= d,
                    // the larger side t_k for k >= d.
                    let split = (d + 1).saturating_sub(*lo).min(items.len());
                    let taken = if *smaller {
                        &items[..split]
                    } else {
                        &items[d.saturating_sub(*lo).min(items.len())..]
                    };
                    entries.extend(taken.iter().map(|&item| dlx::OptionItem::from(item)));
                }
                if let Some(pairs) = forbidden.get(cell * (n + 1) + d) {
                    entries.extend(pairs.iter().map(|&item| dlx::OptionItem::from(item)));
                }
                builder.option(entries);
                choices.push(Fill {
                    row: r,
                    col: c,
                    digit: d,
                });
            }
        }
    }
    Ok(Encoding::new(builder.build()?, choices))
}
