//! Stage 5 — retrieve: which passages a slot may use.
//!
//! Guarantees: a passage is admitted only when the scope may read it
//! ([`visible`]) and it meets every constraint of the slot; an [`Admission`]
//! gives the same answers as testing each passage from scratch, but does the
//! work that does not depend on the passage (resolving an entity name,
//! splitting an `about` name into words) once, the first time a passage needs
//! it — a search tests thousands of passages against one slot.

use std::cell::OnceCell;

use crate::analyze;
use crate::index::Index;
use crate::model::{Constraints, Passage, Scope, DEFAULT_ACCESS, SCOPE_VALUE_FIELDS};

/// True when `scope` may read the passage and its scope fields agree.
fn visible(p: &Passage, scope: &Scope) -> bool {
    scope.may_read(p)
        && field_agrees(p, "environment", scope.environment.as_deref())
        && field_agrees(p, "region", scope.region.as_deref())
}

/// [`visible`] for every passage at once when no passage carries a scope
/// field (`access`, `environment`, `region`): then the answer is the same
/// for all, and no passage needs reading (in a bundle: fetching).
fn uniform_visibility(index: &Index, scope: &Scope) -> Option<bool> {
    (!index.has_scope_fields()).then(|| scope.allows(DEFAULT_ACCESS))
}

fn field_agrees(p: &Passage, key: &str, want: Option<&str>) -> bool {
    // The scope is checked first: most requests set no environment or region.
    want.is_none_or(|w| p.meta.get(key).is_none_or(|v| v.matches(w)))
}

/// One constraint of a slot, with what it needs prepared on first use.
enum Check<'a> {
    /// `entities`/`entity`: the passage is linked to the entity (it carries
    /// or mentions it).
    Links(&'a str, OnceCell<Option<u32>>),
    /// `page`: the passage's own title is the entity.
    Page(&'a str, OnceCell<Option<u32>>),
    /// `about`: the passage is about the named thing ([`about`]), by the
    /// name's words.
    About(&'a str, OnceCell<Vec<String>>),
    /// A scope field the question names ("in staging"): like the request's
    /// own value (which still holds: a question cannot widen its scope), it
    /// excludes passages of another value, not passages that carry none
    /// (they apply everywhere).
    Scope(&'a str, &'a str),
    /// Any other key: `meta[key]` matches the value.
    Meta(&'a str, &'a str),
}

/// A slot's test of passages: the scope and the constraints, prepared for
/// many passages.
pub struct Admission<'a> {
    index: &'a Index,
    scope: &'a Scope,
    checks: Vec<Check<'a>>,
    /// With no constraint and no passage carrying a scope field: the answer
    /// for every passage ([`uniform_visibility`]).
    uniform: Option<bool>,
}

impl<'a> Admission<'a> {
    pub fn new(index: &'a Index, scope: &'a Scope, constraints: &'a Constraints) -> Self {
        let checks = constraints
            .iter()
            .map(|(key, want)| match key.as_str() {
                "entities" | "entity" => Check::Links(want, OnceCell::new()),
                "page" => Check::Page(want, OnceCell::new()),
                "about" => Check::About(want, OnceCell::new()),
                key if SCOPE_VALUE_FIELDS.contains(&key) => Check::Scope(key, want),
                key => Check::Meta(key, want),
            })
            .collect::<Vec<_>>();
        let uniform = if checks.is_empty() {
            uniform_visibility(index, scope)
        } else {
            None
        };
        Admission {
            index,
            scope,
            checks,
            uniform,
        }
    }

    /// True when the slot may use passage `doc`: the scope may read it and it
    /// meets every constraint. A passage whose bundle part is not loaded yet
    /// passes (its part is recorded as needed): the run then asks for the
    /// parts of exactly the passages it would read, and the run after loading
    /// them decides.
    pub fn admits(&self, doc: u32) -> bool {
        let index = self.index;
        if let Some(all) = self.uniform {
            return all && doc < index.passage_count();
        }
        let Some(p) = index.passage(doc) else {
            return index.pending(doc);
        };
        visible(p, self.scope)
            && self.checks.iter().all(|check| match check {
                Check::Links(name, entity) => entity
                    .get_or_init(|| index.resolve(name))
                    .is_some_and(|e| index.links(doc, e)),
                Check::Page(name, entity) => entity
                    .get_or_init(|| index.resolve(name))
                    .is_some_and(|e| index.title_entity(doc) == Some(e)),
                Check::About(name, words) => about(p, words.get_or_init(|| word_list(name))),
                Check::Scope(key, want) => field_agrees(p, key, Some(want)),
                Check::Meta(key, want) => p.meta.get(*key).is_some_and(|v| v.matches(want)),
            })
    }
}

/// Lowercase words of a text (letters and digits; any script).
fn word_list(text: &str) -> Vec<String> {
    analyze::fold::lower_str(text)
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// True when a passage is about the thing named by the words `want` (of
/// [`word_list`]): its title (without a parenthetical qualifier, "Look (UK
/// magazine)") has the words in order, or the subject of its first sentence
/// (the words before the first "is", "was", "are", "were" or parenthesis;
/// none: no subject) has every one of them. No words: about nothing.
fn about(p: &Passage, want: &[String]) -> bool {
    if want.is_empty() {
        return false;
    }
    let title = p.title.split(" (").next().unwrap_or_default();
    let title = word_list(title);
    if title.windows(want.len()).any(|w| w == want) {
        return true;
    }
    let first = crate::execute::read::sentences(&p.text)
        .next()
        .and_then(|(s, e)| p.text.get(s..e))
        .unwrap_or_default();
    let lower = analyze::fold::lower_str(first);
    let Some(end) = [" is ", " was ", " are ", " were ", " ("]
        .iter()
        .filter_map(|m| lower.find(m))
        .min()
    else {
        return false;
    };
    let subject = word_list(lower.get(..end).unwrap_or_default());
    want.iter().all(|w| subject.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_about(p: &Passage, name: &str) -> bool {
        about(p, &word_list(name))
    }

    #[test]
    fn a_named_scope_value_narrows_the_request_and_never_widens_it() {
        let with = |id: &str, env: Option<&str>| {
            let mut p = Passage::new(id, "", "Rollback rule for gateway-west.");
            if let Some(env) = env {
                p.meta.insert(
                    "environment".into(),
                    crate::model::MetaValue::Str(env.into()),
                );
            }
            p
        };
        let passages = vec![
            with("prod", Some("production")),
            with("stage", Some("staging")),
            with("everywhere", None),
        ];
        let index = Index::build(passages, vec![], Default::default(), Default::default()).unwrap();
        let admitted = |scope: &Scope, named: Option<&str>| -> Vec<u32> {
            let mut constraints = Constraints::new();
            if let Some(v) = named {
                constraints.insert("environment".into(), v.into());
            }
            let a = Admission::new(&index, scope, &constraints);
            (0..3).filter(|&d| a.admits(d)).collect()
        };
        let any = Scope::default();
        let production = Scope {
            environment: Some("production".into()),
            ..Scope::default()
        };
        // A passage without the field applies in every environment.
        assert_eq!(admitted(&any, Some("staging")), [1, 2]);
        assert_eq!(admitted(&production, None), [0, 2]);
        assert_eq!(admitted(&production, Some("production")), [0, 2]);
        // The request's production scope still holds: "in staging" finds
        // only what applies everywhere.
        assert_eq!(admitted(&production, Some("staging")), [2]);
    }

    #[test]
    fn a_passage_is_about_the_name_in_its_title_or_its_first_subject() {
        let page = |title: &str, text: &str| Passage::new("p", title, text);
        let look = page("Look (UK magazine)", "Look is a weekly magazine.");
        assert!(is_about(&look, "Look"));
        assert!(is_about(&look, "look"));
        // Words in order, whole words only: "Looks" is not "Look".
        let film = page(
            "If Looks Could Kill (film)",
            "If Looks Could Kill is a 1991 film.",
        );
        assert!(!is_about(&film, "Look"));
        // A page that mentions the name is not about it.
        let wilber = page("Rick Wilber", "He wrote for magazines such as Chrysalis.");
        assert!(!is_about(&wilber, "Chrysalis"));
        // A page without a title: the subject of its first sentence.
        let untitled = page(
            "",
            "Walt Brenner (born 1970) is a retired player. Dan Mills is not.",
        );
        assert!(is_about(&untitled, "Walt Brenner"));
        assert!(!is_about(&untitled, "Dan Mills"));
        assert!(!is_about(&untitled, ""));
    }
}
