//! Stage 9 — report: states, coverage and an honest extractive answer.
//!
//! Guarantees: coverage counts the parts the question asked (slots no other
//! slot consumes) and the supported ones among them; the answer gives each
//! supported part with its citation and ends with one line naming every part
//! that could not be found (`missing`, `blocked`, `error`) and one naming
//! every part found but not confirmed (`unresolved`, with the reason). A
//! partial answer keeps its verified parts; nothing is filled into a gap.
//! A Chinese answer words durations as "30 个自然日（差旅结束后）" and
//! brackets with fullwidth marks. [`superseded`] lists the evidence
//! passages the index marks superseded, so a front end can badge them.

mod names;
mod wording;

pub use wording::agree;

use crate::analyze;
use crate::compute::duration::unit_label;
use crate::compute::number::format_amount as amount;
use crate::index::catalog::title_base;
use crate::model::{Coverage, Slot, SlotState, TaskKind, Value, TITLE_TYPE};

/// Parts asked and answered.
pub fn coverage(slots: &[Slot]) -> Coverage {
    let asked: Vec<&Slot> = slots.iter().filter(|s| s.asked).collect();
    Coverage {
        asked: asked.len(),
        answered: asked
            .iter()
            .filter(|s| s.state == SlotState::Supported)
            .count(),
    }
}

/// A value as words.
pub fn describe(value: &Value, zh: bool) -> String {
    named(value, zh, None)
}

/// A value as words; `full` is the full name its page gives the thing the
/// value names ([`names::full_name`]), stated beside the short one.
fn named(value: &Value, zh: bool, full: Option<&str>) -> String {
    let also = match (full, zh) {
        (Some(f), true) => format!("（{f}）"),
        (Some(f), false) => format!(" ({f})"),
        (None, _) => String::new(),
    };
    match value {
        Value::Passage { text, .. } => text.clone(),
        Value::Stated {
            value, sentence, ..
        } => format!("{value} (“{sentence}”)"),
        Value::Facts { facts } => facts
            .iter()
            .map(|f| f.text.as_str())
            .collect::<Vec<_>>()
            .join(" "),
        Value::Duration {
            amount: a,
            unit,
            start,
            ..
        } => {
            let label = unit_label(*unit, *a, zh);
            match (start, zh) {
                (Some(s), true) => format!("{label}（{s}后）"),
                (Some(s), false) => format!("{label} after {s}"),
                (None, _) => label,
            }
        }
        // A page is named as text names it: "Copperline", not the title's
        // qualifier "Copperline (band)" (the citation carries the title).
        Value::Entity {
            id, entity_type, ..
        } if entity_type == TITLE_TYPE => format!("{}{also}", title_base(id).unwrap_or(id)),
        Value::Entity { id, .. } | Value::Document { id, .. } => id.clone(),
        Value::Difference {
            amount: a,
            unit,
            direction,
            first,
            second,
        } => {
            let label = unit_label(*unit, *a, zh);
            let (f, s) = (amount(*first), amount(*second));
            match (direction.as_str(), zh) {
                ("same", true) => format!("没有变化（均为 {f}）"),
                ("same", false) => format!("unchanged (both {f})"),
                ("shorter", true) => format!("缩短了 {label}（{s} → {f}）"),
                ("longer", true) => format!("延长了 {label}（{s} → {f}）"),
                (d, _) => format!("{d} by {label} ({f} vs {s})"),
            }
        }
        Value::Date {
            date,
            from,
            amount: a,
            unit,
        } => {
            let label = unit_label(*unit, *a, zh);
            if zh {
                format!("{date}（{from} 后 {label}）")
            } else {
                format!("{date} ({label} after {from})")
            }
        }
        Value::Same { equal } => match (equal, zh) {
            (true, true) => "相同".into(),
            (false, true) => "不同".into(),
            (true, false) => "yes, the same".into(),
            (false, false) => "no, they differ".into(),
        },
        // The choice and its value against the others' values, never the
        // other candidates' names (a reader takes a named one for an answer).
        Value::Choice {
            slot,
            label,
            compared,
        } => {
            let own = compared
                .iter()
                .find(|c| c.slot == *slot)
                .map(|c| c.value.as_str());
            let others: Vec<&str> = compared
                .iter()
                .filter(|c| c.slot != *slot)
                .map(|c| c.value.as_str())
                .collect();
            let named = full.map_or(String::new(), |f| {
                format!("{f}{}", if zh { "；" } else { "; " })
            });
            match (own, zh) {
                (Some(v), true) => format!("{label}（{named}{v}；其他：{}）", others.join("、")),
                (Some(v), false) => {
                    format!("{label} ({named}{v}; the other: {})", others.join("; "))
                }
                (None, _) => format!("{label}{also}"),
            }
        }
        Value::Verdict { holds, compared } => {
            let detail = compared
                .iter()
                .map(|c| format!("{}: {}", c.label, c.value))
                .collect::<Vec<_>>()
                .join("; ");
            match (holds, zh) {
                (true, true) => format!("是（{detail}）"),
                (false, true) => format!("否（{detail}）"),
                (true, false) => format!("yes ({detail})"),
                (false, false) => format!("no ({detail})"),
            }
        }
        Value::Common { value, .. } => value.clone(),
    }
}

/// The evidence passages marked superseded, each once, in the order the
/// slots cite them (read off the evidence: no lookup by ID, so a bundle
/// fetches nothing more for it).
pub fn superseded(slots: &[Slot]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for e in slots.iter().flat_map(|s| &s.evidence) {
        if e.superseded && !out.contains(&e.passage_id) {
            out.push(e.passage_id.clone());
        }
    }
    out
}

/// The full name the page of the thing `value` names gives it, read off the
/// evidence (no lookup, so a bundle fetches nothing more): an entity's own
/// page among any slot's evidence, a choice's chosen input's page.
fn full_name(value: &Value, slots: &[Slot]) -> Option<String> {
    match value {
        Value::Entity {
            id, entity_type, ..
        } if entity_type == TITLE_TYPE => slots
            .iter()
            .flat_map(|s| &s.evidence)
            .find(|e| e.passage_id == *id)
            .and_then(|e| names::full_name(id, &e.text).or_else(|| names::also_known(id, &e.text))),
        Value::Choice { slot, label, .. } => slots
            .iter()
            .find(|s| s.id == *slot)
            .and_then(|s| s.evidence.first())
            .and_then(|e| {
                names::full_name(label, &e.text).or_else(|| names::also_known(label, &e.text))
            }),
        _ => None,
    }
}

/// Passages that support a slot, following compute slots to their inputs; a
/// set of facts cites each fact.
fn citations(slot: &Slot, slots: &[Slot]) -> Vec<String> {
    if let Some(Value::Facts { facts }) = &slot.value {
        let mut out: Vec<String> = Vec::new();
        for f in facts {
            if !out.contains(&f.passage_id) {
                out.push(f.passage_id.clone());
            }
        }
        return out;
    }
    // A computed result cites each of its inputs (its evidence is theirs).
    let computed = matches!(slot.kind, TaskKind::Compare | TaskKind::Compute);
    if let Some(e) = slot.evidence.first().filter(|_| !computed) {
        return vec![e.passage_id.clone()];
    }
    let mut out = Vec::new();
    for d in &slot.depends_on {
        if let Some(s) = slots.iter().find(|s| s.id == *d) {
            for c in citations(s, slots) {
                if !out.contains(&c) {
                    out.push(c);
                }
            }
        }
    }
    out
}

fn cite(ids: &[String]) -> String {
    ids.iter()
        .map(|c| format!("[{c}]"))
        .collect::<Vec<_>>()
        .join("")
}

/// How a part is named in the answer: the question as executed, or — while
/// it still waits for an earlier step's value, or when the value was only
/// appended to the clause to verify a proposal ("… based out of where
/// History of British Airways") — the part as it was asked.
fn name(slot: &Slot) -> String {
    // A follow step that answers the part is named as the part was asked
    // ("What is the name of the producer of X?", not "which producer of X?").
    if let Some(l) = slot
        .label
        .as_ref()
        .filter(|_| slot.kind == TaskKind::Follow && slot.asked)
    {
        return l.clone();
    }
    let appended = slot.label.as_deref().is_some_and(|l| {
        let asked = l.trim_end_matches(['?', '.', ' ']);
        slot.question.len() > l.len() && slot.question.starts_with(asked)
    });
    if crate::plan::placeholders(&slot.question).is_empty() && !appended {
        return as_asked(slot);
    }
    slot.label.clone().unwrap_or_else(|| {
        let mut q = slot.question.clone();
        for p in crate::plan::placeholders(&slot.question) {
            q = q.replace(&crate::plan::placeholder(&p), "…");
        }
        q
    })
}

/// A part's question as it was asked: a retrieval whose question is its
/// clause with a year or a scope value cut out (they became constraints) is
/// named by the clause, "the rollback rule in staging", not "the rollback
/// rule".
fn as_asked(slot: &Slot) -> String {
    match &slot.label {
        Some(l) if slot.kind == TaskKind::Retrieve && cut_from(l, slot) => l.clone(),
        _ => slot.question.clone(),
    }
}

/// True when the slot's question is `label` with only the words of its
/// constraints left out (and nothing added or moved): "in the staging
/// environment" for `environment: staging`, "in 2025" for `year: 2025`.
/// A part split from its clause leaves out other words ("… and the
/// Maremma Sheepdog") and is named by its own question.
fn cut_from(label: &str, slot: &Slot) -> bool {
    let words =
        |t: &str| -> Vec<String> { analyze::words(t).into_iter().map(|w| w.term).collect() };
    let (whole, kept) = (words(label), words(&slot.question));
    let said: Vec<String> = slot
        .constraints
        .iter()
        .flat_map(|(k, v)| words(k).into_iter().chain(words(v)))
        .collect();
    let mut left_out = Vec::new();
    let mut rest = whole.iter();
    for w in &kept {
        loop {
            match rest.next() {
                Some(x) if x == w => break,
                Some(x) => left_out.push(x),
                None => return false,
            }
        }
    }
    left_out.extend(rest);
    !left_out.is_empty()
        && left_out
            .iter()
            .all(|w| analyze::is_stop_word(w) || said.contains(w))
}

/// The follow steps a slot's value was reached through, first hop first.
fn bridges<'s>(slot: &Slot, slots: &'s [Slot], out: &mut Vec<&'s Slot>) {
    for d in &slot.depends_on {
        let Some(s) = slots.iter().find(|s| s.id == *d) else {
            continue;
        };
        if out.iter().any(|o| o.id == s.id) {
            continue;
        }
        if s.kind == TaskKind::Follow {
            bridges(s, slots, out);
            out.push(s);
        }
    }
}

/// The earliest step a blocked slot waits on that did not succeed.
fn root<'s>(slot: &Slot, slots: &'s [Slot], depth: usize) -> Option<&'s Slot> {
    if depth > slots.len() {
        return None;
    }
    slot.depends_on
        .iter()
        .filter_map(|d| slots.iter().find(|s| s.id == *d))
        .find(|s| s.state != SlotState::Supported)
        .map(|s| {
            if s.state == SlotState::Blocked {
                root(s, slots, depth + 1).unwrap_or(s)
            } else {
                s
            }
        })
}

/// The extractive answer text.
pub fn answer(question: &str, slots: &[Slot]) -> String {
    let zh = question.chars().any(crate::analyze::is_cjk);
    let needed = if zh { "用于" } else { "needed for" };
    // "(needed for: …)" or "（用于：…）"
    let aside = |text: String| {
        if zh {
            format!("（{text}）")
        } else {
            format!(" ({text})")
        }
    };
    let colon = if zh { "：" } else { ": " };
    // A value in words, a named thing with its page's full name.
    let say = |v: &Value| named(v, zh, full_name(v, slots).as_deref());
    let mut lines = Vec::new();
    let mut missing = Vec::new();
    let mut unconfirmed = Vec::new();
    for s in slots.iter().filter(|s| s.asked) {
        match (s.state, &s.value) {
            (SlotState::Supported, Some(v)) => {
                // A chain states its bridge values first, each with its citation.
                let mut via = Vec::new();
                bridges(s, slots, &mut via);
                let mut parts: Vec<String> = via
                    .iter()
                    .filter_map(|b| {
                        let v = b.value.as_ref()?;
                        Some(format!("{} {}", say(v), cite(&citations(b, slots))))
                    })
                    .collect();
                parts.push(
                    format!("{} {}", say(v), cite(&citations(s, slots)))
                        .trim_end()
                        .to_string(),
                );
                let label = if via.is_empty() && s.kind != TaskKind::Follow {
                    as_asked(s)
                } else {
                    s.label.clone().unwrap_or_else(|| s.question.clone())
                };
                // A reading the support depends on ("“Kohn” read as “Kahn”").
                let reading = s.reason.clone().map(aside).unwrap_or_default();
                lines.push(format!("{label} — {}{reading}", parts.join("; ")));
            }
            (SlotState::Unresolved, _) => {
                let reason = s.reason.clone().unwrap_or_default();
                unconfirmed.push(format!("{}{}", name(s), aside(reason)));
            }
            (SlotState::Blocked, _) => match root(s, slots, 0) {
                // A chain names the step that failed, and what it was for.
                Some(r) if r.kind == TaskKind::Follow => {
                    // A proposal verified on its own page asks the same clause
                    // twice: it is named once.
                    let (step, part) = (name(r), name(s));
                    let item = if step == part {
                        step
                    } else {
                        format!("{step}{}", aside(format!("{needed}{colon}{part}")))
                    };
                    if r.state == SlotState::Unresolved {
                        let reason = r.reason.clone().unwrap_or_default();
                        unconfirmed.push(format!("{item}{}", aside(reason)));
                    } else {
                        missing.push(item);
                    }
                }
                // A comparison names the things it could not read.
                _ if s.kind == TaskKind::Compare => {
                    let failed: Vec<&Slot> = s
                        .depends_on
                        .iter()
                        .filter_map(|d| slots.iter().find(|x| x.id == *d))
                        .filter(|x| x.state != SlotState::Supported)
                        .collect();
                    let inputs: Vec<String> = failed.iter().map(|x| x.question.clone()).collect();
                    let list = inputs.join(if zh { "、" } else { ", " });
                    let item = format!("{list}{}", aside(format!("{needed}{colon}{}", name(s))));
                    if failed.iter().all(|x| x.state == SlotState::Unresolved) {
                        let reasons: Vec<String> =
                            failed.iter().filter_map(|x| x.reason.clone()).collect();
                        unconfirmed.push(format!("{item}{}", aside(reasons.join("; "))));
                    } else {
                        missing.push(item);
                    }
                }
                _ => missing.push(name(s)),
            },
            _ => missing.push(name(s)),
        }
    }
    if !missing.is_empty() {
        lines.push(if zh {
            format!("未能找到以下内容的资料：{}", missing.join("；"))
        } else {
            format!(
                "I couldn't find documented information on: {}",
                missing.join("; ")
            )
        });
    }
    if !unconfirmed.is_empty() {
        lines.push(if zh {
            format!("找到了相关资料，但无法确认：{}", unconfirmed.join("；"))
        } else {
            format!("Could not confirm: {}", unconfirmed.join("; "))
        });
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::answer;
    use crate::model::Slot;

    /// A supported slot citing one page, with `value` as JSON.
    fn slot(id: &str, kind: &str, page: &str, text: &str, value: &str, deps: &[&str]) -> Slot {
        let evidence = if page.is_empty() {
            String::new()
        } else {
            format!(
                r#"{{"passage_id":"{page}","title":"{page}","score":1.0,
                "span":{{"start":0,"end":1,"text":"x"}},"text":"{text}"}}"#
            )
        };
        let json = format!(
            r#"{{"id":"{id}","question":"Q {id}?","kind":"{kind}","output":"passage",
            "constraints":{{}},"depends_on":{deps:?},"state":"supported","value":{value},
            "evidence":[{evidence}],"chain":[],"asked":{asked}}}"#,
            asked = kind == "compare",
        );
        serde_json::from_str(&json).unwrap()
    }

    #[test]
    fn a_part_is_named_as_asked_when_only_its_constraints_were_cut() {
        let asked = |label: &str, question: &str, key: &str, value: &str| {
            let mut s = slot("q1", "retrieve", "", "", "null", &[]);
            s.label = Some(label.into());
            s.question = question.into();
            s.constraints.insert(key.into(), value.into());
            super::as_asked(&s)
        };
        let staging = "What is the rollback rule for gateway-west in the staging environment?";
        assert_eq!(
            asked(
                staging,
                "What is the rollback rule for gateway-west?",
                "environment",
                "staging"
            ),
            staging
        );
        let year = "how long is the refund window for electronics in 2025?";
        assert_eq!(
            asked(
                year,
                "how long is the refund window for electronics in?",
                "year",
                "2025"
            ),
            year
        );
        // A part split from its clause leaves out more than a constraint.
        let both = "What is the primary duty of the Austrian Pinscher and the Maremma Sheepdog?";
        let one = "What is the primary duty of the Austrian Pinscher?";
        assert_eq!(asked(both, one, "year", "2025"), one);
    }

    #[test]
    fn a_chosen_thing_is_named_as_its_page_names_it() {
        let welch = "Florence Leontine Mary Welch (born 28 August 1986) is an English singer.";
        let nelson = "Gunnar Nelson (born September 20, 1967) is an American musician.";
        let choice = r#"{"type":"choice","slot":"q2","label":"Florence Welch","compared":[
            {"slot":"q1","label":"Gunnar Nelson","value":"September 20, 1967"},
            {"slot":"q2","label":"Florence Welch","value":"28 August 1986"}]}"#;
        let p = r#"{"type":"passage","passage_id":"p","text":"t"}"#;
        let slots = [
            slot("q1", "retrieve", "Gunnar Nelson", nelson, p, &[]),
            slot("q2", "retrieve", "Florence Welch", welch, p, &[]),
            slot("c1", "compare", "", "", choice, &["q1", "q2"]),
        ];
        let text = answer("Who is younger, Gunnar Nelson or Florence Welch?", &slots);
        assert!(
            text.contains("Florence Welch (Florence Leontine Mary Welch; 28 August 1986; the other: September 20, 1967)"),
            "{text}"
        );
        // The page that gives the name as the title does adds nothing.
        let choice = choice.replace(
            "\"q2\",\"label\":\"Florence Welch\",\"compared\"",
            "\"q1\",\"label\":\"Gunnar Nelson\",\"compared\"",
        );
        let slots = [
            slot("q1", "retrieve", "Gunnar Nelson", nelson, p, &[]),
            slot("q2", "retrieve", "Florence Welch", welch, p, &[]),
            slot("c1", "compare", "", "", &choice, &["q1", "q2"]),
        ];
        let text = answer("Who is older, Gunnar Nelson or Florence Welch?", &slots);
        assert!(
            text.contains("Gunnar Nelson (September 20, 1967; the other"),
            "{text}"
        );
    }

    #[test]
    fn a_bridge_is_named_as_its_own_page_names_it() {
        let entity = r#"{"type":"entity","id":"Eric Whitacre","entity_type":"title",
            "passage_id":"Conspirare","span":{"start":0,"end":1,"text":"x"}}"#;
        let said = r#"{"type":"passage","passage_id":"Eric Whitacre","text":"He is known for his Virtual Choir."}"#;
        let page = "Eric Edward Whitacre (born January 2, 1970) is an American composer.";
        let mut q1 = slot(
            "q1",
            "follow",
            "Conspirare",
            "Conspirare is a choir.",
            entity,
            &[],
        );
        q1.asked = false;
        let mut q2 = slot("q2", "retrieve", "Eric Whitacre", page, said, &["q1"]);
        q2.asked = true;
        let text = answer("Which conductor wrote for Conspirare?", &[q1.clone(), q2]);
        assert!(
            text.contains("Eric Whitacre (Eric Edward Whitacre) [Conspirare]"),
            "{text}"
        );
        // The entity's own page is not among the evidence: the short name only.
        let mut q2 = slot("q2", "retrieve", "Other", page, said, &["q1"]);
        q2.asked = true;
        let text = answer("Which conductor wrote for Conspirare?", &[q1, q2]);
        assert!(text.contains("Eric Whitacre [Conspirare]"), "{text}");
    }
}
