//! An exact-cover checker that trusts nothing but the problem's option lists.

use crate::error::CoverError;
use crate::problem::{Color, OptionId, Problem};

/// Checks that `options` is a solution of `problem`: distinct options of the problem that
/// cover every primary item exactly once (or within its bounds), and every secondary item at
/// most once or only with one color.
///
/// It reads the option lists of the [`Problem`] and nothing of the search, so the tests use
/// it to check every solution every engine returns.
///
/// ```
/// use dlx::{verify, OptionId, Problem};
/// let problem = Problem::from_dlx("a b | x\na x:red\nb x:red\nb x:blue\n")?;
/// assert!(verify(&problem, &[OptionId::new(0), OptionId::new(1)]).is_ok());
/// assert!(verify(&problem, &[OptionId::new(0), OptionId::new(2)]).is_err()); // red and blue
/// assert!(verify(&problem, &[OptionId::new(0)]).is_err()); // b is not covered
/// # Ok::<(), dlx::ParseError>(())
/// ```
pub fn verify(problem: &Problem, options: &[OptionId]) -> Result<(), CoverError> {
    let mut chosen = vec![false; problem.option_count()];
    let mut times = vec![0usize; problem.primary_count()];
    // For each secondary item: the first option using it, and its color there.
    let mut used: Vec<Option<(usize, Option<Color>)>> = vec![None; problem.secondary_count()];
    for &option in options {
        let k = option.index();
        if k >= chosen.len() {
            return Err(CoverError::NoSuchOption(k));
        }
        if std::mem::replace(&mut chosen[k], true) {
            return Err(CoverError::RepeatedOption(k));
        }
        for entry in problem.option(option) {
            let item = entry.item().index();
            if item < problem.primary_count() {
                times[item] += 1;
                continue;
            }
            let slot = &mut used[item - problem.primary_count()];
            match *slot {
                None => *slot = Some((k, entry.color())),
                Some((_, Some(color))) if entry.color() == Some(color) => {}
                Some((first, _)) => {
                    return Err(CoverError::ColorClash {
                        name: problem.item_name(entry.item()).to_owned(),
                        first,
                        second: k,
                    })
                }
            }
        }
    }
    for (item, &times) in problem.items().zip(&times) {
        let (min, max) = problem.bounds(item).unwrap_or((1, 1));
        let name = || problem.item_name(item).to_owned();
        if times < min as usize {
            return Err(CoverError::Undercovered {
                name: name(),
                times,
                min,
            });
        }
        if times > max as usize {
            return Err(CoverError::Overcovered {
                name: name(),
                times,
                max,
            });
        }
    }
    Ok(())
}
