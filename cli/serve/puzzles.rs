//! The grid puzzles the page plays (futoshiki, binairo, sudoku): solved with up to two
//! solutions to tell whether the one shown is the only one, or made as `--generate` makes them,
//! and sent as grids the page draws to be played.

use std::ops::ControlFlow;
use std::sync::Arc;

use axum::extract::rejection::{QueryRejection, StringRejection};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use dlx::{Outcome, StopReason};
use reductions::drawing::Draw;
use reductions::plan::Task;
use reductions::{binairo, futoshiki, sudoku, Reduction};
use serde::Deserialize;
use serde_json::{json, Value};

use super::api::{body, completeness, json_response, query, with_fields, Answer};
use super::jobs::{Job, Jobs};
use super::ApiError;

/// The puzzles the page plays.
#[derive(Copy, Clone)]
enum Kind {
    Futoshiki,
    Binairo,
    Sudoku,
}

impl Kind {
    fn of(name: &str) -> Result<Kind, ApiError> {
        match name {
            "futoshiki" => Ok(Kind::Futoshiki),
            "binairo" => Ok(Kind::Binairo),
            "sudoku" => Ok(Kind::Sudoku),
            _ => Err(ApiError::new(
                StatusCode::NOT_FOUND,
                format!("no puzzle '{name}': futoshiki, binairo or sudoku"),
            )),
        }
    }
}

/// The page's grid of `board`, a board of `puzzle`: the library's model of it
/// ([`draw::model`]), the same for every puzzle.
fn grid_json<R: Draw>(reduction: &R, puzzle: &R::Puzzle, board: R::Board) -> Value {
    draw::model(&reduction.drawing(puzzle, board))
}

/// [`grid_json`] of the puzzle as given (`board`), with its `text` and Tatham game ID.
fn puzzle_json<R: Draw>(reduction: &R, puzzle: &R::Puzzle, board: R::Board, text: String) -> Value {
    let drawing = reduction.drawing(puzzle, board);
    let mut model = draw::model(&drawing);
    model["text"] = json!(text);
    model["id"] = json!(draw::Board::tatham(&drawing));
    model
}

/// Up to two solutions of `puzzle` within the job's limits: the first decoded, and the
/// outcome (two solutions: not unique).
fn first_two<R>(
    reduction: &R,
    puzzle: &R::Puzzle,
    job: &Job,
) -> Result<(Option<R::Board>, Outcome), ApiError>
where
    R: Reduction + Clone,
{
    let prepared = reductions::plan::prepare(reduction, puzzle, Task::Unique).map_err(|err| {
        ApiError::unprocessable(
            "puzzle",
            format!("cannot build the exact-cover problem: {err}"),
        )
    })?;
    let solver = prepared
        .plan
        .configure(job.solver(&prepared.encoding.problem));
    let mut first = None;
    let outcome = solver.for_each(|options| {
        if first.is_none() {
            first = Some(options.to_vec());
        }
        ControlFlow::Continue(())
    });
    let board = first.map(|options| prepared.decode(puzzle, &options));
    Ok((board, outcome))
}

/// The answer about a solved puzzle: the puzzle, its first solution's cells, and whether it is
/// the only one (`null` when the search stopped before it could tell).
fn solved_json(puzzle: Value, solution: Option<Value>, outcome: &Outcome) -> Value {
    let complete = matches!(outcome.stopped, None | Some(StopReason::SolutionLimit));
    let unique = if outcome.solutions >= 2 {
        json!(false)
    } else if complete {
        json!(outcome.solutions == 1)
    } else {
        Value::Null
    };
    let answer = json!({
        "puzzle": puzzle,
        "solution": solution,
        "solutions": outcome.solutions as u64,
        "unique": unique,
    });
    with_fields(answer, completeness(outcome.stopped))
}

/// `POST /api/{puzzle}/solve` with the puzzle as the body (our text format or Tatham's game
/// ID): the puzzle as the page draws it, its first solution, and whether it is unique.
pub async fn solve_puzzle(
    State(jobs): State<Arc<Jobs>>,
    Path(name): Path<String>,
    text: Result<String, StringRejection>,
) -> Answer {
    let kind = Kind::of(&name)?;
    let text = body(text)?;
    let text = text.trim().to_owned();
    if text.is_empty() {
        return Err(ApiError::input("puzzle", "paste a puzzle first"));
    }
    jobs.run(move |job| {
        let answer = match kind {
            Kind::Futoshiki => solved(&futoshiki::Futoshiki, &text, job, ToString::to_string)?,
            Kind::Sudoku => solved(&sudoku::Sudoku::default(), &text, job, ToString::to_string)?,
            Kind::Binairo => solved(&binairo::Binairo::default(), &text, job, |grid| {
                grid.puzzle_text()
            })?,
        };
        Ok(json_response(answer))
    })
    .await
}

/// The answer about the puzzle `text` of `reduction`, a grid puzzle whose boards are grids
/// like its puzzle: the puzzle (with its text as `text_of` writes it), its first solution's
/// cells, and whether it is the only one.
fn solved<R, P>(
    reduction: &R,
    text: &str,
    job: &Job,
    text_of: impl Fn(&P) -> String,
) -> Result<Value, ApiError>
where
    R: Draw<Puzzle = P, Board = P> + Clone,
    P: Clone,
{
    let grid = reduction.parse(text).map_err(puzzle_error)?;
    let (board, outcome) = first_two(reduction, &grid, job)?;
    let solution = board.map(|b| grid_json(reduction, &grid, b)["cells"].take());
    let text = text_of(&grid);
    Ok(solved_json(
        puzzle_json(reduction, &grid, grid.clone(), text),
        solution,
        &outcome,
    ))
}

/// A puzzle's text refused, for the page to show beside the input: `line L, column C: what`.
pub(super) fn puzzle_error(err: reductions::text::ParseError) -> ApiError {
    let message = match (err.line(), err.column()) {
        (Some(line), Some(column)) => format!("line {line}, column {column}: {}", err.kind()),
        _ => err.to_string(),
    };
    ApiError::input("puzzle", message)
}

/// What the page asks a hint for: the puzzle (its text) and the player's entries, each
/// `[row, column, value]`, rows and columns from 0.
#[derive(Deserialize)]
pub struct HintRequest {
    puzzle: String,
    #[serde(default)]
    entries: Vec<(usize, usize, usize)>,
}

/// `POST /api/{puzzle}/hint` (sudoku, futoshiki and binairo) with `{"puzzle":TEXT,"entries":[...]}`:
/// the next value to place and the deductions that lead to it, as `--hint --format json`
/// gives them, on the puzzle with the entries taken as givens.
pub async fn hint_puzzle(
    State(jobs): State<Arc<Jobs>>,
    Path(name): Path<String>,
    text: Result<String, StringRejection>,
) -> Answer {
    let kind = Kind::of(&name)?;
    let text = body(text)?;
    let request: HintRequest = serde_json::from_str(&text).map_err(|err| {
        ApiError::input(
            "body",
            format!("expected {{\"puzzle\":...,\"entries\":[...]}}: {err}"),
        )
    })?;
    let parsed = |err: reductions::text::ParseError| ApiError::input("puzzle", err.to_string());
    let entry = |side: usize, (row, column, value): (usize, usize, usize)| {
        if row < side && column < side && (1..=side).contains(&value) {
            Ok((row, column, value))
        } else {
            Err(ApiError::input(
                "entries",
                format!(
                    "entry [{row}, {column}, {value}]: expected a cell of the grid and a value \
                     from 1 to {side}"
                ),
            ))
        }
    };
    jobs.run(move |_job| {
        let explanation = match kind {
            Kind::Sudoku => {
                let reduction = sudoku::Sudoku::default();
                let mut grid = reduction.parse(&request.puzzle).map_err(parsed)?;
                for &given in &request.entries {
                    let (row, column, value) = entry(grid.side(), given)?;
                    grid.set_digit(row, column, Some(value));
                }
                sudoku::explain(&grid)
            }
            Kind::Futoshiki => {
                let mut grid = futoshiki::Futoshiki
                    .parse(&request.puzzle)
                    .map_err(parsed)?;
                for &given in &request.entries {
                    let (row, column, value) = entry(grid.size(), given)?;
                    grid.set_digit(row, column, Some(value));
                }
                futoshiki::explain(&grid)
            }
            Kind::Binairo => {
                let mut grid = binairo::Binairo::default()
                    .parse(&request.puzzle)
                    .map_err(parsed)?;
                for &(row, column, value) in &request.entries {
                    if row >= grid.rows() || column >= grid.cols() || value > 1 {
                        return Err(ApiError::input(
                            "entries",
                            format!(
                                "entry [{row}, {column}, {value}]: expected a cell of the grid \
                                 and a digit 0 or 1"
                            ),
                        ));
                    }
                    grid.set_digit(row, column, Some(value as u8));
                }
                binairo::explain(&grid)
            }
        };
        let (steps, end) = match explanation.to_next_placement() {
            Ok(steps) => (steps, None),
            Err(end) => (Vec::new(), Some(end)),
        };
        Ok(json_response(crate::make::hints_json(&steps, end)))
    })
    .await
}

#[derive(Deserialize)]
pub struct GenerateQuery {
    size: String,
    difficulty: Option<String>,
    seed: Option<u64>,
    /// Binairo: rows and columns may repeat (Tatham's Unruly's default).
    #[serde(default)]
    repeats: bool,
}

/// `GET /api/{puzzle}/generate?size=N&difficulty=D&seed=S`: a new puzzle with exactly one
/// solution, as `--generate` makes it, with its solution.
pub async fn generate_puzzle(
    State(jobs): State<Arc<Jobs>>,
    Path(name): Path<String>,
    request: Result<Query<GenerateQuery>, QueryRejection>,
) -> Answer {
    let kind = Kind::of(&name)?;
    let request = query(request)?;
    let seed = request.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos() as u64)
    });
    fn level<D: std::str::FromStr<Err = String>>(
        name: &Option<String>,
        easiest: D,
    ) -> Result<D, ApiError> {
        match name {
            None => Ok(easiest),
            Some(name) => name
                .parse()
                .map_err(|err: String| ApiError::input("difficulty", err)),
        }
    }
    // The library reads the sizes, as for the command line and Python.
    let size_error = |err: String| ApiError::input("size", err);
    let size = request.size.clone();
    let answer = match kind {
        Kind::Futoshiki => {
            let (n, adjacent) = futoshiki::size_to_make(&size).map_err(size_error)?;
            let difficulty = level(&request.difficulty, futoshiki::Difficulty::Trivial)?;
            jobs.run(move |job| {
                let mut rng = reductions::generate::Rng::new(seed);
                let deadline = Some(job.deadline());
                let made = reductions::generate::cancellable(job.cancel.clone(), || {
                    futoshiki::generate_mode_before(n, adjacent, difficulty, &mut rng, deadline)
                })
                .map_err(|_| job.out_of_time())?
                .ok_or_else(ApiError::internal)?;
                let reduction = futoshiki::Futoshiki;
                let solution =
                    grid_json(&reduction, &made.puzzle, made.solution.clone())["cells"].take();
                let text = made.puzzle.to_string();
                Ok(made_json(
                    puzzle_json(&reduction, &made.puzzle, made.puzzle.clone(), text),
                    solution,
                    made.difficulty.to_string(),
                    made.reached,
                    seed,
                ))
            })
            .await?
        }
        Kind::Sudoku => {
            let shape = sudoku::shape_to_make(&size).map_err(size_error)?;
            let difficulty = level(&request.difficulty, sudoku::Difficulty::Trivial)?;
            jobs.run(move |job| {
                let mut rng = reductions::generate::Rng::new(seed);
                let deadline = Some(job.deadline());
                let made = reductions::generate::cancellable(job.cancel.clone(), || {
                    sudoku::generate_like_before(&shape, difficulty, &mut rng, deadline)
                })
                .map_err(|_| job.out_of_time())?
                .ok_or_else(ApiError::internal)?;
                let reduction = sudoku::Sudoku::default();
                let solution =
                    grid_json(&reduction, &made.puzzle, made.solution.clone())["cells"].take();
                let text = made.puzzle.to_string();
                Ok(made_json(
                    puzzle_json(&reduction, &made.puzzle, made.puzzle.clone(), text),
                    solution,
                    made.difficulty.to_string(),
                    made.reached,
                    seed,
                ))
            })
            .await?
        }
        Kind::Binairo => {
            let (rows, cols) = binairo::size_to_make(&size).map_err(size_error)?;
            let difficulty = level(&request.difficulty, binairo::Difficulty::Trivial)?;
            let distinct = !request.repeats;
            jobs.run(move |job| {
                let mut rng = reductions::generate::Rng::new(seed);
                let deadline = Some(job.deadline());
                let made = reductions::generate::cancellable(job.cancel.clone(), || {
                    binairo::generate_before(rows, cols, distinct, difficulty, &mut rng, deadline)
                })
                .map_err(|_| job.out_of_time())?
                .ok_or_else(|| {
                    ApiError::unprocessable(
                        "size",
                        format!(
                            "no {rows} x {cols} grid has distinct rows and columns: allow repeats"
                        ),
                    )
                })?;
                let reduction = binairo::Binairo::default();
                let solution =
                    grid_json(&reduction, &made.puzzle, made.solution.clone())["cells"].take();
                let text = made.puzzle.puzzle_text();
                Ok(made_json(
                    puzzle_json(&reduction, &made.puzzle, made.puzzle.clone(), text),
                    solution,
                    made.difficulty.to_string(),
                    made.reached,
                    seed,
                ))
            })
            .await?
        }
    };
    Ok(json_response(answer))
}

fn made_json(
    puzzle: Value,
    solution: Value,
    difficulty: String,
    reached: bool,
    seed: u64,
) -> Value {
    json!({
        "puzzle": puzzle,
        "solution": solution,
        "solutions": 1,
        "unique": true,
        "complete": true,
        "difficulty": difficulty,
        "reached": reached,
        "seed": seed.to_string(),
    })
}
