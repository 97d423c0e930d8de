//! Forcing from what a choice changed: the options that choosing an option hid, read back
//! from the lists of the items it covered or purified, and forcing that starts from their
//! items instead of every active item (`Links::force_after`), so that its work at a node
//! follows what the node's choice changed.

use super::{Links, Marks, WipeOut};

/// Problems with fewer primary items than this force on every active item at every node
/// ([`Links::force_after`]).
const FORCE_EVERY_BELOW: usize = 128;

impl Links {
    /// [`force`](Self::force) at a node whose parent was at a fixpoint of forcing, when the
    /// only change since is the choice of node `x`'s option (its items covered, or purified
    /// when it colors them): only the items whose lists that choice shortened are looked at,
    /// so the work follows what the choice changed, not the size of the problem.
    ///
    /// That is enough: whether an item's options agree on another item is a property of the
    /// item's list alone, and what such an agreement takes out of a list that only got
    /// shorter is a part of what it took out at the parent, which was nothing.
    pub fn force_after(
        &mut self,
        x: usize,
        marks: &mut Marks,
        trail: &mut Vec<u32>,
    ) -> Result<u64, WipeOut> {
        // Finding those items walks the options the choice hid: when that is a large part
        // of the problem, looking at every active item costs less, and on a problem of few
        // items even the check whether it is costs too much (5% of Langford pairs' time,
        // 36 items, where it always chose to look at every item).
        if self.primary_count < FORCE_EVERY_BELOW {
            return self.force(marks, trail);
        }
        let x = self.checked_node(x);
        let (mut hidden, mut size) = (0, 0);
        let mut q = x;
        loop {
            if self.color_of(q) >= 0 {
                hidden += self.len(self.entries[q].top as usize);
            }
            size += 1;
            q = self.next_in_option(q);
            if q == x {
                break;
            }
        }
        if 2 * hidden * size >= self.primary_count {
            return self.force(marks, trail);
        }
        self.force_changed_by(x, marks, trail)
    }

    /// [`force_after`](Self::force_after) on the items that the choice of node `x`'s
    /// option changed, always.
    pub(crate) fn force_changed_by(
        &mut self,
        x: usize,
        marks: &mut Marks,
        trail: &mut Vec<u32>,
    ) -> Result<u64, WipeOut> {
        marks.clear();
        marks.unsettle_from(0);
        self.queue_changed_by(x, marks);
        self.force_queued(marks, trail)
    }

    /// Queues the primary items whose lists the choice of node `x`'s option shortened: the
    /// items of the options that its covers and purifications hid
    /// ([`for_each_hidden_by`](Self::for_each_hidden_by)).
    fn queue_changed_by(&self, x: usize, marks: &mut Marks) {
        self.for_each_hidden_by(x, |p| self.queue_items_of(p, marks));
    }

    /// Queues the primary items of node `x`'s option (a covered one among them is passed
    /// over when its turn comes).
    fn queue_items_of(&self, x: usize, marks: &mut Marks) {
        let mut q = x;
        loop {
            let item = self.entries[q].top as usize;
            if item <= self.primary_count {
                marks.push(item);
            }
            q = self.next_in_option(q);
            if q == x {
                return;
            }
        }
    }

    /// Calls `hidden` with a node of each option that the choice of node `x`'s option hid
    /// (covering or purifying its items; `x`'s own option is not among them). Those lists
    /// are read as the choice left them: a covered item's list keeps the options its cover
    /// hid, and a purified one's keeps them beside its nodes of the chosen color (`COLOR`
    /// -1). An item purified before (the node's color already -1) lost nothing now.
    pub fn for_each_hidden_by(&self, x: usize, mut hidden: impl FnMut(usize)) {
        let x = self.checked_node(x);
        let mut q = x;
        loop {
            let j = self.entries[q].top as usize;
            if self.color_of(q) >= 0 {
                let mut p = self.vertical[j].down as usize;
                while p != j {
                    if p != q && self.is_live(p) {
                        hidden(p);
                    }
                    p = self.vertical[p].down as usize;
                }
            }
            q = self.next_in_option(q);
            if q == x {
                return;
            }
        }
    }

    /// Queues the primary items of the options on `removed` (nodes of them): what a
    /// propagator took out.
    pub fn queue_removed(&self, removed: &[u32], marks: &mut Marks) {
        for &x in removed {
            self.queue_items_of(self.checked_node(x as usize), marks);
        }
    }
}
