//! Where a rule of the grader looked: the pattern (two crossing houses, a subset, a fish, a
//! chain) whose logic removed candidates, kept with the grid for the hints to name
//! ([`crate::hint`]).

/// Where a rule looked: the pattern whose logic removed candidates. Houses are indices of
/// [`Houses::houses`](super::Houses), cells row-major, values candidate bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Why {
    /// Each of `values` in house `from` lies only where it crosses house `to`.
    Intersection { from: usize, to: usize, values: u64 },
    /// `cells` of `house` hold only `values` (naked), or `values` fit only `cells` of it
    /// (hidden).
    Subset {
        house: usize,
        cells: Vec<usize>,
        values: u64,
        hidden: bool,
    },
    /// `value` in the `base` lines lies only in the `cover` lines.
    Fish {
        value: u64,
        base: Vec<usize>,
        cover: Vec<usize>,
    },
    /// A path of cells with two candidates each, from one end to the other, one of whose
    /// ends holds `value`.
    Chain { cells: Vec<usize>, value: u64 },
    /// A puzzle's own rule, on a cage (Keen's) whose cells are `cells`.
    Cage { cells: Vec<usize> },
}
