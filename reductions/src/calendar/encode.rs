//! The one exact-cover problem of every date at once (see [`AllDates`]).

use super::{board, pieces, Date};
use crate::grid::{Cell, Mask};

/// What an option of the [`AllDates`] problem means.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DateChoice {
    /// The month cell left open: month 1 to 12.
    Month(u8),
    /// The day cell left open: day 1 to 31.
    Day(u8),
    /// A piece placement.
    Piece,
}

/// Every date at once: one exact-cover problem whose solutions are a date and a placement of
/// the eight pieces for it, so that one search counts all dates and shares its work across
/// them (`dlx calendar --all-dates`, and [`count_all_dates`](super::count_all_dates)).
///
/// ```
/// use reductions::calendar::{AllDates, Date};
///
/// let all = AllDates::new()?;
/// let solution = dlx::Solver::new(&all.problem).first().expect("a solution");
/// // The first solution in the search's order leaves Oct 15 open.
/// let date: Option<Date> = all.date_of(solution.options());
/// assert_eq!(date, Some(Date::new(10, 15).unwrap()));
/// # Ok::<(), dlx::BuildError>(())
/// ```
#[derive(Clone, Debug)]
pub struct AllDates {
    /// The problem.
    pub problem: dlx::Problem,
    /// What each option means, by option number.
    pub choices: Vec<DateChoice>,
}

impl AllDates {
    /// The calendar for every date at once. Primary items: the eight pieces and the 43 cells,
    /// as in [`Calendar`](super::Calendar)'s encoding but the cells in reverse reading order (`r6c2` first);
    /// secondary items `month`, `day`, `x30`, `x31`. Options: the piece placements (but those
    /// that `can_be_filled` rules out: they wall off a region no pieces can fill), then `r0c0 month` .. `r1c5 month` (a month cell left
    /// open), then `r2c0 day` .. `r6c2 day` (a day cell left open).
    ///
    /// Why this is exact: the pieces cover 41 cells and every cell is covered once, so exactly
    /// two cells are left open; `month` and `day` allow at most one open month and one open day,
    /// so it is one of each. The months without a 30th (Feb) take `x30`, those without a 31st
    /// (Feb Apr Jun Sep Nov) take `x31`, and so do the days 30 and 31: a month and a day that it
    /// does not have exclude each other, and the search never enters those dates.
    ///
    /// Why it is fast: one search shares its work across dates; `month` and `day` being
    /// secondary, the search never branches on them (as primary items, the 12 options of
    /// `month` made it the first choice, so only the days of a month shared work); the
    /// placements that wall off a region no pieces can fill are gone; and the item order breaks
    /// the ties of "fewest options" well. Counting all dates on one thread, nodes and updates
    /// (CPU time on the loaded 2-core machine, release build):
    ///
    /// | encoding | nodes | updates | CPU |
    /// |---|---|---|---|
    /// | one search per date ([`count_dates`](super::count_dates)) | 2.41 M | 720 M | 4.1 s |
    /// | one search, `month` and `day` primary items, first | 1.48 M | 368 M | 2.1 s |
    /// | ... `month` and `day` last | 1.43 M | 351 M | 2.0 s |
    /// | ... with `x30`, `x31` (invalid dates never entered) | 1.40 M | 344 M | |
    /// | ... without placements that leave unfillable regions | 1.27 M | 299 M | 1.7 s |
    /// | `month` and `day` secondary | 0.89 M | 161 M | |
    /// | ... cells in reverse reading order (this one) | 0.83 M | 151 M | 0.85 s |
    ///
    /// Other cell orders (column-major, days first, by number of placements, shuffled) gave
    /// 0.83-0.86 M nodes. A single `date` item with an option per date (`date mcell dcell`)
    /// made a larger tree (2.0 M nodes).
    pub fn new() -> Result<AllDates, dlx::BuildError> {
        let board = board();
        let pieces = pieces();
        let mut builder = dlx::ProblemBuilder::new();
        let piece_items: Vec<_> = pieces
            .iter()
            .map(|piece| builder.primary(piece.name().to_string()))
            .collect();
        let mut cell_items = vec![None; board.rows() * board.cols()];
        let cells: Vec<Cell> = board.cells().collect();
        for &cell in cells.iter().rev() {
            cell_items[cell.row * board.cols() + cell.col] =
                Some(builder.primary(crate::grid::cell_name(cell)));
        }
        let item = |cell: Cell| cell_items[cell.row * board.cols() + cell.col].expect("a cell");
        let (month, day) = (builder.secondary("month"), builder.secondary("day"));
        let (x30, x31) = (builder.secondary("x30"), builder.secondary("x31"));
        let mut choices = Vec::new();
        for (index, piece) in pieces.iter().enumerate() {
            for placement in piece.placements(index, &board) {
                if !can_be_filled(&board, placement.cells()) {
                    continue;
                }
                let cells = placement.cells().iter().map(|&cell| item(cell));
                builder.option(std::iter::once(piece_items[index]).chain(cells));
                choices.push(DateChoice::Piece);
            }
        }
        for m in 1..=12u8 {
            let cell = Date::new(u32::from(m), 1).expect("a month").month_cell();
            let mut items: Vec<dlx::OptionItem> = vec![item(cell).into(), month.into()];
            if Date::new(u32::from(m), 30).is_err() {
                items.push(x30.into());
            }
            if Date::new(u32::from(m), 31).is_err() {
                items.push(x31.into());
            }
            builder.option(items);
            choices.push(DateChoice::Month(m));
        }
        for d in 1..=31u8 {
            let cell = Date::new(1, u32::from(d))
                .expect("January has 31 days")
                .day_cell();
            let mut items: Vec<dlx::OptionItem> = vec![item(cell).into(), day.into()];
            match d {
                30 => items.push(x30.into()),
                31 => items.push(x31.into()),
                _ => {}
            }
            builder.option(items);
            choices.push(DateChoice::Day(d));
        }
        Ok(AllDates {
            problem: builder.build()?,
            choices,
        })
    }

    /// The date of a solution, if its month has that day (a solution on Feb 30 or Apr 31 is
    /// found but is no date).
    pub fn date_of(&self, options: &[dlx::OptionId]) -> Option<Date> {
        let (mut month, mut day) = (0, 0);
        for option in options {
            match self.choices[option.index()] {
                DateChoice::Month(m) => month = m,
                DateChoice::Day(d) => day = d,
                DateChoice::Piece => {}
            }
        }
        Date::new(u32::from(month), u32::from(day)).ok()
    }
}

/// Whether the board without `taken` splits into regions that could still be filled. The
/// pieces have 5 cells, but R has 6; a region holds whole pieces and o of the open cells
/// (at most one month and one day), so its size is 5a + 6b + o with b <= 1 and o <= 2,
/// which leaves b + o modulo 5. So a size that leaves 4 is impossible; one that leaves 3
/// needs R and both open cells (at least 8 cells, a month and a day among them); one that
/// leaves 2 needs both open cells (a month and a day) or R and one (at least 7 cells). A
/// placement that leaves such a region belongs to no solution of any date.
pub(super) fn can_be_filled(board: &Mask, taken: &[Cell]) -> bool {
    let mut free = board.clone();
    for &cell in taken {
        free.remove(cell);
    }
    let mut seen = Mask::empty(board.rows(), board.cols());
    for start in free.cells() {
        if seen.contains(start) {
            continue;
        }
        seen.insert(start);
        let (mut size, mut months, mut days) = (0, 0, 0);
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            size += 1;
            if cell.row < 2 {
                months += 1;
            } else {
                days += 1;
            }
            let neighbours = [
                cell.row.checked_sub(1).map(|row| Cell::new(row, cell.col)),
                Some(Cell::new(cell.row + 1, cell.col)),
                cell.col.checked_sub(1).map(|col| Cell::new(cell.row, col)),
                Some(Cell::new(cell.row, cell.col + 1)),
            ];
            for next in neighbours.into_iter().flatten() {
                if free.contains(next) && !seen.contains(next) {
                    seen.insert(next);
                    stack.push(next);
                }
            }
        }
        let fillable = match size % 5 {
            4 => false,
            3 => size >= 8 && months > 0 && days > 0,
            2 => size >= 7 || (months > 0 && days > 0),
            _ => true,
        };
        if !fillable {
            return false;
        }
    }
    true
}
