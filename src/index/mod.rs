//! stage index
