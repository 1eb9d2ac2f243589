//! Stage "index (site ingestion)" — HTML pages to text blocks.
//!
//! Parsing is `scraper`, i.e. html5ever's spec-compliant HTML5 tree builder
//! (the same algorithm browsers use, so unclosed `<p>`, misnested tags and
//! stray end tags come out as a browser would show them) with an owned tree
//! to walk. We chose it over a streaming rewriter (`lol_html`) because the
//! content rule needs the tree: "the text of `<main>`, else `<body>` without
//! its chrome" and "title from `<title>`, else the first `<h1>`" both look
//! ahead, and over raw `html5ever` + `markup5ever_rcdom` because scraper is
//! the maintained, documented way to get that tree.
//!
//! Guarantees: only the text of the first `<main>` is indexed, or when there is
//! none, of `<body>` without `nav`, `header`, `footer` and `aside`; `script`,
//! `style`, `template`, `noscript`, `svg` and `hidden` elements are never
//! text; `<pre>` keeps its line breaks; block elements end a text block;
//! headings keep their `id`; every `<a href>` is reported. Page metadata
//! comes from `<meta name="slotchain:KEY" content="…">` tags, then from
//! `data-slotchain-KEY` attributes on `<html>`, `<body>` and `<main>` (later
//! ones win), and `<meta name="description">`.

use super::split::{collapse, Collector, Item};
use scraper::{ElementRef, Html, Node};

/// What an HTML page says about itself, and its text.
#[derive(Debug, Default)]
pub(crate) struct HtmlPage {
    /// `<title>`, or the first `<h1>` of the content.
    pub title: Option<String>,
    /// The `lang` attribute of `<html>`.
    pub lang: Option<String>,
    /// `(key, value)` from meta tags and data attributes, in precedence order.
    pub meta: Vec<(String, String)>,
    pub items: Vec<Item>,
}

const NEVER_TEXT: &[&str] = &[
    "script", "style", "template", "noscript", "svg", "head", "iframe", "object", "canvas",
];
const CHROME: &[&str] = &["nav", "header", "footer", "aside"];
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

fn walk(element: ElementRef, skip_chrome: bool, c: &mut Collector) {
    for child in element.children() {
        match child.value() {
            Node::Text(text) => c.text(text),
            Node::Element(_) => {
                if let Some(e) = ElementRef::wrap(child) {
                    visit(e, skip_chrome, c);
                }
            }
            _ => {}
        }
    }
}

fn visit(e: ElementRef, skip_chrome: bool, c: &mut Collector) {
    let el = e.value();
    let name = el.name();
    if NEVER_TEXT.contains(&name)
        || el.attr("hidden").is_some()
        || (skip_chrome && CHROME.contains(&name))
    {
        return;
    }
    if let Some(level) = heading_level(name) {
        c.start_heading();
        walk(e, skip_chrome, c);
        c.heading(level, el.attr("id").map(str::to_string));
        return;
    }
    match name {
        "pre" => c.code(&e.text().collect::<String>()),
        "br" | "td" | "th" | "img" => {
            c.space();
            walk(e, skip_chrome, c);
            c.space();
        }
        "a" => {
            if let Some(href) = el.attr("href") {
                c.link(href);
            }
            walk(e, skip_chrome, c);
        }
        _ if BLOCKS.contains(&name) => {
            c.flush();
            walk(e, skip_chrome, c);
            c.flush();
        }
        _ => walk(e, skip_chrome, c),
    }
}

fn find<'a>(root: ElementRef<'a>, name: &str) -> Option<ElementRef<'a>> {
    root.descendants()
        .filter_map(ElementRef::wrap)
        .find(|e| e.value().name() == name)
}

fn data_attributes(e: ElementRef, meta: &mut Vec<(String, String)>) {
    for (name, value) in e.value().attrs() {
        if let Some(key) = name.strip_prefix("data-slotchain-") {
            if !key.is_empty() {
                meta.push((key.to_string(), value.to_string()));
            }
        }
    }
}

/// Parses a whole HTML page.
pub(crate) fn page(source: &str) -> HtmlPage {
    let doc = Html::parse_document(source);
    let root = doc.root_element();
    let mut page = HtmlPage {
        lang: root.value().attr("lang").map(str::to_string),
        ..HtmlPage::default()
    };
    for e in root.descendants().filter_map(ElementRef::wrap) {
        if e.value().name() != "meta" {
            continue;
        }
        let (Some(name), Some(content)) = (e.value().attr("name"), e.value().attr("content"))
        else {
            continue;
        };
        if let Some(key) = name.strip_prefix("slotchain:") {
            page.meta.push((key.to_string(), content.to_string()));
        } else if name.eq_ignore_ascii_case("description") {
            page.meta
                .insert(0, ("description".into(), content.to_string()));
        }
    }
    let body = find(root, "body");
    let main = find(root, "main");
    data_attributes(root, &mut page.meta);
    if let Some(body) = body {
        data_attributes(body, &mut page.meta);
    }
    if let Some(main) = main {
        data_attributes(main, &mut page.meta);
    }
    let mut c = Collector::default();
    match (main, body) {
        (Some(main), _) => visit(main, false, &mut c),
        (None, Some(body)) => visit(body, true, &mut c),
        (None, None) => walk(root, true, &mut c),
    }
    page.items = c.finish();
    page.title = find(root, "title")
        .map(|t| collapse(&t.text().collect::<String>()))
        .filter(|t| !t.is_empty())
        .or_else(|| super::split::first_h1(&page.items));
    page
}

/// Parses an HTML fragment (a raw HTML block inside Markdown) into `c`.
pub(crate) fn fragment(source: &str, c: &mut Collector) {
    let doc = Html::parse_fragment(source);
    walk(doc.root_element(), false, c);
    c.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_text_meta_and_title() {
        let page = page(
            r#"<!doctype html><html lang="en" data-slotchain-region="eu"><head><title>Install</title>
            <meta name="slotchain:access" content="public"><style>p{}</style></head>
            <body><nav>Menu</nav><main data-slotchain-slot="setup"><h1>Install</h1><p>Run <code>x</code>.</p>
            <h2 id="npm">With npm</h2><pre>npm i
npm run</pre><script>alert(1)</script><a href="/faq/">FAQ</a></main><footer>Foot</footer></body></html>"#,
        );
        assert_eq!(page.title.as_deref(), Some("Install"));
        assert_eq!(page.lang.as_deref(), Some("en"));
        assert_eq!(
            page.meta,
            vec![
                ("access".to_string(), "public".to_string()),
                ("region".to_string(), "eu".to_string()),
                ("slot".to_string(), "setup".to_string()),
            ]
        );
        let texts: Vec<_> = page
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Text(t) => Some(t.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(texts, vec!["Run x.", "npm i\nnpm run", "FAQ"]);
    }

    #[test]
    fn body_without_chrome() {
        let page =
            page("<html><body><header>Top</header><h1>T</h1><p>Body</p><aside>Side</aside></body></html>");
        assert_eq!(page.title.as_deref(), Some("T"));
        assert!(page.items.contains(&Item::Text("Body".into())));
        assert!(!page
            .items
            .iter()
            .any(|i| matches!(i, Item::Text(t) if t.contains("Top") || t.contains("Side"))));
    }
}
