//! Words that cannot drift from the program: every console example of README.md and docs/*.md
//! (a ```` ```console ```` block of `$ ` command lines, each followed by what it prints) is run
//! by `sh` with this build's `dlx` first on the path, and what it prints is compared.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::binary::root;

/// One command of a console block: where it is written, the command line, and its output.
struct Example {
    place: String,
    command: String,
    output: String,
}

/// The console examples of the Markdown file `path`.
fn examples(path: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|err| panic!("{path:?}: {err}"));
    let name = path
        .strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string();
    let mut found = Vec::new();
    let mut in_console = false;
    for (number, line) in text.lines().enumerate() {
        if !in_console {
            in_console = line.trim_end() == "```console";
            continue;
        }
        if line.starts_with("```") {
            in_console = false;
        } else if let Some(command) = line.strip_prefix("$ ") {
            found.push(Example {
                place: format!("{name}:{}", number + 1),
                command: command.to_owned(),
                output: String::new(),
            });
        } else if let Some(example) = found.last_mut() {
            example.output.push_str(line);
            example.output.push('\n');
        } else {
            panic!(
                "{name}:{}: a console block starts with `$ COMMAND`",
                number + 1
            );
        }
    }
    found
}

/// The Markdown files whose console examples are run.
fn documents() -> Vec<PathBuf> {
    let mut paths = vec![root().join("README.md"), root().join("python/README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|entry| entry.expect("docs/").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    paths.extend(docs);
    paths
}

#[test]
fn console_examples_print_what_they_show() {
    let dlx = Path::new(env!("CARGO_BIN_EXE_dlx"));
    let path = std::env::join_paths(
        std::iter::once(dlx.parent().expect("the binary's folder").to_path_buf()).chain(
            std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
        ),
    )
    .expect("PATH");
    let scratch = std::env::temp_dir().join(format!("dlx-docs-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch folder");
    let mut ran = 0;
    let mut wrong = Vec::new();
    for document in documents() {
        for example in examples(&document) {
            let run = Command::new("sh")
                .arg("-c")
                .arg(&example.command)
                .current_dir(&scratch)
                .env("PATH", &path)
                .env_remove("CLICOLOR_FORCE")
                .output()
                .expect("sh runs");
            let printed = String::from_utf8_lossy(&run.stdout);
            if printed != example.output {
                wrong.push(format!(
                    "{}: $ {}\nshown:\n{}printed ({}):\n{}{}",
                    example.place,
                    example.command,
                    example.output,
                    run.status,
                    printed,
                    String::from_utf8_lossy(&run.stderr)
                ));
            }
            ran += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(ran >= 20, "only {ran} console examples found");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Each help sentence once: no option's `--help` says its one line and then the same again in
/// full (every long option of every command did).
#[test]
fn help_says_each_sentence_once() {
    let dlx = env!("CARGO_BIN_EXE_dlx");
    let top = Command::new(dlx).arg("--help").output().expect("dlx runs");
    let top = String::from_utf8_lossy(&top.stdout).into_owned();
    let commands: Vec<&str> = top
        .lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        .filter_map(|line| line.strip_prefix("  ")?.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    assert!(commands.len() >= 15, "{commands:?}");
    let mut repeated = Vec::new();
    for name in commands {
        let help = Command::new(dlx)
            .args([name, "--help"])
            .output()
            .expect("dlx runs");
        let help = String::from_utf8_lossy(&help.stdout).into_owned();
        // An option's block: its line (`  -o, --output <FILE>`), then paragraphs indented by
        // 10 and separated by lines of blanks.
        let mut option = String::new();
        let mut paragraphs: Vec<String> = Vec::new();
        let mut check = |option: &str, paragraphs: &[String]| {
            if let [first, second, ..] = paragraphs {
                let opening = |text: &String| text.split_whitespace().take(3).collect::<String>();
                if opening(first) == opening(second) {
                    repeated.push(format!("dlx {name} {option}"));
                }
            }
        };
        for line in help.lines() {
            if line.starts_with("  -") || line.starts_with("      --") {
                check(&option, &paragraphs);
                option = line.trim().to_owned();
                paragraphs.clear();
            } else if line.starts_with("          ") && !line.trim().is_empty() {
                match paragraphs.last_mut() {
                    Some(last) if !last.ends_with('\n') => {
                        last.push(' ');
                        last.push_str(line.trim());
                    }
                    _ => paragraphs.push(line.trim().to_owned()),
                }
            } else if let Some(last) = paragraphs.last_mut() {
                last.push('\n');
            }
        }
        check(&option, &paragraphs);
    }
    assert!(repeated.is_empty(), "said twice: {repeated:?}");
}
