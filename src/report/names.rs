//! Stage 9 — report: the name a page gives its own subject.
//!
//! A title is a short name ("Florence Welch", "Leslie S. Hiscott"); an
//! encyclopedia page opens with the full one ("Florence Leontine Mary Welch
//! (born 28 August 1986) is …"). When an answer names a page's subject, it
//! gives that full name too, so a reader who knows the thing under its full
//! name (or a form written with it) recognises the answer.
//!
//! A page may also give its subject another name in the parenthesis after
//! its opening one ("Ghostbusters (also known as Ghostbusters: Answer the
//! Call …)"); [`also_known`] reads it, for a page with no longer full name.
//!
//! Guarantees: [`full_name`] is `Some` only when the passage text opens
//! (after an optional "The") with a run of capitalised words — name
//! particles ("van", "de", "mac", …) allowed between them, a quoted nickname
//! and leading ranks ("Sir", "Prof. Dr.") dropped — that ends at " (" or
//! ",", holds every word of the title's short form in order (an initial
//! "S." stands for a word starting with "S"), ends with the title's last
//! word, and is not the title itself. It never invents a word: the result
//! is the text's own words, joined by one space.

use crate::index::catalog::title_base;

/// Lowercase words a personal or place name keeps between capitalised ones.
const PARTICLES: &[&str] = &[
    "van", "von", "de", "der", "den", "da", "di", "du", "del", "la", "le", "mac", "bin", "ibn",
    "al", "y",
];

/// Ranks and honorifics a lead puts before a name ("Field Marshal Stapleton
/// Cotton", "Sir Alex Ferguson"); an abbreviated one ("Prof.", "Dr.") is any
/// word that a full stop ends and is not an initial.
const RANKS: &[&str] = &[
    "Sir",
    "Dame",
    "Lord",
    "Lady",
    "Field",
    "Marshal",
    "General",
    "Admiral",
    "Captain",
    "Colonel",
    "Major",
    "Professor",
    "Reverend",
    "Saint",
    "Chief",
];

/// At most this many words in a full name (a longer capitalised run is a
/// heading or a list, not a name).
const MAX_WORDS: usize = 8;

/// The full name `text` opens with for the page titled `title`, when it
/// extends the title's short form (see the module's guarantees).
pub fn full_name(title: &str, text: &str) -> Option<String> {
    let short = title_base(title).unwrap_or(title);
    let wanted: Vec<&str> = short.split_whitespace().collect();
    if wanted.len() < 2 || !wanted.iter().all(|w| starts_upper(w)) {
        return None;
    }
    let lead = text.trim_start();
    let lead = lead.strip_prefix("The ").unwrap_or(lead);
    let mut words: Vec<&str> = Vec::new();
    let mut rest = lead;
    loop {
        rest = rest.trim_start_matches(' ');
        if rest.starts_with('(') || rest.starts_with(',') {
            break;
        }
        // A quoted nickname ("Albert" in Abraham Alfonse Albert "Albert"
        // Gallatin) is not part of the name.
        if let Some(q) = rest.strip_prefix('"') {
            let end = q.find('"')?;
            rest = q.get(end + 1..)?;
            continue;
        }
        let end = rest.find([' ', '(', ',']).unwrap_or(rest.len());
        let word = rest.get(..end)?;
        let particle = PARTICLES.contains(&word) && !words.is_empty();
        if word.is_empty() || !(starts_upper(word) || particle) || words.len() == MAX_WORDS {
            return None;
        }
        words.push(word);
        rest = rest.get(end..)?;
    }
    // Leading ranks are not the name.
    let rank = |w: &&str| {
        RANKS.contains(w)
            || (w.ends_with('.') && w.chars().filter(|c| c.is_alphabetic()).count() > 1)
    };
    let first = words.iter().position(|w| !rank(w))?;
    let words = words.get(first..)?;
    let last_is_name = words.last().is_some_and(|w| starts_upper(w));
    if !last_is_name || words == wanted || words.last() != wanted.last() {
        return None;
    }
    // Every title word in order, an initial standing for a word.
    let mut at = 0;
    for w in &wanted {
        let found = words.get(at..)?.iter().position(|x| same_word(w, x))?;
        at += found + 1;
    }
    Some(words.join(" "))
}

/// Words that give a page's other name in its opening parenthesis.
const ALSO: &[&str] = &["also known as ", "also called ", "a.k.a. "];

/// The other name a page gives its subject in the parenthesis after its
/// opening name ("Ghostbusters (also known as Ghostbusters: Answer the Call
/// and …)" → "also known as Ghostbusters: Answer the Call"): the text opens
/// with the title's short form (after an optional "The"), and the name runs
/// from the marker to " and ", a comma, a semicolon or the parenthesis's
/// end, starts with a capital and has at most [`MAX_WORDS`] words.
pub fn also_known(title: &str, text: &str) -> Option<String> {
    let short = title_base(title).unwrap_or(title);
    let lead = text.trim_start();
    let lead = lead.strip_prefix(short).or_else(|| {
        lead.strip_prefix("The ")
            .and_then(|l| l.strip_prefix(short))
    })?;
    let inside = lead.strip_prefix(" (")?;
    let inside = inside.get(..inside.find(')')?)?;
    let (at, marker) = ALSO
        .iter()
        .find_map(|m| inside.find(m).map(|at| (at, *m)))?;
    let rest = inside.get(at + marker.len()..)?;
    let end = [" and ", ",", ";"]
        .iter()
        .filter_map(|stop| rest.find(stop))
        .min()
        .unwrap_or(rest.len());
    let name = rest.get(..end)?.trim();
    let words = name.split_whitespace().count();
    (starts_upper(name) && words <= MAX_WORDS).then(|| format!("{}{name}", marker))
}

fn starts_upper(word: &str) -> bool {
    word.chars().next().is_some_and(char::is_uppercase)
}

/// `title_word` is `word`, or an initial ("S.") of it.
fn same_word(title_word: &str, word: &str) -> bool {
    if title_word == word {
        return true;
    }
    let Some(initial) = title_word.strip_suffix('.') else {
        return false;
    };
    initial.chars().count() == 1 && word.starts_with(initial) && word.chars().count() > 1
}

#[cfg(test)]
mod tests {
    use super::{also_known, full_name};

    #[test]
    fn a_page_lead_that_extends_the_title_is_the_full_name() {
        let cases = [
            (
                "Florence Welch",
                "Florence Leontine Mary Welch (born 28 August 1986) is an English singer.",
                "Florence Leontine Mary Welch",
            ),
            // The title's qualifier is not part of the name.
            (
                "Gunnar Nelson (musician)",
                "Gunnar Eric Nelson (born September 20, 1967) is an American musician.",
                "Gunnar Eric Nelson",
            ),
            // An initial stands for the word it abbreviates.
            (
                "Leslie S. Hiscott",
                "Leslie Stephenson Hiscott (25 July 1894 – 3 May 1968) was a British director.",
                "Leslie Stephenson Hiscott",
            ),
            // A quoted nickname is dropped; a particle stays.
            (
                "Albert Gallatin",
                "Abraham Alfonse Albert \"Albert\" Gallatin (January 29, 1761 – August 12, 1849) was a politician.",
                "Abraham Alfonse Albert Gallatin",
            ),
            // Ranks before the name are not part of it.
            (
                "Ernst Messerschmid",
                "Prof. Dr. Ernst Willi Messerschmid (born May 21, 1945) is a German physicist.",
                "Ernst Willi Messerschmid",
            ),
            (
                "Ludwig Beethoven",
                "Ludwig van Beethoven, baptised 17 December 1770, was a German composer.",
                "Ludwig van Beethoven",
            ),
        ];
        for (title, text, want) in cases {
            assert_eq!(full_name(title, text).as_deref(), Some(want), "{title}");
        }
    }

    #[test]
    fn anything_else_is_no_full_name() {
        let cases = [
            // The same name, or the name with only an article.
            (
                "Florence Welch",
                "Florence Welch (born 1986) is an English singer.",
            ),
            (
                "Austrian Pinscher",
                "The Austrian Pinscher (FCI No. 64) is a breed.",
            ),
            // Another person sharing a word; a name that drops a title word.
            ("Florence Welch", "Mary Welch (born 1950) is an actress."),
            (
                "Eddie Albert",
                "Edward Albert Heimberger (April 22, 1906 – May 26, 2005) was an actor.",
            ),
            // Only a rank added.
            (
                "Stapleton Cotton, 1st Viscount Combermere",
                "Field Marshal Stapleton Cotton, 1st Viscount Combermere (1773 – 1865) was a soldier.",
            ),
            ("Alex Ferguson", "Sir Alex Ferguson (born 1941) is a manager."),
            // Title words out of order, or the surname not last.
            (
                "Florence Welch",
                "Welch Florence Hall (born 1990) is a singer.",
            ),
            (
                "Florence Welch",
                "Florence Welch Smith (born 1990) is a singer.",
            ),
            // No name run ending at a bracket or comma: a sentence.
            (
                "Health Check",
                "The Health Check endpoint is an HTTP GET /up.",
            ),
            (
                "Somewhere in England",
                "Somewhere in England is the ninth album (1981).",
            ),
            // One-word titles and lowercase titles are never extended.
            ("Cranium", "Cranium Board Game (1998) is a party game."),
            (
                "retention policy",
                "Retention Policy Rules (v2) keep 14 daily snapshots.",
            ),
            // An open quote with no close.
            (
                "Albert Gallatin",
                "Abraham \"Albert Gallatin (1761) was a politician.",
            ),
        ];
        for (title, text) in cases {
            assert_eq!(full_name(title, text), None, "{title}: {text}");
        }
    }

    #[test]
    fn another_name_the_page_opens_with() {
        let cases = [
            (
                "Ghostbusters (2016 film)",
                "Ghostbusters (also known as Ghostbusters: Answer the Call and marketed as such on \
                 home release) is a 2016 supernatural comedy film.",
                Some("also known as Ghostbusters: Answer the Call"),
            ),
            (
                "The Fens",
                "The Fens (also called Fenland, a region of eastern England) are a marshy region.",
                Some("also called Fenland"),
            ),
            (
                "Tobias Reed",
                "Tobias Reed (born 1890; also known as Toby Reed) was a ferryman.",
                Some("also known as Toby Reed"),
            ),
            // A common noun, not a name; a page that opens with another
            // name; an alias outside the opening parenthesis.
            (
                "Greenland shark",
                "Greenland shark (also known as the gurry shark, or grey shark) is a shark.",
                None,
            ),
            (
                "Robby Benson",
                "Robin David Segal (born 1956), better known as Robby Benson, is an actor.",
                None,
            ),
            (
                "Harbour Lights",
                "Harbour Lights (1998) is an album, also known as Lights.",
                None,
            ),
        ];
        for (title, text, want) in cases {
            assert_eq!(also_known(title, text).as_deref(), want, "{title}");
        }
    }
}
