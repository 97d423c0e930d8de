//! Fuzz target `tromino`: the checks of [`dlx_fuzz::tromino`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::tromino(data));
