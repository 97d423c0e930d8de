//! The arrow board's input (its size) and output (see the [module docs](super)).

use std::fmt;

use super::{Arrow, Board, Size, MAX_SIZE};
use crate::text::{self, content_lines, ParseError, ParseErrorKind};

/// Reads a board size: one even number from 2 to [`MAX_SIZE`], alone in the input.
pub(super) fn parse_size(input: &str) -> Result<Size, ParseError> {
    let lines = content_lines(input);
    let n = text::size_line(&lines, input, "a board size", 2, MAX_SIZE)?;
    if n % 2 == 1 {
        let (line, text) = lines[0];
        return Err(ParseError::new(
            line,
            text::first_column(text),
            ParseErrorKind::BadSize {
                expected: "an even board size",
                found: n.to_string(),
            },
        ));
    }
    if let Some(&(line, text)) = lines.get(1) {
        return Err(ParseError::new(
            line,
            text::first_column(text),
            ParseErrorKind::Trailing {
                after: "the board size".to_owned(),
                found: text.trim_start().chars().next().unwrap_or(' '),
            },
        ));
    }
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
