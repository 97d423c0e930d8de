//! Parts of the search tree from the command line: `--split` and `--within` add up to the
//! whole count, and `--given` keeps exactly the solutions that hold the options given.

use std::collections::BTreeSet;

use crate::binary::*;

/// `--split` prints the top of the tree; the counts below each prefix (`--within`), with the
/// solutions above the cut, add up to the whole count. A prefix that is not a path of the tree
/// is refused.
#[test]
fn split_prefixes_count_to_the_whole() {
    let run = dlx(&["solve", QUEENS8, "--split", "2"]);
    run.assert_status(0);
    let mut total: u128 = 0;
    let mut prefixes = 0;
    for line in run.stdout.lines() {
        let (kind, ids) = line.split_once(' ').expect("a kind and ids");
        match kind {
            "prefix" => {
                prefixes += 1;
                let below = dlx(&["solve", QUEENS8, "--count", "--within", ids]);
                below.assert_status(0);
                total += below.stdout.trim().parse::<u128>().unwrap();
            }
            "solution" => total += 1,
            other => panic!("unexpected line kind {other}"),
        }
    }
    assert!(prefixes > 8, "{}", run.stdout);
    assert_eq!(total, 92);

    let run = dlx(&["solve", QUEENS8, "--count", "--within", "1,1"]);
    run.assert_status(2);
    insta::assert_snapshot!("within_not_a_path", run.report());
    let run = dlx(&["solve", QUEENS8, "--count", "--within", "3 x"]);
    run.assert_status(2);
    assert!(
        run.stderr.contains("expected option numbers"),
        "{}",
        run.stderr
    );
}

/// The option numbers of each solution of a `--format json` run, in the order printed.
pub(crate) fn option_ids(stdout: &str) -> Vec<Vec<u64>> {
    stdout
        .lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            let ids = value["option_ids"].as_array().expect("option_ids");
            ids.iter().map(|id| id.as_u64().unwrap()).collect()
        })
        .collect()
}

/// `--given` keeps the solutions that hold its options, each listing them first: against
/// every solution filtered, on one thread and two, on the bit sets (for either set tree
/// asked, and in their tree of bounds), and through `--split` and `--within` below them.
/// Options that cannot be together, and memoization, are refused with exit status 2.
#[test]
fn given_options_keep_the_solutions_that_hold_them() {
    let all = dlx(&["solve", QUEENS8, "--all", "--format", "json"]);
    let all = option_ids(&all.stdout);
    assert_eq!(all.len(), 92);
    for given in [
        vec![0],
        vec![33],
        all[40][..2].to_vec(),
        all[7][1..4].to_vec(),
    ] {
        let ids = given
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let mut expected: Vec<BTreeSet<u64>> = all
            .iter()
            .filter(|solution| given.iter().all(|id| solution.contains(id)))
            .map(|solution| solution.iter().copied().collect())
            .collect();
        expected.sort();
        assert!(!expected.is_empty());
        let run = dlx(&[
            "solve", QUEENS8, "--all", "--format", "json", "--given", &ids,
        ]);
        run.assert_status(0);
        let found = option_ids(&run.stdout);
        assert!(
            found.iter().all(|solution| solution.starts_with(&given)),
            "{ids}"
        );
        let mut found: Vec<BTreeSet<u64>> =
            found.iter().map(|s| s.iter().copied().collect()).collect();
        found.sort();
        assert_eq!(found, expected, "{ids}");
        for threads in ["1", "2"] {
            let count = dlx(&[
                "solve",
                QUEENS8,
                "--count",
                "--given",
                &ids,
                "--threads",
                threads,
            ]);
            assert_eq!(count.stdout.trim(), expected.len().to_string(), "{ids}");
        }
        // Either set tree walks the bit sets from the given options.
        for tree in ["sparse-sets", "bitsets"] {
            let args = [
                "solve", QUEENS8, "--count", "--stats", "--given", &ids, "--tree", tree,
            ];
            let count = dlx(&args);
            assert_eq!(count.stdout.trim(), expected.len().to_string(), "{ids}");
            assert!(count.stderr.contains("tree: bitsets"), "{}", count.stderr);
        }
        let split = dlx(&["solve", QUEENS8, "--split", "1", "--given", &ids]);
        let mut total = 0;
        for line in split.stdout.lines() {
            match line.split_once(' ') {
                Some(("prefix", prefix)) => {
                    let below = dlx(&[
                        "solve", QUEENS8, "--count", "--given", &ids, "--within", prefix,
                    ]);
                    below.assert_status(0);
                    total += below.stdout.trim().parse::<usize>().unwrap();
                }
                _ => total += 1,
            }
        }
        assert_eq!(total, expected.len(), "{ids}");
    }
    // A count that memoizes by default (tile) enumerates from given options: the tilings
    // of its problem, written out and enumerated whole, that hold them.
    let board = ["tile", "--size", "4x4", "--pieces", "domino"];
    let encoding = dlx(&[&board[..], &["--format", "dlx"]].concat());
    let tilings = dlx_from_bytes(
        &["solve", "--all", "--format", "json"],
        encoding.stdout.as_bytes(),
    );
    let tilings = option_ids(&tilings.stdout);
    assert_eq!(tilings.len(), 36);
    for given in ["0", "5", "0 9"] {
        let ids: Vec<u64> = given.split(' ').map(|id| id.parse().unwrap()).collect();
        let holding = tilings
            .iter()
            .filter(|t| ids.iter().all(|id| t.contains(id)))
            .count();
        let count = dlx(&[&board[..], &["--count", "--given", given]].concat());
        count.assert_status(if holding > 0 { 0 } else { 1 });
        assert_eq!(count.stdout.trim(), holding.to_string(), "--given {given}");
    }
    for (args, says) in [
        (
            &["--given", "0,1"][..],
            "--given: options 0 and 1 cannot be in one solution: they both use item 'r0'",
        ),
        (&["--given", "99"], "--given: option 99 does not exist"),
        (&["--given", "5 5"], "--given: option 5 is given twice"),
        (
            &["--given", "5", "--count", "--memo"],
            "'--given <IDS>' cannot be used with '--memo'",
        ),
        (
            &["--given", "5", "--format", "zdd"],
            "cannot run on a subtree or from given options",
        ),
    ] {
        let run = dlx(&[&["solve", QUEENS8][..], args].concat());
        run.assert_status(2);
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
    }
    // Bounds, in the bit sets' own tree and on the links.
    let mcc = "tests/corpus/random/mcc-s1.dlx";
    let counts: Vec<String> = ["bitsets", "links"]
        .map(|tree| {
            let run = dlx(&["solve", mcc, "--count", "--given", "0 3", "--tree", tree]);
            run.assert_status(0);
            run.stdout
        })
        .to_vec();
    assert_eq!(counts[0], counts[1]);
    assert_ne!(counts[0].trim(), "0");
}
