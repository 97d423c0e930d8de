//! The puzzle commands end to end: calendar, tromino, pack, futoshiki, queens, and their bad
//! inputs. Every board printed is read back and checked against the puzzle's rules by the
//! checkers here, which share no code with the reductions: shapes as docs/puzzles.md gives
//! them, turned and flipped here.

use std::collections::{BTreeSet, HashMap, HashSet};

use crate::binary::*;

// ---------------------------------------------------------------------------------------------
// Puzzle commands: calendar, tromino, pack, futoshiki, queens
//
// Every board printed is read back and checked against the puzzle's rules by the checkers
// below, which share no code with the reductions: shapes as docs/puzzles.md gives them, turned and
// flipped here.

/// Cells translated to touch row 0 and column 0, as a sorted set.
pub(crate) fn normalized(cells: impl IntoIterator<Item = (i32, i32)>) -> BTreeSet<(i32, i32)> {
    let cells: Vec<(i32, i32)> = cells.into_iter().collect();
    let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
    cells.iter().map(|&(r, c)| (r - top, c - left)).collect()
}

/// A shape's images under the 8 maps (r, c) -> (±r, ±c) and (±c, ±r).
pub(crate) fn images(cells: &[(i32, i32)]) -> HashSet<BTreeSet<(i32, i32)>> {
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

/// The calendar pieces of docs/puzzles.md, written out again here.
pub(crate) const CALENDAR_PIECES: [(char, &[(i32, i32)]); 8] = [
    ('R', &[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('V', &[(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]),
    ('Y', &[(0, 0), (1, 0), (2, 0), (3, 0), (1, 1)]),
    ('U', &[(0, 0), (0, 1), (1, 1), (2, 0), (2, 1)]),
    ('P', &[(0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]),
    ('N', &[(0, 1), (1, 0), (1, 1), (2, 0), (3, 0)]),
    ('Z', &[(0, 2), (1, 0), (1, 1), (1, 2), (2, 0)]),
    ('L', &[(0, 3), (1, 0), (1, 1), (1, 2), (1, 3)]),
];

/// Checks a board of pieces: its rows, `#` exactly where `no_cell` says, `.` exactly on the
/// `open` cells, and every piece's letter on a turned or flipped copy of its shape (so each
/// piece used once, and no other letter).
pub(crate) fn check_pieces(
    text: &str,
    pieces: &[(char, Vec<(i32, i32)>)],
    no_cell: &dyn Fn(usize, usize) -> bool,
    open: &[(usize, usize)],
) {
    let rows: Vec<Vec<char>> = text.lines().map(|line| line.chars().collect()).collect();
    let mut cells_of: HashMap<char, Vec<(i32, i32)>> = HashMap::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, &letter) in row.iter().enumerate() {
            assert_eq!(letter == '#', no_cell(r, c), "({r},{c}) in\n{text}");
            assert_eq!(
                letter == '.',
                open.contains(&(r, c)),
                "({r},{c}) in\n{text}"
            );
            if letter != '#' && letter != '.' {
                cells_of
                    .entry(letter)
                    .or_default()
                    .push((r as i32, c as i32));
            }
        }
    }
    assert_eq!(cells_of.len(), pieces.len(), "pieces in\n{text}");
    for (name, shape) in pieces {
        let drawn = cells_of
            .get(name)
            .unwrap_or_else(|| panic!("no {name} in\n{text}"));
        assert!(
            images(shape).contains(&normalized(drawn.iter().copied())),
            "{name} is not its shape in\n{text}"
        );
    }
}

/// Checks a calendar board for the date (month, day).
pub(crate) fn check_calendar(text: &str, (month, day): (usize, usize)) {
    let pieces: Vec<(char, Vec<(i32, i32)>)> = CALENDAR_PIECES
        .iter()
        .map(|(name, cells)| (*name, cells.to_vec()))
        .collect();
    let month_cell = ((month - 1) / 6, (month - 1) % 6);
    let day_cell = (2 + (day - 1) / 7, (day - 1) % 7);
    let off = [(0, 6), (1, 6), (6, 3), (6, 4), (6, 5), (6, 6)];
    assert_eq!(text.lines().count(), 7, "{text}");
    assert!(text.lines().all(|line| line.chars().count() == 7), "{text}");
    check_pieces(
        text,
        &pieces,
        &|r, c| off.contains(&(r, c)),
        &[month_cell, day_cell],
    );
}

/// The boards of a plain-text output: blocks separated by blank lines; checks that the output
/// ends with a newline and that no board is printed twice.
pub(crate) fn boards(stdout: &str) -> Vec<&str> {
    if stdout.is_empty() {
        return Vec::new();
    }
    let body = stdout
        .strip_suffix('\n')
        .expect("stdout ends with a newline");
    let boards: Vec<&str> = body.split("\n\n").collect();
    let distinct: HashSet<&&str> = boards.iter().collect();
    assert_eq!(distinct.len(), boards.len(), "a board printed twice");
    boards
}

/// Checks a tiling in the seed's format: numbers separated by single blanks, `0` exactly on
/// the positions without a cell (`hole`), every tile number from 1 on exactly three cells that
/// form an L (three cells of a 2x2 square).
pub(crate) fn check_tiling(text: &str, hole: &dyn Fn(usize, usize) -> bool) -> usize {
    let rows: Vec<Vec<u32>> = text
        .lines()
        .map(|line| {
            line.split(' ')
                .map(|n| n.parse().unwrap_or_else(|_| panic!("'{n}' in {line}")))
                .collect()
        })
        .collect();
    let mut tiles: HashMap<u32, Vec<(i32, i32)>> = HashMap::new();
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), rows[0].len(), "row {r}");
        for (c, &tile) in row.iter().enumerate() {
            assert_eq!(tile == 0, hole(r, c), "({r},{c})");
            if tile > 0 {
                tiles.entry(tile).or_default().push((r as i32, c as i32));
            }
        }
    }
    let l = images(&[(0, 0), (1, 0), (1, 1)]);
    for (number, cells) in &tiles {
        assert!(
            l.contains(&normalized(cells.iter().copied())),
            "tile {number} is not an L: {cells:?}"
        );
    }
    let count = tiles.len();
    assert!(
        (1..=count as u32).all(|n| tiles.contains_key(&n)),
        "tiles not numbered 1..{count}"
    );
    count
}

/// A Futoshiki puzzle read by the test: size, digits (0 empty), row relations and column
/// relations as written.
pub(crate) struct Futoshiki {
    n: usize,
    digits: Vec<Vec<usize>>,
    right: Vec<Vec<char>>,
    down: Vec<Vec<char>>,
}

pub(crate) fn read_futoshiki(text: &str) -> Futoshiki {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let n: usize = lines[0].trim().parse().unwrap();
    let mut puzzle = Futoshiki {
        n,
        digits: Vec::new(),
        right: Vec::new(),
        down: Vec::new(),
    };
    for (k, line) in lines[1..].iter().enumerate() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if k % 2 == 0 {
            puzzle.digits.push(
                tokens
                    .iter()
                    .step_by(2)
                    .map(|t| t.parse().unwrap())
                    .collect(),
            );
            puzzle.right.push(
                tokens
                    .iter()
                    .skip(1)
                    .step_by(2)
                    .map(|t| t.chars().next().unwrap())
                    .collect(),
            );
        } else {
            puzzle.down.push(
                tokens
                    .iter()
                    .step_by(2)
                    .map(|t| t.chars().next().unwrap())
                    .collect(),
            );
        }
    }
    assert_eq!(puzzle.digits.len(), n);
    puzzle
}

/// Checks a solved Futoshiki against its puzzle: a Latin square, the givens kept, every
/// inequality holding, the relations written back as they were.
pub(crate) fn check_futoshiki(puzzle: &Futoshiki, text: &str) {
    let solved = read_futoshiki(text);
    let n = puzzle.n;
    assert_eq!(solved.n, n);
    assert_eq!((&solved.right, &solved.down), (&puzzle.right, &puzzle.down));
    for i in 0..n {
        let row: BTreeSet<usize> = solved.digits[i].iter().copied().collect();
        let col: BTreeSet<usize> = (0..n).map(|r| solved.digits[r][i]).collect();
        let all: BTreeSet<usize> = (1..=n).collect();
        assert_eq!((&row, &col), (&all, &all), "{text}");
    }
    for r in 0..n {
        for c in 0..n {
            let d = solved.digits[r][c];
            if puzzle.digits[r][c] != 0 {
                assert_eq!(d, puzzle.digits[r][c], "given at ({r},{c})");
            }
            if c + 1 < n {
                let e = solved.digits[r][c + 1];
                match puzzle.right[r][c] {
                    '<' => assert!(d < e, "{text}"),
                    '>' => assert!(d > e, "{text}"),
                    _ => {}
                }
            }
            if r + 1 < n {
                let e = solved.digits[r + 1][c];
                match puzzle.down[r][c] {
                    '^' => assert!(d < e, "{text}"),
                    'v' => assert!(d > e, "{text}"),
                    _ => {}
                }
            }
        }
    }
}

/// Checks an n-queens board: n lines of n, one `Q` per row and column, none on a diagonal
/// with another.
pub(crate) fn check_queens(text: &str, n: usize) {
    let queens: Vec<(i64, i64)> = text
        .lines()
        .enumerate()
        .flat_map(|(r, line)| {
            assert_eq!(line.chars().count(), n, "{text}");
            assert!(line.chars().all(|c| c == 'Q' || c == '.'), "{text}");
            line.chars()
                .enumerate()
                .filter(|&(_, c)| c == 'Q')
                .map(move |(c, _)| (r as i64, c as i64))
        })
        .collect();
    assert_eq!(text.lines().count(), n);
    assert_eq!(queens.len(), n, "{text}");
    for (k, a) in queens.iter().enumerate() {
        for b in &queens[..k] {
            assert!(
                a.0 != b.0 && a.1 != b.1 && (a.0 - b.0).abs() != (a.1 - b.1).abs(),
                "{a:?} attacks {b:?} in\n{text}"
            );
        }
    }
}

/// The report with ANSI escapes made visible.
pub(crate) fn visible(report: &str) -> String {
    report.replace('\x1b', "␛")
}

pub(crate) const PUZZLES: &str = "tests/fixtures/puzzles";

#[test]
fn calendar_first_solution() {
    let run = dlx(&["calendar", "8-19"]);
    run.assert_status(0);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    let boards = boards(&run.stdout);
    assert_eq!(boards.len(), 1);
    check_calendar(boards[0], (8, 19));
    insta::assert_snapshot!("calendar_first", run.report());
    // Every form of the date reads the same.
    for date in ["08-19", "aug-19", "Aug-19", "August-19", "2026-08-19"] {
        assert_eq!(dlx(&["calendar", date]).stdout, run.stdout, "{date}");
    }
}

#[test]
fn calendar_today() {
    // No date: today's. Whatever day the test runs, the board is a solved calendar.
    let run = dlx(&["calendar"]);
    run.assert_status(0);
    let boards = boards(&run.stdout);
    assert_eq!(boards.len(), 1);
    let rows: Vec<Vec<char>> = boards[0].lines().map(|l| l.chars().collect()).collect();
    let open: Vec<(usize, usize)> = (0..7)
        .flat_map(|r| (0..7).map(move |c| (r, c)))
        .filter(|&(r, c)| rows[r][c] == '.')
        .collect();
    let [month, day] = open[..] else {
        panic!("two open cells expected:\n{}", boards[0]);
    };
    assert!(month.0 < 2 && day.0 >= 2, "{}", boards[0]);
    check_calendar(
        boards[0],
        (month.0 * 6 + month.1 + 1, (day.0 - 2) * 7 + day.1 + 1),
    );
}

#[test]
fn calendar_counts() {
    for (date, month_day, count) in [
        ("8-19", (8, 19), 100),
        ("1-1", (1, 1), 64),
        ("5-1", (5, 1), 57),
        ("10-6", (10, 6), 7),
        ("1-25", (1, 25), 216),
    ] {
        let run = dlx(&["calendar", date, "--count"]);
        run.assert_status(0);
        assert_eq!(run.stdout, format!("{count}\n"), "{date}");
        // --all prints as many boards, each one checked, none twice.
        let all = dlx(&["calendar", date, "--all"]);
        let boards = boards(&all.stdout);
        assert_eq!(boards.len(), count, "{date}");
        for board in boards {
            check_calendar(board, month_day);
        }
    }
    let run = dlx(&["calendar", "8-19", "--count"]);
    insta::assert_snapshot!("calendar_count", run.report());
}

#[test]
fn calendar_all_dates() {
    let run = dlx(&["calendar", "--all-dates"]);
    run.assert_status(0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 366 + 3);
    assert_eq!(
        lines[366..],
        ["min: 7 (Oct 6)", "max: 216 (Jan 25)", "total: 24405"]
    );
    let counts: Vec<(&str, u64)> = lines[..366]
        .iter()
        .map(|line| {
            let (date, count) = line.split_once(": ").expect("DATE: COUNT");
            (date, count.parse().expect("a count"))
        })
        .collect();
    assert_eq!(counts.iter().map(|&(_, n)| n).sum::<u64>(), 24405);
    assert_eq!(counts[0], ("Jan 1", 64));
    assert_eq!(counts[59], ("Feb 29", counts[59].1));
    // The one search over all dates agrees with the search of each date alone (a sample).
    for k in (0..366).step_by(23) {
        let (date, count) = counts[k];
        let (month, day) = date.split_once(' ').unwrap();
        let single = dlx(&["calendar", &format!("{month}-{day}"), "--count"]);
        assert_eq!(single.stdout, format!("{count}\n"), "{date}");
    }
    insta::assert_snapshot!("calendar_all_dates", run.report());

    // One thread, the same counts; JSON, the same counts again.
    let one = dlx(&["calendar", "--all-dates", "--threads", "1"]);
    assert_eq!(one.stdout, run.stdout);
    let json = dlx(&["calendar", "--all-dates", "--format", "json"]);
    json.assert_status(0);
    let values: Vec<serde_json::Value> = json
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(values.len(), 367);
    assert_eq!(
        values[0],
        serde_json::json!({"date": "Jan 1", "month": 1, "day": 1, "count": 64})
    );
    assert_eq!(
        values[366],
        serde_json::json!({"total": 24405, "min": {"count": 7, "dates": ["Oct 6"]},
            "max": {"count": 216, "dates": ["Jan 25"]}, "complete": true})
    );
}

/// `dlx PUZZLE ... --format dlx | dlx solve --count` counts what `dlx PUZZLE ... --count` does.
pub(crate) fn same_count_through_dlx(args: &[&str], expected: &str) {
    let encoding = dlx(&[args, &["--format", "dlx"]].concat());
    encoding.assert_status(0);
    let piped = dlx_from_bytes(&["solve", "--count"], encoding.stdout.as_bytes());
    piped.assert_status(0);
    let direct = dlx(&[args, &["--count"]].concat());
    direct.assert_status(0);
    assert_eq!(piped.stdout, direct.stdout, "{args:?}");
    assert_eq!(direct.stdout, expected, "{args:?}");
}

#[test]
fn encodings_solve_to_the_same_counts() {
    same_count_through_dlx(&["calendar", "8-19"], "100\n");
    same_count_through_dlx(&["tromino", "--size", "4", "--missing", "2,2"], "1\n");
    same_count_through_dlx(
        &["tromino", "--board", &format!("{PUZZLES}/tromino-3x6.txt")],
        "8\n",
    );
    same_count_through_dlx(
        &[
            "pack",
            &format!("{PUZZLES}/pack-board.txt"),
            &format!("{PUZZLES}/pack-pieces.txt"),
        ],
        "12\n",
    );
    same_count_through_dlx(
        &["futoshiki", &format!("{PUZZLES}/futoshiki-4x4-many.txt")],
        "4\n",
    );
    same_count_through_dlx(&["queens", "6"], "4\n");

    // The all-dates problem: every date's solutions at once.
    let encoding = dlx(&["calendar", "--all-dates", "--format", "dlx"]);
    let piped = dlx_from_bytes(&["solve", "--count"], encoding.stdout.as_bytes());
    assert_eq!(piped.stdout, "24405\n");

    let run = dlx(&["calendar", "8-19", "--format", "dlx"]);
    assert!(
        run.stdout.starts_with("R V Y U P N Z L r0c0 r0c1 "),
        "{}",
        run.stdout
    );
    let run = dlx(&["calendar", "8-19", "--format", "dlx", "--count"]);
    run.assert_status(2);
    assert!(run.stderr.contains("--format dlx"), "{}", run.stderr);
}

#[test]
fn calendar_json() {
    let run = dlx(&[
        "calendar",
        "8-19",
        "--format",
        "json",
        "--limit",
        "3",
        "--threads",
        "1",
    ]);
    run.assert_status(0);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    for (k, line) in lines.iter().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["solution"], k + 1);
        assert_eq!(
            (&value["date"], &value["month"], &value["day"]),
            (
                &serde_json::json!("Aug 19"),
                &serde_json::json!(8),
                &serde_json::json!(19)
            )
        );
        let rows: Vec<&str> = value["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        let board = rows.join("\n");
        check_calendar(&board, (8, 19));
        // The cells of each piece, as data, are those of its letter on the board.
        for piece in value["pieces"].as_array().unwrap() {
            let name = piece["piece"].as_str().unwrap().chars().next().unwrap();
            for cell in piece["cells"].as_array().unwrap() {
                let (r, c) = (cell[0].as_u64().unwrap(), cell[1].as_u64().unwrap());
                assert_eq!(rows[r as usize].chars().nth(c as usize), Some(name));
            }
            assert_eq!(
                piece["cells"].as_array().unwrap().len(),
                board.matches(name).count()
            );
        }
    }
    insta::assert_snapshot!("calendar_json", run.report());
}

#[test]
fn calendar_drawn_for_people() {
    // --pretty without color: box-drawing lines, the open cells named.
    let run = dlx(&["calendar", "8-19", "--pretty"]);
    run.assert_status(0);
    assert!(
        run.stdout.contains("│ Aug │") && run.stdout.contains(" 19 "),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains('\x1b'));
    insta::assert_snapshot!("calendar_pretty", run.report());
    // --color always: the same drawing, pieces filled with colors.
    let run = dlx(&["calendar", "8-19", "--color", "always"]);
    run.assert_status(0);
    assert!(run.stdout.contains("\x1b[48;5;"), "{}", run.stdout);
    insta::assert_snapshot!("calendar_color", visible(&run.report()));
    // NO_COLOR (set by the helpers) and no terminal: plain, whatever --color auto says.
    let run = dlx(&["calendar", "8-19", "--color", "auto"]);
    check_calendar(boards(&run.stdout)[0], (8, 19));
    // --plain wins over --color always.
    let run = dlx(&["calendar", "8-19", "--plain", "--color", "always"]);
    check_calendar(boards(&run.stdout)[0], (8, 19));
}

#[test]
fn calendar_svg() {
    let run = dlx(&["calendar", "8-19", "--format", "svg"]);
    run.assert_status(0);
    let svg = &run.stdout;
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(svg.ends_with("</svg>\n"));
    assert_eq!(svg.matches("<svg").count(), 1);
    // 43 cells, 41 filled in eight piece colors, the two open ones white and labelled.
    assert_eq!(svg.matches("<rect").count(), 43);
    let fills: HashSet<&str> = svg
        .match_indices("fill=\"#")
        .map(|(k, _)| &svg[k + 6..k + 13])
        .collect();
    assert!(fills.len() >= 9, "{fills:?}");
    assert!(svg.contains(">Aug</text>") && svg.contains(">19</text>"));
    insta::assert_snapshot!("calendar_svg", run.report());

    // Several solutions: one document, each picture nested in it, one below the other.
    let run = dlx(&["calendar", "10-6", "--format", "svg", "--all"]);
    assert!(run.stdout.starts_with("<svg xmlns=") && run.stdout.ends_with("</svg>\n</svg>\n"));
    let pictures: Vec<&str> = run.stdout.split("<svg x=\"0\" ").skip(1).collect();
    assert_eq!(pictures.len(), 7);
    assert!(pictures.iter().all(|p| p.trim_end().ends_with("</svg>")));
}

#[test]
fn tromino_divide_prints_the_seed_tiling() {
    let run = dlx(&[
        "tromino",
        "--size",
        "4",
        "--missing",
        "2,2",
        "--method",
        "divide",
    ]);
    run.assert_status(0);
    assert_eq!(run.stdout, "2 2 3 3\n2 1 1 3\n4 1 0 5\n4 4 5 5\n");
    assert_eq!(check_tiling(&run.stdout, &|r, c| (r, c) == (2, 2)), 5);
    insta::assert_snapshot!("tromino_divide", run.report());
    // Larger boards, any missing cell: an L-tiling every time.
    for (size, missing) in [(1, (0, 0)), (2, (1, 0)), (32, (5, 31)), (64, (63, 0))] {
        let run = dlx(&[
            "tromino",
            "--size",
            &size.to_string(),
            "--missing",
            &format!("{},{}", missing.0, missing.1),
            "--method",
            "divide",
        ]);
        run.assert_status(0);
        let tiles = check_tiling(&run.stdout, &|r, c| (r, c) == missing);
        assert_eq!(tiles, (size * size - 1) / 3);
    }
}

#[test]
fn tromino_by_exact_cover() {
    let run = dlx(&["tromino", "--size", "4", "--missing", "2,2", "--all"]);
    run.assert_status(0);
    assert_eq!(boards(&run.stdout).len(), 1);
    check_tiling(&run.stdout, &|r, c| (r, c) == (2, 2));
    insta::assert_snapshot!("tromino_cover", run.report());

    let run = dlx(&["tromino", "--size", "8", "--missing", "0,0", "--count"]);
    run.assert_status(0);
    assert_eq!(run.stdout, "30355\n");

    // A board file: 3 x 6 has 8 tilings, all printed and checked.
    let board = format!("{PUZZLES}/tromino-3x6.txt");
    let run = dlx(&["tromino", "--board", &board, "--all"]);
    run.assert_status(0);
    let tilings = boards(&run.stdout);
    assert_eq!(tilings.len(), 8);
    for tiling in tilings {
        assert_eq!(check_tiling(tiling, &|_, _| false), 6);
    }
    // 3 x 3 has none.
    let run = dlx(&["tromino", "--size", "3", "--count"]);
    run.assert_status(1);
    assert_eq!(run.stdout, "0\n");
    // 4 x 4 has none either, and it is said why.
    let run = dlx(&["tromino", "--size", "4"]);
    run.assert_status(1);
    assert!(
        run.stderr
            .contains("the board has 16 cells, not a multiple of 3, so no tiling exists"),
        "{}",
        run.stderr
    );
    // A board without cells has one tiling, the empty one, by either method.
    let run = dlx(&["tromino", "--size", "1", "--missing", "0,0", "--count"]);
    run.assert_status(0);
    assert_eq!(run.stdout, "1\n");
    for method in ["cover", "divide"] {
        let run = dlx(&[
            "tromino",
            "--size",
            "1",
            "--missing",
            "0,0",
            "--method",
            method,
        ]);
        run.assert_status(0);
        assert_eq!(run.stdout, "0\n", "--method {method}");
    }

    let run = dlx(&[
        "tromino",
        "--size",
        "4",
        "--missing",
        "2,2",
        "--format",
        "json",
    ]);
    run.assert_status(0);
    let value: serde_json::Value = serde_json::from_str(run.stdout.trim_end()).unwrap();
    assert_eq!(
        value,
        serde_json::json!({"solution": 1, "tile_count": 5,
            "tiles": [[1, 1, 2, 2], [1, 3, 3, 2], [4, 3, 0, 5], [4, 4, 5, 5]]})
    );
    check_tiling("1 1 2 2\n1 3 3 2\n4 3 0 5\n4 4 5 5", &|r, c| {
        (r, c) == (2, 2)
    });

    let run = dlx(&[
        "tromino",
        "--size",
        "4",
        "--missing",
        "2,2",
        "--method",
        "divide",
        "--pretty",
    ]);
    run.assert_status(0);
    insta::assert_snapshot!("tromino_pretty", run.report());
    let run = dlx(&[
        "tromino",
        "--size",
        "4",
        "--missing",
        "2,2",
        "--method",
        "divide",
        "--format",
        "svg",
    ]);
    run.assert_status(0);
    assert_eq!(run.stdout.matches("<rect").count(), 15);
    insta::assert_snapshot!("tromino_svg", run.report());
}

#[test]
fn pack_small_example() {
    let (board, pieces) = (
        format!("{PUZZLES}/pack-board.txt"),
        format!("{PUZZLES}/pack-pieces.txt"),
    );
    let shapes: Vec<(char, Vec<(i32, i32)>)> = vec![
        ('A', vec![(0, 0), (0, 1), (1, 0)]),
        ('B', vec![(0, 0), (0, 1), (0, 2), (1, 0)]),
        ('C', vec![(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]),
    ];
    let run = dlx(&["pack", &board, &pieces, "--all", "--threads", "1"]);
    run.assert_status(0);
    let packed = boards(&run.stdout);
    assert_eq!(packed.len(), 12);
    for board in &packed {
        assert_eq!(board.lines().count(), 3);
        check_pieces(board, &shapes, &|_, _| false, &[]);
    }
    insta::assert_snapshot!("pack_all", run.report());
    let run = dlx(&["pack", &board, &pieces, "--count"]);
    assert_eq!(run.stdout, "12\n");
    let run = dlx(&["pack", &board, &pieces, "--pretty"]);
    run.assert_status(0);
    insta::assert_snapshot!("pack_pretty", run.report());
    let run = dlx(&["pack", &board, &pieces, "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(run.stdout.trim_end()).unwrap();
    let rows: Vec<&str> = value["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    check_pieces(&rows.join("\n"), &shapes, &|_, _| false, &[]);
    assert_eq!(
        rows.join("\n") + "\n",
        dlx(&["pack", &board, &pieces]).stdout
    );
}

#[test]
fn futoshiki_puzzles() {
    let file = format!("{PUZZLES}/futoshiki-4x4.txt");
    let puzzle = read_futoshiki(&std::fs::read_to_string(root().join(&file)).unwrap());
    let run = dlx(&["futoshiki", &file]);
    run.assert_status(0);
    check_futoshiki(&puzzle, &run.stdout);
    assert_eq!(
        run.stdout,
        "4\n2 | 1 < 3 | 4\n- - ^ - - - -\n1 | 2 | 4 > 3\n- - - - v - -\n\
         4 | 3 | 1 | 2\n- - - - - - -\n3 | 4 | 2 | 1\n"
    );
    insta::assert_snapshot!("futoshiki_first", run.report());
    // Standard input, and the uniqueness check that --help documents.
    let stdin = dlx_from_file(&["futoshiki"], &file);
    assert_eq!(stdin.stdout, run.stdout);
    let unique = dlx(&["futoshiki", &file, "--limit", "2", "--count"]);
    unique.assert_status(0);
    assert_eq!(unique.stdout, "1\n");
    assert!(unique.stderr.is_empty(), "{}", unique.stderr);

    // Without the given 2: four solutions, each checked.
    let many = format!("{PUZZLES}/futoshiki-4x4-many.txt");
    let puzzle = read_futoshiki(&std::fs::read_to_string(root().join(&many)).unwrap());
    let run = dlx(&["futoshiki", &many, "--all"]);
    let solutions = boards(&run.stdout);
    assert_eq!(solutions.len(), 4);
    for solution in solutions {
        check_futoshiki(&puzzle, solution);
    }
    let run = dlx(&["futoshiki", &many, "--limit", "2", "--count"]);
    assert_eq!(run.stdout, "2\n");
    assert!(run.stderr.contains("there may be more"), "{}", run.stderr);

    let run = dlx(&["futoshiki", &file, "--pretty"]);
    insta::assert_snapshot!("futoshiki_pretty", run.report());
    let run = dlx(&["futoshiki", &file, "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(run.stdout.trim_end()).unwrap();
    assert_eq!(
        value,
        serde_json::json!({"solution": 1, "size": 4,
            "grid": [[2, 1, 3, 4], [1, 2, 4, 3], [4, 3, 1, 2], [3, 4, 2, 1]],
            "given": [[true, false, false, false], [false, false, false, false],
                      [false, true, false, false], [false, false, false, true]]})
    );
    let run = dlx(&["futoshiki", &file, "--format", "svg"]);
    insta::assert_snapshot!("futoshiki_svg", run.report());

    // Givens that break a rule: no solution, and why.
    let run = dlx(&["futoshiki", &format!("{PUZZLES}/futoshiki-broken.txt")]);
    run.assert_status(1);
    insta::assert_snapshot!("futoshiki_broken", run.report());
}

#[test]
fn queens_boards() {
    let run = dlx(&["queens", "6", "--all", "--threads", "1"]);
    run.assert_status(0);
    let solutions = boards(&run.stdout);
    assert_eq!(solutions.len(), 4);
    for board in solutions {
        check_queens(board, 6);
    }
    insta::assert_snapshot!("queens6_all", run.report());
    let run = dlx(&["queens", "8", "--all"]);
    let solutions = boards(&run.stdout);
    assert_eq!(solutions.len(), 92);
    for board in solutions {
        check_queens(board, 8);
    }
    assert_eq!(dlx(&["queens", "8", "--count"]).stdout, "92\n");
    let run = dlx(&["queens", "2", "--count"]);
    run.assert_status(1);
    assert_eq!(run.stdout, "0\n");
    let run = dlx(&["queens", "6", "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(run.stdout.trim_end()).unwrap();
    let rows: Vec<&str> = value["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    check_queens(&rows.join("\n"), 6);
    for (row, col) in value["queens"].as_array().unwrap().iter().enumerate() {
        assert_eq!(rows[row].find('Q'), col.as_u64().map(|c| c as usize));
    }
    let run = dlx(&["queens", "6", "--pretty"]);
    insta::assert_snapshot!("queens6_pretty", run.report());
}

/// A puzzle command that must fail: exit status 2, nothing on stdout, one `dlx: error:` line
/// that starts with `start`.
pub(crate) fn bad_puzzle(name: &str, args: &[&str], start: &str) {
    let run = dlx(args);
    run.assert_status(2);
    assert!(run.stdout.is_empty(), "{}", run.report());
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.report());
    assert!(
        run.stderr.starts_with(&format!("dlx: error: {start}")),
        "{}",
        run.report()
    );
    insta::assert_snapshot!(name, run.report());
}

#[test]
fn puzzle_bad_inputs() {
    let f = |name: &str| format!("{PUZZLES}/{name}");
    bad_puzzle("calendar_no_feb_30", &["calendar", "2-30"], "date '2-30': ");
    bad_puzzle(
        "calendar_no_month_13",
        &["calendar", "13-1"],
        "date '13-1': ",
    );
    bad_puzzle(
        "calendar_not_a_date",
        &["calendar", "8.19"],
        "date '8.19': ",
    );
    bad_puzzle(
        "calendar_not_leap",
        &["calendar", "2023-02-29"],
        "date '2023-02-29': ",
    );
    bad_puzzle(
        "calendar_all_dates_svg",
        &["calendar", "--all-dates", "--format", "svg"],
        "--all-dates",
    );
    let board = f("pack-board.txt");
    let pieces = f("pack-pieces.txt");
    bad_puzzle(
        "pack_bad_board",
        &["pack", &f("pack-board-bad.txt"), &pieces],
        &format!("{}:2:3: ", f("pack-board-bad.txt")),
    );
    bad_puzzle(
        "pack_bad_pieces",
        &["pack", &board, &f("pack-pieces-bad.txt")],
        &format!("{}:8:2: ", f("pack-pieces-bad.txt")),
    );
    bad_puzzle(
        "pack_fits_nowhere",
        &["pack", &board, &f("pack-pieces-nowhere.txt")],
        &format!("{}: piece 'A' fits nowhere", f("pack-pieces-nowhere.txt")),
    );
    bad_puzzle(
        "pack_area",
        &["pack", &f("tromino-3x6.txt"), &pieces],
        &f("pack-pieces.txt"),
    );
    bad_puzzle(
        "pack_missing_file",
        &["pack", &f("no-such-board.txt"), &pieces],
        &format!("{}: cannot read the file", f("no-such-board.txt")),
    );
    bad_puzzle(
        "tromino_not_power_of_two",
        &[
            "tromino",
            "--size",
            "6",
            "--missing",
            "0,0",
            "--method",
            "divide",
        ],
        "expected a power of two",
    );
    bad_puzzle(
        "tromino_missing_off_board",
        &["tromino", "--size", "4", "--missing", "4,0"],
        "the missing cell (4,0) is not on the 4 x 4 board",
    );
    bad_puzzle(
        "tromino_bad_board",
        &["tromino", "--board", &f("tromino-bad.txt")],
        &format!("{}:2:4: ", f("tromino-bad.txt")),
    );
    bad_puzzle(
        "tromino_divide_count",
        &[
            "tromino",
            "--size",
            "4",
            "--missing",
            "0,0",
            "--method",
            "divide",
            "--count",
        ],
        "--method divide builds one tiling",
    );
    bad_puzzle(
        "tromino_svg_too_large",
        &[
            "tromino",
            "--size",
            "1024",
            "--missing",
            "0,0",
            "--method",
            "divide",
            "--format",
            "svg",
        ],
        "a 1024 x 1024 board is too large to draw as SVG",
    );
    bad_puzzle(
        "futoshiki_bad_relation",
        &["futoshiki", &f("futoshiki-bad.txt")],
        &format!("{}:5:9: ", f("futoshiki-bad.txt")),
    );
    bad_puzzle("queens_zero", &["queens", "0"], "expected a board size");
    bad_puzzle(
        "count_as_svg",
        &["queens", "8", "--count", "--format", "svg"],
        "--count prints a number",
    );
    bad_puzzle(
        "solve_as_svg",
        &["solve", X_EXAMPLE, "--format", "svg"],
        "--format svg draws",
    );

    // Usage errors from clap: exit status 2 too.
    for args in [
        &["tromino", "--missing", "1,1"][..],
        &["tromino", "--size", "4", "--missing", "1;1"],
        &["calendar", "8-19", "--all-dates"],
        &["calendar", "--all-dates", "--count"],
        &["queens", "many"],
    ] {
        let run = dlx(args);
        run.assert_status(2);
        assert!(
            run.stdout.is_empty() && !run.stderr.is_empty(),
            "{}",
            run.report()
        );
    }
    let run = dlx(&["tromino", "--size", "4", "--missing", "1;1"]);
    insta::assert_snapshot!("tromino_bad_cell", run.report());
}
