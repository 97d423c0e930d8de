//! The arrow board's input (its size) and output (see the [module docs](super)).

use std::fmt;

use super::{Arrow, Board, Size, MAX_SIZE};
use crate::text::{self, content_lines, ParseError};

/// Reads a board size: one even number from 2 to [`MAX_SIZE`], alone in the input.
pub(super) fn parse_size(input: &str) -> Result<Size, ParseError> {
    let lines = content_lines(input);
    let n = text::size_line(&lines, input, "a board size", 2, MAX_SIZE)?;
    text::even_size(&lines, n, "an even board size")?;
    text::nothing_after(&lines, 1, "the board size")?;
    Ok(Size(n))
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self
            .cells
            .chunks(self.n.max(1))
            .map(|row| row.iter().map(|a| a.map_or('·', Arrow::as_char)).collect())
            .collect();
        text::write_lines(f, &lines)
    }
}
