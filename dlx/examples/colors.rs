//! A problem built in code, with colors (Algorithm C): a word across and a word down that
//! start in the same cell must agree on its letter. The cell is a secondary item colored by
//! the letter; items of every kind go into one option through `dlx::items!`.
//!
//! ```text
//! cargo run -p dlx-engine --example colors
//! ```

use dlx::{items, ProblemBuilder, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut builder = ProblemBuilder::new();
    // Primary: each slot gets one word. Secondary: the shared cell, colored by its letter.
    let across = builder.primary("across");
    let down = builder.primary("down");
    let corner = builder.secondary("corner");
    let letters: Vec<_> = "abcot"
        .chars()
        .map(|c| builder.color(c.to_string()))
        .collect();
    let letter = |c: char| letters["abcot".find(c).unwrap()];
    // Two words across and two down, each colors the corner with its first letter.
    let mut words = Vec::new();
    for (slot, word) in [
        (across, "cat"),
        (across, "cot"),
        (down, "oat"),
        (down, "cab"),
    ] {
        let first = word.chars().next().unwrap();
        builder.option(items![slot, corner.with_color(letter(first))]);
        let name = if slot == across { "across" } else { "down" };
        words.push(format!("{name}: {word}"));
    }
    let problem = builder.build()?;
    let solutions: Vec<_> = Solver::new(&problem).solutions().collect();
    for solution in &solutions {
        let chosen: Vec<&str> = solution
            .options()
            .iter()
            .map(|option| &words[option.index()][..])
            .collect();
        println!("{}", chosen.join(", "));
    }
    // Only "cab" starts with the c of "cat" and "cot".
    assert_eq!(solutions.len(), 2);
    Ok(())
}

#[test]
fn runs() {
    main().unwrap();
}
