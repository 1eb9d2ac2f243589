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

mod wording;

pub use wording::agree;

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
        } if entity_type == TITLE_TYPE => title_base(id).unwrap_or(id).to_string(),
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
            match (own, zh) {
                (Some(v), true) => format!("{label}（{v}；其他：{}）", others.join("、")),
                (Some(v), false) => format!("{label} ({v}; the other: {})", others.join("; ")),
                (None, _) => label.clone(),
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
    if let Some(e) = slot.evidence.first() {
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
        return slot.question.clone();
    }
    slot.label.clone().unwrap_or_else(|| {
        let mut q = slot.question.clone();
        for p in crate::plan::placeholders(&slot.question) {
            q = q.replace(&crate::plan::placeholder(&p), "…");
        }
        q
    })
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
                        Some(format!(
                            "{} {}",
                            describe(v, zh),
                            cite(&citations(b, slots))
                        ))
                    })
                    .collect();
                parts.push(
                    format!("{} {}", describe(v, zh), cite(&citations(s, slots)))
                        .trim_end()
                        .to_string(),
                );
                let label = if via.is_empty() && s.kind != TaskKind::Follow {
                    s.question.clone()
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
