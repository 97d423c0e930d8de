//! Dominosa against Tatham's Dominosa (Debian's sgt-puzzles): his puzzles read, solved to
//! his solution, graded at the level he made them and written back; ours loaded and finished
//! by his solver. The fixtures come from `scripts/tatham-corpus dominosa ...` and
//! `scripts/tatham-load-check`.

use std::fs;
use std::path::PathBuf;

use reductions::dominosa::{grade, Difficulty, Dominosa, Grade, Grid};
use reductions::Reduction;

fn fixture(name: &str) -> String {
    fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/tatham")
            .join(name),
    )
    .unwrap()
}

/// The solutions of a grid (up to 2), each as Tatham's Dominosa writes a solution: `;Da,b`
/// for each domino, its cells numbered row by row, in the order of its first cell; each
/// checked against the rules by the grid's own checker.
fn solutions(grid: &Grid) -> Vec<String> {
    let dominosa = reductions::registry::find("dominosa").unwrap();
    let answer = dominosa
        .solve(&grid.to_string(), reductions::plan::Task::Unique)
        .unwrap();
    answer
        .boards
        .iter()
        .map(|board| {
            let solved = Dominosa.parse(board).unwrap();
            assert!(
                solved.is_full() && solved.violations().is_empty(),
                "{board}"
            );
            let w = solved.cols();
            solved
                .dominoes()
                .iter()
                .map(|[a, b]| format!(";D{},{}", a.0 * w + a.1, b.0 * w + b.1))
                .collect()
        })
        .collect()
}

/// The level of a Dominosa parameter string: `6dh` is hard.
fn level(params: &str) -> Difficulty {
    match params.chars().last() {
        Some('t') => Difficulty::Trivial,
        Some('b') => Difficulty::Basic,
        Some('h') => Difficulty::Hard,
        Some('e') => Difficulty::Extreme,
        _ => Difficulty::Unreasonable,
    }
}

/// 61 puzzles of Tatham's generator, two at each level of each size he offers presets for
/// (largest numbers 3 to 9 at every level; 1 at trivial and 2 up to basic, as his generator
/// caps them; duplicates dropped): each has one solution, his; our grade is the level he
/// made it at; the game ID is written back as read, and the text format reads back the same
/// grid.
#[test]
fn tathams_puzzles_read_solve_grade_and_write_back() {
    let corpus = fixture("dominosa.tsv");
    let mut read = 0;
    for line in corpus.lines() {
        let [params, id, solution] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("bad line {line}")
        };
        let grid = Dominosa.parse(id).unwrap();
        assert_eq!(solutions(&grid), [solution], "{id}");
        match grade(&grid) {
            Grade::Unique { difficulty, .. } => assert_eq!(difficulty, level(params), "{id}"),
            other => panic!("{id}: {other:?}"),
        }
        let (_, desc) = id.split_once(':').unwrap();
        assert_eq!(grid.game_id(), format!("{}:{desc}", grid.size()));
        assert_eq!(Dominosa.parse(&grid.to_string()).unwrap(), grid);
        read += 1;
    }
    assert_eq!(read, 61);
}

/// The placements of one kind (`D` a domino, `E` one ruled out) in a solution as Tatham's
/// Dominosa writes it (`;D0,8;E1,2...`), each as its two cells, sorted.
fn placements(solution: &str, kind: char) -> Vec<String> {
    let mut found: Vec<String> = solution
        .split(';')
        .filter_map(|part| part.strip_prefix(kind))
        .map(str::to_owned)
        .collect();
    found.sort();
    found
}

/// Puzzles made here, largest numbers 1 to 9, every level (as the generator caps them),
/// seeds 1 and 2: Tatham's Dominosa loaded each game ID, and its solver finished each made
/// below our unreasonable level to the one solution the engine finds; on the unreasonable
/// ones, its rules placed only dominoes of that solution and ruled out none of them. Our
/// grade is the level asked, and each (up to 7) is made again by its seed.
#[test]
fn our_game_ids_load_in_dominosa_and_its_solver_finishes_them() {
    let corpus = fixture("dominosa-ours.tsv");
    let dominosa = reductions::registry::find("dominosa").unwrap();
    let mut read = 0;
    for line in corpus.lines() {
        let [size, difficulty, seed, id, solution] = line.split('\t').collect::<Vec<_>>()[..]
        else {
            panic!("bad line {line}")
        };
        let grid = Dominosa.parse(id).unwrap();
        let ours = solutions(&grid);
        assert_eq!(ours.len(), 1, "{id}");
        let ours = placements(&ours[0], 'D');
        let placed = placements(solution, 'D');
        if difficulty == "unreasonable" {
            assert!(placed.iter().all(|p| ours.contains(p)), "{id}");
            assert!(
                placements(solution, 'E').iter().all(|p| !ours.contains(p)),
                "{id}"
            );
            assert!(placed.len() < ours.len(), "{id}");
        } else {
            assert_eq!(placed, ours, "{id}");
        }
        let graded = dominosa.grade(id).unwrap();
        assert_eq!(graded.split(' ').next(), Some(difficulty), "{id}");
        if size.parse::<usize>().unwrap() <= 7 {
            let made = dominosa
                .generate(size, Some(difficulty), seed.parse().unwrap())
                .unwrap();
            assert_eq!(Dominosa.parse(&made.puzzle).unwrap().game_id(), id);
        }
        read += 1;
    }
    assert_eq!(read, 76);
}
