//! The library's plan ([`reductions::plan`]) against the command line: a program that embeds
//! the crates and prepares a puzzle for a task searches the tree the `dlx` command searches,
//! with the same nodes and answers; a plain solver of the same encoding does not.

use reductions::binairo::{Binairo, Strategy};
use reductions::futoshiki::Futoshiki;
use reductions::plan::{prepare, Task};
use reductions::sudoku::Sudoku;
use reductions::Reduction;

use crate::binary::dlx;

/// The nodes of the command's `--stats`.
fn stats_nodes(stderr: &str) -> u64 {
    stderr
        .lines()
        .find_map(|line| line.strip_prefix("nodes: "))
        .unwrap_or_else(|| panic!("no nodes in {stderr}"))
        .parse()
        .unwrap()
}

/// `dlx COMMAND FILE --count --stats ARGS`: the count and its nodes.
fn counted(command: &str, file: &str, args: &[&str]) -> (u128, u64) {
    let run = dlx(&[
        &[command, file, "--count", "--stats", "--threads", "1"],
        args,
    ]
    .concat());
    run.assert_status(0);
    (run.stdout.trim().parse().unwrap(), stats_nodes(&run.stderr))
}

/// A minimal 24 x 24 Binairo: the plan's uniqueness check takes the command's 50 nodes (its
/// reasoning at every node), where a plain solver of the same encoding takes hundreds of
/// times as many.
#[test]
fn a_hard_binairo_takes_the_commands_nodes_through_the_plan() {
    let file = "reductions/tests/fixtures/hard/binairo-24x24-hard-seed1.txt";
    let text = std::fs::read_to_string(crate::binary::root().join(file)).unwrap();
    let binairo = Binairo::default();
    let grid = binairo.parse(&text).unwrap();
    let prepared = prepare(&binairo, &grid, Task::Unique).unwrap();
    let planned = prepared.solver().count();
    assert_eq!(planned.solutions, 1);
    let (count, nodes) = counted("binairo", file, &["--limit", "2"]);
    assert_eq!((planned.solutions, planned.stats.nodes), (count, nodes));
    let plain = dlx::Solver::new(&prepared.encoding.problem)
        .limit(2)
        .node_limit(100 * nodes)
        .count();
    assert!(
        plain.stopped.is_some() || plain.stats.nodes >= 100 * nodes,
        "a plain solver took {} nodes",
        plain.stats.nodes
    );
    let solution = prepared.solver().first().unwrap();
    let board = prepared.decode(&grid, solution.options());
    assert!(board.violations().is_empty());
}

/// Counts: a loose Binairo grid counts on the patterns, a tight one on the colors, each as
/// the command counts it; a sudoku and a futoshiki likewise.
#[test]
fn counts_take_the_commands_encoding_and_nodes() {
    let empty = "6\n______\n______\n______\n______\n______\n______\n";
    let hard = "reductions/tests/fixtures/hard/binairo-24x24-hard-seed2.txt";
    let hard = std::fs::read_to_string(crate::binary::root().join(hard)).unwrap();
    let binairo = Binairo::default();
    for (text, strategy) in [(empty, Strategy::Patterns), (&hard[..], Strategy::Colors)] {
        let grid = binairo.parse(text).unwrap();
        let prepared = prepare(&binairo, &grid, Task::Count).unwrap();
        assert_eq!(prepared.reduction.strategy, strategy);
        let planned = prepared.solver().count();
        let dir = crate::shards::scratch("plans");
        let file = dir.join("grid.txt");
        std::fs::write(&file, text).unwrap();
        let (count, nodes) = counted("binairo", file.to_str().unwrap(), &[]);
        assert_eq!((planned.solutions, planned.stats.nodes), (count, nodes));
        std::fs::remove_dir_all(&dir).unwrap();
    }
    // The published count of empty 6 x 6 grids (OEIS A253316): 4,140.
    let grid = binairo.parse(empty).unwrap();
    let prepared = prepare(&binairo, &grid, Task::Count).unwrap();
    assert_eq!(prepared.solver().count().solutions, 4_140);

    for (command, reduction_count) in [
        ("sudoku", sudoku_count as fn(&str) -> (u128, u64)),
        ("futoshiki", futoshiki_count),
    ] {
        let file = match command {
            "sudoku" => "reductions/tests/fixtures/hard/sudoku-25-basic-seed1.txt",
            _ => "reductions/tests/fixtures/hard/futoshiki-10-recursive-seed1.txt",
        };
        let text = std::fs::read_to_string(crate::binary::root().join(file)).unwrap();
        assert_eq!(
            reduction_count(&text),
            counted(command, file, &[]),
            "{command}"
        );
    }
}

fn sudoku_count(text: &str) -> (u128, u64) {
    let grid = Sudoku::default().parse(text).unwrap();
    let outcome = prepare(&Sudoku::default(), &grid, Task::Count)
        .unwrap()
        .solver()
        .count();
    (outcome.solutions, outcome.stats.nodes)
}

fn futoshiki_count(text: &str) -> (u128, u64) {
    let grid = Futoshiki.parse(text).unwrap();
    let outcome = prepare(&Futoshiki, &grid, Task::Count)
        .unwrap()
        .solver()
        .count();
    (outcome.solutions, outcome.stats.nodes)
}

/// Loose grids count by memoization by default, tight ones by enumeration: the 28,200,960
/// grids of an empty 6 x 6 sudoku (the published figure) and the 812,851,200 Latin squares
/// of order 6 (an empty Latin square on the command line, an empty futoshiki in the
/// library's `Prepared::count`; OEIS A002860), which the enumeration took 5.7 s and over 30 s
/// to count; a 9 x 9 puzzle still enumerates (its `--stats` name the tree). One count of
/// each: the command line and the library share the plan that picks the method.
#[test]
fn loose_grids_count_by_memoization() {
    let dir = crate::shards::scratch("loose");
    let sudoku = "......\n".repeat(6);
    let mut futoshiki = String::from("6\n");
    for row in 0..6 {
        futoshiki.push_str(&["0"; 6].join(" | "));
        futoshiki.push('\n');
        if row < 5 {
            futoshiki.push_str(&["-"; 11].join(" "));
            futoshiki.push('\n');
        }
    }
    std::fs::write(dir.join("sudoku.txt"), &sudoku).unwrap();
    std::fs::write(dir.join("latin.txt"), &sudoku).unwrap();
    for (command, count) in [("sudoku", "28200960"), ("latin", "812851200")] {
        let file = dir.join(format!("{command}.txt"));
        let run = dlx(&[command, file.to_str().unwrap(), "--count", "--stats"]);
        run.assert_status(0);
        assert_eq!(run.stdout.trim(), count, "{command}");
        assert!(
            run.stderr.contains("signatures:"),
            "{command}: {}",
            run.stderr
        );
    }
    let grid = Futoshiki.parse(&futoshiki).unwrap();
    let prepared = prepare(&Futoshiki, &grid, Task::Count).unwrap();
    assert_eq!(prepared.count().unwrap().to_string(), "812851200");
    let run = dlx(&[
        "sudoku",
        "tests/fixtures/puzzles/sudoku-golden-nugget.txt",
        "--count",
        "--stats",
    ]);
    run.assert_status(0);
    assert!(run.stderr.contains("tree: links"), "{}", run.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The registry lists exactly the command line's puzzle commands, and solving a puzzle by its
/// name there gives the command's count and first board.
#[test]
fn the_registry_is_the_command_lines_list_of_puzzles() {
    use reductions::registry;
    let commands: Vec<String> = crate::binary::subcommands()
        .into_iter()
        .filter(|name| !["solve", "merge", "serve", "completions", "man"].contains(&&name[..]))
        .collect();
    let names: Vec<&str> = registry::PUZZLES.iter().map(|info| info.name).collect();
    assert_eq!(commands, names);
    for (name, file, args) in [
        ("sudoku", "tests/fixtures/puzzles/sudoku-4x4.txt", &[][..]),
        (
            "futoshiki",
            "tests/fixtures/puzzles/futoshiki-4x4-many.txt",
            &[],
        ),
        ("binairo", "tests/fixtures/puzzles/binairo-seed.txt", &[]),
        ("latin", "tests/fixtures/puzzles/latin-5x5.txt", &[]),
        (
            "tromino",
            "tests/fixtures/puzzles/tromino-3x6.txt",
            &["--board"],
        ),
    ] {
        let text = std::fs::read_to_string(crate::binary::root().join(file)).unwrap();
        let puzzle = registry::find(name).unwrap();
        let counted = puzzle.solve(&text, Task::Count).unwrap();
        let run = dlx(&[&[name], args, &[file, "--count"]].concat());
        assert_eq!(counted.solutions.to_string(), run.stdout.trim(), "{name}");
        let first = puzzle.solve(&text, Task::First).unwrap();
        let run = dlx(&[&[name], args, &[file, "--plain"]].concat());
        assert_eq!(first.boards.len(), 1, "{name}");
        assert_eq!(format!("{}\n", first.boards[0]), run.stdout, "{name}");
    }
    for info in &registry::PUZZLES {
        assert_eq!(
            registry::find(info.name).is_some(),
            info.from_text,
            "{}",
            info.name
        );
    }
}
