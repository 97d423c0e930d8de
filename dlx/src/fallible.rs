//! Allocations that fail with `None` instead of aborting the process: the tables of a search
//! (and each worker's copy of them) are the large allocations a caller's input decides, so
//! a refusal becomes an error or a lower bound, never an abort.

/// A vector of `len` copies of `value`, or `None` where the allocator refuses the memory
/// (where `vec!` would abort the process).
pub(crate) fn try_vec<T: Clone>(len: usize, value: T) -> Option<Vec<T>> {
    let mut vector = Vec::new();
    vector.try_reserve_exact(len).ok()?;
    vector.resize(len, value);
    Some(vector)
}

/// An empty vector with room for `capacity`, or `None` where the allocator refuses it.
pub(crate) fn try_with_capacity<T>(capacity: usize) -> Option<Vec<T>> {
    let mut vector = Vec::new();
    vector.try_reserve_exact(capacity).ok()?;
    Some(vector)
}

/// A copy of `list`, or `None` when the allocator refuses the memory (where `to_vec` would
/// abort the process): for the copies of a table that each worker of a parallel search takes.
pub(crate) fn try_copy<T: Copy>(list: &[T]) -> Option<Vec<T>> {
    let mut copy = Vec::new();
    copy.try_reserve_exact(list.len()).ok()?;
    copy.extend_from_slice(list);
    Some(copy)
}
