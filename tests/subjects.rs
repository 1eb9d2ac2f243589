//! A "what N …?" / "which N …?" / "who …?" part answered by the page *of*
//! the thing asked must name that thing (issue 15, item 7: answers that
//! answer; issue 19: answers state values). "What novel imagines the true
//! story of …?" is answered by the page of the novel, whose sentence says
//! "The novel imagines …": quoting that sentence alone leaves the reader
//! without the answer, Harrow Lane.
//!
//! Over one small invented pool, each case asserts the part's state and
//! whether its answer line names the page's subject. A page whose title the
//! question itself names is not an answer to name (it is what the question
//! asks about), nor is a page of another kind than the one asked ("which
//! city …?" is not answered by naming a novel), nor a page whose kind is
//! unknown. Chinese questions ask no kind, so they keep the quoted sentence.
//!
//! Measured before the rule (the engine at 5cb0c76, this file as it is): 5 of
//! 10 cases passed, the five that must not name a subject. Two chains named
//! the bridge and quoted a sentence, two band cases named "Copperline
//! (band)" only through the title with its qualifier, one found nothing.

mod common;

use common::{ask_default as ask, tally};
use slotchain::index::Index;
use slotchain::model::{Report, SlotState};

/// Cases that must pass: all of them. The last two to pass were "… the boy
/// behind the hero of Ethan Vale's 1884 novel?" (planned as four steps, the
/// first "which 1884 novel of Ethan Vale?", with no page of that novel:
/// Harrow Lane was proposed; it passes since the change that names a thing
/// after the relation asked, not written for it) and "Who was a
/// leader of the Liberty-Union Party?" (once answered "Treasury Secretary",
/// a capitalised role read as a person's name).
const MIN_PASSING: usize = 12;

fn pool() -> Index {
    common::pool(&[
        (
            "harrow-lane",
            "Harrow Lane",
            "Harrow Lane is a 2011 novel by Mira Castell. The novel imagines the true story of \
             Tobias Reed, the boy who inspired the hero of an 1884 novel by Ethan Vale.",
        ),
        (
            "ethan-vale",
            "Ethan Vale",
            "Ethan Vale (1835 – 1910) was an American writer and humorist. His 1884 novel \
             follows a runaway boy on a river raft.",
        ),
        (
            "tobias-reed",
            "Tobias Reed",
            "Tobias Reed (1826 – 1889) was a ferryman on the Ohio River. He is said to have \
             inspired a character of Ethan Vale.",
        ),
        (
            "copperline",
            "Copperline (band)",
            "Copperline is an English rock band formed in Leeds in 2009. The band released its \
             third album, Iron Weather, in 2016 and toured with the singer Ada Brook.",
        ),
        (
            "ada-brook",
            "Ada Brook",
            "Ada Brook (born 3 March 1988) is an English singer and songwriter from Hull.",
        ),
        (
            "leeds",
            "Leeds",
            "Leeds is a city in West Yorkshire, England, on the River Aire.",
        ),
        (
            "gideon-marsh",
            "Gideon Marsh",
            "Gideon Marsh (1761 – 1849) was a Swiss-born American politician. He was a leader \
             of the Liberty-Union Party and served as Treasury Secretary.",
        ),
        (
            "quiet-weir",
            "The Quiet Weir",
            "The Quiet Weir 2 is a museum exhibit. Its visitors imagine the true story of a \
             miller from the river towns.",
        ),
    ])
}

/// The part's answer line (after " — "), or "" when it was not answered.
fn value_line(r: &Report) -> String {
    r.answer
        .lines()
        .find_map(|l| l.split_once(" — ").map(|(_, v)| v.to_string()))
        .unwrap_or_default()
}

fn supported(r: &Report) -> bool {
    r.slots
        .iter()
        .filter(|s| s.asked)
        .all(|s| s.state == SlotState::Supported)
}

/// The answer states `name` as a value (cited, or quoted with its
/// sentence), not only inside a quoted sentence.
fn states(r: &Report, name: &str) -> bool {
    let line = value_line(r);
    line.contains(&format!("{name} [")) || line.contains(&format!("{name} (“"))
}

/// Supported, and its answer states `name`.
fn names(r: &Report, name: &str) -> bool {
    supported(r) && states(r, name)
}

/// Its answer does not state `name` (answered otherwise, or not at all).
fn not_named(r: &Report, name: &str) -> bool {
    !states(r, name)
}

#[test]
fn a_part_answered_by_the_page_of_the_thing_asked_names_it() {
    let index = pool();
    let naming: [(&str, &str); 7] = [
        // A name the question writes, even hyphened, is never the answer.
        (
            "Who was a leader of the Liberty-Union Party?",
            "Gideon Marsh",
        ),
        (
            "Which politician led the Liberty-Union Party?",
            "Gideon Marsh",
        ),
        (
            "What novel imagines the true story of the boy who inspired the hero of an 1884 \
             novel by Ethan Vale?",
            "Harrow Lane",
        ),
        // Paraphrase: another head noun of the same kind, another verb order.
        (
            "Which book imagines the true story of the boy behind the hero of Ethan Vale's 1884 \
             novel?",
            "Harrow Lane",
        ),
        // No question mark, the wh-phrase late.
        (
            "the true story of the ferryman Tobias Reed is imagined in what 2011 novel",
            "Harrow Lane",
        ),
        (
            "Which English rock band formed in Leeds released the album Iron Weather?",
            "Copperline",
        ),
        (
            "Which band released Iron Weather in 2016 and toured with Ada Brook?",
            "Copperline",
        ),
    ];
    let keep: [(&str, &str); 5] = [
        // The question names the page: it asks about it, the sentence answers.
        ("What does the novel Harrow Lane imagine?", "Harrow Lane"),
        // Another kind than the page's: a city is not answered by a novel.
        (
            "Which city imagines the true story of the boy who inspired Ethan Vale?",
            "Harrow Lane",
        ),
        // A page of unknown kind (an exhibit) is not named.
        (
            "What exhibit lets visitors imagine the true story of a miller?",
            "The Quiet Weir",
        ),
        // Chinese asks no kind.
        ("哪部小说想象了托比亚斯·里德的真实故事？", "Harrow Lane"),
        // A stated person is the value, not the page's title.
        ("Who toured with the band Copperline?", "Copperline"),
    ];
    let mut cases: Vec<(&str, bool, Report)> = Vec::new();
    for (q, name) in naming {
        let r = ask(&index, q);
        cases.push((q, names(&r, name), r));
    }
    for (q, name) in keep {
        let r = ask(&index, q);
        cases.push((q, not_named(&r, name), r));
    }
    tally("subjects", &cases, MIN_PASSING);
}
