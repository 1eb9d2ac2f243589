//! Stage 6 — execute: is a proposed thing of the kind the question asks for?
//!
//! "… written by who?" is not answered by a sitcom, "what county?" not by a
//! city, "what 1950 film?" not by a film producer, "where …?" not by a
//! festival — yet each of those is the page a bridge question's words match
//! best (the bridge, not the answer). The kind asked is read from the
//! question: the head noun of its `what`/`which` phrase ("which retired
//! baseball *player* played …"), or `who`/`whom` (a person or a group) and
//! `where` (a place) when the question asks for a person or a place. The
//! kind a page is comes from its first sentence: the heads of the noun
//! phrases after its first copula ("Millbrook is the county *seat* and
//! largest *city* of …"), or "born" in its first parenthesis for a person.
//!
//! Both are looked up in [`CLASSES`], common English kind nouns in classes
//! (people, groups, works, settlements, regions, waters, land, buildings,
//! events, living things). Guarantees: a thing is ruled out only when both
//! the kind asked and the page's kind are known and no class is shared; a
//! noun the table does not hold ("commander-in-chief", "tag") rules out
//! nothing, and neither does a page whose first sentence has no copula.
//! English only: a Chinese question asks no kind here.

use crate::analyze::fold::Lower;
use crate::analyze::lexicon;
use crate::decompose::frame::{Answer, Frame};
use litemap::LiteMap;
use std::sync::OnceLock;

/// A class of kind nouns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    Person,
    /// Companies, labels, schools, parties: organisations.
    Group,
    /// Bands and other groups that perform together: a "which label" is
    /// never one, a "which band" never a label.
    Ensemble,
    Work,
    Settlement,
    Region,
    Water,
    Land,
    Building,
    Event,
    Living,
}

/// Kind nouns by class (lowercase, singular; plurals are matched by stem).
/// Nouns with two common senses ("station", "museum", "sound", "race",
/// "count", "model", "plant", "track") are left out: they decide nothing.
/// A hall is a building ("the concert hall of Aldermoor College" is not the
/// town the college stands in); a name that ends in "Hall" is capitalised
/// and is no kind noun.
pub const CLASSES: &[(Class, &str)] = &[
    (
        Class::Person,
        "person man woman boy girl actor actress singer vocalist songwriter musician rapper drummer \
         percussionist guitarist bassist pianist keyboardist violinist composer conductor \
         producer director filmmaker \
         screenwriter writer author novelist poet playwright lyricist journalist editor \
         broadcaster presenter comedian artist painter sculptor photographer designer \
         architect engineer scientist physicist chemist biologist mathematician economist \
         philosopher historian inventor explorer astronaut politician statesman diplomat \
         senator governor mayor president minister monarch king queen prince princess emperor \
         empress duke duchess earl lord lady knight baronet bishop priest pope saint officer \
         general admiral soldier commander player footballer cricketer athlete boxer wrestler \
         forward striker winger midfielder defender goalkeeper quarterback pitcher shortstop \
         swimmer cyclist golfer coach businessman businesswoman entrepreneur executive founder \
         lawyer judge activist dancer chef personality youtuber socialite heir heiress \
         aristocrat nobleman noblewoman daughter son wife husband hero heroine protagonist \
         villain",
    ),
    (
        Class::Group,
        "company corporation firm business manufacturer retailer brand airline label studio \
         publisher club team franchise party \
         organization organisation agency network university college school academy institute",
    ),
    (
        Class::Ensemble,
        "band duo trio quartet orchestra choir ensemble",
    ),
    (
        Class::Work,
        "film movie documentary series sitcom show programme program drama episode album \
         record song single ballad book novel novella memoir biography poem play \
         musical opera game magazine newspaper comic manga anime painting collection anthology \
         compilation",
    ),
    (
        Class::Settlement,
        "city town village hamlet suburb municipality borough neighborhood neighbourhood \
         settlement capital commune locality metropolis",
    ),
    (
        Class::Region,
        "county parish district province state region territory prefecture country nation \
         kingdom republic",
    ),
    (
        Class::Water,
        "river lake sea ocean bay estuary stream creek canal strait gulf lagoon reservoir",
    ),
    (
        Class::Land,
        "mountain peak hill island peninsula valley desert volcano archipelago cape",
    ),
    (
        Class::Building,
        "building mansion house residence palace castle tower cathedral temple mosque bridge \
         stadium arena hotel casino resort theatre theater airport skyscraper monument hall",
    ),
    (
        Class::Event,
        "war battle festival election tournament championship competition siege revolution \
         conflict ceremony tour season",
    ),
    (
        Class::Living,
        "species genus animal bird fish tree flower shrub herb breed mammal insect",
    ),
];

/// What `who`/`whom` asks for.
const WHO: &[Class] = &[Class::Person, Class::Group, Class::Ensemble];
/// What `where` asks for.
const WHERE: &[Class] = &[
    Class::Settlement,
    Class::Region,
    Class::Water,
    Class::Land,
    Class::Building,
    Class::Group,
];

/// Words that end a noun phrase: prepositions, relatives, forms of "be",
/// conjunctions, and the participles a definition goes on with; and every
/// auxiliary ([`crate::decompose::frame::AUX`]).
const BOUNDARIES: &str = "of in from by for on at with to into as about near between that which \
    who whom whose where when be been being and or but than based located founded known set \
    directed written produced released starring featuring situated named called";

/// The person nouns that name no role: "the man who …" may be any person's
/// page, "the drummer who …" only a page that says what they do.
const ANY_PERSON: &[&str] = &["person", "man", "woman", "boy", "girl"];

/// True when a noun names what a person does or is to others ("drummer",
/// "founder", "wife"), not only that they are a person.
pub fn is_role(noun: &str) -> bool {
    class_of(noun) == Some(Class::Person) && !ANY_PERSON.contains(&noun)
}

/// Kinds whose instances a page writes as literals — code, paths,
/// addresses, numbers — without naming the kind: "The health check is an
/// HTTP `GET /up`" gives the endpoint, "run `skiff rollback`" the command.
/// (Singular; plurals are matched by stem.)
const LITERAL_KINDS: &str = "endpoint command flag option argument path url address port \
     variable key header field setting parameter value file folder directory extension \
     script function method module package version format";

/// True when a kind noun (lowercase) is one a page states by writing an
/// instance of it ([`LITERAL_KINDS`]).
pub fn written_as_literal(noun: &str) -> bool {
    static STEMS: OnceLock<Vec<String>> = OnceLock::new();
    let stems = STEMS.get_or_init(|| {
        LITERAL_KINDS
            .split_whitespace()
            .map(crate::analyze::stem)
            .collect()
    });
    stems.contains(&crate::analyze::stem(noun))
}

/// True when `noun`, the kind an open "what/which" question asks, is one no
/// passage can be said to state: the corpus never writes it, the asking
/// phrase holds no verb ("which rollback rule *applies*", "which *comes*
/// first" ask no kind by their last word), no instance of it is a literal
/// a page writes unnamed ([`written_as_literal`]), and it is no misspelling
/// of a word the first candidates write (`texts`): one edit away, or two
/// for a word of nine letters or more ("intrusment", "instrument"). The
/// caller checks that no class holds it and no cue names it.
pub fn never_written<'t>(
    index: &crate::index::Index,
    frame: &Frame,
    noun: &str,
    texts: impl FnOnce() -> Vec<&'t str>,
) -> bool {
    // The cheap checks first.
    if frame.answer != Answer::Open || written_as_literal(noun) {
        return false;
    }
    let verbless = asking_phrase(&frame.question).is_some_and(|phrase| {
        !phrase.iter().any(|w| {
            let w = bare(w).0;
            lexicon::is_verb(&w) || lexicon::is_participle(&w)
        })
    });
    let unwritten = || {
        crate::analyze::terms(noun)
            .first()
            .is_some_and(|t| index.df(&t.term) == 0)
    };
    if !verbless || !unwritten() {
        return false;
    }
    let typed: Vec<char> = noun.chars().collect();
    let reach = if typed.len() >= 9 { 2 } else { 1 };
    !texts().into_iter().any(|text| {
        crate::analyze::words(text).iter().any(|w| {
            let word: Vec<char> = w.term.chars().collect();
            word.first() == typed.first()
                && word.len().abs_diff(typed.len()) <= reach
                && crate::analyze::edit::distance(&word, &typed) <= reach
        })
    })
}

/// The class of a kind noun (lowercase), when the table holds it.
pub fn class_of(noun: &str) -> Option<Class> {
    static BY_STEM: OnceLock<LiteMap<String, Class>> = OnceLock::new();
    let by_stem = BY_STEM.get_or_init(|| {
        let mut by_stem = LiteMap::new();
        for (class, nouns) in CLASSES {
            for n in nouns.split_whitespace() {
                by_stem.insert(crate::analyze::stem(n), *class);
            }
        }
        by_stem
    });
    by_stem.get(&crate::analyze::stem(noun)).copied()
}

/// True when a lowercase word is, as written, a kind noun of people or
/// groups ("drummer", "label", "band"). Exact, not by stem: "command" is
/// no commander.
pub fn names_someone(word: &str) -> bool {
    CLASSES
        .iter()
        .any(|(class, nouns)| WHO.contains(class) && nouns.split_whitespace().any(|n| n == word))
}

/// A word of a phrase: lowercase, without the punctuation around it, and
/// whether punctuation ended it (a comma, a closing quote, `?`).
fn bare(word: &str) -> (String, bool) {
    let core = word.trim_matches(|c: char| !c.is_alphanumeric());
    // An abbreviation's period closes nothing ("in which *St.* Louis
    // Cardinals season", "a *U.S.* state").
    let abbreviation = word.ends_with('.')
        && core.starts_with(char::is_uppercase)
        && (core.len() <= 3 || core.contains('.'));
    let closed = word.ends_with(|c: char| !c.is_alphanumeric()) && !abbreviation;
    (core.lower(), closed)
}

fn is_boundary(w: &str) -> bool {
    BOUNDARIES.split_whitespace().any(|b| b == w) || crate::decompose::frame::AUX.contains(&w)
}

/// The words of the noun phrase that starts at `words`, up to a boundary, a
/// participle or closing punctuation (`and`/`or` included).
fn phrase<'a>(words: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut out = Vec::new();
    for (i, raw) in words.enumerate().take(12) {
        let (w, closed) = bare(raw);
        if w.is_empty() {
            break;
        }
        // A participle after the first word ends the phrase ("a 2015 film
        // *directed* by"); a first one is an adjective ("an *animated* film").
        let participle = i > 0 && w.ends_with("ed") && w.len() > 4;
        if is_boundary(&w) && w != "and" && w != "or" || participle {
            break;
        }
        out.push(w);
        if closed {
            break;
        }
    }
    out
}

/// The head nouns of the noun phrases that start at `words` (their last
/// word before a boundary), split at `and`/`or`: "the county seat and
/// largest city of …" → seat, city.
fn heads<'a>(words: impl Iterator<Item = &'a str>) -> Vec<String> {
    phrase(words)
        .split(|w| w == "and" || w == "or")
        .filter_map(|part| part.last().cloned())
        .collect()
}

/// The class of a wh-phrase's head: the last of the first run of kind
/// nouns ("what 1942 *film*", "which film *director*", "what *novel*
/// imagines the story of …", "which *album* features singer …": a verb the
/// phrase runs on into is no boundary, so the run ends at the first word
/// after it that is no kind noun).
fn head_class(words: &[String]) -> Option<Class> {
    let mut found = None;
    for w in words {
        match (class_of(w), found) {
            (Some(c), _) => found = Some(c),
            (None, Some(_)) => break,
            (None, None) => {}
        }
    }
    found
}

/// The classes a question asks for, when it asks for a thing of a known
/// kind: the head of its first `what`/`which` phrase (a relative `which`,
/// followed by a verb or a determiner, has none and is passed over), else `who`/`whom` for a
/// person and `where` for a place. `None` when the kind is unknown.
pub fn asked(question: &str, answer: Answer) -> Option<Vec<Class>> {
    let words: Vec<&str> = question.split_whitespace().collect();
    for (at, word) in words.iter().enumerate() {
        match bare(word).0.as_str() {
            // A relative "which" before its clause's subject ("which the
            // town … was named after") asks no kind either.
            "what" | "which"
                if !words
                    .get(at + 1)
                    .is_some_and(|w| matches!(bare(w).0.as_str(), "the" | "a" | "an")) =>
            {
                let words = phrase(words.iter().skip(at + 1).copied());
                if !words.is_empty() {
                    return Some(vec![head_class(&words)?]);
                }
            }
            "who" | "whom" if answer == Answer::Person => return Some(WHO.to_vec()),
            "where" if answer == Answer::Place => return Some(WHERE.to_vec()),
            _ => {}
        }
    }
    None
}

/// The words, as written, of the `what`/`which` phrase that asks, after
/// its wh-word ("Which retired *Argentine footballer* who …" → retired,
/// Argentine, footballer; not the relative "the company which owns …").
/// `None` when no such phrase asks.
pub fn asking_phrase(question: &str) -> Option<Vec<&str>> {
    let asks = crate::decompose::frame::asking_word(question)?;
    let mut words = question.get(asks..)?.split_whitespace();
    if !matches!(
        words.next().map(|w| bare(w).0).as_deref(),
        Some("what" | "which")
    ) {
        return None;
    }
    let words: Vec<&str> = words.collect();
    let n = phrase(words.iter().copied()).len();
    Some(words.into_iter().take(n).collect())
}

/// The verb right after the `what`/`which` phrase that asks, when the
/// phrase is its subject ("What software company *developed* Lantern Run?",
/// "which studio *made* …"; not "… developed by which studio?", whose
/// relation [`super::head::Head::find`] reads apart), as its lemma term: a passage names
/// that subject after the verb and "by".
pub fn subject_verb(frame: &Frame) -> Option<String> {
    let q = frame.question.as_str();
    let asks = crate::decompose::frame::asking_word(q)?;
    let phrase = asking_phrase(q)?.len();
    // The wh-word, the phrase's words, then the verb.
    let word = q.get(asks..)?.split_whitespace().nth(phrase + 1)?;
    (phrase > 0).then(|| active_verb(frame, word)).flatten()
}

/// The verb a "who" question asks the doer of ("Who *sang* on Harbour
/// Lights?", "who *drummed* on …"), as its lemma term: the word right after
/// "who" when it is a verb form, no auxiliary ("Who *is* …", "who *did* …"),
/// and not followed by "by". A sentence that names the doer writes the verb
/// or its agent noun ("singer Callum Reid"). Not a light verb ("Who *made*
/// Winter Ferry?", "who *played* drums"): its object says what was done, in
/// words a page need not share ("His films … include Winter Ferry").
pub fn doer_verb(frame: &Frame) -> Option<String> {
    let q = frame.question.as_str();
    let asks = crate::decompose::frame::asking_word(q)?;
    let mut words = q.get(asks..)?.split_whitespace();
    if bare(words.next()?).0 != "who" {
        return None;
    }
    active_verb(frame, words.next()?).filter(|v| !lexicon::LIGHT_VERBS.contains(&v.as_str()))
}

/// `word` (a slice of the frame's question) as the lemma term of a verb
/// whose subject is asked for: a verb form, no stop word, not followed by
/// "by" (then the asked thing is its object).
fn active_verb(frame: &Frame, word: &str) -> Option<String> {
    let q = frame.question.as_str();
    let at = (word.as_ptr() as usize).checked_sub(q.as_ptr() as usize)?;
    let t = frame.terms.iter().find(|t| t.start == at)?;
    let written = crate::analyze::fold::lower_str(q.get(t.start..t.end)?);
    let verb = !crate::analyze::is_stop_word(&written)
        && (lexicon::is_participle(&written) || lexicon::is_verb(&written));
    (verb && !q.get(t.end..)?.starts_with(" by ")).then(|| lexicon::lemma(&t.term))
}

/// The head noun of the `what`/`which` phrase that asks ("which
/// *festival* did …", "what 1942 *film*", "which former New York *senator*
/// did …"): its last word. `None` when no such phrase asks.
pub fn asked_noun(question: &str) -> Option<String> {
    asking_phrase(question)?
        .last()
        .map(|w| bare(w).0)
        .filter(|w| w.chars().all(char::is_alphabetic))
}

/// The classes a page says it is of, from its first sentence: the heads
/// after the first copula, and a person for "(born …". Empty when unknown.
pub fn defined(text: &str) -> Vec<Class> {
    let first = first_sentence(text);
    let mut out = Vec::new();
    if born_in_parenthesis(first) {
        out.push(Class::Person);
    }
    for head in defining_heads(text) {
        if let Some(c) = class_of(&head) {
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// True when the sentence's first parenthesis gives a birth: the word
/// "born" inside it ("(born 1923)", "(née Romuáldez, born 2 July 1929)",
/// "( ; born November 3, 1987)"), not "reborn" nor a title's "Born".
fn born_in_parenthesis(sentence: &str) -> bool {
    let Some((_, inside)) = sentence.split_once('(') else {
        return false;
    };
    let inside = inside.split(')').next().unwrap_or("");
    inside
        .split(|c: char| !c.is_alphabetic())
        .any(|w| w == "born")
}

pub(super) fn first_sentence(text: &str) -> &str {
    let (s, e) = crate::execute::read::sentences(text)
        .next()
        .unwrap_or((0, text.len()));
    text.get(s..e).unwrap_or("")
}

/// The heads of the noun phrases after the first copula of a page's first
/// sentence ("Patricia Veryan … was a *writer* of historical romance
/// fiction"). Empty when it has no copula.
pub fn defining_heads(text: &str) -> Vec<String> {
    let words: Vec<&str> = first_sentence(text).split_whitespace().collect();
    let copula = words
        .iter()
        .position(|w| matches!(*w, "is" | "was" | "are" | "were"));
    let Some(at) = copula else {
        return Vec::new();
    };
    let rest = words.iter().skip(at + 1).copied().skip_while(|w| {
        matches!(
            bare(w).0.as_str(),
            "a" | "an" | "the" | "one" | "two" | "of" | "several" | "many"
        )
    });
    heads(rest)
}

/// Role nouns that name one role ("the author who …" is a page's "writer").
const SAME_ROLES: &[&str] = &[
    "author writer novelist",
    "director filmmaker",
    "singer vocalist",
    "actor actress",
    "player footballer cricketer athlete",
    "politician statesman",
    "drummer percussionist",
    "guitarist",
    "bassist",
    "pianist keyboardist",
];

/// True when two role nouns name the same role: the same stem, or one line
/// of [`SAME_ROLES`].
pub fn same_role(a: &str, b: &str) -> bool {
    let (sa, sb) = (crate::analyze::stem(a), crate::analyze::stem(b));
    sa == sb
        || SAME_ROLES.iter().any(|line| {
            let stems: Vec<String> = line.split_whitespace().map(crate::analyze::stem).collect();
            stems.contains(&sa) && stems.contains(&sb)
        })
}

/// True when a page's defining heads name roles and each is known to differ
/// from `role`: both in [`SAME_ROLES`], on other lines. A head of no known
/// line ("poet", "musician") may be any role, so it never rules out.
pub fn other_role(role: &str, heads: &[String]) -> bool {
    let known = |noun: &str| {
        let stem = crate::analyze::stem(noun);
        SAME_ROLES.iter().any(|line| {
            line.split_whitespace()
                .any(|w| crate::analyze::stem(w) == stem)
        })
    };
    let roles: Vec<&String> = heads.iter().filter(|h| is_role(h)).collect();
    known(role) && !roles.is_empty() && roles.iter().all(|h| known(h) && !same_role(role, h))
}

/// True unless both kinds are known and share no class.
pub fn fits(asked: &[Class], page: &[Class]) -> bool {
    page.is_empty() || is_of(asked, page)
}

/// True when the page's kind is known and shares a class with the kind
/// asked: the page says it is of that kind.
pub fn is_of(asked: &[Class], page: &[Class]) -> bool {
    page.iter().any(|c| asked.contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_who_question_asks_the_doer_of_its_verb() {
        use crate::decompose::frame::{frame, Strictness};
        let doer = |q: &str| doer_verb(&frame(q, Strictness::Question));
        let term = |w: &str| lexicon::lemma(&crate::analyze::stem(w));
        assert_eq!(doer("Who sang on Harbour Lights?"), Some(term("sing")));
        assert_eq!(doer("who drummed on Northern Stars"), Some(term("drum")));
        assert_eq!(doer("Who founded Northgate Records?"), Some(term("found")));
        // An auxiliary, "by", a light verb, another question word: none.
        assert_eq!(doer("Who is the drummer of The Tidewalkers?"), None);
        assert_eq!(doer("Who was Salt Roads directed by?"), None);
        assert_eq!(doer("Who made Winter Ferry?"), None);
        assert_eq!(doer("What company published Lantern Run?"), None);
    }

    #[test]
    fn roles_and_the_words_pages_write_for_them() {
        assert!(is_role("drummer") && is_role("author") && is_role("wife"));
        assert!(!is_role("man") && !is_role("person") && !is_role("band"));
        assert_eq!(
            defining_heads(
                "Patricia Veryan (born 1923) was a writer of historical romance fiction."
            ),
            vec!["writer".to_string()]
        );
        assert_eq!(
            defining_heads("Callum Reid (born 1966) is a Scottish singer and songwriter."),
            vec!["singer".to_string(), "songwriter".to_string()]
        );
        assert!(defining_heads("Born in Dundee, he started busking.").is_empty());
        assert!(same_role("author", "writer") && same_role("directors", "filmmaker"));
        assert!(same_role("drummer", "drummers"));
        assert!(!same_role("drummer", "singer") && !same_role("author", "director"));
        let heads = |v: &[&str]| v.iter().map(|h| h.to_string()).collect::<Vec<_>>();
        assert!(other_role("novelist", &heads(&["director"])));
        assert!(!other_role("novelist", &heads(&["director", "writer"])));
        assert!(!other_role("filmmaker", &heads(&["directors"])));
        // Unknown lines never rule out: a poet may be a writer, a drummer a
        // musician.
        assert!(!other_role("poet", &heads(&["writer"])));
        assert!(!other_role("novelist", &heads(&["poet"])));
        assert!(!other_role("novelist", &heads(&["film"])));
    }

    #[test]
    fn the_kind_a_question_asks_for() {
        use Class::*;
        let open = Answer::Open;
        assert_eq!(
            asked("Which retired baseball player played Chad Bradford?", open),
            Some(vec![Person])
        );
        assert_eq!(
            asked("… the county seat of what county in Florida?", open),
            Some(vec![Region])
        );
        assert_eq!(asked("… made what 1942 film?", open), Some(vec![Work]));
        assert_eq!(
            asked(
                "What production company co-owned by Kevin Loader made it?",
                open
            ),
            Some(vec![Group])
        );
        assert_eq!(
            asked("which 1950 drama films starring Lena Voss?", open),
            Some(vec![Work])
        );
        assert_eq!(
            asked("… a BBC sitcom written by who?", Answer::Person),
            Some(WHO.to_vec())
        );
        assert_eq!(
            asked("Where was the festival meant to take place?", Answer::Place),
            Some(WHERE.to_vec())
        );
        // An abbreviation's period does not end the phrase; a word's does.
        assert_eq!(
            asked("in which St. Louis Cardinals season did he retire?", open),
            Some(vec![Event])
        );
        assert_eq!(
            asked("Which U.S. state is Oakridge in?", open),
            Some(vec![Region])
        );
        assert_eq!(
            asked("Which band. Singer Mara Quill left it?", open),
            Some(vec![Ensemble])
        );
        // Unknown kinds, frames and values ask no kind.
        assert_eq!(asked("which commander-in-chief stormed it?", open), None);
        assert_eq!(asked("What Indian government tag was given?", open), None);
        assert_eq!(asked("What is the refund window?", open), None);
        assert_eq!(asked("In what year was he born?", Answer::Year), None);
        // A relative "who" in a question that asks a number.
        assert_eq!(
            asked(
                "a personality who has two channels with how many views?",
                Answer::Number
            ),
            None
        );
        assert_eq!(asked("今年境内差旅报销的提交期限是多少？", open), None);
        // A relative "which" is passed over for the phrase that asks.
        assert_eq!(
            asked("It lies in a city which is the seat of which county?", open),
            Some(vec![Region])
        );
        assert_eq!(
            asked("What is the species which the town was named after?", open),
            None
        );
    }

    #[test]
    fn the_asked_noun_ends_at_any_auxiliary() {
        let noun = |q: &str| asked_noun(q);
        assert_eq!(
            noun("What foods should Priya avoid?").as_deref(),
            Some("foods")
        );
        assert_eq!(noun("which shift must I work").as_deref(), Some("shift"));
        assert_eq!(noun("What papers may I attach?").as_deref(), Some("papers"));
        assert_eq!(
            noun("Which festival did it win?").as_deref(),
            Some("festival")
        );
        assert_eq!(noun("What 1942 film starred her?").as_deref(), Some("film"));
        assert_eq!(noun("Where does Priya work?"), None);
    }

    #[test]
    fn the_kind_a_page_says_it_is() {
        use Class::*;
        assert_eq!(
            defined("Millbrook is the county seat and largest city of Alder County. It lies."),
            vec![Settlement]
        );
        assert_eq!(
            defined("Harold Quinn (1898 – 1986) was an American film producer."),
            vec![Person]
        );
        assert_eq!(
            defined("Moneyball is a 2011 American sports film directed by Bennett Miller."),
            vec![Work]
        );
        assert_eq!(
            defined("Mara Quill (born 4 May 1950) is an English screenwriter and playwright."),
            vec![Person]
        );
        assert_eq!(
            defined("The Tidewalkers are a folk-rock band from Cork."),
            vec![Ensemble]
        );
        assert_eq!(
            defined("Treasure Island is a hotel and casino on the Strip."),
            vec![Building]
        );
        // "born" anywhere in an opening parenthesis (before: only "(born").
        assert!(defined(
            "Imelda Marcos (née Romuáldez, born 2 July 1929) is the widow of a dictator."
        )
        .contains(&Person));
        assert!(defined(
            "Colin Rand Kaepernick ( ; born November 3, 1987) is a quarterback who is a free agent."
        )
        .contains(&Person));
        assert_eq!(
            defined("Riverside Mill (built 1880, reborn 1990) is a museum of weaving."),
            vec![]
        );
        assert!(
            !defined("Born Free (1966 film) is a British drama about lions.").contains(&Person)
        );
        // No copula, or no known head: unknown.
        assert_eq!(defined("Founded in 1931 by two students."), vec![]);
        assert_eq!(defined("Stapleton Reeve was a commander-in-chief."), vec![]);
    }

    #[test]
    fn only_known_kinds_rule_out() {
        use Class::*;
        assert!(!fits(WHO, &[Work]));
        assert!(fits(WHO, &[Group]));
        assert!(fits(WHO, &[Ensemble]));
        // A label is no band.
        assert!(!fits(
            &[class_of("label").unwrap()],
            &[class_of("band").unwrap()]
        ));
        assert!(fits(&[Region], &[]));
        assert!(!fits(&[Region], &[Settlement]));
        assert!(fits(WHERE, &[Land]));
        assert!(!fits(WHERE, &[Event]));
        assert_eq!(class_of("singers"), Some(Person));
        assert_eq!(class_of("station"), None);
    }
}
