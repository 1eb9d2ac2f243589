//! Stage "index (site ingestion)" — from a page's text blocks to sections.
//!
//! Both parsers ([`super::markdown`], [`super::html`]) emit the same stream of
//! [`Item`]s through a [`Collector`]: plain-text blocks (never markup; code
//! keeps its own line breaks), headings with their explicit id, and link
//! targets. [`sections`] cuts that stream at h1–h3 headings; deeper headings
//! stay inside their section as a line of text. When the first heading is a
//! level-1 heading that repeats the page title or comes before any text, it
//! is the page's own heading: it opens no section, so its text belongs to the
//! intro (the passage titled with just the page title). Guarantees: every section
//! has a unique anchor within its page — the heading's explicit id, else a
//! GitHub-style slug (lowercase, spaces → `-`, punctuation dropped, letters
//! and digits of every script kept), with `-1`, `-2`… on repeats, counted
//! over every heading of the page as GitHub and Starlight count them.

use std::collections::HashMap;

/// One unit of a parsed page, in document order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Item {
    Heading {
        level: u8,
        text: String,
        id: Option<String>,
    },
    Text(String),
    Link(String),
}

/// Collects inline text into blocks; both parsers drive it.
#[derive(Debug, Default)]
pub(crate) struct Collector {
    items: Vec<Item>,
    inline: String,
    links: Vec<String>,
}

/// Collapses every whitespace run to one space and trims.
pub(crate) fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl Collector {
    /// Inline text of the current block.
    pub(crate) fn text(&mut self, text: &str) {
        self.inline.push_str(text);
    }

    /// A word boundary (soft break, table cell, `<br>`).
    pub(crate) fn space(&mut self) {
        self.inline.push(' ');
    }

    /// A link target seen in the current block.
    pub(crate) fn link(&mut self, href: &str) {
        self.links.push(href.to_string());
    }

    /// Ends the current block.
    pub(crate) fn flush(&mut self) {
        let text = collapse(&self.inline);
        self.inline.clear();
        if !text.is_empty() {
            self.items.push(Item::Text(text));
        }
        self.push_links();
    }

    fn push_links(&mut self) {
        for href in self.links.drain(..) {
            self.items.push(Item::Link(href));
        }
    }

    /// Starts a heading: the inline text gathered until [`Collector::heading`]
    /// is its text.
    pub(crate) fn start_heading(&mut self) {
        self.flush();
    }

    /// Ends a heading whose text is the inline text since `start_heading`.
    pub(crate) fn heading(&mut self, level: u8, id: Option<String>) {
        let text = collapse(&self.inline);
        self.inline.clear();
        let id = id.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        self.items.push(Item::Heading { level, text, id });
        self.push_links();
    }

    /// A preformatted block (code): kept as written, trailing newlines cut.
    pub(crate) fn code(&mut self, code: &str) {
        self.flush();
        let code = code.trim_end_matches(['\n', '\r']);
        if !code.trim().is_empty() {
            self.items.push(Item::Text(code.to_string()));
        }
    }

    pub(crate) fn finish(mut self) -> Vec<Item> {
        self.flush();
        self.items
    }
}

/// Heading anchors as GitHub makes them.
#[derive(Debug, Default)]
pub(crate) struct Slugger {
    seen: HashMap<String, usize>,
}

/// The GitHub-style slug of a heading, before de-duplication.
pub(crate) fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.trim().chars() {
        if c.is_alphanumeric() || c == '-' || c == '_' {
            out.extend(c.to_lowercase());
        } else if c.is_whitespace() {
            out.push('-');
        }
    }
    out
}

impl Slugger {
    /// `base` made unique among the anchors handed out so far.
    pub(crate) fn unique(&mut self, base: String) -> String {
        let base = if base.is_empty() {
            "section".to_string()
        } else {
            base
        };
        let mut candidate = base.clone();
        while self.seen.contains_key(&candidate) {
            let n = self.seen.entry(base.clone()).or_insert(0);
            *n += 1;
            candidate = format!("{base}-{n}");
        }
        self.seen.insert(candidate.clone(), 0);
        candidate
    }
}

/// One passage-to-be of a page.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Section {
    /// `None` for the intro before the first h1–h3.
    pub anchor: Option<String>,
    /// True when the anchor is an id written in the page (not a slug, nor
    /// an id made unique with `-1`).
    pub explicit: bool,
    pub heading: Option<String>,
    pub text: String,
    /// Link targets as written (`../install.md#x`, `/guide/`).
    pub links: Vec<String>,
}

/// The page title when the source names none: the first level-1 heading.
pub(crate) fn first_h1(items: &[Item]) -> Option<String> {
    items.iter().find_map(|item| match item {
        Item::Heading { level: 1, text, .. } if !text.is_empty() => Some(text.clone()),
        _ => None,
    })
}

/// Cuts a page at its h1–h3 headings.
pub(crate) fn sections(items: Vec<Item>, page_title: &str) -> Vec<Section> {
    let mut slugger = Slugger::default();
    let mut out = Vec::new();
    let mut current = Section::default();
    let mut first_heading = true;
    for item in items {
        match item {
            Item::Heading { level, text, id } => {
                let explicit_id = id.clone();
                let anchor = slugger.unique(id.unwrap_or_else(|| slug(&text)));
                let is_title =
                    first_heading && level == 1 && (text == page_title || current.text.is_empty());
                first_heading = false;
                if is_title {
                    continue;
                }
                if level <= 3 {
                    out.push(std::mem::take(&mut current));
                    current.explicit = explicit_id.as_deref() == Some(anchor.as_str());
                    current.anchor = Some(anchor);
                    current.heading = Some(text);
                } else if !text.is_empty() {
                    push_line(&mut current.text, &text);
                }
            }
            Item::Text(text) => push_line(&mut current.text, &text),
            Item::Link(href) => current.links.push(href),
        }
    }
    out.push(current);
    out
}

/// The text blocks of `items`, in order (what the parsers' tests compare).
#[cfg(test)]
pub(crate) fn texts(items: &[Item]) -> Vec<&str> {
    items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t) => Some(t.as_str()),
            _ => None,
        })
        .collect()
}

fn push_line(text: &mut String, line: &str) {
    if !text.is_empty() {
        text.push('\n');
    }
    text.push_str(line);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_follow_github() {
        assert_eq!(slug("Hello, World!"), "hello-world");
        assert_eq!(slug("Step 1 — Install"), "step-1--install");
        assert_eq!(slug("安装 Astro"), "安装-astro");
        assert_eq!(slug("`astro:content` API"), "astrocontent-api");
        let mut s = Slugger::default();
        assert_eq!(s.unique(slug("Setup")), "setup");
        assert_eq!(s.unique(slug("Setup")), "setup-1");
        assert_eq!(s.unique(slug("Setup")), "setup-2");
        assert_eq!(s.unique("setup-1".into()), "setup-1-1");
    }

    #[test]
    fn sections_cut_at_h1_to_h3() {
        let items = vec![
            Item::Heading {
                level: 1,
                text: "Page".into(),
                id: None,
            },
            Item::Text("intro".into()),
            Item::Heading {
                level: 2,
                text: "A".into(),
                id: None,
            },
            Item::Text("a".into()),
            Item::Heading {
                level: 4,
                text: "Deep".into(),
                id: None,
            },
            Item::Link("/x/".into()),
            Item::Heading {
                level: 3,
                text: "B".into(),
                id: Some("custom".into()),
            },
        ];
        let s = sections(items, "Page");
        assert_eq!(s.len(), 3);
        assert_eq!(s[0].text, "intro");
        assert_eq!(s[1].anchor.as_deref(), Some("a"));
        assert_eq!(s[1].text, "a\nDeep");
        assert_eq!(s[1].links, vec!["/x/".to_string()]);
        assert_eq!(s[2].anchor.as_deref(), Some("custom"));
        assert!(s[2].explicit && !s[1].explicit);
        assert_eq!(s[2].text, "");
    }
}
