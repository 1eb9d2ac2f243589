//! Stage 6 — execute: a rule asked for is stated as one.
//!
//! "What is the payments-api rollback rule?" shares its name and "rollback"
//! with the incident log "The canary of payments-api was rolled back
//! automatically …", which tells what happened once; it prescribes nothing.
//! When the question asks for a rule, a policy or a procedure, a sentence
//! that only narrates a past event does not answer it, unless the passage
//! itself calls what it says by that noun.
//!
//! Guarantees: only an open question whose frame noun is one of
//! [`PRESCRIPTIONS`] is concerned; a sentence narrates only when it has a
//! past form ("was", "were", "had", an irregular past, a verb in "-ed") and
//! nothing that prescribes or states what holds now (a modal, "is"/"are",
//! an imperative opening); a passage that writes the noun is never
//! rejected by this check.

use crate::analyze::fold::Lower;
use crate::analyze::{self, lexicon};
use crate::decompose::frame::{Answer, Frame, Role};

/// Frame nouns that ask for a prescription, not for an event.
const PRESCRIPTIONS: &[&str] = &[
    "rule",
    "rules",
    "policy",
    "policies",
    "procedure",
    "procedures",
    "guideline",
    "guidelines",
    "protocol",
];

/// Words of a sentence that say what holds or what to do, now.
const PRESCRIBING: &[&str] = &[
    "is", "are", "am", "must", "should", "may", "can", "cannot", "will", "shall", "need", "needs",
    "never", "always", "only",
];

/// Past forms that narrate ("was rolled back", "had run").
const PAST: &[&str] = &["was", "were", "had"];

/// The prescription noun an open question asks for, as written ("rule" of
/// "What is the payments-api rollback rule?"); `None` for any other question.
pub fn asked(frame: &Frame) -> Option<String> {
    if frame.answer != Answer::Open {
        return None;
    }
    // A question that asks for another kind first ("which *service*
    // failed …, which rollback rule applies?") asks for that.
    if !asks_first(&frame.question) {
        return None;
    }
    frame
        .terms
        .iter()
        .filter(|t| t.role == Role::Soft)
        .filter_map(|t| frame.question.get(t.start..t.end))
        .map(|w| w.lower())
        .find(|w| PRESCRIPTIONS.contains(&w.as_str()))
}

/// Words between "what"/"which" and the noun phrase it asks.
const BEFORE_PHRASE: &[&str] = &["is", "was", "are", "were", "s", "the", "a", "an"];

/// Most words of the phrase after "what"/"which" that may end in the noun.
const PHRASE_WORDS: usize = 4;

/// True when the question's first "what"/"which" asks for a prescription
/// ("which rollback *rule*", "what is the payments-api rollback *rule*"),
/// or it has no such word ("tell me the newest rollback rule").
fn asks_first(question: &str) -> bool {
    let words: Vec<String> = analyze::words(question)
        .into_iter()
        .map(|t| t.term)
        .collect();
    let Some(wh) = words
        .iter()
        .position(|w| matches!(w.as_str(), "what" | "which"))
    else {
        return true;
    };
    words
        .iter()
        .skip(wh + 1)
        .skip_while(|w| BEFORE_PHRASE.contains(&w.as_str()))
        .take(PHRASE_WORDS)
        .any(|w| PRESCRIPTIONS.contains(&w.as_str()))
}

/// True when `text` writes the noun `noun` (by its stem: "rules" for "rule").
pub fn writes(text: &str, noun: &str) -> bool {
    analyze::passage_writes(text, &analyze::stem(noun))
}

/// Words before an "-ed" word that make it an adjective ("the *failed*
/// pods", "any opened item"), not a past verb.
const MODIFYING: &[&str] = &[
    "the", "a", "an", "any", "its", "their", "his", "her", "our", "your", "my", "this", "that",
    "these", "those",
];

/// Words after which a clause may open with an imperative ("…: *revert* to
/// …", "then *drain* …").
const OPENING: &[&str] = &["then", "and", "first", "next", "finally", "please"];

/// True when a sentence only narrates a past event: a past form, and
/// nothing that prescribes or says what holds now — a modal, "is"/"are",
/// or an imperative opening the sentence or a clause of it ("Rollback rule
/// for gateway-west: *revert* to …, then *drain* …").
pub fn narrates(sentence: &str) -> bool {
    let raw = analyze::spaced_words(sentence);
    let words: Vec<String> = raw
        .iter()
        .map(|(_, w)| w.trim_matches(|c: char| !c.is_alphanumeric()).lower())
        .collect();
    let before = |k: usize| {
        k.checked_sub(1)
            .and_then(|b| words.get(b))
            .map_or("", String::as_str)
    };
    let past = words.iter().enumerate().any(|(k, w)| {
        let adjective = MODIFYING.contains(&before(k));
        PAST.contains(&w.as_str())
            || (!adjective
                && ((lexicon::base(w) != w.as_str() && !analyze::is_stop_word(w))
                    || (w.ends_with("ed") && lexicon::is_verb(w))))
    });
    // A verb's base form where a clause opens: the sentence's first word
    // (not before "of": "Deploy *of* gateway-west failed …" is a noun), or
    // a word after a colon, a semicolon or "then".
    let opens = |k: usize| {
        k == 0
            || raw.get(k - 1).is_some_and(|(_, w)| w.ends_with([':', ';']))
            || OPENING.contains(&before(k))
    };
    let imperative = words.iter().enumerate().any(|(k, w)| {
        opens(k)
            && lexicon::is_verb(w)
            && lexicon::base(w) == w.as_str()
            && !w.ends_with("ed")
            && words.get(k + 1).is_none_or(|n| n != "of")
    });
    let prescribes = words.iter().any(|w| PRESCRIBING.contains(&w.as_str()));
    past && !prescribes && !imperative
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::frame;

    #[test]
    fn a_rule_policy_or_procedure_is_asked_by_an_open_question() {
        let asked_of = |q: &str| asked(&frame::frame(q, frame::Strictness::Question));
        assert_eq!(
            asked_of("What is the payments-api rollback rule?").as_deref(),
            Some("rule")
        );
        assert_eq!(
            asked_of("what's the refund policy for sale items").as_deref(),
            Some("policy")
        );
        assert_eq!(asked_of("what happened to the payments-api canary?"), None);
        assert_eq!(asked_of("Does the rollback rule apply to staging?"), None);
        assert_eq!(asked_of("When was the rollback rule changed?"), None);
        assert_eq!(
            asked_of("which rollback rule applies to the service that failed?").as_deref(),
            Some("rule")
        );
        assert_eq!(
            asked_of("which service failed after the second retry. which rollback rule applies?"),
            None
        );
    }

    #[test]
    fn a_past_event_narrates_and_a_rule_does_not() {
        for s in [
            "The canary of payments-api was rolled back automatically by the deploy controller; customers were not affected.",
            "Deploy of gateway-west failed after the second retry and the orchestrator gave up at 14:02 UTC.",
            "The team reverted the release in March.",
        ] {
            assert!(narrates(s), "{s}");
        }
        for s in [
            "Revert to the last green build, then drain traffic from the failed pods.",
            "Electronics can be returned within 15 days of delivery.",
            "Sale items are final.",
            "Refunds go back to the original payment method.",
            "Restart every pod of the service in place.",
            "Opened electronics may carry a restocking fee, waived for defective items.",
            "Rollback rule for gateway-west: revert to the last green build, then drain traffic from the failed pods.",
            "Rollback rule for auth-core: pin the previous image tag and restart the token service.",
        ] {
            assert!(!narrates(s), "{s}");
        }
    }

    #[test]
    fn the_noun_is_written_by_its_stem() {
        assert!(writes("Rollback rules for gateway-west: revert …", "rule"));
        assert!(writes("The refund policy changed.", "policy"));
        assert!(!writes("The canary was rolled back.", "rule"));
    }
}
