//! The crate's one place of unchecked indexing: reads and writes of the table's records
//! without bounds checks, for the inner loops of `cover`, `uncover` and the choice of item,
//! where bounds checks cost 3-9% of the CPU time on the corpus (pentominoes, queens, Langford).
//!
//! The functions here are visible to the `links` module and its submodules only, and are
//! called only with indices read from the table or checked on the way in. Why that keeps every
//! index in bounds is the table's invariant, written down (with how each operation keeps it)
//! in the `links` module's documentation; debug builds (and so every test, since the test
//! profile keeps debug assertions on in this crate) check each index here as well.

#![allow(unsafe_code)]

use super::ItemLinks;

/// The links of item `i`, without a bounds check in release builds.
#[inline(always)]
pub(super) fn item_at(items: &[ItemLinks], i: usize) -> &ItemLinks {
    debug_assert!(i < items.len(), "item {i} out of {}", items.len());
    // SAFETY: by the table's invariant (the `links` module), `i` is an item index: read from
    // a `prev` or `next` link, a node's `TOP`, or checked on the way in.
    unsafe { items.get_unchecked(i) }
}

/// The links of item `i`, mutably, without a bounds check in release builds.
#[inline(always)]
pub(super) fn item_at_mut(items: &mut [ItemLinks], i: usize) -> &mut ItemLinks {
    debug_assert!(i < items.len(), "item {i} out of {}", items.len());
    // SAFETY: as for `item_at`.
    unsafe { items.get_unchecked_mut(i) }
}

/// Record `x` of one of the node arrays (or of the per-item arrays `bound` and `slack`,
/// which have a record for every item), without a bounds check in release builds.
#[inline(always)]
pub(super) fn at<T>(records: &[T], x: usize) -> &T {
    debug_assert!(x < records.len(), "index {x} out of {}", records.len());
    // SAFETY: by the table's invariant (the `links` module), `x` is a node index (both node
    // arrays have one record per node), or an item index into an array with a record for
    // every item.
    unsafe { records.get_unchecked(x) }
}

/// Record `x` of one of the node arrays, mutably, without a bounds check in release builds.
#[inline(always)]
pub(super) fn at_mut<T>(records: &mut [T], x: usize) -> &mut T {
    debug_assert!(x < records.len(), "index {x} out of {}", records.len());
    // SAFETY: as for `at`.
    unsafe { records.get_unchecked_mut(x) }
}

/// Asks the processor to bring record `x` into the cache, where it can (x86-64; not under
/// Miri, which does not know the instruction). `cover` and `uncover` ask for the next option's
/// entries while they hide the current one: the next node of an item's list is usually far
/// away in memory, and its `aux` starts the next walk (4% fewer CPU seconds on pentominoes).
#[inline(always)]
pub(super) fn prefetch<T>(records: &[T], x: usize) {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    // SAFETY: a prefetch never faults, whatever the address; SSE is part of x86-64.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(records.as_ptr().wrapping_add(x) as *const i8);
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    let _ = (records, x);
}
