//! Stage "index (site ingestion)" — internal links to page keys.
//!
//! A page's key is its path relative to its input directory without the
//! extension (`guide/install`, `guide/index`). Guarantees of [`target`]:
//! external links (any `scheme:`, `//host`), same-page anchors and links that
//! climb above the site root give `None`; query strings and fragments are
//! ignored; `%XX` escapes are decoded. The base a relative link resolves
//! against depends on how it is written:
//!
//! - a path to a source file (`../other/page.md`, `setup.mdx`, `faq.html`)
//!   is relative to the linking page's **file** directory, as in an editor;
//! - anything else (`../install/`, `install`) is a URL, relative to the
//!   linking page's **URL**, which is directory-style (`/guide/setup/`, or
//!   `/guide/` for `guide/index`), as in the browser;
//! - a path starting with `/` is from the site root (the input directory).
//!
//! The result is the key the link points at, without extension; the caller
//! tries it and `KEY/index` against the pages it has.

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

/// The key a link on the page `key` (source file `rel`) points at.
pub(crate) fn target(key: &str, rel: &str, href: &str) -> Option<String> {
    let href = href.trim();
    if href.is_empty() || href.starts_with('#') || href.starts_with("//") || has_scheme(href) {
        return None;
    }
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
    } else if is_file {
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
        let t = |href| target("guide/setup", "guide/setup.md", href);
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
            target("guide/index", "guide/index.md", "install/").as_deref(),
            Some("guide/install")
        );
    }
}
