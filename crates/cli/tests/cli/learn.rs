//! The learning commands as a user runs them: `selfplay` writes a folder that `pdn check`
//! accepts and that a second run continues, `train` turns it into a weights file that every
//! searching command loads, and `match --sprt` stops when its test decides.

use crate::common::{damier, text};
use std::path::Path;
use std::process::Output;

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("damier-learn-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn selfplay(dir: &Path, variant: &str, games: &str) -> Output {
    damier(&[
        "selfplay",
        "-v",
        variant,
        "--games",
        games,
        "--nodes",
        "300",
        "--threads",
        "2",
        "--out",
        dir.to_str().unwrap(),
    ])
}

#[test]
fn selfplay_continues_a_folder_and_its_games_are_valid_pdn() {
    let once = scratch("once");
    let twice = scratch("twice");
    let out = selfplay(&once, "russian", "6");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("6 games (6 new"),
        "{}",
        text(&out.stdout)
    );
    // The same six games made in two runs are the same bytes: a run goes on where the last
    // one stopped, as if never stopped.
    assert!(selfplay(&twice, "russian", "2").status.success());
    let out = selfplay(&twice, "russian", "6");
    assert!(
        text(&out.stdout).contains("6 games (4 new"),
        "{}",
        text(&out.stdout)
    );
    for file in ["positions.dtp", "games.pdn"] {
        let a = std::fs::read(once.join(file)).unwrap();
        let b = std::fs::read(twice.join(file)).unwrap();
        assert!(a == b, "{file} differs between one run and two");
    }
    let check = damier(&["pdn", "check", once.join("games.pdn").to_str().unwrap()]);
    assert!(check.status.success(), "{}", text(&check.stderr));
    assert_eq!(text(&check.stdout).matches(", ok").count(), 6);
    // A folder of another variant is refused before anything is written to it.
    let out = selfplay(&once, "english", "8");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("holds russian games"),
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&once);
    let _ = std::fs::remove_dir_all(&twice);
}

/// The numbers in the `Round` tags of a PDN file, in file order.
fn rounds(pdn: &Path) -> Vec<String> {
    std::fs::read_to_string(pdn)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("[Round \"")?.strip_suffix("\"]"))
        .map(str::to_string)
        .collect()
}

#[test]
fn selfplay_brings_games_pdn_to_the_games_of_positions_dtp() {
    let two = scratch("ledger-two");
    let three = scratch("ledger-three");
    assert!(selfplay(&two, "english", "2").status.success());
    assert!(selfplay(&three, "english", "3").status.success());
    let copy = |from: &Path, to: &Path, file: &str| {
        std::fs::copy(from.join(file), to.join(file)).unwrap();
    };
    // Stopped while writing game 3's text: the PDN file ends in a torn game, its positions
    // were never written. The next run cuts it and plays game 3 again.
    let torn = scratch("ledger-torn");
    std::fs::create_dir_all(&torn).unwrap();
    copy(&two, &torn, "positions.dtp");
    copy(&two, &torn, "selfplay.json");
    let pdn = std::fs::read(three.join("games.pdn")).unwrap();
    std::fs::write(torn.join("games.pdn"), &pdn[..pdn.len() - 20]).unwrap();
    let out = selfplay(&torn, "english", "3");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(
        report.contains("games.pdn: cut") && report.contains("(0 whole games, 1 torn)"),
        "{report}"
    );
    assert!(report.contains("3 games (1 new"), "{report}");
    assert!(std::fs::read(torn.join("games.pdn")).unwrap() == pdn);
    let check = damier(&["pdn", "check", torn.join("games.pdn").to_str().unwrap()]);
    assert!(check.status.success(), "{}", text(&check.stderr));
    assert_eq!(text(&check.stdout).matches(", ok").count(), 3);
    // A folder of an earlier Damier, stopped between game 3's positions and its text: the
    // PDN file lacks game 3, which is said; the run goes on after it.
    let lacks = scratch("ledger-lacks");
    std::fs::create_dir_all(&lacks).unwrap();
    copy(&three, &lacks, "positions.dtp");
    copy(&three, &lacks, "selfplay.json");
    copy(&two, &lacks, "games.pdn");
    let out = selfplay(&lacks, "english", "4");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let warning = text(&out.stderr);
    assert!(
        warning.contains("games.pdn lacks game 3, whose positions are in positions.dtp"),
        "{warning}"
    );
    assert!(text(&out.stdout).contains("4 games (1 new"));
    assert_eq!(rounds(&lacks.join("games.pdn")), ["1", "2", "4"]);
    let check = damier(&["pdn", "check", lacks.join("games.pdn").to_str().unwrap()]);
    assert!(check.status.success(), "{}", text(&check.stderr));
    for dir in [two, three, torn, lacks] {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn selfplay_settings_are_never_left_cut_short() {
    // A run stopped while it writes selfplay.json: here the system stops it (SIGXFSZ) as it
    // writes past a file size limit a few bytes above the settings' old size, as a full disk
    // or a kill would. The settings on the disk must be the old ones, whole, and the next
    // run must go on.
    let dir = scratch("settings-cut");
    assert!(selfplay(&dir, "english", "2").status.success());
    let settings = dir.join("selfplay.json");
    let old = std::fs::read(&settings).unwrap();
    let out = std::process::Command::new("prlimit")
        .arg(format!("--fsize={}", old.len() + 16))
        .arg(env!("CARGO_BIN_EXE_damier"))
        .args([
            "selfplay", "-v", "english", "--games", "3", "--nodes", "300", "--out",
        ])
        .arg(&dir)
        .output()
        .expect("prlimit (util-linux) runs damier under a file size limit");
    assert!(!out.status.success(), "{}", text(&out.stdout));
    assert!(
        std::fs::read(&settings).unwrap() == old,
        "the settings changed"
    );
    let out = selfplay(&dir, "english", "3");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("3 games (1 new"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn selfplay_names_its_openings_file_in_its_settings() {
    let dir = scratch("openings");
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("book.txt");
    std::fs::write(&book, "11-15 23-19 8-11\n9-13 22-18\n10-14 24-20\n").unwrap();
    let out = dir.join("games");
    let run = damier(&[
        "selfplay",
        "-v",
        "english",
        "--games",
        "2",
        "--nodes",
        "300",
        "--openings",
        book.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let settings: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("selfplay.json")).unwrap()).unwrap();
    let openings = &settings["runs"][0]["openings"];
    assert_eq!(openings["file"], book.to_str().unwrap());
    assert_eq!(openings["count"], 3);
    let sum = std::process::Command::new("sha256sum")
        .arg(&book)
        .output()
        .expect("sha256sum runs");
    let sha256 = openings["sha256"].as_str().unwrap();
    assert_eq!(sha256.len(), 16);
    assert!(
        text(&sum.stdout).starts_with(sha256),
        "{}",
        text(&sum.stdout)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_run_split_into_parts_holds_the_games_of_one_run() {
    let whole = scratch("whole");
    let parts = scratch("parts");
    assert!(selfplay(&whole, "english", "5").status.success());
    // Games 1-2 and 3-5 in two folders, as two machines would play them.
    for (first, games) in [("1", "2"), ("3", "3")] {
        let dir = parts.join(format!("part-{first}"));
        let out = damier(&[
            "selfplay",
            "-v",
            "english",
            "--games",
            games,
            "--first-game",
            first,
            "--nodes",
            "300",
            "--out",
            dir.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    let read = |dir: &Path, file: &str| std::fs::read(dir.join(file)).unwrap();
    let pdn = [
        read(&parts.join("part-1"), "games.pdn"),
        read(&parts.join("part-3"), "games.pdn"),
    ]
    .concat();
    assert!(
        pdn == read(&whole, "games.pdn"),
        "the parts' games differ from one run's"
    );
    // The training files hold the same game blocks after their headers.
    let header = 8 + 2 + 1 + "english".len();
    let body = |bytes: Vec<u8>| bytes[header..].to_vec();
    let blocks = [
        body(read(&parts.join("part-1"), "positions.dtp")),
        body(read(&parts.join("part-3"), "positions.dtp")),
    ]
    .concat();
    assert!(blocks == body(read(&whole, "positions.dtp")));
    // A part folder continued as another part is refused.
    let out = damier(&[
        "selfplay",
        "-v",
        "english",
        "--games",
        "4",
        "--first-game",
        "2",
        "--out",
        parts.join("part-3").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("from number 3, not 2"),
        "{}",
        text(&out.stderr)
    );
    // Training takes the folder of parts as one.
    let out = damier(&[
        "train",
        "-v",
        "english",
        "--data",
        parts.to_str().unwrap(),
        "--epochs",
        "1",
        "--out",
        parts.join("w.weights").to_str().unwrap(),
    ]);
    let report = text(&out.stdout) + &text(&out.stderr);
    assert!(
        report.contains("5 games") && report.contains("2 files"),
        "{report}"
    );
    let _ = std::fs::remove_dir_all(&whole);
    let _ = std::fs::remove_dir_all(&parts);
}

#[test]
fn trained_weights_load_where_an_evaluation_is_chosen() {
    let dir = scratch("train");
    assert!(selfplay(&dir, "english", "40").status.success());
    let weights = dir.join("english.weights");
    let weights = weights.to_str().unwrap();
    let out = damier(&[
        "train",
        "-v",
        "english",
        "--data",
        dir.to_str().unwrap(),
        "--out",
        weights,
        "--epochs",
        "2",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(report.contains("epoch   2/2"), "{report}");
    assert!(report.contains("validation loss"), "{report}");
    // The file plays, and is refused for another variant with one line.
    let out = damier(&[
        "analyze", "-v", "english", "--depth", "4", "--eval", weights,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = damier(&[
        "analyze",
        "-v",
        "international",
        "--depth",
        "4",
        "--eval",
        weights,
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("english") && err.contains("international"),
        "{err}"
    );
    // A truncated file is refused, never played.
    let bytes = std::fs::read(weights).unwrap();
    let cut = dir.join("cut.weights");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let out = damier(&[
        "analyze",
        "-v",
        "english",
        "--depth",
        "4",
        "--eval",
        cut.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(!text(&out.stderr).contains("panicked"));
    // Training data of another variant is refused.
    let out = damier(&[
        "train",
        "-v",
        "russian",
        "--data",
        dir.to_str().unwrap(),
        "--out",
        dir.join("r.weights").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("english"),
        "{}",
        text(&out.stderr)
    );
    // So are weights of another variant in a match, before any game.
    let spec = format!("damier:eval={weights},depth=2");
    let out = damier(&["match", "-v", "russian", "--first", &spec, "--games", "2"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("not russian"),
        "{}",
        text(&out.stderr)
    );
    // --out is checked before training, and never names a file the training reads.
    let d = dir.to_str().unwrap();
    let dtp = dir.join("positions.dtp");
    for (out_path, says) in [
        (d, "is a folder"),
        ("/nonexistent/w.weights", "does not exist"),
        (dtp.to_str().unwrap(), "one of the training files read"),
    ] {
        let out = damier(&["train", "-v", "english", "--data", d, "--out", out_path]);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{out_path}: {}",
            text(&out.stderr)
        );
        assert!(text(&out.stderr).contains(says), "{}", text(&out.stderr));
    }
    // A reader that closes the pipe early stops the printing, not the saving.
    let piped = dir.join("piped.weights");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_damier"))
        .args([
            "train", "-v", "english", "--data", d, "--epochs", "2", "--out",
        ])
        .arg(&piped)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    assert!(child.wait().unwrap().success());
    assert!(std::fs::metadata(&piped).is_ok(), "no weights written");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn one_game_under_two_names_trains_on_either_names_games() {
    // German plays by Brazilian's rules (RULES.md §2): Brazilian self-play trains German
    // weights, which German then plays and Brazilian refuses.
    let dir = scratch("renamed");
    assert!(selfplay(&dir, "brazilian", "20").status.success());
    let weights = dir.join("german.weights");
    let weights = weights.to_str().unwrap();
    let out = damier(&[
        "train",
        "-v",
        "german",
        "--data",
        dir.to_str().unwrap(),
        "--out",
        weights,
        "--epochs",
        "1",
        // A third of the games kept apart, so that some are whatever the games turn out to be.
        "--validation",
        "33",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("german: "),
        "{}",
        text(&out.stdout)
    );
    let analyze =
        |variant: &str| damier(&["analyze", "-v", variant, "--depth", "3", "--eval", weights]);
    assert!(analyze("german").status.success());
    assert_eq!(analyze("brazilian").status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_sequential_test_stops_when_it_decides() {
    // Depth 4 against depth 1 is so lopsided that H1 is accepted long before 200 games.
    let out = damier(&[
        "match",
        "-v",
        "english",
        "--first",
        "damier:depth=4",
        "--second",
        "damier:depth=1",
        "--games",
        "200",
        "--sprt",
        "0,50",
        "--concurrency",
        "2",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(report.contains("H1 accepted"), "{report}");
    assert!(report.contains("LLR"), "{report}");
    let games: u32 = report
        .split_once(" / ")
        .and_then(|(_, rest)| rest.split(',').next())
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no game count in {report}"));
    assert!(games < 200, "{report}");
}

#[test]
fn bad_learning_arguments_are_usage_errors() {
    let dir = scratch("bad");
    let d = dir.to_str().unwrap();
    for args in [
        vec!["match", "--sprt", "10,0"],
        vec!["match", "--sprt", "0,10,0.7,0.05"],
        vec!["match", "--sprt", "x"],
        vec!["selfplay", "--games", "0", "--out", d],
        vec!["selfplay", "--games", "2", "--depth", "0", "--out", d],
        vec!["selfplay", "-v", "nope", "--games", "2", "--out", d],
        vec!["train", "--data", d, "--out", "w", "--lambda", "2"],
        vec!["train", "--data", d, "--out", "w", "--epochs", "0"],
        vec!["train", "--data", d, "--out", "w", "--init", "classic"],
        vec!["selfplay", "--games", "-1", "--out", d],
        vec!["analyze", "--eval", "/nonexistent.weights"],
    ] {
        let out = damier(&args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        let err = text(&out.stderr);
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
    // The library's ranges, in the command line's options.
    for (args, said) in [
        (
            vec!["selfplay", "--games", "2", "--first-game", "0", "--out", d],
            "--first-game must be between 1 and 1000000000, got 0",
        ),
        (
            vec!["selfplay", "--games", "2", "--noise", "2000", "--out", d],
            "--noise must be between 0 and 1000, got 2000",
        ),
        (
            vec!["train", "--data", d, "--out", "w", "--l2-global", "-1"],
            "--l2-global must be at least 0, got -1",
        ),
    ] {
        let out = damier(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            text(&out.stderr).trim(),
            format!("damier: {said}"),
            "{args:?}"
        );
    }
    // A folder with nothing to learn from is a mistake in --data, said in one line.
    std::fs::create_dir_all(&dir).unwrap();
    let out = damier(&["train", "--data", d, "--out", "w"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("no training file here"));
    let _ = std::fs::remove_dir_all(&dir);
}
