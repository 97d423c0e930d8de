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
//!
//! The rooms: `format.rs` reads and writes dates, `encode.rs` builds the problem of every date at
//! once ([`AllDates`]).

mod encode;
mod format;
#[cfg(test)]
mod tests;

pub use encode::{AllDates, DateChoice};
pub use format::{Date, DateError};

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, OnceLock};

use crate::grid::{Cell, Mask};
use crate::polyomino::{self, Piece, PieceBoard, Placement, Shape, Usage};
use crate::text::ParseError;
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

    fn parse(&self, input: &str) -> Result<Date, ParseError> {
        input.parse::<Date>().map_err(ParseError::refused)
    }

    fn encode(&self, date: &Date) -> Result<Encoding<Placement>, dlx::BuildError> {
        polyomino::encode(&Calendar::board_for(*date), pieces(), Usage::Once)
    }

    /// Bit sets, as for [`Pack`](crate::pack::Pack) (all 366 dates: 0.10 s, against 0.47 s
    /// on the sparse sets and 0.57 s on the links).
    fn tree(&self) -> dlx::Tree {
        dlx::Tree::Bitsets
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
