//! Stage 8 — compute: decimal numbers in and out of text.
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
