//! Stage "index (site ingestion)" — Markdown (and stripped MDX) to text blocks.
//!
//! Parsing is `pulldown-cmark` (CommonMark + GFM tables, footnotes, task
//! lists, strikethrough, definition lists and `{#id}` heading attributes).
//! Guarantees: the text handed on never contains Markdown syntax; code spans
//! and fenced/indented code blocks keep their text (blocks keep their line
//! breaks); image alt text is dropped (it describes a picture, not the
//! topic); raw HTML blocks go through the same HTML5 parser as `.html` pages,
//! so their text and links are kept and their tags are not; every link
//! destination (inline, reference, autolink, raw `<a href>`) is reported in
//! the block where it appears.

use super::access::{access_like_text, Access};
use super::html;
use super::split::{Collector, Item};
use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

fn level(l: HeadingLevel) -> u8 {
    match l {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

/// The text blocks, headings and links of a Markdown body. An access
/// declaration in its raw HTML is not read: it goes to `access` as refused.
pub(crate) fn items(body: &str, access: &mut Access) -> Vec<Item> {
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_DEFINITION_LIST
        | Options::ENABLE_GFM;
    let mut c = Collector::default();
    let mut heading_id: Option<String> = None;
    let mut code: Option<String> = None;
    let mut raw_html: Option<String> = None;
    let mut image_depth = 0usize;
    for event in Parser::new_ext(body, options) {
        match event {
            Event::Start(tag) => match tag {
                Tag::Heading { id, .. } => {
                    c.start_heading();
                    heading_id = id.map(|s| s.to_string());
                }
                Tag::CodeBlock(_) => {
                    c.flush();
                    code = Some(String::new());
                }
                Tag::HtmlBlock => raw_html = Some(String::new()),
                Tag::Link { dest_url, .. } => c.link(&dest_url),
                Tag::Image { .. } => image_depth += 1,
                Tag::TableCell => c.space(),
                Tag::Paragraph
                | Tag::Item
                | Tag::BlockQuote(_)
                | Tag::TableRow
                | Tag::TableHead
                | Tag::FootnoteDefinition(_)
                | Tag::DefinitionListTitle
                | Tag::DefinitionListDefinition => c.flush(),
                _ => {}
            },
            Event::End(end) => match end {
                TagEnd::Heading(l) => c.heading(level(l), heading_id.take()),
                TagEnd::CodeBlock => {
                    if let Some(text) = code.take() {
                        c.code(&text);
                    }
                }
                TagEnd::HtmlBlock => {
                    if let Some(html) = raw_html.take() {
                        c.flush();
                        html::fragment(&html, &mut c, access);
                    }
                }
                TagEnd::Image => image_depth = image_depth.saturating_sub(1),
                TagEnd::Paragraph
                | TagEnd::Item
                | TagEnd::BlockQuote(_)
                | TagEnd::TableRow
                | TagEnd::TableHead
                | TagEnd::FootnoteDefinition
                | TagEnd::DefinitionListTitle
                | TagEnd::DefinitionListDefinition => c.flush(),
                _ => {}
            },
            Event::Text(text) => {
                if let Some(code) = code.as_mut() {
                    code.push_str(&text);
                } else if image_depth == 0 {
                    c.text(&text);
                }
            }
            Event::Code(text) if image_depth == 0 => c.text(&text),
            Event::InlineMath(text) | Event::DisplayMath(text) => c.text(&text),
            Event::Html(html) => {
                if let Some(buffer) = raw_html.as_mut() {
                    buffer.push_str(&html);
                }
            }
            Event::InlineHtml(html) => {
                if access_like_text(&html) {
                    access.refuse(format!(
                        "inline HTML {:?} declares access, which is not read in Markdown",
                        html.chars().take(80).collect::<String>()
                    ));
                }
                c.space();
            }
            Event::SoftBreak | Event::HardBreak => c.space(),
            Event::Rule => c.flush(),
            _ => {}
        }
    }
    c.finish()
}

#[cfg(test)]
mod tests {
    use super::super::access::declared_by;
    use super::*;

    #[test]
    fn text_without_markup() {
        let access = &mut Access::default();
        let items = items(
            "# Guide\n\nSee **[the install page](../install.md#npm)** and `code`.\n\n## Setup {#set-up}\n\n```sh\nnpm i\nnpm run\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<div class=\"note\">Raw <a href=\"/faq/\">FAQ</a></div>\n\n![alt words](x.png)\n",
            access,
        );
        assert!(access.levels().is_ok());
        assert_eq!(
            items,
            vec![
                Item::Heading {
                    level: 1,
                    text: "Guide".into(),
                    id: None
                },
                Item::Text("See the install page and code.".into()),
                Item::Link("../install.md#npm".into()),
                Item::Heading {
                    level: 2,
                    text: "Setup".into(),
                    id: Some("set-up".into())
                },
                Item::Text("npm i\nnpm run".into()),
                Item::Text("a b".into()),
                Item::Text("1 2".into()),
                Item::Text("Raw FAQ".into()),
                Item::Link("/faq/".into()),
            ]
        );
    }

    #[test]
    fn access_in_raw_html_is_refused() {
        for body in [
            "<div data-slotchain-access=\"internal\">\nSecret\n</div>\n",
            "Text <span data-slotchain-access=\"internal\">secret</span> more.\n",
            "<meta name=\"slotchain:access\" content=\"internal\">\n",
        ] {
            assert!(declared_by(|a| drop(items(body, a))).is_err(), "{body}");
        }
        let code = "```html\n<div data-slotchain-access=\"x\">\n```\n";
        assert!(
            declared_by(|a| drop(items(code, a))).is_ok(),
            "code is not a declaration"
        );
    }
}
