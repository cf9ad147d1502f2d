//! Actions that meet a search under way: a move played while the engine thinks for that
//! side, a refusal while the engine is about to move, an analysis that ends in a paused game.

use crate::common::{plies, start, Client};
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
    let hint = c
        .post(
            &format!("/api/games/{id}/engine"),
            Some(&token),
            json!({"level": 10}),
        )
        .await;
    assert_eq!(hint.status, 200, "{}", hint.body);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let own = c
        .post(
            &format!("/api/games/{id}/moves"),
            Some(&token),
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

/// A redo refused at once after a move (nothing to replay) leaves the engine's reply
/// coming.
#[tokio::test]
async fn a_refused_redo_does_not_stop_the_engine_s_reply() {
    let c = Client::new(&start().await);
    let (id, token, _) = c.create(json!({"black": "engine", "level": 9})).await;
    assert_eq!(c.play(&id, &token, "32-28").await.status, 200);
    let redo = c
        .post(&format!("/api/games/{id}/redo"), Some(&token), json!({}))
        .await;
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
            c.post(
                &format!("/api/games/{id}/engine"),
                Some(&token),
                json!({ "action": action }),
            )
            .await
        }
    };
    let paused = engine("pause").await;
    assert_eq!(paused.status, 200, "{}", paused.body);
    let at = plies(&paused.body);
    let a = c
        .post(
            &format!("/api/games/{id}/analysis"),
            Some(&token),
            json!({"time_ms": 1000}),
        )
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
        .post(
            &format!("/api/games/{id}/engine"),
            Some(&token),
            json!({"action": "pause"}),
        )
        .await;
    let at = plies(&paused.body);
    let undone = c
        .post(&format!("/api/games/{id}/undo"), Some(&token), json!({}))
        .await;
    assert_eq!(undone.status, 200, "{}", undone.body);
    assert_eq!(plies(&undone.body), at - 1);
    assert_eq!(undone.body["paused"], true);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(plies(&c.state(&id).await), at - 1, "no move while paused");
}
