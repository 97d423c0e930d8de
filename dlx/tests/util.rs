//! Helpers shared by the modules of the integration-test binary: where the corpus lives, reading
//! its instances, and its table of known counts.
//!
//! Every module uses only some of them, hence the `allow(dead_code)`s.

use std::path::{Path, PathBuf};

use dlx::Problem;

/// The root of the repository (the workspace's `Cargo.toml`): the engine's tests run from
/// `dlx/`, the command line's from the root.
#[allow(dead_code)]
pub fn repo_root() -> &'static Path {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    if manifest.join("Cargo.lock").exists() {
        manifest
    } else {
        manifest.parent().expect("the crate is in the workspace")
    }
}

/// The directory of the instance corpus, `tests/corpus`.
#[allow(dead_code)]
pub fn corpus_dir() -> PathBuf {
    repo_root().join("tests").join("corpus")
}

/// The path of a corpus file, given as in `expected_counts.txt` (`queens8.dlx`,
/// `tiny/x-knuth-example.dlx`).
#[allow(dead_code)]
pub fn corpus_path(name: &str) -> PathBuf {
    corpus_dir().join(name)
}

/// The text of a corpus file.
///
/// # Panics
/// If the file cannot be read.
#[allow(dead_code)]
pub fn read_corpus_text(name: &str) -> String {
    let path = corpus_path(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
}

/// A corpus file, parsed.
///
/// # Panics
/// If the file cannot be read or does not parse; the message names the file, line and column.
#[allow(dead_code)]
pub fn read_corpus(name: &str) -> Problem {
    Problem::from_dlx(&read_corpus_text(name))
        .unwrap_or_else(|error| panic!("{}:{error}", corpus_path(name).display()))
}

/// The table `tests/corpus/expected_counts.txt`: each instance (a path relative to
/// `tests/corpus`) with its number of solutions, in the order of the file.
///
/// The format is one `name count` pair a line; `#` starts a comment, blank lines are ignored.
///
/// # Panics
/// If the file cannot be read, a line is malformed, or a name appears twice.
#[allow(dead_code)]
pub fn expected_counts() -> Vec<(String, u128)> {
    let path = corpus_path("expected_counts.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    let mut table: Vec<(String, u128)> = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let fields: Vec<&str> = content.split_whitespace().collect();
        let [name, count] = fields[..] else {
            panic!(
                "{}:{}: expected `name count`, found {line:?}",
                path.display(),
                k + 1
            );
        };
        let count: u128 = count.parse().unwrap_or_else(|error| {
            panic!(
                "{}:{}: expected a count, found {count:?}: {error}",
                path.display(),
                k + 1
            )
        });
        assert!(
            table.iter().all(|(seen, _)| seen != name),
            "{}:{}: {name} is listed twice",
            path.display(),
            k + 1
        );
        table.push((name.to_owned(), count));
    }
    assert!(!table.is_empty(), "{} lists no instance", path.display());
    table
}

/// Every `.dlx` file under `tests/corpus`, as a path relative to it with `/` separators,
/// sorted.
#[allow(dead_code)]
pub fn corpus_files() -> Vec<String> {
    fn walk(dir: &Path, prefix: &str, out: &mut Vec<String>) {
        let entries = std::fs::read_dir(dir)
            .unwrap_or_else(|error| panic!("cannot list {}: {error}", dir.display()));
        for entry in entries {
            let entry = entry.expect("a directory entry");
            let name = entry.file_name().into_string().expect("a UTF-8 file name");
            let path = entry.path();
            if path.is_dir() {
                walk(&path, &format!("{prefix}{name}/"), out);
            } else if name.ends_with(".dlx") {
                out.push(format!("{prefix}{name}"));
            }
        }
    }
    let mut files = Vec::new();
    walk(&corpus_dir(), "", &mut files);
    files.sort();
    files
}

/// The solutions of a ZDD in Knuth's ZDDREAD text format, read back here independently: each
/// as its option numbers (from 0) sorted, all of them sorted.
#[allow(dead_code)]
pub fn zdd_solutions(text: &str) -> Vec<Vec<usize>> {
    let mut nodes = std::collections::HashMap::new();
    let mut root = None;
    for line in text.lines() {
        let (id, rest) = line.split_once(": (~").expect("NODE: (~VAR?LO:HI)");
        let (var, rest) = rest.split_once('?').expect("?");
        let (lo, hi) = rest.trim_end_matches(')').split_once(':').expect(":");
        let parse = |hex: &str| u64::from_str_radix(hex, 16).expect("hexadecimal");
        let var: usize = var.parse().expect("a variable");
        let node = (var, parse(lo), parse(hi));
        assert!(nodes.insert(parse(id), node).is_none(), "node {id} twice");
        if var == 0 {
            root = Some(node.2);
        }
    }
    fn paths(
        node: u64,
        nodes: &std::collections::HashMap<u64, (usize, u64, u64)>,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        match node {
            0 => {}
            1 => {
                let mut solution = chosen.clone();
                solution.sort_unstable();
                out.push(solution);
            }
            _ => {
                let (var, lo, hi) = nodes[&node];
                paths(lo, nodes, chosen, out);
                chosen.push(var - 1);
                paths(hi, nodes, chosen, out);
                chosen.pop();
            }
        }
    }
    let mut out = Vec::new();
    paths(
        root.expect("a root line"),
        &nodes,
        &mut Vec::new(),
        &mut out,
    );
    out.sort();
    out
}
