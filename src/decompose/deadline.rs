//! Stage 3 — decompose: a day counted from a date the question gives ("My
//! trip wrapped up on 2026-03-02. What's the last day I can submit the
//! claim?", "我的境内差旅2026-03-02结束，报销最晚哪天提交？").
//!
//! The corpus states a rule in days ("within 30 calendar days after travel
//! ends"); the question gives the day its event happened and asks for a
//! date. The clause becomes a retrieval of the rule (a duration, the date
//! cut from its words) and a compute step
//! `after` that counts the duration from the date ([`crate::compute::date`]),
//! with the event the date is of, which must be the one the rule counts
//! from.
//!
//! Guarantees: only a clause that asks for a date ([`asks_date`]) and gives
//! one — `YYYY-MM-DD`, or "yesterday"/"today"/昨天/今天 against
//! `scope.today` — with exactly one kind of event ([`DateEvent`]) is planned
//! so; a relative day without `scope.today` is an error part, never a
//! guess.

use crate::analyze::fold::Lower;
use crate::compute::date::{phrase_at, Date, DateEvent};
use crate::model::{Constraints, Op, Output};

use super::Builder;

/// Words that ask for a date (lowercase English; Chinese as written).
const ASKS_DATE: &[&str] = &[
    "last day",
    "latest date",
    "what date",
    "which date",
    "what day",
    "which day",
    "by when",
    "until when",
    "deadline",
    "due date",
    "哪天",
    "哪一天",
    "几号",
    "截止日期",
    "什么日期",
];

/// Relative days and how many days before `scope.today` they are.
const RELATIVE_DAYS: &[(&str, i64)] = &[
    ("the day before yesterday", 2),
    ("yesterday", 1),
    ("today", 0),
    ("前天", 2),
    ("昨天", 1),
    ("今天", 0),
];

/// True when the clause asks for a date.
pub fn asks_date(clause: &str) -> bool {
    let l = clause.lower();
    ASKS_DATE.iter().any(|w| l.contains(w))
}

/// A date the clause gives: where it is written (with an "on" before it)
/// and the day, or the relative word when there is no `today` to count
/// from.
pub struct Given {
    pub cut: (usize, usize),
    pub day: Result<Date, &'static str>,
    pub event: DateEvent,
}

/// The date the clause gives, with its event; `None` when it gives no
/// date, or no event or two kinds of them.
pub fn given(clause: &str, today: Option<Date>) -> Option<Given> {
    let (cut, day) = iso_date(clause).or_else(|| relative_day(clause, today))?;
    let event = DateEvent::of(clause)?;
    // "on 2026-03-02": the preposition goes with the date.
    let before = clause.get(..cut.0)?;
    let start = before
        .strip_suffix("on ")
        .or_else(|| before.strip_suffix("On "))
        .map_or(cut.0, str::len);
    Some(Given {
        cut: (start, cut.1),
        day,
        event,
    })
}

/// A day found in a clause: its byte range, and the day, or the relative
/// word when there is no `today` to count it from.
type Found = ((usize, usize), Result<Date, &'static str>);

/// The first `YYYY-MM-DD` that is a real day, not inside a longer run of
/// digits.
fn iso_date(clause: &str) -> Option<Found> {
    let bytes = clause.as_bytes();
    (0..bytes.len().saturating_sub(9)).find_map(|i| {
        let end = i + 10;
        let glued = |b: Option<&u8>| b.is_some_and(u8::is_ascii_alphanumeric);
        if glued(i.checked_sub(1).and_then(|p| bytes.get(p))) || glued(bytes.get(end)) {
            return None;
        }
        let day = Date::parse(clause.get(i..end)?)?;
        Some(((i, end), Ok(day)))
    })
}

/// A relative day word (whole words in English), counted back from `today`.
fn relative_day(clause: &str, today: Option<Date>) -> Option<Found> {
    // ASCII lowering keeps byte offsets: the range cuts `clause` itself.
    let l = clause.to_ascii_lowercase();
    RELATIVE_DAYS.iter().find_map(|&(word, back)| {
        let at = phrase_at(&l, word)?;
        let day = today.map(|t| t.plus_days(-back)).ok_or(word);
        Some(((at, at + word.len()), day))
    })
}

impl Builder<'_> {
    /// Plans "the last day to submit after a trip that ended on D": the
    /// rule's duration and the date it gives counted from D. `Err` is the
    /// reason the clause cannot be planned (a relative day without
    /// `scope.today`).
    pub(super) fn deadline(&mut self, clause: &str, given: Given) -> Result<String, String> {
        let day = given
            .day
            .map_err(|word| format!("relative date: \"{word}\" needs scope.today"))?;
        let rule = super::cut(clause, &[given.cut]);
        let (text, constraints) = self.constrain(&rule, self.default_year);
        let q = self.retrieval(text, constraints, Output::Duration);
        let mut at = Constraints::new();
        at.insert("from".into(), day.to_string());
        at.insert("event".into(), given.event.name().into());
        let c = self.compute_given(clause, Op::After, vec![q.clone()], at);
        self.notes.push(format!(
            "{c}: the date {q} gives after {day} ({} event) ({clause})",
            given.event.name()
        ));
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    #[test]
    fn a_date_and_its_event_are_read_in_both_languages() {
        let today = Some(day("2026-03-15"));
        let g = given(
            "My domestic trip wrapped up on 2026-03-02. What's the last day?",
            today,
        )
        .unwrap();
        assert_eq!(g.day, Ok(day("2026-03-02")));
        assert_eq!(g.event, DateEvent::End);
        let q = "My domestic trip wrapped up on 2026-03-02. What's the last day?";
        assert_eq!(&q[g.cut.0..g.cut.1], "on 2026-03-02");
        let g = given("我的境内差旅2026-03-02结束，报销最晚哪天提交？", today).unwrap();
        assert_eq!((g.day, g.event), (Ok(day("2026-03-02")), DateEvent::End));
        let g = given("I got back from a trip yesterday - until what date?", today).unwrap();
        assert_eq!((g.day, g.event), (Ok(day("2026-03-14")), DateEvent::End));
        let g = given(
            "it was delivered today; what is the last day to return it?",
            today,
        )
        .unwrap();
        assert_eq!(
            (g.day, g.event),
            (Ok(day("2026-03-15")), DateEvent::Receipt)
        );
    }

    #[test]
    fn no_date_no_event_or_no_today_plans_nothing_or_says_why() {
        let today = Some(day("2026-03-15"));
        // No date; no event; two kinds of event; digits that are no date.
        assert!(given("What's the last day to submit a claim?", today).is_none());
        assert!(given("What happened on 2026-03-02?", today).is_none());
        assert!(given("It started on 2026-03-02 and ended on 2026-03-05.", today).is_none());
        assert!(given("Order 12026-03-021 ended; last day?", today).is_none());
        assert!(given("It ended on 2026-02-30; last day?", today).is_none());
        // "Yesterdays" is no relative day; without today, the word is kept.
        assert!(given("my yesterdays ended; last day?", today).is_none());
        let g = given("I got back yesterday - until what date?", None).unwrap();
        assert_eq!(g.day, Err("yesterday"));
    }

    #[test]
    fn a_clause_asks_for_a_date() {
        for q in [
            "What's the last day I can submit the expense claim?",
            "until what date can I file the claim?",
            "by when must I submit the claim",
            "报销最晚哪天提交？",
        ] {
            assert!(asks_date(q), "{q}");
        }
        assert!(!asks_date("How long do I have to submit the claim?"));
        assert!(!asks_date("When was Harbour Lights released?"));
    }
}
