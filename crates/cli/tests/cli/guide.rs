//! The guide cannot drift from the program: every `damier …` command in the README's and the
//! guide's code blocks uses only options its command has, and every one that needs nothing
//! from outside (a server to reach, a program to start, a port to hold) is run, in the order
//! the chapter gives, with its searches and game counts cut short, and must succeed.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The README, then the guide's chapters in name order.
fn documents() -> Vec<PathBuf> {
    let mut chapters: Vec<PathBuf> = std::fs::read_dir(root().join("docs/guide"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    chapters.sort();
    let mut all = vec![root().join("README.md")];
    all.extend(chapters);
    all
}

/// The `damier` commands of a Markdown text's code blocks, a continued line (`\`) joined.
fn commands(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut out: Vec<String> = Vec::new();
    let mut continued = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            continue;
        }
        let line = line.trim();
        if continued {
            let last = out.last_mut().unwrap();
            last.push(' ');
            last.push_str(line.trim_end_matches('\\'));
        } else if line.starts_with("damier ") {
            out.push(line.trim_end_matches('\\').to_string());
        } else {
            continue;
        }
        continued = line.ends_with('\\');
    }
    out
}

/// A command line split into words as a shell would (quotes; a `#` after a space starts a
/// comment).
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, '#') if !in_word => break,
            (None, c) if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        out.push(word);
    }
    out
}

/// Why a command is only checked, not run: it needs something from outside the test.
fn needs_outside(args: &[String]) -> Option<&'static str> {
    let any = |f: &dyn Fn(&str) -> bool| args.iter().any(|a| f(a));
    match args.first().map(String::as_str) {
        Some("serve") => Some("serves until stopped"),
        Some("dxp") => Some("needs another program over the network"),
        _ if any(&|a| a.contains("/path/to/") || a.contains("host:")) => {
            Some("needs another program")
        }
        _ => None,
    }
}

/// The same command, cut short: searches of a fraction of a second or a few plies, a couple
/// of games, short clocks, few database endings.
fn cut_short(args: &[String]) -> Vec<String> {
    let command = args[0].as_str();
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let value = args.get(i + 1).map(String::as_str);
        let capped = match (command, a, value) {
            (_, "--time", Some(_)) => Some("0.2".to_string()),
            ("perft", "--depth", Some(d)) => Some(d.parse::<u32>().unwrap().min(5).to_string()),
            (_, "--depth", Some(d)) => Some(d.parse::<u32>().unwrap().min(8).to_string()),
            ("selfplay", "--games", Some(_)) => Some("30".to_string()),
            ("book", "--positions", Some(_)) => Some("4".to_string()),
            (_, "--games", Some(_)) => Some("2".to_string()),
            (_, "--tc", Some(_)) => Some("0.1s+0.01s".to_string()),
            _ => None,
        };
        // The recommended set builds in minutes: the smallest set stands in for it.
        if a == "--recommended" {
            out.extend(["--pieces", "3"].map(String::from));
            i += 1;
            continue;
        }
        out.push(a.to_string());
        if let Some(v) = capped {
            out.push(v);
            i += 2;
        } else {
            i += 1;
        }
    }
    if command == "bench" && !args.iter().any(|a| a == "--depth") {
        out.extend(["--depth".to_string(), "5".to_string()]);
    }
    if args.get(1).is_some_and(|s| s == "playout") {
        out.extend(["--wins", "5", "--draws", "5"].map(String::from));
    }
    out
}

/// The command's help: the subcommand path is its leading words that are names, not values.
fn help_of(args: &[String]) -> String {
    let path: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .take_while(|w| w.chars().all(|c| c.is_ascii_lowercase()))
        .take(2)
        .collect();
    let out = Command::new(env!("CARGO_BIN_EXE_damier"))
        .args(&path)
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout).into_owned();
    // A positional value read as a second subcommand name (`rules frisian`): its parent's help.
    if out.status.success() {
        help
    } else {
        help_of(&args[..1])
    }
}

/// Whether `help` lists the option `name` (`--variant`, `-v`) as a whole word.
fn lists(help: &str, name: &str) -> bool {
    help.match_indices(name).any(|(at, _)| {
        let before = help[..at].chars().next_back();
        let after = help[at + name.len()..].chars().next();
        before.is_none_or(|c| c == ' ' || c == '[' || c == '\n')
            && after.is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '-'))
    })
}

fn run(args: &[String], dir: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_damier"))
        .args(args)
        .current_dir(dir)
        .env("HOME", dir)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("DAMIER_EGDB", dir.join("egdb"))
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn every_command_of_the_guide_has_its_options_and_runs() {
    let mut problems = Vec::new();
    let mut ran = 0;
    for doc in documents() {
        let name = doc.file_name().unwrap().to_string_lossy().to_string();
        // Each document's commands run in a folder of their own, where the samples are at hand
        // and whatever they write (games, weights, databases) stays.
        let dir = std::env::temp_dir().join(format!(
            "damier-guide-{}-{}",
            std::process::id(),
            name.trim_end_matches(".md")
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        link_samples(&dir);
        let text = std::fs::read_to_string(&doc).unwrap();
        for line in commands(&text) {
            let args = words(&line)[1..].to_vec();
            let help = help_of(&args);
            for option in args.iter().filter(|a| a.starts_with('-')) {
                let option = option.split('=').next().unwrap();
                if !lists(&help, option) {
                    problems.push(format!("{name}: `{line}`: no option {option}"));
                }
            }
            if needs_outside(&args).is_some() {
                continue;
            }
            let out = run(&cut_short(&args), &dir);
            ran += 1;
            if !out.status.success() {
                problems.push(format!(
                    "{name}: `{line}` failed: {}",
                    String::from_utf8_lossy(&out.stderr).trim()
                ));
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(ran > 40, "only {ran} commands ran");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn command_lines_split_as_a_shell_splits_them() {
    assert_eq!(
        words(r#"damier analyze --fen "W:W31-50:B1-20" --depth 16   # one line"#),
        [
            "damier",
            "analyze",
            "--fen",
            "W:W31-50:B1-20",
            "--depth",
            "16"
        ]
    );
    let text = "```\ndamier match --first a \\\n    --second b\n```\n";
    assert_eq!(commands(text), ["damier match --first a  --second b"]);
    assert!(lists("  -v, --variant <VARIANT>", "--variant"));
    assert!(lists("  -v, --variant <VARIANT>", "-v"));
    assert!(!lists("  --variants", "--variant"));
}

/// The repository's samples seen from `dir` (a link where the system has them, else a copy).
fn link_samples(dir: &Path) {
    #[cfg(unix)]
    std::os::unix::fs::symlink(root().join("samples"), dir.join("samples")).unwrap();
    #[cfg(not(unix))]
    copy_tree(&root().join("samples"), &dir.join("samples"));
}

#[cfg(not(unix))]
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &to.join(entry.file_name()));
        } else {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}
