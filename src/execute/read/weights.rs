//! Stage 6 — execute: reading one passage; the question's terms and their
//! weights.
//!
//! [`weigh`] and [`weights`] give each term of a question's [`Frame`] its
//! rarity in the corpus (IDF), once for all the passages a step reads. The
//! words the corpus never writes that name a relation
//! ([`soften_unknown_verbs`]), the kind of thing asked
//! ([`soften_asking_phrase`]) or someone's attribute ("my *diet*",
//! [`weights`]) are made soft: they rank sentences, a passage need not
//! write them.
//!
//! Guarantees: one [`Weighted`] per distinct stem, in question order; a word
//! the corpus lacks weighs as the corpus' highest IDF (a CJK pair as the
//! question's known words on average) and is marked unknown; softening
//! changes a word's role and flags, never its weight, and drops no word; no
//! input panics.

use crate::analyze::fold::Lower;
use crate::analyze::{self, lexicon};
use crate::decompose::frame::{Frame, Role};
use crate::execute::hyphen;

/// One question term with the weight it is read with.
#[derive(Debug, Clone, PartialEq)]
pub struct Weighted {
    pub stem: String,
    pub role: Role,
    /// Rarity (IDF) in the corpus; the corpus' highest for a word it lacks.
    pub weight: f32,
    /// The corpus has no passage with this word.
    pub unknown: bool,
    /// Position of the word in the question (for order).
    pub position: usize,
    /// The word names an attribute only its tagged passages state ("my
    /// *diet*"): soft, and a passage without the tag does not answer.
    pub attribute: bool,
    /// An attribute word no passage writes in any form ("Is Priya
    /// *allergic* …?"): its tagged passages state it in their own words.
    pub unwritten: bool,
}

/// The question's terms with their corpus weights.
pub fn weigh(frame: &Frame, idf: &dyn Fn(&str) -> Option<f32>, max_idf: f32) -> Vec<Weighted> {
    let mut out: Vec<Weighted> = Vec::new();
    for (position, t) in frame.terms.iter().enumerate() {
        let stem = lexicon::lemma(&t.term);
        if out.iter().any(|w| w.stem == stem) {
            continue;
        }
        // A hyphenated word the corpus writes only apart weighs as its
        // rarest part ("Szeged-born": "born in Szeged").
        let found = idf(&t.term).or_else(|| {
            hyphen::parts(frame, t)?
                .iter()
                .map(|p| idf(&p.term))
                .try_fold(0.0f32, |m, w| Some(m.max(w?)))
        });
        out.push(Weighted {
            stem,
            role: t.role,
            weight: found.unwrap_or(max_idf),
            unknown: found.is_none(),
            position,
            attribute: false,
            unwritten: false,
        });
    }
    // A CJK pair no passage has is a rare word the corpus lacks (命数) or a
    // pair read across a word boundary (际功): it weighs as much as the
    // question's known words on average, not as the rarest of them.
    let known: Vec<f32> = out
        .iter()
        .filter(|w| !w.unknown && w.role != Role::Soft)
        .map(|w| w.weight)
        .collect();
    if !known.is_empty() {
        let mean = known.iter().sum::<f32>() / known.len() as f32;
        for w in out.iter_mut() {
            if w.unknown && w.stem.chars().any(analyze::is_cjk) {
                w.weight = mean;
            }
        }
    }
    out
}

/// Softens, in a description a follow step resolves, the verbs the corpus
/// never uses, and the nouns of their doers: such a word names a relation
/// its passages put in other words ("the band Callum Reid *sings* in" where
/// pages say "singer", "vocalist"; "the label Jean Cowie was the *founder*
/// of" where they say "founded by"), so it can rank sentences, not be
/// required. A word in `-ing` is a noun ("refund shipping") and stays what
/// it is. So are a role noun ("the *filmmaker* behind Salt Roads", where
/// pages say "film director": the candidate's page is held to the role
/// instead) and the preposition that ties the description to its anchor
/// ("behind").
pub fn soften_unknown_verbs(words: &mut [Weighted], frame: &Frame) {
    for w in words.iter_mut() {
        let Some(word) = written(frame, w) else {
            continue;
        };
        let relation = lexicon::is_verb(&word)
            || lexicon::agent_verb(&word).is_some()
            || crate::execute::kind::is_role(&word)
            || crate::decompose::links_description(&word);
        if w.unknown && w.role == Role::Topic && relation {
            w.role = Role::Soft;
        }
    }
}

/// Softens the words of the phrase that asks for the thing ("What
/// *software* company developed …?") that the corpus never uses: they say
/// what kind of thing the answer is, which its passage may put in other
/// words or only in its name ("developed by Marrow Bay Interactive"), so
/// they rank sentences but are not required. A word that restricts the
/// kind ("pirate-themed") stays what it is.
pub fn soften_asking_phrase(words: &mut [Weighted], frame: &Frame) {
    let Some(phrase) = crate::execute::kind::asking_phrase(&frame.question) else {
        return;
    };
    let phrase: Vec<String> = phrase
        .iter()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).lower())
        .collect();
    // A noun that names a kind ("software"), not a word that restricts it
    // ("pirate-themed", "award-winning", "retired"): those stay required.
    let kind_word = |x: &String| {
        phrase.contains(x)
            && x.chars().all(char::is_alphabetic)
            && !lexicon::is_participle(x)
            && !x.ends_with("ing")
    };
    for w in words.iter_mut() {
        if w.unknown && w.role == Role::Topic && written(frame, w).is_some_and(|x| kind_word(&x)) {
            w.role = Role::Soft;
        }
    }
}

/// The words of the question the corpus never uses that are verb forms
/// ("photographed", "deleted", "use"), read as the question writes them:
/// their stems, and whether each is a passive predicate (a participle after
/// a form of "be" or "get": "is deleted", "should be deleted"; not "a
/// single called Low Water"). What a verification cannot check.
pub fn unknown_verbs(frame: &Frame, words: &[Weighted]) -> Vec<(String, bool)> {
    words
        .iter()
        .filter(|w| w.unknown)
        .filter_map(|w| {
            let word = written(frame, w)?;
            let participle = lexicon::is_participle(&word);
            let before = frame
                .terms
                .get(w.position)
                .and_then(|t| frame.question.get(..t.start))
                .and_then(|b| b.split_whitespace().next_back())
                .unwrap_or("")
                .lower();
            let passive = participle
                && matches!(
                    before.as_str(),
                    "is" | "was"
                        | "are"
                        | "were"
                        | "be"
                        | "been"
                        | "being"
                        | "get"
                        | "gets"
                        | "got"
                );
            (participle || lexicon::is_verb(&word)).then(|| (w.stem.clone(), passive))
        })
        .collect()
}

/// The question's word a weighted term stands for, lowercased as written.
pub(in crate::execute) fn written(frame: &Frame, w: &Weighted) -> Option<String> {
    let t = frame.terms.get(w.position)?;
    Some(frame.question.get(t.start..t.end).unwrap_or("").lower())
}

/// The question's terms weighed by their rarity in this index.
pub fn weights(index: &crate::index::Index, frame: &Frame) -> Vec<Weighted> {
    let terms: Vec<String> = frame.terms.iter().map(|t| t.term.clone()).collect();
    let query = index.query(&terms);
    let max_idf = query.iter().map(|q| q.idf).fold(0.0f32, f32::max).max(1.0);
    // A word the corpus writes only in another form is known ("win" in a
    // corpus that says "won"): it weighs as that form.
    let idf = |t: &str| -> Option<f32> {
        if index.df(t) > 0 {
            return query.iter().find(|q| q.term == t).map(|q| q.idf);
        }
        let base = lexicon::lemma(t);
        let form = std::iter::once(base.clone())
            .chain(lexicon::forms_of(&base).map(String::from))
            .find(|f| f != t && index.df(f) > 0)?;
        index.query(&[form]).first().map(|q| q.idf)
    };
    let mut words = weigh(frame, &idf, max_idf);
    crate::execute::seams::soften(index, frame, &mut words);
    // A cue word no passage writes that names someone's attribute ("my
    // *diet*", "Sam's job *title*") is what the tagged passages state in
    // other words ("Priya eats fish"): it ranks, it is not required, and
    // only a passage tagged with it answers. So is one that qualifies a word
    // those passages write ("any *food* intolerance": "Priya has a gluten
    // intolerance"). A cue word asked as a value ("can I get *cash*?")
    // stays required.
    for w in words.iter_mut() {
        let attributes = index.cue_attributes(std::slice::from_ref(&w.stem));
        // (A word some passage writes is an attribute only by its name:
        // "job *title*", not a cue word such as "cash".)
        let named = attributes
            .iter()
            .any(|a| lexicon::names_attribute(a, &w.stem));
        if !w.unknown && !named {
            continue;
        }
        let qualifies = || {
            let next = frame
                .terms
                .get(w.position + 1)
                .map(|t| lexicon::lemma(&t.term));
            next.is_some_and(|n| attributes.iter().any(|a| tagged_write(index, a, &n)))
        };
        if !attributes.is_empty()
            && (owned(frame, w.position) || said_of_someone(frame, w.position) || qualifies())
        {
            w.unwritten = w.unknown;
            w.unknown = false;
            w.role = Role::Soft;
            w.attribute = true;
        }
    }
    words
}

/// True when a passage tagged with `attribute` writes the term `stem`.
fn tagged_write(index: &crate::index::Index, attribute: &str, stem: &str) -> bool {
    index.slot_members(attribute).iter().any(|&doc| {
        index
            .passage(doc)
            .is_some_and(|p| analyze::passage_writes(&p.text, stem))
    })
}

/// True when the question's term at `position` is in a noun phrase a
/// possessive opens ("my job", "Priya's role", "your diet", "my job
/// title").
fn owned(frame: &Frame, position: usize) -> bool {
    let Some(before) = frame
        .terms
        .get(position)
        .and_then(|t| frame.question.get(..t.start))
    else {
        return false;
    };
    let pronoun = |w: &str| {
        matches!(
            w.lower().as_str(),
            "my" | "your" | "his" | "her" | "their" | "our"
        )
    };
    // Someone's: "my", "Sam's", "my sister's"; not a thing's ("the
    // widget's title" is the widget's field, no one's job title).
    let words: Vec<&str> = before.split_whitespace().collect();
    let possessive = |at: usize| {
        let Some(w) = words.get(at) else {
            return false;
        };
        let genitive = w.ends_with("'s") || w.ends_with("’s");
        pronoun(w)
            || (genitive
                && (w.starts_with(char::is_uppercase)
                    || at
                        .checked_sub(1)
                        .and_then(|b| words.get(b))
                        .is_some_and(|b| pronoun(b))))
    };
    let mut back = words.iter().copied().enumerate().rev().peekable();
    // "my kind of diet", "Priya's sort of diet": the owner is the kind's.
    if back.peek().is_some_and(|(_, w)| w.lower() == "of") {
        back.next();
        if !back
            .next()
            .is_some_and(|(_, w)| matches!(w.lower().as_str(), "kind" | "sort" | "type"))
        {
            return false;
        }
    }
    match back.next() {
        Some((i, _)) if possessive(i) => true,
        // One plain word between ("my job title").
        Some((_, w)) if w.chars().all(char::is_lowercase) && !analyze::is_stop_word(w) => {
            back.next().is_some_and(|(i, _)| possessive(i))
        }
        _ => false,
    }
}

/// True when the question's term at `position` is said of someone: the
/// word before it in its clause, past forms of "be", "have" and "do" and a
/// determiner ("Is Priya *allergic*", "Priya is *allergic*", "does Priya
/// have any *allergies*", "am I *allergic*") and one plain word right
/// before it ("any *food* allergies"), is a name the question gives
/// or a personal pronoun. Such a word names the person's attribute, as
/// "Priya's allergies" does.
fn said_of_someone(frame: &Frame, position: usize) -> bool {
    let Some(start) = frame.terms.get(position).map(|t| t.start) else {
        return false;
    };
    let before = frame.question.get(..start).unwrap_or("");
    for (k, word) in before.split_whitespace().rev().enumerate() {
        // The clause ends at a mark ("Sam works nights, and is he …").
        if word.ends_with([',', ';', ':', '?', '.', '!']) {
            return false;
        }
        // (The word's byte offset: it is a slice of `before`.)
        let at = word.as_ptr() as usize - before.as_ptr() as usize;
        let lower = word.lower();
        if matches!(
            lower.as_str(),
            "is" | "are"
                | "am"
                | "was"
                | "were"
                | "be"
                | "been"
                | "have"
                | "has"
                | "had"
                | "do"
                | "does"
                | "did"
                | "any"
                | "a"
                | "an"
                | "some"
        ) {
            continue;
        }
        // One plain word that qualifies it ("does Priya have any *food*
        // allergies").
        if k == 0 && word.chars().all(char::is_lowercase) && !analyze::is_stop_word(word) {
            continue;
        }
        let named = frame.names.iter().any(|&(s, e)| s <= at && at < e);
        return named || matches!(lower.as_str(), "i" | "you" | "he" | "she" | "we" | "they");
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::frame::{frame, Strictness};

    #[test]
    fn a_word_said_of_a_named_person_or_a_pronoun_is_theirs() {
        let said = |q: &str, word: &str| {
            let f = frame(q, Strictness::Question);
            let at = f
                .terms
                .iter()
                .position(|t| q.get(t.start..t.end) == Some(word))
                .unwrap_or_else(|| panic!("{word} is no term of {q}"));
            said_of_someone(&f, at)
        };
        assert!(said("Is Priya allergic to anything?", "allergic"));
        assert!(said("What is Priya allergic to?", "allergic"));
        assert!(said("Priya is allergic to what", "allergic"));
        assert!(said("Does Priya have any allergies?", "allergies"));
        assert!(said("is she allergic to anything", "allergic"));
        // A thing's, not someone's; another word between; another clause.
        assert!(!said("Is the widget allergic to anything?", "allergic"));
        assert!(!said("Does Priya keep spare allergies?", "allergies"));
        assert!(!said("Priya eats fish, allergic or not?", "allergic"));
    }

    #[test]
    fn an_unknown_verb_is_one_a_verification_cannot_check() {
        let known = ["lantern", "keeper", "direct", "supernatur", "drama"];
        let idf = |t: &str| known.contains(&t).then_some(1.0);
        let unknown = |q: &str| {
            let f = frame(q, Strictness::Question);
            unknown_verbs(&f, &weigh(&f, &idf, 5.0))
        };
        let verb = |stem: &str, participle: bool| vec![(stem.to_string(), participle)];
        assert_eq!(
            unknown("Who photographed The Lantern Keeper?"),
            verb("photograph", false)
        );
        assert!(unknown("Who directed The Lantern Keeper?").is_empty());
        // The predicate a frame makes soft is a verb all the same.
        assert_eq!(
            unknown("Which is deleted first, the Lantern or the Keeper?"),
            verb("delet", true)
        );
        assert_eq!(
            unknown("Which drama does the Keeper use?"),
            verb("use", false)
        );
        assert_eq!(
            unknown("Which drama was photographed first?"),
            verb("photograph", true)
        );
        // A participle that names, after a noun, is no predicate.
        assert_eq!(
            unknown("Which drama had a keeper called Lantern?"),
            verb("call", false)
        );
        // A misspelt noun is unknown, not a verb.
        assert!(unknown("Which supernatrual drama had The Lantern Keeper?").is_empty());
    }
}
