//! How a solved board is shown: the [`Board`] trait that every puzzle's view implements (plain
//! text, the drawing for people, JSON, SVG), and the [`View`] chosen once from the flags and
//! the terminal.

use std::io::{self, IsTerminal, Write};

use serde_json::Value;

use crate::args::{ColorChoice, Format, SolveFlags};

/// A solved board, in every form the command line prints.
pub trait Board {
    /// The plain text of docs/cli.md, every line ended by `\n`.
    fn plain(&self, out: &mut dyn Write) -> io::Result<()>;
    /// The drawing for people (box-drawing lines, labels), colored if `color`.
    fn pretty(&self, color: bool, out: &mut dyn Write) -> io::Result<()>;
    /// The fields of the board's JSON object, in order (the runner puts `"solution":N` first).
    fn json(&self) -> Vec<(&'static str, Value)>;
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
        let terminal = io::stdout().is_terminal();
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
            Format::Json => {
                let mut fields = vec![("solution", Value::from(index.to_string()))];
                if let Ok(small) = u64::try_from(index) {
                    fields[0].1 = Value::from(small);
                }
                fields.extend(board.json());
                writeln!(out, "{}", object(&fields))
            }
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

/// A JSON object with its fields in the order given (serde_json's maps sort them).
pub fn object(fields: &[(&str, Value)]) -> String {
    let mut text = String::from("{");
    for (k, (name, value)) in fields.iter().enumerate() {
        if k > 0 {
            text.push(',');
        }
        text.push_str(&Value::from(*name).to_string());
        text.push(':');
        text.push_str(&value.to_string());
    }
    text.push('}');
    text
}
