//! The worker threads of a run that shares many puzzles or problems out (a file of puzzles
//! one per line, and `dlx solve` of many problems): `--threads` threads, this one among them,
//! that solve the items a small chunk at a time while this one also takes their answers in
//! order ([`in_order`]).
//!
//! The answers stream: a thread that ends a chunk starts the next one at once, whether or
//! not the answers before it have been taken, within a window of chunks ahead of the next
//! answer to take. No barrier ends a wave of chunks (a worker would wait there while this
//! thread writes), and no thread only takes answers (it would wake at every chunk and take
//! a worker's processor from it).

use std::collections::VecDeque;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use anyhow::Result;

/// `solve` (given each item's index, and a buffer to append the item's text to) applied to
/// every item, on `threads` threads (this one and `threads - 1` more), and `take` given the
/// answers and their texts on this thread in the order of the items; the first error, in
/// that order, ends the run (and the text of that item is dropped). The answers solved and
/// not yet taken are bounded: [`WINDOW`] chunks a thread.
///
/// A chunk's texts share one buffer: the thread that takes them frees it, one block a chunk
/// instead of one a text (memory freed on another thread than the one that took it costs the
/// allocator more than both did on one, and took a run of many small puzzles 4% longer).
pub fn in_order<T, A>(
    threads: usize,
    items: &[T],
    solve: impl Fn(usize, &T, &mut Vec<u8>) -> Result<A> + Sync,
    mut take: impl FnMut(A, &[u8]) -> Result<()>,
) -> Result<()>
where
    T: Sync,
    A: Send,
{
    let threads = threads.min(items.len());
    if threads < 2 {
        let mut text = Vec::new();
        for (index, item) in items.iter().enumerate() {
            text.clear();
            let answer = solve(index, item, &mut text)?;
            take(answer, &text)?;
        }
        return Ok(());
    }
    let size = chunk_size(items.len(), threads);
    let chunks: Vec<&[T]> = items.chunks(size).collect();
    let shared = Shared {
        next: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        window: WINDOW * threads,
        state: Mutex::new(State {
            taken: 0,
            ahead: VecDeque::new(),
        }),
        changed: Condvar::new(),
    };
    // A chunk's answers, or the panic that ended it.
    let solve_chunk = |chunk: usize| -> Solved<A> {
        panic::catch_unwind(AssertUnwindSafe(|| {
            let mut answers = Vec::with_capacity(chunks[chunk].len());
            let mut text = Vec::new();
            for (k, item) in chunks[chunk].iter().enumerate() {
                if shared.stop.load(Ordering::Relaxed) {
                    break;
                }
                let start = text.len();
                let answer = solve(chunk * size + k, item, &mut text);
                if answer.is_err() {
                    text.truncate(start);
                }
                answers.push((answer, text.len()));
            }
            Chunk { answers, text }
        }))
    };
    // The processor this thread runs on, which the workers leave to it (see `step_aside`).
    let here = processor();
    let started = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let mut spawned = 0;
        for _ in 1..threads {
            let worker = std::thread::Builder::new().spawn_scoped(scope, || {
                step_aside(here);
                started.fetch_add(1, Ordering::Release);
                while let Some(chunk) = shared.claim(chunks.len(), true) {
                    shared.put(chunk, solve_chunk(chunk));
                }
            });
            // Fewer threads than asked for is no reason to fail: this one works too.
            spawned += usize::from(worker.is_ok());
        }
        // This thread's processor for the workers queued on it, until they have stepped
        // aside (a few microseconds each), for a bounded time: on a busy machine a yield
        // may give the processor to another process for a whole time slice.
        let until = Instant::now() + MOST_YIELDING;
        while here.is_some() && started.load(Ordering::Acquire) < spawned && Instant::now() < until
        {
            std::thread::yield_now();
        }
        // However this thread leaves (an error, a panic in `take`), the workers then stop
        // rather than wait for it to take their answers.
        let _stop = StopOnDrop(&shared);
        for next in 0..chunks.len() {
            let answers = loop {
                if let Some(answers) = shared.ready(next) {
                    break answers;
                }
                // This thread solves a chunk itself while the next to take is not ready,
                // and waits for it when there is none to claim.
                match shared.claim(chunks.len(), false) {
                    Some(chunk) => shared.put(chunk, solve_chunk(chunk)),
                    None => shared.wait_for(next),
                }
            };
            let chunk = answers.unwrap_or_else(|payload| panic::resume_unwind(payload));
            let mut start = 0;
            for (answer, end) in chunk.answers {
                take(answer?, &chunk.text[start..end])?;
                start = end;
            }
        }
        Ok(())
    })
}

/// The processor this thread runs on, where it can tell.
fn processor() -> Option<usize> {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `sched_getcpu` takes nothing and returns a number.
    #[allow(unsafe_code)]
    return usize::try_from(unsafe { libc::sched_getcpu() }).ok();
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    None
}

/// Moves a worker that runs on `processor` (the processor of the thread that started it)
/// to another it may run on, then lets it run on any again.
///
/// Linux may queue a new thread on the processor of the thread that started it, and move
/// one of them only when it next balances its processors' loads: on a virtual machine of two
/// processors, a worker first ran 0.05 ms after it was started half the time, and 2 to 4 ms
/// after it, on the same processor as the thread that started it, the other half (a run of
/// 10,000 easy sudokus takes some 15 ms on two threads). A worker that steps aside as soon
/// as it runs, the thread that started it yielding its processor until it has, ran within
/// 0.13 ms every time, on the other processor.
fn step_aside(processor: Option<usize>) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `sched_getcpu`, `sched_getaffinity` and `sched_setaffinity` read or write only
    // the processor set passed, of the size passed; pid 0 is this thread.
    #[allow(unsafe_code)]
    unsafe {
        let Some(processor) = processor.filter(|&p| Some(p) == self::processor()) else {
            return;
        };
        let size = std::mem::size_of::<libc::cpu_set_t>();
        let mut allowed: libc::cpu_set_t = std::mem::zeroed();
        // More processors than the set holds: no step.
        if processor >= libc::CPU_SETSIZE as usize
            || libc::sched_getaffinity(0, size, &mut allowed) != 0
        {
            return;
        }
        let mut elsewhere = allowed;
        libc::CPU_CLR(processor, &mut elsewhere);
        if libc::CPU_COUNT(&elsewhere) > 0 && libc::sched_setaffinity(0, size, &elsewhere) == 0 {
            libc::sched_setaffinity(0, size, &allowed);
        }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    let _ = processor;
}

/// How long the thread that starts the workers yields its processor to them at most.
const MOST_YIELDING: Duration = Duration::from_millis(1);

/// Stops the workers of [`in_order`] when dropped.
struct StopOnDrop<'a, A>(&'a Shared<A>);

impl<A> Drop for StopOnDrop<'_, A> {
    fn drop(&mut self) {
        self.0.stop.store(true, Ordering::Relaxed);
        // Under the lock, so that no worker misses it between its check and its wait.
        drop(self.0.state.lock());
        self.0.changed.notify_all();
    }
}

/// A chunk's answers, or the payload of the panic that ended it.
type Solved<A> = std::thread::Result<Chunk<A>>;

/// The answers of a chunk's items, each with the end of its text in `text`.
struct Chunk<A> {
    answers: Vec<(Result<A>, usize)>,
    text: Vec<u8>,
}

/// What the threads of [`in_order`] share.
struct Shared<A> {
    /// The next chunk to claim.
    next: AtomicUsize,
    /// Set when the run ends early (an error taken): the chunks in flight then stop.
    stop: AtomicBool,
    /// How far past the next chunk to take a worker may claim one.
    window: usize,
    state: Mutex<State<A>>,
    /// Signalled when a chunk is put or taken.
    changed: Condvar,
}

/// The chunks solved and not yet taken.
struct State<A> {
    /// The chunks taken so far: the next to take.
    taken: usize,
    /// The chunks from the next to take on, each once solved.
    ahead: VecDeque<Option<Solved<A>>>,
}

impl<A> Shared<A> {
    /// A chunk to solve, of `total`; none once all are claimed or the run stops. A worker
    /// (`wait`) waits while the chunk is past the window; this thread does not.
    fn claim(&self, total: usize, wait: bool) -> Option<usize> {
        let mut chunk = self.next.load(Ordering::Relaxed);
        loop {
            if chunk >= total || self.stop.load(Ordering::Relaxed) {
                return None;
            }
            let state = self
                .state
                .lock()
                .expect("no thread panics holding the lock");
            // Read again under the lock, which the thread that stops the run takes too.
            if self.stop.load(Ordering::Relaxed) {
                return None;
            }
            if chunk >= state.taken + self.window {
                if !wait {
                    return None;
                }
                drop(
                    self.changed
                        .wait(state)
                        .expect("no thread panics holding the lock"),
                );
                chunk = self.next.load(Ordering::Relaxed);
                continue;
            }
            drop(state);
            match self.next.compare_exchange_weak(
                chunk,
                chunk + 1,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Some(chunk),
                Err(now) => chunk = now,
            }
        }
    }

    /// Keeps a chunk's answers until they are taken.
    fn put(&self, chunk: usize, solved: Solved<A>) {
        let mut state = self
            .state
            .lock()
            .expect("no thread panics holding the lock");
        let at = chunk - state.taken;
        if state.ahead.len() <= at {
            state.ahead.resize_with(at + 1, || None);
        }
        state.ahead[at] = Some(solved);
        drop(state);
        self.changed.notify_all();
    }

    /// The answers of chunk `next` (the next to take), if solved: taken, which lets the
    /// workers claim one more.
    fn ready(&self, next: usize) -> Option<Solved<A>> {
        let mut state = self
            .state
            .lock()
            .expect("no thread panics holding the lock");
        debug_assert_eq!(state.taken, next);
        state.ahead.front()?.as_ref()?;
        let solved = state.ahead.pop_front().flatten();
        state.taken += 1;
        drop(state);
        self.changed.notify_all();
        solved
    }

    /// Waits until chunk `next` is solved.
    fn wait_for(&self, next: usize) {
        let state = self
            .state
            .lock()
            .expect("no thread panics holding the lock");
        let solved = |state: &mut State<A>| {
            state.taken > next || state.ahead.front().is_some_and(Option::is_some)
        };
        drop(
            self.changed
                .wait_while(state, |state| !solved(state))
                .expect("no thread panics holding the lock"),
        );
    }
}

/// The items a thread solves in one go: a few dozen of many small ones (their answers are
/// handed over a chunk at a time), one at a time of a few large ones (so that no thread is
/// left with a long tail of them).
fn chunk_size(items: usize, threads: usize) -> usize {
    (items / (threads * 64)).clamp(1, 64)
}

/// Chunks a thread may solve ahead of the next answer to take.
const WINDOW: usize = 4;

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::sync::atomic::AtomicUsize;

    /// The answers `in_order` hands over, and the error that ended it.
    fn taken(threads: usize, items: usize, fail_at: Option<usize>) -> (Vec<usize>, Option<String>) {
        let numbers: Vec<usize> = (0..items).map(|k| k * 7).collect();
        let mut answers = Vec::new();
        let run = in_order(
            threads,
            &numbers,
            |index, &number, text| {
                write!(text, "text of {index}")?;
                match fail_at == Some(index) {
                    true => anyhow::bail!("item {index}"),
                    false => Ok((index, number + 1)),
                }
            },
            |(index, answer), text| {
                assert_eq!(answer, index * 7 + 1, "the answer of its own item");
                assert_eq!(text, format!("text of {index}").as_bytes(), "its own text");
                answers.push(index);
                Ok(())
            },
        );
        (answers, run.err().map(|err| err.to_string()))
    }

    #[test]
    fn answers_come_in_the_items_order_on_any_number_of_threads() {
        for threads in 1..=5 {
            for items in [0, 1, 2, 3, 63, 64, 65, 1000, 5000] {
                let (answers, error) = taken(threads, items, None);
                assert_eq!(answers, (0..items).collect::<Vec<_>>(), "{threads} threads");
                assert_eq!(error, None);
            }
        }
    }

    #[test]
    fn the_first_error_in_order_ends_the_run_after_the_answers_before_it() {
        for threads in 1..=4 {
            for fail_at in [0, 1, 500, 4999] {
                let (answers, error) = taken(threads, 5000, Some(fail_at));
                assert_eq!(
                    answers,
                    (0..fail_at).collect::<Vec<_>>(),
                    "{threads} threads"
                );
                assert_eq!(error.as_deref(), Some(format!("item {fail_at}").as_str()));
            }
        }
    }

    #[test]
    fn a_panic_on_a_worker_reaches_the_caller() {
        for threads in 2..=3 {
            let items: Vec<usize> = (0..2000).collect();
            let run = panic::catch_unwind(|| {
                in_order(
                    threads,
                    &items,
                    |index, _, _| match index {
                        1234 => panic!("solving item {index}"),
                        _ => Ok(index),
                    },
                    |_, _| Ok(()),
                )
            });
            let payload = run.expect_err("the panic is passed on");
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .unwrap_or_default();
            assert_eq!(message, "solving item 1234");
        }
    }

    #[test]
    fn the_answers_not_yet_taken_stay_within_the_window() {
        let threads = 3;
        let items: Vec<usize> = (0..20_000).collect();
        let size = chunk_size(items.len(), threads);
        let solved = AtomicUsize::new(0);
        let mut taken = 0;
        let mut most_ahead = 0;
        in_order(
            threads,
            &items,
            |_, _, _| Ok(solved.fetch_add(1, Ordering::Relaxed)),
            |_, _| {
                taken += 1;
                most_ahead = most_ahead.max(solved.load(Ordering::Relaxed) - taken);
                if taken % 1000 == 0 {
                    // A slow reader: the workers must wait rather than run on.
                    std::thread::sleep(std::time::Duration::from_millis(5));
                }
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(taken, items.len());
        assert!(
            most_ahead <= (WINDOW * threads + 1) * size,
            "{most_ahead} answers ahead of the reader, chunks of {size}"
        );
        assert!(most_ahead >= size, "the workers ran ahead at all");
    }
}
