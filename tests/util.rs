//! Helpers shared by the modules of the integration-test binary: where the corpus lives, reading
//! its instances, and its table of known counts.
//!
//! Every module uses only some of them, hence the `allow(dead_code)`s.

use std::path::{Path, PathBuf};

use dlx::Problem;

/// The root of the repository (where `Cargo.toml` is).
#[allow(dead_code)]
pub fn repo_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
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
