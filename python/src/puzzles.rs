//! The puzzles by name, through the library's registry ([`reductions::registry`]): solved with
//! its plan, made, graded and explained, as the `dlx` command does them.

use std::time::Instant;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::{interruptible, parse_error, py_count, seconds};

/// Solves a puzzle known by name (`puzzle_names()`) from its text (its own format, or a
/// Tatham game ID) for a task (`first`, `unique`, `all` or `count`) with the library's plan,
/// as the `dlx` command does: a dict of `boards` (their text), `drawings` (the same boards as
/// `Drawing`s), `solutions` (an int) and `complete`. `timeout` (seconds) and `limit` (the most boards of `all`) stop it early, with
/// `complete` false; Ctrl-C raises `KeyboardInterrupt` within a fraction of a second. `pack`
/// and `tile` take their pieces as `text` and a `board` (lines of `.` and `#`).
///
/// >>> solve_puzzle("queens", "8", "count")["solutions"]
/// 92
/// >>> len(solve_puzzle("queens", "8", "all", limit=3)["boards"])
/// 3
/// >>> solve_puzzle("tile", "AA", "count", board="...\n...\n")["solutions"]
/// 3
/// >>> solve_puzzle("queens", "8", "count", up_to_symmetry=True)["solutions"]
/// 12
///
/// `tree` (`links`, `sparse-sets`, `bitsets`, `auto`), `propagation` (`none`, `forcing`,
/// `probing`) and `memo` (a count memoized, or never) change the library's plan as the
/// command's `--tree`, `--propagate` and `--memo`/`--no-memo` do; `node_limit` stops the
/// search after so many nodes, incomplete.
///
/// >>> solve_puzzle("queens", "8", "count", tree="sparse-sets", memo=False)["solutions"]
/// 92
///
/// `random` draws `limit` boards (one by default) uniformly at random, the same for the same
/// `seed` (0 by default).
#[pyfunction]
#[pyo3(signature = (
    name, text, task="first", timeout=None, limit=None, board=None, up_to_symmetry=false,
    tree=None, propagation=None, memo=None, node_limit=None, seed=None
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn solve_puzzle<'py>(
    py: Python<'py>,
    name: &str,
    text: &str,
    task: &str,
    timeout: Option<f64>,
    limit: Option<u64>,
    board: Option<&str>,
    up_to_symmetry: bool,
    tree: Option<&str>,
    propagation: Option<&str>,
    memo: Option<bool>,
    node_limit: Option<u64>,
    seed: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    use reductions::plan::Task;
    let task: Task = task.parse().map_err(PyValueError::new_err)?;
    let overrides = reductions::plan::Overrides {
        tree: tree
            .map(str::parse)
            .transpose()
            .map_err(PyValueError::new_err)?,
        propagation: propagation
            .map(str::parse)
            .transpose()
            .map_err(PyValueError::new_err)?,
        memo,
    };
    let deadline = seconds(timeout, "timeout")?.map(|limit| Instant::now() + limit);
    let puzzle = on_board(py, name, board)?;
    let answer = interruptible(py, |cancel| {
        let limits = reductions::registry::Limits {
            deadline,
            cancel: Some(cancel),
            max_boards: limit,
            up_to_symmetry,
            node_limit,
            overrides,
            seed,
            ..reductions::registry::Limits::default()
        };
        puzzle.solve_within(text, task, &limits)
    })?
    .map_err(|err| registry_error(py, err))?;
    let result = PyDict::new(py);
    result.set_item("boards", PyList::new(py, &answer.boards)?)?;
    let drawings = answer
        .drawings
        .into_iter()
        .map(|drawing| Drawing { drawing });
    result.set_item("drawings", PyList::new(py, drawings)?)?;
    result.set_item("solutions", py_count(py, &answer.solutions)?)?;
    result.set_item("complete", answer.complete)?;
    Ok(result)
}

/// A registry error as the Python exception it is.
fn registry_error(py: Python<'_>, err: reductions::registry::SolveError) -> PyErr {
    match err {
        reductions::registry::SolveError::Parse(err) => {
            parse_error(py, err.to_string(), err.line(), err.column())
        }
        reductions::registry::SolveError::OutOfTime => {
            pyo3::exceptions::PyTimeoutError::new_err(err.to_string())
        }
        err => PyValueError::new_err(err.to_string()),
    }
}

/// The puzzle `name` on `board` where it needs one (`pack`, `tile`), else as
/// [`registered`] finds it.
fn on_board(
    py: Python<'_>,
    name: &str,
    board: Option<&str>,
) -> PyResult<Box<dyn reductions::registry::Puzzle>> {
    match (
        reductions::registry::on_board(name, board.unwrap_or_default()),
        board,
    ) {
        (Some(puzzle), Some(_)) => puzzle.map_err(|err| registry_error(py, err)),
        (Some(_), None) => Err(PyValueError::new_err(format!(
            "{name} needs a board (board=\"...\": lines of '.', a cell, and '#', no cell) \
             besides its pieces"
        ))),
        (None, Some(_)) => Err(PyValueError::new_err(format!(
            "{name} takes no board: only pack and tile do"
        ))),
        (None, None) => registered(name),
    }
}

/// The puzzle as given, before solving, in a solved board's text: its givens in place (a
/// Tatham game ID in the puzzle's own format), or the bare board of a tiling.
///
/// >>> print(puzzle_given("sudoku", "2x2:2d1_3h4"))
/// 2...
/// .13.
/// ....
/// ...4
#[pyfunction]
#[pyo3(signature = (name, text, board=None))]
pub(crate) fn puzzle_given(
    py: Python<'_>,
    name: &str,
    text: &str,
    board: Option<&str>,
) -> PyResult<String> {
    let puzzle = on_board(py, name, board)?;
    py.allow_threads(|| puzzle.given(text))
        .map_err(|err| registry_error(py, err))
}

/// The drawing of the puzzle as given, before solving (the board `puzzle_given` writes).
#[pyfunction]
#[pyo3(signature = (name, text, board=None))]
pub(crate) fn given_drawing(
    py: Python<'_>,
    name: &str,
    text: &str,
    board: Option<&str>,
) -> PyResult<Drawing> {
    let puzzle = on_board(py, name, board)?;
    py.allow_threads(|| puzzle.given_drawing(text))
        .map(|drawing| Drawing { drawing })
        .map_err(|err| registry_error(py, err))
}

/// A board as data, drawn by the renderers that the `dlx` command uses: `svg()` is the picture
/// of `dlx ... --format svg`, `json()` its JSON object, `pretty(color)` its drawing on a
/// terminal, `plain()` its text, `game_id()` its Tatham game ID where it has one.
///
/// >>> drawing = solve_puzzle("queens", "4")["drawings"][0]
/// >>> print(drawing.plain(), end="")
/// .Q..
/// ...Q
/// Q...
/// ..Q.
/// >>> drawing.svg().startswith("<svg ")
/// True
#[pyclass(frozen, eq, module = "dlx._dlx")]
#[derive(PartialEq)]
pub(crate) struct Drawing {
    drawing: reductions::drawing::Drawing,
}

#[pymethods]
impl Drawing {
    /// The board as one standalone SVG document.
    fn svg(&self) -> String {
        draw::svg(&self.drawing)
    }

    /// The board as one JSON object (text).
    fn json(&self) -> String {
        draw::json(&self.drawing)
    }

    /// The board drawn for a terminal: box-drawing lines, colors if `color`.
    #[pyo3(signature = (color=false))]
    fn pretty(&self, color: bool) -> String {
        draw::pretty(&self.drawing, color)
    }

    /// The board as plain data (JSON text): `kind`, `rows`, `cols`, `cells`, and where the
    /// puzzle has them `given`, `min`, `max`, `boxes`, `diagonals`, `regions`, `cages`,
    /// `sums`, `adjacent`, `right`, `down`, `less`, `bars`, `distinct`: the same model the page
    /// plays.
    fn model(&self) -> String {
        draw::model(&self.drawing).to_string()
    }

    /// The board's plain text, as the `dlx` command prints it.
    fn plain(&self) -> String {
        draw::plain(&self.drawing)
    }

    /// The board's Tatham game ID (the games: sudoku, futoshiki, binairo, towers, keen, dominosa), else `None`.
    fn game_id(&self) -> Option<String> {
        draw::Board::tatham(&self.drawing)
    }

    fn __repr__(&self) -> String {
        let model = draw::model(&self.drawing);
        format!(
            "<dlx.Drawing {} {}x{}>",
            model["kind"].as_str().unwrap_or_default(),
            model["rows"],
            model["cols"]
        )
    }
}

/// The registry's puzzle `name`, or a `ValueError` that lists the names.
fn registered(name: &str) -> PyResult<Box<dyn reductions::registry::Puzzle>> {
    reductions::registry::find(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "no puzzle '{name}' to solve from its text: {}",
            puzzle_names().join(", ")
        ))
    })
}

/// A new puzzle with exactly one solution (the games: sudoku, futoshiki, binairo, towers, keen, dominosa): `size` as the command
/// line takes it (`"9"`, binairo `"8x10"`), `difficulty` a rung's name (the easiest by
/// default), the same for the same `seed`. A dict of `puzzle` and `solution` (their text),
/// `puzzle_drawing` and `solution_drawing`, `difficulty` and `reached`. `TimeoutError` when `timeout` (seconds) runs out first;
/// Ctrl-C stops it too.
///
/// >>> made = generate_puzzle("sudoku", "4", seed=1)
/// >>> solve_puzzle("sudoku", made["puzzle"], "unique")["boards"] == [made["solution"]]
/// True
#[pyfunction]
#[pyo3(signature = (name, size, difficulty=None, seed=0, timeout=None))]
pub(crate) fn generate_puzzle<'py>(
    py: Python<'py>,
    name: &str,
    size: &str,
    difficulty: Option<&str>,
    seed: u64,
    timeout: Option<f64>,
) -> PyResult<Bound<'py, PyDict>> {
    let deadline = seconds(timeout, "timeout")?.map(|limit| Instant::now() + limit);
    let puzzle = registered(name)?;
    let made = interruptible(py, |cancel| {
        let limits = reductions::registry::Limits {
            deadline,
            cancel: Some(cancel),
            ..reductions::registry::Limits::default()
        };
        puzzle.generate_within(size, difficulty, seed, &limits)
    })?
    .map_err(|err| registry_error(py, err))?;
    let result = PyDict::new(py);
    result.set_item("puzzle", made.puzzle)?;
    result.set_item("solution", made.solution)?;
    result.set_item(
        "puzzle_drawing",
        Drawing {
            drawing: made.puzzle_drawing,
        },
    )?;
    result.set_item(
        "solution_drawing",
        Drawing {
            drawing: made.solution_drawing,
        },
    )?;
    result.set_item("difficulty", made.difficulty)?;
    result.set_item("reached", made.reached)?;
    Ok(result)
}

/// The grade of a puzzle: the easiest rung of its ladder that solves it (the games:
/// sudoku, futoshiki, binairo, towers, keen, dominosa), `NAME (needs search: N nodes)` at the top, `several solutions` or `no solution`.
#[pyfunction]
pub(crate) fn grade_puzzle(py: Python<'_>, name: &str, text: &str) -> PyResult<String> {
    let puzzle = registered(name)?;
    py.allow_threads(|| puzzle.grade(text))
        .map_err(|err| registry_error(py, err))
}

/// Every step of deduction from a puzzle as given (the games: sudoku, futoshiki, binairo, towers, keen, dominosa): a dict of `steps`
/// (each a dict of `rule`, `placed` and `removed` as `(row, column, value)` from 1, and
/// `text`) and `end` (`solved`, `stuck`, `contradiction` or `no solution`).
///
/// >>> explained = explain_puzzle("sudoku", "1.3.\n.4..\n..4.\n.3.1\n")
/// >>> explained["end"], explained["steps"][0]["text"]
/// ('solved', 'r1c4 is 4: the only place for 4 in row 1 (hidden single)')
#[pyfunction]
pub(crate) fn explain_puzzle<'py>(
    py: Python<'py>,
    name: &str,
    text: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let puzzle = registered(name)?;
    let explanation = py
        .allow_threads(|| puzzle.explain(text))
        .map_err(|err| registry_error(py, err))?;
    let marks = |marks: &[reductions::hint::Mark]| -> Vec<(usize, usize, usize)> {
        marks.iter().map(|m| (m.row, m.column, m.value)).collect()
    };
    let steps = PyList::empty(py);
    for step in &explanation.steps {
        let entry = PyDict::new(py);
        entry.set_item("rule", step.rule.name())?;
        entry.set_item("house", step.house.map(|house| house.to_string()))?;
        entry.set_item(
            "houses",
            step.houses
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
        )?;
        entry.set_item("cells", step.cells.clone())?;
        entry.set_item("values", step.values.clone())?;
        entry.set_item("placed", marks(&step.placed))?;
        entry.set_item("removed", marks(&step.removed))?;
        entry.set_item("text", step.to_string())?;
        steps.append(entry)?;
    }
    let result = PyDict::new(py);
    result.set_item("steps", steps)?;
    result.set_item("end", explanation.end.word())?;
    Ok(result)
}

/// The puzzles `solve_puzzle` knows, in the order of `dlx --help` (`pack` and `tile` with a
/// `board`).
#[pyfunction]
pub(crate) fn puzzle_names() -> Vec<&'static str> {
    reductions::registry::PUZZLES
        .iter()
        .map(|info| info.name)
        .collect()
}

/// What the game `name` offers a player, as the page and `dlx NAME --help` show it: a dict of
/// `rules`, `sizes` (offered to `generate`; others may be made too), `size` (the first
/// offered), `size_name` and `levels` (easiest first), and `example` (a puzzle to try);
/// `None` for a name that is not a game's.
#[pyfunction]
pub(crate) fn game_offer<'py>(py: Python<'py>, name: &str) -> PyResult<Option<Bound<'py, PyDict>>> {
    use reductions::game::{Game, GameVisitor};
    use reductions::generate::Ladder;
    struct Offer<'a, 'py>(Python<'py>, std::marker::PhantomData<&'a ()>);
    impl<'py> GameVisitor for Offer<'_, 'py> {
        type Output = PyResult<Bound<'py, PyDict>>;
        fn visit<G: Game>(self, _game: G) -> Self::Output {
            let dict = PyDict::new(self.0);
            let levels: Vec<&str> = <G::Difficulty as Ladder>::ALL
                .iter()
                .map(|level| level.name())
                .collect();
            dict.set_item("rules", G::RULES)?;
            dict.set_item("sizes", G::SIZES.to_vec())?;
            dict.set_item("size", G::DEFAULT_SIZE)?;
            dict.set_item("size_name", G::SIZE_NAME)?;
            dict.set_item("levels", levels)?;
            dict.set_item("example", G::EXAMPLE)?;
            Ok(dict)
        }
    }
    reductions::registry::visit_game(name, Offer(py, std::marker::PhantomData)).transpose()
}

/// Each puzzle of the library as `(name, summary, from_text)`: its one line in `dlx --help`,
/// and whether its text alone is a puzzle (`pack` and `tile` also need a board).
#[pyfunction]
pub(crate) fn puzzle_infos() -> Vec<(&'static str, &'static str, bool)> {
    reductions::registry::PUZZLES
        .iter()
        .map(|info| (info.name, info.summary, info.from_text))
        .collect()
}
