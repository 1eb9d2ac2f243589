//! A name set beside the kind asked is the thing (issue 15: a follow step
//! extracts the value its sentence gives). "Kirby Puckett, the team's
//! franchise player, … woke up without vision in his right eye" on a
//! season's page answers "which player woke up …?" with Kirby Puckett: the
//! noun phrase after the comma says what the name before it is. Before, the
//! season's own page was the answer (HotpotQA dev), wrongly `supported`.
//!
//! Each case asserts the state and the value of the part asked: the
//! appositive in several wordings (the kind noun after an article or a
//! possessive, a chain through it, the wh-phrase late), and distractors
//! that share most words — a list whose next item opens with "the" is no
//! appositive, a year the pool has no page for is not answered.
//!
//! Measured before the change (the engine at 8299ce7, this file as it is):
//! 2 of 9 cases passed (the list and the year the pool lacks); every other
//! question was answered with the festival's own page, wrongly `supported`.
//! 7 of 9 after. Three cases added after the change (a clause that opens
//! with its verb, and a singer nobody is): 9 of 12; the singer distractor is
//! answered with the fair's fiddler (a kind the page does not rule out). A
//! rule that gave a subjectless clause ("had sung …") the sentence's subject
//! fixed "which singer" but answered the drummer distractor with Mara Quill
//! instead of the festival's page: not kept. Still failing: "which singer"
//! (the sentence read is the date's, and "sung" is taken for the head) and
//! the drummer distractor (the festival's page never says what it is, so
//! nothing rules it out).

mod common;

use common::ask_default as ask;
use slotchain::index::Index;
use slotchain::model::{Report, SlotState};

/// Cases that must pass.
const MIN_PASSING: usize = 9;

fn pool() -> Index {
    common::pool(&[
        (
            "harbour-festival-1988",
            "1988 Harbour Festival",
            "Before it opened, the 1988 Harbour Festival was expected to sell out. Its opening night \
             fell on 14 June 1988. Mara Quill, the festival's youngest performer, had sung \
             twice that week, but that evening fainted on stage during the second act. In \
             1985 Tobias Quill, its founder, had started it as a one-day fair. The festival \
             also hosted Ewan Brodie, the Kestrel Brass Band and a choir.",
        ),
        (
            "mara-quill",
            "Mara Quill",
            "Mara Quill (born 1975) is a Scottish singer and songwriter. She is the daughter \
             of Tobias Quill.",
        ),
        (
            "tobias-quill",
            "Tobias Quill",
            "Tobias Quill (born 1941) is a Scottish concert promoter and actor.",
        ),
        (
            "ewan-brodie",
            "Ewan Brodie",
            "Ewan Brodie (born 1960) is a Scottish fiddler.",
        ),
        (
            "kestrel-fair-1990",
            "1990 Kestrel Fair",
            "Before it opened, the 1990 Kestrel Fair was expected to be rained off. Its \
             first day fell on 2 May 1990. Ewan Brodie, then still at school, had played for \
             the crowd all afternoon, and was asked back the next year.",
        ),
        (
            "kestrel-brass-band",
            "Kestrel Brass Band",
            "The Kestrel Brass Band is a brass band from Kestrel Bay, formed in 1902.",
        ),
    ])
}

/// The values the answer gives the question: the segments of its line
/// after " — ", without their sources ("[…]"), quotes ("(“…”)") or the
/// evidence sentences a verification quotes ("… — Mara Quill [a]; 1975
/// (“…”) [b]" gives "Mara Quill; 1975").
fn value_text(r: &Report) -> String {
    let after = r.answer.split_once(" — ").map_or("", |(_, a)| a);
    let line = after.lines().next().unwrap_or("");
    line.split("; ")
        .map(|seg| {
            let seg = seg.split(" [").next().unwrap_or("");
            seg.split(" (“").next().unwrap_or("").trim()
        })
        .filter(|seg| !seg.ends_with('.'))
        .collect::<Vec<_>>()
        .join("; ")
}

fn answered(r: &Report, want: &str, never: &str) -> bool {
    let asked: Vec<_> = r.slots.iter().filter(|s| s.asked).collect();
    let value = value_text(r);
    !asked.is_empty()
        && asked.iter().all(|s| s.state == SlotState::Supported)
        && value.contains(want)
        && !value.contains(never)
}

fn not_answered(r: &Report) -> bool {
    r.slots
        .iter()
        .filter(|s| s.asked)
        .all(|s| s.state != SlotState::Supported)
}

#[test]
fn a_name_set_beside_the_kind_asked_is_the_thing() {
    let index = pool();
    let answers: [(&str, &str, &str); 9] = [
        (
            "Which performer fainted on stage on 14 June 1988?",
            "Mara Quill",
            "Harbour Festival",
        ),
        // Paraphrase: another kind noun (her page says singer), "during".
        (
            "Which singer fainted on stage on 14 June 1988?",
            "Mara Quill",
            "Harbour Festival",
        ),
        // Declarative, the wh-phrase late, no question mark.
        (
            "the performer who fainted on stage on 14 June 1988 was who",
            "Mara Quill",
            "Harbour Festival",
        ),
        // A chain through the appositive.
        (
            "When was the performer who fainted on stage on 14 June 1988 born?",
            "1975",
            "1941",
        ),
        // A possessive opens the noun phrase.
        (
            "Who started the Harbour Festival as a one-day fair in 1985?",
            "Tobias Quill",
            "Harbour Festival",
        ),
        (
            "Which founder started the Harbour Festival in 1985?",
            "Tobias Quill",
            "Harbour Festival",
        ),
        // A clause that opens with its verb ("had played …") is said of the
        // sentence's subject.
        (
            "Which fiddler played for the crowd on 2 May 1990?",
            "Ewan Brodie",
            "Kestrel Fair",
        ),
        (
            "the fiddler who was asked back after the 1990 Kestrel Fair was who",
            "Ewan Brodie",
            "Kestrel Fair",
        ),
        // A list is no appositive: "Ewan Brodie, the Kestrel Brass Band and
        // a choir" names the band after its comma.
        (
            "Which brass band played at the 1988 Harbour Festival?",
            "Kestrel Brass Band",
            "Ewan Brodie",
        ),
    ];
    let mut cases: Vec<(&str, bool, Report)> = Vec::new();
    for (q, want, never) in answers {
        let r = ask(&index, q);
        cases.push((q, answered(&r, want, never), r));
    }
    for q in [
        // No page for that year's festival.
        "Which performer fainted on stage on 14 June 1990?",
        // The one who fainted is a singer, and the festival no drummer.
        "Which drummer fainted on stage on 14 June 1988?",
        // Nobody is said to have sung at the fair.
        "Which singer performed for the crowd on 2 May 1990?",
    ] {
        let r = ask(&index, q);
        cases.push((q, not_answered(&r), r));
    }
    common::tally("appositive", &cases, MIN_PASSING);
}
