//! Stage 3 — decompose: a question that asks through a relative clause
//! ("The Lantern Keeper was directed by a filmmaker who was born in what
//! year?").
//!
//! The main clause names a thing the corpus knows and describes another by
//! its relation to it ("directed by a filmmaker"); the relative clause asks
//! about that other thing, with the question word in place ("who was born in
//! what year?"). [`split`] cuts such a clause into the description, asked as
//! "The Lantern Keeper was directed by which filmmaker?", and the rest, asked
//! about the thing found ([`Relative::about`]: "{q1} was born in what
//! year?"; for "whose", "{q1}'s founder was born …").
//!
//! A reduced relative clause — a participle right after the antecedent,
//! "… directed by a filmmaker born in which year?" — is cut the same way,
//! its rest asked in the passive past ("{q1} was born in which year?").
//!
//! Guarantees: only a clause whose asking word comes after a relative
//! pronoun ([`frame::relative_pronoun`]), or right after a participle (one
//! preposition between) that follows a noun; the antecedent starts with a
//! determiner at most [`frame::MAX_ANTECEDENT`] words before the pronoun and has a
//! head; both parts are non-empty; ranges are cut on word boundaries.

use super::frame;
use crate::analyze::lexicon;

/// A clause cut at its relative pronoun.
#[derive(Debug, PartialEq, Eq)]
pub struct Relative {
    /// The main clause asking for the antecedent ("The Lantern Keeper was
    /// directed by which filmmaker?").
    pub description: String,
    /// The relative clause after its pronoun ("was born in what year?").
    rest: String,
    /// The pronoun is "whose": the rest asks about the antecedent's thing.
    whose: bool,
}

impl Relative {
    /// The relative clause asked about `thing` ("{q1} was born in what
    /// year?", "{q1}'s founder was born where?").
    pub fn about(&self, thing: &str) -> String {
        let s = if self.whose { "'s" } else { "" };
        format!("{thing}{s} {}", self.rest)
    }
}

/// The description and the rest of an English clause that asks through a
/// relative clause; `None` for any other clause.
pub fn split(clause: &str) -> Option<Relative> {
    let Some((pronoun, end)) = frame::relative_pronoun(clause) else {
        return reduced(clause);
    };
    let words = crate::analyze::words(clause);
    let at = words.iter().position(|w| w.start == pronoun)?;
    let (before, antecedent) = antecedent(clause, &words, at)?;
    let after = clause.get(end..)?.trim();
    if after.trim_end_matches('?').is_empty() {
        return None;
    }
    Some(Relative {
        description: format!("{before} which {antecedent}?"),
        rest: after.to_string(),
        whose: clause.get(pronoun..end)?.eq_ignore_ascii_case("whose"),
    })
}

/// The main clause before the antecedent and the antecedent itself, for the
/// relative clause that opens at word `at` (its pronoun, or a reduced
/// clause's participle): the antecedent starts after the nearest determiner
/// at most [`frame::MAX_ANTECEDENT`] words before, holds a word, and both
/// parts are non-empty.
fn antecedent<'a>(
    clause: &'a str,
    words: &[crate::analyze::Token],
    at: usize,
) -> Option<(&'a str, &'a str)> {
    let det = (at.saturating_sub(frame::MAX_ANTECEDENT + 1)..at)
        .rev()
        .find(|&i| {
            words
                .get(i)
                .is_some_and(|w| frame::ANTECEDENT_DETERMINERS.contains(&w.term.as_str()))
        })?;
    if det + 1 >= at {
        return None;
    }
    let (det_word, head, opens) = (words.get(det)?, words.get(det + 1)?, words.get(at)?);
    let before = clause.get(..det_word.start)?.trim_end();
    let antecedent = clause.get(head.start..opens.start)?.trim();
    (!before.is_empty() && !antecedent.is_empty()).then_some((before, antecedent))
}

/// Prepositions between a reduced relative clause's participle and the word
/// that asks ("born *in* which year").
const ASKING_PREPOSITIONS: &[&str] = &["in", "on", "at", "from", "by", "during", "for", "to"];

/// A reduced relative clause: a participle right after the antecedent, the
/// word that asks right after it or after one preposition ("… directed by a
/// filmmaker *born in which year*?", "… in a battle *fought when*?"). The
/// rest is asked in the passive past ("{q1} was born in which year?").
fn reduced(clause: &str) -> Option<Relative> {
    let words = crate::analyze::words(clause);
    let asks = frame::asking_word(clause)?;
    let k = words.iter().position(|w| w.start == asks)?;
    let before_asking = k.checked_sub(1)?;
    let p = if words
        .get(before_asking)
        .is_some_and(|w| ASKING_PREPOSITIONS.contains(&w.term.as_str()))
    {
        before_asking.checked_sub(1)?
    } else {
        before_asking
    };
    let (part, head) = (words.get(p)?, words.get(p.checked_sub(1)?)?);
    if !lexicon::is_participle(&part.term)
        || crate::analyze::is_stop_word(&head.term)
        || lexicon::is_participle(&head.term)
    {
        return None;
    }
    // The head is no stop word, so no determiner: the antecedent runs from
    // the determiner before it to the participle.
    let (before, antecedent) = antecedent(clause, &words, p)?;
    let after = clause.get(part.start..)?.trim();
    // A name in the antecedent ("the Fox series created by whom?") is said
    // by the sought thing's page, seldom by the anchor's: the question is
    // better proposed whole (chain::bridged).
    if antecedent
        .split_whitespace()
        .any(|w| w.chars().next().is_some_and(char::is_uppercase))
    {
        return None;
    }
    Some(Relative {
        description: format!("{before} which {antecedent}?"),
        rest: format!("was {after}"),
        whose: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(q: &str) -> Option<(String, String)> {
        split(q)
            .map(|r| (r.about("{thing}"), r.description))
            .map(|(rest, description)| (description, rest))
    }

    #[test]
    fn the_main_clause_describes_and_the_relative_clause_asks() {
        assert_eq!(
            cut("The Lantern Keeper was directed by a filmmaker who was born in what year?"),
            Some((
                "The Lantern Keeper was directed by which filmmaker?".into(),
                "{thing} was born in what year?".into()
            ))
        );
        assert_eq!(
            cut("Gerald Grosvenor was succeeded by the British aristocrat who is estimated to be worth how much?"),
            Some((
                "Gerald Grosvenor was succeeded by which British aristocrat?".into(),
                "{thing} is estimated to be worth how much?".into()
            ))
        );
        assert_eq!(
            cut("Northern Stars was released by a label whose founder was born where?"),
            Some((
                "Northern Stars was released by which label?".into(),
                "{thing}'s founder was born where?".into()
            ))
        );
        assert_eq!(
            cut("Harbour Lights was recorded by a band which was formed in what year?"),
            Some((
                "Harbour Lights was recorded by which band?".into(),
                "{thing} was formed in what year?".into()
            ))
        );
    }

    #[test]
    fn that_opens_a_relative_clause_after_a_noun() {
        assert_eq!(
            cut("Cooperative Living Organization is located in a city that is the county seat of what county in Florida?"),
            Some((
                "Cooperative Living Organization is located in which city?".into(),
                "{thing} is the county seat of what county in Florida?".into()
            ))
        );
        assert_eq!(
            cut("Indian Mound Cottage was owned by the financier that co-founded which company?"),
            Some((
                "Indian Mound Cottage was owned by which financier?".into(),
                "{thing} co-founded which company?".into()
            ))
        );
        // An agent noun is no verb ("producer", "produced").
        assert_eq!(
            cut("Harbour Lights was produced by a producer that was born in which city?"),
            Some((
                "Harbour Lights was produced by which producer?".into(),
                "{thing} was born in which city?".into()
            ))
        );
        assert_eq!(
            cut("David Jones played rugby union and another sport that was started when?"),
            Some((
                "David Jones played rugby union and which sport?".into(),
                "{thing} was started when?".into()
            ))
        );
        // A longer antecedent, up to four words.
        assert_eq!(
            cut("The Red Queen's Race uses a race from a novel by Lewis Carroll that is the sequel to what?"),
            Some((
                "The Red Queen's Race uses a race from which novel by Lewis Carroll?".into(),
                "{thing} is the sequel to what?".into()
            ))
        );
    }

    #[test]
    fn that_opens_no_relative_clause_elsewhere() {
        // After a verb: a complement clause.
        assert_eq!(
            cut("Callum Reid has said that Harbour Lights was recorded in what town?"),
            None
        );
        // What the subject is: the clause describes the subject itself, and
        // a later pronoun ("whose") is the one asked through.
        assert_eq!(
            cut("Hold On is a song that features a singer whose debut album won what prize?"),
            Some((
                "Hold On is a song that features which singer?".into(),
                "{thing}'s debut album won what prize?".into()
            ))
        );
        // The word that asks comes first.
        assert_eq!(cut("What is the label that released Harbour Lights?"), None);
        // A demonstrative: no noun before it.
        assert_eq!(cut("In that year the band was formed in what city?"), None);
    }

    #[test]
    fn a_participle_after_a_noun_opens_a_reduced_relative_clause() {
        assert_eq!(
            cut("Salt Roads is a film directed by a filmmaker born in which year?"),
            Some((
                "Salt Roads is a film directed by which filmmaker?".into(),
                "{thing} was born in which year?".into()
            ))
        );
        // In other words: an irregular participle, the question word alone.
        assert_eq!(
            cut("Tomas Varga fought in a war fought when?"),
            Some((
                "Tomas Varga fought in which war?".into(),
                "{thing} was fought when?".into()
            ))
        );
        assert_eq!(
            cut("Harbour Lights was recorded by the band founded in what city?"),
            Some((
                "Harbour Lights was recorded by which band?".into(),
                "{thing} was founded in what city?".into()
            ))
        );
        // Distractors: the participle belongs to the main clause, or no noun
        // stands before it, or the question word asks first.
        assert_eq!(cut("Harbour Lights was recorded in which city?"), None);
        assert_eq!(
            cut("The album was released by Northgate in what year?"),
            None
        );
        assert_eq!(
            cut("Which band recorded in Glasgow was founded when?"),
            None
        );
        assert_eq!(cut("The band was formed and disbanded in what year?"), None);
        // A name in the antecedent: proposed whole, not cut.
        assert_eq!(
            cut("Ruth Mackay played in the English band formed in what year?"),
            None
        );
    }

    #[test]
    fn other_clauses_are_not_cut() {
        // The first WH word asks: no relative clause to go through.
        assert_eq!(cut("Who was the singer who recorded Harbour Lights?"), None);
        assert_eq!(
            cut("In which city was the label that released Harbour Lights founded?"),
            None
        );
        // No question word after the pronoun.
        assert_eq!(cut("Name the band which recorded Harbour Lights."), None);
        // No determiner before the pronoun: a name is the antecedent.
        assert_eq!(
            cut("Harbour Lights features Callum Reid who was born in what year?"),
            None
        );
        // Nothing before the antecedent.
        assert_eq!(
            cut("The band which recorded Harbour Lights formed where?"),
            None
        );
        assert_eq!(cut("该片的导演是谁？"), None);
    }
}
