//! How a solved board is shown: the [`View`] chosen once from the flags and the terminal, which
//! writes each board through the library's renderers ([`draw::Board`]).

use std::io::{self, Write};

use draw::{Board, Head};

use crate::args::{Format, SolveFlags};

/// How boards are shown, decided once from the flags and the terminal.
#[derive(Copy, Clone, Debug)]
pub struct View {
    pub format: Format,
    /// The drawing for people rather than the plain text.
    pub pretty: bool,
    pub color: bool,
}

impl View {
    /// The view the flags ask for on this stdout ([`SolveFlags::drawing_style`]).
    pub fn new(flags: &SolveFlags) -> View {
        let (pretty, color) = flags.drawing_style(crate::output::is_terminal());
        View {
            format: flags.format(),
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
                    "--format tatham: this board has no Tatham game ID",
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
