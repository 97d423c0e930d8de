//! Boards covered by named pieces (a packing, the calendar), each piece in its color.

use std::io::{self, Write};

use reductions::calendar::{Date, MONTHS};
use reductions::grid::Cell;
use reductions::polyomino::PieceBoard;
use serde::Serialize;

use crate::render::{self, Paint, Regions};
use crate::{write_json, Board, Head};

/// A board covered by named pieces (`pack`, `calendar`): the piece letters, and for the
/// calendar its date, whose cells are labelled with month and day names.
pub(crate) struct PieceView<'a> {
    pub board: &'a PieceBoard,
    /// The pieces' letters, in the order of the puzzle (which fixes their colors).
    pub names: &'a [char],
    pub date: Option<Date>,
}

impl PieceView<'_> {
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

impl Board for PieceView<'_> {
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
