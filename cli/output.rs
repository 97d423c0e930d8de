//! Where the results go: standard output, or the file of `-o FILE` (`--output`), chosen once
//! before the command runs. Every writer of results takes [`stdout`], so the choice needs no
//! plumbing through the commands; notes, errors and progress stay on stderr.
//!
//! A regular file is written beside its place, under a temporary name, and renamed onto
//! `FILE` only when the command ends without error ([`commit`]): until then `FILE` keeps
//! what it held, so a command that fails, or is killed, loses no file, and an input that is
//! also the output is read whole before it is replaced (one is refused anyway: see
//! [`refuse_if_output`]). Devices and pipes (`/dev/null`, a FIFO) are written in place.

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use anyhow::{bail, Context, Result};

/// The file of `--output`, when one was given.
static FILE: OnceLock<Mutex<File>> = OnceLock::new();

/// Where `FILE` goes at the end, and what it says in messages.
static TARGET: OnceLock<Target> = OnceLock::new();

struct Target {
    /// The name given, for messages.
    shown: String,
    /// `(temporary, final)` when the file is renamed into place at the end.
    rename: Option<(PathBuf, PathBuf)>,
    /// The file that `-o` names, if it existed: the same file as an input is refused.
    existing: Option<FileId>,
}

/// A file by its device and inode, which every link to it shares.
#[derive(Clone, Copy, PartialEq, Eq)]
struct FileId(u64, u64);

#[cfg(unix)]
fn file_id(path: &Path) -> Option<FileId> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path).ok()?;
    Some(FileId(meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn file_id(_path: &Path) -> Option<FileId> {
    None
}

/// Sends the results to `path` from now on; `-` is standard output. A regular file (new or
/// not) is written under a temporary name beside it until [`commit`].
pub fn to_file(path: &Path) -> Result<()> {
    if path == Path::new("-") {
        return Ok(());
    }
    let shown = path.display().to_string();
    if path.is_dir() {
        bail!("-o {shown}: is a folder: expected a file to write");
    }
    let existing = file_id(path);
    // `/dev/stdout`, `/dev/fd/3`, `/proc/self/fd/1`: the descriptor the shell opened (perhaps
    // to append to a log), written in place and at its end, never replaced.
    if path.starts_with("/dev") || path.starts_with("/proc") {
        let file = File::options()
            .append(true)
            .open(path)
            .with_context(|| format!("cannot open {shown}"))?;
        let target = Target {
            shown,
            rename: None,
            existing,
        };
        if FILE.set(Mutex::new(file)).is_err() || TARGET.set(target).is_err() {
            bail!("the output was already chosen");
        }
        return Ok(());
    }
    // A link is followed: the file it names is replaced, and the link stays.
    let target = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned())
        }
        _ => path.to_owned(),
    };
    let regular = std::fs::metadata(&target).map_or(true, |meta| meta.is_file());
    let (file, rename) = if regular {
        let name = target.file_name().map_or_else(
            || "output".into(),
            |name| name.to_string_lossy().into_owned(),
        );
        let temporary = target.with_file_name(format!(".{name}.dlx-{}.part", std::process::id()));
        let file = File::options()
            .write(true)
            .create_new(true)
            .open(&temporary)
            .with_context(|| format!("-o {shown}: cannot create {}", temporary.display()))?;
        keep_mode_and_group(&target, &temporary);
        (file, Some((temporary, target)))
    } else {
        let file = File::options()
            .write(true)
            .truncate(true)
            .open(&target)
            .with_context(|| format!("cannot open {shown}"))?;
        (file, None)
    };
    let target = Target {
        shown,
        rename,
        existing,
    };
    if FILE.set(Mutex::new(file)).is_err() || TARGET.set(target).is_err() {
        bail!("the output was already chosen");
    }
    Ok(())
}

/// The mode and group of the file `-o` replaces, given to the file that replaces it (as an
/// editor keeps them): a file kept private stays so.
fn keep_mode_and_group(target: &Path, temporary: &Path) {
    let Ok(meta) = std::fs::metadata(target) else {
        return;
    };
    let _ = std::fs::set_permissions(temporary, meta.permissions());
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        // Only a group the user is in can be given; otherwise the user's own stays.
        let _ = std::os::unix::fs::chown(temporary, None, Some(meta.gid()));
    }
}

/// Ends the output: the file of `-o` takes its place when `keep` (the command succeeded),
/// else its temporary file goes and the file named is left as it was. A run that a signal
/// cut short leaves a file that was there as it was, and so does a run whose record is
/// incomplete where the file holds a complete one: a shard run again and stopped early
/// never loses a finished count.
pub fn commit(keep: bool) -> Result<()> {
    let (Some(file), Some(target)) = (FILE.get(), TARGET.get()) else {
        return Ok(());
    };
    let Some((temporary, place)) = &target.rename else {
        return Ok(());
    };
    if !keep {
        let _ = std::fs::remove_file(temporary);
        return Ok(());
    }
    if let Some(why) = kept_instead(temporary, place) {
        let _ = std::fs::remove_file(temporary);
        crate::process::note(format_args!(
            "dlx: note: -o {}: left as it was: {why}",
            target.shown
        ));
        return Ok(());
    }
    let file = file.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let renamed = file
        .sync_all()
        .and_then(|()| std::fs::rename(temporary, place));
    if let Err(err) = renamed {
        let _ = std::fs::remove_file(temporary);
        return Err(err).with_context(|| format!("{}: cannot write the output", target.shown));
    }
    Ok(())
}

/// Why the file at `place` stays rather than take the results at `temporary`, if it does.
fn kept_instead(temporary: &Path, place: &Path) -> Option<&'static str> {
    std::fs::symlink_metadata(place).ok()?;
    if crate::signals::received().is_some() {
        return Some("the run was interrupted, and its results are partial");
    }
    let complete = |path: &Path| {
        // A record is a few hundred bytes: a larger file is none.
        let meta = std::fs::metadata(path).ok()?;
        if meta.len() > 64 * 1024 {
            return None;
        }
        let text = std::fs::read_to_string(path).ok()?;
        match crate::shard::read(&text) {
            crate::shard::Read::Record(record) => Some(record.stopped.is_none()),
            _ => None,
        }
    };
    (complete(place) == Some(true) && complete(temporary) != Some(true))
        .then_some("it holds a complete shard record, and this run's is not complete")
}

/// Refuses an input that is the file `-o` names (the same file, by any name or link): its
/// results would replace it.
pub fn refuse_if_output(input: &Path, shown: &str) -> Result<()> {
    let Some(target) = TARGET.get() else {
        return Ok(());
    };
    if target.existing.is_some() && file_id(input) == target.existing {
        bail!(
            "{shown}: is also the output (-o {}), which would replace it: write the results to \
             another file",
            target.shown
        );
    }
    Ok(())
}

/// What an error writing the results says: the file of `-o`, or `<stdout>`.
pub fn write_error() -> &'static str {
    static MESSAGE: OnceLock<String> = OnceLock::new();
    MESSAGE.get_or_init(|| match TARGET.get() {
        Some(target) => format!("{}: cannot write the output", target.shown),
        None => "<stdout>: cannot write the output".to_owned(),
    })
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
