//! Unit tests.

use super::*;

#[test]
fn sizes() {
    assert_eq!(Arrows.parse("12\n"), Ok(Size(12)));
    assert_eq!(Size::new(3), None);
    assert_eq!(Size::new(0), None);
    assert_eq!(Size::new(MAX_SIZE).map(Size::get), Some(MAX_SIZE));
    let err = |text| Arrows.parse(text).unwrap_err().to_string();
    assert_eq!(err(" 5"), "1:2: expected an even board size, found 5");
    assert_eq!(
        err("0"),
        "1:1: expected a board size from 2 to 100, found 0"
    );
    assert_eq!(
        err("102"),
        "1:1: expected a board size from 2 to 100, found 102"
    );
    assert_eq!(
        err("4\n4"),
        "2:1: expected nothing more after the board size, found '4'"
    );
}

#[test]
fn item_counts() {
    let encoding = Arrows.encode(&Size(4)).unwrap();
    let problem = &encoding.problem;
    // 16 cells, 4 row and 4 column counts; the 3 x 3 grid points inside the board, 4
    // column and 4 row colors.
    assert_eq!(problem.primary_count(), 16 + 4 + 4);
    assert_eq!(problem.secondary_count(), 9 + 4 + 4);
    assert_eq!(problem.color_count(), 4);
    assert_eq!(problem.option_count(), 64);
    assert_eq!(problem.engine(), dlx::Engine::M);
}

#[test]
fn cells_from_the_middle_columns_out() {
    let encoding = Arrows.encode(&Size(4)).unwrap();
    let problem = &encoding.problem;
    let first: Vec<&str> = problem
        .items()
        .take(10)
        .map(|i| problem.item_name(i))
        .collect();
    assert_eq!(
        first,
        ["x01", "x02", "x11", "x12", "x21", "x22", "x31", "x32", "x00", "x03"]
    );
}
