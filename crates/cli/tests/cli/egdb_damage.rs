//! A database damaged past its headers: every command that searches with it says so once,
//! naming the file, and goes on without that part; `egdb verify` names every damaged file,
//! and `egdb playout` refuses a set its players found damaged.

use crate::common::{damier, damier_fed, ok};
use crate::egdb::{bend, build, own_root, says, status};
use crate::serve_client::{request, start};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Lines, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

/// Two kings against one in the corner, as `--fen` and in Hub form (square 1: the black
/// king; 29 and 30: the white ones).
const CORNER: &str = "W:WK29,K30:BK1";
const CORNER_HUB: &str = "WBeeeeeeeeeeeeeeeeeeeeeeeeeeeWWee";

/// The English set of 3 pieces in `root`, with one block of every file damaged.
fn damaged_set(root: &Path) {
    ok(&build("english", "3", root.to_str().unwrap()));
    for entry in std::fs::read_dir(root.join("english")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "egdb") {
            bend(&path);
        }
    }
}

#[test]
fn verify_goes_on_past_damaged_files_and_names_each() {
    let root = own_root("verify-damage");
    let dir = root.to_str().unwrap();
    ok(&build("english", "3", dir));
    let english = root.join("english");
    bend(&english.join("K2-K1.egdb"));
    bend(&english.join("M2-M1.egdb"));
    let out = damier(&["egdb", "verify", "-v", "english", "--dir", dir]);
    let (text, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(1), "{text}{err}");
    // The slices that need neither file are checked; those that do are said to be left.
    says(
        &text,
        &[
            "K1-K1: 992 positions, 0 wrong",
            "M2-K1: 11340 positions, 0 wrong",
            "K2-K1: not checked: ",
            "M2-M1: not checked: ",
            "english: 10 slices, 125312 positions checked, 0 wrong, 6 not checked",
        ],
    );
    for name in ["K2-K1.egdb", "M2-M1.egdb"] {
        let named: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("english: damaged: ") && l.contains(name))
            .collect();
        assert_eq!(named.len(), 1, "{name} once at the end:\n{text}");
    }
    says(&err, &["2 damaged files, the first ", "K2-K1.egdb"]);
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_match_says_once_that_a_player_met_a_damaged_database() {
    let root = own_root("match-damage");
    let dir = root.to_str().unwrap();
    damaged_set(&root);
    let first = format!("damier:depth=4,egdb={dir},name=prober");
    let args = [
        "match",
        "-v",
        "english",
        "--fen",
        CORNER,
        "--first",
        &first,
        "--second",
        "damier:depth=2",
        "-n",
        "4",
        "--max-plies",
        "30",
    ];
    let out = damier(&args);
    let (text, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{text}{err}");
    // Four games, every one of them with the damage: told once as it is met, once at the end.
    let told = "prober (from game ";
    assert_eq!(err.matches(told).count(), 1, "{err}");
    says(
        &err,
        &[
            "damier: warning: prober (from game ",
            "): the english endgame databases are damaged (",
            ".egdb: damaged: ",
            "went on without that part of them (delete the file and build it again with \
             `damier egdb build -v english`)",
        ],
    );
    assert_eq!(text.matches(told).count(), 1, "{text}");
    says(&text, &[" / 4, ", "warning: prober (from game "]);

    let json_args: Vec<&str> = args.iter().copied().chain(["--json"]).collect();
    let games = ok(&json_args);
    let lines: Vec<Value> = games
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (summary, records) = lines.split_last().unwrap();
    let told: usize = records
        .iter()
        .map(|r| r["egdb_damage"].as_array().unwrap().len())
        .sum();
    assert_eq!(told, 1, "{games}");
    let damage = summary["egdb_damage"].as_array().unwrap();
    assert_eq!(damage.len(), 1, "{summary}");
    assert_eq!(damage[0]["player"], "prober");
    assert!(
        damage[0]["file"].as_str().unwrap().ends_with(".egdb"),
        "{summary}"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn a_playout_refuses_a_set_its_players_found_damaged() {
    let root = own_root("playout-damage");
    let dir = root.to_str().unwrap();
    ok(&build("english", "3", dir));
    // One block of one file: the endings drawn (seed 1) read around it, the games do not.
    bend(&root.join("english").join("K2-K1.egdb"));
    let (code, err) = status(&[
        "egdb",
        "playout",
        "-v",
        "english",
        "--wins",
        "2",
        "--draws",
        "0",
        "--threads",
        "1",
        "--dir",
        dir,
    ]);
    assert_eq!(code, 1, "{err}");
    says(
        &err,
        &[
            "met a damaged database in the game from ",
            "K2-K1.egdb: damaged: block ",
            "a damaged set is not one to test the engine on",
        ],
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// `damier hub` as a GUI drives it: lines sent, and what it said, kept in order.
struct Hub {
    child: Child,
    to: ChildStdin,
    from: Lines<BufReader<ChildStdout>>,
    said: Vec<String>,
}

impl Hub {
    /// A session with `DAMIER_EGDB` naming `default_root`, if any.
    fn start(default_root: Option<&Path>) -> Hub {
        let mut command = Command::new(env!("CARGO_BIN_EXE_damier"));
        command.arg("hub").env_remove("DAMIER_EGDB");
        if let Some(root) = default_root {
            command.env("DAMIER_EGDB", root);
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("damier hub starts");
        let to = child.stdin.take().unwrap();
        let from = BufReader::new(child.stdout.take().unwrap()).lines();
        Hub {
            child,
            to,
            from,
            said: Vec::new(),
        }
    }

    /// Send `lines`, then read until a line starting with `word`.
    fn ask(&mut self, lines: &str, word: &str) {
        writeln!(self.to, "{lines}").unwrap();
        loop {
            let line = self.from.next().expect("a line before the end").unwrap();
            self.said.push(line.clone());
            if line.split_whitespace().next() == Some(word) {
                return;
            }
        }
    }

    /// Quit; the `error` lines it said, and where they were said among its lines.
    fn errors(mut self) -> (Vec<String>, Vec<usize>) {
        writeln!(self.to, "quit").unwrap();
        assert!(self.child.wait().unwrap().success());
        self.said
            .iter()
            .enumerate()
            .filter(|(_, l)| l.starts_with("error"))
            .map(|(i, l)| (l.clone(), i))
            .unzip()
    }
}

#[test]
fn hub_tells_the_gui_once_with_an_error_line() {
    let root = own_root("hub-damage");
    damaged_set(&root);
    let mut hub = Hub::start(None);
    hub.ask(
        &format!(
            "set-param name=variant value=english\nset-param name=egdb-path value=\"{}\"\ninit",
            root.display()
        ),
        "ready",
    );
    // Two searches, each reading the damaged blocks again.
    for _ in 0..2 {
        hub.ask(
            &format!("pos pos={CORNER_HUB}\nlevel depth=6\ngo think"),
            "done",
        );
    }
    let first_done = hub.said.iter().position(|l| l.starts_with("done"));
    let (errors, at) = hub.errors();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    says(
        &errors[0],
        &[
            "error message=\"the english endgame databases are damaged (",
            ".egdb: damaged: block ",
            "the engine went on without that part of them (delete the file and build it again \
             with `damier egdb build -v english`)",
        ],
    );
    // Said as part of the first search's answer, before its `done`.
    assert!(Some(at[0]) < first_done, "{at:?} {first_done:?}");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn hub_tells_once_of_a_file_it_cannot_open_in_the_default_folder() {
    let root = own_root("hub-unopened");
    ok(&build("english", "3", root.to_str().unwrap()));
    let file = root.join("english").join("K2-K1.egdb");
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() - 1]).unwrap();
    // The GUI never sets `egdb-path`: the default folder is read.
    let mut hub = Hub::start(Some(&root));
    hub.ask("set-param name=variant value=english\ninit", "ready");
    // A new engine (the table's size changed) opens the databases again.
    hub.ask("set-param name=hash value=16\ninit", "ready");
    hub.ask(
        &format!("pos pos={CORNER_HUB}\nlevel depth=4\ngo think"),
        "done",
    );
    let (errors, _) = hub.errors();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    says(
        &errors[0],
        &[
            "error message=\"",
            "K2-K1.egdb: damaged",
            "; the engine goes on without that file (delete it and build it again with \
             `damier egdb build -v english`)",
        ],
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// A file the default folder holds but that cannot be opened is the folder's fault, not the
/// command line's: `analyze` and `play` warn once, naming the file, and play with the rest.
/// A folder named with `--egdb` is still refused with the damaged file named.
#[test]
fn a_damaged_file_in_the_default_folder_is_told_and_left_out() {
    let root = own_root("default-unopened");
    let dir = root.to_str().unwrap();
    ok(&build("english", "3", dir));
    let file = root.join("english").join("K2-K1.egdb");
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() - 1]).unwrap();
    for (args, input) in [
        (
            &["analyze", "-v", "english", "--fen", CORNER, "--depth", "4"][..],
            "",
        ),
        (
            &["play", "-v", "english", "--plain", "--depth", "2"][..],
            "quit\ny\n",
        ),
    ] {
        let out = damier_fed(args, input, &[("DAMIER_EGDB", &root)]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        let warnings: Vec<&str> = err.lines().filter(|l| l.contains("K2-K1.egdb")).collect();
        assert_eq!(warnings.len(), 1, "{args:?}: {err}");
        says(
            warnings[0],
            &[
                "damier: warning: ",
                "; the engine goes on without that file (delete it and build it again with \
                 `damier egdb build -v english`)",
            ],
        );
        assert!(!err.contains("--egdb"), "{args:?}: {err}");
    }
    let out = damier(&[
        "analyze", "-v", "english", "--fen", CORNER, "--depth", "4", "--egdb", dir,
    ]);
    assert_eq!(out.status.code(), Some(1));
    says(
        &String::from_utf8_lossy(&out.stderr),
        &["--egdb: ", "K2-K1.egdb"],
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// The next text message of a WebSocket (a server's frames are whole and unmasked); `None`
/// once it closes or stays silent past the socket's read timeout.
fn next_text(ws: &mut BufReader<TcpStream>) -> Option<String> {
    loop {
        let mut head = [0u8; 2];
        ws.read_exact(&mut head).ok()?;
        let len = match head[1] & 0x7f {
            126 => {
                let mut b = [0u8; 2];
                ws.read_exact(&mut b).ok()?;
                u64::from(u16::from_be_bytes(b))
            }
            127 => {
                let mut b = [0u8; 8];
                ws.read_exact(&mut b).ok()?;
                u64::from_be_bytes(b)
            }
            n => u64::from(n),
        };
        let mut payload = vec![0; len as usize];
        ws.read_exact(&mut payload).ok()?;
        match head[0] & 0x0f {
            1 => return String::from_utf8(payload).ok(),
            8 => return None,
            _ => {}
        }
    }
}

#[test]
fn serve_logs_once_and_tells_the_analysis() {
    let root = own_root("serve-damage");
    damaged_set(&root);
    let (mut server, addr, _) = start(
        &["--data", "none", "--egdb", root.to_str().unwrap()],
        Stdio::piped(),
    );
    let (_, created) = request(
        &addr,
        "POST",
        "/api/games",
        None,
        Some(json!({"variant": "english", "fen": CORNER, "white": "human", "black": "human"})),
    );
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();

    let mut ws = TcpStream::connect(&addr).unwrap();
    write!(
        ws,
        "GET /api/games/{id}/ws HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    .unwrap();
    ws.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut ws = BufReader::new(ws);
    let mut head = String::new();
    while head != "\r\n" {
        head.clear();
        ws.read_line(&mut head).unwrap();
    }
    // Two analyses, each of several searches (one a second): the log says it once.
    let mut told = Vec::new();
    for _ in 0..2 {
        let (_, started) = request(
            &addr,
            "POST",
            &format!("/api/games/{id}/analysis"),
            Some(&token),
            Some(json!({"action": "start", "time_ms": 2500})),
        );
        assert!(started.get("error").is_none(), "{started}");
        let mut analysing = false;
        while let Some(text) = next_text(&mut ws) {
            let event: Value = serde_json::from_str(&text).unwrap();
            if let Some(damage) = event["egdb_damage"].as_str() {
                told.push(damage.to_string());
            }
            if event["type"] == "state" {
                let busy = !event["state"]["busy"].is_null();
                if analysing && !busy {
                    break;
                }
                analysing |= busy;
            }
        }
    }
    assert!(!told.is_empty(), "no analysis event told the damage");
    says(
        &told[0],
        &[
            "the endgame database file ",
            ".egdb cannot be read (damaged: block ",
            "the engine goes on without that part of the database",
        ],
    );
    // The server's folders are its own business.
    assert!(!told[0].contains(root.to_str().unwrap()), "{}", told[0]);
    server.kill().unwrap();
    server.wait().unwrap();
    let mut log = String::new();
    server
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut log)
        .unwrap();
    assert_eq!(log.matches("warning").count(), 1, "{log}");
    says(
        &log,
        &[
            "damier serve: warning: the english endgame databases are damaged (",
            root.to_str().unwrap(),
            "the engine went on without that part of them (delete the file and build it again \
             with `damier egdb build -v english`); the server reads the new file when it is \
             restarted",
        ],
    );
    std::fs::remove_dir_all(&root).unwrap();
}
