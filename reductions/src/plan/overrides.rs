//! What a caller may change of a plan, resolved in one place for every front end (the
//! command line's `--tree`, `--propagate`, `--memo` and `--no-memo`, Python's keywords, the
//! page's query): [`Plan::overridden`] keeps the plan's choices where nothing is asked, and
//! refuses what the engine cannot do, in words each front end phrases with its own names.

use std::fmt;

use super::{CountAsk, Plan};

/// The changes asked of a plan; none by default.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Overrides {
    /// The search tree ([`dlx::Solver::tree`]).
    pub tree: Option<dlx::Tree>,
    /// The reasoning at every node ([`dlx::Solver::propagation`]); `None` there also drops
    /// the puzzle's own reasoning ([`Plan::propagator`]): Knuth's search.
    pub propagation: Option<dlx::Propagation>,
    /// Whether a count memoizes (`Some(true)`, whatever the plan says, not the puzzle's own
    /// counter either) or never does (`Some(false)`).
    pub memo: Option<bool>,
}

impl Overrides {
    /// `ask` with the count method asked here.
    pub fn count_ask(&self, ask: CountAsk) -> CountAsk {
        CountAsk {
            memo: ask.memo || self.memo == Some(true),
            no_memo: ask.no_memo || self.memo == Some(false),
            ..ask
        }
    }
}

/// Why a plan cannot be changed as asked ([`Plan::overridden`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OverrideError {
    /// The sparse sets and the bit sets reason at no node: a propagation level other than
    /// none needs the links.
    ReasonsAtNoNode {
        /// The tree asked for.
        tree: dlx::Tree,
        /// The level asked for.
        propagation: dlx::Propagation,
    },
    /// The tree asked for cannot search this problem, which only the links search.
    TreeCannot {
        /// The tree asked for.
        tree: dlx::Tree,
        /// What the problem has that the tree does not take.
        why: &'static str,
    },
}

impl fmt::Display for OverrideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OverrideError::ReasonsAtNoNode { tree, propagation } => write!(
                f,
                "the tree {tree} reasons at no node: propagation {propagation} needs the links"
            ),
            OverrideError::TreeCannot { tree, why } => write!(
                f,
                "the tree {tree}: this problem {why}, which only the links search"
            ),
        }
    }
}

impl std::error::Error for OverrideError {}

impl Plan {
    /// This plan, for `problem` (its encoding), with `overrides`' tree and reasoning: the
    /// sparse sets or the bit sets asked for search without reasoning at any node (and are
    /// refused where they cannot search the problem, or with a propagation level asked);
    /// otherwise the tree and level asked replace the plan's, and a level of none drops the
    /// puzzle's own reasoning too.
    ///
    /// ```
    /// use reductions::plan::{Overrides, Plan, Task};
    ///
    /// let problem = dlx::Problem::from_dlx("a b\na\nb\n")?;
    /// let sets = Overrides { tree: Some(dlx::Tree::SparseSets), ..Overrides::default() };
    /// let plan = Plan::plain(Task::Count).overridden(&problem, &sets)?;
    /// assert_eq!(plan.tree, dlx::Tree::SparseSets);
    /// let forcing = Overrides { propagation: Some(dlx::Propagation::Forcing), ..sets };
    /// let refused = Plan::plain(Task::Count).overridden(&problem, &forcing).unwrap_err();
    /// assert_eq!(
    ///     refused.to_string(),
    ///     "the tree sparse-sets reasons at no node: propagation forcing needs the links"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn overridden(
        &self,
        problem: &dlx::Problem,
        overrides: &Overrides,
    ) -> Result<Plan, OverrideError> {
        let mut plan = self.clone();
        if let Some(tree @ (dlx::Tree::SparseSets | dlx::Tree::Bitsets)) = overrides.tree {
            if let Some(propagation @ (dlx::Propagation::Forcing | dlx::Propagation::Probing)) =
                overrides.propagation
            {
                return Err(OverrideError::ReasonsAtNoNode { tree, propagation });
            }
            if dlx::Solver::new(problem).tree(tree).tree_used() == dlx::Tree::Links {
                let why = if problem.has_multiplicities() && tree == dlx::Tree::Bitsets {
                    "is too large for the bit sets (a table of over 64 MiB, or over 32,768 words \
                     read per node) and has items with bounds (multiplicities, Algorithm M), \
                     which the sparse sets do not take"
                } else if problem.has_multiplicities() {
                    "has items with bounds (multiplicities, Algorithm M)"
                } else {
                    "has more than two billion entries"
                };
                return Err(OverrideError::TreeCannot { tree, why });
            }
            plan.tree = tree;
            plan.propagation = dlx::Propagation::None;
            plan.propagator = None;
            return Ok(plan);
        }
        if let Some(tree) = overrides.tree {
            plan.tree = tree;
        }
        if let Some(propagation) = overrides.propagation {
            plan.propagation = propagation;
            if propagation == dlx::Propagation::None {
                plan.propagator = None;
            }
        }
        Ok(plan)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::futoshiki::Futoshiki;
    use crate::plan::{prepare, Task};
    use crate::Reduction;

    /// Nothing asked keeps the plan; each tree and level asked is taken, the sets' trees
    /// without reasoning; a level of none drops the puzzle's own; what the engine cannot do
    /// is refused; and every plan made counts the same.
    #[test]
    fn overrides_change_the_plan_as_asked_and_count_the_same() {
        let futoshiki = Futoshiki;
        let text = "4\n2 | 0 < 0 | 0\n- - ^ - - - -\n0 | 0 | 0 > 0\n- - - - v - -\n\
                    0 | 0 | 0 | 0\n- - - - - - -\n0 | 0 | 0 | 0\n";
        let grid = futoshiki.parse(text).expect("a 4 x 4 futoshiki");
        let prepared = prepare(&futoshiki, &grid, Task::Count).expect("its encoding");
        assert!(prepared.plan.propagator.is_some(), "its own reasoning");
        let problem = &prepared.encoding.problem;
        let base = Plan {
            propagation: dlx::Propagation::Forcing,
            ..prepared.plan.clone()
        };
        let kept = base.overridden(problem, &Overrides::default()).unwrap();
        assert_eq!(format!("{kept:?}"), format!("{base:?}"));
        let count = |plan: &Plan| plan.solver(problem).count().solutions;
        let expected = count(&base);
        for tree in dlx::Tree::ALL {
            for propagation in [None].into_iter().chain(dlx::Propagation::ALL.map(Some)) {
                let asked = Overrides {
                    tree: Some(tree),
                    propagation,
                    memo: None,
                };
                let sets = matches!(tree, dlx::Tree::SparseSets | dlx::Tree::Bitsets);
                match base.overridden(problem, &asked) {
                    Ok(plan) => {
                        assert_eq!(plan.tree, tree);
                        let level = match (sets, propagation) {
                            (true, _) => dlx::Propagation::None,
                            (false, level) => level.unwrap_or(base.propagation),
                        };
                        assert_eq!(plan.propagation, level, "{asked:?}");
                        let own = !sets && propagation != Some(dlx::Propagation::None);
                        assert_eq!(plan.propagator.is_some(), own && base.propagator.is_some());
                        assert_eq!(count(&plan), expected, "{asked:?}");
                    }
                    Err(OverrideError::ReasonsAtNoNode { .. }) => {
                        assert!(sets && propagation.is_some_and(|p| p != dlx::Propagation::None));
                    }
                    Err(err) => panic!("{asked:?}: {err}"),
                }
            }
        }
        let bounded = dlx::Problem::from_dlx("2:2|a\na\na\n").expect("bounds");
        let refused = Plan::plain(Task::Count).overridden(
            &bounded,
            &Overrides {
                tree: Some(dlx::Tree::SparseSets),
                ..Overrides::default()
            },
        );
        assert!(matches!(refused, Err(OverrideError::TreeCannot { .. })));
    }
}
