//! What every command shares with the process: when it started, its notes on stderr, and
//! what it found (the exit status). A room of its own below every other, so that no command
//! reaches up into `main` for them.

use std::fmt;
use std::io::{self, Write};

/// When the process started: `--timeout` bounds the whole run from here (reading and
/// building the problem too), not only the search.
pub fn started() -> std::time::Instant {
    static STARTED: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    *STARTED.get_or_init(std::time::Instant::now)
}

/// Writes one line on stderr. A closed stderr is no reason to fail (or to panic, as
/// `eprintln!` would).
pub fn note(line: fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr().lock(), "{line}");
}

/// What a command found, mapped to the exit status (grep's convention).
pub enum Found {
    /// At least one solution: exit 0.
    Some,
    /// No solution: exit 1.
    None,
}
