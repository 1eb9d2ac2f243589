//! Stage "compute" — durations stated in text.
//!
//! Guarantees:
//! - [`durations`] finds every "amount + unit" phrase (arabic digits incl.
//!   fullwidth and decimals, English number words, Chinese numerals) in text
//!   order, with the event it counts from when that event is stated next to
//!   it (`within 15 days of delivery`, `差旅结束后30个自然日内`);
//! - numbers that belong to dates or IDs (`2026-01`, `TRAVEL-2026-01`,
//!   `2026年`, `5月1日`, `第7条`, `3.13`) never produce a duration;
//! - every span is in char offsets and its text is exactly that slice of the
//!   input; start events are normalized so that [`same_start`] compares them;
//! - no input panics.

use super::number::{en_number, is_zh_numeral, zh_value};
use crate::analyze::is_cjk;
use crate::model::{Duration, DurationUnit, Span};

/// The text as folded chars (fullwidth ASCII → ASCII, ASCII lowercased) with
/// their byte offsets; indexes are char offsets.
struct Text<'a> {
    src: &'a str,
    chars: Vec<(usize, char)>,
}

impl Text<'_> {
    fn at(&self, i: usize) -> Option<char> {
        self.chars.get(i).map(|&(_, c)| c)
    }

    /// The char before `i`.
    fn before(&self, i: usize) -> Option<char> {
        i.checked_sub(1).and_then(|p| self.at(p))
    }

    fn byte(&self, i: usize) -> usize {
        self.chars.get(i).map_or(self.src.len(), |&(b, _)| b)
    }

    fn span(&self, start: usize, end: usize) -> Span {
        let text = self
            .src
            .get(self.byte(start)..self.byte(end))
            .unwrap_or_default();
        Span {
            start,
            end,
            text: text.to_string(),
        }
    }

    /// True when the chars at `i` spell `s`.
    fn starts_with(&self, i: usize, s: &str) -> bool {
        s.chars()
            .enumerate()
            .all(|(k, c)| self.at(i + k) == Some(c))
    }

    fn skip_spaces(&self, mut i: usize) -> usize {
        while self.at(i).is_some_and(is_space) {
            i += 1;
        }
        i
    }

    /// The end of the word (non-CJK alphanumerics) starting at `i`.
    fn word_end(&self, mut i: usize) -> usize {
        while self.at(i).is_some_and(is_word_char) {
            i += 1;
        }
        i
    }

    fn word(&self, i: usize) -> (String, usize) {
        let end = self.word_end(i);
        let w = self
            .chars
            .get(i..end)
            .unwrap_or_default()
            .iter()
            .map(|&(_, c)| c)
            .collect();
        (w, end)
    }
}

fn fold(c: char) -> char {
    let c = match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        _ => c,
    };
    c.to_ascii_lowercase()
}

fn is_space(c: char) -> bool {
    c == ' ' || c == '\t' || c == '\u{A0}'
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() && !is_cjk(c)
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Script {
    Digits,
    English,
    Chinese,
}

/// A number at `i`: its value, end and script; `None` when there is none or
/// it belongs to a date, an ordinal or an ID.
fn amount(t: &Text, i: usize) -> Option<(f64, usize, Script)> {
    let c = t.at(i)?;
    let prev = t.before(i);
    // "5月1日" is a date, but "3个月30天" is two durations.
    let after_month = prev == Some('月') && i.checked_sub(2).and_then(|p| t.at(p)) != Some('个');
    if c.is_ascii_digit() {
        if prev.is_some_and(|p| p.is_ascii_alphanumeric() || ".-_/:#第".contains(p)) || after_month
        {
            return None;
        }
        let mut end = i;
        while t.at(end).is_some_and(|c| c.is_ascii_digit()) {
            end += 1;
        }
        if t.at(end) == Some('.') && t.at(end + 1).is_some_and(|c| c.is_ascii_digit()) {
            end += 1;
            while t.at(end).is_some_and(|c| c.is_ascii_digit()) {
                end += 1;
            }
        }
        // "2026-01", "3.13.1", "10:30", "1/2": part of a date, time or ID.
        if t.at(end).is_some_and(|c| ".-/:".contains(c))
            && t.at(end + 1).is_some_and(|c| c.is_ascii_digit())
        {
            return None;
        }
        let s: String = t
            .chars
            .get(i..end)
            .unwrap_or_default()
            .iter()
            .map(|&(_, c)| c)
            .collect();
        return super::number::parse_decimal(&s).map(|v| (v, end, Script::Digits));
    }
    if is_zh_numeral(c) {
        // "第三十天" is an ordinal, "同一天" / "每一天" are not amounts.
        if prev.is_some_and(|p| is_zh_numeral(p) || p.is_ascii_digit() || "第同每".contains(p))
            || after_month
        {
            return None;
        }
        let mut end = i;
        while t.at(end).is_some_and(is_zh_numeral) {
            end += 1;
        }
        let run: Vec<char> = (i..end).filter_map(|k| t.at(k)).collect();
        return zh_value(&run).map(|v| (v, end, Script::Chinese));
    }
    if c.is_ascii_alphabetic() {
        if prev.is_some_and(is_word_char) {
            return None;
        }
        let (w, end) = t.word(i);
        let v = en_number(&w)?;
        // "forty-five", "twenty one"
        if v >= 20 && v % 10 == 0 && t.at(end).is_some_and(|s| s == '-' || is_space(s)) {
            let (w2, end2) = t.word(end + 1);
            if let Some(u) = en_number(&w2).filter(|&u| u < 10) {
                return Some((f64::from(v + u), end2, Script::English));
            }
        }
        return Some((f64::from(v), end, Script::English));
    }
    None
}

/// A Chinese unit at `i` (after the number): unit and end.
fn zh_unit(t: &Text, i: usize) -> Option<(DurationUnit, usize)> {
    let mut k = t.skip_spaces(i);
    let measure = t.at(k) == Some('个');
    if measure {
        k = t.skip_spaces(k + 1);
    }
    const UNITS: &[(&str, DurationUnit)] = &[
        ("工作日", DurationUnit::WorkingDay),
        ("自然日", DurationUnit::CalendarDay),
        ("日历日", DurationUnit::CalendarDay),
        ("小时", DurationUnit::Hour),
        ("分钟", DurationUnit::Minute),
        ("秒钟", DurationUnit::Second),
        ("秒", DurationUnit::Second),
        ("星期", DurationUnit::Week),
        ("天", DurationUnit::CalendarDay),
        ("日", DurationUnit::CalendarDay),
        ("周", DurationUnit::Week),
    ];
    for &(s, unit) in UNITS {
        if t.starts_with(k, s) {
            return Some((unit, k + s.chars().count()));
        }
    }
    if measure && t.at(k) == Some('月') {
        return Some((DurationUnit::Month, k + 1));
    }
    None
}

/// An English unit at `i` (after the number): unit and end.
fn en_unit(t: &Text, i: usize) -> Option<(DurationUnit, usize)> {
    let mut k = t.skip_spaces(i);
    if k == i && t.at(k) == Some('-') {
        k += 1; // "30-day"
    }
    let (w, end) = t.word(k);
    let unit = match w.as_str() {
        "day" | "days" => DurationUnit::CalendarDay,
        "workday" | "workdays" => DurationUnit::WorkingDay,
        "second" | "seconds" | "sec" | "secs" => DurationUnit::Second,
        "minute" | "minutes" | "min" | "mins" => DurationUnit::Minute,
        "hour" | "hours" | "hr" | "hrs" => DurationUnit::Hour,
        // "keeps 14 daily snapshots": a history of 14 days.
        "daily" | "nightly" => DurationUnit::CalendarDay,
        "hourly" => DurationUnit::Hour,
        "weekly" => DurationUnit::Week,
        "monthly" => DurationUnit::Month,
        "week" | "weeks" | "wk" | "wks" => DurationUnit::Week,
        "month" | "months" => DurationUnit::Month,
        "year" | "years" | "yr" | "yrs" => DurationUnit::Year,
        "calendar" | "natural" | "business" | "working" | "work" => {
            let mut k2 = t.skip_spaces(end);
            if k2 == end && t.at(k2) == Some('-') {
                k2 += 1;
            }
            let (w2, end2) = t.word(k2);
            if w2 != "day" && w2 != "days" {
                return None;
            }
            let unit = if matches!(w.as_str(), "calendar" | "natural") {
                DurationUnit::CalendarDay
            } else {
                DurationUnit::WorkingDay
            };
            return Some((unit, end2));
        }
        _ => return None,
    };
    Some((unit, end))
}

/// Words that end an English start event.
const EVENT_STOPS: &[&str] = &[
    "and", "are", "as", "at", "be", "been", "but", "by", "can", "for", "has", "have", "if", "in",
    "is", "may", "must", "on", "or", "shall", "should", "so", "that", "then", "to", "unless",
    "was", "were", "when", "which", "while", "will", "with", "would",
];

const DETERMINERS: &[&str] = &[
    "a", "an", "the", "your", "their", "its", "our", "his", "her", "my",
];

/// `of|after|from|following|since <event>` at `i`: the event and its end.
fn en_event(t: &Text, i: usize) -> Option<(String, usize)> {
    let k = t.skip_spaces(i);
    if k == i {
        return None;
    }
    let (w, mut k) = t.word(k);
    if !matches!(w.as_str(), "of" | "after" | "from" | "following" | "since") {
        return None;
    }
    let mut words: Vec<String> = Vec::new();
    let mut end = None;
    while words.len() < 4 {
        let s = t.skip_spaces(k);
        if s == k {
            break;
        }
        let (w, e) = event_word(t, s);
        if w.is_empty() || EVENT_STOPS.contains(&w.as_str()) {
            break;
        }
        if !(words.is_empty() && DETERMINERS.contains(&w.as_str())) {
            words.push(w);
            end = Some(e);
        }
        k = e;
    }
    let end = end?;
    Some((normalize_start(&words.join(" ")), end))
}

/// A word of an English event: alphanumerics with inner `-` or `'`.
fn event_word(t: &Text, i: usize) -> (String, usize) {
    let mut end = t.word_end(i);
    while end > i
        && t.at(end).is_some_and(|c| c == '-' || c == '\'' || c == '’')
        && t.at(end + 1).is_some_and(is_word_char)
    {
        end = t.word_end(end + 1);
    }
    let w = (i..end).filter_map(|k| t.at(k)).collect();
    (w, end)
}

fn is_marker_at(t: &Text, k: usize) -> Option<usize> {
    let c = t.at(k)?;
    let next = t.at(k + 1);
    let prev = t.before(k);
    let len = match c {
        '经' if next == Some('过') => 2,
        '经' if !next.is_some_and(|n| "理费济营常验".contains(n)) => 1,
        '自' if !next.is_some_and(|n| "然动己行主".contains(n)) => 1,
        '从' => 1,
        '在' if !prev.is_some_and(|p| "现正存所实".contains(p)) => 1,
        '于' if !prev.is_some_and(|p| "由关对等属位".contains(p)) => 1,
        '待' => 1,
        _ => return None,
    };
    Some(len)
}

/// A copula (为, 是) at `k` that is no part of a word (行为, 认为, 但是).
fn is_copula_at(t: &Text, k: usize) -> bool {
    let prev = t.before(k);
    match t.at(k) {
        Some('为') => !prev.is_some_and(|p| "因作认成行称视较更最极广".contains(p)),
        Some('是') => !prev.is_some_and(|p| "但于就还只也总或要可凡真即若否".contains(p)),
        _ => false,
    }
}

/// The Chinese start event before the number at `i` (`…后`, `自…之日起`):
/// the event and where the phrase stating it starts.
fn zh_event(t: &Text, i: usize) -> Option<(String, usize)> {
    let mut k = i;
    while k > 0 && t.before(k).is_some_and(is_space) {
        k -= 1;
    }
    if t.before(k) == Some('的') {
        k -= 1;
    }
    let mut end = match t.before(k)? {
        '后' | '後' => {
            let mut e = k - 1;
            if t.before(e).is_some_and(|c| c == '以' || c == '之') {
                e -= 1;
            }
            e
        }
        '起' => {
            let mut e = k - 1;
            if t.before(e) == Some('日') {
                e -= 1;
                if t.before(e) == Some('之') {
                    e -= 1;
                }
            }
            e
        }
        _ => return None,
    };
    // The CJK clause right before, cut after its last marker (经, 自, 从, 在…).
    let mut clause = end;
    while clause > 0 && end - clause < 10 && t.before(clause).is_some_and(is_cjk) {
        clause -= 1;
    }
    let (mut phrase, mut start) = (clause, clause);
    for m in clause..end {
        if let Some(len) = is_marker_at(t, m).filter(|&len| m + len <= end) {
            phrase = m;
            start = m + len;
        } else if is_copula_at(t, m) && m + 1 < end {
            // "期限为收货后": the phrase starts after the copula.
            phrase = m + 1;
            start = m + 1;
        }
    }
    if end - start > 6 {
        start = end - 6;
        phrase = phrase.max(start);
    }
    // "差旅结束了后" is not a thing, but a trailing 了 is noise.
    while end > start && t.before(end) == Some('了') {
        end -= 1;
    }
    if start >= end {
        return None;
    }
    let event: String = (start..end).filter_map(|k| t.at(k)).collect();
    Some((normalize_start(&event), phrase.min(start)))
}

/// Every duration stated in `text`, in text order.
pub fn durations(text: &str) -> Vec<Duration> {
    let t = Text {
        src: text,
        chars: text.char_indices().map(|(b, c)| (b, fold(c))).collect(),
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < t.chars.len() {
        let Some((amount, num_end, script)) = amount(&t, i) else {
            i += 1;
            continue;
        };
        let zh = if script == Script::English {
            None
        } else {
            zh_unit(&t, num_end)
        };
        let en = if script == Script::Chinese {
            None
        } else {
            en_unit(&t, num_end)
        };
        if let Some((unit, unit_end)) = zh {
            let (start, span_start) = match zh_event(&t, i) {
                Some((event, s)) => (Some(event), s),
                None => (None, i),
            };
            let mut end = unit_end;
            if t.starts_with(end, "以内") || t.starts_with(end, "之内") {
                end += 2;
            } else if t.at(end).is_some_and(|c| c == '内' || c == '內') {
                end += 1;
            }
            out.push(Duration {
                amount,
                unit,
                start,
                span: t.span(span_start, end),
            });
            i = unit_end;
        } else if let Some((unit, unit_end)) = en {
            let (start, end) = match en_event(&t, unit_end) {
                Some((event, e)) => (Some(event), e),
                None => (None, unit_end),
            };
            out.push(Duration {
                amount,
                unit,
                start,
                span: t.span(within_start(&t, i), end),
            });
            i = unit_end;
        } else {
            i = num_end.max(i + 1);
        }
    }
    // Spans of years, merged in text order (no amount + unit phrase holds
    // one: a four-digit year is never an amount).
    for span in year_spans(&t) {
        let at = out.partition_point(|d| d.span.start <= span.span.start);
        out.insert(at, span);
    }
    out
}

/// Most years a span of years may count ("from 1850 to 1920").
const SPAN_YEARS_MAX: u32 = 200;

/// Every "from YEAR to YEAR" (or "until") in `t`, as a number of years: "ran
/// from 1991 to 1997" lasted six. A life span in parentheses ("(1921 –
/// 1990)") is not read: it dates a life, not what a question asks of it.
fn year_spans(t: &Text) -> Vec<Duration> {
    let year = |i: usize| -> Option<u32> {
        let digits: String = (i..i + 4).filter_map(|k| t.at(k)).collect();
        let boundary = !t.at(i + 4).is_some_and(is_word_char);
        (digits.len() == 4 && boundary && digits.chars().all(|c| c.is_ascii_digit()))
            .then(|| digits.parse().ok())
            .flatten()
    };
    let mut out = Vec::new();
    for i in 0..t.chars.len() {
        if !t.starts_with(i, "from ") || t.before(i).is_some_and(is_word_char) {
            continue;
        }
        let first_at = i + "from ".len();
        let Some(first) = year(first_at) else {
            continue;
        };
        let after = first_at + 4;
        let Some(link) = [" to ", " until "].iter().find(|l| t.starts_with(after, l)) else {
            continue;
        };
        let second_at = after + link.chars().count();
        let Some(second) = year(second_at) else {
            continue;
        };
        if second > first && second - first <= SPAN_YEARS_MAX {
            out.push(Duration {
                amount: f64::from(second - first),
                unit: DurationUnit::Year,
                start: None,
                span: t.span(i, second_at + 4),
            });
        }
    }
    out
}

/// `i`, or the start of a `within` right before it.
fn within_start(t: &Text, i: usize) -> usize {
    let mut k = i;
    while k > 0 && t.before(k).is_some_and(is_space) {
        k -= 1;
    }
    if k == i {
        return i;
    }
    let w = "within";
    let n = w.chars().count();
    match k.checked_sub(n) {
        Some(s) if t.starts_with(s, w) && !t.before(s).is_some_and(is_word_char) => s,
        _ => i,
    }
}

/// A start event in the form [`Duration::start`] carries: folded (see
/// [`crate::analyze::fold`]),
/// punctuation removed, spaces collapsed, articles dropped.
pub fn normalize_start(event: &str) -> String {
    let cleaned: String = crate::analyze::fold::fold_str(event)
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect();
    let mut out = String::new();
    for (n, w) in cleaned
        .split_whitespace()
        .filter(|w| !matches!(*w, "a" | "an" | "the"))
        .enumerate()
    {
        let cjk_join =
            out.chars().next_back().is_some_and(is_cjk) && w.chars().next().is_some_and(is_cjk);
        if n > 0 && !cjk_join {
            out.push(' ');
        }
        out.push_str(w);
    }
    out
}

/// True when two start events are the same after normalization (both absent
/// counts as the same; one absent does not).
pub fn same_start(a: Option<&str>, b: Option<&str>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => normalize_start(a) == normalize_start(b),
        _ => false,
    }
}

/// `amount` with its unit, in English or Chinese: "30 calendar days",
/// "30 个自然日", "1 hour", "1 小时".
pub fn unit_label(unit: DurationUnit, amount: f64, zh: bool) -> String {
    if zh {
        let u = match unit {
            DurationUnit::CalendarDay => "个自然日",
            DurationUnit::WorkingDay => "个工作日",
            DurationUnit::Second => "秒",
            DurationUnit::Minute => "分钟",
            DurationUnit::Hour => "小时",
            DurationUnit::Week => "周",
            DurationUnit::Month => "个月",
            DurationUnit::Year => "年",
        };
        return format!("{} {u}", super::number::format_amount(amount));
    }
    let u = match unit {
        DurationUnit::CalendarDay => "calendar day",
        DurationUnit::WorkingDay => "working day",
        DurationUnit::Second => "second",
        DurationUnit::Minute => "minute",
        DurationUnit::Hour => "hour",
        DurationUnit::Week => "week",
        DurationUnit::Month => "month",
        DurationUnit::Year => "year",
    };
    let plural = if amount == 1.0 { "" } else { "s" };
    format!("{} {u}{plural}", super::number::format_amount(amount))
}

#[cfg(test)]
mod tests {
    use super::*;
    use DurationUnit::*;

    /// (amount, unit, start, span text) of every duration.
    fn d(text: &str) -> Vec<(f64, DurationUnit, Option<String>, String)> {
        durations(text)
            .into_iter()
            .map(|d| {
                // The span is exactly the char slice of the input.
                let slice: String = text
                    .chars()
                    .skip(d.span.start)
                    .take(d.span.end - d.span.start)
                    .collect();
                assert_eq!(slice, d.span.text, "{text:?}");
                (d.amount, d.unit, d.start, d.span.text)
            })
            .collect()
    }

    #[test]
    fn a_span_of_years_counts_its_years() {
        assert_eq!(
            d("The show ran for six seasons, from 1991 to 1997, on ITV."),
            one(6.0, Year, None, "from 1991 to 1997")
        );
        assert_eq!(
            d("It was in use from 1850 until 1920."),
            one(70.0, Year, None, "from 1850 until 1920")
        );
        // In text order with the other durations.
        let both = d("Held for 3 days, then from 2001 to 2004 and for 2 weeks.");
        let spans: Vec<&str> = both.iter().map(|x| x.3.as_str()).collect();
        assert_eq!(spans, ["3 days", "from 2001 to 2004", "2 weeks"]);
        // A life span, a backwards or overlong span, a longer number.
        for text in [
            "Ode Varn (1921 – 1990) was a coach.",
            "from 1997 to 1991",
            "from 1200 to 1990",
            "from 19910 to 1997",
            "from 1991 to 19970",
            "therefrom 1991 to 1997",
        ] {
            assert!(d(text).is_empty(), "{text}");
        }
    }

    fn one(
        amount: f64,
        unit: DurationUnit,
        start: Option<&str>,
        span: &str,
    ) -> Vec<(f64, DurationUnit, Option<String>, String)> {
        vec![(amount, unit, start.map(str::to_string), span.to_string())]
    }

    #[test]
    fn zh_after_event() {
        assert_eq!(
            d("差旅结束后30个自然日内提交报销"),
            one(
                30.0,
                CalendarDay,
                Some("差旅结束"),
                "差旅结束后30个自然日内"
            )
        );
        assert_eq!(
            d("审批后5个工作日内支付"),
            one(5.0, WorkingDay, Some("审批"), "审批后5个工作日内")
        );
        assert_eq!(
            d("报销经审批后5个工作日内支付"),
            one(5.0, WorkingDay, Some("审批"), "经审批后5个工作日内")
        );
        assert_eq!(
            d("差旅结束后三十天内"),
            one(30.0, CalendarDay, Some("差旅结束"), "差旅结束后三十天内")
        );
        assert_eq!(
            d("员工应在差旅结束以后 15 日内提交"),
            one(
                15.0,
                CalendarDay,
                Some("差旅结束"),
                "在差旅结束以后 15 日内"
            )
        );
        assert_eq!(
            d("差旅結束後30日內"),
            one(30.0, CalendarDay, Some("差旅結束"), "差旅結束後30日內")
        );
        assert_eq!(
            d("部门经理审批后两周内"),
            one(2.0, Week, Some("部门经理审批"), "部门经理审批后两周内")
        );
    }

    #[test]
    fn zh_from_event() {
        assert_eq!(
            d("自差旅结束之日起60个自然日内提交"),
            one(
                60.0,
                CalendarDay,
                Some("差旅结束"),
                "自差旅结束之日起60个自然日内"
            )
        );
        assert_eq!(
            d("自差旅结束之日起60日内"),
            one(
                60.0,
                CalendarDay,
                Some("差旅结束"),
                "自差旅结束之日起60日内"
            )
        );
        assert_eq!(
            d("从收到发票起十五天内付款"),
            one(15.0, CalendarDay, Some("收到发票"), "从收到发票起十五天内")
        );
    }

    #[test]
    fn zh_units_and_numerals() {
        assert_eq!(d("一百二十天"), one(120.0, CalendarDay, None, "一百二十天"));
        assert_eq!(d("需要２４小时"), one(24.0, Hour, None, "２４小时"));
        assert_eq!(d("三个月"), one(3.0, Month, None, "三个月"));
        assert_eq!(d("两个星期以内"), one(2.0, Week, None, "两个星期以内"));
        assert_eq!(d("10个日历日"), one(10.0, CalendarDay, None, "10个日历日"));
        assert_eq!(d("1.5 小时"), one(1.5, Hour, None, "1.5 小时"));
        // No subject before a comma leaks into the event.
        assert_eq!(
            d("报销单，审批后3天"),
            one(3.0, CalendarDay, Some("审批"), "审批后3天")
        );
    }

    #[test]
    fn dates_and_ids_are_not_durations() {
        assert!(durations("TRAVEL-2026-01 第7条").is_empty());
        assert!(durations("2026年").is_empty());
        assert!(durations("2026年5月1日起施行").is_empty());
        assert!(durations("5月").is_empty());
        assert!(durations("version 3.13").is_empty());
        assert!(durations("第三十天").is_empty());
        assert!(durations("同一天，每一天").is_empty());
        assert!(durations("v3 days").is_empty());
        assert!(durations("2026-01 days").is_empty());
        assert!(durations("at 10:30 hours").is_empty());
        assert!(durations("").is_empty());
        assert!(durations("no numbers here").is_empty());
    }

    #[test]
    fn en_with_event() {
        assert_eq!(
            d("Electronics can be returned within 15 days of delivery."),
            one(
                15.0,
                CalendarDay,
                Some("delivery"),
                "within 15 days of delivery"
            )
        );
        assert_eq!(
            d("Claims must be filed within 30 calendar days after travel ends."),
            one(
                30.0,
                CalendarDay,
                Some("travel ends"),
                "within 30 calendar days after travel ends"
            )
        );
        assert_eq!(
            d("Payment follows 5 business days after approval."),
            one(
                5.0,
                WorkingDay,
                Some("approval"),
                "5 business days after approval"
            )
        );
        assert_eq!(
            d("Refunds are issued 10 working days from the date of purchase, by card."),
            one(
                10.0,
                WorkingDay,
                Some("date of purchase"),
                "10 working days from the date of purchase"
            )
        );
        assert_eq!(
            d("within 7 days after approval is granted"),
            one(
                7.0,
                CalendarDay,
                Some("approval"),
                "within 7 days after approval"
            )
        );
    }

    #[test]
    fn en_without_event() {
        assert_eq!(
            d("within two weeks"),
            one(2.0, Week, None, "within two weeks")
        );
        assert_eq!(d("24 hours"), one(24.0, Hour, None, "24 hours"));
        assert_eq!(d("a 30-day window"), one(30.0, CalendarDay, None, "30-day"));
        assert_eq!(
            d("Forty-five days, then twenty one weeks"),
            vec![
                (45.0, CalendarDay, None, "Forty-five days".to_string()),
                (21.0, Week, None, "twenty one weeks".to_string()),
            ]
        );
        assert_eq!(d("1 year"), one(1.0, Year, None, "1 year"));
        assert_eq!(d("6 months"), one(6.0, Month, None, "6 months"));
        assert_eq!(
            d("3 natural days"),
            one(3.0, CalendarDay, None, "3 natural days")
        );
        assert_eq!(d("2 work days"), one(2.0, WorkingDay, None, "2 work days"));
        assert_eq!(d("48 hrs"), one(48.0, Hour, None, "48 hrs"));
        assert_eq!(
            d("within 30 seconds"),
            one(30.0, Second, None, "within 30 seconds")
        );
        assert_eq!(d("a 3 second back-off"), one(3.0, Second, None, "3 second"));
        assert_eq!(d("10 mins"), one(10.0, Minute, None, "10 mins"));
        assert_eq!(
            d("keeps 14 daily snapshots"),
            one(14.0, CalendarDay, None, "14 daily")
        );
        assert_eq!(d("4分钟内"), one(4.0, Minute, None, "4分钟内"));
        assert!(d("after the second retry").is_empty());
        // "someone" is not "one".
        assert!(durations("someone days").is_empty());
    }

    #[test]
    fn two_durations_in_order() {
        assert_eq!(
            d("Submit within 30 days after travel ends; payment follows 5 business days after approval."),
            vec![
                (
                    30.0,
                    CalendarDay,
                    Some("travel ends".to_string()),
                    "within 30 days after travel ends".to_string()
                ),
                (
                    5.0,
                    WorkingDay,
                    Some("approval".to_string()),
                    "5 business days after approval".to_string()
                ),
            ]
        );
        let ds = durations("差旅结束后30个自然日内提交报销，审批后5个工作日内支付。");
        assert_eq!(ds.len(), 2);
        assert_eq!((ds[0].amount, ds[0].unit), (30.0, CalendarDay));
        assert_eq!(
            ds[0].span,
            Span {
                start: 0,
                end: 12,
                text: "差旅结束后30个自然日内".into()
            }
        );
        assert_eq!((ds[1].amount, ds[1].unit), (5.0, WorkingDay));
        assert_eq!(ds[1].start.as_deref(), Some("审批"));
        assert_eq!(
            ds[1].span,
            Span {
                start: 17,
                end: 26,
                text: "审批后5个工作日内".into()
            }
        );
    }

    /// A copula before the event ("期限为收货后30天", "期限是…") ends the
    /// clause: the event is what follows it, and the phrase starts there.
    #[test]
    fn a_chinese_copula_is_no_part_of_the_event() {
        for (text, phrase) in [
            ("电子产品的退款期限为收货后30天。", "收货后30天"),
            ("退款期限是收货后30个自然日内。", "收货后30个自然日内"),
            (
                "报销的提交期限为差旅结束后30个自然日内。",
                "差旅结束后30个自然日内",
            ),
        ] {
            let ds = durations(text);
            assert_eq!(ds.len(), 1, "{text}");
            let want = if phrase.starts_with("收货") {
                "收货"
            } else {
                "差旅结束"
            };
            assert_eq!(ds[0].start.as_deref(), Some(want), "{text}");
            assert_eq!(ds[0].span.text, phrase, "{text}");
        }
        // 为 and 是 inside a word (行为, 认为, 但是) are no copulas.
        let ds = durations("违规行为发生后30天内上报。");
        assert_eq!(ds[0].start.as_deref(), Some("违规行为发生"));
    }

    #[test]
    fn odd_input_does_not_panic() {
        for text in [
            "后5天",
            "起5天",
            "之日起5天",
            "后",
            "5",
            "五",
            "十",
            "个月",
            "9999999999999999999999 days",
            "一千千千千千千千千千千千千天",
            "👍 5 days 👍",
            "\u{301}5天",
            "of of of",
            "5 days of",
            "5 days of the",
            "within",
            " within 5 days",
            "后的5天",
        ] {
            for d in durations(text) {
                assert!(d.span.start <= d.span.end);
                assert!(text.chars().count() >= d.span.end);
            }
        }
        assert_eq!(d("后5天"), one(5.0, CalendarDay, None, "5天"));
        assert_eq!(d("5 days of the"), one(5.0, CalendarDay, None, "5 days"));
    }

    #[test]
    fn same_start_normalizes() {
        assert!(same_start(Some("travel ends"), Some("Travel ends")));
        assert!(same_start(
            Some(" the  Travel, ends. "),
            Some("travel ends")
        ));
        assert!(same_start(Some("差旅结束"), Some("差旅 结束")));
        assert!(!same_start(Some("差旅结束"), Some("审批")));
        assert!(same_start(None, None));
        assert!(!same_start(Some("delivery"), None));
        assert!(!same_start(None, Some("delivery")));
        assert_eq!(normalize_start("The Delivery!"), "delivery");
        assert_eq!(normalize_start("ＡＰＰＲＯＶＡＬ"), "approval");
    }

    #[test]
    fn labels() {
        assert_eq!(unit_label(CalendarDay, 30.0, false), "30 calendar days");
        assert_eq!(unit_label(CalendarDay, 30.0, true), "30 个自然日");
        assert_eq!(unit_label(WorkingDay, 5.0, false), "5 working days");
        assert_eq!(unit_label(WorkingDay, 5.0, true), "5 个工作日");
        assert_eq!(unit_label(Hour, 1.0, false), "1 hour");
        assert_eq!(unit_label(Hour, 1.0, true), "1 小时");
        assert_eq!(unit_label(Week, 1.5, false), "1.5 weeks");
        assert_eq!(unit_label(Month, 3.0, true), "3 个月");
        assert_eq!(unit_label(Year, 1.0, false), "1 year");
        assert_eq!(unit_label(Year, 2.0, true), "2 年");
    }
}
