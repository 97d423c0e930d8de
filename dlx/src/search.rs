//! Algorithms X and C of TAOCP 7.2.2.1 as an iterative, resumable state machine.
//!
//! The search keeps its own stack (`choice`, Knuth's `x_0 x_1 ...`), so its depth is bounded
//! by memory, not by the call stack, and it can stop anywhere and carry on later: after each
//! solution, and at checkpoints the caller asks for (to look at the clock, report progress,
//! or stop at a node limit). One source serves both algorithms: with `COLORS = false` it is
//! Algorithm X, with `COLORS = true` Algorithm C, whose step C5 commits items instead of
//! covering them. The steps are labelled as in the book so they can be checked line by line.
//!
//! Knuth's counts: a *node* is each entry to step X2 (a solution being a node of its own, as
//! in his DLX1), and an *update* is each item taken out of the active list plus each node taken
//! out of a list while an option is hidden. With the same item and option order, these equal
//! the counts his programs report, which shows the search tree is the same.

use crate::links::Links;
use crate::problem::Problem;

/// Why [`Search::run`] returned.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    /// `choice[..level]` is a solution; the next run backtracks from it.
    Solution,
    /// The node count reached the checkpoint; the next run carries on where this one stopped.
    Checkpoint,
    /// The whole tree has been explored.
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
    colors: bool,
    /// Knuth's `l`.
    level: usize,
    /// Knuth's `x_0 ... x_{l-1}`: the node chosen at each level.
    choice: Vec<u32>,
    resume: Resume,
    /// Search-tree nodes so far.
    pub nodes: u64,
    /// Nodes per level (Knuth's `profile`).
    pub profile: Vec<u64>,
    /// [`run`](Self::run) returns [`Event::Checkpoint`] before the node count passes this.
    pub checkpoint_at: u64,
}

impl Search {
    /// Step X1 [Initialize]. `colors` selects Algorithm C over Algorithm X.
    pub fn new(problem: &Problem, colors: bool) -> Search {
        let links = Links::new(problem, colors);
        // Each level covers at least one primary item, so there are at most N1 + 1 levels
        // (the last one being the solution's).
        let depth = problem.primary_count() + 1;
        Search {
            links,
            colors,
            level: 0,
            choice: vec![0; depth],
            resume: Resume::EnterLevel,
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
    /// solution).
    pub fn options(&self) -> impl Iterator<Item = u32> + '_ {
        self.choice[..self.level]
            .iter()
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
        if self.resume == Resume::Finished {
            return 1.0;
        }
        let mut done = 0.0;
        let mut scale = 1.0;
        for &x in &self.choice[..self.level] {
            let x = x as usize;
            let item = self.links.nodes[x].top as usize;
            let d = self.links.nodes[item].top.max(1) as f64;
            let mut k = 1;
            let mut p = self.links.nodes[item].down as usize;
            while p != x && p != item {
                k += 1;
                p = self.links.nodes[p].down as usize;
            }
            scale *= d;
            done += (k - 1) as f64 / scale;
        }
        done + 0.5 / scale
    }

    /// Runs until the next solution, checkpoint, or the end of the search.
    pub fn run(&mut self) -> Event {
        if self.colors {
            self.run_with::<true>()
        } else {
            self.run_with::<false>()
        }
    }

    fn run_with<const COLORS: bool>(&mut self) -> Event {
        let Search {
            links,
            level: saved_level,
            choice,
            resume,
            nodes,
            profile,
            checkpoint_at,
            ..
        } = self;
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
                choice[level] = links.nodes[i].down;
            } else {
                // X8 [Leave level l.]
                if level == 0 {
                    *resume = Resume::Finished;
                    *saved_level = 0;
                    return Event::Done;
                }
                level -= 1;
                // X6 [Try again.]
                let x = choice[level] as usize;
                links.uncover_rest::<COLORS>(x);
                choice[level] = links.nodes[x].down;
            }
            loop {
                // X5 [Try x_l.]
                let x = choice[level] as usize;
                if links.is_header(x) {
                    // X7 [Backtrack.] (x_l = i: the item's options are exhausted.)
                    links.uncover::<COLORS>(x);
                    // X8 [Leave level l.]
                    if level == 0 {
                        *resume = Resume::Finished;
                        *saved_level = 0;
                        return Event::Done;
                    }
                    level -= 1;
                    // X6 [Try again.]
                    let x = choice[level] as usize;
                    links.uncover_rest::<COLORS>(x);
                    choice[level] = links.nodes[x].down;
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

    fn random_problem(rng: &mut Rng) -> Problem {
        let mut builder = ProblemBuilder::new();
        let primaries: Vec<_> = (0..1 + rng.below(6))
            .map(|k| builder.primary(format!("p{k}")))
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
        for _ in 0..300 {
            let problem = random_problem(&mut rng);
            for colors in [false, true] {
                if !colors && problem.has_colors() {
                    continue;
                }
                let mut search = Search::new(&problem, colors);
                let initial = search.links.clone();
                search.checkpoint_at = 1;
                loop {
                    let event = search.run();
                    search.links.check_invariants().unwrap();
                    checked += 1;
                    match event {
                        Event::Done => break,
                        Event::Checkpoint => search.checkpoint_at = search.nodes + 1,
                        Event::Solution => {}
                    }
                }
                assert_eq!(search.links.nodes, initial.nodes);
                assert_eq!(search.links.items, initial.items);
            }
        }
        assert!(checked > 1000, "only {checked} states checked");
    }

    /// A deep problem: a chain of 20,000 items, each option covering one; the search goes
    /// 20,000 levels down without recursion.
    #[test]
    fn depth_is_not_bounded_by_the_call_stack() {
        let mut builder = ProblemBuilder::new();
        let items: Vec<_> = (0..20_000)
            .map(|k| builder.primary(format!("i{k}")))
            .collect();
        for &item in &items {
            builder.option([item]);
        }
        let problem = builder.build().unwrap();
        let mut search = Search::new(&problem, false);
        assert_eq!(search.run(), Event::Solution);
        assert_eq!(search.level(), 20_000);
        assert_eq!(search.run(), Event::Done);
    }
}
