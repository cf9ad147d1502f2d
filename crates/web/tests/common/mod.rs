//! A real server on a loopback port for the tests, and a small JSON client.

#![allow(dead_code)]

pub mod pg;

use serde_json::{json, Value};
use std::time::Duration;

/// A small deterministic generator (SplitMix64), so a failing run can be repeated.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The plies played in a game, from its state as the API returns it.
pub fn plies(state: &Value) -> usize {
    state["history"].as_array().unwrap().len()
}

/// Start a server on 127.0.0.1 (a free port) and return its base URL.
pub async fn start() -> String {
    let server = damier_web::Server::bind("127.0.0.1:0", one_address_many_clients())
        .await
        .expect("bind a loopback port");
    let addr = server.local_addr().unwrap();
    tokio::spawn(server.run());
    format!("http://{addr}")
}

/// The server's default options, but for the limits of games and connections a client
/// (an address) may hold: the tests' clients all come from 127.0.0.1.
pub fn one_address_many_clients() -> damier_web::ServeOptions {
    damier_web::ServeOptions {
        games_per_client: 100_000,
        connections_per_client: 100_000,
        ..Default::default()
    }
}

/// Start a server with `options`; returns its base URL and the task serving it (abort it to
/// stop the server).
pub async fn start_with(
    options: damier_web::ServeOptions,
) -> (String, tokio::task::JoinHandle<()>) {
    let server = damier_web::Server::bind("127.0.0.1:0", options)
        .await
        .expect("bind a loopback port");
    let addr = server.local_addr().unwrap();
    let task = tokio::spawn(async move {
        let _ = server.run().await;
    });
    (format!("http://{addr}"), task)
}

/// A WebSocket watching game `id` with `token` (sent as `Authorization: Bearer`).
pub async fn watch(
    base: &str,
    id: &str,
    token: &str,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
    let url = format!("{}/api/games/{id}/ws", base.replace("http://", "ws://"));
    let mut request = url.into_client_request().unwrap();
    request
        .headers_mut()
        .insert("authorization", format!("Bearer {token}").parse().unwrap());
    let (ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    ws
}

/// A fresh folder under the system's temporary one.
pub fn temp_folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("damier-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// A client of one server.
#[derive(Clone)]
pub struct Client {
    pub base: String,
    pub http: reqwest::Client,
}

/// An answer: status and JSON body (`Value::Null` when the body is not JSON).
pub struct Answer {
    pub status: u16,
    pub body: Value,
}

impl Client {
    pub fn new(base: &str) -> Client {
        Client {
            base: base.to_string(),
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(60))
                .build()
                .unwrap(),
        }
    }

    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Answer {
        let mut req = self.http.request(method, format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let res = req.send().await.expect("request sent");
        let status = res.status().as_u16();
        let text = res.text().await.unwrap_or_default();
        Answer {
            status,
            body: serde_json::from_str(&text).unwrap_or(Value::Null),
        }
    }

    pub async fn get(&self, path: &str) -> Answer {
        self.send(reqwest::Method::GET, path, None, None).await
    }

    /// A game's PDN, as `GET /api/games/{id}/pdn` sends it (text, not JSON).
    pub async fn pdn(&self, id: &str) -> String {
        let r = self
            .http
            .get(format!("{}/api/games/{id}/pdn", self.base))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "pdn of {id}");
        r.text().await.unwrap()
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Answer {
        self.send(reqwest::Method::POST, path, token, Some(body))
            .await
    }

    /// Create a game; returns (id, creator token, whole answer).
    pub async fn create(&self, spec: Value) -> (String, String, Value) {
        let a = self.post("/api/games", None, spec).await;
        assert_eq!(a.status, 201, "create: {}", a.body);
        let id = a.body["id"].as_str().unwrap().to_string();
        let token = a.body["token"].as_str().unwrap().to_string();
        (id, token, a.body)
    }

    pub async fn state(&self, id: &str) -> Value {
        let a = self.get(&format!("/api/games/{id}")).await;
        assert_eq!(a.status, 200, "{}", a.body);
        a.body
    }

    /// Wait until the game's version is above `since`, or 20 s.
    pub async fn wait(&self, id: &str, since: u64) -> Value {
        let a = self
            .get(&format!("/api/games/{id}?since={since}&wait_ms=20000"))
            .await;
        assert_eq!(a.status, 200, "{}", a.body);
        a.body
    }

    /// Wait until `pred` holds for the game (polling changes), or panic after 30 s.
    pub async fn wait_for(&self, id: &str, pred: impl Fn(&Value) -> bool) -> Value {
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        let mut s = self.state(id).await;
        while !pred(&s) {
            assert!(std::time::Instant::now() < deadline, "timed out: {s}");
            let v = s["version"].as_u64().unwrap();
            s = self.wait(id, v).await;
        }
        s
    }

    /// Start a five-minute analysis in a new game of each of `variants`; returns each game's
    /// id and token.
    pub async fn start_analyses(&self, variants: &[&str]) -> Vec<(String, String)> {
        let mut games = Vec::new();
        for variant in variants {
            let (id, token, _) = self.create(json!({ "variant": variant })).await;
            let a = self
                .act(&id, &token, "analysis", json!({"time_ms": 300_000}))
                .await;
            assert_eq!(a.status, 200, "{}", a.body);
            games.push((id, token));
        }
        games
    }

    /// Stop the analysis of each game (the runtime cannot end while a search runs).
    pub async fn stop_analyses(&self, games: &[(String, String)]) {
        for (id, token) in games {
            let stop = self
                .post(
                    &format!("/api/games/{id}/analysis"),
                    Some(token),
                    json!({"action": "stop"}),
                )
                .await;
            assert_eq!(stop.status, 200, "{}", stop.body);
        }
    }

    /// POST an action of a game (`moves`, `engine`, `analysis`, `undo`, ...) with its token.
    pub async fn act(&self, id: &str, token: &str, action: &str, body: Value) -> Answer {
        self.post(&format!("/api/games/{id}/{action}"), Some(token), body)
            .await
    }

    pub async fn play(&self, id: &str, token: &str, mv: &str) -> Answer {
        self.act(id, token, "moves", json!({ "move": mv })).await
    }
}
