//! The operations of Algorithms X and C on the table: choosing an item, covering it (hiding
//! its options), and Algorithm C's purification of colored items, each with its inverse.
//!
//! `cover`, `uncover`, `cover_rest` and `uncover_rest` are always inlined into the search
//! loops: called once per node as functions, they cost 4-5% on L-tromino tiling.

use super::{Entry, ItemLinks, Links, Vertical, INTERLEAVED};
use crate::unchecked::{at, at_mut, item_at, item_at_mut, prefetch};

impl Links {
    /// Whether every primary item is covered (Knuth's `RLINK(0) = 0`).
    #[inline]
    pub fn all_covered(&self) -> bool {
        item_at(&self.items, 0).next == 0
    }

    /// Whether some active primary item has no option left (the node has no solution).
    pub fn has_empty_item(&self) -> bool {
        let mut k = item_at(&self.items, 0).next as usize;
        while k != 0 {
            if at(&self.entries, k).top == 0 {
                return true;
            }
            k = item_at(&self.items, k).next as usize;
        }
        false
    }

    /// Step X3 [Choose i]: the active primary item with the fewest options, the leftmost
    /// among equals (Knuth's minimum-remaining-values heuristic, which fixes the search tree).
    /// Stops early at a length of 0, since nothing can beat it and it is the leftmost such.
    #[inline]
    pub fn choose(&self) -> usize {
        self.shortest(0).0
    }

    /// [`choose`](Self::choose) in a search whose covers and uncovers count the active
    /// items with an empty list (`WATCH`): when there is none, the first item with one
    /// option is Knuth's choice too, and the scan stops there; when there is one, the scan
    /// stops at the first empty list. So a problem of many items whose lists shrink to one
    /// option is not scanned whole at every node, which made its search quadratic.
    #[inline]
    pub fn choose_watched(&self) -> usize {
        debug_assert!(
            !self.checks_choice() || self.empty_items == self.count_empty(),
            "empty items miscounted"
        );
        let floor = if self.empty_items > 0 { 0 } else { 1 };
        let (best, _) = if self.active.is_empty() {
            self.shortest(floor)
        } else {
            self.shortest_active(floor)
        };
        debug_assert!(
            !self.checks_choice() || best == self.choose(),
            "an early stop, or the bits, changed the choice"
        );
        best
    }

    /// Whether debug builds check an early-stopping choice against a scan of every item:
    /// not on tables so wide that the check would make the search quadratic again.
    fn checks_choice(&self) -> bool {
        self.primary_count <= 4096
    }

    /// [`choose`](Self::choose) where no active primary item has an empty list (after a
    /// propagation that succeeded, which would have failed on one): the first item with one
    /// option is then Knuth's choice too, and the scan stops there, so a deep search whose
    /// lists shrink to one option is not quadratic in its items.
    #[inline]
    pub fn choose_nonempty(&self) -> usize {
        debug_assert!(
            !self.checks_choice() || !self.has_empty_item(),
            "an empty list where none was promised"
        );
        let (best, _) = self.shortest(1);
        debug_assert!(
            !self.checks_choice() || best == self.choose(),
            "the early stop changed the choice"
        );
        best
    }

    /// The number of active primary items with an empty list, by a walk of the list.
    fn count_empty(&self) -> i32 {
        let mut empty = 0;
        let mut k = item_at(&self.items, 0).next as usize;
        while k != 0 {
            empty += i32::from(at(&self.entries, k).top == 0);
            k = item_at(&self.items, k).next as usize;
        }
        empty
    }

    /// The leftmost active primary item with the fewest options, and that number; the scan
    /// stops at the first item with `floor` options or fewer.
    #[inline(always)]
    fn shortest(&self, floor: i32) -> (usize, i32) {
        let mut best = 0;
        let mut min = i32::MAX;
        let mut k = item_at(&self.items, 0).next as usize;
        while k != 0 {
            let len = at(&self.entries, k).top;
            // A branch, unlike `choose_bounded`: without one, langford12-sym took 5% less
            // time but the sudokus, whose lists of items are long, 3-6% more.
            if len < min {
                best = k;
                min = len;
                if len <= floor {
                    break;
                }
            }
            k = item_at(&self.items, k).next as usize;
        }
        (best, min)
    }

    /// [`shortest`](Self::shortest) by the bits of the active items ([`Links::active`]),
    /// which visit the items in the list's order.
    #[inline(always)]
    fn shortest_active(&self, floor: i32) -> (usize, i32) {
        let mut best = 0;
        let mut min = i32::MAX;
        for (word, &bits) in self.active.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let k = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let len = at(&self.entries, k).top;
                if len < min {
                    best = k;
                    min = len;
                    if len <= floor {
                        return (best, min);
                    }
                }
            }
        }
        (best, min)
    }

    /// Marks primary item `i` active or not in [`Links::active`], where the table keeps it
    /// (the operations with `WATCH` do; [`sync_watched`](Self::sync_watched) rebuilds it).
    #[inline(always)]
    pub(super) fn set_active(&mut self, i: usize, on: bool) {
        if i <= self.primary_count {
            if let Some(word) = self.active.get_mut(i / 64) {
                let bit = 1u64 << (i % 64);
                if on {
                    *word |= bit;
                } else {
                    *word &= !bit;
                }
            }
        }
    }

    /// Whether the search should watch for emptied lists (problems of at least
    /// [`WATCH_EMPTY_FROM`](super::WATCH_EMPTY_FROM) primary items).
    pub fn watches_empty(&self) -> bool {
        self.watch_empty
    }

    /// Counts the active items with an empty list, and marks the active items' bits, as a
    /// search that watches for emptied lists must on entry: what was done to the links
    /// without watching (a replayed prefix, Algorithm M) is not known.
    pub fn sync_watched(&mut self) {
        self.empty_items = self.count_empty();
        if !self.active.is_empty() {
            self.active.fill(0);
            let mut k = item_at(&self.items, 0).next as usize;
            while k != 0 {
                self.active[k / 64] |= 1 << (k % 64);
                k = item_at(&self.items, k).next as usize;
            }
        }
    }

    /// `cover(i)`: take item `i` out of its list of active items and hide every option in its
    /// vertical list. With `COLORS`, nodes of purified options are left alone (Algorithm C).
    #[inline(always)]
    pub fn cover<const COLORS: bool, const WATCH: bool>(&mut self, i: usize) {
        self.check_colors::<COLORS>();
        self.cover_item::<COLORS, WATCH>(self.checked_item(i));
    }

    /// `cover(i)` for an item read from the table.
    #[inline(always)]
    pub(crate) fn cover_item<const COLORS: bool, const WATCH: bool>(&mut self, i: usize) {
        debug_assert!(COLORS == self.colors && i.wrapping_sub(1) < self.item_count);
        let ItemLinks { prev, next } = *item_at(&self.items, i);
        item_at_mut(&mut self.items, prev as usize).next = next;
        item_at_mut(&mut self.items, next as usize).prev = prev;
        if WATCH {
            self.set_active(i, false);
        }
        let primary = self.primary_count;
        let (vertical, entries) = (&mut self.vertical[..], &mut self.entries[..]);
        let mut updates = 1;
        // An empty primary item leaves the active ones; the hides may empty others.
        let mut emptied = -i32::from(WATCH && at(entries, i).top == 0 && i <= primary);
        let first = at(vertical, i).down as usize;
        if at(entries, i).aux == INTERLEAVED {
            let (hidden, empty) =
                hide_interleaved::<COLORS, WATCH>(vertical, entries, i, first, primary);
            updates += hidden;
            emptied += empty;
        } else {
            let mut p = first;
            while p != i {
                let next = at(vertical, p).down as usize;
                prefetch(entries, next);
                let (hidden, empty) = hide::<COLORS, WATCH>(vertical, entries, p, primary);
                updates += hidden;
                emptied += empty;
                p = next;
            }
        }
        self.updates += updates;
        if WATCH {
            self.empty_items += emptied;
        }
    }

    /// `uncover(i)`: the inverse of `cover(i)`, undoing its steps in the opposite order
    /// (options bottom to top, and each option right to left).
    #[inline(always)]
    pub fn uncover<const COLORS: bool, const WATCH: bool>(&mut self, i: usize) {
        self.check_colors::<COLORS>();
        self.uncover_item::<COLORS, WATCH>(self.checked_item(i));
    }

    /// `uncover(i)` for an item read from the table.
    #[inline(always)]
    pub(crate) fn uncover_item<const COLORS: bool, const WATCH: bool>(&mut self, i: usize) {
        debug_assert!(COLORS == self.colors && i.wrapping_sub(1) < self.item_count);
        let primary = self.primary_count;
        let (vertical, entries) = (&mut self.vertical[..], &mut self.entries[..]);
        let last = at(vertical, i).up as usize;
        // An item covered with an empty list (its last option was hidden by an item covered
        // before it, at the same level) comes back empty; the unhides refill others.
        let mut refilled = -i32::from(WATCH && at(entries, i).top == 0 && i <= primary);
        if at(entries, i).aux == INTERLEAVED {
            refilled += unhide_interleaved::<COLORS, WATCH>(vertical, entries, i, last, primary);
        } else {
            let mut p = last;
            while p != i {
                let next = at(vertical, p).up as usize;
                prefetch(entries, next);
                refilled += unhide::<COLORS, WATCH>(vertical, entries, p, primary);
                p = next;
            }
        }
        if WATCH {
            self.empty_items -= refilled;
        }
        let ItemLinks { prev, next } = *item_at(&self.items, i);
        item_at_mut(&mut self.items, prev as usize).next = i as u32;
        item_at_mut(&mut self.items, next as usize).prev = i as u32;
        if WATCH {
            self.set_active(i, true);
        }
    }

    /// `purify(p)`: node `p` gives its secondary item color `c`; hide every option that gives
    /// the item another color (or none), and mark the options that agree with `c` so they are
    /// not purified again.
    pub(super) fn purify<const WATCH: bool>(&mut self, p: usize) {
        let Entry { top, aux: color } = *at(&self.entries, p);
        let i = top as usize;
        let mut q = at(&self.vertical, i).down as usize;
        while q != i {
            if at(&self.entries, q).aux == color {
                if q != p {
                    at_mut(&mut self.entries, q).aux = -1;
                }
            } else {
                let (hidden, emptied) = hide::<true, WATCH>(
                    &mut self.vertical,
                    &mut self.entries,
                    q,
                    self.primary_count,
                );
                self.updates += hidden;
                if WATCH {
                    self.empty_items += emptied;
                }
            }
            q = at(&self.vertical, q).down as usize;
        }
    }

    /// `unpurify(p)`: the inverse of `purify(p)`, bottom to top.
    pub(super) fn unpurify<const WATCH: bool>(&mut self, p: usize) {
        let Entry { top, aux: color } = *at(&self.entries, p);
        let i = top as usize;
        let mut q = at(&self.vertical, i).up as usize;
        while q != i {
            if at(&self.entries, q).aux < 0 {
                at_mut(&mut self.entries, q).aux = color;
            } else if q != p {
                let refilled = unhide::<true, WATCH>(
                    &mut self.vertical,
                    &mut self.entries,
                    q,
                    self.primary_count,
                );
                if WATCH {
                    self.empty_items -= refilled;
                }
            }
            q = at(&self.vertical, q).up as usize;
        }
    }

    /// `commit(p, j)`: cover an uncolored item, purify a colored one, and leave alone one
    /// already purified with this color.
    #[inline]
    pub(super) fn commit<const WATCH: bool>(&mut self, p: usize, top: usize) {
        let color = at(&self.entries, p).aux;
        if color == 0 {
            self.cover_item::<true, WATCH>(top);
        } else if color > 0 {
            self.purify::<WATCH>(p);
        }
    }

    /// `uncommit(p, j)`: the inverse of `commit(p, j)`.
    #[inline]
    pub(super) fn uncommit<const WATCH: bool>(&mut self, p: usize, top: usize) {
        let color = at(&self.entries, p).aux;
        if color == 0 {
            self.uncover_item::<true, WATCH>(top);
        } else if color > 0 {
            self.unpurify::<WATCH>(p);
        }
    }

    /// The second half of step X5: cover (with `COLORS`, commit) the items of `x`'s option
    /// other than `x`'s own, left to right.
    ///
    /// Always inlined into the search loop, with `cover`: called once per node, as a function
    /// it cost 4-5% on L-tromino tiling (16 updates per node), more than the 16% that
    /// interleaving saved pentominoes was worth there.
    #[inline(always)]
    pub fn cover_rest<const COLORS: bool, const WATCH: bool>(&mut self, x: usize) {
        self.check_colors::<COLORS>();
        self.cover_rest_from_table::<COLORS, WATCH>(self.checked_node(x));
    }

    /// [`cover_rest`](Self::cover_rest) for a node read from the table, on a table whose
    /// kind the caller checked: the search loops, where the checks were 5% of the
    /// instructions of a colored problem whose nodes hide two options each.
    #[inline(always)]
    pub(crate) fn cover_rest_from_table<const COLORS: bool, const WATCH: bool>(
        &mut self,
        x: usize,
    ) {
        debug_assert!(COLORS == self.colors && self.is_option_node(x));
        let mut p = x + 1;
        while p != x {
            let top = at(&self.entries, p).top;
            if top <= 0 {
                p = at(&self.vertical, p).up as usize;
                continue;
            }
            if COLORS {
                self.commit::<WATCH>(p, top as usize);
            } else {
                self.cover_item::<false, WATCH>(top as usize);
            }
            p += 1;
        }
    }

    /// Step X6: the inverse of [`cover_rest`](Self::cover_rest), right to left, because
    /// uncovering an item can bring back nodes that the later items' uncovering must not see
    /// ("the choreography is delicate indeed").
    #[inline(always)]
    pub fn uncover_rest<const COLORS: bool, const WATCH: bool>(&mut self, x: usize) {
        self.check_colors::<COLORS>();
        self.uncover_rest_from_table::<COLORS, WATCH>(self.checked_node(x));
    }

    /// [`uncover_rest`](Self::uncover_rest) for a node read from the table, as
    /// [`cover_rest_from_table`](Self::cover_rest_from_table).
    #[inline(always)]
    pub(crate) fn uncover_rest_from_table<const COLORS: bool, const WATCH: bool>(
        &mut self,
        x: usize,
    ) {
        debug_assert!(COLORS == self.colors && self.is_option_node(x));
        let mut p = x - 1;
        while p != x {
            let top = at(&self.entries, p).top;
            if top <= 0 {
                p = at(&self.vertical, p).down as usize;
                continue;
            }
            if COLORS {
                self.uncommit::<WATCH>(p, top as usize);
            } else {
                self.uncover_item::<false, WATCH>(top as usize);
            }
            p -= 1;
        }
    }

    /// One level of Algorithm X or C done at once, for replaying a prefix: cover item `i`, then
    /// the rest of option `x` (which is in `i`'s list). Returns the updates of the second part.
    pub fn enter_level(&mut self, colors: bool, i: usize, x: usize) -> u64 {
        if colors {
            self.cover::<true, false>(i);
        } else {
            self.cover::<false, false>(i);
        }
        let before = self.updates;
        if colors {
            self.cover_rest::<true, false>(x);
        } else {
            self.cover_rest::<false, false>(x);
        }
        self.updates - before
    }

    /// The inverse of [`enter_level`](Self::enter_level).
    pub fn leave_level(&mut self, colors: bool, i: usize, x: usize) {
        if colors {
            self.uncover_rest::<true, false>(x);
            self.uncover::<true, false>(i);
        } else {
            self.uncover_rest::<false, false>(x);
            self.uncover::<false, false>(i);
        }
    }
}

/// `hide(p)`: take every other node of `p`'s option out of its item's list. Returns the
/// number of nodes taken out (Knuth's updates) and, with `WATCH`, whether a list became
/// empty (a result, not a `&mut` flag: that cost 7% on the plain loops, even unused).
///
/// The nodes of one option lie in different item lists, so the order in which they leave
/// (and, in `unhide`, rejoin) their lists does not matter; Algorithm X walks the option by
/// its cyclic successors and `unhide` does the same.
#[inline]
pub(super) fn hide<const COLORS: bool, const WATCH: bool>(
    vertical: &mut [Vertical],
    entries: &mut [Entry],
    p: usize,
    primary: usize,
) -> (u64, i32) {
    let mut updates = 0;
    let mut emptied = 0;
    if !COLORS {
        let mut q = at(entries, p).aux as usize;
        while q != p {
            let Vertical { up, down } = *at(vertical, q);
            let Entry { top, aux: next } = *at(entries, q);
            at_mut(vertical, up as usize).down = down;
            at_mut(vertical, down as usize).up = up;
            let len = &mut at_mut(entries, top as usize).top;
            *len -= 1;
            if WATCH {
                emptied += i32::from(*len == 0 && top as usize <= primary);
            }
            updates += 1;
            q = next as usize;
        }
        return (updates, emptied);
    }
    let mut q = p + 1;
    while q != p {
        let Vertical { up, down } = *at(vertical, q);
        let Entry { top, aux: color } = *at(entries, q);
        if top <= 0 {
            q = up as usize;
            continue;
        }
        if color >= 0 {
            at_mut(vertical, up as usize).down = down;
            at_mut(vertical, down as usize).up = up;
            let len = &mut at_mut(entries, top as usize).top;
            *len -= 1;
            if WATCH {
                emptied += i32::from(*len == 0 && top as usize <= primary);
            }
            updates += 1;
        }
        q += 1;
    }
    (updates, emptied)
}

/// The loop of `cover(i)` for an [`INTERLEAVED`] item whose list starts at `first`: hides the
/// options at odd places of the list, then those at even places. Returns what `hide` does.
///
/// Always inlined, as `cover` is: this loop made `cover` too large for the inliner, and
/// calling `cover` cost 6% more instructions on queens11-pd, where no item is interleaved.
#[inline(always)]
fn hide_interleaved<const COLORS: bool, const WATCH: bool>(
    vertical: &mut [Vertical],
    entries: &mut [Entry],
    i: usize,
    first: usize,
    primary: usize,
) -> (u64, i32) {
    let mut updates = 0;
    let mut emptied = 0;
    // When `first` is `i` (the list is empty), so is `second`.
    let second = at(vertical, first).down as usize;
    for start in [first, second] {
        let mut p = start;
        while p != i {
            let below = at(vertical, p).down as usize;
            let next = if below == i {
                i
            } else {
                at(vertical, below).down as usize
            };
            prefetch(entries, next);
            let (hidden, empty) = hide::<COLORS, WATCH>(vertical, entries, p, primary);
            updates += hidden;
            emptied += empty;
            p = next;
        }
    }
    (updates, emptied)
}

/// The loop of `uncover(i)` for an [`INTERLEAVED`] item whose list ends at `last`: the
/// inverse of [`hide_interleaved`], so the options at even places come back first, bottom
/// up, then those at odd places. Which places are even is read from `LEN(i)`, which is what
/// it was when `i` was covered: no node of a covered item's list is hidden (all its options
/// are).
#[inline(always)]
fn unhide_interleaved<const COLORS: bool, const WATCH: bool>(
    vertical: &mut [Vertical],
    entries: &mut [Entry],
    i: usize,
    last: usize,
    primary: usize,
) -> i32 {
    let mut refilled = 0;
    let above = at(vertical, last).up as usize;
    let (evens, odds) = if at(entries, i).top % 2 == 0 {
        (last, above)
    } else {
        (above, last)
    };
    for start in [evens, odds] {
        let mut p = start;
        while p != i {
            let over = at(vertical, p).up as usize;
            let next = if over == i {
                i
            } else {
                at(vertical, over).up as usize
            };
            prefetch(entries, next);
            refilled += unhide::<COLORS, WATCH>(vertical, entries, p, primary);
            p = next;
        }
    }
    refilled
}

/// `unhide(p)`: the inverse of `hide(p)`. With `WATCH`, returns the number of primary items
/// (those up to `primary`) whose lists it made non-empty again.
#[inline]
pub(super) fn unhide<const COLORS: bool, const WATCH: bool>(
    vertical: &mut [Vertical],
    entries: &mut [Entry],
    p: usize,
    primary: usize,
) -> i32 {
    let mut refilled = 0;
    if !COLORS {
        let mut q = at(entries, p).aux as usize;
        while q != p {
            let Vertical { up, down } = *at(vertical, q);
            let Entry { top, aux: next } = *at(entries, q);
            at_mut(vertical, up as usize).down = q as u32;
            at_mut(vertical, down as usize).up = q as u32;
            let len = &mut at_mut(entries, top as usize).top;
            if WATCH {
                refilled += i32::from(*len == 0 && top as usize <= primary);
            }
            *len += 1;
            q = next as usize;
        }
        return refilled;
    }
    let mut q = p - 1;
    while q != p {
        let Vertical { up, down } = *at(vertical, q);
        let Entry { top, aux: color } = *at(entries, q);
        if top <= 0 {
            q = down as usize;
            continue;
        }
        if color >= 0 {
            at_mut(vertical, up as usize).down = q as u32;
            at_mut(vertical, down as usize).up = q as u32;
            let len = &mut at_mut(entries, top as usize).top;
            if WATCH {
                refilled += i32::from(*len == 0 && top as usize <= primary);
            }
            *len += 1;
        }
        q -= 1;
    }
    refilled
}
