//! Stage 2 — index: the byte encoding of everything an index file or a
//! bundle part stores.
//!
//! The wire format is postcard's (files written while the index used the
//! postcard crate read unchanged, byte for byte):
//!
//! | value | bytes |
//! |---|---|
//! | `u32`, `u64`, lengths | LEB128 varint (at most 5 and 10 bytes) |
//! | `i64` | zigzag, then varint |
//! | `f32`, `f64` | IEEE 754, little endian |
//! | `bool` | one byte, 0 or 1 |
//! | `String`, byte string | varint length, then the bytes (UTF-8 checked) |
//! | `char` | as the one-character string |
//! | `Option` | 0, or 1 then the value |
//! | `Vec`, map, set | varint count, then the items (a map's as key, value, in key order; a set is a map to `()`, which takes no bytes) |
//! | record, tuple | the fields in order, nothing between |
//! | enum | varint variant number, then its fields |
//!
//! The format is ours, as a search engine's index format usually is: it is
//! what an index file's payload and every bundle part hold, and its version
//! is [`super::format::VERSION`]. Why by hand rather than serde derives over
//! postcard: the decoders below never return early (see [`Decode`]), which
//! kept them 4.1 KB gzip smaller than serde's visitors in the wasm module, and
//! the 77k-passage file loads as fast.
//!
//! Guarantees: decoding never panics and never trusts a count with memory
//! (preallocation is capped, a count beyond the bytes left is a fault);
//! [`from_bytes`] returns a value only when no fault was met and every
//! byte was used, else the first [`Fault`]: what was wrong, and where. A
//! map decodes entry by entry into a [`litemap::LiteMap`] (sorted; of equal
//! keys the last).

use litemap::LiteMap as Map;

/// Why and where decoding stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fault {
    pub what: &'static str,
    pub at: usize,
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} at byte {}", self.what, self.at)
    }
}

/// A value that writes itself in the wire format.
pub trait Encode {
    fn encode(&self, out: &mut Vec<u8>);
}

/// A value that reads itself from the wire format. Decoding does not stop
/// at a fault: the reader records the first one and from then on yields
/// nothing (zeros, empty strings, zero counts), so a decoder is straight
/// code with no error paths, and [`from_bytes`] discards the value. (Early
/// returns cost each decoder the drop code of every field read so far:
/// with them, the decoders were as large as the serde code they replace.)
pub trait Decode: Sized {
    fn decode(r: &mut Reader<'_>) -> Self;
}

/// The encoding of `value`.
pub fn to_bytes<T: Encode + ?Sized>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    value.encode(&mut out);
    out
}

/// Decodes one value that must use up `bytes`.
pub fn from_bytes<T: Decode>(bytes: &[u8]) -> Result<T, Fault> {
    let mut r = Reader {
        bytes,
        at: 0,
        fault: None,
    };
    let value = T::decode(&mut r);
    match r.fault {
        Some(fault) => Err(fault),
        None if r.at != bytes.len() => Err(r.fault_here("bytes left after the value")),
        None => Ok(value),
    }
}

/// A position in the bytes being decoded, and the first fault met.
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    fault: Option<Fault>,
}

impl<'a> Reader<'a> {
    fn fault_here(&self, what: &'static str) -> Fault {
        Fault { what, at: self.at }
    }

    /// Records a fault found at byte `at` (the first one is kept) and
    /// moves to the end, so that every later read yields nothing.
    pub fn fail(&mut self, what: &'static str, at: usize) {
        self.fault.get_or_insert(Fault { what, at });
        self.at = self.bytes.len();
    }

    /// True once a fault was met.
    pub fn failed(&self) -> bool {
        self.fault.is_some()
    }

    /// The position, for a fault found after reading on.
    pub fn at(&self) -> usize {
        self.at
    }

    /// The next `n` bytes (none after a fault).
    pub fn take(&mut self, n: usize) -> &'a [u8] {
        match self.bytes.get(self.at..).and_then(|rest| rest.get(..n)) {
            Some(out) => {
                self.at += n;
                out
            }
            None => {
                self.fail("unexpected end of data", self.at);
                &[]
            }
        }
    }

    fn byte(&mut self) -> u8 {
        self.take(1).first().copied().unwrap_or(0)
    }

    /// A varint of at most `bits` significant bits (0 after a fault).
    pub fn varint(&mut self, bits: u32) -> u64 {
        let start = self.at;
        let mut value = 0u64;
        let mut shift = 0;
        loop {
            let b = self.byte();
            value |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                break;
            }
            shift += 7;
            if shift >= bits {
                self.fail("an over-long integer", start);
                return 0;
            }
        }
        if bits < 64 && value >> bits != 0 {
            self.fail("an integer out of range", start);
            return 0;
        }
        value
    }

    /// A length prefix: at most the bytes left, since every stored item
    /// takes at least one byte.
    pub fn count(&mut self) -> usize {
        let start = self.at;
        let n = self.varint(64);
        match usize::try_from(n) {
            Ok(n) if n <= self.bytes.len() - self.at => n,
            _ => {
                self.fail("a length beyond the data left", start);
                0
            }
        }
    }

    /// A length-prefixed byte string.
    pub fn bytes(&mut self) -> &'a [u8] {
        let n = self.count();
        self.take(n)
    }

    /// A length-prefixed UTF-8 string.
    pub fn str(&mut self) -> &'a str {
        let start = self.at;
        let bytes = self.bytes();
        std::str::from_utf8(bytes).unwrap_or_else(|_| {
            self.fail("a string that is not UTF-8", start);
            ""
        })
    }

    /// An enum's variant number, below `variants` (0 after a fault).
    pub fn variant(&mut self, variants: u32) -> u32 {
        let start = self.at;
        let v = self.varint(32);
        if v >= u64::from(variants) {
            self.fail("an unknown variant or tag", start);
            return 0;
        }
        v as u32
    }

    /// `n` decoded items, stopping early at a fault.
    pub fn items<T: Decode>(&mut self, n: usize) -> Vec<T> {
        let mut out = Vec::with_capacity(capacity::<T>(n));
        while out.len() < n && !self.failed() {
            out.push(T::decode(self));
        }
        out
    }
}

/// What to preallocate for `n` items of `T` a count claims: at most 1 MiB,
/// whatever `n` is.
pub fn capacity<T>(n: usize) -> usize {
    n.min((1 << 20) / std::mem::size_of::<T>().max(1))
}

/// Appends `v` as a LEB128 varint.
pub fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Appends an enum value: its variant number, then its fields.
pub fn put_variant(out: &mut Vec<u8>, variant: u32, fields: &dyn Encode) {
    put_varint(out, u64::from(variant));
    fields.encode(out);
}

/// Appends a length-prefixed byte string.
pub fn put_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    put_varint(out, bytes.len() as u64);
    out.extend_from_slice(bytes);
}

impl Encode for u32 {
    fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, u64::from(*self));
    }
}

impl Decode for u32 {
    fn decode(r: &mut Reader<'_>) -> Self {
        // Bounded to 32 bits by `varint`.
        r.varint(32) as u32
    }
}

impl Encode for u64 {
    fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, *self);
    }
}

impl Decode for u64 {
    fn decode(r: &mut Reader<'_>) -> Self {
        r.varint(64)
    }
}

impl Encode for i64 {
    fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, ((self << 1) ^ (self >> 63)) as u64);
    }
}

impl Decode for i64 {
    fn decode(r: &mut Reader<'_>) -> Self {
        let z = r.varint(64);
        (z >> 1) as i64 ^ -((z & 1) as i64)
    }
}

impl Encode for f32 {
    fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

impl Decode for f32 {
    fn decode(r: &mut Reader<'_>) -> Self {
        f32::from_le_bytes(r.take(4).try_into().unwrap_or_default())
    }
}

impl Encode for f64 {
    fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

impl Decode for f64 {
    fn decode(r: &mut Reader<'_>) -> Self {
        f64::from_le_bytes(r.take(8).try_into().unwrap_or_default())
    }
}

impl Encode for bool {
    fn encode(&self, out: &mut Vec<u8>) {
        out.push(u8::from(*self));
    }
}

impl Decode for bool {
    fn decode(r: &mut Reader<'_>) -> Self {
        r.variant(2) == 1
    }
}

impl Encode for str {
    fn encode(&self, out: &mut Vec<u8>) {
        put_bytes(out, self.as_bytes());
    }
}

impl Encode for String {
    fn encode(&self, out: &mut Vec<u8>) {
        self.as_str().encode(out);
    }
}

impl Decode for String {
    fn decode(r: &mut Reader<'_>) -> Self {
        r.str().to_owned()
    }
}

impl Encode for char {
    fn encode(&self, out: &mut Vec<u8>) {
        self.encode_utf8(&mut [0; 4]).encode(out);
    }
}

impl Decode for char {
    fn decode(r: &mut Reader<'_>) -> Self {
        let start = r.at;
        let mut chars = r.str().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => c,
            _ => {
                r.fail("a character that is not one character", start);
                '\0'
            }
        }
    }
}

impl<T: Encode> Encode for Option<T> {
    fn encode(&self, out: &mut Vec<u8>) {
        match self {
            None => out.push(0),
            Some(v) => {
                out.push(1);
                v.encode(out);
            }
        }
    }
}

impl<T: Decode> Decode for Option<T> {
    fn decode(r: &mut Reader<'_>) -> Self {
        bool::decode(r).then(|| T::decode(r))
    }
}

impl<T: Encode> Encode for [T] {
    fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, self.len() as u64);
        for item in self {
            item.encode(out);
        }
    }
}

impl<T: Encode> Encode for Vec<T> {
    fn encode(&self, out: &mut Vec<u8>) {
        self.as_slice().encode(out);
    }
}

impl<T: Decode> Decode for Vec<T> {
    fn decode(r: &mut Reader<'_>) -> Self {
        let n = r.count();
        r.items(n)
    }
}

impl<K: Encode + Ord, V: Encode> Encode for Map<K, V> {
    fn encode(&self, out: &mut Vec<u8>) {
        put_varint(out, self.len() as u64);
        for (k, v) in self {
            k.encode(out);
            v.encode(out);
        }
    }
}

impl<K: Decode + Ord, V: Decode> Decode for Map<K, V> {
    fn decode(r: &mut Reader<'_>) -> Self {
        let at = r.at();
        let entries = Vec::<(K, V)>::decode(r);
        sorted_map(entries).unwrap_or_else(|| {
            r.fail("map keys out of order", at);
            Map::new()
        })
    }
}

/// `entries` as a map when their keys strictly increase, as every encoder
/// writes them (`None` otherwise: corrupt, or hostile). Each entry appends,
/// so loading is linear: inserting each into its sorted place made a map of
/// reversed keys cost `n²` moves.
pub fn sorted_map<K: Ord, V>(entries: Vec<(K, V)>) -> Option<Map<K, V>> {
    let mut map = Map::with_capacity(entries.len());
    for (k, v) in entries {
        if map.try_append(k, v).is_some() {
            return None;
        }
    }
    Some(map)
}

/// A set is a map to `()`: its count, then its members.
impl Encode for () {
    fn encode(&self, _: &mut Vec<u8>) {}
}

impl Decode for () {
    fn decode(_: &mut Reader<'_>) -> Self {}
}

/// Tuples: their fields in order.
macro_rules! tuple {
    ($($t:ident $i:tt),+) => {
        impl<$($t: Encode),+> Encode for ($($t,)+) {
            fn encode(&self, out: &mut Vec<u8>) {
                $(self.$i.encode(out);)+
            }
        }

        impl<$($t: Decode),+> Decode for ($($t,)+) {
            fn decode(r: &mut Reader<'_>) -> Self {
                ($($t::decode(r),)+)
            }
        }
    };
}

tuple!(A 0, B 1);
tuple!(A 0, B 1, C 2);
tuple!(A 0, B 1, C 2, D 3, E 4);

/// `Encode` and `Decode` for a struct as its listed fields, in that order
/// (the order is the format: never reorder a stored struct's list).
macro_rules! record {
    ($name:ident { $($field:ident),+ $(,)? }) => {
        impl $crate::index::codec::Encode for $name {
            fn encode(&self, out: &mut Vec<u8>) {
                $($crate::index::codec::Encode::encode(&self.$field, out);)+
            }
        }

        impl $crate::index::codec::Decode for $name {
            fn decode(r: &mut $crate::index::codec::Reader<'_>) -> Self {
                $name {
                    $($field: $crate::index::codec::Decode::decode(r),)+
                }
            }
        }
    };
}

pub(crate) use record;

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes_of<T: Encode>(value: T) -> Vec<u8> {
        to_bytes(&value)
    }

    #[test]
    fn the_wire_form_is_postcards() {
        // Golden bytes of postcard 1.x for each shape the index stores.
        assert_eq!(bytes_of(0u32), [0]);
        assert_eq!(bytes_of(127u32), [127]);
        assert_eq!(bytes_of(300u32), [0xac, 0x02]);
        assert_eq!(bytes_of(u32::MAX), [0xff, 0xff, 0xff, 0xff, 0x0f]);
        assert_eq!(bytes_of(-1i64), [1]);
        assert_eq!(bytes_of(1i64), [2]);
        assert_eq!(bytes_of(-64i64), [127]);
        assert_eq!(bytes_of(1.5f32), [0, 0, 0xc0, 0x3f]);
        assert_eq!(bytes_of(true), [1]);
        assert_eq!(bytes_of("hé".to_string()), [3, b'h', 0xc3, 0xa9]);
        assert_eq!(bytes_of('é'), [2, 0xc3, 0xa9]);
        assert_eq!(bytes_of(Some(5u32)), [1, 5]);
        assert_eq!(bytes_of(None::<u32>), [0]);
        assert_eq!(bytes_of(vec![1u32, 2]), [2, 1, 2]);
        assert_eq!(bytes_of((7u32, 'a', 9u64)), [7, 1, b'a', 9]);
        let map: Map<String, u32> = [("b".to_string(), 2), ("a".to_string(), 1)]
            .into_iter()
            .collect();
        assert_eq!(bytes_of(map), [2, 1, b'a', 1, 1, b'b', 2]);
    }

    #[test]
    fn values_round_trip() {
        let value = (
            vec![Some("x".to_string()), None],
            (u64::MAX, i64::MIN),
            vec![(f64::MIN_POSITIVE, '猫')],
            [3u32, 1, 2]
                .into_iter()
                .map(|k| (k, ()))
                .collect::<Map<u32, ()>>(),
            false,
        );
        assert_eq!(from_bytes(&to_bytes(&value)), Ok(value));
    }

    fn fault<T: Decode + std::fmt::Debug>(bytes: &[u8]) -> Fault {
        from_bytes::<T>(bytes).expect_err("must not decode")
    }

    #[test]
    fn faults_say_what_and_where() {
        let at = |what, at| Fault { what, at };
        assert_eq!(fault::<u32>(&[]), at("unexpected end of data", 0));
        assert_eq!(fault::<u32>(&[0x80]), at("unexpected end of data", 1));
        // Six bytes for a u32, and a fifth byte carrying bit 32.
        assert_eq!(
            fault::<u32>(&[0x80, 0x80, 0x80, 0x80, 0x80, 0]),
            at("an over-long integer", 0)
        );
        assert_eq!(
            fault::<u32>(&[0xff, 0xff, 0xff, 0xff, 0x1f]),
            at("an integer out of range", 0)
        );
        assert_eq!(
            fault::<(u32, String)>(&[1, 2, 0xff, 0xfe]),
            at("a string that is not UTF-8", 1)
        );
        assert_eq!(
            fault::<char>(&[2, b'a', b'b']),
            at("a character that is not one character", 0)
        );
        assert_eq!(fault::<bool>(&[2]), at("an unknown variant or tag", 0));
        assert_eq!(
            fault::<Option<u32>>(&[7]),
            at("an unknown variant or tag", 0)
        );
        assert_eq!(fault::<u32>(&[1, 0]), at("bytes left after the value", 1));
        // The first fault is the one reported.
        assert_eq!(
            fault::<(u32, bool)>(&[0x80]),
            at("unexpected end of data", 1)
        );
    }

    #[test]
    fn a_count_is_never_trusted_with_memory() {
        // Claims 2^60 strings, then 1,000 strings in 3 bytes.
        let mut huge = Vec::new();
        put_varint(&mut huge, 1 << 60);
        assert_eq!(
            fault::<Vec<String>>(&huge),
            Fault {
                what: "a length beyond the data left",
                at: 0
            }
        );
        let mut many = Vec::new();
        put_varint(&mut many, 1000);
        many.extend_from_slice(&[0, 0, 0]);
        assert_eq!(
            fault::<Vec<String>>(&many),
            Fault {
                what: "a length beyond the data left",
                at: 0
            }
        );
    }

    #[test]
    fn maps_load_in_linear_time_and_refuse_keys_out_of_order() {
        let n = 100_000u32;
        let ordered: Vec<(u32, u32)> = (0..n).map(|k| (k, k)).collect();
        let mut reversed: Vec<u8> = Vec::new();
        put_varint(&mut reversed, u64::from(n));
        for k in (0..n).rev() {
            (k, k).encode(&mut reversed);
        }
        let started = std::time::Instant::now();
        assert_eq!(sorted_map(ordered).map(|m| m.len()), Some(n as usize));
        assert_eq!(
            fault::<Map<u32, u32>>(&reversed),
            Fault {
                what: "map keys out of order",
                at: 0
            }
        );
        assert!(
            started.elapsed().as_secs_f64() < 2.0,
            "{:?}",
            started.elapsed()
        );
        assert_eq!(sorted_map(vec![(1, 'a'), (1, 'b')]), None);
    }

    #[test]
    fn every_prefix_of_a_value_is_a_fault_not_a_panic() {
        let value = (
            vec![("key".to_string(), vec![1u32, 300, 70000])],
            Some(-5i64),
            "naïve".to_string(),
        );
        let bytes = to_bytes(&value);
        for cut in 0..bytes.len() {
            assert!(
                from_bytes::<(Vec<(String, Vec<u32>)>, Option<i64>, String)>(&bytes[..cut])
                    .is_err()
            );
        }
    }
}
