//! Named sets of pieces: the domino, the trominoes, the tetrominoes and the pentominoes, each
//! piece named by its usual letter.

use crate::polyomino::{Piece, Shape};

/// The names [`piece_set`] knows, in the order its error lists them.
pub const SET_NAMES: [&str; 6] = [
    "domino",
    "l-tromino",
    "i-tromino",
    "trominoes",
    "tetrominoes",
    "pentominoes",
];

/// Pictures of the pieces: a name and rows, `#` a cell.
const DOMINO: &[(char, &[&str])] = &[('D', &["##"])];
const L_TROMINO: &[(char, &[&str])] = &[('L', &["#", "##"])];
const I_TROMINO: &[(char, &[&str])] = &[('I', &["###"])];
const TROMINOES: &[(char, &[&str])] = &[('I', &["###"]), ('L', &["#", "##"])];
const TETROMINOES: &[(char, &[&str])] = &[
    ('I', &["####"]),
    ('O', &["##", "##"]),
    ('T', &["###", ".#"]),
    ('S', &[".##", "##"]),
    ('L', &["#", "#", "##"]),
];
const PENTOMINOES: &[(char, &[&str])] = &[
    ('F', &[".##", "##", ".#"]),
    ('I', &["#####"]),
    ('L', &["#", "#", "#", "##"]),
    ('N', &[".#", ".#", "##", "#"]),
    ('P', &["##", "##", "#"]),
    ('T', &["###", ".#", ".#"]),
    ('U', &["#.#", "###"]),
    ('V', &["#", "#", "###"]),
    ('W', &["#", "##", ".##"]),
    ('X', &[".#", "###", ".#"]),
    ('Y', &[".#", "##", ".#", ".#"]),
    ('Z', &["##", ".#", ".##"]),
];

fn pieces(pictures: &'static [(char, &'static [&'static str])]) -> impl Iterator<Item = Piece> {
    pictures.iter().map(|&(name, rows)| {
        let cells = rows.iter().enumerate().flat_map(|(row, line)| {
            line.char_indices()
                .filter(|&(_, c)| c == '#')
                .map(move |(col, _)| (row, col))
        });
        Piece::new(name, Shape::new(cells).expect("a drawn piece has cells"))
    })
}

/// The pieces of the named sets, comma-separated (`trominoes`, `domino,l-tromino`): `domino`
/// (D), `l-tromino` (L), `i-tromino` (I), `trominoes` (I and L), `tetrominoes` (I O T S L),
/// `pentominoes` (F I L N P T U V W X Y Z). The error names an unknown set and lists the
/// known ones.
///
/// ```
/// let names: String = reductions::tile::piece_set("pentominoes").unwrap()
///     .iter().map(|piece| piece.name()).collect();
/// assert_eq!(names, "FILNPTUVWXYZ");
/// assert!(reductions::tile::piece_set("hexominoes").is_err());
/// ```
pub fn piece_set(names: &str) -> Result<Vec<Piece>, String> {
    let mut all = Vec::new();
    for name in names.split(',').map(str::trim) {
        let set = match name.to_ascii_lowercase().as_str() {
            "domino" | "dominoes" => DOMINO,
            "l-tromino" => L_TROMINO,
            "i-tromino" => I_TROMINO,
            "trominoes" => TROMINOES,
            "tetrominoes" => TETROMINOES,
            "pentominoes" => PENTOMINOES,
            _ => {
                return Err(format!(
                    "unknown piece set '{}': expected {}, or several separated by commas",
                    crate::text::shown(name),
                    SET_NAMES.join(", ")
                ))
            }
        };
        all.extend(pieces(set));
    }
    Ok(all)
}
