//! Snapshots of small encodings in Knuth's text format: the item and option order is part of
//! the contract (it fixes the search tree), so any change to it shows up here for review.

use dlx::Solver;
use reductions::grid::Cell;
use reductions::pack::Pack;
use reductions::tromino::{square, Tromino};
use reductions::Reduction;

#[test]
fn tromino_4x4_without_a_cell() {
    let board = square(4, Cell::new(2, 2)).unwrap();
    let encoding = Tromino.encode(&board).unwrap();
    // 15 cells; each of the 9 2 x 2 squares of the board holds 4 Ls, and 3 of them cover
    // the missing cell in each of the 4 squares that contain it.
    assert_eq!(encoding.problem.primary_count(), 15);
    assert_eq!(encoding.problem.option_count(), 9 * 4 - 4 * 3);
    assert_eq!(Solver::new(&encoding.problem).count().solutions, 1);
    insta::assert_snapshot!(encoding.problem.to_dlx());
}

#[test]
fn tiny_pack() {
    let pack = Pack::from_board_text("....\n....\n").unwrap();
    let puzzle = pack.parse("A\nAA\n\nBB\n\nCCC\n").unwrap();
    let encoding = pack.encode(&puzzle).unwrap();
    // A: 4 orientations x 3 positions; B: 6 flat and 4 upright; C: 4 flat.
    assert_eq!(encoding.problem.option_count(), 12 + 10 + 4);
    let boards: Vec<String> = Solver::new(&encoding.problem)
        .solutions()
        .map(|s| {
            pack.decode(&puzzle, &encoding.choices_of(s.options()))
                .to_string()
        })
        .collect();
    let mut sorted = boards.clone();
    sorted.sort();
    // The straight C lies along a long side; the other three cells of its row and the row
    // beside it leave one way for the L and the domino.
    assert_eq!(
        sorted,
        ["AABB\nACCC", "ACCC\nAABB", "BBAA\nCCCA", "CCCA\nBBAA"]
    );
    insta::assert_snapshot!(encoding.problem.to_dlx());
}
