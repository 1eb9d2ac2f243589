//! Stage "index (site ingestion)" — walking the inputs.
//!
//! Guarantees: a directory is walked recursively in sorted (byte-wise file
//! name) order, so the same tree always gives the same page order; hidden
//! entries (`.git`, `.vitepress`, `.draft.md`) and `node_modules` are never
//! entered; only `.md`, `.mdx`, `.html` and `.htm` files are pages. A page's
//! `rel` path is relative to the directory it was found under, with `/`
//! separators on every platform. A directory entry that cannot be read is
//! reported as a [`Problem`] and the walk goes on.

use super::{Problem, ProblemKind};
use crate::error::{Error, Result};
use std::path::{Path, PathBuf};
use walkdir::WalkDir;

/// How a page's source is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Markdown,
    Mdx,
    Html,
}

impl Kind {
    /// The kind of a page file, from its extension (case-insensitive).
    pub(crate) fn of(path: &Path) -> Option<Kind> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "md" | "markdown" => Some(Kind::Markdown),
            "mdx" => Some(Kind::Mdx),
            "html" | "htm" => Some(Kind::Html),
            _ => None,
        }
    }
}

/// One page file found under an input.
#[derive(Debug, Clone)]
pub(crate) struct SiteFile {
    /// The path to open (as given, joined with the walked part).
    pub path: PathBuf,
    /// Relative to the input directory, `/`-separated, with extension.
    pub rel: String,
    /// The name of the input directory itself (`zh-cn` for `docs/zh-cn`), a
    /// language hint when the relative path carries none.
    pub root_name: Option<String>,
    pub kind: Kind,
}

fn skipped_name(name: &str) -> bool {
    name.starts_with('.') || name == "node_modules"
}

/// Every page file under `paths` (directories or single page files), in
/// order. A path that does not exist is an error; unreadable entries below
/// it are pushed to `problems`.
pub(crate) fn files(paths: &[PathBuf], problems: &mut Vec<Problem>) -> Result<Vec<SiteFile>> {
    let mut out = Vec::new();
    for input in paths {
        let meta = std::fs::metadata(input).map_err(|e| Error::Io {
            path: input.display().to_string(),
            message: e.to_string(),
        })?;
        if meta.is_file() {
            let Some(kind) = Kind::of(input) else {
                return Err(Error::Input(format!(
                    "{}: not a page (.md, .mdx, .html, .htm) or a directory",
                    input.display()
                )));
            };
            let rel = input
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            out.push(SiteFile {
                path: input.clone(),
                rel,
                root_name: None,
                kind,
            });
            continue;
        }
        let root_name = std::fs::canonicalize(input)
            .ok()
            .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()));
        let walker = WalkDir::new(input)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| e.depth() == 0 || !skipped_name(&e.file_name().to_string_lossy()));
        for entry in walker {
            let entry = match entry {
                Ok(entry) => entry,
                Err(e) => {
                    let path = e.path().unwrap_or(input).to_path_buf();
                    problems.push(Problem {
                        path,
                        message: e.to_string(),
                        kind: ProblemKind::Unreadable,
                    });
                    continue;
                }
            };
            if !entry.file_type().is_file() {
                continue;
            }
            let Some(kind) = Kind::of(entry.path()) else {
                continue;
            };
            let rel = entry
                .path()
                .strip_prefix(input)
                .unwrap_or(entry.path())
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            out.push(SiteFile {
                path: entry.path().to_path_buf(),
                rel,
                root_name: root_name.clone(),
                kind,
            });
        }
    }
    Ok(out)
}
