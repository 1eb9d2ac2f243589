//! Stage "index (site ingestion)": a static site's sources — Markdown, MDX
//! and HTML pages under one or more directories — become passages for
//! [`crate::Index::build`]. In the CLI only, native or WASI (the browser
//! reads an index, never a site).
//!
//! [`collect`] walks the inputs ([`walk`]), reads each page's front matter
//! ([`frontmatter`]), turns its body into text blocks ([`mdx`] then
//! [`markdown`], or [`html`]), cuts it at h1–h3 headings ([`split`]) and
//! resolves its internal links to the `doc` IDs of other pages ([`links`]).
//!
//! Guarantees:
//! - **One passage per section with text.** A page's intro (before its first
//!   h1–h3) has id `PATH` and the page title; each section has id
//!   `PATH#ANCHOR` and title `Page title › Heading`. `PATH` is the page's path
//!   below its input directory without the extension. Its URL is where the
//!   site serves it, under [`Settings::base_url`]: `/PATH/` for Markdown and
//!   MDX (`/DIR/` for `DIR/index`), the file for built HTML (`/PATH.html`,
//!   `/DIR/` for `DIR/index.html`), plus `#ANCHOR` for a section when the
//!   page has that anchor ([`page`]).
//! - **Built sites, as Pagefind reads them.** An HTML page's text is its
//!   content region and no chrome ([`html`], [`html_walk`]). When any written
//!   HTML page marks its region with `data-slotchain-body`, HTML pages
//!   without one are not written (counted as `unmarked`), nor is a page
//!   whose robots meta tag says `noindex` (Sphinx's search page). A
//!   `<title>` loses the site's suffix ([`title`]).
//! - **Metadata.** Front matter keys become `meta` (`title` and `lang` are the
//!   passage's title and language instead); HTML `slotchain:` meta tags and
//!   `data-slotchain-*` attributes add to and override them. `meta.doc` is
//!   `PATH` unless the page sets `doc`. `meta.links` lists the `doc` IDs of the
//!   written pages this section links to (the index turns them into hops).
//! - **Language** is the front matter `lang`, else `<html lang>`, else the
//!   first directory of the page's path (or the input directory's own name)
//!   that is a language tag — an ISO 639-1 code, optionally with subtags, as in
//!   `en/`, `zh-cn/`, `pt_BR/` — lowercased with `-`; else none.
//! - **Access fails closed.** A page is written only when its access is
//!   determined ([`access`] lists the spellings read; none at all means
//!   `public`) and the audience may read it; any other page gives no passage,
//!   and no other page's `meta.links` names it: not one byte of it reaches
//!   the output. A page whose access declaration cannot be read is a
//!   [`ProblemKind::Access`] problem (the CLI warns, or with `--strict`
//!   fails). Only pages are filtered: JSON-lines passages are the caller's
//!   and are indexed as given.
//! - **Never half a page.** A page that cannot be read, is no regular file,
//!   is larger than [`MAX_PAGE_BYTES`], is not UTF-8, nests HTML deeper than
//!   [`html::MAX_DEPTH`] or has malformed front matter is reported as a
//!   [`Problem`] by path and skipped; the rest of the site is still indexed.
//!   The order of passages is the walk order, so the same tree always builds
//!   the same index.

mod access;
mod frontmatter;
mod html;
mod html_walk;
mod links;
mod markdown;
mod mdx;
mod page;
mod split;
mod title;
mod walk;

pub use links::BaseUrl;

use crate::error::Result;
use crate::model::{MetaValue, Passage, DEFAULT_ACCESS};
use page::{Page, Parsed};
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};
use walk::{Kind, SiteFile};

/// Largest page file read, in bytes: a larger one is skipped, saying so
/// (a 50 MB one-line page took 11 s and 2.5 GB).
pub const MAX_PAGE_BYTES: u64 = 4 << 20;

/// Why a file was not indexed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProblemKind {
    /// It could not be read or parsed.
    Unreadable,
    /// Another input already gave a page with the same path.
    Duplicate,
    /// Its access could not be determined (failing closed: it is not
    /// written; `slotchain index --strict` makes this an error).
    Access,
    /// It is larger than [`MAX_PAGE_BYTES`].
    TooLarge,
}

/// A file that was skipped, with the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub path: PathBuf,
    pub message: String,
    pub kind: ProblemKind,
}

impl fmt::Display for Problem {
    /// One line: the path and the reason, control characters escaped.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = format!("{}: {}", self.path.display(), self.message);
        f.write_str(&crate::error::one_line(&line))
    }
}

/// What a site build did.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SiteReport {
    /// Page files found.
    pub files: usize,
    /// Pages that gave at least one passage.
    pub pages: usize,
    pub passages: usize,
    /// Indexed pages per language (`unknown` when none was found).
    pub languages: BTreeMap<String, usize>,
    /// Pages left out because their access level is not in the audience.
    pub skipped_access: usize,
    /// Pages with no text at all.
    pub skipped_empty: usize,
    /// HTML pages without `data-slotchain-body` on a site whose other pages
    /// mark their content with it.
    pub skipped_unmarked: usize,
    /// HTML pages whose `<meta name="robots">` says `noindex`.
    pub skipped_noindex: usize,
    /// Files that could not be read or parsed, and duplicates.
    pub problems: Vec<Problem>,
}

impl SiteReport {
    fn count(&self, kind: ProblemKind) -> usize {
        self.problems.iter().filter(|p| p.kind == kind).count()
    }

    /// Pages found but not indexed.
    pub fn skipped(&self) -> usize {
        self.skipped_access
            + self.skipped_empty
            + self.skipped_unmarked
            + self.skipped_noindex
            + self.problems.len()
    }

    /// `en 40, zh-cn 38` (or `none`).
    pub fn languages_text(&self) -> String {
        if self.languages.is_empty() {
            return "none".into();
        }
        self.languages
            .iter()
            .map(|(lang, n)| format!("{lang} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// `access 2, unreadable 1` (plus `access unknown N`, `too large N`,
    /// `empty N`, `unmarked N`, `noindex N`, `duplicate N` when any).
    pub fn skipped_text(&self) -> String {
        let mut parts = vec![
            format!("access {}", self.skipped_access),
            format!("unreadable {}", self.count(ProblemKind::Unreadable)),
        ];
        for (kind, name) in [
            (ProblemKind::Access, "access unknown"),
            (ProblemKind::TooLarge, "too large"),
        ] {
            let n = self.count(kind);
            if n > 0 {
                parts.push(format!("{name} {n}"));
            }
        }
        if self.skipped_empty > 0 {
            parts.push(format!("empty {}", self.skipped_empty));
        }
        for (n, name) in [
            (self.skipped_unmarked, "unmarked"),
            (self.skipped_noindex, "noindex"),
        ] {
            if n > 0 {
                parts.push(format!("{name} {n}"));
            }
        }
        let duplicates = self.count(ProblemKind::Duplicate);
        if duplicates > 0 {
            parts.push(format!("duplicate {duplicates}"));
        }
        parts.join(", ")
    }

    /// The first page whose access could not be determined, if any.
    pub fn access_problem(&self) -> Option<&Problem> {
        self.problems.iter().find(|p| p.kind == ProblemKind::Access)
    }

    /// The message when nothing at all was indexed from `paths`.
    pub fn nothing_indexed(&self, paths: &[PathBuf]) -> String {
        let inputs = paths
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ");
        if self.files == 0 {
            format!("nothing to index: no .md, .mdx, .html or .htm pages under {inputs}")
        } else {
            format!(
                "nothing to index: {} page files under {inputs}, none indexed (skipped {}: {})",
                self.files,
                self.skipped(),
                self.skipped_text()
            )
        }
    }
}

/// The passages of a site and the report of how they were made.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SiteBuild {
    pub passages: Vec<Passage>,
    pub report: SiteReport,
}

/// True when `path` is site input: a directory or a page file
/// (`.md`, `.mdx`, `.html`, `.htm`). Anything else is JSON lines.
pub fn is_site_input(path: &Path) -> bool {
    path.is_dir() || Kind::of(path).is_some()
}

/// How a site is read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    /// The access levels the output is for (empty = `public`).
    pub audience: Vec<String>,
    /// Where the site is served: every page URL starts with it.
    pub base_url: BaseUrl,
}

/// Collects the passages of the pages under `paths` that `audience` may read
/// (empty = `public`), for a site served at `/`. Errors only when an input
/// path does not exist or is not site input; per-file problems are in the
/// report.
pub fn collect(paths: &[PathBuf], audience: &[String]) -> Result<SiteBuild> {
    let settings = Settings {
        audience: audience.to_vec(),
        ..Settings::default()
    };
    collect_with(paths, &settings, &mut |_, _| {})
}

/// [`collect`] with these settings, calling `progress(done, total)` as
/// pages are read.
pub fn collect_with(
    paths: &[PathBuf],
    settings: &Settings,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<SiteBuild> {
    let mut problems = Vec::new();
    let files = walk::files(paths, &mut problems)?;
    let total = files.len();
    let texts = files.into_iter().enumerate().map(|(i, file)| {
        progress(i, total);
        let text = read_text(&file.path);
        (file, text)
    });
    let mut build = assemble(texts, settings, problems);
    progress(total, total);
    build.report.files = total;
    Ok(build)
}

/// [`collect`] over pages given as (relative path, source text) pairs, as
/// if they had been read from one directory: the same parsing, access rules
/// and limits, no file system (what the fuzz target and tests drive). A
/// path whose extension is no page kind is left out.
pub fn collect_texts(pages: &[(&str, &str)], audience: &[String]) -> SiteBuild {
    let files = pages.iter().filter_map(|&(rel, text)| {
        let kind = Kind::of(Path::new(rel))?;
        let file = SiteFile {
            path: PathBuf::from(rel),
            rel: rel.to_string(),
            root_name: None,
            kind,
        };
        let text = if text.len() as u64 > MAX_PAGE_BYTES {
            Err(too_large(text.len() as u64))
        } else {
            Ok(text.to_string())
        };
        Some((file, text))
    });
    let settings = Settings {
        audience: audience.to_vec(),
        ..Settings::default()
    };
    let mut build = assemble(files, &settings, Vec::new());
    build.report.files = pages.len();
    build
}

fn too_large(bytes: u64) -> (ProblemKind, String) {
    (
        ProblemKind::TooLarge,
        format!("a page of {bytes} bytes, more than the limit of {MAX_PAGE_BYTES}: not indexed"),
    )
}

/// A page file's text: only a regular file, at most [`MAX_PAGE_BYTES`]
/// (checked before reading and while reading), and UTF-8.
fn read_text(path: &Path) -> std::result::Result<String, (ProblemKind, String)> {
    use std::io::Read;
    let unreadable = |m: String| (ProblemKind::Unreadable, m);
    let meta = std::fs::metadata(path).map_err(|e| unreadable(format!("cannot read: {e}")))?;
    if !meta.is_file() {
        return Err(unreadable("not a regular file".into()));
    }
    if meta.len() > MAX_PAGE_BYTES {
        return Err(too_large(meta.len()));
    }
    let file = std::fs::File::open(path).map_err(|e| unreadable(format!("cannot read: {e}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_PAGE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| unreadable(format!("cannot read: {e}")))?;
    if bytes.len() as u64 > MAX_PAGE_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|_| unreadable("not UTF-8 text".into()))
}

/// Parses the pages, keeps those the audience may read (and, on a site
/// that marks its content, the marked ones), and makes their passages
/// (links resolved among the pages kept).
fn assemble(
    texts: impl Iterator<Item = (SiteFile, std::result::Result<String, (ProblemKind, String)>)>,
    settings: &Settings,
    problems: Vec<Problem>,
) -> SiteBuild {
    let mut report = SiteReport {
        problems,
        ..SiteReport::default()
    };
    let audience: Vec<String> = if settings.audience.is_empty() {
        vec![DEFAULT_ACCESS.to_string()]
    } else {
        settings
            .audience
            .iter()
            .map(|a| a.trim().to_string())
            .collect()
    };
    let mut readable: Vec<Parsed> = Vec::new();
    for (file, text) in texts {
        match text.and_then(|text| page::read(&file, &text)) {
            Ok(parsed) if !access::readable(&parsed.access, &audience) => {
                report.skipped_access += 1
            }
            Ok(parsed) if parsed.noindex => report.skipped_noindex += 1,
            Ok(parsed) => readable.push(parsed),
            Err((kind, message)) => report.problems.push(Problem {
                path: file.path.clone(),
                message,
                kind,
            }),
        }
    }
    // Pagefind's rule: once any page marks its content, unmarked HTML pages
    // are not content. Only written pages decide, so nothing a reader may
    // not see changes what is written.
    if readable.iter().any(|p| p.marked) {
        let before = readable.len();
        readable.retain(|p| p.marked || p.info.kind != Kind::Html);
        report.skipped_unmarked = before - readable.len();
    }
    let mut suffixes = title::Suffixes::default();
    for title in readable.iter().filter_map(|p| p.title_tag.as_deref()) {
        suffixes.add(title);
    }
    let mut pages: Vec<Page> = Vec::new();
    let mut by_key: HashMap<String, usize> = HashMap::new();
    for parsed in readable {
        let page = parsed.build(&suffixes);
        let info = &page.info;
        if let Some(&first) = by_key.get(&info.key) {
            report.problems.push(Problem {
                path: info.path.clone(),
                message: format!(
                    "duplicate page {:?} (already read from {})",
                    info.key,
                    pages[first].info.path.display()
                ),
                kind: ProblemKind::Duplicate,
            });
            continue;
        }
        by_key.insert(info.key.clone(), pages.len());
        pages.push(page);
    }

    let mut passages = Vec::new();
    for (index, page) in pages.iter().enumerate() {
        let before = passages.len();
        for section in &page.sections {
            if section.text.trim().is_empty() {
                continue;
            }
            let info = &page.info;
            let mut meta = info.meta.clone();
            let mut targets = meta.get("links").map(MetaValue::items).unwrap_or_default();
            let html = info.kind == Kind::Html;
            for href in &section.links {
                let Some(key) = links::target(&info.key, &info.rel, html, href, &settings.base_url)
                else {
                    continue;
                };
                let found = if key.is_empty() {
                    by_key.get("index")
                } else {
                    by_key
                        .get(&key)
                        .or_else(|| by_key.get(&format!("{key}/index")))
                };
                if let Some(&target) = found {
                    let doc = &pages[target].info.doc;
                    if target != index && !targets.contains(doc) {
                        targets.push(doc.clone());
                    }
                }
            }
            if !targets.is_empty() {
                meta.insert("links".into(), MetaValue::List(targets));
            }
            passages.push(page.passage(section, meta, &settings.base_url));
        }
        let made = passages.len() - before;
        if made == 0 {
            report.skipped_empty += 1;
        } else {
            report.pages += 1;
            let lang = page.info.lang.clone().unwrap_or_else(|| "unknown".into());
            *report.languages.entry(lang).or_insert(0) += 1;
        }
    }
    report.passages = passages.len();
    SiteBuild { passages, report }
}
