//! The API behind the page's analysis board: moves tried from any position (each with the
//! position it leads to), analysis of a variation off the game, and the game's PDN with the
//! page's comments, marks and variations, read back by an import.

use crate::common::{start, Client};
use damier_core::Variant;
use damier_game::Board;
use futures_util::StreamExt;
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn every_legal_move_comes_with_the_position_it_leads_to() {
    let c = Client::new(&start().await);
    let fen = "W:W27,28,32:B18,19,23";
    let a = c
        .post(
            "/api/positions",
            None,
            json!({"variant": "international", "fen": fen}),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let board = Board::from_fen(Variant::INTERNATIONAL, fen).unwrap();
    let moves = a.body["moves"].as_array().unwrap();
    assert_eq!(moves.len(), board.legal_moves().len());
    for m in moves {
        let mv = board.find_move(m["long"].as_str().unwrap(), None).unwrap();
        assert_eq!(m["fen"], board.play(&mv).unwrap().fen(), "{m}");
    }
}

/// Analysis events of a game until `enough` says the lines seen suffice.
async fn analysis_events(
    c: &Client,
    id: &str,
    token: &str,
    request: Value,
    enough: impl Fn(&[Value]) -> bool,
) -> Vec<Value> {
    let mut ws = crate::common::watch(&c.base, id, token).await;
    let a = c
        .post(&format!("/api/games/{id}/analysis"), Some(token), request)
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let mut seen = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while !enough(&seen) {
        let msg = tokio::time::timeout_at(deadline, ws.next())
            .await
            .expect("analysis events in time")
            .unwrap()
            .unwrap();
        if let Message::Text(t) = msg {
            let v: Value = serde_json::from_str(&t).unwrap();
            if v["type"] == "analysis" {
                seen.push(v);
            }
        }
    }
    c.post(
        &format!("/api/games/{id}/analysis"),
        Some(token),
        json!({"action": "stop"}),
    )
    .await;
    seen
}

#[tokio::test]
async fn a_variation_off_the_game_is_analysed_and_not_taken_for_the_game() {
    let c = Client::new(&start().await);
    let (id, token, _) = c.create(json!({"variant": "international"})).await;
    for m in ["32-28", "19-23"] {
        assert_eq!(c.play(&id, &token, m).await.status, 200);
    }
    // From the start, the variation 33-28 18-22: a position the game never had.
    let events = analysis_events(
        &c,
        &id,
        &token,
        json!({"action": "start", "ply": 0, "moves": ["33-28", "18-22"], "time_ms": 5000, "lines": 2}),
        |seen| seen.iter().filter(|v| v["depth"].as_i64() >= Some(4)).count() >= 2,
    )
    .await;
    let start = Board::start(Variant::INTERNATIONAL);
    let mut at = start;
    for m in ["33-28", "18-22"] {
        at = at.play(&at.parse_move(m).unwrap()).unwrap();
    }
    for e in &events {
        assert_eq!(e["ply"], 0);
        assert_eq!(e["moves"], json!(["33-28", "18-22"]));
        // The line's moves step from the variation's end, each with its position.
        let steps = e["pv_moves"].as_array().unwrap();
        assert_eq!(steps.len(), e["pv"].as_array().unwrap().len(), "{e}");
        let mut board = at;
        for (step, word) in steps.iter().zip(e["pv"].as_array().unwrap()) {
            assert_eq!(step["short"], *word);
            let mv = board
                .find_move(step["long"].as_str().unwrap(), None)
                .unwrap();
            board = board.play(&mv).unwrap();
            assert_eq!(step["fen"], board.fen());
            assert_eq!(step["path"][0], step["from"]);
        }
    }
    assert!(events.iter().any(|e| e["multipv"] == 2));
    // The game's own positions keep no score from the variation.
    let s = c.wait_for(&id, |s| s["busy"].is_null()).await;
    assert!(
        s["evals"].as_array().unwrap().iter().all(|e| e["ply"] != 0),
        "{}",
        s["evals"]
    );
    // A move of the variation that is not legal where it stands is named.
    let bad = c
        .post(
            &format!("/api/games/{id}/analysis"),
            Some(&token),
            json!({"action": "start", "ply": 1, "moves": ["19-23", "28-22"]}),
        )
        .await;
    assert_eq!(bad.status, 422, "{}", bad.body);
    assert!(
        bad.body["message"]
            .as_str()
            .unwrap()
            .starts_with("moves[1]: "),
        "{}",
        bad.body
    );
}

#[tokio::test]
async fn comments_marks_and_variations_go_to_pdn_and_come_back_with_an_import() {
    let c = Client::new(&start().await);
    let (id, token, _) = c.create(json!({"variant": "international"})).await;
    for m in ["32-28", "19-23", "28x19"] {
        assert_eq!(c.play(&id, &token, m).await.status, 200);
    }
    let notes = json!({
        "main": {
            "comments": ["A study"],
            "moves": [
                {"move": "32-28", "mark": "!", "comments": ["the usual start"],
                 "variations": [{"moves": [{"move": "33-28"}, {"move": "18-22", "mark": "?!"}]}]},
                {"move": "19-23"},
            ]
        },
        "after": [{"moves": [{"move": "14x23", "comments": ["forced"]}]}]
    });
    let res = c
        .http
        .post(format!("{}/api/games/{id}/pdn", c.base))
        .json(&notes)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let pdn = res.text().await.unwrap();
    let flat = pdn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("{A study} 1. 32-28! {the usual start} (1. 33-28 18-22?!) 1... 19-23 2. 28x19 (2. 28x19 14x23 {forced})"),
        "{pdn}"
    );
    let a = c.post("/api/games/import", None, json!({"pdn": pdn})).await;
    assert_eq!(a.status, 201, "{}", a.body);
    let tree = &a.body["notes"];
    assert_eq!(tree["comments"], json!(["A study"]));
    let first = &tree["moves"][0];
    assert_eq!(first["short"], "32-28");
    assert_eq!(first["mark"], "!");
    assert_eq!(first["comments"], json!(["the usual start"]));
    let variation = &first["variations"][0]["moves"];
    assert_eq!(variation[1]["short"], "18-22");
    assert_eq!(variation[1]["mark"], "?!");
    let after = &tree["moves"][2]["variations"][0]["moves"];
    assert_eq!(after[1]["short"], "14x23");
    assert_eq!(after[1]["comments"], json!(["forced"]));
    assert_eq!(
        a.body["state"]["history"].as_array().unwrap().len(),
        3,
        "the game is the main line only"
    );

    // Annotations that do not fit the game are refused, saying where.
    let wrong = c
        .post(
            &format!("/api/games/{id}/pdn"),
            None,
            json!({"main": {"moves": [{"move": "31-27"}]}}),
        )
        .await;
    assert_eq!(wrong.status, 422, "{}", wrong.body);
    assert_eq!(
        wrong.body["message"],
        "main move 1: '31-27' is not the game's move 32-28"
    );
}

#[tokio::test]
async fn the_threat_is_the_other_side_s_best_move_if_the_side_to_move_passed() {
    let c = Client::new(&start().await);
    let (id, token, _) = c
        .create(json!({"variant": "english", "fen": "W:W21,22:B13,14"}))
        .await;
    let events = analysis_events(
        &c,
        &id,
        &token,
        json!({"action": "start", "threat": true, "time_ms": 3000}),
        |seen| seen.iter().any(|v| v["depth"].as_i64() >= Some(3)),
    )
    .await;
    let black = ["13", "14"];
    for e in &events {
        assert_eq!(e["threat"], true);
        let from = e["pv_moves"][0]["from"].as_str().unwrap();
        assert!(black.contains(&from), "a threat is Black's move: {e}");
    }
    let s = c.wait_for(&id, |s| s["busy"].is_null()).await;
    assert!(s["evals"].as_array().unwrap().is_empty(), "{}", s["evals"]);
}
