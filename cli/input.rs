//! Reading a command's input: a file, standard input, or a game ID given in place of a file
//! name; the text checked to be UTF-8, and errors that name the file, line and column.

use std::io::{self, IsTerminal, Read};
use std::path::Path;

use anyhow::{anyhow, Context, Result};

use crate::note;

/// The name that messages use for standard input (ripgrep's).
const STDIN_NAME: &str = "<stdin>";

/// Reads the whole input as text: its name for messages, and its contents. `-` or no path
/// means standard input.
pub fn read_input(path: Option<&Path>) -> Result<(String, String)> {
    let (name, bytes) = match path {
        Some(path) if path != Path::new("-") => {
            let name = path.display().to_string();
            crate::output::refuse_if_output(path, &name)?;
            let bytes =
                std::fs::read(path).with_context(|| format!("{name}: cannot read the file"))?;
            (name, bytes)
        }
        _ => {
            // `dlx solve -o FILE < FILE`: the same file by another way in.
            #[cfg(unix)]
            crate::output::refuse_if_output(Path::new("/dev/stdin"), STDIN_NAME)?;
            let stdin = io::stdin();
            if stdin.is_terminal() {
                note(format_args!(
                    "dlx: reading standard input (end it with Ctrl-D)"
                ));
            }
            let mut bytes = Vec::new();
            stdin
                .lock()
                .read_to_end(&mut bytes)
                .context("<stdin>: cannot read standard input")?;
            (STDIN_NAME.to_owned(), bytes)
        }
    };
    let text = decode(&name, bytes)?;
    Ok((name, text))
}

/// A FILE argument that is not a file but a game ID: it starts with a digit, holds a colon
/// before any slash, and names nothing on disk.
fn game_id_argument(path: &Path) -> Option<&str> {
    let text = path.to_str()?;
    (looks_like_game_id(text) && !path.exists()).then_some(text)
}

/// UTF-8 text, or an error naming the line and column of the first byte that is not; a
/// leading byte-order mark is dropped (editors do not show it, so columns stay right).
fn decode(name: &str, bytes: Vec<u8>) -> Result<String> {
    let mut text = String::from_utf8(bytes).map_err(|err| {
        let at = err.utf8_error().valid_up_to();
        let bytes = err.as_bytes();
        let valid = String::from_utf8_lossy(&bytes[..at]);
        let valid = valid.strip_prefix('\u{feff}').unwrap_or(&valid);
        let line = valid.matches('\n').count() + 1;
        let column = valid.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        anyhow!(
            "{name}:{line}:{column}: expected UTF-8 text, found the byte 0x{:02X}, which is \
             not UTF-8 here (convert the file to UTF-8, e.g. with iconv)",
            bytes[at]
        )
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// Reads a puzzle file (or stdin for `None` or `-`) and parses it, an error naming
/// `file:line:column` (the parser's `Display` starts with `line:column: `). An argument that
/// is no file but reads as a Tatham game ID (`3x3:a1d9...`: a size, then a colon) is the
/// puzzle itself, named `<game ID>` in errors.
pub fn read_puzzle<T, E: std::fmt::Display>(
    path: Option<&std::path::Path>,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Result<T> {
    if let Some(id) = path.and_then(game_id_argument) {
        return parse(id).map_err(|err| anyhow::anyhow!("<game ID>:{err}"));
    }
    let (name, text) = read_input(path)?;
    parse(&text).map_err(|err| anyhow::anyhow!("{name}:{err}"))
}

/// What a puzzle file holds: one puzzle, or one puzzle per line.
pub enum Puzzles<T> {
    One(T),
    Lines {
        /// The file's name, for messages.
        name: String,
        puzzles: Vec<Line<T>>,
    },
}

/// A puzzle read from one line of a file of many.
pub struct Line<T> {
    /// The line's number, from 1.
    pub number: usize,
    /// Whether the line is a Tatham game ID (answers are then game IDs too).
    pub game_id: bool,
    pub puzzle: T,
}

/// Whether `text` reads as a Tatham game ID: a size starting with a digit, then a colon,
/// no blanks.
fn looks_like_game_id(text: &str) -> bool {
    text.find(':').is_some_and(|colon| {
        text.starts_with(|c: char| c.is_ascii_digit())
            && !text[..colon].contains(['/', '\\'])
            && !text.contains(char::is_whitespace)
    })
}

/// [`read_puzzle`], or many puzzles, one per line: when the whole text is no puzzle but its
/// first line is one, and other lines follow, every non-blank line must be a puzzle (sudoku's
/// one-line grids, Tatham's game IDs), and an error names the line it is on. A text that
/// reads as one puzzle is one puzzle, even when its lines would be puzzles too (16 lines of
/// 16 cells: a 16 x 16 sudoku, not sixteen 4 x 4 ones), and so is a square of n lines of n
/// characters that reads as none.
pub fn read_puzzles<T: Send>(
    path: Option<&Path>,
    parse: impl Fn(&str) -> Result<T, reductions::text::ParseError> + Sync,
) -> Result<Puzzles<T>> {
    if let Some(id) = path.and_then(game_id_argument) {
        return parse(id)
            .map(Puzzles::One)
            .map_err(|err| anyhow!("<game ID>:{err}"));
    }
    let (name, text) = read_input(path)?;
    let whole = match parse(&text) {
        Ok(puzzle) => return Ok(Puzzles::One(puzzle)),
        Err(err) => err,
    };
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(k, line)| (k + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty())
        .collect();
    // n lines of n characters draw one grid (an 81 x 81 sudoku too large to read is not 81
    // sudokus of 9 x 9).
    let square = lines
        .iter()
        .all(|(_, line)| line.chars().count() == lines.len());
    if lines.len() < 2 || square || parse(lines[0].1).is_err() {
        return Err(anyhow!("{name}:{whole}"));
    }
    let mut puzzles = Vec::with_capacity(lines.len());
    for (number, line) in lines {
        let puzzle = parse(line).map_err(|err| match err.column() {
            Some(column) => anyhow!("{name}:{number}:{column}: {}", err.kind()),
            None => anyhow!("{name}:{number}: {}", err.kind()),
        })?;
        puzzles.push(Line {
            number,
            game_id: looks_like_game_id(line),
            puzzle,
        });
    }
    Ok(Puzzles::Lines { name, puzzles })
}
