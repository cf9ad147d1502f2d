//! Endgame databases from the page: a server says when a variant has none, builds them when
//! it may (one build at a time, no more than the recommended set), and new games probe them.

use crate::common::{one_address_many_clients, start_with, temp_folder, watch, Client};
use damier_web::ServeOptions;
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::time::Duration;

/// Poll the variant's databases until no build of them is running (60 s at most).
async fn built(c: &Client, variant: &str) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let a = c.get(&format!("/api/variants/{variant}/egdb")).await;
        assert_eq!(a.status, 200, "{}", a.body);
        if a.body["build"]["state"] != "building" {
            return a.body;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the build took over 60 s"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The first analysis line the engine sends for game `id`.
async fn first_analysis(c: &Client, id: &str, token: &str) -> Value {
    let mut ws = watch(&c.base, id, token).await;
    let a = c
        .act(
            id,
            token,
            "analysis",
            json!({"action": "start", "time_ms": 300}),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let msg = tokio::time::timeout_at(deadline, ws.next())
            .await
            .expect("an analysis line in time")
            .unwrap()
            .unwrap();
        if let tokio_tungstenite::tungstenite::Message::Text(t) = msg {
            let v: Value = serde_json::from_str(&t).unwrap();
            if v["type"] == "analysis" && v["source"] == "analysis" {
                return v;
            }
        }
    }
}

#[tokio::test]
async fn a_page_builds_a_missing_set_and_new_games_probe_it() {
    let folder = temp_folder("endings-build");
    let (base, _server) = start_with(ServeOptions {
        egdb_root: Some(folder.clone()),
        egdb_builds: true,
        ..one_address_many_clients()
    })
    .await;
    let c = Client::new(&base);
    let fen = "W:WK46,28:BK5";
    let (before, before_token, _) = c
        .create(json!({"variant": "international", "fen": fen}))
        .await;

    let info = c.get("/api/variants/international/egdb").await.body;
    assert_eq!(info["pieces"], Value::Null, "{info}");
    assert_eq!(info["buildable"], true);
    assert_eq!(info["recommended"]["pieces"], 4);
    assert_eq!(
        info["command"],
        "damier egdb build -v international --recommended"
    );
    assert_eq!(info["build"], Value::Null);

    // More than the recommended set is refused, and so is a body that is not JSON.
    let big = c
        .post(
            "/api/variants/international/egdb",
            None,
            json!({"pieces": 5}),
        )
        .await;
    assert_eq!(big.status, 422, "{}", big.body);
    assert!(big.body["message"]
        .as_str()
        .unwrap()
        .contains("between 2 and 4"));
    let form = c
        .http
        .post(format!("{base}/api/variants/international/egdb"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("pieces=3")
        .send()
        .await
        .unwrap();
    assert_eq!(form.status(), 415);

    // A small set, so that the test is quick; the page asks for the recommended one.
    let started = c
        .post(
            "/api/variants/international/egdb",
            None,
            json!({"pieces": 3}),
        )
        .await;
    assert_eq!(started.status, 202, "{}", started.body);
    assert_eq!(started.body["build"]["state"], "building");
    assert_eq!(started.body["build"]["pieces"], 3);
    assert!(started.body["build"]["total"].as_u64().unwrap() > 1);
    // Building, or built: either way not a second time.
    let again = c
        .post(
            "/api/variants/international/egdb",
            None,
            json!({"pieces": 3}),
        )
        .await;
    assert_eq!(again.status, 409, "{}", again.body);

    let done = built(&c, "international").await;
    assert_eq!(done["build"]["state"], "done", "{done}");
    assert_eq!(done["build"]["done"], done["build"]["total"]);
    assert_eq!(done["pieces"], 3);
    assert!(folder.join("international").read_dir().unwrap().count() > 1);
    // Another variant is untouched.
    let russian = c.get("/api/variants/russian/egdb").await.body;
    assert_eq!(russian["pieces"], Value::Null);
    assert_eq!(russian["build"], Value::Null);

    // A game started before the build plays on without; a new one probes the databases.
    let old = first_analysis(&c, &before, &before_token).await;
    assert_eq!(old["egdb"], Value::Null, "{old}");
    let (after, after_token, _) = c
        .create(json!({"variant": "international", "fen": fen}))
        .await;
    let new = first_analysis(&c, &after, &after_token).await;
    assert!(new["egdb"].is_string(), "{new}");
    let _ = std::fs::remove_dir_all(&folder);
}

#[tokio::test]
async fn a_server_that_does_not_build_gives_the_command() {
    let folder = temp_folder("endings-off");
    let (base, _server) = start_with(ServeOptions {
        egdb_root: Some(folder.clone()),
        egdb_builds: false,
        ..one_address_many_clients()
    })
    .await;
    let c = Client::new(&base);
    let info = c.get("/api/variants/english/egdb").await.body;
    assert_eq!(info["buildable"], false);
    assert_eq!(info["recommended"]["pieces"], 5);
    let refused = c.post("/api/variants/english/egdb", None, json!({})).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert!(refused.body["message"]
        .as_str()
        .unwrap()
        .contains("damier egdb build -v english --recommended"));
    assert!(!folder.exists(), "nothing was written");
    assert_eq!(c.get("/api/variants/nonsense/egdb").await.status, 404);
}
