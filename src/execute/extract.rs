//! Stage 6 — execute: reading a slot's value out of one passage.
//!
//! Guarantees: every value comes with the span that states it (a sentence, a
//! duration phrase, an entity or document mention); a passage that does not
//! state a value of the requested type gives `None`, never a guess.

use super::head::{self, normalized, Head};
use super::kind;
use super::read::{self, Reading};
use crate::analyze;
use crate::analyze::fold::Lower;
use crate::compute::duration;
use crate::decompose::frame::{Answer, Frame};
use crate::index::Index;
use crate::model::{Output, Passage, Range, Span, Value, DOC_TYPE, TITLE_TYPE};

/// Byte ranges of the query's terms inside a text.
fn matches(text: &str, query: &[String]) -> Vec<(usize, usize)> {
    analyze::passage_terms(text)
        .into_iter()
        .filter(|t| query.contains(&t.term))
        .map(|t| (t.start, t.end))
        .collect()
}

/// The range as a span without its surrounding whitespace.
pub fn trimmed_span(text: &str, (s, e): (usize, usize)) -> Span {
    let slice = text.get(s..e).unwrap_or("");
    let lead = slice.len() - slice.trim_start().len();
    let trail = slice.len() - slice.trim_end().len();
    analyze::char_span(text, s + lead, e - trail)
}

/// The sentence that matches the most query terms (earliest on ties).
pub fn best_sentence(text: &str, query: &[String]) -> Span {
    let hits = matches(text, query);
    let best = super::read::sentences(text)
        .max_by_key(|&(s, e)| {
            let n = hits.iter().filter(|(a, _)| *a >= s && *a < e).count();
            (n, std::cmp::Reverse(s))
        })
        .unwrap_or((0, text.len()));
    trimmed_span(text, best)
}

/// The names a passage gives the bridge value by: the terms of capitalized
/// words in the sentence that best matches the question (the one that
/// answers its inner clause), minus the question's terms and the passage's
/// own title terms. "Jump for Glory is a 1937 British film directed by Raoul
/// Walsh …" gives `british`, `raoul`, `walsh`, …. Text without capitals
/// (CJK) gives none.
pub fn bridge_names(p: &Passage, query: &[String]) -> Vec<String> {
    let sentence = best_sentence(&p.text, query).text;
    let title: Vec<String> = analyze::terms(&p.title)
        .into_iter()
        .map(|t| t.term)
        .collect();
    let mut out: Vec<String> = Vec::new();
    for t in analyze::terms(&sentence) {
        let capital = sentence
            .get(t.start..)
            .and_then(|r| r.chars().next())
            .is_some_and(char::is_uppercase);
        if capital && !query.contains(&t.term) && !title.contains(&t.term) && !out.contains(&t.term)
        {
            out.push(t.term);
        }
    }
    out
}

fn distance(range: (usize, usize), hits: &[(usize, usize)]) -> usize {
    hits.iter()
        .map(|&(a, b)| {
            if b <= range.0 {
                range.0 - b
            } else {
                a.saturating_sub(range.1)
            }
        })
        .min()
        .unwrap_or(usize::MAX)
}

/// Candidate values of the requested type in one passage, best first: those
/// stated in the sentence the [`Reading`] found answering come first; a
/// passage value is that sentence.
pub fn values(
    index: &Index,
    doc: u32,
    p: &Passage,
    output: &Output,
    reading: &Reading,
    frame: &Frame,
) -> Result<Vec<(Value, Span)>, Unpaged> {
    let text = p.text.as_str();
    let (s, e) = reading.sentence;
    let in_sentence = |byte: usize| byte >= s && byte < e;
    match output {
        Output::Passage | Output::Result => {
            let span = trimmed_span(text, reading.sentence);
            Ok(match stated_value(index, doc, p, reading, frame, &span) {
                Some(v) => vec![(v, span)],
                // "When are claims paid?" — "within 5 working days after approval".
                None if frame.answer == Answer::Date => {
                    values(index, doc, p, &Output::Duration, reading, frame)?
                }
                // A year, date or number the sentence does not state: no value.
                None if matches!(frame.answer, Answer::Year | Answer::Date | Answer::Number) => {
                    Vec::new()
                }
                // "What novel …?" answered by the novel's own page: its title.
                None => {
                    let name = super::subject::subject(p, frame)
                        .or_else(|| super::subject::named_with_kind(text, reading.sentence, frame));
                    let value = match name {
                        Some(name) => Value::Stated {
                            kind: "name".into(),
                            value: name.text.clone(),
                            passage_id: p.id.clone(),
                            span: name,
                            sentence: span.text.clone(),
                        },
                        // "In which town …?" asks a place's name: a sentence
                        // that names none does not answer it ("where do I
                        // find …?" may be answered by one).
                        None if frame.answer == Answer::Place
                            && kind::asked_noun(&frame.question).is_some() =>
                        {
                            return Ok(Vec::new());
                        }
                        None => Value::Passage {
                            passage_id: p.id.clone(),
                            text: span.text.clone(),
                        },
                    };
                    vec![(value, span)]
                }
            })
        }
        Output::Duration => {
            let mut found = duration::durations(text);
            let byte = |d: &crate::model::Duration| {
                text.char_indices().nth(d.span.start).map_or(0, |(b, _)| b)
            };
            // The answering sentence's durations first, then in text order.
            crate::order::sort_by_key(&mut found, |d| {
                (!in_sentence(byte(d)), d.span.start, d.span.end)
            });
            // No amount in the answering sentence: its duration said by its
            // unit alone ("it takes seconds"), which nothing computes, comes
            // before an amount another sentence states ("deleted after 30
            // days").
            if !found.first().is_some_and(|d| in_sentence(byte(d))) {
                if let Some(vague) = unit_alone(p, reading) {
                    return Ok(vec![vague]);
                }
            }
            Ok(found
                .into_iter()
                .map(|d| {
                    let span = d.span.clone();
                    (
                        Value::Duration {
                            amount: d.amount,
                            unit: d.unit,
                            start: d.start,
                            text: d.span.text,
                        },
                        span,
                    )
                })
                .collect())
        }
        Output::Entity { entity_type } => linked(
            index,
            doc,
            p,
            reading,
            frame,
            Want::Entity(entity_type.as_deref()),
        ),
        Output::Document => {
            let own = p.meta_str("doc").unwrap_or_default();
            linked(index, doc, p, reading, frame, Want::Document(&own))
        }
    }
}

/// The first duration the answering sentence states by its unit alone
/// ([`crate::compute::unit_alone`]), as a stated value quoted with its
/// sentence.
fn unit_alone(p: &Passage, reading: &Reading) -> Option<(Value, Span)> {
    let (s, e) = reading.sentence;
    let sentence = p.text.get(s..e)?;
    let (a, b) = crate::compute::unit_alone::phrases(sentence)
        .into_iter()
        .next()?;
    let span = analyze::char_span(&p.text, s + a, s + b);
    let value = Value::Stated {
        kind: "duration".into(),
        value: span.text.clone(),
        passage_id: p.id.clone(),
        span: span.clone(),
        sentence: trimmed_span(&p.text, reading.sentence).text,
    };
    Some((value, span))
}

/// A title follow's passage names the described thing, and the thing has no
/// page ("guitarist Sean Dalgleish"): no other page's title is it either.
/// The thing is its name, with the span that states it.
#[derive(Debug)]
pub struct Unpaged(pub Box<(Value, Span)>);

/// The value a typed question asks for, as the answering sentence states it.
fn stated_value(
    index: &Index,
    doc: u32,
    p: &Passage,
    reading: &Reading,
    frame: &Frame,
    sentence: &Span,
) -> Option<Value> {
    let kind = match frame.answer {
        Answer::Year => "year",
        Answer::Date => "date",
        Answer::Number => "number",
        Answer::Person => "person",
        Answer::Place => "place",
        _ => return None,
    };
    let linked: Vec<(usize, usize)> = index
        .mentions(doc)
        .iter()
        .map(|m| (m.start as usize, m.end as usize))
        .collect();
    // Names that cannot be the value: the question's own, and (for a person
    // or a place) the sentence's titles whose pages say they are of another
    // kind ("Harbour Nights" is a sitcom, no "who").
    let mut given: Vec<String> = frame
        .names
        .iter()
        .filter_map(|&(s, e)| frame.question.get(s..e))
        .map(crate::analyze::fold::lower_str)
        .collect();
    if let Some(asked) = kind::asked(&frame.question, frame.answer)
        .filter(|_| matches!(frame.answer, Answer::Person | Answer::Place))
    {
        let (s, e) = reading.sentence;
        for m in index.mentions(doc) {
            if (m.start as usize) >= s
                && (m.end as usize) <= e
                && index.is_title(m.entity)
                && !page_fits(index, m.entity, &asked)
            {
                given.push(crate::index::Catalog::span(&p.text, m).text.lower());
            }
        }
    }
    let asked = super::stated::Asked {
        answer: frame.answer,
        life: super::life::asked(&frame.question),
        other_event: super::life::names_other_event(&frame.question),
        doer: kind::doer_verb(frame),
    };
    let found = super::stated::stated(
        asked,
        &p.text,
        reading.sentence,
        reading.clause,
        &reading.anchors,
        &linked,
        &given,
    )?;
    // A name the question writes is never its answer, even one the frame does
    // not take for a name ("Who was a leader of the Democratic-Republican
    // Party?" is not answered "Democratic-Republican Party").
    let question = frame.question.lower();
    if matches!(frame.answer, Answer::Person | Answer::Place)
        && analyze::word_at(&question, &found.text.lower()).is_some()
    {
        return None;
    }
    Some(Value::Stated {
        kind: kind.into(),
        value: found.text,
        passage_id: p.id.clone(),
        span: analyze::char_span(&p.text, found.start, found.end),
        sentence: sentence.text.clone(),
    })
}

/// Which mentions [`linked`] reads values from.
#[derive(Clone, Copy)]
enum Want<'a> {
    /// Declared entities (of this type, when given).
    Entity(Option<&'a str>),
    /// Document IDs other than the passage's own.
    Document(&'a str),
}

/// Values read off the passage's entity mentions, one per key. Ranked: the
/// mentions in the answering clause or in a clause that holds the head noun
/// (or the verb of an agent noun), nearest the head first ("…to feature drummer *Scott Travis*" for "which drummer …"); for a
/// title, then the passage's own title when the clause names no other thing
/// (the page is the thing described: "the actress who made her debut in X");
/// then the rest of the sentence, then the others. A name the question
/// itself gives is never a value.
fn linked(
    index: &Index,
    doc: u32,
    p: &Passage,
    reading: &Reading,
    frame: &Frame,
    want: Want,
) -> Result<Vec<(Value, Span)>, Unpaged> {
    let given = head::given(frame);
    let is_given = |name: &str| {
        let n = normalized(name);
        !n.is_empty() && given.contains(&n)
    };
    let titles = matches!(want, Want::Entity(Some(t)) if t.eq_ignore_ascii_case(TITLE_TYPE));
    let found_head = Head::find(frame, p);
    if let Some((s, e)) = found_head.unpaged(index, doc, p, &given) {
        if !titles {
            return Ok(Vec::new());
        }
        let span = analyze::char_span(&p.text, s, e);
        let value = Value::Entity {
            id: span.text.clone(),
            entity_type: crate::model::NAME_TYPE.to_string(),
            passage_id: p.id.clone(),
            span: span.clone(),
        };
        return Err(Unpaged(Box::new((value, span))));
    }
    let mentions = index.mentions(doc);
    let head: Vec<usize> = found_head.at.iter().map(|&(start, _)| start).collect();
    // The clauses that hold the head: "Cartoonist Matt Groening created and
    // designed her" answers "the creator of Lisa Simpson" wherever the
    // passage names Lisa Simpson best.
    let head_clauses: Vec<(usize, usize)> = read::sentences(&p.text)
        .flat_map(|s| with_appositives(&p.text, read::clauses(&p.text, s), &head))
        .collect();
    let own = index.title_entity(doc);
    // A title of another kind than the one asked is not the thing ("a BBC
    // sitcom written by who?" is not answered by the sitcom).
    let asked = kind::asked(&frame.question, frame.answer).filter(|_| titles);
    // Nor is one whose page gives it another nationality than the
    // description ("the Hungarian writer of Salt Roads" is not its Danish
    // director).
    let nationality = if titles {
        head::nationality(frame)
    } else {
        Vec::new()
    };
    // Nor one whose page says it is another of a series ("the third studio
    // album" for "his first solo album").
    let ranks = super::ordinal::Asked::of(&frame.question);
    let mut found: Vec<(usize, Value, Span)> = Vec::new();
    // Whether each found mention's page holds the role asked (`None`:
    // unknown, no page or no role).
    let mut fits: Vec<Option<bool>> = Vec::new();
    // The entity of each found mention.
    let mut entities: Vec<u32> = Vec::new();
    // The titles the passage links, then (when it links none that is
    // taken) the titles it writes short ([`super::complete`]).
    let mut completed = None;
    for short in [false, true] {
        let list: &[crate::index::Mention] = if !short {
            mentions
        } else if titles && found.is_empty() {
            completed.insert(super::complete::completed_titles(
                index,
                doc,
                p,
                frame,
                reading.sentence,
            ))
        } else {
            break;
        };
        for m in list {
            let Some(e) = index.entity(m.entity) else {
                continue;
            };
            let span = crate::index::Catalog::span(&p.text, m);
            if is_given(&span.text) || is_given(&e.id) {
                continue;
            }
            if let Some(asked) = &asked {
                if !page_fits(index, m.entity, asked) {
                    continue;
                }
            }
            // Said on its page, or just before it is named ("the Scottish band
            // The Tidewalkers").
            let written_before = p.text.get(..m.start as usize).unwrap_or("");
            if !nationality.is_empty()
                && (other_nationality(index, m.entity, &nationality)
                    || head::written_other_nationality(written_before, &nationality))
            {
                continue;
            }
            if titles && other_rank(index, m.entity, &ranks) {
                continue;
            }
            let role = found_head.role.as_deref().filter(|_| titles);
            let fit = role.and_then(|role| page_role(index, m.entity, role));
            if fit.is_some_and(|f| f.conflicts) {
                continue;
            }
            let value = match want {
                Want::Entity(kind) => {
                    let wanted = kind.is_none_or(|t| e.kind.eq_ignore_ascii_case(t));
                    let structural = e.kind == TITLE_TYPE || e.kind == DOC_TYPE;
                    if !wanted || (structural && !titles) || Some(m.entity) == own {
                        continue;
                    }
                    Value::Entity {
                        id: e.id.clone(),
                        entity_type: e.kind.clone(),
                        passage_id: p.id.clone(),
                        span: span.clone(),
                    }
                }
                Want::Document(own) => {
                    if e.kind != DOC_TYPE || e.id.eq_ignore_ascii_case(own) {
                        continue;
                    }
                    Value::Document {
                        id: e.id.clone(),
                        passage_id: p.id.clone(),
                        span: span.clone(),
                    }
                }
            };
            let range = (m.start as usize, m.end as usize);
            let near_head = head
                .iter()
                .map(|&h| {
                    if h <= range.0 {
                        range.0 - h
                    } else {
                        2 * (h - range.0)
                    }
                })
                .min()
                .unwrap_or(0);
            let within = |(s, e): (usize, usize)| range.0 >= s && range.1 <= e;
            let rank = if within(reading.clause) || head_clauses.iter().any(|&c| within(c)) {
                near_head
            } else if within(reading.sentence) {
                OWN_TITLE + 1 + distance(range, &[reading.clause])
            } else if titles && !head_clauses.is_empty() {
                // The passage states the relation elsewhere ("founded … by Jean
                // Cowie", who has no page): a title further away is not the thing.
                continue;
            } else {
                usize::MAX / 2 + distance(range, &[reading.clause])
            };
            found.push((rank, value, span));
            entities.push(m.entity);
            fits.push(fit.map(|f| f.holds));
        }
    }
    // A page that says it holds the role asked rules out those that say
    // they hold only others ("the drummer who played on Harbour Lights" is
    // the drummer the album names, not its singer, even when the drummer's
    // page cannot answer the rest).
    if fits.contains(&Some(true)) {
        let keep: Vec<bool> = fits.iter().map(|f| *f != Some(false)).collect();
        let mut kept = keep.iter();
        found.retain(|_| kept.next().copied().unwrap_or(true));
        let mut kept = keep.iter();
        entities.retain(|_| kept.next().copied().unwrap_or(true));
    }
    // The page itself is a candidate after every name in the answering
    // clause, and before them when its first sentence says it is the head's
    // kind ([`Head::defines`]).
    if titles {
        // The anchor's own page is never the thing it describes ("the
        // producer of Harbour Lights" is not "Harbour Lights (album)").
        let base = crate::index::catalog::title_base(&p.title).unwrap_or(&p.title);
        let defined = kind::defined(&p.text);
        let fits = || asked.as_ref().is_none_or(|a| kind::fits(a, &defined));
        // The page is the thing only if it says so: it is of the kind
        // asked, or it writes the head noun outside the names the question
        // gives (not "keeper" inside "The Lantern Keeper" for "the
        // lighthouse keeper in The Lantern Keeper"). A role says more than
        // a kind: a page that says it is a singer is no drummer's, and a
        // writer's is an author's.
        let inside_given = |(s, e): (usize, usize)| {
            mentions.iter().any(|m| {
                (m.start as usize) <= s
                    && e <= m.end as usize
                    && is_given(&crate::index::Catalog::span(&p.text, m).text)
            })
        };
        let of_kind = match &found_head.role {
            Some(role) => kind::defining_heads(&p.text)
                .iter()
                .any(|h| kind::same_role(role, h)),
            None => asked.as_ref().is_some_and(|a| kind::is_of(a, &defined)),
        };
        let about =
            || !found_head.described || of_kind || found_head.at.iter().any(|&r| !inside_given(r));
        if let Some(e) = own.and_then(|t| index.entity(t)).filter(|e| {
            !is_given(&e.id)
                && !is_given(base)
                && !is_given(&p.title)
                && fits()
                && about()
                && (nationality.is_empty() || !head::other_nationality(&p.text, &nationality))
                && !ranks.page_conflict(&p.text)
        }) {
            // A page that says it is the head's kind is the thing before any
            // name it mentions ("Harbour Lights is the third studio album by
            // The Tidewalkers" for "which album features …"); one that does
            // not say what it is comes after a name in the answering
            // sentence whose page says it is of the kind asked ("Mara Quill,
            // the festival's youngest performer, fainted …" on the
            // festival's page, for "which singer fainted …?").
            let sentence_names_kind = || {
                asked.as_ref().is_some_and(|a| {
                    !kind::is_of(a, &defined)
                        && found.iter().zip(&entities).any(|((rank, _, _), &e)| {
                            *rank < usize::MAX / 2 && named_of(index, e, a)
                        })
                })
            };
            let rank = if found_head.defines(p) {
                0
            } else if sentence_names_kind() {
                usize::MAX / 2 - 1
            } else {
                OWN_TITLE
            };
            found.push((
                rank,
                Value::Entity {
                    id: e.id.clone(),
                    entity_type: e.kind.clone(),
                    passage_id: p.id.clone(),
                    span: analyze::char_span(&p.title, 0, p.title.len()),
                },
                analyze::char_span(&p.text, reading.sentence.0, reading.sentence.1),
            ));
        }
    }
    let key = |v: &Value| crate::chain::key_of(v).map(|(k, _, _)| k.to_string());
    crate::order::sort_by(&mut found, |a, b| {
        (a.0, a.2.start, a.2.end)
            .cmp(&(b.0, b.2.start, b.2.end))
            .then_with(|| key(&a.1).cmp(&key(&b.1)))
    });
    Ok(dedup(found))
}

/// The clauses of one sentence that hold a head, each with the clause before
/// it when the head's clause is a noun phrase set beside it ("Kirby
/// Puckett, the team's franchise player, …": the name before the comma is
/// the player).
fn with_appositives(
    text: &str,
    clauses: Vec<(usize, usize)>,
    head: &[usize],
) -> Vec<(usize, usize)> {
    let holds = |(s, e): (usize, usize)| head.iter().any(|&h| h >= s && h < e);
    let mut out = Vec::new();
    for (k, &c) in clauses.iter().enumerate() {
        if !holds(c) {
            continue;
        }
        let before = k.checked_sub(1).and_then(|b| clauses.get(b));
        if let Some(&b) = before.filter(|&&b| !holds(b) && appositive(text, b, c)) {
            out.push(b);
        }
        out.push(c);
    }
    out
}

/// True when clause `c` is a noun phrase set beside the clause `b` just
/// before it: a comma between them, and `c` opens with an article or a
/// possessive ("the team's franchise player", "its founder").
fn appositive(text: &str, b: (usize, usize), c: (usize, usize)) -> bool {
    let between = text.get(b.1..c.0).unwrap_or("");
    let opening = text
        .get(c.0..c.1)
        .unwrap_or("")
        .split_whitespace()
        .next()
        .unwrap_or("")
        .lower();
    between.trim() == ","
        && (matches!(
            opening.as_str(),
            "the" | "a" | "an" | "its" | "his" | "her" | "their"
        ) || opening.ends_with("'s"))
}

/// True unless the entity's page (when loaded) says it is of another kind
/// than `asked` ([`kind::fits`]).
fn page_fits(index: &Index, entity: u32, asked: &[kind::Class]) -> bool {
    page_of(index, entity).is_none_or(|page| kind::fits(asked, &kind::defined(&page.text)))
}

/// True when the entity's page (when loaded) says it is of the kind asked.
fn named_of(index: &Index, entity: u32, asked: &[kind::Class]) -> bool {
    page_of(index, entity).is_some_and(|p| kind::is_of(asked, &kind::defined(&p.text)))
}

/// The things passage `doc` names whose pages say they are of the kind
/// asked ("the English indie band The Greywell Sisters" on an album's page,
/// for "which band …?").
pub fn named_of_kind(index: &Index, doc: u32, asked: &[kind::Class]) -> Vec<u32> {
    index
        .mentions(doc)
        .iter()
        .map(|m| m.entity)
        .filter(|&e| named_of(index, e, asked))
        .collect()
}

/// True when an entity's page (when loaded) puts another ordinal on the
/// question's noun ([`super::ordinal::Asked::page_conflict`]).
fn other_rank(index: &Index, entity: u32, ranks: &super::ordinal::Asked) -> bool {
    page_of(index, entity).is_some_and(|p| ranks.page_conflict(&p.text))
}

/// True when an entity's page (when loaded) gives it nationalities and
/// shares none with `nationality` ([`head::other_nationality`]).
fn other_nationality(index: &Index, entity: u32, nationality: &[String]) -> bool {
    page_of(index, entity).is_some_and(|p| head::other_nationality(&p.text, nationality))
}

/// True when the sentence `range` (bytes) of passage `doc` speaks of things
/// of the kind asked that have pages (the passage's own subject, when its
/// page is of that kind, and the things it names), and every one of those
/// pages gives another nationality than `nationality`: "drummer Iona
/// Fraser" answers no "Which English drummer …?" when her page calls her
/// Scottish, and neither does a sentence on her own page.
pub fn names_only_other_nationality(
    index: &Index,
    doc: u32,
    range: Range,
    asked: &[kind::Class],
    nationality: &[String],
) -> bool {
    let named = index
        .mentions(doc)
        .iter()
        .filter(|m| range.0 <= m.start as usize && m.end as usize <= range.1)
        .filter_map(|m| page_of(index, m.entity));
    let mut of_kind = index
        .passage(doc)
        .into_iter()
        .chain(named)
        .filter(|page| kind::is_of(asked, &kind::defined(&page.text)))
        .peekable();
    of_kind.peek().is_some() && of_kind.all(|page| head::other_nationality(&page.text, nationality))
}

/// The entity's own page, when one is loaded.
pub(super) fn page_of(index: &Index, entity: u32) -> Option<&Passage> {
    index.owners(entity).iter().find_map(|&d| index.passage(d))
}

/// What an entity's page (when loaded) says of the role asked.
#[derive(Clone, Copy)]
struct RoleFit {
    /// One of its roles is the role asked ([`kind::same_role`]).
    holds: bool,
    /// It holds only roles known to differ ([`kind::other_role`]): "a
    /// novelist" is not the page that says "… is a Danish film director",
    /// while a "poet" may be the page of a "writer".
    conflicts: bool,
}

/// The page's fit to `role`; `None` when it is not loaded or names no role.
fn page_role(index: &Index, entity: u32, role: &str) -> Option<RoleFit> {
    let heads = kind::defining_heads(&page_of(index, entity)?.text);
    let roles: Vec<&String> = heads.iter().filter(|h| kind::is_role(h)).collect();
    (!roles.is_empty()).then(|| RoleFit {
        holds: roles.iter().any(|h| kind::same_role(role, h)),
        conflicts: kind::other_role(role, &heads),
    })
}

/// The rank of a passage's own title among a title follow's values: after
/// every mention in the answering clause.
const OWN_TITLE: usize = usize::MAX / 4;

fn dedup(found: Vec<(usize, Value, Span)>) -> Vec<(Value, Span)> {
    let mut out: Vec<(Value, Span)> = Vec::new();
    for (_, v, s) in found {
        let key = crate::chain::key_of(&v).map(|(k, _, _)| k.to_string());
        if !out
            .iter()
            .any(|(o, _)| crate::chain::key_of(o).map(|(k, _, _)| k.to_string()) == key)
        {
            out.push((v, s));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_sentence_picks_most_matches() {
        let text = "Refunds take time. Cash refunds are available in store. Thanks.";
        let span = best_sentence(text, &["cash".into(), "refund".into()]);
        assert_eq!(span.text, "Cash refunds are available in store.");
    }

    #[test]
    fn bridge_names_come_from_the_answering_sentence() {
        let p = Passage::new(
            "Jump for Glory#0",
            "Jump for Glory",
            "It was shot at Isleworth Studios. Jump for Glory is a British film \
             directed by Raoul Walsh. 审批后付款。",
        );
        let query: Vec<String> = ["director", "film", "glory"].map(String::from).to_vec();
        // Title words, question words and lowercase words are not names;
        // the other sentence's names are not either.
        assert_eq!(bridge_names(&p, &query), vec!["british", "raoul", "walsh"]);
    }
}
