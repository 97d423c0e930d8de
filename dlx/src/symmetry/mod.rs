//! Symmetries of a problem, found automatically, and counting and listing solutions once
//! per class of solutions that the symmetries map onto each other (an *orbit*).
//!
//! A [`Symmetry`] permutes the items and the options so that every option goes onto an
//! option (colors and multiplicities kept): the rotations and reflections of a board, seen
//! only through the matrix. [`Group::of`] finds generators of all of them from the graph of
//! items and options (module `graph`: individualization and refinement, as nauty does), and
//! the group's exact order.
//!
//! [`Solver::count_up_to_symmetry`](crate::Solver::count_up_to_symmetry) counts orbits
//! exactly, by Burnside's lemma split along the stabilizer of one item: for an item `x` that
//! every solution covers once, with `G_x` the symmetries that fix it,
//!
//! ```text
//! orbits(G) = ( |G_x| * orbits(G_x) + sum over g not in G_x of fixed(g) ) / |G|
//! ```
//!
//! where `fixed(g)` counts the solutions that `g` maps onto themselves: the solutions of a
//! smaller problem whose options are the cycles of `g` on the options (only the cycles whose
//! options fit together), which is fast because few solutions are symmetric. `orbits(G_x)`
//! splits by the option covering `x`: one option of each orbit of `G_x` on those options,
//! counted under its own stabilizer, a plain count of the solutions that hold the options
//! chosen where that is trivial. Two levels deep at most: below, a subproblem left with
//! symmetries is counted by Burnside's lemma alone, since splitting further costs a search
//! for each class of options and saves little (see `count::SPLIT_DEPTH`). With `x` fixed by the whole group (a piece
//! of a packing), that is a count of one option in `|G|` of `x`'s options, and takes about
//! `1/|G|` of the time of the plain count. Every division is checked to be exact.
//!
//! [`Solver::memo_count_up_to_symmetry`](crate::Solver::memo_count_up_to_symmetry) applies
//! the lemma over the whole group, each symmetry's fixed solutions counted by memoization
//! (the identity's are all the solutions): counts past any enumeration, such as the domino
//! tilings of a large board up to its symmetries.
//!
//! [`Solver::for_each_up_to_symmetry`](crate::Solver::for_each_up_to_symmetry) lists the
//! solutions that are the least of their orbit (their sorted options compared as lists).

mod count;
mod graph;
mod group;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

pub use group::{Group, Order, Symmetry};

use crate::problem::Problem;

/// The most nodes [`Group::of`] visits before it gives up
/// ([`SymmetryError::SearchTooLarge`]).
pub const MAX_SEARCH_NODES: u64 = 1_000_000;

/// The most symmetries a count or a listing up to symmetry goes through one by one.
pub const MAX_SYMMETRIES: usize = 100_000;

/// The most entries (an item's or an option's image, 4 bytes each) of all the symmetries
/// listed together: 256 MiB. A problem of a million options lists at most 64 of them.
pub const MAX_SYMMETRY_ENTRIES: usize = 1 << 26;

/// What stops the search for a problem's group ([`Group::within`]).
#[derive(Clone, Debug)]
pub struct GroupLimits {
    /// The most nodes of the search tree ([`MAX_SEARCH_NODES`] by default).
    pub max_nodes: u64,
    /// When to give up.
    pub deadline: Option<Instant>,
    /// A flag that stops the search once set, from any thread.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for GroupLimits {
    fn default() -> Self {
        GroupLimits {
            max_nodes: MAX_SEARCH_NODES,
            deadline: None,
            cancel: None,
        }
    }
}

/// Why the symmetries were not found, or why a count up to them cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SymmetryError {
    /// The search for the group visited its budget of nodes.
    #[error("the search for the symmetries visited {nodes} nodes without finishing")]
    SearchTooLarge {
        /// The nodes visited.
        nodes: u64,
    },
    /// The deadline passed during the search for the group.
    #[error("the time limit ran out while looking for the symmetries")]
    Timeout,
    /// The cancel flag was set during the search for the group.
    #[error("the search for the symmetries was cancelled")]
    Cancelled,
    /// The group is too large to go through its symmetries one by one.
    #[error("the problem has {order} symmetries; counting up to symmetry goes through each, and at most {max} are allowed")]
    TooManySymmetries {
        /// The group's order.
        order: String,
        /// The most allowed.
        max: usize,
    },
    /// A symmetric solution would cover an item with multiplicity more than once from one
    /// cycle of options, which a problem's option cannot say.
    #[error("a cycle of options covers item '{item}' more than once, which counting up to symmetry cannot do for items with multiplicities")]
    Multiplicity {
        /// The item's name.
        item: String,
    },
    /// A memoized count of fixed solutions failed (its memory, its time).
    #[error(transparent)]
    Memo(#[from] crate::memo::MemoError),
    /// The group is not one of this problem's ([`Group::keeps`]).
    #[error("the symmetries given are not the problem's")]
    OtherProblem,
    /// The solver has a setting that a count up to symmetry cannot honour.
    #[error("counting up to symmetry does not combine with {0}")]
    Unsupported(&'static str),
    /// A sum of Burnside's lemma was not a multiple of the group's order: a defect.
    #[error("internal error: {total} fixed solutions over {order} symmetries is not a whole number of orbits")]
    Inexact {
        /// The sum.
        total: String,
        /// The order it was to be divided by.
        order: usize,
    },
}

impl Group {
    /// The group of all symmetries of `problem`: its generators and its exact order.
    ///
    /// ```
    /// let queens = dlx::Problem::from_dlx(&std::fs::read_to_string(
    ///     concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/queens8.dlx"))?)?;
    /// let group = dlx::symmetry::Group::of(&queens)?;
    /// assert_eq!(group.order().to_string(), "8");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(problem: &Problem) -> Result<Group, SymmetryError> {
        Group::within(problem, &GroupLimits::default())
    }

    /// [`of`](Group::of) within `limits`: a budget of nodes, a deadline, a cancel flag.
    ///
    /// ```
    /// use dlx::symmetry::{Group, GroupLimits, SymmetryError};
    /// let problem = dlx::Problem::from_dlx("a b c d\na\nb\nc\nd\n")?;
    /// let small = GroupLimits { max_nodes: 2, ..GroupLimits::default() };
    /// assert!(matches!(Group::within(&problem, &small), Err(SymmetryError::SearchTooLarge { .. })));
    /// assert_eq!(Group::within(&problem, &GroupLimits::default())?.order().get(), Some(24));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn within(problem: &Problem, limits: &GroupLimits) -> Result<Group, SymmetryError> {
        let graph = graph::Graph::of(problem);
        let vertices = graph.vertex_count();
        let found = graph::automorphisms(&graph, limits).map_err(|stop| match stop {
            graph::Stop::Nodes => SymmetryError::SearchTooLarge {
                nodes: limits.max_nodes,
            },
            graph::Stop::Deadline => SymmetryError::Timeout,
            graph::Stop::Cancelled => SymmetryError::Cancelled,
        })?;
        let (items, options) = (problem.item_count(), problem.option_count());
        let generators = found
            .generators
            .iter()
            .map(|map| Symmetry {
                items: map[..items].to_vec(),
                options: map[items..items + options]
                    .iter()
                    .map(|&v| v - items as u32)
                    .collect(),
            })
            .collect();
        Ok(Group {
            items,
            options,
            generators,
            order: Order::product(&found.orbit_sizes),
            nodes: found.nodes,
            chain: group::Chain {
                maps: found.generators,
                levels: found.levels,
                base: found.base,
                vertices,
            },
        })
    }
}
