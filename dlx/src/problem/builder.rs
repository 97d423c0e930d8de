//! [`ProblemBuilder`]: items and colors by name, options as lists of handles, and the one
//! place where a problem is checked ([`ProblemBuilder::build`]).

use std::collections::HashSet;

use foldhash::fast::RandomState;

use super::handles::{
    Color, Entry, ItemId, OptionId, OptionItem, Primary, Secondary, NO_COLOR, SECONDARY,
};
use super::names::Names;
use super::{Problem, ProblemData};
use crate::error::{BuildError, BuildErrorKind};
use crate::limits::MAX_NODES;

/// Collects the items, colors and options of an exact-cover problem.
///
/// Items and colors are created by name and return handles; options are lists of those
/// handles. Nothing is checked until [`build`](ProblemBuilder::build), which checks everything
/// once and returns a [`BuildError`] describing the first problem found.
///
/// Primary and secondary items may be added in any order; the built problem lists the primary
/// items first (in the order they were added), then the secondary ones. That order decides
/// which item the search branches on when several have equally few options (the leftmost), so
/// it shapes the search tree.
///
/// # Example
///
/// ```
/// let mut builder = dlx::ProblemBuilder::new();
/// let [a, b] = [builder.primary("a"), builder.primary("b")];
/// let x = builder.secondary("x");
/// let red = builder.color("red");
/// builder.option([a.into(), x.with_color(red)]);
/// builder.option([b.into(), x.with_color(red)]);
/// builder.option([a, b]);
/// let problem = builder.build()?;
/// assert_eq!(dlx::Solver::new(&problem).count().solutions, 2);
/// # Ok::<(), dlx::BuildError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct ProblemBuilder {
    primary_names: Names,
    /// `(u, v)` for each primary item: covered at least `u` and at most `v` times.
    primary_bounds: Vec<(u32, u32)>,
    secondary_names: Names,
    color_names: Names,
    /// Where each option's entries start, and where the last one ends: `u32`, as the links
    /// are (a longer problem is refused by `build`, whose count does not wrap).
    option_starts: Vec<u32>,
    entries: Vec<OptionItem>,
}

impl ProblemBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        ProblemBuilder {
            option_starts: vec![0],
            ..Default::default()
        }
    }

    /// An empty builder with room for `items` primary items, `options` options and `entries`
    /// entries in all, for a caller who knows the size of its problem (or a bound): the lists
    /// are not grown and copied as the problem is added. What is not used stays with the
    /// built problem, as a vector's capacity does.
    ///
    /// ```
    /// // n queens without diagonals: n rows and n columns, n * n options of two entries.
    /// let n = 6;
    /// let mut builder = dlx::ProblemBuilder::with_capacity(2 * n, n * n, 2 * n * n);
    /// let rows: Vec<_> = (0..n).map(|r| builder.primary(format!("r{r}"))).collect();
    /// let columns: Vec<_> = (0..n).map(|c| builder.primary(format!("c{c}"))).collect();
    /// for r in 0..n {
    ///     for c in 0..n {
    ///         builder.option([rows[r], columns[c]]);
    ///     }
    /// }
    /// let problem = builder.build()?;
    /// assert_eq!(dlx::Solver::new(&problem).count().solutions, 720);
    /// # Ok::<(), dlx::BuildError>(())
    /// ```
    pub fn with_capacity(items: usize, options: usize, entries: usize) -> Self {
        let mut option_starts = Vec::with_capacity(options + 1);
        option_starts.push(0);
        ProblemBuilder {
            primary_names: Names::with_capacity(items),
            primary_bounds: Vec::with_capacity(items),
            option_starts,
            entries: Vec::with_capacity(entries),
            ..Default::default()
        }
    }

    /// Adds a primary item, which every solution must cover exactly once. The name is copied
    /// (all names go into one buffer), so a `&str` will do.
    pub fn primary(&mut self, name: impl AsRef<str>) -> Primary {
        self.primary_bounded(name, 1, 1)
    }

    /// Adds a primary item with multiplicity: every solution must cover it at least `min` and
    /// at most `max` times (Knuth's `min:max|name`; solving needs Algorithm M). `build` refuses
    /// `min > max` and `max == 0`.
    ///
    /// ```
    /// // Choose two of three options.
    /// let mut builder = dlx::ProblemBuilder::new();
    /// let pair = builder.primary_bounded("pair", 2, 2);
    /// let [a, b, c] = ["a", "b", "c"].map(|name| builder.primary_bounded(name, 0, 1));
    /// for item in [a, b, c] {
    ///     builder.option([pair, item]);
    /// }
    /// let problem = builder.build()?;
    /// assert_eq!(problem.engine(), dlx::Engine::M);
    /// assert_eq!(dlx::Solver::new(&problem).count().solutions, 3);
    /// # Ok::<(), dlx::BuildError>(())
    /// ```
    pub fn primary_bounded(&mut self, name: impl AsRef<str>, min: u32, max: u32) -> Primary {
        self.primary_names.push(name.as_ref());
        self.primary_bounds.push((min, max));
        Primary(self.primary_names.len() as u32 - 1)
    }

    /// Adds a secondary item, which a solution may cover at most once (or several times with
    /// one color).
    pub fn secondary(&mut self, name: impl AsRef<str>) -> Secondary {
        self.secondary_names.push(name.as_ref());
        Secondary(self.secondary_names.len() as u32 - 1)
    }

    /// Adds a color. Colors are names too (in Knuth's text format they follow a `:`).
    pub fn color(&mut self, name: impl AsRef<str>) -> Color {
        self.color_names.push(name.as_ref());
        Color(self.color_names.len() as u32 - 1)
    }

    /// Adds an option: the items it covers, each at most once, at least one of them primary.
    ///
    /// Items of one kind go as they are; an option that mixes primary and secondary items (or
    /// colors) takes the [`items!`](crate::items) macro, or one of them written as an
    /// [`OptionItem`], after which `.into()` works for the rest: `[a.into(), b.into()]` alone
    /// does not say what to convert into (E0283).
    ///
    /// ```
    /// use dlx::{OptionItem, ProblemBuilder, Solver};
    /// let mut builder = ProblemBuilder::new();
    /// let [a, b] = ["a", "b"].map(|name| builder.primary(name));
    /// let s = builder.secondary("s");
    /// let red = builder.color("red");
    /// builder.option([a, b]);
    /// builder.option([OptionItem::from(a), s.into()]);
    /// builder.option([b.into(), s.with_color(red)]); // with_color gives an OptionItem
    /// let problem = builder.build()?;
    /// // `s` without a color excludes `s:red`: only the first option is a solution.
    /// assert_eq!(Solver::new(&problem).count().solutions, 1);
    /// # Ok::<(), dlx::BuildError>(())
    /// ```
    pub fn option<T: Into<OptionItem>>(&mut self, items: impl IntoIterator<Item = T>) -> OptionId {
        self.entries.extend(items.into_iter().map(Into::into));
        self.option_starts
            .push(u32::try_from(self.entries.len()).unwrap_or(u32::MAX));
        OptionId(self.option_starts.len() as u32 - 2)
    }

    /// Makes room for one more option of `entries` entries without the allocator's abort on
    /// failure: the lists grow (doubling) only through `try_reserve`, and a refusal gives the
    /// size asked for. For readers of large inputs, which must fail with an error.
    pub(crate) fn make_room(&mut self, entries: usize) -> Result<(), usize> {
        fn grow<T>(list: &mut Vec<T>, more: usize) -> Result<(), usize> {
            if list.capacity() - list.len() >= more {
                return Ok(());
            }
            let by = more.max(list.len());
            list.try_reserve(by)
                .map_err(|_| by.saturating_mul(std::mem::size_of::<T>()))
        }
        grow(&mut self.entries, entries)?;
        grow(&mut self.option_starts, 1)
    }

    /// The number of options added so far.
    pub fn option_count(&self) -> usize {
        self.option_starts.len() - 1
    }

    /// Checks everything and returns the immutable problem.
    ///
    /// A problem without primary items has one solution, the empty set of options (there is
    /// nothing to cover, and since every option covers a primary item, no option at all).
    ///
    /// Errors: an invalid or repeated item or color name, an option without a primary item,
    /// an item twice in one option, a handle from another builder, or a problem too large for
    /// `u32` links ([`MAX_NODES`]).
    pub fn build(self) -> Result<Problem, BuildError> {
        let err = |kind| Err(BuildError::new(kind));
        let primary_count = self.primary_names.len();
        let item_count = primary_count + self.secondary_names.len();
        let option_count = self.option_starts.len() - 1;
        // Headers, one spacer per option plus the first, and the entries themselves.
        let nodes = item_count + 1 + option_count + 1 + self.entries.len();
        if nodes > MAX_NODES {
            return err(BuildErrorKind::TooLarge { nodes });
        }
        for (name, &(min, max)) in self.primary_names.iter().zip(&self.primary_bounds) {
            if min > max || max == 0 {
                return err(BuildErrorKind::BadBounds {
                    name: name.to_owned(),
                    min,
                    max,
                });
            }
        }
        let mut seen: HashSet<&str, RandomState> =
            HashSet::with_capacity_and_hasher(item_count, RandomState::default());
        for name in self.primary_names.iter().chain(self.secondary_names.iter()) {
            check_name(name, "item")?;
            if !seen.insert(name) {
                return err(BuildErrorKind::DuplicateItemName {
                    name: name.to_owned(),
                });
            }
        }
        let mut seen_colors: HashSet<&str, RandomState> =
            HashSet::with_capacity_and_hasher(self.color_names.len(), RandomState::default());
        for name in self.color_names.iter() {
            check_name(name, "color")?;
            if !seen_colors.insert(name) {
                return err(BuildErrorKind::DuplicateColorName {
                    name: name.to_owned(),
                });
            }
        }

        // The last option each item was seen in, to catch an item twice in one option.
        let mut last_seen = vec![usize::MAX; item_count];
        let mut uses = self.entries;
        for (option, bounds) in self.option_starts.windows(2).enumerate() {
            let mut has_primary = false;
            for use_ in &mut uses[bounds[0] as usize..bounds[1] as usize] {
                let k = (use_.handle & !SECONDARY) as usize;
                let item = if use_.handle & SECONDARY == 0 && k < primary_count {
                    has_primary = true;
                    k
                } else if use_.handle & SECONDARY != 0 && k < self.secondary_names.len() {
                    primary_count + k
                } else {
                    return err(BuildErrorKind::ForeignHandle { option });
                };
                if use_.color != NO_COLOR && use_.color as usize >= self.color_names.len() {
                    return err(BuildErrorKind::ForeignHandle { option });
                }
                if last_seen[item] == option {
                    let name = if item < primary_count {
                        self.primary_names.get(item)
                    } else {
                        self.secondary_names.get(item - primary_count)
                    };
                    return err(BuildErrorKind::RepeatedItem {
                        option,
                        name: name.to_owned(),
                    });
                }
                last_seen[item] = option;
                // From here on the handle is the item's number in the problem.
                use_.handle = item as u32;
            }
            if !has_primary {
                return err(BuildErrorKind::OptionWithoutPrimary { option });
            }
        }
        // Same size and alignment: the entries take the builder's memory, not a copy.
        let entries: Vec<Entry> = uses
            .into_iter()
            .map(|use_| Entry {
                item: ItemId(use_.handle),
                color: use_.color,
            })
            .collect();

        let mut item_names = self.primary_names;
        item_names.append(&self.secondary_names);
        Ok(Problem::from_checked(ProblemData {
            item_names,
            primary_count,
            bounds: self.primary_bounds,
            color_names: self.color_names,
            option_starts: self.option_starts,
            entries,
        }))
    }
}

/// Whether a byte is printable ASCII other than `:` and `|`, and so may stand anywhere in a
/// name (ASCII's blanks and controls are the bytes up to the space, and DEL); the other bytes
/// need a closer look.
pub(crate) fn is_plain_name_byte(b: u8) -> bool {
    b > b' ' && b < 0x7f && b != b':' && b != b'|'
}

/// A name (of an item or a color) is a nonempty run of printable characters without blanks,
/// `:` or `|`, so that it reads back from Knuth's text format unchanged.
fn check_name(name: &str, what: &'static str) -> Result<(), BuildError> {
    // One pass over the bytes; only names with a byte that is not plainly part of a name are
    // looked at again, and decoded if they are not ASCII.
    let reason = if name.is_empty() {
        Some("it is empty")
    } else if name.bytes().all(is_plain_name_byte) {
        None
    } else if name.contains([':', '|']) {
        Some("it contains ':' or '|'")
    } else if name.chars().any(|c| c.is_whitespace() || c.is_control()) {
        Some("it contains a blank or a control character")
    } else {
        None
    };
    match reason {
        Some(reason) => Err(BuildError::new(BuildErrorKind::InvalidName {
            what,
            name: name.to_owned(),
            reason,
        })),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::check_name;

    /// Every character up to U+00FF and the Unicode blanks and controls beyond, alone and
    /// inside a name: refused exactly when it is `:`, `|`, a blank or a control character.
    #[test]
    fn names_are_refused_for_blanks_controls_and_separators() {
        let beyond = [
            '\u{1680}', '\u{2000}', '\u{200b}', '\u{2028}', '\u{3000}', '項', '\u{feff}',
        ];
        for c in (0..=0xffu8).map(char::from).chain(beyond) {
            let refused = c == ':' || c == '|' || c.is_whitespace() || c.is_control();
            for name in [c.to_string(), format!("a{c}b"), format!("ab{c}")] {
                assert_eq!(check_name(&name, "item").is_err(), refused, "{name:?}");
            }
        }
        assert!(check_name("", "item").is_err());
    }
}
