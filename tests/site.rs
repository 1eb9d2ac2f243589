//! Site ingestion (`slotchain index DIR`): the fixture site under
//! `tests/fixtures/site/` (Markdown with YAML and TOML front matter, MDX with
//! imports, JSX and expressions, an HTML page with meta tags, an internal
//! page, a malformed page, a Chinese page, a hidden dir and `node_modules`)
//! through the library API and through the real binary.

mod common;

use common::{run, stderr, CORPUS};
use serde_json::json;
use slotchain::site::{self, ProblemKind};
use slotchain::{MetaValue, Passage};
use std::path::{Path, PathBuf};

const SITE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/site");
const SECRET: &str = "The vault passphrase rotates every Tuesday at noon.";

fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("site", name)
}

fn build(audience: &[&str]) -> site::SiteBuild {
    let audience: Vec<String> = audience.iter().map(|s| s.to_string()).collect();
    site::collect(&[PathBuf::from(SITE)], &audience).unwrap()
}

fn passage<'a>(b: &'a site::SiteBuild, id: &str) -> &'a Passage {
    b.passages
        .iter()
        .find(|p| p.id == id)
        .unwrap_or_else(|| panic!("no passage {id}"))
}

fn meta_json(p: &Passage) -> serde_json::Value {
    serde_json::to_value(&p.meta).unwrap()
}

fn strs(items: &[&str]) -> MetaValue {
    MetaValue::List(items.iter().map(|s| s.to_string()).collect())
}

#[test]
fn passage_ids_titles_and_urls() {
    let b = build(&[]);
    let got: Vec<(&str, &str, &str)> = b
        .passages
        .iter()
        .map(|p| (p.id.as_str(), p.title.as_str(), p.url.as_deref().unwrap()))
        .collect();
    assert_eq!(
        got,
        vec![
            // A built page's URL is its file; a heading without an id in
            // the page has no fragment (the page has no such anchor).
            ("en/faq", "FAQ", "/en/faq.html"),
            (
                "en/faq#billing",
                "FAQ › Billing questions",
                "/en/faq.html#billing"
            ),
            (
                "en/faq#refunds--returns",
                "FAQ › Refunds & returns",
                "/en/faq.html"
            ),
            ("en/guide/index", "Guide", "/en/guide/"),
            (
                "en/guide/index#overview",
                "Guide › Overview",
                "/en/guide/#overview"
            ),
            (
                "en/guide/install",
                "Install the widget",
                "/en/guide/install/"
            ),
            (
                "en/guide/install#npm",
                "Install the widget › With npm",
                "/en/guide/install/#npm"
            ),
            (
                "en/guide/install#nodejs",
                "Install the widget › Node.js",
                "/en/guide/install/#nodejs"
            ),
            (
                "en/guide/install#requirements-1",
                "Install the widget › Requirements",
                "/en/guide/install/#requirements-1"
            ),
            ("index", "Acme Docs", "/"),
            ("index#support", "Acme Docs › Support", "/#support"),
            ("zh-cn/guide/install", "安装指南", "/zh-cn/guide/install/"),
            (
                "zh-cn/guide/install#系统要求",
                "安装指南 › 系统要求",
                "/zh-cn/guide/install/#系统要求"
            ),
            (
                "zh-cn/guide/install#安装-acme",
                "安装指南 › 安装 Acme",
                "/zh-cn/guide/install/#安装-acme"
            ),
        ]
    );
    // The empty "Requirements" section (only an h3 under it) gives no passage;
    // the h4 "Versions" stays inside "Node.js".
    assert_eq!(
        passage(&b, "en/guide/install#nodejs").text,
        "Node.js 20 or newer is required.\nVersions\nOlder versions are not tested. See the FAQ and the runbook."
    );
    let r = &b.report;
    assert_eq!((r.files, r.pages, r.passages), (7, 5, 14));
    assert_eq!((r.skipped_access, r.skipped_empty), (1, 0));
    assert_eq!(r.languages_text(), "en 4, zh-cn 1");
    assert_eq!(r.skipped_text(), "access 1, unreadable 1");
}

#[test]
fn front_matter_and_html_meta_become_meta() {
    let b = build(&[]);
    assert_eq!(
        meta_json(passage(&b, "en/guide/install")),
        json!({"description": "How to install the Acme widget.", "doc": "en/guide/install",
               "entities": ["acme-widget", "node"], "environment": "production", "product": "widget",
               "region": "eu-west", "revision": "r3", "slot": "install", "status": "active"})
    );
    // TOML front matter: integers, floats, booleans, string lists.
    let guide = passage(&b, "en/guide/index");
    assert_eq!(guide.meta.get("year"), Some(&MetaValue::Int(2026)));
    assert_eq!(guide.meta.get("weight"), Some(&MetaValue::Num(1.5)));
    assert_eq!(guide.meta.get("draft"), Some(&MetaValue::Bool(false)));
    assert_eq!(guide.meta.get("tags"), Some(&strs(&["setup", "cli"])));
    // HTML: slotchain: meta tags, data-slotchain-* on <body> and <main>, <meta name=description>.
    assert_eq!(
        meta_json(passage(&b, "en/faq")),
        json!({"access": "public", "description": "Frequently asked questions.", "doc": "en/faq",
               "entities": ["acme-widget", "billing"], "region": "eu-west", "slot": "faq", "year": 2025})
    );
    // Only <main> is indexed: no header, nav, footer, script or style text.
    let faq: String = b
        .passages
        .iter()
        .filter(|p| p.id.starts_with("en/faq"))
        .map(|p| p.text.clone())
        .collect();
    for absent in ["banner", "Navigation", "footer", "never indexed", "color"] {
        assert!(!faq.contains(absent), "{absent} in {faq}");
    }
    assert_eq!(
        passage(&b, "en/faq#refunds--returns").text,
        "refund --order 42\nrefund --status"
    );
}

#[test]
fn internal_links_become_doc_ids() {
    let b = build(&[]);
    let links = |id: &str| passage(&b, id).meta.get("links").cloned();
    assert_eq!(
        links("index"),
        Some(strs(&["en/guide/index", "en/guide/install"]))
    );
    // The restricted runbook is linked too, but left out: it is not written.
    assert_eq!(links("index#support"), Some(strs(&["en/faq"])));
    assert_eq!(
        links("en/guide/index#overview"),
        Some(strs(&["en/guide/install", "en/faq"]))
    );
    assert_eq!(links("en/guide/install#nodejs"), Some(strs(&["en/faq"])));
    // <a href="/en/guide/install/#npm"> in HTML; the external link is not an edge.
    assert_eq!(links("en/faq#billing"), Some(strs(&["en/guide/install"])));
    assert_eq!(
        links("zh-cn/guide/install#系统要求"),
        Some(strs(&["en/guide/install"]))
    );
    assert_eq!(links("en/guide/install"), None);
    // With the internal audience the runbook is a target.
    let b = build(&["public", "internal"]);
    assert_eq!(
        passage(&b, "index#support").meta.get("links"),
        Some(&strs(&["en/faq", "en/internal/runbook"]))
    );
    assert_eq!(
        passage(&b, "en/guide/install#nodejs").meta.get("links"),
        Some(&strs(&["en/faq", "en/internal/runbook"]))
    );
    // Nothing is appended to the text.
    assert_eq!(
        passage(&b, "index#support").text,
        "Questions go to the FAQ. The vault is for staff."
    );
}

#[test]
fn mdx_imports_jsx_and_expressions_are_gone_text_stays() {
    let b = build(&[]);
    assert_eq!(
        passage(&b, "en/guide/install").text,
        "The widget installs in under a minute. Current version: ."
    );
    assert_eq!(
        passage(&b, "en/guide/install#npm").text,
        "Run the installer:\nnpm install acme-widget\nimport nothing from 'here'\nStart it with acme start {port}.\nHomebrew users can run the tap formula instead.\nLinux users need glibc 2.31 or newer."
    );
    assert_eq!(
        passage(&b, "en/guide/install#requirements-1").text,
        "The second requirements section lists the operating systems.\nGood to know\nThe widget also runs in containers."
    );
    let all: String = b
        .passages
        .iter()
        .map(|p| format!("{}\n{}\n", p.title, p.text))
        .collect();
    for absent in [
        "@astrojs",
        "Since",
        "<Steps",
        "TabItem",
        "label=",
        "linux'",
        "comment nobody",
        "version.major",
        ":::",
        "**",
        "](",
        "Package readme",
        "hidden draft",
        "must not be indexed",
    ] {
        assert!(!all.contains(absent), "{absent:?} leaked:\n{all}");
    }
}

#[test]
fn languages_from_front_matter_html_and_path() {
    let b = build(&[]);
    let lang = |id: &str| passage(&b, id).lang.clone();
    assert_eq!(lang("index").as_deref(), Some("en")); // front matter `lang`
    assert_eq!(lang("en/faq").as_deref(), Some("en")); // <html lang="en">
    assert_eq!(lang("en/guide/install").as_deref(), Some("en")); // path segment en/
    assert_eq!(
        lang("zh-cn/guide/install#系统要求").as_deref(),
        Some("zh-cn")
    ); // zh-cn/
}

#[test]
fn restricted_page_is_absent_from_every_byte_unless_the_audience_reads_it() {
    let dir = temp_dir("audience");
    let public = dir.join("public.idx");
    let o = run(&["index", SITE, "-o", public.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let bytes = std::fs::read(&public).unwrap();
    for needle in [
        SECRET,
        "Vault runbook",
        "en/internal/runbook",
        "on-call engineer",
    ] {
        assert!(
            !bytes.windows(needle.len()).any(|w| w == needle.as_bytes()),
            "{needle:?} is in the public index"
        );
    }
    let err = stderr(&o);
    assert!(err.contains("skipped 2 (access 1, unreadable 1)"), "{err}");

    let both = dir.join("internal.idx");
    let o = run(&[
        "index",
        SITE,
        "--audience",
        "public",
        "--audience",
        "internal",
        "-o",
        both.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let bytes = std::fs::read(&both).unwrap();
    assert!(bytes.windows(SECRET.len()).any(|w| w == SECRET.as_bytes()));
    assert!(
        stderr(&o).contains("skipped 1 (access 0, unreadable 1)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn malformed_front_matter_is_reported_by_path_and_skipped() {
    let b = build(&[]);
    assert_eq!(b.report.problems.len(), 1);
    let problem = &b.report.problems[0];
    assert_eq!(problem.kind, ProblemKind::Unreadable);
    assert!(problem.path.ends_with("en/broken.md"), "{problem}");
    assert!(
        problem.message.starts_with("front matter: invalid YAML"),
        "{problem}"
    );
    assert!(!b.passages.iter().any(|p| p.id.contains("broken")));

    let dir = temp_dir("broken");
    let out = dir.join("site.idx");
    let o = run(&["index", SITE, "-o", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    let broken = Path::new(SITE).join("en/broken.md");
    assert!(
        lines[0].starts_with(&format!(
            "slotchain: skipped {}: front matter: invalid YAML",
            broken.display()
        )),
        "{err}"
    );
    assert!(
        lines[1].starts_with(&format!(
            "indexed 5 pages → 14 passages (languages: en 4, zh-cn 1), skipped 2 (access 1, unreadable 1), wrote {} bytes to {} in ",
            std::fs::metadata(&out).unwrap().len(),
            out.display()
        )),
        "{err}"
    );
    assert!(lines[1].ends_with(" s"), "{err}");
}

#[test]
fn an_empty_directory_fails_with_a_clear_message() {
    let dir = temp_dir("empty");
    let empty = dir.join("empty");
    std::fs::create_dir_all(empty.join("sub")).unwrap();
    std::fs::write(empty.join("sub/notes.txt"), "not a page").unwrap();
    let out = dir.join("x.idx");
    let o = run(&[
        "index",
        empty.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "slotchain: invalid input: nothing to index: no .md, .mdx, .html or .htm pages under {}",
            empty.display()
        )
    );
    assert!(!out.exists());
}

#[test]
fn directories_and_json_lines_build_one_index_that_answers() {
    let dir = temp_dir("mixed");
    let out = dir.join("mixed.idx");
    let o = run(&[
        "index",
        &format!("{CORPUS}/passages.jsonl"),
        SITE,
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("indexed 5 pages → 14 passages (languages: en 4, zh-cn 1) + 34 passages from JSON lines"),
        "{}",
        stderr(&o)
    );
    let o = run(&[
        "ask",
        "-i",
        out.to_str().unwrap(),
        "--no-decompose",
        "which glibc version do Linux users need for the widget?",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        report["context"][0]["passage_id"], "en/guide/install#npm",
        "{report}"
    );
    assert_eq!(report["context"][0]["url"], "/en/guide/install/#npm");
}

/// Writes `pages` (relative path, HTML) into a fresh directory.
fn site_of(name: &str, pages: &[(&str, &str)]) -> PathBuf {
    let dir = temp_dir(name).join("public");
    for (rel, html) in pages {
        let path = dir.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, html).unwrap();
    }
    dir
}

/// A page as generators build them: chrome around the content.
fn built(title: &str, content: &str) -> String {
    format!(
        r##"<!doctype html><html lang="en"><head><title>{title}</title><script>var nav = 1;</script></head>
<body><a href="#content" class="skip">Skip to content</a>
<header><div class="site-name">Acme Docs</div><form role="search"><input placeholder="Search"></form></header>
<nav><a href="/">Home</a><a href="/setup.html">Setup menu entry</a></nav>
<div class="sidebar" role="navigation"><a href="/guide/">Sidebar guide entry</a></div>
{content}
<footer>Copyright Acme footer. Built with a generator.</footer></body></html>"##
    )
}

const CHROME: &[&str] = &[
    "Skip to content",
    "Acme Docs",
    "Search",
    "menu entry",
    "Sidebar",
    "Copyright",
    "var nav",
    "¶",
    "On this page",
    "Edit this page",
];

fn built_site(name: &str) -> PathBuf {
    site_of(
        name,
        &[
            (
                "index.html",
                &built(
                    "Acme Docs",
                    r#"<main><h1 id="welcome">Welcome</h1><p>Acme runs your builds. Read the <a href="setup.html">setup guide</a>.</p></main>"#,
                ),
            ),
            (
                "setup.html",
                &built(
                    "Setup - Acme Docs",
                    r##"<div class="body" role="main"><section id="setup"><h1>Setup<a class="headerlink" href="#setup">¶</a></h1>
<p>Install the agent first.</p><section id="ports"><h2>Ports<a class="headerlink" href="#ports">¶</a></h2>
<p>The agent listens on port 7300. See <a href="guide/">the guide</a> and <a href="/docs/guide/deploy.html#rollback">rollback</a>.</p></section>
<section><h2>Unanchored</h2><p>A heading without any id.</p></section></section></div>"##,
                ),
            ),
            (
                "guide/index.html",
                &built(
                    "Guide - Acme Docs",
                    r#"<article><h1>Guide</h1><nav>On this page</nav><p>The guide covers deploys.</p><aside>Edit this page</aside></article>"#,
                ),
            ),
            (
                "search.html",
                &built(
                    "Search - Acme Docs",
                    r#"<head><meta name="robots" content="noindex"></head><main><h1>Search</h1><p>Search results appear here.</p></main>"#,
                ),
            ),
            (
                "guide/deploy.html",
                &built(
                    "Deploy | Acme Docs",
                    r#"<main><h1>Deploy</h1><h2 id="rollback">Rollback</h2><p>Roll back with acme undo.</p><div data-slotchain-ignore><p>Internal draft note.</p></div></main>"#,
                ),
            ),
        ],
    )
}

fn collect_at(dir: &Path, base: &str) -> site::SiteBuild {
    let settings = site::Settings {
        audience: vec![],
        base_url: site::BaseUrl::parse(base).unwrap(),
    };
    site::collect_with(&[dir.to_path_buf()], &settings, &mut |_, _| {}).unwrap()
}

#[test]
fn built_pages_give_their_content_real_urls_and_titles_without_the_site_name() {
    let dir = built_site("built");
    let b = collect_at(&dir, "/");
    let got: Vec<(&str, &str, &str, &str)> = b
        .passages
        .iter()
        .map(|p| {
            let url = p.url.as_deref().unwrap();
            (p.id.as_str(), p.title.as_str(), url, p.text.as_str())
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (
                "guide/deploy#rollback",
                "Deploy › Rollback",
                "/guide/deploy.html#rollback",
                "Roll back with acme undo."
            ),
            (
                "guide/index",
                "Guide",
                "/guide/",
                "The guide covers deploys."
            ),
            (
                "index",
                "Acme Docs",
                "/",
                "Acme runs your builds. Read the setup guide."
            ),
            ("setup", "Setup", "/setup.html", "Install the agent first."),
            (
                "setup#ports",
                "Setup › Ports",
                "/setup.html#ports",
                "The agent listens on port 7300. See the guide and rollback."
            ),
            (
                "setup#unanchored",
                "Setup › Unanchored",
                "/setup.html",
                "A heading without any id."
            ),
        ]
    );
    let all: String = b
        .passages
        .iter()
        .map(|p| format!("{}\n{}\n", p.title, p.text))
        .collect();
    for chrome in CHROME.iter().chain(&["Internal draft note"]) {
        // "Acme Docs" is the home page's own title; nowhere else.
        let allowed = usize::from(*chrome == "Acme Docs");
        assert_eq!(
            all.matches(chrome).count(),
            allowed,
            "{chrome:?} in:\n{all}"
        );
    }
    // The search page says noindex to robots: not written.
    assert_eq!(b.report.skipped_text(), "access 0, unreadable 0, noindex 1");
    // Links from a built page resolve from its file; a root link outside the
    // base (here `/docs/…` on a site served at `/`) is no edge.
    let links = |id: &str| {
        b.passages
            .iter()
            .find(|p| p.id == id)
            .unwrap()
            .meta
            .get("links")
            .cloned()
    };
    assert_eq!(links("index"), Some(strs(&["setup"])));
    assert_eq!(links("setup#ports"), Some(strs(&["guide/index"])));
}

#[test]
fn a_base_url_prefixes_every_url_and_makes_links_under_it_internal() {
    let dir = built_site("base");
    let b = collect_at(&dir, "/docs");
    let urls: Vec<&str> = b
        .passages
        .iter()
        .map(|p| p.url.as_deref().unwrap())
        .collect();
    assert_eq!(
        urls,
        vec![
            "/docs/guide/deploy.html#rollback",
            "/docs/guide/",
            "/docs/",
            "/docs/setup.html",
            "/docs/setup.html#ports",
            "/docs/setup.html"
        ]
    );
    let ports = b.passages.iter().find(|p| p.id == "setup#ports").unwrap();
    assert_eq!(
        ports.meta.get("links"),
        Some(&strs(&["guide/index", "guide/deploy"]))
    );
    let full = collect_at(&dir, "https://example.com/docs/");
    assert_eq!(
        full.passages[0].url.as_deref(),
        Some("https://example.com/docs/guide/deploy.html#rollback")
    );

    let out = temp_dir("base-cli").join("x.idx");
    let o = run(&[
        "index",
        dir.to_str().unwrap(),
        "--base-url",
        "docs/",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "slotchain: invalid input: base URL \"docs/\": give a path (/docs/) or an http(s) URL (https://example.com/docs/), without spaces, ? or #"
    );
    assert!(!out.exists());
}

#[test]
fn once_a_page_marks_its_content_unmarked_built_pages_are_not_written() {
    let dir = site_of(
        "marked",
        &[
            (
                "a.html",
                &built(
                    "A | Acme Docs",
                    r#"<main><p>Not this.</p><div data-slotchain-body><p>Marked text of a.</p></div></main>"#,
                ),
            ),
            (
                "b.html",
                &built("B | Acme Docs", "<main><p>Unmarked page b.</p></main>"),
            ),
            (
                "notes.md",
                "# Notes\n\nMarkdown pages are sources, never unmarked.\n",
            ),
        ],
    );
    let b = collect_at(&dir, "/");
    let texts: Vec<(&str, &str)> = b
        .passages
        .iter()
        .map(|p| (p.id.as_str(), p.text.as_str()))
        .collect();
    assert_eq!(
        texts,
        vec![
            ("a", "Marked text of a."),
            ("notes", "Markdown pages are sources, never unmarked.")
        ]
    );
    assert_eq!(b.report.skipped_unmarked, 1);
    assert_eq!(
        b.report.skipped_text(),
        "access 0, unreadable 0, unmarked 1"
    );
}
