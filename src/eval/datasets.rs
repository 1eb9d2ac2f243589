//! Evaluation harness — loaders for the evaluation data sets (not part of the
//! read path).
//!
//! Each loader turns one data set's files into passages (the project's
//! [`Passage`] form) and questions with their gold passages. Guarantees: every
//! malformed JSON line is an error naming the file and line number (through
//! [`crate::ingest::json_lines`]); a missing file is an error naming its path;
//! gold passage IDs are distinct and every one of them exists in the passages
//! (otherwise the data set is rejected, since a metric could never reach 1);
//! BEIR sets keep only the queries that have relevant documents in the test
//! qrels.

use crate::error::{Error, Result};
use crate::ingest::{self, json_lines};
use crate::model::Passage;
use serde::Deserialize;
use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::path::Path;
use std::str::FromStr;

/// The data sets the harness knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DatasetKind {
    HotpotQa,
    Musique,
    SciFact,
    NfCorpus,
    Cmrc2018,
}

/// How a data set is scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// Multi-hop QA: chain recall, passage recall, sub-question coverage.
    MultiHop,
    /// BEIR retrieval: nDCG@10 and recall@10 with graded qrels.
    Beir,
    /// One gold passage per question: recall@5 and MRR@10.
    SinglePassage,
}

impl DatasetKind {
    pub const ALL: [DatasetKind; 5] = [
        DatasetKind::HotpotQa,
        DatasetKind::Musique,
        DatasetKind::SciFact,
        DatasetKind::NfCorpus,
        DatasetKind::Cmrc2018,
    ];

    /// The name used on the command line and in the results.
    pub fn name(self) -> &'static str {
        match self {
            DatasetKind::HotpotQa => "hotpotqa",
            DatasetKind::Musique => "musique",
            DatasetKind::SciFact => "scifact",
            DatasetKind::NfCorpus => "nfcorpus",
            DatasetKind::Cmrc2018 => "cmrc2018",
        }
    }

    /// The folder under the data directory.
    pub fn folder(self) -> &'static str {
        match self {
            DatasetKind::HotpotQa => "hotpotqa",
            DatasetKind::Musique => "musique",
            DatasetKind::SciFact => "beir-scifact",
            DatasetKind::NfCorpus => "beir-nfcorpus",
            DatasetKind::Cmrc2018 => "cmrc2018",
        }
    }

    pub fn family(self) -> Family {
        match self {
            DatasetKind::HotpotQa | DatasetKind::Musique => Family::MultiHop,
            DatasetKind::SciFact | DatasetKind::NfCorpus => Family::Beir,
            DatasetKind::Cmrc2018 => Family::SinglePassage,
        }
    }
}

impl fmt::Display for DatasetKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for DatasetKind {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        DatasetKind::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                let names: Vec<&str> = DatasetKind::ALL.iter().map(|d| d.name()).collect();
                Error::Input(format!(
                    "unknown data set \"{s}\" (one of {})",
                    names.join(", ")
                ))
            })
    }
}

/// One gold passage and its relevance grade (1 unless the qrels say otherwise).
#[derive(Debug, Clone, PartialEq)]
pub struct Gold {
    pub id: String,
    pub gain: f64,
}

/// One evaluation question.
#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    pub id: String,
    pub question: String,
    /// HotpotQA's `bridge` / `comparison`; `None` elsewhere.
    pub kind: Option<String>,
    pub gold: Vec<Gold>,
    /// The gold answer strings (HotpotQA, MuSiQue, CMRC; empty for BEIR).
    pub answers: Vec<String>,
    /// The number of steps of the gold decomposition (MuSiQue; 0 elsewhere).
    pub hops: usize,
}

impl Question {
    /// Gold passage IDs.
    pub fn gold_ids(&self) -> Vec<&str> {
        self.gold.iter().map(|g| g.id.as_str()).collect()
    }
}

/// A loaded data set.
#[derive(Debug, Clone)]
pub struct Dataset {
    pub kind: DatasetKind,
    pub passages: Vec<Passage>,
    pub questions: Vec<Question>,
}

fn gold_of(ids: impl IntoIterator<Item = String>) -> Vec<Gold> {
    let mut seen = HashSet::new();
    ids.into_iter()
        .filter(|id| seen.insert(id.clone()))
        .map(|id| Gold { id, gain: 1.0 })
        .collect()
}

#[derive(Deserialize)]
struct HotpotLine {
    id: String,
    question: String,
    #[serde(rename = "type")]
    kind: String,
    supporting_titles: Vec<String>,
    #[serde(default)]
    answer: String,
}

/// HotpotQA questions: the gold passages are the supporting titles (passage id = title).
pub fn hotpot_questions(source: &str, text: &str) -> Result<Vec<Question>> {
    let lines: Vec<HotpotLine> = json_lines(source, text)?;
    Ok(lines
        .into_iter()
        .map(|l| Question {
            id: l.id,
            question: l.question,
            kind: Some(l.kind),
            gold: gold_of(l.supporting_titles),
            answers: vec![l.answer],
            hops: 0,
        })
        .collect())
}

#[derive(Deserialize)]
struct MusiqueLine {
    id: String,
    question: String,
    supporting_ids: Vec<String>,
    #[serde(default)]
    answer: String,
    #[serde(default)]
    decomposition: Vec<serde_json::Value>,
}

/// MuSiQue questions: the gold passages are the `supporting_ids`.
pub fn musique_questions(source: &str, text: &str) -> Result<Vec<Question>> {
    let lines: Vec<MusiqueLine> = json_lines(source, text)?;
    Ok(lines
        .into_iter()
        .map(|l| Question {
            id: l.id,
            question: l.question,
            kind: None,
            gold: gold_of(l.supporting_ids),
            answers: vec![l.answer],
            hops: l.decomposition.len(),
        })
        .collect())
}

#[derive(Deserialize)]
struct CmrcLine {
    id: String,
    question: String,
    gold_passage_id: String,
    #[serde(default)]
    answers: Vec<String>,
}

/// CMRC 2018 questions: one gold passage each.
pub fn cmrc_questions(source: &str, text: &str) -> Result<Vec<Question>> {
    let lines: Vec<CmrcLine> = json_lines(source, text)?;
    Ok(lines
        .into_iter()
        .map(|l| Question {
            id: l.id,
            question: l.question,
            kind: None,
            gold: gold_of([l.gold_passage_id]),
            answers: l.answers,
            hops: 0,
        })
        .collect())
}

#[derive(Deserialize)]
struct BeirDoc {
    #[serde(rename = "_id")]
    id: String,
    #[serde(default)]
    title: String,
    #[serde(default)]
    text: String,
}

/// A BEIR `corpus.jsonl` as passages (`_id` → id).
pub fn beir_corpus(source: &str, text: &str) -> Result<Vec<Passage>> {
    let docs: Vec<BeirDoc> = json_lines(source, text)?;
    Ok(docs
        .into_iter()
        .map(|d| Passage::new(d.id, d.title, d.text))
        .collect())
}

#[derive(Deserialize)]
struct BeirQuery {
    #[serde(rename = "_id")]
    id: String,
    text: String,
}

/// Parses BEIR qrels (`query-id<TAB>corpus-id<TAB>score`, optional header) into
/// query → (document, grade), in file order. Grades ≤ 0 are dropped.
pub fn beir_qrels(source: &str, text: &str) -> Result<BTreeMap<String, Vec<Gold>>> {
    let mut out: BTreeMap<String, Vec<Gold>> = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').map(str::trim).collect();
        if i == 0 && fields.first() == Some(&"query-id") {
            continue;
        }
        let bad = |what: &str| {
            Error::Input(format!(
                "{source}: line {}: {what} (want query-id<TAB>corpus-id<TAB>score)",
                i + 1
            ))
        };
        let [query, doc, score] = fields.as_slice() else {
            return Err(bad(&format!("{} field(s)", fields.len())));
        };
        let gain: f64 = score
            .parse()
            .map_err(|_| bad(&format!("score \"{score}\" is not a number")))?;
        if query.is_empty() || doc.is_empty() {
            return Err(bad("empty id"));
        }
        if gain <= 0.0 {
            continue;
        }
        let list = out.entry(query.to_string()).or_default();
        match list.iter_mut().find(|g| g.id == *doc) {
            Some(g) => g.gain = g.gain.max(gain),
            None => list.push(Gold {
                id: doc.to_string(),
                gain,
            }),
        }
    }
    Ok(out)
}

/// BEIR queries that have test qrels, with their graded gold documents.
pub fn beir_questions(
    source: &str,
    text: &str,
    qrels: &BTreeMap<String, Vec<Gold>>,
) -> Result<Vec<Question>> {
    let queries: Vec<BeirQuery> = json_lines(source, text)?;
    Ok(queries
        .into_iter()
        .filter_map(|q| {
            let gold = qrels.get(&q.id)?.clone();
            Some(Question {
                id: q.id,
                question: q.text,
                kind: None,
                gold,
                answers: Vec::new(),
                hops: 0,
            })
        })
        .collect())
}

/// Decodes the HTML character references some data sets leave in titles
/// (HotpotQA's `Waring &amp; Gillow`, whose text says "Waring & Gillow"):
/// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`/`&apos;` and numeric `&#NN;` /
/// `&#xHH;`. Anything else, and a reference that names no character, stays
/// as written.
pub fn unescape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(rest.get(..at).unwrap_or(""));
        let tail = rest.get(at..).unwrap_or("");
        let decoded = tail.find(';').filter(|&end| end <= 10).and_then(|end| {
            let name = tail.get(1..end)?;
            let c = match name {
                "amp" => '&',
                "lt" => '<',
                "gt" => '>',
                "quot" => '"',
                "apos" => '\'',
                _ => {
                    let code = match name.strip_prefix('#')? {
                        hex if hex.starts_with(['x', 'X']) => {
                            u32::from_str_radix(hex.get(1..)?, 16).ok()?
                        }
                        dec => dec.parse().ok()?,
                    };
                    char::from_u32(code)?
                }
            };
            Some((c, end + 1))
        });
        match decoded {
            Some((c, len)) => {
                out.push(c);
                rest = tail.get(len..).unwrap_or("");
            }
            None => {
                out.push('&');
                rest = tail.get(1..).unwrap_or("");
            }
        }
    }
    out.push_str(rest);
    out
}

/// Rejects a data set whose questions name gold passages that do not exist.
pub fn check_gold(source: &str, passages: &[Passage], questions: &[Question]) -> Result<()> {
    let ids: HashSet<&str> = passages.iter().map(|p| p.id.as_str()).collect();
    for q in questions {
        if q.gold.is_empty() {
            return Err(Error::Input(format!(
                "{source}: question {} has no gold passage",
                q.id
            )));
        }
        if let Some(g) = q.gold.iter().find(|g| !ids.contains(g.id.as_str())) {
            return Err(Error::Input(format!(
                "{source}: question {} names gold passage \"{}\", which is not in the passages",
                q.id, g.id
            )));
        }
    }
    Ok(())
}

fn path_of(dir: &Path, parts: &[&str]) -> String {
    let mut p = dir.to_path_buf();
    for part in parts {
        p.push(part);
    }
    p.to_string_lossy().into_owned()
}

/// Loads one data set from the data directory (`dir/<folder>/…`).
pub fn load(dir: &Path, kind: DatasetKind) -> Result<Dataset> {
    let folder = kind.folder();
    let (mut passages, questions, source) = match kind {
        DatasetKind::HotpotQa | DatasetKind::Musique | DatasetKind::Cmrc2018 => {
            let passages = ingest::passages(&path_of(dir, &[folder, "passages.jsonl"]))?;
            let qpath = path_of(dir, &[folder, "questions.jsonl"]);
            let text = ingest::read(&qpath)?;
            let questions = match kind {
                DatasetKind::HotpotQa => hotpot_questions(&qpath, &text)?,
                DatasetKind::Musique => musique_questions(&qpath, &text)?,
                _ => cmrc_questions(&qpath, &text)?,
            };
            (passages, questions, qpath)
        }
        DatasetKind::SciFact | DatasetKind::NfCorpus => {
            let cpath = path_of(dir, &[folder, "corpus.jsonl"]);
            let passages = beir_corpus(&cpath, &ingest::read(&cpath)?)?;
            let rpath = path_of(dir, &[folder, "qrels", "test.tsv"]);
            let qrels = beir_qrels(&rpath, &ingest::read(&rpath)?)?;
            let qpath = path_of(dir, &[folder, "queries.jsonl"]);
            let questions = beir_questions(&qpath, &ingest::read(&qpath)?, &qrels)?;
            (passages, questions, rpath)
        }
    };
    check_gold(&source, &passages, &questions)?;
    // Titles are what the index links by; passage IDs (the gold) stay as given.
    for p in &mut passages {
        if p.title.contains('&') {
            p.title = unescape_html(&p.title);
        }
    }
    Ok(Dataset {
        kind,
        passages,
        questions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hotpot_lines_give_type_and_gold_titles() {
        let text = r#"{"id":"q1","question":"Which is older, A or B?","answer":"A","type":"comparison","supporting_titles":["A","B","A"],"supporting_facts":[["A",0]],"context_titles":["A","B","C"]}

{"id":"q2","question":"Who founded the club X plays for?","answer":"Y","type":"bridge","supporting_titles":["X","Club"]}"#;
        let qs = hotpot_questions("hp.jsonl", text).unwrap();
        assert_eq!(qs.len(), 2);
        assert_eq!(qs[0].kind.as_deref(), Some("comparison"));
        assert_eq!(qs[0].gold_ids(), vec!["A", "B"]);
        assert_eq!(qs[1].gold_ids(), vec!["X", "Club"]);
        assert!(qs[1].gold.iter().all(|g| g.gain == 1.0));
    }

    #[test]
    fn malformed_lines_name_file_and_line() {
        let text = "{\"id\":\"q1\",\"question\":\"a\",\"type\":\"bridge\",\"supporting_titles\":[]}\n{not json\n";
        let err = hotpot_questions("hp.jsonl", text).unwrap_err();
        assert!(matches!(err, Error::Json { line: Some(2), .. }), "{err:?}");
        assert!(err.to_string().contains("hp.jsonl: line 2"), "{err}");
        // A line missing a required field is malformed too.
        let err = musique_questions("mq.jsonl", "\n{\"id\":\"m\",\"question\":\"q\"}").unwrap_err();
        assert!(err.to_string().contains("mq.jsonl: line 2"), "{err}");
        let err = cmrc_questions("c.jsonl", "[1,2]").unwrap_err();
        assert!(err.to_string().contains("c.jsonl: line 1"), "{err}");
        let err = beir_corpus(
            "corpus.jsonl",
            "{\"_id\":\"1\",\"text\":\"t\"}\n{\"text\":1}",
        )
        .unwrap_err();
        assert!(err.to_string().contains("corpus.jsonl: line 2"), "{err}");
    }

    #[test]
    fn musique_and_cmrc_gold() {
        let m = r#"{"id":"2hop__1_2","question":"Who?","answer":"Z","decomposition":[{"question":"a","answer":"b"}],"supporting_ids":["T#0","U#1"]}"#;
        let qs = musique_questions("m", m).unwrap();
        assert_eq!(qs[0].gold_ids(), vec!["T#0", "U#1"]);
        assert_eq!(qs[0].kind, None);
        let c = r#"{"id":"Q0","question":"什么？","answers":["x"],"gold_passage_id":"P_0"}"#;
        let qs = cmrc_questions("c", c).unwrap();
        assert_eq!(qs[0].gold_ids(), vec!["P_0"]);
    }

    #[test]
    fn beir_qrels_are_graded_and_filter_queries() {
        let qrels = "query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td2\t1\nq2\td3\t0\nq3\td1\t1\n";
        let qrels = beir_qrels("test.tsv", qrels).unwrap();
        assert_eq!(qrels.len(), 2, "q2 has only a zero grade");
        assert_eq!(
            qrels["q1"][0],
            Gold {
                id: "d1".into(),
                gain: 2.0
            }
        );
        let queries = r#"{"_id":"q1","text":"first","metadata":{}}
{"_id":"q2","text":"second"}
{"_id":"q4","text":"no qrels"}
{"_id":"q3","text":"third"}"#;
        let qs = beir_questions("queries.jsonl", queries, &qrels).unwrap();
        let ids: Vec<&str> = qs.iter().map(|q| q.id.as_str()).collect();
        assert_eq!(ids, vec!["q1", "q3"]);
        assert_eq!(qs[0].gold.len(), 2);
        let corpus = r#"{"_id":"d1","title":"T","text":"body"}
{"_id":"d2","text":"no title"}"#;
        let ps = beir_corpus("corpus.jsonl", corpus).unwrap();
        assert_eq!((ps[0].id.as_str(), ps[0].title.as_str()), ("d1", "T"));
        assert_eq!(ps[1].title, "");
    }

    #[test]
    fn malformed_qrels_name_the_line() {
        let err = beir_qrels("test.tsv", "query-id\tcorpus-id\tscore\nq1\td1\n").unwrap_err();
        assert!(err.to_string().contains("test.tsv: line 2"), "{err}");
        let err = beir_qrels("test.tsv", "q1\td1\thigh\n").unwrap_err();
        assert!(err.to_string().contains("line 1: score \"high\""), "{err}");
    }

    #[test]
    fn gold_must_exist_and_missing_files_are_named() {
        let passages = beir_corpus("c", r#"{"_id":"d1","text":"x"}"#).unwrap();
        let q = |gold: &str| Question {
            id: "q".into(),
            question: "x".into(),
            kind: None,
            gold: gold_of([gold.to_string()]),
            answers: Vec::new(),
            hops: 0,
        };
        assert!(check_gold("s", &passages, &[q("d1")]).is_ok());
        let err = check_gold("s", &passages, &[q("d9")]).unwrap_err();
        assert!(err.to_string().contains("\"d9\""), "{err}");
        let err = load(
            Path::new("/nonexistent-slotchain-data"),
            DatasetKind::HotpotQa,
        )
        .unwrap_err();
        assert!(
            err.to_string()
                .contains("/nonexistent-slotchain-data/hotpotqa/passages.jsonl"),
            "{err}"
        );
    }

    #[test]
    fn html_references_in_titles_are_decoded() {
        assert_eq!(unescape_html("Waring &amp; Gillow"), "Waring & Gillow");
        assert_eq!(
            unescape_html("&quot;A&quot; &lt;b&gt; it&#39;s &#x41;&#66;"),
            "\"A\" <b> it's AB"
        );
        // Not a reference, an unknown one, or one naming no character.
        assert_eq!(
            unescape_html("R&D &Dgr; &#xD800; & &amp"),
            "R&D &Dgr; &#xD800; & &amp"
        );
    }

    #[test]
    fn names_parse_back() {
        for d in DatasetKind::ALL {
            assert_eq!(d.name().parse::<DatasetKind>().unwrap(), d);
        }
        assert!("squad".parse::<DatasetKind>().is_err());
    }
}
