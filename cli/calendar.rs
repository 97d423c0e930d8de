//! `dlx calendar [DATE]` and `dlx calendar --all-dates`.
//!
//! Every date of a leap year is counted in ONE exact-cover search rather than 366: the
//! problem of [`all_dates_problem`] has two more primary items, `month` and `day`, whose
//! options each leave one month cell or one day cell open, so each solution is a date and a
//! placement of the eight pieces, and the search shares its work across dates. Solutions on
//! the days that no month has (Feb 30, Apr 31, ...) are found and dropped.

use std::fmt::Write as _;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;

use anyhow::{anyhow, bail, Context, Result};
use dlx::{BuildError, OptionId, OptionItem, Problem, ProblemBuilder};
use reductions::calendar::{self, Calendar, Date, MONTHS};
use reductions::grid::{cell_name, Cell, Mask};
use serde_json::json;

use crate::args::{CalendarArgs, Format, SolveFlags};
use crate::pack::PieceView;
use crate::puzzle::{self, View};
use crate::render::Paint;
use crate::solve::{self, Mode};
use crate::Found;

pub fn run(args: &CalendarArgs) -> Result<Found> {
    if args.all_dates {
        return all_dates(&args.flags);
    }
    let date = match &args.date {
        Some(text) => text
            .parse::<Date>()
            .map_err(|err| anyhow!("date '{}': {err}", text.trim()))?,
        None => today()?,
    };
    let names: Vec<char> = calendar::PIECES.iter().map(|&(name, _)| name).collect();
    puzzle::solve_reduction(&Calendar, &date, &args.flags, |board| PieceView {
        board,
        names: names.clone(),
        date: Some(date),
    })
}

/// Today's date in UTC, from the system clock.
fn today() -> Result<Date> {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .context("the system clock is set before 1970: give a DATE")?
        .as_secs();
    Ok(Date::from_unix_seconds(
        i64::try_from(seconds).unwrap_or(i64::MAX),
    ))
}

/// What an option of the all-dates problem means.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Choice {
    /// The month cell left open: month 1 to 12.
    Month(u8),
    /// The day cell left open: day 1 to 31.
    Day(u8),
    /// A piece placement.
    Piece,
}

/// The calendar for every date at once. Primary items: the eight pieces and the 43 cells,
/// as in [`Calendar`]'s encoding but the cells in reverse reading order (`r6c2` first);
/// secondary items `month`, `day`, `x30`, `x31`. Options: the piece placements (but those
/// that [`can_be_filled`] rules out), then `r0c0 month` .. `r1c5 month` (a month cell left
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
/// | one search per date (`count_all_dates`) | 2.41 M | 720 M | 4.1 s |
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
fn all_dates_problem() -> Result<(Problem, Vec<Choice>), BuildError> {
    let board = calendar::board();
    let pieces = calendar::pieces();
    let mut builder = ProblemBuilder::new();
    let piece_items: Vec<_> = pieces
        .iter()
        .map(|piece| builder.primary(piece.name().to_string()))
        .collect();
    let mut cell_items = vec![None; board.rows() * board.cols()];
    let cells: Vec<Cell> = board.cells().collect();
    for &cell in cells.iter().rev() {
        cell_items[cell.row * board.cols() + cell.col] = Some(builder.primary(cell_name(cell)));
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
            choices.push(Choice::Piece);
        }
    }
    for m in 1..=12u8 {
        let cell = Date::new(u32::from(m), 1).expect("a month").month_cell();
        let mut items: Vec<OptionItem> = vec![item(cell).into(), month.into()];
        if Date::new(u32::from(m), 30).is_err() {
            items.push(x30.into());
        }
        if Date::new(u32::from(m), 31).is_err() {
            items.push(x31.into());
        }
        builder.option(items);
        choices.push(Choice::Month(m));
    }
    for d in 1..=31u8 {
        let cell = Date::new(1, u32::from(d))
            .expect("January has 31 days")
            .day_cell();
        let mut items: Vec<OptionItem> = vec![item(cell).into(), day.into()];
        match d {
            30 => items.push(x30.into()),
            31 => items.push(x31.into()),
            _ => {}
        }
        builder.option(items);
        choices.push(Choice::Day(d));
    }
    Ok((builder.build()?, choices))
}

/// Whether the board without `taken` splits into regions that could still be filled. The
/// pieces have 5 cells, but R has 6; a region holds whole pieces and o of the open cells
/// (at most one month and one day), so its size is 5a + 6b + o with b <= 1 and o <= 2,
/// which leaves b + o modulo 5. So a size that leaves 4 is impossible; one that leaves 3
/// needs R and both open cells (at least 8 cells, a month and a day among them); one that
/// leaves 2 needs both open cells (a month and a day) or R and one (at least 7 cells). A
/// placement that leaves such a region belongs to no solution of any date.
fn can_be_filled(board: &Mask, taken: &[Cell]) -> bool {
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

/// `--all-dates`: the number of solutions of every date, then the fewest, the most and the
/// total.
fn all_dates(flags: &SolveFlags) -> Result<Found> {
    let (problem, choices) = all_dates_problem().context("cannot build the exact-cover problem")?;
    match flags.format {
        Format::Dlx => return solve::print_encoding(&problem, flags),
        Format::Svg => bail!("--all-dates prints counts: use --format text or json"),
        Format::Text | Format::Json => {}
    }
    let (solver, bar) = solve::configure(&problem, flags, Mode::Count)?;
    let mut counts = [[0u64; 31]; 12];
    let outcome = solver.for_each(|options| {
        if let Some((month, day)) = date_of(&choices, options) {
            counts[usize::from(month) - 1][usize::from(day) - 1] += 1;
        }
        ControlFlow::Continue(())
    });
    if let Some(bar) = &bar {
        bar.finish();
    }
    let counts: Vec<(Date, u64)> = Date::all()
        .map(|date| {
            (
                date,
                counts[date.month() as usize - 1][date.day() as usize - 1],
            )
        })
        .collect();
    let view = View::new(flags);
    let mut out = BufWriter::new(io::stdout().lock());
    write_counts(&counts, view, &mut out)
        .and_then(|()| out.flush())
        .context(solve::WRITE_ERROR)?;
    drop(out);
    Ok(solve::finish(&outcome, Mode::Count, flags))
}

/// The date of a solution of the all-dates problem, if the month has that day.
fn date_of(choices: &[Choice], options: &[OptionId]) -> Option<(u8, u8)> {
    let (mut month, mut day) = (0, 0);
    for option in options {
        match choices[option.index()] {
            Choice::Month(m) => month = m,
            Choice::Day(d) => day = d,
            Choice::Piece => {}
        }
    }
    Date::new(u32::from(month), u32::from(day)).ok()?;
    Some((month, day))
}

/// The dates with the fewest and with the most solutions, and the total.
struct Summary {
    min: (u64, Vec<Date>),
    max: (u64, Vec<Date>),
    total: u64,
}

fn summary(counts: &[(Date, u64)]) -> Summary {
    let least = counts.iter().map(|&(_, n)| n).min().unwrap_or(0);
    let most = counts.iter().map(|&(_, n)| n).max().unwrap_or(0);
    let with = |n: u64| -> Vec<Date> {
        counts
            .iter()
            .filter(|&&(_, m)| m == n)
            .map(|&(d, _)| d)
            .collect()
    };
    Summary {
        min: (least, with(least)),
        max: (most, with(most)),
        total: counts.iter().map(|&(_, n)| n).sum(),
    }
}

fn dates(dates: &[Date]) -> String {
    let names: Vec<String> = dates.iter().map(Date::to_string).collect();
    names.join(", ")
}

/// Plain: `Jan 1: 64` per date, then `min: 7 (Oct 6)`, `max: 216 (Jan 25)`, `total: 24405`.
/// Pretty: a table, a column per month. JSON: an object per date, then the summary.
fn write_counts(counts: &[(Date, u64)], view: View, out: &mut dyn Write) -> io::Result<()> {
    let summary = summary(counts);
    match view.format {
        Format::Json => {
            for (date, count) in counts {
                let fields = [
                    ("date", json!(date.to_string())),
                    ("month", json!(date.month())),
                    ("day", json!(date.day())),
                    ("count", json!(count)),
                ];
                writeln!(out, "{}", puzzle::object(&fields))?;
            }
            let names =
                |dates: &[Date]| -> Vec<String> { dates.iter().map(Date::to_string).collect() };
            let fields = [
                ("total", json!(summary.total)),
                (
                    "min",
                    json!({"count": summary.min.0, "dates": names(&summary.min.1)}),
                ),
                (
                    "max",
                    json!({"count": summary.max.0, "dates": names(&summary.max.1)}),
                ),
            ];
            writeln!(out, "{}", puzzle::object(&fields))?;
            return Ok(());
        }
        _ if view.pretty => table(counts, &summary, &Paint { color: view.color }, out)?,
        _ => {
            for (date, count) in counts {
                writeln!(out, "{date}: {count}")?;
            }
        }
    }
    writeln!(out, "min: {} ({})", summary.min.0, dates(&summary.min.1))?;
    writeln!(out, "max: {} ({})", summary.max.0, dates(&summary.max.1))?;
    writeln!(out, "total: {}", summary.total)
}

/// The counts as a table: a row per day, a column per month, the fewest and the most in color.
fn table(
    counts: &[(Date, u64)],
    summary: &Summary,
    paint: &Paint,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut line = String::from("    ");
    for month in MONTHS {
        let _ = write!(line, " {month:>4}");
    }
    writeln!(out, "{line}")?;
    for day in 1..=31u32 {
        line.clear();
        let _ = write!(line, "{day:>4}");
        for month in 1..=12u32 {
            line.push(' ');
            match counts
                .iter()
                .find(|(date, _)| date.month() == month && date.day() == day)
            {
                Some(&(_, count)) => {
                    let text = format!("{count:>4}");
                    if count == summary.min.0 {
                        paint.fg(&text, 167, true, &mut line);
                    } else if count == summary.max.0 {
                        paint.fg(&text, 71, true, &mut line);
                    } else {
                        line.push_str(&text);
                    }
                }
                None => line.push_str("   -"),
            }
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_all_dates_problem_has_every_placement_and_cell() {
        let (problem, choices) = all_dates_problem().unwrap();
        assert_eq!(problem.primary_count(), 8 + 43);
        assert_eq!(problem.secondary_count(), 4);
        let placements = choices.iter().filter(|c| **c == Choice::Piece).count();
        assert_eq!(problem.option_count(), placements + 12 + 31);
        // Of the 961 placements, those that wall off a corner too small for any piece go.
        assert!((900..961).contains(&placements), "{placements}");
    }

    #[test]
    fn regions_that_no_pieces_fill() {
        let board = calendar::board();
        let cells = |list: &[(usize, usize)]| -> Vec<Cell> {
            list.iter().map(|&(r, c)| Cell::new(r, c)).collect()
        };
        // Nothing taken: one region of 43 = 41 + 2.
        assert!(can_be_filled(&board, &[]));
        // A P cuts (0,0) off alone: it can be the open month; 37 cells remain for 6 pieces
        // (one R) and the day.
        let p = [(0, 1), (1, 0), (1, 1), (2, 0), (2, 1)];
        assert!(can_be_filled(&board, &cells(&p)));
        // A Z cuts off (0,0) and (0,1): two months cannot both be open.
        let z = [(0, 2), (1, 0), (1, 1), (1, 2), (2, 0)];
        assert!(!can_be_filled(&board, &cells(&z)));
        // An L cuts off (0,0) (0,1) (0,2): no piece has 3 cells.
        assert!(!can_be_filled(
            &board,
            &cells(&[(0, 3), (1, 0), (1, 1), (1, 2), (1, 3)])
        ));
    }

    #[test]
    fn invalid_days_are_dropped() {
        let choices = [Choice::Month(2), Choice::Day(30), Choice::Day(29)];
        let ids = |ks: &[usize]| ks.iter().map(|&k| OptionId::new(k)).collect::<Vec<_>>();
        assert_eq!(date_of(&choices, &ids(&[0, 1])), None);
        assert_eq!(date_of(&choices, &ids(&[2, 0])), Some((2, 29)));
    }
}
