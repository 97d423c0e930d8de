//! Unit tests.

use super::encode::can_be_filled;
use super::format::{civil_from_days, is_leap_year};
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
        "Aug 19",
        "aug  -  19",
        "8/19",
    ] {
        assert_eq!(text.parse::<Date>(), Ok(aug19), "{text}");
    }
    // One `-` or `/` at most between two parts, none before the first or after the last.
    for text in [
        "jan--1",
        "8//19",
        "8-/19",
        "-8-19",
        "8-19-",
        "2026--8-19",
        "8-19/",
    ] {
        assert!(
            matches!(text.parse::<Date>(), Err(DateError::Syntax { .. })),
            "{text}"
        );
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
        Err(DateError::TooLarge {
            what: "month",
            found: "99999999999999999999".into()
        })
    );
    assert_eq!(
        "99999999999-1".parse::<Date>().unwrap_err().to_string(),
        "month 99999999999 is too large: expected 1 to 12"
    );
    assert_eq!(
        "1-999999999999999999999"
            .parse::<Date>()
            .unwrap_err()
            .to_string(),
        "day 999999999999999999999 is too large: expected 1 to 31"
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
    // Parts are split by -, / or blanks, as people write dates.
    for written in ["8/19", "Aug 19", "2026/08/19", "aug - 19", " 8 19 "] {
        assert_eq!(written.parse::<Date>(), Date::new(8, 19), "{written}");
    }
    for bad in [
        "",
        "8",
        "8-",
        "-19",
        "8.19",
        "8_19",
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
