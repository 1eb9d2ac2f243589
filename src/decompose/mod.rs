//! stage decompose
