//! Unit tests.

use super::*;
use crate::grid::Cell;
use crate::polyomino::Shape;
use crate::text::{ParseError, ParseErrorKind};

fn error(text: &str) -> (usize, usize, ParseErrorKind) {
    let err = parse_pieces(text).unwrap_err();
    let at = err.position().expect("a pieces file's error has a place");
    (at.line, at.column, err.kind().clone())
}

/// The error of a piece file that cannot pack as a whole (it has no place in the text).
fn whole(kind: ParseErrorKind) -> Result<PackPuzzle, ParseError> {
    Err(ParseError::from(kind))
}

/// What a pieces file may hold at a position, as its errors say.
const PIECE_CHARS: &str = "a piece's letter or digit, '#', '.' or a blank";

#[test]
fn pictures_become_pieces() {
    let pieces = parse_pieces("\n  FF. I\n FF   I\n  F\n\n##\r\n#\n\n\nA\n").unwrap();
    let names: String = pieces.iter().map(|p| p.name()).collect();
    assert_eq!(names, "FIBA");
    assert_eq!(pieces[0].shape().to_string(), ".##\n##.\n.#.");
    assert_eq!(pieces[1].shape().to_string(), "#\n#");
    assert_eq!(pieces[2].shape().to_string(), "##\n#.");
    assert_eq!(pieces[3].shape().cells(), [Cell::new(0, 0)]);
}

#[test]
fn errors_say_where() {
    assert_eq!(
        error("AA\nA*"),
        (
            2,
            2,
            ParseErrorKind::UnexpectedChar {
                expected: PIECE_CHARS,
                found: '*'
            }
        )
    );
    assert_eq!(
        error("AA\n\nBA"),
        (
            3,
            2,
            ParseErrorKind::NameReused {
                name: 'A',
                first_line: 1
            }
        )
    );
    assert_eq!(
        error("A.A"),
        (
            1,
            3,
            ParseErrorKind::Disconnected {
                name: 'A',
                first_line: 1,
                first_column: 1
            }
        )
    );
    assert_eq!(
        error("#\n\n#.#"),
        (
            3,
            3,
            ParseErrorKind::Disconnected {
                name: '#',
                first_line: 3,
                first_column: 1
            }
        )
    );
    let many: Vec<String> = (0..63).map(|_| "#".to_string()).collect();
    assert_eq!(
        error(&many.join("\n\n")),
        (125, 1, ParseErrorKind::OutOfNames { names: 62 })
    );
    assert_eq!(
        parse_pieces("A\u{0}").unwrap_err().to_string(),
        "1:2: expected a piece's letter or digit, '#', '.' or a blank, found '\\u{0}'"
    );
}

#[test]
fn puzzles_are_checked_whole() {
    let pack = Pack::from_board_text("..\n..").unwrap();
    assert_eq!(pack.parse(""), whole(ParseErrorKind::NoPieces));
    assert_eq!(
        pack.parse("AAA"),
        whole(ParseErrorKind::FitsNowhere { name: 'A' })
    );
    assert_eq!(
        pack.parse("AA\n\nB"),
        whole(ParseErrorKind::Area {
            pieces: 3,
            board: 4
        })
    );
    let square = Shape::new([(0, 0)]).unwrap();
    let twins = vec![Piece::new('A', square.clone()), Piece::new('A', square)];
    assert_eq!(
        PackPuzzle::new(Mask::full(1, 2), twins),
        whole(ParseErrorKind::DuplicateName { name: 'A' })
    );
    assert!(matches!(
        Pack::from_board_text("..\nx."),
        Err(error) if error.line() == Some(2)
    ));
}

#[test]
fn pieces_are_read_no_further_than_the_board_allows() {
    // On a board of READ_AT_LEAST cells, the cell after them is where reading stops,
    // after an earlier error if there is one.
    let row = "A".repeat(1024) + "\n";
    let text = row.repeat(1024) + "\n*B";
    let error = parse_pieces_within(&text, READ_AT_LEAST).unwrap_err();
    let kind = ParseErrorKind::UnexpectedChar {
        expected: PIECE_CHARS,
        found: '*',
    };
    assert_eq!(
        (error.line(), error.column(), error.kind()),
        (Some(1026), Some(1), &kind)
    );
    let text = row.repeat(1024) + "\nB*";
    let error = parse_pieces_within(&text, READ_AT_LEAST).unwrap_err();
    let kind = ParseErrorKind::TooManyCells {
        read: READ_AT_LEAST,
        board: READ_AT_LEAST,
    };
    assert_eq!(
        (error.line(), error.column(), error.kind()),
        (Some(1026), Some(1), &kind)
    );
    // Small boards read a million cells: a piece that fits nowhere is said so.
    let pack = Pack::from_board_text("...\n...").unwrap();
    assert_eq!(
        pack.parse("AAAA\n\nBBB"),
        whole(ParseErrorKind::FitsNowhere { name: 'A' })
    );
    let error = Pack::new(Mask::full(1, 1))
        .parse(&row.repeat(1025))
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "1025:1: the pieces have more than 1048576 cells and the board has 1: expected as \
         many (every cell is covered by exactly one piece)"
    );
}

#[test]
fn huge_puzzles_are_refused_before_they_are_built() {
    // 62 L-decominoes (8 orientations each) on a 160 x 160 board, about 7 GiB: refused
    // before a placement is tried, whatever else is wrong (the areas differ here).
    let names = NAMES.chars();
    let l = Shape::new((0..9).map(|row| (row, 0)).chain([(8, 1)])).unwrap();
    let pieces: Vec<Piece> = names.map(|name| Piece::new(name, l.clone())).collect();
    let error = PackPuzzle::new(Mask::full(160, 160), pieces.clone()).unwrap_err();
    assert!(
        matches!(error.kind(), ParseErrorKind::Refused { .. }),
        "{error}"
    );
    let size = polyomino::EncodingSize::of(&Mask::full(160, 160), &pieces, Usage::Once);
    assert!(size.bytes() > polyomino::MAX_ENCODING_BYTES);
    assert!(
        error.to_string().contains("up to 11987328 options"),
        "{error}"
    );
    // On a board a quarter that size the same pieces are checked for area.
    assert_eq!(
        PackPuzzle::new(Mask::full(80, 80), pieces),
        whole(ParseErrorKind::Area {
            pieces: 620,
            board: 6400
        })
    );
}

#[test]
fn dominoes_on_a_square() {
    let pack = Pack::new(Mask::full(2, 2));
    let puzzle = pack.parse("AA\n\nBB").unwrap();
    let encoding = pack.encode(&puzzle).unwrap();
    let boards: Vec<String> = dlx::Solver::new(&encoding.problem)
        .solutions()
        .map(|s| {
            pack.decode(&puzzle, &encoding.choices_of(s.options()))
                .to_string()
        })
        .collect();
    let mut sorted = boards.clone();
    sorted.sort();
    assert_eq!(sorted, ["AA\nBB", "AB\nAB", "BA\nBA", "BB\nAA"]);
}
