//! `dlx`: exact cover from the command line. See `dlx --help` and docs/cli.md.
//!
//! On Linux with glibc, `main` is the C entry point itself, without the standard library's
//! start-up: that start-up asks glibc for the main thread's stack (which reads and parses
//! `/proc/self/maps`) and sets up a handler for stack overflows, 0.05-0.07 ms of a run that
//! takes 0.6 (docs/engine.md, "Start-up"). What the rest of it did is done here: standard
//! streams that were closed are opened on `/dev/null`, SIGPIPE is ignored (a closed pipe is
//! then an error the writes see), a panic is caught, and stdout is flushed at the end. The
//! arguments still reach `std::env::args_os`: glibc passes them to the standard library's
//! initializer before `main`. A stack overflow, which the standard library would name before
//! aborting, ends the process by SIGSEGV (the searches keep their stacks on the heap).
//! Elsewhere `main` is an ordinary Rust `main`.

#![deny(unsafe_code)]
#![cfg_attr(all(target_os = "linux", target_env = "gnu", not(test)), no_main)]

mod args;
mod batch;
mod board;
mod input;
mod json;
mod make;
mod manual;
mod memo;
mod memory;
mod merge;
mod output;
mod process;
mod progress;
mod puzzles;
mod run;
mod serve;
mod shard;
mod signals;
mod solve;
mod stats;
mod symmetry;
mod words;
mod workers;

use std::any::Any;
use std::io::{self, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};

use process::Found;

/// The context of an error writing the output (a full disk; a closed pipe ends quietly).
const WRITE_ERROR: &str = "<stdout>: cannot write the output";

#[cfg(not(all(target_os = "linux", target_env = "gnu", not(test))))]
fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(exit_status())
}

/// The process's entry point, called by glibc's start-up (see the module's documentation).
#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
// SAFETY: the one `main` symbol of the program (the standard library's is not linked in, see
// the module docs), with the signature glibc's start-up calls.
#[allow(unsafe_code)]
#[no_mangle]
extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
    open_closed_standard_streams();
    // SAFETY: changes the disposition of one signal; no other thread exists yet.
    #[allow(unsafe_code)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN)
    };
    // A panic may not unwind out of an `extern "C"` function; `exit_status` catches those of
    // the run, and this any outside them.
    let status = panic::catch_unwind(exit_status).unwrap_or(2);
    let _ = io::stdout().lock().flush();
    libc::c_int::from(status)
}

/// Opens `/dev/null` on each of the standard streams that is closed, as the standard
/// library's start-up does, so that no file this process opens becomes its stdout.
#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
fn open_closed_standard_streams() {
    let mut streams = [0, 1, 2].map(|fd| libc::pollfd {
        fd,
        events: 0,
        revents: 0,
    });
    // SAFETY: `poll` reads and writes the three entries of `streams` only.
    #[allow(unsafe_code)]
    let polled = unsafe { libc::poll(streams.as_mut_ptr(), 3, 0) };
    if polled < 0 {
        return;
    }
    for stream in streams
        .iter()
        .filter(|stream| stream.revents & libc::POLLNVAL != 0)
    {
        // SAFETY: opens a file by a NUL-terminated path; the lowest free descriptor, which is
        // `stream.fd` since the streams are visited in order, is what it takes.
        #[allow(unsafe_code)]
        let fd = unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) };
        if fd != stream.fd {
            return;
        }
    }
}

/// Runs the command line and returns the exit status: 0 found, 1 not found, 2 an error.
fn exit_status() -> u8 {
    process::started();
    panic::set_hook(Box::new(|info| {
        report_panic(info.payload(), info.location())
    }));
    let cli = match args::parse(std::env::args_os().collect()) {
        Ok(cli) => cli,
        Err(err) => return argument_error(&err),
    };
    // A panic anywhere (the workers hand theirs on to this thread) is a bug: the hook
    // has said so in one line, and the exit status is that of any error.
    let result = panic::catch_unwind(AssertUnwindSafe(|| run(cli)));
    // The file of `-o` takes its place only after a run without error.
    let result = result.map(|result| {
        let committed = output::commit(result.is_ok());
        result.and_then(|found| committed.map(|()| found))
    });
    let Ok(result) = result else {
        let _ = output::commit(false);
        if PANIC_WAS_BROKEN_PIPE.load(Ordering::Relaxed) {
            return 0;
        }
        return 2;
    };
    // An interrupted search has printed what it found; its status says it was cut short.
    if let Some(signal) = signals::received() {
        if result.is_ok() {
            return u8::try_from(128 + signal).unwrap_or(2);
        }
    }
    match result {
        Ok(Found::Some) => 0,
        Ok(Found::None) => 1,
        Err(err) => {
            if is_broken_pipe(&err) {
                return 0;
            }
            let _ = writeln!(io::stderr().lock(), "dlx: error: {err:#}");
            2
        }
    }
}

/// What clap makes of arguments it does not take, or of `--help` and `--version`: the help
/// or version on stdout (a failed write, such as to a full disk, is an error with exit status
/// 2; a closed pipe is not), or the usage error on stderr with exit status 2.
fn argument_error(err: &clap::Error) -> u8 {
    use clap::error::ErrorKind;
    // Help asked for is an answer; help shown for missing arguments is a usage error.
    let answered = matches!(
        err.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    );
    match err.print().and_then(|()| io::stdout().lock().flush()) {
        Err(write) if write.kind() != io::ErrorKind::BrokenPipe => {
            let _ = writeln!(io::stderr().lock(), "dlx: error: {}: {write}", WRITE_ERROR);
            2
        }
        _ if answered => 0,
        _ => 2,
    }
}

/// Set by [`report_panic`] when the panic was `print!`'s on a closed stdout.
static PANIC_WAS_BROKEN_PIPE: AtomicBool = AtomicBool::new(false);

/// The panic hook: one line on stderr instead of Rust's panic message and backtrace, which
/// mean nothing to a user. `print!` and `println!` panic when stdout is a closed pipe; that
/// is no error (`dlx ... | head -1`), so that panic ends the program quietly, like every
/// other write to a closed pipe.
fn report_panic(payload: &(dyn Any + Send), location: Option<&panic::Location<'_>>) {
    let message = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("(no message)");
    if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
        PANIC_WAS_BROKEN_PIPE.store(true, Ordering::Relaxed);
        return;
    }
    let place = location.map_or_else(String::new, |at| {
        format!(" (at {}:{})", at.file(), at.line())
    });
    let _ = writeln!(
        io::stderr().lock(),
        "dlx: internal error: {message}{place}; this is a bug in dlx, please report it with \
         the command that caused it"
    );
}

fn run(cli: args::Cli) -> anyhow::Result<Found> {
    args::refusals::refuse_output(&cli.output, &cli.command)?;
    if let Some(path) = cli.output.file() {
        output::to_file(path)?;
    }
    // Flags that do not go together, refused before any input is read.
    args::refusals::refuse(&cli.command)?;
    shard::set_command(cli.command.name());
    // `--timeout` counts from the start, and covers reading the input.
    let deadline = cli
        .command
        .solve_flags()
        .and_then(args::SolveFlags::run_deadline);
    input::set_limits(cli.output.max_input(), deadline);
    match cli.command {
        args::Command::Puzzle { args, .. } => puzzles::run(&args),
        args::Command::Tool(args::Tool::Solve(args)) => solve::run(&args),
        args::Command::Tool(args::Tool::Merge(args)) => merge::run(&args),
        args::Command::Tool(args::Tool::Serve(args)) => serve::run(&args),
        args::Command::Tool(args::Tool::Completions(args)) => write_out(|out| {
            use clap_complete::Generator;
            // What `clap_complete::generate` does, but with the write's error returned rather
            // than a panic (a full disk is an error, not a bug).
            let mut command = <args::Cli as clap::CommandFactory>::command();
            command.set_bin_name("dlx");
            command.build();
            args.shell.try_generate(&command, out)
        }),
        args::Command::Tool(args::Tool::Man(_)) => write_out(manual::page),
    }
}

/// Writes what `write` makes to stdout (completions, the manual page).
fn write_out(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> anyhow::Result<Found> {
    use anyhow::Context;
    let mut out = io::BufWriter::new(output::stdout());
    write(&mut out)
        .and_then(|()| out.flush())
        .context(crate::output::write_error())?;
    Ok(Found::Some)
}

/// A closed stdout (`dlx ... | head -1`) ends the program quietly and successfully.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
