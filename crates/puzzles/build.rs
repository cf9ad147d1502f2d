//! Compiles the puzzle sets in `data/` into the crate: one `<variant>.pdn` per variant with
//! puzzles (made by `damier puzzles generate`; docs/puzzles.md says how).

use std::fmt::Write;
use std::path::Path;

fn main() {
    // Read at run time, not with `env!`: a build script compiled for one checkout may be run
    // again for another that shares the target folder.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("data");
    println!("cargo:rerun-if-changed={}", dir.display());
    // A checkout without the folder would build a program without its puzzle sets, silently.
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read the puzzle sets in {}: {e}", dir.display()));
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pdn"))
        .collect();
    assert!(!files.is_empty(), "no .pdn files in {}", dir.display());
    files.sort();
    let mut code = String::from("pub(super) static FILES: &[(&str, &str)] = &[\n");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let id = path.file_stem().expect("a file name").to_string_lossy();
        writeln!(
            code,
            "    ({id:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a string");
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("shipped_puzzles.rs");
    std::fs::write(out, code).expect("writing the list of shipped puzzle sets");
}
