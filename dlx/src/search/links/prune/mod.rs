//! Taking single options out of the table and putting them back, for propagation inside the
//! search, and the two reasoning rules built on that: forcing and failed-value probing.
//!
//! An option is *available* when every node of it that the search still looks at is in its
//! item's list and that item is active: with Algorithm C a node of an item purified with the
//! node's own color (`COLOR` -1) is not looked at. [`Links::remove_option`] takes an available
//! option's nodes out of their lists, as `hide` does for the other nodes of an option, and
//! [`Links::restore_option`] puts them back; removals are undone in the opposite order, after
//! everything the search did below them is undone, so the lists dance as in `cover`.
//!
//! Only available options are removed, so no node of an inactive item's list ever leaves
//! it: what `uncover` reads back (an interleaved item's `LEN` included) is what `cover` left.
//! These operations index with bounds checks; they run at most once per option per search
//! node, outside the loops that the unchecked indexing is for.

mod changed;

use super::{Entry, Links};

/// Scratch space of [`Links::force`]: stamps that mark items and nodes as seen in one pass
/// over an item's options, so that nothing is cleared between items.
#[derive(Clone, Debug, Default)]
pub(crate) struct Marks {
    stamp: u32,
    /// For each item: the stamp of the pass that saw it in the item's first option ...
    item_stamp: Vec<u32>,
    /// ... with this color (0 for none) ...
    item_color: Vec<i32>,
    /// ... in this many of the options (with the same color).
    item_count: Vec<u32>,
    /// For each node: the stamp of the pass that walked its option.
    node_stamp: Vec<u32>,
    /// The primary items whose lists lost an option since forcing last looked at them, and
    /// whether each item is in that queue.
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// The colored items known to be *settled* at this node of the search (every node in
    /// the item's list gives it the same color, so forcing on it removes nothing), each with
    /// the trail's length when that was seen; and, for each item, whether it is on that list.
    /// Removals keep an item settled; putting back options removed since that length may
    /// not, so [`Links::undo_probe`] forgets those entries, and [`Links::force`] starts
    /// afresh at every node (covers and uncovers change lists without the trail).
    settled: Vec<(u32, u32)>,
    is_settled: Vec<bool>,
    /// Nodes visited by forcing so far: the measure of probing's budget.
    pub work: u64,
}

impl Marks {
    /// Scratch space for `links`.
    pub fn new(links: &Links) -> Marks {
        Marks {
            stamp: 0,
            item_stamp: vec![0; links.item_count + 2],
            item_color: vec![0; links.item_count + 2],
            item_count: vec![0; links.item_count + 2],
            node_stamp: vec![0; links.vertical.len()],
            queue: Vec::new(),
            queued: vec![false; links.item_count + 2],
            settled: Vec::new(),
            is_settled: vec![false; links.item_count + 2],
            work: 0,
        }
    }

    /// Queues item `i` for forcing.
    fn push(&mut self, i: usize) {
        if !self.queued[i] {
            self.queued[i] = true;
            self.queue.push(i as u32);
        }
    }

    /// Empties the queue.
    fn clear(&mut self) {
        for &i in &self.queue {
            self.queued[i as usize] = false;
        }
        self.queue.clear();
    }

    /// Notes that colored item `j` is settled, with the trail `trail_len` long.
    fn settle(&mut self, j: usize, trail_len: usize) {
        if !self.is_settled[j] {
            self.is_settled[j] = true;
            self.settled.push((j as u32, trail_len as u32));
        }
    }

    /// Forgets the items seen settled when the trail was at least `trail_len` long.
    fn unsettle_from(&mut self, trail_len: usize) {
        while let Some(&(j, at)) = self.settled.last() {
            if (at as usize) < trail_len {
                break;
            }
            self.is_settled[j as usize] = false;
            self.settled.pop();
        }
    }

    fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.stamp = 0;
            self.item_stamp.fill(0);
            self.node_stamp.fill(0);
        }
        self.stamp += 1;
        self.stamp
    }
}

/// What [`Links::probe`] did: the options it removed (forcing's included), the values it
/// tried, those that failed, and whether it reached its fixpoint (the budget did not stop
/// it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Probed {
    pub removed: u64,
    pub probes: u64,
    pub failed_values: u64,
    pub fixpoint: bool,
}

/// A contradiction found by propagation: some active primary item has no option left, or a
/// propagator said so. The node has no solution below it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct WipeOut;

impl Links {
    /// The first node of the option of node `x` (a name for the option).
    fn first_node(&self, x: usize) -> usize {
        let mut x = x;
        while self.entries[x - 1].top > 0 {
            x -= 1;
        }
        x
    }

    /// The node after `x` in its option, cyclically (as `hide` walks an option).
    #[inline]
    fn next_in_option(&self, x: usize) -> usize {
        if self.colors {
            let next = x + 1;
            if self.entries[next].top <= 0 {
                self.vertical[next].up as usize
            } else {
                next
            }
        } else {
            self.entries[x].aux as usize
        }
    }

    /// Whether item `i` (a primary or secondary item) is in its list of active items.
    pub fn is_active(&self, i: usize) -> bool {
        let i = self.checked_item(i);
        self.items[self.items[i].prev as usize].next as usize == i
    }

    /// The next item after `i` in its list of active items (the list's head is the root 0
    /// for primary items, `N + 1` for secondary ones).
    pub fn next_active(&self, i: usize) -> usize {
        self.items[i].next as usize
    }

    /// The color of node `x` (0 for none, `c + 1` for color `c`, -1 once its item is purified
    /// with it); 0 in a table without colors.
    fn color_of(&self, x: usize) -> i32 {
        if self.colors {
            self.entries[x].aux
        } else {
            0
        }
    }

    /// Whether the search still looks at node `x` (it is not in an item purified with its
    /// color).
    fn is_live(&self, x: usize) -> bool {
        self.color_of(x) >= 0
    }

    /// Whether the option of node `x` is available: each of its live nodes is in its item's
    /// list and that item is active.
    pub fn is_available(&self, x: usize) -> bool {
        let x = self.checked_node(x);
        let mut q = x;
        loop {
            if self.is_live(q) {
                let Entry { top, .. } = self.entries[q];
                let linked = self.vertical[self.vertical[q].up as usize].down as usize == q;
                if !linked || !self.is_active(top as usize) {
                    return false;
                }
            }
            q = self.next_in_option(q);
            if q == x {
                return true;
            }
        }
    }

    /// Takes the option of node `x`, which must be available, out of the lists of its items.
    pub fn remove_option(&mut self, x: usize) {
        let x = self.checked_node(x);
        let mut q = x;
        loop {
            if self.is_live(q) {
                let (up, down) = (self.vertical[q].up, self.vertical[q].down);
                self.vertical[up as usize].down = down;
                self.vertical[down as usize].up = up;
                let top = self.entries[q].top as usize;
                self.entries[top].top -= 1;
            }
            q = self.next_in_option(q);
            if q == x {
                break;
            }
        }
    }

    /// The inverse of [`remove_option`](Self::remove_option).
    pub fn restore_option(&mut self, x: usize) {
        let x = self.checked_node(x);
        let mut q = x;
        loop {
            if self.is_live(q) {
                let (up, down) = (self.vertical[q].up, self.vertical[q].down);
                self.vertical[up as usize].down = q as u32;
                self.vertical[down as usize].up = q as u32;
                let top = self.entries[q].top as usize;
                self.entries[top].top += 1;
            }
            q = self.next_in_option(q);
            if q == x {
                break;
            }
        }
    }

    /// Removes the option of node `x`, records it on `trail`, and queues its primary items
    /// for forcing.
    /// Returns false when that leaves one of those items without options (a wipe-out,
    /// found at once rather than when the item's turn in the queue comes).
    fn prune(&mut self, x: usize, trail: &mut Vec<u32>, marks: &mut Marks) -> bool {
        self.remove_option(x);
        trail.push(x as u32);
        let mut alive = true;
        let mut q = x;
        loop {
            let item = self.entries[q].top as usize;
            if item <= self.primary_count {
                marks.push(item);
                alive &= self.entries[item].top > 0;
            }
            q = self.next_in_option(q);
            if q == x {
                return alive;
            }
        }
    }

    /// Restores the options recorded on `trail` after its first `len`, last first.
    pub fn restore_to(&mut self, trail: &mut Vec<u32>, len: usize) {
        while trail.len() > len {
            let x = trail.pop().expect("longer than len");
            self.restore_option(x as usize);
        }
    }

    /// Puts back what a probe removed (the trail after its first `len`), forgetting what it
    /// saw settled.
    fn undo_probe(&mut self, marks: &mut Marks, trail: &mut Vec<u32>, len: usize) {
        self.restore_to(trail, len);
        marks.unsettle_from(len);
    }

    /// *Forcing*, to a fixpoint: when every option left for an active primary item `i` has
    /// item `j` with the same color (or all have `j` uncolored), every solution gives `j`
    /// that color through `i`'s option, so the options that give `j` another color (for an
    /// uncolored `j`: the options with `j` that are not `i`'s) are in no solution, and go.
    /// An item with one option left forces every item of it; with colored secondary items
    /// this is Knuth's forcing of colors, with primary items his DLX-PRE reduction "every
    /// option of `i` has `j`". Removals go on `trail`. Returns how many options went, or
    /// [`WipeOut`] when an active primary item has no option left.
    pub fn force(&mut self, marks: &mut Marks, trail: &mut Vec<u32>) -> Result<u64, WipeOut> {
        marks.clear();
        marks.unsettle_from(0);
        let mut i = self.next_active(0);
        while i != 0 {
            marks.push(i);
            i = self.next_active(i);
        }
        self.force_queued(marks, trail)
    }

    /// [`force`](Self::force) on the queued items only: those whose lists lost an option
    /// since the last fixpoint, the only ones where forcing can find something new (an
    /// item's options agreeing is a property of its list alone).
    pub fn force_queued(
        &mut self,
        marks: &mut Marks,
        trail: &mut Vec<u32>,
    ) -> Result<u64, WipeOut> {
        let mut removed = 0;
        while let Some(i) = marks.queue.pop() {
            let i = i as usize;
            marks.queued[i] = false;
            if !self.is_active(i) {
                continue;
            }
            match self.force_item(i, marks, trail) {
                Ok(n) => removed += n,
                Err(wipe_out) => {
                    marks.clear();
                    return Err(wipe_out);
                }
            }
        }
        Ok(removed)
    }

    /// One item's share of [`force`](Self::force): the options it forces out.
    fn force_item(
        &mut self,
        i: usize,
        marks: &mut Marks,
        trail: &mut Vec<u32>,
    ) -> Result<u64, WipeOut> {
        let len = self.entries[i].top;
        if len == 0 {
            return Err(WipeOut);
        }
        let stamp = marks.next_stamp();
        let first = self.vertical[i].down as usize;
        let last = self.vertical[i].up as usize;
        // The options in the order first, last, then the others top down: options next to
        // each other in a list tend to be alike (a reduction lists one row's placements
        // together), so the last one is the likeliest to disagree with the first at once.
        let mut walked = 1;
        if self.walk_option(first, walked, stamp, marks) == 0 {
            return Ok(0);
        }
        if last != first {
            walked += 1;
            if self.walk_option(last, walked, stamp, marks) == 0 {
                return Ok(0);
            }
            let mut p = self.vertical[first].down as usize;
            while p != last {
                walked += 1;
                if self.walk_option(p, walked, stamp, marks) == 0 {
                    // No item is in every option so far: nothing to force (and so no need
                    // to know which nodes are the item's options').
                    return Ok(0);
                }
                p = self.vertical[p].down as usize;
            }
        }
        debug_assert_eq!(walked, len as u32);
        let mut removed = 0;
        let mut q = self.next_in_option(first);
        while q != first {
            let j = self.entries[q].top as usize;
            if self.is_live(q)
                && !marks.is_settled[j]
                && marks.item_stamp[j] == stamp
                && marks.item_count[j] == len as u32
            {
                let color = marks.item_color[j];
                let mut r = self.vertical[j].down as usize;
                while r != j {
                    let next = self.vertical[r].down as usize;
                    let keep =
                        marks.node_stamp[r] == stamp || (color > 0 && self.color_of(r) == color);
                    if !keep {
                        removed += 1;
                        if !self.prune(r, trail, marks) {
                            return Err(WipeOut);
                        }
                    }
                    marks.work += 1;
                    r = next;
                }
                // Only nodes giving j `color` are left in its list.
                if color > 0 {
                    marks.settle(j, trail.len());
                }
            }
            q = self.next_in_option(q);
        }
        Ok(removed)
    }

    /// One option's share of [`force_item`](Self::force_item): marks the nodes of node
    /// `p`'s option with `stamp`, and counts which items the option has with the same color
    /// as all the options walked before it; the first of them (`walked` 1) sets the items
    /// and colors. Returns how many items every option walked so far agrees on.
    #[inline]
    fn walk_option(&self, p: usize, walked: u32, stamp: u32, marks: &mut Marks) -> u32 {
        let mut agreed = 0;
        marks.node_stamp[p] = stamp;
        let mut q = self.next_in_option(p);
        while q != p {
            marks.node_stamp[q] = stamp;
            let j = self.entries[q].top as usize;
            // A settled item forces nothing: it does not count as agreed.
            if self.is_live(q) && !marks.is_settled[j] {
                let color = self.color_of(q);
                if walked == 1 {
                    marks.item_stamp[j] = stamp;
                    marks.item_color[j] = color;
                    marks.item_count[j] = 1;
                    agreed += 1;
                } else if marks.item_stamp[j] == stamp
                    && marks.item_color[j] == color
                    && marks.item_count[j] == walked - 1
                {
                    marks.item_count[j] = walked;
                    agreed += 1;
                }
            }
            q = self.next_in_option(q);
            marks.work += 1;
        }
        agreed
    }

    /// *Failed-value probing* (with forcing, and the common consequences of an item's
    /// values when none fails), to a fixpoint or until forcing has visited
    /// `budget` nodes (counted in `marks.work`; a probe under way when it runs out is
    /// finished): for each active secondary item and each value its options still give it (a
    /// color, or none), the options giving it any other value are taken out for a moment and
    /// forcing is run; if that wipes out, no solution gives the item that value, so the
    /// options giving it go for good. Removals go on `trail`. Returns the options removed and
    /// the probes made ([`Probed`]), or [`WipeOut`].
    pub fn probe(
        &mut self,
        marks: &mut Marks,
        trail: &mut Vec<u32>,
        budget: u64,
    ) -> Result<Probed, WipeOut> {
        let limit = marks.work.saturating_add(budget);
        let mut removed = self.force(marks, trail)?;
        let mut probes = 0;
        let mut failed_values = 0;
        let head = self.item_count + 1;
        let mut values: Vec<i32> = Vec::new();
        let mut order: Vec<(i32, usize)> = Vec::new();
        loop {
            let before = removed;
            // Items with the fewest options first: their probes fail most often, and each
            // failure makes the later probes cheaper.
            order.clear();
            let mut t = self.next_active(head);
            while t != head {
                order.push((self.entries[t].top, t));
                t = self.next_active(t);
            }
            order.sort_unstable();
            for &(_, s) in &order {
                if marks.work >= limit {
                    break;
                }
                values.clear();
                let mut r = self.vertical[s].down as usize;
                if r != s && !self.is_open(s) {
                    r = s;
                }
                while r != s {
                    let color = self.color_of(r);
                    if !values.contains(&color) {
                        values.push(color);
                    }
                    r = self.vertical[r].down as usize;
                }
                // A single value leaves nothing to try.
                if values.len() >= 2 {
                    // The options that every value's probe so far removed (by first node,
                    // sorted), while none failed and the budget lasted.
                    let mut common: Option<Vec<u32>> = None;
                    let mut all_tried = true;
                    for &value in &values {
                        if marks.work >= limit {
                            all_tried = false;
                            break;
                        }
                        probes += 1;
                        let mark = trail.len();
                        let failed = self.keep_value(s, value, true, trail, marks).is_err()
                            || self.force_queued(marks, trail).is_err();
                        if !failed {
                            let mut gone: Vec<u32> = trail[mark..]
                                .iter()
                                .map(|&x| self.first_node(x as usize) as u32)
                                .collect();
                            gone.sort_unstable();
                            common = Some(match common.take() {
                                None => gone,
                                Some(before) => intersect(&before, &gone),
                            });
                        }
                        self.undo_probe(marks, trail, mark);
                        if failed {
                            failed_values += 1;
                            all_tried = false;
                            removed += self.keep_value(s, value, false, trail, marks)?;
                            removed += self.force_queued(marks, trail)?;
                        }
                    }
                    // Whatever value the item takes (or none: a solution without it is a
                    // solution of every probe's problem), these options are in no solution.
                    if all_tried {
                        for x in common.unwrap_or_default() {
                            if self.is_available(x as usize) {
                                removed += 1;
                                if !self.prune(x as usize, trail, marks) {
                                    marks.clear();
                                    return Err(WipeOut);
                                }
                            }
                        }
                        removed += self.force_queued(marks, trail)?;
                    }
                }
            }
            if removed == before || marks.work >= limit {
                return Ok(Probed {
                    removed,
                    probes,
                    failed_values,
                    fixpoint: marks.work < limit,
                });
            }
        }
    }

    /// Whether secondary item `s`, active and with a nonempty list, is still open: not
    /// purified. A purified item's list holds only nodes of its color (`COLOR` -1) and nodes
    /// of the options purification hid (the other nodes of each taken out of their lists);
    /// an open item's list holds only nodes of available options (`hide` leaves a node in
    /// the list of the item being covered or purified, never in an open one's). So the
    /// first node tells.
    fn is_open(&self, s: usize) -> bool {
        let first = self.vertical[s].down as usize;
        self.is_live(first) && self.is_available(first)
    }

    /// Removes the options in item `s`'s list that give it another value than `value`
    /// (`keep` true) or that give it `value` (`keep` false); returns how many, or
    /// [`WipeOut`] (with the queue emptied) as soon as a primary item has no option left.
    fn keep_value(
        &mut self,
        s: usize,
        value: i32,
        keep: bool,
        trail: &mut Vec<u32>,
        marks: &mut Marks,
    ) -> Result<u64, WipeOut> {
        let mut removed = 0;
        let mut r = self.vertical[s].down as usize;
        while r != s {
            let next = self.vertical[r].down as usize;
            if (self.color_of(r) == value) != keep {
                removed += 1;
                if !self.prune(r, trail, marks) {
                    marks.clear();
                    return Err(WipeOut);
                }
            }
            r = next;
        }
        Ok(removed)
    }
}

/// The elements of two sorted lists that are in both, sorted.
fn intersect(a: &[u32], b: &[u32]) -> Vec<u32> {
    let (mut i, mut j) = (0, 0);
    let mut both = Vec::new();
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                both.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    both
}
