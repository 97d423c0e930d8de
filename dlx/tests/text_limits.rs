//! Resource bounds of the text parser on inputs too large for the normal suite (both tests
//! are ignored; run them with `cargo test --release --test integration text_limits --
//! --ignored`). The logic they exercise is unit-tested on small limits in dlx/src/text.rs.

use dlx::{ParseErrorKind, Problem, MAX_NODES};

/// One item and enough options `a` to need `MAX_NODES + 2` nodes: refused with the line of the
/// option that crosses the limit. A text that long (2 GiB) is read once only counting before
/// anything is stored, so the parser needs little beyond the text itself: 2.1 GB at peak in
/// all and a minute of CPU (measured), where storing the options first would take some 24 GB
/// more (16 bytes an entry, 8 an option).
#[test]
#[ignore = "builds a 2 GiB text: 2.1 GB of memory and about a minute"]
fn a_problem_just_over_max_nodes_is_refused() {
    // The item line takes 1 + 2 nodes, each option 2: one option more than fits.
    let options = (MAX_NODES - 3) / 2 + 1;
    assert!(3 + 2 * options > MAX_NODES && 3 + 2 * (options - 1) <= MAX_NODES);
    let text = "a\n".repeat(options + 1);
    let error = Problem::from_dlx(&text).expect_err("too large");
    assert_eq!(error.kind(), &ParseErrorKind::TooLarge, "{error}");
    assert_eq!((error.line(), error.column()), (options + 1, 1));
    assert_eq!(
        error.to_string(),
        format!(
            "{}:1: the problem is too large: more than {MAX_NODES} nodes",
            options + 1
        )
    );
}

/// Ten million items on one line, and one option with all of them: read and solved. In a
/// release build this took 19 s of CPU to parse and 1.9 GB at peak (a 178 MB text); the
/// normal suite has the same with a million (dlx/tests/format.rs).
#[test]
#[ignore = "ten million items: 2 GB of memory and half a minute in release"]
fn a_line_of_ten_million_items_parses() {
    const N: usize = 10_000_000;
    let names: Vec<String> = (0..N).map(|k| format!("i{k}")).collect();
    let line = names.join(" ");
    drop(names);
    let text = format!("{line}\n{line}\n");
    drop(line);
    let problem = Problem::from_dlx(&text).expect("parses");
    assert_eq!(problem.primary_count(), N);
    assert_eq!(problem.option_count(), 1);
    assert_eq!(problem.entry_count(), N);
    assert_eq!(dlx::Solver::new(&problem).count().solutions, 1);
}
