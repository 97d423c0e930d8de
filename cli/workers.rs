//! The worker threads of a run that shares many puzzles or problems out (a file of puzzles
//! one per line, and `dlx solve` of many problems): a pool of `--threads` workers that solve
//! the items a chunk at a time and give their answers back in order ([`in_order`]), and that
//! read a long file's lines.

use anyhow::{Context, Result};
use rayon::prelude::*;

/// A pool of `threads` workers, or none for one thread.
pub fn pool(threads: usize) -> Result<Option<rayon::ThreadPool>> {
    if threads < 2 {
        return Ok(None);
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map(Some)
        .context("cannot start the worker threads")
}

/// `solve` (given each item's index) applied to every item, on `threads` workers, and `take`
/// given the answers in the order of the items, [`CHUNK`] at a time; the first error, in that
/// order, ends the run.
pub fn in_order<T, A>(
    threads: usize,
    items: &[T],
    solve: impl Fn(usize, &T) -> Result<A> + Sync,
    mut take: impl FnMut(A) -> Result<()>,
) -> Result<()>
where
    T: Sync,
    A: Send,
{
    let pool = pool(threads.min(items.len()))?;
    for (chunk_index, chunk) in items.chunks(CHUNK).enumerate() {
        let numbered = chunk
            .iter()
            .enumerate()
            .map(|(k, item)| (chunk_index * CHUNK + k, item));
        let answers: Vec<Result<A>> = match &pool {
            Some(pool) => pool.install(|| {
                numbered
                    .collect::<Vec<_>>()
                    .into_par_iter()
                    .map(|(index, item)| solve(index, item))
                    .collect()
            }),
            None => numbered.map(|(index, item)| solve(index, item)).collect(),
        };
        for answer in answers {
            take(answer?)?;
        }
    }
    Ok(())
}

/// Items solved before their answers are taken.
const CHUNK: usize = 1024;
