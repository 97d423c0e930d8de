//! The adjacent mode's rule of a line ([`Filter::revise_fillings`]): a digit stays in a
//! cell only if some filling of the whole row or column puts it there, the fillings walked
//! a cell at a time over the sets of digits taken, and a line left as its last walk left it
//! not walked again.

use super::{lowest, supported, Filter, Queue, Relation, MAX_SIZE};

/// The largest side whose lines' fillings are walked ([`Filter::revise_fillings`]): the
/// walk keeps two words for each set of digits, 2^(n + 1) words.
pub(super) const MOST_FILLINGS_SIDE: usize = 12;

/// Entries in each table of a walk: one for each set of digits of the largest side.
const SETS: usize = 1 << MOST_FILLINGS_SIDE;

/// The tables of a walk, kept on the thread so that they are allocated once: for each set of
/// digits the first cells of the line can take (bit d - 1 for digit d), the digits the last
/// of them can hold (`last`), and those of them from which the rest of the line can be
/// filled (`ahead`); every entry is zero between walks. Their size is fixed (indices are
/// masked into it), so that reading them takes no bounds check.
pub(super) struct Tables {
    last: Box<[u16; SETS]>,
    ahead: Box<[u16; SETS]>,
    /// The sets reached, those of k digits before those of k + 1 (each set once: fewer than
    /// `SETS`).
    reached: Box<[u16; SETS]>,
}

impl Default for Tables {
    fn default() -> Tables {
        Tables {
            last: Box::new([0; SETS]),
            ahead: Box::new([0; SETS]),
            reached: Box::new([0; SETS]),
        }
    }
}

/// The digits that may follow a digit of `before` (not empty) across `relation`.
fn after(relation: Relation, before: u64, all: u64) -> u64 {
    all & supported(relation, before)
}

/// Grows the sets `reached[sets]` of k digits by a digit of the next cell (`next_digits`)
/// that may follow the last digit (`follow(last digits)`: the digits that may follow one of
/// them), noting each set of k + 1 digits reached (after `reached[..*len]`) and the digits it
/// may end on.
#[inline(always)]
fn grow(
    last: &mut [u16; SETS],
    reached: &mut [u16; SETS],
    len: &mut usize,
    sets: std::ops::Range<usize>,
    (next_digits, needed): (u64, u64),
    follow: impl Fn(u64) -> u64,
) {
    for at in sets {
        let set = reached[at % SETS];
        let taken = u64::from(set) << 1;
        let mut next = next_digits & !taken & follow(u64::from(last[set as usize % SETS]));
        // A digit that no later cell holds must be among the first k + 1.
        let missing = needed & !taken;
        if missing != 0 {
            next &= match missing & (missing - 1) {
                0 => missing,
                _ => 0,
            };
        }
        while next != 0 {
            let d = lowest(next);
            next &= next - 1;
            let grown = (set | 1 << (d - 1)) as usize % SETS;
            if last[grown] == 0 {
                reached[*len % SETS] = grown as u16;
                *len += 1;
            }
            last[grown] |= 1 << d;
        }
    }
}

/// The digits that some digit of `next` (not empty) may follow across `relation`.
fn preceding(relation: Relation, next: u64, all: u64) -> u64 {
    all & supported(relation.turned(), next)
}

/// The fewest bars a line needs for its fillings to be walked. A line with fewer admits
/// many fillings, which the walk reaches at a cost (more sets of digits) while the matching
/// and the pairs' rules already keep what they allow: on the slowest kept 9adr puzzle a walk
/// narrowed 7% of the lines without a bar, 9% with one, 18% with two and 23% with three or
/// more, and walking those of three or more alone took 1.37 -> 1.17 s (6,614 -> 6,987
/// nodes), the kept fifteen 2.67 -> 2.21 s in all and four fresh ones 1.11 -> 0.76 s; with
/// four or more, two of the kept took 2 and 7 times as long.
const FEWEST_BARS_WALKED: usize = 3;

/// Filters made so far ([`Filter::id`]).
pub(super) static FILTERS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

thread_local! {
    /// For each line of the last filter that walked its fillings on this thread, the
    /// digits its cells had after its last walk: a fixpoint of the rule, so a walk from the
    /// same digits would take nothing away. A node's lines that its choice did not change
    /// are skipped so.
    static SETTLED_LINES: std::cell::RefCell<(u64, Vec<[u64; MAX_SIZE]>)> =
        const { std::cell::RefCell::new((u64::MAX, Vec::new())) };

    /// The tables of this thread's walks.
    static TABLES: std::cell::RefCell<Tables> = std::cell::RefCell::new(Tables::default());
}

impl Tables {
    /// The digits that some filling of a line puts in each of its cells (none anywhere when
    /// there is no filling): `dom` the digits of its cells, `links[k]` the relation of cell
    /// k with cell k + 1, `all` the digits 1 to the side.
    ///
    /// What can follow the first k cells of a filling depends only on the set of digits
    /// they took and the last of them, so the walk goes a cell at a time over those sets:
    /// forward, each set reached with the digits its last cell can hold; then backward,
    /// keeping of those the digits from which the rest of the line can be filled. A digit
    /// is in some filling at cell k exactly where it is kept as the last of a set of k + 1.
    /// Each set is met once each way, 2^n sets at most.
    fn walk(&mut self, dom: &[u64], links: &[Relation], all: u64) -> [u64; MAX_SIZE] {
        let n = dom.len();
        debug_assert!(n <= MOST_FILLINGS_SIDE);
        let Tables {
            last,
            ahead,
            reached,
        } = self;
        let (last, ahead, reached) = (&mut **last, &mut **ahead, &mut **reached);
        let mut len = 0;
        // level[k]: where the sets of k + 1 digits start in `reached`.
        let mut level = [0usize; MAX_SIZE + 1];
        let mut first = dom[0];
        while first != 0 {
            let d = lowest(first);
            first &= first - 1;
            let set = 1u16 << (d - 1);
            last[set as usize % SETS] = 1 << d;
            reached[len % SETS] = set;
            len += 1;
        }
        // later[k]: the digits of cells k to the end.
        let mut later = [0u64; MAX_SIZE + 1];
        for k in (0..n).rev() {
            later[k] = later[k + 1] | dom[k];
        }
        for k in 1..n {
            level[k] = len;
            let next = (dom[k], all & !later[k + 1]);
            let sets = level[k - 1]..level[k];
            let len = &mut len;
            // One loop for each relation, so that it is not matched again at every set.
            match links[k - 1] {
                Relation::None => grow(last, reached, len, sets, next, |_| all),
                Relation::Consecutive => grow(last, reached, len, sets, next, |before| {
                    supported(Relation::Consecutive, before)
                }),
                Relation::Apart => grow(last, reached, len, sets, next, |before| {
                    supported(Relation::Apart, before)
                }),
                relation => grow(last, reached, len, sets, next, |before| {
                    after(relation, before, all)
                }),
            }
        }
        level[n] = len;
        let mut used = [0u64; MAX_SIZE];
        if level[n] > level[n - 1] {
            // The one set of n digits: every last digit it was reached with ends a filling.
            let full = reached[level[n - 1] % SETS] as usize % SETS;
            ahead[full] = last[full];
            used[n - 1] = u64::from(last[full]);
            for k in (1..n).rev() {
                for &set in &reached[level[k - 1]..level[k]] {
                    let set = set as usize % SETS;
                    let taken = (set as u64) << 1;
                    let mut next = dom[k] & !taken;
                    let mut good = 0u64;
                    while next != 0 {
                        let d = lowest(next);
                        next &= next - 1;
                        if ahead[(set | 1 << (d - 1)) % SETS] >> d & 1 == 1 {
                            good |= 1 << d;
                        }
                    }
                    if good != 0 {
                        let kept = u64::from(last[set]) & preceding(links[k - 1], good, all);
                        ahead[set] = kept as u16;
                        used[k - 1] |= kept;
                    }
                }
            }
        }
        for &set in &reached[..len] {
            last[set as usize % SETS] = 0;
            ahead[set as usize % SETS] = 0;
        }
        used
    }
}

impl Filter {
    /// The adjacent mode's rule of a line: a digit stays in a cell only if some filling of
    /// the whole line uses it there, a filling being a digit of its cell for each cell, all
    /// different, with each neighbour's relation (a bar: consecutive digits; none: not).
    /// False when the line has no filling ([`Tables::walk`]). It runs at the node after
    /// singleton consistency, not before it or in it, and its work is not counted in its
    /// budget: in the trials, or counted, it cost more time than the nodes it saved
    /// (docs/engine.md). A line with fewer than [`FEWEST_BARS_WALKED`] bars is not walked.
    /// (A rule left out keeps more digits, never fewer: the counts stay exact.)
    pub(super) fn revise_fillings(
        &self,
        domains: &mut [u64],
        queue: &mut Queue,
        line: usize,
    ) -> bool {
        let n = self.n;
        let links = &self.links[line * n..(line + 1) * n];
        let bars = links.iter().filter(|&&link| link == Relation::Consecutive);
        if bars.count() < FEWEST_BARS_WALKED {
            return true;
        }
        let cells = &self.lines[line * n..(line + 1) * n];
        let mut dom = [0u64; MAX_SIZE];
        for (d, &cell) in dom.iter_mut().zip(cells) {
            *d = domains[cell];
        }
        let settled = SETTLED_LINES.with_borrow_mut(|(id, lines)| {
            if *id != self.id {
                *id = self.id;
                lines.clear();
                lines.resize(2 * n, [0; MAX_SIZE]);
            }
            lines[line] == dom
        });
        if settled {
            return true;
        }
        let used = TABLES.with_borrow_mut(|tables| tables.walk(&dom[..n], links, self.all));
        for (d, &used) in dom.iter_mut().zip(&used) {
            *d &= used;
        }
        SETTLED_LINES.with_borrow_mut(|(_, lines)| lines[line] = dom);
        cells
            .iter()
            .zip(&used)
            .all(|(&cell, &used)| self.narrow(domains, queue, cell, domains[cell] & used))
    }
}

#[cfg(test)]
mod tests {
    use super::{Relation, Tables, MAX_SIZE};
    use crate::generate::Rng;

    /// The digits each cell takes in some filling, by listing every permutation.
    fn listed(dom: &[u64], links: &[Relation]) -> [u64; MAX_SIZE] {
        fn place(
            k: usize,
            taken: u64,
            filling: &mut Vec<usize>,
            dom: &[u64],
            links: &[Relation],
            used: &mut [u64; MAX_SIZE],
        ) {
            if k == dom.len() {
                for (cell, &d) in filling.iter().enumerate() {
                    used[cell] |= 1 << d;
                }
                return;
            }
            for d in 1..=dom.len() {
                let fits = dom[k] >> d & 1 == 1
                    && taken >> d & 1 == 0
                    && (k == 0 || links[k - 1].holds(filling[k - 1], d));
                if fits {
                    filling.push(d);
                    place(k + 1, taken | 1 << d, filling, dom, links, used);
                    filling.pop();
                }
            }
        }
        let mut used = [0; MAX_SIZE];
        place(0, 0, &mut Vec::new(), dom, links, &mut used);
        used
    }

    #[test]
    fn the_walk_keeps_the_digits_of_the_listed_fillings() {
        let relations = [
            Relation::None,
            Relation::Less,
            Relation::Greater,
            Relation::Consecutive,
            Relation::Apart,
        ];
        let mut rng = Rng::new(58);
        let mut tables = Tables::default();
        let (mut with_fillings, mut without) = (0, 0);
        for _ in 0..3000 {
            let n = 1 + rng.below(7);
            let all = ((1u64 << n) - 1) << 1;
            // Dense or sparse digits, so that some lines have fillings and some none.
            let keep = 1 + rng.below(3);
            let dom: Vec<u64> = (0..n)
                .map(|_| (0..keep).fold(all, |d, _| d & rng.next_u64()) | 1 << (1 + rng.below(n)))
                .collect();
            let links: Vec<Relation> = (0..n).map(|_| relations[rng.below(5)]).collect();
            let expected = listed(&dom, &links);
            assert_eq!(
                tables.walk(&dom, &links, all),
                expected,
                "{dom:?} {links:?}"
            );
            if expected[0] == 0 {
                without += 1;
            } else {
                with_fillings += 1;
            }
        }
        assert!(
            with_fillings > 500 && without > 500,
            "{with_fillings} {without}"
        );
    }
}
