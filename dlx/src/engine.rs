//! [`Engine`]: which of Knuth's algorithms runs a search.

/// Knuth's algorithms for exact cover, each handling more than the one before.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Engine {
    /// Algorithm X: primary and secondary items, no colors.
    X,
    /// Algorithm C: secondary items may have colors.
    C,
    /// Algorithm M: primary items may have multiplicities (bounds `u..=v`), and colors.
    M,
}
