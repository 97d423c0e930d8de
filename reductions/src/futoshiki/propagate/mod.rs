//! The filter of the digits, before the search (arc consistency of the inequalities, the
//! lines' all-different rule, Régin's matching test, and singleton consistency, `probe.rs`,
//! to a fixpoint: see the [module docs](super)) and at every node of it ([`SearchFilter`]). In
//! Unequal's adjacent mode the nodes' filter also keeps a digit only where some filling of
//! its whole row or column puts it (`fillings.rs`), and runs singleton consistency on light
//! rules that go by each digit's places in each line (`light.rs`), trying first the cells
//! whose trials found something above the node (`order.rs`).

mod fillings;
mod light;
mod order;
mod probe;
mod trials;

use super::{Fill, Grid, Relation, MAX_SIZE};
use crate::Encoding;
use fillings::{FILTERS, MOST_FILLINGS_SIDE};

/// The digits each cell may still hold (bit `d` for digit `d`), as the [module docs](super)
/// describe, when cell `excluded.0`, if any, may not hold digit `excluded.1`, after
/// singleton consistency within `probe_budget` ([`PROBE_BUDGET`] for a puzzle that is
/// solved). Every digit removed is in no solution; when the filter proves that there is no
/// solution at all, no cell keeps a digit.
pub(super) fn candidates(
    grid: &Grid,
    excluded: Option<(usize, usize)>,
    probe_budget: u64,
) -> Vec<u64> {
    let filter = Filter::new(grid, false);
    let mut domains: Vec<u64> = grid
        .cells
        .iter()
        .map(|&d| match d {
            0 => filter.all,
            d => 1 << d,
        })
        .collect();
    if let Some((cell, digit)) = excluded {
        domains[cell] &= !(1 << digit);
    }
    let mut queue = Queue::new(&filter);
    queue.all(&filter);
    let mut stopped = 0;
    let consistent = filter.propagate(&mut domains, &mut queue)
        && filter.probe_from(
            &mut domains,
            &mut queue,
            probe_budget,
            order::Order::Fewest,
            &mut stopped,
        );
    if !consistent {
        domains.iter_mut().for_each(|d| *d = 0);
    }
    domains
}

/// The filter at every node of the search ([`dlx::propagate::Propagator`]): the digits each cell may
/// still hold are read from the options left (a cell filled above the node holds its digit),
/// filtered by inequalities, lines and singleton consistency (within
/// [`SEARCH_PROBE_BUDGET`]), and the options of the digits filtered out go. In the adjacent
/// mode the rules before and in singleton consistency are light (no matching, no fillings of
/// a line: in a trial they cost more than the trials they would spare, and before them they
/// would look at lines the trials narrow again), and the lines' full rules run once on what
/// it left.
pub(super) struct SearchFilter {
    filter: Filter,
    /// The option of each cell and digit (at `cell * (n + 1) + digit`), if it has one.
    options: Vec<Option<dlx::OptionId>>,
    /// The cell and digit of each option.
    fills: Vec<(usize, usize)>,
}

impl SearchFilter {
    /// The filter for `grid`, searched as `encoding` (whose first n² items are the cells).
    pub(super) fn new(grid: &Grid, encoding: &Encoding<Fill>) -> SearchFilter {
        let n = grid.n;
        let mut options = vec![None; n * n * (n + 1)];
        let mut fills = Vec::with_capacity(encoding.problem.option_count());
        for option in encoding.problem.options() {
            let fill = encoding.choice(option);
            let cell = fill.row * n + fill.col;
            options[cell * (n + 1) + fill.digit] = Some(option);
            fills.push((cell, fill.digit));
        }
        SearchFilter {
            filter: Filter::new(grid, true),
            options,
            fills,
        }
    }
}

impl dlx::propagate::Propagator for SearchFilter {
    fn path_state_len(&self) -> usize {
        // The plain mode's trials keep their order: counts there took more nodes (the
        // 10 x 10 recursive fixtures 233 -> 364 and 221 -> 250).
        order::path_bytes(self.filter.n * self.filter.n, !self.filter.links.is_empty())
    }

    fn propagate(
        &self,
        node: &mut dlx::propagate::Node<'_>,
    ) -> Result<(), dlx::propagate::Contradiction> {
        let n = self.filter.n;
        let mut domains = vec![0u64; n * n];
        let mut open = vec![true; n * n];
        for option in node.chosen() {
            let (cell, digit) = self.fills[option.index()];
            domains[cell] = 1 << digit;
            open[cell] = false;
        }
        for cell in (0..n * n).filter(|&cell| open[cell]) {
            for option in node.available(dlx::ItemId::new(cell)) {
                domains[cell] |= 1 << self.fills[option.index()].1;
            }
        }
        let mut queue = Queue::new(&self.filter);
        queue.all(&self.filter);
        // In the adjacent mode the full rules (the matching, the fillings) wait until
        // singleton consistency has narrowed the cells.
        queue.light = !self.filter.links.is_empty();
        let ok = self.filter.propagate(&mut domains, &mut queue);
        queue.light = false;
        if !ok {
            return Err(dlx::propagate::Contradiction);
        }
        // Where the parent's trials stopped, as a fraction of the cells in 256ths: this
        // node's trials start there, so that a budget spent before the end of a pass moves
        // on along the path instead of trying the same cells at every node.
        let cells = n * n;
        let start = node.path_state() as usize * cells / 256;
        let mut stopped = start;
        let mut found = order::inherited(node.path_bytes());
        if !self.filter.probe_from(
            &mut domains,
            &mut queue,
            match self.filter.links.is_empty() {
                true => SEARCH_PROBE_BUDGET,
                false => ADJACENT_PROBE_BUDGET,
            },
            order::Order::Path {
                start,
                found: &mut found,
            },
            &mut stopped,
        ) {
            return Err(dlx::propagate::Contradiction);
        }
        node.set_path_state((stopped * 256 / cells) as u8);
        order::leave(node.path_bytes_mut(), &found);
        if !self.filter.links.is_empty() {
            // The lines' fillings and matchings on what singleton consistency left.
            queue.all(&self.filter);
            if !self.filter.propagate(&mut domains, &mut queue) {
                return Err(dlx::propagate::Contradiction);
            }
        }
        for cell in (0..n * n).filter(|&cell| open[cell]) {
            for digit in 1..=n {
                if domains[cell] >> digit & 1 == 0 {
                    if let Some(option) = self.options[cell * (n + 1) + digit] {
                        node.remove(option);
                    }
                }
            }
        }
        Ok(())
    }
}

/// The digits that have no digit of `other` at a distance other than one: the digits x
/// with `other` within {x - 1, x + 1}, which the other cell of a pair without a bar leaves
/// no digit.
pub(super) fn unsupported_apart(other: u64) -> u64 {
    // One digit, two, or more (told apart without counting: a popcount instruction is not
    // in every x86-64, and counting in software cost a tenth of the adjacent mode's time).
    let rest = other & other.wrapping_sub(1);
    if rest == 0 {
        other << 1 | other >> 1
    } else if rest & (rest - 1) == 0 {
        (other << 1) & (other >> 1)
    } else {
        0
    }
}

/// The work that [`Filter::probe_from`] may spend at encode time, counted as 2 per revision
/// of an inequality, n per revision of a line and m² per matching test on m open cells (about 5 ns each): f18, the
/// hardest public instance, takes 562,229, an empty 9 x 9 grid 1.3 million (nothing to find
/// there); larger open grids stop probing here, after about 10 ms.
pub(super) const PROBE_BUDGET: u64 = 2_000_000;

/// The work singleton consistency may spend at one node of the search ([`SearchFilter`]),
/// in the same units as [`PROBE_BUDGET`]. Measured on our 10 x 10 "recursive" puzzles
/// (fixtures/hard), before the trials moved on along the path: 30,000 leaves 530-977 nodes,
/// 1,000,000 about 140 at twice the time of 100,000, which left 216-277 nodes in the least
/// time (docs/engine.md).
const SEARCH_PROBE_BUDGET: u64 = 100_000;

/// [`SEARCH_PROBE_BUDGET`] in the adjacent mode, whose light rules go by the places of each
/// digit ([`light`]) and count their work as 2 a relation revised, n a digit with one place
/// left in a line and 2n a cell left one digit. Once the trials went first to the cells
/// that found something above ([`order`]), the kept 9adr puzzles and four fresh ones (19 in
/// all, one process each) took 2.76 s at 25,000 and 30,000, 2.78 at 35,000, 2.94 at 50,000
/// and 3.12 at 15,000 (1.09 s on the slowest at 30,000, 1.16 at 50,000).
const ADJACENT_PROBE_BUDGET: u64 = 30_000;

/// The rules as the filter sees them: the lines (rows, then columns) and the inequalities.
struct Filter {
    n: usize,
    /// Bits 1 to n.
    all: u64,
    /// `lines[l * n + i]`: the i-th cell of line l; rows are lines 0 to n - 1, columns the rest.
    lines: Vec<usize>,
    /// Every relation between two cells: (smaller, larger, `Less`) for an inequality, and
    /// (first, second, the relation) for the adjacent mode's bars and their absence.
    pairs: Vec<(usize, usize, Relation)>,
    /// The relations of each cell, as indices into `pairs`: those of cell c at
    /// `pairs_of[pairs_from[c]..pairs_from[c + 1]]`.
    pairs_of: Vec<u32>,
    pairs_from: Vec<u32>,
    /// The row and the column of each cell, as lines, each with the cell's place in it.
    lines_of: Vec<[(u32, u32); 2]>,
    /// `links[l * n + i]`: the relation between the i-th and the (i + 1)-th cell of line l,
    /// the i-th first; filled only in the adjacent mode, where every neighbour has one (the
    /// rule of a line's fillings, [`Filter::revise_fillings`]), and empty otherwise.
    links: Vec<Relation>,
    /// This filter's number among those made in the process, which the walks' cache of
    /// settled lines keys by.
    id: u64,
    /// The tables of the light rules of singleton consistency, in the adjacent mode
    /// ([`light`]); None otherwise.
    light: Option<Box<light::Tables>>,
}

/// What is left to revise: lines and inequalities whose cells changed since their last
/// revision, and the work done so far.
struct Queue {
    lines: Vec<usize>,
    line_queued: Vec<bool>,
    pairs: Vec<usize>,
    pair_queued: Vec<bool>,
    /// Lines at a fixpoint of the cheap rules, waiting for the matching.
    halls: Vec<usize>,
    hall_queued: Vec<bool>,
    work: u64,
    /// Whether the light rules run: the fillings of a line not walked, and in the adjacent
    /// mode the matching not run either. So in singleton consistency ([`Filter::probe_from`]),
    /// and in the adjacent mode at a node until singleton consistency is done.
    light: bool,
}

impl Queue {
    fn new(filter: &Filter) -> Queue {
        Queue {
            lines: Vec::new(),
            line_queued: vec![false; 2 * filter.n],
            pairs: Vec::new(),
            pair_queued: vec![false; filter.pairs.len()],
            halls: Vec::new(),
            hall_queued: vec![false; 2 * filter.n],
            work: 0,
            light: false,
        }
    }

    fn all(&mut self, filter: &Filter) {
        for line in 0..2 * filter.n {
            self.push_line(line);
        }
        for pair in 0..filter.pairs.len() {
            self.push_pair(pair);
        }
    }

    fn push_line(&mut self, line: usize) {
        if !self.line_queued[line] {
            self.line_queued[line] = true;
            self.lines.push(line);
        }
    }

    fn push_pair(&mut self, pair: usize) {
        if !self.pair_queued[pair] {
            self.pair_queued[pair] = true;
            self.pairs.push(pair);
        }
    }

    fn push_hall(&mut self, line: usize) {
        if !self.hall_queued[line] {
            self.hall_queued[line] = true;
            self.halls.push(line);
        }
    }

    fn clear(&mut self) {
        self.lines
            .drain(..)
            .for_each(|l| self.line_queued[l] = false);
        self.halls
            .drain(..)
            .for_each(|l| self.hall_queued[l] = false);
        self.pairs
            .drain(..)
            .for_each(|p| self.pair_queued[p] = false);
    }
}

impl Filter {
    /// The filter of `grid`'s rules: the adjacent mode's relations too if `adjacency`
    /// (at the search's nodes; the filter of encode time leaves them to the encoding, so
    /// that the problem searched is the same whatever reasons at its nodes).
    fn new(grid: &Grid, adjacency: bool) -> Filter {
        let n = grid.n;
        let mut lines = Vec::with_capacity(2 * n * n);
        lines.extend(0..n * n);
        lines.extend((0..n).flat_map(|c| (0..n).map(move |r| r * n + c)));
        let mut pairs_of_cell = vec![Vec::new(); n * n];
        let relations = if adjacency {
            grid.relations()
        } else {
            grid.inequalities()
        };
        let mut links = Vec::new();
        if adjacency && grid.is_adjacent() && n <= MOST_FILLINGS_SIDE {
            links = vec![Relation::None; 2 * n * n];
            for pair in &relations {
                let (a, b) = (pair.first, pair.second);
                let (at, first) = if a.0 == b.0 {
                    (a.0 * n + a.1.min(b.1), a.1 < b.1)
                } else {
                    ((n + a.1) * n + a.0.min(b.0), a.0 < b.0)
                };
                links[at] = match first {
                    true => pair.relation,
                    false => pair.relation.turned(),
                };
            }
        }
        let pairs: Vec<(usize, usize, Relation)> = relations
            .into_iter()
            .enumerate()
            .map(|(k, pair)| {
                let (a, b) = (
                    pair.first.0 * n + pair.first.1,
                    pair.second.0 * n + pair.second.1,
                );
                pairs_of_cell[a].push(k as u32);
                pairs_of_cell[b].push(k as u32);
                match pair.relation {
                    Relation::Greater => (b, a, Relation::Less),
                    relation => (a, b, relation),
                }
            })
            .collect();
        let mut pairs_from = vec![0];
        for of_cell in &pairs_of_cell {
            pairs_from.push(pairs_from.last().unwrap() + of_cell.len() as u32);
        }
        let mut filter = Filter {
            n,
            all: ((1u64 << n) - 1) << 1,
            lines,
            pairs,
            pairs_of: pairs_of_cell.concat(),
            pairs_from,
            lines_of: (0..n * n)
                .map(|cell| {
                    let (row, column) = (cell / n, cell % n);
                    [
                        (row as u32, column as u32),
                        ((n + column) as u32, row as u32),
                    ]
                })
                .collect(),
            links,
            id: FILTERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            light: None,
        };
        if !filter.links.is_empty() {
            filter.light = light::Tables::new(&filter);
        }
        filter
    }

    /// Narrows a cell and queues what it takes part in; false if nothing is left.
    #[inline(always)]
    fn narrow(&self, domains: &mut [u64], queue: &mut Queue, cell: usize, new: u64) -> bool {
        new == domains[cell] || self.narrowed(domains, queue, cell, new)
    }

    /// [`narrow`](Self::narrow) where the cell changes.
    fn narrowed(&self, domains: &mut [u64], queue: &mut Queue, cell: usize, new: u64) -> bool {
        domains[cell] = new;
        let [(row, _), (column, _)] = self.lines_of[cell];
        queue.push_line(row as usize);
        queue.push_line(column as usize);
        let (from, to) = (self.pairs_from[cell], self.pairs_from[cell + 1]);
        for &pair in &self.pairs_of[from as usize..to as usize] {
            queue.push_pair(pair as usize);
        }
        new != 0
    }

    /// Revises the queued lines and inequalities until nothing changes: each inequality
    /// `a < b` keeps `a` below the largest `b` and `b` above the smallest `a` (arc
    /// consistency); each line keeps the digits that some assignment of all of its digits to
    /// its cells uses ([`Filter::revise_line`]). Returns false when it finds that no solution
    /// exists; the queue is empty afterwards either way.
    fn propagate(&self, domains: &mut [u64], queue: &mut Queue) -> bool {
        loop {
            if let Some(pair) = queue.pairs.pop() {
                queue.pair_queued[pair] = false;
                queue.work += 2;
                let (a, b, relation) = self.pairs[pair];
                let (da, db) = (domains[a], domains[b]);
                if da == 0 || db == 0 {
                    queue.clear();
                    return false;
                }
                let (na, nb) = revise_pair(relation, da, db);
                if !self.narrow(domains, queue, a, na) || !self.narrow(domains, queue, b, nb) {
                    queue.clear();
                    return false;
                }
            } else if let Some(line) = queue.lines.pop() {
                queue.line_queued[line] = false;
                queue.work += self.n as u64;
                if !self.revise_line(domains, queue, line, false) {
                    queue.clear();
                    return false;
                }
            } else if let Some(line) = queue.halls.pop() {
                queue.hall_queued[line] = false;
                queue.work += self.n as u64;
                if !self.revise_line(domains, queue, line, true) {
                    queue.clear();
                    return false;
                }
            } else {
                return true;
            }
        }
    }

    /// Revises one line. Cheap rules first: a digit alone in its cell leaves the other cells,
    /// a digit with one place left goes there. Only when they change nothing (the line is
    /// queued again when they do), generalized arc consistency of "all different" on the
    /// open cells and the digits they still need (Régin's method): a perfect matching of
    /// cells to digits, then a digit stays in a cell only if it is the cell's match or lies
    /// on an alternating cycle through it, that is if the cell and the digit's match reach
    /// each other in the graph "cell -> the match of another of its digits". This finds
    /// every naked and hidden pair, triple and so on.
    fn revise_line(&self, domains: &mut [u64], queue: &mut Queue, line: usize, full: bool) -> bool {
        let n = self.n;
        let cells = &self.lines[line * n..(line + 1) * n];
        // Digits with at least one place, with two or more, and alone in a cell.
        let (mut once, mut twice, mut fixed) = (0u64, 0u64, 0u64);
        for &cell in cells {
            let d = domains[cell];
            if d == 0 || (d.is_power_of_two() && fixed & d != 0) {
                return false; // An empty cell, or one digit alone in two cells.
            }
            twice |= once & d;
            once |= d;
            if d.is_power_of_two() {
                fixed |= d;
            }
        }
        if once != self.all {
            return false; // A digit without a place.
        }
        if fixed == self.all {
            return true;
        }
        let hidden = once & !twice & !fixed;
        let mut changed = false;
        // The open cells and their domains, for the matching.
        let mut open = [0usize; MAX_SIZE];
        let mut dom = [0u64; MAX_SIZE];
        let mut m = 0;
        for &cell in cells {
            let d = domains[cell];
            if d.is_power_of_two() {
                continue;
            }
            let mut new = d & !fixed;
            if new & hidden != 0 {
                new &= hidden;
                if !new.is_power_of_two() {
                    return false; // Two digits that both need this cell.
                }
            }
            if new != d {
                if !self.narrow(domains, queue, cell, new) {
                    return false;
                }
                changed = true;
            }
            open[m] = cell;
            dom[m] = new;
            m += 1;
        }
        if changed {
            return true;
        }
        if !full {
            if !queue.light || self.links.is_empty() {
                queue.push_hall(line);
            }
            return true;
        }
        queue.work += (m * m) as u64;
        // owner[d]: the open cell matched to digit d; mate[i]: the digit of open cell i.
        const NONE: u8 = u8::MAX;
        let mut owner = [NONE; MAX_SIZE + 1];
        let mut mate = [0usize; MAX_SIZE];
        let (mut unmatched, mut used) = (0u64, 0u64);
        for (i, &digits) in dom[..m].iter().enumerate() {
            let free = digits & !used;
            if free == 0 {
                unmatched |= 1 << i;
            } else {
                owner[lowest(free)] = i as u8;
                used |= free & free.wrapping_neg();
            }
        }
        while unmatched != 0 {
            let i = lowest(unmatched);
            unmatched &= unmatched - 1;
            let mut seen = 0u64;
            if !augment(i, &dom, &mut owner, &mut seen) {
                return false;
            }
        }
        let mut free = self.all & !fixed;
        while free != 0 {
            let d = lowest(free);
            free &= free - 1;
            mate[owner[d] as usize] = d;
        }
        // reach[i]: the open cells that open cell i reaches (bit j for cell j), closed
        // transitively (Warshall's algorithm on bit rows).
        let mut reach = [0u64; MAX_SIZE];
        for i in 0..m {
            let mut others = dom[i] & !(1 << mate[i]);
            while others != 0 {
                reach[i] |= 1 << owner[lowest(others)];
                others &= others - 1;
            }
        }
        for k in 0..m {
            let via = reach[k];
            for r in reach.iter_mut().take(m) {
                if *r & (1 << k) != 0 {
                    *r |= via;
                }
            }
        }
        for i in 0..m {
            let mut keep = 1u64 << mate[i];
            let mut others = dom[i] & !keep;
            while others != 0 {
                let d = lowest(others);
                others &= others - 1;
                if reach[owner[d] as usize] & (1 << i) != 0 {
                    keep |= 1 << d;
                }
            }
            changed |= keep != domains[open[i]];
            self.narrow(domains, queue, open[i], keep);
        }
        // The line is queued again when the matching narrowed it.
        changed
            || self.links.is_empty()
            || queue.light
            || self.revise_fillings(domains, queue, line)
    }
}

/// The digits of two related cells `a` and `b` (holding `da` and `db`, neither empty)
/// that the other leaves some digit: arc consistency of the relation between them.
fn revise_pair(relation: Relation, da: u64, db: u64) -> (u64, u64) {
    (
        da & supported(relation.turned(), db),
        db & supported(relation, da),
    )
}

/// The digits of a second cell that some digit of a first, holding `digits` (not empty), is
/// in `relation` with, read from the first (`Less`: the first is the smaller); digits past
/// the side may be set.
#[inline(always)]
pub(super) fn supported(relation: Relation, digits: u64) -> u64 {
    match relation {
        // Above the first's smallest digit.
        Relation::Less => !((2u64 << lowest(digits)) - 1),
        // Below its largest.
        Relation::Greater => (1u64 << highest(digits)) - 1,
        // A neighbour digit.
        Relation::Consecutive => digits << 1 | digits >> 1,
        Relation::Apart => !unsupported_apart(digits),
        Relation::None => !0,
    }
}

/// Kuhn's augmenting path from cell `i`: true if `i` got a digit, moving others along the
/// way; `seen` holds the digits already visited in this search.
fn augment(i: usize, dom: &[u64], owner: &mut [u8], seen: &mut u64) -> bool {
    let mut digits = dom[i] & !*seen;
    while digits != 0 {
        let d = digits.trailing_zeros() as usize;
        digits &= digits - 1;
        if *seen & (1 << d) != 0 {
            continue;
        }
        *seen |= 1 << d;
        if owner[d] == u8::MAX || augment(owner[d] as usize, dom, owner, seen) {
            owner[d] = i as u8;
            return true;
        }
    }
    false
}

pub(super) fn lowest(bits: u64) -> usize {
    bits.trailing_zeros() as usize
}

pub(super) fn highest(bits: u64) -> usize {
    63 - bits.leading_zeros() as usize
}
