//! Solving by deduction, without search: the grader shared by the puzzles whose houses (rows,
//! columns, boxes) each hold every value once, sudoku and futoshiki.
//!
//! A grid is a set of candidates per cell (a bit per value, so at most 64 values). A cell is
//! *placed* when a rule has put its value there; placing removes the value from the cell's
//! peers. The rules, cheapest first (each puzzle's grade is the set of rules it allows):
//!
//! - hidden singles: a value with one cell left in a house goes there (in every house, or
//!   only in boxes, the easiest grade of sudoku);
//! - naked singles: a cell with one candidate left holds it;
//! - the puzzle's own rule (futoshiki's inequalities), given as a callback;
//! - intersections: a value that a house can only place where it crosses a second house is
//!   removed from the rest of the second house (sudoku's pointing and claiming);
//! - subsets: k cells of a house whose candidates together are k values keep those values
//!   from the house's other cells (naked pairs, triples, quads), and k values that together
//!   fit only k cells of a house take those cells (hidden subsets), for k from 2 to 4;
//! - fish: a value that k rows can only place in the same k columns leaves the rest of those
//!   columns, and the other way round (X-wing, swordfish, jellyfish: k from 2 to 4);
//! - forcing chains: paths of cells with two candidates each, where one end not holding a
//!   value forces the other end to hold it; cells in a house with both ends lose the value.
//!
//! The loop always applies the cheapest rule that changes something, so the grade is the
//! hardest rule a solver of that order needs.

mod cages;
mod houses;
mod pairs;
mod why;

pub(crate) use cages::Cage;
pub(crate) use houses::Houses;
pub(crate) use pairs::Pair;
pub(crate) use why::Why;

/// Which rules a grade allows.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Rules {
    /// Hidden singles in boxes only (otherwise in every house).
    pub singles_in_boxes_only: bool,
    pub naked_singles: bool,
    pub own_rule: bool,
    pub intersections: bool,
    pub subsets: bool,
    pub fish: bool,
    pub forcing: bool,
    /// The puzzle's own rule works on one of its patterns (a cage) a step, which a hint
    /// names, rather than on all of them at once, which grades faster.
    pub one_pattern: bool,
}

/// Where deduction ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Deduction {
    /// Every cell placed.
    Solved,
    /// The rules found nothing more to do.
    Stuck,
    /// A cell or a value of a house ran out of room: the givens have no solution.
    Contradiction,
}

/// What a rule did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    Nothing,
    Changed,
    Contradiction,
}

/// The puzzle's own rule, given the rules of the grade: removes candidates (or places
/// values), and says what it did.
pub(crate) type OwnRule<'a> = &'a dyn Fn(&Houses, &mut Grid, Rules) -> Step;

/// A grid of candidates being solved.
#[derive(Clone, Debug)]
pub(crate) struct Grid {
    pub candidates: Vec<u64>,
    pub placed: Vec<bool>,
    /// A killer sudoku's cages as the deductions left them (split, their placed cells taken
    /// out), once its rules have run: carried with the grid, so that a search's branches
    /// each keep their own.
    pub cages: Option<Vec<Cage>>,
    /// Where the last rule that changed something looked (set by intersections, subsets,
    /// fish and chains), for the hints to say.
    pub why: Option<Why>,
}

impl Grid {
    /// A grid with every value open in every cell, then the givens (`0` none, else the value
    /// plus one) placed. Givens that clash leave a cell without candidates, which
    /// [`deduce`] reports as a contradiction.
    pub fn new(houses: &Houses, givens: &[usize]) -> Grid {
        let mut grid = Grid {
            candidates: vec![houses.all(); givens.len()],
            placed: vec![false; givens.len()],
            cages: None,
            why: None,
        };
        for (cell, &given) in givens.iter().enumerate() {
            if given > 0 && grid.place(houses, cell, 1 << (given - 1)) == Step::Contradiction {
                grid.candidates[cell] = 0;
                break;
            }
        }
        grid
    }

    pub(crate) fn place(&mut self, houses: &Houses, cell: usize, bit: u64) -> Step {
        if self.candidates[cell] & bit == 0 {
            return Step::Contradiction;
        }
        self.candidates[cell] = bit;
        self.placed[cell] = true;
        for &h in &houses.cell_houses[cell] {
            for &peer in &houses.houses[h] {
                if peer != cell {
                    self.candidates[peer] &= !bit;
                    if self.candidates[peer] == 0 {
                        return Step::Contradiction;
                    }
                }
            }
        }
        Step::Changed
    }
}

/// Applies the rules to a fixpoint, the cheapest that changes something first.
pub(crate) fn deduce(houses: &Houses, grid: &mut Grid, rules: Rules, own: OwnRule) -> Deduction {
    loop {
        if grid.candidates.contains(&0) {
            return Deduction::Contradiction;
        }
        if grid.placed.iter().all(|&p| p) {
            // The houses hold; the puzzle's own rule has the last word (whatever the rules
            // allowed, a full grid that breaks it is no solution).
            return match own(houses, grid, rules) {
                Step::Contradiction => Deduction::Contradiction,
                _ if grid.candidates.contains(&0) => Deduction::Contradiction,
                _ => Deduction::Solved,
            };
        }
        let step = RULES
            .iter()
            .map(|rule| rule(houses, grid, rules, own))
            .find(|&step| step != Step::Nothing);
        match step {
            None => return Deduction::Stuck,
            Some(Step::Contradiction) => return Deduction::Contradiction,
            Some(_) => {}
        }
    }
}

/// A rule: what it does to a grid, and whether it changed something.
pub(crate) type RuleFn = fn(&Houses, &mut Grid, Rules, OwnRule) -> Step;

/// The rules, cheapest first, as [`deduce`] tries them (and the hints, [`crate::hint`]).
pub(crate) const RULES: [RuleFn; 7] = [
    hidden_singles,
    naked_singles,
    own_rule,
    intersections,
    subsets,
    fish,
    forcing,
];

/// Every hidden single of a pass is placed (a value's places are read as the pass finds
/// them, so each placement is sound); the cheapest rule, so the grade does not change.
fn hidden_singles(houses: &Houses, grid: &mut Grid, rules: Rules, _: OwnRule) -> Step {
    let mut step = Step::Nothing;
    for (h, house) in houses.houses.iter().enumerate() {
        if rules.singles_in_boxes_only && !houses.is_box[h] {
            continue;
        }
        let mut done = 0u64;
        for &cell in house {
            if grid.placed[cell] {
                done |= grid.candidates[cell];
            }
        }
        // The values with a place in the house, and with two or more: one pass for all the
        // values, again after each placement (which takes the other values out of its cell).
        let places = |grid: &Grid| {
            let (mut once, mut twice) = (0u64, 0u64);
            for &cell in house {
                twice |= once & grid.candidates[cell];
                once |= grid.candidates[cell];
            }
            (once, twice)
        };
        let (mut once, mut twice) = places(grid);
        for value in 0..houses.values {
            let bit = 1u64 << value;
            if done & bit != 0 || twice & bit != 0 {
                continue;
            }
            if once & bit == 0 {
                return Step::Contradiction;
            }
            let cell = *house
                .iter()
                .find(|&&c| grid.candidates[c] & bit != 0)
                .expect("a value with one place has it");
            if grid.place(houses, cell, bit) == Step::Contradiction {
                return Step::Contradiction;
            }
            done |= bit;
            step = Step::Changed;
            (once, twice) = places(grid);
        }
    }
    step
}

fn naked_singles(houses: &Houses, grid: &mut Grid, rules: Rules, _: OwnRule) -> Step {
    if !rules.naked_singles {
        return Step::Nothing;
    }
    let mut step = Step::Nothing;
    for cell in 0..grid.candidates.len() {
        if !grid.placed[cell] && grid.candidates[cell].count_ones() == 1 {
            if grid.place(houses, cell, grid.candidates[cell]) == Step::Contradiction {
                return Step::Contradiction;
            }
            step = Step::Changed;
        }
    }
    step
}

fn own_rule(houses: &Houses, grid: &mut Grid, rules: Rules, own: OwnRule) -> Step {
    if !rules.own_rule {
        return Step::Nothing;
    }
    own(houses, grid, rules)
}

fn intersections(houses: &Houses, grid: &mut Grid, rules: Rules, _: OwnRule) -> Step {
    if !rules.intersections {
        return Step::Nothing;
    }
    for (a, b, shared) in &houses.crossings {
        for (from, to) in [(*a, *b), (*b, *a)] {
            // Every value of `from` that lies only in the crossing, in one step.
            let mut removed = 0u64;
            for value in 0..houses.values {
                let bit = 1u64 << value;
                let open = |c: &&usize| !grid.placed[**c] && grid.candidates[**c] & bit != 0;
                let inside = shared.iter().filter(open).count();
                let everywhere = houses.houses[from].iter().filter(open).count();
                if inside == 0 || inside != everywhere {
                    continue;
                }
                for &cell in &houses.houses[to] {
                    if !shared.contains(&cell) && grid.candidates[cell] & bit != 0 {
                        grid.candidates[cell] &= !bit;
                        removed |= bit;
                    }
                }
            }
            if removed != 0 {
                grid.why = Some(Why::Intersection {
                    from,
                    to,
                    values: removed,
                });
                return Step::Changed;
            }
        }
    }
    Step::Nothing
}

/// The largest subset looked for: quads.
const MAX_SUBSET: usize = 4;

fn subsets(houses: &Houses, grid: &mut Grid, rules: Rules, _: OwnRule) -> Step {
    if !rules.subsets {
        return Step::Nothing;
    }
    for (h, house) in houses.houses.iter().enumerate() {
        let open: Vec<usize> = house.iter().copied().filter(|&c| !grid.placed[c]).collect();
        if open.len() < 3 {
            continue;
        }
        // Naked: k cells whose candidates are k values.
        let mut chosen = Vec::new();
        if let Some((cells, values)) = naked(&open, grid, 0, 0, &mut chosen) {
            let mut changed = false;
            for &cell in &open {
                if !cells.contains(&cell) && grid.candidates[cell] & values != 0 {
                    grid.candidates[cell] &= !values;
                    changed = true;
                }
            }
            if changed {
                grid.why = Some(Why::Subset {
                    house: h,
                    cells,
                    values,
                    hidden: false,
                });
                return Step::Changed;
            }
        }
        // Hidden: k values that fit k cells. Each value's places, as a bit per open cell.
        let open_values: u64 = open.iter().fold(0, |acc, &c| acc | grid.candidates[c]);
        let places: Vec<(u64, u64)> = (0..houses.values)
            .map(|v| 1u64 << v)
            .filter(|bit| open_values & bit != 0)
            .map(|bit| {
                let at = open
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| grid.candidates[c] & bit != 0)
                    .fold(0u64, |acc, (k, _)| acc | 1 << k);
                (bit, at)
            })
            .collect();
        let mut chosen = Vec::new();
        if let Some((values, at)) = hidden(&places, 0, 0, &mut chosen) {
            let mut changed = false;
            for (k, &cell) in open.iter().enumerate() {
                if at & (1 << k) != 0 && grid.candidates[cell] & !values != 0 {
                    grid.candidates[cell] &= values;
                    changed = true;
                }
            }
            if changed {
                let cells = (0..open.len())
                    .filter(|k| at & (1 << k) != 0)
                    .map(|k| open[k])
                    .collect();
                grid.why = Some(Why::Subset {
                    house: h,
                    cells,
                    values,
                    hidden: true,
                });
                return Step::Changed;
            }
        }
    }
    Step::Nothing
}

/// A naked subset that removes something, by depth-first choice of cells: the cells and the
/// union of their values.
fn naked(
    open: &[usize],
    grid: &Grid,
    start: usize,
    union: u64,
    chosen: &mut Vec<usize>,
) -> Option<(Vec<usize>, u64)> {
    for k in start..open.len() {
        let cell = open[k];
        let next = union | grid.candidates[cell];
        let size = chosen.len() + 1;
        if next.count_ones() as usize > MAX_SUBSET.min(open.len() - 1) {
            continue;
        }
        chosen.push(cell);
        if size >= 2 && next.count_ones() as usize == size {
            let removes = open
                .iter()
                .any(|c| !chosen.contains(c) && grid.candidates[*c] & next != 0);
            if removes {
                return Some((chosen.clone(), next));
            }
        } else if size < MAX_SUBSET {
            if let Some(found) = naked(open, grid, k + 1, next, chosen) {
                return Some(found);
            }
        }
        chosen.pop();
    }
    None
}

/// A hidden subset that removes something: the values and the cells (bits of `open`) they
/// fit.
fn hidden(
    places: &[(u64, u64)],
    start: usize,
    union: u64,
    chosen: &mut Vec<usize>,
) -> Option<(u64, u64)> {
    for k in start..places.len() {
        let next = union | places[k].1;
        let size = chosen.len() + 1;
        if next.count_ones() as usize > MAX_SUBSET.min(places.len() - 1) {
            continue;
        }
        chosen.push(k);
        if size >= 2 && next.count_ones() as usize == size {
            let values = chosen.iter().fold(0u64, |acc, &j| acc | places[j].0);
            let removes = places
                .iter()
                .any(|&(bit, at)| values & bit == 0 && at & next != 0);
            if removes {
                return Some((values, next));
            }
        } else if size < MAX_SUBSET {
            if let Some(found) = hidden(places, k + 1, next, chosen) {
                return Some(found);
            }
        }
        chosen.pop();
    }
    None
}

fn fish(houses: &Houses, grid: &mut Grid, rules: Rules, _: OwnRule) -> Step {
    let side = houses.side;
    if !rules.fish || side < 4 {
        return Step::Nothing;
    }
    let cell = |line: usize, k: usize, across: bool| {
        if across {
            line * side + k
        } else {
            k * side + line
        }
    };
    for value in 0..houses.values {
        let bit = 1u64 << value;
        for across in [true, false] {
            // Each base line's open places for the value, as bits of the cover lines.
            let places: Vec<(usize, u64)> = (0..side)
                .map(|line| {
                    let at = (0..side)
                        .filter(|&k| {
                            let c = cell(line, k, across);
                            !grid.placed[c] && grid.candidates[c] & bit != 0
                        })
                        .fold(0u64, |acc, k| acc | 1 << k);
                    (line, at)
                })
                .filter(|&(_, at)| at != 0)
                .collect();
            let mut chosen = Vec::new();
            if let Some((lines, covers)) = fish_of(&places, 0, 0, &mut chosen) {
                for line in (0..side).filter(|l| !lines.contains(l)) {
                    for k in (0..side).filter(|&k| covers & (1 << k) != 0) {
                        grid.candidates[cell(line, k, across)] &= !bit;
                    }
                }
                // Rows are houses 0, 2, 4..., columns 1, 3, 5... (`Houses::square`).
                let (base, cover) = if across { (0, 1) } else { (1, 0) };
                grid.why = Some(Why::Fish {
                    value: bit,
                    base: lines.iter().map(|&line| 2 * line + base).collect(),
                    cover: (0..side)
                        .filter(|&k| covers & (1 << k) != 0)
                        .map(|k| 2 * k + cover)
                        .collect(),
                });
                return Step::Changed;
            }
        }
    }
    Step::Nothing
}

/// k base lines (from 2 to [`MAX_SUBSET`]) whose places lie in k cover lines, where some
/// other base line has a place to remove: the base lines and the covers.
fn fish_of(
    places: &[(usize, u64)],
    start: usize,
    union: u64,
    chosen: &mut Vec<usize>,
) -> Option<(Vec<usize>, u64)> {
    for k in start..places.len() {
        let next = union | places[k].1;
        let size = chosen.len() + 1;
        if next.count_ones() as usize > MAX_SUBSET {
            continue;
        }
        chosen.push(places[k].0);
        if size >= 2 && next.count_ones() as usize == size {
            let removes = places
                .iter()
                .any(|(line, at)| !chosen.contains(line) && at & next != 0);
            if removes {
                return Some((chosen.clone(), next));
            }
        } else if size < MAX_SUBSET {
            if let Some(found) = fish_of(places, k + 1, next, chosen) {
                return Some(found);
            }
        }
        chosen.pop();
    }
    None
}

/// Forcing chains as Tatham's Solo finds them: a path of cells with two candidates each,
/// each cell in a house with the next and sharing a value with it. If the first cell is not
/// `n`, it holds its other value, which forces the next cell to its other value, and so on;
/// when a cell of the path is forced to `n` too, one of the two ends holds `n`, and every
/// cell in a house with both loses it.
fn forcing(houses: &Houses, grid: &mut Grid, rules: Rules, _: OwnRule) -> Step {
    if !rules.forcing {
        return Step::Nothing;
    }
    let cells = grid.candidates.len();
    let pair = |grid: &Grid, c: usize| !grid.placed[c] && grid.candidates[c].count_ones() == 2;
    let sees = |a: usize, b: usize| {
        a != b
            && houses.cell_houses[a]
                .iter()
                .any(|h| houses.cell_houses[b].contains(h))
    };
    for start in 0..cells {
        if !pair(grid, start) {
            continue;
        }
        let both = grid.candidates[start];
        for n in [both & both.wrapping_neg(), both & (both - 1)] {
            let mut seen = vec![false; cells];
            // The cell each cell of the path was reached from.
            let mut from = vec![usize::MAX; cells];
            seen[start] = true;
            let mut queue = std::collections::VecDeque::from([(start, both ^ n)]);
            while let Some((cell, value)) = queue.pop_front() {
                for &h in &houses.cell_houses[cell] {
                    for &next in &houses.houses[h] {
                        if seen[next] || !pair(grid, next) || grid.candidates[next] & value == 0 {
                            continue;
                        }
                        seen[next] = true;
                        from[next] = cell;
                        let forced = grid.candidates[next] ^ value;
                        if forced == n {
                            let mut changed = false;
                            for c in 0..cells {
                                if c != start
                                    && c != next
                                    && grid.candidates[c] & n != 0
                                    && sees(c, start)
                                    && sees(c, next)
                                {
                                    grid.candidates[c] &= !n;
                                    changed = true;
                                }
                            }
                            if changed {
                                let mut path = vec![next];
                                while let Some(&back) = path.last().map(|&c| &from[c]) {
                                    if back == usize::MAX {
                                        break;
                                    }
                                    path.push(back);
                                }
                                path.reverse();
                                grid.why = Some(Why::Chain {
                                    cells: path,
                                    value: n,
                                });
                                return Step::Changed;
                            }
                        }
                        queue.push_back((next, forced));
                    }
                }
            }
        }
    }
    Step::Nothing
}

/// The solutions of a grid, counted up to `cap` by search with the rules at every node:
/// deduce, and when stuck, branch on the open cell with the fewest candidates. What the
/// generators use to test uniqueness many times over; each puzzle made is then proved by
/// the engine.
pub(crate) fn count_solutions(
    houses: &Houses,
    grid: &mut Grid,
    rules: Rules,
    own: OwnRule,
    cap: usize,
) -> usize {
    // A generator's time is up: any answer will do, since it gives up without reading it.
    if crate::stop::stopped() {
        return cap;
    }
    match deduce(houses, grid, rules, own) {
        Deduction::Solved => return 1,
        Deduction::Contradiction => return 0,
        Deduction::Stuck => {}
    }
    let cell = (0..grid.candidates.len())
        .filter(|&c| !grid.placed[c])
        .min_by_key(|&c| grid.candidates[c].count_ones())
        .expect("a stuck grid has an open cell");
    // What the last rule found is for hints; the branches need not copy it.
    grid.why = None;
    let mut found = 0;
    let mut rest = grid.candidates[cell];
    while rest != 0 && found < cap {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let mut branch = grid.clone();
        if branch.place(houses, cell, bit) != Step::Contradiction {
            found += count_solutions(houses, &mut branch, rules, own, cap - found);
        }
    }
    found
}

/// The rules applied to the grids of one puzzle and size: its houses, worked out once, and
/// as the puzzle's own rule, inequalities between cells (futoshiki's) or cages (killer
/// sudoku's).
pub(crate) struct Grader {
    houses: Houses,
    cages: Vec<Cage>,
}

impl Grader {
    pub fn new(houses: Houses) -> Grader {
        Grader {
            houses,
            cages: Vec::new(),
        }
    }

    /// The grader with `cages` whose values differ and add up to their sums (killer sudoku).
    pub fn with_cages(self, cages: Vec<Cage>) -> Grader {
        Grader { cages, ..self }
    }

    /// Runs `f` on the candidates of `givens` (0 none, else the value plus one), with the
    /// `pairs` of cells (futoshiki's clues) and the cages as the own rule.
    pub(crate) fn run<T>(
        &self,
        givens: &[usize],
        pairs: &[Pair],
        f: impl FnOnce(&Houses, &mut Grid, OwnRule) -> T,
    ) -> T {
        let own =
            |houses: &Houses, grid: &mut Grid, rules: Rules| match pairs::apply(pairs, grid, rules)
            {
                Step::Nothing => cages::deduce(&self.cages, houses, grid),
                Step::Changed => match cages::deduce(&self.cages, houses, grid) {
                    Step::Contradiction => Step::Contradiction,
                    _ => Step::Changed,
                },
                Step::Contradiction => Step::Contradiction,
            };
        let mut grid = Grid::new(&self.houses, givens);
        f(&self.houses, &mut grid, &own)
    }

    /// What the rules make of a grid.
    pub fn deduce(&self, givens: &[usize], pairs: &[Pair], rules: Rules) -> Deduction {
        self.run(givens, pairs, |houses, grid, own| {
            deduce(houses, grid, rules, own)
        })
    }

    /// Whether the puzzle's own rule is cages whose values add up to their sums (a killer's).
    pub fn has_cages(&self) -> bool {
        !self.cages.is_empty()
    }

    /// Whether a grid has exactly one solution: the `strong` rules decide most grids
    /// outright (they are sound: a grid they solve has one solution, one they refute none),
    /// and a search with the `node` rules at every node decides the rest.
    pub fn unique(&self, givens: &[usize], pairs: &[Pair], strong: Rules, node: Rules) -> bool {
        match self.deduce(givens, pairs, strong) {
            Deduction::Solved => true,
            Deduction::Contradiction => false,
            Deduction::Stuck => self.run(givens, pairs, |houses, grid, own| {
                count_solutions(houses, grid, node, own, 2) == 1
            }),
        }
    }
}
