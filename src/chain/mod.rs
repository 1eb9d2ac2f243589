//! stage chain
