//! Knuth's text format: every corpus file reads back from what the writer makes of it, line
//! endings and blanks are read as he does, and every parse error's message is pinned by a
//! snapshot that shows the input, where the error points, and the message.

use dlx::{ParseErrorKind, ParseWarning, ParseWarningKind, Problem, ProblemBuilder};

use crate::util;

/// Parses every corpus file; those that parse must read back from their own `to_dlx` to an
/// equal problem, and the writer's output is a fixed point. Only files with multiplicities may
/// fail to parse.
#[test]
fn every_corpus_file_survives_a_round_trip() {
    let mut round_trips = 0;
    for name in util::corpus_files() {
        let text = util::read_corpus_text(&name);
        let problem = match Problem::from_dlx(&text) {
            Ok(problem) => problem,
            Err(error) => panic!("{name}:{error}"),
        };
        let written = problem.to_dlx();
        let parsed = dlx::text::parse(&written)
            .unwrap_or_else(|error| panic!("{name}, as written: {error}\n{written}"));
        assert!(parsed.warnings.is_empty(), "{name}: {:?}", parsed.warnings);
        assert_eq!(parsed.problem, problem, "{name}");
        assert_eq!(parsed.problem.to_dlx(), written, "{name}");
        round_trips += 1;
    }
    assert!(
        round_trips >= 20,
        "only {round_trips} corpus files round-tripped"
    );
}

/// Equality of problems is what the round trips rely on, so it must tell different problems
/// apart, and ignore only what the documentation says it ignores (the colors' numbering).
#[test]
fn problem_equality_tells_problems_apart() {
    let read = |text: &str| Problem::from_dlx(text).unwrap_or_else(|e| panic!("{e}: {text:?}"));
    let base = read("a b | x\na x:red\nb x:red\na b\n");
    assert_eq!(base, read("a b | x\na x:red\nb x:red\na b\n"));
    for other in [
        "b a | x\na x:red\nb x:red\na b\n",   // item order
        "a b x\na x\nb x\na b\n",             // x primary
        "a b | x y\na x:red\nb x:red\na b\n", // one more item
        "a b | x\na x:red\nb x:blue\na b\n",  // a color
        "a b | x\na x:red\nb x\na b\n",       // a color left out
        "a b | x\nb x:red\na x:red\na b\n",   // option order
        "a b | x\na x:red\nb x:red\n",        // an option less
        "a b | x\na x:red\nb x:red\na\n",     // an entry less
    ] {
        assert_ne!(base, read(other), "{other:?}");
    }
    // The colors' numbering does not matter: here blue is color 0 and red color 1.
    let mut builder = ProblemBuilder::new();
    let [a, b] = [builder.primary("a"), builder.primary("b")];
    let x = builder.secondary("x");
    let [_unused, blue, red] = ["green", "blue", "red"].map(|name| builder.color(name));
    builder.option([a.into(), x.with_color(red)]);
    builder.option([b.into(), x.with_color(blue)]);
    let built = builder.build().expect("valid");
    assert_eq!(built, read("a b | x\na x:red\nb x:blue\n"));
    assert_ne!(built, read("a b | x\na x:blue\nb x:red\n"));
}

/// Knuth's colors example has an option with no primary item (`X:0 Y:1`, line 5): his programs
/// skip it with a warning, and so does the parser.
#[test]
fn an_option_without_primary_item_is_skipped_with_a_warning() {
    let parsed = dlx::text::parse(&util::read_corpus_text("tiny/c-knuth-example.dlx"))
        .expect("Knuth's example parses");
    assert_eq!(
        parsed.warnings,
        [ParseWarning {
            line: 5,
            kind: ParseWarningKind::OptionWithoutPrimary
        }]
    );
    assert_eq!(
        parsed.warnings[0].to_string(),
        "5: option ignored: it has no primary item"
    );
    let options: Vec<String> = parsed
        .problem
        .options()
        .map(|option| parsed.problem.option_text(option))
        .collect();
    assert_eq!(options, ["A B X:0 Y:0", "A C X:1 Y:1", "B X:1", "C Y:1"]);

    // Through the API the same option is an error, not a warning.
    let mut builder = ProblemBuilder::new();
    let a = builder.primary("A");
    let [x, y] = [builder.secondary("X"), builder.secondary("Y")];
    let [zero, one] = [builder.color("0"), builder.color("1")];
    builder.option([a]);
    builder.option([x.with_color(zero), y.with_color(one)]);
    let error = builder.build().expect_err("an option without primary item");
    assert_eq!(
        error.kind(),
        &dlx::BuildErrorKind::OptionWithoutPrimary { option: 1 }
    );
}

/// Some corpus files of every kind: items only, secondary items, colors, a skipped option.
const SAMPLES: &[&str] = &[
    "queens8.dlx",
    "sudoku-golden_nugget.dlx",
    "langford11-sym.dlx",
    "tiny/x-knuth-example.dlx",
    "tiny/c-knuth-example.dlx",
    "random/xcc-s1.dlx",
];

#[test]
fn windows_line_endings_read_as_unix_ones() {
    for name in SAMPLES {
        let text = util::read_corpus_text(name);
        assert!(!text.contains('\r'), "{name} already has \\r");
        let crlf = text.replace('\n', "\r\n");
        let (unix, windows) = (dlx::text::parse(&text), dlx::text::parse(&crlf));
        let (unix, windows) = (unix.expect("parses"), windows.expect("parses with \\r\\n"));
        assert_eq!(windows.problem, unix.problem, "{name}");
        assert_eq!(windows.warnings, unix.warnings, "{name}");
    }
    // A last line without any line ending.
    let problem = Problem::from_dlx("a b\r\na\r\nb").expect("parses");
    assert_eq!(problem, Problem::from_dlx("a b\na\nb\n").expect("parses"));
    // Errors point at the same place, and a name at the end of a line does not take the '\r'.
    for text in [
        "a b | x\na x:red\nb x:\n",
        "a b\na c\n",
        "a b\n\n| c\na a\n",
    ] {
        let unix = Problem::from_dlx(text).expect_err("an error");
        let windows = Problem::from_dlx(&text.replace('\n', "\r\n")).expect_err("an error");
        assert_eq!(windows, unix, "{text:?}");
    }
}

#[test]
fn tabs_separate_like_blanks() {
    for name in SAMPLES {
        let text = util::read_corpus_text(name);
        let tabbed = text.replace(' ', "\t");
        let mixed = text.replace(' ', " \t  \t");
        let indented = text.replace('\n', "\n\t ");
        let problem = Problem::from_dlx(&text).expect("parses");
        for other in [tabbed, mixed, indented] {
            assert_ne!(other, text, "{name} has no blank to replace");
            assert_eq!(
                Problem::from_dlx(&other).expect("parses"),
                problem,
                "{name}"
            );
        }
    }
}

/// A million items on one line (a million primary items, and one option covering them all).
#[test]
fn a_line_with_a_million_items_parses() {
    const N: usize = 1_000_000;
    let names: Vec<String> = (0..N).map(|k| format!("i{k}")).collect();
    let line = names.join(" ");
    let text = format!("{line}\n{line}\n");
    let problem = Problem::from_dlx(&text).expect("parses");
    assert_eq!(problem.primary_count(), N);
    assert_eq!(problem.option_count(), 1);
    assert_eq!(problem.entry_count(), N);
    assert_eq!(
        problem.item_name(problem.items().last().unwrap()),
        "i999999"
    );
    assert_eq!(dlx::Solver::new(&problem).count().solutions, 1);
}

/// Control characters (tabs included) as their Unicode control pictures, which keep every
/// character in its column and keep raw control characters out of the snapshot files.
fn picture_controls(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\0'..='\x1f' => char::from_u32(0x2400 + c as u32).expect("a control picture"),
            '\x7f' => '\u{2421}',
            c => c,
        })
        .collect()
}

/// A line of the input as a snapshot shows it: numbered, control characters as pictures.
fn show_line(number: usize, line: &str) -> String {
    format!("{number:>2} | {}", picture_controls(line))
        .trim_end()
        .to_owned()
}

/// Parses `input`, which must fail in the way `expected` accepts, and snapshots the input
/// with a caret under the column the error gives, then the message.
fn check_error(name: &str, input: &str, expected: fn(&ParseErrorKind) -> bool) {
    let error = Problem::from_dlx(input).expect_err(name);
    assert!(expected(error.kind()), "{name}: unexpected {:?}", error);
    let mut shown = Vec::new();
    for (k, line) in input.split('\n').enumerate() {
        shown.push(show_line(k + 1, line));
        if k + 1 == error.line() {
            shown.push(format!("   | {}^", " ".repeat(error.column() - 1)));
        }
    }
    assert!(
        error.line() <= input.split('\n').count(),
        "{name}: line {} is past the end",
        error.line()
    );
    // The header of the snapshot gives the input as a Rust string; the body shows it line by
    // line with a caret under the column of the error, then the message (`line:col: ...`).
    insta::with_settings!({ description => format!("{input:?}"), omit_expression => true }, {
        insta::assert_snapshot!(
            name,
            format!("{}\n---\n{}", shown.join("\n"), picture_controls(&error.to_string()))
        );
    });
}

#[test]
fn error_missing_item_line() {
    let is = |kind: &ParseErrorKind| matches!(kind, ParseErrorKind::MissingItemLine);
    check_error("missing_item_line_empty", "", is);
    check_error(
        "missing_item_line_comments_only",
        "| nothing but comments\n\n   | and blanks\n\t\n",
        is,
    );
}

#[test]
fn error_duplicate_item_name() {
    check_error(
        "duplicate_item_name",
        "é b c | x b\nb\n",
        |kind| matches!(kind, ParseErrorKind::DuplicateItemName { name, first_column: 3 } if name == "b"),
    );
}

#[test]
fn error_second_separator() {
    check_error("second_separator", "é b | x | y\n", |kind| {
        matches!(kind, ParseErrorKind::SecondSeparator)
    });
}

#[test]
fn error_invalid_name() {
    fn invalid(token: &'static str) -> impl Fn(&ParseErrorKind) -> bool {
        move |kind| matches!(kind, ParseErrorKind::InvalidName { token: t, .. } if t == token)
    }
    let cases: [(&str, &str, &'static str); 4] = [
        ("invalid_name_colon_in_item_line", "é b:c d\n", "b:c"),
        ("invalid_name_bar_inside_name", "é b| d\n", "b|"),
        ("invalid_name_control_character", "é b\u{7}c d\n", "b\u{7}c"),
        (
            "invalid_name_color_without_item",
            "é b | x\n| a comment\né :red\n",
            ":red",
        ),
    ];
    for (name, input, token) in cases {
        let error = Problem::from_dlx(input).expect_err(name);
        assert!(invalid(token)(error.kind()), "{name}: {error:?}");
        check_error(name, input, |kind| {
            matches!(kind, ParseErrorKind::InvalidName { .. })
        });
    }
}

#[test]
fn error_unknown_item() {
    // A tab is one column; the comment and blank lines count as lines.
    check_error(
        "unknown_item",
        "| comment\né b | x\n\né b\n| comment\né\tc x\n",
        |kind| matches!(kind, ParseErrorKind::UnknownItem { name } if name == "c"),
    );
}

#[test]
fn error_repeated_item() {
    check_error(
        "repeated_item",
        "é b | x\né x b x:red\n",
        |kind| matches!(kind, ParseErrorKind::RepeatedItem { name, first_column: 3 } if name == "x"),
    );
}

#[test]
fn error_color_on_primary() {
    check_error(
        "color_on_primary",
        "é b | x\nx é:red\n",
        |kind| matches!(kind, ParseErrorKind::ColorOnPrimary { name, color } if name == "é" && color == "red"),
    );
}

#[test]
fn error_bad_color() {
    check_error(
        "bad_color_empty",
        "é | x\né x:\n",
        |kind| matches!(kind, ParseErrorKind::BadColor { name, found } if name == "x" && found.is_empty()),
    );
    check_error(
        "bad_color_two_colons",
        "é | x\né x:a:b\n",
        |kind| matches!(kind, ParseErrorKind::BadColor { name, found } if name == "x" && found == "a:b"),
    );
}

#[test]
fn error_bad_bounds() {
    let bad_bounds = |kind: &ParseErrorKind| matches!(kind, ParseErrorKind::BadBounds { .. });
    check_error("bad_bounds_reversed", "é 3:2|b c | x\n", bad_bounds);
    check_error("bad_bounds_zero", "a 0|b\n", bad_bounds);
    check_error("bad_bounds_zero_range", "a 0:0|b\n", bad_bounds);
    check_error("bad_bounds_not_a_number", "a x:2|b\n", bad_bounds);
    // DLX3 reads what comes before a `|` inside a name as bounds, so `b|c` is one.
    check_error("bad_bounds_name_before_bar", "a b|c\n", bad_bounds);
    check_error("bad_bounds_too_large", "a 1:99999999999|b\n", bad_bounds);
    check_error(
        "bounds_on_secondary",
        "a | 1:2|x\n",
        |kind| matches!(kind, ParseErrorKind::BoundsOnSecondary { token } if token == "1:2|x"),
    );
}

/// A color that is not a valid name because of a control character is an error in the option
/// that has it, at that option's line; the parser's own check of colors lets it through, and
/// the builder's error is then reported at the item line, column 1.
#[test]
fn error_bad_color_control_character_points_at_the_color() {
    let error = Problem::from_dlx("a | x\na x:r\u{1}d\n").expect_err("a control character");
    assert_eq!((error.line(), error.column()), (2, 3), "{error}");
}

/// A UTF-8 byte-order mark, which some editors put at the start of a file, is not part of the
/// first item's name.
#[test]
fn a_byte_order_mark_is_ignored() {
    let problem = Problem::from_dlx("\u{feff}a b\na\nb\n").expect("parses");
    assert_eq!(problem, Problem::from_dlx("a b\na\nb\n").unwrap());
}
