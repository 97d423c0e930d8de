//! The search against brute force, Knuth's `sanity()` at every node, and splits that add up.

use super::*;
use crate::problem::OptionId;
use crate::search::links::{Links, Marks, WipeOut};
use crate::ProblemBuilder;

mod sets;

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
                let (num, den) = crate::search::links::INTERLEAVE_WAITS;
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

/// The tree of `template` searched to its end in one go: what the split searches must add
/// up to.
fn whole_tree(template: &Search, problem: &Problem) -> Tree {
    let mut whole = Tree::default();
    let mut search = template.clone();
    loop {
        match search.run() {
            Event::Solution => whole.solutions.push(solution(&search, problem)),
            Event::Done => break,
            event => unreachable!("{event:?}"),
        }
    }
    whole.add_counts(&search);
    whole.finish()
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
    fn propagate(
        &self,
        node: &mut crate::propagate::Node<'_>,
    ) -> Result<(), crate::propagate::Contradiction> {
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
            return Err(crate::propagate::Contradiction);
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
            let whole = whole_tree(&template, &problem);

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

/// A task of [`runs_of_sibling_options_add_up_to_the_whole_tree`]: a prefix, whether its last
/// option's updates are its own, and for a run its level and the option after its last.
type RunTask = (Vec<u32>, bool, Option<(usize, Option<u32>)>);

/// Donations as runs of options of one level, as a worker gives many away (one task each
/// run, the search stepped from one option to the next by `step_sibling`): the same tree as
/// one search, solutions, nodes, updates and profile, with the runs themselves split again
/// below their level at every checkpoint. Algorithms X and C on the links, without
/// propagation, where runs are made.
#[test]
fn runs_of_sibling_options_add_up_to_the_whole_tree() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let rounds = if cfg!(miri) { 8 } else { 400 };
    let mut stepped = 0;
    for round in 0..rounds {
        let problem = random_problem(&mut rng, false);
        for engine in [Engine::X, Engine::C] {
            let template = Search::new(&problem, engine, crate::engine::Tree::Links);
            assert!(template.steps_siblings());
            let whole = whole_tree(&template, &problem);

            // Tasks: a prefix, and for a run the level and the option after its last.
            let run_length = 1 + round % 3;
            let mut split = Tree::default();
            let mut tasks: Vec<RunTask> = vec![(Vec::new(), false, None)];
            while let Some((prefix, count_last, run)) = tasks.pop() {
                let mut search = template.clone();
                search.enter_prefix(&prefix, &[], count_last);
                search.checkpoint_at = search.nodes + 1;
                loop {
                    match search.run() {
                        Event::Solution => split.solutions.push(solution(&search, &problem)),
                        Event::Checkpoint => {
                            let prefixes = search.split();
                            let firsts: Vec<u32> =
                                prefixes.iter().map(|p| *p.last().unwrap()).collect();
                            for (n, prefix) in prefixes.into_iter().enumerate().step_by(run_length)
                            {
                                let level = prefix.len() - 1;
                                let until = firsts.get(n + run_length).copied();
                                tasks.push((prefix, true, Some((level, until))));
                            }
                            search.checkpoint_at = search.nodes + 1;
                        }
                        Event::Done => {
                            if let Some((level, until)) = run {
                                if search.step_sibling(level, until) {
                                    stepped += 1;
                                    search.links.check_invariants().unwrap();
                                    continue;
                                }
                            }
                            break;
                        }
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
                "{engine:?}, runs of {run_length}: {problem:?}"
            );
        }
    }
    assert!(stepped > rounds, "only {stepped} steps to a next option");
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
                let mut table = Links::try_of(&problem, colors).unwrap();
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
            assert_eq!(
                format!("{:?}", Links::try_of(&problem.clone(), colors).unwrap()),
                fresh
            );
            assert!(problem.kept_tables().is_kept(colors));
        }
    }
}

/// The options still available, by their first nodes.
fn available(links: &Links, firsts: &[usize]) -> Vec<bool> {
    firsts.iter().map(|&x| links.is_available(x)).collect()
}

/// Along random paths of the search, forcing that starts from the items a choice
/// changed ends where forcing on every item does: the same options left, or both fail.
#[test]
fn forcing_from_what_a_choice_changed_reaches_the_full_fixpoint() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut compared, mut removed_some, mut failed) = (0, 0, 0);
    // (Fewer under Miri, which checks the links' unchecked indexing, some thousand times
    // slower.)
    let rounds = if cfg!(miri) { 20 } else { 10_000 };
    for _ in 0..rounds {
        let problem = random_problem(&mut rng, false);
        let colors = problem.has_colors();
        let mut links = Links::new(&problem, colors);
        let firsts: Vec<usize> = problem
            .options()
            .map(|option| links.node_of_entry(option.index(), problem.entries_before(option), 0))
            .collect();
        let mut marks = Marks::new(&links);
        let mut trail = Vec::new();
        if links.force(&mut marks, &mut trail).is_err() {
            continue;
        }
        while !links.all_covered() {
            let i = links.choose_nonempty();
            if links.len(i) == 0 {
                break;
            }
            let mut x = links.down(i);
            for _ in 0..rng.below(links.len(i) as u64) {
                x = links.down(x);
            }
            if colors {
                links.cover_item::<true, false>(i);
                links.cover_rest_from_table::<true, false>(x);
            } else {
                links.cover_item::<false, false>(i);
                links.cover_rest_from_table::<false, false>(x);
            }
            let (mut full, mut changed) = (links.clone(), links.clone());
            let (mut full_marks, mut changed_marks) = (marks.clone(), marks.clone());
            let (mut full_trail, mut changed_trail) = (trail.clone(), trail.clone());
            let by_all = full.force(&mut full_marks, &mut full_trail);
            let by_changed = changed.force_changed_by(x, &mut changed_marks, &mut changed_trail);
            compared += 1;
            match (by_all, by_changed) {
                (Ok(a), Ok(b)) => {
                    assert_eq!(a, b, "options removed");
                    assert_eq!(available(&full, &firsts), available(&changed, &firsts));
                    removed_some += usize::from(a > 0);
                }
                (Err(WipeOut), Err(WipeOut)) => {
                    failed += 1;
                    break;
                }
                (a, b) => panic!("forcing on every item: {a:?}; from the choice: {b:?}"),
            }
            (links, marks, trail) = (full, full_marks, full_trail);
        }
    }
    // The comparison is only worth something where forcing does something.
    assert!(
        cfg!(miri) || (compared > 8000 && removed_some > 250 && failed > 700),
        "{compared} comparisons, {removed_some} removing options, {failed} failing"
    );
}
