//! The worked examples of the five seed documents, run end to end over the
//! help-centre corpus in `corpus/helpcentre/` (and variants of it with
//! passages removed). Each test asserts states, evidence IDs and values.

use slotchain::index::{Bm25, Index};
use slotchain::{ingest, Options, Passage, Plan, Report, Scope, SlotState, Value};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/helpcentre");

fn corpus() -> Vec<Passage> {
    ingest::passages(&format!("{DIR}/passages.jsonl")).unwrap()
}

fn index_of(passages: Vec<Passage>) -> Index {
    let entities = ingest::entities(&format!("{DIR}/entities.jsonl")).unwrap();
    let cues = ingest::cues(&format!("{DIR}/cues.json")).unwrap();
    Index::build(passages, entities, cues, Bm25::default()).unwrap()
}

fn index_without(ids: &[&str]) -> Index {
    index_of(
        corpus()
            .into_iter()
            .filter(|p| !ids.contains(&p.id.as_str()))
            .collect(),
    )
}

fn scope(json: &str) -> Scope {
    serde_json::from_str(json).unwrap()
}

fn ask(index: &Index, q: &str, scope_json: &str, k: usize) -> Report {
    let options = Options {
        k,
        ..Options::default()
    };
    slotchain::ask(index, q, &scope(scope_json), &options, false).unwrap()
}

fn slot<'r>(r: &'r Report, id: &str) -> &'r slotchain::Slot {
    r.slots
        .iter()
        .find(|s| s.id == id)
        .unwrap_or_else(|| panic!("no slot {id} in {:?}", r.slots))
}

fn evidence_ids(s: &slotchain::Slot) -> Vec<&str> {
    s.evidence.iter().map(|e| e.passage_id.as_str()).collect()
}

fn context_ids(r: &Report) -> Vec<&str> {
    r.context.iter().map(|c| c.passage_id.as_str()).collect()
}

fn json(r: &Report) -> String {
    serde_json::to_string(r).unwrap()
}

const INCIDENT: &str =
    "Which rollback rule applies to the service that failed after the second retry?";

// ---- seeds 000 and 001: event → service → current rule --------------------

#[test]
fn incident_chain_joins_on_service_id_under_operations_scope() {
    let index = index_of(corpus());
    let r = ask(
        &index,
        INCIDENT,
        r#"{"access":["public","operations"],"environment":"production"}"#,
        8,
    );
    assert_eq!(r.waves, vec![vec!["q1"], vec!["q2"]]);
    let q1 = slot(&r, "q1");
    assert_eq!(q1.state, SlotState::Supported);
    assert_eq!(q1.question, "which service failed after the second retry?");
    match &q1.value {
        Some(Value::Entity {
            id,
            entity_type,
            passage_id,
            span,
        }) => {
            assert_eq!(
                (id.as_str(), entity_type.as_str(), passage_id.as_str()),
                ("gateway-west", "service", "log-2291")
            );
            assert_eq!(span.text, "gateway-west");
        }
        other => panic!("q1 value {other:?}"),
    }
    let q2 = slot(&r, "q2");
    assert_eq!(q2.state, SlotState::Supported, "{:?}", q2.reason);
    assert_eq!(q2.question, "Which rollback rule applies to gateway-west?");
    assert_eq!(q2.depends_on, vec!["q1"]);
    assert_eq!(evidence_ids(q2)[0], "runbook-82");
    let edge = &q2.chain[0];
    assert!(edge.valid);
    assert_eq!(
        (
            edge.from_passage.as_str(),
            edge.to_passage.as_str(),
            edge.key.as_str(),
            edge.key_type.as_str()
        ),
        ("log-2291", "runbook-82", "gateway-west", "service")
    );
    assert_eq!((r.coverage.asked, r.coverage.answered), (1, 1));
    assert!(r.answer.contains("[runbook-82]"));
    // The restricted appendix is never read without the `restricted` level.
    assert!(!json(&r).contains("appendix-9"));
    assert!(!json(&r).contains("pre-deploy snapshot"));
}

#[test]
fn incident_without_operations_access_reports_the_stale_rule_not_a_guess() {
    let index = index_of(corpus());
    let r = ask(
        &index,
        INCIDENT,
        r#"{"access":["public"],"environment":"production"}"#,
        8,
    );
    let q2 = slot(&r, "q2");
    assert_eq!(q2.state, SlotState::Unresolved);
    assert!(
        q2.reason.as_deref().unwrap().starts_with("stale-rule"),
        "{:?}",
        q2.reason
    );
    assert!(q2.value.is_none());
    let edge = &q2.chain[0];
    assert_eq!(
        (edge.to_passage.as_str(), edge.valid, edge.reason.as_deref()),
        ("runbook-71", false, Some("stale-rule"))
    );
    // The operations-only rule is not anywhere in the report.
    assert!(!json(&r).contains("runbook-82\""));
    assert!(!json(&r).contains("last green build"));
    assert_eq!((r.coverage.asked, r.coverage.answered), (1, 0));
    assert!(r.answer.starts_with(
        "Could not confirm: Which rollback rule applies to gateway-west? (stale-rule"
    ));
}

#[test]
fn staging_rule_for_a_production_incident_is_environment_scope() {
    let index = index_without(&["runbook-71", "runbook-82"]);
    let r = ask(&index, INCIDENT, r#"{"access":["public"]}"#, 8);
    let q2 = slot(&r, "q2");
    assert_eq!(q2.state, SlotState::Unresolved);
    assert!(
        q2.reason
            .as_deref()
            .unwrap()
            .starts_with("environment-scope"),
        "{:?}",
        q2.reason
    );
    assert_eq!(q2.chain[0].to_passage, "runbook-82s");
}

#[test]
fn a_similar_service_name_does_not_join() {
    let index = index_without(&["runbook-71", "runbook-82", "runbook-82s"]);
    let r = ask(&index, INCIDENT, r#"{"access":["public"]}"#, 8);
    let q2 = slot(&r, "q2");
    assert_eq!(q2.state, SlotState::Unresolved);
    assert!(
        q2.reason.as_deref().unwrap().starts_with("service-join"),
        "{:?}",
        q2.reason
    );
    assert_eq!(q2.chain[0].to_passage, "runbook-legacy-4");
}

#[test]
fn a_hop_into_a_restricted_document_is_unresolved_for_access() {
    let mut passages = corpus();
    passages.push(Passage {
        id: "ops-index".into(),
        title: "Operations index".into(),
        text: "For database emergencies during a deploy, the emergency appendix is APPX-9.".into(),
        url: None,
        lang: None,
        meta: serde_json::from_str(r#"{"doc":"OPS-INDEX"}"#).unwrap(),
    });
    let index = index_of(passages);
    let r = ask(
        &index,
        "What does the appendix referenced by OPS-INDEX say about rollback?",
        "{}",
        8,
    );
    let q1 = slot(&r, "q1");
    assert!(
        matches!(&q1.value, Some(Value::Document { id, .. }) if id == "APPX-9"),
        "{:?}",
        q1.value
    );
    let q2 = slot(&r, "q2");
    assert_eq!(q2.state, SlotState::Unresolved);
    assert!(
        q2.reason.as_deref().unwrap().starts_with("access"),
        "{:?}",
        q2.reason
    );
    assert!(!json(&r).contains("pre-deploy snapshot"));
}

#[test]
fn a_follow_step_that_leads_nowhere_tries_its_next_candidate() {
    let p = |id: &str, text: &str, meta: &str| Passage {
        id: id.into(),
        title: String::new(),
        text: text.into(),
        url: None,
        lang: None,
        meta: serde_json::from_str(meta).unwrap(),
    };
    let passages = vec![
        p(
            "log-a",
            "Worker svc-alpha failed after the second retry.",
            "{}",
        ),
        p(
            "log-b",
            "Later, svc-beta failed after the second retry as well.",
            "{}",
        ),
        p(
            "rule-b",
            "Rollback rule for svc-beta: redeploy the previous tag.",
            "{}",
        ),
    ];
    let entities: Vec<slotchain::Entity> = vec![
        serde_json::from_str(r#"{"id":"svc-alpha","type":"service"}"#).unwrap(),
        serde_json::from_str(r#"{"id":"svc-beta","type":"service"}"#).unwrap(),
    ];
    let index = Index::build(passages, entities, Default::default(), Bm25::default()).unwrap();
    let r = ask(&index, INCIDENT, "{}", 8);
    assert_eq!(slot(&r, "q2").state, SlotState::Supported);
    assert!(matches!(&slot(&r, "q1").value, Some(Value::Entity { id, .. }) if id == "svc-beta"));
    assert!(
        r.trace
            .iter()
            .any(|t| t.message.starts_with("revision: q1 = svc-beta")),
        "{:?}",
        r.trace
    );
    // With a budget too small to reach the second candidate, nothing is claimed.
    let tight = Options {
        budget: 3,
        ..Options::default()
    };
    let r = slotchain::ask(&index, INCIDENT, &Scope::default(), &tight, false).unwrap();
    assert_ne!(slot(&r, "q2").state, SlotState::Supported);
}

#[test]
fn the_step_budget_stops_work_without_a_confident_answer() {
    let index = index_of(corpus());
    let options = Options {
        budget: 1,
        ..Options::default()
    };
    let r = slotchain::ask(
        &index,
        INCIDENT,
        &scope(r#"{"access":["public","operations"]}"#),
        &options,
        false,
    )
    .unwrap();
    let q1 = slot(&r, "q1");
    assert_eq!(q1.state, SlotState::Unresolved);
    assert!(
        q1.reason.as_deref().unwrap().starts_with("budget"),
        "{:?}",
        q1.reason
    );
    assert_eq!(slot(&r, "q2").state, SlotState::Blocked);
    assert_eq!(r.coverage.answered, 0);
    // The answer names the step that was not confirmed, and why.
    assert!(
        r.answer.starts_with(
            "Could not confirm: which service failed after the second retry? (needed for: "
        ),
        "{}",
        r.answer
    );
    assert!(r.answer.contains("(budget: "), "{}", r.answer);
}

// ---- seed 002: 2026 vs 2025 travel policy ----------------------------------

const TRAVEL: &str = "今年境内差旅报销的提交期限比去年缩短了多少?境内报销审批后多久付款?境外的提交期限也与境内一样吗?";

fn duration(s: &slotchain::Slot) -> (f64, &str, Option<&str>) {
    match &s.value {
        Some(Value::Duration {
            amount,
            unit,
            start,
            ..
        }) => {
            let unit = match unit {
                slotchain::DurationUnit::CalendarDay => "calendar_day",
                slotchain::DurationUnit::WorkingDay => "working_day",
                _ => "other",
            };
            (*amount, unit, start.as_deref())
        }
        other => panic!("{} value {other:?}", s.id),
    }
}

#[test]
fn travel_policy_record_matches_seed_002() {
    let index = index_of(corpus());
    let r = ask(&index, TRAVEL, r#"{"today":"2026-03-15"}"#, 8);
    let ids: Vec<&str> = r.slots.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, vec!["q1", "q2", "c1", "q3", "q4", "c2"]);
    assert_eq!(
        r.waves,
        vec![vec!["q1", "q2", "q3", "q4"], vec!["c1", "c2"]]
    );
    let q1 = slot(&r, "q1");
    assert_eq!(q1.constraints.get("year").map(String::as_str), Some("2026"));
    assert_eq!(
        q1.constraints.get("travel_scope").map(String::as_str),
        Some("domestic")
    );
    assert_eq!(duration(q1), (30.0, "calendar_day", Some("差旅结束")));
    assert_eq!(evidence_ids(q1)[0], "travel-2026-submit");
    let q2 = slot(&r, "q2");
    assert_eq!(q2.constraints.get("year").map(String::as_str), Some("2025"));
    assert_eq!(duration(q2), (60.0, "calendar_day", Some("差旅结束")));
    assert_eq!(evidence_ids(q2)[0], "travel-2025-submit");
    let q3 = slot(&r, "q3");
    assert_eq!(duration(q3), (5.0, "working_day", Some("审批")));
    assert_eq!(evidence_ids(q3)[0], "travel-2026-pay");
    let q4 = slot(&r, "q4");
    assert_eq!(q4.state, SlotState::Missing);
    assert_eq!(
        q4.constraints.get("travel_scope").map(String::as_str),
        Some("overseas")
    );
    assert!(q4.value.is_none());
    let c1 = slot(&r, "c1");
    assert_eq!(
        (c1.state, c1.depends_on.clone()),
        (
            SlotState::Supported,
            vec!["q1".to_string(), "q2".to_string()]
        )
    );
    match &c1.value {
        Some(Value::Difference {
            amount,
            direction,
            first,
            second,
            ..
        }) => {
            assert_eq!(
                (*amount, direction.as_str(), *first, *second),
                (30.0, "shorter", 30.0, 60.0)
            );
        }
        other => panic!("c1 value {other:?}"),
    }
    let c2 = slot(&r, "c2");
    assert_eq!(
        (c2.state, c2.depends_on.clone()),
        (SlotState::Blocked, vec!["q1".to_string(), "q4".to_string()])
    );
    assert!(c2.reason.as_deref().unwrap().contains("q4 is missing"));
    assert_eq!((r.coverage.asked, r.coverage.answered), (3, 2));
    let lines: Vec<&str> = r.answer.lines().collect();
    assert_eq!(lines.len(), 3, "{}", r.answer);
    assert!(lines[0].contains("缩短了 30 个自然日"));
    assert!(lines[1].contains("5 个工作日") && lines[1].contains("[travel-2026-pay]"));
    // The gap line names the part that is missing, and what it was for.
    assert_eq!(
        lines[2],
        "未能找到以下内容的资料：境外的提交期限（用于：境外的提交期限也与境内一样吗?）"
    );
}

#[test]
fn differences_need_the_same_unit_and_start_event() {
    let mut passages = corpus();
    for p in &mut passages {
        if p.id == "travel-2025-submit" {
            p.text = "境内差旅的报销申请，应在审批后60个工作日内提交。".into();
        }
    }
    let r = ask(&index_of(passages), TRAVEL, r#"{"today":"2026-03-15"}"#, 8);
    let c1 = slot(&r, "c1");
    assert_eq!(c1.state, SlotState::Unresolved);
    assert!(
        c1.reason.as_deref().unwrap().starts_with("unit-mismatch"),
        "{:?}",
        c1.reason
    );
    assert!(c1.value.is_none());
}

#[test]
fn supplement_is_found_only_through_the_main_policys_reference() {
    let index = index_of(corpus());
    let q = "TRAVEL-2026-01 指定的海外补充办法,对境外报销提交有什么要求?";
    let r = ask(&index, q, r#"{"today":"2026-03-15"}"#, 8);
    let q1 = slot(&r, "q1");
    assert_eq!(q1.kind, slotchain::TaskKind::Follow);
    match &q1.value {
        Some(Value::Document {
            id,
            passage_id,
            span,
        }) => {
            assert_eq!(
                (id.as_str(), passage_id.as_str(), span.text.as_str()),
                (
                    "TRAVEL-2026-S2",
                    "travel-2026-overseas-ref",
                    "TRAVEL-2026-S2"
                )
            );
        }
        other => panic!("q1 value {other:?}"),
    }
    let q2 = slot(&r, "q2");
    assert_eq!(q2.state, SlotState::Supported);
    assert_eq!(
        q2.constraints.get("doc").map(String::as_str),
        Some("TRAVEL-2026-S2")
    );
    assert_eq!(evidence_ids(q2), vec!["travel-s2-submit"]);
    assert_eq!(q2.chain[0].key, "TRAVEL-2026-S2");
    assert!(q2.chain[0].valid);
    // Without the main policy's reference, no supplement is guessed, although
    // both supplements' passages match the question's words.
    let r = ask(
        &index_without(&["travel-2026-overseas-ref"]),
        q,
        r#"{"today":"2026-03-15"}"#,
        8,
    );
    assert_eq!(slot(&r, "q1").state, SlotState::Missing);
    assert_eq!(slot(&r, "q2").state, SlotState::Blocked);
    assert!(slot(&r, "q2").evidence.is_empty());
}

// ---- seed 003: refund window + cash ----------------------------------------

const REFUND: &str =
    "What is the refund window for electronics, and can I get cash instead of store credit?";

#[test]
fn refund_question_gets_evidence_for_each_part() {
    let r = ask(&index_of(corpus()), REFUND, "{}", 8);
    assert_eq!(r.slots.len(), 2);
    let q1 = slot(&r, "q1");
    assert_eq!(q1.question, "What is the refund window for electronics?");
    assert_eq!(duration(q1), (15.0, "calendar_day", Some("delivery")));
    assert_eq!(evidence_ids(q1)[0], "refund-electronics");
    let q2 = slot(&r, "q2");
    assert_eq!(q2.question, "can I get cash instead of store credit?");
    assert_eq!(q2.state, SlotState::Supported);
    assert_eq!(evidence_ids(q2)[0], "refund-cash");
    assert_eq!(
        &context_ids(&r)[..2],
        &["refund-electronics", "refund-cash"]
    );
    assert_eq!((r.coverage.asked, r.coverage.answered), (2, 2));
    assert!(!r.answer.contains("couldn't find"));
}

#[test]
fn without_the_cash_passage_the_answer_says_what_it_could_not_find() {
    let r = ask(&index_without(&["refund-cash"]), REFUND, "{}", 8);
    assert_eq!(slot(&r, "q1").state, SlotState::Supported);
    assert_eq!(slot(&r, "q2").state, SlotState::Missing);
    assert_eq!((r.coverage.asked, r.coverage.answered), (2, 1));
    let lines: Vec<&str> = r.answer.lines().collect();
    assert!(lines[0].starts_with("What is the refund window for electronics? — 15 calendar days after delivery [refund-electronics]"));
    assert_eq!(
        lines[1],
        "I couldn't find documented information on: can I get cash instead of store credit?"
    );
}

#[test]
fn one_shot_retrieval_lets_the_refund_half_take_the_context() {
    let index = index_without(&[]);
    let one = slotchain::ask(
        &index,
        REFUND,
        &Scope::default(),
        &Options {
            k: 2,
            ..Options::default()
        },
        true,
    )
    .unwrap();
    assert_eq!(one.slots.len(), 1);
    let split = ask(&index, REFUND, "{}", 2);
    assert!(context_ids(&split).contains(&"refund-cash"));
    assert_eq!(context_ids(&split).len(), 2);
}

// ---- seed 004: resolve, split, slot cues, merge -----------------------------

#[test]
fn where_do_i_work_and_what_should_i_not_eat() {
    let r = ask(
        &index_of(corpus()),
        "where do I work and what should I not eat?",
        r#"{"user":"Priya"}"#,
        5,
    );
    let questions: Vec<&str> = r.slots.iter().map(|s| s.question.as_str()).collect();
    assert_eq!(
        questions,
        vec!["where does Priya work?", "what should Priya not eat?"]
    );
    assert_eq!(evidence_ids(slot(&r, "q1"))[0], "mem-priya-work");
    let diet = evidence_ids(slot(&r, "q2"));
    assert_eq!(diet.len(), 5);
    assert!(
        diet.contains(&"mem-priya-gluten") && diet.contains(&"mem-priya-gluten-2"),
        "{diet:?}"
    );
    let ctx = context_ids(&r);
    assert_eq!(ctx.len(), 5);
    assert_eq!(&ctx[..2], &["mem-priya-work", "mem-priya-fish"]);
    assert!(ctx.contains(&"mem-priya-gluten"), "{ctx:?}");
    assert!(!ctx.contains(&"mem-sam-work"), "{ctx:?}");
    assert!(r.trace.iter().any(|t| t.message == "slot cues: diet"));
    // The gluten fact shares no word with the question: only the cue reaches it.
    let no_cues = Index::build(corpus(), vec![], Default::default(), Bm25::default()).unwrap();
    let r = ask(
        &no_cues,
        "where do I work and what should I not eat?",
        r#"{"user":"Priya"}"#,
        5,
    );
    assert!(!evidence_ids(slot(&r, "q2")).contains(&"mem-priya-gluten"));
}

#[test]
fn a_plain_list_stays_one_question() {
    let r = ask(
        &index_of(corpus()),
        "Priya eats fish and does not eat meat",
        r#"{"user":"Priya"}"#,
        5,
    );
    assert_eq!(r.slots.len(), 1);
}

#[test]
fn a_simple_question_is_one_slot() {
    let r = ask(
        &index_of(corpus()),
        "How many days do I have to return electronics?",
        "{}",
        5,
    );
    assert_eq!(r.slots.len(), 1);
    assert_eq!(r.waves, vec![vec!["q1"]]);
    assert_eq!(evidence_ids(slot(&r, "q1"))[0], "refund-electronics");
}

// ---- host plans -------------------------------------------------------------

fn plan(json: &str) -> Plan {
    serde_json::from_str(json).unwrap()
}

#[test]
fn a_host_plan_runs_like_a_decomposed_one() {
    let index = index_of(corpus());
    let p = plan(
        r#"{"tasks":[
        {"id":"find","kind":"follow","question":"which service failed after the second retry?","output":"entity:service","depends_on":[]},
        {"id":"rule","kind":"retrieve","question":"rollback rule for {find}","depends_on":["find"]}]}"#,
    );
    let r = slotchain::run(
        &index,
        &p,
        &scope(r#"{"access":["public","operations"]}"#),
        &Options::default(),
    )
    .unwrap();
    assert_eq!(slot(&r, "rule").state, SlotState::Supported);
    assert_eq!(evidence_ids(slot(&r, "rule"))[0], "runbook-82");
    assert_eq!(slot(&r, "rule").question, "rollback rule for gateway-west");
}

#[test]
fn invalid_host_plans_are_errors_naming_the_tasks() {
    let index = index_of(corpus());
    let cycle = plan(
        r#"{"tasks":[{"id":"a","kind":"retrieve","question":"x {b}","depends_on":["b"]},
                     {"id":"b","kind":"retrieve","question":"y {a}","depends_on":["a"]}]}"#,
    );
    let e = slotchain::run(&index, &cycle, &Scope::default(), &Options::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid plan: dependency cycle among tasks: a, b"
    );
    let unknown =
        plan(r#"{"tasks":[{"id":"a","kind":"compute","question":"diff","depends_on":["q9"]}]}"#);
    let e = slotchain::run(&index, &unknown, &Scope::default(), &Options::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid plan: unknown prerequisite: q9 (needed by a)"
    );
}

#[test]
fn bad_questions_and_scopes_are_errors() {
    let index = index_of(corpus());
    let o = Options::default();
    let e = slotchain::ask(&index, "   ", &Scope::default(), &o, false).unwrap_err();
    assert_eq!(e.to_string(), "invalid question: the question is empty");
    let long = "why ".repeat(600);
    let e = slotchain::ask(&index, &long, &Scope::default(), &o, false).unwrap_err();
    assert!(e
        .to_string()
        .starts_with("invalid question: 2399 characters"));
    let e = slotchain::ask(
        &index,
        "refund?",
        &scope(r#"{"today":"tomorrow"}"#),
        &o,
        false,
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid scope: today must be YYYY-MM-DD, got \"tomorrow\""
    );
}

#[test]
fn index_file_round_trip_gives_the_same_report() {
    let index = index_of(corpus());
    let loaded = Index::from_bytes(&index.to_bytes().unwrap()).unwrap();
    let a = ask(&index, TRAVEL, r#"{"today":"2026-03-15"}"#, 8);
    let b = ask(&loaded, TRAVEL, r#"{"today":"2026-03-15"}"#, 8);
    assert_eq!(json(&a), json(&b));
}

#[test]
fn one_access_level_may_be_given_as_a_string() {
    let index = index_of(corpus());
    let as_list = ask(&index, INCIDENT, r#"{"access":["operations"]}"#, 8);
    let as_string = ask(&index, INCIDENT, r#"{"access":"operations"}"#, 8);
    assert_eq!(json(&as_string), json(&as_list));
    assert_eq!(scope(r#"{"access":"operations"}"#).access, ["operations"]);
}
