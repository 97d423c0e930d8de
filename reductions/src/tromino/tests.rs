//! Unit tests.

use super::*;

#[test]
fn the_seed_example() {
    let board = divide(4, Cell::new(2, 2)).unwrap();
    assert_eq!(board.to_string(), "2 2 3 3\n2 1 1 3\n4 1 0 5\n4 4 5 5");
    let mut bytes = Vec::new();
    board.write_to(&mut bytes).unwrap();
    assert_eq!(bytes, b"2 2 3 3\n2 1 1 3\n4 1 0 5\n4 4 5 5\n");
    assert_eq!(board.tile_count(), 5);
}

#[test]
fn small_sizes() {
    assert_eq!(divide(1, Cell::new(0, 0)).unwrap().to_string(), "0");
    assert_eq!(divide(2, Cell::new(0, 1)).unwrap().to_string(), "1 0\n1 1");
}

#[test]
fn errors() {
    assert_eq!(divide(0, Cell::new(0, 0)), Err(TrominoError::ZeroSize));
    assert_eq!(
        divide(6, Cell::new(0, 0)),
        Err(TrominoError::NotPowerOfTwo { size: 6 })
    );
    assert_eq!(
        divide(4, Cell::new(0, 4)),
        Err(TrominoError::MissingOffBoard {
            missing: Cell::new(0, 4),
            size: 4
        })
    );
    assert_eq!(
        divide(1 << 15, Cell::new(0, 0)),
        Err(TrominoError::TooLarge { size: 1 << 15 })
    );
    assert_eq!(
        square(usize::MAX, Cell::new(0, 0)),
        Err(TrominoError::TooLarge { size: usize::MAX })
    );
    assert_eq!(
        divide(4, Cell::new(4, 0)).unwrap_err().to_string(),
        "the missing cell (4,0) is not on the 4 x 4 board: expected row and column from 0 to 3"
    );
    assert!(square(6, Cell::new(5, 5)).is_ok());
}

#[test]
fn cover_sizes() {
    let board = square(1448, Cell::new(0, 0)).unwrap();
    assert!(check_cover(&board).is_ok());
    let board = square(2048, Cell::new(0, 0)).unwrap();
    let error = check_cover(&board).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the exact-cover problem would be too large: up to 16760836 options and 71237649 \
         nodes, about 4.3 GiB of memory; at most 4 GiB and 2147483645 nodes are allowed"
    );
    // The divide-and-conquer construction has no such limit.
    assert!(divide(2048, Cell::new(0, 0)).is_ok());
}
