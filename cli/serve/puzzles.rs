//! The games the page plays (every [`Game`] of the registry: sudoku, futoshiki, binairo...):
//! solved with up to two solutions to tell whether the one shown is the only one, made as
//! `--generate` makes them, or hinted, and sent as grids the page draws to be played. No game
//! is named here: the registry's [`visit_game`] gives each request its game, typed.

use std::sync::Arc;

use axum::extract::rejection::{QueryRejection, StringRejection};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use reductions::game::{Game, GameVisitor};
use reductions::plan::Task;
use reductions::registry::{solve, visit_game, Solved};
use serde::Deserialize;
use serde_json::{json, Value};

use super::api::{body, completeness, json_response, query, with_fields, Answer};
use super::jobs::{Job, Jobs};
use super::ApiError;

/// The game called `name`, checked before its job is queued: `Ok` when the registry has it.
fn game_named(name: &str) -> Result<(), ApiError> {
    struct Exists;
    impl GameVisitor for Exists {
        type Output = ();
        fn visit<G: Game>(self, _game: G) {}
    }
    visit_game(name, Exists).ok_or_else(|| {
        let games: Vec<&str> = reductions::registry::PUZZLES
            .iter()
            .filter(|info| info.generates)
            .map(|info| info.name)
            .collect();
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no puzzle '{name}': {}", games.join(", ")),
        )
    })
}

/// The page's grid of `board`, a board of `puzzle`: the library's model of it
/// ([`draw::model`]), the same for every puzzle.
fn grid_json<G: Game>(game: &G, puzzle: &G::Puzzle, board: G::Puzzle) -> Value {
    draw::model(&game.drawing(puzzle, board))
}

/// [`grid_json`] of the puzzle as given, with its text and Tatham game ID.
fn puzzle_json<G: Game>(game: &G, puzzle: &G::Puzzle) -> Value {
    let drawing = game.drawing(puzzle, puzzle.clone());
    let mut model = draw::model(&drawing);
    model["text"] = json!(game.puzzle_text(puzzle));
    model["id"] = json!(draw::Board::tatham(&drawing));
    model
}

/// What the page checks a player's board against, of a solved board's model: its cells, or
/// for a puzzle of dominoes, the dominoes.
fn checked(mut model: Value) -> Value {
    match model.get_mut("dominoes") {
        Some(dominoes) => dominoes.take(),
        None => model["cells"].take(),
    }
}

/// The answer about a solved puzzle: the puzzle, its first solution's cells, and whether it is
/// the only one (`null` when the search stopped before it could tell).
fn solved_json(puzzle: Value, solution: Option<Value>, solved: &Solved<impl Sized>) -> Value {
    let solutions = solved.solutions.to_u128().unwrap_or(u128::MAX);
    let unique = if solutions >= 2 {
        json!(false)
    } else if solved.complete {
        json!(solutions == 1)
    } else {
        Value::Null
    };
    let answer = json!({
        "puzzle": puzzle,
        "solution": solution,
        "solutions": solutions as u64,
        "unique": unique,
    });
    with_fields(answer, completeness(solved.stopped))
}

/// `POST /api/{puzzle}/solve` with the puzzle as the body (our text format or Tatham's game
/// ID): the puzzle as the page draws it, its first solution, and whether it is unique.
pub async fn solve_puzzle(
    State(jobs): State<Arc<Jobs>>,
    Path(name): Path<String>,
    text: Result<String, StringRejection>,
) -> Answer {
    game_named(&name)?;
    let text = body(text)?;
    let text = text.trim().to_owned();
    if text.is_empty() {
        return Err(ApiError::input("puzzle", "paste a puzzle first"));
    }
    struct Solve<'a> {
        text: &'a str,
        job: &'a Job,
    }
    impl GameVisitor for Solve<'_> {
        type Output = Result<Value, ApiError>;
        fn visit<G: Game>(self, game: G) -> Result<Value, ApiError> {
            let grid = game.parse(self.text).map_err(puzzle_error)?;
            let mut solved = solve(&game, &grid, Task::Unique, &self.job.limits())
                .map_err(|err| ApiError::unprocessable("puzzle", err.to_string()))?;
            let first = std::mem::take(&mut solved.boards).into_iter().next();
            let solution = first.map(|board| checked(grid_json(&game, &grid, board)));
            Ok(solved_json(puzzle_json(&game, &grid), solution, &solved))
        }
    }
    jobs.run(move |job| {
        let answer =
            visit_game(&name, Solve { text: &text, job }).ok_or_else(ApiError::internal)?;
        Ok(json_response(answer?))
    })
    .await
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

/// `POST /api/{puzzle}/hint` with `{"puzzle":TEXT,"entries":[...]}`: the next value to place
/// and the deductions that lead to it, as `--hint --format json` gives them, on the puzzle with
/// the entries taken as givens.
pub async fn hint_puzzle(
    State(jobs): State<Arc<Jobs>>,
    Path(name): Path<String>,
    text: Result<String, StringRejection>,
) -> Answer {
    game_named(&name)?;
    let text = body(text)?;
    let request: HintRequest = serde_json::from_str(&text).map_err(|err| {
        ApiError::input(
            "body",
            format!("expected {{\"puzzle\":...,\"entries\":[...]}}: {err}"),
        )
    })?;
    struct Hint<'a>(&'a HintRequest);
    impl GameVisitor for Hint<'_> {
        type Output = Result<reductions::hint::Explanation, ApiError>;
        fn visit<G: Game>(self, game: G) -> Self::Output {
            let mut grid = game
                .parse(&self.0.puzzle)
                .map_err(|err| ApiError::input("puzzle", err.to_string()))?;
            for &(row, column, value) in &self.0.entries {
                game.enter(&mut grid, row, column, value)
                    .map_err(|why| ApiError::input("entries", why))?;
            }
            Ok(game.explain(&grid))
        }
    }
    jobs.run(move |_job| {
        let explanation = visit_game(&name, Hint(&request)).ok_or_else(ApiError::internal)??;
        let (steps, end) = match explanation.to_next_placement() {
            Ok(steps) => (steps, None),
            Err(end) => (Vec::new(), Some(end)),
        };
        Ok(json_response(crate::make::hints_json(&steps, end)))
    })
    .await
}

/// `?size=N&difficulty=D&seed=S`: the size as `--generate` takes it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateQuery {
    size: String,
    difficulty: Option<String>,
    seed: Option<u64>,
}

/// `GET /api/{puzzle}/generate?size=N&difficulty=D&seed=S`: a new puzzle with exactly one
/// solution, as `--generate` makes it, with its solution.
pub async fn generate_puzzle(
    State(jobs): State<Arc<Jobs>>,
    Path(name): Path<String>,
    request: Result<Query<GenerateQuery>, QueryRejection>,
) -> Answer {
    game_named(&name)?;
    let request = query(request)?;
    let seed = request.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos() as u64)
    });
    struct Generate<'a> {
        request: &'a GenerateQuery,
        seed: u64,
        job: &'a Job,
    }
    impl GameVisitor for Generate<'_> {
        type Output = Result<Value, ApiError>;
        fn visit<G: Game>(self, game: G) -> Result<Value, ApiError> {
            // The library reads the sizes and levels, as for the command line and Python.
            let shape = game
                .size_to_make(&self.request.size)
                .map_err(|err| ApiError::input("size", err))?;
            let difficulty = game
                .difficulty(self.request.difficulty.as_deref())
                .map_err(|err| ApiError::input("difficulty", err))?;
            let mut rng = reductions::generate::Rng::new(self.seed);
            let deadline = Some(self.job.deadline());
            let made = reductions::generate::cancellable(self.job.cancel.clone(), || {
                game.generate_before(&shape, difficulty, &mut rng, deadline)
            })
            .map_err(|_| self.job.out_of_time())?
            .ok_or_else(|| ApiError::unprocessable("size", game.cannot_make(&shape)))?;
            let solution = checked(grid_json(&game, &made.puzzle, game.solved(&made)));
            Ok(made_json(
                puzzle_json(&game, &made.puzzle),
                solution,
                made.difficulty.to_string(),
                made.reached,
                self.seed,
            ))
        }
    }
    jobs.run(move |job| {
        let request = Generate {
            request: &request,
            seed,
            job,
        };
        let answer = visit_game(&name, request).ok_or_else(ApiError::internal)??;
        Ok(json_response(answer))
    })
    .await
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
