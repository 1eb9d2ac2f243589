//! stage report
