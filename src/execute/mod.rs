//! stage execute
