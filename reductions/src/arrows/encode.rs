//! The arrow board as exact cover with multiplicities (see the [module docs](super)).

use super::{Arrow, Placement, Size};
use crate::text::{self, name};
use crate::Encoding;

/// The exact-cover problem of the board of `size` (see the [module docs](super)).
pub(super) fn encode(size: &Size) -> Result<Encoding<Placement>, dlx::BuildError> {
    let n = size.0;
    let w = text::base36_width(n);
    let half = (n / 2) as u32;
    let mut builder = dlx::ProblemBuilder::new();
    // The cells' items from the two middle columns outwards (see the module docs: ties of
    // the search's heuristic go to the leftmost item). Options stay in reading order.
    let mut order: Vec<(usize, usize)> = (0..n).flat_map(|r| (0..n).map(move |c| (r, c))).collect();
    order.sort_by_key(|&(r, c)| ((2 * c + 1).abs_diff(n), r, c));
    let mut cells = vec![None; n * n];
    for (r, c) in order {
        cells[r * n + c] = Some(builder.primary(name("x", &[(r, w), (c, w)])));
    }
    let cells: Vec<dlx::Primary> = cells.into_iter().flatten().collect();
    let ups: Vec<dlx::Primary> = (0..n)
        .map(|r| builder.primary_bounded(name("u", &[(r, w)]), half, half))
        .collect();
    let lefts: Vec<dlx::Primary> = (0..n)
        .map(|c| builder.primary_bounded(name("l", &[(c, w)]), half, half))
        .collect();
    // k[r][c]: the grid points inside the board, 0 < r, c < n (the only ones that two
    // cells can point at once the lines are colored).
    let mut points = vec![None; (n + 1) * (n + 1)];
    for r in 1..n {
        for c in 1..n {
            points[r * (n + 1) + c] = Some(builder.secondary(name("k", &[(r, w), (c, w)])));
        }
    }
    let columns: Vec<dlx::Secondary> = (0..n)
        .map(|c| builder.secondary(name("c", &[(c, w)])))
        .collect();
    let rows: Vec<dlx::Secondary> = (0..n)
        .map(|r| builder.secondary(name("r", &[(r, w)])))
        .collect();
    let [up, down, left, right] = ["U", "D", "L", "R"].map(|color| builder.color(color));
    let mut choices = Vec::with_capacity(4 * n * n);
    for r in 0..n {
        for c in 0..n {
            for arrow in Arrow::ALL {
                let mut entries: Vec<dlx::OptionItem> = vec![cells[r * n + c].into()];
                if arrow.is_up() {
                    entries.push(ups[r].into());
                }
                if arrow.is_left() {
                    entries.push(lefts[c].into());
                }
                let row = if arrow.is_up() { r } else { r + 1 };
                let col = if arrow.is_left() { c } else { c + 1 };
                entries.extend(points[row * (n + 1) + col].map(dlx::OptionItem::from));
                entries.push(columns[c].with_color(if arrow.is_up() { up } else { down }));
                entries.push(rows[r].with_color(if arrow.is_left() { left } else { right }));
                builder.option(entries);
                choices.push(Placement {
                    row: r,
                    col: c,
                    arrow,
                });
            }
        }
    }
    Ok(Encoding::new(builder.build()?, choices))
}
