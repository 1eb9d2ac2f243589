//! Text built without `core::fmt`: messages, labels and part names.
//!
//! `format!` links the whole formatting machinery (the `Arguments` walk,
//! padding, `Display` for every integer width) and builds an argument table
//! at each call site. What the read path writes is only ever strings and
//! whole numbers joined together, so [`cat!`] pushes each piece onto one
//! `String` instead, and no formatting code is left in the WebAssembly
//! module: 0.9 KB smaller gzipped, net of the longer call sites. (Pieces
//! as `&dyn Piece` passed to one function made the module 1.1 KB larger.)
//! Native-only code (the CLI, the indexer's input checks, evaluation)
//! keeps `format!`.
//!
//! Guarantees: a piece is written exactly as `Display` would write it
//! (integers in decimal with a leading `-` when negative); nothing panics.

/// Something [`cat!`] can append.
pub trait Piece {
    fn push_to(&self, out: &mut String);
}

impl Piece for str {
    fn push_to(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl Piece for String {
    fn push_to(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl Piece for bool {
    fn push_to(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

impl Piece for char {
    fn push_to(&self, out: &mut String) {
        out.push(*self);
    }
}

impl<T: Piece + ?Sized> Piece for &T {
    fn push_to(&self, out: &mut String) {
        (**self).push_to(out);
    }
}

/// The decimal digits of `n`.
fn push_digits(out: &mut String, n: u64) {
    if n >= 10 {
        push_digits(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl Piece for $t {
            fn push_to(&self, out: &mut String) {
                push_digits(out, *self as u64);
            }
        }
    )*};
}

macro_rules! signed {
    ($($t:ty),*) => {$(
        impl Piece for $t {
            fn push_to(&self, out: &mut String) {
                if *self < 0 {
                    out.push('-');
                }
                push_digits(out, self.unsigned_abs() as u64);
            }
        }
    )*};
}

unsigned!(u8, u16, u32, u64, usize);
signed!(i32, i64);

/// Joins its pieces (anything that is a [`Piece`]: strings, chars, whole
/// numbers) into a new `String`: `cat!("line ", n, ": ", message)`.
macro_rules! cat {
    ($($piece:expr),* $(,)?) => {{
        let mut out = String::new();
        $( $crate::text::Piece::push_to(&$piece, &mut out); )*
        out
    }};
}

/// `Display` for [`Piece`] types, for native callers (`{}`, `to_string`);
/// the module never calls it, so it links no formatting code there.
macro_rules! display_by_piece {
    ($($t:ty),*) => {$(
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&cat!(self))
            }
        }
    )*};
}

#[cfg(test)]
mod tests {
    #[test]
    fn pieces_read_as_display_writes_them() {
        for n in [0u64, 7, 10, 99, 100, 12_345, u64::MAX] {
            assert_eq!(cat!(n), n.to_string());
        }
        for n in [0i64, -1, 9, -10, i64::MIN, i64::MAX] {
            assert_eq!(cat!(n), n.to_string());
        }
        assert_eq!(
            cat!(i32::MIN, ' ', u8::MAX),
            format!("{} {}", i32::MIN, u8::MAX)
        );
        let owned = String::from("part");
        assert_eq!(cat!("a ", owned, " of ", 3usize, '.'), "a part of 3.");
    }
}
