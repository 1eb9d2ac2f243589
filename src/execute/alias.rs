//! Stage 6 — execute: an alias the passages never write is read as its
//! entity's ID.
//!
//! A catalog gives a service several names ("gw-west" for gateway-west) so
//! that a question may use any of them. Retrieval finds the service's
//! passages through the catalog, but the passages write the ID ("Rollback
//! rule for gateway-west: …"), and the names check would reject every one of
//! them for lacking "gw". Before a step reads its candidates, each mention of
//! an entity of a declared type whose words the corpus does not all write is
//! replaced by the entity's ID, and the report says so ("“gw-west” read as
//! “gateway-west”").
//!
//! Guarantees: only a mention the catalog resolves to exactly one entity, of
//! a declared type that is no metadata key (a travel scope such as
//! "overseas" is a constraint, not a name); only when a word of the mention
//! is in no passage; only the mention is replaced, by the ID as the catalog
//! writes it. An alias the passages write ("West Gateway") is read as
//! written.

use super::spell::Fix;
use crate::analyze;
use crate::index::{Index, Mention};

/// `question` with each alias the corpus never writes replaced by its
/// entity's ID, and what was replaced.
pub fn canonical(question: &str, index: &Index) -> (String, Vec<Fix>) {
    let mentions = declared_mentions(index, question);
    let mut found: Vec<(usize, usize, String)> = Vec::new();
    for m in &mentions {
        let span = (m.start as usize, m.end as usize);
        // An alias several entities share names none of them alone.
        let shared = mentions
            .iter()
            .any(|o| (o.start, o.end) == (m.start, m.end) && o.entity != m.entity);
        let Some(e) = index.entity(m.entity) else {
            continue;
        };
        let Some(written) = question.get(span.0..span.1) else {
            continue;
        };
        let unwritten = analyze::terms(written)
            .iter()
            .any(|t| index.df(&t.term) == 0);
        if !shared && unwritten && !written.eq_ignore_ascii_case(&e.id) {
            found.push((span.0, span.1, e.id.clone()));
        }
    }
    let mut out = question.to_string();
    let mut fixes = Vec::new();
    // Last first: a replacement shifts only what follows it.
    for (start, end, id) in found.into_iter().rev() {
        if let Some(written) = out.get(start..end).map(str::to_string) {
            out.replace_range(start..end, &id);
            fixes.push(Fix {
                from: written,
                to: id,
            });
        }
    }
    fixes.reverse();
    (out, fixes)
}

/// The reason a part that names a thing only by a word several declared
/// entities share cannot be answered: "the gateway", where the catalog
/// holds gateway-west and gateway-east, names neither, and answering with
/// one gateway's passage would guess the alias (seed 001). A word counts
/// when "the" comes right before it, its noun phrase ends with it (a mark,
/// "and"/"or", or the end of the question follows: not "the gateway that
/// failed", which a step resolves), the question names no entity there,
/// and two entities or more of a declared type have an alias that starts
/// with it. `None` otherwise.
pub(super) fn ambiguous(index: &Index, question: &str) -> Option<String> {
    let types = index.entity_types();
    if types.is_empty() {
        return None;
    }
    let mentions = declared_mentions(index, question);
    let words = analyze::words(question);
    for (i, pair) in words.windows(2).enumerate() {
        let [the, w] = pair else { continue };
        let next = words.get(i + 2);
        let gap = question
            .get(w.end..next.map_or(question.len(), |n| n.start))
            .unwrap_or("");
        let ends = next.is_none_or(|n| matches!(n.term.as_str(), "and" | "or"))
            || gap.contains([',', '?', '.', ';', '!']);
        let named = mentions
            .iter()
            .any(|m| (m.start as usize) < w.end && w.start < m.end as usize);
        if the.term != "the" || !ends || named || gap.trim().starts_with(['-', '_', '/']) {
            continue;
        }
        let ids: Vec<&str> = index
            .aliased_from(&w.term)
            .into_iter()
            .filter(|&e| !mentions.iter().any(|m| m.entity == e))
            .filter_map(|e| index.entity(e))
            .filter(|e| types.contains(&e.kind) && !index.has_meta_key(&e.kind))
            .map(|e| e.id.as_str())
            .collect();
        if let [first @ .., last] = ids.as_slice() {
            if !first.is_empty() {
                let written = question.get(the.start..w.end).unwrap_or("");
                return Some(format!(
                    "ambiguous: \"{written}\" may be {} or {last}",
                    first.join(", ")
                ));
            }
        }
    }
    None
}

/// The mentions in `text` of entities of a declared type that is no
/// metadata key (a service, not a travel scope); none over open text, which
/// declares no type.
pub(super) fn declared_mentions(index: &Index, text: &str) -> Vec<Mention> {
    let types = index.entity_types();
    if types.is_empty() {
        return Vec::new();
    }
    index
        .mentions_in(text)
        .into_iter()
        .filter(|m| {
            index
                .entity(m.entity)
                .is_some_and(|e| types.contains(&e.kind) && !index.has_meta_key(&e.kind))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::Bm25;
    use crate::model::{Entity, Passage};

    fn index() -> Index {
        let passages = vec![
            Passage::new(
                "runbook",
                "Rollback",
                "Rollback rule for gateway-west: revert to the last green build.",
            ),
            Passage::new("east", "East", "Rollback rule for gateway-east: restart."),
        ];
        let entity = |id: &str, aliases: &[&str]| Entity {
            id: id.into(),
            kind: "service".into(),
            aliases: aliases.iter().map(|a| a.to_string()).collect(),
        };
        let entities = vec![
            entity("gateway-west", &["gw-west", "West Gateway", "gw"]),
            entity("gateway-east", &["East Gateway", "gw"]),
        ];
        Index::build(passages, entities, Default::default(), Bm25::default()).expect("it indexes")
    }

    #[test]
    fn an_unwritten_alias_is_read_as_the_id() {
        let index = index();
        let (q, fixes) = canonical("what's the rollback rule for gw-west?", &index);
        assert_eq!(q, "what's the rollback rule for gateway-west?");
        assert_eq!(
            fixes,
            vec![Fix {
                from: "gw-west".into(),
                to: "gateway-west".into()
            }]
        );
        // Written by the passages: read as written.
        let q = "what's the rollback rule for West Gateway?";
        assert_eq!(canonical(q, &index), (q.to_string(), Vec::new()));
        // Shared by two entities: no reading.
        let q = "what's the rollback rule for gw?";
        assert_eq!(canonical(q, &index), (q.to_string(), Vec::new()));
        // No alias at all.
        let q = "what's the rollback rule for gw-east?";
        assert_eq!(canonical(q, &index), (q.to_string(), Vec::new()));
    }

    #[test]
    fn a_word_two_entities_start_with_names_neither() {
        let index = index();
        let reason = ambiguous(&index, "how do I roll back the gateway?").expect("ambiguous");
        assert!(
            reason.starts_with("ambiguous: \"the gateway\" may be "),
            "{reason}"
        );
        assert!(reason.contains("gateway-west") && reason.contains("gateway-east"));
        assert!(ambiguous(&index, "roll back the gateway and restart it").is_some());
        // A name of one of them, or the phrase going on: not ambiguous.
        for q in [
            "how do I roll back the gateway-west?",
            "how do I roll back the West Gateway?",
            "how do I roll back the gateway west",
            "how do I roll back the gateway that failed?",
            "how do I roll back a gateway?",
        ] {
            assert_eq!(ambiguous(&index, q), None, "{q}");
        }
    }
}
