//! Links the `cgt` binary as a position-dependent executable on Linux: a position-independent
//! one has about 8,000 relocations for the dynamic loader to apply at every start, and the
//! pages they write are copied (about 25 page faults). `cgt --version` took 1.76 ms wall with
//! them and 1.45 ms without (median of 300 runs, 2026-11-27); a `.cgt` file of one small
//! statement is a whole process, so start-up is part of every answer. Only this package's
//! binary is linked so: tests, libraries and proc-macros keep the defaults.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    let gnu = std::env::var("CARGO_CFG_TARGET_ENV").is_ok_and(|env| env == "gnu");
    if linux && gnu {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
