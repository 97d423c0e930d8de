//! An exact-cover problem: items, colors and options, checked once.
//!
//! A [`ProblemBuilder`] hands out typed handles ([`Primary`], [`Secondary`], [`Color`]) so that a
//! color can only ever be put on a secondary item, and options are lists of handles rather than
//! names, so building a problem never looks anything up by name. Everything that can be wrong
//! with a problem is checked in [`ProblemBuilder::build`]; a [`Problem`] that exists is valid, and
//! solving it cannot fail.
//!
//! The rooms: `handles.rs` the handles of both sides (the builder's and the built problem's),
//! `builder.rs` the builder and its checks, `names.rs` the names of items and colors (one
//! buffer for all), and this file the built problem, shared and immutable, with what a search
//! asks of it.

mod builder;
mod handles;
mod names;

use std::any::Any;
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

pub(crate) use builder::is_plain_name_byte;
pub use builder::ProblemBuilder;
use handles::NO_COLOR;
pub use handles::{Color, Entry, ItemId, OptionId, OptionItem, Primary, Secondary};

use crate::engine::Engine;

#[derive(Debug)]
struct ProblemData {
    item_names: names::Names,
    primary_count: usize,
    bounds: Vec<(u32, u32)>,
    color_names: names::Names,
    /// As in the builder: `u32`, which `build` checked.
    option_starts: Vec<u32>,
    entries: Vec<Entry>,
}

impl Problem {
    /// The problem of parts that [`ProblemBuilder::build`] has checked.
    fn from_checked(data: ProblemData) -> Problem {
        // Asked by every solver and search: once here, not a walk of the entries each time
        // (and none without colors, since the entries' colors are checked to be the
        // problem's).
        let has_colors =
            data.color_names.len() > 0 && data.entries.iter().any(|e| e.color != NO_COLOR);
        let has_multiplicities = data.bounds.iter().any(|&bounds| bounds != (1, 1));
        Problem {
            inner: Arc::new(data),
            has_colors,
            has_multiplicities,
            tables: Arc::default(),
        }
    }
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
    has_colors: bool,
    has_multiplicities: bool,
    /// The search tables kept for the searches that follow (see `Links::of`), shared by
    /// the clones.
    tables: Arc<KeptTables>,
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
                    && x.color().map(|c| a.color_names.get(c.index()))
                        == y.color().map(|c| b.color_names.get(c.index()))
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

/// Tables that a search tree builds from a problem and keeps for the searches that follow
/// (the links' `Links::of`): whether each kind (Algorithm X's, Algorithm C's) has been
/// built, and the copy kept once it has been built twice. The problem holds them without
/// knowing the tree's types.
#[derive(Debug, Default)]
pub(crate) struct KeptTables {
    pub(crate) built: [AtomicBool; 2],
    pub(crate) kept: [OnceLock<Box<dyn Any + Send + Sync>>; 2],
}

#[cfg(test)]
impl KeptTables {
    /// Whether a table of this kind is kept.
    pub fn is_kept(&self, colors: bool) -> bool {
        self.kept[usize::from(colors)].get().is_some()
    }
}

impl Problem {
    /// The tables kept for this problem's searches.
    pub(crate) fn kept_tables(&self) -> &KeptTables {
        &self.tables
    }

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
        self.inner.item_names.get(item.index())
    }

    /// The name of a color.
    ///
    /// # Panics
    /// If the color does not belong to this problem.
    pub fn color_name(&self, color: Color) -> &str {
        self.inner.color_names.get(color.index())
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
        self.has_colors
    }

    /// Whether any primary item has bounds other than `1:1` (which needs Algorithm M).
    pub fn has_multiplicities(&self) -> bool {
        self.has_multiplicities
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
        Problem::from_checked(ProblemData {
            item_names: data.item_names.clone(),
            primary_count: data.primary_count,
            bounds: data.bounds.clone(),
            color_names: data.color_names.clone(),
            option_starts,
            entries,
        })
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
