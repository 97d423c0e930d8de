//! The engine's dancing links beside a sparse-set search written here, after Knuth's SSXCC
//! (Christine Solnon's "dancing cells"), as the reference for what that design gives in Rust:
//! each item's options sit in one array and a removed option is swapped past the item's
//! size, so that undoing a level restores the sizes of the active items instead of relinking
//! every node; an item left with one option is taken without a branch node or a saved state,
//! and a cover stops as soon as it leaves an item without options. Its tree is SSXCC's
//! (302,449 nodes on pento6x10-sym, against the 909,153 of Knuth's DLX1 and ours), and both
//! searches must agree on every count.
//!
//! `cargo bench --bench sparse_sets` runs every instance; the figures and what they mean for
//! the engine are in docs/engine.md.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use dlx::{Problem, Solver};

/// A node: its item (the item's offset in `Sparse::set`), or at a spacer the (negative)
/// distance back to its option's first node; and its place in the item's array.
#[derive(Clone, Copy)]
struct Node {
    item: i32,
    place: u32,
}

/// A level of the search: the item branched on, the option tried (its index in the item's
/// array), where the level's saved sizes start, and whether it was forced (one option, no
/// saved state).
struct Level {
    item: u32,
    choice: u32,
    saved: usize,
    forced: bool,
}

/// What a node branches on.
enum Choice {
    /// An item and whether it has a single option.
    Item(u32, bool),
    DeadEnd,
    Solution,
}

/// Algorithm X with secondary items (no colors) on sparse sets. `set` holds, for each item
/// `c` (named by its offset), its place in `active` at `c - 2`, its size at `c - 1`, and the
/// nodes of its options from `c` on; primary items come first, below `second`.
struct Sparse {
    set: Vec<u32>,
    nodes: Vec<Node>,
    active: Vec<u32>,
    live: u32,
    second: u32,
    /// The items of the option being tried (kept to reuse its allocation).
    others: Vec<u32>,
}

impl Sparse {
    fn new(problem: &Problem) -> Sparse {
        let n = problem.item_count();
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut nodes = vec![Node { item: 0, place: 0 }];
        let mut items = vec![usize::MAX];
        for option in problem.options() {
            let first = nodes.len();
            for entry in problem.option(option) {
                lists[entry.item().index()].push(nodes.len() as u32);
                nodes.push(Node { item: 0, place: 0 });
                items.push(entry.item().index());
            }
            let spacer = nodes.len() as i32;
            nodes.push(Node {
                item: first as i32 - spacer,
                place: 0,
            });
            items.push(usize::MAX);
        }
        let mut set = Vec::new();
        let mut active = Vec::new();
        let mut second = None;
        for (i, list) in lists.iter().enumerate() {
            set.extend([i as u32, list.len() as u32]);
            let c = set.len() as u32;
            if i == problem.primary_count() {
                second = Some(c);
            }
            active.push(c);
            for &node in list {
                nodes[node as usize].place = set.len() as u32;
                set.push(node);
            }
        }
        for (node, &item) in nodes.iter_mut().zip(&items) {
            if item != usize::MAX {
                node.item = active[item] as i32;
            }
        }
        Sparse {
            second: second.unwrap_or(set.len() as u32 + 2),
            live: active.len() as u32,
            set,
            nodes,
            active,
            others: Vec::new(),
        }
    }

    fn place(&self, c: u32) -> u32 {
        self.set[c as usize - 2]
    }

    fn size(&self, c: u32) -> u32 {
        self.set[c as usize - 1]
    }

    /// Moves item `c` to place `p` of the active items (where `p`'s item goes to `c`'s).
    fn swap_to(&mut self, c: u32, p: u32) {
        let from = self.place(c);
        let other = self.active[p as usize];
        self.active[p as usize] = c;
        self.active[from as usize] = other;
        self.set[other as usize - 2] = from;
        self.set[c as usize - 2] = p;
    }

    /// Takes the options of item `c` out of the arrays of the items placed below `before`.
    /// With `CHECK`, stops (false) when a live primary item is left without options, and
    /// notes those left with one in `forced`.
    fn hide<const CHECK: bool>(&mut self, c: u32, before: u32, forced: &mut Vec<u32>) -> bool {
        // SAFETY: every index is an item's offset (at least 2, its array inside `set`), a
        // place in an item's array, or a node of an option: all in bounds by construction,
        // which the debug assertions check.
        let (set, nodes) = (&mut self.set, &mut self.nodes);
        let at = |v: &[u32], i: u32| {
            debug_assert!((i as usize) < v.len());
            unsafe { *v.get_unchecked(i as usize) }
        };
        for r in c..c + at(set, c - 1) {
            let t = at(set, r);
            let mut n = t + 1;
            while n != t {
                debug_assert!((n as usize) < nodes.len());
                let Node { item, place } = unsafe { *nodes.get_unchecked(n as usize) };
                if item <= 0 {
                    n = (n as i32 + item) as u32;
                    continue;
                }
                let u = item as u32;
                let at_u = at(set, u - 2);
                if at_u < before {
                    let size = at(set, u - 1) - 1;
                    if CHECK && size <= 1 && u < self.second && at_u < self.live {
                        if size == 0 {
                            return false;
                        }
                        forced.push(u);
                    }
                    let last = u + size;
                    let moved = at(set, last);
                    debug_assert!((moved as usize) < nodes.len());
                    unsafe {
                        *set.get_unchecked_mut(u as usize - 1) = size;
                        *set.get_unchecked_mut(last as usize) = n;
                        *set.get_unchecked_mut(place as usize) = moved;
                        nodes.get_unchecked_mut(n as usize).place = last;
                        nodes.get_unchecked_mut(moved as usize).place = place;
                    }
                }
                n += 1;
            }
        }
        true
    }

    /// The number of solutions and of branch nodes (SSXCC's count: forced moves included).
    fn count(&mut self) -> (u128, u64) {
        let mut levels: Vec<Level> = Vec::new();
        let mut saved: Vec<(u32, u32)> = Vec::new();
        let mut forced: Vec<u32> = Vec::new();
        let (mut solutions, mut nodes) = (0, 0);
        loop {
            nodes += 1;
            let mut best = None;
            while let Some(f) = forced.pop() {
                if self.place(f) < self.live {
                    best = Some((f, true));
                    break;
                }
            }
            if best.is_none() {
                match self.choose(&mut forced) {
                    Choice::DeadEnd => forced.clear(),
                    Choice::Item(c, is_forced) => best = Some((c, is_forced)),
                    Choice::Solution => solutions += 1,
                }
            }
            if let Some((c, is_forced)) = best {
                self.live -= 1;
                self.swap_to(c, self.live);
                self.hide::<false>(c, self.live, &mut forced);
                let start = saved.len();
                if !is_forced {
                    for k in 0..self.live {
                        let item = self.active[k as usize];
                        saved.push((item, self.size(item)));
                    }
                }
                levels.push(Level {
                    item: c,
                    choice: 0,
                    saved: start,
                    forced: is_forced,
                });
            } else if !self.next_choice(&mut levels, &mut saved) {
                break;
            }
            if !self.try_choices(&mut levels, &mut saved, &mut forced) {
                break;
            }
        }
        (solutions, nodes)
    }

    /// The live primary item with the fewest options (the first in item order among equals),
    /// one with a single option (all such are noted in `forced`), a dead end, or a solution.
    fn choose(&self, forced: &mut Vec<u32>) -> Choice {
        let mut fewest = (u32::MAX, u32::MAX);
        for &c in &self.active[..self.live as usize] {
            if c >= self.second {
                continue;
            }
            match self.size(c) {
                0 => return Choice::DeadEnd,
                1 => forced.push(c),
                s => fewest = fewest.min((s, c)),
            }
        }
        match forced.pop() {
            Some(c) => Choice::Item(c, true),
            None if fewest.1 != u32::MAX => Choice::Item(fewest.1, false),
            None => Choice::Solution,
        }
    }

    /// Covers the option chosen at the top level, or the next ones while a cover fails;
    /// false when the search is over.
    fn try_choices(
        &mut self,
        levels: &mut Vec<Level>,
        saved: &mut Vec<(u32, u32)>,
        forced: &mut Vec<u32>,
    ) -> bool {
        loop {
            let top = levels.last().expect("a level");
            let node = self.set[(top.item + top.choice) as usize];
            let before = self.live;
            let mut others = std::mem::take(&mut self.others);
            self.other_items(node, &mut others);
            let mut p = before;
            for &item in &others {
                if self.place(item) < p {
                    p -= 1;
                    self.swap_to(item, p);
                }
            }
            self.live = p;
            let covered = others
                .iter()
                .all(|&item| self.hide::<true>(item, before, forced));
            self.others = others;
            if covered {
                return true;
            }
            forced.clear();
            if !self.next_choice(levels, saved) {
                return false;
            }
        }
    }

    /// The items of `node`'s option other than its own, in `out`.
    fn other_items(&self, node: u32, out: &mut Vec<u32>) {
        out.clear();
        let mut n = node + 1;
        while n != node {
            let item = self.nodes[n as usize].item;
            if item <= 0 {
                n = (n as i32 + item) as u32;
                continue;
            }
            out.push(item as u32);
            n += 1;
        }
    }

    /// Undoes the top branching level's option and moves to its next one, leaving forced and
    /// exhausted levels; false when none is left.
    fn next_choice(&mut self, levels: &mut Vec<Level>, saved: &mut Vec<(u32, u32)>) -> bool {
        while let Some(top) = levels.last_mut() {
            if !top.forced {
                self.live = (saved.len() - top.saved) as u32;
                for &(item, size) in &saved[top.saved..] {
                    self.set[item as usize - 1] = size;
                }
                top.choice += 1;
                if top.choice < self.size(top.item) {
                    return true;
                }
                saved.truncate(top.saved);
            }
            levels.pop();
        }
        false
    }
}

fn corpus(name: &str) -> Problem {
    let path = format!("{}/tests/corpus/{name}.dlx", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Problem::from_dlx(&text).unwrap_or_else(|e| panic!("{path}:{e}"))
}

/// Counting all solutions on one thread, with the engine and with the sparse sets (the
/// table built inside each sample for both).
fn count(c: &mut Criterion) {
    for name in [
        "pento6x10-sym",
        "langford12-sym",
        "queens13",
        "sudoku-inkala2012",
    ] {
        let problem = corpus(name);
        let engine = Solver::new(&problem).count().solutions;
        let (sparse, nodes) = Sparse::new(&problem).count();
        assert_eq!(sparse, engine, "{name}: the sparse sets count otherwise");
        eprintln!("{name}: {engine} solutions, {nodes} sparse-set nodes");
        let mut group = c.benchmark_group(name);
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(10));
        group.bench_with_input(BenchmarkId::new("links", name), &problem, |b, problem| {
            b.iter(|| black_box(Solver::new(problem).count().solutions))
        });
        group.bench_with_input(BenchmarkId::new("sparse", name), &problem, |b, problem| {
            b.iter(|| black_box(Sparse::new(problem).count().0))
        });
        group.finish();
    }
}

criterion_group!(benches, count);
criterion_main!(benches);
