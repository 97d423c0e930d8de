//! Boards as data: what a solved board (or a puzzle before it is solved) shows, for every
//! front end to draw the same way. A [`Drawing`] holds the reduction's own typed board and
//! what drawing it needs besides (the puzzle's givens, regions and cages; the pieces' names
//! and their order, which fixes their colors; the calendar's date); the renderers of every
//! format (text for people, JSON, SVG, Tatham's game IDs) take it from there, in one place
//! for the command line, the page and Python.
//!
//! A reduction says how its boards are drawn by [`Draw`], whose implementations are all here,
//! at the end of this file (a puzzle's folder knows nothing of drawings): a new puzzle whose
//! cells look like an existing one's (digits in a grid, pieces on a board) draws as that one
//! does, and only a new kind of cell needs a new variant here and its renderer.
//!
//! ```
//! use reductions::drawing::{Draw, Drawing};
//! use reductions::queens::{Queens, Size};
//! use reductions::Reduction;
//!
//! let size: Size = Queens.parse("4")?;
//! let encoding = Queens.encode(&size)?;
//! let solution = dlx::Solver::new(&encoding.problem).first().unwrap();
//! let board = Queens.decode(&size, &encoding.choices_of(solution.options()));
//! let Drawing::Queens(board) = Queens.drawing(&size, board) else { unreachable!() };
//! assert_eq!(board.size(), 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::calendar::Date;
use crate::polyomino::PieceBoard;
use crate::tromino::TileBoard;
use crate::Reduction;

/// A board to draw, with what its drawing needs besides its cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Drawing {
    /// A sudoku of any kind (X, jigsaw, killer): the board, and the puzzle for its givens,
    /// boxes, diagonals, regions and cages.
    Sudoku {
        /// The puzzle as given.
        puzzle: crate::sudoku::Grid,
        /// The board drawn: solved, or the puzzle itself.
        board: crate::sudoku::Grid,
    },
    /// A binairo grid and its puzzle (for the givens).
    Binairo {
        /// The puzzle as given.
        puzzle: crate::binairo::Grid,
        /// The board drawn: solved, or the puzzle itself.
        board: crate::binairo::Grid,
    },
    /// A latin square and its puzzle (for the givens).
    Latin {
        /// The puzzle as given.
        puzzle: crate::latin::Square,
        /// The board drawn: solved, or the puzzle itself.
        board: crate::latin::Square,
    },
    /// A Futoshiki grid, with the signs between its cells, and its puzzle (for the givens).
    Futoshiki {
        /// The puzzle as given.
        puzzle: crate::futoshiki::Grid,
        /// The board drawn: solved, or the puzzle itself.
        board: crate::futoshiki::Grid,
    },
    /// A Towers grid, with its clues around it, and its puzzle (for the givens).
    Towers {
        /// The puzzle as given.
        puzzle: crate::towers::Grid,
        /// The board drawn: solved, or the puzzle itself.
        board: crate::towers::Grid,
    },
    /// A Keen grid, with its cages, and its puzzle (for the givens).
    Keen {
        /// The puzzle as given.
        puzzle: crate::keen::Grid,
        /// The board drawn: solved, or the puzzle itself.
        board: crate::keen::Grid,
    },
    /// A Dominosa grid with its dominoes, and its puzzle (for the dominoes placed in it).
    Dominosa {
        /// The puzzle as given.
        puzzle: crate::dominosa::Grid,
        /// The board drawn: solved, or the puzzle itself.
        board: crate::dominosa::Grid,
    },
    /// A board of queens.
    Queens(crate::queens::Board),
    /// A board of arrows.
    Arrows(crate::arrows::Board),
    /// A board covered by named pieces (a packing, the calendar).
    Pieces {
        /// The piece on each cell.
        board: PieceBoard,
        /// The pieces' letters, in the order of the puzzle (which fixes their colors).
        names: Vec<char>,
        /// The calendar's date, whose cells are labelled with month and day names.
        date: Option<Date>,
    },
    /// A tiling: tiles numbered from 1.
    Tiles {
        /// The tile on each cell.
        board: TileBoard,
        /// Whether tiles lying alike (shape as placed, parity of the first cell) share a
        /// color, which shows the frozen regions of a random domino tiling; otherwise
        /// neighbouring tiles get different colors.
        by_shape: bool,
    },
}

/// How a reduction's boards are drawn.
pub trait Draw: Reduction {
    /// The drawing of `board`, a board of `puzzle` (solved, or the puzzle itself).
    fn drawing(&self, puzzle: &Self::Puzzle, board: Self::Board) -> Drawing;
}

// Each reduction's drawing: what kind of board it looks like.

impl Draw for crate::arrows::Arrows {
    fn drawing(&self, puzzle: &Self::Puzzle, board: Self::Board) -> Drawing {
        let _ = puzzle;
        Drawing::Arrows(board)
    }
}

impl Draw for crate::latin::Latin {
    fn drawing(&self, puzzle: &Self::Puzzle, board: Self::Board) -> Drawing {
        Drawing::Latin {
            puzzle: puzzle.clone(),
            board,
        }
    }
}

impl Draw for crate::tromino::Tromino {
    fn drawing(&self, puzzle: &Self::Puzzle, board: Self::Board) -> Drawing {
        let _ = puzzle;
        Drawing::Tiles {
            board,
            by_shape: false,
        }
    }
}

impl Draw for crate::futoshiki::Futoshiki {
    fn drawing(&self, puzzle: &Self::Puzzle, board: Self::Board) -> Drawing {
        Drawing::Futoshiki {
            puzzle: puzzle.clone(),
            board,
        }
    }
}

impl Draw for crate::tile::Tile {
    fn drawing(&self, puzzle: &Self::Puzzle, board: Self::Board) -> Drawing {
        let _ = puzzle;
        Drawing::Tiles {
            board,
            by_shape: true,
        }
    }
}

impl Draw for crate::sudoku::Sudoku {
    fn drawing(&self, puzzle: &Self::Puzzle, board: Self::Board) -> Drawing {
        Drawing::Sudoku {
            puzzle: puzzle.clone(),
            board,
        }
    }
}

impl Draw for crate::binairo::Binairo {
    fn drawing(&self, puzzle: &Self::Puzzle, board: Self::Board) -> Drawing {
        Drawing::Binairo {
            puzzle: puzzle.clone(),
            board,
        }
    }
}

impl Draw for crate::queens::Queens {
    fn drawing(&self, puzzle: &Self::Puzzle, board: Self::Board) -> Drawing {
        let _ = puzzle;
        Drawing::Queens(board)
    }
}

impl Draw for crate::calendar::Calendar {
    fn drawing(&self, puzzle: &Self::Puzzle, board: Self::Board) -> Drawing {
        Drawing::Pieces {
            board,
            names: crate::calendar::PIECES
                .iter()
                .map(|&(name, _)| name)
                .collect(),
            date: Some(*puzzle),
        }
    }
}

impl Draw for crate::pack::Pack {
    fn drawing(&self, puzzle: &Self::Puzzle, board: Self::Board) -> Drawing {
        Drawing::Pieces {
            board,
            names: puzzle.pieces().iter().map(|piece| piece.name()).collect(),
            date: None,
        }
    }
}

impl Draw for crate::dominosa::Dominosa {
    fn drawing(&self, puzzle: &Self::Puzzle, board: Self::Board) -> Drawing {
        Drawing::Dominosa {
            puzzle: puzzle.clone(),
            board,
        }
    }
}

impl Draw for crate::keen::Keen {
    fn drawing(&self, puzzle: &Self::Puzzle, board: Self::Board) -> Drawing {
        Drawing::Keen {
            puzzle: puzzle.clone(),
            board,
        }
    }
}

impl Draw for crate::towers::Towers {
    fn drawing(&self, puzzle: &Self::Puzzle, board: Self::Board) -> Drawing {
        Drawing::Towers {
            puzzle: puzzle.clone(),
            board,
        }
    }
}
