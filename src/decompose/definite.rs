//! Stage 3 — decompose: a later part's "the X" that the part before wrote
//! with a name.
//!
//! "At what time did the orchestrator give up on *the gateway-west
//! deploy*, and why did *the deploy* fail?": asked alone, the second part
//! is about any deploy, and a general passage on deploys ("The deploy
//! controller retries a failed health check twice.") answers it. The part
//! before wrote the same noun with a name in front ("the gateway-west
//! deploy") or after "of" ("the deploy of gateway-west"); [`named`] writes
//! the later part's noun phrase that way ("why did the gateway-west deploy
//! fail?").
//!
//! Guarantees: English only; only "the"/"that"/"this" and one noun that
//! ends the part or stands before a verb ("the deploy *fail*", "the deploy
//! *was* …"), so a compound ("the deploy controller retries") keeps its
//! own meaning; only a noun the part before writes exactly once, with one
//! name next to it; the caller applies it only to a part that names
//! nothing of its own. Every other character of the part is kept.

use super::frame::AUX;
use crate::analyze::{self, lexicon};

/// Words that open a definite noun phrase pointing back.
const DEFINITE: &[&str] = &["the", "that", "this"];

/// `part` with its bare definite noun phrase written with the name the part
/// before gives that noun; `names` are the byte ranges of the names in
/// `before`. `None` when the rule does not apply.
pub fn named(part: &str, before: &str, names: &[(usize, usize)]) -> Option<String> {
    if part.chars().any(analyze::is_cjk) {
        return None;
    }
    let words = analyze::words(part);
    let (det, noun, name) = words.windows(2).enumerate().find_map(|(i, pair)| {
        let [det, noun] = pair else { return None };
        let next = words.get(i + 2);
        let adjacent = part
            .get(det.end..noun.start)
            .is_some_and(|gap| gap.chars().all(char::is_whitespace));
        let ends_phrase = match next {
            None => true,
            Some(n) => {
                let between = part.get(noun.end..n.start).unwrap_or("");
                between.chars().all(char::is_whitespace)
                    && (AUX.contains(&n.term.as_str())
                        || (lexicon::is_verb(&n.term) && lexicon::agent_verb(&n.term).is_none()))
            }
        };
        (DEFINITE.contains(&det.term.as_str())
            && adjacent
            && ends_phrase
            && noun.term.chars().all(|c| c.is_ascii_alphabetic()))
        .then(|| Some((det, noun, name_beside(before, &noun.term, names)?)))
        .flatten()
    })?;
    Some(format!(
        "{} {name} {}",
        part.get(..det.end)?,
        part.get(noun.start..)?
    ))
}

/// The name `before` writes next to its one occurrence of `noun`: right in
/// front of it ("the *gateway-west* deploy") or after "of" ("the deploy of
/// *gateway-west*").
fn name_beside<'b>(before: &'b str, noun: &str, names: &[(usize, usize)]) -> Option<&'b str> {
    let words = analyze::words(before);
    let mut same = words.iter().filter(|w| w.term == noun);
    let found = same.next()?;
    if same.next().is_some() {
        return None;
    }
    let spaced = |from: usize, to: usize| {
        before
            .get(from..to)
            .is_some_and(|gap| !gap.is_empty() && gap.chars().all(char::is_whitespace))
    };
    let in_front = names
        .iter()
        .find(|&&(s, e)| s < e && spaced(e, found.start));
    let after_of = || {
        let rest = before.get(found.end..)?;
        let of = found.end + (rest.len() - rest.trim_start().len());
        before.get(of..)?.strip_prefix("of")?;
        names
            .iter()
            .find(|&&(s, e)| s < e && spaced(of + "of".len(), s))
    };
    let &(s, e) = in_front.or_else(after_of)?;
    before.get(s..e)
}

#[cfg(test)]
mod tests {
    use super::named;

    fn span(text: &str, name: &str) -> Vec<(usize, usize)> {
        text.find(name)
            .map(|s| vec![(s, s + name.len())])
            .unwrap_or_default()
    }

    #[test]
    fn a_bare_noun_takes_the_name_the_part_before_gives_it() {
        let before = "At what time did the orchestrator give up on the gateway-west deploy?";
        let names = span(before, "gateway-west");
        assert_eq!(
            named("why did the deploy fail?", before, &names).as_deref(),
            Some("why did the gateway-west deploy fail?")
        );
        assert_eq!(
            named("why did that deploy fail", before, &names).as_deref(),
            Some("why did that gateway-west deploy fail")
        );
        let before = "why did the deploy of gateway-west fail?";
        assert_eq!(
            named(
                "at what time did the orchestrator give up on the deploy?",
                before,
                &span(before, "gateway-west")
            )
            .as_deref(),
            Some("at what time did the orchestrator give up on the gateway-west deploy?")
        );
    }

    #[test]
    fn a_compound_another_noun_or_an_unnamed_one_is_kept() {
        let before = "Why did the gateway-west deploy fail?";
        let names = span(before, "gateway-west");
        // A compound: "the deploy controller".
        assert_eq!(
            named(
                "how many times does the deploy controller retry?",
                before,
                &names
            ),
            None
        );
        // A noun the part before does not write.
        assert_eq!(named("why did the canary fail?", before, &names), None);
        // The part before writes the noun with no name beside it.
        let before = "When did the deploy fail?";
        assert_eq!(named("why did the deploy fail?", before, &[]), None);
        // Twice: which one is meant is not said.
        let before = "Did the gateway-west deploy or the auth-core deploy fail?";
        assert_eq!(
            named(
                "why did the deploy fail?",
                before,
                &span(before, "gateway-west")
            ),
            None
        );
    }
}
