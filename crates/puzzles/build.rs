//! Compiles the puzzle sets in `data/` into the crate: one `<variant>.pdn` per variant with
//! puzzles (made by `damier puzzles generate`; README, "Puzzles").

use std::fmt::Write;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "pdn"))
                .collect()
        })
        .unwrap_or_default();
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
