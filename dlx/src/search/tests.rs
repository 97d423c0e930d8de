//! The search against brute force, Knuth's `sanity()` at every node, and splits that add up.

use super::*;
use crate::problem::OptionId;
use crate::ProblemBuilder;

/// A small deterministic generator (xorshift), so the tests need no dependency.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

fn random_problem(rng: &mut Rng, bounds: bool) -> Problem {
    let mut builder = ProblemBuilder::new();
    let primaries: Vec<_> = (0..1 + rng.below(6))
        .map(|k| {
            if bounds && rng.below(2) == 0 {
                let max = 1 + rng.below(3) as u32;
                let min = rng.below(max as u64 + 1) as u32;
                builder.primary_bounded(format!("p{k}"), min, max)
            } else {
                builder.primary(format!("p{k}"))
            }
        })
        .collect();
    let secondaries: Vec<_> = (0..rng.below(4))
        .map(|k| builder.secondary(format!("s{k}")))
        .collect();
    let colors: Vec<_> = (0..rng.below(3))
        .map(|k| builder.color(format!("c{k}")))
        .collect();
    for _ in 0..rng.below(14) {
        let mut option = vec![primaries[rng.below(primaries.len() as u64) as usize].into()];
        for &p in &primaries {
            if rng.below(3) == 0 && option[0] != p.into() {
                option.push(p.into());
            }
        }
        for &s in &secondaries {
            match rng.below(4) {
                0 => option.push(s.into()),
                1 if !colors.is_empty() => {
                    option.push(s.with_color(colors[rng.below(colors.len() as u64) as usize]))
                }
                _ => {}
            }
        }
        builder.option(option);
    }
    builder.build().unwrap()
}

/// Stops at every node and checks Knuth's `sanity()` there, at every solution, and at the
/// end, where the links must be exactly as they were at the start.
#[test]
fn links_stay_consistent_and_are_restored() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    // Miri (which checks the unchecked indexing of the links for undefined behaviour) is
    // some thousand times slower, so it gets fewer problems.
    let rounds = if cfg!(miri) { 12 } else { 300 };
    for round in 0..rounds {
        let problem = random_problem(&mut rng, round % 2 == 1);
        let mut trees = Vec::new();
        let modes = [None, Some(false), Some(true)];
        for (engine, interleave) in [Engine::X, Engine::C, Engine::M]
            .into_iter()
            .flat_map(|engine| modes.map(|mode| (engine, mode)))
        {
            let mut search = Search::new(&problem, engine, crate::engine::Tree::Links);
            if let Some(on) = interleave {
                search.links.set_interleaved(on);
            }
            let initial = search.links.clone();
            let mut solutions = 0;
            search.checkpoint_at = 1;
            loop {
                let event = search.run();
                search.links.check_invariants().unwrap();
                checked += 1;
                match event {
                    Event::Done => break,
                    Event::Prefix => unreachable!("no cutoff"),
                    Event::Checkpoint => search.checkpoint_at = search.nodes + 1,
                    Event::Solution => {
                        let options: Vec<_> = search.options().map(OptionId).collect();
                        crate::verify(&problem, &options).unwrap();
                        solutions += 1;
                    }
                }
            }
            assert!(search.links.same_state(&initial));
            assert_eq!(
                solutions,
                brute_force_count(&problem),
                "{engine:?}: {problem:?}"
            );
            trees.push((search.nodes, search.updates(), search.profile.clone()));
        }
        // The order in which `cover` hides options changes neither the tree nor the
        // updates.
        for engine in trees.chunks(modes.len()) {
            assert!(engine.iter().all(|tree| *tree == engine[0]), "{problem:?}");
        }
        // Without bounds, Algorithm M's tree is Algorithm X's (or C's): bounds 1:1 cost
        // nothing but the bookkeeping. (Updates differ: M backtracks from an item without
        // options before covering it.)
        if !problem.has_multiplicities() {
            let profile = |tree: &(u64, u64, Vec<u64>)| {
                let mut p = tree.2.clone();
                p.truncate(p.iter().rposition(|&n| n > 0).map_or(0, |k| k + 1));
                (tree.0, p)
            };
            assert!(
                trees.iter().all(|t| profile(t) == profile(&trees[0])),
                "{problem:?}"
            );
        }
    }
    assert!(checked > 10 * rounds, "only {checked} states checked");
}

/// Watching for emptied lists lets the choice of an item stop at the first item with one
/// option; the search must stay Knuth's: the same nodes per level and updates, on random
/// problems under Algorithms X and C and with interleaving on and off. (Every choice is also
/// checked against a whole scan in debug builds.)
#[test]
fn watching_for_emptied_lists_keeps_the_tree() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut early = 0;
    for round in 0..2000 {
        let problem = random_problem(&mut rng, false);
        for engine in [Engine::X, Engine::C] {
            let tree = |watch: bool, interleave: bool| {
                let mut search = Search::new(&problem, engine, crate::engine::Tree::Links);
                search.links.set_watch_empty(watch);
                search.links.set_interleaved(interleave);
                let mut solutions = 0;
                while search.run() != Event::Done {
                    solutions += 1;
                }
                (solutions, search.nodes, search.updates(), search.profile)
            };
            let plain = tree(false, round % 2 == 0);
            assert_eq!(plain.0, brute_force_count(&problem), "{problem:?}");
            for interleave in [false, true] {
                assert_eq!(tree(true, interleave), plain, "{engine:?}: {problem:?}");
            }
            early += u64::from(plain.1 > 1);
        }
    }
    assert!(early > 1000, "only {early} searches past the root");
}

/// A straight tromino's placements on a strip overlap their neighbours, so its list is
/// walked interleaved; no two squares of a chessboard share two lines, so none of n
/// queens' lists is.
#[test]
fn interleaving_marks_overlapping_placements_only() {
    let mut strip = ProblemBuilder::new();
    let cells: Vec<_> = (0..8).map(|k| strip.primary(format!("c{k}"))).collect();
    let tromino = strip.primary("I3");
    for k in 0..6 {
        strip.option([tromino, cells[k], cells[k + 1], cells[k + 2]]);
    }
    for k in 0..7 {
        strip.option([cells[k], cells[k + 1]]);
    }
    let links = Links::new(&strip.build().unwrap(), false);
    // Links number items from 1, and the tromino is the ninth.
    assert!(links.is_interleaved(9));

    let n = 6;
    let mut queens = ProblemBuilder::new();
    let rows: Vec<_> = (0..n).map(|r| queens.primary(format!("r{r}"))).collect();
    let columns: Vec<_> = (0..n).map(|c| queens.primary(format!("c{c}"))).collect();
    let diagonals: Vec<_> = (0..2 * n - 1)
        .map(|d| queens.secondary(format!("a{d}")))
        .collect();
    let antidiagonals: Vec<_> = (0..2 * n - 1)
        .map(|d| queens.secondary(format!("b{d}")))
        .collect();
    for r in 0..n {
        for c in 0..n {
            queens.option([
                rows[r].into(),
                columns[c].into(),
                diagonals[r + c].into(),
                antidiagonals[n - 1 + r - c].into(),
            ] as [crate::OptionItem; 4]);
        }
    }
    let links = Links::new(&queens.build().unwrap(), false);
    assert!((1..=links.item_count()).all(|i| !links.is_interleaved(i)));
}

/// The interleaving marks counted with a table of followers by option are those of sorting
/// each option's followers, on random problems (with and without colors' links) and on the
/// strip of trominoes: the same waits and steps for every item, and the same items marked.
#[test]
fn interleaving_counts_match_sorting_followers() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut marked = 0;
    for round in 0..3000 {
        let problem = random_problem(&mut rng, round % 3 == 0);
        for colors in [false, true] {
            let links = Links::new(&problem, colors);
            let (waits, steps) = links.waits_and_steps_by_sorting();
            assert_eq!(
                links.waits_and_steps_counted(),
                (waits.clone(), steps.clone()),
                "{problem:?}"
            );
            for item in 1..=links.item_count() {
                let (num, den) = crate::links::INTERLEAVE_WAITS;
                let expected = links.len(item) >= 3 && den * waits[item] >= num * steps[item];
                assert_eq!(
                    links.is_interleaved(item),
                    expected,
                    "item {item} of {problem:?}"
                );
                marked += usize::from(expected);
            }
        }
    }
    assert!(marked > 100, "only {marked} items marked");
}

/// What a search found: its solutions (each sorted), nodes, updates and profile.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tree {
    solutions: Vec<Vec<u32>>,
    nodes: u64,
    updates: u64,
    profile: Vec<u64>,
}

impl Tree {
    /// Adds what `search` found since it started (its solutions were added as found).
    fn add_counts(&mut self, search: &Search) {
        self.nodes += search.nodes;
        self.updates += search.updates();
        if self.profile.len() < search.profile.len() {
            self.profile.resize(search.profile.len(), 0);
        }
        for (total, n) in self.profile.iter_mut().zip(&search.profile) {
            *total += n;
        }
    }

    fn finish(mut self) -> Tree {
        self.solutions.sort();
        let len = self
            .profile
            .iter()
            .rposition(|&n| n > 0)
            .map_or(0, |k| k + 1);
        self.profile.truncate(len);
        self
    }
}

fn solution(search: &Search, problem: &Problem) -> Vec<u32> {
    let options: Vec<_> = search.options().map(OptionId).collect();
    crate::verify(problem, &options).unwrap();
    let mut sorted: Vec<u32> = search.options().collect();
    sorted.sort_unstable();
    sorted
}

/// A propagator that knows every solution (found by brute force): at each node it removes
/// the available options that no solution extending the node's chosen options has, and
/// fails a node that no solution extends. Sound by construction, and what it removes
/// depends on the node's state, so a split that lost or repeated a removal shows. It rests
/// at every other level (the root included), so that it has something left to remove
/// below the levels where work is split.
struct Oracle {
    solutions: Vec<Vec<OptionId>>,
    options: usize,
}

impl Oracle {
    fn new(problem: &Problem) -> Oracle {
        let n = problem.option_count();
        let solutions = (0u32..1 << n)
            .map(|set| {
                (0..n)
                    .filter(|k| set >> k & 1 == 1)
                    .map(OptionId::new)
                    .collect::<Vec<_>>()
            })
            .filter(|options| crate::verify(problem, options).is_ok())
            .collect();
        Oracle {
            solutions,
            options: n,
        }
    }
}

impl Propagator for Oracle {
    fn propagate(&self, node: &mut crate::Node<'_>) -> Result<(), crate::Contradiction> {
        if node.depth() % 2 == 0 {
            return Ok(());
        }
        let chosen: Vec<OptionId> = node.chosen().collect();
        let below: Vec<&Vec<OptionId>> = self
            .solutions
            .iter()
            .filter(|solution| chosen.iter().all(|o| solution.contains(o)))
            .collect();
        if below.is_empty() {
            return Err(crate::Contradiction);
        }
        for option in (0..self.options).map(OptionId::new) {
            if node.is_available(option) && !below.iter().any(|s| s.contains(&option)) {
                node.remove(option);
            }
        }
        Ok(())
    }
}

/// Splitting a search at every checkpoint (as an idle worker gives work away) and solving
/// the prefixes given away, one after another, explores exactly the same tree as one
/// search: the same solutions, nodes, updates and profile; and so does cutting the tree at
/// a depth (as shards do) and solving each prefix there. With Algorithm M, null moves and
/// items branched on again below their level included; and with a propagator, whose
/// removals a split of Algorithm M undoes and redoes.
#[test]
fn split_subtrees_add_up_to_the_whole_tree() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let rounds = if cfg!(miri) { 8 } else { 400 };
    let mut given_away = 0;
    for round in 0..rounds {
        let problem = random_problem(&mut rng, round % 4 != 0);
        let oracle: Arc<dyn Propagator> = Arc::new(Oracle::new(&problem));
        let engines = [Engine::X, Engine::C, Engine::M];
        for (engine, propagating) in engines
            .into_iter()
            .flat_map(|engine| [(engine, false), (engine, true)])
        {
            let mut template = Search::new(&problem, engine, crate::engine::Tree::Links);
            if propagating {
                template.propagate(&problem, Propagation::None, Some(oracle.clone()));
            }
            let mut whole = Tree::default();
            let mut search = template.clone();
            loop {
                match search.run() {
                    Event::Solution => whole.solutions.push(solution(&search, &problem)),
                    Event::Done => break,
                    event => unreachable!("{event:?}"),
                }
            }
            whole.add_counts(&search);
            let whole = whole.finish();

            // Donations, split at every checkpoint.
            let mut split = Tree::default();
            let mut tasks = vec![(Vec::new(), false)];
            while let Some((prefix, count_last)) = tasks.pop() {
                let mut search = template.clone();
                search.enter_prefix(&prefix, &[], count_last);
                search.links.check_invariants().unwrap();
                search.checkpoint_at = search.nodes + 1;
                loop {
                    match search.run() {
                        Event::Solution => split.solutions.push(solution(&search, &problem)),
                        Event::Checkpoint => {
                            let before = search.links.clone();
                            let prefixes = search.split();
                            assert!(search.links.same_state(&before));
                            given_away += prefixes.len();
                            tasks.extend(prefixes.into_iter().map(|p| (p, true)));
                            search.checkpoint_at = search.nodes + 1;
                        }
                        Event::Done => break,
                        Event::Prefix => unreachable!("no cutoff"),
                    }
                }
                split.add_counts(&search);
                search.unwind();
                assert!(search.links.same_state(&template.links));
            }
            assert_eq!(
                split.finish(),
                whole,
                "{engine:?}, propagating {propagating}, donations: {problem:?}"
            );

            // Prefixes at a depth.
            for depth in 1..4 {
                let mut cut = Tree::default();
                let mut top = template.clone();
                top.cutoff = depth;
                let mut prefixes = Vec::new();
                loop {
                    match top.run() {
                        Event::Prefix => {
                            prefixes.push((top.prefix().to_vec(), top.degrees().to_vec()))
                        }
                        Event::Solution => cut.solutions.push(solution(&top, &problem)),
                        Event::Done => break,
                        Event::Checkpoint => unreachable!("no checkpoint"),
                    }
                }
                cut.add_counts(&top);
                for (prefix, degrees) in prefixes {
                    let mut search = template.clone();
                    search.enter_prefix(&prefix, &degrees, false);
                    loop {
                        match search.run() {
                            Event::Solution => cut.solutions.push(solution(&search, &problem)),
                            Event::Done => break,
                            event => unreachable!("{event:?}"),
                        }
                    }
                    cut.add_counts(&search);
                }
                assert_eq!(
                    cut.finish(),
                    whole,
                    "{engine:?}, propagating {propagating}, depth {depth}: {problem:?}"
                );
            }
        }
    }
    assert!(given_away > rounds, "only {given_away} prefixes given away");
}

/// The number of sets of options that `verify` accepts, by trying every subset.
fn brute_force_count(problem: &Problem) -> u64 {
    let n = problem.option_count();
    (0u32..1 << n)
        .filter(|set| {
            let options: Vec<_> = (0..n)
                .filter(|k| set >> k & 1 == 1)
                .map(OptionId::new)
                .collect();
            crate::verify(problem, &options).is_ok()
        })
        .count() as u64
}

/// A deep problem: a chain of 20,000 items, each option covering one; the search goes
/// 20,000 levels down without recursion.
#[test]
#[cfg_attr(miri, ignore = "too slow under Miri")]
fn depth_is_not_bounded_by_the_call_stack() {
    let mut builder = ProblemBuilder::new();
    let items: Vec<_> = (0..20_000)
        .map(|k| builder.primary(format!("i{k}")))
        .collect();
    for &item in &items {
        builder.option([item]);
    }
    let problem = builder.build().unwrap();
    let mut search = Search::new(&problem, Engine::X, crate::engine::Tree::Links);
    assert_eq!(search.run(), Event::Solution);
    assert_eq!(search.level(), 20_000);
    assert_eq!(search.run(), Event::Done);
}

/// The bit sets walk the same tree whether they count each item's options as each cover
/// takes them out or when a node's scan needs them: the same solutions in the same order,
/// nodes, updates and profile, on random problems under Algorithms X and C (and bounds of
/// 0:1), whole and split at every checkpoint as idle workers split it.
#[test]
fn bit_sets_counting_as_they_cover_keep_the_tree() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut counted = 0;
    for round in 0..2000 {
        let problem = random_problem(&mut rng, round % 3 == 0);
        if !bits::Bits::takes_bounds(&problem) {
            continue;
        }
        for engine in [Engine::X, Engine::C] {
            let search = |counting: bool| {
                let mut search = Search::new(&problem, engine, crate::engine::Tree::Bitsets);
                let table = search.bits.as_mut().expect("a bit-set search");
                table.count_as_it_covers(counting);
                assert_eq!(table.counts_as_it_covers(), counting);
                search
            };
            let whole = |mut search: Search| {
                let mut solutions = Vec::new();
                while search.run() != Event::Done {
                    solutions.push(solution(&search, &problem));
                }
                (solutions, search.nodes, search.updates(), search.profile)
            };
            let scanning = whole(search(false));
            assert_eq!(scanning.0.len() as u64, brute_force_count(&problem));
            assert_eq!(whole(search(true)), scanning, "{engine:?}: {problem:?}");
            counted += u64::from(scanning.1 > 1);

            let mut split = Vec::new();
            let mut tasks = vec![(Vec::new(), false)];
            while let Some((prefix, count_last)) = tasks.pop() {
                let mut search = search(true);
                search.enter_prefix(&prefix, &[], count_last);
                search.checkpoint_at = search.nodes + 1;
                loop {
                    match search.run() {
                        Event::Solution => split.push(solution(&search, &problem)),
                        Event::Checkpoint => {
                            tasks.extend(search.split().into_iter().map(|p| (p, true)));
                            search.checkpoint_at = search.nodes + 1;
                        }
                        Event::Done => break,
                        Event::Prefix => unreachable!("no cutoff"),
                    }
                }
            }
            let mut expected = scanning.0.clone();
            expected.sort();
            split.sort();
            assert_eq!(split, expected, "{engine:?}, split: {problem:?}");
        }
    }
    assert!(counted > 1000, "only {counted} searches past the root");
}

/// A count inside the loop ([`Search::quiet_solutions`]) walks the tree that a search
/// returning every solution walks: as many solutions, and the same nodes, updates and
/// profile, on every tree; also when its budget of quiet solutions runs out and when it
/// stops at checkpoints, both a few nodes apart (a tree that takes a level's leaves at once
/// must not pass either).
#[test]
fn quiet_counts_keep_the_tree() {
    let mut rng = Rng(0x5851_f42d_4c95_7f2d);
    let rounds = if cfg!(miri) { 8 } else { 1500 };
    let mut taken_at_once = 0;
    for round in 0..rounds {
        let problem = random_problem(&mut rng, round % 3 == 0);
        for tree in [
            crate::engine::Tree::Links,
            crate::engine::Tree::SparseSets,
            crate::engine::Tree::Bitsets,
        ] {
            let bits = tree == crate::engine::Tree::Bitsets;
            // The bit sets count as they cover where bounds are Algorithm C's; in their tree
            // of bounds, an option's masks are taken together or one by one.
            let plain = problem.engine() != Engine::M || bits::Bits::takes_bounds(&problem);
            for other_way in [false, true] {
                if other_way && !bits {
                    continue;
                }
                let fresh = || {
                    let mut search = Search::new(&problem, problem.engine(), tree);
                    if let Some(table) = search.bits.as_mut() {
                        match plain {
                            true => table.count_as_it_covers(other_way),
                            false if other_way => table.take_masks_one_by_one(),
                            false => {}
                        }
                    }
                    search
                };
                let mut every = fresh();
                let mut solutions = 0;
                while every.run() == Event::Solution {
                    solutions += 1;
                }
                let whole = (solutions, every.nodes, every.updates(), every.profile);

                let mut quiet = fresh();
                quiet.quiet_solutions = u64::MAX;
                assert_eq!(quiet.run(), Event::Done);
                let counted = u64::MAX - quiet.quiet_solutions;
                let at_once = (counted, quiet.nodes, quiet.updates(), quiet.profile);
                assert_eq!(at_once, whole, "{tree:?}, at once: {problem:?}");

                let mut stopping = fresh();
                let mut counted = 0;
                stopping.checkpoint_at = 1 + rng.below(4);
                loop {
                    let budget = rng.below(4);
                    stopping.quiet_solutions = budget;
                    let event = stopping.run();
                    counted += budget - stopping.quiet_solutions;
                    match event {
                        Event::Solution => counted += 1,
                        Event::Checkpoint => {
                            assert!(stopping.nodes <= stopping.checkpoint_at);
                            stopping.checkpoint_at = stopping.nodes + 1 + rng.below(4);
                        }
                        Event::Done => break,
                        Event::Prefix => unreachable!("no cutoff"),
                    }
                }
                let stopped = (
                    counted,
                    stopping.nodes,
                    stopping.updates(),
                    stopping.profile,
                );
                assert_eq!(stopped, whole, "{tree:?}, stopping: {problem:?}");
                taken_at_once += u64::from(bits && whole.0 > 1);
            }
        }
    }
    assert!(
        taken_at_once > 100,
        "only {taken_at_once} bit-set counts of two or more"
    );
}

/// The same on larger random problems, whose sets take several words (up to 300 options):
/// options of two to four of 40 primary items, some with a colored secondary item.
#[test]
fn bit_sets_counting_as_they_cover_keep_the_tree_over_many_words() {
    let mut rng = Rng(0x2f6b_4c3d_1a5e_9087);
    let rounds = if cfg!(debug_assertions) { 60 } else { 300 };
    for _ in 0..rounds {
        let mut builder = ProblemBuilder::new();
        let items: Vec<_> = (0..40).map(|k| builder.primary(format!("p{k}"))).collect();
        let secondary = builder.secondary("s");
        let colors = [builder.color("a"), builder.color("b")];
        for _ in 0..65 + rng.below(236) {
            let mut option: Vec<crate::problem::OptionItem> = Vec::new();
            while option.len() < 2 + rng.below(3) as usize {
                let item = items[rng.below(40) as usize].into();
                if !option.contains(&item) {
                    option.push(item);
                }
            }
            if rng.below(4) == 0 {
                option.push(secondary.with_color(colors[rng.below(2) as usize]));
            }
            builder.option(option);
        }
        let problem = builder.build().unwrap();
        let walk = |counting: bool| {
            let mut search = Search::new(&problem, Engine::C, crate::engine::Tree::Bitsets);
            search.bits.as_mut().unwrap().count_as_it_covers(counting);
            search.checkpoint_at = 200_000;
            let mut solutions = Vec::new();
            while search.run() == Event::Solution {
                solutions.push(solution(&search, &problem));
            }
            (solutions, search.nodes, search.updates(), search.profile)
        };
        let scanning = walk(false);
        assert_eq!(walk(true), scanning, "{problem:?}");
    }
}

/// The tree of bounds on larger random problems, whose sets take several words (65 to 160
/// options) and whose items may take up to six options, so that a subtree of one item
/// runs deep, and its level may have more live options than a word holds: a quiet count
/// walks the tree a search returning every solution walks (nodes, updates, profile), with
/// each option's masks taken together or one by one, and finds as many solutions as the
/// links.
#[test]
fn tree_of_bounds_keeps_the_tree_over_many_words() {
    let mut rng = Rng(0x6a09_e667_f3bc_c908);
    let rounds = if cfg!(debug_assertions) { 30 } else { 150 };
    let mut deep = 0;
    for _ in 0..rounds {
        let mut builder = ProblemBuilder::new();
        let items: Vec<_> = (0..2 + rng.below(4))
            .map(|k| {
                let max = 1 + rng.below(6) as u32;
                let min = rng.below(u64::from(max) + 1) as u32;
                builder.primary_bounded(format!("p{k}"), min, max)
            })
            .collect();
        let secondaries: Vec<_> = (0..6).map(|k| builder.secondary(format!("s{k}"))).collect();
        let colors = [builder.color("a"), builder.color("b")];
        for _ in 0..65 + rng.below(96) {
            let mut option: Vec<crate::problem::OptionItem> =
                vec![items[rng.below(items.len() as u64) as usize].into()];
            if rng.below(8) == 0 {
                let other = items[rng.below(items.len() as u64) as usize].into();
                if !option.contains(&other) {
                    option.push(other);
                }
            }
            let mut taken = [false; 6];
            for _ in 0..2 + rng.below(2) {
                let k = rng.below(6) as usize;
                let s = secondaries[k];
                if !std::mem::replace(&mut taken[k], true) {
                    option.push(match rng.below(4) {
                        0 => s.with_color(colors[rng.below(2) as usize]),
                        _ => s.into(),
                    });
                }
            }
            builder.option(option);
        }
        let problem = builder.build().unwrap();
        let walk = |quiet: bool, one_by_one: bool| {
            let mut search = Search::new(&problem, Engine::M, crate::engine::Tree::Bitsets);
            if one_by_one {
                search.bits.as_mut().unwrap().take_masks_one_by_one();
            }
            search.checkpoint_at = u64::MAX;
            search.quiet_solutions = if quiet { u64::MAX } else { 0 };
            let mut solutions = 0;
            while search.run() == Event::Solution {
                solution(&search, &problem);
                solutions += 1;
            }
            if quiet {
                solutions += u64::MAX - search.quiet_solutions;
            }
            (solutions, search.nodes, search.updates(), search.profile)
        };
        let every = walk(false, false);
        assert_eq!(walk(true, false), every, "{problem:?}");
        assert_eq!(walk(true, true), every, "{problem:?}");
        assert_eq!(walk(false, true), every, "{problem:?}");
        let mut links = Search::new(&problem, Engine::M, crate::engine::Tree::Links);
        links.quiet_solutions = u64::MAX;
        assert_eq!(links.run(), Event::Done);
        assert_eq!(u64::MAX - links.quiet_solutions, every.0, "{problem:?}");
        deep += u64::from(every.3.iter().rposition(|&n| n > 0).unwrap_or(0) > 6);
    }
    assert!(deep > rounds / 4, "only {deep} trees deeper than 6 levels");
}

/// A problem keeps its table from the second search on: the copies it hands out are the
/// table as built, of either kind, whatever searches ran on the copies before; and a
/// clone of the problem shares them.
#[test]
fn kept_tables_are_the_tables_as_built() {
    let mut rng = Rng(0x0bad_cafe_f00d_0001);
    for round in 0..200 {
        let problem = random_problem(&mut rng, round % 2 == 0);
        for colors in [false, true] {
            let fresh = format!("{:?}", Links::new(&problem, colors));
            for _ in 0..3 {
                let mut table = Links::of(&problem, colors);
                assert_eq!(format!("{table:?}"), fresh);
                if !table.all_covered() {
                    let item = table.choose();
                    if colors {
                        table.cover::<true, false>(item);
                    } else {
                        table.cover::<false, false>(item);
                    }
                }
            }
            assert_eq!(format!("{:?}", Links::of(&problem.clone(), colors)), fresh);
            assert!(problem.kept_tables().is_kept(colors));
        }
    }
}
