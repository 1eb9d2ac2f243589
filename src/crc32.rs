//! CRC-32 (IEEE 802.3, the zlib/PNG checksum) for the index container.
//!
//! Slice-by-8 with its 8 KB of tables built on each call (4K steps, nothing
//! next to hashing a file): crc32fast ships 16 KB of precomputed tables, which
//! gzip cannot shrink, into the WebAssembly module. Built tables cost no bytes
//! there, and slice-by-8 keeps large index files quick to check.

/// The reflected IEEE polynomial.
const POLY: u32 = 0xEDB8_8320;

/// `t[0]` is the byte-at-a-time table; `t[k][b]` is `t[0][b]` advanced by `k`
/// more zero bytes.
fn tables() -> Box<[[u32; 256]; 8]> {
    let mut t = Box::new([[0u32; 256]; 8]);
    for (b, entry) in (0u32..).zip(t[0].iter_mut()) {
        *entry = (0..8).fold(b, |c, _| if c & 1 == 1 { POLY ^ (c >> 1) } else { c >> 1 });
    }
    for k in 1..8 {
        for b in 0..256 {
            let prev = t[k - 1][b];
            t[k][b] = (prev >> 8) ^ t[0][(prev & 0xff) as usize];
        }
    }
    t
}

/// The CRC-32 of `bytes`.
pub fn hash(bytes: &[u8]) -> u32 {
    let t = tables();
    let byte = |crc: u32, b: u8| t[0][usize::from((crc as u8) ^ b)] ^ (crc >> 8);
    let mut crc = !0u32;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let lo = crc ^ u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
        crc = t[7][(lo & 0xff) as usize]
            ^ t[6][((lo >> 8) & 0xff) as usize]
            ^ t[5][((lo >> 16) & 0xff) as usize]
            ^ t[4][(lo >> 24) as usize]
            ^ t[3][usize::from(c[4])]
            ^ t[2][usize::from(c[5])]
            ^ t[1][usize::from(c[6])]
            ^ t[0][usize::from(c[7])];
    }
    !chunks.remainder().iter().fold(crc, |crc, &b| byte(crc, b))
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

    #[test]
    fn slicing_agrees_with_the_bitwise_definition() {
        let bitwise = |bytes: &[u8]| {
            !bytes.iter().fold(!0u32, |crc, &b| {
                (0..8).fold(crc ^ u32::from(b), |c, _| {
                    if c & 1 == 1 {
                        super::POLY ^ (c >> 1)
                    } else {
                        c >> 1
                    }
                })
            })
        };
        let data: Vec<u8> = (0u32..300)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        for start in 0..8 {
            for end in start..data.len() {
                assert_eq!(
                    hash(&data[start..end]),
                    bitwise(&data[start..end]),
                    "{start}..{end}"
                );
            }
        }
    }
}
