//! `dlx merge`: the counts of a problem's shards, added up exactly (as integers of any size),
//! and only when the records are of one count (see `shard.rs`) and cover every shard once,
//! each with its whole share explored. A shard may be covered by its own record or by the
//! records of all its subshards (`--subshard`). `--status` says what is done, missing,
//! incomplete or foreign, without adding.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use num_bigint::BigUint;

use crate::args::MergeArgs;
use crate::process::{note, Found};
use crate::shard::{unit_name, Read, Record};

/// At most this many files or shards named on one line of a message.
const SHOWN: usize = 10;

pub fn run(args: &MergeArgs) -> Result<Found> {
    let expected = Expected {
        problem: args.expect.as_deref().map(expected_digest).transpose()?,
        shards: args.shards,
    };
    if args
        .files
        .iter()
        .filter(|path| *path == Path::new("-"))
        .count()
        > 1
    {
        bail!("-: standard input given twice");
    }
    let mut files = Vec::with_capacity(args.files.len());
    for path in &args.files {
        if path == Path::new("-") {
            let (_, text) = crate::input::read_input(None)?;
            files.push((path.clone(), crate::shard::read(&text)));
            continue;
        }
        if path.is_dir() {
            bail!(
                "{}: is a folder: give the records in it (`{}/*.out`)",
                named(path),
                named(path)
            );
        }
        crate::output::refuse_if_output(path, &named(path))?;
        let name = named(path);
        let file =
            std::fs::File::open(path).with_context(|| format!("{name}: cannot read the file"))?;
        let bytes = crate::input::read_bytes(&name, file, false)?;
        let read = match String::from_utf8(bytes) {
            Ok(text) => crate::shard::read(&text),
            Err(_) => Read::NotARecord("not UTF-8 text".to_owned()),
        };
        files.push((path.clone(), read));
    }
    let set = Set::of(files, &expected);
    if args.status {
        let mut out = crate::output::stdout();
        out.write_all(set.status().as_bytes())
            .and_then(|()| out.flush())
            .context(crate::output::write_error())?;
        return Ok(if set.is_whole() {
            Found::Some
        } else {
            Found::None
        });
    }
    let total = set.total()?;
    for path in &set.empty {
        note(format_args!(
            "dlx: note: {}: empty (a shard stopped before it wrote), skipped",
            named(path)
        ));
    }
    if !set.superseded.is_empty() {
        note(format_args!(
            "dlx: note: {} incomplete record{} of shards done by other records, not added: {}",
            set.superseded.len(),
            plural(set.superseded.len()),
            shown(set.superseded.iter().map(|&k| named(&set.records[k].0)))
        ));
    }
    let mut out = crate::output::stdout();
    writeln!(out, "{total}")
        .and_then(|()| out.flush())
        .context(crate::output::write_error())?;
    Ok(if total > BigUint::ZERO {
        Found::Some
    } else {
        Found::None
    })
}

/// The digest of the problem `--expect` names: `sha256:` and 64 hex digits as given, else
/// the digest of the DLX file of that name, as a shard's record writes it.
fn expected_digest(expect: &str) -> Result<String> {
    if let Some(hex) = expect.strip_prefix("sha256:") {
        if hex.len() != 64 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            bail!("--expect {expect}: expected sha256: and 64 hexadecimal digits");
        }
        return Ok(format!("sha256:{}", hex.to_ascii_lowercase()));
    }
    let (name, text) = crate::input::read_input(Some(Path::new(expect)))?;
    let parsed = dlx::text::parse(&text)
        .map_err(|err| anyhow::anyhow!("{name}:{err} (--expect reads a problem in DLX text)"))?;
    Ok(crate::shard::digest(&parsed.problem))
}

/// A file's name as merge prints it: control characters escaped (`\u{1b}`), so that a name
/// can neither drive a terminal nor forge a line.
fn named(path: &Path) -> String {
    let mut name = String::new();
    for c in path.display().to_string().chars() {
        if c.is_control() {
            name.extend(c.escape_unicode());
        } else {
            name.push(c);
        }
    }
    name
}

/// No count asked for.
#[cfg(test)]
const ANY: Expected = Expected {
    problem: None,
    shards: None,
};

/// What `--expect` and `--shards` ask the count to be.
struct Expected {
    problem: Option<String>,
    shards: Option<usize>,
}

impl Expected {
    /// Why records of `key` are not the count expected, if they are not.
    fn refuses(&self, key: &Key) -> Option<String> {
        let problem = key
            .0
            .iter()
            .find(|(name, _)| name == "problem")
            .map(|(_, value)| value.as_str());
        if let Some(expected) = &self.problem {
            if problem != Some(expected.as_str()) {
                return Some(format!(
                    "problem {}, where --expect gives {expected}",
                    problem.unwrap_or("none")
                ));
            }
        }
        match self.shards {
            Some(n) if n != key.1 => Some(format!("{} shards, where --shards gives {n}", key.1)),
            _ => None,
        }
    }
}

/// What a set of files holds, sorted out.
struct Set {
    /// The records, each with its file.
    records: Vec<(PathBuf, Record)>,
    /// The records of the count most of them belong to, by their index in `records`.
    main: Vec<usize>,
    /// The others, each with what differs.
    foreign: Vec<(usize, String)>,
    /// The files that are not records, and why.
    empty: Vec<PathBuf>,
    truncated: Vec<(PathBuf, String)>,
    old: Vec<PathBuf>,
    not_records: Vec<(PathBuf, String)>,
    /// What keeps the main count's shards from adding up.
    issues: Vec<Issue>,
    /// Incomplete records whose shards other records cover.
    superseded: Vec<usize>,
    /// The main count's shards done, and its total when every one is.
    done: usize,
    total: Option<BigUint>,
}

/// Why a shard of the main count does not add up.
enum Issue {
    Missing(Vec<(usize, usize)>),
    Incomplete(Vec<(usize, usize)>, usize),
    /// Covered more than once: each way, by its records.
    Twice(Vec<(usize, usize)>, Vec<Vec<usize>>),
    /// Subshards of one shard cut at different places (records of different builds).
    CutApart(Vec<(usize, usize)>, Vec<usize>),
}

/// What makes records one count: their identity, their number of shards, and where the top
/// of the tree was cut (all but this shard's take).
type Key = (Vec<(String, String)>, usize, Option<(usize, u64, u64)>);

fn key(record: &Record) -> Key {
    (
        record.identity.clone(),
        record.path[0].1,
        record.cuts.first().map(crate::shard::Cut::shared),
    )
}

impl Set {
    fn of(files: Vec<(PathBuf, Read)>, expected: &Expected) -> Set {
        let mut set = Set {
            records: Vec::new(),
            main: Vec::new(),
            foreign: Vec::new(),
            empty: Vec::new(),
            truncated: Vec::new(),
            old: Vec::new(),
            not_records: Vec::new(),
            issues: Vec::new(),
            superseded: Vec::new(),
            done: 0,
            total: None,
        };
        for (path, read) in files {
            match read {
                Read::Record(record) => set.records.push((path, record)),
                Read::Empty => set.empty.push(path),
                Read::Truncated(why) => set.truncated.push((path, why)),
                Read::OldFormat => set.old.push(path),
                Read::NotARecord(why) => set.not_records.push((path, why)),
            }
        }
        // The count most records belong to (the first met among equals) is the one merged.
        let mut groups: Vec<(Key, Vec<usize>)> = Vec::new();
        let mut group_of: BTreeMap<Key, usize> = BTreeMap::new();
        // A shard stopped while it cut the top of the tree has no cut to name: it joins the
        // count of its identity and N, whatever that count's cut.
        let cutless = |record: &Record| record.stopped.is_some() && record.cuts.is_empty();
        for (k, (_, record)) in set.records.iter().enumerate() {
            if cutless(record) {
                continue;
            }
            let key = key(record);
            let g = *group_of.entry(key.clone()).or_insert_with(|| {
                groups.push((key, Vec::new()));
                groups.len() - 1
            });
            groups[g].1.push(k);
        }
        let mut cut_of: BTreeMap<(Vec<(String, String)>, usize), usize> = BTreeMap::new();
        for (g, (key, _)) in groups.iter().enumerate() {
            cut_of.entry((key.0.clone(), key.1)).or_insert(g);
        }
        for (k, (_, record)) in set.records.iter().enumerate() {
            if !cutless(record) {
                continue;
            }
            let key = key(record);
            let g = match cut_of.get(&(key.0.clone(), key.1)) {
                Some(&g) => g,
                None => *group_of.entry(key.clone()).or_insert_with(|| {
                    groups.push((key, Vec::new()));
                    groups.len() - 1
                }),
            };
            groups[g].1.push(k);
        }
        // Counts other than the one expected are foreign, whatever their number.
        let (refused, groups): (Vec<_>, Vec<_>) = groups
            .into_iter()
            .partition(|(key, _)| expected.refuses(key).is_some());
        for (key, members) in refused {
            let why = expected.refuses(&key).unwrap_or_default();
            set.foreign
                .extend(members.into_iter().map(|k| (k, why.clone())));
        }
        let Some(main) = (0..groups.len()).max_by_key(|&g| (groups[g].1.len(), usize::MAX - g))
        else {
            set.foreign.sort_unstable_by_key(|(k, _)| *k);
            return set;
        };
        let main_key = groups[main].0.clone();
        for (g, (key, members)) in groups.into_iter().enumerate() {
            if g == main {
                set.main = members;
            } else {
                let why = difference(&key, &main_key);
                set.foreign
                    .extend(members.into_iter().map(|k| (k, why.clone())));
            }
        }
        set.foreign.sort_unstable_by_key(|(k, _)| *k);
        let shards = main_key.1;
        let mut total = Some(BigUint::ZERO);
        let mut by_shard = set.by_unit(&set.main, 0);
        for index in 0..shards {
            let mut issues = Vec::new();
            let under = by_shard.remove(&index).unwrap_or_default();
            match set.cover(&[(index, shards)], &under, &mut issues) {
                Some((count, _)) => {
                    set.done += 1;
                    if let Some(total) = &mut total {
                        *total += count;
                    }
                }
                None => total = None,
            }
            set.issues.extend(issues);
        }
        set.total = total;
        set
    }

    /// The records `records`, by the index of their unit at `depth` of their path (those
    /// whose path is that deep).
    fn by_unit(&self, records: &[usize], depth: usize) -> BTreeMap<usize, Vec<usize>> {
        let mut by_unit: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for &k in records {
            if let Some(&(index, _)) = self.records[k].1.path.get(depth) {
                by_unit.entry(index).or_default().push(k);
            }
        }
        by_unit
    }

    /// The count of `unit` from the records `under` it, and the records used, if they cover
    /// it exactly once: by a complete record of its own, or by complete covers of each of
    /// its subshards of one split. Says why not in `issues`, and marks the incomplete
    /// records of a covered unit superseded.
    fn cover(
        &mut self,
        unit: &[(usize, usize)],
        under: &[usize],
        issues: &mut Vec<Issue>,
    ) -> Option<(BigUint, Vec<usize>)> {
        let depth = unit.len();
        let mut ways: Vec<(BigUint, Vec<usize>)> = Vec::new();
        let mut incomplete = Vec::new();
        let mut splits: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for &k in under {
            let record = &self.records[k].1;
            if record.path == unit {
                match record.stopped {
                    None => ways.push((record.count.clone(), vec![k])),
                    Some(_) => incomplete.push(k),
                }
            } else if record.path.len() > depth && record.path[..depth] == *unit {
                splits.entry(record.path[depth].1).or_default().push(k);
            }
        }
        let mut partial = Vec::new();
        let mut left_over = Vec::new();
        for (count, members) in splits {
            // The subshards of one split share the cuts above them and their own.
            let cut = |k: usize| {
                let cuts = &self.records[k].1.cuts;
                let above = cuts.get(..depth).map(<[_]>::to_vec);
                (above, cuts.get(depth).map(crate::shard::Cut::shared))
            };
            // A subshard stopped before it made its own cut names none: it agrees with any.
            let cut_made = |k: usize| self.records[k].1.cuts.len() > depth;
            let reference = members.iter().copied().find(|&k| cut_made(k));
            let apart = reference
                .is_some_and(|first| members.iter().any(|&k| cut_made(k) && cut(k) != cut(first)));
            if apart {
                partial.push(Issue::CutApart(unit.to_vec(), members.clone()));
                left_over.extend(members);
                continue;
            }
            let mut sum = BigUint::ZERO;
            let mut used = Vec::new();
            let mut missing = Vec::new();
            let mut by_child = self.by_unit(&members, depth);
            for index in 0..count {
                let mut child = unit.to_vec();
                child.push((index, count));
                let under = by_child.remove(&index).unwrap_or_default();
                if let Some((count, records)) = self.cover(&child, &under, &mut missing) {
                    sum += count;
                    used.extend(records);
                }
            }
            if missing.is_empty() {
                ways.push((sum, used));
            } else {
                partial.extend(missing);
                left_over.extend(members);
            }
        }
        match ways.len() {
            0 => {
                if incomplete.is_empty() && partial.is_empty() {
                    issues.push(Issue::Missing(unit.to_vec()));
                }
                issues.extend(
                    incomplete
                        .into_iter()
                        .map(|k| Issue::Incomplete(unit.to_vec(), k)),
                );
                issues.extend(partial);
                None
            }
            1 => {
                // Complete subshards of a split left unfinished, beside the unit's own
                // complete record: done twice, over part of the unit.
                let beside: Vec<usize> = left_over
                    .iter()
                    .copied()
                    .filter(|&k| self.records[k].1.stopped.is_none())
                    .collect();
                if !beside.is_empty() {
                    let (_, used) = ways.pop().expect("one way");
                    issues.push(Issue::Twice(unit.to_vec(), vec![used, beside]));
                    return None;
                }
                // Incomplete records, and subshards of a split left unfinished, of a unit
                // covered otherwise: the cover is exact without them.
                let stale = left_over
                    .into_iter()
                    .chain(incomplete)
                    .filter(|&k| self.records[k].1.stopped.is_some());
                self.superseded.extend(stale);
                ways.pop()
            }
            _ => {
                let records = ways.into_iter().map(|(_, records)| records).collect();
                issues.push(Issue::Twice(unit.to_vec(), records));
                None
            }
        }
    }

    /// Whether the files are one count, every shard done once, and nothing else.
    fn is_whole(&self) -> bool {
        self.total.is_some()
            && self.foreign.is_empty()
            && self.truncated.is_empty()
            && self.old.is_empty()
            && self.not_records.is_empty()
            && !self.records.is_empty()
    }

    /// The total, or why there is none.
    fn total(&self) -> Result<BigUint> {
        if self.records.is_empty() {
            let others = self.empty.len() + self.truncated.len() + self.old.len();
            if others + self.not_records.len() == 0 {
                bail!("no files");
            }
            bail!(
                "no shard records among the files (the records of `dlx ... --count --shard \
                 I/N`): {}",
                self.problems().join("; ")
            );
        }
        match &self.total {
            Some(total) if self.is_whole() => Ok(total.clone()),
            _ => bail!(
                "no total: the files are not the records of one whole count: {} (`dlx merge \
                 --status FILES` shows what is done; run the missing and incomplete shards \
                 again, and move other files away: docs/scale-out.md)",
                self.problems().join("; ")
            ),
        }
    }

    /// Everything that keeps the files from adding up, `kind: items` a kind.
    fn problems(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let name = |k: usize| named(&self.records[k].0);
        let mut line = |kind: &str, items: Vec<String>| {
            if !items.is_empty() {
                lines.push(format!("{kind}: {}", shown(items.into_iter())));
            }
        };
        let mut missing = Vec::new();
        let mut incomplete = Vec::new();
        let mut twice = Vec::new();
        let mut cut_apart = Vec::new();
        for issue in &self.issues {
            match issue {
                Issue::Missing(unit) => missing.push(unit_name(unit)),
                Issue::Incomplete(unit, k) => {
                    let record = &self.records[*k].1;
                    incomplete.push(format!(
                        "{} ({}: {}; its count, {}, is a lower bound)",
                        unit_name(unit),
                        name(*k),
                        record.stopped.as_deref().unwrap_or_default(),
                        record.count
                    ));
                }
                Issue::Twice(unit, ways) => {
                    let ways: Vec<String> = ways
                        .iter()
                        .map(|records| {
                            let files: Vec<String> = records.iter().map(|&k| name(k)).collect();
                            files.join(" + ")
                        })
                        .collect();
                    twice.push(format!("{} ({})", unit_name(unit), ways.join(" and ")));
                }
                Issue::CutApart(unit, records) => cut_apart.push(format!(
                    "subshards of {} ({})",
                    unit_name(unit),
                    shown(records.iter().map(|&k| name(k)))
                )),
            }
        }
        if self.total.is_none() && !self.main.is_empty() {
            line("missing", missing);
            line("incomplete", incomplete);
            line("done twice", twice);
            line("cut at different places", cut_apart);
        }
        line(
            "of another count",
            self.foreign
                .iter()
                .map(|(k, why)| format!("{} ({why})", name(*k)))
                .collect(),
        );
        line(
            "cut short",
            self.truncated
                .iter()
                .map(|(path, why)| format!("{} ({why})", named(path)))
                .collect(),
        );
        line(
            "written by an older dlx, without what names their count (run them again)",
            self.old.iter().map(|path| named(path)).collect(),
        );
        line(
            "not shard records",
            self.not_records
                .iter()
                .map(|(path, why)| format!("{} ({why})", named(path)))
                .collect(),
        );
        lines
    }

    /// `--status`: the count, what is done, and everything else.
    fn status(&self) -> String {
        let mut text = String::new();
        let Some(&first) = self.main.first() else {
            text.push_str("no shard records\n");
            for line in self.problems() {
                let _ = writeln!(text, "  {line}");
            }
            return text;
        };
        let record = &self.records[first].1;
        let shards = record.path[0].1;
        let settings: Vec<String> = record
            .identity
            .iter()
            .map(|(name, value)| format!("{name} {value}"))
            .collect();
        let _ = writeln!(text, "count: {}", settings.join(", "));
        let _ = writeln!(
            text,
            "done: {} of {shards} shards ({} records)",
            self.done,
            self.main.len()
        );
        if let Some(total) = &self.total {
            let _ = writeln!(text, "total: {total}");
        }
        for line in self.problems() {
            let _ = writeln!(text, "  {line}");
        }
        if !self.superseded.is_empty() {
            let _ = writeln!(
                text,
                "  superseded (incomplete, their shards done by other records): {}",
                shown(self.superseded.iter().map(|&k| named(&self.records[k].0)))
            );
        }
        if !self.empty.is_empty() {
            let _ = writeln!(
                text,
                "  empty (skipped): {}",
                shown(self.empty.iter().map(|path| named(path)))
            );
        }
        if let Some(spread) = self.spread() {
            text.push_str(&spread);
        }
        text
    }

    /// How evenly the work was shared: nodes and seconds of the complete records, least,
    /// median, most, and the most over the mean (the stragglers' measure).
    fn spread(&self) -> Option<String> {
        let complete: Vec<&Record> = self
            .main
            .iter()
            .map(|&k| &self.records[k].1)
            .filter(|record| record.stopped.is_none())
            .collect();
        if complete.len() < 2 {
            return None;
        }
        let mut text = String::new();
        let mut figure = |name: &str, mut values: Vec<f64>, decimals: usize| {
            if values.len() < 2 {
                return;
            }
            values.sort_by(f64::total_cmp);
            let mean = values.iter().sum::<f64>() / values.len() as f64;
            let (least, most) = (values[0], values[values.len() - 1]);
            let median = values[values.len() / 2];
            let ratio = if mean > 0.0 { most / mean } else { 1.0 };
            let _ = writeln!(
                text,
                "{name} per record: least {least:.decimals$}, median {median:.decimals$}, most \
                 {most:.decimals$}, most/mean {ratio:.2}"
            );
        };
        // What each shard visited, the top of the tree that every one enumerates included:
        // the records' nodes count it in one shard only.
        figure(
            "nodes visited",
            complete
                .iter()
                .filter_map(|r| r.visited.or(r.nodes))
                .map(|n| n as f64)
                .collect(),
            0,
        );
        figure(
            "seconds",
            complete.iter().filter_map(|r| r.seconds).collect(),
            3,
        );
        Some(text)
    }
}

/// What sets a foreign record's count apart from the main one's.
fn difference(key: &Key, main: &Key) -> String {
    let mut parts = Vec::new();
    let value = |identity: &[(String, String)], name: &str| {
        identity
            .iter()
            .find(|(key, _)| key == name)
            .map_or_else(|| "none".to_owned(), |(_, value)| value.clone())
    };
    let names: Vec<&String> = key.0.iter().chain(&main.0).map(|(name, _)| name).collect();
    let mut seen = Vec::new();
    for name in names {
        if seen.contains(&name) {
            continue;
        }
        seen.push(name);
        let (ours, theirs) = (value(&key.0, name), value(&main.0, name));
        if ours != theirs {
            parts.push(format!("{name} {ours}, where the others have {theirs}"));
        }
    }
    if key.1 != main.1 {
        parts.push(format!(
            "{} shards, where the others have {}",
            key.1, main.1
        ));
    }
    if key.2 != main.2 && parts.is_empty() {
        let cut = |cut: Option<(usize, u64, u64)>| {
            cut.map_or_else(
                || "none".to_owned(),
                |(depth, prefixes, _)| format!("depth {depth}, {prefixes} prefixes"),
            )
        };
        parts.push(format!(
            "cut at {}, where the others are cut at {}",
            cut(key.2),
            cut(main.2)
        ));
    }
    parts.join("; ")
}

/// Up to [`SHOWN`] items, then how many more.
fn shown(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    let mut text = items[..items.len().min(SHOWN)].join(", ");
    if items.len() > SHOWN {
        let _ = write!(text, " and {} more", items.len() - SHOWN);
    }
    text
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shard::{Cut, Settings};

    fn settings(problem: &str, tree: &'static str) -> Settings {
        Settings {
            problem: problem.to_owned(),
            tree: Some(tree),
            propagation: Some("none".to_owned()),
            method: "search".to_owned(),
            given: None,
            within: None,
        }
    }

    fn record(path: &[(usize, usize)], count: u32, stopped: Option<&str>) -> Record {
        record_of(path, count, stopped, settings("sha256:aa", "links"))
    }

    fn record_of(
        path: &[(usize, usize)],
        count: u32,
        stopped: Option<&str>,
        settings: Settings,
    ) -> Record {
        let cuts: Vec<dlx::Cut> = (0..path.len())
            .map(|level| dlx::Cut {
                depth: 3 + level,
                prefixes: 600 + level as u64,
                solutions: 0,
                taken: 70,
                nodes: 50,
                counted: path[level..].iter().all(|&(index, _)| index == 0),
            })
            .collect();
        Record::new(
            path.to_vec(),
            settings,
            &cuts,
            stopped.map(str::to_owned),
            count.into(),
            100,
            1.0,
        )
    }

    fn set(records: Vec<Record>) -> Set {
        let files = records
            .into_iter()
            .enumerate()
            .map(|(k, record)| (PathBuf::from(format!("r{k}")), Read::Record(record)))
            .collect();
        Set::of(files, &ANY)
    }

    fn total(records: Vec<Record>) -> Result<u32> {
        let total = set(records).total()?;
        Ok(u32::try_from(total).unwrap())
    }

    #[test]
    fn every_shard_once_adds_up() {
        let shards = vec![record(&[(1, 2)], 5, None), record(&[(0, 2)], 7, None)];
        assert_eq!(total(shards).unwrap(), 12);
    }

    #[test]
    fn missing_twice_and_incomplete_shards_are_refused() {
        let missing = total(vec![record(&[(0, 3)], 5, None), record(&[(2, 3)], 5, None)]);
        assert!(missing.unwrap_err().to_string().contains("missing: 1/3"));
        let twice = total(vec![
            record(&[(0, 2)], 5, None),
            record(&[(0, 2)], 5, None),
            record(&[(1, 2)], 1, None),
        ]);
        assert!(twice
            .unwrap_err()
            .to_string()
            .contains("done twice: 0/2 (r0 and r1)"));
        let stopped = total(vec![
            record(&[(0, 2)], 5, None),
            record(&[(1, 2)], 3, Some("the time limit ran out")),
        ]);
        let message = stopped.unwrap_err().to_string();
        assert!(
            message.contains("incomplete: 1/2 (r1: the time limit ran out"),
            "{message}"
        );
    }

    /// An incomplete record of a shard that a complete one covers (a shard stopped, then run
    /// again into another file) is passed over.
    #[test]
    fn an_incomplete_record_done_again_is_superseded() {
        let records = vec![
            record(&[(0, 2)], 5, None),
            record(&[(1, 2)], 3, Some("interrupted by SIGTERM")),
            record(&[(1, 2)], 4, None),
        ];
        let set = set(records);
        assert_eq!(set.total().unwrap(), 9u8.into());
        assert_eq!(set.superseded, [1]);
    }

    #[test]
    fn a_shard_is_covered_by_all_its_subshards() {
        let mut records = vec![record(&[(0, 2)], 5, None)];
        records.extend((0..3).map(|j| record(&[(1, 2), (j, 3)], 2, None)));
        assert_eq!(total(records.clone()).unwrap(), 11);
        // Nested again.
        let mut nested = records.clone();
        nested.remove(1);
        nested.push(record(&[(1, 2), (0, 3), (0, 2)], 1, None));
        nested.push(record(&[(1, 2), (0, 3), (1, 2)], 1, None));
        assert_eq!(total(nested).unwrap(), 11);
        // A subshard missing.
        let mut short = records.clone();
        short.pop();
        let message = total(short).unwrap_err().to_string();
        assert!(message.contains("missing: 1/2 2/3"), "{message}");
        // The shard and its subshards both: twice.
        let mut both = records.clone();
        both.push(record(&[(1, 2)], 6, None));
        let message = total(both).unwrap_err().to_string();
        assert!(message.contains("done twice: 1/2"), "{message}");
        // Subshards of two splits, one complete: the other's incomplete records go.
        let mut two = records;
        two.push(record(&[(1, 2), (0, 5)], 1, Some("interrupted by SIGINT")));
        assert_eq!(total(two).unwrap(), 11);
    }

    /// Records of other problems, settings, splits or cuts are refused, each named with what
    /// sets it apart.
    #[test]
    fn records_of_other_counts_are_refused() {
        let mut records = vec![
            record(&[(0, 3)], 5, None),
            record(&[(1, 3)], 5, None),
            record(&[(2, 3)], 5, None),
        ];
        let mut other_problem = records.clone();
        other_problem.push(record_of(
            &[(1, 3)],
            5,
            None,
            settings("sha256:bb", "links"),
        ));
        let message = total(other_problem).unwrap_err().to_string();
        assert!(
            message.contains("r3 (problem sha256:bb, where the others have sha256:aa)"),
            "{message}"
        );
        let mut other_tree = records.clone();
        other_tree.push(record_of(
            &[(1, 3)],
            5,
            None,
            settings("sha256:aa", "bitsets"),
        ));
        let message = total(other_tree).unwrap_err().to_string();
        assert!(
            message.contains("tree bitsets, where the others have links"),
            "{message}"
        );
        let mut other_split = records.clone();
        other_split.push(record(&[(1, 4)], 5, None));
        let message = total(other_split).unwrap_err().to_string();
        assert!(
            message.contains("4 shards, where the others have 3"),
            "{message}"
        );
        let mut other_cut = record(&[(1, 3)], 5, None);
        other_cut.cuts[0] = Cut {
            depth: 4,
            ..other_cut.cuts[0]
        };
        records.push(other_cut);
        let message = total(records).unwrap_err().to_string();
        assert!(
            message.contains("cut at depth 4, 600 prefixes"),
            "{message}"
        );
    }

    #[test]
    fn counts_past_128_bits_add_up_exactly() {
        let big = |index| {
            let mut record = record(&[(index, 3)], 0, None);
            record.count = BigUint::from(u128::MAX);
            record
        };
        let set = set(vec![big(0), big(1), record(&[(2, 3)], 1, None)]);
        assert_eq!(set.total().unwrap(), BigUint::from(u128::MAX) * 2u8 + 1u8);
    }

    #[test]
    fn files_that_are_no_records_are_refused_by_name() {
        let files = vec![
            (PathBuf::from("a"), Read::Record(record(&[(0, 1)], 3, None))),
            (PathBuf::from("b"), Read::OldFormat),
            (PathBuf::from("c"), Read::Truncated("it stops".to_owned())),
            (PathBuf::from("empty.out"), Read::Empty),
        ];
        let set = Set::of(files, &ANY);
        let message = set.total().unwrap_err().to_string();
        assert!(
            message.contains("older dlx") && message.contains(": b"),
            "{message}"
        );
        assert!(message.contains("cut short: c (it stops)"), "{message}");
        assert!(!message.contains("empty.out"), "{message}");
        let only_empty = Set::of(vec![(PathBuf::from("d"), Read::Empty)], &ANY);
        assert!(only_empty.total().is_err());
    }
}
