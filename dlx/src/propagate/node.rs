//! The state of the search at a node as a [`Propagator`](super::Propagator) sees it
//! ([`Node`]): the options chosen and available, removals, and the bytes the propagator
//! keeps along the path.

use std::fmt;

use crate::problem::{ItemId, OptionId};
use crate::search::links::Links;

/// The state of the search at a node, as a [`Propagator`](super::Propagator) sees and
/// changes it.
pub struct Node<'a> {
    pub(super) links: &'a mut Links,
    pub(super) trail: &'a mut Vec<u32>,
    pub(super) given: &'a [u32],
    pub(super) chosen: &'a [u32],
    pub(super) first_nodes: &'a [u32],
    pub(super) removed: u64,
    /// The propagator's bytes of the levels above this node and of this node, `width` a
    /// level, after a level of zeros above the root.
    pub(super) path_state: &'a mut [u8],
    pub(super) width: usize,
    /// The level of the nearest node above this one where the propagator ran, the trail's
    /// length when it returned there, and the trail's length when it was called here
    /// ([`Node::changed`]).
    pub(super) since: Option<(usize, usize)>,
    pub(super) called_at: usize,
}

impl fmt::Debug for Node<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Node")
            .field("depth", &self.chosen.len())
            .field("removed", &self.removed)
            .finish()
    }
}

impl Node<'_> {
    /// The options chosen on the way to this node, from the top (Algorithm M's null moves,
    /// which choose no option, left out), after the search's
    /// [`given`](crate::Solver::given) options.
    pub fn chosen(&self) -> impl Iterator<Item = OptionId> + '_ {
        self.given
            .iter()
            .chain(self.chosen)
            .filter(|&&x| !self.links.is_header(x as usize))
            .map(|&x| OptionId::new(self.links.option_of(x as usize) as usize))
    }

    /// The number of levels above this node: the options chosen on the way to it, and
    /// Algorithm M's null moves.
    pub fn depth(&self) -> usize {
        self.chosen.len()
    }

    /// A byte the propagator keeps along the path: what it left at the parent node with
    /// [`set_path_state`](Self::set_path_state) (0 at the root). It depends on the path
    /// alone, so a rule built on it (such as backing off costly reasoning that keeps finding
    /// nothing) gives the same tree on any number of threads. It is the first of the
    /// [`path_bytes`](Self::path_bytes).
    pub fn path_state(&self) -> u8 {
        self.path_bytes()[0]
    }

    /// Leaves `state` for this node's children to read with
    /// [`path_state`](Self::path_state) (by default they read what this node read).
    pub fn set_path_state(&mut self, state: u8) {
        self.path_bytes_mut()[0] = state;
    }

    /// The bytes the propagator keeps along the path, as many as its
    /// [`path_state_len`](super::Propagator::path_state_len): what it left at the parent node in
    /// [`path_bytes_mut`](Self::path_bytes_mut) (zeros at the root). Like
    /// [`path_state`](Self::path_state), they depend on the path alone, whatever was
    /// searched before, so rules built on them give the same tree on any number of threads
    /// (a propagator's own memory, kept on a thread, would not: the threads search different
    /// parts of the tree, and a worker handed a subtree may reach it without filtering the
    /// nodes above it again).
    ///
    /// ```
    /// use dlx::propagate::{Contradiction, Node, Propagator};
    /// use dlx::{Problem, Solver};
    /// use std::sync::{Arc, Mutex};
    ///
    /// /// Keeps, in two bytes along the path, how many nodes above were filtered, and notes
    /// /// the most it saw.
    /// struct Above(Mutex<u16>);
    /// impl Propagator for Above {
    ///     fn propagate(&self, node: &mut Node<'_>) -> Result<(), Contradiction> {
    ///         let above = u16::from_le_bytes([node.path_bytes()[0], node.path_bytes()[1]]);
    ///         node.path_bytes_mut().copy_from_slice(&(above + 1).to_le_bytes());
    ///         let mut most = self.0.lock().unwrap();
    ///         *most = (*most).max(above);
    ///         Ok(())
    ///     }
    ///     fn path_state_len(&self) -> usize {
    ///         2
    ///     }
    /// }
    ///
    /// let problem = Problem::from_dlx("a b\na\nb\na b\n")?;
    /// let above = Arc::new(Above(Mutex::new(0)));
    /// let count = Solver::new(&problem).propagator(above.clone()).count();
    /// assert_eq!(count.solutions, 2);
    /// // The root, then option `a` below it; `b`, the only option left, is not filtered.
    /// assert_eq!(*above.0.lock().unwrap(), 1);
    /// # Ok::<(), dlx::ParseError>(())
    /// ```
    pub fn path_bytes(&self) -> &[u8] {
        let depth = self.chosen.len();
        &self.path_state[depth * self.width..(depth + 1) * self.width]
    }

    /// The bytes this node leaves its children to read with
    /// [`path_bytes`](Self::path_bytes): they start as the parent's.
    pub fn path_bytes_mut(&mut self) -> &mut [u8] {
        let depth = self.chosen.len();
        &mut self.path_state[(depth + 1) * self.width..(depth + 2) * self.width]
    }

    /// Whether `option` can still be chosen below this node: not chosen, not ruled out by
    /// the options chosen, and not removed.
    ///
    /// # Panics
    /// If `option` is not an option of the problem.
    pub fn is_available(&self, option: OptionId) -> bool {
        self.links.is_available(self.first_node(option))
    }

    /// The available options that have `item` (none once the item is covered).
    ///
    /// # Panics
    /// If `item` is not an item of the problem.
    pub fn options(&self, item: ItemId) -> Vec<OptionId> {
        self.available(item).collect()
    }

    /// [`options`](Self::options) without collecting them: for a propagator that reads many
    /// items at every node.
    ///
    /// ```
    /// use dlx::propagate::{Contradiction, Node, Propagator};
    /// use dlx::{ItemId, Problem, Solver};
    /// use std::sync::Arc;
    ///
    /// // Fails every node where item `a` is still open with fewer than two options.
    /// struct TwoForA;
    /// impl Propagator for TwoForA {
    ///     fn propagate(&self, node: &mut Node<'_>) -> Result<(), Contradiction> {
    ///         let open = node.chosen().next().is_none();
    ///         match node.available(ItemId::new(0)).count() {
    ///             n if open && n < 2 => Err(Contradiction),
    ///             _ => Ok(()),
    ///         }
    ///     }
    /// }
    ///
    /// let problem = Problem::from_dlx("a b\na\nb\na b\n")?;
    /// let outcome = Solver::new(&problem).propagator(Arc::new(TwoForA)).count();
    /// assert_eq!(outcome.solutions, 2);
    /// # Ok::<(), dlx::ParseError>(())
    /// ```
    ///
    /// # Panics
    /// If `item` is not an item of the problem.
    pub fn available(&self, item: ItemId) -> impl Iterator<Item = OptionId> + '_ {
        let i = item.index() + 1;
        assert!(i <= self.links.item_count(), "no item {}", item.index());
        // Every option in an active primary item's list is available: covering an item
        // hides its options from every other list, purifying hides the options of other
        // colors, and a removal takes a whole option out.
        let all_available = i <= self.links.primary_count() && self.links.is_active(i);
        let links = &*self.links;
        std::iter::successors(Some(links.down(i)), move |&x| Some(links.down(x)))
            .take_while(move |&x| x != i)
            .filter(move |&x| {
                debug_assert!(!all_available || links.is_available(x));
                all_available || links.is_available(x)
            })
            .map(move |x| OptionId::new(links.option_of(x) as usize))
    }

    /// Removes `option` below this node; false (and nothing done) if it is not
    /// [available](Self::is_available).
    ///
    /// # Panics
    /// If `option` is not an option of the problem.
    pub fn remove(&mut self, option: OptionId) -> bool {
        let x = self.first_node(option);
        if !self.links.is_available(x) {
            return false;
        }
        self.links.remove_option(x);
        self.trail.push(x as u32);
        self.removed += 1;
        true
    }

    /// The options that are no longer available since the propagator last returned on the
    /// path to this node: the options chosen since, each followed by those it hid (they
    /// shared an item with it, or gave a secondary item another color), then those the
    /// built-in rules removed since. `None` where the propagator has not run above this node
    /// (at the root, for instance) and in Algorithm M's search: then every option counts as
    /// changed.
    ///
    /// A propagator that returns at a fixpoint of its own reasoning (running it again on the
    /// state it left would remove nothing) can look again at only what these options touch:
    /// what its reasoning reads from the rest is what it was when it last returned. Its work
    /// per node then follows what changed, not the size of the problem.
    ///
    /// ```
    /// use dlx::propagate::{Contradiction, Node, Propagator};
    /// use dlx::{OptionId, Problem, Solver};
    /// use std::sync::{Arc, Mutex};
    ///
    /// // Writes down what each node saw change.
    /// struct Watch(Mutex<Vec<Option<Vec<OptionId>>>>);
    /// impl Propagator for Watch {
    ///     fn propagate(&self, node: &mut Node<'_>) -> Result<(), Contradiction> {
    ///         self.0.lock().unwrap().push(node.changed());
    ///         Ok(())
    ///     }
    /// }
    ///
    /// // Options 0 (a b), 1 (a) and 2 (b): two solutions, {0} and {1, 2}.
    /// let problem = Problem::from_dlx("a b\na b\na\nb\n")?;
    /// let watch = Arc::new(Watch(Mutex::new(Vec::new())));
    /// let outcome = Solver::new(&problem).propagator(watch.clone()).count();
    /// assert_eq!(outcome.solutions, 2);
    /// let seen = watch.0.lock().unwrap();
    /// // The root sees everything as changed; below option 1 (a), that option is taken and
    /// // option 0 (a b) is gone. (Below option 0 every item is covered: a solution, where
    /// // no propagator runs.)
    /// assert_eq!(*seen, [None, Some(vec![OptionId::new(1), OptionId::new(0)])]);
    /// # Ok::<(), dlx::ParseError>(())
    /// ```
    pub fn changed(&self) -> Option<Vec<OptionId>> {
        let (above, trail_from) = self.since?;
        let mut options = Vec::new();
        for &x in &self.chosen[above..] {
            let links = &*self.links;
            if !links.is_header(x as usize) {
                options.push(OptionId::new(links.option_of(x as usize) as usize));
                links.for_each_hidden_by(x as usize, |p| {
                    options.push(OptionId::new(links.option_of(p) as usize));
                });
            }
        }
        for &x in &self.trail[trail_from..self.called_at] {
            options.push(OptionId::new(self.links.option_of(x as usize) as usize));
        }
        Some(options)
    }

    fn first_node(&self, option: OptionId) -> usize {
        self.first_nodes[option.index()] as usize
    }
}
