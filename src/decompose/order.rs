//! Stage 3 — decompose: a question that asks which of two things comes first.
//!
//! "Which gets upgraded first, the CLI or the agents?", "Do I upgrade the
//! agents or the CLI first?", "in what order do I upgrade the agents and the
//! CLI", "先升级代理还是命令行工具？" ask for the order of two things a page
//! puts in a sequence ("Upgrade the CLI first, then the agents."), not for a
//! kind of thing called "gets", nor whether the agents are upgraded. Its
//! answer is the sentence that orders both ([`Answer::Order`]): it names each
//! thing and writes an order word ([`orders`]).
//!
//! Guarantees: an order question gives exactly two alternatives, each with a
//! content word and no more than [`MAX_WORDS`] words; a question with no
//! order word, or one that orders two things by when they were born,
//! founded or formed ("Which was founded first, A or B?", a comparison of
//! dates: [`super::compare`]), is left to the other rules. The verbs of the question stay topic
//! words (the act ordered must be the page's), but light verbs such as "go"
//! and "come", which a page need not write ([`is_light`]).
//!
//! [`Answer::Order`]: super::frame::Answer::Order

use crate::analyze;
use crate::analyze::fold::Lower;
use crate::analyze::lexicon;
use crate::decompose::frame::{Frame, Role, Term};

/// Most words of one alternative ("the staging agents").
pub const MAX_WORDS: usize = 4;

/// Words that ask for an order ("which goes *first*", "in what *order*").
const ASKS_ORDER: &[&str] = &["first", "last", "order"];
/// Words a sentence orders things with.
const ORDERS_EN: &[&str] = &[
    "first",
    "then",
    "before",
    "after",
    "last",
    "next",
    "finally",
    "afterwards",
    "later",
    "followed",
];
/// Chinese order words: a question asks with 先/最后 and 还是; a page
/// orders with these.
const ORDERS_ZH: &[&str] = &["先", "再", "然后", "之前", "之后", "最后", "首先", "随后"];
/// Words that end an alternative after "or"/"还是": a verb or an adverb
/// the question goes on with.
const ENDS_EN: &[&str] = &[
    "first", "last", "go", "goes", "come", "comes", "get", "gets", "be", "is", "are", "when",
    "while", "if", "before", "after", "during",
];
/// Verbs a page need not write to order things: "should the CLI *go*
/// first?" is answered by "Upgrade the CLI first".
const LIGHT: &[&str] = &[
    "go", "goes", "going", "went", "gone", "come", "comes", "coming", "came", "get", "gets",
    "getting", "got", "gotten",
];
/// Words that open a noun phrase.
const DETERMINERS: &[&str] = &[
    "the", "a", "an", "my", "our", "your", "its", "their", "this",
];

/// True when `word` (as written) is a light verb of an order question.
pub fn is_light(word: &str) -> bool {
    LIGHT.contains(&word.to_ascii_lowercase().as_str())
}

/// True when `word` (as written) is what asks for the order ("first").
pub fn asks_with(word: &str) -> bool {
    ASKS_ORDER.contains(&word.to_ascii_lowercase().as_str())
}

/// The two alternatives of an order question, as byte ranges of
/// `question`; `None` when it asks no order between two things.
pub fn alternatives(question: &str) -> Option<[(usize, usize); 2]> {
    if question.chars().any(analyze::is_cjk) {
        alternatives_zh(question)
    } else {
        alternatives_en(question)
    }
}

/// A word of an English question (lowercase) with its byte range.
struct Word {
    lower: String,
    start: usize,
    end: usize,
    /// Punctuation right after it (",", ":", "?").
    ends_phrase: bool,
}

fn words(q: &str) -> Vec<Word> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in q.char_indices().chain(std::iter::once((q.len(), ' '))) {
        let inside = c.is_alphanumeric() || matches!(c, '-' | '\'' | '.' | '_');
        match (start, inside) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                let text = q.get(s..i).unwrap_or_default().trim_end_matches('.');
                let end = s + text.len();
                let next = q.get(end..).and_then(|r| r.chars().next());
                out.push(Word {
                    lower: text.to_ascii_lowercase(),
                    start: s,
                    end,
                    ends_phrase: next.is_some_and(|c| matches!(c, ',' | ':' | ';' | '?' | '!')),
                });
                start = None;
            }
            _ => {}
        }
    }
    out
}

fn alternatives_en(q: &str) -> Option<[(usize, usize); 2]> {
    // "Who was born first, …?", "Which was founded first, …?" compare the
    // dates of two things' lives ([`super::compare`]).
    if analyze::terms(q).iter().any(|t| {
        lexicon::event_of(&t.term).is_some() || lexicon::LIFE_EVENTS.contains(&t.term.as_str())
    }) {
        return None;
    }
    let w = words(q);
    let asks = w
        .iter()
        .position(|x| ASKS_ORDER.contains(&x.lower.as_str()))?;
    // "in what order … A and B"; else "A or B".
    let by_order = w.get(asks).is_some_and(|x| x.lower == "order");
    let joint = w
        .iter()
        .position(|x| x.lower == "or" || (by_order && x.lower == "and"))?;
    // Left: back from the joint to a determiner (kept out), a phrase's
    // punctuation or a verb, at most MAX_WORDS words.
    let mut from = joint;
    while from > 0 && joint - from < MAX_WORDS {
        let Some(before) = w.get(from - 1) else { break };
        if before.ends_phrase || ASKS_ORDER.contains(&before.lower.as_str()) {
            break;
        }
        if DETERMINERS.contains(&before.lower.as_str()) {
            break;
        }
        if lexicon::is_verb(&before.lower) {
            break;
        }
        from -= 1;
    }
    // Right: after the joint and its determiner to the phrase's end.
    let mut first = joint + 1;
    if w.get(first)
        .is_some_and(|x| DETERMINERS.contains(&x.lower.as_str()))
    {
        first += 1;
    }
    let mut to = first;
    while to < w.len() && to - first < MAX_WORDS {
        let Some(x) = w.get(to) else { break };
        if ENDS_EN.contains(&x.lower.as_str()) {
            break;
        }
        to += 1;
        if x.ends_phrase {
            break;
        }
    }
    let range = |a: usize, b: usize| -> Option<(usize, usize)> {
        let (s, e) = (w.get(a)?, w.get(b.checked_sub(1)?)?);
        let content = w
            .get(a..b)?
            .iter()
            .any(|x| !lexicon::is_function_stem(&x.lower));
        (a < b && content).then_some((s.start, e.end))
    };
    let left = range(from, joint)?;
    let right = range(first, to)?;
    // Alternatives are things, not clauses: "Should I deploy first or
    // roll back?" orders two acts, which the rules for acts answer.
    let things = [left, right].iter().all(|&(s, e)| {
        q.get(s..e)
            .and_then(|t| t.split_whitespace().next())
            .is_some_and(|t| !lexicon::is_verb(&t.lower()))
    });
    // The words asking the order come after the question word, not inside
    // an alternative.
    let asked_outside = w
        .get(asks)
        .is_some_and(|x| x.start >= right.1 || x.end <= left.0);
    (things && asked_outside).then_some([left, right])
}

/// "先升级代理还是命令行工具", "应该先升级命令行工具还是先升级代理": the
/// text after 先 (and a verb) to 还是, and after 还是 (less a repeated 先)
/// to the question's end.
fn alternatives_zh(q: &str) -> Option<[(usize, usize); 2]> {
    let or = q.find("还是")?;
    let before = q.get(..or)?;
    let first = before.rfind('先').map(|i| i + '先'.len_utf8())?;
    let after_or = or + "还是".len();
    let rest = q.get(after_or..)?;
    let skip = if rest.starts_with('先') {
        '先'.len_utf8()
    } else {
        0
    };
    let end = rest
        .char_indices()
        .find(|&(_, c)| matches!(c, '？' | '?' | '，' | ',' | '。' | '呢' | '吗'))
        .map_or(rest.len(), |(i, _)| i);
    let left = (first, or);
    let right = (after_or + skip, after_or + end);
    let filled =
        |(s, e): (usize, usize)| e > s && q.get(s..e).is_some_and(|t| !t.trim().is_empty());
    (filled(left) && filled(right)).then_some([left, right])
}

/// True when a sentence orders things: it writes an order word.
pub fn orders(sentence: &str) -> bool {
    if sentence.chars().any(analyze::is_cjk) {
        return ORDERS_ZH.iter().any(|w| sentence.contains(w));
    }
    sentence
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| ORDERS_EN.contains(&w.lower().as_str()))
}

/// True when `sentence` answers the order question `frame` reads: it names
/// each alternative (one of its words, by lemma) and writes the act the
/// question orders (its topic verbs outside the alternatives: "Do I
/// *install* the agents or the CLI first?" is not answered by "Upgrade the
/// CLI first, then the agents."). In Chinese, where the act opens the
/// first alternative (先*升级*代理还是命令行工具), the sentence writes that
/// alternative's first two characters and each alternative's last two.
/// True for a question that asks no order.
pub fn answered_by(frame: &Frame, sentence: &str) -> bool {
    let q = frame.question.as_str();
    let Some(alts) = alternatives(q) else {
        return true;
    };
    if q.chars().any(analyze::is_cjk) {
        let ends = |(s, e): (usize, usize), from_end: bool| -> String {
            let text = q.get(s..e).unwrap_or_default();
            if from_end {
                let mut two: Vec<char> = text.chars().rev().take(2).collect();
                two.reverse();
                two.into_iter().collect()
            } else {
                text.chars().take(2).collect()
            }
        };
        let [left, _] = alts;
        return alts.iter().all(|&a| sentence.contains(&ends(a, true)))
            && sentence.contains(&ends(left, false));
    }
    let written: Vec<String> = analyze::terms(sentence)
        .iter()
        .map(|t| lexicon::lemma(&t.term))
        .collect();
    let has = |t: &Term| written.contains(&lexicon::lemma(&t.term));
    let within = |t: &Term, (s, e): (usize, usize)| t.start >= s && t.start < e;
    let named = alts.iter().all(|&a| {
        frame
            .terms
            .iter()
            .filter(|t| within(t, a) && t.role != Role::Soft)
            .any(has)
    });
    let acts = frame
        .terms
        .iter()
        .filter(|t| {
            t.role == Role::Topic
                && !alts.iter().any(|&a| within(t, a))
                && lexicon::is_verb_stem(&t.term)
        })
        .all(has);
    named && acts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alts(q: &str) -> Option<[&str; 2]> {
        let [a, b] = alternatives(q)?;
        Some([q.get(a.0..a.1)?, q.get(b.0..b.1)?])
    }

    #[test]
    fn the_two_things_an_order_is_asked_between() {
        for (q, a, b) in [
            (
                "Which gets upgraded first, the CLI or the agents?",
                "CLI",
                "agents",
            ),
            ("Do I upgrade the agents or the CLI first?", "agents", "CLI"),
            (
                "When upgrading, should the CLI or the agents go first?",
                "CLI",
                "agents",
            ),
            (
                "when you upgrade, which goes first, the CLI or the agents?",
                "CLI",
                "agents",
            ),
            (
                "in what order do I upgrade the agents and the CLI",
                "agents",
                "CLI",
            ),
            (
                "What do I upgrade first: the CLI or the agents?",
                "CLI",
                "agents",
            ),
            ("先升级代理还是命令行工具？", "升级代理", "命令行工具"),
            (
                "应该先升级命令行工具还是先升级代理",
                "升级命令行工具",
                "升级代理",
            ),
        ] {
            assert_eq!(alts(q), Some([a, b]), "{q}");
        }
    }

    #[test]
    fn no_order_no_alternatives() {
        for q in [
            "Can I get cash or store credit?",
            "Which port do agents listen on?",
            "Who was born first?",
            "Who was born first, Salt Roads's director or The Lantern Keeper's director?",
            "Which band was formed first, the Tidewalkers or the Gulls?",
            "What is the first step of a deploy?",
            "Should I deploy first or roll back?",
            "and the CLI or agents?",
            "代理还是命令行工具？",
        ] {
            assert_eq!(alts(q), None, "{q}");
        }
    }

    #[test]
    fn a_sentence_orders_both_things() {
        use crate::decompose::frame::{frame, Strictness};
        let by = |q: &str, s: &str| answered_by(&frame(q, Strictness::Question), s);
        let upgrade = "Upgrade the CLI first, then the agents.";
        assert!(orders(upgrade));
        assert!(by(
            "Which gets upgraded first, the CLI or the agents?",
            upgrade
        ));
        assert!(by(
            "When upgrading, should the CLI or the agents go first?",
            upgrade
        ));
        assert!(!by(
            "Which gets upgraded first, the CLI or the agents?",
            "Upgrade the CLI first."
        ));
        assert!(!by("Do I install the agents or the CLI first?", upgrade));
        assert!(!orders("Run skiff agent upgrade --environment production."));
        let zh = "请先升级命令行工具，再升级代理。";
        assert!(orders(zh));
        assert!(by("先升级代理还是命令行工具？", zh));
        assert!(!by("先升级代理还是数据库？", zh));
        assert!(!by("先删除命令行工具还是代理？", zh));
        assert!(is_light("goes") && is_light("Come") && !is_light("upgrade"));
    }
}
