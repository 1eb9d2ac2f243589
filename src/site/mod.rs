//! Stage "index (site ingestion)": a static site's sources — Markdown, MDX
//! and HTML pages under one or more directories — become passages for
//! [`crate::Index::build`]. Native only (the browser reads an index, never a
//! site).
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
//!   below its input directory without the extension; its URL is `/PATH/`
//!   (`/DIR/` for `DIR/index`), plus `#ANCHOR` for a section.
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
mod links;
mod markdown;
mod mdx;
mod split;
mod walk;

use crate::error::Result;
use crate::model::{Meta, MetaValue, Passage, DEFAULT_ACCESS};
use split::Section;
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
    /// Files that could not be read or parsed, and duplicates.
    pub problems: Vec<Problem>,
}

impl SiteReport {
    fn count(&self, kind: ProblemKind) -> usize {
        self.problems.iter().filter(|p| p.kind == kind).count()
    }

    /// Pages found but not indexed.
    pub fn skipped(&self) -> usize {
        self.skipped_access + self.skipped_empty + self.problems.len()
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
    /// `empty N`, `duplicate N` when any).
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

/// Collects the passages of the pages under `paths` that `audience` may read
/// (empty = `public`). Errors only when an input path does not exist or is
/// not site input; per-file problems are in the report.
pub fn collect(paths: &[PathBuf], audience: &[String]) -> Result<SiteBuild> {
    collect_with(paths, audience, &mut |_, _| {})
}

/// [`collect`], calling `progress(done, total)` as pages are read.
pub fn collect_with(
    paths: &[PathBuf],
    audience: &[String],
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
    let mut build = assemble(texts, audience, problems);
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
    let mut build = assemble(files, audience, Vec::new());
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

/// Parses the pages, keeps those the audience may read, and makes their
/// passages (links resolved among the pages kept).
fn assemble(
    texts: impl Iterator<Item = (SiteFile, std::result::Result<String, (ProblemKind, String)>)>,
    audience: &[String],
    problems: Vec<Problem>,
) -> SiteBuild {
    let mut report = SiteReport {
        problems,
        ..SiteReport::default()
    };
    let audience: Vec<String> = if audience.is_empty() {
        vec![DEFAULT_ACCESS.to_string()]
    } else {
        audience.iter().map(|a| a.trim().to_string()).collect()
    };
    let mut pages: Vec<Page> = Vec::new();
    let mut by_key: HashMap<String, usize> = HashMap::new();
    for (file, text) in texts {
        let page = match text.and_then(|text| read_page(&file, &text)) {
            Ok(page) => page,
            Err((kind, message)) => {
                report.problems.push(Problem {
                    path: file.path.clone(),
                    message,
                    kind,
                });
                continue;
            }
        };
        if !access::readable(&page.access, &audience) {
            report.skipped_access += 1;
            continue;
        }
        if let Some(&first) = by_key.get(&page.key) {
            report.problems.push(Problem {
                path: file.path.clone(),
                message: format!(
                    "duplicate page {:?} (already read from {})",
                    page.key,
                    pages[first].path.display()
                ),
                kind: ProblemKind::Duplicate,
            });
            continue;
        }
        by_key.insert(page.key.clone(), pages.len());
        pages.push(page);
    }

    let mut passages = Vec::new();
    for (index, page) in pages.iter().enumerate() {
        let before = passages.len();
        for section in &page.sections {
            if section.text.trim().is_empty() {
                continue;
            }
            let mut meta = page.meta.clone();
            let mut targets = meta.get("links").map(MetaValue::items).unwrap_or_default();
            for href in &section.links {
                let Some(key) = links::target(&page.key, &page.rel, href) else {
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
                    let doc = &pages[target].doc;
                    if target != index && !targets.contains(doc) {
                        targets.push(doc.clone());
                    }
                }
            }
            if !targets.is_empty() {
                meta.insert("links".into(), MetaValue::List(targets));
            }
            passages.push(page.passage(section, meta));
        }
        let made = passages.len() - before;
        if made == 0 {
            report.skipped_empty += 1;
        } else {
            report.pages += 1;
            let lang = page.lang.clone().unwrap_or_else(|| "unknown".into());
            *report.languages.entry(lang).or_insert(0) += 1;
        }
    }
    report.passages = passages.len();
    SiteBuild { passages, report }
}

/// One page, parsed.
#[derive(Debug)]
struct Page {
    path: PathBuf,
    /// Path below the input directory without extension.
    key: String,
    /// Path below the input directory with extension.
    rel: String,
    doc: String,
    title: String,
    lang: Option<String>,
    /// The levels that may read the page (never empty).
    access: Vec<String>,
    meta: Meta,
    sections: Vec<Section>,
}

impl Page {
    fn url(&self, anchor: Option<&str>) -> String {
        let dir = links::url_dir(&self.key);
        let mut url = if dir.is_empty() {
            "/".to_string()
        } else {
            format!("/{dir}/")
        };
        if let Some(anchor) = anchor {
            url.push('#');
            url.push_str(anchor);
        }
        url
    }

    fn passage(&self, section: &Section, meta: Meta) -> Passage {
        let (id, title) = match (&section.anchor, &section.heading) {
            (Some(anchor), heading) => {
                let title = match heading.as_deref() {
                    Some(h) if !h.is_empty() => format!("{} › {h}", self.title),
                    _ => self.title.clone(),
                };
                (format!("{}#{anchor}", self.key), title)
            }
            (None, _) => (self.key.clone(), self.title.clone()),
        };
        Passage {
            id,
            title,
            text: section.text.clone(),
            url: Some(self.url(section.anchor.as_deref())),
            lang: self.lang.clone(),
            meta,
        }
    }
}

/// A metadata value given as text (HTML meta tags and data attributes):
/// `entities` and `links` are comma-separated lists, a numeric `year` is a
/// number, everything else a string.
fn text_meta(key: &str, value: &str) -> MetaValue {
    match key {
        "entities" | "links" => MetaValue::List(
            value
                .split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect(),
        ),
        "year" => match value.trim().parse::<i64>() {
            Ok(year) => MetaValue::Int(year),
            Err(_) => MetaValue::Str(value.to_string()),
        },
        _ => MetaValue::Str(value.to_string()),
    }
}

/// ISO 639-1 language codes.
const LANGUAGES: &str = "aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce \
ch co cr cs cu cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha \
he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku \
kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv \
ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st \
su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu";

/// `zh_CN` → `zh-cn`.
fn normalize_lang(tag: &str) -> String {
    tag.trim().replace('_', "-").to_ascii_lowercase()
}

/// A directory name that is a language tag (`en`, `zh-cn`, `pt_BR`, `zh-hans-cn`).
fn lang_segment(segment: &str) -> Option<String> {
    let tag = normalize_lang(segment);
    let mut parts = tag.split('-');
    let primary = parts.next()?;
    let known = primary.len() == 2 && LANGUAGES.split(' ').any(|code| code == primary);
    let subtags: Vec<&str> = parts.collect();
    let subtags_ok = subtags.len() <= 2
        && subtags
            .iter()
            .all(|s| (2..=4).contains(&s.len()) && s.chars().all(|c| c.is_ascii_alphanumeric()));
    (known && subtags_ok).then_some(tag)
}

fn path_lang(file: &SiteFile) -> Option<String> {
    let mut dirs: Vec<&str> = file.rel.split('/').collect();
    dirs.pop();
    dirs.into_iter()
        .find_map(lang_segment)
        .or_else(|| file.root_name.as_deref().and_then(lang_segment))
}

/// Parses one page; the error is the kind and the one-line reason. A page
/// whose access cannot be determined is an error ([`ProblemKind::Access`]).
fn read_page(file: &SiteFile, text: &str) -> std::result::Result<Page, (ProblemKind, String)> {
    let unreadable = |m: String| (ProblemKind::Unreadable, m);
    if let Some(depth) = html::depth(text) {
        return Err(unreadable(format!(
            "HTML nested more than {} elements deep (reached {depth}): not indexed",
            html::MAX_DEPTH
        )));
    }
    let mut access = access::Access::default();
    let (front, body) = frontmatter::split(text, &mut access).map_err(unreadable)?;
    if !front.found && access::head_declares_access(text) {
        access.refuse(
            "an access line in front matter the indexer does not recognise (front matter must start on the first line with exactly --- or +++)".into(),
        );
    }
    let (items, html_page) = match file.kind {
        Kind::Markdown => (
            markdown::items(&mdx::strip_markdown(body), &mut access),
            None,
        ),
        Kind::Mdx => (
            markdown::items(&mdx::strip(body, &mut access), &mut access),
            None,
        ),
        Kind::Html => {
            let mut page = html::page(body, &mut access);
            (std::mem::take(&mut page.items), Some(page))
        }
    };
    let declared = access.declared_levels().map_err(|why| {
        (
            ProblemKind::Access,
            format!("access cannot be determined: {why}; the page is not written"),
        )
    })?;
    let mut meta = Meta::new();
    let mut title = None;
    let mut lang = None;
    for (key, value) in front.fields {
        match key.as_str() {
            "title" => title = value.as_text(),
            "lang" => lang = value.as_text(),
            _ => {
                meta.insert(key, value);
            }
        }
    }
    let mut html_title = None;
    let mut html_lang = None;
    if let Some(page) = html_page {
        for (key, value) in page.meta {
            match key.as_str() {
                "title" => title = Some(value),
                "lang" => lang = Some(value),
                _ => {
                    let v = text_meta(&key, &value);
                    meta.insert(key, v);
                }
            }
        }
        html_title = page.title;
        html_lang = page.lang;
    }
    let key = file
        .rel
        .rfind('.')
        .map_or(file.rel.as_str(), |dot| &file.rel[..dot])
        .to_string();
    let title = title
        .filter(|t| !t.trim().is_empty())
        .or(html_title)
        .or_else(|| split::first_h1(&items))
        .unwrap_or_else(|| default_title(&key));
    let lang = lang
        .or(html_lang)
        .filter(|l| !l.trim().is_empty())
        .map(|l| normalize_lang(&l))
        .or_else(|| path_lang(file));
    let doc = meta
        .get("doc")
        .and_then(MetaValue::as_text)
        .filter(|d| !d.trim().is_empty())
        .unwrap_or_else(|| key.clone());
    meta.insert("doc".into(), MetaValue::Str(doc.clone()));
    match declared.as_deref() {
        None => {}
        Some([one]) => {
            meta.insert("access".into(), MetaValue::Str(one.clone()));
        }
        Some(many) => {
            meta.insert("access".into(), MetaValue::List(many.to_vec()));
        }
    }
    let levels = declared.unwrap_or_else(|| vec![DEFAULT_ACCESS.to_string()]);
    let sections = split::sections(items, &title);
    Ok(Page {
        path: file.path.clone(),
        key,
        rel: file.rel.clone(),
        doc,
        title,
        lang,
        access: levels,
        meta,
        sections,
    })
}

/// `guide/install` → `install`; `guide/index` → `guide`.
fn default_title(key: &str) -> String {
    let mut parts = key.rsplit('/');
    match (parts.next(), parts.next()) {
        (Some("index"), Some(dir)) => dir.to_string(),
        (Some(name), _) => name.to_string(),
        (None, _) => key.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_segments() {
        assert_eq!(lang_segment("zh-cn").as_deref(), Some("zh-cn"));
        assert_eq!(lang_segment("pt_BR").as_deref(), Some("pt-br"));
        assert_eq!(lang_segment("en").as_deref(), Some("en"));
        assert_eq!(lang_segment("guides"), None);
        assert_eq!(lang_segment("js"), None);
        assert_eq!(default_title("guide/index"), "guide");
        assert_eq!(default_title("guide/setup"), "setup");
    }
}
