//! Stage 3 — decompose: comparisons of named things.
//!
//! "Who is older, Carrie Akre or Shifty Shellshock?", "Were A and B of the
//! same nationality?", "Are A and B both magazines?", "Which is a comedy
//! film, A or B?", "What do A and B have in common?": one slot per compared
//! thing, each asking its own question about that thing alone ("When was
//! Carrie Akre born?", "What is A?"), plus a compare step that says how they
//! are compared.
//!
//! Guarantees: each slot names exactly one of the things and never a blanked
//! copy of the clause; a date comparison asks each thing for the same date
//! (birth for "older"/"born first", death for "died first", the clause's own
//! verb for "released first"); the compared things are the pages the clause
//! names (catalog titles), else its capitalized names.

use super::{frame, patterns, slice, tidy, Builder};
use crate::analyze::fold::Lower;
use crate::model::{Op, Output};

/// How a clause compares its things.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Form {
    /// By a date each thing's page states: the question asked of each.
    Date { op: Op, ask: DateAsk },
    /// By an amount ("more species", "taller").
    Amount { op: Op, noun: String },
    /// Whether each is what the clause says (yes/no, or which one).
    Property(Op),
    /// What they have in common, or whether they are the same kind of thing.
    Kind(Op),
    /// Whether they are in the same place ("founded in the same city").
    SamePlace(String),
    /// Whether they have the same nationality.
    SameNationality,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum DateAsk {
    Born,
    Died,
    /// "When was X <participle>?" ("released", "formed", "founded").
    Was(String),
}

const EARLY: &[&str] = &["older", "oldest", "first", "earlier", "earliest", "sooner"];
const LATE: &[&str] = &[
    "younger", "youngest", "later", "latest", "newer", "newest", "recently", "recent", "last",
];
const MORE: &[&str] = &[
    "more", "most", "larger", "largest", "taller", "tallest", "longer", "longest", "higher",
    "highest", "bigger", "greater",
];
const FEWER: &[&str] = &[
    "fewer", "less", "least", "smaller", "smallest", "shorter", "shortest", "lower", "lowest",
];

fn words(l: &str) -> Vec<&str> {
    l.split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .collect()
}

/// The noun a "more"/"fewer" counts: the first word after the comparative
/// `word` (a slice of `l`) that is no stop word, number or threshold word
/// ("more than 100 books", "fewer than five members", "over 2.5 thousand
/// more species"), before the clause's punctuation (in "Which scored more
/// than 100, A or B?" the names after the comma are not counted). None: "".
fn counted_noun(l: &str, word: &str) -> String {
    let start = (word.as_ptr() as usize).saturating_sub(l.as_ptr() as usize);
    let rest = l.get(start + word.len()..).unwrap_or_default();
    // A comma inside a number ("1,200") does not end the phrase.
    let end = rest
        .char_indices()
        .find(|&(i, c)| {
            matches!(c, ',' | '?' | ';' | '!' | ':')
                && !rest
                    .get(i + 1..)
                    .and_then(|r| r.chars().next())
                    .is_some_and(|n| n.is_ascii_digit())
        })
        .map_or(rest.len(), |(i, _)| i);
    let threshold = |w: &str| {
        w.chars().any(|c| c.is_ascii_digit())
            || crate::compute::number::en_number(w).is_some()
            || matches!(
                w,
                "than"
                    | "hundred"
                    | "thousand"
                    | "million"
                    | "billion"
                    | "dozen"
                    | "individual"
                    | "total"
            )
    };
    words(rest.get(..end).unwrap_or_default())
        .into_iter()
        .find(|w| !crate::analyze::is_stop_word(w) && !threshold(w))
        .map_or_else(String::new, str::to_string)
}

/// The past participle a date comparison asks about ("was *formed*
/// first"), if the clause has one before its comparative.
fn participle(ws: &[&str], at: usize) -> Option<String> {
    ws.iter()
        .take(at)
        .rev()
        .take(4)
        .find(|w| {
            (w.ends_with("ed") && w.len() > 4)
                || matches!(
                    **w,
                    "written" | "built" | "made" | "begun" | "founded" | "born" | "known"
                )
        })
        .map(|w| w.to_string())
}

/// How the clause compares, from its wording (lowercase).
fn form(l: &str) -> Option<Form> {
    let ws = words(l);
    let has = |w: &str| ws.contains(&w);
    let pos = |set: &[&str]| ws.iter().position(|w| set.contains(w));
    let first = ws.first().copied().unwrap_or("");
    let asks_yes_no = matches!(
        first,
        "are" | "were" | "is" | "was" | "do" | "did" | "does" | "have" | "has" | "can"
    );
    // "A and B are what types of plants?"
    let what_after_be = ws.windows(2).any(|p| matches!(p, ["are" | "were", "what"]));
    if has("common")
        || (has("both") && has("what"))
        || (has("share") && !asks_yes_no)
        || what_after_be
    {
        return Some(Form::Kind(Op::Common));
    }
    if let Some(at) = ws.iter().position(|w| *w == "same") {
        let what = ws.get(at + 1).copied().unwrap_or("");
        if matches!(what, "nationality" | "nationalities") {
            return Some(Form::SameNationality);
        }
        if matches!(
            what,
            "city" | "country" | "state" | "town" | "place" | "location" | "county" | "region"
        ) {
            let verb = ws
                .iter()
                .position(|w| w.ends_with("ed") && w.len() > 4)
                .and_then(|p| participle(&ws, p + 1))
                .filter(|p| p != "born")
                .unwrap_or_else(|| "based".into());
            return Some(Form::SamePlace(verb));
        }
        return Some(Form::Kind(Op::Same));
    }
    if asks_yes_no && (has("both") || has("and")) && !has("or") {
        return Some(Form::Property(Op::Both));
    }
    if let Some(at) = pos(EARLY).or_else(|| pos(LATE)) {
        let op = if pos(EARLY).is_some() {
            Op::Earliest
        } else {
            Op::Latest
        };
        let word = ws.get(at).copied().unwrap_or("");
        let ask = if has("died") || has("die") {
            DateAsk::Died
        } else if has("born")
            || ((matches!(word, "older" | "oldest" | "younger" | "youngest")) && has("who"))
        {
            DateAsk::Born
        } else {
            match participle(&ws, at) {
                Some(p) if p != "born" => DateAsk::Was(p),
                _ if has("who") => DateAsk::Born,
                // No verb to ask with: the date the page states.
                _ => DateAsk::Was(String::new()),
            }
        };
        return Some(Form::Date { op, ask });
    }
    if let Some(at) = pos(MORE).or_else(|| pos(FEWER)) {
        let op = if pos(MORE).is_some() {
            Op::Latest
        } else {
            Op::Earliest
        };
        let noun = ws.get(at).map_or_else(String::new, |w| counted_noun(l, w));
        return Some(Form::Amount { op, noun });
    }
    if (has("or") || has("between")) && matches!(first, "which" | "who" | "what" | "in" | "between")
    {
        return Some(Form::Property(Op::Which));
    }
    None
}

/// The compared things: the first run of two or more coordinated names —
/// "A or B", "A and B", "A, B or C", "between A and B" — not names merely
/// in one clause ("the county as McRae in the same state as KAGH-FM"
/// compares nothing; in "Are A and B located in the United States?" the
/// United States is not compared).
fn coordinated(
    clause: &str,
    names: Vec<((usize, usize), Option<String>)>,
) -> Vec<((usize, usize), Option<String>)> {
    let joined = |a: &((usize, usize), Option<String>), b: &((usize, usize), Option<String>)| {
        let between = clause.get(a.0 .1..b.0 .0).unwrap_or("").lower();
        let words: Vec<&str> = between
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        words.len() <= 3 && words.iter().any(|w| matches!(*w, "or" | "and"))
            || (between.trim().trim_matches(['"', '“', '”']) == ",")
    };
    let mut run: Vec<((usize, usize), Option<String>)> = Vec::new();
    for n in names {
        match run.last() {
            Some(last) if joined(last, &n) => run.push(n),
            _ if run.len() >= 2 => break,
            _ => run = vec![n],
        }
    }
    if run.len() >= 2 {
        run
    } else {
        Vec::new()
    }
}

/// The question one slot asks of one compared thing.
fn ask_of(form: &Form, name: &str) -> String {
    match form {
        Form::Date {
            ask: DateAsk::Born, ..
        } => format!("When was {name} born?"),
        Form::Date {
            ask: DateAsk::Died, ..
        } => format!("When did {name} die?"),
        Form::Date {
            ask: DateAsk::Was(p),
            ..
        } if p.is_empty() => format!("When was {name}?"),
        Form::Date {
            ask: DateAsk::Was(p),
            ..
        } => format!("When was {name} {p}?"),
        Form::Amount { noun, .. } if !noun.is_empty() => {
            format!("How many {noun} does {name} have?")
        }
        Form::SamePlace(verb) => format!("Where was {name} {verb}?"),
        Form::Amount { .. } | Form::Property(_) | Form::Kind(_) | Form::SameNationality => {
            format!("What is {name}?")
        }
    }
}

fn op_of(form: &Form) -> Op {
    match form {
        Form::Date { op, .. } | Form::Amount { op, .. } | Form::Property(op) | Form::Kind(op) => {
            *op
        }
        Form::SamePlace(_) | Form::SameNationality => Op::Same,
    }
}

impl Builder<'_> {
    /// A comparison of two or more named things; returns the compare task.
    pub(super) fn comparison(&mut self, clause: &str) -> Option<String> {
        self.comparison_asked_as(clause, clause)
    }

    /// [`Builder::comparison`] of `clause`, whose compared things may be
    /// earlier steps' answers (`{q1}`), with the comparison's question
    /// `asked` as the user wrote it: its inputs are the values compared,
    /// never the steps that found the things.
    pub(super) fn comparison_asked_as(&mut self, clause: &str, asked: &str) -> Option<String> {
        if !patterns::compares(clause) {
            return None;
        }
        let form = form(&clause.lower())?;
        let names = coordinated(clause, self.compared(clause));
        if names.len() < 2 || names.len() > 4 {
            return None;
        }
        let mut ids = Vec::new();
        for (r, page) in &names {
            let name = tidy(slice(clause, *r));
            let (text, mut constraints) = self.constrain(&ask_of(&form, &name), self.default_year);
            // A thing that is a page is read on its own page; one the index
            // has no title for, on a passage about it (not on any passage that
            // mentions the name: "What is Chrysalis?" is not Rick Wilber's page).
            match page {
                Some(page) => constraints.insert("page".into(), page.clone()),
                None => constraints.insert("about".into(), name.clone()),
            };
            ids.push(self.retrieval(text, constraints, Output::Passage));
        }
        let op = op_of(&form);
        let c = self.compute(asked, op, ids.clone());
        self.notes.push(format!(
            "{c}: {} of {} ({clause})",
            op.name(),
            ids.join(", ")
        ));
        Some(c)
    }

    /// A property asked of coordinated pages ("What is the primary duty of
    /// the Austrian Pinscher and the Maremma Sheepdog?"): one part per page,
    /// asking the clause of that page alone. Returns false (planning
    /// nothing) for any other clause.
    pub(super) fn distributed(&mut self, clause: &str) -> bool {
        if !patterns::asks_property(clause) {
            return false;
        }
        let names = coordinated(clause, self.compared(clause));
        let pages = names.iter().all(|(_, page)| page.is_some());
        let (Some(first), Some(last)) = (names.first(), names.last()) else {
            return false;
        };
        let span = clause.get(first.0 .0..last.0 .1).unwrap_or("").lower();
        if names.len() < 2
            || names.len() > 4
            || !pages
            || span.split_whitespace().any(|w| w == "or")
        {
            return false;
        }
        // The coordination runs from the first thing to the last one.
        for (r, page) in &names {
            let text = format!(
                "{}{}{}",
                clause.get(..first.0 .0).unwrap_or(""),
                slice(clause, *r),
                clause.get(last.0 .1..).unwrap_or("")
            );
            let (text, mut constraints) = self.constrain(&tidy(&text), self.default_year);
            if let Some(page) = page {
                constraints.insert("page".into(), page.clone());
            }
            let output = patterns::output_of(&text);
            let id = self.retrieval(text, constraints, output);
            self.answers(&id);
        }
        self.notes.push(format!(
            "one part per page the clause coordinates ({clause})"
        ));
        true
    }

    /// The things a comparison names: the pages (titles) the clause names
    /// with a capital or in quotes, else its capitalized names, in order,
    /// without overlaps; with the page's entity when it is one.
    fn compared(&self, clause: &str) -> Vec<((usize, usize), Option<String>)> {
        let names = frame::frame(clause, frame::Strictness::Question).names;
        let mut titles: Vec<((usize, usize), Option<String>)> = Vec::new();
        for m in self.mentions_in(clause) {
            let r = (m.start as usize, m.end as usize);
            // "a girl *group*" is not the page Group (periodic table).
            let named = names
                .iter()
                .any(|n| n.0 <= r.0 && r.1 <= n.1 + 1 || r.0 <= n.0 && n.1 <= r.1);
            let overlaps = titles.iter().any(|(t, _)| t.0 < r.1 && r.0 < t.1);
            if self.index.is_title(m.entity) && named && !overlaps {
                let id = self.index.entity(m.entity).map(|e| e.id.clone());
                titles.push((r, id));
            }
        }
        if titles.len() < 2 {
            // An earlier step's answer is compared with its braces ("{q1}").
            let braced = |(s, e): (usize, usize)| {
                let wrapped = clause.get(..s).is_some_and(|b| b.ends_with('{'))
                    && clause.get(e..).is_some_and(|a| a.starts_with('}'));
                if wrapped {
                    (s - 1, e + 1)
                } else {
                    (s, e)
                }
            };
            titles = names.into_iter().map(|r| (braced(r), None)).collect();
        }
        crate::order::sort_by_key(&mut titles, |(r, _)| *r);
        titles
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(q: &str) -> Option<Form> {
        form(&q.lower())
    }

    #[test]
    fn forms_of_the_dev_questions() {
        assert_eq!(
            f("Who is older Carrie Akre or Shifty Shellshock?"),
            Some(Form::Date {
                op: Op::Earliest,
                ask: DateAsk::Born
            })
        );
        assert_eq!(
            f("who is younger Ulrich Walter or Luca Parmitano?"),
            Some(Form::Date {
                op: Op::Latest,
                ask: DateAsk::Born
            })
        );
        assert_eq!(
            f("Who died first, A or B?"),
            Some(Form::Date {
                op: Op::Earliest,
                ask: DateAsk::Died
            })
        );
        assert_eq!(
            f("Which band was formed first, Wavves or Social Code?"),
            Some(Form::Date {
                op: Op::Earliest,
                ask: DateAsk::Was("formed".into())
            })
        );
        assert_eq!(
            f("Which genus has more species in it, Othonna or Stangeria?"),
            Some(Form::Amount {
                op: Op::Latest,
                noun: "species".into()
            })
        );
        assert_eq!(
            f("Are Villa Paletti and Betrayal at House on the Hill both board games?"),
            Some(Form::Property(Op::Both))
        );
        assert_eq!(
            f("Were H. G. Wells and Rubén Darío both English?"),
            Some(Form::Property(Op::Both))
        );
        assert_eq!(
            f("Which is a comedy film, The Million Dollar Duck or Don Quixote?"),
            Some(Form::Property(Op::Which))
        );
        assert_eq!(
            f("What kind of group does At the Drive-In and Muse have in common?"),
            Some(Form::Kind(Op::Common))
        );
        assert_eq!(
            f("Cranium and Twin Tin Bots are both what?"),
            Some(Form::Kind(Op::Common))
        );
        assert_eq!(
            f("Arbutus and Aspidistra are what types of plants?"),
            Some(Form::Kind(Op::Common))
        );
        assert_eq!(
            f("Were Scott Derrickson and Ed Wood of the same nationality?"),
            Some(Form::SameNationality)
        );
        assert_eq!(
            f("Were A and B founded in the same city?"),
            Some(Form::SamePlace("founded".into()))
        );
        assert_eq!(
            f("Do A and B have the same profession?"),
            Some(Form::Kind(Op::Same))
        );
        assert_eq!(
            f("In between A U and B U which was founded as a vocational school?"),
            Some(Form::Property(Op::Which))
        );
        assert_eq!(f("Which rollback rule applies to gateway-west?"), None);
    }

    /// The counted noun of "more"/"fewer" is the thing counted, never the
    /// threshold: "more than 100 books" counts books.
    #[test]
    fn an_amount_counts_the_noun_not_the_threshold() {
        let noun = |q: &str| match f(q) {
            Some(Form::Amount { noun, .. }) => noun,
            other => panic!("{q}: {other:?}"),
        };
        assert_eq!(
            noun("Which author has written more than 100 books, Isaac Asimov or Dan Mills?"),
            "books"
        );
        assert_eq!(
            noun("Who has released more albums, Blur or Oasis?"),
            "albums"
        );
        assert_eq!(
            noun("Which has fewer than five members, Northgate or Harbour Lights?"),
            "members"
        );
        assert_eq!(
            noun("Which genus has more than 1,200 species, Othonna or Senecio?"),
            "species"
        );
        assert_eq!(
            noun("Which of Othonna and Senecio has over 2.5 thousand more species?"),
            "species"
        );
        // A threshold with no noun after it counts nothing named.
        assert_eq!(noun("Which scored more than 100, Blur or Oasis?"), "");
    }

    #[test]
    fn each_slot_asks_about_one_thing() {
        let born = Form::Date {
            op: Op::Earliest,
            ask: DateAsk::Born,
        };
        assert_eq!(ask_of(&born, "Carrie Akre"), "When was Carrie Akre born?");
        assert_eq!(
            ask_of(&Form::Property(Op::Both), "Chrysalis"),
            "What is Chrysalis?"
        );
        assert_eq!(
            ask_of(
                &Form::Amount {
                    op: Op::Latest,
                    noun: "species".into()
                },
                "Othonna"
            ),
            "How many species does Othonna have?"
        );
    }
}
