//! [`Count`]: an exact unsigned integer of any size, for counts that outgrow `u128`.

use std::cmp::Ordering;
use std::fmt;

/// An exact count of solutions, however large: a memoized count of domino tilings of a
/// 20 x 20 board has 51 digits, past `u128`, and is never rounded or wrapped.
///
/// [`to_u128`](Count::to_u128) gives the count as a `u128` where it fits; `Display` prints
/// every digit in decimal; [`limbs`](Count::limbs) gives its 64-bit digits for a big-integer
/// crate.
///
/// ```
/// let count = dlx::Count::from(u128::MAX);
/// assert_eq!(count.to_u128(), Some(u128::MAX));
/// assert_eq!(count.to_string(), u128::MAX.to_string());
/// assert_eq!(count.limbs(), [u64::MAX, u64::MAX]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Count {
    /// Little-endian base-2^64 digits, without trailing zeros (zero has none).
    limbs: Vec<u64>,
}

impl Count {
    /// The count from its little-endian 64-bit digits (trailing zeros allowed).
    pub fn from_limbs(limbs: &[u64]) -> Count {
        let mut limbs = limbs.to_vec();
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        Count { limbs }
    }

    /// The little-endian 64-bit digits, without trailing zeros (none for zero).
    pub fn limbs(&self) -> &[u64] {
        &self.limbs
    }

    /// The count as a `u128`, or `None` when it does not fit.
    pub fn to_u128(&self) -> Option<u128> {
        match self.limbs[..] {
            [] => Some(0),
            [low] => Some(u128::from(low)),
            [low, high] => Some(u128::from(high) << 64 | u128::from(low)),
            _ => None,
        }
    }

    /// Whether the count is zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The number of bits needed to write the count (0 for zero).
    pub fn bits(&self) -> u64 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => 64 * self.limbs.len() as u64 - u64::from(top.leading_zeros()),
        }
    }

    /// Adds `more` into this count.
    pub(crate) fn add(&mut self, more: &Count) {
        if self.limbs.len() < more.limbs.len() {
            self.limbs.resize(more.limbs.len(), 0);
        }
        let mut carry = false;
        for (k, limb) in self.limbs.iter_mut().enumerate() {
            let (sum, over) = limb.overflowing_add(more.limbs.get(k).copied().unwrap_or(0));
            let (sum, over_carry) = sum.overflowing_add(u64::from(carry));
            *limb = sum;
            carry = over || over_carry;
            if !carry && k >= more.limbs.len() {
                break;
            }
        }
        if carry {
            self.limbs.push(1);
        }
    }

    /// This count divided by `divisor`, or `None` when it does not divide exactly.
    pub(crate) fn divided_exactly(&self, divisor: u64) -> Option<Count> {
        let mut limbs = self.limbs.clone();
        (Count::divide_small(&mut limbs, divisor) == 0).then(|| Count::from_limbs(&limbs))
    }

    /// Divides in place by `divisor`, returning the remainder.
    fn divide_small(limbs: &mut [u64], divisor: u64) -> u64 {
        let mut remainder = 0u128;
        for limb in limbs.iter_mut().rev() {
            let current = remainder << 64 | u128::from(*limb);
            *limb = (current / u128::from(divisor)) as u64;
            remainder = current % u128::from(divisor);
        }
        remainder as u64
    }
}

impl From<u128> for Count {
    fn from(value: u128) -> Count {
        Count::from_limbs(&[value as u64, (value >> 64) as u64])
    }
}

impl From<u64> for Count {
    fn from(value: u64) -> Count {
        Count::from_limbs(&[value])
    }
}

impl PartialEq<u128> for Count {
    fn eq(&self, other: &u128) -> bool {
        self.to_u128() == Some(*other)
    }
}

impl PartialOrd for Count {
    fn partial_cmp(&self, other: &Count) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Count {
    fn cmp(&self, other: &Count) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(small) = self.to_u128() {
            return fmt::Display::fmt(&small, f);
        }
        // Peel off 19 decimal digits at a time, the most a u64 holds.
        const CHUNK: u64 = 10_000_000_000_000_000_000;
        let mut limbs = self.limbs.clone();
        let mut chunks = Vec::new();
        while !limbs.is_empty() {
            chunks.push(Count::divide_small(&mut limbs, CHUNK));
            while limbs.last() == Some(&0) {
                limbs.pop();
            }
        }
        let mut text = String::with_capacity(19 * chunks.len());
        let mut chunks = chunks.iter().rev();
        if let Some(top) = chunks.next() {
            text.push_str(&top.to_string());
        }
        for chunk in chunks {
            text.push_str(&format!("{chunk:019}"));
        }
        f.pad_integral(true, "", &text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_digits_past_u128() {
        // 2^128 = u128::MAX + 1.
        let two_to_128 = Count::from_limbs(&[0, 0, 1]);
        assert_eq!(
            two_to_128.to_string(),
            "340282366920938463463374607431768211456"
        );
        assert_eq!(two_to_128.to_u128(), None);
        assert_eq!(two_to_128.bits(), 129);
        // 10^40 = 0x1d_6329f1c35ca4bfab_b9f5610000000000.
        let ten_to_40 = Count::from_limbs(&[0xb9f5_6100_0000_0000, 0x6329_f1c3_5ca4_bfab, 0x1d]);
        assert_eq!(ten_to_40.to_string(), format!("1{}", "0".repeat(40)));
        assert!(ten_to_40 > two_to_128);
        assert_eq!(Count::default().to_string(), "0");
        assert_eq!(Count::from(12_988_816u64), 12_988_816u128);
    }
}
