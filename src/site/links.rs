//! Stage "index (site ingestion)" — page URLs, and internal links to page
//! keys.
//!
//! A page's key is its path relative to its input directory without the
//! extension (`guide/install`, `guide/index`). Its URL ([`page_path`], under
//! the site's [`BaseUrl`]) is where a generator serves it: a Markdown or MDX
//! source is directory-style (`guide/install.md` → `guide/install/`, and
//! `guide/index.md` → `guide/`), a built HTML page is its file (`setup.html`
//! stays `setup.html`) except an `index.html`, which is its directory
//! (`guide/index.html` → `guide/`).
//!
//! Guarantees of [`target`]: external links (any `scheme:`, `//host`, a
//! root path outside the base path), same-page anchors and links that climb
//! above the site root give `None`; a link that starts with the base URL (or
//! its path) is read from the site root; query strings and fragments are
//! ignored; `%XX` escapes are decoded. The base a relative link resolves
//! against depends on how it is written and on the page:
//!
//! - a path to a source file (`../other/page.md`, `setup.mdx`, `faq.html`),
//!   and any link on an HTML page, is relative to the linking page's **file**
//!   directory, as in an editor, and as in a browser for a built page;
//! - anything else on a Markdown or MDX page (`../install/`, `install`) is a
//!   URL, relative to the page's directory-style URL (`/guide/setup/`, or
//!   `/guide/` for `guide/index`), as in the browser;
//! - a path starting with `/` is from the site root (the input directory).
//!
//! The result is the key the link points at, without extension; the caller
//! tries it and `KEY/index` against the pages it has.

use std::fmt;

/// Where a site is served (`slotchain index --base-url`): `/` (the
/// default), a path (`/docs/`) or an http(s) URL (`https://example.com/docs/`);
/// always ends with `/`. Every page URL starts with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseUrl {
    url: String,
    /// Where the path starts in `url` (0 for a path).
    path_at: usize,
}

impl Default for BaseUrl {
    fn default() -> Self {
        BaseUrl {
            url: "/".into(),
            path_at: 0,
        }
    }
}

impl fmt::Display for BaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.url)
    }
}

impl BaseUrl {
    /// Reads a base URL; the error says what is accepted.
    pub fn parse(text: &str) -> Result<BaseUrl, String> {
        let refuse = || {
            format!(
                "base URL {text:?}: give a path (/docs/) or an http(s) URL (https://example.com/docs/), without spaces, ? or #"
            )
        };
        if text.is_empty()
            || text
                .chars()
                .any(|c| c.is_whitespace() || c.is_control() || c == '?' || c == '#')
        {
            return Err(refuse());
        }
        let path_at = if text.starts_with('/') && !text.starts_with("//") {
            0
        } else {
            let rest = text
                .strip_prefix("https://")
                .or_else(|| text.strip_prefix("http://"))
                .ok_or_else(refuse)?;
            let host = rest.find('/').unwrap_or(rest.len());
            if host == 0 {
                return Err(refuse());
            }
            text.len() - rest.len() + host
        };
        let mut url = text.to_string();
        if !url.ends_with('/') {
            url.push('/');
        }
        Ok(BaseUrl { url, path_at })
    }

    pub fn as_str(&self) -> &str {
        &self.url
    }

    /// The path part (`/docs/`).
    fn path(&self) -> &str {
        self.url.get(self.path_at..).unwrap_or("/")
    }

    /// `href` as a path from the site root (`/…`) when it names a place
    /// under this base; `None` when it is external; as written otherwise.
    fn local<'a>(&self, href: &'a str) -> Option<std::borrow::Cow<'a, str>> {
        use std::borrow::Cow;
        if href.starts_with("//") {
            return None;
        }
        if self.path_at > 0 {
            if let Some(rest) = href.strip_prefix(self.url.as_str()) {
                return Some(Cow::Owned(format!("/{rest}")));
            }
        }
        if has_scheme(href) {
            return None;
        }
        let path = self.path();
        if !href.starts_with('/') || path == "/" {
            return Some(Cow::Borrowed(href));
        }
        match href.strip_prefix(path) {
            Some(rest) => Some(Cow::Owned(format!("/{rest}"))),
            None if format!("{href}/") == path => Some(Cow::Borrowed("/")),
            None => None,
        }
    }
}

/// Page-source extensions a link may name.
const EXTENSIONS: &[&str] = &[".md", ".mdx", ".markdown", ".html", ".htm"];

fn has_scheme(href: &str) -> bool {
    let Some(colon) = href.find(':') else {
        return false;
    };
    let scheme = &href[..colon];
    scheme
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            if let (Some(hi), Some(lo)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((hi * 16 + lo) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn strip_extension(path: &str) -> &str {
    let lower = path.to_ascii_lowercase();
    for ext in EXTENSIONS {
        if lower.ends_with(ext) {
            return &path[..path.len() - ext.len()];
        }
    }
    path
}

/// The URL directory of a page key: `guide/setup` → `guide/setup`, `guide/index` → `guide`.
pub(crate) fn url_dir(key: &str) -> &str {
    if key == "index" {
        ""
    } else {
        key.strip_suffix("/index").unwrap_or(key)
    }
}

/// The URL of a page below the site's base (see the module comment):
/// `html` for a built HTML page, else a Markdown or MDX source.
pub(crate) fn page_path(key: &str, rel: &str, html: bool) -> String {
    if !html {
        let dir = url_dir(key);
        return if dir.is_empty() {
            String::new()
        } else {
            format!("{dir}/")
        };
    }
    let (dir, file) = rel.rsplit_once('/').unwrap_or(("", rel));
    let lower = file.to_ascii_lowercase();
    if lower == "index.html" || lower == "index.htm" {
        if dir.is_empty() {
            String::new()
        } else {
            format!("{dir}/")
        }
    } else {
        rel.to_string()
    }
}

/// The key a link on the page `key` (source file `rel`, a built HTML page
/// when `html`) points at, on a site served at `base`.
pub(crate) fn target(
    key: &str,
    rel: &str,
    html: bool,
    href: &str,
    base: &BaseUrl,
) -> Option<String> {
    let href = href.trim();
    if href.is_empty() || href.starts_with('#') {
        return None;
    }
    let href = base.local(href)?;
    let path = href.split(['#', '?']).next().unwrap_or("");
    if path.is_empty() {
        return None;
    }
    let path = percent_decode(path);
    let is_file = EXTENSIONS
        .iter()
        .any(|ext| path.to_ascii_lowercase().ends_with(ext));
    let base: Vec<&str> = if path.starts_with('/') {
        Vec::new()
    } else if is_file || html {
        let mut dirs: Vec<&str> = rel.split('/').collect();
        dirs.pop();
        dirs
    } else {
        url_dir(key).split('/').filter(|s| !s.is_empty()).collect()
    };
    let mut segments: Vec<String> = base.into_iter().map(str::to_string).collect();
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                segments.pop()?;
            }
            s => segments.push(s.to_string()),
        }
    }
    let joined = segments.join("/");
    Some(strip_extension(&joined).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_resolve_like_editor_and_browser() {
        let root = BaseUrl::default();
        let t = |href| target("guide/setup", "guide/setup.md", false, href, &root);
        assert_eq!(t("../other/page.md#anchor").as_deref(), Some("other/page"));
        assert_eq!(t("install.mdx").as_deref(), Some("guide/install"));
        assert_eq!(t("../install/").as_deref(), Some("guide/install"));
        assert_eq!(t("/guide/install/").as_deref(), Some("guide/install"));
        assert_eq!(t("/").as_deref(), Some(""));
        assert_eq!(t("/a%20b/?x=1").as_deref(), Some("a b"));
        assert_eq!(t("#local"), None);
        assert_eq!(t("https://example.com/guide/"), None);
        assert_eq!(t("mailto:a@b.c"), None);
        assert_eq!(t("//cdn.example.com/x"), None);
        assert_eq!(t("../../../up.md"), None);
        assert_eq!(
            target("guide/index", "guide/index.md", false, "install/", &root).as_deref(),
            Some("guide/install")
        );
    }

    #[test]
    fn built_pages_link_from_their_file_and_under_the_base() {
        let base = BaseUrl::parse("https://example.com/docs").unwrap();
        assert_eq!(base.as_str(), "https://example.com/docs/");
        let t = |href| target("guide/setup", "guide/setup.html", true, href, &base);
        assert_eq!(t("ports.html#p").as_deref(), Some("guide/ports"));
        assert_eq!(t("../faq/").as_deref(), Some("faq"));
        assert_eq!(t("/docs/faq/index.html").as_deref(), Some("faq/index"));
        assert_eq!(t("https://example.com/docs/a.html").as_deref(), Some("a"));
        assert_eq!(t("/docs").as_deref(), Some(""));
        assert_eq!(t("/blog/post.html"), None);
        assert_eq!(t("https://example.com/blog/"), None);
        assert_eq!(
            page_path("guide/setup", "guide/setup.html", true),
            "guide/setup.html"
        );
        assert_eq!(page_path("guide/index", "guide/index.html", true), "guide/");
        assert_eq!(page_path("index", "index.htm", true), "");
        assert_eq!(page_path("guide/index", "guide/index.md", false), "guide/");
        assert_eq!(
            page_path("guide/setup", "guide/setup.mdx", false),
            "guide/setup/"
        );
        for bad in [
            "",
            "docs/",
            "/a b/",
            "ftp://x/",
            "https:///x",
            "/a?b",
            "//host/x",
        ] {
            assert!(BaseUrl::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(BaseUrl::parse("/docs").unwrap().as_str(), "/docs/");
    }
}
