//! The checks behind the fuzz targets, one function per target, each taking the fuzzer's bytes
//! and panicking on anything but a clear error or a valid problem.
//!
//! This file is shared: the fuzz targets (fuzz/fuzz_targets/) call it through this crate, and
//! the regression test of the main workspace (tests/fuzz.rs) includes it as a module and feeds
//! it every file of tests/fuzz-regressions/, so what the fuzzer once found stays checked in
//! `cargo test` without libFuzzer. It may use only `dlx`, `reductions` and `std`.
//!
//! What "valid" means, for every input that parses:
//! - an error names a line and column inside the input and has a message;
//! - the problem's DLX text reads back to an equal problem, without warnings, and writing it
//!   again gives the same text;
//! - a search bounded by [`NODE_LIMIT`] nodes ends without panicking; every solution it finds
//!   passes [`dlx::verify`], no solution comes twice, and when the search ends within the
//!   limit the count agrees with the solutions listed, with every engine that can run the
//!   problem, and, for at most [`BRUTE_FORCE_OPTIONS`] options, with brute force over every
//!   subset of the options;
//! - a puzzle's solutions decode to boards that solve the puzzle, and puzzles that can be
//!   written back read back the same.
//!
//! Encodings are size-guarded (`MAX_*` below), so that a short input cannot make the fuzzer
//! spend its time and memory on one giant matrix; the parsers themselves get no guard.

use std::fmt::Display;
use std::sync::Mutex;

use dlx::{Engine, OptionId, Problem, Propagation, Solver};
use reductions::text::ParseError;
use reductions::Reduction;

/// The most search nodes one search may spend on one input.
pub const NODE_LIMIT: u64 = 10_000;
/// The most solutions listed, verified and decoded per input.
pub const SOLUTION_LIMIT: u128 = 5;
/// Problems with at most this many options are also counted by brute force.
pub const BRUTE_FORCE_OPTIONS: usize = 12;
/// The largest n-queens board encoded (parsing goes to `queens::MAX_SIZE`).
pub const MAX_QUEENS: usize = 32;
/// The largest sudoku box encoded (a 25 x 25 grid; parsing goes to `sudoku::MAX_BOX`).
pub const MAX_SUDOKU_BOX: usize = 5;
/// The largest arrow board encoded (parsing goes to `arrows::MAX_SIZE`).
pub const MAX_ARROWS: usize = 12;
/// The largest binairo grid encoded (parsing goes to `binairo::MAX_SIZE`).
pub const MAX_BINAIRO: usize = 12;
/// The largest futoshiki grid encoded (parsing goes to `futoshiki::MAX_SIZE`).
pub const MAX_FUTOSHIKI: usize = 16;
/// The most board cells of a `pack` puzzle encoded: about `8 * cells^2` entries.
pub const MAX_PACK_CELLS: usize = 150;
/// The most board cells of a tromino board encoded: about `12 * cells` entries.
pub const MAX_TROMINO_CELLS: usize = 4096;

/// Asserts that an error points into the text: a line of it and a column of that line (or
/// just past its end), and that its message is not empty.
pub fn check_position(text: &str, line: usize, column: usize, error: &dyn Display) {
    let message = error.to_string();
    assert!(!message.trim().is_empty(), "an empty error message");
    let lines: Vec<&str> = text.split('\n').collect();
    assert!(
        (1..=lines.len()).contains(&line),
        "error at line {line}, but the input has {} lines: {message}",
        lines.len()
    );
    let width = lines[line - 1].chars().count();
    assert!(
        (1..=width + 1).contains(&column),
        "error at {line}:{column}, but line {line} has {width} characters: {message}"
    );
}

/// What `parse` makes of a fuzz input; `None` when the input is not UTF-8 or `parse` refuses
/// it, after checking (with [`check_position`]) that the refusal points into the text: every
/// reader of a puzzle file says where its input is wrong.
fn parsed<T>(data: &[u8], parse: impl FnOnce(&str) -> Result<T, ParseError>) -> Option<T> {
    let text = std::str::from_utf8(data).ok()?;
    match parse(text) {
        Ok(value) => Some(value),
        Err(error) => {
            check_error(text, &error);
            None
        }
    }
}

/// Checks that a puzzle reader's error has a place in `text` and that the place is in it.
fn check_error(text: &str, error: &ParseError) {
    let at = error
        .position()
        .unwrap_or_else(|| panic!("an error of a file's reader without a place: {error}"));
    check_position(text, at.line, at.column, error);
}

/// Target `dlx_text`: Knuth's text format, parsed; then everything [`check_problem`] checks,
/// with every engine.
pub fn dlx_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = match dlx::text::parse(text) {
        Ok(parsed) => parsed,
        Err(error) => {
            check_position(text, error.line(), error.column(), &error);
            return;
        }
    };
    let lines = text.split('\n').count();
    for warning in &parsed.warnings {
        assert!((1..=lines).contains(&warning.line), "{warning}");
    }
    check_problem(&parsed.problem, true);
}

/// What [`check_problem`] found.
#[derive(Debug)]
pub struct Checked {
    /// The first solutions (up to [`SOLUTION_LIMIT`]), in the search's order.
    pub solutions: Vec<Vec<OptionId>>,
    /// The number of solutions, if the search ended within [`NODE_LIMIT`] nodes.
    pub count: Option<u128>,
}

/// The invariants of a built problem (see the module docs). `all_engines` also counts with
/// every more general engine.
pub fn check_problem(problem: &Problem, all_engines: bool) -> Checked {
    let written = problem.to_dlx();
    let again = dlx::text::parse(&written)
        .unwrap_or_else(|error| panic!("the writer's output does not parse: {error}\n{written}"));
    assert!(
        again.warnings.is_empty(),
        "the writer's output has warnings: {:?}\n{written}",
        again.warnings
    );
    assert!(
        again.problem == *problem,
        "the writer's output reads back to another problem:\n{written}"
    );
    assert_eq!(
        again.problem.to_dlx(),
        written,
        "the writer is not a fixed point"
    );

    let solver = Solver::new(problem).node_limit(NODE_LIMIT);
    let solutions: Vec<Vec<OptionId>> = solver
        .clone()
        .limit(SOLUTION_LIMIT)
        .solutions()
        .map(|solution| solution.into_options())
        .collect();
    let mut canonical: Vec<Vec<OptionId>> = Vec::new();
    for solution in &solutions {
        if let Err(error) = dlx::verify(problem, solution) {
            panic!("the engine returned a non-solution {solution:?}: {error}\n{written}");
        }
        let mut sorted = solution.clone();
        sorted.sort_unstable();
        assert!(
            !canonical.contains(&sorted),
            "the engine returned {sorted:?} twice\n{written}"
        );
        canonical.push(sorted);
    }

    let own = solver.count();
    let mut exact = Vec::new();
    if own.is_complete() {
        exact.push((solver.engine_used(), own.solutions));
        assert_eq!(
            solutions.len() as u128,
            own.solutions.min(SOLUTION_LIMIT),
            "the count and the solutions listed disagree\n{written}"
        );
    }
    if all_engines {
        for engine in [Engine::C, Engine::M] {
            let solver = Solver::new(problem).engine(engine).node_limit(NODE_LIMIT);
            if solver.engine_used() == problem.engine() {
                continue;
            }
            let outcome = solver.count();
            if outcome.is_complete() {
                exact.push((solver.engine_used(), outcome.solutions));
            }
        }
    }
    // Propagation at every node removes only what no solution uses: the same count.
    for level in [Propagation::Forcing, Propagation::Probing] {
        let outcome = Solver::new(problem)
            .propagation(level)
            .node_limit(NODE_LIMIT)
            .count();
        if outcome.is_complete() {
            exact.push((solver.engine_used(), outcome.solutions));
        }
    }
    if let Some(&(_, count)) = exact.first() {
        assert!(
            exact.iter().all(|&(_, other)| other == count),
            "engines disagree: {exact:?}\n{written}"
        );
        if problem.option_count() <= BRUTE_FORCE_OPTIONS {
            let brute = brute_force(problem);
            assert_eq!(
                count, brute,
                "the engines count {count}, brute force {brute}\n{written}"
            );
        }
    }
    Checked {
        solutions,
        count: exact.first().map(|&(_, count)| count),
    }
}

/// The number of subsets of the options that [`dlx::verify`] accepts.
fn brute_force(problem: &Problem) -> u128 {
    let n = problem.option_count();
    let mut count = 0;
    let mut chosen = Vec::with_capacity(n);
    for mask in 0u32..1 << n {
        chosen.clear();
        chosen.extend((0..n).filter(|k| mask >> k & 1 == 1).map(OptionId::new));
        if dlx::verify(problem, &chosen).is_ok() {
            count += 1;
        }
    }
    count
}

/// Encodes a parsed puzzle (which must succeed), checks its problem, and decodes every
/// solution found to a board (whose `Display` must not panic).
fn check_reduction<R: Reduction>(reduction: &R, puzzle: &R::Puzzle) -> Vec<R::Board> {
    check_reduction_counted(reduction, puzzle).0
}

/// [`check_reduction`], and the number of solutions if the search ended within the limit.
fn check_reduction_counted<R: Reduction>(
    reduction: &R,
    puzzle: &R::Puzzle,
) -> (Vec<R::Board>, Option<u128>) {
    let encoding = reduction
        .encode(puzzle)
        .unwrap_or_else(|error| panic!("a parsed puzzle does not encode: {error}"));
    let checked = check_problem(&encoding.problem, false);
    let boards = checked
        .solutions
        .iter()
        .map(|solution| {
            let board = reduction.decode(puzzle, &encoding.choices_of(solution));
            let _ = board.to_string();
            board
        })
        .collect();
    (boards, checked.count)
}

/// Whether `value` is new to `seen` (and then adds it): puzzles that depend on a size or a
/// date alone are solved once per process, so that the fuzzer spends its time on the parser.
fn first_time<T: PartialEq>(seen: &Mutex<Vec<T>>, value: T) -> bool {
    let mut seen = seen.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if seen.contains(&value) {
        return false;
    }
    seen.push(value);
    true
}

/// Target `calendar`: a date (`dlx calendar DATE`), then the puzzle of that date.
pub fn calendar(data: &[u8]) {
    use reductions::calendar::{Calendar, Date};
    use reductions::polyomino::PieceBoard;

    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let date = match Calendar.parse(text) {
        Ok(date) => date,
        Err(error) => {
            assert!(
                !error.to_string().trim().is_empty(),
                "an empty error message"
            );
            return;
        }
    };
    assert!(
        Date::all().any(|d| d == date),
        "{date:?} is no date of a leap year"
    );
    let again: Date = format!("{}-{}", date.month(), date.day())
        .parse()
        .unwrap_or_else(|error| panic!("{date} does not read back: {error}"));
    assert_eq!(again, date);
    // The puzzle depends on the date alone: solve each of the 366 once per process.
    static SOLVED: Mutex<Vec<Date>> = Mutex::new(Vec::new());
    if !first_time(&SOLVED, date) {
        return;
    }
    let free = Calendar::board_for(date);
    for board in check_reduction(&Calendar, &date) {
        for cell in free.cells() {
            let letter = board.get(cell);
            assert!(
                letter.is_some_and(|c| c != PieceBoard::OPEN && c != PieceBoard::NO_CELL),
                "{date}: cell {cell} is not covered\n{board}"
            );
        }
        for cell in [date.month_cell(), date.day_cell()] {
            assert_eq!(board.get(cell), Some(PieceBoard::OPEN), "{date}\n{board}");
        }
    }
}

/// Target `queens`: a board size (`dlx queens N`), then the n-queens problem (n up to
/// [`MAX_QUEENS`]).
pub fn queens(data: &[u8]) {
    use reductions::queens::Queens;

    let Some(size) = parsed(data, |text| Queens.parse(text)) else {
        return;
    };
    let n = size.get();
    assert_eq!(Queens.parse(&n.to_string()), Ok(size));
    static SOLVED: Mutex<Vec<usize>> = Mutex::new(Vec::new());
    if n > MAX_QUEENS || !first_time(&SOLVED, n) {
        return;
    }
    for board in check_reduction(&Queens, &size) {
        assert_eq!(board.size(), n);
        let queens: Vec<(usize, usize)> = (0..n)
            .map(|row| {
                let col = board.queen_in_row(row);
                (
                    row,
                    col.unwrap_or_else(|| panic!("row {row} has no queen\n{board}")),
                )
            })
            .collect();
        for (k, &(r1, c1)) in queens.iter().enumerate() {
            for &(r2, c2) in &queens[..k] {
                assert!(
                    c1 != c2 && r1.abs_diff(r2) != c1.abs_diff(c2),
                    "queens ({r1},{c1}) and ({r2},{c2}) attack each other\n{board}"
                );
            }
        }
    }
}

/// Target `tromino`: a board file (`dlx tromino --board FILE`, the format of
/// `grid::parse_mask`), then its tilings by L-trominoes (up to [`MAX_TROMINO_CELLS`] cells).
pub fn tromino(data: &[u8]) {
    use reductions::grid::parse_mask;
    use reductions::tromino::Tromino;

    let Some(mask) = parsed(data, |text| Tromino.parse(text)) else {
        return;
    };
    assert!(!mask.is_empty());
    let written = mask.to_string();
    assert_eq!(
        parse_mask(&written).as_ref(),
        Ok(&mask),
        "the board does not read back:\n{written}"
    );
    if mask.len() > MAX_TROMINO_CELLS {
        return;
    }
    for board in check_reduction(&Tromino, &mask) {
        assert_eq!(board.tile_count() as usize * 3, mask.len(), "{board}");
        for row in 0..mask.rows() {
            for col in 0..mask.cols() {
                let cell = reductions::grid::Cell::new(row, col);
                let tile = board.get(cell).unwrap_or(0);
                assert_eq!(tile != 0, mask.contains(cell), "cell {cell}\n{board}");
            }
        }
    }
}

/// Target `pack`: a board file and a pieces file (`dlx pack BOARD PIECES`), separated by the
/// first NUL byte of the input; then the packings (boards up to [`MAX_PACK_CELLS`] cells).
pub fn pack(data: &[u8]) {
    use reductions::pack::Pack;
    use reductions::polyomino::PieceBoard;

    let Some(split) = data.iter().position(|&b| b == 0) else {
        return;
    };
    let (Ok(board_text), Ok(pieces_text)) = (
        std::str::from_utf8(&data[..split]),
        std::str::from_utf8(&data[split + 1..]),
    ) else {
        return;
    };
    let pack = match Pack::from_board_text(board_text) {
        Ok(pack) => pack,
        Err(error) => {
            check_error(board_text, &error);
            return;
        }
    };
    let puzzle = match pack.parse(pieces_text) {
        Ok(puzzle) => puzzle,
        Err(error) if error.position().is_some() => {
            check_error(pieces_text, &error);
            return;
        }
        Err(error) => {
            assert!(
                !error.to_string().trim().is_empty(),
                "an empty error message"
            );
            return;
        }
    };
    let cells = pack.board().len();
    assert_eq!(
        puzzle
            .pieces()
            .iter()
            .map(|p| p.shape().len())
            .sum::<usize>(),
        cells
    );
    if cells > MAX_PACK_CELLS {
        return;
    }
    for board in check_reduction(&pack, &puzzle) {
        for cell in pack.board().cells() {
            let letter = board.get(cell);
            assert!(
                letter.is_some_and(|c| c != PieceBoard::OPEN && c != PieceBoard::NO_CELL),
                "cell {cell} is not covered\n{board}"
            );
        }
        for piece in puzzle.pieces() {
            let drawn = board
                .lines()
                .flat_map(|line| line.chars().collect::<Vec<_>>());
            assert_eq!(
                drawn.filter(|&c| c == piece.name()).count(),
                piece.shape().len(),
                "piece {} is drawn with another size\n{board}",
                piece.name()
            );
        }
    }
}

/// Target `futoshiki`: a grid (`dlx futoshiki FILE`), then its solutions (grids up to
/// [`MAX_FUTOSHIKI`]).
pub fn futoshiki(data: &[u8]) {
    use reductions::futoshiki::Futoshiki;

    let Some(grid) = parsed(data, |text| Futoshiki.parse(text)) else {
        return;
    };
    let written = grid.to_string();
    assert_eq!(
        Futoshiki.parse(&written).as_ref(),
        Ok(&grid),
        "the grid does not read back:\n{written}"
    );
    let _ = grid.violations();
    let n = grid.size();
    if n > MAX_FUTOSHIKI {
        return;
    }
    for solved in check_reduction(&Futoshiki, &grid) {
        assert!(solved.is_complete(), "an incomplete solution\n{solved}");
        assert_eq!(
            solved.violations(),
            [],
            "a solution breaks a rule\n{solved}"
        );
        for row in 0..n {
            for col in 0..n {
                if let Some(given) = grid.digit(row, col) {
                    assert_eq!(
                        solved.digit(row, col),
                        Some(given),
                        "a given changed\n{solved}"
                    );
                }
                assert_eq!(solved.right(row, col), grid.right(row, col));
                assert_eq!(solved.down(row, col), grid.down(row, col));
            }
        }
    }
}

/// Target `sudoku`: a grid (`dlx sudoku FILE`), then its solutions under both encodings,
/// which must agree (boxes up to [`MAX_SUDOKU_BOX`]).
pub fn sudoku(data: &[u8]) {
    use reductions::sudoku::{Mode, Sudoku};

    let reduce = Sudoku { mode: Mode::Reduce };
    let Some(grid) = parsed(data, |text| reduce.parse(text)) else {
        return;
    };
    let written = grid.to_string();
    assert_eq!(
        reduce.parse(&written).as_ref(),
        Ok(&grid),
        "the grid does not read back:\n{written}"
    );
    if grid.box_size() > MAX_SUDOKU_BOX {
        return;
    }
    let side = grid.side();
    let mut counts = Vec::new();
    for mode in [Mode::Reduce, Mode::Force] {
        let (boards, count) = check_reduction_counted(&Sudoku { mode }, &grid);
        counts.extend(count);
        for solved in boards {
            assert!(
                solved.is_complete(),
                "{mode:?}: an incomplete solution\n{solved}"
            );
            assert_eq!(
                solved.conflicts(),
                [],
                "{mode:?}: a solution breaks a rule\n{solved}"
            );
            for row in 0..side {
                for col in 0..side {
                    if let Some(given) = grid.digit(row, col) {
                        assert_eq!(solved.digit(row, col), Some(given), "{mode:?}\n{solved}");
                    }
                }
            }
        }
    }
    if let [reduced, forced] = counts[..] {
        assert_eq!(reduced, forced, "the encodings disagree\n{written}");
    }
}

/// Target `arrows`: a board size (`dlx arrows --size N`), then the arrow board (n up to
/// [`MAX_ARROWS`]), each solution checked against the rules by a checker of its own.
pub fn arrows(data: &[u8]) {
    use reductions::arrows::Arrows;
    use std::collections::HashSet;

    let Some(size) = parsed(data, |text| Arrows.parse(text)) else {
        return;
    };
    let n = size.get();
    assert!(n % 2 == 0 && n >= 2, "{n}");
    assert_eq!(Arrows.parse(&n.to_string()), Ok(size));
    static SOLVED: Mutex<Vec<usize>> = Mutex::new(Vec::new());
    if n > MAX_ARROWS || !first_time(&SOLVED, n) {
        return;
    }
    for board in check_reduction(&Arrows, &size) {
        assert_eq!(board.size(), n);
        // What each arrow points at: a grid point, a side across and a side along.
        let mut pointed: HashSet<(char, usize, usize)> = HashSet::new();
        for r in 0..n {
            for c in 0..n {
                let arrow = board
                    .arrow(r, c)
                    .unwrap_or_else(|| panic!("cell ({r},{c}) has no arrow\n{board}"));
                let row = if arrow.is_up() { r } else { r + 1 };
                let col = if arrow.is_left() { c } else { c + 1 };
                for target in [('k', row, col), ('h', row, c), ('v', r, col)] {
                    assert!(
                        pointed.insert(target),
                        "two arrows point at {target:?}\n{board}"
                    );
                }
            }
        }
        let count = |cells: &mut dyn Iterator<Item = (usize, usize)>, up: bool| {
            cells
                .filter(|&(r, c)| {
                    board
                        .arrow(r, c)
                        .is_some_and(|a| if up { a.is_up() } else { a.is_left() })
                })
                .count()
        };
        let ups: Vec<usize> = (0..n)
            .map(|r| count(&mut (0..n).map(|c| (r, c)), true))
            .collect();
        let lefts: Vec<usize> = (0..n)
            .map(|c| count(&mut (0..n).map(|r| (r, c)), false))
            .collect();
        assert!(
            ups.iter().chain(&lefts).all(|&k| k == n / 2),
            "rows with {ups:?} arrows up, columns with {lefts:?} left\n{board}"
        );
    }
}

/// Target `binairo`: a grid (`dlx binairo FILE`), then its solutions under both encodings,
/// which must agree (n up to [`MAX_BINAIRO`]), each checked against the rules by a checker of
/// its own.
pub fn binairo(data: &[u8]) {
    use reductions::binairo::{Binairo, Strategy};

    let cells = Binairo {
        strategy: Strategy::Cells,
    };
    let Some(grid) = parsed(data, |text| cells.parse(text)) else {
        return;
    };
    let (rows, cols) = (grid.rows(), grid.cols());
    let written = grid.puzzle_text();
    assert_eq!(
        cells.parse(&written).as_ref(),
        Ok(&grid),
        "the grid does not read back:\n{written}"
    );
    let _ = grid.violations();
    if rows.max(cols) > MAX_BINAIRO {
        return;
    }
    let mut counts = Vec::new();
    for strategy in Strategy::ALL {
        let (boards, count) = check_reduction_counted(&Binairo { strategy }, &grid);
        counts.extend(count);
        for solved in boards {
            assert!(solved.violations().is_empty(), "{strategy:?}\n{solved}");
            let digit = |r: usize, c: usize| {
                solved
                    .digit(r, c)
                    .unwrap_or_else(|| panic!("{strategy:?}: ({r},{c}) is blank\n{solved}"))
            };
            let row_lines: Vec<Vec<u8>> = (0..rows)
                .map(|r| (0..cols).map(|c| digit(r, c)).collect())
                .collect();
            let columns: Vec<Vec<u8>> = (0..cols)
                .map(|c| (0..rows).map(|r| digit(r, c)).collect())
                .collect();
            for (k, line) in row_lines.iter().chain(&columns).enumerate() {
                assert_eq!(
                    line.iter().filter(|&&d| d == 1).count(),
                    line.len() / 2,
                    "line {k}"
                );
                assert!(
                    line.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])),
                    "{strategy:?}: three equal digits in line {k}\n{solved}"
                );
            }
            if grid.distinct() {
                for lines in [&row_lines, &columns] {
                    for (k, line) in lines.iter().enumerate() {
                        assert!(
                            !lines[..k].contains(line),
                            "{strategy:?}: two equal lines\n{solved}"
                        );
                    }
                }
            }
            for (r, row) in row_lines.iter().enumerate() {
                for (c, &d) in row.iter().enumerate() {
                    if let Some(given) = grid.digit(r, c) {
                        assert_eq!(d, given, "{strategy:?}: a given changed\n{solved}");
                    }
                }
            }
        }
    }
    if let [by_cells, by_patterns] = counts[..] {
        assert_eq!(by_cells, by_patterns, "the encodings disagree\n{written}");
    }
}
