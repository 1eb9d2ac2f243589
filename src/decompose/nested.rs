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
//! anchor), it gives the chain of a three- or four-hop question. A relative
//! clause may also describe a thing by what its own page says, with no
//! anchor ("the film that was shot in Croatia"): the follow step then finds
//! the page that is such a thing.
//!
//! Guarantees: a description has a determiner and a lowercase head noun
//! (two joined by "and" before a relative clause are one head)
//! (not a frame word such as "name" or "year", not a part or an event of its
//! anchor such as "span" or "premiere", not a place's kind before its name:
//! "the town of Antelope" is Antelope) followed by `of`, `from`, `in`, `by`,
//! `behind`, a participle and `by`/`in`, a relative clause, or it is
//! `ANCHOR's head`; its anchor is a name [`is_anchor`] accepts (a relative
//! clause with none still holds a name, which ends it); what is
//! left of the clause still asks something; ranges are byte ranges of the
//! clause on char boundaries.

use super::frame::PART_HEADS;
use crate::analyze::fold::Lower;

/// Prepositions that tie a description's head to its anchor.
pub(super) const PREPOSITIONS: &[&str] = &[
    "of",
    "from",
    "in",
    "on",
    "for",
    "by",
    "behind",
    "starring",
    "featuring",
];
const RELATIVES: &[&str] = &["who", "that", "which", "whose", "whom", "where"];
const DETERMINERS: &[&str] = &["the", "a", "an", "this"];
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
    // A property, not a thing with a page of its own.
    "duty",
    "duties",
    "role",
    "purpose",
    "function",
    "job",
    "occupation",
    "profession",
    "genre",
    "language",
    "origin",
    "status",
    "nickname",
    "motto",
    "meaning",
    "goal",
    "cause",
    "reason",
    "area",
    "distance",
    "weight",
    "depth",
    "width",
    "elevation",
    "speed",
    "price",
    "cost",
    "value",
    "rank",
    "score",
    // What is told or made of the anchor ("the true story of Tobias Reed").
    "story",
    "stories",
    "history",
    "plot",
    "theme",
    "themes",
    "style",
    // An event of the anchor: a value of it ("after the premiere of Fargo").
    "premiere",
    "release",
    "debut",
    "death",
    "birth",
    "founding",
    "launch",
    "opening",
    "beginning",
    "end",
    "start",
];
/// Kinds of places written before their name with `of` ("the town of
/// Antelope", "the state of Kansas"): the phrase names the place itself.
const APPOSITIVE_HEADS: &[&str] = &[
    "city",
    "town",
    "village",
    "hamlet",
    "borough",
    "county",
    "state",
    "province",
    "region",
    "island",
    "kingdom",
    "republic",
    "municipality",
    "parish",
    "district",
    "commune",
    "port",
];

/// A head that names a value, a part or an event of its anchor, not a thing
/// to find first ([`FRAME_HEADS`], [`PART_HEADS`]).
fn names_no_thing(head: &str) -> bool {
    FRAME_HEADS.contains(&head) || PART_HEADS.contains(&head)
}

/// A description found in a clause.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Description {
    /// Byte range of the whole description in the clause.
    pub start: usize,
    pub end: usize,
    /// What a follow step asks: "which drummer from the album Angel of Retribution?"
    pub question: String,
    /// Described by a role of a name no page is about ("the coach of the
    /// Minnesota Vikings" where the pool has no page on the team): only
    /// open text reads it, where the role-holder's own page says the role.
    pub unanchored_role: bool,
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
                bare: core.lower(),
            });
        }
        pos += chunk.len();
    }
    out
}

/// The widest name that holds the word: a title the index knows ("The
/// Lantern Keeper") wins over the capitalised run the frame saw inside it.
fn in_name(names: &[(usize, usize)], w: &Word) -> Option<(usize, usize)> {
    names
        .iter()
        .copied()
        .filter(|&(s, e)| w.start >= s && w.start < e)
        .max_by_key(|&(s, e)| (e - s, std::cmp::Reverse(s)))
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

/// A participle or a verb: where a noun phrase ends. An agent noun is
/// none, though its stem is the verb's ("Izgoy's *performer*").
fn verb_like(w: &Word) -> bool {
    use crate::analyze::lexicon;
    participle(w) || (lexicon::is_verb(&w.bare) && lexicon::agent_verb(&w.bare).is_none())
}

/// The end of "'s head" after a name that ends at `at` ("Judy Lewis's
/// father"), when there is one; the head stops before a verb ("The Lantern
/// Keeper's director *born*").
fn possessed(clause: &str, w: &[Word], names: &[(usize, usize)], at: usize) -> Option<usize> {
    let tail = clause.get(at..)?;
    if !(tail.starts_with("'s ") || tail.starts_with("’s ")) {
        return None;
    }
    // A year may modify the head ("Ethan Vale's 1884 novel").
    let year = |x: &Word| x.bare.len() == 4 && x.bare.chars().all(|c| c.is_ascii_digit());
    let np: Vec<&Word> = w
        .iter()
        .skip_while(|x| x.start <= at)
        .take_while(|x| (np_word(x, names) || year(x)) && !verb_like(x))
        .take(3)
        .collect();
    // A later word with a name or a determiner right after it is a verb
    // and its object ("Izgoy's performer *invade* Manchuria").
    let object = |x: &&Word| {
        w.iter()
            .find(|n| n.start > x.start)
            .is_some_and(|n| DETERMINERS.contains(&n.bare.as_str()) || in_name(names, n).is_some())
    };
    let keep = np
        .iter()
        .enumerate()
        .position(|(i, x)| i > 0 && object(x))
        .unwrap_or(np.len());
    np.get(..keep)?.last().filter(|x| !year(x)).map(|x| x.end)
}

/// The end of an anchor with the kind nouns that follow it ("the Lisa
/// Simpson *character* was born"): up to two lowercase nouns (no verb, no
/// participle) right after the name that ends at `at`, when a function word
/// follows them (at the end of the question, "voice" in "… Alpha and Omega
/// voice?" is the verb).
fn kind_after(w: &[Word], names: &[(usize, usize)], at: usize) -> usize {
    let after: Vec<&Word> = w.iter().skip_while(|x| x.start < at).collect();
    let kind = after
        .iter()
        .take_while(|x| np_word(x, names) && !verb_like(x))
        .count();
    let closed = after
        .get(kind)
        .is_some_and(|x| crate::analyze::is_stop_word(&x.bare));
    match kind.checked_sub(1).and_then(|i| after.get(i)) {
        Some(last) if kind <= 2 && closed => last.end,
        _ => at,
    }
}

/// "the ANCHOR agent-noun" ("the It'll Be Me *singer*", "the Lantern
/// Keeper *director*"): the determiner at word `i`, an anchor right after
/// it, then a noun that names the doer of a verb and no other noun after it.
fn agent_after(
    clause: &str,
    w: &[Word],
    names: &[(usize, usize)],
    i: usize,
    anchor: &dyn Fn((usize, usize)) -> bool,
) -> Option<Description> {
    let d = w.get(i)?;
    let r = w
        .get(i + 1)
        .and_then(|x| in_name(names, x))
        .filter(|r| anchor(*r))?;
    let j = after(w, r.1);
    let noun = w.get(j).filter(|x| np_word(x, names))?;
    let agent = crate::analyze::lexicon::agent_verb(&noun.bare).is_some();
    if !agent
        || w.get(j + 1)
            .is_some_and(|x| np_word(x, names) && !verb_like(x))
    {
        return None;
    }
    let name = clause.get(r.0..r.1)?;
    Some(Description {
        start: d.start,
        end: noun.end,
        question: format!("which {} of {name}?", noun.bare),
        unanchored_role: false,
    })
}

/// Words that take one or some of a group ("*one of* the main players").
const PARTITIVES: &[&str] = &["one", "some", "any", "each", "several", "many", "none"];

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
                if !names_no_thing(head) {
                    let name = clause.get(r.0..r.1).unwrap_or("");
                    let noun = np
                        .first()
                        .and_then(|f| clause.get(f.start..end))
                        .unwrap_or("");
                    found.push(Description {
                        start: r.0,
                        end,
                        question: format!("which {noun} of {name}?"),
                        unanchored_role: false,
                    });
                }
            }
        }
        if !DETERMINERS.contains(&d.bare.as_str()) {
            continue;
        }
        // The determiner follows a form of "be".
        let be_before = i
            .checked_sub(1)
            .and_then(|p| w.get(p))
            .is_some_and(|p| BE.contains(&p.bare.as_str()));
        // "X was a station situated on Y": an indefinite predicate of a
        // copula describes its subject, no other thing to find first.
        let predicate = matches!(d.bare.as_str(), "a" | "an") && be_before;
        // "one of the main players of X": the thing asked is one of a group
        // the clause names, not a thing the group's description finds.
        let partitive = i.checked_sub(2).and_then(|p| w.get(p..i)).is_some_and(
            |p| matches!(p, [a, b] if PARTITIVES.contains(&a.bare.as_str()) && b.bare == "of"),
        );
        if predicate || partitive {
            continue;
        }
        // A name may modify the head ("the *Norfolk* farmer defended by
        // …", "the *Glasgow* label that …"): the noun phrase goes on past it.
        let modifier = w
            .get(i + 1)
            .and_then(|x| in_name(&names, x).filter(|r| r.0 == x.start))
            .filter(|r| !clause.get(r.0..r.1).is_some_and(|t| t.starts_with('{')));
        let lead = modifier.map_or(0, |r| {
            w.iter().skip(i + 1).take_while(|x| x.start < r.1).count()
        });
        let mut np: Vec<&Word> = w
            .iter()
            .skip(i + 1 + lead)
            .take_while(|x| np_word(x, &names))
            .collect();
        // Two coordinated nouns before a relative clause are one head ("the
        // singer and songwriter who …", "the musician and stand up comedian
        // who …": a particle inside a compound).
        let and = i + 1 + lead + np.len();
        if !np.is_empty() && w.get(and).is_some_and(|x| x.bare == "and") {
            let more: Vec<&Word> = w
                .iter()
                .skip(and + 1)
                .take_while(|x| np_word(x, &names) || PARTICLES.contains(&x.bare.as_str()))
                .collect();
            let relative = w
                .get(and + 1 + more.len())
                .is_some_and(|x| RELATIVES.contains(&x.bare.as_str()));
            if !more.is_empty() && relative {
                np.extend(w.get(and));
                np.extend(more);
            }
        }
        // After a name, a verb is the name's own ("The Texas Tech Red
        // Raiders *played* in …"): no head noun follows it.
        if modifier.is_some() && np.first().is_some_and(|x| verb_like(x)) {
            continue;
        }
        if np.is_empty() || modifier.is_some() {
            found.extend(agent_after(clause, &w, &names, i, &anchor));
        }
        let Some(head) = np.last() else { continue };
        let from = modifier.map_or(head.start, |r| r.0).min(np[0].start);
        if names_no_thing(&head.bare) {
            continue;
        }
        let k = i + 1 + lead + np.len();
        let Some(next) = w.get(k) else { continue };
        if APPOSITIVE_HEADS.contains(&head.bare.as_str()) && next.bare == "of" {
            continue;
        }
        let mut end = None;
        let mut unanchored_role = false;
        let link = next.bare.as_str();
        let relative_after_prep = w
            .get(k + 1)
            .is_some_and(|x| matches!(x.bare.as_str(), "which" | "whom"));
        let via_prep = (PREPOSITIONS.contains(&link) && !relative_after_prep)
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
            // "the mayor of the city of Elk Grove": past the place's kind.
            let appositive = j
                .checked_sub(1)
                .and_then(|p| w.get(p))
                .is_some_and(|x| APPOSITIVE_HEADS.contains(&x.bare.as_str()));
            if appositive && w.get(j).is_some_and(|x| x.bare == "of") {
                j += 1;
            }
            if let Some(r) = w.get(j).and_then(|x| in_name(&names, x)) {
                if anchor(r) {
                    end = Some(
                        possessed(clause, &w, &names, r.1)
                            .unwrap_or_else(|| kind_after(&w, &names, r.1)),
                    );
                } else if link == "of"
                    && crate::execute::kind::is_role(&head.bare)
                    && clause
                        .get(r.0..r.1)
                        .is_some_and(|n| n.split_whitespace().count() > 1)
                {
                    // "the coach of the Minnesota Vikings": a role of
                    // a name of two words or more, with no page of its own.
                    unanchored_role = true;
                    end = Some(r.1);
                }
            }
        } else if RELATIVES.contains(&link)
            || (PREPOSITIONS.contains(&link) || matches!(link, "for" | "on" | "at" | "with"))
                && relative_after_prep
        {
            // "the film in which X appeared", "the band for whom Y played"
            // The relative clause ends at a comma and holds an anchor. When
            // the anchor is its subject ("the estuary in which Branford is a
            // shoreline town") its verb follows the anchor, and it runs to
            // that stop (if the rest still asks something); else it ends at
            // its last anchor ("the band that recorded Harbour Lights" leaves
            // "born" to the question).
            let stop_after = |at: usize| {
                clause
                    .get(at..)
                    .and_then(|r| r.find([',', ';', ':', '?']))
                    .map_or(clause.len(), |p| at + p)
            };
            let stop = stop_after(next.start);
            // A list of names runs past its commas ("that starred Uhm
            // Jung-hwa, Kim Sang-kyung, and Song Young-Chang").
            let list = super::listed::lists(clause, &names)
                .into_iter()
                .filter_map(|l| Some((l.first()?.0, l.last()?.1)))
                .find(|&(s, e)| s < stop && stop < e)
                .map(|(_, e)| e);
            let stop = list.map_or(stop, stop_after);
            // Without an anchor ("the film that was shot in Croatia"), the
            // clause's last name ends it, with the nouns that close the
            // question after it ("… at the Karlovy Vary festival?").
            let inside = |&(s, e): &(usize, usize)| s > next.start && e <= stop;
            let closing_nouns = |at: usize| {
                let rest: Vec<&Word> = w
                    .iter()
                    .skip_while(|x| x.start < at)
                    .take_while(|x| x.end <= stop)
                    .collect();
                let nouns = rest.iter().all(|x| np_word(x, &names) && !verb_like(x));
                if nouns && rest.len() <= 2 {
                    rest.last().map_or(at, |x| x.end)
                } else {
                    at
                }
            };
            let last = names
                .iter()
                .copied()
                .filter(|&r| inside(&r) && anchor(r))
                .map(|(_, e)| e)
                .max()
                .map(|l| list.map_or(l, |e| e.max(l)))
                .or_else(|| {
                    let l = names.iter().filter(|r| inside(r)).map(|&(_, e)| e).max()?;
                    Some(closing_nouns(l))
                })
                // With the time it gives after that name ("who sang on
                // Harbour Lights *in May 1998*").
                .map(|l| time_adjunct(&w, l, stop).unwrap_or(l));
            let stop = clause.get(..stop).map_or(stop, |h| h.trim_end().len());
            let first = if relative_after_prep { k + 2 } else { k + 1 };
            let subject = w.get(first).and_then(|x| in_name(&names, x));
            // The subject's verb group, when the main clause's verb follows
            // it ("the band in which Callum Reid sings | formed", "the
            // country where the Bubye River is found | ?").
            let group = subject
                .or_else(|| {
                    w.get(first)
                        .filter(|x| DETERMINERS.contains(&x.bare.as_str()))
                        .and(w.get(first + 1))
                        .and_then(|x| in_name(&names, x))
                })
                .and_then(|r| verb_group(clause, &w, &names, after(&w, r.1), d.start));
            end = last.map(|l| match group {
                Some((g, _)) if g <= stop && asks_without(clause, d.start, g) => g,
                _ if subject.is_some() && asks_without(clause, d.start, stop) => stop,
                _ => l,
            });
        } else if let Some(r) = in_name(&names, next).filter(|r| r.0 == next.start && anchor(*r)) {
            // A relative clause without its pronoun: the anchor, a verb
            // group and the preposition it strands ("the country Dai Jitao
            // is from", "the band Callum Reid sings in"). A name beside its
            // kind ("the band The Tidewalkers formed in 1991") strands none,
            // and neither does the question's own participle closing it
            // ("Which novel *is* the film The Bachelor *based on*?"; not
            // "What was the band Ruth Mackay *played with* | named after?").
            let participle_after = w.get(after(&w, r.1)).is_some_and(participle);
            end = verb_group(clause, &w, &names, after(&w, r.1), d.start)
                .filter(|&(g, stranded)| {
                    let closes = clause.get(g..).is_some_and(|rest| {
                        rest.trim_matches(|c: char| c.is_whitespace() || c == '?')
                            .is_empty()
                    });
                    stranded && !(be_before && participle_after && closes)
                })
                .map(|(g, _)| g);
        }
        let Some(end) = end.map(|e| closing_quote(clause, from, e)) else {
            continue;
        };
        // A clause set off by commas ("the English actor, who was born 25
        // June 1961, appear?") is asked without them, and its closing comma
        // goes with it.
        let opening = clause
            .get(head.end..next.start)
            .is_some_and(|gap| gap.trim() == ",");
        let closing = opening && clause.get(end..).is_some_and(|r| r.starts_with(','));
        let text = clause.get(from..end).unwrap_or("");
        let cut = head.end.saturating_sub(from);
        let text = match (text.get(..cut), text.get(cut..)) {
            (Some(noun), Some(rest)) if opening => {
                format!("{noun}{}", rest.trim_start_matches(','))
            }
            _ => text.to_string(),
        };
        found.push(Description {
            start: d.start,
            end: if closing { end + 1 } else { end },
            question: format!("which {text}?"),
            unanchored_role,
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
    asks_without(clause, best.start, best.end).then_some(best)
}

/// Prepositions that open a time adjunct ("in May 1998", "on 7 June 2014").
const TIME_PREPOSITIONS: &[&str] = &["in", "on", "during"];
/// Most words of a time adjunct after its preposition ("7 June, 2014").
const TIME_WORDS: usize = 3;

/// The end of the time adjunct right after byte `at` — a preposition, then
/// a date of at most [`TIME_WORDS`] words (a month, a day, a year or a
/// decade, "the 1970s"), ending before `stop` and not at the clause's end
/// (the main clause goes on after it) — when there is one.
fn time_adjunct(w: &[Word], at: usize, stop: usize) -> Option<usize> {
    let i = after(w, at);
    if !TIME_PREPOSITIONS.contains(&w.get(i)?.bare.as_str()) {
        return None;
    }
    let numeral = |b: &str, len: usize| b.len() <= len && b.chars().all(|c| c.is_ascii_digit());
    let date_word = |x: &Word| {
        let b = x.bare.as_str();
        crate::analyze::lexicon::MONTHS.contains(&b)
            || numeral(b, 4)
            || b.strip_suffix('s')
                .is_some_and(|d| d.len() == 4 && numeral(d, 4))
    };
    let mut j = i + 1;
    if w.get(j).is_some_and(|x| x.bare == "the") {
        j += 1;
    }
    let first = j;
    while j < first + TIME_WORDS && w.get(j).is_some_and(|x| x.end <= stop && date_word(x)) {
        j += 1;
    }
    let year = |x: &Word| x.bare.len() >= 4 && x.bare.starts_with(|c: char| c.is_ascii_digit());
    let last = w
        .get(j.checked_sub(1)?)
        .filter(|_| j > first && j < w.len())?;
    year(last).then_some(last.end)
}

/// `end`, moved past a closing quote when the description from `from`
/// opens one it does not close (the single "Low Water").
fn closing_quote(clause: &str, from: usize, end: usize) -> usize {
    let text = clause.get(from..end).unwrap_or("");
    match clause.get(end..).and_then(|r| r.chars().next()) {
        Some(q @ '"') if text.matches('"').count() % 2 == 1 => end + q.len_utf8(),
        Some(q @ '”') if text.matches('“').count() > text.matches('”').count() => {
            end + q.len_utf8()
        }
        _ => end,
    }
}

/// The finite forms of "be": a copula ("X *was* a station …"), or the verb a
/// passive question opens with ("Which novel *is* … based on?").
const BE: &[&str] = &["is", "was", "are", "were"];
/// Auxiliaries a verb group starts with.
const AUXILIARIES: &[&str] = &[
    "is", "was", "are", "were", "be", "been", "has", "have", "had", "will", "did", "does", "do",
];
/// Particles of a phrasal verb ("came out on").
pub(super) const PARTICLES: &[&str] = &["out", "up", "off", "down", "away", "back"];
/// Prepositions a relative clause's verb can strand ("is part of").
const STRANDED: &[&str] = &[
    "of", "from", "in", "on", "for", "by", "at", "to", "with", "into", "under",
];
/// Do-support: the main clause's verb then comes bare ("did … dissolve?").
const DO: &[&str] = &["did", "does", "do"];

/// The index of the first word that starts at or after `at`.
fn after(w: &[Word], at: usize) -> usize {
    w.iter().position(|x| x.start >= at).unwrap_or(w.len())
}

/// The verb group of a relative clause whose subject ends before word `j`
/// — auxiliaries, one verb, particles, and a preposition with no object
/// ("was born", "is part of", "came out on", "is licensed to broadcast") —
/// when the main clause goes on right after it: the clause ends, a comma
/// follows, or an auxiliary or a verb does ("… was born | is located",
/// "… sings in | formed"; after do-support, the clause's last word: "did
/// the company X is part of | dissolve?"). Returns the byte end of the group
/// and whether it strands a preposition. `description` is where the
/// description starts (do-support is read before it).
fn verb_group(
    clause: &str,
    w: &[Word],
    names: &[(usize, usize)],
    j: usize,
    description: usize,
) -> Option<(usize, bool)> {
    let plain = |x: &Word| {
        in_name(names, x).is_none()
            && x.bare.chars().next().is_some_and(char::is_lowercase)
            && !x.bare.contains('{')
    };
    let mut i = j;
    while w
        .get(i)
        .is_some_and(|x| AUXILIARIES.contains(&x.bare.as_str()))
    {
        i += 1;
    }
    let main = w.get(i).is_some_and(|x| {
        plain(x)
            && ![DETERMINERS, RELATIVES, STRANDED, AUXILIARIES]
                .iter()
                .any(|l| l.contains(&x.bare.as_str()))
    });
    if main {
        i += 1;
    }
    if i == j {
        return None;
    }
    while w
        .get(i)
        .is_some_and(|x| PARTICLES.contains(&x.bare.as_str()))
    {
        i += 1;
    }
    let last_word = |i: usize| i + 1 == w.len();
    let do_support = w
        .iter()
        .take_while(|x| x.start < description)
        .any(|x| DO.contains(&x.bare.as_str()));
    // The main clause goes on at word `i`.
    let goes_on = |i: usize| match w.get(i) {
        None => true,
        Some(x) => {
            let gap = w
                .get(i.wrapping_sub(1))
                .and_then(|p| clause.get(p.end..x.start))
                .unwrap_or("");
            gap.contains([',', ';', ':'])
                || AUXILIARIES.contains(&x.bare.as_str())
                || (plain(x) && (verb_like(x) || (do_support && last_word(i))))
        }
    };
    // A copula, a noun phrase and the preposition it strands ("that William
    // Flannery was an architect for | entered …", "which Anna Brodie was the
    // producer of | was recorded …").
    let copula = w.get(i - 1).is_some_and(|x| BE.contains(&x.bare.as_str()));
    if !main
        && copula
        && w.get(i)
            .is_some_and(|x| DETERMINERS.contains(&x.bare.as_str()))
    {
        let noun = |x: &Word| plain(x) && !verb_like(x) && !STRANDED.contains(&x.bare.as_str());
        let k = (i + 1..i + 4)
            .find(|&k| !w.get(k).is_some_and(noun))
            .unwrap_or(i + 4);
        let stranded = w.get(k).filter(|x| STRANDED.contains(&x.bare.as_str()));
        if let Some(p) = stranded.filter(|_| k > i + 1 && goes_on(k + 1)) {
            return Some((p.end, true));
        }
    }
    // The verb's object, when the main clause goes on right after it ("in
    // which Max Hoffmann planned the defeat of the Russian armies | was
    // fought"): a determiner, its nouns (a verb form after the determiner
    // is one: "the *defeat*"), and "of" another such phrase.
    if main
        && w.get(i)
            .is_some_and(|x| DETERMINERS.contains(&x.bare.as_str()))
    {
        if let Some(k) = object_end(w, names, i, &goes_on) {
            return Some((w.get(k - 1)?.end, false));
        }
    }
    let mut stranded = false;
    if let Some(p) = w.get(i).filter(|x| STRANDED.contains(&x.bare.as_str())) {
        let infinitive = p.bare == "to" && w.get(i + 1).is_some_and(|x| plain(x) && verb_like(x));
        if infinitive {
            i += 2;
        } else if goes_on(i + 1) {
            i += 1;
            stranded = true;
        }
    }
    let end = w.get(i.checked_sub(1)?)?.end;
    goes_on(i).then_some((end, stranded))
}

/// The index after a verb's object that starts with the determiner at word
/// `i`, where the main clause `goes_on`: the object's first noun counts as
/// a noun whatever its form, each later one must not read as a verb (where
/// the main clause may go on), and "of" joins another phrase. None when the
/// main clause goes on nowhere within [`OBJECT_WORDS`] words.
fn object_end(
    w: &[Word],
    names: &[(usize, usize)],
    i: usize,
    goes_on: &dyn Fn(usize) -> bool,
) -> Option<usize> {
    let mut k = i;
    while k < i + OBJECT_WORDS {
        if w.get(k)
            .is_some_and(|x| DETERMINERS.contains(&x.bare.as_str()))
        {
            k += 1;
        }
        let first = k;
        while w.get(k).is_some_and(|x| {
            let noun = in_name(names, x).is_some()
                || (np_word(x, names) && !AUXILIARIES.contains(&x.bare.as_str()));
            noun && (k == first || !verb_like(x))
        }) {
            k += 1;
            if goes_on(k) {
                return Some(k);
            }
        }
        if k == first || w.get(k).is_none_or(|x| x.bare != "of") {
            return None;
        }
        k += 1;
    }
    None
}

/// Most words a relative clause's object spans.
const OBJECT_WORDS: usize = 10;

/// Words that ask for a thing's name and nothing of it.
const NAME_WORDS: &[&str] = &["name", "called"];

/// True when what is left of a clause around its placeholders only asks the
/// described thing's name ("What is the name of {q2}?", "What was {q1}
/// called?") or who it is ("Who is {q1}?"): the last follow step, which
/// finds the thing, answers it.
pub fn asks_only_name(rest: &str) -> bool {
    if asks_who(rest) {
        return true;
    }
    let content: Vec<String> = words(rest)
        .into_iter()
        .map(|x| x.bare)
        .filter(|b| !b.starts_with('{') && !crate::analyze::is_stop_word(b))
        .collect();
    !content.is_empty() && content.iter().all(|b| NAME_WORDS.contains(&b.as_str()))
}

/// True when the words of `rest` outside placeholders are "who" and a form
/// of "be" and nothing else ("Who is …?", "who's …", "Who was …?"): a
/// question for a person that the person's name answers.
fn asks_who(rest: &str) -> bool {
    let w: Vec<String> = words(rest)
        .into_iter()
        .map(|x| x.bare)
        .filter(|b| !b.starts_with('{'))
        .collect();
    match w.as_slice() {
        [who, verb] => who == "who" && BE.contains(&verb.as_str()),
        [one] => matches!(one.as_str(), "who's" | "who\u{2019}s"),
        _ => false,
    }
}

/// True when the clause without `start..end` still asks something: a
/// content word, or "who is" (the described thing's name answers it).
fn asks_without(clause: &str, start: usize, end: usize) -> bool {
    let rest = format!(
        "{}{}",
        clause.get(..start).unwrap_or(""),
        clause.get(end..).unwrap_or("")
    );
    asks_who(&rest)
        || crate::analyze::words(&rest)
            .into_iter()
            .any(|t| !crate::analyze::is_stop_word(&t.term))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decompose::frame::{frame, Strictness};

    fn find(q: &str) -> Option<(String, String)> {
        let names = frame(q, Strictness::Question).names;
        innermost(q, &names, &|_| true).map(|d| (q[d.start..d.end].to_string(), d.question))
    }

    /// [`find`] when the question names `title`, a catalog title, which is one
    /// name in place of the frame's names inside it.
    fn find_titled(q: &str, title: &str) -> (String, String) {
        try_titled(q, title).unwrap()
    }

    /// [`find_titled`], None when no description is found.
    fn try_titled(q: &str, title: &str) -> Option<(String, String)> {
        let at = q.find(title).unwrap();
        let end = at + title.len();
        let mut names = frame(q, Strictness::Question).names;
        names.retain(|&(s, e)| e <= at || s >= end);
        names.push((at, end));
        innermost(q, &names, &|_| true).map(|d| (q[d.start..d.end].to_string(), d.question))
    }

    /// [`find`] over a corpus that knows none of the question's names.
    fn find_unanchored(q: &str) -> Option<(String, String)> {
        let names = frame(q, Strictness::Question).names;
        innermost(q, &names, &|_| false).map(|d| (q[d.start..d.end].to_string(), d.question))
    }

    #[test]
    fn a_participle_closing_a_passive_question_is_its_own() {
        // "is … based on?": the question's verb, not a relative clause.
        for (q, title) in [
            (
                "Which novel is the 1990 film The Bachelor based on?",
                "The Bachelor",
            ),
            (
                "what novel was the drama film The Bachelor based on",
                "The Bachelor",
            ),
            ("Which city is the band Low Tide named after?", "Low Tide"),
        ] {
            assert_eq!(try_titled(q, title), None, "{q}");
        }
        // A relative clause without its pronoun: its verb is not the
        // question's ("played with | named after"), or no be-form opens it.
        assert_eq!(
            find("What was the band Ruth Mackay played with named after?").map(|d| d.0),
            Some("the band Ruth Mackay played with".to_string())
        );
        assert_eq!(
            find("When was the band Iona Fraser plays for formed?").map(|d| d.0),
            Some("the band Iona Fraser plays for".to_string())
        );
    }

    #[test]
    fn a_relative_clause_keeps_the_time_after_its_last_name() {
        assert_eq!(
            find("When was the singer who sang on Harbour Lights in May 1998 born?").map(|d| d.1),
            Some("which singer who sang on Harbour Lights in May 1998?".into())
        );
        assert_eq!(
            find("Where was the label that signed The Tidewalkers on 7 June 1990 based?")
                .map(|d| d.1),
            Some("which label that signed The Tidewalkers on 7 June 1990?".into())
        );
        // Not a place after "in", nor a year that ends the question.
        let w = words("the band that released Harbour Lights in Leith was");
        assert_eq!(time_adjunct(&w, 37, 100), None);
        let w = words("the band that released Harbour Lights in 1998 was");
        assert_eq!(time_adjunct(&w, 37, 100), Some(45));
        let w = words("the band that released Harbour Lights in 1998");
        assert_eq!(time_adjunct(&w, 37, 100), None);
    }

    #[test]
    fn a_clause_set_off_by_commas_is_asked_without_them() {
        let q = "Which season of Alias does the English actor, who was born 25 June 1961, appear?";
        let (text, question) = find(q).unwrap_or_default();
        assert_eq!(question, "which English actor who was born 25 June 1961?");
        // The closing comma goes with the description: "does {q1} appear?".
        assert_eq!(text, "the English actor, who was born 25 June 1961,");
    }

    #[test]
    fn two_coordinated_nouns_before_a_relative_clause_are_one_head() {
        assert_eq!(
            find("Where was the singer and songwriter who sang on Harbour Lights born?")
                .map(|d| d.1),
            Some("which singer and songwriter who sang on Harbour Lights?".into())
        );
        assert_eq!(
            find("where was the musician and stand up comedian who recorded Darkside born")
                .map(|d| d.1),
            Some("which musician and stand up comedian who recorded Darkside?".into())
        );
    }

    #[test]
    fn one_of_a_group_is_no_description() {
        // The thing asked belongs to the group; the group is found as no
        // one thing, in any partitive wording.
        for q in [
            "Which midfielder was one of the main players of Kestrel FC?",
            "which drummer was one of the founders of The Tidewalkers",
            "Were any of the members of The Tidewalkers from Cork?",
        ] {
            assert_eq!(find(q), None, "{q}");
        }
        // The description itself still is one.
        assert_eq!(
            find("Which drummer was the founder of The Tidewalkers?").map(|d| d.1),
            Some("which founder of The Tidewalkers?".into())
        );
    }

    #[test]
    fn a_relative_clause_describes_without_an_anchor() {
        // The clause's last name ends it ...
        assert_eq!(
            find_unanchored("Who directed the film that was shot in Croatia?"),
            Some((
                "the film that was shot in Croatia".into(),
                "which film that was shot in Croatia?".into()
            ))
        );
        // ... with the nouns that close the question after it,
        assert_eq!(
            find_unanchored("Who directed the film which premiered at the Karlovy Vary festival?")
                .map(|d| d.0),
            Some("the film which premiered at the Karlovy Vary festival".into())
        );
        // not the main clause's verb.
        assert_eq!(
            find_unanchored(
                "In what year was the album recorded by the band that was formed in Edinburgh released?"
            )
            .map(|d| d.0),
            Some("the band that was formed in Edinburgh".into())
        );
        // A clause with no name describes nothing.
        assert_eq!(
            find_unanchored("Who directed the film that was shot on location?"),
            None
        );
    }

    #[test]
    fn a_role_of_a_name_without_a_page() {
        let d = |q: &str| {
            let names = frame(q, Strictness::Question).names;
            innermost(q, &names, &|_| false)
                .map(|d| (q[d.start..d.end].to_string(), d.unanchored_role))
        };
        assert_eq!(
            d("Which NCAA record does the coach of the Minnesota Vikings hold?"),
            Some(("the coach of the Minnesota Vikings".into(), true))
        );
        assert_eq!(
            d("Who was the president of the Royal Society in 1900?"),
            Some(("the president of the Royal Society".into(), true))
        );
        // Not a role, or a name of one word.
        assert_eq!(d("What is the capital of the United States?"), None);
        assert_eq!(d("Where was the founder of Google born?"), None);
    }

    #[test]
    fn a_relative_clause_strands_a_preposition_after_a_noun() {
        // The subject's copula, a noun phrase and the stranded preposition
        // belong to the description; the main clause's verb does not.
        assert_eq!(
            find_unanchored(
                "The person that William Flannery was an architect for entered the publishing business in what year?"
            ),
            Some((
                "The person that William Flannery was an architect for".into(),
                "which person that William Flannery was an architect for?".into()
            ))
        );
        assert_eq!(
            find_unanchored(
                "The album which Anna Brodie was the producer of was recorded in what town?"
            )
            .map(|d| d.0),
            Some("The album which Anna Brodie was the producer of".into())
        );
    }

    #[test]
    fn descriptions_of_the_common_forms() {
        assert_eq!(
            find("In what year was the drummer from the album \"Angel of Retribution\" born?"),
            Some((
                "the drummer from the album \"Angel of Retribution\"".into(),
                "which drummer from the album \"Angel of Retribution\"?".into()
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
        // A possessive anchor is itself a description: the innermost one.
        assert_eq!(
            find("Who was the hero of Ethan Vale's 1884 novel?").map(|d| d.1),
            Some("which 1884 novel of Ethan Vale?".into())
        );
        // A catalog mention ("Alpha and Omega", a title) is one name.
        let q = "What video game character did the voice actress in the animated film Alpha and Omega voice?";
        assert_eq!(
            find_titled(q, "Alpha and Omega").0,
            "the voice actress in the animated film Alpha and Omega"
        );
        assert_eq!(
            find("Who founded the company that acquired Pixar in 2006?").map(|d| d.0),
            Some("the company that acquired Pixar in 2006".into())
        );
        // The anchor's kind noun belongs to it; the verb after it does not.
        assert_eq!(
            find("The creator of the Lisa Simpson character was born in what year?"),
            Some((
                "The creator of the Lisa Simpson character".into(),
                "which creator of the Lisa Simpson character?".into()
            ))
        );
        assert_eq!(
            find("How long is the tidal estuary in which Branford is a shoreline town?")
                .map(|d| d.0),
            Some("the tidal estuary in which Branford is a shoreline town".into())
        );
        assert_eq!(
            find("In what year was the drummer of the band that recorded Harbour Lights born?")
                .map(|d| d.0),
            Some("the band that recorded Harbour Lights".into())
        );
        assert_eq!(
            find("In which city was the founder of Alpha Records born?").map(|d| d.0),
            Some("the founder of Alpha Records".into())
        );
        // Another preposition; a possessive before the verb.
        assert_eq!(
            find("What year was the drummer on Northern Stars born?").map(|d| d.1),
            Some("which drummer on Northern Stars?".into())
        );
        assert_eq!(
            find("When was Lantern Keeper's director born?").map(|d| d.1),
            Some("which director of Lantern Keeper?".into())
        );
        // The anchor before the agent noun.
        // (the catalog's title is one name: the frame sees "It'll" alone)
        assert_eq!(
            find_titled(
                "Who played the It'll Be Me singer in Walk the Line?",
                "It'll Be Me"
            ),
            (
                "the It'll Be Me singer".into(),
                "which singer of It'll Be Me?".into()
            )
        );
        assert_eq!(find("When was the Harbour Lights album released?"), None);
        assert_eq!(
            find("When was the Harbour Lights singer born?").map(|d| d.1),
            Some("which singer of Harbour Lights?".into())
        );
        // An agent noun whose stem is a verb's is still the head.
        assert_eq!(
            find("When did the country of Izgoy's performer invade Manchuria?").map(|d| d.1),
            Some("which performer of Izgoy?".into())
        );
    }

    #[test]
    fn a_kind_of_place_or_an_event_is_no_description() {
        let cases: [(&str, Option<&str>); 6] = [
            // "the town of X" is X itself, not a thing X leads to.
            (
                "What is the species of animal which the town of Antelope, Kansas was named after?",
                None,
            ),
            ("Which animal was the city of Elk Grove named after?", None),
            // An event of X is a value of X, not a thing with a page.
            (
                "What did David Thewlis film after the premiere of Fargo?",
                None,
            ),
            ("What happened after the death of Clark Gable?", None),
            // A thing of such a place, or of a film, still is one.
            (
                "When was the mayor of the city of Elk Grove born?",
                Some("the mayor of the city of Elk Grove"),
            ),
            (
                "When was the director of Fargo born?",
                Some("the director of Fargo"),
            ),
        ];
        let failed: Vec<&str> = cases
            .iter()
            .filter(|(q, want)| find(q).map(|d| d.0).as_deref() != *want)
            .map(|(q, _)| *q)
            .collect();
        assert!(failed.is_empty(), "{} of 6 fail: {failed:?}", failed.len());
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
        // A property of the anchor, not a thing with its own page.
        assert_eq!(
            find("What is the primary duty of the Austrian Pinscher?"),
            None
        );
        assert_eq!(
            find("What was the original purpose of the Eiffel Tower?"),
            None
        );
        // Nothing would be left to ask.
        assert_eq!(find("the founder of Media Matters"), None);
    }

    #[test]
    fn relative_clauses_end_where_the_main_clause_goes_on() {
        let cases: [(&str, Option<&str>); 14] = [
            // The relative clause's verb takes an object before the main
            // clause goes on.
            (
                "When was the battle in which Max Hoffmann planned the defeat of the Russian armies fought?",
                Some("the battle in which Max Hoffmann planned the defeat of the Russian armies"),
            ),
            (
                "the battle where Max Hoffmann planned the defeat of the Russian armies was fought in what year",
                Some("the battle where Max Hoffmann planned the defeat of the Russian armies"),
            ),
            (
                "In what year was the label for which Callum Reid recorded the album released?",
                Some("the label for which Callum Reid recorded the album"),
            ),
            // The object runs to the end: the question goes on nowhere.
            (
                "Which battle did Max Hoffmann plan the defeat of the Russian armies in?",
                None,
            ),
            // No relative pronoun: the verb strands a preposition.
            (
                "What is the debt load carried by the country Dai Jitao is from?",
                Some("the country Dai Jitao is from"),
            ),
            (
                "What year did the company Novair International Airways is part of dissolve?",
                Some("the company Novair International Airways is part of"),
            ),
            (
                "Where was the label Northern Stars came out on founded?",
                Some("the label Northern Stars came out on"),
            ),
            // The anchor is the subject: the main clause's verb follows.
            (
                "When did the country where the city where Steven Blankaart was born is located refuse?",
                Some("the city where Steven Blankaart was born"),
            ),
            (
                "When was the band in which Callum Reid sings formed?",
                Some("the band in which Callum Reid sings"),
            ),
            (
                "What is the name of the airport in the city where WILM is licensed to broadcast?",
                Some("the city where WILM is licensed to broadcast"),
            ),
            (
                "What is the name of the waterfall in the country where the Bubye River is found?",
                Some("the country where the Bubye River is found"),
            ),
            // A name beside its kind strands nothing: no description.
            ("When was the band The Tidewalkers formed?", None),
            ("In what year was the band The Greywell Sisters formed in Norwich?", None),
            // An object after the preposition: not stranded.
            ("When did the band Callum Reid sings in concert halls form?", None),
        ];
        let failed: Vec<String> = cases
            .iter()
            .filter_map(|(q, want)| {
                let got = find(q).map(|d| d.0);
                (got.as_deref() != *want).then(|| format!("{q}: {got:?}"))
            })
            .collect();
        assert!(failed.is_empty(), "{failed:#?}");
    }

    #[test]
    fn what_asks_only_a_name() {
        assert!(asks_only_name("What is the name of {q2}?"));
        assert!(asks_only_name("What was {q1} called?"));
        assert!(!asks_only_name("What is {q1} named after?"));
        assert!(!asks_only_name("What is the name of {q2} is found?"));
        assert!(!asks_only_name("When was {q1} born?"));
        assert!(!asks_only_name("{q1}"));
        // "Who is …?" asks who the described thing is: its name.
        assert!(asks_only_name("Who is {q1}?"));
        assert!(asks_only_name("who's {q1}"));
        assert!(asks_only_name("Who were {q1}?"));
        assert!(!asks_only_name("Who is {q1} married to?"));
        assert!(!asks_only_name("Who founded {q1}?"));
        assert!(!asks_only_name("What is {q1}?"));
    }

    #[test]
    fn who_is_a_description_is_one() {
        let (text, question) = find_titled(
            "Who is the director of The Lantern Keeper?",
            "The Lantern Keeper",
        );
        assert_eq!(text, "the director of The Lantern Keeper");
        assert_eq!(question, "which director of The Lantern Keeper?");
        // Nothing else asked: no description ("Who is Tomas Varga?").
        assert_eq!(find("Who is Tomas Varga?"), None);
    }

    #[test]
    fn the_rest_of_a_chain() {
        let q = "How many stores are in the state that borders {q2}?";
        let names = frame(q, Strictness::Question).names;
        let d = innermost(q, &names, &|_| false).unwrap();
        assert_eq!(&q[d.start..d.end], "the state that borders {q2}");
    }
}
