//! What singleton consistency's trials ask of the rules they run ([`Trials`]): the loop of
//! trials (`probe.rs`) asks, the light rules (`light.rs`) and the queue's (in `probe.rs`)
//! answer. A module of its own, so that the loop and the light rules do not import each
//! other.

/// The rules singleton consistency's trials run, on the digits they keep: the node's, a
/// trial's, and what the trials of the cell under way kept.
pub(super) trait Trials {
    /// The number of cells.
    fn cells(&self) -> usize;
    /// The node's digits of `cell`.
    fn digits(&self, cell: usize) -> u64;
    /// The work done so far, in the units of the budget.
    fn work(&self) -> u64;
    /// Starts the trials of a cell: nothing kept yet.
    fn begin_cell(&mut self);
    /// Tries `digit` (a bit) in `cell` from the node's digits: false if the rules find no
    /// solution, else true, and what the trial left is added to what the cell's trials kept.
    fn try_digit(&mut self, cell: usize, digit: u64) -> bool;
    /// Takes `digit` (a bit) from `cell` at the node and runs the rules; false when no
    /// solution is left.
    fn remove(&mut self, cell: usize, digit: u64) -> bool;
    /// Keeps in each cell of the node only the digits some trial of the cell kept, and runs
    /// the rules if that narrowed a cell: None if it did not, else whether a solution may
    /// be left.
    fn keep_kept(&mut self) -> Option<bool>;
}
