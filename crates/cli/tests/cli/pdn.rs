//! `damier pdn check` and `damier pdn convert` as a user runs them.

use crate::common::{damier, stderr, stdout};
use std::path::PathBuf;

fn data(name: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../samples");
    dir.join(name).to_string_lossy().into_owned()
}

fn scratch(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("damier-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn check_prints_one_line_per_game() {
    let out = damier(&["pdn", "check", &data("international-wk2003.pdn")]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(
        lines[0],
        "1: Ndjofang, J.M. - Heusdens, R., 1/2-1/2, 40 moves, ok"
    );
}

/// A result the final position contradicts is an error: there the side to move has no move,
/// which decides the game. A result the board does not decide (a resignation) stands.
#[test]
fn check_refuses_a_result_the_final_position_contradicts() {
    let file = scratch(
        "result.pdn",
        "[GameType \"21\"]\n[SetUp \"1\"]\n[FEN \"B:W18:B14\"]\n1... 14x23 1-0\n\n\
         [GameType \"21\"]\n[SetUp \"1\"]\n[FEN \"B:W18:B14\"]\n1... 14x23 0-1\n\n\
         [GameType \"21\"]\n1. 11-15 1-0\n\n\
         [Variant \"english-giveaway\"]\n[SetUp \"1\"]\n[FEN \"B:W18:B14\"]\n1... 14x23 0-1\n",
    );
    let out = damier(&["pdn", "check", &file]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "1: ? - ?, 1-0, ½ move, error: the result 1-0 is not the board's: white has no move, so black wins",
            "2: ? - ?, 0-1, ½ move, ok",
            "3: ? - ?, 1-0, ½ move, ok",
            "4: ? - ?, 0-1, ½ move, error: the result 0-1 is not the board's: white has no move, so white wins",
        ],
        "{text}"
    );
    assert_eq!(stderr(&out).trim(), "damier: 2 of 4 games have errors");
}

#[test]
fn check_reports_the_first_error_of_each_bad_game_and_fails() {
    let file = scratch(
        "bad.pdn",
        "[White \"A\"]\n1. 32-28 19-23 1-0\n\n[White \"B\"]\n[Black \"C\"]\n1. 32-28 19-23\n2. 33-29 *\n",
    );
    let out = damier(&["pdn", "check", &file]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    // Two plies fit Frisian too, which the line notes after its verdict.
    assert!(
        lines[0].starts_with("1: A - ?, 1-0, 1 move, ok (no GameType tag"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with(
            "2: B - C, ?, 1 move, error at line 7, column 4: move 2.: illegal move 33-29"
        ),
        "{}",
        lines[1]
    );
    assert_eq!(stderr(&out).trim(), "damier: 1 of 2 games has an error");
    let out = damier(&["pdn", "check", &file, "--json"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).lines().nth(1).unwrap()).unwrap();
    assert_eq!(v["error"]["line"], 7);
    assert_eq!(v["error"]["column"], 4);
    assert_eq!(v["black"], "C");
    // Moves as players count them (one by each side), and plies, in both kinds of line.
    assert_eq!(v["moves"], 1);
    assert_eq!(v["plies"], 2);
    let good: serde_json::Value =
        serde_json::from_str(stdout(&out).lines().next().unwrap()).unwrap();
    assert_eq!(good["moves"], 1);
    assert_eq!(good["plies"], 2);
}

#[test]
fn files_without_a_game_type_are_read_with_the_variant_given() {
    let file = data("english-inferno.pdn");
    let out = damier(&["pdn", "check", &file, "-v", "english"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out).lines().count(), 6);
    // Read as International when asked to, the English moves are refused, with the place.
    let out = damier(&["pdn", "check", &file, "-v", "international"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains("error at line 5, column 4"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn convert_to_long_moves_reads_back() {
    let file = data("russian-ussr1950.pdn");
    let out = damier(&["pdn", "convert", &file, "-v", "russian", "--to", "long"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("[GameType \"25,W,8,8,A0,0\"]"));
    // 30... c5:g5 takes d4 and f4: the long form names e3 in between.
    assert!(text.contains("c5:e3:g5"), "{text}");
    let again = scratch("long.pdn", &text);
    let out = damier(&["pdn", "check", &again]);
    assert!(out.status.success(), "{}", stdout(&out));
    assert_eq!(stdout(&out).lines().count(), 6);
}

#[test]
fn a_file_in_another_notation_converts_to_the_variants_own() {
    // A Russian game numbered like English checkers, as its GameType says.
    let file = scratch(
        "numbered.pdn",
        "[GameType \"25,W,8,8,N2,0\"]\n1. 22-18 11-15 2. 18x11 8x15 3. 21-17 1-0\n",
    );
    let out = damier(&["pdn", "convert", &file]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("[GameType \"25,W,8,8,A0,0\"]"), "{text}");
    assert!(
        text.contains("1. c3-d4 f6-e5 2. d4:f6 g7:e5 3. a3-b4 1-0"),
        "{text}"
    );
    // The check says how the squares were read.
    let out = damier(&["pdn", "check", &file]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).trim_end(),
        "1: ? - ?, 1-0, 2½ moves, ok (GameType \"25,W,8,8,N2,0\": squares read as numbers \
         from White's top left (1))"
    );
    let out = damier(&["pdn", "check", &file, "--json"]);
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(
        line["read_notes"],
        serde_json::json!([
            "GameType \"25,W,8,8,N2,0\": squares read as numbers from White's top left (1)"
        ])
    );
}

#[test]
fn convert_says_what_it_left_out() {
    let file = scratch("slip.pdn", "1. 32-28 (1. 19-23) 19-23 *\n");
    let out = damier(&["pdn", "convert", &file]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("1. 32-28 19-23 *"),
        "{}",
        stdout(&out)
    );
    assert_eq!(
        stderr(&out).trim_end(),
        "damier: game 1: the variation at line 1, column 10 was left out (line 1, column 14: \
         move 1.: illegal move 19-23: no white piece on 19)"
    );
}

#[test]
fn convert_to_fen_and_json() {
    let file = scratch("fen.pdn", "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 *\n");
    let out = damier(&["pdn", "convert", &file, "--to", "fen"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert!(lines[4].starts_with("2. 28x19\tB:W19,31,"), "{text}");
    let out = damier(&["pdn", "convert", &file, "--json"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["variant"], "international");
    assert_eq!(v["moves"][1]["number"], "1...");
    assert_eq!(v["moves"][2]["move"], "28x19");
    assert_eq!(v["tags"]["Event"], "?");
}

#[test]
fn unreadable_files_get_one_line() {
    let out = damier(&["pdn", "check", "/nonexistent/x.pdn"]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "a missing file is a command-line mistake"
    );
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1);
    assert!(
        err.starts_with("damier: cannot read /nonexistent/x.pdn"),
        "{err}"
    );
    let empty = scratch("empty.pdn", "\n\n");
    let out = damier(&["pdn", "convert", &empty]);
    assert_eq!(
        stderr(&out).trim(),
        format!("damier: {empty} holds no game")
    );
}

#[test]
fn untagged_games_are_read_as_the_variant_their_moves_fit() {
    // Neither sample file has a GameType tag; each game's moves fit one family of variants.
    let out = damier(&["pdn", "check", &data("english-inferno.pdn")]);
    assert!(out.status.success(), "{}", stdout(&out));
    for line in stdout(&out).lines() {
        assert!(
            line.ends_with("ok (no GameType tag: read as english, the one variant its moves fit)"),
            "{line}"
        );
    }
    let out = damier(&["pdn", "check", &data("russian-ussr1950.pdn")]);
    assert!(out.status.success(), "{}", stdout(&out));
    let text = stdout(&out);
    assert!(
        text.lines().all(|l| l.contains("read as russian")),
        "{text}"
    );
    assert!(
        text.contains("its moves also fit brazilian, german (--variant chooses)"),
        "{text}"
    );
    // --variant decides, and then no note is needed.
    let out = damier(&[
        "pdn",
        "check",
        "--variant",
        "english",
        &data("english-inferno.pdn"),
    ]);
    assert!(out.status.success());
    assert!(!stdout(&out).contains("GameType"));
    // A game no variant fits says so, names the tag it lacks, and shows the error of an
    // 8×8 variant, where its first move is legal, not "'c3' is not a square".
    let file = scratch("nofit.pdn", "[White \"A\"]\n1. c3-d4 c3-d4 *\n");
    let out = damier(&["pdn", "check", &file]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.contains("error at line 2, column 10"), "{text}");
    assert!(!text.contains("not a square"), "{text}");
    assert!(
        text.contains("(no GameType tag, and its moves fit no variant: the error is "),
        "{text}"
    );
    assert!(text.contains("--variant chooses"), "{text}");
}

#[test]
fn every_sample_passes_check_as_the_readme_runs_it() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../samples");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "pdn") {
            let out = damier(&["pdn", "check", path.to_str().unwrap()]);
            assert!(
                out.status.success(),
                "{}: {}{}",
                path.display(),
                stdout(&out),
                stderr(&out)
            );
            checked += 1;
        }
    }
    assert!(checked >= 3, "{checked} sample files");
    // Every sample file the guide names exists, so its commands can be run as written.
    let guide = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/guide");
    let mut named = Vec::new();
    for chapter in std::fs::read_dir(&guide).unwrap() {
        let text = std::fs::read_to_string(chapter.unwrap().path()).unwrap();
        named.extend(
            text.split(|c: char| c.is_whitespace() || c == '`')
                .filter(|w| w.starts_with("samples/") && w.ends_with(".pdn"))
                .map(str::to_string),
        );
    }
    assert!(!named.is_empty());
    for name in named {
        assert!(dir.join(&name["samples/".len()..]).is_file(), "{name}");
    }
}

#[test]
fn damaged_bytes_never_reach_the_terminal() {
    let file = std::env::temp_dir().join(format!("damier-cli-{}-bytes.pdn", std::process::id()));
    std::fs::write(&file, b"[White \"\x1b[31mred\x07\"]\n1. \x1b[2J 32-28 *\n").unwrap();
    let out = damier(&["pdn", "check", file.to_str().unwrap()]);
    let all = [out.stdout.clone(), out.stderr.clone()].concat();
    assert!(!all.contains(&0x1b), "{}", String::from_utf8_lossy(&all));
    assert!(!all.contains(&0x07));
}

/// The rules end a game where the game layer ends it (`damier play --pdn` refuses the same
/// files): moves after an automatic draw are an error naming where and why it ended, and a
/// result the draw contradicts is a wrong result.
#[test]
fn check_refuses_moves_and_results_after_the_rules_ended_the_game() {
    // English: the kings' shuffle repeats the start position a third time after 8 plies.
    let shuffle = "29-25 4-8 25-29 8-4 29-25 4-8 25-29 8-4";
    let head = "[GameType \"21\"]\n[SetUp \"1\"]\n[FEN \"W:WK29:BK4\"]\n";
    let file = scratch(
        "over.pdn",
        &format!(
            "{head}{shuffle} 29-25 1-0\n\n{head}{shuffle} 1-0\n\n{head}{shuffle} 1/2-1/2\n\n\
             {head}{shuffle} *\n\n{head}29-25 4-8 25-29 8-4 1-0\n"
        ),
    );
    let out = damier(&["pdn", "check", &file]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert!(
        lines[0].ends_with(
            "error: the game ended after 5. 8-4 (draw: third repetition of the position), \
             yet the moves go on with 5... 29-25"
        ),
        "{text}"
    );
    assert!(
        lines[1].ends_with(
            "error: the result 1-0 is not the board's: draw: third repetition of the position"
        ),
        "{text}"
    );
    assert!(lines[2].ends_with(", ok"), "{text}");
    assert!(lines[3].ends_with(", ok"), "{text}");
    // Twice is no draw: a result after it stands.
    assert!(lines[4].ends_with(", ok"), "{text}");
    assert_eq!(stderr(&out).trim(), "damier: 2 of 5 games have errors");
}

/// A move is one by each side: the check counts as players do, in text and JSON alike.
#[test]
fn check_counts_moves_as_players_do() {
    let file = scratch(
        "count.pdn",
        "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 33-29 *\n",
    );
    let out = damier(&["pdn", "check", &file]);
    assert!(out.status.success(), "{}", stdout(&out));
    assert_eq!(stdout(&out).trim(), "1: ? - ?, *, 2½ moves, ok");
    let out = damier(&["pdn", "check", &file, "--json"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["moves"], 2.5);
    assert_eq!(v["plies"], 5);
    let out = damier(&["pdn", "check", "--json", &data("international-wk2003.pdn")]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).lines().next().unwrap()).unwrap();
    assert_eq!(
        (v["moves"].as_u64(), v["plies"].as_u64()),
        (Some(40), Some(80))
    );
}

/// A Variant tag Damier does not know is said, with the variant the game was read as; an
/// untagged game read as international, PDN's default, names the other variants that fit.
#[test]
fn check_names_a_variant_tag_it_does_not_know_and_the_other_fits() {
    let file = scratch(
        "variant.pdn",
        "[Variant \"klingon\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n\
         [Variant \"klingon\"]\n[GameType \"21\"]\n1. 11-15 *\n\n\
         1. 32-28 17-22 *\n\n\
         [GameType \"20\"]\n1. 32-28 17-22 *\n",
    );
    let out = damier(&["pdn", "check", &file]);
    assert!(out.status.success(), "{}", stdout(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].contains(
            "ok (Variant tag \"klingon\" not understood: read as international, PDN's default"
        ),
        "{text}"
    );
    assert!(
        lines[1].ends_with(
            "ok (Variant tag \"klingon\" not understood: read as english, by its GameType tag)"
        ),
        "{text}"
    );
    assert!(
        lines[2].ends_with(
            "ok (no GameType tag: read as international, PDN's default; its moves also fit frisian, breakthrough (--variant chooses))"
        ),
        "{text}"
    );
    assert!(lines[3].ends_with("ok"), "{text}");
    let out = damier(&["pdn", "check", "--json", &file]);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).lines().next().unwrap()).unwrap();
    assert!(
        v["variant_note"].as_str().unwrap().contains("klingon"),
        "{v}"
    );
}

/// A Result tag the termination marker contradicts is an error; another form of the same
/// result, or a `*` marker, is not.
#[test]
fn check_refuses_a_result_tag_the_marker_contradicts() {
    let file = scratch(
        "tag.pdn",
        "[GameType \"20\"]\n[Result \"1-0\"]\n1. 32-28 1/2-1/2\n\n\
         [GameType \"20\"]\n[Result \"1-0\"]\n1. 32-28 2-0\n\n\
         [GameType \"20\"]\n[Result \"1-0\"]\n1. 32-28 *\n",
    );
    let out = damier(&["pdn", "check", &file]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "1: ? - ?, 1/2-1/2, ½ move, error: the Result tag says 1-0, the marker after the moves 1/2-1/2",
            "2: ? - ?, 2-0, ½ move, ok",
            "3: ? - ?, 1-0, ½ move, ok",
        ],
        "{text}"
    );
}
