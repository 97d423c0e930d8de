//! `dlx binairo`: the grid read (or made, or graded), solved in the encoding asked for, and
//! drawn.

use std::ops::ControlFlow;
use std::path::PathBuf;

use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use reductions::binairo::{self, Binairo, Difficulty, Strategy};
use reductions::drawing::Draw;

use crate::args::{MakeFlags, SolveFlags};
use crate::make::{self, Made};
use crate::process::Found;

/// The exact-cover encodings of Binairo.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum BinairoEncoding {
    /// An option per cell and digit; counts with multiplicities (Algorithm M): any size.
    Cells,
    /// An option per legal row and column that survives propagation from the givens, a row
    /// and a column agreeing on a cell through two items (Algorithm X, Knuth's search by
    /// default): the fastest to count loose grids; too many options on large, sparse grids
    /// (then the cell encoding is used).
    Patterns,
    /// The same options, a row and a column agreeing through a colored item per open cell
    /// (Algorithm C), searched with probing at every node: minimal 30 x 30 puzzles proved
    /// unique in a fraction of a second.
    Colors,
}

/// No three equal digits next to each other in a row or a column; every row and every
/// column holds as many 0s as 1s; no two rows and no two columns are equal. The file: a
/// size line, N (an N x N grid) or ROWS COLS, each even, then `repeats` when equal lines
/// are allowed; then one line per row: `0`, `1`, and `_` or `.` for a blank. Or a game ID
/// of Tatham's Unruly. Standard input if FILE is absent or `-`.
///
/// Plain text: one line of digits per row. On a terminal the givens are set apart.
///
/// Is my puzzle unique? `dlx binairo puzzle.txt --limit 2 --count` prints 1 for a
/// puzzle with exactly one solution (2 means several, 0 none, exit status 1).
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    dlx binairo puzzle.txt                   the first solution\n  \
    dlx binairo puzzle.txt --limit 2 --count 1 if the solution is unique\n  \
    printf '4\\n____\\n____\\n____\\n____\\n' | dlx binairo --count      72\n  \
    dlx binairo --generate 8x10 --difficulty normal --seed 3\n  \
    dlx binairo 8x8u:ADfBgcBbjEdbEeaEa        a game ID of Tatham's Unruly")]
pub struct BinairoArgs {
    /// The puzzle file; standard input if absent or `-`.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    #[command(flatten)]
    pub make: MakeFlags,

    /// With --generate: puzzles whose rows (and columns) may repeat, as Tatham's Unruly
    /// makes them by default (the size line then says `repeats`).
    #[arg(long, requires = "generate")]
    pub repeats: bool,

    /// The exact-cover encoding. By default `colors`, except for a count (or every solution)
    /// of a loose grid, which a short search of the patterns finds and counts on them.
    #[arg(long, value_enum, value_name = "ENCODING")]
    pub encoding: Option<BinairoEncoding>,

    #[command(flatten)]
    pub flags: SolveFlags,
}

impl super::PuzzleArgs for BinairoArgs {
    fn flags(&self) -> &SolveFlags {
        &self.flags
    }

    fn run(&self) -> Result<Found> {
        run(self)
    }

    fn make(&self) -> Option<&MakeFlags> {
        Some(&self.make)
    }
}

/// `dlx binairo`.
pub const VIEW: super::View = super::View::new::<BinairoArgs>("binairo");

pub fn run(args: &BinairoArgs) -> Result<Found> {
    if let Some(size) = &args.make.generate {
        return generate(args, size);
    }
    let reduction = Binairo {
        strategy: match args.encoding {
            Some(BinairoEncoding::Cells) => Strategy::Cells,
            Some(BinairoEncoding::Patterns) => Strategy::Patterns,
            Some(BinairoEncoding::Colors) => Strategy::Colors,
            None => Strategy::Auto,
        },
    };
    let file = args.file.as_deref();
    let grid = match crate::batch::one_or_lines(&reduction, file, &args.make, &args.flags)? {
        ControlFlow::Continue(grid) => grid,
        ControlFlow::Break(found) => return Ok(found),
    };
    if let Some(violation) = grid.violation() {
        crate::process::note(format_args!(
            "dlx: note: the givens already break a rule: {violation}"
        ));
    }
    if args.make.grade {
        return make::grade(&args.flags, || binairo::grade(&grid).into());
    }
    if args.make.hint || args.make.explain {
        return make::hints(&args.make, &args.flags, || binairo::explain(&grid));
    }
    crate::run::solve_reduction(&reduction, &grid, &args.flags)
}

/// `--generate N` or `ROWSxCOLS`.
fn generate(args: &BinairoArgs, size: &str) -> Result<Found> {
    let (rows, cols) =
        binairo::size_to_make(size).map_err(|err| anyhow::anyhow!("--generate: {err}"))?;
    let difficulty = make::difficulty(&args.make, Difficulty::Trivial)?;
    let distinct = !args.repeats;
    make::generate(&args.make, &args.flags, |rng, deadline| {
        let made = binairo::generate_before(rows, cols, distinct, difficulty, rng, deadline);
        let Ok(made) = made else {
            return Ok(None); // Out of time.
        };
        let Some(mut made) = made else {
            bail!(
                "--generate {size}: no {rows} x {cols} grid has distinct rows and columns \
                 (--repeats allows equal ones)"
            );
        };
        if let Some(extra) = args.make.extra_clues {
            binairo::add_clues(&mut made, extra, rng);
        }
        Ok(Some(Made {
            puzzle_view: Binairo::default().drawing(&made.puzzle, made.puzzle.clone()),
            solution_view: Binairo::default().drawing(&made.puzzle, made.solution.clone()),
            puzzle: made.puzzle.puzzle_text(),
            id: made.puzzle.game_id(),
            solution: made.solution.puzzle_text(),
            solution_id: made.solution.game_id(),
            difficulty: made.difficulty.to_string(),
            reached: made.reached,
            tries: made.tries,
        }))
    })
}
