//! Unit tests.

use super::*;

fn err(text: &str) -> String {
    Sudoku::default().parse(text).unwrap_err().to_string()
}

#[test]
fn formats_agree() {
    let sudoku = Sudoku::default();
    let line = sudoku.parse("1.3..4....1..2.4").unwrap();
    let rows = sudoku.parse("1.3.\n.4..\n..1.\n.2.4\n").unwrap();
    let spaced = sudoku.parse("1 0 3 0\n0 4 0 0\n0 0 1 0\n0 2 0 4").unwrap();
    let drawn = sudoku
        .parse("1 . | 3 .\n. 4 | . .\n----+----\n. . | 1 .\n. 2 | . 4\n")
        .unwrap();
    let words = sudoku.parse("1 0 3 0 0 4 0 0 0 0 1 0 0 2 0 4").unwrap();
    assert_eq!(line, rows);
    assert_eq!(line, spaced);
    assert_eq!(line, drawn);
    assert_eq!(line, words);
    assert_eq!(line.to_string(), "1.3.\n.4..\n..1.\n.2.4");
    assert_eq!(line.digit(0, 2), Some(3));
    assert_eq!(line.digit(0, 1), None);
}

#[test]
fn sixteen_by_sixteen() {
    let sudoku = Sudoku::default();
    let mut letters = String::new();
    let mut numbers = String::new();
    for r in 0..16 {
        for c in 0..16 {
            let d = (r * 4 + r / 4 + c) % 16 + 1;
            let shown = (r + c) % 3 != 0;
            letters.push(if shown {
                char::from_digit(d as u32, 36).unwrap().to_ascii_uppercase()
            } else {
                '.'
            });
            numbers += &format!("{} ", if shown { d } else { 0 });
        }
        letters.push('\n');
        numbers.push('\n');
    }
    let a = sudoku.parse(&letters).unwrap();
    let b = sudoku.parse(&numbers).unwrap();
    let c = sudoku.parse(&letters.to_lowercase()).unwrap();
    assert_eq!(a, b);
    assert_eq!(a, c);
    assert_eq!(a.side(), 16);
    assert!(a.conflicts().is_empty());
    assert_eq!(a.to_string() + "\n", letters);
}

#[test]
fn errors_say_where() {
    assert_eq!(
        err("\n\n"),
        "3:1: expected a sudoku grid, found an empty input"
    );
    assert_eq!(
        err("1.3..4....1..2.!"),
        "1:16: expected a digit 1-9, a letter A-Z, or '0', '.' or '_' for an empty cell, \
         found '!'"
    );
    assert_eq!(
        err("1.3..4....1..2.x"),
        "1:16: expected a digit (0 for an empty cell) from 0 to 4, found x"
    );
    assert_eq!(
        err("1.3..4....1..2."),
        "1:1: expected one line of side^2 cells (16, 36, 64, 81, ... up to 64^2; a side that \
         is not prime) or side lines of side cells, found one line of 15 cells"
    );
    assert_eq!(
        err("1.3.\n.4..\n..1.\n"),
        "1:1: expected side lines of side cells (4, 6, 8, 9, ... up to 64 lines; a side \
         that is not prime) or one line of side^2 cells, found 3 lines"
    );
    assert_eq!(
        err("1.3.\n.4..\n..1\n.2.4"),
        "3:4: expected 4 cells in a row, found 3"
    );
    assert_eq!(
        err("1 0 3 0\n0 4 0 0\n0 0 1 0 0\n0 2 0 4"),
        "3:10: expected 4 cells in a row, found 5"
    );
    assert_eq!(
        err("1.3.\n.4..\n..5.\n.2.4"),
        "3:3: expected a digit (0 for an empty cell) from 0 to 4, found 5"
    );
    assert_eq!(
        err("1 0 3 0\n0 4 0 0\n0 0 1 0\n0 2 0 12"),
        "4:7: expected a digit (0 for an empty cell) from 0 to 4, found 12"
    );
    assert_eq!(
        err("1 0 3 0\n0 4 0 0\n0 0 1 0\n0 2 0 x4"),
        "4:7: expected a number, or '0', '.' or '_' for an empty cell, found 'x'"
    );
    assert_eq!(
        err("1 0 3 0\n0 4 0 0\n0 0 1 0\n0 2 0 4x"),
        "4:8: expected a blank between two numbers, found 'x'"
    );
    assert_eq!(
        err("1 0 3 0\n0 4 0 0\n0 0 1 0\n0 2 0 4!"),
        "4:8: expected a blank between two numbers, found '!'"
    );
    // Grouped characters: the count is what is wrong.
    let grouped = format!("1.. 4.7 ..\n{}", "1.. 4.7 ...\n".repeat(8));
    assert_eq!(err(&grouped), "1:11: expected 9 cells in a row, found 8");
    // Without blanks, a bad character is reported as such.
    assert_eq!(
        err("1.3!\n.4..\n..1.\n.2.4"),
        "1:4: expected a digit 1-9, a letter A-Z, or '0', '.' or '_' for an empty cell, \
         found '!'"
    );
    // 65 lines: refused before anything is allocated for them.
    assert!(err(&"1\n".repeat(65)).contains("found 65 lines"));
    assert!(err(&".".repeat(9usize.pow(4))).contains("found one line of 6561 cells"));
    // A line of digits one too long, or too short, is not one number of a 1 x 1 grid.
    for wrong in ["1".repeat(82), "3".repeat(80), "12".to_owned()] {
        let found = format!("found one line of {} cells", wrong.len());
        assert!(err(&wrong).contains(&found), "{}", err(&wrong));
    }
}

#[test]
fn conflicts_name_the_house() {
    let grid = Sudoku::default().parse("1..1\n.1..\n....\n...2\n").unwrap();
    let found: Vec<String> = grid.conflicts().iter().map(ToString::to_string).collect();
    assert_eq!(
        found,
        [
            "row 1 holds 1 twice, at r1c1 and r1c4",
            "box 1 holds 1 twice, at r1c1 and r2c2",
        ]
    );
}

/// A grid searched from its givens on the blank grid's problem walks the tree of its own
/// encoding: the same solutions (boards), nodes and updates, for generated puzzles of
/// several box shapes and the same puzzles with clues taken away (many solutions, cut at a
/// limit); and the grids that `encode` gives the plain encoding are left to it: full grids
/// and forced ones have no givens, and the givens of a grid whose givens clash are refused.
#[test]
fn givens_on_the_blank_grid_walk_the_grids_own_tree() {
    use crate::generate::Rng;
    let sudoku = Sudoku::default();
    let mut rng = Rng::new(7);
    let mut compared = 0;
    for (box_rows, box_cols) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (3, 4)] {
        let blank = Grid::with_boxes(box_rows, box_cols).unwrap();
        let blank_encoding = sudoku.encode(&blank).unwrap();
        for _ in 0..4 {
            let made = generate_with_boxes(box_rows, box_cols, Difficulty::Basic, &mut rng)
                .expect("a puzzle");
            let mut sparser = made.puzzle.clone();
            let side = sparser.side();
            for _ in 0..side {
                let cell = rng.below(side * side);
                sparser.set_digit(cell / side, cell % side, None);
            }
            for grid in [made.puzzle, sparser] {
                let givens = sudoku.givens(&grid).expect("givens that do not clash");
                assert_eq!(givens.blank, blank);
                assert_eq!(givens.shape, (box_rows as u64) << 32 | box_cols as u64);
                for &option in &givens.options {
                    let fill = blank_encoding.choice(option);
                    assert_eq!(grid.digit(fill.row, fill.col), Some(fill.digit));
                }
                let own = sudoku.encode(&grid).unwrap();
                let from_givens = dlx::Solver::new(&blank_encoding.problem)
                    .given(&givens.options)
                    .unwrap();
                let count = |solver: dlx::Solver<'_>| {
                    let outcome = solver.limit(40).count();
                    (
                        outcome.solutions,
                        outcome.stats.nodes,
                        outcome.stats.updates,
                    )
                };
                let expected = count(dlx::Solver::new(&own.problem));
                assert_eq!(count(from_givens.clone()), expected, "{grid}");
                // The bit sets (which keep counts per level on sudokus) too.
                let bits = |solver: dlx::Solver<'_>| {
                    let solver = solver.tree(dlx::Tree::Bitsets);
                    let outcome = solver.clone().limit(40).count();
                    assert_eq!(outcome.stats.tree, dlx::Tree::Bitsets);
                    (outcome.solutions, outcome.stats.nodes)
                };
                let given_bits = dlx::Solver::new(&blank_encoding.problem)
                    .tree(dlx::Tree::Bitsets)
                    .given(&givens.options)
                    .unwrap();
                assert_eq!(
                    bits(given_bits),
                    bits(dlx::Solver::new(&own.problem)),
                    "{grid}"
                );
                let boards = |encoding: &Encoding<Fill>, solver: dlx::Solver<'_>| {
                    solver
                        .limit(5)
                        .solutions()
                        .map(|solution| {
                            sudoku.decode(&grid, &encoding.choices_of(solution.options()))
                        })
                        .collect::<Vec<_>>()
                };
                assert_eq!(
                    boards(&blank_encoding, from_givens),
                    boards(&own, dlx::Solver::new(&own.problem))
                );
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 48);
    let clashing = sudoku.parse("1..1\n....\n....\n....\n").unwrap();
    let full = sudoku.parse("1234\n3412\n2143\n4321\n").unwrap();
    let clash = sudoku.givens(&clashing).expect("givens as they are");
    let clash_blank = sudoku.encode(&clash.blank).unwrap();
    assert!(dlx::Solver::new(&clash_blank.problem)
        .given(&clash.options)
        .is_err());
    assert_eq!(sudoku.givens(&full), None);
    let forced = Sudoku { mode: Mode::Force };
    assert_eq!(
        forced.givens(&sudoku.parse("1...\n....\n....\n....\n").unwrap()),
        None
    );
}

/// `has_conflicts` says whether `conflicts` finds any, on random grids of several shapes
/// (up to 64 x 64, whose digit 64 takes the masks' last bit) with few and many digits, a
/// third of them sudoku-Xs.
#[test]
fn has_conflicts_agrees_with_conflicts() {
    let mut rng = crate::generate::Rng::new(3);
    let mut both = [0; 2];
    for round in 0..3000 {
        let (rows, cols) = [(2, 2), (2, 3), (3, 3), (3, 4), (8, 8)][round % 5];
        let mut grid = Grid::with_boxes(rows, cols).unwrap();
        grid.set_diagonals(round % 3 == 0);
        let side = grid.side();
        for _ in 0..rng.below(side + 2) {
            let cell = rng.below(side * side);
            grid.set_digit(cell / side, cell % side, Some(1 + rng.below(side)));
        }
        let expected = !grid.conflicts().is_empty();
        assert_eq!(grid.has_conflicts(), expected, "{grid}");
        both[usize::from(expected)] += 1;
    }
    assert!(both.iter().all(|&n| n > 300), "{both:?}");
}

#[test]
fn sudoku_x_counts_as_backtracking_does_in_both_modes() {
    let mut rng = crate::generate::Rng::new(5);
    for round in 0..60 {
        let (rows, cols) = if round % 3 == 0 { (2, 2) } else { (2, 3) };
        let side = rows * cols;
        let mut grid = Grid::with_boxes(rows, cols).unwrap();
        grid.set_diagonals(true);
        // A few givens, some of them clashing (the plain encoding's case).
        for _ in 0..rng.below(side + 4) + 4 {
            let cell = rng.below(side * side);
            grid.cells[cell] = 1 + rng.below(side) as u8;
        }
        let mut cells: Vec<usize> = grid.cells.iter().map(|&d| d as usize).collect();
        let expected = completions(&grid, &mut cells, 0);
        for mode in [Mode::Reduce, Mode::Force] {
            let sudoku = Sudoku { mode };
            let encoding = sudoku.encode(&grid).unwrap();
            let mut found = 0;
            dlx::Solver::new(&encoding.problem).for_each(|options| {
                let solved = sudoku.decode(&grid, &encoding.choices_of(options));
                let mut cells: Vec<usize> = solved.cells.iter().map(|&d| d as usize).collect();
                // Each completion keeps the givens and is one the backtracking accepts.
                assert!(grid
                    .cells
                    .iter()
                    .zip(&solved.cells)
                    .all(|(&given, &found)| given == 0 || given == found));
                assert_eq!(completions(&solved, &mut cells, 0), 1, "{solved}");
                found += 1;
                std::ops::ControlFlow::Continue(())
            });
            assert_eq!(found, expected, "{mode:?}\n{grid}");
        }
    }
    // The empty grids: 48 of side 4 (of 288 sudoku), counted above as a doc example too.
    let mut empty = Grid::new(2).unwrap();
    empty.set_diagonals(true);
    let mut cells = vec![0; 16];
    assert_eq!(completions(&empty, &mut cells, 0), 48);
}

#[test]
fn sudoku_x_reads_writes_and_names_its_diagonals() {
    let sudoku = Sudoku::default();
    let grid = sudoku.parse("x\n1...\n.2..\n....\n...1\n").unwrap();
    assert!(grid.has_diagonals());
    assert_eq!(grid.to_string(), "X\n1...\n.2..\n....\n...1");
    assert_eq!(sudoku.parse(&grid.to_string()).unwrap(), grid);
    assert_eq!(sudoku.parse(&grid.game_id()).unwrap(), grid);
    assert!(grid.has_conflicts());
    let conflicts = grid.conflicts();
    assert_eq!(conflicts.len(), 1);
    assert_eq!(
        conflicts[0].to_string(),
        "the diagonal from the top left holds 1 twice, at r1c1 and r4c4"
    );
    // Without the line `X`, the same cells are a plain sudoku, with no conflict.
    let plain = sudoku.parse("1...\n.2..\n....\n...1\n").unwrap();
    assert!(!plain.has_diagonals() && !plain.has_conflicts());
}

/// The completions of `grid` counted by plain backtracking over its houses (rows, columns,
/// its boxes or jigsaw regions as `box_of` says, and the diagonals of a sudoku-X).
fn completions(grid: &Grid, cells: &mut [usize], at: usize) -> u64 {
    let side = grid.side();
    if at == side * side {
        return 1;
    }
    let (r, c) = (at / side, at % side);
    let fits = |cells: &[usize], digit: usize| {
        (0..side * side).all(|k| {
            let (rr, cc) = (k / side, k % side);
            let shares = rr == r
                || cc == c
                || grid.box_of(rr, cc) == grid.box_of(r, c)
                || (grid.has_diagonals() && rr == cc && r == c)
                || (grid.has_diagonals() && rr + cc + 1 == side && r + c + 1 == side);
            k == at || !shares || cells[k] != digit
        })
    };
    if cells[at] != 0 {
        return if fits(cells, cells[at]) {
            completions(grid, cells, at + 1)
        } else {
            0
        };
    }
    let mut count = 0;
    for digit in 1..=side {
        if fits(cells, digit) {
            cells[at] = digit;
            count += completions(grid, cells, at + 1);
            cells[at] = 0;
        }
    }
    count
}

#[test]
fn jigsaw_counts_as_backtracking_does() {
    // Regions of Solo's 4j and 5j puzzles (a prime side has no boxes, but regions).
    let shapes = [
        Sudoku::default().parse("4j:c3a4d1a2c,aa_a_badaba").unwrap(),
        Grid::jigsaw(5, b"aabbbaacbbdacccddeceddeee").unwrap(),
    ];
    let mut rng = crate::generate::Rng::new(9);
    for round in 0..40 {
        let mut grid = shapes[round % 2].clone();
        grid.cells.fill(0);
        grid.set_diagonals(round % 4 == 3);
        let side = grid.side();
        for _ in 0..rng.below(side) + 3 {
            let cell = rng.below(side * side);
            grid.cells[cell] = 1 + rng.below(side) as u8;
        }
        let mut cells: Vec<usize> = grid.cells.iter().map(|&d| d as usize).collect();
        let expected = completions(&grid, &mut cells, 0);
        for mode in [Mode::Reduce, Mode::Force] {
            let sudoku = Sudoku { mode };
            let encoding = sudoku.encode(&grid).unwrap();
            let found = dlx::Solver::new(&encoding.problem).count().solutions;
            assert_eq!(found, u128::from(expected), "{mode:?}\n{grid}");
        }
        // Its text reads back as the same grid.
        assert_eq!(Sudoku::default().parse(&grid.to_string()).unwrap(), grid);
    }
}

/// A grid on one line read the short way is the grid that the long way reads, and a line
/// the short way declines is read (or refused) the long way: random lines of 16, 36, 81 and
/// 100 characters, most of them cells, some not.
#[test]
fn one_line_grids_read_the_short_way_as_the_long_way() {
    let mut rng = crate::generate::Rng::new(7);
    let alphabet: Vec<char> = "..........0_123456789ABCGZabz X#|é\r".chars().collect();
    let mut short = 0;
    for round in 0..20_000 {
        let side = [4, 6, 9, 10][round % 4];
        let mut line: String = (0..side * side)
            .map(|_| {
                // Mostly cells of the side, now and then anything.
                if rng.below(40) == 0 {
                    alphabet[rng.below(alphabet.len())]
                } else {
                    alphabet[rng.below(side.min(12) + 1)]
                }
            })
            .collect();
        if rng.below(3) == 0 {
            line.push('\n');
        }
        let long = format::parse_grid_text(&line);
        match format::one_line_grid(&line) {
            Some(grid) => {
                short += 1;
                assert_eq!(long.as_ref(), Ok(&grid), "{line:?}");
            }
            None => assert!(long.is_err() || line.contains(['|', ' ', '#']), "{line:?}"),
        }
        assert_eq!(format::parse_grid(&line), long, "{line:?}");
    }
    assert!(short > 5_000, "{short}");
}

/// A grid's one line (a batch's answer) is its plain text's rows joined, and reads back as the
/// grid, on random grids of sides 4 to 35; there is none for a sudoku-X, whose plain text has
/// a line more.
#[test]
fn one_line_is_the_plain_text_joined() {
    let mut rng = crate::generate::Rng::new(11);
    let mut written = 0;
    for round in 0..600 {
        let (rows, cols) = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (5, 7)][round % 6];
        let mut grid = Grid::with_boxes(rows, cols).unwrap();
        let side = grid.side();
        for _ in 0..rng.below(side * side) {
            let cell = rng.below(side * side);
            grid.set_digit(cell / side, cell % side, Some(1 + rng.below(side)));
        }
        grid.set_diagonals(round % 5 == 0);
        let joined: String = grid.to_string().lines().collect::<String>() + "\n";
        match grid.one_line() {
            Some(line) => {
                assert_eq!(line, joined, "{grid}");
                // Read back as it was, its digits past 9 in upper case as docs/cli.md writes them.
                assert_eq!(Sudoku::default().parse(&line).as_ref(), Ok(&grid), "{line}");
                assert!(!line.contains(|c: char| c.is_ascii_lowercase()), "{line}");
                written += 1;
            }
            None => assert!(grid.has_diagonals(), "{grid}"),
        }
    }
    assert!(written > 400, "{written}");
}
