//! n queens as exact cover, Knuth's way (see the [module docs](super)).

use super::{centre_first, Size, Square};
use crate::text::{self, name};
use crate::Encoding;

/// Knuth's exact-cover problem of n queens (see the [module docs](super)).
pub(super) fn encode(size: &Size) -> Result<Encoding<Square>, dlx::BuildError> {
    let n = size.0;
    let line_width = text::base36_width(n - 1);
    let diagonal_width = text::base36_width(2 * n - 2);
    let mut builder = dlx::ProblemBuilder::new();
    let mut rows = vec![None; n];
    let mut cols = vec![None; n];
    for k in centre_first(n) {
        rows[k] = Some(builder.primary(name("r", &[(k, line_width)])));
        cols[k] = Some(builder.primary(name("c", &[(k, line_width)])));
    }
    let (rows, cols): (Vec<_>, Vec<_>) = (rows.into_iter().flatten().collect(), {
        cols.into_iter().flatten().collect()
    });
    let mut sums = Vec::with_capacity(2 * n - 1);
    let mut differences = Vec::with_capacity(2 * n - 1);
    for k in 0..2 * n - 1 {
        sums.push(builder.secondary(name("a", &[(k, diagonal_width)])));
        differences.push(builder.secondary(name("b", &[(k, diagonal_width)])));
    }
    let mut choices = Vec::with_capacity(n * n);
    for row in 0..n {
        for col in 0..n {
            builder.option([
                rows[row].into(),
                cols[col].into(),
                sums[row + col].into(),
                dlx::OptionItem::from(differences[n - 1 - row + col]),
            ]);
            choices.push((row, col));
        }
    }
    Ok(Encoding::new(builder.build()?, choices))
}
