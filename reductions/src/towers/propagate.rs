//! The towers' own reasoning at every node of the search: each clue's line filled every way
//! its cells' digits left allow (see [`super::Towers`]'s `propagator`).

use super::{line, Choice, Grid};
use crate::Encoding;

pub(super) struct LineFilter {
    n: usize,
    /// Each clue's count, and its line's cells from the clue.
    lines: Vec<(usize, Vec<usize>)>,
    /// The clues' lines through each cell (indices into `lines`).
    lines_of: Vec<Vec<usize>>,
    /// The cell and digit of each option.
    fills: Vec<(usize, usize)>,
    /// The options that put each digit in each cell (at `cell * (n + 1) + digit`).
    options: Vec<Vec<dlx::OptionId>>,
}

impl LineFilter {
    pub fn new(grid: &Grid, encoding: &Encoding<Choice>) -> LineFilter {
        let n = grid.n;
        let lines: Vec<(usize, Vec<usize>)> = (0..4 * n)
            .filter(|&c| grid.clues[c] > 0)
            .map(|c| (usize::from(grid.clues[c]), line(n, c).collect()))
            .collect();
        let mut lines_of = vec![Vec::new(); n * n];
        for (k, (_, cells)) in lines.iter().enumerate() {
            for &cell in cells {
                lines_of[cell].push(k);
            }
        }
        let fills: Vec<(usize, usize)> = encoding
            .choices
            .iter()
            .map(|choice| match *choice {
                Choice::Fill { row, col, digit } | Choice::Walk { row, col, digit } => {
                    (row * n + col, digit)
                }
            })
            .collect();
        let mut options = vec![Vec::new(); n * n * (n + 1)];
        for (k, &(cell, digit)) in fills.iter().enumerate() {
            options[cell * (n + 1) + digit].push(dlx::OptionId::new(k));
        }
        LineFilter {
            n,
            lines,
            lines_of,
            fills,
            options,
        }
    }
}

impl dlx::propagate::Propagator for LineFilter {
    fn propagate(
        &self,
        node: &mut dlx::propagate::Node<'_>,
    ) -> Result<(), dlx::propagate::Contradiction> {
        let n = self.n;
        // Digits from bit 1; the first n² items are the cells.
        let mut domains = vec![0u32; n * n];
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
        let before = domains.clone();
        // The lines to fill again: those through a cell whose digits changed since this
        // filter last returned on the path (it returns at its fixpoint, where filling any
        // line again narrows nothing), or all of them. A line narrowed to what its fillings
        // use is at its own fixpoint; the other lines through a cell it narrowed are not.
        let mut queued = vec![false; self.lines.len()];
        let mut queue = Vec::new();
        let push = |line: usize, queue: &mut Vec<usize>, queued: &mut [bool]| {
            if !queued[line] {
                queued[line] = true;
                queue.push(line);
            }
        };
        match node.changed() {
            Some(options) => {
                for option in options {
                    let cell = self.fills[option.index()].0;
                    for &line in &self.lines_of[cell] {
                        push(line, &mut queue, &mut queued);
                    }
                }
            }
            None => (0..self.lines.len()).for_each(|line| push(line, &mut queue, &mut queued)),
        }
        while let Some(at) = queue.pop() {
            queued[at] = false;
            let (clue, line) = &self.lines[at];
            let supported = fillings(n, *clue, line, &domains);
            for (&cell, &support) in line.iter().zip(&supported) {
                if domains[cell] & !support != 0 {
                    domains[cell] &= support;
                    if domains[cell] == 0 {
                        return Err(dlx::propagate::Contradiction);
                    }
                    for &other in self.lines_of[cell].iter().filter(|&&other| other != at) {
                        push(other, &mut queue, &mut queued);
                    }
                }
            }
        }
        for cell in (0..n * n).filter(|&cell| open[cell]) {
            let mut gone = before[cell] & !domains[cell];
            while gone != 0 {
                let digit = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                for &option in &self.options[cell * (n + 1) + digit] {
                    node.remove(option);
                }
            }
        }
        Ok(())
    }
}

/// The digits (bit `d` for digit `d`) that some filling of a line, each cell from its
/// domain, all digits different, seeing `clue` towers from the line's start, puts in each of
/// its cells.
fn fillings(n: usize, clue: usize, line: &[usize], domains: &[u32]) -> Vec<u32> {
    struct Walk<'a> {
        n: usize,
        clue: usize,
        domains: Vec<u32>,
        digits: Vec<usize>,
        supported: &'a mut [u32],
        /// Every digit.
        all: u32,
    }
    impl Walk<'_> {
        fn go(&mut self, k: usize, used: u32, tallest: usize, seen: usize) -> bool {
            if k == self.n {
                if seen == self.clue {
                    for (support, &digit) in self.supported.iter_mut().zip(&self.digits) {
                        *support |= 1 << digit;
                    }
                    return self
                        .supported
                        .iter()
                        .zip(&self.domains)
                        .all(|(s, d)| s == d);
                }
                return false;
            }
            // Too few taller digits left to be seen, or the count already passed.
            let taller = (self.all & !used) >> (tallest + 1);
            if seen > self.clue || seen + (taller.count_ones() as usize) < self.clue {
                return false;
            }
            let limit = if seen == self.clue { tallest } else { self.n };
            let mut choices = self.domains[k] & !used;
            while choices != 0 {
                let digit = choices.trailing_zeros() as usize;
                choices &= choices - 1;
                if digit > limit {
                    break;
                }
                self.digits[k] = digit;
                let (next_tallest, next_seen) = if digit > tallest {
                    (digit, seen + 1)
                } else {
                    (tallest, seen)
                };
                if self.go(k + 1, used | 1 << digit, next_tallest, next_seen) {
                    return true;
                }
            }
            false
        }
    }
    let mut supported = vec![0u32; n];
    let mut walk = Walk {
        n,
        clue,
        domains: line.iter().map(|&cell| domains[cell]).collect(),
        digits: vec![0; n],
        supported: &mut supported,
        all: ((1u32 << n) - 1) << 1,
    };
    walk.go(0, 0, 0, 0);
    supported
}
