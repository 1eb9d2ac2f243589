//! Stage "index (site ingestion)" — one page: its source read into metadata,
//! a title, a language and text items ([`read`]), then cut into sections
//! under its final title ([`Parsed::build`]), each section a passage
//! ([`Page::passage`]).
//!
//! Guarantees: the title is the front matter's `title`, else a
//! `slotchain:title` meta tag, else `<title>` without the site's suffix
//! ([`super::title`]), else the first `<h1>`, else the file name. A page
//! whose access cannot be read is an error ([`ProblemKind::Access`]), as is
//! HTML nested deeper than [`html::MAX_DEPTH`]. The URL of a section is the
//! page's URL ([`links::page_path`]) under the site's base, with `#ANCHOR`
//! only when the page has that anchor: always for Markdown and MDX (their
//! generators give headings these ids), only for ids written in the page
//! for HTML.

use super::access::{self, Access};
use super::links::{self, BaseUrl};
use super::split::{self, Item, Section};
use super::title::Suffixes;
use super::walk::{Kind, SiteFile};
use super::{frontmatter, html, markdown, mdx, ProblemKind};
use crate::model::{Meta, MetaValue, Passage, DEFAULT_ACCESS};
use std::path::PathBuf;

/// What a page is, whatever its title.
#[derive(Debug)]
pub(crate) struct PageInfo {
    pub path: PathBuf,
    /// Path below the input directory without extension.
    pub key: String,
    /// Path below the input directory with extension.
    pub rel: String,
    pub kind: Kind,
    pub doc: String,
    pub lang: Option<String>,
    pub meta: Meta,
}

/// A page read, before its title is final (that needs the whole site).
#[derive(Debug)]
pub(crate) struct Parsed {
    pub info: PageInfo,
    /// The levels that may read the page (never empty).
    pub access: Vec<String>,
    /// An HTML page that marks its content region (`data-slotchain-body`).
    pub marked: bool,
    /// An HTML page whose robots meta tag says `noindex`.
    pub noindex: bool,
    /// The `<title>` of an HTML page, as written.
    pub title_tag: Option<String>,
    /// The title the page declares (front matter, `slotchain:title`).
    declared_title: Option<String>,
    items: Vec<Item>,
}

/// One page, ready to give passages.
#[derive(Debug)]
pub(crate) struct Page {
    pub info: PageInfo,
    pub sections: Vec<Section>,
    title: String,
}

impl Parsed {
    /// The page under its final title: `suffixes` are the site's.
    pub(crate) fn build(self, suffixes: &Suffixes) -> Page {
        let h1 = split::first_h1(&self.items);
        let title = self
            .declared_title
            .or_else(|| {
                self.title_tag
                    .as_deref()
                    .map(|t| suffixes.trim(t, h1.as_deref()))
            })
            .or(h1)
            .unwrap_or_else(|| default_title(&self.info.key));
        let sections = split::sections(self.items, &title);
        Page {
            info: self.info,
            sections,
            title,
        }
    }
}

impl Page {
    fn url(&self, base: &BaseUrl, section: &Section) -> String {
        let info = &self.info;
        let html = info.kind == Kind::Html;
        let mut url = format!(
            "{}{}",
            base.as_str(),
            links::page_path(&info.key, &info.rel, html)
        );
        if let Some(anchor) = &section.anchor {
            if section.explicit || !html {
                url.push('#');
                url.push_str(anchor);
            }
        }
        url
    }

    pub(crate) fn passage(&self, section: &Section, meta: Meta, base: &BaseUrl) -> Passage {
        let (id, title) = match (&section.anchor, &section.heading) {
            (Some(anchor), heading) => {
                let title = match heading.as_deref() {
                    Some(h) if !h.is_empty() => format!("{} › {h}", self.title),
                    _ => self.title.clone(),
                };
                (format!("{}#{anchor}", self.info.key), title)
            }
            (None, _) => (self.info.key.clone(), self.title.clone()),
        };
        Passage {
            id,
            title,
            text: section.text.clone(),
            url: Some(self.url(base, section)),
            lang: self.info.lang.clone(),
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

/// Reads one page; the error is the kind and the one-line reason. A page
/// whose access cannot be determined is an error ([`ProblemKind::Access`]).
pub(crate) fn read(file: &SiteFile, text: &str) -> Result<Parsed, (ProblemKind, String)> {
    let unreadable = |m: String| (ProblemKind::Unreadable, m);
    if let Some(depth) = html::depth(text) {
        return Err(unreadable(format!(
            "HTML nested more than {} elements deep (reached {depth}): not indexed",
            html::MAX_DEPTH
        )));
    }
    let mut access = Access::default();
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
    let mut title_tag = None;
    let mut html_lang = None;
    let mut marked = false;
    let mut noindex = false;
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
        title_tag = page.title;
        html_lang = page.lang;
        marked = page.marked;
        noindex = page.noindex;
    }
    let key = file
        .rel
        .rfind('.')
        .map_or(file.rel.as_str(), |dot| &file.rel[..dot])
        .to_string();
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
    Ok(Parsed {
        info: PageInfo {
            path: file.path.clone(),
            key,
            rel: file.rel.clone(),
            kind: file.kind,
            doc,
            lang,
            meta,
        },
        access: levels,
        marked,
        noindex,
        title_tag,
        declared_title: title.filter(|t| !t.trim().is_empty()),
        items,
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
