//! A life span in parentheses ("(3 May 1890 – 12 October 1961)") holds two
//! dates: the birth before the dash, the death after it. A question about a
//! death is answered by the second, one about a birth by the first; a page
//! that gives only a birth ("(born 4 July 1931)") does not say when its
//! subject died. And "Hugo Brandt Jr." is another person than Hugo Brandt:
//! his page does not answer a question about his father (issue 15: wrong
//! answers marked supported; issue 19: "Who died first" compared birth
//! dates).
//!
//! Written before the change. Measured on the engine before it (87bc06c):
//! 6 of 12 cases passed — every death question was answered with the birth
//! date, "When did Hugo Brandt die?" with the son's death, "the date of Hugo
//! Brandt's death" was missing (no page writes "death"), and the comparison
//! chose by birth. After: 12 of 12.

mod common;

use common::{ask_default as ask, tally};
use slotchain::index::Index;
use slotchain::model::{Report, SlotState, Value};

fn pool() -> Index {
    common::pool(&[
        (
            "brandt",
            "Hugo Brandt",
            "Hugo Brandt (3 May 1890 – 12 October 1961) was a German painter of harbour scenes. \
             He taught at the academy in Kiel.",
        ),
        (
            "brandt-jr",
            "Hugo Brandt Jr.",
            "Hugo Brandt Jr. (1921 – 1990) was a German architect, the son of the painter. He \
             died in Munich in March 1990.",
        ),
        (
            "ostrova",
            "Lena Ostrova",
            "Lena Ostrova (born 4 July 1931) is a Russian poet and translator.",
        ),
        (
            "pell",
            "Arthur Pell",
            "Arthur Pell (1902 – 1955) was an English cricketer who played for Kent.",
        ),
    ])
}

/// Every asked part supported, and one's value is `value` (the quoted
/// sentence holds both dates, so the answer text alone cannot tell).
fn answered(r: &Report, value: &str) -> bool {
    let asked: Vec<_> = r.slots.iter().filter(|s| s.asked).collect();
    let is = |v: &Value| match v {
        Value::Stated { value: v, .. } => v == value,
        Value::Choice { label, .. } => label == value,
        _ => false,
    };
    !asked.is_empty()
        && asked.iter().all(|s| s.state == SlotState::Supported)
        && asked.iter().any(|s| s.value.as_ref().is_some_and(is))
}

/// No asked part supported.
fn not_answered(r: &Report) -> bool {
    r.slots
        .iter()
        .filter(|s| s.asked)
        .all(|s| s.state != SlotState::Supported)
}

/// Cases that must pass.
const MIN_PASS: usize = 12;

#[test]
fn a_life_span_gives_the_birth_before_the_dash_and_the_death_after() {
    let index = pool();
    let mut cases: Vec<(&str, bool, Report)> = Vec::new();
    let mut answer = |q: &'static str, value: &str| {
        let r = ask(&index, q);
        cases.push((q, answered(&r, value), r));
    };
    answer("When did Hugo Brandt die?", "12 October 1961");
    answer("In what year did Hugo Brandt die?", "1961");
    answer(
        "What was the date of Hugo Brandt's death?",
        "12 October 1961",
    );
    answer("When was Hugo Brandt born?", "3 May 1890");
    answer("In which year did Arthur Pell die?", "1955");
    answer("In which year was Arthur Pell born?", "1902");
    // The son's own page answers about the son.
    answer("When did Hugo Brandt Jr. die?", "March 1990");
    answer("Who died first, Hugo Brandt or Arthur Pell?", "Arthur Pell");
    answer(
        "Who was born first, Hugo Brandt or Arthur Pell?",
        "Hugo Brandt",
    );
    for q in [
        // A birth alone says nothing of a death.
        "When did Lena Ostrova die?",
        "In what year did Lena Ostrova die?",
    ] {
        let r = ask(&index, q);
        cases.push((q, not_answered(&r), r));
    }
    // The father's death is not the son's "March 1990".
    let q = "When did Hugo Brandt die?";
    let r = ask(&index, q);
    cases.push((q, !r.answer.contains("March 1990"), r));
    tally("life-date", &cases, MIN_PASS);
}
