//! `dlx calendar [DATE]` and `dlx calendar --all-dates`.
//!
//! Every date of a leap year is counted in ONE exact-cover search rather than 366: see
//! [`reductions::calendar::AllDates`].

use std::fmt::Write as _;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;

use anyhow::{anyhow, Context, Result};
use reductions::calendar::{AllDates, Calendar, Date, MONTHS};
use serde::Serialize;

use crate::args::Mode;
use crate::args::{CalendarArgs, Format, SolveFlags};
use crate::board::View;
use crate::process::Found;
use draw::render::Paint;

pub fn run(args: &CalendarArgs) -> Result<Found> {
    if args.all_dates {
        return all_dates(&args.flags);
    }
    let date = match &args.date {
        Some(text) => date_of(text)?,
        None => local_date(0)?,
    };
    crate::run::solve_reduction(&Calendar, &date, &args.flags)
}

/// A date as the command line and the page take it: `today`, `tomorrow`, `yesterday` (in the
/// local time zone), or a date as [`Date`] reads it.
pub fn date_of(text: &str) -> Result<Date> {
    match text.trim().to_ascii_lowercase().as_str() {
        "today" => local_date(0),
        "tomorrow" => local_date(1),
        "yesterday" => local_date(-1),
        _ => text
            .parse::<Date>()
            .map_err(|err| anyhow!("date '{}': {err}", reductions::text::shown(text.trim()))),
    }
}

/// Today's date in the local time zone (the `TZ` variable, else the system's), moved by
/// `days`.
fn local_date(days: i64) -> Result<Date> {
    let today = jiff::Zoned::now().date();
    let date = today
        .checked_add(jiff::Span::new().days(days))
        .context("the date is out of range")?;
    Date::new(
        u32::from(date.month().unsigned_abs()),
        u32::from(date.day().unsigned_abs()),
    )
    .map_err(|err| anyhow!("{err}"))
}

/// `--all-dates`: the number of solutions of every date, then the fewest, the most and the
/// total.
fn all_dates(flags: &SolveFlags) -> Result<Found> {
    let all = AllDates::new().context("cannot build the exact-cover problem")?;
    let problem = &all.problem;
    match flags.format() {
        Format::Dlx => return crate::run::print_encoding(problem),
        Format::Svg | Format::Zdd | Format::Tatham => unreachable!("refused before the run"),
        Format::Text | Format::Json => {}
    }
    // Bit sets, as for one date (`Calendar::tree`).
    let plan = reductions::plan::Plan {
        tree: dlx::Tree::Bitsets,
        ..reductions::plan::Plan::plain(reductions::plan::Task::Count)
    };
    let (solver, bar) = crate::run::configure(problem, flags, Mode::Count, &plan)?;
    let mut counts = [[0u64; 31]; 12];
    let outcome = solver.for_each(|options| {
        if let Some(date) = all.date_of(options) {
            counts[date.month() as usize - 1][date.day() as usize - 1] += 1;
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
    let mut out = BufWriter::new(crate::output::stdout());
    let stopped = outcome.stopped.map(|reason| reason.to_string());
    write_counts(&counts, stopped.as_deref(), view, &mut out)
        .and_then(|()| out.flush())
        .context(crate::output::write_error())?;
    drop(out);
    Ok(crate::run::finish(&outcome, Mode::Count, flags))
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
/// Pretty: a table, a column per month. JSON: an object per date, then the summary, which says
/// whether the search was complete.
///
/// A search that `stopped` early (a time or node limit) leaves every count a lower bound, so
/// the fewest and the most mean nothing: they are left out (`null` in JSON), and the total is
/// written `at least N`, with the reason.
fn write_counts(
    counts: &[(Date, u64)],
    stopped: Option<&str>,
    view: View,
    out: &mut dyn Write,
) -> io::Result<()> {
    let summary = summary(counts);
    match view.format {
        Format::Json => {
            #[derive(Serialize)]
            struct DateCount {
                date: String,
                month: u32,
                day: u32,
                count: u64,
            }
            #[derive(Serialize)]
            struct Extreme {
                count: u64,
                dates: Vec<String>,
            }
            #[derive(Serialize)]
            struct Summary<'a> {
                total: u64,
                min: Option<Extreme>,
                max: Option<Extreme>,
                complete: bool,
                #[serde(skip_serializing_if = "Option::is_none")]
                stopped: Option<&'a str>,
            }
            for &(date, count) in counts {
                let line = DateCount {
                    date: date.to_string(),
                    month: date.month(),
                    day: date.day(),
                    count,
                };
                crate::json::write_line(out, &line)?;
            }
            // A stopped search's fewest and most mean nothing: `null`.
            let extreme = |(count, dates): &(u64, Vec<Date>)| {
                stopped.is_none().then(|| Extreme {
                    count: *count,
                    dates: dates.iter().map(Date::to_string).collect(),
                })
            };
            let line = Summary {
                total: summary.total,
                min: extreme(&summary.min),
                max: extreme(&summary.max),
                complete: stopped.is_none(),
                stopped,
            };
            return crate::json::write_line(out, &line);
        }
        _ if view.pretty => table(counts, &summary, &Paint { color: view.color }, out)?,
        _ => {
            for (date, count) in counts {
                writeln!(out, "{date}: {count}")?;
            }
        }
    }
    if let Some(reason) = stopped {
        return writeln!(
            out,
            "total: at least {} (incomplete: {reason}; every count is a lower bound)",
            summary.total
        );
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
