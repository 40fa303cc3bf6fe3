//! The tests' random generator, shared by the whole workspace (`cgt_testkit::Rng`), under the
//! name the rulesets' tests import.

pub(crate) use cgt_testkit::Rng;
