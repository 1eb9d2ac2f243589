//! Stage 9 — report: states, coverage and an honest extractive answer.
//!
//! Guarantees: coverage counts the parts the question asked (slots no other
//! slot consumes) and the supported ones among them; the answer gives each
//! supported part with its citation and ends with one line naming every part
//! that could not be found (`missing`, `blocked`, `error`) and one naming
//! every part found but not confirmed (`unresolved`, with the reason). A
//! partial answer keeps its verified parts; nothing is filled into a gap.

use crate::compute::duration::unit_label;
use crate::compute::number::format_amount as amount;
use crate::model::{Coverage, Slot, SlotState, Value};

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
                (Some(s), true) => format!("{s}后 {label}"),
                (Some(s), false) => format!("{label} after {s}"),
                (None, _) => label,
            }
        }
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
        Value::Choice { label, year, .. } => format!("{label} ({year})"),
    }
}

/// Passages that support a slot, following compute slots to their inputs.
fn citations(slot: &Slot, slots: &[Slot]) -> Vec<String> {
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

/// The extractive answer text.
pub fn answer(question: &str, slots: &[Slot]) -> String {
    let zh = question.chars().any(crate::analyze::is_cjk);
    let mut lines = Vec::new();
    let mut missing = Vec::new();
    let mut unconfirmed = Vec::new();
    for s in slots.iter().filter(|s| s.asked) {
        match (s.state, &s.value) {
            (SlotState::Supported, Some(v)) => {
                let cites = citations(s, slots)
                    .iter()
                    .map(|c| format!("[{c}]"))
                    .collect::<Vec<_>>()
                    .join("");
                lines.push(
                    format!("{} — {} {cites}", s.question, describe(v, zh))
                        .trim_end()
                        .to_string(),
                );
            }
            (SlotState::Unresolved, _) => {
                let reason = s.reason.clone().unwrap_or_default();
                unconfirmed.push(format!("{} ({reason})", s.question));
            }
            _ => missing.push(s.question.clone()),
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
