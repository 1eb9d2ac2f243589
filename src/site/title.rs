//! Stage "index (site ingestion)" — a built page's `<title>` without the
//! site's name.
//!
//! Generators write `<title>Page – Site name</title>` (mkdocs: `Page - Site`,
//! Sphinx: `Page — Project documentation`, VitePress and Docusaurus:
//! `Page | Site`). Guarantees: a title is cut only at its last separator
//! (` | `, ` – `, ` — `, ` - `, ` · `, ` :: `, ` » `, spaces around it), and
//! only when what follows is a site suffix: it ends the `<title>` of at least
//! two written pages of the site, or what precedes it is the page's own
//! first `<h1>`. Nothing else is cut, and a title is never cut to nothing:
//! "Install - Linux" on a one-page site stays as written.

use std::collections::HashMap;

const SEPARATORS: &[&str] = &[" | ", " – ", " — ", " - ", " · ", " :: ", " » "];

/// `("Install", " - My Docs")` for `"Install - My Docs"`: the title split
/// before its last separator, when both sides have text.
fn split(title: &str) -> Option<(&str, &str)> {
    let at = SEPARATORS.iter().filter_map(|s| title.rfind(s)).max()?;
    let (head, suffix) = title.split_at(at);
    let rest = SEPARATORS
        .iter()
        .find_map(|s| suffix.strip_prefix(s))
        .unwrap_or("");
    (!head.trim().is_empty() && !rest.trim().is_empty()).then_some((head.trim_end(), suffix))
}

/// The suffixes that end the `<title>`s of a site's pages, counted.
#[derive(Debug, Default)]
pub(crate) struct Suffixes {
    counts: HashMap<String, usize>,
}

impl Suffixes {
    /// Counts the suffix of one page's `<title>`.
    pub(crate) fn add(&mut self, title: &str) {
        if let Some((_, suffix)) = split(title) {
            *self.counts.entry(suffix.to_string()).or_insert(0) += 1;
        }
    }

    /// `title` without its site suffix (see the module comment); `h1` is the
    /// text of the page's first level-1 heading, if any.
    pub(crate) fn trim(&self, title: &str, h1: Option<&str>) -> String {
        match split(title) {
            Some((head, suffix))
                if self.counts.get(suffix).is_some_and(|&n| n >= 2) || h1 == Some(head) =>
            {
                head.to_string()
            }
            _ => title.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn site_suffixes_are_cut_and_nothing_else() {
        let mut site = Suffixes::default();
        for t in [
            "Install - My Docs",
            "Deploy - Linux - My Docs",
            "Setup — Demo 1.0 documentation",
            "My Docs",
            "Ports | Other",
        ] {
            site.add(t);
        }
        assert_eq!(site.trim("Install - My Docs", None), "Install");
        assert_eq!(
            site.trim("Deploy - Linux - My Docs", None),
            "Deploy - Linux"
        );
        assert_eq!(site.trim("My Docs", None), "My Docs");
        // One page has this suffix: cut only when the rest is the page's <h1>.
        assert_eq!(site.trim("Ports | Other", None), "Ports | Other");
        assert_eq!(site.trim("Ports | Other", Some("Ports")), "Ports");
        assert_eq!(
            site.trim("Setup — Demo 1.0 documentation", Some("Setup")),
            "Setup"
        );
        // Never to nothing, never inside a word.
        assert_eq!(site.trim(" - My Docs", None), " - My Docs");
        assert_eq!(site.trim("Pre-release notes", None), "Pre-release notes");
    }
}
