//! Gives `damier --version` the commit it was built from (`DAMIER_COMMIT`): the short hash,
//! or `unknown` outside a git checkout (a source archive, `cargo install` from a package).

use std::path::Path;
use std::process::Command;

fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .current_dir(dir)
        .args(args)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest);
    let commit = git(dir, &["rev-parse", "--short=9", "HEAD"]);
    println!(
        "cargo:rustc-env=DAMIER_COMMIT={}",
        commit.as_deref().unwrap_or("unknown")
    );
    // A new commit or checkout moves HEAD's log; the build script runs again then, and only then.
    if let Some(git_dir) = git(dir, &["rev-parse", "--absolute-git-dir"]) {
        for file in ["HEAD", "logs/HEAD"] {
            let path = Path::new(&git_dir).join(file);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
