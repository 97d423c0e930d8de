//! Fuzz target `arrows`: the checks of [`dlx_fuzz::arrows`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::arrows(data));
