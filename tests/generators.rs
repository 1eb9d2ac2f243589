//! Built sites from real generators: the docs fixture
//! (`js-tests/fixtures/docs-site`) as mkdocs with mkdocs-material and as
//! Sphinx with myst-parser build it, from PyPI, and the 420 English pages of
//! the Astro docs as mkdocs-material builds them when `../shared/data` is
//! there (`make generator-sites`, run by `make test`, writes them into
//! `target/tmp/generators/`). For each: no
//! passage holds the generator's navigation, header or footer text (nor
//! Sphinx's search page, which says `noindex`), every passage URL is a file
//! the generator wrote (and its fragment an `id` in that file), and a
//! question is answered from the right page. Without the built
//! sites (no python3 or no package index) each test says it skipped.

use slotchain::index::{Bm25, Index};
use slotchain::site;
use slotchain::{Options, Scope};
use std::path::{Path, PathBuf};

fn built(generator: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("generators")
        .join(generator);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "skipped: {} not built (make generator-sites needs python3 and PyPI, and for the Astro docs ../shared/data)",
            dir.display()
        );
        None
    }
}

/// The file a site-root URL path names (`/a/` → `a/index.html`, `/a.html`).
fn file_of(dir: &Path, path: &str) -> PathBuf {
    let rel = path.trim_start_matches('/');
    if rel.is_empty() || rel.ends_with('/') {
        dir.join(rel).join("index.html")
    } else {
        dir.join(rel)
    }
}

/// Checks one generator's site; `chrome` is text only its templates write,
/// `noindex` how many pages say so to robots, `question` must be answered
/// from the page at `page`.
fn check(generator: &str, chrome: &[&str], noindex: usize, question: &str, page: &str) {
    let Some(dir) = built(generator) else {
        return;
    };
    let b = site::collect(std::slice::from_ref(&dir), &[]).unwrap();
    assert!(b.report.problems.is_empty(), "{:?}", b.report.problems);
    assert_eq!(b.report.skipped_noindex, noindex, "{:?}", b.report);
    assert!(b.report.pages >= 7, "{:?}", b.report);
    for p in &b.passages {
        let shown = format!("{}\n{}", p.title, p.text);
        for c in chrome {
            assert!(!shown.contains(c), "{c:?} in passage {}:\n{shown}", p.id);
        }
        let url = p.url.as_deref().unwrap();
        let (path, fragment) = url.split_once('#').unwrap_or((url, ""));
        let file = file_of(&dir, path);
        let html = std::fs::read_to_string(&file)
            .unwrap_or_else(|e| panic!("{url} of {}: {} ({e})", p.id, file.display()));
        if !fragment.is_empty() {
            assert!(
                html.contains(&format!("id=\"{fragment}\"")),
                "{url}: no id {fragment:?} in {}",
                file.display()
            );
        }
    }
    let index = Index::build(b.passages, vec![], Default::default(), Bm25::default()).unwrap();
    let report = slotchain::ask(
        &index,
        question,
        &Scope::default(),
        &Options::default(),
        false,
    )
    .unwrap();
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["slots"][0]["state"], "supported", "{json}");
    let cited = json["slots"][0]["evidence"][0]["url"]
        .as_str()
        .unwrap_or("");
    assert!(
        cited.starts_with(page),
        "{question} cited {cited}, not {page}"
    );
}

#[test]
fn mkdocs_material() {
    check(
        "mkdocs",
        &[
            "Skiff docs",
            "Table of contents",
            "Skip to content",
            "Made with",
            "Material for MkDocs",
            "Previous",
            "Search",
        ],
        0,
        "How do I upgrade the agents?",
        "/upgrade/#upgrade-the-agents",
    );
}

#[test]
fn sphinx_alabaster() {
    check(
        "sphinx",
        &[
            "Skiff docs",
            "1.0 documentation",
            "Navigation",
            "Related Topics",
            "Quick search",
            "Powered by",
            "Alabaster",
            "Page source",
            "¶",
            "activate JavaScript",
        ],
        1,
        "How do I upgrade the agents?",
        "/upgrade.html#upgrade-the-agents",
    );
}

#[test]
fn mkdocs_material_astro_docs() {
    check(
        "mkdocs-astro",
        &[
            "Derived Astro docs",
            "Table of contents",
            "Skip to content",
            "Made with",
            "Material for MkDocs",
        ],
        0,
        "How do I deploy my Astro site to Netlify?",
        "/guides/deploy/netlify/",
    );
}
