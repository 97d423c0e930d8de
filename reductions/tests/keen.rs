//! Keen against Tatham's Keen (Debian's sgt-puzzles): his puzzles read, solved to his
//! solution, graded at the level he made them and written back; ours loaded and finished by
//! his solver. The fixtures come from `scripts/tatham-corpus keen ...` and
//! `scripts/tatham-load-check`.

use std::fs;
use std::path::PathBuf;

use reductions::keen::{grade, Difficulty, Grade, Grid, Keen};
use reductions::Reduction;

fn fixture(name: &str) -> String {
    fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/tatham")
            .join(name),
    )
    .unwrap()
}

/// The solutions of a grid (up to 2), each as its digits row by row, as Tatham writes them;
/// each checked against the rules by the grid's own checker.
fn solutions(grid: &Grid) -> Vec<String> {
    let keen = reductions::registry::find("keen").unwrap();
    let answer = keen
        .solve(&grid.to_string(), reductions::plan::Task::Unique)
        .unwrap();
    answer
        .boards
        .iter()
        .map(|board| {
            let solved = Keen.parse(board).unwrap();
            assert!(
                solved.is_full() && solved.violations().is_empty(),
                "{board}"
            );
            let n = solved.size();
            (0..n * n)
                .map(|k| solved.digit(k / n, k % n).unwrap().to_string())
                .collect()
        })
        .collect()
}

/// 68 puzzles of Tatham's generator, two at each level of each side he offers (3 to 9; side
/// 3 at easy and normal only, as his generator), and four of his multiplication-only mode:
/// each has one solution, his; our grade is the level he made it at; the game ID is written
/// back as read, and the text format reads back the same grid.
#[test]
fn tathams_puzzles_read_solve_grade_and_write_back() {
    let corpus = fixture("keen.tsv");
    let mut read = 0;
    for line in corpus.lines() {
        let [params, id, solution] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("bad line {line}")
        };
        let grid = Keen.parse(id).unwrap();
        assert_eq!(solutions(&grid), [solution], "{id}");
        let level = match params.trim_end_matches('m').chars().last() {
            Some('e') => Difficulty::Easy,
            Some('n') => Difficulty::Normal,
            Some('h') => Difficulty::Hard,
            Some('x') => Difficulty::Extreme,
            _ => Difficulty::Unreasonable,
        };
        match grade(&grid) {
            Grade::Unique { difficulty, .. } => assert_eq!(difficulty, level, "{id}"),
            other => panic!("{id}: {other:?}"),
        }
        let (_, desc) = id.split_once(':').unwrap();
        assert_eq!(grid.game_id(), format!("{}:{desc}", grid.size()));
        assert_eq!(Keen.parse(&grid.to_string()).unwrap(), grid);
        read += 1;
    }
    assert_eq!(read, 68);
}

/// Puzzles made here, sides 4 to 9, every level, seeds 1 and 2: Tatham's Keen loaded each
/// game ID and its solver finished it, to the solution recorded; the engine finds that one
/// and no other, the grade is the level asked, and each is made again by its seed.
#[test]
fn our_game_ids_load_in_keen_and_its_solver_finishes_them() {
    let corpus = fixture("keen-ours.tsv");
    let keen = reductions::registry::find("keen").unwrap();
    let mut read = 0;
    for line in corpus.lines() {
        let [size, difficulty, seed, id, solution] = line.split('\t').collect::<Vec<_>>()[..]
        else {
            panic!("bad line {line}")
        };
        let grid = Keen.parse(id).unwrap();
        assert_eq!(solutions(&grid), [solution], "{id}");
        let graded = keen.grade(id).unwrap();
        assert_eq!(graded.split(' ').next(), Some(difficulty), "{id}");
        if size.parse::<usize>().unwrap() <= 7 {
            let made = keen
                .generate(size, Some(difficulty), seed.parse().unwrap())
                .unwrap();
            assert_eq!(Keen.parse(&made.puzzle).unwrap().game_id(), id);
        }
        read += 1;
    }
    assert_eq!(read, 60);
}
