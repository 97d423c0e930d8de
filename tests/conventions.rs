//! What people expect from a command line: short flags, durations as they write them, shell
//! completions and a manual page made from the same definitions as `--help`.

use std::process::{Command, Output};

fn dlx(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .output()
        .expect("dlx runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

#[test]
fn short_flags_mean_their_long_ones() {
    assert_eq!(stdout(&dlx(&["queens", "8", "-c", "-j", "1"])), "92\n");
    let long = dlx(&["queens", "6", "--all", "--limit", "2", "--format", "json"]);
    let short = dlx(&["queens", "6", "-a", "-n", "2", "-f", "json"]);
    assert_eq!(stdout(&short), stdout(&long));
    assert_eq!(stdout(&short).lines().count(), 2);
}

#[test]
fn time_limits_take_durations_as_people_write_them() {
    for time in ["5m", "90s", "1h30m", "2h 15min", "10", "0.5"] {
        let run = dlx(&["queens", "8", "--count", "--timeout", time]);
        assert_eq!(
            (run.status.code(), stdout(&run)),
            (Some(0), "92\n".to_owned()),
            "{time}"
        );
    }
    for (time, says) in [
        ("0", "greater than 0"),
        ("abc", "90s, 5m, 1h30m"),
        ("1e300", "too large"),
        ("99999999999999999999h", "too large"),
        ("NaN", "greater than 0"),
    ] {
        let run = dlx(&["queens", "8", "--count", "--timeout", time]);
        assert_eq!(run.status.code(), Some(2), "{time}");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(stderr.contains(says), "{time}: {stderr}");
    }
}

#[test]
fn completions_and_the_manual_page_cover_every_command() {
    let commands = [
        "solve",
        "calendar",
        "tromino",
        "tile",
        "pack",
        "futoshiki",
        "binairo",
        "sudoku",
        "arrows",
        "queens",
        "merge",
        "serve",
        "completions",
        "man",
    ];
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let run = dlx(&["completions", shell]);
        assert_eq!(run.status.code(), Some(0), "{shell}");
        let script = stdout(&run);
        for command in commands {
            assert!(
                script.contains(command),
                "{shell} completions lack {command}"
            );
        }
        assert!(
            script.contains("--count"),
            "{shell} completions lack the flags"
        );
    }
    let man = dlx(&["man"]);
    assert_eq!(man.status.code(), Some(0));
    let page = stdout(&man);
    assert!(page.contains(".TH dlx 1"), "{page}");
    for command in commands {
        assert!(page.contains(command), "the manual page lacks {command}");
    }
    assert_eq!(dlx(&["completions", "tcsh"]).status.code(), Some(2));
}

/// The manual page and the bash and fish completions as they are made: a change to a flag
/// shows here, as it does in the help snapshots.
#[test]
fn completions_and_the_manual_page_snapshots() {
    let man = stdout(&dlx(&["man"]));
    // Every subcommand has its section; the options that many share are described once, in a
    // section of their own that each command which takes them names; every option of every
    // command's --help is on the page.
    let commands = crate::binary::subcommands();
    assert!(commands.len() >= 12, "{commands:?}");
    let section_of = |heading: &str| -> String {
        let section = man
            .split_once(&format!(".SH {heading}\n"))
            .unwrap_or_else(|| panic!("no section {heading}"))
            .1;
        section.split("\n.SH ").next().unwrap().to_owned()
    };
    for command in &commands {
        let section = section_of(&format!("\"DLX {}\"", command.to_uppercase()));
        let help = stdout(&dlx(&[command, "--help"]));
        let counts = help.contains("-c, --count");
        assert_eq!(
            section.contains("the solving options (SOLVING OPTIONS)"),
            counts,
            "{command}"
        );
        assert!(
            !section.contains("\\fB\\-\\-count\\fR"),
            "{command} repeats --count"
        );
        // The options' own lines, not the examples (whose flags may be other programs').
        for flag in help
            .lines()
            .filter(|line| line.trim_start().starts_with('-'))
            .flat_map(|line| line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')))
            .filter(|word| word.starts_with("--") && word.len() > 2)
        {
            let roff = format!("\\fB{}\\fR", flag.replace('-', "\\-"));
            assert!(man.contains(&roff), "{command}: {flag} is not on the page");
        }
    }
    assert_eq!(
        man.matches("\\fB\\-c\\fR, \\fB\\-\\-count\\fR").count(),
        1,
        "--count described once"
    );
    // Each command's examples, as --help shows them.
    assert!(
        man.contains("dlx queens 12 \\-\\-count       14200"),
        "{man}"
    );
    for section in ["\"EXIT STATUS\"", "ENVIRONMENT", "\"SEE ALSO\""] {
        assert!(section_of(section).len() > 100, "{section}");
    }
    // The version names the build's commit (see `--version`), which each commit changes.
    let man = match man.find(" (commit ") {
        Some(at) => {
            let end = at + man[at..].find(')').expect("the commit's parenthesis") + 1;
            let rest = man[end..].replacen(&man[at..end], "", 1);
            format!("{}{rest}", &man[..at])
        }
        None => man,
    };
    insta::assert_snapshot!("man", man);
    insta::assert_snapshot!("completions_bash", stdout(&dlx(&["completions", "bash"])));
    insta::assert_snapshot!("completions_fish", stdout(&dlx(&["completions", "fish"])));
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_an_error() {
    for args in [&["man"][..], &["completions", "bash"]] {
        let run = Command::new(env!("CARGO_BIN_EXE_dlx"))
            .args(args)
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&run.stderr).contains("cannot write the output"));
    }
}

/// The date a `dlx calendar` run solved, from its JSON.
fn calendar_date(args: &[&str], tz: &str) -> String {
    let run = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .arg("calendar")
        .args(args)
        .args(["--format", "json"])
        .env("TZ", tz)
        .output()
        .expect("dlx runs");
    assert_eq!(run.status.code(), Some(0), "{args:?}");
    let first: serde_json::Value =
        serde_json::from_str(stdout(&run).lines().next().unwrap()).unwrap();
    first["date"].as_str().unwrap().to_owned()
}

#[test]
fn dates_are_read_as_people_write_them_and_today_is_local() {
    for written in [
        "8-19",
        "8/19",
        "Aug 19",
        "aug-19",
        "2026/08/19",
        " August 19 ",
    ] {
        assert_eq!(calendar_date(&[written], "UTC"), "Aug 19", "{written}");
    }
    // UTC+14 and UTC-12 are always on different dates: each run's is the date there.
    for (tz, offset_hours) in [("Etc/GMT-14", 14), ("Etc/GMT+12", -12)] {
        let there = |days: i64| {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_secs() as i64;
            let date = reductions::calendar::Date::from_unix_seconds(
                now + offset_hours * 3600 + days * 86_400,
            );
            date.to_string()
        };
        for (args, days) in [
            (&[][..], 0),
            (&["today"][..], 0),
            (&["tomorrow"][..], 1),
            (&["yesterday"][..], -1),
        ] {
            let before = there(days);
            let solved = calendar_date(args, tz);
            let after = there(days);
            assert!(
                solved == before || solved == after,
                "{tz} {args:?}: {solved}, expected {before}"
            );
        }
    }
}

#[test]
fn colors_follow_no_color_and_clicolor_force() {
    let run = |env: &[(&str, &str)], args: &[&str]| -> String {
        let mut command = Command::new(env!("CARGO_BIN_EXE_dlx"));
        command
            .args(["calendar", "8-19"])
            .args(args)
            .env_remove("NO_COLOR")
            .env_remove("CLICOLOR_FORCE");
        for (name, value) in env {
            command.env(name, value);
        }
        stdout(&command.output().unwrap())
    };
    let colored = |text: &str| text.contains('\u{1b}');
    // Piped: plain text, no colors, unless forced.
    assert!(!colored(&run(&[], &[])));
    assert!(colored(&run(&[("CLICOLOR_FORCE", "1")], &[])));
    assert!(!colored(&run(&[("CLICOLOR_FORCE", "")], &[])));
    // NO_COLOR wins over CLICOLOR_FORCE; --color always over both.
    assert!(!colored(&run(
        &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")],
        &[]
    )));
    assert!(colored(&run(&[("NO_COLOR", "1")], &["--color", "always"])));
    assert!(!colored(&run(
        &[("CLICOLOR_FORCE", "1")],
        &["--color", "never"]
    )));
    assert!(!colored(&run(&[("CLICOLOR_FORCE", "1")], &["--plain"])));
}

#[test]
fn stats_in_json_are_one_object_with_the_text_figures() {
    let text = dlx(&["queens", "8", "--count", "--stats", "--threads", "1"]);
    let json = dlx(&[
        "queens",
        "8",
        "--count",
        "--stats",
        "--threads",
        "1",
        "--format",
        "json",
    ]);
    let text = String::from_utf8(text.stderr).unwrap();
    let json = String::from_utf8(json.stderr).unwrap();
    let value: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    let stats = &value["stats"];
    for line in text.lines() {
        let (name, figure) = line.split_once(": ").unwrap();
        let key = name.replace(' ', "_");
        match figure.strip_suffix(" s") {
            Some(_) => assert!(stats[&key].is_f64(), "{key}"),
            None => match stats[&key].as_str() {
                Some(text) => assert_eq!(text, figure, "{key}"),
                None => assert_eq!(stats[&key].to_string(), figure, "{key}"),
            },
        }
    }
    assert_eq!(stats["solutions"], 92);
    assert_eq!(stats["tree"], "bitsets");
}

/// Solutions and the progress bar on one terminal (tmux's): every solution line is there at the
/// end, and none of the bar's lines is left between them.
#[cfg(target_os = "linux")]
#[test]
fn the_progress_bar_leaves_the_solutions_alone() {
    // A terminal to watch is tmux's; without tmux (CI installs it) the test says so and skips.
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("progress bar test skipped: no tmux (apt-get install tmux)");
        return;
    }
    let socket = format!("dlx-test-{}", std::process::id());
    let tmux = |args: &[&str]| {
        Command::new("tmux")
            .args(["-L", &socket, "-f", "/dev/null"])
            .args(args)
            .output()
            .expect("tmux runs (apt-get install tmux)")
    };
    let root = env!("CARGO_MANIFEST_DIR");
    // About 5 s of search with a solution every millisecond or so: the bar shows after 1 s.
    let command = format!(
        "cd {root} && {} solve tests/corpus/pento6x10.dlx --all --threads 1; echo DONE; sleep 60",
        env!("CARGO_BIN_EXE_dlx")
    );
    // The history limit is a pane's from its start: set before the session is made.
    let started = tmux(&[
        "start-server",
        ";",
        "set-option",
        "-g",
        "history-limit",
        "200000",
        ";",
        "new-session",
        "-d",
        "-s",
        "t",
        "-x",
        "150",
        "-y",
        "40",
        &command,
    ]);
    assert!(
        started.status.success(),
        "{}",
        String::from_utf8_lossy(&started.stderr)
    );
    let screen = (0..300).find_map(|_| {
        std::thread::sleep(std::time::Duration::from_millis(200));
        let pane = stdout(&tmux(&["capture-pane", "-t", "t", "-p", "-S", "-"]));
        pane.contains("DONE").then_some(pane)
    });
    tmux(&["kill-server"]);
    let screen = screen.expect("the search ends within a minute");
    let options = screen
        .lines()
        .filter(|line| {
            !line.is_empty()
                && *line != "DONE"
                && line.chars().all(|c| c.is_ascii_alphanumeric() || c == ' ')
        })
        .count();
    // 9356 solutions of 12 pentominoes each.
    assert_eq!(options, 9356 * 12);
    assert!(
        !screen.contains("estimate"),
        "a line of the bar is left:\n{}",
        &screen[..2000]
    );
}

#[test]
fn several_pictures_make_one_svg_document() {
    let sheet = stdout(&dlx(&[
        "calendar", "8-19", "--all", "--limit", "3", "--format", "svg",
    ]));
    assert!(
        sheet.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"300\" height=\"920\""),
        "{}",
        &sheet[..200]
    );
    assert!(sheet.ends_with("</svg>\n</svg>\n"));
    // The outer document and three nested pictures, placed one below the other.
    assert_eq!(sheet.matches("<svg ").count(), 4);
    assert_eq!(sheet.matches("</svg>").count(), 4);
    for y in [0, 310, 620] {
        assert!(
            sheet.contains(&format!("<svg x=\"0\" y=\"{y}\" ")),
            "y = {y}"
        );
    }
    assert!(!sheet.contains("\n\n"), "no blank line: one document");
    // One picture stays a standalone document.
    let one = stdout(&dlx(&["calendar", "8-19", "--format", "svg"]));
    assert_eq!(one.matches("<svg ").count(), 1);
}

#[test]
fn one_svg_document_is_bounded() {
    // 30355 tilings of about 13 KB each: past the 256 MiB of one document, refused.
    let run = dlx(&[
        "tromino",
        "--size",
        "8",
        "--missing",
        "0,0",
        "--all",
        "--format",
        "svg",
    ]);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        run.stdout.is_empty(),
        "nothing is written before the document is whole"
    );
    assert!(String::from_utf8_lossy(&run.stderr).contains("pass 256 MiB"));
}

/// Each crate's `rust-version` is at least what every crate it builds on asks (its
/// dependencies' own `rust-version`, through the lock file): a version that cargo would
/// refuse for a dependency is never claimed.
#[test]
fn rust_version_is_at_least_what_the_dependencies_ask() {
    let run = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo runs");
    if !run.status.success() {
        // Offline without the registry's cache: nothing to read the versions from.
        eprintln!(
            "rust-version test skipped: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        return;
    }
    let metadata: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    let version = |value: &serde_json::Value| -> Vec<u64> {
        value
            .as_str()
            .unwrap_or("0")
            .split('.')
            .map(|part| part.parse().unwrap())
            .collect()
    };
    let packages: std::collections::HashMap<&str, &serde_json::Value> = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|package| (package["id"].as_str().unwrap(), package))
        .collect();
    let nodes: std::collections::HashMap<&str, &serde_json::Value> = metadata["resolve"]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|node| (node["id"].as_str().unwrap(), node))
        .collect();
    let mut checked = 0;
    for member in metadata["workspace_members"].as_array().unwrap() {
        let member = member.as_str().unwrap();
        let claimed = version(&packages[member]["rust_version"]);
        let (mut seen, mut stack) = (std::collections::HashSet::new(), vec![member]);
        while let Some(id) = stack.pop() {
            if !seen.insert(id) {
                continue;
            }
            let asked = version(&packages[id]["rust_version"]);
            assert!(
                asked <= claimed,
                "{} claims rust-version {:?}, but {} asks {:?}",
                packages[member]["name"],
                claimed,
                packages[id]["name"],
                asked
            );
            for dependency in nodes[id]["deps"].as_array().unwrap() {
                // Normal and build dependencies: what a user's build compiles.
                let built = dependency["dep_kinds"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|kind| kind["kind"].is_null() || kind["kind"] == "build");
                if built {
                    stack.push(dependency["pkg"].as_str().unwrap());
                }
            }
        }
        checked += 1;
    }
    assert!(checked >= 5, "{checked} crates");
}
