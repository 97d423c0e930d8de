//! Binairo with the library's plan: a hard puzzle proved unique with the puzzle's own
//! reasoning at every node (what `dlx binairo` does), and the grids of an empty 6 x 6 board
//! counted on the encoding that the plan picks for counting.
//!
//! ```text
//! cargo run -p dlx-puzzles --example binairo
//! ```

use reductions::binairo::Binairo;
use reductions::plan::{prepare, Task};
use reductions::Reduction;

const PUZZLE: &str = "\
6
_0____
____01
__1__1
__1_0_
______
__1___
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let binairo = Binairo::default();
    let grid = binairo.parse(PUZZLE)?;
    let prepared = prepare(&binairo, &grid, Task::Unique)?;
    let outcome = prepared.solver().count();
    let solution = prepared.solver().first().ok_or("no solution")?;
    println!(
        "{outcome} solution(s):\n{}",
        prepared.decode(&grid, solution.options())
    );
    assert_eq!(outcome.solutions, 1);

    let empty = binairo.parse("6\n______\n______\n______\n______\n______\n______\n")?;
    let prepared = prepare(&binairo, &empty, Task::Count)?;
    let count = prepared.solver().count();
    println!(
        "an empty 6 x 6: {count} grids, on the {:?} encoding",
        prepared.reduction.strategy
    );
    // OEIS A253316.
    assert_eq!(count.solutions, 4140);
    Ok(())
}

#[test]
fn runs() {
    main().unwrap();
}
