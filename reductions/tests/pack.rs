//! Packing the twelve pentominoes, against the raw counts of docs/puzzles.md (2 per rectangle up
//! to symmetry times 4 for 3 x 20, 1010 x 4 for 5 x 12, 2339 x 4 for 6 x 10), every board of
//! the small case checked by a checker that shares no code with the encoder.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use dlx::Solver;
use reductions::grid::Mask;
use reductions::pack::Pack;
use reductions::Reduction;

/// The twelve pentominoes, one block each, in the pieces file format.
const PENTOMINOES: &str = "\
.FF
FF.
.F.

IIIII

L
L
L
LL

.N
NN
N.
N.

PP
PP
P.

TTT
.T.
.T.

U.U
UUU

V..
V..
VVV

W..
WW.
.WW

.X.
XXX
.X.

.Y
YY
.Y
.Y

ZZ.
.Z.
.ZZ
";

/// A set of cells moved to touch row 0 and column 0.
fn normalized(cells: &[(i64, i64)]) -> BTreeSet<(i64, i64)> {
    let top = cells.iter().map(|c| c.0).min().unwrap();
    let left = cells.iter().map(|c| c.1).min().unwrap();
    cells.iter().map(|&(r, c)| (r - top, c - left)).collect()
}

/// The cells of each letter of a picture.
fn letters(picture: &str) -> BTreeMap<char, Vec<(i64, i64)>> {
    let mut cells: BTreeMap<char, Vec<(i64, i64)>> = BTreeMap::new();
    for (r, line) in picture.lines().enumerate() {
        for (c, letter) in line.chars().enumerate() {
            if letter.is_ascii_alphabetic() {
                cells.entry(letter).or_default().push((r as i64, c as i64));
            }
        }
    }
    cells
}

/// Checks a packed board: the rectangle full, each letter on a turned or flipped copy of its
/// pentomino.
fn check_board(rows: usize, cols: usize, text: &str) {
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), rows, "{text}");
    assert!(lines.iter().all(|line| line.len() == cols), "{text}");
    let shapes = letters(PENTOMINOES);
    let drawn = letters(text);
    assert_eq!(
        drawn.keys().collect::<Vec<_>>(),
        shapes.keys().collect::<Vec<_>>()
    );
    for (letter, cells) in &drawn {
        let mut images = HashSet::new();
        for swap in [false, true] {
            for (sr, sc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let image: Vec<(i64, i64)> = shapes[letter]
                    .iter()
                    .map(|&(r, c)| if swap { (c, r) } else { (r, c) })
                    .map(|(r, c)| (sr * r, sc * c))
                    .collect();
                images.insert(normalized(&image));
            }
        }
        assert!(images.contains(&normalized(cells)), "{letter} in\n{text}");
    }
}

fn count(rows: usize, cols: usize, check: bool) -> u128 {
    let pack = Pack::new(Mask::full(rows, cols));
    let puzzle = pack.parse(PENTOMINOES).unwrap();
    let encoding = pack.encode(&puzzle).unwrap();
    if check {
        let mut seen = HashSet::new();
        for solution in Solver::new(&encoding.problem).solutions() {
            dlx::verify(&encoding.problem, solution.options()).unwrap();
            let text = pack
                .decode(&puzzle, &encoding.choices_of(solution.options()))
                .to_string();
            check_board(rows, cols, &text);
            assert!(seen.insert(text));
        }
        seen.len() as u128
    } else {
        let outcome = Solver::new(&encoding.problem).count();
        outcome.solutions
    }
}

#[test]
fn pentominoes_3x20() {
    assert_eq!(count(3, 20, true), 8);
    assert_eq!(count(20, 3, true), 8);
}

#[test]
#[ignore = "several seconds in release"]
fn pentominoes_5x12_and_6x10() {
    assert_eq!(count(5, 12, false), 4040);
    assert_eq!(count(6, 10, false), 9356);
}

#[test]
fn the_pentominoes_are_read_as_drawn() {
    let pack = Pack::new(Mask::full(6, 10));
    let puzzle = pack.parse(PENTOMINOES).unwrap();
    let names: String = puzzle.pieces().iter().map(|p| p.name()).collect();
    assert_eq!(names, "FILNPTUVWXYZ");
    let orientations: Vec<usize> = puzzle
        .pieces()
        .iter()
        .map(|p| p.orientations().len())
        .collect();
    assert_eq!(orientations, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
}
