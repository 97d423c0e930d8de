//! Simon Tatham's game IDs, the short strings by which his Portable Puzzle Collection passes
//! a puzzle from one program to another: `PARAMS:DESCRIPTION`, the parameters (size, mode,
//! difficulty) before the colon and the clues after it, all on one line.
//!
//! This module splits an ID and reads the run-length letters the descriptions share; each
//! puzzle's `tatham.rs` reads and writes its own description (Unequal for futoshiki, Unruly
//! for binairo, Solo for sudoku). A text is taken as an ID when its only line holds a colon,
//! which none of the plain formats use.

use crate::text::{content_lines, each_content_line, Cursor, ParseError, ParseErrorKind};

/// A game ID split at its colon, with the place of each part for error messages.
pub(crate) struct GameId<'a> {
    /// The line the ID is on.
    pub line: usize,
    /// The parameters, before the colon (with their column, from 1).
    pub params: &'a str,
    pub params_column: usize,
    /// The description, after the colon (with its column).
    pub desc: &'a str,
    pub desc_column: usize,
}

impl<'a> GameId<'a> {
    /// A cursor at the start of the description.
    pub fn desc_cursor(&self) -> Cursor<'a> {
        let mut cursor = Cursor::new(self.line, self.desc);
        cursor.column = self.desc_column;
        cursor
    }

    /// A cursor at the start of the parameters.
    pub fn params_cursor(&self) -> Cursor<'a> {
        let mut cursor = Cursor::new(self.line, self.params);
        cursor.column = self.params_column;
        cursor
    }
}

/// Whether a text looks like a game ID (its first line holding something has a colon, or is
/// a random-seed ID `PARAMS#SEED`), which [`split`] then reads or refuses.
pub(crate) fn is_game_id(text: &str) -> bool {
    // The first content line, without listing the others: a batch asks it of every line.
    each_content_line(text).next().is_some_and(|(_, line)| {
        let line = line.trim_start();
        line.contains(':') || (line.starts_with(|c: char| c.is_ascii_digit()) && line.contains('#'))
    })
}

/// Splits a game ID; refuses a random-seed ID and anything after the ID's line.
pub(crate) fn split(text: &str) -> Result<GameId<'_>, ParseError> {
    let lines = content_lines(text);
    let Some(&(line, raw)) = lines.first() else {
        return Err(ParseError::whole(ParseErrorKind::Empty {
            expected: "a game ID",
        }));
    };
    let start = raw.len() - raw.trim_start().len();
    let trimmed = raw.trim_start();
    let params_column = raw[..start].chars().count() + 1;
    let Some(colon) = trimmed.find(':') else {
        let hash = trimmed.find('#').unwrap_or(0);
        return Err(ParseError::new(
            line,
            params_column + trimmed[..hash].chars().count(),
            ParseErrorKind::Unsupported {
                expected: "a game ID, PARAMS:DESCRIPTION (Tatham's 'Game > Specific' ID)",
                found: "a random-seed ID, PARAMS#SEED, which only Tatham's generator can expand"
                    .to_owned(),
            },
        ));
    };
    if let Some(&(extra, text)) = lines.get(1) {
        return Err(ParseError::new(
            extra,
            crate::text::first_column(text),
            ParseErrorKind::Trailing {
                after: "the game ID".to_owned(),
                found: text.trim_start().chars().next().unwrap_or(' '),
            },
        ));
    }
    let params = &trimmed[..colon];
    let desc = &trimmed[colon + 1..];
    Ok(GameId {
        line,
        params,
        params_column,
        desc,
        desc_column: params_column + params.chars().count() + 1,
    })
}

/// Reads a decimal number at the cursor, from `min` to `max`; `what` names it in errors.
pub(crate) fn number(
    cursor: &mut Cursor,
    what: &'static str,
    min: u64,
    max: u64,
) -> Result<u64, ParseError> {
    let column = cursor.column;
    let Some((value, found)) = cursor.number() else {
        return Err(cursor.unexpected(what));
    };
    if value < min || value > max {
        return Err(ParseError::new(
            cursor.line,
            column,
            ParseErrorKind::OutOfRange {
                what,
                min,
                max,
                found,
            },
        ));
    }
    Ok(value)
}

/// Run-length letters as Solo and Unequal write blanks: `a` for one, `b` for two, ... `z` for
/// 26, longer runs as several letters.
pub(crate) fn push_blanks(out: &mut String, mut run: usize) {
    while run > 0 {
        let step = run.min(26);
        out.push(char::from(b'a' + step as u8 - 1));
        run -= step;
    }
}
