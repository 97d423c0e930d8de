//! Dates: the puzzle's instances, read in the forms people write them and printed (see the
//! [module docs](super)).

use std::fmt;
use std::str::FromStr;

use super::{DAYS, MONTHS, MONTH_NAMES};
use crate::grid::Cell;

/// A day of a leap year: the puzzle's instance.
///
/// `FromStr` reads `8-19`, `08-19`, `aug-19`, `Aug-19`, `august-19` (month names in any case,
/// three letters or whole) and `2026-08-19` (a year, then the month as a number or a name; the
/// day must exist in that year). Blanks around the text are ignored. `Display` writes
/// `Aug 19`. Dates order by month, then day.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    month: u8,
    day: u8,
}

impl Date {
    /// The date with this month (1 to 12) and day (1 to the month's length in a leap year).
    ///
    /// ```
    /// use reductions::calendar::{Date, DateError};
    /// assert!(Date::new(2, 29).is_ok());
    /// assert_eq!(Date::new(2, 30), Err(DateError::NoSuchDay { month: 2, day: 30 }));
    /// assert_eq!(Date::new(13, 1), Err(DateError::NoSuchMonth { month: 13 }));
    /// ```
    pub fn new(month: u32, day: u32) -> Result<Date, DateError> {
        if !(1..=12).contains(&month) {
            return Err(DateError::NoSuchMonth { month });
        }
        if day == 0 || day > u32::from(DAYS[month as usize - 1]) {
            return Err(DateError::NoSuchDay {
                month: month as u8,
                day,
            });
        }
        Ok(Date {
            month: month as u8,
            day: day as u8,
        })
    }

    /// The month, 1 to 12.
    pub fn month(self) -> u32 {
        u32::from(self.month)
    }

    /// The day of the month, from 1.
    pub fn day(self) -> u32 {
        u32::from(self.day)
    }

    /// The month's short name, `Jan` to `Dec`.
    pub fn month_name(self) -> &'static str {
        MONTHS[self.month as usize - 1]
    }

    /// The board cell of the month: months fill rows 0 and 1, six to a row.
    pub fn month_cell(self) -> Cell {
        let k = self.month as usize - 1;
        Cell::new(k / 6, k % 6)
    }

    /// The board cell of the day: days fill rows 2 to 6, seven to a row.
    pub fn day_cell(self) -> Cell {
        let k = self.day as usize - 1;
        Cell::new(2 + k / 7, k % 7)
    }

    /// The 366 days of a leap year, in order.
    pub fn all() -> impl Iterator<Item = Date> {
        (1..=12u8)
            .flat_map(|month| (1..=DAYS[month as usize - 1]).map(move |day| Date { month, day }))
    }

    /// The date (in UTC) of a moment given in seconds since 1970-01-01 00:00 UTC, for a
    /// default of "today" (`std::time::SystemTime` gives the seconds).
    ///
    /// ```
    /// use reductions::calendar::Date;
    /// assert_eq!(Date::from_unix_seconds(0).to_string(), "Jan 1");
    /// assert_eq!(Date::from_unix_seconds(951_782_400).to_string(), "Feb 29"); // 2000-02-29
    /// assert_eq!(Date::from_unix_seconds(1_787_097_600).to_string(), "Aug 19"); // 2026-08-19
    /// assert_eq!(Date::from_unix_seconds(-1).to_string(), "Dec 31");
    /// ```
    pub fn from_unix_seconds(seconds: i64) -> Date {
        let days = seconds.div_euclid(86_400);
        let (_, month, day) = civil_from_days(days);
        Date { month, day }
    }
}

/// The proleptic Gregorian (year, month, day) of a day counted from 1970-01-01, after Howard
/// Hinnant's `civil_from_days`.
pub(super) fn civil_from_days(days: i64) -> (i64, u8, u8) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097); // [0, 146096]
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // [0, 399]
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // [0, 365]
    let mp = (5 * doy + 2) / 153; // [0, 11], from March
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

pub(super) fn is_leap_year(year: u64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.month_name(), self.day)
    }
}

impl FromStr for Date {
    type Err = DateError;

    fn from_str(text: &str) -> Result<Date, DateError> {
        let text = text.trim();
        let syntax = || DateError::Syntax {
            found: text.to_owned(),
        };
        let is_separator = |c: char| c == '-' || c == '/' || c.is_whitespace();
        let parts: Vec<&str> = text
            .split(is_separator)
            .filter(|part| !part.is_empty())
            .collect();
        // Between two parts, blanks and at most one `-` or `/` (`jan--1` is no date).
        let marks = text.chars().filter(|&c| c == '-' || c == '/').count();
        let gaps = parts.len().saturating_sub(1);
        if marks > gaps || text.starts_with(is_separator) {
            return Err(syntax());
        }
        let mut rest = text;
        for part in &parts {
            let at = rest.find(part).unwrap_or(0);
            let gap = &rest[..at];
            if gap.chars().filter(|&c| c == '-' || c == '/').count() > 1 {
                return Err(syntax());
            }
            rest = &rest[at + part.len()..];
        }
        let (year, month_text, day_text) = match parts[..] {
            [month, day] => (None, month, day),
            [year, month, day] => (Some(year), month, day),
            _ => return Err(syntax()),
        };
        let year = match year {
            Some(year) => Some(number(year).ok_or_else(syntax)?),
            None => None,
        };
        let month = match number(month_text) {
            Some(month) => month,
            None if !month_text.is_empty()
                && month_text.chars().all(|c| c.is_ascii_alphabetic()) =>
            {
                month_by_name(month_text).ok_or_else(|| DateError::UnknownMonth {
                    found: month_text.to_owned(),
                })?
            }
            None => return Err(syntax()),
        };
        let day = number(day_text).ok_or_else(syntax)?;
        let too_large = |what, written: &str| DateError::TooLarge {
            what,
            found: crate::text::shown(written.trim_start_matches('0')),
        };
        let month = u32::try_from(month).map_err(|_| too_large("month", month_text))?;
        let day = u32::try_from(day).map_err(|_| too_large("day", day_text))?;
        let date = Date::new(month, day)?;
        if let Some(year) = year {
            if date == (Date { month: 2, day: 29 }) && !is_leap_year(year) {
                return Err(DateError::NotALeapYear { year });
            }
        }
        Ok(date)
    }
}

/// A run of ASCII digits as a number (saturating), or `None` if it is not one.
fn number(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(text.parse().unwrap_or(u64::MAX))
}

/// A month by its three-letter abbreviation or its whole English name, in any case.
fn month_by_name(name: &str) -> Option<u64> {
    let name = name.to_ascii_lowercase();
    let k = MONTH_NAMES
        .iter()
        .position(|&full| full == name || (name.len() == 3 && full.starts_with(&name)))?;
    Some(k as u64 + 1)
}

fn month_label(month: u8) -> String {
    let name = MONTHS.get(usize::from(month).wrapping_sub(1));
    name.map_or_else(|| format!("month {month}"), |name| name.to_string())
}

fn month_days(month: u8) -> u8 {
    DAYS.get(usize::from(month).wrapping_sub(1))
        .copied()
        .unwrap_or(0)
}

/// Why a text is not a date of the puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DateError {
    /// Not of the form `MONTH-DAY` or `YEAR-MONTH-DAY`.
    #[error(
        "expected a date such as 8-19, 8/19, Aug 19, aug-19 or 2026-08-19, found '{}'",
        crate::text::shown(found)
    )]
    Syntax {
        /// The text.
        found: String,
    },
    /// A month name that is not one.
    #[error(
        "expected a month: 1 to 12, or a name such as aug or august, found '{}'",
        crate::text::shown(found)
    )]
    UnknownMonth {
        /// The name.
        found: String,
    },
    /// A month number outside 1 to 12.
    #[error("month {month} does not exist: expected 1 to 12")]
    NoSuchMonth {
        /// The number given.
        month: u32,
    },
    /// A day the month does not have (in a leap year).
    #[error("{} has no day {day}: expected 1 to {}", month_label(*month), month_days(*month))]
    NoSuchDay {
        /// The month, 1 to 12.
        month: u8,
        /// The day given.
        day: u32,
    },
    /// A month or day number too large for any calendar (it is not read to its end).
    #[error("{what} {found} is too large: expected {}", if *what == "month" { "1 to 12" } else { "1 to 31" })]
    TooLarge {
        /// `month` or `day`.
        what: &'static str,
        /// The number as written (its first 64 digits).
        found: String,
    },
    /// February 29 in a year that has none.
    #[error("{year} is not a leap year: it has no Feb 29")]
    NotALeapYear {
        /// The year given.
        year: u64,
    },
}
