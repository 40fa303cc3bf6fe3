//! Rulesets: concrete game positions (boxes, trees, dominoes, heaps, ...) and their values.
//!
//! Each ruleset parses its own arguments from plain data (words, integers) and computes values
//! with the fastest method the theory gives; the tests hold every fast path against search from
//! the rules.

pub mod boxes;
