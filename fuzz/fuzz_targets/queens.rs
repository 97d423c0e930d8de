//! Fuzz target `queens`: the checks of [`dlx_fuzz::queens`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::queens(data));
