//! A follow step's bridge written short (issue 15: "couldn't find" when the
//! answer is right there). Passages name a page by less than its title: "the
//! defeat of the Russian armies at *Tannenberg*" is the "Battle of
//! Tannenberg", "the tenth laird of *Skelmorlie*" is "Skelmorlie Castle",
//! "two older brothers, Eden and *Thorgan*" (of Kylian Hazard) is "Thorgan
//! Hazard". HotpotQA dev has such bridges; they came back "no applicable
//! passage states a linked entity".
//!
//! The rule under test: when a follow step's passage links no title it can
//! take, a capitalised name of its answering sentence that links nothing is
//! completed with the question's head noun ("Battle of N", "N Castle") or
//! the last word of a name the question gives ("N Hazard"), when the corpus
//! has a page by exactly that title and that page shares a word with the
//! passage's sentence or title besides the name (the battle's page speaks of
//! the Russian army; the castle's of the Montgomery clan). A page by that
//! title about something else ("Tannenberg Castle", a ruin in Hesse) and a
//! name with no such page (the siege of Lindau) are not taken: those parts
//! are not answered. Chinese titles are not built this way (no capitals, no
//! "X of Y" order); no Chinese case applies.
//!
//! Measured before the rule (the engine at 5aed355, this file as it is):
//! 3 of 10 cases passed (the three distractors). After the rule, 7 of 10;
//! after a relative clause's verb may take an object ("the battle in which
//! Max Hoffmann planned the defeat of the Russian armies | was fought"), 9.
//! The one left ("the battle fought in which …") puts the participle before
//! the relative clause it belongs after.

mod common;

use common::{ask_default as ask, tally};
use slotchain::index::Index;
use slotchain::model::{Report, SlotState, TaskKind, Value};

/// Cases that must pass: the baseline, until the rule lands.
const MIN_PASSING: usize = 9;

fn pool() -> Index {
    common::pool(&[
        (
            "max-hoffmann",
            "Max Hoffmann",
            "Max Hoffmann (1869 – 1927) was a German staff officer. Together with Hindenburg, \
             he planned the defeat of the Russian armies at Tannenberg.",
        ),
        (
            "battle-of-tannenberg",
            "Battle of Tannenberg",
            "The Battle of Tannenberg was fought between Russia and Germany in August 1914. \
             It destroyed most of the Russian Second Army.",
        ),
        (
            "tannenberg-castle",
            "Tannenberg Castle",
            "Tannenberg Castle is a ruined castle in Hesse. It was destroyed in 1399.",
        ),
        (
            "kylian-hazard",
            "Kylian Hazard",
            "Kylian Hazard (born 1995) is a Belgian footballer. He has two older brothers, \
             Eden and Thorgan.",
        ),
        (
            "thorgan-hazard",
            "Thorgan Hazard",
            "Thorgan Hazard (born 1993) is a Belgian footballer who plays for the German club \
             Borussia Dortmund. He is the brother of Eden and Kylian Hazard.",
        ),
        (
            "james-montgomery",
            "Sir James Montgomery",
            "Sir James Montgomery (died 1694) was a Scottish politician. He was the tenth \
             laird of Skelmorlie.",
        ),
        (
            "skelmorlie-castle",
            "Skelmorlie Castle",
            "Skelmorlie Castle stands on the shore of the Firth of Clyde. It was the seat of \
             the Montgomery clan.",
        ),
        (
            "ada-kern",
            "Ada Kern",
            "Ada Kern (born 1950) is a Swiss historian. She wrote a study of the siege of \
             Lindau.",
        ),
        (
            "lindau",
            "Lindau",
            "Lindau is a town on Lake Constance. Its harbour has a lighthouse.",
        ),
    ])
}

/// The follow step found `bridge`, and the asked part is supported and
/// states `value`.
fn bridged(r: &Report, bridge: &str, value: &str) -> bool {
    let found = r.slots.iter().any(|s| {
        s.kind == TaskKind::Follow
            && s.state == SlotState::Supported
            && matches!(&s.value, Some(Value::Entity { id, .. }) if id == bridge)
    });
    let asked = r.slots.iter().filter(|s| s.asked).collect::<Vec<_>>();
    let answered = !asked.is_empty() && asked.iter().all(|s| s.state == SlotState::Supported);
    found && answered && r.answer.contains(value)
}

/// No asked part is supported, and the answer does not state `never`.
fn unanswered(r: &Report, never: &str) -> bool {
    r.slots
        .iter()
        .filter(|s| s.asked)
        .all(|s| s.state != SlotState::Supported)
        && !r.answer.contains(never)
}

#[test]
fn a_bridge_written_short_is_completed_to_its_page() {
    let index = pool();
    let answered: [(&str, &str, &str); 7] = [
        // HotpotQA's form: the relative description, the asked thing last.
        (
            "Max Hoffmann planned the defeat of the Russian armies in a battle fought when?",
            "Battle of Tannenberg",
            "August 1914",
        ),
        // Paraphrase: a wh-question over a relative clause.
        (
            "When was the battle fought in which Max Hoffmann planned the defeat of the \
             Russian armies?",
            "Battle of Tannenberg",
            "August 1914",
        ),
        // Another wording of the description, no question mark.
        (
            "the battle where Max Hoffmann planned the defeat of the Russian armies was fought \
             in what year",
            "Battle of Tannenberg",
            "1914",
        ),
        // The head noun after the name ("Skelmorlie Castle").
        (
            "Which shore does the castle, which Sir James Montgomery is the tenth laird of, \
             stand on?",
            "Skelmorlie Castle",
            "Firth of Clyde",
        ),
        (
            "On which shore does the castle stand whose tenth laird was Sir James Montgomery?",
            "Skelmorlie Castle",
            "Firth of Clyde",
        ),
        // The family name the question gives.
        (
            "Which of Kylian Hazard's older brothers plays for the German club Borussia \
             Dortmund?",
            "Thorgan Hazard",
            "Thorgan Hazard",
        ),
        (
            "Kylian Hazard's older brother who plays for Borussia Dortmund was born in which \
             year?",
            "Thorgan Hazard",
            "1993",
        ),
    ];
    let mut cases: Vec<(&str, bool, Report)> = Vec::new();
    for (q, bridge, value) in answered {
        let r = ask(&index, q);
        cases.push((q, bridged(&r, bridge, value), r));
    }
    // Distractors: a page by the completed title about something else (a
    // ruin in Hesse shares no word with Hoffmann's sentence but the name), a
    // name with no page by any completion ("Siege of Lindau"), and a bridge
    // whose page does not answer.
    for (q, never) in [
        (
            "Max Hoffmann planned the defeat of the Russian armies near a castle destroyed \
             when?",
            "1399",
        ),
        (
            "Ada Kern wrote a study of a siege that took place in which year?",
            "1950",
        ),
        // The sibling's page does not say what is asked of the brother.
        (
            "Which of Kylian Hazard's older brothers plays for Chelsea?",
            "Borussia",
        ),
    ] {
        let r = ask(&index, q);
        cases.push((q, unanswered(&r, never), r));
    }
    tally("short titles", &cases, MIN_PASSING);
}
