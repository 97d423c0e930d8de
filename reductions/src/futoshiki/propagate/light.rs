//! The light rules of singleton consistency in the adjacent mode ([`Places::settle`]),
//! driven by what changed: a cell left one digit takes it from the other cells of its row and
//! column, a digit left one place in a line goes there, and a narrowed cell's relations are
//! revised; the places of each digit in each line are kept as digits go (a bit for each of
//! the line's cells), so a line is never read whole to find its hidden digits, and a digit
//! leaves only the cells that hold it.
//!
//! These are the cheap rules of [`Filter::revise_line`] and the relations of
//! [`Filter::propagate`], whose fixpoint is the same (the rules only narrow, so their greatest
//! common fixpoint does not depend on the order they run in); what differs is the work to
//! reach it, which in singleton consistency's trials is most of the filter's time.

use super::{lowest, supported, Filter, Relation};

// A line's places are 16 bits, and only the adjacent mode's lines (of at most
// MOST_FILLINGS_SIDE cells) use these rules.
const _: () = assert!(super::fillings::MOST_FILLINGS_SIDE <= 16);

/// An event about a line's digit rather than a cell: its places fell to one.
const HIDDEN: u32 = 1 << 31;

/// The state the light rules keep beside the cells' digits: the node's, and a trial's.
#[derive(Default)]
pub(super) struct Places {
    /// The places of each digit in each line (`line * (n + 1) + digit`) at the node: bit i
    /// for the line's i-th cell.
    places: Vec<u16>,
    /// The same in the trial under way.
    trial_places: Vec<u16>,
    /// What is left to look at: cells narrowed, and lines' digits with one place
    /// (`HIDDEN | line << 8 | digit`).
    events: Vec<u32>,
    /// The cells among the events (bit c of word c / 64).
    queued: Vec<u64>,
}

impl Places {
    /// Notes the places of each digit in each line of `domains`, the node's digits.
    pub(super) fn start(&mut self, filter: &Filter, domains: &[u64]) {
        let n = filter.n;
        self.places.clear();
        self.places.resize(2 * n * (n + 1), 0);
        for (cell, &digits) in domains.iter().enumerate() {
            for (line, at) in lines_at(filter, cell) {
                let places = &mut self.places[line * (n + 1)..][..n + 1];
                let mut left = digits;
                while left != 0 {
                    places[lowest(left)] |= 1 << at;
                    left &= left - 1;
                }
            }
        }
        self.trial_places.clone_from(&self.places);
        self.queued.clear();
        self.queued.resize(domains.len().div_ceil(64), 0);
    }

    /// Starts a trial from the node's digits (which the caller copies).
    pub(super) fn begin_trial(&mut self) {
        self.trial_places.copy_from_slice(&self.places);
    }

    /// Narrows `cell` to `new` (a subset of its digits) in the trial's digits if `trial`,
    /// else the node's, counting the places its digits lose and noting what to look at;
    /// false (and the events dropped) if a cell or a line's digit runs out.
    pub(super) fn narrow(
        &mut self,
        filter: &Filter,
        domains: &mut [u64],
        trial: bool,
        cell: usize,
        new: u64,
    ) -> bool {
        let (places, events, queued) = self.parts(trial);
        let narrowed = narrow(filter, domains, places, events, queued, cell, new);
        self.dropped_unless(narrowed)
    }

    /// Runs the light rules from the events noted until nothing changes, in the trial's
    /// digits if `trial`; false when no solution is left. The events are dropped either
    /// way; the work is added to `work`.
    pub(super) fn settle(
        &mut self,
        filter: &Filter,
        domains: &mut [u64],
        trial: bool,
        work: &mut u64,
    ) -> bool {
        let (places, events, queued) = self.parts(trial);
        let consistent = settle(filter, domains, places, events, queued, work);
        self.dropped_unless(consistent)
    }

    /// The places of the trial's digits if `trial`, else the node's, and the events.
    fn parts(&mut self, trial: bool) -> (&mut [u16], &mut Vec<u32>, &mut [u64]) {
        let places = match trial {
            true => &mut self.trial_places,
            false => &mut self.places,
        };
        (places, &mut self.events, &mut self.queued)
    }

    /// `consistent`, the events dropped if it is false (a failure leaves some behind).
    fn dropped_unless(&mut self, consistent: bool) -> bool {
        if !consistent {
            self.events.clear();
            self.queued.fill(0);
        }
        consistent
    }
}

/// [`Places::narrow`] on the given places.
#[inline(always)]
fn narrow(
    filter: &Filter,
    domains: &mut [u64],
    places: &mut [u16],
    events: &mut Vec<u32>,
    queued: &mut [u64],
    cell: usize,
    new: u64,
) -> bool {
    let old = domains[cell];
    if new == old {
        return true;
    }
    if new == 0 {
        return false;
    }
    domains[cell] = new;
    let n1 = filter.n + 1;
    let mut removed = old & !new;
    while removed != 0 {
        let d = lowest(removed);
        removed &= removed - 1;
        for (line, at) in lines_at(filter, cell) {
            let digit_at = line * n1 + d;
            let left = places[digit_at] & !(1 << at);
            places[digit_at] = left;
            if left == 0 {
                return false;
            }
            if left & (left - 1) == 0 {
                events.push(HIDDEN | (line << 8 | d) as u32);
            }
        }
    }
    let bit = 1u64 << (cell % 64);
    if queued[cell / 64] & bit == 0 {
        queued[cell / 64] |= bit;
        events.push(cell as u32);
    }
    true
}

/// The row and the column of `cell`, as lines, each with the cell's place in it.
#[inline(always)]
fn lines_at(filter: &Filter, cell: usize) -> [(usize, usize); 2] {
    let [(row, in_row), (column, in_column)] = filter.lines_of[cell];
    [
        (row as usize, in_row as usize),
        (column as usize, in_column as usize),
    ]
}

/// [`Places::settle`] on the given places.
fn settle(
    filter: &Filter,
    domains: &mut [u64],
    places: &mut [u16],
    events: &mut Vec<u32>,
    queued: &mut [u64],
    work: &mut u64,
) -> bool {
    let n = filter.n;
    while let Some(event) = events.pop() {
        if event & HIDDEN != 0 {
            // A digit with one place in a line: it goes there.
            let (line, digit) = ((event & !HIDDEN) as usize >> 8, event as usize & 0xff);
            let at = line * (n + 1) + digit;
            *work += n as u64;
            let left = places[at];
            if left & (left - 1) != 0 {
                continue;
            }
            let cell = filter.lines[line * n + lowest(u64::from(left))];
            if !narrow(filter, domains, places, events, queued, cell, 1 << digit) {
                return false;
            }
            continue;
        }
        let cell = event as usize;
        queued[cell / 64] &= !(1u64 << (cell % 64));
        let digits = domains[cell];
        if digits.is_power_of_two() {
            // A digit alone in its cell leaves the cell's row and column.
            *work += 2 * n as u64;
            let digit = lowest(digits);
            for (line, at) in lines_at(filter, cell) {
                let mut others = places[line * (n + 1) + digit] & !(1 << at);
                while others != 0 {
                    let other = filter.lines[line * n + lowest(u64::from(others))];
                    others &= others - 1;
                    if domains[other] & digits != 0
                        && !narrow(
                            filter,
                            domains,
                            places,
                            events,
                            queued,
                            other,
                            domains[other] & !digits,
                        )
                    {
                        return false;
                    }
                }
            }
        }
        // The cell only lost digits: its related cells may lose the digits it supported
        // (its own digits keep their support in them, which did not change).
        let (from, to) = (filter.pairs_from[cell], filter.pairs_from[cell + 1]);
        // Three digits or more leave every digit of a cell without a bar between them one a
        // digit apart; those pairs come last.
        let rest = digits & digits.wrapping_sub(1);
        let many = rest & rest.wrapping_sub(1) != 0;
        for &(other, relation) in &filter.around[from as usize..to as usize] {
            if many && relation == Relation::Apart {
                break;
            }
            *work += 2;
            let other = other as usize;
            let kept = domains[other] & supported(relation, digits);
            if kept != domains[other]
                && !narrow(filter, domains, places, events, queued, other, kept)
            {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::super::{Filter, Queue};
    use super::Places;
    use crate::futoshiki::{Grid, Relation};
    use crate::generate::Rng;

    /// A random grid of the adjacent mode (a bar between a third of the neighbours, and
    /// now and then an inequality instead) and random digits in its cells, at a fixpoint of
    /// the queue's light rules; None if those rules find no solution.
    fn random_state(rng: &mut Rng) -> Option<(Filter, Vec<u64>)> {
        let n = 3 + rng.below(5);
        let mut grid = Grid::adjacent(n).unwrap();
        let relation = |rng: &mut Rng| match rng.below(12) {
            0..=3 => Relation::Consecutive,
            4 => Relation::Less,
            5 => Relation::Greater,
            _ => Relation::Apart,
        };
        for r in 0..n {
            for c in 0..n {
                if c + 1 < n {
                    grid.set_right(r, c, relation(rng));
                }
                if r + 1 < n {
                    grid.set_down(r, c, relation(rng));
                }
            }
        }
        let filter = Filter::new(&grid, true);
        assert!(!filter.links.is_empty());
        let mut domains: Vec<u64> = (0..n * n)
            .map(|_| match rng.below(3) {
                0 => filter.all,
                _ => filter.all & (rng.next_u64() | rng.next_u64()) | 1 << (1 + rng.below(n)),
            })
            .collect();
        let mut queue = Queue::new(&filter);
        queue.light = true;
        queue.all(&filter);
        filter
            .propagate(&mut domains, &mut queue)
            .then_some((filter, domains))
    }

    /// From a fixpoint, a trial (a cell given one of its digits) and a removal (a digit
    /// taken from a cell) reach the same digits, or fail alike, by places and by the queue.
    #[test]
    fn place_rules_reach_the_queues_fixpoint() {
        let mut rng = Rng::new(58);
        let (mut kept, mut failed, mut states) = (0, 0, 0);
        while states < 3000 {
            let Some((filter, domains)) = random_state(&mut rng) else {
                continue;
            };
            let open: Vec<usize> = (0..domains.len())
                .filter(|&cell| !domains[cell].is_power_of_two())
                .collect();
            if open.is_empty() {
                continue;
            }
            states += 1;
            let cell = open[rng.below(open.len())];
            let digits: Vec<u64> = (1..=filter.n)
                .map(|d| 1u64 << d)
                .filter(|&bit| domains[cell] & bit != 0)
                .collect();
            let digit = digits[rng.below(digits.len())];
            let mut places = Places::default();
            places.start(&filter, &domains);
            for (trial, new) in [(true, digit), (false, domains[cell] & !digit)] {
                let mut queue = Queue::new(&filter);
                queue.light = true;
                let mut by_queue = domains.clone();
                let queue_kept = filter.narrow(&mut by_queue, &mut queue, cell, new)
                    && filter.propagate(&mut by_queue, &mut queue);
                let mut by_places = domains.clone();
                if trial {
                    places.begin_trial();
                }
                let mut work = 0;
                let places_kept = places.narrow(&filter, &mut by_places, trial, cell, new)
                    && places.settle(&filter, &mut by_places, trial, &mut work);
                assert_eq!(
                    queue_kept, places_kept,
                    "{domains:?} cell {cell} to {new:b}"
                );
                if queue_kept {
                    assert_eq!(by_queue, by_places, "{domains:?} cell {cell} to {new:b}");
                    kept += 1;
                } else {
                    failed += 1;
                }
                if !trial {
                    // The node's places went on from the removal: start again.
                    places.start(&filter, &domains);
                }
            }
        }
        assert!(kept > 1000 && failed > 300, "{kept} kept, {failed} failed");
    }
}
