//! The sparse-set search ([`Tree::SparseSets`](crate::Tree::SparseSets)): Algorithms X and C
//! danced on sparse sets, after Christine Solnon's "dancing cells" and Knuth's SSXCC, in a
//! tree of our own that does not depend on how the search got to a node.
//!
//! The table: each item has one array of the nodes of its options still alive, `size` of
//! them at the front, and every node knows its place in its item's array. Removing an option
//! from an item swaps its node with the last live one and shrinks the size; putting options
//! back is writing the old sizes back, since every removal only swaps inside the live part.
//! So a branch node saves the sizes of the active items once, and each of its options is
//! undone by writing them back, instead of relinking every node as dancing links do. The
//! active items are a sparse set too: primary items at the front of `active`, secondary
//! ones after them.
//!
//! The tree: at each node, the active primary item with the fewest options, the first in
//! item order among equals (so the choice depends only on which options are alive, never on
//! the order of the arrays, and a prefix replayed on another thread or machine has the same
//! subtree); an item with one option is a forced move, taken without saving anything; and
//! covering an option fails at once, without a node, when it leaves an active primary item
//! with no option. So the tree has fewer nodes than Knuth's DLX1 tree on most problems
//! (302,477 against 909,153 on the pentominoes with symmetry broken), and its node and update
//! counts are its own: an update here is an item made inactive or an option removed from an
//! item's array, at a branch node or by a cover that succeeds (how far a failing cover gets
//! depends on the order of the arrays, so it is not counted, and threads and shards add up
//! to one thread's counts).
//!
//! With colors (Algorithm C), an option that gives a secondary item a color makes the item
//! inactive and removes only the options that give it another color (or none), as Knuth's
//! purification does; the options with the same color stay, and take the item no more.

use super::{Branch, SetTable};
use crate::error::PrefixError;
use crate::fallible::{try_copy, try_vec, try_with_capacity};
use crate::problem::{ItemId, OptionId, Problem};
use crate::search::{Event, Search};
use crate::unchecked::{put, value_at as at};

/// `level_saved` of a forced level, which saved nothing.
const FORCED: u32 = u32::MAX;

/// A node of an option: its item (the item's base in `Sparse::set`) and its place in that
/// item's array; or, at the spacer after each option, the (negative) distance back to the
/// option's first node and the option's number.
#[derive(Copy, Clone, Debug)]
struct SparseNode {
    item: i32,
    place: u32,
}

/// The sparse-set table and the search's undo stack.
#[derive(Clone, Debug)]
pub(crate) struct Sparse {
    /// For the item with base `b`: its place in `active` at `b - 2`, its size at `b - 1`, and
    /// the nodes of its options from `b` on, the live ones first. Bases grow with the item's
    /// number.
    set: Vec<u32>,
    nodes: Vec<SparseNode>,
    /// Each node's color (0 for none); empty without colors.
    colors: Vec<u32>,
    /// The items by base: the primary ones at `..primaries`, the live ones of those first;
    /// the secondary ones after, the live ones first.
    active: Vec<u32>,
    primaries: u32,
    live_primary: u32,
    live_secondary: u32,
    /// The base of the first secondary item (`u32::MAX` when there is none).
    second: u32,
    /// Every item's base and full size, to put the table back as it started.
    initial: Vec<(u32, u32)>,
    /// What branch levels saved: the base and size of each live item.
    saved: Vec<(u32, u32)>,
    /// Where each level's save starts in `saved`, or [`FORCED`].
    level_saved: Vec<u32>,
    /// Each branch level's live counts.
    level_live: Vec<(u32, u32)>,
    updates: u64,
    /// The items (and colors) of the option being covered, kept for its allocation.
    others: Vec<(u32, u32)>,
}

/// What a node branches on.
enum Choice {
    /// The item's base and its number of options (0 is a dead end).
    Item(u32, u32),
    Solution,
}

impl Sparse {
    /// The table of `problem`, with its colors when `colors` is set, or `None` when the
    /// allocator refuses the memory of an array (where `vec!` would abort the process). Each
    /// array is made at its size at once: each item's options are counted first.
    pub fn try_new(problem: &Problem, colors: bool, depth: usize) -> Option<Sparse> {
        let n = problem.item_count();
        let total = 1 + problem.option_count() + problem.entry_count();
        let mut sizes = try_vec(n, 0u32)?;
        for entry in problem.options().flat_map(|option| problem.option(option)) {
            sizes[entry.item().index()] += 1;
        }
        // Each item's place in `set`: its number and size, then its nodes.
        let mut set = try_vec(2 * n + problem.entry_count(), 0u32)?;
        let mut bases = try_with_capacity(n)?;
        let mut initial = try_with_capacity(n)?;
        let primaries = problem.primary_count() as u32;
        let mut second = u32::MAX;
        let mut at = 0;
        for (i, &size) in sizes.iter().enumerate() {
            set[at] = i as u32;
            set[at + 1] = size;
            let base = at as u32 + 2;
            if i as u32 == primaries {
                second = base;
            }
            bases.push(base);
            initial.push((base, size));
            at = base as usize + size as usize;
        }
        // Now the number of each item's nodes placed so far.
        sizes.fill(0);
        let mut nodes = try_with_capacity(total)?;
        nodes.push(SparseNode { item: 0, place: 0 });
        let mut node_colors = if colors {
            try_with_capacity(total)?
        } else {
            Vec::new()
        };
        if colors {
            node_colors.push(0);
        }
        for option in problem.options() {
            let first = nodes.len();
            for entry in problem.option(option) {
                let item = entry.item().index();
                let place = bases[item] + sizes[item];
                sizes[item] += 1;
                set[place as usize] = nodes.len() as u32;
                nodes.push(SparseNode {
                    item: bases[item] as i32,
                    place,
                });
                if colors {
                    node_colors.push(entry.color().map_or(0, |color| color.index() as u32 + 1));
                }
            }
            let spacer = nodes.len();
            nodes.push(SparseNode {
                item: first as i32 - spacer as i32,
                place: option.index() as u32,
            });
            if colors {
                node_colors.push(0);
            }
        }
        Some(Sparse {
            set,
            nodes,
            colors: node_colors,
            active: bases,
            primaries,
            live_primary: primaries,
            live_secondary: n as u32,
            second,
            initial,
            saved: Vec::new(),
            level_saved: try_vec(depth, FORCED)?,
            level_live: try_vec(depth, (0, 0))?,
            updates: 0,
            others: Vec::new(),
        })
    }

    /// A copy, or `None` when the allocator refuses the memory for its arrays (where `clone`
    /// would abort the process), as [`Links::try_clone`](crate::search::links::Links::try_clone).
    pub fn try_clone(&self) -> Option<Sparse> {
        Some(Sparse {
            set: try_copy(&self.set)?,
            nodes: try_copy(&self.nodes)?,
            colors: try_copy(&self.colors)?,
            active: try_copy(&self.active)?,
            initial: try_copy(&self.initial)?,
            saved: try_copy(&self.saved)?,
            level_saved: try_copy(&self.level_saved)?,
            level_live: try_copy(&self.level_live)?,
            others: Vec::new(),
            ..*self
        })
    }

    fn place(&self, item: u32) -> u32 {
        self.set[item as usize - 2]
    }

    fn size(&self, item: u32) -> u32 {
        self.set[item as usize - 1]
    }

    /// Whether no primary item is left to cover.
    pub fn all_covered(&self) -> bool {
        self.live_primary == 0
    }

    /// The number of the option of `node`.
    pub fn option_of(&self, node: u32) -> u32 {
        let mut n = node as usize;
        while self.nodes[n].item > 0 {
            n += 1;
        }
        self.nodes[n].place
    }

    /// The item of `node` (its base).
    fn item_of(&self, node: u32) -> u32 {
        self.nodes[node as usize].item as u32
    }

    /// A branch as "`k` of `d`": the place of `node` in its item's array, from 1, and the
    /// item's size. Valid while the node's level is applied (the item is inactive then, so
    /// its array stays as it was).
    pub fn position(&self, node: u32) -> (u32, u32) {
        let item = self.item_of(node);
        let k = self.nodes[node as usize].place - item + 1;
        (k, self.size(item).max(k))
    }

    /// The live primary item with the fewest options, the first in item order among equals;
    /// stops at one without options.
    fn choose(&self) -> Choice {
        let mut best = (u32::MAX, u32::MAX);
        for &item in &self.active[..self.live_primary as usize] {
            let size = at(&self.set, item as usize - 1);
            if (size, item) < best {
                best = (size, item);
                if size == 0 {
                    break;
                }
            }
        }
        if best.1 == u32::MAX {
            Choice::Solution
        } else {
            Choice::Item(best.1, best.0)
        }
    }

    /// Takes `item` out of the live items.
    #[inline(always)]
    fn deactivate(&mut self, item: u32) {
        let from = self.place(item);
        let to = if item < self.second {
            self.live_primary -= 1;
            self.live_primary
        } else {
            self.live_secondary -= 1;
            self.live_secondary
        };
        let other = self.active[to as usize];
        self.active[to as usize] = item;
        self.active[from as usize] = other;
        self.set[other as usize - 2] = from;
        self.set[item as usize - 2] = to;
        self.updates += 1;
    }

    /// Removes the option of node `t` from the arrays of its other items that were live when
    /// the cover began (live below `before`, primary and secondary). With `CHECK`, returns
    /// false as soon as that leaves a still live primary item without options.
    #[inline(always)]
    fn remove_option<const CHECK: bool>(&mut self, t: u32, before: (u32, u32)) -> bool {
        let (set, nodes) = (&mut self.set[..], &mut self.nodes[..]);
        let mut n = t + 1;
        while n != t {
            let SparseNode { item, place } = at(nodes, n as usize);
            if item <= 0 {
                n = (n as i32 + item) as u32;
                continue;
            }
            let u = item as u32;
            let here = at(set, u as usize - 2);
            let limit = if u < self.second { before.0 } else { before.1 };
            if here < limit {
                let size = at(set, u as usize - 1) - 1;
                let last = u + size;
                let moved = at(set, last as usize);
                put(set, u as usize - 1, size);
                put(set, last as usize, n);
                put(set, place as usize, moved);
                put(nodes, n as usize, SparseNode { item, place: last });
                let moved_item = at(nodes, moved as usize).item;
                put(
                    nodes,
                    moved as usize,
                    SparseNode {
                        item: moved_item,
                        place,
                    },
                );
                self.updates += 1;
                if CHECK && size == 0 && here < self.live_primary && u < self.second {
                    return false;
                }
            }
            n += 1;
        }
        true
    }

    /// Removes every live option of the inactive `item` (with `PURIFY`, those whose color on
    /// it is not `color`) from its other items' arrays (see `remove_option`).
    fn hide<const CHECK: bool, const PURIFY: bool>(
        &mut self,
        item: u32,
        color: u32,
        before: (u32, u32),
    ) -> bool {
        for r in item..item + self.size(item) {
            let t = at(&self.set, r as usize);
            if PURIFY && at(&self.colors, t as usize) == color {
                continue;
            }
            if !self.remove_option::<CHECK>(t, before) {
                return false;
            }
        }
        true
    }

    /// Covers the other items of the option of `node` (a node of an inactive item whose
    /// options were hidden): makes them inactive, then hides or purifies each. False when that
    /// leaves a live primary item without options (the table is then half done, for the
    /// level's undo to put back).
    fn cover_option<const COLORS: bool>(&mut self, node: u32) -> bool {
        let before = (self.live_primary, self.live_secondary);
        let updates = self.updates;
        let mut others = std::mem::take(&mut self.others);
        others.clear();
        let mut n = node + 1;
        while n != node {
            let item = self.nodes[n as usize].item;
            if item <= 0 {
                n = (n as i32 + item) as u32;
                continue;
            }
            let u = item as u32;
            let live = if u < self.second {
                self.place(u) < self.live_primary
            } else {
                self.place(u) < self.live_secondary
            };
            // A secondary item already given this option's color is inactive: nothing to do.
            if live {
                self.deactivate(u);
                others.push((u, if COLORS { self.colors[n as usize] } else { 0 }));
            }
            n += 1;
        }
        let covered = others.iter().all(|&(u, color)| {
            if COLORS && color != 0 {
                self.hide::<true, true>(u, color, before)
            } else {
                self.hide::<true, false>(u, 0, before)
            }
        });
        self.others = others;
        if !covered {
            // How far a failing cover gets depends on the order of the arrays, which depends
            // on the path: its updates are not counted, so that the counts are the tree's.
            self.updates = updates;
        }
        covered
    }

    /// Starts a level at `item` (live, with at least one option): makes it inactive, hides
    /// its options, and unless it has a single option saves the live items' sizes for the
    /// level's undo.
    fn branch_on(&mut self, item: u32, level: usize) {
        self.deactivate(item);
        self.hide::<false, false>(item, 0, (self.live_primary, self.live_secondary));
        if self.size(item) == 1 {
            self.level_saved[level] = FORCED;
            return;
        }
        self.level_saved[level] = self.saved.len() as u32;
        self.level_live[level] = (self.live_primary, self.live_secondary);
        let primary = &self.active[..self.live_primary as usize];
        let secondary = &self.active[self.primaries as usize..self.live_secondary as usize];
        for &u in primary.iter().chain(secondary) {
            self.saved.push((u, at(&self.set, u as usize - 1)));
        }
    }

    /// Leaves the option of `node` at `level`: puts the table back as the level saved it and
    /// returns the item's next option, or `None` when the level is forced or done (its save
    /// is dropped; what it changed is put back by a level below, or by
    /// [`reset`](Self::reset)).
    fn next_option(&mut self, level: usize, node: u32) -> Option<u32> {
        let start = self.level_saved[level];
        if start == FORCED {
            return None;
        }
        let start = start as usize;
        let item = self.item_of(node);
        let next = self.nodes[node as usize].place + 1;
        if next >= item + self.size(item) {
            self.saved.truncate(start);
            return None;
        }
        (self.live_primary, self.live_secondary) = self.level_live[level];
        for &(u, size) in &self.saved[start..] {
            put(&mut self.set, u as usize - 1, size);
        }
        Some(self.set[next as usize])
    }

    /// The item with base `item`.
    fn item_number(&self, item: u32) -> ItemId {
        let index = self.initial.partition_point(|&(base, _)| base < item);
        ItemId::new(index)
    }

    /// The node of `option` in `item`'s live array, if it is there.
    fn live_node(&self, problem: &Problem, option: OptionId, item: u32) -> Option<u32> {
        let spacer = (problem.entries_before(option) + problem.option(option).len()) as u32
            + option.index() as u32
            + 1;
        let first = spacer - problem.option(option).len() as u32;
        (first..spacer).find(|&n| {
            self.item_of(n) == item && self.nodes[n as usize].place < item + self.size(item)
        })
    }
}

impl SetTable for Sparse {
    #[inline(always)]
    fn solved(&self) -> bool {
        self.all_covered()
    }

    #[inline(always)]
    fn branch(&mut self, level: usize) -> Branch {
        match self.choose() {
            Choice::Solution => Branch::Solution,
            Choice::Item(_, 0) => Branch::DeadEnd,
            Choice::Item(item, _) => {
                self.branch_on(item, level);
                Branch::First(self.set[item as usize])
            }
        }
    }

    #[inline(always)]
    fn next_option(&mut self, level: usize, node: u32) -> Option<u32> {
        Sparse::next_option(self, level, node)
    }

    #[inline(always)]
    fn cover<const COLORS: bool>(&mut self, _level: usize, node: u32) -> bool {
        self.cover_option::<COLORS>(node)
    }

    fn apply<const COLORS: bool>(&mut self, level: usize, node: u32) -> Option<(bool, u64)> {
        let item = self.item_of(node);
        self.deactivate(item);
        self.hide::<false, false>(item, 0, (self.live_primary, self.live_secondary));
        self.level_saved[level] = FORCED;
        let before = self.updates;
        let covered = self.cover_option::<COLORS>(node);
        Some((covered, self.updates - before))
    }

    fn node_of(
        &self,
        problem: &Problem,
        level: usize,
        option: OptionId,
    ) -> Result<(u32, bool), PrefixError> {
        let item = match self.choose() {
            Choice::Solution => return Err(PrefixError::TooLong { level }),
            Choice::Item(item, _) => item,
        };
        self.live_node(problem, option, item)
            .map(|node| (node, true))
            .ok_or_else(|| PrefixError::NotAChoice {
                level,
                option: option.index(),
                item: problem.item_name(self.item_number(item)).to_owned(),
            })
    }

    fn untried(&self, _level: usize, node: u32) -> Vec<u32> {
        let (k, d) = self.position(node);
        let item = self.item_of(node);
        (item + k..item + d)
            .map(|place| self.set[place as usize])
            .collect()
    }

    fn reset(&mut self) {
        for &(item, size) in &self.initial {
            self.set[item as usize - 1] = size;
        }
        self.live_primary = self.primaries;
        self.live_secondary = self.active.len() as u32;
        self.saved.clear();
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn set_updates(&mut self, updates: u64) {
        self.updates = updates;
    }
}

impl Search {
    /// Runs the sparse-set search until the next solution, checkpoint, prefix, or the end.
    #[inline(never)]
    pub(in crate::search) fn run_sparse<const COLORS: bool>(&mut self) -> Event {
        let mut taken = self.table.take();
        let crate::search::TreeTable::Sparse(table) = &mut taken else {
            unreachable!("a sparse-set search")
        };
        let event = self.run_sets::<Sparse, COLORS>(table);
        self.table = taken;
        event
    }
}
