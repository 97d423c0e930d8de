//! The crate's one place of unchecked indexing: reads and writes of the search trees' records
//! without bounds checks, for the inner loops of covering, uncovering and choosing, where bounds
//! checks cost 3-9% of the CPU time on the corpus (pentominoes, queens, Langford pairs).
//!
//! # The invariant
//!
//! Every index passed here is one that its table keeps in bounds: read from the table itself,
//! or checked on the way in. Each tree writes down why, with how each operation keeps it:
//! - the links (`links`'s module docs): item indices are read from a `prev` or `next` link, a
//!   node's `TOP`, or checked; node indices from a vertical link, or checked to be an option's
//!   node; the per-item arrays (`bound`, `slack`) have a record for every item;
//! - the sparse sets (`search::sparse`): an item's base, a place in an item's array, a node of
//!   an option, a place in `active` or `saved`, all of which `Sparse::new` builds in bounds;
//! - the bit sets (`search::bits`): a mask's word at a place from a level's list of nonzero
//!   words (below the words per set), a level's word or place below its length, a level's
//!   slot, a mask or an option's conflicts within its array by construction.
//! - the kernel for many small problems (`kernel`): by items, an item's word, an item's list
//!   or an option's entries at places its tables were built with; by cells, a cell, symbol,
//!   house or reach read from an option or a house's bits below the cells, each table built
//!   to that size (`kernel::cells`'s module docs).
//!
//! Debug builds (and so every test: the test profile keeps debug assertions on in this crate)
//! check each index here. Everywhere else the crate denies `unsafe` code; the only other
//! sites are the entry points of the bit sets and of the kernel's layout by cells compiled for
//! processor features (`target_feature`), each with its own SAFETY note.

#![allow(unsafe_code)]

/// Record `x`, without a bounds check in release builds.
#[inline(always)]
pub(crate) fn at<T>(records: &[T], x: usize) -> &T {
    debug_assert!(x < records.len(), "index {x} out of {}", records.len());
    // SAFETY: `x` is in bounds by its table's invariant (the module docs).
    unsafe { records.get_unchecked(x) }
}

/// Record `x`, mutably, without a bounds check in release builds.
#[inline(always)]
pub(crate) fn at_mut<T>(records: &mut [T], x: usize) -> &mut T {
    debug_assert!(x < records.len(), "index {x} out of {}", records.len());
    // SAFETY: as for `at`.
    unsafe { records.get_unchecked_mut(x) }
}

/// The links of item `i` ([`at`], named for the item lists' walks).
#[inline(always)]
pub(crate) fn item_at<T>(items: &[T], i: usize) -> &T {
    debug_assert!(i < items.len(), "item {i} out of {}", items.len());
    // SAFETY: as for `at`: an item index, read from a link or a `TOP`, or checked.
    unsafe { items.get_unchecked(i) }
}

/// The links of item `i`, mutably ([`at_mut`]).
#[inline(always)]
pub(crate) fn item_at_mut<T>(items: &mut [T], i: usize) -> &mut T {
    debug_assert!(i < items.len(), "item {i} out of {}", items.len());
    // SAFETY: as for `item_at`.
    unsafe { items.get_unchecked_mut(i) }
}

/// A copy of record `i`, without a bounds check in release builds.
#[inline(always)]
pub(crate) fn value_at<T: Copy>(records: &[T], i: usize) -> T {
    debug_assert!(i < records.len(), "index {i} out of {}", records.len());
    // SAFETY: as for `at`.
    unsafe { *records.get_unchecked(i) }
}

/// Writes record `i`, without a bounds check in release builds.
#[inline(always)]
pub(crate) fn put<T>(records: &mut [T], i: usize, value: T) {
    debug_assert!(i < records.len(), "index {i} out of {}", records.len());
    // SAFETY: as for `at`.
    unsafe { *records.get_unchecked_mut(i) = value }
}

/// The `len` records from `from`, without a bounds check in release builds.
#[inline(always)]
pub(crate) fn span<T>(records: &[T], from: usize, len: usize) -> &[T] {
    debug_assert!(
        from + len <= records.len(),
        "records {from}+{len} out of {}",
        records.len()
    );
    // SAFETY: as for `at`, the whole span.
    unsafe { records.get_unchecked(from..from + len) }
}

/// [`span`] to write.
#[inline(always)]
pub(crate) fn span_mut<T>(records: &mut [T], from: usize, len: usize) -> &mut [T] {
    debug_assert!(
        from + len <= records.len(),
        "records {from}+{len} out of {}",
        records.len()
    );
    // SAFETY: as for `span`.
    unsafe { records.get_unchecked_mut(from..from + len) }
}

/// Asks the processor to bring record `x` into the cache, where it can (x86-64; not under
/// Miri, which does not know the instruction). `cover` and `uncover` ask for the next option's
/// entries while they hide the current one: the next node of an item's list is usually far
/// away in memory, and its `aux` starts the next walk (4% fewer CPU seconds on pentominoes).
#[inline(always)]
pub(crate) fn prefetch<T>(records: &[T], x: usize) {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    // SAFETY: a prefetch never faults, whatever the address; SSE is part of x86-64.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(records.as_ptr().wrapping_add(x) as *const i8);
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    let _ = (records, x);
}
