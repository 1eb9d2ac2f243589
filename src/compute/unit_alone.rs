//! Stage 8 — compute: a duration said by its unit alone.
//!
//! "A rollback does not rebuild anything, so it *takes seconds*"; "the
//! restore runs *within minutes*"; "回滚只需*数秒*". Such a sentence answers
//! "how long does it take?" as well as "within 30 seconds" would, but states
//! no amount: it is no [`crate::model::Duration`] but a stated value, from
//! which no difference is computed (a difference needs two amounts, and is
//! unresolved without them). [`phrases`] finds such phrases so the reader
//! can accept the sentence and the step can quote the phrase.
//!
//! Guarantees: a phrase is a plural time unit right after a verb of lasting
//! or a preposition of time, with at most a vague quantifier between them
//! ("takes a few minutes"; not "the seconds hand", not "in 30 seconds",
//! which [`super::duration::durations`] reads), or in Chinese 数 or 几
//! before a time unit (数秒, 几分钟) with no numeral before it; the byte
//! ranges are on character boundaries of `text`.

/// English plural time units.
const UNITS_EN: &[&str] = &[
    "seconds", "minutes", "hours", "days", "weeks", "months", "years",
];
/// Words a duration follows: a verb of lasting, a preposition of time.
const TRIGGERS_EN: &[&str] = &[
    "take", "takes", "took", "taking", "last", "lasts", "lasted", "within", "in",
];
/// Vague quantifiers between the trigger and the unit.
const VAGUE_EN: &[&str] = &[
    "a", "few", "several", "only", "just", "mere", "couple", "of",
];
/// Chinese time units after 数/几.
const UNITS_ZH: &[&str] = &[
    "秒钟",
    "秒",
    "分钟",
    "小时",
    "个小时",
    "天",
    "日",
    "周",
    "个月",
    "年",
];

/// The byte ranges of the phrases that state a duration by its unit alone,
/// in text order: the vague quantifier (if any) and the unit ("a few
/// minutes", "seconds", "数秒").
pub fn phrases(text: &str) -> Vec<(usize, usize)> {
    let mut out = english(text);
    out.extend(chinese(text));
    out.sort_unstable();
    out
}

fn english(text: &str) -> Vec<(usize, usize)> {
    let words: Vec<(usize, &str)> = text
        .split_whitespace()
        .map(|w| {
            let at = w.as_ptr() as usize - text.as_ptr() as usize;
            (at, w)
        })
        .collect();
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric())
            .to_ascii_lowercase()
    };
    let mut out = Vec::new();
    for (i, &(at, w)) in words.iter().enumerate() {
        if !UNITS_EN.contains(&bare(w).as_str()) {
            continue;
        }
        // Back over vague quantifiers to the trigger.
        let mut k = i;
        while k > 0
            && words
                .get(k - 1)
                .is_some_and(|&(_, v)| VAGUE_EN.contains(&bare(v).as_str()))
        {
            k -= 1;
        }
        let triggered = k
            .checked_sub(1)
            .and_then(|t| words.get(t))
            .is_some_and(|&(_, v)| TRIGGERS_EN.contains(&bare(v).as_str()));
        if !triggered {
            continue;
        }
        let start = words.get(k).map_or(at, |&(s, _)| s);
        let unit = w.trim_end_matches(|c: char| !c.is_alphanumeric());
        out.push((start, at + unit.len()));
    }
    out
}

fn chinese(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (at, c) in text.char_indices() {
        if c != '数' && c != '几' {
            continue;
        }
        let numeral_before = text
            .get(..at)
            .and_then(|b| b.chars().next_back())
            .is_some_and(|p| p.is_ascii_digit() || crate::compute::number::is_zh_numeral(p));
        let rest = text.get(at + c.len_utf8()..).unwrap_or("");
        let unit = UNITS_ZH.iter().find(|u| rest.starts_with(*u));
        if let (Some(u), false) = (unit, numeral_before) {
            out.push((at, at + c.len_utf8() + u.len()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::phrases;

    fn said(text: &str) -> Vec<&str> {
        phrases(text)
            .into_iter()
            .map(|(s, e)| &text[s..e])
            .collect()
    }

    #[test]
    fn a_unit_after_a_verb_of_lasting_or_a_preposition() {
        assert_eq!(
            said("It does not rebuild anything, so it takes seconds."),
            ["seconds"]
        );
        assert_eq!(
            said("A restore usually takes a few minutes."),
            ["a few minutes"]
        );
        assert_eq!(said("Agents reconnect within hours."), ["hours"]);
        assert_eq!(said("回滚不会重新构建，因此只需数秒。"), ["数秒"]);
        assert_eq!(said("通常几分钟即可完成。"), ["几分钟"]);
    }

    #[test]
    fn no_unit_alone_where_an_amount_or_no_trigger_is() {
        // An amount: a duration proper, read elsewhere.
        assert!(said("It must answer within 30 seconds.").is_empty());
        assert!(said("应在30天内提交。").is_empty());
        // No verb of lasting or preposition before the unit.
        assert!(said("Seconds count when a deploy fails.").is_empty());
        assert!(said("The logs of past days are kept.").is_empty());
        assert!(said("数量有限。").is_empty());
    }
}
