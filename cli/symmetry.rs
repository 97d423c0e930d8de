//! `--symmetry` and `--up-to-symmetry`: the problem's symmetries, found by the engine
//! ([`dlx::symmetry::Group`]), printed, or used to count and list once per class.

use std::io::Write;

use anyhow::{Context, Result};
use dlx::symmetry::{Group, GroupLimits, SymmetryError};
use dlx::Problem;

use crate::args::{Format, SolveFlags};
use crate::process::{note, Found};
use crate::stats::Figure;

/// The group of `problem`, within the run's deadline; `None` when the time ran out first
/// (a note says so).
pub fn group(problem: &Problem, flags: &SolveFlags) -> Result<Option<Group>> {
    let limits = GroupLimits {
        deadline: flags.run_deadline(),
        cancel: crate::signals::cancel_flag(),
        ..GroupLimits::default()
    };
    match Group::within(problem, &limits) {
        Ok(group) => Ok(Some(group)),
        Err(SymmetryError::Timeout) => {
            note(format_args!(
                "dlx: note: the time limit ran out while the symmetries were sought: nothing \
                 was searched"
            ));
            Ok(None)
        }
        Err(err) => Err(err.into()),
    }
}

/// What `--stats` says of the group: its order and the nodes of its search.
pub fn figures(group: &Group) -> Vec<(&'static str, Figure)> {
    vec![
        ("symmetries", Figure::Digits(group.order().to_string())),
        ("symmetry nodes", Figure::Count(group.search_nodes().into())),
    ]
}

/// `--symmetry`: the group's order, then each generator as cycles of item names (with
/// `--format json`, one object).
pub fn print(problem: &Problem, flags: &SolveFlags) -> Result<Found> {
    let started = std::time::Instant::now();
    let Some(group) = group(problem, flags)? else {
        return Ok(Found::None);
    };
    let mut out = crate::output::stdout();
    let written = if flags.format() == Format::Json {
        #[derive(serde::Serialize)]
        struct Symmetries<'p> {
            order: crate::json::Whole,
            generators: Vec<Vec<Vec<&'p str>>>,
        }
        let generators = group
            .generators()
            .iter()
            .map(|generator| generator.named_cycles(problem))
            .collect();
        crate::json::write_line(
            &mut out,
            &Symmetries {
                order: crate::json::Whole(group.order().to_string()),
                generators,
            },
        )
    } else {
        let mut text = format!("order: {}\n", group.order());
        for generator in group.generators() {
            text += &generator.cycles_text(problem);
            text.push('\n');
        }
        out.write_all(text.as_bytes())
    };
    written
        .and_then(|()| out.flush())
        .context(crate::output::write_error())?;
    if flags.stats() {
        let mut figures = figures(&group);
        figures.push(("time", Figure::Seconds(started.elapsed().as_secs_f64())));
        crate::stats::print(flags, &figures);
    }
    Ok(Found::Some)
}
