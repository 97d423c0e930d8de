//! Counting orbits of solutions (Burnside's lemma along a stabilizer chain, see the module's
//! documentation) and listing the least solution of each orbit.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::rc::Rc;

use super::{Group, Symmetry, SymmetryError, MAX_SYMMETRIES};
use crate::outcome::{Outcome, StopReason};
use crate::problem::{Color, ItemId, OptionId, OptionItem, Problem, ProblemBuilder};
use crate::solver::Solver;
use crate::stats::Stats;

impl Solver<'_> {
    /// Counts the solutions once per orbit under `group` (the problem's symmetries,
    /// [`Group::of`]): solutions that a symmetry maps onto each other count once. Exact, with
    /// this solver's engine, tree, threads, propagation and time limit; a node limit bounds
    /// the nodes of all the searches together, and a stopped count is a lower bound.
    ///
    /// Refused with a solution limit, a shard, given options or a subtree, and for a group of
    /// more than [`MAX_SYMMETRIES`] symmetries.
    ///
    /// ```
    /// // The 92 solutions of the eight queens are 12 up to rotation and reflection.
    /// let queens = dlx::Problem::from_dlx(&std::fs::read_to_string(
    ///     concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/queens8.dlx"))?)?;
    /// let group = dlx::symmetry::Group::of(&queens)?;
    /// let outcome = dlx::Solver::new(&queens).count_up_to_symmetry(&group)?;
    /// assert_eq!((outcome.solutions, outcome.stopped), (12, None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_up_to_symmetry(&self, group: &Group) -> Result<Outcome, SymmetryError> {
        if let Some(setting) = self.refused_by_symmetry() {
            return Err(SymmetryError::Unsupported(setting));
        }
        if !group.keeps(self.problem()) {
            return Err(SymmetryError::OtherProblem);
        }
        let (solution_limit, node_limit) = self.limits();
        if solution_limit.is_some() {
            return Err(SymmetryError::Unsupported("a solution limit"));
        }
        let started = std::time::Instant::now();
        let elements = group.elements(MAX_SYMMETRIES)?;
        let problem = self.problem();
        let mut options_of = vec![Vec::new(); problem.item_count()];
        for option in problem.options() {
            for entry in problem.option(option) {
                options_of[entry.item().index()].push(option);
            }
        }
        let mut counter = Counter {
            solver: self,
            problem,
            elements: &elements,
            classes: conjugacy_classes(&elements, group.generators()),
            options_of,
            fixed: HashMap::new(),
            kept_entries: 0,
            stats: Stats {
                tree: self.tree_used(),
                ..Stats::default()
            },
            stopped: None,
            node_limit,
        };
        let everything: Vec<usize> = (0..elements.len()).collect();
        let solutions = counter.orbits(&everything, &mut Vec::new())?;
        let mut stats = counter.stats;
        stats.solutions = solutions;
        stats.elapsed = started.elapsed();
        Ok(Outcome {
            solutions,
            stopped: counter.stopped,
            stats,
        })
    }

    /// Counts the solutions once per orbit under `group` by memoization: Burnside's lemma
    /// over every symmetry, the solutions each one fixes counted by
    /// [`memo_count`](Solver::memo_count) with this solver's settings (the identity's being
    /// all of them), so exactly at any size. The statistics are those of the identity's
    /// count, the time that of all of them. A memoized count's errors (its memory limit, its
    /// time limit) are [`SymmetryError::Memo`]; more than [`MAX_SYMMETRIES`] symmetries are
    /// refused.
    ///
    /// ```
    /// // The 36 domino tilings of a 4 x 4 square are 9 up to its 8 symmetries.
    /// let mut text = String::new();
    /// for cell in 0..16 {
    ///     text += &format!("{cell} ");
    /// }
    /// text += "\n";
    /// for cell in 0..16 {
    ///     if cell % 4 < 3 {
    ///         text += &format!("{cell} {}\n", cell + 1);
    ///     }
    ///     if cell < 12 {
    ///         text += &format!("{cell} {}\n", cell + 4);
    ///     }
    /// }
    /// let board = dlx::Problem::from_dlx(&text)?;
    /// let group = dlx::symmetry::Group::of(&board)?;
    /// let classes = dlx::Solver::new(&board).memo_count_up_to_symmetry(&group)?;
    /// assert_eq!(classes.count.to_string(), "9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn memo_count_up_to_symmetry(
        &self,
        group: &Group,
    ) -> Result<crate::memo::MemoOutcome, SymmetryError> {
        if !group.keeps(self.problem()) {
            return Err(SymmetryError::OtherProblem);
        }
        let started = std::time::Instant::now();
        let elements = group.elements(MAX_SYMMETRIES)?;
        let whole = self.memo_count()?;
        let mut total = whole.count.clone();
        // One count a conjugacy class, times its size (the identity is a class of its own).
        let classes = conjugacy_classes(&elements, group.generators());
        let mut members = vec![0u64; elements.len()];
        let mut first = vec![usize::MAX; elements.len()];
        for (element, &class) in classes.iter().enumerate() {
            members[class] += 1;
            first[class] = first[class].min(element);
        }
        for class in 0..elements.len() {
            if members[class] == 0 || first[class] == 0 {
                continue;
            }
            let fixed = fixed_problem(self.problem(), &elements[first[class]])?;
            let counted = self
                .settings_for(&fixed.problem, false, self.limits().1)
                .memo_count()?;
            for _ in 0..members[class] {
                total.add(&counted.count);
            }
        }
        let count = total
            .divided_exactly(elements.len() as u64)
            .ok_or_else(|| SymmetryError::Inexact {
                total: total.to_string(),
                order: elements.len(),
            })?;
        let mut stats = whole.stats;
        stats.elapsed = started.elapsed();
        Ok(crate::memo::MemoOutcome { count, stats })
    }

    /// Calls `visit` with one solution of each orbit under `group`, the least (its options
    /// sorted, compared as lists with those of its images), as
    /// [`for_each`](Solver::for_each) does; a solution limit counts these solutions. The
    /// whole tree is searched, each solution compared with its images.
    ///
    /// ```
    /// let queens = dlx::Problem::from_dlx(&std::fs::read_to_string(
    ///     concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/queens8.dlx"))?)?;
    /// let group = dlx::symmetry::Group::of(&queens)?;
    /// let mut seen = 0;
    /// dlx::Solver::new(&queens).for_each_up_to_symmetry(&group, |_| {
    ///     seen += 1;
    ///     std::ops::ControlFlow::Continue(())
    /// })?;
    /// assert_eq!(seen, 12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_each_up_to_symmetry(
        &self,
        group: &Group,
        mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()> + Send,
    ) -> Result<Outcome, SymmetryError> {
        if let Some(setting) = self.refused_by_symmetry() {
            return Err(SymmetryError::Unsupported(setting));
        }
        if !group.keeps(self.problem()) {
            return Err(SymmetryError::OtherProblem);
        }
        let elements = group.elements(MAX_SYMMETRIES)?;
        let (solution_limit, node_limit) = self.limits();
        let solver = self.settings_for(self.problem(), true, node_limit);
        let mut leaders: u128 = 0;
        let mut outcome = solver.for_each(|options| {
            if !is_least(&elements, options) {
                return ControlFlow::Continue(());
            }
            leaders += 1;
            if visit(options).is_break() {
                return ControlFlow::Break(());
            }
            if solution_limit.is_some_and(|limit| leaders >= limit) {
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        if outcome.stopped == Some(StopReason::Visitor)
            && solution_limit.is_some_and(|limit| leaders >= limit)
        {
            outcome.stopped = Some(StopReason::SolutionLimit);
        }
        outcome.solutions = leaders;
        outcome.stats.solutions = leaders;
        Ok(outcome)
    }
}

/// The conjugacy class of each of `elements` (the whole group, the identity first), numbered
/// by the class's first element: the classes are closed under conjugation by each generator.
fn conjugacy_classes(elements: &[Symmetry], generators: &[Symmetry]) -> Vec<usize> {
    let index: HashMap<&Symmetry, usize, foldhash::fast::RandomState> = elements
        .iter()
        .enumerate()
        .map(|(k, symmetry)| (symmetry, k))
        .collect();
    let inverses: Vec<Symmetry> = generators.iter().map(Symmetry::inverse).collect();
    let mut class = vec![usize::MAX; elements.len()];
    for start in 0..elements.len() {
        if class[start] != usize::MAX {
            continue;
        }
        class[start] = start;
        let mut frontier = vec![start];
        while let Some(at) = frontier.pop() {
            for (generator, inverse) in generators.iter().zip(&inverses) {
                let conjugate = inverse.then(&elements[at]).then(generator);
                let k = index[&conjugate];
                if class[k] == usize::MAX {
                    class[k] = start;
                    frontier.push(k);
                }
            }
        }
    }
    class
}

/// Whether the sorted `options` are no greater than their image under every symmetry.
fn is_least(elements: &[Symmetry], options: &[OptionId]) -> bool {
    let mut sorted = options.to_vec();
    sorted.sort_unstable();
    elements
        .iter()
        .all(|symmetry| symmetry.map_options(&sorted) >= sorted)
}

/// How many options deep the count splits by the option covering an item: below, a
/// subproblem left with symmetries is counted by Burnside's lemma alone (a plain count and
/// the fixed solutions of the others). Each level divides the search by the stabilizer's
/// order at best, but costs a search per class of options: on the pentominoes in 5 x 12,
/// two levels took 0.18 s, three 0.28 s, and splitting to the end (3,500 searches, most of
/// a few nodes) 0.45 s, against 0.53 s for the plain count.
const SPLIT_DEPTH: usize = 2;

/// The problem of the solutions that one symmetry fixes: an option for each cycle of the
/// symmetry on the options whose options fit together, covering all they cover.
struct Fixed {
    problem: Problem,
    /// For each option of the problem, its cycle's option, or `None` where it does not fit.
    cycle_of: Vec<Option<OptionId>>,
}

struct Counter<'s, 'p> {
    solver: &'s Solver<'p>,
    problem: &'p Problem,
    elements: &'s [Symmetry],
    /// The conjugacy class of each element in the whole group.
    classes: Vec<usize>,
    options_of: Vec<Vec<OptionId>>,
    fixed: HashMap<usize, Rc<Fixed>>,
    /// The entries and options of the problems kept in `fixed`.
    kept_entries: usize,
    stats: Stats,
    stopped: Option<StopReason>,
    node_limit: Option<u64>,
}

impl Counter<'_, '_> {
    /// The orbits of the group `group` (indices of its elements, which all map `given` onto
    /// itself) on the solutions that hold `given`.
    fn orbits(
        &mut self,
        group: &[usize],
        given: &mut Vec<OptionId>,
    ) -> Result<u128, SymmetryError> {
        if group.len() == 1 || self.stopped.is_some() {
            return Ok(self.plain(given));
        }
        let split = (given.len() < SPLIT_DEPTH)
            .then(|| self.split_item(group, given))
            .flatten();
        let Some(x) = split else {
            let total = self.fixed_sum(group, given)?;
            return self.divide(total, group.len());
        };
        let (stabilizer, rest): (Vec<usize>, Vec<usize>) = group
            .iter()
            .partition(|&&element| self.elements[element].item(x) == x);
        let live: Vec<OptionId> = self.options_of[x.index()]
            .iter()
            .copied()
            .filter(|&option| fits(self.problem, given, option))
            .collect();
        let mut seen = vec![false; self.problem.option_count()];
        let mut under_stabilizer = 0;
        for &option in &live {
            if seen[option.index()] {
                continue;
            }
            for &element in &stabilizer {
                seen[self.elements[element].option(option).index()] = true;
            }
            let keeps: Vec<usize> = stabilizer
                .iter()
                .copied()
                .filter(|&element| self.elements[element].option(option) == option)
                .collect();
            given.push(option);
            under_stabilizer += self.orbits(&keeps, given)?;
            given.pop();
        }
        let total = stabilizer.len() as u128 * under_stabilizer + self.fixed_sum(&rest, given)?;
        self.divide(total, group.len())
    }

    /// The solutions holding `given` that each of `elements` fixes, added up. Conjugate
    /// symmetries fix as many solutions (`h g h^-1` fixes `h(S)` where `g` fixes `S`), so
    /// with nothing given, one search a conjugacy class of the whole group does.
    fn fixed_sum(&mut self, elements: &[usize], given: &[OptionId]) -> Result<u128, SymmetryError> {
        let mut total = 0;
        if !given.is_empty() {
            for &element in elements {
                total += self.fixed(element, given)?;
            }
            return Ok(total);
        }
        // Each class met: how many of `elements` are in it, and one of them.
        let mut classes: HashMap<usize, (u128, usize)> = HashMap::new();
        for &element in elements {
            classes
                .entry(self.classes[element])
                .or_insert((0, element))
                .0 += 1;
        }
        let mut classes: Vec<(u128, usize)> = classes.into_values().collect();
        classes.sort_unstable_by_key(|&(_, element)| element);
        for (members, element) in classes {
            total += members * self.fixed(element, given)?;
        }
        Ok(total)
    }

    /// `total / order`, which must be exact unless a search stopped (then a lower bound).
    fn divide(&self, total: u128, order: usize) -> Result<u128, SymmetryError> {
        if self.stopped.is_none() && total % order as u128 != 0 {
            return Err(SymmetryError::Inexact {
                total: total.to_string(),
                order,
            });
        }
        Ok(total / order as u128)
    }

    /// A primary item that every solution covers once, not covered by `given`: the one that
    /// most of `group` fixes, then the one with fewest options left.
    fn split_item(&self, group: &[usize], given: &[OptionId]) -> Option<ItemId> {
        let problem = self.problem;
        let covered: Vec<ItemId> = given
            .iter()
            .flat_map(|&option| problem.option(option).iter().map(|entry| entry.item()))
            .collect();
        problem
            .items()
            .filter(|&item| {
                problem.is_primary(item)
                    && problem.bounds(item).unwrap_or((1, 1)) == (1, 1)
                    && !covered.contains(&item)
            })
            .map(|item| {
                let fixing = group
                    .iter()
                    .filter(|&&element| self.elements[element].item(item) == item)
                    .count();
                let options = self.options_of[item.index()]
                    .iter()
                    .filter(|&&option| fits(problem, given, option))
                    .count();
                (std::cmp::Reverse(fixing), options, item)
            })
            .min()
            .map(|(_, _, item)| item)
    }

    fn nodes_left(&self) -> Option<u64> {
        self.node_limit
            .map(|limit| limit.saturating_sub(self.stats.nodes).max(1))
    }

    fn record(&mut self, outcome: &Outcome) -> u128 {
        self.stats.add(&outcome.stats);
        self.stats.max_level = self.stats.max_level.max(outcome.stats.max_level);
        if self.stopped.is_none() {
            self.stopped = outcome.stopped;
        }
        outcome.solutions
    }

    /// The solutions that hold `given`, counted plainly.
    fn plain(&mut self, given: &[OptionId]) -> u128 {
        if self.stopped.is_some() {
            return 0;
        }
        let solver = self
            .solver
            .settings_for(self.problem, true, self.nodes_left());
        let outcome = solver
            .given(given)
            .expect("options that fit together")
            .count();
        self.record(&outcome)
    }

    /// The solutions holding `given` that `element` maps onto themselves.
    fn fixed(&mut self, element: usize, given: &[OptionId]) -> Result<u128, SymmetryError> {
        if self.elements[element].is_identity() {
            return Ok(self.plain(given));
        }
        if self.stopped.is_some() {
            return Ok(0);
        }
        let fixed = match self.fixed.get(&element) {
            Some(fixed) => Rc::clone(fixed),
            None => {
                let fixed = Rc::new(fixed_problem(self.problem, &self.elements[element])?);
                // Kept for the next subproblem while they take less than the problem's
                // entries a hundred times over; built again after that.
                let entries = fixed.problem.entry_count() + fixed.cycle_of.len();
                if self.kept_entries + entries <= 100 * self.problem.entry_count().max(1024) {
                    self.kept_entries += entries;
                    self.fixed.insert(element, Rc::clone(&fixed));
                }
                fixed
            }
        };
        let mut cycles = Vec::with_capacity(given.len());
        for option in given {
            match fixed.cycle_of[option.index()] {
                Some(cycle) => cycles.push(cycle),
                None => return Ok(0),
            }
        }
        cycles.sort_unstable();
        cycles.dedup();
        let solver = self
            .solver
            .settings_for(&fixed.problem, false, self.nodes_left());
        let outcome = solver
            .given(&cycles)
            .expect("cycles of options that fit together")
            .count();
        Ok(self.record(&outcome))
    }
}

/// Whether `option` can join `given` (its items not used up, its colors agreeing).
fn fits(problem: &Problem, given: &[OptionId], option: OptionId) -> bool {
    if given.contains(&option) {
        return false;
    }
    problem.option(option).iter().all(|entry| {
        let item = entry.item();
        let uses = given
            .iter()
            .flat_map(|&g| problem.option(g))
            .filter(|e| e.item() == item);
        if problem.is_primary(item) {
            let max = problem.bounds(item).map_or(1, |(_, max)| max);
            (uses.count() as u32) < max
        } else {
            match entry.color() {
                None => uses.count() == 0,
                Some(color) => uses.into_iter().all(|e| e.color() == Some(color)),
            }
        }
    })
}

/// The problem of the solutions that `symmetry` fixes.
fn fixed_problem(problem: &Problem, symmetry: &Symmetry) -> Result<Fixed, SymmetryError> {
    let mut builder = ProblemBuilder::new();
    let mut handles: Vec<OptionItem> = Vec::with_capacity(problem.item_count());
    for item in problem.items() {
        let name = problem.item_name(item);
        handles.push(if problem.is_primary(item) {
            let (min, max) = problem.bounds(item).unwrap_or((1, 1));
            builder.primary_bounded(name, min, max).into()
        } else {
            builder.secondary(name).into()
        });
    }
    for color in 0..problem.color_count() {
        builder.color(problem.color_name(Color(color as u32)));
    }
    let mut cycle_of = vec![None; problem.option_count()];
    let mut seen = vec![false; problem.option_count()];
    // The item and color of each entry of the cycle, by item.
    let mut entries: HashMap<ItemId, Option<Color>> = HashMap::new();
    for start in problem.options() {
        if seen[start.index()] {
            continue;
        }
        let mut cycle = Vec::new();
        let mut at = start;
        while !seen[at.index()] {
            seen[at.index()] = true;
            cycle.push(at);
            at = symmetry.option(at);
        }
        entries.clear();
        let mut fits = true;
        'cycle: for &option in &cycle {
            for entry in problem.option(option) {
                let item = entry.item();
                match entries.get(&item) {
                    None => {
                        entries.insert(item, entry.color());
                    }
                    Some(&color) => {
                        let shared = color.is_some() && color == entry.color();
                        if !shared {
                            if problem.is_primary(item)
                                && problem.bounds(item).is_some_and(|(_, max)| max > 1)
                            {
                                return Err(SymmetryError::Multiplicity {
                                    item: problem.item_name(item).to_owned(),
                                });
                            }
                            fits = false;
                            break 'cycle;
                        }
                    }
                }
            }
        }
        if !fits {
            continue;
        }
        let mut items: Vec<(ItemId, Option<Color>)> = entries
            .iter()
            .map(|(&item, &color)| (item, color))
            .collect();
        items.sort_unstable_by_key(|&(item, _)| item.index());
        let id = builder.option(items.iter().map(|&(item, color)| {
            let handle = handles[item.index()];
            match color {
                Some(color) => handle.colored(color),
                None => handle,
            }
        }));
        for &option in &cycle {
            cycle_of[option.index()] = Some(id);
        }
    }
    let problem = builder
        .build()
        .expect("the cycles of a problem's options make a problem");
    Ok(Fixed { problem, cycle_of })
}
