//! slotchain — answers compound and multi-hop questions over a bundled passage
//! index, with no server and no model call on the read path.
//!
//! The read path is a pipeline; each module is one stage:
//!
//! | stage | module | guarantees |
//! |---|---|---|
//! | analyze | [`analyze`] | one tokenizer for index and query time |
//! | index | [`index`] | BM25F over passages, entity catalog, mention edges, checked binary format |
//! | decompose | [`decompose`] | rules turn a question into a plan (no model call) |
//! | plan | [`plan`] | plans are validated (IDs, prerequisites, cycles) and ordered into waves |
//! | retrieve | [`retrieve`] | top-k per slot under its constraints, cue candidates, merged context |
//! | execute | [`execute`] | waves run in order; only span-backed values flow to dependants |
//! | chain | [`chain`] | a hop joins only on one canonical ID, matching scope, current revision, allowed access |
//! | compute | [`compute`] | durations with unit and start event; differences only when they agree |
//! | report | [`report`] | per-slot states, coverage, an extractive answer that names what is missing |

pub mod analyze;
pub mod chain;
pub mod compute;
pub mod decompose;
pub mod error;
// Native only (never in the wasm module), so the case tables clippy.toml
// keeps out of it cost nothing here.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
#[allow(clippy::disallowed_methods)]
pub mod eval;
pub mod execute;
pub mod index;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub mod ingest;
pub mod input;
pub mod model;
pub mod order;
pub mod pipeline;
pub mod plan;
pub mod report;
pub mod retrieve;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
#[allow(clippy::disallowed_methods)]
pub mod site;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub mod wasm;

pub use error::{Error, Result};
pub use execute::Options;
pub use index::Index;
pub use model::*;
pub use pipeline::{ask, ask_loading, needed, needed_for_plan, run, search, validate};
