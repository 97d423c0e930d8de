//! The queens' input (the board's size) and output (see the [module docs](super)).

use std::fmt;

use super::{Board, Size, MAX_SIZE};
use crate::text::{self, content_lines, ParseError};

/// Reads a board size: one number from 1 to [`MAX_SIZE`], alone in the input.
pub(super) fn parse_size(input: &str) -> Result<Size, ParseError> {
    let lines = content_lines(input);
    let n = text::size_line(&lines, input, "a board size", 1, MAX_SIZE)?;
    text::nothing_after(&lines, 1, "the board size")?;
    Ok(Size(n))
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self
            .queens
            .iter()
            .map(|&queen| {
                (0..self.n)
                    .map(|col| if queen == Some(col) { 'Q' } else { '.' })
                    .collect()
            })
            .collect();
        text::write_lines(f, &lines)
    }
}
