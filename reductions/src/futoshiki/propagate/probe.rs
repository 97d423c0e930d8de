//! Singleton consistency ([`Filter::probe_from`]): each digit of each open cell tried in
//! turn and propagated, a digit whose trial fails removed for good, and a digit of another
//! cell that no trial of the cell kept removed too.

use super::order::Order;
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
        // The adjacent mode's light rules go by places ([`light`]); the plain mode's are
        // the queue's, with the matching.
        let mut places = std::mem::take(&mut queue.places);
        let rules = match self.links.is_empty() {
            true => None,
            false => {
                places.start(self, domains);
                Some(&mut places)
            }
        };
        queue.light = true;
        let consistent = self.probe_with(domains, queue, rules, budget, order, stopped);
        queue.light = false;
        queue.places = places;
        consistent
    }

    /// [`probe_from`](Self::probe_from) under the light rules: by places in `rules` if
    /// given, else the queue's.
    fn probe_with(
        &self,
        domains: &mut [u64],
        queue: &mut Queue,
        mut rules: Option<&mut light::Places>,
        budget: u64,
        mut order: Order<'_>,
        stopped: &mut usize,
    ) -> bool {
        let mut trial = vec![0u64; domains.len()];
        let mut union = vec![0u64; domains.len()];
        let mut cells: Vec<usize> = (0..domains.len()).collect();
        let count = domains.len();
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
                Order::Fewest => cells.sort_by_key(|&cell| domains[cell].count_ones()),
            }
            for &cell in &cells {
                let mut digits = domains[cell];
                if digits.is_power_of_two() {
                    continue;
                }
                // What some trial of this cell left each cell: a solution puts some digit
                // here, and its trial (which did not fail) keeps the solution's digits.
                union.fill(0);
                while digits != 0 {
                    let d = digits & digits.wrapping_neg();
                    digits &= digits - 1;
                    if queue.work > budget {
                        *stopped = cell;
                        return true;
                    }
                    if domains[cell] & d == 0 {
                        continue;
                    }
                    trial.copy_from_slice(domains);
                    let kept = if let Some(rules) = rules.as_deref_mut() {
                        rules.begin_trial();
                        rules.narrow(self, &mut trial, true, cell, d)
                            && rules.settle(self, &mut trial, true, &mut queue.work)
                    } else {
                        self.narrow(&mut trial, queue, cell, d);
                        self.propagate(&mut trial, queue)
                    };
                    if kept {
                        for (all, &kept) in union.iter_mut().zip(&trial) {
                            *all |= kept;
                        }
                        continue;
                    }
                    changed = true;
                    order.found(cell);
                    let consistent = if let Some(rules) = rules.as_deref_mut() {
                        rules.narrow(self, domains, false, cell, domains[cell] & !d)
                            && rules.settle(self, domains, false, &mut queue.work)
                    } else {
                        self.narrow(domains, queue, cell, domains[cell] & !d)
                            && self.propagate(domains, queue)
                    };
                    if !consistent {
                        return false;
                    }
                }
                let mut narrowed = false;
                for other in 0..domains.len() {
                    let kept = domains[other] & union[other];
                    if kept != domains[other] {
                        narrowed = true;
                        let consistent = if let Some(rules) = rules.as_deref_mut() {
                            rules.narrow(self, domains, false, other, kept)
                        } else {
                            self.narrow(domains, queue, other, kept)
                        };
                        if !consistent {
                            return false;
                        }
                    }
                }
                if narrowed {
                    changed = true;
                    order.found(cell);
                    let consistent = if let Some(rules) = rules.as_deref_mut() {
                        rules.settle(self, domains, false, &mut queue.work)
                    } else {
                        self.propagate(domains, queue)
                    };
                    if !consistent {
                        return false;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }
}
