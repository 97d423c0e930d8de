//! Singleton consistency ([`Filter::probe_from`]): each digit of each open cell tried in
//! turn and propagated, a digit whose trial fails removed for good, and a digit of another
//! cell that no trial of the cell kept removed too. The loop of trials is one
//! ([`Filter::probe_with`]); the rules the trials run are those of a [`Trials`]: the queue's
//! (with the matching), or in the adjacent mode the light rules ([`light::LightTrials`]).

use super::order::Order;
use super::trials::Trials;
use super::{light, Filter, Queue};

impl Filter {
    /// Singleton consistency: tries each digit of each open cell, propagates, and removes
    /// the digit for good when that fails, and the digits of other cells that no trial of
    /// the cell kept, until nothing changes or the queue's work passes `budget`; `stopped`
    /// is set to the cell whose trial the budget cut, if it did. The cells are tried in
    /// `order`. Returns false when no solution exists.
    pub(super) fn probe_from(
        &self,
        domains: &mut [u64],
        queue: &mut Queue,
        budget: u64,
        order: Order<'_>,
        stopped: &mut usize,
    ) -> bool {
        queue.light = true;
        // The adjacent mode's light rules go by places ([`light`]); the plain mode's are
        // the queue's, with the matching.
        let consistent = match self.light.as_deref() {
            Some(tables) => {
                let mut trials = light::LightTrials::new(tables, domains, queue.work);
                let consistent = self.probe_with(&mut trials, budget, order, stopped);
                queue.work = trials.finish(domains);
                consistent
            }
            None => {
                let mut trials = QueueTrials {
                    filter: self,
                    trial: vec![0; domains.len()],
                    kept: vec![0; domains.len()],
                    domains,
                    queue: &mut *queue,
                };
                self.probe_with(&mut trials, budget, order, stopped)
            }
        };
        queue.light = false;
        consistent
    }

    /// [`probe_from`](Self::probe_from) with the rules of `trials`.
    fn probe_with(
        &self,
        trials: &mut impl Trials,
        budget: u64,
        mut order: Order<'_>,
        stopped: &mut usize,
    ) -> bool {
        let count = trials.cells();
        let mut cells: Vec<usize> = (0..count).collect();
        loop {
            let mut changed = false;
            match &order {
                Order::Path { start, found } => cells.sort_by_key(|&cell| {
                    (
                        std::cmp::Reverse(found.get(cell).copied().unwrap_or(0)),
                        (cell + count - start) % count,
                    )
                }),
                // Cells with few digits first: their trials fail more often, and each failure
                // makes the later trials cheaper (f15 to f17 need 2 to 3 times less work).
                Order::Fewest => cells.sort_by_key(|&cell| trials.digits(cell).count_ones()),
            }
            for &cell in &cells {
                let mut digits = trials.digits(cell);
                if digits.is_power_of_two() {
                    continue;
                }
                // What some trial of this cell left each cell: a solution puts some digit
                // here, and its trial (which did not fail) keeps the solution's digits.
                trials.begin_cell();
                while digits != 0 {
                    let d = digits & digits.wrapping_neg();
                    digits &= digits - 1;
                    if trials.work() > budget {
                        *stopped = cell;
                        return true;
                    }
                    if trials.digits(cell) & d == 0 || trials.try_digit(cell, d) {
                        continue;
                    }
                    changed = true;
                    order.found(cell);
                    if !trials.remove(cell, d) {
                        return false;
                    }
                }
                match trials.keep_kept() {
                    None => {}
                    Some(false) => return false,
                    Some(true) => {
                        changed = true;
                        order.found(cell);
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }
}

/// The trials on the queue's rules ([`Filter::propagate`] with the matching), on vectors
/// of the digits.
struct QueueTrials<'a> {
    filter: &'a Filter,
    domains: &'a mut [u64],
    queue: &'a mut Queue,
    trial: Vec<u64>,
    kept: Vec<u64>,
}

impl Trials for QueueTrials<'_> {
    fn cells(&self) -> usize {
        self.domains.len()
    }

    fn digits(&self, cell: usize) -> u64 {
        self.domains[cell]
    }

    fn work(&self) -> u64 {
        self.queue.work
    }

    fn begin_cell(&mut self) {
        self.kept.fill(0);
    }

    fn try_digit(&mut self, cell: usize, digit: u64) -> bool {
        self.trial.copy_from_slice(self.domains);
        self.filter.narrow(&mut self.trial, self.queue, cell, digit);
        if !self.filter.propagate(&mut self.trial, self.queue) {
            return false;
        }
        for (kept, &digits) in self.kept.iter_mut().zip(&self.trial) {
            *kept |= digits;
        }
        true
    }

    fn remove(&mut self, cell: usize, digit: u64) -> bool {
        let new = self.domains[cell] & !digit;
        self.filter.narrow(self.domains, self.queue, cell, new)
            && self.filter.propagate(self.domains, self.queue)
    }

    fn keep_kept(&mut self) -> Option<bool> {
        let mut narrowed = false;
        for cell in 0..self.domains.len() {
            let kept = self.domains[cell] & self.kept[cell];
            if kept != self.domains[cell] {
                narrowed = true;
                if !self.filter.narrow(self.domains, self.queue, cell, kept) {
                    return Some(false);
                }
            }
        }
        narrowed.then(|| self.filter.propagate(self.domains, self.queue))
    }
}
