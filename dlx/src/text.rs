//! Knuth's text format for exact-cover problems, read and written.
//!
//! The format of his programs DLX1 and DLX2, so that instances move between them and this
//! crate without edits:
//!
//! - a line whose first non-blank character is `|` is a comment; blank lines are ignored;
//! - the first other line names the items, separated by blanks: the primary items, then a lone
//!   `|`, then the secondary items (the `|` and the secondary items may be left out);
//! - every later line is an option: the names of its items, separated by blanks; a secondary
//!   item may carry a color, `name:color`;
//! - a primary item may carry bounds (Knuth's DLX3): `u:v|name` is covered at least `u` and at
//!   most `v` times, `v|name` exactly `v` times;
//! - a name is any run of printable non-blank characters without `:` and `|` (Knuth's own
//!   programs also require at most 8 characters; this reader does not).
//!
//! An option without a primary item is skipped with a [`ParseWarning`], as Knuth's programs do.
//! Everything else that is wrong is a [`ParseError`] with the line and column where it was found.
//!
//! ```
//! let text = "| Knuth's colors example\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n";
//! let parsed = dlx::text::parse(text)?;
//! assert_eq!(parsed.warnings.len(), 1); // `X:0 Y:1` has no primary item
//! assert_eq!(parsed.problem.option_count(), 4);
//! // The writer's output reads back to the same problem.
//! let again = dlx::Problem::from_dlx(&parsed.problem.to_dlx())?;
//! assert_eq!(again, parsed.problem);
//! # Ok::<(), dlx::ParseError>(())
//! ```

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::fmt;
use std::time::Instant;

use foldhash::fast::RandomState;

pub use crate::error::{shown, SHOWN_CHARS};
use crate::error::{ParseError, ParseErrorKind, ParseWarning, ParseWarningKind};
use crate::limits::MAX_NODES;
use crate::problem::{
    is_plain_name_byte, Color, OptionItem, Primary, Problem, ProblemBuilder, Secondary,
};

/// A problem read from text, with the warnings found on the way.
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The problem.
    pub problem: Problem,
    /// Things Knuth's programs accept but that were probably not meant (skipped options).
    pub warnings: Vec<ParseWarning>,
}

/// Reads a problem in Knuth's DLX1/DLX2/DLX3 text format.
///
/// Errors name the line and column (from 1) and say what was expected: an unknown item, an
/// item twice in one option, a color on a primary item, a missing item line, a name used twice
/// in the item line, an invalid name, `|` twice in the item line, bad bounds (`u > v`, `v = 0`,
/// not decimal, or on a secondary item), or a problem too large for `u32` links.
pub fn parse(text: &str) -> Result<Parsed, ParseError> {
    parse_within(text, MAX_NODES, None)
}

/// [`parse`], giving up with [`ParseErrorKind::TimeLimit`] once `deadline` has passed (the
/// clock is read every few thousand lines, and before the problem is built): for a caller
/// whose time limit covers reading the problem, which takes seconds for millions of options.
///
/// ```
/// use std::time::{Duration, Instant};
/// use dlx::{text, ParseErrorKind};
/// let soon = Instant::now() + Duration::from_secs(60);
/// assert_eq!(text::parse_until("a b\na b\n", soon)?.problem.option_count(), 1);
/// let past = Instant::now() - Duration::from_millis(1);
/// let late = text::parse_until("a b\na b\n", past).unwrap_err();
/// assert_eq!(late.kind(), &ParseErrorKind::TimeLimit);
/// # Ok::<(), dlx::ParseError>(())
/// ```
pub fn parse_until(text: &str, deadline: Instant) -> Result<Parsed, ParseError> {
    parse_within(text, MAX_NODES, Some(deadline))
}

/// Lines read between two looks at the clock in [`parse_until`].
const LINES_PER_CLOCK: usize = 1 << 12;

/// [`parse`], refusing problems of more than `max_nodes` nodes (a parameter for the tests),
/// and stopping at `deadline`.
fn parse_within(
    text: &str,
    max_nodes: usize,
    deadline: Option<Instant>,
) -> Result<Parsed, ParseError> {
    // A byte-order mark (some editors write one) is not part of the first name.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if let Some(at) = bare_carriage_return(text) {
        let before = &text[..at];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        return Err(ParseError::new(
            line,
            column,
            ParseErrorKind::BareCarriageReturn,
        ));
    }
    let mut lines = ContentLines {
        rest: Some(text),
        number: 0,
    };
    let Some((item_line_no, item_line)) = lines.next() else {
        let last_line = text.split('\n').count().max(1);
        return Err(ParseError::new(
            last_line,
            1,
            ParseErrorKind::MissingItemLine,
        ));
    };

    let mut builder = ProblemBuilder::new();
    let items = read_item_line(item_line_no, item_line, &mut builder)?;
    // Every node takes at least one byte of text (an item its name or the blank after it, an
    // entry its name, an option's spacer its newline), give or take the three nodes of the
    // item line's ends. So only a text of more than `max_nodes - 3` bytes can hold too large
    // a problem; such a text is read once only counting, so that it is refused before its
    // options are stored (about 24 bytes a node), and then again to build the problem.
    if text.len().saturating_add(3) > max_nodes {
        read_options(lines.clone(), &items, None, max_nodes, deadline)?;
    }
    let warnings = read_options(lines, &items, Some(&mut builder), max_nodes, deadline)?;
    if deadline.is_some_and(|at| Instant::now() >= at) {
        let last_line = text.split('\n').count().max(1);
        return Err(ParseError::new(last_line, 1, ParseErrorKind::TimeLimit));
    }
    let problem = builder
        .build()
        .map_err(|error| ParseError::new(item_line_no, 1, ParseErrorKind::Build(error)))?;
    Ok(Parsed { problem, warnings })
}

/// The byte offset of the first `\r` that does not end a line before a `\n` (old Mac line
/// ends, which would otherwise run the whole file into one line).
fn bare_carriage_return(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    memchr::memchr_iter(b'\r', bytes).find(|&at| bytes.get(at + 1) != Some(&b'\n'))
}

/// Reads the option lines: checks them, and gives them to `builder` if there is one (without
/// one, only checks them and counts their nodes). Returns the warnings.
fn read_options<'a>(
    lines: impl Iterator<Item = (usize, &'a str)>,
    items: &ItemLine<'a>,
    mut builder: Option<&mut ProblemBuilder>,
    max_nodes: usize,
    deadline: Option<Instant>,
) -> Result<Vec<ParseWarning>, ParseError> {
    let mut colors: HashMap<&str, Color, RandomState> = HashMap::default();
    let mut warnings = Vec::new();
    // For each item, the option (by line) it was last seen in and where: catches repeats.
    let mut last_seen: Vec<(usize, usize)> = vec![(0, 0); items.handles.len()];
    let mut option: Vec<OptionItem> = Vec::new();
    let mut nodes = items.handles.len() + 2;
    for (read, (line_no, line)) in lines.enumerate() {
        if read % LINES_PER_CLOCK == 0 && deadline.is_some_and(|at| Instant::now() >= at) {
            return Err(ParseError::new(line_no, 1, ParseErrorKind::TimeLimit));
        }
        option.clear();
        let mut has_primary = false;
        for (offset, token) in tokens(line) {
            let (name, color) = split_color(token);
            let err = |kind| Err(ParseError::new(line_no, column(line, offset), kind));
            if name.is_empty() {
                return err(ParseErrorKind::InvalidName {
                    token: token.to_owned(),
                    reason: "an item name must come before ':'",
                });
            }
            let Some(&index) = items.by_name.get(name) else {
                return err(ParseErrorKind::UnknownItem {
                    name: name.to_owned(),
                });
            };
            let (seen_line, first_offset) = last_seen[index];
            if seen_line == line_no {
                return err(ParseErrorKind::RepeatedItem {
                    name: name.to_owned(),
                    first_column: column(line, first_offset),
                });
            }
            last_seen[index] = (line_no, offset);
            match (items.handles[index], color) {
                (ItemHandle::Primary(item), None) => {
                    has_primary = true;
                    option.push(item.into());
                }
                (ItemHandle::Primary(_), Some(color)) => {
                    return err(ParseErrorKind::ColorOnPrimary {
                        name: name.to_owned(),
                        color: color.to_owned(),
                    })
                }
                (ItemHandle::Secondary(item), None) => option.push(item.into()),
                (ItemHandle::Secondary(item), Some(color)) => {
                    if color.is_empty()
                        || color.contains([':', '|'])
                        || color.chars().any(char::is_control)
                    {
                        return err(ParseErrorKind::BadColor {
                            name: name.to_owned(),
                            found: color.to_owned(),
                        });
                    }
                    let color = match builder.as_deref_mut() {
                        Some(builder) => {
                            *colors.entry(color).or_insert_with(|| builder.color(color))
                        }
                        None => Color(0),
                    };
                    option.push(item.with_color(color));
                }
            }
        }
        if !has_primary {
            warnings.push(ParseWarning {
                line: line_no,
                kind: ParseWarningKind::OptionWithoutPrimary,
            });
            continue;
        }
        nodes += option.len() + 1;
        if nodes > max_nodes {
            return Err(ParseError::new(line_no, 1, ParseErrorKind::TooLarge));
        }
        if let Some(builder) = builder.as_deref_mut() {
            if let Err(bytes) = builder.make_room(option.len()) {
                return Err(ParseError::new(
                    line_no,
                    1,
                    ParseErrorKind::OutOfMemory { bytes },
                ));
            }
            builder.option(option.iter().copied());
        }
    }
    Ok(warnings)
}

#[derive(Copy, Clone)]
enum ItemHandle {
    Primary(Primary),
    Secondary(Secondary),
}

struct ItemLine<'a> {
    handles: Vec<ItemHandle>,
    by_name: HashMap<&'a str, usize, RandomState>,
}

fn read_item_line<'a>(
    line_no: usize,
    line: &'a str,
    builder: &mut ProblemBuilder,
) -> Result<ItemLine<'a>, ParseError> {
    // Names are mostly one space apart: room for that many (up to a bound, since a line of
    // blanks has none) spares the table its growing.
    let expected = (memchr::memchr_iter(b' ', line.as_bytes()).count() + 1).min(1 << 16);
    let mut handles = Vec::with_capacity(expected);
    let mut by_name: HashMap<&str, usize, RandomState> =
        HashMap::with_capacity_and_hasher(expected, RandomState::default());
    let mut offsets = Vec::with_capacity(expected);
    let mut secondary = false;
    for (offset, token) in tokens(line) {
        let err = |offset, kind| Err(ParseError::new(line_no, column(line, offset), kind));
        let (offset, name) = match token.strip_prefix('|') {
            // Knuth's readers also take `|name`: the separator, then a secondary item.
            Some(rest) => {
                if secondary {
                    return err(offset, ParseErrorKind::SecondSeparator);
                }
                secondary = true;
                if rest.is_empty() {
                    continue;
                }
                (offset + 1, rest)
            }
            None => (offset, token),
        };
        // Knuth's DLX3: `u:v|name` or `v|name` gives a primary item bounds.
        let mut bounds = (1, 1);
        let (offset, name) = match split_once(name, b'|') {
            Some((spec, rest)) if !spec.is_empty() && !rest.is_empty() && !rest.contains('|') => {
                if secondary {
                    return err(
                        offset,
                        ParseErrorKind::BoundsOnSecondary {
                            token: name.to_owned(),
                        },
                    );
                }
                bounds = read_bounds(spec).map_err(|reason| {
                    ParseError::new(
                        line_no,
                        column(line, offset),
                        ParseErrorKind::BadBounds {
                            token: name.to_owned(),
                            reason,
                        },
                    )
                })?;
                (offset + spec.len() + 1, rest)
            }
            _ => (offset, name),
        };
        if let Some(reason) = name_problem(name) {
            return err(
                offset,
                ParseErrorKind::InvalidName {
                    token: name.to_owned(),
                    reason,
                },
            );
        }
        match by_name.entry(name) {
            Entry::Occupied(first) => {
                return err(
                    offset,
                    ParseErrorKind::DuplicateItemName {
                        name: name.to_owned(),
                        first_column: column(line, offsets[*first.get()]),
                    },
                )
            }
            Entry::Vacant(vacant) => vacant.insert(handles.len()),
        };
        offsets.push(offset);
        handles.push(if secondary {
            ItemHandle::Secondary(builder.secondary(name))
        } else {
            ItemHandle::Primary(builder.primary_bounded(name, bounds.0, bounds.1))
        });
    }
    Ok(ItemLine { handles, by_name })
}

/// Reads `u:v` or `v` (Knuth's DLX3 bounds, before the `|`).
fn read_bounds(spec: &str) -> Result<(u32, u32), String> {
    let number = |digits: &str| -> Result<u32, String> {
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("expected a decimal number, found '{digits}'"));
        }
        digits
            .parse()
            .map_err(|_| format!("{digits} is too large (at most {})", u32::MAX))
    };
    let (min, max) = match spec.split_once(':') {
        Some((min, max)) => (number(min)?, number(max)?),
        None => {
            let v = number(spec)?;
            (v, v)
        }
    };
    if max == 0 {
        return Err("the upper bound is 0, so no option using the item could be chosen".into());
    }
    if min > max {
        return Err(format!(
            "the lower bound {min} exceeds the upper bound {max}"
        ));
    }
    Ok((min, max))
}

fn name_problem(name: &str) -> Option<&'static str> {
    // Most names are printable ASCII; only the others need the checks below.
    if name.bytes().all(is_plain_name_byte) {
        None
    } else if name.contains(':') {
        Some("':' may not appear in an item name (it introduces a color, in options only)")
    } else if name.contains('|') {
        Some("'|' may not appear in an item name (a lone '|' separates primary from secondary items)")
    } else if name.chars().any(char::is_control) {
        Some("a name may not contain control characters")
    } else {
        None
    }
}

/// The lines of a text that hold items or options, each with its number (from 1): blank lines
/// and comments are skipped, and a `\r` before a line's `\n` is dropped.
#[derive(Clone)]
struct ContentLines<'a> {
    /// The text after the last line given; `None` after the last line.
    rest: Option<&'a str>,
    /// The number of the last line given.
    number: usize,
}

impl<'a> Iterator for ContentLines<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        loop {
            let rest = self.rest?;
            self.number += 1;
            let line = match memchr::memchr(b'\n', rest.as_bytes()) {
                Some(end) => {
                    self.rest = Some(&rest[end + 1..]);
                    &rest[..end]
                }
                None => {
                    self.rest = None;
                    rest
                }
            };
            let line = line.strip_suffix('\r').unwrap_or(line);
            // Most lines start with a name: only the others need a look past their blanks.
            let content = match line.as_bytes().first() {
                Some(&first) if first.is_ascii() && !is_ascii_blank(first) => line,
                _ => line.trim_start(),
            };
            if !content.is_empty() && !content.starts_with('|') {
                return Some((self.number, line));
            }
        }
    }
}

/// Whether an ASCII byte is a blank (`char::is_whitespace`: the vertical tab too, the
/// separators 0x1C-0x1F not).
fn is_ascii_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t'..=b'\r')
}

/// The blank-separated tokens of a line, each with its byte offset in the line
/// ([`column`] gives its column, for errors). Blanks are Unicode's.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let bytes = line.as_bytes();
    // Whether the character at `at` is a blank, and its length. An ASCII byte is a character
    // of its own, so only the rare other character is decoded.
    let blank_at = move |at: usize| match bytes[at] {
        byte if byte.is_ascii() => (is_ascii_blank(byte), 1),
        _ => {
            let c = line[at..].chars().next().unwrap_or_default();
            (c.is_whitespace(), c.len_utf8())
        }
    };
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < bytes.len() {
            let (blank, length) = blank_at(at);
            if !blank {
                break;
            }
            at += length;
        }
        let start = at;
        while at < bytes.len() {
            let (blank, length) = blank_at(at);
            if blank {
                break;
            }
            at += length;
        }
        (at > start).then(|| (start, &line[start..at]))
    })
}

/// The column (from 1, in characters) of the byte at `offset` in `line`.
fn column(line: &str, offset: usize) -> usize {
    line[..offset].chars().count() + 1
}

/// `token` split at its first `:`, if it has one: a name and its color.
fn split_color(token: &str) -> (&str, Option<&str>) {
    match split_once(token, b':') {
        Some((name, color)) => (name, Some(color)),
        None => (token, None),
    }
}

/// `token` split at the first `separator` (an ASCII byte). The tokens are short, so a walk
/// over their bytes beats `str::split_once`, whose search sets up for long texts.
fn split_once(token: &str, separator: u8) -> Option<(&str, &str)> {
    let at = token.bytes().position(|b| b == separator)?;
    Some((&token[..at], &token[at + 1..]))
}

/// Writes a problem in Knuth's text format: the item line (primary items, then ` | ` and the
/// secondary items if there are any), then one line per option.
///
/// The output reads back with [`parse`] to an equal problem.
pub fn write(problem: &Problem, out: &mut impl fmt::Write) -> fmt::Result {
    // The reader drops a byte-order mark at the start of the text, so a first name that
    // begins with one (U+FEFF is no blank) keeps it only behind one more.
    if problem
        .items()
        .next()
        .is_some_and(|item| problem.item_name(item).starts_with('\u{feff}'))
    {
        out.write_char('\u{feff}')?;
    }
    let mut first = true;
    for item in problem.items() {
        if !first {
            out.write_char(' ')?;
        }
        if item.index() == problem.primary_count() {
            out.write_str("| ")?;
        }
        match problem.bounds(item) {
            Some((1, 1)) | None => {}
            Some((min, max)) if min == max => write!(out, "{max}|")?,
            Some((min, max)) => write!(out, "{min}:{max}|")?,
        }
        out.write_str(problem.item_name(item))?;
        first = false;
    }
    out.write_char('\n')?;
    for option in problem.options() {
        out.write_str(&problem.option_text(option))?;
        out.write_char('\n')?;
    }
    Ok(())
}

impl Problem {
    /// Reads a problem in Knuth's text format, ignoring warnings; see [`parse`].
    ///
    /// ```
    /// let problem = dlx::Problem::from_dlx("a b | x\na x\nb x\na b\n")?;
    /// assert_eq!(problem.option_count(), 3);
    /// # Ok::<(), dlx::ParseError>(())
    /// ```
    pub fn from_dlx(text: &str) -> Result<Problem, ParseError> {
        parse(text).map(|parsed| parsed.problem)
    }

    /// The problem in Knuth's text format; see [`write()`].
    ///
    /// ```
    /// let problem = dlx::Problem::from_dlx("a b | x\na x:red\nb x:red\n")?;
    /// assert_eq!(problem.to_dlx(), "a b | x\na x:red\nb x:red\n");
    /// # Ok::<(), dlx::ParseError>(())
    /// ```
    pub fn to_dlx(&self) -> String {
        let mut text = String::new();
        write(self, &mut text).expect("writing to a String cannot fail");
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The option lines of `text` (its nonblank lines after the first), for `read_options`.
    fn option_lines(text: &str) -> impl Iterator<Item = (usize, &str)> + Clone {
        text.split('\n')
            .enumerate()
            .map(|(k, line)| (k + 1, line))
            .filter(|(_, line)| !line.trim().is_empty())
            .skip(1)
    }

    /// Every line of up to five characters, of ASCII and other letters and blanks (Unicode's:
    /// no-break and ideographic spaces, NEL, the vertical tab), splits as a walk over its
    /// characters splits it, with the same columns.
    #[test]
    fn tokens_are_split_at_unicode_blanks_with_columns_in_characters() {
        const ALPHABET: [char; 9] = [
            'a', 'é', '項', ' ', '\t', '\u{a0}', '\u{3000}', '\u{85}', '\x0b',
        ];
        fn by_characters(line: &str) -> Vec<(usize, String)> {
            let mut found = Vec::new();
            let mut current: Option<(usize, String)> = None;
            for (column, c) in line.chars().enumerate() {
                match (&mut current, c.is_whitespace()) {
                    (Some(_), true) => found.extend(current.take()),
                    (Some((_, token)), false) => token.push(c),
                    (None, true) => {}
                    (None, false) => current = Some((column + 1, c.to_string())),
                }
            }
            found.extend(current);
            found
        }
        let mut lines = vec![String::new()];
        let mut checked = 0;
        for _ in 0..5 {
            lines = lines
                .iter()
                .flat_map(|line| ALPHABET.iter().map(move |&c| format!("{line}{c}")))
                .collect();
            for line in &lines {
                let found: Vec<(usize, String)> = tokens(line)
                    .map(|(offset, token)| (column(line, offset), token.to_owned()))
                    .collect();
                assert_eq!(found, by_characters(line), "{line:?}");
                checked += 1;
            }
        }
        assert_eq!(checked, 9 + 81 + 729 + 6561 + 59049);
    }

    /// `a` and five options `a`: 1 + 2 nodes for the item line, 2 for each option, 13 in all.
    const FIVE: &str = "a\na\na\na\na\na\n";

    #[test]
    fn the_node_limit_counts_every_node() {
        assert_eq!(
            parse_within(FIVE, 13, None).unwrap().problem.option_count(),
            5
        );
        let error = parse_within(FIVE, 12, None).unwrap_err();
        assert_eq!(error.kind(), &ParseErrorKind::TooLarge);
        assert_eq!(
            (error.line(), error.column()),
            (6, 1),
            "the option that crosses it"
        );
        // The same, for options with several items and colors.
        let text = "a b | x\na b x:1\nb\n";
        assert!(parse_within(text, 2 + 3 + 4 + 2, None).is_ok());
        assert_eq!(
            parse_within(text, 2 + 3 + 4 + 1, None).unwrap_err().line(),
            3
        );
    }

    /// The counting pass alone finds a problem too large, at the same line as a full read,
    /// without a builder (so nothing of the options is stored).
    #[test]
    fn the_counting_pass_refuses_without_building() {
        let mut builder = ProblemBuilder::new();
        let items = read_item_line(1, "a", &mut builder).unwrap();
        let error = read_options(option_lines(FIVE), &items, None, 12, None).unwrap_err();
        assert_eq!((error.line(), error.kind()), (6, &ParseErrorKind::TooLarge));
        assert_eq!(builder.option_count(), 0);
        assert!(read_options(option_lines(FIVE), &items, None, 13, None).is_ok());
        assert_eq!(builder.option_count(), 0);
    }

    /// No text of at most `max_nodes - 3` bytes holds more nodes than that, which is why
    /// shorter texts skip the counting pass: checked on the densest texts there are.
    #[test]
    fn a_node_takes_at_least_a_byte() {
        for text in [
            FIVE,
            "a\na",
            "a b\na b\na\nb",
            "a b c d\na b c d\n",
            "a | x\na x:c\n",
        ] {
            let nodes = {
                let problem = parse(text).unwrap().problem;
                problem.item_count() + 2 + problem.option_count() + problem.entry_count()
            };
            assert!(nodes <= text.len() + 3, "{text:?}: {nodes} nodes");
            assert!(parse_within(text, nodes, None).is_ok(), "{text:?}");
            assert!(parse_within(text, nodes - 1, None).is_err(), "{text:?}");
        }
    }

    /// Options without a primary item are skipped, so a text may look too large to the byte
    /// count and still fit: then both passes run and the problem is built.
    #[test]
    fn a_text_that_only_looks_too_large_is_read() {
        let text = "a | x\na\nx\nx\nx\nx\n";
        // Items a and x, their ends, and the option a: 6 nodes, in 16 bytes.
        let parsed = parse_within(text, 6, None).unwrap();
        assert_eq!(parsed.problem.option_count(), 1);
        assert_eq!(parsed.warnings.len(), 4);
        assert!(parse_within(text, 5, None).is_err());
    }

    /// A first item whose name begins with a byte-order mark keeps it through the writer and
    /// the reader (which drops one mark at the start of the text).
    #[test]
    fn a_byte_order_mark_in_the_first_name_survives_a_round_trip() {
        let text = "\u{feff}\u{feff}a b\n\u{feff}a\nb\n";
        let problem = Problem::from_dlx(text).unwrap();
        assert_eq!(
            problem.item_name(problem.items().next().unwrap()),
            "\u{feff}a"
        );
        assert_eq!(problem.to_dlx(), text);
        assert_eq!(Problem::from_dlx(&problem.to_dlx()).unwrap(), problem);
        let plain = Problem::from_dlx("a b\na\nb\n").unwrap();
        assert!(!plain.to_dlx().starts_with('\u{feff}'));
    }
}
