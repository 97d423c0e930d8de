//! What the grid-puzzle readers share: [`ParseError`], which says where (line and column) and
//! what was wrong, and the helpers that track those positions.
//!
//! The readers of [`futoshiki`](crate::futoshiki), [`binairo`](crate::binairo),
//! [`sudoku`](crate::sudoku), [`queens`](crate::queens) and [`arrows`](crate::arrows) return
//! this error. They never panic, and
//! they refuse a size beyond their puzzle's limit before allocating anything for it.
//!
//! ```
//! use reductions::{futoshiki::Futoshiki, parse::ParseErrorKind, Reduction};
//!
//! let err = Futoshiki.parse("2\n1 | 2\n- x -\n2 | 1\n").unwrap_err();
//! assert_eq!((err.line(), err.column()), (3, 3));
//! assert!(matches!(err.kind(), ParseErrorKind::UnexpectedChar { found: 'x', .. }));
//! assert_eq!(err.to_string(), "3:3: expected '-' (the filler between two relations), found 'x'");
//! ```

use std::fmt;

/// A malformed puzzle, with the line and column (both from 1, columns counted in characters)
/// where it was found.
///
/// `Display` gives `line:column: message`; prefix the file name for a complete location.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {kind}")]
pub struct ParseError {
    line: usize,
    column: usize,
    kind: ParseErrorKind,
}

impl ParseError {
    pub(crate) fn new(line: usize, column: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { line, column, kind }
    }

    /// The line of the input, from 1.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The column within the line, from 1, in characters.
    pub fn column(&self) -> usize {
        self.column
    }

    /// What was wrong.
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }
}

/// The kinds of [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input holds nothing but blanks.
    #[error("expected {expected}, found an empty input")]
    Empty {
        /// What the puzzle starts with.
        expected: &'static str,
    },
    /// A character that does not belong where it stands.
    #[error("expected {expected}, found {}", quote(*found))]
    UnexpectedChar {
        /// What could stand there.
        expected: &'static str,
        /// The character found.
        found: char,
    },
    /// A line that ends too early.
    #[error("expected {expected}, found the end of the line")]
    EndOfLine {
        /// What was still missing.
        expected: String,
    },
    /// An input that ends too early.
    #[error("expected {expected}, found the end of the input")]
    EndOfInput {
        /// What was still missing.
        expected: String,
    },
    /// More text after the puzzle has ended.
    #[error("expected nothing more after {after}, found {}", quote(*found))]
    Trailing {
        /// What ended.
        after: String,
        /// The first character of the extra text.
        found: char,
    },
    /// A number outside the range allowed there: a size beyond the limit, a digit larger than
    /// the grid.
    #[error("expected {what} from {min} to {max}, found {found}")]
    OutOfRange {
        /// What the number is.
        what: &'static str,
        /// The smallest allowed.
        min: u64,
        /// The largest allowed.
        max: u64,
        /// The number as written.
        found: String,
    },
    /// A size the puzzle's rules do not allow (an odd Binairo, a sudoku whose side is not a
    /// square).
    #[error("expected {expected}, found {found}")]
    BadSize {
        /// The sizes allowed.
        expected: &'static str,
        /// The size found.
        found: String,
    },
    /// A line with too few or too many parts (cells of a row, rows of a grid).
    #[error("expected {expected} {what}, found {found}")]
    Count {
        /// What was counted.
        what: &'static str,
        /// How many there must be.
        expected: usize,
        /// How many there are.
        found: usize,
    },
}

/// A character for an error message: `'x'`, or its escape when it is not printable.
pub(crate) fn quote(c: char) -> String {
    if c.is_control() || (c.is_whitespace() && c != ' ') {
        format!("'{}'", c.escape_default())
    } else {
        format!("'{c}'")
    }
}

/// The lines of a text that hold something, numbered from 1, without their `\r`, trailing
/// blanks, or the byte-order mark of the first line.
pub(crate) fn content_lines(text: &str) -> Vec<(usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.split('\n')
        .enumerate()
        .map(|(k, line)| (k + 1, line.trim_end()))
        .filter(|(_, line)| !line.is_empty())
        .collect()
}

/// The line number just past the text, for "found the end of the input".
/// The column (from 1, in characters) of the first non-blank character of a line.
pub(crate) fn first_column(line: &str) -> usize {
    line.chars().take_while(|c| c.is_whitespace()).count() + 1
}

pub(crate) fn end_line(text: &str) -> usize {
    text.split('\n').count()
}

/// A position in one line: the characters still to read, and the column of the next one.
#[derive(Clone, Debug)]
pub(crate) struct Cursor<'a> {
    pub line: usize,
    rest: std::str::Chars<'a>,
    /// The column (from 1) of the next character.
    pub column: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(line: usize, text: &'a str) -> Cursor<'a> {
        Cursor {
            line,
            rest: text.chars(),
            column: 1,
        }
    }

    /// The next character, without taking it.
    pub fn peek(&self) -> Option<char> {
        self.rest.clone().next()
    }

    /// Takes the next character.
    pub fn bump(&mut self) -> Option<char> {
        let c = self.rest.next()?;
        self.column += 1;
        Some(c)
    }

    /// Skips blanks (spaces and tabs); returns whether there were any.
    pub fn skip_blanks(&mut self) -> bool {
        let mut skipped = false;
        while matches!(self.peek(), Some(c) if c.is_whitespace()) {
            self.bump();
            skipped = true;
        }
        skipped
    }

    /// Whether only blanks are left.
    pub fn at_end(&self) -> bool {
        self.rest.clone().all(char::is_whitespace)
    }

    /// An error at the next character.
    pub fn error(&self, kind: ParseErrorKind) -> ParseError {
        ParseError::new(self.line, self.column, kind)
    }

    /// An error for the next character, which was not `expected`; at the end of the line,
    /// "found the end of the line".
    pub fn unexpected(&self, expected: &'static str) -> ParseError {
        match self.peek() {
            Some(found) => self.error(ParseErrorKind::UnexpectedChar { expected, found }),
            None => self.error(ParseErrorKind::EndOfLine {
                expected: expected.to_owned(),
            }),
        }
    }

    /// Reads a run of decimal digits: its value (`u64::MAX` when it does not fit, so that range
    /// checks refuse it) and its text. `None` (nothing taken) if the next character is not a
    /// digit.
    pub fn number(&mut self) -> Option<(u64, String)> {
        let mut text = String::new();
        while let Some(c) = self.peek().filter(char::is_ascii_digit) {
            self.bump();
            // Long runs are kept short in messages: the first 20 digits and an ellipsis.
            if text.len() < 20 {
                text.push(c);
            } else if !text.ends_with('…') {
                text.push('…');
            }
        }
        if text.is_empty() {
            return None;
        }
        let value = if text.ends_with('…') {
            u64::MAX
        } else {
            text.parse().unwrap_or(u64::MAX)
        };
        Some((value, text))
    }
}

/// Reads a puzzle's size from the first line holding something: one decimal number from `min`
/// to `max`, alone on its line. Returns the size and the index of the next line in `lines`.
pub(crate) fn size_line(
    lines: &[(usize, &str)],
    text: &str,
    what: &'static str,
    min: usize,
    max: usize,
) -> Result<usize, ParseError> {
    let Some(&(line, first)) = lines.first() else {
        return Err(ParseError::new(
            end_line(text),
            1,
            ParseErrorKind::Empty { expected: what },
        ));
    };
    let mut cursor = Cursor::new(line, first);
    cursor.skip_blanks();
    let column = cursor.column;
    let Some((value, found)) = cursor.number() else {
        return Err(cursor.unexpected(what));
    };
    if !cursor.at_end() {
        cursor.skip_blanks();
        return Err(cursor.error(ParseErrorKind::Trailing {
            after: "the number".to_owned(),
            found: cursor.peek().unwrap_or(' '),
        }));
    }
    if value < min as u64 || value > max as u64 {
        return Err(ParseError::new(
            line,
            column,
            ParseErrorKind::OutOfRange {
                what,
                min: min as u64,
                max: max as u64,
                found,
            },
        ));
    }
    Ok(value as usize)
}

/// How many base-36 digits `n` needs (at least 1).
pub(crate) fn base36_width(mut n: usize) -> usize {
    let mut width = 1;
    while n >= 36 {
        n /= 36;
        width += 1;
    }
    width
}

/// Appends `n` in base 36 (digits `0-9a-z`), padded with `0`s to `width` digits, so that names
/// built from several numbers of fixed widths never run together ambiguously.
pub(crate) fn push_base36(out: &mut String, n: usize, width: usize) {
    let width = width.max(base36_width(n));
    for k in (0..width).rev() {
        let digit = (n / 36usize.pow(k as u32)) % 36;
        out.push(char::from_digit(digit as u32, 36).unwrap_or('?'));
    }
}

/// An item name: a prefix, then each number in base 36 at its fixed width.
pub(crate) fn name(prefix: &str, parts: &[(usize, usize)]) -> String {
    let mut name = String::with_capacity(8);
    name.push_str(prefix);
    for &(n, width) in parts {
        push_base36(&mut name, n, width);
    }
    name
}

/// Writes a grid's formatted lines joined by `\n`, without a final newline.
pub(crate) fn write_lines(f: &mut fmt::Formatter<'_>, lines: &[String]) -> fmt::Result {
    for (k, line) in lines.iter().enumerate() {
        if k > 0 {
            f.write_str("\n")?;
        }
        f.write_str(line)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_have_fixed_widths() {
        assert_eq!(name("p", &[(3, 1), (7, 1)]), "p37");
        assert_eq!(name("r", &[(10, 1), (35, 1)]), "raz");
        assert_eq!(name("r", &[(1, 2), (36, 2)]), "r0110");
        assert_eq!(base36_width(35), 1);
        assert_eq!(base36_width(36), 2);
        assert_eq!(base36_width(1295), 2);
        assert_eq!(base36_width(1296), 3);
        // A number wider than its width still comes out whole.
        assert_eq!(name("x", &[(36, 1)]), "x10");
    }

    #[test]
    fn numbers_saturate() {
        let mut cursor = Cursor::new(1, "123456789012345678901234567890x");
        let (value, text) = cursor.number().unwrap();
        assert_eq!(value, u64::MAX);
        assert_eq!(text, "12345678901234567890…");
        assert_eq!(cursor.peek(), Some('x'));
        assert_eq!(cursor.column, 31);
        assert_eq!(Cursor::new(1, "x").number(), None);
    }

    #[test]
    fn size_lines() {
        let lines = content_lines("\u{feff}\n  12 \r\n");
        assert_eq!(lines, [(2, "  12")]);
        assert_eq!(size_line(&lines, "", "a size", 1, 20), Ok(12));
        let err = size_line(&lines, "", "a size", 1, 10).unwrap_err();
        assert_eq!(
            err.to_string(),
            "2:3: expected a size from 1 to 10, found 12"
        );
        let err = size_line(&content_lines("4 4\n"), "", "a size", 1, 10).unwrap_err();
        assert_eq!(
            err.to_string(),
            "1:3: expected nothing more after the number, found '4'"
        );
        let err = size_line(&[], "\n\n", "a size", 1, 10).unwrap_err();
        assert_eq!(
            err.to_string(),
            "3:1: expected a size, found an empty input"
        );
        let err = size_line(&content_lines("x"), "x", "a size", 1, 10).unwrap_err();
        assert_eq!(err.to_string(), "1:1: expected a size, found 'x'");
    }
}
