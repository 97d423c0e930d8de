//! Symmetries as permutations of items and options, and the group they generate.

use std::collections::HashMap;
use std::fmt;

use crate::problem::{ItemId, OptionId, Problem};

/// A symmetry of a problem: a permutation of its items and one of its options that maps
/// every option onto the option its items map to (colors and bounds kept), so that it maps
/// every solution onto a solution.
///
/// ```
/// // Two items and three options; swapping `a` and `b` swaps the options `a` and `b`.
/// let problem = dlx::Problem::from_dlx("a b\na\nb\na b\n")?;
/// let group = dlx::symmetry::Group::of(&problem)?;
/// let swap = &group.generators()[0];
/// assert_eq!(problem.item_name(swap.item(dlx::ItemId::new(0))), "b");
/// assert_eq!(swap.option(dlx::OptionId::new(2)), dlx::OptionId::new(2));
/// assert_eq!(swap.cycles_text(&problem), "(a b)");
/// assert_eq!(swap.named_cycles(&problem), [["a", "b"]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    pub(super) items: Vec<u32>,
    pub(super) options: Vec<u32>,
}

impl Symmetry {
    /// The identity of a problem with these many items and options.
    pub(super) fn identity(items: usize, options: usize) -> Symmetry {
        Symmetry {
            items: (0..items as u32).collect(),
            options: (0..options as u32).collect(),
        }
    }

    /// The image of an item.
    pub fn item(&self, item: ItemId) -> ItemId {
        ItemId::new(self.items[item.index()] as usize)
    }

    /// The image of an option.
    pub fn option(&self, option: OptionId) -> OptionId {
        OptionId::new(self.options[option.index()] as usize)
    }

    /// Whether it moves nothing.
    pub fn is_identity(&self) -> bool {
        self.items.iter().enumerate().all(|(k, &i)| k == i as usize)
            && self
                .options
                .iter()
                .enumerate()
                .all(|(k, &o)| k == o as usize)
    }

    /// The symmetry that undoes this one.
    pub(super) fn inverse(&self) -> Symmetry {
        let mut items = vec![0u32; self.items.len()];
        for (k, &i) in self.items.iter().enumerate() {
            items[i as usize] = k as u32;
        }
        let mut options = vec![0u32; self.options.len()];
        for (k, &o) in self.options.iter().enumerate() {
            options[o as usize] = k as u32;
        }
        Symmetry { items, options }
    }

    /// This symmetry, then `then`.
    pub(super) fn then(&self, then: &Symmetry) -> Symmetry {
        Symmetry {
            items: self.items.iter().map(|&i| then.items[i as usize]).collect(),
            options: self
                .options
                .iter()
                .map(|&o| then.options[o as usize])
                .collect(),
        }
    }

    /// The cycles of the items it moves, each from its least item.
    pub fn item_cycles(&self) -> Vec<Vec<ItemId>> {
        let mut seen = vec![false; self.items.len()];
        let mut cycles = Vec::new();
        for start in 0..self.items.len() {
            if seen[start] || self.items[start] as usize == start {
                continue;
            }
            let mut cycle = Vec::new();
            let mut at = start;
            while !seen[at] {
                seen[at] = true;
                cycle.push(ItemId::new(at));
                at = self.items[at] as usize;
            }
            cycles.push(cycle);
        }
        cycles
    }

    /// The cycles of the items it moves, by the items' names: `[["a", "b"], ["c", "d", "e"]]`
    /// for the symmetry written `(a b)(c d e)`.
    pub fn named_cycles<'p>(&self, problem: &'p Problem) -> Vec<Vec<&'p str>> {
        self.item_cycles()
            .iter()
            .map(|cycle| cycle.iter().map(|&item| problem.item_name(item)).collect())
            .collect()
    }

    /// The item cycles in the usual notation with the items' names: `(a b)(c d e)`, or `()`
    /// for a symmetry that moves no item.
    pub fn cycles_text(&self, problem: &Problem) -> String {
        let cycles = self.named_cycles(problem);
        if cycles.is_empty() {
            return "()".to_owned();
        }
        cycles
            .iter()
            .map(|names| format!("({})", names.join(" ")))
            .collect()
    }

    /// The image of a set of options, sorted.
    pub fn map_options(&self, options: &[OptionId]) -> Vec<OptionId> {
        let mut image: Vec<OptionId> = options.iter().map(|&o| self.option(o)).collect();
        image.sort_unstable();
        image
    }
}

/// The order of a group, exactly, however large.
///
/// ```
/// let problem = dlx::Problem::from_dlx("a b c\na\nb\nc\n")?;
/// let group = dlx::symmetry::Group::of(&problem)?;
/// assert_eq!(group.order().to_string(), "6");
/// assert_eq!(group.order().get(), Some(6));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Order {
    /// Base 10^9 limbs, least significant first.
    limbs: Vec<u32>,
}

const LIMB: u64 = 1_000_000_000;

impl Order {
    pub(super) fn product(factors: &[u64]) -> Order {
        let mut limbs = vec![1u32];
        for &factor in factors {
            let mut carry: u128 = 0;
            for limb in &mut limbs {
                let value = u128::from(*limb) * u128::from(factor) + carry;
                *limb = (value % u128::from(LIMB)) as u32;
                carry = value / u128::from(LIMB);
            }
            while carry > 0 {
                limbs.push((carry % u128::from(LIMB)) as u32);
                carry /= u128::from(LIMB);
            }
        }
        Order { limbs }
    }

    /// The order, when it fits in a `u128`.
    pub fn get(&self) -> Option<u128> {
        self.limbs.iter().rev().try_fold(0u128, |value, &limb| {
            value
                .checked_mul(u128::from(LIMB))?
                .checked_add(u128::from(limb))
        })
    }
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut limbs = self.limbs.iter().rev();
        write!(f, "{}", limbs.next().expect("a limb"))?;
        for limb in limbs {
            write!(f, "{limb:09}")?;
        }
        Ok(())
    }
}

/// The symmetry group of a problem: its generators and its order (see
/// [`Group::of`](super::Group::of)).
#[derive(Clone, Debug)]
pub struct Group {
    pub(super) items: usize,
    pub(super) options: usize,
    pub(super) generators: Vec<Symmetry>,
    pub(super) order: Order,
    pub(super) nodes: u64,
    pub(super) chain: Chain,
}

/// The group as its search found it: a base (the first path's vertices of the graph) and
/// the generators as maps of all the graph's vertices, each with its level, so that those of
/// level `i` and below fix the base's first `i` vertices and generate their stabilizer
/// (a strong generating set, in the terms of Sims).
#[derive(Clone, Debug)]
pub(super) struct Chain {
    pub(super) maps: Vec<Vec<u32>>,
    pub(super) levels: Vec<usize>,
    pub(super) base: Vec<u32>,
    /// The graph's vertices (the maps' length, also where there is no generator).
    pub(super) vertices: usize,
}

impl Chain {
    /// For each level, a symmetry for each image of the base's vertex there under the
    /// stabilizer of the vertices above, the identity first (coset representatives), as
    /// maps of all the graph's vertices.
    fn transversals(&self) -> Vec<Vec<Vec<u32>>> {
        let vertices = self.vertices;
        (0..self.base.len())
            .map(|level| {
                let generators: Vec<&Vec<u32>> = self
                    .maps
                    .iter()
                    .zip(&self.levels)
                    .filter(|&(_, &found)| found >= level)
                    .map(|(map, _)| map)
                    .collect();
                let start = self.base[level];
                let mut seen = vec![false; vertices];
                seen[start as usize] = true;
                let mut representatives: Vec<(u32, Vec<u32>)> =
                    vec![(start, (0..vertices as u32).collect())];
                let mut next = 0;
                while next < representatives.len() {
                    for generator in &generators {
                        let (at, ref map) = representatives[next];
                        let image = generator[at as usize];
                        if !seen[image as usize] {
                            seen[image as usize] = true;
                            let then: Vec<u32> =
                                map.iter().map(|&v| generator[v as usize]).collect();
                            representatives.push((image, then));
                        }
                    }
                    next += 1;
                }
                representatives.into_iter().map(|(_, map)| map).collect()
            })
            .collect()
    }
}

impl Group {
    /// Generators of the group (none for the group of the identity alone).
    pub fn generators(&self) -> &[Symmetry] {
        &self.generators
    }

    /// The number of symmetries, the identity included.
    pub fn order(&self) -> &Order {
        &self.order
    }

    /// Whether every generator is a symmetry of `problem`: items onto items of the same
    /// kind and bounds, and each option onto the option of its items' images, an item's
    /// colors renamed the same way in every option. A group found for another problem is
    /// not (the counts up to symmetry refuse it).
    ///
    /// ```
    /// let queens = dlx::Problem::from_dlx("a b\na\nb\n")?;
    /// let other = dlx::Problem::from_dlx("a b\na b\na\n")?;
    /// let group = dlx::symmetry::Group::of(&queens)?;
    /// assert!(group.keeps(&queens));
    /// assert!(!group.keeps(&other));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn keeps(&self, problem: &Problem) -> bool {
        if (self.items, self.options) != (problem.item_count(), problem.option_count()) {
            return false;
        }
        self.generators.iter().all(|symmetry| {
            let items_kept = problem.items().all(|item| {
                let image = symmetry.item(item);
                problem.is_primary(image) == problem.is_primary(item)
                    && problem.bounds(image) == problem.bounds(item)
            });
            // Each item's colors go to its image's the same way in every option, and two
            // colors to two.
            let mut renamed: HashMap<(usize, usize), usize> = HashMap::new();
            let mut named: HashMap<(usize, usize), usize> = HashMap::new();
            items_kept
                && problem.options().all(|option| {
                    let entries = problem.option(option);
                    let target = problem.option(symmetry.option(option));
                    entries.len() == target.len()
                        && entries.iter().all(|entry| {
                            let image = symmetry.item(entry.item());
                            let Some(found) = target.iter().find(|t| t.item() == image) else {
                                return false;
                            };
                            match (entry.color(), found.color()) {
                                (None, None) => true,
                                (Some(from), Some(to)) => {
                                    let (from, to) = (from.index(), to.index());
                                    *renamed.entry((entry.item().index(), from)).or_insert(to) == to
                                        && *named.entry((image.index(), to)).or_insert(from) == from
                                }
                                _ => false,
                            }
                        })
                })
        })
    }

    /// The nodes the search for the group visited.
    pub fn search_nodes(&self) -> u64 {
        self.nodes
    }

    /// Every symmetry of the group, the identity first; refused when there are more than
    /// `max`, or than fit in [`MAX_SYMMETRY_ENTRIES`](super::MAX_SYMMETRY_ENTRIES)
    /// ([`SymmetryError::TooManySymmetries`](super::SymmetryError::TooManySymmetries)).
    ///
    /// ```
    /// let queens = dlx::Problem::from_dlx(&std::fs::read_to_string(
    ///     concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/queens8.dlx"))?)?;
    /// let group = dlx::symmetry::Group::of(&queens)?;
    /// let all = group.elements(100)?;
    /// assert_eq!(all.len(), 8); // the square's rotations and reflections
    /// assert!(all[0].is_identity());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn elements(&self, max: usize) -> Result<Vec<Symmetry>, super::SymmetryError> {
        let max = max.min(super::MAX_SYMMETRY_ENTRIES / (self.items + self.options).max(1));
        let too_many = || super::SymmetryError::TooManySymmetries {
            order: self.order.to_string(),
            max,
        };
        if self.order.get().map_or(true, |order| order > max as u128) {
            return Err(too_many());
        }
        // Every symmetry is once a product of one representative a level (the base's
        // levels from the top: g = t(0) t(1) ... t(k-1), the last applied first), so the
        // products, built level by level, list the group without looking any up.
        let restrict = |map: &Vec<u32>| Symmetry {
            items: map[..self.items].to_vec(),
            options: map[self.items..self.items + self.options]
                .iter()
                .map(|&v| v - self.items as u32)
                .collect(),
        };
        let transversals: Vec<Vec<Symmetry>> = self
            .chain
            .transversals()
            .iter()
            .map(|level| level.iter().map(restrict).collect())
            .collect();
        let mut elements = vec![Symmetry::identity(self.items, self.options)];
        for level in &transversals {
            let mut longer = Vec::with_capacity(elements.len() * level.len());
            for prefix in &elements {
                for representative in level {
                    longer.push(representative.then(prefix));
                }
            }
            elements = longer;
        }
        debug_assert_eq!(Some(elements.len() as u128), self.order.get());
        Ok(elements)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A group of the identity alone whose search still went down a path (refinement cannot
    /// always tell vertices apart that no symmetry maps onto each other) lists the identity.
    #[test]
    fn a_trivial_group_with_a_base_lists_the_identity() {
        let group = Group {
            items: 2,
            options: 1,
            generators: Vec::new(),
            order: Order::product(&[1, 1]),
            nodes: 3,
            chain: Chain {
                maps: Vec::new(),
                levels: Vec::new(),
                base: vec![0, 1],
                vertices: 3,
            },
        };
        let elements = group.elements(10).unwrap();
        assert_eq!(elements.len(), 1);
        assert!(elements[0].is_identity());
    }
}
