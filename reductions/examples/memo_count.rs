//! A count too large to enumerate, by memoization: the domino tilings of an 8 x 8 board
//! (12,988,816) and of a 16 x 16 board (a 31-digit number; both OEIS A004003), where an
//! enumeration would visit every tiling.
//!
//! ```text
//! cargo run --release -p dlx-puzzles --example memo_count
//! ```

use reductions::grid::Mask;
use reductions::tile::{piece_set, Tile};
use reductions::Reduction;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for side in [8, 16] {
        let tile = Tile::new(Mask::full(side, side), false);
        let puzzle = tile.puzzle(piece_set("domino")?)?;
        let encoding = tile.encode(&puzzle)?;
        let outcome = dlx::Solver::new(&encoding.problem)
            .branching(tile.memo_order())
            .memo_count()?;
        println!(
            "{side} x {side}: {outcome} tilings ({} subproblems)",
            outcome.stats.signatures
        );
        let published = match side {
            8 => "12988816",
            _ => "2444888770250892795802079170816",
        };
        assert_eq!(outcome.count.to_string(), published);
    }
    Ok(())
}

#[test]
fn runs() {
    main().unwrap();
}
