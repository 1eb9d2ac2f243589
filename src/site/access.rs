//! Stage "index (site ingestion)" — who may read a page, failing closed.
//!
//! Client-side filtering is no security boundary, so a page reaches the
//! output only when its access is *determined* and the audience may read it.
//! The spellings read (README, "Search your docs site"):
//!
//! - front matter (YAML `---` or TOML `+++` on the first line) key `access`,
//!   lowercase, at the top level: a level (`access: internal`) or a list of
//!   the levels that may read the page (`access: [internal, staff]`, a YAML
//!   block list, a TOML array);
//! - HTML `<meta name="slotchain:access" content="internal">` (lowercase
//!   name; `content` a level or a comma-separated list of them);
//! - HTML `data-slotchain-access="…"` on `<html>`, `<body>` or the first
//!   `<main>` (attribute names are case-insensitive in HTML).
//!
//! A page with none of them is `public`. Every other declaration is one the
//! indexer cannot read, and the page is skipped with the reason
//! ([`Access::problem`]): a key in another case (`Access:`, `ACCESS =`), a
//! nested or prefixed key (`slotchain_access`), a value that is null,
//! empty, not text or a list holding an empty or non-text item; an
//! `access` line in front matter the parser does not recognise (a leading
//! blank line or space, a `----` fence, CR-only line ends, no fences); a meta
//! name in another case or spelling, or `property`/`itemprop`/`http-equiv`
//! naming it; the attribute on any other element, in Markdown's raw HTML,
//! or in an MDX JSX tag or ESM export; and declarations that disagree.

/// The access declarations found on a page, and the ones that could not
/// be read.
#[derive(Debug, Default)]
pub(crate) struct Access {
    /// Each readable declaration: where it was, and its levels (trimmed,
    /// never empty).
    declared: Vec<(&'static str, Vec<String>)>,
    /// Why a declaration could not be read (the first one is reported).
    problems: Vec<String>,
}

/// True for a name that talks about a page's access in a spelling the
/// indexer does not read: `Access`, ` ACCESS`, `slotchain_access`,
/// `SLOTCHAIN:ACCESS`, `data-slotchain-access-level`…
pub(crate) fn access_like(name: &str) -> bool {
    let lower = name.trim().to_ascii_lowercase();
    lower == "access" || (lower.contains("slotchain") && lower.contains("access"))
}

/// True when markup text (a tag, inline HTML) mentions slotchain access.
pub(crate) fn access_like_text(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    lower.contains("slotchain") && lower.contains("access")
}

/// Levels of a text value: one level, or comma-separated levels.
pub(crate) fn text_levels(value: &str) -> Result<Vec<String>, String> {
    let levels: Vec<String> = value.split(',').map(|l| l.trim().to_string()).collect();
    if levels.iter().any(String::is_empty) {
        return Err(format!("the access value {value:?} has an empty level"));
    }
    Ok(levels)
}

/// True when a line reads as `access: …` or `access = …` in any case, maybe
/// quoted or indented: an access declaration wherever it stands.
pub(crate) fn access_line(line: &str) -> bool {
    let t = line.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    let Some(end) = t.find([':', '=']) else {
        return false;
    };
    let key = t.get(..end).unwrap_or("").trim().trim_matches(['"', '\'']);
    access_like(key)
}

fn trimmed(line: &str) -> &str {
    line.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
}

/// A fence of three or more dashes, pluses or tildes (`---`, `----`, `+++`).
fn fence(line: &str) -> bool {
    let t = trimmed(line);
    t.len() >= 3 && t.chars().all(|c| matches!(c, '-' | '+' | '~'))
}

/// True when a line reads as `key: value`, `key = value` or a list item.
fn key_line(line: &str) -> bool {
    let t = trimmed(line);
    if t.starts_with("- ") {
        return true;
    }
    let Some(end) = t.find([':', '=']) else {
        return false;
    };
    let key = t.get(..end).unwrap_or("").trim().trim_matches(['"', '\'']);
    !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | ' ' | ':'))
}

/// True when the head of a page with no front matter the parser read holds
/// an `access` line: front matter the indexer could not read. The head is,
/// after blank lines, a fenced block up to its closing fence (any fence:
/// `----` and ` ---` too), or else the run of `key: value` lines it starts
/// with. Any line end counts (CR alone too); 200 lines at most.
pub(crate) fn head_declares_access(text: &str) -> bool {
    let mut lines = text
        .split(['\n', '\r'])
        .filter(|l| !trimmed(l).is_empty())
        .take(200)
        .peekable();
    if lines.next_if(|l| fence(l)).is_some() {
        return lines.take_while(|l| !fence(l)).any(access_line);
    }
    lines.take_while(|l| key_line(l)).any(access_line)
}

impl Access {
    /// A readable declaration from `source` (`front matter`, `<meta>`…).
    pub(crate) fn declare(&mut self, source: &'static str, levels: Result<Vec<String>, String>) {
        match levels {
            Ok(levels) if !levels.is_empty() => self.declared.push((source, levels)),
            Ok(_) => self.refuse(format!("the {source} access list is empty")),
            Err(why) => self.refuse(why),
        }
    }

    /// A declaration that cannot be read.
    pub(crate) fn refuse(&mut self, why: String) {
        self.problems.push(why);
    }

    /// The page's levels (`public` when it declares none), or why they
    /// cannot be determined.
    #[cfg(test)]
    pub(crate) fn levels(&self) -> Result<Vec<String>, String> {
        self.declared_levels()
            .map(|l| l.unwrap_or_else(|| vec![crate::model::DEFAULT_ACCESS.to_string()]))
    }

    /// The levels the page declares (`None`: no declaration), or why they
    /// cannot be determined.
    pub(crate) fn declared_levels(&self) -> Result<Option<Vec<String>>, String> {
        if let Some(why) = self.problems.first() {
            return Err(why.clone());
        }
        let mut sets = self.declared.iter().map(|(source, levels)| {
            let mut set: Vec<String> = levels.iter().map(|l| l.to_lowercase()).collect();
            set.sort();
            set.dedup();
            (source, set)
        });
        let Some((_, first)) = sets.next() else {
            return Ok(None);
        };
        if let Some((source, other)) = sets.find(|(_, set)| *set != first) {
            return Err(format!(
                "conflicting access declarations ({} and {} in the {source})",
                first.join(", "),
                other.join(", ")
            ));
        }
        Ok(self.declared.first().map(|(_, levels)| levels.clone()))
    }
}

/// The levels a parse declares into a fresh [`Access`] (for tests).
#[cfg(test)]
pub(crate) fn declared_by(parse: impl FnOnce(&mut Access)) -> Result<Vec<String>, String> {
    let mut access = Access::default();
    parse(&mut access);
    access.levels()
}

/// True when `audience` may read a page at these levels (any one of them).
pub(crate) fn readable(levels: &[String], audience: &[String]) -> bool {
    levels
        .iter()
        .any(|l| audience.iter().any(|a| a.eq_ignore_ascii_case(l)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn access_lines_and_heads() {
        for line in [
            "access: x",
            "  Access : x",
            "\"ACCESS\"= x",
            "slotchain_access: x",
        ] {
            assert!(access_line(line), "{line}");
        }
        for line in ["accessible: x", "the access road", "# Access"] {
            assert!(!access_line(line), "{line}");
        }
        assert!(head_declares_access("\n---\naccess: internal\n---\n# T\n"));
        assert!(head_declares_access("---\raccess: internal\r---\rbody"));
        assert!(head_declares_access(
            " ----\n title: x\n Access: y\n ----\n"
        ));
        assert!(!head_declares_access("# Title\n\naccess: internal\n"));
        assert!(!head_declares_access("Some prose.\naccess: internal\n"));
    }

    #[test]
    fn declarations_agree_or_the_page_is_refused() {
        let mut a = Access::default();
        assert_eq!(a.levels(), Ok(vec!["public".to_string()]));
        a.declare("front matter", Ok(vec!["Internal".into()]));
        a.declare("<meta>", text_levels("internal"));
        assert_eq!(a.levels(), Ok(vec!["Internal".to_string()]));
        a.declare("<html>", text_levels("public"));
        assert_eq!(
            a.levels().unwrap_err(),
            "conflicting access declarations (internal and public in the <html>)"
        );
        let mut b = Access::default();
        b.declare("<meta>", text_levels("a, ,b"));
        assert!(b.levels().is_err());
    }
}
