//! The reasoning at every node of a search of the pattern encodings ([`LineReasoning`]):
//! what a line's patterns left agree on, and failed-digit probing of the open cells, on bit
//! masks rather than on the table's lists.
//!
//! The state at a node is read from the options left: each line's patterns (the options of
//! its item, or the pattern chosen above the node) and, for every line, the cells known to
//! hold a 0 and a 1 (two masks, kept equal in the row and the column through each cell).
//! Three rules run to a fixpoint:
//! - *agreement*: a cell where every pattern left to a line that fits the known cells has
//!   the same digit holds it (what the engine's forcing does with the cells' colors);
//! - *distinct lines*: a complete line's pattern fits no other line of its kind;
//! - *probing*: each digit of each open cell is tried, and the first two rules run; a digit
//!   that leaves some line without a pattern is in no solution, so the cell takes the other;
//!   when both digits survive, the cells that both trials fill alike are filled so.
//!
//! Then every pattern that no longer fits goes. Each removal is of an option that no solution
//! below the node uses, so counts are exact. The same rules run by the engine's probing on
//! the colored encoding walk the options' nodes and put each back after a trial; here a
//! trial copies two words a line, and a pattern is checked with two instructions.

use super::Choice;
use crate::Encoding;

/// The most patterns that probing may check at one node of the search (about a
/// millisecond): on grids with many solutions, where trials rarely fail, probing stops
/// there rather than growing with the grid.
const PROBE_BUDGET: u64 = 4_000_000;

/// The line rules and failed-digit probing at every node ([`dlx::propagate::Propagator`]) of a search of
/// the pattern encodings (see the [module docs](self)).
pub(super) struct LineReasoning {
    rows: usize,
    cols: usize,
    distinct: bool,
    /// The item of each line: the rows, then the columns.
    items: Vec<dlx::ItemId>,
    /// The line and pattern of each option.
    patterns: Vec<(u32, u64)>,
}

impl LineReasoning {
    /// The reasoning for `encoding`, if it is a pattern encoding (every option a row's or a
    /// column's pattern) of a grid of `rows` x `cols`.
    pub(super) fn new(
        rows: usize,
        cols: usize,
        distinct: bool,
        encoding: &Encoding<Choice>,
    ) -> Option<LineReasoning> {
        let problem = &encoding.problem;
        let mut items = vec![None; rows + cols];
        let mut patterns = Vec::with_capacity(problem.option_count());
        for option in problem.options() {
            let (line, bits) = match *encoding.choice(option) {
                Choice::Row { row, bits } if row < rows => (row, bits),
                Choice::Column { col, bits } if col < cols => (rows + col, bits),
                _ => return None,
            };
            // A line's item comes first in each of its options.
            let item = problem.option(option).first()?.item();
            if *items[line].get_or_insert(item) != item {
                return None;
            }
            patterns.push((line as u32, bits));
        }
        Some(LineReasoning {
            rows,
            cols,
            distinct,
            items: items.into_iter().collect::<Option<_>>()?,
            patterns,
        })
    }

    /// Line `line`'s number of cells, and the mask of all of them.
    fn full(&self, line: usize) -> u64 {
        let len = if line < self.rows {
            self.cols
        } else {
            self.rows
        };
        if len == 64 {
            !0
        } else {
            (1 << len) - 1
        }
    }
}

/// The cells of a line known to hold a 0 and a 1, bit k for its cell k.
#[derive(Copy, Clone, Default, PartialEq, Eq)]
struct Known {
    zeros: u64,
    ones: u64,
}

impl Known {
    fn fits(self, pattern: u64) -> bool {
        pattern & self.zeros == 0 && pattern & self.ones == self.ones
    }
}

/// What is known at a node or in a trial: each line's [`Known`] (rows, then columns), and
/// which lines are complete (bit r of `complete[0]` for row r, bit c of `complete[1]` for
/// column c).
#[derive(Clone)]
struct Board {
    lines: Vec<Known>,
    complete: [u64; 2],
}

/// The search for a fixpoint at one node: each line's patterns left, and the lines to look
/// at again. What is known is kept apart (a [`Board`]), so that a trial works on a copy.
struct Lines<'a> {
    rules: &'a LineReasoning,
    /// The patterns left to each line; pruned to those that fit what is known now and
    /// then, so that scans stay short.
    patterns: Vec<Vec<u64>>,
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// Two lines of a kind became complete and equal, where lines must differ.
    clash: bool,
    /// Patterns checked so far: the measure of probing's budget.
    work: u64,
}

/// Some line has no pattern left: the node has no solution below it.
struct Wiped;

impl Lines<'_> {
    fn push(&mut self, line: usize) {
        if !self.queued[line] {
            self.queued[line] = true;
            self.queue.push(line as u32);
        }
    }

    fn clear_queue(&mut self) {
        for &line in &self.queue {
            self.queued[line as usize] = false;
        }
        self.queue.clear();
    }

    /// Whether `line` is a column, and its number among its kind.
    fn kind(&self, line: usize) -> (usize, usize) {
        let rows = self.rules.rows;
        if line < rows {
            (0, line)
        } else {
            (1, line - rows)
        }
    }

    /// Writes `digit` into cell `k` of `line` and of its crossing line, and queues both. When
    /// lines must differ, a line that this completes is checked against the complete lines
    /// of its kind, and the open ones that its pattern fits are queued.
    fn fill(&mut self, board: &mut Board, line: usize, k: usize, digit: bool) {
        let rows = self.rules.rows;
        let (other, place) = if line < rows {
            (rows + k, line)
        } else {
            (k, line - rows)
        };
        for (l, bit) in [(line, k), (other, place)] {
            let known = &mut board.lines[l];
            if digit {
                known.ones |= 1 << bit;
            } else {
                known.zeros |= 1 << bit;
            }
            let pattern = known.ones;
            self.push(l);
            if known.zeros | known.ones != self.rules.full(l) {
                continue;
            }
            let (kind, index) = self.kind(l);
            board.complete[kind] |= 1 << index;
            if self.rules.distinct {
                let first = if kind == 0 { 0 } else { rows };
                let count = if kind == 0 { rows } else { self.rules.cols };
                for same in (first..first + count).filter(|&same| same != l) {
                    let there = board.lines[same];
                    if there.zeros | there.ones == self.rules.full(l) {
                        self.clash |= there.ones == pattern;
                    } else if there.fits(pattern) {
                        self.push(same);
                    }
                }
            }
        }
    }

    /// The rules without probing, to a fixpoint over the queued lines.
    fn settle(&mut self, board: &mut Board) -> Result<(), Wiped> {
        while let Some(line) = self.queue.pop() {
            let line = line as usize;
            self.queued[line] = false;
            if self.clash || self.revise(board, line).is_err() {
                self.clear_queue();
                self.clash = false;
                return Err(Wiped);
            }
        }
        if self.clash {
            self.clash = false;
            return Err(Wiped);
        }
        Ok(())
    }

    /// The patterns of complete lines of `line`'s kind (but `line`) that fit `line`: when
    /// lines must differ, none of them is `line`'s.
    fn taken(&self, board: &Board, line: usize, into: &mut Vec<u64>) {
        into.clear();
        if !self.rules.distinct {
            return;
        }
        let (kind, index) = self.kind(line);
        let first = if kind == 0 { 0 } else { self.rules.rows };
        let mut complete = board.complete[kind] & !(1 << index);
        while complete != 0 {
            let there = board.lines[first + complete.trailing_zeros() as usize];
            complete &= complete - 1;
            if board.lines[line].fits(there.ones) {
                into.push(there.ones);
            }
        }
    }

    /// One line: the cells where every pattern that fits (and no other complete line reads)
    /// has the same digit are filled.
    fn revise(&mut self, board: &mut Board, line: usize) -> Result<(), Wiped> {
        let full = self.rules.full(line);
        let here = board.lines[line];
        if here.zeros | here.ones == full {
            // A complete line needs its pattern among those left (`fill` compared it with the
            // other complete lines of its kind).
            self.work += self.patterns[line].len() as u64;
            return match self.patterns[line].contains(&here.ones) {
                true => Ok(()),
                false => Err(Wiped),
            };
        }
        let mut taken = Vec::new();
        self.taken(board, line, &mut taken);
        let (mut all, mut any, mut count) = (full, 0u64, 0u32);
        let patterns = &self.patterns[line];
        self.work += patterns.len() as u64;
        for &p in patterns {
            if here.fits(p) && !taken.contains(&p) {
                all &= p;
                any |= p;
                count += 1;
            }
        }
        if count == 0 {
            return Err(Wiped);
        }
        let new_ones = all & !here.ones;
        let new_zeros = !any & full & !here.zeros;
        for (mut bits, digit) in [(new_ones, true), (new_zeros, false)] {
            while bits != 0 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.fill(board, line, k, digit);
            }
        }
        Ok(())
    }

    /// Drops from each line's list the patterns that no longer fit.
    fn prune(&mut self, board: &Board) {
        for (patterns, &here) in self.patterns.iter_mut().zip(&board.lines) {
            patterns.retain(|&p| here.fits(p));
        }
    }

    /// Failed-digit probing with the other rules, to a fixpoint or until the budget is
    /// spent; whether it found anything (a digit that fails, or what both digits of a cell
    /// imply).
    fn probe(&mut self, board: &mut Board) -> Result<bool, Wiped> {
        let (rows, cols) = (self.rules.rows, self.rules.cols);
        let mut trials = [board.clone(), board.clone()];
        let mut found = false;
        loop {
            let mut changed = false;
            for r in 0..rows {
                for c in 0..cols {
                    let known = board.lines[r];
                    if (known.zeros | known.ones) >> c & 1 == 1 {
                        continue;
                    }
                    if self.work > PROBE_BUDGET {
                        return Ok(found);
                    }
                    let mut failed = None;
                    for (digit, trial) in trials.iter_mut().enumerate() {
                        trial.clone_from(board);
                        self.fill(trial, r, c, digit == 1);
                        if self.settle(trial).is_err() {
                            failed = Some(digit == 1);
                            break;
                        }
                    }
                    if let Some(digit) = failed {
                        self.fill(board, r, c, !digit);
                        self.settle(board)?;
                        changed = true;
                        continue;
                    }
                    // Patterns that fit neither trial are in no solution: a line both
                    // trials narrowed keeps only those that fit one of them.
                    for line in 0..rows + cols {
                        let [zero, one] = [trials[0].lines[line], trials[1].lines[line]];
                        let here = board.lines[line];
                        if zero == here || one == here {
                            continue;
                        }
                        let before = self.patterns[line].len();
                        self.work += before as u64;
                        self.patterns[line].retain(|&p| zero.fits(p) || one.fits(p));
                        if self.patterns[line].len() != before {
                            self.push(line);
                            changed = true;
                        }
                    }
                    // Cells that both digits fill alike are so in every solution.
                    for line in 0..rows {
                        let [zero, one] = [trials[0].lines[line], trials[1].lines[line]];
                        let here = board.lines[line];
                        let ones = zero.ones & one.ones & !here.ones;
                        let zeros = zero.zeros & one.zeros & !here.zeros;
                        for (mut bits, digit) in [(ones, true), (zeros, false)] {
                            while bits != 0 {
                                let k = bits.trailing_zeros() as usize;
                                bits &= bits - 1;
                                self.fill(board, line, k, digit);
                                changed = true;
                            }
                        }
                    }
                    self.settle(board)?;
                }
            }
            if !changed {
                return Ok(found);
            }
            found = true;
            self.prune(board);
        }
    }
}

impl dlx::propagate::Propagator for LineReasoning {
    fn propagate(
        &self,
        node: &mut dlx::propagate::Node<'_>,
    ) -> Result<(), dlx::propagate::Contradiction> {
        let lines = self.rows + self.cols;
        let mut patterns = vec![Vec::new(); lines];
        let mut options = vec![Vec::new(); lines];
        let mut chosen = vec![false; lines];
        for option in node.chosen() {
            let (line, bits) = self.patterns[option.index()];
            patterns[line as usize] = vec![bits];
            chosen[line as usize] = true;
        }
        for line in (0..lines).filter(|&line| !chosen[line]) {
            options[line] = node.options(self.items[line]);
            patterns[line] = options[line]
                .iter()
                .map(|option| self.patterns[option.index()].1)
                .collect();
        }
        let mut state = Lines {
            rules: self,
            patterns,
            queue: (0..lines as u32).collect(),
            queued: vec![true; lines],
            clash: false,
            work: 0,
        };
        let mut board = Board {
            lines: vec![Known::default(); lines],
            complete: [0; 2],
        };
        // Probing that keeps finding nothing along a path runs again only at every 2^k-th
        // level below, k the number of such tries in a row (as the engine's probing does).
        let streak = node.path_state();
        let probe = streak == 0 || node.depth() % (1 << streak.min(16)) == 0;
        let reasoned = state.settle(&mut board).and_then(|()| {
            if !probe {
                return Ok(());
            }
            state.prune(&board);
            let found = state.probe(&mut board)?;
            node.set_path_state(if found { 0 } else { streak.saturating_add(1) });
            Ok(())
        });
        if reasoned.is_err() {
            return Err(dlx::propagate::Contradiction);
        }
        // Every pattern that no longer fits, or that another complete line reads.
        let mut taken = Vec::new();
        for line in (0..lines).filter(|&line| !chosen[line]) {
            let here = board.lines[line];
            state.taken(&board, line, &mut taken);
            for &option in &options[line] {
                let p = self.patterns[option.index()].1;
                if !here.fits(p) || taken.contains(&p) {
                    node.remove(option);
                }
            }
        }
        Ok(())
    }
}
