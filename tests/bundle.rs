//! The sharded bundle gives the same reports as the index file it was cut
//! from, loads only parts the question reads, and rejects every bad part
//! with a clear error.
// Native test code: the case tables clippy.toml keeps out of the wasm module
// cost nothing here.
#![allow(clippy::disallowed_methods)]

use slotchain::index::bundle::Bundle;
use slotchain::index::format::reseal;
use slotchain::{ingest, Error, Index, Options, Report, Scope};
use std::collections::BTreeMap;

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/helpcentre");

/// (question, scope JSON, one-shot)
const QUESTIONS: &[(&str, &str, bool)] = &[
    (
        "Which rollback rule applies to the service that failed after the second retry?",
        r#"{"access":["public","operations"],"environment":"production"}"#,
        false,
    ),
    (
        "Which rollback rule applies to the service that failed after the second retry?",
        r#"{"access":["public"]}"#,
        false,
    ),
    (
        "今年境内差旅报销的提交期限比去年缩短了多少?境内报销审批后多久付款?境外的提交期限也与境内一样吗?",
        r#"{"today":"2026-03-15"}"#,
        false,
    ),
    (
        "TRAVEL-2026-01 指定的海外补充办法,对境外报销提交有什么要求?",
        r#"{"today":"2026-03-15"}"#,
        false,
    ),
    (
        "What is the refund window for electronics, and can I get cash instead of store credit?",
        "{}",
        false,
    ),
    (
        "What is the refund window for electronics, and can I get cash instead of store credit?",
        "{}",
        true,
    ),
    (
        "where do I work and what should I not eat?",
        r#"{"user":"Priya"}"#,
        false,
    ),
    ("How do I embed the help widget with HTML?", "{}", false),
    ("quantum chromodynamics lattice", "{}", false),
];

fn index() -> Index {
    let passages = ingest::passages(&format!("{CORPUS}/passages.jsonl")).unwrap();
    let entities = ingest::entities(&format!("{CORPUS}/entities.jsonl")).unwrap();
    let cues = ingest::cues(&format!("{CORPUS}/cues.json")).unwrap();
    Index::build(passages, entities, cues, Default::default()).unwrap()
}

fn scope(json: &str) -> Scope {
    serde_json::from_str(json).unwrap()
}

fn ask(index: &Index, (q, s, one_shot): (&str, &str, bool)) -> slotchain::Result<Report> {
    slotchain::ask(index, q, &scope(s), &Options::default(), one_shot)
}

fn parts(bundle: &Bundle) -> BTreeMap<String, Vec<u8>> {
    bundle.parts.iter().cloned().collect()
}

/// Answers from a fresh bundle, fetching parts from memory; returns the
/// report and the names fetched.
fn ask_bundle(bundle: &Bundle, question: (&str, &str, bool)) -> (Report, Vec<String>) {
    let all = parts(bundle);
    let mut index = Index::from_manifest(&bundle.manifest).unwrap();
    let mut fetch = |name: &str| {
        all.get(name)
            .cloned()
            .ok_or_else(|| Error::Input(format!("no part {name}")))
    };
    slotchain::ask_loading(&mut index, &mut fetch, &|i| ask(i, question)).unwrap()
}

#[test]
fn bundle_and_index_file_give_identical_reports() {
    let whole = index();
    let bundle = whole.to_bundle().unwrap();
    let total = bundle.parts.len();
    for &q in QUESTIONS {
        let expected = serde_json::to_string(&ask(&whole, q).unwrap()).unwrap();
        let (report, fetched) = ask_bundle(&bundle, q);
        assert_eq!(serde_json::to_string(&report).unwrap(), expected, "{q:?}");
        let mut unique = fetched.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(
            unique.len(),
            fetched.len(),
            "a part fetched twice: {fetched:?}"
        );
        assert!(fetched.len() <= total);
    }
}

#[test]
fn a_question_without_matches_reads_no_passage() {
    let bundle = index().to_bundle().unwrap();
    let (report, fetched) = ask_bundle(&bundle, ("quantum chromodynamics lattice", "{}", false));
    assert!(report.context.is_empty());
    // The question's words are looked up as terms and as alias first words.
    assert!(
        fetched
            .iter()
            .all(|n| n.starts_with('t') || n.starts_with('a')),
        "only term and alias parts: {fetched:?}"
    );
}

#[test]
fn the_manifest_leaves_the_catalog_to_parts() {
    let bundle = index().to_bundle().unwrap();
    let holds = |bytes: &[u8], text: &str| bytes.windows(text.len()).any(|w| w == text.as_bytes());
    // Passage titles and declared aliases are catalog rows: in parts only.
    for name in [
        "Deploy retries explained",
        "East Gateway",
        "payments service",
    ] {
        let lower = name.to_lowercase();
        assert!(
            !holds(&bundle.manifest, name) && !holds(&bundle.manifest, &lower),
            "{name} is in the manifest"
        );
        assert!(
            bundle
                .parts
                .iter()
                .any(|(_, b)| holds(b, &lower) || holds(b, name)),
            "{name} is in no part"
        );
    }
    let kinds: std::collections::BTreeSet<char> = bundle
        .parts
        .iter()
        .filter_map(|(n, _)| n.chars().next())
        .collect();
    assert_eq!(kinds.into_iter().collect::<String>(), "aeikpt");
}

#[test]
fn a_report_is_never_given_from_missing_parts() {
    let bundle = index().to_bundle().unwrap();
    let index = Index::from_manifest(&bundle.manifest).unwrap();
    let q = QUESTIONS[4];
    let names = slotchain::needed(&index, q.0, &scope(q.1), &Options::default(), q.2).unwrap();
    assert!(!names.is_empty());
    let all = index.part_names();
    assert!(names.iter().all(|n| all.contains(n)), "{names:?}");
    match ask(&index, q) {
        Err(Error::Incomplete(missing)) => assert_eq!(missing, names),
        other => panic!("expected Incomplete, got {other:?}"),
    }
    let message = Error::Incomplete(names.clone()).to_string();
    assert!(
        message.contains(&format!("lacks {} part(s)", names.len())),
        "{message}"
    );
    // An index file never lacks anything.
    assert!(
        slotchain::needed(&self::index(), q.0, &scope(q.1), &Options::default(), q.2)
            .unwrap()
            .is_empty()
    );
}

#[test]
fn bad_parts_and_manifests_are_rejected_with_a_reason() {
    let whole = index();
    let bundle = whole.to_bundle().unwrap();
    let mut index = Index::from_manifest(&bundle.manifest).unwrap();
    let (name, bytes) = bundle.parts.first().unwrap().clone();
    let (other, other_bytes) = bundle.parts.last().unwrap().clone();
    let err = |r: slotchain::Result<()>| r.unwrap_err().to_string();

    assert!(err(index.add_part("x9-00000000.slc", &bytes)).contains("not a part of this bundle"));
    assert!(err(index.add_part(&other, &bytes)).contains("another part or from another build"));
    let mut flipped = other_bytes.clone();
    *flipped.last_mut().unwrap() ^= 1;
    assert!(err(index.add_part(&other, &flipped)).contains("checksum mismatch"));
    assert!(err(index.add_part(&name, &bytes[..10])).contains("truncated"));
    assert!(err(index.add_part(&name, &whole.to_bytes().unwrap()))
        .contains("the manifest declares for its largest part"));
    let mut magic = bytes.clone();
    magic[..8].copy_from_slice(b"SLCHIDX\0");
    assert!(err(index.add_part(&name, &magic)).contains("wrong magic"));

    // A part of another build (same corpus minus one passage).
    let mut passages = ingest::passages(&format!("{CORPUS}/passages.jsonl")).unwrap();
    passages.pop();
    let smaller = Index::build(passages, vec![], Default::default(), Default::default())
        .unwrap()
        .to_bundle()
        .unwrap();
    let (foreign, foreign_bytes) = smaller
        .parts
        .iter()
        .find(|(_, b)| b.len() <= index.part_limit())
        .unwrap();
    assert!(err(index.add_part(foreign, foreign_bytes)).contains("not a part of this bundle"));
    assert!(err(index.add_part(&name, foreign_bytes)).contains("another build"));

    // The good part still loads after all that.
    index.add_part(&name, &bytes).unwrap();

    let manifest_err = |b: &[u8]| Index::from_manifest(b).unwrap_err().to_string();
    assert!(manifest_err(&whole.to_bytes().unwrap()).contains("not a slotchain bundle manifest"));
    assert!(manifest_err(&bytes).contains("wrong magic"));
    assert!(manifest_err(&[]).contains("truncated"));
    // An index file cannot be opened as a bundle and a bundle not saved as a file.
    assert!(index
        .to_bytes()
        .unwrap_err()
        .to_string()
        .contains("cannot be written as one index file"));
    assert!(index.to_bundle().is_err());
}

#[test]
fn corrupted_parts_reach_the_decoder_past_the_checksum_and_never_panic() {
    // With the checksum recomputed after each change, the decoder and the
    // part checks see the hostile bytes (the CRC alone rejected every
    // single-byte flip, so this test could only fail by panicking).
    let bundle = index().to_bundle().unwrap();
    let (mut decoded, mut refused, mut loaded) = (0, 0, 0);
    for (name, bytes) in &bundle.parts {
        for at in (24..bytes.len()).step_by(9) {
            for delta in [0x01u8, 0x80] {
                let mut index = Index::from_manifest(&bundle.manifest).unwrap();
                let mut b = bytes.clone();
                b[at] = b[at].wrapping_add(delta);
                match index.add_part(name, &reseal(&b)) {
                    Ok(()) => {
                        loaded += 1;
                        let _ = ask(&index, QUESTIONS[4]);
                    }
                    Err(e) => {
                        let e = e.to_string();
                        assert!(!e.contains("checksum mismatch"), "{e}");
                        assert_eq!(e.lines().count(), 1, "{e}");
                        if e.contains("cannot decode payload") {
                            decoded += 1;
                        } else {
                            refused += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(
        decoded > 100 && refused > 10 && loaded > 10,
        "{decoded} {refused} {loaded}"
    );
}

#[test]
fn search_is_the_one_shot_context_without_the_report() {
    let whole = index();
    let bundle = whole.to_bundle().unwrap();
    for &(q, s, _) in QUESTIONS {
        let options = Options {
            k: 5,
            ..Options::default()
        };
        let one_shot = slotchain::ask(&whole, q, &scope(s), &options, true).unwrap();
        let found = slotchain::search(&whole, q, &scope(s), &options).unwrap();
        assert_eq!(found, one_shot.context, "{q}");
        // Over a bundle: Incomplete until the parts are there, then the same.
        let all = parts(&bundle);
        let mut lazy = Index::from_manifest(&bundle.manifest).unwrap();
        let mut rounds = 0;
        let from_bundle = loop {
            match slotchain::search(&lazy, q, &scope(s), &options) {
                Err(Error::Incomplete(names)) => {
                    for n in names {
                        lazy.add_part(&n, &all[&n]).unwrap();
                    }
                }
                other => break other.unwrap(),
            }
            rounds += 1;
            assert!(rounds < 32);
        };
        assert_eq!(from_bundle, found, "{q}");
    }
}

#[test]
fn a_host_plan_over_a_bundle_names_its_parts_then_runs_as_on_the_file() {
    let whole = index();
    let bundle = whole.to_bundle().unwrap();
    let plan: slotchain::Plan = serde_json::from_str(
        r#"{"tasks": [
            {"id": "find", "kind": "follow", "question": "which service failed after the second retry?", "output": "entity:service", "depends_on": []},
            {"id": "rule", "kind": "retrieve", "question": "rollback rule for {find}", "depends_on": ["find"]}
        ]}"#,
    )
    .unwrap();
    let s = scope(r#"{"access":["public","operations"],"environment":"production"}"#);
    let options = Options::default();
    let expected = slotchain::run(&whole, &plan, &s, &options).unwrap();
    let all = parts(&bundle);
    let mut lazy = Index::from_manifest(&bundle.manifest).unwrap();
    for _ in 0..32 {
        let names = slotchain::needed_for_plan(&lazy, &plan, &s, &options).unwrap();
        if names.is_empty() {
            break;
        }
        for n in names {
            lazy.add_part(&n, &all[&n]).unwrap();
        }
    }
    let report = slotchain::run(&lazy, &plan, &s, &options).unwrap();
    assert_eq!(
        serde_json::to_string(&report).unwrap(),
        serde_json::to_string(&expected).unwrap()
    );
    assert!(slotchain::needed_for_plan(&whole, &plan, &s, &options)
        .unwrap()
        .is_empty());
}
