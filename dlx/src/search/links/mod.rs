//! The dancing-links table, laid out as in Knuth's DLX1 and DLX2 (TAOCP 7.2.2.1, Table 1), and
//! the operations of Algorithms X, C ([`dance`]) and M ([`bounded`]) on it.
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
//! at random places are packed twice as densely. Indices instead of pointers halve the size
//! of a node, and keep the table `Clone` for parallel workers.
//!
//! Item numbers here are one more than [`ItemId`](crate::ItemId)s, since 0 is the root.
//!
//! # The invariant that memory safety rests on
//!
//! The inner loops index the arrays without bounds checks ([`unchecked`](crate::unchecked), the crate's one
//! module with unchecked indexing). The fields of [`Links`] are private, so the table changes
//! only through the operations of this module and its submodules, and these keep:
//!
//! 1. *Links in bounds.* Every `ULINK` and `DLINK` is a node index, every `LLINK` and `RLINK`
//!    an item index (`0..=N + 1`). Operations store only values they read from such links,
//!    item numbers read from a `TOP`, or indices checked on the way in.
//! 2. *Fixed kinds.* Nodes `1..=N` are headers; every other node is a spacer (`TOP <= 0`) or
//!    an option's node (`1 <= TOP <= N`), and stays one: only headers' `TOP`s (`LEN`) are
//!    written. Node `N + 1` and the last node are spacers, so from an option's node, stepping
//!    left or right reaches a spacer within the array, and a spacer's links (never written)
//!    lead back into its option. In Algorithm X's table an option node's `aux` (its
//!    successor in the option) is never written; in Algorithm C's it is a color, and
//!    operations whose `COLORS` differs from the table's are refused.
//! 3. *Closed lists.* The links of a header or node of item `i`'s vertical list point to
//!    header `i` or to nodes whose `TOP` is `i`. Hiding and unhiding move a node within its
//!    own item's list; Algorithm M's tweaks are checked to take a node of the item they
//!    tweak. So walking an item's list from its header meets only that item's nodes, which
//!    are options' nodes: `hide` and `unhide` never start from a header or a spacer.
//!
//! The operations that take a node or an item from the search check it (an item number in
//! range; a node that belongs to an option, and to the item where that matters) and panic
//! otherwise: a logic error in the search is a panic, never undefined behaviour. These checks
//! are a few predictable branches per search node, against bounds checks at every step.
//! Debug builds also check every unchecked index, and `check_invariants` (Knuth's
//! `sanity()`) checks the lists in tests.

mod bounded;
mod dance;
mod m;
mod prune;
mod xc;

pub(crate) use prune::{Marks, Probed, WipeOut};

use std::sync::atomic::Ordering;

use crate::fallible::{try_copy, try_vec, try_with_capacity};
use crate::problem::Problem;

/// The vertical links of one node of the table (an entry of an option, an item header, or a
/// spacer): what `hide` and `unhide` write, at random places. The node's other fields are in
/// [`Entry`], at the same index of a second array.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
struct Vertical {
    /// Knuth's `ULINK`: the node above in the item's vertical list. In a spacer: the first
    /// node of the preceding option.
    up: u32,
    /// Knuth's `DLINK`: the node below. In a spacer: the last node of the following option.
    down: u32,
}

/// The fields of one node that are read when an option is walked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
struct Entry {
    /// Knuth's `TOP`: the node's item (`>= 1`). In an item header: `LEN`, the length of the
    /// item's list. In a spacer: `-(k + 1)` after option `k`, and 0 before the first option.
    top: i32,
    /// Knuth's spare field. In Algorithm C it is `COLOR`: 0 for none, `c + 1` for color `c`,
    /// and -1 once the node's option is known to agree with a purified item (so it is not
    /// hidden again). In Algorithm X, which has no colors, it is the next node of the same
    /// option, cyclically, so that `hide` and `unhide` walk an option without testing for a
    /// spacer at every step: that test mispredicts once per option walked, which was a large
    /// share of the time on pentomino packing. In an item header: [`INTERLEAVED`] or 0, how
    /// `cover` walks the item's list.
    aux: i32,
}

/// The spare field of an item's header when `cover` hides the item's options in two
/// interleaved passes, first those at odd places of the list, then those at even places (and
/// `uncover` brings them back in exactly the opposite order, as dancing links require). The
/// table and the search tree are the same either way; what changes is that two options next
/// to each other in this list and also in another item's list (so the second one's node sits
/// right below the first one's) are not hidden one right after the other: the second hide
/// would read links the first had just written and wait for them. See
/// [`Links::mark_interleaved`].
const INTERLEAVED: i32 = 1;

/// The share of an item's hide steps that must wait on the step before (as a fraction: 3/10)
/// for [`Links::mark_interleaved`] to mark it (measurements in `docs/engine.md`).
pub(crate) const INTERLEAVE_WAITS: (usize, usize) = (3, 10);

/// Knuth's `LLINK` and `RLINK` of an item in its list of active items.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct ItemLinks {
    /// `LLINK`: the previous active item.
    prev: u32,
    /// `RLINK`: the next active item.
    next: u32,
}

/// The mutable state of one search: the links, and Knuth's count of updates.
#[derive(Clone, Debug)]
pub(crate) struct Links {
    /// The nodes' `ULINK` and `DLINK`, and (at the same indices) their `TOP` and `AUX`.
    vertical: Vec<Vertical>,
    entries: Vec<Entry>,
    items: Vec<ItemLinks>,
    /// `N`, the number of items. Item headers are nodes `1..=N`.
    item_count: usize,
    /// `N1`, the number of primary items (items `1..=N1`).
    primary_count: usize,
    /// Whether `aux` holds Algorithm C's colors (or Algorithm X's successors).
    colors: bool,
    /// Algorithm M's `BOUND` and `SLACK` of each primary item (a record for every item, the
    /// others unused): how many more options may cover the item, and by how many it may
    /// fall short of that (`v - u`).
    bound: Vec<i32>,
    slack: Vec<i32>,
    /// Knuth's updates: one per item taken out of its list of active items, plus one per node
    /// taken out of its item's list while an option is hidden.
    updates: u64,
    /// The number of active primary items with an empty list. It lets
    /// [`choose_watched`](Self::choose_watched) stop at the first item with one option when
    /// it is 0, which is then Knuth's choice, instead of scanning every active item. Kept
    /// only by the operations with `WATCH` (a hide empties a list, a cover takes an empty
    /// item away, an unhide refills a list, an uncover brings an empty item back: every list
    /// that a hide or an unhide touches belongs to an active item, or to the one being
    /// covered), so it is counted on entering a search that uses them
    /// ([`sync_watched`](Self::sync_watched)). A flag set by every emptied list instead
    /// was set at three nodes in four of a sudoku's search, mostly by the items of the
    /// option being taken (emptied by hiding the option itself, then covered), each time a
    /// whole scan.
    empty_items: i32,
    /// Whether the search should watch for emptied lists: on problems of at least
    /// [`WATCH_EMPTY_FROM`] primary items.
    watch_empty: bool,
    /// The active primary items as bits (item `k` at bit `k % 64` of word `k / 64`), for
    /// [`choose_watched`](Self::choose_watched) on problems of [`WATCH_EMPTY_FROM`] to
    /// [`ACTIVE_BITS_BELOW`] primary items (empty on others), kept by the operations with
    /// `WATCH`. A scan of the bits visits the items in the list's order (by index, which
    /// covering and uncovering last in, first out keep), but reads each item's length
    /// without first waiting for the link to it, as a walk of the list must. The sudokus'
    /// scans are long, and that saves them 7-11% of a process's time; kept by every cover,
    /// the bits cost the plain loops (a few dozen items, short walks) 5%.
    active: Vec<u64>,
}

/// The largest table a problem keeps: 65,536 nodes, about a megabyte.
const KEPT_NODES: usize = 1 << 16;

/// The number of primary items below which [`Links::active`] is kept: scans of up to 64
/// words.
pub(crate) const ACTIVE_BITS_BELOW: usize = 4096;

/// The number of primary items from which [`Links::choose`] may stop early. Watching for
/// emptied lists costs a test per update: 4-6% of the time of n queens and Langford pairs
/// (a few dozen items, scanned quickly), while on a 9 x 9 sudoku (324 items, most nodes with
/// an item of one option) the shorter scans save more than that, and on problems of many
/// thousands of items they turn a quadratic search into a linear one.
pub(crate) const WATCH_EMPTY_FROM: usize = 128;

impl Links {
    /// Knuth's step X1 [Initialize]: the table for a problem, every item active; `colors`
    /// selects the meaning of [`Entry::aux`] (Algorithm C's colors, or Algorithm X's cyclic
    /// successors).
    pub fn new(problem: &Problem, colors: bool) -> Links {
        Links::try_new(problem, colors).expect("memory for the table of the search")
    }

    /// [`new`](Self::new), or `None` when the allocator refuses the memory of an array
    /// (where `new` would abort the process).
    pub fn try_new(problem: &Problem, colors: bool) -> Option<Links> {
        let n = problem.item_count();
        let n1 = problem.primary_count();
        let mut items = try_vec(n + 2, ItemLinks::default())?;
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
        let mut vertical = try_with_capacity(capacity)?;
        let mut entries = try_with_capacity(capacity)?;
        // The option of each node, for `mark_interleaved` (`u32::MAX` for the headers and
        // the spacers).
        let mut owner = try_with_capacity(capacity)?;
        owner.resize(n + 2, u32::MAX);
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
                owner.push(option.index() as u32);
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
            owner.push(u32::MAX);
        }
        // A record for every item (secondary items' unused), so that any item index is in
        // bounds, whatever list it was read from.
        let mut bound = try_vec(n + 2, 0)?;
        let mut slack = try_vec(n + 2, 0)?;
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
            colors,
            bound,
            slack,
            updates: 0,
            empty_items: 0,
            watch_empty: n1 >= WATCH_EMPTY_FROM,
            active: Vec::new(),
        };
        if (WATCH_EMPTY_FROM..ACTIVE_BITS_BELOW).contains(&n1) {
            links.active = vec![0; n1 / 64 + 1];
            for k in 1..=n1 {
                links.active[k / 64] |= 1 << (k % 64);
            }
        }
        links.mark_interleaved(&owner, problem.option_count());
        Some(links)
    }

    /// The table of [`new`](Self::new), copied from the one `problem` keeps where it keeps
    /// one: a problem of at most [`KEPT_NODES`] nodes keeps a copy of its table when a second
    /// search builds it, and the searches after that copy it, which takes a fraction of
    /// the time of building it. So a program that solves one problem many times (from
    /// different given options, say) builds its table twice, and a problem holds at most
    /// about two megabytes more than its options.
    ///
    /// `None` when the allocator refuses the memory of a table too large to be kept (a kept
    /// one is small).
    pub fn try_of(problem: &Problem, colors: bool) -> Option<Links> {
        let nodes = problem.item_count() + 2 + problem.option_count() + problem.entry_count();
        if nodes > KEPT_NODES {
            return Links::try_new(problem, colors);
        }
        let tables = problem.kept_tables();
        let kind = usize::from(colors);
        let kept = tables.kept[kind].get();
        if let Some(table) = kept.and_then(|table| table.downcast_ref::<Links>()) {
            return Some(table.clone());
        }
        let table = Links::new(problem, colors);
        if tables.built[kind].swap(true, Ordering::Relaxed) {
            // Another thread may have kept one first: the same table.
            let _ = tables.kept[kind].set(Box::new(table.clone()));
        }
        Some(table)
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
    fn mark_interleaved(&mut self, owner: &[u32], option_count: usize) {
        let n = self.item_count;
        // An optimization only: where its tables cannot be had, the items stay as built.
        let Some((waits, steps)) = self.waits_and_steps(owner, option_count) else {
            return;
        };
        for item in 1..=n {
            let (num, den) = INTERLEAVE_WAITS;
            // With fewer than 3 options the two orders are the same.
            if self.entries[item].top >= 3 && den * waits[item] >= num * steps[item] {
                self.entries[item].aux = INTERLEAVED;
            }
        }
    }

    /// For each item (from 1), the steps of covering it that would wait on the step before,
    /// and all its steps; `owner` gives each node's option.
    ///
    /// Taking an option that is below this one in `r` lists makes a step that waits in each of
    /// the `r` - 1 others. Options have few nodes, so each option counts its followers in a
    /// table by option, stamped with the option counting (no sorting, no clearing).
    fn waits_and_steps(
        &self,
        owner: &[u32],
        option_count: usize,
    ) -> Option<(Vec<usize>, Vec<usize>)> {
        let n = self.item_count;
        let mut waits = try_vec(n + 1, 0)?;
        let mut steps = try_vec(n + 1, 0)?;
        let mut counted_by = try_vec(option_count, u32::MAX)?;
        let mut below_count = try_vec(option_count, 0)?;
        let mut first = n + 2;
        for option in 0..option_count as u32 {
            let len = self.entries[first..]
                .iter()
                .take_while(|e| e.top > 0)
                .count();
            let nodes = &self.entries[first..first + len];
            let downs = &self.vertical[first..first + len];
            for down in downs {
                let below = down.down as usize;
                if below > n {
                    let follower = owner[below] as usize;
                    if counted_by[follower] != option {
                        counted_by[follower] = option;
                        below_count[follower] = 0;
                    }
                    below_count[follower] += 1;
                }
            }
            for (node, down) in nodes.iter().zip(downs) {
                let item = node.top as usize;
                steps[item] += len - 1;
                let below = down.down as usize;
                if below > n {
                    waits[item] += below_count[owner[below] as usize] - 1;
                }
            }
            first += len + 1;
        }
        Some((waits, steps))
    }

    /// [`waits_and_steps`](Self::waits_and_steps) as first written: each option's followers
    /// sorted and taken in runs.
    #[cfg(test)]
    pub(crate) fn waits_and_steps_by_sorting(&self) -> (Vec<usize>, Vec<usize>) {
        let n = self.item_count;
        let (owner, _) = self.owners();
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
        (waits, steps)
    }

    /// The counts of [`waits_and_steps`](Self::waits_and_steps), for tests.
    #[cfg(test)]
    pub(crate) fn waits_and_steps_counted(&self) -> (Vec<usize>, Vec<usize>) {
        let (owner, options) = self.owners();
        self.waits_and_steps(&owner, options)
            .expect("memory for the counts")
    }

    /// Each node's option as the table says (`u32::MAX` for headers and spacers), found by
    /// walking the table rather than noted while building it, and the number of options.
    #[cfg(test)]
    fn owners(&self) -> (Vec<u32>, usize) {
        let mut owner = vec![u32::MAX; self.vertical.len()];
        let mut option = 0;
        for (x, entry) in self.entries.iter().enumerate().skip(self.item_count + 2) {
            if entry.top > 0 {
                owner[x] = option;
            } else {
                option += 1;
            }
        }
        (owner, option as usize)
    }

    /// Knuth's updates so far.
    #[inline]
    pub fn updates(&self) -> u64 {
        self.updates
    }

    /// Sets the count of updates back (the replay of a prefix counts none of its own).
    pub fn set_updates(&mut self, updates: u64) {
        self.updates = updates;
    }

    /// `N1`, the number of primary items.
    pub fn primary_count(&self) -> usize {
        self.primary_count
    }

    /// Whether node `x` is an item header (so the item's options are exhausted).
    #[inline]
    pub fn is_header(&self, x: usize) -> bool {
        x <= self.item_count
    }

    /// Knuth's `LEN(i)`: how many options item `i`'s list holds.
    #[inline]
    pub fn len(&self, i: usize) -> usize {
        self.entries[self.checked_item(i)].top as usize
    }

    /// The item of an option's node `x` (Knuth's `TOP(x)`).
    #[inline]
    pub fn item_of(&self, x: usize) -> usize {
        self.entries[self.checked_node(x)].top as usize
    }

    /// Knuth's `DLINK(x)`.
    #[inline]
    pub fn down(&self, x: usize) -> usize {
        self.vertical[x].down as usize
    }

    /// The option a node belongs to: walk right to the spacer that ends it.
    pub fn option_of(&self, x: usize) -> u32 {
        let mut x = self.checked_node(x);
        while self.entries[x].top > 0 {
            x += 1;
        }
        (-self.entries[x].top - 1) as u32
    }

    /// The node of option `option`'s entry at `place` (from 0), given the number of entries
    /// of the options before it (the nodes follow the headers, the first spacer, and the
    /// options before, each with its spacer).
    pub fn node_of_entry(&self, option: usize, entries_before: usize, place: usize) -> usize {
        self.item_count + 2 + entries_before + option + place
    }

    /// Item `i`, checked to be an item (`1..=N`): panics otherwise.
    #[inline(always)]
    fn checked_item(&self, i: usize) -> usize {
        assert!(
            i.wrapping_sub(1) < self.item_count,
            "{i} is not an item of the table"
        );
        i
    }

    /// Node `x`, checked to be a node of an option: panics otherwise.
    #[inline(always)]
    fn checked_node(&self, x: usize) -> usize {
        assert!(self.is_option_node(x), "{x} is not a node of an option");
        x
    }

    /// Whether `x` is a node of an option (not a header, not a spacer).
    #[inline(always)]
    fn is_option_node(&self, x: usize) -> bool {
        x > self.item_count && self.entries.get(x).is_some_and(|e| e.top > 0)
    }

    /// Checks that an operation walks the table with its own kind of `aux` field.
    #[inline(always)]
    pub(crate) fn check_colors<const COLORS: bool>(&self) {
        assert!(
            COLORS == self.colors,
            "a table walked with the wrong colors"
        );
    }

    /// A copy, or `None` when the allocator refuses the memory for its nodes (where `clone`
    /// would abort the process).
    pub fn try_clone(&self) -> Option<Links> {
        Some(Links {
            vertical: try_copy(&self.vertical)?,
            entries: try_copy(&self.entries)?,
            items: try_copy(&self.items)?,
            bound: try_copy(&self.bound)?,
            slack: try_copy(&self.slack)?,
            active: try_copy(&self.active)?,
            ..*self
        })
    }

    /// Marks every item [`INTERLEAVED`], or none, whatever `mark_interleaved` chose: for
    /// tests, which must find the same search either way.
    #[cfg(test)]
    pub fn set_interleaved(&mut self, on: bool) {
        for item in 1..=self.item_count {
            self.entries[item].aux = if on { INTERLEAVED } else { 0 };
        }
    }

    /// Whether the search watches for emptied lists (and scans the active items' bits),
    /// whatever the number of items: for tests, which must find the same search either way.
    #[cfg(test)]
    pub fn set_watch_empty(&mut self, on: bool) {
        self.watch_empty = on;
        if on && self.active.is_empty() {
            // Filled on entering the search (`sync_watched`).
            self.active = vec![0; self.primary_count / 64 + 1];
        }
    }

    /// Whether item `i` is marked [`INTERLEAVED`].
    #[cfg(test)]
    pub fn is_interleaved(&self, i: usize) -> bool {
        self.entries[i].aux == INTERLEAVED
    }

    /// The number of items, `N`.
    pub fn item_count(&self) -> usize {
        self.item_count
    }

    /// Whether two tables are in the same state (the count of updates aside): for tests that
    /// check that a search leaves the links as it found them.
    #[cfg(test)]
    pub fn same_state(&self, other: &Links) -> bool {
        self.vertical == other.vertical
            && self.entries == other.entries
            && self.items == other.items
            && self.bound == other.bound
            && self.slack == other.slack
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
