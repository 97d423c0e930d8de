//! Running the `dlx` binary from the tests: a run's command line, exit status, stdout and
//! stderr (what the snapshots hold), and the checks that read its solutions back, shared by
//! every module of the command line's tests.

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use dlx::{OptionId, Problem};

/// The repository root: the binary runs there, so file names in messages are relative.
pub(crate) fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A command to run the real binary, from the repository root, without colors.
pub(crate) fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dlx"));
    command
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        // Help wraps at the terminal's width, else COLUMNS, else 100: the snapshots' 100.
        .env_remove("COLUMNS")
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE");
    command
}

/// One finished run of the binary (also the form of `cli_errors`' runs and snapshots).
pub(crate) struct Run {
    /// The command line as a user would type it (for the snapshot).
    pub(crate) shown: String,
    pub(crate) status: Option<i32>,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

/// Runs `dlx ARGS` with an empty standard input.
pub(crate) fn dlx(args: &[&str]) -> Run {
    run(
        args,
        None,
        format!("dlx {}", args.join(" ")).trim_end().to_owned(),
    )
}

/// Runs `dlx ARGS` with the contents of a file (relative to the root) on standard input.
pub(crate) fn dlx_from_file(args: &[&str], file: &str) -> Run {
    let input = std::fs::read(root().join(file)).expect("the input file");
    run(
        args,
        Some(&input),
        format!("dlx {} < {file}", args.join(" ")),
    )
}

/// Runs `dlx ARGS` with these bytes on standard input.
pub(crate) fn dlx_from_bytes(args: &[&str], input: &[u8]) -> Run {
    let shown = format!("printf '{}' | dlx {}", input.escape_ascii(), args.join(" "));
    run(args, Some(input), shown)
}

/// Runs `dlx ARGS` from the folder `dir` instead of the root, with an empty standard input.
pub(crate) fn dlx_in(dir: &Path, args: &[&str]) -> Run {
    let mut command = command(args);
    command.current_dir(dir);
    finish(command, None, format!("dlx {}", args.join(" ")))
}

pub(crate) fn run(args: &[&str], input: Option<&[u8]>, shown: String) -> Run {
    finish(command(args), input, shown)
}

/// Runs `command` with `input` on standard input, and checks that it did not panic.
fn finish(mut command: Command, input: Option<&[u8]>, shown: String) -> Run {
    let mut child = command
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dlx binary runs");
    if let Some(input) = input {
        // The binary reads all of its input before it writes anything, so this cannot block;
        // a run refused on its flags exits unread, closing the pipe under us.
        let mut stdin = child.stdin.take().expect("a piped stdin");
        if let Err(error) = stdin.write_all(input) {
            assert_eq!(
                error.kind(),
                std::io::ErrorKind::BrokenPipe,
                "writing stdin"
            );
        }
    }
    let output = child.wait_with_output().expect("the dlx binary finishes");
    let run = Run {
        shown,
        status: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    };
    assert!(
        !run.stderr.contains("panicked") && !run.stderr.contains("RUST_BACKTRACE"),
        "`{}` panicked:\n{}",
        run.shown,
        run.stderr
    );
    run
}

impl Run {
    /// What the snapshot holds: command, exit status, stdout, stderr.
    pub(crate) fn report(&self) -> String {
        fn section(text: &str) -> String {
            match text {
                "" => "(empty)\n".to_owned(),
                text if text.ends_with('\n') => text.to_owned(),
                text => format!("{text}\n(no newline at the end)\n"),
            }
        }
        let status = match self.status {
            Some(code) => code.to_string(),
            None => "killed by a signal".to_owned(),
        };
        format!(
            "$ {}\nexit status: {status}\n--- stdout\n{}--- stderr\n{}",
            self.shown,
            section(&self.stdout),
            section(&self.stderr)
        )
    }

    /// The report with the time of `--stats` (which varies) redacted: the `time:` line, or
    /// the `"time"` field of the JSON object.
    pub(crate) fn report_without_time(&self) -> String {
        let redacted: Vec<String> = self
            .report()
            .lines()
            .map(|line| match line.strip_prefix("time: ") {
                Some(_) => "time: [redacted]".to_owned(),
                None => match line.find("\"time\":") {
                    Some(at) => {
                        let rest = &line[at + 7..];
                        let end = rest.find([',', '}']).unwrap_or(rest.len());
                        format!("{}\"time\":\"[redacted]\"{}", &line[..at], &rest[end..])
                    }
                    None => line.to_owned(),
                },
            })
            .collect();
        redacted.join("\n") + "\n"
    }

    pub(crate) fn assert_status_in(&self, expected: &[i32]) -> &Self {
        assert!(
            self.status.is_some_and(|status| expected.contains(&status)),
            "exit status of `{}` not in {expected:?}\n{}",
            self.shown,
            self.report()
        );
        self
    }

    pub(crate) fn assert_status(&self, expected: i32) -> &Self {
        assert_eq!(
            self.status,
            Some(expected),
            "exit status of `{}`\n{}",
            self.shown,
            self.report()
        );
        self
    }
}

/// A problem file (relative to the root), parsed by the library.
pub(crate) fn problem(file: &str) -> Problem {
    let text = std::fs::read_to_string(root().join(file)).expect("the problem file");
    Problem::from_dlx(&text).unwrap_or_else(|err| panic!("{file}:{err}"))
}

/// Checks that `stdout` (text format: option lines, a blank line between solutions) holds
/// distinct exact covers of `problem`; returns how many.
pub(crate) fn check_text_solutions(problem: &Problem, stdout: &str) -> usize {
    if stdout.is_empty() {
        return 0;
    }
    let mut by_text: HashMap<String, Vec<OptionId>> = HashMap::new();
    for option in problem.options() {
        by_text
            .entry(problem.option_text(option))
            .or_default()
            .push(option);
    }
    let body = stdout
        .strip_suffix('\n')
        .expect("stdout ends with a newline");
    let mut seen = HashSet::new();
    let mut count = 0;
    for block in body.split("\n\n") {
        assert!(!block.is_empty(), "an empty solution in:\n{stdout}");
        let mut chosen: Vec<OptionId> = Vec::new();
        for line in block.lines() {
            let candidates = by_text
                .get(line)
                .unwrap_or_else(|| panic!("'{line}' is not an option of the problem"));
            // Two options may have the same text; take one not chosen yet.
            let option = candidates
                .iter()
                .copied()
                .find(|option| !chosen.contains(option))
                .unwrap_or_else(|| panic!("'{line}' printed more often than the problem has it"));
            chosen.push(option);
        }
        dlx::verify(problem, &chosen)
            .unwrap_or_else(|err| panic!("not an exact cover ({err}):\n{block}"));
        chosen.sort_unstable();
        assert!(seen.insert(chosen), "a solution printed twice:\n{block}");
        count += 1;
    }
    count
}

/// Checks that `stdout` (JSON Lines) holds distinct exact covers of `problem`, numbered from
/// 1, their option texts matching their option ids; returns how many.
pub(crate) fn check_json_solutions(problem: &Problem, stdout: &str) -> usize {
    let mut seen = HashSet::new();
    let mut count = 0;
    for (k, line) in stdout.lines().enumerate() {
        let value: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|err| panic!("not JSON ({err}): {line}"));
        assert_eq!(value["solution"], k + 1, "numbering in {line}");
        let ids: Vec<OptionId> = value["option_ids"]
            .as_array()
            .expect("option_ids is an array")
            .iter()
            .map(|id| OptionId::new(id.as_u64().expect("an option id") as usize))
            .collect();
        let texts = value["options"].as_array().expect("options is an array");
        assert_eq!(texts.len(), ids.len(), "{line}");
        for (&id, text) in ids.iter().zip(texts) {
            assert!(id.index() < problem.option_count(), "{line}");
            assert_eq!(text.as_str(), Some(problem.option_text(id).as_str()));
        }
        dlx::verify(problem, &ids)
            .unwrap_or_else(|err| panic!("not an exact cover ({err}): {line}"));
        let mut canonical = ids.clone();
        canonical.sort_unstable();
        assert!(seen.insert(canonical), "a solution printed twice: {line}");
        count += 1;
    }
    count
}

pub(crate) const X_EXAMPLE: &str = "tests/corpus/tiny/x-knuth-example.dlx";
pub(crate) const C_EXAMPLE: &str = "tests/corpus/tiny/c-knuth-example.dlx";
pub(crate) const QUEENS8: &str = "tests/corpus/queens8.dlx";
pub(crate) const NO_SOLUTION: &str = "tests/fixtures/cli/no-solution.dlx";

/// The subcommands `dlx --help` lists, in its order, `help` left out.
pub(crate) fn subcommands() -> Vec<String> {
    let help = dlx(&["--help"]).stdout;
    help.lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        // A wrapped description is indented further than a name.
        .filter(|line| !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|&name| name != "help")
        .map(str::to_owned)
        .collect()
}
