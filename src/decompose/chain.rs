//! Stage 3 — decompose: nested references become follow steps.
//!
//! A clause that names something only by a description — a catalog entity
//! of a declared type ("the service that failed after the second retry"), a
//! document another document designates ("TRAVEL-2026-01 指定的海外补充办法",
//! "the supplement referenced by TRAVEL-2026-01") — gets a follow step that
//! finds the thing with the span that names it, and a step that asks the rest
//! of the clause about it through a `{qN}` placeholder.
//!
//! Guarantees: the description ends where the clause goes on (a comma, a
//! colon), and the rest of the clause is kept around the placeholder ("For
//! {q1}, which rollback rule applies?"); a reference pattern stays a follow
//! step even when its noun phrase is also another document's alias — that
//! document is never a candidate answer, since the follow step reads only the
//! referring document.

use super::{patterns, slice, tidy, Builder};
use crate::model::{Constraints, Output, Task, TaskKind, DOC_TYPE};
use crate::plan::placeholder;

impl Builder<'_> {
    /// A nested reference of any kind; returns the task that answers the clause.
    pub(super) fn nested(&mut self, clause: &str) -> Option<String> {
        if let Some((start, rel, kind)) = patterns::nested_entity(clause, &self.types) {
            let kind = kind.to_string();
            return Some(self.nested_entity(clause, start, rel, &kind));
        }
        self.doc_reference(clause)
    }

    fn follow(&mut self, question: String, constraints: Constraints, output: Output) -> String {
        let id = self.next_id(false);
        self.push(Task {
            id,
            kind: TaskKind::Follow,
            question,
            constraints,
            output: Some(output),
            op: None,
            depends_on: vec![],
            label: None,
        })
    }

    /// "the <type> that …": find the entity, then ask about it.
    fn nested_entity(&mut self, clause: &str, start: usize, rel: usize, kind: &str) -> String {
        let rest = clause.get(rel..).unwrap_or("");
        // The relative clause ends where the clause goes on.
        let end = rest
            .find([',', ':', ';', '—'])
            .map_or(clause.len(), |i| rel + i);
        let relative = tidy(
            clause
                .get(rel..end)
                .unwrap_or("")
                .trim_end_matches(['?', '.']),
        );
        let name = kind.replace('_', " ");
        let id = self.follow(
            format!("which {name} {relative}?"),
            Constraints::new(),
            Output::Entity {
                entity_type: Some(kind.to_string()),
            },
        );
        let head = clause.get(..start).unwrap_or("");
        let tail = clause.get(end..).unwrap_or("");
        let main = if tail.trim().is_empty() {
            format!("{head}{}?", placeholder(&id))
        } else {
            format!("{head}{}{tail}", placeholder(&id))
        };
        let (text, constraints) = self.constrain(&main, self.default_year);
        let next = self.dependant(text, constraints, vec![id.clone()]);
        self.notes.push(format!(
            "{id} → {next}: the {name} is found first, then used ({clause})"
        ));
        next
    }

    fn docs(&self, text: &str) -> Vec<(usize, usize, String)> {
        self.index
            .mentions_in(text)
            .into_iter()
            .filter_map(|m| {
                let e = self.index.entity(m.entity)?;
                (e.kind == DOC_TYPE).then(|| (m.start as usize, m.end as usize, e.id.clone()))
            })
            .collect()
    }

    /// "DOC 指定的 X": read DOC for the document it designates, then ask the
    /// rest of the clause of that document.
    fn doc_reference(&mut self, clause: &str) -> Option<String> {
        let (r, doc) = self
            .docs(clause)
            .into_iter()
            .find_map(|(s, e, doc)| patterns::doc_reference(clause, s, e).map(|r| (r, doc)))?;
        let noun = tidy(slice(clause, r.noun));
        let mut constraints = Constraints::new();
        constraints.insert("doc".into(), doc.clone());
        let id = self.follow(noun.clone(), constraints, Output::Document);
        // What is asked of the referenced document: the clause with the
        // referring phrase reduced to the noun it names.
        let rest = tidy(&format!(
            "{}{noun}{}",
            clause.get(..r.phrase.0).unwrap_or(""),
            clause.get(r.phrase.1..).unwrap_or("")
        ));
        let (text, mut constraints) = self.constrain(&rest, self.default_year);
        constraints.insert("doc".into(), placeholder(&id));
        let next = self.dependant(text, constraints, vec![id.clone()]);
        self.notes.push(format!(
            "{id} → {next}: the document {doc} references ({noun}) is read first"
        ));
        Some(next)
    }
}
