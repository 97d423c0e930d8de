//! Fuzz target `binairo`: the checks of [`dlx_fuzz::binairo`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::binairo(data));
