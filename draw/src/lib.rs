//! The drawings of the puzzles' boards, one renderer per format for every front end (the
//! command line, the page and Python): the plain text of `docs/cli.md`, the drawing for
//! people on a terminal (box-drawing lines, colors), one JSON object per board, standalone
//! SVG documents, and Tatham's game IDs.
//!
//! A board comes as data, a [`Drawing`] of the library ([`reductions::drawing`]), and is shown
//! through the [`Board`] trait, which [`Drawing`] implements: each kind of cell has its view
//! here (digits in a grid with their givens, boxes, regions and cages; Futoshiki's signs;
//! Towers' clues around the grid; Keen's cages and their clues; Dominosa's dominoes;
//! queens; arrows; pieces; tiles), built from the drawing when it is written.
//!
//! ```
//! use draw::Board;
//! use reductions::drawing::Draw;
//! use reductions::sudoku::Sudoku;
//! use reductions::Reduction;
//!
//! let puzzle = Sudoku::default().parse("1.3.\n.4..\n..4.\n.3.1\n")?;
//! let drawing = Sudoku::default().drawing(&puzzle, puzzle.clone());
//! let svg = draw::svg(&drawing);
//! assert!(svg.starts_with("<svg "));
//! assert_eq!(draw::plain(&drawing), "1.3.\n.4..\n..4.\n.3.1\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::io::{self, Write};

use serde::ser::{Serialize, SerializeSeq, Serializer};

pub use model::model;
pub use reductions::drawing::Drawing;

mod arrows;
mod digits;
mod dominosa;
mod futoshiki;
mod keen;
mod model;
mod pieces;
mod queens;
pub mod render;
mod tiles;
mod towers;

/// A board in every form a front end shows: the plain text, the drawing for people, JSON,
/// SVG and Tatham's game IDs.
pub trait Board {
    /// The plain text of docs/cli.md, every line ended by `\n`.
    fn plain(&self, out: &mut dyn Write) -> io::Result<()>;
    /// The drawing for people (box-drawing lines, labels), colored if `color`.
    fn pretty(&self, color: bool, out: &mut dyn Write) -> io::Result<()>;
    /// The board's JSON object, one line: the fields of `head` first (`"solution":N`, or a
    /// puzzle's number and line), then the board's, written as they are serialized (a large
    /// board is never held as JSON values in memory). Each view writes it with
    /// [`write_json`].
    fn json(&self, head: &Head, out: &mut dyn Write) -> io::Result<()>;
    /// A standalone SVG document, ended by a newline.
    fn svg(&self, out: &mut dyn Write) -> io::Result<()>;
    /// The board as a game ID of Tatham's puzzles, for the puzzles he has.
    fn tatham(&self) -> Option<String> {
        None
    }
    /// The plain text on one line, ended by `\n`: its rows joined, with a blank between two
    /// when the rows have blanks (numbers of several digits). A file of many puzzles is
    /// answered so, a line a puzzle.
    ///
    /// ```
    /// use draw::Board;
    /// use reductions::drawing::Draw;
    /// use reductions::sudoku::Sudoku;
    /// use reductions::Reduction;
    ///
    /// let puzzle = Sudoku::default().parse("1.3.\n.4..\n..4.\n.3.1\n")?;
    /// let drawing = Sudoku::default().drawing(&puzzle, puzzle.clone());
    /// assert_eq!(drawing.plain_line()?, "1.3..4....4..3.1\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn plain_line(&self) -> io::Result<String> {
        joined_plain(self)
    }
}

/// [`Board::plain_line`] from the board's plain text.
fn joined_plain(board: &(impl Board + ?Sized)) -> io::Result<String> {
    let mut plain = Vec::with_capacity(128);
    board.plain(&mut plain)?;
    let plain =
        String::from_utf8(plain).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    let separator = if plain.contains(' ') { " " } else { "" };
    let mut line = String::with_capacity(plain.len() + 1);
    for (k, row) in plain.lines().enumerate() {
        if k > 0 {
            line.push_str(separator);
        }
        line.push_str(row);
    }
    line.push('\n');
    Ok(line)
}

impl Board for Drawing {
    fn plain(&self, out: &mut dyn Write) -> io::Result<()> {
        match self {
            // The grid's own text, as its view writes it, without building the view: a
            // batch of many writes one a puzzle.
            Drawing::Sudoku { board, .. } => writeln!(out, "{board}"),
            _ => view(self).plain(out),
        }
    }

    fn pretty(&self, color: bool, out: &mut dyn Write) -> io::Result<()> {
        view(self).pretty(color, out)
    }

    fn json(&self, head: &Head, out: &mut dyn Write) -> io::Result<()> {
        view(self).json(head, out)
    }

    fn svg(&self, out: &mut dyn Write) -> io::Result<()> {
        view(self).svg(out)
    }

    fn tatham(&self) -> Option<String> {
        view(self).tatham()
    }

    fn plain_line(&self) -> io::Result<String> {
        match self {
            // Written straight from the grid where it can be: a batch writes one a puzzle.
            Drawing::Sudoku { board, .. } => match board.one_line() {
                Some(line) => Ok(line),
                None => joined_plain(self),
            },
            _ => joined_plain(self),
        }
    }
}

/// The view of a drawing's kind of cell, borrowing its board.
fn view(drawing: &Drawing) -> Box<dyn Board + '_> {
    match drawing {
        Drawing::Sudoku { puzzle, board } => Box::new(digits::sudoku(puzzle, board)),
        Drawing::Binairo { puzzle, board } => Box::new(digits::binairo(puzzle, board)),
        Drawing::Latin { puzzle, board } => Box::new(digits::latin(puzzle, board)),
        Drawing::Futoshiki { puzzle, board } => Box::new(futoshiki::FutoshikiView {
            puzzle,
            solved: board,
        }),
        Drawing::Towers { puzzle, board } => Box::new(towers::TowersView { puzzle, board }),
        Drawing::Keen { puzzle, board } => Box::new(keen::KeenView { puzzle, board }),
        Drawing::Dominosa { puzzle, board } => Box::new(dominosa::DominosaView { puzzle, board }),
        Drawing::Queens(board) => Box::new(queens::QueensView { board }),
        Drawing::Arrows(board) => Box::new(arrows::ArrowsView { board }),
        Drawing::Pieces { board, names, date } => Box::new(pieces::PieceView {
            board,
            names,
            date: *date,
        }),
        Drawing::Tiles { board, by_shape } => Box::new(tiles::TileView {
            board,
            classes: by_shape.then(|| tiles::classes(board)),
        }),
    }
}

/// The plain text of a drawing, as [`Board::plain`] writes it.
pub fn plain(drawing: &Drawing) -> String {
    written(|out| drawing.plain(out))
}

/// A drawing for people on a terminal, colored if `color`, as [`Board::pretty`] writes it.
pub fn pretty(drawing: &Drawing, color: bool) -> String {
    written(|out| drawing.pretty(color, out))
}

/// A drawing as one standalone SVG document, as [`Board::svg`] writes it.
pub fn svg(drawing: &Drawing) -> String {
    written(|out| drawing.svg(out))
}

/// A drawing as one JSON object on one line, as [`Board::json`] writes it with no head.
pub fn json(drawing: &Drawing) -> String {
    written(|out| drawing.json(&Head(&[]), out))
}

fn written(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> String {
    let mut bytes = Vec::new();
    write(&mut bytes).expect("writing to a vector cannot fail");
    String::from_utf8(bytes).expect("every renderer writes UTF-8")
}

/// The fields a board's JSON object starts with, in order: numbers (which solution, which
/// puzzle and line), exact at any size.
pub struct Head<'a>(pub &'a [(&'static str, u128)]);

impl Serialize for Head<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(name, value)| (name, value)))
    }
}

/// Writes one JSON object and a line end: the fields of `head`, then those of `board` (a
/// struct with `#[derive(Serialize)]`), streamed into `out`.
pub fn write_json<T: Serialize>(out: &mut dyn Write, head: &Head, board: &T) -> io::Result<()> {
    #[derive(serde::Serialize)]
    struct Line<'a, T> {
        #[serde(flatten)]
        head: &'a Head<'a>,
        #[serde(flatten)]
        board: &'a T,
    }
    serde_json::to_writer(&mut *out, &Line { head, board })?;
    writeln!(out)
}

/// A grid serialized as an array of rows, each an array of `cell(row, col)`, made as it is
/// written: boards of millions of cells go out without a copy.
pub struct Rows<F> {
    /// The grid's rows.
    pub rows: usize,
    /// The grid's columns.
    pub cols: usize,
    /// The value of the cell at a row and a column.
    pub cell: F,
}

impl<F, V> Serialize for Rows<F>
where
    F: Fn(usize, usize) -> V,
    V: Serialize,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut rows = serializer.serialize_seq(Some(self.rows))?;
        for row in 0..self.rows {
            rows.serialize_element(&Row { row, grid: self })?;
        }
        rows.end()
    }
}

/// One row of [`Rows`].
struct Row<'a, F> {
    row: usize,
    grid: &'a Rows<F>,
}

impl<F, V> Serialize for Row<'_, F>
where
    F: Fn(usize, usize) -> V,
    V: Serialize,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((0..self.grid.cols).map(|col| (self.grid.cell)(self.row, col)))
    }
}
