//! A shard's record: what `dlx ... --count --shard I/N` prints, and `dlx merge` reads back.
//!
//! A count split into shards is only as good as its merge, so each record says which count
//! it is part of: the digest of the problem as searched (its canonical DLX text, so two
//! spellings of one problem agree), the version of dlx, and every setting that decides how
//! the tree is cut (the command, the tree, the reasoning at every node, enumeration or
//! memoization, given options, the subtree searched, where the top was cut). Records whose
//! identities differ do not add up, and `dlx merge` refuses them. A record ends with a line
//! `end` (JSON: `"end":true`), so a file cut short is told from a finished one.
//!
//! In text, a line `name: value` each:
//!
//! ```text
//! dlx shard record 1
//! shard: 3/32
//! problem: sha256:9f2c...
//! dlx: 0.1.0
//! command: solve
//! tree: bitsets
//! propagation: none
//! method: search
//! cut: depth 3, prefixes 2296, solutions above 0, taken 72
//! status: complete
//! nodes: 40321
//! visited: 52120
//! seconds: 0.052
//! count: 289
//! end
//! ```

use std::fmt;
use std::io::{self, Write};
use std::sync::OnceLock;

use num_bigint::BigUint;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The first line of a record in text, with the version of its format.
pub const HEADER: &str = "dlx shard record 1";

/// The last line of a record in text.
const END: &str = "end";

/// The identity fields, in the order a record writes them; two records belong to one count
/// when these agree (and so do their shard counts and their first cut).
const IDENTITY: [&str; 9] = [
    "problem",
    "dlx",
    "order",
    "command",
    "tree",
    "propagation",
    "method",
    "given",
    "within",
];

/// The identity fields that have a value, named as [`IDENTITY`] names them, in its order.
fn identity(values: [Option<String>; IDENTITY.len()]) -> Vec<(String, String)> {
    IDENTITY
        .iter()
        .zip(values)
        .filter_map(|(name, value)| Some(((*name).to_owned(), value?)))
        .collect()
}

/// The command that runs (`solve`, `sudoku`, ...), named in records; set once by `main`.
static COMMAND: OnceLock<&'static str> = OnceLock::new();

/// Names the command that runs, for the records it writes.
pub fn set_command(name: &'static str) {
    let _ = COMMAND.set(name);
}

/// The digest of a problem as searched: SHA-256 of its canonical text in Knuth's format
/// ([`dlx::Problem::to_dlx`]), streamed, so nothing the size of the problem is made.
pub fn digest(problem: &dlx::Problem) -> String {
    struct Hashing(Sha256);
    impl fmt::Write for Hashing {
        fn write_str(&mut self, text: &str) -> fmt::Result {
            self.0.update(text.as_bytes());
            Ok(())
        }
    }
    let mut hashing = Hashing(Sha256::new());
    dlx::text::write(problem, &mut hashing).expect("hashing cannot fail");
    let bytes = hashing.0.finalize();
    let mut text = String::with_capacity(7 + 2 * bytes.len());
    text.push_str("sha256:");
    for byte in bytes {
        text.push_str(&format!("{byte:02x}"));
    }
    text
}

/// Where the top of the tree was cut, as a record writes it ([`dlx::Cut`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cut {
    pub depth: usize,
    pub prefixes: u64,
    pub solutions: u64,
    pub taken: u64,
}

impl From<&dlx::Cut> for Cut {
    fn from(cut: &dlx::Cut) -> Cut {
        Cut {
            depth: cut.depth,
            prefixes: cut.prefixes,
            solutions: cut.solutions,
            taken: cut.taken,
        }
    }
}

impl Cut {
    /// What every shard of one level shares: the cut without this shard's take.
    pub fn shared(&self) -> (usize, u64, u64) {
        (self.depth, self.prefixes, self.solutions)
    }
}

/// One shard's record.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The shard `(I, N)`, then the subshards within it.
    pub path: Vec<(usize, usize)>,
    /// The identity fields that apply, in the order of [`IDENTITY`].
    pub identity: Vec<(String, String)>,
    /// Where the tree was cut, one per level of `path` (none for a memoized count).
    pub cuts: Vec<Cut>,
    /// Why the shard stopped before the end of its share, or `None` when complete.
    pub stopped: Option<String>,
    /// Its count: exact when complete, else a lower bound.
    pub count: BigUint,
    /// The nodes of its search (signatures expanded, memoized), the top of the tree counted in
    /// one shard only, so that the records' nodes add up to the whole search's.
    pub nodes: Option<u64>,
    /// The nodes it visited, the top of the tree that every shard enumerates included: its
    /// work, for the spread of the work.
    pub visited: Option<u64>,
    /// Its time in seconds.
    pub seconds: Option<f64>,
}

/// What a record is made of besides its count: see [`Record`].
pub struct Settings {
    pub problem: String,
    pub tree: Option<&'static str>,
    pub propagation: Option<String>,
    pub method: String,
    pub given: Option<String>,
    pub within: Option<String>,
}

impl Record {
    /// The record of a shard's run.
    pub fn new(
        path: Vec<(usize, usize)>,
        settings: Settings,
        cuts: &[dlx::Cut],
        stopped: Option<String>,
        count: BigUint,
        nodes: u64,
        seconds: f64,
    ) -> Record {
        let identity = identity([
            Some(settings.problem),
            Some(env!("CARGO_PKG_VERSION").to_owned()),
            Some(dlx::SEARCH_ORDER.to_string()),
            Some(COMMAND.get().copied().unwrap_or("solve").to_owned()),
            settings.tree.map(str::to_owned),
            settings.propagation,
            Some(settings.method),
            settings.given,
            settings.within,
        ]);
        Record {
            path,
            identity,
            cuts: cuts.iter().map(Cut::from).collect(),
            stopped,
            count,
            nodes: Some(nodes),
            visited: Some(
                nodes
                    + cuts
                        .iter()
                        .filter(|cut| !cut.counted)
                        .map(|cut| cut.nodes)
                        .sum::<u64>(),
            ),
            seconds: Some(seconds),
        }
    }

    /// Writes the record in text.
    pub fn write_text(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut text = String::new();
        text.push_str(HEADER);
        text.push('\n');
        for (level, (index, count)) in self.path.iter().enumerate() {
            let name = if level == 0 { "shard" } else { "subshard" };
            text.push_str(&format!("{name}: {index}/{count}\n"));
        }
        for (name, value) in &self.identity {
            text.push_str(&format!("{name}: {value}\n"));
        }
        for cut in &self.cuts {
            text.push_str(&format!(
                "cut: depth {}, prefixes {}, solutions above {}, taken {}\n",
                cut.depth, cut.prefixes, cut.solutions, cut.taken
            ));
        }
        match &self.stopped {
            None => text.push_str("status: complete\n"),
            Some(reason) => text.push_str(&format!("status: incomplete: {reason}\n")),
        }
        if let Some(nodes) = self.nodes {
            text.push_str(&format!("nodes: {nodes}\n"));
        }
        if let Some(visited) = self.visited {
            text.push_str(&format!("visited: {visited}\n"));
        }
        if let Some(seconds) = self.seconds {
            text.push_str(&format!("seconds: {seconds:.3}\n"));
        }
        text.push_str(&format!("count: {}\n{END}\n", self.count));
        // One write, so that a record is rarely cut short, and then only by a kill.
        out.write_all(text.as_bytes())
    }

    /// Writes the record as one line of JSON, `"end":true` last.
    pub fn write_json(&self, out: &mut dyn Write) -> io::Result<()> {
        let field = |name: &str| {
            self.identity
                .iter()
                .find(|(key, _)| key == name)
                .map(|(_, value)| value.as_str())
        };
        let line = JsonRecord {
            count: crate::json::Whole(self.count.to_string()),
            complete: self.stopped.is_none(),
            stopped: self.stopped.as_deref(),
            shard: self.path.first().map(|&(i, n)| [i, n]).unwrap_or_default(),
            subshards: self.path[1..].iter().map(|&(i, n)| [i, n]).collect(),
            problem: field("problem").unwrap_or_default(),
            dlx: field("dlx").unwrap_or_default(),
            order: field("order"),
            command: field("command").unwrap_or_default(),
            tree: field("tree"),
            propagation: field("propagation"),
            method: field("method").unwrap_or_default(),
            given: field("given"),
            within: field("within"),
            cuts: &self.cuts,
            nodes: self.nodes,
            visited: self.visited,
            seconds: self.seconds.map(|s| (s * 1000.0).round() / 1000.0),
            end: true,
        };
        crate::json::write_line(out, &line)
    }
}

/// `3/32`, or `3/32 2/8` for a subshard.
pub fn unit_name(path: &[(usize, usize)]) -> String {
    let parts: Vec<String> = path.iter().map(|(i, n)| format!("{i}/{n}")).collect();
    parts.join(" ")
}

/// The JSON of a record, as written.
#[derive(Serialize)]
struct JsonRecord<'a> {
    count: crate::json::Whole,
    complete: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<&'a str>,
    shard: [usize; 2],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    subshards: Vec<[usize; 2]>,
    problem: &'a str,
    dlx: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    order: Option<&'a str>,
    command: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    tree: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    propagation: Option<&'a str>,
    method: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    given: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    within: Option<&'a str>,
    #[serde(skip_serializing_if = "<[Cut]>::is_empty")]
    cuts: &'a [Cut],
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    visited: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seconds: Option<f64>,
    end: bool,
}

/// What a file given to `dlx merge` holds.
#[derive(Debug)]
pub enum Read {
    /// A whole record.
    Record(Record),
    /// Nothing at all (a shard killed before it wrote).
    Empty,
    /// A record that stops before its `end`: cut short.
    Truncated(String),
    /// The output of a shard of an older dlx, without identity.
    OldFormat,
    /// Something else, and what was expected.
    NotARecord(String),
}

/// Reads a file's text as a record.
pub fn read(text: &str) -> Read {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(k, line)| (k + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty())
        .collect();
    let Some(&(_, first)) = lines.first() else {
        return Read::Empty;
    };
    if first.starts_with('{') {
        return read_json(text.trim());
    }
    if first.starts_with("shard ") {
        return Read::OldFormat;
    }
    if first != HEADER {
        let shown = reductions::text::shown(first);
        return Read::NotARecord(format!(
            "line 1: expected `{HEADER}` (the record of `dlx ... --count --shard I/N`), found `{shown}`"
        ));
    }
    match read_text(&lines[1..]) {
        Ok(record) => Read::Record(record),
        Err(Parse::Truncated(why)) => Read::Truncated(why),
        Err(Parse::Bad(why)) => Read::NotARecord(why),
    }
}

enum Parse {
    Truncated(String),
    Bad(String),
}

/// Whether a field's value is printable ASCII, as every record dlx writes has them: what
/// `merge --status` prints of a record can then neither drive a terminal nor forge a line.
fn printable(value: &str) -> bool {
    value.bytes().all(|b| b == b' ' || b.is_ascii_graphic())
}

/// The fields besides the identity's that a record has once at most.
const ONCE: [&str; 5] = ["status", "nodes", "visited", "seconds", "count"];

fn read_text(lines: &[(usize, &str)]) -> Result<Record, Parse> {
    let mut record = Record {
        path: Vec::new(),
        identity: Vec::new(),
        cuts: Vec::new(),
        stopped: None,
        count: BigUint::ZERO,
        nodes: None,
        visited: None,
        seconds: None,
    };
    let mut status = None;
    let mut count = None;
    let mut ended = false;
    let mut seen: Vec<&str> = Vec::new();
    for &(number, line) in lines {
        let bad = |what: &str| {
            Parse::Bad(format!(
                "line {number}: {what}, found `{}`",
                reductions::text::shown(line)
            ))
        };
        if ended {
            return Err(bad("expected nothing after `end`"));
        }
        if line == END {
            ended = true;
            continue;
        }
        let Some((name, value)) = line.split_once(':') else {
            return Err(bad("expected `name: value` or `end`"));
        };
        let value = value.trim();
        if !printable(value) {
            return Err(bad("expected printable ASCII"));
        }
        // One value a field: a second `count` or `status` would otherwise win.
        if ONCE.contains(&name) {
            if seen.contains(&name) {
                return Err(bad(&format!("expected one `{name}` line")));
            }
            seen.push(name);
        }
        match name {
            "shard" | "subshard" => {
                if (name == "shard") != record.path.is_empty() {
                    return Err(bad("expected one `shard` line, before any `subshard`"));
                }
                let share = parse_share(value).ok_or_else(|| {
                    bad(&format!(
                        "expected I/N with I < N <= {}",
                        crate::args::MAX_SHARDS
                    ))
                })?;
                record.path.push(share);
            }
            "cut" => record.cuts.push(parse_cut(value).ok_or_else(|| {
                bad("expected `depth D, prefixes P, solutions above S, taken T`")
            })?),
            "status" => {
                status = Some(if value == "complete" {
                    None
                } else if let Some(reason) = value.strip_prefix("incomplete") {
                    let reason = reason.trim_start_matches(':').trim();
                    Some(if reason.is_empty() {
                        "no reason given".to_owned()
                    } else {
                        reason.to_owned()
                    })
                } else {
                    return Err(bad(
                        "expected `status: complete` or `status: incomplete: REASON`",
                    ));
                })
            }
            "nodes" => {
                record.nodes = Some(value.parse().map_err(|_| bad("expected a whole number"))?)
            }
            "visited" => {
                record.visited = Some(value.parse().map_err(|_| bad("expected a whole number"))?)
            }
            "seconds" => record.seconds = Some(value.parse().map_err(|_| bad("expected seconds"))?),
            "count" => {
                count = Some(parse_count(value).ok_or_else(|| bad("expected a whole number"))?)
            }
            _ if IDENTITY.contains(&name) => {
                if record.identity.iter().any(|(key, _)| key == name) {
                    return Err(bad("expected each field once"));
                }
                record.identity.push((name.to_owned(), value.to_owned()));
            }
            _ => return Err(bad("expected a field of a shard record")),
        }
    }
    if !ended {
        let last = lines.last().map_or(1, |&(number, _)| number);
        return Err(Parse::Truncated(format!(
            "it stops at line {last} without the last line `{END}`"
        )));
    }
    let missing = |what: &str| Parse::Bad(format!("no `{what}` line before `{END}`"));
    if record.path.is_empty() {
        return Err(missing("shard"));
    }
    for name in ["problem", "dlx", "command", "method"] {
        if !record.identity.iter().any(|(key, _)| key == name) {
            return Err(missing(name));
        }
    }
    record.stopped = status.ok_or_else(|| missing("status"))?;
    record.count = count.ok_or_else(|| missing("count"))?;
    record
        .identity
        .sort_by_key(|(name, _)| IDENTITY.iter().position(|known| known == name));
    Ok(record)
}

/// The JSON of a record, as read: `"count"` as written (a number of any size, or a string of
/// digits), never through a float.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonRead {
    count: Box<serde_json::value::RawValue>,
    complete: bool,
    #[serde(default)]
    stopped: Option<String>,
    shard: (usize, usize),
    #[serde(default)]
    subshards: Vec<(usize, usize)>,
    problem: String,
    dlx: String,
    #[serde(default)]
    order: Option<String>,
    command: String,
    #[serde(default)]
    tree: Option<String>,
    #[serde(default)]
    propagation: Option<String>,
    method: String,
    #[serde(default)]
    given: Option<String>,
    #[serde(default)]
    within: Option<String>,
    #[serde(default)]
    cuts: Vec<Cut>,
    #[serde(default)]
    nodes: Option<u64>,
    #[serde(default)]
    visited: Option<u64>,
    #[serde(default)]
    seconds: Option<f64>,
    end: bool,
}

fn read_json(text: &str) -> Read {
    if text.lines().count() > 1 {
        return Read::NotARecord("expected one line of JSON".to_owned());
    }
    let json: JsonRead = match serde_json::from_str(text) {
        Ok(json) => json,
        Err(err) if err.is_eof() => {
            return Read::Truncated(format!("its JSON stops early ({err})"));
        }
        Err(err) => {
            // The JSON line of an older dlx: a count and a shard, nothing to identify it.
            let old = serde_json::from_str::<serde_json::Value>(text)
                .is_ok_and(|value| value.get("shard").is_some() && value.get("problem").is_none());
            if old {
                return Read::OldFormat;
            }
            return Read::NotARecord(format!("not the JSON of a shard record ({err})"));
        }
    };
    if !json.end {
        return Read::Truncated("its JSON says \"end\":false".to_owned());
    }
    if json.complete && json.stopped.is_some() {
        return Read::NotARecord(
            "expected \"complete\":true without a \"stopped\" reason, or \"complete\":false"
                .to_owned(),
        );
    }
    let texts = [
        Some(&json.problem),
        Some(&json.dlx),
        json.order.as_ref(),
        Some(&json.command),
        json.tree.as_ref(),
        json.propagation.as_ref(),
        Some(&json.method),
        json.given.as_ref(),
        json.within.as_ref(),
        json.stopped.as_ref(),
    ];
    if !texts.into_iter().flatten().all(|text| printable(text)) {
        return Read::NotARecord("expected printable ASCII in its fields".to_owned());
    }
    let mut path = vec![json.shard];
    path.extend(json.subshards);
    if path
        .iter()
        .any(|&(i, n)| i >= n || n > crate::args::MAX_SHARDS)
    {
        return Read::NotARecord(format!(
            "shard {} does not exist, or has more than {} shards",
            unit_name(&path),
            crate::args::MAX_SHARDS
        ));
    }
    let Some(count) = parse_count(json.count.get().trim_matches('"')) else {
        return Read::NotARecord(format!(
            "expected a whole count, found {}",
            json.count.get()
        ));
    };
    let identity = identity([
        Some(json.problem),
        Some(json.dlx),
        json.order,
        Some(json.command),
        json.tree,
        json.propagation,
        Some(json.method),
        json.given,
        json.within,
    ]);
    let stopped =
        (!json.complete).then(|| json.stopped.unwrap_or_else(|| "no reason given".to_owned()));
    Read::Record(Record {
        path,
        identity,
        cuts: json.cuts,
        stopped,
        count,
        nodes: json.nodes,
        visited: json.visited,
        seconds: json.seconds,
    })
}

/// `I/N` with `I < N`, N at most [`MAX_SHARDS`](crate::args::MAX_SHARDS).
fn parse_share(text: &str) -> Option<(usize, usize)> {
    let (i, n) = text.split_once('/')?;
    let (i, n) = (i.trim().parse().ok()?, n.trim().parse().ok()?);
    (i < n && n <= crate::args::MAX_SHARDS).then_some((i, n))
}

/// `depth D, prefixes P, solutions above S, taken T`.
fn parse_cut(text: &str) -> Option<Cut> {
    let mut numbers = text.split(',').map(str::trim);
    let mut field = |name: &str| {
        numbers
            .next()?
            .strip_prefix(name)?
            .trim()
            .parse::<u64>()
            .ok()
    };
    let cut = Cut {
        depth: usize::try_from(field("depth")?).ok()?,
        prefixes: field("prefixes")?,
        solutions: field("solutions above")?,
        taken: field("taken")?,
    };
    numbers.next().is_none().then_some(cut)
}

/// A count: decimal digits, of any length.
pub fn parse_count(text: &str) -> Option<BigUint> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    BigUint::parse_bytes(text.as_bytes(), 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(path: Vec<(usize, usize)>, stopped: Option<&str>) -> Record {
        Record::new(
            path,
            Settings {
                problem: "sha256:00ff".to_owned(),
                tree: Some("links"),
                propagation: Some("none".to_owned()),
                method: "search".to_owned(),
                given: None,
                within: Some("3 17".to_owned()),
            },
            &[dlx::Cut {
                depth: 3,
                prefixes: 500,
                solutions: 2,
                taken: 63,
                nodes: 700,
                counted: false,
            }],
            stopped.map(str::to_owned),
            BigUint::from(u128::MAX) * 3u8,
            1234,
            0.5,
        )
    }

    /// A record reads back as written, in text and in JSON, complete or not, counts past
    /// 128 bits exact.
    #[test]
    fn records_read_back_as_written() {
        for original in [
            record(vec![(3, 8)], None),
            record(vec![(3, 8), (1, 4), (0, 2)], Some("interrupted by SIGTERM")),
        ] {
            let mut text = Vec::new();
            original.write_text(&mut text).unwrap();
            let mut json = Vec::new();
            original.write_json(&mut json).unwrap();
            for written in [text, json] {
                let written = String::from_utf8(written).unwrap();
                match read(&written) {
                    Read::Record(back) => assert_eq!(back, original, "{written}"),
                    other => panic!("{written}: {other:?}"),
                }
            }
        }
    }

    /// Cut short anywhere before its end, a record is truncated (or, cut inside its first
    /// line, not a record), never a record.
    #[test]
    fn records_cut_short_are_not_records() {
        let mut text = Vec::new();
        record(vec![(5, 8)], None).write_text(&mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        let mut json = Vec::new();
        record(vec![(5, 8)], None).write_json(&mut json).unwrap();
        let json = String::from_utf8(json).unwrap();
        for full in [text, json] {
            let end = full.trim_end().len();
            for cut in 1..end {
                if !full.is_char_boundary(cut) {
                    continue;
                }
                let read = read(&full[..cut]);
                assert!(
                    matches!(read, Read::Truncated(_) | Read::NotARecord(_)),
                    "{:?}: {read:?}",
                    &full[..cut]
                );
            }
        }
    }

    #[test]
    fn old_outputs_and_others_are_told_apart() {
        assert!(matches!(read("shard 5/8\n12\n"), Read::OldFormat));
        assert!(matches!(read("shard 1/2 memo\n7\n"), Read::OldFormat));
        assert!(matches!(
            read(r#"{"count":7,"complete":true,"shard":[1,2]}"#),
            Read::OldFormat
        ));
        assert!(matches!(read(""), Read::Empty));
        assert!(matches!(read("\n \n"), Read::Empty));
        assert!(matches!(read("12\n"), Read::NotARecord(_)));
        let unknown = format!("{HEADER}\nshard: 0/2\nflavour: sweet\nend\n");
        assert!(matches!(read(&unknown), Read::NotARecord(_)));
    }

    #[test]
    fn digests_tell_problems_apart_and_spellings_together() {
        let a = dlx::Problem::from_dlx("a b c\na b\nc\n").unwrap();
        let spelled = dlx::Problem::from_dlx("| a comment\n  a   b c \n a  b\n\nc\n").unwrap();
        let other = dlx::Problem::from_dlx("a b c\na c\nb\n").unwrap();
        assert_eq!(digest(&a), digest(&spelled));
        assert_ne!(digest(&a), digest(&other));
        assert!(digest(&a).starts_with("sha256:") && digest(&a).len() == 7 + 64);
    }
}
