//! `damier serve` keeps its games in its data folder: killed with SIGKILL right after a move
//! was answered and started again, it has every answered move.

mod common;

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// Start `damier serve` on a free port; returns the process and its address.
fn serve(data: &std::path::Path) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_damier"))
        .args(["serve", "--port", "0", "--egdb", "none", "--data"])
        .arg(data)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("damier serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.contains("games are kept in"), "{line}");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (child, addr)
}

/// One HTTP/1.1 request; returns the status and the JSON body.
fn request(
    addr: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut stream = TcpStream::connect(addr).unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let status = answer[9..12].parse().unwrap();
    let json = answer
        .split_once("\r\n\r\n")
        .and_then(|(_, b)| serde_json::from_str(b).ok())
        .unwrap_or(Value::Null);
    (status, json)
}

#[test]
fn serve_loses_no_answered_move_to_a_kill() {
    let data = std::env::temp_dir().join(format!("damier-serve-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let (mut server, addr) = serve(&data);
    let (status, created) = request(
        &addr,
        "POST",
        "/api/games",
        None,
        Some(json!({"variant": "international", "casual": false})),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    let mut answered = Vec::new();
    let mut state = created["state"].clone();
    for _ in 0..30 {
        let Some(mv) = state["moves"].as_array().and_then(|m| m.last()) else {
            break;
        };
        let notation = mv["short"].as_str().unwrap().to_string();
        let captured = mv["captured"].clone();
        let (status, after) = request(
            &addr,
            "POST",
            &format!("/api/games/{id}/moves"),
            Some(&token),
            Some(json!({"move": notation, "captured": captured})),
        );
        assert_eq!(status, 200, "{after}");
        answered.push(notation);
        state = after;
    }
    server.kill().unwrap(); // SIGKILL: no chance to tidy up
    server.wait().unwrap();

    let (mut server, addr) = serve(&data);
    let (status, state) = request(&addr, "GET", &format!("/api/games/{id}"), None, None);
    assert_eq!(status, 200, "{state}");
    let kept: Vec<&str> = state["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["notation"].as_str().unwrap())
        .collect();
    assert_eq!(kept, answered);
    let (status, _) = request(
        &addr,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&token),
        Some(json!({})),
    );
    assert_eq!(status, 200, "the token still holds");
    server.kill().unwrap();
    server.wait().unwrap();
    let _ = std::fs::remove_dir_all(&data);
}
