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
            let bytes =
                std::fs::read(path).with_context(|| format!("{name}: cannot read the file"))?;
            (name, bytes)
        }
        _ => {
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
    let colon = text.find(':')?;
    let looks_like_id = text.starts_with(|c: char| c.is_ascii_digit())
        && !text[..colon].contains(['/', '\\'])
        && !text.contains(char::is_whitespace);
    (looks_like_id && !path.exists()).then_some(text)
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
