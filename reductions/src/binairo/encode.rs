//! The three exact-cover encodings of a binairo grid (see the [module docs](super)).

use std::collections::HashMap;

use super::propagate::{candidates, fill_cells, propagate, Candidates};
use super::{Choice, Grid, Line, Strategy, BLANK};
use crate::text::{self, name};
use crate::Encoding;

/// The exact-cover problem of a grid in the given encoding, after propagation (see the
/// [module docs](super)).
pub(super) fn encode(grid: &Grid, strategy: Strategy) -> Result<Encoding<Choice>, dlx::BuildError> {
    if strategy == Strategy::Cells && grid.cells.iter().all(|&cell| cell == BLANK) {
        // An empty grid implies no cell (swapping 0s and 1s maps its solutions onto each
        // other), so the patterns, which a draw of a full grid would list for nothing, are
        // not.
        return encode_cells(grid, grid);
    }
    let Some(filled) = fill_cells(grid) else {
        return Ok(broken());
    };
    let Some(mut lines) = candidates(&filled) else {
        return encode_cells(grid, &filled);
    };
    propagate(grid.rows, grid.cols, grid.distinct, &mut lines);
    if lines.iter().flatten().any(Vec::is_empty) {
        return Ok(broken());
    }
    match strategy {
        Strategy::Patterns => encode_patterns(grid, &lines, false),
        Strategy::Colors | Strategy::Auto => encode_patterns(grid, &lines, true),
        Strategy::Cells => {
            let implied = implied(&filled, &lines);
            if implied.is_complete() {
                // Nothing left to fill, so no cell item: one option per line says it.
                encode_patterns(grid, &lines, false)
            } else {
                encode_cells(grid, &implied)
            }
        }
    }
}

/// How a row and a column agree on an open cell in the pattern encodings.
#[derive(Copy, Clone)]
enum Agreement {
    /// [`Strategy::Patterns`]: `x` is taken by a row's 1 or a column's 0, `y` by a row's 0 or
    /// a column's 1, each exactly once when both lines put the same digit there.
    Pair(dlx::Primary, dlx::Primary),
    /// [`Strategy::Colors`]: one item, colored with the digit by both lines.
    Colored(dlx::Secondary),
}

/// [`Strategy::Patterns`] (`colored` false) or [`Strategy::Colors`] (true): an option per
/// pattern left for a line, the lines agreeing on each open cell by an [`Agreement`].
pub(super) fn encode_patterns(
    grid: &Grid,
    lines: &Candidates,
    colored: bool,
) -> Result<Encoding<Choice>, dlx::BuildError> {
    let (n_rows, n_cols) = (grid.rows, grid.cols);
    let w = text::base36_width(n_rows.max(n_cols) - 1);
    let mut builder = dlx::ProblemBuilder::new();
    let rows: Vec<dlx::Primary> = (0..n_rows)
        .map(|r| builder.primary(name("r", &[(r, w)])))
        .collect();
    let cols: Vec<dlx::Primary> = (0..n_cols)
        .map(|c| builder.primary(name("c", &[(c, w)])))
        .collect();
    // The cells where the patterns left for the row disagree (then so do the column's:
    // propagation leaves both lines the same digits there); the others get no item.
    let open: Vec<(usize, usize)> = lines[0]
        .iter()
        .enumerate()
        .flat_map(|(r, patterns)| {
            let ones = patterns.iter().fold(0, |m, &p| m | p);
            let zeros = patterns.iter().fold(0, |m, &p| m | !p);
            (0..n_cols)
                .filter(move |&c| (ones & zeros) >> c & 1 == 1)
                .map(move |c| (r, c))
        })
        .collect();
    let mut cells: Vec<Option<Agreement>> = vec![None; n_rows * n_cols];
    if !colored {
        for &(r, c) in &open {
            let x = builder.primary(name("x", &[(r, w), (c, w)]));
            let y = builder.primary(name("y", &[(r, w), (c, w)]));
            cells[r * n_cols + c] = Some(Agreement::Pair(x, y));
        }
    }
    // Equal lines are kept apart only where they must be distinct.
    let (row_items, col_items) = if grid.distinct {
        (
            shared_patterns(&mut builder, "h", &lines[0]),
            shared_patterns(&mut builder, "v", &lines[1]),
        )
    } else {
        (HashMap::new(), HashMap::new())
    };
    if colored {
        for &(r, c) in &open {
            let x = builder.secondary(name("x", &[(r, w), (c, w)]));
            cells[r * n_cols + c] = Some(Agreement::Colored(x));
        }
    }
    let digits = if colored {
        [builder.color("0"), builder.color("1")].map(Some)
    } else {
        [None; 2]
    };
    let mut choices = Vec::new();
    for (columns, patterns_of, shared) in [
        (false, &lines[0], &row_items),
        (true, &lines[1], &col_items),
    ] {
        for (a, patterns) in patterns_of.iter().enumerate() {
            for &bits in patterns {
                let mut entries: Vec<dlx::OptionItem> =
                    vec![if columns { cols[a] } else { rows[a] }.into()];
                for b in 0..if columns { n_rows } else { n_cols } {
                    let (r, c) = if columns { (b, a) } else { (a, b) };
                    let digit = (bits >> b & 1) as usize;
                    match (cells[r * n_cols + c], digits[digit]) {
                        (Some(Agreement::Pair(x, y)), _) => {
                            // A row's 1 and a column's 0 take x; a row's 0 and a column's 1, y.
                            let takes_x = (digit == 1) != columns;
                            entries.push(if takes_x { x } else { y }.into());
                        }
                        (Some(Agreement::Colored(x)), Some(color)) => {
                            entries.push(x.with_color(color));
                        }
                        _ => {}
                    }
                }
                entries.extend(shared.get(&bits).map(|&item| dlx::OptionItem::from(item)));
                builder.option(entries);
                choices.push(if columns {
                    Choice::Column { col: a, bits }
                } else {
                    Choice::Row { row: a, bits }
                });
            }
        }
    }
    Ok(Encoding::new(builder.build()?, choices))
}

/// A secondary item for each pattern that two or more lines may read, numbered in the order
/// of the patterns' values.
pub(super) fn shared_patterns(
    builder: &mut dlx::ProblemBuilder,
    prefix: &str,
    lists: &[Vec<u64>],
) -> HashMap<u64, dlx::Secondary> {
    let mut readers: HashMap<u64, usize> = HashMap::new();
    for list in lists {
        for &bits in list {
            *readers.entry(bits).or_default() += 1;
        }
    }
    let mut shared: Vec<u64> = readers
        .into_iter()
        .filter(|&(_, count)| count >= 2)
        .map(|(bits, _)| bits)
        .collect();
    shared.sort_unstable();
    let width = text::base36_width(shared.len().saturating_sub(1));
    shared
        .iter()
        .enumerate()
        .map(|(k, &bits)| (bits, builder.secondary(name(prefix, &[(k, width)]))))
        .collect()
}

/// A problem without solutions, said plainly: one primary item, `broken`, and no option.
pub(super) fn broken() -> Encoding<Choice> {
    let mut builder = dlx::ProblemBuilder::new();
    builder.primary("broken");
    Encoding::new(builder.build().expect("one item"), Vec::new())
}

/// `grid` with the cells filled where every pattern left for the row agrees.
pub(super) fn implied(grid: &Grid, lines: &Candidates) -> Grid {
    let cols = grid.cols;
    let mut implied = grid.clone();
    for (r, patterns) in lines[0].iter().enumerate() {
        let ones = patterns.iter().fold(0, |m, &p| m | p);
        let zeros = patterns.iter().fold(0, |m, &p| m | !p);
        for c in 0..cols {
            match ((zeros >> c & 1), (ones >> c & 1)) {
                (1, 0) => implied.cells[r * cols + c] = 0,
                (0, 1) => implied.cells[r * cols + c] = 1,
                _ => {}
            }
        }
    }
    implied
}

/// The cell encoding of `implied`, which is `grid` with more cells filled, implied by the
/// rules (or `grid` itself); the cells it fills get one option per row, [`Choice::Fixed`].
pub(super) fn encode_cells(
    grid: &Grid,
    implied: &Grid,
) -> Result<Encoding<Choice>, dlx::BuildError> {
    let (rows, cols) = (grid.rows, grid.cols);
    let w = text::base36_width(rows.max(cols) - 1);
    if implied.violation().is_some() {
        return Ok(broken());
    }
    let grid_given = grid;
    let grid = implied;
    let at = |r: usize, c: usize| grid.cells[r * cols + c];
    let mut builder = dlx::ProblemBuilder::new();
    let mut choices = Vec::new();
    let mut cells = vec![None; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            if at(r, c) == BLANK {
                cells[r * cols + c] = Some(builder.primary(name("x", &[(r, w), (c, w)])));
            }
        }
    }
    // Counts: how many of each digit each line still lacks; no item when it lacks none (then
    // its cells get no option for that digit).
    let mut counts: Vec<[Option<dlx::Primary>; 2]> = Vec::with_capacity(rows + cols);
    for (kind, prefixes) in [["a", "b"], ["A", "B"]].into_iter().enumerate() {
        for k in 0..[rows, cols][kind] {
            let line = grid.line(if kind == 0 {
                Line::Row(k)
            } else {
                Line::Column(k)
            });
            counts.push([0u8, 1].map(|digit| {
                let lacking = line.len() / 2 - line.iter().filter(|&&d| d == digit).count();
                (lacking > 0).then(|| {
                    let item = name(prefixes[usize::from(digit)], &[(k, w)]);
                    builder.primary_bounded(item, lacking as u32, lacking as u32)
                })
            }));
        }
    }
    // Windows of three: for each cell and digit, the window items its option takes; and the
    // cell-digits that a window forbids outright.
    let mut forbidden = vec![[false; 2]; rows * cols];
    let mut windows: Vec<[Vec<dlx::OptionItem>; 2]> = vec![[Vec::new(), Vec::new()]; rows * cols];
    for (down, prefix) in [(false, "t"), (true, "u")] {
        let (lines, length) = if down { (cols, rows) } else { (rows, cols) };
        for a in 0..lines {
            for b in 0..length.saturating_sub(2) {
                let cell = |k: usize| if down { (b + k, a) } else { (a, b + k) };
                let three: Vec<(usize, usize)> = (0..3).map(cell).collect();
                for digit in [0u8, 1] {
                    let given = three.iter().filter(|&&(r, c)| at(r, c) == digit).count();
                    let other = three
                        .iter()
                        .filter(|&&(r, c)| at(r, c) != digit && at(r, c) != BLANK)
                        .count();
                    if other > 0 {
                        continue;
                    }
                    let open = three.iter().filter(|&&(r, c)| at(r, c) == BLANK);
                    let (r0, c0) = three[0];
                    let item_name = name(prefix, &[(r0, w), (c0, w), (usize::from(digit), 1)]);
                    match given {
                        2 => open
                            .for_each(|&(r, c)| forbidden[r * cols + c][usize::from(digit)] = true),
                        1 => {
                            let item = builder.secondary(item_name);
                            open.for_each(|&(r, c)| {
                                windows[r * cols + c][usize::from(digit)].push(item.into());
                            });
                        }
                        _ => {
                            let item = builder.primary_bounded(item_name, 0, 2);
                            open.for_each(|&(r, c)| {
                                windows[r * cols + c][usize::from(digit)].push(item.into());
                            });
                        }
                    }
                }
            }
        }
    }
    let colors = [builder.color("0"), builder.color("1")];
    // The colored cells the distinctness options look at: y for rows, Y for columns.
    let mut looks = [vec![None; rows * cols], vec![None; rows * cols]];
    let mut pairs: Vec<(bool, usize, usize)> = Vec::new();
    let kinds: &[(usize, &str)] = if grid_given.distinct {
        &[(0, "y"), (1, "Y")]
    } else {
        &[]
    };
    for &(kind, prefix) in kinds {
        let (lines, length) = if kind == 1 {
            (cols, rows)
        } else {
            (rows, cols)
        };
        for i in 0..lines {
            for k in i + 1..lines {
                let (a, b) = if kind == 0 {
                    (grid.line(Line::Row(i)), grid.line(Line::Row(k)))
                } else {
                    (grid.line(Line::Column(i)), grid.line(Line::Column(k)))
                };
                let apart = a
                    .iter()
                    .zip(&b)
                    .any(|(&x, &y)| x != BLANK && y != BLANK && x != y);
                if apart {
                    continue;
                }
                pairs.push((kind == 1, i, k));
                for j in 0..length {
                    for line in [i, k] {
                        let (r, c) = if kind == 0 { (line, j) } else { (j, line) };
                        if at(r, c) == BLANK && looks[kind][r * cols + c].is_none() {
                            looks[kind][r * cols + c] =
                                Some(builder.secondary(name(prefix, &[(r, w), (c, w)])));
                        }
                    }
                }
            }
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            let Some(cell) = cells[r * cols + c] else {
                continue;
            };
            for digit in [0u8, 1] {
                let d = usize::from(digit);
                let [row_count, col_count] = [counts[r][d], counts[rows + c][d]];
                if forbidden[r * cols + c][d] || row_count.is_none() || col_count.is_none() {
                    continue;
                }
                let mut entries: Vec<dlx::OptionItem> = vec![cell.into()];
                entries.extend(
                    [row_count, col_count]
                        .into_iter()
                        .flatten()
                        .map(dlx::OptionItem::from),
                );
                entries.extend(windows[r * cols + c][d].iter().copied());
                for look in &looks {
                    if let Some(item) = look[r * cols + c] {
                        entries.push(item.with_color(colors[d]));
                    }
                }
                builder.option(entries);
                choices.push(Choice::Cell {
                    row: r,
                    col: c,
                    digit,
                });
            }
        }
    }
    let [same, different] = [builder.color("s"), builder.color("d")];
    for (columns, i, k) in pairs {
        let kind = usize::from(columns);
        let (p, e, wname) = if columns {
            ("P", "E", "W")
        } else {
            ("p", "e", "w")
        };
        let witness = builder.primary(name(wname, &[(i, w), (k, w)]));
        // e[j]: None where both cells are given (then they are equal: the pair is not apart).
        let length = if columns { rows } else { cols };
        let mut agree: Vec<Option<dlx::Secondary>> = Vec::with_capacity(length);
        for j in 0..length {
            let (ri, ci, rk, ck) = if columns { (j, i, j, k) } else { (i, j, k, j) };
            let (x, y) = (at(ri, ci), at(rk, ck));
            if x != BLANK && y != BLANK {
                agree.push(None);
                continue;
            }
            let item = builder.secondary(name(e, &[(i, w), (k, w), (j, w)]));
            let pair = builder.primary(name(p, &[(i, w), (k, w), (j, w)]));
            for a in [0u8, 1] {
                for b in [0u8, 1] {
                    if (x != BLANK && x != a) || (y != BLANK && y != b) {
                        continue;
                    }
                    let mut entries: Vec<dlx::OptionItem> = vec![pair.into()];
                    for (cell, digit) in [((ri, ci), a), ((rk, ck), b)] {
                        if let Some(look) = looks[kind][cell.0 * cols + cell.1] {
                            entries.push(look.with_color(colors[usize::from(digit)]));
                        }
                    }
                    entries.push(item.with_color(if a == b { same } else { different }));
                    builder.option(entries);
                    choices.push(Choice::Apart);
                }
            }
            agree.push(Some(item));
        }
        for j in 0..length {
            let Some(here) = agree[j] else {
                continue;
            };
            let mut entries: Vec<dlx::OptionItem> = vec![witness.into()];
            entries.extend(
                agree[..j]
                    .iter()
                    .flatten()
                    .map(|item| item.with_color(same)),
            );
            entries.push(here.with_color(different));
            builder.option(entries);
            choices.push(Choice::Apart);
        }
    }
    for r in 0..rows {
        let (mut mask, mut bits) = (0u64, 0u64);
        for c in 0..cols {
            if grid_given.cells[r * cols + c] == BLANK && at(r, c) != BLANK {
                mask |= 1 << c;
                bits |= u64::from(at(r, c)) << c;
            }
        }
        if mask != 0 {
            let item = builder.primary(name("f", &[(r, w)]));
            builder.option([dlx::OptionItem::from(item)]);
            choices.push(Choice::Fixed { row: r, mask, bits });
        }
    }
    Ok(Encoding::new(builder.build()?, choices))
}
