//! Writes each library crate's README with its `ox88_<crate>::` paths as the
//! facade's `ox88::<crate>::`, for `src/facade_examples.rs` to compile as
//! doctests: the proof that `ox88` alone is enough to run every example. A
//! crate's README absent (the published package has none) gives an empty
//! file, and no doctest.

use std::path::Path;

/// The crates the facade re-exports under their short names.
const CRATES: [&str; 10] =
    ["board", "book", "client", "control", "eval", "movegen", "pgn", "protocol", "search", "svg"];

fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    for name in CRATES {
        let readme = Path::new("crates").join(name).join("README.md");
        println!("cargo:rerun-if-changed={}", readme.display());
        let text = std::fs::read_to_string(&readme).unwrap_or_default();
        let facade = text.replace("ox88_", "ox88::");
        std::fs::write(Path::new(&out).join(format!("readme-{name}.md")), facade).expect("OUT_DIR is writable");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
