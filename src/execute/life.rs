//! Stage 6 — execute: the life event a question asks about, and which event
//! a date in a biography's parentheses belongs to.
//!
//! A page opens with its subject's life span: "Hugo Brandt (3 May 1890 – 12
//! October 1961) was …". The date before the dash is the birth, the one
//! after it the death; "(born 4 July 1931)" gives a birth only. "When did
//! Hugo Brandt die?" is answered by 12 October 1961, never by the birth date
//! nearer the name, and a page that gives only a birth does not say when its
//! subject died.
//!
//! Guarantees: [`asked`] is `Some` only when the question names the event
//! (a form of "die"/"death" or "born"/"birth", 去世/逝世/出生); [`side`] is
//! `Some` only for an offset inside a parenthesis that holds a dash (then by
//! which side of the first dash it is on) or that opens with "born"/"died".

use crate::analyze::fold::Lower;

/// A life event a date answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Life {
    Born,
    Died,
}

/// Words that ask about a death or a birth.
const DIED: &[&str] = &["die", "died", "dies", "death", "dead", "deceased"];
const BORN: &[&str] = &["born", "birth"];
const DIED_ZH: &[&str] = &["去世", "逝世", "死于", "过世"];
const BORN_ZH: &[&str] = &["出生", "生于"];

/// The life event a question asks a date of, if it names one ("When did X
/// die?", "the date of X's death", "X哪年去世？").
pub fn asked(question: &str) -> Option<Life> {
    let lower = question.lower();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .map(|w| w.trim_end_matches("'s"))
        .collect();
    let has = |list: &[&str], zh: &[&str]| {
        words.iter().any(|w| list.contains(w)) || zh.iter().any(|z| question.contains(z))
    };
    if has(DIED, DIED_ZH) || lower.contains("passed away") || lower.contains("pass away") {
        Some(Life::Died)
    } else if has(BORN, BORN_ZH) {
        Some(Life::Born)
    } else {
        None
    }
}

/// True when an English question names an event other than a birth or a
/// death ("In what year was Salt Roads *released*?"): a date of a life span
/// does not answer it. A question with no verb ("When was Michael
/// Tippett?") names none.
pub fn names_other_event(question: &str) -> bool {
    use crate::analyze::{is_stop_word, lexicon};
    asked(question).is_none()
        && question
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| w.chars().next().is_some_and(char::is_lowercase))
            .any(|w| !is_stop_word(w) && (lexicon::is_verb(w) || lexicon::is_participle(w)))
}

/// Dashes a life span is written with.
const DASHES: &[char] = &['–', '—', '－', '~', '～'];

/// The event a date at byte `at` of `text` belongs to, when it is in a
/// parenthesis that gives a life span: before or after its first dash, or
/// one that opens with "born" / "died".
pub fn side(text: &str, at: usize) -> Option<Life> {
    let before = text.get(..at)?;
    let open = before.rfind(['(', '（'])?;
    // Closed before the date: not inside.
    if before.get(open..)?.contains([')', '）']) {
        return None;
    }
    let open_len = before.get(open..)?.chars().next()?.len_utf8();
    let inside_start = open + open_len;
    let rest = text.get(inside_start..)?;
    let inside = rest.get(..rest.find([')', '）'])?)?;
    let dash = inside
        .find(DASHES)
        .or_else(|| inside.find(" - ").map(|d| d + 1));
    if let Some(d) = dash {
        return Some(if at < inside_start + d {
            Life::Born
        } else {
            Life::Died
        });
    }
    let first = inside
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .lower();
    if first.starts_with("born") || first.starts_with("b.") || inside.contains("出生") {
        Some(Life::Born)
    } else if first.starts_with("died") || first.starts_with("d.") {
        Some(Life::Died)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_event_a_question_asks() {
        for q in [
            "When did Hugo Brandt die?",
            "In what year did he pass away?",
            "What was the date of Hugo Brandt's death?",
            "Who died first, A or B?",
            "Hugo Brandt是哪一年去世的？",
        ] {
            assert_eq!(asked(q), Some(Life::Died), "{q}");
        }
        for q in [
            "When was Hugo Brandt born?",
            "What is the birth date of Lena Ostrova?",
            "Lena Ostrova哪年出生？",
        ] {
            assert_eq!(asked(q), Some(Life::Born), "{q}");
        }
        // A distractor that shares a word's letters, and no event.
        for q in [
            "When was the Diet of Worms held?",
            "When was the band reborn?",
            "When did the war end?",
        ] {
            assert_eq!(asked(q), None, "{q}");
        }
    }

    #[test]
    fn another_event_is_named_by_a_verb() {
        for q in [
            "In what year was Salt Roads released?",
            "When did the band form?",
            "What year did Ada Lund start acting?",
            "When was the Diet of Worms held?",
        ] {
            assert!(names_other_event(q), "{q}");
        }
        // No verb, or a life event: a life span's date may answer.
        for q in [
            "When was Michael Tippett?",
            "When was Hugo Brandt born?",
            "In what year did Hugo Brandt die?",
            "What is the birth date of Lena Ostrova?",
        ] {
            assert!(!names_other_event(q), "{q}");
        }
    }

    #[test]
    fn a_date_before_the_dash_is_the_birth_and_after_it_the_death() {
        let t = "Hugo Brandt (3 May 1890 – 12 October 1961) was a painter.";
        let at = |s: &str| t.find(s).unwrap();
        assert_eq!(side(t, at("3 May")), Some(Life::Born));
        assert_eq!(side(t, at("12 October")), Some(Life::Died));
        assert_eq!(side(t, at("painter")), None);
        let t = "Alois Brunner (8 April 1912 – 2001 or 2010) was an officer.";
        assert_eq!(side(t, t.find("2010").unwrap()), Some(Life::Died));
        let t = "Lena Ostrova (born 4 July 1931) is a poet.";
        assert_eq!(side(t, t.find("1931").unwrap()), Some(Life::Born));
        let t = "张三（1905年1月2日－1998年1月8日）是作家。";
        assert_eq!(side(t, t.find("1998").unwrap()), Some(Life::Died));
        assert_eq!(side(t, t.find("1905").unwrap()), Some(Life::Born));
        // A parenthesis closed before the date, or one without a span.
        let t = "Harbour Lights (1998) sold well in 2001.";
        assert_eq!(side(t, t.find("1998").unwrap()), None);
        assert_eq!(side(t, t.find("2001").unwrap()), None);
    }
}
