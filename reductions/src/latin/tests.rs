//! Unit tests.

use std::ops::ControlFlow;

use super::*;

/// Whether `solved` fills every cell of `puzzle`, keeps its givens, and has each digit once
/// in every row and column: checked here from the text alone, apart from the module's code.
fn solves(puzzle: &str, solved: &str) -> bool {
    let givens: Vec<Vec<char>> = puzzle
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| line.chars().filter(|c| !c.is_whitespace()).collect())
        .collect();
    let grid: Vec<Vec<char>> = solved.lines().map(|line| line.chars().collect()).collect();
    let n = givens.len();
    let digits: Vec<char> = (1..=n as u32)
        .map(|d| char::from_digit(d, 36).unwrap().to_ascii_uppercase())
        .collect();
    let is_permutation = |line: Vec<char>| {
        let mut line = line;
        line.sort_unstable();
        line == digits
    };
    grid.len() == n
        && grid.iter().all(|row| row.len() == n)
        && (0..n).all(|r| is_permutation(grid[r].clone()))
        && (0..n).all(|c| is_permutation((0..n).map(|r| grid[r][c]).collect()))
        && (0..n).all(|r| {
            (0..n).all(|c| {
                matches!(givens[r][c], '.' | '_' | '0')
                    || givens[r][c].to_ascii_uppercase() == grid[r][c]
            })
        })
}

/// The completions of `cells` (row-major, 0 empty) counted by plain backtracking.
fn brute_force(n: usize, cells: &mut [usize], at: usize) -> u64 {
    if at == n * n {
        return 1;
    }
    let (row, col) = (at / n, at % n);
    let fits = |cells: &[usize], digit: usize| {
        (0..n).all(|k| {
            (k == col || cells[row * n + k] != digit) && (k == row || cells[k * n + col] != digit)
        })
    };
    if cells[at] != 0 {
        return if fits(cells, cells[at]) {
            brute_force(n, cells, at + 1)
        } else {
            0
        };
    }
    let mut count = 0;
    for digit in 1..=n {
        if fits(cells, digit) {
            cells[at] = digit;
            count += brute_force(n, cells, at + 1);
            cells[at] = 0;
        }
    }
    count
}

/// Every solution of `text`, checked, and their number.
fn solutions(text: &str) -> u64 {
    let square = Latin.parse(text).unwrap();
    let encoding = Latin.encode(&square).unwrap();
    let mut count = 0;
    dlx::Solver::new(&encoding.problem).for_each(|options| {
        let solved = Latin.decode(&square, &encoding.choices_of(options));
        assert!(solves(text, &solved.to_string()), "{text}\n->\n{solved}");
        count += 1;
        ControlFlow::Continue(())
    });
    count
}

#[test]
fn empty_squares_count_as_published() {
    // OEIS A002860: the Latin squares of order n.
    for (n, count) in [(1, 1), (2, 2), (3, 12), (4, 576)] {
        assert_eq!(
            solutions(&format!("{}\n", ".".repeat(n)).repeat(n)),
            count,
            "order {n}"
        );
    }
    let square = Latin
        .parse(&format!("{}\n", ".".repeat(5)).repeat(5))
        .unwrap();
    let encoding = Latin.encode(&square).unwrap();
    let problem = &encoding.problem;
    assert_eq!(dlx::Solver::new(problem).count().solutions, 161_280);
}

#[test]
fn random_puzzles_count_as_backtracking_does() {
    let mut rng = crate::generate::Rng::new(7);
    for round in 0..200 {
        let n = 2 + round % 4;
        let mut cells = vec![0; n * n];
        let givens = rng.below(2 * n);
        for _ in 0..givens {
            let at = rng.below(n * n);
            cells[at] = 1 + rng.below(n);
        }
        let text: String = cells
            .chunks(n)
            .map(|row| {
                let row: String = row
                    .iter()
                    .map(|&d| char::from_digit(d as u32, 36).unwrap())
                    .collect();
                row.replace('0', ".") + "\n"
            })
            .collect();
        let expected = brute_force(n, &mut cells.clone(), 0);
        assert_eq!(solutions(&text), expected, "{text}");
    }
}

#[test]
fn bad_squares_are_refused_where_they_go_wrong() {
    let error = |text: &str| Latin.parse(text).unwrap_err().to_string();
    assert_eq!(
        error("12\n3.\n"),
        "2:1: expected a digit from 1 to 2, found 3"
    );
    assert_eq!(
        error("1.\n.x\n"),
        "2:2: expected a digit from 1 to 2, found x (33)"
    );
    assert_eq!(
        error("1.\n.?\n"),
        "2:2: expected a digit, or `.` for an empty cell, found '?'"
    );
    assert_eq!(
        error("1..\n.\n...\n"),
        "2:2: expected 3 cells (as many as the rows), found 1"
    );
    assert!(error("").contains("empty input"));
    assert!(error(&"1\n".repeat(36)).starts_with("36:1: expected a side from 1 to 35"));
    // Blanks between cells, and blank lines around the square, are skipped.
    let square = Latin.parse("\n\n 1 . \n . 1 \n\n").unwrap();
    assert_eq!(square.to_string(), "1.\n.1");
    assert!(square.is_latin(false) && !square.is_latin(true));
}
