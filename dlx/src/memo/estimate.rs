//! Knuth's Monte Carlo estimate of the size of a search ("Estimating the efficiency of
//! backtrack programs", Mathematics of Computation 29, 1975): a random path from the root to
//! a leaf, each branch taken with equal probability, stands for a tree in which every node at
//! depth `k` has the branching degree seen at depth `k` on the path. Its number of nodes,
//! `1 + d1 + d1 d2 + ...`, and of solutions, `d1 d2 ... dk` if the leaf is a solution (else
//! 0), are unbiased estimates of the real tree's: their means over many paths converge to the
//! exact figures.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::graph::SplitMix64;
use super::signature::Layout;
use super::{branch, knuth_choice, MemoError};
use crate::outcome::StopReason;
use crate::problem::Problem;

/// Knuth's estimate of a search's size from random paths ([`Solver::estimate`]): means over
/// the paths, with their standard errors (the spread of the mean: the exact figure lies
/// within two of them of the mean about 95% of the time, when the paths are many).
///
/// [`Solver::estimate`]: crate::Solver::estimate
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// The paths drawn.
    pub probes: u64,
    /// The estimated number of solutions.
    pub solutions: f64,
    /// Its standard error.
    pub solutions_error: f64,
    /// The estimated number of nodes of the search tree (the root and every branch).
    pub nodes: f64,
    /// Its standard error.
    pub nodes_error: f64,
    /// Why fewer paths than asked for were drawn (the time limit, the node limit, the cancel
    /// flag), or `None`. The figures are then those of the paths drawn.
    pub stopped: Option<StopReason>,
}

/// What stops an estimate before all its paths are drawn: see [`Solver::estimate`].
///
/// [`Solver::estimate`]: crate::Solver::estimate
pub(crate) struct Bounds<'a> {
    pub deadline: Option<Instant>,
    pub node_limit: Option<u64>,
    pub cancel: Option<&'a AtomicBool>,
}

/// Running mean and variance (Welford).
#[derive(Default)]
struct Moments {
    count: f64,
    mean: f64,
    squares: f64,
}

impl Moments {
    fn add(&mut self, value: f64) {
        self.count += 1.0;
        let delta = value - self.mean;
        self.mean += delta / self.count;
        self.squares += delta * (value - self.mean);
    }

    /// The standard error of the mean.
    fn error(&self) -> f64 {
        if self.count < 2.0 {
            return f64::INFINITY;
        }
        (self.squares / (self.count - 1.0) / self.count).sqrt()
    }
}

pub(crate) fn estimate(
    problem: &Problem,
    probes: u64,
    seed: u64,
    bounds: &Bounds<'_>,
) -> Result<Estimate, MemoError> {
    let layout = Layout::new(problem);
    let words = layout.words;
    let mut random = SplitMix64(seed);
    let mut solutions = Moments::default();
    let mut nodes = Moments::default();
    let mut successors = Vec::new();
    let mut scratch = Vec::new();
    let mut drawn = 0;
    let mut steps = 0u64;
    let mut stopped = None;
    while drawn < probes {
        // Looked at before each path, the first too: a path is at most as long as the tree
        // is deep.
        if bounds.deadline.is_some_and(|at| Instant::now() >= at) {
            stopped = Some(StopReason::Timeout);
        } else if bounds.node_limit.is_some_and(|limit| steps >= limit) {
            stopped = Some(StopReason::NodeLimit);
        } else if bounds
            .cancel
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
        {
            stopped = Some(StopReason::Cancelled);
        }
        if stopped.is_some() {
            break;
        }
        drawn += 1;
        let mut state = vec![0u64; words];
        let (mut weight, mut tree) = (1.0f64, 1.0f64);
        let solved = loop {
            if layout.settled(&state) == layout.primary {
                break true;
            }
            successors.clear();
            if let Some(item) = knuth_choice(&layout, &state) {
                branch(&layout, item, &state, &mut scratch, &mut successors)?;
            }
            let degree = successors.len() / words;
            if degree == 0 {
                break false;
            }
            steps += 1;
            weight *= degree as f64;
            tree += weight;
            let pick = (random.next() % degree as u64) as usize;
            state.copy_from_slice(&successors[pick * words..(pick + 1) * words]);
        };
        solutions.add(if solved { weight } else { 0.0 });
        nodes.add(tree);
    }
    Ok(Estimate {
        probes: drawn,
        solutions: solutions.mean,
        solutions_error: solutions.error(),
        nodes: nodes.mean,
        nodes_error: nodes.error(),
        stopped,
    })
}
