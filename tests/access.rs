//! Fail-closed access on generated sites: every way a page can say (or
//! seem to say) who may read it, each page holding a secret sentence. With
//! the default audience, not one byte of a restricted page may reach any
//! output file, of an index or of a bundle (inflated); a page whose access
//! the indexer cannot read is skipped with a one-line warning naming it, and
//! `--strict` makes that an error that writes nothing.

mod common;

use common::{run, stderr};
use std::io::Read;
use std::path::{Path, PathBuf};

/// (file name, source) of every restricted spelling; `{S}` is the page's
/// secret. The first group is read (determined, not public); the rest
/// cannot be read and must be skipped as undetermined.
/// Pages as (file name, source).
type Pages = Vec<(&'static str, String)>;

fn spellings() -> (Pages, Pages) {
    let determined: Vec<(&str, &str)> = vec![
        ("list.md", "---\naccess: [internal]\n---\n# L\n\n{S}\n"),
        ("block-list.md", "---\naccess:\n  - internal\n  - staff\n---\n# B\n\n{S}\n"),
        ("toml-array.md", "+++\naccess = [\"internal\"]\n+++\n# T\n\n{S}\n"),
        ("toml.md", "+++\naccess = \"internal\"\n+++\n# T\n\n{S}\n"),
        ("crlf.md", "---\r\naccess: internal\r\n---\r\n# C\r\n\r\n{S}\r\n"),
        ("dots.md", "---\naccess: internal\n...\n# D\n\n{S}\n"),
        ("quoted-key.md", "---\n\"access\": internal\n---\n# Q\n\n{S}\n"),
        ("tagged.md", "---\naccess: !level internal\n---\n# G\n\n{S}\n"),
        ("folded.md", "---\naccess: >\n  internal\n---\n# F\n\n{S}\n"),
        ("commas.md", "---\naccess: internal, staff\n---\n# C\n\n{S}\n"),
        ("plain.mdx", "---\naccess: internal\n---\n# M\n\n{S}\n"),
        ("html-front-matter.html", "---\naccess: internal\n---\n<html><body><p>{S}</p></body></html>"),
        ("meta.html", "<html><head><meta name=\"slotchain:access\" content=\"internal\"></head><body><p>{S}</p></body></html>"),
        ("meta-list.html", "<html><head><meta name=\"slotchain:access\" content=\"internal, staff\"></head><body><p>{S}</p></body></html>"),
        ("on-html.html", "<html data-slotchain-access=\"internal\"><body><p>{S}</p></body></html>"),
        ("on-body.html", "<html><body data-slotchain-access=\"internal\"><p>{S}</p></body></html>"),
        ("on-main.html", "<html><body><main data-slotchain-access=\"internal\"><p>{S}</p></main></body></html>"),
        ("upper-attr.html", "<html><body DATA-SLOTCHAIN-ACCESS=\"internal\"><p>{S}</p></body></html>"),
    ];
    let undetermined: Vec<(&str, &str)> = vec![
        ("key-capital.md", "---\nAccess: internal\n---\n# K\n\n{S}\n"),
        ("key-upper.md", "---\nACCESS: internal\n---\n# K\n\n{S}\n"),
        ("key-quoted-capital.md", "---\n'Access': internal\n---\n# K\n\n{S}\n"),
        ("tilde.md", "---\naccess: ~\n---\n# N\n\n{S}\n"),
        ("null.md", "---\naccess: null\n---\n# N\n\n{S}\n"),
        ("empty.md", "---\naccess:\n---\n# E\n\n{S}\n"),
        ("empty-string.md", "---\naccess: \"\"\n---\n# E\n\n{S}\n"),
        ("empty-list.md", "---\naccess: []\n---\n# E\n\n{S}\n"),
        ("list-with-empty.md", "---\naccess: [internal, \"\"]\n---\n# E\n\n{S}\n"),
        ("number.md", "---\naccess: 3\n---\n# E\n\n{S}\n"),
        ("boolean.md", "---\naccess: true\n---\n# E\n\n{S}\n"),
        ("mapping.md", "---\naccess: {level: internal}\n---\n# E\n\n{S}\n"),
        ("nested-yaml.md", "---\nslotchain:\n  access: internal\n---\n# E\n\n{S}\n"),
        ("prefixed-yaml.md", "---\nslotchain_access: internal\n---\n# E\n\n{S}\n"),
        ("toml-capital.md", "+++\nAccess = \"internal\"\n+++\n# T\n\n{S}\n"),
        ("toml-nested.md", "+++\n[meta]\naccess = \"internal\"\n+++\n# T\n\n{S}\n"),
        ("toml-empty-array.md", "+++\naccess = []\n+++\n# T\n\n{S}\n"),
        ("leading-blank.md", "\n---\naccess: internal\n---\n# L\n\n{S}\n"),
        ("leading-space.md", " ---\naccess: internal\n ---\n# L\n\n{S}\n"),
        ("four-dashes.md", "----\naccess: internal\n----\n# L\n\n{S}\n"),
        ("cr-only.md", "---\raccess: internal\r---\r# L\r\r{S}\r"),
        ("toml-cr-only.md", "+++\raccess = \"internal\"\r+++\r{S}\r"),
        ("no-fences.md", "access: internal\n\n# L\n\n{S}\n"),
        ("multimarkdown.md", "Title: Notes\nAccess: internal\n\n{S}\n"),
        ("html-leading-blank.html", "\n---\naccess: internal\n---\n<html><body><p>{S}</p></body></html>"),
        ("raw-div.md", "# R\n\n<div data-slotchain-access=\"internal\">\n{S}\n</div>\n"),
        ("raw-meta.md", "# R\n\n<meta name=\"slotchain:access\" content=\"internal\">\n\n{S}\n"),
        ("inline-span.md", "# R\n\nText <span data-slotchain-access=\"internal\">{S}</span> more.\n"),
        ("jsx.mdx", "# J\n\n<Restricted data-slotchain-access=\"internal\">\n{S}\n</Restricted>\n"),
        ("esm.mdx", "export const frontmatter = { title: 'x', access: 'internal' };\n\n# J\n\n{S}\n"),
        ("meta-upper.html", "<html><head><meta name=\"SLOTCHAIN:ACCESS\" content=\"internal\"></head><body><p>{S}</p></body></html>"),
        ("meta-mixed.html", "<html><head><meta name=\"Slotchain:Access\" content=\"internal\"></head><body><p>{S}</p></body></html>"),
        ("meta-spaced.html", "<html><head><meta name=\" slotchain:access \" content=\"internal\"></head><body><p>{S}</p></body></html>"),
        ("meta-property.html", "<html><head><meta property=\"slotchain:access\" content=\"internal\"></head><body><p>{S}</p></body></html>"),
        ("meta-http-equiv.html", "<html><head><meta http-equiv=\"slotchain:access\" content=\"internal\"></head><body><p>{S}</p></body></html>"),
        ("meta-no-content.html", "<html><head><meta name=\"slotchain:access\"></head><body><p>{S}</p></body></html>"),
        ("meta-empty.html", "<html><head><meta name=\"slotchain:access\" content=\"\"></head><body><p>{S}</p></body></html>"),
        ("meta-empty-item.html", "<html><head><meta name=\"slotchain:access\" content=\"internal,\"></head><body><p>{S}</p></body></html>"),
        ("on-div.html", "<html><body><div data-slotchain-access=\"internal\"><p>{S}</p></div></body></html>"),
        ("on-article.html", "<html><body><article data-slotchain-access=\"internal\"><p>{S}</p></article></body></html>"),
        ("on-span.html", "<html><body><main><span data-slotchain-access=\"internal\">{S}</span></main></body></html>"),
        ("on-div-upper.html", "<html><body><div DATA-SLOTCHAIN-ACCESS=\"internal\">{S}</div></body></html>"),
        ("second-main.html", "<html><body><main>x</main><main data-slotchain-access=\"internal\">{S}</main></body></html>"),
        ("on-body-empty.html", "<html><body data-slotchain-access=\"\"><p>{S}</p></body></html>"),
        ("attr-variant.html", "<html><body data-slotchain-access-level=\"internal\"><p>{S}</p></body></html>"),
        ("conflict.html", "<html><head><meta name=\"slotchain:access\" content=\"public\"></head><body data-slotchain-access=\"internal\"><p>{S}</p></body></html>"),
        ("conflict-front-matter.html", "---\naccess: public\n---\n<html><body data-slotchain-access=\"internal\"><p>{S}</p></body></html>"),
    ];
    let fill = |list: Vec<(&'static str, &str)>, from: usize| {
        list.into_iter()
            .enumerate()
            .map(|(i, (name, source))| (name, source.replace("{S}", &secret(from + i))))
            .collect::<Vec<_>>()
    };
    let n = determined.len();
    (fill(determined, 0), fill(undetermined, n))
}

/// The secret sentence of page `n`.
fn secret(n: usize) -> String {
    format!("Zyxwv restricted sentence number {n} of the vault")
}

const PUBLIC: &str =
    "---\ntitle: Welcome\n---\n# Welcome\n\nThe public page explains the refund window.\n";

fn site(dir: &Path) -> (Pages, Pages) {
    let (determined, undetermined) = spellings();
    std::fs::create_dir_all(dir).unwrap();
    for (name, source) in determined.iter().chain(&undetermined) {
        std::fs::write(dir.join(name), source).unwrap();
    }
    std::fs::write(dir.join("index.md"), PUBLIC).unwrap();
    (determined, undetermined)
}

/// Every output file's bytes, bundle parts inflated.
fn outputs(path: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    if path.is_file() {
        return vec![(path.to_path_buf(), std::fs::read(path).unwrap())];
    }
    let mut out = Vec::new();
    for entry in std::fs::read_dir(path).unwrap() {
        let p = entry.unwrap().path();
        let raw = std::fs::read(&p).unwrap();
        let mut inflated = Vec::new();
        flate2::read::GzDecoder::new(raw.as_slice())
            .read_to_end(&mut inflated)
            .unwrap();
        out.push((p, inflated));
    }
    out
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack
        .windows(needle.len())
        .any(|w| w == needle.as_bytes())
}

#[test]
fn no_restricted_byte_reaches_an_index_or_a_bundle() {
    let dir = common::temp_dir("access", "spellings");
    let pages = dir.join("site");
    let (determined, undetermined) = site(&pages);
    assert!(determined.len() + undetermined.len() >= 50);
    let total = determined.len() + undetermined.len();
    for (out, bundle) in [(dir.join("site.idx"), false), (dir.join("bundle"), true)] {
        let mut args = vec![
            "index",
            pages.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ];
        if bundle {
            args.push("--bundle");
        }
        let o = run(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        let files = outputs(&out);
        assert!(!files.is_empty());
        for (file, bytes) in &files {
            for n in 0..total {
                assert!(
                    !contains(bytes, &secret(n)),
                    "page {n}'s secret is in {}",
                    file.display()
                );
            }
            for (name, _) in determined.iter().chain(&undetermined) {
                let key = name.rsplit_once('.').unwrap().0;
                assert!(
                    !contains(bytes, &format!("{key}#")) && !contains(bytes, &format!("/{key}/")),
                    "{key} is named in {}",
                    file.display()
                );
            }
        }
        assert!(
            files.iter().any(|(_, b)| contains(b, "refund window")),
            "the public page is written"
        );
        // One warning line per page whose access could not be read, naming it.
        let err = stderr(&o);
        for (name, _) in &undetermined {
            let line = err
                .lines()
                .find(|l| l.contains(&format!("/{name}: ")))
                .unwrap_or_else(|| panic!("no warning for {name}:\n{err}"));
            assert!(line.starts_with("slotchain: skipped "), "{line}");
            assert!(line.contains("access cannot be determined"), "{line}");
        }
        for (name, _) in &determined {
            assert!(
                !err.contains(&format!("/{name}: ")),
                "{name} is read, not warned about:\n{err}"
            );
        }
        let summary = err.lines().last().unwrap();
        assert!(
            summary.contains(&format!(
                "skipped {} (access {}, unreadable 0, access unknown {})",
                total,
                determined.len(),
                undetermined.len()
            )),
            "{summary}"
        );
    }
}

#[test]
fn a_list_names_the_levels_that_may_read_the_page() {
    let dir = common::temp_dir("access", "levels");
    let pages = dir.join("site");
    let (determined, _) = site(&pages);
    let out = dir.join("staff.idx");
    let o = run(&[
        "index",
        pages.to_str().unwrap(),
        "--audience",
        "staff",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let bytes = std::fs::read(&out).unwrap();
    // block-list.md and meta-list.html list staff; the others do not.
    for (n, (name, _)) in determined.iter().enumerate() {
        let listed = matches!(*name, "block-list.md" | "meta-list.html");
        assert_eq!(contains(&bytes, &secret(n)), listed, "{name}");
    }
}

#[test]
fn strict_refuses_a_page_of_undetermined_access_and_writes_nothing() {
    let dir = common::temp_dir("access", "strict");
    let pages = dir.join("site");
    site(&pages);
    let out = dir.join("strict.idx");
    let o = run(&[
        "index",
        pages.to_str().unwrap(),
        "--strict",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("slotchain: invalid input: "), "{err}");
    assert!(
        err.contains("access cannot be determined") && err.ends_with("(--strict)"),
        "{err}"
    );
    assert!(!out.exists());
}
