//! stage retrieve
