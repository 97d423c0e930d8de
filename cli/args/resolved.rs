//! The run the solving flags ask for, resolved here once: what the rest of the command line
//! asks of [`SolveFlags`] goes through these methods, and no file outside `args/` reads a
//! flag's field. Each answers a question of the run (its limits, its tree and reasoning, its
//! scope in shards and subtrees, what it prints and how it draws), with the rules that tie
//! flags together and to the command's plan.

use std::time::Duration;

use anyhow::{anyhow, bail, Result};
use dlx::memo::Branching;
use dlx::{Problem, Solver};
use reductions::plan::{OverrideError, Overrides, Plan};

use super::{ColorChoice, Format, MakeFlags, Mode, Output, Propagate, SolveFlags, TreeChoice};

/// What a run does besides a search for solutions or their number.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// `--split DEPTH`: the top of the tree, cut at that depth.
    Split(u64),
    /// `--estimate N`: Knuth's estimate from N random paths.
    Estimate(u64),
    /// `--format zdd`: the graph of all solutions.
    Zdd,
    /// `--random N`: N solutions drawn uniformly.
    Random(u64),
    /// `--symmetry`: the problem's symmetries.
    Symmetry,
    /// The first solution, all of them, or their number ([`SolveFlags::mode`]).
    Search,
}

impl SolveFlags {
    /// What the run does, the first of `--split`, `--estimate`, `--format zdd` and `--random`
    /// that is given, else a search.
    pub fn action(&self) -> Action {
        if self.symmetry {
            Action::Symmetry
        } else if let Some(depth) = self.split {
            Action::Split(depth)
        } else if let Some(probes) = self.estimate {
            Action::Estimate(probes)
        } else if self.format == Format::Zdd {
            Action::Zdd
        } else if let Some(draws) = self.random {
            Action::Random(draws)
        } else {
            Action::Search
        }
    }

    /// Whether solutions are counted or listed once per class of symmetric solutions
    /// (`--up-to-symmetry`).
    pub fn up_to_symmetry(&self) -> bool {
        self.up_to_symmetry
    }

    /// The output format.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Whether statistics go to stderr (`--stats`).
    pub fn stats(&self) -> bool {
        self.stats
    }

    /// The seed of random draws, estimates and puzzles made, if given.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// The most solutions to print or count (`--limit`).
    pub fn limit(&self) -> Option<u64> {
        self.limit
    }

    /// The threads asked for a search (`--threads`; 0: one per core).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Whether a search runs on one thread (`--threads 1`).
    pub fn sequential(&self) -> bool {
        self.threads == 1
    }

    /// Whether the count memoizes because `--memo` says so.
    pub fn memo(&self) -> bool {
        self.memo
    }

    /// The time one problem may take (`--timeout`), counted from the start of the process.
    pub fn timeout(&self) -> Option<Duration> {
        self.timeout
    }

    /// The shard `(I, N)` of `--shard`.
    pub fn shard(&self) -> Option<(usize, usize)> {
        self.shard
    }

    /// The shard, then the subshards within it.
    pub fn shard_path(&self) -> Vec<(usize, usize)> {
        self.shard
            .into_iter()
            .chain(self.subshard.iter().copied())
            .collect()
    }

    /// Whether the run searches only part of the tree: a shard, or the subtree of `--within`.
    pub fn searches_part(&self) -> bool {
        self.shard.is_some() || self.within.is_some()
    }

    /// The options of `--given`, as numbers.
    pub fn given_ids(&self) -> Option<&[usize]> {
        self.given.as_ref().map(|ids| &ids.0[..])
    }

    /// The prefix of `--within`, as option numbers.
    pub fn within_ids(&self) -> Option<&[usize]> {
        self.within.as_ref().map(|ids| &ids.0[..])
    }

    /// How often a line of progress goes to stderr (`--progress-every`), in place of the bar.
    pub fn progress_every(&self) -> Option<Duration> {
        self.progress_every
    }

    /// Whether `--tree bitsets` was asked for (a note says when the table is too large).
    pub fn asks_bitsets(&self) -> bool {
        self.tree == Some(TreeChoice::Bitsets)
    }

    /// The search tree: `--tree`, else `default`.
    pub fn tree_or(&self, default: dlx::Tree) -> dlx::Tree {
        self.tree.map_or(default, Into::into)
    }

    /// The item order of memoized runs: `--order`, else `default`.
    pub fn memo_order(&self, default: Branching) -> Branching {
        self.order.map_or(default, Branching::from)
    }

    /// The reasoning at every node: `--propagate`, else `default`.
    pub fn propagation_or(&self, default: dlx::Propagation) -> dlx::Propagation {
        self.propagate.map_or(default, Into::into)
    }

    /// `solver` searching the part of the tree that the flags give: below the options of
    /// `--given` (refused when they cannot be in one solution, or when the search from them
    /// cannot walk the tree asked for) and the prefix of `--within`.
    pub fn scoped<'p>(&self, mut solver: Solver<'p>) -> Result<Solver<'p>> {
        if let Some(ids) = self.given_ids() {
            let given: Vec<dlx::OptionId> = ids.iter().map(|&id| dlx::OptionId::new(id)).collect();
            solver = solver
                .given(&given)
                .map_err(|err| anyhow::anyhow!("--given: {err}"))?;
            if let Some(tree @ (TreeChoice::SparseSets | TreeChoice::Bitsets)) = self.tree {
                if solver.tree_used() == dlx::Tree::Links {
                    let name = clap::ValueEnum::to_possible_value(&tree).expect("a named tree");
                    bail!(
                        "--tree {}: on this problem the search from --given options walks the \
                         links only (--tree links): it is too large for the bit sets",
                        name.get_name()
                    );
                }
            }
        }
        if let Some(ids) = self.within_ids() {
            let prefix: Vec<dlx::OptionId> = ids.iter().map(|&id| dlx::OptionId::new(id)).collect();
            solver = solver
                .within(&prefix)
                .map_err(|err| anyhow::anyhow!("--within: {err}"))?;
        }
        Ok(solver)
    }

    /// `solver` as the shard, and the subshards within it, of `--shard` and `--subshard`.
    pub fn sharded<'p>(&self, mut solver: Solver<'p>) -> Solver<'p> {
        if let Some((index, count)) = self.shard {
            solver = solver.shard(index, count);
            for &(index, count) in &self.subshard {
                solver = solver.subshard(index, count);
            }
        }
        solver
    }

    /// The memory memoized runs may take: `--memo-limit`, else the engine's default.
    pub fn memo_limit(&self) -> usize {
        self.memo_limit.unwrap_or(dlx::memo::DEFAULT_MEMO_LIMIT)
    }

    /// Whether boards are drawn for people, and in colors, when stdout is a `terminal` or not:
    /// plain text unless stdout is a terminal (or `--pretty`, or `--color always`), and never
    /// with `--plain`; colors only in the drawing, when stdout is a terminal that takes them
    /// (`TERM` is not `dumb`) and `NO_COLOR` is unset or empty, or when `--color always` or
    /// `CLICOLOR_FORCE` (set and not empty, and no `NO_COLOR`) asks for them: the conventions
    /// of no-color.org and bixense.com/clicolors, as the `anstyle-query` crate reads them.
    pub fn drawing_style(&self, terminal: bool) -> (bool, bool) {
        let no_color = anstyle_query::no_color();
        let forced =
            self.color == ColorChoice::Auto && anstyle_query::clicolor_force() && !no_color;
        let pretty =
            !self.plain && (self.pretty || terminal || forced || self.color == ColorChoice::Always);
        let color = pretty
            && match self.color {
                ColorChoice::Always => true,
                ColorChoice::Never => false,
                ColorChoice::Auto => {
                    forced || (terminal && !no_color && anstyle_query::term_supports_color())
                }
            };
        (pretty, color)
    }

    /// A solver with the tree and the reasoning at every node that the flags and the command's
    /// defaults ask for (`--propagate none` is Knuth's search: no rule, and not the puzzle's own
    /// reasoning either; `--tree sparse-sets` reasons no more than that). Refused when the tree
    /// asked for cannot search the problem.
    pub fn reasoning<'p>(&self, problem: &'p Problem, plan: &Plan) -> Result<Solver<'p>> {
        let plan = plan
            .overridden(problem, &self.overrides())
            .map_err(|err| match err {
                OverrideError::ReasonsAtNoNode { tree, propagation } => anyhow!(
                    "--tree {tree} reasons at no node: --propagate {propagation} needs the links \
                     (--tree links)"
                ),
                OverrideError::TreeCannot { tree, why } => anyhow!(
                    "--tree {tree}: this problem {why}, which only the links search (--tree links)"
                ),
            })?;
        let mut solver = Solver::new(problem)
            .tree(plan.tree)
            .propagation(plan.propagation);
        if let Some(propagator) = plan.propagator {
            solver = solver.propagator(propagator);
        }
        Ok(solver)
    }

    /// What the flags change of the plan: `--tree`, `--propagate`, `--memo`, `--no-memo`.
    pub fn overrides(&self) -> Overrides {
        Overrides {
            tree: self.tree.map(Into::into),
            propagation: self.propagate.map(Into::into),
            memo: match (self.memo, self.no_memo) {
                (true, _) => Some(true),
                (_, true) => Some(false),
                _ => None,
            },
        }
    }

    /// `solver` with the flags' limits for `mode`: one solution for the first, `--limit`,
    /// `--node-limit` and `--timeout`.
    pub fn limited<'p>(&self, mut solver: Solver<'p>, mode: Mode) -> Solver<'p> {
        if mode == Mode::First {
            solver = solver.limit(1);
        } else if let Some(limit) = self.limit {
            solver = solver.limit(limit.into());
        }
        if let Some(nodes) = self.node_limit {
            solver = solver.node_limit(nodes);
        }
        if let Some(limit) = self.timeout {
            solver = solver.timeout(limit);
        }
        if let Some(limit) = self.total_timeout {
            solver = solver.deadline(crate::process::started() + limit);
        }
        solver
    }

    /// Whether a run of many puzzles searches each from its givens on the engine's kernel for
    /// many small problems ([`dlx::kernel`]), as `plan` would on the links without
    /// reasoning: the same solutions in the same order. Not where a tree or reasoning is
    /// asked for.
    pub fn takes_kernel(&self, plan: &Plan) -> bool {
        self.tree.is_none()
            && self.propagation_or(plan.propagation) == dlx::Propagation::None
            && (plan.propagator.is_none() || self.propagate == Some(Propagate::None))
    }

    /// The kernel's limits of one search for `mode`, as [`limited`](Self::limited) sets a
    /// solver's, the search starting now.
    pub fn kernel_limits(&self, mode: Mode) -> dlx::kernel::KernelLimits {
        let per_search = self.timeout.map(|limit| std::time::Instant::now() + limit);
        let whole_run = self
            .total_timeout
            .map(|limit| crate::process::started() + limit);
        dlx::kernel::KernelLimits {
            solutions: match mode {
                Mode::First => Some(1),
                _ => self.limit.map(u128::from),
            },
            nodes: self.node_limit,
            deadline: per_search.into_iter().chain(whole_run).min(),
            cancel: None,
        }
    }

    /// The reasoning at every node that [`reasoning`](Self::reasoning) sets up, in words.
    pub fn propagation_name(&self, plan: &Plan) -> String {
        if let Some(TreeChoice::SparseSets | TreeChoice::Bitsets) = self.tree {
            return "none".to_owned();
        }
        let level = self.propagate.map_or(plan.propagation, Into::into);
        let level = format!("{level:?}").to_lowercase();
        if plan.propagator.is_some() && self.propagate != Some(Propagate::None) {
            format!("{level} and the puzzle's own rules")
        } else {
            level
        }
    }
}

impl MakeFlags {
    /// The size of the puzzles to make (`--generate`), if the command makes them.
    pub fn generate(&self) -> Option<&str> {
        self.generate.as_deref()
    }

    /// The level asked of the puzzles made (`--difficulty`), by its name.
    pub fn difficulty(&self) -> Option<&str> {
        self.difficulty.as_deref()
    }

    /// How many puzzles to make (`--puzzles`).
    pub fn puzzles(&self) -> u64 {
        self.puzzles
    }

    /// The clues of the solution to give back to each puzzle made (`--extra-clues`).
    pub fn extra_clues(&self) -> Option<usize> {
        self.extra_clues
    }

    /// Whether each puzzle made is printed with its solution (`--solution`).
    pub fn solution(&self) -> bool {
        self.solution
    }

    /// Whether the puzzle's game ID is printed instead of solving it (`--id`).
    pub fn id(&self) -> bool {
        self.id
    }

    /// Whether the puzzle is graded instead of solved (`--grade`).
    pub fn grade(&self) -> bool {
        self.grade
    }

    /// Whether deductions are printed instead of solving: the next value's (`--hint`) or
    /// every one (`--explain`).
    pub fn hints(&self) -> bool {
        self.hint || self.explain
    }

    /// Whether only the deductions up to the next value are printed (`--hint`).
    pub fn next_value_only(&self) -> bool {
        self.hint
    }
}

impl Output {
    /// The file of `-o`, if the results go to one.
    pub fn file(&self) -> Option<&std::path::Path> {
        self.output.as_deref()
    }

    /// The largest input (`--max-input`), if given.
    pub fn max_input(&self) -> Option<usize> {
        self.max_input
    }
}
