//! Stage 6 — execute: one attempt at a retrieval task, in four steps.
//!
//! 1. [`Runner::prepare`] fills the task's placeholders from its
//!    prerequisites' span-backed values and checks that a document it is
//!    pointed at exists and may be read;
//! 2. [`Runner::search`] ranks candidates under the constraints
//!    ([`crate::retrieve`]);
//! 3. [`Runner::judge`] reads candidates in rank order within the step budget
//!    and keeps those that answer ([`super::accept`]; a passage that lacks
//!    a name the question gives may be read with the linked page that
//!    names it, [`Runner::partner`]), extracts their values
//!    ([`super::extract`]) and checks each hop's join ([`crate::chain`]);
//! 4. [`Runner::conclude`] turns that into the slot's state, value and
//!    evidence, and the rankings the merge uses.
//!
//! Guarantees: a value comes only from a passage that was accepted, and from
//! its answering sentence when it has one; a follow step's value is the one
//! its best-reading passage states (not the first-ranked one), and when two
//! passages read equally well but state different values, both are kept as
//! alternatives in that order; a set of facts answers a cued open question
//! only with the facts whose polarity matches the question's.

use super::accept::{self, Context, Rejection};
use super::read;
use super::{alias, spell};
use super::{extract, fill, note, output_name, slot_for, ByTask, Outcome, Runner};
use crate::analyze::fold::Lower;
use crate::chain::{self, Broken};
use crate::decompose::frame::{self, Answer, Frame, Strictness};
use crate::model::{
    Constraints, Edge, Evidence, Fact, Output, Passage, Range, Slot, SlotState, Span, Task,
    TaskKind, Value, NAME_TYPE, TITLE_TYPE,
};
use crate::plan::{placeholder, placeholders};
use crate::retrieve::{self, round};

/// What an attempt holds its answer to beyond the question.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Held<'n> {
    /// The answering sentence names this kind of thing ("festival").
    pub noun: Option<&'n str>,
    /// The verbs a verification checks are checked: the clause is asked as
    /// written in place of a verification.
    pub checks_verbs: bool,
}

/// A retrieval task with its prerequisites' values filled in.
struct Prepared {
    question: String,
    constraints: Constraints,
    /// The prerequisite and the value this hop must join on.
    hop: Option<(String, Value)>,
    slot: Slot,
}

/// The candidates of one attempt.
struct Search {
    /// The slot's candidates (at most `pool`).
    found: retrieve::Retrieval,
    /// The wide pool hop targets are scored against.
    wide: retrieve::Retrieval,
    anchors: Vec<u32>,
}

/// A candidate the judge accepted, with its value.
struct Accepted {
    /// Position in the slot's candidates.
    at: usize,
    /// Position among its passage's values (extraction ranks them).
    nth: usize,
    value: Value,
    span: Span,
    /// How well its passage reads for the question, plus its rank score.
    support: f32,
    /// Its sentence names the kind of thing asked ("which *river* …?"), or
    /// no kind is asked.
    kind_named: bool,
    /// The hop's edge into this passage.
    edge: Option<Edge>,
    /// The linked candidate that names what this passage does not.
    partner: Option<usize>,
    /// The partner is a section of this passage's page that answers alone.
    leans: bool,
}

/// What the judge found.
#[derive(Default)]
struct Judged {
    accepted: Vec<Accepted>,
    /// Candidates usable as evidence (position, span), best first.
    applicable: Vec<(usize, Span, bool)>,
    broken: Option<Broken>,
    stale: Option<u32>,
    valueless: bool,
    exhausted: bool,
    /// The most telling rejection, when nothing was accepted.
    rejection: Option<Rejection>,
    /// Topic words no passage of the corpus has.
    unknown: Vec<String>,
    /// The question names a cued attribute by a word no passage writes
    /// ("Is Priya *allergic* to anything?").
    attribute_unwritten: bool,
    /// The hop's edges: the accepted one, or the first broken one.
    chain: Vec<Edge>,
}

impl Judged {
    /// Keeps the rejection that came closest.
    fn reject(&mut self, r: Rejection) {
        if self.rejection.as_ref().is_none_or(|best| r > *best) {
            self.rejection = Some(r);
        }
    }
}

/// Passages with scores normalized to a slot's best.
type Scored = Vec<(u32, f64)>;

/// Follow values whose passages read within this much of the best are
/// equally supported.
const TIE: f32 = 0.05;
/// Question words a sentence must match to be quoted on a page of the kind
/// asked though it does not name the kind ([`naming`]).
const STRONG: usize = 3;
/// Weight of a candidate's ranking score (relative to the slot's best) next
/// to how well it reads, when choosing among the passages that answer.
const RANK: f32 = 1.0;
/// Candidates looked at for a page that names the rest of a question.
const PARTNERS: usize = 8;
/// Candidates whose words may show a kind noun the corpus lacks to be
/// misspelt ([`super::kind::never_written`]): the first few.
const MISSPELT_IN: usize = 3;

fn outcome(slot: Slot) -> Outcome {
    Outcome {
        slot,
        alternatives: Vec::new(),
        ranked: Vec::new(),
        hop: Vec::new(),
    }
}

impl Runner<'_> {
    /// One retrieval with the given prerequisite values.
    pub(super) fn attempt(
        &mut self,
        task: &Task,
        output: &Output,
        values: &ByTask<Value>,
    ) -> Outcome {
        self.attempt_naming(task, output, values, Held::default())
    }

    /// [`Runner::attempt`], where a passage answers only as `held` says:
    /// its answering sentence names the kind of thing asked, when there is
    /// one, and the verbs a verification checks are checked.
    pub(super) fn attempt_naming(
        &mut self,
        task: &Task,
        output: &Output,
        values: &ByTask<Value>,
        held: Held<'_>,
    ) -> Outcome {
        let prepared = match self.prepare(task, output, values) {
            Ok(p) => p,
            Err(slot) => return outcome(*slot),
        };
        let search = self.search(task, output, &prepared, values);
        // The passages are read for the entity's ID where the question uses
        // an alias they never write (retrieval found them through the
        // catalog already).
        let (question, mut fixes) = alias::canonical(&prepared.question, self.index);
        let prepared = Prepared {
            question,
            ..prepared
        };
        let strictness = if task.kind == TaskKind::Follow {
            Strictness::Strict
        } else {
            Strictness::Question
        };
        let mut frame = frame::frame(&prepared.question, strictness);
        // The name a hop supplies is checked by the join (a similar name is
        // `unresolved: service-join`, not a passage that does not apply).
        if let Some((key, _, _)) = prepared.hop.as_ref().and_then(|(_, v)| chain::key_of(v)) {
            let (joined, names) = split_key(&prepared.question, &frame.names, key);
            frame.joined = joined;
            frame.names = names;
        }
        fixes.extend(self.spell(&mut frame, &search));
        let judged = self.judge(task, output, &prepared, &search, &frame, held);
        let mut outcome = self.conclude(task, output, prepared, search, judged, &frame);
        if !fixes.is_empty() {
            let read_as = spell::describe(&fixes);
            note(
                &mut self.trace,
                "execute",
                Some(&task.id),
                format!("{read_as}: no passage writes the question's spelling"),
            );
            if outcome.slot.state == SlotState::Supported {
                outcome.slot.reason = Some(read_as);
            }
        }
        outcome
    }

    /// Reads a misspelt name of the question as the name the first
    /// candidates write ([`spell`]); a step that does not read corrects
    /// nothing.
    fn spell(&self, frame: &mut Frame, s: &Search) -> Vec<spell::Fix> {
        if !self.options.read {
            return Vec::new();
        }
        spell::correct(frame, self.index, || self.first_texts(s, PARTNERS))
    }

    /// The texts of a search's first `n` candidates.
    fn first_texts<'s>(&'s self, s: &'s Search, n: usize) -> Vec<&'s str> {
        s.found
            .candidates
            .iter()
            .take(n)
            .filter_map(|c| self.index.passage(c.doc))
            .map(|p| p.text.as_str())
            .collect()
    }

    /// Step 1: the question and constraints with placeholders filled.
    fn prepare(
        &self,
        task: &Task,
        output: &Output,
        values: &ByTask<Value>,
    ) -> Result<Prepared, Box<Slot>> {
        let question = fill(&task.question, values);
        let mut slot = slot_for(
            task,
            question.clone(),
            task.constraints.clone(),
            output.clone(),
        );
        let mut constraints = Constraints::new();
        for (key, raw) in &task.constraints {
            let mut lacking = None;
            let value = crate::plan::fill(raw, |name, out| {
                match values.get(name).and_then(chain::key_of) {
                    Some((id, _, _)) => out.push_str(id),
                    None => {
                        lacking.get_or_insert_with(|| name.to_string());
                    }
                }
                true
            });
            if let Some(name) = lacking {
                slot.state = SlotState::Error;
                slot.reason = Some(format!(
                    "constraint {key} needs an ID from {name}, which produced none"
                ));
                return Err(Box::new(slot));
            }
            constraints.insert(key.clone(), value);
        }
        // The key this hop must join on: the value of the prerequisite it names.
        let hop = task
            .depends_on
            .iter()
            .filter_map(|d| values.get(d).map(|v| (d.clone(), v.clone())))
            .find(|(_, v)| chain::key_of(v).is_some());
        slot.constraints = constraints.clone();
        if let Some(doc) = constraints.get("doc") {
            if let Some(reason) = self.unreachable_doc(doc) {
                slot.state = if reason.starts_with("access") {
                    SlotState::Unresolved
                } else {
                    SlotState::Missing
                };
                slot.reason = Some(reason);
                return Err(Box::new(slot));
            }
        }
        if task.kind == TaskKind::Retrieve && hop.is_none() {
            if let Some(reason) = alias::ambiguous(self.index, &question) {
                slot.state = SlotState::Unresolved;
                slot.reason = Some(reason);
                return Err(Box::new(slot));
            }
        }
        Ok(Prepared {
            question,
            constraints,
            hop,
            slot,
        })
    }

    /// Step 2: ranked candidates under the constraints.
    fn search(
        &mut self,
        task: &Task,
        output: &Output,
        p: &Prepared,
        values: &ByTask<Value>,
    ) -> Search {
        // Constraint values and the requested entity type are enforced
        // elsewhere (filter, output type); their words carry no ranking signal
        // (except the name a passage must be about, which is matched loosely).
        let mut query_text = crate::analyze::fold::lower_str(&p.question);
        let mut enforced: Vec<String> = p
            .constraints
            .iter()
            .filter(|(k, _)| k.as_str() != "about")
            .map(|(_, v)| crate::analyze::fold::lower_str(v))
            .collect();
        if let Output::Entity {
            entity_type: Some(t),
        } = output
        {
            enforced.push(crate::analyze::fold::lower_str(&t.replace('_', " ")));
        }
        for v in enforced.iter().filter(|v| !v.trim().is_empty()) {
            query_text = query_text.replace(v.as_str(), " ");
        }
        let focus = self.focus(&p.question, task, values);
        let wide = self.options.hops && *output == Output::Passage;
        let pool = if wide {
            self.options.pool.max(retrieve::HOP_POOL)
        } else {
            self.options.pool
        };
        let admission = retrieve::Admission::new(self.index, self.scope, &p.constraints);
        let keep = |doc: u32| admission.admits(doc);
        let anchors = if wide {
            retrieve::anchors(self.index, &p.question, &keep)
        } else {
            Vec::new()
        };
        let query = retrieve::SlotQuery {
            question: &query_text,
            constraints: &p.constraints,
            scope: self.scope,
            bm25: &self.bm25,
            pool,
            focus: &focus,
            anchors: &anchors,
        };
        let found = retrieve::retrieve(self.index, &query);
        // The wide pool only scores hop targets; the slot itself sees `pool`.
        let wide_pool = found.clone();
        let mut found = found;
        found.candidates.truncate(self.options.pool);
        if !found.cues.is_empty() {
            note(
                &mut self.trace,
                "retrieve",
                Some(&task.id),
                format!("slot cues: {}", found.cues.join(", ")),
            );
        }
        Search {
            found,
            wide: wide_pool,
            anchors,
        }
    }

    /// The entities of a declared catalog type (a service, not a page title,
    /// a document or a metadata facet) the question mentions, with the
    /// mention's byte range. Not a hop's key an earlier step supplied: the
    /// join checks that one, and says why it fails (`service-join`).
    fn named_entities(&self, frame: &Frame) -> Vec<(u32, usize, usize)> {
        let joined = |s: usize, e: usize| frame.joined.iter().any(|&(a, b)| s < b && a < e);
        alias::declared_mentions(self.index, &frame.question)
            .into_iter()
            .filter(|m| !joined(m.start as usize, m.end as usize))
            .map(|m| (m.entity, m.start as usize, m.end as usize))
            .collect()
    }

    /// True when another passage of `doc`'s document (`meta.doc`) is not
    /// superseded: a newer revision exists.
    fn has_current_revision(&self, doc: u32) -> bool {
        let Some(document) = self
            .index
            .passage(doc)
            .and_then(|p| p.meta_str("doc"))
            .and_then(|d| self.index.resolve(&d))
        else {
            return false;
        };
        self.index.owners(document).iter().any(|&other| {
            other != doc
                && self
                    .index
                    .passage(other)
                    .is_some_and(|p| !p.is_superseded())
        })
    }

    /// Step 3: reads candidates in rank order and keeps those that answer.
    fn judge(
        &mut self,
        task: &Task,
        output: &Output,
        p: &Prepared,
        s: &Search,
        frame: &Frame,
        held: Held<'_>,
    ) -> Judged {
        let Held { noun, checks_verbs } = held;
        let mut j = Judged::default();
        if !self.options.read {
            return j;
        }
        let mut words = read::weights(self.index, frame);
        if task.kind == TaskKind::Follow {
            read::soften_unknown_verbs(&mut words, frame);
        }
        read::soften_asking_phrase(&mut words, frame);
        // The catalog entities the question names by one of their aliases
        // ("gateway west", "gw-west" for gateway-west): the alias's words
        // are known through the entity, and a passage linked to none of
        // them speaks of something else (gateway-west-legacy's runbook).
        let named = self.named_entities(frame);
        // A compound whose qualifier a passage about the named entity
        // writes ("emergency rollback rule"): a candidate without it speaks
        // of the plain thing.
        let named_ids: Vec<u32> = named.iter().map(|&(e, _, _)| e).collect();
        let qualified = super::qualifier::qualified(self.index, frame, &named_ids);
        for w in words.iter_mut() {
            let at = frame.terms.get(w.position).map_or(usize::MAX, |t| t.start);
            if named.iter().any(|&(_, s, e)| at >= s && at < e) {
                w.unknown = false;
            }
        }
        let property = super::property::asked(frame, &words);
        let (unknown, unknown_share) = accept::unknown_topic(&words);
        let has_topic = words.iter().any(|w| w.role != frame::Role::Soft);
        let has_words = words.iter().any(|w| w.role == frame::Role::Topic);
        // A topic noun no cue names ("card" in "how long until a refund
        // reaches my card?"): a cued attribute does not answer for it.
        let beyond_cue = words.iter().any(|w| {
            w.role == frame::Role::Topic
                && !crate::analyze::lexicon::is_verb_stem(&w.stem)
                && self
                    .index
                    .cue_attributes(std::slice::from_ref(&w.stem))
                    .is_empty()
        });
        // A verification checks what the question says of its proposal: a
        // verb the corpus never uses ("Who photographed …?") cannot be
        // checked (a misspelt noun, "supernatrual", is only unknown).
        // (Also when the clause is asked as written after the proposals
        // failed: it says the same of the thing.)
        let verifying = verifies(task);
        let verbs = if verifying || checks_verbs {
            read::unknown_verbs(frame, &words)
        } else {
            Vec::new()
        };
        if (unknown_share > accept::UNKNOWN_MAX || !verbs.is_empty()) && !unknown.is_empty() {
            j.unknown = unknown.iter().map(|u| u.to_string()).collect();
            return j;
        }
        // A passive predicate is checked even where the question's frame
        // made it soft ("Which is deleted first, …?"): it is what the
        // question says of the proposal. (Not a light verb after
        // do-support, "Which port does the CLI use …?", nor "a single
        // called Low Water", which pages put in other words.)
        let passives: Vec<String> = verbs
            .into_iter()
            .filter(|(_, passive)| *passive)
            .map(|(v, _)| v)
            .collect();
        if !passives.is_empty() {
            j.unknown = passives;
            return j;
        }
        let explicit_version =
            p.constraints.contains_key("year") || p.constraints.contains_key("revision");
        let of_subject = matches!(
            output,
            Output::Entity { entity_type: Some(t) } if t == TITLE_TYPE
        ) || matches!(
            frame.answer,
            Answer::Year | Answer::Date | Answer::Number | Answer::Place | Answer::Person
        );
        let single = !matches!(output, Output::Entity { .. } | Output::Document);
        let unresolved_person = frame.first_person
            && self
                .scope
                .user
                .as_deref()
                .is_none_or(|u| u.trim().is_empty());
        let top = s
            .found
            .candidates
            .first()
            .map_or(1.0, |c| c.score.max(1e-6));
        let mut broken_edge: Option<Edge> = None;
        // The passage a hop's key came from.
        let source = p
            .hop
            .as_ref()
            .and_then(|(_, v)| chain::key_of(v))
            .and_then(|(_, _, from)| self.index.doc_of(from))
            .and_then(|d| self.index.passage(d));
        let open_key = p.hop.as_ref().is_some_and(|(_, v)| {
            matches!(v, Value::Entity { entity_type, .. }
                if entity_type == TITLE_TYPE || entity_type == NAME_TYPE)
        });
        let tagged: Vec<((usize, usize), String)> = named
            .iter()
            .filter_map(|&(e, s, end)| Some(((s, end), self.index.entity(e)?.id.clone())))
            .collect();
        let reader = read::Reader::new(frame, &words, source)
            .key_as_name(open_key)
            .tagged(tagged);
        // A page that verifies a proposal it is not the page of reads the
        // question on its own: the page that proposed the value gives no
        // names ("Glasgow" on the page that proposed The Tidewalkers is not
        // said of them).
        let alone = verifying.then(|| read::Reader::new(frame, &words, None).key_as_name(open_key));
        // Where a passage's reading may borrow names from a linked page: on
        // the hop's source, and in a verification on the proposal's own page
        // — where the page borrowed from must speak of this one: what the
        // question says of the proposal is not read off the page that
        // proposed it plus what another page is ("the line-up of Harbour
        // Lights" names Callum Reid; the label it names is "founded in
        // Glasgow").
        let index = self.index;
        let proposal = p
            .hop
            .as_ref()
            .filter(|_| verifying)
            .and_then(|(_, v)| super::entity_of(index, v));
        let own_page = |doc: u32| proposal.is_some_and(|e| super::own_page(index, e, doc));
        let on_source = |id: &str| source.is_none_or(|s| s.id == id);
        let may_pair = |doc: u32, id: &str| on_source(id) || own_page(doc);
        // The kind of thing asked ("which *party* …?"), which the quoted
        // sentence should name: read from the question as planned, since a
        // hop's question holds the value it was given ("{q1} lies on what
        // river?" asks a river; "… via what Eden Valley Railway" no
        // railway).
        let asked = noun.map(str::to_string).or_else(|| {
            (task.kind == TaskKind::Retrieve && *output == Output::Passage)
                .then(|| {
                    super::kind::asked_noun(&crate::plan::without_placeholders(&task.question))
                })
                .flatten()
        });
        // A town or country asked as a place ("In which town was Tomas
        // Varga born?") is said by its name ("born in Szeged"), not in a
        // sentence that writes the noun ("river towns").
        let place_kind = frame.answer == Answer::Place
            && asked.as_deref().is_some_and(|n| {
                matches!(
                    super::kind::class_of(n),
                    Some(super::kind::Class::Settlement | super::kind::Class::Region)
                )
            });
        // The nationality the question gives the thing asked ("Which
        // *English* drummer …?"), and the kinds that thing is of: a sentence
        // that names only such things of another nationality answers not.
        // A step that finds an entity checks each one's page instead
        // ([`extract::values`]).
        let nationality = if *output == Output::Passage {
            super::head::nationality(frame)
        } else {
            Vec::new()
        };
        let nation_kinds = if nationality.is_empty() {
            None
        } else {
            super::kind::asked(&frame.question, frame.answer)
        };
        // The ordinals the question puts on nouns ("the third office").
        let ranks = super::ordinal::Asked::of(&frame.question);
        // A kind asked that no class holds and no cue names ("what *shift*
        // does Priya work?"): a fact a cue finds (her employer) answers it
        // only by writing it, since nothing else says the fact is of it.
        let unknown_kind = frame.answer != Answer::YesNo
            && asked.as_deref().is_some_and(|n| {
                super::kind::class_of(n).is_none()
                    && self
                        .index
                        .cue_attributes(&[crate::analyze::stem(n)])
                        .is_empty()
            });
        // …and when the corpus never writes it either ("which *languages*
        // does the widget support?", "in what *currency* …"), no passage
        // says anything is of it, however well the rest matches: the part
        // is missing as for a topic word no passage has.
        // (Not in a step that verifies a proposal: the proposal's page is
        // read for it, not the question's words.)
        let unwritten_kind = asked.as_deref().filter(|n| {
            unknown_kind
                && p.hop.is_none()
                && super::kind::never_written(self.index, frame, n, || {
                    self.first_texts(s, MISSPELT_IN)
                })
        });
        if let Some(n) = unwritten_kind {
            j.unknown = vec![n.to_string()];
            return j;
        }
        j.attribute_unwritten = words.iter().any(|w| w.attribute && w.unwritten);
        // The attribute a noun phrase names is its last such word ("my job
        // *title*" asks the role, not the employer "job" cues), with the
        // tags that state it.
        let attribute = words.iter().rev().find(|w| w.attribute).and_then(|w| {
            let tags = self.index.cue_attributes(std::slice::from_ref(&w.stem));
            read::written(frame, w).map(|name| (name, tags))
        });
        // A step that finds an entity of a declared type ("which *service*
        // is INC-2291 about?") checks the kind asked by the entity it
        // extracts: no passage need write "service".
        let entity_typed = matches!(
            output,
            Output::Entity { entity_type: Some(t) } if self.index.entity_types().contains(t)
        );
        for (i, c) in s.found.candidates.iter().enumerate() {
            // Once a passage answers, the rest of the evidence window is read
            // too (no step is counted): the best-reading one among them wins.
            let decided = !j.accepted.is_empty();
            if decided && j.applicable.len() >= self.options.evidence {
                break;
            }
            if !decided {
                if self.steps >= self.options.budget {
                    j.exhausted = true;
                    break;
                }
                self.steps += 1;
            }
            let Some(passage) = self.index.passage(c.doc) else {
                continue;
            };
            let ctx = Context {
                cued: c.cued,
                personal: passage.meta.contains_key("subject"),
                unresolved_person,
                has_topic,
                has_words,
                beyond_cue,
                vouching: verifying && !own_page(c.doc),
                entity_typed,
            };
            if accept::another_generation(frame, &passage.title) {
                j.reject(Rejection::Names);
                continue;
            }
            if let Some(q) = qualified.iter().find(|q| q.lacked_by(self.index, c.doc)) {
                let phrase = frame.question.get(q.phrase.0..q.phrase.1).unwrap_or("");
                j.reject(Rejection::Head(phrase.lower()));
                continue;
            }
            if !named.is_empty() && !named.iter().any(|&(e, _, _)| self.index.links(c.doc, e)) {
                j.reject(Rejection::Names);
                continue;
            }
            // An attribute the question names only through its tag ("what is
            // Sam's *role*?"): an untagged passage does not state it.
            if let Some((name, tags)) = &attribute {
                if !tags
                    .iter()
                    .any(|t| self.index.slot_members(t).contains(&c.doc))
                {
                    j.reject(Rejection::Noun(name.clone()));
                    continue;
                }
            }
            // The property "what is X's N?" asks for, a word the corpus
            // writes: someone's fact that never writes it says something
            // else of them. (Only a fact about a person, `meta.subject`: an
            // encyclopedia page states "the nickname of …" or "the length of
            // an episode" in its own words, and requiring the noun there
            // lost six HotpotQA parts.)
            if let Some((word, stem)) = property.as_ref().filter(|_| ctx.personal) {
                let written = |t: &str| crate::analyze::passage_writes(t, stem);
                if !written(&passage.title) && !written(&passage.text) {
                    j.reject(Rejection::Noun(word.clone()));
                    continue;
                }
            }
            let reader = match &alone {
                Some(alone) if ctx.vouching => alone,
                _ => &reader,
            };
            let mut reading = reader.read(passage);
            let mut partner = None;
            match accept::judge(frame, &reading, ctx) {
                Ok(()) => {}
                // The question's names may be split over two linked pages
                // ("which ground force did Jan Romer join?": his page names
                // the army, the army's page says what it is).
                Err(r @ (Rejection::Names | Rejection::Topic(_) | Rejection::Spread))
                    if may_pair(c.doc, &passage.id) =>
                {
                    let partner_of = Pairing {
                        doc: c.doc,
                        passage,
                        speaking_of: verifying,
                        of_subject,
                    };
                    match self.partner(frame, reader, &s.found.candidates, partner_of, ctx) {
                        Some((at, r)) => {
                            reading = r;
                            partner = Some(at);
                        }
                        None => {
                            j.reject(r);
                            continue;
                        }
                    }
                }
                Err(r) => {
                    j.reject(r);
                    continue;
                }
            }
            // A page that vouches for a proposal says it of the proposal: its
            // answering sentence names it ("She … studied music in Glasgow"
            // on the drummer's page does not verify the band proposed there).
            if ctx.vouching && !self.names_proposal(c.doc, &p.hop, proposal, reading.sentence) {
                j.reject(Rejection::Names);
                continue;
            }
            let sentence = passage
                .text
                .get(reading.sentence.0..reading.sentence.1)
                .unwrap_or("");
            if let Some((a, s)) = ranks.conflict(sentence) {
                j.reject(Rejection::Ordinal(a, s));
                continue;
            }
            // The passage that answers says which of a series it speaks
            // of; a proposal's own page, read to verify it, need not.
            let unstated = (!verifying)
                .then(|| ranks.unstated(&passage.text))
                .flatten();
            if let Some(asked) = unstated {
                j.reject(Rejection::Rank(asked));
                continue;
            }
            let mut kind_named = true;
            if let Some(n) = asked.as_deref() {
                // The sentence that answers names the kind asked: the best
                // one when it does, else (on the page of what the question
                // names, whose sentences speak of it) the first that does.
                // Required when `noun` is given; else only preferred.
                let own = names_title(&frame.question, &passage.title);
                let strong = reading.anchors.len() >= STRONG;
                // A sentence that names the thing a step proposed, when it
                // has no page, is all that verifies it, in whatever words it
                // gives its kind ("developed by Marrow Bay Interactive" for
                // "which studio developed …?").
                let names_key = p
                    .hop
                    .as_ref()
                    .and_then(|(_, v)| chain::key_of(v))
                    .is_some_and(|(key, kind, _)| kind == NAME_TYPE && sentence.contains(key));
                match naming(&passage.text, reading.sentence, n, own, strong) {
                    _ if names_key || place_kind => {}
                    Some(at) if at != reading.sentence => {
                        reading.anchors.retain(|&a| a >= at.0 && a < at.1);
                        reading.sentence = at;
                        reading.clause = at;
                    }
                    Some(_) => {}
                    None if noun.is_some() || (c.cued && unknown_kind) => {
                        j.reject(Rejection::Noun(n.to_string()));
                        continue;
                    }
                    None => kind_named = false,
                }
                let named_otherwise = !nationality.is_empty()
                    && super::head::says_other_nationality(
                        passage
                            .text
                            .get(reading.sentence.0..reading.sentence.1)
                            .unwrap_or(""),
                        n,
                        &nationality,
                    );
                if named_otherwise {
                    j.reject(Rejection::Nationality(nationality.join("-"), n.to_string()));
                    continue;
                }
                if let Some(kinds) = &nation_kinds {
                    if super::extract::names_only_other_nationality(
                        self.index,
                        c.doc,
                        reading.sentence,
                        kinds,
                        &nationality,
                    ) {
                        j.reject(Rejection::Nationality(nationality.join("-"), n.to_string()));
                        continue;
                    }
                }
            }
            let span = extract::trimmed_span(&passage.text, reading.sentence);
            let negated = read::negated(&passage.text, reading.sentence);
            j.applicable.push((i, span.clone(), negated));
            if p.hop.is_none() && passage.is_superseded() && !explicit_version {
                j.stale.get_or_insert(c.doc);
                continue;
            }
            let (mut found, last) =
                match extract::values(self.index, c.doc, passage, output, &reading, frame) {
                    Ok(found) => (found, false),
                    // The passage names the described thing, and it has no
                    // page ("guitarist Sean Dalgleish"): no other title is
                    // that thing; the thing is its name.
                    Err(extract::Unpaged(found)) => (vec![*found], true),
                };
            if let Some((_, key)) = p.hop.as_ref().filter(|_| verifying) {
                proposal_only(&mut found, frame, &super::display(key), &span);
            }
            // A thing read off a passage that borrows the question's names
            // from a linked page is one that page names, when it names
            // things of the kind asked: "albums by The Tidewalkers and The
            // Greywell Sisters" on a label's page does not say which band
            // made the album whose page links the label and names its band.
            // A page that names none (an episode's page names only its
            // sitcom, for "written by who?") leaves the value to the other,
            // and the linked page may be the thing's own page.
            let partner_names = partner
                .and_then(|at| s.found.candidates.get(at))
                .zip(super::kind::asked(&frame.question, frame.answer))
                .map(|(c, kinds)| (c.doc, extract::named_of_kind(self.index, c.doc, &kinds)))
                .filter(|(_, named)| !named.is_empty());
            if let Some((doc, named)) = partner_names {
                found.retain(|(v, _)| {
                    !matches!(v, Value::Entity { .. })
                        || super::entity_of(self.index, v).is_some_and(|e| {
                            named.contains(&e) || super::own_page(self.index, e, doc)
                        })
                });
            }
            if found.is_empty() {
                j.valueless = true;
                continue;
            }
            let mut edge = None;
            if let Some((from, v)) = &p.hop {
                if let Err(b) = chain::check(self.index, self.scope, v, c.doc) {
                    if j.broken.is_none() {
                        broken_edge = Some(self.edge(from, task, v, c.doc, Some(&b)));
                        j.broken = Some(b);
                    }
                    continue;
                }
                edge = Some(self.edge(from, task, v, c.doc, None));
            }
            let support = reading.score + RANK * c.score / top;
            let values = if single {
                found.into_iter().take(1).collect()
            } else {
                found
            };
            for (nth, (value, span)) in values.into_iter().enumerate() {
                j.accepted.push(Accepted {
                    at: i,
                    nth,
                    value,
                    span,
                    support,
                    kind_named,
                    edge: edge.clone(),
                    partner,
                    leans: false,
                });
            }
            // The page of the name the question gives says the described
            // thing has no page: no title another passage proposed is it
            // ("written by Oda Marsh" on the film's page, not the director
            // whose page calls him a screenwriter).
            if last && names_title(&frame.question, &passage.title) {
                j.accepted.retain(|a| a.at == i);
            }
            if last || (!single && j.applicable.len() >= self.options.evidence) {
                break;
            }
        }
        // A passage that reads complete only with the words of a section
        // of its own page that answers alone leans on it ("Run skiff agent
        // upgrade …" under "Upgrade the agents", with the page's "Upgrade
        // the CLI first, then the agents"): the section is the answer.
        let alone: Vec<usize> = j
            .accepted
            .iter()
            .filter(|a| a.partner.is_none())
            .map(|a| a.at)
            .collect();
        let passage_at = |at: usize| {
            s.found
                .candidates
                .get(at)
                .and_then(|c| self.index.passage(c.doc))
        };
        for a in j.accepted.iter_mut() {
            a.leans = a
                .partner
                .filter(|p| alone.contains(p))
                .and_then(|p| Some((passage_at(a.at)?, passage_at(p)?)))
                .is_some_and(|(own, sibling)| own.same_page(sibling));
        }
        // A passage whose sentence names the kind asked first, then one
        // that leans on no section, then the best-reading passage, ties in
        // rank order; a passage's values in the order extraction ranks them.
        crate::order::sort_by(&mut j.accepted, |a, b| {
            b.kind_named
                .cmp(&a.kind_named)
                .then(a.leans.cmp(&b.leans))
                .then(b.support.total_cmp(&a.support))
                .then(a.at.cmp(&b.at))
                .then(a.nth.cmp(&b.nth))
        });
        j.chain = match j.accepted.first() {
            Some(a) => a.edge.clone().into_iter().collect(),
            None => broken_edge.into_iter().collect(),
        };
        j
    }

    /// Step 4: the slot's state, value and evidence.
    fn conclude(
        &mut self,
        task: &Task,
        output: &Output,
        p: Prepared,
        s: Search,
        mut j: Judged,
        frame: &Frame,
    ) -> Outcome {
        let mut slot = p.slot;
        slot.chain = std::mem::take(&mut j.chain);
        let candidates = &s.found.candidates;
        let top = candidates.first().map_or(1.0, |c| c.score.max(1e-6));
        let best = j.accepted.first();
        // Evidence: the accepted passage first (and the linked page that
        // names the rest of the question), then other applicable ones.
        let mut order: Vec<(usize, Span)> =
            best.map(|a| (a.at, a.span.clone())).into_iter().collect();
        if let Some(at) = best.and_then(|a| a.partner) {
            if let Some(p) = candidates.get(at).and_then(|c| self.index.passage(c.doc)) {
                let terms: Vec<String> = frame.terms.iter().map(|t| t.term.clone()).collect();
                order.push((at, extract::best_sentence(&p.text, &terms)));
            }
        }
        for (i, span, _) in &j.applicable {
            if !order.iter().any(|(o, _)| o == i) {
                order.push((*i, span.clone()));
            }
        }
        let facts = self.facts(frame, output, &j, candidates);
        if let Some(Value::Facts { facts: items }) = &facts {
            // The facts that answer come first.
            let first: Vec<usize> = items
                .iter()
                .filter_map(|f| {
                    candidates.iter().position(|c| {
                        self.index
                            .passage(c.doc)
                            .is_some_and(|p| p.id == f.passage_id)
                    })
                })
                .collect();
            crate::order::sort_by_key(&mut order, |(i, _)| {
                (first.iter().position(|f| f == i).unwrap_or(usize::MAX), *i)
            });
        }
        for (i, span) in order.into_iter().take(self.options.evidence) {
            if let Some(c) = candidates.get(i) {
                slot.evidence.push(self.evidence(c.doc, c.score, span));
            }
        }
        let mut ranked: Vec<(u32, f64)> = candidates
            .iter()
            .map(|c| (c.doc, f64::from(c.score / top)))
            .collect();
        let mut alternatives: Vec<(Value, Evidence)> = Vec::new();
        let mut seen: Vec<String> = Vec::new();
        for a in &j.accepted {
            let key = chain::key_of(&a.value).map(|(k, _, _)| k.to_string());
            if let Some(k) = &key {
                if seen.contains(k) {
                    continue;
                }
                seen.push(k.clone());
            }
            if let Some(c) = candidates.get(a.at) {
                alternatives.push((
                    a.value.clone(),
                    self.evidence(c.doc, c.score, a.span.clone()),
                ));
            }
        }
        if let Some(a) = j.accepted.first() {
            // The passage that answers leads its slot's ranking; the one-shot
            // baseline (no hops) keeps plain BM25 order, as `search` does.
            if let Some(c) = candidates.get(a.at).filter(|_| self.options.hops) {
                lead(&mut ranked, c.doc);
            }
            slot.state = SlotState::Supported;
            slot.value = Some(facts.unwrap_or_else(|| a.value.clone()));
            // A follow value tied with another one is ambiguous: the
            // executor tries both (see `Runner::retrieval`).
            if let [first, second, ..] = alternatives_support(&j).as_slice() {
                if first - second <= TIE {
                    note(
                        &mut self.trace,
                        "execute",
                        Some(&task.id),
                        "candidates read equally well: each is tried".into(),
                    );
                }
            }
        } else if !j.unknown.is_empty() {
            slot.state = SlotState::Missing;
            slot.reason = Some(format!(
                "no passage mentions {}",
                j.unknown
                    .iter()
                    .map(|u| format!("\"{u}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        } else if let Some(b) = j.broken {
            slot.state = SlotState::Unresolved;
            slot.reason = Some(format!("{}: {}", b.reason, b.detail));
        } else if j.exhausted {
            slot.state = SlotState::Unresolved;
            slot.reason = Some(format!(
                "budget: the step budget of {} passages ran out before this was confirmed",
                self.options.budget
            ));
        } else if j.valueless {
            slot.state = SlotState::Missing;
            // What was looked for: the kind of value a passage part asks
            // ("a date" for "when …?"), else the kind of output.
            let wanted = match (output, frame.answer) {
                (Output::Passage, answer)
                    if !matches!(answer, Answer::Open | Answer::YesNo | Answer::Procedure) =>
                {
                    accept::kind_name(answer).to_string()
                }
                _ => format!("a {}", output_name(output)),
            };
            slot.reason = Some(format!("no applicable passage states {wanted}"));
        } else if let Some(doc) = j.stale {
            let id = self
                .index
                .passage(doc)
                .map(|p| p.id.clone())
                .unwrap_or_default();
            // A rule is stale when its document has a current revision this
            // request cannot use (runbook r7 beside an operations-only r8);
            // a document replaced by another that does not state it (the
            // 2024 trial supplement, where the 2026 one has no deadline)
            // leaves the fact missing.
            if self.has_current_revision(doc) {
                slot.state = SlotState::Unresolved;
                slot.reason = Some(format!("stale-rule: only superseded passages apply ({id})"));
            } else {
                slot.state = SlotState::Missing;
                slot.reason = Some(format!(
                    "no current passage states it (only the superseded {id} does)"
                ));
            }
        } else if candidates.is_empty() {
            slot.state = SlotState::Missing;
            slot.reason = Some("no passage matches".into());
        } else {
            slot.state = SlotState::Missing;
            slot.reason = Some(
                j.rejection
                    .map_or_else(|| "no passage applies".to_string(), |r| r.reason()),
            );
        }
        // A passage that applies but states no value of the kind asked (the
        // bridge of a "what county?" question) is still the best evidence
        // there is: it leads the ranking, and the slot stays missing.
        if j.accepted.is_empty() && j.valueless && self.options.hops {
            if let Some(c) = j
                .applicable
                .first()
                .and_then(|(i, _, _)| candidates.get(*i))
            {
                lead(&mut ranked, c.doc);
            }
        }
        let hop = self.hop(task, output, &p.constraints, &s.wide, &ranked, &s.anchors);
        Outcome {
            slot,
            alternatives,
            ranked,
            hop,
        }
    }

    /// The facts of a cued attribute that answer an open question together
    /// ("what should Priya not eat?": the restrictions among the diet facts),
    /// when more than one does. So do those of a yes/no question that names
    /// the attribute in words no fact writes ("Is Priya allergic to
    /// anything?"): no one fact says yes or no to it, together they are
    /// what is known.
    fn facts(
        &self,
        frame: &Frame,
        output: &Output,
        j: &Judged,
        candidates: &[retrieve::Candidate],
    ) -> Option<Value> {
        let best = j.accepted.first()?;
        let cued = candidates.get(best.at).is_some_and(|c| c.cued);
        let verdict = frame.answer == Answer::YesNo && !j.attribute_unwritten;
        if *output != Output::Passage || !cued || verdict {
            return None;
        }
        let facts: Vec<Fact> = j
            .applicable
            .iter()
            .filter(|(i, _, negated)| {
                candidates.get(*i).is_some_and(|c| c.cued) && *negated == frame.negated
            })
            .filter_map(|(i, span, _)| {
                let p = self.index.passage(candidates.get(*i)?.doc)?;
                Some(Fact {
                    passage_id: p.id.clone(),
                    text: span.text.clone(),
                })
            })
            .collect();
        (facts.len() >= 2).then_some(Value::Facts { facts })
    }
}

impl Runner<'_> {
    /// A candidate linked to `doc` that names what `doc` does not of the
    /// question's names, in its title or in the sentence of the link: `doc`
    /// read with that as its source (names found there count as given; what
    /// is said of them must be in `doc`), when that reading is accepted.
    /// Only the first candidates are looked at.
    fn partner(
        &self,
        frame: &Frame,
        reader: &read::Reader,
        candidates: &[retrieve::Candidate],
        pairing: Pairing,
        ctx: Context,
    ) -> Option<(usize, read::Reading)> {
        let Pairing {
            doc,
            passage,
            speaking_of,
            of_subject,
        } = pairing;
        let title = self.index.title_entity(doc);
        candidates
            .iter()
            .enumerate()
            .take(PARTNERS)
            .filter(|(_, c)| c.doc != doc)
            .find_map(|(at, c)| {
                let link = self.link(c.doc, doc, speaking_of)?;
                // A proposal's page, read with the sentences of another page
                // that name it: what they say is said of the proposal ("the
                // Twilight series by Stephenie Meyer" and her page's birth
                // date answer "When was the writer of the Twilight series
                // born?"). Not for a passage asked for what it says ("What
                // happens if I submit a claim after the deadline?"), which
                // another page's words do not answer.
                let names_it = || {
                    of_subject
                        && self
                            .index
                            .mentions(c.doc)
                            .iter()
                            .any(|m| Some(m.entity) == title)
                };
                // Words borrowed to complete the question, not to pass a
                // share: the two say all of it ("a series of four *werewolf*
                // novels" is not the vampire series' author); else the
                // partner gives its names only.
                let saying = (speaking_of || names_it())
                    .then(|| reader.with_saying(&link).read(passage))
                    .filter(|r| speaking_of || r.topic >= accept::SAID_ELSEWHERE_MIN);
                let reading = saying.unwrap_or_else(|| reader.with_source(&link).read(passage));
                accept::judge(frame, &reading, ctx)
                    .ok()
                    .map(|()| (at, reading))
            })
    }

    /// True when page `doc` names a hop's value inside the byte range
    /// `within`: a mention of its page's `entity`, or (a thing with no page)
    /// its name written there.
    fn names_proposal(
        &self,
        doc: u32,
        hop: &Option<(String, Value)>,
        entity: Option<u32>,
        (s, e): (usize, usize),
    ) -> bool {
        if let Some(entity) = entity {
            return self
                .index
                .mentions(doc)
                .iter()
                .any(|m| m.entity == entity && m.start as usize >= s && (m.end as usize) <= e);
        }
        let (Some(p), Some((_, value))) = (self.index.passage(doc), hop) else {
            return false;
        };
        let within = p.text.get(s..e).unwrap_or("").lower();
        crate::analyze::word_at(&within, &super::display(value).lower()).is_some()
    }

    /// What page `from` says where it is linked to page `to`: its title
    /// and, when it names `to`, the sentences that do; when `to` names it,
    /// its first sentence (what it is), unless `speaking_of` asks for a page
    /// that names `to`. None when the two are not linked.
    fn link(&self, from: u32, to: u32, speaking_of: bool) -> Option<Passage> {
        let p = self.index.passage(from)?;
        let targets = self.index.own_entities(to);
        let spans: Vec<(usize, usize)> = self
            .index
            .mentions(from)
            .iter()
            .filter(|m| targets.contains(&m.entity))
            .map(|m| (m.start as usize, m.end as usize))
            .collect();
        let mut sentences = read::sentences(&p.text);
        let text: Vec<&str> = if spans.is_empty() {
            if speaking_of {
                return None;
            }
            let own = self.index.own_entities(from);
            if !self.index.forward(to).iter().any(|e| own.contains(e)) {
                return None;
            }
            sentences
                .next()
                .and_then(|(s, e)| p.text.get(s..e))
                .into_iter()
                .collect()
        } else {
            sentences
                .filter(|&(s, e)| spans.iter().any(|&(a, _)| a >= s && a < e))
                .filter_map(|(s, e)| p.text.get(s..e))
                .collect()
        };
        Some(Passage::new(&p.id, &p.title, text.join(" ")))
    }
}

/// The sentence of `text` that names `noun` (by stem: "festivals" names a
/// festival): `best` when it does, else, when `any` (the page of what the
/// question names), the first that does — unless `best` matches several of
/// the question's words (`strong`) and the page's first sentence says the
/// page is such a thing ("Tomas Varga … is a Hungarian film director": "He
/// was born in Szeged and studied … in Budapest" is quoted for "which film
/// director was born in Szeged and studied in Budapest?").
fn naming(
    text: &str,
    best: (usize, usize),
    noun: &str,
    any: bool,
    strong: bool,
) -> Option<(usize, usize)> {
    let stem = crate::analyze::stem(noun);
    let names = |(s, e): (usize, usize)| {
        crate::analyze::words(text.get(s..e).unwrap_or(""))
            .iter()
            .any(|w| crate::analyze::stem(&w.term) == stem)
    };
    let mut sentences = read::sentences(text).filter(|_| any).peekable();
    let defined = strong && sentences.peek().is_some_and(|&first| names(first));
    if names(best) || defined {
        return Some(best);
    }
    sentences.find(|&r| names(r))
}

/// A passage a partner is looked for: its document, its text, and whether
/// the partner must name it (a verification's, see [`Runner::partner`]).
struct Pairing<'p> {
    doc: u32,
    passage: &'p Passage,
    speaking_of: bool,
    /// The step asks for a page's title, or for a value a page states of
    /// its subject (a date, a number, a place, a person): a partner's
    /// sentences that name the page say things of it (see
    /// [`Runner::partner`]).
    of_subject: bool,
}

/// The question's names split into the hop's key and the others. A name
/// that runs on into the key ("… studied music in Glasgow Iona Fraser", a
/// verification's clause with its proposal after it) is the two names.
fn split_key(question: &str, names: &[Range], key: &str) -> (Vec<Range>, Vec<Range>) {
    let (mut joined, mut others) = (Vec::new(), Vec::new());
    for &(s, e) in names {
        let Some(name) = question.get(s..e) else {
            continue;
        };
        if name.eq_ignore_ascii_case(key) {
            joined.push((s, e));
            continue;
        }
        let cut = e.saturating_sub(key.len());
        let ends_in_key = cut > s
            && question.is_char_boundary(cut)
            && question
                .get(cut..e)
                .is_some_and(|k| k.eq_ignore_ascii_case(key))
            && question.get(..cut).is_some_and(|b| b.ends_with(' '));
        match question.get(s..cut).map(str::trim_end) {
            Some(before) if ends_in_key && !before.is_empty() => {
                joined.push((cut, e));
                others.push((s, s + before.len()));
            }
            _ => others.push((s, e)),
        }
    }
    (joined, others)
}

/// True when `task` verifies a proposal: it asks its part's question as
/// written about the step before's value ("Who directed X? {q1}", see
/// `decompose::chain`'s `bridged`), whose value is the answer.
fn verifies(task: &Task) -> bool {
    task.label.as_deref().is_some_and(|label| {
        !placeholders(&task.question).is_empty()
            && crate::plan::without_placeholders(&task.question).trim()
                == label.trim_end_matches(['?', '.', ' ']).trim()
    })
}

/// In a verification of a proposed person, a sentence that names the
/// proposal ("directed by Tomas Varga and written by Judit Halasz" for Tomas
/// Varga) verifies it: another person it names is not the one asked for,
/// and the value is the sentence. A sentence that does not name the
/// proposal keeps its value (the proposal may be of another kind).
fn proposal_only(found: &mut [(Value, Span)], frame: &Frame, key: &str, sentence: &Span) {
    if frame.answer != Answer::Person {
        return;
    }
    let key = super::head::normalized(key);
    let said = format!(" {} ", super::head::normalized(&sentence.text));
    if key.is_empty() || !said.contains(&format!(" {key} ")) {
        return;
    }
    for (value, span) in found.iter_mut() {
        if let Value::Stated {
            kind,
            value: stated,
            passage_id,
            ..
        } = value
        {
            if kind == "person" && super::head::normalized(stated) != key {
                *value = Value::Passage {
                    passage_id: passage_id.clone(),
                    text: sentence.text.clone(),
                };
                *span = sentence.clone();
            }
        }
    }
}

/// True when `question` names a page's title (without its qualifier:
/// "Harbour Lights (album)" is named by "Harbour Lights").
fn names_title(question: &str, title: &str) -> bool {
    let short = title.split(" (").next().unwrap_or(title).trim();
    !short.is_empty() && question.lower().contains(&short.lower())
}

/// Moves `doc` to the head of a slot's ranking.
fn lead(ranked: &mut Vec<(u32, f64)>, doc: u32) {
    ranked.retain(|(d, _)| *d != doc);
    ranked.insert(0, (doc, 1.0));
}

fn alternatives_support(j: &Judged) -> Vec<f32> {
    let mut seen: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for a in &j.accepted {
        if let Some((k, _, _)) = chain::key_of(&a.value) {
            if !seen.iter().any(|s| s == k) {
                seen.push(k.to_string());
                out.push(a.support);
            }
        }
    }
    out
}

impl Runner<'_> {
    /// The ranking of a chain's whole clause (its label), for the merged
    /// context only: a chain whose follow step finds nothing, or a wrong
    /// bridge, must not lose the passages the clause itself reaches. Reads no
    /// passage and decides nothing; returns (ranking, hops).
    pub(super) fn context(&mut self, task: &Task) -> Option<(Scored, Scored)> {
        let label = task.label.clone()?;
        let constraints: Constraints = task
            .constraints
            .iter()
            .filter(|(_, v)| placeholders(v).is_empty())
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let whole = Task {
            id: task.id.clone(),
            kind: TaskKind::Retrieve,
            question: label.clone(),
            constraints: constraints.clone(),
            output: Some(Output::Passage),
            op: None,
            depends_on: Vec::new(),
            label: None,
        };
        let prepared = Prepared {
            question: label.clone(),
            constraints: constraints.clone(),
            hop: None,
            slot: slot_for(&whole, label, constraints.clone(), Output::Passage),
        };
        let s = self.search(&whole, &Output::Passage, &prepared, &ByTask::new());
        let top = s
            .found
            .candidates
            .first()
            .map_or(1.0, |c| c.score.max(1e-6));
        let ranked: Vec<(u32, f64)> = s
            .found
            .candidates
            .iter()
            .map(|c| (c.doc, f64::from(c.score / top)))
            .collect();
        let hop = self.hop(
            &whole,
            &Output::Passage,
            &constraints,
            &s.wide,
            &ranked,
            &s.anchors,
        );
        Some((ranked, hop))
    }

    /// The passages a passage slot reaches through mention edges, the
    /// feedback round and the bridge round, minus the slot's own best passage
    /// (already placed by the merge).
    fn hop(
        &mut self,
        task: &Task,
        output: &Output,
        constraints: &Constraints,
        wide: &retrieve::Retrieval,
        ranked: &[(u32, f64)],
        anchors: &[u32],
    ) -> Vec<(u32, f64)> {
        if !self.options.hops || *output != Output::Passage {
            return Vec::new();
        }
        let admission = retrieve::Admission::new(self.index, self.scope, constraints);
        let keep = |doc: u32| admission.admits(doc);
        let best = ranked.first().map(|(d, _)| *d);
        let hop_keep = |doc: u32| Some(doc) != best && keep(doc);
        let found: Vec<(u32, f64, u32)> = retrieve::hops(
            self.index,
            &wide.query,
            &wide.candidates,
            anchors,
            &hop_keep,
            self.options.pool,
        );
        if let Some((to, _, from)) = found.first() {
            let id = |d: u32| {
                self.index
                    .passage(d)
                    .map(|p| p.id.clone())
                    .unwrap_or_default()
            };
            let message = format!("follows mentions: {} → {}", id(*from), id(*to));
            note(&mut self.trace, "retrieve", Some(&task.id), message);
        }
        let top = found.first().map_or(1.0, |h| h.1.max(1e-9));
        let mut list: Vec<(u32, f64)> = found
            .into_iter()
            .map(|(d, score, _)| (d, score / top))
            .collect();
        let Some(parent) = best else {
            return list;
        };
        let pool = self.options.pool;
        let add = |list: &mut Vec<(u32, f64)>, doc: u32, score: f64| match list
            .iter_mut()
            .find(|(d, _)| *d == doc)
        {
            Some(e) => e.1 = e.1.max(score),
            None => list.push((doc, score)),
        };
        // The feedback round: the question plus the best passage's rarest terms.
        for (doc, score) in
            retrieve::feedback(self.index, &wide.query, parent, &self.bm25, &keep, pool)
        {
            add(&mut list, doc, score);
        }
        // The bridge round: the question plus the names the best passage gives
        // its answer by, ranked after what the edges and feedback reached.
        if let Some(p) = self.index.passage(parent) {
            let terms: Vec<String> = wide.query.iter().map(|q| q.term.clone()).collect();
            let names = extract::bridge_names(p, &terms);
            for (doc, score) in retrieve::bridge(
                self.index,
                &wide.query,
                parent,
                &names,
                &self.bm25,
                &keep,
                pool,
            ) {
                add(&mut list, doc, score * retrieve::BRIDGE_WEIGHT);
            }
        }
        crate::order::sort_by(&mut list, |a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        list
    }

    /// Terms a good candidate should contain: the resolved user's name and the
    /// IDs earlier hops supplied.
    fn focus(&self, question: &str, task: &Task, values: &ByTask<Value>) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        if let Some(user) = self.scope.user.as_deref().filter(|u| !u.trim().is_empty()) {
            if crate::analyze::fold::lower_str(question)
                .contains(&crate::analyze::fold::lower_str(user))
            {
                names.push(user.to_string());
            }
        }
        for d in &task.depends_on {
            if let Some((id, _, _)) = values.get(d).and_then(chain::key_of) {
                if task.question.contains(&placeholder(d)) {
                    names.push(id.to_string());
                }
            }
        }
        names
            .iter()
            .flat_map(|n| retrieve::query_terms(n))
            .collect()
    }

    /// Why a document constraint cannot be met, if it cannot.
    fn unreachable_doc(&self, doc: &str) -> Option<String> {
        let entity = self.index.resolve(doc)?;
        let owners = self.index.owners(entity);
        if owners.is_empty() {
            return Some(format!("document {doc} is not in the index"));
        }
        let readable = owners.iter().any(|&d| {
            self.index
                .passage(d)
                .is_some_and(|p| self.scope.may_read(p))
        });
        (!readable).then(|| format!("access: document {doc} is outside the allowed access levels"))
    }

    pub(super) fn evidence(&self, doc: u32, score: f32, span: Span) -> Evidence {
        let p = self.index.passage(doc);
        Evidence {
            passage_id: p.map(|p| p.id.clone()).unwrap_or_default(),
            title: p.map(|p| p.title.clone()).unwrap_or_default(),
            url: p.and_then(|p| p.url.clone()),
            score: round(f64::from(score)),
            span,
            text: p.map(|p| p.text.clone()).unwrap_or_default(),
            superseded: p.is_some_and(|p| p.is_superseded()),
        }
    }

    fn edge(
        &self,
        from: &str,
        task: &Task,
        value: &Value,
        to: u32,
        broken: Option<&Broken>,
    ) -> Edge {
        let (key, key_type, from_passage) = chain::key_of(value).unwrap_or(("", "", ""));
        let span = match value {
            Value::Entity { span, .. } | Value::Document { span, .. } => span.clone(),
            _ => Span {
                start: 0,
                end: 0,
                text: String::new(),
            },
        };
        Edge {
            from_slot: from.to_string(),
            to_slot: task.id.clone(),
            from_passage: from_passage.to_string(),
            to_passage: self
                .index
                .passage(to)
                .map(|p| p.id.clone())
                .unwrap_or_default(),
            key: key.to_string(),
            key_type: key_type.to_string(),
            span,
            valid: broken.is_none(),
            reason: broken.map(|b| b.reason.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(question: &str, label: &str) -> Task {
        Task {
            id: "q2".into(),
            kind: TaskKind::Retrieve,
            question: question.into(),
            constraints: Constraints::new(),
            output: None,
            op: None,
            depends_on: vec!["q1".into()],
            label: Some(label.into()),
        }
    }

    #[test]
    fn a_name_running_on_into_the_key_is_two_names() {
        let q = "Which member studied music in Glasgow Iona Fraser";
        let glasgow = q.find("Glasgow").unwrap();
        let (joined, others) = split_key(q, &[(glasgow, q.len())], "Iona Fraser");
        let text = |r: &[(usize, usize)]| r.iter().map(|&(s, e)| &q[s..e]).collect::<Vec<_>>();
        assert_eq!(text(&joined), ["Iona Fraser"]);
        assert_eq!(text(&others), ["Glasgow"]);
        // The key alone, and a name that only ends in the key's letters.
        let (joined, others) = split_key(q, &[(q.len() - 11, q.len())], "Iona Fraser");
        assert_eq!((text(&joined), others.len()), (vec!["Iona Fraser"], 0));
        let q = "Who taught MacFraser";
        let (joined, others) = split_key(q, &[(11, q.len())], "Fraser");
        assert_eq!((joined.len(), others), (0, vec![(11, q.len())]));
    }

    #[test]
    fn a_verification_asks_its_part_as_written_about_the_proposal() {
        let label = "Who directed The Lantern Keeper?";
        assert!(verifies(&task(
            "Who directed The Lantern Keeper {q1}",
            label
        )));
        // A hop that asks something else of the step before's value.
        assert!(!verifies(&task("When was {q1} born?", label)));
        assert!(!verifies(&task(label, label)));
    }

    #[test]
    fn a_sentence_that_names_the_proposal_verifies_it() {
        let text = "The Lantern Keeper is a 2004 drama film directed by Tomas Varga and written by Judit Halasz.";
        let sentence = Span {
            start: 0,
            end: text.len(),
            text: text.into(),
        };
        let stated = |who: &str| {
            let at = text.find(who).unwrap();
            let span = Span {
                start: at,
                end: at + who.len(),
                text: who.into(),
            };
            vec![(
                Value::Stated {
                    kind: "person".into(),
                    value: who.into(),
                    passage_id: "lantern-keeper".into(),
                    span: span.clone(),
                    sentence: text.into(),
                },
                span,
            )]
        };
        let who = frame::frame("Who directed The Lantern Keeper?", Strictness::Question);
        // Another person of the sentence is not the proposal's answer.
        let mut found = stated("Judit Halasz");
        proposal_only(&mut found, &who, "Tomas Varga", &sentence);
        assert!(matches!(&found[0].0, Value::Passage { text: t, .. } if t == text));
        assert_eq!(found[0].1, sentence);
        // The proposal itself stays.
        let mut found = stated("Tomas Varga");
        proposal_only(&mut found, &who, "Tomas Varga", &sentence);
        assert!(matches!(&found[0].0, Value::Stated { value, .. } if value == "Tomas Varga"));
        // A sentence that does not name the proposal keeps its value.
        let mut found = stated("Judit Halasz");
        proposal_only(&mut found, &who, "Elena Sorensen", &sentence);
        assert!(matches!(&found[0].0, Value::Stated { value, .. } if value == "Judit Halasz"));
    }
}
