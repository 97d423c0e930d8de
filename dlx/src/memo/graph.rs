//! The graph of all solutions: every signature of a memoized count kept, each with the number
//! of ways to complete it. Its paths are the solutions, so it is written out as a ZDD
//! (Knuth's ZDDREAD text format), and walked from the top to draw solutions uniformly at
//! random: each branch taken with probability (completions below it) / (completions here).

use std::io::{self, Write};
use std::time::Instant;

use rayon::prelude::*;

use super::signature::Layout;
use super::table::{Budget, Table};
use super::{branch, choose, forward, Branching, Count, MemoConfig, MemoError, MemoStats};
use crate::outcome::Solution;
use crate::problem::OptionId;

/// Every signature of a memoized count with its number of completions: the solutions of a
/// problem as a directed acyclic graph, made by
/// [`Solver::memo_graph`](crate::Solver::memo_graph).
///
/// From it: the exact [`count`](MemoGraph::count), the ZDD of all solutions
/// ([`write_zdd`](MemoGraph::write_zdd)) and solutions drawn uniformly at random
/// ([`random_solutions`](MemoGraph::random_solutions)).
///
/// ```
/// use dlx::{Problem, Solver};
/// // Domino tilings of a 2 x 4 board: 5.
/// let problem = Problem::from_dlx(
///     "a b c d e f g h\na b\nb c\nc d\ne f\nf g\ng h\na e\nb f\nc g\nd h\n",
/// )?;
/// let graph = Solver::new(&problem).memo_graph()?;
/// assert_eq!(graph.count(), &5u128);
/// for solution in graph.random_solutions(7).take(3) {
///     dlx::verify(&problem, solution.options())?;
/// }
/// let mut zdd = Vec::new();
/// let nodes = graph.write_zdd(&mut zdd)?;
/// assert_eq!(String::from_utf8(zdd)?.lines().count() as u64, nodes + 1); // and the root line
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct MemoGraph {
    layout: Layout,
    branching: Branching,
    /// The signatures by level, each with its number of completions.
    levels: Vec<Option<Table>>,
    count: Count,
    stats: MemoStats,
}

/// Adds the digits of `add` into `sum`, growing it as needed.
fn add_into(sum: &mut Vec<u64>, add: &[u64]) {
    if sum.len() < add.len() {
        sum.resize(add.len(), 0);
    }
    let mut carry = 0u64;
    for (k, digit) in sum.iter_mut().enumerate() {
        let (s1, o1) = digit.overflowing_add(add.get(k).copied().unwrap_or(0));
        let (s2, o2) = s1.overflowing_add(carry);
        *digit = s2;
        carry = u64::from(o1) + u64::from(o2);
        if carry == 0 && k >= add.len() {
            break;
        }
    }
    if carry > 0 {
        sum.push(carry);
    }
}

/// Compares two numbers given as digits (trailing zeros allowed).
fn compare(a: &[u64], b: &[u64]) -> std::cmp::Ordering {
    let len = a.len().max(b.len());
    for k in (0..len).rev() {
        let (x, y) = (
            a.get(k).copied().unwrap_or(0),
            b.get(k).copied().unwrap_or(0),
        );
        if x != y {
            return x.cmp(&y);
        }
    }
    std::cmp::Ordering::Equal
}

/// `a -= b`, for `a >= b`.
fn subtract(a: &mut [u64], b: &[u64]) {
    let mut borrow = 0u64;
    for (k, digit) in a.iter_mut().enumerate() {
        let (d1, o1) = digit.overflowing_sub(b.get(k).copied().unwrap_or(0));
        let (d2, o2) = d1.overflowing_sub(borrow);
        *digit = d2;
        borrow = u64::from(o1 || o2);
    }
}

/// Signatures a worker finds the completions of at a time.
const CHUNK: usize = 1024;

/// Stops building the graph at the time limit or when cancelled.
fn stop_if_due(
    config: &MemoConfig<'_>,
    start: Instant,
    stats: &MemoStats,
) -> Result<(), MemoError> {
    let Some(reason) = config.due(start) else {
        return Ok(());
    };
    let mut stats = stats.clone();
    stats.elapsed = start.elapsed();
    Err(MemoError::Stopped { reason, stats })
}

fn is_zero(digits: &[u64]) -> bool {
    digits.iter().all(|&d| d == 0)
}

impl MemoGraph {
    pub(crate) fn build(
        problem: &crate::problem::Problem,
        config: &MemoConfig<'_>,
    ) -> Result<MemoGraph, MemoError> {
        let start = Instant::now();
        let layout = Layout::new(problem);
        let mut forward = forward(&layout, config, true, start)?;
        let count = forward.total()?;
        let words = layout.words;
        let primary = layout.primary;
        let mut levels = std::mem::take(&mut forward.levels);
        let budget: &Budget = &forward.budget;
        let pool = (config.threads > 1).then(|| crate::threads::pool(config.threads));
        for level in (0..=primary).rev() {
            let Some(mut table) = levels[level].take() else {
                continue;
            };
            let last = level == primary;
            // The completions of entries `from..to`, each from those of its successors
            // (deeper levels, all done).
            let chunk = |from: usize, to: usize| -> Result<Vec<Vec<u64>>, MemoError> {
                let mut successors = Vec::new();
                let mut scratch = Vec::new();
                let mut sums = Vec::with_capacity(to - from);
                for entry in from..to {
                    if entry % 1024 == 0 {
                        stop_if_due(config, start, &forward.stats)?;
                    }
                    let mut sum = Vec::new();
                    if last {
                        sum.push(1);
                    } else {
                        let state = table.key(entry);
                        successors.clear();
                        if let Some(item) = choose(&layout, config.branching, state) {
                            branch(&layout, item, state, &mut scratch, &mut successors)?;
                        }
                        for successor in successors.chunks_exact(words) {
                            let below = levels[layout.settled(successor)]
                                .as_ref()
                                .expect("a successor's level is stored");
                            let found = below.find(successor).expect("a successor is stored");
                            add_into(&mut sum, below.count(found));
                        }
                    }
                    sums.push(sum);
                }
                Ok(sums)
            };
            let sums: Vec<Vec<u64>> = match &pool {
                Some(pool) => {
                    let len = table.len();
                    let parts: Vec<Vec<Vec<u64>>> = pool.install(|| {
                        (0..len.div_ceil(CHUNK))
                            .into_par_iter()
                            .map(|k| chunk(k * CHUNK, ((k + 1) * CHUNK).min(len)))
                            .collect::<Result<_, MemoError>>()
                    })?;
                    parts.into_iter().flatten().collect()
                }
                None => chunk(0, table.len())?,
            };
            for (entry, sum) in sums.iter().enumerate() {
                table.set_count(entry, sum, budget)?;
            }
            levels[level] = Some(table);
        }
        let mut stats = forward.stats;
        stats.elapsed = start.elapsed();
        stats.peak_bytes = forward.budget.peak();
        Ok(MemoGraph {
            layout,
            branching: config.branching,
            levels,
            count,
            stats,
        })
    }

    /// The number of solutions, exactly.
    pub fn count(&self) -> &Count {
        &self.count
    }

    /// What building the graph measured.
    pub fn stats(&self) -> &MemoStats {
        &self.stats
    }

    /// The completions of signature `state`, or `None` where it was never reached.
    fn completions(&self, state: &[u64]) -> Option<&[u64]> {
        let table = self.levels[self.layout.settled(state)].as_ref()?;
        table.find(state).map(|entry| table.count(entry))
    }

    /// The ways to settle the branch item of `state`: each as the options chosen and the
    /// signature after them, in the order of the options.
    fn edges(&self, state: &[u64]) -> Vec<(Vec<u32>, Vec<u64>)> {
        let mut edges = Vec::new();
        let Some(item) = choose(&self.layout, self.branching, state) else {
            return edges;
        };
        let (min, max) = self.layout.need(item, state);
        let mut chosen = Vec::new();
        self.subsets(item, 0, (min, max), state.to_vec(), &mut chosen, &mut edges);
        edges
    }

    fn subsets(
        &self,
        item: usize,
        from: usize,
        (min, max): (u32, u32),
        state: Vec<u64>,
        chosen: &mut Vec<u32>,
        edges: &mut Vec<(Vec<u32>, Vec<u64>)>,
    ) {
        let layout = &self.layout;
        if chosen.len() as u32 >= min {
            let mut settled = state.clone();
            layout.settle(item, &mut settled);
            edges.push((chosen.clone(), settled));
        }
        if chosen.len() as u32 == max {
            return;
        }
        for (k, &option) in layout.options_of(item).iter().enumerate().skip(from) {
            if layout.fits(option, &state) {
                let mut next = state.clone();
                layout.apply(option, &mut next);
                chosen.push(option);
                self.subsets(item, k + 1, (min, max), next, chosen, edges);
                chosen.pop();
            }
        }
    }

    /// Writes the ZDD of all solutions in the text format of Knuth's ZDDREAD programs (the
    /// output of his DLX6): one node a line, `NODE: (~VAR?LO:HI)`, the node numbers in
    /// hexadecimal, `0` and `1` the sinks (no solution, and the end of a solution), VAR the
    /// option's number from 1 in the problem's order; the last line is a root node with
    /// variable 0 whose HI branch is the top of the diagram. Every path from the top to `1`
    /// is a solution, its HI branches the options chosen. Like DLX6's, the diagram is not
    /// ordered: options along a path follow the search, not their numbers. Returns the
    /// number of nodes written, the root line not counted.
    pub fn write_zdd(&self, out: &mut dyn Write) -> io::Result<u64> {
        let mut line = |node: ZddNode| {
            writeln!(
                out,
                "{:x}: (~{}?{:x}:{:x})",
                node.id,
                node.option.index() + 1,
                node.lo,
                node.hi
            )
        };
        let (top, nodes) = self.each_zdd_node(&mut line)?;
        writeln!(out, "{:x}: (~0?0:{top:x})", nodes + 2)?;
        Ok(nodes)
    }

    /// The nodes of the ZDD of all solutions, as [`write_zdd`](Self::write_zdd) writes them:
    /// each after the nodes it leads to, numbered from 2 in that order, `0` and `1` being the
    /// sinks. Returns the top of the diagram: the last node, or a sink when there is none (`0`
    /// for no solution, `1` when choosing nothing is the one solution).
    ///
    /// ```
    /// use dlx::{ProblemBuilder, Solver};
    /// // Items a, b; options {a, b}, {a}, {b}: two solutions.
    /// let mut builder = ProblemBuilder::new();
    /// let (a, b) = (builder.primary("a"), builder.primary("b"));
    /// builder.option([a, b]);
    /// builder.option([a]);
    /// builder.option([b]);
    /// let graph = Solver::new(&builder.build()?).memo_graph()?;
    /// let mut nodes = Vec::new();
    /// let top = graph.zdd(|node| nodes.push(node));
    /// assert_eq!(top, nodes.last().unwrap().id);
    /// assert!(nodes.iter().all(|node| node.lo < node.id && node.hi < node.id));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn zdd(&self, mut visit: impl FnMut(ZddNode)) -> u64 {
        let mut each = |node: ZddNode| {
            visit(node);
            Ok(())
        };
        self.each_zdd_node(&mut each)
            .expect("visiting the nodes cannot fail")
            .0
    }

    /// Calls `emit` with every node of the ZDD; the top, and the number of nodes.
    fn each_zdd_node(
        &self,
        emit: &mut dyn FnMut(ZddNode) -> io::Result<()>,
    ) -> io::Result<(u64, u64)> {
        let mut writer = ZddWriter {
            graph: self,
            emit,
            next: 2,
            ids: self
                .levels
                .iter()
                .map(|table| vec![0u64; table.as_ref().map_or(0, Table::len)])
                .collect(),
        };
        let primary = self.layout.primary;
        for level in (0..primary).rev() {
            let Some(table) = &self.levels[level] else {
                continue;
            };
            // In the order of the signatures, not of the table (which depends on the number
            // of threads that built it), so the text is the same on any number of threads.
            let mut order: Vec<usize> = (0..table.len()).collect();
            order.sort_unstable_by(|&a, &b| table.key(a).cmp(table.key(b)));
            for entry in order {
                if is_zero(table.count(entry)) {
                    continue;
                }
                let state = table.key(entry).to_vec();
                let item = choose(&self.layout, self.branching, &state)
                    .expect("a state with completions has an item to branch on");
                let (min, max) = self.layout.need(item, &state);
                let id = writer.node(item, 0, 0, (min, max), &state)?;
                writer.ids[level][entry] = id;
            }
        }
        let top = if primary == 0 {
            u64::from(!self.count.is_zero())
        } else {
            writer.id_of(&vec![0; self.layout.words])
        };
        Ok((top, writer.next - 2))
    }

    /// The number of nodes of the ZDD of all solutions, as [`write_zdd`](Self::write_zdd)
    /// writes it.
    pub fn zdd_nodes(&self) -> u64 {
        self.write_zdd(&mut io::sink())
            .expect("writing to a sink cannot fail")
    }

    /// Solutions drawn uniformly at random and independently (a solution may come again),
    /// without end when there is at least one solution, none when there is none. The same
    /// `seed` gives the same solutions on every machine.
    pub fn random_solutions(&self, seed: u64) -> RandomSolutions<'_> {
        RandomSolutions {
            graph: self,
            random: SplitMix64(seed),
        }
    }

    fn sample(&self, random: &mut SplitMix64) -> Option<Solution> {
        let mut state = vec![0u64; self.layout.words];
        let total = self.completions(&state)?.to_vec();
        if is_zero(&total) {
            return None;
        }
        let mut options = Vec::new();
        let mut weight = total;
        while self.layout.settled(&state) < self.layout.primary {
            let mut pick = random.below(&weight);
            let mut next = None;
            for (chosen, successor) in self.edges(&state) {
                let Some(below) = self.completions(&successor) else {
                    continue;
                };
                if compare(&pick, below).is_lt() {
                    next = Some((chosen, successor, below.to_vec()));
                    break;
                }
                subtract(&mut pick, below);
            }
            let (chosen, successor, below) = next.expect("the completions add up");
            options.extend(chosen.into_iter().map(OptionId));
            state = successor;
            weight = below;
        }
        Some(Solution { options })
    }
}

/// Writes the ZDD nodes of the branches of one signature.
/// One node of the ZDD of all solutions ([`MemoGraph::zdd`]): a solution through it
/// chooses `option` and goes on at `hi`, or leaves the option out and goes on at `lo`; `0`
/// and `1` are the sinks (no solution, and a solution complete).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ZddNode {
    /// Its number, from 2.
    pub id: u64,
    /// The option it decides.
    pub option: OptionId,
    /// Where a solution without the option goes on.
    pub lo: u64,
    /// Where a solution with the option goes on.
    pub hi: u64,
}

struct ZddWriter<'g, 'o> {
    graph: &'g MemoGraph,
    emit: &'o mut dyn FnMut(ZddNode) -> io::Result<()>,
    next: u64,
    /// The ZDD node of each signature by level and entry (0: none yet, or no completion).
    ids: Vec<Vec<u64>>,
}

impl ZddWriter<'_, '_> {
    /// The ZDD node of signature `state`: `1` for a solution, `0` with no completion.
    fn id_of(&self, state: &[u64]) -> u64 {
        let graph = self.graph;
        let level = graph.layout.settled(state);
        if level == graph.layout.primary {
            return 1;
        }
        let Some(table) = &graph.levels[level] else {
            return 0;
        };
        table.find(state).map_or(0, |entry| self.ids[level][entry])
    }

    /// The node for choosing, from the `from`-th option of `item` on, the rest of the options
    /// that cover it (`chosen` so far), in signature `state`: a chain of nodes, one per
    /// option that fits, whose HI branch chooses it and whose LO branch goes on to the next;
    /// the last LO settles the item if enough options were chosen.
    fn node(
        &mut self,
        item: usize,
        from: usize,
        chosen: u32,
        (min, max): (u32, u32),
        state: &[u64],
    ) -> io::Result<u64> {
        let layout = &self.graph.layout;
        let mut lo = 0;
        if chosen >= min {
            let mut settled = state.to_vec();
            layout.settle(item, &mut settled);
            lo = self.id_of(&settled);
        }
        if chosen == max {
            return Ok(lo);
        }
        let options = layout.options_of(item);
        let mut branches = Vec::new();
        for (k, &option) in options.iter().enumerate().skip(from) {
            if layout.fits(option, state) {
                let mut next = state.to_vec();
                layout.apply(option, &mut next);
                let hi = self.node(item, k + 1, chosen + 1, (min, max), &next)?;
                if hi != 0 {
                    branches.push((option, hi));
                }
            }
        }
        for (option, hi) in branches.into_iter().rev() {
            let id = self.next;
            self.next += 1;
            (self.emit)(ZddNode {
                id,
                option: OptionId(option),
                lo,
                hi,
            })?;
            lo = id;
        }
        Ok(lo)
    }
}

/// Solutions drawn uniformly at random from a [`MemoGraph`]
/// ([`MemoGraph::random_solutions`]).
#[derive(Debug)]
pub struct RandomSolutions<'g> {
    graph: &'g MemoGraph,
    random: SplitMix64,
}

impl Iterator for RandomSolutions<'_> {
    type Item = Solution;

    fn next(&mut self) -> Option<Solution> {
        self.graph.sample(&mut self.random)
    }
}

/// Steele, Lea and Flood's SplitMix64: small, fast, and the same on every machine.
#[derive(Clone, Debug)]
pub(crate) struct SplitMix64(pub(crate) u64);

impl SplitMix64 {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number drawn uniformly from `0..bound` (`bound > 0`), by rejection: random digits
    /// with as many bits as `bound`, drawn again while not below it (at most twice on
    /// average).
    fn below(&mut self, bound: &[u64]) -> Vec<u64> {
        let digits = bound.iter().rposition(|&d| d != 0).map_or(0, |top| top + 1);
        let top_bits = 64 - bound[digits - 1].leading_zeros();
        loop {
            let mut draw: Vec<u64> = (0..digits).map(|_| self.next()).collect();
            if top_bits < 64 {
                draw[digits - 1] &= (1u64 << top_bits) - 1;
            }
            if compare(&draw, bound).is_lt() {
                return draw;
            }
        }
    }
}
