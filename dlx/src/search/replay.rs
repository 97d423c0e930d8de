//! Prefixes of the search: replaying one (a partial solution given as the node chosen at each
//! level) so that a search explores only its subtree, finding the nodes of a prefix given as
//! options, unwinding back to the start, and splitting off the branches not yet tried as
//! prefixes for other searches (parallel workers, shards, `--split`).
//!
//! Replaying repeats the loops' steps, level by level, outside the loops: Algorithm M's steps
//! M4-M6 are written out again in `enter_bounded_level`, since one function shared with
//! the loop cost the search 1.7% more instructions.

use super::sets::on_set_table;
use super::{with_colors, Resume, Search, TreeTable};
use crate::engine::Engine;
use crate::error::PrefixError;
use crate::problem::{OptionId, Problem};
use crate::search::links::Links;

impl Search {
    /// Positions a fresh search (or one [`unwind`](Self::unwind)-ed back to the start) at the
    /// end of `prefix`, a partial solution of an earlier search of the same problem given as
    /// the node chosen at each level: it does each level's steps as the search did, and the
    /// search then explores only that prefix's subtree. With Algorithm M a level's node may
    /// be its item's header (the null move), and the options the search tried before the
    /// level's node are tweaked out of the item's list as they were.
    ///
    /// The replay counts no updates, except, with `count_last`, those of trying the last
    /// level's option: a prefix given away by [`split`](Self::split) is an option its donor
    /// never tried, while the levels above were counted by the donor. So the subtrees of a
    /// split search add up to the whole search's statistics.
    ///
    /// `degrees` are Algorithm M's branching degrees of the prefix's levels, as
    /// [`degrees`](Self::degrees) gives them (for the progress estimate); when they are not
    /// given, each level's is found again by its choice of item, which costs a pass over the
    /// active items per level.
    pub fn enter_prefix(&mut self, prefix: &[u32], degrees: &[u32], count_last: bool) {
        debug_assert!(self.level == 0);
        if let Some(()) = on_set_table!(self, enter_sets_prefix(prefix, count_last)) {
            return;
        }
        let known_degrees = degrees.len() == prefix.len();
        let updates = self.links.updates();
        let counters = self.propagation_counters();
        let mut counted = 0;
        for (level, &x) in prefix.iter().enumerate() {
            let x = x as usize;
            let entered = if !self.propagate_entering(level) {
                None
            } else if self.engine == Engine::M {
                let degree = known_degrees.then(|| degrees[level]);
                with_colors!(self, enter_bounded_level(level, x, degree))
            } else {
                self.choice[level] = x as u32;
                let item = self.links.item_of(x);
                Some(self.links.enter_level(self.colors, item, x))
            };
            let Some(option_updates) = entered else {
                // The search would never try this branch, whose propagation fails or which
                // Algorithm M would not take (a prefix of shard or thread work is always one
                // it tries; this keeps a stray one harmless): its subtree is empty.
                debug_assert!(false, "prefix {prefix:?} is not a branch at level {level}");
                self.links.set_updates(updates);
                self.set_propagation_counters(counters);
                self.level = level;
                self.base = level;
                self.resume = Resume::Finished;
                return;
            };
            if count_last && level + 1 == prefix.len() {
                counted = option_updates;
            }
        }
        self.links.set_updates(updates + counted);
        self.set_propagation_counters(counters);
        self.propagate_mark(prefix.len());
        self.level = prefix.len();
        self.base = prefix.len();
        self.resume = Resume::EnterLevel;
    }

    /// Takes `options` as chosen before level 0, in order, on a fresh search of the links
    /// or the bit sets: the search then walks the tree below the
    /// node where they have been chosen, and each of its solutions holds them
    /// ([`solution`](Self::solution)). They must be able to be in one solution
    /// (`Solver::given` checks that on the problem). Counts no updates.
    ///
    /// On the links each is taken as a level of the search takes it, at the node of its
    /// first primary item: with Algorithms X and C that item is covered, then the option's
    /// others; with Algorithm M the item's `BOUND` goes down by one, and it is covered at 0,
    /// or else the option is hidden and its node taken out of the item's list (a tweak of
    /// that one node). The bit sets start from a root without what they rule out.
    pub fn give(&mut self, problem: &Problem, options: &[OptionId]) {
        if options.is_empty() {
            return;
        }
        debug_assert!(self.level == 0 && !matches!(self.table, TreeTable::Sparse(_)));
        self.given = options.iter().map(|option| option.index() as u32).collect();
        if let TreeTable::Bits(table) = &mut self.table {
            table.give(options);
            return;
        }
        let updates = self.links.updates();
        let mut nodes = Vec::with_capacity(options.len());
        for &option in options {
            let place = problem
                .option(option)
                .iter()
                .position(|entry| entry.item().index() < problem.primary_count())
                .expect("every option covers a primary item");
            let x = option_node(&self.links, problem, option, place);
            let item = self.links.item_of(x);
            debug_assert!(
                self.links.is_available(x),
                "option {option:?} is given in a clash"
            );
            if self.engine == Engine::M {
                self.links.take_bounded(self.colors, item, x);
            } else {
                self.links.enter_level(self.colors, item, x);
            }
            nodes.push(x as u32);
        }
        if let Some(propagate) = self.propagate.as_mut() {
            propagate.given = nodes;
        }
        self.links.set_updates(updates);
    }

    /// Algorithm M: steps M3 to M6 of `level` at once, taking branch `x` (a node of the item
    /// the search branches on there, or that item's header for the null move) as the search
    /// reaches it: the options before `x` in the item's list are tweaked out, as the branches
    /// tried before it leave them. Returns the updates of `x`'s own branch (its tweak and
    /// step M6), or `None`, with the level undone, when the search would not try `x`. The
    /// level's branching degree is `degree`, or found by step M3 when not given.
    fn enter_bounded_level<const COLORS: bool>(
        &mut self,
        level: usize,
        x: usize,
        degree: Option<u32>,
    ) -> Option<u64> {
        let enough = self.enough_degree();
        let links = &mut self.links;
        let i = if links.is_header(x) {
            x
        } else {
            links.item_of(x)
        };
        let degree = match degree {
            Some(degree) => degree,
            None => {
                // M3 [Choose i.] (the item is the one the search chose)
                let (chosen, score) = links.choose_bounded_until(enough);
                if chosen != i || score <= 0 {
                    return None;
                }
                score.min(u32::MAX as i64) as u32
            }
        };
        // M4 [Prepare to branch on i.]
        let first = links.down(i) as u32;
        self.first_tweak[level] = first;
        self.degree[level] = degree;
        links.prepare_branch::<COLORS>(i);
        let (bound, slack) = (links.bound(i), links.slack(i));
        let untweaked = bound == 0 && slack == 0;
        // The branches before x: M5 and M7 for each (what M6 does, M7 undoes).
        let mut y = first as usize;
        while y != x {
            let too_few = !untweaked && links.too_few_left(i);
            if links.is_header(y) || too_few {
                links.restore::<COLORS>(i, first as usize);
                return None;
            }
            if !untweaked {
                links.tweak::<COLORS>(y, i, bound != 0);
            }
            y = links.down(y);
        }
        // M5 [Possibly tweak x_l.]
        if (untweaked && x == i) || (!untweaked && links.too_few_left(i)) {
            links.restore::<COLORS>(i, first as usize);
            return None;
        }
        // (These are M5 and M6 as `run_bounded` has them; factoring both into one function
        // cost the search 1.7% more instructions on Algorithm M's queens, so they are written
        // twice.)
        let before = links.updates();
        if !untweaked {
            if x != i {
                links.tweak::<COLORS>(x, i, bound != 0);
            } else if bound != 0 {
                links.deactivate(i);
            }
        }
        // M6 [Try x_l.]
        if x != i {
            links.cover_rest_bounded::<COLORS>(x);
        }
        self.choice[level] = x as u32;
        Some(links.updates() - before)
    }

    /// Algorithm M: undoes `level`, the deepest level applied (its step M6, and M8 [Restore
    /// i.] for the tweaks so far), as leaving it for good would.
    fn leave_bounded_level<const COLORS: bool>(&mut self, level: usize) {
        let links = &mut self.links;
        let x = self.choice[level] as usize;
        let first = self.first_tweak[level] as usize;
        if links.is_header(x) {
            links.reactivate(x);
            links.restore::<COLORS>(x, first);
        } else {
            links.uncover_rest_bounded::<COLORS>(x);
            let i = links.item_of(x);
            links.restore::<COLORS>(i, first);
        }
    }

    /// The nodes of a prefix given as options: at each level, the node of that level's option
    /// in the item the search would branch on there (found by the same choice of item), with
    /// the level's item and option covered as the search would. Leaves the search unwound.
    /// `Err` gives the level where an option is not a choice.
    pub fn nodes_of(
        &mut self,
        problem: &Problem,
        options: &[OptionId],
    ) -> Result<Vec<u32>, PrefixError> {
        if self.engine == Engine::M {
            return with_colors!(self, nodes_of_bounded(problem, options));
        }
        if let Some(nodes) = on_set_table!(self, sets_nodes_of(problem, options)) {
            return nodes;
        }
        let updates = self.links.updates();
        let mut result = Ok(());
        for (level, &option) in options.iter().enumerate() {
            if option.index() >= problem.option_count() {
                result = Err(PrefixError::NoSuchOption(option.index()));
                break;
            }
            if self.links.all_covered() {
                result = Err(PrefixError::TooLong { level });
                break;
            }
            // A level whose propagation fails has no branch (what it removed is put back
            // by the unwinding below, from `self.level`, which is this level).
            let propagated = self.propagate_entering(level);
            let item = self.links.choose();
            let node = (0..problem.option(option).len())
                .filter(|_| propagated)
                .map(|place| option_node(&self.links, problem, option, place))
                .find(|&x| self.links.item_of(x) == item)
                .filter(|&x| {
                    let mut p = self.links.down(item);
                    while p != item && p != x {
                        p = self.links.down(p);
                    }
                    p == x
                });
            let Some(x) = node else {
                result = Err(PrefixError::NotAChoice {
                    level,
                    option: option.index(),
                    item: problem
                        .item_name(crate::problem::ItemId(item as u32 - 1))
                        .to_owned(),
                });
                break;
            };
            self.choice[level] = x as u32;
            self.links.enter_level(self.colors, item, x);
            self.level = level + 1;
            self.propagate_mark(level + 1);
        }
        let nodes = self.choice[..self.level].to_vec();
        self.unwind();
        self.links.set_updates(updates);
        result.map(|()| nodes)
    }

    /// [`nodes_of`](Self::nodes_of) for Algorithm M, whose levels may be null moves, which no
    /// option names: at each level, if the next option covers the item the search branches on
    /// there, it is that level's branch; if not, the level must be the item's null move (after
    /// which no option of the item is left, so the two cannot be confused). Errors give the
    /// option's place in `options` as its level.
    fn nodes_of_bounded<const COLORS: bool>(
        &mut self,
        problem: &Problem,
        options: &[OptionId],
    ) -> Result<Vec<u32>, PrefixError> {
        let updates = self.links.updates();
        let mut result = Ok(());
        let mut level = 0;
        let mut given = 0;
        while given < options.len() {
            let option = options[given];
            if option.index() >= problem.option_count() {
                result = Err(PrefixError::NoSuchOption(option.index()));
                break;
            }
            if self.links.all_covered() {
                result = Err(PrefixError::TooLong { level: given });
                break;
            }
            let not_a_choice = |item: usize| PrefixError::NotAChoice {
                level: given,
                option: option.index(),
                item: problem
                    .item_name(crate::problem::ItemId(item as u32 - 1))
                    .to_owned(),
            };
            // A level whose propagation fails has no branch (put back by the unwinding
            // below, as in `nodes_of`).
            let propagated = self.propagate_entering(level);
            let (item, score) = self.links.choose_bounded_until(self.enough_degree());
            if !propagated || score <= 0 {
                result = Err(not_a_choice(item));
                break;
            }
            let x = (0..problem.option(option).len())
                .map(|place| option_node(&self.links, problem, option, place))
                .find(|&x| self.links.item_of(x) == item)
                .unwrap_or(item);
            if self.enter_bounded_level::<COLORS>(level, x, None).is_none() {
                result = Err(not_a_choice(item));
                break;
            }
            if x != item {
                given += 1;
            }
            level += 1;
            self.level = level;
            self.propagate_mark(level);
        }
        let nodes = self.choice[..self.level].to_vec();
        self.unwind();
        self.links.set_updates(updates);
        result.map(|()| nodes)
    }

    /// Undoes every level still applied (after a solution, at a checkpoint, or at the end of
    /// a prefix's subtree), so the links are as at the start and the search can take another
    /// prefix. Updates of this are not counted.
    pub fn unwind(&mut self) {
        if let Some(()) = on_set_table!(self, unwind_sets()) {
            return;
        }
        let updates = self.links.updates();
        self.propagate_leaving(self.level);
        for level in (0..self.level).rev() {
            if self.engine == Engine::M {
                with_colors!(self, leave_bounded_level(level));
            } else {
                let x = self.choice[level] as usize;
                let item = self.links.item_of(x);
                self.links.leave_level(self.colors, item, x);
            }
            self.propagate_leaving(level);
        }
        self.links.set_updates(updates);
        self.level = 0;
        self.base = 0;
        self.resume = Resume::EnterLevel;
    }

    /// Whether [`step_sibling`](Self::step_sibling) can take this search on to the next
    /// option of a level: on the links, with Algorithms X and C, without propagation (the
    /// other trees and Algorithm M are given their prefixes one at a time).
    pub fn steps_siblings(&self) -> bool {
        self.engine != Engine::M
            && matches!(self.table, TreeTable::Links)
            && self.propagate.is_none()
    }

    /// About what replaying this search's prefix costs another search (see
    /// [`enter_prefix`](Self::enter_prefix)): the length of each level's item list, which its
    /// cover walks, added up, on every tree (a wide item given away at every checkpoint on
    /// the sets' trees, where this was 0, made a search quadratic).
    pub fn replay_cost(&self) -> u64 {
        match &self.table {
            TreeTable::Links if self.engine == Engine::M => self.degree[..self.level]
                .iter()
                .map(|&d| u64::from(d))
                .sum(),
            TreeTable::Links => self.choice[..self.level]
                .iter()
                .map(|&x| self.links.len(self.links.item_of(x as usize)) as u64)
                .sum(),
            // The sets' trees: each level's branches, which its item's set holds.
            _ => (0..self.level)
                .map(|level| u64::from(self.position(level).1))
                .sum(),
        }
    }

    /// Once the search is [`Done`](Event::Done) with the option of level `level` (the last
    /// level of the prefix it entered, or a level above its base after a
    /// [`split`](Self::split) below), takes it on to the next option of that level in the
    /// item's list, as the sequential search's step X6 does, unless that is `until` or the
    /// end of the list: then nothing changes and the answer is false. The next option's
    /// updates count, as the sequential search counts them; the levels below `level` that
    /// [`split`](Self::split) gave away are left first, which counts none. Only where
    /// [`steps_siblings`](Self::steps_siblings).
    pub fn step_sibling(&mut self, level: usize, until: Option<u32>) -> bool {
        debug_assert!(self.steps_siblings() && self.resume == Resume::Finished);
        debug_assert!(level < self.base && self.level == self.base);
        let x = self.choice[level] as usize;
        let y = self.links.down(x);
        if self.links.is_header(y) || until == Some(y as u32) {
            return false;
        }
        let updates = self.links.updates();
        for below in (level + 1..self.base).rev() {
            let z = self.choice[below] as usize;
            let item = self.links.item_of(z);
            self.links.leave_level(self.colors, item, z);
        }
        self.links.set_updates(updates);
        if self.colors {
            self.links.uncover_rest::<true, false>(x);
            self.links.cover_rest::<true, false>(y);
        } else {
            self.links.uncover_rest::<false, false>(x);
            self.links.cover_rest::<false, false>(y);
        }
        self.choice[level] = y as u32;
        self.level = level + 1;
        self.base = level + 1;
        self.resume = Resume::EnterLevel;
        true
    }

    /// Gives away part of the work left, for another search to do: at the shallowest level
    /// of this search's own subtree where options remain untried, every one of them becomes a
    /// prefix (the choices above it, then that option), and this search will stop once it is
    /// done with its current option there. Called at a checkpoint; returns no prefix when the
    /// work left is a single path of current options. The degrees of the prefixes' levels are
    /// the first ones of [`degrees`](Self::degrees).
    pub fn split(&mut self) -> Vec<Vec<u32>> {
        debug_assert_eq!(self.resume, Resume::EnterLevel);
        if self.engine == Engine::M {
            return with_colors!(self, split_bounded());
        }
        if let Some(prefixes) = on_set_table!(self, split_sets()) {
            return prefixes;
        }
        let mut prefixes = Vec::new();
        for level in self.base..self.level {
            let x = self.choice[level] as usize;
            let mut y = self.links.down(x);
            if self.links.is_header(y) {
                continue;
            }
            while !self.links.is_header(y) {
                let mut prefix = self.choice[..level].to_vec();
                prefix.push(y as u32);
                prefixes.push(prefix);
                y = self.links.down(y);
            }
            self.base = level + 1;
            break;
        }
        prefixes
    }

    /// [`split`](Self::split) for Algorithm M. A level's item may still be active below it
    /// (its bound not yet reached), so the levels below may have hidden or tweaked nodes of
    /// its list: the branches left at a level are read with the levels below it undone (and
    /// its own option's step M6), then everything is redone. The null move is a branch of
    /// its own (given away as the item's header) when the search would take it.
    fn split_bounded<const COLORS: bool>(&mut self) -> Vec<Vec<u32>> {
        let updates = self.links.updates();
        let deepest = self.level;
        let mut prefixes = Vec::new();
        for level in self.base..deepest {
            let x = self.choice[level] as usize;
            if self.links.is_header(x) {
                // The null move is the level's last branch.
                continue;
            }
            // What propagation removed below `level` goes too, each level's after its
            // branch is undone, as leaving the levels would; and comes back as it was.
            let removed = self
                .propagate
                .as_ref()
                .map(|propagate| propagate.removed_from(level + 1));
            for below in (level + 1..deepest).rev() {
                self.propagate_leaving(below + 1);
                self.leave_bounded_level::<COLORS>(below);
            }
            self.propagate_leaving(level + 1);
            self.links.uncover_rest_bounded::<COLORS>(x);
            // Now the links are as step M7 leaves them after x: count down the branches that
            // M5 would still take.
            let links = &self.links;
            let i = links.item_of(x);
            let (bound, slack) = (links.bound(i), links.slack(i));
            let untweaked = bound == 0 && slack == 0;
            let mut len = links.len(i) as i32;
            let mut y = links.down(x);
            loop {
                if !untweaked && len <= bound - slack {
                    break;
                }
                if links.is_header(y) && untweaked {
                    break;
                }
                let mut prefix = self.choice[..level].to_vec();
                prefix.push(y as u32);
                prefixes.push(prefix);
                if links.is_header(y) {
                    break;
                }
                len -= 1;
                y = links.down(y);
            }
            self.links.cover_rest_bounded::<COLORS>(x);
            for below in level + 1..=deepest {
                if let (Some(propagate), Some(removed)) = (self.propagate.as_mut(), &removed) {
                    propagate.remove_again(&mut self.links, below, deepest, level + 1, removed);
                }
                if below == deepest {
                    break;
                }
                let (x, degree) = (self.choice[below] as usize, self.degree[below]);
                let redone = self.enter_bounded_level::<COLORS>(below, x, Some(degree));
                debug_assert!(redone.is_some(), "level {below} redone");
            }
            if !prefixes.is_empty() {
                self.base = level + 1;
                break;
            }
        }
        self.links.set_updates(updates);
        prefixes
    }
}

/// The node of the entry at `place` (from 0) of `option`.
fn option_node(links: &Links, problem: &Problem, option: OptionId, place: usize) -> usize {
    links.node_of_entry(option.index(), problem.entries_before(option), place)
}
