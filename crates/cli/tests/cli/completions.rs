//! `damier completions` and `damier manual` describe the program as it parses its arguments.

use crate::common::damier;
use std::process::Command;

const COMMANDS: [&str; 12] = [
    "perft",
    "moves",
    "show",
    "pdn",
    "analyze",
    "bench",
    "hub",
    "match",
    "play",
    "serve",
    "completions",
    "manual",
];

#[test]
fn every_shell_gets_a_script_naming_every_command() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = damier(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8(out.stdout).unwrap();
        for command in COMMANDS {
            assert!(script.contains(command), "{shell}: {command}");
        }
        assert!(script.contains("variant"), "{shell}");
    }
    let out = damier(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_bash_script_is_valid_bash() {
    let script = damier(&["completions", "bash"]).stdout;
    let path = std::env::temp_dir().join(format!("damier-completion-{}.bash", std::process::id()));
    std::fs::write(&path, script).unwrap();
    let checked = Command::new("bash").arg("-n").arg(&path).output();
    std::fs::remove_file(&path).ok();
    // Where bash exists (every machine this project builds on), it must accept the script.
    if let Ok(out) = checked {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn the_manual_names_every_command_and_the_play_options() {
    let out = damier(&["manual"]);
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(
        page.starts_with(".ie") || page.starts_with(".TH"),
        "{}",
        &page[..40]
    );
    for command in COMMANDS {
        assert!(page.contains(command), "{command}");
    }
    let dir = std::env::temp_dir().join(format!("damier-man-{}", std::process::id()));
    let out = damier(&["manual", "--out", dir.to_str().unwrap()]);
    assert!(out.status.success());
    let play = std::fs::read_to_string(dir.join("damier-play.1")).unwrap();
    for option in [
        "--variant",
        "--clock",
        "--level",
        "--side",
        "--save",
        "--pdn",
    ] {
        assert!(play.contains(&option.replace('-', "\\-")), "{option}");
    }
    for command in COMMANDS {
        assert!(
            dir.join(format!("damier-{command}.1")).exists(),
            "{command}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
