//! # damier-embed: data files compiled into a crate
//!
//! A build script calls [`embed_folder`] to compile every file of one extension in a folder of
//! its crate (learned weights, opening books, puzzle sets) into the crate as a static list of
//! `(name, contents)`, the name being the file's stem (a variant id). The crate includes the
//! list with `include!(concat!(env!("OUT_DIR"), "/<out_file>"))`.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::fmt::Write;
use std::path::Path;

/// How the files' contents are included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contents {
    /// As `&[u8]` (`include_bytes!`).
    Bytes,
    /// As `&str` (`include_str!`): the files must be UTF-8.
    Text,
}

/// Write `static FILES: &[(&str, &[u8] | &str)]` to `$OUT_DIR/out_file`, one entry per
/// `*.extension` file of the crate's `folder`, in name order, and tell Cargo to build again
/// when the folder or a file changes. `what` names the files in a panic's message.
///
/// # Panics
/// When the folder cannot be read or holds no such file (a checkout without it would build a
/// program without its data, silently), or the output cannot be written: a build script's
/// way to fail.
pub fn embed_folder(folder: &str, extension: &str, contents: Contents, out_file: &str, what: &str) {
    // Read at run time, not with `env!`: a build script compiled for one checkout may be run
    // again for another that shares the target folder.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join(folder);
    println!("cargo:rerun-if-changed={}", dir.display());
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read the {what} in {}: {e}", dir.display()));
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == extension))
        .collect();
    assert!(
        !files.is_empty(),
        "no .{extension} files in {}",
        dir.display()
    );
    files.sort();
    let (kind, include) = match contents {
        Contents::Bytes => ("&[u8]", "include_bytes"),
        Contents::Text => ("&str", "include_str"),
    };
    let mut code = format!("pub(super) static FILES: &[(&str, {kind})] = &[\n");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let id = path.file_stem().expect("a file name").to_string_lossy();
        writeln!(
            code,
            "    ({id:?}, {include}!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a string");
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join(out_file);
    std::fs::write(out, code).unwrap_or_else(|e| panic!("writing the list of {what}: {e}"));
}
