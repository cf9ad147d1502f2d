//! The search threads: the engine's replies go before analyses, and a game of the engine
//! against itself can be paused, and stops by itself when nobody follows it.

use crate::common::{plies, start_with, temp_folder, Client};
use damier_web::ServeOptions;
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engine_replies_go_before_long_analyses() {
    let (base, _server) = start_with(ServeOptions {
        search_slots: 2,
        ..ServeOptions::default()
    })
    .await;
    let c = Client::new(&base);
    // More five-minute analyses than threads.
    let analysing = c.start_analyses(&["international"; 6]).await;
    // A game against the engine still gets its replies, one after another.
    let (id, token, created) = c
        .create(json!({"variant": "international", "black": "engine", "level": 5}))
        .await;
    let mut state = created["state"].clone();
    for n in 0..3 {
        let mv = state["moves"][0]["long"].as_str().unwrap().to_string();
        assert_eq!(c.play(&id, &token, &mv).await.status, 200);
        state = c.wait_for(&id, |s| plies(s) == 2 * n + 2).await;
    }
    // The analyses went on meanwhile; stopped, they give their threads back.
    for (id, _) in &analysing {
        let s = c.state(id).await;
        assert_eq!(s["busy"]["kind"], "analysis", "{s}");
    }
    c.stop_analyses(&analysing).await;
}

/// One client analyses at most its share of games at once: more is a 429 that says so, and
/// a place comes free when an analysis stops; another position of a game it analyses is
/// always let in (it replaces the running analysis).
#[tokio::test]
async fn a_client_analyses_at_most_its_share_of_games() {
    let (base, _server) = start_with(ServeOptions {
        analyses_per_client: 2,
        ..ServeOptions::default()
    })
    .await;
    let c = Client::new(&base);
    let running = c.start_analyses(&["international", "english"]).await;
    let (id, token, _) = c.create(json!({"variant": "russian"})).await;
    let analysis = format!("/api/games/{id}/analysis");
    let refused = c
        .post(&analysis, Some(&token), json!({"time_ms": 300_000}))
        .await;
    assert_eq!(refused.status, 429, "{}", refused.body);
    assert_eq!(refused.body["error"], "too_many_analyses");
    assert!(refused.body["message"]
        .as_str()
        .unwrap()
        .contains("analysing 2 games already"));
    let (first, first_token) = &running[0];
    let again = c
        .post(
            &format!("/api/games/{first}/analysis"),
            Some(first_token),
            json!({"time_ms": 300_000, "lines": 2}),
        )
        .await;
    assert_eq!(again.status, 200, "{}", again.body);
    c.stop_analyses(&running[..1]).await;
    // The stopped search gives its place back when it has ended.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let a = c
            .post(&analysis, Some(&token), json!({"time_ms": 300_000}))
            .await;
        if a.status == 200 {
            break;
        }
        assert_eq!(a.status, 429, "{}", a.body);
        assert!(std::time::Instant::now() < deadline, "no place came free");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    c.stop_analyses(&running[1..]).await;
    c.stop_analyses(&[(id, token)]).await;
}

#[tokio::test]
async fn the_creator_pauses_and_resumes_the_engine_against_itself() {
    let (base, _server) = start_with(ServeOptions::default()).await;
    let c = Client::new(&base);
    let (id, token, _) = c
        .create(
            json!({"variant": "international", "white": "engine", "black": "engine", "level": 3}),
        )
        .await;
    c.wait_for(&id, |s| plies(s) >= 2).await;
    let pause = |action: &'static str, token: Option<String>| {
        let (c, id) = (c.clone(), id.clone());
        async move {
            c.post(
                &format!("/api/games/{id}/engine"),
                token.as_deref(),
                json!({ "action": action }),
            )
            .await
        }
    };
    assert_eq!(pause("pause", Some("not-a-token".into())).await.status, 403);
    let paused = pause("pause", Some(token.clone())).await;
    assert_eq!(paused.status, 200, "{}", paused.body);
    assert_eq!(paused.body["paused"], true);
    assert!(paused.body["busy"].is_null());
    let at = plies(&paused.body);
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(plies(&c.state(&id).await), at, "no move while paused");
    let resumed = pause("resume", Some(token.clone())).await;
    assert_eq!(resumed.body["paused"], false);
    c.wait_for(&id, |s| plies(s) > at).await;

    let (human, human_token, _) = c.create(json!({"variant": "english"})).await;
    let refused = c
        .post(
            &format!("/api/games/{human}/engine"),
            Some(&human_token),
            json!({"action": "pause"}),
        )
        .await;
    assert_eq!(refused.status, 409);
}

/// Plies of game `id` as its storage holds them, read without asking the server (a request
/// would count as watching).
fn kept_plies(data: &std::path::Path, id: &str) -> usize {
    let db = rusqlite::Connection::open(data.join("games.sqlite")).unwrap();
    let record: String = db
        .query_row("SELECT record FROM games WHERE id = ?1", [id], |r| r.get(0))
        .unwrap();
    let v: serde_json::Value = serde_json::from_str(&record).unwrap();
    v["play"]["game"]["plies"].as_array().unwrap().len()
}

#[tokio::test]
async fn an_engine_game_nobody_follows_stops_until_asked_for() {
    let data = temp_folder("idle");
    let (base, _server) = start_with(ServeOptions {
        data: Some(data.clone()),
        // Nobody has asked for it since its last move: with no grace at all, the test does
        // not depend on how fast the engine plays.
        idle_after: Duration::ZERO,
        ..ServeOptions::default()
    })
    .await;
    let c = Client::new(&base);
    let (id, _, _) = c
        .create(
            json!({"variant": "international", "white": "engine", "black": "engine", "level": 5}),
        )
        .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let stopped_at = kept_plies(&data, &id);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(kept_plies(&data, &id), stopped_at, "it stopped");
    let s = c.state(&id).await;
    assert!(s["result"].is_null(), "{s}");
    // Asked for, it goes on.
    c.wait_for(&id, |s| plies(s) > stopped_at).await;
    let _ = std::fs::remove_dir_all(&data);
}
