//! The automorphisms of a problem's incidence graph, by individualization and refinement
//! (McKay's method, as nauty and bliss search it).
//!
//! The graph has a vertex per item, per option, and per (secondary item, color) pair that an
//! option uses; an option is joined to the items it covers without a color, and to the pair
//! of each item it colors, which is joined to its item. Vertices start in classes that no
//! symmetry may mix: primary items by their bounds, secondary items, pairs, options.
//!
//! A *partition* orders the vertices in cells; *refinement* splits cells until every vertex
//! of a cell has as many neighbours in each cell as the others (an equitable partition), in
//! an order that depends only on the cells' positions and the counts, never on the vertices'
//! numbers, so isomorphic partitions refine alike. The search *individualizes* a vertex of a
//! non-singleton cell (moves it to a cell of its own) and refines again, down to a partition
//! of singletons: a *leaf*, an ordering of the vertices. Two leaves that are images of each
//! other give an automorphism, position by position.
//!
//! The first path of the tree, `v1, v2, ...`, is a base of the group. Level by level from the
//! bottom, every vertex `w` of the cell where `v(i)` was picked that the automorphisms found
//! so far (which fix `v1 .. v(i-1)`) do not already map `v(i)` to is tried: the subtree below
//! `w` holds a leaf equivalent to the first one exactly when an automorphism fixing `v1 ..
//! v(i-1)` maps `v(i)` to `w`. So the orbit of `v(i)` under that stabilizer is known exactly
//! when the level is done, the generators found generate the whole group, and its order is
//! the product of those orbits' sizes. Nodes whose refinement differs from the first path's
//! at the same depth (its trace, its number of cells) hold no equivalent leaf and are cut.

use std::collections::VecDeque;
use std::time::Instant;

use crate::problem::Problem;

/// The incidence graph, its adjacency packed row by row.
pub(super) struct Graph {
    starts: Vec<u32>,
    neighbours: Vec<u32>,
    /// The class of each vertex, numbered in an order that any symmetry keeps.
    class: Vec<u32>,
}

impl Graph {
    pub(super) fn of(problem: &Problem) -> Graph {
        let items = problem.item_count();
        let options = problem.option_count();
        let mut pairs = std::collections::HashMap::new();
        let mut edges: Vec<(u32, u32)> = Vec::with_capacity(problem.entry_count() * 2);
        for option in problem.options() {
            let vertex = (items + option.index()) as u32;
            for entry in problem.option(option) {
                let item = entry.item().index() as u32;
                match entry.color() {
                    None => edges.push((vertex, item)),
                    Some(color) => {
                        let next = (items + options + pairs.len()) as u32;
                        let pair = *pairs.entry((item, color.index())).or_insert_with(|| {
                            edges.push((next, item));
                            next
                        });
                        edges.push((vertex, pair));
                    }
                }
            }
        }
        let vertices = items + options + pairs.len();
        // Classes: primary items by their bounds, then secondary items, pairs and options.
        let mut keys: Vec<(u32, u32, u32)> = Vec::with_capacity(vertices);
        for item in problem.items() {
            keys.push(if problem.is_primary(item) {
                let (low, high) = problem.bounds(item).unwrap_or((1, 1));
                (0, low, high)
            } else {
                (1, 0, 0)
            });
        }
        keys.extend((0..options).map(|_| (3, 0, 0)));
        keys.extend((0..pairs.len()).map(|_| (2, 0, 0)));
        let mut distinct = keys.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let class = keys
            .iter()
            .map(|key| distinct.binary_search(key).expect("a key") as u32)
            .collect();
        let mut degree = vec![0u32; vertices + 1];
        for &(a, b) in &edges {
            degree[a as usize] += 1;
            degree[b as usize] += 1;
        }
        let mut starts = Vec::with_capacity(vertices + 1);
        let mut total = 0;
        for &d in &degree[..vertices] {
            starts.push(total);
            total += d;
        }
        starts.push(total);
        let mut fill = starts.clone();
        let mut neighbours = vec![0u32; total as usize];
        for &(a, b) in &edges {
            neighbours[fill[a as usize] as usize] = b;
            fill[a as usize] += 1;
            neighbours[fill[b as usize] as usize] = a;
            fill[b as usize] += 1;
        }
        for v in 0..vertices {
            neighbours[starts[v] as usize..starts[v + 1] as usize].sort_unstable();
        }
        Graph {
            starts,
            neighbours,
            class,
        }
    }

    pub(super) fn vertex_count(&self) -> usize {
        self.class.len()
    }

    fn neighbours(&self, v: u32) -> &[u32] {
        &self.neighbours[self.starts[v as usize] as usize..self.starts[v as usize + 1] as usize]
    }

    /// Whether `map` (vertex to vertex) is an automorphism: classes kept, edges onto edges.
    pub(super) fn is_automorphism(&self, map: &[u32]) -> bool {
        let mut mark = vec![u32::MAX; self.vertex_count()];
        (0..self.vertex_count() as u32).all(|v| {
            let image = map[v as usize];
            if self.class[v as usize] != self.class[image as usize]
                || self.neighbours(v).len() != self.neighbours(image).len()
            {
                return false;
            }
            for &u in self.neighbours(image) {
                mark[u as usize] = v;
            }
            self.neighbours(v)
                .iter()
                .all(|&u| mark[map[u as usize] as usize] == v)
        })
    }
}

/// An ordered partition of the vertices into cells; a cell is named by its first position.
#[derive(Clone)]
struct Partition {
    order: Vec<u32>,
    position: Vec<u32>,
    /// The first position of each vertex's cell.
    cell: Vec<u32>,
    /// For the first position of a cell, the position after its last.
    end: Vec<u32>,
    cells: usize,
}

impl Partition {
    /// The classes of `graph` as cells, in class order.
    fn of(graph: &Graph) -> Partition {
        let n = graph.vertex_count();
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_by_key(|&v| graph.class[v as usize]);
        let mut partition = Partition {
            position: vec![0; n],
            cell: vec![0; n],
            end: vec![0; n],
            order,
            cells: 0,
        };
        let mut start = 0;
        while start < n {
            let class = graph.class[partition.order[start] as usize];
            let mut end = start;
            while end < n && graph.class[partition.order[end] as usize] == class {
                end += 1;
            }
            partition.set_cell(start, end);
            start = end;
        }
        partition
    }

    fn set_cell(&mut self, start: usize, end: usize) {
        for p in start..end {
            let v = self.order[p] as usize;
            self.position[v] = p as u32;
            self.cell[v] = start as u32;
        }
        self.end[start] = end as u32;
        self.cells += 1;
    }

    /// The first of the smallest cells with more than one vertex, as (start, end).
    fn target(&self) -> Option<(usize, usize)> {
        let mut best: Option<(usize, usize)> = None;
        let mut start = 0;
        while start < self.order.len() {
            let end = self.end[start] as usize;
            if end - start > 1 && best.map_or(true, |(s, e)| end - start < e - s) {
                best = Some((start, end));
            }
            start = end;
        }
        best
    }

    /// Moves `v` to a cell of its own at the front of its cell; the new cell's start.
    fn individualize(&mut self, v: u32) -> usize {
        let start = self.cell[v as usize] as usize;
        let end = self.end[start] as usize;
        let at = self.position[v as usize] as usize;
        self.order.swap(start, at);
        let moved = self.order[at];
        self.position[moved as usize] = at as u32;
        self.position[v as usize] = start as u32;
        self.end[start] = start as u32 + 1;
        self.cells += 1;
        for p in start + 1..end {
            self.cell[self.order[p] as usize] = start as u32 + 1;
        }
        self.end[start + 1] = end as u32;
        start
    }

    /// Splits cells by their counts of neighbours in each splitter until none splits; a
    /// digest of what split where (equal for isomorphic partitions).
    fn refine(&mut self, graph: &Graph, splitters: &[usize], scratch: &mut Scratch) -> u64 {
        let mut trace: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |value: u64| {
            trace = (trace ^ value).wrapping_mul(0x0000_0100_0000_01b3);
        };
        let mut queue: VecDeque<usize> = splitters.iter().copied().collect();
        for &s in splitters {
            scratch.queued[s] = true;
        }
        while let Some(splitter) = queue.pop_front() {
            scratch.queued[splitter] = false;
            let splitter_end = self.end[splitter] as usize;
            scratch.touched.clear();
            for p in splitter..splitter_end {
                let v = self.order[p];
                for &u in graph.neighbours(v) {
                    if scratch.count[u as usize] == 0 {
                        scratch.touched.push(u);
                    }
                    scratch.count[u as usize] += 1;
                }
            }
            let mut cells: Vec<usize> = scratch
                .touched
                .iter()
                .map(|&u| self.cell[u as usize] as usize)
                .collect();
            cells.sort_unstable();
            cells.dedup();
            for &start in &cells {
                let end = self.end[start] as usize;
                if end - start == 1 {
                    continue;
                }
                let count = &scratch.count;
                self.order[start..end].sort_unstable_by_key(|&v| count[v as usize]);
                let first = count[self.order[start] as usize];
                let last = count[self.order[end - 1] as usize];
                if first == last {
                    continue;
                }
                mix(start as u64);
                self.cells -= 1;
                let mut fragments = Vec::new();
                let mut from = start;
                for p in start + 1..=end {
                    if p == end || count[self.order[p] as usize] != count[self.order[from] as usize]
                    {
                        fragments.push((from, p));
                        mix(((p - from) as u64) << 32 | u64::from(count[self.order[from] as usize]));
                        from = p;
                    }
                }
                for &(s, e) in &fragments {
                    self.set_cell(s, e);
                }
                if scratch.queued[start] {
                    for &(s, _) in &fragments[1..] {
                        scratch.queued[s] = true;
                        queue.push_back(s);
                    }
                } else {
                    let largest = fragments
                        .iter()
                        .enumerate()
                        .max_by_key(|&(k, &(s, e))| (e - s, std::cmp::Reverse(k)))
                        .map(|(k, _)| k)
                        .expect("fragments");
                    for (k, &(s, _)) in fragments.iter().enumerate() {
                        if k != largest {
                            scratch.queued[s] = true;
                            queue.push_back(s);
                        }
                    }
                }
            }
            for &u in &scratch.touched {
                scratch.count[u as usize] = 0;
            }
        }
        mix(self.cells as u64);
        trace
    }
}

/// Work arrays of a refinement, kept between calls.
struct Scratch {
    count: Vec<u32>,
    queued: Vec<bool>,
    touched: Vec<u32>,
}

/// Why the search for automorphisms gave up.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// It visited its node budget.
    Nodes,
    /// The deadline passed.
    Deadline,
    /// The cancel flag was set.
    Cancelled,
}

/// The group found: generators as vertex maps, and the sizes of the base's orbits, whose
/// product is the group's order.
pub(super) struct Found {
    pub(super) generators: Vec<Vec<u32>>,
    /// The level of the first path where each generator was found: it fixes the base's
    /// vertices above it, so those of a level and below generate that level's stabilizer.
    pub(super) levels: Vec<usize>,
    /// The first path's vertices, a base of the group.
    pub(super) base: Vec<u32>,
    pub(super) orbit_sizes: Vec<u64>,
    pub(super) nodes: u64,
}

/// One level of the first path: the partition there, the cell picked from, the vertex.
struct Level {
    partition: Partition,
    target: (usize, usize),
    vertex: u32,
}

struct Searcher<'g> {
    graph: &'g Graph,
    scratch: Scratch,
    /// The first path's traces and cell counts, by depth (0: the refined classes).
    traces: Vec<(u64, usize)>,
    targets: Vec<(usize, usize)>,
    first_leaf: Vec<u32>,
    nodes: u64,
    limits: &'g super::GroupLimits,
}

/// Whether `limits` stop a search that has visited `nodes` nodes.
fn check(limits: &super::GroupLimits, nodes: u64) -> Result<(), Stop> {
    if nodes > limits.max_nodes {
        return Err(Stop::Nodes);
    }
    if nodes % 64 == 0 {
        if limits.deadline.is_some_and(|at| Instant::now() >= at) {
            return Err(Stop::Deadline);
        }
        if limits
            .cancel
            .as_ref()
            .is_some_and(|flag| flag.load(std::sync::atomic::Ordering::Relaxed))
        {
            return Err(Stop::Cancelled);
        }
    }
    Ok(())
}

/// Generators of the automorphism group of `graph`, within `limits` (nodes of the search
/// tree, a deadline, a cancel flag).
pub(super) fn automorphisms(graph: &Graph, limits: &super::GroupLimits) -> Result<Found, Stop> {
    let n = graph.vertex_count();
    let mut scratch = Scratch {
        count: vec![0; n],
        queued: vec![false; n],
        touched: Vec::new(),
    };
    let mut partition = Partition::of(graph);
    let all: Vec<usize> = {
        let mut starts = Vec::new();
        let mut s = 0;
        while s < n {
            starts.push(s);
            s = partition.end[s] as usize;
        }
        starts
    };
    let trace = partition.refine(graph, &all, &mut scratch);
    let mut traces = vec![(trace, partition.cells)];
    let mut path: Vec<Level> = Vec::new();
    while let Some(target) = partition.target() {
        check(limits, path.len() as u64 + 1)?;
        let vertex = partition.order[target.0];
        path.push(Level {
            partition: partition.clone(),
            target,
            vertex,
        });
        let single = partition.individualize(vertex);
        let trace = partition.refine(graph, &[single], &mut scratch);
        traces.push((trace, partition.cells));
    }
    let mut searcher = Searcher {
        graph,
        scratch,
        targets: path.iter().map(|level| level.target).collect(),
        traces,
        first_leaf: partition.order.clone(),
        nodes: path.len() as u64 + 1,
        limits,
    };
    let mut generators: Vec<Vec<u32>> = Vec::new();
    let mut levels = Vec::new();
    let mut orbit_sizes = vec![1u64; path.len()];
    let mut orbits = UnionFind::new(n);
    for (depth, level) in path.iter().enumerate().rev() {
        let (start, end) = level.target;
        let cell: Vec<u32> = level.partition.order[start..end].to_vec();
        let mut failed: Vec<u32> = Vec::new();
        for &w in &cell {
            if w == level.vertex
                || orbits.find(w) == orbits.find(level.vertex)
                || failed.iter().any(|&f| orbits.find(f) == orbits.find(w))
            {
                continue;
            }
            match searcher.below(depth, &level.partition, w)? {
                Some(map) => {
                    for v in 0..n as u32 {
                        orbits.union(v, map[v as usize]);
                    }
                    generators.push(map);
                    levels.push(depth);
                }
                None => failed.push(w),
            }
        }
        let root = orbits.find(level.vertex);
        orbit_sizes[depth] = cell.iter().filter(|&&w| orbits.find(w) == root).count() as u64;
    }
    Ok(Found {
        generators,
        levels,
        base: path.iter().map(|level| level.vertex).collect(),
        orbit_sizes,
        nodes: searcher.nodes,
    })
}

impl Searcher<'_> {
    /// A leaf below `partition` (at `depth` of the first path) with `w` individualized that
    /// is the image of the first leaf, as the automorphism that maps one onto the other.
    fn below(
        &mut self,
        depth: usize,
        partition: &Partition,
        w: u32,
    ) -> Result<Option<Vec<u32>>, Stop> {
        self.nodes += 1;
        check(self.limits, self.nodes)?;
        let mut child = partition.clone();
        let single = child.individualize(w);
        let trace = child.refine(self.graph, &[single], &mut self.scratch);
        if (trace, child.cells) != self.traces[depth + 1] {
            return Ok(None);
        }
        let Some(target) = child.target() else {
            let mut map = vec![0u32; child.order.len()];
            for (p, &v) in self.first_leaf.iter().enumerate() {
                map[v as usize] = child.order[p];
            }
            return Ok(self.graph.is_automorphism(&map).then_some(map));
        };
        if self.targets.get(depth + 1) != Some(&target) {
            return Ok(None);
        }
        let cell: Vec<u32> = child.order[target.0..target.1].to_vec();
        for u in cell {
            if let Some(map) = self.below(depth + 1, &child, u)? {
                return Ok(Some(map));
            }
        }
        Ok(None)
    }
}

struct UnionFind {
    parent: Vec<u32>,
}

impl UnionFind {
    fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n as u32).collect(),
        }
    }

    fn find(&mut self, mut v: u32) -> u32 {
        while self.parent[v as usize] != v {
            let up = self.parent[self.parent[v as usize] as usize];
            self.parent[v as usize] = up;
            v = up;
        }
        v
    }

    fn union(&mut self, a: u32, b: u32) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[a.max(b) as usize] = a.min(b);
        }
    }
}
