//! Stage 8 — compute: values from text, and operations over slot values.
//!
//! Guarantees: a difference or sameness of durations is computed only when
//! both units and both start events agree; otherwise the result is an
//! [`Unresolved`] with the reason (`unit-mismatch`, `start-event-mismatch`,
//! `no-comparable-value`). Nothing is ever guessed to fill a gap.

mod common;
pub mod compare;
pub mod date;
pub mod duration;
pub mod number;
pub mod unit_alone;

pub use compare::Input;

use crate::model::{Constraints, Op, Value};

/// Why an operation could not give a result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unresolved {
    pub reason: String,
    pub detail: String,
}

pub(crate) fn unresolved(reason: &str, detail: String) -> Unresolved {
    Unresolved {
        reason: reason.into(),
        detail,
    }
}

/// The first plausible year (1000–2099) stated in a text.
pub fn first_year(text: &str) -> Option<i64> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i + 4 <= chars.len() {
        let window = chars.get(i..i + 4).unwrap_or(&[]);
        let before = i.checked_sub(1).and_then(|b| chars.get(b));
        let after = chars.get(i + 4);
        let glued = |c: Option<&char>| c.is_some_and(|c| c.is_ascii_digit());
        if window.iter().all(char::is_ascii_digit) && !glued(before) && !glued(after) {
            let year: i64 = window.iter().collect::<String>().parse().unwrap_or(0);
            if (1000..2100).contains(&year) {
                return Some(year);
            }
        }
        i += 1;
    }
    None
}

/// Applies an operation to the inputs (in `depends_on` order): durations
/// are differenced or compared here, named things in [`compare`], a date
/// counted from the one the task's constraints give in [`date`].
pub fn apply(
    op: Op,
    question: &str,
    given: &Constraints,
    inputs: &[Input],
) -> Result<Value, Unresolved> {
    if op == Op::After {
        return date::after(given, inputs);
    }
    let durations = inputs
        .iter()
        .all(|i| matches!(i.value, Value::Duration { .. } | Value::Entity { .. }));
    if !(op == Op::Difference || op == Op::Same && durations) {
        return compare::compare(op, question, inputs);
    }
    let pairs: Vec<(&str, &Value)> = inputs.iter().map(|i| (i.slot, i.value)).collect();
    let inputs = pairs.as_slice();
    match op {
        Op::Difference | Op::Same => {
            let [(a_id, a), (b_id, b)] = inputs else {
                return Err(unresolved(
                    "no-comparable-value",
                    format!("{} needs exactly two inputs", op.name()),
                ));
            };
            let (
                Value::Duration {
                    amount: x,
                    unit: ux,
                    start: sx,
                    ..
                },
                Value::Duration {
                    amount: y,
                    unit: uy,
                    start: sy,
                    ..
                },
            ) = (a, b)
            else {
                if op == Op::Same {
                    if let (Value::Entity { id: x, .. }, Value::Entity { id: y, .. }) = (a, b) {
                        return Ok(Value::Same {
                            equal: x.eq_ignore_ascii_case(y),
                        });
                    }
                }
                return Err(unresolved(
                    "no-comparable-value",
                    format!("{a_id} and {b_id} do not both state a duration"),
                ));
            };
            if ux != uy {
                return Err(unresolved(
                    "unit-mismatch",
                    format!("{a_id} counts in {}, {b_id} in {}", ux.name(), uy.name()),
                ));
            }
            if !duration::same_start(sx.as_deref(), sy.as_deref()) {
                let show =
                    |s: &Option<String>| s.clone().unwrap_or_else(|| "an unstated event".into());
                return Err(unresolved(
                    "start-event-mismatch",
                    format!("{a_id} counts from {}, {b_id} from {}", show(sx), show(sy)),
                ));
            }
            if op == Op::Same {
                return Ok(Value::Same { equal: x == y });
            }
            let direction = if x < y {
                "shorter"
            } else if x > y {
                "longer"
            } else {
                "same"
            };
            Ok(Value::Difference {
                amount: (x - y).abs(),
                unit: *ux,
                direction: direction.into(),
                first: *x,
                second: *y,
            })
        }
        _ => compare::compare(op, question, &[]),
    }
}
