//! Times Binairo end to end, the figures of the `binairo` module docs: for each puzzle file,
//! parse+encode, and the search to the uniqueness check (`--limit 2 --count`), medians of
//! several runs on one thread, with the search's nodes.
//!
//! ```text
//! cargo run --release -p dlx-puzzles --example binairo_times -- [cells|patterns|cells+] FILE...
//! ```
//!
//! `cells+` is the cell encoding searched with its line reasoning at every node (what the
//! command does with it); the others search as Knuth does. A search is stopped after 20 s
//! (printed as `>20 s`).

use std::time::{Duration, Instant};

use dlx::Solver;
use reductions::binairo::{Binairo, Strategy};
use reductions::Reduction;

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let (strategy, reasoning) = match args.first().map(String::as_str) {
        Some("cells") => (Strategy::Cells, false),
        Some("cells+") => (Strategy::Cells, true),
        Some("patterns") => (Strategy::Patterns, false),
        _ => {
            eprintln!("usage: binairo_times cells|patterns|cells+ FILE...");
            std::process::exit(2);
        }
    };
    args.remove(0);
    let binairo = Binairo { strategy };
    println!("file\tencode ms\tsearch ms\tnodes\tsolutions\toptions");
    for path in &args {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let mut encode_times = Vec::new();
        let mut encoding = None;
        let grid = binairo.parse(&text).unwrap();
        for _ in 0..5 {
            let start = Instant::now();
            let grid = binairo.parse(&text).unwrap();
            encoding = Some(binairo.encode(&grid).unwrap());
            encode_times.push(start.elapsed());
        }
        let encoding = encoding.unwrap();
        let propagator = binairo.propagator(&grid, &encoding).filter(|_| reasoning);
        let limit = Duration::from_secs(20);
        let mut search_times = Vec::new();
        let mut outcome = None;
        for _ in 0..5 {
            let start = Instant::now();
            let mut solver = Solver::new(&encoding.problem)
                .threads(1)
                .limit(2)
                .timeout(limit);
            if let Some(propagator) = &propagator {
                solver = solver.propagator(propagator.clone());
            }
            let found = solver.count();
            search_times.push(start.elapsed());
            let stopped_by_time = found.solutions < 2 && !found.is_complete();
            outcome = Some(found);
            if stopped_by_time || start.elapsed() > Duration::from_secs(1) {
                break;
            }
        }
        let outcome = outcome.unwrap();
        let search = if outcome.solutions < 2 && !outcome.is_complete() {
            ">20000".to_owned()
        } else {
            format!("{:.3}", median(search_times).as_secs_f64() * 1e3)
        };
        let name = path.rsplit('/').next().unwrap_or(path);
        println!(
            "{name}\t{:.3}\t{search}\t{}\t{}\t{}",
            median(encode_times).as_secs_f64() * 1e3,
            outcome.stats.nodes,
            outcome.solutions,
            encoding.problem.option_count(),
        );
    }
}
