//! Links the WebAssembly module with a stack large enough for the deepest statement the parser
//! accepts (`cgt_syntax::MAX_DEPTH` levels of brackets): on wasm32 there are no threads, so the
//! parser cannot move deep statements to a thread with a bigger stack as it does natively.

/// The wasm32 stack: 1 MiB plus 128 KiB per level of `MAX_DEPTH` (256), as on native.
const STACK_BYTES: usize = (1 << 20) + 256 * (128 << 10);

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg=-zstack-size={STACK_BYTES}");
    }
}
