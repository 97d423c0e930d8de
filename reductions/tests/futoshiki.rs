//! Futoshiki against the public instances and the figures of docs/puzzles.md, every printed board
//! checked by a checker written here from the rules, sharing nothing with the encoder.

use std::fs;
use std::path::PathBuf;

use dlx::{Propagation, Solver};
use reductions::futoshiki::{judge, Futoshiki, Grid, Verdict};
use reductions::Reduction;

const EXAMPLE: &str = "4
2 | 0 < 0 | 0
- - ^ - - - -
0 | 0 | 0 > 0
- - - - v - -
0 | 3 | 0 | 0
- - - - - - -
0 | 0 | 0 | 1
";

/// A grid in the text format, read independently of the crate: the digits (0 for empty), the
/// separators between cells of a row, and the marks between rows.
struct Text {
    n: usize,
    /// Unequal's adjacent mode (`N adjacent`): `=` a bar between consecutive digits, `|` and
    /// `-` none (not consecutive).
    adjacent: bool,
    digits: Vec<Vec<usize>>,
    across: Vec<Vec<char>>,
    down: Vec<Vec<char>>,
}

fn read(text: &str) -> Text {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let adjacent = lines[0].trim().ends_with("adjacent");
    let n: usize = lines[0]
        .trim()
        .trim_end_matches("adjacent")
        .trim()
        .parse()
        .unwrap();
    assert_eq!(lines.len(), 2 * n, "{text}");
    let (mut digits, mut across, mut down) = (Vec::new(), Vec::new(), Vec::new());
    for (k, line) in lines[1..].iter().enumerate() {
        if k % 2 == 0 {
            let (mut row, mut seps, mut number) = (Vec::new(), Vec::new(), String::new());
            for ch in line.chars().filter(|c| !c.is_whitespace()) {
                if ch.is_ascii_digit() {
                    number.push(ch);
                } else {
                    row.push(number.parse().unwrap());
                    number.clear();
                    seps.push(ch);
                }
            }
            row.push(number.parse().unwrap());
            assert_eq!(row.len(), n, "{line}");
            digits.push(row);
            across.push(seps);
        } else {
            let marks: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
            assert_eq!(marks.len(), 2 * n - 1, "{line}");
            down.push(marks.into_iter().step_by(2).collect());
        }
    }
    Text {
        n,
        adjacent,
        digits,
        across,
        down,
    }
}

/// Panics unless `solved` is a solution of `puzzle`: same size and relations, the givens kept,
/// a Latin square, every inequality kept.
fn check_solution(puzzle: &str, solved: &str) {
    let (p, s) = (read(puzzle), read(solved));
    let n = p.n;
    assert_eq!(s.n, n);
    assert_eq!(p.across, s.across, "relations changed:\n{solved}");
    assert_eq!(p.down, s.down, "relations changed:\n{solved}");
    for r in 0..n {
        for c in 0..n {
            let d = s.digits[r][c];
            assert!((1..=n).contains(&d), "({r},{c}) = {d}:\n{solved}");
            if p.digits[r][c] != 0 {
                assert_eq!(p.digits[r][c], d, "given ({r},{c}) changed:\n{solved}");
            }
        }
        let mut row = s.digits[r].clone();
        row.sort();
        assert_eq!(row, (1..=n).collect::<Vec<_>>(), "row {r}:\n{solved}");
        let mut col: Vec<usize> = (0..n).map(|k| s.digits[k][r]).collect();
        col.sort();
        assert_eq!(col, (1..=n).collect::<Vec<_>>(), "column {r}:\n{solved}");
    }
    for r in 0..n {
        for c in 0..n - 1 {
            let (a, b) = (s.digits[r][c], s.digits[r][c + 1]);
            match s.across[r][c] {
                '<' => assert!(a < b, "({r},{c}) < ({r},{}):\n{solved}", c + 1),
                '>' => assert!(a > b, "({r},{c}) > ({r},{}):\n{solved}", c + 1),
                '=' => assert_eq!(a.abs_diff(b), 1, "({r},{c}) = ({r},{}):\n{solved}", c + 1),
                '|' if s.adjacent => assert_ne!(a.abs_diff(b), 1, "({r},{c}):\n{solved}"),
                sep => assert_eq!(sep, '|'),
            }
        }
    }
    for r in 0..n - 1 {
        for c in 0..n {
            let (a, b) = (s.digits[r][c], s.digits[r + 1][c]);
            match s.down[r][c] {
                '^' => assert!(a < b, "({r},{c}) ^ ({},{c}):\n{solved}", r + 1),
                'v' => assert!(a > b, "({r},{c}) v ({},{c}):\n{solved}", r + 1),
                '=' => assert_eq!(a.abs_diff(b), 1, "({r},{c}) = ({},{c}):\n{solved}", r + 1),
                '-' if s.adjacent => assert_ne!(a.abs_diff(b), 1, "({r},{c}):\n{solved}"),
                mark => assert_eq!(mark, '-'),
            }
        }
    }
}

/// Solves with the reasoning the command uses (the filter at every node, with forcing but in
/// the adjacent mode), checks every solution (exact cover and rules) up to `limit`, returns
/// the count and the boards.
fn solve(text: &str, limit: u128) -> (u128, Vec<String>) {
    solve_with(text, limit, Reasoning::Default)
}

/// The reasoning at every node of a search.
#[derive(Clone, Copy, Debug)]
enum Reasoning {
    /// None: Knuth's plain search.
    Plain,
    /// The command's: the puzzle's level ([`Reduction::propagation_for`]) and the filter.
    Default,
    /// Forcing and the filter, whatever the puzzle (`--propagate forcing`).
    Forcing,
}

/// [`solve`], with the given reasoning.
fn solve_with(text: &str, limit: u128, reasoning: Reasoning) -> (u128, Vec<String>) {
    let grid = Futoshiki.parse(text).unwrap();
    let encoding = Futoshiki.encode(&grid).unwrap();
    let mut boards = Vec::new();
    let mut solver = Solver::new(&encoding.problem).limit(limit);
    let level = match reasoning {
        Reasoning::Plain => None,
        Reasoning::Default => Some(Futoshiki.propagation_for(&grid)),
        Reasoning::Forcing => Some(Propagation::Forcing),
    };
    if let Some(level) = level {
        solver = solver
            .propagation(level)
            .propagator(Futoshiki.propagator(&grid, &encoding).unwrap());
    }
    let outcome = solver.for_each(|options| {
        dlx::verify(&encoding.problem, options).unwrap();
        let board = Futoshiki.decode(&grid, &encoding.choices_of(options));
        let board = board.to_string();
        check_solution(text, &board);
        // The printed board reads back as a complete grid without violations.
        let back = Futoshiki.parse(&board).unwrap();
        assert!(back.is_complete() && back.violations().is_empty());
        boards.push(board);
        std::ops::ControlFlow::Continue(())
    });
    (outcome.solutions, boards)
}

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/futoshiki")
}

#[test]
fn every_public_instance_has_its_expected_count() {
    let expected = fs::read_to_string(fixtures().join("expected.tsv")).unwrap();
    let mut tested = 0;
    for line in expected.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        let text = fs::read_to_string(fixtures().join(fields[0])).unwrap();
        let (count, boards) = match fields[1] {
            ">1000" => {
                let (count, boards) = solve(&text, 1001);
                assert_eq!(count, 1001, "{}", fields[0]);
                (count, boards)
            }
            count => {
                let expected: u128 = count.parse().unwrap();
                let (count, boards) = solve(&text, u128::MAX);
                assert_eq!(count, expected, "{}", fields[0]);
                (count, boards)
            }
        };
        if count == 1 {
            let rows: Vec<String> = read(&boards[0])
                .digits
                .iter()
                .map(|row| row.iter().map(ToString::to_string).collect())
                .collect();
            assert_eq!(rows.join("/"), fields[2], "{}", fields[0]);
        }
        tested += 1;
    }
    // Every instance file is in the table, and the table was read.
    let files = fs::read_dir(fixtures())
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".txt")
        })
        .count();
    assert_eq!((tested, files), (17, 17));
}

#[test]
fn the_puzzles_md_example() {
    let (count, boards) = solve(EXAMPLE, u128::MAX);
    assert_eq!(count, 1);
    assert_eq!(
        boards[0],
        "4\n2 | 1 < 3 | 4\n- - ^ - - - -\n1 | 2 | 4 > 3\n- - - - v - -\n4 | 3 | 1 | 2\n\
         - - - - - - -\n3 | 4 | 2 | 1"
    );
    // Without the given 2 at (0,0): 4 solutions, all different.
    let without = EXAMPLE.replacen("2 |", "0 |", 1);
    let (count, mut boards) = solve(&without, u128::MAX);
    assert_eq!(count, 4);
    boards.sort();
    boards.dedup();
    assert_eq!(boards.len(), 4);
}

fn empty(n: usize) -> String {
    let digits = vec!["0"; n].join(" | ");
    let marks = vec!["-"; 2 * n - 1].join(" ");
    let mut text = format!("{n}\n{digits}\n");
    for _ in 1..n {
        text += &format!("{marks}\n{digits}\n");
    }
    text
}

#[test]
fn empty_grids_count_latin_squares() {
    assert_eq!(solve(&empty(1), u128::MAX).0, 1);
    assert_eq!(solve(&empty(2), u128::MAX).0, 2);
    assert_eq!(solve(&empty(3), u128::MAX).0, 12);
    assert_eq!(solve(&empty(4), u128::MAX).0, 576);
    assert_eq!(solve_with(&empty(4), u128::MAX, Reasoning::Plain).0, 576);
    let grid = Futoshiki.parse(&empty(5)).unwrap();
    let encoding = Futoshiki.encode(&grid).unwrap();
    for level in Propagation::ALL {
        let solver = Solver::new(&encoding.problem).propagation(level);
        assert_eq!(solver.count().solutions, 161_280, "{level}");
    }
}

#[test]
fn sixteen_by_sixteen_with_numbers_above_nine() {
    // A cyclic Latin square, (r + c) mod 16 + 1, with inequalities where it has them and half
    // of the digits given: the printed solution must keep it all.
    let n = 16;
    let mut grid = Grid::new(n).unwrap();
    let value = |r: usize, c: usize| (r + c) % n + 1;
    for r in 0..n {
        for c in 0..n {
            if (r * 7 + c * 3) % 2 == 0 {
                grid.set_digit(r, c, Some(value(r, c)));
            }
            if c + 1 < n && (r + c) % 3 == 0 {
                let rel = if value(r, c) < value(r, c + 1) {
                    "<"
                } else {
                    ">"
                };
                grid.set_right(r, c, relation(rel));
            }
            if r + 1 < n && (r * c) % 5 == 1 {
                let rel = if value(r, c) < value(r + 1, c) {
                    "<"
                } else {
                    ">"
                };
                grid.set_down(r, c, relation(rel));
            }
        }
    }
    let text = grid.to_string();
    assert!(text.contains("16"), "{text}");
    let (count, boards) = solve(&text, 2);
    assert!(count >= 1);
    let first = read(&boards[0]);
    assert!(first.digits.iter().flatten().any(|&d| d > 9));
}

fn relation(mark: &str) -> reductions::futoshiki::Relation {
    match mark {
        "<" => reductions::futoshiki::Relation::Less,
        _ => reductions::futoshiki::Relation::Greater,
    }
}

/// All Latin squares of order n, by plain backtracking (no exact cover).
fn latin_squares(n: usize) -> Vec<Vec<usize>> {
    fn fill(n: usize, k: usize, grid: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if k == n * n {
            out.push(grid.clone());
            return;
        }
        let (r, c) = (k / n, k % n);
        for d in 1..=n {
            if (0..c).all(|j| grid[r * n + j] != d) && (0..r).all(|i| grid[i * n + c] != d) {
                grid[k] = d;
                fill(n, k + 1, grid, out);
            }
        }
        grid[k] = 0;
    }
    let mut out = Vec::new();
    fill(n, 0, &mut vec![0; n * n], &mut out);
    out
}

#[test]
fn random_puzzles_agree_with_brute_force() {
    // xorshift: deterministic, no dependency.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |m: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % m) as usize
    };
    for n in [3, 4] {
        let squares = latin_squares(n);
        assert_eq!(squares.len(), [0, 1, 2, 12, 576][n]);
        let (mut puzzles, mut solvable) = (0, 0);
        for _ in 0..300 {
            // Random relations (about one pair in three) and a few random givens.
            let mut across = vec!['|'; n * (n - 1)];
            let mut down = vec!['-'; n * (n - 1)];
            for mark in &mut across {
                *mark = ['|', '|', '<', '>'][next(4)];
            }
            for mark in &mut down {
                *mark = ['-', '-', '^', 'v'][next(4)];
            }
            let mut givens = vec![0; n * n];
            for _ in 0..next(3) {
                givens[next((n * n) as u64)] = 1 + next(n as u64);
            }
            let mut text = format!("{n}\n");
            for r in 0..n {
                if r > 0 {
                    let marks: Vec<String> =
                        (0..n).map(|c| down[(r - 1) * n + c].to_string()).collect();
                    text += &marks.join("-");
                    text += "\n";
                }
                for c in 0..n {
                    if c > 0 {
                        text.push(across[r * (n - 1) + c - 1]);
                    }
                    text += &givens[r * n + c].to_string();
                }
                text += "\n";
            }
            let expected = squares
                .iter()
                .filter(|sq| {
                    (0..n * n).all(|k| givens[k] == 0 || givens[k] == sq[k])
                        && (0..n).all(|r| {
                            (0..n - 1).all(|c| {
                                let (a, b) = (sq[r * n + c], sq[r * n + c + 1]);
                                match across[r * (n - 1) + c] {
                                    '<' => a < b,
                                    '>' => a > b,
                                    _ => true,
                                }
                            })
                        })
                        && (0..n - 1).all(|r| {
                            (0..n).all(|c| {
                                let (a, b) = (sq[r * n + c], sq[(r + 1) * n + c]);
                                match down[r * n + c] {
                                    '^' => a < b,
                                    'v' => a > b,
                                    _ => true,
                                }
                            })
                        })
                })
                .count();
            for reasoning in [Reasoning::Default, Reasoning::Plain] {
                let (count, _) = solve_with(&text, u128::MAX, reasoning);
                assert_eq!(count, expected as u128, "{text}");
            }
            puzzles += 1;
            solvable += usize::from(expected > 0);
        }
        // The sample is not degenerate: some puzzles solvable, some not.
        assert!(
            puzzles == 300 && solvable > 10 && solvable < 290,
            "{solvable}"
        );
    }
}

#[test]
fn the_seeds_cases() {
    let verdict = |text: &str| judge(&Futoshiki.parse(text).unwrap(), None).unwrap();
    // Complete and valid.
    assert_eq!(verdict("2\n1 < 2\n- - -\n2 > 1"), Verdict::Solved);
    // Complete and invalid: an inequality broken.
    let Verdict::Broken {
        complete: true,
        violation,
    } = verdict("2\n1 > 2\n- - -\n2 | 1")
    else {
        panic!()
    };
    assert_eq!(
        violation.to_string(),
        "r1c1 holds 1 and r1c2 holds 2, against the '>' between them (the left one must be \
         larger)"
    );
    // Incomplete, and the givens already break a rule.
    let Verdict::Broken {
        complete: false,
        violation,
    } = verdict("3\n0 | 1 | 0\n- - - - -\n0 | 0 | 0\n- - - - -\n0 | 1 | 0")
    else {
        panic!()
    };
    assert_eq!(
        violation.to_string(),
        "column 2 holds 1 twice, at r1c2 and r3c2"
    );
    // Incomplete and valid, but without a solution: 1 < a < b in one row of 3 forces b = 3,
    // and a 3 is given below b... in b's column.
    assert_eq!(
        verdict("3\n0 < 0 < 0\n- - - - -\n0 | 0 | 3\n- - - - -\n0 | 0 | 0"),
        Verdict::NoSolution
    );
    // One solution, the example's.
    assert!(matches!(verdict(EXAMPLE), Verdict::Unique(_)));
    // Many: counted, or stopped at a limit.
    let grid = Futoshiki.parse(&empty(4)).unwrap();
    let Verdict::Many {
        first,
        count: 576,
        exact: true,
    } = judge(&grid, None).unwrap()
    else {
        panic!()
    };
    check_solution(&empty(4), &first.to_string());
    assert!(matches!(
        judge(&grid, Some(10)).unwrap(),
        Verdict::Many {
            count: 10,
            exact: false,
            ..
        }
    ));
    // Givens that break a rule leave the encoding without solutions as well.
    let broken = Futoshiki.parse("2\n1 > 2\n- - -\n0 | 0").unwrap();
    let encoding = Futoshiki.encode(&broken).unwrap();
    assert_eq!(Solver::new(&encoding.problem).count().solutions, 0);
}

#[test]
fn the_example_encoding() {
    let grid = Futoshiki.parse(EXAMPLE).unwrap();
    let encoding = Futoshiki.encode(&grid).unwrap();
    insta::assert_snapshot!(encoding.problem.to_dlx());
    // The filter settles the example, so the snapshot above has no threshold items; without
    // its given 2 (4 solutions) some digits stay open, and so does an inequality.
    let grid = Futoshiki.parse(&EXAMPLE.replacen("2 |", "0 |", 1)).unwrap();
    let encoding = Futoshiki.encode(&grid).unwrap();
    insta::assert_snapshot!("the_example_without_its_given_2", encoding.problem.to_dlx());
}

/// Counts the solutions of a puzzle up to `cap` by plain backtracking over the cells in
/// reading order (no exact cover, no filtering): rows, columns, givens and the inequalities
/// with the neighbours already filled.
fn backtrack_count(p: &Text, cap: u64) -> u64 {
    fn go(p: &Text, k: usize, grid: &mut Vec<usize>, count: &mut u64, cap: u64) {
        let n = p.n;
        if *count >= cap {
            return;
        }
        if k == n * n {
            *count += 1;
            return;
        }
        let (r, c) = (k / n, k % n);
        for d in 1..=n {
            let given = p.digits[r][c];
            let fits = (given == 0 || given == d)
                && (0..c).all(|j| grid[r * n + j] != d)
                && (0..r).all(|i| grid[i * n + c] != d)
                && (c == 0
                    || match p.across[r][c - 1] {
                        '<' => grid[k - 1] < d,
                        '>' => grid[k - 1] > d,
                        _ => true,
                    })
                && (r == 0
                    || match p.down[r - 1][c] {
                        '^' => grid[k - n] < d,
                        'v' => grid[k - n] > d,
                        _ => true,
                    });
            if fits {
                grid[k] = d;
                go(p, k + 1, grid, count, cap);
            }
        }
        grid[k] = 0;
    }
    let mut count = 0;
    go(p, 0, &mut vec![0; p.n * p.n], &mut count, cap);
    count
}

#[test]
fn filtered_encodings_count_like_backtracking() {
    // Puzzles of sizes 5 and 6 cut from random Latin squares (so most have solutions), some
    // with a relation or a given changed (so some have none), counted up to 50 both ways:
    // the filter must remove no solution.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |m: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % m as u64) as usize
    };
    let cap = 50;
    let (mut puzzles, mut none, mut unique, mut many) = (0, 0, 0, 0);
    for round in 0..300 {
        let n = 5 + round % 2;
        // A Latin square: (r + c) mod n with rows, columns and symbols shuffled.
        let mut perms = Vec::new();
        for _ in 0..3 {
            let mut p: Vec<usize> = (0..n).collect();
            for i in (1..n).rev() {
                p.swap(i, next(i + 1));
            }
            perms.push(p);
        }
        let square = |r: usize, c: usize| perms[2][(perms[0][r] + perms[1][c]) % n] + 1;
        let mut text = format!("{n}\n");
        for r in 0..n {
            if r > 0 {
                let marks: Vec<&str> = (0..n)
                    .map(|c| match next(2) {
                        0 if square(r - 1, c) < square(r, c) => "^",
                        0 => "v",
                        _ => "-",
                    })
                    .collect();
                text += &marks.join(" - ");
                text += "\n";
            }
            for c in 0..n {
                if c > 0 {
                    text += match next(2) {
                        0 if square(r, c - 1) < square(r, c) => " < ",
                        0 => " > ",
                        _ => " | ",
                    };
                }
                let given = if next(3) == 0 { square(r, c) } else { 0 };
                text += &given.to_string();
            }
            text += "\n";
        }
        if round % 5 == 0 {
            // Break it somewhere: flip the first relation, or change the first given.
            text = match text.find(['<', '>']) {
                Some(at) if round % 10 == 0 => {
                    let flipped = if &text[at..=at] == "<" { ">" } else { "<" };
                    format!("{}{flipped}{}", &text[..at], &text[at + 1..])
                }
                _ => text.replacen(" | 1 ", " | 2 ", 1),
            };
        }
        let expected = backtrack_count(&read(&text), cap);
        let (count, _) = solve(&text, cap as u128);
        assert_eq!(count, expected as u128, "{text}");
        puzzles += 1;
        match expected {
            0 => none += 1,
            1 => unique += 1,
            _ => many += 1,
        }
    }
    // The sample is not degenerate.
    assert!(
        puzzles == 300 && none >= 5 && unique >= 5 && many >= 5,
        "{none} {unique} {many}"
    );
}

/// Puzzles made by Tatham's Unequal (`scripts/tatham-corpus`): each ID reads, the engine
/// finds Tatham's solution and no other, the grade is Unequal's difficulty, and the ID we
/// write is Unequal's description byte for byte.
#[test]
fn tathams_unequal_puzzles_read_solve_grade_and_write_back() {
    let read = check_unequal_corpus("unequal.tsv");
    assert!(read >= 40, "{read} puzzles");
}

/// The same for Unequal's adjacent mode (`5a`: bars between consecutive digits, none between
/// the others), made at every level on sides 4 to 7. The grade is checked against the rating
/// of Unequal's own solver (the fourth column; its standalone build, `-DSTANDALONE_SOLVER`,
/// prints "Game has difficulty ..."): its generator labels 5 of the 9 puzzles it made as
/// extreme (`5adx`, `6adx`, `7adx`) that the solver rates tricky, and our grades agree with
/// the solver on all 42.
#[test]
fn tathams_adjacent_puzzles_read_solve_grade_and_write_back() {
    let read = check_unequal_corpus("unequal-adjacent.tsv");
    assert!(read >= 40, "{read} puzzles");
}

/// Checks every line of a corpus of Unequal's puzzles (see above); the number of lines.
fn check_unequal_corpus(file: &str) -> usize {
    use reductions::futoshiki::{grade, Difficulty, Grade};
    use reductions::generate::Ladder;
    let corpus = fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/tatham")
            .join(file),
    )
    .unwrap();
    let mut read = 0;
    for line in corpus.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        let [params, id, solution] = fields[..3] else {
            panic!("bad line {line}")
        };
        let grid = Futoshiki.parse(id).unwrap();
        assert_eq!(grid.is_adjacent(), params.contains('a'), "{id}");
        let (count, boards) = solve(&grid.to_string(), 10);
        // Tatham writes a digit a character: itself below order 10, and from order 10 on,
        // one less (1 is '0', 10 is '9').
        let digits: String = boards[0]
            .lines()
            .skip(1)
            .step_by(2)
            .flat_map(|row| row.split(|c: char| !c.is_ascii_digit()))
            .filter(|number| !number.is_empty())
            .map(|number| {
                let d: u32 = number.parse().unwrap();
                let shown = if grid.size() < 10 { d } else { d - 1 };
                char::from_digit(shown, 10).unwrap()
            })
            .collect();
        assert_eq!((count, digits.as_str()), (1, solution), "{id}");
        // The level asked of Unequal's generator, or where a fourth column gives it, the
        // rating of Unequal's own solver (see the adjacent corpus's test).
        let difficulty = match fields.get(3) {
            Some(rated) => Difficulty::from_name(rated).unwrap(),
            None => match params.split('d').nth(1).unwrap() {
                "t" => Difficulty::Trivial,
                "e" => Difficulty::Easy,
                "k" => Difficulty::Tricky,
                "x" => Difficulty::Extreme,
                _ => Difficulty::Recursive,
            },
        };
        match grade(&grid) {
            Grade::Unique {
                difficulty: found, ..
            } => assert_eq!(found, difficulty, "{id}"),
            other => panic!("{id}: {other:?}"),
        }
        let (_, desc) = id.split_once(':').unwrap();
        let a = if grid.is_adjacent() { "a" } else { "" };
        assert_eq!(grid.game_id(), format!("{}{a}:{desc}", grid.size()));
        assert_eq!(Futoshiki.parse(&grid.to_string()).unwrap(), grid);
        read += 1;
    }
    read
}

/// Generated puzzles, every difficulty, seeds 0 to 5, sizes 4, 5 and 6: one solution
/// (counted to the end, checked by the rules), the grade asked for or the easier one
/// reported, minimal for that grade (no digit and no inequality can go), reproducible.
#[test]
fn generated_futoshiki_are_unique_graded_minimal_and_reproducible() {
    use reductions::futoshiki::{generate, grade, Difficulty, Grade, Relation};
    use reductions::generate::Ladder;
    use reductions::generate::Rng;
    let mut reached = 0;
    for n in [4, 5, 6] {
        for &difficulty in Difficulty::ALL {
            for seed in 0..6 {
                let made = generate(n, difficulty, &mut Rng::new(seed)).unwrap();
                let text = made.puzzle.to_string();
                let (count, boards) = solve(&text, 10);
                assert_eq!(count, 1, "{text}");
                let Grade::Unique {
                    difficulty: found, ..
                } = grade(&made.puzzle)
                else {
                    panic!("{text}")
                };
                assert_eq!(
                    (found, made.reached),
                    (made.difficulty, found == difficulty)
                );
                reached += usize::from(made.reached);
                let mut solved = made.solution.clone();
                for r in 0..n {
                    for c in 0..n {
                        if r + 1 < n {
                            solved.set_down(r, c, made.puzzle.down(r, c));
                        }
                        if c + 1 < n {
                            solved.set_right(r, c, made.puzzle.right(r, c));
                        }
                    }
                }
                assert_eq!(boards, [solved.to_string()]);
                // Minimal: without any one clue, several solutions or a harder grade.
                let mut fewer_grids = Vec::new();
                for r in 0..n {
                    for c in 0..n {
                        let mut fewer = made.puzzle.clone();
                        if fewer.digit(r, c).is_some() {
                            fewer.set_digit(r, c, None);
                            fewer_grids.push(fewer);
                        }
                        for down in [false, true] {
                            let mut fewer = made.puzzle.clone();
                            if down && r + 1 < n && fewer.down(r, c) != Relation::None {
                                fewer.set_down(r, c, Relation::None);
                                fewer_grids.push(fewer);
                            } else if !down && c + 1 < n && fewer.right(r, c) != Relation::None {
                                fewer.set_right(r, c, Relation::None);
                                fewer_grids.push(fewer);
                            }
                        }
                    }
                }
                for fewer in fewer_grids {
                    match grade(&fewer) {
                        Grade::Several => {}
                        Grade::Unique { difficulty: d, .. } => assert!(d > found, "{text}"),
                        Grade::NoSolution => panic!("{text}"),
                    }
                }
                let again = generate(n, difficulty, &mut Rng::new(seed)).unwrap();
                assert_eq!(again, made);
            }
        }
    }
    assert!(reached >= 3 * 5 * 6 / 2, "{reached}");
}

#[test]
fn unequal_ids_that_are_wrong_are_refused_with_a_place() {
    for (id, column, message) in [
        ("4a:0,0,", 8, "expected 14 more cells (the grid has 16)"),
        ("2a:0R,0,0,0,", 13, "a bar marked on one cell only"),
        ("2:0U,0,0,0,", 4, "found 'U' at the edge of the grid"),
        (
            "2:3,0,0,0,",
            3,
            "expected a digit (0 for an empty cell) from 0 to 2, found 3",
        ),
        ("2:0,0,", 7, "expected 2 more cells (the grid has 4)"),
        (
            "2:0R,0L,0,0,",
            13,
            "two neighbours each marked greater than the other",
        ),
        ("2:0;0,", 4, "expected ',' after a cell"),
    ] {
        let err = Futoshiki.parse(id).unwrap_err();
        assert_eq!(
            (err.line(), err.column()),
            (Some(1), Some(column)),
            "{id}: {err}"
        );
        assert!(err.to_string().contains(message), "{id}: {err}");
    }
}

/// A full grid that keeps the Latin rules but breaks an inequality is graded as no
/// solution, at every rung (the rules that ignore inequalities still check them at the end).
#[test]
fn a_full_grid_against_its_inequality_has_no_solution() {
    use reductions::futoshiki::{grade, Grade};
    let grid = Futoshiki.parse("2:1R,2,2,1,").unwrap();
    assert_eq!(grade(&grid), Grade::NoSolution);
    let grid = Futoshiki.parse("2:2R,1,1,2,").unwrap();
    assert!(matches!(grade(&grid), Grade::Unique { .. }));
}

/// Minimal 10 x 10 puzzles of the "recursive" grade (fixtures/hard): exactly one solution
/// with the filter at every node and without it, the same board, valid by the rules.
#[test]
fn hard_puzzles_have_one_solution_with_and_without_the_filter() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hard");
    for seed in [1, 2] {
        let text =
            fs::read_to_string(dir.join(format!("futoshiki-10-recursive-seed{seed}.txt"))).unwrap();
        let (count, boards) = solve(&text, 2);
        assert_eq!(count, 1, "seed {seed}");
        // Without: forcing alone (Knuth's plain search takes seconds here).
        let grid = Futoshiki.parse(&text).unwrap();
        let encoding = Futoshiki.encode(&grid).unwrap();
        let solver = Solver::new(&encoding.problem)
            .propagation(Propagation::Forcing)
            .limit(2);
        let solutions: Vec<_> = solver.solutions().collect();
        assert_eq!(solutions.len(), 1, "seed {seed}");
        let board = Futoshiki.decode(&grid, &encoding.choices_of(solutions[0].options()));
        assert_eq!(board.to_string(), boards[0], "seed {seed}");
    }
}

/// Futoshiki made here in both of Unequal's modes, sides 4 to 7, every level, seeds 1 and 2
/// (`scripts/tatham-load-check`): Unequal loaded each game ID and its own solver finished it,
/// to the solution recorded. The engine finds that solution and no other (the boards checked
/// by the rules here, bars included), the grade is the level asked when it was reached, and
/// seed 1 still makes the same IDs up to tricky.
#[test]
fn our_game_ids_load_in_unequal_and_its_solver_finishes_them() {
    use reductions::futoshiki::{grade, Grade};
    let corpus = fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tatham/unequal-ours.tsv"),
    )
    .unwrap();
    let futoshiki = reductions::registry::find("futoshiki").unwrap();
    let mut adjacent = 0;
    for line in corpus.lines() {
        let [size, difficulty, seed, id, solution] = line.split('\t').collect::<Vec<_>>()[..]
        else {
            panic!("bad line {line}")
        };
        let grid = Futoshiki.parse(id).unwrap();
        assert_eq!(grid.is_adjacent(), size.ends_with('a'), "{id}");
        adjacent += usize::from(grid.is_adjacent());
        let (count, boards) = solve(&grid.to_string(), 10);
        let digits: String = Futoshiki
            .parse(&boards[0])
            .unwrap()
            .to_string()
            .lines()
            .skip(1)
            .step_by(2)
            .flat_map(|row| row.chars().filter(char::is_ascii_digit))
            .collect();
        assert_eq!((count, digits.as_str()), (1, solution), "{id}");
        let Grade::Unique { .. } = grade(&grid) else {
            panic!("{id}")
        };
        if seed == "1" && ["trivial", "easy", "tricky"].contains(&difficulty) {
            let made = futoshiki.generate(size, Some(difficulty), 1).unwrap();
            let again = Futoshiki.parse(&made.puzzle).unwrap();
            assert_eq!(again.game_id(), id, "{size} {difficulty}");
            if made.reached {
                assert_eq!(futoshiki.grade(&made.puzzle).unwrap(), difficulty);
            }
        }
    }
    assert_eq!(adjacent, 40);
}

/// Unequal's adjacent mode on 4 x 4 grids with the bars of a random Latin square, some
/// flipped, some digits given: the engine's count equals the count of the 576 Latin squares,
/// listed here by backtracking, that keep every bar and every absence of one.
#[test]
fn adjacent_counts_equal_brute_force() {
    use reductions::futoshiki::{Grid, Relation};
    use reductions::generate::Rng;
    fn fill(k: usize, square: &mut [usize; 16], out: &mut Vec<[usize; 16]>) {
        if k == 16 {
            out.push(*square);
            return;
        }
        for d in 1..=4 {
            if (0..k).all(|j| square[j] != d || (j / 4 != k / 4 && j % 4 != k % 4)) {
                square[k] = d;
                fill(k + 1, square, out);
            }
        }
    }
    let mut squares = Vec::new();
    fill(0, &mut [0; 16], &mut squares);
    assert_eq!(squares.len(), 576);
    // The pairs of neighbours: (first cell, second cell, right or down).
    let pairs: Vec<(usize, usize)> = (0..16)
        .flat_map(|k| [(k, k + 1), (k, k + 4)])
        .filter(|&(k, j)| j < 16 && (j == k + 4 || k % 4 < 3))
        .collect();
    let mut rng = Rng::new(5);
    let mut nonzero = 0;
    for round in 0..200 {
        let truth = squares[rng.below(576)];
        let mut bars: Vec<bool> = pairs
            .iter()
            .map(|&(k, j)| truth[k].abs_diff(truth[j]) == 1)
            .collect();
        if round % 3 == 1 {
            let flip = rng.below(bars.len());
            bars[flip] = !bars[flip];
        }
        let mut grid = Grid::adjacent(4).unwrap();
        for (&(k, j), &bar) in pairs.iter().zip(&bars) {
            let relation = if bar {
                Relation::Consecutive
            } else {
                Relation::Apart
            };
            if j == k + 1 {
                grid.set_right(k / 4, k % 4, relation);
            } else {
                grid.set_down(k / 4, k % 4, relation);
            }
        }
        for (k, &digit) in truth.iter().enumerate() {
            if round % 2 == 0 && rng.below(6) == 0 {
                grid.set_digit(k / 4, k % 4, Some(digit));
            }
        }
        let expected = squares
            .iter()
            .filter(|square| {
                (0..16).all(|k| grid.digit(k / 4, k % 4).is_none_or(|d| d == square[k]))
                    && pairs
                        .iter()
                        .zip(&bars)
                        .all(|(&(k, j), &bar)| (square[k].abs_diff(square[j]) == 1) == bar)
            })
            .count();
        nonzero += usize::from(expected > 0);
        let (count, _) = solve(&grid.to_string(), 1000);
        assert_eq!(count, expected as u128, "round {round}:\n{grid}");
    }
    assert!(nonzero > 100, "{nonzero}");
}

/// The game IDs of fixtures/hard/unequal-9adr.txt, in order.
fn kept_9adr() -> Vec<String> {
    let kept = fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hard/unequal-9adr.txt"),
    )
    .unwrap();
    kept.lines()
        .filter(|line| !line.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

/// The hardest adjacent puzzles kept (fixtures/hard/unequal-9adr.txt, each proved to have one
/// solution by OR-Tools CP-SAT too): with the reasoning at every node, one board, checked by
/// the rules here, and no other. The filter narrows thousands of nodes on each of the
/// slowest, so a rule that took away a digit of the solution would show as no board.
#[test]
fn kept_9adr_puzzles_have_their_one_solution() {
    let mut read = 0;
    for id in &kept_9adr() {
        let grid = Futoshiki.parse(id).unwrap();
        assert!(grid.is_adjacent() && grid.size() == 9, "{id}");
        let (count, boards) = solve(&grid.to_string(), 2);
        assert_eq!((count, boards.len()), (1, 1), "{id}");
        read += 1;
    }
    assert!(read >= 9, "{read} puzzles");
}

/// Tatham's adjacent puzzles without their givens (the bars alone, so that some have several
/// solutions): the reasoning at every node (the filter alone, as the command runs it, and
/// with forcing) counts what Knuth's plain search counts.
#[test]
fn adjacent_bars_alone_count_alike_with_and_without_reasoning() {
    let corpus = fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/tatham/unequal-adjacent.tsv"),
    )
    .unwrap();
    let (mut grids, mut several) = (0, 0);
    for line in corpus.lines() {
        let id = line.split('\t').nth(1).unwrap();
        let mut grid = Futoshiki.parse(id).unwrap();
        let n = grid.size();
        for cell in 0..n * n {
            grid.set_digit(cell / n, cell % n, None);
        }
        let text = grid.to_string();
        let (plain, _) = solve_with(&text, 1_000, Reasoning::Plain);
        for reasoning in [Reasoning::Default, Reasoning::Forcing] {
            let (reasoned, _) = solve_with(&text, 1_000, reasoning);
            assert_eq!(reasoned, plain, "{id} without its givens, {reasoning:?}");
        }
        grids += 1;
        several += usize::from(plain > 1);
    }
    assert!(
        grids >= 40 && several >= 10,
        "{grids} grids, {several} with several solutions"
    );
}

/// The adjacent mode's filter orders its trials by what they found above each node, which
/// it keeps along the path: one of the slowest kept 9adr puzzles (thousands of nodes, so
/// that the threads split the tree) walks the same tree on one thread and on several.
#[test]
fn the_adjacent_filter_walks_the_same_tree_on_any_number_of_threads() {
    let grid = Futoshiki.parse(&kept_9adr()[2]).unwrap();
    let encoding = Futoshiki.encode(&grid).unwrap();
    let count = |threads| {
        let outcome = Solver::new(&encoding.problem)
            .limit(2)
            .propagation(Futoshiki.propagation_for(&grid))
            .propagator(Futoshiki.propagator(&grid, &encoding).unwrap())
            .threads(threads)
            .count();
        (
            outcome.solutions,
            outcome.stats.nodes,
            outcome.stats.removed,
        )
    };
    let one = count(1);
    assert!(one.0 == 1 && one.1 > 1_000, "{one:?}");
    for threads in [2, 3] {
        assert_eq!(count(threads), one, "{threads} threads");
    }
}
