//! stage compute
