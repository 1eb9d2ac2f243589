//! Stage 8 — compute: a date a stated duration after a date the question
//! gives ("My trip ended 2026-03-02 — what's the last day to submit?", over
//! "within 30 calendar days after travel ends": 2026-04-01).
//!
//! Guarantees: dates are proleptic Gregorian `YYYY-MM-DD`, checked (no 30
//! February); days and weeks are counted on the calendar, months and years
//! keep the day of the month, clamped to the month's last day (31 January
//! plus one month is 28 or 29 February). Working days need a holiday
//! calendar no passage gives, and hours or minutes name no day: both end
//! as [`Unresolved`], never as a guess.

use super::{unresolved, Input, Unresolved};
use crate::analyze::fold::Lower;
use crate::model::{Constraints, DurationUnit, Value};

/// A calendar date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    year: i64,
    month: u32,
    day: u32,
}

fn leap(year: i64) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn month_days(year: i64, month: u32) -> u32 {
    match month {
        2 if leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Date {
    /// A `YYYY-MM-DD` date, if it is one that exists.
    pub fn parse(text: &str) -> Option<Date> {
        let mut parts = text.trim().splitn(3, '-');
        let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
        let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
        if !(digits(y, 4) && digits(m, 2) && digits(d, 2)) {
            return None;
        }
        let date = Date {
            year: y.parse().ok()?,
            month: m.parse().ok()?,
            day: d.parse().ok()?,
        };
        let valid = (1..=12).contains(&date.month)
            && (1..=month_days(date.year, date.month)).contains(&date.day);
        valid.then_some(date)
    }

    /// Days since 1970-01-01 (negative before), by H. Hinnant's
    /// `days_from_civil`.
    fn days(self) -> i64 {
        let y = if self.month <= 2 {
            self.year - 1
        } else {
            self.year
        };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` after 1970-01-01 (`civil_from_days`).
    pub fn from_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        // 1 ≤ day ≤ 31 and 1 ≤ month ≤ 12 by construction.
        Date {
            year,
            month: u32::try_from(month).unwrap_or(1),
            day: u32::try_from(day).unwrap_or(1),
        }
    }

    /// The date `n` days later (earlier when negative).
    pub fn plus_days(self, n: i64) -> Date {
        Date::from_days(self.days() + n)
    }

    /// The date `n` months later, its day clamped to the month's last.
    fn plus_months(self, n: i64) -> Date {
        let index = self.year * 12 + i64::from(self.month) - 1 + n;
        let year = index.div_euclid(12);
        let month = u32::try_from(index.rem_euclid(12) + 1).unwrap_or(1);
        Date {
            year,
            month,
            day: self.day.min(month_days(year, month)),
        }
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// Where `text` writes `phrase`: as whole words in English, anywhere in
/// Chinese (which writes no spaces).
pub fn phrase_at(text: &str, phrase: &str) -> Option<usize> {
    if phrase.chars().any(crate::analyze::is_cjk) {
        text.find(phrase)
    } else {
        crate::analyze::word_at(text, phrase)
    }
}

/// What happened on a given date, as far as counting from it goes: a
/// rule counts from one of these ("after travel ends", "of delivery",
/// "after approval"), and a date given for another is no start for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateEvent {
    End,
    Start,
    Receipt,
    Approval,
}

/// Words of each event (lowercase English, matched as whole words; Chinese
/// as written).
const EVENT_WORDS: &[(DateEvent, &[&str])] = &[
    (
        DateEvent::End,
        &[
            "end",
            "ends",
            "ended",
            "finished",
            "wrapped up",
            "was over",
            "got back",
            "came back",
            "returned from",
            "结束",
            "回来",
            "回国",
        ],
    ),
    (
        DateEvent::Start,
        &[
            "start", "starts", "started", "began", "begins", "departed", "left for", "开始", "出发",
        ],
    ),
    (
        DateEvent::Receipt,
        &[
            "delivered",
            "delivery",
            "received",
            "receipt",
            "arrived",
            "收到",
            "签收",
        ],
    ),
    (
        DateEvent::Approval,
        &["approved", "approval", "审批", "批准"],
    ),
];

impl DateEvent {
    /// The one kind of event `text` names; `None` for none or several.
    pub fn of(text: &str) -> Option<DateEvent> {
        let l = text.lower();
        let mut found = EVENT_WORDS
            .iter()
            .filter(|(_, words)| words.iter().any(|w| phrase_at(&l, w).is_some()))
            .map(|(e, _)| *e);
        let first = found.next()?;
        found.next().is_none().then_some(first)
    }

    /// The event's name in a plan (`constraints.event`).
    pub fn name(self) -> &'static str {
        match self {
            DateEvent::End => "end",
            DateEvent::Start => "start",
            DateEvent::Receipt => "receipt",
            DateEvent::Approval => "approval",
        }
    }

    fn named(name: &str) -> Option<DateEvent> {
        EVENT_WORDS
            .iter()
            .map(|(e, _)| *e)
            .find(|e| e.name() == name)
    }
}

/// The date the one input's duration after `constraints.from`
/// (`YYYY-MM-DD`); when `constraints.event` says what happened that day,
/// the duration must count from that event.
pub fn after(given: &Constraints, inputs: &[Input]) -> Result<Value, Unresolved> {
    let given_event = match given.get("event") {
        None => None,
        Some(name) => Some(DateEvent::named(name).ok_or_else(|| {
            unresolved(
                "no-start-date",
                format!(
                    "constraints.event must be end, start, receipt or approval, got \"{name}\""
                ),
            )
        })?),
    };
    let given = given.get("from").map_or("", String::as_str);
    let start = Date::parse(given).ok_or_else(|| {
        unresolved(
            "no-start-date",
            format!("constraints.from must be a YYYY-MM-DD date, got \"{given}\""),
        )
    })?;
    let [input] = inputs else {
        return Err(unresolved(
            "no-comparable-value",
            format!("after needs exactly one input, got {}", inputs.len()),
        ));
    };
    let Value::Duration {
        amount,
        unit,
        start: counted_from,
        ..
    } = input.value
    else {
        return Err(unresolved(
            "no-comparable-value",
            format!("{} states no duration", input.slot),
        ));
    };
    if let Some(event) = given_event {
        if counted_from.as_deref().and_then(DateEvent::of) != Some(event) {
            let from = counted_from.as_deref().unwrap_or("an unstated event");
            return Err(unresolved(
                "start-event-mismatch",
                format!(
                    "{} counts from {from}; the date given is of the {}",
                    input.slot,
                    event.name()
                ),
            ));
        }
    }
    if amount.fract() != 0.0 || amount.abs() > 100_000.0 {
        return Err(unresolved(
            "no-comparable-value",
            format!("{} states {amount}, not a whole count", input.slot),
        ));
    }
    // A whole number within ±100,000 (checked above).
    let n = *amount as i64;
    let date = match unit {
        DurationUnit::CalendarDay => start.plus_days(n),
        DurationUnit::Week => start.plus_days(7 * n),
        DurationUnit::Month => start.plus_months(n),
        DurationUnit::Year => start.plus_months(12 * n),
        DurationUnit::WorkingDay => {
            return Err(unresolved(
                "working-days",
                format!(
                    "{} counts working days; the date needs a holiday calendar no passage gives",
                    input.slot
                ),
            ))
        }
        DurationUnit::Second | DurationUnit::Minute | DurationUnit::Hour => {
            return Err(unresolved(
                "unit-mismatch",
                format!("{} counts in {}, not in days", input.slot, unit.name()),
            ))
        }
    };
    Ok(Value::Date {
        date: date.to_string(),
        from: start.to_string(),
        amount: *amount,
        unit: *unit,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn days(n: f64, unit: DurationUnit) -> Value {
        Value::Duration {
            amount: n,
            unit,
            start: Some("travel ends".into()),
            text: String::new(),
        }
    }

    fn date_after(from: &str, value: &Value) -> Result<String, String> {
        let input = Input {
            slot: "q1",
            label: "",
            value,
            text: "",
        };
        let mut given = Constraints::new();
        given.insert("from".into(), from.into());
        given.insert("event".into(), "end".into());
        match after(&given, &[input]) {
            Ok(Value::Date { date, .. }) => Ok(date),
            Ok(other) => Err(format!("{other:?}")),
            Err(u) => Err(u.reason),
        }
    }

    #[test]
    fn calendar_days_weeks_months_and_years() {
        use DurationUnit::{CalendarDay, Month, Week, Year};
        for (from, n, unit, want) in [
            ("2026-03-02", 30.0, CalendarDay, "2026-04-01"),
            ("2026-07-14", 30.0, CalendarDay, "2026-08-13"),
            ("2026-12-20", 2.0, Week, "2027-01-03"),
            // A month or a year on keeps the day, clamped to the month's last.
            ("2026-01-31", 1.0, Month, "2026-02-28"),
            ("2028-01-31", 1.0, Month, "2028-02-29"),
            ("2024-02-29", 1.0, Year, "2025-02-28"),
            // Century years: 2000 is a leap year, 1900 is not.
            ("2000-02-28", 1.0, CalendarDay, "2000-02-29"),
            ("1900-02-28", 1.0, CalendarDay, "1900-03-01"),
        ] {
            assert_eq!(
                date_after(from, &days(n, unit)),
                Ok(want.to_string()),
                "{from} + {n} {unit:?}"
            );
        }
    }

    #[test]
    fn every_day_of_four_centuries_round_trips() {
        let mut date = Date::parse("1800-01-01").unwrap();
        for _ in 0..146_097 {
            assert_eq!(Date::from_days(date.days()), date);
            let next = date.plus_days(1);
            assert!(next > date, "{date} → {next}");
            assert_eq!(Date::parse(&next.to_string()), Some(next));
            date = next;
        }
        assert_eq!(date.to_string(), "2200-01-01");
    }

    #[test]
    fn the_date_must_be_of_the_event_the_rule_counts_from() {
        assert_eq!(DateEvent::of("after travel ends"), Some(DateEvent::End));
        assert_eq!(DateEvent::of("差旅结束"), Some(DateEvent::End));
        assert_eq!(DateEvent::of("of delivery"), Some(DateEvent::Receipt));
        assert_eq!(DateEvent::of("审批"), Some(DateEvent::Approval));
        // Whole words only; two kinds decide nothing.
        assert_eq!(DateEvent::of("over the weekend"), None);
        assert_eq!(DateEvent::of("it started and ended"), None);
        let mut v = days(30.0, DurationUnit::CalendarDay);
        if let Value::Duration { start, .. } = &mut v {
            *start = Some("delivery".into());
        }
        assert_eq!(
            date_after("2026-03-02", &v),
            Err("start-event-mismatch".into())
        );
    }

    #[test]
    fn no_guess_on_working_days_hours_or_a_bad_date() {
        assert_eq!(
            date_after("2026-03-02", &days(5.0, DurationUnit::WorkingDay)),
            Err("working-days".into())
        );
        assert_eq!(
            date_after("2026-03-02", &days(4.0, DurationUnit::Hour)),
            Err("unit-mismatch".into())
        );
        for bad in [
            "2026-02-30",
            "2026-13-01",
            "26-03-02",
            "2026-3-2",
            "yesterday",
            "",
        ] {
            assert_eq!(
                date_after(bad, &days(30.0, DurationUnit::CalendarDay)),
                Err("no-start-date".into()),
                "{bad}"
            );
        }
    }
}
