//! Ask latency on a 10k-passage corpus: the help-centre corpus plus 10,000
//! deterministic synthetic passages (Zipf-distributed vocabulary, titles,
//! metadata), so the seed questions run against realistic index sizes
//! without any external data. `cargo bench --bench ask`.

use criterion::{criterion_group, criterion_main, Criterion};
use slotchain::index::{Bm25, Index};
use slotchain::{ingest, Meta, MetaValue, Options, Passage, Scope};
use std::hint::black_box;

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/helpcentre");

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    /// Zipf-like draw in 0..n (rank r with weight ~1/r).
    fn zipf(&mut self, n: u64) -> u64 {
        let u = (self.next() % 1_000_000) as f64 / 1_000_000.0;
        ((n as f64).powf(u) as u64).saturating_sub(1).min(n - 1)
    }
}

fn word(i: u64) -> String {
    const SYL: [&str; 16] = [
        "ka", "lo", "mi", "ren", "su", "ta", "vo", "qui", "ber", "dan", "el", "fo", "gra", "hu",
        "ist", "jo",
    ];
    let mut w = String::new();
    let mut x = i + 16;
    while x > 0 {
        w.push_str(SYL[(x % 16) as usize]);
        x /= 16;
    }
    w
}

fn synthetic(n: usize) -> Vec<Passage> {
    let mut rng = Rng(42);
    (0..n)
        .map(|i| {
            let title: Vec<String> = (0..3).map(|_| word(rng.zipf(5000))).collect();
            let len = 30 + rng.next() % 60;
            let text: Vec<String> = (0..len).map(|_| word(rng.zipf(20000))).collect();
            let mut meta = Meta::new();
            meta.insert("year".into(), MetaValue::Int(2020 + (i % 7) as i64));
            Passage {
                id: format!("syn-{i}"),
                title: title.join(" "),
                text: format!("{}.", text.join(" ")),
                url: None,
                lang: None,
                meta,
            }
        })
        .collect()
}

fn index() -> Index {
    let mut passages = ingest::passages(&format!("{CORPUS}/passages.jsonl")).expect("corpus");
    passages.extend(synthetic(10_000));
    let entities = ingest::entities(&format!("{CORPUS}/entities.jsonl")).expect("entities");
    let cues = ingest::cues(&format!("{CORPUS}/cues.json")).expect("cues");
    Index::build(passages, entities, cues, Bm25::default()).expect("index")
}

fn scope(json: &str) -> Scope {
    serde_json::from_str(json).expect("scope")
}

fn bench(c: &mut Criterion) {
    let index = index();
    let options = Options::default();
    let questions = [
        ("simple", "How many days do I have to return electronics?", "{}"),
        ("refund+cash", "What is the refund window for electronics, and can I get cash instead of store credit?", "{}"),
        ("incident-chain", "Which rollback rule applies to the service that failed after the second retry?", r#"{"access":["public","operations"],"environment":"production"}"#),
        ("travel-2026-vs-2025", "今年境内差旅报销的提交期限比去年缩短了多少?境内报销审批后多久付款?境外的提交期限也与境内一样吗?", r#"{"today":"2026-03-15"}"#),
        ("supplement-reference", "TRAVEL-2026-01 指定的海外补充办法,对境外报销提交有什么要求?", r#"{"today":"2026-03-15"}"#),
        ("priya-cues", "where do I work and what should I not eat?", r#"{"user":"Priya"}"#),
    ];
    let mut group = c.benchmark_group("ask-10k");
    for (name, q, s) in questions {
        let s = scope(s);
        group.bench_function(name, |b| {
            b.iter(|| slotchain::ask(&index, black_box(q), &s, &options, false))
        });
    }
    group.bench_function("one-shot/refund+cash", |b| {
        b.iter(|| {
            slotchain::ask(
                &index,
                black_box(questions[1].1),
                &Scope::default(),
                &options,
                true,
            )
        })
    });
    group.finish();
    let bytes = index.to_bytes().expect("bytes");
    c.bench_function("load-10k-index", |b| {
        b.iter(|| Index::from_bytes(black_box(&bytes)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
