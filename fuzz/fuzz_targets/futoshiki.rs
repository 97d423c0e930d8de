//! Fuzz target `futoshiki`: the checks of [`dlx_fuzz::futoshiki`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::futoshiki(data));
