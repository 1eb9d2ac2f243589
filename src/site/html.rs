//! Stage "index (site ingestion)" — HTML pages to text blocks.
//!
//! Parsing is `scraper`, i.e. html5ever's spec-compliant HTML5 tree builder
//! (the same algorithm browsers use, so unclosed `<p>`, misnested tags and
//! stray end tags come out as a browser would show them) with an owned tree
//! to walk. We chose it over a streaming rewriter (`lol_html`) because the
//! content rule needs the tree: "the marked regions, else `<main>`, else …"
//! looks ahead, and over raw `html5ever` + `markup5ever_rcdom` because
//! scraper is the maintained, documented way to get that tree.
//!
//! Guarantees: the text indexed is a page's **content region** (Pagefind's
//! rule, with its attribute renamed): every outermost element marked
//! `data-slotchain-body` when the page has one ([`HtmlPage::marked`]; the
//! site decides what an unmarked page is), else the first `<main>`, else the
//! first `[role=main]`, else the first `<article>`, else `<body>`; inside
//! it, chrome and ignored elements are dropped ([`super::html_walk`]).
//! `<title>` is reported as written (the site trims its suffix), and so is
//! a `<meta name="robots" content="noindex">` (the site leaves the page out). Page
//! metadata comes from `<meta name="slotchain:KEY" content="…">` tags, then
//! from `data-slotchain-KEY` attributes on `<html>`, `<body>` and `<main>`
//! (later ones win; `body` and `ignore` are markers, not metadata), and
//! `<meta name="description">`; access declarations are read as
//! [`super::access`] says, every other one refused, wherever they stand
//! (also outside the content region).

use super::access::{access_like, text_levels, Access};
use super::html_walk::{region, Chrome, IGNORE};
use super::split::{collapse, Collector, Item};
use scraper::{ElementRef, Html};

/// What an HTML page says about itself, and its text.
#[derive(Debug, Default)]
pub(crate) struct HtmlPage {
    /// The text of `<title>`, as written.
    pub title: Option<String>,
    /// The `lang` attribute of `<html>`.
    pub lang: Option<String>,
    /// `(key, value)` from meta tags and data attributes, in precedence order.
    pub meta: Vec<(String, String)>,
    /// True when the page marks its content with `data-slotchain-body`.
    pub marked: bool,
    /// True when `<meta name="robots">` says `noindex` (or `none`).
    pub noindex: bool,
    pub items: Vec<Item>,
}

/// Marks a page's content region (Pagefind's `data-pagefind-body`).
pub(crate) const BODY: &str = "data-slotchain-body";

fn find<'a>(root: ElementRef<'a>, name: &str) -> Option<ElementRef<'a>> {
    root.descendants()
        .filter_map(ElementRef::wrap)
        .find(|e| e.value().name() == name)
}

/// `data-slotchain-KEY` attributes as metadata (`access` is not metadata:
/// see [`declarations`]; `body` and `ignore` mark content).
fn data_attributes(e: ElementRef, meta: &mut Vec<(String, String)>) {
    for (name, value) in e.value().attrs() {
        if name == BODY || name == IGNORE {
            continue;
        }
        if let Some(key) = name.strip_prefix("data-slotchain-") {
            if !key.is_empty() && key != "access" {
                meta.push((key.to_string(), value.to_string()));
            }
        }
    }
}

/// Deepest element nesting a page may have (Chromium's HTML parser stops
/// nesting at 512 too). The HTML5 tree builder checks scopes against its
/// stack of open elements, so deep nesting costs time quadratic in depth:
/// 30,000 nested `<div>`s took 2 s to parse, the 4 MiB a page may have
/// would take minutes. A deeper page is skipped, saying so ([`depth`]).
pub const MAX_DEPTH: usize = 512;

/// Elements that never hold others (void), or that the next one of their
/// kind closes (`<p>`, `<li>`…): they do not nest.
const FLAT: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr", "p", "li", "dt", "dd", "tr", "td", "th", "option", "optgroup", "thead",
    "tbody", "tfoot", "rb", "rt", "rp", "colgroup", "caption", "keygen", "basefont", "bgsound",
    "frame", "image",
];
/// Elements whose content is text, never tags.
const RAW_TEXT: &[&str] = &[
    "script",
    "style",
    "textarea",
    "title",
    "xmp",
    "iframe",
    "noembed",
    "noframes",
    "plaintext",
];

/// The first nesting depth over [`MAX_DEPTH`] that the tags of `source`
/// reach (HTML pages, and the raw HTML in Markdown), or `None`. A scan of
/// the tags, linear, before any parsing: start tags of nesting elements
/// count up, end tags down; comments and raw-text content are skipped.
pub(crate) fn depth(source: &str) -> Option<usize> {
    let bytes = source.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while let Some(lt) = bytes
        .get(i..)
        .and_then(|rest| rest.iter().position(|&b| b == b'<'))
    {
        i += lt + 1;
        let rest = bytes.get(i..).unwrap_or(&[]);
        if rest.starts_with(b"!--") {
            i += find_bytes(rest, b"-->").map_or(rest.len(), |at| at + 3);
            continue;
        }
        let closing = rest.first() == Some(&b'/');
        let name_at = usize::from(closing);
        let len = rest
            .get(name_at..)
            .unwrap_or(&[])
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric())
            .count();
        if len == 0
            || !rest
                .first()
                .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'/')
        {
            continue;
        }
        let name = String::from_utf8_lossy(&rest[name_at..name_at + len]).to_ascii_lowercase();
        let end = rest.iter().position(|&b| b == b'>').unwrap_or(rest.len());
        i += end;
        if FLAT.contains(&name.as_str()) {
            continue;
        }
        if closing {
            depth = depth.saturating_sub(1);
        } else if RAW_TEXT.contains(&name.as_str()) {
            let close = format!("</{name}");
            let after = bytes.get(i..).unwrap_or(&[]);
            i += find_bytes(after, close.as_bytes()).unwrap_or(after.len());
        } else if rest.get(end.wrapping_sub(1)) != Some(&b'/') {
            depth += 1;
            if depth > MAX_DEPTH {
                return Some(depth);
            }
        }
    }
    None
}

/// Where `needle` first occurs in `haystack`, ignoring ASCII case.
fn find_bytes(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle))
}

const META_ACCESS: &str = "slotchain:access";
const DATA_ACCESS: &str = "data-slotchain-access";

/// Reads every access declaration under `root` into `access`: the ones in
/// `read` (the elements whose `data-slotchain-access` is read) and the
/// `<meta name="slotchain:access">` tags when `meta` is true; any other
/// spelling or place is refused.
fn declarations(root: ElementRef, read: &[ElementRef], meta: bool, access: &mut Access) {
    for e in root.descendants().filter_map(ElementRef::wrap) {
        let el = e.value();
        let tag = el.name();
        for (name, value) in el.attrs() {
            if name == DATA_ACCESS {
                if read.iter().any(|r| r.id() == e.id()) {
                    access.declare("data-slotchain-access attribute", text_levels(value));
                } else {
                    access.refuse(format!(
                        "{DATA_ACCESS} on <{tag}> is not read (only on <html>, <body> and <main> of an HTML page)"
                    ));
                }
            } else if access_like(name) {
                access.refuse(format!("the attribute {name:?} on <{tag}> is not read"));
            } else if tag == "meta" && name == "name" && value == META_ACCESS && meta {
                match el.attr("content") {
                    Some(content) => {
                        access.declare("<meta name=\"slotchain:access\">", text_levels(content))
                    }
                    None => access.refuse("<meta name=\"slotchain:access\"> has no content".into()),
                }
            } else if matches!(name, "name" | "property" | "itemprop" | "http-equiv")
                && access_like(value)
            {
                access.refuse(format!(
                    "<{tag} {name}={value:?}> is not read (only <meta name=\"{META_ACCESS}\"> in an HTML page)"
                ));
            }
        }
    }
}

/// Parses a whole HTML page; access declarations go to `access`.
pub(crate) fn page(source: &str, access: &mut Access) -> HtmlPage {
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
            if key != "access" {
                page.meta.push((key.to_string(), content.to_string()));
            }
        } else if name.eq_ignore_ascii_case("description") {
            page.meta
                .insert(0, ("description".into(), content.to_string()));
        } else if name.eq_ignore_ascii_case("robots") {
            page.noindex |= content.split([',', ' ']).any(|d| {
                d.trim().eq_ignore_ascii_case("noindex") || d.trim().eq_ignore_ascii_case("none")
            });
        }
    }
    let body = find(root, "body");
    let main = find(root, "main");
    let read: Vec<ElementRef> = std::iter::once(root).chain(body).chain(main).collect();
    declarations(root, &read, true, access);
    for &e in &read {
        data_attributes(e, &mut page.meta);
    }
    let mut c = Collector::default();
    let marked = marked_regions(root);
    page.marked = !marked.is_empty();
    if page.marked {
        for e in marked {
            region(e, Chrome::Drop, &mut c);
        }
    } else {
        let content = main
            .or_else(|| {
                root.descendants().filter_map(ElementRef::wrap).find(|e| {
                    e.value()
                        .attr("role")
                        .is_some_and(|r| r.trim().eq_ignore_ascii_case("main"))
                })
            })
            .or_else(|| find(root, "article"))
            .or(body)
            .unwrap_or(root);
        region(content, Chrome::Drop, &mut c);
    }
    page.items = c.finish();
    page.title = find(root, "title")
        .map(|t| collapse(&t.text().collect::<String>()))
        .filter(|t| !t.is_empty());
    page
}

/// The outermost elements marked [`BODY`], in document order.
fn marked_regions(root: ElementRef) -> Vec<ElementRef> {
    let is_marked = |e: &ElementRef| e.value().attr(BODY).is_some();
    root.descendants()
        .filter_map(ElementRef::wrap)
        .filter(|e| {
            is_marked(e)
                && !e
                    .ancestors()
                    .filter_map(ElementRef::wrap)
                    .any(|a| is_marked(&a))
        })
        .collect()
}

/// Parses an HTML fragment (a raw HTML block inside Markdown) into `c`. No
/// access declaration is read from it: any found is refused. Chrome is
/// kept: the page's author wrote it into the content.
pub(crate) fn fragment(source: &str, c: &mut Collector, access: &mut Access) {
    let doc = Html::parse_fragment(source);
    declarations(doc.root_element(), &[], false, access);
    region(doc.root_element(), Chrome::Keep, c);
}

#[cfg(test)]
mod tests {
    use super::super::split::texts;
    use super::*;

    #[test]
    fn main_text_meta_and_title() {
        let access = &mut Access::default();
        let page = page(
            r#"<!doctype html><html lang="en" data-slotchain-region="eu"><head><title>Install</title>
            <meta name="slotchain:access" content="public"><style>p{}</style></head>
            <body><nav>Menu</nav><main data-slotchain-slot="setup"><h1>Install</h1><p>Run <code>x</code>.</p>
            <h2 id="npm">With npm</h2><pre>npm i
npm run</pre><script>alert(1)</script><a href="/faq/">FAQ</a></main><footer>Foot</footer></body></html>"#,
            access,
        );
        assert_eq!(access.levels(), Ok(vec!["public".to_string()]));
        assert_eq!(page.title.as_deref(), Some("Install"));
        assert_eq!(page.lang.as_deref(), Some("en"));
        assert_eq!(
            page.meta,
            vec![
                ("region".to_string(), "eu".to_string()),
                ("slot".to_string(), "setup".to_string()),
            ]
        );
        assert_eq!(texts(&page.items), vec!["Run x.", "npm i\nnpm run", "FAQ"]);
    }

    #[test]
    fn body_without_chrome() {
        let page = page(
            "<html><body><header>Top</header><h1>T</h1><p>Body</p><aside>Side</aside></body></html>",
            &mut Access::default(),
        );
        assert_eq!(page.title, None);
        assert!(!page.marked);
        assert_eq!(texts(&page.items), vec!["Body"]);
    }

    #[test]
    fn the_content_region_is_marked_main_role_article_or_body() {
        let region = |body: &str| {
            let p = page(
                &format!("<html><head><title>A | Site</title></head><body>{body}</body></html>"),
                &mut Access::default(),
            );
            (p.marked, texts(&p.items).join(" / "), p.title)
        };
        let page_text =
            "<p>Outside</p><div role=main><p>Role</p></div><article><p>Article</p></article>";
        assert_eq!(region(page_text).1, "Role");
        assert_eq!(
            region(&format!(
                "<main><p>Main</p><nav>N</nav><header>H</header></main>{page_text}"
            ))
            .1,
            "Main"
        );
        assert_eq!(
            region("<p>Outside</p><article><p>Article</p></article>").1,
            "Article"
        );
        assert_eq!(
            region(
                r#"<main><div data-slotchain-body><p>One</p><div data-slotchain-body><p>Inner</p></div></div><p>Not</p></main><p data-slotchain-body>Two</p>"#
            ),
            (
                true,
                "One / Inner / Two".to_string(),
                Some("A | Site".to_string())
            )
        );
        let robots = |content: &str| {
            page(
                &format!(r#"<meta name="ROBOTS" content="{content}">"#),
                &mut Access::default(),
            )
            .noindex
        };
        assert!(robots("noindex") && robots("follow, NOINDEX") && robots("none"));
        assert!(!robots("index, follow") && !robots("noarchive"));
        let marked = page(
            r#"<html data-slotchain-ignore><body data-slotchain-body><main data-slotchain-slot="x"><p>t</p></main></body>"#,
            &mut Access::default(),
        );
        assert_eq!(marked.meta, vec![("slot".to_string(), "x".to_string())]);
    }

    #[test]
    fn nesting_depth_is_measured_before_parsing() {
        let nested = |n: usize| format!("{}x{}", "<div>".repeat(n), "</div>".repeat(n));
        assert_eq!(depth(&nested(MAX_DEPTH)), None);
        assert_eq!(depth(&nested(30_000)), Some(MAX_DEPTH + 1));
        let flat = "<p>a<li>b<br><img src=x><hr/><span/>".repeat(10_000);
        assert_eq!(depth(&flat), None);
        let script = format!(
            "<script>{}</script><!-- {} -->",
            "<div>".repeat(1000),
            "<b>".repeat(1000)
        );
        assert_eq!(depth(&script), None);
        assert_eq!(depth(&"<b>".repeat(600)), Some(MAX_DEPTH + 1));
    }

    #[test]
    fn deep_nesting_is_walked_without_recursion() {
        let depth = 3_000;
        let source = format!(
            "<html><body>{}deep text{}</body></html>",
            "<div>".repeat(depth),
            "</div>".repeat(depth)
        );
        let page = page(&source, &mut Access::default());
        assert!(page.items.contains(&Item::Text("deep text".into())));
        let mut c = Collector::default();
        fragment(&"<span><b>".repeat(depth), &mut c, &mut Access::default());
    }

    fn access_of(source: &str) -> Result<Vec<String>, String> {
        super::super::access::declared_by(|a| drop(page(source, a)))
    }

    #[test]
    fn access_is_read_from_meta_and_three_elements_only() {
        let ok = |l: &str| Ok(vec![l.to_string()]);
        assert_eq!(
            access_of(r#"<meta name="slotchain:access" content="staff">"#),
            ok("staff")
        );
        assert_eq!(
            access_of(r#"<html data-slotchain-access="staff">"#),
            ok("staff")
        );
        assert_eq!(
            access_of(r#"<body DATA-SLOTCHAIN-ACCESS="staff">"#),
            ok("staff")
        );
        assert_eq!(
            access_of(r#"<main data-slotchain-access="staff">x</main>"#),
            ok("staff")
        );
        for bad in [
            r#"<meta name="SLOTCHAIN:ACCESS" content="staff">"#,
            r#"<meta name="slotchain:access">"#,
            r#"<meta name="slotchain:access" content="">"#,
            r#"<meta property="slotchain:access" content="staff">"#,
            r#"<body><div data-slotchain-access="staff">x</div></body>"#,
            r#"<main>a</main><main data-slotchain-access="staff">b</main>"#,
            r#"<body data-slotchain-access-level="staff">"#,
            r#"<meta name="slotchain:access" content="staff"><body data-slotchain-access="public">"#,
        ] {
            assert!(access_of(bad).is_err(), "{bad}");
        }
    }
}
