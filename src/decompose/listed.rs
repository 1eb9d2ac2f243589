//! Stage 3 — decompose: names given as a list ("starring Uhm Jung-hwa, Kim
//! Sang-kyung, and Song Young-Chang").
//!
//! A list describes one thing by all of its members: a description's clause
//! runs past the list's commas ([`super::nested`]), and a page that writes
//! only some of the members is another thing's (the reader's names share,
//! `execute::read`).
//!
//! Guarantees: a list is three names or more, in order, each after a comma,
//! the last after "and" (", and" or "and"); nothing but those separators
//! stands between them. Names inside a wider name are not members of their
//! own. Ranges are the given names' byte ranges.

/// The lists of names in `clause`, each as its members' ranges in order.
pub fn lists(clause: &str, names: &[(usize, usize)]) -> Vec<Vec<(usize, usize)>> {
    let mut outer: Vec<(usize, usize)> = names
        .iter()
        .copied()
        .filter(|&(s, e)| {
            !names
                .iter()
                .any(|&(s2, e2)| s2 <= s && e <= e2 && (s2, e2) != (s, e))
        })
        .collect();
    outer.sort_unstable();
    outer.dedup();
    let mut found = Vec::new();
    let mut run: Vec<(usize, usize)> = Vec::new();
    for r in outer {
        let gap = run
            .last()
            .and_then(|last| clause.get(last.1..r.0))
            .map(|g| g.trim().to_ascii_lowercase());
        match gap.as_deref() {
            Some(",") => run.push(r),
            Some(", and" | ",and" | "and") => {
                run.push(r);
                if run.len() >= 3 {
                    found.push(std::mem::take(&mut run));
                }
                run.clear();
            }
            _ => run = vec![r],
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::lists;

    fn ranges(clause: &str, names: &[&str]) -> Vec<(usize, usize)> {
        names
            .iter()
            .filter_map(|n| clause.find(n).map(|s| (s, s + n.len())))
            .collect()
    }

    #[test]
    fn three_names_or_more_ending_in_and() {
        let c = "the film that starred Uhm Jung-hwa, Kim Sang-kyung, and Song Young-Chang?";
        let n = ranges(c, &["Uhm Jung-hwa", "Kim Sang-kyung", "Song Young-Chang"]);
        assert_eq!(lists(c, &n), vec![n.clone()]);
        let c = "featured Callum Reid, Moira Kerr and Iona Fraser";
        let n = ranges(c, &["Callum Reid", "Moira Kerr", "Iona Fraser"]);
        assert_eq!(lists(c, &n), vec![n.clone()]);
    }

    #[test]
    fn two_names_a_place_and_its_country_or_an_or_are_no_list() {
        let c = "played at the BayArena in Leverkusen, Germany, since 1958";
        assert!(lists(c, &ranges(c, &["BayArena", "Leverkusen", "Germany"])).is_empty());
        let c = "directed by Tomas Varga and Elena Sorensen";
        assert!(lists(c, &ranges(c, &["Tomas Varga", "Elena Sorensen"])).is_empty());
        let c = "Who is older, Callum Reid, Iona Fraser or Ruth Mackay?";
        assert!(lists(
            c,
            &ranges(c, &["Callum Reid", "Iona Fraser", "Ruth Mackay"])
        )
        .is_empty());
    }

    #[test]
    fn a_name_inside_a_wider_one_is_no_member() {
        let c = "with Harbour Lights, Northern Stars, and Lantern Run";
        let mut n = ranges(c, &["Harbour Lights", "Northern Stars", "Lantern Run"]);
        let inner = ranges(c, &["Harbour"]);
        n.extend(inner);
        assert_eq!(lists(c, &n).first().map(Vec::len), Some(3));
    }
}
