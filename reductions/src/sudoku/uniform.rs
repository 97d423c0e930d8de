//! Uniformly random 9 x 9 sudoku grids, exactly, in a fraction of a second, where the graph
//! of all 6.67 x 10^21 grids is out of reach (`--random` on an empty grid).
//!
//! A grid is three bands of three rows. Rejection over pairs of bands: the top band is drawn
//! uniformly among all bands with the first row 1..9, the middle band uniformly among all
//! bands, and the pair is kept when no column repeats a digit. A kept pair leaves each column
//! three digits for the bottom band; the bottom bands that fit number N3, at most 1,728, and
//! the pair is kept again with probability N3 / 1,728, when one of the N3 is taken, each as
//! likely. Every grid whose first row is 1..9 is then drawn with the same probability: (one
//! over the pairs drawn) x (N3 / 1,728) x (1 / N3). A uniformly random renaming of the digits
//! makes it uniform over all grids.
//!
//! Why 1,728 bounds N3: the bottom band gives each digit a row in each stack, distinct rows
//! in the three stacks, and each column's three digits distinct rows. A stack's rows are one
//! of 6^3 = 216 choices (each column's digits in some order); given the first stack's, each
//! column of the second has at most 2 orders that give none of its digits the row it has in
//! the first stack (3 digits, each barred from one row: 2 ways when the barred rows differ, 2
//! or 0 when two coincide, 0 when all do); the third stack's rows are then fixed. So N3 <=
//! 216 x 2^3 = 1,728, which the band whose column triples repeat in every stack reaches.
//!
//! A band with a given first row is drawn as Felgenhauer and Jarvis count them: which three
//! digits each box puts in the second row (56 ways, the third row's are the rest), then the
//! order of the three digits in each of the six box rows (6^6 ways), each band once.

use std::sync::OnceLock;

use crate::generate::Rng;

/// The bound on N3, the bottom bands that fit a pair of bands (see the module docs).
const MOST_BOTTOM_BANDS: usize = 1_728;

/// All nine digits, as bits 0 to 8.
const ALL: u16 = 0x1ff;

/// A band: three rows of nine digits, 0 to 8.
type Band = [[u8; 9]; 3];

/// A uniformly random 9 x 9 sudoku grid, row by row, digits 1 to 9.
///
/// ```
/// use reductions::generate::Rng;
/// use reductions::sudoku::random_grid;
///
/// let grid = random_grid(&mut Rng::new(1));
/// for row in 0..9 {
///     let mut seen = [false; 10];
///     for col in 0..9 {
///         assert!(!std::mem::replace(&mut seen[grid[row * 9 + col] as usize], true));
///     }
/// }
/// assert_eq!(grid, random_grid(&mut Rng::new(1)));
/// ```
pub fn random_grid(rng: &mut Rng) -> [u8; 81] {
    drawn(rng).0
}

/// [`random_grid`], and the pairs of bands drawn for it.
fn drawn(rng: &mut Rng) -> ([u8; 81], u64) {
    let identity: [u8; 9] = std::array::from_fn(|d| d as u8);
    let mut pairs = 0u64;
    let (top, middle, bottom) = loop {
        pairs += 1;
        let top = random_band(rng, identity);
        let columns: [u16; 9] =
            std::array::from_fn(|c| top.iter().map(|row| 1u16 << row[c]).fold(0, |a, b| a | b));
        let Some(first) = first_row_avoiding(rng, &columns) else {
            continue;
        };
        let middle = random_band(rng, first);
        if (0..9).any(|c| columns[c] & (1 << middle[1][c] | 1 << middle[2][c]) != 0) {
            continue;
        }
        let left: [u16; 9] = std::array::from_fn(|c| {
            ALL & !(columns[c] | 1 << middle[0][c] | 1 << middle[1][c] | 1 << middle[2][c])
        });
        let bottoms = bottom_bands(&left);
        let draw = rng.below(MOST_BOTTOM_BANDS);
        if let Some(&bottom) = bottoms.get(draw) {
            break (top, middle, bottom);
        }
    };
    let mut names: [u8; 9] = std::array::from_fn(|d| d as u8 + 1);
    rng.shuffle(&mut names);
    let mut grid = [0u8; 81];
    for (band, rows) in [top, middle, bottom].iter().enumerate() {
        for (r, row) in rows.iter().enumerate() {
            for (c, &digit) in row.iter().enumerate() {
                grid[(band * 3 + r) * 9 + c] = names[digit as usize];
            }
        }
    }
    (grid, pairs)
}

/// The first row of a band drawn uniformly among all nine-digit orders, or `None` as soon as
/// a digit lands in a column that already holds it (`columns`, a mask per column): the same
/// rejection as drawing the whole row and looking, sooner.
fn first_row_avoiding(rng: &mut Rng, columns: &[u16; 9]) -> Option<[u8; 9]> {
    let mut row: [u8; 9] = std::array::from_fn(|d| d as u8);
    for at in 0..9 {
        row.swap(at, at + rng.below(9 - at));
        if columns[at] & 1 << row[at] != 0 {
            return None;
        }
    }
    Some(row)
}

/// A band drawn uniformly among those whose first row is `first`.
fn random_band(rng: &mut Rng, first: [u8; 9]) -> Band {
    let splits = second_row_splits();
    let split = splits[rng.below(splits.len())];
    let mut band = [first, [0; 9], [0; 9]];
    for (b, &second) in split.iter().enumerate() {
        // The split is of the first row 0..9: box b's digits renamed as `first` names them.
        let third = ALL & !(0b111 << (3 * b)) & !second;
        for (row, set) in [(1, second), (2, third)] {
            let mut digits = [0u8; 3];
            let named = (0..9).filter(|d| set & 1 << d != 0).map(|d| first[d]);
            for (slot, digit) in digits.iter_mut().zip(named) {
                *slot = digit;
            }
            rng.shuffle(&mut digits);
            band[row][3 * b..3 * b + 3].copy_from_slice(&digits);
        }
    }
    band
}

/// The ways the second row of a band whose first row is 0..9 takes its digits: for each box,
/// the three digits it puts there (three of the six the first row left it), together every
/// digit once. There are 56.
fn second_row_splits() -> &'static [[u16; 3]] {
    static SPLITS: OnceLock<Vec<[u16; 3]>> = OnceLock::new();
    SPLITS.get_or_init(|| {
        let triples = |free: u16| -> Vec<u16> {
            (0u16..512)
                .filter(|&set| set & !free == 0 && set.count_ones() == 3)
                .collect()
        };
        let mut splits = Vec::new();
        for a in triples(ALL & !0b111) {
            for b in triples(ALL & !(0b111 << 3) & !a) {
                let c = ALL & !a & !b;
                if c & (0b111 << 6) == 0 {
                    splits.push([a, b, c]);
                }
            }
        }
        splits
    })
}

/// Every bottom band that fits: each column `c` takes the three digits `left[c]`, in some
/// order, and each row every digit once (each stack's columns share the nine digits out, so
/// the boxes hold each once too).
fn bottom_bands(left: &[u16; 9]) -> Vec<Band> {
    // A stack's rows: for each of its columns, an order of its three digits.
    let orders = |stack: usize| -> Vec<[u8; 9]> {
        let digits: [[u8; 3]; 3] = std::array::from_fn(|k| {
            let set = left[3 * stack + k];
            let mut found = [0u8; 3];
            let mut n = 0;
            for d in 0..9u8 {
                if set & 1 << d != 0 && n < 3 {
                    found[n] = d;
                    n += 1;
                }
            }
            found
        });
        const PERMUTATIONS: [[usize; 3]; 6] = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        let mut all = Vec::with_capacity(216);
        for p in PERMUTATIONS {
            for q in PERMUTATIONS {
                for s in PERMUTATIONS {
                    // row_of[d]: the row digit d takes in this stack; 9 where it has none.
                    let mut row_of = [9u8; 9];
                    for (k, perm) in [p, q, s].iter().enumerate() {
                        for (row, &i) in perm.iter().enumerate() {
                            row_of[digits[k][i] as usize] = row as u8;
                        }
                    }
                    all.push(row_of);
                }
            }
        }
        all
    };
    let (first, second) = (orders(0), orders(1));
    let mut bands = Vec::new();
    for a in &first {
        for b in &second {
            if (0..9).any(|d| a[d] == b[d]) {
                continue;
            }
            // The third stack gives each digit the row left.
            let c: [u8; 9] = std::array::from_fn(|d| 3 - a[d] - b[d]);
            if !fits(left, 2, &c) {
                continue;
            }
            let mut band = [[0u8; 9]; 3];
            for (stack, rows) in [a, b, &c].into_iter().enumerate() {
                for col in 3 * stack..3 * stack + 3 {
                    for d in 0..9 {
                        if left[col] & 1 << d != 0 {
                            band[rows[d] as usize][col] = d as u8;
                        }
                    }
                }
            }
            bands.push(band);
        }
    }
    bands
}

/// Whether the rows `row_of` gives the digits of stack `stack` put each column's three digits
/// in three rows.
fn fits(left: &[u16; 9], stack: usize, row_of: &[u8; 9]) -> bool {
    (3 * stack..3 * stack + 3).all(|col| {
        let rows = (0..9)
            .filter(|&d| left[col] & 1 << d != 0)
            .fold(0u8, |seen, d| seen | 1 << row_of[d]);
        rows == 0b111
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether every row, column and box of `grid` holds 1 to 9.
    fn is_sudoku(grid: &[u8; 81]) -> bool {
        let houses = (0..9).flat_map(|k| {
            [
                (0..9).map(|i| k * 9 + i).collect::<Vec<_>>(),
                (0..9).map(|i| i * 9 + k).collect(),
                (0..9)
                    .map(|i| (k / 3 * 3 + i / 3) * 9 + k % 3 * 3 + i % 3)
                    .collect(),
            ]
        });
        houses.into_iter().all(|house| {
            let digits = house
                .iter()
                .fold(0u16, |seen, &cell| seen | 1 << grid[cell]);
            digits == 0b11_1111_1110
        })
    }

    #[test]
    fn there_are_56_splits_and_every_band_drawn_is_one() {
        assert_eq!(second_row_splits().len(), 56);
        let mut rng = Rng::new(3);
        for _ in 0..1000 {
            let mut first: [u8; 9] = std::array::from_fn(|d| d as u8);
            rng.shuffle(&mut first);
            let band = random_band(&mut rng, first);
            assert_eq!(band[0], first);
            for row in band {
                assert_eq!(row.iter().fold(0u16, |s, &d| s | 1 << d), ALL);
            }
            for b in 0..3 {
                let digits = band
                    .iter()
                    .flat_map(|row| &row[3 * b..3 * b + 3])
                    .fold(0u16, |s, &d| s | 1 << d);
                assert_eq!(digits, ALL);
            }
        }
    }

    /// The bottom bands listed are exactly those a brute force over every order of every
    /// column finds, on the column triples of random pairs of bands that fit; and never more
    /// than the bound, which the triples that repeat in every stack reach.
    #[test]
    fn the_bottom_bands_are_all_there_are_and_at_most_1728() {
        let brute = |left: &[u16; 9]| -> usize {
            let orders: Vec<Vec<[u8; 3]>> = (0..9)
                .map(|c| {
                    let d: Vec<u8> = (0..9).filter(|&d| left[c] & 1 << d != 0).collect();
                    vec![
                        [d[0], d[1], d[2]],
                        [d[0], d[2], d[1]],
                        [d[1], d[0], d[2]],
                        [d[1], d[2], d[0]],
                        [d[2], d[0], d[1]],
                        [d[2], d[1], d[0]],
                    ]
                })
                .collect();
            let mut count = 0;
            for code in 0..6usize.pow(9) {
                let mut rows = [0u16; 3];
                let mut k = code;
                for order in &orders {
                    let o = order[k % 6];
                    k /= 6;
                    for r in 0..3 {
                        rows[r] |= 1 << o[r];
                    }
                }
                count += usize::from(rows.iter().all(|&row| row == ALL));
            }
            count
        };
        let pure: [u16; 9] = std::array::from_fn(|c| 0b111 << (3 * (c % 3)));
        assert_eq!(bottom_bands(&pure).len(), MOST_BOTTOM_BANDS);
        assert_eq!(brute(&pure), MOST_BOTTOM_BANDS);
        let mut rng = Rng::new(5);
        let mut checked = 0;
        while checked < 6 {
            let identity: [u8; 9] = std::array::from_fn(|d| d as u8);
            let top = random_band(&mut rng, identity);
            let columns: [u16; 9] =
                std::array::from_fn(|c| top.iter().map(|row| 1u16 << row[c]).fold(0, |a, b| a | b));
            let Some(first) = first_row_avoiding(&mut rng, &columns) else {
                continue;
            };
            let middle = random_band(&mut rng, first);
            if (0..9).any(|c| columns[c] & (1 << middle[1][c] | 1 << middle[2][c]) != 0) {
                continue;
            }
            let left: [u16; 9] = std::array::from_fn(|c| {
                ALL & !(columns[c] | 1 << middle[0][c] | 1 << middle[1][c] | 1 << middle[2][c])
            });
            let bands = bottom_bands(&left);
            assert!(bands.len() <= MOST_BOTTOM_BANDS);
            assert_eq!(bands.len(), brute(&left));
            for bottom in bands {
                let mut grid = [0u8; 81];
                for (b, rows) in [top, middle, bottom].iter().enumerate() {
                    for r in 0..3 {
                        for c in 0..9 {
                            grid[(b * 3 + r) * 9 + c] = rows[r][c] + 1;
                        }
                    }
                }
                assert!(is_sudoku(&grid));
            }
            checked += 1;
        }
    }

    /// The pairs of bands drawn for a grid agree with the number of grids, 6,670,903,752,
    /// 021,072,936,960 (Felgenhauer and Jarvis, 2005): a pair is kept with probability
    /// (grids whose first row is 1..9) / (bands whose first row is 1..9 x bands x 1,728),
    /// so a grid takes the inverse, some 232,850 pairs, on average. A wrong list of bottom
    /// bands, or a wrong test of the columns, moves the mean by as much as it errs.
    #[test]
    fn the_pairs_drawn_agree_with_the_number_of_grids() {
        let grids: f64 = 6_670_903_752_021_072_936_960.0;
        let orders = 362_880.0; // 9!
        let bands_from_a_row = 56.0 * 6f64.powi(6);
        let expected = bands_from_a_row * orders * bands_from_a_row * 1_728.0 / (grids / orders);
        let mut rng = Rng::new(17);
        let draws = 120;
        let pairs: u64 = (0..draws).map(|_| drawn(&mut rng).1).sum();
        let mean = pairs as f64 / f64::from(draws);
        // The pairs a grid takes are geometric: their mean over 120 grids is within 9% of
        // the expected one two times in three, within 35% all but once in ten thousand.
        assert!(
            (mean / expected - 1.0).abs() < 0.35,
            "mean {mean:.0} pairs a grid, expected {expected:.0}"
        );
    }

    /// Every grid drawn is a sudoku; over many draws each digit is as common in each cell,
    /// and the seed gives the same grids.
    #[test]
    fn grids_drawn_are_sudokus_the_same_for_a_seed() {
        let mut rng = Rng::new(11);
        let mut counts = [[0u32; 10]; 81];
        for _ in 0..200 {
            let grid = random_grid(&mut rng);
            assert!(is_sudoku(&grid));
            for (cell, &digit) in grid.iter().enumerate() {
                counts[cell][digit as usize] += 1;
            }
        }
        for cell in counts {
            assert!(cell[1..].iter().all(|&n| n > 0), "{cell:?}");
        }
        assert_eq!(random_grid(&mut Rng::new(4)), random_grid(&mut Rng::new(4)));
    }
}
