//! Reading a command's input: a file, standard input, or a game ID given in place of a file
//! name; the text checked to be UTF-8, and errors that name the file, line and column.

use std::io::{self, IsTerminal, Read};
use std::path::Path;
use std::sync::OnceLock;
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};

use crate::process::note;

/// The name that messages use for standard input (ripgrep's).
const STDIN_NAME: &str = "<stdin>";

/// The largest input read unless `--max-input` says otherwise: 1 GiB.
pub const DEFAULT_MAX_INPUT: usize = 1 << 30;

/// What bounds the reading of inputs: their size, and the time limit of the run.
struct Limits {
    max: usize,
    deadline: Option<Instant>,
}

static LIMITS: OnceLock<Limits> = OnceLock::new();

/// Bounds every input read from now on: at most `max` bytes (by default
/// [`DEFAULT_MAX_INPUT`]), and read by `deadline` if there is one.
pub fn set_limits(max: Option<usize>, deadline: Option<Instant>) {
    let _ = LIMITS.set(Limits {
        max: max.unwrap_or(DEFAULT_MAX_INPUT),
        deadline,
    });
}

/// The time limit ran out while an input was being read (see [`read_input`]).
#[derive(Debug)]
pub struct TimeRanOut {
    pub name: String,
    pub bytes: usize,
}

impl std::fmt::Display for TimeRanOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the time limit ran out while {} was read ({} bytes read)",
            self.name, self.bytes
        )
    }
}

impl std::error::Error for TimeRanOut {}

/// Reads the whole input as text: its name for messages, and its contents. `-` or no path
/// means standard input. Refused as soon as it passes the size limit (`--max-input`) or
/// holds a byte that is not UTF-8, and stopped when the time limit runs out (a
/// [`TimeRanOut`] error).
pub fn read_input(path: Option<&Path>) -> Result<(String, String)> {
    let (name, bytes) = match path {
        Some(path) if path != Path::new("-") => {
            let name = path.display().to_string();
            crate::output::refuse_if_output(path, &name)?;
            let file = std::fs::File::open(path)
                .with_context(|| format!("{name}: cannot read the file"))?;
            let bytes = read_file(&name, file)?;
            (name, bytes)
        }
        _ => {
            // `dlx solve -o FILE < FILE`: the same file by another way in.
            #[cfg(unix)]
            crate::output::refuse_if_output(Path::new("/dev/stdin"), STDIN_NAME)?;
            if io::stdin().is_terminal() {
                note(format_args!(
                    "dlx: reading standard input (end it with Ctrl-D)"
                ));
            }
            let bytes = read_bytes(STDIN_NAME, io::stdin(), true)?;
            (STDIN_NAME.to_owned(), bytes)
        }
    };
    let text = decode(&name, bytes)?;
    Ok((name, text))
}

/// Reads a file: a regular file at once, after its size is checked against the limit (no
/// chunk buffer to clear, which took a small run's start-up a tenth more instructions);
/// anything else (a device, a pipe) as [`read_bytes`] reads it.
fn read_file(name: &str, mut file: std::fs::File) -> Result<Vec<u8>> {
    let size = match file.metadata() {
        Ok(meta) if meta.is_file() => meta.len(),
        _ => return read_bytes(name, file, true),
    };
    let max = LIMITS.get().map_or(DEFAULT_MAX_INPUT, |limits| limits.max);
    let too_large = || {
        anyhow!(
            "{name}: larger than the limit of {} on inputs (--max-input SIZE raises it)",
            size_name(max)
        )
    };
    if size > max as u64 {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    if bytes.try_reserve_exact(size as usize + 1).is_err() {
        bail!("{name}: not enough memory to read the input ({size} bytes)");
    }
    // Bounded by the limit too, should the file grow while it is read.
    std::io::Read::take(&mut file, max as u64 + 1)
        .read_to_end(&mut bytes)
        .with_context(|| cannot_read(name))?;
    if bytes.len() > max {
        return Err(too_large());
    }
    Ok(bytes)
}

/// Reads all of `reader`, within the limits (see [`set_limits`]); with `text`, refuses the
/// first byte that is not UTF-8 as soon as it is read. With a time limit the reading runs on
/// a thread of its own, so that an input that never ends and never sends (a quiet pipe) is
/// stopped too.
pub fn read_bytes(name: &str, reader: impl Read + Send + 'static, text: bool) -> Result<Vec<u8>> {
    let limits = LIMITS.get().unwrap_or(&Limits {
        max: DEFAULT_MAX_INPUT,
        deadline: None,
    });
    let mut bytes = Vec::new();
    let mut checked = 0;
    let mut take = |bytes: &mut Vec<u8>, chunk: &[u8]| -> Result<()> {
        if bytes.len().saturating_add(chunk.len()) > limits.max {
            bail!(
                "{name}: larger than the limit of {} on inputs (--max-input SIZE raises it)",
                size_name(limits.max)
            );
        }
        if bytes.try_reserve(chunk.len()).is_err() {
            bail!(
                "{name}: not enough memory to read the input ({} bytes read)",
                bytes.len()
            );
        }
        bytes.extend_from_slice(chunk);
        if text {
            checked = check_utf8(name, bytes, checked)?;
        }
        Ok(())
    };
    match limits.deadline {
        None => {
            let mut reader = reader;
            let mut chunk = vec![0; CHUNK];
            loop {
                match reader.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(n) => take(&mut bytes, &chunk[..n])?,
                    Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                    Err(err) => return Err(err).with_context(|| cannot_read(name)),
                }
            }
        }
        Some(deadline) => {
            let (send, receive) = std::sync::mpsc::sync_channel::<io::Result<Vec<u8>>>(4);
            std::thread::spawn(move || {
                let mut reader = reader;
                loop {
                    let mut chunk = vec![0; CHUNK];
                    let read = reader.read(&mut chunk).map(|n| {
                        chunk.truncate(n);
                        chunk
                    });
                    let end = matches!(&read, Ok(chunk) if chunk.is_empty()) || read.is_err();
                    if send.send(read).is_err() || end {
                        break;
                    }
                }
            });
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                match receive.recv_timeout(left) {
                    Ok(Ok(chunk)) if chunk.is_empty() => break,
                    Ok(Ok(chunk)) => take(&mut bytes, &chunk)?,
                    Ok(Err(err)) if err.kind() == io::ErrorKind::Interrupted => {}
                    Ok(Err(err)) => return Err(err).with_context(|| cannot_read(name)),
                    Err(_) => {
                        return Err(TimeRanOut {
                            name: name.to_owned(),
                            bytes: bytes.len(),
                        }
                        .into());
                    }
                }
            }
        }
    }
    if text && checked < bytes.len() {
        return Err(utf8_error(name, &bytes, checked));
    }
    Ok(bytes)
}

/// What an error reading an input says.
fn cannot_read(name: &str) -> String {
    if name == STDIN_NAME {
        format!("{name}: cannot read standard input")
    } else {
        format!("{name}: cannot read the file")
    }
}

/// The size of the chunks a stream (stdin, a pipe, a device) is read in: small, since its
/// buffer is cleared at every run's start.
const CHUNK: usize = 1 << 14;

/// Checks `bytes` from `checked` on; returns how far they are UTF-8 (a character cut at the
/// end waits for the next chunk), or the error at the first byte that is not.
fn check_utf8(name: &str, bytes: &[u8], checked: usize) -> Result<usize> {
    match std::str::from_utf8(&bytes[checked..]) {
        Ok(_) => Ok(bytes.len()),
        Err(err) if err.error_len().is_none() => Ok(checked + err.valid_up_to()),
        Err(err) => Err(utf8_error(name, bytes, checked + err.valid_up_to())),
    }
}

/// A size for people: `1 GiB`, `512 MiB`.
fn size_name(bytes: usize) -> String {
    match bytes {
        b if b >= 1 << 30 && b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

/// A FILE argument that is not a file but a game ID: it starts with a digit, holds a colon
/// before any slash, and names nothing on disk.
fn game_id_argument(path: &Path) -> Option<&str> {
    let text = path.to_str()?;
    (looks_like_game_id(text) && !path.exists()).then_some(text)
}

/// Refuses a FILE argument that names nothing on disk and reads as one of Tatham's random
/// seeds (`3x3dt#12345`: the parameters, `#`, a seed), which names a puzzle only his
/// generator can make again: what to paste instead.
fn refuse_random_seed(path: Option<&Path>) -> Result<()> {
    let Some(text) = path.and_then(Path::to_str) else {
        return Ok(());
    };
    let seed = text.split_once('#').is_some_and(|(params, seed)| {
        params.starts_with(|c: char| c.is_ascii_digit())
            && !params.contains([':', '/', '\\'])
            && !seed.is_empty()
            && seed.chars().all(|c| c.is_ascii_alphanumeric())
    });
    if seed && !Path::new(text).exists() {
        bail!(
            "{text}: expected a puzzle file or a game ID, PARAMS:DESCRIPTION (Tatham's 'Game > \
             Specific' ID), found a random-seed ID, PARAMS#SEED, which only Tatham's generator \
             can expand"
        );
    }
    Ok(())
}

/// UTF-8 text (checked as it was read: see [`read_bytes`]); a leading byte-order mark is
/// dropped (editors do not show it, so columns stay right).
fn decode(name: &str, bytes: Vec<u8>) -> Result<String> {
    let mut text = String::from_utf8(bytes).map_err(|err| {
        let at = err.utf8_error().valid_up_to();
        utf8_error(name, err.as_bytes(), at)
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// The error of a byte at `at` that is not UTF-8: its line and column (the bytes before it
/// are UTF-8).
fn utf8_error(name: &str, bytes: &[u8], at: usize) -> anyhow::Error {
    let valid = String::from_utf8_lossy(&bytes[..at]);
    let valid = valid.strip_prefix('\u{feff}').unwrap_or(&valid);
    let line = valid.matches('\n').count() + 1;
    let column = valid.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    match bytes.get(at) {
        Some(byte) => anyhow!(
            "{name}:{line}:{column}: expected UTF-8 text, found the byte 0x{byte:02X}, which is \
             not UTF-8 here (convert the file to UTF-8, e.g. with iconv)"
        ),
        None => anyhow!(
            "{name}:{line}:{column}: expected UTF-8 text, found the input's end inside a \
             character"
        ),
    }
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
        return parse(id).map_err(|err| anyhow::anyhow!(located("<game ID>", err)));
    }
    refuse_random_seed(path)?;
    let (name, text) = read_input(path)?;
    parse(&text).map_err(|err| anyhow::anyhow!(located(&name, err)))
}

/// An error of the input `name`: `name:line:column: what` where the error has a place in
/// the text (its `Display` starts with `line:column: `), `name: what` where it has none.
pub fn located(name: &str, err: impl std::fmt::Display) -> String {
    let err = err.to_string();
    if err.starts_with(|c: char| c.is_ascii_digit()) {
        format!("{name}:{err}")
    } else {
        format!("{name}: {err}")
    }
}

/// What a puzzle file holds: one puzzle, or one puzzle per line.
pub enum Puzzles<T> {
    One(T),
    Lines(Lines),
}

/// A file of puzzles, one per line, each read as a puzzle ([`Lines::read`]) by the thread that
/// solves it: reading them all first, on this thread, took a tenth of a run of easy ones.
pub struct Lines {
    /// The file's name, for messages.
    pub name: String,
    text: String,
    /// The non-blank lines: each one's number (from 1) and its place in `text`, trimmed.
    spans: Vec<Span>,
}

/// A line of [`Lines`]: its number (from 1) and where it lies in the text.
pub struct Span {
    pub number: usize,
    range: std::ops::Range<usize>,
}

/// A puzzle read from one line of a file of many.
pub struct Line<T> {
    /// The line's number, from 1.
    pub number: usize,
    /// Whether the line is a Tatham game ID (answers are then game IDs too).
    pub game_id: bool,
    /// The puzzle, or why the line is not one (`FILE:LINE:COLUMN: what`): one bad line does
    /// not stop the others.
    pub puzzle: Result<T, String>,
}

impl Lines {
    /// The non-blank lines, in order.
    pub fn spans(&self) -> &[Span] {
        &self.spans
    }

    /// The line at `span` read by `parse`: the puzzle, or the error that names the file,
    /// the line and the column.
    pub fn read<T>(
        &self,
        span: &Span,
        parse: impl FnOnce(&str) -> Result<T, reductions::text::ParseError>,
    ) -> Line<T> {
        let text = &self.text[span.range.clone()];
        Line {
            number: span.number,
            game_id: looks_like_game_id(text),
            puzzle: parse(text).map_err(|err| match err.column() {
                Some(column) => format!("{}:{}:{column}: {}", self.name, span.number, err.kind()),
                None => format!("{}:{}: {}", self.name, span.number, err.kind()),
            }),
        }
    }
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
/// characters that reads as none. The lines past the first are read as puzzles later, by
/// whoever solves them ([`Lines::read`]).
pub fn read_puzzles<T>(
    path: Option<&Path>,
    parse: impl Fn(&str) -> Result<T, reductions::text::ParseError>,
) -> Result<Puzzles<T>> {
    if let Some(id) = path.and_then(game_id_argument) {
        return parse(id)
            .map(Puzzles::One)
            .map_err(|err| anyhow!(located("<game ID>", err)));
    }
    refuse_random_seed(path)?;
    let (name, text) = read_input(path)?;
    let whole = match parse(&text) {
        Ok(puzzle) => return Ok(Puzzles::One(puzzle)),
        Err(err) => err,
    };
    let mut spans = Vec::new();
    let mut at = 0;
    for (k, body) in reductions::text::lines(&text).enumerate() {
        let content = reductions::text::trim(body);
        if !content.is_empty() {
            let lead = match content.len() == body.len() {
                true => 0,
                false => body.len() - body.trim_start().len(),
            };
            let start = at + lead;
            spans.push(Span {
                number: k + 1,
                range: start..start + content.len(),
            });
        }
        // (Past the text's end after its last line: nothing is read there.)
        at += body.len() + 1;
    }
    let line = |span: &Span| &text[span.range.clone()];
    // n lines of n characters draw one grid (an 81 x 81 sudoku too large to read is not 81
    // sudokus of 9 x 9).
    let square = spans
        .iter()
        .all(|span| line(span).chars().count() == spans.len());
    let first_is_puzzle = spans.first().is_some_and(|span| parse(line(span)).is_ok());
    if spans.len() < 2 || square || !first_is_puzzle {
        return Err(anyhow!("{name}:{whole}"));
    }
    Ok(Puzzles::Lines(Lines { name, text, spans }))
}
