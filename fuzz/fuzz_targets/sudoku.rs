//! Fuzz target `sudoku`: the checks of [`dlx_fuzz::sudoku`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::sudoku(data));
