//! `dlx solve`: a problem in Knuth's text format, solved; each solution printed as its
//! options' lines.

use std::io::{self, Write};

use anyhow::{anyhow, bail, Result};
use dlx::Problem;

use crate::args::{Format, SolveArgs};
use crate::input::read_input;
use crate::note;
use crate::run::{print_encoding, search};
use crate::Found;

pub fn run(args: &SolveArgs) -> Result<Found> {
    let (name, text) = read_input(args.file.as_deref())?;
    let parsed = dlx::text::parse(&text)
        .map_err(|err| anyhow!("{name}:{}:{}: {}", err.line(), err.column(), err.kind()))?;
    for warning in &parsed.warnings {
        note(format_args!("dlx: warning: {name}:{warning}"));
    }
    let problem = &parsed.problem;
    match args.flags.format {
        Format::Svg => bail!(
            "--format svg draws the boards of puzzle commands; `dlx solve` prints options \
             (use --format text or json)"
        ),
        Format::Dlx => return print_encoding(problem, &args.flags),
        Format::Text | Format::Json | Format::Zdd | Format::Tatham => {}
    }
    let format = args.flags.format;
    search(
        problem,
        &args.flags,
        crate::memo::Defaults::SOLVE,
        |out, options, index| write_solution(out, problem, options, index, format),
    )
}

fn write_solution(
    out: &mut dyn Write,
    problem: &Problem,
    options: &[dlx::OptionId],
    index: u128,
    format: Format,
) -> io::Result<()> {
    match format {
        Format::Text => {
            if index > 1 {
                writeln!(out)?;
            }
            for &option in options {
                writeln!(out, "{}", problem.option_text(option))?;
            }
        }
        Format::Json => {
            let texts: Vec<String> = options.iter().map(|&o| problem.option_text(o)).collect();
            write!(out, "{{\"solution\":{index},\"options\":")?;
            serde_json::to_writer(&mut *out, &texts).map_err(io::Error::from)?;
            write!(out, ",\"option_ids\":[")?;
            for (k, option) in options.iter().enumerate() {
                if k > 0 {
                    write!(out, ",")?;
                }
                write!(out, "{}", option.index())?;
            }
            writeln!(out, "]}}")?;
        }
        Format::Dlx | Format::Svg | Format::Zdd | Format::Tatham => {
            unreachable!("refused before the search")
        }
    }
    Ok(())
}
