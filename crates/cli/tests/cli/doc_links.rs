//! The documents a user reads link only to files and headings that exist: the README, the
//! guide, docs/, and the READMEs and protocol notes beside the code.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every Markdown file of the repository a user may open (not the build's or a tool's).
fn documents() -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![root()];
    while let Some(dir) = folders.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if path.is_dir() {
                if !name.starts_with('.') && !["target", "node_modules", "fuzz"].contains(&&*name) {
                    folders.push(path);
                }
            } else if name.ends_with(".md") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// A heading's anchor as GitHub makes it: lower case, spaces to hyphens, punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code blocks).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut fenced = false;
    let mut out = BTreeSet::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.insert(anchor(line.trim_start_matches('#')));
        }
    }
    out
}

/// The targets of a file's inline links and images, outside code.
fn links(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Code spans may hold text that looks like a link.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        for part in prose.split("](").skip(1) {
            if let Some(end) = part.find(')') {
                out.push(part[..end].to_string());
            }
        }
    }
    out
}

#[test]
fn every_link_of_the_documents_reaches_a_file_and_heading() {
    let docs = documents();
    assert!(docs.len() > 20, "found {} documents", docs.len());
    let mut broken = Vec::new();
    for doc in &docs {
        let text = std::fs::read_to_string(doc).unwrap();
        for link in links(&text) {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            let (file, heading) = match link.split_once('#') {
                Some((f, h)) => (f, Some(h)),
                None => (link.as_str(), None),
            };
            let target: &Path = if file.is_empty() {
                doc
            } else {
                Path::new(file)
            };
            let target = if file.is_empty() {
                target.to_path_buf()
            } else {
                doc.parent().unwrap().join(target)
            };
            let shown = doc
                .strip_prefix(root())
                .unwrap_or(doc)
                .display()
                .to_string();
            if !target.exists() {
                broken.push(format!("{shown}: no file {link}"));
                continue;
            }
            if let Some(h) = heading {
                let target_text = std::fs::read_to_string(&target).unwrap_or_default();
                if !anchors(&target_text).contains(h) {
                    broken.push(format!("{shown}: no heading #{h} in {file}"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn anchors_are_spelled_as_github_spells_them() {
    assert_eq!(anchor(" Run the tests"), "run-the-tests");
    assert_eq!(
        anchor(" Hub and DXP: the engine's protocols"),
        "hub-and-dxp-the-engines-protocols"
    );
    assert_eq!(links("see [a](x.md#b) and `[c](d)`"), ["x.md#b"]);
}
