//! The light rules of singleton consistency in the adjacent mode ([`LightTrials`]),
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
//!
//! The state is fixed in size (a grid of at most [`MOST_FILLINGS_SIDE`] a side, a cell's
//! digits in 16 bits) and every index into it masked to that size, so that the hot loops
//! need no bounds checks.

use super::fillings::MOST_FILLINGS_SIDE;
use super::trials::Trials;
use super::{lowest, supported, Filter, Relation};

// The sizes are powers of two, for the masks.

/// Room for the cells.
const CELLS: usize = (MOST_FILLINGS_SIDE * MOST_FILLINGS_SIDE).next_power_of_two();
/// A line's room in the tables of lines' cells and lines' digits: a shift, not a
/// multiplication, finds a line.
const STRIDE: usize = (MOST_FILLINGS_SIDE + 1).next_power_of_two();
/// Room for the lines' cells (`line * STRIDE + i`, rows then columns).
const LINE_CELLS: usize = (2 * MOST_FILLINGS_SIDE * STRIDE).next_power_of_two();
/// Room for the lines' digits (`line * STRIDE + digit`).
const LINE_DIGITS: usize = LINE_CELLS;
/// Room for the events: each cell at most once (it is queued once) and each line's digit
/// at most once (its places fall to one once; below that the rules fail).
const EVENTS: usize = (CELLS + LINE_DIGITS).next_power_of_two();

// A cell's digits and a line's places are 16 bits; a cell is a byte.
const _: () = assert!(MOST_FILLINGS_SIDE < 16 && CELLS <= 256);

/// An event about a line's digit rather than a cell: its places fell to one.
const HIDDEN: u32 = 1 << 31;

/// The grid as the light rules read it, in fixed-size tables.
pub(super) struct Tables {
    n: usize,
    /// The row and the column of each cell, as lines, each with the cell's place in it:
    /// `[row, place in the row, column, place in the column]`.
    lines_of: [[u8; 4]; CELLS],
    /// The i-th cell of line l at `l * STRIDE + i`.
    lines: [u8; LINE_CELLS],
    /// The relations of each cell as it sees them (`Less`: this cell is the smaller), the
    /// other cell and the relation, the pairs without a bar last; a cell has at most four
    /// neighbours.
    around: [[(u8, Relation); 4]; CELLS],
    /// How many of `around`'s relations each cell has.
    around_len: [u8; CELLS],
}

impl Tables {
    /// The tables of `filter`'s grid, if its side is at most [`MOST_FILLINGS_SIDE`] and its
    /// relations are between neighbours.
    pub(super) fn new(filter: &Filter) -> Option<Box<Tables>> {
        let n = filter.n;
        if n > MOST_FILLINGS_SIDE {
            return None;
        }
        let mut tables = Box::new(Tables {
            n,
            lines_of: [[0; 4]; CELLS],
            lines: [0; LINE_CELLS],
            around: [[(0, Relation::None); 4]; CELLS],
            around_len: [0; CELLS],
        });
        for (cell, [(row, in_row), (column, in_column)]) in filter.lines_of.iter().enumerate() {
            tables.lines_of[cell] = [*row as u8, *in_row as u8, *column as u8, *in_column as u8];
        }
        for (at, &cell) in filter.lines.iter().enumerate() {
            tables.lines[at / n * STRIDE + at % n] = cell as u8;
        }
        for cell in 0..n * n {
            let (from, to) = (filter.pairs_from[cell], filter.pairs_from[cell + 1]);
            let mut around: Vec<(u8, Relation)> = filter.pairs_of[from as usize..to as usize]
                .iter()
                .map(|&pair| match filter.pairs[pair as usize] {
                    (a, b, relation) if a == cell => (b as u8, relation),
                    (a, _, relation) => (a as u8, relation.turned()),
                })
                .collect();
            if around.len() > 4 {
                return None;
            }
            around.sort_by_key(|&(_, relation)| relation == Relation::Apart);
            tables.around[cell][..around.len()].copy_from_slice(&around);
            tables.around_len[cell] = around.len() as u8;
        }
        Some(tables)
    }

    /// The row and the column of `cell`, as lines, each with the cell's place in it.
    #[inline(always)]
    fn lines_at(&self, cell: usize) -> [(usize, usize); 2] {
        let [row, in_row, column, in_column] = self.lines_of[cell & (CELLS - 1)];
        [
            (row as usize, in_row as usize),
            (column as usize, in_column as usize),
        ]
    }

    /// The i-th cell of `line`.
    #[inline(always)]
    fn cell(&self, line: usize, i: usize) -> usize {
        self.lines[(line * STRIDE + i) & (LINE_CELLS - 1)] as usize
    }
}

/// The digits of each cell and the places of each digit in each line (bit i for the line's
/// i-th cell), at the node or in a trial.
#[derive(Clone)]
struct Digits {
    cells: [u16; CELLS],
    places: [u16; LINE_DIGITS],
}

impl Digits {
    /// The digits of `cell`.
    #[inline(always)]
    fn of(&self, cell: usize) -> u16 {
        self.cells[cell & (CELLS - 1)]
    }

    /// The places of a line's digit (`line * STRIDE + digit`).
    #[inline(always)]
    fn places(&mut self, line_digit: usize) -> &mut u16 {
        &mut self.places[line_digit & (LINE_DIGITS - 1)]
    }
}

/// Singleton consistency's trials on the light rules, driven by what changed (see the
/// module docs): the node's digits, a trial's, and what the trials of a cell kept.
pub(super) struct LightTrials<'a> {
    tables: &'a Tables,
    /// The number of cells, and the room the lines' digits take (`2 * n * STRIDE`): what a
    /// trial copies.
    cells: usize,
    line_digits: usize,
    node: Box<Digits>,
    trial: Box<Digits>,
    /// What some trial of the cell under way kept in each cell.
    kept: Box<[u16; CELLS]>,
    /// What is left to look at: cells narrowed, and lines' digits with one place
    /// (`HIDDEN | line * STRIDE + digit`), a stack of `events_len`.
    events: Box<[u32; EVENTS]>,
    events_len: usize,
    /// The cells among the events (bit c of word c / 64).
    queued: [u64; CELLS / 64],
    /// The work done, in the units of the budget.
    work: u64,
}

impl<'a> LightTrials<'a> {
    /// The trials from `domains` (the node's digits, of `tables`' grid), with `work` done.
    pub(super) fn new(tables: &'a Tables, domains: &[u64], work: u64) -> LightTrials<'a> {
        let n = tables.n;
        let mut node = Box::new(Digits {
            cells: [0; CELLS],
            places: [0; LINE_DIGITS],
        });
        for (cell, &digits) in domains.iter().enumerate() {
            node.cells[cell] = digits as u16;
            for (line, at) in tables.lines_at(cell) {
                let mut left = digits;
                while left != 0 {
                    *node.places(line * STRIDE + lowest(left)) |= 1 << at;
                    left &= left - 1;
                }
            }
        }
        LightTrials {
            tables,
            cells: domains.len(),
            line_digits: 2 * n * STRIDE,
            trial: node.clone(),
            node,
            kept: Box::new([0; CELLS]),
            events: Box::new([0; EVENTS]),
            events_len: 0,
            queued: [0; CELLS / 64],
            work,
        }
    }

    /// The node's digits, written into `domains`, and the work done.
    pub(super) fn finish(self, domains: &mut [u64]) -> u64 {
        for (digits, &now) in domains.iter_mut().zip(&self.node.cells) {
            *digits = u64::from(now);
        }
        self.work
    }

    /// `consistent`, the events dropped if it is false (a failure leaves some behind).
    fn dropped_unless(&mut self, consistent: bool) -> bool {
        if !consistent {
            self.events_len = 0;
            self.queued = [0; CELLS / 64];
        }
        consistent
    }

    /// Runs `run` with the rules (the events and the work taken out of `self`, so that
    /// they stay in registers) on the digits of the trial if `trial`, else the node's, and
    /// what the trials of the cell kept.
    #[inline(always)]
    fn with_rules<R>(
        &mut self,
        trial: bool,
        run: impl FnOnce(&mut Rules, &mut Digits, &[u16; CELLS]) -> R,
    ) -> R {
        let digits = match trial {
            true => &mut self.trial,
            false => &mut self.node,
        };
        let mut rules = Rules {
            tables: self.tables,
            events: &mut self.events,
            events_len: self.events_len,
            queued: self.queued,
            work: self.work,
        };
        let result = run(&mut rules, digits, &self.kept);
        (self.events_len, self.queued, self.work) = (rules.events_len, rules.queued, rules.work);
        result
    }
}

impl Trials for LightTrials<'_> {
    fn cells(&self) -> usize {
        self.cells
    }

    fn digits(&self, cell: usize) -> u64 {
        u64::from(self.node.of(cell))
    }

    fn work(&self) -> u64 {
        self.work
    }

    fn begin_cell(&mut self) {
        self.kept[..self.cells].fill(0);
    }

    fn try_digit(&mut self, cell: usize, digit: u64) -> bool {
        let (cells, line_digits) = (self.cells, self.line_digits);
        self.trial.cells[..cells].copy_from_slice(&self.node.cells[..cells]);
        self.trial.places[..line_digits].copy_from_slice(&self.node.places[..line_digits]);
        let consistent = self.with_rules(true, |rules, trial, _| {
            rules.narrow(trial, cell, digit as u16) && rules.settle(trial)
        });
        if consistent {
            for (kept, &digits) in self.kept[..cells].iter_mut().zip(&self.trial.cells) {
                *kept |= digits;
            }
        }
        self.dropped_unless(consistent)
    }

    fn remove(&mut self, cell: usize, digit: u64) -> bool {
        let consistent = self.with_rules(false, |rules, node, _| {
            let new = node.of(cell) & !(digit as u16);
            rules.narrow(node, cell, new) && rules.settle(node)
        });
        self.dropped_unless(consistent)
    }

    fn keep_kept(&mut self) -> Option<bool> {
        let cells = self.cells;
        let mut narrowed = false;
        let consistent = self.with_rules(false, |rules, node, kept| {
            for (cell, &kept) in kept[..cells].iter().enumerate() {
                let now = node.of(cell);
                if now & kept != now {
                    narrowed = true;
                    if !rules.narrow(node, cell, now & kept) {
                        return false;
                    }
                }
            }
            !narrowed || rules.settle(node)
        });
        narrowed.then(|| self.dropped_unless(consistent))
    }
}

/// What a cell holding `held` leaves a related cell, for each relation by its number (read
/// from the table without a branch on the relation).
#[inline(always)]
fn leaves(held: u16) -> [u16; 5] {
    let leaves = |relation| supported(relation, u64::from(held)) as u16;
    [
        leaves(Relation::None),
        leaves(Relation::Less),
        leaves(Relation::Greater),
        leaves(Relation::Consecutive),
        leaves(Relation::Apart),
    ]
}

// The relations' numbers index what `leaves` gives.
const _: () = assert!(
    Relation::None as usize == 0
        && Relation::Less as usize == 1
        && Relation::Greater as usize == 2
        && Relation::Consecutive as usize == 3
        && Relation::Apart as usize == 4
);

/// The rules at work on some digits: the tables, the events and the work.
struct Rules<'a> {
    tables: &'a Tables,
    events: &'a mut [u32; EVENTS],
    events_len: usize,
    queued: [u64; CELLS / 64],
    work: u64,
}

impl Rules<'_> {
    /// Notes `event` (no more than [`EVENTS`] are ever noted at once: see there).
    #[inline(always)]
    fn push(&mut self, event: u32) {
        debug_assert!(self.events_len < EVENTS);
        self.events[self.events_len & (EVENTS - 1)] = event;
        self.events_len += 1;
    }

    /// Narrows `cell` to `new` (a subset of its digits), noting the places its digits lose
    /// and what to look at; false if a cell or a line's digit runs out.
    #[inline(always)]
    fn narrow(&mut self, digits: &mut Digits, cell: usize, new: u16) -> bool {
        let old = digits.of(cell);
        if new == old {
            return true;
        }
        if new == 0 {
            return false;
        }
        digits.cells[cell & (CELLS - 1)] = new;
        let mut removed = old & !new;
        while removed != 0 {
            let d = removed.trailing_zeros() as usize;
            removed &= removed - 1;
            if !self.lose_places(digits, cell, d) {
                return false;
            }
        }
        self.queue(cell);
        true
    }

    /// Takes `digit` from `cell`, which holds it: [`narrow`](Self::narrow) where one digit
    /// goes.
    #[inline(always)]
    fn take(&mut self, digits: &mut Digits, cell: usize, digit: usize) -> bool {
        let new = digits.of(cell) & !(1 << digit);
        if new == 0 {
            return false;
        }
        digits.cells[cell & (CELLS - 1)] = new;
        if !self.lose_places(digits, cell, digit) {
            return false;
        }
        self.queue(cell);
        true
    }

    /// Notes that `cell` no longer holds `digit` in its lines' places; false if the digit
    /// has no place left in one of them.
    #[inline(always)]
    fn lose_places(&mut self, digits: &mut Digits, cell: usize, digit: usize) -> bool {
        for (line, at) in self.tables.lines_at(cell) {
            let places = digits.places(line * STRIDE + digit);
            let left = *places & !(1 << at);
            *places = left;
            if left == 0 {
                return false;
            }
            if left & (left - 1) == 0 {
                self.push(HIDDEN | (line * STRIDE + digit) as u32);
            }
        }
        true
    }

    /// Queues `cell`, narrowed, unless it is queued.
    #[inline(always)]
    fn queue(&mut self, cell: usize) {
        let (word, bit) = ((cell / 64) & (CELLS / 64 - 1), 1u64 << (cell % 64));
        if self.queued[word] & bit == 0 {
            self.queued[word] |= bit;
            self.push(cell as u32);
        }
    }

    /// Runs the rules from the events noted until nothing changes; false when no solution
    /// is left.
    fn settle(&mut self, digits: &mut Digits) -> bool {
        let tables = self.tables;
        let n = tables.n;
        while self.events_len > 0 {
            self.events_len -= 1;
            let event = self.events[self.events_len & (EVENTS - 1)];
            if event & HIDDEN != 0 {
                // A digit with one place in a line: it goes there (its places only fall,
                // and below one the rules have failed, so it still has that one).
                let line_digit = (event & !HIDDEN) as usize;
                let (line, digit) = (line_digit / STRIDE, line_digit % STRIDE);
                self.work += n as u64;
                let left = *digits.places(line_digit);
                let cell = tables.cell(line, left.trailing_zeros() as usize);
                if !self.narrow(digits, cell, 1 << digit) {
                    return false;
                }
                continue;
            }
            let cell = event as usize;
            self.queued[(cell / 64) & (CELLS / 64 - 1)] &= !(1u64 << (cell % 64));
            let held = digits.of(cell);
            if held.is_power_of_two() {
                // A digit alone in its cell leaves the cell's row and column.
                self.work += 2 * n as u64;
                let digit = held.trailing_zeros() as usize;
                for (line, at) in tables.lines_at(cell) {
                    let mut others = *digits.places(line * STRIDE + digit) & !(1 << at);
                    while others != 0 {
                        let other = tables.cell(line, others.trailing_zeros() as usize);
                        others &= others - 1;
                        // The places are those of the cells' digits: `other` holds it.
                        debug_assert!(digits.of(other) & held != 0);
                        if !self.take(digits, other, digit) {
                            return false;
                        }
                    }
                }
            }
            // The cell only lost digits: its related cells may lose the digits it supported
            // (its own digits keep their support in them, which did not change). Three
            // digits or more leave every digit of a cell without a bar between them one a
            // digit apart; those pairs come last.
            let rest = held & held.wrapping_sub(1);
            let many = rest & rest.wrapping_sub(1) != 0;
            let related = usize::from(tables.around_len[cell & (CELLS - 1)]);
            let leaves = leaves(held);
            for &(other, relation) in tables.around[cell & (CELLS - 1)].iter().take(related) {
                if many && relation == Relation::Apart {
                    break;
                }
                self.work += 2;
                let other = other as usize;
                let theirs = digits.of(other);
                let kept = theirs & leaves[relation as usize];
                if kept != theirs && !self.narrow(digits, other, kept) {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::{trials::Trials, Filter, Queue};
    use super::LightTrials;
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
    /// taken from a cell) reach the same digits, or fail alike, by the light rules and by
    /// the queue.
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
            let tables = filter
                .light
                .as_deref()
                .expect("an adjacent grid has tables");
            for (trial, new) in [(true, digit), (false, domains[cell] & !digit)] {
                let mut queue = Queue::new(&filter);
                queue.light = true;
                let mut by_queue = domains.clone();
                let queue_kept = filter.narrow(&mut by_queue, &mut queue, cell, new)
                    && filter.propagate(&mut by_queue, &mut queue);
                let mut trials = LightTrials::new(tables, &domains, 0);
                let places_kept = match trial {
                    true => trials.try_digit(cell, digit),
                    false => trials.remove(cell, digit),
                };
                let digits = match trial {
                    true => &trials.trial.cells,
                    false => &trials.node.cells,
                };
                let by_places: Vec<u64> = digits[..domains.len()]
                    .iter()
                    .map(|&digits| u64::from(digits))
                    .collect();
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
            }
        }
        assert!(kept > 1000 && failed > 300, "{kept} kept, {failed} failed");
    }
}
