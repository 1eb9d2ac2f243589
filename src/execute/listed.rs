//! Stage 6 — execute: a thing chosen from the list a page gives.
//!
//! "Which of the musicians on Harbour Lights teaches percussion?" and "Which
//! member of The Mighty Handful was also a chemist?" name a page that lists
//! the things asked among (the album's line-up, the group's members), and
//! say of the one asked something only its own page states. When the follow
//! step finds no passage that states both (none does), the names the listing
//! page gives are the candidates: each is put to the step that chooses or
//! verifies, in the page's order, within the step budget.
//!
//! Guarantees: a candidate is a page the listing page mentions, of the kind
//! the follow step asks for ([`super::kind`]), never the listing page itself
//! or a name the question gives; it becomes the follow step's value only once
//! the dependant is `supported` by the candidate's own page (the list says who
//! is a member, not what the question says of them, and a third page that
//! names the candidate may say it of someone else); when no candidate is,
//! nothing changes: the follow step stays `missing`.

use super::extract;
use super::{display, kind, note, ByTask, Outcome, Runner};
use crate::analyze;
use crate::decompose::frame::{self, Strictness};
use crate::index::catalog::title_base;
use crate::model::{Evidence, Output, SlotState, Task, Value, TITLE_TYPE};
use crate::plan::placeholder;

/// Most candidates read off listing pages for one step.
const MAX_LISTED: usize = 8;

/// True when `question` chooses among the values of step `id` ("Which of
/// {q1} …?", "Who among {q1} …?", "One of {q1} …").
pub fn chooses(question: &str, id: &str) -> bool {
    let Some(at) = question.find(&placeholder(id)) else {
        return false;
    };
    let before: Vec<String> = analyze::words(question.get(..at).unwrap_or(""))
        .into_iter()
        .map(|w| w.term)
        .collect();
    matches!(
        before
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .as_slice(),
        ["which" | "who" | "one", "of" | "among"]
    )
}

/// A candidate with the listing page it came from.
struct Listed {
    value: Value,
    evidence: Evidence,
}

impl Runner<'_> {
    /// The things the pages `clause` names list, of the kind it asks for.
    fn listed(&self, clause: &str) -> Vec<Listed> {
        let asked_frame = frame::frame(clause, Strictness::Question);
        let asked = kind::asked(clause, asked_frame.answer);
        let mentions = self.index.mentions_in(clause);
        let given: Vec<String> = mentions
            .iter()
            .filter_map(|m| clause.get(m.start as usize..m.end as usize))
            .map(analyze::fold::lower_str)
            .collect();
        let anchors: Vec<u32> = mentions
            .iter()
            .filter(|m| self.index.is_title(m.entity))
            .flat_map(|m| self.index.owners(m.entity).to_vec())
            .collect();
        let mut out: Vec<Listed> = Vec::new();
        for doc in anchors {
            let Some(page) = self.index.passage(doc) else {
                continue;
            };
            let own = self.index.title_entity(doc);
            for m in self.index.mentions(doc) {
                let Some(e) = self.index.entity(m.entity) else {
                    continue;
                };
                let span = crate::index::Catalog::span(&page.text, m);
                let base = title_base(&e.id).unwrap_or(&e.id);
                let named = [span.text.as_str(), e.id.as_str(), base]
                    .iter()
                    .any(|n| given.contains(&analyze::fold::lower_str(n)));
                let fits = asked.as_ref().is_none_or(|a| {
                    self.index
                        .owners(m.entity)
                        .iter()
                        .find_map(|&d| self.index.passage(d))
                        .is_none_or(|p| kind::fits(a, &kind::defined(&p.text)))
                });
                let seen = out
                    .iter()
                    .any(|l| crate::chain::key_of(&l.value).is_some_and(|(k, _, _)| k == e.id));
                if Some(m.entity) == own
                    || !self.index.is_title(m.entity)
                    || named
                    || !fits
                    || seen
                    || !crate::index::catalog::proper(&page.text, m)
                {
                    continue;
                }
                let sentence = super::read::sentences(&page.text)
                    .find(|&(s, e)| (m.start as usize) >= s && (m.start as usize) < e)
                    .unwrap_or((0, page.text.len()));
                out.push(Listed {
                    value: Value::Entity {
                        id: e.id.clone(),
                        entity_type: TITLE_TYPE.to_string(),
                        passage_id: page.id.clone(),
                        span: span.clone(),
                    },
                    evidence: self.evidence(doc, 0.0, extract::trimmed_span(&page.text, sentence)),
                });
                if out.len() >= MAX_LISTED {
                    return out;
                }
            }
        }
        out
    }

    /// Tries the things the pages named by follow step `step`'s clause list,
    /// in order, as `step`'s value in `task`; the first that `task` finds
    /// supported on its own page becomes `step`'s value. `None` when none
    /// is.
    pub(super) fn choose_listed(
        &mut self,
        task: &Task,
        output: &Output,
        step: &str,
        done: &mut ByTask<Outcome>,
    ) -> Option<Outcome> {
        let clause = done.get(step)?.slot.question.clone();
        let listed = self.listed(&clause);
        if listed.is_empty() {
            return None;
        }
        note(
            &mut self.trace,
            "plan",
            Some(&task.id),
            format!(
                "revision: {step} found nothing; the pages it names list {}, each tried",
                listed
                    .iter()
                    .map(|l| display(&l.value))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
        for l in listed {
            if self.steps >= self.options.budget {
                break;
            }
            let values: ByTask<Value> = [(step.to_string(), l.value.clone())].into_iter().collect();
            let outcome = self.attempt(task, output, &values);
            if outcome.slot.state != SlotState::Supported
                || !self.answered_on_own_page(&outcome, &l.value)
            {
                continue;
            }
            if let Some(o) = done.get_mut(step) {
                o.slot.state = SlotState::Supported;
                o.slot.reason = None;
                o.slot.value = Some(l.value.clone());
                o.slot.evidence = vec![l.evidence];
            }
            note(
                &mut self.trace,
                "plan",
                Some(&task.id),
                format!(
                    "revision: {step} = {} ({} holds)",
                    display(&l.value),
                    task.id
                ),
            );
            return Some(outcome);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::chooses;

    #[test]
    fn a_question_chooses_among_a_step_s_values() {
        assert!(chooses("Which of {q1} teaches percussion?", "q1"));
        assert!(chooses("Who among {q1} grew up in Oban?", "q1"));
        assert!(chooses("One of {q2} is also known for what?", "q2"));
        assert!(!chooses("When was {q1} born?", "q1"));
        assert!(!chooses("Which of {q1} teaches percussion?", "q2"));
        assert!(!chooses("Which band of the members of {q1} toured?", "q1"));
    }
}
