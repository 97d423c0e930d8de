//! The text layer of every puzzle: one error type, [`ParseError`], which says where (line and
//! column, when the error has a place in the text) and what was expected, and the helpers that
//! the readers share to track those positions and to name items.
//!
//! Every [`Reduction`](crate::Reduction)'s `parse` returns this error, so that a caller (the
//! command line, a fuzz target) handles every puzzle the same way. Readers never panic, and
//! refuse a size beyond their puzzle's limit before allocating anything for it.
//!
//! ```
//! use reductions::{futoshiki::Futoshiki, text::ParseErrorKind, Reduction};
//!
//! let err = Futoshiki.parse("2\n1 | 2\n- x -\n2 | 1\n").unwrap_err();
//! assert_eq!((err.line(), err.column()), (Some(3), Some(3)));
//! assert!(matches!(err.kind(), ParseErrorKind::UnexpectedChar { found: 'x', .. }));
//! assert_eq!(err.to_string(), "3:3: expected '-' (the filler between two relations), found 'x'");
//! ```

use std::fmt;

pub use dlx::text::shown;

mod lines;

pub(crate) use lines::{
    block_lines, content_lines, each_content_line, end_line, first_column, numbered_lines,
};
pub use lines::{lines, trim};

/// A place in a text: line and column, both from 1, columns counted in characters.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The line, from 1.
    pub line: usize,
    /// The column within the line, from 1, in characters.
    pub column: usize,
}

/// Why a puzzle's text was refused: what was expected and what was found, and where, when the
/// error has a place in the text (a date, or a pieces file that cannot pack as a whole, has
/// none).
///
/// `Display` gives `line:column: message` (or the message alone); prefix the file name for a
/// complete location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    position: Option<Position>,
    kind: ParseErrorKind,
}

impl ParseError {
    /// An error at a place in the text.
    pub(crate) fn new(line: usize, column: usize, kind: ParseErrorKind) -> ParseError {
        ParseError {
            position: Some(Position { line, column }),
            kind,
        }
    }

    /// An error about the input as a whole.
    pub(crate) fn whole(kind: ParseErrorKind) -> ParseError {
        ParseError {
            position: None,
            kind,
        }
    }

    /// Where in the text, if the error has a place there.
    pub fn position(&self) -> Option<Position> {
        self.position
    }

    /// The line of the input, from 1.
    pub fn line(&self) -> Option<usize> {
        self.position.map(|p| p.line)
    }

    /// The column within the line, from 1, in characters.
    pub fn column(&self) -> Option<usize> {
        self.position.map(|p| p.column)
    }

    /// What was wrong.
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some(Position { line, column }) => write!(f, "{line}:{column}: {}", self.kind),
            None => write!(f, "{}", self.kind),
        }
    }
}

impl std::error::Error for ParseError {}

impl From<ParseErrorKind> for ParseError {
    fn from(kind: ParseErrorKind) -> ParseError {
        ParseError::whole(kind)
    }
}

impl ParseError {
    /// An input refused as a whole, for the reason that `error` gives.
    pub(crate) fn refused(error: impl fmt::Display) -> ParseError {
        ParseError::whole(ParseErrorKind::Refused {
            reason: error.to_string(),
        })
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
    /// A row of a board longer or shorter than the others (or than its `H W` line says).
    #[error("expected a row of {expected} characters ({why}), found {found}")]
    RowLength {
        /// The length every row must have.
        expected: usize,
        /// This row's length.
        found: usize,
        /// Where the expected length comes from.
        why: &'static str,
    },
    /// Fewer or more rows of a board than its `H W` line says.
    #[error("expected {expected} rows as the first line says, found {found}")]
    RowCount {
        /// The number of rows announced.
        expected: usize,
        /// The number of rows found.
        found: usize,
    },
    /// A feature of another program's format that this reader does not take (Tatham's
    /// jigsaw sudoku, a random-seed ID in place of a game ID).
    #[error("expected {expected}, found {found}")]
    Unsupported {
        /// What is read.
        expected: &'static str,
        /// What was found instead.
        found: String,
    },
    /// A blank line between two rows of a board.
    #[error("expected a row of '.' and '#', found a blank line inside the board (draw a row without cells as '#'s)")]
    BlankLine,
    /// A board file without rows.
    #[error("expected the rows of a board, found the end of the input (the file is empty)")]
    NoRows,
    /// A board with rows but not one cell.
    #[error("expected at least one cell '.', found none (the board is empty)")]
    NoCells,
    /// A board with more positions than allowed ([`MAX_CELLS`](crate::grid::MAX_CELLS)).
    #[error("the board is too large: {rows} x {cols}, at most {max} positions allowed")]
    BoardTooLarge {
        /// Its rows.
        rows: usize,
        /// Its columns.
        cols: usize,
        /// The most positions allowed.
        max: usize,
    },
    /// A piece's name drawn in a second block of a pieces file.
    #[error("piece '{name}' is already drawn in the block at line {first_line}: a name belongs to one piece")]
    NameReused {
        /// The name.
        name: char,
        /// The first line of the block where it was first drawn.
        first_line: usize,
    },
    /// A piece whose cells are not connected through their sides.
    #[error("piece '{name}' is not connected: this cell does not touch its cell at {first_line}:{first_column}")]
    Disconnected {
        /// The piece's name (for an unnamed piece, `#`).
        name: char,
        /// Its first cell's line.
        first_line: usize,
        /// Its first cell's column.
        first_column: usize,
    },
    /// More cells drawn in a pieces file than the board has, and than a pack's reader reads:
    /// it stops at the first cell beyond the board's number of cells, or beyond a million on
    /// smaller boards (the pieces could never pack, and each cell read takes memory).
    #[error("the pieces have more than {read} cells and the board has {board}: expected as many (every cell is covered by exactly one piece)")]
    TooManyCells {
        /// The number of cells read.
        read: usize,
        /// The number of cells of the board.
        board: usize,
    },
    /// More unnamed pieces than free names.
    #[error("too many pieces: all {names} names (A-Z, a-z, 0-9) are taken")]
    OutOfNames {
        /// How many names there are.
        names: usize,
    },
    /// A pieces file without a piece (no position).
    #[error("expected at least one piece, found none")]
    NoPieces,
    /// Two pieces with one name (no position).
    #[error("two pieces are named '{name}'")]
    DuplicateName {
        /// The name.
        name: char,
    },
    /// A piece that fits nowhere on the board, in any orientation (no position).
    #[error("piece '{name}' fits nowhere on the board, in any orientation")]
    FitsNowhere {
        /// The piece's name.
        name: char,
    },
    /// The pieces' cells and the board's do not match in number (no position).
    #[error("the pieces have {pieces} cells in all and the board has {board}: expected as many (every cell is covered by exactly one piece)")]
    Area {
        /// The number of cells of all pieces together.
        pieces: usize,
        /// The number of cells of the board.
        board: usize,
    },
    /// An input that its puzzle refuses as a whole, for a reason of its own (no position): a
    /// date that does not exist, a packing too large to build.
    #[error("{reason}")]
    Refused {
        /// Why, as the puzzle's own error says it.
        reason: String,
    },
}

/// A character for an error message: `'x'`, or its escape when it is not printable.
pub(crate) fn quote(c: char) -> String {
    if c.is_whitespace() && c != ' ' {
        format!("'{}'", c.escape_default())
    } else {
        format!("'{}'", shown(c.encode_utf8(&mut [0; 4])))
    }
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

    /// The text not read yet.
    pub fn rest(&self) -> &'a str {
        self.rest.as_str()
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

/// Refuses an odd size `n`, read from the first of `lines` (where the error points).
pub(crate) fn even_size(
    lines: &[(usize, &str)],
    n: usize,
    expected: &'static str,
) -> Result<(), ParseError> {
    if n % 2 == 0 {
        return Ok(());
    }
    let (line, text) = lines[0];
    Err(ParseError::new(
        line,
        first_column(text),
        ParseErrorKind::BadSize {
            expected,
            found: n.to_string(),
        },
    ))
}

/// Refuses any line of `lines` after the first `used` ones: the input ended `after` them.
pub(crate) fn nothing_after(
    lines: &[(usize, &str)],
    used: usize,
    after: &str,
) -> Result<(), ParseError> {
    let Some(&(line, text)) = lines.get(used) else {
        return Ok(());
    };
    Err(ParseError::new(
        line,
        first_column(text),
        ParseErrorKind::Trailing {
            after: after.to_owned(),
            found: text.trim_start().chars().next().unwrap_or(' '),
        },
    ))
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
    let digits = base36_width(n);
    out.extend(std::iter::repeat('0').take(width.saturating_sub(digits)));
    // 13 digits hold any `usize` up to 64 bits.
    let mut buffer = [0; 13];
    let written = &mut buffer[..digits];
    write_base36(written, n);
    out.extend(written.iter().map(|&b| char::from(b)));
}

/// Writes the last `out.len()` base-36 digits of `n` into `out`, `0`-padded.
fn write_base36(out: &mut [u8], mut n: usize) {
    for byte in out.iter_mut().rev() {
        *byte = b"0123456789abcdefghijklmnopqrstuvwxyz"[n % 36];
        n /= 36;
    }
}

/// The longest name kept on the stack.
const SHORT_NAME: usize = 22;

/// An item name, on the stack when short (every encoder's are): the problem builder copies
/// names into one buffer, so a name of its own on the heap for each item was an allocation
/// and a free for nothing.
pub(crate) enum Name {
    Short { len: u8, bytes: [u8; SHORT_NAME] },
    Long(String),
}

impl AsRef<str> for Name {
    fn as_ref(&self) -> &str {
        match self {
            // A prefix that was a `str`, then ASCII digits.
            Name::Short { len, bytes } => {
                std::str::from_utf8(&bytes[..usize::from(*len)]).unwrap_or_default()
            }
            Name::Long(name) => name,
        }
    }
}

impl std::ops::Deref for Name {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_ref()
    }
}

/// An item name: a prefix, then each number in base 36 at its fixed width.
pub(crate) fn name(prefix: &str, parts: &[(usize, usize)]) -> Name {
    let mut bytes = [0; SHORT_NAME];
    let mut at = prefix.len();
    if at > SHORT_NAME {
        return long_name(prefix, parts);
    }
    bytes[..at].copy_from_slice(prefix.as_bytes());
    for &(n, width) in parts {
        let end = at + width.max(base36_width(n));
        let Some(digits) = bytes.get_mut(at..end) else {
            return long_name(prefix, parts);
        };
        write_base36(digits, n);
        at = end;
    }
    Name::Short {
        len: at as u8,
        bytes,
    }
}

/// [`name`] on the heap, for names longer than [`SHORT_NAME`].
fn long_name(prefix: &str, parts: &[(usize, usize)]) -> Name {
    let mut name = prefix.to_owned();
    for &(n, width) in parts {
        push_base36(&mut name, n, width);
    }
    Name::Long(name)
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

/// Side rows of side names after a marker line (`marker`): a character per cell, blanks and
/// `|` skipped, row-major (a jigsaw's regions, a killer's cages). `rows` and `row` name the
/// rows and the names of one in errors.
pub(crate) fn read_names(
    side: usize,
    marker: usize,
    lines: &[(usize, &str)],
    rows: &'static str,
    row: &'static str,
) -> Result<Vec<char>, ParseError> {
    if lines.len() != side {
        return Err(ParseError::new(
            marker,
            1,
            ParseErrorKind::Count {
                what: rows,
                expected: side,
                found: lines.len(),
            },
        ));
    }
    let mut names = Vec::with_capacity(side * side);
    for &(line, text) in lines {
        let found: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '|')
            .collect();
        if found.len() != side {
            return Err(ParseError::new(
                line,
                1,
                ParseErrorKind::Count {
                    what: row,
                    expected: side,
                    found: found.len(),
                },
            ));
        }
        names.extend(found);
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_have_fixed_widths() {
        assert_eq!(&*name("p", &[(3, 1), (7, 1)]), "p37");
        assert_eq!(&*name("r", &[(10, 1), (35, 1)]), "raz");
        assert_eq!(&*name("r", &[(1, 2), (36, 2)]), "r0110");
        assert_eq!(base36_width(35), 1);
        assert_eq!(base36_width(36), 2);
        assert_eq!(base36_width(1295), 2);
        assert_eq!(base36_width(1296), 3);
        // A number wider than its width still comes out whole.
        assert_eq!(&*name("x", &[(36, 1)]), "x10");
        assert_eq!(&*name("x", &[(usize::MAX, 0)]), "x3w5e11264sgsf");
        // Past the stack's room, and right at it, the same names.
        let parts = [(usize::MAX, 0), (35, 3), (0, 20)];
        assert_eq!(
            &*name("項", &parts),
            "項3w5e11264sgsf00z00000000000000000000"
        );
        assert!(matches!(name("項", &parts), Name::Long(_)));
        let full = name("ab", &[(5, 20)]);
        assert_eq!(&*full, "ab00000000000000000005");
        assert!(matches!(full, Name::Short { len: 22, .. }));
        let prefix = "a prefix of 23 bytes...";
        assert_eq!(&*name(prefix, &[(1, 2)]), format!("{prefix}01"));
        assert_eq!(&*name(prefix, &[]), prefix);
    }

    /// Every number below 36^4 + 1,000, at widths 0 to 5, reads back in base 36 with the
    /// width's digits at least, zeros in front.
    #[test]
    fn base36_digits_read_back() {
        let mut out = String::new();
        for n in 0..36usize.pow(4) + 1000 {
            for width in 0..=5 {
                out.clear();
                push_base36(&mut out, n, width);
                assert_eq!(usize::from_str_radix(&out, 36), Ok(n), "{n} at {width}");
                assert_eq!(&*name("", &[(n, width)]), out);
                assert_eq!(out.len(), width.max(base36_width(n)), "{n} at {width}");
                assert!(out
                    .bytes()
                    .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase()));
            }
        }
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
