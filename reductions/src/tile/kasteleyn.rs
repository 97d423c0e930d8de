//! The number of domino tilings of a board without holes, exactly and in polynomial time, by
//! Kasteleyn's method (1961), where the frontier of a memoized count is too wide (the Aztec
//! diamond of order 30: some 6 * 10^8 signatures at once).
//!
//! Colour the cells like a checkerboard, and let K be the matrix with a row per black cell, a
//! column per white cell, and for each pair of neighbours 1 when they lie side by side and
//! (-1)^c when one is above the other in column c. A tiling is a perfect matching of black and
//! white cells, so it is a term of det K; around every 2 x 2 block of the board the signs
//! multiply to -1, and on a board whose every bounded face is such a block (no holes) this
//! makes all the terms of one sign: |det K| is the number of tilings. The determinant is
//! taken modulo primes just below 2^62 (Gaussian elimination, which fills in only within the
//! band that the board's narrowest cell order leaves) and rebuilt by the Chinese remainder
//! theorem, with enough primes for Bregman's bound on the number of perfect matchings.

use crate::grid::{Cell, Mask};
use crate::polyomino::CellOrder;

/// The most cells of a board [`domino_tilings`] counts: its matrix is kept whole, (cells / 2)^2
/// words (72 MB here).
pub const MAX_KASTELEYN_CELLS: usize = 6000;

/// The number of domino tilings of `board`, as the digits of a number in base 2^64 (lowest
/// first), if the board has no holes (every cell outside it reaches the outside through cells
/// outside it, diagonal steps allowed) and at most [`MAX_KASTELEYN_CELLS`] cells; `None`
/// otherwise.
///
/// ```
/// use reductions::grid::Mask;
/// use reductions::tile::domino_tilings;
///
/// assert_eq!(domino_tilings(&Mask::full(8, 8)), Some(vec![12_988_816]));
/// ```
pub fn domino_tilings(board: &Mask) -> Option<Vec<u64>> {
    if board.len() > MAX_KASTELEYN_CELLS || has_holes(board) {
        return None;
    }
    let cells: Vec<Cell> = CellOrder::narrowest(board).cells(board);
    let (mut black, mut white) = (Vec::new(), Vec::new());
    let mut index = std::collections::HashMap::new();
    for &cell in &cells {
        let list = if (cell.row + cell.col) % 2 == 0 {
            &mut black
        } else {
            &mut white
        };
        index.insert(cell, list.len());
        list.push(cell);
    }
    if black.len() != white.len() {
        return Some(vec![0]);
    }
    let n = black.len();
    if n == 0 {
        return Some(vec![1]);
    }
    // The entries of K: (black, white, sign).
    let mut entries = Vec::new();
    for (b, &cell) in black.iter().enumerate() {
        let neighbours = [
            (cell.row, cell.col.wrapping_sub(1), 1i64),
            (cell.row, cell.col + 1, 1),
            (cell.row.wrapping_sub(1), cell.col, -1),
            (cell.row + 1, cell.col, -1),
        ];
        for (row, col, vertical) in neighbours {
            let other = Cell::new(row, col);
            if row == usize::MAX || col == usize::MAX || !board.contains(other) {
                continue;
            }
            // A vertical pair in column c has sign (-1)^c.
            let sign = if vertical < 0 && cell.col % 2 == 1 {
                -1
            } else {
                1
            };
            entries.push((b, index[&other], sign));
        }
    }
    // Bregman: at most the product over black cells of (d!)^(1/d), d its neighbours.
    let mut degree = vec![0usize; n];
    for &(b, _, _) in &entries {
        degree[b] += 1;
    }
    let factorial = [1.0f64, 1.0, 2.0, 6.0, 24.0];
    let bits: f64 = degree
        .iter()
        .filter(|&&d| d > 0)
        .map(|&d| factorial[d].log2() / d as f64)
        .sum();
    // Each prime is above 2^61; one more for the sign (|det| < M / 2).
    let needed = (bits / 61.0).ceil() as usize + 2;
    let primes = primes_below_2_62(needed);
    let residues: Vec<u64> = primes
        .iter()
        .map(|&p| determinant_mod(n, &entries, p))
        .collect();
    Some(rebuild(&residues, &primes))
}

/// Whether some cell outside `board` cannot reach the outside through cells outside it.
pub(super) fn has_holes(board: &Mask) -> bool {
    let (rows, cols) = (board.rows() + 2, board.cols() + 2);
    let outside = |r: usize, c: usize| {
        r == 0
            || c == 0
            || r == rows - 1
            || c == cols - 1
            || !board.contains(Cell::new(r - 1, c - 1))
    };
    let mut seen = vec![false; rows * cols];
    let mut stack = vec![(0usize, 0usize)];
    seen[0] = true;
    while let Some((r, c)) = stack.pop() {
        for dr in -1i64..=1 {
            for dc in -1i64..=1 {
                let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                if nr < 0 || nc < 0 || nr >= rows as i64 || nc >= cols as i64 {
                    continue;
                }
                let (nr, nc) = (nr as usize, nc as usize);
                if !seen[nr * cols + nc] && outside(nr, nc) {
                    seen[nr * cols + nc] = true;
                    stack.push((nr, nc));
                }
            }
        }
    }
    (0..rows).any(|r| (0..cols).any(|c| outside(r, c) && !seen[r * cols + c]))
}

fn mul_mod(a: u64, b: u64, p: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(p)) as u64
}

fn pow_mod(mut base: u64, mut exp: u64, p: u64) -> u64 {
    let mut result = 1;
    while exp > 0 {
        if exp & 1 == 1 {
            result = mul_mod(result, base, p);
        }
        base = mul_mod(base, base, p);
        exp >>= 1;
    }
    result
}

/// Miller-Rabin with the bases that decide every number below 2^64.
fn is_prime(n: u64) -> bool {
    if n < 2 || n % 2 == 0 {
        return n == 2;
    }
    let (mut d, mut s) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        s += 1;
    }
    [2u64, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]
        .iter()
        .all(|&a| {
            let mut x = pow_mod(a % n, d, n);
            if x == 0 || x == 1 || x == n - 1 {
                return true;
            }
            for _ in 1..s {
                x = mul_mod(x, x, n);
                if x == n - 1 {
                    return true;
                }
            }
            false
        })
}

/// The `count` largest primes below 2^62.
fn primes_below_2_62(count: usize) -> Vec<u64> {
    let mut primes = Vec::with_capacity(count);
    let mut candidate = (1u64 << 62) - 1;
    while primes.len() < count {
        if is_prime(candidate) {
            primes.push(candidate);
        }
        candidate -= 2;
    }
    primes
}

/// det K modulo `p`, K `n` x `n` with the given entries, by Gaussian elimination with row
/// swaps; each row is worked on only over the columns where it can be nonzero.
fn determinant_mod(n: usize, entries: &[(usize, usize, i64)], p: u64) -> u64 {
    let mut rows = vec![0u64; n * n];
    let mut span = vec![(usize::MAX, 0usize); n];
    for &(b, w, sign) in entries {
        rows[b * n + w] = if sign > 0 { 1 } else { p - 1 };
        span[b] = (span[b].0.min(w), span[b].1.max(w));
    }
    let mut det = 1u64;
    for k in 0..n {
        let Some(pivot) = (k..n).find(|&i| span[i].0 <= k && rows[i * n + k] != 0) else {
            return 0;
        };
        if pivot != k {
            for c in 0..n {
                rows.swap(pivot * n + c, k * n + c);
            }
            span.swap(pivot, k);
            det = p - det;
        }
        let head = rows[k * n + k];
        det = mul_mod(det, head, p);
        let inverse = pow_mod(head, p - 2, p);
        let end = span[k].1;
        for i in k + 1..n {
            if span[i].0 > k || rows[i * n + k] == 0 {
                continue;
            }
            let factor = mul_mod(rows[i * n + k], inverse, p);
            for c in k..=end {
                let sub = mul_mod(factor, rows[k * n + c], p);
                let value = &mut rows[i * n + c];
                *value = if *value >= sub {
                    *value - sub
                } else {
                    *value + p - sub
                };
            }
            span[i].1 = span[i].1.max(end);
            span[i].0 = span[i].0.max(k + 1).min(span[i].1);
        }
    }
    det % p
}

/// The number whose residues modulo `primes` are `residues`, taken as the one nearest 0 (a
/// determinant may be negative), its absolute value as base-2^64 digits; by Garner's mixed
/// radix form.
fn rebuild(residues: &[u64], primes: &[u64]) -> Vec<u64> {
    let k = primes.len();
    // x = c0 + c1 p0 + c2 p0 p1 + ..., each c_i in [0, p_i).
    let mut coefficients = vec![0u64; k];
    for i in 0..k {
        let p = primes[i];
        let mut value = residues[i] % p;
        let mut product = 1u64;
        // value = (r_i - (c0 + c1 p0 + ...)) / (p0 ... p_{i-1}) mod p_i
        let mut partial = 0u64;
        for j in 0..i {
            partial = (partial + mul_mod(coefficients[j] % p, product, p)) % p;
            product = mul_mod(product, primes[j] % p, p);
        }
        value = (value + p - partial) % p;
        coefficients[i] = mul_mod(value, pow_mod(product, p - 2, p), p);
    }
    // The whole modulus M and x, as digits.
    let mut x = vec![0u64];
    for i in (0..k).rev() {
        mul_small(&mut x, primes[i]);
        add_small(&mut x, coefficients[i]);
    }
    let mut modulus = vec![1u64];
    for &p in primes {
        mul_small(&mut modulus, p);
    }
    // Past M / 2 the determinant is negative: its absolute value is M - x.
    let mut half = modulus.clone();
    shift_right_one(&mut half);
    if dlx::Count::from_limbs(&x) > dlx::Count::from_limbs(&half) {
        subtract_from(&mut modulus, &x);
        x = modulus;
    }
    while x.len() > 1 && x.last() == Some(&0) {
        x.pop();
    }
    x
}

fn mul_small(digits: &mut Vec<u64>, factor: u64) {
    let mut carry = 0u128;
    for digit in digits.iter_mut() {
        let value = u128::from(*digit) * u128::from(factor) + carry;
        *digit = value as u64;
        carry = value >> 64;
    }
    if carry > 0 {
        digits.push(carry as u64);
    }
}

fn add_small(digits: &mut Vec<u64>, add: u64) {
    let mut carry = add;
    for digit in digits.iter_mut() {
        let (sum, over) = digit.overflowing_add(carry);
        *digit = sum;
        carry = u64::from(over);
        if carry == 0 {
            return;
        }
    }
    if carry > 0 {
        digits.push(carry);
    }
}

fn shift_right_one(digits: &mut [u64]) {
    let mut carry = 0u64;
    for digit in digits.iter_mut().rev() {
        let low = *digit & 1;
        *digit = (*digit >> 1) | (carry << 63);
        carry = low;
    }
}

/// `a -= b`, for `a >= b`.
fn subtract_from(a: &mut [u64], b: &[u64]) {
    let mut borrow = 0u64;
    for (i, digit) in a.iter_mut().enumerate() {
        let (d1, o1) = digit.overflowing_sub(b.get(i).copied().unwrap_or(0));
        let (d2, o2) = d1.overflowing_sub(borrow);
        *digit = d2;
        borrow = u64::from(o1 || o2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn aztec(order: usize) -> Mask {
        let mut board = Mask::empty(2 * order, 2 * order);
        let n = order as i64;
        for r in 0..2 * n {
            for c in 0..2 * n {
                if (2 * r - 2 * n + 1).abs() + (2 * c - 2 * n + 1).abs() <= 2 * n {
                    board.insert(Cell::new(r as usize, c as usize));
                }
            }
        }
        board
    }

    /// 2^(n(n+1)/2) tilings of the Aztec diamond of order n.
    #[test]
    fn aztec_diamonds() {
        for order in 1..=30 {
            let bits = order * (order + 1) / 2;
            let mut want = vec![0u64; bits / 64 + 1];
            want[bits / 64] = 1 << (bits % 64);
            assert_eq!(domino_tilings(&aztec(order)), Some(want), "order {order}");
        }
    }

    /// OEIS A004003 (2n x 2n) and rectangles with odd area.
    #[test]
    fn squares_and_rectangles() {
        assert_eq!(domino_tilings(&Mask::full(2, 2)), Some(vec![2]));
        assert_eq!(domino_tilings(&Mask::full(4, 4)), Some(vec![36]));
        assert_eq!(domino_tilings(&Mask::full(6, 6)), Some(vec![6728]));
        assert_eq!(domino_tilings(&Mask::full(3, 5)), Some(vec![0]));
        assert_eq!(domino_tilings(&Mask::full(3, 4)), Some(vec![11]));
        // 16 x 16: 2444888770250892795802079170816.
        let want: u128 = 2_444_888_770_250_892_795_802_079_170_816;
        assert_eq!(
            domino_tilings(&Mask::full(16, 16)),
            Some(vec![want as u64, (want >> 64) as u64])
        );
    }

    /// Random boards in a 6 x 6 grid: wherever there are no holes, the engine's count of the
    /// tilings (enumerated) is the determinant's; with holes, it is refused.
    #[test]
    fn random_boards_against_enumeration() {
        use crate::tile::{piece_set, Tile};
        use crate::Reduction;
        let mut rng = crate::generate::Rng::new(9);
        let (mut compared, mut tiled) = (0, 0);
        for _ in 0..400 {
            // A full 6 x 6 less a few random dominoes (so as many black as white cells), and
            // now and then one more cell.
            let mut board = Mask::full(6, 6);
            for _ in 0..rng.below(9) {
                let (r, c) = (rng.below(6), rng.below(6));
                let other = if rng.below(2) == 0 {
                    (r, c + 1)
                } else {
                    (r + 1, c)
                };
                if other.0 < 6 && other.1 < 6 {
                    board.remove(Cell::new(r, c));
                    board.remove(Cell::new(other.0, other.1));
                }
            }
            if rng.below(8) == 0 {
                board.remove(Cell::new(rng.below(6), rng.below(6)));
            }
            let tile = Tile::new(board.clone(), false);
            let puzzle = tile.puzzle(piece_set("domino").unwrap()).unwrap();
            let encoding = tile.encode(&puzzle).unwrap();
            let counted = dlx::Solver::new(&encoding.problem).count().solutions;
            match domino_tilings(&board) {
                Some(digits) => {
                    assert_eq!(digits, vec![counted as u64], "{board:?}");
                    compared += 1;
                    tiled += usize::from(counted > 0);
                }
                None => assert!(has_holes(&board)),
            }
        }
        assert!(
            compared > 100 && tiled > 50,
            "{compared} boards compared, {tiled} tiled"
        );
    }

    #[test]
    fn boards_with_holes_are_refused() {
        let mut ring = Mask::full(4, 4);
        ring.remove(Cell::new(1, 1));
        assert_eq!(domino_tilings(&ring), None);
        // A cell missing at the edge is no hole.
        let mut notch = Mask::full(4, 4);
        notch.remove(Cell::new(0, 1));
        assert_eq!(domino_tilings(&notch), Some(vec![0]));
    }
}
