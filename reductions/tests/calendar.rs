//! The calendar puzzle against the known figures of docs/puzzles.md, every board checked by a
//! checker that shares no code with the encoder.

use std::collections::{BTreeSet, HashSet};
use std::sync::OnceLock;

use dlx::Solver;
use reductions::calendar::{self, Calendar, Date};
use reductions::grid::Cell;
use reductions::Reduction;

/// The pieces as docs/puzzles.md gives them, written out again here rather than taken from the
/// crate.
const PIECES: [(char, &[(i32, i32)]); 8] = [
    ('R', &[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('V', &[(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]),
    ('Y', &[(0, 0), (1, 0), (2, 0), (3, 0), (1, 1)]),
    ('U', &[(0, 0), (0, 1), (1, 1), (2, 0), (2, 1)]),
    ('P', &[(0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('N', &[(0, 1), (1, 0), (1, 1), (2, 0), (3, 0)]),
    ('Z', &[(0, 2), (1, 0), (1, 1), (1, 2), (2, 0)]),
    ('L', &[(0, 3), (1, 0), (1, 1), (1, 2), (1, 3)]),
];

/// Cells translated to touch row 0 and column 0, as a sorted set.
fn normalized(cells: impl IntoIterator<Item = (i32, i32)>) -> BTreeSet<(i32, i32)> {
    let cells: Vec<(i32, i32)> = cells.into_iter().collect();
    let top = cells.iter().map(|c| c.0).min().unwrap();
    let left = cells.iter().map(|c| c.1).min().unwrap();
    cells.iter().map(|&(r, c)| (r - top, c - left)).collect()
}

/// The turned and flipped copies of a shape.
type Images = HashSet<BTreeSet<(i32, i32)>>;

/// All images of a shape under the 8 linear maps (r, c) -> (±r, ±c) and (±c, ±r).
fn images(cells: &[(i32, i32)]) -> Images {
    let mut images = HashSet::new();
    for swap in [false, true] {
        for sr in [1, -1] {
            for sc in [1, -1] {
                images.insert(normalized(cells.iter().map(|&(r, c)| {
                    let (r, c) = if swap { (c, r) } else { (r, c) };
                    (sr * r, sc * c)
                })));
            }
        }
    }
    images
}

/// Checks a drawn board for a date: 7 lines of 7, `#` exactly at the six positions off the
/// board, `.` exactly at the month and the day, and each letter on a turned or flipped copy of
/// its piece.
fn check_board(date: (u32, u32), text: &str) {
    static IMAGES: OnceLock<Vec<Images>> = OnceLock::new();
    let images = IMAGES.get_or_init(|| PIECES.iter().map(|(_, cells)| images(cells)).collect());
    let (month, day) = date;
    let rows: Vec<Vec<char>> = text.lines().map(|line| line.chars().collect()).collect();
    assert_eq!(rows.len(), 7, "{text}");
    let month_cell = ((month as usize - 1) / 6, (month as usize - 1) % 6);
    let day_cell = (2 + (day as usize - 1) / 7, (day as usize - 1) % 7);
    let off = [(0, 6), (1, 6), (6, 3), (6, 4), (6, 5), (6, 6)];
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), 7, "{text}");
        for (c, &letter) in row.iter().enumerate() {
            let open = (r, c) == month_cell || (r, c) == day_cell;
            assert_eq!(letter == '#', off.contains(&(r, c)), "{text}");
            assert_eq!(letter == '.', open, "{text}");
        }
    }
    for ((name, _), images) in PIECES.iter().zip(images) {
        let drawn = normalized(
            rows.iter()
                .enumerate()
                .flat_map(|(r, row)| {
                    row.iter()
                        .enumerate()
                        .filter(move |&(_, &l)| l == *name)
                        .map(move |(c, _)| (r as i32, c as i32))
                })
                .collect::<Vec<_>>(),
        );
        assert!(images.contains(&drawn), "{name} in\n{text}");
    }
    let letters: usize = text.chars().filter(|c| c.is_ascii_uppercase()).count();
    assert_eq!(letters, 41, "{text}");
}

#[test]
fn placements_on_the_whole_board() {
    let board = calendar::board();
    let expected = [
        ('R', 48),
        ('V', 80),
        ('Y', 154),
        ('U', 96),
        ('P', 196),
        ('N', 154),
        ('Z', 82),
        ('L', 151),
    ];
    let pieces = calendar::pieces();
    let mut total = 0;
    for ((name, count), (k, piece)) in expected.into_iter().zip(pieces.iter().enumerate()) {
        assert_eq!(piece.name(), name);
        let placements = piece.placements(k, &board);
        assert_eq!(placements.len(), count, "{name}");
        // Distinct sets of cells, all on the board.
        let distinct: HashSet<&[Cell]> = placements.iter().map(|p| p.cells()).collect();
        assert_eq!(distinct.len(), count);
        assert!(placements
            .iter()
            .all(|p| p.cells().iter().all(|&cell| board.contains(cell))));
        total += count;
    }
    assert_eq!(total, 961);
}

#[test]
fn counts_on_one_thread_and_several_agree() {
    let dates: Vec<Date> = Date::all().step_by(20).collect();
    let mut reported = Vec::new();
    let one = calendar::count_dates(&dates, 1, |date, n| reported.push((date, n)));
    assert_eq!(reported, one.counts());
    assert_eq!(calendar::count_dates(&dates, 4, |_, _| {}), one);
    assert_eq!(calendar::count_dates(&dates, 0, |_, _| {}), one);
    assert_eq!(one.counts().len(), 19);
    let empty = calendar::count_dates(&[], 2, |_, _| {});
    assert_eq!((empty.min(), empty.max(), empty.total()), (None, None, 0));
}

#[test]
fn known_dates() {
    for (text, count) in [("oct-6", 7), ("1-25", 216), ("jan-1", 64), ("5-1", 57)] {
        let date = Calendar.parse(text).unwrap();
        let encoding = Calendar.encode(&date).unwrap();
        assert_eq!(
            Solver::new(&encoding.problem).count().solutions,
            count,
            "{text}"
        );
    }
}

#[test]
fn the_seed_dates_are_solved() {
    for (month, day) in [(8, 19), (10, 1)] {
        let date = Date::new(month, day).unwrap();
        let encoding = Calendar.encode(&date).unwrap();
        let solution = Solver::new(&encoding.problem).first().unwrap();
        dlx::verify(&encoding.problem, solution.options()).unwrap();
        let board = Calendar.decode(&date, &encoding.choices_of(solution.options()));
        check_board((month, day), &board.to_string());
    }
}

/// Every solution of every date, drawn and checked, all distinct: 24,405 in all.
#[test]
fn every_board_of_every_date() {
    let mut total = 0u128;
    let mut fewest = (u128::MAX, None);
    let mut most = (0, None);
    for date in Date::all() {
        let encoding = Calendar.encode(&date).unwrap();
        let mut seen = HashSet::new();
        for solution in Solver::new(&encoding.problem).solutions() {
            dlx::verify(&encoding.problem, solution.options()).unwrap();
            let text = Calendar
                .decode(&date, &encoding.choices_of(solution.options()))
                .to_string();
            check_board((date.month(), date.day()), &text);
            assert!(seen.insert(text), "{date}: a board found twice");
        }
        let count = seen.len() as u128;
        assert!(count >= 1, "{date} has no solution");
        if count < fewest.0 {
            fewest = (count, Some(date));
        }
        if count > most.0 {
            most = (count, Some(date));
        }
        total += count;
    }
    assert_eq!(total, 24_405);
    assert_eq!(fewest, (7, Some(Date::new(10, 6).unwrap())));
    assert_eq!(most, (216, Some(Date::new(1, 25).unwrap())));
}

#[test]
fn all_dates_counted() {
    let mut reported = Vec::new();
    let counts = calendar::count_all_dates(3, |date, n| reported.push((date, n)));
    reported.sort();
    assert_eq!(reported, counts.counts());
    assert_eq!(counts.counts().len(), 366);
    assert_eq!(counts.total(), 24_405);
    assert_eq!(counts.min(), Some((Date::new(10, 6).unwrap(), 7)));
    assert_eq!(counts.max(), Some((Date::new(1, 25).unwrap(), 216)));
    let get = |month, day| {
        let date = Date::new(month, day).unwrap();
        counts.counts().iter().find(|(d, _)| *d == date).unwrap().1
    };
    assert_eq!((get(1, 1), get(5, 1)), (64, 57));
    // The one search over all dates agrees with a search of its own for each of these.
    for (month, day) in [(2, 29), (12, 31), (4, 30), (10, 6), (7, 14)] {
        let date = Date::new(month, day).unwrap();
        assert_eq!(get(month, day), calendar::count_date(date), "{date}");
    }
    assert!(counts.counts().iter().all(|&(_, n)| n >= 1));
}
