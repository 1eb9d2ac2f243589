//! Stage 3 — decompose: the subject of a yes/no question.
//!
//! "Does *a deploy* rebuild anything?", "Does *Priya* eat meat?",
//! "*回滚*会重新构建吗？": the thing the question says something of. A
//! clause that says it of "it" ("It does not rebuild anything") speaks of
//! what the sentence before it names, not of whatever its page's title
//! names; the reader ([`crate::execute::read`]) holds such a clause to the
//! subject.
//!
//! A negated sentence answers such a question when it negates the
//! question's predicate ("Priya does not eat meat." for "Does Priya *eat*
//! meat?"), not when it negates other words the question shares ("no
//! service was marked failed" for "can I *restart* a service after a failed
//! deploy?").
//!
//! Guarantees: byte ranges into the question on char boundaries, or `None`:
//! both for a question that opens with no auxiliary of do-support or a
//! modal (after "is"/"are" subject and predicate cannot be told apart by
//! word class); no subject when it is the asker ("Can I …", "我能…吗").

use crate::analyze::{self, fold::Lower, lexicon};

/// Auxiliaries a yes/no question opens with, before its subject.
const AUXILIARIES: &[&str] = &[
    "do", "does", "did", "can", "could", "will", "would", "should", "must", "may", "might",
];
/// Subjects that are the asker or the one asked.
const ASKERS: &[&str] = &["i", "we", "you"];
/// Chinese auxiliaries written after a yes/no question's subject
/// (回滚*会*重新构建吗).
const AUXILIARIES_ZH: &str = "会能可要需应";

/// What a yes/no question says of what: its subject and its predicate's
/// verb, as byte ranges of the question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Polar {
    /// "Does *a deploy* rebuild anything?"; `None` for the asker ("Can I
    /// …").
    pub subject: Option<(usize, usize)>,
    /// The verb said of the subject ("Does Priya *eat* meat?", "do I
    /// *need* to drain traffic?"); in Chinese, every word after the
    /// auxiliary (回滚会*重新构建*吗).
    pub predicate: Option<(usize, usize)>,
    /// The verb of a clause that sets the question's condition after it
    /// ("Are variables injected when a release *starts*?", "Does skiff
    /// restart the release when I *roll* back?"); `None` when there is
    /// none, it is light, or the question is Chinese.
    pub condition: Option<(usize, usize)>,
}

/// Reads a yes/no question ([`super::frame::Answer::YesNo`]).
pub fn read(question: &str) -> Polar {
    if question.chars().any(analyze::is_cjk) {
        return read_zh(question);
    }
    // A clause of time set off before it ("When upgrading, should I …"):
    // the question is what follows the comma.
    if let Some(main) = super::frame::main_clause(question) {
        let rest = question.get(main..).unwrap_or("");
        let shift = |r: Option<(usize, usize)>| r.map(|(s, e)| (s + main, e + main));
        let p = read_from(rest);
        return Polar {
            subject: shift(p.subject),
            predicate: shift(p.predicate),
            condition: shift(condition(rest)),
        };
    }
    Polar {
        condition: condition(question),
        ..read_from(question)
    }
}

/// Words that open a clause of condition or time after the main clause.
const CONDITIONS: &[&str] = &["when", "whenever", "if", "once", "after", "before", "while"];

/// The verb of the clause of condition a yes/no question ends with ("…
/// injected *when* a release starts?"): the first verb after its opener,
/// within the clause, unless light ("… when it *is* defective").
fn condition(question: &str) -> Option<(usize, usize)> {
    let words = analyze::words(question);
    let written = |i: usize| written_at(question, &words, i).lower();
    if !super::frame::AUX.contains(&written(0).as_str()) {
        return None;
    }
    let opener = (3..words.len()).find(|&i| CONDITIONS.contains(&written(i).as_str()))?;
    let after = words.get(opener)?.end;
    let clause_end = question
        .get(after..)?
        .find([',', ';', '?', '.'])
        .map_or(question.len(), |at| after + at);
    // (A verb's form right after a determiner is a noun: "when *a
    // deploy* fails".)
    let verb = (opener + 1..words.len())
        .take_while(|&i| words.get(i).is_some_and(|w| w.end <= clause_end))
        .find(|&i| {
            verbal(&written(i)) && !super::frame::DETERMINERS.contains(&written(i - 1).as_str())
        })?;
    let w = words.get(verb)?;
    (!light(&verb_stem(&written(verb)))).then_some((w.start, w.end))
}

/// Verbs that say a need or a wish: the verb after their "to" is the one
/// asked ("do I *need* to restart …").
const NEEDING: &[&str] = &["need", "have", "want", "ought"];
/// Light verbs besides [`lexicon::LIGHT_VERBS`] (be, go, come), and verbs of
/// relation a page says in its own words ("Does the fee *apply* to
/// defective items?" over "…, waived for defective items"), stems: no page
/// need write them.
const RELATION: &[&str] = &[
    "be", "go", "come", "appli", "cover", "includ", "affect", "mean", "count", "involv", "concern",
    "relat", "matter",
];

/// The verb a page must write to answer a yes/no question about it: the
/// predicate's verb ("Does a deploy *push* the image?"), or the one after
/// "need to" ("Do I need to *restart* …"); `None` for a light verb ("Can
/// I *get* cash …": its object says what is asked), no predicate, or a
/// Chinese question.
pub fn asked_verb(question: &str, polar: &Polar) -> Option<(usize, usize)> {
    // A Chinese predicate is every word after the auxiliary, not one verb.
    if question.chars().any(analyze::is_cjk) {
        return None;
    }
    let (s, e) = polar.predicate?;
    let verb = question.get(s..e)?.lower();
    let base = verb_stem(&verb);
    // ("has" is no irregular form in the lexicon: its stem is not "have".)
    if NEEDING.contains(&base.as_str()) || verb == "has" {
        let rest = question.get(e..)?;
        let mut after = analyze::words(rest).into_iter();
        let (to, next) = (after.next()?, after.next()?);
        let word = rest.get(next.start..next.end)?.lower();
        let light = light(&verb_stem(&word));
        return (to.term == "to" && verbal(&word) && !light)
            .then_some((e + next.start, e + next.end));
    }
    (!light(&base)).then_some((s, e))
}

/// The stem of a verb form's base ("kept" → "keep", "restarts" → "restart").
fn verb_stem(word: &str) -> String {
    analyze::stem(lexicon::base(word))
}

/// True when a verb's stem is a light verb's or a verb of relation's.
fn light(stem: &str) -> bool {
    lexicon::LIGHT_VERBS.contains(&stem) || RELATION.contains(&stem)
}

/// The `i`-th word of `question` as written ("" past the end).
fn written_at<'q>(question: &'q str, words: &[analyze::Token], i: usize) -> &'q str {
    words
        .get(i)
        .and_then(|w| question.get(w.start..w.end))
        .unwrap_or("")
}

fn read_from(question: &str) -> Polar {
    let words = analyze::words(question);
    let written = |i: usize| written_at(question, &words, i);
    let range = |from: usize, to: usize| Some((words.get(from)?.start, words.get(to)?.end));
    let opener = written(1).lower();
    if !AUXILIARIES.contains(&written(0).lower().as_str()) || words.len() < 2 {
        return Polar::default();
    }
    // The first verb from `from` on, past adverbs ("do I *really* need").
    let verb_from = |from: usize| {
        (from..words.len())
            .find(|&i| !written(i).lower().ends_with("ly"))
            .filter(|&i| verbal(&written(i).lower()))
    };
    if ASKERS.contains(&opener.as_str()) {
        return Polar {
            subject: None,
            predicate: verb_from(2).and_then(|v| range(v, v)),
            condition: None,
        };
    }
    // A name: its capitalised words.
    if written(1).starts_with(char::is_uppercase) {
        let Some(last) = (1..words.len())
            .take_while(|&i| written(i).starts_with(char::is_uppercase))
            .last()
        else {
            return Polar::default();
        };
        return Polar {
            subject: range(1, last),
            predicate: verb_from(last + 1).and_then(|v| range(v, v)),
            condition: None,
        };
    }
    // A noun phrase: up to its verb, or its first noun when no verb is
    // known ("Does a deploy rebuild anything?").
    let noun = if super::frame::DETERMINERS.contains(&opener.as_str()) {
        2
    } else {
        1
    };
    // Of two verb forms in a row, the first ends a compound noun ("the
    // health *check* need").
    let verb = (noun + 1..words.len())
        .find(|&i| verbal(&written(i).lower()))
        .map(|v| {
            if verbal(&written(v + 1).lower()) {
                v + 1
            } else {
                v
            }
        });
    Polar {
        subject: range(1, verb.map_or(noun, |v| v - 1)),
        predicate: verb.and_then(|v| range(v, v)),
        condition: None,
    }
}

/// A verb form, also with a prefix that repeats or undoes ("rebuild").
fn verbal(word: &str) -> bool {
    lexicon::is_verb(word)
        || ["re", "un"]
            .iter()
            .any(|p| word.strip_prefix(p).is_some_and(lexicon::is_verb))
}

/// The characters before the first auxiliary (from the second on), and
/// those after it ("回滚会重新构建吗" → 回滚, 重新构建); no subject for the
/// asker (我).
fn read_zh(question: &str) -> Polar {
    let Some((at, aux)) = question
        .char_indices()
        .skip(1)
        .find(|&(_, c)| AUXILIARIES_ZH.contains(c))
    else {
        return Polar::default();
    };
    let head = question.get(..at).unwrap_or("");
    let start = head.len() - head.trim_start().len();
    let from = at + aux.len_utf8();
    let end = question
        .char_indices()
        .skip_while(|&(i, _)| i < from)
        .find(|&(_, c)| !analyze::is_cjk(c) || "吗呢".contains(c))
        .map_or(question.len(), |(i, _)| i);
    Polar {
        subject: (!head.contains('我')).then_some((start, at)),
        predicate: (end > from).then_some((from, end)),
        condition: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(q: &str) -> (Option<&str>, Option<&str>) {
        let p = read(q);
        let at = |r: Option<(usize, usize)>| r.and_then(|(s, e)| q.get(s..e));
        (at(p.subject), at(p.predicate))
    }

    #[test]
    fn the_subject_sits_between_the_auxiliary_and_the_verb() {
        assert_eq!(said("Does Priya eat meat?"), (Some("Priya"), Some("eat")));
        assert_eq!(
            said("Does a deploy rebuild anything?"),
            (Some("a deploy"), Some("rebuild"))
        );
        assert_eq!(
            said("does the health check need a token"),
            (Some("the health check"), Some("need"))
        );
        assert_eq!(
            said("Do electronics carry a restocking fee?"),
            (Some("electronics"), Some("carry"))
        );
        assert_eq!(
            said("Can Tomas Varga drive?"),
            (Some("Tomas Varga"), Some("drive"))
        );
        assert_eq!(said("回滚会重新构建吗？"), (Some("回滚"), Some("重新构建")));
        assert_eq!(
            said("小组件的标题里可以放 HTML 吗？"),
            (Some("小组件的标题里"), Some("以放"))
        );
    }

    #[test]
    fn the_asker_is_no_subject_and_a_question_word_no_auxiliary() {
        assert_eq!(said("do I need to drain traffic?"), (None, Some("need")));
        assert_eq!(
            said("Can I get cash instead of store credit?"),
            (None, Some("get"))
        );
        assert_eq!(said("我能用现金退款吗？"), (None, Some("用现金退款")));
        assert_eq!(said("Is the health check an HTTP GET?"), (None, None));
        assert_eq!(said("What does a deploy build?"), (None, None));
        assert_eq!(said(""), (None, None));
        assert_eq!(said("Does"), (None, None));
    }

    #[test]
    fn a_clause_of_condition_after_the_question_gives_its_verb() {
        fn condition(q: &str) -> Option<&str> {
            let (s, e) = read(q).condition?;
            q.get(s..e)
        }
        assert_eq!(
            condition("Are environment variables injected when a release starts?"),
            Some("starts")
        );
        assert_eq!(
            condition("Does skiff restart the previous release if I roll back?"),
            Some("roll")
        );
        // A verb's form after a determiner is the clause's subject.
        assert_eq!(
            condition("Are values injected when a deploy fails?"),
            Some("fails")
        );
        // A light verb says nothing of its own; a clause before the main one
        // is no condition of it; nor is a question word that opens it.
        assert_eq!(
            condition("Is the fee waived if the item is defective?"),
            None
        );
        assert_eq!(
            condition("When upgrading, should I restart the agents?"),
            None
        );
        assert_eq!(condition("When does a release start?"), None);
        assert_eq!(condition("回滚时会重新构建吗？"), None);
    }

    #[test]
    fn a_clause_of_time_before_the_question_is_read_past() {
        assert_eq!(
            said("When upgrading, should I restart the agents?"),
            (None, Some("restart"))
        );
        assert_eq!(
            said("when rolling back, does a deploy rebuild anything?"),
            (Some("a deploy"), Some("rebuild"))
        );
    }

    #[test]
    fn the_verb_asked_is_the_predicate_or_the_one_after_need_to() {
        let verb = |q: &str| asked_verb(q, &read(q)).map(|(s, e)| q[s..e].to_string());
        assert_eq!(
            verb("Should I restart the agents?").as_deref(),
            Some("restart")
        );
        assert_eq!(
            verb("Do I need to restart the agents after an upgrade?").as_deref(),
            Some("restart")
        );
        assert_eq!(
            verb("Does a deploy push the image?").as_deref(),
            Some("push")
        );
        // Light verbs: the object says what is asked.
        assert_eq!(verb("Can I get cash instead of store credit?"), None);
        assert_eq!(verb("do I need to get a receipt?"), None);
        assert_eq!(verb("Is the health check an HTTP GET?"), None);
        assert_eq!(verb("回滚会重新构建吗？"), None);
    }
}
