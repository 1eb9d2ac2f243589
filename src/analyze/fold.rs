//! Stage 1 — analyze: character folding, the normalization both index and
//! query text go through.
//!
//! Covers what changes search results: fullwidth ASCII forms (`ＡＢＣ１２３`),
//! compatibility spaces, Latin ligatures, Latin letters with diacritics
//! (folded to the base letter, so `café`, `cafe\u{301}` and `cafe` are one
//! term), combining marks (dropped), and Unicode lowercasing. Full NFKC was
//! measured at 120 KB of extra wasm (60 KB gzip) for the tables; this fold
//! keeps the engine small and is identical at index and query time, which is
//! the property search needs. Not covered: CJK compatibility ideographs,
//! halfwidth katakana, circled and superscript digits.

/// Base letters of U+00C0..U+024F ('_' = no base letter).
const LATIN: &str = concat!(
    "aaaaaa_ceeeeiiii_nooooo__uuuuy__aaaaaa_ceeeeiiii_nooooo__uuuuy_y",
    "aaaaaaccccccccdd__eeeeeeeeeegggggggghh__iiiiiiiii___jjkk_llllll_",
    "___nnnnnn___oooooo__rrrrrrsssssssstttt__uuuuuuuuuuuuwwyyyzzzzzz_",
    "________________________________oo_____________uu_______________",
    "_____________aaiioouuuuuuuuuu_aaaa____ggkkoooo__j___gg__nnaa____",
    "aaaaeeeeiiiioooorrrruuuusstt__hh______aaeeooooooooyy____________",
    "________________",
);

/// True for combining diacritical marks (dropped by the fold).
pub fn is_combining(c: char) -> bool {
    matches!(c, '\u{300}'..='\u{36f}' | '\u{1ab0}'..='\u{1aff}' | '\u{1dc0}'..='\u{1dff}' | '\u{20d0}'..='\u{20ff}' | '\u{fe20}'..='\u{fe2f}')
}

/// Folds one character, passing the result (zero or more chars) to `out`.
pub fn fold(c: char, out: &mut impl FnMut(char)) {
    if c.is_ascii() {
        return out(c.to_ascii_lowercase());
    }
    let expansion: Option<&str> = match c {
        'ß' | 'ẞ' => Some("ss"),
        'æ' | 'Æ' => Some("ae"),
        'œ' | 'Œ' => Some("oe"),
        'ø' | 'Ø' => Some("o"),
        'đ' | 'Đ' => Some("d"),
        'ł' | 'Ł' => Some("l"),
        'ı' => Some("i"),
        'ﬀ' => Some("ff"),
        'ﬁ' => Some("fi"),
        'ﬂ' => Some("fl"),
        'ﬃ' => Some("ffi"),
        'ﬄ' => Some("ffl"),
        'ﬅ' | 'ﬆ' => Some("st"),
        '\u{a0}' | '\u{2000}'..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}' => Some(" "),
        _ => None,
    };
    if let Some(e) = expansion {
        return e.chars().for_each(out);
    }
    if is_combining(c) {
        return;
    }
    let code = c as u32;
    if (0xff01..=0xff5e).contains(&code) {
        // Fullwidth ASCII: U+FF01..U+FF5E ↔ U+0021..U+007E.
        if let Some(a) = char::from_u32(code - 0xfee0) {
            return out(a.to_ascii_lowercase());
        }
    }
    if (0xc0..0x250).contains(&code) {
        if let Some(b) = LATIN.as_bytes().get((code - 0xc0) as usize) {
            if *b != b'_' {
                return out(char::from(*b));
            }
        }
    }
    c.to_lowercase().for_each(out);
}

/// Folds a whole string.
pub fn fold_str(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        fold(c, &mut |f| s.push(f));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_forms_that_search_must_equate() {
        assert_eq!(fold_str("ＡＢＣ１２３？"), "abc123?");
        assert_eq!(fold_str("Café cafe\u{301} Ångström"), "cafe cafe angstrom");
        assert_eq!(fold_str("ﬁle Straße Œuvre"), "file strasse oeuvre");
        assert_eq!(fold_str("a\u{3000}b\u{a0}c"), "a b c");
        assert_eq!(fold_str("ΑΘΗΝΑ Москва 境内"), "αθηνα москва 境内");
    }

    #[test]
    fn latin_table_covers_its_range() {
        assert_eq!(LATIN.len(), 0x250 - 0xc0);
        assert_eq!(fold_str("ÀÿĀžǍ"), "ayazа".replace('а', "a"));
    }
}
