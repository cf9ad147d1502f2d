//! `damier dxp` and `damier match` with a DamExchange engine, as real processes on loopback:
//! a follower (`dxp --listen`), the initiator (`dxp --connect`), and a match whose second
//! player is that follower, two games at once.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

struct Listener(Child);

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `damier dxp --listen 0`: the process and the address it listens on.
fn listen() -> (Listener, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_damier"))
        .args(["dxp", "--listen", "0", "--depth", "2"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("damier dxp starts");
    let mut line = String::new();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    out.read_line(&mut line).unwrap();
    // Keep reading its output so that it never blocks on a full pipe.
    std::thread::spawn(move || for _ in out.lines() {});
    let addr = line
        .split(" on ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (Listener(child), addr)
}

fn damier(args: &[&str]) -> (bool, String, String) {
    let out = crate::common::damier(args);
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn damier_plays_a_dxp_follower_as_initiator_and_in_a_match() {
    let (_listener, addr) = listen();
    let (ok, out, err) = damier(&["dxp", "--connect", &addr, "--games", "2", "--depth", "2"]);
    assert!(ok, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("game 1: Damier white, "), "{out}");
    assert!(lines[1].starts_with("game 2: Damier black, "), "{out}");

    let second = format!("dxp[name=follower]:{addr}");
    let (ok, out, err) = damier(&[
        "match",
        "-v",
        "international",
        "--first",
        "damier:depth=2",
        "--second",
        &second,
        "--games",
        "4",
        "--concurrency",
        "2",
    ]);
    assert!(ok, "{out}{err}");
    let score = out
        .lines()
        .find(|l| l.starts_with("damier:depth=2 vs follower: "))
        .unwrap_or_else(|| panic!("no score line in {out}"));
    assert!(score.contains(" / 4, "), "{score}");
    assert!(
        out.lines().any(|l| l.starts_with("Games ended: ")),
        "how the games ended is told: {out}"
    );

    // A clock shorter than DamExchange's whole minute would have the engine lose every game on
    // time after a few moves: refused with one line.
    let (ok, _, err) = damier(&[
        "match",
        "--first",
        "damier:depth=1",
        "--second",
        &second,
        "--games",
        "2",
        "--tc",
        "5s+0.1s",
    ]);
    assert!(!ok);
    assert!(
        err.contains("DamExchange gives each side whole minutes"),
        "{err}"
    );

    // A variant DamExchange cannot play is refused with one line.
    let (ok, _, err) = damier(&[
        "match",
        "-v",
        "english",
        "--first",
        "damier:depth=1",
        "--second",
        &second,
        "--games",
        "2",
    ]);
    assert!(!ok);
    assert!(
        err.contains("DamExchange plays international draughts only"),
        "{err}"
    );

    // Without a role, both roles are named.
    let out = crate::common::damier(&["dxp"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--listen") && err.contains("--connect"),
        "{err}"
    );

    // An address without a port is a command-line mistake, told before any connection.
    let out = crate::common::damier(&["dxp", "--connect", "localhost"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        "damier: --connect must be HOST:PORT (e.g. localhost:27531), got 'localhost'"
    );
}
