//! `--stats`: a run's figures on stderr, `name: value` a line, or with `--format json` one
//! JSON object, `{"stats": {...}}`, whose names have `_` for blanks and whose times are
//! numbers of seconds.

use serde::{Serialize, Serializer};

use crate::json::Whole;

use crate::args::{Format, SolveFlags};

/// One figure of a run.
pub enum Figure {
    /// A count (nodes, solutions, ...).
    Count(u128),
    /// A number too large for `u128` or already written out (a memoized count).
    Digits(String),
    /// Words (an item order, a seed).
    Text(String),
    /// A duration, `0.123 s` in text.
    Seconds(f64),
    /// A rate, rounded to a whole number in text.
    Rate(f64),
}

/// Prints `figures` on stderr, as the flags' format says.
pub fn print(flags: &SolveFlags, figures: &[(&str, Figure)]) {
    if flags.format() == Format::Json {
        #[derive(Serialize)]
        struct Stats<'a> {
            stats: Figures<'a>,
        }
        let stats = Stats {
            stats: Figures(figures),
        };
        crate::process::note(format_args!("{}", crate::json::line(&stats)));
        return;
    }
    let lines: Vec<String> = figures
        .iter()
        .map(|(name, figure)| match figure {
            Figure::Count(n) => format!("{name}: {n}"),
            Figure::Digits(text) | Figure::Text(text) => format!("{name}: {text}"),
            Figure::Seconds(seconds) => format!("{name}: {seconds:.3} s"),
            Figure::Rate(rate) => format!("{name}: {rate:.0}"),
        })
        .collect();
    crate::process::note(format_args!("{}", lines.join("\n")));
}

/// The figures as one JSON object, in the order given, names with `_` for blanks.
struct Figures<'a>(&'a [(&'a str, Figure)]);

impl Serialize for Figures<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(
            self.0
                .iter()
                .map(|(name, figure)| (name.replace(' ', "_"), figure)),
        )
    }
}

impl Serialize for Figure {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Figure::Count(n) => serializer.serialize_u128(*n),
            Figure::Digits(digits)
                if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) =>
            {
                Whole(digits.clone()).serialize(serializer)
            }
            Figure::Digits(text) | Figure::Text(text) => serializer.serialize_str(text),
            Figure::Seconds(x) | Figure::Rate(x) => serializer.serialize_f64(*x),
        }
    }
}
