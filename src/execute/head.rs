//! Stage 5 — execute: where a follow step's described thing is named in a
//! passage.
//!
//! A follow step asks for a thing by a description ("which drummer from the
//! album X", "X was written by which screenwriter?"). Its head noun
//! ("drummer"), the verb an agent noun names ("the creator of X": "created"),
//! the agent noun of a verb asked ("Who drummed on X?": "drummer") and a
//! closing relation ("written by") are where a passage names the
//! thing; extraction ranks the titles it links nearest them. When every
//! such place names someone the corpus has no page for ("guitarist Sean
//! Dalgleish", "written by Judit Halasz"), the passage has answered: the
//! thing exists but is no title, and no other title is the thing. A title in
//! quotation marks is the words inside them ("the novel "Dr. Gräsler,
//! Badearzt""); where the question asks its noun late ("… was based on what
//! novel …?"), such a quoted title after each place of the noun is the
//! thing.
//!
//! Guarantees: positions are byte ranges of the passage text on char
//! boundaries; [`Head::unpaged`] is false when the head is never named.

use crate::analyze::fold::Lower;
use crate::analyze::{self, lexicon};
use crate::decompose::frame::{Frame, Term};
use crate::index::Index;
use crate::model::Passage;

/// The places a passage names a follow step's described thing.
pub struct Head {
    /// The question names a described thing ("which …"), not a whole
    /// question whose first word would be taken for a head.
    pub described: bool,
    /// Byte ranges of the head noun, its agent verb or the relation verb.
    pub at: Vec<(usize, usize)>,
    /// Byte ranges of the head noun alone.
    nouns: Vec<(usize, usize)>,
    /// Byte ranges of the verb that follows a phrase asking for its
    /// subject, where the passage writes it with "by" ([`super::kind::subject_verb`]:
    /// "developed by Marrow Bay Interactive" for "What company developed
    /// Lantern Run?"). Also in `at`.
    by_verb: Vec<(usize, usize)>,
    /// The head noun when it names a person's role ("drummer", "director",
    /// [`super::kind::is_role`]), which a page says in words, not only by
    /// its class.
    pub role: Option<String>,
    /// Where no head is described, the places of the noun a `what`/`which`
    /// phrase inside the question asks ("… was based on what *novel* …"):
    /// a title quoted right after each names the thing ([`Head::unpaged`]).
    asked: Vec<(usize, usize)>,
}

impl Head {
    /// The head's places in `p`: the described head noun (else the
    /// question's first word), the verb of an agent noun, and a closing
    /// "VERBed by which …" relation.
    pub fn find(frame: &Frame, p: &Passage) -> Head {
        let described = described_head(frame);
        let relation = described
            .and_then(|_| {
                frame.terms.iter().find(|t| {
                    frame
                        .question
                        .get(t.end..)
                        .is_some_and(|r| r.starts_with(" by which "))
                })
            })
            .map(|t| lexicon::lemma(&t.term));
        let subject = super::kind::subject_verb(frame);
        let mut at = Vec::new();
        let mut nouns = Vec::new();
        let mut by_verb = Vec::new();
        let mut role = None;
        let head = described.or(frame.terms.first());
        // Where no head is described, the noun a `what`/`which` phrase
        // inside the question asks ([`Head::asked`]).
        let asked_noun = described
            .is_none()
            .then(|| super::kind::asked_noun(&frame.question))
            .flatten()
            .map(|n| lexicon::lemma(&crate::analyze::stem(&n)));
        // The passage's terms, read once for both.
        let terms = if head.is_some() || asked_noun.is_some() {
            analyze::passage_terms(&p.text)
        } else {
            Vec::new()
        };
        if let Some(h) = head {
            let noun = lexicon::lemma(&h.term);
            let word = frame.question.get(h.start..).unwrap_or("");
            let verb = analyze::words(word.split_whitespace().next().unwrap_or(""))
                .first()
                .and_then(|w| lexicon::agent_verb(&w.term));
            role = super::kind::is_role(&h.term).then(|| h.term.clone());
            let kin = lexicon::child_terms(&noun);
            let asked_lowercase = frame
                .question
                .get(h.start..h.end)
                .is_some_and(|w| !w.starts_with(char::is_uppercase));
            for t in &terms {
                // A capitalised word inside a sentence is part of a name
                // ("The Lantern *Keeper*" for "the lighthouse keeper in …").
                if asked_lowercase && in_name(&p.text, t.start) {
                    continue;
                }
                let l = lexicon::lemma(&t.term);
                let of_kind = l == noun || lexicon::same_kind(&noun, &l);
                if of_kind {
                    nouns.push((t.start, t.end));
                }
                let by = (subject.as_ref() == Some(&l))
                    .then(|| by_after(&p.text, t.end))
                    .flatten();
                if let Some(by) = by {
                    by_verb.push((t.start, by));
                }
                // The doer of the question's verb, named by its agent noun
                // ("Drummer Ruth Mackay" for "Who drummed on …?").
                let doer = || lexicon::names_doer(&t.term, &noun);
                if of_kind
                    || kin.contains(&l.as_str())
                    || verb.as_ref() == Some(&l)
                    || doer()
                    || relation.as_ref() == Some(&l)
                    || by.is_some()
                {
                    at.push((t.start, t.end));
                }
            }
        }
        // A name the question sets before its closing head ("which *TNT*
        // series?"): the places it is written before, when there are any
        // ("the TNT series "Will"", not "the Starz series Camelot").
        let modifiers = closing_modifiers(frame, described);
        let qualified = |&(start, _): &(usize, usize)| {
            let before = p.text.get(..start).unwrap_or("");
            let near: Vec<&str> = before
                .rsplit(|c: char| c.is_whitespace())
                .take(3)
                .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
                .collect();
            modifiers.iter().any(|m| near.contains(&m.as_str()))
        };
        if !modifiers.is_empty() && nouns.iter().any(qualified) {
            nouns.retain(qualified);
            at.retain(qualified);
        }
        let asked = match asked_noun {
            Some(noun) => terms
                .iter()
                .filter(|t| lexicon::lemma(&t.term) == noun)
                .map(|t| (t.start, t.end))
                .collect(),
            None => Vec::new(),
        };
        Head {
            described: described.is_some(),
            at,
            nouns,
            by_verb,
            role,
            asked,
        }
    }

    /// The passage's first sentence says its page is a thing of the
    /// described head noun's kind: "Harbour Lights is the third studio album
    /// by …" for "which album …" (a copula, then at most [`DEFINING_WORDS`]
    /// words and no comma before the noun). A verb of the head ("a film
    /// directed by") defines nothing, and neither does a whole question's
    /// first word.
    pub fn defines(&self, p: &Passage) -> bool {
        if !self.described || self.nouns.is_empty() {
            return false;
        }
        let first = crate::execute::read::sentences(&p.text)
            .next()
            .unwrap_or((0, 0));
        self.nouns.iter().any(|&(start, _)| {
            let Some(before) = p.text.get(first.0..start).filter(|_| start < first.1) else {
                return false;
            };
            [" is ", " was ", " are ", " were "].iter().any(|copula| {
                before.rfind(copula).is_some_and(|i| {
                    let between = before.get(i + copula.len()..).unwrap_or("");
                    !between.contains(',') && between.split_whitespace().count() <= DEFINING_WORDS
                })
            })
        })
    }

    /// Every place of a described head names, right after it (or after its
    /// relation's "by"), a capitalised name that is not linked to a page, not
    /// the passage's own title and not a name the question gives (`given`,
    /// normalized): the thing described has no page. Returns the byte range
    /// of the name at the head's first place.
    pub fn unpaged(
        &self,
        index: &Index,
        doc: u32,
        p: &Passage,
        given: &[String],
    ) -> Option<(usize, usize)> {
        let mentions = index.mentions(doc);
        let own = crate::index::catalog::title_base(&p.title).unwrap_or(&p.title);
        let names_unpaged = |&(_, end): &(usize, usize)| {
            let (at, name_end) = name_after(&p.text, end);
            let name = p.text.get(at..name_end).unwrap_or("");
            // A nationality before a noun ("a retired *Argentine*
            // footballer") names no one.
            let adjective = || {
                let word = name.split_whitespace().next().unwrap_or("");
                let bare = word.trim_end_matches(|c: char| !c.is_alphanumeric());
                crate::decompose::frame::adjectival_demonym(&p.text, (at, at + bare.len()))
            };
            name.starts_with(char::is_uppercase)
                && !adjective()
                && !name.starts_with(own)
                && {
                    // The name itself, or a longer one that opens with a
                    // given name of several words ("Callum Reid and …");
                    // not "King George IV" for the "King" of a question's
                    // "King's College London".
                    let named = normalized(name);
                    !given.iter().any(|g| {
                        named == *g
                            || (g.contains(' ')
                                && named
                                    .strip_prefix(g.as_str())
                                    .is_some_and(|r| r.starts_with(' ')))
                    })
                }
                && !mentions
                    .iter()
                    .any(|m| (m.start as usize) <= at && at < m.end as usize)
        };
        // The verb the question asks the subject of, written with "by",
        // says more than the head noun: "developed by Marrow Bay
        // Interactive" names the studio though "another studio" names none.
        let (described, places) = if self.by_verb.is_empty() {
            (self.described, &self.at)
        } else {
            (true, &self.by_verb)
        };
        let all = described && !places.is_empty() && places.iter().all(names_unpaged);
        if let Some(&(_, end)) = places.first().filter(|_| all) {
            return Some(name_after(&p.text, end));
        }
        // A title quoted after each place of the noun asked.
        let quoted =
            |place: &(usize, usize)| quoted_title(&p.text, name_start(&p.text, place.1)).is_some();
        let all = !self.asked.is_empty()
            && self
                .asked
                .iter()
                .all(|place| quoted(place) && names_unpaged(place));
        let &(_, end) = self.asked.first().filter(|_| all)?;
        Some(name_after(&p.text, end))
    }
}

/// Quotation marks a work's title is written in, opening and closing.
const QUOTES: &[(char, char)] = &[('"', '"'), ('\u{201c}', '\u{201d}')];
/// Most bytes of a quoted title.
const QUOTED_MAX: usize = 80;

/// The byte range of the name written right after the head place ending at
/// `end` ([`name_start`]): a title in quotation marks ("the novel "Dr.
/// Gräsler, Badearzt"", "the TNT series "Will"") is the words inside them,
/// commas, periods and lowercase words included, when it opens with a
/// capital and closes within [`QUOTED_MAX`] bytes on the same line; else the
/// capitalised name there ([`name_length`]).
fn name_after(text: &str, end: usize) -> (usize, usize) {
    let start = name_start(text, end);
    quoted_title(text, start)
        .unwrap_or_else(|| (start, start + name_length(text.get(start..).unwrap_or(""))))
}

/// The byte range inside the quotation marks that open at `start`, when
/// they hold a title ([`name_after`]).
fn quoted_title(text: &str, start: usize) -> Option<(usize, usize)> {
    let rest = text.get(start..)?;
    QUOTES.iter().find_map(|&(open, close)| {
        let inner = rest.strip_prefix(open)?;
        let len = inner.find(close).filter(|&n| n <= QUOTED_MAX)?;
        let title = inner.get(..len)?;
        (title.starts_with(char::is_uppercase) && !title.contains('\n')).then(|| {
            let at = start + open.len_utf8();
            (at, at + len)
        })
    })
}

/// Where the " by" that gives a verb's agent starts, when it follows the
/// verb ending at `end` directly or after a short adjunct of the same clause
/// ("developed by …", "established in 1829 by …"): at most
/// [`ADJUNCT_WORDS`] words, no punctuation between.
fn by_after(text: &str, end: usize) -> Option<usize> {
    let rest = text.get(end..)?;
    let at = rest.find(" by ")?;
    let between = rest.get(..at)?;
    let short = between.split_whitespace().count() <= ADJUNCT_WORDS;
    (short && !between.contains([',', ';', '.', '(', ')'])).then_some(end + at)
}

/// Most words between a verb and the "by" of its agent.
const ADJUNCT_WORDS: usize = 3;

/// Where the name after a head place that ends at `end` starts: past a
/// relation's " by" and the spaces before the name.
fn name_start(text: &str, end: usize) -> usize {
    let after = text.get(end..).unwrap_or("");
    let after = after.strip_prefix(" by").unwrap_or(after);
    let start = text.len() - after.trim_start().len();
    start + described_by(text.get(start..).unwrap_or(""))
}

/// Most lowercase words of a description between a nationality and the
/// name it describes ("comedian and actor").
const DESCRIPTION_WORDS: usize = 4;

/// Where the name starts in `text` when `text` opens with a nationality
/// and a lowercase description of the named ("American comedian and actor
/// Marlon Wayans": at "Marlon"); 0 when it does not.
fn described_by(text: &str) -> usize {
    let mut pos = 0;
    let mut lowercase = 0;
    for (n, chunk) in text.split_inclusive(' ').enumerate() {
        let word = chunk.trim_end();
        let first = word.chars().next();
        if n == 0 {
            if !lexicon::is_demonym(&word.lower()) {
                return 0;
            }
        } else if first.is_some_and(char::is_uppercase) {
            return if lowercase > 0 { pos } else { 0 };
        } else if lowercase >= DESCRIPTION_WORDS || !word.chars().all(char::is_alphabetic) {
            return 0;
        } else {
            lowercase += 1;
        }
        pos += chunk.len();
    }
    0
}

/// The length in bytes of the capitalised name `text` starts with: its
/// capitalised words, and the lowercase joiners between two of them ("Ethan
/// of Caen", "Waring & Gillow"), without trailing punctuation.
pub(super) fn name_length(text: &str) -> usize {
    const JOINERS: &[&str] = &["of", "the", "and", "&", "de", "da", "van", "von", "y"];
    let mut end = 0;
    let mut pos = 0;
    for chunk in text.split_inclusive(' ') {
        let word = chunk.trim_end();
        let bare = word.trim_end_matches(|c: char| !c.is_alphanumeric());
        if bare.starts_with(char::is_uppercase) {
            end = pos + bare.len();
            if bare.len() < word.len() {
                break;
            }
        } else if !JOINERS.contains(&word) {
            break;
        } else if word == "and"
            && text
                .get(pos + chunk.len()..)
                .is_some_and(|r| r.starts_with("the ") || r.starts_with("The "))
        {
            // "King George IV and the Duke of Wellington": two names.
            break;
        }
        pos += chunk.len();
    }
    end
}

/// Words that end the phrase a described thing is named by ("which
/// Hungarian writer *of* Salt Roads").
const PHRASE_ENDS: &[&str] = &[
    "of", "from", "in", "on", "by", "for", "that", "who", "whose", "which", "with", "at", "behind",
    "to",
];

/// The nationality a question's `what`/`which` phrase gives the thing it
/// asks for ("which *Hungarian* writer of Salt Roads?", "Which retired
/// *Argentine* footballer who …?"): the demonyms of the first capitalised
/// word of the phrase ([`super::kind::asking_phrase`]) that has one
/// ("Canadian-American": both), before any word that ends the phrase.
/// Empty when none.
pub fn nationality(frame: &Frame) -> Vec<String> {
    super::kind::asking_phrase(&frame.question)
        .unwrap_or_default()
        .into_iter()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .take_while(|w| !PHRASE_ENDS.contains(w))
        .filter(|w| w.starts_with(char::is_uppercase))
        .map(demonyms)
        .find(|d| !d.is_empty())
        .unwrap_or_default()
}

/// True when a page's first sentence gives its subject nationalities and
/// shares none with `asked` ("a Canadian–American actress" shares one with
/// "Canadian-American"). A nationality is an adjective: a capitalised word
/// that a lowercase word follows in the same clause ("Scottish *band*"), not
/// a name that happens to end like one ("… by Callum Reid and Sean
/// Dalgleish.").
pub fn other_nationality(text: &str, asked: &[String]) -> bool {
    let words: Vec<&str> = super::kind::first_sentence(text)
        .split_whitespace()
        .collect();
    let mut said: Vec<String> = words
        .iter()
        .zip(words.iter().skip(1))
        .filter(|(w, next)| {
            w.starts_with(char::is_uppercase)
                && w.ends_with(char::is_alphanumeric)
                && next.starts_with(char::is_lowercase)
        })
        .flat_map(|(w, _)| demonyms(w))
        .collect();
    if said.is_empty() {
        // No adjective: the country it is from ("a band from Edinburgh,
        // Scotland").
        said = words
            .iter()
            .filter(|w| w.starts_with(char::is_uppercase))
            .filter_map(|w| {
                let bare = w.trim_matches(|c: char| !c.is_alphanumeric());
                lexicon::country_demonym(&crate::analyze::fold::lower_str(bare))
            })
            .map(str::to_string)
            .collect();
    }
    disjoint(&said, asked)
}

/// True when a sentence states one of the `asked` nationalities, as an
/// adjective or a country ("by the *Scottish* folk-rock band …").
pub fn states_nationality(sentence: &str, asked: &[String]) -> bool {
    sentence
        .split_whitespace()
        .filter(|w| w.starts_with(char::is_uppercase))
        .flat_map(|w| {
            let bare = w.trim_matches(|c: char| !c.is_alphanumeric());
            let country = lexicon::country_demonym(&crate::analyze::fold::lower_str(bare));
            demonyms(w).into_iter().chain(country.map(str::to_string))
        })
        .any(|s| asked.iter().any(|a| lexicon::is_of_nationality(&s, a)))
}

/// True when nationalities were said and none is one asked
/// ([`lexicon::is_of_nationality`]).
fn disjoint(said: &[String], asked: &[String]) -> bool {
    !said.is_empty()
        && !said
            .iter()
            .any(|s| asked.iter().any(|a| lexicon::is_of_nationality(s, a)))
}

/// True when a sentence writes the kind asked with a nationality before it,
/// and that nationality is none of `asked` ("the *Scottish* folk-rock band
/// The Tidewalkers" answers no "What English band …?").
pub fn says_other_nationality(sentence: &str, noun: &str, asked: &[String]) -> bool {
    let words: Vec<&str> = sentence.split_whitespace().collect();
    words.iter().enumerate().any(|(i, w)| {
        let bare = w.trim_matches(|c: char| !c.is_alphanumeric());
        crate::analyze::fold::lower_str(bare) == noun && conflicts(&words[..i], asked)
    })
}

/// True when the text just before a name gives it another nationality
/// than `asked` ("… by the *Scottish* folk-rock band | The Tidewalkers").
pub fn written_other_nationality(before: &str, asked: &[String]) -> bool {
    let words: Vec<&str> = before.split_whitespace().collect();
    conflicts(&words, asked)
}

/// True when the last words of `before` (at most four, in one clause) hold
/// a nationality adjective and none is one of `asked`.
fn conflicts(before: &[&str], asked: &[String]) -> bool {
    let said: Vec<String> = before
        .iter()
        .rev()
        .take(4)
        .take_while(|b| b.ends_with(|c: char| c.is_alphanumeric()))
        .filter(|b| b.starts_with(char::is_uppercase))
        .flat_map(|b| demonyms(b))
        .collect();
    disjoint(&said, asked)
}

/// The demonyms in a capitalised word, lowercased, split at any
/// non-alphanumeric character ("Canadian–American" → canadian, american;
/// "Szeged-born" → none).
fn demonyms(word: &str) -> Vec<String> {
    word.split(|c: char| !c.is_alphanumeric())
        .map(crate::analyze::fold::lower_str)
        .filter(|p| lexicon::is_demonym(p))
        .collect()
}

/// The question's names, normalized ([`normalized`]).
pub fn given(frame: &Frame) -> Vec<String> {
    frame
        .names
        .iter()
        .filter_map(|&(s, e)| frame.question.get(s..e))
        .map(normalized)
        .collect()
}

/// A name compared by its terms ("Media Matters" = "media matter").
pub fn normalized(name: &str) -> String {
    analyze::terms(name)
        .into_iter()
        .filter(|t| !t.term.contains(['-', '_', '.']))
        .map(|t| t.term)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The head noun of a described thing a follow step asks for: the word
/// after a leading "which" ("which drummer from the album X"), or the last
/// word of a closing "which …?" phrase of a few words ("X was succeeded by
/// which British aristocrat?", see `decompose::relative`).
fn described_head(frame: &Frame) -> Option<&Term> {
    let q = frame.question.as_str();
    let first = frame.terms.first()?;
    if q.get(..first.start)
        .is_some_and(|w| w.eq_ignore_ascii_case("which "))
    {
        // A compound of common words has its head last ("which lead
        // *singer* of …", "which second *single* …"): the lowercase words
        // right after, up to a verb ("which band *released* …", "a group
        // *using* …"), a preposition ("which label *behind* …"), a name or
        // any word between. (A compound opened by a name or a demonym,
        // "which Australian team", keeps its first word.)
        let mut head = first;
        let common = |t: &Term| {
            let raw = q.get(t.start..t.end).unwrap_or("");
            raw.starts_with(char::is_lowercase)
        };
        let rest = frame
            .terms
            .get(1..)
            .filter(|_| common(first))
            .unwrap_or(&[]);
        for t in rest {
            let written = q.get(t.start..t.end).unwrap_or("").lower();
            let next_word = t.start == head.end + 1 && q.get(head.end..t.start) == Some(" ");
            if !next_word
                || !common(t)
                || written.ends_with("ing")
                || lexicon::is_verb(&written)
                || lexicon::is_participle(&written)
                || crate::decompose::links_description(&written)
            {
                break;
            }
            head = t;
        }
        return Some(head);
    }
    let last = frame.terms.last()?;
    let phrase = q.get(..last.start)?.rsplit_once(" which ")?.1;
    let closing = q.get(last.end..)?.trim() == "?";
    (closing && phrase.split_whitespace().count() < 4 && !phrase.contains(',')).then_some(last)
}

/// The capitalised words of a closing "… which X N?" phrase before its head
/// noun ("TNT" in "… a cast member of which TNT show?"), when `described`
/// ([`described_head`]) is that noun; empty otherwise.
fn closing_modifiers(frame: &Frame, described: Option<&Term>) -> Vec<String> {
    let q = frame.question.as_str();
    let Some(last) = frame.terms.last() else {
        return Vec::new();
    };
    if described.is_none_or(|h| h.start != last.start) {
        return Vec::new();
    }
    let Some((_, phrase)) = q.get(..last.start).and_then(|b| b.rsplit_once(" which ")) else {
        return Vec::new();
    };
    phrase
        .split_whitespace()
        .filter(|w| w.starts_with(char::is_uppercase))
        .map(str::to_string)
        .collect()
}

/// True when the word at `start` is capitalised and does not open a
/// sentence: a word of a name.
fn in_name(text: &str, start: usize) -> bool {
    let capital = text
        .get(start..)
        .is_some_and(|w| w.starts_with(char::is_uppercase));
    let before = text.get(..start).unwrap_or("").trim_end();
    let opens = before.is_empty() || before.ends_with(['.', '!', '?', '"', '(', ':']);
    capital && !opens
}

/// The head noun of a described thing as the question writes it ("battle"
/// in "… in which battle?").
pub(super) fn described_word(frame: &Frame) -> Option<&str> {
    described_head(frame).and_then(|h| frame.question.get(h.start..h.end))
}

/// Most words between a defining copula and the head noun ("is *the third
/// studio* album").
const DEFINING_WORDS: usize = 4;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::frame::{frame, Strictness};

    fn page(title: &str, text: &str) -> Passage {
        Passage::new(title, title, text)
    }

    #[test]
    fn a_nationality_and_role_before_a_name_are_skipped() {
        let at = |t: &str| t.get(described_by(t)..).unwrap_or("").to_string();
        assert_eq!(
            at("American comedian and actor Marlon Wayans."),
            "Marlon Wayans."
        );
        assert_eq!(at("Scottish singer Mara Quill"), "Mara Quill");
        // A nationality with no description, or a name, stays as written.
        assert_eq!(at("American Airlines"), "American Airlines");
        assert_eq!(at("Marlon Wayans"), "Marlon Wayans");
        // Too long a description, or no name after it: nothing is skipped.
        assert_eq!(
            at("French painter and sculptor and film director Ana Brook"),
            "French painter and sculptor and film director Ana Brook"
        );
        assert_eq!(at("American comedian, actor"), "American comedian, actor");
    }

    #[test]
    fn a_compound_of_common_words_has_its_head_last() {
        let head = |q: &str| {
            let f = frame(q, Strictness::Question);
            described_word(&f).map(str::to_string)
        };
        for (q, want) in [
            ("which lead singer of The Greywell Sisters?", "singer"),
            ("which second single of George Harrison?", "single"),
            ("which regular drummer of The Tidewalkers?", "drummer"),
            // A verb, a gerund, a preposition, a name end it; a name or a
            // demonym that opens it is kept.
            ("which band released Harbour Lights?", "band"),
            ("which group using which style?", "group"),
            ("which label behind Northern Stars?", "label"),
            (
                "which Australian team that won the 1930 Ashes series?",
                "Australian",
            ),
        ] {
            assert_eq!(head(q).as_deref(), Some(want), "{q}");
        }
    }

    #[test]
    fn a_quoted_title_is_the_words_inside_its_quotes() {
        let after = |t: &str, noun: &str| {
            let end = t.find(noun).unwrap_or(0) + noun.len();
            let (s, e) = name_after(t, end);
            t[s..e].to_string()
        };
        let t = "It is based on the novel \"Dr. Gräsler, Badearzt\" by Arthur Schnitzler.";
        assert_eq!(after(t, "novel"), "Dr. Gräsler, Badearzt");
        let t = "she plays Kit Marlowe in the TNT series \u{201c}Will\u{201d}.";
        assert_eq!(after(t, "series"), "Will");
        // A name without quotes: its capitalised words.
        assert_eq!(
            after("the novel Salt Roads by Ada Moss", "novel"),
            "Salt Roads"
        );
        // Quotes that open no title, or close too far, bound nothing.
        assert_eq!(after("the novel \"a winter\" said", "novel"), "");
        let long = format!("the novel \"A{}\" ends", " word".repeat(20));
        assert_eq!(after(&long, "novel"), "");
    }

    #[test]
    fn a_capitalised_word_inside_a_sentence_is_part_of_a_name() {
        let t = "The Lantern Keeper is a film. Drummer Ruth Mackay played; the keeper left.";
        assert!(in_name(t, t.find("Keeper").unwrap_or(0)));
        assert!(!in_name(t, t.find("Drummer").unwrap_or(0)));
        assert!(!in_name(t, t.find("keeper").unwrap_or(0)));
        assert!(!in_name(t, 0));
    }

    #[test]
    fn a_page_defines_itself_by_its_first_sentence() {
        let album = frame("which album features Callum Reid?", Strictness::Question);
        let head = |p: &Passage| Head::find(&album, p).defines(p);
        assert!(head(&page(
            "Harbour Lights",
            "Harbour Lights is the third studio album by The Tidewalkers."
        )));
        // The noun used for other things, later or far from the copula.
        assert!(!head(&page(
            "The Tidewalkers",
            "The Tidewalkers are a folk-rock band. The band has released seven studio albums."
        )));
        assert!(!head(&page(
            "Walk of Life",
            "Walk of Life is a song by the British rock band Dire Straits from their fifth studio album."
        )));
        // A verb of the head defines nothing.
        let director = frame(
            "which director of The Lantern Keeper?",
            Strictness::Question,
        );
        let p = page(
            "The Lantern Keeper",
            "The Lantern Keeper is a 2004 drama film directed by Tomas Varga.",
        );
        assert!(!Head::find(&director, &p).defines(&p));
        // A whole question's first word is no head.
        let open = frame("album sales of Harbour Lights?", Strictness::Question);
        let p = page("Harbour Lights", "Harbour Lights is an album.");
        assert!(!Head::find(&open, &p).defines(&p));
    }

    #[test]
    fn a_description_gives_a_nationality_a_page_may_contradict() {
        let asked = |q: &str| nationality(&frame(q, Strictness::Question));
        assert_eq!(
            asked("which Hungarian writer of Salt Roads?"),
            ["hungarian"]
        );
        assert_eq!(
            asked("which Canadian-American actress who voiced Juliet?"),
            ["canadian", "american"]
        );
        // After the phrase, or not a demonym: none.
        assert!(asked("which writer of the Hungarian film?").is_empty());
        assert!(asked("which Szeged-born director?").is_empty());
        assert!(asked("Who wrote Salt Roads?").is_empty());
        let danish = "Elena Sorensen (born 21 August 1962) is a Danish film director. She is Hungarian by marriage.";
        assert!(other_nationality(danish, &["hungarian".into()]));
        assert!(!other_nationality(danish, &["danish".into()]));
        // Written with a dash, or not at all: no contradiction.
        let both = "Tara Strong (born 1973) is a Canadian–American actress.";
        assert!(!other_nationality(both, &["american".into()]));
        assert!(!other_nationality(
            "Iona Fraser is a drummer.",
            &["english".into()]
        ));
        // Said in the answering sentence, before the kind noun.
        let sentence = "It is the third album by the Scottish folk-rock band The Tidewalkers.";
        assert!(says_other_nationality(
            sentence,
            "band",
            &["english".into()]
        ));
        assert!(!says_other_nationality(
            sentence,
            "band",
            &["scottish".into()]
        ));
        assert!(!says_other_nationality(
            sentence,
            "album",
            &["english".into()]
        ));
        assert!(states_nationality(sentence, &["british".into()]));
        assert!(!states_nationality(sentence, &["danish".into()]));
        let before = "It is the third album by the Scottish folk-rock band";
        assert!(written_other_nationality(before, &["english".into()]));
        assert!(!written_other_nationality(before, &["scottish".into()]));
        assert!(!written_other_nationality(
            "Scottish, and then by",
            &["english".into()]
        ));
        // A name ending like a demonym is none; the adjective still counts.
        let band = "The Tidewalkers are a band from Scotland, formed by Sean Dalgleish.";
        assert!(!other_nationality(band, &["scottish".into()]));
        assert!(!other_nationality(band, &["british".into()]));
        assert!(other_nationality(band, &["english".into()]));
        let band = "The Tidewalkers are a Scottish band, formed by Sean Dalgleish.";
        assert!(other_nationality(band, &["english".into()]));
        assert!(!other_nationality(band, &["scottish".into()]));
    }
}
