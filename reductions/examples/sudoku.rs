//! A sudoku solved with the library's plan: the encoding, tree and reasoning that `dlx sudoku`
//! uses, from one call, and the uniqueness check that a puzzle maker needs.
//!
//! ```text
//! cargo run -p dlx-puzzles --example sudoku
//! ```

use reductions::plan::{prepare, Task};
use reductions::sudoku::Sudoku;
use reductions::Reduction;

/// Arto Inkala's "world's hardest sudoku" (2012).
const PUZZLE: &str = "\
8........
..36.....
.7..9.2..
.5...7...
....457..
...1...3.
..1....68
..85...1.
.9....4..
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let sudoku = Sudoku::default();
    let grid = sudoku.parse(PUZZLE)?;
    let prepared = prepare(&sudoku, &grid, Task::Unique)?;
    let outcome = prepared.solver().count();
    println!(
        "{} solution(s) in {} nodes: {}",
        outcome,
        outcome.stats.nodes,
        if outcome.solutions == 1 {
            "unique"
        } else {
            "not unique"
        }
    );
    let solution = prepared.solver().first().ok_or("no solution")?;
    let solved = prepared.decode(&grid, solution.options());
    println!("{solved}");
    assert_eq!(outcome.solutions, 1);
    assert!(solved.to_string().starts_with("812753649"));
    Ok(())
}

#[test]
fn runs() {
    main().unwrap();
}
