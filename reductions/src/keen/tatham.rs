//! Keen as Tatham's Keen writes it: `4:_a_5a6_aa,s1a9d2d2s1m36m4`. Before the comma, the
//! walls between cells: first the n(n - 1) places between cells side by side, row by row,
//! then the n(n - 1) between cells one above the other, column by column, and a last wall
//! past the end; each letter is the run of places without a wall before a wall (`_` none,
//! `a` one, ... `x` 24, `z` 26), but `y` is 25 places and no wall (so Keen reads it; it
//! writes `z` for that, which it cannot read back, in a run of 25 or more that no puzzle it
//! makes has), and a letter followed by a number stands for that many of it. After the comma, each cage's operation (`a`dd, `s`ubtract,
//! `m`ultiply, `d`ivide) and target, the cages in the order of their first cells.

use super::{Grid, Operation, MAX_SIZE};
use crate::tatham;
use crate::text::{Cursor, ParseError, ParseErrorKind};

/// The letters of Keen's difficulties in its parameters (`6dn`, `9dxm`).
const LEVELS: [char; 5] = ['e', 'n', 'h', 'x', 'u'];

/// The two cells on either side of wall place `k` of a grid of side `n`.
fn sides(n: usize, k: usize) -> (usize, usize) {
    if k < n * (n - 1) {
        let (row, col) = (k / (n - 1), k % (n - 1));
        (row * n + col, row * n + col + 1)
    } else {
        let (col, row) = (k / (n - 1) - n, k % (n - 1));
        (row * n + col, (row + 1) * n + col)
    }
}

fn find(parent: &mut [usize], mut cell: usize) -> usize {
    while parent[cell] != cell {
        parent[cell] = parent[parent[cell]];
        cell = parent[cell];
    }
    cell
}

/// Reads a Keen game ID.
pub(super) fn parse(text: &str) -> Result<Grid, ParseError> {
    let id = tatham::split(text)?;
    let mut cursor = id.params_cursor();
    let n = tatham::number(&mut cursor, "the grid size", 1, MAX_SIZE as u64)? as usize;
    if cursor.peek() == Some('d') {
        cursor.bump();
        match cursor.peek() {
            Some(level) if LEVELS.contains(&level) => {
                cursor.bump();
            }
            _ => return Err(cursor.unexpected("a difficulty letter: e, n, h, x or u")),
        }
    }
    if cursor.peek() == Some('m') {
        cursor.bump();
    }
    if !cursor.at_end() {
        return Err(cursor.unexpected("':' after the grid size"));
    }
    let mut cursor = id.desc_cursor();
    let places = 2 * n * (n - 1);
    let mut parent: Vec<usize> = (0..n * n).collect();
    let mut place = 0;
    let mut repeat: Option<(usize, usize)> = None;
    while repeat.is_some() || cursor.peek().is_some_and(|c| c != ',') {
        let run = match repeat {
            Some((run, left)) => {
                repeat = (left > 1).then_some((run, left - 1));
                run
            }
            None => {
                let run = match cursor.peek() {
                    Some('_') => 0,
                    Some(c @ 'a'..='z') => c as usize - 'a' as usize + 1,
                    _ => return Err(cursor.unexpected("a run letter ('_', 'a' to 'z') or ','")),
                };
                cursor.bump();
                if cursor.peek().is_some_and(|c| c.is_ascii_digit()) {
                    let times =
                        tatham::number(&mut cursor, "a repeat count", 1, places as u64 + 1)?;
                    repeat = (times > 1).then_some((run, times as usize - 1));
                }
                run
            }
        };
        let too_much = |cursor: &Cursor| {
            cursor.error(ParseErrorKind::Count {
                what: "places between cells in the walls",
                expected: places,
                found: places + 1,
            })
        };
        for _ in 0..run {
            if place >= places {
                return Err(too_much(&cursor));
            }
            let (a, b) = sides(n, place);
            let (a, b) = (find(&mut parent, a), find(&mut parent, b));
            parent[a.max(b)] = a.min(b);
            place += 1;
        }
        // `y` is 25 places and no wall after them (as Keen reads it).
        if run != 25 {
            place += 1;
            if place > places + 1 {
                return Err(too_much(&cursor));
            }
        }
    }
    if place != places + 1 {
        return Err(cursor.error(ParseErrorKind::Count {
            what: "places between cells in the walls",
            expected: places,
            found: place.saturating_sub(1),
        }));
    }
    match cursor.peek() {
        Some(',') => {
            cursor.bump();
        }
        _ => return Err(cursor.unexpected("',' after the walls")),
    }
    let map: Vec<usize> = (0..n * n).map(|cell| find(&mut parent, cell)).collect();
    let mut clues: Vec<Option<(Operation, u64)>> = vec![None; n * n];
    let mut sizes = vec![0; n * n];
    for &root in &map {
        sizes[root] += 1;
    }
    for cell in 0..n * n {
        if map[cell] != cell {
            continue;
        }
        let operation = match cursor.peek() {
            Some('a') => Operation::Add,
            Some('s') => Operation::Subtract,
            Some('m') => Operation::Multiply,
            Some('d') => Operation::Divide,
            Some(_) => return Err(cursor.unexpected("a cage's operation: a, s, m or d")),
            None => {
                let cages = map.iter().enumerate().filter(|&(c, &r)| c == r).count();
                let given = clues.iter().flatten().count();
                return Err(cursor.error(ParseErrorKind::EndOfLine {
                    expected: format!(
                        "{} more clues (the walls make {cages} cages)",
                        cages - given
                    ),
                }));
            }
        };
        if operation.pairs_only() && sizes[cell] != 2 {
            return Err(cursor.error(ParseErrorKind::Refused {
                reason: format!(
                    "the cage at r{}c{} has {} cells; subtraction and division need a cage of two",
                    cell / n + 1,
                    cell % n + 1,
                    sizes[cell]
                ),
            }));
        }
        cursor.bump();
        let target = tatham::number(&mut cursor, "a cage's target", 0, 999_999_999_999)?;
        clues[cell] = Some((operation, target));
    }
    if let Some(c) = cursor.peek() {
        return Err(cursor.error(ParseErrorKind::Trailing {
            after: "a clue for every cage".to_owned(),
            found: c,
        }));
    }
    Ok(Grid::from_cage_map(n, &map, |root| {
        clues[root].expect("every cage has a clue")
    }))
}

/// The game ID of a grid, as Keen writes it (its digits left out).
pub(super) fn write(grid: &Grid) -> String {
    let n = grid.n;
    let places = 2 * n * (n - 1);
    let mut runs = String::new();
    let mut run = 0;
    for place in 0..=places {
        let wall = place == places || {
            let (a, b) = sides(n, place);
            grid.cage_of[a] != grid.cage_of[b]
        };
        if !wall {
            run += 1;
            continue;
        }
        // Keen writes `z` for 25 places without a wall, but reads `y` so (and `z` as 26
        // places and a wall): what it reads is written.
        while run >= 25 {
            runs.push('y');
            run -= 25;
        }
        runs.push(match run {
            0 => '_',
            run => char::from(b'a' + run as u8 - 1),
        });
        run = 0;
    }
    // Runs of one letter, three or more, as the letter and its count.
    let mut id = format!("{n}:");
    let letters: Vec<char> = runs.chars().collect();
    let mut k = 0;
    while k < letters.len() {
        let c = letters[k];
        let same = letters[k..].iter().take_while(|&&d| d == c).count();
        id.push(c);
        match same {
            1 => {}
            2 => id.push(c),
            _ => id.push_str(&same.to_string()),
        }
        k += same;
    }
    id.push(',');
    for cage in &grid.cages {
        id.push(match cage.operation {
            Operation::Add => 'a',
            Operation::Subtract => 's',
            Operation::Multiply => 'm',
            Operation::Divide => 'd',
        });
        id.push_str(&cage.target.to_string());
    }
    id
}
