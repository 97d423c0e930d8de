//! The fuzz targets' regression inputs, run without libFuzzer: every file of
//! `tests/fuzz-regressions/<target>/` goes through the same checks as the fuzz target of that
//! name (fuzz/src/lib.rs, included here as a module), so what a fuzz run found (crashes, and a
//! few dozen inputs it found interesting, minimized) stays checked in `cargo test`.
//!
//! Inputs that still show a bug in code this suite does not own live in
//! `tests/fuzz-regressions/bugs/`, each with an ignored test below that names the bug; when it
//! is fixed, move the file into its target's folder and delete the test.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use crate::util;

#[path = "../fuzz/src/lib.rs"]
mod checks;

fn regressions_dir() -> PathBuf {
    util::repo_root().join("tests").join("fuzz-regressions")
}

/// The files of a folder, sorted.
fn files_in(dir: &Path) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

/// Runs `check` on every file of `tests/fuzz-regressions/<target>/` (there must be at least
/// `at_least`), and fails naming every file that panicked.
fn run_target(target: &str, at_least: usize, check: fn(&[u8])) {
    let files = files_in(&regressions_dir().join(target));
    assert!(
        files.len() >= at_least,
        "{target}: expected at least {at_least} regression inputs, found {}",
        files.len()
    );
    let failed: Vec<String> = files
        .iter()
        .filter(|path| {
            let data = std::fs::read(path).expect("a readable regression input");
            catch_unwind(AssertUnwindSafe(|| check(&data))).is_err()
        })
        .map(|path| path.display().to_string())
        .collect();
    assert!(failed.is_empty(), "{target}: failed on {failed:#?}");
}

/// Runs `check` on one file of `tests/fuzz-regressions/bugs/`.
fn run_bug(name: &str, check: fn(&[u8])) {
    let path = regressions_dir().join("bugs").join(name);
    let data = std::fs::read(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    check(&data);
}

#[test]
fn dlx_text() {
    run_target("dlx_text", 10, checks::dlx_text);
}

#[test]
fn calendar() {
    run_target("calendar", 3, checks::calendar);
}

#[test]
fn queens() {
    run_target("queens", 3, checks::queens);
}

#[test]
fn tromino() {
    run_target("tromino", 3, checks::tromino);
}

#[test]
fn pack() {
    run_target("pack", 3, checks::pack);
}

#[test]
fn futoshiki() {
    run_target("futoshiki", 3, checks::futoshiki);
}

#[test]
fn arrows() {
    run_target("arrows", 3, checks::arrows);
}

#[test]
fn binairo() {
    run_target("binairo", 3, checks::binairo);
}

#[test]
fn sudoku() {
    run_target("sudoku", 3, checks::sudoku);
}

#[test]
#[ignore = "bug: reductions/src/sudoku.rs:564 (encode_reduced): a complete grid without \
            conflicts leaves no item, and builder.build() fails with NoPrimaryItems"]
fn sudoku_bug_complete_grid() {
    run_bug("sudoku-complete-grid-1x1.txt", checks::sudoku_strict);
    run_bug("sudoku-complete-grid-4x4.txt", checks::sudoku_strict);
}

#[test]
#[ignore = "bug: reductions/src/queens.rs:130: the column of the first non-blank character \
            of a line is counted in bytes (text.len() - text.trim_start().len() + 1), so after \
            U+3000 it says 2:4 where the line has 2 characters"]
fn queens_bug_column_in_bytes() {
    run_bug("queens-column-in-bytes.txt", checks::queens_strict);
}

#[test]
#[ignore = "bug: reductions/src/arrows.rs:174 and :184: columns counted in bytes, as in \
            queens.rs:130"]
fn arrows_bug_column_in_bytes() {
    run_bug("arrows-column-in-bytes-odd.txt", checks::arrows_strict);
    run_bug("arrows-column-in-bytes-trailing.txt", checks::arrows_strict);
    // As the fuzzer found it (with unicode.dict): U+2028, then an odd size.
    run_bug("arrows-column-in-bytes-fuzzed.txt", checks::arrows_strict);
}

#[test]
#[ignore = "bug: reductions/src/binairo.rs:390: columns counted in bytes, as in \
            queens.rs:130"]
fn binairo_bug_column_in_bytes() {
    run_bug("binairo-column-in-bytes.txt", checks::binairo_strict);
}

/// The checks must be able to fail: an error position outside the input is caught.
#[test]
fn the_checks_catch_what_they_claim() {
    // An error position outside the text.
    assert!(catch_unwind(|| checks::check_position("a\nb", 3, 1, &"message")).is_err());
    assert!(catch_unwind(|| checks::check_position("a\nb", 2, 3, &"message")).is_err());
    assert!(catch_unwind(|| checks::check_position("a\nb", 2, 2, &"")).is_err());
    checks::check_position("a\nb", 2, 2, &"message");
    // A parse error at a real position passes; so does a valid problem.
    checks::dlx_text(b"a b\na\nb\nc\n");
    checks::dlx_text(b"a b | x\na x:1\nb x:1\n");
    // Bytes that are not UTF-8 are skipped, as the target skips them.
    checks::dlx_text(b"\xff\xfe");
}
