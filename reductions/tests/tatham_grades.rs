//! Our puzzles graded both ways: the Keen, Towers and Dominosa puzzles made here at every
//! level (`*-ours.tsv`) were graded by Tatham's own graders, the standalone solvers his
//! source builds (`scripts/tatham-grade-check`); his rating is the level asked, and so is
//! ours.

use std::fs;
use std::path::PathBuf;

/// Each of 184 puzzles: Tatham's rating equals the level our generator was asked for, and
/// his solver finishes it; at Dominosa's unreasonable level, which he does not have, his
/// rules are stuck (his rating is then the hardest rule he used before). Our grade is the
/// level asked.
#[test]
fn tatham_grades_our_puzzles_at_the_level_asked() {
    let text = fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tatham/grades-ours.tsv"),
    )
    .unwrap();
    let mut read = 0;
    for line in text.lines() {
        let [game, level, id, rating, finished] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("bad line {line}")
        };
        if game == "dominosa" && level == "unreasonable" {
            assert_eq!(finished, "stuck", "{line}");
        } else {
            assert_eq!((rating, finished), (level, "finished"), "{line}");
        }
        let ours = reductions::registry::find(game).unwrap().grade(id).unwrap();
        assert_eq!(ours.split(' ').next(), Some(level), "{line}");
        read += 1;
    }
    assert_eq!(read, 60 + 48 + 76);
}
