//! How a solved board is shown: the [`Board`] trait that every puzzle's view implements (plain
//! text, the drawing for people, JSON, SVG), and the [`View`] chosen once from the flags and
//! the terminal.

use std::io::{self, Write};

use serde::ser::{Serialize, SerializeSeq, Serializer};

use crate::args::{ColorChoice, Format, SolveFlags};

/// A solved board, in every form the command line prints.
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
}

/// How boards are shown, decided once from the flags and the terminal.
#[derive(Copy, Clone, Debug)]
pub struct View {
    pub format: Format,
    /// The drawing for people rather than the plain text.
    pub pretty: bool,
    pub color: bool,
}

impl View {
    /// Plain text unless stdout is a terminal (or `--pretty`, or `--color always`), and never
    /// with `--plain`; colors only in the drawing, when stdout is a terminal that takes them
    /// (`TERM` is not `dumb`) and `NO_COLOR` is unset or empty, or when `--color always` or
    /// `CLICOLOR_FORCE` (set and not empty, and no `NO_COLOR`) asks for them: the conventions
    /// of no-color.org and bixense.com/clicolors, as the `anstyle-query` crate reads them.
    pub fn new(flags: &SolveFlags) -> View {
        let terminal = crate::output::is_terminal();
        let no_color = anstyle_query::no_color();
        let forced =
            flags.color == ColorChoice::Auto && anstyle_query::clicolor_force() && !no_color;
        let pretty = !flags.plain
            && (flags.pretty || terminal || forced || flags.color == ColorChoice::Always);
        let color = pretty
            && match flags.color {
                ColorChoice::Always => true,
                ColorChoice::Never => false,
                ColorChoice::Auto => {
                    forced || (terminal && !no_color && anstyle_query::term_supports_color())
                }
            };
        View {
            format: flags.format,
            pretty,
            color,
        }
    }

    /// Writes solution number `index` (from 1): boards and SVG documents separated by a blank
    /// line, JSON one object per line.
    pub fn write(&self, board: &dyn Board, index: u128, out: &mut dyn Write) -> io::Result<()> {
        match self.format {
            Format::Text | Format::Dlx | Format::Zdd => {
                if index > 1 {
                    writeln!(out)?;
                }
                if self.pretty {
                    board.pretty(self.color, out)
                } else {
                    board.plain(out)
                }
            }
            Format::Json => board.json(&Head(&[("solution", index)]), out),
            Format::Tatham => match board.tatham() {
                Some(id) => writeln!(out, "{id}"),
                None => Err(io::Error::other(
                    "--format tatham: only sudoku, futoshiki and binairo have Tatham game IDs",
                )),
            },
            Format::Svg => {
                if index > 1 {
                    writeln!(out)?;
                }
                board.svg(out)
            }
        }
    }
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
    pub rows: usize,
    pub cols: usize,
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
