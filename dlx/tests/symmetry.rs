//! Symmetries found automatically, and counts up to them: against published figures (queens,
//! pentominoes, Langford pairs, each from its plain matrix), and against brute force on small
//! random problems made symmetric (the group's order from every permutation of the items, the
//! orbits from every subset of the options).

use std::collections::{BTreeSet, HashSet};
use std::ops::ControlFlow;

use dlx::symmetry::{Group, Symmetry};
use dlx::{OptionId, Problem, ProblemBuilder, Solver, StopReason};

use crate::util;

/// n queens: ranks and files primary, diagonals secondary.
fn queens(n: usize) -> Problem {
    let mut builder = ProblemBuilder::new();
    let ranks: Vec<_> = (0..n).map(|r| builder.primary(format!("r{r}"))).collect();
    let files: Vec<_> = (0..n).map(|c| builder.primary(format!("c{c}"))).collect();
    let sums: Vec<_> = (0..2 * n - 1)
        .map(|d| builder.secondary(format!("a{d}")))
        .collect();
    let differences: Vec<_> = (0..2 * n - 1)
        .map(|d| builder.secondary(format!("b{d}")))
        .collect();
    for r in 0..n {
        for c in 0..n {
            builder.option(dlx::items![
                ranks[r],
                files[c],
                sums[r + c],
                differences[r + n - 1 - c]
            ]);
        }
    }
    builder.build().unwrap()
}

/// Langford pairs of order n: the two k's have k numbers between them.
fn langford(n: usize) -> Problem {
    let mut builder = ProblemBuilder::new();
    let numbers: Vec<_> = (1..=n).map(|k| builder.primary(format!("n{k}"))).collect();
    let places: Vec<_> = (0..2 * n)
        .map(|p| builder.primary(format!("p{p}")))
        .collect();
    for k in 1..=n {
        for p in 0..2 * n - k - 1 {
            builder.option([numbers[k - 1], places[p], places[p + k + 1]]);
        }
    }
    builder.build().unwrap()
}

/// The twelve pentominoes in a `rows` x `columns` box, every placement of every piece.
fn pentominoes(rows: usize, columns: usize) -> Problem {
    const PIECES: [(&str, &str); 12] = [
        ("F", ".##/##./.#."),
        ("I", "#####"),
        ("L", "####/#..."),
        ("N", "##../.###"),
        ("P", "##/##/#."),
        ("T", "###/.#./.#."),
        ("U", "#.#/###"),
        ("V", "#../#../###"),
        ("W", "#../##./.##"),
        ("X", ".#./###/.#."),
        ("Y", "####/.#.."),
        ("Z", "##./.#./.##"),
    ];
    let mut builder = ProblemBuilder::new();
    let pieces: Vec<_> = PIECES
        .iter()
        .map(|(name, _)| builder.primary(name))
        .collect();
    let cells: Vec<_> = (0..rows * columns)
        .map(|k| builder.primary(format!("{}-{}", k / columns, k % columns)))
        .collect();
    for (piece, (_, picture)) in pieces.iter().zip(PIECES) {
        let base: Vec<(i32, i32)> = picture
            .split('/')
            .enumerate()
            .flat_map(|(r, line)| {
                line.chars()
                    .enumerate()
                    .filter(|&(_, c)| c == '#')
                    .map(move |(c, _)| (r as i32, c as i32))
            })
            .collect();
        let mut shapes = BTreeSet::new();
        for turn in 0..8 {
            let mut shape: Vec<(i32, i32)> = base
                .iter()
                .map(|&(r, c)| {
                    let (r, c) = if turn & 4 != 0 { (r, -c) } else { (r, c) };
                    match turn & 3 {
                        0 => (r, c),
                        1 => (c, -r),
                        2 => (-r, -c),
                        _ => (-c, r),
                    }
                })
                .collect();
            let (top, left) = (
                shape.iter().map(|p| p.0).min().unwrap(),
                shape.iter().map(|p| p.1).min().unwrap(),
            );
            for p in &mut shape {
                *p = (p.0 - top, p.1 - left);
            }
            shape.sort_unstable();
            shapes.insert(shape);
        }
        for shape in shapes {
            for r in 0..rows as i32 {
                for c in 0..columns as i32 {
                    let placed: Option<Vec<_>> = shape
                        .iter()
                        .map(|&(dr, dc)| {
                            let (r, c) = (r + dr, c + dc);
                            (r < rows as i32 && c < columns as i32)
                                .then(|| cells[r as usize * columns + c as usize])
                        })
                        .collect();
                    if let Some(placed) = placed {
                        builder.option(std::iter::once(*piece).chain(placed));
                    }
                }
            }
        }
    }
    builder.build().unwrap()
}

fn orbits(problem: &Problem) -> (Group, u128) {
    let group = Group::of(problem).unwrap();
    let outcome = Solver::new(problem).count_up_to_symmetry(&group).unwrap();
    assert_eq!(outcome.stopped, None);
    (group, outcome.solutions)
}

/// OEIS A002562: n queens up to rotation and reflection, n = 4..14; the square's group has 8
/// symmetries for every n >= 2.
#[test]
fn queens_up_to_symmetry_are_a002562() {
    let expected = [1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752];
    for (n, &count) in (4..=14).zip(&expected) {
        let (group, orbits) = orbits(&queens(n));
        assert_eq!(group.order().get(), Some(8), "queens {n}");
        assert_eq!(orbits, count, "queens {n}");
    }
}

/// The corpus's plain matrices, read from their files, with no hint of their symmetry: the
/// queens (diagonals secondary, and as primary items of bounds 0:1), the pentominoes in 6 x 10
/// (2,339: Haselgrove and Haselgrove, 1960) and Langford pairs (OEIS A014552).
#[test]
fn corpus_matrices_count_up_to_symmetry() {
    for (name, order, count) in [
        ("queens8.dlx", 8, 12),
        ("queens8-pd.dlx", 8, 12),
        ("queens10-pd.dlx", 8, 92),
        ("queens11.dlx", 8, 341),
        ("queens12.dlx", 8, 1787),
        ("queens12-natural.dlx", 8, 1787),
        ("queens13.dlx", 8, 9233),
        ("pento6x10.dlx", 4, 2339),
        ("langford11.dlx", 2, 17792),
        ("langford12.dlx", 2, 108144),
    ] {
        let (group, orbits) = orbits(&util::read_corpus(name));
        assert_eq!(group.order().get(), Some(order), "{name}");
        assert_eq!(orbits, count, "{name}");
    }
    // The symmetry broken by hand leaves only the reflections that keep X's quadrant.
    let (group, _) = orbits(&util::read_corpus("pento6x10-sym.dlx"));
    assert_eq!(group.order().get(), Some(1));
}

/// Pentominoes in the other rectangles (1,010, 368 and 2: Haselgrove and Haselgrove) and
/// Langford pairs of orders 7 and 8 (A014552: 26, 150).
#[test]
fn other_published_figures() {
    for (rows, columns, count) in [(5, 12, 1010), (4, 15, 368), (3, 20, 2)] {
        let (group, orbits) = orbits(&pentominoes(rows, columns));
        assert_eq!(group.order().get(), Some(4), "{rows} x {columns}");
        assert_eq!(orbits, count, "{rows} x {columns}");
    }
    for (n, count) in [(7, 26), (8, 150)] {
        assert_eq!(orbits(&langford(n)).1, count, "Langford {n}");
    }
}

/// Listing gives one solution of each orbit, each the least of its images, on one thread and
/// on several, and a solution limit counts what is listed.
#[test]
fn listing_gives_the_least_of_each_orbit() {
    let problem = queens(8);
    let group = Group::of(&problem).unwrap();
    let elements = group.elements(100).unwrap();
    for threads in [1, 3] {
        let mut listed = Vec::new();
        let outcome = Solver::new(&problem)
            .threads(threads)
            .for_each_up_to_symmetry(&group, |options| {
                listed.push(sorted(options));
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!((outcome.solutions, outcome.stopped), (12, None));
        listed.sort();
        listed.dedup();
        assert_eq!(listed.len(), 12);
        // Each orbit is met once, and from its least solution.
        let mut orbits = HashSet::new();
        for solution in &listed {
            let images: BTreeSet<Vec<OptionId>> = elements
                .iter()
                .map(|symmetry| symmetry.map_options(solution))
                .collect();
            assert_eq!(images.first(), Some(solution));
            assert!(orbits.insert(images));
        }
    }
    let outcome = Solver::new(&problem)
        .limit(5)
        .for_each_up_to_symmetry(&group, |_| ControlFlow::Continue(()))
        .unwrap();
    assert_eq!(
        (outcome.solutions, outcome.stopped),
        (5, Some(StopReason::SolutionLimit))
    );
}

/// Threads give the same count; a node limit gives a lower bound that says it stopped; the
/// settings a count cannot honour are refused.
#[test]
fn threads_limits_and_refusals() {
    let problem = util::read_corpus("queens11.dlx");
    let group = Group::of(&problem).unwrap();
    let one = Solver::new(&problem).count_up_to_symmetry(&group).unwrap();
    let three = Solver::new(&problem)
        .threads(3)
        .count_up_to_symmetry(&group)
        .unwrap();
    assert_eq!((one.solutions, three.solutions), (341, 341));
    assert_eq!(one.stats.nodes, three.stats.nodes);
    let stopped = Solver::new(&problem)
        .node_limit(2000)
        .count_up_to_symmetry(&group)
        .unwrap();
    assert_eq!(stopped.stopped, Some(StopReason::NodeLimit));
    assert!(stopped.solutions < 341);
    for refused in [
        Solver::new(&problem).limit(3).count_up_to_symmetry(&group),
        Solver::new(&problem)
            .shard(0, 2)
            .count_up_to_symmetry(&group),
        Solver::new(&problem)
            .given(&[OptionId::new(0)])
            .unwrap()
            .count_up_to_symmetry(&group),
    ] {
        assert!(refused.is_err());
    }
}

fn sorted(options: &[OptionId]) -> Vec<OptionId> {
    let mut options = options.to_vec();
    options.sort_unstable();
    options
}

/// A small deterministic generator (xorshift*), so that the cases are the same every run.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// A random problem without colors made symmetric: random options, closed under a random
/// permutation of the items (so its powers are symmetries), sometimes with an option twice.
/// Items `0..primary` are primary.
fn symmetric_problem(random: &mut Random) -> (usize, usize, Vec<Vec<usize>>) {
    let primary = 2 + random.below(4);
    let secondary = random.below(3);
    let items = primary + secondary;
    // A permutation that keeps primary items primary.
    let mut permutation: Vec<usize> = (0..items).collect();
    for k in (1..primary).rev() {
        permutation.swap(k, random.below(k + 1));
    }
    for k in (primary + 1..items).rev() {
        permutation.swap(k, primary + random.below(k - primary + 1));
    }
    let mut options: Vec<Vec<usize>> = Vec::new();
    for _ in 0..2 + random.below(4) {
        let mut option: Vec<usize> = (0..items).filter(|_| random.below(3) == 0).collect();
        option.push(random.below(primary));
        option.sort_unstable();
        option.dedup();
        let mut image = option.clone();
        for _ in 0..items {
            if !options.contains(&image) {
                options.push(image.clone());
            }
            image = image.iter().map(|&i| permutation[i]).collect();
            image.sort_unstable();
        }
    }
    options.truncate(12);
    if random.below(4) == 0 {
        let twice = options[random.below(options.len())].clone();
        options.push(twice);
    }
    (primary, secondary, options)
}

fn build(primary: usize, secondary: usize, options: &[Vec<usize>]) -> Problem {
    let mut text = String::new();
    for i in 0..primary {
        text += &format!("i{i} ");
    }
    text += "|";
    for i in primary..primary + secondary {
        text += &format!(" i{i}");
    }
    text += "\n";
    for option in options {
        let names: Vec<String> = option.iter().map(|i| format!("i{i}")).collect();
        text += &names.join(" ");
        text += "\n";
    }
    Problem::from_dlx(&text).unwrap()
}

/// Every permutation of `0..n`.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for smaller in permutations(n - 1) {
        for at in 0..n {
            let mut p = smaller.clone();
            p.insert(at, n - 1);
            all.push(p);
        }
    }
    all
}

fn factorial(n: usize) -> u128 {
    (1..=n as u128).product()
}

/// The group's order and the orbits of solutions, by brute force: the item permutations
/// (primary to primary) that map the options (as a multiset of sets) onto themselves, each
/// with the permutations of equal options; the solutions, from every subset of the options,
/// each counted once per class of the item permutations.
fn brute_force(primary: usize, secondary: usize, options: &[Vec<usize>]) -> (u128, u128) {
    let items = primary + secondary;
    let as_set = |option: &Vec<usize>, map: &[usize]| -> Vec<usize> {
        let mut image: Vec<usize> = option.iter().map(|&i| map[i]).collect();
        image.sort_unstable();
        image
    };
    let mut multiset: Vec<Vec<usize>> = options.to_vec();
    multiset.sort();
    let mut equal_options = 1;
    let mut run = 1;
    for k in 1..=multiset.len() {
        if k < multiset.len() && multiset[k] == multiset[k - 1] {
            run += 1;
        } else {
            equal_options *= factorial(run);
            run = 1;
        }
    }
    let maps: Vec<Vec<usize>> = permutations(items)
        .into_iter()
        .filter(|map| (0..items).all(|i| (map[i] < primary) == (i < primary)))
        .filter(|map| {
            let mut image: Vec<Vec<usize>> = options.iter().map(|o| as_set(o, map)).collect();
            image.sort();
            image == multiset
        })
        .collect();
    let order = maps.len() as u128 * equal_options;
    let mut classes = HashSet::new();
    for subset in 0u32..1 << options.len() {
        let chosen: Vec<&Vec<usize>> = (0..options.len())
            .filter(|&k| subset & 1 << k != 0)
            .map(|k| &options[k])
            .collect();
        let mut uses = vec![0; items];
        for option in &chosen {
            for &i in option.iter() {
                uses[i] += 1;
            }
        }
        let exact = (0..items).all(|i| {
            if i < primary {
                uses[i] == 1
            } else {
                uses[i] <= 1
            }
        });
        if exact {
            let class = maps
                .iter()
                .map(|map| {
                    let mut image: Vec<Vec<usize>> =
                        chosen.iter().map(|o| as_set(o, map)).collect();
                    image.sort();
                    image
                })
                .min()
                .unwrap();
            classes.insert(class);
        }
    }
    (order, classes.len() as u128)
}

/// Whether `symmetry` maps every option onto an option with the images of its items.
fn is_symmetry(problem: &Problem, symmetry: &Symmetry) -> bool {
    problem.options().all(|option| {
        let image: BTreeSet<usize> = problem
            .option(option)
            .iter()
            .map(|entry| symmetry.item(entry.item()).index())
            .collect();
        let target: BTreeSet<usize> = problem
            .option(symmetry.option(option))
            .iter()
            .map(|entry| entry.item().index())
            .collect();
        image == target
    }) && problem
        .items()
        .all(|item| problem.is_primary(symmetry.item(item)) == problem.is_primary(item))
}

#[test]
fn random_symmetric_problems_against_brute_force() {
    let mut random = Random(0x5eed_cafe);
    let mut symmetric = 0;
    for case in 0..400 {
        let (primary, secondary, options) = symmetric_problem(&mut random);
        let problem = build(primary, secondary, &options);
        let (order, orbits) = brute_force(primary, secondary, &options);
        let group = Group::of(&problem).unwrap();
        assert_eq!(group.order().get(), Some(order), "case {case}: {options:?}");
        for generator in group.generators() {
            assert!(is_symmetry(&problem, generator), "case {case}");
        }
        let counted = Solver::new(&problem).count_up_to_symmetry(&group).unwrap();
        assert_eq!(counted.solutions, orbits, "case {case}: {options:?}");
        let mut listed = 0;
        Solver::new(&problem)
            .for_each_up_to_symmetry(&group, |_| {
                listed += 1;
                ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(listed, orbits, "case {case}");
        symmetric += usize::from(order > 1);
    }
    assert!(symmetric > 300, "{symmetric} of 400 cases have a symmetry");
}

/// Colors: a symmetry may rename an item's colors. Random colored problems, closed under a
/// permutation of the items and a swap of two colors: every element of the group found maps
/// solutions onto solutions, and the count equals the orbits of those elements on the
/// solutions, found by listing all of them.
#[test]
fn colored_problems_count_the_orbits_of_their_group() {
    let mut random = Random(0xc0102);
    let mut tried = 0;
    for case in 0..200 {
        let primary = 2 + random.below(3);
        let secondary = 1 + random.below(2);
        let mut text = (0..primary).map(|i| format!("p{i} ")).collect::<String>() + "|";
        for s in 0..secondary {
            text += &format!(" s{s}");
        }
        text += "\n";
        let mut options: Vec<String> = Vec::new();
        for _ in 0..3 + random.below(3) {
            let p = random.below(primary);
            let s = random.below(secondary);
            let q = (p + 1) % primary;
            let color = random.below(2);
            // The option, and its image under p -> p + 1 and the color swap.
            for (p, color) in [(p, color), (q, 1 - color)] {
                options.push(format!("p{p} s{s}:{}", ["red", "blue"][color]));
            }
        }
        let problem = Problem::from_dlx(&(text + &options.join("\n") + "\n")).unwrap();
        let group = Group::of(&problem).unwrap();
        // Options repeated many times make groups of many thousand symmetries.
        let Ok(elements) = group.elements(2_000) else {
            continue;
        };
        tried += 1;
        let mut solutions = Vec::new();
        Solver::new(&problem).for_each(|options| {
            solutions.push(sorted(options));
            ControlFlow::Continue(())
        });
        let known: HashSet<Vec<OptionId>> = solutions.iter().cloned().collect();
        let mut classes = HashSet::new();
        for solution in &solutions {
            let images: BTreeSet<Vec<OptionId>> = elements
                .iter()
                .map(|symmetry| symmetry.map_options(solution))
                .collect();
            assert!(
                images.iter().all(|image| known.contains(image)),
                "case {case}"
            );
            classes.insert(images);
        }
        let counted = Solver::new(&problem).count_up_to_symmetry(&group).unwrap();
        assert_eq!(counted.solutions, classes.len() as u128, "case {case}");
    }
    assert!(tried > 150, "{tried} of 200 cases with few symmetries");
}
