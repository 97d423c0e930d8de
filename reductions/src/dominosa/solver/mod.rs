//! Dominosa's deductions, as Tatham's Dominosa makes them: every placement of a domino (two
//! neighbouring cells showing its numbers) starts possible, and each rule rules some out.
//!
//! - trivial: a domino with one place left takes it (its overlapping placements go); a cell
//!   with one placement left takes it (its domino's other places go);
//! - basic: a cell whose placements are all one domino keeps that domino from everywhere
//!   else; a placement that every place of a domino overlaps goes; a placement that would
//!   force a second copy of a domino (on a neighbouring cell, or on two cells at once) goes;
//!   a placement that would cut the cells left into parts of odd size goes;
//! - hard: k cells of one number whose placements hold only k dominoes between them keep
//!   those dominoes from everywhere else;
//! - extreme: the same where a double can cover two of the cells; forcing chains, placements
//!   that stand or fall together (each cell between two of them has only those two left),
//!   ruled out when they would place a domino twice or leave a cell nothing, and a domino
//!   with a place in each of two opposite chains kept from its other places.
//!
//! Each rule is tried only when the ones before it find nothing, as Dominosa's solver does;
//! a grid's grade is the hardest rule it needed. [`Solver::run`] applies a rule wherever it
//! holds before going back to the first, as Dominosa does; [`Solver::step`] one instance at
//! a time, for hints.

use super::{domino_index, neighbours, Difficulty, Grid};
use crate::hint::Rule;

mod graph_rules;

/// One instance of a rule, as a hint tells it.
#[derive(Clone, Debug)]
pub(super) struct Found {
    pub rule: Rule,
    /// The placements ruled out.
    pub removed: Vec<usize>,
    /// The cells of the pattern.
    pub cells: Vec<usize>,
    /// The dominoes of the pattern.
    pub dominoes: Vec<usize>,
    /// The placements of the pattern: a chain's.
    pub placements: Vec<usize>,
}

/// The placements of a grid, and which are still possible.
#[derive(Clone)]
pub(super) struct Solver {
    n: usize,
    /// The number of each cell.
    numbers: Vec<usize>,
    /// Each placement's two cells, the top or left one first.
    pub cells: Vec<[usize; 2]>,
    /// Each placement's domino.
    pub domino: Vec<usize>,
    /// The placements on each cell.
    at_cell: Vec<Vec<usize>>,
    /// The placements of each domino.
    of_domino: Vec<Vec<usize>>,
    /// Whether each placement is still possible.
    pub active: Vec<bool>,
    /// How many placements each cell and each domino has left.
    cell_left: Vec<usize>,
    domino_left: Vec<usize>,
}

/// What the rules made of a grid.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// Every domino has one place.
    Solved,
    /// Some domino has several places left.
    Stuck,
    /// A domino or a cell has none.
    Contradiction,
}

impl Solver {
    /// Every placement possible, but those against a domino the grid has placed.
    pub fn new(grid: &Grid) -> Solver {
        let (w, h) = (grid.cols(), grid.rows());
        let numbers: Vec<usize> = grid.numbers.iter().map(|&k| usize::from(k)).collect();
        let mut solver = Solver {
            n: grid.n,
            numbers,
            cells: Vec::new(),
            domino: Vec::new(),
            at_cell: vec![Vec::new(); w * h],
            of_domino: vec![Vec::new(); super::domino_count(grid.n)],
            active: Vec::new(),
            cell_left: vec![0; w * h],
            domino_left: vec![0; super::domino_count(grid.n)],
        };
        for (a, b) in neighbours(w, h) {
            let p = solver.cells.len();
            let d = domino_index(solver.numbers[a], solver.numbers[b]);
            solver.cells.push([a, b]);
            solver.domino.push(d);
            solver.at_cell[a].push(p);
            solver.at_cell[b].push(p);
            solver.of_domino[d].push(p);
            solver.active.push(true);
            solver.cell_left[a] += 1;
            solver.cell_left[b] += 1;
            solver.domino_left[d] += 1;
        }
        for p in 0..solver.cells.len() {
            let [a, b] = solver.cells[p];
            let against = |x: usize, y: usize| grid.partner[x].is_some_and(|other| other != y);
            if against(a, b) || against(b, a) {
                solver.rule_out(p);
            }
        }
        // A domino placed leaves its other places (but for another copy placed, which the
        // rules then find against it).
        for p in 0..solver.cells.len() {
            let [a, b] = solver.cells[p];
            if grid.partner[a] == Some(b) {
                let others: Vec<usize> = solver
                    .live_of(solver.domino[p])
                    .filter(|&q| {
                        let [x, y] = solver.cells[q];
                        grid.partner[x] != Some(y)
                    })
                    .collect();
                solver.rule_out_all(&others);
            }
        }
        solver
    }

    fn rule_out(&mut self, p: usize) {
        if std::mem::replace(&mut self.active[p], false) {
            for cell in self.cells[p] {
                self.cell_left[cell] -= 1;
            }
            self.domino_left[self.domino[p]] -= 1;
        }
    }

    fn rule_out_all(&mut self, placements: &[usize]) {
        for &p in placements {
            self.rule_out(p);
        }
    }

    /// The placements still possible on a cell.
    fn live_at(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.at_cell[cell]
            .iter()
            .copied()
            .filter(|&p| self.active[p])
    }

    /// The places still possible for a domino.
    fn live_of(&self, domino: usize) -> impl Iterator<Item = usize> + '_ {
        self.of_domino[domino]
            .iter()
            .copied()
            .filter(|&p| self.active[p])
    }

    /// The placements still possible that share a cell with `p`.
    fn overlaps(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        self.cells[p]
            .into_iter()
            .flat_map(move |cell| self.at_cell[cell].iter().copied())
            .filter(move |&q| q != p && self.active[q])
    }

    /// The other cell of placement `p`, besides `cell`.
    fn other(&self, p: usize, cell: usize) -> usize {
        let [a, b] = self.cells[p];
        if a == cell {
            b
        } else {
            a
        }
    }

    /// Whether placement `p` is settled: the only one left of its domino and of both cells.
    pub fn settled(&self, p: usize) -> bool {
        self.active[p]
            && self.domino_left[self.domino[p]] == 1
            && self.cells[p].iter().all(|&cell| self.cell_left[cell] == 1)
    }

    /// Whether some domino has one place left, or none.
    pub fn some_domino_has_one_place(&self) -> bool {
        self.domino_left.iter().any(|&left| left <= 1)
    }

    /// Where the rules stand.
    pub fn outcome(&self) -> Outcome {
        if self.domino_left.contains(&0) || self.cell_left.contains(&0) {
            Outcome::Contradiction
        } else if (0..self.cells.len()).all(|p| !self.active[p] || self.settled(p)) {
            Outcome::Solved
        } else {
            Outcome::Stuck
        }
    }

    /// Applies the rules of `level` until none finds anything, each wherever it holds before
    /// going back to the first (Dominosa's `run_solver`); the hardest level used, with what
    /// they made of the grid. A generator's deadline (`generate::stopped`) stops it, stuck.
    pub fn run(&mut self, level: Difficulty) -> (Outcome, Difficulty) {
        let mut hardest = Difficulty::Trivial;
        while let Some(used) = self.apply(level, false, &mut Vec::new()) {
            hardest = hardest.max(used);
            if self.outcome() == Outcome::Contradiction {
                break;
            }
            if crate::generate::stopped() {
                return (Outcome::Stuck, hardest);
            }
        }
        (self.outcome(), hardest)
    }

    /// One instance of the first rule of `level` that finds something, applied; `None` when
    /// none does.
    pub fn step(&mut self, level: Difficulty) -> Option<Found> {
        let mut found = Vec::new();
        self.apply(level, true, &mut found)?;
        found.pop()
    }

    /// The first rule (up to `level`) that finds something, applied once (`one`) or wherever
    /// it holds; its level. Each instance is written to `found` when `one`.
    fn apply(
        &mut self,
        level: Difficulty,
        one: bool,
        found: &mut Vec<Found>,
    ) -> Option<Difficulty> {
        type RuleFn = fn(&mut Solver, bool, &mut Vec<Found>) -> bool;
        let rules: [(Difficulty, RuleFn); 10] = [
            (Difficulty::Trivial, Solver::domino_single_place),
            (Difficulty::Trivial, Solver::cell_single_place),
            (Difficulty::Basic, Solver::cell_single_domino),
            (Difficulty::Basic, Solver::domino_must_overlap),
            (Difficulty::Basic, Solver::local_duplicate),
            (Difficulty::Basic, Solver::local_duplicate_pair),
            (Difficulty::Basic, Solver::parity),
            (Difficulty::Hard, |s, one, found| s.sets(false, one, found)),
            (Difficulty::Extreme, |s, one, found| {
                s.sets(true, one, found)
            }),
            (Difficulty::Extreme, Solver::forcing_chains),
        ];
        for (rung, rule) in rules {
            if rung > level {
                return None;
            }
            if rule(self, one, found) {
                return Some(rung);
            }
        }
        None
    }

    /// A domino with one place left: the placements overlapping it go.
    fn domino_single_place(&mut self, one: bool, found: &mut Vec<Found>) -> bool {
        let mut done = false;
        for d in 0..self.of_domino.len() {
            if self.domino_left[d] != 1 {
                continue;
            }
            let Some(p) = self.live_of(d).next() else {
                continue;
            };
            let gone: Vec<usize> = self.overlaps(p).collect();
            if gone.is_empty() {
                continue;
            }
            self.rule_out_all(&gone);
            done = true;
            if one {
                found.push(Found {
                    rule: Rule::DominoPlace,
                    removed: gone,
                    dominoes: vec![d],
                    placements: vec![p],
                    cells: Vec::new(),
                });
                return true;
            }
        }
        done
    }

    /// A cell with one placement left: its domino's other places go.
    fn cell_single_place(&mut self, one: bool, found: &mut Vec<Found>) -> bool {
        let mut done = false;
        for cell in 0..self.at_cell.len() {
            if self.cell_left[cell] != 1 {
                continue;
            }
            let Some(p) = self.live_at(cell).next() else {
                continue;
            };
            let d = self.domino[p];
            if self.domino_left[d] <= 1 {
                continue;
            }
            let gone: Vec<usize> = self.live_of(d).filter(|&q| q != p).collect();
            self.rule_out_all(&gone);
            done = true;
            if one {
                found.push(Found {
                    rule: Rule::CellPlace,
                    removed: gone,
                    cells: vec![cell],
                    dominoes: vec![d],
                    placements: vec![p],
                });
                return true;
            }
        }
        done
    }

    /// A cell whose placements (two or more) are all one domino: that domino's places
    /// elsewhere go.
    fn cell_single_domino(&mut self, one: bool, found: &mut Vec<Found>) -> bool {
        let mut done = false;
        for cell in 0..self.at_cell.len() {
            if self.cell_left[cell] < 2 {
                continue;
            }
            let live: Vec<usize> = self.live_at(cell).collect();
            let d = self.domino[live[0]];
            if live.iter().any(|&p| self.domino[p] != d)
                || self.domino_left[d] <= self.cell_left[cell]
            {
                continue;
            }
            let gone: Vec<usize> = self
                .live_of(d)
                .filter(|&p| !self.cells[p].contains(&cell))
                .collect();
            self.rule_out_all(&gone);
            done = true;
            if one {
                found.push(Found {
                    rule: Rule::CellDomino,
                    removed: gone,
                    cells: vec![cell],
                    dominoes: vec![d],
                    placements: Vec::new(),
                });
                return true;
            }
        }
        done
    }

    /// A placement that every place left of a domino (two or more) overlaps goes.
    fn domino_must_overlap(&mut self, one: bool, found: &mut Vec<Found>) -> bool {
        let mut done = false;
        for d in 0..self.of_domino.len() {
            if self.domino_left[d] < 2 {
                continue;
            }
            let places: Vec<usize> = self.live_of(d).collect();
            let mut common: Vec<usize> = self.overlaps(places[0]).collect();
            for &p in &places[1..] {
                let here: Vec<usize> = self.overlaps(p).collect();
                common.retain(|q| here.contains(q));
            }
            if common.is_empty() {
                continue;
            }
            self.rule_out_all(&common);
            done = true;
            if one {
                found.push(Found {
                    rule: Rule::Overlap,
                    removed: common,
                    dominoes: vec![d],
                    placements: places,
                    cells: Vec::new(),
                });
                return true;
            }
        }
        done
    }

    /// A placement of a domino that overlaps the last placement but copies of that domino of
    /// a neighbouring cell goes: it would leave that cell a second copy.
    fn local_duplicate(&mut self, one: bool, found: &mut Vec<Found>) -> bool {
        let mut done = false;
        for p in 0..self.cells.len() {
            if !self.active[p] {
                continue;
            }
            let d = self.domino[p];
            let forced = self.overlaps(p).find_map(|q| {
                let shared = if self.cells[p].contains(&self.cells[q][0]) {
                    self.cells[q][0]
                } else {
                    self.cells[q][1]
                };
                let cell = self.other(q, shared);
                self.live_at(cell)
                    .all(|r| r == q || self.domino[r] == d)
                    .then_some(cell)
            });
            let Some(cell) = forced else {
                continue;
            };
            self.rule_out(p);
            done = true;
            if one {
                found.push(Found {
                    rule: Rule::Duplicate,
                    removed: vec![p],
                    cells: vec![cell],
                    dominoes: vec![d],
                    placements: Vec::new(),
                });
                return true;
            }
        }
        done
    }

    /// A placement that overlaps one placement of each of two cells, both of which would
    /// then be left only one domino (the same, and not by a placement joining them), goes.
    fn local_duplicate_pair(&mut self, one: bool, found: &mut Vec<Found>) -> bool {
        let mut done = false;
        for p in 0..self.cells.len() {
            if !self.active[p] {
                continue;
            }
            let near: Vec<(usize, usize)> = self
                .overlaps(p)
                .map(|q| {
                    let shared = if self.cells[p].contains(&self.cells[q][0]) {
                        self.cells[q][0]
                    } else {
                        self.cells[q][1]
                    };
                    (q, self.other(q, shared))
                })
                .collect();
            let mut hit = None;
            'pairs: for (i, &(qi, sqi)) in near.iter().enumerate() {
                let mut di = None;
                for r in self.live_at(sqi).filter(|&r| r != qi) {
                    match di {
                        None => di = Some(self.domino[r]),
                        Some(d) if d != self.domino[r] => continue 'pairs,
                        Some(_) => {}
                    }
                }
                let Some(di) = di else {
                    continue;
                };
                for (j, &(qj, sqj)) in near.iter().enumerate() {
                    if j == i {
                        continue;
                    }
                    let mut any = false;
                    let mut fits = true;
                    for r in self.live_at(sqj).filter(|&r| r != qj) {
                        if self.domino[r] != di || self.cells[r].contains(&sqi) {
                            fits = false;
                            break;
                        }
                        any = true;
                    }
                    if fits && any {
                        hit = Some((sqi, sqj, di));
                        break 'pairs;
                    }
                }
            }
            let Some((sqi, sqj, di)) = hit else {
                continue;
            };
            self.rule_out(p);
            done = true;
            if one {
                found.push(Found {
                    rule: Rule::Duplicate,
                    removed: vec![p],
                    cells: vec![sqi, sqj],
                    dominoes: vec![di],
                    placements: Vec::new(),
                });
                return true;
            }
        }
        done
    }
}
