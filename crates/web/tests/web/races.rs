//! Actions that meet a search or a clock under way: a move played while the engine thinks
//! for that side, a game deleted while it is watched and timed, a refusal while the engine is
//! about to move, an analysis that ends in a paused game.

use crate::common::{plies, start, start_with, temp_folder, Client};
use damier_web::ServeOptions;
use serde_json::json;
use std::time::Duration;

/// A hint asked for White, then White's own move with a draw offer: the hint's search is of
/// the position before (its score White's), so it must be dropped, not played for Black nor
/// read as Black's answer to the offer.
#[tokio::test]
async fn a_move_drops_the_hint_searching_the_position_before() {
    let c = Client::new(&start().await);
    let (id, token, _) = c
        .create(json!({
            "fen": "W:W36,37,38:B1,2,3,4,5,6,7,8,9,10,11,12",
            "black": "engine",
            "level": 1,
        }))
        .await;
    let hint = c.act(&id, &token, "engine", json!({"level": 10})).await;
    assert_eq!(hint.status, 200, "{}", hint.body);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let own = c
        .act(
            &id,
            &token,
            "moves",
            json!({"move": "36-31", "offer_draw": true}),
        )
        .await;
    assert_eq!(own.status, 200, "{}", own.body);
    let s = c
        .wait_for(&id, |s| plies(s) >= 2 || !s["result"].is_null())
        .await;
    assert!(s["result"].is_null(), "Black, far ahead, took a draw: {s}");
    assert_eq!(plies(&s), 2, "{s}");
    assert_eq!(s["history"][0]["notation"], "36-31", "{s}");
    assert_eq!(s["draw_answer"], "Black declines white's draw offer", "{s}");
}

/// A timed game deleted while a WebSocket and a long poll follow it: it stays deleted (its
/// clock does not run out and write it back), and both watchers are told.
#[tokio::test]
async fn a_deleted_game_stays_deleted_and_its_watchers_are_told() {
    use futures_util::StreamExt;
    use tokio_tungstenite::tungstenite::Message;
    let data = temp_folder("deleted");
    let (base, _server) = start_with(ServeOptions {
        data: Some(data.clone()),
        ..ServeOptions::default()
    })
    .await;
    let c = Client::new(&base);
    let (id, token, _) = c
        .create(json!({"clock": {"type": "per_move", "time_ms": 1500}}))
        .await;
    assert_eq!(c.play(&id, &token, "32-28").await.status, 200);
    let url = format!("{}/api/games/{id}/ws", base.replace("http://", "ws://"));
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let first = ws.next().await.unwrap().unwrap();
    assert!(matches!(&first, Message::Text(t) if t.contains("\"state\"")));
    let version = c.state(&id).await["version"].as_u64().unwrap();
    let poll = {
        let (c, id) = (c.clone(), id.clone());
        tokio::spawn(async move {
            c.get(&format!("/api/games/{id}?since={version}&wait_ms=20000"))
                .await
        })
    };
    tokio::time::sleep(Duration::from_millis(100)).await;
    let gone = c
        .send(
            reqwest::Method::DELETE,
            &format!("/api/games/{id}"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(gone.status, 200, "{}", gone.body);

    let polled = tokio::time::timeout(Duration::from_secs(5), poll)
        .await
        .expect("the long poll ends")
        .unwrap();
    assert_eq!(polled.status, 404, "{}", polled.body);
    // The socket says so and closes (a state or two may come before, from the deletion).
    let told = tokio::time::timeout(Duration::from_secs(5), async {
        let mut told = false;
        while let Some(Ok(msg)) = ws.next().await {
            if let Message::Text(t) = &msg {
                let v: serde_json::Value = serde_json::from_str(t).unwrap();
                told |= v["type"] == "deleted" && v["id"] == id.as_str();
            }
        }
        told
    })
    .await
    .expect("the socket closes");
    assert!(told, "no 'deleted' message");

    // Past Black's time: the clock would have ended the game and saved it again.
    tokio::time::sleep(Duration::from_millis(2000)).await;
    assert_eq!(c.get(&format!("/api/games/{id}")).await.status, 404);
    let db = rusqlite::Connection::open(data.join("games.sqlite")).unwrap();
    let kept: i64 = db
        .query_row("SELECT COUNT(*) FROM games WHERE id = ?1", [&id], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(kept, 0, "the deleted game was written back");
    let _ = std::fs::remove_dir_all(&data);
}

/// A redo refused at once after a move (nothing to replay) leaves the engine's reply
/// coming.
#[tokio::test]
async fn a_refused_redo_does_not_stop_the_engine_s_reply() {
    let c = Client::new(&start().await);
    let (id, token, _) = c.create(json!({"black": "engine", "level": 9})).await;
    assert_eq!(c.play(&id, &token, "32-28").await.status, 200);
    let redo = c.act(&id, &token, "redo", json!({})).await;
    assert_eq!(redo.status, 409, "{}", redo.body);
    assert_eq!(redo.body["message"], "nothing to replay");
    c.wait_for(&id, |s| plies(s) == 2).await;
}

/// The engine against itself, paused, an analysis, then resumed while the analysis runs:
/// once it ends, the engine plays on.
#[tokio::test]
async fn an_analysis_ending_lets_a_resumed_engine_game_go_on() {
    let c = Client::new(&start().await);
    let (id, token, _) = c
        .create(json!({"white": "engine", "black": "engine", "level": 1}))
        .await;
    c.wait_for(&id, |s| plies(s) >= 2).await;
    let engine = |action: &'static str| {
        let (c, id, token) = (c.clone(), id.clone(), token.clone());
        async move {
            c.act(&id, &token, "engine", json!({ "action": action }))
                .await
        }
    };
    let paused = engine("pause").await;
    assert_eq!(paused.status, 200, "{}", paused.body);
    let at = plies(&paused.body);
    let a = c
        .act(&id, &token, "analysis", json!({"time_ms": 1000}))
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let resumed = engine("resume").await;
    assert_eq!(resumed.status, 200, "{}", resumed.body);
    assert_eq!(resumed.body["busy"]["kind"], "analysis", "{}", resumed.body);
    c.wait_for(&id, |s| plies(s) > at).await;
}

/// Undo with no human side takes back one ply, not the whole game, and pauses.
#[tokio::test]
async fn undo_between_engines_takes_back_one_ply() {
    let c = Client::new(&start().await);
    let (id, token, _) = c
        .create(json!({"white": "engine", "black": "engine", "level": 1}))
        .await;
    c.wait_for(&id, |s| plies(s) >= 4).await;
    let paused = c
        .act(&id, &token, "engine", json!({"action": "pause"}))
        .await;
    let at = plies(&paused.body);
    let undone = c.act(&id, &token, "undo", json!({})).await;
    assert_eq!(undone.status, 200, "{}", undone.body);
    assert_eq!(plies(&undone.body), at - 1);
    assert_eq!(undone.body["paused"], true);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(plies(&c.state(&id).await), at - 1, "no move while paused");
}
