//! Algorithms X, C and M of TAOCP 7.2.2.1 as an iterative, resumable state machine.
//!
//! The search keeps its own stack (`choice`, Knuth's `x_0 x_1 ...`), so its depth is bounded
//! by memory, not by the call stack, and it can stop anywhere and carry on later: after each
//! solution, and at checkpoints the caller asks for (to look at the clock, report progress,
//! or stop at a node limit). One source serves both algorithms: with `COLORS = false` it is
//! Algorithm X, with `COLORS = true` Algorithm C, whose step C5 commits items instead of
//! covering them. Algorithm M (multiplicities: primary items covered between `u` and `v`
//! times) has steps of its own, in [`Search::run_bounded`]. The steps are labelled as in the
//! book so they can be checked line by line.
//!
//! Knuth's counts: a *node* is each entry to step X2 (a solution being a node of its own, as
//! in his DLX1), and an *update* is each item taken out of the active list plus each node taken
//! out of a list while an option is hidden. With the same item and option order, these equal
//! the counts his programs report, which shows the search tree is the same.

use crate::links::Links;
use crate::problem::{OptionId, Problem};
use crate::Engine;

/// Why [`Search::run`] returned.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// `choice[..level]` is a solution; the next run backtracks from it.
    Solution,
    /// The node count reached the checkpoint; the next run carries on where this one stopped.
    Checkpoint,
    /// The search reached its cutoff level: `choice[..level]` is a prefix (a partial solution
    /// at that depth, not a solution); the next run backtracks from it without exploring it.
    Prefix,
    /// The whole tree has been explored (for a search started from a prefix, the prefix's
    /// subtree).
    Done,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Resume {
    /// At step X2, about to enter `level`.
    EnterLevel,
    /// Just after visiting a solution: continue at step X8.
    LeaveLevel,
    /// Nothing left to explore.
    Finished,
}

/// One depth-first search over one copy of the links.
#[derive(Clone, Debug)]
pub(crate) struct Search {
    links: Links,
    engine: Engine,
    /// Whether the links are Algorithm C's (colors in `aux`): with Algorithm C, and with
    /// Algorithm M when the problem has colors. Otherwise every walk is Algorithm X's.
    colors: bool,
    /// Knuth's `l`.
    level: usize,
    /// Knuth's `x_0 ... x_{l-1}`: the node chosen at each level.
    choice: Vec<u32>,
    /// Algorithm M: `FT_l`, the first node of the item's list when level `l` began (what
    /// `untweak` restores from), and the level's branching degree, for the progress estimate.
    first_tweak: Vec<u32>,
    degree: Vec<u32>,
    resume: Resume,
    /// Levels below `base` belong to the prefix this search started from (see
    /// [`enter_prefix`](Self::enter_prefix)); the search ends when it would leave `base`.
    base: usize,
    /// Levels with `cutoff` options above them are not explored: reaching one is
    /// [`Event::Prefix`]. (With Algorithms X and C every level above has an option; with
    /// Algorithm M some are null moves, and a prefix always ends with an option, so that
    /// options alone name it: see [`nodes_of`](Self::nodes_of).)
    pub cutoff: usize,
    /// Search-tree nodes so far.
    pub nodes: u64,
    /// Nodes per level (Knuth's `profile`).
    pub profile: Vec<u64>,
    /// [`run`](Self::run) returns [`Event::Checkpoint`] before the node count passes this.
    pub checkpoint_at: u64,
}

impl Search {
    /// Step X1 [Initialize], for the given engine (at least `problem.engine()`).
    pub fn new(problem: &Problem, engine: Engine) -> Search {
        let engine = engine.max(problem.engine());
        let colors = engine == Engine::C || (engine == Engine::M && problem.has_colors());
        let links = Links::new(problem, colors);
        let depth = if engine == Engine::M {
            // A level either chooses an option, which lowers the BOUND of a primary item
            // (at most min(v, options) times each), or makes a null move, which deactivates
            // one; plus the solution's level.
            let options: usize = (1..=links.primary_count)
                .map(|i| (links.bound[i] as usize).min(links.entries[i].top as usize))
                .sum();
            options + links.primary_count + 1
        } else {
            // Each level covers at least one primary item, so there are at most N1 + 1 levels
            // (the last one being the solution's).
            problem.primary_count() + 1
        };
        let m_depth = if engine == Engine::M { depth } else { 0 };
        Search {
            links,
            engine,
            colors,
            level: 0,
            choice: vec![0; depth],
            first_tweak: vec![0; m_depth],
            degree: vec![0; m_depth],
            resume: Resume::EnterLevel,
            base: 0,
            cutoff: usize::MAX,
            nodes: 0,
            profile: vec![0; depth],
            checkpoint_at: u64::MAX,
        }
    }

    /// Knuth's updates so far.
    pub fn updates(&self) -> u64 {
        self.links.updates
    }

    /// The current level: at a solution, the number of options in it.
    pub fn level(&self) -> usize {
        self.level
    }

    /// The options of the current partial solution, in level order (at a solution, the
    /// solution); Algorithm M's null moves are left out.
    pub fn options(&self) -> impl Iterator<Item = u32> + '_ {
        self.choice[..self.level]
            .iter()
            .filter(|&&x| !self.links.is_header(x as usize))
            .map(|&x| self.links.option_of(x as usize))
    }

    /// The deepest level with a node.
    pub fn max_level(&self) -> usize {
        self.profile.iter().rposition(|&n| n > 0).unwrap_or(0)
    }

    /// Knuth's estimate of the fraction of the tree explored, assuming a uniform branching
    /// structure: if the first choice is `k` of `d`, the estimate is `(k - 1) / d` plus `1 / d`
    /// times the estimate for the `k`-th subtree, and `1/2` for a single node. It only grows.
    pub fn estimate(&self) -> f64 {
        self.estimate_from(self.base)
    }

    /// The estimate for the subtree below level `from` (the whole tree for 0).
    pub fn estimate_from(&self, from: usize) -> f64 {
        if self.resume == Resume::Finished {
            return 1.0;
        }
        let mut done = 0.0;
        let mut scale = 1.0;
        for level in from..self.level {
            let (k, d) = self.position(level);
            scale *= d as f64;
            done += (k - 1) as f64 / scale;
        }
        (done + 0.5 / scale).min(1.0)
    }

    /// The choice at `level` as Knuth's "`k` of `d`": its place among the level's branches,
    /// from 1, and their number.
    pub fn position(&self, level: usize) -> (u32, u32) {
        let x = self.choice[level] as usize;
        let (start, d) = if self.engine == Engine::M {
            (self.first_tweak[level] as usize, self.degree[level])
        } else {
            let item = self.links.entries[x].top as usize;
            (
                self.links.vertical[item].down as usize,
                self.links.entries[item].top as u32,
            )
        };
        // Count the nodes from the level's first one to x (a tweaked node still points to its
        // successor, and the list ends at the header).
        let mut k = 1;
        let mut p = start;
        while p != x && !self.links.is_header(p) {
            k += 1;
            p = self.links.vertical[p].down as usize;
        }
        (k, d.max(k))
    }

    /// The first level of this search's own subtree (0 unless it started from a prefix or
    /// gave work away).
    pub fn base(&self) -> usize {
        self.base
    }

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
        let known_degrees = degrees.len() == prefix.len();
        let updates = self.links.updates;
        let mut counted = 0;
        for (level, &x) in prefix.iter().enumerate() {
            let x = x as usize;
            let option_updates = if self.engine == Engine::M {
                let degree = known_degrees.then(|| degrees[level]);
                let entered = if self.colors {
                    self.enter_bounded_level::<true>(level, x, degree)
                } else {
                    self.enter_bounded_level::<false>(level, x, degree)
                };
                let Some(option_updates) = entered else {
                    // The search would never try this branch (a prefix of shard or thread
                    // work is always one it tries; this keeps a stray one harmless): its
                    // subtree is empty.
                    debug_assert!(false, "prefix {prefix:?} is not a branch at level {level}");
                    self.links.updates = updates;
                    self.level = level;
                    self.base = level;
                    self.resume = Resume::Finished;
                    return;
                };
                option_updates
            } else {
                self.choice[level] = x as u32;
                let item = self.links.entries[x].top as usize;
                self.links.enter_level(self.colors, item, x)
            };
            if count_last && level + 1 == prefix.len() {
                counted = option_updates;
            }
        }
        self.links.updates = updates + counted;
        self.level = prefix.len();
        self.base = prefix.len();
        self.resume = Resume::EnterLevel;
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
        let links = &mut self.links;
        let i = if links.is_header(x) {
            x
        } else {
            links.entries[x].top as usize
        };
        let degree = match degree {
            Some(degree) => degree,
            None => {
                // M3 [Choose i.] (the item is the one the search chose)
                let (chosen, score) = links.choose_bounded();
                if chosen != i || score <= 0 {
                    return None;
                }
                score.min(u32::MAX as i64) as u32
            }
        };
        // M4 [Prepare to branch on i.]
        let first = links.vertical[i].down;
        self.first_tweak[level] = first;
        self.degree[level] = degree;
        links.bound[i] -= 1;
        if links.bound[i] == 0 {
            links.cover::<COLORS>(i);
        }
        let (bound, slack) = (links.bound[i], links.slack[i]);
        let untweaked = bound == 0 && slack == 0;
        // The branches before x: M5 and M7 for each (what M6 does, M7 undoes).
        let mut y = first as usize;
        while y != x {
            let too_few = !untweaked && links.entries[i].top <= bound - slack;
            if links.is_header(y) || too_few {
                restore::<COLORS>(links, i, first as usize);
                return None;
            }
            if !untweaked {
                links.tweak::<COLORS>(y, i, bound != 0);
            }
            y = links.vertical[y].down as usize;
        }
        // M5 [Possibly tweak x_l.]
        if (untweaked && x == i) || (!untweaked && links.entries[i].top <= bound - slack) {
            restore::<COLORS>(links, i, first as usize);
            return None;
        }
        // (These are M5 and M6 as `run_bounded` has them; factoring both into one function
        // cost the search 1.7% more instructions on queens11-pd, so they are written twice.)
        let before = links.updates;
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
        Some(links.updates - before)
    }

    /// Algorithm M: undoes `level`, the deepest level applied (its step M6, and M8 [Restore
    /// i.] for the tweaks so far), as leaving it for good would.
    fn leave_bounded_level<const COLORS: bool>(&mut self, level: usize) {
        let links = &mut self.links;
        let x = self.choice[level] as usize;
        let first = self.first_tweak[level] as usize;
        if links.is_header(x) {
            links.reactivate(x);
            restore::<COLORS>(links, x, first);
        } else {
            links.uncover_rest_bounded::<COLORS>(x);
            let i = links.entries[x].top as usize;
            restore::<COLORS>(links, i, first);
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
    ) -> Result<Vec<u32>, crate::PrefixError> {
        use crate::PrefixError;
        if self.engine == Engine::M {
            return if self.colors {
                self.nodes_of_bounded::<true>(problem, options)
            } else {
                self.nodes_of_bounded::<false>(problem, options)
            };
        }
        let n = self.links.item_count;
        let updates = self.links.updates;
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
            let item = self.links.choose();
            // The option's nodes follow the headers, the first spacer, the nodes of the
            // options before it and their spacers.
            let first = n + 2 + problem.entries_before(option) + option.index();
            let node = (first..first + problem.option(option).len())
                .find(|&x| self.links.entries[x].top as usize == item)
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
        }
        let nodes = self.choice[..self.level].to_vec();
        self.unwind();
        self.links.updates = updates;
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
    ) -> Result<Vec<u32>, crate::PrefixError> {
        use crate::PrefixError;
        let n = self.links.item_count;
        let updates = self.links.updates;
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
            let (item, score) = self.links.choose_bounded();
            if score <= 0 {
                result = Err(not_a_choice(item));
                break;
            }
            let first = n + 2 + problem.entries_before(option) + option.index();
            let x = (first..first + problem.option(option).len())
                .find(|&x| self.links.entries[x].top as usize == item)
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
        }
        let nodes = self.choice[..self.level].to_vec();
        self.unwind();
        self.links.updates = updates;
        result.map(|()| nodes)
    }

    /// Undoes every level still applied (after a solution, at a checkpoint, or at the end of
    /// a prefix's subtree), so the links are as at the start and the search can take another
    /// prefix. Updates of this are not counted.
    pub fn unwind(&mut self) {
        let updates = self.links.updates;
        for level in (0..self.level).rev() {
            match (self.engine, self.colors) {
                (Engine::M, true) => self.leave_bounded_level::<true>(level),
                (Engine::M, false) => self.leave_bounded_level::<false>(level),
                _ => {
                    let x = self.choice[level] as usize;
                    let item = self.links.entries[x].top as usize;
                    self.links.leave_level(self.colors, item, x);
                }
            }
        }
        self.links.updates = updates;
        self.level = 0;
        self.base = 0;
        self.resume = Resume::EnterLevel;
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
            return if self.colors {
                self.split_bounded::<true>()
            } else {
                self.split_bounded::<false>()
            };
        }
        let mut prefixes = Vec::new();
        for level in self.base..self.level {
            let x = self.choice[level] as usize;
            let mut y = self.links.vertical[x].down as usize;
            if self.links.is_header(y) {
                continue;
            }
            while !self.links.is_header(y) {
                let mut prefix = self.choice[..level].to_vec();
                prefix.push(y as u32);
                prefixes.push(prefix);
                y = self.links.vertical[y].down as usize;
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
        let updates = self.links.updates;
        let deepest = self.level;
        let mut prefixes = Vec::new();
        for level in self.base..deepest {
            let x = self.choice[level] as usize;
            if self.links.is_header(x) {
                // The null move is the level's last branch.
                continue;
            }
            for below in (level + 1..deepest).rev() {
                self.leave_bounded_level::<COLORS>(below);
            }
            self.links.uncover_rest_bounded::<COLORS>(x);
            // Now the links are as step M7 leaves them after x: count down the branches that
            // M5 would still take.
            let links = &self.links;
            let i = links.entries[x].top as usize;
            let (bound, slack) = (links.bound[i], links.slack[i]);
            let untweaked = bound == 0 && slack == 0;
            let mut len = links.entries[i].top;
            let mut y = links.vertical[x].down as usize;
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
                y = links.vertical[y].down as usize;
            }
            self.links.cover_rest_bounded::<COLORS>(x);
            for below in level + 1..deepest {
                let (x, degree) = (self.choice[below] as usize, self.degree[below]);
                let redone = self.enter_bounded_level::<COLORS>(below, x, Some(degree));
                debug_assert!(redone.is_some(), "level {below} redone");
            }
            if !prefixes.is_empty() {
                self.base = level + 1;
                break;
            }
        }
        self.links.updates = updates;
        prefixes
    }

    /// The current partial solution as nodes, one per level.
    pub fn prefix(&self) -> &[u32] {
        &self.choice[..self.level]
    }

    /// Algorithm M's branching degree at each level of [`prefix`](Self::prefix), for
    /// [`enter_prefix`](Self::enter_prefix) (empty for Algorithms X and C, whose degrees are
    /// their items' lengths, read from the links).
    pub fn degrees(&self) -> &[u32] {
        if self.engine == Engine::M {
            &self.degree[..self.level]
        } else {
            &[]
        }
    }

    /// Runs until the next solution, checkpoint, or the end of the search.
    pub fn run(&mut self) -> Event {
        match self.engine {
            Engine::X => self.run_x(),
            Engine::C => self.run_with::<true>(),
            Engine::M if self.colors => self.run_bounded::<true>(),
            Engine::M => self.run_m(),
        }
    }

    /// Algorithm X's search loop, in a section of its own that starts on a 4 KiB page.
    ///
    /// The loop's machine code is under 3 KiB, so no page boundary falls in it. One that fell
    /// between a hide loop and the loop around it made pentomino packing 15% slower on an AMD
    /// Zen 3 (1.42 CPU seconds instead of 1.22, in three builds), and where boundaries fall
    /// otherwise moves with any change to any code before it. The section's alignment is set
    /// in `links.rs` (the crate's one module allowed `unsafe` code, which `global_asm!`
    /// counts as), for Linux on x86-64, the one platform measured; elsewhere this is an
    /// ordinary function.
    #[inline(never)]
    #[cfg_attr(
        all(target_os = "linux", target_arch = "x86_64"),
        link_section = ".text.dlx_hot_x"
    )]
    fn run_x(&mut self) -> Event {
        self.run_with::<false>()
    }

    /// Algorithm M's search loop without colors, on a page of its own as `run_x` is.
    #[inline(never)]
    #[cfg_attr(
        all(target_os = "linux", target_arch = "x86_64"),
        link_section = ".text.dlx_hot_m"
    )]
    fn run_m(&mut self) -> Event {
        self.run_bounded::<false>()
    }

    #[inline(always)]
    fn run_with<const COLORS: bool>(&mut self) -> Event {
        let Search {
            links,
            level: saved_level,
            choice,
            resume,
            base,
            cutoff,
            nodes,
            profile,
            checkpoint_at,
            ..
        } = self;
        let base = *base;
        let mut level = *saved_level;
        let mut enter = match *resume {
            Resume::EnterLevel => true,
            Resume::LeaveLevel => false,
            Resume::Finished => return Event::Done,
        };
        loop {
            if enter {
                // X2 [Enter level l.]
                if *nodes >= *checkpoint_at {
                    *saved_level = level;
                    *resume = Resume::EnterLevel;
                    return Event::Checkpoint;
                }
                if level == *cutoff && !links.all_covered() {
                    *saved_level = level;
                    *resume = Resume::LeaveLevel;
                    return Event::Prefix;
                }
                *nodes += 1;
                profile[level] += 1;
                if links.all_covered() {
                    *saved_level = level;
                    *resume = Resume::LeaveLevel;
                    return Event::Solution;
                }
                // X3 [Choose i.]
                let i = links.choose();
                // X4 [Cover i.]
                links.cover::<COLORS>(i);
                choice[level] = links.down(i) as u32;
            } else {
                // X8 [Leave level l.]
                if level == base {
                    *resume = Resume::Finished;
                    *saved_level = base;
                    return Event::Done;
                }
                level -= 1;
                // X6 [Try again.]
                let x = choice[level] as usize;
                links.uncover_rest::<COLORS>(x);
                choice[level] = links.down(x) as u32;
            }
            loop {
                // X5 [Try x_l.]
                let x = choice[level] as usize;
                if links.is_header(x) {
                    // X7 [Backtrack.] (x_l = i: the item's options are exhausted.)
                    links.uncover::<COLORS>(x);
                    // X8 [Leave level l.]
                    if level == base {
                        *resume = Resume::Finished;
                        *saved_level = base;
                        return Event::Done;
                    }
                    level -= 1;
                    // X6 [Try again.]
                    let x = choice[level] as usize;
                    links.uncover_rest::<COLORS>(x);
                    choice[level] = links.down(x) as u32;
                    continue;
                }
                links.cover_rest::<COLORS>(x);
                level += 1;
                break;
            }
            enter = true;
        }
    }
}

impl Search {
    /// Algorithm M: exact cover with multiplicities (and colors), TAOCP 7.2.2.1.
    ///
    /// A level branches on the item `i` with the smallest branching degree (see
    /// `Links::choose_bounded`): on each option of `i` in turn, each time *tweaking* the
    /// options already tried out of `i`'s list so that the options of `i` in a solution are
    /// chosen in list order (no solution twice), and finally on the null move that leaves `i`
    /// as it is, when its lower bound allows.
    #[inline(always)]
    fn run_bounded<const COLORS: bool>(&mut self) -> Event {
        let Search {
            links,
            level: saved_level,
            choice,
            first_tweak,
            degree,
            resume,
            base,
            cutoff,
            nodes,
            profile,
            checkpoint_at,
            ..
        } = self;
        let base = *base;
        let mut level = *saved_level;
        // Where to go next: M2 (enter a level), M5 (try the level's current x_l), or M9.
        #[derive(Copy, Clone)]
        enum Step {
            Enter,
            Tweak,
            Leave,
        }
        let mut step = match *resume {
            Resume::EnterLevel => Step::Enter,
            Resume::LeaveLevel => Step::Leave,
            Resume::Finished => return Event::Done,
        };
        loop {
            match step {
                Step::Enter => {
                    // M2 [Enter level l.]
                    if *nodes >= *checkpoint_at {
                        *saved_level = level;
                        *resume = Resume::EnterLevel;
                        return Event::Checkpoint;
                    }
                    // (The first level with `cutoff` options above it follows an option.)
                    if level >= *cutoff
                        && !links.all_covered()
                        && choice[..level]
                            .iter()
                            .filter(|&&x| !links.is_header(x as usize))
                            .count()
                            == *cutoff
                    {
                        *saved_level = level;
                        *resume = Resume::LeaveLevel;
                        return Event::Prefix;
                    }
                    *nodes += 1;
                    profile[level] += 1;
                    if links.all_covered() {
                        *saved_level = level;
                        *resume = Resume::LeaveLevel;
                        return Event::Solution;
                    }
                    // M3 [Choose i.]
                    let (i, score) = links.choose_bounded();
                    if score <= 0 {
                        step = Step::Leave;
                        continue;
                    }
                    // M4 [Prepare to branch on i.]
                    let x = links.vertical[i].down;
                    choice[level] = x;
                    first_tweak[level] = x;
                    degree[level] = score.min(u32::MAX as i64) as u32;
                    links.bound[i] -= 1;
                    if links.bound[i] == 0 {
                        links.cover::<COLORS>(i);
                    }
                    step = Step::Tweak;
                }
                Step::Tweak => {
                    // M5 [Possibly tweak x_l.]
                    let x = choice[level] as usize;
                    let i = if links.is_header(x) {
                        x
                    } else {
                        links.entries[x].top as usize
                    };
                    let (bound, slack) = (links.bound[i], links.slack[i]);
                    if bound == 0 && slack == 0 {
                        if x == i {
                            // M8 [Restore i.]
                            links.uncover::<COLORS>(i);
                            links.bound[i] += 1;
                            step = Step::Leave;
                            continue;
                        }
                    } else if links.entries[i].top <= bound - slack {
                        // Too few options are left for i's lower bound.
                        restore::<COLORS>(links, i, first_tweak[level] as usize);
                        step = Step::Leave;
                        continue;
                    } else if x != i {
                        links.tweak::<COLORS>(x, i, bound != 0);
                    } else if bound != 0 {
                        // The null move: i takes no more options.
                        links.deactivate(i);
                    }
                    // M6 [Try x_l.]
                    if x != i {
                        links.cover_rest_bounded::<COLORS>(x);
                    }
                    level += 1;
                    step = Step::Enter;
                }
                Step::Leave => {
                    // M9 [Leave level l.]
                    if level == base {
                        *resume = Resume::Finished;
                        *saved_level = base;
                        return Event::Done;
                    }
                    level -= 1;
                    let x = choice[level] as usize;
                    if links.is_header(x) {
                        // The null move is this level's last branch.
                        links.reactivate(x);
                        restore::<COLORS>(links, x, first_tweak[level] as usize);
                        continue;
                    }
                    // M7 [Try again.]
                    links.uncover_rest_bounded::<COLORS>(x);
                    choice[level] = links.vertical[x].down;
                    step = Step::Tweak;
                }
            }
        }
    }
}

/// Step M8 [Restore i.] for an item that was tweaked (rather than covered outright).
fn restore<const COLORS: bool>(links: &mut Links, i: usize, first: usize) {
    if links.bound[i] == 0 && links.slack[i] == 0 {
        links.uncover::<COLORS>(i);
    } else {
        let covered = links.bound[i] == 0;
        links.untweak::<COLORS>(first, i, !covered);
    }
    links.bound[i] += 1;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ProblemBuilder;

    /// A small deterministic generator (xorshift), so the tests need no dependency.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    fn random_problem(rng: &mut Rng, bounds: bool) -> Problem {
        let mut builder = ProblemBuilder::new();
        let primaries: Vec<_> = (0..1 + rng.below(6))
            .map(|k| {
                if bounds && rng.below(2) == 0 {
                    let max = 1 + rng.below(3) as u32;
                    let min = rng.below(max as u64 + 1) as u32;
                    builder.primary_bounded(format!("p{k}"), min, max)
                } else {
                    builder.primary(format!("p{k}"))
                }
            })
            .collect();
        let secondaries: Vec<_> = (0..rng.below(4))
            .map(|k| builder.secondary(format!("s{k}")))
            .collect();
        let colors: Vec<_> = (0..rng.below(3))
            .map(|k| builder.color(format!("c{k}")))
            .collect();
        for _ in 0..rng.below(14) {
            let mut option = vec![primaries[rng.below(primaries.len() as u64) as usize].into()];
            for &p in &primaries {
                if rng.below(3) == 0 && option[0] != p.into() {
                    option.push(p.into());
                }
            }
            for &s in &secondaries {
                match rng.below(4) {
                    0 => option.push(s.into()),
                    1 if !colors.is_empty() => {
                        option.push(s.with_color(colors[rng.below(colors.len() as u64) as usize]))
                    }
                    _ => {}
                }
            }
            builder.option(option);
        }
        builder.build().unwrap()
    }

    /// Stops at every node and checks Knuth's `sanity()` there, at every solution, and at the
    /// end, where the links must be exactly as they were at the start.
    #[test]
    fn links_stay_consistent_and_are_restored() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut checked = 0;
        // Miri (which checks the unchecked indexing of `links.rs` for undefined behaviour) is
        // some thousand times slower, so it gets fewer problems.
        let rounds = if cfg!(miri) { 12 } else { 300 };
        for round in 0..rounds {
            let problem = random_problem(&mut rng, round % 2 == 1);
            let mut trees = Vec::new();
            let modes = [None, Some(false), Some(true)];
            for (engine, interleave) in [Engine::X, Engine::C, Engine::M]
                .into_iter()
                .flat_map(|engine| modes.map(|mode| (engine, mode)))
            {
                let mut search = Search::new(&problem, engine);
                if let Some(on) = interleave {
                    search.links.set_interleaved(on);
                }
                let initial = search.links.clone();
                let mut solutions = 0;
                search.checkpoint_at = 1;
                loop {
                    let event = search.run();
                    search.links.check_invariants().unwrap();
                    checked += 1;
                    match event {
                        Event::Done => break,
                        Event::Prefix => unreachable!("no cutoff"),
                        Event::Checkpoint => search.checkpoint_at = search.nodes + 1,
                        Event::Solution => {
                            let options: Vec<_> = search.options().map(OptionId).collect();
                            crate::verify(&problem, &options).unwrap();
                            solutions += 1;
                        }
                    }
                }
                assert_eq!(search.links.vertical, initial.vertical);
                assert_eq!(search.links.entries, initial.entries);
                assert_eq!(search.links.items, initial.items);
                assert_eq!(search.links.bound, initial.bound);
                assert_eq!(
                    solutions,
                    brute_force_count(&problem),
                    "{engine:?}: {problem:?}"
                );
                trees.push((search.nodes, search.updates(), search.profile.clone()));
            }
            // The order in which `cover` hides options changes neither the tree nor the
            // updates.
            for engine in trees.chunks(modes.len()) {
                assert!(engine.iter().all(|tree| *tree == engine[0]), "{problem:?}");
            }
            // Without bounds, Algorithm M's tree is Algorithm X's (or C's): bounds 1:1 cost
            // nothing but the bookkeeping. (Updates differ: M backtracks from an item without
            // options before covering it.)
            if !problem.has_multiplicities() {
                let profile = |tree: &(u64, u64, Vec<u64>)| {
                    let mut p = tree.2.clone();
                    p.truncate(p.iter().rposition(|&n| n > 0).map_or(0, |k| k + 1));
                    (tree.0, p)
                };
                assert!(
                    trees.iter().all(|t| profile(t) == profile(&trees[0])),
                    "{problem:?}"
                );
            }
        }
        assert!(checked > 10 * rounds, "only {checked} states checked");
    }

    /// A straight tromino's placements on a strip overlap their neighbours, so its list is
    /// walked interleaved; no two squares of a chessboard share two lines, so none of n
    /// queens' lists is.
    #[test]
    fn interleaving_marks_overlapping_placements_only() {
        let mut strip = ProblemBuilder::new();
        let cells: Vec<_> = (0..8).map(|k| strip.primary(format!("c{k}"))).collect();
        let tromino = strip.primary("I3");
        for k in 0..6 {
            strip.option([tromino, cells[k], cells[k + 1], cells[k + 2]]);
        }
        for k in 0..7 {
            strip.option([cells[k], cells[k + 1]]);
        }
        let links = Links::new(&strip.build().unwrap(), false);
        // Links number items from 1, and the tromino is the ninth.
        assert!(links.is_interleaved(9));

        let n = 6;
        let mut queens = ProblemBuilder::new();
        let rows: Vec<_> = (0..n).map(|r| queens.primary(format!("r{r}"))).collect();
        let columns: Vec<_> = (0..n).map(|c| queens.primary(format!("c{c}"))).collect();
        let diagonals: Vec<_> = (0..2 * n - 1)
            .map(|d| queens.secondary(format!("a{d}")))
            .collect();
        let antidiagonals: Vec<_> = (0..2 * n - 1)
            .map(|d| queens.secondary(format!("b{d}")))
            .collect();
        for r in 0..n {
            for c in 0..n {
                queens.option([
                    rows[r].into(),
                    columns[c].into(),
                    diagonals[r + c].into(),
                    antidiagonals[n - 1 + r - c].into(),
                ] as [crate::OptionItem; 4]);
            }
        }
        let links = Links::new(&queens.build().unwrap(), false);
        assert!((1..=links.item_count).all(|i| !links.is_interleaved(i)));
    }

    /// What a search found: its solutions (each sorted), nodes, updates and profile.
    #[derive(Debug, Default, PartialEq, Eq)]
    struct Tree {
        solutions: Vec<Vec<u32>>,
        nodes: u64,
        updates: u64,
        profile: Vec<u64>,
    }

    impl Tree {
        /// Adds what `search` found since it started (its solutions were added as found).
        fn add_counts(&mut self, search: &Search) {
            self.nodes += search.nodes;
            self.updates += search.updates();
            if self.profile.len() < search.profile.len() {
                self.profile.resize(search.profile.len(), 0);
            }
            for (total, n) in self.profile.iter_mut().zip(&search.profile) {
                *total += n;
            }
        }

        fn finish(mut self) -> Tree {
            self.solutions.sort();
            let len = self
                .profile
                .iter()
                .rposition(|&n| n > 0)
                .map_or(0, |k| k + 1);
            self.profile.truncate(len);
            self
        }
    }

    fn solution(search: &Search, problem: &Problem) -> Vec<u32> {
        let options: Vec<_> = search.options().map(OptionId).collect();
        crate::verify(problem, &options).unwrap();
        let mut sorted: Vec<u32> = search.options().collect();
        sorted.sort_unstable();
        sorted
    }

    /// Splitting a search at every checkpoint (as an idle worker gives work away) and solving
    /// the prefixes given away, one after another, explores exactly the same tree as one
    /// search: the same solutions, nodes, updates and profile; and so does cutting the tree at
    /// a depth (as shards do) and solving each prefix there. With Algorithm M, null moves and
    /// items branched on again below their level included.
    #[test]
    fn split_subtrees_add_up_to_the_whole_tree() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let rounds = if cfg!(miri) { 8 } else { 400 };
        let mut given_away = 0;
        for round in 0..rounds {
            let problem = random_problem(&mut rng, round % 4 != 0);
            for engine in [Engine::X, Engine::C, Engine::M] {
                let template = Search::new(&problem, engine);
                let mut whole = Tree::default();
                let mut search = template.clone();
                loop {
                    match search.run() {
                        Event::Solution => whole.solutions.push(solution(&search, &problem)),
                        Event::Done => break,
                        event => unreachable!("{event:?}"),
                    }
                }
                whole.add_counts(&search);
                let whole = whole.finish();

                // Donations, split at every checkpoint.
                let mut split = Tree::default();
                let mut tasks = vec![(Vec::new(), false)];
                while let Some((prefix, count_last)) = tasks.pop() {
                    let mut search = template.clone();
                    search.enter_prefix(&prefix, &[], count_last);
                    search.links.check_invariants().unwrap();
                    search.checkpoint_at = search.nodes + 1;
                    loop {
                        match search.run() {
                            Event::Solution => split.solutions.push(solution(&search, &problem)),
                            Event::Checkpoint => {
                                let before = search.links.clone();
                                let prefixes = search.split();
                                assert_eq!(search.links.vertical, before.vertical);
                                assert_eq!(search.links.entries, before.entries);
                                assert_eq!(search.links.items, before.items);
                                assert_eq!(search.links.bound, before.bound);
                                given_away += prefixes.len();
                                tasks.extend(prefixes.into_iter().map(|p| (p, true)));
                                search.checkpoint_at = search.nodes + 1;
                            }
                            Event::Done => break,
                            Event::Prefix => unreachable!("no cutoff"),
                        }
                    }
                    split.add_counts(&search);
                    search.unwind();
                    assert_eq!(search.links.vertical, template.links.vertical);
                    assert_eq!(search.links.entries, template.links.entries);
                    assert_eq!(search.links.items, template.links.items);
                    assert_eq!(search.links.bound, template.links.bound);
                }
                assert_eq!(split.finish(), whole, "{engine:?}, donations: {problem:?}");

                // Prefixes at a depth.
                for depth in 1..4 {
                    let mut cut = Tree::default();
                    let mut top = template.clone();
                    top.cutoff = depth;
                    let mut prefixes = Vec::new();
                    loop {
                        match top.run() {
                            Event::Prefix => {
                                prefixes.push((top.prefix().to_vec(), top.degrees().to_vec()))
                            }
                            Event::Solution => cut.solutions.push(solution(&top, &problem)),
                            Event::Done => break,
                            Event::Checkpoint => unreachable!("no checkpoint"),
                        }
                    }
                    cut.add_counts(&top);
                    for (prefix, degrees) in prefixes {
                        let mut search = template.clone();
                        search.enter_prefix(&prefix, &degrees, false);
                        loop {
                            match search.run() {
                                Event::Solution => cut.solutions.push(solution(&search, &problem)),
                                Event::Done => break,
                                event => unreachable!("{event:?}"),
                            }
                        }
                        cut.add_counts(&search);
                    }
                    assert_eq!(
                        cut.finish(),
                        whole,
                        "{engine:?}, depth {depth}: {problem:?}"
                    );
                }
            }
        }
        assert!(given_away > rounds, "only {given_away} prefixes given away");
    }

    /// The number of sets of options that `verify` accepts, by trying every subset.
    fn brute_force_count(problem: &Problem) -> u64 {
        let n = problem.option_count();
        (0u32..1 << n)
            .filter(|set| {
                let options: Vec<_> = (0..n)
                    .filter(|k| set >> k & 1 == 1)
                    .map(OptionId::new)
                    .collect();
                crate::verify(problem, &options).is_ok()
            })
            .count() as u64
    }

    /// A deep problem: a chain of 20,000 items, each option covering one; the search goes
    /// 20,000 levels down without recursion.
    #[test]
    #[cfg_attr(miri, ignore = "too slow under Miri")]
    fn depth_is_not_bounded_by_the_call_stack() {
        let mut builder = ProblemBuilder::new();
        let items: Vec<_> = (0..20_000)
            .map(|k| builder.primary(format!("i{k}")))
            .collect();
        for &item in &items {
            builder.option([item]);
        }
        let problem = builder.build().unwrap();
        let mut search = Search::new(&problem, Engine::X);
        assert_eq!(search.run(), Event::Solution);
        assert_eq!(search.level(), 20_000);
        assert_eq!(search.run(), Event::Done);
    }
}
