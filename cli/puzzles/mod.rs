//! One file per puzzle command: it reads the puzzle (through its reduction's parser), hands
//! the reduction to the shared runner ([`run`](crate::run)), and draws each solved board
//! through its own [`Board`](crate::board::Board) view. Adding a puzzle takes one file here,
//! one folder in `reductions`, and its line in the argument enum.

pub mod arrows;
pub mod binairo;
pub mod calendar;
mod digits;
pub mod futoshiki;
pub mod pack;
pub mod queens;
pub mod sudoku;
pub mod tile;
pub mod tromino;
