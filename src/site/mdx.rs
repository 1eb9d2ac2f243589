//! Stage "index (site ingestion)" — MDX down to Markdown.
//!
//! MDX is Markdown plus ESM (`import`/`export` statements), JSX tags and
//! `{expressions}`. This pass removes exactly those three so `pulldown-cmark`
//! can parse what is left; it is not a Markdown parser. Guarantees: fenced
//! code blocks and inline code spans pass through byte for byte (an `import`
//! or `<div>` inside code is code, not MDX); ESM statements at the start of a
//! line are dropped up to where their brackets balance (or a blank line);
//! JSX tags (`<Tabs>`, `</Tabs>`, `<Card title="x" />`, `<>`, multi-line
//! attributes, attribute values with braces and strings) and comments are
//! dropped while the text between an opening and a closing tag is kept;
//! `{expressions}` (including `{/* comments */}`) are dropped, except an
//! explicit heading id `{#id}`, which is Markdown's; `\{` and `\<`
//! stay escapes; container directives (`:::tip[Label]` … `:::`, also in
//! plain Markdown via [`strip_markdown`]) keep only their label. Indentation outside code is removed, because MDX has no
//! indented code blocks and indented JSX children must not turn into code.

/// A fence opener: the fence character, its length and its indentation.
fn fence_open(line: &str) -> Option<(char, usize, usize)> {
    let indent = line.len() - line.trim_start().len();
    let rest = line.trim_start();
    let c = rest.chars().next()?;
    if c != '`' && c != '~' {
        return None;
    }
    let len = rest.chars().take_while(|&x| x == c).count();
    if len < 3 {
        return None;
    }
    // A backtick fence's info string may not contain a backtick.
    if c == '`' && rest[len..].contains('`') {
        return None;
    }
    Some((c, len, indent))
}

fn fence_close(line: &str, c: char, len: usize) -> bool {
    let rest = line.trim();
    let n = rest.chars().take_while(|&x| x == c).count();
    n >= len && rest.chars().all(|x| x == c)
}

fn esm_start(line: &str) -> bool {
    ["import ", "import{", "export ", "export{"]
        .iter()
        .any(|p| line.starts_with(p))
}

/// Bracket depth change of a line, ignoring brackets inside quotes.
fn bracket_delta(line: &str) -> i64 {
    let mut depth = 0;
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for c in line.chars() {
        if escaped {
            escaped = false;
            continue;
        }
        match (quote, c) {
            (_, '\\') => escaped = true,
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'' | '`') => quote = Some(c),
            (None, '{' | '(' | '[') => depth += 1,
            (None, '}' | ')' | ']') => depth -= 1,
            _ => {}
        }
    }
    depth
}

/// A container directive line (`:::tip[Label]{attrs}`, `:::`) of
/// remark-directive / Starlight / Docusaurus asides: its label, if any, kept
/// as a paragraph of its own; the marker is dropped.
fn directive(line: &str) -> Option<String> {
    let rest = line.trim();
    let colons = rest.chars().take_while(|&c| c == ':').count();
    if colons < 3 {
        return None;
    }
    let rest = &rest[colons..];
    let name_len = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
        .count();
    let rest = rest[name_len..].trim_start();
    let label = rest
        .strip_prefix('[')
        .and_then(|r| r.find(']').map(|end| &r[..end]))
        .unwrap_or("");
    Some(format!("\n{label}\n\n"))
}

/// Markdown source → Markdown without container directives (`:::note`).
pub(crate) fn strip_markdown(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut fence: Option<(char, usize, usize)> = None;
    for line in source.split_inclusive('\n') {
        if let Some((c, len, _)) = fence {
            if fence_close(line, c, len) {
                fence = None;
            }
            out.push_str(line);
        } else if let Some(open) = fence_open(line) {
            fence = Some(open);
            out.push_str(line);
        } else if let Some(label) = directive(line) {
            out.push_str(&label);
        } else {
            out.push_str(line);
        }
    }
    out
}

/// MDX source → Markdown without ESM, JSX, expressions or container
/// directives. An access declaration in what is dropped (a JSX tag's
/// attribute, an ESM `export const frontmatter = { access: … }`) is not
/// read: it goes to `access` as refused.
pub(crate) fn strip(source: &str, access: &mut Access) -> String {
    let mut out = String::with_capacity(source.len());
    let mut prose = String::new();
    let mut fence: Option<(char, usize, usize)> = None;
    let mut esm_depth: Option<i64> = None;
    for line in source.split_inclusive('\n') {
        if let Some((c, len, indent)) = fence {
            let dedented = dedent(line, indent);
            out.push_str(dedented);
            if fence_close(line, c, len) {
                fence = None;
            }
            continue;
        }
        if let Some(depth) = esm_depth {
            if line.trim().is_empty() {
                esm_depth = None;
            } else {
                refuse_esm_access(line, access);
                let depth = depth + bracket_delta(line);
                esm_depth = (depth > 0).then_some(depth);
                continue;
            }
        }
        if esm_start(line) {
            refuse_esm_access(line, access);
            let depth = bracket_delta(line);
            esm_depth = (depth > 0).then_some(depth);
            continue;
        }
        if let Some(label) = directive(line) {
            prose.push_str(&label);
            continue;
        }
        if let Some(open) = fence_open(line) {
            out.push_str(&strip_prose(&prose, access));
            prose.clear();
            out.push_str(line.trim_start());
            fence = Some(open);
            continue;
        }
        prose.push_str(line);
    }
    out.push_str(&strip_prose(&prose, access));
    out
}

/// Refuses an ESM line that sets an access key.
fn refuse_esm_access(line: &str, access: &mut Access) {
    let declares = line.split(['{', ',', ';']).any(|part| {
        super::access::access_line(
            part.trim_start_matches(|c: char| !c.is_alphanumeric() && c != '"' && c != '\''),
        )
    });
    if declares {
        access.refuse("an MDX export sets access, which is not read (use front matter)".into());
    }
}

fn dedent(line: &str, indent: usize) -> &str {
    let ws = line.len() - line.trim_start_matches([' ', '\t']).len();
    &line[ws.min(indent)..]
}

/// Removes JSX, expressions and comments from prose (no fences inside), then
/// the indentation of every line.
fn strip_prose(prose: &str, access: &mut Access) -> String {
    if prose.is_empty() {
        return String::new();
    }
    let chars: Vec<char> = prose.chars().collect();
    let mut out = String::with_capacity(prose.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' if i + 1 < chars.len() => {
                out.push(c);
                out.push(chars[i + 1]);
                i += 2;
            }
            '`' => {
                let run = chars[i..].iter().take_while(|&&x| x == '`').count();
                match code_span_end(&chars, i + run, run) {
                    Some(end) => {
                        out.extend(&chars[i..end]);
                        i = end;
                    }
                    None => {
                        out.extend(&chars[i..i + run]);
                        i += run;
                    }
                }
            }
            '{' => match balanced_end(&chars, i) {
                Some(end) if is_heading_id(&chars[i + 1..end - 1]) => {
                    out.extend(&chars[i..end]);
                    i = end;
                }
                Some(end) => i = end,
                None => {
                    out.push(c);
                    i += 1;
                }
            },
            '<' => match tag_end(&chars, i) {
                Some(end) => {
                    let tag: String = chars.get(i..end).unwrap_or(&[]).iter().collect();
                    if super::access::access_like_text(&tag) {
                        access.refuse(format!(
                            "a JSX tag declares access, which is not read: {:?}",
                            tag.chars().take(80).collect::<String>()
                        ));
                    }
                    i = end
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            },
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    out.split_inclusive('\n')
        .map(|line| line.trim_start_matches([' ', '\t']))
        .collect()
}

/// `#id` inside braces: an explicit heading id (`## Title {#id}`), kept for
/// the Markdown parser rather than dropped as an expression.
fn is_heading_id(inner: &[char]) -> bool {
    inner.len() > 1
        && inner[0] == '#'
        && inner[1..]
            .iter()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ':' | '.'))
}

/// End (exclusive) of a code span whose opening run of `run` backticks ends at `from`.
fn code_span_end(chars: &[char], from: usize, run: usize) -> Option<usize> {
    let mut j = from;
    while j < chars.len() {
        if chars[j] == '`' {
            let n = chars[j..].iter().take_while(|&&x| x == '`').count();
            if n == run {
                return Some(j + n);
            }
            j += n;
        } else {
            j += 1;
        }
    }
    None
}

/// End (exclusive) of a JS string starting at `i` (a quote or backtick).
fn string_end(chars: &[char], i: usize) -> Option<usize> {
    let q = chars[i];
    let mut j = i + 1;
    while j < chars.len() {
        match chars[j] {
            '\\' => j += 2,
            c if c == q => return Some(j + 1),
            '\n' if q != '`' => return None,
            _ => j += 1,
        }
    }
    None
}

/// End (exclusive) of the `{…}` expression opening at `i`.
fn balanced_end(chars: &[char], i: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut j = i;
    while j < chars.len() {
        match chars[j] {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(j + 1);
                }
            }
            '"' | '\'' | '`' => {
                j = string_end(chars, j)?;
                continue;
            }
            '/' if chars.get(j + 1) == Some(&'*') => {
                let close = (j + 2..chars.len().saturating_sub(1))
                    .find(|&k| chars[k] == '*' && chars[k + 1] == '/')?;
                j = close + 2;
                continue;
            }
            _ => {}
        }
        j += 1;
    }
    None
}

/// End (exclusive) of a JSX tag or HTML comment opening at `i`; `None` when
/// the `<` does not open one (`a < b`, `<https://…>` autolinks).
fn tag_end(chars: &[char], i: usize) -> Option<usize> {
    let next = *chars.get(i + 1)?;
    if next == '!' {
        if chars.get(i + 2..i + 4) == Some(&['-', '-']) {
            let close = (i + 4..chars.len().saturating_sub(2))
                .find(|&k| chars[k] == '-' && chars[k + 1] == '-' && chars[k + 2] == '>')?;
            return Some(close + 3);
        }
        return None;
    }
    let name_start = if next == '/' { i + 2 } else { i + 1 };
    match chars.get(name_start) {
        Some('>') => return Some(name_start + 1), // <> or </>
        Some(c) if c.is_ascii_alphabetic() => {}
        _ => return None,
    }
    let name_len = chars[name_start..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | ':'))
        .count();
    let name: String = chars[name_start..name_start + name_len].iter().collect();
    let after = chars.get(name_start + name_len).copied();
    if name.contains(':') {
        // An autolink (<https://example.com>, <mailto:a@b.c>), not a tag.
        let slashes = after == Some('/') && chars.get(name_start + name_len + 1) == Some(&'/');
        let tag_like = after.is_none_or(|c| c.is_whitespace() || c == '>' || c == '/');
        if slashes || !tag_like {
            return None;
        }
    }
    let mut j = name_start + name_len;
    while j < chars.len() {
        match chars[j] {
            '>' => return Some(j + 1),
            '"' | '\'' => {
                j = string_end(chars, j)?;
                continue;
            }
            '{' => {
                j = balanced_end(chars, j)?;
                continue;
            }
            '<' => return None,
            _ => {}
        }
        j += 1;
    }
    None
}

use super::access::Access;

#[cfg(test)]
mod tests {
    use super::super::access::declared_by;
    use super::{strip, Access};

    #[test]
    fn esm_jsx_and_expressions_go_text_stays() {
        let src = "import { Steps } from '@astrojs/starlight/components';\nimport {\n  A,\n  B,\n} from 'x';\nexport const meta = { a: 1 };\n\n# Title\n\n<Steps>\n  1. Run `<Tabs>{x}` now {props.value}\n</Steps>\n\n<Card title=\"A > B\" icon={{ name: 'x' }}\n  href=\"/y/\">Card text</Card>\n{/* a comment */}\n\n```js\nimport x from 'y';\n<div>{code}</div>\n```\nThat is a < b and \\{literal}.\n:::tip[Mind this]\nAside text\n:::\n";
        let access = &mut Access::default();
        let out = strip(src, access);
        assert!(access.levels().is_ok());
        assert!(!out.contains("import {"), "{out}");
        assert!(!out.contains("export"), "{out}");
        assert!(!out.contains("<Steps>"), "{out}");
        assert!(!out.contains("props.value"), "{out}");
        assert!(!out.contains("a comment"), "{out}");
        assert!(out.contains("1. Run `<Tabs>{x}` now"), "{out}");
        assert!(out.contains("Card text"), "{out}");
        assert!(!out.contains("icon"), "{out}");
        assert!(
            out.contains("```js\nimport x from 'y';\n<div>{code}</div>\n```"),
            "{out}"
        );
        assert!(out.contains("That is a < b and \\{literal}."), "{out}");
        assert!(out.contains("\nMind this\n\nAside text\n"), "{out}");
        assert!(!out.contains(":::"), "{out}");
    }

    #[test]
    fn access_in_jsx_or_esm_is_refused_and_code_is_not() {
        for src in [
            "<Aside data-slotchain-access=\"internal\">x</Aside>\n",
            "export const frontmatter = { title: 'x', access: 'internal' };\n",
            "export const meta = {\n  access: 'internal',\n};\n",
        ] {
            assert!(declared_by(|a| drop(strip(src, a))).is_err(), "{src}");
        }
        let code = "Use `<div data-slotchain-access=\"x\">` on the page.\n";
        assert!(declared_by(|a| drop(strip(code, a))).is_ok());
    }
}
