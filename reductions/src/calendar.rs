//! The calendar puzzle ("A-Puzzle-A-Day"): eight pieces cover a board of months and days,
//! all but today's month and day.
//!
//! The board has 43 cells, 7 x 7 without (0,6), (1,6), (6,3), (6,4), (6,5), (6,6):
//!
//! ```text
//! Jan Feb Mar Apr May Jun  -
//! Jul Aug Sep Oct Nov Dec  -
//!   1   2   3   4   5   6   7
//!   8   9  10  11  12  13  14
//!  15  16  17  18  19  20  21
//!  22  23  24  25  26  27  28
//!  29  30  31   -   -   -   -
//! ```
//!
//! The eight [`PIECES`] R V Y U P N Z L, each used once, may be turned and flipped. A [`Date`]
//! of a leap year (Feb 29 exists) leaves its month's and its day's cells open; the pieces cover
//! the other 41. The encoding is [`polyomino::encode`] with
//! [`Usage::Once`]: items `R V Y U P N Z L`, then the 41 cells `r0c0`..; options piece by
//! piece, orientation by orientation, origin by origin.
//!
//! ```
//! use reductions::calendar::{Calendar, Date};
//! use reductions::Reduction;
//!
//! let date: Date = "aug-19".parse()?;
//! let encoding = Calendar.encode(&date).unwrap();
//! let solution = dlx::Solver::new(&encoding.problem).first().expect("every date has one");
//! let board = Calendar.decode(&date, &encoding.choices_of(solution.options()));
//! let text = board.to_string();
//! assert_eq!(text.lines().count(), 7);
//! // The open cells are August's, (1,1), and the 19th's, (4,4).
//! assert_eq!(text.lines().nth(1).unwrap().chars().nth(1), Some('.'));
//! assert_eq!(text.lines().nth(4).unwrap().chars().nth(4), Some('.'));
//! assert_eq!(text.matches('.').count(), 2);
//! assert!(text.ends_with("###"));
//! # Ok::<(), reductions::calendar::DateError>(())
//! ```

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, OnceLock};

use crate::grid::{Cell, Mask};
use crate::polyomino::{self, Piece, PieceBoard, Placement, Shape, Usage};
use crate::{Encoding, Reduction};

/// The board's positions with no cell: the ends of the two month rows and of the last row.
pub const NO_CELLS: [(usize, usize); 6] = [(0, 6), (1, 6), (6, 3), (6, 4), (6, 5), (6, 6)];

/// The eight pieces, in this order, each as a letter and its cells (row, column).
pub const PIECES: [(char, &[(usize, usize)]); 8] = [
    ('R', &[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('V', &[(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]),
    ('Y', &[(0, 0), (1, 0), (2, 0), (3, 0), (1, 1)]),
    ('U', &[(0, 0), (0, 1), (1, 1), (2, 0), (2, 1)]),
    ('P', &[(0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('N', &[(0, 1), (1, 0), (1, 1), (2, 0), (3, 0)]),
    ('Z', &[(0, 2), (1, 0), (1, 1), (1, 2), (2, 0)]),
    ('L', &[(0, 3), (1, 0), (1, 1), (1, 2), (1, 3)]),
];

/// The eight [`PIECES`] as [`Piece`]s, in order.
pub fn pieces() -> &'static [Piece] {
    static CACHE: OnceLock<Vec<Piece>> = OnceLock::new();
    CACHE.get_or_init(|| {
        PIECES
            .iter()
            .map(|&(name, cells)| {
                Piece::new(name, Shape::new(cells.iter().copied()).expect("cells"))
            })
            .collect()
    })
}

/// The whole board: 43 cells, no date removed.
pub fn board() -> Mask {
    let mut board = Mask::full(7, 7);
    for (row, col) in NO_CELLS {
        board.remove(Cell::new(row, col));
    }
    board
}

/// The months' short names, January first.
pub const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

const MONTH_NAMES: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// The days of each month in a leap year.
const DAYS: [u8; 12] = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

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
fn civil_from_days(days: i64) -> (i64, u8, u8) {
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

fn is_leap_year(year: u64) -> bool {
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
        let parts: Vec<&str> = text.split('-').collect();
        let (year, month, day) = match parts[..] {
            [month, day] => (None, month, day),
            [year, month, day] => (Some(year), month, day),
            _ => return Err(syntax()),
        };
        let year = match year {
            Some(year) => Some(number(year).ok_or_else(syntax)?),
            None => None,
        };
        let month = match number(month) {
            Some(month) => month,
            None if !month.is_empty() && month.chars().all(|c| c.is_ascii_alphabetic()) => {
                month_by_name(month).ok_or_else(|| DateError::UnknownMonth {
                    found: month.to_owned(),
                })?
            }
            None => return Err(syntax()),
        };
        let day = number(day).ok_or_else(syntax)?;
        let month = u32::try_from(month).unwrap_or(u32::MAX);
        let date = Date::new(month, u32::try_from(day).unwrap_or(u32::MAX))?;
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
    #[error("expected a date such as 8-19, 08-19, aug-19 or 2026-08-19, found '{found}'")]
    Syntax {
        /// The text.
        found: String,
    },
    /// A month name that is not one.
    #[error("expected a month: 1 to 12, or a name such as aug or august, found '{found}'")]
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
    /// February 29 in a year that has none.
    #[error("{year} is not a leap year: it has no Feb 29")]
    NotALeapYear {
        /// The year given.
        year: u64,
    },
}

/// The calendar puzzle as a [`Reduction`]: a date in, boards out.
///
/// [`parse`](Reduction::parse) reads a date ([`Date`]'s `FromStr`); [`encode`](Reduction::encode)
/// packs the eight pieces on the board without the date's two cells;
/// [`decode`](Reduction::decode) draws the pieces' letters (see [`PieceBoard`]), `.` on the
/// month and the day, `#` off the board.
#[derive(Copy, Clone, Debug, Default)]
pub struct Calendar;

impl Calendar {
    /// The board left to cover on a date: the whole board but its month and day.
    pub fn board_for(date: Date) -> Mask {
        let mut board = board();
        board.remove(date.month_cell());
        board.remove(date.day_cell());
        board
    }
}

impl Reduction for Calendar {
    type Puzzle = Date;
    type Choice = Placement;
    type Board = PieceBoard;
    type Error = DateError;

    fn parse(&self, input: &str) -> Result<Date, DateError> {
        input.parse()
    }

    fn encode(&self, date: &Date) -> Result<Encoding<Placement>, dlx::BuildError> {
        polyomino::encode(&Calendar::board_for(*date), pieces(), Usage::Once)
    }

    fn decode(&self, date: &Date, choices: &[&Placement]) -> PieceBoard {
        // Drawn on the whole board, so that the date's cells show as open rather than absent.
        let _ = date;
        PieceBoard::new(&board(), pieces(), choices)
    }
}

/// The number of solutions of every date of a leap year (`dlx calendar --all-dates`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DateCounts {
    counts: Vec<(Date, u128)>,
}

impl DateCounts {
    /// Each date with its number of solutions, in calendar order.
    pub fn counts(&self) -> &[(Date, u128)] {
        &self.counts
    }

    /// The first date with the fewest solutions, and their number.
    pub fn min(&self) -> Option<(Date, u128)> {
        let fewest = self.counts.iter().map(|&(_, n)| n).min()?;
        self.counts.iter().copied().find(|&(_, n)| n == fewest)
    }

    /// The first date with the most solutions, and their number.
    pub fn max(&self) -> Option<(Date, u128)> {
        let most = self.counts.iter().map(|&(_, n)| n).max()?;
        self.counts.iter().copied().find(|&(_, n)| n == most)
    }

    /// The number of solutions over all dates.
    pub fn total(&self) -> u128 {
        self.counts.iter().map(|&(_, n)| n).sum()
    }
}

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
/// them (`dlx calendar --all-dates`, and [`count_all_dates`]).
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
    /// as in [`Calendar`]'s encoding but the cells in reverse reading order (`r6c2` first);
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
    /// | one search per date ([`count_dates`]) | 2.41 M | 720 M | 4.1 s |
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

/// Counts the solutions of all 366 dates in one search of [`AllDates`], on `threads` threads
/// (0: as many as the machine has cores; 1: on the calling thread alone). `each` is called
/// with every date and its count, in calendar order, once the search is done; the result
/// lists them in calendar order too.
///
/// The total is 24,405; every date has at least 7 (Oct 6), at most 216 (Jan 25). About 0.9 s
/// in a release build on one core (366 searches, one per date, took 4.1 s).
///
/// ```no_run
/// let counts = reductions::calendar::count_all_dates(0, |_, _| {});
/// assert_eq!(counts.total(), 24_405);
/// ```
pub fn count_all_dates(threads: usize, mut each: impl FnMut(Date, u128)) -> DateCounts {
    let all = AllDates::new().expect("the all-dates encoding is valid");
    let mut counts = [[0u128; 31]; 12];
    dlx::Solver::new(&all.problem)
        .threads(threads)
        .for_each(|options| {
            if let Some(date) = all.date_of(options) {
                counts[date.month() as usize - 1][date.day() as usize - 1] += 1;
            }
            std::ops::ControlFlow::Continue(())
        });
    let counts: Vec<(Date, u128)> = Date::all()
        .map(|date| {
            (
                date,
                counts[date.month() as usize - 1][date.day() as usize - 1],
            )
        })
        .collect();
    for &(date, count) in &counts {
        each(date, count);
    }
    DateCounts { counts }
}

/// Counts the solutions of the given dates, as [`count_all_dates`] does for all of them; the
/// result lists the dates in the order given.
///
/// ```
/// use reductions::calendar::{count_dates, Date};
/// let dates = [Date::new(10, 6).unwrap(), Date::new(5, 1).unwrap()];
/// let counts = count_dates(&dates, 1, |_, _| {});
/// assert_eq!(counts.counts(), [(dates[0], 7), (dates[1], 57)]);
/// ```
pub fn count_dates(dates: &[Date], threads: usize, mut each: impl FnMut(Date, u128)) -> DateCounts {
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let mut counts = vec![0; dates.len()];
    if threads <= 1 {
        for (k, &date) in dates.iter().enumerate() {
            counts[k] = count_date(date);
            each(date, counts[k]);
        }
    } else {
        let next = AtomicUsize::new(0);
        let (done, finished) = mpsc::channel();
        std::thread::scope(|scope| {
            for _ in 0..threads.min(dates.len()) {
                let (next, done) = (&next, done.clone());
                scope.spawn(move || loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&date) = dates.get(k) else { break };
                    if done.send((k, count_date(date))).is_err() {
                        break;
                    }
                });
            }
            drop(done);
            for (k, count) in finished {
                counts[k] = count;
                each(dates[k], count);
            }
        });
    }
    DateCounts {
        counts: dates.iter().copied().zip(counts).collect(),
    }
}

/// The number of solutions of one date.
///
/// ```
/// use reductions::calendar::{count_date, Date};
/// assert_eq!(count_date(Date::new(1, 1).unwrap()), 64);
/// ```
pub fn count_date(date: Date) -> u128 {
    let encoding = Calendar
        .encode(&date)
        .expect("the calendar encoding is valid");
    let outcome = dlx::Solver::new(&encoding.problem).count();
    outcome.solutions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_all_dates_problem_has_every_placement_and_cell() {
        let all = AllDates::new().unwrap();
        let problem = &all.problem;
        assert_eq!(problem.primary_count(), 8 + 43);
        assert_eq!(problem.secondary_count(), 4);
        let placements = all
            .choices
            .iter()
            .filter(|&&c| c == DateChoice::Piece)
            .count();
        assert_eq!(problem.option_count(), placements + 12 + 31);
        // Of the 961 placements, those that wall off a corner too small for any piece go.
        assert!((900..961).contains(&placements), "{placements}");
    }

    #[test]
    fn regions_that_no_pieces_fill() {
        let board = board();
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
        let all = AllDates::new().unwrap();
        let id = |choice: DateChoice| {
            let k = all.choices.iter().position(|&c| c == choice).unwrap();
            dlx::OptionId::new(k)
        };
        let (feb, d30, d29) = (
            id(DateChoice::Month(2)),
            id(DateChoice::Day(30)),
            id(DateChoice::Day(29)),
        );
        assert_eq!(all.date_of(&[feb, d30]), None);
        assert_eq!(all.date_of(&[d29, feb]), Date::new(2, 29).ok());
    }

    #[test]
    fn dates_parse() {
        let aug19 = Date::new(8, 19).unwrap();
        for text in [
            "8-19",
            "08-19",
            "aug-19",
            "Aug-19",
            "AUGUST-19",
            " 2026-08-19\n",
            "2026-aug-019",
        ] {
            assert_eq!(text.parse::<Date>(), Ok(aug19), "{text}");
        }
        assert_eq!("2024-2-29".parse::<Date>(), Date::new(2, 29));
        assert_eq!("2000-2-29".parse::<Date>(), Date::new(2, 29));
        assert_eq!(
            "1900-02-29".parse::<Date>(),
            Err(DateError::NotALeapYear { year: 1900 })
        );
        assert_eq!(
            "2-30".parse::<Date>(),
            Err(DateError::NoSuchDay { month: 2, day: 30 })
        );
        assert_eq!(
            "13-1".parse::<Date>(),
            Err(DateError::NoSuchMonth { month: 13 })
        );
        assert_eq!(
            "99999999999999999999-1".parse::<Date>(),
            Err(DateError::NoSuchMonth { month: u32::MAX })
        );
        assert_eq!(
            "1-0".parse::<Date>(),
            Err(DateError::NoSuchDay { month: 1, day: 0 })
        );
        assert_eq!(
            "foo-1".parse::<Date>(),
            Err(DateError::UnknownMonth {
                found: "foo".into()
            })
        );
        for bad in [
            "",
            "8",
            "8-",
            "-19",
            "8/19",
            "8-19-2026-1",
            "x8-19",
            "8-1x",
            "ü-1",
        ] {
            assert!(
                matches!(bad.parse::<Date>(), Err(DateError::Syntax { .. })),
                "{bad}"
            );
        }
        assert_eq!(
            "2-30".parse::<Date>().unwrap_err().to_string(),
            "Feb has no day 30: expected 1 to 29"
        );
        assert_eq!(
            "13-1".parse::<Date>().unwrap_err().to_string(),
            "month 13 does not exist: expected 1 to 12"
        );
    }

    #[test]
    fn the_year_has_366_days_and_their_cells() {
        let dates: Vec<Date> = Date::all().collect();
        assert_eq!(dates.len(), 366);
        assert!(dates.windows(2).all(|w| w[0] < w[1]));
        let board = board();
        assert_eq!(board.len(), 43);
        for date in dates {
            assert!(board.contains(date.month_cell()) && board.contains(date.day_cell()));
            assert_eq!(Calendar::board_for(date).len(), 41);
        }
        let jan1 = Date::new(1, 1).unwrap();
        assert_eq!(
            (jan1.month_cell(), jan1.day_cell()),
            (Cell::new(0, 0), Cell::new(2, 0))
        );
        let dec31 = Date::new(12, 31).unwrap();
        assert_eq!(
            (dec31.month_cell(), dec31.day_cell()),
            (Cell::new(1, 5), Cell::new(6, 2))
        );
    }

    #[test]
    fn unix_days_agree_with_known_dates() {
        // Each day from 1968 to 2032, against a day-by-day walk through the calendar.
        let (mut year, mut month, mut day) = (1968i64, 1u8, 1u8);
        for days in -731..=23_011 {
            assert_eq!(civil_from_days(days), (year, month, day), "day {days}");
            let length = if month == 2 && !is_leap_year(year as u64) {
                28
            } else {
                DAYS[month as usize - 1]
            };
            day += 1;
            if day > length {
                day = 1;
                month += 1;
                if month > 12 {
                    month = 1;
                    year += 1;
                }
            }
        }
    }
}
