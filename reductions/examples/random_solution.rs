//! Uniformly random solutions: the graph of all solutions (a ZDD, built by memoization) draws
//! each of the 12,988,816 domino tilings of an 8 x 8 board with the same chance. The same seed
//! draws the same tilings.
//!
//! ```text
//! cargo run --release -p dlx-puzzles --example random_solution
//! ```

use reductions::grid::Mask;
use reductions::tile::{piece_set, Tile};
use reductions::Reduction;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let tile = Tile::new(Mask::full(8, 8), false);
    let puzzle = tile.puzzle(piece_set("domino")?)?;
    let encoding = tile.encode(&puzzle)?;
    let graph = dlx::Solver::new(&encoding.problem)
        .branching(tile.memo_order())
        .memo_graph()?;
    println!("{} tilings; two drawn at random:", graph.count());
    for solution in graph.random_solutions(2026).take(2) {
        dlx::verify(&encoding.problem, solution.options())?;
        let board = tile.decode(&puzzle, &encoding.choices_of(solution.options()));
        println!("{board}");
    }
    Ok(())
}

#[test]
fn runs() {
    main().unwrap();
}
