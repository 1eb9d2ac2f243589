//! Stage 3 — decompose: a greeting, a preamble that announces a question
//! ("Quick question:"), or words that say the asker wants to know ("I want
//! to know …", "告诉我……"), before the question.
//!
//! A help widget gets "hey, which service failed …", "hi what's the refund
//! window", "你好，境内差旅报销要在几天内提交？" and "请问……": the greeting
//! asks nothing, yet read as a word it is a topic no passage has, and in
//! Chinese it joins the next character into a pair no passage has ("请问境内"
//! gives "问境"). [`strip`] drops it before the question is split or read.
//!
//! Guarantees: only a leading run of whole greeting words (any case), of
//! words that announce a question ending with a colon or a spaced dash, or
//! of openers that say the asker wants to know, and the punctuation and
//! spaces after them, are dropped (with the final 吗 of a request that asks
//! whether one can tell, "能告诉我……吗"); a question that is nothing but
//! those, and every question that does not start with one, comes back
//! unchanged.

use crate::analyze::fold::Lower;

/// English greetings, as whole words.
const ENGLISH: &[&str] = &["hey", "hi", "hello", "hiya", "ok", "okay", "so", "um"];

/// Words that go on with an English greeting ("hey there", "hello again").
const AFTER_GREETING: &[&str] = &["there", "again", "all"];

/// Chinese greetings, as written.
const CHINESE: &[&str] = &[
    "你好",
    "您好",
    "请问",
    "嗨",
    "想问一下",
    "问一下",
    "请教一下",
    "打扰一下",
];

/// Chinese requests that open a question ("告诉我……", "我想知道……"), as
/// written, longest first where one starts another. Those that ask whether
/// the reader can tell ([`POLITE_ZH`]) end with the 吗 of that asking.
const REQUESTS_ZH: &[&str] = &[
    "请告诉我一下",
    "请告诉我",
    "麻烦告诉我",
    "麻烦问一下",
    "能不能告诉我",
    "能告诉我",
    "可以告诉我",
    "告诉我一下",
    "告诉我",
    "请帮我查一下",
    "帮我查一下",
    "我想知道",
    "我想了解一下",
    "我想了解",
    "想知道",
];

/// English openers that say the asker wants to know what follows ("I want
/// to know where …", "I was wondering whether …") or ask to be told it
/// ("tell me where …", "can you tell me how long …", "do you know …"), as
/// lowercase words with a straight apostrophe. Those that ask to be told
/// ([`TOLD`]) are dropped before a question word only: "tell me the
/// restocking fee" is a request the rest of the pipeline reads, and "can
/// you tell me the restocking fee?" is read as that request.
const WANTS_TO_KNOW: &[&str] = &[
    "tell me",
    "please tell me",
    "can you tell me",
    "could you tell me",
    "would you tell me",
    "can you please tell me",
    "could you please tell me",
    "do you know",
    "do you happen to know",
    "let me know",
    "i want to know",
    "i wanna know",
    "i'd like to know",
    "i would like to know",
    "i'd love to know",
    "i need to know",
    "i'm wondering",
    "i am wondering",
    "i was wondering",
    "i wonder",
];

/// The openers of [`WANTS_TO_KNOW`] that ask to be told (dropped before a
/// question word, "whether" or "if").
const TOLD: &[&str] = &[
    "tell me",
    "do you know",
    "do you happen to know",
    "let me know",
];

/// The requests of [`REQUESTS_ZH`] that ask whether the reader can tell.
const POLITE_ZH: &[&str] = &["能不能告诉我", "能告诉我", "可以告诉我"];

/// Words of an English preamble that announces a question ("Quick
/// question:", "Two questions -", "a couple of questions:").
const PREAMBLE: &[&str] = &[
    "quick",
    "short",
    "simple",
    "one",
    "two",
    "three",
    "a",
    "few",
    "couple",
    "of",
    "some",
    "another",
    "more",
    "question",
    "questions",
];

/// The preamble at the start of `text` that announces a question, up to
/// and with the colon or spaced dash after it: its length in bytes. Its
/// words are all [`PREAMBLE`] words and one is "question(s)".
fn preamble(text: &str) -> Option<usize> {
    let colon = text.find(':');
    let dash = [" - ", " – ", " — "]
        .iter()
        .filter_map(|d| text.find(d))
        .min();
    let end = match (colon, dash) {
        (Some(c), Some(d)) => c.min(d),
        (c, d) => c.or(d)?,
    };
    let words: Vec<String> = text
        .get(..end)?
        .split_whitespace()
        .map(|w| w.lower())
        .collect();
    let announces = words
        .iter()
        .any(|w| matches!(w.as_str(), "question" | "questions"))
        && words.len() <= 4
        && words.iter().all(|w| PREAMBLE.contains(&w.as_str()));
    if !announces {
        return None;
    }
    let rest = text.get(end..)?;
    let after = gap(rest, ":-–—");
    Some(end + after)
}

/// The length in bytes of the run of spaces and `marks` that `text` starts
/// with (what sets an opener off from the question after it).
fn gap(text: &str, marks: &str) -> usize {
    text.find(|c: char| !(c.is_whitespace() || marks.contains(c)))
        .unwrap_or(text.len())
}

/// The greeting at the start of `text`, with the punctuation and spaces
/// after it: its length in bytes.
fn greeting(text: &str) -> Option<usize> {
    let (word, chinese) = if let Some(zh) = CHINESE.iter().find(|g| text.starts_with(*g)) {
        (zh.len(), true)
    } else {
        let end = text
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(text.len());
        let english = ENGLISH.contains(&text.get(..end)?.lower().as_str());
        let end = english.then_some(end)?;
        // "Hey there -", "hello again -": a word that only goes on with the
        // greeting is part of it.
        let then = text.get(end..)?;
        let next = then.trim_start();
        let next_end = next
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(next.len());
        // (Written in lower case: "Hello Again" is a title.)
        let more = next_end > 0
            && next_end < next.len()
            && AFTER_GREETING.contains(&next.get(..next_end)?);
        let end = if more {
            end + (then.len() - next.len()) + next_end
        } else {
            end
        };
        (end, false)
    };
    let rest = text.get(word..)?;
    let after = gap(rest, ",.!，。！、-–—:");
    // A dash sets a greeting off only with a space and before a word ("Hey
    // - which …"; "Hi-5" and "Hi - 5" are a name).
    let gap = rest.get(..after).unwrap_or("");
    let dashed = gap.contains(['-', '–', '—']);
    let word_next = rest
        .get(after..)
        .is_some_and(|next| next.starts_with(char::is_alphabetic));
    if dashed && !(gap.contains(char::is_whitespace) && word_next) {
        return None;
    }
    // An English greeting is a word of its own ("Okayama", "Hi-5" are
    // not), set off by punctuation or followed by a word in lower case
    // ("Hello Sailor released …" names the band). Chinese writes no spaces.
    let punctuated = rest
        .get(..after)
        .is_some_and(|gap| gap.contains(|c: char| !c.is_whitespace()));
    let lower_next = after > 0
        && rest
            .get(after..)
            .is_some_and(|next| next.starts_with(char::is_lowercase));
    (chinese || punctuated || lower_next).then_some(word + after)
}

/// The Chinese request at the start of `text` ([`REQUESTS_ZH`]), with the
/// punctuation after it: its length in bytes, and whether it asks whether
/// the reader can tell.
fn request_zh(text: &str) -> Option<(usize, bool)> {
    let request = REQUESTS_ZH.iter().find(|r| text.starts_with(*r))?;
    let rest = text.get(request.len()..)?;
    Some((
        request.len() + gap(rest, ",，:："),
        POLITE_ZH.contains(request),
    ))
}

/// The English opener of [`WANTS_TO_KNOW`] at the start of `text`, with
/// the spaces and comma after it: its length in bytes. Whole words only
/// ("I wondered …" is not one), any case, either apostrophe — except a
/// title in capitals that goes on after it ("Tell Me Why was released by
/// …?" names a song).
fn wants_to_know(text: &str) -> Option<usize> {
    let mut end = 0;
    // Each word as said, and where it starts.
    let mut words: Vec<(String, usize)> = Vec::new();
    let mut capitals = false;
    for word in text.split_inclusive(char::is_whitespace).take(5) {
        capitals |= !words.is_empty() && word.starts_with(char::is_uppercase);
        words.push((word.trim_end().lower().replace('\u{2019}', "'"), end));
        end += word.len();
        let said: Vec<&str> = words.iter().map(|(w, _)| w.as_str()).collect();
        let said = said.join(" ");
        let said = said.trim_end_matches(',');
        if !WANTS_TO_KNOW.contains(&said) {
            continue;
        }
        let rest = text.get(end..)?;
        if capitals && rest.starts_with(char::is_uppercase) {
            return None;
        }
        let Some(told) = TOLD.iter().find(|t| said.ends_with(*t)) else {
            return Some(end + gap(rest, ","));
        };
        let next = rest
            .split(|c: char| !c.is_alphabetic())
            .next()
            .unwrap_or("")
            .lower();
        if next == "if" || super::frame::WH.contains(&next.as_str()) {
            return Some(end + gap(rest, ","));
        }
        // "Can you tell me the fee?" is the request "tell me the fee?",
        // without asking whether one can.
        let at = words.len().checked_sub(told.split(' ').count())?;
        return (told.starts_with("tell") && at > 0)
            .then(|| words.get(at).map(|&(_, start)| start))
            .flatten();
    }
    None
}

/// `text` without the 吗 that ends a polite request ("能告诉我……吗？")
/// and the question mark after it: that 吗 asks whether the reader can
/// tell, not what follows the request.
fn without_polite_ending(text: &str) -> &str {
    let body = text.trim_end().trim_end_matches(['?', '？']);
    match body.strip_suffix('吗') {
        Some(kept) if !kept.trim().is_empty() => kept,
        _ => text,
    }
}

/// `question` without the greetings and requests it starts with.
pub fn strip(question: &str) -> &str {
    let mut rest = question.trim_start();
    let mut polite = false;
    loop {
        let opener = greeting(rest)
            .or_else(|| preamble(rest))
            .or_else(|| wants_to_know(rest))
            .map(|n| (n, false))
            .or_else(|| request_zh(rest));
        let Some((n, asks_if)) = opener else {
            break;
        };
        match rest.get(n..) {
            Some(next) if next.chars().any(char::is_alphanumeric) => {
                rest = next;
                polite |= asks_if;
            }
            _ => break,
        }
    }
    if polite {
        rest = without_polite_ending(rest);
    }
    if rest.len() == question.trim_start().len() {
        question
    } else {
        rest
    }
}

#[cfg(test)]
mod tests {
    use super::strip;

    #[test]
    fn a_preamble_that_announces_a_question_is_dropped() {
        assert_eq!(
            strip("Quick question: how long is the refund window?"),
            "how long is the refund window?"
        );
        assert_eq!(
            strip("two questions - where do I work?"),
            "where do I work?"
        );
        assert_eq!(
            strip("hi, quick question: can I get cash?"),
            "can I get cash?"
        );
        assert_eq!(
            strip("想问一下境内差旅报销要在几天内提交？"),
            "境内差旅报销要在几天内提交？"
        );
        // Words that say more than that a question comes are the question.
        for q in [
            "Question 3: what is the refund window?",
            "The question of cash: can I get it?",
            "Questions about refunds - who answers them?",
        ] {
            assert_eq!(strip(q), q, "{q}");
        }
    }

    #[test]
    fn a_chinese_request_is_dropped_with_the_ma_that_asks_if_one_can_tell() {
        assert_eq!(
            strip("告诉我境内差旅报销的提交期限"),
            "境内差旅报销的提交期限"
        );
        assert_eq!(strip("请告诉我，谁审核境外报销？"), "谁审核境外报销？");
        assert_eq!(strip("我想知道境内报销几天内付款"), "境内报销几天内付款");
        assert_eq!(
            strip("你好，麻烦告诉我境外报销要附什么材料"),
            "境外报销要附什么材料"
        );
        assert_eq!(
            strip("能告诉我境内报销审批后多久付款吗？"),
            "境内报销审批后多久付款"
        );
        // Only a polite request's 吗 is its own; a request alone stays.
        assert_eq!(strip("告诉我境外报销要附材料吗？"), "境外报销要附材料吗？");
        for q in ["告诉我", "我想知道？", "告诉他们截止日期了吗？"] {
            assert_eq!(strip(q), q, "{q}");
        }
    }

    #[test]
    fn wanting_to_know_is_dropped_before_what_is_asked() {
        assert_eq!(
            strip("I want to know where Priya works"),
            "where Priya works"
        );
        assert_eq!(
            strip("hi, I\u{2019}d like to know where I work"),
            "where I work"
        );
        assert_eq!(
            strip("I was wondering, whether I can get cash?"),
            "whether I can get cash?"
        );
        assert_eq!(
            strip("I Wonder if refunds take long"),
            "if refunds take long"
        );
        assert_eq!(strip("tell me where refunds go"), "where refunds go");
        assert_eq!(
            strip("Could you please tell me, how long is the window?"),
            "how long is the window?"
        );
        assert_eq!(strip("Do you know where I work?"), "where I work?");
        assert_eq!(
            strip("can you please tell me the restocking fee?"),
            "tell me the restocking fee?"
        );
        for q in [
            "tell me the restocking fee",
            "Tell me the return window, and whether sale items are final",
            "do you know the fee?",
            "I want to know",
            "Tell Me Why was released by which band?",
            "Tell Me More is a song by whom?",
            "tell meaning from noise",
            "Can you tell",
            "I wondered where Priya works",
            "I want to knowledge base articles",
            "Why I want to know matters",
        ] {
            assert_eq!(strip(q), q, "{q}");
        }
    }

    #[test]
    fn leading_greetings_are_dropped() {
        assert_eq!(
            strip("hey, which service failed after the second retry"),
            "which service failed after the second retry"
        );
        assert_eq!(strip("Hi! what is my role?"), "what is my role?");
        assert_eq!(strip("hello how do I deploy"), "how do I deploy");
        assert_eq!(strip("Hey there, hi, where do I work"), "where do I work");
        assert_eq!(
            strip("Hey - the service whose deploy gave up: how do we roll it back?"),
            "the service whose deploy gave up: how do we roll it back?"
        );
        assert_eq!(
            strip("hello again - what fee do I pay?"),
            "what fee do I pay?"
        );
        assert_eq!(strip("hi all: where do I work?"), "where do I work?");
        assert_eq!(
            strip("okay so what is the refund window"),
            "what is the refund window"
        );
        assert_eq!(
            strip("你好，今年境内差旅报销要在几天内提交？"),
            "今年境内差旅报销要在几天内提交？"
        );
        assert_eq!(strip("您好！请问境内报销多久到账？"), "境内报销多久到账？");
    }

    #[test]
    fn other_questions_are_unchanged() {
        for q in [
            "hiking trails near Aldermoor?",
            "Which song did Hello Sailor release?",
            "Hello Sailor released which album in 1977?",
            "Hi-5 was formed in which year?",
            "Hi - 5 was formed in which year?",
            "Hello Again was released in which year?",
            "so",
            "hi",
            "你好",
            "How do I say hello in the widget?",
            "Okayama is in which prefecture?",
            "",
        ] {
            assert_eq!(strip(q), q, "{q:?}");
        }
    }
}
