//! A text's lines: split, numbered and trimmed as every reader takes them. Files of many
//! puzzles, a line each, go through here (the whole text is first tried as one puzzle), so
//! the split and the trims take the short way where a line's ends are ASCII.

/// The lines of a text that hold something, numbered from 1, without their `\r`, trailing
/// blanks, or the byte-order mark of the first line.
pub(crate) fn content_lines(text: &str) -> Vec<(usize, &str)> {
    each_content_line(text).collect()
}

/// [`content_lines`] one at a time.
pub(crate) fn each_content_line(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    lines(text)
        .enumerate()
        .map(|(k, line)| (k + 1, trim_end(line)))
        .filter(|(_, line)| !line.is_empty())
}

/// `text.split('\n')`, found by a search that reads many bytes at a time (the standard
/// library's reads a word at a time: on short lines, most of the time of reading them).
///
/// ```
/// let lines: Vec<&str> = reductions::text::lines("4x4:a\n\n9..1\n").collect();
/// assert_eq!(lines, ["4x4:a", "", "9..1", ""]);
/// ```
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut start = 0;
    memchr::memchr_iter(b'\n', text.as_bytes())
        .map(Some)
        .chain([None])
        .map(move |end| {
            let end = end.unwrap_or(text.len());
            // A newline is one byte of its own: the text is split between characters.
            let line = &text[start..end];
            start = end + 1;
            line
        })
}

/// Whether `byte` starts no character that [`char::is_whitespace`] holds: an ASCII byte
/// other than the six ASCII blanks. (A byte of a longer character is not ASCII.)
fn is_ascii_ink(byte: u8) -> bool {
    byte.is_ascii() && !matches!(byte, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// `text.trim_end()`, without its character-by-character test when the last byte is ASCII
/// and not blank (a file of a hundred thousand puzzles, a line each, is read as one puzzle
/// first, and its trims were a third of that).
fn trim_end(text: &str) -> &str {
    match text.as_bytes().last() {
        Some(&last) if is_ascii_ink(last) => text,
        _ => text.trim_end(),
    }
}

/// `text.trim()` (Unicode's blanks off both ends), without its character-by-character tests
/// when the first and last bytes are ASCII and not blank: the test of every line of a file of
/// many puzzles.
///
/// ```
/// use reductions::text::trim;
///
/// assert_eq!(trim("4x4:a2b"), "4x4:a2b");
/// assert_eq!(trim("  9..1\r"), "9..1");
/// assert_eq!(trim("\u{3000}x\u{a0}"), "x");
/// assert_eq!(trim(" \t"), "");
/// ```
pub fn trim(text: &str) -> &str {
    match (text.as_bytes().first(), text.as_bytes().last()) {
        (Some(&first), Some(&last)) if is_ascii_ink(first) && is_ascii_ink(last) => text,
        _ => text.trim(),
    }
}

/// The column (from 1, in characters) of the first non-blank character of a line.
pub(crate) fn first_column(line: &str) -> usize {
    line.chars().take_while(|c| c.is_whitespace()).count() + 1
}

/// The line number just past the text, for "found the end of the input".
pub(crate) fn end_line(text: &str) -> usize {
    text.split('\n').count()
}

/// The lines of a text, numbered from 1, without their `\r` and trailing blanks.
pub(crate) fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    lines(text)
        .enumerate()
        .map(|(k, line)| (k + 1, trim_end(line)))
}

/// [`numbered_lines`] without the blank lines before and after a block of text (those
/// inside it kept): a grid's rows.
pub(crate) fn block_lines(text: &str) -> Vec<(usize, &str)> {
    let lines: Vec<(usize, &str)> = numbered_lines(text)
        .skip_while(|(_, line)| line.trim().is_empty())
        .collect();
    let end = lines
        .iter()
        .rposition(|(_, line)| !line.trim().is_empty())
        .map_or(0, |last| last + 1);
    lines[..end].to_vec()
}
