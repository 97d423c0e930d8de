//! Fuzz target `dlx_text`: the checks of [`dlx_fuzz::dlx_text`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::dlx_text(data));
