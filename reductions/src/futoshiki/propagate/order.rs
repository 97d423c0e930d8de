//! The order of singleton consistency's trials ([`Order`]). At the adjacent mode's nodes the
//! cells whose trials found something at the node's ancestors (a digit whose trial failed,
//! or digits that no trial of the cell kept) are tried first: such cells tend to find more
//! below, and a failure found early makes the later trials cheaper and leaves the budget to
//! cells that may fail too.
//!
//! The counts go down the path in the engine's [`dlx::propagate::Node::path_bytes`], so they
//! depend on the path alone and the tree is the same on any number of threads. (Counts of
//! what was found anywhere on the thread, as a solver's learning would keep them, took the
//! slowest kept 9adr puzzle a further 7% down, but made the tree depend on how the threads
//! split it.)

/// How [`Filter::probe_from`](super::Filter::probe_from) orders the cells it tries.
pub(super) enum Order<'a> {
    /// Cells with fewer digits first (before the search, where nothing is known yet).
    Fewest,
    /// At a node of the search: cells that found more above first (`found`, a count for
    /// each cell, which the trials raise; none in the plain mode), then from cell `start`
    /// on in cell order (where the parent's budget ran out).
    Path { start: usize, found: &'a mut [u16] },
}

impl Order<'_> {
    /// Notes that a trial of `cell` found something.
    pub(super) fn found(&mut self, cell: usize) {
        if let Order::Path { found, .. } = self {
            if let Some(count) = found.get_mut(cell) {
                *count = count.saturating_add(1);
            }
        }
    }
}

/// The bytes of [`dlx::propagate::Node::path_bytes`] that the counts of `cells` cells take,
/// two each after the byte of the path state, if `counted`.
pub(super) fn path_bytes(cells: usize, counted: bool) -> usize {
    match counted {
        true => 1 + 2 * cells,
        false => 1,
    }
}

/// The counts a node's parent left in `bytes` (its path bytes).
pub(super) fn inherited(bytes: &[u8]) -> Vec<u16> {
    bytes[1..]
        .chunks_exact(2)
        .map(|two| u16::from_le_bytes([two[0], two[1]]))
        .collect()
}

/// Writes `counts` into `bytes` (a node's path bytes) for its children.
pub(super) fn leave(bytes: &mut [u8], counts: &[u16]) {
    for (two, count) in bytes[1..].chunks_exact_mut(2).zip(counts) {
        two.copy_from_slice(&count.to_le_bytes());
    }
}
