//! Hostile input, one regression test per finding of the measurement that
//! fuzzed past the checksum (issue 20): each of these aborted, hung, took
//! unbounded time or memory, or leaked control characters on the build
//! before, and must now end quickly with a typed, one-line outcome.

mod common;

use common::{run, stderr, CORPUS};
use slotchain::index::format::reseal;
use slotchain::index::{Bm25, Cues, Index};
use slotchain::{Entity, Error, Options, Passage, Plan, Scope};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn passage(id: &str, title: &str, text: &str) -> Passage {
    Passage::new(id, title, text)
}

/// An index of one passage, `p1` titled `A`.
fn one_passage(text: &str) -> Index {
    Index::build(
        vec![passage("p1", "A", text)],
        vec![],
        Cues::new(),
        Bm25::default(),
    )
    .unwrap()
}

fn plan(json: &str) -> Plan {
    slotchain::input::from_value(slotchain::input::parse(json).unwrap()).unwrap()
}

fn quick<T>(limit: f64, f: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let out = f();
    let took = started.elapsed().as_secs_f64();
    assert!(took < limit, "took {took:.2} s, more than {limit} s");
    out
}

#[test]
fn a_value_holding_its_own_placeholder_is_filled_once_not_doubled() {
    // The value q1 produces holds "{q1}" twice; filled by repeated
    // replace, each of the 30 occurrences doubled the text (3 GB, abort).
    let index = Index::build(
        vec![passage(
            "p1",
            "Zebra code",
            "The zebra code word is {q1}{q1} today.",
        )],
        vec![],
        Cues::new(),
        Bm25::default(),
    )
    .unwrap();
    let question = "{q1} ".repeat(30);
    let p = plan(&format!(
        r#"{{"tasks":[{{"id":"q1","kind":"retrieve","question":"zebra code word"}},
            {{"id":"q2","kind":"retrieve","question":"{question}","depends_on":["q1"]}}]}}"#
    ));
    let report = quick(5.0, || {
        slotchain::run(&index, &p, &Scope::default(), &Options::default()).unwrap()
    });
    let q2 = report.slots.iter().find(|s| s.id == "q2").unwrap();
    assert!(
        q2.question.chars().count() <= slotchain::plan::MAX_FILLED_CHARS,
        "{}",
        q2.question.len()
    );
    assert!(
        q2.question.contains("{q1}{q1}"),
        "the value is inserted as it is: {}",
        q2.question
    );
}

#[test]
fn plan_questions_and_repeated_placeholders_are_bounded() {
    let index = one_passage("alpha");
    let run = |p: &Plan| slotchain::run(&index, p, &Scope::default(), &Options::default());
    // Task b asks `question`, after task a.
    let two = |question: String| {
        plan(&format!(
            r#"{{"tasks":[{{"id":"a","kind":"retrieve","question":"alpha"}},
                {{"id":"b","kind":"retrieve","question":"{question}","depends_on":["a"]}}]}}"#
        ))
    };
    // 40,000 placeholders in a 120 KB question: was 7 s of quadratic filling.
    let many = two("{a}".repeat(40_000));
    let err = quick(1.0, || run(&many).unwrap_err());
    assert_eq!(
        err.to_string(),
        "invalid plan: task b: 120000 question characters, more than the limit of 4000"
    );
    // A 10 MB question: was 761 MB.
    let huge = plan(&format!(
        r#"{{"tasks":[{{"id":"a","kind":"retrieve","question":"{}"}}]}}"#,
        "x".repeat(10_000_000)
    ));
    assert!(matches!(quick(2.0, || run(&huge)), Err(Error::Plan(_))));
    // The most a question may hold still runs, quickly.
    let most = two("{a}".repeat(1333));
    quick(5.0, || run(&most).unwrap());
}

#[test]
fn the_question_limit_holds_after_first_person_is_replaced() {
    let index = one_passage("Priya works at Acme.");
    let ask = |q: &str, user: String| {
        let scope = Scope {
            user: Some(user),
            ..Scope::default()
        };
        slotchain::ask(&index, q, &scope, &Options::default(), false)
    };
    // A 50,000-character user name: was a 199 MB report after 11 s.
    let err = quick(1.0, || {
        ask("where do I work?", "P".repeat(50_000)).unwrap_err()
    });
    assert_eq!(
        err.to_string(),
        "invalid scope: user: 50000 characters, more than the limit of 200"
    );
    // Within both limits apart, over the question limit together.
    let question = format!("{}?", "do I work ".repeat(190));
    assert!(question.chars().count() <= 2000);
    let err = quick(1.0, || ask(&question, "U".repeat(200)).unwrap_err());
    assert!(matches!(err, Error::Question(_)), "{err}");
    assert!(
        err.to_string().ends_with(
            "characters once first person is replaced by scope.user, more than the limit of 2000"
        ),
        "{err}"
    );
    ask("where do I work?", "Priya".into()).unwrap();
}

#[test]
fn cue_attributes_with_capitals_load_in_linear_time() {
    // The membership test compared "Diet" with the stored "diet": every cue
    // word was pushed again, and loading took quadratic time (24 s).
    let mut cues = Cues::new();
    cues.insert("Diet".into(), vec!["food".to_string(); 50_000]);
    let index = quick(3.0, || {
        Index::build(
            vec![passage("p1", "A", "alpha")],
            vec![],
            cues,
            Bm25::default(),
        )
        .unwrap()
    });
    assert_eq!(index.cue_attributes(&["food".to_string()]), ["diet"]);
    let bytes = index.to_bytes().unwrap();
    let loaded = quick(3.0, || Index::from_bytes(&bytes).unwrap());
    assert_eq!(loaded.cue_attributes(&["food".to_string()]), ["diet"]);
}

#[test]
fn an_entity_id_repeated_many_times_merges_in_linear_time() {
    let entities: Vec<Entity> = (0..20_000)
        .map(|i| Entity {
            id: "gateway-west".into(),
            kind: "service".into(),
            aliases: vec![format!("west gate number {i}"), "gw west".into()],
        })
        .collect();
    let index = quick(5.0, || {
        Index::build(
            vec![passage("p1", "A", "alpha")],
            entities,
            Cues::new(),
            Bm25::default(),
        )
        .unwrap()
    });
    let gw = index.resolve("gateway-west").unwrap();
    assert_eq!(index.resolve("west gate number 19999"), Some(gw));
    assert_eq!(
        index
            .entity(gw)
            .unwrap()
            .aliases
            .iter()
            .filter(|a| *a == "gw west")
            .count(),
        1
    );
}

fn build_bundle(dir: &Path) -> std::path::PathBuf {
    let out = dir.join("bundle");
    let o = run(&[
        "index",
        &format!("{CORPUS}/passages.jsonl"),
        "--entities",
        &format!("{CORPUS}/entities.jsonl"),
        "--bundle",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    out
}

/// Replaces every part of the bundle with `make(path)`.
fn replace_parts(bundle: &Path, make: impl Fn(&Path)) {
    for entry in std::fs::read_dir(bundle).unwrap() {
        let path = entry.unwrap().path();
        if path.file_name().unwrap() != "manifest.slc" {
            std::fs::remove_file(&path).unwrap();
            make(&path);
        }
    }
}

/// Runs the CLI, killed after `seconds`; None when it had to be killed.
fn run_within(args: &[&str], seconds: u64) -> Option<std::process::Output> {
    let mut child = Command::new(common::BIN)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(seconds) {
        if child.try_wait().unwrap().is_some() {
            return Some(child.wait_with_output().unwrap());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

#[test]
fn a_part_that_inflates_past_the_declared_size_is_cut_off() {
    use std::io::Write;
    let dir = common::temp_dir("hostile", "bomb");
    let bundle = build_bundle(&dir);
    // 1 MiB of zeros in 1 KB on disk, inflating past the few KB the
    // manifest declares: read to the end before (a 3 GiB one took 3.2 GB of
    // memory).
    let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    z.write_all(&vec![0u8; 1 << 20]).unwrap();
    let bomb = z.finish().unwrap();
    replace_parts(&bundle, |p| std::fs::write(p, &bomb).unwrap());
    let o = run(&[
        "ask",
        "-i",
        bundle.to_str().unwrap(),
        "What is the refund window?",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("inflates to more than")
            && err.contains("the most this bundle declares for a part"),
        "{err}"
    );
}

#[test]
fn a_part_that_is_no_regular_file_is_refused_not_waited_on() {
    let dir = common::temp_dir("hostile", "fifo");
    let bundle = build_bundle(&dir);
    replace_parts(&bundle, |p| {
        let made = Command::new("mkfifo").arg(p).status().unwrap();
        assert!(made.success());
    });
    // A FIFO part blocked forever before.
    let o = run_within(
        &[
            "ask",
            "-i",
            bundle.to_str().unwrap(),
            "What is the refund window?",
        ],
        20,
    )
    .expect("ask must not block on a FIFO part");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).ends_with(": not a regular file"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn ids_from_plans_and_indexes_reach_the_terminal_escaped() {
    let dir = common::temp_dir("hostile", "escape");
    // A plan whose task IDs carry ESC, BEL and a newline.
    let plan_file = dir.join("plan.json");
    std::fs::write(
        &plan_file,
        r#"{"tasks":[{"id":"a\u001b]0;pwned\u0007\nb","kind":"retrieve","question":"x?"},
                     {"id":"a\u001b]0;pwned\u0007\nb","kind":"retrieve","question":"y?"}]}"#,
    )
    .unwrap();
    // An index whose passage IDs collide once the checksum is recomputed.
    let index = Index::build(
        vec![
            passage("x\u{1b}[2J", "A", "alpha"),
            passage("y\u{1b}[2J", "B", "beta"),
        ],
        vec![],
        Cues::new(),
        Bm25::default(),
    )
    .unwrap();
    let mut bytes = index.to_bytes().unwrap();
    let at = bytes
        .windows(4)
        .position(|w| w == "y\u{1b}[2".as_bytes())
        .unwrap();
    bytes[at] = b'x';
    let idx = dir.join("evil.idx");
    std::fs::write(&idx, reseal(&bytes)).unwrap();
    let good = dir.join("good.idx");
    std::fs::write(&good, index.to_bytes().unwrap()).unwrap();
    for (args, words) in [
        (
            vec![
                "ask",
                "-i",
                good.to_str().unwrap(),
                "--plan",
                plan_file.to_str().unwrap(),
            ],
            "invalid plan: duplicate task id: a\\x1b]0;pwned\\x07\\nb",
        ),
        (
            vec!["ask", "-i", idx.to_str().unwrap(), "alpha?"],
            "invalid index: duplicate passage id \"x\\x1b[2J\"",
        ),
    ] {
        let o = run(&args);
        assert_ne!(o.status.code(), Some(0));
        assert!(
            !o.stderr.iter().any(|&b| b < 0x20 && b != b'\n'),
            "a control byte reached stderr"
        );
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert_eq!(err, format!("slotchain: {words}"));
    }
}

#[test]
fn a_bad_batch_line_gets_its_own_error_and_the_batch_goes_on() {
    let dir = common::temp_dir("hostile", "batch");
    let idx = dir.join("hc.idx");
    let o = run(&[
        "index",
        &format!("{CORPUS}/passages.jsonl"),
        "-o",
        idx.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let batch = dir.join("q.jsonl");
    let long = "word ".repeat(600);
    std::fs::write(
        &batch,
        format!(
            "{{\"id\":\"a\",\"question\":\"How long is the refund window for electronics?\"}}\n\
             {{\"id\":\"b\",\"question\":\"{long}\"}}\n\
             not json\n\
             \n\
             {{\"id\":\"d\",\"question\":\"Can I get cash instead of store credit?\"}}\n"
        ),
    )
    .unwrap();
    let o = run(&[
        "ask",
        "-i",
        idx.to_str().unwrap(),
        "--batch",
        batch.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "one line per question line: {lines:?}");
    assert_eq!(lines[0]["id"], "a");
    assert!(lines[0]["slots"].is_array());
    assert_eq!(
        (&lines[1]["id"], &lines[1]["line"]),
        (&serde_json::json!("b"), &serde_json::json!(2))
    );
    let words = lines[1]["error"].as_str().unwrap();
    assert!(
        words.ends_with("line 2: invalid question: 2999 characters, more than the limit of 2000"),
        "{words}"
    );
    assert_eq!(
        (&lines[2]["id"], &lines[2]["line"]),
        (&serde_json::Value::Null, &serde_json::json!(3))
    );
    assert!(lines[2]["error"]
        .as_str()
        .unwrap()
        .contains("line 3: invalid JSON"));
    assert_eq!(lines[3]["id"], "d");
    let err = stderr(&o);
    let err_lines: Vec<&str> = err.lines().collect();
    assert_eq!(err_lines.len(), 3, "{err}");
    assert!(
        err_lines[2]
            .starts_with("slotchain: invalid input: 2 of the batch's lines failed (the first: "),
        "{err}"
    );
}

#[test]
fn oversized_and_deeply_nested_pages_are_skipped_and_the_site_still_builds() {
    let dir = common::temp_dir("hostile", "pages");
    let site = dir.join("site");
    std::fs::create_dir_all(&site).unwrap();
    let depth = 30_000;
    // 30,000 nested <div>s overflowed the stack and aborted the whole build.
    std::fs::write(
        site.join("deep.html"),
        format!(
            "<html><body>{}deep{}</body></html>",
            "<div>".repeat(depth),
            "</div>".repeat(depth)
        ),
    )
    .unwrap();
    std::fs::write(
        site.join("deep-md.md"),
        format!("# Deep\n\n{}x\n", "<div>".repeat(depth)),
    )
    .unwrap();
    // A 5 MB one-line page (a 50 MB one took 11 s and 2.5 GB).
    std::fs::write(site.join("huge.md"), "word ".repeat(1 << 20)).unwrap();
    std::fs::write(
        site.join("ok.md"),
        "# Fine\n\nThe refund window is 30 days.\n",
    )
    .unwrap();
    let out = dir.join("site.idx");
    let o = quick(10.0, || {
        run(&["index", site.to_str().unwrap(), "-o", out.to_str().unwrap()])
    });
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    for (name, words) in [
        (
            "deep.html",
            "HTML nested more than 512 elements deep (reached 513): not indexed",
        ),
        (
            "deep-md.md",
            "HTML nested more than 512 elements deep (reached 513): not indexed",
        ),
        (
            "huge.md",
            "a page of 5242880 bytes, more than the limit of 4194304: not indexed",
        ),
    ] {
        let line = format!("slotchain: skipped {}: {words}", site.join(name).display());
        assert!(err.lines().any(|l| l == line), "{line}\n{err}");
    }
    assert!(err.contains("indexed 1 pages → 1 passages"), "{err}");
    assert!(
        err.contains("skipped 3 (access 0, unreadable 2, too large 1)"),
        "{err}"
    );
}
