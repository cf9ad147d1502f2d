//! Compiles the weights files in `weights/` into the engine: one `<variant>.weights` per
//! variant that has learned weights (made by `damier train`; docs/learning.md says how).

use std::fmt::Write;
use std::path::Path;

fn main() {
    // Read at run time, not with `env!`: a build script compiled for one checkout may be run
    // again for another that shares the target folder.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("weights");
    println!("cargo:rerun-if-changed={}", dir.display());
    // A checkout without the folder would build a program without its weights, silently.
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read the weights in {}: {e}", dir.display()));
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "weights"))
        .collect();
    assert!(!files.is_empty(), "no .weights files in {}", dir.display());
    files.sort();
    let mut code = String::from("pub(super) static FILES: &[(&str, &[u8])] = &[\n");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let id = path.file_stem().expect("a file name").to_string_lossy();
        writeln!(
            code,
            "    ({id:?}, include_bytes!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a string");
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("builtin_weights.rs");
    std::fs::write(out, code).expect("writing the list of builtin weights");
}
