//! The progress of long searches on stderr: a bar when stderr is a terminal, or with
//! `--progress-every` a line now and then, for the logs of batch jobs.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How often the search reports.
pub const EVERY: Duration = Duration::from_millis(200);

/// Searches shorter than this show no bar at all.
const QUIET: Duration = Duration::from_secs(1);

/// Steps of the bar: Knuth's estimate of the fraction of the tree explored, in thousandths.
const STEPS: u64 = 1000;

/// A progress bar fed by [`dlx::Progress`] reports.
#[derive(Clone)]
pub struct Bar {
    bar: ProgressBar,
}

impl Bar {
    /// A bar on stderr, if `wanted` and stderr is a terminal (never in pipes or files).
    pub fn for_stderr(wanted: bool) -> Option<Bar> {
        if !wanted || !std::io::stderr().is_terminal() {
            return None;
        }
        let bar = ProgressBar::with_draw_target(Some(STEPS), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{spinner} [{bar:30}] {percent:>3}% {msg}")
                .expect("a valid template")
                .progress_chars("=> "),
        );
        Some(Bar { bar })
    }

    /// Shows a report: the estimate, solutions so far, nodes per second, and the time left if
    /// the estimate is right; for a memoized count, the levels done, the signatures stored,
    /// the hits, the memory of the tables and the signatures expanded per second.
    pub fn update(&self, progress: &dlx::Progress) {
        if progress.elapsed < QUIET {
            return;
        }
        let seconds = progress.elapsed.as_secs_f64();
        let rate = progress.nodes as f64 / seconds;
        let estimate = progress.estimate.clamp(0.0, 1.0);
        let left = if estimate > 0.0 {
            format_duration(seconds * (1.0 - estimate) / estimate)
        } else {
            "?".to_owned()
        };
        self.bar.set_position((estimate * STEPS as f64) as u64);
        self.bar.set_message(match &progress.memo {
            Some(memo) => format!(
                "of the levels, {} signatures, {} hits, {}B of tables, {} expanded/s",
                human(memo.signatures as f64),
                human(memo.hits as f64),
                human(memo.bytes as f64),
                human(rate)
            ),
            None => format!(
                "(Knuth's estimate) {} solutions, {} nodes/s, about {left} left",
                progress.solutions,
                human(rate)
            ),
        });
    }

    /// Runs `write` with the bar off the screen, then draws it again below what was written:
    /// output to the same terminal then never mixes with the bar's lines.
    pub fn suspend<R>(&self, write: impl FnOnce() -> R) -> R {
        self.bar.suspend(write)
    }

    /// Takes the bar off the screen.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// A line of progress for a log (`--progress-every`), `label` first (`shard 3/32: ` or
/// nothing): the estimate of the fraction done, solutions and nodes so far, the time taken
/// and the time left if the estimate is right; for a memoized count, the levels done and
/// the signatures.
pub fn line(label: &str, progress: &dlx::Progress) -> String {
    let seconds = progress.elapsed.as_secs_f64();
    let estimate = progress.estimate.clamp(0.0, 1.0);
    let elapsed = format_duration(seconds);
    match &progress.memo {
        Some(memo) => format!(
            "dlx: progress: {label}{:.1}% of the levels, {} signatures, {}B of tables, {} \
             expanded, {elapsed}",
            100.0 * estimate,
            human(memo.signatures as f64),
            human(memo.bytes as f64),
            human(progress.nodes as f64),
        ),
        None => {
            let left = if estimate > 0.0 {
                format_duration(seconds * (1.0 - estimate) / estimate)
            } else {
                "?".to_owned()
            };
            format!(
                "dlx: progress: {label}{:.1}% (Knuth's estimate), {} solutions, {} nodes, \
                 {elapsed}, about {left} left",
                100.0 * estimate,
                progress.solutions,
                human(progress.nodes as f64),
            )
        }
    }
}

/// A rate with a metric suffix: 12.3M.
fn human(value: f64) -> String {
    match value {
        v if v >= 1e9 => format!("{:.1}G", v / 1e9),
        v if v >= 1e6 => format!("{:.1}M", v / 1e6),
        v if v >= 1e3 => format!("{:.1}k", v / 1e3),
        v => format!("{v:.0}"),
    }
}

/// A duration for people: 42s, 7m 05s, 3h 12m, 5d 4h.
fn format_duration(seconds: f64) -> String {
    if !seconds.is_finite() || seconds > 1e10 {
        return "forever".to_owned();
    }
    let s = seconds.round() as u64;
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m {:02}s", s / 60, s % 60),
        3600..86400 => format!("{}h {:02}m", s / 3600, s % 3600 / 60),
        _ => format!("{}d {}h", s / 86400, s % 86400 / 3600),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_and_rates_read_well() {
        assert_eq!(format_duration(42.4), "42s");
        assert_eq!(format_duration(425.0), "7m 05s");
        assert_eq!(format_duration(3.0 * 3600.0 + 720.0), "3h 12m");
        assert_eq!(format_duration(5.0 * 86400.0 + 4.0 * 3600.0), "5d 4h");
        assert_eq!(format_duration(f64::INFINITY), "forever");
        assert_eq!(human(12_345_678.0), "12.3M");
        assert_eq!(human(999.0), "999");
    }
}
