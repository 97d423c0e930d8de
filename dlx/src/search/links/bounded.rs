//! Algorithm M's operations on the table: items with multiplicities, covered between `u` and
//! `v` times, whose `BOUND` counts down as options cover them; the null move that leaves an
//! item short of `v`; and the *tweaks* that take the options tried at a level out of its
//! item's list.

use super::dance::{hide, unhide};
use super::{ItemLinks, Links, Vertical};
use crate::unchecked::{at, at_mut, item_at};

impl Links {
    /// Algorithm M's `BOUND(i)`: how many more options may cover primary item `i`.
    #[inline]
    pub fn bound(&self, i: usize) -> i32 {
        self.bound[i]
    }

    /// Algorithm M's `SLACK(i)`: by how many options item `i` may fall short of its bound.
    #[inline]
    pub fn slack(&self, i: usize) -> i32 {
        self.slack[i]
    }

    /// Whether item `i` has too few options left to reach its lower bound (step M5's test).
    #[inline]
    pub fn too_few_left(&self, i: usize) -> bool {
        let i = self.checked_item(i);
        self.entries[i].top <= self.bound[i] - self.slack[i]
    }

    /// Step M4 [Prepare to branch on i.]: one covering fewer is allowed, and the item is
    /// covered once none is.
    #[inline(always)]
    pub fn prepare_branch<const COLORS: bool>(&mut self, i: usize) {
        let i = self.checked_item(i);
        self.bound[i] -= 1;
        if self.bound[i] == 0 {
            self.cover::<COLORS, false>(i);
        }
    }

    /// Step M8 [Restore i.]: undoes the level of item `i` whose list began at `first`,
    /// uncovering the item or, when it was tweaked instead of covered, untweaking it.
    #[inline(always)]
    pub fn restore<const COLORS: bool>(&mut self, i: usize, first: usize) {
        let i = self.checked_item(i);
        if self.bound[i] == 0 && self.slack[i] == 0 {
            self.uncover::<COLORS, false>(i);
        } else {
            let covered = self.bound[i] == 0;
            self.untweak::<COLORS>(first, i, !covered);
        }
        self.bound[i] += 1;
    }

    /// Takes item `i` out of the list of active items (Algorithm M's null move, and M4).
    #[inline]
    pub fn deactivate(&mut self, i: usize) {
        let i = self.checked_item(i);
        let ItemLinks { prev, next } = self.items[i];
        self.items[prev as usize].next = next;
        self.items[next as usize].prev = prev;
    }

    /// Puts item `i` back into the list of active items.
    #[inline]
    pub fn reactivate(&mut self, i: usize) {
        let i = self.checked_item(i);
        let ItemLinks { prev, next } = self.items[i];
        self.items[prev as usize].next = i as u32;
        self.items[next as usize].prev = i as u32;
    }

    /// Algorithm M's `tweak(x, i)`: `x` is the topmost node of item `i`'s list; hide its
    /// option (unless `i` is covered, which hid it already) and take `x` out of the list, so
    /// the branches that follow do without it.
    #[inline(always)]
    pub fn tweak<const COLORS: bool>(&mut self, x: usize, i: usize, hide_option: bool) {
        self.check_colors::<COLORS>();
        assert_eq!(
            self.item_of(x),
            self.checked_item(i),
            "a tweak of another item's node"
        );
        if hide_option {
            self.updates += hide::<COLORS, false>(&mut self.vertical, &mut self.entries, x, 0).0;
        }
        let d = self.vertical[x].down;
        self.vertical[i].down = d;
        self.vertical[d as usize].up = i as u32;
        self.entries[i].top -= 1;
    }

    /// Takes the option of node `x`, in primary item `i`'s list, for good (a given option,
    /// outside the search's levels): `BOUND(i)` goes down by one and `i` is covered at 0
    /// (which hides the option); otherwise the option is hidden and `x` leaves `i`'s list, as
    /// a tweak would take it from the top. Then the option's other items, as step M6.
    pub fn take_bounded(&mut self, colors: bool, i: usize, x: usize) {
        assert_eq!(
            self.item_of(x),
            self.checked_item(i),
            "a node of another item"
        );
        self.bound[i] -= 1;
        if self.bound[i] == 0 {
            if colors {
                self.cover::<true, false>(i);
            } else {
                self.cover::<false, false>(i);
            }
        } else {
            self.updates += if colors {
                hide::<true, false>(&mut self.vertical, &mut self.entries, x, 0).0
            } else {
                hide::<false, false>(&mut self.vertical, &mut self.entries, x, 0).0
            };
            let Vertical { up, down } = self.vertical[x];
            self.vertical[up as usize].down = down;
            self.vertical[down as usize].up = up;
            self.entries[i].top -= 1;
        }
        if colors {
            self.cover_rest_bounded::<true>(x);
        } else {
            self.cover_rest_bounded::<false>(x);
        }
    }

    /// Algorithm M's `untweak`: undoes the tweaks of item `i` since its list began at `first`,
    /// unhiding the options (or, when `i` was covered instead, uncovering `i`).
    pub fn untweak<const COLORS: bool>(&mut self, first: usize, i: usize, unhide_options: bool) {
        self.check_colors::<COLORS>();
        let i = self.checked_item(i);
        assert!(
            first == i || self.item_of(first) == i,
            "an untweak from another item's node"
        );
        let z = self.vertical[i].down as usize;
        self.vertical[i].down = first as u32;
        let mut x = first;
        let mut above = i;
        let mut k = 0;
        // `x` walks the nodes of `i`'s list that the tweaks took out, which still link down
        // to the rest of the list.
        while x != z {
            at_mut(&mut self.vertical, x).up = above as u32;
            k += 1;
            if unhide_options {
                unhide::<COLORS, false>(&mut self.vertical, &mut self.entries, x, 0);
            }
            above = x;
            x = at(&self.vertical, x).down as usize;
        }
        at_mut(&mut self.vertical, z).up = above as u32;
        self.entries[i].top += k;
        if !unhide_options {
            self.uncover_item::<COLORS, false>(i);
        }
    }

    /// Step M6: cover or partially cover the items of `x`'s option other than `x`'s own, left
    /// to right: a primary item's `BOUND` goes down by one and the item is covered when it
    /// reaches 0; secondary items are committed.
    #[inline(always)]
    pub fn cover_rest_bounded<const COLORS: bool>(&mut self, x: usize) {
        self.check_colors::<COLORS>();
        self.cover_rest_bounded_from_table::<COLORS>(self.checked_node(x));
    }

    /// [`cover_rest_bounded`](Self::cover_rest_bounded) for a node read from the table, as
    /// [`cover_rest_from_table`](Self::cover_rest_from_table).
    #[inline(always)]
    pub(crate) fn cover_rest_bounded_from_table<const COLORS: bool>(&mut self, x: usize) {
        debug_assert!(COLORS == self.colors && self.is_option_node(x));
        let mut p = x + 1;
        while p != x {
            let top = at(&self.entries, p).top;
            if top <= 0 {
                p = at(&self.vertical, p).up as usize;
                continue;
            }
            let j = top as usize;
            if j <= self.primary_count {
                let bound = at_mut(&mut self.bound, j);
                *bound -= 1;
                if *bound == 0 {
                    self.cover_item::<COLORS, false>(j);
                }
            } else if COLORS {
                self.commit::<false>(p, j);
            } else {
                self.cover_item::<false, false>(j);
            }
            p += 1;
        }
    }

    /// Step M7: the inverse of [`cover_rest_bounded`](Self::cover_rest_bounded), right to left.
    #[inline(always)]
    pub fn uncover_rest_bounded<const COLORS: bool>(&mut self, x: usize) {
        self.check_colors::<COLORS>();
        self.uncover_rest_bounded_from_table::<COLORS>(self.checked_node(x));
    }

    /// [`uncover_rest_bounded`](Self::uncover_rest_bounded) for a node read from the table,
    /// as [`cover_rest_from_table`](Self::cover_rest_from_table).
    #[inline(always)]
    pub(crate) fn uncover_rest_bounded_from_table<const COLORS: bool>(&mut self, x: usize) {
        debug_assert!(COLORS == self.colors && self.is_option_node(x));
        let mut p = x - 1;
        while p != x {
            let top = at(&self.entries, p).top;
            if top <= 0 {
                p = at(&self.vertical, p).down as usize;
                continue;
            }
            let j = top as usize;
            if j <= self.primary_count {
                if *at(&self.bound, j) == 0 {
                    self.uncover_item::<COLORS, false>(j);
                }
                *at_mut(&mut self.bound, j) += 1;
            } else if COLORS {
                self.uncommit::<false>(p, j);
            } else {
                self.uncover_item::<false, false>(j);
            }
            p -= 1;
        }
    }

    /// Step M3: the active primary item with the smallest branching degree, with that degree.
    ///
    /// An item with `l` options left, `b` more coverings allowed and `s = min(SLACK, b)` can
    /// branch `l + s - b + 1` ways (each option, plus the null move when it may stop short);
    /// a degree of 0 or less means it can no longer reach its lower bound. Ties go to the
    /// smaller `s` (slack items are less constrained), then to the longer list (Knuth: it
    /// makes the tree smaller in the middle levels), then to the leftmost, as in DLX3.
    ///
    /// The scan stops at the first item whose degree is at most `enough`: 0 gives Knuth's
    /// choice. A search that propagates walks its own tree, and on a large table most of its
    /// nodes are forced (degree 1), where a scan of every active item would cost more than
    /// the rest of the node; it passes 1.
    #[inline(always)]
    pub fn choose_bounded_until(&self, enough: i64) -> (usize, i64) {
        let mut best = 0;
        let mut best_score = i64::MAX;
        let (mut best_s, mut best_len) = (i64::MAX, -1);
        let mut k = item_at(&self.items, 0).next as usize;
        while k != 0 {
            // `k` is an item index, read from the list; `bound` and `slack` have a record for
            // every item.
            let b = *at(&self.bound, k) as i64;
            let s = (*at(&self.slack, k) as i64).min(b);
            let len = at(&self.entries, k).top as i64;
            let score = len + s - b + 1;
            // Chosen without branches: which item is better so far follows no pattern the
            // processor can learn, and the mispredictions cost more than the four
            // conditional moves (16% fewer CPU seconds on Algorithm M's queens).
            let better = (score < best_score)
                | ((score == best_score) & ((s < best_s) | ((s == best_s) & (len > best_len))));
            best = if better { k } else { best };
            best_score = if better { score } else { best_score };
            best_s = if better { s } else { best_s };
            best_len = if better { len } else { best_len };
            if best_score <= enough {
                break;
            }
            k = item_at(&self.items, k).next as usize;
        }
        (best, best_score)
    }
}
