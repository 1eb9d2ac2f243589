//! Multi-hop retrieval over a small encyclopedia-like corpus: bridge
//! passages reached through title mentions (forward and backward), titles
//! named in the question anchoring their slot, comparisons split into one
//! slot per compared title, and the one-shot baseline left as plain BM25.

use slotchain::index::{Bm25, Index};
use slotchain::{retrieve, Options, Passage, Report, Scope, TaskKind};

fn passage(title: &str, text: &str) -> Passage {
    Passage::new(title, title, text)
}

fn index() -> Index {
    let passages = vec![
        passage(
            "Alpha Records",
            "Alpha Records is a record label founded in 1988 by Jane Roe in Leeds.",
        ),
        passage(
            "Jane Roe (producer)",
            "Jane Roe is a producer. She was born in Lisbon and studied piano.",
        ),
        passage(
            "Beta Records",
            "Beta Records is a record label founded by Tom Poe, who was born in Porto.",
        ),
        passage(
            "Gamma Records",
            "Gamma Records is a record label whose founder was born in Paris.",
        ),
        passage(
            "Delta Records",
            "Delta Records is a record label founded in 1990; its founder was born in Rome.",
        ),
        passage(
            "Omega Prize",
            "The Omega Prize was first awarded to the album Night Drive.",
        ),
        passage(
            "Night Drive",
            "Night Drive is an album by The Quiet Ones, released in 2001.",
        ),
        passage("Leeds", "Leeds is a city in West Yorkshire, England."),
        passage("Lisbon", "Lisbon is the capital of Portugal."),
    ];
    Index::build(passages, vec![], Default::default(), Bm25::default()).unwrap()
}

fn ask(index: &Index, q: &str, k: usize, one_shot: bool) -> Report {
    let options = Options {
        k,
        ..Options::default()
    };
    slotchain::ask(index, q, &Scope::default(), &options, one_shot).unwrap()
}

fn context(r: &Report) -> Vec<&str> {
    r.context.iter().map(|c| c.passage_id.as_str()).collect()
}

#[test]
fn a_bridge_passage_is_reached_through_the_title_its_parent_mentions() {
    let index = index();
    let q = "Where was the founder of Alpha Records born?";
    let r = ask(&index, q, 2, false);
    assert_eq!(context(&r), vec!["Alpha Records", "Jane Roe (producer)"]);
    assert!(
        r.trace
            .iter()
            .any(|t| t.message == "follows mentions: Alpha Records → Jane Roe (producer)"),
        "{:?}",
        r.trace
    );
    // The short form "Jane Roe" links the page titled "Jane Roe (producer)".
    let one = ask(&index, q, 2, true);
    assert!(
        !context(&one).contains(&"Jane Roe (producer)"),
        "{:?}",
        context(&one)
    );
}

#[test]
fn a_passage_that_mentions_the_parent_is_reached_backwards() {
    let index = index();
    let doc = |id: &str| index.doc_of(id).unwrap();
    let parent = [retrieve::Candidate {
        doc: doc("Night Drive"),
        score: 3.0,
        coverage: 1.0,
        matched: 0,
        cued: false,
    }];
    let found = retrieve::hops(&index, &[], &parent, &[], &|_| true, usize::MAX);
    // Omega Prize names "Night Drive"; Night Drive names no title.
    assert_eq!(
        found.iter().map(|(d, _, p)| (*d, *p)).collect::<Vec<_>>(),
        vec![(doc("Omega Prize"), doc("Night Drive"))]
    );
    // The access filter applies to hop targets too.
    assert!(retrieve::hops(
        &index,
        &[],
        &parent,
        &[],
        &|d| d != doc("Omega Prize"),
        usize::MAX
    )
    .is_empty());
}

#[test]
fn a_comparison_of_named_titles_gets_one_slot_per_title() {
    let index = index();
    let r = ask(
        &index,
        "Were Beta Records and Delta Records founded in the same city?",
        2,
        false,
    );
    let retrievals: Vec<&str> = r
        .slots
        .iter()
        .filter(|s| s.kind == TaskKind::Retrieve)
        .map(|s| s.question.as_str())
        .collect();
    // Each slot asks about one of them, never a blanked copy of the question.
    assert_eq!(
        retrievals,
        vec![
            "Where was Beta Records founded?",
            "Where was Delta Records founded?"
        ]
    );
    // Each compared title gets a place in the context; neither passage says
    // where the label was founded, so the comparison is honestly unresolved.
    assert_eq!(context(&r), vec!["Beta Records", "Delta Records"]);
    let compare = r
        .slots
        .iter()
        .find(|s| s.kind == TaskKind::Compare && s.depends_on.len() == 2)
        .expect("a compare step over both titles");
    assert_ne!(compare.state, slotchain::SlotState::Supported);
}

#[test]
fn hops_obey_the_access_filter() {
    let mut passages = vec![
        passage(
            "Alpha Records",
            "Alpha Records is a record label founded in 1988 by Jane Roe in Leeds.",
        ),
        passage(
            "Jane Roe (producer)",
            "Jane Roe is a producer. She was born in Lisbon.",
        ),
    ];
    passages[1]
        .meta
        .insert("access".into(), slotchain::MetaValue::Str("staff".into()));
    let index = Index::build(passages, vec![], Default::default(), Bm25::default()).unwrap();
    let r = ask(
        &index,
        "Where was the founder of Alpha Records born?",
        5,
        false,
    );
    assert_eq!(context(&r), vec!["Alpha Records"]);
    assert!(!serde_json::to_string(&r).unwrap().contains("Lisbon"));
}

#[test]
fn page_links_from_a_site_build_are_followed_like_mentions() {
    let page = |doc: &str, title: &str, text: &str, links: &[&str]| {
        let mut p = passage(title, text);
        p.id = doc.to_string();
        p.meta
            .insert("doc".into(), slotchain::MetaValue::Str(doc.into()));
        let links: Vec<String> = links.iter().map(|l| l.to_string()).collect();
        p.meta
            .insert("links".into(), slotchain::MetaValue::List(links));
        p
    };
    let passages = vec![
        page(
            "guides/deploy",
            "Deploy › Rollback",
            "To undo a release, follow the rollback checklist.",
            &["reference/checklist"],
        ),
        page(
            "reference/checklist",
            "Checklist",
            "Drain traffic, then revert to the last green build.",
            &[],
        ),
        page(
            "guides/other",
            "Other",
            "A rollback of themes is described elsewhere.",
            &[],
        ),
    ];
    let index = Index::build(passages, vec![], Default::default(), Bm25::default()).unwrap();
    let doc = |id: &str| index.doc_of(id).unwrap();
    let parent = [retrieve::Candidate {
        doc: doc("guides/deploy"),
        score: 2.0,
        coverage: 1.0,
        matched: 0,
        cued: false,
    }];
    let query = index.query(&["revert".to_string()]);
    let found = retrieve::hops(&index, &query, &parent, &[], &|_| true, usize::MAX);
    assert_eq!(
        found.first().map(|(d, _, p)| (*d, *p)),
        Some((doc("reference/checklist"), doc("guides/deploy")))
    );
    // And backwards: the checklist reaches the page that links to it.
    let child = [retrieve::Candidate {
        doc: doc("reference/checklist"),
        ..parent[0].clone()
    }];
    let query = index.query(&["undo".to_string()]);
    let back = retrieve::hops(&index, &query, &child, &[], &|_| true, usize::MAX);
    assert_eq!(back.first().map(|(d, _, _)| *d), Some(doc("guides/deploy")));
}

#[test]
fn a_question_with_more_than_64_terms_runs_every_round() {
    // Feedback and bridge rounds add terms to the slot's query; a query keeps
    // at most 64 (one match bit each), however long the question.
    let index = index();
    let words: Vec<String> = (0..90).map(|i| format!("word{i}x")).collect();
    let q = format!("Who founded the Omega Prize {}?", words.join(" "));
    let r = ask(&index, &q, 5, false);
    assert_eq!(r.slots.len(), 1);
    assert!(!r.context.is_empty(), "{:?}", r.context);
}
