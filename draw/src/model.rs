//! A board as plain data, the same for every front end that keeps its own picture of it (the
//! page's grids to play, Python's `Board`): one JSON object whose fields are the same names
//! for every puzzle that has them, so that a front end needs no code of its own per puzzle.
//!
//! Every model has `kind` (`sudoku`, `binairo`, `latin`, `futoshiki`, `towers`, `keen`, `dominosa`, `queens`, `arrows`,
//! `pieces`, `tiles`), `rows`, `cols` and `cells` (rows of cells: a digit or `null` for a
//! blank; `true` where a queen stands; the arrow; the piece's letter, `.` uncovered and `#`
//! off the board; the tile's number, 0 off the board). Grids of digits add `min` and `max`
//! (the digits' range) and `given` (rows of booleans: the cells the puzzle gave). A sudoku adds
//! `boxes` (`[rows, cols]`), `diagonals`, `regions` (each cell's jigsaw region, from 0, or
//! `null`), `cages` (each cell's killer cage, from 0) and `sums` (each cage's sum in its first
//! cell, 0 elsewhere), both `null` unless killer. A futoshiki adds `adjacent` (Unequal's
//! adjacent mode), its signs as the page draws them (`right`: rows of the signs between
//! side-by-side cells, `<`, `>`, `=` for a bar or empty; `down`: between a row and the next,
//! `^`, `v`, `=` or empty), and as pairs of cells (`less`: `[[r, c], [r, c]]`, the smaller
//! first; `bars`: the pairs a bar joins). A binairo adds `distinct` (no two equal lines). A
//! towers grid adds `clues`: `top`, `bottom` (by column), `left` and `right` (by row), each a
//! count of towers seen or `null`. A keen grid adds `cages` (each cell's cage, from 0) and
//! `cage_clues` (each cage's clue, `6+` or `2/`, in its first cell, `""` elsewhere). A
//! dominosa grid's cells are its numbers (`min` 0, `given` where the puzzle placed a
//! domino), and it adds `dominoes` (each domino placed on the board as its two cells,
//! `[[r, c], [r, c]]`, the top or left one first) and `given_dominoes` (the puzzle's own).

use reductions::futoshiki::Relation;
use reductions::grid::Cell;
use serde_json::{json, Value};

use crate::Drawing;

/// The model of `drawing` (see the module's documentation).
///
/// ```
/// use reductions::drawing::Draw;
/// use reductions::queens::{Queens, Size};
/// use reductions::Reduction;
///
/// let size: Size = Queens.parse("4")?;
/// let encoding = Queens.encode(&size)?;
/// let solution = dlx::Solver::new(&encoding.problem).first().unwrap();
/// let board = Queens.decode(&size, &encoding.choices_of(solution.options()));
/// let model = draw::model(&Queens.drawing(&size, board));
/// assert_eq!(model["kind"], "queens");
/// assert_eq!(model["cells"][0], serde_json::json!([false, true, false, false]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn model(drawing: &Drawing) -> Value {
    match drawing {
        Drawing::Sudoku { puzzle, board } => {
            let side = board.side();
            let mut model = digits("sudoku", side, side, 1, side, |r, c| {
                (board.digit(r, c), puzzle.digit(r, c).is_some())
            });
            let by_row = |cells: Vec<usize>| -> Vec<Vec<usize>> {
                cells.chunks(side.max(1)).map(<[usize]>::to_vec).collect()
            };
            let regions = puzzle
                .regions()
                .map(|regions| by_row(regions.iter().map(|&region| usize::from(region)).collect()));
            let cages = puzzle
                .cages()
                .map(|cages| by_row((0..side * side).map(|k| cages.cage_of(k)).collect()));
            let sums = puzzle.cages().map(|cages| {
                by_row(
                    cages
                        .sums_by_cell()
                        .into_iter()
                        .map(|sum| sum as usize)
                        .collect(),
                )
            });
            let (box_rows, box_cols) = puzzle.box_shape();
            extend(
                &mut model,
                json!({
                    "boxes": [box_rows, box_cols],
                    "diagonals": puzzle.has_diagonals(),
                    "regions": regions,
                    "cages": cages,
                    "sums": sums,
                }),
            );
            model
        }
        Drawing::Binairo { puzzle, board } => {
            let mut model = digits("binairo", board.rows(), board.cols(), 0, 1, |r, c| {
                (
                    board.digit(r, c).map(usize::from),
                    puzzle.digit(r, c).is_some(),
                )
            });
            extend(&mut model, json!({ "distinct": puzzle.distinct() }));
            model
        }
        Drawing::Latin { puzzle, board } => {
            let n = board.size();
            digits("latin", n, n, 1, n, |r, c| {
                (board.digit(r, c), puzzle.digit(r, c).is_some())
            })
        }
        Drawing::Futoshiki { puzzle, board } => {
            let n = board.size();
            let mut model = digits("futoshiki", n, n, 1, n, |r, c| {
                (board.digit(r, c), puzzle.digit(r, c).is_some())
            });
            // The text format's marks, none left empty.
            let sign = |relation: Relation, mark: fn(Relation) -> char| match relation {
                Relation::None | Relation::Apart => String::new(),
                relation => mark(relation).to_string(),
            };
            let right: Vec<Vec<String>> = (0..n)
                .map(|r| {
                    (0..n.saturating_sub(1))
                        .map(|c| sign(puzzle.right(r, c), Relation::row_char))
                        .collect()
                })
                .collect();
            let down: Vec<Vec<String>> = (0..n.saturating_sub(1))
                .map(|r| {
                    (0..n)
                        .map(|c| sign(puzzle.down(r, c), Relation::column_char))
                        .collect()
                })
                .collect();
            let (mut less, mut bars) = (Vec::new(), Vec::new());
            for r in 0..n {
                for c in 0..n {
                    let here = [r, c];
                    let pairs = [
                        (c + 1 < n).then(|| (puzzle.right(r, c), [r, c + 1])),
                        (r + 1 < n).then(|| (puzzle.down(r, c), [r + 1, c])),
                    ];
                    for (relation, there) in pairs.into_iter().flatten() {
                        match relation {
                            Relation::Less => less.push([here, there]),
                            Relation::Greater => less.push([there, here]),
                            Relation::Consecutive => bars.push([here, there]),
                            Relation::None | Relation::Apart => {}
                        }
                    }
                }
            }
            extend(
                &mut model,
                json!({
                    "adjacent": puzzle.is_adjacent(),
                    "right": right,
                    "down": down,
                    "less": less,
                    "bars": bars,
                }),
            );
            model
        }
        Drawing::Towers { puzzle, board } => {
            use reductions::towers::Side;
            let n = board.size();
            let mut model = digits("towers", n, n, 1, n, |r, c| {
                (board.digit(r, c), puzzle.digit(r, c).is_some())
            });
            let clues = |side: Side| -> Vec<Option<usize>> {
                (0..n).map(|k| puzzle.clue(side, k)).collect()
            };
            extend(
                &mut model,
                json!({
                    "clues": {
                        "top": clues(Side::Top),
                        "bottom": clues(Side::Bottom),
                        "left": clues(Side::Left),
                        "right": clues(Side::Right),
                    },
                }),
            );
            model
        }
        Drawing::Keen { puzzle, board } => {
            let n = board.size();
            let mut model = digits("keen", n, n, 1, n, |r, c| {
                (board.digit(r, c), puzzle.digit(r, c).is_some())
            });
            let cages: Vec<Vec<usize>> = (0..n)
                .map(|r| (0..n).map(|c| puzzle.cage_at(r, c).unwrap_or(0)).collect())
                .collect();
            let mut clues = vec![vec![String::new(); n]; n];
            for cage in puzzle.cages() {
                let first = cage.cells()[0];
                clues[first / n][first % n] = cage.clue();
            }
            extend(&mut model, json!({ "cages": cages, "cage_clues": clues }));
            model
        }
        Drawing::Dominosa { puzzle, board } => {
            let mut model = digits(
                "dominosa",
                board.rows(),
                board.cols(),
                0,
                board.size(),
                |r, c| (board.number(r, c), puzzle.partner(r, c).is_some()),
            );
            let pairs = |grid: &reductions::dominosa::Grid| -> Vec<[[usize; 2]; 2]> {
                grid.dominoes()
                    .into_iter()
                    .map(|[a, b]| [[a.0, a.1], [b.0, b.1]])
                    .collect()
            };
            extend(
                &mut model,
                json!({ "dominoes": pairs(board), "given_dominoes": pairs(puzzle) }),
            );
            model
        }
        Drawing::Queens(board) => {
            let n = board.size();
            cells("queens", n, n, |r, c| {
                json!(board.queen_in_row(r) == Some(c))
            })
        }
        Drawing::Arrows(board) => {
            let lines: Vec<Vec<String>> = board
                .to_string()
                .lines()
                .map(|line| line.chars().map(String::from).collect())
                .collect();
            let n = board.size();
            cells("arrows", n, n, |r, c| json!(lines[r][c]))
        }
        Drawing::Pieces { board, .. } => cells("pieces", board.rows(), board.cols(), |row, col| {
            json!(board
                .get(Cell { row, col })
                .map_or(String::new(), String::from))
        }),
        Drawing::Tiles { board, .. } => cells("tiles", board.rows(), board.cols(), |row, col| {
            json!(board.get(Cell { row, col }).unwrap_or(0))
        }),
    }
}

/// A model of `kind` with `cells` of `rows` x `cols`.
fn cells(kind: &str, rows: usize, cols: usize, cell: impl Fn(usize, usize) -> Value) -> Value {
    let cells: Vec<Vec<Value>> = (0..rows)
        .map(|r| (0..cols).map(|c| cell(r, c)).collect())
        .collect();
    json!({ "kind": kind, "rows": rows, "cols": cols, "cells": cells })
}

/// A grid of digits from `min` to `max`: each cell's digit, and whether the puzzle gave it.
fn digits(
    kind: &str,
    rows: usize,
    cols: usize,
    min: usize,
    max: usize,
    cell: impl Fn(usize, usize) -> (Option<usize>, bool),
) -> Value {
    let mut model = cells(kind, rows, cols, |r, c| json!(cell(r, c).0));
    let given: Vec<Vec<bool>> = (0..rows)
        .map(|r| (0..cols).map(|c| cell(r, c).1).collect())
        .collect();
    extend(
        &mut model,
        json!({ "min": min, "max": max, "given": given }),
    );
    model
}

fn extend(model: &mut Value, more: Value) {
    if let (Value::Object(model), Value::Object(more)) = (model, more) {
        model.extend(more);
    }
}
