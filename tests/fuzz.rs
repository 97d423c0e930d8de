//! The fuzz targets' regression inputs, run without libFuzzer: every file of
//! `tests/fuzz-regressions/<target>/` goes through the same checks as the fuzz target of that
//! name (fuzz/src/lib.rs, included here as a module), so what a fuzz run found (crashes, and a
//! few dozen inputs it found interesting, minimized) stays checked in `cargo test`.
//!
//! A bug still open in code this suite does not own gets an ignored test below that names it
//! (its input in `tests/fuzz-regressions/bugs/`, or built in the test when it is large); when
//! it is fixed, move the input into its target's folder (as `fixed-*`) and delete the test.
//! The bugs found so far in `reductions` (a complete sudoku that did not encode, columns
//! counted in bytes in three size lines, and two quadratic paths of the pack pieces parser:
//! a 150 x 150 piece, 8,000 blocks of `#`) are fixed, and their inputs are such `fixed-*`
//! files. (Those two were about time, which no test here asserts: `dlx pack` on a 400 x 400
//! piece went from 19.6 s to 0.2 s, on 80,000 blocks from 2.2 s to 0.01 s, in release.)

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
