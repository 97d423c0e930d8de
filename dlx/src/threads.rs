//! The one rule for worker threads and the one pool they run in, below both the parallel
//! search (`parallel`) and the memoized count (`memo`): how many cores the process may use,
//! what a number of threads asked for becomes (0 is one per core; at most 8 per core), and
//! the pools of workers, made once and kept.

use std::sync::{Arc, Mutex, OnceLock};

/// The most threads a run takes per core: beyond it a run only waits for the others.
const PER_CORE: usize = 8;

/// The number of cores this process may use (1 if it cannot be told), asked once: the
/// question reads the process's CPU affinity and cgroup limits, which takes tens of
/// microseconds, as long as a small search.
pub(crate) fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The most threads a run takes: [`PER_CORE`] per core.
pub(crate) fn max_threads() -> usize {
    PER_CORE * cores()
}

/// `threads` as a run keeps it: 0 (one per core, asked only when the workers start: a run of
/// the whole tree starts alone, and most small problems end before the workers would), up
/// to [`PER_CORE`] as asked on any machine, more only below [`max_threads`].
pub(crate) fn asked(threads: usize) -> usize {
    match threads {
        0 => 0,
        1..=PER_CORE => threads,
        _ => threads.min(max_threads()),
    }
}

/// The workers of `threads` as [`asked`] keeps it: 0 is one per core.
pub(crate) fn workers(threads: usize) -> usize {
    match threads {
        0 => cores(),
        n => n,
    }
}

/// The pool of `threads` workers, made on first use and kept for the process: starting the
/// threads cost 70-90 microseconds a search (measured on the sudokus, a millisecond each), so
/// a program that runs many small searches on several threads pays it once.
pub(crate) fn pool(threads: usize) -> Arc<rayon::ThreadPool> {
    static POOLS: Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>> = Mutex::new(Vec::new());
    let mut pools = POOLS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, pool)) = pools.iter().find(|(n, _)| *n == threads) {
        return Arc::clone(pool);
    }
    let pool = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|k| format!("dlx-{k}"))
            .build()
            .expect("a thread pool"),
    );
    pools.push((threads, Arc::clone(&pool)));
    pool
}
