//! Stage 3 — decompose: nested references become follow steps.
//!
//! A clause that names something only by a description — a catalog entity
//! of a declared type ("the service that failed after the second retry"), a
//! document another document designates ("TRAVEL-2026-01 指定的海外补充办法",
//! "the supplement referenced by TRAVEL-2026-01"), a thing open text names
//! through another ("the drummer from the album X", see [`nested`]) — gets a
//! follow step that finds the thing with the span that names it, and a step
//! that asks the rest of the clause about it through a `{qN}` placeholder.
//!
//! Guarantees: the description ends where the clause goes on (a comma, a
//! colon), and the rest of the clause is kept around the placeholder ("For
//! {q1}, which rollback rule applies?"); a reference pattern stays a follow
//! step even when its noun phrase is also another document's alias — that
//! document is never a candidate answer, since the follow step reads only the
//! referring document.

use super::{frame, nested, patterns, relative, slice, tidy, Builder};
use crate::analyze::fold::Lower;
use crate::model::{Constraints, Output, Task, TaskKind, DOC_TYPE, TITLE_TYPE};
use crate::plan::placeholder;

/// Most descriptions one clause is unfolded into (a four-hop question).
const MAX_DESCRIPTIONS: usize = 3;

impl Builder<'_> {
    /// A nested reference of any kind; returns the task that answers the clause.
    pub(super) fn nested(&mut self, clause: &str) -> Option<String> {
        if let Some((start, rel, kind)) = patterns::nested_entity(clause, &self.types) {
            let kind = kind.to_string();
            return Some(self.nested_entity(clause, start, rel, &kind));
        }
        self.doc_reference(clause)
            .or_else(|| self.doc_asked(clause))
            .or_else(|| self.asked_entity(clause))
            .or_else(|| self.through_relative(clause))
            .or_else(|| self.described(clause))
            .or_else(|| self.bridged(clause))
    }

    /// An open-text question that names a page, or a name no page is about
    /// ("Which film director was born in Szeged and studied in Budapest?"),
    /// and asks for a thing or a value ("What 1876 battle featured the
    /// Other Magpie?"): the thing is
    /// proposed from the passages that match the whole question (a title
    /// they name next to the kind noun, or their own), then verified on its
    /// own page (seed 000: a guess stays a proposal until a span verifies
    /// it). Only over open text (a corpus whose catalog declares no entity
    /// types beyond titles and documents), in English, for questions that
    /// ask for a person, a place or a thing — not where a named thing is
    /// ("Where was Ada Lund born?": its own page says, and the place may
    /// have no page to propose).
    fn bridged(&mut self, clause: &str) -> Option<String> {
        // A Chinese question that names a page asks about that page (CMRC):
        // its chains come from 的-descriptions, not from a proposal.
        if !self.types.is_empty() || clause.chars().any(crate::analyze::is_cjk) {
            return None;
        }
        let f = frame::frame(clause, frame::Strictness::Question);
        // A thing, not a value of the named page ("When was X born?"),
        // unless a relative clause describes the thing the value is of ("…
        // succeeded by the aristocrat who is estimated to be worth how much?").
        let asks_thing = matches!(
            f.answer,
            frame::Answer::Person | frame::Answer::Place | frame::Answer::Open
        ) || frame::relative_pronoun(clause).is_some();
        let titles: Vec<usize> = self
            .mentions_in(clause)
            .iter()
            .filter(|m| self.index.is_title(m.entity))
            .map(|m| m.start as usize)
            .collect();
        // "Where was Ada Lund born?" asks a value of the page it names, as
        // "where was {q1} born?" does of the page of an earlier answer.
        let answer_at = |at: usize| {
            let rest = clause.get(at..).unwrap_or("");
            crate::plan::placeholders(rest)
                .first()
                .is_some_and(|id| rest.starts_with(&placeholder(id)))
        };
        let where_of_name = patterns::where_subject(clause)
            .iter()
            .any(|&at| titles.contains(&at) || answer_at(at));
        // A question of a name and a kind alone is asked of the named page,
        // unless it asks the subject of a verb ("which studio developed
        // Lantern Run?": the studio is a thing of its own, named after
        // "developed by"). Not yet the passive "… developed by which
        // studio?": proposed from other pages when the named one gives no
        // name, it verified a wrong one ("King's College London was
        // established by which monarch?" → Pulham Market).
        // With no page named, a question that names something no page is
        // about is proposed too ("Which film director was born in Szeged
        // …?"), unless it asks in the first person ("Where do I set the API
        // key for Netlify?": a docs question asks for a passage, not for a
        // thing with a page).
        if !asks_thing
            || (titles.is_empty() && (f.names.is_empty() || f.first_person))
            || where_of_name
            || patterns::asks_property(clause)
            || (f.with_role(frame::Role::Topic).next().is_none()
                && crate::execute::kind::subject_verb(&f).is_none())
        {
            return None;
        }
        let id = self.follow(
            clause.to_string(),
            Constraints::new(),
            Output::Entity {
                entity_type: Some(TITLE_TYPE.to_string()),
            },
        );
        let verify = format!(
            "{} {}",
            clause.trim_end_matches(['?', '.', ' ']),
            placeholder(&id)
        );
        let (question, constraints) = self.constrain(&verify, self.default_year);
        let next = self.dependant(question, constraints, vec![id.clone()]);
        self.verified.push((next.clone(), id.clone()));
        self.notes.push(format!(
            "{id} → {next}: the thing asked for is proposed, then verified on its own page ({clause})"
        ));
        Some(next)
    }

    /// A question asked through a relative clause on open text ("The
    /// Lantern Keeper was directed by a filmmaker who was born in what
    /// year?", see [`relative`]): the antecedent is found from the page the
    /// main clause names, then the relative clause is asked about it.
    fn through_relative(&mut self, clause: &str) -> Option<String> {
        if !self.types.is_empty() {
            return None;
        }
        let r = relative::split(clause)?;
        let names_page = self
            .mentions_in(&r.description)
            .iter()
            .any(|m| self.index.is_title(m.entity));
        if !names_page && !r.extraposed() {
            return None;
        }
        let id = self.follow(
            r.description.clone(),
            Constraints::new(),
            Output::Entity {
                entity_type: Some(TITLE_TYPE.to_string()),
            },
        );
        let (question, constraints) =
            self.constrain(&r.about(&placeholder(&id)), self.default_year);
        let next = self.dependant(question, constraints, vec![id.clone()]);
        self.notes.push(format!(
            "{id} → {next}: the thing a relative clause asks about is found first ({})",
            r.description
        ));
        Some(next)
    }

    fn follow(&mut self, question: String, constraints: Constraints, output: Output) -> String {
        let id = self.next_id(false);
        let depends_on = crate::plan::placeholders(&question);
        self.push(Task {
            id,
            kind: TaskKind::Follow,
            question,
            constraints,
            output: Some(output),
            op: None,
            depends_on,
            label: None,
        })
    }

    /// Open-text descriptions ("In what year was the drummer from the album
    /// X born?"): a follow step per description, innermost first, each
    /// finding the title its anchor's passages name next to the head noun;
    /// then the rest of the clause about the last one.
    fn described(&mut self, clause: &str) -> Option<String> {
        let mut text = clause.to_string();
        let mut last: Option<String> = None;
        for _ in 0..MAX_DESCRIPTIONS {
            let mut names = frame::frame(&text, frame::Strictness::Question).names;
            // A title the clause names is one name ("Alpha and Omega").
            for m in self.mentions_in(&text) {
                if self.index.is_title(m.entity) {
                    names.push((m.start as usize, m.end as usize));
                }
            }
            let t = text.clone();
            // An entity of a declared catalog type is named, not described:
            // "the rollback rule for gateway-west in revision r7" asks about
            // gateway-west itself, whose passages the retrieval step reads.
            let is_anchor = |(s, e): (usize, usize)| {
                t.get(s..e).is_some_and(|n| {
                    let mentions = self.mentions_in(n);
                    !mentions.is_empty() && !mentions.iter().all(|m| self.declared(m.entity))
                })
            };
            let Some(d) = nested::innermost(&text, &names, &is_anchor)
                .filter(|d| !d.unanchored_role || self.types.is_empty())
            else {
                break;
            };
            // A thing of a declared catalog type is found as one ("the
            // *service* in incident INC-2291" is a service its log names);
            // else as a page's title.
            let asked = patterns::asked_entity(&d.question, &self.types).unwrap_or(TITLE_TYPE);
            let id = self.follow(
                d.question.clone(),
                Constraints::new(),
                Output::Entity {
                    entity_type: Some(asked.to_string()),
                },
            );
            self.notes
                .push(format!("{id}: {} (described in: {clause})", d.question));
            text = format!(
                "{}{}{}",
                text.get(..d.start).unwrap_or(""),
                placeholder(&id),
                text.get(d.end..).unwrap_or("")
            );
            last = Some(id);
        }
        let last = last?;
        // Described things compared ("Who is older, the director of Salt
        // Roads or the director of The Lantern Keeper?"): the comparison is
        // asked of the things found.
        if let Some(c) = self.comparison_asked_as(&text, clause) {
            self.notes.push(format!(
                "{c}: the described things are found first, then compared ({clause})"
            ));
            return Some(c);
        }
        if nested::asks_only_name(&text) {
            self.notes.push(format!(
                "{last}: the described thing's name is what is asked ({clause})"
            ));
            return Some(last);
        }
        let (question, constraints) = self.constrain(&text, self.default_year);
        // Every step whose value the rest still names (a description that
        // did not take in an earlier one leaves its placeholder here).
        let on = crate::plan::placeholders(&question);
        let next = self.dependant(question, constraints, on);
        self.notes.push(format!(
            "{last} → {next}: the described thing is found first, then asked about"
        ));
        Some(next)
    }

    /// A clause that asks which catalog entity fits a description ("Which
    /// service failed after the second retry?"): a follow step, whose value
    /// is the entity with the span that names it, so a later part can ask
    /// about it ("…, and what is its rollback rule?").
    fn asked_entity(&mut self, clause: &str) -> Option<String> {
        let kind = patterns::asked_entity(clause, &self.types)?.to_string();
        let id = self.follow(
            tidy(clause),
            Constraints::new(),
            Output::Entity {
                entity_type: Some(kind.clone()),
            },
        );
        self.notes.push(format!(
            "{id}: the {} asked for is found with the span that names it ({clause})",
            kind.replace('_', " ")
        ));
        Some(id)
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
        // "the service whose deploy failed" asks "which service's deploy failed?".
        let whose = clause
            .get(..rel)
            .is_some_and(|h| h.lower().ends_with("whose "));
        let asked = if whose {
            format!("which {name}'s {relative}?")
        } else {
            format!("which {name} {relative}?")
        };
        let id = self.follow(
            asked,
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

    /// True when the entity is of a type the catalog declares (a service, a
    /// travel scope), not a page title or a document.
    fn declared(&self, entity: u32) -> bool {
        self.index
            .entity(entity)
            .is_some_and(|e| self.types.contains(&e.kind))
    }

    fn docs(&self, text: &str) -> Vec<(usize, usize, String)> {
        self.mentions_in(text)
            .into_iter()
            .filter_map(|m| {
                let e = self.index.entity(m.entity)?;
                (e.kind == DOC_TYPE).then(|| (m.start as usize, m.end as usize, e.id.clone()))
            })
            .collect()
    }

    /// A follow step that reads `doc` for the document it designates by
    /// `noun`.
    fn designated(&mut self, doc: &str, noun: String) -> String {
        let mut constraints = Constraints::new();
        constraints.insert("doc".into(), doc.to_string());
        self.follow(noun, constraints, Output::Document)
    }

    /// "DOC 指定了哪份 X" / "Which X does DOC designate?": the document DOC
    /// designates is what is asked; a follow step reads it from DOC.
    fn doc_asked(&mut self, clause: &str) -> Option<String> {
        let (noun, doc) = self
            .docs(clause)
            .into_iter()
            .find_map(|(s, e, doc)| patterns::doc_asked(clause, s, e).map(|r| (r, doc)))?;
        let noun = tidy(slice(clause, noun));
        let id = self.designated(&doc, noun.clone());
        self.notes.push(format!(
            "{id}: the document {doc} designates ({noun}) is read from it"
        ));
        Some(id)
    }

    /// "DOC 指定的 X": read DOC for the document it designates, then ask the
    /// rest of the clause of that document.
    fn doc_reference(&mut self, clause: &str) -> Option<String> {
        let (r, doc) = self
            .docs(clause)
            .into_iter()
            .find_map(|(s, e, doc)| patterns::doc_reference(clause, s, e).map(|r| (r, doc)))?;
        let noun = tidy(slice(clause, r.noun));
        // "the service named in INC-2291" names a catalog entity, not a
        // document: it is found as one (`asked_entity`, `described`).
        if patterns::names_type(&noun, &self.types) {
            return None;
        }
        let id = self.designated(&doc, noun.clone());
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
