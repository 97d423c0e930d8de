//! Readers of flag values: each takes the text of one value and gives the value, or the
//! message clap prints after the flag's name.

/// Option numbers, as `--split` prints them.
#[derive(Clone, Debug)]
pub struct OptionIds(pub Vec<usize>);

/// Pieces named on the command line (`--pieces trominoes`).
#[derive(Clone, Debug)]
pub struct PieceSet(pub Vec<reductions::polyomino::Piece>);

pub fn piece_set(text: &str) -> Result<PieceSet, String> {
    reductions::tile::piece_set(text).map(PieceSet)
}

/// A rectangle, `ROWSxCOLS` with both at least 1.
pub fn rectangle(text: &str) -> Result<(usize, usize), String> {
    const EXPECTED: &str = "expected ROWSxCOLS, two whole numbers from 1 up, like 9x12";
    let (rows, cols) = text
        .split_once(['x', 'X', '*'])
        .ok_or_else(|| EXPECTED.to_owned())?;
    let max = reductions::grid::MAX_CELLS;
    match (rows.trim().parse::<usize>(), cols.trim().parse::<usize>()) {
        (Ok(rows), Ok(cols)) if rows > 0 && cols > 0 => match rows.checked_mul(cols) {
            Some(cells) if cells <= max => Ok((rows, cols)),
            _ => Err(format!("too large: a board has at most {max} cells")),
        },
        _ => Err(EXPECTED.to_owned()),
    }
}

/// Option numbers, separated by blanks or commas.
pub(super) fn option_ids(text: &str) -> Result<OptionIds, String> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|id| !id.is_empty())
        .map(|id| {
            id.parse::<usize>().map_err(|_| {
                format!("expected option numbers (as --split prints them), found `{id}`")
            })
        })
        .collect::<Result<_, _>>()
        .map(OptionIds)
}

/// A time limit: seconds as a positive decimal number (`10`, `0.5`), or a duration with
/// units as people write them (`90s`, `5m`, `1h30m`, `2h 15min`).
pub(super) fn seconds(text: &str) -> Result<std::time::Duration, String> {
    /// About 31,700 years: longer is no limit at all, and says so.
    const LONGEST: f64 = 1e12;
    const EXPECTED: &str =
        "expected a time greater than 0: seconds (10, 0.5) or a duration (90s, 5m, 1h30m)";
    let seconds = match text.trim().parse::<f64>() {
        Ok(s) => s,
        Err(_) => match humantime::parse_duration(text.trim()) {
            Ok(duration) => duration.as_secs_f64(),
            Err(humantime::DurationError::NumberOverflow) => LONGEST,
            Err(_) => return Err(EXPECTED.to_owned()),
        },
    };
    match seconds {
        s if s > 0.0 && s < LONGEST => Ok(std::time::Duration::from_secs_f64(s)),
        s if s >= LONGEST => Err(format!(
            "too large: expected less than {LONGEST:e} seconds (about 31,700 years)"
        )),
        _ => Err(EXPECTED.to_owned()),
    }
}

/// A size in bytes: a whole number, or one followed by K, M, G or T (powers of 1024).
pub(super) fn size(text: &str) -> Result<usize, String> {
    const EXPECTED: &str = "expected a size in bytes, like 512M or 8G (K, M, G, T: powers of 1024)";
    let (digits, shift) = match text.trim().char_indices().last() {
        Some((at, unit)) if unit.is_ascii_alphabetic() => {
            let shift = match unit.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                _ => return Err(EXPECTED.to_owned()),
            };
            (&text.trim()[..at], shift)
        }
        _ => (text.trim(), 0),
    };
    let value: u64 = digits.parse().map_err(|_| EXPECTED.to_owned())?;
    match value
        .checked_mul(1 << shift)
        .and_then(|bytes| usize::try_from(bytes).ok())
    {
        Some(0) => Err("expected a size greater than 0".to_owned()),
        Some(bytes) => Ok(bytes),
        None => Err(format!("too large: expected at most {} bytes", usize::MAX)),
    }
}

/// The most shards (or subshards of one shard) a count takes: every shard enumerates the
/// same 64 prefixes per shard, so the top of the tree of a million shards would hold 64
/// million partial solutions in each.
pub const MAX_SHARDS: usize = 1 << 16;

/// A shard, `I/N` with `0 <= I < N <= MAX_SHARDS`.
pub(super) fn shard(text: &str) -> Result<(usize, usize), String> {
    let parsed = text.split_once('/').and_then(|(i, n)| {
        Some((
            i.trim().parse::<usize>().ok()?,
            n.trim().parse::<usize>().ok()?,
        ))
    });
    match parsed {
        Some((_, n)) if n > MAX_SHARDS => Err(format!(
            "{n} shards: expected at most {MAX_SHARDS} (each shard enumerates 64 prefixes per \
             shard of the whole set; split a slow shard again with --subshard)"
        )),
        Some((i, n)) if i < n => Ok((i, n)),
        Some((i, n)) => Err(format!(
            "shard {i}/{n} does not exist: I must be less than N (shards are numbered from 0)"
        )),
        None => Err("expected I/N, like 0/8 (shard I of N, from 0)".to_owned()),
    }
}

/// A count for a limit: a whole number from 1 up (0 would stop every search before it starts).
pub(super) fn positive(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("expected a whole number from 1 up".to_owned()),
        Ok(n) => Ok(n),
        Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => Err(format!(
            "too large: expected a whole number from 1 to {}",
            u64::MAX
        )),
        Err(err) => Err(format!("expected a whole number from 1 up ({err})")),
    }
}

/// A number of threads: 0 (one per core) up to [`dlx::Solver::max_threads`], 8 per core;
/// more only slow the search down and, by the thousand, exhaust the system.
pub(super) fn threads(text: &str) -> Result<usize, String> {
    // Up to 8 is within the cap (8 per core) on any machine: asking for the number of cores
    // reads the process's affinity and cgroup files, a good part of a small run's start-up.
    if let Ok(n @ 0..=8) = text.parse::<usize>() {
        return Ok(n);
    }
    let max = dlx::Solver::max_threads();
    match text.parse::<usize>() {
        Ok(n) if n <= max => Ok(n),
        Ok(_) => Err(format!(
            "expected at most {max} threads (8 per core on this machine's {} cores)",
            max / 8
        )),
        Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => Err(format!(
            "too large: expected at most {max} threads (8 per core)"
        )),
        Err(err) => Err(format!(
            "expected a whole number, 0 for one per core ({err})"
        )),
    }
}

/// A cell, `R,C` from 0.
pub fn cell(text: &str) -> Result<reductions::grid::Cell, String> {
    text.parse()
        .map_err(|err: reductions::grid::CellError| err.to_string())
}
