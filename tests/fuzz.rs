//! The fuzz targets' regression inputs, run without libFuzzer: every file of
//! `tests/fuzz-regressions/<target>/` goes through the same checks as the fuzz target of that
//! name (fuzz/src/lib.rs, included here as a module), so what a fuzz run found (crashes, and a
//! few dozen inputs it found interesting, minimized) stays checked in `cargo test`.
//!
//! A bug still open in code this suite does not own gets an ignored test below that names it
//! (its input in `tests/fuzz-regressions/bugs/`, or built in the test when it is large); when
//! it is fixed, move the input into its target's folder (as `fixed-*`) and delete the test.
//! The bugs found so far in `reductions` (a complete sudoku that did not encode, columns
//! counted in bytes in three size lines) are fixed, and their inputs are such `fixed-*` files.

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

/// Found by reading the code, not by the fuzzer (whose inputs stay under 4 KB, where a
/// quadratic check costs milliseconds): measured in release, a 100 x 100 piece takes 0.1 s,
/// 200 x 200 1.3 s, 400 x 400 (a 160 KB file) 24 s, so `dlx pack` on a pieces file of a few
/// hundred KB runs for minutes before it says anything. Here a 150 x 150 piece (22 KB), which
/// this test's unoptimized build of `reductions` takes some 10 s to check, where a linear
/// check would take milliseconds.
#[test]
#[ignore = "bug: reductions/src/pack.rs:279-285 (check_connected) compares every cell of a \
            piece with every other, quadratic in the piece's size: 24 s for a 400 x 400 piece"]
fn pack_bug_quadratic_connectivity_check() {
    let row = "A".repeat(150);
    let text = vec![row; 150].join("\n");
    let start = std::time::Instant::now();
    let pieces = reductions::pack::parse_pieces(&text).expect("one piece");
    let elapsed = start.elapsed();
    assert_eq!(pieces.len(), 1);
    assert!(
        elapsed < std::time::Duration::from_secs(1),
        "parse_pieces took {elapsed:?} for a 150 x 150 piece"
    );
}

/// As above, found by reading: every cell looks for its piece among all the pieces drawn so
/// far, and every block of `#`s is a new piece, so a file of many blocks is quadratic before
/// its "too many pieces" error: 20,000 blocks (60 KB) take 0.13 s in release, 80,000 (240 KB)
/// 2.1 s. Here 20,000, some 4 s in this test's unoptimized build.
#[test]
#[ignore = "bug: reductions/src/pack.rs:238 (parse_pieces) searches every piece drawn so far \
            for each cell, and every block of '#' is a new piece: quadratic in the blocks, \
            2.1 s for 80,000 of them before the error"]
fn pack_bug_quadratic_unnamed_pieces() {
    let text = "#\n\n".repeat(20_000);
    let start = std::time::Instant::now();
    let error = reductions::pack::parse_pieces(&text).expect_err("too many pieces");
    let elapsed = start.elapsed();
    assert_eq!(error.line(), 125, "{error}");
    assert!(
        elapsed < std::time::Duration::from_millis(500),
        "parse_pieces took {elapsed:?} to refuse 20,000 pieces"
    );
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
