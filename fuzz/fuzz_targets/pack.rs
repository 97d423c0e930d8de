//! Fuzz target `pack`: the checks of [`dlx_fuzz::pack`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::pack(data));
