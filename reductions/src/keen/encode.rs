//! The exact-cover problem of a Keen grid (see the [module docs](super)).

use super::{Choice, Grid};
use crate::text::{self, name};
use crate::Encoding;

pub(super) fn encode(grid: &Grid) -> Result<Encoding<Choice>, dlx::BuildError> {
    let n = grid.n;
    let domains = crate::latin::open_digits(n, &grid.cells);
    let cw = text::base36_width(n.saturating_sub(1));
    let dw = text::base36_width(n);
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
    let mut choices = Vec::new();
    for (k, cage) in grid.cages.iter().enumerate() {
        grid.fillings(k, |cell| domains[cell], &mut |digits| {
            let mut option: Vec<dlx::OptionItem> = Vec::with_capacity(3 * digits.len());
            for (&cell, &digit) in cage.cells.iter().zip(digits) {
                let (row, col) = (cell / n, cell % n);
                option.push(cells[cell].into());
                option.push(rows[row * n + digit - 1].into());
                option.push(cols[col * n + digit - 1].into());
            }
            builder.option(option);
            choices.push(Choice {
                cage: k,
                digits: digits.iter().map(|&d| d as u8).collect(),
            });
            true
        });
    }
    Ok(Encoding::new(builder.build()?, choices))
}
