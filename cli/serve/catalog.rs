//! Every puzzle of the registry, by name: `GET /api/puzzles` lists them as the library knows
//! them, and `POST /api/puzzles/{name}/solve?task=...` solves any whose text alone is a
//! puzzle, by the library's plan ([`reductions::registry`]) within the server's limits. The
//! page's "More puzzles" section is built from the list, so a puzzle added to the registry
//! is on the page too.

use std::sync::Arc;

use axum::extract::rejection::{QueryRejection, StringRejection};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use reductions::game::{Game, GameVisitor};
use reductions::generate::Ladder;
use reductions::plan::{Overrides, Task};
use reductions::registry::{self, Limits, SolveError, PUZZLES};
use serde::Deserialize;
use serde_json::{json, Value};

use super::api::{body, json_response, query, Answer};
use super::jobs::Jobs;
use super::ApiError;

/// The most boards `task=all` lists.
const MAX_BOARDS: u64 = 100;

/// `GET /api/puzzles`: `{"puzzles": [...]}`, each with its name, summary, Tatham's game (or
/// null), whether it makes, grades, gives hints and is solved from its text alone, and for a
/// game what a player is offered (`game`, else null): its rules, the sizes and the one
/// offered first, what a size is called, its levels, and an example puzzle. The page builds
/// its game tabs from these.
pub async fn list() -> Response {
    struct Offer;
    impl GameVisitor for Offer {
        type Output = Value;
        fn visit<G: Game>(self, _game: G) -> Value {
            let levels: Vec<&str> = <G::Difficulty as Ladder>::ALL
                .iter()
                .map(|level| level.name())
                .collect();
            json!({
                "rules": G::RULES,
                "sizes": G::SIZES,
                "size": G::DEFAULT_SIZE,
                "size_name": G::SIZE_NAME,
                "levels": levels,
                "example": G::EXAMPLE,
            })
        }
    }
    let puzzles: Vec<_> = PUZZLES
        .iter()
        .map(|info| {
            json!({
                "name": info.name,
                "summary": info.summary,
                "tatham": info.tatham,
                "generates": info.generates,
                "grades": info.grades,
                "hints": info.hints,
                "from_text": info.from_text,
                "game": registry::visit_game(info.name, Offer),
            })
        })
        .collect();
    json_response(json!({ "puzzles": puzzles }))
}

#[derive(Deserialize)]
pub struct SolveQuery {
    /// `first`, `unique` (the default), `all` (at most [`MAX_BOARDS`]) or `count`.
    task: Option<String>,
    /// Count or list once per class of symmetric solutions ([`Limits::up_to_symmetry`]).
    symmetry: Option<bool>,
    /// The search tree instead of the plan's (`links`, `sparse-sets`, `bitsets`, `auto`).
    tree: Option<String>,
    /// The reasoning at every node instead of the plan's (`none`, `forcing`, `probing`).
    propagation: Option<String>,
    /// Whether a count memoizes, whatever the plan says (`true`), or never (`false`).
    memo: Option<bool>,
}

impl SolveQuery {
    /// What the query changes of the library's plan, its names read by the library.
    fn overrides(&self) -> Result<Overrides, ApiError> {
        Ok(Overrides {
            tree: named("tree", self.tree.as_deref())?,
            propagation: named("propagation", self.propagation.as_deref())?,
            memo: self.memo,
        })
    }
}

/// The value of the query's `field` read by its name, if given: refused in the library's
/// words.
fn named<T: std::str::FromStr<Err = String>>(
    field: &'static str,
    name: Option<&str>,
) -> Result<Option<T>, ApiError> {
    name.map(str::parse)
        .transpose()
        .map_err(|why| ApiError::input(field, why))
}

/// `POST /api/puzzles/{name}/solve?task=TASK[&symmetry=true][&tree=T][&propagation=P][&memo=M]`
/// with the puzzle's text: `{"name", "task", "boards": [plain text, ...], "solutions": "N",
/// "complete"}`, the count as a string (it may pass 2^64).
pub async fn solve(
    State(jobs): State<Arc<Jobs>>,
    Path(name): Path<String>,
    request: Result<Query<SolveQuery>, QueryRejection>,
    text: Result<String, StringRejection>,
) -> Answer {
    let request = query(request)?;
    let task_name = request.task.clone().unwrap_or_else(|| "unique".to_owned());
    let task: Task = task_name
        .parse()
        .map_err(|why| ApiError::input("task", why))?;
    let overrides = request.overrides()?;
    let Some(puzzle) = registry::find(&name) else {
        let names: Vec<&str> = PUZZLES
            .iter()
            .filter(|info| info.from_text)
            .map(|info| info.name)
            .collect();
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "no puzzle '{}' to solve from its text: {}",
                reductions::text::shown(&name),
                crate::words::or_list(&names)
            ),
        ));
    };
    let text = body(text)?;
    if text.trim().is_empty() {
        return Err(ApiError::input("puzzle", "paste a puzzle first"));
    }
    jobs.run(move |job| {
        let limits = Limits {
            max_boards: Some(MAX_BOARDS),
            up_to_symmetry: request.symmetry.unwrap_or(false),
            overrides,
            ..job.limits()
        };
        let answer = puzzle
            .solve_within(&text, task, &limits)
            .map_err(|err| match err {
                SolveError::Parse(err) => super::puzzles::puzzle_error(err),
                err => ApiError::unprocessable("puzzle", err.to_string()),
            })?;
        Ok(json_response(json!({
            "name": name,
            "task": task_name,
            "boards": answer.boards,
            "solutions": answer.solutions.to_string(),
            "complete": answer.complete,
        })))
    })
    .await
}
