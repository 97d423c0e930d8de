//! The handles of a problem's parts: the builder's ([`Primary`], [`Secondary`], [`Color`]
//! and an option's [`OptionItem`]s) and the built problem's ([`ItemId`], [`OptionId`] and an
//! option's [`Entry`]s). An option item and an entry are the same eight bytes, so that
//! building converts one into the other where they lie.

use std::fmt;

#[cfg(doc)]
use super::{Problem, ProblemBuilder};

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
    #[inline]
    pub fn new(index: usize) -> ItemId {
        ItemId(u32::try_from(index).expect("an item index fits in 32 bits"))
    }
}

/// A primary item: every solution covers it exactly once.
///
/// Returned by [`ProblemBuilder::primary`]; valid only with the builder that made it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Primary(pub(super) u32);

/// A secondary item: every solution covers it at most once, or, when options give it a color,
/// any number of times as long as all of them give it the same color.
///
/// Returned by [`ProblemBuilder::secondary`]; valid only with the builder that made it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Secondary(pub(super) u32);

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
    #[inline]
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

impl OptionItem {
    /// This entry with a color (for a secondary item's entry).
    pub(crate) fn colored(self, color: Color) -> OptionItem {
        debug_assert!(self.handle & SECONDARY != 0, "a color on a secondary item");
        OptionItem {
            handle: self.handle,
            color: color.0,
        }
    }
}

/// The bit of [`OptionItem::handle`] that marks a secondary item.
pub(super) const SECONDARY: u32 = 1 << 31;

/// The color field of an entry without a color.
pub(super) const NO_COLOR: u32 = u32::MAX;

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
    pub(super) handle: u32,
    /// The color's number, or [`NO_COLOR`].
    pub(super) color: u32,
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

/// The items of one option, each converted into an [`OptionItem`]: primary, secondary and
/// colored items mixed in one list, without annotations (an array literal of a
/// [`Primary`] and a [`Secondary`] has no one type, and `[a.into(), s.into()]` does not say
/// what to convert into).
///
/// ```
/// use dlx::{items, ProblemBuilder, Solver};
/// let mut builder = ProblemBuilder::new();
/// let [a, b] = ["a", "b"].map(|name| builder.primary(name));
/// let s = builder.secondary("s");
/// let red = builder.color("red");
/// builder.option(items![a, s.with_color(red)]);
/// builder.option(items![b, s]);
/// builder.option(items![b, s.with_color(red)]);
/// let problem = builder.build()?;
/// // `s` without a color excludes `s:red`: only the first and the last go together.
/// assert_eq!(Solver::new(&problem).count().solutions, 1);
/// # Ok::<(), dlx::BuildError>(())
/// ```
#[macro_export]
macro_rules! items {
    ($($item:expr),* $(,)?) => {
        [$($crate::OptionItem::from($item)),*]
    };
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
    pub(super) item: ItemId,
    /// The color's number, or [`NO_COLOR`].
    pub(super) color: u32,
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
