//! [`Solver::given`]: the options every solution must hold, checked against the problem.

use super::Solver;
use crate::error::GivenError;
use crate::problem::{OptionId, Problem};

impl Solver<'_> {
    /// Only the solutions that hold these options: the search starts from the node where
    /// they have been chosen, in this order, and each solution lists them first, then the
    /// options the search chose. So a problem whose instances differ only in their givens
    /// (a sudoku's clues, a tiling's fixed pieces) is built once, and each instance is
    /// searched from its own givens. The statistics are the search's below that node, the
    /// tree being the one a search reaches there: the links', or for either set tree the bit
    /// sets' (the sparse sets' tree, or their own with bounds; the links where the bit sets
    /// do not fit: see [`tree_used`](Self::tree_used)). A memoized
    /// count, graph or estimate is refused ([`MemoError::Restricted`](crate::memo::MemoError::Restricted)).
    ///
    /// Refused when the options cannot all be in one solution: one twice, or two that use
    /// an item more than it allows ([`GivenError`]). Options that can be together but in no
    /// solution give a count of 0.
    ///
    /// ```
    /// // Knuth's first example: its one solution holds "b g".
    /// let problem = dlx::Problem::from_dlx("a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n")?;
    /// let b_g = dlx::OptionId::new(4);
    /// let solution = dlx::Solver::new(&problem).given(&[b_g])?.first().expect("a solution");
    /// let chosen: Vec<String> = solution.options().iter().map(|&o| problem.option_text(o)).collect();
    /// assert_eq!(chosen, ["b g", "a d f", "c e"]);
    /// // "c e" and "d e g" share item e.
    /// let clash = dlx::Solver::new(&problem).given(&[dlx::OptionId::new(0), dlx::OptionId::new(5)]);
    /// assert!(matches!(clash, Err(dlx::GivenError::Clash { earlier: 0, option: 5, .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    /// After [`within`](Self::within), whose prefix is given in the terms of the tree below
    /// the given options.
    pub fn given(mut self, options: &[OptionId]) -> Result<Self, GivenError> {
        assert!(
            self.prefix.is_empty(),
            "the given options are set before within"
        );
        check_given(self.problem, options)?;
        self.given = options.to_vec();
        Ok(self)
    }
}

/// Whether `options` can all be in one solution (see [`Solver::given`]), from the problem
/// alone: each at most once, each primary item within its upper bound, each secondary item
/// used once without a color or always with one color.
pub(crate) fn check_given(problem: &Problem, options: &[OptionId]) -> Result<(), GivenError> {
    // Per item: the times used (primary) or the color it is used with (secondary: 0 for
    // none, else the color's number + 1), and the last option that used it.
    let mut used = vec![(0u32, usize::MAX); problem.item_count()];
    for (k, &option) in options.iter().enumerate() {
        if option.index() >= problem.option_count() {
            return Err(GivenError::NoSuchOption(option.index()));
        }
        if options[..k].contains(&option) {
            return Err(GivenError::Repeated(option.index()));
        }
        for entry in problem.option(option) {
            let item = entry.item();
            let (times, earlier) = &mut used[item.index()];
            let fits = match problem.bounds(item) {
                Some((_, max)) => *times < max,
                None => {
                    let color = entry.color().map_or(0, |c| c.index() as u32 + 1);
                    let fits = *earlier == usize::MAX || (color > 0 && *times == color);
                    *times = color;
                    fits
                }
            };
            if !fits {
                return Err(GivenError::Clash {
                    earlier: *earlier,
                    option: option.index(),
                    item: problem.item_name(item).to_owned(),
                });
            }
            if problem.bounds(item).is_some() {
                *times += 1;
            }
            *earlier = option.index();
        }
    }
    Ok(())
}
