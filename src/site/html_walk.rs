//! Stage "index (site ingestion)" — the text of an HTML region.
//!
//! [`region`] walks one element's content (a page's content region, or a
//! Markdown page's raw HTML) into a [`Collector`]. Guarantees:
//!
//! - **Never text:** `script`, `style`, `template`, `noscript`, `svg`,
//!   `head`, `iframe`, `object`, `canvas`, any element with `hidden` or
//!   `data-slotchain-ignore` (Pagefind's `data-pagefind-ignore`), and
//!   permalink anchors (an `<a href="#…">` whose text has no letter or digit,
//!   as the `¶` or `#` generators put after a heading).
//! - **Chrome** (in HTML pages, not in Markdown's raw HTML): `nav`, `header`,
//!   `footer`, `aside` and their ARIA landmark roles (`navigation`,
//!   `banner`, `contentinfo`, `complementary`, `search`) are dropped
//!   wherever they are, also inside the content region.
//! - `<pre>` keeps its line breaks; block elements end a text block; every
//!   `<a href>` is reported as a link.
//! - **Heading anchors are ids the page has:** the heading's `id`, else the
//!   `id` (or `name`) of an `<a>` inside it, else the `id` of the element the
//!   heading opens (Sphinx's `<section id="…"><h2>`); else none.
//! - The walk is iterative, so nesting depth costs heap, never stack.

use super::split::Collector;
use scraper::{ElementRef, Node};

const NEVER_TEXT: &[&str] = &[
    "script", "style", "template", "noscript", "svg", "head", "iframe", "object", "canvas",
];
const CHROME: &[&str] = &["nav", "header", "footer", "aside"];
/// ARIA landmark roles that mark the same chrome as [`CHROME`].
const CHROME_ROLES: &[&str] = &[
    "navigation",
    "banner",
    "contentinfo",
    "complementary",
    "search",
];
/// Marks an element (and its content) as never indexed.
pub(crate) const IGNORE: &str = "data-slotchain-ignore";
const BLOCKS: &[&str] = &[
    "p",
    "div",
    "section",
    "article",
    "main",
    "body",
    "li",
    "ul",
    "ol",
    "dl",
    "dt",
    "dd",
    "blockquote",
    "table",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "figure",
    "figcaption",
    "details",
    "summary",
    "form",
    "fieldset",
    "address",
    "hr",
    "caption",
    "nav",
    "header",
    "footer",
    "aside",
];

/// Whether chrome ([`CHROME`], [`CHROME_ROLES`]) is dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Chrome {
    Drop,
    Keep,
}

fn heading_level(name: &str) -> Option<u8> {
    match name {
        "h1" => Some(1),
        "h2" => Some(2),
        "h3" => Some(3),
        "h4" => Some(4),
        "h5" => Some(5),
        "h6" => Some(6),
        _ => None,
    }
}

/// What to do when an element's content has been walked.
enum Close {
    Heading(u8, Option<String>),
    Space,
    Flush,
    /// Nothing (an inline element).
    None,
}

enum Step<'a> {
    Text(&'a str),
    Element(ElementRef<'a>),
    Close(Close),
}

/// The children of `e` as steps, last first (they are popped in order).
fn children<'a>(e: ElementRef<'a>) -> impl Iterator<Item = Step<'a>> {
    e.children().rev().filter_map(|child| match child.value() {
        Node::Text(text) => Some(Step::Text(text)),
        Node::Element(_) => ElementRef::wrap(child).map(Step::Element),
        _ => None,
    })
}

/// Walks the content of `element` (not the element itself, which is never
/// dropped) into `c`, as one or more blocks. Iterative, with an explicit
/// stack: 30,000 nested elements are as safe as three (the recursive walk
/// overflowed the stack).
pub(crate) fn region(element: ElementRef, chrome: Chrome, c: &mut Collector) {
    c.flush();
    let mut stack: Vec<Step> = children(element).collect();
    while let Some(step) = stack.pop() {
        match step {
            Step::Close(Close::Heading(level, id)) => c.heading(level, id),
            Step::Close(Close::Space) => c.space(),
            Step::Close(Close::Flush) => c.flush(),
            Step::Close(Close::None) => {}
            Step::Text(text) => c.text(text),
            Step::Element(e) => {
                if let Some(close) = enter(e, chrome, c) {
                    stack.push(Step::Close(close));
                    stack.extend(children(e));
                }
            }
        }
    }
    c.flush();
}

/// True when `e` and its content are no text.
fn dropped(e: ElementRef, chrome: Chrome) -> bool {
    let el = e.value();
    let name = el.name();
    if NEVER_TEXT.contains(&name) || el.attr("hidden").is_some() || el.attr(IGNORE).is_some() {
        return true;
    }
    if chrome == Chrome::Drop {
        let role = el.attr("role").map(|r| r.trim().to_ascii_lowercase());
        if CHROME.contains(&name) || role.is_some_and(|r| CHROME_ROLES.contains(&r.as_str())) {
            return true;
        }
    }
    name == "a"
        && el.attr("href").is_some_and(|h| h.trim().starts_with('#'))
        && !e.text().any(|t| t.chars().any(char::is_alphanumeric))
}

/// The anchor of a heading: an id the page has (see the module comment).
fn heading_id(e: ElementRef) -> Option<String> {
    let nonempty = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_string());
    if let Some(id) = e.value().attr("id").and_then(nonempty) {
        return Some(id);
    }
    let inner = e
        .descendants()
        .filter_map(ElementRef::wrap)
        .filter(|a| a.value().name() == "a")
        .find_map(|a| {
            let el = a.value();
            el.attr("id").or_else(|| el.attr("name")).and_then(nonempty)
        });
    if inner.is_some() {
        return inner;
    }
    let parent = e.parent().and_then(ElementRef::wrap)?;
    let first = parent.children().find_map(ElementRef::wrap)?;
    if first.id() == e.id() {
        parent.value().attr("id").and_then(nonempty)
    } else {
        None
    }
}

/// What an element does before its content; `None` when its content is not
/// walked, else what to do after it.
fn enter(e: ElementRef, chrome: Chrome, c: &mut Collector) -> Option<Close> {
    if dropped(e, chrome) {
        return None;
    }
    let el = e.value();
    let name = el.name();
    if let Some(level) = heading_level(name) {
        c.start_heading();
        return Some(Close::Heading(level, heading_id(e)));
    }
    match name {
        "pre" => {
            c.code(&e.text().collect::<String>());
            None
        }
        "br" | "td" | "th" | "img" => {
            c.space();
            Some(Close::Space)
        }
        "a" => {
            if let Some(href) = el.attr("href") {
                c.link(href);
            }
            Some(Close::None)
        }
        _ if BLOCKS.contains(&name) => {
            c.flush();
            Some(Close::Flush)
        }
        _ => Some(Close::None),
    }
}

#[cfg(test)]
mod tests {
    use super::super::split::{texts, Item};
    use super::*;
    use scraper::Html;

    fn items(source: &str, chrome: Chrome) -> Vec<Item> {
        let doc = Html::parse_document(source);
        let body = doc
            .root_element()
            .descendants()
            .filter_map(ElementRef::wrap)
            .find(|e| e.value().name() == "body")
            .unwrap();
        let mut c = Collector::default();
        region(body, chrome, &mut c);
        c.finish()
    }

    #[test]
    fn chrome_ignored_and_permalinks_are_no_text() {
        let source = r##"<body><header>Top</header><p>One <span data-slotchain-ignore>hidden words</span>two.</p>
            <div role="navigation">Menu</div><nav>Nav</nav><aside>Side</aside>
            <p>Three <a href="#x">¶</a><a href="#y">see y</a></p><footer>Foot</footer>
            <div data-slotchain-ignore="all"><p>Gone</p></div></body>"##;
        assert_eq!(
            texts(&items(source, Chrome::Drop)),
            vec!["One two.", "Three see y"]
        );
        let kept = items(source, Chrome::Keep);
        assert_eq!(
            texts(&kept),
            vec![
                "Top",
                "One two.",
                "Menu",
                "Nav",
                "Side",
                "Three see y",
                "Foot"
            ]
        );
    }

    #[test]
    fn heading_anchors_are_ids_of_the_page() {
        let source = r##"<body><h2 id="own">Own <a class="headerlink" href="#own">¶</a></h2>
            <h2><a name="named"></a>Named</h2>
            <section id="sphinx"><h2>Sphinx<a class="headerlink" href="#sphinx">¶</a></h2><p>x</p></section>
            <div id="not-first"><p>y</p><h2>Late</h2></div></body>"##;
        let headings: Vec<(String, Option<String>)> = items(source, Chrome::Drop)
            .into_iter()
            .filter_map(|i| match i {
                Item::Heading { text, id, .. } => Some((text, id)),
                _ => None,
            })
            .collect();
        let h = |t: &str, id: Option<&str>| (t.to_string(), id.map(str::to_string));
        assert_eq!(
            headings,
            vec![
                h("Own", Some("own")),
                h("Named", Some("named")),
                h("Sphinx", Some("sphinx")),
                h("Late", None),
            ]
        );
    }
}
