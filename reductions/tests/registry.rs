//! The registry's puzzles made, graded and explained by name: a made puzzle has exactly one
//! solution (the one made with it), grades at the level asked for, and the hints of the
//! puzzles that have them reach that solution.

use reductions::hint::End;
use reductions::plan::Task;
use reductions::registry::{self, SolveError};

#[test]
fn made_puzzles_are_unique_graded_and_explained() {
    for (name, size, difficulty) in [
        ("sudoku", "9", "intermediate"),
        ("sudoku", "6", "basic"),
        ("futoshiki", "5", "tricky"),
        ("binairo", "8x10", "easy"),
    ] {
        let puzzle = registry::find(name).unwrap();
        let made = puzzle.generate(size, Some(difficulty), 11).unwrap();
        assert!(made.reached, "{name} {size}");
        assert_eq!(made.difficulty, difficulty);
        assert_eq!(puzzle.generate(size, Some(difficulty), 11).unwrap(), made);
        let answer = puzzle.solve(&made.puzzle, Task::Unique).unwrap();
        assert_eq!(
            answer.boards,
            std::slice::from_ref(&made.solution),
            "{name}"
        );
        assert_eq!(puzzle.grade(&made.puzzle).unwrap(), difficulty, "{name}");
        match puzzle.explain(&made.puzzle) {
            Ok(explanation) => {
                assert!(registry::info_of(name).unwrap().hints);
                assert_eq!(explanation.end, End::Solved, "{name}");
            }
            Err(SolveError::Unsupported(_)) => assert!(!registry::info_of(name).unwrap().hints),
            Err(err) => panic!("{name}: {err}"),
        }
    }
    let queens = registry::find("queens").unwrap();
    assert!(matches!(
        queens.generate("8", None, 1),
        Err(SolveError::Unsupported(_))
    ));
    let sudoku = registry::find("sudoku").unwrap();
    assert!(matches!(
        sudoku.generate("9", Some("impossible"), 1),
        Err(SolveError::Parse(_))
    ));
    assert!(matches!(
        sudoku.generate("1000", None, 1),
        Err(SolveError::Parse(_))
    ));
}

/// What a game offers a player is its own: every size it lists is one it makes (the first
/// it offers among them), and its example puzzle reads and has exactly one solution.
#[test]
fn every_game_offers_sizes_it_makes_and_an_example_with_one_solution() {
    use reductions::game::{Game, GameVisitor};
    struct Offers;
    impl GameVisitor for Offers {
        type Output = ();
        fn visit<G: Game>(self, game: G) {
            assert!(G::SIZES.contains(&G::DEFAULT_SIZE), "{}", G::DEFAULT_SIZE);
            for size in G::SIZES {
                assert!(game.size_to_make(size).is_ok(), "{size}");
            }
            assert!(!G::RULES.is_empty() && !G::SIZE_NAME.is_empty());
            let puzzle = game.parse(G::EXAMPLE).unwrap();
            let encoding = game.encode(&puzzle).unwrap();
            let count = dlx::Solver::new(&encoding.problem).count().solutions;
            assert_eq!(count, 1, "{}", G::EXAMPLE);
        }
    }
    let mut games = 0;
    for info in registry::PUZZLES.iter() {
        if registry::visit_game(info.name, Offers).is_some() {
            games += 1;
        }
    }
    assert_eq!(games, 6);
}

/// `Task::Random` through the registry: boards drawn from the graph of all solutions are
/// solutions (among the listed ones), the same for a seed; an empty 9 x 9 sudoku's come from
/// its own sampler; a deadline already passed draws none, incomplete.
#[test]
fn random_boards_are_solutions_and_repeat_with_their_seed() {
    use reductions::registry::Limits;
    let tromino = registry::find("tromino").unwrap();
    let board = ".....\n.....\n..#..\n.....\n.....\n";
    let all = tromino.solve(board, Task::All).unwrap();
    let limits = Limits {
        max_boards: Some(5),
        seed: Some(3),
        ..Limits::default()
    };
    let drawn = tromino.solve_within(board, Task::Random, &limits).unwrap();
    assert_eq!((drawn.boards.len(), drawn.complete), (5, true));
    for board in &drawn.boards {
        assert!(all.boards.contains(board), "{board}");
    }
    let again = tromino.solve_within(board, Task::Random, &limits).unwrap();
    assert_eq!(again.boards, drawn.boards);

    let sudoku = registry::find("sudoku").unwrap();
    let empty = ".........\n".repeat(9);
    let late = Limits {
        deadline: Some(std::time::Instant::now()),
        ..limits.clone()
    };
    let none = sudoku.solve_within(&empty, Task::Random, &late).unwrap();
    assert_eq!((none.boards.len(), none.complete), (0, false));
    let grids = sudoku.solve_within(&empty, Task::Random, &limits).unwrap();
    for grid in &grids.boards {
        let one = sudoku.solve(grid, Task::Count).unwrap();
        assert_eq!(one.solutions, 1u128, "{grid}");
    }
    let classes = Limits {
        up_to_symmetry: true,
        ..limits
    };
    assert!(matches!(
        tromino.solve_within(board, Task::Random, &classes),
        Err(SolveError::Unsupported(_))
    ));
}
