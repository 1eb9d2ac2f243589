//! Stage 6 — execute: Chinese character pairs read across a word boundary.
//!
//! Chinese is indexed as characters and pairs, so "境内差旅报销多久内要提交"
//! also yields 旅报 and 要提, which no passage writes: counted as topic words
//! they sink a question whose every word the passage has
//! ("境内差旅的报销申请…提交"). [`soften`] makes such seams soft words, so
//! they rank clauses but are not required.
//!
//! Guarantees: only CJK pairs and characters change role; a pair is softened
//! only on evidence from the question's own neighbouring pairs and the
//! corpus' document frequencies — a pair beside a single written pair, or
//! beside none (签证 in 签证费可以报销吗), stays asked; no input panics.

use crate::analyze::{self, lexicon};
use crate::decompose::frame::{self, Frame, Role, Term};
use crate::index::Index;

use super::read::Weighted;

/// Softens the seams among the question's CJK pairs, then makes a
/// character no word holds a word of its own.
///
/// A pair the corpus lacks is a seam when it lies between two words (pairs
/// some passage writes: 旅报 in 差旅报销), beside a question or frame word
/// (销多 before 多久), or holds a modal verb (要附, 内要). A pair beside
/// only one written pair stays a topic word: that pair may be written by
/// chance across words elsewhere (尔在 beside the name 夏尔), and a word the
/// corpus does not have (签证 in "签证费可以报销吗") is asked. A pair the corpus has is a seam
/// when fewer passages have it than have the pair before it and the pair
/// after it (内差 in 境内差旅: passages write it only where they write 境内
/// before 差旅); in a phrase the corpus always writes whole (海外差旅补充办法)
/// no pair is rarer than both its neighbours.
pub fn soften(index: &Index, frame: &Frame, words: &mut [Weighted]) {
    for w in words.iter_mut() {
        let Some(t) = frame.terms.get(w.position) else {
            continue;
        };
        if w.role != Role::Topic || !pair(t) {
            continue;
        }
        let df = index.df(&t.term);
        let before = before(frame, t).filter(|x| word(index, x));
        let after = after(frame, t).filter(|x| word(index, x));
        let seam = if w.unknown {
            binds(t)
                || frame_word(before)
                || frame_word(after)
                || (before.is_some() && after.is_some())
        } else {
            let rarer = |x: Option<&Term>| x.is_some_and(|x| df < index.df(&x.term));
            rarer(before) && rarer(after)
        };
        if seam {
            w.role = Role::Soft;
        }
    }
    // A character no word of the question holds is a word of one character
    // (附 in 要附什么材料: "attach"), asked like any other, unless it only
    // binds words (的, 要, 什).
    for w in words.iter_mut() {
        let Some(t) = frame.terms.get(w.position) else {
            continue;
        };
        let mut chars = t.term.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            continue;
        };
        if w.unknown
            || w.role != Role::Soft
            || !analyze::is_cjk(c)
            || lexicon::MODALS_ZH.contains(c)
            || frame::binds_words_zh(c)
        {
            continue;
        }
        // (A word is a pair, so never the character itself.)
        let held = frame
            .terms
            .iter()
            .any(|x| x.start <= t.start && t.end <= x.end && word(index, x));
        if !held {
            w.role = Role::Topic;
        }
    }
}

/// A pair of CJK characters.
fn pair(t: &Term) -> bool {
    t.term.chars().count() == 2 && t.term.chars().all(analyze::is_cjk)
}

/// A pair some passage writes, or a frame word.
fn word(index: &Index, t: &Term) -> bool {
    pair(t) && (index.df(&t.term) > 0 || lexicon::is_frame_zh(&t.term))
}

/// A frame or question word.
fn frame_word(x: Option<&Term>) -> bool {
    x.is_some_and(|x| lexicon::is_frame_zh(&x.term) || frame::is_question_zh(&x.term))
}

/// A pair holding a modal verb (要附, 内要): it binds two words.
fn binds(t: &Term) -> bool {
    t.term.chars().any(|c| lexicon::MODALS_ZH.contains(c))
}

/// The pair of the question that ends with `t`'s first character.
fn before<'f>(frame: &'f Frame, t: &Term) -> Option<&'f Term> {
    let middle = t.start + t.term.chars().next()?.len_utf8();
    frame
        .terms
        .iter()
        .find(|x| x.end == middle && x.start < t.start && pair(x))
}

/// The pair of the question that begins with `t`'s last character.
fn after<'f>(frame: &'f Frame, t: &Term) -> Option<&'f Term> {
    let middle = t.start + t.term.chars().next()?.len_utf8();
    frame
        .terms
        .iter()
        .find(|x| x.start == middle && x.end > t.end && pair(x))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::frame::{frame, Strictness};
    use crate::model::Passage;

    /// The roles [`crate::execute::read::weights`] gives a Chinese
    /// question's pairs over a corpus.
    fn roles(texts: &[&str], q: &str) -> Vec<(String, Role)> {
        let passages = texts
            .iter()
            .enumerate()
            .map(|(i, t)| Passage::new(format!("p{i}"), "", *t))
            .collect();
        let index =
            crate::index::Index::build(passages, vec![], Default::default(), Default::default())
                .unwrap();
        let f = frame(q, Strictness::Question);
        crate::execute::read::weights(&index, &f)
            .into_iter()
            .map(|w| (w.stem, w.role))
            .collect()
    }

    #[test]
    fn pairs_read_across_chinese_words_are_no_topic() {
        let corpus = [
            "境内差旅的报销申请，应在差旅结束后30个自然日内提交。",
            "境内报销单经审批后5个工作日内付款。",
            "境外报销提交时须附出入境记录页。",
            "海外差旅补充办法规定了境外差旅的报销。",
        ];
        let role = |q: &str, pair: &str| {
            roles(&corpus, q)
                .into_iter()
                .find(|(s, _)| s == pair)
                .map(|(_, r)| r)
        };
        let q = "境内差旅报销多久内要提交";
        for word in ["境内", "差旅", "报销", "提交"] {
            assert_eq!(role(q, word), Some(Role::Topic), "{word}");
        }
        // Between two words, beside a question word, or holding a modal.
        for seam in ["旅报", "销多", "久内", "内要", "要提"] {
            assert_eq!(role(q, seam), Some(Role::Soft), "{seam}");
        }
        // A pair the corpus writes only inside 境内差旅 is no word either…
        assert_eq!(role(q, "内差"), Some(Role::Soft));
        // …but in a phrase the corpus always writes whole, each pair is.
        assert_eq!(
            role("海外差旅补充办法要求附哪些单据", "差旅"),
            Some(Role::Topic)
        );
        // A word the corpus lacks is asked, beside one it has or not.
        assert_eq!(role("境内差旅住宿费标准是多少", "住宿"), Some(Role::Topic));
        assert_eq!(role("签证费可以报销吗", "签证"), Some(Role::Topic));
        // A character no word holds is a word of its own (附, "attach").
        assert_eq!(role("境外报销要附什么材料", "附"), Some(Role::Topic));
        assert_eq!(role("境外报销要附什么材料", "要附"), Some(Role::Soft));
    }
}
