//! Stage 6 — execute: reading one passage; what a sentence states.
//!
//! [`states`] tells whether a clause states a value of the kind a question
//! expects: a duration, a year, a date, a number, an instruction, a place;
//! a person is read against the whole passage ([`names_person`]). Beside
//! it: whether a sentence refers back to the one before it ("Open *that
//! port*" after "… on port 7420."), the activity a question's "go" names
//! ("go running") and the preposition a question asks a place with ("lies
//! *on* what river?").
//!
//! Guarantees: each answer is read from the text given and the lexicons
//! alone, never from the corpus; text in a script without capitals
//! (Chinese) is never refused a place, a person or a procedure, which are
//! not read in it here; no input panics.

use crate::analyze::fold::Lower;
use crate::analyze::{self, lexicon};
use crate::compute::duration;
use crate::decompose::frame::Answer;

const NUMBER_WORDS: &[&str] = &[
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "sixty",
    "seventy",
    "eighty",
    "ninety",
    "hundred",
    "thousand",
    "million",
    "billion",
    "dozen",
    "once",
    "twice",
    "half",
];

pub(super) fn has_year(text: &str) -> bool {
    crate::compute::first_year(text).is_some()
}

fn has_number(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_ascii_digit() || "一二三四五六七八九十百千万亿两".contains(c))
        || analyze::words(text)
            .iter()
            .any(|w| NUMBER_WORDS.contains(&w.term.as_str()))
}

/// An instruction: a sentence that starts with a verb ("Run …", "To install
/// the CLI, run …", "Rollback rule for gateway-west in staging: delete the
/// namespace …"), or names a command in `code`.
pub(super) fn instructs(text: &str) -> bool {
    let t = text.trim_start();
    if t.contains('`')
        || [
            "点击", "运行", "执行", "使用", "打开", "选择", "输入", "安装",
        ]
        .iter()
        .any(|w| t.contains(w))
    {
        return true;
    }
    let ws = analyze::words(t);
    let to = ws.first().is_some_and(|w| w.term == "to");
    // "To install the CLI, run the install script": the verb after the
    // comma; a heading before a colon, the verb after it.
    let after = |marks: &[char]| {
        t.find(marks)
            .is_some_and(|i| leads_with_verb(&analyze::words(t.get(i + 1..).unwrap_or(""))))
    };
    leads_with_verb(&ws) || (to && after(&[',', ':'])) || after(&[':']) || addresses_reader(&ws)
}

/// True when a sentence opens with a pronoun that speaks of what the
/// sentence before it does ("It prints …", "This restarts …", "它不会…").
pub(super) fn opens_with_pronoun(sentence: &str) -> bool {
    let first = sentence.split_whitespace().next().unwrap_or("");
    matches!(first, "It" | "This" | "That" | "These") || sentence.starts_with('它')
}

/// True when an imperative ([`leads_with_verb`]) acts on "it" or "them"
/// ("Add `~/.skiff/bin` to *it*, or …"): what it acts on is named in the
/// sentence before ("The binary is not on your `PATH`."), which the answer
/// then quotes with it. (A sentence that opens with "It" speaks of its
/// subject: [`opens_with_pronoun`].)
pub(super) fn acts_on_it(sentence: &str) -> bool {
    leads_with_verb(&analyze::words(sentence))
        && sentence
            .split_whitespace()
            .skip(1)
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
            .any(|w| matches!(w, "it" | "them"))
}

/// True when `sentence` refers back with a demonstrative to one of the
/// question's words (`asked`, stemmed) that the sentence `before` writes:
/// "Open *that port* …" after "… on port 7420."; in Chinese, to the noun
/// `question` asks for ("开放*该端口*" after "通过 7420 端口……" for "哪个端口").
pub(super) fn refers_back(sentence: &str, before: &str, asked: &[&str], question: &str) -> bool {
    if asked.is_empty() {
        return false;
    }
    if refers_back_zh(sentence, before, question) {
        return true;
    }
    let demonstrative = |w: &str| {
        ["that", "this", "these", "those"]
            .iter()
            .any(|d| w.eq_ignore_ascii_case(d))
    };
    let mut words = sentence.split_whitespace();
    let mut previous = words.next();
    words.any(|w| {
        let after_demonstrative = previous.replace(w).is_some_and(demonstrative);
        after_demonstrative && {
            let noun = analyze::stem(w.trim_matches(|c: char| !c.is_alphanumeric()));
            asked.contains(&noun.as_str()) && analyze::terms(before).iter().any(|t| t.term == noun)
        }
    })
}

/// Chinese words that ask which thing, before its noun ("哪个端口").
const WHICH_ZH: &[&str] = &["哪个", "哪些", "哪一", "哪", "什么"];

/// [`refers_back`] in Chinese: a demonstrative (该, 此, 这, 那, with 个 or
/// 些 after it) right before the character pair the question asks for
/// after a which-word, which the sentence before writes ("该端口",
/// "这个端口"). Not any pair the question shares: "该银行荣获……" states
/// what "获得了什么奖项" asks on its own.
fn refers_back_zh(sentence: &str, before: &str, question: &str) -> bool {
    let asked = |noun: &str| {
        WHICH_ZH
            .iter()
            .any(|w| question.contains(&format!("{w}{noun}")))
    };
    sentence.char_indices().any(|(i, c)| {
        if !"该此这那".contains(c) {
            return false;
        }
        let rest = sentence.get(i + c.len_utf8()..).unwrap_or("");
        let rest = rest.strip_prefix(['个', '些']).unwrap_or(rest);
        let noun: String = rest.chars().take(2).collect();
        noun.chars().count() == 2
            && noun.chars().all(analyze::is_cjk)
            && asked(&noun)
            && before.contains(&noun)
    })
}

/// True when a sentence's words tell the reader what to do with a modal:
/// "you can install the CLI with Homebrew", "you need to restart the agent".
fn addresses_reader(ws: &[analyze::Token]) -> bool {
    ws.windows(3).any(|w| {
        let modal = matches!(
            w[1].term.as_str(),
            "can" | "should" | "must" | "need" | "may"
        );
        let verb = if w[1].term == "need" {
            w[2].term == "to"
        } else {
            lexicon::is_verb(&w[2].term)
        };
        w[0].term == "you" && modal && verb
    })
}

/// True when words start with a verb in the imperative: not "be"/"have",
/// nor a verb that is the sentence's noun subject ("Deploy of gateway-west
/// failed …", "Restart was slow").
fn leads_with_verb(ws: &[analyze::Token]) -> bool {
    let first = ws.first().map_or("", |w| w.term.as_str());
    let second = ws.get(1).map_or("", |w| w.term.as_str());
    let noun = matches!(second, "of" | "is" | "was" | "were" | "are" | "has" | "had");
    lexicon::is_verb(first) && first != "be" && first != "have" && !noun
}

/// The activity the words after "go" name: a word in -ing ("go
/// running"), or the noun after "for"/"on" and a determiner or possessive
/// ("go for a run", "go on her runs", "go for Priya's walk").
pub(super) fn activity<'q>(mut words: impl Iterator<Item = &'q str>) -> Option<&'q str> {
    let bare = |w: &'q str| w.trim_end_matches(|c: char| !c.is_alphanumeric());
    let first = words.next()?;
    if bare(first).ends_with("ing") {
        return Some(first);
    }
    if !matches!(bare(first).lower().as_str(), "for" | "on") {
        return None;
    }
    let determiner = words.next()?;
    let owner = determiner.ends_with("'s") || determiner.ends_with("’s");
    let known = matches!(
        bare(determiner).lower().as_str(),
        "a" | "an" | "the" | "my" | "her" | "his" | "their" | "your" | "our" | "its"
    );
    (known || owner).then(|| words.next()).flatten()
}

/// Prepositions a place follows ("born in Szeged", "works at the bakery",
/// "written to `/var/log`").
const LOCATIVES: &[&str] = &[
    "in", "at", "from", "near", "to", "into", "inside", "under", "within", "outside", "along",
    "beside", "across", "around", "through",
];

/// Prepositions that say where only when the question asks with them ("lies
/// *on* what river?" is answered "on the river Wend"; elsewhere "on the
/// album" says no place).
const ASKED_LOCATIVES: &[&str] = &["on", "along", "across", "over", "beside", "off", "upon"];

/// The preposition an English question asks a place with, when it is one of
/// [`ASKED_LOCATIVES`] ("Aldermoor lies *on* what river?").
pub(super) fn asked_locative(question: &str) -> Option<&'static str> {
    let at = crate::decompose::frame::asking_word(question)?;
    let prev = question.get(..at)?.split_whitespace().last()?.lower();
    ASKED_LOCATIVES.iter().copied().find(|p| *p == prev)
}

/// A place: a locative preposition (or the one the question asks with)
/// followed by a name, an article or a path (not a year or a month:
/// "released in May 1998" says when). Text in a script without capitals
/// always may.
fn names_place(text: &str, asked: Option<&str>) -> bool {
    if text.chars().any(analyze::is_cjk) {
        return true;
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    words.windows(2).any(|pair| {
        let [prep, next] = pair else { return false };
        let prep = prep.trim_matches(|c: char| !c.is_alphanumeric());
        let prep = prep.lower();
        if !LOCATIVES.contains(&prep.as_str()) && asked != Some(prep.as_str()) {
            return false;
        }
        let bare = next.trim_start_matches(['(', '"', '\'', '“']);
        let lower = bare
            .trim_end_matches(|c: char| !c.is_alphanumeric())
            .lower();
        let name = bare.chars().next().is_some_and(char::is_uppercase)
            && !lexicon::is_calendar_word(&lower);
        name || matches!(lower.as_str(), "the" | "a" | "an") || bare.starts_with(['`', '/', '~'])
    })
}

/// The terms of the words of `text[s..e]` that start with a capital letter
/// (a term of a hyphenated word counts with its word).
pub(super) fn capitalised_terms(text: &str, (s, e): (usize, usize)) -> Vec<String> {
    text.get(s..e)
        .unwrap_or("")
        .split_whitespace()
        .filter(|w| {
            w.chars()
                .find(|c| c.is_alphanumeric())
                .is_some_and(char::is_uppercase)
        })
        .flat_map(|w| analyze::terms(w).into_iter().map(|t| t.term))
        .filter(|t| !t.contains(['-', '_', '.']))
        .collect()
}

/// True when a clause states a value of the expected kind; a place may also
/// follow `locative`, the preposition the question asks with ("lies *on*
/// what river?").
pub fn states(answer: Answer, text: &str, locative: Option<&str>) -> bool {
    match answer {
        Answer::Duration => !duration::durations(text).is_empty(),
        Answer::Year => has_year(text),
        // "within 5 working days after approval" says when, too.
        Answer::Date => {
            has_year(text)
                || crate::execute::stated::has_clock(text)
                || !duration::durations(text).is_empty()
                || analyze::words(text)
                    .iter()
                    .any(|w| lexicon::is_calendar_word(&w.term))
                // 1998年3月, 东汉末年, 隋代, 十九世纪, 战国时期
                || ["年", "月", "世纪", "时期", "朝", "代", "初", "末"]
                    .iter()
                    .any(|w| text.contains(w))
        }
        Answer::Number => has_number(text),
        // 怎么/怎样 asks how something came about as often as how to do it.
        Answer::Procedure if text.chars().any(analyze::is_cjk) => true,
        Answer::Procedure => instructs(text),
        Answer::Place => names_place(text, locative),
        // A person is read against the whole passage ([`names_person`]).
        Answer::Person | Answer::YesNo | Answer::Reason | Answer::Open => true,
    }
}

/// True when an English clause names someone: a name (a capitalised word
/// that is no function word, past the clause's first or first before a
/// verb or another name; an acronym that is no technical term), or a noun for a person, a group or a role
/// ("the platform lead", "the finance team"). A capitalised word the
/// passage (`whole`) also writes in lower case names a thing ("Skiff waits
/// …" beside "run skiff deploy"). Chinese text is not read.
pub(super) fn names_person(text: &str, whole: &str) -> bool {
    if text.chars().any(analyze::is_cjk) {
        return true;
    }
    let words: Vec<&str> = text
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-'))
        .filter(|w| !w.is_empty())
        .collect();
    let capitalised = |w: &str| {
        let lower = w.lower();
        w.chars().next().is_some_and(char::is_uppercase)
            && analyze::word_at(whole, &lower).is_none()
            && !lexicon::is_calendar_word(&lower)
            && !analyze::is_stop_word(&lower)
            && !lexicon::is_function_stem(&analyze::stem(&lower))
            && (w.chars().any(char::is_lowercase)
                || !lexicon::TECHNICAL_ACRONYMS.contains(&lower.as_str()))
    };
    // A sentence's first word is a name before another name or a verb
    // ("Eva Holm (born 1961) is …", "Sam still works …"), not before a noun
    // ("Rollback rule for …").
    let subject = |next: &str| {
        let lower = next.lower();
        capitalised(next)
            || lexicon::is_verb(&lower)
            || matches!(
                lower.as_str(),
                "is" | "was" | "has" | "had" | "does" | "did"
            )
    };
    let second = words
        .iter()
        .skip(1)
        .find(|n| !lexicon::is_function_stem(&analyze::stem(&n.lower())));
    let named = words
        .iter()
        .enumerate()
        .any(|(i, w)| capitalised(w) && (i > 0 || second.is_some_and(|n| subject(n))));
    named
        || words.iter().any(|w| {
            let lower = w.lower();
            let singular = lower.strip_suffix('s').unwrap_or(&lower);
            [lower.as_str(), singular]
                .iter()
                .any(|w| lexicon::ROLES.contains(w) || crate::execute::kind::names_someone(w))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_imperative_that_acts_on_it_needs_the_sentence_before() {
        for s in [
            "Add ~/.skiff/bin to it, or install the CLI again.",
            "Restart them one at a time.",
        ] {
            assert!(acts_on_it(s), "{s}");
        }
        for s in [
            "It does not rebuild anything, so it takes seconds.",
            "If you're modifying a mailbox, you must lock it first.",
            "Because the function grows large, it has a log form.",
            "Deploy of gateway-west failed and it gave up.",
            "Add ~/.skiff/bin to your PATH.",
        ] {
            assert!(!acts_on_it(s), "{s}");
        }
    }

    #[test]
    fn a_person_is_a_name_or_a_role_not_a_product_or_an_acronym() {
        let alone = |t: &str| names_person(t, t);
        for says in [
            "Priya does not eat meat.",
            "Sam still works nights at the harbour bakery.",
            "Eva Holm (born 1961) is a critic.",
            "It was produced by Anna Brodie.",
            "Page the platform lead when a rollback fails twice.",
            "Approval is given by your manager.",
            "境外报销由部门负责人审核。",
        ] {
            assert!(alone(says), "{says}");
        }
        for not in [
            "The health check is an HTTP GET /up that must answer 200 within 30 seconds.",
            "The binary is not on your PATH.",
            "To install the CLI, run the install script.",
            "Rollback rule for gateway-west: restart every pod.",
            "It ships apps with one command.",
            "Runs are held on Sundays in March.",
        ] {
            assert!(!alone(not), "{not}");
        }
        // A capitalised word the passage also writes in lower case names a
        // thing: the product, not its maker.
        let whole = "Skiff waits for each server. Run skiff deploy.";
        assert!(!names_person("Skiff waits for each server.", whole));
        assert!(names_person(
            "Skiff waits for each server.",
            "Skiff waits for each server."
        ));
    }

    #[test]
    fn kinds_of_values() {
        assert!(states(Answer::Duration, "within 30 seconds", None));
        assert!(!states(Answer::Duration, "the second retry", None));
        assert!(states(Answer::Year, "born September 6, 1961", None));
        assert!(states(Answer::Number, "keeps the last five releases", None));
        assert!(states(Answer::Place, "He was born in Szeged.", None));
        assert!(states(
            Answer::Place,
            "Sam still works nights at the harbour bakery.",
            None
        ));
        assert!(states(
            Answer::Place,
            "Logs are written to `/var/log/skiff`.",
            None
        ));
        assert!(!states(
            Answer::Place,
            "Elena Sorensen (born 21 August 1962) is a Danish film director.",
            None
        ));
        assert!(!states(
            Answer::Place,
            "It was released in May 1998, and reissued in 2004.",
            None
        ));
        // "on" says where only when the question asks with it.
        assert!(!states(
            Answer::Place,
            "It came out on the Northgate label.",
            None
        ));
        assert!(states(
            Answer::Place,
            "Aldermoor is a market town on the river Wend.",
            Some("on")
        ));
        fn of(q: &str) -> Option<&str> {
            activity(q.split_whitespace())
        }
        assert_eq!(of("running along the river?"), Some("running"));
        assert_eq!(of("for a run?"), Some("run?"));
        assert_eq!(of("on her runs"), Some("runs"));
        assert_eq!(of("for Priya's walk"), Some("walk"));
        // "go to work", "go for lunch": no activity named this way.
        assert_eq!(of("to work"), None);
        assert_eq!(of("for lunch"), None);
        assert_eq!(asked_locative("Aldermoor lies on what river?"), Some("on"));
        assert_eq!(asked_locative("Which river does Aldermoor lie on?"), None);
        assert_eq!(asked_locative("In what town was it recorded?"), None);
        assert!(states(
            Answer::Procedure,
            "To install the CLI, run the install script.",
            None
        ));
        assert!(states(Answer::Procedure, "Run `skiff version`.", None));
        // A verb after a heading's colon, and a modal said to the reader,
        // instruct; a verb that is the sentence's noun subject, a question
        // to the reader, and a noun after a colon do not.
        for says in [
            "Deploy the app from main.",
            "Rollback rule for gateway-west in staging: delete the namespace and redeploy.",
            "On macOS you can install the CLI with Homebrew instead: brew install skiff.",
            "If it hangs, you need to restart the agent.",
        ] {
            assert!(states(Answer::Procedure, says, None), "{says}");
        }
        for not in [
            "Incident INC-2291 timeline: Deploy of gateway-west failed at 14:02.",
            "Can you believe the agent was down?",
            "Deploy of gateway-west failed after the second retry.",
            "Restart was slow on the first night.",
        ] {
            assert!(!states(Answer::Procedure, not, None), "{not}");
        }
        assert!(!states(
            Answer::Procedure,
            "The skiff CLI is a single static binary.",
            None
        ));
        assert!(!states(
            Answer::Procedure,
            "A rollback switches servers back to a release.",
            None
        ));
    }
}
