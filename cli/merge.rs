//! `dlx merge`: the counts of a problem's shards, added up exactly (as integers of any size),
//! and only when every shard is there once and explored its whole subtree.

use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

use anyhow::{bail, Context, Result};
use num_bigint::BigUint;
use reductions::text::shown;
use serde_json::value::RawValue;

use crate::args::MergeArgs;
use crate::memo::MEMO_SHARD;
use crate::run::INCOMPLETE;
use crate::Found;

/// One shard's output: which shard of how many, its count, and whether it is exact (or, for a
/// shard stopped early, why not).
#[derive(Debug, PartialEq, Eq)]
struct ShardCount {
    index: usize,
    count: usize,
    solutions: BigUint,
    stopped: Option<String>,
    /// Counted by memoization (`--memo`), whose shares differ from the search's.
    memo: bool,
}

pub fn run(args: &MergeArgs) -> Result<Found> {
    let mut shards = Vec::new();
    for path in &args.files {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("{}: cannot read the file", path.display()))?;
        shards.push((path, read_shard(path, &text)?));
    }
    if let Some((path, shard)) = shards.iter().find(|(_, shard)| shard.stopped.is_some()) {
        let reason = shard.stopped.as_deref().unwrap_or_default();
        let others = shards.iter().filter(|(_, s)| s.stopped.is_some()).count() - 1;
        let others = match others {
            0 => String::new(),
            1 => " (and 1 other shard)".to_owned(),
            n => format!(" (and {n} other shards)"),
        };
        bail!(
            "{}: shard {}/{} stopped early ({reason}){others}: its count, {}, is only a lower \
             bound, so no total is exact; run it again without the limit",
            path.display(),
            shard.index,
            shard.count,
            shard.solutions
        );
    }
    let shards: Vec<ShardCount> = shards.into_iter().map(|(_, shard)| shard).collect();
    let total = merge(&shards)?;
    let mut out = crate::output::stdout();
    writeln!(out, "{total}")
        .and_then(|()| out.flush())
        .context(crate::WRITE_ERROR)?;
    Ok(if total > BigUint::ZERO {
        Found::Some
    } else {
        Found::None
    })
}

/// Reads `shard I/N` and the count on the last line, or the JSON object of `--format json`.
fn read_shard(path: &Path, text: &str) -> Result<ShardCount> {
    let name = path.display();
    let lines: Vec<&str> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    if let [line] = lines[..] {
        if line.trim_start().starts_with('{') {
            return read_json(path, line);
        }
    }
    let Some((k, header)) = lines
        .iter()
        .enumerate()
        .find(|(_, line)| line.trim_start().starts_with("shard "))
    else {
        bail!("{name}: expected a line `shard I/N` (the output of `dlx ... --count --shard I/N`), found none");
    };
    let rest = header.trim().trim_start_matches("shard ").trim();
    let (spec, stopped, memo) = match rest.split_once(' ') {
        Some((spec, marker)) if marker.trim() == MEMO_SHARD => (spec, None, true),
        Some((spec, marker)) => {
            let Some(reason) = marker.trim().strip_prefix(INCOMPLETE) else {
                bail!(
                    "{name}:{}: expected `shard I/N`, or `shard I/N {INCOMPLETE}: REASON`, found \
                     `{}`",
                    k + 1,
                    shown(header)
                );
            };
            let reason = reason.trim_start_matches(':').trim();
            (spec, Some(reason.to_owned()), false)
        }
        None => (rest, None, false),
    };
    let (index, count) = parse_spec(spec).with_context(|| {
        format!(
            "{name}:{}: expected `shard I/N`, found `{}`",
            k + 1,
            shown(header)
        )
    })?;
    let last = lines.last().expect("a line was found").trim();
    let solutions = parse_count(last).ok_or_else(|| {
        anyhow::anyhow!(
            "{name}: expected the count on the last line, found `{}`",
            shown(last)
        )
    })?;
    Ok(ShardCount {
        index,
        count,
        solutions,
        stopped,
        memo,
    })
}

/// Reads the JSON object of `--count --format json --shard I/N`: `"count"` is read as written
/// (a JSON number of any size, or a string of digits), not through a float.
fn read_json(path: &Path, line: &str) -> Result<ShardCount> {
    let name = path.display();
    let fields: HashMap<String, Box<RawValue>> =
        serde_json::from_str(line).with_context(|| format!("{name}: not valid JSON"))?;
    let field = |key: &str| fields.get(key).map(|raw| raw.get());
    let shard = field("shard").and_then(|raw| serde_json::from_str::<(u64, u64)>(raw).ok());
    let Some((index, count)) = shard else {
        bail!("{name}: expected \"shard\":[I,N] in the JSON output of a shard");
    };
    let solutions = field("count").and_then(|raw| parse_count(raw.trim_matches('"')));
    let Some(solutions) = solutions else {
        bail!("{name}: expected \"count\" with a whole number in the JSON output of a shard");
    };
    let (index, count) = (index as usize, count as usize);
    if index >= count {
        bail!("{name}: shard {index}/{count} does not exist");
    }
    let complete = match field("complete") {
        None => true,
        Some(raw) => serde_json::from_str::<bool>(raw)
            .with_context(|| format!("{name}: expected \"complete\" to be true or false"))?,
    };
    let stopped = match field("stopped") {
        Some(raw) if !complete => serde_json::from_str::<String>(raw).ok(),
        _ => None,
    };
    let memo = match field("method") {
        None => false,
        Some(raw) => match serde_json::from_str::<String>(raw) {
            Ok(method) if method == MEMO_SHARD => true,
            _ => bail!("{name}: expected \"method\":\"{MEMO_SHARD}\" or no method, found {raw}"),
        },
    };
    Ok(ShardCount {
        index,
        count,
        solutions,
        stopped: (!complete).then(|| stopped.unwrap_or_else(|| "not complete".to_owned())),
        memo,
    })
}

/// A count: decimal digits, of any length.
fn parse_count(text: &str) -> Option<BigUint> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    BigUint::parse_bytes(text.as_bytes(), 10)
}

fn parse_spec(spec: &str) -> Option<(usize, usize)> {
    let (i, n) = spec.split_once('/')?;
    let (i, n) = (i.parse().ok()?, n.parse().ok()?);
    (i < n).then_some((i, n))
}

/// The total, if the shards are exactly 0..N of one N.
fn merge(shards: &[ShardCount]) -> Result<BigUint> {
    let n = shards[0].count;
    if let Some(other) = shards.iter().find(|s| s.count != n) {
        bail!(
            "the shards are of different splits: {}/{} and {}/{}",
            shards[0].index,
            n,
            other.index,
            other.count
        );
    }
    if let Some(other) = shards.iter().find(|s| s.memo != shards[0].memo) {
        let (memo, search) = if other.memo {
            (other, &shards[0])
        } else {
            (&shards[0], other)
        };
        bail!(
            "shard {}/{n} was counted by memoization (--memo) and shard {}/{n} by the search: \
             their shares of the problem differ, so they do not add up; count every shard the \
             same way",
            memo.index,
            search.index
        );
    }
    // N comes from the files, so nothing is allocated or walked per shard of N: the indices
    // given are sorted, and the gaps between them are the missing shards.
    let mut indices: Vec<usize> = shards.iter().map(|s| s.index).collect();
    indices.sort_unstable();
    if let Some(pair) = indices.windows(2).find(|pair| pair[0] == pair[1]) {
        bail!("shard {}/{n} is given twice", pair[0]);
    }
    if indices.len() < n {
        const SHOWN: usize = 10;
        let mut missing = Vec::new();
        let mut next = 0;
        for &index in indices.iter().chain(std::iter::once(&n)) {
            while next < index && missing.len() < SHOWN {
                missing.push(format!("{next}/{n}"));
                next += 1;
            }
            if index == n || missing.len() == SHOWN {
                break;
            }
            next = index + 1;
        }
        let total = n - indices.len();
        let more = if total > missing.len() {
            format!(" and {} more", total - missing.len())
        } else {
            String::new()
        };
        bail!(
            "missing shard{}: {}{more}",
            if total == 1 { "" } else { "s" },
            missing.join(", ")
        );
    }
    Ok(shards.iter().map(|s| &s.solutions).sum())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_outputs_are_read_in_both_formats() {
        let text = read_shard(Path::new("a"), "shard 2/4\n17\n").unwrap();
        let json = read_shard(
            Path::new("b"),
            "{\"count\":17,\"complete\":false,\"shard\":[2,4]}\n",
        )
        .unwrap();
        assert_eq!(
            (text.index, text.count, text.solutions, text.stopped),
            (2, 4, BigUint::from(17u8), None)
        );
        assert_eq!(
            (
                json.index,
                json.count,
                json.solutions,
                json.stopped.is_some()
            ),
            (2, 4, BigUint::from(17u8), true)
        );
        let stopped = read_shard(
            Path::new("e"),
            "shard 1/2 incomplete: the time limit ran out\n997892\n",
        )
        .unwrap();
        assert_eq!(stopped.stopped.as_deref(), Some("the time limit ran out"));
        assert!(read_shard(Path::new("f"), "shard 1/2 done\n5\n").is_err());
        assert!(read_shard(Path::new("c"), "17\n").is_err());
        assert!(read_shard(Path::new("d"), "shard 4/4\n17\n").is_err());
    }

    #[test]
    fn missing_repeated_and_mixed_shards_are_refused() {
        let shard = |index, count, solutions: u32| ShardCount {
            index,
            count,
            solutions: solutions.into(),
            stopped: None,
            memo: false,
        };
        assert_eq!(
            merge(&[shard(1, 2, 5), shard(0, 2, 7)]).unwrap(),
            12u8.into()
        );
        let memo = |index, solutions| ShardCount {
            memo: true,
            ..shard(index, 2, solutions)
        };
        assert_eq!(merge(&[memo(1, 5), memo(0, 7)]).unwrap(), 12u8.into());
        assert!(merge(&[memo(1, 5), shard(0, 2, 7)]).is_err());
        assert!(merge(&[shard(1, 2, 5), memo(0, 7)]).is_err());
        let read = read_shard(Path::new("m"), "shard 1/2 memo\n7\n").unwrap();
        assert!(read.memo && read.index == 1 && read.solutions == 7u8.into());
        let json = r#"{"count":7,"complete":true,"shard":[1,2],"method":"memo"}"#;
        assert!(read_shard(Path::new("j"), json).unwrap().memo);
        let unknown = r#"{"count":7,"complete":true,"shard":[1,2],"method":"guess"}"#;
        assert!(read_shard(Path::new("u"), unknown).is_err());
        assert!(merge(&[shard(0, 2, 5)]).is_err());
        assert!(merge(&[shard(0, 2, 5), shard(0, 2, 5), shard(1, 2, 1)]).is_err());
        assert!(merge(&[shard(0, 2, 5), shard(1, 3, 5)]).is_err());
    }

    /// Counts add up exactly past 128 bits, in text and in JSON (where a float would round
    /// them).
    #[test]
    fn big_counts_add_up_exactly() {
        let big = u128::MAX.to_string();
        let shards = [
            read_shard(Path::new("a"), "shard 0/3\n1\n").unwrap(),
            read_shard(Path::new("b"), &format!("shard 1/3\n{big}\n")).unwrap(),
            read_shard(
                Path::new("c"),
                &format!("{{\"count\":{big},\"complete\":true,\"shard\":[2,3]}}"),
            )
            .unwrap(),
        ];
        let total = merge(&shards).unwrap();
        assert_eq!(total.to_string(), "680564733841876926926749214863536422911");
        assert_eq!(total, BigUint::from(u128::MAX) * 2u8 + 1u8);
    }
}
