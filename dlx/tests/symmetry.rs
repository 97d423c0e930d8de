//! Symmetries found automatically, and counts up to them: against published figures (queens,
//! pentominoes, Langford pairs, each from its plain matrix), and against brute force on small
//! random problems made symmetric (the group's order from every permutation of the items, the
//! orbits from every subset of the options).

use std::collections::{BTreeSet, HashSet};
use std::ops::ControlFlow;

use dlx::symmetry::{Group, Symmetry, MAX_SYMMETRIES};
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
    // A group found for another problem is refused.
    let other = util::read_corpus("queens10.dlx");
    assert!(!group.keeps(&other));
    assert_eq!(
        Solver::new(&other)
            .count_up_to_symmetry(&group)
            .unwrap_err(),
        dlx::symmetry::SymmetryError::OtherProblem
    );
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
        assert!(group.keeps(&problem), "case {case}");
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
        // Every generator keeps the options, colors renamed item by item.
        assert!(group.keeps(&problem), "case {case}");
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

/// The empty sudoku of boxes `b` x `b`: a cell, a row, a column and a box item for each digit.
pub(crate) fn sudoku(b: usize) -> Problem {
    let n = b * b;
    let mut builder = ProblemBuilder::new();
    let mut item = |kind: &str, a: usize, d: usize| builder.primary(format!("{kind}{a}-{d}"));
    let mut options = Vec::new();
    let cells: Vec<_> = (0..n * n).map(|k| item("p", k, 0)).collect();
    let rows: Vec<_> = (0..n * n).map(|k| item("r", k / n, k % n)).collect();
    let columns: Vec<_> = (0..n * n).map(|k| item("c", k / n, k % n)).collect();
    let boxes: Vec<_> = (0..n * n).map(|k| item("b", k / n, k % n)).collect();
    for r in 0..n {
        for c in 0..n {
            for d in 0..n {
                let x = (r / b) * b + c / b;
                options.push([
                    cells[r * n + c],
                    rows[r * n + d],
                    columns[c * n + d],
                    boxes[x * n + d],
                ]);
            }
        }
    }
    for option in options {
        builder.option(option);
    }
    builder.build().unwrap()
}

/// Latin squares of order n: an item for each (row, column), (row, symbol), (column, symbol).
pub(crate) fn latin(n: usize) -> Problem {
    let mut builder = ProblemBuilder::new();
    let pairs: Vec<Vec<_>> = ["rc", "rs", "cs"]
        .iter()
        .map(|kind| {
            (0..n * n)
                .map(|k| builder.primary(format!("{kind}{k}")))
                .collect()
        })
        .collect();
    for r in 0..n {
        for c in 0..n {
            for s in 0..n {
                builder.option([
                    pairs[0][r * n + c],
                    pairs[1][r * n + s],
                    pairs[2][c * n + s],
                ]);
            }
        }
    }
    builder.build().unwrap()
}

/// Groups with published orders, and classes known from the literature. The empty sudoku's
/// group permutes the digits, the rows within bands and the bands, the same for columns, and
/// transposes: 9! 6^8 2 = 1,218,998,108,160 symmetries for 9 x 9 and 4! 2^4 2^4 2 = 3,072 for
/// 4 x 4 (Felgenhauer and Jarvis; Russell and Jarvis), whose 288 grids are 2 classes. The
/// Latin squares' group permutes rows, columns and symbols, and the three roles: 6 n!^3; the
/// 12 squares of order 3 are one main class.
#[test]
fn large_groups_have_their_published_orders() {
    let group = Group::of(&sudoku(3)).unwrap();
    assert_eq!(group.order().to_string(), "1218998108160");
    assert!(group.elements(MAX_SYMMETRIES).is_err());
    let (group, classes) = orbits(&sudoku(2));
    assert_eq!((group.order().get(), classes), (Some(3072), 2));
    let (group, classes) = orbits(&latin(3));
    assert_eq!((group.order().get(), classes), (Some(6 * 6 * 6 * 6), 1));
    for (n, order) in [(4, 82_944u128), (5, 10_368_000), (7, 768_144_384_000)] {
        assert_eq!(
            Group::of(&latin(n)).unwrap().order().get(),
            Some(order),
            "order {n}"
        );
    }
}

/// The group's order as nauty's `dreadnaut` finds it for the problem's graph (built here
/// from the definition: a vertex per item, option and used (item, color) pair, the classes as
/// the fixed partition), or `None` when dreadnaut is not installed.
fn nauty_order(problem: &Problem) -> Option<f64> {
    use std::io::Write;
    let items = problem.item_count();
    let options = problem.option_count();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut edges: Vec<(usize, usize)> = Vec::new();
    for option in problem.options() {
        for entry in problem.option(option) {
            let item = entry.item().index();
            match entry.color() {
                None => edges.push((items + option.index(), item)),
                Some(color) => {
                    let pair = match pairs.iter().position(|&p| p == (item, color.index())) {
                        Some(k) => k,
                        None => {
                            pairs.push((item, color.index()));
                            edges.push((items + options + pairs.len() - 1, item));
                            pairs.len() - 1
                        }
                    };
                    edges.push((items + option.index(), items + options + pair));
                }
            }
        }
    }
    let n = items + options + pairs.len();
    let mut classes: std::collections::BTreeMap<(u8, u32, u32), Vec<usize>> = Default::default();
    for item in problem.items() {
        let key = if problem.is_primary(item) {
            let (low, high) = problem.bounds(item).unwrap_or((1, 1));
            (0, low, high)
        } else {
            (1, 0, 0)
        };
        classes.entry(key).or_default().push(item.index());
    }
    classes.insert((2, 0, 0), (items + options..n).collect());
    classes.insert((3, 0, 0), (items..items + options).collect());
    let mut input = format!("n={n} g\n");
    for v in 0..n {
        let neighbours: Vec<String> = edges
            .iter()
            .filter(|&&(a, _)| a == v)
            .map(|&(_, b)| b.to_string())
            .collect();
        input += &format!("{v}: {};\n", neighbours.join(" "));
    }
    input += "f=[";
    let cells: Vec<String> = classes
        .values()
        .filter(|cell| !cell.is_empty())
        .map(|cell| {
            cell.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    input += &cells.join("|");
    input += "]\nx\nq\n";
    let mut child = std::process::Command::new("dreadnaut")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .ok()?;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let complaints = String::from_utf8_lossy(&output.stderr);
    assert!(complaints.trim().is_empty(), "dreadnaut: {complaints}");
    let text = String::from_utf8(output.stdout).unwrap();
    let size = text
        .split("grpsize=")
        .nth(1)
        .unwrap_or_else(|| panic!("dreadnaut said:\n{text}"))
        .split(';')
        .next()
        .unwrap();
    Some(size.parse().unwrap_or_else(|_| panic!("grpsize={size}")))
}

/// The group's order against nauty's on the problems above and on random ones, colored too.
/// Skipped with a note where dreadnaut (Debian's `nauty`) is missing, unless
/// `DLX_NAUTY_TESTS=required` (CI), which makes that a failure.
#[test]
fn orders_agree_with_nauty() {
    if nauty_order(&build(1, 0, &[vec![0]])).is_none() {
        assert!(
            std::env::var("DLX_NAUTY_TESTS").as_deref() != Ok("required"),
            "dreadnaut runs (apt-get install nauty)"
        );
        eprintln!("note: dreadnaut is not installed (apt-get install nauty): skipped");
        return;
    }
    let mut problems: Vec<Problem> = vec![
        queens(6),
        queens(7),
        langford(7),
        pentominoes(3, 5),
        sudoku(2),
        latin(3),
        latin(4),
        util::read_corpus("tiny/c-knuth-example.dlx"),
        util::read_corpus("tiny/m-knuth-example.dlx"),
        util::read_corpus("queens8-pd.dlx"),
    ];
    let mut random = Random(0xa0a0);
    for _ in 0..150 {
        let (primary, secondary, options) = symmetric_problem(&mut random);
        problems.push(build(primary, secondary, &options));
    }
    for _ in 0..50 {
        let mut text = "p0 p1 p2 | s0 s1\n".to_owned();
        for _ in 0..2 + random.below(5) {
            let color = ["x", "y"][random.below(2)];
            text += &format!("p{} s{}:{color}\n", random.below(3), random.below(2));
        }
        problems.push(Problem::from_dlx(&text).unwrap());
    }
    for (k, problem) in problems.iter().enumerate() {
        let ours = Group::of(problem).unwrap().order().to_string();
        let nauty = nauty_order(problem).unwrap();
        let ours: f64 = ours.parse().unwrap();
        assert!(
            (ours - nauty).abs() <= nauty * 1e-5,
            "problem {k}: {ours} against nauty's {nauty}\n{}",
            problem.to_dlx()
        );
    }
}

/// Domino tilings of a `rows` x `columns` board: an item per cell, an option per domino.
fn dominoes(rows: usize, columns: usize) -> Problem {
    let mut builder = ProblemBuilder::new();
    let cells: Vec<_> = (0..rows * columns)
        .map(|k| builder.primary(format!("{}-{}", k / columns, k % columns)))
        .collect();
    for r in 0..rows {
        for c in 0..columns {
            if c + 1 < columns {
                builder.option([cells[r * columns + c], cells[r * columns + c + 1]]);
            }
            if r + 1 < rows {
                builder.option([cells[r * columns + c], cells[(r + 1) * columns + c]]);
            }
        }
    }
    builder.build().unwrap()
}

/// Burnside's lemma by memoization over the whole group gives the enumeration's count, on
/// problems of each kind; and counts what no enumeration would, exactly.
#[test]
fn memoized_counts_up_to_symmetry_equal_the_enumerated_ones() {
    for problem in [
        queens(8),
        langford(8),
        dominoes(6, 6),
        dominoes(5, 6),
        sudoku(2),
        util::read_corpus("queens9-pd.dlx"),
    ] {
        let group = Group::of(&problem).unwrap();
        let enumerated = Solver::new(&problem).count_up_to_symmetry(&group).unwrap();
        let memoized = Solver::new(&problem)
            .memo_count_up_to_symmetry(&group)
            .unwrap();
        assert_eq!(
            memoized.count.to_u128(),
            Some(enumerated.solutions),
            "{problem:?}"
        );
    }
    // The 8 x 8 board's 12,988,816 tilings (Fisher and Temperley; Kasteleyn) by Burnside
    // over its 8 symmetries, checked here against the enumeration's classes of the 6 x 6
    // board above: the whole count is the identity's term.
    let board = dominoes(8, 8);
    let group = Group::of(&board).unwrap();
    assert_eq!(group.order().get(), Some(8));
    let classes = Solver::new(&board)
        .memo_count_up_to_symmetry(&group)
        .unwrap();
    let all = Solver::new(&board)
        .memo_count()
        .unwrap()
        .count
        .to_u128()
        .unwrap();
    assert_eq!(all, 12_988_816);
    let classes = classes.count.to_u128().unwrap();
    assert!(
        classes * 8 >= all && classes * 8 < all + 8 * 10_000,
        "{classes}"
    );
}

/// The search for a group stops at its node budget, its deadline and its cancel flag, with
/// the error that says which: on 200 interchangeable items (200! symmetries, found along a
/// first path 199 levels deep).
#[test]
fn the_search_for_a_group_obeys_its_limits() {
    use dlx::symmetry::{GroupLimits, SymmetryError};
    let mut text: String = (0..200).map(|k| format!("i{k} ")).collect();
    text += "\n";
    for k in 0..200 {
        text += &format!("i{k}\n");
    }
    let problem = Problem::from_dlx(&text).unwrap();
    let whole = Group::of(&problem).unwrap();
    assert_eq!(whole.order().to_string().len(), 375); // 200! has 375 digits
    let nodes = GroupLimits {
        max_nodes: 100,
        ..GroupLimits::default()
    };
    assert_eq!(
        Group::within(&problem, &nodes).unwrap_err(),
        SymmetryError::SearchTooLarge { nodes: 100 }
    );
    let late = GroupLimits {
        deadline: Some(std::time::Instant::now()),
        ..GroupLimits::default()
    };
    assert_eq!(
        Group::within(&problem, &late).unwrap_err(),
        SymmetryError::Timeout
    );
    let cancelled = GroupLimits {
        cancel: Some(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(
            true,
        ))),
        ..GroupLimits::default()
    };
    assert_eq!(
        Group::within(&problem, &cancelled).unwrap_err(),
        SymmetryError::Cancelled
    );
}

/// A symmetric solution whose cycle of options covers an item of multiplicity twice cannot be
/// written as one option: the count says so rather than count it wrong.
#[test]
fn a_cycle_that_covers_an_item_twice_is_refused() {
    use dlx::symmetry::SymmetryError;
    // Swapping a and b swaps the two options; the one solution holds both, x covered twice.
    let problem = Problem::from_dlx("0:2|x a b\nx a\nx b\n").unwrap();
    let group = Group::of(&problem).unwrap();
    assert_eq!(group.order().get(), Some(2));
    assert_eq!(
        Solver::new(&problem)
            .count_up_to_symmetry(&group)
            .unwrap_err(),
        SymmetryError::Multiplicity {
            item: "x".to_owned()
        }
    );
    // Listing needs no such problem: the one solution is listed.
    let mut listed = 0;
    Solver::new(&problem)
        .for_each_up_to_symmetry(&group, |_| {
            listed += 1;
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(listed, 1);
}
