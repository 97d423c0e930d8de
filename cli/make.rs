//! `--generate` and `--grade`, shared by the games (sudoku,
//! futoshiki, binairo): the flags checked once, the puzzles printed in the command's own
//! format, as Tatham's game IDs or as JSON, and grades printed alike.

use std::io::{BufWriter, Write};
use std::time::Instant;

use anyhow::Result;
use reductions::generate::Rng;

use draw::{Board, Drawing};

use crate::args::{Format, MakeFlags, SolveFlags};
use crate::process::Found;

/// One puzzle made, in every form it is printed.
pub struct Made {
    /// The puzzle drawn (its blanks empty), for `--format svg`.
    pub puzzle_view: Drawing,
    /// The solution drawn, givens set apart.
    pub solution_view: Drawing,
    /// The puzzle in the command's own format, ended by a newline.
    pub puzzle: String,
    /// Its Tatham game ID.
    pub id: String,
    /// Its solution in the command's plain format, ended by a newline.
    pub solution: String,
    /// The solution's game ID.
    pub solution_id: String,
    /// The difficulty it has.
    pub difficulty: String,
    /// Whether that is the difficulty asked for (else an easier one: none came out).
    pub reached: bool,
    /// Solved grids drawn to make it.
    pub tries: usize,
}

/// A puzzle's grade, as printed by `--grade`.
pub enum Graded {
    /// One solution; the difficulty, and the nodes of the search when the rules do not
    /// solve it.
    Unique {
        difficulty: String,
        search_nodes: Option<u64>,
    },
    NoSolution,
    Several,
}

impl<D: reductions::generate::Ladder> From<reductions::generate::Grade<D>> for Graded {
    fn from(grade: reductions::generate::Grade<D>) -> Graded {
        use reductions::generate::Grade;
        match grade {
            Grade::Unique { difficulty, .. } => Graded::Unique {
                difficulty: difficulty.to_string(),
                search_nodes: grade.search(),
            },
            Grade::NoSolution => Graded::NoSolution,
            Grade::Several => Graded::Several,
        }
    }
}

/// Hints as JSON, for `--hint --format json` and the page: `{"steps":[...],"end":...}`.
pub fn hints_json(
    steps: &[reductions::hint::Hint],
    end: Option<reductions::hint::End>,
) -> serde_json::Value {
    let mark = |m: &reductions::hint::Mark| serde_json::json!({"row": m.row, "column": m.column, "value": m.value});
    let steps: Vec<serde_json::Value> = steps
        .iter()
        .map(|step| {
            serde_json::json!({
                "rule": step.rule.name(),
                "house": step.house.map(|house| house.to_string()),
                "houses": step.houses.iter().map(|house| house.to_string()).collect::<Vec<_>>(),
                "cells": step.cells.iter().map(|&(row, column)| serde_json::json!({"row": row, "column": column})).collect::<Vec<_>>(),
                "values": step.values,
                "placed": step.placed.iter().map(mark).collect::<Vec<_>>(),
                "removed": step.removed.iter().map(mark).collect::<Vec<_>>(),
                "text": step.to_string(),
            })
        })
        .collect();
    serde_json::json!({"steps": steps, "end": end.map(|end| end.word())})
}

/// `--hint` (the steps to the next value placed) or `--explain` (every step), as `make`
/// asks, from `explained`: a line a step, or one JSON object. Exit status 1 when the steps
/// end before the grid is solved.
pub fn hints(
    make: &MakeFlags,
    flags: &SolveFlags,
    explained: impl FnOnce() -> reductions::hint::Explanation,
) -> Result<Found> {
    use reductions::hint::End;
    // The flags were checked before the run (`args::refusals`).
    let explanation = explained();
    let (steps, end) = if make.next_value_only() {
        match explanation.to_next_placement() {
            Ok(steps) => (steps, None),
            Err(end) => (Vec::new(), Some(end)),
        }
    } else {
        (explanation.steps, Some(explanation.end))
    };
    let mut out = crate::output::stdout();
    if flags.format() == Format::Json {
        crate::json::write_line(&mut out, &hints_json(&steps, end))?;
    } else {
        for step in &steps {
            writeln!(out, "{step}")?;
        }
        if let Some(end) = end {
            writeln!(out, "{end}")?;
        }
    }
    Ok(match end {
        None | Some(End::Solved) => Found::Some,
        Some(_) => Found::None,
    })
}

/// Makes `--puzzles` puzzles with `one` from one seeded generator and prints them. `one`
/// gives up at the deadline of `--timeout`, if any (`None`): the puzzles made by then are
/// printed, a note says so, and the exit status is 1 when there is none.
pub fn generate(
    make: &MakeFlags,
    flags: &SolveFlags,
    mut one: impl FnMut(&mut Rng, Option<Instant>) -> Result<Option<Made>>,
) -> Result<Found> {
    let seed = crate::memo::seed(flags);
    let start = std::time::Instant::now();
    let mut rng = Rng::new(seed);
    let mut out = BufWriter::new(crate::output::stdout());
    // Pictures are gathered and written at the end as one document.
    let mut sheet = draw::render::Sheet::default();
    let deadline = flags.run_deadline();
    let mut found = Found::Some;
    for index in 1..=make.puzzles() {
        let Some(made) = one(&mut rng, deadline)? else {
            crate::process::note(format_args!(
                "dlx: note: --timeout: the time ran out while making puzzle {index}; {} made",
                index - 1
            ));
            if index == 1 {
                found = Found::None;
            }
            break;
        };
        if !made.reached {
            crate::process::note(format_args!(
                "dlx: note: puzzle {index}: none of the {} grids drawn gave a puzzle as hard as \
                 asked; this one is {}",
                made.tries, made.difficulty
            ));
        }
        match flags.format() {
            Format::Json => {
                #[derive(serde::Serialize)]
                struct MadeLine<'a> {
                    puzzle: u64,
                    grid: &'a str,
                    id: &'a str,
                    difficulty: &'a str,
                    /// As a string: a seed is 64 bits, past what JavaScript reads exactly.
                    seed: String,
                    #[serde(skip_serializing_if = "Option::is_none")]
                    solution: Option<&'a str>,
                }
                let line = MadeLine {
                    puzzle: index,
                    grid: made.puzzle.trim_end(),
                    id: &made.id,
                    difficulty: &made.difficulty,
                    seed: seed.to_string(),
                    solution: make.solution().then(|| made.solution.trim_end()),
                };
                crate::json::write_line(&mut out, &line)?;
            }
            Format::Svg => {
                made.puzzle_view.svg(&mut sheet)?;
                if make.solution() {
                    made.solution_view.svg(&mut sheet)?;
                }
            }
            Format::Tatham => {
                writeln!(out, "{}", made.id)?;
                if make.solution() {
                    writeln!(out, "{}", made.solution_id)?;
                }
            }
            _ => {
                if index > 1 {
                    writeln!(out)?;
                }
                write!(out, "{}", made.puzzle)?;
                if make.solution() {
                    writeln!(out)?;
                    write!(out, "{}", made.solution)?;
                }
            }
        }
    }
    if flags.format() == Format::Svg {
        sheet.write_to(&mut out)?;
    }
    out.flush()?;
    if flags.stats() {
        use crate::stats::Figure::{Seconds, Text};
        crate::stats::print(
            flags,
            &[
                ("seed", Text(seed.to_string())),
                ("time", Seconds(start.elapsed().as_secs_f64())),
            ],
        );
    }
    Ok(found)
}

/// Grades a puzzle with `graded` (once the flags are checked) and prints the grade: the
/// difficulty (and the search, when needed), or why the puzzle is not one. Exit status 1
/// when it has no solution.
pub fn grade(flags: &SolveFlags, graded: impl FnOnce() -> Graded) -> Result<Found> {
    let graded = graded();
    let mut out = crate::output::stdout();
    out.write_all(grade_line(&graded, flags, &[])?.as_bytes())?;
    Ok(match graded {
        Graded::NoSolution => Found::None,
        _ => Found::Some,
    })
}

/// A grade as `--grade` prints it, ended by a newline: the difficulty (and the search, when
/// needed), or why the puzzle is not one; in JSON one object, after the fields of `head` (a
/// puzzle's number and line in a file of many).
pub fn grade_line(
    graded: &Graded,
    flags: &SolveFlags,
    head: &[(&'static str, u128)],
) -> Result<String> {
    /// `solutions` is 0, 1, or the string `"2+"`.
    #[derive(serde::Serialize)]
    struct GradeLine<'a> {
        difficulty: Option<&'a str>,
        solutions: serde_json::Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        search_nodes: Option<u64>,
    }
    let grade_line = |difficulty, solutions, search_nodes| GradeLine {
        difficulty,
        solutions,
        search_nodes,
    };
    let (text, line) = match graded {
        Graded::Unique {
            difficulty,
            search_nodes: Some(nodes),
        } => (
            format!("{difficulty} (needs search: {nodes} nodes)"),
            grade_line(Some(difficulty), 1.into(), Some(*nodes)),
        ),
        Graded::Unique { difficulty, .. } => (
            difficulty.clone(),
            grade_line(Some(difficulty), 1.into(), None),
        ),
        Graded::NoSolution => ("no solution".to_owned(), grade_line(None, 0.into(), None)),
        Graded::Several => (
            "several solutions (not a puzzle)".to_owned(),
            grade_line(None, "2+".into(), None),
        ),
    };
    if flags.format() != Format::Json {
        return Ok(format!("{text}\n"));
    }
    let mut bytes = Vec::new();
    draw::write_json(&mut bytes, &draw::Head(head), &line)?;
    Ok(String::from_utf8(bytes)?)
}

/// A game ID as `--id` prints it, ended by a newline; in JSON `{"id":"..."}` after the fields
/// of `head`.
pub fn id_line(id: &str, flags: &SolveFlags, head: &[(&'static str, u128)]) -> Result<String> {
    if flags.format() != Format::Json {
        return Ok(format!("{id}\n"));
    }
    #[derive(serde::Serialize)]
    struct IdLine<'a> {
        id: &'a str,
    }
    let mut bytes = Vec::new();
    draw::write_json(&mut bytes, &draw::Head(head), &IdLine { id })?;
    Ok(String::from_utf8(bytes)?)
}
