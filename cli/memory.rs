//! The memory a search may take: its tables checked against the machine before any is built
//! (the allocator's failure halfway would abort the process), and a worker that could not get
//! its copy turned into an error.

use anyhow::{bail, Result};
use dlx::{Outcome, Solver, StopReason};

use crate::args::SolveFlags;

/// Refuses (exit status 2) a search whose tables this machine cannot hold, before any is
/// built: the allocator's failure halfway would abort the process. The tables' size is
/// [`Solver::table_bytes`]; it must be less than the machine's memory, and the system must
/// grant it (a trial reservation, which an address-space limit such as `ulimit -v` refuses).
pub fn check_memory(solver: &Solver, flags: &SolveFlags) -> Result<()> {
    // A small table is built unchecked, whatever the threads: the workers' copies are made
    // only for a search that outlasts its first millisecond, and a copy the system refuses
    // ends the run with an error, not an abort. This spares a small run the look at the
    // system that counting the cores of `--threads 0` takes.
    if solver.clone().threads(1).table_bytes() < SMALL_WORKER_TABLE {
        return Ok(());
    }
    let needed = solver.table_bytes();
    // Small tables are not worth the look at /proc (a tenth of a small run's start-up).
    if needed < SMALL_TABLES {
        return Ok(());
    }
    let total = total_memory();
    let granted = usize::try_from(needed)
        .is_ok_and(|bytes| Vec::<u8>::new().try_reserve_exact(bytes).is_ok());
    if granted && total.is_none_or(|total| needed <= total) {
        return Ok(());
    }
    let mib = |bytes: u64| bytes.div_ceil(1 << 20);
    let machine = match total {
        Some(total) if needed > total => format!("more than this machine's {} MiB", mib(total)),
        _ => "more than the system grants this process".to_owned(),
    };
    let threads = if flags.sequential() {
        ""
    } else {
        " (one table per worker thread: try --threads 1)"
    };
    bail!(
        "not enough memory: the search's tables need {} MiB{threads}, {machine}",
        mib(needed)
    )
}

/// A search a worker of which could not get its table's memory is an error (exit status 2),
/// not a lower bound: the other limits are the user's, this one is not.
pub fn refuse_out_of_memory(outcome: &Outcome) -> Result<()> {
    if outcome.stopped == Some(StopReason::OutOfMemory) {
        bail!(
            "not enough memory: {} after {} solutions; try fewer --threads",
            StopReason::OutOfMemory,
            outcome.solutions
        );
    }
    Ok(())
}

/// Tables below this size are not checked by [`check_memory`]: 64 MiB.
pub const SMALL_TABLES: u64 = 64 << 20;

/// A search whose table for one worker is below this size is not checked by
/// [`check_memory`], however many workers it has: 1 MiB.
const SMALL_WORKER_TABLE: u64 = 1 << 20;

/// The machine's memory in bytes (`MemTotal` of /proc/meminfo), where it can be read.
fn total_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|line| line.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}
