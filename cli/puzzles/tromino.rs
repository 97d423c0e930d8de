//! `dlx tromino`: L-tromino tilings by exact cover (`--method cover`, any board) or by the
//! classic divide-and-conquer construction (`--method divide`).

use std::io::{BufWriter, Write};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use reductions::drawing::Draw;
use reductions::grid::{Cell, Mask};
use reductions::tromino::{self, Tromino, TrominoError, MAX_SIZE};
use reductions::Reduction;

use crate::args::{Format, Method, Mode, TrominoArgs};
use crate::board::View;
use crate::process::Found;

/// The largest board `--method divide` draws as SVG (a rectangle per cell: 512 x 512 is
/// about 25 MB).
const LARGEST_PICTURE: usize = 512;

pub fn run(args: &TrominoArgs) -> Result<Found> {
    let board = match (&args.board, args.size) {
        (Some(path), _) => crate::input::read_puzzle(Some(path), |text| Tromino.parse(text))?,
        (None, Some(size)) => square(size, args.missing)?,
        (None, None) => bail!("give the board: --size N (with --missing R,C) or --board FILE"),
    };
    match args.method {
        Method::Cover => {
            // Refused before anything is built when the matrix would not fit in memory.
            tromino::check_cover(&board)?;
            if board.len() % 3 != 0 {
                crate::process::note(format_args!(
                    "dlx: note: the board has {} cells, not a multiple of 3, so no tiling exists",
                    board.len()
                ));
            }
            crate::run::solve_reduction(&Tromino, &board, &args.flags)
        }
        Method::Divide => divide(&board, args),
    }
}

/// The `size x size` board, without the cell `missing` if one is given.
fn square(size: usize, missing: Option<Cell>) -> Result<Mask> {
    let board = match missing {
        Some(missing) => tromino::square(size, missing)?,
        None if size == 0 => return Err(TrominoError::ZeroSize.into()),
        None if size > MAX_SIZE => return Err(TrominoError::TooLarge { size }.into()),
        None => Mask::full(size, size),
    };
    Ok(board)
}

/// `--method divide`: the one tiling that the construction builds, printed in the format
/// chosen; the plain text goes out through a large buffer (a 4096 x 4096 board is 120 MB).
fn divide(board: &Mask, args: &TrominoArgs) -> Result<Found> {
    let flags = &args.flags;
    if flags.mode() != Mode::First || flags.shard().is_some() {
        bail!(
            "--method divide builds one tiling: --count, --all, --limit and --shard need \
             --method cover"
        );
    }
    if flags.format() == Format::Dlx {
        tromino::check_cover(board)?;
        let encoding = Tromino
            .encode(board)
            .context("cannot build the exact-cover problem")?;
        return crate::run::print_encoding(&encoding.problem);
    }
    let size = board.rows();
    let missing: Vec<Cell> = (0..board.rows())
        .flat_map(|row| (0..board.cols()).map(move |col| Cell::new(row, col)))
        .filter(|&cell| !board.contains(cell))
        .collect();
    let [missing] = missing[..] else {
        bail!(
            "--method divide needs a square board of side 2^k with exactly one missing cell \
             (give --size N --missing R,C); this board has {} missing",
            missing.len()
        );
    };
    if board.cols() != size {
        bail!(
            "--method divide needs a square board, found {} x {}",
            board.rows(),
            board.cols()
        );
    }
    if flags.format() == Format::Svg && size > LARGEST_PICTURE {
        bail!(
            "a {size} x {size} board is too large to draw as SVG (at most {LARGEST_PICTURE} x \
             {LARGEST_PICTURE}): use --format text or json"
        );
    }
    let start = Instant::now();
    let tiling = tromino::divide(size, missing)?;
    let built = start.elapsed();
    let view = View::new(flags);
    let mut out = BufWriter::with_capacity(1 << 20, crate::output::stdout());
    let tiles = tiling.tile_count();
    let written = match view.format {
        Format::Text if !view.pretty => tiling.write_to(&mut out),
        _ => view.write(&Tromino.drawing(board, tiling), 1, &mut out),
    };
    written
        .and_then(|()| out.flush())
        .context(crate::output::write_error())?;
    drop(out);
    if flags.stats() {
        use crate::stats::Figure::{Count, Seconds};
        crate::stats::print(
            flags,
            &[
                ("tiles", Count(tiles.into())),
                ("construction time", Seconds(built.as_secs_f64())),
                ("time", Seconds(start.elapsed().as_secs_f64())),
            ],
        );
    }
    Ok(Found::Some)
}
