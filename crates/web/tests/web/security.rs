//! A server on a public address: seats that belong to their players, other sites' pages and
//! other host names refused, security headers on every answer, idle connections closed,
//! games per client bounded, and a games database that gives nothing away.

use crate::common::{one_address_many_clients, start_with, temp_folder, Client};
use damier_web::ServeOptions;
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;

fn addr(base: &str) -> String {
    base.trim_start_matches("http://").to_string()
}

/// Send `request` raw on a new connection and read the answer's status line and headers.
async fn raw(base: &str, request: &str) -> String {
    let mut stream = tokio::net::TcpStream::connect(addr(base)).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer)).await;
    String::from_utf8_lossy(&answer).to_string()
}

fn status(answer: &str) -> u16 {
    answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

#[tokio::test]
async fn a_game_for_two_screens_gives_each_player_one_side_only() {
    let (base, _server) = start_with(one_address_many_clients()).await;
    let c = Client::new(&base);
    let (id, host, created) = c
        .create(json!({"white": "human", "black": "human", "friend": "black", "casual": false}))
        .await;
    let friend = created["seats"]["black"].as_str().unwrap().to_string();
    assert_eq!(created["state"]["you"], json!(["white"]));
    assert_eq!(c.play(&id, &host, "32-28").await.status, 200);
    // The host's token no longer moves, resigns, takes back or deletes for the friend.
    assert_eq!(c.play(&id, &host, "19-23").await.status, 403);
    let r = c.act(&id, &host, "resign", json!({"side": "black"})).await;
    assert_eq!(r.status, 403, "{}", r.body);
    assert_eq!(c.act(&id, &host, "undo", json!({})).await.status, 403);
    let delete = |token: String| {
        let c = c.clone();
        let id = id.clone();
        async move {
            c.send(
                reqwest::Method::DELETE,
                &format!("/api/games/{id}"),
                Some(&token),
                None,
            )
            .await
        }
    };
    let d = delete(host.clone()).await;
    assert_eq!(d.status, 403, "{}", d.body);
    assert!(d.body["message"].as_str().unwrap().contains("resign first"));
    // A takeback is asked of the other player, who decides.
    assert_eq!(c.play(&id, &friend, "19-23").await.status, 200);
    let ask = c
        .act(&id, &host, "takeback", json!({"action": "request"}))
        .await;
    assert_eq!(ask.status, 200, "{}", ask.body);
    let no = c
        .act(&id, &host, "takeback", json!({"action": "accept"}))
        .await;
    assert_eq!(no.status, 409, "the asker cannot answer: {}", no.body);
    let yes = c
        .act(&id, &friend, "takeback", json!({"action": "accept"}))
        .await;
    assert_eq!(yes.status, 200, "{}", yes.body);
    assert_eq!(crate::common::plies(&yes.body), 0);
    // Over, either player may delete it.
    let r = c.act(&id, &friend, "resign", json!({})).await;
    assert_eq!(r.body["result"]["outcome"], "white", "{}", r.body);
    assert_eq!(delete(host.clone()).await.status, 200);
    // A friend needs two people.
    let a = c
        .post(
            "/api/games",
            None,
            json!({"white": "human", "black": "engine", "friend": "black"}),
        )
        .await;
    assert_eq!(a.status, 422, "{}", a.body);
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let (base, _server) = start_with(one_address_many_clients()).await;
    let http = reqwest::Client::new();
    for path in ["/", "/assets/app.js", "/api/health", "/api/no-such-thing"] {
        let res = http.get(format!("{base}{path}")).send().await.unwrap();
        let h = res.headers();
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(h["x-frame-options"], "DENY", "{path}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["referrer-policy"], "no-referrer", "{path}");
    }
}

#[tokio::test]
async fn other_host_names_and_other_sites_pages_are_refused() {
    let (base, _server) = start_with(ServeOptions {
        host_names: vec!["draughts.example.org".into()],
        ..one_address_many_clients()
    })
    .await;
    let get = |host: &str| {
        format!("GET /api/health HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")
    };
    // A name pointed at this machine by another site (DNS rebinding) is not served.
    let a = raw(&base, &get("evil.example")).await;
    assert_eq!(status(&a), 421, "{a}");
    assert!(a.contains("--host-name evil.example"), "{a}");
    assert_eq!(status(&raw(&base, &get("draughts.example.org")).await), 200);
    assert_eq!(status(&raw(&base, &get("localhost:8642")).await), 200);
    assert_eq!(status(&raw(&base, &get(&addr(&base))).await), 200);
    // No Host at all (HTTP/1.0).
    let a = raw(&base, "GET /api/health HTTP/1.0\r\n\r\n").await;
    assert_eq!(status(&a), 421, "{a}");

    let c = Client::new(&base);
    let create = |origin: Option<&str>, content_type: Option<&str>, body: &str| {
        let mut req = c
            .http
            .post(format!("{base}/api/games"))
            .body(body.to_string());
        if let Some(o) = origin {
            req = req.header("origin", o);
        }
        if let Some(t) = content_type {
            req = req.header("content-type", t);
        }
        req.send()
    };
    let json_type = Some("application/json");
    let res = create(Some("http://evil.example"), json_type, "{}")
        .await
        .unwrap();
    assert_eq!(res.status(), 403);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["error"], "cross_origin", "{body}");
    assert_eq!(
        create(Some("null"), json_type, "{}")
            .await
            .unwrap()
            .status(),
        403
    );
    let own = format!("http://{}", addr(&base));
    assert_eq!(
        create(Some(&own), json_type, "{}").await.unwrap().status(),
        201
    );
    let named = "https://draughts.example.org";
    assert_eq!(
        create(Some(named), json_type, "").await.unwrap().status(),
        201
    );
    // A bare or form POST needs no permission from a browser: it makes no game.
    assert_eq!(create(None, None, "").await.unwrap().status(), 415);
    let form = Some("application/x-www-form-urlencoded");
    assert_eq!(create(None, form, "a=b").await.unwrap().status(), 415);

    // Nor does another site's page watch a game through a WebSocket.
    let (id, _, _) = c.create(json!({})).await;
    let url = format!("{}/api/games/{id}/ws", base.replace("http://", "ws://"));
    let mut request = url.clone().into_client_request().unwrap();
    request
        .headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    let refused = tokio_tungstenite::connect_async(request).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => assert_eq!(res.status(), 403),
        other => panic!("a WebSocket from another site was not refused: {other:?}"),
    }
    let mut request = url.into_client_request().unwrap();
    request.headers_mut().insert("origin", own.parse().unwrap());
    assert!(tokio_tungstenite::connect_async(request).await.is_ok());
}

#[tokio::test]
async fn tokens_go_in_headers_or_protocols_not_in_addresses() {
    let (base, _server) = start_with(one_address_many_clients()).await;
    let c = Client::new(&base);
    let (id, token, _) = c.create(json!({"black": "engine"})).await;
    // The scheme's name is case-insensitive.
    let a = c
        .http
        .post(format!("{base}/api/games/{id}/moves"))
        .header("authorization", format!("bearer {token}"))
        .json(&json!({"move": "32-28"}))
        .send()
        .await
        .unwrap();
    assert_eq!(a.status(), 200);
    let ws = base.replace("http://", "ws://");
    let in_address = format!("{ws}/api/games/{id}/ws?token={token}");
    match tokio_tungstenite::connect_async(in_address).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => assert_eq!(res.status(), 400),
        other => panic!("a token in the address was taken: {other:?}"),
    }
    // The page's way: the token offered as a protocol beside `damier`, which is chosen.
    let mut request = format!("{ws}/api/games/{id}/ws")
        .into_client_request()
        .unwrap();
    request.headers_mut().insert(
        "sec-websocket-protocol",
        format!("damier, damier.token.{token}").parse().unwrap(),
    );
    let (mut socket, answer) = tokio_tungstenite::connect_async(request).await.unwrap();
    assert_eq!(answer.headers()["sec-websocket-protocol"], "damier");
    let first: Value = match socket.next().await.unwrap().unwrap() {
        tokio_tungstenite::tungstenite::Message::Text(t) => serde_json::from_str(&t).unwrap(),
        other => panic!("{other:?}"),
    };
    assert_eq!(first["state"]["you"], json!(["white"]), "{first}");
}

#[tokio::test]
async fn idle_and_half_open_connections_are_closed() {
    let (base, _server) = start_with(ServeOptions {
        header_timeout: Duration::from_millis(500),
        ..one_address_many_clients()
    })
    .await;
    let mut idle = Vec::new();
    for i in 0..40 {
        let mut s = tokio::net::TcpStream::connect(addr(&base)).await.unwrap();
        if i % 2 == 0 {
            // Half a request head, never finished.
            s.write_all(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                .await
                .unwrap();
        }
        idle.push(s);
    }
    // One that asked once and then stays idle, kept alive.
    let mut kept = tokio::net::TcpStream::connect(addr(&base)).await.unwrap();
    kept.write_all(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .await
        .unwrap();
    let mut first = [0u8; 512];
    let n = kept.read(&mut first).await.unwrap();
    assert!(String::from_utf8_lossy(&first[..n]).starts_with("HTTP/1.1 200"));
    idle.push(kept);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    for (i, s) in idle.iter_mut().enumerate() {
        let mut buf = [0u8; 1024];
        // Closed: the read ends (perhaps after a 408 the server sends first).
        let mut total = 0;
        loop {
            match tokio::time::timeout(Duration::from_secs(5), s.read(&mut buf)).await {
                Ok(Ok(0)) | Ok(Err(_)) => break,
                Ok(Ok(n)) => total += n,
                Err(_) => panic!("connection {i} is still open ({total} bytes read)"),
            }
        }
    }
    assert_eq!(Client::new(&base).get("/api/health").await.status, 200);
}

#[tokio::test]
async fn a_client_holds_a_bounded_number_of_connections_and_games() {
    let (base, _server) = start_with(ServeOptions {
        connections_per_client: 4,
        games_per_client: 3,
        ..ServeOptions::default()
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(tokio::net::TcpStream::connect(addr(&base)).await.unwrap());
    }
    let mut fifth = tokio::net::TcpStream::connect(addr(&base)).await.unwrap();
    let mut buf = [0u8; 16];
    let read = tokio::time::timeout(Duration::from_secs(5), fifth.read(&mut buf)).await;
    assert!(
        matches!(read, Ok(Ok(0)) | Ok(Err(_))),
        "a fifth connection stayed open"
    );
    drop(held);
    tokio::time::sleep(Duration::from_millis(100)).await;

    let c = Client::new(&base);
    let mut games = Vec::new();
    for _ in 0..3 {
        games.push(c.create(json!({"black": "engine"})).await);
    }
    let more = c.post("/api/games", None, json!({})).await;
    assert_eq!(more.status, 429, "{}", more.body);
    assert_eq!(more.body["error"], "too_many", "{}", more.body);
    // A finished game no longer counts.
    let (id, token, _) = &games[0];
    assert_eq!(c.act(id, token, "resign", json!({})).await.status, 200);
    assert_eq!(c.post("/api/games", None, json!({})).await.status, 201);

    // WebSockets leave the connection count when they upgrade: they are counted apart.
    let mut sockets = Vec::new();
    for _ in 0..4 {
        sockets.push(crate::common::watch(&base, id, token).await);
    }
    let url = format!("{}/api/games/{id}/ws", base.replace("http://", "ws://"));
    match tokio_tungstenite::connect_async(url.clone()).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => assert_eq!(res.status(), 429),
        other => panic!("a fifth WebSocket was let in: {other:?}"),
    }
    // One closed, another is let in (once the server has seen it close).
    sockets.pop();
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while tokio_tungstenite::connect_async(url.clone()).await.is_err() {
        assert!(
            std::time::Instant::now() < deadline,
            "no WebSocket after one closed"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[cfg(unix)]
#[tokio::test]
async fn the_games_database_is_its_owner_s_and_keeps_no_token() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = temp_folder("owner-only");
    let (base, first) = start_with(ServeOptions {
        data: Some(dir.clone()),
        ..one_address_many_clients()
    })
    .await;
    let c = Client::new(&base);
    let (id, token, created) = c.create(json!({"white": "human", "black": "human"})).await;
    let black = created["seats"]["black"].as_str().unwrap().to_string();
    assert_eq!(c.play(&id, &token, "32-28").await.status, 200);
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{}", path.display());
        let bytes = std::fs::read(&path).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            !text.contains(&token) && !text.contains(&black),
            "{}",
            path.display()
        );
        files += 1;
    }
    assert!(files >= 2, "{files} files");
    // The tokens still act after a restart, read back from their hashes.
    first.abort();
    let _ = first.await;
    let (base, _second) = start_with(ServeOptions {
        data: Some(dir.clone()),
        ..one_address_many_clients()
    })
    .await;
    let c = Client::new(&base);
    assert_eq!(c.play(&id, &black, "19-23").await.status, 200);
    assert_eq!(c.play(&id, &black, "18-22").await.status, 403);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_restart_charges_the_time_the_running_turn_used() {
    let dir = temp_folder("clock-restart");
    let (base, first) = start_with(ServeOptions {
        data: Some(dir.clone()),
        ..one_address_many_clients()
    })
    .await;
    let c = Client::new(&base);
    let (id, token, _) = c
        .create(json!({"white": "human", "black": "human",
            "clock": {"type": "fischer", "base_ms": 120_000, "increment_ms": 0}}))
        .await;
    assert_eq!(c.play(&id, &token, "32-28").await.status, 200);
    first.abort();
    let _ = first.await;
    // Black's turn runs on while no server is up.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (base, _second) = start_with(ServeOptions {
        data: Some(dir.clone()),
        ..one_address_many_clients()
    })
    .await;
    let state = Client::new(&base).state(&id).await;
    let black = state["clock"]["black_ms"].as_u64().unwrap();
    assert!(black <= 118_500, "black has {black} ms after the restart");
    assert!(black >= 110_000, "black has {black} ms after the restart");
    let _ = std::fs::remove_dir_all(&dir);
}
