//! `damier egdb`: build, verify, probe, info and bench from the command line, and the
//! databases in `analyze`; bad input answered with one line.

use crate::common::{damier, damier_fed, fails, ok};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Assert that `text` holds each of `parts`.
pub(crate) fn says(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{part:?} not in:\n{text}");
    }
}

pub(crate) fn build<'a>(variant: &'a str, pieces: &'a str, dir: &'a str) -> [&'a str; 8] {
    [
        "egdb", "build", "-v", variant, "--pieces", pieces, "--dir", dir,
    ]
}

/// Probe two kings against one in the corner.
fn corner_probe(dir: &str) -> [&str; 8] {
    [
        "egdb",
        "probe",
        "-v",
        "english",
        "--fen",
        "W:WK29,K30:BK1",
        "--dir",
        dir,
    ]
}

/// `analyze` of the same corner ending to `depth`, with the databases of `dir`.
fn corner_analyze<'a>(dir: &'a str, depth: &'a str) -> [&'a str; 9] {
    [
        "analyze",
        "-v",
        "english",
        "--fen",
        "W:WK29,K30:BK1",
        "--depth",
        depth,
        "--egdb",
        dir,
    ]
}

/// A folder of this process for one test, emptied first: each test has its own, since
/// tests run at once.
pub(crate) fn own_root(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("damier-cli-egdb-{}.{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn build_verify_probe_and_analyse() {
    let root = own_root("main");
    let dir = root.to_str().unwrap();
    let built = ok(&build("english", "3", dir));
    assert!(built.contains("every slice up to 3 pieces"), "{built}");
    let again = ok(&build("english", "3", dir));
    assert!(again.contains("kept from an earlier run"), "{again}");

    let checked = ok(&["egdb", "verify", "-v", "english", "--dir", dir]);
    assert!(checked.contains("16 slices"), "{checked}");
    assert!(
        checked.contains("K2-K1: 14880 positions, 0 wrong"),
        "{checked}"
    );
    // A part of the check: the pair named and nothing else.
    let part = ok(&[
        "egdb", "verify", "-v", "english", "--dir", dir, "--slice", "K1-K2", "--again",
    ]);
    assert!(part.contains("K1-K2: 14880 positions, 0 wrong"), "{part}");
    assert!(part.contains("K2-K1: 14880 positions, 0 wrong"), "{part}");
    assert!(part.contains("2 slices, 29760 positions checked"), "{part}");

    // Checked again, the slices that passed are passed over, until a file changes.
    let resumed = ok(&["egdb", "verify", "-v", "english", "--dir", dir]);
    says(
        &resumed,
        &[
            "K2-K1: passed an earlier check, unchanged since",
            "0 slices, 0 positions checked, 0 wrong",
            "(16 more passed an earlier check",
        ],
    );
    let changed = root.join("english").join("K2-K1.egdb");
    std::fs::File::options()
        .write(true)
        .open(&changed)
        .and_then(|f| {
            f.set_modified(std::time::UNIX_EPOCH + std::time::Duration::from_secs(1 << 30))
        })
        .unwrap();
    let rechecked = ok(&["egdb", "verify", "-v", "english", "--dir", dir]);
    says(
        &rechecked,
        &[
            "K2-K1: 14880 positions, 0 wrong",
            "1 slices, 14880 positions checked, 0 wrong",
        ],
    );
    // A record that cannot be read or written costs a warning, not the check.
    let record = root.join("english").join("checked.txt");
    std::fs::remove_file(&record).unwrap();
    std::fs::create_dir(&record).unwrap();
    let out = damier(&["egdb", "verify", "-v", "english", "--dir", dir]);
    let (text, warned) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{text}{warned}");
    assert!(
        text.contains("16 slices, 202280 positions checked"),
        "{text}"
    );
    assert!(
        warned.contains("warning: no record of the slices that passed"),
        "{warned}"
    );
    std::fs::remove_dir(&record).unwrap();

    let info = ok(&["egdb", "info", "--dir", dir]);
    assert!(info.contains("english: 16 slices"), "{info}");
    assert!(info.contains("complete up to 3 pieces"), "{info}");
    // A variant with no set there is said to have none, and a probe of it too; a position of
    // more pieces than any database holds is told so, not asked to be built.
    // `--egdb`, as `analyze` spells it, names the folder too.
    let none = ok(&["egdb", "info", "-v", "russian", "--egdb", dir]);
    assert!(none.starts_with("russian: no databases in "), "{none}");
    let err = fails(&[
        "egdb",
        "probe",
        "-v",
        "russian",
        "--fen",
        "W:WKc1:BKh8",
        "--dir",
        dir,
    ]);
    // Opened as --egdb opens a folder: refused, with the command that builds the set there.
    assert!(
        err.starts_with(&format!("damier: --dir {dir}: no russian databases there")),
        "{err}"
    );
    assert!(err.contains(&format!("--pieces N --dir {dir}`")), "{err}");
    let err = fails(&["egdb", "probe", "-v", "english", "--dir", dir]);
    assert_eq!(
        err.trim_end(),
        "damier: the position has 24 pieces; databases hold endings of at most 8"
    );

    // Two kings against one in the corner: a win, and the moves that keep it.
    let probe = ok(&corner_probe(dir));
    let first = probe.lines().next().unwrap();
    assert!(
        first.starts_with("K2-K1, white to move: win in "),
        "{probe}"
    );
    assert!(probe.contains("keeps it"), "{probe}");

    let analysis = ok(&corner_analyze(dir, "6"));
    let plies = first
        .trim_start_matches("K2-K1, white to move: win in ")
        .trim_end_matches(" plies");
    assert!(
        analysis.starts_with(&format!("database win in {plies} plies")),
        "{analysis}"
    );
    assert!(
        analysis.contains(&format!("score win in {plies}")),
        "{analysis}"
    );

    let bench = ok(&[
        "egdb", "bench", "-v", "english", "--probes", "2000", "--dir", dir,
    ]);
    assert!(
        bench.contains("cold: 2000 probes") && bench.contains("warm: 2000 probes"),
        "{bench}"
    );

    // Random won and drawn endings, the engine on both sides: every win converted, every
    // draw held.
    let playout = ok(&[
        "egdb", "playout", "-v", "english", "--wins", "40", "--draws", "10", "--dir", dir,
    ]);
    assert!(
        playout.contains("wins converted 40/40 (100.0%")
            && playout.contains("draws held 10/10 (100.0%)"),
        "{playout}"
    );
    // A kind none was asked for is left out, not reported as "0/0".
    let wins_only = ok(&[
        "egdb", "playout", "-v", "english", "--wins", "5", "--draws", "0", "--dir", dir,
    ]);
    assert!(
        wins_only.contains("wins converted 5/5 (100.0%") && !wins_only.contains("draws held"),
        "{wins_only}"
    );

    // In a game, the hint says the database's verdict.
    let mut child = Command::new(env!("CARGO_BIN_EXE_damier"))
        .args([
            "play",
            "-v",
            "english",
            "--fen",
            "W:WK29,K30:BK1",
            "--plain",
            "--egdb",
            dir,
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("damier runs");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"hint\nquit\n").unwrap();
    }
    let played = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&played.stdout);
    assert!(
        text.contains(&format!("database: white wins in {plies}")),
        "{text}"
    );

    // A damaged file: one line naming it, for every command that reads it.
    let file = Path::new(dir).join("english").join("K2-K1.egdb");
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() / 2]).unwrap();
    for args in [
        corner_probe(dir).to_vec(),
        vec!["egdb", "info", "--dir", dir],
        corner_analyze(dir, "2").to_vec(),
    ] {
        let err = fails(&args);
        assert!(
            err.contains("K2-K1.egdb") && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn bad_arguments_get_one_line() {
    let root = own_root("bad");
    let dir = root.to_str().unwrap();
    let err = fails(&build("english", "40", dir));
    assert!(err.contains("--pieces must be between 2 and 8"), "{err}");
    let err = fails(&corner_probe(dir));
    assert!(
        err.contains(&format!("--dir {dir}: no english databases there")),
        "{err}"
    );
    // Without --dir the default folder is at fault, not an option the user did not type.
    let probe = &corner_probe(dir)[..6];
    let out = damier_fed(probe, "", &[("DAMIER_EGDB", root.as_path())]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with(&format!(
            "damier: the default folder {dir}: no english databases there"
        )),
        "{err}"
    );
    let err = fails(&["egdb", "verify", "-v", "english", "--dir", dir]);
    assert!(err.contains("no english databases"), "{err}");
    let err = fails(&[
        "egdb", "verify", "-v", "english", "--dir", dir, "--slice", "K2-K",
    ]);
    assert!(err.contains("'K2-K' is not a material slice"), "{err}");
    let err = fails(&[
        "egdb", "verify", "-v", "english", "--dir", dir, "--slice", "K2-K1",
    ]);
    assert!(
        err.contains("--slice K2-K1: neither it nor K1-K2 is in"),
        "{err}"
    );
    let err = fails(&["analyze", "-v", "english", "--depth", "2", "--egdb", dir]);
    assert!(err.contains("no english databases there"), "{err}");
    let err = fails(&["egdb", "playout", "-v", "english", "--dir", dir]);
    assert!(err.contains("no english databases"), "{err}");
    let err = fails(&[
        "egdb", "playout", "-v", "english", "--wins", "0", "--draws", "0", "--dir", dir,
    ]);
    assert!(err.contains("nothing to play"), "{err}");
    let err = fails(&[
        "egdb", "playout", "-v", "english", "--player", "hub:scan", "--dir", dir,
    ]);
    assert!(err.contains("--player: only Damier"), "{err}");
    let err = fails(&[
        "egdb",
        "playout",
        "-v",
        "english",
        "--player",
        "dxp:localhost:27531",
        "--dir",
        dir,
    ]);
    assert!(err.contains("--player: only Damier"), "{err}");
    let err = fails(&[
        "egdb",
        "playout",
        "-v",
        "english",
        "--player",
        "damier:depth=0",
        "--dir",
        dir,
    ]);
    assert!(
        err.contains("--player: player 'damier:depth=0': depth must be"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_set_built_job_by_job_is_the_set_built_at_once() {
    let root = own_root("jobs");
    let whole = root.join("whole");
    let jobs = root.join("jobs");
    ok(&build("english", "3", whole.to_str().unwrap()));
    let plan = ok(&["egdb", "plan", "-v", "english", "--pieces", "3"]);
    // Two-piece jobs need nothing; every job needs only jobs listed before it.
    let lines: Vec<&str> = plan.lines().collect();
    assert!(lines.contains(&"K1-K1:"), "{plan}");
    assert!(lines.contains(&"K1-K2: K1-K1"), "{plan}");
    for (i, line) in lines.iter().enumerate() {
        let (_, needs) = line.split_once(':').unwrap();
        for need in needs.split_whitespace() {
            assert!(
                lines[..i]
                    .iter()
                    .any(|l| l.starts_with(&format!("{need}:"))),
                "{line} needs {need}, not planned before it"
            );
        }
    }
    // A job whose needs are missing says which.
    let err = fails(&[
        "egdb",
        "build",
        "-v",
        "english",
        "--slice",
        "K2-K1",
        "--dir",
        jobs.to_str().unwrap(),
    ]);
    assert!(err.contains("needs slice K1-K1"), "{err}");
    for line in &lines {
        let job = line.split(':').next().unwrap();
        let done = ok(&[
            "egdb",
            "build",
            "-v",
            "english",
            "--slice",
            job,
            "--dir",
            jobs.to_str().unwrap(),
        ]);
        assert!(done.contains("positions"), "{done}");
    }
    let kept = ok(&[
        "egdb",
        "build",
        "-v",
        "english",
        "--slice",
        "K1-K2",
        "--dir",
        jobs.to_str().unwrap(),
    ]);
    assert!(kept.contains("kept from an earlier run"), "{kept}");
    let mut names: Vec<_> = std::fs::read_dir(whole.join("english"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    assert_eq!(
        names.len(),
        std::fs::read_dir(jobs.join("english")).unwrap().count()
    );
    for name in names {
        let a = std::fs::read(whole.join("english").join(&name)).unwrap();
        let b = std::fs::read(jobs.join("english").join(&name)).unwrap();
        assert!(a == b, "{name:?} differs");
    }
    let err = fails(&[
        "egdb", "build", "-v", "english", "--slice", "K9", "--dir", "x",
    ]);
    assert!(err.contains("'K9' is not a material slice"), "{err}");
    let err = fails(&[
        "egdb", "build", "-v", "english", "--slice", "M13-K1", "--dir", "x",
    ]);
    assert!(err.contains("8 pieces at most"), "{err}");
    let err = fails(&["egdb", "build", "-v", "english", "--dir", "x"]);
    assert_eq!(
        err.trim_end(),
        "damier: the following required arguments were not provided: --pieces <PIECES> \
         (see `damier egdb build --help`)"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_game_under_two_names_builds_and_reads_one_set() {
    let root = own_root("shared");
    let _ = std::fs::remove_dir_all(&root);
    let dir = root.to_str().unwrap();
    // Portuguese is Spanish under another name: its build fills Spanish's folder.
    let built = ok(&build("portuguese", "2", dir));
    assert!(built.contains("spanish"), "{built}");
    assert!(root.join("spanish").is_dir() && !root.join("portuguese").exists());
    let again = ok(&build("spanish", "2", dir));
    assert!(again.contains("kept from an earlier run"), "{again}");

    let info = ok(&["egdb", "info", "--dir", dir]);
    assert!(info.contains("spanish: 4 slices"), "{info}");
    assert!(info.contains("also serves portuguese"), "{info}");
    assert!(!info.contains("portuguese: "), "listed once: {info}");
    let named = ok(&["egdb", "info", "-v", "portuguese", "--dir", dir]);
    assert!(
        named.starts_with("spanish: 4 slices") && named.contains("also serves portuguese"),
        "{named}"
    );

    let fen = "W:WK1:BK32";
    let as_spanish = ok(&["egdb", "probe", "-v", "spanish", "--fen", fen, "--dir", dir]);
    let as_portuguese = ok(&[
        "egdb",
        "probe",
        "-v",
        "portuguese",
        "--fen",
        fen,
        "--dir",
        dir,
    ]);
    assert!(
        as_portuguese.starts_with("K1-K1, white to move: "),
        "{as_portuguese}"
    );
    let value = |text: &str| text.lines().next().unwrap_or("").to_string();
    assert_eq!(value(&as_spanish), value(&as_portuguese));
    std::fs::remove_dir_all(&root).unwrap();
}

/// The exit status and standard error of a run.
pub(crate) fn status(args: &[&str]) -> (i32, String) {
    let out = damier(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code().expect("no signal"), err)
}

/// Flip 8 bytes in the middle of a file: past a small file's header, into its blocks.
pub(crate) fn bend(file: &Path) {
    let mut bytes = std::fs::read(file).unwrap();
    let middle = bytes.len() / 2;
    for b in &mut bytes[middle..middle + 8] {
        *b ^= 0xff;
    }
    std::fs::write(file, bytes).unwrap();
}

#[test]
fn frisian_king_against_king_is_drawn_as_it_stands() {
    let root = own_root("frisian");
    let dir = root.to_str().unwrap();
    ok(&build("frisian", "2", dir));
    let fen = "W:WK46:BK5";
    let analysis = ok(&[
        "analyze", "-v", "frisian", "--fen", fen, "--depth", "3", "--egdb", dir,
    ]);
    says(
        &analysis,
        &[
            "database draw",
            "the game is over as it stands (draw: one king against one king",
            "score      +0.00",
        ],
    );
    assert!(!analysis.contains("loss"), "{analysis}");
    let probe = ok(&["egdb", "probe", "-v", "frisian", "--fen", fen, "--dir", dir]);
    says(
        &probe,
        &["K1-K1, white to move: draw", "drawn by rule as it stands"],
    );
    assert!(!probe.contains("keeps it"), "{probe}");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn damaged_incomplete_and_impossible_files_are_told() {
    let root = own_root("faults");
    let dir = root.to_str().unwrap();
    let english = root.join("english");
    ok(&build("english", "3", dir));

    // A stale temporary file of a killed build goes; one of a running process stays.
    let stale = english.join("K1-K1.egdb.4000000000.part");
    let live = english.join(format!("K1-K1.egdb.{}.part", std::process::id()));
    std::fs::write(&stale, b"half").unwrap();
    std::fs::write(&live, b"half").unwrap();

    // A block damaged past the header is found by the next build and built again.
    let file = english.join("K1-K2.egdb");
    let whole = std::fs::read(&file).unwrap();
    bend(&file);
    let out = damier(&build("english", "3", dir));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    says(&err, &["K1-K2 and K2-K1: damaged (", "building it again"]);
    assert_eq!(std::fs::read(&file).unwrap(), whole);
    assert!(!stale.exists() && live.exists());
    std::fs::remove_file(&live).unwrap();

    // Each cause said once, and a damaged file is no usage mistake (status 1).
    let bytes = std::fs::read(english.join("K2-K1.egdb")).unwrap();
    std::fs::write(english.join("K2-K1.egdb"), &bytes[..bytes.len() - 1]).unwrap();
    let (code, err) = status(&corner_probe(dir));
    assert_eq!(code, 1, "{err}");
    assert_eq!(err.matches("damaged").count(), 1, "{err}");
    let (code, err) = status(&corner_analyze(dir, "2"));
    assert_eq!(code, 1, "{err}");
    // `info` lists the rest and ends with the damaged file.
    let out = damier(&["egdb", "info", "--dir", dir]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1));
    says(
        &text,
        &["english: damaged: ", "K2-K1.egdb", "english: 15 slices"],
    );
    std::fs::write(english.join("K2-K1.egdb"), &bytes).unwrap();

    // A header-valid file naming a slice no set holds: refused, not a panic.
    let k1k1 = std::fs::read(english.join("K1-K1.egdb")).unwrap();
    let mut forged = k1k1.clone();
    let at = 13 + forged[12] as usize;
    forged[at + 1] = 20;
    forged[at + 3] = 20;
    // The slice, the entries (8), the code width (1), the block size (4), the block count.
    let count = u32::from_le_bytes(forged[at + 17..at + 21].try_into().unwrap()) as usize;
    let end = at + 21 + count * 16;
    let crc = crc32fast::hash(&forged[..end]);
    forged[end..end + 4].copy_from_slice(&crc.to_le_bytes());
    let impossible = english.join("K20-K20.egdb");
    std::fs::write(&impossible, &forged).unwrap();
    let (code, err) = status(&corner_probe(dir));
    assert_eq!(code, 1, "{err}");
    says(&err, &["K20-K20.egdb", "which no set holds"]);
    std::fs::remove_file(&impossible).unwrap();

    // Every block damaged: the search goes on and says so; a playout refuses.
    let saved: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&english)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "egdb"))
        .map(|p| (p.clone(), std::fs::read(&p).unwrap()))
        .collect();
    for (p, _) in &saved {
        bend(p);
    }
    let out = damier(&corner_analyze(dir, "4"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    says(
        &err,
        &[
            "damier: warning: the english endgame databases are damaged (",
            ".egdb",
        ],
    );
    let (code, err) = status(&[
        "egdb", "playout", "-v", "english", "--wins", "2", "--draws", "2", "--dir", dir,
    ]);
    assert_eq!(code, 1, "{err}");
    says(&err, &[".egdb: damaged"]);
    for (p, bytes) in &saved {
        std::fs::write(p, bytes).unwrap();
    }

    // An incomplete set: played only as far as it is complete, and told what it lacks.
    std::fs::remove_file(english.join("K2-K1.egdb")).unwrap();
    let played = ok(&[
        "egdb", "playout", "-v", "english", "--wins", "2", "--draws", "2", "--dir", dir,
    ]);
    says(&played, &["endings of at most 2 pieces"]);
    let (code, err) = status(&[
        "egdb", "playout", "-v", "english", "--pieces", "9", "--dir", dir,
    ]);
    assert_eq!(code, 2, "{err}");
    says(&err, &["--pieces 9: ", "complete for 2 to 2 pieces"]);
    let info = ok(&["egdb", "info", "--dir", dir]);
    says(&info, &["complete up to 2 pieces", "missing: K2-K1"]);
    // A move into a missing slice: named.
    std::fs::remove_file(english.join("K1-K1.egdb")).unwrap();
    let probe = ok(&[
        "egdb",
        "probe",
        "-v",
        "english",
        "--fen",
        "W:WK22:BK18,K30",
        "--dir",
        dir,
    ]);
    says(&probe, &["K1-K2, white to move: ", "need slice K1-K1"]);

    // Positions with nothing to probe, and arguments out of place.
    let err = fails(&[
        "egdb", "probe", "-v", "english", "--fen", "W:WK29:B", "--dir", dir,
    ]);
    says(&err, &["the game is over: black has no pieces"]);
    let (code, err) = status(&[
        "egdb", "probe", "-v", "english", "--fen", "W:W:B", "--dir", dir,
    ]);
    assert_eq!(code, 2, "{err}");
    says(&err, &["the board is empty"]);
    let (code, err) = status(&[
        "egdb", "verify", "-v", "english", "--pieces", "0", "--dir", dir,
    ]);
    assert_eq!(code, 2, "{err}");
    says(&err, &["--pieces must be between 2 and 8"]);
    let a_file = english.join("M1-M1.egdb");
    let (code, err) = status(&["egdb", "info", "--dir", a_file.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    says(&err, &["not a folder"]);
    std::fs::remove_dir_all(&root).unwrap();
}

/// `--recommended` chooses the size itself: given with `--pieces`, or with neither, the
/// command line is refused with one line.
#[test]
fn build_takes_a_size_or_the_recommended_set() {
    let both = crate::common::damier(&["egdb", "build", "--recommended", "--pieces", "3"]);
    assert_eq!(both.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&both.stderr).contains("'--recommended' cannot be used"));
    let neither = crate::common::damier(&["egdb", "build"]);
    assert_eq!(neither.status.code(), Some(2));
}
