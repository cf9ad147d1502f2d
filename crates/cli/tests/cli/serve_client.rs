//! Talking to a `damier serve` started by a test: plain HTTP/1.1 over a socket, so that the
//! tests see the server as any client does.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// Start `damier serve --port 0` with `args` (databases from the environment never count);
/// the process, its address and the first line it printed.
pub fn start(args: &[&str], stderr: Stdio) -> (Child, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_damier"))
        .args(["serve", "--port", "0"])
        .args(args)
        .env_remove("DAMIER_EGDB")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("damier serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (child, addr, line)
}

/// One HTTP/1.1 request; returns the status and the JSON body.
pub fn request(
    addr: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    try_request(addr, method, path, token, body).expect("an answer from the server")
}

/// [`request`], or `None` when the server does not answer (it was killed).
pub fn try_request(
    addr: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Option<(u16, Value)> {
    let mut stream = TcpStream::connect(addr).ok()?;
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).ok()?;
    let status = answer.get(9..12)?.parse().ok()?;
    let json = answer
        .split_once("\r\n\r\n")
        .and_then(|(_, b)| serde_json::from_str(b).ok())
        .unwrap_or(Value::Null);
    Some((status, json))
}
