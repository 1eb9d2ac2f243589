//! Stage "analyze" — one tokenizer for index and query time.
//!
//! Guarantees:
//! - text is folded ([`fold`]: fullwidth forms, ligatures, diacritics,
//!   compatibility spaces, lowercase) one character at a time, so every [`Token`] keeps the BYTE
//!   range of the ORIGINAL text it came from (`&text[start..end]` is always a
//!   valid slice, on char boundaries);
//! - [`words`] gives surface words: maximal alphanumeric runs, and every CJK
//!   character on its own;
//! - [`terms`] gives index/query terms: English stop words dropped, Snowball
//!   English stems (numbers kept as they are), joined compounds
//!   (`gateway-west`, `os.path`) as one extra term, and CJK unigrams (minus
//!   function characters) plus bigrams;
//! - output is ordered by start offset, and no input panics.

pub mod edit;
pub mod fold;
pub mod lexicon;

use crate::model::Span;
use std::cell::{OnceCell, RefCell};
use std::rc::Rc;
use std::sync::OnceLock;
use std::thread::LocalKey;

/// A token with its byte range in the original text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub term: String,
    pub start: usize,
    pub end: usize,
}

/// English stop words: lowercase, sorted, one space between. One string,
/// not a `&[&str]`: a table of 156 slices is 1.2 KB of pointers in the wasm
/// module, where this is the words alone.
const STOP_WORDS: &str =
    "a about above after again against all also am among amongst an and another any are aren as at be because been \
     before being below between both but by can could couldn d did didn do does doesn doing \
     don down during each etc few for from further had hadn has hasn have haven having he \
     her here hers herself him himself his how i if in into is isn it its itself just ll m \
     me more most must my myself no nor not now of off on once only or other others our ours \
     ourselves out over own re s shall shan she should shouldn so some such t than that the \
     their theirs them themselves then there these they this those through to too under \
     until up ve very was wasn we were weren what when where which while who whom whose why \
     will with would wouldn yet you your yours yourself yourselves";

/// True when `word` (lowercase) is an English stop word.
pub fn is_stop_word(word: &str) -> bool {
    // The words are split out once (on the heap, not in the module): the
    // binary search over the string itself scanned it byte by byte for the
    // spaces around each probe, and `ask` checks about 180 words a question
    // (the fuzzer's corpus), which took 6% of the `question` target's time
    // under its comparison tracing.
    static WORDS: OnceLock<Vec<&'static str>> = OnceLock::new();
    WORDS
        .get_or_init(|| STOP_WORDS.split(' ').collect())
        .binary_search(&word)
        .is_ok()
}

/// FNV-1a over the text's bytes: picks a memo's slot.
fn hash(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// Recent values of a function of a text, one per slot by a hash of the text
/// (a direct-mapped cache, as the stem memo below).
pub(crate) type Memo<V> = RefCell<Vec<Option<(String, V)>>>;

/// `f()`, the value of a pure function of `text`, through `memo`. One `ask`
/// reads the same question and clauses several times over (the
/// decomposition's rules, the catalog lookups of its names, then the attempt
/// at each slot): over the fuzzer's corpus of questions it framed each text
/// 2.8 times, split it into words 6.7 times and into terms twice. Through
/// the memos `ask` gives the same reports in 20% less time over that corpus
/// (as fast as before over `make eval`'s questions), and the `question`
/// fuzz target's inputs take 31% less time under its instrumentation.
pub(crate) fn memoized<V: Clone>(
    memo: &'static LocalKey<Memo<V>>,
    text: &str,
    f: impl FnOnce() -> V,
) -> V {
    memoized_upto(memo, text, MEMO_SHORT, f)
}

/// How much a [`Memo`] keeps.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MemoSize {
    /// The longest text (bytes) it keeps.
    pub max_len: usize,
    /// Its slots (a power of two).
    pub slots: usize,
}

/// The memo size of questions and their clauses: they are short, passages
/// mostly longer. A longer text is read as it comes, so that building an
/// index does not copy each passage into a memo (with 2,048 bytes, indexing
/// the Astro docs took 4% longer), and a memo holds a few hundred KB at most.
const MEMO_SHORT: MemoSize = MemoSize {
    max_len: 512,
    slots: 32,
};

/// [`memoized`] in a memo of the given size.
pub(crate) fn memoized_upto<V: Clone>(
    memo: &'static LocalKey<Memo<V>>,
    text: &str,
    size: MemoSize,
    f: impl FnOnce() -> V,
) -> V {
    if text.len() > size.max_len {
        return f();
    }
    let slot = hash(text) as usize & (size.slots - 1);
    let hit = memo.with(|memo| {
        let memo = memo.try_borrow().ok()?;
        let (key, value) = memo.get(slot)?.as_ref()?;
        (key == text).then(|| value.clone())
    });
    if let Some(value) = hit {
        return value;
    }
    let value = f();
    memo.with(|memo| {
        if let Ok(mut memo) = memo.try_borrow_mut() {
            if memo.is_empty() {
                memo.resize_with(size.slots, || None);
            }
            if let Some(entry) = memo.get_mut(slot) {
                *entry = Some((text.to_string(), value.clone()));
            }
        }
    });
    value
}

/// Slots of the stem memo (a power of two).
const STEM_SLOTS: usize = 1 << 12;

thread_local! {
    /// Recent stems, one per slot by a hash of the word (a direct-mapped
    /// cache): rust-stemmers takes about 300 ns a word, and the words of a
    /// corpus repeat (`ask` on the 77k-passage docs stems the same sentence
    /// words question after question). With it, `ask` in Node ran at the
    /// previous release's speed, 12% faster than without; a `HashMap` memo
    /// did as well but made the module 2.9 KB gzip larger, this one 0.6 KB.
    static STEMS: RefCell<Vec<(String, String)>> = const { RefCell::new(Vec::new()) };
}

/// The Snowball English stem of a lowercase word (rust-stemmers).
pub fn stem(word: &str) -> String {
    let slot = hash(word) as usize & (STEM_SLOTS - 1);
    STEMS.with(|memo| {
        let Ok(mut memo) = memo.try_borrow_mut() else {
            return stem_uncached(word);
        };
        if memo.is_empty() {
            memo.resize(STEM_SLOTS, (String::new(), String::new()));
        }
        match memo.get_mut(slot) {
            Some((w, stem)) if w == word && !word.is_empty() => stem.clone(),
            Some(entry) => {
                let stem = stem_uncached(word);
                *entry = (word.to_string(), stem.clone());
                stem
            }
            None => stem_uncached(word),
        }
    })
}

fn stem_uncached(word: &str) -> String {
    rust_stemmers::Stemmer::create(rust_stemmers::Algorithm::English)
        .stem(word)
        .into_owned()
}

/// True for CJK ideographs (unified, extensions, compatibility), 々, 〇,
/// Hiragana and Katakana letters.
pub fn is_cjk(c: char) -> bool {
    let in_range = matches!(c,
        '\u{3005}' | '\u{3007}'
        | '\u{3040}'..='\u{309F}'
        | '\u{30A0}'..='\u{30FF}'
        | '\u{31F0}'..='\u{31FF}'
        | '\u{3400}'..='\u{4DBF}'
        | '\u{4E00}'..='\u{9FFF}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{20000}'..='\u{323AF}');
    in_range && c.is_alphanumeric()
}

/// Chinese function characters dropped as unigrams (kept inside bigrams).
fn is_cjk_function(c: char) -> bool {
    matches!(
        c,
        '的' | '了'
            | '吗'
            | '呢'
            | '是'
            | '在'
            | '和'
            | '与'
            | '也'
            | '之'
            | '或'
            | '及'
            | '啊'
            | '吧'
            | '把'
            | '被'
            | '就'
            | '都'
            | '而'
    )
}

/// The whitespace-separated words of `text` as written (punctuation kept),
/// each with its byte offset.
pub fn spaced_words(text: &str) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut at = 0;
    for chunk in text.split_inclusive(char::is_whitespace) {
        let word = chunk.trim_end();
        if !word.is_empty() {
            words.push((at, word));
        }
        at += chunk.len();
    }
    words
}

/// The byte offset where `text` writes `name` as whole words (case as
/// written: no letter or digit on either side), if it does.
pub fn word_at(text: &str, name: &str) -> Option<usize> {
    let edge = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    text.match_indices(name).map(|(i, _)| i).find(|&i| {
        edge(text.get(..i).and_then(|h| h.chars().next_back()))
            && edge(text.get(i + name.len()..).and_then(|t| t.chars().next()))
    })
}

/// The byte range `start..end` of `text` as a [`Span`] in char offsets, with
/// its text. Out-of-range offsets are clamped and offsets inside a character
/// are widened to the enclosing character boundaries; never panics.
pub fn char_span(text: &str, start: usize, end: usize) -> Span {
    let len = text.len();
    let mut end = end.min(len);
    let mut start = start.min(end);
    while start > 0 && !text.is_char_boundary(start) {
        start -= 1;
    }
    while end < len && !text.is_char_boundary(end) {
        end += 1;
    }
    let slice = text.get(start..end).unwrap_or_default();
    let char_start = text.get(..start).map_or(0, |p| p.chars().count());
    Span {
        start: char_start,
        end: char_start + slice.chars().count(),
        text: slice.to_string(),
    }
}

/// One normalized character with the byte range of the original cluster
/// (base character plus combining marks) it came from.
#[derive(Debug, Clone, Copy)]
struct NormChar {
    c: char,
    start: usize,
    end: usize,
}

/// Folds the text char by char ([`fold`]), keeping original byte ranges; a
/// dropped combining mark extends the range of the character before it.
fn normalize(text: &str) -> Vec<NormChar> {
    // ASCII text (most passages) folds byte by byte, as `fold` would.
    if text.is_ascii() {
        return text
            .bytes()
            .enumerate()
            .map(|(start, b)| NormChar {
                c: char::from(b.to_ascii_lowercase()),
                start,
                end: start + 1,
            })
            .collect();
    }
    let mut out: Vec<NormChar> = Vec::with_capacity(text.len());
    for (start, c) in text.char_indices() {
        let end = start + c.len_utf8();
        if fold::is_combining(c) {
            if let Some(last) = out.last_mut() {
                last.end = end;
            }
            continue;
        }
        fold::fold(c, &mut |f| out.push(NormChar { c: f, start, end }));
    }
    out
}

/// A word of the normalized stream: `first..=last` index its characters,
/// `start..end` is its byte range in the original text. Its term is read from
/// the characters only when wanted ([`Word::term`]): most words of a passage
/// a reader scans are never kept, and need no allocation.
#[derive(Debug, Clone, Copy)]
struct Word {
    first: usize,
    last: usize,
    start: usize,
    end: usize,
    cjk: bool,
}

impl Word {
    /// The word's folded characters, written into `buf` (cleared first).
    fn term_into(&self, chars: &[NormChar], buf: &mut String) {
        buf.clear();
        buf.extend(
            chars
                .get(self.first..=self.last)
                .unwrap_or_default()
                .iter()
                .map(|c| c.c),
        );
    }

    fn token(&self, term: String) -> Token {
        Token {
            term,
            start: self.start,
            end: self.end,
        }
    }
}

fn scan(chars: &[NormChar]) -> Vec<Word> {
    let mut out = Vec::new();
    let mut cur: Option<Word> = None;
    for (i, nc) in chars.iter().enumerate() {
        let one = |cjk| Word {
            first: i,
            last: i,
            start: nc.start,
            end: nc.end,
            cjk,
        };
        if is_cjk(nc.c) {
            out.extend(cur.take());
            out.push(one(true));
        } else if nc.c.is_alphanumeric() {
            match cur.as_mut() {
                Some(w) => {
                    w.end = w.end.max(nc.end);
                    w.last = i;
                }
                None => cur = Some(one(false)),
            }
        } else {
            out.extend(cur.take());
        }
    }
    out.extend(cur);
    out
}

thread_local! {
    static WORDS: Memo<Vec<Token>> = const { RefCell::new(Vec::new()) };
    static TERMS: Memo<Vec<Token>> = const { RefCell::new(Vec::new()) };
}

/// Surface words of `text`: folded, unstemmed, stop words kept;
/// every CJK character is a word on its own.
pub fn words(text: &str) -> Vec<Token> {
    memoized(&WORDS, text, || words_of(text))
}

fn words_of(text: &str) -> Vec<Token> {
    let scanned = Scanned::new(text);
    scanned
        .words
        .iter()
        .enumerate()
        .map(|(i, w)| w.token(scanned.word(i).to_string()))
        .collect()
}

/// True when `b` follows `a` with exactly one `-`, `_` or `.` between them.
fn joined(chars: &[NormChar], a: &Word, b: &Word) -> bool {
    !a.cjk
        && !b.cjk
        && b.first == a.last + 2
        && chars
            .get(a.last + 1)
            .is_some_and(|c| matches!(c.c, '-' | '_' | '.'))
}

/// What [`terms_where`] does with a term, decided on its folded, unstemmed
/// form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// Left out of the output.
    Drop,
    /// Kept as it is (folded, not stemmed).
    Keep,
    /// Kept, stemmed (a word; compounds, numbers and CJK terms are never
    /// stemmed).
    Stem,
}

/// Index/query terms of `text`, ordered by start offset.
pub fn terms(text: &str) -> Vec<Token> {
    memoized(&TERMS, text, || read_terms(text))
}

/// [`terms`] of a text read once (a passage while the index is built), not
/// through the memo, which would only copy it.
pub fn read_terms(text: &str) -> Vec<Token> {
    terms_where(text, &|_| Pick::Stem)
}

/// [`terms`], with `pick` choosing per term (on its folded, unstemmed form)
/// whether it is left out, kept or stemmed: a reader that looks for a few
/// words need not stem, nor even spell out, every word of a passage. A term
/// picked [`Pick::Drop`] is simply missing; the others come out exactly as
/// [`terms`] gives them, or unstemmed for [`Pick::Keep`].
pub fn terms_where(text: &str, pick: &dyn Fn(&str) -> Pick) -> Vec<Token> {
    Scanned::new(text).terms_where(pick)
}

/// The memo size of the passages a question reads: 99% of the HotpotQA
/// pool's passages are under 1.7 KB, and a question reads a few dozen.
pub(crate) const MEMO_PASSAGES: MemoSize = MemoSize {
    max_len: 4096,
    slots: 128,
};

thread_local! {
    static PASSAGES: Memo<Rc<Scanned>> = const { RefCell::new(Vec::new()) };
}

/// [`terms_where`] of a passage a question reads again and again (each
/// step, each verification, each partner reads its candidates anew, with
/// other question words): its folded characters and words are kept in a
/// memo, and only the picking is done again. Over the HotpotQA questions
/// the folding and splitting of passages was a fifth of `ask`'s time.
pub fn passage_terms_where(text: &str, pick: &dyn Fn(&str) -> Pick) -> Vec<Token> {
    scanned_passage(text).terms_where(pick)
}

/// A passage folded and split, through the passage memo.
fn scanned_passage(text: &str) -> Rc<Scanned> {
    memoized_upto(&PASSAGES, text, MEMO_PASSAGES, || {
        Rc::new(Scanned::new(text))
    })
}

/// [`terms`] of a passage a question reads again and again (the head
/// finder, the best-sentence pick, the feedback round's rare terms): from
/// the same memo as [`passage_terms_where`], stemmed once per passage.
pub fn passage_terms(text: &str) -> Vec<Token> {
    let scanned = scanned_passage(text);
    scanned
        .all
        .get_or_init(|| scanned.terms_where(&|_| Pick::Stem))
        .clone()
}

/// True when a passage writes a word whose term, read as its lemma
/// ([`lexicon::lemma`]: "kept" as "keep"), is `stem`; through the same memo
/// as [`passage_terms`], without copying its terms.
pub fn passage_writes(text: &str, stem: &str) -> bool {
    let scanned = scanned_passage(text);
    scanned
        .all
        .get_or_init(|| scanned.terms_where(&|_| Pick::Stem))
        .iter()
        .any(|t| lexicon::lemma(&t.term) == stem)
}

/// A text folded ([`normalize`]) and split into words ([`scan`]).
struct Scanned {
    chars: Vec<NormChar>,
    words: Vec<Word>,
    /// The folded words one after another: word `i` is
    /// `folded[ends[i - 1]..ends[i]]` (CJK words included, unused).
    folded: String,
    ends: Vec<usize>,
    /// All its terms ([`passage_terms`]), once asked for.
    all: OnceCell<Vec<Token>>,
}

impl Scanned {
    fn new(text: &str) -> Self {
        let chars = normalize(text);
        let words = scan(&chars);
        let mut folded = String::with_capacity(text.len());
        let ends = words
            .iter()
            .map(|w| {
                let word = chars.get(w.first..=w.last).unwrap_or_default();
                folded.extend(word.iter().map(|c| c.c));
                folded.len()
            })
            .collect();
        Scanned {
            chars,
            words,
            folded,
            ends,
            all: OnceCell::new(),
        }
    }

    /// The folded form of word `i`.
    fn word(&self, i: usize) -> &str {
        let start = i.checked_sub(1).and_then(|p| self.ends.get(p)).copied();
        let end = self.ends.get(i).copied().unwrap_or(0);
        self.folded.get(start.unwrap_or(0)..end).unwrap_or("")
    }

    /// See [`terms_where`].
    fn terms_where(&self, pick: &dyn Fn(&str) -> Pick) -> Vec<Token> {
        let (chars, ws) = (&self.chars, &self.words);
        let mut out = Vec::new();
        let mut buf = String::new();
        let mut i = 0;
        while let Some(w) = ws.get(i) {
            if w.cjk {
                // A maximal run of adjacent CJK characters: unigrams and bigrams.
                let mut prev: Option<(&Word, char)> = None;
                let mut j = i;
                while let Some(c) = ws.get(j) {
                    let ch = chars.get(c.first).map_or('\0', |n| n.c);
                    if !c.cjk || prev.is_some_and(|(p, _)| c.first != p.last + 1) {
                        break;
                    }
                    if let Some((p, pc)) = prev {
                        buf.clear();
                        buf.push(pc);
                        buf.push(ch);
                        if pick(&buf) != Pick::Drop {
                            out.push(Token {
                                term: buf.clone(),
                                start: p.start,
                                end: c.end,
                            });
                        }
                    }
                    if !is_cjk_function(ch) {
                        buf.clear();
                        buf.push(ch);
                        if pick(&buf) != Pick::Drop {
                            out.push(c.token(buf.clone()));
                        }
                    }
                    prev = Some((c, ch));
                    j += 1;
                }
                i = j;
                continue;
            }
            let word = self.word(i);
            let picked = pick(word);
            if picked != Pick::Drop && !is_stop_word(word) {
                let term = if word.chars().any(|c| c.is_numeric()) || picked == Pick::Keep {
                    word.to_string()
                } else {
                    stem(word)
                };
                out.push(w.token(term));
            }
            let starts_compound = i
                .checked_sub(1)
                .and_then(|p| ws.get(p))
                .is_none_or(|p| !joined(chars, p, w));
            if starts_compound {
                let mut k = i;
                while let (Some(a), Some(b)) = (ws.get(k), ws.get(k + 1)) {
                    if !joined(chars, a, b) {
                        break;
                    }
                    k += 1;
                }
                if let (true, Some(last)) = (k > i, ws.get(k)) {
                    let compound = Word {
                        last: last.last,
                        end: last.end,
                        ..*w
                    };
                    compound.term_into(chars, &mut buf);
                    if pick(&buf) != Pick::Drop {
                        out.push(compound.token(buf.clone()));
                    }
                }
            }
            i += 1;
        }
        // Bigrams are pushed before their second character's unigram; order by
        // start, then end, puts every term after the unigram it begins with (the
        // term breaks the tie of two terms over one range).
        crate::order::sort_by(&mut out, |a, b| {
            (a.start, a.end, &a.term).cmp(&(b.start, b.end, &b.term))
        });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(tokens: &[Token]) -> Vec<&str> {
        tokens.iter().map(|t| t.term.as_str()).collect()
    }

    fn assert_offsets(text: &str, tokens: &[Token]) {
        for tok in tokens {
            assert!(
                text.get(tok.start..tok.end).is_some(),
                "{tok:?} in {text:?}"
            );
            assert!(tok.start < tok.end, "{tok:?}");
        }
    }

    #[test]
    fn picked_terms_are_dropped_kept_or_stemmed() {
        let text = "Deploys of gateway-west kept failing 审批";
        let all = t(&terms(text)).join(" ");
        assert_eq!(all, "deploy gateway gateway-west west kept fail 审 审批 批");
        // A dropped word is missing, compounds and CJK terms included; the
        // rest come out as `terms` gives them.
        let some = terms_where(text, &|w| match w {
            "deploys" | "failing" => Pick::Stem,
            "gateway-west" | "审批" => Pick::Keep,
            "kept" => Pick::Keep,
            _ => Pick::Drop,
        });
        assert_eq!(t(&some).join(" "), "deploy gateway-west kept fail 审批");
        // Kept words are not stemmed.
        let kept = terms_where("deploys failing", &|_| Pick::Keep);
        assert_eq!(t(&kept), vec!["deploys", "failing"]);
    }

    #[test]
    fn memos_give_each_text_its_own_value() {
        // More texts than slots, so that texts share slots; the empty text,
        // and one too long to be kept.
        let mut texts: Vec<String> = (0..100)
            .map(|i| format!("Which rollback rule applies to service {i}?"))
            .collect();
        texts.push(String::new());
        texts.push("long words ".repeat(60));
        for _ in 0..2 {
            for text in &texts {
                assert_eq!(words(text), words_of(text), "{text}");
                assert_eq!(terms(text), read_terms(text), "{text}");
            }
        }
    }

    #[test]
    fn kept_passages_give_the_terms_a_fresh_reading_gives() {
        // More passages than slots (texts share slots), picks that differ
        // between readings of one text, CJK runs, compounds, folded and
        // combining characters, and texts too long to be kept.
        let mut texts: Vec<String> = (0..300)
            .map(|i| format!("Straße {i}: the gateway-west Café (Crème brûlée) 退款政策 fails. "))
            .collect();
        texts.push(String::new());
        texts.push("Müller wrote os.path docs ".repeat(200));
        let picks: [&dyn Fn(&str) -> Pick; 3] = [
            &|_| Pick::Stem,
            &|w| {
                if w.starts_with('g') {
                    Pick::Keep
                } else {
                    Pick::Drop
                }
            },
            &|w| if w.len() > 4 { Pick::Stem } else { Pick::Drop },
        ];
        for _ in 0..2 {
            for text in &texts {
                for pick in picks {
                    assert_eq!(passage_terms_where(text, pick), terms_where(text, pick));
                }
            }
        }
    }

    #[test]
    fn stop_words_sorted_and_unique() {
        let words: Vec<&str> = STOP_WORDS.split(' ').collect();
        assert!(words.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(words.len(), 156);
        // Every word is found, and no string sorting between two words.
        for w in &words {
            assert!(is_stop_word(w), "{w}");
            for near in [
                format!("{w}!"),
                format!("{w}zz"),
                w[..w.len() - 1].to_string() + "!",
            ] {
                assert_eq!(
                    is_stop_word(&near),
                    words.contains(&near.as_str()),
                    "{near}"
                );
            }
        }
        for stranger in ["", " ", "aa", "zzz", "a b", "yourselves!", "0"] {
            assert!(!is_stop_word(stranger), "{stranger:?}");
        }
        assert!(is_stop_word("the"));
        assert!(is_stop_word("what"));
        assert!(is_stop_word("should"));
        assert!(!is_stop_word("travel"));
        assert!(!is_stop_word("may"));
        assert!(!is_stop_word("The"));
    }

    #[test]
    fn words_split_on_punctuation() {
        assert_eq!(t(&words("gateway-west")), ["gateway", "west"]);
        assert_eq!(
            t(&words("TRAVEL-2026-01 指定的")),
            ["travel", "2026", "01", "指", "定", "的"]
        );
        assert_eq!(
            t(&words("What is the limit?")),
            ["what", "is", "the", "limit"]
        );
    }

    #[test]
    fn words_offsets_point_into_original() {
        let text = "TRAVEL-2026-01 指定的";
        let ws = words(text);
        let slices: Vec<&str> = ws.iter().filter_map(|w| text.get(w.start..w.end)).collect();
        assert_eq!(slices, ["TRAVEL", "2026", "01", "指", "定", "的"]);
        assert_eq!((ws[3].start, ws[3].end), (15, 18));
    }

    #[test]
    fn fullwidth_forms_fold_to_ascii() {
        let text = "ＡＢＣ１２３？ｘ";
        let ws = words(text);
        assert_eq!(t(&ws), ["abc123", "x"]);
        assert_eq!(text.get(ws[0].start..ws[0].end), Some("ＡＢＣ１２３"));
        assert_eq!(text.get(ws[1].start..ws[1].end), Some("ｘ"));
        assert_eq!(t(&terms(text)), ["abc123", "x"]);
    }

    #[test]
    fn ligatures_expand_within_the_original_range() {
        // "ﬁ" expands to two characters that share the original range.
        let text = "ﬁle";
        let ws = words(text);
        assert_eq!(t(&ws), ["file"]);
        assert_eq!(text.get(ws[0].start..ws[0].end), Some("ﬁle"));
    }

    #[test]
    fn diacritics_fold_and_keep_offsets() {
        let text = "Cafe\u{301} déjà";
        let ws = words(text);
        assert_eq!(t(&ws), ["cafe", "deja"]);
        assert_eq!(text.get(ws[0].start..ws[0].end), Some("Cafe\u{301}"));
        assert_eq!(text.get(ws[1].start..ws[1].end), Some("déjà"));
        // A lone mark, or one with no composition, never panics.
        assert_eq!(t(&words("\u{301}\u{302} a\u{20DD}b")), ["ab"]);
    }

    #[test]
    fn emoji_and_odd_input_do_not_panic() {
        for text in ["👍🏽 ok 👨‍👩‍👧", "\u{200D}\u{FE0F}", "a\u{0}b", "İstanbul", "ǅ"]
        {
            let ts = terms(text);
            assert_offsets(text, &ts);
            assert_offsets(text, &words(text));
        }
        assert_eq!(t(&terms("👍🏽 ok")), ["ok"]);
    }

    #[test]
    fn empty_inputs() {
        assert!(terms("").is_empty());
        assert!(words("").is_empty());
        assert!(terms("   \t\n ").is_empty());
        assert!(terms("?!.,;-- …？！。，").is_empty());
        assert!(terms("the of and").is_empty());
    }

    #[test]
    fn stemming() {
        assert_eq!(t(&terms("retries failed")), ["retri", "fail"]);
        let eats = terms("eats");
        let eat = terms("eat");
        assert_eq!(t(&eats), t(&eat));
        assert_eq!(t(&terms("Running connections")), ["run", "connect"]);
    }

    #[test]
    fn stop_words_dropped() {
        let text = "What is the retry limit of the gateway?";
        let ts = terms(text);
        assert_eq!(t(&ts), ["retri", "limit", "gateway"]);
        let slices: Vec<&str> = ts.iter().filter_map(|w| text.get(w.start..w.end)).collect();
        assert_eq!(slices, ["retry", "limit", "gateway"]);
    }

    #[test]
    fn numbers_kept_unstemmed() {
        assert_eq!(t(&terms("2026 ipv4s")), ["2026", "ipv4s"]);
    }

    #[test]
    fn compounds() {
        let text = "gateway-west";
        let ts = terms(text);
        assert_eq!(t(&ts), ["gateway", "gateway-west", "west"]);
        assert_eq!((ts[1].start, ts[1].end), (0, 12));
        assert_eq!(
            t(&terms("TRAVEL-2026-01")),
            ["travel", "travel-2026-01", "2026", "01"]
        );
        assert_eq!(t(&terms("os.path")), ["os", "os.path", "path"]);
        assert_eq!(t(&terms("max_retries")), ["max", "max_retries", "retri"]);
        // Spaces or doubled separators break a compound.
        assert_eq!(t(&terms("gateway - west")), ["gateway", "west"]);
        assert_eq!(t(&terms("a--b")), ["b"]);
        // Stop-word parts are dropped but the compound is kept.
        assert_eq!(
            t(&terms("state-of-the-art")),
            ["state", "state-of-the-art", "art"]
        );
        // Fullwidth hyphen normalizes to '-'; the compound is the normalized text.
        let text = "ＡＢ－ＣＤ";
        let ts = terms(text);
        assert_eq!(t(&ts), ["ab", "ab-cd", "cd"]);
        assert_eq!(text.get(ts[1].start..ts[1].end), Some(text));
    }

    #[test]
    fn cjk_unigrams_and_bigrams() {
        let text = "境内报销";
        let ts = terms(text);
        assert_eq!(t(&ts), ["境", "境内", "内", "内报", "报", "报销", "销"]);
        let ranges: Vec<(usize, usize)> = ts.iter().map(|t| (t.start, t.end)).collect();
        assert_eq!(
            ranges,
            [(0, 3), (0, 6), (3, 6), (3, 9), (6, 9), (6, 12), (9, 12)]
        );
    }

    #[test]
    fn cjk_function_characters() {
        assert_eq!(t(&terms("指定的")), ["指", "指定", "定", "定的"]);
        assert_eq!(t(&terms("的")), Vec::<&str>::new());
        // Punctuation breaks a run: no bigram across it.
        assert_eq!(
            t(&terms("报销，审批")),
            ["报", "报销", "销", "审", "审批", "批"]
        );
    }

    #[test]
    fn mixed_chinese_english() {
        let text = "Python 3.13 的 asyncio 模块怎么用？";
        let ts = terms(text);
        assert_eq!(
            t(&ts),
            [
                "python", "3", "3.13", "13", "asyncio", "模", "模块", "块", "块怎", "怎", "怎么",
                "么", "么用", "用"
            ]
        );
        let slices: Vec<&str> = ts.iter().filter_map(|w| text.get(w.start..w.end)).collect();
        assert_eq!(
            slices,
            [
                "Python", "3", "3.13", "13", "asyncio", "模", "模块", "块", "块怎", "怎", "怎么",
                "么", "么用", "用"
            ]
        );
        assert_eq!(
            t(&terms("报销policy规定")),
            ["报", "报销", "销", "polici", "规", "规定", "定"]
        );
    }

    #[test]
    fn kana() {
        assert_eq!(
            t(&terms("カタカナ")),
            ["カ", "カタ", "タ", "タカ", "カ", "カナ", "ナ"]
        );
        assert!(is_cjk('ひ'));
        assert!(!is_cjk('・'));
        assert!(!is_cjk('。'));
        assert!(!is_cjk('a'));
        assert!(is_cjk('〇'));
        assert!(is_cjk('\u{F900}'));
        assert!(is_cjk('\u{3400}'));
    }

    #[test]
    fn char_span_cjk() {
        let text = "差旅结束后30个自然日内";
        let s = char_span(text, 15, 17);
        assert_eq!(
            s,
            Span {
                start: 5,
                end: 7,
                text: "30".into()
            }
        );
        let s = char_span(text, 0, 12);
        assert_eq!(
            s,
            Span {
                start: 0,
                end: 4,
                text: "差旅结束".into()
            }
        );
        // Inside a character: widened to its boundaries.
        let s = char_span(text, 1, 4);
        assert_eq!(
            s,
            Span {
                start: 0,
                end: 2,
                text: "差旅".into()
            }
        );
        // Out of range and reversed: clamped, never panics.
        let s = char_span(text, 100, 200);
        assert_eq!(
            s,
            Span {
                start: 12,
                end: 12,
                text: String::new()
            }
        );
        let s = char_span(text, 9, 3);
        assert_eq!(
            s,
            Span {
                start: 1,
                end: 1,
                text: String::new()
            }
        );
        assert_eq!(
            char_span("", 0, 5),
            Span {
                start: 0,
                end: 0,
                text: String::new()
            }
        );
    }

    #[test]
    fn term_offsets_slice_original() {
        let text = "Ｔｈｅ 差旅 policy’s café-bar ①";
        let ts = terms(text);
        assert_offsets(text, &ts);
        assert_eq!(
            t(&ts),
            ["差", "差旅", "旅", "polici", "cafe", "cafe-bar", "bar", "①"]
        );
        assert_eq!(text.get(ts[7].start..ts[7].end), Some("①"));
    }
}
