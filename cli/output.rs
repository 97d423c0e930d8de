//! Where the results go: standard output, or the file of `-o FILE` (`--output`), chosen once
//! before the command runs. Every writer of results takes [`stdout`], so the choice needs no
//! plumbing through the commands; notes, errors and progress stay on stderr.

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::Path;
use std::sync::{Mutex, OnceLock};

use anyhow::{Context, Result};

/// The file of `--output`, when one was given.
static FILE: OnceLock<Mutex<File>> = OnceLock::new();

/// Sends the results to `path` from now on (created, or emptied if it exists); `-` is
/// standard output.
pub fn to_file(path: &Path) -> Result<()> {
    if path == Path::new("-") {
        return Ok(());
    }
    let file = File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
    FILE.set(Mutex::new(file))
        .map_err(|_| anyhow::anyhow!("the output was already chosen"))
}

/// The results' writer: the file of `--output`, or standard output. Each write takes its
/// lock, so it may be sent to the threads that find solutions; buffer it.
pub fn stdout() -> Output {
    match FILE.get() {
        Some(file) => Output::File(file),
        None => Output::Stdout(io::stdout()),
    }
}

/// Whether the results go to a terminal (which decides drawings, colors, and how the
/// progress bar shares the screen): never into a file.
pub fn is_terminal() -> bool {
    FILE.get().is_none() && io::stdout().is_terminal()
}

/// See [`stdout`].
pub enum Output {
    Stdout(io::Stdout),
    File(&'static Mutex<File>),
}

impl Output {
    fn file(file: &Mutex<File>) -> std::sync::MutexGuard<'_, File> {
        // A thread that panicked while writing leaves the file as it was: go on with it.
        file.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Write for Output {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(out) => out.write(bytes),
            Output::File(file) => Output::file(file).write(bytes),
        }
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            Output::Stdout(out) => out.lock().write_all(bytes),
            Output::File(file) => Output::file(file).write_all(bytes),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(out) => out.flush(),
            Output::File(file) => Output::file(file).flush(),
        }
    }
}
