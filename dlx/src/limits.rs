//! The size limit of a problem, which the table's `u32` links set.

/// The largest number of nodes (item headers, option entries and spacers) a problem may have.
///
/// Links are `u32` array indices and the item field of a node is signed (spacers are marked by
/// values `<= 0`, as in Knuth's programs), so the whole table must stay below `2^31` entries.
pub const MAX_NODES: usize = i32::MAX as usize - 2;
