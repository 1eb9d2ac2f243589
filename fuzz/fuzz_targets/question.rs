#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| slotchain_fuzz::question(data));
