//! CRC-32 (IEEE 802.3, the zlib/PNG checksum) for the index container.
//!
//! Byte at a time, with the 1 KB table built on each call (2K steps, nothing
//! next to hashing a file): a slice-by-16 implementation carries 16 KB of
//! tables into the WebAssembly module for a speed the read path does not need
//! (the checksum runs once per loaded file or part).

/// The reflected IEEE polynomial.
const POLY: u32 = 0xEDB8_8320;

/// The CRC-32 of `bytes`.
pub fn hash(bytes: &[u8]) -> u32 {
    let mut table = [0u32; 256];
    for (i, entry) in (0u32..).zip(table.iter_mut()) {
        *entry = (0..8).fold(i, |c, _| if c & 1 == 1 { POLY ^ (c >> 1) } else { c >> 1 });
    }
    !bytes.iter().fold(!0u32, |crc, &b| {
        table[usize::from((crc as u8) ^ b)] ^ (crc >> 8)
    })
}

#[cfg(test)]
mod tests {
    use super::hash;

    #[test]
    fn matches_the_standard_check_values() {
        assert_eq!(hash(b""), 0);
        assert_eq!(hash(b"123456789"), 0xCBF4_3926);
        assert_eq!(
            hash(b"The quick brown fox jumps over the lazy dog"),
            0x414F_A339
        );
    }
}
