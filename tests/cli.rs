//! The `slotchain` command as a user runs it: building an index, asking,
//! batches, host plans, and every kind of bad input giving a one-line error
//! with a non-zero exit status (2 for an invalid plan), never a panic.

mod common;

use common::{run, stderr, CORPUS};
use std::path::{Path, PathBuf};
use std::process::Output;

fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("cli", name)
}

fn build_index(dir: &Path) -> String {
    build(dir, "hc.idx", &[])
}

/// Indexes the help-centre corpus into `dir/name` with extra arguments.
fn build(dir: &Path, name: &str, extra: &[&str]) -> String {
    let out = dir.join(name).to_string_lossy().to_string();
    let mut args = vec![
        "index".to_string(),
        format!("{CORPUS}/passages.jsonl"),
        "--entities".into(),
        format!("{CORPUS}/entities.jsonl"),
        "--cues".into(),
        format!("{CORPUS}/cues.json"),
        "-o".into(),
        out.clone(),
    ];
    args.extend(extra.iter().map(|a| a.to_string()));
    let o = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).starts_with("indexed 34 passages"),
        "{}",
        stderr(&o)
    );
    out
}

fn report(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", stderr(o));
    serde_json::from_slice(&o.stdout).unwrap()
}

fn fails_with(o: &Output, code: i32, message: &str) {
    assert_eq!(o.status.code(), Some(code), "{}", stderr(o));
    let err = stderr(o);
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.starts_with(&format!("slotchain: {message}")), "{err}");
}

#[test]
fn ask_prints_one_report_with_every_field() {
    let dir = temp_dir("ask");
    let idx = build_index(&dir);
    let r = report(&run(&[
        "ask",
        "-i",
        &idx,
        "--k",
        "3",
        "What is the refund window for electronics, and can I get cash instead of store credit?",
    ]));
    for key in [
        "question",
        "slots",
        "waves",
        "context",
        "coverage",
        "answer",
        "trace",
        "elapsed_us",
    ] {
        assert!(r.get(key).is_some(), "missing {key}");
    }
    assert_eq!(r["slots"].as_array().unwrap().len(), 2);
    assert_eq!(
        r["slots"][0]["evidence"][0]["passage_id"],
        "refund-electronics"
    );
    assert_eq!(
        r["slots"][0]["evidence"][0]["url"],
        "/help/returns#electronics"
    );
    assert!(r["context"].as_array().unwrap().len() <= 3);
    assert_eq!(r["coverage"]["asked"], 2);
}

#[test]
fn batch_prints_one_report_per_line_with_its_id() {
    let dir = temp_dir("batch");
    let idx = build_index(&dir);
    let batch = dir.join("q.jsonl");
    std::fs::write(
        &batch,
        "{\"id\":\"a\",\"question\":\"How long is the refund window for electronics?\"}\n\n\
         {\"id\":\"b\",\"question\":\"where do I work?\",\"scope\":{\"user\":\"Priya\"}}\n",
    )
    .unwrap();
    let o = run(&["ask", "-i", &idx, "--batch", batch.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(
        (lines[0]["id"].as_str(), lines[1]["id"].as_str()),
        (Some("a"), Some("b"))
    );
    assert_eq!(
        lines[1]["slots"][0]["evidence"][0]["passage_id"],
        "mem-priya-work"
    );
}

#[test]
fn host_plans_run_and_invalid_ones_exit_2() {
    let dir = temp_dir("plan");
    let idx = build_index(&dir);
    let good = dir.join("good.json");
    std::fs::write(
        &good,
        r#"{"tasks":[{"id":"s","kind":"follow","question":"which service failed after the second retry?","output":"entity:service","depends_on":[]},
                    {"id":"r","kind":"retrieve","question":"rollback rule for {s}","depends_on":["s"]}]}"#,
    )
    .unwrap();
    let r = report(&run(&[
        "ask",
        "-i",
        &idx,
        "--plan",
        good.to_str().unwrap(),
        "--scope",
        r#"{"access":["public","operations"]}"#,
    ]));
    assert_eq!(r["slots"][1]["state"], "supported");
    assert_eq!(r["waves"], serde_json::json!([["s"], ["r"]]));
    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        r#"{"tasks":[{"id":"a","kind":"retrieve","question":"x","depends_on":["b"]},{"id":"b","kind":"retrieve","question":"y","depends_on":["a"]},{"id":"a","kind":"retrieve","question":"z","depends_on":[]}]}"#,
    )
    .unwrap();
    fails_with(
        &run(&["ask", "-i", &idx, "--plan", bad.to_str().unwrap()]),
        2,
        "invalid plan: duplicate task id: a",
    );
}

#[test]
fn bad_input_is_a_one_line_error() {
    let dir = temp_dir("bad");
    let idx = build_index(&dir);
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().to_string()
    };
    let out = dir.join("x.idx").to_string_lossy().to_string();
    let malformed = write(
        "m.jsonl",
        "{\"id\":\"a\",\"text\":\"ok\"}\n{\"id\":\"b\",\"text\":}\n",
    );
    fails_with(
        &run(&["index", &malformed, "-o", &out]),
        1,
        &format!("{malformed}: line 2: invalid JSON"),
    );
    let missing_text = write("t.jsonl", "{\"id\":\"a\"}\n");
    fails_with(
        &run(&["index", &missing_text, "-o", &out]),
        1,
        &format!("{missing_text}: line 1: invalid JSON: missing field `text`"),
    );
    let dup = write(
        "d.jsonl",
        "{\"id\":\"a\",\"text\":\"one\"}\n{\"id\":\"a\",\"text\":\"two\"}\n",
    );
    fails_with(
        &run(&["index", &dup, "-o", &out]),
        1,
        "invalid input: duplicate passage id \"a\" (passages 1 and 2)",
    );
    fails_with(
        &run(&["index", "/nonexistent/p.jsonl", "-o", &out]),
        1,
        "cannot read or write /nonexistent/p.jsonl",
    );
    fails_with(
        &run(&["ask", "-i", &idx, "  "]),
        1,
        "invalid question: the question is empty",
    );
    let long = "why ".repeat(700);
    fails_with(
        &run(&["ask", "-i", &idx, &long]),
        1,
        "invalid question: 2799 characters, more than the limit of 2000",
    );
    fails_with(
        &run(&["ask", "-i", &idx, "--scope", "{\"acces\":[]}", "q?"]),
        1,
        "invalid scope: acces: unknown field `acces`, expected one of `user`, `access`, `environment`, `region`, `today`",
    );
    fails_with(
        &run(&["ask", "-i", &idx, "--scope", "[1]", "q?"]),
        1,
        "invalid scope: invalid type: sequence, expected an object",
    );
    fails_with(
        &run(&["ask", "-i", &idx, "--scope", "{\"access\":5}", "q?"]),
        1,
        "invalid scope: access: invalid type: integer `5`, expected an access level or a list of them",
    );
    fails_with(
        &run(&[
            "ask",
            "-i",
            &idx,
            "--scope",
            "{\"today\":\"03/15/2026\"}",
            "q?",
        ]),
        1,
        "invalid scope: today must be YYYY-MM-DD",
    );
    let bytes = std::fs::read(&idx).unwrap();
    let truncated = write("trunc.idx", "");
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).unwrap();
    fails_with(
        &run(&["ask", "-i", &truncated, "q?"]),
        1,
        "invalid index: truncated: payload has",
    );
    let mut flipped = bytes.clone();
    let last = flipped.len() - 1;
    flipped[last] ^= 1;
    std::fs::write(&truncated, &flipped).unwrap();
    fails_with(
        &run(&["ask", "-i", &truncated, "q?"]),
        1,
        "invalid index: checksum mismatch",
    );
    fails_with(
        &run(&["ask", "-i", &malformed, "q?"]),
        1,
        "invalid index: not a slotchain index",
    );
    fails_with(
        &run(&["ask", "-i", &idx]),
        1,
        "invalid question: give a QUESTION, --plan or --batch",
    );
}

fn without_timing(o: &Output) -> serde_json::Value {
    let mut r = report(o);
    r.as_object_mut().unwrap().remove("elapsed_us");
    r
}

#[test]
fn a_bundle_directory_answers_like_the_index_file() {
    let dir = temp_dir("bundle");
    let file = build_index(&dir);
    let bundle = build(&dir, "bundle", &["--bundle"]);
    let files: Vec<String> = std::fs::read_dir(&bundle)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    assert!(files.contains(&"manifest.slc".to_string()), "{files:?}");
    assert!(files.iter().all(|f| f.ends_with(".slc")), "{files:?}");
    let q = "Which rollback rule applies to the service that failed after the second retry?";
    let scope = r#"{"access":["public","operations"],"environment":"production"}"#;
    let from_file = run(&["ask", "-i", &file, "--scope", scope, q]);
    let from_bundle = run(&["ask", "-i", &bundle, "--scope", scope, q]);
    assert_eq!(without_timing(&from_bundle), without_timing(&from_file));
    let note = stderr(&from_bundle);
    assert!(note.starts_with("slotchain: bundle: read "), "{note}");
    let read: usize = note["slotchain: bundle: read ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(read > 0 && read < files.len() - 1, "{note}");

    // Rebuilding removes the old parts; lost parts are a one-line error.
    std::fs::write(Path::new(&bundle).join("notes.txt"), "kept").unwrap();
    build(&dir, "bundle", &["--bundle"]);
    assert!(
        Path::new(&bundle).join("notes.txt").exists(),
        "other files are kept"
    );
    for part in files.iter().filter(|f| f.starts_with('t')) {
        std::fs::remove_file(Path::new(&bundle).join(part)).unwrap();
    }
    fails_with(
        &run(&["ask", "-i", &bundle, "--scope", scope, q]),
        1,
        "cannot read or write",
    );
    std::fs::write(Path::new(&bundle).join("manifest.slc"), "not gzip").unwrap();
    fails_with(&run(&["ask", "-i", &bundle, q]), 1, "cannot read or write");
}
