//! An example for each function, for `cgt doc` and the book's reference (a ruleset's row holds
//! its own example; a function's row has only its signature). A test checks that every
//! function has one and that every name here is a function.

/// Each function's example: the lines of a `.cgt` file.
const EXAMPLES: &[(&str, &[&str])] = &[
    ("outcome", &["outcome(toppling[BWWB])", "outcome({1 | -1})"]),
    ("cf", &["cf({0, * | 0})"]),
    ("options", &[r#"options(clobber["xoo"])"#]),
    ("birthday", &["birthday(^)"]),
    ("leftstop", &["leftstop({3 | -2})", "leftstop(+-{5 | pass})"]),
    ("rightstop", &["rightstop({3 | -2})", "rightstop({pass | 3/2})"]),
    ("degree", &["degree(over)", "degree({{pass |} | 0 || 0})"]),
    ("variety", &["variety({pass | 3/2})", "variety(+-{0 | pass})"]),
    ("mean", &["mean({3 | -2})"]),
    ("temp", &["temp({3 | -2})", "temp(1/2)"]),
    ("thermograph", &["thermograph({2 || 1 | 0})"]),
    ("atomic", &["atomic(^)", "atomic(^ + ^ + *)", "atomic({1 | ^^ || ^})"]),
    ("cool", &["cool({3 | -2}, 1)"]),
    ("heat", &["heat(*, 2)"]),
    ("overheat", &["overheat(7/16, 0, 0)"]),
    ("freeze", &["freeze({3 | -2})"]),
    ("rcf", &["rcf({1 | 0} + ^)"]),
    ("leftincentives", &["leftincentives({3 | -2})"]),
    ("rightincentives", &["rightincentives({2 | 0})"]),
    ("tiny", &["tiny(2)", "tiny(2) == {0 || 0 | -2}"]),
    ("miny", &["miny(2)"]),
    ("pow", &["pow(^, 3)"]),
    ("powto", &["powto(^, 3)"]),
    ("uptimal", &["uptimal({0 | v*})"]),
    ("norton", &["norton(1/2, ^)"]),
    ("conway", &["conway(*4, *4)"]),
    ("ordinalproduct", &["ordinalproduct(2, 1/2)"]),
    ("companion", &["companion(^)"]),
    ("born", &["born(2)"]),
    ("explain", &["explain({1, 0 | 2})"]),
    ("grundy", &["grundy(kayles, 0..12)", "grundy(nim[3, 5])"]),
    ("period", &["period(kayles)", "period(stones take=[1, 4])"]),
    ("nimsum", &["nimsum(3, 5)"]),
    ("nimprod", &["nimprod(8, 16)"]),
    ("diminished", &["diminished(nim[3], nim[4])"]),
    ("selective", &["selective(nim[3], nim[4])"]),
    ("shortened", &["shortened(nim[3], nim[4])"]),
    ("conjunctive", &["conjunctive(+-1, ^^)"]),
    ("continued", &["continued(nim[3], nim[4])"]),
    ("genus", &["genus(0)", "genus(*2 + *2)"]),
    ("mate", &["mate(0)"]),
    ("miserenim", &["miserenim(nim[1, 1])", "miserenim(nim[2, 2])"]),
    ("quotient", &["quotient(stones take=[1, 2])"]),
    ("onside", &["onside(dud)"]),
    ("offside", &["offside(dud)"]),
    ("tex", &["tex({1/2 | ^*})", "tex({3 || 2 | Tiny(1)})"]),
    ("table", &["table(nimsum(r, c) for r in 0..3, c in 0..5)", "table({n | -n} for n in 0..3)"]),
];

/// The example of the function `name` (empty if it has none, which a test forbids).
pub(super) fn of(name: &str) -> &'static [&'static str] {
    EXAMPLES.iter().find(|(n, _)| *n == name).map_or(&[], |(_, lines)| lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rows::functions;

    #[test]
    fn every_function_has_an_example_and_every_example_a_function() {
        for f in functions() {
            assert!(!of(f.name).is_empty(), "the function `{}` has no example in manual/examples.rs", f.name);
        }
        for (name, _) in EXAMPLES {
            assert!(functions().iter().any(|f| f.name == *name), "`{name}` in manual/examples.rs is not a function");
        }
    }
}
