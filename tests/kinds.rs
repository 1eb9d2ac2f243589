//! A thing proposed for a "who", "where" or "which N" question must be of
//! the kind asked (issue 15: wrong answers marked supported; issue 19: the
//! answer states the final value, not the bridge).
//!
//! Over one small invented pool, each question names a page that leads to
//! the answer through another page (a bridge). The bridge itself is of
//! another kind than the question asks for: a sitcom for "written by who?",
//! a city for "what county?", a producer for "what film?", a festival for
//! "where?". Such a bridge must never be the supported answer, and a part
//! is supported only when its answer names the real one. Questions
//! whose kind the bridge does match, or whose kind noun is not a known kind
//! ("which commander"), must still be answered.
//!
//! Measured before the rule (the engine at 966a8d8, this file as it is): 7 of
//! 10 cases passed. Both "Long Tide" wordings were answered "Harbour Nights"
//! (the sitcom, taken for a person), and "… the county seat of what county in
//! Vermont?" led with the city, Millbrook. (The commit that added this file
//! counted 6 of 10 with a cruder check, which also failed a correct chain
//! that states the bridge before the answer.)

mod common;

use common::{ask_default as ask, tally, tally_each};
use slotchain::index::Index;
use slotchain::model::{Report, SlotState, Value};

fn pool() -> Index {
    let pages = [
        (
            "long-tide",
            "The Long Tide",
            "\"The Long Tide\" is an episode of the BBC sitcom \"Harbour Nights\". It first aired \
             in March 1996.",
        ),
        (
            "harbour-nights",
            "Harbour Nights",
            "Harbour Nights is a British television sitcom set in a fishing town. It was written \
             by Mara Quill and ran for six series.",
        ),
        (
            "mara-quill",
            "Mara Quill",
            "Mara Quill (born 4 May 1950) is an English screenwriter and playwright.",
        ),
        (
            "oakridge",
            "Oakridge Co-op",
            "Oakridge Co-op is a student housing cooperative in Millbrook, Vermont, founded in \
             1931.",
        ),
        (
            "millbrook",
            "Millbrook, Vermont",
            "Millbrook is the county seat and largest city of Alder County, Vermont. It lies on \
             the Otter River.",
        ),
        (
            "alder",
            "Alder County, Vermont",
            "Alder County is a county in the U.S. state of Vermont. Its county seat is Millbrook.",
        ),
        (
            "quinn",
            "Harold Quinn",
            "Harold Quinn (1898 – 1986) was an American film producer. In 1950 he produced a \
             drama with the actress Lena Voss.",
        ),
        (
            "night-harbour",
            "Night Harbour",
            "Night Harbour is a 1950 American drama film produced by Harold Quinn and starring \
             Lena Voss.",
        ),
        (
            "voss",
            "Lena Voss",
            "Lena Voss (1915 – 1990) was an American actress of stage and film.",
        ),
        (
            "glowfest",
            "Glowfest",
            "Glowfest was a music festival organised by Dale Marsh. It was meant to take place on \
             the island of Kettle Cay.",
        ),
        (
            "marsh",
            "Dale Marsh",
            "Dale Marsh is an American promoter. He was charged with fraud over the festival he \
             organised, Glowfest.",
        ),
        (
            "kettle",
            "Kettle Cay",
            "Kettle Cay is an island in the Bahamas.",
        ),
        (
            "varnagar",
            "Siege of Varnagar",
            "The Siege of Varnagar took place in 1826, when the commander-in-chief Stapleton Reeve \
             stormed the fort.",
        ),
        (
            "reeve",
            "Stapleton Reeve",
            "Stapleton Reeve (1773 – 1865) was a British Army officer and diplomat. He stormed \
             the fort of Varnagar in 1826.",
        ),
        (
            "tidewalkers",
            "The Tidewalkers",
            "The Tidewalkers are a folk-rock band from Cork. They recorded the song Sea Glass in \
             2003.",
        ),
        (
            "sea-glass",
            "Sea Glass",
            "\"Sea Glass\" is a song recorded by The Tidewalkers for their album Low Water.",
        ),
        (
            "low-water-tour",
            "Low Water Tour",
            "The Low Water Tour was a concert tour by the Irish folk-rock band The Tidewalkers. \
             It started in Cork in 2004 and ended in Galway.",
        ),
    ];
    common::pool(&pages)
}

/// The bridge is never the supported value, and a supported answer names
/// the real answer: supported only when right (else missing, which is
/// honest).
fn bridge_not_answered(r: &Report, bridge: &str, answer: &str) -> bool {
    let as_value = |v: &Value| match v {
        Value::Entity { id, .. } => id == bridge,
        Value::Stated { value, .. } => value == bridge,
        _ => false,
    };
    let asked: Vec<_> = r.slots.iter().filter(|s| s.asked).collect();
    let supported = asked.iter().all(|s| s.state == SlotState::Supported);
    !asked
        .iter()
        .any(|s| s.state == SlotState::Supported && s.value.as_ref().is_some_and(as_value))
        && (!supported || r.answer.contains(answer))
}

/// Every asked slot is supported and the answer text names `value`.
fn answered(r: &Report, value: &str) -> bool {
    let asked: Vec<_> = r.slots.iter().filter(|s| s.asked).collect();
    !asked.is_empty()
        && asked.iter().all(|s| s.state == SlotState::Supported)
        && r.answer.contains(value)
}

#[test]
fn a_bridge_of_another_kind_is_not_the_answer() {
    let index = pool();
    // (question, the bridge that must not be the answer, the answer)
    let cases = [
        (
            "\"The Long Tide\" is an episode of a BBC sitcom written by who?",
            "Harbour Nights",
            "Mara Quill",
        ),
        (
            "The Long Tide is an episode of a sitcom that was written by whom",
            "Harbour Nights",
            "Mara Quill",
        ),
        (
            "Oakridge Co-op is located in a city that is the county seat of what county in Vermont?",
            "Millbrook, Vermont",
            "Alder County",
        ),
        (
            "Oakridge Co-op lies in a city which is the seat of which county?",
            "Millbrook, Vermont",
            "Alder County",
        ),
        (
            "Harold Quinn as producer and Lena Voss as actress made what 1950 film?",
            "Harold Quinn",
            "Night Harbour",
        ),
        (
            "Where was the music festival Dale Marsh was charged with fraud for meant to take place?",
            "Glowfest",
            "Kettle Cay",
        ),
        // A concert tour is an event, never the band that made it.
        (
            "Which Irish folk-rock band went on the Low Water Tour in 2004?",
            "Low Water Tour",
            "The Tidewalkers",
        ),
        (
            "The Low Water Tour, which started in Cork, was by what band?",
            "Low Water Tour",
            "The Tidewalkers",
        ),
    ];
    tally_each("bridge", &index, &cases, bridge_not_answered);
}

#[test]
fn a_thing_of_the_kind_asked_is_still_answered() {
    let index = pool();
    let cases = [
        // The kind noun is no known kind: nothing is ruled out.
        (
            "During the Siege of Varnagar, which commander-in-chief stormed the fort?",
            "Stapleton Reeve",
        ),
        // A band answers "who".
        (
            "Who recorded the song Sea Glass for the album Low Water?",
            "The Tidewalkers",
        ),
        // The thing asked for is of the kind asked.
        (
            "Harold Quinn produced which 1950 drama film starring Lena Voss?",
            "Night Harbour",
        ),
        (
            "Glowfest was meant to take place on which island?",
            "Kettle Cay",
        ),
        // A relative set off by commas only describes: the WH word after
        // it asks.
        (
            "The Tidewalkers, who are from Cork, recorded which song in 2003?",
            "Sea Glass",
        ),
        (
            "Sea Glass, which The Tidewalkers recorded in 2003, is on which album?",
            "Low Water",
        ),
        // A tour is what "which tour" asks for.
        (
            "Which concert tour by The Tidewalkers started in Cork?",
            "Low Water Tour",
        ),
    ];
    let outcomes: Vec<_> = cases
        .iter()
        .map(|&(q, value)| {
            let r = ask(&index, q);
            (q, answered(&r, value), r)
        })
        .collect();
    tally("same-kind", &outcomes, cases.len());
}

/// A hall is a building: "the concert hall of Aldermoor College" is never
/// the town the college stands in, though the town shares the college's
/// name. Over the demo's encyclopedia pool (`corpus/encyclopedia`): a
/// college in a town, the town, and a concert hall in the town that no page
/// ties to the college, among pages about other things (a pool of those
/// three pages alone weighs "Aldermoor" as a common word, and nothing is
/// proposed at all).
///
/// Measured before "hall" was a kind of building (the engine at ea8a994):
/// 3 of 8 cases passed (three of the answers): each distractor proposed
/// the town, Aldermoor (a word of the college's name, from "in the town of
/// Aldermoor"), as the concert hall, and three of them were supported
/// (900 seats or 1892 from the town's hall, or the college's sentence).
/// After: 7 of 8. "Which hall did the Aldermoor Choral
/// Union open?" is answered by the sentence that says so ("It was opened
/// … by … the Aldermoor Choral Union") without naming the hall itself.
#[test]
fn a_hall_is_a_building_not_the_town_it_stands_in() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/corpus/encyclopedia/passages.jsonl"
    );
    let passages = slotchain::ingest::passages(file).expect("the encyclopedia pool reads");
    let index =
        Index::build(passages, vec![], Default::default(), Default::default()).expect("it indexes");
    // No page says the college has a hall: missing, never the town nor 900.
    let distractors = [
        "How many seats does the concert hall of Aldermoor College have?",
        "what is the seating capacity of Aldermoor College's concert hall",
        "Which concert hall belongs to Aldermoor College?",
        "The concert hall of Aldermoor College was opened in which year?",
    ];
    let mut outcomes: Vec<_> = distractors
        .iter()
        .map(|&q| {
            let r = ask(&index, q);
            let asked: Vec<_> = r.slots.iter().filter(|s| s.asked).collect();
            let town = r.slots.iter().any(|s| {
                s.state == SlotState::Supported
                    && matches!(&s.value, Some(Value::Entity { id, .. }) if id == "Aldermoor")
            });
            let honest = asked.iter().any(|s| s.state != SlotState::Supported)
                && !town
                && !r.answer.contains("900")
                && !r.answer.contains("1892");
            (q, honest, r)
        })
        .collect();
    // What the pages do say is still answered.
    let answers = [
        (
            "Which concert hall in Aldermoor was opened in 1892?",
            "Reid's Hall",
        ),
        (
            "Which hall did the Aldermoor Choral Union open?",
            "Reid's Hall",
        ),
        ("How many people does Reid's Hall seat?", "900"),
        ("In which town is Reid's Hall?", "Aldermoor"),
    ];
    for &(q, value) in &answers {
        let r = ask(&index, q);
        outcomes.push((q, answered(&r, value), r));
    }
    tally("hall", &outcomes, 7);
}

/// A playing position is a person's: "which forward …?" is never answered
/// by a season's page, nor by a club. A pool of a season's page naming its
/// main players by position, two players' pages, the club's page, and a
/// page about something else.
///
/// Measured before the change (the engine at 63c6c92, this test as it is):
/// 2 of 5 cases passed (the striker and the goalkeeper). "Which Argentine
/// forward was one of the main players of Kestrel FC?" and the midfielder
/// distractor were both answered with the season's page: "one of the main
/// players of Kestrel FC" was found first as one thing, the season; the
/// Argentine defender distractor was answered with the forward. After: 4
/// of 5 (the defender still is: his page says he "played as a forward",
/// which no rule reads as another position).
#[test]
fn a_playing_position_is_a_person() {
    let index = common::pool(&[
        (
            "kestrel-1999",
            "1998–99 Kestrel FC season",
            "Kestrel FC had a successful season, finishing in the top four of the league. Among \
             the main players behind the success were goalkeeper Jon Lasa and lethal striker \
             Claudio Ferraz.",
        ),
        (
            "ferraz",
            "Claudio Ferraz",
            "Claudio Javier Ferraz (born 17 July 1974) is a retired Argentine footballer who \
             played as a forward.",
        ),
        (
            "lasa",
            "Jon Lasa",
            "Jon Lasa (born 3 March 1970) is a Spanish former goalkeeper. He spent most of his \
             career with Kestrel FC.",
        ),
        (
            "kestrel-fc",
            "Kestrel FC",
            "Kestrel FC is a football club based in Kestrel Bay. The club plays at the Harbour \
             Ground.",
        ),
        (
            "harbour-ground",
            "Harbour Ground",
            "The Harbour Ground is a football stadium in Kestrel Bay with 22,000 seats.",
        ),
    ]);
    let mut outcomes: Vec<(&str, bool, slotchain::model::Report)> = Vec::new();
    for (q, player) in [
        (
            "Which Argentine forward was one of the main players of Kestrel FC?",
            "Claudio Ferraz",
        ),
        (
            "which striker was a main player of Kestrel FC in the 1998–99 season",
            "Claudio Ferraz",
        ),
        (
            "Which Spanish goalkeeper spent most of his career with Kestrel FC?",
            "Jon Lasa",
        ),
    ] {
        let r = ask(&index, q);
        outcomes.push((q, answered(&r, player), r));
    }
    // No page names a midfielder: never the season, the club or a player.
    for q in [
        "Which midfielder was one of the main players of Kestrel FC?",
        "which Argentine defender played for Kestrel FC",
    ] {
        let r = ask(&index, q);
        let wrong = [
            "1998–99 Kestrel FC season",
            "Kestrel FC",
            "Claudio Ferraz",
            "Jon Lasa",
        ]
        .iter()
        .any(|v| r.answer.contains(&format!("— {v}")));
        let honest = r
            .slots
            .iter()
            .any(|s| s.asked && s.state != SlotState::Supported);
        outcomes.push((q, honest && !wrong, r));
    }
    tally("position", &outcomes, 4);
}
