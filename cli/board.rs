//! How a solved board is shown: the [`View`] chosen once from the flags and the terminal, which
//! writes each board through the library's renderers ([`draw::Board`]).

use std::io::{self, Write};

use draw::{Board, Head};

use crate::args::{ColorChoice, Format, SolveFlags};

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
