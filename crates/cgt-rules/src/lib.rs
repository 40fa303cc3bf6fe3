//! Rulesets: concrete game positions (boxes, trees, dominoes, heaps, ...) and their values.
//!
//! Each ruleset parses its own arguments from plain data (words, integers) and computes values
//! with the fastest method the theory gives; the tests hold every fast path against search from
//! the rules.

pub mod amazons;
pub mod anticlobber;
pub mod arckayles;
pub mod boxes;
pub mod childish;
pub mod clobber;
pub mod clobber_variants;
pub mod coins;
pub mod colsnort;
pub mod compounds;
pub mod cram;
pub mod cutcake;
pub mod deque;
pub mod domineering;
mod eight;
pub mod euclid;
pub mod fair;
pub mod fission;
pub mod foxgeese;
pub mod graph;
pub mod grid;
pub mod hackenbush;
pub mod heap;
pub mod konane;
pub mod loopy_graph;
pub mod maundy;
pub mod misere;
pub mod moore;
pub mod nim;
pub mod octal;
pub mod partizan_arckayles;
pub mod partizan_euclid;
pub mod position;
pub mod psub;
pub mod push;
pub mod quotient;
pub mod skijumps;
pub mod spawning;
pub mod staircase;
pub mod subtraction;
pub mod toads;
pub mod toppling;
pub mod tree;
pub mod ugraph;
pub mod weighted_arckayles;
pub mod welter;
pub mod wythoff;

#[cfg(test)]
mod test_rng;
