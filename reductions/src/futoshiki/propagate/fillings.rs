//! The adjacent mode's rule of a line ([`Filter::revise_fillings`]): a digit stays in a
//! cell only if some filling of the whole row or column puts it there, the fillings walked
//! once a state, and a line left as its last walk left it not walked again.

use super::{lowest, Filter, Queue, Relation, MAX_SIZE};

/// The largest side whose lines' fillings are walked ([`Filter::revise_fillings`]): the
/// walk keeps a word for each set of digits and last digit, 2^(n + 4) words.
pub(super) const MOST_FILLINGS_SIDE: usize = 12;

/// A walk of a line's fillings ([`Filter::revise_fillings`]).
struct Walk<'a> {
    n: usize,
    /// The relation of each cell with the next.
    links: &'a [Relation],
    /// The digits of each cell.
    dom: [u64; MAX_SIZE],
    /// The digits that the fillings found put in each cell.
    used_by_some: [u64; MAX_SIZE],
    /// For each state (the digits taken, the last digit), this walk's stamp and whether it
    /// leads to a filling (the lowest bit), if walked.
    states: &'a mut Vec<u32>,
    stamp: u32,
    /// How many digits of the cells no filling found so far uses.
    unused: u32,
}

impl Walk<'_> {
    /// Whether the partial filling of the first `i` cells that took the digits `taken`,
    /// the last `last`, leads to a filling; the digits the fillings from it put in the
    /// cells from `i` on are marked used.
    fn from(&mut self, i: usize, taken: u64, last: usize) -> bool {
        if i == self.n {
            return true;
        }
        let key = ((taken >> 1) as usize) << 4 | last;
        let known = self.states[key];
        if known >> 1 == self.stamp {
            return known & 1 == 1;
        }
        let mut leads = false;
        let mut left = self.dom[i] & !taken;
        while left != 0 {
            let d = lowest(left);
            left &= left - 1;
            if i > 0 && !self.links[i - 1].holds(last, d) {
                continue;
            }
            if self.from(i + 1, taken | 1 << d, d) {
                leads = true;
                if self.used_by_some[i] & 1 << d == 0 {
                    self.used_by_some[i] |= 1 << d;
                    self.unused -= 1;
                }
            }
            if self.unused == 0 {
                // Every digit is used by some filling: nothing to take away, no need to
                // walk on.
                return true;
            }
        }
        self.states[key] = self.stamp << 1 | u32::from(leads);
        leads
    }
}

/// Filters made so far ([`Filter::id`]).
pub(super) static FILTERS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

thread_local! {
    /// For each line of the last filter that walked its fillings on this thread, the
    /// digits its cells had after its last walk: a fixpoint of the rule, so a walk from the
    /// same digits would take nothing away. A node's lines that its choice did not change
    /// are skipped so.
    static SETTLED_LINES: std::cell::RefCell<(u64, Vec<[u64; MAX_SIZE]>)> =
        const { std::cell::RefCell::new((u64::MAX, Vec::new())) };
}

impl Filter {
    /// The adjacent mode's rule of a line: a digit stays in a cell only if some filling of
    /// the whole line uses it there, a filling being a digit of its cell for each cell, all
    /// different, with each neighbour's relation (a bar: consecutive digits; none: not).
    /// False when the line has no filling. It runs at the node, not in singleton
    /// consistency's trials, and its work is not counted in their budget: in the trials, or
    /// counted, it cost more time than the nodes it saved (docs/engine.md).
    ///
    /// The fillings are walked depth first along the line, each partial filling known by
    /// the digits it has taken and its last digit: what can follow depends on nothing else,
    /// so each such state is walked once (`Queue::states` remembers whether it leads to a
    /// filling), and the walk takes at most 2^n n states.
    pub(super) fn revise_fillings(
        &self,
        domains: &mut [u64],
        queue: &mut Queue,
        line: usize,
    ) -> bool {
        let n = self.n;
        let cells = &self.lines[line * n..(line + 1) * n];
        let mut now = [0u64; MAX_SIZE];
        for (d, &cell) in now.iter_mut().zip(cells) {
            *d = domains[cell];
        }
        let settled = SETTLED_LINES.with_borrow_mut(|(id, lines)| {
            if *id != self.id {
                *id = self.id;
                lines.clear();
                lines.resize(2 * n, [0; MAX_SIZE]);
            }
            lines[line] == now
        });
        if settled {
            return true;
        }
        // A stamp a walk, so that the states need no clearing (but when the stamps run out).
        queue.states.resize(1 << (n + 4), 0);
        if queue.stamp == u32::MAX >> 1 {
            queue.states.fill(0);
            queue.stamp = 0;
        }
        queue.stamp += 1;
        let mut walk = Walk {
            n,
            links: &self.links[line * n..(line + 1) * n],
            dom: [0; MAX_SIZE],
            used_by_some: [0; MAX_SIZE],
            states: &mut queue.states,
            stamp: queue.stamp,
            unused: 0,
        };
        for (d, &cell) in walk.dom.iter_mut().zip(cells) {
            *d = domains[cell];
            walk.unused += d.count_ones();
        }
        walk.from(0, 0, 0);
        let used_by_some = walk.used_by_some;
        for (d, &used) in now.iter_mut().zip(&used_by_some) {
            *d &= used;
        }
        SETTLED_LINES.with_borrow_mut(|(_, lines)| lines[line] = now);
        cells
            .iter()
            .zip(&used_by_some)
            .all(|(&cell, &used)| self.narrow(domains, queue, cell, domains[cell] & used))
    }
}
