//! Unit tests.

use super::*;

#[test]
fn centre_first_is_knuths_order() {
    assert_eq!(centre_first(8), [4, 3, 5, 2, 6, 1, 7, 0]);
    assert_eq!(centre_first(9), [4, 3, 5, 2, 6, 1, 7, 0, 8]);
    assert_eq!(centre_first(1), [0]);
    assert_eq!(centre_first(2), [1, 0]);
    assert!(centre_first(0).is_empty());
}

#[test]
fn sizes() {
    assert_eq!(Queens.parse(" 12 \n\n"), Ok(Size(12)));
    assert_eq!(Size::new(0), None);
    assert_eq!(Size::new(MAX_SIZE).map(Size::get), Some(MAX_SIZE));
    assert_eq!(
        Queens.parse("0").unwrap_err().to_string(),
        "1:1: expected a board size from 1 to 1000, found 0"
    );
    assert_eq!(
        Queens.parse("8\n  9\n").unwrap_err().to_string(),
        "2:3: expected nothing more after the board size, found '9'"
    );
    assert_eq!(
        Queens.parse("eight").unwrap_err().to_string(),
        "1:1: expected a board size, found 'e'"
    );
    assert!(Queens.parse("99999999999999999999999999").is_err());
    assert!(Queens.parse("").is_err());
}

#[test]
fn wide_names() {
    // 19 queens have 37 diagonals: two base-36 digits for them, one for rows and columns.
    let encoding = Queens.encode(&Size(19)).unwrap();
    let text = encoding.problem.to_dlx();
    let items = text.lines().next().unwrap();
    assert!(items.starts_with("r9 c9 r8 c8 "), "{items}");
    assert!(items.contains("| a00 b00 a01 b01 "), "{items}");
    assert!(items.ends_with(" a10 b10"), "{items}");
}
