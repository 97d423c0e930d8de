//! `dlx pack BOARD PIECES`, and the drawing of boards covered by pieces that it shares with
//! `dlx calendar`.

use std::io::{self, Write};
use std::path::Path;
use std::path::PathBuf;

use anyhow::{anyhow, bail, Result};
use clap::Args;
use reductions::calendar::{Date, MONTHS};
use reductions::grid::Cell;
use reductions::pack::Pack;
use reductions::polyomino::PieceBoard;
use reductions::text::ParseErrorKind;
use reductions::Reduction;
use serde::Serialize;

use crate::args::SolveFlags;
use crate::board::{write_json, Board, Head};
use crate::render::{self, Paint, Regions};
use crate::Found;

/// BOARD: one line per row, `.` a cell to cover, `#` no cell, optionally after a first
/// line `H W`.
///
/// PIECES: pictures of the pieces in blocks separated by blank lines. A letter or digit
/// (A-Z, a-z, 0-9) is a cell of the piece of that name, so one block may draw several
/// pieces side by side; `.` and blanks are empty; the `#`s of a block form one piece
/// named by the first free letter. A piece's cells must touch through their sides, and
/// a name belongs to one piece. The pieces must have as many cells as the board.
///
/// Plain text: one line per board row, the letter of the piece on each cell, `#` where
/// the board has no cell; a blank line between boards.
#[derive(Debug, Args)]
#[command(after_help = "Example: two L-trominoes on a 2x3 board\n  \
    printf '...\\n...\\n' > board.txt\n  \
    printf 'A\\nAA\\n\\nBB\\n B\\n' > pieces.txt\n  \
    dlx pack board.txt pieces.txt --all")]
pub struct PackArgs {
    /// The board file (`-`: standard input).
    #[arg(value_name = "BOARD")]
    pub board: PathBuf,

    /// The pieces file (`-`: standard input).
    #[arg(value_name = "PIECES")]
    pub pieces: PathBuf,

    #[command(flatten)]
    pub flags: SolveFlags,
}

impl super::PuzzleArgs for PackArgs {
    fn flags(&self) -> &SolveFlags {
        &self.flags
    }

    fn run(&self) -> Result<Found> {
        run(self)
    }
}

/// `dlx pack`.
pub const VIEW: super::View = super::View::new::<PackArgs>("pack");

pub fn run(args: &PackArgs) -> Result<Found> {
    if args.board == Path::new("-") && args.pieces == Path::new("-") {
        bail!("only one of BOARD and PIECES can be standard input (-)");
    }
    let (board_name, board_text) = crate::input::read_input(Some(&args.board))?;
    let (pieces_name, pieces_text) = crate::input::read_input(Some(&args.pieces))?;
    let pack = Pack::from_board_text(&board_text).map_err(|err| anyhow!("{board_name}:{err}"))?;
    // Errors with a place are in the pieces file (the board's were read above); the others
    // are about the pieces as a whole, or, for their area, about both files.
    let puzzle = pack.parse(&pieces_text).map_err(|err| {
        if err.position().is_some() {
            anyhow!("{pieces_name}:{err}")
        } else if let ParseErrorKind::Area { .. } = err.kind() {
            anyhow!("{pieces_name} on {board_name}: {err}")
        } else {
            anyhow!("{pieces_name}: {err}")
        }
    })?;
    let names: Vec<char> = puzzle.pieces().iter().map(|piece| piece.name()).collect();
    crate::run::solve_reduction(&pack, &puzzle, &args.flags, |board| PieceView {
        board,
        names: names.clone(),
        date: None,
    })
}

/// A board covered by named pieces (`pack`, `calendar`): the piece letters, and for the
/// calendar its date, whose cells are labelled with month and day names.
pub struct PieceView {
    pub board: PieceBoard,
    /// The pieces' letters, in the order of the puzzle (which fixes their colors).
    pub names: Vec<char>,
    pub date: Option<Date>,
}

impl PieceView {
    /// The label of a calendar cell: a month's name or a day's number.
    fn calendar_label(cell: Cell) -> String {
        match cell.row {
            0 | 1 => MONTHS
                .get(cell.row * 6 + cell.col)
                .filter(|_| cell.col < 6)
                .map_or_else(String::new, |name| name.to_string()),
            _ => {
                let day = (cell.row - 2) * 7 + cell.col + 1;
                if day <= 31 {
                    day.to_string()
                } else {
                    String::new()
                }
            }
        }
    }

    /// The board as regions: a region per piece (numbered as the pieces), then one per open
    /// cell. Labels: on the terminal (`letters`) the piece letter on covered cells and the
    /// month or day on open calendar cells; in pictures the month or day on every calendar
    /// cell (faint under the pieces), none on other boards.
    fn regions(&self, letters: bool) -> Regions {
        let (rows, cols) = (self.board.rows(), self.board.cols());
        let mut region = Vec::with_capacity(rows * cols);
        let mut labels = Vec::with_capacity(rows * cols);
        let mut open = self.names.len();
        for row in 0..rows {
            for col in 0..cols {
                let cell = Cell::new(row, col);
                let letter = self.board.get(cell).unwrap_or(PieceBoard::NO_CELL);
                let (here, label) = match letter {
                    PieceBoard::NO_CELL => (None, String::new()),
                    PieceBoard::OPEN => {
                        open += 1;
                        let label = match self.date {
                            Some(_) => PieceView::calendar_label(cell),
                            None => "·".to_owned(),
                        };
                        (Some(open - 1), label)
                    }
                    letter => {
                        let index = self.names.iter().position(|&n| n == letter);
                        let label = match (letters, self.date) {
                            (true, _) => letter.to_string(),
                            (false, Some(_)) => PieceView::calendar_label(cell),
                            (false, None) => String::new(),
                        };
                        (index, label)
                    }
                };
                region.push(here);
                labels.push(label);
            }
        }
        let mut fill: Vec<Option<u8>> = render::colors(&region, cols, self.names.len())
            .into_iter()
            .map(Some)
            .collect();
        fill.resize(open, None);
        Regions {
            rows,
            cols,
            region,
            fill,
            labels,
            faint: true,
        }
    }
}

impl Board for PieceView {
    fn plain(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", self.board)
    }

    fn pretty(&self, color: bool, out: &mut dyn Write) -> io::Result<()> {
        self.regions(true).draw(&Paint { color }, out)
    }

    fn json(&self, head: &Head, out: &mut dyn Write) -> io::Result<()> {
        #[derive(Serialize)]
        struct Packing {
            #[serde(flatten)]
            date: Option<DateFields>,
            board: Vec<String>,
            pieces: Vec<PieceCells>,
        }
        #[derive(Serialize)]
        struct DateFields {
            date: String,
            month: u32,
            day: u32,
        }
        #[derive(Serialize)]
        struct PieceCells {
            piece: String,
            cells: Vec<[usize; 2]>,
        }
        let date = self.date.map(|date| DateFields {
            date: date.to_string(),
            month: date.month(),
            day: date.day(),
        });
        let board = self.board.lines().collect();
        let pieces = self
            .names
            .iter()
            .map(|&name| PieceCells {
                piece: name.to_string(),
                cells: (0..self.board.rows())
                    .flat_map(|row| (0..self.board.cols()).map(move |col| (row, col)))
                    .filter(|&(row, col)| self.board.get(Cell::new(row, col)) == Some(name))
                    .map(|(row, col)| [row, col])
                    .collect(),
            })
            .collect();
        write_json(
            out,
            head,
            &Packing {
                date,
                board,
                pieces,
            },
        )
    }

    fn svg(&self, out: &mut dyn Write) -> io::Result<()> {
        self.regions(false).svg(out)
    }
}
