//! The bodies of the fuzz targets, one function per target taking the
//! fuzzer's bytes. `fuzz_targets/*.rs` hand them to libFuzzer (nightly,
//! `make fuzz`); `tests/fuzz_replay.rs` compiles this same file on stable and
//! replays the committed seeds and crashes through them (`make test`).
//!
//! Each target checks, besides "no panic, no abort": every error renders as
//! one line of printable text, and a property of its own —
//!
//! - `index`: the bytes are an index file's payload, sealed with a correct
//!   header and checksum so the decoder sees them; a decoded index answers,
//!   writes itself back and reads back with as many passages.
//! - `bundle`: byte 0 picks a part of a fixed bundle (every kind) or its
//!   manifest, the rest is its payload, sealed with the right header; the
//!   bundle then answers a question with every other part it reads loaded.
//! - `question`: options, a scope (JSON, or else the text as `scope.user`)
//!   and a question; the report over the bundle (every part loaded) equals
//!   the index file's.
//! - `plan`: a host plan, as JSON text or built from `arbitrary` values
//!   (IDs, dependencies, placeholders, constraints); validated and run.
//! - `site`: a Markdown, MDX or HTML page (YAML/TOML front matter and all)
//!   beside a public one; every passage written must be readable by the
//!   public audience (access fails closed), none from a page whose access
//!   could not be determined.
//! - `cli_json`: the JSON inputs of the CLI: scopes, plans, options, batch
//!   lines, passages, entities and cues (then indexed).

use arbitrary::{Arbitrary, Unstructured};
use slotchain::index::bundle::Bundle;
use slotchain::index::{codec, format, Bm25, Cues, Index};
use slotchain::{
    ingest, input, site, AskOptions, Entity, Op, Options, Output, Passage, Plan, Report, Scope,
    Task, TaskKind,
};
use std::collections::HashMap;
use std::sync::OnceLock;

const PASSAGES: &str = include_str!("../../corpus/helpcentre/passages.jsonl");
const ENTITIES: &str = include_str!("../../corpus/helpcentre/entities.jsonl");
const CUES: &str = include_str!("../../corpus/helpcentre/cues.json");

/// Questions every decoded index is asked.
const QUESTIONS: [&str; 4] = [
    "What is the refund window for electronics, and can I get cash instead of store credit?",
    "Which rollback rule applies to the service that failed after the second retry?",
    "今年境内差旅报销的提交期限比去年缩短了多少?",
    "where do I work and what should I not eat?",
];

fn corpus() -> (Vec<Passage>, Vec<Entity>, Cues) {
    (
        ingest::json_lines("passages", PASSAGES).expect("the corpus reads"),
        ingest::json_lines("entities", ENTITIES).expect("the entities read"),
        ingest::json("cues", CUES).expect("the cues read"),
    )
}

thread_local! {
    /// The help-centre corpus as one index (built once per thread; an
    /// index is not `Sync`, and the fuzzer runs on one thread).
    static WHOLE: &'static Index = Box::leak(Box::new({
        let (p, e, c) = corpus();
        Index::build(p, e, c, Bm25::default()).expect("the corpus indexes")
    }));
}

/// The help-centre corpus as one index.
pub fn whole() -> &'static Index {
    WHOLE.with(|index| *index)
}

/// The same index as a bundle, and its parts by name.
pub fn sharded() -> &'static (Bundle, HashMap<String, Vec<u8>>) {
    static BUNDLE: OnceLock<(Bundle, HashMap<String, Vec<u8>>)> = OnceLock::new();
    BUNDLE.get_or_init(|| {
        let b = whole().to_bundle().expect("the corpus bundles");
        let parts = b.parts.iter().cloned().collect();
        (b, parts)
    })
}

thread_local! {
    /// The bundle with every part loaded (once per thread).
    static LOADED: &'static Index = Box::leak(Box::new({
        let (b, _) = sharded();
        let mut index = Index::from_manifest(&b.manifest).expect("the manifest opens");
        for (name, bytes) in &b.parts {
            index.add_part(name, bytes).expect("its parts load");
        }
        index
    }));
}

/// A scope that reads everything the corpus holds.
fn scope_all() -> Scope {
    Scope {
        user: Some("Priya".into()),
        access: vec!["public".into(), "operations".into()],
        today: Some("2026-03-15".into()),
        ..Scope::default()
    }
}

/// Fails the run when an error does not render as one printable line.
fn one_line(message: &str) {
    assert!(
        !message.chars().any(char::is_control),
        "an error that is not one printable line: {message:?}"
    );
}

/// The value, or the error checked by [`one_line`].
fn check<T>(r: slotchain::Result<T>) -> Option<T> {
    match r {
        Ok(v) => Some(v),
        Err(e) => {
            one_line(&e.to_string());
            None
        }
    }
}

/// Asks a decoded index one of [`QUESTIONS`] (picked by `pick`, so that a
/// run stays fast; other inputs ask the others) and searches it.
fn exercise(index: &Index, pick: usize) {
    check(slotchain::ask(
        index,
        QUESTIONS[pick % QUESTIONS.len()],
        &scope_all(),
        &Options::default(),
        false,
    ));
    check(slotchain::search(
        index,
        "refund window",
        &Scope::default(),
        &Options::default(),
    ));
}

/// The index file decoder past the checksum.
pub fn index(data: &[u8]) {
    let bytes = format::seal_index_payload(data);
    let Some(index) = check(Index::from_bytes(&bytes)) else {
        return;
    };
    exercise(&index, data.len());
    let again = index.to_bytes().expect("a decoded index writes back");
    let reread = Index::from_bytes(&again).expect("and reads back");
    assert_eq!(reread.passage_count(), index.passage_count());
}

/// The header fields of a part's payload (build, kind, number), from its name.
fn part_header(name: &str) -> Option<Vec<u8>> {
    let stem = name.strip_suffix(".slc")?;
    let (head, build) = stem.split_once('-')?;
    let build = u32::from_str_radix(build, 16).ok()?;
    let mut chars = head.chars();
    let kind = chars.next()?;
    let n: u32 = chars.as_str().parse().ok()?;
    Some(codec::to_bytes(&(build, kind, n)))
}

/// A part's payload without its container and header fields (a seed).
pub fn part_payload(name: &str, sealed: &[u8]) -> Vec<u8> {
    let header = part_header(name).unwrap_or_default();
    sealed.get(24 + header.len()..).unwrap_or(&[]).to_vec()
}

/// Answers `question` on a bundle index, fetching the real parts it lacks.
fn answer_bundle(
    index: &mut Index,
    question: &str,
    scope: &Scope,
    options: &Options,
    one: bool,
) -> Option<Report> {
    let (_, parts) = sharded();
    let mut fetch = |name: &str| {
        parts
            .get(name)
            .cloned()
            .ok_or_else(|| slotchain::Error::Index(format!("no part {name}")))
    };
    check(
        slotchain::ask_loading(index, &mut fetch, &|i| {
            slotchain::ask(i, question, scope, options, one)
        })
        .map(|(report, _)| report),
    )
}

/// Each bundle part kind, and the manifest.
pub fn bundle(data: &[u8]) {
    let Some((&pick, payload)) = data.split_first() else {
        return;
    };
    let (b, _) = sharded();
    let pick = pick as usize % (b.parts.len() + 1);
    let mut index = match b.parts.get(pick) {
        Some((name, sealed)) => {
            let Some(header) = part_header(name) else {
                return;
            };
            let mut bytes = sealed.get(..24).unwrap_or(&[]).to_vec();
            bytes.extend_from_slice(&header);
            bytes.extend_from_slice(payload);
            let mut index = Index::from_manifest(&b.manifest).expect("the manifest opens");
            if check(index.add_part(name, &format::reseal(&bytes))).is_none() {
                return;
            }
            index
        }
        None => {
            let mut bytes = b.manifest.get(..24).unwrap_or(&[]).to_vec();
            bytes.extend_from_slice(payload);
            match check(Index::from_manifest(&format::reseal(&bytes))) {
                Some(index) => index,
                None => return,
            }
        }
    };
    // One question (by the part picked), so that a run is fast: the
    // others are asked of other parts' mutants.
    let q = QUESTIONS[pick % QUESTIONS.len()];
    answer_bundle(&mut index, q, &scope_all(), &Options::default(), false);
}

/// Reports as JSON without the one field that differs between runs.
fn comparable(report: &Report) -> serde_json::Value {
    let mut v = serde_json::to_value(report).expect("a report serializes");
    v["elapsed_us"] = 0.into();
    v
}

/// Question decomposition with scopes: the file's report is the bundle's.
pub fn question(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let k = u8::arbitrary(&mut u).unwrap_or(8) % 16;
    let budget = u8::arbitrary(&mut u).unwrap_or(64) % 65;
    let flags = u8::arbitrary(&mut u).unwrap_or(0);
    let text = String::from_utf8_lossy(u.take_rest()).into_owned();
    let (head, question) = text.split_once('\n').unwrap_or(("", &text));
    let scope = input::parse(head)
        .and_then(input::from_value::<Scope>)
        .unwrap_or_else(|_| Scope {
            user: (!head.is_empty()).then(|| head.to_string()),
            ..scope_all()
        });
    let options = Options {
        k: usize::from(k),
        budget: usize::from(budget),
        ..Options::default()
    };
    let one_shot = flags & 1 == 1;
    let file = check(slotchain::ask(
        whole(),
        question,
        &scope,
        &options,
        one_shot,
    ));
    if flags & 6 == 2 {
        // Over the bundle with every part loaded: the same report (for a
        // quarter of the inputs, so that a run stays fast).
        let loaded = LOADED.with(|index| *index);
        let sharded = check(slotchain::ask(loaded, question, &scope, &options, one_shot));
        if let (Some(file), Some(sharded)) = (&file, &sharded) {
            assert_eq!(
                comparable(file),
                comparable(sharded),
                "the bundle's report differs"
            );
        }
        assert_eq!(file.is_some(), sharded.is_some());
    }
    if flags & 6 == 4 {
        check(slotchain::search(whole(), question, &scope, &options));
    }
}

const WORDS: &[&str] = &[
    "refund",
    "window",
    "electronics",
    "cash",
    "store credit",
    "rollback",
    "rule",
    "gateway-west",
    "the service",
    "that failed",
    "after the second retry",
    "Priya",
    "work",
    "eat",
    "2026",
    "今年",
    "境内",
    "差旅",
    "报销",
    "提交期限",
    "TRAVEL-2026-01",
    "INC-2291",
    "which",
    "what",
    "the",
    "how long",
    "same",
    "earlier",
    "?",
    "{",
    "}",
    "和",
    "去年",
];
const KEYS: &[&str] = &[
    "doc",
    "year",
    "environment",
    "region",
    "entities",
    "slot",
    "travel_scope",
];

#[derive(Arbitrary, Debug)]
enum Word {
    Known(u8),
    Placeholder(u8),
    Text(String),
}

#[derive(Arbitrary, Debug)]
struct FuzzTask {
    id: u8,
    kind: u8,
    question: Vec<Word>,
    deps: Vec<u8>,
    constraint: Option<(u8, Vec<Word>)>,
    output: Option<u8>,
    op: Option<u8>,
    label: Option<String>,
}

fn words(ws: &[Word]) -> String {
    ws.iter()
        .map(|w| match w {
            Word::Known(n) => WORDS[usize::from(*n) % WORDS.len()].to_string(),
            Word::Placeholder(n) => format!("{{t{}}}", n % 6),
            Word::Text(s) => s.clone(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl FuzzTask {
    fn task(&self) -> Task {
        let outputs = [
            Output::Passage,
            Output::Duration,
            Output::Entity { entity_type: None },
            Output::Entity {
                entity_type: Some("service".into()),
            },
            Output::Document,
            Output::Result,
        ];
        let ops = [Op::Difference, Op::Same, Op::Earliest, Op::Latest];
        let mut constraints = slotchain::Constraints::new();
        if let Some((key, value)) = &self.constraint {
            constraints.insert(KEYS[usize::from(*key) % KEYS.len()].into(), words(value));
        }
        Task {
            id: format!("t{}", self.id % 6),
            kind: TaskKind::ALL[usize::from(self.kind) % 4],
            question: words(&self.question),
            constraints,
            output: self
                .output
                .map(|o| outputs[usize::from(o) % outputs.len()].clone()),
            op: self.op.map(|o| ops[usize::from(o) % ops.len()]),
            depends_on: self.deps.iter().map(|d| format!("t{}", d % 6)).collect(),
            label: self.label.clone(),
        }
    }
}

/// Plan validation and execution.
pub fn plan(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let plan: Plan = if mode & 1 == 0 {
        let Ok(text) = std::str::from_utf8(rest) else {
            return;
        };
        match input::parse(text).and_then(input::from_value) {
            Ok(plan) => plan,
            Err(m) => return one_line(&slotchain::Error::Plan(m).to_string()),
        }
    } else {
        let Ok(tasks) = Vec::<FuzzTask>::arbitrary_take_rest(Unstructured::new(rest)) else {
            return;
        };
        Plan {
            tasks: tasks.iter().map(FuzzTask::task).collect(),
        }
    };
    check(slotchain::validate(&plan));
    let scope = if mode & 2 == 0 {
        scope_all()
    } else {
        Scope::default()
    };
    check(slotchain::run(whole(), &plan, &scope, &Options::default()));
}

/// A public page beside the fuzzed one.
const PUBLIC: &str =
    "---\ntitle: Welcome\n---\n# Welcome\n\nThe refund window is [30 days](page/).\n";

/// Site ingestion: Markdown, MDX, HTML, YAML/TOML front matter.
pub fn site(data: &[u8]) {
    let Some((&kind, rest)) = data.split_first() else {
        return;
    };
    let ext = ["md", "mdx", "html"][usize::from(kind) % 3];
    let text = String::from_utf8_lossy(rest);
    let name = format!("page.{ext}");
    let build = site::collect_texts(&[(&name, &text), ("index.md", PUBLIC)], &[]);
    let public = Scope::default();
    for p in &build.passages {
        assert!(
            public.may_read(p),
            "a passage the public may not read was written: {p:?}"
        );
    }
    for problem in &build.report.problems {
        one_line(&problem.to_string());
    }
    if build.report.access_problem().is_some() {
        assert!(
            !build.passages.iter().any(|p| p.id.starts_with("page")),
            "a page of undetermined access was written"
        );
    }
    if let Some(index) = check(Index::build(
        build.passages,
        vec![],
        Cues::new(),
        Bm25::default(),
    )) {
        check(index.to_bundle());
    }
}

/// The CLI's JSON inputs: scopes, plans, options, batch lines, passages,
/// entities and cues.
pub fn cli_json(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let value = input::parse(text);
    let err = |m: String| one_line(&slotchain::Error::Input(m).to_string());
    match which % 6 {
        0 => match value.and_then(input::from_value::<Scope>) {
            Ok(scope) => {
                if check(scope.check()).is_some() {
                    check(slotchain::ask(
                        whole(),
                        QUESTIONS[3],
                        &scope,
                        &Options::default(),
                        false,
                    ));
                }
            }
            Err(m) => err(m),
        },
        1 => match value.and_then(input::from_value::<Plan>) {
            Ok(plan) => {
                check(slotchain::validate(&plan));
            }
            Err(m) => err(m),
        },
        2 => match value.and_then(input::from_value::<AskOptions>) {
            Ok(options) => {
                let (options, one) = options.resolve();
                let options = Options {
                    k: options.k.min(64),
                    budget: options.budget.min(256),
                    ..options
                };
                check(slotchain::ask(
                    whole(),
                    QUESTIONS[0],
                    &Scope::default(),
                    &options,
                    one,
                ));
            }
            Err(m) => err(m),
        },
        3 => {
            if let Err(m) = value.and_then(input::from_value::<ingest::BatchQuestion>) {
                err(m);
            }
        }
        4 => {
            if let Some(passages) = check(ingest::json_lines::<Passage>("passages", text)) {
                let n = passages.len();
                if let Some(index) =
                    check(Index::build(passages, vec![], Cues::new(), Bm25::default()))
                {
                    let bytes = index.to_bytes().expect("a built index writes");
                    let back = Index::from_bytes(&bytes).expect("and reads back");
                    assert_eq!(back.passage_count() as usize, n);
                    exercise(&back, text.len());
                }
            }
        }
        _ => {
            let (entities, cues) = text.split_once("\n\n").unwrap_or((text, "{}"));
            let (Some(entities), Some(cues)) = (
                check(ingest::json_lines::<Entity>("entities", entities)),
                check(ingest::json::<Cues>("cues", cues)),
            ) else {
                return;
            };
            let (passages, _, _) = corpus();
            if let Some(index) = check(Index::build(passages, entities, cues, Bm25::default())) {
                check(slotchain::ask(
                    whole(),
                    QUESTIONS[1],
                    &scope_all(),
                    &Options::default(),
                    false,
                ));
                check(slotchain::ask(
                    &index,
                    QUESTIONS[3],
                    &scope_all(),
                    &Options::default(),
                    false,
                ));
            }
        }
    }
}

/// The seed inputs of each target: (target, name, bytes).
pub fn seeds() -> Vec<(&'static str, String, Vec<u8>)> {
    let mut out = Vec::new();
    let bytes = whole().to_bytes().expect("the corpus writes");
    out.push((
        "index",
        "helpcentre".to_string(),
        bytes.get(24..).unwrap_or(&[]).to_vec(),
    ));
    let small = Index::build(
        vec![Passage {
            id: "a".into(),
            title: "Alpha".into(),
            text: "alpha beta".into(),
            url: None,
            lang: None,
            meta: Default::default(),
        }],
        vec![],
        Cues::new(),
        Bm25::default(),
    )
    .and_then(|i| i.to_bytes())
    .expect("a one-passage index");
    out.push((
        "index",
        "one-passage".to_string(),
        small.get(24..).unwrap_or(&[]).to_vec(),
    ));
    let (b, _) = sharded();
    for (i, (name, sealed)) in b.parts.iter().enumerate() {
        let mut seed = vec![i as u8];
        seed.extend(part_payload(name, sealed));
        let part = name.split('-').next().unwrap_or(name);
        out.push(("bundle", part.to_string(), seed));
    }
    let mut manifest = vec![b.parts.len() as u8];
    manifest.extend_from_slice(b.manifest.get(24..).unwrap_or(&[]));
    out.push(("bundle", "manifest".to_string(), manifest));
    for (i, (scope, q)) in [
        ("", QUESTIONS[0]),
        (
            r#"{"access":["public","operations"],"environment":"production"}"#,
            QUESTIONS[1],
        ),
        (r#"{"today":"2026-03-15"}"#, QUESTIONS[2]),
        (r#"{"user":"Priya"}"#, QUESTIONS[3]),
        ("Sam", "Is my iPhone covered, and what did I order?"),
        (
            r#"{"today":"2026-03-15"}"#,
            "TRAVEL-2026-01 指定的海外补充办法,对境外报销提交有什么要求?",
        ),
    ]
    .iter()
    .enumerate()
    {
        for flags in [0u8, 2, 4, 3] {
            let mut seed = vec![8, 64, flags];
            seed.extend_from_slice(format!("{scope}\n{q}").as_bytes());
            out.push(("question", format!("q{i}-{flags}"), seed));
        }
    }
    for (i, plan) in [
        r#"{"tasks":[{"id":"find","kind":"follow","question":"which service failed after the second retry?","output":"entity:service"},{"id":"rule","kind":"retrieve","question":"rollback rule for {find}","depends_on":["find"]}]}"#,
        r#"{"tasks":[{"id":"q1","kind":"retrieve","question":"境内差旅报销提交期限","constraints":{"year":"2026"}},{"id":"q2","kind":"retrieve","question":"境内差旅报销提交期限","constraints":{"year":"2025"}},{"id":"c1","kind":"compute","op":"difference","question":"缩短了多少?","depends_on":["q1","q2"]}]}"#,
        r#"{"tasks":[{"id":"a","kind":"follow","question":"TRAVEL-2026-01","output":"document"},{"id":"b","kind":"retrieve","question":"海外补充办法","constraints":{"doc":"{a}"},"depends_on":["a"]}]}"#,
        r#"{"tasks":[{"id":"a","kind":"retrieve","question":"refund window electronics"},{"id":"b","kind":"retrieve","question":"refund window clothing"},{"id":"c","kind":"compare","op":"same","question":"the same?","depends_on":["a","b"]}]}"#,
    ]
    .iter()
    .enumerate()
    {
        let mut seed = vec![0u8];
        seed.extend_from_slice(plan.as_bytes());
        out.push(("plan", format!("json{i}"), seed));
    }
    out.push((
        "plan",
        "arbitrary".to_string(),
        vec![1, 3, 0, 1, 2, 1, 5, 1, 0, 2, 9, 1, 4, 0, 1],
    ));
    let pages: &[(u8, &str, &str)] = &[
        (0, "yaml", "---\ntitle: Install\naccess: public\nyear: 2026\ntags: [a, b]\n---\n# Install\n\nRun `npm i`.\n\n## Linux {#linux}\n\nNeeds glibc 2.31. See [FAQ](../faq.md#billing).\n\n<div class=\"note\">Raw <a href=\"/faq/\">FAQ</a></div>\n"),
        (0, "toml", "+++\ntitle = \"T\"\naccess = [\"public\", \"staff\"]\n+++\n# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n:::tip[Mind]\nAside\n:::\n"),
        (0, "restricted", "---\naccess: internal\n---\n# Secret\n\nThe vault code.\n"),
        (0, "unread", "\n---\nAccess: internal\n---\n# Secret\n\nThe vault code.\n"),
        (1, "mdx", "---\ntitle: Guide\n---\nimport { Tabs } from '@astrojs/starlight/components';\n\n# Guide\n\n<Tabs>\n  <Card title=\"A > B\" icon={{ name: 'x' }}>Card text</Card>\n</Tabs>\n{/* c */}\n\n```js\nimport x from 'y';\n```\n"),
        (2, "html", "<!doctype html><html lang=\"en\" data-slotchain-region=\"eu\"><head><title>FAQ</title><meta name=\"slotchain:access\" content=\"public\"></head><body><nav>Menu</nav><main><h1>FAQ</h1><p>Billing <b>is</b> monthly.</p><h2 id=\"r\">Refunds</h2><pre>a\nb</pre><table><tr><td>x</td></tr></table></main></body></html>"),
        (2, "restricted-html", "<html><body data-slotchain-access=\"internal\"><p>secret</p></body></html>"),
    ];
    let json: &[(u8, &str, &str)] = &[
        (0, "scope", r#"{"user":"Priya","access":["public","operations"],"environment":"production","region":"eu-west","today":"2026-03-15"}"#),
        (0, "scope-string", r#"{"access":"operations"}"#),
        (1, "plan", r#"{"tasks":[{"id":"a","kind":"retrieve","question":"q?","constraints":{"doc":"{b}"},"depends_on":["b"]},{"id":"b","kind":"follow","question":"r?","output":"document"}]}"#),
        (2, "options", r#"{"k":3,"budget":10,"noDecompose":true}"#),
        (3, "batch", r#"{"id":"a","question":"where do I work?","scope":{"user":"Priya"}}"#),
        (4, "passages", "{\"id\":\"a\",\"title\":\"A\",\"text\":\"alpha beta\",\"meta\":{\"slot\":\"Diet\",\"access\":[\"public\"],\"year\":2026,\"entities\":[\"x\"],\"doc\":\"D-1\"}}\n{\"id\":\"b\",\"text\":\"gamma D-1\",\"meta\":{\"links\":[\"D-1\"]}}\n"),
        (5, "entities-cues", "{\"id\":\"gateway-west\",\"type\":\"service\",\"aliases\":[\"gw west\"]}\n{\"id\":\"gateway-west\",\"type\":\"service\",\"aliases\":[\"West Gateway\"]}\n\n{\"Diet\":[\"food\",\"food\",\"eat\"]}"),
    ];
    for (target, list) in [("site", pages), ("cli_json", json)] {
        for (kind, name, text) in list {
            let mut seed = vec![*kind];
            seed.extend_from_slice(text.as_bytes());
            out.push((target, name.to_string(), seed));
        }
    }
    out
}

/// A target's body.
pub type Target = fn(&[u8]);

/// The targets by name.
pub const TARGETS: [(&str, Target); 6] = [
    ("index", index),
    ("bundle", bundle),
    ("question", question),
    ("plan", plan),
    ("site", site),
    ("cli_json", cli_json),
];
