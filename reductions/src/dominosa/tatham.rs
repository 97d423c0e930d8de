//! Dominosa as Tatham's Dominosa writes it: `2:001100212221`. Before the colon the largest
//! number n (and, in the parameters Dominosa saves, `d` and a difficulty letter, or the `a`
//! of its old ambiguous mode); after it, the numbers of the n + 1 rows of n + 2 cells, row by
//! row, a digit each, those past 9 in brackets (`[10]`).

use super::{balanced, Grid, MAX_SIZE};
use crate::tatham;
use crate::text::{ParseError, ParseErrorKind};

/// The letters of Dominosa's difficulties in its parameters (`6dt`, `6de`), its old
/// ambiguous mode last.
const LEVELS: [char; 5] = ['t', 'b', 'h', 'e', 'a'];

/// Reads a Dominosa game ID.
pub(super) fn parse(text: &str) -> Result<Grid, ParseError> {
    let id = tatham::split(text)?;
    let mut cursor = id.params_cursor();
    let n = tatham::number(
        &mut cursor,
        "the largest number on the dominoes",
        1,
        MAX_SIZE as u64,
    )? as usize;
    loop {
        match cursor.peek() {
            Some('a') => {
                cursor.bump();
            }
            Some('d') => {
                cursor.bump();
                match cursor.peek() {
                    Some(level) if LEVELS.contains(&level) => {
                        cursor.bump();
                    }
                    _ => {
                        return Err(cursor.unexpected("a difficulty letter: t, b, h, e or a"));
                    }
                }
            }
            _ => break,
        }
    }
    if !cursor.at_end() {
        return Err(cursor.unexpected("':' after the largest number"));
    }
    let (w, h) = (n + 2, n + 1);
    let mut cursor = id.desc_cursor();
    let mut numbers = Vec::with_capacity(w * h);
    while numbers.len() < w * h {
        let number = match cursor.peek() {
            Some(d @ '0'..='9') => {
                cursor.bump();
                u64::from(d.to_digit(10).unwrap_or(0))
            }
            Some('[') => {
                cursor.bump();
                let number = tatham::number(&mut cursor, "a number", 0, u64::MAX)?;
                if cursor.peek() != Some(']') {
                    return Err(cursor.unexpected("']' after a number past 9"));
                }
                cursor.bump();
                number
            }
            Some(_) => return Err(cursor.unexpected("a digit, or a number in brackets: [10]")),
            None => {
                return Err(cursor.error(ParseErrorKind::EndOfLine {
                    expected: format!("{} more numbers ({w} x {h} in all)", w * h - numbers.len()),
                }))
            }
        };
        if number > n as u64 {
            return Err(ParseError::new(
                cursor.line,
                cursor.column - 1,
                ParseErrorKind::OutOfRange {
                    what: "a number (from 0 to the largest number)",
                    min: 0,
                    max: n as u64,
                    found: number.to_string(),
                },
            ));
        }
        numbers.push(number as u8);
    }
    if let Some(c) = cursor.peek() {
        return Err(cursor.error(ParseErrorKind::Trailing {
            after: format!("the {} numbers of the grid", w * h),
            found: c,
        }));
    }
    balanced(Grid {
        n,
        numbers,
        partner: vec![None; w * h],
    })
}

/// Writes a grid's game ID, as Dominosa's "Specific" dialog shows it.
pub(super) fn write(grid: &Grid) -> String {
    let mut id = format!("{}:", grid.n);
    for &number in &grid.numbers {
        if number < 10 {
            id.push(char::from(b'0' + number));
        } else {
            id.push_str(&format!("[{number}]"));
        }
    }
    id
}
