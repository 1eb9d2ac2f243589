//! Stage 1 — analyze: character folding, the normalization both index and
//! query text go through.
//!
//! Covers what changes search results: fullwidth ASCII forms (`ＡＢＣ１２３`),
//! compatibility spaces, Latin ligatures, Latin letters with diacritics
//! (folded to the base letter, so `café`, `cafe\u{301}` and `cafe` are one
//! term), combining marks (dropped), and lowercasing of the Latin, Greek,
//! Cyrillic and Armenian alphabets ([`lower`]). Full NFKC tables were measured
//! at 120 KB of extra wasm (60 KB gzip), the full Unicode lowercase tables at
//! 18 KB (8 KB gzip); this fold keeps the engine small and is identical at
//! index and query time, which is the property search needs. Not covered:
//! CJK compatibility ideographs, halfwidth katakana, circled and superscript
//! digits, case in other bicameral scripts (Georgian, Cherokee, Deseret, …).

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

/// Lowercase of one character for Latin, Greek, Cyrillic and Armenian
/// capitals (simple one-to-one mappings); other characters are returned as is.
pub fn lower(c: char) -> char {
    let code = c as u32;
    let offset = match code {
        0x41..=0x5a | 0xc0..=0xd6 | 0xd8..=0xde => 0x20,
        // Latin Extended-A/B and Latin Extended Additional: capital at even
        // (or odd) positions, small letter right after.
        0x100..=0x12f | 0x132..=0x137 | 0x14a..=0x177 | 0x1e00..=0x1e95 | 0x1ea0..=0x1eff
            if code.is_multiple_of(2) =>
        {
            1
        }
        0x139..=0x148 | 0x179..=0x17e if !code.is_multiple_of(2) => 1,
        0x178 => return 'ÿ',
        0x391..=0x3a1 | 0x3a3..=0x3ab => 0x20,
        0x386 => return 'ά',
        0x388..=0x38a => 0x25,
        0x38c => return 'ό',
        0x38e..=0x38f => 0x3f,
        0x400..=0x40f => 0x50,
        0x410..=0x42f => 0x20,
        0x460..=0x481 | 0x48a..=0x4bf | 0x4d0..=0x52f if code.is_multiple_of(2) => 1,
        0x531..=0x556 => 0x30,
        _ => 0,
    };
    char::from_u32(code + offset).unwrap_or(c)
}

/// A string with [`lower`] applied to every character (no other folding).
pub fn lower_str(text: &str) -> String {
    // ASCII text (most of it) lowers byte by byte, as `lower` would.
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    let mut out = String::with_capacity(text.len());
    out.extend(text.chars().map(lower));
    out
}

/// [`lower_str`] as a method: the lowercase the decision rules compare words
/// by. Not `str::to_lowercase`, whose full Unicode tables were 8.2 KB of the
/// gzipped wasm module. The two differ on the capitals [`lower`] leaves (parts
/// of Latin Extended-B and of the Greek and Cyrillic blocks, other bicameral
/// scripts, fullwidth and enclosed letters), on U+0130 and on a word-final
/// capital sigma.
pub trait Lower {
    /// This text with [`lower`] applied to every character.
    fn lower(&self) -> String;
}

impl Lower for str {
    fn lower(&self) -> String {
        lower_str(self)
    }
}

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
    out(lower(c));
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
        assert_eq!(
            fold_str("ΑΘΗΝΑ Москва Ёлка Երևան 境内"),
            "αθηνα москва ёлка երևան 境内"
        );
    }

    #[test]
    #[allow(clippy::disallowed_methods)] // the reference it is checked against
    fn lower_agrees_with_unicode_where_it_maps() {
        // Wherever `lower` changes a character, it agrees with the full
        // Unicode mapping; and it covers every capital of these alphabets.
        for code in 0..0x600u32 {
            let Some(c) = char::from_u32(code) else {
                continue;
            };
            let mut full = c.to_lowercase();
            let (first, rest) = (full.next(), full.next());
            if lower(c) != c {
                assert_eq!(Some(lower(c)), first, "{c} U+{code:04X}");
            } else if rest.is_none()
                && first != Some(c)
                && !matches!(code, 0x130 | 0x180..=0x24f | 0x370..=0x385 | 0x3cf..=0x3ff | 0x480..=0x4cf)
            {
                panic!("{c} U+{code:04X} is not lowercased");
            }
        }
    }

    #[test]
    fn latin_table_covers_its_range() {
        assert_eq!(LATIN.len(), 0x250 - 0xc0);
        assert_eq!(fold_str("ÀÿĀžǍ"), "ayazа".replace('а', "a"));
    }
}
