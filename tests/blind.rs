//! A blind set: 104 wordings of the seed scenarios, the docs site and the
//! encyclopedia pool, written (tests/fixtures/blind/cases.jsonl) by someone
//! who read the seeds and the corpora but not the engine or its other
//! tests, with every expectation taken from the seeds and the corpus text
//! before any case was run. It holds paraphrases (other connectives, no
//! question mark, imperatives, the wh-word late, three-part lists), the
//! other language where the corpus has it, distractors that share most
//! words but ask what no passage states, and scopes that must hide
//! evidence.
//!
//! Each case names its index (`sample`: the help centre with its entities
//! and cues; `docs`: the fixture docs site as `slotchain index` reads it
//! for the public; `docs-staff`: the same site built for staff, `--audience
//! public --audience internal`, so the internal on-call page is in the index
//! and only a scope with internal access may see it;
//! `open`: the encyclopedia pool), its scope, and per asked part (in
//! question order) the state, the acceptable first evidence passages and
//! words the part's answer must contain — in the answer line without the
//! echoed question or citations, or in the value. `says`/`never` are checked
//! against the whole answer text. The suite prints every failure and fails
//! below [`MIN_PASS`].
//!
//! A second set (tests/fixtures/blind2/cases.jsonl, 96 cases) was written
//! the same way by another hand after the engine had been fitted to the
//! first; it is where a rule written for the first set shows whether it
//! generalises ([`MIN_PASS_SECOND`]). A third (tests/fixtures/blind3, 96
//! cases) was held out for one session and is now worked on
//! ([`MIN_PASS_THIRD`]), as is a fourth (tests/fixtures/blind4, 96 cases,
//! [`MIN_PASS_FOURTH`]), and a fifth (tests/fixtures/blind5, 96 cases,
//! [`MIN_PASS_FIFTH`]); a sixth (tests/fixtures/blind6, 96 cases) is held
//! out: read only as a count, its failures never printed
//! ([`MIN_PASS_SIXTH`]).

use serde::Deserialize;
use serde_json::Value as Json;
use slotchain::analyze::fold::Lower;
use slotchain::index::{Bm25, Index};
use slotchain::model::{Report, Scope};
use slotchain::{ingest, Options};
use std::collections::HashMap;
use std::path::PathBuf;

/// Cases that must pass. Raised as the engine improves; never lowered to
/// make a change pass. Measured when the set was committed, before any
/// change written for it: 71 of 104. Then a comma alone, "besides" and a
/// request's "as well as" split (split.rs has their own cases and
/// distractors), a question whose only content word is its verb asks about
/// that verb ("how do I deploy?"), and a verb that is a sentence's noun
/// subject gives no instruction: 77. Then a life event is the life of the
/// one named before it (another person's page does not place her birth), a
/// clock time counts nothing while "twice" does, and a heading's colon
/// may introduce an instruction: 80. Then a later part that names only an
/// owner or a time ("…, and what was last year's?", "同时去年是多久") asks
/// the part before's question of it: 82. Then a cued attribute no longer
/// stands in for a topic noun no cue names (the refund window does not
/// answer "how long until a refund reaches my card?"): 83. Then (session
/// 23) a catalog type asked ("which service failed …?"), "whose", nouns
/// made from verbs, section headings, a document a policy designates and
/// a revision asked by its ID: 92. Then a gap between two durations of
/// one year ("how many days longer is A than B", trv-15/16): 94. Then "it"
/// in a later part is the noun phrase the part before asks about when that
/// part names nothing (doc-03): 95. Then an attribute named only by its tag
/// ("what is my role", pri-08): 96. Then (session 26) an attribute in other
/// words ("my job title" is the role, pri-02): 97. Then (session 51) an
/// imperative that acts on "it" is quoted with the sentence before (doc-08
/// "Add ~/.skiff/bin to it" with "… not on your PATH"): 98.
const MIN_PASS: usize = 98;

/// [`second_blind_set`] cases that must pass (tests/fixtures/blind2, 96
/// cases written the same way by another hand, after the engine of session
/// 24): measured on that engine before any change: 56 of 96. Then a
/// greeting before the question is dropped and an attribute named only by
/// its tag ("my role", "Sam's job") is answered by its tagged facts: 62.
/// Then a place is of the event asked, done by the one asked about, and
/// 几日 asks a duration: 65. Then a request splits as a question does ("I
/// need X; and can …") and a connective phrase ("; besides that,") is no
/// part: 67. Then (session 26) an attribute in other words ("my job title",
/// "any food intolerance"): 70. Then "them" in a later part is the plural
/// noun of the part before (ref-63): 71. Then an instruction is read with
/// the sentence after it that says what it does (doc-67): 72. Then a thing
/// described by a catalog type's noun is found as one ("the service in
/// incident INC-2291", inc-57): 73. Then (session 27) Chinese pairs read
/// across words are no topic words (trv-63 "逾期提交需要怎么办"): 74. Then
/// (session 28) a compound noun's head must be written where its modifiers
/// are (doc-69 "the health check path"): 75. Then (session 29) an alias no
/// passage writes is read as its entity's ID (inc-52 "gw-west"): 76. Then
/// (session 33) a restriction's name negates nothing after it and a month
/// alone after "in" is a date (pri-53 "when was my coeliac test"): 77.
/// Then (session 38) a compound role noun names its verb's doer, and the
/// work's own page that names an unpaged doer rules out other titles (enc-55
/// "the screenwriter of The Lantern Keeper"): 78. Then a how-to's act must
/// be one the passage speaks of (doc-63 "roll back the agents"): 79. Then
/// (session 39) "it" as the subject after do-support is the thing the part
/// before asks about, and a negated sentence answers a yes/no question whose
/// predicate it negates (doc-55 "does it rebuild anything", inc-65 "do I
/// need to drain traffic?" over "no traffic drain is needed"): 81. Then
/// "that service" points back at the service the part before found, as
/// "that band" does on open text (inc-66): 82. Then (session 40) a later
/// part's "the deploy" is the one the part before named (inc-55), and "that
/// service" is the service found also across a part asking something else
/// (inc-56): 84. Then a change between two written years is a difference:
/// trv-57 ("… in 2026 than in 2025?") had passed by accident (its "5" was
/// 2026's period, not a difference) and is now blocked, 2025's period
/// being written only in Chinese: 83. Then a studio is a company, so "that
/// studio" is the part before's answer and its part is blocked (enc-56): 84.
const MIN_PASS_SECOND: usize = 84;

/// [`third_blind_set`] cases that must pass (tests/fixtures/blind3, 96
/// cases written the same way by a third hand, after the engine of session
/// 25). Kept held out: no change is written from its failures; it measures
/// whether the changes made for the other sets and the suites generalise.
/// Measured on that engine before any change of session 26: 34 of 96, and
/// still 34 after it. Session 27 opened it as a working set (its failures
/// are read and written against) and held out a fourth instead. Then
/// Chinese pairs read across words are no topic words, "怎么办" asks what to
/// do, and a fact only a replaced document states is missing: 37. Then a
/// question word after a preposition ("…, and in what city?") or chat's "n"
/// opens a part: 40. Then "based"/"located" in a place question is a
/// frame word (pri-79): 41. Then ", at what time did …" opens a part
/// (inc-78): 42. Then (session 28) a verb form inside a compound noun is a
/// noun ("the *deploy* controller does", inc-73): 43. Then a user written
/// in lower case is put in the question as a name (pri-76, pri-77): 45.
/// Then a day of the week is a date where no other is (pri-82): 46. Then
/// (session 29) an alias no passage writes is read as its entity's ID
/// (inc-74 "gw-west" in staging): 47. Then (session 30) an environment or
/// region the question names is a constraint, not a word the passages
/// must write (inc-83 "both in production", inc-84 "in eu-west
/// production"): 49. Then "it" before a particle ("how do we roll it
/// back?") is the part before's answer when that is a thing, so the part is
/// blocked when the service is missing (inc-81): 50. Then (session 31) a
/// later part's "they", "that person" or "the same publisher" is the part
/// before's answer (enc-78, enc-81, enc-82, enc-86): 54. Then a role in
/// two words ("lead singer") is held to its last noun, which a drummer's
/// page does not give (enc-88): 55. Then described people are compared
/// (enc-73): 56. Then a town asked as a place is said by its name, not
/// by a sentence that writes "towns" (enc-72): 57. Then a clipped word
/// the corpus writes only in full ("in prod") is written out (inc-71): 58.
/// Then (session 32) an everyday word the corpus writes otherwise ("trip"
/// for travel, "normal" for standard) is written its way (trv-73, ref-77):
/// 60. Then a last day is counted from a date the question gives (a trip
/// that ended on a day, or "yesterday") by the rule's duration (trv-74,
/// trv-75, trv-86): 63. Then a request that lists the things it asks for
/// ("Tell me the X, the Y, and …") asks each (ref-76): 64. Then "Which
/// service's canary …?" asks which service, so "its runbook" is that
/// service's (inc-80): 65. Then "money" is a frame noun like "amount"
/// (ref-71, trv-85): 67. Then an attribute owned through "kind of" ("my
/// kind of diet") is the tagged facts' (pri-78): 68. Then (session 33) a
/// prohibition ("Never paste raw HTML …") answers whether the act may be
/// done and what follows from it, and markup inside a sentence is no clause
/// (sup-71, sup-75): 70. Then the internal on-call cases run on a staff
/// build of the docs site, as their expectations say (doc-75, doc-82; no
/// engine change): 72. Then a request's "me" is whom to tell and idioms for
/// avoid ask for restrictions (pri-71, pri-80): 74. Then a claim "filed" is
/// submitted and "turned out to be" is "was" (ref-82, trv-83): 76. Then a
/// sentence that refers back ("Open that port") answers with the one before
/// it (doc-73): 77. Then a restriction's name negates nothing after it and
/// a month alone is a date (pri-75): 78. Then what to do about a deadline
/// asks no duration (trv-80): 79. Then people described by a possessive
/// are compared (enc-83): 80. Then "office" names the employer (pri-72):
/// 81. Then (session 38) a file is named by its file name (doc-83 "where's
/// the config file supposed to live"): 82. Then (session 40) "Mac" is
/// written "macOS" where the corpus writes only that (doc-77): 83. Then a
/// catalog alias counts as written in a passage tagged with its entity
/// (inc-77 "West Gateway"): 84. Then a change between two written years is
/// a difference (trv-72 "between the 2025 and 2026 policies"): 85. Then
/// (session 48, not written from it) 86; then (session 49) another year
/// written as a number asked of the part before: 87.
const MIN_PASS_THIRD: usize = 87;

/// [`fourth_blind_set`] cases that must pass (tests/fixtures/blind4, 96
/// cases written the same way by a fourth hand, from the seeds and corpora
/// only, at the start of session 27). Held out: no change is written from
/// its failures. Measured on the engine of 3a2bd54, before any change of
/// that session: 59 of 96; 60 after session 31's first change (a later
/// part's "they"/"that person"/"the same …"), not written from it; 61
/// after its clipped words written out ("prod", "config"); 62 after
/// session 32's everyday words written the corpus's way ("trip"); 63 after
/// session 33's prohibitions and markup; 64 after its restriction names and
/// months alone (none written from it); 65 after session 39's negated
/// yes/no answers; 66 and 67 after session 40's "Mac" written "macOS" and
/// "that service" found across a part (none written from it). Session 41
/// printed its failures by mistake at its start (the test printed every
/// set's failures), so it became a working set from then on and a fifth is
/// held out instead. Then a cue stands in only where the passage shares a
/// word with the question (sup-105, the first change written from its
/// failures, with paraphrases and distractors in the wording suite): 68.
/// Then "stuff" is a thing (ref-103): 69. Then a misspelt word one edit
/// from the stem a passage writes inflected, "sumbit" (trv-111): 70. Then a
/// misspelt question word where one stands, "wher do I work" (pri-101): 71.
/// Then a computed result cites the passages it was computed from
/// (enc-105, enc-106): 73. Then a semicolon opens a question as a comma
/// does, and "besides," is a connective (ref-108): 74. Then a later Chinese
/// part naming only another year with a bare tail, "同时今年呢" (trv-109):
/// 75. Then "opened ones" is the part before's plural noun (ref-107): 76.
/// Then doc-115 and doc-117 ask about the internal on-call page with
/// internal access granted: their index is the staff build, which holds
/// that page (the public build leaves it out entirely): 78. Then a query
/// of noun phrases asks for each thing "plus" adds (ref-109): 79. Then "how
/// much shorter did it get?" is the difference of the two parts before it
/// (trv-112): 80. Then (session 48) 81; then (session 49, none written
/// from it) a name typed in lower case and the "tell me" request: 82.
/// Then (session 51, none written from it) the sentence before an
/// imperative that acts on "it" (doc-108): 83.
const MIN_PASS_FOURTH: usize = 83;

/// [`fifth_blind_set`] cases that must pass (tests/fixtures/blind5, 96
/// cases written the same way by a fifth hand, from the seeds and corpora
/// only, at the start of session 41, when the fourth set's failures had
/// been seen). Held out: read only as a count (the test prints no failure
/// of it), and no change is written from it. Measured on the engine of
/// 7c39dc8, before any change of that session: 58 of 96; 63 after that
/// session's changes (none written from it); 64 after the forty-third
/// session's decomposition of search-box forms (none written from it).
/// Held out through session 48 (64 at its end); from session 49 a working
/// set, its failures printed, and a sixth set is held out instead. Then a
/// kind the corpus never writes sinks its part (sup-506 "which languages"):
/// 65; then "what was it in 2025" and "还有2025年的" ask the part before's
/// question of that year (trv-502, trv-515), and a name typed in lower
/// case is read as a name (enc-509 "where was iona fraser born"; a
/// service's alias, inc-504 "east gateway", is left as typed): 68. The
/// fiftieth session: a verb's object ends in a noun (sup-505 "retry a
/// failed image push"), an attribute past one plain word is still the
/// person's (pri-510 "any food allergies"), and a word two services share
/// is ambiguous (inc-512 "roll back the gateway"): 71. The fifty-first: a
/// topic set off by a colon opens a comma list (ref-506 "for electronics:
/// …", inc-509 "for INC-2291: …", with "the active rollback rule"), "for
/// when" opens a case (inc-507), and a rule is stated as one, not by an
/// incident log (inc-505): 75; then "Add ~/.skiff/bin to it" quoted
/// with the sentence that names PATH (doc-505): 76; then someone's fact
/// must write the property asked ("what's my salary", pri-507): 77.
const MIN_PASS_FIFTH: usize = 77;

/// [`sixth_blind_set`] cases that must pass (tests/fixtures/blind6, 96
/// cases written the same way by a sixth hand, from the seeds and corpora
/// only, at the start of session 49, when the fifth set's failures had
/// become a working set). Held out: read only as a count, and no change is
/// written from it. Measured on the engine of e95e67a, before any change of
/// that session: 69 of 96.
const MIN_PASS_SIXTH: usize = 69;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    id: String,
    index: String,
    #[serde(default)]
    scope: Scope,
    question: String,
    parts: Vec<Part>,
    #[serde(default)]
    says: Vec<String>,
    #[serde(default)]
    never: Vec<String>,
    /// Where the expectation comes from (not checked).
    #[allow(dead_code)]
    why: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Part {
    state: String,
    #[serde(default)]
    top: Vec<String>,
    #[serde(default)]
    value: Vec<String>,
}

fn build(name: &str) -> Index {
    match name {
        "sample" => {
            let dir = format!("{ROOT}/corpus/helpcentre");
            let passages = ingest::passages(&format!("{dir}/passages.jsonl")).unwrap();
            let entities = ingest::entities(&format!("{dir}/entities.jsonl")).unwrap();
            let cues = ingest::cues(&format!("{dir}/cues.json")).unwrap();
            Index::build(passages, entities, cues, Bm25::default()).unwrap()
        }
        "docs" | "docs-staff" => {
            let dir = PathBuf::from(format!("{ROOT}/js-tests/fixtures/docs-site"));
            let audience: Vec<String> = match name {
                "docs" => vec![],
                _ => vec!["public".into(), "internal".into()],
            };
            let passages = slotchain::site::collect(&[dir], &audience)
                .unwrap()
                .passages;
            Index::build(passages, vec![], Default::default(), Bm25::default()).unwrap()
        }
        "open" => {
            let file = format!("{ROOT}/corpus/encyclopedia/passages.jsonl");
            let passages = ingest::passages(&file).unwrap();
            Index::build(passages, vec![], Default::default(), Bm25::default()).unwrap()
        }
        other => panic!("unknown index {other:?}"),
    }
}

/// A value without its passage ids: a citation key ("refund-cash") is no
/// answer.
fn strip_ids(v: &Json) -> Json {
    match v {
        Json::Object(m) => Json::Object(
            m.iter()
                .filter(|(k, _)| *k != "passage_id")
                .map(|(k, x)| (k.clone(), strip_ids(x)))
                .collect(),
        ),
        Json::Array(a) => Json::Array(a.iter().map(strip_ids).collect()),
        other => other.clone(),
    }
}

/// The answer lines of one part: those starting with (else containing) its
/// question, else those citing its first evidence passage.
fn part_lines<'a>(question: &str, first: Option<&str>, lines: &[&'a str]) -> Vec<&'a str> {
    let q = question.trim().lower();
    let mut found: Vec<&str> = lines
        .iter()
        .filter(|l| !q.is_empty() && l.trim().lower().starts_with(&q))
        .copied()
        .collect();
    if found.is_empty() {
        found = lines
            .iter()
            .filter(|l| !q.is_empty() && l.lower().contains(&q))
            .copied()
            .collect();
    }
    if found.is_empty() {
        if let Some(id) = first {
            let cite = format!("[{id}]");
            found = lines
                .iter()
                .filter(|l| l.contains(&cite))
                .copied()
                .collect();
        }
    }
    found
}

/// A line without the echoed question and without `[citation]`s.
fn answer_part(question: &str, line: &str) -> String {
    let lower = line.lower();
    let q = question.trim().lower();
    let mut out = line.lower();
    if !q.is_empty() {
        if let Some(i) = lower.find(&q) {
            out = format!("{}{}", &lower[..i], &lower[i + q.len()..]);
        }
    }
    let mut clean = String::new();
    let mut rest = out.as_str();
    while let Some(open) = rest.find('[') {
        let tail = &rest[open + 1..];
        match tail.find(']') {
            Some(close) if !tail[..close].contains(char::is_whitespace) => {
                clean.push_str(&rest[..open]);
                clean.push(' ');
                rest = &tail[close + 1..];
            }
            _ => {
                clean.push_str(&rest[..=open]);
                rest = tail;
            }
        }
    }
    clean.push_str(rest);
    clean
}

fn check(c: &Case, r: &Report) -> Vec<String> {
    let mut errs = Vec::new();
    let lines: Vec<&str> = r.answer.lines().collect();
    let asked: Vec<_> = r.slots.iter().filter(|s| s.asked).collect();
    if asked.len() != c.parts.len() {
        let got: Vec<String> = asked
            .iter()
            .map(|s| format!("{}:{}", s.id, s.state))
            .collect();
        errs.push(format!(
            "asked parts: expected {}, got {} ({})",
            c.parts.len(),
            asked.len(),
            got.join(", ")
        ));
    }
    for (i, (p, s)) in c.parts.iter().zip(&asked).enumerate() {
        let tag = format!("part {} ({})", i + 1, s.id);
        if s.state.to_string() != p.state {
            errs.push(format!(
                "{tag} state: expected {}, got {} ({})",
                p.state,
                s.state,
                s.reason.as_deref().unwrap_or("-")
            ));
        }
        let first = s.evidence.first().map(|e| e.passage_id.as_str());
        if !p.top.is_empty() && !first.is_some_and(|f| p.top.iter().any(|t| t == f)) {
            errs.push(format!(
                "{tag} first evidence: expected one of {:?}, got {first:?}",
                p.top
            ));
        }
        if !p.value.is_empty() {
            let value = s
                .value
                .as_ref()
                .map(|v| strip_ids(&serde_json::to_value(v).unwrap()).to_string())
                .unwrap_or_default();
            let hay = part_lines(&s.question, first, &lines)
                .iter()
                .map(|l| answer_part(&s.question, l))
                .chain([value.lower()])
                .collect::<Vec<_>>()
                .join("\n");
            let missing: Vec<&String> = p
                .value
                .iter()
                .filter(|w| !hay.contains(&w.lower()))
                .collect();
            if !missing.is_empty() {
                errs.push(format!("{tag} value lacks {missing:?}"));
            }
        }
    }
    let answer = r.answer.lower();
    for w in &c.says {
        if !answer.contains(&w.lower()) {
            errs.push(format!("answer does not say {w:?}"));
        }
    }
    for w in &c.never {
        if answer.contains(&w.lower()) {
            errs.push(format!("answer says forbidden {w:?}"));
        }
    }
    errs
}

/// Whether a set's failures are printed: a held-out set is read only as a
/// count, so that no change is written from its failures.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Show {
    Failures,
    CountOnly,
}

/// Runs every case of one set (a file under `tests/fixtures/`), prints each
/// failure (unless the set is held out) and returns how many pass.
fn run_set(file: &str, show: Show) -> (usize, usize) {
    let text = std::fs::read_to_string(format!("{ROOT}/tests/fixtures/{file}")).unwrap();
    let cases: Vec<Case> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut indexes: HashMap<String, Index> = HashMap::new();
    let options = Options::default();
    let mut passed = 0;
    for c in &cases {
        let index = indexes
            .entry(c.index.clone())
            .or_insert_with(|| build(&c.index));
        let r = slotchain::ask(index, &c.question, &c.scope, &options, false).unwrap();
        let errs = check(c, &r);
        if errs.is_empty() {
            passed += 1;
        } else if show == Show::Failures {
            eprintln!("FAIL {} {}", c.id, c.question);
            for e in errs {
                eprintln!("     {e}");
            }
        }
    }
    eprintln!("{passed} of {} cases of {file} pass", cases.len());
    (passed, cases.len())
}

/// Runs one set and fails when fewer than `min` of its cases pass.
fn holds(file: &str, min: usize, show: Show) {
    let (passed, total) = run_set(file, show);
    assert!(
        passed >= min,
        "{passed} of {total} cases of {file} pass, fewer than {min}"
    );
}

#[test]
fn blind_wordings() {
    holds("blind/cases.jsonl", MIN_PASS, Show::Failures);
}

#[test]
fn second_blind_set() {
    holds("blind2/cases.jsonl", MIN_PASS_SECOND, Show::Failures);
}

#[test]
fn third_blind_set() {
    holds("blind3/cases.jsonl", MIN_PASS_THIRD, Show::Failures);
}

#[test]
fn fourth_blind_set() {
    holds("blind4/cases.jsonl", MIN_PASS_FOURTH, Show::Failures);
}

#[test]
fn fifth_blind_set() {
    holds("blind5/cases.jsonl", MIN_PASS_FIFTH, Show::Failures);
}

#[test]
fn sixth_blind_set() {
    holds("blind6/cases.jsonl", MIN_PASS_SIXTH, Show::CountOnly);
}
