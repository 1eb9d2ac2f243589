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
//! An extraposed relative clause — one that comes after the main clause's
//! verb, "Where was the person born who was recognized by MIAL?" — describes
//! the noun before that verb: the description is "which person who was
//! recognized by MIAL?", the rest the main clause about the thing found
//! ("Where was {q1} born?"). So does one between commas right after that
//! noun ("In what year was the player, who was part of the rivalry, named
//! MVP?").
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
    /// What comes before the thing in the question about it ("Where was "
    /// for an extraposed clause; empty when the thing opens it).
    before: String,
    /// The relative clause after its pronoun ("was born in what year?"), or
    /// the main clause's verb after an extraposed clause's thing ("born?").
    rest: String,
    /// The pronoun is "whose": the rest asks about the antecedent's thing.
    whose: bool,
}

impl Relative {
    /// The clause was extraposed: its description names the thing by what
    /// its own page says ("which person who was recognized by MIAL?"), with
    /// no page of the main clause to find it from.
    pub fn extraposed(&self) -> bool {
        !self.before.is_empty()
    }

    /// The relative clause asked about `thing` ("{q1} was born in what
    /// year?", "{q1}'s founder was born where?").
    pub fn about(&self, thing: &str) -> String {
        let s = if self.whose { "'s" } else { "" };
        format!("{}{thing}{s} {}", self.before, self.rest)
    }
}

/// The description and the rest of an English clause that asks through a
/// relative clause; `None` for any other clause.
pub fn split(clause: &str) -> Option<Relative> {
    asked_inside(clause)
        .or_else(|| extraposed(clause))
        .or_else(|| between_commas(clause))
}

/// A relative clause, full or reduced, with the asking word inside it.
fn asked_inside(clause: &str) -> Option<Relative> {
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
        before: String::new(),
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
        before: String::new(),
        rest: format!("was {after}"),
        whose: false,
    })
}

/// Words that open a question before an extraposed relative clause's noun.
const WH: &[&str] = &["what", "where", "when", "which", "who", "whom", "how"];
/// Auxiliaries between the question words and the noun ("Where *was* the
/// person born who …").
const AUX: &[&str] = &[
    "did", "does", "do", "was", "is", "were", "are", "has", "have", "had",
];

/// Where the question words that open a clause are: its first word, or the
/// second after a preposition ("In which city …").
fn question_words<'a>(term: &impl Fn(usize) -> &'a str) -> Option<usize> {
    (0..2).find(|&i| WH.contains(&term(i)))
}

/// True when the word before the determiner `det` is an auxiliary, one to
/// three words after the question word at `wh` ("Where *was* the …", "In
/// what year *was* the …").
fn auxiliary_before<'a>(term: &impl Fn(usize) -> &'a str, wh: usize, det: usize) -> bool {
    det > wh + 1 && det - 1 <= wh + 3 && AUX.contains(&term(det - 1))
}

/// Most words of an extraposed clause's noun phrase ("former Major League
/// Baseball player"): it is closed by the verb, so it may be longer than an
/// antecedent found backwards from a pronoun.
const MAX_NOUN: usize = 6;

/// An extraposed relative clause: question words, an auxiliary, a noun
/// phrase, the main clause's verb, then "who …" (or "that …" after a bare
/// question word) to the end ("What position did the former Major League
/// Baseball player play who worked on the same broadcast team as Kim
/// Kelch?"). "who" after a question that asks for a kind of person ("Which
/// singer did the band hire who …") may describe either noun, and "that"
/// after one that asks for a thing ("What series has Smith worked on that
/// is based on …") the thing asked: neither is cut. The relative clause must
/// have a verb ("that year" is no clause).
fn extraposed(clause: &str) -> Option<Relative> {
    let words = crate::analyze::words(clause);
    let term = |i: usize| words.get(i).map_or("", |w| w.term.as_str());
    let r = words
        .iter()
        .position(|w| matches!(w.term.as_str(), "who" | "that"))?;
    // A particle goes with its verb ("grow *up*").
    let particle = r
        .checked_sub(1)
        .is_some_and(|p| super::nested::PARTICLES.contains(&term(p)));
    let verb = r.checked_sub(if particle { 2 } else { 1 })?;
    let v = term(verb);
    if !(lexicon::is_participle(v) || lexicon::is_verb(v)) || crate::analyze::is_stop_word(v) {
        return None;
    }
    let det = (verb.saturating_sub(MAX_NOUN + 1)..verb)
        .rev()
        .find(|&i| frame::ANTECEDENT_DETERMINERS.contains(&term(i)))?;
    let wh = question_words(&term)?;
    if det + 1 >= verb || !auxiliary_before(&term, wh, det) {
        return None;
    }
    let aux = det - 1;
    // The noun phrase holds no verb form of its own (an agent noun such as
    // "producer" stems like its verb, and is a noun).
    if (det + 1..verb).any(|i| lexicon::is_participle(term(i)) || AUX.contains(&term(i))) {
        return None;
    }
    let asks_kind = aux > wh + 1;
    match term(r) {
        "that" if asks_kind => return None,
        "who"
            if asks_kind
                && crate::execute::kind::class_of(term(aux - 1))
                    == Some(crate::execute::kind::Class::Person) =>
        {
            return None
        }
        _ => {}
    }
    if !(r + 1..words.len()).any(|i| lexicon::is_verb(term(i)) || AUX.contains(&term(i))) {
        return None;
    }
    let (d, n, vw, rw) = (
        words.get(det)?,
        words.get(det + 1)?,
        words.get(verb)?,
        words.get(r)?,
    );
    let noun = clause.get(n.start..vw.start)?.trim();
    let relative = clause
        .get(rw.start..)?
        .trim()
        .trim_end_matches(['?', '.', ' ']);
    let verb_end = words.get(r - 1)?.end;
    Some(Relative {
        description: format!("which {noun} {relative}?"),
        before: clause.get(..d.start)?.to_string(),
        rest: format!("{}?", clause.get(vw.start..verb_end)?),
        whose: false,
    })
}

/// A non-restrictive relative clause between commas right after the noun
/// the question asks about ("In what year was the Golden State NBA player,
/// who was part of the Cavaliers-Warriors rivalry, named Finals MVP?"): the
/// description is the noun with its clause ("which Golden State NBA player
/// who was part of the Cavaliers-Warriors rivalry?"), the rest the question
/// around them ("In what year was {q1} named Finals MVP?"). Only after
/// question words, an auxiliary and a determiner, with "who" or "which",
/// and with words left after the closing comma.
fn between_commas(clause: &str) -> Option<Relative> {
    let words = crate::analyze::words(clause);
    let term = |i: usize| words.get(i).map_or("", |w| w.term.as_str());
    let wh = question_words(&term)?;
    let r = words
        .iter()
        .enumerate()
        .skip(wh + 1)
        .find(|(_, w)| matches!(w.term.as_str(), "who" | "which"))?
        .0;
    let det = (wh + 2..r).find(|&i| frame::ANTECEDENT_DETERMINERS.contains(&term(i)))?;
    if !auxiliary_before(&term, wh, det) || det + 1 >= r || r - det > MAX_NOUN + 1 {
        return None;
    }
    let (d, n, last, rw) = (
        words.get(det)?,
        words.get(det + 1)?,
        words.get(r - 1)?,
        words.get(r)?,
    );
    // The noun phrase ends at the comma that opens the clause.
    if clause.get(last.end..rw.start)?.trim() != "," {
        return None;
    }
    let close = closing_comma(clause, rw.start)?;
    let relative = clause.get(rw.start..close)?.trim();
    let rest = clause.get(close + 1..)?.trim();
    if rest.trim_end_matches(['?', '.', ' ']).is_empty() {
        return None;
    }
    Some(Relative {
        description: format!("which {} {relative}?", clause.get(n.start..last.end)?),
        before: clause.get(..d.start)?.to_string(),
        rest: rest.to_string(),
        whose: false,
    })
}

/// The first comma from `from` that ends a clause: not one inside a date
/// ("March 28, 1996": a day before it, a year after it) nor one before a
/// title's ordinal ("Sir James Montgomery, 4th Baronet").
fn closing_comma(clause: &str, from: usize) -> Option<usize> {
    let mut at = from;
    loop {
        let comma = at + clause.get(at..)?.find(',')?;
        let before = clause
            .get(..comma)?
            .split_whitespace()
            .next_back()
            .unwrap_or("");
        let mut after = clause.get(comma + 1..)?.split_whitespace();
        let (next, then) = (after.next().unwrap_or(""), after.next().unwrap_or(""));
        let digits = |w: &str, n: std::ops::RangeInclusive<usize>| {
            n.contains(&w.len()) && w.chars().all(|c| c.is_ascii_digit())
        };
        let year = next.trim_end_matches(|c: char| !c.is_ascii_digit());
        let date = digits(before, 1..=2) && digits(year, 4..=4);
        let title = lexicon::ordinal_rank(next).is_some() && then.starts_with(char::is_uppercase);
        if !(date || title) {
            return Some(comma);
        }
        at = comma + 1;
    }
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
    fn an_extraposed_relative_clause_describes_the_noun_before_the_verb() {
        assert_eq!(
            cut("Where was the person born who was recognized by MIAL and is an American soprano?"),
            Some((
                "which person who was recognized by MIAL and is an American soprano?".into(),
                "Where was {thing} born?".into()
            ))
        );
        assert_eq!(
            cut("What position did the former Major League Baseball player play who worked on the same broadcast team as Kim Kelch?"),
            Some((
                "which former Major League Baseball player who worked on the same broadcast team as Kim Kelch?".into(),
                "What position did {thing} play?".into()
            ))
        );
        // Paraphrases: another question word and verb, "that" after a bare
        // question word.
        assert_eq!(
            cut("In which city was the singer born who recorded Harbour Lights?"),
            Some((
                "which singer who recorded Harbour Lights?".into(),
                "In which city was {thing} born?".into()
            ))
        );
        assert_eq!(
            cut("Where was the band formed that recorded Harbour Lights?"),
            Some((
                "which band that recorded Harbour Lights?".into(),
                "Where was {thing} formed?".into()
            ))
        );
        assert_eq!(
            cut("In which town did the drummer grow up who played on Harbour Lights?"),
            Some((
                "which drummer who played on Harbour Lights?".into(),
                "In which town did {thing} grow up?".into()
            ))
        );
        // Distractors: no verb between the noun and the pronoun, "that" as a
        // determiner, a clause that may describe the thing asked.
        assert_eq!(
            cut("Who was the drummer that played on Harbour Lights?"),
            None
        );
        assert_eq!(cut("What did the band release that year?"), None);
        assert_eq!(
            cut("What series has Smith worked on that is based on a novel by Margaret Atwood?"),
            None
        );
        assert_eq!(
            cut("Which singer did the band hire who had sung with Callum Reid?"),
            None
        );
        assert_eq!(
            cut("Where was the person who was recognized by MIAL born?"),
            None
        );
    }

    #[test]
    fn a_relative_clause_between_commas_describes_the_noun_before_it() {
        assert_eq!(
            cut("In what year was the Golden State NBA player, who was part of the Cavaliers-Warriors rivalry, named NBA Finals Most Valuable Player?"),
            Some((
                "which Golden State NBA player who was part of the Cavaliers-Warriors rivalry?".into(),
                "In what year was {thing} named NBA Finals Most Valuable Player?".into()
            ))
        );
        assert_eq!(
            cut("Where was the drummer, who played on Harbour Lights, born?"),
            Some((
                "which drummer who played on Harbour Lights?".into(),
                "Where was {thing} born?".into()
            ))
        );
        // A date's comma and a title's comma do not close the clause.
        assert_eq!(
            cut("For how many years did a player, who woke up on March 28, 1996 without vision, play for the Twins?"),
            Some((
                "which player who woke up on March 28, 1996 without vision?".into(),
                "For how many years did {thing} play for the Twins?".into()
            ))
        );
        assert_eq!(
            cut("Which shore does the castle, which Sir James Montgomery, 4th Baronet is the laird of, stand on?"),
            Some((
                "which castle which Sir James Montgomery, 4th Baronet is the laird of?".into(),
                "Which shore does {thing} stand on?".into()
            ))
        );
        // A comma after a day that no year follows closes it.
        assert_eq!(
            cut("Where was the drummer, who joined on 3 May, born?"),
            Some((
                "which drummer who joined on 3 May?".into(),
                "Where was {thing} born?".into()
            ))
        );
        // A name before the clause, no closing comma, nothing after it.
        assert_eq!(
            cut("Where was Iona Fraser, who played on Harbour Lights, born?"),
            None
        );
        assert_eq!(
            cut("Where was the drummer, who played on Harbour Lights born?"),
            None
        );
        assert_eq!(
            cut("Who is the drummer, who played on Harbour Lights?"),
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
