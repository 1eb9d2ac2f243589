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
use crate::model::Op;

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
