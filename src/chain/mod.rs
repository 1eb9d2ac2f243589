//! Stage 7 — chain: is a hop between two passages a real join?
//!
//! A later passage may use an earlier slot's value only when (in this order)
//! it is linked to the same canonical key (entity aliases resolved through the
//! catalog; a document ID must be the passage's `meta.doc`), the scope fields
//! `environment` and `region` agree where both passages carry them, the
//! passage is not superseded, and the scope may read it. The first failed
//! check names the reason: `<type>-join`, `environment-scope`, `region-scope`,
//! `stale-rule`, `access`. This gate checks recorded metadata and links; it
//! does not judge whether the text supports the answer.

use crate::analyze::fold::Lower;
use crate::index::Index;
use crate::model::{Passage, Scope, Value};

/// Why a hop does not hold, with a sentence for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Broken {
    pub reason: String,
    pub detail: String,
}

/// The join key a value offers to later hops: (key, key type, source passage).
pub fn key_of(value: &Value) -> Option<(&str, &str, &str)> {
    match value {
        Value::Entity {
            id,
            entity_type,
            passage_id,
            ..
        } => Some((id, entity_type, passage_id)),
        Value::Document { id, passage_id, .. } => Some((id, crate::model::DOC_TYPE, passage_id)),
        _ => None,
    }
}

fn scope_field(from: &Passage, to: &Passage, key: &str) -> Option<(String, String)> {
    let a = from.meta_str(key)?;
    let b = to.meta_str(key)?;
    (!a.eq_ignore_ascii_case(&b)).then_some((a, b))
}

/// Checks the hop from the passage that produced `value` to passage `to`.
pub fn check(index: &Index, scope: &Scope, value: &Value, to: u32) -> Result<(), Broken> {
    let Some((key, key_type, from_id)) = key_of(value) else {
        return Ok(());
    };
    let (Some(from), Some(target)) = (
        index.doc_of(from_id).and_then(|d| index.passage(d)),
        index.passage(to),
    ) else {
        return Err(Broken {
            reason: "missing-hop".into(),
            detail: format!("passage {from_id} is not in the index"),
        });
    };
    let joined = if key_type == crate::model::DOC_TYPE {
        target
            .meta_str("doc")
            .is_some_and(|d| d.eq_ignore_ascii_case(key))
    } else if key_type == crate::model::NAME_TYPE {
        // A thing with no page joins a passage that names it.
        crate::analyze::word_at(&target.text.lower(), &key.lower()).is_some()
    } else {
        index.resolve(key).is_some_and(|e| index.links(to, e))
    };
    if !joined {
        return Err(Broken {
            reason: format!("{key_type}-join"),
            detail: format!("{} is not linked to {key_type} {key}", target.id),
        });
    }
    for (field, reason) in [
        ("environment", "environment-scope"),
        ("region", "region-scope"),
    ] {
        if let Some((a, b)) = scope_field(from, target, field) {
            return Err(Broken {
                reason: reason.into(),
                detail: format!(
                    "{} is for {field} {b}, but {} is in {a}",
                    target.id, from.id
                ),
            });
        }
    }
    if target.is_superseded() {
        let revision = target
            .meta_str("revision")
            .map(|r| format!(" (revision {r})"))
            .unwrap_or_default();
        return Err(Broken {
            reason: "stale-rule".into(),
            detail: format!("{}{revision} is superseded", target.id),
        });
    }
    if !scope.may_read(target) {
        return Err(Broken {
            reason: "access".into(),
            detail: format!(
                "a hop needs a passage outside the allowed access levels ({})",
                scope.access.join(", ")
            ),
        });
    }
    Ok(())
}
