//! stage plan
