//! Fuzz target `calendar`: the checks of [`dlx_fuzz::calendar`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::calendar(data));
