//! [`Engine`]: which of Knuth's algorithms runs a search.

/// Knuth's algorithms for exact cover, each handling more than the one before.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Engine {
    /// Algorithm X: primary and secondary items, no colors.
    X,
    /// Algorithm C: secondary items may have colors.
    C,
    /// Algorithm M: primary items may have multiplicities (bounds `u..=v`), and colors.
    M,
}

/// The search tree a [`Solver`](crate::Solver) walks for Algorithms X and C: both find the
/// same solutions, but count nodes and updates their own way, and suit different problems.
///
/// ```
/// let problem = dlx::Problem::from_dlx(&std::fs::read_to_string(
///     concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/queens8.dlx"))?)?;
/// let links = dlx::Solver::new(&problem).count();
/// let sparse = dlx::Solver::new(&problem).tree(dlx::Tree::SparseSets).count();
/// let bits = dlx::Solver::new(&problem).tree(dlx::Tree::Bitsets).count();
/// assert_eq!((links.stats.solutions, sparse.stats.solutions), (92, 92));
/// // A cover that leaves an item without options fails without a node of its own.
/// assert!(sparse.stats.nodes < links.stats.nodes);
/// // The bit sets walk the sparse sets' tree.
/// assert_eq!((bits.stats.solutions, bits.stats.nodes), (92, sparse.stats.nodes));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Tree {
    /// Dancing links, Knuth's DLX1 and DLX2 tree: every entry to a level is a node, a dead
    /// end included, and the node and update counts equal his programs'. The default, and
    /// the only tree of Algorithm M and of propagation at every node.
    #[default]
    Links,
    /// Sparse sets ("dancing cells", after Christine Solnon and Knuth's SSXCC): each item
    /// keeps its live options at the front of an array, a branch node saves the active
    /// items' sizes and each of its options is undone by writing them back, an item with one
    /// option is taken without saving anything, and covering an option that leaves a primary
    /// item without options fails at once, without a node. A node branches on the item the
    /// links would choose there (fewest options, the first in item order among equals); an
    /// item's options are tried in another order, so the solutions come in another order.
    /// The tree depends only on the options alive at each node, so threads and shards split
    /// it into the same nodes and updates as one thread.
    /// Faster than the links where a node does much work (the pentominoes), slower where it
    /// does little (queens, Langford pairs): see the measurements in `docs/engine.md`.
    SparseSets,
    /// Bit sets: the sparse sets' tree, node for node, walked with a bit set of the live
    /// options at each level. Choosing an option clears its items' options from a copy of
    /// the set, a word at a time (from the set itself at a level of one option, which is
    /// never come back to), and backtracking is free; an item's number of options is
    /// a popcount of the set and the item's mask. The fastest tree on problems of up to a
    /// few thousand options (the pentominoes, Langford pairs, queens: see `docs/engine.md`),
    /// since a node costs a pass over the uncovered items' masks: a problem whose masks
    /// would take more than 64 MiB, or whose primary items times words per set pass 32,768,
    /// walks the sparse sets instead, or the links when it has bounds
    /// ([`Solver::tree_used`](crate::Solver::tree_used) says which). Its updates are the
    /// options each tried cover takes out of the live set.
    ///
    /// Bounds (Algorithm M): items of bounds 0:1 are secondary items to it when every option
    /// has an item of bounds 1:1 (the same tree as Algorithm C's); any other bounds it walks
    /// in a tree of its own, where a node branches on an item's live options in turn and
    /// last, once the item has its lower bound, on taking no more of them (a null move), and
    /// a cover that leaves an item fewer options than it needs fails without a node.
    Bitsets,
    /// The bit sets where they fit, else the links: the fastest of the three on every family
    /// measured (`docs/engine.md`). Where the bit sets do not fit, the links rather than the
    /// sparse sets, which are faster only where a node does much work (the pentominoes) and
    /// slower on sudoku, queens and Langford pairs. Never the tree a search reports
    /// ([`Stats::tree`](crate::Stats::tree)): that is the one it walked.
    ///
    /// ```
    /// let problem = dlx::Problem::from_dlx("a b c\na b\nc\na c\nb\n")?;
    /// let solver = dlx::Solver::new(&problem).tree(dlx::Tree::Auto);
    /// assert_eq!(solver.tree_used(), dlx::Tree::Bitsets);
    /// assert_eq!(solver.count().stats.tree, dlx::Tree::Bitsets);
    /// // Reasoning at every node walks the links.
    /// let forcing = dlx::Solver::new(&problem)
    ///     .tree(dlx::Tree::Auto)
    ///     .propagation(dlx::Propagation::Forcing);
    /// assert_eq!(forcing.tree_used(), dlx::Tree::Links);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    Auto,
}

impl Tree {
    /// Every tree, in the order of their names' list.
    pub const ALL: [Tree; 4] = [Tree::Links, Tree::SparseSets, Tree::Bitsets, Tree::Auto];

    /// The tree's name, as the command line takes it and `--stats` prints it: `links`,
    /// `sparse-sets`, `bitsets`, `auto`.
    pub fn name(self) -> &'static str {
        match self {
            Tree::Links => "links",
            Tree::SparseSets => "sparse-sets",
            Tree::Bitsets => "bitsets",
            Tree::Auto => "auto",
        }
    }
}

impl std::fmt::Display for Tree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A tree by its [name](Tree::name):
///
/// ```
/// assert_eq!("sparse-sets".parse(), Ok(dlx::Tree::SparseSets));
/// assert_eq!(
///     "dancing".parse::<dlx::Tree>().unwrap_err(),
///     "tree 'dancing': expected links, sparse-sets, bitsets or auto"
/// );
/// ```
impl std::str::FromStr for Tree {
    type Err = String;

    fn from_str(name: &str) -> Result<Tree, String> {
        Tree::ALL
            .into_iter()
            .find(|tree| tree.name() == name)
            .ok_or_else(|| {
                format!(
                    "tree '{}': expected links, sparse-sets, bitsets or auto",
                    crate::error::shown(name)
                )
            })
    }
}
