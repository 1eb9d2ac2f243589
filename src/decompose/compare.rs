//! Stage 3 — decompose: comparisons of named things.
//!
//! "Which is older, A or B?", "Were A and B of the same nationality?": one
//! retrieval slot per compared thing, plus a compare step when the clause
//! says how to compare.
//!
//! Guarantees: each slot asks about exactly one of the things.

use super::{cut, patterns, slice, tidy, Builder};
use crate::model::{Op, Output};

impl Builder<'_> {
    /// A comparison of two or more named things; returns the task that
    /// answers the clause.
    pub(super) fn comparison(&mut self, clause: &str) -> Option<String> {
        if let Some(names) = self.compared_titles(clause) {
            return self.compare_titles(clause, &names);
        }
        let (op, a, b) = patterns::choice(clause)?;
        Some(self.choice(clause, op, a, b))
    }

    fn choice(&mut self, clause: &str, op: Op, a: (usize, usize), b: (usize, usize)) -> String {
        let start = a.0.min(b.0);
        let predicate = slice(clause, (0, start))
            .trim_end_matches([',', ' '])
            .to_string();
        let mut ids = Vec::new();
        for r in [a, b] {
            let name = tidy(slice(clause, r));
            let (text, constraints) =
                self.constrain(&format!("{name} {predicate}"), self.default_year);
            ids.push(self.retrieval(text, constraints, Output::Passage));
        }
        let c = self.compute(clause, op, ids.clone());
        self.notes
            .push(format!("{c}: {} of {}", op.name(), ids.join(", ")));
        c
    }

    /// Two or more passage titles named in a comparison ("Were A and B of
    /// the same nationality?", "Which is older, A or B?"): their ranges.
    fn compared_titles(&self, clause: &str) -> Option<Vec<(usize, usize)>> {
        if !patterns::compares(clause) {
            return None;
        }
        let mut names: Vec<(usize, usize)> = Vec::new();
        for m in self.index.mentions_in(clause) {
            let title = self.index.is_title(m.entity);
            let range = (m.start as usize, m.end as usize);
            if title && !names.contains(&range) {
                names.push(range);
            }
        }
        (names.len() >= 2).then_some(names)
    }

    /// One slot per compared title (the clause minus the other titles), plus
    /// a compare task when the clause says how to compare.
    fn compare_titles(&mut self, clause: &str, names: &[(usize, usize)]) -> Option<String> {
        let mut ids = Vec::new();
        for i in 0..names.len() {
            let others: Vec<(usize, usize)> = names
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, r)| *r)
                .collect();
            let text = cut(clause, &others);
            let (text, constraints) = self.constrain(&text, self.default_year);
            ids.push(self.retrieval(text, constraints, Output::Passage));
        }
        match patterns::op_of(clause) {
            Some(op) if op != Op::Difference => {
                let c = self.compute(clause, op, ids.clone());
                self.notes
                    .push(format!("{c}: {} of {}", op.name(), ids.join(", ")));
                Some(c)
            }
            _ => {
                self.notes
                    .push(format!("compared titles: {}", ids.join(", ")));
                for id in &ids {
                    self.answers(id);
                }
                ids.first().cloned()
            }
        }
    }
}
