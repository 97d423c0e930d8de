//! A memoized count on several threads. Each level is expanded in two parallel steps:
//! workers expand chunks of its signatures into lists of successors (each tagged with its
//! level and a *shard*, a few bits of its hash), then each worker inserts the successors of
//! its own shard into its own tables. No table is ever shared, so no lock is taken, and the
//! count is the same as on one thread: only the order of the signatures within a level
//! differs, never which signatures there are or their counts.
//!
//! For the graph of all solutions the levels are kept: once the pass is done, each level's
//! shards are merged into one table (the levels in parallel), and the completions are
//! computed backwards, the signatures of a level in parallel chunks (each reads only deeper
//! levels, which are done).

use std::time::Instant;

use rayon::prelude::*;

use super::signature::Layout;
use super::table::{hash, Budget, Table};
use super::{
    branch, checkpoint, choose, share, share_all, Forward, Growth, MemoConfig, MemoError,
    MemoStats, SHARE_CUT,
};

/// Signatures a worker expands at a time.
const CHUNK: usize = 1024;

/// Chunks of a level expanded and inserted together, per worker thread.
const BATCH_PER_THREAD: usize = 512;

/// The successors of one chunk: their signatures, where their counts come from (the table
/// and entry of the signature expanded), their level and their shard.
#[derive(Default)]
struct Expansion {
    keys: Vec<u64>,
    sources: Vec<(u32, u32)>,
    levels: Vec<u32>,
    shards: Vec<u32>,
}

impl Expansion {
    fn bytes(&self) -> usize {
        8 * self.keys.capacity()
            + 8 * self.sources.capacity()
            + 4 * self.levels.capacity()
            + 4 * self.shards.capacity()
    }
}

fn shard_of(key: &[u64], shards: usize) -> usize {
    (hash(key) >> 40) as usize & (shards - 1)
}

/// Expands entries `from..to` of table `table` (number `index` of the level's tables).
fn expand(
    layout: &Layout,
    config: &MemoConfig<'_>,
    (index, table): (usize, &Table),
    (from, to): (usize, usize),
    shards: usize,
) -> Result<Expansion, MemoError> {
    let words = layout.words;
    let mut expansion = Expansion::default();
    let mut successors = Vec::new();
    let mut scratch = Vec::new();
    for entry in from..to {
        let state = table.key(entry);
        let Some(item) = choose(layout, config.branching, state) else {
            continue;
        };
        successors.clear();
        branch(layout, item, state, &mut scratch, &mut successors)?;
        for successor in successors.chunks_exact(words) {
            expansion.keys.extend_from_slice(successor);
            expansion.sources.push((index as u32, entry as u32));
            expansion.levels.push(layout.settled(successor) as u32);
            expansion.shards.push(shard_of(successor, shards) as u32);
        }
    }
    Ok(expansion)
}

/// The forward pass on `config.threads` workers: every level if `keep`, else the last one
/// only (whose counts add up to the number of solutions), each as one table.
pub(crate) fn forward(
    layout: &Layout,
    config: &MemoConfig<'_>,
    keep: bool,
    start: Instant,
) -> Result<Forward, MemoError> {
    let pool = crate::threads::pool(config.threads);
    let shards = (2 * config.threads).next_power_of_two();
    let words = layout.words;
    let primary = layout.primary;
    let budget = Budget::new(config.memory_limit);
    let mut stats = MemoStats {
        branching: config.branching,
        ..MemoStats::default()
    };
    // columns[s][level]: shard s of each level, owned by one worker at a time.
    let mut columns: Vec<Vec<Option<Table>>> = (0..shards)
        .map(|_| (0..=primary).map(|_| None).collect())
        .collect();
    let root = vec![0; words];
    let mut table = Table::new(words, 1);
    table.add(&root, &[1], &budget)?;
    columns[shard_of(&root, shards)][0] = Some(table);
    stats.signatures = 1;
    stats.peak_signatures = 1;
    let mut live: u64 = 1;
    // The shards of each level once expanded, when the levels are kept.
    let mut kept: Vec<Vec<Table>> = (0..=primary).map(|_| Vec::new()).collect();
    let mut next_report = config.progress.map(|(every, _)| every);
    let mut uncut = config.shard;
    let mut growth = Growth::default();
    for level in 0..primary {
        let mut current: Vec<Table> = columns
            .iter_mut()
            .filter_map(|column| column[level].take())
            .collect();
        if current.is_empty() {
            continue;
        }
        let signatures: usize = current.iter().map(Table::len).sum();
        if let Some(shard) = uncut.filter(|&(_, count)| signatures >= SHARE_CUT * count) {
            // The cut: this level and the later ones already reached (see SHARE_CUT).
            current = current
                .into_iter()
                .map(|table| share(table, shard, &budget))
                .collect::<Result<_, MemoError>>()?;
            live -= (signatures - current.iter().map(Table::len).sum::<usize>()) as u64;
            for column in columns.iter_mut() {
                share_all(&mut column[level + 1..], shard, &budget, &mut live)?;
            }
            uncut = None;
        }
        let chunks: Vec<(usize, usize, usize)> = current
            .iter()
            .enumerate()
            .flat_map(|(index, table)| {
                (0..table.len())
                    .step_by(CHUNK)
                    .map(move |from| (index, from, (from + CHUNK).min(table.len())))
            })
            .collect();
        // The level's chunks go by batches, each expanded, inserted and freed before the
        // next, its successors' memory held within the budget: a whole level's successors at
        // once went far past the limit on two threads (3.26 GB under a limit of 256 MiB).
        let batch = BATCH_PER_THREAD * config.threads.max(1);
        for chunks in chunks.chunks(batch) {
            // A level can take seconds: the limits are looked at before each of its batches.
            checkpoint(
                config,
                &mut stats,
                &budget,
                (start, &mut next_report),
                level,
                primary,
            )?;
            // A level of one chunk is expanded and inserted on this thread: a deep problem
            // has a few signatures on each of many levels, where the two parallel steps'
            // hand-offs cost more than the work (200,000 levels of one signature each: 9.1 s
            // on two threads, 1.4 s on one).
            let snapshot = stats.clone();
            let expanded = |&(index, from, to): &(usize, usize, usize)| {
                // Each chunk looks at the clock and the flag: a batch holds a million
                // signatures, seconds of work on a wide level.
                if let Some(reason) = config.due(start) {
                    let mut stats = snapshot.clone();
                    stats.elapsed = start.elapsed();
                    stats.peak_bytes = budget.peak();
                    return Err(MemoError::Stopped { reason, stats });
                }
                let expansion =
                    expand(layout, config, (index, &current[index]), (from, to), shards)?;
                budget.grow_by(expansion.bytes())?;
                Ok(expansion)
            };
            let inserted = |(shard, column): (usize, &mut Vec<Option<Table>>),
                            expansions: &[Expansion]| {
                insert(shard, column, expansions, &current, words, &budget)
            };
            let (expansions, added) = if chunks.len() == 1 {
                let expansions = vec![expanded(&chunks[0])?];
                let added = columns
                    .iter_mut()
                    .enumerate()
                    .map(|column| inserted(column, &expansions))
                    .collect::<Result<Vec<u64>, MemoError>>()?;
                (expansions, added)
            } else {
                let expansions: Vec<Expansion> = pool.install(|| {
                    chunks
                        .par_iter()
                        .map(expanded)
                        .collect::<Result<Vec<_>, MemoError>>()
                })?;
                let added = pool.install(|| {
                    columns
                        .par_iter_mut()
                        .enumerate()
                        .map(|column| inserted(column, &expansions))
                        .collect::<Result<Vec<u64>, MemoError>>()
                })?;
                (expansions, added)
            };
            let held: usize = expansions.iter().map(Expansion::bytes).sum();
            budget.release(held);
            let added: u64 = added.iter().sum();
            stats.signatures += added;
            stats.edges += expansions
                .iter()
                .map(|e| e.levels.len() as u64)
                .sum::<u64>();
            live += added;
        }
        stats.peak_signatures = stats.peak_signatures.max(live);
        for table in &current {
            stats.expanded += table.len() as u64;
            stats.hits += table.hits;
        }
        if keep {
            growth.done((level, primary), live, &budget)?;
            kept[level] = current;
        } else {
            for table in current {
                live -= table.len() as u64;
                budget.release(table.bytes());
            }
        }
    }
    kept[primary] = columns
        .iter_mut()
        .filter_map(|column| column[primary].take())
        .collect();
    for done in &kept[primary] {
        stats.hits += done.hits;
    }
    let levels: Vec<Option<Table>> = pool.install(|| {
        kept.into_par_iter()
            .map(|shards| merge(shards, &budget))
            .collect::<Result<_, MemoError>>()
    })?;
    stats.elapsed = start.elapsed();
    stats.peak_bytes = budget.peak();
    Ok(Forward {
        levels,
        stats,
        budget,
        uncut,
    })
}

/// Inserts into `column` (shard number `shard` of every level) the successors of
/// `expansions` that fall in that shard, each with the count of the signature of `current`
/// it came from; returns how many signatures were new.
fn insert(
    shard: usize,
    column: &mut [Option<Table>],
    expansions: &[Expansion],
    current: &[Table],
    words: usize,
    budget: &Budget,
) -> Result<u64, MemoError> {
    let mut added = 0;
    for expansion in expansions {
        for (k, &target) in expansion.shards.iter().enumerate() {
            if target as usize != shard {
                continue;
            }
            let (index, entry) = expansion.sources[k];
            let count = current[index as usize].count(entry as usize);
            let key = &expansion.keys[k * words..(k + 1) * words];
            let table =
                column[expansion.levels[k] as usize].get_or_insert_with(|| Table::new(words, 1));
            let before = table.len();
            table.add(key, count, budget)?;
            added += (table.len() > before) as u64;
        }
    }
    Ok(added)
}

/// One table of the signatures of `shards` (each in one of them), or none if there are none.
fn merge(shards: Vec<Table>, budget: &Budget) -> Result<Option<Table>, MemoError> {
    let mut shards = shards.into_iter();
    let Some(mut merged) = shards.next() else {
        return Ok(None);
    };
    for shard in shards {
        for entry in 0..shard.len() {
            merged.add(shard.key(entry), shard.count(entry), budget)?;
        }
        budget.release(shard.bytes());
    }
    Ok(Some(merged))
}
