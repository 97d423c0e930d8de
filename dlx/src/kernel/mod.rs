//! Many small problems, one after another: a kernel compiled once from a problem and searched
//! many times from different given options, at a cost per search close to the work of the
//! search itself.
//!
//! A [`Solver`](crate::Solver) sets up a table for each search (a copy of the links, and its
//! allocations), which a problem of a few hundred items solved in microseconds pays for many
//! times over. A [`Kernel`] is the problem laid out flat and shared by every thread; a
//! [`KernelScratch`] holds one search's state and is reused from one search to the next, so
//! that a search allocates nothing once its scratch has grown.
//!
//! # The search
//!
//! Both layouts below search as Algorithm X does with propagation off, and so find the same
//! solutions in the same order: an item left with one option is taken before the search
//! branches (taking the forced options in another order reaches the same state, or a dead end
//! either way), and the search branches only where every open primary item has two options
//! or more, on the first item with the fewest. A branch saves the state (some hundreds of
//! bytes to some kilobytes for a sudoku) and restores it for each of its options: no undo of
//! each cleared bit, and no loop over options already ruled out.
//!
//! # By items
//!
//! The state is, for each item, a word with a bit for each of its options that is still
//! possible (so an item is in at most [`MAX_OPTIONS_PER_ITEM`] options), and two high bits
//! on the items that are covered or secondary. Taking an option clears the bits of every
//! option that shares an item with it, in the words of all their items; a word left with one
//! bit or none is an item with its option forced, or none, and the two high bits keep a
//! closed item from ever looking so, so that the loop tests one number for all. The forced
//! options are taken from a queue.
//!
//! # By cells
//!
//! Many small problems fill cells with symbols: each option puts one symbol in one cell
//! (its first item, the cell's), and its other items are houses (a row, a column, a box, a
//! cage) that take the symbol at most once, or exactly once when primary. The state is then,
//! for each symbol, a bit set of the cells that may still take it, the set of open cells,
//! and for each house a word with a bit for each symbol it has. Taking an option closes its
//! cell and clears the cells that share a house with it (a sudoku's 20 peers, one mask) from
//! its symbol's set: a few word operations, where the layout by items clears some forty bits
//! through lists. What it forces is found in bulk: the cells
//! with one symbol left, all at once, by counting over the symbols' sets which cells are in
//! one and which in two or more (an open cell in none is a dead end); then the houses with
//! one place left for a symbol they lack, a few word operations each.
//!
//! [`Kernel::new`] lays a problem out by cells where it has that form, read from its
//! options: the first items of the options are the cells (and in no option past the first
//! place), options joined by a house share a symbol, each cell takes each symbol in at most
//! one option, and there are at most [`MAX_SYMBOLS`] symbols, [`MAX_CELLS`] cells and
//! [`MAX_HOUSES`] primary houses. Else by items.
//!
//! The kernel takes Algorithm X's problems: primary and secondary items, without colors or
//! bounds, and a state small enough that a search as deep as the problem's primary items
//! keeps its copies within [`MAX_SAVED_BYTES`]; by items, each item in at most
//! [`MAX_OPTIONS_PER_ITEM`] options.
//!
//! ```
//! use dlx::kernel::{Kernel, KernelLimits, KernelScratch};
//! use dlx::{OptionId, Problem};
//!
//! // Knuth's first example: its one solution holds "b g".
//! let problem = Problem::from_dlx("a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n")?;
//! let kernel = Kernel::new(&problem)?;
//! let mut scratch = KernelScratch::default();
//! let mut found = Vec::new();
//! let outcome = kernel.search(&mut scratch, &[], &KernelLimits::default(), |options| {
//!     found.push(options.to_vec());
//!     std::ops::ControlFlow::Continue(())
//! })?;
//! assert_eq!(outcome.solutions, 1);
//! let mut chosen: Vec<usize> = found[0].iter().map(|o| o.index()).collect();
//! chosen.sort();
//! assert_eq!(chosen, [0, 3, 4]);
//! // The same scratch, from a given option that no solution holds.
//! let none = kernel.search(&mut scratch, &[OptionId::new(1)], &KernelLimits::default(), |_| {
//!     std::ops::ControlFlow::Continue(())
//! })?;
//! assert_eq!(none.solutions, 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod cells;
mod items;

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crate::error::GivenError;
use crate::outcome::StopReason;
use crate::problem::{OptionId, Problem};
use crate::solver::check_given;

/// The most options an item may be in, laid out by items: the bits of its word below the two
/// that mark it closed.
pub const MAX_OPTIONS_PER_ITEM: usize = 62;

/// The most symbols of a problem laid out by cells: the bits of a house's word.
pub const MAX_SYMBOLS: usize = 64;

/// The most cells of a problem laid out by cells: the bits of a symbol's set.
pub const MAX_CELLS: usize = 1024;

/// The most primary houses (sets of cells that an item of a symbol spans) of a problem laid
/// out by cells: a set of houses is at most 16 words, as a set of cells is.
pub const MAX_HOUSES: usize = 1024;

/// The most bytes that a search's saved states may take: one state per level of branching,
/// at most as many levels as the problem has primary items.
pub const MAX_SAVED_BYTES: usize = 64 << 20;

/// Nodes between two looks at the clock and the cancel flag (and one look at the start).
const LOOK_EVERY: u64 = 1024;

/// Why a problem has no [`Kernel`] (or not the layout asked for): it needs a search the
/// kernel does not do.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum KernelRefusal {
    /// Colors on secondary items (Algorithm C).
    #[error("the kernel takes no colors (Algorithm C)")]
    Colors,
    /// Items with bounds (Algorithm M).
    #[error("the kernel takes no items with bounds (Algorithm M)")]
    Multiplicities,
    /// An item in more options than its word has bits for.
    #[error(
        "item '{0}' is in more than {MAX_OPTIONS_PER_ITEM} options, more than the kernel takes"
    )]
    LongItem(String),
    /// A state too large to save at every level.
    #[error("a search could save {0} bytes of states, more than the kernel's {MAX_SAVED_BYTES}")]
    TooLarge(usize),
    /// Options that do not fill cells with symbols (the layout by cells, [module docs](self)).
    #[error("the options do not fill cells with symbols: {0}")]
    NotCells(String),
}

/// How a [`Kernel`] lays its problem out ([module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KernelLayout {
    /// A word per item, a bit per option.
    Items,
    /// A word per cell, a bit per symbol, and a word per house.
    Cells,
}

impl KernelLayout {
    /// The layout's name: `items`, `cells`.
    ///
    /// ```
    /// use dlx::kernel::{Kernel, KernelLayout};
    ///
    /// let latin = dlx::Problem::from_dlx("a b x y\na x\na y\nb x\nb y\n")?;
    /// assert_eq!(Kernel::new(&latin).unwrap().layout().name(), "cells");
    /// assert_eq!(KernelLayout::Items.name(), "items");
    /// # Ok::<(), dlx::ParseError>(())
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            KernelLayout::Items => "items",
            KernelLayout::Cells => "cells",
        }
    }
}

/// A problem laid out for many fast searches ([module docs](self)): built once, shared by
/// any number of threads, each with its own [`KernelScratch`].
#[derive(Clone, Debug)]
pub struct Kernel {
    /// The problem, for the words of a refusal of given options.
    problem: Problem,
    layout: Layout,
}

#[derive(Clone, Debug)]
enum Layout {
    Items(items::Items),
    Cells(cells::Cells),
}

/// What [`Kernel::search`] stops at, besides the visitor.
#[derive(Clone, Debug, Default)]
pub struct KernelLimits {
    /// The most solutions to find.
    pub solutions: Option<u128>,
    /// The most nodes to visit.
    pub nodes: Option<u64>,
    /// When to stop, looked at at the start and every 1,024 nodes.
    pub deadline: Option<Instant>,
    /// A flag that stops the search when set, looked at at the start and every 1,024 nodes.
    pub cancel: Option<Arc<AtomicBool>>,
}

/// What a [`Kernel::search`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelOutcome {
    /// The solutions found; a lower bound when `stopped` is set.
    pub solutions: u128,
    /// Why the search stopped early, or `None` when it went through the whole tree.
    pub stopped: Option<StopReason>,
    /// The nodes of the search: each option tried, forced or branched on, and each
    /// solution, as Knuth counts them. Where a branch dies, the forced options taken before
    /// the dead end is seen depend on the layout.
    pub nodes: u64,
}

/// One search's state, reused from search to search (and from kernel to kernel): after the
/// first searches it has grown to what they need, and a search allocates nothing.
#[derive(Clone, Debug, Default)]
pub struct KernelScratch {
    items: items::ItemsScratch,
    cells: cells::CellsScratch,
}

impl Kernel {
    /// The kernel of `problem`, laid out by cells where its options fill cells with symbols,
    /// else by items; or why it has none.
    ///
    /// ```
    /// use dlx::kernel::{Kernel, KernelLayout, KernelRefusal};
    ///
    /// // Each option puts a symbol (x or y) in a cell (a or b), and the row takes each once.
    /// let latin = dlx::Problem::from_dlx("a b x y\na x\na y\nb x\nb y\n")?;
    /// assert_eq!(Kernel::new(&latin).unwrap().layout(), KernelLayout::Cells);
    /// let colored = dlx::Problem::from_dlx("a | x\na x:1\n")?;
    /// assert_eq!(Kernel::new(&colored).unwrap_err(), KernelRefusal::Colors);
    /// # Ok::<(), dlx::ParseError>(())
    /// ```
    pub fn new(problem: &Problem) -> Result<Kernel, KernelRefusal> {
        Kernel::with_layout(problem, KernelLayout::Cells)
            .or_else(|_| Kernel::with_layout(problem, KernelLayout::Items))
    }

    /// The kernel of `problem` in the layout asked for, or why it has none.
    ///
    /// ```
    /// use dlx::kernel::{Kernel, KernelLayout, KernelRefusal};
    ///
    /// // Knuth's first example: "a d g" has two items that start options.
    /// let problem = dlx::Problem::from_dlx("a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n")?;
    /// assert!(matches!(
    ///     Kernel::with_layout(&problem, KernelLayout::Cells),
    ///     Err(KernelRefusal::NotCells(_))
    /// ));
    /// assert!(Kernel::with_layout(&problem, KernelLayout::Items).is_ok());
    /// # Ok::<(), dlx::ParseError>(())
    /// ```
    pub fn with_layout(problem: &Problem, layout: KernelLayout) -> Result<Kernel, KernelRefusal> {
        if problem.has_colors() {
            return Err(KernelRefusal::Colors);
        }
        if problem.has_multiplicities() {
            return Err(KernelRefusal::Multiplicities);
        }
        let layout = match layout {
            KernelLayout::Items => Layout::Items(items::Items::new(problem)?),
            KernelLayout::Cells => Layout::Cells(cells::Cells::new(problem)?),
        };
        Ok(Kernel {
            problem: problem.clone(),
            layout,
        })
    }

    /// How the problem is laid out.
    pub fn layout(&self) -> KernelLayout {
        match self.layout {
            Layout::Items(_) => KernelLayout::Items,
            Layout::Cells(_) => KernelLayout::Cells,
        }
    }

    /// Searches from the `given` options, chosen first in their order, and calls `visit`
    /// with each solution's options (the given, then the forced and chosen), which may stop
    /// the search. The solutions come in the order of Algorithm X on the links, propagation
    /// off, from the same given options ([`Solver::given`](crate::Solver::given)); the
    /// options within a solution may come in another order.
    ///
    /// Refused as [`Solver::given`](crate::Solver::given) refuses: an option that does not
    /// exist, one given twice, two that share an item.
    pub fn search(
        &self,
        scratch: &mut KernelScratch,
        given: &[OptionId],
        limits: &KernelLimits,
        visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Result<KernelOutcome, GivenError> {
        let outcome = match &self.layout {
            Layout::Items(items) => items.search(&mut scratch.items, given, limits, visit),
            Layout::Cells(cells) => cells.search(&mut scratch.cells, given, limits, visit),
        };
        outcome.ok_or_else(|| match check_given(&self.problem, given) {
            Err(error) => error,
            // A given option is ruled out only by an earlier one that shares an item.
            Ok(()) => unreachable!("given options that fit together are never ruled out"),
        })
    }
}

/// A search's limits as its loop counts against them, the same for both layouts.
struct Budget<'a> {
    limits: &'a KernelLimits,
    most_nodes: u64,
    most_solutions: u128,
    /// The node count at which to look at the clock and the cancel flag next.
    look_at: u64,
}

impl Budget<'_> {
    /// The budget of a search under `limits`, which begins with a look at the clock (a
    /// search begun past its deadline finds nothing, as the other searches do).
    fn start(limits: &KernelLimits) -> Result<Budget<'_>, StopReason> {
        if let Some(stop) = past_limits(limits) {
            return Err(stop);
        }
        Ok(Budget {
            limits,
            most_nodes: limits.nodes.unwrap_or(u64::MAX),
            most_solutions: limits.solutions.unwrap_or(u128::MAX),
            look_at: LOOK_EVERY,
        })
    }

    /// Counts a solution (a node too) and shows it to `visit`: why the search stops there,
    /// if it does.
    #[inline]
    fn solution(
        &self,
        outcome: &mut KernelOutcome,
        chosen: &[OptionId],
        visit: &mut impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Option<StopReason> {
        outcome.solutions += 1;
        outcome.nodes += 1;
        if visit(chosen).is_break() {
            return Some(StopReason::Visitor);
        }
        (outcome.solutions >= self.most_solutions).then_some(StopReason::SolutionLimit)
    }

    /// Counts an option tried at a branch: why the search stops there, if it does.
    #[inline]
    fn branch_node(&mut self, outcome: &mut KernelOutcome) -> Option<StopReason> {
        outcome.nodes += 1;
        if outcome.nodes >= self.look_at {
            self.look_at += LOOK_EVERY;
            if let Some(stop) = past_limits(self.limits) {
                return Some(stop);
            }
        }
        (outcome.nodes > self.most_nodes).then_some(StopReason::NodeLimit)
    }
}

/// Why the search must stop, by its clock or cancel flag.
fn past_limits(limits: &KernelLimits) -> Option<StopReason> {
    if limits
        .cancel
        .as_ref()
        .is_some_and(|flag| flag.load(Ordering::Relaxed))
    {
        return Some(StopReason::Cancelled);
    }
    if limits.deadline.is_some_and(|at| Instant::now() >= at) {
        return Some(StopReason::Timeout);
    }
    None
}
