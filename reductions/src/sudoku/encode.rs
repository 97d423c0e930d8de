//! Knuth's encoding of a sudoku, and the plain one for givens that clash (see the
//! [module docs](super)).

use super::killer::CageItems;
use super::{Fill, Grid};
use crate::text::{self, name};
use crate::Encoding;

/// Names at fixed widths: coordinates up to side - 1, digits up to side.
struct Names {
    cw: usize,
    dw: usize,
}

impl Names {
    fn new(side: usize) -> Names {
        Names {
            cw: text::base36_width(side - 1),
            dw: text::base36_width(side),
        }
    }

    fn cell(&self, r: usize, c: usize) -> text::Name {
        name("p", &[(r, self.cw), (c, self.cw)])
    }

    fn house(&self, prefix: &str, h: usize, d: usize) -> text::Name {
        name(prefix, &[(h, self.cw), (d, self.dw)])
    }
}

/// Knuth's encoding of a grid whose givens do not clash: items for the open cells and for
/// the digits each house lacks, and an option for each digit an open cell can take there;
/// but none for `excluded` (a cell, in row order, and a digit), when given: the puzzle whose
/// solutions are those without that digit in that cell.
pub(super) fn encode_reduced(
    grid: &Grid,
    excluded: Option<(usize, usize)>,
) -> Result<Encoding<Fill>, dlx::BuildError> {
    let side = grid.side();
    let names = Names::new(side);
    // One table each for the digits present and the items of the digits lacking: the
    // house `h` of kind `kind` (row, column, box) at `house(kind, h)`, then digits 0..=side.
    // The long diagonals of sudoku-X are houses 0 and 1 of kind 3.
    let house = |kind: usize, h: usize| (kind * side + h) * (side + 1);
    let mut present = vec![false; (3 * side + 2) * (side + 1)];
    for r in 0..side {
        for c in 0..side {
            let d = grid.cells[r * side + c] as usize;
            present[house(0, r) + d] = true;
            present[house(1, c) + d] = true;
            present[house(2, grid.box_of(r, c)) + d] = true;
            for diagonal in grid.diagonals_of(r, c) {
                present[house(3, diagonal) + d] = true;
            }
        }
    }
    // An open cell makes an item, and so does each digit its row, column and box lack (as
    // many as their open cells, when the givens do not clash); each of its digits an option of
    // four entries.
    let open = grid.cells.iter().filter(|&&d| d == 0).count();
    let mut builder = dlx::ProblemBuilder::with_capacity(4 * open, open * side, 4 * open * side);
    let mut cells = vec![None; side * side];
    for r in 0..side {
        for c in 0..side {
            if grid.cells[r * side + c] == 0 {
                cells[r * side + c] = Some(builder.primary(names.cell(r, c)));
            }
        }
    }
    let mut lacking = vec![None; present.len()];
    let diagonals = if grid.has_diagonals() { 2 } else { 0 };
    for (kind, (prefix, count)) in [("r", side), ("c", side), ("b", side), ("x", diagonals)]
        .into_iter()
        .enumerate()
    {
        for h in 0..count {
            for d in 1..=side {
                if !present[house(kind, h) + d] {
                    lacking[house(kind, h) + d] = Some(builder.primary(names.house(prefix, h, d)));
                }
            }
        }
    }
    let cages = CageItems::declare(grid, &mut builder);
    // A digit given in a cage is kept from the cage's other cells.
    let given_in_cage = |k: usize, d: usize| {
        grid.cages().is_some_and(|cages| {
            cages
                .cells(cages.cage_of(k))
                .any(|other| usize::from(grid.cells[other]) == d)
        })
    };
    let mut choices = Vec::with_capacity(open * side);
    for r in 0..side {
        for c in 0..side {
            let Some(cell) = cells[r * side + c] else {
                continue;
            };
            let b = grid.box_of(r, c);
            let digits_of = |kind, h| &lacking[house(kind, h)..house(kind, h) + side + 1];
            let digits = digits_of(0, r)
                .iter()
                .zip(digits_of(1, c))
                .zip(digits_of(2, b));
            let on: Vec<usize> = grid.diagonals_of(r, c).collect();
            for (d, ((row, col), bx)) in digits.enumerate() {
                if excluded == Some((r * side + c, d)) {
                    continue;
                }
                if let (Some(row), Some(col), Some(bx)) = (*row, *col, *bx) {
                    let mut items: Vec<dlx::OptionItem> =
                        vec![cell.into(), row.into(), col.into(), bx.into()];
                    // On a diagonal of sudoku-X, the digit must be lacking there too.
                    let mut fits = true;
                    for &diagonal in &on {
                        match lacking[house(3, diagonal) + d] {
                            Some(item) => items.push(item.into()),
                            None => fits = false,
                        }
                    }
                    if let Some(cages) = &cages {
                        fits &= !given_in_cage(r * side + c, d);
                        items.push(cages.item(grid, r * side + c, d).into());
                    }
                    if fits {
                        builder.option(items);
                        choices.push(Fill {
                            row: r,
                            col: c,
                            digit: d,
                        });
                    }
                }
            }
        }
    }
    if let Some(cages) = &cages {
        cages.add_sets(grid, true, &mut builder, &mut choices);
    }
    Ok(Encoding::new(builder.build()?, choices))
}

pub(super) fn encode_forced(grid: &Grid) -> Result<Encoding<Fill>, dlx::BuildError> {
    let side = grid.side();
    let names = Names::new(side);
    let mut builder = dlx::ProblemBuilder::new();
    let mut cells = Vec::with_capacity(side * side);
    for r in 0..side {
        for c in 0..side {
            cells.push(builder.primary(names.cell(r, c)));
        }
    }
    let mut houses: Vec<Vec<dlx::Primary>> =
        (0..4).map(|_| Vec::with_capacity(side * side)).collect();
    let diagonals = if grid.has_diagonals() { 2 } else { 0 };
    for (kind, (prefix, count)) in [("r", side), ("c", side), ("b", side), ("x", diagonals)]
        .into_iter()
        .enumerate()
    {
        for h in 0..count {
            for d in 1..=side {
                houses[kind].push(builder.primary(names.house(prefix, h, d)));
            }
        }
    }
    let cages = CageItems::declare(grid, &mut builder);
    let mut choices = Vec::new();
    for r in 0..side {
        for c in 0..side {
            let b = grid.box_of(r, c);
            let digits = match grid.cells[r * side + c] as usize {
                0 => 1..=side,
                d => d..=d,
            };
            for d in digits {
                let mut items: Vec<dlx::OptionItem> = vec![
                    cells[r * side + c].into(),
                    houses[0][r * side + d - 1].into(),
                    houses[1][c * side + d - 1].into(),
                    houses[2][b * side + d - 1].into(),
                ];
                items.extend(
                    grid.diagonals_of(r, c)
                        .map(|diagonal| dlx::OptionItem::from(houses[3][diagonal * side + d - 1])),
                );
                if let Some(cages) = &cages {
                    items.push(cages.item(grid, r * side + c, d).into());
                }
                builder.option(items);
                choices.push(Fill {
                    row: r,
                    col: c,
                    digit: d,
                });
            }
        }
    }
    if let Some(cages) = &cages {
        cages.add_sets(grid, false, &mut builder, &mut choices);
    }
    Ok(Encoding::new(builder.build()?, choices))
}
