//! `dlx man`: the manual page, in roff, built from the same clap definitions as `--help`.
//!
//! The options that many commands share are described once, each set in a section of its
//! own (the global ones, those of solving, those of making puzzles), and each command's
//! section lists its own arguments and names the sets it takes; then what every page of a
//! command-line program owes its reader: the exit status, the environment and where to read
//! on.

use std::io::{self, Write};

use clap::Args as _;

use crate::args::{FileArgs, MakeFlags, Output, SolveFlags};

/// The sets of shared options: the section that describes each once, its title, and the ids
/// of its options.
struct Shared {
    title: &'static str,
    reference: &'static str,
    ids: Vec<clap::Id>,
    command: clap::Command,
}

impl Shared {
    /// The set of the options that `set` declares, described in a command that `within`
    /// makes (the options of making puzzles name the puzzle's file, which a command of their
    /// own would lack).
    fn new(
        title: &'static str,
        reference: &'static str,
        set: fn(clap::Command) -> clap::Command,
        within: fn(clap::Command) -> clap::Command,
    ) -> Shared {
        let ids: Vec<clap::Id> = set(clap::Command::new("dlx"))
            .get_arguments()
            .map(|arg| arg.get_id().clone())
            .collect();
        let mut command = within(clap::Command::new("dlx").disable_help_flag(true));
        let others: Vec<clap::Id> = command
            .get_arguments()
            .map(|arg| arg.get_id().clone())
            .filter(|id| !ids.contains(id))
            .collect();
        for id in others {
            command = command.mut_arg(id, |arg| arg.hide(true));
        }
        Shared {
            title,
            reference,
            ids,
            command,
        }
    }

    fn render(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut section = Vec::new();
        clap_mangen::Man::new(self.command.clone()).render_options_section(&mut section)?;
        // clap's roff preamble, its heading and the sections of the options' help headings,
        // which become subsections of this one.
        let section = String::from_utf8_lossy(&section);
        let items = section
            .lines()
            .skip_while(|line| line.starts_with(".ie ") || line.starts_with(".el "))
            .skip_while(|line| *line == ".SH OPTIONS")
            .map(|line| match line.strip_prefix(".SH ") {
                Some(heading) => format!(".SS {heading}\n"),
                None => format!("{line}\n"),
            })
            .collect::<String>();
        writeln!(out, ".SH \"{}\"", self.title)?;
        out.write_all(items.as_bytes())
    }
}

/// The whole page.
pub fn page(out: &mut dyn Write) -> io::Result<()> {
    let mut command = <crate::args::Cli as clap::CommandFactory>::command();
    command.build();
    let man = clap_mangen::Man::new(command.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    let output = Shared::new(
        "OPTIONS",
        "OPTIONS",
        Output::augment_args,
        Output::augment_args,
    );
    let shared = [
        Shared::new(
            "SOLVING OPTIONS",
            "the solving options (SOLVING OPTIONS)",
            SolveFlags::augment_args,
            SolveFlags::augment_args,
        ),
        Shared::new(
            "OPTIONS OF MAKING PUZZLES",
            "the options of making puzzles, grading and hints (OPTIONS OF MAKING PUZZLES)",
            MakeFlags::augment_args,
            FileArgs::augment_args,
        ),
    ];
    for set in &shared {
        set.render(out)?;
    }
    let mut subcommands: Vec<&clap::Command> = command
        .get_subcommands()
        .filter(|sub| sub.get_name() != "help")
        .collect();
    // In the order of `dlx --help`, not of their definitions.
    subcommands.sort_by_key(|sub| sub.get_display_order());
    for sub in subcommands {
        let name = format!("dlx {}", sub.get_name());
        let mut sub = sub.clone().bin_name(name.clone());
        sub.build();
        // clap's usage (`[OPTIONS]` for the options), where clap_mangen would list each.
        let usage = sub.render_usage().to_string();
        let usage = usage.strip_prefix("Usage: ").unwrap_or(&usage).to_owned();
        let examples = sub.get_after_help().cloned();
        // The shared options are described once, above: named here, not repeated.
        let mut takes = Vec::new();
        for set in std::iter::once(&output).chain(&shared) {
            let mut taken = false;
            for id in &set.ids {
                if sub.get_arguments().any(|arg| arg.get_id() == id) {
                    sub = sub.mut_arg(id, |arg| arg.hide(true));
                    taken = true;
                }
            }
            if taken && set.title != output.title {
                takes.push(set.reference);
            }
        }
        writeln!(out, ".SH \"{}\"", name.to_uppercase())?;
        writeln!(out, ".SS SYNOPSIS\n{}", usage.replace('-', "\\-"))?;
        // The sub-page's sections become subsections of this one.
        let mut sections = Vec::new();
        let game = sub.get_name().to_owned();
        let page = clap_mangen::Man::new(sub);
        page.render_description_section(&mut sections)?;
        page.render_options_section(&mut sections)?;
        let sections = String::from_utf8_lossy(&sections).replace("\n.SH ", "\n.SS ");
        let sections = sections
            .strip_prefix(".SH ")
            .map_or(sections.clone(), |rest| format!(".SS {rest}"));
        out.write_all(sections.as_bytes())?;
        if !takes.is_empty() {
            writeln!(
                out,
                ".PP\nIt takes {} as well.",
                crate::words::and_list(&takes)
            )?;
        }
        if let Some(offered) = crate::args::offered(&game) {
            writeln!(
                out,
                ".PP\nLevels (\\fB\\-\\-difficulty\\fR), easiest first: {}. Sizes offered \
                 (\\fB\\-\\-generate\\fR, the {}): {}.",
                offered.levels.join(", "),
                offered.size_name.to_lowercase(),
                offered.sizes.join(", ")
            )?;
        }
        if let Some(examples) = examples {
            write_examples(out, &examples.to_string())?;
        }
    }
    out.write_all(CLOSING.as_bytes())?;
    man.render_version_section(out)
}

/// A command's examples (its `after_help`), line for line as `--help` shows them.
fn write_examples(out: &mut dyn Write, examples: &str) -> io::Result<()> {
    writeln!(out, ".SS EXAMPLES\n.nf")?;
    for line in examples.lines().filter(|line| !line.ends_with(':')) {
        let line = line.replace('\\', "\\e").replace('-', "\\-");
        writeln!(out, "\\&{line}")?;
    }
    writeln!(out, ".fi")
}

/// The sections after the commands.
const CLOSING: &str = r#".SH "EXIT STATUS"
.TP
\fB0\fR
A solution was found (a count above 0), or the command did what was asked: a puzzle made,
graded or hinted, the records merged into one whole count, the help or a manual page written.
A closed output pipe (\fBdlx queens 12 \-\-all | head\fR) also ends with 0, quietly.
.TP
\fB1\fR
No solution: a count of 0, a puzzle or a grid with no solution (\fB\-\-hint\fR and
\fB\-\-explain\fR on such a grid too), no puzzle made before \fB\-\-timeout\fR.
.TP
\fB2\fR
An error: bad arguments, bad input (named by file, line and column), a limit of memory or of
the input's size, a file that cannot be read or written. The file of \fB\-o\fR then keeps
what it held.
.TP
\fB128+N\fR
Stopped by signal N (130 for SIGINT, 143 for SIGTERM) after printing what was found by then;
a count prints its part and says it is incomplete, a shard writes its record as incomplete.
.SH ENVIRONMENT
.TP
\fBNO_COLOR\fR
Set and not empty: no colors, unless \fB\-\-color always\fR (no-color.org).
.TP
\fBCLICOLOR_FORCE\fR
Set and not \fB0\fR: colors and the drawing for people even when the output is not a
terminal, unless \fBNO_COLOR\fR is set or \fB\-\-color never\fR.
.TP
\fBTERM\fR
\fBdumb\fR: no colors on the terminal.
.SH "SEE ALSO"
The documents that come with dlx: \fIdocs/cli.md\fR (the commands and flags),
\fIdocs/puzzles.md\fR (the rules and formats of the puzzles), \fIdocs/scale-out.md\fR (counts
on clusters with \fB\-\-shard\fR and \fBdlx merge\fR), \fIdocs/serve.md\fR (the page and its
API), \fIdocs/engine.md\fR (the algorithms).
.PP
Donald E. Knuth, \fIThe Art of Computer Programming\fR, Volume 4B, section 7.2.2.1, "Dancing
links", and his programs DLX1, DLX2 and DLX3, whose text format \fBdlx solve\fR reads.
.PP
\fBsgt-solo\fR(6), \fBsgt-unequal\fR(6), \fBsgt-unruly\fR(6), \fBsgt-towers\fR(6),
\fBsgt-keen\fR(6), \fBsgt-dominosa\fR(6): Simon Tatham's puzzles, whose game IDs the sudoku,
futoshiki, binairo, towers, keen and dominosa commands read and write.
"#;
