//! A table of signatures with their counts: open addressing over a flat arena of keys, so
//! a signature is stored once, compared in full, and hashed only to find its slot.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::MemoError;

/// Bytes allowed for all tables together, and bytes in use, shared by the workers of a count
/// on several threads.
#[derive(Debug)]
pub(crate) struct Budget {
    pub(crate) limit: usize,
    used: AtomicUsize,
    peak: AtomicUsize,
}

impl Budget {
    pub(crate) fn new(limit: usize) -> Budget {
        Budget {
            limit,
            used: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
        }
    }

    /// A table grows from `from` bytes to `to`, if the limit allows.
    fn grow(&self, from: usize, to: usize) -> Result<(), MemoError> {
        let mut used = self.used.load(Ordering::Relaxed);
        loop {
            let wanted = used - from + to;
            if wanted > self.limit {
                return Err(MemoError::MemoryLimit {
                    limit: self.limit,
                    needed: wanted,
                });
            }
            match self.used.compare_exchange_weak(
                used,
                wanted,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => {
                    self.peak.fetch_max(wanted, Ordering::Relaxed);
                    return Ok(());
                }
                Err(now) => used = now,
            }
        }
    }

    /// Memory held outside the tables, if the limit allows.
    pub(crate) fn grow_by(&self, bytes: usize) -> Result<(), MemoError> {
        self.grow(0, bytes)
    }

    pub(crate) fn release(&self, bytes: usize) {
        self.used.fetch_sub(bytes, Ordering::Relaxed);
    }

    pub(crate) fn used(&self) -> usize {
        self.used.load(Ordering::Relaxed)
    }

    pub(crate) fn peak(&self) -> usize {
        self.peak.load(Ordering::Relaxed)
    }
}

const EMPTY: u64 = 0;

/// Signatures of `stride` words, each with a count of `limbs` 64-bit digits.
#[derive(Debug)]
pub(crate) struct Table {
    stride: usize,
    limbs: usize,
    keys: Vec<u64>,
    counts: Vec<u64>,
    /// `EMPTY`, or the entry's index + 1 in the low half and its hash's top half above.
    slots: Vec<u64>,
    len: usize,
    /// Adds that found their signature already stored.
    pub(crate) hits: u64,
}

pub(crate) fn hash(key: &[u64]) -> u64 {
    let mut h = 0x243f_6a88_85a3_08d3u64;
    for &word in key {
        h = (h ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= h >> 29;
    }
    h.wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ (h >> 32)
}

impl Table {
    pub(crate) fn new(stride: usize, limbs: usize) -> Table {
        Table {
            stride,
            limbs,
            keys: Vec::new(),
            counts: Vec::new(),
            slots: Vec::new(),
            len: 0,
            hits: 0,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Words in a signature.
    pub(crate) fn stride(&self) -> usize {
        self.stride
    }

    pub(crate) fn bytes(&self) -> usize {
        8 * (self.keys.capacity() + self.counts.capacity() + self.slots.capacity())
    }

    pub(crate) fn key(&self, entry: usize) -> &[u64] {
        &self.keys[entry * self.stride..(entry + 1) * self.stride]
    }

    pub(crate) fn count(&self, entry: usize) -> &[u64] {
        &self.counts[entry * self.limbs..(entry + 1) * self.limbs]
    }

    /// Where signature `key` is: `Ok(entry)` if it is stored, else `Err(slot)` with the
    /// empty slot that would take it, and the hash's tag. The slots must not be empty.
    #[inline(always)]
    fn probe(&self, key: &[u64]) -> (Result<usize, usize>, u64) {
        let h = hash(key);
        let mask = self.slots.len() - 1;
        let tag = h & 0xffff_ffff_0000_0000;
        let mut slot = (h as usize) & mask;
        loop {
            let value = self.slots[slot];
            if value == EMPTY {
                return (Err(slot), tag);
            }
            if value & 0xffff_ffff_0000_0000 == tag {
                let entry = (value & 0xffff_ffff) as usize - 1;
                if self.key(entry) == key {
                    return (Ok(entry), tag);
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The entry of signature `key`, if it is stored.
    pub(crate) fn find(&self, key: &[u64]) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        self.probe(key).0.ok()
    }

    /// Replaces the count of entry `entry` by `count`.
    pub(crate) fn set_count(
        &mut self,
        entry: usize,
        count: &[u64],
        budget: &Budget,
    ) -> Result<(), MemoError> {
        let digits = count.iter().rposition(|&d| d != 0).map_or(0, |top| top + 1);
        if digits > self.limbs {
            self.widen(digits, budget)?;
        }
        let target = &mut self.counts[entry * self.limbs..(entry + 1) * self.limbs];
        target.fill(0);
        target[..digits].copy_from_slice(&count[..digits]);
        Ok(())
    }

    /// Adds `count` to the count of signature `key`, storing the signature if it is new.
    pub(crate) fn add(
        &mut self,
        key: &[u64],
        count: &[u64],
        budget: &Budget,
    ) -> Result<(), MemoError> {
        if count.len() > self.limbs {
            self.widen(count.len(), budget)?;
        }
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow(budget)?;
        }
        let (found, tag) = self.probe(key);
        let slot = match found {
            Ok(entry) => {
                self.hits += 1;
                return self.add_count(entry, count, budget);
            }
            Err(slot) => slot,
        };
        if self.len >= u32::MAX as usize - 1 {
            return Err(MemoError::MemoryLimit {
                limit: budget.limit,
                needed: budget.used(),
            });
        }
        self.slots[slot] = tag | (self.len as u64 + 1);
        self.keys.extend_from_slice(key);
        let start = self.counts.len();
        self.counts.resize(start + self.limbs, 0);
        self.counts[start..start + count.len()].copy_from_slice(count);
        self.len += 1;
        Ok(())
    }

    fn add_count(&mut self, entry: usize, count: &[u64], budget: &Budget) -> Result<(), MemoError> {
        let limbs = self.limbs;
        let target = &mut self.counts[entry * limbs..(entry + 1) * limbs];
        let mut carry = false;
        for (k, digit) in target.iter_mut().enumerate() {
            let add = count.get(k).copied().unwrap_or(0);
            if add == 0 && !carry {
                continue;
            }
            let (sum, overflow1) = digit.overflowing_add(add);
            let (sum, overflow2) = sum.overflowing_add(u64::from(carry));
            *digit = sum;
            carry = overflow1 || overflow2;
        }
        if carry {
            self.widen(limbs + 1, budget)?;
            self.counts[entry * self.limbs + limbs] = 1;
        }
        Ok(())
    }

    /// Gives every count `limbs` digits.
    fn widen(&mut self, limbs: usize, budget: &Budget) -> Result<(), MemoError> {
        let before = self.bytes();
        let wanted = (self.slots.len() / 2).max(self.len) * limbs;
        let after = before - 8 * self.counts.capacity() + 8 * wanted;
        budget.grow(before, after)?;
        let mut counts = Vec::new();
        counts
            .try_reserve_exact(wanted)
            .map_err(|_| MemoError::out_of_memory(budget))?;
        for entry in 0..self.len {
            counts.extend_from_slice(self.count(entry));
            counts.resize((entry + 1) * limbs, 0);
        }
        self.counts = counts;
        self.limbs = limbs;
        budget.grow(after, self.bytes())
    }

    /// Doubles the room for entries and rebuilds the slots.
    fn grow(&mut self, budget: &Budget) -> Result<(), MemoError> {
        let before = self.bytes();
        let entries = (2 * self.len).max(64);
        let slots = (2 * entries).next_power_of_two();
        let after = 8 * (entries * (self.stride + self.limbs) + slots);
        budget.grow(before, after.max(before))?;
        let out_of_memory = |_| MemoError::out_of_memory(budget);
        self.keys
            .try_reserve_exact(entries * self.stride - self.keys.len())
            .map_err(out_of_memory)?;
        self.counts
            .try_reserve_exact(entries * self.limbs - self.counts.len())
            .map_err(out_of_memory)?;
        let mut table = Vec::new();
        table.try_reserve_exact(slots).map_err(out_of_memory)?;
        table.resize(slots, EMPTY);
        let mask = slots - 1;
        for entry in 0..self.len {
            let h = hash(self.key(entry));
            let mut slot = (h as usize) & mask;
            while table[slot] != EMPTY {
                slot = (slot + 1) & mask;
            }
            table[slot] = (h & 0xffff_ffff_0000_0000) | (entry as u64 + 1);
        }
        self.slots = table;
        budget.grow(after.max(before), self.bytes())
    }
}
