//! Dominoes by their own methods, through `dlx tile`: uniformly random tilings of Aztec
//! diamonds by domino shuffling, and exact counts by Kasteleyn's determinant; and `dlx pack`
//! with the named sets of pieces `dlx tile` takes.

use crate::binary::dlx;

/// Dominoes on an Aztec diamond are drawn by domino shuffling, not from the graph: every
/// draw a tiling of the board, all 64 tilings of order 3 met in 640 draws, the same draws for
/// a seed; with `--fixed` (horizontal dominoes only) the graph answers.
#[test]
fn aztec_diamonds_are_drawn_by_domino_shuffling() {
    let board = "tests/fixtures/cli/aztec-3.txt";
    let args = [
        "tile", board, "--pieces", "domino", "--random", "640", "--seed", "5", "--format", "json",
        "--stats",
    ];
    let run = dlx(&args);
    run.assert_status(0);
    assert!(run.stderr.contains("domino shuffling"), "{}", run.stderr);
    let mut seen = std::collections::HashSet::new();
    for line in run.stdout.lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        let tiles: Vec<Vec<u64>> = serde_json::from_value(value["tiles"].clone()).unwrap();
        let mut cells: std::collections::HashMap<u64, Vec<(i64, i64)>> = Default::default();
        for (r, row) in tiles.iter().enumerate() {
            for (c, &tile) in row.iter().enumerate() {
                // The diamond of order 3 in a 6 x 6 grid.
                let inside = (2 * r as i64 - 5).abs() + (2 * c as i64 - 5).abs() <= 6;
                assert_eq!(tile > 0, inside, "({r}, {c}) in {line}");
                if tile > 0 {
                    cells.entry(tile).or_default().push((r as i64, c as i64));
                }
            }
        }
        assert_eq!(cells.len(), 12, "{line}");
        for domino in cells.values() {
            let [a, b] = domino[..] else {
                panic!("a tile of {} cells in {line}", domino.len())
            };
            assert_eq!((a.0 - b.0).abs() + (a.1 - b.1).abs(), 1, "{line}");
        }
        seen.insert(tiles);
    }
    assert_eq!(run.stdout.lines().count(), 640);
    assert_eq!(seen.len(), 64);
    assert_eq!(dlx(&args).stdout, run.stdout);
    let fixed = dlx(&[&args[..], &["--fixed"]].concat());
    fixed.assert_status(0);
    assert!(
        !fixed.stderr.contains("domino shuffling"),
        "{}",
        fixed.stderr
    );
}

/// Dominoes that may turn on a board without holes are counted by Kasteleyn's determinant:
/// the Aztec diamond of order 30 has 2^465 tilings; order 12 and a 10 x 10 square agree with
/// the memoized count (`--memo`); a board with a hole is memoized.
#[test]
fn domino_counts_use_kasteleyn_where_the_board_has_no_holes() {
    let dir = std::env::temp_dir().join(format!("dlx-cli-kasteleyn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let aztec = |order: usize| {
        let path = dir.join(format!("aztec-{order}.txt"));
        let n = order as i64;
        let mut text = format!("{} {}\n", 2 * order, 2 * order);
        for r in 0..2 * n {
            for c in 0..2 * n {
                let inside = (2 * r - 2 * n + 1).abs() + (2 * c - 2 * n + 1).abs() <= 2 * n;
                text.push(if inside { '.' } else { '#' });
            }
            text.push('\n');
        }
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    let power_of_two = |bits: usize| {
        let mut limbs = vec![0u64; bits / 64 + 1];
        limbs[bits / 64] = 1 << (bits % 64);
        dlx::Count::from_limbs(&limbs).to_string()
    };
    let board = aztec(30);
    let run = dlx(&["tile", &board, "--pieces", "domino", "--count", "--stats"]);
    run.assert_status(0);
    assert_eq!(run.stdout.trim(), power_of_two(30 * 31 / 2));
    assert!(run.stderr.contains("Kasteleyn"), "{}", run.stderr);
    let board = aztec(12);
    let direct = dlx(&["tile", &board, "--pieces", "domino", "--count"]);
    let memo = dlx(&[
        "tile", &board, "--pieces", "domino", "--count", "--memo", "--stats",
    ]);
    assert_eq!(direct.stdout.trim(), power_of_two(12 * 13 / 2));
    assert_eq!(memo.stdout, direct.stdout);
    assert!(!memo.stderr.contains("Kasteleyn"), "{}", memo.stderr);
    let square = ["tile", "--size", "10x10", "--pieces", "domino", "--count"];
    assert_eq!(
        dlx(&square).stdout,
        dlx(&[&square[..], &["--memo"]].concat()).stdout
    );
    let ring = dir.join("ring.txt");
    std::fs::write(&ring, "4 4\n....\n.#..\n.#..\n....\n").unwrap();
    let ring = ring.to_string_lossy().into_owned();
    let holed = dlx(&["tile", &ring, "--pieces", "domino", "--count", "--stats"]);
    holed.assert_status(0);
    assert!(!holed.stderr.contains("Kasteleyn"), "{}", holed.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Memoized counts on shards (`--memo --shard I/N`) say so in their output and add up with
/// `dlx merge` to the whole count, past 64 bits too; a merge of memoized and enumerated
/// shards is refused, since their shares of the problem differ.
#[test]
fn memoized_shards_merge_to_the_whole_count() {
    let dir = std::env::temp_dir().join(format!("dlx-memo-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = ["tile", "--size", "18x18", "--pieces", "domino", "--count"];
    let whole = dlx(&board);
    whole.assert_status(0);
    // A004003(9), past 2^128.
    assert_eq!(whole.stdout, "548943583215388338077567813208427340288\n");
    let mut files = Vec::new();
    for (index, format) in [(0, "text"), (1, "json"), (2, "text")] {
        let shard = format!("{index}/3");
        let mut args = board.to_vec();
        args.extend(["--memo", "--shard", &shard, "--format", format]);
        let run = dlx(&args);
        run.assert_status(0);
        if format == "text" {
            assert!(
                run.stdout
                    .starts_with(&format!("dlx shard record 1\nshard: {shard}\n"))
                    && run.stdout.contains("\nmethod: memo, order first-item\n")
                    && !run.stdout.contains("\ncount: 0\n"),
                "{}",
                run.stdout
            );
        } else {
            assert!(
                run.stdout.contains(r#""method":"memo, order first-item""#)
                    && !run.stdout.starts_with(r#"{"count":0,"#),
                "{}",
                run.stdout
            );
        }
        let file = dir.join(format!("memo{index}.out"));
        std::fs::write(&file, &run.stdout).unwrap();
        files.push(file.to_str().unwrap().to_owned());
    }
    let merged = dlx(&["merge", &files[0], &files[1], &files[2]]);
    merged.assert_status(0);
    assert_eq!(merged.stdout, whole.stdout);

    // Memoized and enumerated shards of one problem have other shares: refused.
    let small = ["tile", "--size", "4x4", "--pieces", "domino", "--count"];
    let mut mixed = Vec::new();
    for (index, method) in [(0, "--memo"), (1, "--no-memo"), (2, "--memo")] {
        let shard = format!("{index}/3");
        let mut args = small.to_vec();
        args.extend([method, "--shard", &shard]);
        let run = dlx(&args);
        run.assert_status(0);
        let file = dir.join(format!("mixed{index}.out"));
        std::fs::write(&file, &run.stdout).unwrap();
        mixed.push(file.to_str().unwrap().to_owned());
    }
    let run = dlx(&["merge", &mixed[0], &mixed[1], &mixed[2]]);
    run.assert_status(2);
    assert!(
        run.stderr
            .contains("method search, where the others have memo, order first-item"),
        "{}",
        run.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();

    let run = dlx(&[
        "tile", "--size", "4x4", "--pieces", "domino", "--format", "zdd", "--shard", "0/2",
    ]);
    run.assert_status(2);
    assert!(run.stderr.contains("on a shard"), "{}", run.stderr);
}

/// `dlx pack` with a named set on a full rectangle, as `dlx tile` takes them: the twelve
/// pentominoes pack 3 x 20 in 8 ways and 4 x 15 in 1,472 (2 and 368 up to the rectangle's 4
/// symmetries: Knuth, "Dancing Links", 2000), each
/// piece once; a set whose area is not the board's is refused with both named.
#[test]
fn pack_takes_a_size_and_named_pieces() {
    for (size, count) in [("3x20", "8"), ("4x15", "1472")] {
        let run = dlx(&["pack", "--size", size, "--pieces", "pentominoes", "--count"]);
        run.assert_status(0);
        assert_eq!(run.stdout.trim(), count, "{size}");
    }
    let all = dlx(&["pack", "--size", "3x20", "--pieces", "pentominoes", "--all"]);
    let boards: Vec<&str> = all.stdout.split("\n\n").collect();
    assert_eq!(boards.len(), 8);
    for board in boards {
        let letters: std::collections::BTreeSet<char> =
            board.chars().filter(|c| !c.is_whitespace()).collect();
        assert_eq!(letters.len(), 12, "{board}");
        assert_eq!(board.lines().count(), 3, "{board}");
    }
    let wrong = dlx(&["pack", "--size", "5x5", "--pieces", "pentominoes"]);
    wrong.assert_status(2);
    assert!(
        wrong.stderr.contains("--pieces on the 5x5 board"),
        "{}",
        wrong.report()
    );
}
