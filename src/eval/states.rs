//! Evaluation of states, not recall: are the parts of a compound question
//! reported honestly?
//!
//! Pairs of dev questions become one compound question — English `A, and b?`
//! from HotpotQA, Chinese `A？B？` from CMRC 2018 — asked through
//! [`crate::ask`] (as `slotchain ask` does) over the full pool, and over the
//! pool without the gold passages of every second question. Each question is
//! also asked alone, for the single-question rate the pairs are compared with.
//!
//! Guarantees:
//! - pairs come from a fixed seed; the second questions' gold passages never
//!   include a first question's (passages are dealt to one side first), so
//!   the reduced pool keeps every first question answerable;
//! - a part is *supported with gold* when every slot the report asks for that
//!   clause is `supported` and a gold passage is in the first three evidence
//!   entries of one of the clause's slots; a clause with no slot is dropped,
//!   which is never "supported" and never "reported as not found";
//! - slots are assigned to the clause whose terms they share most (ties to
//!   the first): the harness reads the report as a host would, not the
//!   engine's internals;
//! - a single question is *right* when it is supported and its answer text
//!   states a gold answer, *wrong* when it is supported and states none (a
//!   lower bound on correctness: a right value worded otherwise counts as
//!   wrong).

use super::datasets::{self, DatasetKind, Question};
use super::metrics::share;
use crate::analyze;
use crate::error::Result;
use crate::execute::Options;
use crate::index::{Bm25, Index};
use crate::model::{Passage, Report, Scope, Slot, SlotState};
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// Most pairs per data set.
pub const MAX_PAIRS: usize = 300;
/// Evidence entries of a slot that count for "supported with gold".
pub const TOP_EVIDENCE: usize = 3;
/// The seed of the pairing (any fixed value; changing it changes the pairs).
const SEED: u64 = 0x5107_c4a1_2026_1201;

/// The state figures of one data set's composite questions.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StateResult {
    pub name: String,
    /// `en` or `zh`: how the pairs were joined.
    pub lang: String,
    pub pairs: usize,
    /// Share of composite questions reported as two or more parts.
    pub split: f64,
    /// Share of pairs with both parts supported with gold (full pool).
    pub both_supported: f64,
    /// Share of single questions (first and second sides) supported with gold.
    pub single_supported: f64,
    /// The product of the two sides' single rates: the pair rate if parts
    /// were independent.
    pub ceiling: f64,
    /// Reduced pool: share of pairs where b is reported and not supported
    /// while a is still supported with gold.
    pub b_not_found_a_supported: f64,
    /// Reduced pool: share of pairs where every part of b is reported supported.
    pub b_falsely_answered: f64,
    /// Reduced pool: share of pairs whose b clause has no part at all.
    pub b_dropped: f64,
    /// Reduced pool: share of second questions asked alone that are still
    /// reported supported (their gold is gone).
    pub single_falsely_answered: f64,
    /// Share of single questions (full pool) reported supported whose answer
    /// text states a gold answer (`eval::plans`: the value part, whole words).
    pub single_right: f64,
    /// Share of single questions (full pool) reported supported whose answer
    /// text states no gold answer: supported, most likely wrongly.
    pub single_wrong: f64,
    pub seconds: f64,
}

/// Outcome of one clause in one report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ClauseState {
    /// No slot serves the clause.
    Dropped,
    /// Every asked slot supported, gold in the top evidence.
    SupportedGold,
    /// Every asked slot supported, no gold in the top evidence.
    SupportedOther,
    /// At least one asked slot is not supported.
    NotFound,
}

impl ClauseState {
    fn supported(self) -> bool {
        matches!(
            self,
            ClauseState::SupportedGold | ClauseState::SupportedOther
        )
    }
}

/// One composite question's record (for `--states-records`).
#[derive(Debug, Clone, Serialize)]
pub struct PairRecord {
    pub dataset: String,
    pub question: String,
    pub a: String,
    pub b: String,
    pub full: [ClauseState; 2],
    pub reduced: [ClauseState; 2],
    /// Each side asked alone over the full pool.
    pub alone: [ClauseState; 2],
    pub parts_full: usize,
    pub answer_full: String,
    pub answer_reduced: String,
}

/// A small deterministic generator (xorshift64*), for the pairing.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            items.swap(i, j);
        }
    }
}

/// Splits questions into (first, second) pairs: in shuffled order, each
/// question goes to the side its gold passages already belong to, or else
/// to the side with fewer questions (a question whose gold passages are on
/// both sides is left out), so no gold passage serves both sides; the sides
/// are then paired in that order.
pub fn pairs(questions: &[Question], max: usize) -> Vec<(usize, usize)> {
    let mut rng = Rng(SEED);
    let mut order: Vec<usize> = (0..questions.len()).collect();
    rng.shuffle(&mut order);
    let mut side_of: HashMap<&str, bool> = HashMap::new();
    let (mut firsts, mut seconds) = (Vec::new(), Vec::new());
    for i in order {
        let Some(q) = questions.get(i) else { continue };
        if q.question.trim().is_empty() || q.gold.is_empty() {
            continue;
        }
        let sides: HashSet<bool> = q
            .gold
            .iter()
            .filter_map(|g| side_of.get(g.id.as_str()).copied())
            .collect();
        let second = match (sides.contains(&false), sides.contains(&true)) {
            (true, true) => continue,
            (false, true) => true,
            (true, false) => false,
            (false, false) => seconds.len() < firsts.len(),
        };
        for g in &q.gold {
            side_of.insert(g.id.as_str(), second);
        }
        if second {
            seconds.push(i);
        } else {
            firsts.push(i);
        }
    }
    firsts.into_iter().zip(seconds).take(max).collect()
}

/// The words a clause and a slot are compared by.
fn words(text: &str) -> HashSet<String> {
    analyze::terms(text).into_iter().map(|t| t.term).collect()
}

/// Lower-cases the first letter of an English question that starts with a
/// function word ("In what year…" → "in what year…"), for joining after a comma.
fn lower_first(q: &str) -> String {
    let first = q.split_whitespace().next().unwrap_or("");
    let lower = first.to_lowercase();
    let function = analyze::is_stop_word(&lower)
        || matches!(
            lower.as_str(),
            "in" | "on" | "at" | "for" | "from" | "of" | "by"
        );
    if !function {
        return q.to_string();
    }
    let mut chars = q.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The compound question of a pair.
pub fn join(a: &str, b: &str, zh: bool) -> String {
    if zh {
        let a = a.trim().trim_end_matches(['？', '?', '。']);
        let b = b.trim().trim_end_matches(['？', '?', '。']);
        format!("{a}？{b}？")
    } else {
        let a = a.trim().trim_end_matches(['?', '.', ' ']);
        let b = b.trim().trim_end_matches(['?', '.', ' ']);
        format!("{a}, and {}?", lower_first(b))
    }
}

fn ask(index: &Index, question: &str) -> Option<Report> {
    let options = Options {
        k: super::K,
        ..Options::default()
    };
    crate::ask(index, question, &Scope::default(), &options, false).ok()
}

/// The slots serving each clause, by shared terms.
fn assign<'r>(report: &'r Report, clauses: &[&str]) -> Vec<Vec<&'r Slot>> {
    let clause_words: Vec<HashSet<String>> = clauses.iter().map(|c| words(c)).collect();
    let mut out: Vec<Vec<&Slot>> = vec![Vec::new(); clauses.len()];
    for slot in &report.slots {
        let w = words(&slot.question);
        let best = clause_words
            .iter()
            .enumerate()
            .map(|(i, c)| (c.intersection(&w).count(), std::cmp::Reverse(i)))
            .max()
            .map(|(_, std::cmp::Reverse(i))| i);
        if let Some(slots) = best.and_then(|i| out.get_mut(i)) {
            slots.push(slot);
        }
    }
    out
}

fn clause_state(slots: &[&Slot], gold: &[&str]) -> ClauseState {
    let asked: Vec<&&Slot> = slots.iter().filter(|s| s.asked).collect();
    if asked.is_empty() {
        return ClauseState::Dropped;
    }
    if asked.iter().any(|s| s.state != SlotState::Supported) {
        return ClauseState::NotFound;
    }
    let gold_found = slots.iter().any(|s| {
        s.evidence
            .iter()
            .take(TOP_EVIDENCE)
            .any(|e| gold.contains(&e.passage_id.as_str()))
    });
    if gold_found {
        ClauseState::SupportedGold
    } else {
        ClauseState::SupportedOther
    }
}

/// The state of each clause of `question` over `index`.
fn states(
    index: &Index,
    question: &str,
    clauses: &[(&str, Vec<&str>)],
) -> (Vec<ClauseState>, usize, Option<Report>) {
    let Some(report) = ask(index, question) else {
        return (vec![ClauseState::Dropped; clauses.len()], 0, None);
    };
    let texts: Vec<&str> = clauses.iter().map(|(t, _)| *t).collect();
    let assigned = assign(&report, &texts);
    let states = assigned
        .iter()
        .zip(clauses)
        .map(|(slots, (_, gold))| clause_state(slots, gold))
        .collect();
    let parts = report.slots.iter().filter(|s| s.asked).count();
    (states, parts, Some(report))
}

/// A question asked alone: its clause state, and whether its answer text
/// states a gold answer.
fn alone(index: &Index, q: &Question) -> (ClauseState, bool) {
    let (states, _, report) = states(index, &q.question, &[(q.question.as_str(), q.gold_ids())]);
    let state = states.first().copied().unwrap_or(ClauseState::Dropped);
    let right = report.is_some_and(|r| super::plans::facts(&r, q).answer_has_gold);
    (state, right)
}

/// Runs the composite evaluation of one data set (HotpotQA or CMRC 2018).
pub fn run(
    data: &Path,
    kind: DatasetKind,
    max: usize,
    records: &mut Vec<PairRecord>,
) -> Result<StateResult> {
    let started = std::time::Instant::now();
    let dataset = datasets::load(data, kind)?;
    let zh = kind == DatasetKind::Cmrc2018;
    let pairs = pairs(&dataset.questions, max);
    let removed: HashSet<String> = pairs
        .iter()
        .filter_map(|(_, b)| dataset.questions.get(*b))
        .flat_map(|q| q.gold.iter().map(|g| g.id.clone()))
        .collect();
    let reduced_passages: Vec<Passage> = dataset
        .passages
        .iter()
        .filter(|p| !removed.contains(&p.id))
        .cloned()
        .collect();
    let full = Index::build(
        dataset.passages,
        vec![],
        Default::default(),
        Bm25::default(),
    )?;
    let reduced = Index::build(
        reduced_passages,
        vec![],
        Default::default(),
        Bm25::default(),
    )?;
    eprintln!(
        "{} states: {} pairs; reduced pool without {} passages",
        kind.name(),
        pairs.len(),
        removed.len()
    );
    let (mut split, mut both) = (0, 0);
    let (mut single_a, mut single_b, mut single_false) = (0, 0, 0);
    let (mut b_missing, mut b_false, mut b_dropped) = (0, 0, 0);
    let (mut right, mut wrong) = (0, 0);
    for (ai, bi) in &pairs {
        let (Some(a), Some(b)) = (dataset.questions.get(*ai), dataset.questions.get(*bi)) else {
            continue;
        };
        let question = join(&a.question, &b.question, zh);
        let clauses = [
            (a.question.as_str(), a.gold_ids()),
            (b.question.as_str(), b.gold_ids()),
        ];
        let (full_states, parts, report_full) = states(&full, &question, &clauses);
        let (reduced_states, _, report_reduced) = states(&reduced, &question, &clauses);
        let answer = |r: Option<Report>| r.map(|r| r.answer).unwrap_or_default();
        let full_state = |i: usize| full_states.get(i).copied().unwrap_or(ClauseState::Dropped);
        let reduced_state = |i: usize| {
            reduced_states
                .get(i)
                .copied()
                .unwrap_or(ClauseState::Dropped)
        };
        split += usize::from(parts >= 2);
        both += usize::from(
            full_state(0) == ClauseState::SupportedGold
                && full_state(1) == ClauseState::SupportedGold,
        );
        let mut alone_states = [ClauseState::Dropped; 2];
        for (i, (side, single)) in [(a, &mut single_a), (b, &mut single_b)]
            .into_iter()
            .enumerate()
        {
            let (state, states_gold) = alone(&full, side);
            alone_states[i] = state;
            *single += usize::from(state == ClauseState::SupportedGold);
            right += usize::from(state.supported() && states_gold);
            wrong += usize::from(state.supported() && !states_gold);
        }
        single_false += usize::from(alone(&reduced, b).0.supported());
        b_missing += usize::from(
            reduced_state(1) == ClauseState::NotFound
                && reduced_state(0) == ClauseState::SupportedGold,
        );
        b_false += usize::from(reduced_state(1).supported());
        b_dropped += usize::from(reduced_state(1) == ClauseState::Dropped);
        records.push(PairRecord {
            dataset: kind.name().into(),
            question,
            a: a.id.clone(),
            b: b.id.clone(),
            full: [full_state(0), full_state(1)],
            reduced: [reduced_state(0), reduced_state(1)],
            alone: alone_states,
            parts_full: parts,
            answer_full: answer(report_full),
            answer_reduced: answer(report_reduced),
        });
    }
    let n = pairs.len();
    let rate_a = share(single_a, n);
    let rate_b = share(single_b, n);
    Ok(StateResult {
        name: kind.name().into(),
        lang: if zh { "zh" } else { "en" }.into(),
        pairs: n,
        split: share(split, n),
        both_supported: share(both, n),
        single_supported: share(single_a + single_b, 2 * n),
        ceiling: rate_a * rate_b,
        b_not_found_a_supported: share(b_missing, n),
        b_falsely_answered: share(b_false, n),
        b_dropped: share(b_dropped, n),
        single_falsely_answered: share(single_false, n),
        single_right: share(right, 2 * n),
        single_wrong: share(wrong, 2 * n),
        seconds: started.elapsed().as_secs_f64(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::datasets::Gold;

    fn q(id: &str, gold: &[&str]) -> Question {
        Question {
            id: id.into(),
            question: format!("what about {id}?"),
            kind: None,
            gold: gold
                .iter()
                .map(|g| Gold {
                    id: g.to_string(),
                    gain: 1.0,
                })
                .collect(),
            answers: Vec::new(),
            hops: 0,
        }
    }

    #[test]
    fn second_questions_never_share_gold_with_first_ones() {
        let questions: Vec<Question> = (0..60)
            .map(|i| {
                let a = format!("p{}", i % 40);
                let b = format!("p{}", (i * 7 + 3) % 40);
                q(&format!("q{i}"), &[&a, &b])
            })
            .collect();
        let pairs = pairs(&questions, 100);
        assert!(!pairs.is_empty());
        let second_gold: HashSet<&str> = pairs
            .iter()
            .flat_map(|(_, b)| questions[*b].gold_ids())
            .collect();
        for (a, _) in &pairs {
            for g in questions[*a].gold_ids() {
                assert!(!second_gold.contains(g), "{g} is gold on both sides");
            }
        }
        // Fixed seed: the same pairs every run.
        assert_eq!(pairs, super::pairs(&questions, 100));
    }

    #[test]
    fn composite_questions_read_naturally() {
        assert_eq!(
            join("Who directed Up?", "In what year was X born?", false),
            "Who directed Up, and in what year was X born?"
        );
        assert_eq!(
            join(
                "Who directed Up?",
                "Scott Derrickson was born where?",
                false
            ),
            "Who directed Up, and Scott Derrickson was born where?"
        );
        assert_eq!(
            join("谁导演了？", "哪一年出生？", true),
            "谁导演了？哪一年出生？"
        );
    }
}
