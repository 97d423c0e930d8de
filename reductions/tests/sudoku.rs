//! Sudoku: the four hard 9 x 9 puzzles of the engine corpus (our encoding is Knuth's, file for
//! file), 4 x 4, 16 x 16 and 25 x 25 grids, every printed board checked by a checker written
//! here from the rules.

use std::fs;
use std::path::PathBuf;

use dlx::{Problem, Solver};
use reductions::sudoku::{Mode, Sudoku};
use reductions::Reduction;

fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sudoku");
    fs::read_to_string(path.join(name)).unwrap()
}

fn corpus(name: &str) -> Problem {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/corpus");
    Problem::from_dlx(&fs::read_to_string(path.join(name)).unwrap()).unwrap()
}

/// The cells of a printed board (1-9 then A-Z, or numbers separated by blanks), 0 for `.`;
/// the line `X` of a sudoku-X, the regions of a jigsaw and the cages of a killer, skipped.
fn cells(board: &str) -> Vec<Vec<usize>> {
    board
        .lines()
        .take_while(|line| *line != "regions" && *line != "cages")
        .filter(|line| *line != "X")
        .map(|line| {
            if line.contains(' ') {
                line.split_whitespace()
                    .map(|w| w.parse().unwrap())
                    .collect()
            } else {
                line.chars()
                    .map(|ch| match ch {
                        '.' => 0,
                        _ => ch.to_digit(36).unwrap() as usize,
                    })
                    .collect()
            }
        })
        .collect()
}

/// Panics unless `solved` fills the puzzle's grid (`puzzle` as the crate prints it) by the
/// rules: givens kept, each row, column and box (of `h` rows and `w` columns) a permutation
/// of 1..=side.
fn check_solution(puzzle: &str, solved: &str, (h, w): (usize, usize)) {
    let (p, s) = (cells(puzzle), cells(solved));
    let side = p.len();
    assert_eq!(h * w, side, "boxes of {h} x {w} on a side of {side}");
    assert_eq!(s.len(), side, "{solved}");
    let all: Vec<usize> = (1..=side).collect();
    for r in 0..side {
        assert_eq!(s[r].len(), side, "{solved}");
        for c in 0..side {
            if p[r][c] != 0 {
                assert_eq!(p[r][c], s[r][c], "given ({r},{c}) changed:\n{solved}");
            }
        }
        let mut row = s[r].clone();
        row.sort();
        assert_eq!(row, all, "row {r}:\n{solved}");
        let mut col: Vec<usize> = (0..side).map(|k| s[k][r]).collect();
        col.sort();
        assert_eq!(col, all, "column {r}:\n{solved}");
        let mut bx: Vec<usize> = (0..side)
            .map(|k| s[r / h * h + k / w][r % h * w + k % w])
            .collect();
        bx.sort();
        assert_eq!(bx, all, "box {r}:\n{solved}");
    }
}

/// Solves under `mode`, checks every solution (exact cover and rules), returns them.
fn solve(sudoku: Sudoku, text: &str) -> Vec<String> {
    let grid = sudoku.parse(text).unwrap();
    let encoding = sudoku.encode(&grid).unwrap();
    let mut boards = Vec::new();
    let solver = Solver::new(&encoding.problem).propagation(sudoku.propagation_for(&grid));
    for solution in solver.solutions() {
        dlx::verify(&encoding.problem, solution.options()).unwrap();
        let board = sudoku
            .decode(&grid, &encoding.choices_of(solution.options()))
            .to_string();
        check_solution(&grid.to_string(), &board, grid.box_shape());
        assert!(sudoku.parse(&board).unwrap().is_complete());
        boards.push(board);
        assert!(boards.len() <= 1000, "too many solutions");
    }
    boards
}

const HARD: [&str; 4] = ["escargot", "golden_nugget", "inkala2012", "platinum_blonde"];

#[test]
fn the_hard_ones_are_knuths_encodings_with_one_solution() {
    let reduce = Sudoku::default();
    let force = Sudoku { mode: Mode::Force };
    for name in HARD {
        let text = fixture(&format!("{name}.txt"));
        let grid = reduce.parse(&text).unwrap();
        assert_eq!(
            reduce.encode(&grid).unwrap().problem,
            corpus(&format!("sudoku-{name}.dlx")),
            "{name}"
        );
        assert_eq!(
            force.encode(&grid).unwrap().problem,
            corpus(&format!("sudoku-{name}-full.dlx")),
            "{name}"
        );
        let one = solve(reduce, &text);
        assert_eq!(one.len(), 1, "{name}");
        assert_eq!(solve(force, &text), one, "{name}");
    }
}

#[test]
fn four_by_four() {
    let boards = solve(Sudoku::default(), &fixture("4x4.txt"));
    assert_eq!(boards, ["1234\n3412\n2143\n4321"]);
    // An empty 4 x 4 grid: 288 solutions (the number of 4 x 4 sudoku grids), in both modes.
    let empty = "....\n".repeat(4);
    let mut all = solve(Sudoku::default(), &empty);
    assert_eq!(all.len(), 288);
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 288);
    assert_eq!(solve(Sudoku { mode: Mode::Force }, &empty).len(), 288);
}

#[test]
fn sixteen_and_twenty_five() {
    for (name, side) in [("16x16.txt", 16), ("25x25.txt", 25)] {
        let text = fixture(name);
        let boards = solve(Sudoku::default(), &text);
        assert_eq!(boards.len(), 1, "{name}");
        assert_eq!(boards[0].lines().count(), side);
        // Letters beyond 9: G on 16 x 16, up to P on 25 x 25.
        let last = char::from_digit(side as u32, 36)
            .unwrap()
            .to_ascii_uppercase();
        assert!(boards[0].contains(last), "{}", boards[0]);
    }
}

#[test]
fn clashing_givens_have_no_solution() {
    let sudoku = Sudoku::default();
    // Two 1s in row 0 (and nothing else wrong): Knuth's reduced matrix would not see it.
    let grid = sudoku.parse("1..1\n....\n....\n....\n").unwrap();
    assert_eq!(
        grid.conflicts()[0].to_string(),
        "row 1 holds 1 twice, at r1c1 and r1c4"
    );
    let encoding = sudoku.encode(&grid).unwrap();
    assert_eq!(encoding.problem.primary_count(), 16 + 3 * 16);
    assert_eq!(Solver::new(&encoding.problem).count().solutions, 0);
    // A box clash only.
    let grid = sudoku.parse("1...\n.1..\n....\n....\n").unwrap();
    assert_eq!(grid.conflicts().len(), 1);
    let encoding = sudoku.encode(&grid).unwrap();
    assert_eq!(Solver::new(&encoding.problem).count().solutions, 0);
}

#[test]
fn full_grids() {
    // A full grid: its own solution when it keeps the rules, none when it does not.
    for mode in [Mode::Reduce, Mode::Force] {
        let sudoku = Sudoku { mode };
        assert_eq!(
            solve(sudoku, "1234\n3412\n2143\n4321\n"),
            ["1234\n3412\n2143\n4321"]
        );
        assert!(solve(sudoku, "1234\n3412\n2143\n4312\n").is_empty());
    }
}

#[test]
fn four_by_four_encoding() {
    let sudoku = Sudoku::default();
    let grid = sudoku.parse(&fixture("4x4.txt")).unwrap();
    insta::assert_snapshot!(sudoku.encode(&grid).unwrap().problem.to_dlx());
}

/// Puzzles made by Tatham's Solo (`scripts/tatham-corpus`): each ID reads, the engine finds
/// Tatham's solution and no other, the grade is Solo's difficulty, and the ID we write for
/// the grid is Solo's description byte for byte.
#[test]
fn tathams_solo_puzzles_read_solve_grade_and_write_back() {
    let read = check_solo_corpus("solo.tsv");
    assert!(read >= 30, "{read} puzzles");
}

/// The same for Solo's sudoku-X (`x` in the parameters: the long diagonals hold every digit
/// once too), made at every level on 2x2, 2x3 and 3x3 boxes.
#[test]
fn tathams_sudoku_x_puzzles_read_solve_grade_and_write_back() {
    let read = check_solo_corpus("solo-x.tsv");
    assert!(read >= 25, "{read} puzzles");
}

/// The same for Solo's jigsaw sudoku (`9j`: irregular regions for boxes), sides 4 to 9, with
/// and without `x`.
#[test]
fn tathams_jigsaw_puzzles_read_solve_grade_and_write_back() {
    let read = check_solo_corpus("solo-jigsaw.tsv");
    assert!(read >= 35, "{read} puzzles");
}

/// Killer sudoku made by Solo (`k`: cages whose digits differ and add up to their sums) at
/// every level on 2x2, 2x3 and 3x3 boxes, with `x` and as jigsaws: each ID reads, the engine
/// finds Tatham's solution and no other, which keeps every cage by a check written here, the
/// ID we write is Solo's description byte for byte, our text reads back to the same grid,
/// and the grade is Solo's difficulty.
#[test]
fn tathams_killer_puzzles_read_solve_grade_and_write_back() {
    use reductions::sudoku::{grade, Grade};
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tatham/solo-killer.tsv");
    let corpus = fs::read_to_string(path).unwrap();
    let mut read = 0;
    for line in corpus.lines() {
        let [params, id, solution] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("bad line {line}")
        };
        let grid = Sudoku::default().parse(id).unwrap();
        let cages = grid.cages().expect("a killer sudoku");
        let boards = solve(Sudoku::default(), id);
        let digits: Vec<usize> = cells(&boards[0]).concat();
        let tatham: Vec<usize> = solution.split(',').map(|d| d.parse().unwrap()).collect();
        assert_eq!((boards.len(), &digits), (1, &tatham), "{id}");
        // The cages by the rules: from Solo's own walls and clue grid, read here.
        let side = grid.side();
        let mut seen = vec![0u64; cages.count()];
        let mut sums = vec![0u32; cages.count()];
        for (k, &d) in digits.iter().enumerate() {
            let g = cages.cage_of(k);
            assert_eq!(seen[g] >> d & 1, 0, "{id}: cage {g} holds {d} twice");
            seen[g] |= 1 << d;
            sums[g] += d as u32;
        }
        let clues: Vec<u32> = cages.sums_by_cell();
        for (g, &sum) in sums.iter().enumerate() {
            let first = cages.cells(g).next().unwrap();
            assert_eq!(Some(sum), cages.sum(g), "{id}: cage {g}");
            assert_eq!(clues[first], sum);
        }
        // The letters after the size (`3x3`, `9`): `x` a sudoku-X, `j` a jigsaw.
        let variant = params.trim_start_matches(|c: char| c.is_ascii_digit());
        let variant = match variant.strip_prefix('x') {
            Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit()) => {
                rest.trim_start_matches(|c: char| c.is_ascii_digit())
            }
            _ => variant,
        };
        assert_eq!(grid.has_diagonals(), variant.contains('x'), "{id}");
        assert_eq!(grid.regions().is_some(), variant.contains('j'), "{id}");
        let (_, desc) = id.split_once(':').unwrap();
        let (ours, our_desc) = grid
            .game_id()
            .split_once(':')
            .map(|(p, d)| (p.to_owned(), d.to_owned()))
            .unwrap();
        assert_eq!(our_desc, desc, "{id}");
        assert!(params.starts_with(&ours), "{params} {ours}");
        assert_eq!(
            Sudoku::default().parse(&grid.to_string()).unwrap(),
            grid,
            "{grid}"
        );
        // Graded at Solo's level: his killer deductions, at every grade.
        let difficulty = solo_difficulty(params);
        match grade(&grid) {
            Grade::Unique {
                difficulty: found, ..
            } => assert_eq!(found, difficulty, "{id}"),
            other => panic!("{id}: {other:?}"),
        }
        assert_eq!(
            grid.to_string().lines().count(),
            side * 3
                + 2
                + usize::from(grid.has_diagonals())
                + grid.regions().map_or(0, |_| side + 1)
        );
        read += 1;
    }
    assert!(read >= 60, "{read} puzzles");
}

/// Killer sudoku on 4 x 4 grids with random cages (random joins of neighbours) and the sums
/// of a random full grid, some changed by one or left out, some with givens:
/// the engine's count in both encodings equals the count of the 288 full grids, listed here
/// by backtracking, that keep every cage.
#[test]
fn killer_counts_equal_brute_force() {
    use reductions::generate::Rng;
    use reductions::sudoku::{Cages, Grid};
    // The 288 grids, by backtracking on rows, columns and boxes.
    fn fill(k: usize, grid: &mut [usize; 16], out: &mut Vec<[usize; 16]>) {
        if k == 16 {
            out.push(*grid);
            return;
        }
        let (r, c) = (k / 4, k % 4);
        for d in 1..=4 {
            let clash = (0..16).take(k).any(|j| {
                grid[j] == d && (j / 4 == r || j % 4 == c || (j / 8, j % 4 / 2) == (r / 2, c / 2))
            });
            if !clash {
                grid[k] = d;
                fill(k + 1, grid, out);
            }
        }
    }
    let mut all = Vec::new();
    fill(0, &mut [0; 16], &mut all);
    assert_eq!(all.len(), 288);
    let mut rng = Rng::new(11);
    let mut nonzero = 0;
    for round in 0..300 {
        let truth = all[rng.below(288)];
        // Cages: each cell its own, then random joins of side-by-side cages whose digits in
        // `truth` stay apart (so `truth` keeps them, unless a sum is changed).
        let mut cage: Vec<usize> = (0..16).collect();
        for _ in 0..rng.below(14) {
            let k = rng.below(16);
            let n = if rng.below(2) == 0 && k % 4 < 3 {
                k + 1
            } else if k < 12 {
                k + 4
            } else {
                continue;
            };
            let (a, b) = (cage[k], cage[n]);
            let joined: Vec<usize> = (0..16)
                .filter(|&j| cage[j] == a || cage[j] == b)
                .map(|j| truth[j])
                .collect();
            let apart = joined
                .iter()
                .all(|d| joined.iter().filter(|&e| e == d).count() == 1);
            if a != b && apart {
                for x in cage.iter_mut() {
                    if *x == b {
                        *x = a;
                    }
                }
            }
        }
        let mut sum_of = [0u32; 16];
        for k in 0..16 {
            if cage.iter().position(|&x| x == cage[k]) == Some(k) {
                let total: usize = (0..16)
                    .filter(|&j| cage[j] == cage[k])
                    .map(|j| truth[j])
                    .sum();
                sum_of[k] = total as u32;
                if round % 4 == 1 && rng.below(3) == 0 {
                    sum_of[k] += 1;
                }
                if rng.below(6) == 0 {
                    sum_of[k] = 0; // no sum: the digits only differ
                }
            }
        }
        let mut grid = Grid::new(2).unwrap();
        grid.set_cages(Some(Cages::new(4, &cage, &sum_of).unwrap()));
        for (k, &digit) in truth.iter().enumerate() {
            if round % 3 == 0 && rng.below(8) == 0 {
                grid.set_digit(k / 4, k % 4, Some(digit));
            }
        }
        let expected = all
            .iter()
            .filter(|full| {
                (0..16).all(|k| grid.digit(k / 4, k % 4).is_none_or(|d| d == full[k]))
                    && (0..16).all(|k| {
                        let members: Vec<usize> = (0..16).filter(|&j| cage[j] == cage[k]).collect();
                        let digits: Vec<usize> = members.iter().map(|&j| full[j]).collect();
                        let distinct = digits
                            .iter()
                            .all(|d| digits.iter().filter(|&e| e == d).count() == 1);
                        let total: usize = digits.iter().sum();
                        let first = members[0];
                        distinct && (sum_of[first] == 0 || sum_of[first] as usize == total)
                    })
            })
            .count();
        nonzero += usize::from(expected > 0);
        for mode in [Mode::Reduce, Mode::Force] {
            let boards = solve(Sudoku { mode }, &grid.to_string());
            assert_eq!(boards.len(), expected, "round {round}, {mode:?}:\n{grid}");
        }
    }
    assert!(nonzero > 100, "{nonzero}");
}

/// Killer sudoku made here (`9k`, `6k`, `9xk`, `9jk`) at every difficulty up to extreme,
/// seeds 0 and 1: no givens, the grade asked for, one solution (counted by the engine to the
/// end) that keeps every cage by a check written here, and the same puzzle from the same
/// seed.
#[test]
fn generated_killer_sudoku_are_unique_graded_and_reproducible() {
    use reductions::generate::{Ladder, Rng};
    use reductions::sudoku::{generate_like_before, grade, variant_of_size, Difficulty, Grade};
    let mut reached = 0;
    for size in ["9k", "6k", "9xk", "9jk"] {
        let (side, variant) = variant_of_size(size);
        let shape = variant.shape(side).unwrap();
        for &difficulty in &Difficulty::ALL[..5] {
            for seed in 0..2 {
                let make = || {
                    generate_like_before(&shape, difficulty, &mut Rng::new(seed), None)
                        .unwrap()
                        .unwrap()
                };
                let made = make();
                let text = made.puzzle.to_string();
                let givens = (0..side * side)
                    .filter(|k| made.puzzle.digit(k / side, k % side).is_some())
                    .count();
                assert_eq!(givens, 0, "{text}");
                assert_eq!(made.puzzle.has_diagonals(), variant.diagonals);
                assert_eq!(made.puzzle.regions().is_some(), variant.jigsaw);
                let boards = solve(Sudoku::default(), &text);
                assert_eq!(boards, [made.solution.to_string()], "{text}");
                let cages = made.puzzle.cages().unwrap();
                let digits = cells(&boards[0]).concat();
                for g in 0..cages.count() {
                    let mut inside: Vec<usize> = cages.cells(g).map(|k| digits[k]).collect();
                    let sum: usize = inside.iter().sum();
                    inside.sort_unstable();
                    inside.dedup();
                    assert_eq!(inside.len(), cages.cells(g).count(), "{text}");
                    assert_eq!(cages.sum(g), Some(sum as u32), "{text}");
                }
                let Grade::Unique {
                    difficulty: found, ..
                } = grade(&made.puzzle)
                else {
                    panic!("{text}")
                };
                assert_eq!(found, made.difficulty, "{text}");
                assert_eq!(made.reached, found == difficulty, "{text}");
                reached += usize::from(made.reached);
                assert_eq!(make().puzzle, made.puzzle);
            }
        }
    }
    // 4 sizes x 5 difficulties x 2 seeds.
    assert!(reached >= 30, "{reached} of 40 reached");
}

/// Sudoku made here in every variant Solo has (boxes, x, jigsaw, killer and their mixes), at
/// every difficulty (`scripts/tatham-load-check`): Tatham's Solo loaded each game ID, and
/// solved it to the solution recorded. The same seeds still make the same IDs (checked for
/// seed 1 up to advanced), and the engine finds that solution and no other.
///
/// Solo calls the six unreasonable killers ambiguous ('-' in the file): inside its search, a
/// branch that its rule of 45 refutes (a part of a house left with a sum of 0 or less) sets
/// `dlev->diff` where it means the branch's `diff`, which `got_result` then overwrites, so the
/// dead branch counts as a second solution (solo.c, `if (sum <= 0)` in the killer
/// intersections); with that one line fixed, Solo rates five of them unreasonable (unique),
/// and its `solver_killer_sums` asserts on the sixth. Our engine counts one solution for each.
#[test]
fn our_game_ids_load_in_solo_and_solve_to_its_solutions() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tatham/solo-ours.tsv");
    let corpus = fs::read_to_string(path).unwrap();
    let sudoku = reductions::registry::find("sudoku").unwrap();
    let (mut checked, mut ambiguous_in_solo) = (0, 0);
    for line in corpus.lines() {
        let [size, difficulty, seed, id, solution] = line.split('\t').collect::<Vec<_>>()[..]
        else {
            panic!("bad line {line}")
        };
        // The quick ones made again (all of them take half a minute in a test build).
        if seed == "1" && !["extreme", "unreasonable"].contains(&difficulty) {
            let made = sudoku.generate(size, Some(difficulty), 1).unwrap();
            let grid = Sudoku::default().parse(&made.puzzle).unwrap();
            assert_eq!(grid.game_id(), id, "{size} {difficulty} {seed}");
        }
        let boards = solve(Sudoku::default(), id);
        assert_eq!(boards.len(), 1, "{id}");
        if solution == "-" {
            ambiguous_in_solo += 1;
            continue;
        }
        let digits: Vec<usize> = cells(&boards[0]).concat();
        let tatham: Vec<usize> = solution.split(',').map(|d| d.parse().unwrap()).collect();
        assert_eq!(digits, tatham, "{id}");
        checked += 1;
    }
    assert!(
        checked >= 120 && ambiguous_in_solo <= 6,
        "{checked}, {ambiguous_in_solo}"
    );
}

/// The difficulty Solo was asked for in `params` (`3x3dt`: trivial); every 2x2 puzzle is
/// trivial whatever is asked, as Solo finds all of them so.
fn solo_difficulty(params: &str) -> reductions::sudoku::Difficulty {
    use reductions::sudoku::Difficulty;
    match params.split('d').nth(1).unwrap() {
        _ if params.starts_with("2x2") => Difficulty::Trivial,
        "t" => Difficulty::Trivial,
        "b" => Difficulty::Basic,
        "i" => Difficulty::Intermediate,
        "a" => Difficulty::Advanced,
        "e" => Difficulty::Extreme,
        _ => Difficulty::Unreasonable,
    }
}

/// Checks every line of a corpus of Solo's puzzles (see above); the number of lines.
fn check_solo_corpus(file: &str) -> usize {
    use reductions::sudoku::{grade, Grade};
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/tatham")
        .join(file);
    let corpus = fs::read_to_string(path).unwrap();
    let mut read = 0;
    for line in corpus.lines() {
        let [params, id, solution] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("bad line {line}")
        };
        let boards = solve(Sudoku::default(), id);
        let digits: Vec<usize> = cells(&boards[0]).concat();
        let tatham: Vec<usize> = solution.split(',').map(|d| d.parse().unwrap()).collect();
        assert_eq!((boards.len(), digits), (1, tatham), "{id}");
        let difficulty = solo_difficulty(params);
        let grid = Sudoku::default().parse(id).unwrap();
        assert_eq!(grid.has_diagonals(), params.contains("xd"), "{id}");
        assert_eq!(grid.regions().is_some(), params.contains('j'), "{id}");
        match grade(&grid) {
            Grade::Unique {
                difficulty: found, ..
            } => assert_eq!(found, difficulty, "{id}"),
            other => panic!("{id}: {other:?}"),
        }
        let (_, desc) = id.split_once(':').unwrap();
        let (rows, cols) = grid.box_shape();
        let x = if grid.has_diagonals() { "x" } else { "" };
        let params = match grid.regions() {
            Some(_) => format!("{}j{x}", grid.side()),
            None => format!("{rows}x{cols}{x}"),
        };
        assert_eq!(grid.game_id(), format!("{params}:{desc}"));
        // Our text says the same puzzle (boxes of another shape than the side's own are
        // kept by game IDs only).
        let own_shape = reductions::sudoku::shape_of_side(grid.side()) == Some(grid.box_shape());
        if grid.regions().is_some() || own_shape {
            assert_eq!(Sudoku::default().parse(&grid.to_string()).unwrap(), grid);
        }
        read += 1;
    }
    read
}

/// Generated puzzles, for every difficulty and seeds 0 to 7 on 4 x 4, 9 x 9 and 6 x 6 (boxes
/// of 2 x 3) grids: one
/// solution (counted by the engine to the end and checked by the rules), the grade asked
/// for (or, when not reached, the easier one reported), minimal for that grade, and the same
/// puzzle again from the same seed.
#[test]
fn generated_sudoku_are_unique_graded_minimal_and_reproducible() {
    use reductions::generate::Ladder;
    use reductions::generate::{solutions, Rng, Solutions};
    use reductions::sudoku::{generate, generate_with_boxes, grade, Difficulty, Grade};
    let sudoku = Sudoku::default();
    assert_eq!(
        generate(3, Difficulty::Basic, &mut Rng::new(9)),
        generate_with_boxes(3, 3, Difficulty::Basic, &mut Rng::new(9))
    );
    let mut reached = 0;
    for (box_rows, box_cols) in [(2, 2), (3, 3), (2, 3)] {
        for &difficulty in Difficulty::ALL {
            for seed in 0..8 {
                let made = generate_with_boxes(box_rows, box_cols, difficulty, &mut Rng::new(seed))
                    .unwrap();
                assert_eq!(made.puzzle.box_shape(), (box_rows, box_cols));
                let text = made.puzzle.to_string();
                assert_eq!(solve(sudoku, &text), [made.solution.to_string()], "{text}");
                let Grade::Unique {
                    difficulty: found, ..
                } = grade(&made.puzzle)
                else {
                    panic!("{text}")
                };
                assert_eq!(found, made.difficulty, "{text}");
                assert_eq!(made.reached, found == difficulty, "{text}");
                assert!(found <= difficulty);
                reached += usize::from(made.reached);
                // Solo makes 2 x 3 puzzles up to advanced; so do we, for every seed.
                if (box_rows, box_cols) == (2, 3) && difficulty <= Difficulty::Advanced {
                    assert!(made.reached, "2x3 {difficulty}, seed {seed}");
                }
                // Minimal: without any one clue, several solutions or a harder grade.
                for k in 0..text.len() {
                    let mut fewer = text.clone().into_bytes();
                    if !fewer[k].is_ascii_digit() {
                        continue;
                    }
                    fewer[k] = b'.';
                    let fewer = sudoku.parse(std::str::from_utf8(&fewer).unwrap()).unwrap();
                    match grade(&fewer) {
                        Grade::Several => {}
                        Grade::Unique { difficulty: d, .. } => assert!(d > found, "{text}"),
                        Grade::NoSolution => panic!("{text}"),
                    }
                    if found == Difficulty::Unreasonable {
                        assert_eq!(solutions(&sudoku, &fewer), Ok(Solutions::Several));
                    }
                }
                let again =
                    generate_with_boxes(box_rows, box_cols, difficulty, &mut Rng::new(seed))
                        .unwrap();
                assert_eq!(again, made);
            }
        }
    }
    // Every 9 x 9 difficulty is reached for every seed.
    assert!(reached >= 6 * 8, "{reached}");
}

#[test]
fn solo_ids_that_we_do_not_read_are_refused_with_a_place() {
    for (id, column, message) in [
        ("8x9:a", 3, "expected the box size from 1 to 8, found 9"),
        ("4j:p", 5, "expected a comma, then the jigsaw's regions"),
        (
            "4j:p,aa",
            8,
            "expected 25 cell sides in the jigsaw's regions, found 4",
        ),
        (
            "4j:p,x",
            7,
            "the jigsaw's regions: expected 4 regions, found 1",
        ),
        (
            "2x2k:p",
            7,
            "expected a comma, then the killer sudoku's cages",
        ),
        (
            "2x2k:p,abbbbbbba",
            17,
            "expected a comma, then the cages' sums",
        ),
        (
            "2x2k:p,abbbbbbb",
            16,
            "expected 25 cell sides in the cages, found 23",
        ),
        ("2x2k:p,x,10o", 10, "the cage at (0,0) has 16 cells"),
        ("2x2k:p,abbbbbbba,10a10e10a10", 29, "expected 5 more cells"),
        (
            "2x2k:p,abbbbbbba,10a10e10a10e,",
            30,
            "expected the end of the ID",
        ),
        ("3x3dt#12345", 6, "random-seed ID"),
        ("2x2:a5", 6, "expected a digit from 1 to 4, found 5"),
        ("2x2:z", 5, "expected 16 cells in the description, found 17"),
        ("2x2:a!", 6, "expected a digit 1-9"),
        ("2x2:a1", 7, "expected 14 more cells (the grid has 16)"),
        ("9x9:a", 1, "expected the box size from 1 to 8, found 9"),
    ] {
        let err = Sudoku::default().parse(id).unwrap_err();
        assert_eq!(
            (err.line(), err.column()),
            (Some(1), Some(column)),
            "{id}: {err}"
        );
        assert!(err.to_string().contains(message), "{id}: {err}");
    }
}

/// Knuth's four hard 9 x 9 puzzles and a 25 x 25 made here (fixtures/hard): every reasoning
/// level in the search finds the same single board, valid by the rules.
#[test]
fn hard_puzzles_have_one_solution_at_every_propagation_level() {
    let made = fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/hard/sudoku-25-basic-seed1.txt"),
    )
    .unwrap();
    let texts: Vec<String> = HARD
        .iter()
        .map(|name| fixture(&format!("{name}.txt")))
        .chain([made])
        .collect();
    let sudoku = Sudoku::default();
    for text in &texts {
        let grid = sudoku.parse(text).unwrap();
        let encoding = sudoku.encode(&grid).unwrap();
        let mut found = Vec::new();
        for level in dlx::Propagation::ALL {
            let solver = Solver::new(&encoding.problem).propagation(level).limit(2);
            let solutions: Vec<_> = solver.solutions().collect();
            assert_eq!(solutions.len(), 1, "{level}\n{text}");
            let board = sudoku
                .decode(&grid, &encoding.choices_of(solutions[0].options()))
                .to_string();
            check_solution(&grid.to_string(), &board, grid.box_shape());
            found.push(board);
        }
        assert!(found.windows(2).all(|w| w[0] == w[1]));
    }
}

/// Past 16 x 16 the search forces at every node: a minimal 25 x 25 puzzle of the intermediate
/// grade (made with seed 1) takes 37 million nodes without it, a few hundred with it. Up to
/// 16 x 16 the search stays Knuth's.
#[test]
fn large_grids_are_searched_with_forcing() {
    let sudoku = Sudoku::default();
    let large = sudoku.parse(&fixture("25x25-intermediate.txt")).unwrap();
    assert_eq!(sudoku.propagation_for(&large), dlx::Propagation::Forcing);
    let encoding = sudoku.encode(&large).unwrap();
    let outcome = Solver::new(&encoding.problem)
        .propagation(sudoku.propagation_for(&large))
        .node_limit(100_000)
        .limit(2)
        .count();
    assert_eq!((outcome.solutions, outcome.stopped), (1, None));
    assert!(outcome.stats.nodes < 1000, "{:?}", outcome.stats);
    // The generator's last word on uniqueness searches the same way.
    assert_eq!(
        reductions::generate::solutions(&sudoku, &large),
        Ok(reductions::generate::Solutions::One)
    );
    for name in ["inkala2012.txt", "16x16.txt"] {
        let grid = sudoku.parse(&fixture(name)).unwrap();
        assert_eq!(
            sudoku.propagation_for(&grid),
            dlx::Propagation::None,
            "{name}"
        );
    }
}

/// Sudoku-X made at each level, as Solo makes them (`3x3x` at trivial to advanced, and on
/// 2 x 3 boxes): one solution that keeps both diagonals, graded at the level asked for, and
/// its game ID written with `x`.
#[test]
fn sudoku_x_is_made_at_every_level() {
    use reductions::generate::Rng;
    use reductions::sudoku::{generate_like_before, grade, Difficulty, Grade, Grid};
    for (rows, cols, difficulty) in [
        (3, 3, Difficulty::Trivial),
        (3, 3, Difficulty::Basic),
        (3, 3, Difficulty::Intermediate),
        (3, 3, Difficulty::Advanced),
        (2, 3, Difficulty::Intermediate),
    ] {
        let mut shape = Grid::with_boxes(rows, cols).unwrap();
        shape.set_diagonals(true);
        let made = generate_like_before(&shape, difficulty, &mut Rng::new(7), None)
            .unwrap()
            .unwrap();
        assert!(made.reached, "{rows}x{cols} {difficulty}");
        assert!(made.puzzle.has_diagonals() && made.solution.has_diagonals());
        assert!(made
            .puzzle
            .game_id()
            .starts_with(&format!("{rows}x{cols}x:")));
        assert_eq!(
            grade(&made.puzzle),
            Grade::Unique {
                difficulty,
                search_nodes: 0
            },
            "{}",
            made.puzzle
        );
        // The one solution, found by the engine, is the one made, and keeps the rules.
        let boards = solve(Sudoku::default(), &made.puzzle.to_string());
        assert_eq!(boards, [made.solution.to_string()]);
        assert!(made.solution.is_complete() && made.solution.conflicts().is_empty());
    }
}

/// Jigsaws made at each level, on sides with boxes and without (7), with and without the
/// diagonals: regions of side cells each, each connected; one solution (the one made);
/// graded at the level asked for; an ID of Solo's `9j` form that reads back as the grid.
#[test]
fn jigsaws_are_made_with_connected_regions_at_every_level() {
    use reductions::generate::Rng;
    use reductions::sudoku::{generate_like_before, grade, Difficulty, Grade, Grid};
    for (side, diagonals, difficulty) in [
        (9, false, Difficulty::Trivial),
        (9, false, Difficulty::Basic),
        (9, false, Difficulty::Intermediate),
        (9, false, Difficulty::Advanced),
        (7, false, Difficulty::Basic),
        (6, true, Difficulty::Basic),
    ] {
        let rows: Vec<usize> = (0..side * side).map(|k| k / side).collect();
        let mut shape = Grid::jigsaw(side, &rows).unwrap();
        shape.set_diagonals(diagonals);
        let made = generate_like_before(&shape, difficulty, &mut Rng::new(11), None)
            .unwrap()
            .unwrap();
        let what = format!("{side}j {difficulty}");
        assert!(made.reached, "{what}");
        let regions = made.puzzle.regions().expect("a jigsaw").to_vec();
        assert_eq!(made.solution.regions(), Some(&regions[..]), "{what}");
        assert_eq!(made.puzzle.has_diagonals(), diagonals);
        for region in 0..side as u8 {
            let cells: Vec<usize> = (0..side * side).filter(|&k| regions[k] == region).collect();
            assert_eq!(cells.len(), side, "{what}");
            // Connected: a walk from its first cell reaches all of it.
            let mut reached = vec![cells[0]];
            let mut k = 0;
            while k < reached.len() {
                let cell = reached[k];
                let (r, c) = (cell / side, cell % side);
                let beside = [
                    (r > 0).then(|| cell - side),
                    (r + 1 < side).then(|| cell + side),
                    (c > 0).then(|| cell - 1),
                    (c + 1 < side).then(|| cell + 1),
                ];
                for next in beside.into_iter().flatten() {
                    if regions[next] == region && !reached.contains(&next) {
                        reached.push(next);
                    }
                }
                k += 1;
            }
            assert_eq!(
                reached.len(),
                side,
                "{what}: region {region} is not connected"
            );
        }
        assert_eq!(
            grade(&made.puzzle),
            Grade::Unique {
                difficulty,
                search_nodes: 0
            },
            "{what}"
        );
        let boards = solve(Sudoku::default(), &made.puzzle.to_string());
        assert_eq!(boards, [made.solution.to_string()], "{what}");
        let id = made.puzzle.game_id();
        assert!(id.starts_with(&format!("{side}j")), "{id}");
        assert_eq!(Sudoku::default().parse(&id).unwrap(), made.puzzle);
    }
}

/// Killer sudoku's text: mistakes in the cages and sums are refused with their place.
#[test]
fn killer_text_mistakes_are_refused_with_a_place() {
    let grid = "....\n....\n....\n....\n";
    let cages = "cages\naabb\naabb\nccdd\nccdd\n";
    for (text, (line, column), message) in [
        (format!("{grid}{cages}"), (5, 1), "expected a line `sums`"),
        (
            format!("{grid}cages\naabb\naabb\nccdd\nsums\n10 . 10 .\n. . . .\n10 . 10 .\n. . . .\n"),
            (5, 1),
            "expected 4 lines of cage names after `cages`",
        ),
        (
            format!("{grid}{cages}sums\n10 . 10 .\n. . . .\n10 . 10 .\n"),
            (10, 1),
            "expected 4 lines of sums after `sums`",
        ),
        (
            format!("{grid}{cages}sums\n10 . 10\n. . . .\n10 . 10 .\n. . . .\n"),
            (11, 1),
            "expected 4 sums in a row",
        ),
        (
            format!("{grid}{cages}sums\n10 . x .\n. . . .\n10 . 10 .\n. . . .\n"),
            (11, 6),
            "expected a cage's sum, or '.' for none",
        ),
        // 0 once meant "no sum" without a word.
        (
            format!("{grid}{cages}sums\n10 . 0 .\n. . . .\n10 . 10 .\n. . . .\n"),
            (11, 6),
            "expected a cage's sum ('.' for none) from 1 to 64, found 0",
        ),
        (
            format!("{grid}{cages}sums\n10 5 10 .\n. . . .\n10 . 10 .\n. . . .\n"),
            (5, 1),
            "has two sums, 10 and 5",
        ),
        (
            format!("{grid}cages\naaaa\naabb\nccdd\nccdd\nsums\n10 . . .\n. . 3 .\n10 . 10 .\n. . . .\n"),
            (5, 1),
            "has 6 cells: a cage holds distinct digits, 4 at most",
        ),
    ] {
        let err = Sudoku::default().parse(&text).unwrap_err();
        assert_eq!((err.line(), err.column()), (Some(line), Some(column)), "{text}{err}");
        assert!(err.to_string().contains(message), "{err}");
    }
}
