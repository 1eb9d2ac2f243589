//! Stage 3 — decompose: descriptions in open text ("the drummer from the
//! album Angel of Retribution", "the founder of Media Matters", "Judy Lewis's
//! father", "the company that acquired Z in 2015").
//!
//! Such a noun phrase names a thing only through another one the corpus knows
//! (an anchor: a passage title or a catalog entity). [`innermost`] finds the
//! innermost description of a clause, so that a follow step can find the
//! thing — the title the anchor's passages mention next to the description's
//! head noun — and the rest of the clause can ask about it. Applied again to
//! the rest (the description replaced by `{qN}`, which then counts as an
//! anchor), it gives the chain of a three- or four-hop question.
//!
//! Guarantees: a description has a determiner and a lowercase head noun
//! (not a frame word such as "name" or "year") followed by `of`, `from`,
//! `in`, `by`, `behind`, a participle and `by`/`in`, a relative clause, or it
//! is `ANCHOR's head`; its anchor is a name [`is_anchor`] accepts; what is
//! left of the clause still asks something; ranges are byte ranges of the
//! clause on char boundaries.

/// Prepositions that tie a description's head to its anchor.
const PREPOSITIONS: &[&str] = &["of", "from", "in", "by", "behind", "starring", "featuring"];
const RELATIVES: &[&str] = &["who", "that", "which", "whose", "whom", "where"];
const DETERMINERS: &[&str] = &["the", "a", "an"];
/// Heads that name the kind of answer, not a thing to find first.
const FRAME_HEADS: &[&str] = &[
    "name",
    "names",
    "title",
    "year",
    "years",
    "date",
    "number",
    "type",
    "kind",
    "part",
    "rest",
    "one",
    "ones",
    "same",
    "first",
    "last",
    "total",
    "amount",
    "length",
    "size",
    "population",
    "percentage",
    "age",
    "height",
    "nationality",
    "term",
    "way",
    "time",
];

/// A description found in a clause.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Description {
    /// Byte range of the whole description in the clause.
    pub start: usize,
    pub end: usize,
    /// What a follow step asks: "which drummer from the album Angel of Retribution?"
    pub question: String,
}

struct Word {
    start: usize,
    end: usize,
    bare: String,
}

fn words(clause: &str) -> Vec<Word> {
    let mut out = Vec::new();
    let mut pos = 0;
    for chunk in clause.split_inclusive(char::is_whitespace) {
        let raw = chunk.trim_end();
        let lead = raw.len()
            - raw
                .trim_start_matches(|c: char| !c.is_alphanumeric() && c != '{')
                .len();
        let core = raw
            .get(lead..)
            .unwrap_or("")
            .trim_end_matches(|c: char| !c.is_alphanumeric() && c != '}');
        if !core.is_empty() {
            let start = pos + lead;
            out.push(Word {
                start,
                end: start + core.len(),
                bare: core.to_lowercase(),
            });
        }
        pos += chunk.len();
    }
    out
}

fn in_name(names: &[(usize, usize)], w: &Word) -> Option<(usize, usize)> {
    names
        .iter()
        .copied()
        .find(|&(s, e)| w.start >= s && w.start < e)
}

/// A lowercase word that can be part of a description's noun phrase.
fn np_word(w: &Word, names: &[(usize, usize)]) -> bool {
    let b = w.bare.as_str();
    in_name(names, w).is_none()
        && b.chars()
            .next()
            .is_some_and(|c| c.is_lowercase() || c.is_ascii_digit())
        && !crate::analyze::is_stop_word(b)
        && !RELATIVES.contains(&b)
        && !PREPOSITIONS.contains(&b)
        && !b.contains('{')
}

/// A past participle ("directed", "written", "founded").
fn participle(w: &Word) -> bool {
    let b = w.bare.as_str();
    (b.ends_with("ed") && b.len() > 4)
        || [
            "written", "sung", "drawn", "known", "built", "made", "led", "held", "born",
        ]
        .contains(&b)
}

/// The end of "'s head" after a name that ends at `at` ("Judy Lewis's
/// father"), when there is one.
fn possessed(clause: &str, w: &[Word], names: &[(usize, usize)], at: usize) -> Option<usize> {
    let tail = clause.get(at..)?;
    if !(tail.starts_with("'s ") || tail.starts_with("’s ")) {
        return None;
    }
    w.iter()
        .skip_while(|x| x.start <= at)
        .take_while(|x| np_word(x, names))
        .take(3)
        .last()
        .map(|x| x.end)
}

/// The innermost description of a clause whose anchor `is_anchor` accepts
/// (`names` are the clause's name ranges; a `{qN}` placeholder is one too).
pub fn innermost(
    clause: &str,
    names: &[(usize, usize)],
    is_anchor: &dyn Fn((usize, usize)) -> bool,
) -> Option<Description> {
    let w = words(clause);
    let mut names: Vec<(usize, usize)> = names.to_vec();
    // Placeholders are anchors already found.
    for x in &w {
        if x.bare.starts_with('{') && x.bare.ends_with('}') {
            names.push((x.start, x.end));
        }
    }
    let anchor = |r: (usize, usize)| {
        clause.get(r.0..r.1).is_some_and(|t| t.starts_with('{')) || is_anchor(r)
    };
    let mut found: Vec<Description> = Vec::new();
    for (i, d) in w.iter().enumerate() {
        // "ANCHOR's head"
        if let Some(r) = in_name(&names, d).filter(|r| r.1 > d.start && r.1 <= d.end && anchor(*r))
        {
            if let Some(end) = possessed(clause, &w, &names, r.1) {
                let np: Vec<&Word> = w
                    .iter()
                    .skip_while(|x| x.start <= r.1)
                    .take_while(|x| x.end <= end)
                    .collect();
                let head = np.last().map_or("", |x| x.bare.as_str());
                if !FRAME_HEADS.contains(&head) {
                    let name = clause.get(r.0..r.1).unwrap_or("");
                    let noun = np
                        .first()
                        .and_then(|f| clause.get(f.start..end))
                        .unwrap_or("");
                    found.push(Description {
                        start: r.0,
                        end,
                        question: format!("which {noun} of {name}?"),
                    });
                }
            }
        }
        if !DETERMINERS.contains(&d.bare.as_str()) {
            continue;
        }
        let np: Vec<&Word> = w
            .iter()
            .skip(i + 1)
            .take_while(|x| np_word(x, &names))
            .collect();
        let Some(head) = np.last() else { continue };
        if FRAME_HEADS.contains(&head.bare.as_str()) {
            continue;
        }
        let k = i + 1 + np.len();
        let Some(next) = w.get(k) else { continue };
        let mut end = None;
        let link = next.bare.as_str();
        let via_prep = PREPOSITIONS.contains(&link)
            || (participle(next)
                && w.get(k + 1)
                    .is_some_and(|x| matches!(x.bare.as_str(), "by" | "in")));
        if via_prep {
            // Skip "the album", "the animated film" before the anchor.
            let first = if PREPOSITIONS.contains(&link) {
                k + 1
            } else {
                k + 2
            };
            let mut j = first;
            if w.get(j)
                .is_some_and(|x| DETERMINERS.contains(&x.bare.as_str()))
            {
                j += 1;
            }
            while j < first + 4 && w.get(j).is_some_and(|x| np_word(x, &names)) {
                j += 1;
            }
            if let Some(r) = w.get(j).and_then(|x| in_name(&names, x)) {
                if anchor(r) {
                    end = Some(possessed(clause, &w, &names, r.1).unwrap_or(r.1));
                }
            }
        } else if RELATIVES.contains(&link)
            || (PREPOSITIONS.contains(&link) || matches!(link, "for" | "on" | "at" | "with"))
                && w.get(k + 1)
                    .is_some_and(|x| matches!(x.bare.as_str(), "which" | "whom"))
        {
            // "the film in which X appeared", "the band for whom Y played"
            // The relative clause ends at a comma; it runs to its last anchor.
            let stop = clause
                .get(next.start..)
                .and_then(|r| r.find([',', ';', ':', '?']))
                .map_or(clause.len(), |p| next.start + p);
            end = names
                .iter()
                .copied()
                .filter(|&(s, e)| s > next.start && e <= stop && anchor((s, e)))
                .map(|(_, e)| e)
                .max();
        }
        let Some(end) = end else { continue };
        let text = clause.get(np[0].start..end).unwrap_or("");
        found.push(Description {
            start: d.start,
            end,
            question: format!("which {text}?"),
        });
    }
    // Innermost: the shortest that contains no other.
    let contains =
        |a: &Description, b: &Description| a.start <= b.start && b.end <= a.end && a != b;
    let inner: Vec<&Description> = found
        .iter()
        .filter(|a| !found.iter().any(|b| contains(a, b)))
        .collect();
    let best = inner
        .into_iter()
        .min_by_key(|d| (d.end - d.start, d.start))?
        .clone();
    // What is left must still ask something.
    let rest = format!(
        "{}{}",
        clause.get(..best.start).unwrap_or(""),
        clause.get(best.end..).unwrap_or("")
    );
    let content = crate::analyze::words(&rest)
        .into_iter()
        .filter(|t| !crate::analyze::is_stop_word(&t.term))
        .count();
    (content >= 1).then_some(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::frame::{frame, Strictness};

    fn find(q: &str) -> Option<(String, String)> {
        let names = frame(q, Strictness::Question).names;
        innermost(q, &names, &|_| true).map(|d| (q[d.start..d.end].to_string(), d.question))
    }

    #[test]
    fn descriptions_of_the_common_forms() {
        assert_eq!(
            find("In what year was the drummer from the album \"Angel of Retribution\" born?"),
            Some((
                "the drummer from the album \"Angel of Retribution".into(),
                "which drummer from the album \"Angel of Retribution?".into()
            ))
        );
        assert_eq!(
            find("What 1996 book was written by the founder of Media Matters for America?")
                .map(|d| d.0),
            Some("the founder of Media Matters for America".into())
        );
        assert_eq!(
            find("What was the nickname of Judy Lewis's father?").map(|d| d.1),
            Some("which father of Judy Lewis?".into())
        );
        // A catalog mention ("Alpha and Omega", a title) is one name.
        let q = "What video game character did the voice actress in the animated film Alpha and Omega voice?";
        let at = q.find("Alpha").unwrap();
        let mut names = frame(q, Strictness::Question).names;
        names.retain(|&(s, _)| s < at);
        names.push((at, at + "Alpha and Omega".len()));
        let d = innermost(q, &names, &|_| true).unwrap();
        assert_eq!(
            &q[d.start..d.end],
            "the voice actress in the animated film Alpha and Omega"
        );
        assert_eq!(
            find("Who founded the company that acquired Pixar in 2006?").map(|d| d.0),
            Some("the company that acquired Pixar in 2006".into())
        );
    }

    #[test]
    fn not_a_description() {
        // Instruments, frames and names are not things to find first.
        assert_eq!(find("How do I embed the help widget with HTML?"), None);
        assert_eq!(find("What is the refund window for electronics?"), None);
        assert_eq!(find("What is the name of Scott Travis?"), None);
        assert_eq!(
            find("Which sport has been played at the BayArena in Leverkusen?"),
            None
        );
        // Nothing would be left to ask.
        assert_eq!(find("the founder of Media Matters"), None);
    }

    #[test]
    fn the_rest_of_a_chain() {
        let q = "How many stores are in the state that borders {q2}?";
        let names = frame(q, Strictness::Question).names;
        let d = innermost(q, &names, &|_| false).unwrap();
        assert_eq!(&q[d.start..d.end], "the state that borders {q2}");
    }
}
