//! The set tables' trees kept: the bit sets counting as they cover or when they scan, with
//! each option's masks together or one by one in their tree of bounds, and a count inside
//! the loop (which takes some levels and subtrees at once) against a search that returns
//! every solution.

use super::*;

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
                let table = search.bits_mut().expect("a bit-set search");
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
                    if let Some(table) = search.bits_mut() {
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
                let counted = count_stopping(&mut stopping, &mut rng, u64::MAX);
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
        let problem = many_words_problem(&mut rng);
        let walk = |counting: bool| {
            let mut search = Search::new(&problem, Engine::C, crate::engine::Tree::Bitsets);
            search.bits_mut().unwrap().count_as_it_covers(counting);
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
        let problem = many_words_bounded_problem(&mut rng);
        let walk = |quiet: bool, one_by_one: bool| {
            let mut search = Search::new(&problem, Engine::M, crate::engine::Tree::Bitsets);
            if one_by_one {
                search.bits_mut().unwrap().take_masks_one_by_one();
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

/// A random problem whose sets take several words (65 to 300 options): options of two to
/// four of 40 primary items, some with a colored secondary item.
fn many_words_problem(rng: &mut Rng) -> Problem {
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
    builder.build().unwrap()
}

/// A random problem of bounds whose sets take several words (65 to 160 options), whose
/// items may take up to six options, so that a subtree of one item runs deep.
fn many_words_bounded_problem(rng: &mut Rng) -> Problem {
    bounded_problem(rng, false)
}

/// A problem of 65 to 160 options with bounds: a few items that may take up to six options
/// (`many` false), or more items than a compact cover copies as one block, each of which
/// may take none (whose trees are too large to walk whole), with fewer secondary items in
/// each option.
fn bounded_problem(rng: &mut Rng, many: bool) -> Problem {
    let mut builder = ProblemBuilder::new();
    let (count, most, secondaries_least) = match many {
        true => (33 + rng.below(8), 2, 0),
        false => (2 + rng.below(4), 6, 2),
    };
    let items: Vec<_> = (0..count)
        .map(|k| {
            let max = 1 + rng.below(most) as u32;
            let min = match many {
                true => 0,
                false => rng.below(u64::from(max) + 1) as u32,
            };
            builder.primary_bounded(format!("p{k}"), min, max)
        })
        .collect();
    let secondaries: Vec<_> = (0..6).map(|k| builder.secondary(format!("s{k}"))).collect();
    let colors = [builder.color("a"), builder.color("b")];
    for k in 0..65 + rng.below(96) as usize {
        // With many items, every item in an option at least, so that they do not end the
        // root.
        let item = match items.get(k) {
            Some(&item) if many => item,
            _ => items[rng.below(items.len() as u64) as usize],
        };
        let mut option: Vec<crate::problem::OptionItem> = vec![item.into()];
        if rng.below(8) == 0 {
            let other = items[rng.below(items.len() as u64) as usize].into();
            if !option.contains(&other) {
                option.push(other);
            }
        }
        let mut taken = [false; 6];
        for _ in 0..secondaries_least + rng.below(2) {
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
    builder.build().unwrap()
}

/// The bit sets walk the same tree with levels on one word below a level of at most 64
/// live options ([`bits`]'s compact levels) as without them: the same solutions in the same
/// order, nodes, updates and profile, and the same positions ("`k` of `d`") at every node;
/// searches without checkpoints, which walk the levels under a compact root of the tree of
/// bounds by themselves ([`bits`]'s walk), returning or counting every solution; quiet
/// counts stopping at checkpoints and budgets a few nodes apart; and each solution's
/// options read back as the same nodes of a prefix (or the same error, one option changed). On small random problems (compact from
/// the first level down), on larger ones of several words, and with bounds (of a few items,
/// or of more than a compact cover copies as one block); each search up to its first `NODES`
/// nodes.
#[test]
fn compact_levels_keep_the_tree() {
    let mut rng = Rng(0xbb67_ae85_84ca_a73b);
    let rounds = if cfg!(debug_assertions) { 400 } else { 2000 };
    const NODES: u64 = 5000;
    let mut compact_roots = 0;
    for round in 0..rounds {
        let problem = match round % 4 {
            0 | 1 => random_problem(&mut rng, round % 4 == 1),
            2 => many_words_problem(&mut rng),
            _ => bounded_problem(&mut rng, round % 16 == 3),
        };
        let fresh = |compact: bool| {
            let mut search = Search::new(&problem, problem.engine(), crate::engine::Tree::Bitsets);
            if !compact {
                search.bits_mut().unwrap().without_compact_levels();
            }
            search
        };
        let (mut with, mut without) = (fresh(true), fresh(false));
        let mut solutions = Vec::new();
        with.checkpoint_at = 1;
        without.checkpoint_at = 1;
        loop {
            let event = with.run();
            assert_eq!(without.run(), event, "{problem:?}");
            match event {
                Event::Solution => {
                    let found = solution(&with, &problem);
                    assert_eq!(solution(&without, &problem), found, "{problem:?}");
                    solutions.push(with.options().map(OptionId).collect::<Vec<_>>());
                }
                Event::Checkpoint => {
                    assert_eq!(with.level, without.level, "{problem:?}");
                    for level in 0..with.level {
                        let (k, d) = with.position(level);
                        assert_eq!(without.position(level), (k, d), "{problem:?}");
                        // A null move is the last branch.
                        let last = with.choice[level] == bits::NULL_MOVE;
                        assert!(k <= d && (k == d || !last), "{k} of {d}: {problem:?}");
                    }
                    if with.nodes == NODES {
                        break;
                    }
                    with.checkpoint_at = with.nodes + 1;
                    without.checkpoint_at = without.nodes + 1;
                }
                Event::Done => break,
                Event::Prefix => unreachable!("no cutoff"),
            }
        }
        let whole = (with.nodes, with.updates(), with.profile.clone());
        assert_eq!(
            (without.nodes, without.updates(), without.profile.clone()),
            whole,
            "{problem:?}"
        );
        compact_roots += with.bits_ref().unwrap().compact_roots();
        assert_eq!(without.bits_ref().unwrap().compact_roots(), 0);

        // And with no checkpoint before the last node, so that the bit sets walk the
        // levels under a compact root by themselves: returning every solution, then
        // counting them all quietly.
        let mut walked = fresh(true);
        walked.checkpoint_at = NODES;
        let mut found = Vec::new();
        while walked.run() == Event::Solution {
            found.push(walked.options().map(OptionId).collect::<Vec<_>>());
        }
        assert_eq!(found, solutions, "{problem:?}");
        assert_eq!(
            (walked.nodes, walked.updates(), walked.profile),
            whole,
            "{problem:?}"
        );
        let mut quiet = fresh(true);
        quiet.checkpoint_at = NODES;
        quiet.quiet_solutions = u64::MAX;
        assert_ne!(quiet.run(), Event::Solution);
        assert_eq!(
            u64::MAX - quiet.quiet_solutions,
            solutions.len() as u64,
            "{problem:?}"
        );
        assert_eq!(
            (quiet.nodes, quiet.updates(), quiet.profile),
            whole,
            "{problem:?}"
        );

        let mut stopping = fresh(true);
        let counted = count_stopping(&mut stopping, &mut rng, NODES);
        assert_eq!(counted, solutions.len() as u64, "{problem:?}");
        assert_eq!(
            (stopping.nodes, stopping.updates(), stopping.profile),
            whole,
            "{problem:?}"
        );

        let (mut with, mut without) = (fresh(true), fresh(false));
        for options in solutions.iter().take(20) {
            let nodes = with.nodes_of(&problem, options);
            assert!(nodes.is_ok(), "{options:?}: {problem:?}");
            assert_eq!(without.nodes_of(&problem, options), nodes, "{problem:?}");
            // And with one option changed, which may not be a choice where it stands (a
            // solution of no options, where every item may take none, has none to change).
            if options.is_empty() {
                continue;
            }
            let mut changed = options.clone();
            let k = rng.below(changed.len() as u64) as usize;
            changed[k] = OptionId(rng.below(problem.option_count() as u64) as u32);
            assert_eq!(
                with.nodes_of(&problem, &changed),
                without.nodes_of(&problem, &changed),
                "{changed:?}: {problem:?}"
            );
        }
    }
    assert!(
        compact_roots > 10 * rounds,
        "only {compact_roots} compact roots"
    );
}

/// Counts `search`'s solutions inside the loop, stopping at checkpoints and quiet budgets a
/// few nodes apart (random), up to `nodes` nodes: the solutions counted.
fn count_stopping(search: &mut Search, rng: &mut Rng, nodes: u64) -> u64 {
    let mut counted = 0;
    search.checkpoint_at = (1 + rng.below(4)).min(nodes);
    loop {
        let budget = rng.below(4);
        search.quiet_solutions = budget;
        let event = search.run();
        counted += budget - search.quiet_solutions;
        match event {
            Event::Solution => counted += 1,
            Event::Checkpoint if search.nodes == nodes => return counted,
            Event::Checkpoint => {
                assert!(search.nodes <= search.checkpoint_at);
                search.checkpoint_at = (search.nodes + 1 + rng.below(4)).min(nodes);
            }
            Event::Done => return counted,
            Event::Prefix => unreachable!("no cutoff"),
        }
    }
}
