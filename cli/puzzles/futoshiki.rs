//! `dlx futoshiki`: the puzzle read, solved, and drawn with its inequality signs, givens set
//! apart.

use std::io::{self, Write};
use std::ops::ControlFlow;

use anyhow::{bail, Result};
use clap::Args;
use reductions::futoshiki::{self, Difficulty, Futoshiki, Grid, Relation};
use serde::Serialize;

use super::digits::{digit, CELL, FOUND};
use crate::args::{FileArgs, MakeFlags, SolveFlags};
use crate::board::{write_json, Board, Head, Rows};
use crate::make::{self, Made};
use crate::render::{self, Paint, Svg};
use crate::Found;

/// Every row and every column holds 1..n once each; the given digits stay; the
/// inequalities between neighbouring cells hold.
///
/// The file (docs/puzzles.md): a line with n, then 2n-1 lines. Rows of digits: n numbers
/// (0 = empty) separated by `|` (no relation), `<` (left smaller) or `>` (left larger).
/// Between two digit rows, 2n-1 marks: at even positions `-` (none), `^` (upper
/// smaller) or `v` (upper larger), `-` at odd positions. Blanks between tokens are
/// optional. Standard input if FILE is absent or `-`.
///
/// Unequal's adjacent mode: a first line `N adjacent`, then `=` between two cells for a bar
/// (consecutive digits) and `|` or `-` for none (digits not consecutive); or an Unequal ID
/// `5a:...`; `--generate 5a` makes them.
///
/// Plain text: the same format, every cell filled, the relations kept. On a terminal the
/// signs stand between the cells and the givens are set apart.
///
/// Is my puzzle unique? `dlx futoshiki puzzle.txt --limit 2 --count` prints 1 for a
/// puzzle with exactly one solution (2 means several, 0 none, exit status 1).
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dlx futoshiki puzzle.txt                   the first solution\n  \
    dlx futoshiki puzzle.txt --limit 2 --count 1 if the solution is unique\n  \
    dlx futoshiki puzzle.txt --count           every solution counted\n  \
    dlx futoshiki puzzle.txt --grade           its difficulty\n  \
    dlx futoshiki --generate 7 --difficulty extreme | dlx futoshiki\n  \
    dlx futoshiki --generate 5 --format tatham  a game ID for Tatham's Unequal")]
pub struct FutoshikiArgs {
    #[command(flatten)]
    pub puzzle: FileArgs,
}

impl super::PuzzleArgs for FutoshikiArgs {
    fn flags(&self) -> &SolveFlags {
        &self.puzzle.flags
    }

    fn run(&self) -> Result<Found> {
        run(&self.puzzle)
    }

    fn make(&self) -> Option<&MakeFlags> {
        Some(&self.puzzle.make)
    }
}

/// `dlx futoshiki`.
pub const VIEW: super::View = super::View::new::<FutoshikiArgs>("futoshiki");

pub fn run(args: &FileArgs) -> Result<Found> {
    if let Some(size) = &args.make.generate {
        return generate(args, size);
    }
    let file = args.file.as_deref();
    let grid = match crate::batch::one_or_lines(
        &Futoshiki,
        file,
        &args.make,
        &args.flags,
        |puzzle, solved| FutoshikiView {
            puzzle: puzzle.clone(),
            solved,
        },
    )? {
        ControlFlow::Continue(grid) => grid,
        ControlFlow::Break(found) => return Ok(found),
    };
    if let Some(violation) = grid.violation() {
        crate::note(format_args!(
            "dlx: note: the givens already break a rule: {violation}"
        ));
    }
    if args.make.grade {
        return make::grade(&args.flags, || futoshiki::grade(&grid).into());
    }
    if args.make.hint || args.make.explain {
        return make::hints(&args.make, &args.flags, || futoshiki::explain(&grid));
    }
    crate::run::solve_reduction(&Futoshiki, &grid, &args.flags, |solved| FutoshikiView {
        puzzle: &grid,
        solved,
    })
}

/// `--generate N`: futoshiki of n x n.
fn generate(args: &FileArgs, size: &str) -> Result<Found> {
    let (n, adjacent) =
        futoshiki::size_to_make(size).map_err(|err| anyhow::anyhow!("--generate: {err}"))?;
    let difficulty = make::difficulty(&args.make, Difficulty::Trivial)?;
    make::generate(&args.make, &args.flags, |rng, deadline| {
        let made = futoshiki::generate_mode_before(n, adjacent, difficulty, rng, deadline);
        let Ok(made) = made else {
            return Ok(None); // Out of time.
        };
        let Some(mut made) = made else {
            bail!("--generate {size}: no Latin square of this size was found to make a puzzle of");
        };
        if let Some(extra) = args.make.extra_clues {
            futoshiki::add_clues(&mut made, extra, rng);
        }
        // The solution is shown with the puzzle's own signs, not every sign of the grid the
        // puzzle was made from.
        let mut solved = made.puzzle.clone();
        for row in 0..solved.size() {
            for col in 0..solved.size() {
                solved.set_digit(row, col, made.solution.digit(row, col));
            }
        }
        Ok(Some(Made {
            puzzle_view: Box::new(FutoshikiView {
                puzzle: made.puzzle.clone(),
                solved: made.puzzle.clone(),
            }),
            solution_view: Box::new(FutoshikiView {
                puzzle: made.puzzle.clone(),
                solved: solved.clone(),
            }),
            puzzle: format!("{}\n", made.puzzle),
            id: made.puzzle.game_id(),
            solution: format!("{solved}\n"),
            solution_id: solved.game_id(),
            difficulty: made.difficulty.to_string(),
            reached: made.reached,
            tries: made.tries,
        }))
    })
}

/// A solved Futoshiki (or a puzzle, drawn with its blanks) and its puzzle (for the givens).
pub struct FutoshikiView<P> {
    puzzle: P,
    solved: Grid,
}

impl<P: std::borrow::Borrow<Grid>> FutoshikiView<P> {
    fn value(&self, row: usize, col: usize) -> usize {
        self.solved.digit(row, col).unwrap_or(0)
    }

    fn given(&self, row: usize, col: usize) -> bool {
        self.puzzle.borrow().digit(row, col).is_some()
    }
}

impl<P: std::borrow::Borrow<Grid>> Board for FutoshikiView<P> {
    fn plain(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.solved)
    }

    /// The digits with the signs between them: `<` `>` in rows, `∧` `∨` between rows (the
    /// point towards the smaller digit); in the adjacent mode, `=` and `‖` for the bars
    /// between consecutive digits.
    fn pretty(&self, color: bool, out: &mut dyn Write) -> io::Result<()> {
        let paint = Paint { color };
        let n = self.solved.size();
        let width = n.to_string().len() + 2;
        let mut line = String::new();
        for row in 0..n {
            if row > 0 {
                line.clear();
                for col in 0..n {
                    if col > 0 {
                        line.push(' ');
                    }
                    let sign = match self.solved.down(row - 1, col) {
                        Relation::None | Relation::Apart => " ",
                        Relation::Less => "∧",
                        Relation::Greater => "∨",
                        Relation::Consecutive => "‖",
                    };
                    line.push_str(&render::center(sign, width));
                }
                writeln!(out, "{}", line.trim_end())?;
            }
            line.clear();
            for col in 0..n {
                if col > 0 {
                    line.push(match self.solved.right(row, col - 1) {
                        Relation::None | Relation::Apart => ' ',
                        Relation::Less => '<',
                        Relation::Greater => '>',
                        Relation::Consecutive => '=',
                    });
                }
                let text = self.value(row, col).to_string();
                digit(&text, self.given(row, col), width, &paint, &mut line);
            }
            writeln!(out, "{}", line.trim_end())?;
        }
        Ok(())
    }

    fn tatham(&self) -> Option<String> {
        Some(self.solved.game_id())
    }

    fn json(&self, head: &Head, out: &mut dyn Write) -> io::Result<()> {
        #[derive(Serialize)]
        struct Grid<G, V> {
            size: usize,
            grid: G,
            given: V,
        }
        let size = self.solved.size();
        let grid = Rows {
            rows: size,
            cols: size,
            cell: |row, col| self.value(row, col),
        };
        let given = Rows {
            rows: size,
            cols: size,
            cell: |row, col| self.given(row, col),
        };
        write_json(out, head, &Grid { size, grid, given })
    }

    fn svg(&self, out: &mut dyn Write) -> io::Result<()> {
        let n = self.solved.size();
        let gap = CELL / 2;
        let step = CELL + gap;
        let side = n * step - gap;
        let mut svg = Svg::new(side, side);
        for row in 0..n {
            for col in 0..n {
                let (x, y) = (col * step, row * step);
                svg.rect(x, y, CELL, CELL, "#ffffff", "#222222");
                let text = match self.value(row, col) {
                    0 => String::new(),
                    value => value.to_string(),
                };
                let given = self.given(row, col);
                let fill = if given { "#000000" } else { FOUND };
                svg.text(x + CELL / 2, y + CELL / 2, &text, 20, given, fill);
                if col + 1 < n {
                    let sign = match self.solved.right(row, col) {
                        Relation::None | Relation::Apart => "",
                        Relation::Less => "<",
                        Relation::Greater => ">",
                        Relation::Consecutive => "|",
                    };
                    svg.text(x + CELL + gap / 2, y + CELL / 2, sign, 18, true, "#000000");
                }
                if row + 1 < n {
                    let sign = match self.solved.down(row, col) {
                        Relation::None | Relation::Apart => "",
                        Relation::Less => "∧",
                        Relation::Greater => "∨",
                        Relation::Consecutive => "—",
                    };
                    svg.text(x + CELL / 2, y + CELL + gap / 2, sign, 18, true, "#000000");
                }
            }
        }
        svg.finish(out)
    }
}
