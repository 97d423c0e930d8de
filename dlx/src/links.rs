//! The dancing-links table, laid out as in Knuth's DLX1 and DLX2 (TAOCP 7.2.2.1, Table 1).
//!
//! Arrays of `u32`-indexed records. `items` holds, for each item, its `LLINK` and `RLINK`
//! in a doubly linked list of active items: item `0` is the root of the list of primary items
//! still to be covered, and item `N + 1` heads the list of secondary items. The nodes hold
//! the matrix: node `i` (for `1 <= i <= N`) is the header of item `i`'s vertical list and keeps the
//! list's length `LEN` in its `TOP` field; then come the options, one after another, each
//! preceded and followed by a *spacer* node whose `TOP` is `<= 0`. A spacer's `ULINK` points to
//! the first node of the option before it and its `DLINK` to the last node of the option after
//! it, so an option can be walked circularly in either direction. The trailing spacer of option
//! `k` (from 0) has `TOP = -(k + 1)`, which is how a node finds its option.
//!
//! A node is 16 bytes in two 8-byte records at the same index of two arrays: `ULINK` and
//! `DLINK` (used together when a node leaves or rejoins its list) in `vertical`, `TOP` and
//! `COLOR` (read together when an option is walked) in `entries`. With 8-byte records an index
//! needs no shift to address them (x86 scales by 8 at most), and the links that `hide` writes
//! at random places are packed twice as densely: 10% fewer CPU seconds on pentomino packing
//! than one array of 16-byte nodes. Indices instead of pointers halve the size of a node, and
//! keep the table `Clone` for parallel workers.
//!
//! Item numbers here are one more than [`ItemId`](crate::ItemId)s, since 0 is the root.
//!
//! A caution for whoever times changes here: on the AMD EPYC (Zen 3) this was tuned on, a
//! 4 KiB page boundary falling between a hide loop and the loop around it made pentomino
//! packing 15% slower (1.42 CPU seconds against 1.22, the machine code otherwise the same),
//! and where the boundary falls moves with unrelated code. The search loops of Algorithms X
//! and M (where `cover` and `uncover` are inlined) therefore sit on pages of their own (see
//! `Search::run_x` and the `global_asm!` at the end of this file); Algorithm C's loop and
//! M's `cover_rest_bounded` do not. Before trusting a difference of that size elsewhere,
//! look at where the hot loops landed (`perf annotate`).
//!
//! This is the one module of the crate with `unsafe` code: unchecked indexing in the inner
//! loops of `hide` and `unhide`, where bounds checks cost a measured share of the time. The
//! invariant it rests on is written down beside `at`, and checked in debug builds.

#![allow(unsafe_code)]

use crate::problem::Problem;

/// The vertical links of one node of the table (an entry of an option, an item header, or a
/// spacer): what `hide` and `unhide` write, at random places. The node's other fields are in
/// [`Entry`], at the same index of a second array.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct Vertical {
    /// Knuth's `ULINK`: the node above in the item's vertical list. In a spacer: the first
    /// node of the preceding option.
    pub up: u32,
    /// Knuth's `DLINK`: the node below. In a spacer: the last node of the following option.
    pub down: u32,
}

/// The fields of one node that are read when an option is walked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub(crate) struct Entry {
    /// Knuth's `TOP`: the node's item (`>= 1`). In an item header: `LEN`, the length of the
    /// item's list. In a spacer: `-(k + 1)` after option `k`, and 0 before the first option.
    pub top: i32,
    /// Knuth's spare field. In Algorithm C it is `COLOR`: 0 for none, `c + 1` for color `c`,
    /// and -1 once the node's option is known to agree with a purified item (so it is not
    /// hidden again). In Algorithm X, which has no colors, it is the next node of the same
    /// option, cyclically, so that `hide` and `unhide` walk an option without testing for a
    /// spacer at every step: that test mispredicts once per option walked, which was a large
    /// share of the time on pentomino packing. In an item header: [`INTERLEAVED`] or 0, how
    /// `cover` walks the item's list.
    pub aux: i32,
}

/// The spare field of an item's header when `cover` hides the item's options in two
/// interleaved passes, first those at odd places of the list, then those at even places (and
/// `uncover` brings them back in exactly the opposite order, as dancing links require). The
/// table and the search tree are the same either way; what changes is that two options next
/// to each other in this list and also in another item's list (so the second one's node sits
/// right below the first one's) are not hidden one right after the other: the second hide
/// would read links the first had just written and wait for them. Pentomino packing takes
/// 16% fewer CPU seconds. See [`Links::mark_interleaved`].
const INTERLEAVED: i32 = 1;

/// The share of an item's hide steps that must wait on the step before (as a fraction: 3/10)
/// for [`Links::mark_interleaved`] to mark it. Measured on pentominoes (CPU seconds, built with
/// loops aligned so that the code's layout was the same): marking items from 15% on, 1.31;
/// from 20%, 1.24; from 30%, 1.23; none, 1.47.
const INTERLEAVE_WAITS: (usize, usize) = (3, 10);

/// Knuth's `LLINK` and `RLINK` of an item in its list of active items.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ItemLinks {
    /// `LLINK`: the previous active item.
    pub prev: u32,
    /// `RLINK`: the next active item.
    pub next: u32,
}

/// The mutable state of one search: the links, and Knuth's count of updates.
#[derive(Clone, Debug)]
pub(crate) struct Links {
    /// The nodes' `ULINK` and `DLINK`, and (at the same indices) their `TOP` and `AUX`: two
    /// arrays of 8-byte records rather than one of 16-byte nodes, so that a node index
    /// addresses either without a shift (x86 scales an index by at most 8), and the links
    /// that `hide` writes at random places are packed twice as densely in the cache.
    pub vertical: Vec<Vertical>,
    pub entries: Vec<Entry>,
    pub items: Vec<ItemLinks>,
    /// `N`, the number of items. Item headers are nodes `1..=N`.
    pub item_count: usize,
    /// `N1`, the number of primary items (items `1..=N1`).
    pub primary_count: usize,
    /// Algorithm M's `BOUND` and `SLACK` of each primary item (index 0 unused): how many more
    /// options may cover the item, and by how many it may fall short of that (`v - u`).
    pub bound: Vec<i32>,
    pub slack: Vec<i32>,
    /// Knuth's updates: one per item taken out of its list of active items, plus one per node
    /// taken out of its item's list while an option is hidden.
    pub updates: u64,
}

impl Links {
    /// Knuth's step X1 [Initialize]: the table for a problem, every item active; `colors`
    /// selects the meaning of [`Node::aux`] (Algorithm C's colors, or Algorithm X's cyclic
    /// successors).
    pub fn new(problem: &Problem, colors: bool) -> Links {
        let n = problem.item_count();
        let n1 = problem.primary_count();
        let mut items = vec![ItemLinks::default(); n + 2];
        // The primary items form a circular list through the root 0, the secondary items one
        // through N + 1.
        let link = |items: &mut [ItemLinks], head: usize, first: usize, last: usize| {
            let mut prev = head;
            for k in first..=last {
                items[prev].next = k as u32;
                items[k].prev = prev as u32;
                prev = k;
            }
            items[prev].next = head as u32;
            items[head].prev = prev as u32;
        };
        link(&mut items, 0, 1, n1);
        link(&mut items, n + 1, n1 + 1, n);

        let capacity = n + 2 + problem.option_count() + problem.entry_count();
        let mut vertical = Vec::with_capacity(capacity);
        let mut entries = Vec::with_capacity(capacity);
        vertical.extend((0..=n).map(|k| Vertical {
            up: k as u32,
            down: k as u32,
        }));
        entries.resize(n + 1, Entry::default());
        // The first spacer.
        vertical.push(Vertical::default());
        entries.push(Entry::default());
        for option in problem.options() {
            let spacer = vertical.len() - 1;
            let first = vertical.len();
            for entry in problem.option(option) {
                let item = entry.item().index() + 1;
                let here = vertical.len() as u32;
                let bottom = vertical[item].up;
                vertical.push(Vertical {
                    up: bottom,
                    down: item as u32,
                });
                entries.push(Entry {
                    top: item as i32,
                    aux: if colors {
                        entry.color().map_or(0, |c| c.index() as i32 + 1)
                    } else {
                        here as i32 + 1
                    },
                });
                vertical[bottom as usize].down = here;
                vertical[item].up = here;
                entries[item].top += 1;
            }
            let last = vertical.len() - 1;
            if !colors {
                entries[last].aux = first as i32;
            }
            vertical[spacer].down = last as u32;
            vertical.push(Vertical {
                up: first as u32,
                down: 0,
            });
            entries.push(Entry {
                top: -(option.index() as i32) - 1,
                aux: 0,
            });
        }
        let mut bound = vec![0; n1 + 1];
        let mut slack = vec![0; n1 + 1];
        for item in problem.items().take(n1) {
            let (min, max) = problem.bounds(item).unwrap_or((1, 1));
            // Bounds fit: an item can be covered at most once per option, so larger bounds
            // are clamped to the number of options, which is below 2^31.
            let max = max.min(i32::MAX as u32) as i32;
            let min = min.min(max as u32) as i32;
            bound[item.index() + 1] = max;
            slack[item.index() + 1] = max - min;
        }
        let mut links = Links {
            vertical,
            entries,
            items,
            item_count: n,
            primary_count: n1,
            bound,
            slack,
            updates: 0,
        };
        links.mark_interleaved();
        links
    }

    /// Marks (with [`INTERLEAVED`] in the header's spare field) the items whose options
    /// would mostly be hidden right after a neighbour, as the shifted placements of one piece
    /// in a packing problem are.
    ///
    /// When two options follow each other in the list of the item being covered and also in
    /// another item's list, hiding the second one right after the first makes it wait: its
    /// node in the shared list sits right below the first one's, so `hide` reads links that it
    /// has just written. An item is marked when such steps would be at least
    /// [`INTERLEAVE_WAITS`] of the steps of covering it, counted on the table as built. Items
    /// are marked one by one because interleaving costs a second walk of the list and scatters
    /// the accesses: on pentomino packing, where the pieces' lists have 35-44% such steps and
    /// the cells' lists at most 25%, marking the pieces only took 1.47 CPU seconds to 1.23,
    /// marking every item to 1.33 (n queens and Langford pairs have no such steps at all).
    fn mark_interleaved(&mut self) {
        let n = self.item_count;
        let mut owner = vec![u32::MAX; self.vertical.len()];
        let mut option = 0;
        for (x, entry) in self.entries.iter().enumerate().skip(n + 2) {
            if entry.top > 0 {
                owner[x] = option;
            } else {
                option += 1;
            }
        }
        // For each option, the options below its nodes, with their items: an option below it
        // in `r` lists makes a step that waits in each of the `r` - 1 others.
        let mut followers: Vec<(u32, usize)> = Vec::new();
        let mut waits = vec![0usize; n + 1];
        let mut steps = vec![0usize; n + 1];
        let mut x = n + 2;
        while x < self.entries.len() {
            followers.clear();
            let first = x;
            while self.entries[x].top > 0 {
                let below = self.vertical[x].down as usize;
                if below > n {
                    followers.push((owner[below], self.entries[x].top as usize));
                }
                x += 1;
            }
            for entry in &self.entries[first..x] {
                steps[entry.top as usize] += x - first - 1;
            }
            x += 1;
            followers.sort_unstable();
            for run in followers.chunk_by(|a, b| a.0 == b.0) {
                for &(_, item) in run {
                    waits[item] += run.len() - 1;
                }
            }
        }
        for item in 1..=n {
            let (num, den) = INTERLEAVE_WAITS;
            // With fewer than 3 options the two orders are the same.
            if self.entries[item].top >= 3 && den * waits[item] >= num * steps[item] {
                self.entries[item].aux = INTERLEAVED;
            }
        }
    }

    /// Whether every primary item is covered (Knuth's `RLINK(0) = 0`).
    #[inline]
    pub fn all_covered(&self) -> bool {
        item_at(&self.items, 0).next == 0
    }

    /// Knuth's `DLINK(x)`.
    #[inline]
    pub fn down(&self, x: usize) -> usize {
        at(&self.vertical, x).down as usize
    }

    /// Whether node `x` is an item header (so the item's options are exhausted).
    #[inline]
    pub fn is_header(&self, x: usize) -> bool {
        x <= self.item_count
    }

    /// The option a node belongs to: walk right to the spacer that ends it.
    pub fn option_of(&self, mut x: usize) -> u32 {
        while self.entries[x].top > 0 {
            x += 1;
        }
        (-self.entries[x].top - 1) as u32
    }

    /// Step X3 [Choose i]: the active primary item with the fewest options, the leftmost
    /// among equals (Knuth's minimum-remaining-values heuristic, which fixes the search tree).
    /// Stops early at a length of 0, since nothing can beat it and it is the leftmost such.
    #[inline]
    pub fn choose(&self) -> usize {
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
                if len == 0 {
                    break;
                }
            }
            k = item_at(&self.items, k).next as usize;
        }
        best
    }

    /// `cover(i)`: take item `i` out of its list of active items and hide every option in its
    /// vertical list. With `COLORS`, nodes of purified options are left alone (Algorithm C).
    #[inline(always)]
    pub fn cover<const COLORS: bool>(&mut self, i: usize) {
        let ItemLinks { prev, next } = *item_at(&self.items, i);
        item_at_mut(&mut self.items, prev as usize).next = next;
        item_at_mut(&mut self.items, next as usize).prev = prev;
        let (vertical, entries) = (&mut self.vertical[..], &mut self.entries[..]);
        let mut updates = 1;
        let first = at(vertical, i).down as usize;
        if at(entries, i).aux == INTERLEAVED {
            updates += hide_interleaved::<COLORS>(vertical, entries, i, first);
        } else {
            let mut p = first;
            while p != i {
                let next = at(vertical, p).down as usize;
                prefetch(entries, next);
                updates += hide::<COLORS>(vertical, entries, p);
                p = next;
            }
        }
        self.updates += updates;
    }

    /// `uncover(i)`: the inverse of `cover(i)`, undoing its steps in the opposite order
    /// (options bottom to top, and each option right to left).
    #[inline(always)]
    pub fn uncover<const COLORS: bool>(&mut self, i: usize) {
        let (vertical, entries) = (&mut self.vertical[..], &mut self.entries[..]);
        let last = at(vertical, i).up as usize;
        if at(entries, i).aux == INTERLEAVED {
            unhide_interleaved::<COLORS>(vertical, entries, i, last);
        } else {
            let mut p = last;
            while p != i {
                let next = at(vertical, p).up as usize;
                prefetch(entries, next);
                unhide::<COLORS>(vertical, entries, p);
                p = next;
            }
        }
        let ItemLinks { prev, next } = *item_at(&self.items, i);
        item_at_mut(&mut self.items, prev as usize).next = i as u32;
        item_at_mut(&mut self.items, next as usize).prev = i as u32;
    }

    /// `purify(p)`: node `p` gives its secondary item color `c`; hide every option that gives
    /// the item another color (or none), and mark the options that agree with `c` so they are
    /// not purified again.
    fn purify(&mut self, p: usize) {
        let Entry { top, aux: color } = self.entries[p];
        let i = top as usize;
        let mut q = self.vertical[i].down as usize;
        while q != i {
            if self.entries[q].aux == color {
                if q != p {
                    self.entries[q].aux = -1;
                }
            } else {
                self.updates += hide::<true>(&mut self.vertical, &mut self.entries, q);
            }
            q = self.vertical[q].down as usize;
        }
    }

    /// `unpurify(p)`: the inverse of `purify(p)`, bottom to top.
    fn unpurify(&mut self, p: usize) {
        let Entry { top, aux: color } = self.entries[p];
        let i = top as usize;
        let mut q = self.vertical[i].up as usize;
        while q != i {
            if self.entries[q].aux < 0 {
                self.entries[q].aux = color;
            } else if q != p {
                unhide::<true>(&mut self.vertical, &mut self.entries, q);
            }
            q = self.vertical[q].up as usize;
        }
    }

    /// `commit(p, j)`: cover an uncolored item, purify a colored one, and leave alone one
    /// already purified with this color.
    #[inline]
    fn commit(&mut self, p: usize, top: usize) {
        let color = self.entries[p].aux;
        if color == 0 {
            self.cover::<true>(top);
        } else if color > 0 {
            self.purify(p);
        }
    }

    /// `uncommit(p, j)`: the inverse of `commit(p, j)`.
    #[inline]
    fn uncommit(&mut self, p: usize, top: usize) {
        let color = self.entries[p].aux;
        if color == 0 {
            self.uncover::<true>(top);
        } else if color > 0 {
            self.unpurify(p);
        }
    }

    /// The second half of step X5: cover (with `COLORS`, commit) the items of `x`'s option
    /// other than `x`'s own, left to right.
    ///
    /// Always inlined into the search loop, with `cover`: called once per node, as a function
    /// it cost 4-5% on L-tromino tiling (16 updates per node), more than the 16% that
    /// interleaving saved pentominoes was worth there.
    #[inline(always)]
    pub fn cover_rest<const COLORS: bool>(&mut self, x: usize) {
        let mut p = x + 1;
        while p != x {
            let top = at(&self.entries, p).top;
            if top <= 0 {
                p = at(&self.vertical, p).up as usize;
                continue;
            }
            if COLORS {
                self.commit(p, top as usize);
            } else {
                self.cover::<false>(top as usize);
            }
            p += 1;
        }
    }

    /// Step X6: the inverse of [`cover_rest`](Self::cover_rest), right to left, because
    /// uncovering an item can bring back nodes that the later items' uncovering must not see
    /// ("the choreography is delicate indeed").
    #[inline(always)]
    pub fn uncover_rest<const COLORS: bool>(&mut self, x: usize) {
        let mut p = x - 1;
        while p != x {
            let top = at(&self.entries, p).top;
            if top <= 0 {
                p = at(&self.vertical, p).down as usize;
                continue;
            }
            if COLORS {
                self.uncommit(p, top as usize);
            } else {
                self.uncover::<false>(top as usize);
            }
            p -= 1;
        }
    }

    /// Takes item `i` out of the list of active items (Algorithm M's null move, and M4).
    #[inline]
    pub fn deactivate(&mut self, i: usize) {
        let ItemLinks { prev, next } = self.items[i];
        self.items[prev as usize].next = next;
        self.items[next as usize].prev = prev;
    }

    /// Puts item `i` back into the list of active items.
    #[inline]
    pub fn reactivate(&mut self, i: usize) {
        let ItemLinks { prev, next } = self.items[i];
        self.items[prev as usize].next = i as u32;
        self.items[next as usize].prev = i as u32;
    }

    /// Algorithm M's `tweak(x, i)`: `x` is the topmost node of item `i`'s list; hide its
    /// option (unless `i` is covered, which hid it already) and take `x` out of the list, so
    /// the branches that follow do without it.
    #[inline]
    pub fn tweak<const COLORS: bool>(&mut self, x: usize, i: usize, hide_option: bool) {
        if hide_option {
            self.updates += hide::<COLORS>(&mut self.vertical, &mut self.entries, x);
        }
        let d = self.vertical[x].down;
        self.vertical[i].down = d;
        self.vertical[d as usize].up = i as u32;
        self.entries[i].top -= 1;
    }

    /// Algorithm M's `untweak`: undoes the tweaks of item `i` since its list began at `first`,
    /// unhiding the options (or, when `i` was covered instead, uncovering `i`).
    pub fn untweak<const COLORS: bool>(&mut self, first: usize, i: usize, unhide_options: bool) {
        let z = self.vertical[i].down as usize;
        self.vertical[i].down = first as u32;
        let mut x = first;
        let mut above = i;
        let mut k = 0;
        while x != z {
            self.vertical[x].up = above as u32;
            k += 1;
            if unhide_options {
                unhide::<COLORS>(&mut self.vertical, &mut self.entries, x);
            }
            above = x;
            x = self.vertical[x].down as usize;
        }
        self.vertical[z].up = above as u32;
        self.entries[i].top += k;
        if !unhide_options {
            self.uncover::<COLORS>(i);
        }
    }

    /// Step M6: cover or partially cover the items of `x`'s option other than `x`'s own, left
    /// to right: a primary item's `BOUND` goes down by one and the item is covered when it
    /// reaches 0; secondary items are committed.
    #[inline]
    pub fn cover_rest_bounded<const COLORS: bool>(&mut self, x: usize) {
        let mut p = x + 1;
        while p != x {
            let top = self.entries[p].top;
            if top <= 0 {
                p = self.vertical[p].up as usize;
                continue;
            }
            let j = top as usize;
            if j <= self.primary_count {
                self.bound[j] -= 1;
                if self.bound[j] == 0 {
                    self.cover::<COLORS>(j);
                }
            } else if COLORS {
                self.commit(p, j);
            } else {
                self.cover::<false>(j);
            }
            p += 1;
        }
    }

    /// Step M7: the inverse of [`cover_rest_bounded`](Self::cover_rest_bounded), right to left.
    #[inline]
    pub fn uncover_rest_bounded<const COLORS: bool>(&mut self, x: usize) {
        let mut p = x - 1;
        while p != x {
            let top = self.entries[p].top;
            if top <= 0 {
                p = self.vertical[p].down as usize;
                continue;
            }
            let j = top as usize;
            if j <= self.primary_count {
                if self.bound[j] == 0 {
                    self.uncover::<COLORS>(j);
                }
                self.bound[j] += 1;
            } else if COLORS {
                self.uncommit(p, j);
            } else {
                self.uncover::<false>(j);
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
    pub fn choose_bounded(&self) -> (usize, i64) {
        let mut best = 0;
        let mut best_score = i64::MAX;
        let (mut best_s, mut best_len) = (i64::MAX, -1);
        let mut k = item_at(&self.items, 0).next as usize;
        while k != 0 {
            // The unchecked reads rest on the invariant beside `at`: the list through the
            // root holds only primary items, `1..=N1`, and `bound` and `slack` have `N1 + 1`
            // entries.
            let b = *at(&self.bound, k) as i64;
            let s = (*at(&self.slack, k) as i64).min(b);
            let len = at(&self.entries, k).top as i64;
            let score = len + s - b + 1;
            // Chosen without branches: which item is better so far follows no pattern the
            // processor can learn, and the mispredictions cost more than the four
            // conditional moves (queens13-pd: 1.31 -> 1.11 CPU seconds, fastest of seven).
            let better = (score < best_score)
                | ((score == best_score) & ((s < best_s) | ((s == best_s) & (len > best_len))));
            best = if better { k } else { best };
            best_score = if better { score } else { best_score };
            best_s = if better { s } else { best_s };
            best_len = if better { len } else { best_len };
            if best_score <= 0 {
                break;
            }
            k = item_at(&self.items, k).next as usize;
        }
        (best, best_score)
    }

    /// One level of Algorithm X or C done at once, for replaying a prefix: cover item `i`, then
    /// the rest of option `x` (which is in `i`'s list). Returns the updates of the second part.
    pub fn enter_level(&mut self, colors: bool, i: usize, x: usize) -> u64 {
        if colors {
            self.cover::<true>(i);
        } else {
            self.cover::<false>(i);
        }
        let before = self.updates;
        if colors {
            self.cover_rest::<true>(x);
        } else {
            self.cover_rest::<false>(x);
        }
        self.updates - before
    }

    /// The inverse of [`enter_level`](Self::enter_level).
    pub fn leave_level(&mut self, colors: bool, i: usize, x: usize) {
        if colors {
            self.uncover_rest::<true>(x);
            self.uncover::<true>(i);
        } else {
            self.uncover_rest::<false>(x);
            self.uncover::<false>(i);
        }
    }

    /// Marks every item [`INTERLEAVED`], or none, whatever `mark_interleaved` chose: for
    /// tests, which must find the same search either way.
    #[cfg(test)]
    pub fn set_interleaved(&mut self, on: bool) {
        for item in 1..=self.item_count {
            self.entries[item].aux = if on { INTERLEAVED } else { 0 };
        }
    }

    /// Whether item `i` is marked [`INTERLEAVED`].
    #[cfg(test)]
    pub fn is_interleaved(&self, i: usize) -> bool {
        self.entries[i].aux == INTERLEAVED
    }

    /// Knuth's `sanity()`: checks the redundant links of every active item. For tests.
    #[cfg(test)]
    pub fn check_invariants(&self) -> Result<(), String> {
        let n = self.item_count;
        for head in [0, n + 1] {
            let mut prev = head;
            let mut k = self.items[head].next as usize;
            let mut steps = 0;
            loop {
                if self.items[k].prev as usize != prev {
                    return Err(format!("bad LLINK at item {k}"));
                }
                if k == head {
                    break;
                }
                steps += 1;
                if steps > n {
                    return Err(format!("item list {head} does not close"));
                }
                let mut above = k;
                let mut p = self.vertical[k].down as usize;
                let mut len = 0;
                loop {
                    if self.vertical[p].up as usize != above {
                        return Err(format!("bad ULINK at node {p} in item {k}"));
                    }
                    if p == k {
                        break;
                    }
                    if self.entries[p].top as usize != k {
                        return Err(format!("bad TOP at node {p} in item {k}"));
                    }
                    len += 1;
                    if len > self.vertical.len() {
                        return Err(format!("list of item {k} does not close"));
                    }
                    above = p;
                    p = self.vertical[p].down as usize;
                }
                if self.entries[k].top != len as i32 {
                    return Err(format!(
                        "bad LEN {} at item {k}: {len} nodes",
                        self.entries[k].top
                    ));
                }
                prev = k;
                k = self.items[k].next as usize;
            }
        }
        Ok(())
    }
}

/// `hide(p)`: take every other node of `p`'s option out of its item's list. Returns the
/// number of nodes taken out (Knuth's updates).
///
/// The nodes of one option lie in different item lists, so the order in which they leave
/// (and, in `unhide`, rejoin) their lists does not matter; Algorithm X walks the option by
/// its cyclic successors and `unhide` does the same.
#[inline]
fn hide<const COLORS: bool>(vertical: &mut [Vertical], entries: &mut [Entry], p: usize) -> u64 {
    let mut updates = 0;
    if !COLORS {
        let mut q = at(entries, p).aux as usize;
        while q != p {
            let Vertical { up, down } = *at(vertical, q);
            let Entry { top, aux: next } = *at(entries, q);
            at_mut(vertical, up as usize).down = down;
            at_mut(vertical, down as usize).up = up;
            at_mut(entries, top as usize).top -= 1;
            updates += 1;
            q = next as usize;
        }
        return updates;
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
            at_mut(entries, top as usize).top -= 1;
            updates += 1;
        }
        q += 1;
    }
    updates
}

/// The loop of `cover(i)` for an [`INTERLEAVED`] item whose list starts at `first`: hides the
/// options at odd places of the list, then those at even places. Returns the updates.
///
/// Always inlined, as `cover` is: this loop made `cover` too large for the inliner, and
/// calling `cover` cost 6% more instructions on queens11-pd, where no item is interleaved.
#[inline(always)]
fn hide_interleaved<const COLORS: bool>(
    vertical: &mut [Vertical],
    entries: &mut [Entry],
    i: usize,
    first: usize,
) -> u64 {
    let mut updates = 0;
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
            updates += hide::<COLORS>(vertical, entries, p);
            p = next;
        }
    }
    updates
}

/// The loop of `uncover(i)` for an [`INTERLEAVED`] item whose list ends at `last`: the
/// inverse of [`hide_interleaved`], so the options at even places come back first, bottom
/// up, then those at odd places. Which places are even is read from `LEN(i)`, which is what
/// it was when `i` was covered: no node of a covered item's list is hidden (all its options
/// are).
#[inline(always)]
fn unhide_interleaved<const COLORS: bool>(
    vertical: &mut [Vertical],
    entries: &mut [Entry],
    i: usize,
    last: usize,
) {
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
            unhide::<COLORS>(vertical, entries, p);
            p = next;
        }
    }
}

/// `unhide(p)`: the inverse of `hide(p)`.
#[inline]
fn unhide<const COLORS: bool>(vertical: &mut [Vertical], entries: &mut [Entry], p: usize) {
    if !COLORS {
        let mut q = at(entries, p).aux as usize;
        while q != p {
            let Vertical { up, down } = *at(vertical, q);
            let Entry { top, aux: next } = *at(entries, q);
            at_mut(vertical, up as usize).down = q as u32;
            at_mut(vertical, down as usize).up = q as u32;
            at_mut(entries, top as usize).top += 1;
            q = next as usize;
        }
        return;
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
            at_mut(entries, top as usize).top += 1;
        }
        q -= 1;
    }
}

// The table's one invariant that memory safety rests on: every link (`up`, `down`), every
// positive `top` of a node that is not a header, every `aux` of an option's node in
// Algorithm X, and every node an operation starts from or steps to is an index into both node
// arrays (`vertical` and `entries`, which have one record per node); every `prev` and `next`
// of an item, and every item an operation is given, is an index into `items`; and the list of
// active items through the root 0 holds only primary items, which index `bound` and `slack`
// too. `Links::new` establishes it; the operations preserve it
// because they only ever store indices they read from the table, and they step within an
// option only from a node that is neither a header nor a spacer (every option is followed and
// preceded by a spacer, so `q + 1` and `q - 1` stay in the table). Debug builds (and so every
// test, since the test profile keeps debug assertions on in this crate) check each index.

/// Asks the processor to bring record `x` into the cache, where it can (x86-64; not under
/// Miri, which does not know the instruction). `cover` and `uncover` ask for the next option's
/// entries while they hide the current one: the next node of an item's list is usually far
/// away in memory, and its `aux` starts the next walk. 4% fewer CPU seconds on pentominoes
/// (median of five interleaved runs: 1.54 -> 1.47 s), nothing measurable elsewhere; asking
/// for its links too did no better.
#[inline(always)]
fn prefetch<T>(records: &[T], x: usize) {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    // SAFETY: a prefetch never faults, whatever the address (and `x` is a node index by the
    // invariant below, so the address is in the array anyway); SSE is part of x86-64.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(records.as_ptr().wrapping_add(x) as *const i8);
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    let _ = (records, x);
}

/// The links of item `i`, without a bounds check in release builds.
#[inline(always)]
fn item_at(items: &[ItemLinks], i: usize) -> &ItemLinks {
    debug_assert!(i < items.len(), "item {i} out of {}", items.len());
    // SAFETY: `i` is an index into `items` by the invariant above (every `prev`, `next` and
    // positive `top` is an item index).
    unsafe { items.get_unchecked(i) }
}

/// The links of item `i`, mutably, without a bounds check in release builds.
#[inline(always)]
fn item_at_mut(items: &mut [ItemLinks], i: usize) -> &mut ItemLinks {
    debug_assert!(i < items.len(), "item {i} out of {}", items.len());
    // SAFETY: as for `item_at`.
    unsafe { items.get_unchecked_mut(i) }
}

/// The record of node `x` (its [`Vertical`] links or its [`Entry`]), without a bounds check
/// in release builds.
#[inline(always)]
fn at<T>(records: &[T], x: usize) -> &T {
    debug_assert!(x < records.len(), "node {x} out of {}", records.len());
    // SAFETY: `x` is an index into the node arrays by the invariant above (both have one
    // record per node).
    unsafe { records.get_unchecked(x) }
}

/// The record of node `x`, mutably, without a bounds check in release builds.
#[inline(always)]
fn at_mut<T>(records: &mut [T], x: usize) -> &mut T {
    debug_assert!(x < records.len(), "node {x} out of {}", records.len());
    // SAFETY: as for `at`.
    unsafe { records.get_unchecked_mut(x) }
}

// Starts the sections of the search loops of Algorithms X and M (`Search::run_x`, `run_m`) on
// a 4 KiB page each. An assembler directive, not code: it emits no instruction, only raises
// the sections' alignment, which the linker honours when it places them.
#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
std::arch::global_asm!(
    ".pushsection .text.dlx_hot_x,\"ax\",@progbits",
    ".balign 4096",
    ".popsection",
    ".pushsection .text.dlx_hot_m,\"ax\",@progbits",
    ".balign 4096",
    ".popsection"
);
