//! `dlx merge`: the counts of a problem's shards, added up.

use std::path::Path;

use anyhow::{bail, Context, Result};

use crate::args::MergeArgs;
use crate::Found;

/// One shard's output: which shard of how many, its count, and whether it is exact.
#[derive(Debug, PartialEq, Eq)]
struct ShardCount {
    index: usize,
    count: usize,
    solutions: u128,
    complete: bool,
}

pub fn run(args: &MergeArgs) -> Result<Found> {
    let mut shards = Vec::new();
    for path in &args.files {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("{}: cannot read the file", path.display()))?;
        shards.push(read_shard(path, &text)?);
    }
    let total = merge(&shards)?;
    println!("{total}");
    if shards.iter().any(|shard| !shard.complete) {
        crate::run::note(format_args!(
            "dlx: note: some shard stopped early: the total is a lower bound"
        ));
    }
    Ok(if total > 0 { Found::Some } else { Found::None })
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
    let spec = header.trim().trim_start_matches("shard ").trim();
    let (index, count) = parse_spec(spec)
        .with_context(|| format!("{name}:{}: expected `shard I/N`, found `{header}`", k + 1))?;
    let last = lines.last().expect("a line was found").trim();
    let solutions = last.parse::<u128>().map_err(|_| {
        anyhow::anyhow!("{name}: expected the count on the last line, found `{last}`")
    })?;
    Ok(ShardCount {
        index,
        count,
        solutions,
        complete: true,
    })
}

fn read_json(path: &Path, line: &str) -> Result<ShardCount> {
    let name = path.display();
    let value: serde_json::Value =
        serde_json::from_str(line).with_context(|| format!("{name}: not valid JSON"))?;
    let shard = value
        .get("shard")
        .and_then(|s| s.as_array())
        .and_then(|s| Some((s.first()?.as_u64()?, s.get(1)?.as_u64()?)));
    let Some((index, count)) = shard else {
        bail!("{name}: expected \"shard\":[I,N] in the JSON output of a shard");
    };
    let solutions = match value.get("count") {
        Some(serde_json::Value::Number(n)) => n.to_string().parse::<u128>().ok(),
        Some(serde_json::Value::String(s)) => s.parse::<u128>().ok(),
        _ => None,
    };
    let Some(solutions) = solutions else {
        bail!("{name}: expected \"count\" with a whole number in the JSON output of a shard");
    };
    let (index, count) = (index as usize, count as usize);
    if index >= count {
        bail!("{name}: shard {index}/{count} does not exist");
    }
    Ok(ShardCount {
        index,
        count,
        solutions,
        complete: value
            .get("complete")
            .and_then(|c| c.as_bool())
            .unwrap_or(true),
    })
}

fn parse_spec(spec: &str) -> Option<(usize, usize)> {
    let (i, n) = spec.split_once('/')?;
    let (i, n) = (i.parse().ok()?, n.parse().ok()?);
    (i < n).then_some((i, n))
}

/// The total, if the shards are exactly 0..N of one N.
fn merge(shards: &[ShardCount]) -> Result<u128> {
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
    Ok(shards.iter().map(|s| s.solutions).sum())
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
            (text.index, text.count, text.solutions, text.complete),
            (2, 4, 17, true)
        );
        assert_eq!(
            (json.index, json.count, json.solutions, json.complete),
            (2, 4, 17, false)
        );
        assert!(read_shard(Path::new("c"), "17\n").is_err());
        assert!(read_shard(Path::new("d"), "shard 4/4\n17\n").is_err());
    }

    #[test]
    fn missing_repeated_and_mixed_shards_are_refused() {
        let shard = |index, count, solutions| ShardCount {
            index,
            count,
            solutions,
            complete: true,
        };
        assert_eq!(merge(&[shard(1, 2, 5), shard(0, 2, 7)]).unwrap(), 12);
        assert!(merge(&[shard(0, 2, 5)]).is_err());
        assert!(merge(&[shard(0, 2, 5), shard(0, 2, 5), shard(1, 2, 1)]).is_err());
        assert!(merge(&[shard(0, 2, 5), shard(1, 3, 5)]).is_err());
    }
}
