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
/// make a change pass.
const MIN_PASS: usize = 31;

/// [`held_out`] cases that must pass. Measured: 10 of 20 on the engine
/// before this suite's changes, 14 when they were written; one change came
/// after them (a head that names someone without a page, "bassist Alan
/// Pryce", yields no title), which fixed the bassist case: 15; then such a
/// passage ends the follow step (no other page's title is that guitarist),
/// written for [`relative_clauses`]: 16; then a life date must be written
/// as one ("born", "died" or a life span in parentheses), a rule written
/// after this set showed the Judit Halasz failure (so that case is no longer
/// held out), and checked on HotpotQA (a release year no longer answers a
/// singer's birth): 17.
const MIN_HELD_OUT: usize = 17;

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

fn check(index: &Index, c: &Case) -> Result<(), String> {
    let r = slotchain::ask(
        index,
        c.question,
        &Scope::default(),
        &Options::default(),
        false,
    )
    .map_err(|e| e.to_string())?;
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
    ]
}

/// [`relative_clauses`] cases that must pass: 2 of 9 on the engine before
/// the change (5c7eb44: only two whose answer is that nothing is found), 9
/// after.
const MIN_RELATIVE: usize = 9;

#[test]
fn relative_clause_wordings() {
    run("relative-clause", &relative_clauses(), MIN_RELATIVE);
}

#[test]
fn open_text_chains_and_comparisons() {
    run("open-text", &cases(), MIN_PASS);
}

#[test]
fn held_out_wordings() {
    run("held-out", &held_out(), MIN_HELD_OUT);
}
