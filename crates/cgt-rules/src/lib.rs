//! Rulesets: concrete game positions (boxes, trees, dominoes, heaps, ...) and their values.
//!
//! Each ruleset parses its own arguments from plain data (words, integers) and computes values
//! with the fastest method the theory gives; the tests hold every fast path against search from
//! the rules.

pub mod boxes;
pub mod compounds;
pub mod deque;
pub mod domineering;
pub mod fair;
pub mod graph;
pub mod loopy_graph;
pub mod misere;
pub mod moore;
pub mod nim;
pub mod octal;
pub mod position;
pub mod subtraction;
pub mod toppling;
pub mod tree;

#[cfg(test)]
mod test_rng;
