//! The rules that look at the grid as a whole: parity (bridges of the graph of cells and
//! placements left, by Tarjan's algorithm), set analysis (k cells of one number and their
//! k dominoes, with doubles at extreme) and forcing chains. The rules that look at one cell,
//! one domino or one placement are in the module above.

use super::{Found, Solver};
use crate::dominosa::domino_index;
use crate::hint::Rule;

impl Solver {
    /// A placement whose cells are a bridge of the graph of cells and placements left, with
    /// an even number of cells on either side, goes: placing it would leave two parts of
    /// odd size, which dominoes cannot cover.
    pub(super) fn parity(&mut self, one: bool, found: &mut Vec<Found>) -> bool {
        let gone = self.odd_bridges();
        if gone.is_empty() {
            return false;
        }
        if one {
            self.rule_out(gone[0]);
            found.push(Found {
                rule: Rule::Parity,
                removed: vec![gone[0]],
                cells: Vec::new(),
                dominoes: Vec::new(),
                placements: Vec::new(),
            });
        } else {
            self.rule_out_all(&gone);
        }
        true
    }

    /// The placements whose removal from the graph of cells (joined by the placements left)
    /// would part a connected piece into two of even size each (Tarjan's bridges).
    pub(super) fn odd_bridges(&self) -> Vec<usize> {
        let cells = self.at_cell.len();
        let unseen = usize::MAX;
        let mut order = vec![unseen; cells];
        let mut low = vec![0; cells];
        let mut size = vec![1usize; cells];
        let mut bridges: Vec<(usize, usize, usize)> = Vec::new(); // (placement, root, size below)
        let mut counter = 0;
        for root in 0..cells {
            if order[root] != unseen {
                continue;
            }
            let first = bridges.len();
            // A stack of (cell, the placement it was reached by, next placement to look at).
            let mut stack: Vec<(usize, usize, usize)> = vec![(root, usize::MAX, 0)];
            order[root] = counter;
            low[root] = counter;
            counter += 1;
            while let Some(&mut (cell, via, ref mut next)) = stack.last_mut() {
                if let Some(&p) = self.at_cell[cell].get(*next) {
                    *next += 1;
                    if !self.active[p] || p == via {
                        continue;
                    }
                    let to = self.other(p, cell);
                    if order[to] == unseen {
                        order[to] = counter;
                        low[to] = counter;
                        counter += 1;
                        stack.push((to, p, 0));
                    } else {
                        low[cell] = low[cell].min(order[to]);
                    }
                } else {
                    stack.pop();
                    if let Some(&(parent, _, _)) = stack.last() {
                        low[parent] = low[parent].min(low[cell]);
                        size[parent] += size[cell];
                        if low[cell] > order[parent] {
                            bridges.push((via, root, size[cell]));
                        }
                    }
                }
            }
            for bridge in &mut bridges[first..] {
                bridge.1 = size[root];
            }
        }
        let mut gone: Vec<usize> = bridges
            .into_iter()
            .filter(|&(_, whole, below)| below % 2 == 0 && (whole - below) % 2 == 0)
            .map(|(p, _, _)| p)
            .collect();
        gone.sort_unstable();
        gone
    }

    /// Set analysis: k cells of one number whose placements hold only k dominoes between
    /// them take those dominoes, which leave every other place; with `doubles`, also where
    /// the double can cover two of the cells (Dominosa's `deduce_set`).
    pub(super) fn sets(&mut self, doubles: bool, one: bool, found: &mut Vec<Found>) -> bool {
        let mut done = false;
        for num in 0..=self.n {
            let squares: Vec<usize> = (0..self.numbers.len())
                .filter(|&cell| self.numbers[cell] == num)
                .collect();
            let nsq = squares.len();
            if nsq > 16 {
                continue;
            }
            let index_of = |cell: usize| squares.iter().position(|&s| s == cell);
            let mut domino_sets = vec![0u32; nsq];
            let mut adjacent = vec![0u32; nsq];
            for (i, &cell) in squares.iter().enumerate() {
                for p in self.live_at(cell) {
                    let other_cell = self.other(p, cell);
                    let other = self.numbers[other_cell];
                    domino_sets[i] |= 1 << other;
                    if other == num {
                        if let Some(i2) = index_of(other_cell) {
                            adjacent[i] |= 1 << i2;
                            adjacent[i2] |= 1 << i;
                        }
                    }
                }
            }
            let mut squares_done = 0u32;
            for set in 0u32..(1 << nsq) {
                if set & squares_done != 0 {
                    continue;
                }
                let mut dominoes = 0u32;
                let mut got_adjacent = false;
                for i in (0..nsq).filter(|&i| set >> i & 1 == 1) {
                    got_adjacent |= adjacent[i] & set != 0;
                    dominoes |= domino_sets[i];
                }
                let nsquares = set.count_ones() as usize;
                let ndominoes = dominoes.count_ones() as usize;
                let (rule_out_nondoubles, min_used_for_double) = if !got_adjacent {
                    if ndominoes != nsquares {
                        continue;
                    }
                    (true, 1)
                } else if !doubles {
                    continue;
                } else if ndominoes + 1 == nsquares {
                    (true, 2)
                } else if ndominoes == nsquares {
                    (false, 1)
                } else {
                    continue;
                };
                if ndominoes <= 1 || ndominoes + 1 >= nsq {
                    continue;
                }
                if rule_out_nondoubles {
                    squares_done |= set;
                }
                let mut gone = Vec::new();
                for other in (0..=self.n).filter(|&k| dominoes >> k & 1 == 1) {
                    let d = domino_index(num, other);
                    for p in self.live_of(d) {
                        let used = self.cells[p]
                            .iter()
                            .filter(|&&cell| {
                                self.numbers[cell] == num
                                    && index_of(cell).is_some_and(|i| set >> i & 1 == 1)
                            })
                            .count();
                        let out = if other == num {
                            used < min_used_for_double
                        } else {
                            used == 0 && rule_out_nondoubles
                        };
                        if out {
                            gone.push(p);
                        }
                    }
                }
                if gone.is_empty() {
                    continue;
                }
                squares_done |= set;
                self.rule_out_all(&gone);
                done = true;
                if one {
                    found.push(Found {
                        rule: Rule::DominoSet,
                        removed: gone,
                        cells: squares
                            .iter()
                            .enumerate()
                            .filter(|&(i, _)| set >> i & 1 == 1)
                            .map(|(_, &cell)| cell)
                            .collect(),
                        dominoes: (0..=self.n)
                            .filter(|&k| dominoes >> k & 1 == 1)
                            .map(|k| domino_index(num, k))
                            .collect(),
                        placements: Vec::new(),
                    });
                    return true;
                }
            }
        }
        done
    }

    /// Forcing chains (Dominosa's `deduce_forcing_chain`): where a cell has two placements
    /// left, exactly one of them lies, so placements bound by such cells fall into chains
    /// that all lie or none does, each with an opposite chain. A chain that would place a
    /// domino twice goes; so does one that holds every domino some other cell could take; and
    /// a domino with a place in each of two opposite chains leaves its other places.
    pub(super) fn forcing_chains(&mut self, one: bool, found: &mut Vec<Found>) -> bool {
        let pc = self.cells.len();
        let mut parent: Vec<usize> = (0..pc).collect();
        let mut flip = vec![false; pc];
        fn root(parent: &mut [usize], flip: &mut [bool], p: usize) -> (usize, bool) {
            let mut path = Vec::new();
            let mut at = p;
            while parent[at] != at {
                path.push(at);
                at = parent[at];
            }
            // Compress: each on the path points at the root, with its parity to it.
            let mut parity = false;
            for &q in path.iter().rev() {
                parity ^= flip[q];
                flip[q] = parity;
                parent[q] = at;
            }
            (at, if path.is_empty() { false } else { flip[p] })
        }
        for cell in 0..self.at_cell.len() {
            if self.cell_left[cell] != 2 {
                continue;
            }
            let live: Vec<usize> = self.live_at(cell).collect();
            let (ra, fa) = root(&mut parent, &mut flip, live[0]);
            let (rb, fb) = root(&mut parent, &mut flip, live[1]);
            if ra != rb {
                parent[rb] = ra;
                flip[rb] = !(fa ^ fb);
            }
        }
        let chain: Vec<usize> = (0..pc)
            .map(|p| {
                let (r, f) = root(&mut parent, &mut flip, p);
                r * 2 + usize::from(f)
            })
            .collect();
        let members = |active: &[bool], c: usize| -> Vec<usize> {
            (0..pc).filter(|&p| chain[p] == c && active[p]).collect()
        };
        // A chain that holds a domino twice.
        let mut done = false;
        let mut by_chain: Vec<usize> = (0..pc).filter(|&p| self.active[p]).collect();
        by_chain.sort_by_key(|&p| (chain[p], self.domino[p]));
        let mut k = 0;
        while k < by_chain.len() {
            let c = chain[by_chain[k]];
            let start = k;
            while k < by_chain.len() && chain[by_chain[k]] == c {
                k += 1;
            }
            let twice = by_chain[start..k]
                .windows(2)
                .find(|pair| self.domino[pair[0]] == self.domino[pair[1]])
                .map(|pair| self.domino[pair[0]]);
            let Some(d) = twice else {
                continue;
            };
            let gone = members(&self.active, c);
            self.rule_out_all(&gone);
            done = true;
            if one {
                found.push(Found {
                    rule: Rule::PlacementChain,
                    removed: gone.clone(),
                    dominoes: vec![d, d],
                    placements: gone,
                    cells: Vec::new(),
                });
                return true;
            }
        }
        if done {
            return true;
        }
        // A chain that holds every domino some other cell could take.
        for cell in 0..self.at_cell.len() {
            if self.cell_left[cell] < 2 {
                continue;
            }
            let mine: Vec<usize> = self.live_at(cell).collect();
            let exclude: Vec<usize> = mine.iter().map(|&p| chain[p]).collect();
            let mut common: Option<Vec<usize>> = None;
            for &p in &mine {
                let mut here: Vec<usize> = self
                    .live_of(self.domino[p])
                    .map(|q| chain[q])
                    .filter(|c| !exclude.contains(c))
                    .collect();
                here.sort_unstable();
                here.dedup();
                common = Some(match common {
                    None => here,
                    Some(mut before) => {
                        before.retain(|c| here.contains(c));
                        before
                    }
                });
                if common.as_ref().is_some_and(Vec::is_empty) {
                    break;
                }
            }
            for c in common.unwrap_or_default() {
                let gone = members(&self.active, c);
                if gone.is_empty() {
                    continue;
                }
                self.rule_out_all(&gone);
                done = true;
                if one {
                    found.push(Found {
                        rule: Rule::PlacementChain,
                        removed: gone.clone(),
                        cells: vec![cell],
                        placements: gone,
                        dominoes: Vec::new(),
                    });
                    return true;
                }
            }
        }
        // A domino with a place in each of two opposite chains.
        for d in 0..self.of_domino.len() {
            if self.domino_left[d] <= 2 {
                continue;
            }
            let places: Vec<usize> = self.live_of(d).collect();
            let pair = places.iter().enumerate().find_map(|(j, &pj)| {
                places[j + 1..]
                    .iter()
                    .find(|&&pk| chain[pj] ^ chain[pk] == 1)
                    .map(|&pk| (pj, pk))
            });
            let Some((pj, pk)) = pair else {
                continue;
            };
            let gone: Vec<usize> = places
                .iter()
                .copied()
                .filter(|&p| p != pj && p != pk)
                .collect();
            self.rule_out_all(&gone);
            done = true;
            if one {
                let mut placements = members(&self.active, chain[pj]);
                placements.extend(members(&self.active, chain[pk]));
                found.push(Found {
                    rule: Rule::ChainPair,
                    removed: gone,
                    dominoes: vec![d],
                    placements,
                    cells: Vec::new(),
                });
                return true;
            }
        }
        done
    }
}
