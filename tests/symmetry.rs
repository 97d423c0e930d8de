//! `--symmetry` and `--up-to-symmetry` end to end: the group printed (each generator checked
//! here to map every option onto an option), counts up to symmetry against published figures,
//! one solution listed per class, on `solve` and on the puzzle commands, and the refusals.

use std::collections::{BTreeSet, HashMap};

use dlx::Problem;

use crate::binary::*;

/// The generators of `dlx solve FILE --symmetry --format json`, as maps of item names.
fn generators(file: &str) -> (String, Vec<HashMap<String, String>>) {
    let run = dlx(&["solve", file, "--symmetry", "--format", "json"]);
    run.assert_status(0);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let generators = value["generators"]
        .as_array()
        .expect("generators")
        .iter()
        .map(|cycles| {
            let mut map = HashMap::new();
            for cycle in cycles.as_array().expect("cycles") {
                let names: Vec<String> = cycle
                    .as_array()
                    .expect("a cycle")
                    .iter()
                    .map(|name| name.as_str().expect("a name").to_owned())
                    .collect();
                for k in 0..names.len() {
                    map.insert(names[k].clone(), names[(k + 1) % names.len()].clone());
                }
            }
            map
        })
        .collect();
    (value["order"].to_string(), generators)
}

/// An option as the set of its items' names (with their colors).
fn option_set(problem: &Problem, option: dlx::OptionId) -> BTreeSet<String> {
    problem
        .option_text(option)
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

fn image(map: &HashMap<String, String>, option: &BTreeSet<String>) -> BTreeSet<String> {
    option
        .iter()
        .map(|entry| {
            let name = entry.split(':').next().unwrap();
            map.get(name).cloned().unwrap_or_else(|| name.to_owned())
        })
        .collect()
}

/// The printed generators map every option of the problem onto an option; the orders are
/// those of the square (queens), the rectangle (pentominoes) and reversal (Langford).
#[test]
fn symmetry_prints_the_group() {
    for (file, order) in [
        (QUEENS8, "8"),
        ("tests/corpus/pento6x10.dlx", "4"),
        ("tests/corpus/langford11.dlx", "2"),
        ("tests/corpus/pento6x10-sym.dlx", "1"),
    ] {
        let (found, generators) = generators(file);
        assert_eq!(found, order, "{file}");
        let problem = problem(file);
        // Without colors, an option is its set of items.
        let options: BTreeSet<BTreeSet<String>> = problem
            .options()
            .map(|option| option_set(&problem, option))
            .collect();
        for map in &generators {
            assert!(!map.is_empty(), "{file}: a generator that moves nothing");
            for option in &options {
                assert!(options.contains(&image(map, option)), "{file}: {option:?}");
            }
        }
        let text = dlx(&["solve", file, "--symmetry"]);
        text.assert_status(0);
        assert_eq!(
            text.stdout.lines().next(),
            Some(&*format!("order: {order}"))
        );
        assert_eq!(text.stdout.lines().count(), 1 + generators.len());
    }
}

/// Counts up to symmetry from the plain matrices: OEIS A002562 (queens), 2,339 pentomino
/// rectangles 6 x 10, A014552 (Langford pairs); on several threads too, and as JSON.
#[test]
fn counts_up_to_symmetry() {
    for (file, count) in [
        (QUEENS8, "12"),
        ("tests/corpus/queens11.dlx", "341"),
        ("tests/corpus/queens10-pd.dlx", "92"),
        ("tests/corpus/pento6x10.dlx", "2339"),
        ("tests/corpus/langford11.dlx", "17792"),
    ] {
        for threads in ["1", "2"] {
            let run = dlx(&[
                "solve",
                file,
                "--count",
                "--up-to-symmetry",
                "--threads",
                threads,
            ]);
            run.assert_status(0);
            assert_eq!(run.stdout.trim_end(), count, "{file}");
        }
    }
    let json = dlx(&[
        "solve",
        "tests/corpus/pento6x10.dlx",
        "--count",
        "--up-to-symmetry",
        "--format",
        "json",
        "--stats",
    ]);
    json.assert_status(0);
    assert_eq!(json.stdout, "{\"count\":2339,\"complete\":true}\n");
    assert!(
        json.stderr.contains("\"symmetries\":4"),
        "{}",
        json.report()
    );
}

/// `--all --up-to-symmetry`: exact covers, one of each class (no printed solution is the image
/// of another under the printed generators), as many as the count says; `--limit` counts them.
#[test]
fn listing_gives_one_solution_a_class() {
    let problem = problem(QUEENS8);
    let run = dlx(&["solve", QUEENS8, "--all", "--up-to-symmetry"]);
    run.assert_status(0);
    assert_eq!(check_text_solutions(&problem, &run.stdout), 12);
    let solutions: Vec<BTreeSet<BTreeSet<String>>> = run
        .stdout
        .trim_end()
        .split("\n\n")
        .map(|block| {
            block
                .lines()
                .map(|line| line.split_whitespace().map(str::to_owned).collect())
                .collect()
        })
        .collect();
    let (_, generators) = generators(QUEENS8);
    // The class of each solution: everything the generators reach from it.
    let mut classes: Vec<BTreeSet<BTreeSet<BTreeSet<String>>>> = Vec::new();
    for solution in &solutions {
        let mut class = BTreeSet::from([solution.clone()]);
        let mut frontier = vec![solution.clone()];
        while let Some(at) = frontier.pop() {
            for map in &generators {
                let next: BTreeSet<BTreeSet<String>> =
                    at.iter().map(|option| image(map, option)).collect();
                if class.insert(next.clone()) {
                    frontier.push(next);
                }
            }
        }
        assert!(
            classes.iter().all(|other| other.is_disjoint(&class)),
            "two solutions of one class"
        );
        classes.push(class);
    }
    assert_eq!(classes.iter().map(BTreeSet::len).sum::<usize>(), 92);
    let limited = dlx(&["solve", QUEENS8, "--limit", "5", "--up-to-symmetry"]);
    limited.assert_status(0);
    assert_eq!(check_text_solutions(&problem, &limited.stdout), 5);
}

/// The puzzle commands take the flags too: their matrices' symmetries are the board's.
#[test]
fn puzzles_count_up_to_symmetry() {
    for (args, count) in [
        (&["queens", "8"][..], "12"),
        (
            &["pack", "--size", "5x12", "--pieces", "pentominoes"],
            "1010",
        ),
    ] {
        let run = dlx(&[args, &["--count", "--up-to-symmetry"][..]].concat());
        run.assert_status(0);
        assert_eq!(run.stdout.trim_end(), count, "{}", run.report());
    }
    let order = dlx(&["queens", "8", "--symmetry"]);
    order.assert_status(0);
    assert!(order.stdout.starts_with("order: 8\n"), "{}", order.report());
}

/// What a count up to symmetry cannot do is refused, exit status 2, saying why.
#[test]
fn refusals() {
    for (args, words) in [
        (
            &["--count", "--up-to-symmetry", "--random", "2"][..],
            "--random",
        ),
        (
            &["--count", "--up-to-symmetry", "--shard", "0/2"],
            "--shard",
        ),
        (&["--count", "--symmetry"], "--symmetry"),
        (
            &["--count", "--limit", "3", "--up-to-symmetry"],
            "a solution limit",
        ),
    ] {
        let run = dlx(&[&["solve", QUEENS8][..], args].concat());
        run.assert_status(2);
        assert!(run.stderr.contains(words), "{}", run.report());
        assert!(run.stdout.is_empty(), "{}", run.report());
    }
    // A group too large to go through one symmetry at a time: the empty 9 x 9 sudoku's.
    let empty = ".........\n".repeat(9);
    let run = dlx_from_bytes(&["sudoku", "--count", "--up-to-symmetry"], empty.as_bytes());
    run.assert_status(2);
    assert!(
        run.stderr.contains("1218998108160 symmetries"),
        "{}",
        run.report()
    );
}

/// Where a count memoizes (`--memo`, or `tile`'s and `tromino`'s default), up to symmetry it
/// memoizes each symmetry's fixed solutions: the same classes as the enumeration's.
#[test]
fn memoized_counts_up_to_symmetry() {
    for args in [
        &["tile", "--size", "6x6", "--pieces", "dominoes"][..],
        &["tromino", "--size", "8", "--missing", "0,0"],
        &["solve", QUEENS8, "--memo"],
        &["queens", "7", "--memo"],
    ] {
        let memo = dlx(&[args, &["--count", "--up-to-symmetry"][..]].concat());
        memo.assert_status(0);
        let plain: Vec<&str> = args.iter().copied().filter(|&a| a != "--memo").collect();
        let enumerated = dlx(&[&plain[..], &["--count", "--up-to-symmetry", "--no-memo"]].concat());
        enumerated.assert_status(0);
        assert_eq!(memo.stdout, enumerated.stdout, "{}", memo.report());
    }
    let stats = dlx(&[
        "tile",
        "--size",
        "8x8",
        "--pieces",
        "dominoes",
        "--count",
        "--up-to-symmetry",
        "--stats",
    ]);
    stats.assert_status(0);
    assert!(stats.stderr.contains("symmetries: 8"), "{}", stats.report());
}
