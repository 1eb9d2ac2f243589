//! Stage 8 — compute: numbers in and out of text: decimals, English number
//! words and Chinese numerals (三十, 二〇二六), read by the duration and the
//! stated-value parsers alike.
//!
//! Hand-written on purpose: `str::parse::<f64>` and `{}` on floats pull the
//! float parsing and formatting tables into the wasm module (tens of KB); the
//! engine only needs plain decimals ("1.5", "30") and amounts shown with at
//! most two decimals.

/// Parses `[-]digits[.digits]` (ASCII; at most 15 significant digits).
pub fn parse_decimal(text: &str) -> Option<f64> {
    let t = text.trim();
    let (negative, t) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t),
    };
    let (int, frac) = t.split_once('.').unwrap_or((t, ""));
    if int.is_empty() || int.len() + frac.len() > 15 {
        return None;
    }
    if !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let digits = |s: &str| s.bytes().fold(0u64, |v, b| v * 10 + u64::from(b - b'0'));
    let mut value = digits(int) as f64;
    if !frac.is_empty() {
        value += digits(frac) as f64 / 10u64.pow(frac.len() as u32) as f64;
    }
    Some(if negative { -value } else { value })
}

/// Shows an amount with at most two decimals ("30", "1.5", "0.25").
pub fn format_amount(x: f64) -> String {
    let cents = (x.abs() * 100.0).round() as u64;
    let sign = if x < 0.0 && cents > 0 { "-" } else { "" };
    let (whole, rest) = (cents / 100, cents % 100);
    match rest {
        0 => format!("{sign}{whole}"),
        r if r % 10 == 0 => format!("{sign}{whole}.{}", r / 10),
        r => format!("{sign}{whole}{}{r}", if r < 10 { ".0" } else { "." }),
    }
}

/// The value of a Chinese digit (〇 一 … 九, 两).
pub fn zh_digit(c: char) -> Option<u32> {
    Some(match c {
        '零' | '〇' => 0,
        '一' => 1,
        '二' | '两' => 2,
        '三' => 3,
        '四' => 4,
        '五' => 5,
        '六' => 6,
        '七' => 7,
        '八' => 8,
        '九' => 9,
        _ => return None,
    })
}

/// The value of a Chinese multiplier (十 百 千).
pub fn zh_multiplier(c: char) -> Option<u32> {
    match c {
        '十' => Some(10),
        '百' => Some(100),
        '千' => Some(1000),
        _ => None,
    }
}

/// True for a Chinese digit or multiplier.
pub fn is_zh_numeral(c: char) -> bool {
    zh_digit(c).is_some() || zh_multiplier(c).is_some()
}

/// English number words and their values.
pub const EN_NUMBERS: &[(&str, u32)] = &[
    ("one", 1),
    ("two", 2),
    ("three", 3),
    ("four", 4),
    ("five", 5),
    ("six", 6),
    ("seven", 7),
    ("eight", 8),
    ("nine", 9),
    ("ten", 10),
    ("eleven", 11),
    ("twelve", 12),
    ("thirteen", 13),
    ("fourteen", 14),
    ("fifteen", 15),
    ("sixteen", 16),
    ("seventeen", 17),
    ("eighteen", 18),
    ("nineteen", 19),
    ("twenty", 20),
    ("thirty", 30),
    ("forty", 40),
    ("fifty", 50),
    ("sixty", 60),
    ("seventy", 70),
    ("eighty", 80),
    ("ninety", 90),
];

/// The value of an English number word ("one" … "ninety").
pub fn en_number(w: &str) -> Option<u32> {
    EN_NUMBERS.iter().find(|(n, _)| *n == w).map(|&(_, v)| v)
}

/// The value of a run of Chinese numerals ("一百二十", "二〇二六").
pub fn zh_value(run: &[char]) -> Option<f64> {
    if run.is_empty() {
        return None;
    }
    if !run.iter().any(|&c| zh_multiplier(c).is_some()) {
        // Digit by digit: "二〇二六".
        let mut v: u64 = 0;
        for &c in run {
            v = v.checked_mul(10)?.checked_add(u64::from(zh_digit(c)?))?;
        }
        return Some(v as f64);
    }
    let (mut total, mut cur) = (0u32, 0u32);
    for &c in run {
        if let Some(d) = zh_digit(c) {
            cur = d;
        } else if let Some(m) = zh_multiplier(c) {
            total = total.checked_add(if cur == 0 { 1 } else { cur }.checked_mul(m)?)?;
            cur = 0;
        }
    }
    Some(f64::from(total.checked_add(cur)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_round_trip() {
        assert_eq!(parse_decimal("30"), Some(30.0));
        assert_eq!(parse_decimal(" 1.5 "), Some(1.5));
        assert_eq!(parse_decimal("-2.25"), Some(-2.25));
        for bad in ["", ".5", "1.2.3", "1e3", "abc", "1234567890123456"] {
            assert_eq!(parse_decimal(bad), None, "{bad}");
        }
        assert_eq!(format_amount(30.0), "30");
        assert_eq!(format_amount(1.5), "1.5");
        assert_eq!(format_amount(0.25), "0.25");
        assert_eq!(format_amount(-3.0), "-3");
        assert_eq!(format_amount(2.0 / 3.0), "0.67");
        assert_eq!(format_amount(1.05), "1.05");
        assert_eq!(format_amount(-0.07), "-0.07");
    }
}
