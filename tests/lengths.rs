//! "How long is <a named thing>?" asks a length; "how long" of a period, an
//! event or an action asks a duration (issue 15: a wrong answer marked
//! supported).
//!
//! Over one small invented pool, the length questions must quote the named
//! thing's own page with its length, never a page that gives a duration
//! about the same name ("A Rhine river cruise takes 7 days"). The duration
//! questions, which share most of their words with the length questions,
//! must still get their durations.
//!
//! Measured before the rule (at 3c395eb): 4 of 7 cases passed. "How long is
//! the Rhine?" was answered "7 calendar days after basel" from the cruise
//! page. The three main-span cases were added at 9f3f18b, where they failed
//! (7 of 10).

mod common;

use common::tally_each;
use slotchain::index::Index;
use slotchain::model::{Report, SlotState, Value};

fn pool() -> Index {
    let pages = [
        (
            "rhine",
            "Rhine",
            "The Rhine is a major European river. It flows from the Swiss Alps to the North Sea \
             and is about 1,230 km long.",
        ),
        (
            "gate",
            "Golden Gate Bridge",
            "The Golden Gate Bridge is a suspension bridge in San Francisco. The bridge is \
             2,737 metres long, with a main span of 1,280 metres.",
        ),
        (
            "cruise",
            "Rhine river cruise",
            "A Rhine river cruise takes 7 days from Basel to Amsterdam.",
        ),
        (
            "refund",
            "Refunds",
            "The refund window for electronics is 30 days from delivery.",
        ),
        (
            "basel",
            "Basel",
            "Basel is a city in Switzerland on the river Rhine. Its old town lies on both banks.",
        ),
        (
            "sf",
            "San Francisco",
            "San Francisco is a city in California. Its best-known landmark is the Golden Gate \
             Bridge.",
        ),
    ];
    common::pool(&pages)
}

/// The one asked slot is supported, cites `page` first, and its value's text
/// holds `value`.
fn answers(r: &Report, page: &str, value: &str) -> bool {
    let asked: Vec<_> = r.slots.iter().filter(|s| s.asked).collect();
    let [slot] = asked.as_slice() else {
        return false;
    };
    let text = |v: &Value| serde_json::to_string(v).unwrap_or_default();
    slot.state == SlotState::Supported
        && slot.evidence.first().is_some_and(|e| e.passage_id == page)
        && slot.value.as_ref().is_some_and(|v| text(v).contains(value))
}

#[test]
fn a_named_thing_has_a_length_and_an_action_a_duration() {
    let index = pool();
    let cases = [
        // Lengths: the named thing's page, its number.
        ("How long is the Rhine?", "rhine", "1,230"),
        (
            "Roughly how long is the Golden Gate Bridge?",
            "gate",
            "2,737",
        ),
        ("How long, approximately, is the Rhine?", "rhine", "1,230"),
        // A part of the named thing is no thing to find first (it was
        // planned as "which main span of the Golden Gate Bridge?", missing).
        (
            "How long is the main span of the Golden Gate Bridge?",
            "gate",
            "1,280",
        ),
        (
            "What is the length of the main span of the Golden Gate Bridge?",
            "gate",
            "1,280",
        ),
        (
            "How many metres is the main span of the Golden Gate Bridge?",
            "gate",
            "1,280",
        ),
        // Durations that share most words with them.
        ("How long does a Rhine river cruise take?", "cruise", "7"),
        (
            "How long is the refund window for electronics?",
            "refund",
            "30",
        ),
        (
            "How many days does a Rhine river cruise take?",
            "cruise",
            "7",
        ),
        ("How long is a Rhine river cruise?", "cruise", "7"),
    ];
    tally_each("length/duration", &index, &cases, answers);
}

/// The last asked slot is supported, cites `page` first, and its value's
/// text holds `value`; the parts before it are supported too.
fn chain_answers(r: &Report, page: &str, value: &str) -> bool {
    let asked: Vec<_> = r.slots.iter().filter(|s| s.asked).collect();
    let text = |v: &Value| serde_json::to_string(v).unwrap_or_default();
    r.slots.iter().all(|s| s.state == SlotState::Supported)
        && asked.last().is_some_and(|slot| {
            slot.evidence.first().is_some_and(|e| e.passage_id == page)
                && slot.value.as_ref().is_some_and(|v| text(v).contains(value))
        })
}

/// "How long is the river that flows through Basel?" asks the length of the
/// thing a first step finds: its step "How long is {q1}?" asks of a name
/// (it was planned as a duration, and "How long is Rhine?" came back
/// unresolved over the cruise page). Measured before the rule (at
/// e21906b): 1 of 4 (the duration distractor).
#[test]
fn a_thing_found_by_a_step_has_a_length() {
    let index = pool();
    let cases = [
        (
            "How long is the river that flows through Basel?",
            "rhine",
            "1,230",
        ),
        (
            "How long is the river on which Basel lies?",
            "rhine",
            "1,230",
        ),
        (
            "How long is the bridge that is the best-known landmark of San Francisco?",
            "gate",
            "2,737",
        ),
        // A duration that shares most of the words.
        (
            "How long does a Rhine river cruise from Basel take?",
            "cruise",
            "7",
        ),
    ];
    tally_each("length of a found thing", &index, &cases, chain_answers);
}
