//! Open-text chains and comparisons (issue 19) over the demo's encyclopedia
//! pool (`corpus/encyclopedia`): pages written in plain prose, with no
//! declared entities, and distractors that share most words.
//!
//! Each case asserts the plan's shape (the kinds of its slots, in order), the
//! state and value of the part the question asks (the last slot), and for a
//! chain the bridge entity its first step found. The cases were written
//! together: each form in several wordings (a description with and without
//! its kind noun, a possessive, another preposition; a comparison by birth,
//! by founding with another verb, by release), and questions whose answer is
//! not in the pool (a page that does not state the value, a thing with no
//! page, a film that does not exist), which must not come out `supported`.
//! The suite prints every failure and fails below [`MIN_PASS`].

use slotchain::index::{Bm25, Index};
use slotchain::model::{Report, Scope, SlotState, TaskKind, Value};
use slotchain::{ingest, Options};

/// Cases that must pass. Raised as the engine improves; never lowered to
/// make a change pass. The three negation cases ("Which band is not from
/// Scotland, …?") were written before the change that reads them: 32 of 34
/// before it (the two choices unresolved), 34 after; the two "Where is the
/// …" cases likewise: 35 of 36 before (the album was proposed as its own
/// label's page), 36 after; the two Tomas Varga places: 37 of 38 before
/// ("study" answered Szeged, where he was born), 38 after; the three Salt
/// Roads role cases: 40 of 41 before ("the director behind" was missing:
/// no page writes "behind"), 41 after.
const MIN_PASS: usize = 41;

/// [`held_out`] cases that must pass. Measured: 10 of 20 on the engine
/// before this suite's changes, 14 when they were written; one change came
/// after them (a head that names someone without a page, "bassist Alan
/// Pryce", yields no title), which fixed the bassist case: 15; then such a
/// passage ends the follow step (no other page's title is that guitarist),
/// written for [`relative_clauses`]: 16; then a life date must be written
/// as one ("born", "died" or a life span in parentheses), a rule written
/// after this set showed the Judit Halasz failure (so that case is no longer
/// held out), and checked on HotpotQA (a release year no longer answers a
/// singer's birth): 17; then issue 15's name rules (names by rarity, split
/// over linked pages, a compared thing read on its own page), not written for
/// these cases: 19; then a follow step's unknown role noun and linking
/// preposition are soft, a change written for the last failing case ("the
/// filmmaker behind Salt Roads", so it is no longer held out) with cases of
/// its own in [`cases`]: 20.
const MIN_HELD_OUT: usize = 20;

const POOL: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/corpus/encyclopedia/passages.jsonl"
);

use SlotState::Supported;

/// The slot kinds of a plan, in order: `F` follow, `R` retrieve, `C` compare.
fn shape(r: &Report) -> String {
    r.slots
        .iter()
        .map(|s| match s.kind {
            TaskKind::Follow => 'F',
            TaskKind::Retrieve => 'R',
            TaskKind::Compare => 'C',
            TaskKind::Compute => 'X',
        })
        .collect()
}

/// A value in words: what the case's expected text is looked for in.
fn words(v: &Value) -> String {
    match v {
        Value::Stated { value, .. } => value.clone(),
        Value::Choice { label, .. } => label.clone(),
        Value::Verdict { holds, .. } => if *holds { "yes" } else { "no" }.into(),
        Value::Common { value, .. } => value.clone(),
        Value::Entity { id, .. } => id.clone(),
        Value::Passage { text, .. } => text.clone(),
        other => format!("{other:?}"),
    }
}

struct Case {
    question: &'static str,
    /// The plan's slot kinds ("FR": a follow step, then a retrieval).
    shape: &'static str,
    /// The asked part's value contains this; `None`: it is not `supported`.
    value: Option<&'static str>,
    /// The first follow step's value (the bridge entity), when it matters.
    bridge: Option<&'static str>,
}

const fn chain(q: &'static str, bridge: &'static str, value: &'static str) -> Case {
    Case {
        question: q,
        shape: "FR",
        value: Some(value),
        bridge: Some(bridge),
    }
}

const fn compare(q: &'static str, value: &'static str) -> Case {
    Case {
        question: q,
        shape: "RRC",
        value: Some(value),
        bridge: None,
    }
}

/// A plan of this shape whose asked part states `value`.
const fn answered(q: &'static str, shape: &'static str, value: &'static str) -> Case {
    Case {
        question: q,
        shape,
        value: Some(value),
        bridge: None,
    }
}

/// Not answerable from the pool: any plan, but never `supported`.
const fn unanswerable(q: &'static str) -> Case {
    Case {
        question: q,
        shape: "",
        value: None,
        bridge: None,
    }
}

fn cases() -> Vec<Case> {
    vec![
        // A role noun and a preposition the pool never writes ("filmmaker",
        // "behind"; its pages say "film director"); a role the named page
        // gives no one ("novelist").
        chain(
            "What year was the filmmaker of Salt Roads born?",
            "Elena Sorensen",
            "1962",
        ),
        chain(
            "When was the director behind Salt Roads born?",
            "Elena Sorensen",
            "1962",
        ),
        unanswerable("What year was the novelist behind Salt Roads born?"),
        // Descriptions: the director / drummer / label of a named thing.
        chain(
            "In what year was the director of the film The Lantern Keeper born?",
            "Tomas Varga",
            "1958",
        ),
        chain(
            "In what year was the director of The Lantern Keeper born?",
            "Tomas Varga",
            "1958",
        ),
        chain(
            "When was the director of Salt Roads born?",
            "Elena Sorensen",
            "1962",
        ),
        chain(
            "Where was the director of The Lantern Keeper born?",
            "Tomas Varga",
            "Szeged",
        ),
        chain(
            "When was The Lantern Keeper's director born?",
            "Tomas Varga",
            "1958",
        ),
        chain(
            "In what year was the drummer from the album Harbour Lights born?",
            "Iona Fraser",
            "1971",
        ),
        chain(
            "In what year was the drummer from the album Northern Stars born?",
            "Ruth Mackay",
            "1976",
        ),
        chain(
            "What year was the drummer on Northern Stars born?",
            "Ruth Mackay",
            "1976",
        ),
        chain(
            "In which city was the label that released Harbour Lights founded?",
            "Northgate Records",
            "Glasgow",
        ),
        Case {
            question: "In what year was the drummer of the band that recorded Harbour Lights born?",
            shape: "FFR",
            value: Some("1971"),
            bridge: Some("The Tidewalkers"),
        },
        // Descriptions whose answer the pool does not hold.
        unanswerable("Where was the director of the film Salt Roads born?"),
        unanswerable("Where was the founder of Northgate Records born?"),
        unanswerable("In what year was the producer of Harbour Lights born?"),
        unanswerable("In what year was the director of the film The Lighthouse Keeper born?"),
        unanswerable("In what year was the drummer from the album Low Water born?"),
        // Comparisons by a date.
        compare(
            "Which band was formed first, The Tidewalkers or The Greywell Sisters?",
            "The Tidewalkers",
        ),
        compare(
            "Which band was formed later, The Tidewalkers or The Greywell Sisters?",
            "The Greywell Sisters",
        ),
        compare("Who is older, Callum Reid or Iona Fraser?", "Callum Reid"),
        compare(
            "Who is younger, Tomas Varga or Elena Sorensen?",
            "Elena Sorensen",
        ),
        compare(
            "Who was born first, Ruth Mackay or Iona Fraser?",
            "Iona Fraser",
        ),
        compare(
            "Which is older, Aldermoor College or Kestrel Bay University?",
            "Aldermoor College",
        ),
        compare(
            "Which was founded first, Aldermoor College or Kestrel Bay University?",
            "Aldermoor College",
        ),
        compare(
            "Which was established first, Kestrel Bay University or Aldermoor College?",
            "Aldermoor College",
        ),
        compare(
            "Which film came out first, The Lantern Keeper or Salt Roads?",
            "Salt Roads",
        ),
        // Comparisons by what the things are.
        compare(
            "Were Tomas Varga and Elena Sorensen of the same nationality?",
            "no",
        ),
        compare(
            "Are Tomas Varga and Elena Sorensen both film directors?",
            "yes",
        ),
        compare("Are Callum Reid and Iona Fraser both drummers?", "no"),
        compare("Are Harbour Lights and Northern Stars both albums?", "yes"),
        compare(
            "What do Tomas Varga and Elena Sorensen have in common?",
            "director",
        ),
        // A choice ruled out by a negation: the one whose page does not say it.
        compare(
            "Which band is not from Scotland, The Tidewalkers or The Greywell Sisters?",
            "The Greywell Sisters",
        ),
        compare(
            "Which film director was born outside of Hungary, Tomas Varga or Elena Sorensen?",
            "Elena Sorensen",
        ),
        // Both pages say what is ruled out: no choice.
        unanswerable("Which musician is not Scottish, Iona Fraser or Callum Reid?"),
        // Where a named thing is, after its article: asked of its own page,
        // never proposed as its own answer.
        answered("Where is the Harbour Lights album recorded?", "R", "Leith"),
        answered("Where was the Lantern Keeper filmed?", "R", "Croatia"),
        // The place of the verb asked, not a nearer one of another verb.
        answered("Where did Tomas Varga study?", "R", "Budapest"),
        answered("Where was Tomas Varga born?", "R", "Szeged"),
        // A compared thing without a page: no choice is made.
        Case {
            question: "Who is older, Callum Reid or Moira Kerr?",
            shape: "",
            value: None,
            bridge: None,
        },
        unanswerable("Which band was formed first, The Tidewalkers or The Quiet Ones?"),
    ]
}

/// Written after the engine changes of the cases above, and only measured:
/// other heads ("singer", "lead vocalist", "label behind"), other verbs
/// ("grew up in"), `Salt Roads's`, things with no page (a guitarist, a
/// bassist), a band and a film that do not exist, comparisons in other words.
fn held_out() -> Vec<Case> {
    vec![
        chain(
            "Which city did the drummer of Harbour Lights grow up in?",
            "Iona Fraser",
            "Oban",
        ),
        chain(
            "When was the singer on Harbour Lights born?",
            "Callum Reid",
            "1966",
        ),
        chain(
            "What year was the lead vocalist of The Tidewalkers born?",
            "Callum Reid",
            "1966",
        ),
        chain(
            "In which year was the label behind Northern Stars founded?",
            "Northgate Records",
            "1985",
        ),
        chain(
            "Where was the label of Northern Stars founded?",
            "Northgate Records",
            "Glasgow",
        ),
        chain(
            "When was the drummer of The Greywell Sisters born?",
            "Ruth Mackay",
            "1976",
        ),
        chain(
            "Salt Roads's director was born in what year?",
            "Elena Sorensen",
            "1962",
        ),
        chain(
            "What year was the filmmaker behind Salt Roads born?",
            "Elena Sorensen",
            "1962",
        ),
        unanswerable("When was the drummer of The Quiet Ones born?"),
        unanswerable("In what year was the guitarist of Harbour Lights born?"),
        unanswerable("When was the bassist on Northern Stars born?"),
        unanswerable("In what year was the director of the film Salt Marsh born?"),
        unanswerable("Who is older, Tomas Varga or Judit Halasz?"),
        compare(
            "Who was born first, Iona Fraser or Ruth Mackay?",
            "Iona Fraser",
        ),
        compare(
            "Which drummer is younger, Iona Fraser or Ruth Mackay?",
            "Ruth Mackay",
        ),
        compare(
            "Which album was released earlier, Northern Stars or Harbour Lights?",
            "Harbour Lights",
        ),
        compare(
            "Which came first, Salt Roads or The Lantern Keeper?",
            "Salt Roads",
        ),
        compare(
            "Are The Tidewalkers and The Greywell Sisters both from Scotland?",
            "no",
        ),
        compare("Were Iona Fraser and Ruth Mackay both drummers?", "yes"),
        compare(
            "Which is the older band, The Greywell Sisters or The Tidewalkers?",
            "The Tidewalkers",
        ),
    ]
}

fn index() -> Index {
    let passages = ingest::passages(POOL).expect("the pool loads");
    Index::build(passages, vec![], Default::default(), Bm25::default()).expect("it indexes")
}

/// The pipeline's report for a question over `index`, with the default
/// scope and options.
fn ask(index: &Index, question: &str) -> Result<Report, String> {
    slotchain::ask(
        index,
        question,
        &Scope::default(),
        &Options::default(),
        false,
    )
    .map_err(|e| e.to_string())
}

fn check(index: &Index, c: &Case) -> Result<(), String> {
    let r = ask(index, c.question)?;
    let got = shape(&r);
    if !c.shape.is_empty() && got != c.shape {
        return Err(format!("plan {got}, want {}", c.shape));
    }
    let last = r.slots.last().ok_or("no slot")?;
    let value = last.value.as_ref().map(words).unwrap_or_default();
    match c.value {
        Some(want) => {
            if last.state != Supported || !value.contains(want) {
                return Err(format!(
                    "{:?} {:?}: {value:?}, want {want:?}",
                    last.state, last.reason
                ));
            }
        }
        None => {
            if r.slots.iter().any(|s| s.asked && s.state == Supported) {
                return Err(format!("supported: {value:?} ({})", r.answer));
            }
        }
    }
    if let Some(want) = c.bridge {
        let step = r.slots.iter().find(|s| s.kind == TaskKind::Follow);
        let found = step.and_then(|s| s.value.as_ref()).map(words);
        if found.as_deref() != Some(want) {
            return Err(format!("bridge {found:?}, want {want:?}"));
        }
    }
    Ok(())
}

/// Runs the cases, prints each failure, and fails below `min`.
fn run(name: &str, cases: &[Case], min: usize) {
    let index = index();
    let mut passed = 0;
    for c in cases {
        match check(&index, c) {
            Ok(()) => passed += 1,
            Err(e) => eprintln!("FAIL {}\n     {e}", c.question),
        }
    }
    eprintln!("{passed} of {} {name} cases pass", cases.len());
    assert!(
        passed >= min,
        "{passed} of {} {name} cases pass, fewer than {min}",
        cases.len()
    );
}

/// Questions that ask in place after a relative clause: the clause
/// describes the bridge ("… directed by a filmmaker who was born in what
/// year?"), and the value asked is of it, not of the named page. Written
/// before the change that reads them (a relative "who"/"which"/"whose" does
/// not ask; the WH word in place does), with distractors whose bridge has no
/// page or whose value the page does not state.
fn relative_clauses() -> Vec<Case> {
    vec![
        chain(
            "The Lantern Keeper was directed by a filmmaker who was born in what year?",
            "Tomas Varga",
            "1958",
        ),
        chain(
            "Salt Roads was directed by a woman who was born in which year?",
            "Elena Sorensen",
            "1962",
        ),
        chain(
            "Harbour Lights was recorded by a band which was formed in what year?",
            "The Tidewalkers",
            "1991",
        ),
        chain(
            "Northern Stars was released by a label which was founded where?",
            "Northgate Records",
            "Glasgow",
        ),
        chain(
            "The Greywell Sisters had a drummer who later worked as a session musician in which city?",
            "Ruth Mackay",
            "London",
        ),
        chain(
            "Harbour Lights features a drummer who grew up in what town?",
            "Iona Fraser",
            "Oban",
        ),
        // The bridge has no page, or its page does not state the value.
        unanswerable("The Lantern Keeper was written by a screenwriter who was born in what year?"),
        unanswerable("Harbour Lights was produced by a producer who was born in what year?"),
        unanswerable("Northern Stars was released by a label whose founder was born in what year?"),
        // Extraposed: the relative clause after the main clause's verb
        // describes the noun before it.
        chain(
            "In which town did the drummer grow up who played on Harbour Lights?",
            "Iona Fraser",
            "Oban",
        ),
        chain(
            "In what year was the director born who made The Lantern Keeper?",
            "Tomas Varga",
            "1958",
        ),
        unanswerable("Where was the producer born who worked on Harbour Lights?"),
        // The drummer's page gives no birthplace; the singer the album also
        // names is no drummer, though his page does. Between commas too.
        unanswerable("Where was the drummer who played on Harbour Lights born?"),
        unanswerable("Where was the drummer, who played on Harbour Lights, born?"),
        chain(
            "In what town did the drummer, who played on Harbour Lights, grow up?",
            "Iona Fraser",
            "Oban",
        ),
        // A date's comma inside the clause does not close it.
        chain(
            "In what town did the drummer, who was born on March 14, 1971, grow up?",
            "Iona Fraser",
            "Oban",
        ),
        chain(
            "In which year was the label, which opened its second office in Manchester in 2012, founded?",
            "Northgate Records",
            "1985",
        ),
        // The only person Salt Roads names is its director, no novelist; a
        // filmmaker is a director.
        unanswerable("Salt Roads was written by a novelist who was born in which year?"),
        chain(
            "Salt Roads was made by a filmmaker who was born in what year?",
            "Elena Sorensen",
            "1962",
        ),
    ]
}

/// [`relative_clauses`] cases that must pass: 2 of 9 on the engine before
/// the change (5c7eb44: only two whose answer is that nothing is found), 9
/// after. The novelist and filmmaker cases, added later: 10 of 11 before a
/// mentioned page's roles were checked (the director was taken for "written
/// by a novelist"), 11 after. The three extraposed cases, added later: 13 of
/// 14 before the extraposed reading (the drummer's town was answered with the
/// album's studio town, Leith), 14 after. The three drummer cases: 15 of 17
/// before a page holding the role asked ruled out those holding only others
/// (both birthplace questions were answered with the singer's, Dundee), 17
/// after.
const MIN_RELATIVE: usize = 19;

#[test]
fn relative_clause_wordings() {
    run("relative-clause", &relative_clauses(), MIN_RELATIVE);
}

/// Reduced relative clauses: a participle right after the bridge's noun
/// ("… directed by a filmmaker born in which year?"). Written before the
/// change that reads them, with distractors whose bridge has no page, or
/// whose relation the anchor's page does not state.
fn reduced_relatives() -> Vec<Case> {
    vec![
        chain(
            "Salt Roads is a film directed by a filmmaker born in which year?",
            "Elena Sorensen",
            "1962",
        ),
        chain(
            "Harbour Lights is an album recorded by a band formed in what year?",
            "The Tidewalkers",
            "1991",
        ),
        chain(
            "Northern Stars is an album released by a label founded in which city?",
            "Northgate Records",
            "Glasgow",
        ),
        // The producer has no page; the university is not named.
        unanswerable("Harbour Lights is an album produced by a producer born in which year?"),
        unanswerable("Tomas Varga is a director trained at a university founded in what year?"),
        // Salt Roads names its director, no writer.
        unanswerable("Salt Roads is a film written by a novelist born in which year?"),
    ]
}

/// [`reduced_relatives`] cases that must pass: 1 of 6 before the change (the
/// two pageless bridges were answered with the anchor's own birth years, the
/// label's city was a quoted sentence), 5 after; 6 once a mentioned page
/// that says it is only a director is no novelist's.
const MIN_REDUCED: usize = 6;

#[test]
fn reduced_relative_wordings() {
    run("reduced-relative", &reduced_relatives(), MIN_REDUCED);
}

/// An ordinal on the thing asked ("first solo album", "third album",
/// "debut album"): the thing found must be the one of that rank, by the page
/// that says so, and "debut" or "1st" is "first". Written before the change
/// that reads them, with distractors: an album of another rank whose page
/// matches every other word (Harbour Lights is the band's third studio
/// album, no one's first solo album), and a rank no page states.
fn ordinals() -> Vec<Case> {
    vec![
        unanswerable("When was Callum Reid's first solo album released?"),
        unanswerable("In what year did Callum Reid's debut solo album come out?"),
        unanswerable("Callum Reid's first solo album was released when?"),
        unanswerable("Which label released the second album by The Tidewalkers?"),
        unanswerable("When was The Tidewalkers' second studio album released?"),
        chain(
            "When was the debut album of The Greywell Sisters released?",
            "Northern Stars (album)",
            "2001",
        ),
        chain(
            "Which label released the first album by The Greywell Sisters?",
            "Northern Stars (album)",
            "Northgate",
        ),
        chain(
            "Which label released the third album by The Tidewalkers?",
            "Harbour Lights (album)",
            "Northgate",
        ),
        answered(
            "When was The Tidewalkers' third album released?",
            "R",
            "1998",
        ),
        chain(
            "In what year was the 1st studio album by The Greywell Sisters released?",
            "Northern Stars (album)",
            "2001",
        ),
    ]
}

/// [`ordinals`] cases that must pass: 4 of 10 before the change that reads
/// ordinals (Harbour Lights was Callum Reid's first solo album; the band's
/// "seven studio albums" answered for its second; "first" did not find
/// "debut"), 10 after.
const MIN_ORDINALS: usize = 10;

#[test]
fn ordinal_wordings() {
    run("ordinal", &ordinals(), MIN_ORDINALS);
}

#[test]
fn open_text_chains_and_comparisons() {
    run("open-text", &cases(), MIN_PASS);
}

#[test]
fn held_out_wordings() {
    run("held-out", &held_out(), MIN_HELD_OUT);
}

/// One asked part of a [`Compound`]: the top evidence passage and a word
/// of the value when it is `supported`, `None` when it must not be.
type PartWant = Option<(&'static str, &'static str)>;

/// A compound question: its asked parts, in order.
struct Compound {
    question: &'static str,
    parts: &'static [PartWant],
}

/// Compound questions whose first part carries what a splitter must not cut
/// at: a list of names with a serial comma ("…, B, and C, and what …?"), a
/// question mark inside a quoted title, one asked thing over two verb
/// phrases ("which drummer grew up in Oban and studied in Glasgow?"). Written
/// before the change that reads them, with distractors that must still split
/// (a second auxiliary question) or stay one part (a plain list).
fn compounds() -> Vec<Compound> {
    vec![
        Compound {
            question: "Which album features singer Callum Reid, guitarist Sean Dalgleish, and drummer Iona Fraser, and in what year was Tomas Varga born?",
            parts: &[Some(("harbour-lights", "Callum Reid")), Some(("tomas-varga", "1958"))],
        },
        Compound {
            question: "Which label released albums by The Tidewalkers, The Greywell Sisters, and others, and when was Elena Sorensen born?",
            parts: &[Some(("northgate-records", "Northgate")), Some(("elena-sorensen", "1962"))],
        },
        Compound {
            question: "Who played drums on \"Harbour Lights?\", and when was Ruth Mackay born?",
            parts: &[Some(("harbour-lights", "Iona Fraser")), Some(("ruth-mackay", "1976"))],
        },
        Compound {
            question: "Which drummer grew up in Oban and studied music in Glasgow?",
            parts: &[Some(("iona-fraser", "Oban"))],
        },
        Compound {
            question: "Which film director was born in Szeged and studied in Budapest, and which band was formed first, The Tidewalkers or The Greywell Sisters?",
            parts: &[Some(("tomas-varga", "Szeged")), Some(("tidewalkers", "The Tidewalkers"))],
        },
        Compound {
            question: "What band was formed in Norwich and was reunited for a tour in 2018",
            parts: &[Some(("greywell-sisters", "Greywell"))],
        },
        // Must still split: a second question after "and" with its own subject.
        Compound {
            question: "Which band did Iona Fraser join in 1995, and is Gull Island reachable by ferry?",
            parts: &[Some(("tidewalkers", "1995")), Some(("gull-island", "ferry"))],
        },
        // No album has both (Alan Pryce plays on Northern Stars).
        Compound {
            question: "Which album features bassist Alan Pryce and singer Callum Reid?",
            parts: &[None],
        },
        // A plain list in one question stays one part.
        Compound {
            question: "Which label released albums by The Tidewalkers, The Greywell Sisters, and others?",
            parts: &[Some(("northgate-records", "Northgate"))],
        },
    ]
}

/// [`compounds`] cases that must pass: 4 of 9 before the change that reads
/// them (the split at the list's last comma, the quoted question mark, "and
/// was reunited" taken for a new question, "others" taken for a topic the
/// corpus lacks), 6 after; 8 after issue 15's name rules (names by rarity,
/// names split over linked pages: the album case and the page naming one of
/// two musicians). Still failing: "Who played drums on …?" is answered on
/// the drummer's own page, not the album's that the case expects.
const MIN_COMPOUND: usize = 8;

/// The gap line names the part as it was asked: not the verification query
/// a proposal fills in ("… based out of where The Tidewalkers"), and a part
/// whose proposal failed once, not as "X (needed for: X)".
#[test]
fn gap_lines_name_the_part_as_asked() {
    let index = index();
    for q in [
        "The Tidewalkers and The Greywell Sisters are both based out of where?",
        "Which festival did Salt Roads win a prize at?",
    ] {
        let r = ask(&index, q).expect("it answers");
        assert!(r.slots.iter().all(|s| s.state != Supported), "{}", r.answer);
        // "win" is known to a corpus that writes "won": the page is read
        // (and names a festival with no page), not dismissed unread.
        let reasons: Vec<_> = r.slots.iter().filter_map(|s| s.reason.as_deref()).collect();
        assert!(
            !reasons.iter().any(|r| r.contains("mentions \"win\"")),
            "{reasons:?}"
        );
        assert_eq!(
            r.answer,
            format!("I couldn't find documented information on: {q}")
        );
    }
}

fn check_compound(index: &Index, c: &Compound) -> Result<(), String> {
    let r = ask(index, c.question)?;
    let asked: Vec<_> = r.slots.iter().filter(|s| s.asked).collect();
    let questions: Vec<&str> = asked.iter().map(|s| s.question.as_str()).collect();
    if asked.len() != c.parts.len() {
        return Err(format!(
            "{} parts {questions:?}, want {}",
            asked.len(),
            c.parts.len()
        ));
    }
    if let Some(q) = questions.iter().find(|q| q.starts_with(['"', ',', '”'])) {
        return Err(format!("a part starts with punctuation: {q:?}"));
    }
    for (slot, want) in asked.iter().zip(c.parts) {
        let top = slot.evidence.first().map(|e| e.passage_id.as_str());
        match want {
            Some((id, word)) => {
                let said = slot.value.as_ref().map(words).unwrap_or_default();
                let quoted = slot
                    .evidence
                    .first()
                    .map(|e| e.span.text.clone())
                    .unwrap_or_default();
                // A comparison cites its inputs, not one passage.
                let cited = slot.kind == TaskKind::Compare || top == Some(*id);
                if slot.state != Supported || !cited {
                    return Err(format!(
                        "{}: {:?} {:?} top {top:?}, want {id}",
                        slot.question, slot.state, slot.reason
                    ));
                }
                let title = slot.evidence.first().map_or("", |e| e.title.as_str());
                if ![said.as_str(), quoted.as_str(), title]
                    .iter()
                    .any(|t| t.contains(word))
                {
                    return Err(format!(
                        "{}: {said:?} / {quoted:?}, want {word:?}",
                        slot.question
                    ));
                }
            }
            None if slot.state == Supported => {
                return Err(format!("{}: supported by {top:?}", slot.question));
            }
            None => {}
        }
    }
    Ok(())
}

/// Runs one group of compound cases: prints each failure, then the count,
/// and fails below `min`.
fn run_compounds(name: &str, cases: &[Compound], min: usize) {
    let index = index();
    let mut passed = 0;
    for c in cases {
        match check_compound(&index, c) {
            Ok(()) => passed += 1,
            Err(e) => eprintln!("FAIL {}\n     {e}", c.question),
        }
    }
    eprintln!("{passed} of {} {name} cases pass", cases.len());
    assert!(
        passed >= min,
        "{passed} of {} {name} cases pass, fewer than {min}",
        cases.len()
    );
}

#[test]
fn compound_questions_split_where_a_question_starts() {
    run_compounds("compound", &compounds(), MIN_COMPOUND);
}

/// Compound questions whose later part names nothing and says "it", "she",
/// "his": the pronoun is the thing the part before names, or the person it
/// asks for. Written before the change that reads them, with distractors: a
/// part that names its own thing, and a thing asked for that is answered
/// with a passage (no name to ask about: not answered).
fn pronoun_compounds() -> Vec<Compound> {
    vec![
        Compound {
            question: "When was Harbour Lights released, and who produced it?",
            parts: &[
                Some(("harbour-lights", "1998")),
                Some(("harbour-lights", "Anna Brodie")),
            ],
        },
        Compound {
            question: "When was Iona Fraser born, and where did she grow up?",
            parts: &[Some(("iona-fraser", "1971")), Some(("iona-fraser", "Oban"))],
        },
        Compound {
            question: "Who directed Salt Roads, and when was she born?",
            parts: &[
                Some(("salt-roads", "Elena Sorensen")),
                Some(("elena-sorensen", "1962")),
            ],
        },
        Compound {
            question: "Where was Elena Sorensen born and what was her first feature?",
            parts: &[None, Some(("elena-sorensen", "Salt Roads"))],
        },
        Compound {
            question: "Who directed Salt Roads, and when was Tomas Varga born?",
            parts: &[
                Some(("salt-roads", "Elena Sorensen")),
                Some(("tomas-varga", "1958")),
            ],
        },
        Compound {
            question: "Which album did The Tidewalkers release in 1998, and who produced it?",
            parts: &[Some(("tidewalkers", "Harbour Lights")), None],
        },
    ]
}

/// [`pronoun_compounds`] cases that must pass: 2 of 6 before the change
/// (the part with its own name, and the album answered with a passage, whose
/// "it" found nothing; "when was she born?" was answered with Callum Reid's
/// birthday), 6 after.
const MIN_PRONOUN: usize = 6;

#[test]
fn a_later_part_s_pronoun_is_read_from_the_part_before() {
    run_compounds("pronoun", &pronoun_compounds(), MIN_PRONOUN);
}

/// A parent is named from the child's side: "the father of Mara Quill" is
/// written "the daughter of actor Tobias Quill" on her page. Written after
/// HotpotQA's "Judy Lewis's father" showed the gap ("no passage applies"),
/// with a paraphrase, a possessive, and a child whose page names no parent.
#[test]
fn a_parent_is_found_from_the_childs_page() {
    use slotchain::model::Passage;
    let p = |title: &str, text: &str| Passage::new(title, title, text);
    let passages = vec![
        p(
            "Mara Quill",
            "Mara Quill (born 6 May 1935) was an American actress and writer. She was the daughter of actor Tobias Quill and singer Lena Ward.",
        ),
        p(
            "Tobias Quill",
            "Tobias Quill (born 1 February 1901) was an American actor of the silent era. He was born in Cadiz, Ohio.",
        ),
        p(
            "Ivo Brandt",
            "Ivo Brandt (born 1970) is a German footballer who plays as a goalkeeper. He grew up in Kiel.",
        ),
    ];
    let index =
        Index::build(passages, vec![], Default::default(), Bm25::default()).expect("it indexes");
    let cases = [
        chain(
            "In what year was Mara Quill's father born?",
            "Tobias Quill",
            "1901",
        ),
        chain(
            "When was the father of Mara Quill born?",
            "Tobias Quill",
            "1901",
        ),
        chain(
            "Where was Mara Quill's father born?",
            "Tobias Quill",
            "Cadiz",
        ),
        unanswerable("In what year was Ivo Brandt's father born?"),
    ];
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| {
            check(&index, c)
                .err()
                .map(|e| format!("{}: {e}", c.question))
        })
        .collect();
    assert!(failures.is_empty(), "{failures:#?}");
}

/// "Where AUX NAME …?" asks a place of the page the question names, which
/// states it ("He was born in Szeged"), whether or not the place has a page
/// of its own; no page is proposed as the place. Before the rule (13ae616):
/// 4 of 6 (Tomas Varga's birthplace was missing, since Szeged has no page to
/// propose; Callum Reid's answer proposed The Tidewalkers as a place).
fn where_of_a_name() -> Vec<Case> {
    let place = |question, value| answered(question, "R", value);
    vec![
        place("Where was Tomas Varga born?", "Szeged"),
        // Paraphrases: another verb, no question mark.
        place("Where did Iona Fraser grow up?", "Oban"),
        place("where were The Greywell Sisters formed", "Norwich"),
        place("Where was Callum Reid born?", "Dundee"),
        // The page does not say where she was born.
        unanswerable("Where was Elena Sorensen born?"),
        // A described thing is still found first.
        chain(
            "Where was the director of The Lantern Keeper born?",
            "Tomas Varga",
            "Szeged",
        ),
    ]
}

/// A place is of the event asked, done by the one asked about: "Born in
/// Dundee, he started busking in Edinburgh" does not say where Callum Reid
/// studied, nor does "She … studied music in Glasgow" on Iona Fraser's page,
/// nor the band's "from Edinburgh, formed … by Callum Reid".
fn place_of_the_asked_event() -> Vec<Case> {
    let place = |question, value| answered(question, "R", value);
    vec![
        unanswerable("Where did Callum Reid study music?"),
        unanswerable("where did Callum Reid go to university"),
        unanswerable("Where did Judit Halasz study?"),
        place("Where did Iona Fraser study music?", "Glasgow"),
        place("where did Tomas Varga study", "Budapest"),
        place("Where did Callum Reid start busking?", "Edinburgh"),
        place("Where was Northgate Records founded?", "Glasgow"),
        place("Where is Reid's Hall located?", "Aldermoor"),
    ]
}

#[test]
fn a_place_is_of_the_event_asked() {
    run("place-of-the-asked-event", &place_of_the_asked_event(), 8);
}

#[test]
fn where_a_named_thing_is_is_asked_of_its_own_page() {
    run("where-of-a-name", &where_of_a_name(), 6);
    // The band Callum Reid sings in is not where he was born.
    let r = ask(&index(), "Where was Callum Reid born?").expect("it answers");
    assert!(!r.answer.contains("Tidewalkers ["), "{}", r.answer);
}

/// A proposal that proposes nothing is no filter (seed 000: an early guess
/// must not prevent finding the evidence later). "Which festival did The
/// Lantern Keeper win a prize at?" proposes a festival with a page of its
/// own, and the pool has none: the clause is then asked as written, and a
/// sentence answers it only if it names the kind asked (a festival) — on the
/// page the question names, any of its sentences; elsewhere, the best one.
/// Measured on the engine before the rule (ee3e2b2): 4 of 6 (the two
/// festival questions were `blocked`: the proposal found no festival page).
fn unproposed() -> Vec<Case> {
    let direct = |question, value| answered(question, "FR", value);
    vec![
        direct(
            "Which festival did The Lantern Keeper win a prize at?",
            "Karlovy Vary",
        ),
        // Paraphrases: the preposition first, another head noun.
        direct(
            "At which festival did The Lantern Keeper win a prize?",
            "Karlovy Vary",
        ),
        // Typed with a double space: the clause asked as written is the
        // same clause (before this case's fix, 5fa27f6: `blocked`).
        direct(
            "Which festival did The Lantern Keeper  win a prize at?",
            "Karlovy Vary",
        ),
        // Asked directly (no proposal): the same sentence.
        answered(
            "What prize did The Lantern Keeper win?",
            "R",
            "best director",
        ),
        // The proposal is right, but its page states the island only as its
        // subject, which a verification does not take as a value: the
        // verification finds nothing, and the clause asked as written is
        // answered (before the change that asks it when a proposal leads
        // nowhere: `missing`, "states a passage"). The second wording's
        // clause is answered by no one passage: still `missing`. Asked of a
        // town no ferry leaves from: nothing.
        direct(
            "Which island has a marine research station reachable by ferry from Kestrel Bay?",
            "Gull Island",
        ),
        direct(
            "Which island with a seabird colony can be reached by ferry from Kestrel Bay?",
            "Gull Island",
        ),
        unanswerable(
            "Which island has a marine research station reachable by ferry from Aldermoor?",
        ),
        // No sentence of the page names a festival (Elena Sorensen's page,
        // linked, names one she judged at: not this film's prize).
        unanswerable("Which festival did Salt Roads win a prize at?"),
        // Nothing names a party.
        unanswerable("Which party is Tomas Varga a member of?"),
        // A relative clause describes another thing the value is of: the
        // page of the clause would answer the first hop.
        unanswerable("Tomas Varga studied at a school that is in which district?"),
    ]
}

#[test]
fn a_proposal_that_proposes_nothing_is_no_filter() {
    run("unproposed", &unproposed(), 9);
}

/// Descriptions whose relative clause has no pronoun ("the band Callum Reid
/// sings in"), or whose subject is the anchor and whose verb is followed by
/// the main clause's ("the band in which Callum Reid sings *formed*"), and
/// questions that ask only for the described thing's name (the follow step
/// is the answer: no retrieval restates it). MuSiQue's forms ("the country
/// Dai Jitao is from", "the city where X was born is located", "What is the
/// name of the airport in …"), written here over the pool, with
/// distractors: a name set beside its kind ("the band The Tidewalkers
/// formed in …"), which is no relative clause, and a thing the pool does
/// not name. Measured on the engine before the change (68a0bb7): 7 of the
/// first 12 (no pronoun: no chain; the name asked: a retrieval restating the
/// follow step), 12 after; "named after" was added then, and passes; then
/// the agent-noun and unpaged-name cases, each with its rule (18 of 19: the
/// founder named through a verb still fails).
fn hidden_relatives() -> Vec<Case> {
    vec![
        chain(
            "In what year was the band Callum Reid sings in formed?",
            "The Tidewalkers",
            "1991",
        ),
        chain(
            "Where was the label Northern Stars came out on founded?",
            "Northgate Records",
            "Glasgow",
        ),
        chain(
            "When was the band Iona Fraser plays for formed?",
            "The Tidewalkers",
            "1991",
        ),
        chain(
            "When was the band in which Callum Reid sings formed?",
            "The Tidewalkers",
            "1991",
        ),
        chain(
            "In what year was the band that Iona Fraser drums for formed?",
            "The Tidewalkers",
            "1991",
        ),
        chain(
            "Where was the label that Northern Stars was released on founded?",
            "Northgate Records",
            "Glasgow",
        ),
        // A name beside its kind: the question is about the named page.
        answered("When was the band The Tidewalkers formed?", "R", "1991"),
        answered(
            "In what year was the band The Greywell Sisters formed in Norwich?",
            "R",
            "1997",
        ),
        // Only the described thing's name is asked.
        answered(
            "What is the name of the label that released Harbour Lights?",
            "F",
            "Northgate Records",
        ),
        answered(
            "What is the name of the drummer on Northern Stars?",
            "F",
            "Ruth Mackay",
        ),
        answered(
            "What was the name of the director of Salt Roads?",
            "F",
            "Elena Sorensen",
        ),
        unanswerable("What is the name of the lighthouse keeper in The Lantern Keeper?"),
        // The anchor before the agent noun (added with that rule; both
        // were one retrieval before it).
        chain(
            "When was the Harbour Lights singer born?",
            "Callum Reid",
            "1966",
        ),
        chain(
            "Where was the Lantern Keeper director born?",
            "Tomas Varga",
            "Szeged",
        ),
        // A thing with no page of its own is its name ("the producer Anna
        // Brodie"): before that rule (6a45f42) these were `missing`.
        answered(
            "What is the name of the producer of Harbour Lights?",
            "F",
            "Anna Brodie",
        ),
        answered(
            "What was the name of the bassist on Northern Stars?",
            "F",
            "Alan Pryce",
        ),
        // Not yet: the relation is a verb ("founded … by the music
        // journalist Jean Cowie"), not the head noun before the name.
        answered(
            "What is the name of the founder of Northgate Records?",
            "F",
            "Jean Cowie",
        ),
        // The album "was produced by the band itself": no name.
        unanswerable("What is the name of the producer of Northern Stars?"),
        // "named after" asks what the name comes from, not the name.
        answered(
            "What was the band Ruth Mackay played with named after?",
            "FR",
            "lane",
        ),
    ]
}

#[test]
fn relative_clauses_without_a_pronoun_and_names_asked() {
    run("hidden-relative", &hidden_relatives(), 18);
}

/// A relative clause's time adjunct after its last name ("the singer who
/// sang on Harbour Lights *in May 1998*") and a head of two coordinated
/// nouns ("the *singer and songwriter* who …") belong to the description:
/// HotpotQA dev asked "where was Tim Minchin in May 2008 born?" after
/// finding him, and "the musician and stand up comedian who recorded …"
/// gave a plan whose second step was the whole question with "{q1}"
/// appended. The adjunct is checked where it belongs: no page says the
/// album came out in 2003.
///
/// Measured before the change (the engine at e1a94c9, these cases as they
/// are): 5 of 9 passed (the three unanswerable ones, and two whose second
/// step read past "in 1998"); the singer's birth was asked "When was Callum
/// Reid in May 1998 born?", both coordinated heads gave no chain. After:
/// 9 of 9.
fn adjuncts_and_coordinated_heads() -> Vec<Case> {
    vec![
        chain(
            "When was the singer who sang on Harbour Lights in May 1998 born?",
            "Callum Reid",
            "1966",
        ),
        chain(
            "Which city was the singer who sang on Harbour Lights in 1998 born in?",
            "Callum Reid",
            "Dundee",
        ),
        chain(
            "Where was the label that released Harbour Lights in May 1998 founded?",
            "Northgate Records",
            "Glasgow",
        ),
        chain(
            "where did the drummer who played on Harbour Lights in 1998 grow up",
            "Iona Fraser",
            "Oban",
        ),
        chain(
            "Where was the singer and songwriter who sang on Harbour Lights born?",
            "Callum Reid",
            "Dundee",
        ),
        chain(
            "When was the drummer and percussionist who played on Harbour Lights born?",
            "Iona Fraser",
            "1971",
        ),
        unanswerable("When was the singer who sang on Harbour Lights in 2003 born?"),
        unanswerable("When was the band that released Harbour Lights in 2005 formed?"),
        unanswerable(
            "Where was the singer and songwriter who sang on Harbour Lights in 2003 born?",
        ),
    ]
}

/// Cases of [`adjuncts_and_coordinated_heads`] that must pass.
const MIN_ADJUNCTS: usize = 9;

#[test]
fn a_description_keeps_its_adjunct_and_its_coordinated_head() {
    run(
        "adjunct-and-coordinated",
        &adjuncts_and_coordinated_heads(),
        MIN_ADJUNCTS,
    );
}

/// Relative clauses opened by "that", where the question word asks inside
/// the clause ("… is located in a town that is on what river?"): the main
/// clause finds the thing, the relative clause asks about it, as with
/// "who"/"which" ([`relative_clauses`]). Written before the change that
/// reads "that" as a relative pronoun, with distractors: a bridge with no
/// page, a page that does not state the value, and "that" that opens no
/// relative clause.
fn relative_that() -> Vec<Case> {
    vec![
        chain(
            "The Lantern Keeper was directed by a filmmaker that was born in what year?",
            "Tomas Varga",
            "1958",
        ),
        chain(
            "Harbour Lights was recorded by a band that was formed in what year?",
            "The Tidewalkers",
            "1991",
        ),
        chain(
            "Salt Roads was directed by a woman that was born in which year?",
            "Elena Sorensen",
            "1962",
        ),
        chain(
            "Northern Stars was released on the label that was founded in which city?",
            "Northgate Records",
            "Glasgow",
        ),
        chain(
            "Aldermoor College is in a town that lies on what river?",
            "Aldermoor",
            "Wend",
        ),
        chain(
            "Iona Fraser plays drums for the band that was formed in which city?",
            "The Tidewalkers",
            "Edinburgh",
        ),
        // The bridge has no page, or its page does not state the value.
        unanswerable(
            "The Lantern Keeper was written by a screenwriter that was born in what year?",
        ),
        unanswerable("Harbour Lights was produced by a producer that was born in which city?"),
        unanswerable("Aldermoor College is in a town that was bombed in what year?"),
        // A head noun that is also a verb's form ("label"), after a
        // determiner or a name that modifies it: still a noun.
        chain(
            "Harbour Lights came out on the record label that opened a second office in what city?",
            "Northgate Records",
            "Manchester",
        ),
        chain(
            "The Tidewalkers recorded for the Glasgow label that opened a second office in which year?",
            "Northgate Records",
            "2012",
        ),
        unanswerable(
            "Harbour Lights came out on the record label that opened a third office in what city?",
        ),
        // "record", "release": a verb's present form as the head noun.
        chain(
            "The Tidewalkers released the record that was recorded in which town?",
            "Harbour Lights (album)",
            "Leith",
        ),
        chain(
            "The Greywell Sisters put out the debut release that came out on which label?",
            "Northern Stars",
            "Northgate Records",
        ),
        // Northern Stars was made in a farmhouse, in no town the pool names.
        unanswerable("The Greywell Sisters released the record that was recorded in which town?"),
        // "that" after a verb opens no relative clause: the question is
        // about Harbour Lights itself.
        Case {
            question: "Callum Reid has said that Harbour Lights was recorded in what town?",
            shape: "",
            value: Some("Leith"),
            bridge: None,
        },
    ]
}

/// [`relative_that`] cases that must pass: 2 of 10 before "that" opened a
/// relative clause (5fa27f6: the two whose answer is that nothing is found);
/// 9 after. Still failing: "Iona Fraser plays drums for which band?" (her
/// page says "the drummer of The Tidewalkers": the follow step quotes the
/// sentence about a pipe band she played in, which links no page). The six
/// label/record cases were added before the change that reads a verb's
/// present form after a determiner as a noun ("the *record* that"), with a
/// "which town?" part answered only by a place's name: 11 of 16 before it,
/// 13 after. Still failing besides Iona Fraser: "a third office" (the
/// label's page is rejected, it says "second office", but a page the hop
/// reaches through the label's name is then read as answering), "the debut
/// release" (the label's page names "releases").
const MIN_RELATIVE_THAT: usize = 13;

#[test]
fn relative_clauses_opened_by_that() {
    run("relative-that", &relative_that(), MIN_RELATIVE_THAT);
}

/// A thing described only by a relative clause that names no page ("the
/// film that was shot in Croatia"): the follow step finds the page that is
/// such a thing, then the rest of the question is asked about it. Written
/// with this change (the engine before it answered the first three
/// `supported` with a wrong value: "Karlovy Vary" as the director, 1991 as
/// the album's year), with distractors whose description fits no page or
/// fits a page of another kind.
fn described_by_a_clause() -> Vec<Case> {
    vec![
        chain(
            "Who directed the film that was shot in Croatia?",
            "The Lantern Keeper",
            "Tomas Varga",
        ),
        chain(
            "Who directed the film which premiered at the Karlovy Vary festival?",
            "The Lantern Keeper",
            "Tomas Varga",
        ),
        answered(
            "In what year was the album recorded by the band that was formed in Edinburgh released?",
            "FFR",
            "1998",
        ),
        chain(
            "Where did the drummer who studied music in Glasgow grow up?",
            "Iona Fraser",
            "Oban",
        ),
        chain(
            "Who founded the label that opened a second office in Manchester?",
            "Northgate Records",
            "Jean Cowie",
        ),
        // No page fits the description.
        unanswerable("Who directed the film that was shot in Portugal?"),
        unanswerable("Who directed the film that was shot in Croatia in 1950?"),
        // Callum Reid was born in Dundee, but he is no drummer.
        unanswerable("Which band did the drummer who grew up in Dundee join?"),
    ]
}

/// [`described_by_a_clause`] cases that must pass: 3 of 8 before the
/// change (913522c: the three that must not be `supported`), 8 after.
const MIN_DESCRIBED_BY_A_CLAUSE: usize = 8;

#[test]
fn things_described_by_a_clause_alone() {
    run(
        "described-by-a-clause",
        &described_by_a_clause(),
        MIN_DESCRIBED_BY_A_CLAUSE,
    );
}

/// A hop whose key is a page found in open text reads like the question
/// asked directly: the key counts as a name in the topic shares (HotpotQA:
/// "Ludwig van Beethoven passed away in which year?" was `missing` as a
/// hop, `supported` alone). These cases pass before and after that change
/// (e30fdd6: the engine just before it); they guard what it must not break —
/// a predicate noun no passage writes still sinks the hop. The verb-only
/// case ("split up in which year?", once answered by the year the band
/// formed) failed before and after it, and passes since a date of the
/// opposite event is no answer ([`opposite_events`]).
fn keys_read_as_names() -> Vec<Case> {
    vec![
        chain(
            "Northern Stars came out on a label that opened a second office in what city?",
            "Northgate Records",
            "Manchester",
        ),
        chain(
            "Harbour Lights was recorded by a band that originally came from which city?",
            "The Tidewalkers",
            "Edinburgh",
        ),
        unanswerable("What was the nickname of the director of The Lantern Keeper?"),
        unanswerable("What award did the director of Salt Roads win?"),
        unanswerable("What instrument did the drummer of The Tidewalkers learn first?"),
        unanswerable("Harbour Lights was recorded by a band that split up in which year?"),
    ]
}

#[test]
fn hop_keys_read_as_names() {
    run("key-as-name", &keys_read_as_names(), 6);
}

/// A date of the opposite event is no answer: "When did Tomas Varga die?" is
/// not answered by "(born 9 April 1958)", nor "When did Northgate Records
/// close?" by "founded … in 1985", nor by another year the page states
/// ("joined in 1995" for "When did the band break up?"). Written before the
/// change (0327b84: 6 of 12, every question about an ending answered with
/// another event's date), with paraphrases, a chain, and pages that state
/// both events; 12 after.
fn opposite_events() -> Vec<Case> {
    vec![
        unanswerable("When did Tomas Varga die?"),
        unanswerable("What year did Elena Sorensen die?"),
        unanswerable("When did Northgate Records close?"),
        unanswerable("In what year was Northgate Records shut down?"),
        unanswerable("In what year did The Tidewalkers break up?"),
        unanswerable("Harbour Lights was recorded by a band that split up in which year?"),
        // The event asked is stated, beside its opposite or alone.
        answered(
            "In what year did The Greywell Sisters split up?",
            "R",
            "2009",
        ),
        chain(
            "Northern Stars was released by a band that split up in which year?",
            "The Greywell Sisters",
            "2009",
        ),
        answered("When did The Greywell Sisters form?", "R", "1997"),
        answered("When was Northgate Records established?", "R", "1985"),
        answered("When was Tomas Varga born?", "R", "1958"),
        answered("In what year was The Lantern Keeper released?", "R", "2004"),
    ]
}

#[test]
fn a_date_of_the_opposite_event_is_no_answer() {
    run("opposite-event", &opposite_events(), 12);
}

/// A hyphenated name the pages write apart: "the Szeged-born director" where
/// the page says "born in Szeged", "the Edinburgh-formed band" for "from
/// Edinburgh, Scotland, formed in 1991" (HotpotQA: "the Austin-based
/// ensemble Conspirare", "the Cavaliers-Warriors rivalry" written with an
/// en dash). Distractors name a place the pool has, but not beside the verb
/// of the compound on the right page ("Dundee-born": the singer's page;
/// "Manchester-formed": the label's second office). Written before the
/// change (the engine at d242a9d: 4 of 8, each named case `missing` because
/// no passage writes the compound whole).
fn hyphenated_names() -> Vec<Case> {
    vec![
        // Verified on his own page (the film's page does not say
        // "Szeged"), whose sentence names the film, not him.
        chain(
            "Which Szeged-born director made The Lantern Keeper?",
            "Tomas Varga",
            "The Lantern Keeper",
        ),
        answered(
            "Who is the Szeged-born director of The Lantern Keeper?",
            "",
            "Tomas Varga",
        ),
        answered(
            "Which Edinburgh-formed band recorded Harbour Lights?",
            "",
            "Tidewalkers",
        ),
        answered(
            "Which Norwich-formed band released Northern Stars?",
            "",
            "Greywell Sisters",
        ),
        unanswerable("Which Dundee-born director made The Lantern Keeper?"),
        unanswerable("Which Manchester-formed band recorded Harbour Lights?"),
        unanswerable("Which Leith-formed band recorded Harbour Lights?"),
        unanswerable("Which Budapest-born director made Salt Roads?"),
    ]
}

#[test]
fn hyphenated_names_written_apart() {
    run("hyphenated-name", &hyphenated_names(), 8);
}

/// A relative clause whose subject is a name, with a noun phrase and the
/// preposition it strands: "the person that William Flannery was an
/// architect for" (HotpotQA), where the description had ended at the name
/// ("which person that William Flannery?") and the rest of the clause went to
/// the outer question. Written before the change (the engine at fab7f84: 5 of
/// 6, every chain found through the name alone, so a journalist was read as
/// a band's drummer); 5 after: the chains are now found through the whole
/// clause (the founder case through "founded", its agent noun's verb), but
/// the journalist is still read as a drummer — the label's page names her
/// and the band, and a description's predicate is not required of a page
/// (requiring it lost 30 HotpotQA and MuSiQue chains whose pages say
/// "located" or "is from" in other words).
fn stranded_after_a_noun() -> Vec<Case> {
    vec![
        chain(
            "The band that Iona Fraser was a drummer for was formed in which city?",
            "The Tidewalkers",
            "Edinburgh",
        ),
        chain(
            "The label that Jean Cowie was the founder of opened a second office in what city?",
            "Northgate Records",
            "Manchester",
        ),
        chain(
            "The film that Tomas Varga was the director of was shot in which country?",
            "The Lantern Keeper",
            "Croatia",
        ),
        chain(
            "The album which Anna Brodie was the producer of was recorded in what town?",
            "Harbour Lights (album)",
            "Leith",
        ),
        // Jean Cowie founded a label; no page makes her a drummer.
        unanswerable("The band that Jean Cowie was a drummer for was formed in which city?"),
        // Salt Roads' page says nothing of where it was shot.
        unanswerable("The film that Elena Sorensen was the director of was shot in which country?"),
    ]
}

#[test]
fn relative_clauses_stranding_a_preposition_after_a_noun() {
    run("stranded-after-a-noun", &stranded_after_a_noun(), 5);
}

/// Descriptions with a name or a demonym before the head noun ("the Norfolk
/// farmer defended by …", HotpotQA), one opened by "this", and a follow
/// step's answer read off a page whose other dates are a person's life span.
/// Written before the change that reads them, with distractors that share
/// most words: the modifier is another city than the bridge's page says,
/// the anchor names no writer, the film has no label. Measured on the
/// engine before it (0c14a19): 3 of 11 (the name-modified descriptions were
/// one retrieval, "this band, which recorded Harbour Lights" answered the
/// label's founding year, Salt Roads' release answered its director's
/// birth year, the Hungarian writer of Salt Roads was its Danish director);
/// 10 after (a name or "this" opens a description's noun phrase; a date of
/// a life span answers no other event). Still failing: the Hungarian writer
/// (the follow step takes the page Salt Roads links; no page says "writer").
fn modified_descriptions() -> Vec<Case> {
    vec![
        chain(
            "In what year was the film directed by Elena Sorensen released?",
            "Salt Roads",
            "1999",
        ),
        chain(
            "When was the Danish film made by Elena Sorensen released?",
            "Salt Roads",
            "1999",
        ),
        chain(
            "In what year was the Edinburgh band behind Harbour Lights formed?",
            "The Tidewalkers",
            "1991",
        ),
        chain(
            "In what year was the Glasgow label that released Harbour Lights founded?",
            "Northgate Records",
            "1985",
        ),
        chain(
            "When was the Adriatic film directed by Tomas Varga released?",
            "The Lantern Keeper",
            "2004",
        ),
        chain(
            "When was the Norwich band that recorded Northern Stars formed?",
            "The Greywell Sisters",
            "1997",
        ),
        chain(
            "In what year was this band, which recorded Harbour Lights, formed?",
            "The Tidewalkers",
            "1991",
        ),
        chain(
            "When was this Hungarian director of The Lantern Keeper born?",
            "Tomas Varga",
            "1958",
        ),
        // The Greywell Sisters formed in Norwich, not Edinburgh.
        unanswerable("In what year was the Edinburgh band behind Northern Stars formed?"),
        // Salt Roads names its director and no writer; a film has no label.
        unanswerable("In what year was the Hungarian writer of Salt Roads born?"),
        unanswerable("In what year was the Glasgow label that released Salt Roads founded?"),
    ]
}

/// [`modified_descriptions`] cases that must pass: 10 until a nationality
/// in a description was read ([`nationality_in_a_description`]), which
/// fixed "the Hungarian writer of Salt Roads": 11.
const MIN_MODIFIED: usize = 11;

#[test]
fn descriptions_with_a_modifier_before_the_head() {
    run(
        "modified-description",
        &modified_descriptions(),
        MIN_MODIFIED,
    );
}

/// A thing asked for by what its own page says, in a question that names no
/// page ("Which film director was born in Szeged …?": Szeged has no page):
/// the thing is proposed from the passages that match the question, then
/// verified on its own page, which is quoted where it says the rest. Written
/// with the change that plans these as a proposal and a verification (they
/// were one retrieval; before it 2 of 6 passed: the two distractors; 4
/// after, and 6 once two shapes were relaxed, below), with distractors whose
/// description no page fits.
fn proposed_without_a_page() -> Vec<Case> {
    vec![
        answered(
            "Which film director was born in Szeged and studied in Budapest?",
            "FR",
            "Szeged",
        ),
        answered(
            "What drummer grew up in Oban and studied music in Glasgow?",
            "FR",
            "Oban",
        ),
        // Written expecting "FR"; they come out as one retrieval of the
        // thing's own page, which states the answer (a single hop needs no
        // chain), so only the value is asserted. The label is given as the
        // sentence that names it, not yet as its name.
        answered(
            "Which record label was founded in Glasgow in 1985?",
            "",
            "Northgate Records",
        ),
        answered(
            "Which Danish film director made documentaries for television before her first feature?",
            "",
            "Elena Sorensen",
        ),
        // No page fits: a director who studied in Vienna, a drummer from Dundee.
        unanswerable("Which film director was born in Szeged and studied in Vienna?"),
        unanswerable("What drummer grew up in Dundee and studied music in Leeds?"),
    ]
}

#[test]
fn things_proposed_in_a_question_that_names_no_page() {
    run("proposed-without-a-page", &proposed_without_a_page(), 6);
}

/// "Who is the director of …?": a description that is the whole question
/// but for "who is", whose answer is the described thing itself (the follow
/// step that finds it answers). Written before the change that plans them
/// so (they were proposals verified by a retrieval, which quoted another
/// person of the sentence: "Who is the director of The Lantern Keeper?"
/// answered "Judit Halasz", its writer), with distractors: a role the page
/// gives no one, a drummer who is not the original one, a film for which
/// an album's role is asked, and a page where the role's holder is the
/// band itself. Before the change 1 of 11 passed (each distractor came out
/// `supported`: "Who is the bassist of The Lantern Keeper?" answered Judit
/// Halasz); after it 10. Still failing: "the original drummer" is answered
/// by the drummer who replaced them (a modifier of the head noun is not yet
/// read). The pool is English only; a Chinese description ("…的导演") is
/// planned by the 的 rule, not this one.
fn identity_of_a_description() -> Vec<Case> {
    vec![
        answered(
            "Who is the director of The Lantern Keeper?",
            "F",
            "Tomas Varga",
        ),
        answered(
            "Who was the director of the film The Lantern Keeper?",
            "F",
            "Tomas Varga",
        ),
        answered(
            "who's the director of The Lantern Keeper",
            "F",
            "Tomas Varga",
        ),
        answered(
            "Who was the drummer of The Tidewalkers?",
            "F",
            "Iona Fraser",
        ),
        answered(
            "Who is the lead singer of The Tidewalkers?",
            "F",
            "Callum Reid",
        ),
        answered(
            "Who was the producer of Harbour Lights?",
            "F",
            "Anna Brodie",
        ),
        // The writer, not the director the other page calls a screenwriter.
        answered(
            "Who is the writer of The Lantern Keeper?",
            "",
            "Judit Halasz",
        ),
        unanswerable("Who is the producer of Northern Stars?"),
        unanswerable("Who is the bassist of The Lantern Keeper?"),
        unanswerable("Who was the director of Harbour Lights?"),
        unanswerable("Who was the original drummer of The Tidewalkers?"),
    ]
}

#[test]
fn who_is_a_description_is_answered_by_the_thing_it_describes() {
    run(
        "identity-of-a-description",
        &identity_of_a_description(),
        10,
    );
}

/// "Who wrote X?" when X's sentence names two people by two verbs ("directed
/// by Tomas Varga and written by Judit Halasz"): the person is the one the
/// asked verb governs, in any of its forms, not the nearest name. Written
/// before the change that reads it, with distractors: the other verb of the
/// same sentence, and verbs the pool never says of the film (no one edited
/// or photographed it), which must not be answered by either name. Before
/// the change 4 of 9 passed (the four "wrote" cases answered Tomas Varga,
/// the director, and "photographed" Judit Halasz); after it 8. "Who
/// photographed …?" then proposed Tomas Varga, and the sentence that names
/// him, which says nothing of photographs, verified him: 9 of 9 once a
/// verification refuses a verb the pool never uses (12 of 12 with the
/// three cases added then).
fn person_of_the_asked_verb() -> Vec<Case> {
    vec![
        answered("Who wrote The Lantern Keeper?", "", "Judit Halasz"),
        answered("Who was The Lantern Keeper written by?", "", "Judit Halasz"),
        answered(
            "The Lantern Keeper was written by whom?",
            "",
            "Judit Halasz",
        ),
        answered(
            "Who wrote the 2004 drama film that premiered at Karlovy Vary?",
            "",
            "Judit Halasz",
        ),
        answered("Who directed The Lantern Keeper?", "", "Tomas Varga"),
        answered("who directed the lantern keeper", "", "Tomas Varga"),
        answered("Who formed The Tidewalkers?", "", "Callum Reid"),
        unanswerable("Who edited The Lantern Keeper?"),
        unanswerable("Who photographed The Lantern Keeper?"),
        // Added with the change that fixed "photographed" (a verification
        // cannot check a verb the pool never uses): other such verbs, and a
        // proposal whose verb the pool does use.
        unanswerable("Who choreographed The Lantern Keeper?"),
        unanswerable("Who illustrated Harbour Lights?"),
        answered(
            "Who directed the 2004 drama film set on the Adriatic coast?",
            "FR",
            "Tomas Varga",
        ),
    ]
}

#[test]
fn a_person_is_the_one_the_asked_verb_governs() {
    run("person-of-the-asked-verb", &person_of_the_asked_verb(), 12);
}

/// A nationality in a description ("the Hungarian director of …") is said
/// of the thing: a page that gives its subject another nationality is not
/// it. Written before the change that reads it, with distractors that share
/// every other word: the same role with the other film's director's
/// nationality, an English drummer (the pool has one, on another album) for
/// a Scottish one. Before the change 6 of 8 passed (the two distractors
/// whose pool has the role answered with the other nationality); 8 after.
fn nationality_in_a_description() -> Vec<Case> {
    vec![
        chain(
            "In what year was the Hungarian director of The Lantern Keeper born?",
            "Tomas Varga",
            "1958",
        ),
        chain(
            "When was the Danish director of Salt Roads born?",
            "Elena Sorensen",
            "1962",
        ),
        chain(
            "When was the Scottish drummer of Harbour Lights born?",
            "Iona Fraser",
            "1971",
        ),
        answered(
            "Who is the Scottish singer of Harbour Lights?",
            "F",
            "Callum Reid",
        ),
        unanswerable("When was the Swedish director of Salt Roads born?"),
        unanswerable("When was the Danish director of The Lantern Keeper born?"),
        unanswerable("When was the English drummer of Harbour Lights born?"),
        unanswerable("Who is the Irish singer of Harbour Lights?"),
    ]
}

#[test]
fn a_nationality_in_a_description_is_said_of_the_thing() {
    run(
        "nationality-in-a-description",
        &nationality_in_a_description(),
        8,
    );
}

/// A thing chosen from the list a page gives ("Which of the musicians on
/// Harbour Lights …?", "Which musician in the line-up of Harbour Lights
/// …?"): the page names the members, and what the question says of the one
/// asked is stated on that member's own page, not on the list's. Written
/// before the change that reads them, with distractors that share every
/// word but the restriction: a place or skill only a member of another
/// band, another film's director or the label itself has.
fn chosen_from_a_list() -> Vec<Case> {
    vec![
        chain(
            "Which of the musicians on Harbour Lights teaches percussion at summer schools?",
            "Iona Fraser",
            "summer schools",
        ),
        chain(
            "Who among the musicians on Harbour Lights grew up in Oban?",
            "Iona Fraser",
            "Oban",
        ),
        chain(
            "Which of the musicians on Harbour Lights played in a pipe band?",
            "Iona Fraser",
            "pipe band",
        ),
        chain(
            "Which of the singers on Harbour Lights was born in Dundee?",
            "Callum Reid",
            "Dundee",
        ),
        chain(
            "Which musician in the line-up of Harbour Lights studied music in Glasgow?",
            "Iona Fraser",
            "Glasgow",
        ),
        chain(
            "Which member of the Harbour Lights line-up studied music in Glasgow?",
            "Iona Fraser",
            "Glasgow",
        ),
        chain(
            "Which of the filmmakers of The Lantern Keeper studied in Budapest?",
            "Tomas Varga",
            "Budapest",
        ),
        unanswerable("Which of the musicians on Harbour Lights grew up in Aberdeen?"),
        unanswerable("Which of the musicians on Harbour Lights was born in Szeged?"),
        unanswerable("Which of the musicians on Harbour Lights teaches brush drumming?"),
        unanswerable("Which musician in the line-up of Harbour Lights studied music in Budapest?"),
        unanswerable(
            "Which of the filmmakers of The Lantern Keeper began by making documentaries?",
        ),
        unanswerable("Which band on Northgate Records was formed in Glasgow?"),
    ]
}

#[test]
fn a_thing_chosen_from_a_list_is_checked_on_its_own_page() {
    run("chosen-from-a-list", &chosen_from_a_list(), 13);
}

/// The nationality a question gives the thing it asks for itself ("Which
/// Argentine footballer …?", "What Scottish drummer …?") is said of that
/// thing, as in a description: a page that gives it another nationality
/// does not answer. Written before the change that reads the leading
/// "Which"/"What" (only a lowercase "which" of a derived step was read):
/// each distractor shares every word but the nationality, and its pool has
/// the role with the other nationality. Before the change 5 of 9 passed
/// (every distractor answered with the other nationality); 9 after. The
/// thing found is the follow step's value (checked on its own page).
fn nationality_of_the_thing_asked() -> Vec<Case> {
    vec![
        chain(
            "Which Scottish drummer played on Harbour Lights?",
            "Iona Fraser",
            "",
        ),
        chain(
            "What Scottish drummer played on Harbour Lights?",
            "Iona Fraser",
            "",
        ),
        chain(
            "Which Hungarian film director made The Lantern Keeper?",
            "Tomas Varga",
            "",
        ),
        chain(
            "Which English drummer played with The Greywell Sisters?",
            "Ruth Mackay",
            "",
        ),
        chain(
            "WHICH Danish director made Salt Roads?",
            "Elena Sorensen",
            "",
        ),
        unanswerable("Which English drummer played on Harbour Lights?"),
        unanswerable("What English drummer played on Harbour Lights?"),
        unanswerable("Which Danish film director made The Lantern Keeper?"),
        unanswerable("Which Hungarian director made Salt Roads?"),
    ]
}

#[test]
fn a_nationality_the_question_gives_the_thing_asked_is_said_of_it() {
    run(
        "nationality-of-the-thing-asked",
        &nationality_of_the_thing_asked(),
        9,
    );
}

/// A thing the corpus has no page for, named only after the relation the
/// question asks by ("What software company developed Lantern Run?": its
/// page says "developed by Marrow Bay Interactive" and never "company").
/// Written before the change that reads it (2 of 6 passed, the two
/// distractors): the two pages are self-written, a developer and a
/// publisher in one sentence, and a game whose page names its publisher
/// only. The distractors share every word but the game, or ask a relation
/// the page does not state. The Tide Engine publisher case (an adjunct
/// before "by") and the Reid's Hall cases (a given name's first word opens
/// the answer; a kind noun the pool uses, but not the page) were added with
/// the changes that read them; on the engine before those the Reid's Hall
/// chain named the town, Aldermoor, as the philanthropist, and the merchant
/// case ended missing.
fn named_after_the_relation() -> Vec<Case> {
    vec![
        chain(
            "What software company developed Lantern Run?",
            "Marrow Bay Interactive",
            "developed by Marrow Bay Interactive",
        ),
        chain(
            "which studio developed Lantern Run?",
            "Marrow Bay Interactive",
            "developed by Marrow Bay Interactive",
        ),
        chain(
            "What company published Lantern Run?",
            "Kestrel Soft",
            "published by Kestrel Soft",
        ),
        // The passive form is asked of the named page (a single step): a
        // proposal from other pages verified a wrong name when the page
        // gave none ("… was established by which monarch?").
        answered(
            "Lantern Run was developed by which company?",
            "R",
            "developed by Marrow Bay Interactive",
        ),
        // A short adjunct between the verb and its "by".
        chain(
            "What company published Tide Engine?",
            "Kestrel Soft",
            "published in Europe by Kestrel Soft",
        ),
        // The answer opens with a word of the question's own name
        // ("Reid Campbell" for "Reid's Hall"), and is one of two agents.
        chain(
            "Which philanthropist opened Reid's Hall?",
            "Reid Campbell",
            "opened in 1892 by Reid Campbell",
        ),
        // A kind noun the pool uses elsewhere ("merchants"), not on the page.
        chain(
            "Which merchant opened Reid's Hall?",
            "Reid Campbell",
            "opened in 1892 by Reid Campbell",
        ),
        unanswerable("Which philanthropist opened Reid's Theatre?"),
        unanswerable("What software company developed Tide Engine?"),
        unanswerable("What company developed Lantern Run II?"),
    ]
}

#[test]
fn a_thing_without_a_page_is_named_after_the_relation_asked() {
    run("named-after-the-relation", &named_after_the_relation(), 6);
}

/// A relative clause after a name or a year describes a thing the question
/// names already ("… released the album Brothers in Arms in 1985 *which*
/// also featured a song …", HotpotQA): when the proposal finds nothing, the
/// clause is asked as written, as for any question without such a clause.
/// A nationality the question gives is then checked where the pool states
/// one: the adjective before the kind noun or the name ("the *Scottish*
/// folk-rock band The Tidewalkers"), or the country of the page's first
/// sentence ("a band from Edinburgh, *Scotland*"; a British band may be a
/// Scottish one), and a name ending like a demonym ("Sean Dalgleish") is
/// none. A band read off a label's page that lists two bands does not
/// answer for an album whose own page names its band. Written with the
/// change; measured on the engine before it (c56ae1f): 6 of 11 (the first
/// four `blocked` or `missing`, "Which English band …" answered The Greywell
/// Sisters from the label's list); 10 after. The false relative clause
/// ("… a single called Salt Water", no such single) still comes out
/// `supported`: the name check counts one of two names.
fn relatives_after_a_name() -> Vec<Case> {
    let band = |q| answered(q, "FR", "The Tidewalkers");
    vec![
        band("What Scottish folk-rock band released the album Harbour Lights in 1998 which also featured a single called Low Water?"),
        // Paraphrases: "which" after a comma, another verb; asked as British.
        band("Which Scottish band released Harbour Lights in 1998, which also had a single called Low Water?"),
        band("Which British band released Harbour Lights in 1998, which also had a single called Low Water?"),
        band("Which Scottish band released the album Harbour Lights?"),
        answered(
            "What English indie band released the album Northern Stars in 2001 which was produced in a rented farmhouse?",
            "FR",
            "The Greywell Sisters",
        ),
        chain(
            "Which Hungarian director made The Lantern Keeper in 2004, which premiered at Karlovy Vary?",
            "Tomas Varga",
            "The Lantern Keeper",
        ),
        // Distractors: another nationality, a band of the other album.
        unanswerable("What English folk-rock band released the album Harbour Lights in 1998 which also featured a single called Low Water?"),
        unanswerable("Which English band released the album Harbour Lights?"),
        unanswerable("Which Scottish band released the album Northern Stars?"),
        unanswerable("Which Danish director made The Lantern Keeper in 2004, which premiered at Karlovy Vary?"),
        unanswerable("What Scottish folk-rock band released the album Harbour Lights in 1998 which also featured a single called Salt Water?"),
    ]
}

#[test]
fn relative_clauses_after_a_name_and_nationalities_stated() {
    run("relative-after-a-name", &relatives_after_a_name(), 10);
}

/// A later part refers to the part before's answer without a "he"/"she":
/// singular "they" for the one person a "who" part asks for, "that person",
/// and "the same"/"that same" before the kind of thing that part found
/// ("what puzzle game did the same company publish?"). Each later part must
/// wait for that answer, and be no answer when it is not found. With
/// distractors: a "they" whose part before names a band (the band, not an
/// answer), a band the pool has no page for (no one to ask about), and a
/// page that does not state what the later part asks (not answered with
/// another person's place). English only: the pool is.
fn answer_references() -> Vec<Compound> {
    vec![
        Compound {
            question: "Who directed The Lantern Keeper, and where were they born?",
            parts: &[
                Some(("lantern-keeper", "Tomas Varga")),
                Some(("tomas-varga", "Szeged")),
            ],
        },
        Compound {
            question: "Who directed Salt Roads, and in what year was that person born?",
            parts: &[
                Some(("salt-roads", "Elena Sorensen")),
                Some(("elena-sorensen", "1962")),
            ],
        },
        Compound {
            question: "Which company published Lantern Run, and what puzzle game did the same company publish?",
            parts: &[
                Some(("lantern-run", "Kestrel Soft")),
                Some(("tide-engine", "Tide Engine")),
            ],
        },
        Compound {
            question: "Who published Lantern Run? Which university's students wrote a game for that same publisher?",
            parts: &[
                Some(("lantern-run", "Kestrel Soft")),
                Some(("tide-engine", "Kestrel Bay University")),
            ],
        },
        Compound {
            question: "Who directed The Lantern Keeper, and where did they study?",
            parts: &[
                Some(("lantern-keeper", "Tomas Varga")),
                Some(("tomas-varga", "Budapest")),
            ],
        },
        // "they" is the band the part before names.
        Compound {
            question: "When were The Tidewalkers formed, and where are they from?",
            parts: &[
                Some(("tidewalkers", "1991")),
                Some(("tidewalkers", "Edinburgh")),
            ],
        },
        // No page for the band: no one to ask about.
        Compound {
            question: "Who plays drums for The Foxglove Trio, and when was that person born?",
            parts: &[None, None],
        },
        // Her page does not say where she studied.
        Compound {
            question: "Who directed Salt Roads, and where did they study?",
            parts: &[Some(("salt-roads", "Elena Sorensen")), None],
        },
        // "that"/"this" and a kind noun (added with the second change).
        Compound {
            question: "Who directed The Lantern Keeper, and where did this filmmaker study?",
            parts: &[
                Some(("lantern-keeper", "Tomas Varga")),
                Some(("tomas-varga", "Budapest")),
            ],
        },
        Compound {
            question: "Which band recorded Harbour Lights, and in what year was that band formed?",
            parts: &[
                Some(("harbour-lights", "The Tidewalkers")),
                Some(("tidewalkers", "1991")),
            ],
        },
        // No developer is named: nothing to ask where it is.
        Compound {
            question: "Who made Lantern Run II, and where is that developer based?",
            parts: &[None, None],
        },
        // "that" before no kind noun is no reference.
        Compound {
            question: "When was Harbour Lights released, and can I buy that online?",
            parts: &[Some(("harbour-lights", "1998")), None],
        },
    ]
}

/// [`answer_references`] cases that must pass.
const MIN_ANSWER_REFERENCE: usize = 12;

#[test]
fn a_later_part_refers_to_the_answer_by_they_or_that() {
    run_compounds(
        "answer-reference",
        &answer_references(),
        MIN_ANSWER_REFERENCE,
    );
}

/// "Who VERBed on X?" is answered where X's page names someone by the
/// agent noun of the verb ("singer Callum Reid" for "sang", "drummer Iona
/// Fraser" for "drummed"), not by the band that page is about; and a role
/// asked of a band is answered only where a page gives someone that role:
/// The Greywell Sisters' pages name a drummer and a bassist, no singer and
/// no guitarist.
fn agents_and_roles() -> Vec<Case> {
    vec![
        answered("Who sang on Harbour Lights?", "", "Callum Reid"),
        answered("who drummed on Harbour Lights", "", "Iona Fraser"),
        answered(
            "Who drummed on the album Northern Stars?",
            "",
            "Ruth Mackay",
        ),
        answered(
            "Who is the drummer of The Greywell Sisters?",
            "",
            "Ruth Mackay",
        ),
        answered(
            "Who is the lead singer of The Tidewalkers?",
            "",
            "Callum Reid",
        ),
        unanswerable("Who sings lead for The Greywell Sisters?"),
        unanswerable("Who was the guitarist of The Greywell Sisters?"),
        unanswerable("Who sang on Northern Stars?"),
        // A role in two words: its last noun is the role ("lead singer").
        unanswerable("Who was the lead singer in The Greywell Sisters?"),
        unanswerable("Name the lead vocalist of The Greywell Sisters."),
        answered(
            "Who was the lead vocalist of The Tidewalkers?",
            "",
            "Callum Reid",
        ),
        answered(
            "Who is the regular drummer of The Greywell Sisters?",
            "",
            "Ruth Mackay",
        ),
    ]
}

#[test]
fn a_verb_s_agent_and_a_role_are_stated() {
    run("agents-and-roles", &agents_and_roles(), 12);
}

/// A place asked late, after the verb ("Tomas Varga was born in which
/// city?"), as "Where was … born?" is: the page states it whether or not
/// the place has a page. Distractors: a page that does not state it, and a
/// described person whose page does not.
fn places_asked_late() -> Vec<Case> {
    // Any plan: a town with a page of its own may be proposed and verified.
    let place = |question, value| answered(question, "", value);
    vec![
        place("Tomas Varga was born in which city?", "Szeged"),
        place("Iona Fraser grew up in which town?", "Oban"),
        place("In which town was Callum Reid born?", "Dundee"),
        // His page writes "towns" in a sentence that is not about his birth.
        place("In which town was Tomas Varga born?", "Szeged"),
        chain(
            "The director of The Lantern Keeper was born in what city?",
            "Tomas Varga",
            "Szeged",
        ),
        unanswerable("Elena Sorensen was born in which town?"),
        unanswerable("The director of Salt Roads grew up in which city?"),
    ]
}

#[test]
fn a_place_asked_after_the_verb() {
    run("places-asked-late", &places_asked_late(), 7);
}

/// Two described people compared ("the director of Salt Roads or the
/// director of The Lantern Keeper"): each is found first, then compared by
/// the date asked, with its name kept. Distractor: a film the pool does
/// not have.
fn compared_descriptions() -> Vec<Case> {
    vec![
        answered(
            "Who was born first, the director of Salt Roads or the director of The Lantern Keeper?",
            "",
            "Tomas Varga",
        ),
        answered(
            "Which is younger: the singer on Harbour Lights or the drummer on Northern Stars?",
            "",
            "Ruth Mackay",
        ),
        // Elena Sorensen (born 1962) is older than Callum Reid (1966).
        answered(
            "Who is older, Callum Reid or the director of Salt Roads?",
            "",
            "Elena Sorensen",
        ),
        unanswerable("Who is older, the director of Salt Roads or the director of Winter Harbour?"),
        // The writer has no page, so no birth date to compare.
        unanswerable(
            "Who is older, the director of Salt Roads or the writer of The Lantern Keeper?",
        ),
        // Described by a possessive ("the Tidewalkers' lead singer", "Salt
        // Roads's director"), the second by "their" of the first's owner.
        answered(
            "Who's younger - the Tidewalkers' lead singer or their drummer?",
            "",
            "Iona Fraser",
        ),
        answered(
            "Who is younger, the Tidewalkers' lead singer or the Tidewalkers' drummer?",
            "",
            "Iona Fraser",
        ),
        answered(
            "Who was born first, Salt Roads's director or The Lantern Keeper's director?",
            "",
            "Tomas Varga",
        ),
        unanswerable("Who is older, Salt Roads's director or Winter Harbour's director?"),
    ]
}

#[test]
fn described_people_compared() {
    run("compared-descriptions", &compared_descriptions(), 9);
}

/// A description whose clause ends in a list of names ("the album that
/// featured Callum Reid, Sean Dalgleish, and Moira Kerr") or in a quoted
/// title ("the album that featured the single \"Low Water\""): the whole
/// list, and the closing quote, belong to the description, not to the
/// question then asked about the thing found (HotpotQA: "the Korean film
/// that starred Uhm Jung-hwa, Kim Sang-kyung, and Song Young-Chang" left
/// "Who directed Te3n, Kim Sang-kyung, and Song Young-Chang?"). Distractors:
/// a list no one album features, a single the pool does not have.
fn listed_and_quoted_names() -> Vec<Case> {
    vec![
        chain(
            "Which label released the album that featured Callum Reid, Sean Dalgleish, and Moira Kerr?",
            "Harbour Lights (album)",
            "Northgate Records",
        ),
        chain(
            "Who produced the album that featured Callum Reid, Moira Kerr and Iona Fraser?",
            "Harbour Lights (album)",
            "Anna Brodie",
        ),
        answered(
            "In which year was the album released that featured Callum Reid, Sean Dalgleish, and Moira Kerr?",
            "",
            "1998",
        ),
        answered(
            "The album that featured Callum Reid, Sean Dalgleish and Iona Fraser was recorded in which town?",
            "",
            "Leith",
        ),
        unanswerable(
            "Which label released the album that featured Ruth Mackay, Alan Pryce, and Moira Kerr?",
        ),
        unanswerable("Who produced the album that featured Ruth Mackay, Alan Pryce and Callum Reid?"),
        chain(
            "Who drummed on the album that featured the single \"Low Water\"?",
            "Harbour Lights (album)",
            "Iona Fraser",
        ),
        chain(
            "Who produced the album that featured the song \"Low Water\"?",
            "Harbour Lights (album)",
            "Anna Brodie",
        ),
        unanswerable("Who drummed on the album that featured the single \"High Water\"?"),
    ]
}

#[test]
fn a_description_keeps_its_list_of_names_and_its_quotes() {
    run("listed-and-quoted", &listed_and_quoted_names(), 9);
}
