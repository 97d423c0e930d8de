//! A problem from Knuth's text format: items on the first line (secondary ones after `|`),
//! then one option per line. Counts the solutions and prints each one's options.
//!
//! ```text
//! cargo run -p dlx-engine --example from_text
//! ```

use dlx::{Problem, Solver};

/// Two ways to cover a, b and c: {a b, c} and {a, b c}; `x` is secondary (at most once).
const TEXT: &str = "\
a b c | x
a b
c x
a
b c
b x
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let problem = Problem::from_dlx(TEXT)?;
    let outcome = Solver::new(&problem).count();
    println!("{outcome} solutions");
    for solution in Solver::new(&problem).solutions() {
        let options: Vec<String> = solution
            .options()
            .iter()
            .map(|&option| problem.option_text(option))
            .collect();
        println!("  {}", options.join(" / "));
    }
    assert_eq!(outcome.solutions, 2);
    Ok(())
}

#[test]
fn runs() {
    main().unwrap();
}
