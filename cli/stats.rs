//! `--stats`: a run's figures on stderr, `name: value` a line, or with `--format json` one
//! JSON object, `{"stats": {...}}`, whose names have `_` for blanks and whose times are
//! numbers of seconds.

use serde_json::json;

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
    if flags.format == Format::Json {
        // Written by hand to keep the order given (serde_json's maps sort their keys) and to
        // write counts past 64 bits whole, as `--count --format json` does.
        let fields: Vec<String> = figures
            .iter()
            .map(|(name, figure)| {
                let value = match figure {
                    Figure::Count(n) => n.to_string(),
                    Figure::Digits(digits) if digits.bytes().all(|b| b.is_ascii_digit()) => {
                        digits.clone()
                    }
                    Figure::Digits(text) | Figure::Text(text) => json!(text).to_string(),
                    Figure::Seconds(x) | Figure::Rate(x) => json!(x).to_string(),
                };
                format!("{}:{value}", json!(name.replace(' ', "_")))
            })
            .collect();
        crate::note(format_args!("{{\"stats\":{{{}}}}}", fields.join(",")));
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
    crate::note(format_args!("{}", lines.join("\n")));
}
