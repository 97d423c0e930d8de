//! Building an exact-cover problem: items, colors and options, checked once.
//!
//! A [`ProblemBuilder`] hands out typed handles ([`Primary`], [`Secondary`], [`Color`]) so that a
//! color can only ever be put on a secondary item, and options are lists of handles rather than
//! names, so building a problem never looks anything up by name. Everything that can be wrong
//! with a problem is checked in [`ProblemBuilder::build`]; a [`Problem`] that exists is valid, and
//! solving it cannot fail.

use std::collections::HashSet;
use std::fmt;
use std::sync::Arc;

use foldhash::fast::RandomState;

use crate::engine::Engine;
use crate::error::{BuildError, BuildErrorKind};
use crate::limits::MAX_NODES;

/// An item of a built [`Problem`], numbered from 0: the primary items first, in the order they
/// were added, then the secondary items.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemId(pub(crate) u32);

impl ItemId {
    /// The item's position in the problem's item list (primary items first).
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The item at position `index` of the problem's item list (primary items first).
    ///
    /// # Panics
    /// If `index` does not fit in 32 bits (no problem has that many items).
    pub fn new(index: usize) -> ItemId {
        ItemId(u32::try_from(index).expect("an item index fits in 32 bits"))
    }
}

/// A primary item: every solution covers it exactly once.
///
/// Returned by [`ProblemBuilder::primary`]; valid only with the builder that made it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Primary(u32);

/// A secondary item: every solution covers it at most once, or, when options give it a color,
/// any number of times as long as all of them give it the same color.
///
/// Returned by [`ProblemBuilder::secondary`]; valid only with the builder that made it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Secondary(u32);

/// A color, which options may put on secondary items (and only on those, by type).
///
/// Returned by [`ProblemBuilder::color`]; valid only with the builder that made it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Color(pub(crate) u32);

impl Color {
    /// The color's position in the problem's color list.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An option of a [`Problem`], numbered from 0 in the order the options were added.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OptionId(pub(crate) u32);

impl OptionId {
    /// The option's position in the problem's option list.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The option with this position, for looking an option up by number.
    pub fn new(index: usize) -> OptionId {
        OptionId(u32::try_from(index).expect("an option index fits in u32"))
    }
}

impl Secondary {
    /// This secondary item with a color: an option that uses it so tolerates other options
    /// that give the item the same color.
    pub fn with_color(self, color: Color) -> OptionItem {
        OptionItem {
            handle: self.0 | SECONDARY,
            color: color.0,
        }
    }
}

/// The bit of [`OptionItem::handle`] that marks a secondary item.
const SECONDARY: u32 = 1 << 31;

/// The color field of an entry without a color.
const NO_COLOR: u32 = u32::MAX;

// `build` turns the builder's entries into the problem's where they lie, which needs them to
// be of one size and alignment.
const _: () = assert!(
    std::mem::size_of::<OptionItem>() == 8
        && std::mem::size_of::<Entry>() == 8
        && std::mem::align_of::<OptionItem>() == std::mem::align_of::<Entry>()
);

/// One item of an option, as given to [`ProblemBuilder::option`]: a [`Primary`], a
/// [`Secondary`], or a secondary item with a color ([`Secondary::with_color`]).
///
/// Eight bytes, as an [`Entry`] of the built problem is, so that building converts the
/// entries where they lie (a problem of 20 million entries is read in 160 MB, not 400).
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct OptionItem {
    /// The handle's number, with [`SECONDARY`] set for a secondary item.
    handle: u32,
    /// The color's number, or [`NO_COLOR`].
    color: u32,
}

impl fmt::Debug for OptionItem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.handle & SECONDARY == 0 {
            "Primary"
        } else {
            "Secondary"
        };
        let color = (self.color != NO_COLOR).then_some(Color(self.color));
        f.debug_struct("OptionItem")
            .field(kind, &(self.handle & !SECONDARY))
            .field("color", &color)
            .finish()
    }
}

impl From<Primary> for OptionItem {
    fn from(item: Primary) -> Self {
        OptionItem {
            handle: item.0,
            color: NO_COLOR,
        }
    }
}

impl From<Secondary> for OptionItem {
    fn from(item: Secondary) -> Self {
        OptionItem {
            handle: item.0 | SECONDARY,
            color: NO_COLOR,
        }
    }
}

impl From<&Primary> for OptionItem {
    fn from(item: &Primary) -> Self {
        (*item).into()
    }
}

impl From<&Secondary> for OptionItem {
    fn from(item: &Secondary) -> Self {
        (*item).into()
    }
}

/// One entry of an option in a built [`Problem`]: an item and, for a secondary item, perhaps
/// a color.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Entry {
    item: ItemId,
    /// The color's number, or [`NO_COLOR`].
    color: u32,
}

impl Entry {
    /// The item this entry covers.
    pub fn item(self) -> ItemId {
        self.item
    }

    /// The color this entry gives its (secondary) item, if any.
    pub fn color(self) -> Option<Color> {
        (self.color != NO_COLOR).then_some(Color(self.color))
    }
}

impl fmt::Debug for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entry")
            .field("item", &self.item)
            .field("color", &self.color())
            .finish()
    }
}

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
    primary_names: Vec<String>,
    /// `(u, v)` for each primary item: covered at least `u` and at most `v` times.
    primary_bounds: Vec<(u32, u32)>,
    secondary_names: Vec<String>,
    color_names: Vec<String>,
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

    /// Adds a primary item, which every solution must cover exactly once.
    pub fn primary(&mut self, name: impl Into<String>) -> Primary {
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
    pub fn primary_bounded(&mut self, name: impl Into<String>, min: u32, max: u32) -> Primary {
        self.primary_names.push(name.into());
        self.primary_bounds.push((min, max));
        Primary(self.primary_names.len() as u32 - 1)
    }

    /// Adds a secondary item, which a solution may cover at most once (or several times with
    /// one color).
    pub fn secondary(&mut self, name: impl Into<String>) -> Secondary {
        self.secondary_names.push(name.into());
        Secondary(self.secondary_names.len() as u32 - 1)
    }

    /// Adds a color. Colors are names too (in Knuth's text format they follow a `:`).
    pub fn color(&mut self, name: impl Into<String>) -> Color {
        self.color_names.push(name.into());
        Color(self.color_names.len() as u32 - 1)
    }

    /// Adds an option: the items it covers, each at most once, at least one of them primary.
    ///
    /// Items of one kind go as they are; an option that mixes primary and secondary items (or
    /// colors) needs one of them written as an [`OptionItem`], after which `.into()` works for
    /// the rest: `[a.into(), b.into()]` alone does not say what to convert into (E0283).
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
                    name: name.clone(),
                    min,
                    max,
                });
            }
        }
        let mut seen: HashSet<&str, RandomState> =
            HashSet::with_capacity_and_hasher(item_count, RandomState::default());
        for name in self.primary_names.iter().chain(&self.secondary_names) {
            check_name(name, "item")?;
            if !seen.insert(name) {
                return err(BuildErrorKind::DuplicateItemName { name: name.clone() });
            }
        }
        let mut seen_colors: HashSet<&str, RandomState> =
            HashSet::with_capacity_and_hasher(self.color_names.len(), RandomState::default());
        for name in &self.color_names {
            check_name(name, "color")?;
            if !seen_colors.insert(name) {
                return err(BuildErrorKind::DuplicateColorName { name: name.clone() });
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
                        &self.primary_names[item]
                    } else {
                        &self.secondary_names[item - primary_count]
                    };
                    return err(BuildErrorKind::RepeatedItem {
                        option,
                        name: name.clone(),
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
        item_names.extend(self.secondary_names);
        Ok(Problem {
            inner: Arc::new(ProblemData {
                item_names,
                primary_count,
                bounds: self.primary_bounds,
                color_names: self.color_names,
                option_starts: self.option_starts,
                entries,
            }),
        })
    }
}

/// A name (of an item or a color) is a nonempty run of printable characters without blanks,
/// `:` or `|`, so that it reads back from Knuth's text format unchanged.
fn check_name(name: &str, what: &'static str) -> Result<(), BuildError> {
    // One pass over the bytes; only names with non-ASCII characters are decoded.
    let bad_byte =
        |b: &u8| matches!(b, b':' | b'|') || b.is_ascii_whitespace() || b.is_ascii_control();
    let reason = if name.is_empty() {
        Some("it is empty")
    } else if !name.bytes().any(|b| bad_byte(&b) || !b.is_ascii()) {
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

#[derive(Debug)]
struct ProblemData {
    // Strings as built, not boxed: shrinking each name's buffer to fit cost a reallocation
    // per name, a tenth of building a sudoku's problem.
    item_names: Vec<String>,
    primary_count: usize,
    bounds: Vec<(u32, u32)>,
    color_names: Vec<String>,
    /// As in the builder: `u32`, which `build` checked.
    option_starts: Vec<u32>,
    entries: Vec<Entry>,
}

/// An exact-cover problem, valid and immutable: items (primary first, then secondary), colors,
/// and options.
///
/// Cloning is cheap (the data is shared), so one problem can feed many solvers and threads.
/// Two problems are equal when they have the same primary and secondary items in the same
/// order and the same options in the same order, colors compared by name (so colors that no
/// option uses, and the order in which colors were created, do not matter).
#[derive(Clone)]
pub struct Problem {
    inner: Arc<ProblemData>,
}

impl PartialEq for Problem {
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (&*self.inner, &*other.inner);
        a.item_names == b.item_names
            && a.primary_count == b.primary_count
            && a.bounds == b.bounds
            && a.option_starts == b.option_starts
            && a.entries.iter().zip(&b.entries).all(|(x, y)| {
                x.item == y.item
                    && x.color().map(|c| &a.color_names[c.index()])
                        == y.color().map(|c| &b.color_names[c.index()])
            })
    }
}

impl Eq for Problem {}

impl fmt::Debug for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Problem")
            .field("primary_items", &self.primary_count())
            .field("secondary_items", &self.secondary_count())
            .field("colors", &self.color_count())
            .field("options", &self.option_count())
            .field("entries", &self.entry_count())
            .finish()
    }
}

impl Problem {
    /// A new [`ProblemBuilder`].
    pub fn builder() -> ProblemBuilder {
        ProblemBuilder::new()
    }

    /// The number of primary items; they are items `0..primary_count()`.
    pub fn primary_count(&self) -> usize {
        self.inner.primary_count
    }

    /// The number of secondary items; they follow the primary items.
    pub fn secondary_count(&self) -> usize {
        self.inner.item_names.len() - self.inner.primary_count
    }

    /// The number of items, primary and secondary.
    pub fn item_count(&self) -> usize {
        self.inner.item_names.len()
    }

    /// The number of colors.
    pub fn color_count(&self) -> usize {
        self.inner.color_names.len()
    }

    /// The number of options.
    pub fn option_count(&self) -> usize {
        self.inner.option_starts.len() - 1
    }

    /// The total number of entries over all options.
    pub fn entry_count(&self) -> usize {
        self.inner.entries.len()
    }

    /// Whether the item is primary.
    pub fn is_primary(&self, item: ItemId) -> bool {
        item.index() < self.inner.primary_count
    }

    /// All items, primary first.
    pub fn items(&self) -> impl ExactSizeIterator<Item = ItemId> + '_ {
        (0..self.item_count() as u32).map(ItemId)
    }

    /// All options, in order.
    pub fn options(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        (0..self.option_count() as u32).map(OptionId)
    }

    /// The name of an item.
    ///
    /// # Panics
    /// If the item does not belong to this problem.
    pub fn item_name(&self, item: ItemId) -> &str {
        &self.inner.item_names[item.index()]
    }

    /// The name of a color.
    ///
    /// # Panics
    /// If the color does not belong to this problem.
    pub fn color_name(&self, color: Color) -> &str {
        &self.inner.color_names[color.index()]
    }

    /// The item of this problem that a builder's [`Primary`] handle became.
    pub fn primary_item(&self, item: Primary) -> ItemId {
        ItemId(item.0)
    }

    /// The item of this problem that a builder's [`Secondary`] handle became.
    pub fn secondary_item(&self, item: Secondary) -> ItemId {
        ItemId((self.inner.primary_count as u32) + item.0)
    }

    /// The number of entries of the options before `option`.
    pub(crate) fn entries_before(&self, option: OptionId) -> usize {
        self.inner.option_starts[option.index()] as usize
    }

    /// The entries of an option, in the order they were given.
    ///
    /// # Panics
    /// If the option does not belong to this problem.
    pub fn option(&self, option: OptionId) -> &[Entry] {
        let starts = &self.inner.option_starts;
        &self.inner.entries[starts[option.index()] as usize..starts[option.index() + 1] as usize]
    }

    /// The bounds `(min, max)` of a primary item: every solution covers it at least `min` and
    /// at most `max` times (`(1, 1)` for a plain primary item); `None` for a secondary item.
    pub fn bounds(&self, item: ItemId) -> Option<(u32, u32)> {
        self.inner.bounds.get(item.index()).copied()
    }

    /// Whether any option puts a color on an item (which needs Algorithm C).
    pub fn has_colors(&self) -> bool {
        self.inner
            .entries
            .iter()
            .any(|entry| entry.color != NO_COLOR)
    }

    /// Whether any primary item has bounds other than `1:1` (which needs Algorithm M).
    pub fn has_multiplicities(&self) -> bool {
        self.inner.bounds.iter().any(|&bounds| bounds != (1, 1))
    }

    /// The simplest of Knuth's algorithms that can solve this problem.
    pub fn engine(&self) -> Engine {
        if self.has_multiplicities() {
            Engine::M
        } else if self.has_colors() {
            Engine::C
        } else {
            Engine::X
        }
    }

    /// The same problem with its options listed in another order: option `k` of the result is
    /// option `order[k]` of this one. Items, colors and the entries of each option are
    /// unchanged, so the solutions are the same sets; only the order in which a search tries
    /// them changes (a shuffled order gives a random first solution).
    ///
    /// ```
    /// use dlx::{OptionId, Problem, Solver};
    ///
    /// let mut builder = Problem::builder();
    /// let item = builder.primary("a");
    /// builder.option([item]);
    /// builder.option([item]);
    /// let problem = builder.build()?;
    /// let order = [OptionId::new(1), OptionId::new(0)];
    /// let swapped = problem.with_option_order(&order);
    /// assert_eq!(Solver::new(&swapped).first().unwrap().options(), [OptionId::new(0)]);
    /// # Ok::<(), dlx::BuildError>(())
    /// ```
    ///
    /// # Panics
    /// If `order` is not a permutation of this problem's options.
    pub fn with_option_order(&self, order: &[OptionId]) -> Problem {
        let data = &self.inner;
        let count = self.option_count();
        assert_eq!(order.len(), count, "the order must list every option once");
        let mut seen = vec![false; count];
        let mut option_starts = Vec::with_capacity(count + 1);
        let mut entries = Vec::with_capacity(data.entries.len());
        option_starts.push(0);
        for &option in order {
            assert!(
                !std::mem::replace(&mut seen[option.index()], true),
                "the order must list every option once"
            );
            entries.extend_from_slice(self.option(option));
            option_starts.push(entries.len() as u32);
        }
        Problem {
            inner: Arc::new(ProblemData {
                item_names: data.item_names.clone(),
                primary_count: data.primary_count,
                bounds: data.bounds.clone(),
                color_names: data.color_names.clone(),
                option_starts,
                entries,
            }),
        }
    }

    /// An option written as in Knuth's text format: its item names, `item:color` for a colored
    /// secondary item, separated by single blanks.
    pub fn option_text(&self, option: OptionId) -> String {
        let mut text = String::new();
        for (k, entry) in self.option(option).iter().enumerate() {
            if k > 0 {
                text.push(' ');
            }
            text.push_str(self.item_name(entry.item));
            if let Some(color) = entry.color() {
                text.push(':');
                text.push_str(self.color_name(color));
            }
        }
        text
    }
}
