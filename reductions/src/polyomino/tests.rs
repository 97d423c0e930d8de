//! Unit tests.

use super::*;

fn shape(cells: &[(usize, usize)]) -> Shape {
    Shape::new(cells.iter().copied()).unwrap()
}

#[test]
fn symmetries_of_an_asymmetric_piece_are_all_distinct() {
    let f = shape(&[(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)]);
    let all = f.symmetries();
    assert_eq!(f.orientations(), all.to_vec());
    // Four quarter turns and two flips give the shape back.
    assert_eq!(all[3].rotate(), f);
    assert_eq!(f.flip().flip(), f);
    for s in &all {
        assert_eq!(s.len(), 5);
        assert_eq!((s.height(), s.width()), (3, 3));
    }
}

#[test]
fn orientation_counts() {
    let counts = [
        (shape(&[(0, 0)]), 1),
        (shape(&[(0, 0), (0, 1)]), 2),
        (shape(&[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]), 2),
        (shape(&[(0, 0), (1, 0), (1, 1)]), 4),
        (shape(&[(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]), 1), // X pentomino
        (shape(&[(0, 0), (0, 1), (1, 1), (1, 2)]), 4),         // S tetromino
        (shape(&[(0, 3), (1, 0), (1, 1), (1, 2), (1, 3)]), 8),
    ];
    for (s, n) in counts {
        assert_eq!(s.orientations().len(), n, "{s}");
    }
}

#[test]
fn normalization() {
    assert_eq!(shape(&[(3, 4), (3, 4), (2, 5)]), shape(&[(1, 0), (0, 1)]));
    assert_eq!(
        shape(&[(1, 0), (0, 1)]).cells(),
        [Cell::new(0, 1), Cell::new(1, 0)]
    );
}

#[test]
fn encoding_order_and_names() {
    let board = Mask::full(1, 3);
    let domino = Piece::new('D', shape(&[(0, 0), (0, 1)]));
    let monomino = Piece::new('M', shape(&[(0, 0)]));
    let once = encode(&board, &[domino.clone(), monomino.clone()], Usage::Once).unwrap();
    let texts: Vec<String> = once
        .problem
        .options()
        .map(|o| once.problem.option_text(o))
        .collect();
    assert_eq!(
        texts,
        ["D r0c0 r0c1", "D r0c1 r0c2", "M r0c0", "M r0c1", "M r0c2"]
    );
    assert_eq!(dlx::Solver::new(&once.problem).count().solutions, 2);
    let unlimited = encode(&board, &[domino, monomino], Usage::Unlimited).unwrap();
    assert_eq!(unlimited.problem.primary_count(), 3);
    // 1+1+1, 2+1, 1+2.
    assert_eq!(dlx::Solver::new(&unlimited.problem).count().solutions, 3);
}

#[test]
fn bad_names_are_build_errors_and_empty_boards_have_one_packing() {
    let board = Mask::full(1, 1);
    let mono = shape(&[(0, 0)]);
    assert!(encode(&board, &[Piece::new(':', mono.clone())], Usage::Once).is_err());
    let twins = [Piece::new('A', mono.clone()), Piece::new('A', mono.clone())];
    assert!(encode(&board, &twins, Usage::Once).is_err());
    // Nothing to cover: one way, using no piece.
    let none = Mask::empty(2, 2);
    let empty = encode(&none, &[Piece::new('A', mono)], Usage::Unlimited).unwrap();
    assert_eq!(dlx::Solver::new(&empty.problem).count().solutions, 1);
}

/// The counts bound what `encode` builds, and equal it on full rectangles.
#[test]
fn encoding_sizes_bound_the_encodings() {
    let l = Piece::new('L', shape(&[(0, 0), (1, 0), (1, 1)]));
    let bar = Piece::new('I', shape(&[(0, 0), (0, 1), (0, 2)]));
    let mut holed = Mask::full(5, 7);
    holed.remove(Cell::new(2, 3));
    holed.remove(Cell::new(0, 0));
    let cases = [
        (
            Mask::full(4, 6),
            vec![l.clone(), bar.clone()],
            Usage::Once,
            true,
        ),
        (Mask::full(3, 3), vec![l.clone()], Usage::Unlimited, true),
        (holed, vec![l.clone(), bar.clone()], Usage::Once, false),
        (Mask::full(1, 2), vec![l.clone()], Usage::Once, true),
    ];
    for (board, pieces, usage, exact) in cases {
        let size = EncodingSize::of(&board, &pieces, usage);
        let built = encode(&board, &pieces, usage).unwrap().problem;
        let actual = (built.option_count() as u64, built.entry_count() as u64);
        assert_eq!(size.items, built.item_count() as u64, "{board}");
        if exact {
            assert_eq!((size.options, size.entries), actual, "{board}");
        } else {
            assert!(
                size.options > actual.0 && size.entries > actual.1,
                "{board}"
            );
        }
    }
    // Never more placements of an orientation than the board has cells.
    let mut sparse = Mask::empty(100, 100);
    sparse.insert(Cell::new(50, 50));
    let one = Piece::new('A', shape(&[(0, 0)]));
    assert_eq!(EncodingSize::of(&sparse, &[one], Usage::Once).options, 1);
}

#[test]
fn huge_encodings_are_refused_with_their_size() {
    let l = Piece::new('L', shape(&[(0, 0), (1, 0), (1, 1)]));
    let small = EncodingSize::of(
        &Mask::full(1024, 1024),
        std::slice::from_ref(&l),
        Usage::Unlimited,
    );
    assert_eq!(small.check(), Ok(small));
    // 2048 x 2048: 4.5 GB by the estimate, 4.2 GB measured.
    let large = EncodingSize::of(
        &Mask::full(2048, 2048),
        std::slice::from_ref(&l),
        Usage::Unlimited,
    );
    assert_eq!(
        large.check().unwrap_err().to_string(),
        "the exact-cover problem would be too large: up to 16760836 options and 71237650 \
         nodes, about 4.3 GiB of memory; at most 4 GiB and 2147483645 nodes are allowed"
    );
    // Over the engine's limit too, and no overflow in the counts.
    let huge = EncodingSize::of(&Mask::full(1 << 14, 1 << 14), &[l], Usage::Unlimited);
    assert!(huge.nodes() > dlx::MAX_NODES as u64);
    assert_eq!(huge.check().unwrap_err().size(), huge);
}

#[test]
fn shapes_larger_than_the_board_fit_nowhere() {
    let long = shape(&[(0, 0), (0, 1), (0, 2)]);
    assert_eq!(long.fits(&Mask::full(2, 2)).count(), 0);
    assert_eq!(long.fits(&Mask::empty(0, 0)).count(), 0);
    assert_eq!(long.fits(&Mask::full(1, 3)).count(), 1);
}
