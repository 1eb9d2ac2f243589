//! Stage 3 — decompose: clauses that ask for a calculation over retrieved
//! values — a difference between two years' versions ("比去年缩短了多少",
//! "how much shorter than last year's") and sameness of two facets
//! ("境外的提交期限也与境内一样吗").
//!
//! Guarantees: each side becomes its own retrieval under its own year or
//! facet constraint, and the compute step depends on exactly those two; the
//! retrieval question keeps the subject and drops the comparison's words.

use super::patterns::{self, Temporal};
use super::{cut, slice, Builder};
use crate::model::{Op, Output};

impl Builder<'_> {
    /// "今年…比去年缩短了多少": this year's value, the baseline year's, and
    /// their difference. Returns the compute task.
    pub(super) fn difference(
        &mut self,
        clause: &str,
        r: (usize, usize),
        temporals: &[Temporal],
    ) -> Option<String> {
        let base = temporals.iter().find(|t| t.baseline)?;
        let subject = patterns::difference_subject(&cut(clause, &[r]));
        let year = temporals
            .iter()
            .find(|t| !t.baseline)
            .map(|t| t.year)
            .or(self.default_year)
            .or(self.today);
        let (text, constraints) = self.constrain(&subject, year);
        let output = patterns::output_of(&text);
        let mut baseline = constraints.clone();
        baseline.insert("year".into(), base.year.to_string());
        let a = self.retrieval(text.clone(), constraints, output.clone());
        let b = self.retrieval(text, baseline, output);
        let c = self.compute(clause, Op::Difference, vec![a.clone(), b.clone()]);
        self.notes
            .push(format!("{c}: difference of {a} and {b} ({clause})"));
        Some(c)
    }

    /// "What is this year's deadline, what was last year's, and how much
    /// shorter did it get?": a change asked of nothing of its own
    /// ([`patterns::bare_change`]) is the difference of the two parts
    /// before it, when both retrieve a duration (the only value a
    /// difference is taken of) under two different years, the later year
    /// first as in [`Builder::difference`]. Returns the compute task; `None`
    /// when the parts before are not two such (then the clause is asked as
    /// written).
    pub(super) fn change_of_parts(&mut self, clause: &str) -> Option<String> {
        if !patterns::bare_change(clause) {
            return None;
        }
        let [.., a, b] = self.answers.as_slice() else {
            return None;
        };
        let (a, b) = (a.clone(), b.clone());
        let year_of = |id: &String| -> Option<i64> {
            let t = self.tasks.iter().find(|t| t.id == *id)?;
            let duration =
                t.kind == crate::model::TaskKind::Retrieve && t.output == Some(Output::Duration);
            duration.then(|| t.constraints.get("year")?.parse().ok())?
        };
        let (ya, yb) = (year_of(&a)?, year_of(&b)?);
        let inputs = match ya.cmp(&yb) {
            std::cmp::Ordering::Greater => vec![a.clone(), b.clone()],
            std::cmp::Ordering::Less => vec![b.clone(), a.clone()],
            std::cmp::Ordering::Equal => return None,
        };
        let c = self.compute(clause, Op::Difference, inputs);
        self.notes.push(format!(
            "{c}: difference of {a} and {b}, the parts before ({clause})"
        ));
        Some(c)
    }

    /// "How many days longer is the submission deadline than the payment
    /// period?": each side's duration, under the clause's year, and their
    /// difference. The second side is asked with what the first says of
    /// both ([`Builder::other_side`]). Returns the compute task.
    pub(super) fn gap(&mut self, clause: &str, a: (usize, usize), b: (usize, usize)) -> String {
        let first = slice(clause, a).trim().to_string();
        let second = self.other_side(&first, slice(clause, b).trim());
        let (aq, ac) = self.constrain(&first, self.default_year);
        let (bq, bc) = self.constrain(&second, self.default_year);
        let x = self.retrieval(aq, ac, Output::Duration);
        let y = self.retrieval(bq, bc, Output::Duration);
        let c = self.compute(clause, Op::Difference, vec![x.clone(), y.clone()]);
        self.notes
            .push(format!("{c}: difference of {x} and {y} ({clause})"));
        c
    }

    /// The second side of a gap as a question of its own: a bare
    /// prepositional phrase takes the first side's head ("for electronics"
    /// → "the refund window for electronics"); a side with no facet takes
    /// the first side's ("the payment period" → "the domestic payment
    /// period"); a Chinese side with no "的" phrase takes the first side's
    /// ("提交期限" → "今年境内报销的提交期限").
    fn other_side(&self, first: &str, second: &str) -> String {
        if second.chars().any(crate::analyze::is_cjk) {
            return match first.rfind('的') {
                Some(i) if !second.contains('的') => {
                    format!("{}{second}", first.get(..i + '的'.len_utf8()).unwrap_or(""))
                }
                _ => second.to_string(),
            };
        }
        let lead = second.split_whitespace().next().unwrap_or("");
        if super::links_description(&lead.to_ascii_lowercase()) {
            let head = crate::analyze::words(first)
                .iter()
                .find(|w| super::links_description(&w.term))
                .map_or(first, |w| first.get(..w.start).unwrap_or(first).trim_end());
            return format!("{head} {second}");
        }
        let facets = self.facets(first);
        if facets.is_empty() || !self.facets(second).is_empty() {
            return second.to_string();
        }
        let named: Vec<&str> = facets
            .iter()
            .map(|f| slice(first, (f.start, f.end)))
            .collect();
        match second.strip_prefix("the ") {
            Some(rest) => format!("the {} {rest}", named.join(" ")),
            None => format!("{} {second}", named.join(" ")),
        }
    }

    /// "境外的提交期限也与境内一样吗": the left facet's value, the right's,
    /// and whether they are the same. Returns the compare task.
    pub(super) fn same(
        &mut self,
        clause: &str,
        left: (usize, usize),
        right: (usize, usize),
    ) -> Option<String> {
        let left_text = slice(clause, left).to_string();
        let right_text = slice(clause, right).to_string();
        let left_facets = self.facets(&left_text);
        // The compared attribute is the left side without its facet words; the
        // right side names the other facet ("境内", "the domestic one").
        let attribute = cut(
            &left_text,
            &left_facets
                .iter()
                .map(|f| (f.start, f.end))
                .collect::<Vec<_>>(),
        );
        let right_facets = self.facets(&right_text);
        let right_question = if right_facets.is_empty() {
            format!("{right_text} {attribute}")
        } else {
            let names: Vec<&str> = right_facets
                .iter()
                .map(|f| slice(&right_text, (f.start, f.end)))
                .collect();
            let joiner = if attribute.starts_with('的') || !attribute.is_ascii() {
                ""
            } else {
                " "
            };
            format!("{}{joiner}{attribute}", names.join(" "))
        };
        let (lq, lc) = self.constrain(&left_text, self.default_year);
        let (rq, rc) = self.constrain(&right_question, self.default_year);
        let output = patterns::output_of(&lq);
        let l = self.retrieval(lq, lc, output.clone());
        let r = self.retrieval(rq, rc, output);
        let c = self.compute(clause, Op::Same, vec![l.clone(), r.clone()]);
        self.notes
            .push(format!("{c}: is {l} the same as {r} ({clause})"));
        Some(c)
    }
}
