//! SIGINT and SIGTERM while a search runs (Ctrl-C, `kill`, a batch system cancelling a
//! job): the first stops the search, which then prints what it found as a search stopped by
//! a limit does (a shard's record says it is incomplete), and the process exits with 128
//! plus the signal's number; a second ends the process at once. Before a search starts, the
//! signals keep their default, which ends the process.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use signal_hook::consts::{SIGINT, SIGTERM};

/// The flag the handlers set, once they are installed.
static CANCEL: OnceLock<Option<Arc<AtomicBool>>> = OnceLock::new();

/// The signal that arrived first, or 0.
static RECEIVED: OnceLock<Arc<AtomicUsize>> = OnceLock::new();

/// A flag that SIGINT and SIGTERM set, for [`dlx::Solver::cancel_on`]; the handlers are
/// installed on the first call. `None` where they cannot be.
pub fn cancel_flag() -> Option<Arc<AtomicBool>> {
    CANCEL
        .get_or_init(|| {
            let flag = Arc::new(AtomicBool::new(false));
            let received = RECEIVED.get_or_init(|| Arc::new(AtomicUsize::new(0)));
            for signal in [SIGINT, SIGTERM] {
                // The conditional exit first: on a second signal the flag is already set.
                let installed = signal_hook::flag::register_conditional_shutdown(
                    signal,
                    128 + signal,
                    Arc::clone(&flag),
                )
                .and_then(|_| {
                    signal_hook::flag::register_usize(signal, Arc::clone(received), signal as usize)
                })
                .and_then(|_| signal_hook::flag::register(signal, Arc::clone(&flag)));
                installed.ok()?;
            }
            Some(flag)
        })
        .clone()
}

/// The signal that stopped the search, if one did.
pub fn received() -> Option<i32> {
    let signal = RECEIVED.get()?.load(Ordering::Relaxed);
    (signal != 0).then_some(signal as i32)
}

/// `SIGINT` or `SIGTERM`.
pub fn name(signal: i32) -> &'static str {
    match signal {
        SIGINT => "SIGINT",
        SIGTERM => "SIGTERM",
        _ => "a signal",
    }
}

/// Why a search stopped, in words: an interruption names its signal.
pub fn stop_reason(reason: dlx::StopReason) -> String {
    match (reason, received()) {
        (dlx::StopReason::Cancelled, Some(signal)) => {
            format!("interrupted by {}", name(signal))
        }
        _ => reason.to_string(),
    }
}
